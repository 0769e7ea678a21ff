# The exact count of every pair of hands (ext/paigow_exact.c), included from _paigow.pyx.

cdef extern from "paigow_exact.h" nogil:
    int PGX_PAD
    int64_t pgx_binom(int n, int k)
    void pgx_hands(const uint8_t *deck, int ndeck, int64_t start, int64_t n, uint8_t *out)
    void pgx_fill_way(const pr_tables *t, const uint8_t *deck, int ndeck, const pg_way *way,
                      int push, int side, int sides, int64_t start, int64_t n, uint8_t *table)
    int64_t pgx_fill_settings(const pr_tables *t, const uint8_t *deck, int ndeck, int64_t start,
                              int64_t n, const uint8_t *rows, int push, int side, int sides,
                              uint8_t *table, int *why)
    int64_t pgx_first_asymmetric(const uint8_t *deck, int ndeck, int sides,
                                 const uint8_t *table, const uint8_t *gens, int ngens,
                                 int64_t start, int64_t n)
    int pgx_count_part(const uint8_t *deck, int ndeck, int sides, const uint8_t *table,
                       const uint8_t *group, int ngroup, int part, int nparts, int64_t *out)
    void pgx_count_hand(int ndeck, int sides, const uint8_t *table, const uint8_t *pos,
                        uint32_t key, int64_t *out)
    int64_t pgx_fill_staircase(const pr_tables *t, const uint8_t *deck, int ndeck,
                               int64_t start, int64_t n, int side, int sides, uint8_t *table,
                               uint8_t *sizes, uint32_t *points)
    int pgx_count_shown_part(const uint8_t *deck, int ndeck, int sides, const uint8_t *table,
                             const uint32_t *offsets, const uint32_t *points,
                             uint32_t npoints, const uint8_t *group, int ngroup, int part,
                             int nparts, int64_t *out)


def exact_table_bytes(int ndeck, int sides):
    """Bytes of the outcome table of a deck of ndeck cards, one or two sides."""
    return int(pgx_binom(ndeck, 7)) * (3 if sides == 1 else 5) + PGX_PAD


cdef const uint8_t[::1] _deck_view(deck) except *:
    arr = np.ascontiguousarray(deck, dtype=np.uint8)
    if arr.ndim != 1 or not 7 <= arr.shape[0] <= 53 or (np.diff(arr.astype(np.int64)) <= 0).any() \
            or arr[arr.shape[0] - 1] > 52:
        raise PokerRulesError("a deck is 7 to 53 increasing card codes")
    return arr


cdef uint8_t[::1] _table_view(table, int ndeck, int sides) except *:
    if not isinstance(table, np.ndarray) or table.dtype != np.uint8 or table.ndim != 1 \
            or table.shape[0] != exact_table_bytes(ndeck, sides) \
            or not table.flags.c_contiguous or not table.flags.writeable:
        raise PokerRulesError("not an outcome table of this deck")
    return table


def exact_hands(deck, int64_t start, int64_t n):
    """uint8 (n, 7): the hands start .. start + n - 1 of the deck (colex order), as codes."""
    cdef const uint8_t[::1] d = _deck_view(deck)
    cdef int64_t total = pgx_binom(d.shape[0], 7)
    if start < 0 or n < 0 or start + n > total:
        raise PokerRulesError(f"hands {start}..{start + n} of {total} do not exist")
    out = np.zeros((n, 7), dtype=np.uint8)
    cdef uint8_t[:, ::1] o = out
    if n:
        with nogil:
            pgx_hands(&d[0], d.shape[0], start, n, &o[0, 0])
    return out


cdef int _hand_range(int ndeck, int64_t start, int64_t n) except -1:
    cdef int64_t total = pgx_binom(ndeck, 7)
    if start < 0 or n < 0 or start > total or n > total - start:
        raise PokerRulesError(f"hands {start}..{start + n} of {total} do not exist")
    return 0


def exact_fill_way(deck, int variant, way, int side, int sides, table, int64_t start,
                   int64_t n, int push=0):
    """Side ``side`` of the table for hands start .. start + n - 1, each set by a
    built-in way; a setting that pushes under push rule ``push`` (give it for the
    banker's side only) holds the push key (back 0, front 127)."""
    cdef const pr_tables *t = _sim_tables(variant)
    _push(push)
    cdef const pg_way *w = _way(way, t)
    cdef const uint8_t[::1] d = _deck_view(deck)
    cdef uint8_t[::1] tv = _table_view(table, d.shape[0], sides)
    if not 0 <= side < sides:
        raise PokerRulesError(f"no side {side} in a table of {sides}")
    _hand_range(d.shape[0], start, n)
    if n:
        with nogil:
            pgx_fill_way(t, &d[0], d.shape[0], w, push, side, sides, start, n, &tv[0])


def exact_fill_settings(deck, int variant, int64_t start, rows, int side, int sides, table,
                        int push=0):
    """Stores settings (n, 7) of hands start.. on a side (pushes under ``push`` as
    exact_fill_way); returns (-1, 0) or (first bad row, 1 not its hand's cards /
    2 a foul)."""
    cdef const pr_tables *t = _sim_tables(variant)
    _push(push)
    cdef const uint8_t[::1] d = _deck_view(deck)
    cdef uint8_t[::1] tv = _table_view(table, d.shape[0], sides)
    arr = np.ascontiguousarray(rows, dtype=np.uint8)
    cdef const uint8_t[:, ::1] r = arr
    cdef int64_t n = r.shape[0], bad = -1
    cdef int why = 0
    if r.shape[1] != 7 or start < 0 or start + n > pgx_binom(d.shape[0], 7):
        raise PokerRulesError("settings rows do not fit the table")
    if not 0 <= side < sides:
        raise PokerRulesError(f"no side {side} in a table of {sides}")
    if n:
        with nogil:
            bad = pgx_fill_settings(t, &d[0], d.shape[0], start, n, &r[0, 0], push, side,
                                    sides, &tv[0], &why)
    return int(bad), why


cdef const uint8_t[:, ::1] _maps(maps, int ndeck) except *:
    arr = np.ascontiguousarray(maps, dtype=np.uint8)
    if arr.ndim != 2 or arr.shape[0] < 1 or arr.shape[1] != ndeck:
        raise PokerRulesError("position maps are rows of the deck's positions")
    if (np.sort(arr, axis=1) != np.arange(ndeck)).any():
        raise PokerRulesError("a position map is no permutation of the deck")
    return arr


def exact_first_asymmetric(deck, int sides, table, gens, int64_t start, int64_t n):
    """-1, or the first of hands start .. start + n - 1 whose outcomes change under
    one of the position maps."""
    cdef const uint8_t[::1] d = _deck_view(deck)
    cdef uint8_t[::1] tv = _table_view(table, d.shape[0], sides)
    cdef const uint8_t[:, ::1] g = _maps(gens, d.shape[0])
    _hand_range(d.shape[0], start, n)
    cdef int64_t bad = -1
    if n:
        with nogil:
            bad = pgx_first_asymmetric(&d[0], d.shape[0], sides, &tv[0], &g[0, 0], g.shape[0],
                                       start, n)
    return int(bad)


def exact_count_part(deck, int sides, table, group, int part, int nparts):
    """(wins, losses, hands visited) of part ``part`` of ``nparts`` (signed sums)."""
    cdef const uint8_t[::1] d = _deck_view(deck)
    cdef uint8_t[::1] tv = _table_view(table, d.shape[0], sides)
    cdef const uint8_t[:, ::1] g = _maps(group, d.shape[0])
    if nparts < 1 or not 0 <= part < nparts:
        raise PokerRulesError(f"part {part} of {nparts} does not exist")
    cdef int64_t out[3]
    cdef int status
    with nogil:
        status = pgx_count_part(&d[0], d.shape[0], sides, &tv[0], &g[0, 0], g.shape[0],
                                part, nparts, out)
    if status < 0:
        raise MemoryError("cannot allocate the counting grids")
    return int(out[0]), int(out[1]), int(out[2])


def exact_count_hand(deck, int sides, table, positions, int key):
    """(wins, losses, hands visited) of the player hand at the 7 deck positions
    (its setting's key: back value * 128 + front index) against every banker
    hand disjoint from it."""
    cdef const uint8_t[::1] d = _deck_view(deck)
    cdef uint8_t[::1] tv = _table_view(table, d.shape[0], sides)
    arr = np.ascontiguousarray(positions, dtype=np.int64)
    if arr.shape != (7,) or (np.diff(arr) <= 0).any() or arr[0] < 0 or arr[6] >= d.shape[0]:
        raise PokerRulesError("a hand is 7 increasing positions of the deck")
    if not 0 <= key < (1 << 20):
        raise PokerRulesError(f"no setting has the key {key}")
    cdef uint8_t pos[7]
    for j in range(7):
        pos[j] = <uint8_t>arr[j]
    cdef int64_t out[3]
    with nogil:
        pgx_count_hand(d.shape[0], sides, &tv[0], pos, <uint32_t>key, out)
    return int(out[0]), int(out[1]), int(out[2])


def exact_staircase_sizes(deck, int variant, int side, int sides, table, int64_t start,
                          int64_t n):
    """The shown banker hand: uint8 (n,) the sizes of hands start .. start + n - 1's
    staircases (their settings' frontiers), each hand's loss key (highest back
    value * 128 + highest front index) stored on side ``side`` of the table."""
    cdef const pr_tables *t = _sim_tables(variant)
    cdef const uint8_t[::1] d = _deck_view(deck)
    cdef uint8_t[::1] tv = _table_view(table, d.shape[0], sides)
    if not 0 <= side < sides:
        raise PokerRulesError(f"no side {side} in a table of {sides}")
    _hand_range(d.shape[0], start, n)
    sizes = np.zeros(n, dtype=np.uint8)
    cdef uint8_t[::1] sv = sizes
    if n:
        with nogil:
            pgx_fill_staircase(t, &d[0], d.shape[0], start, n, side, sides, &tv[0], &sv[0],
                               NULL)
    return sizes


def exact_staircase_points(deck, int variant, int64_t start, int64_t n, points, int64_t at):
    """Writes hands start .. start + n - 1's staircase points (each frontier key,
    back values falling, hand after hand) into the uint32 array ``points`` from
    index ``at``; returns how many (refused, nothing written, if they would not fit)."""
    cdef const pr_tables *t = _sim_tables(variant)
    cdef const uint8_t[::1] d = _deck_view(deck)
    _hand_range(d.shape[0], start, n)
    if not isinstance(points, np.ndarray) or points.dtype != np.uint32 or points.ndim != 1 \
            or not points.flags.c_contiguous or not points.flags.writeable:
        raise PokerRulesError("staircase points are a writeable uint32 array")
    cdef int64_t need = 0
    if n:
        with nogil:
            need = pgx_fill_staircase(t, &d[0], d.shape[0], start, n, 0, 2, NULL, NULL, NULL)
    if at < 0 or at + need > points.shape[0]:
        raise PokerRulesError(f"{need} staircase points from {at} do not fit in "
                              f"{points.shape[0]}")
    cdef uint32_t[::1] pv = points
    if need:
        with nogil:
            pgx_fill_staircase(t, &d[0], d.shape[0], start, n, 0, 2, NULL, NULL, &pv[at])
    return int(need)


def exact_count_shown_part(deck, int sides, table, offsets, points, group, int part,
                           int nparts):
    """(wins, losses, hands visited) of part ``part`` of ``nparts`` (signed sums)
    for a player who sets knowing the banker's setting: offsets uint32 (hands + 1,)
    and points uint32 as exact_fill_staircase lists them, the loss keys on side 0."""
    cdef const uint8_t[::1] d = _deck_view(deck)
    cdef uint8_t[::1] tv = _table_view(table, d.shape[0], sides)
    cdef const uint8_t[:, ::1] g = _maps(group, d.shape[0])
    cdef int64_t hands = pgx_binom(d.shape[0], 7)
    if not isinstance(offsets, np.ndarray) or offsets.dtype != np.uint32 \
            or offsets.shape != (hands + 1,) or not offsets.flags.c_contiguous:
        raise PokerRulesError("staircase offsets are uint32, one per hand and one more")
    if not isinstance(points, np.ndarray) or points.dtype != np.uint32 or points.ndim != 1 \
            or not points.flags.c_contiguous or points.shape[0] < int(offsets[hands]) \
            or points.shape[0] >= 2**32:
        raise PokerRulesError("staircase points do not fit their offsets")
    if nparts < 1 or not 0 <= part < nparts:
        raise PokerRulesError(f"part {part} of {nparts} does not exist")
    cdef const uint32_t[::1] ov = offsets
    cdef const uint32_t[::1] pv = points if points.shape[0] else np.zeros(1, dtype=np.uint32)
    cdef int64_t out[3]
    cdef int64_t k
    cdef uint32_t npoints = points.shape[0]
    cdef int status
    cdef bint rising = True
    with nogil:  # in place: no copy of the offsets (a uint32 per hand of the deck)
        for k in range(hands):
            if ov[k] > ov[k + 1]:
                rising = False
                break
    if not rising:
        raise PokerRulesError("staircase offsets fall")
    with nogil:  # C reads within the points whatever the offsets become meanwhile
        status = pgx_count_shown_part(&d[0], d.shape[0], sides, &tv[0], &ov[0], &pv[0],
                                      npoints, &g[0, 0], g.shape[0], part,
                                      nparts, out)
    if status < 0:
        raise MemoryError("cannot allocate the counting grids")
    return int(out[0]), int(out[1]), int(out[2])
