"""The events a Pai Gow side bet can name, by what it looks at, and the exact
passes that count every hand by them (the seven-card hands and the banker's
settings in C, the three-card hands in Python); :mod:`.sidebet` prices a bet's
lines over these counts."""

from __future__ import annotations

import itertools
from functools import cache

import numpy as np
import numpy.typing as npt

from pokerrules import _paigow

__all__ = ["LOW_EVENTS", "SEVEN_SHAPE", "SIDE_BET_EVENTS", "banker_counts", "low_mask",
           "seven_counts", "seven_mask", "three_counts", "three_events"]

FORTUNE_LINES: tuple[str, ...] = tuple(_paigow.FORTUNE_LINES)
RANK_NAMES = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
              "jack", "queen", "king", "ace")

#: The seven-card events: each Fortune line as the Fortune bonus sorts a hand (each
#: hand on exactly one, the best-paying of the shipped Fortune table: trips beside a
#: straight are three_of_a_kind), then events that hold whatever else the hand holds.
SEVEN_EVENTS: dict[str, str] = {
    **{line: f"the Fortune bonus's line {line!r}" for line in FORTUNE_LINES},
    "seven_card_straight_flush_any": "all seven cards a straight flush, with the joker or not",
    "royal_flush_any": "the best five cards a royal flush (the joker allowed), whatever "
                       "else the seven hold",
    "straight_flush_any": "the best five cards a straight flush, royal or not, whatever "
                          "else the seven hold",
    "three_pair": "three pairs (the joker an ace) and nothing better than two pair",
    "pai_gow": "a pai gow: no pair, straight or flush among the seven (the joker an ace)",
    **{f"pai_gow_{r}_high": f"a pai gow whose highest card is a {r} (the joker an ace)"
       for r in RANK_NAMES},
    "any": "every hand",
}
LOW_EVENTS: dict[str, str] = {
    **{f"low_{r}_high": f"the banker's two-card hand as set is two unpaired cards, the "
                        f"higher a {r} (the joker there an ace)" for r in RANK_NAMES},
    "low_pair": "the banker's two-card hand as set is a pair",
}
THREE_EVENTS: dict[str, str] = {
    "straight_flush": "three suited cards in sequence, no joker (A-2-3 and Q-K-A count)",
    "straight_flush_with_joker": "the joker and two suited cards it completes to a "
                                 "straight flush",
    "three_of_a_kind": "three cards of a rank (the joker and two aces among them)",
    "straight": "three cards in sequence, the joker filling one",
    "flush": "three cards of a suit, the joker one of them",
    "pair": "two cards of a rank (the joker and an ace among them)",
    "any": "every hand",
}

#: Each source's events: name -> what it means.
SIDE_BET_EVENTS: dict[str, dict[str, str]] = {
    "seven_cards": SEVEN_EVENTS,
    "three_cards": THREE_EVENTS,
    "banker_setting": {**{k: f"the banker's seven cards: {v}" for k, v in SEVEN_EVENTS.items()
                          if k != "any"}, **LOW_EVENTS, "any": "every hand"},
    "other_players": {k: f"one other player's seven cards: {v}"
                      for k, v in SEVEN_EVENTS.items()},
}

SEVEN_SHAPE = tuple(_paigow.SIDEBET_SEVEN_SHAPE)
LOW_SHAPE = tuple(_paigow.SIDEBET_LOW_SHAPE)
_SF_LINES = ("straight_flush", "royal_flush", "royal_match",
             "seven_card_straight_flush_with_joker", "seven_card_straight_flush")


def seven_mask(event: str) -> npt.NDArray[np.bool_]:
    """The seven-card cells (line, pai gow top, royal, three pair) where ``event`` holds."""
    line, top, royal, three = np.indices(SEVEN_SHAPE)
    index = FORTUNE_LINES.index
    if event in FORTUNE_LINES:
        return np.asarray(line == index(event))
    if event == "seven_card_straight_flush_any":
        return np.isin(line, [index("seven_card_straight_flush"),
                              index("seven_card_straight_flush_with_joker")])
    if event == "royal_flush_any":
        return np.asarray(royal == 1)
    if event == "straight_flush_any":
        return np.isin(line, [index(x) for x in _SF_LINES])
    if event == "three_pair":
        return np.asarray(three == 1)
    if event == "pai_gow":
        return np.asarray(top > 0)
    if event.startswith("pai_gow_"):
        return np.asarray(top == 1 + RANK_NAMES.index(event[8:-5]))
    assert event == "any"
    return np.ones(SEVEN_SHAPE, dtype=bool)


def low_mask(event: str) -> npt.NDArray[np.bool_]:
    rank, pair = np.indices(LOW_SHAPE)
    if event == "low_pair":
        return np.asarray(pair == 1)
    return np.asarray((pair == 0) & (rank == RANK_NAMES.index(event[4:-5])))


@cache
def seven_counts(variant: int) -> npt.NDArray[np.int64]:
    counts = _paigow.sidebet_seven_enumerate(variant).astype(np.int64)
    return counts.reshape(SEVEN_SHAPE)


@cache
def banker_counts(variant: int, way: int | _paigow.CompiledWay) -> npt.NDArray[np.int64]:
    """Every banker hand by seven-card cell and the two-card cell its setting leaves,
    counted by first card in steps (Ctrl-C is seen between them)."""
    total = np.zeros(int(np.prod(SEVEN_SHAPE)) * int(np.prod(LOW_SHAPE)), dtype=np.int64)
    for first in range(0, 48, 4):
        total += _paigow.sidebet_banker_enumerate(variant, way, first, min(first + 4, 48)
                                                  ).astype(np.int64)
    return total.reshape(*SEVEN_SHAPE, *LOW_SHAPE)


_RUNS = [frozenset({12 if r == -1 else r for r in range(lo, lo + 3)}) for lo in range(-1, 11)]


def three_events(cards: tuple[int, ...]) -> set[str]:
    """The three-card events that hold for three codes (52 the joker)."""
    joker = 52 in cards
    natural = [c for c in cards if c != 52]
    ranks = [c >> 2 for c in natural]
    suited = len({c & 3 for c in natural}) == 1
    held = {"any"}
    rank_set = set(ranks)
    run = any(rank_set <= r for r in _RUNS) and len(rank_set) == len(ranks)
    if run:
        held.add("straight")
        if suited:
            held.add("straight_flush_with_joker" if joker else "straight_flush")
    if suited:
        held.add("flush")
    counted = ranks + ([12] if joker else [])
    most = max(counted.count(r) for r in counted)
    if most >= 3:
        held.add("three_of_a_kind")
    if most >= 2:
        held.add("pair")
    return held


@cache
def three_counts() -> dict[frozenset[str], int]:
    """Every three cards of the 53, by the set of events that hold."""
    counts: dict[frozenset[str], int] = {}
    for cards in itertools.combinations(range(53), 3):
        key = frozenset(three_events(cards))
        counts[key] = counts.get(key, 0) + 1
    return counts
