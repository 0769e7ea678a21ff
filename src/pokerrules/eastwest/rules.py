"""East-West's rule choices, the table's sizes and the win rule."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from pokerrules import _vector
from pokerrules._checks import shown
from pokerrules.cards import PIQUET_DECK, format_cards
from pokerrules.errors import PokerRulesError
from pokerrules.hands import PIQUET, HandRules

WEST = 0
EAST = 1
SEAT_NAMES = ("West", "East")
# the compiled engine's: rows a side, a player's cards per row (with the board
# card, a five-card hand), board cards
ROWS: int = _vector.ROWS
ROW_CAPACITY: int = _vector.ROW_CAPACITY
BOARD_SIZE: int = _vector.BOARD_SIZE
DECK_SIZE = len(PIQUET_DECK)  # 32
MOVES_PER_GAME = 2 * ROWS * ROW_CAPACITY  # 24; five stock cards stay unseen

WinRule = Literal["majority", "two_rows"]
WIN_RULES: tuple[WinRule, ...] = ("majority", "two_rows")

CARD_TEXT = tuple(format_cards([c]) for c in range(53))
PIQUET_CODES = frozenset(PIQUET_DECK.codes)
PACK = np.array(PIQUET_DECK.codes, dtype=np.uint8)
PACK.flags.writeable = False
# The four rankings the options allow, built once (tables are shared by the core).
_HAND_RULES = {
    (low, over): PIQUET.replace(ace_low_straight=low, flush_beats_full_house=over)
    for low in (False, True)
    for over in (False, True)
}


@dataclass(frozen=True)
class EastWestRules:
    """The rule choices the rules text leaves open.

    Args:
        win_rule: how row results decide the game, since rows can tie.
            ``"majority"`` (default): more rows won wins, so one win and two ties
            wins and equal counts draw. ``"two_rows"``: only two or three row wins
            win; anything else is a draw.
        ace_low_straight: A-7-8-9-T counts as the lowest straight (default False:
            7-8-9-T-J is the lowest straight and A-7-8-9-T is no straight).
        flush_beats_full_house: a flush ranks above a full house (default False:
            the standard order).

    Raises:
        PokerRulesError: an unknown win rule or a non-bool option.
    """

    win_rule: WinRule = "majority"
    ace_low_straight: bool = False
    flush_beats_full_house: bool = False

    def __post_init__(self) -> None:
        if self.win_rule not in WIN_RULES:
            raise PokerRulesError(
                f"unknown win_rule {shown(self.win_rule)}; use one of {', '.join(WIN_RULES)}"
            )
        for name in ("ace_low_straight", "flush_beats_full_house"):
            if not isinstance(getattr(self, name), bool):
                raise PokerRulesError(
                    f"{name} must be True or False, not {shown(getattr(self, name))}")

    @property
    def hand_rules(self) -> HandRules:
        """The :data:`~pokerrules.hands.PIQUET` ranking with these options."""
        rules: HandRules = _HAND_RULES[(self.ace_low_straight, self.flush_beats_full_house)]
        return rules

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict; :meth:`from_dict` restores it."""
        return {
            "win_rule": self.win_rule,
            "ace_low_straight": self.ace_low_straight,
            "flush_beats_full_house": self.flush_beats_full_house,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> EastWestRules:
        """The rules written by :meth:`to_dict`.

        Raises:
            PokerRulesError: not a dict, an unknown field or a bad value.
        """
        if not isinstance(data, dict):
            raise PokerRulesError(f"East-West rules are a dict, not {shown(data)}")
        unknown = set(data) - {"win_rule", "ace_low_straight", "flush_beats_full_house"}
        if unknown:
            raise PokerRulesError(f"unknown East-West rules field(s): {sorted(unknown)}")
        return cls(**data)


DEFAULT_RULES = EastWestRules()


def wins_game(rows_won: Any, rows_lost: Any, win_rule: WinRule) -> Any:
    """True where a player with ``rows_won`` row wins (against ``rows_lost``) wins
    the game; works on ints and on numpy arrays alike."""
    if win_rule == "majority":
        return rows_won > rows_lost
    return rows_won >= 2
