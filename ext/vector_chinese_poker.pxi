# Chinese Poker's batch (included by _vector.pyx).

cdef extern from "chinese_poker_vec.h" nogil:
    int CPV_DECK, CPV_OBS, CPV_FIRST_PLAY, CPV_SELF_PLAY, CPV_RANDOM, CPV_OUTSIDE
    int CPV_DEAL, CPV_CHOOSE, CPV_PLAY, CPV_OVER
    ctypedef struct cpv_patterns:
        int n
        const int8_t *need
        const int8_t *kind
        const int8_t *length
        const int8_t *value
        int bomb_kind
    ctypedef struct cpv_game:
        uint64_t seed
        uint64_t hands[4]
        uint64_t piles[3]
        uint64_t table
        uint8_t played[48]
        int8_t pile_owner[3]
        int16_t table_pattern
        int8_t table_player
        int8_t passes
        int8_t phase
        int8_t dealer
        int8_t to_move
        int8_t last_mover
        int8_t ended
        int8_t done
        uint8_t n_played
        uint8_t round
        int32_t scores[4]
    ctypedef struct cpv_batch:
        const cpv_patterns *patterns
        int players
        int target
        int open_choice
        int seat
        int opponent
        int actions
        int64_t n
    void cpv_prepare(cpv_patterns *p)
    uint64_t cpv_opponent_seed(uint64_t seed)
    void cpv_deal_seeded(const cpv_batch *b, cpv_game *g, uint64_t seed)
    void cpv_deal_stacked(const cpv_batch *b, cpv_game *g, int dealer, const uint8_t *cards)
    void cpv_legal(const cpv_batch *b, const cpv_game *g, uint8_t *mask)
    int cpv_action_ok(const cpv_batch *b, const cpv_game *g, int64_t action)
    void cpv_act(const cpv_batch *b, cpv_game *g, int action)
    void cpv_encode(const cpv_batch *b, const cpv_game *g, int seat, float *out)
    void cpv_play_opponent(const cpv_batch *b, cpv_game *g)
    void cpv_batch_reset(const cpv_batch *b, cpv_game *games, const uint64_t *seeds)
    void cpv_batch_act(const cpv_batch *b, cpv_game *games, const int64_t *actions,
                       uint64_t seed_step)
    void cpv_batch_finish(const cpv_batch *b, cpv_game *games, float *obs, uint8_t *mask,
                          double *reward, double *seat_rewards, uint8_t *terminated,
                          int8_t *player)


#: Who plays the Chinese Poker seats that are not the learner's, by name.
CHINESE_POKER_OPPONENTS = {"self": CPV_SELF_PLAY, "random": CPV_RANDOM, "outside": CPV_OUTSIDE}
CHINESE_POKER_OBSERVATION_SIZE = CPV_OBS
_PHASES = {CPV_DEAL: "deal", CPV_CHOOSE: "choose", CPV_PLAY: "play", CPV_OVER: "over"}
# the deck's codes (CHINESE_POKER_DECK): 2s (3), 3c (4) to Kd (47), Ad (49), Ah, As (51)
_CP_CODES = frozenset(range(3, 52)) - {48}


def chinese_poker_opponent_seed(seed):
    """The seed of the deal stream the built-in random Chinese Poker opponent draws
    from in an episode dealt from ``seed`` (0 to 2**53 - 1)."""
    if not 0 <= seed < SEED_LIMIT:
        raise PokerRulesError(f"a seed is an int from 0 to 2**53 - 1, not {seed}")
    return cpv_opponent_seed(seed)


cdef class ChinesePokerBatch(_Batch):
    """N first rounds of Chinese Poker with one learner seat (or self-play).

    Args:
        n: games (1 to 2**31 - 1).
        players: 2, 3 or 4.
        target, open_choice: the rules' (``ChinesePokerRules``).
        seat: the learner's seat (0 to players - 1); ignored in self-play.
        opponent: "self" (the caller plays every seat), "random" (played here) or
            "outside" (the caller plays the other seats through :meth:`place`).
        need, kind, length, value, bomb_kind: the encoding's play patterns: int8
            (p, 13) cards per rank, and (p,) each.
    """

    cdef cpv_game *games
    cdef cpv_batch b
    cdef cpv_patterns patterns
    cdef object tables  # the arrays ``patterns`` points into, kept alive here

    def __cinit__(self, Py_ssize_t n, int players, int target, bint open_choice, int seat,
                  str opponent, need, kind, length, value, int bomb_kind):
        if players not in (2, 3, 4) or opponent not in CHINESE_POKER_OPPONENTS \
                or not 0 <= seat < players or not 1 <= target <= 10**6:
            raise PokerRulesError(
                f"no players {players}, opponent {opponent!r}, seat {seat} or target {target}")
        need = np.array(need, dtype=np.int8, order="C")
        p = need.shape[0]
        if need.ndim != 2 or need.shape != (p, 13) or not 1 <= p <= 1024 \
                or need.min() < 0 or need.max() > 4:
            raise PokerRulesError("play patterns are (1 to 1024, 13) cards per rank")
        columns = [np.array(c, dtype=np.int8, order="C") for c in (kind, length, value)]
        if any(c.shape != (p,) for c in columns):
            raise PokerRulesError(f"kinds, lengths and values are ({p},) each")
        self.tables = (need, *columns)
        cdef int8_t[:, ::1] nv = need
        cdef int8_t[::1] kv = columns[0], lv = columns[1], vv = columns[2]
        self.patterns.n = p
        self.patterns.need = &nv[0, 0]
        self.patterns.kind = &kv[0]
        self.patterns.length = &lv[0]
        self.patterns.value = &vv[0]
        self.patterns.bomb_kind = bomb_kind
        cpv_prepare(&self.patterns)
        self.b.patterns = &self.patterns
        self.b.players = players
        self.b.target = target
        self.b.open_choice = open_choice
        self.b.seat = seat
        self.b.opponent = CHINESE_POKER_OPPONENTS[opponent]
        self.b.actions = CPV_FIRST_PLAY + p
        self.allocate(n, sizeof(cpv_game))
        self.games = <cpv_game *>self.memory
        self.b.n = n
        for i in range(n):  # a whole game until the first reset, its next action ignored
            cpv_deal_seeded(&self.b, &self.games[i], i)
            self.games[i].done = 1

    @property
    def num_actions(self):
        return self.b.actions

    # --- dealing ------------------------------------------------------------
    def reset(self, seeds):
        """Deals game i from ``seeds[i]`` (ints, 0 to 2**53 - 1) as
        ``new_game(seed=seeds[i], players=...)`` does, then plays a built-in opponent
        to the learner's turn.

        Raises:
            HandSizeError, ArgumentTypeError, PokerRulesError: seeds of another
                shape, no ints or out of range (the game is named); nothing changes.
        """
        cdef int64_t[::1] s
        self.enter("reset")
        try:
            s = _seeds(seeds, self.n)
            with nogil:
                cpv_batch_reset(&self.b, self.games, <const uint64_t *>&s[0])
        finally:
            self.busy = False

    def stack(self, dealers, cards):
        """Deals each game as given (for explicit chance): ``dealers`` (n,) and
        ``cards`` (n, 48), each row the 48 codes of the deck (3 to 51 but 48) in the order
        chance deals them. A built-in opponent then plays to the learner's turn;
        when the round ends the next round's deal is awaited (no seed deals it).

        Raises:
            HandSizeError, ArgumentTypeError, PokerRulesError: arrays of another
                shape or type, a dealer out of range, a row that is not the deck
                (the game is named); nothing changes.
        """
        cdef Py_ssize_t i
        cdef uint8_t[:, ::1] cv
        self.enter("stack")
        try:
            d = _int_array(dealers, self.n, "dealers")
            c = np.array(cards, copy=True)
            if c.shape != (self.n, CPV_DECK):
                raise HandSizeError(
                    f"cards must have shape ({self.n}, {CPV_DECK}), not {c.shape}")
            if c.dtype.kind not in "iu":
                raise ArgumentTypeError(f"cards must be integers, not {c.dtype}")
            for i in range(self.n):
                if not 0 <= d[i] < self.b.players:
                    raise PokerRulesError(
                        f"game {i}: dealer {d[i]} is no player (0 to {self.b.players - 1})")
                if set(c[i].tolist()) != _CP_CODES:
                    raise PokerRulesError(
                        f"game {i}: the cards are not the 48-card deck's codes (3 to 51 "
                        "but 48), once each")
            cv = np.array(c, dtype=np.uint8, order="C")
            for i in range(self.n):
                cpv_deal_stacked(&self.b, &self.games[i], d[i], &cv[i, 0])
                cpv_play_opponent(&self.b, &self.games[i])
        finally:
            self.busy = False

    # --- moves --------------------------------------------------------------
    cdef object checked_actions(self, actions, indices=None):
        """The actions, as our own int64 copy, refused (game named) unless each game
        that is not awaiting its reset may take its action (the caller has marked
        the batch busy)."""
        a = _int_array(actions, self.n if indices is None else len(indices), "actions")
        cdef int64_t[::1] av = a
        cdef Py_ssize_t k, i
        cdef cpv_game *g
        for k in range(av.shape[0]):
            i = k if indices is None else indices[k]
            if not 0 <= av[k] < self.b.actions:
                raise IllegalMoveError(
                    f"game {i}: action {av[k]} does not exist; actions are 0 to "
                    f"{self.b.actions - 1}")
            g = &self.games[i]
            if g.done and indices is None:
                continue  # awaiting its reset: the action is ignored
            if g.to_move < 0 or g.ended:
                raise IllegalMoveError(f"game {i}: the round is over; nobody is to move")
            if not cpv_action_ok(&self.b, g, av[k]):
                raise IllegalMoveError(
                    f"game {i}: action {av[k]} is illegal for player {g.to_move} now; "
                    "its legal actions are those of the game's action mask")
        return a

    def act(self, actions, seed_step):
        """One step's moves: each game that ended at the last step is dealt again
        from its seed + ``seed_step`` (mod 2**53), every other game takes its action,
        then a built-in opponent replies.

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
                cpv_batch_act(&self.b, self.games, &av[0], step)
        finally:
            self.busy = False

    def place(self, indices, actions):
        """Takes ``actions[k]`` for the player to move in game ``indices[k]`` (the
        caller's opponents).

        Raises:
            IllegalMoveError, HandSizeError, ArgumentTypeError, PokerRulesError: as
                for :meth:`act`, or a game index out of range or named twice;
                nothing changes.
        """
        self.enter("place")
        try:
            idx = self.game_indices(indices)
            a = self.checked_actions(actions, idx)
            for k, i in enumerate(idx):
                cpv_act(&self.b, &self.games[i], a[k])
        finally:
            self.busy = False

    cdef object run(self, int64_t[::1] av, uint64_t seed_step, bint act):
        """The step's C work (the caller has marked the batch busy)."""
        obs, mask, reward, seat_rewards, terminated, player = _outputs(
            self.n, CPV_OBS, self.b.actions, self.b.players)
        cdef float[:, ::1] o = obs
        cdef uint8_t[:, ::1] m = mask.view(np.uint8)
        cdef double[::1] r = reward
        cdef double[:, ::1] sr = seat_rewards
        cdef uint8_t[::1] t = terminated.view(np.uint8)
        cdef int8_t[::1] p = player
        with nogil:
            if act:
                cpv_batch_act(&self.b, self.games, &av[0], seed_step)
            cpv_batch_finish(&self.b, self.games, &o[0, 0], &m[0, 0], &r[0], &sr[0, 0],
                             &t[0], &p[0])
        return obs, mask, reward, seat_rewards, terminated, player

    def finish(self):
        """What a step returns: ``(obs, mask, reward, seat_rewards, terminated,
        player)``, new arrays of shapes (n, 320) float32, (n, actions) bool, (n,)
        float64, (n, players) float64, (n,) bool and (n,) int8; each game whose
        round is now over is scored and marked as awaiting its reset."""
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
        """Every game seen from ``seat``: float32 (n, 320), the encoding of
        ``ChinesePokerEncoding.observe``."""
        if not 0 <= seat < self.b.players:
            raise PokerRulesError(f"seat must be 0 to {self.b.players - 1}, not {seat}")
        obs = np.empty((self.n, CPV_OBS), dtype=np.float32)
        cdef float[:, ::1] o = obs
        cdef Py_ssize_t i
        self.enter("observe")
        try:
            for i in range(self.n):
                cpv_encode(&self.b, &self.games[i], seat, &o[i, 0])
        finally:
            self.busy = False
        return obs

    def legal(self):
        """The legal actions of the player to move in each game: bool (n, actions),
        all False where nobody is to move."""
        mask = np.empty((self.n, self.b.actions), dtype=np.bool_)
        cdef uint8_t[:, ::1] m = mask.view(np.uint8)
        cdef Py_ssize_t i
        self.enter("legal")
        try:
            for i in range(self.n):
                if self.games[i].ended:
                    m[i, :] = 0
                else:
                    cpv_legal(&self.b, &self.games[i], &m[i, 0])
        finally:
            self.busy = False
        return mask

    def to_move(self):
        """The player to move in each game: int8 (n,), -1 where the round is over."""
        out = np.empty(self.n, dtype=np.int8)
        cdef Py_ssize_t i
        self.enter("to_move")
        try:
            for i in range(self.n):
                out[i] = -1 if self.games[i].ended else self.games[i].to_move
        finally:
            self.busy = False
        return out

    def game(self, Py_ssize_t i):
        """Game ``i`` as a dict: ``seed``, ``phase``, ``round``, ``dealer``,
        ``to_move`` (None when nobody is), ``hands`` (ascending codes per player),
        ``piles`` and ``pile_owners`` (two players choosing), ``table`` (codes),
        ``table_player`` (None on an empty table), ``passes``, ``played`` (codes in
        order), ``scores``, ``ended`` (the first round is over), ``done``."""
        self.check_game(i)
        cdef cpv_game *g = &self.games[i]
        self.enter("game")
        try:
            n = self.b.players
            codes = _codes
            choosing = g.phase == CPV_CHOOSE
            return {
                "seed": g.seed,
                "phase": _PHASES[g.phase],
                "round": g.round,
                "dealer": g.dealer,
                "to_move": None if g.to_move < 0 else g.to_move,
                "hands": tuple(codes(g.hands[p]) for p in range(n)),
                "piles": tuple(codes(g.piles[h]) for h in range(3)) if choosing else (),
                "pile_owners": tuple(None if g.pile_owner[h] < 0 else g.pile_owner[h]
                                     for h in range(3)) if choosing else (),
                "table": codes(g.table),
                "table_player": None if g.table_player < 0 else g.table_player,
                "passes": g.passes,
                "played": tuple(g.played[k] for k in range(g.n_played)),
                "scores": tuple(g.scores[p] for p in range(n)),
                "ended": bool(g.ended),
                "done": bool(g.done),
            }
        finally:
            self.busy = False
