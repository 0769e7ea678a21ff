# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Compiled batch engines of the vector environments: N games stepped in one call
with the GIL released (use them through :mod:`pokerrules.envs.vector`).

One batch class, :class:`_Batch`, wraps the C batch driver (vec_driver.h): reset
(with a mask of the games to deal), autoreset, the step, masks, the refusal of
illegal actions, busy flags and seeds are the driver's for every game; a game's
batch (East-West, Z Poker, Chinese Poker) gives only its rules' table of functions,
its stacked deals and its game dict.

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


cdef extern from "deal_stream.h":
    uint64_t DS_SEED_LIMIT
#: Seeds are ints from 0 to SEED_LIMIT - 1: the deal stream's (pokerrules.shuffle).
SEED_LIMIT = DS_SEED_LIMIT
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


cdef extern from "vec_driver.h" nogil:
    int VD_SELF_PLAY, VD_RANDOM, VD_GREEDY, VD_OUTSIDE
    ctypedef struct ds_stream:
        uint64_t seed
        uint64_t drawn
    ctypedef struct vd_head:
        uint64_t seed
        ds_stream opponent
        int8_t to_move
        int8_t last_mover
        int8_t done
    ctypedef struct vd_game:
        size_t game_size
        int (*legal_one)(const void *rules, const void *game, int64_t action) noexcept nogil
        void (*legal)(const void *rules, const void *game, uint8_t *mask) noexcept nogil
        void (*observe)(const void *rules, const void *game, int seat, float *out) noexcept nogil
        int64_t (*greedy_move)(const void *rules, const void *game) noexcept nogil
        int (*over)(const void *rules, const void *game) noexcept nogil
    ctypedef struct vd_batch:
        const vd_game *game
        const void *rules
        int seat
        int opponent
        int obs_size
        int actions
        int players
        int64_t n
        void *games
    vd_head *vd_at(const vd_batch *b, int64_t i)
    uint64_t vd_opponent_seed(const vd_game *game, uint64_t seed)
    void vd_deal(const vd_batch *b, int64_t i, uint64_t seed)
    void vd_start(const vd_batch *b, int64_t i, uint64_t seed)
    int vd_play(const vd_batch *b, int64_t i, int64_t action)
    int vd_play_opponent(const vd_batch *b, int64_t i)
    int64_t vd_opponent_move(const vd_batch *b, int64_t i, int kind)
    int64_t vd_reset(const vd_batch *b, const uint64_t *seeds, const uint8_t *which)
    int64_t vd_act(const vd_batch *b, const int64_t *actions, uint64_t seed_step)
    void vd_finish(const vd_batch *b, float *obs, uint8_t *mask, double *reward,
                   double *seat_rewards, uint8_t *terminated, int8_t *player)


#: Who plays the seats that are not the learner's, by name.
_OPPONENTS = {"self": VD_SELF_PLAY, "random": VD_RANDOM, "greedy": VD_GREEDY,
              "outside": VD_OUTSIDE}


cdef uint64_t _opponent_seed(const vd_game *game, seed) except? 0:
    if not 0 <= seed < SEED_LIMIT:
        raise PokerRulesError(f"a seed is an int from 0 to 2**53 - 1, not {seed}")
    return vd_opponent_seed(game, seed)


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


cdef dict _starts(tuple fields):
    """Where each of an encoding's ``fields`` starts, by name (what a game's layout
    struct takes: a field it lacks is refused)."""
    return {f.name: f.start for f in fields}


cdef int _size(tuple fields) except -1:
    """The size of an observation laid out in ``fields``."""
    return fields[len(fields) - 1].stop


cdef tuple _codes(uint64_t bits):
    """The codes of a bit set of cards, ascending."""
    cdef int c
    return tuple([c for c in range(52) if (bits >> c) & 1u])


cdef class _Snapshot:
    """The games of a batch at one moment (made only by a batch's ``save``)."""
    cdef object owner
    cdef bytes games


cdef class _Batch:
    """N games of one game over the C batch driver, with one learner seat (or
    self-play): its games' memory, the one-call-at-a-time guard, saves, the checks
    of game indices and actions, and every call that steps or reads the games. A
    game's batch sets the driver's table and rules (:meth:`setup`) and adds its
    stacked deals and game dict."""

    cdef vd_batch b
    cdef bint busy
    cdef readonly Py_ssize_t n
    #: the fields of the encoding the games' observations are written in (its
    #: ``fields``: the one layout, read by the game's engine as offsets)
    cdef readonly tuple fields
    #: the word for an episode in messages ("game" or "round")
    cdef str episode

    def __cinit__(self, *args, **kwargs):
        self.b.games = NULL
        self.episode = "game"

    cdef int setup(self, Py_ssize_t n, const vd_game *game, const void *rules, int seat,
                   str opponent, tuple opponents, tuple fields, int actions,
                   int players) except -1:
        """Checks the count and the opponent, then allocates the games, each a
        whole game until the first reset (its next action ignored); the
        observation's size is that of the encoding's ``fields``."""
        if not 1 <= n <= MAX_GAMES:
            raise PokerRulesError(f"a batch holds 1 to {MAX_GAMES:,} games (MAX_GAMES), not {n:,}")
        if opponent not in opponents:
            raise PokerRulesError(f"no opponent {opponent!r}; the opponents are {opponents}")
        self.b.game = game
        self.b.rules = rules
        self.b.seat = seat
        self.b.opponent = _OPPONENTS[opponent]
        self.fields = fields
        self.b.obs_size = _size(fields)
        self.b.actions = actions
        self.b.players = players
        self.b.games = PyMem_Calloc(n, game.game_size)
        if self.b.games == NULL:
            raise MemoryError()
        self.n = n
        self.b.n = n
        cdef Py_ssize_t i
        for i in range(n):
            vd_deal(&self.b, i, i)
            vd_at(&self.b, i).done = 1
        return 0

    def __dealloc__(self):
        PyMem_Free(self.b.games)

    @property
    def num_actions(self):
        """The actions of the game's encoding."""
        return self.b.actions

    @property
    def observation_size(self):
        """The size of one observation (float32)."""
        return self.b.obs_size

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

    cdef bint over(self, Py_ssize_t i) noexcept nogil:
        return self.b.game.over(self.b.rules, vd_at(&self.b, i))

    def save(self):
        """Every game's state, for :meth:`restore` (an opaque snapshot of this batch)."""
        self.enter("save")
        try:
            snap = _Snapshot()
            snap.owner = self
            snap.games = (<char *>self.b.games)[:self.n * self.b.game.game_size]
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
            memcpy(self.b.games, <const char *>snap.games, self.n * self.b.game.game_size)
        finally:
            self.busy = False

    # --- dealing ------------------------------------------------------------
    def reset(self, seeds, which=None):
        """Deals game i from ``seeds[i]`` (ints, 0 to 2**53 - 1) as the game's
        ``new_game(seed=seeds[i])`` does, for every game or, given ``which`` (bool
        (n,)), for the games where it is True (the others keep their state), then
        plays a built-in opponent to the learner's turn.

        Raises:
            HandSizeError, ArgumentTypeError, PokerRulesError: seeds or ``which`` of
                another shape, seeds that are no ints or out of range (the game is
                named), a ``which`` that is no bool array; nothing changes.
        """
        cdef int64_t[::1] s
        cdef uint8_t[::1] w
        cdef const uint8_t *wp = NULL
        cdef int64_t fault
        self.enter("reset")
        try:
            s = _seeds(seeds, self.n)
            if which is not None:
                chosen = np.array(which, copy=True)
                if chosen.shape != (self.n,):
                    raise HandSizeError(
                        f"which must have shape ({self.n},), one per game, not {chosen.shape}")
                if chosen.dtype.kind != "b":
                    raise ArgumentTypeError(f"which must be bools, not {chosen.dtype}")
                w = np.ascontiguousarray(chosen).view(np.uint8)
                wp = &w[0]
            with nogil:
                fault = vd_reset(&self.b, <const uint64_t *>&s[0], wp)
        finally:
            self.busy = False
        self.check_faults(fault)

    cdef int stacked(self, Py_ssize_t i) except -1:
        """Starts game i for a stacked deal the caller then makes."""
        vd_start(&self.b, i, 0)
        return 0

    cdef int stacked_opponent(self, Py_ssize_t i) except -1:
        """Plays a built-in opponent after game i's stacked deal (engine faults
        refused)."""
        self.check_faults(i if vd_play_opponent(&self.b, i) else -1)
        return 0

    # --- moves --------------------------------------------------------------
    cdef str illegal(self, Py_ssize_t i, int64_t action):
        """Why ``action`` is illegal in game i now (a game may say more)."""
        return (f"game {i}: action {action} is illegal for player "
                f"{vd_at(&self.b, i).to_move} now; its legal actions are those of the "
                "game's action mask")

    cdef str unknown(self, Py_ssize_t i, int64_t action):
        """Why ``action`` does not exist (a game may say more)."""
        return (f"game {i}: action {action} does not exist; actions are 0 to "
                f"{self.b.actions - 1}")

    cdef object checked_actions(self, actions, indices=None):
        """The actions, as our own int64 copy, refused (game named) unless each game
        that is not awaiting its reset may take its action (the caller has marked
        the batch busy)."""
        a = _int_array(actions, self.n if indices is None else len(indices), "actions")
        cdef int64_t[::1] av = a
        cdef Py_ssize_t k, i
        cdef vd_head *g
        for k in range(av.shape[0]):
            i = k if indices is None else indices[k]
            if not 0 <= av[k] < self.b.actions:
                raise IllegalMoveError(self.unknown(i, av[k]))
            g = vd_at(&self.b, i)
            if g.done and indices is None:
                continue  # awaiting its reset: the action is ignored
            if g.to_move < 0 or self.over(i):
                raise IllegalMoveError(
                    f"game {i}: the {self.episode} is over; nobody is to move")
            if not self.b.game.legal_one(self.b.rules, g, av[k]):
                raise IllegalMoveError(self.illegal(i, av[k]))
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
                fault = vd_act(&self.b, &av[0], step)
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
                if vd_play(&self.b, i, a[k]) and fault < 0:
                    fault = i
        finally:
            self.busy = False
        self.check_faults(fault)

    cdef object run(self, int64_t[::1] av, uint64_t seed_step, bint act):
        """The step's C work (the caller has marked the batch busy)."""
        obs, mask, reward, seat_rewards, terminated, player = _outputs(
            self.n, self.b.obs_size, self.b.actions, self.b.players)
        cdef float[:, ::1] o = obs
        cdef uint8_t[:, ::1] m = mask.view(np.uint8)
        cdef double[::1] r = reward
        cdef double[:, ::1] sr = seat_rewards
        cdef uint8_t[::1] t = terminated.view(np.uint8)
        cdef int8_t[::1] p = player
        cdef int64_t fault = -1
        with nogil:
            if act:
                fault = vd_act(&self.b, &av[0], seed_step)
            vd_finish(&self.b, &o[0, 0], &m[0, 0], &r[0], &sr[0, 0], &t[0], &p[0])
        self.check_faults(fault)
        return obs, mask, reward, seat_rewards, terminated, player

    def finish(self):
        """What a step returns: ``(obs, mask, reward, seat_rewards, terminated,
        player)``, new arrays of shapes (n, observation size) float32, (n, actions)
        bool, (n,) float64, (n, players) float64, (n,) bool and (n,) int8; each game
        that is now over is scored and marked as awaiting its reset."""
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
        """Every game seen from ``seat``: float32 (n, observation size), the
        encoding's ``observe``."""
        if not 0 <= seat < self.b.players:
            raise PokerRulesError(f"seat must be 0 to {self.b.players - 1}, not {seat}")
        obs = np.empty((self.n, self.b.obs_size), dtype=np.float32)
        cdef float[:, ::1] o = obs
        cdef Py_ssize_t i
        self.enter("observe")
        try:
            for i in range(self.n):
                self.b.game.observe(self.b.rules, vd_at(&self.b, i), seat, &o[i, 0])
        finally:
            self.busy = False
        return obs

    def legal(self):
        """The legal actions of the player to move in each game: bool (n, actions),
        all False where the episode is over."""
        mask = np.empty((self.n, self.b.actions), dtype=np.bool_)
        cdef uint8_t[:, ::1] m = mask.view(np.uint8)
        cdef Py_ssize_t i
        self.enter("legal")
        try:
            for i in range(self.n):
                if self.over(i):
                    m[i, :] = 0
                else:
                    self.b.game.legal(self.b.rules, vd_at(&self.b, i), &m[i, 0])
        finally:
            self.busy = False
        return mask

    def to_move(self):
        """The player to move in each game: int8 (n,), -1 where the episode is over."""
        out = np.empty(self.n, dtype=np.int8)
        cdef Py_ssize_t i
        self.enter("to_move")
        try:
            for i in range(self.n):
                out[i] = -1 if self.over(i) else vd_at(&self.b, i).to_move
        finally:
            self.busy = False
        return out

    def greedy(self):
        """The game's greedy agent's action for the player to move in each game:
        int64 (n,) (-1 where the game is over).

        Raises:
            PokerRulesError: a game without a greedy agent.
        """
        if self.b.game.greedy_move == NULL:
            raise PokerRulesError("this game has no greedy agent in C")
        out = np.empty(self.n, dtype=np.int64)
        cdef Py_ssize_t i
        self.enter("greedy")
        try:
            for i in range(self.n):
                out[i] = vd_opponent_move(&self.b, i, VD_GREEDY)
        finally:
            self.busy = False
        return out


include "vector_east_west.pxi"
include "vector_chinese_poker.pxi"
include "vector_z_poker.pxi"
