"""The Fortune bonus: a side bet paid on all seven cards of a Pai Gow hand."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from pokerrules import _paigow
from pokerrules.cards import CardsLike
from pokerrules.hands import PAI_GOW
from pokerrules.paigow.setting import hand_cards

__all__ = [
    "FORTUNE_LINES",
    "FORTUNE_PAYTABLE",
    "FortuneResult",
    "fortune_bonus",
    "fortune_counts",
    "fortune_house_edge",
    "fortune_lines",
]

#: The lines, lowest pay first ("nothing" loses the stake).
FORTUNE_LINES: tuple[str, ...] = tuple(_paigow.FORTUNE_LINES)

#: Pays per unit staked ("to one"; -1 is the lost stake).
FORTUNE_PAYTABLE: dict[str, int] = {
    "seven_card_straight_flush": 8000,  # all seven cards, no joker (A-2-3-4-5-6-7 counts)
    "royal_match": 2000,  # a royal (joker allowed) beside a natural suited king and queen
    "seven_card_straight_flush_with_joker": 1000,
    "five_aces": 400,
    "royal_flush": 150,
    "straight_flush": 50,
    "four_of_a_kind": 25,
    "full_house": 5,
    "flush": 4,
    "three_of_a_kind": 3,  # trips beside a straight pay here
    "straight": 2,
    "nothing": -1,
}

#: Seven-card hands of the 53-card deck.
HANDS = 154_143_080


@dataclass(frozen=True)
class FortuneResult:
    """A hand's best-paying Fortune line and what it pays per unit (-1: lost)."""

    line: str
    pays: int


def fortune_bonus(hand: CardsLike) -> FortuneResult:
    """The Fortune bonus of seven cards: the best-paying line.

    >>> from pokerrules.paigow import fortune_bonus
    >>> fortune_bonus("Ks Kd Kh 9c Tc Jd Qh")
    FortuneResult(line='three_of_a_kind', pays=3)
    >>> fortune_bonus("As Ks Qs Js Jk Kh Qh")
    FortuneResult(line='royal_match', pays=2000)

    Raises:
        HandSizeError, DuplicateCardError, InvalidCardError: not seven distinct cards.
    """
    codes = [c.code for c in hand_cards(hand)]
    line = FORTUNE_LINES[_paigow.fortune_line_codes(codes, PAI_GOW.variant)]
    return FortuneResult(line, FORTUNE_PAYTABLE[line])


def fortune_lines(codes: npt.ArrayLike, *, check: bool = True) -> npt.NDArray[np.uint8]:
    """Fortune line numbers (indexes into :data:`FORTUNE_LINES`) of many hands, in C.

    Args:
        codes: integer array-like of shape (n, 7), card codes 0..52.
        check: refuse rows with a duplicate card.

    Returns:
        numpy.ndarray of uint8, shape (n,).

    Raises:
        ArgumentTypeError: a non-integer array. HandSizeError: a shape other than (n, 7).
        InvalidCardError, DuplicateCardError: a bad row, named by its index.
    """
    lines: npt.NDArray[np.uint8] = _paigow.fortune_batch(codes, PAI_GOW.variant, check)
    return lines


def fortune_counts() -> dict[str, int]:
    """How many of the 154,143,080 seven-card hands fall on each line, by full
    enumeration in C (about a second)."""
    counts = _paigow.fortune_enumerate(PAI_GOW.variant)
    return {line: int(n) for line, n in zip(FORTUNE_LINES, counts, strict=True)}


def fortune_house_edge() -> Fraction:
    """The house edge of the Fortune bonus, exactly: minus the mean pay per unit
    over every seven-card hand (11,970,096 / 154,143,080, about 7.77%)."""
    counts = fortune_counts()
    total = sum(counts.values())
    return Fraction(-sum(FORTUNE_PAYTABLE[line] * n for line, n in counts.items()), total)
