"""Chance in the shared game protocol: the two chance modes, the stream a new game
deals from, and the hidden cards a world built from a player's view is dealt."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence, Set

import numpy as np

from pokerrules._checks import shown
from pokerrules._core import ALL_CARDS
from pokerrules.errors import (
    ArgumentTypeError,
    CardNotInDeckError,
    DuplicateCardError,
    HandSizeError,
    InvalidCardError,
    PokerRulesError,
)
from pokerrules.shuffle import DealStream

__all__ = ["CHANCE_MODES", "EXPLICIT", "SAMPLED", "chance_mode", "deal_stream", "hidden_cards"]

#: The default chance mode: the state deals every card itself from its seed.
SAMPLED = "sampled"
#: The opt-in chance mode: every card dealt is a chance node the caller resolves.
EXPLICIT = "explicit"
CHANCE_MODES = (SAMPLED, EXPLICIT)


def chance_mode(chance: object) -> str:
    """``chance`` checked as a chance mode, :data:`SAMPLED` or :data:`EXPLICIT`.

    Raises:
        PokerRulesError: anything else.
    """
    if not isinstance(chance, str) or chance not in CHANCE_MODES:
        raise PokerRulesError(f"chance is 'sampled' or 'explicit', not {shown(chance)}")
    return chance


def deal_stream(seed: int | np.random.Generator | None, chance: str) -> DealStream | None:
    """The stream a new game deals from: the seed's for sampled chance, none for
    explicit chance (where the caller deals).

    Raises:
        PokerRulesError: an unknown mode, a seed out of range, no seed for sampled
            chance or a seed for explicit chance.
        ArgumentTypeError: a seed that is neither an int nor a Generator.
    """
    if chance_mode(chance) == EXPLICIT:
        if seed is not None:
            raise PokerRulesError("an explicit-chance game takes no seed: apply_chance deals")
        return None
    if seed is None:
        raise ArgumentTypeError("pass a seed (int) or a numpy.random.Generator")
    return DealStream.from_seed(seed)


def hidden_cards(hidden: object, unseen: Sequence[int]) -> list[int]:
    """``hidden`` (a :meth:`GameState.from_view` argument) checked as the codes a
    viewer has not seen, in the order given: each code of ``unseen`` exactly once.
    At most one item past them is read, so an endless iterable ends too.

    Raises:
        ArgumentTypeError: ``hidden`` is no iterable of int codes (text, a set or a
            mapping, which give no order; a bool or float among the items).
        HandSizeError: more or fewer cards than the viewer has not seen.
        InvalidCardError, DuplicateCardError, CardNotInDeckError: a code of no card,
            one given twice, or a card the viewer has seen.
    """
    if isinstance(hidden, (str, bytes, bytearray, Set, Mapping)) or \
            not isinstance(hidden, Iterable):
        raise ArgumentTypeError(
            f"hidden is a sequence of the card codes the viewer has not seen, not "
            f"{shown(hidden)}")
    items = list(itertools.islice(hidden, len(unseen) + 1))
    if len(items) != len(unseen):
        more = "more than" if len(items) > len(unseen) else f"{len(items)} cards, not"
        raise HandSizeError(
            f"hidden holds {more} the {len(unseen)} hidden cards (those the viewer has "
            "not seen)")
    codes: list[int] = []
    for item in items:
        if isinstance(item, (bool, np.bool_)) or not isinstance(item, (int, np.integer)):
            raise ArgumentTypeError(f"hidden holds card codes (ints), not {shown(item)}")
        codes.append(int(item))
    wanted, seen = set(unseen), set()
    for code in codes:
        if not 0 <= code < len(ALL_CARDS):
            raise InvalidCardError(f"hidden: no card has the code {code}")
        if code in seen:
            raise DuplicateCardError(f"hidden: {ALL_CARDS[code]} is given twice")
        if code not in wanted:
            raise CardNotInDeckError(
                f"hidden: {ALL_CARDS[code]} is not a card the viewer has not seen")
        seen.add(code)
    return codes
