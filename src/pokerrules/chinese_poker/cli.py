"""``pokerrules play chinese-poker``: Chinese Poker's place in the command line."""

from __future__ import annotations

from pokerrules import chinese_poker
from pokerrules.cli_common import Commands

__all__ = ["add_cli"]


def add_cli(commands: Commands) -> None:
    """Makes Chinese Poker playable as ``pokerrules play chinese-poker``."""
    commands.add_play_game("chinese-poker", chinese_poker)
