"""A pure strategy by class of hands: one setting per class of a deck's hands (per
suit-renaming class, or per hand), named by its representative, taken to any hand
of the class with the suits renamed back. It is a
:class:`~pokerrules.paigow.BatchWay`; :class:`~pokerrules.paigow.StrategyTable`
is one, with the exact counts of its settings beside.
"""

from __future__ import annotations

import hashlib
import itertools
from dataclasses import FrozenInstanceError
from typing import Any

import numpy as np
import numpy.typing as npt

from pokerrules._checks import shown
from pokerrules.cards import format_cards
from pokerrules.errors import (
    ArgumentTypeError,
    DuplicateCardError,
    HandSizeError,
    InvalidCardError,
    PokerRulesError,
)
from pokerrules.paigow.analysis.hand_classes import HandClasses
from pokerrules.paigow.analysis.outcomes import deck_codes as read_deck
from pokerrules.paigow.game.houseway import BatchWay
from pokerrules.paigow.game.rules import PaiGowRules

__all__ = ["FRONTS", "ClassStrategy"]

#: The front of each of a hand's 21 settings, as two of its seven positions, in the
#: order of :func:`~pokerrules.paigow.settings`.
FRONTS: tuple[tuple[int, int], ...] = tuple(itertools.combinations(range(7), 2))
_FRONT_A = np.array([a for a, _ in FRONTS], dtype=np.intp)
_FRONT_B = np.array([b for _, b in FRONTS], dtype=np.intp)


class ClassStrategy(BatchWay):
    """One setting per class of a deck's hands, as a
    :class:`~pokerrules.paigow.BatchWay` that sets any hand of the deck.

    Attributes:
        deck: uint8 (d,): the deck's card codes, increasing.
        symmetric: one class per suit-renaming class (else one per hand).
        hands: uint32 (m,): each class's representative, by its colex number
            (positions in ``deck``), increasing.
        best: uint8 (m,): the representative's setting, an index into the order
            of :func:`~pokerrules.paigow.settings` of its cards in deck order.
    """

    # set by __init__ (through object.__setattr__: a BatchWay is frozen)
    deck: npt.NDArray[np.uint8]
    symmetric: bool
    hands: npt.NDArray[np.uint32]
    best: npt.NDArray[np.uint8]
    _classes: HandClasses

    def __init__(self, *, deck: npt.ArrayLike, symmetric: bool, hands: npt.ArrayLike,
                 best: npt.ArrayLike, name: str = "a strategy by class") -> None:
        """A strategy from its classes' representatives (colex numbers, increasing)
        and their settings (0 to 20).

        Raises:
            PokerRulesError: a bad deck, arrays of other shapes or dtypes, classes
                out of order or outside the deck, settings outside 0..20.
                ArgumentTypeError: ``symmetric`` no bool, ``name`` no text.
        """
        if not isinstance(symmetric, (bool, np.bool_)):
            raise ArgumentTypeError(f"symmetric must be True or False, not {shown(symmetric)}")
        if not isinstance(name, str):
            raise ArgumentTypeError(f"a strategy's name must be text, not {shown(name)}")
        codes = read_deck(np.asarray(deck).tolist())
        classes = HandClasses(codes, bool(symmetric))
        numbers, settings = np.asarray(hands), np.asarray(best)
        if numbers.ndim != 1 or settings.shape != numbers.shape or \
                numbers.dtype.kind not in "iu" or settings.dtype.kind not in "iu":
            raise PokerRulesError(f"a strategy's hands and settings are integer arrays (m,) "
                                  f"of one length, not {numbers.dtype} {numbers.shape} and "
                                  f"{settings.dtype} {settings.shape}")
        if len(numbers) == 0 or (np.diff(numbers.astype(np.int64)) <= 0).any() or \
                numbers[0] < 0 or numbers[-1] >= classes.hands:
            raise PokerRulesError("a strategy's hands are colex numbers of the deck's hands, "
                                  "increasing")
        if settings.min() < 0 or settings.max() > 20:
            raise PokerRulesError("a strategy's settings are indexes 0..20")
        values = {"deck": codes, "symmetric": bool(symmetric),
                  "hands": numbers.astype(np.uint32), "best": settings.astype(np.uint8),
                  "_classes": classes, "function": self._set_many, "name": name}
        for key, value in values.items():
            if isinstance(value, np.ndarray):
                value.flags.writeable = False
            object.__setattr__(self, key, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"a strategy is read-only: cannot set {name}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"a strategy is read-only: cannot delete {name}")

    def __len__(self) -> int:
        """The classes of hands."""
        return len(self.hands)

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuild, (self.deck, self.symmetric, np.asarray(self.hands),
                          np.asarray(self.best), self.name)

    def fingerprint(self) -> str:
        """A sha256 (hex) of the deck, the classes and their settings: two
        strategies of one fingerprint set every hand alike."""
        found = self.__dict__.get("_fingerprint")
        if found is None:
            sha = hashlib.sha256(b"pokerrules class strategy\0")
            for array in (self.deck, np.asarray(self.hands, dtype="<u4"),
                          np.asarray(self.best, dtype=np.uint8)):
                sha.update(len(array).to_bytes(8, "little"))
                sha.update(np.ascontiguousarray(array).tobytes())
            sha.update(b"symmetric" if self.symmetric else b"every hand")
            found = sha.hexdigest()
            object.__setattr__(self, "_fingerprint", found)
        return found

    def representatives(self) -> npt.NDArray[np.uint8]:
        """uint8 (m, 7): each class's representative as card codes, increasing."""
        codes: npt.NDArray[np.uint8] = self.deck[self._classes.unrank(
            self.hands.astype(np.int64))]
        return codes

    def _lookup(self, codes: npt.ArrayLike) -> tuple[npt.NDArray[np.intp], Any, Any, Any, Any]:
        """For hands (n, 7) of card codes: each one's class (an index into the
        arrays), the renaming to its representative, the representative's
        positions, the hands' codes and their positions, all checked."""
        try:
            array = np.asarray(codes)
        except (ValueError, TypeError):  # ragged rows
            raise ArgumentTypeError(f"hands are an array (n, 7) of card codes, not "
                                    f"{shown(codes)}") from None
        if array.dtype.kind not in "iu":
            raise ArgumentTypeError(f"hands are integer card codes, not {array.dtype}")
        if array.ndim != 2 or array.shape[1] != 7:
            raise HandSizeError(f"hands are an array (n, 7) of card codes, not {array.shape}")
        array = array.astype(np.int64)
        bad = ((array < 0) | (array > 52)).any(axis=1)
        if bad.any():
            row = int(np.flatnonzero(bad)[0])
            raise InvalidCardError(f"hand {row} holds codes outside 0..52: {array[row].tolist()}")
        ordered = np.sort(array, axis=1)
        twice = (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)
        if twice.any():
            row = int(np.flatnonzero(twice)[0])
            raise DuplicateCardError(f"hand {row} holds a card twice: "
                                     f"{format_cards(array[row].tolist())}")
        classes = self._classes
        sorted_positions = classes.positions(ordered)
        numbers, renaming, rep = classes.represent(sorted_positions)
        index = np.searchsorted(self.hands, numbers).clip(0, len(self.hands) - 1)
        missing = self.hands[index] != numbers
        if missing.any():
            raise PokerRulesError(f"the strategy {self} holds no class of "
                                  f"{format_cards(array[int(np.flatnonzero(missing)[0])].tolist())}")
        return index, renaming, rep, array, classes.positions(array)

    def _settings(self, codes: npt.ArrayLike, which: npt.NDArray[np.uint8]
                  ) -> npt.NDArray[np.uint8]:
        """The settings (n, 7) of hands (n, 7) by the per-class settings ``which``."""
        index, renaming, rep, array, positions = self._lookup(codes)
        setting = which[index]
        rows = np.arange(len(index))
        chosen = np.stack([rep[rows, _FRONT_A[setting]], rep[rows, _FRONT_B[setting]]], axis=1)
        fronts = self._classes.back(renaming, chosen)
        in_front = (positions == fronts[:, :1]) | (positions == fronts[:, 1:])
        out = np.empty(array.shape, dtype=np.uint8)
        out[:, :5] = array[~in_front].reshape(-1, 5)
        out[:, 5:] = array[in_front].reshape(-1, 2)
        return out

    def _set_many(self, codes: npt.NDArray[np.uint8], rules: PaiGowRules) -> npt.ArrayLike:
        """The BatchWay function: the settings (n, 7) of hands (n, 7)."""
        return self._settings(codes, self.best)

    def set_many(self, codes: npt.ArrayLike) -> npt.NDArray[np.uint8]:
        """The settings of many hands: uint8 (n, 7), each row the five back codes
        then the two front codes, each side in the order of the input row.

        Raises:
            ArgumentTypeError: no integer array. HandSizeError: a shape other than
                (n, 7). InvalidCardError, DuplicateCardError: a bad row (named).
                PokerRulesError: a card outside the deck.
        """
        return self._settings(codes, self.best)


def _rebuild(deck: Any, symmetric: Any, hands: Any, best: Any, name: Any) -> ClassStrategy:
    """A pickled strategy from its arrays (checked as a new one is)."""
    return ClassStrategy(deck=deck, symmetric=symmetric, hands=hands, best=best, name=name)
