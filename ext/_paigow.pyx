# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Compiled Pai Gow Poker kernels: the house way, fouls, the Fortune bonus, the
banker histograms of the strategy solver and the simulation kernel.

Use them through :mod:`pokerrules.paigow`. Every function here takes card codes
and a rules ``variant`` (the ``variant`` of a Pai Gow :class:`HandRules`). Codes
outside 0..52 are always refused before any C kernel runs; repeated cards too,
except where ``check=False`` is offered (fouls, Fortune lines), whose kernels
read only valid memory whatever the codes. A kernel runs on the private copy that
was checked, never on the caller's array, which another thread may be writing.
"""

from cpython.exc cimport PyErr_CheckSignals
from libc.stdint cimport int16_t, int32_t, uint8_t, uint16_t, uint32_t, uint64_t, int64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memcpy, memset
# the tables of pokerrules._core: one copy of each variant's tables per process
from pokerrules._core cimport pr_tables, shared_tables

import numpy as np

from pokerrules import _core

from pokerrules.errors import (
    CardNotInDeckError,
    DuplicateCardError,
    HandSizeError,
    PokerRulesError,
)


cdef extern from "pr_eval.h" nogil:
    int PR_DECK_PAIGOW, PR_DECK_MASK, PR_NVARIANTS


cdef extern from "paigow.h" nogil:
    int PG_FORTUNE_NLINES
    int pg_prepare(const pr_tables *t)
    int pg_is_foul(const pr_tables *t, const uint8_t *high, const uint8_t *low)
    void pg_foul_batch(const pr_tables *t, const uint8_t *rows, int64_t n, uint8_t *out)
    int64_t pg_check_rows(const pr_tables *t, const uint8_t *rows, int64_t n, int k, int *why)
    int pg_fortune_line(const pr_tables *t, const uint8_t *hand)
    void pg_fortune_batch(const pr_tables *t, const uint8_t *hands, int64_t n, uint8_t *out)
    void pg_fortune_enumerate(const pr_tables *t, uint64_t *counts)
    int PG_NPUSHES
    const char *const pg_push_names[]
    int pg_banker_pushes(const pr_tables *t, int push, const uint8_t *high, const uint8_t *low)
    void pg_push_batch(const pr_tables *t, int push, const uint8_t *rows, int64_t n, uint8_t *out)


include "paigow_way.pxi"


cdef extern from "paigow_sim.h" nogil:
    ctypedef struct pg_rng:
        uint64_t s[4]
    void pg_rng_seed(pg_rng *r, const uint64_t *seed)
    int pg_sim_prepare(const pr_tables *t)
    int pg_nlow(const pr_tables *t)
    void pg_setting_outcomes(const pr_tables *t, const uint8_t *hand, uint16_t *high,
                             uint8_t *low, uint8_t *foul, int push, uint8_t *pushes)
    void pg_banker_hist_brute(const pr_tables *t, uint64_t dead, const pg_way *way, int push,
                              int64_t *hist)
    int pg_banker_hist_part(const pr_tables *t, uint64_t dead, const pg_way *way, int push,
                            int part, int nparts, int64_t *hist)
    int pg_live_cards(const pr_tables *t, uint64_t dead, uint8_t *out)
    void pg_banker_hist_sample(const pr_tables *t, uint8_t *live, int nlive, const pg_way *way,
                               int push, int64_t n, pg_rng *r, int64_t *hist)
    void pg_sim_deal(int64_t n, pg_rng *r, uint8_t *out)
    void pg_settle_batch(const pr_tables *t, const uint8_t *player, const uint8_t *banker,
                         int push, int64_t n, uint8_t *out)
    void pg_sim_rounds(const pr_tables *t, const pg_way *player_way, const pg_way *banker_way,
                       int push, int64_t n, pg_rng *r, uint8_t *deck, int64_t *counts)
    int PG_SIM_NCOUNTS


#: The built-in house ways (the descriptions pokerrules/paigow/ways/NAME.way), by number.
WAYS = ("foxwoods", "trump_plaza", "claridge", "ballys", "golden_nugget",
        "flamingo_hilton")
#: Fortune bonus lines, indexed by their number in the C kernel, lowest pay first.
FORTUNE_LINES = (
    "nothing", "straight", "three_of_a_kind", "flush", "full_house", "four_of_a_kind",
    "straight_flush", "royal_flush", "five_aces", "seven_card_straight_flush_with_joker",
    "royal_match", "seven_card_straight_flush",
)
assert len(FORTUNE_LINES) == PG_FORTUNE_NLINES
#: The banker push rules (PaiGowRules.banker_push), by number from 1 (0 is none):
#: the C kernel's own names, so that the rules read them from here.
BANKER_PUSHES = tuple([pg_push_names[k].decode() for k in range(1, PG_NPUSHES)])

_CARD_TEXT = [r + s for r in "23456789TJQKA" for s in "cdhs"] + ["Jk"]


cdef const pr_tables *_tables(int variant) except NULL:
    if variant < 0 or variant >= PR_NVARIANTS or (variant & PR_DECK_MASK) != PR_DECK_PAIGOW:
        raise PokerRulesError(f"variant {variant} is not a Pai Gow deck variant")
    cdef const pr_tables *t = shared_tables(variant)
    if t == NULL or pg_prepare(t) < 0:
        raise MemoryError("cannot build the ranking tables")
    return t


def _rows(codes, int k, str what):
    """A private C-contiguous uint8 (n, k) copy of codes, each checked to be in 0..52."""
    return _core._card_rows(codes, k, k, what, True)


cdef int _check(const pr_tables *t, const uint8_t[:, ::1] rows) except -1:
    """Raises for the first row with a card outside the deck or a duplicate."""
    cdef int64_t n = rows.shape[0], bad
    cdef int k = rows.shape[1], why = 0
    if n == 0:
        return 0
    with nogil:
        bad = pg_check_rows(t, &rows[0, 0], n, k, &why)
    if bad < 0:
        return 0
    seen = set()
    for c in rows[bad]:
        if c in seen:
            raise DuplicateCardError(f"row {bad}: duplicate card {_CARD_TEXT[c]}")
        seen.add(c)
    raise CardNotInDeckError(f"row {bad}: a card is not in the Pai Gow deck")


cdef int _push(int push) except -1:
    """A banker push rule's number, checked (0 for none)."""
    if not 0 <= push < PG_NPUSHES:
        raise PokerRulesError(f"no banker push rule number {push}")
    return push


def _one_row(codes, int k, str what):
    cdef list row = list(codes)
    if len(row) != k:
        raise HandSizeError(f"{what} takes {k} cards, got {len(row)}")
    return _rows([row], k, what)


def house_way_codes(codes, int variant, way):
    """Sets seven codes by a house way (a built-in way's number or a CompiledWay).

    Returns:
        (high, low, rule): the five-card and two-card hands as tuples of codes in
        the hand's order, and the number (from 1) of the way's rule that decided.
    """
    cdef const pr_tables *t = _tables(variant)
    cdef const pg_way *w = _way(way, t)
    arr = _one_row(codes, 7, "the house way")
    cdef const uint8_t[:, ::1] mv = arr
    _check(t, mv)
    cdef uint8_t high[5]
    cdef uint8_t low[2]
    cdef int rule = pg_way_set(t, w, &mv[0, 0], high, low)
    return tuple([high[i] for i in range(5)]), tuple([low[i] for i in range(2)]), rule


def house_way_batch(codes, int variant, way, bint with_rules=True, bint by_class=True):
    """Sets an (n, 7) array of hands by a house way (a built-in way's number or a
    CompiledWay), with the GIL released. Every row is checked first: the kernel
    assumes seven distinct codes. Not by_class: by the way's program alone, never
    its settings by rank class (the same settings, slower; for the tests).

    Returns:
        (settings, rules): uint8 (n, 7), each row the five-card hand then the
        two-card hand (each in the hand's order), and uint8 (n,) rule numbers
        (None without with_rules).
    """
    cdef const pr_tables *t = _tables(variant)
    cdef const pg_way *w = _way(way, t, by_class)
    cdef pg_way *plain = NULL
    arr = _rows(codes, 7, "house_way_many")
    cdef const uint8_t[:, ::1] mv = arr
    _check(t, mv)
    cdef int64_t n = arr.shape[0]
    out = np.empty((n, 7), dtype=np.uint8)
    rules = np.empty(n, dtype=np.uint8)
    if n == 0:
        return out, rules if with_rules else None
    cdef uint8_t[:, ::1] o = out
    cdef uint8_t[::1] r = rules
    cdef uint8_t *numbers = &r[0] if with_rules else NULL
    if not by_class:
        plain = <pg_way *>malloc(sizeof(pg_way))
        if plain == NULL:
            raise MemoryError("cannot hold a house way's program")
        memcpy(plain, w, sizeof(pg_way))
        memset(plain.by_class, 0, sizeof(plain.by_class))
        w = plain
    try:
        with nogil:
            pg_way_batch(t, w, &mv[0, 0], n, &o[0, 0], numbers)
    finally:
        free(plain)
    return out, rules if with_rules else None


def is_foul_codes(high, low, int variant):
    """True when the two low codes outrank the five high codes."""
    cdef const pr_tables *t = _tables(variant)
    arr = _one_row(list(high) + list(low), 7, "a setting")
    cdef const uint8_t[:, ::1] mv = arr
    _check(t, mv)
    return bool(pg_is_foul(t, &mv[0, 0], &mv[0, 5]))


ctypedef void (*_per_row)(const pr_tables *t, const uint8_t *rows, int64_t n,
                          uint8_t *out) noexcept nogil
ctypedef void (*_per_row_by_rule)(const pr_tables *t, int rule, const uint8_t *rows,
                                  int64_t n, uint8_t *out) noexcept nogil


cdef object _per_row_batch(codes, int variant, bint check, str what, _per_row fn,
                           _per_row_by_rule by_rule=NULL, int rule=0):
    """One uint8 per row of an (n, 7) array of codes: ``fn`` over the rows (or
    ``by_rule`` with ``rule``), without the GIL (``what`` names the call in errors)."""
    cdef const pr_tables *t = _tables(variant)
    arr = _rows(codes, 7, what)
    cdef const uint8_t[:, ::1] mv = arr
    if check:
        _check(t, mv)
    cdef int64_t n = arr.shape[0]
    out = np.zeros(n, dtype=np.uint8)
    if n == 0:
        return out
    cdef uint8_t[::1] o = out
    with nogil:
        if by_rule != NULL:
            by_rule(t, rule, &mv[0, 0], n, &o[0])
        else:
            fn(t, &mv[0, 0], n, &o[0])
    return out


def foul_batch(codes, int variant, bint check=True):
    """Foul flags (bool (n,)) of an (n, 7) array of settings: five high codes, then two low.
    Without check, a repeated card gives a meaningless flag but reads only valid memory."""
    return _per_row_batch(codes, variant, check, "foul_many", pg_foul_batch).astype(bool)


def banker_push_codes(high, low, int variant, int push):
    """True when the banker's setting (five high codes, two low) pushes every
    player's bet under push rule number ``push`` (BANKER_PUSHES[push - 1])."""
    cdef const pr_tables *t = _tables(variant)
    _push(push)
    arr = _one_row(list(high) + list(low), 7, "a setting")
    cdef const uint8_t[:, ::1] mv = arr
    _check(t, mv)
    return bool(pg_banker_pushes(t, push, &mv[0, 0], &mv[0, 5]))


def push_batch(codes, int variant, int push, bint check=True):
    """Push flags (bool (n,)) of an (n, 7) array of banker settings (five high
    codes, then two low) under push rule number ``push``."""
    _push(push)
    return _per_row_batch(codes, variant, check, "push_many", NULL, pg_push_batch,
                          push).astype(bool)


def fortune_line_codes(codes, int variant):
    """The Fortune bonus line number of seven codes (see FORTUNE_LINES)."""
    cdef const pr_tables *t = _tables(variant)
    arr = _one_row(codes, 7, "the Fortune bonus")
    cdef const uint8_t[:, ::1] mv = arr
    _check(t, mv)
    return pg_fortune_line(t, &mv[0, 0])


def fortune_batch(codes, int variant, bint check=True):
    """Fortune bonus line numbers (uint8 (n,)) of an (n, 7) array of hands."""
    return _per_row_batch(codes, variant, check, "fortune_lines", pg_fortune_batch)


def fortune_enumerate(int variant):
    """How many of the 154,143,080 seven-card hands fall on each Fortune line
    (uint64 array indexed as FORTUNE_LINES), by full enumeration in C."""
    cdef const pr_tables *t = _tables(variant)
    out = np.zeros(PG_FORTUNE_NLINES, dtype=np.uint64)
    cdef uint64_t[::1] o = out
    with nogil:
        pg_fortune_enumerate(t, &o[0])
    return out


# ------------------------------------------------- strategy solver, simulation

#: The counts of a simulation chunk, indexed as the C kernel writes them.
SIM_COUNTS = ("rounds", "wins", "pushes", "losses", "high_copies", "low_copies",
              "player_fouls", "banker_fouls", "banker_pushes")
assert len(SIM_COUNTS) == PG_SIM_NCOUNTS

#: Hands or rounds per GIL-free stretch of the sampling and simulation kernels
#: (about 0.2 s): Ctrl-C and other signals are seen between pieces. The piece
#: size never changes a result: the generator and the permuted cards carry over.
PIECE = 1 << 20


cdef int64_t _piece(piece) except -1:
    if piece < 1:
        raise PokerRulesError(f"a piece holds at least one draw, got {piece}")
    return min(piece, (<int64_t>1 << 62))


cdef const pr_tables *_sim_tables(int variant) except NULL:
    cdef const pr_tables *t = _tables(variant)
    if pg_sim_prepare(t) < 0:
        raise MemoryError("cannot build the two-card index table")
    return t


cdef void _seed(pg_rng *r, seed_words) except *:
    words = np.ascontiguousarray(seed_words, dtype=np.uint64)
    if words.shape != (4,):
        raise ValueError("a kernel seed is four 64-bit words")
    cdef uint64_t[::1] w = words
    pg_rng_seed(r, &w[0])


cdef uint64_t _dead_mask(const pr_tables *t, dead) except? 0:
    """The bit mask of distinct deck codes; raises for a bad code."""
    codes = list(dead)
    if not codes:
        return 0
    arr = _one_row(codes, len(codes), "the dead cards")
    cdef const uint8_t[:, ::1] mv = arr
    _check(t, mv)
    cdef uint64_t mask = 0
    for c in codes:
        mask |= (<uint64_t>1) << <int>c
    return mask


def hist_shape(int variant):
    """(number of five-card values + 1, number of two-card ranks): a banker histogram's shape."""
    cdef const pr_tables *t = _sim_tables(variant)
    return (t.nclasses + 1, pg_nlow(t))


cdef _new_hist(const pr_tables *t):
    return np.zeros((t.nclasses + 1, pg_nlow(t)), dtype=np.int64)


def setting_outcomes(codes, int variant):
    """The 21 settings of seven distinct codes, fronts in position order (0,1),
    (0,2) ... (5,6): (high values uint16 (21,), low indexes uint8 (21,), fouls bool (21,))."""
    cdef const pr_tables *t = _sim_tables(variant)
    arr = _one_row(codes, 7, "a Pai Gow hand")
    cdef const uint8_t[:, ::1] mv = arr
    _check(t, mv)
    high = np.zeros(21, dtype=np.uint16)
    low = np.zeros(21, dtype=np.uint8)
    foul = np.zeros(21, dtype=np.uint8)
    cdef uint16_t[::1] h = high
    cdef uint8_t[::1] l = low
    cdef uint8_t[::1] f = foul
    pg_setting_outcomes(t, &mv[0, 0], &h[0], &l[0], &f[0], 0, NULL)
    return high, low, foul.astype(bool)


def banker_hist_brute(dead, int variant, way, int push=0):
    """Histogram (int64, hist_shape) of every banker hand of the cards outside
    ``dead`` set by a house way, one hand at a time (the reference method); a
    hand that pushes under push rule ``push`` in cell (0, nlow - 1)."""
    cdef const pr_tables *t = _sim_tables(variant)
    cdef const pg_way *w = _way(way, t)
    _push(push)
    cdef uint64_t mask = _dead_mask(t, dead)
    hist = _new_hist(t)
    cdef int64_t[:, ::1] h = hist
    with nogil:
        pg_banker_hist_brute(t, mask, w, push, &h[0, 0])
    return hist


def banker_hist_part(dead, int variant, way, int part, int nparts, int push=0):
    """Part ``part`` of ``nparts`` of the same histogram by rank multisets
    (cells may be negative; the parts sum to the histogram)."""
    cdef const pr_tables *t = _sim_tables(variant)
    cdef const pg_way *w = _way(way, t)
    _push(push)
    if nparts < 1 or not 0 <= part < nparts:
        raise PokerRulesError(f"part {part} of {nparts} does not exist")
    cdef uint64_t mask = _dead_mask(t, dead)
    hist = _new_hist(t)
    cdef int64_t[:, ::1] h = hist
    cdef int status
    with nogil:
        status = pg_banker_hist_part(t, mask, w, push, part, nparts, &h[0, 0])
    if status < 0:
        raise MemoryError("cannot allocate the enumeration's caches")
    return hist


def banker_hist_sample(dead, int variant, way, int64_t n, seed_words, piece=PIECE, int push=0):
    """Histogram of ``n`` banker hands drawn uniformly from the cards outside
    ``dead``, ``piece`` hands at a time (signals are checked between pieces;
    the result does not depend on ``piece``); pushes under ``push`` as
    banker_hist_brute."""
    cdef const pr_tables *t = _sim_tables(variant)
    cdef const pg_way *w = _way(way, t)
    _push(push)
    cdef uint64_t mask = _dead_mask(t, dead)
    if n < 0:
        raise PokerRulesError(f"a sample size is not negative, got {n}")
    cdef int64_t step = _piece(piece), k
    cdef uint8_t live[53]
    cdef int nlive = pg_live_cards(t, mask, live)
    if nlive < 7:
        raise PokerRulesError("fewer than seven cards are left to draw")
    cdef pg_rng r
    _seed(&r, seed_words)
    hist = _new_hist(t)
    cdef int64_t[:, ::1] h = hist
    while n > 0:
        k = min(n, step)
        with nogil:
            pg_banker_hist_sample(t, live, nlive, w, push, k, &r, &h[0, 0])
        n -= k
        PyErr_CheckSignals()
    return hist


def sim_deal(int64_t n, seed_words):
    """uint8 (n, 14): the player's seven codes then the banker's, exactly as
    ``sim_rounds`` deals them from the same seed."""
    if n < 0:
        raise PokerRulesError(f"a number of rounds is not negative, got {n}")
    cdef pg_rng r
    _seed(&r, seed_words)
    out = np.zeros((n, 14), dtype=np.uint8)
    if n == 0:
        return out
    cdef uint8_t[:, ::1] o = out
    with nogil:
        pg_sim_deal(n, &r, &o[0, 0])
    return out


def sim_rounds(int variant, player_way, banker_way, int64_t n, seed_words,
               piece=PIECE, int push=0):
    """Deals, sets and settles ``n`` heads-up rounds in C (GIL released),
    ``piece`` rounds at a time (signals are checked between pieces; the result
    does not depend on ``piece``), a banker hand that pushes under push rule
    ``push`` pushing. Returns int64 counts indexed as SIM_COUNTS."""
    cdef const pr_tables *t = _sim_tables(variant)
    _push(push)
    cdef const pg_way *pw = _way(player_way, t)
    cdef const pg_way *bw = _way(banker_way, t)
    if n < 0:
        raise PokerRulesError(f"a number of rounds is not negative, got {n}")
    cdef int64_t step = _piece(piece), k
    cdef uint8_t deck[53]
    for k in range(53):
        deck[k] = <uint8_t>k
    cdef pg_rng r
    _seed(&r, seed_words)
    counts = np.zeros(PG_SIM_NCOUNTS, dtype=np.int64)
    cdef int64_t[::1] c = counts
    while n > 0:
        k = min(n, step)
        with nogil:
            pg_sim_rounds(t, pw, bw, push, k, &r, deck, &c[0])
        n -= k
        PyErr_CheckSignals()
    return counts


def settle_batch(player, banker, int variant, int push=0):
    """Settlement flags (uint8 (n,)) of (n, 7) player and banker settings
    (five high codes, then two low): bits 0-1 the player's 0 loss / 1 push /
    2 win, 4 a copied high hand, 8 a copied low hand, 16 a player foul, 32 a
    banker foul, 64 the banker's hand pushed under push rule ``push``. Each row
    pair is checked: 14 distinct deck cards."""
    cdef const pr_tables *t = _sim_tables(variant)
    _push(push)
    p = _rows(player, 7, "settle_batch")
    b = _rows(banker, 7, "settle_batch")
    if p.shape != b.shape:
        raise HandSizeError(f"{p.shape[0]} player rows but {b.shape[0]} banker rows")
    both = np.ascontiguousarray(np.concatenate([p, b], axis=1))
    cdef const uint8_t[:, ::1] mv = both
    _check(t, mv)
    cdef int64_t n = p.shape[0]
    out = np.zeros(n, dtype=np.uint8)
    if n == 0:
        return out
    cdef const uint8_t[:, ::1] pv = p
    cdef const uint8_t[:, ::1] bv = b
    cdef uint8_t[::1] o = out
    with nogil:
        pg_settle_batch(t, &pv[0, 0], &bv[0, 0], push, n, &o[0])
    return out


# ------------------------------------------------------------ exact count

include "paigow_exact.pxi"
include "paigow_optimal.pxi"
include "paigow_sidebet.pxi"
