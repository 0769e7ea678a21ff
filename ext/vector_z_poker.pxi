# Z Poker's batch (included by _vector.pyx).

from pokerrules._core import STANDARD as _STANDARD_HANDS

cdef extern from "z_poker_vec.h" nogil:
    int ZV_POSITIONS, ZV_MAX_DECK, ZV_FIND_LEADER, ZV_START_GAME, ZV_END_GAME, ZV_OVER
    int ZV_SELF_PLAY, ZV_RANDOM, ZV_GREEDY, ZV_OUTSIDE
    ctypedef struct zv_game:
        uint64_t seed
        uint64_t hands[2]
        uint8_t placed[52]
        uint8_t placed_at[52]
        int8_t top[8]
        uint8_t n_undealt
        uint8_t n_dealt
        uint8_t n_placed
        int8_t hidden
        int8_t phase
        int8_t leader
        int8_t starter
        int8_t to_move
        int8_t winner
        int8_t last_mover
        int8_t done
        int8_t stacked
        uint16_t deals
        uint16_t rounds
        uint16_t draws
    ctypedef struct zv_batch:
        const pr_tables *tables
        uint8_t deck[52]
        int8_t deck_index[64]
        int deck_size
        int hand_size
        int obs_size
        int actions
        int seat
        int opponent
        int64_t n
    uint64_t zv_opponent_seed(uint64_t seed)
    void zv_deal_seeded(const zv_batch *b, zv_game *g, uint64_t seed)
    void zv_deal_stacked(const zv_batch *b, zv_game *g, const uint8_t *order)
    void zv_legal(const zv_batch *b, const zv_game *g, uint8_t *mask)
    int zv_action_ok(const zv_batch *b, const zv_game *g, int64_t action)
    int zv_act(const zv_batch *b, zv_game *g, int64_t action)
    int zv_greedy(const zv_batch *b, const zv_game *g)
    void zv_encode(const zv_batch *b, const zv_game *g, int seat, float *out)
    int zv_play_opponent(const zv_batch *b, zv_game *g)
    int64_t zv_batch_reset(const zv_batch *b, zv_game *games, const uint64_t *seeds)
    int64_t zv_batch_act(const zv_batch *b, zv_game *games, const int64_t *actions,
                         uint64_t seed_step)
    void zv_batch_finish(const zv_batch *b, zv_game *games, float *obs, uint8_t *mask,
                         double *reward, double *seat_rewards, uint8_t *terminated,
                         int8_t *player)


#: Who plays the Z Poker seat that is not the learner's, by name.
Z_POKER_OPPONENTS = {"self": ZV_SELF_PLAY, "random": ZV_RANDOM, "greedy": ZV_GREEDY,
                     "outside": ZV_OUTSIDE}
_ZV_PHASES = {ZV_FIND_LEADER: "find-leader", ZV_START_GAME: "start-game",
              ZV_END_GAME: "end-game", ZV_OVER: "over"}
_ZV_POSITION_NAMES = "ABCDEFGH"


def z_poker_opponent_seed(seed):
    """The seed of the deal stream the built-in random Z Poker opponent draws from
    in an episode dealt from ``seed`` (0 to 2**53 - 1)."""
    if not 0 <= seed < SEED_LIMIT:
        raise PokerRulesError(f"a seed is an int from 0 to 2**53 - 1, not {seed}")
    return zv_opponent_seed(seed)


cdef class ZPokerBatch(_Batch):
    """N games of Z Poker with one learner seat (or self-play).

    Args:
        n: games (1 to 2**31 - 1).
        deck: the rules' deck codes (``ZPokerRules.deck.codes``: distinct, ascending,
            0 to 51).
        hand_size: the rules' cards dealt to each player: 4 or more, and a pile
            of at least ``2 * hand_size - 5`` cards, as ``ZPokerRules`` checks (the
            most a game draws).
        seat: the learner's seat (0 or 1); ignored in self-play.
        opponent: "self" (the caller plays both seats), "random", "greedy" (played
            here) or "outside" (the caller plays the other seat through
            :meth:`place`).
    """

    cdef zv_game *games
    cdef zv_batch b

    def __cinit__(self, Py_ssize_t n, deck, int hand_size, int seat, str opponent):
        given = np.asarray(deck)
        if given.ndim != 1 or given.dtype.kind not in "iu":
            raise ArgumentTypeError(f"deck is a 1-d array of card codes, not {given.dtype}")
        codes = given.tolist()
        if opponent not in Z_POKER_OPPONENTS or seat not in (0, 1) \
                or not codes or len(codes) > ZV_MAX_DECK or codes != sorted(set(codes)) \
                or min(codes) < 0 or max(codes) > 51 \
                or not 4 <= hand_size or 4 * hand_size > len(codes) + 5:
            raise PokerRulesError(
                f"no opponent {opponent!r}, seat {seat}, deck {codes} or hand size {hand_size}")
        self.b.tables = shared_tables(_STANDARD_HANDS.variant)
        if self.b.tables == NULL:
            raise MemoryError()
        cdef int d
        for d in range(64):
            self.b.deck_index[d] = -1
        for d, code in enumerate(codes):
            self.b.deck[d] = code
            self.b.deck_index[code] = d
        self.b.deck_size = len(codes)
        self.b.hand_size = hand_size
        self.b.obs_size = 10 * len(codes) + 22
        self.b.actions = ZV_POSITIONS * len(codes)
        self.b.seat = seat
        self.b.opponent = Z_POKER_OPPONENTS[opponent]
        self.allocate(n, sizeof(zv_game))
        self.games = <zv_game *>self.memory
        self.b.n = n
        for i in range(n):  # a whole game until the first reset, its next action ignored
            zv_deal_seeded(&self.b, &self.games[i], i)
            self.games[i].done = 1

    @property
    def num_actions(self):
        return self.b.actions

    @property
    def observation_size(self):
        return self.b.obs_size

    # --- dealing ------------------------------------------------------------
    def reset(self, seeds):
        """Deals game i from ``seeds[i]`` (ints, 0 to 2**53 - 1) as
        ``new_game(rules, seed=seeds[i])`` does, then plays a built-in opponent to
        the learner's turn.

        Raises:
            HandSizeError, ArgumentTypeError, PokerRulesError: seeds of another
                shape, no ints or out of range (the game is named); nothing changes.
        """
        cdef int64_t[::1] s
        cdef int64_t fault
        self.enter("reset")
        try:
            s = _seeds(seeds, self.n)
            with nogil:
                fault = zv_batch_reset(&self.b, self.games, <const uint64_t *>&s[0])
        finally:
            self.busy = False
        self.check_faults(fault)

    def stack(self, cards):
        """Deals each game as given (for explicit chance): ``cards`` (n, deck size),
        each row the deck's codes in the order chance deals them: seat 0's hand,
        seat 1's, then the cards drawn, in turn. A tie for the lead deals the row
        again. A built-in opponent then plays to the learner's turn.

        Raises:
            HandSizeError, ArgumentTypeError, PokerRulesError: an array of another
                shape or type, a row that is not the deck (the game is named);
                nothing changes.
        """
        size = self.b.deck_size
        cdef Py_ssize_t i
        cdef uint8_t[:, ::1] cv
        cdef int64_t fault = -1
        self.enter("stack")
        try:
            c = np.array(cards, copy=True)
            if c.shape != (self.n, size):
                raise HandSizeError(f"cards must have shape ({self.n}, {size}), not {c.shape}")
            if c.dtype.kind not in "iu":
                raise ArgumentTypeError(f"cards must be integers, not {c.dtype}")
            deck = sorted(self.b.deck[d] for d in range(size))
            for i in range(self.n):
                if sorted(c[i].tolist()) != deck:
                    raise PokerRulesError(
                        f"game {i}: the cards are not the deck's codes, once each")
            cv = np.array(c, dtype=np.uint8, order="C")
            for i in range(self.n):
                zv_deal_stacked(&self.b, &self.games[i], &cv[i, 0])
                if zv_play_opponent(&self.b, &self.games[i]) and fault < 0:
                    fault = i
        finally:
            self.busy = False
        self.check_faults(fault)

    # --- moves --------------------------------------------------------------
    cdef object checked_actions(self, actions, indices=None):
        """The actions, as our own int64 copy, refused (game named) unless each game
        that is not awaiting its reset may take its action (the caller has marked
        the batch busy)."""
        a = _int_array(actions, self.n if indices is None else len(indices), "actions")
        cdef int64_t[::1] av = a
        cdef Py_ssize_t k, i
        cdef zv_game *g
        for k in range(av.shape[0]):
            i = k if indices is None else indices[k]
            if not 0 <= av[k] < self.b.actions:
                raise IllegalMoveError(
                    f"game {i}: action {av[k]} does not exist; actions are 0 to "
                    f"{self.b.actions - 1}")
            g = &self.games[i]
            if g.done and indices is None:
                continue  # awaiting its reset: the action is ignored
            if g.to_move < 0:
                raise IllegalMoveError(f"game {i}: the game is over; nobody is to move")
            if not zv_action_ok(&self.b, g, av[k]):
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
        cdef int64_t fault
        self.enter("act")
        try:
            av = self.checked_actions(actions)
            with nogil:
                fault = zv_batch_act(&self.b, self.games, &av[0], step)
        finally:
            self.busy = False
        self.check_faults(fault)

    def place(self, indices, actions):
        """Takes ``actions[k]`` for the player to move in game ``indices[k]`` (the
        caller's opponent).

        Raises:
            IllegalMoveError, HandSizeError, ArgumentTypeError, PokerRulesError: as
                for :meth:`act`, or a game index out of range or named twice;
                nothing changes.
        """
        cdef int64_t fault = -1
        self.enter("place")
        try:
            idx = self.game_indices(indices)
            a = self.checked_actions(actions, idx)
            for k, i in enumerate(idx):
                if zv_act(&self.b, &self.games[i], a[k]) and fault < 0:
                    fault = i
        finally:
            self.busy = False
        self.check_faults(fault)

    cdef object run(self, int64_t[::1] av, uint64_t seed_step, bint act):
        """The step's C work (the caller has marked the batch busy)."""
        obs, mask, reward, seat_rewards, terminated, player = _outputs(
            self.n, self.b.obs_size, self.b.actions, 2)
        cdef float[:, ::1] o = obs
        cdef uint8_t[:, ::1] m = mask.view(np.uint8)
        cdef double[::1] r = reward
        cdef double[:, ::1] sr = seat_rewards
        cdef uint8_t[::1] t = terminated.view(np.uint8)
        cdef int8_t[::1] p = player
        cdef int64_t fault = -1
        with nogil:
            if act:
                fault = zv_batch_act(&self.b, self.games, &av[0], seed_step)
            zv_batch_finish(&self.b, self.games, &o[0, 0], &m[0, 0], &r[0], &sr[0, 0],
                            &t[0], &p[0])
        self.check_faults(fault)
        return obs, mask, reward, seat_rewards, terminated, player

    def finish(self):
        """What a step returns: ``(obs, mask, reward, seat_rewards, terminated,
        player)``, new arrays of shapes (n, observation size) float32, (n, actions)
        bool, (n,) float64, (n, 2) float64, (n,) bool and (n,) int8; each game that
        is now over is scored and marked as awaiting its reset."""
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
        """Every game seen from ``seat`` (0 or 1): float32 (n, observation size), the
        encoding of ``ZPokerEncoding.observe``."""
        if seat not in (0, 1):
            raise PokerRulesError(f"seat must be 0 or 1, not {seat}")
        obs = np.empty((self.n, self.b.obs_size), dtype=np.float32)
        cdef float[:, ::1] o = obs
        cdef Py_ssize_t i
        self.enter("observe")
        try:
            for i in range(self.n):
                zv_encode(&self.b, &self.games[i], seat, &o[i, 0])
        finally:
            self.busy = False
        return obs

    def legal(self):
        """The legal actions of the player to move in each game: bool (n, actions),
        all False in a game that is over."""
        mask = np.empty((self.n, self.b.actions), dtype=np.bool_)
        cdef uint8_t[:, ::1] m = mask.view(np.uint8)
        cdef Py_ssize_t i
        self.enter("legal")
        try:
            for i in range(self.n):
                zv_legal(&self.b, &self.games[i], &m[i, 0])
        finally:
            self.busy = False
        return mask

    def to_move(self):
        """The player to move in each game: int8 (n,), -1 where the game is over."""
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
        """The greedy agent's action for the player to move in each game: int64 (n,)
        (-1 where the game is over)."""
        out = np.empty(self.n, dtype=np.int64)
        cdef Py_ssize_t i
        self.enter("greedy")
        try:
            for i in range(self.n):
                out[i] = zv_greedy(&self.b, &self.games[i])
        finally:
            self.busy = False
        return out

    def game(self, Py_ssize_t i):
        """Game ``i`` as a dict: ``seed``, ``phase`` (a :class:`Phase` value),
        ``to_move`` (None when over), ``hands`` (ascending codes per seat),
        ``stacks`` (position -> codes, bottom first), ``hidden`` (where seat 0's
        face-down card lies, or None), ``leader``, ``starter``, ``winner`` (None
        before they exist), ``pile`` (cards left to draw), ``deals``, ``rounds``,
        ``draws``, ``done``."""
        self.check_game(i)
        cdef zv_game *g = &self.games[i]
        self.enter("game")
        try:
            stacks = {p: [] for p in _ZV_POSITION_NAMES}
            for k in range(g.n_placed):
                stacks[_ZV_POSITION_NAMES[g.placed_at[k]]].append(g.placed[k])
            return {
                "seed": g.seed,
                "phase": _ZV_PHASES[g.phase],
                "to_move": None if g.to_move < 0 else g.to_move,
                "hands": tuple(_codes(g.hands[s]) for s in range(2)),
                "stacks": {p: tuple(s) for p, s in stacks.items()},
                "hidden": None if g.hidden < 0 else _ZV_POSITION_NAMES[g.hidden],
                "leader": None if g.leader < 0 else g.leader,
                "starter": None if g.starter < 0 else g.starter,
                "winner": None if g.winner < 0 else g.winner,
                "pile": self.b.deck_size - g.n_dealt,
                "deals": g.deals,
                "rounds": g.rounds,
                "draws": g.draws,
                "done": bool(g.done),
            }
        finally:
            self.busy = False
