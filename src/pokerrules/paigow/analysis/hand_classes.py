"""The hands of a deck by number and by suit class: the colex numbers the exact
counts use (positions in the deck, increasing), and the classes of hands under
the deck's suit renamings, each named by its representative (the member of
smallest colex number).

A set of positions is a 64-bit mask; for sets of one size, colex order is the
order of their masks, so a class's representative is the image of smallest
mask, found with a few vectorised ORs per renaming.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator

import numpy as np
import numpy.typing as npt

from pokerrules import _paigow
from pokerrules.cards import format_cards
from pokerrules.errors import PokerRulesError
from pokerrules.paigow.analysis.outcomes import suit_group

__all__ = ["STEP", "HandClasses"]

#: Hands of the deck read per step when the representatives are listed.
STEP = 1 << 20

Array = npt.NDArray[np.int64]


class HandClasses:
    """The hands of ``deck`` (its codes, increasing) by colex number, and their
    classes under its suit renamings (``symmetric``; else every hand is its own
    class)."""

    def __init__(self, deck: npt.NDArray[np.uint8], symmetric: bool) -> None:
        self.deck = deck
        self.size = len(deck)
        self.hands = math.comb(self.size, 7)
        group = suit_group(deck)[0] if symmetric else np.arange(self.size, dtype=np.uint8)[None]
        self.group = group
        self.order = len(group)
        # bit of each position's image, per renaming
        self._bits = np.left_shift(np.uint64(1), group.astype(np.uint64))
        self._inverse = np.argsort(group, axis=1).astype(np.uint8)
        self._binom = np.array([[math.comb(n, k) for k in range(8)] for n in range(65)],
                               dtype=np.int64)
        where = np.full(256, -1, dtype=np.int16)
        where[deck] = np.arange(self.size)
        self._where = where

    def positions(self, codes: npt.NDArray[np.integer]) -> npt.NDArray[np.uint8]:
        """The deck positions (n, 7) of hands given as card codes (n, 7).

        Raises:
            PokerRulesError: a card outside the deck (the hand is named).
        """
        pos = self._where[np.asarray(codes, dtype=np.int64).clip(0, 255)]
        bad = (pos < 0).any(axis=1)
        if bad.any():
            row = np.asarray(codes)[int(np.flatnonzero(bad)[0])]
            card = format_cards([int(c) for c in row if self._where[int(c)] < 0][:1])
            raise PokerRulesError(f"the hand {format_cards(row.tolist())} holds {card}, "
                                  f"which is not in the table's deck")
        out: npt.NDArray[np.uint8] = pos.astype(np.uint8)
        return out

    def _images(self, pos: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint64]:
        """The masks (order, n) of each hand's image under each renaming."""
        out = np.empty((self.order, len(pos)), dtype=np.uint64)
        for g in range(self.order):
            bits = self._bits[g]
            image = bits[pos[:, 0]]
            for j in range(1, 7):
                image |= bits[pos[:, j]]
            out[g] = image
        return out

    def colex(self, pos: npt.NDArray[np.uint8]) -> Array:
        """The colex numbers (n,) of hands given as increasing positions (n, 7)."""
        number = np.zeros(len(pos), dtype=np.int64)
        for j in range(7):
            number += self._binom[pos[:, j], j + 1]
        return number

    def unrank(self, numbers: Array) -> npt.NDArray[np.uint8]:
        """The increasing positions (n, 7) of the hands numbered ``numbers``."""
        rest = np.asarray(numbers, dtype=np.int64).copy()
        pos = np.empty((len(rest), 7), dtype=np.uint8)
        for j in range(6, -1, -1):
            column = self._binom[:, j + 1]
            p = np.searchsorted(column, rest, side="right") - 1
            pos[:, j] = p
            rest -= column[p]
        return pos

    @staticmethod
    def _mask_positions(masks: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint8]:
        """The increasing positions (n, 7) of seven-bit masks (n,)."""
        bits = np.unpackbits(masks.astype("<u8").view(np.uint8).reshape(-1, 8), axis=1,
                             bitorder="little")
        return np.nonzero(bits)[1].reshape(-1, 7).astype(np.uint8)

    def represent(self, pos: npt.NDArray[np.uint8]
                  ) -> tuple[Array, npt.NDArray[np.intp], npt.NDArray[np.uint8]]:
        """Each hand's class: its representative's colex number (n,), the renaming
        (n,) that takes the hand to it, and the representative's positions (n, 7)."""
        images = self._images(pos)
        renaming = images.argmin(axis=0)
        rep = self._mask_positions(images[renaming, np.arange(len(pos))])
        return self.colex(rep), renaming, rep

    def back(self, renaming: npt.NDArray[np.intp],
             rep_positions: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
        """Positions of representatives' cards (n, k) taken back through each
        hand's renaming (n,)."""
        return self._inverse[renaming[:, None], rep_positions]

    def canonical(self, pos: npt.NDArray[np.uint8]
                  ) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.int64]]:
        """Which hands (increasing positions (n, 7)) represent their class, and
        each hand's class size (the renamings over those that fix it)."""
        images = self._images(pos)
        own = images[0]  # the group's first map is the identity
        fixed = (images == own).sum(axis=0)
        return images.min(axis=0) == own, self.order // fixed

    def representatives(self, step_done: Callable[[int], None] | None = None
                        ) -> Iterator[tuple[Array, Array]]:
        """The representatives' colex numbers and class sizes, in increasing
        order, a step of the deck's hands at a time."""
        for start in range(0, self.hands, STEP):
            n = min(STEP, self.hands - start)
            pos = _paigow.exact_hands(np.arange(self.size, dtype=np.uint8), start, n)
            keep, weight = self.canonical(pos)
            if step_done is not None:
                step_done(n)
            yield np.flatnonzero(keep) + start, weight[keep]
