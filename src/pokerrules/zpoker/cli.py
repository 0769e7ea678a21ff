"""``pokerrules play z-poker``: Z Poker's place in the command line."""

from __future__ import annotations

from pokerrules import zpoker
from pokerrules.cli_common import Commands

__all__ = ["add_cli"]


def add_cli(commands: Commands) -> None:
    """Makes Z Poker playable as ``pokerrules play z-poker``."""
    commands.add_play_game("z-poker", zpoker)
