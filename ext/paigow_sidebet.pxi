# The side bets' enumerations, included in _paigow.pyx (see paigow_sidebet.h).

cdef extern from "paigow_sidebet.h" nogil:
    int PG_SB_NTOPS, PG_SB_NSEVEN, PG_SB_NLOW
    int pg_sb_seven_cell(const pr_tables *t, const uint8_t *hand)
    int pg_sb_low_cell(const uint8_t *low)
    void pg_sb_seven_enumerate(const pr_tables *t, int first, int last, uint64_t *counts)
    void pg_sb_banker_enumerate(const pr_tables *t, const pg_way *w, int first, int last,
                                uint64_t *counts)

#: The shape of the side bets' cells: seven-card cells (Fortune line, pai gow top,
#: royal, three pair) and two-card cells (higher rank, pair).
SIDEBET_SEVEN_SHAPE = (PG_FORTUNE_NLINES, PG_SB_NTOPS, 2, 2)
SIDEBET_LOW_SHAPE = (13, 2)


def sidebet_seven_cells(codes, int variant):
    """The seven-card cell numbers (int (n,)) of an (n, 7) array of hands, checked."""
    cdef const pr_tables *t = _tables(variant)
    arr = _rows(codes, 7, "sidebet cells")
    cdef const uint8_t[:, ::1] mv = arr
    _check(t, mv)
    cdef int64_t i, n = arr.shape[0]
    out = np.zeros(n, dtype=np.int32)
    cdef int32_t[::1] o = out
    with nogil:
        for i in range(n):
            o[i] = pg_sb_seven_cell(t, &mv[i, 0])
    return out


def sidebet_low_cells(codes):
    """The two-card cell numbers (int (n,)) of an (n, 2) array of two-card hands."""
    arr = _rows(codes, 2, "sidebet cells")
    cdef const uint8_t[:, ::1] mv = arr
    cdef int64_t i, n = arr.shape[0]
    out = np.zeros(n, dtype=np.int32)
    cdef int32_t[::1] o = out
    for i in range(n):
        o[i] = pg_sb_low_cell(&mv[i, 0])
    return out


def sidebet_seven_enumerate(int variant, int first=0, int last=48):
    """Counts (uint64, SIDEBET_SEVEN_SHAPE flattened) of every seven-card hand whose
    lowest code is in first .. last - 1, by cell, in C (GIL released)."""
    cdef const pr_tables *t = _tables(variant)
    if not 0 <= first <= last <= 48:
        raise PokerRulesError(f"no first cards {first} .. {last}")
    out = np.zeros(PG_SB_NSEVEN, dtype=np.uint64)
    cdef uint64_t[::1] o = out
    with nogil:
        pg_sb_seven_enumerate(t, first, last, &o[0])
    return out


def sidebet_banker_enumerate(int variant, way, int first=0, int last=48):
    """Counts (uint64, seven-card cells x two-card cells flattened) of every
    seven-card hand whose lowest code is in first .. last - 1, set by a house way
    (a built-in way's number or a CompiledWay), in C (GIL released)."""
    cdef const pr_tables *t = _tables(variant)
    cdef const pg_way *w = _way(way, t)
    if not 0 <= first <= last <= 48:
        raise PokerRulesError(f"no first cards {first} .. {last}")
    out = np.zeros(PG_SB_NSEVEN * PG_SB_NLOW, dtype=np.uint64)
    cdef uint64_t[::1] o = out
    with nogil:
        pg_sb_banker_enumerate(t, w, first, last, &o[0])
    return out
