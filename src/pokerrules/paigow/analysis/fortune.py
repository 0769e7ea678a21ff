"""The Fortune bonus: a side bet paid on all seven cards of a Pai Gow hand, by
a pay table (the shipped one, or the user's), and the Envy bonus it carries: a
fixed amount paid to a qualifying Fortune bet whenever another player holds a
hand of four of a kind or better.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from numbers import Rational

import numpy as np
import numpy.typing as npt

from pokerrules import _paigow
from pokerrules._checks import check_count, check_flag, shown
from pokerrules.cards import CardsLike
from pokerrules.errors import ArgumentTypeError, PokerRulesError
from pokerrules.hands import PAI_GOW
from pokerrules.paigow.analysis.sidebet import check_pay, load_side_bet
from pokerrules.paigow.game.setting import hand_cards

__all__ = [
    "ENVY_LINES",
    "ENVY_PAYTABLE",
    "FORTUNE_LINES",
    "FORTUNE_PAYTABLE",
    "FORTUNE_PAYTABLES",
    "LOSING_LINES",
    "MAX_OTHER_PLAYERS",
    "FortuneResult",
    "Pays",
    "envy_house_edge",
    "envy_value",
    "fortune_bonus",
    "fortune_counts",
    "fortune_house_edge",
    "fortune_lines",
    "fortune_paytable",
]

#: The lines, lowest pay first ("nothing" loses the stake).
FORTUNE_LINES: tuple[str, ...] = tuple(_paigow.FORTUNE_LINES)

#: What a line pays: "to one" per unit staked (-1 the lost stake, 0 a push), or
#: for the Envy bonus a fixed amount of money; an int or an exact fraction.
Pays = int | Fraction

#: The Fortune lines that are no win: the bet is lost on them, whatever a table says
#: (a table may name them only to lose the stake, -1).
LOSING_LINES: tuple[str, ...] = ("nothing",)

#: Pays per unit staked ("to one"; -1 is the lost stake): the pay table of the
#: Fortune Pai Gow Poker tables, read from the shipped side bet "fortune"
#: (pokerrules/paigow/analysis/sidebets/fortune.json, which cites where it is
#: posted: Silver Dollar Casino Renton, the Gold Star School of Gaming), with
#: "nothing" losing the stake.
FORTUNE_PAYTABLE: dict[str, int] = {
    **{line.event: int(line.pays) for line in load_side_bet("fortune").lines},
    "nothing": -1,
}

#: The Fortune lines that qualify for the Envy bonus: four of a kind or better.
ENVY_LINES: tuple[str, ...] = FORTUNE_LINES[FORTUNE_LINES.index("four_of_a_kind"):]

#: The Envy bonus, in money (dollars) paid to a Fortune bet of $5 or more for
#: each other player whose hand makes the line (never for the player's own hand
#: or the dealer's), read from the shipped side bet "envy" (envy.json beside
#: fortune.json, citing Silver Dollar Casino Renton and J. Grochowski, Casino City
#: Times, 2015).
ENVY_PAYTABLE: dict[str, int] = {line.event: int(line.pays)
                                 for line in load_side_bet("envy").lines}

#: The other players who can hold a hand at a seven-position table: six player
#: seats beside the dealer's, less the player's own.
MAX_OTHER_PLAYERS = 5

#: Seven-card hands of the 53-card deck.
HANDS = 154_143_080


def fortune_paytable(
    table: Mapping[str, object] | str = "fortune", *, envy: bool = False
) -> dict[str, Pays]:
    """A pay table checked and completed: the Fortune lines (:data:`FORTUNE_LINES`)
    to what each pays to one, a line not named losing the stake (-1); or, with
    ``envy``, the Envy lines (:data:`ENVY_LINES`) to the money each pays, a line
    not named paying nothing. ``table`` is a mapping or a preset's name from
    :data:`FORTUNE_PAYTABLES` (only with ``envy=False``; "envy" with it).

    >>> from pokerrules.paigow.analysis.fortune import fortune_paytable
    >>> fortune_paytable({"four_of_a_kind": 50, "straight_flush": 100})["flush"]
    -1

    Returns:
        A new dict with every line, in the order of the lines.

    Raises:
        PokerRulesError: a line no table has (named, with the lines it may
            hold), a pay below -1 (Fortune) or 0 (Envy), a pay other than -1 on
            a line that is no win (:data:`LOSING_LINES`, named), an unknown preset.
        ArgumentTypeError: a table that is no mapping, a pay that is no int or
            Fraction (a float or a bool), an ``envy`` that is not True or False.
    """
    envy = check_flag(envy, "envy")
    lines = ENVY_LINES if envy else FORTUNE_LINES
    what = "the Envy pay table's" if envy else "the Fortune pay table's"
    if isinstance(table, str):
        presets = {"envy": ENVY_PAYTABLE} if envy else FORTUNE_PAYTABLES
        if table not in presets:
            raise PokerRulesError(f"no pay table preset is named {shown(table)}; "
                                  f"choose from {', '.join(presets)}")
        table = presets[table]
    if not isinstance(table, Mapping):
        raise ArgumentTypeError(f"a pay table is a mapping of line to pay, not {shown(table)}")
    unknown = [line for line in table if line not in lines]
    if unknown:
        raise PokerRulesError(f"{what} line {shown(unknown[0])} is no line; the lines are "
                              f"{', '.join(lines)}")
    default = 0 if envy else -1
    pays = {line: check_pay(table[line], f"{what[:-2]} line {line!r}", default)
            if line in table else default for line in lines}
    for line in LOSING_LINES:
        if line in table and pays[line] != -1:
            raise PokerRulesError(f"{what[:-2]} line {line!r} is no win: the bet is lost "
                                  f"on it, so it pays -1, not {shown(table[line])}")
    return pays


def _per_hand(table: Mapping[str, object] | str, envy: bool) -> Fraction:
    """The mean pay of a table over every seven-card hand, exactly."""
    pays = fortune_paytable(table, envy=envy)
    counts = _line_counts()
    return Fraction(sum(pays.get(line, 0) * n for line, n in zip(FORTUNE_LINES, counts,
                                                                  strict=True)), sum(counts))


@cache
def _line_counts() -> tuple[int, ...]:
    """:func:`fortune_counts` in the order of the lines, counted once a process."""
    return tuple(fortune_counts().values())


@dataclass(frozen=True)
class FortuneResult:
    """A hand's best-paying Fortune line and what it pays per unit (-1: lost)."""

    line: str
    pays: Pays


def fortune_bonus(
    hand: CardsLike, paytable: Mapping[str, object] | str = "fortune"
) -> FortuneResult:
    """The Fortune bonus of seven cards: the best-paying line, and what it pays
    by ``paytable`` (see :func:`fortune_paytable`; default the shipped table).
    The line is the best of the shipped table; a table of the user's pays that
    line (a hand that makes two lines pays the one the shipped table pays more).

    >>> from pokerrules.paigow import fortune_bonus
    >>> fortune_bonus("Ks Kd Kh 9c Tc Jd Qh")
    FortuneResult(line='three_of_a_kind', pays=3)
    >>> fortune_bonus("As Ks Qs Js Jk Kh Qh")
    FortuneResult(line='royal_match', pays=2000)

    Raises:
        HandSizeError, DuplicateCardError, InvalidCardError: not seven distinct cards.
    """
    pays = fortune_paytable(paytable)
    codes = [c.code for c in hand_cards(hand)]
    line = FORTUNE_LINES[_paigow.fortune_line_codes(codes, PAI_GOW.variant)]
    return FortuneResult(line, pays[line])


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


#: The Fortune pay table presets by name: "fortune", the shipped
#: :data:`FORTUNE_PAYTABLE`.
FORTUNE_PAYTABLES: dict[str, dict[str, int]] = {"fortune": FORTUNE_PAYTABLE}


def fortune_house_edge(paytable: Mapping[str, object] | str = "fortune") -> Fraction:
    """The house edge of the Fortune bonus, exactly: minus the mean pay per unit
    over every seven-card hand, by ``paytable`` (see :func:`fortune_paytable`;
    the shipped table: 11,970,096 / 154,143,080, about 7.77%, as the Wizard of
    Odds publishes for it, https://wizardofodds.com/games/pai-gow-poker/).

    Raises:
        The errors of :func:`fortune_paytable`.
    """
    return -_per_hand(paytable, envy=False)


def envy_value(
    others: int, envy_paytable: Mapping[str, object] | str = "envy"
) -> Fraction:
    """What the Envy bonus pays a qualifying Fortune bet per round, on average and
    exactly, in the pay table's money, with ``others`` other players holding
    hands (0 to :data:`MAX_OTHER_PLAYERS`).

    Each other hand is seven cards of the same 53-card deck as the player's
    own, so the hands are not independent; but each one alone is every seven
    cards equally likely, and the mean of a sum is the sum of the means, so
    the mean over the deal is exactly ``others`` times the mean Envy pay of one
    hand of the full deck. No approximation is made; the figure is the mean over
    every deal, the player's own hand included (given the player's own cards
    it differs: a player holding three aces sees fewer five aces).

    >>> from pokerrules.paigow.analysis.fortune import envy_value
    >>> envy_value(1)
    Fraction(13737, 296429)

    Raises:
        PokerRulesError: ``others`` out of range; the errors of
            :func:`fortune_paytable` for the table.
        ArgumentTypeError: ``others`` not an int.
    """
    others = check_count(others, "others", 0, MAX_OTHER_PLAYERS)
    return others * _per_hand(envy_paytable, envy=True)


def envy_house_edge(
    others: int,
    bet: int | Fraction = 5,
    paytable: Mapping[str, object] | str = "fortune",
    envy_paytable: Mapping[str, object] | str = "envy",
) -> Fraction:
    """The house edge of a Fortune bet of ``bet`` (in the Envy table's money; a
    table pays Envy only to a bet of $5 or more) with the Envy bonus, per unit
    bet, exactly: the Fortune edge less :func:`envy_value` over ``bet``. With the
    shipped tables and a $5 bet each other player takes 0.92% off the edge, as
    the Wizard of Odds figures it (quoted by Grochowski, Casino City Times, 2015).

    Raises:
        PokerRulesError: ``bet`` not above 0; the errors of :func:`envy_value`.
        ArgumentTypeError: ``bet`` not an int or a Fraction.
    """
    if isinstance(bet, bool) or not isinstance(bet, (int, Rational)):
        raise ArgumentTypeError(f"bet is an int or a Fraction, not {shown(bet)}")
    stake = Fraction(bet)
    if stake <= 0:
        raise PokerRulesError(f"the Fortune bet must be above 0, not {shown(bet)}")
    return fortune_house_edge(paytable) - envy_value(others, envy_paytable) / stake
