# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Compiled batch engines of the vector environments: N games stepped in one call
with the GIL released (use them through :mod:`pokerrules.envs.vector`).

Every argument is copied into this module's own arrays and checked here before the
GIL is released; the C code then reads and writes only arrays this module made. One
call at a time runs on a batch: each call marks the batch busy first, holding the
GIL and before any Python code can run (the conversion of its arguments included),
so that a second call getting in meanwhile (another thread, or code that the first
call runs: a ``gc`` callback, an ``__array__``) is refused with a PokerRulesError
naming what was refused, and the moves played are the ones checked against the
state they are played in.
"""

from cpython.mem cimport PyMem_Calloc, PyMem_Free
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint64_t
from libc.string cimport memcpy

from pokerrules._core cimport pr_tables, shared_tables

import numpy as np

from pokerrules.errors import ArgumentTypeError, HandSizeError, IllegalMoveError, PokerRulesError


SEED_LIMIT = 2**53
#: The most games a batch holds: its memory, and the arrays of each step, grow with
#: the count (at 2**20 games a Z Poker step returns about 2.7 GB).
MAX_GAMES = 2**20


cdef object _int_array(object values, Py_ssize_t n, str what):
    """``values`` as a new C-ordered int64 array of shape (n,), refused (never cast)
    when it has another shape or is not of an integer dtype, or holds a bool (a bool
    dtype, or a bool among the items of a list or tuple, which numpy would make an
    int)."""
    if isinstance(values, (list, tuple)):
        values = list(values)  # our own copy of the items: the caller's list may change
        for k, item in enumerate(values):
            if isinstance(item, (bool, np.bool_)) or (
                    isinstance(item, np.ndarray) and item.dtype.kind == "b"):
                raise ArgumentTypeError(
                    f"{what} must be integers, not bools: {what}[{k}] is {item!r}")
    array = np.asarray(values)
    if array.shape != (n,):
        raise HandSizeError(f"{what} must have shape ({n},), one per game, not {array.shape}")
    if array.dtype.kind not in "iu":
        raise ArgumentTypeError(f"{what} must be integers, not {array.dtype}")
    if array.dtype.kind == "u" and array.dtype.itemsize == 8 and n and array.max() >= 2**63:
        raise PokerRulesError(f"{what} holds {int(array.max())}, out of range")
    return np.array(array, dtype=np.int64, order="C", copy=True)


cdef class _Snapshot:
    """The games of a batch at one moment (made only by a batch's ``save``)."""
    cdef object owner
    cdef bytes games


cdef class _Batch:
    """What every batch shares: its games' memory, the one-call-at-a-time guard,
    saves and the checks of game indices."""

    cdef void *memory
    cdef size_t game_size
    cdef bint busy
    cdef readonly Py_ssize_t n

    def __cinit__(self, *args, **kwargs):
        self.memory = NULL

    cdef int allocate(self, Py_ssize_t n, size_t game_size) except -1:
        if not 1 <= n <= MAX_GAMES:
            raise PokerRulesError(f"a batch holds 1 to {MAX_GAMES:,} games (MAX_GAMES), not {n:,}")
        self.memory = PyMem_Calloc(n, game_size)
        if self.memory == NULL:
            raise MemoryError()
        self.n = n
        self.game_size = game_size
        return 0

    def __dealloc__(self):
        PyMem_Free(self.memory)

    cdef int enter(self, str what) except -1:
        """Marks the batch busy for ``what`` (the call's name), or refuses it. The
        test and the mark run in C with the GIL held, nothing between them that
        could release it or run Python code: two calls never both get in."""
        if self.busy:
            raise PokerRulesError(
                f"{what} refused: this batch is in use by another call (another thread, "
                "or code run during that call); a batch takes one call at a time")
        self.busy = True
        return 0

    cdef object game_indices(self, indices):
        """``indices`` as a list of distinct game indices, refused otherwise."""
        idx = np.asarray(indices)
        if idx.ndim != 1 or (idx.size and idx.dtype.kind not in "iu"):
            raise ArgumentTypeError("indices are a 1-d array of game indices")
        if idx.size and (idx.min() < 0 or idx.max() >= self.n):
            raise PokerRulesError(f"a game index is out of range 0 to {self.n - 1}")
        idx = [int(i) for i in idx]
        if len(set(idx)) != len(idx):
            raise PokerRulesError("indices name a game twice; a game takes one move a call")
        return idx

    cdef int check_game(self, Py_ssize_t i) except -1:
        if not 0 <= i < self.n:
            raise PokerRulesError(f"no game {i}; games are 0 to {self.n - 1}")
        return 0

    cdef int check_faults(self, int64_t first) except -1:
        """Refuses the end of a call in which the engine abandoned a game (the
        first, ``first``; -1: none)."""
        if first >= 0:
            raise PokerRulesError(
                f"game {first}: the engine met an illegal move or a draw from an empty "
                "pile, which the rules never reach; it abandoned the game, which is dealt "
                "again at the next step")
        return 0

    def save(self):
        """Every game's state, for :meth:`restore` (an opaque snapshot of this batch)."""
        self.enter("save")
        try:
            snap = _Snapshot()
            snap.owner = self
            snap.games = (<char *>self.memory)[:self.n * self.game_size]
        finally:
            self.busy = False
        return snap

    def restore(self, _Snapshot snap):
        """Puts back the games of a :meth:`save` of this batch.

        Raises:
            PokerRulesError: a snapshot of another batch.
        """
        if snap.owner is not self:
            raise PokerRulesError("the snapshot is not of this batch")
        self.enter("restore")
        try:
            memcpy(self.memory, <const char *>snap.games, self.n * self.game_size)
        finally:
            self.busy = False


cdef object _outputs(Py_ssize_t n, int obs_size, int actions, int players):
    """New arrays for what a step returns: obs, mask, reward, seat_rewards,
    terminated, player."""
    return (np.empty((n, obs_size), dtype=np.float32), np.empty((n, actions), dtype=np.bool_),
            np.empty(n, dtype=np.float64), np.empty((n, players), dtype=np.float64),
            np.empty(n, dtype=np.bool_), np.empty(n, dtype=np.int8))


cdef object _seeds(seeds, Py_ssize_t n):
    """``seeds`` as int64 (n,), each from 0 to 2**53 - 1 (the game is named)."""
    s = _int_array(seeds, n, "seeds")
    cdef int64_t[::1] sv = s
    cdef Py_ssize_t i
    for i in range(n):
        if not 0 <= sv[i] < SEED_LIMIT:
            raise PokerRulesError(
                f"game {i}: seed {sv[i]} is out of range; a seed is an int from 0 to "
                "2**53 - 1")
    return s


cdef tuple _codes(uint64_t bits):
    """The codes of a bit set of cards, ascending."""
    cdef int c
    return tuple([c for c in range(52) if (bits >> c) & 1u])


include "vector_east_west.pxi"
include "vector_chinese_poker.pxi"
include "vector_z_poker.pxi"
