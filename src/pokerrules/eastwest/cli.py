"""``pokerrules play east-west``: East-West's place in the command line."""

from __future__ import annotations

from pokerrules import eastwest
from pokerrules.cli_common import Commands

__all__ = ["add_cli"]


def add_cli(commands: Commands) -> None:
    """Makes East-West playable as ``pokerrules play east-west``."""
    commands.add_play_game("east-west", eastwest)
