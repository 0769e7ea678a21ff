# East-West's batch (included by _vector.pyx): its rules' table for the driver,
# its stacked deals and its game dict.

cdef extern from "east_west_vec.h" nogil:
    int EW_ROWS, EW_CAPACITY, EW_BOARD, EW_DEALT, EW_DECK, EW_FIRST_CODE
    int EW_ACTIONS, EW_MAJORITY, EW_TWO_ROWS
    ctypedef struct ew_game:
        vd_head head
        uint8_t deck[27]
        uint8_t rows[2][3][4]
        uint8_t count[2][3]
        int8_t dealer
        uint8_t placed
    ctypedef struct ew_layout:
        int board, own_rows, other_rows, drawn, own_counts, other_counts, to_move, dealer
        int seat, stock
    ctypedef struct ew_rules:
        const pr_tables *tables
        int win_rule
        ew_layout at
        int obs_size
    const vd_game EW_GAME
    void ew_deal_stacked(ew_game *g, int dealer, const uint8_t *cards)


#: Who plays the seat that is not the learner's, by name.
OPPONENTS = {name: _OPPONENTS[name] for name in ("self", "random", "greedy", "outside")}
WIN_RULES = {"majority": EW_MAJORITY, "two_rows": EW_TWO_ROWS}
#: East-West's rows, their capacity and the board: the one source of
#: pokerrules.eastwest.rules' ROWS, ROW_CAPACITY and BOARD_SIZE.
ROWS = EW_ROWS
ROW_CAPACITY = EW_CAPACITY
BOARD_SIZE = EW_BOARD
_SEATS = ("West", "East")


def opponent_seed(seed):
    """The seed of the deal stream the built-in random opponent draws from in an
    episode dealt from ``seed`` (0 to 2**53 - 1)."""
    return _opponent_seed(&EW_GAME, seed)


cdef class EastWestBatch(_Batch):
    """N games of East-West with one learner seat (or self-play).

    Args:
        n: games (1 to MAX_GAMES).
        variant: the ``variant`` of the rules' piquet :class:`HandRules`.
        win_rule: "majority" or "two_rows".
        seat: the learner's seat (0 West, 1 East); ignored in self-play.
        opponent: "self" (the caller plays both seats), "random", "greedy" (played
            here) or "outside" (the caller plays the other seat through
            :meth:`place`).
    """

    cdef ew_rules rules

    def __cinit__(self, Py_ssize_t n, int variant, str win_rule, int seat, str opponent):
        if win_rule not in WIN_RULES or opponent not in OPPONENTS or seat not in (0, 1):
            raise PokerRulesError(f"no win rule {win_rule!r}, opponent {opponent!r} or seat {seat}")
        self.rules.tables = shared_tables(variant)
        if self.rules.tables == NULL or (self.rules.tables.variant & 3) != 2:
            raise PokerRulesError(f"variant {variant} is no piquet ranking")
        self.rules.win_rule = WIN_RULES[win_rule]
        from pokerrules.envs.east_west_v0 import EastWestEncoding
        fields = EastWestEncoding.fields_for()
        self.rules.at = _starts(fields)
        self.rules.obs_size = _size(fields)
        self.setup(n, &EW_GAME, &self.rules, seat, opponent, tuple(OPPONENTS), fields,
                   EW_ACTIONS, 2)

    @property
    def field_starts(self):
        """Where the engine writes each field of the observation, by name."""
        return self.rules.at

    cdef ew_game *at(self, Py_ssize_t i):
        return <ew_game *>vd_at(&self.b, i)

    def stack(self, dealers, cards):
        """Deals each game as given (for explicit chance): ``dealers`` (n,) of 0 or
        1 and ``cards`` (n, 27), each row distinct piquet codes: the board (rows 0,
        1, 2), then the cards drawn in turn. A built-in opponent then plays to the
        learner's turn.

        Raises:
            HandSizeError, ArgumentTypeError, PokerRulesError: arrays of another
                shape or type, a dealer other than 0 or 1, a code outside the piquet
                deck or twice in a game (the game is named); nothing changes.
        """
        cdef Py_ssize_t i
        cdef uint8_t[:, ::1] cv
        self.enter("stack")
        try:
            d = _int_array(dealers, self.n, "dealers")
            c = np.array(cards, copy=True)
            if c.shape != (self.n, EW_DEALT):
                raise HandSizeError(
                    f"cards must have shape ({self.n}, {EW_DEALT}), not {c.shape}")
            if c.dtype.kind not in "iu":
                raise ArgumentTypeError(f"cards must be integers, not {c.dtype}")
            c = np.array(c, dtype=np.int64, order="C")
            for i in range(self.n):
                row = c[i]
                if d[i] not in (0, 1):
                    raise PokerRulesError(f"game {i}: dealer {d[i]} is neither 0 nor 1")
                if row.min() < EW_FIRST_CODE or row.max() >= EW_FIRST_CODE + EW_DECK:
                    raise PokerRulesError(
                        f"game {i}: a code outside the piquet deck (20 to 51)")
                if len(np.unique(row)) != EW_DEALT:
                    raise PokerRulesError(f"game {i}: a card is dealt twice")
            cv = np.array(c, dtype=np.uint8, order="C")
            for i in range(self.n):
                self.stacked(i)
                ew_deal_stacked(self.at(i), d[i], &cv[i, 0])
                self.stacked_opponent(i)
        finally:
            self.busy = False

    cdef str unknown(self, Py_ssize_t i, int64_t action):
        return (f"game {i}: action {action} does not exist; actions are 0, 1 and 2 "
                "(the row to place the drawn card on)")

    cdef str illegal(self, Py_ssize_t i, int64_t action):
        cdef int seat = self.at(i).head.to_move
        return (f"game {i}: action {action} is illegal: row {action} is full "
                f"({_SEATS[seat]}, player {seat}, has four cards there)")

    def game(self, Py_ssize_t i):
        """Game ``i`` as a dict: ``seed``, ``dealer``, ``to_move`` (None when over),
        ``board`` (3 codes), ``rows`` (per seat, per row, the codes placed in
        order), ``drawn`` (the card to place, None when over), ``stock`` (face-down
        cards), ``done``."""
        self.check_game(i)
        cdef ew_game *g = self.at(i)
        self.enter("game")
        try:
            over = g.head.to_move < 0
            return {
                "seed": g.head.seed,
                "dealer": g.dealer,
                "to_move": None if over else g.head.to_move,
                "board": tuple(g.deck[r] for r in range(EW_BOARD)),
                "rows": tuple(tuple(tuple(g.rows[s][r][k] for k in range(g.count[s][r]))
                                    for r in range(EW_ROWS)) for s in range(2)),
                "drawn": None if over else g.deck[EW_BOARD + g.placed],
                "stock": 5 if over else EW_DECK - EW_BOARD - 1 - g.placed,
                "done": bool(g.head.done),
            }
        finally:
            self.busy = False


# --- the greedy rule, for pokerrules.eastwest (row_strength, GreedyAgent) -----

cdef extern from "east_west_vec.h" nogil:
    # the header's sizes, as constants Cython sizes arrays with
    enum:
        _ROWS "EW_ROWS"
        _SLOTS "(EW_ROWS * EW_CAPACITY)"
    double ew_row_strength(const pr_tables *t, const uint8_t *codes, int n)
    int ew_greedy_pick(const pr_tables *t, const uint8_t *board, const uint8_t *side,
                       const uint8_t *count, int card, const int *rows, int n)


cdef const pr_tables *_ranking(int variant) except NULL:
    cdef const pr_tables *t = shared_tables(variant)
    if t == NULL:
        raise PokerRulesError(f"no ranking of variant {variant}")
    return t


cdef int _deck_code(const pr_tables *t, object card, uint64_t *seen):
    """``card``'s code when it is an int code of the deck not in ``seen`` (then added
    there), else -1."""
    if isinstance(card, bool) or not isinstance(card, (int, np.integer)):
        return -1
    if not 0 <= card < 64:
        return -1
    cdef int code = card
    cdef uint64_t bit = (<uint64_t>1) << code
    if not (t.deck_mask & bit) or (seen[0] & bit):
        return -1
    seen[0] |= bit
    return code


def east_west_row_strength(int variant, cards):
    """pokerrules.eastwest.row_strength of ``cards`` (1 to 5 distinct int codes of the
    deck of the rules ``variant``).

    Raises:
        PokerRulesError: cards that are not such codes."""
    cdef const pr_tables *t = _ranking(variant)
    cdef uint8_t codes[5]
    cdef uint64_t seen = 0
    cdef int n = 0, code
    if not 1 <= len(cards) <= 5:
        raise PokerRulesError(f"a row holds 1 to 5 cards, not {len(cards)}")
    for card in cards:
        code = _deck_code(t, card, &seen)
        if code < 0:
            raise PokerRulesError(f"{card!r} is no card of the deck, or twice in the row")
        codes[n] = <uint8_t>code
        n += 1
    return ew_row_strength(t, codes, n)


def east_west_greedy(int variant, board, side, card, rows):
    """The greedy rule's choice: the index into ``rows`` (candidate row numbers) of
    the first row whose strength the drawn ``card`` raises the most, ``board`` the
    three board cards and ``side`` the mover's three rows of cards placed; -1 when a
    candidate's cards (its board card, its cards, ``card``) are not distinct int
    codes of the deck of the rules ``variant``, or the row is no open row.

    Raises:
        PokerRulesError: no candidate rows, or more than three."""
    cdef const pr_tables *t = _ranking(variant)
    cdef uint8_t board_codes[_ROWS]
    cdef uint8_t held[_SLOTS]
    cdef uint8_t count[_ROWS]
    cdef int candidates[_ROWS]
    cdef int n = len(rows), i, k, r, code = -1
    cdef uint64_t seen
    if not 1 <= n <= EW_ROWS:
        raise PokerRulesError(f"the greedy rule takes 1 to {EW_ROWS} rows, not {n}")
    for i, row in enumerate(rows):
        if isinstance(row, bool) or not isinstance(row, (int, np.integer)) or \
                not 0 <= row < EW_ROWS or len(side[row]) >= EW_CAPACITY:
            return -1
        r = row
        candidates[i] = r
        seen = 0
        code = _deck_code(t, board[r], &seen)
        if code < 0:
            return -1
        board_codes[r] = <uint8_t>code
        count[r] = <uint8_t>len(side[r])
        for k, placed in enumerate(side[r]):
            code = _deck_code(t, placed, &seen)
            if code < 0:
                return -1
            held[EW_CAPACITY * r + k] = <uint8_t>code
        code = _deck_code(t, card, &seen)
        if code < 0:
            return -1
    return ew_greedy_pick(t, board_codes, held, count, code, candidates, n)
