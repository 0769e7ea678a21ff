# East-West's batch (included by _vector.pyx).

cdef extern from "east_west_vec.h" nogil:
    int EW_ROWS, EW_CAPACITY, EW_BOARD, EW_MOVES, EW_DEALT, EW_DECK, EW_FIRST_CODE, EW_OBS
    int EW_ACTIONS, EW_SELF_PLAY, EW_RANDOM, EW_GREEDY, EW_OUTSIDE, EW_MAJORITY, EW_TWO_ROWS
    ctypedef struct ew_game:
        uint64_t seed
        uint8_t deck[27]
        uint8_t rows[2][3][4]
        uint8_t count[2][3]
        int8_t dealer
        int8_t to_move
        int8_t last_mover
        int8_t done
        uint8_t placed
    ctypedef struct ew_batch:
        const pr_tables *tables
        int win_rule
        int seat
        int opponent
        int64_t n
    uint64_t ew_opponent_seed(uint64_t seed)
    void ew_deal_seeded(ew_game *g, uint64_t seed)
    void ew_deal_stacked(ew_game *g, int dealer, const uint8_t *cards, uint64_t seed)
    void ew_place(ew_game *g, int row)
    void ew_legal(const ew_game *g, uint8_t *mask)
    int ew_greedy(const ew_game *g, const pr_tables *t)
    void ew_encode(const ew_game *g, int seat, float *out)
    void ew_play_opponent(const ew_batch *b, ew_game *g)
    void ew_batch_reset(const ew_batch *b, ew_game *games, const uint64_t *seeds,
                        const uint8_t *which)
    void ew_batch_act(const ew_batch *b, ew_game *games, const int64_t *actions,
                      uint64_t seed_step)
    void ew_batch_finish(const ew_batch *b, ew_game *games, float *obs, uint8_t *mask,
                         double *reward, double *seat_rewards, uint8_t *terminated,
                         int8_t *player)


#: Who plays the seat that is not the learner's, by name.
OPPONENTS = {"self": EW_SELF_PLAY, "random": EW_RANDOM, "greedy": EW_GREEDY,
             "outside": EW_OUTSIDE}
WIN_RULES = {"majority": EW_MAJORITY, "two_rows": EW_TWO_ROWS}
OBSERVATION_SIZE = EW_OBS
_SEATS = ("West", "East")


def opponent_seed(seed):
    """The seed of the deal stream the built-in random opponent draws from in an
    episode dealt from ``seed`` (0 to 2**53 - 1)."""
    if not 0 <= seed < SEED_LIMIT:
        raise PokerRulesError(f"a seed is an int from 0 to 2**53 - 1, not {seed}")
    return ew_opponent_seed(seed)


cdef class EastWestBatch(_Batch):
    """N games of East-West with one learner seat (or self-play).

    Args:
        n: games (1 to 2**31 - 1).
        variant: the ``variant`` of the rules' piquet :class:`HandRules`.
        win_rule: "majority" or "two_rows".
        seat: the learner's seat (0 West, 1 East); ignored in self-play.
        opponent: "self" (the caller plays both seats), "random", "greedy" (played
            here) or "outside" (the caller plays the other seat through
            :meth:`place`).
    """

    cdef ew_game *games
    cdef ew_batch b

    def __cinit__(self, Py_ssize_t n, int variant, str win_rule, int seat, str opponent):
        if win_rule not in WIN_RULES or opponent not in OPPONENTS or seat not in (0, 1):
            raise PokerRulesError(f"no win rule {win_rule!r}, opponent {opponent!r} or seat {seat}")
        self.b.tables = shared_tables(variant)
        if self.b.tables == NULL or (self.b.tables.variant & 3) != 2:
            raise PokerRulesError(f"variant {variant} is no piquet ranking")
        self.b.win_rule = WIN_RULES[win_rule]
        self.b.seat = seat
        self.b.opponent = OPPONENTS[opponent]
        self.allocate(n, sizeof(ew_game))
        self.games = <ew_game *>self.memory
        self.b.n = n
        for i in range(n):  # a whole game until the first reset, its next action ignored
            ew_deal_seeded(&self.games[i], i)
            self.games[i].done = 1

    # --- dealing ------------------------------------------------------------
    def reset(self, seeds):
        """Deals game i from ``seeds[i]`` (ints, 0 to 2**53 - 1) as
        ``new_game(seed=seeds[i])`` does, then plays a built-in opponent to the
        learner's turn.

        Raises:
            HandSizeError, ArgumentTypeError, PokerRulesError: seeds of another
                shape, no ints or out of range (the game is named); nothing changes.
        """
        cdef int64_t[::1] s
        self.enter("reset")
        try:
            s = _seeds(seeds, self.n)
            with nogil:
                ew_batch_reset(&self.b, self.games, <const uint64_t *>&s[0], NULL)
        finally:
            self.busy = False

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
                ew_deal_stacked(&self.games[i], d[i], &cv[i, 0], 0)
                ew_play_opponent(&self.b, &self.games[i])
        finally:
            self.busy = False

    # --- moves --------------------------------------------------------------
    cdef object checked_actions(self, actions, indices=None):
        """The learner's actions, as our own int64 copy, refused (game named) unless
        each game that is not awaiting its reset may place its card on that row (the
        caller has marked the batch busy)."""
        a = _int_array(actions, self.n if indices is None else len(indices), "actions")
        cdef int64_t[::1] av = a
        cdef Py_ssize_t k, i
        cdef ew_game *g
        for k in range(av.shape[0]):
            i = k if indices is None else indices[k]
            if not 0 <= av[k] < EW_ROWS:
                raise IllegalMoveError(
                    f"game {i}: action {av[k]} does not exist; actions are 0, 1 and 2 "
                    "(the row to place the drawn card on)")
            g = &self.games[i]
            if g.done and indices is None:
                continue  # awaiting its reset: the action is ignored
            if g.to_move < 0:
                raise IllegalMoveError(f"game {i}: the game is over; nobody is to move")
            if g.count[g.to_move][av[k]] >= EW_CAPACITY:
                raise IllegalMoveError(
                    f"game {i}: action {av[k]} is illegal: row {av[k]} is full "
                    f"({_SEATS[g.to_move]}, player {g.to_move}, has four cards there)")
        return a

    def act(self, actions, seed_step):
        """One step's moves (see ``ew_batch_act``): each game that ended at the last
        step is dealt again from its seed + ``seed_step`` (mod 2**53), every other
        game takes its action, then a built-in opponent replies.

        Raises:
            HandSizeError, ArgumentTypeError, IllegalMoveError: actions of another
                shape or type, or one a game refuses (the game is named); nothing
                changes.
        """
        cdef int64_t[::1] av
        cdef uint64_t step = int(seed_step) % SEED_LIMIT
        self.enter("act")
        try:
            av = self.checked_actions(actions)
            with nogil:
                ew_batch_act(&self.b, self.games, &av[0], step)
        finally:
            self.busy = False

    def place(self, indices, actions):
        """Plays ``actions[k]`` for the seat to move in game ``indices[k]`` (the
        caller's opponent).

        Raises:
            IllegalMoveError, HandSizeError, ArgumentTypeError: as for :meth:`act`,
                or a game index out of range; nothing changes.
        """
        self.enter("place")
        try:
            idx = self.game_indices(indices)
            a = self.checked_actions(actions, idx)
            for k, i in enumerate(idx):
                ew_place(&self.games[i], a[k])
        finally:
            self.busy = False

    cdef object run(self, int64_t[::1] av, uint64_t seed_step, bint act):
        """The step's C work (the caller has marked the batch busy)."""
        obs, mask, reward, seat_rewards, terminated, player = _outputs(
            self.n, EW_OBS, EW_ACTIONS, 2)
        cdef float[:, ::1] o = obs
        cdef uint8_t[:, ::1] m = mask.view(np.uint8)
        cdef double[::1] r = reward
        cdef double[:, ::1] sr = seat_rewards
        cdef uint8_t[::1] t = terminated.view(np.uint8)
        cdef int8_t[::1] p = player
        with nogil:
            if act:
                ew_batch_act(&self.b, self.games, &av[0], seed_step)
            ew_batch_finish(&self.b, self.games, &o[0, 0], &m[0, 0], &r[0], &sr[0, 0],
                            &t[0], &p[0])
        return obs, mask, reward, seat_rewards, terminated, player

    def finish(self):
        """What a step returns: ``(obs, mask, reward, seat_rewards, terminated,
        player)``, new arrays of shapes (n, 330) float32, (n, 3) bool, (n,) float64,
        (n, 2) float64, (n,) bool and (n,) int8; each game that is now over is
        scored and marked as awaiting its reset."""
        self.enter("finish")
        try:
            return self.run(np.zeros(1, dtype=np.int64), 0, False)
        finally:
            self.busy = False

    def step(self, actions, seed_step):
        """:meth:`act` then :meth:`finish`, the GIL released once for both."""
        cdef uint64_t step = int(seed_step) % SEED_LIMIT
        self.enter("step")
        try:
            return self.run(self.checked_actions(actions), step, True)
        finally:
            self.busy = False

    # --- reading ------------------------------------------------------------
    def observe(self, int seat):
        """Every game seen from ``seat`` (0 or 1): float32 (n, 330), the encoding of
        ``EastWestEncoding.observe``."""
        if seat not in (0, 1):
            raise PokerRulesError(f"seat must be 0 or 1, not {seat}")
        obs = np.empty((self.n, EW_OBS), dtype=np.float32)
        cdef float[:, ::1] o = obs
        cdef Py_ssize_t i
        self.enter("observe")
        try:
            for i in range(self.n):
                ew_encode(&self.games[i], seat, &o[i, 0])
        finally:
            self.busy = False
        return obs

    def legal(self):
        """The legal rows of the seat to move in each game: bool (n, 3), all False
        in a game that is over."""
        mask = np.empty((self.n, EW_ACTIONS), dtype=np.bool_)
        cdef uint8_t[:, ::1] m = mask.view(np.uint8)
        cdef Py_ssize_t i
        self.enter("legal")
        try:
            for i in range(self.n):
                ew_legal(&self.games[i], &m[i, 0])
        finally:
            self.busy = False
        return mask

    def to_move(self):
        """The seat to move in each game: int8 (n,), -1 where the game is over."""
        out = np.empty(self.n, dtype=np.int8)
        cdef Py_ssize_t i
        self.enter("to_move")
        try:
            for i in range(self.n):
                out[i] = self.games[i].to_move
        finally:
            self.busy = False
        return out

    def greedy(self):
        """The greedy agent's row for the seat to move in each game: int64 (n,)
        (0 where the game is over)."""
        out = np.empty(self.n, dtype=np.int64)
        cdef Py_ssize_t i
        self.enter("greedy")
        try:
            for i in range(self.n):
                out[i] = ew_greedy(&self.games[i], self.b.tables)
        finally:
            self.busy = False
        return out

    def game(self, Py_ssize_t i):
        """Game ``i`` as a dict: ``seed``, ``dealer``, ``to_move`` (None when over),
        ``board`` (3 codes), ``rows`` (per seat, per row, the codes placed in
        order), ``drawn`` (the card to place, None when over), ``stock`` (face-down
        cards), ``done``."""
        self.check_game(i)
        cdef ew_game *g = &self.games[i]
        self.enter("game")
        try:
            over = g.to_move < 0
            return {
                "seed": g.seed,
                "dealer": g.dealer,
                "to_move": None if over else g.to_move,
                "board": tuple(g.deck[r] for r in range(EW_BOARD)),
                "rows": tuple(tuple(tuple(g.rows[s][r][k] for k in range(g.count[s][r]))
                                    for r in range(EW_ROWS)) for s in range(2)),
                "drawn": None if over else g.deck[EW_BOARD + g.placed],
                "stock": 5 if over else EW_DECK - EW_BOARD - 1 - g.placed,
                "done": bool(g.done),
            }
        finally:
            self.busy = False
