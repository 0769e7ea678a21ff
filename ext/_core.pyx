# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Compiled core of pokerrules: cards, rules presets and hand ranking.

Use it through :mod:`pokerrules.cards` and :mod:`pokerrules.hands`; everything
here is re-exported there.
"""

cimport cython
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int32_t, int64_t
from libc.string cimport memset
from cpython.buffer cimport PyObject_GetBuffer, PyBuffer_Release, PyBUF_C_CONTIGUOUS, PyBUF_FORMAT, PyBUF_WRITABLE

from enum import IntEnum
from itertools import combinations
import operator
import os
import sys
from weakref import ref as _weakref

from pokerrules.errors import (
    ArgumentTypeError,
    CardNotInDeckError,
    DuplicateCardError,
    HandSizeError,
    InvalidCardError,
    PokerRulesError,
    RulesMismatchError,
)


cdef extern from "Python.h":
    ctypedef struct PyObject
    ctypedef struct PyTypeObject
    PyTypeObject *Py_TYPE(PyObject *o)
    Py_ssize_t PySequence_Fast_GET_SIZE(object o)
    PyObject **PySequence_Fast_ITEMS(object o)


cdef extern from "Python.h":
    # without "except": a refused buffer is cleared, not raised
    int _try_buffer "PyObject_GetBuffer"(object obj, Py_buffer *view, int flags)
    void PyErr_Clear()


cdef extern from "pr_pycards.h":
    int pr_int_code(PyObject *x)
    int pr_card_text_code(PyObject *x)
    Py_ssize_t pr_text_codes(PyObject *text, uint8_t *out, Py_ssize_t cap)


class HandCategory(IntEnum):
    """Poker hand categories. Their order of strength comes from the
    :class:`HandRules`, never from these numbers."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    FIVE_ACES = 9

    def __str__(self):
        return self.name


RANK_SYMBOLS = "23456789TJQKA"
SUIT_SYMBOLS = "cdhs"
JOKER_CODE = 52
_RANK_NAMES = ("two", "three", "four", "five", "six", "seven", "eight", "nine",
               "ten", "jack", "queen", "king", "ace")
_RANK_PLURALS = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights",
                 "nines", "tens", "jacks", "queens", "kings", "aces")
_RANK_OF_CHAR = {ch: i for i, ch in enumerate(RANK_SYMBOLS)}
_SUIT_OF_CHAR = {"c": 0, "d": 1, "h": 2, "s": 3,
                 "\u2663": 0, "\u2666": 1, "\u2665": 2, "\u2660": 3,
                 "\u2667": 0, "\u2662": 1, "\u2661": 2, "\u2664": 3}
_DECKS = {"standard": PR_DECK_STANDARD, "paigow": PR_DECK_PAIGOW, "piquet": PR_DECK_PIQUET}
# The cards of each deck, known without building its tables (pr_tables.c's decks)
_DECK_CODES = {"standard": tuple(range(52)), "paigow": tuple(range(53)),
               "piquet": tuple(range(20, 52))}

#: The most hands (rows) or values one batch call takes: 2**30, about a billion.
BATCH_LIMIT = 1 << 30
cdef enum:  # the most threads evaluate_many takes (the kernel runs at most 64)
    MAX_THREADS = 1024
#: The most items, and cards, read from an iterator of cards (a list, a tuple or
#: text is read whole).
CARD_LIMIT = 10_000

cdef enum:  # HandRank kinds
    KIND_FIVE = 0
    KIND_TWO = 1
    KIND_PARTIAL = 2
_KIND_NAMES = ("five-card", "two-card", "partial")

# numpy, imported by the first function that uses it (the batch functions): ranking
# hands one at a time needs none, and its import costs more than the package's own.
cdef object np = None
cdef object _np_empty = None
cdef object _INT32 = None


cdef object _numpy():
    global np, _np_empty, _INT32
    if np is None:
        import numpy
        _np_empty = numpy.empty
        _INT32 = numpy.dtype(numpy.int32)
        np = numpy
    return np


# The module's rooms. They make one module, not five: Card, HandRules and HandRank
# keep the names their pickles carry (pokerrules._core.Card), and ranking a hand calls
# no function of another module through a pointer. Declarations the other compiled
# modules cimport live in src/pokerrules/_core.pxd.
include "core_cards.pxi"
include "core_rules.pxi"
include "core_ranks.pxi"
include "core_batch.pxi"
include "core_deal.pxi"


cdef const pr_tables *shared_tables(int variant) noexcept nogil:
    """The tables of a rules variant (NULL: out of memory or no such variant), for the
    other compiled modules of the package (they cimport it from pokerrules._core), so
    that a process holds one copy of each variant's tables."""
    return pr_get_tables(variant)


def table_bytes():
    """Bytes held by the ranking tables built so far in this process."""
    return pr_table_bytes()


def _kernel(int level=-1):
    """The batch kernel in use: 0 scalar, 1 AVX2, 2 AVX-512 (private; for tests and
    benchmarks). ``level`` >= 0 selects one, at most what the CPU has."""
    return pr_kernel(level)


#: The values POKERRULES_KERNEL takes (any case, spaces around ignored): the most
#: the batch kernel may use; "avx512" is the CPU's own choice, the default.
KERNEL_CHOICES = {"scalar": 0, "avx2": 1, "avx512": -1}


def _choose_kernel(wanted):
    """Chooses the batch kernel once, at import (so that no worker thread ever does),
    from POKERRULES_KERNEL's value ``wanted`` (None: unset). A value that is none of
    KERNEL_CHOICES is no silent default: it warns, naming the choices."""
    level = -1
    if wanted is not None and wanted.strip():
        level = KERNEL_CHOICES.get(wanted.strip().lower(), -2)
        if level == -2:
            import warnings
            warnings.warn(f"POKERRULES_KERNEL={wanted!r} is none of "
                          f"{', '.join(KERNEL_CHOICES)}; the CPU's kernel is used",
                          RuntimeWarning, stacklevel=2)
            level = -1
    return pr_kernel(level)


_choose_kernel(os.environ.get("POKERRULES_KERNEL"))
