# The best setting of every hand (ext/paigow_optimal.c), included from _paigow.pyx.

cdef extern from "paigow_optimal.h" nogil:
    int PGO_NSET, PGO_AUTO, PGO_DENSE, PGO_SWEEP
    int pgo_solve(const pr_tables *t, const uint8_t *deck, int ndeck, int sides,
                  const uint8_t *table, const uint8_t *group, int ngroup, const uint8_t *hands,
                  int64_t n, int mode, int ties_to_hand, int push, int64_t *wins,
                  int64_t *losses)


#: The most hands one optimal_counts call takes (its work lists index them in 32 bits).
OPTIMAL_MOST_HANDS = 1 << 26
#: How optimal_counts counts a family: by its size, all on the dense grid, all by the sweep.
OPTIMAL_MODES = ("auto", "dense", "sweep")


def optimal_counts(deck, int variant, int sides, table, group, hands, mode="auto",
                   bint ties_to_hand=False, int push=0):
    """(wins, losses): int64 (n, 21) each, every setting of each hand (rows of 7
    increasing deck positions) against every opposing hand disjoint from it, the
    opposing keys on side ``sides - 1`` of the table, invariant under the position
    maps ``group``; -1 for a setting that fouls. Copies go to the table's side
    (the banker's), or with ``ties_to_hand`` to the hands counted (the banker's
    seat against a player's table). ``push``: the rules' banker push number
    (``PaiGowRules.push_number``) of the hands counted, from the banker's seat: a
    setting that pushes under it counts no win and no loss."""
    cdef const pr_tables *t = _sim_tables(variant)
    cdef const uint8_t[::1] d = _deck_view(deck)
    cdef uint8_t[::1] tv = _table_view(table, d.shape[0], sides)
    cdef const uint8_t[:, ::1] g = _maps(group, d.shape[0])
    if mode not in OPTIMAL_MODES:
        raise PokerRulesError(f"mode must be one of {', '.join(OPTIMAL_MODES)}, not {mode!r}")
    _push(push)
    cdef int how = OPTIMAL_MODES.index(mode)
    arr = np.ascontiguousarray(hands)
    if arr.ndim != 2 or arr.shape[1] != 7 or arr.dtype.kind not in "iu":
        raise PokerRulesError("hands are rows of 7 integer deck positions")
    if arr.shape[0] > OPTIMAL_MOST_HANDS:
        raise PokerRulesError(f"{arr.shape[0]} hands in one call; at most {OPTIMAL_MOST_HANDS}")
    if arr.shape[0] and ((arr[:, 0] < 0).any() or (arr[:, 6] >= d.shape[0]).any()
                         or (np.diff(arr.astype(np.int64), axis=1) <= 0).any()):
        raise PokerRulesError("a hand is 7 increasing positions of the deck")
    arr = arr.astype(np.uint8)
    cdef const uint8_t[:, ::1] h = arr
    cdef int64_t n = arr.shape[0]
    wins = np.zeros((n, PGO_NSET), dtype=np.int64)
    losses = np.zeros((n, PGO_NSET), dtype=np.int64)
    if n == 0:
        return wins, losses
    cdef int64_t[:, ::1] w = wins
    cdef int64_t[:, ::1] lo = losses
    cdef int status
    with nogil:
        status = pgo_solve(t, &d[0], d.shape[0], sides, &tv[0], &g[0, 0], g.shape[0], &h[0, 0],
                           n, how, ties_to_hand, push, &w[0, 0], &lo[0, 0])
    if status < 0:
        raise MemoryError("cannot allocate the optimal-play counts' work lists")
    return wins, losses
