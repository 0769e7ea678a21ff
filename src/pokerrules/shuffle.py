"""Deals this project defines: a seeded stream of 64-bit words and the draws made from it.

The deals of the games (East-West, Z Poker, Chinese Poker and a Pai Gow round),
:meth:`~pokerrules.cards.Deck.shuffled` and every die rolled come from a
:class:`DealStream`, so a seed deals the same cards on every numpy, Python and platform.
Two kinds of draws come from elsewhere, and are fixed by their seed too: the Pai Gow
simulation (:func:`~pokerrules.paigow.simulate`) and the sampled
:func:`~pokerrules.paigow.optimal_setting` deal in C from xoshiro256**, seeded with
four words of :class:`numpy.random.SeedSequence` (for the simulation, chunk ``i`` of a
seed takes ``SeedSequence(seed, spawn_key=(i,))``); what strategies, agents and
searches sample (``RandomSetting``, ``SampledOptimalStrategy``, the worlds of
:mod:`pokerrules.search`) comes from numpy Generators. A DealStream draws in the
compiled core, the same code the C batch engines of :mod:`pokerrules.envs.vector`
deal with. Its algorithm, exactly (``M = 2**64``, all arithmetic on unsigned 64-bit
words):

- **Words** (SplitMix64). The stream's ``n``-th word (``n = 1, 2, ...``) is
  ``mix((seed + n * G) mod M)`` with ``G = 0x9E3779B97F4A7C15`` and
  ``mix(z)``: ``z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 mod M``;
  ``z = (z ^ (z >> 27)) * 0x94D049BB133111EB mod M``; ``z ^ (z >> 31)``.
  The position of a stream is therefore just its seed and the number of words drawn.
- **A number below n** (Lemire's multiply-and-reject, unbiased): take a word ``x``,
  ``m = x * n``; while ``m mod M < (M - n) mod n``, take the next word and start
  again; the number is ``m >> 64``.
- **A card** from a set of cards: the cards in ascending code order, and the one at
  the position given by a number below their count.
- **A shuffle** deals every card of a deck that way, one after another, from those
  not yet dealt: the shuffled order is the order they were drawn.
- **A die** of ``s`` sides: ``1 +`` a number below ``s``.

>>> from pokerrules.shuffle import DealStream
>>> stream = DealStream(7)
>>> [stream.below(6) + 1 for _ in range(5)]
[3, 1, 6, 4, 3]
>>> stream.drawn
5
>>> DealStream(7).shuffled(range(10))
[3, 0, 9, 6, 4, 2, 5, 1, 7, 8]
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from pokerrules import _core
from pokerrules._checks import is_int, loaded, shown
from pokerrules._core import CARD_LIMIT, deal_below, deal_shuffle, deal_take, deal_word
from pokerrules.errors import ArgumentTypeError, PokerRulesError

if TYPE_CHECKING:
    import numpy as np

__all__ = ["SEED_LIMIT", "DealStream", "seed_int"]

#: Seeds are ints from 0 to SEED_LIMIT - 1 (2**53): every JSON reader (JavaScript
#: included) holds such an int exactly, so saved games keep their seed.
SEED_LIMIT: int = _core.SEED_LIMIT

# The draws are the compiled core's (ext/deal_stream.h), the C batch engines' own.
_WORDS = 2**64


def seed_int(seed: object) -> int:
    """An int seed, checked; every seed pokerrules takes is checked here, so that
    every seed error reads the same.

    Raises:
        ArgumentTypeError: not an int (a bool is not one).
        PokerRulesError: below 0, or :data:`SEED_LIMIT` or more.
    """
    if not is_int(seed):
        raise ArgumentTypeError(
            f"pass a seed (int) or a numpy.random.Generator, not {shown(seed)}")
    if not 0 <= seed < SEED_LIMIT:
        raise PokerRulesError(f"a seed is an int from 0 to 2**53 - 1, not {shown(seed)}")
    return int(seed)


class DealStream:
    """A seeded stream of 64-bit words (SplitMix64, see the module text) with the
    draws every game makes from it.

    Args:
        seed: an int from 0 to :data:`SEED_LIMIT` - 1.
        drawn: how many words were already drawn (the stream's position).

    Raises:
        ArgumentTypeError: a seed or position that is no int.
        PokerRulesError: a seed or position out of range.
    """

    __slots__ = ("drawn", "seed")

    def __init__(self, seed: int, drawn: int = 0) -> None:
        for name, value, limit in (("seed", seed, SEED_LIMIT), ("drawn", drawn, SEED_LIMIT)):
            if not is_int(value):
                raise ArgumentTypeError(f"a deal stream's {name} is an int, not {shown(value)}")
            if not 0 <= value < limit:
                raise PokerRulesError(
                    f"a deal stream's {name} is an int from 0 to 2**53 - 1, not {value}")
        self.seed = int(seed)
        self.drawn = int(drawn)

    @classmethod
    def from_seed(cls, seed: int | np.random.Generator) -> DealStream:
        """The stream of an int seed, or a new stream seeded by one raw 64-bit word of
        a numpy Generator's bit generator (its top 53 bits): the bit generators'
        raw output, unlike Generator methods, is the same on every numpy.

        Raises:
            ArgumentTypeError: neither an int nor a Generator.
            PokerRulesError: a negative seed or one of 2**53 or more.
        """
        random = loaded("numpy.random")
        if random is not None and isinstance(seed, random.Generator):
            return cls(int(seed.bit_generator.random_raw()) >> 11)
        return cls(seed_int(seed))

    def copy(self) -> DealStream:
        """An independent stream at the same position."""
        return DealStream.__new__(DealStream)._at(self.seed, self.drawn)

    def _at(self, seed: int, drawn: int) -> DealStream:
        self.seed = seed
        self.drawn = drawn
        return self

    def word(self) -> int:
        """The next 64-bit word of the stream."""
        word: int = deal_word(self.seed, self.drawn)
        self.drawn += 1
        return word

    def below(self, n: int) -> int:
        """A number from 0 to ``n - 1``, each equally likely (``n`` from 1 to 2**64).

        Raises:
            PokerRulesError: ``n`` out of range.
        """
        if type(n) is not int or not 1 <= n <= _WORDS:
            raise PokerRulesError(f"a draw is below an int from 1 to 2**64, not {shown(n)}")
        number: int
        number, self.drawn = deal_below(self.seed, self.drawn, n)
        return number

    def card(self, cards: Sequence[int]) -> int:
        """One of ``cards`` (ascending codes), each equally likely."""
        return cards[self.below(len(cards))]

    def take(self, undealt: list[int]) -> int:
        """Draws a card from ``undealt`` (ascending codes) and removes it there: the
        same draw as :meth:`card`, in one step (it runs for every card dealt).

        Raises:
            PokerRulesError: ``undealt`` is empty (nothing is drawn).
        """
        code: int
        code, self.drawn = deal_take(self.seed, self.drawn, undealt)
        return code

    def shuffled(self, codes: Iterable[int]) -> list[int]:
        """``codes`` (ints, Python's or numpy's, at most
        :data:`~pokerrules.cards.CARD_LIMIT` of them) in a random order: every one
        drawn in turn from those left.

        Raises:
            ArgumentTypeError: ``codes`` is no iterable of ints (text, a bool or a
                float among them).
            PokerRulesError: more than :data:`~pokerrules.cards.CARD_LIMIT` codes (an endless
                iterable is read one item past the limit). Either way the stream
                draws nothing.
        """
        if isinstance(codes, (str, bytes, bytearray)) or not isinstance(codes, Iterable):
            raise ArgumentTypeError(f"shuffled takes an iterable of int codes, not {shown(codes)}")
        taken = list(itertools.islice(codes, CARD_LIMIT + 1))
        if len(taken) > CARD_LIMIT:
            raise PokerRulesError(f"shuffled takes at most {CARD_LIMIT:,} codes")
        for code in taken:
            if not is_int(code):
                raise ArgumentTypeError(f"shuffled takes int codes, not {shown(code)}")
        order: list[int]
        order, self.drawn = deal_shuffle(self.seed, self.drawn, sorted(int(c) for c in taken))
        return order

    def roll(self, sides: int = 6) -> int:
        """A die of ``sides`` sides: 1 to ``sides``."""
        return 1 + self.below(sides)

    def to_dict(self) -> dict[str, int]:
        """The position, JSON-ready: ``{"seed": ..., "drawn": ...}``."""
        return {"seed": self.seed, "drawn": self.drawn}

    @classmethod
    def from_dict(cls, data: Any) -> DealStream:
        """The stream at a position written by :meth:`to_dict`.

        Raises:
            PokerRulesError: anything but ``{"seed": int, "drawn": int}`` in range.
        """
        if not isinstance(data, dict) or set(data) != {"seed", "drawn"} or \
                any(type(v) is not int for v in data.values()):
            raise PokerRulesError(
                f"a deal stream's position is {{'seed': int, 'drawn': int}}, not {shown(data)}")
        return cls(data["seed"], data["drawn"])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DealStream) and \
            (self.seed, self.drawn) == (other.seed, other.drawn)

    __hash__ = None  # type: ignore[assignment]  # it changes as it draws

    def __repr__(self) -> str:
        return f"DealStream(seed={self.seed}, drawn={self.drawn})"
