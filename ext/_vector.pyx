# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Compiled batch engines of the vector environments: N games stepped in one call
with the GIL released (use them through :mod:`pokerrules.envs.vector`).

Every argument is checked and copied here before the GIL is released; the C code
then writes only into arrays this module made. One call at a time runs on a batch:
a second thread calling in while the GIL is released is refused.
"""

from cpython.mem cimport PyMem_Calloc, PyMem_Free
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint64_t
from libc.string cimport memcpy

from pokerrules._core cimport pr_tables, shared_tables

import numpy as np

from pokerrules.errors import ArgumentTypeError, HandSizeError, IllegalMoveError, PokerRulesError


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
SEED_LIMIT = 2**53
_SEATS = ("West", "East")


def opponent_seed(seed):
    """The seed of the deal stream the built-in random opponent draws from in an
    episode dealt from ``seed`` (0 to 2**53 - 1)."""
    if not 0 <= seed < SEED_LIMIT:
        raise PokerRulesError(f"a seed is an int from 0 to 2**53 - 1, not {seed}")
    return ew_opponent_seed(seed)


cdef object _int_array(object values, Py_ssize_t n, str what):
    """``values`` as a new C-ordered int64 array of shape (n,), refused (never cast)
    when it has another shape or is not of an integer dtype (bools refused too)."""
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
        if not 1 <= n < 2**31:
            raise PokerRulesError(f"a batch holds 1 to 2**31 - 1 games, not {n}")
        self.memory = PyMem_Calloc(n, game_size)
        if self.memory == NULL:
            raise MemoryError()
        self.n = n
        self.game_size = game_size
        return 0

    def __dealloc__(self):
        PyMem_Free(self.memory)

    cdef int enter(self) except -1:
        if self.busy:
            raise PokerRulesError("this batch is in use by another call (another thread)")
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
        if self.busy:
            raise PokerRulesError("this batch is in use by another call (another thread)")
        return 0

    def save(self):
        """Every game's state, for :meth:`restore` (an opaque snapshot of this batch)."""
        if self.busy:
            raise PokerRulesError("this batch is in use by another call (another thread)")
        snap = _Snapshot()
        snap.owner = self
        snap.games = (<char *>self.memory)[:self.n * self.game_size]
        return snap

    def restore(self, _Snapshot snap):
        """Puts back the games of a :meth:`save` of this batch.

        Raises:
            PokerRulesError: a snapshot of another batch.
        """
        if snap.owner is not self:
            raise PokerRulesError("the snapshot is not of this batch")
        self.enter()
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
        cdef int64_t[::1] s = _seeds(seeds, self.n)
        self.enter()
        try:
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
        d = _int_array(dealers, self.n, "dealers")
        c = np.asarray(cards)
        if c.shape != (self.n, EW_DEALT):
            raise HandSizeError(f"cards must have shape ({self.n}, {EW_DEALT}), not {c.shape}")
        if c.dtype.kind not in "iu":
            raise ArgumentTypeError(f"cards must be integers, not {c.dtype}")
        c = np.array(c, dtype=np.int64, order="C")
        cdef Py_ssize_t i
        for i in range(self.n):
            row = c[i]
            if d[i] not in (0, 1):
                raise PokerRulesError(f"game {i}: dealer {d[i]} is neither 0 nor 1")
            if row.min() < EW_FIRST_CODE or row.max() >= EW_FIRST_CODE + EW_DECK:
                raise PokerRulesError(f"game {i}: a code outside the piquet deck (20 to 51)")
            if len(np.unique(row)) != EW_DEALT:
                raise PokerRulesError(f"game {i}: a card is dealt twice")
        codes = np.array(c, dtype=np.uint8, order="C")
        cdef uint8_t[:, ::1] cv = codes
        self.enter()
        try:
            for i in range(self.n):
                ew_deal_stacked(&self.games[i], d[i], &cv[i, 0], 0)
                ew_play_opponent(&self.b, &self.games[i])
        finally:
            self.busy = False

    # --- moves --------------------------------------------------------------
    cdef object checked_actions(self, actions, indices=None):
        """The learner's actions, refused (game named) unless each game that is not
        awaiting its reset may place its card on that row."""
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
        cdef int64_t[::1] av = self.checked_actions(actions)
        cdef uint64_t step = int(seed_step) % SEED_LIMIT
        self.enter()
        try:
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
        idx = self.game_indices(indices)
        a = self.checked_actions(actions, idx)
        self.enter()
        try:
            for k, i in enumerate(idx):
                ew_place(&self.games[i], a[k])
        finally:
            self.busy = False

    def finish(self):
        """What a step returns: ``(obs, mask, reward, seat_rewards, terminated,
        player)``, new arrays of shapes (n, 330) float32, (n, 3) bool, (n,) float64,
        (n, 2) float64, (n,) bool and (n,) int8; each game that is now over is
        scored and marked as awaiting its reset."""
        obs, mask, reward, seat_rewards, terminated, player = _outputs(
            self.n, EW_OBS, EW_ACTIONS, 2)
        cdef float[:, ::1] o = obs
        cdef uint8_t[:, ::1] m = mask.view(np.uint8)
        cdef double[::1] r = reward
        cdef double[:, ::1] sr = seat_rewards
        cdef uint8_t[::1] t = terminated.view(np.uint8)
        cdef int8_t[::1] p = player
        self.enter()
        try:
            with nogil:
                ew_batch_finish(&self.b, self.games, &o[0, 0], &m[0, 0], &r[0], &sr[0, 0],
                                &t[0], &p[0])
        finally:
            self.busy = False
        return obs, mask, reward, seat_rewards, terminated, player

    def step(self, actions, seed_step):
        """:meth:`act` then :meth:`finish`, the GIL released once for both."""
        cdef int64_t[::1] av = self.checked_actions(actions)
        cdef uint64_t s = int(seed_step) % SEED_LIMIT
        obs, mask, reward, seat_rewards, terminated, player = _outputs(
            self.n, EW_OBS, EW_ACTIONS, 2)
        cdef float[:, ::1] o = obs
        cdef uint8_t[:, ::1] m = mask.view(np.uint8)
        cdef double[::1] r = reward
        cdef double[:, ::1] sr = seat_rewards
        cdef uint8_t[::1] t = terminated.view(np.uint8)
        cdef int8_t[::1] p = player
        self.enter()
        try:
            with nogil:
                ew_batch_act(&self.b, self.games, &av[0], s)
                ew_batch_finish(&self.b, self.games, &o[0, 0], &m[0, 0], &r[0], &sr[0, 0],
                                &t[0], &p[0])
        finally:
            self.busy = False
        return obs, mask, reward, seat_rewards, terminated, player

    # --- reading ------------------------------------------------------------
    def observe(self, int seat):
        """Every game seen from ``seat`` (0 or 1): float32 (n, 330), the encoding of
        ``EastWestEncoding.observe``."""
        if seat not in (0, 1):
            raise PokerRulesError(f"seat must be 0 or 1, not {seat}")
        obs = np.empty((self.n, EW_OBS), dtype=np.float32)
        cdef float[:, ::1] o = obs
        cdef Py_ssize_t i
        self.enter()
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
        self.enter()
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
        self.enter()
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
        self.enter()
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


cdef tuple _codes(uint64_t bits):
    """The codes of a bit set of cards, ascending."""
    cdef int c
    return tuple([c for c in range(52) if (bits >> c) & 1u])


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
        cdef int64_t[::1] s = _seeds(seeds, self.n)
        self.enter()
        try:
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
        d = _int_array(dealers, self.n, "dealers")
        c = np.asarray(cards)
        if c.shape != (self.n, CPV_DECK):
            raise HandSizeError(f"cards must have shape ({self.n}, {CPV_DECK}), not {c.shape}")
        if c.dtype.kind not in "iu":
            raise ArgumentTypeError(f"cards must be integers, not {c.dtype}")
        cdef Py_ssize_t i
        for i in range(self.n):
            if not 0 <= d[i] < self.b.players:
                raise PokerRulesError(
                    f"game {i}: dealer {d[i]} is no player (0 to {self.b.players - 1})")
            if set(c[i].tolist()) != _CP_CODES:
                raise PokerRulesError(
                    f"game {i}: the cards are not the 48-card deck's codes (3 to 51 but 48), "
                    "once each")
        codes = np.array(c, dtype=np.uint8, order="C")
        cdef uint8_t[:, ::1] cv = codes
        self.enter()
        try:
            for i in range(self.n):
                cpv_deal_stacked(&self.b, &self.games[i], d[i], &cv[i, 0])
                cpv_play_opponent(&self.b, &self.games[i])
        finally:
            self.busy = False

    # --- moves --------------------------------------------------------------
    cdef object checked_actions(self, actions, indices=None):
        """The actions, refused (game named) unless each game that is not awaiting
        its reset may take its action."""
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
        cdef int64_t[::1] av = self.checked_actions(actions)
        cdef uint64_t step = int(seed_step) % SEED_LIMIT
        self.enter()
        try:
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
        idx = self.game_indices(indices)
        a = self.checked_actions(actions, idx)
        self.enter()
        try:
            for k, i in enumerate(idx):
                cpv_act(&self.b, &self.games[i], a[k])
        finally:
            self.busy = False

    cdef object run(self, int64_t[::1] av, uint64_t seed_step, bint act):
        obs, mask, reward, seat_rewards, terminated, player = _outputs(
            self.n, CPV_OBS, self.b.actions, self.b.players)
        cdef float[:, ::1] o = obs
        cdef uint8_t[:, ::1] m = mask.view(np.uint8)
        cdef double[::1] r = reward
        cdef double[:, ::1] sr = seat_rewards
        cdef uint8_t[::1] t = terminated.view(np.uint8)
        cdef int8_t[::1] p = player
        self.enter()
        try:
            with nogil:
                if act:
                    cpv_batch_act(&self.b, self.games, &av[0], seed_step)
                cpv_batch_finish(&self.b, self.games, &o[0, 0], &m[0, 0], &r[0], &sr[0, 0],
                                 &t[0], &p[0])
        finally:
            self.busy = False
        return obs, mask, reward, seat_rewards, terminated, player

    def finish(self):
        """What a step returns: ``(obs, mask, reward, seat_rewards, terminated,
        player)``, new arrays of shapes (n, 320) float32, (n, actions) bool, (n,)
        float64, (n, players) float64, (n,) bool and (n,) int8; each game whose
        round is now over is scored and marked as awaiting its reset."""
        return self.run(np.zeros(1, dtype=np.int64), 0, False)

    def step(self, actions, seed_step):
        """:meth:`act` then :meth:`finish`, the GIL released once for both."""
        cdef int64_t[::1] av = self.checked_actions(actions)
        return self.run(av, int(seed_step) % SEED_LIMIT, True)

    # --- reading ------------------------------------------------------------
    def observe(self, int seat):
        """Every game seen from ``seat``: float32 (n, 320), the encoding of
        ``ChinesePokerEncoding.observe``."""
        if not 0 <= seat < self.b.players:
            raise PokerRulesError(f"seat must be 0 to {self.b.players - 1}, not {seat}")
        obs = np.empty((self.n, CPV_OBS), dtype=np.float32)
        cdef float[:, ::1] o = obs
        cdef Py_ssize_t i
        self.enter()
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
        self.enter()
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
        self.enter()
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
