# Chinese Poker's batch (included by _vector.pyx): its rules' table for the driver,
# its stacked deals and its game dict.

cdef extern from "chinese_poker_vec.h" nogil:
    int CP_BOMB
    int CPV_DECK, CPV_FIRST_PLAY, CPV_DEAL, CPV_CHOOSE, CPV_PLAY, CPV_OVER
    ctypedef struct cp_play:
        int8_t kind
        int8_t length
        int8_t value
        int8_t take[13]
    ctypedef struct cp_world:
        uint64_t hand[4]
        uint64_t table_cards
        int players
        int to_move
        int table_player
        int passes
        cp_play table
    ctypedef struct cpv_patterns:
        int n
        int words
        cp_play play[1024]
        uint64_t holds[13][5][16]
        uint64_t beats[1024][16]
    ctypedef struct cpv_game:
        vd_head head
        cp_world w
        uint64_t piles[3]
        uint8_t played[48]
        int8_t pile_owner[3]
        int16_t table_pattern
        int8_t phase
        int8_t dealer
        int8_t ended
        int8_t stacked
        uint8_t n_played
        uint8_t round
        int32_t scores[4]
    ctypedef struct cpv_layout:
        int hand, played, table, table_player, counts, scores, dealer, players, phase
        int must_play, to_move, piles, pile_owners
    ctypedef struct cpv_rules:
        const cpv_patterns *patterns
        int players
        int target
        int open_choice
        int actions
        cpv_layout at
        int obs_size
    const vd_game CPV_GAME
    int cpv_prepare(cpv_patterns *p, int n, const int8_t *need)
    void cpv_deal_stacked(const cpv_rules *b, cpv_game *g, int dealer, const uint8_t *cards)


#: Who plays the Chinese Poker seats that are not the learner's, by name.
CHINESE_POKER_OPPONENTS = {name: _OPPONENTS[name] for name in ("self", "random", "outside")}
#: The first play action (0 passes, 1-3 choose a dealt hand): the action layout's one
#: source, which pokerrules.envs.chinese_poker_v0 reads.
CHINESE_POKER_FIRST_PLAY = CPV_FIRST_PLAY
_PHASES = {CPV_DEAL: "deal", CPV_CHOOSE: "choose", CPV_PLAY: "play", CPV_OVER: "over"}
# the deck's codes (CHINESE_POKER_DECK): 2s (3), 3c (4) to Kd (47), Ad (49), Ah, As (51)
_CP_CODES = frozenset(range(3, 52)) - {48}


def chinese_poker_opponent_seed(seed):
    """The seed of the deal stream the built-in random Chinese Poker opponent draws
    from in an episode dealt from ``seed`` (0 to 2**53 - 1)."""
    return _opponent_seed(&CPV_GAME, seed)


def _pattern_need(need):
    """``need`` as a C-ordered int8 (patterns, 13) array of cards per rank, checked."""
    need = np.array(need, dtype=np.int8, order="C")
    p = need.shape[0] if need.ndim else 0
    if need.ndim != 2 or need.shape != (p, 13) or not 1 <= p <= 1024 \
            or need.min() < 0 or need.max() > 4:
        raise PokerRulesError("play patterns are (1 to 1024, 13) cards per rank")
    return need


cdef int _prepare(cpv_patterns *patterns, const int8_t[:, ::1] need) except -2:
    """Classifies the patterns into ``patterns`` (cpv_prepare); a pattern that is
    no play raises PokerRulesError naming it."""
    cdef int i = cpv_prepare(patterns, <int>need.shape[0], &need[0, 0])
    if i >= 0:
        raise PokerRulesError(f"play pattern {i} is no play")
    return i


def chinese_poker_pattern_sets(need):
    """The play patterns' sets as Chinese Poker's rules (chinese_poker.h) make them,
    64 patterns to a word (pattern ``p`` is bit ``p % 64`` of word ``p // 64``).

    Args:
        need: cards per rank (2..A) of each play pattern, ``(patterns, 13)``,
            1 to 1024 patterns, 0 to 4 cards each.

    Returns:
        ``(holds, beats)``, uint64 arrays: ``holds[r, c]`` (shape ``(13, 5, words)``)
        the patterns that take at most ``c`` cards of rank ``r``; ``beats[t]``
        (shape ``(patterns, words)``) the patterns that may go onto pattern ``t``.

    Raises:
        PokerRulesError: patterns of another shape or counts, or a pattern that
            is no play (named by its index).
    """
    need = _pattern_need(need)
    cdef int8_t[:, ::1] nv = need
    cdef cpv_patterns *patterns = <cpv_patterns *>PyMem_Calloc(1, sizeof(cpv_patterns))
    if patterns == NULL:
        raise MemoryError()
    try:
        _prepare(patterns, nv)
        words = patterns.words
        holds = np.empty((13, 5, words), dtype=np.uint64)
        beats = np.empty((patterns.n, words), dtype=np.uint64)
        for r in range(13):
            for c in range(5):
                for k in range(words):
                    holds[r, c, k] = patterns.holds[r][c][k]
        for t in range(patterns.n):
            for k in range(words):
                beats[t, k] = patterns.beats[t][k]
        return holds, beats
    finally:
        PyMem_Free(patterns)


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

    cdef cpv_rules rules
    cdef cpv_patterns patterns

    def __cinit__(self, Py_ssize_t n, int players, int target, bint open_choice, int seat,
                  str opponent, need, kind, length, value, int bomb_kind):
        if players not in (2, 3, 4) or opponent not in CHINESE_POKER_OPPONENTS \
                or not 0 <= seat < players or not 1 <= target <= 10**6:
            raise PokerRulesError(
                f"no players {players}, opponent {opponent!r}, seat {seat} or target {target}")
        need = _pattern_need(need)
        p = need.shape[0]
        columns = [np.array(c, dtype=np.int8, order="C") for c in (kind, length, value)]
        if any(c.shape != (p,) for c in columns):
            raise PokerRulesError(f"kinds, lengths and values are ({p},) each")
        cdef int8_t[:, ::1] nv = need
        cdef int8_t[::1] kv = columns[0], lv = columns[1], vv = columns[2]
        cdef const cp_play *play
        cdef int i = _prepare(&self.patterns, nv)
        # the caller's kinds (PlayKind's order from 0), lengths and values are the
        # rules' classification (chinese_poker.h numbers the kinds from 1)
        for i in range(p):
            play = &self.patterns.play[i]
            if (play.kind - 1, play.length, play.value) != (kv[i], lv[i], vv[i]) \
                    or (play.kind == CP_BOMB) != (kv[i] == bomb_kind):
                raise PokerRulesError(f"play pattern {i}'s kind, length or value is not "
                                      "the rules' classification")
        self.rules.patterns = &self.patterns
        self.rules.players = players
        self.rules.target = target
        self.rules.open_choice = open_choice
        self.rules.actions = CPV_FIRST_PLAY + p
        from pokerrules.envs.chinese_poker_v0 import ChinesePokerEncoding
        fields = ChinesePokerEncoding.fields_for(target)
        self.rules.at = _starts(fields)
        self.rules.obs_size = _size(fields)
        self.episode = "round"
        self.setup(n, &CPV_GAME, &self.rules, seat, opponent, tuple(CHINESE_POKER_OPPONENTS),
                   fields, self.rules.actions, players)

    @property
    def field_starts(self):
        """Where the engine writes each field of the observation, by name."""
        return self.rules.at

    cdef cpv_game *at(self, Py_ssize_t i):
        return <cpv_game *>vd_at(&self.b, i)

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
                if not 0 <= d[i] < self.rules.players:
                    raise PokerRulesError(
                        f"game {i}: dealer {d[i]} is no player (0 to {self.rules.players - 1})")
                if set(c[i].tolist()) != _CP_CODES:
                    raise PokerRulesError(
                        f"game {i}: the cards are not the 48-card deck's codes (3 to 51 "
                        "but 48), once each")
            cv = np.array(c, dtype=np.uint8, order="C")
            for i in range(self.n):
                self.stacked(i)
                cpv_deal_stacked(&self.rules, self.at(i), d[i], &cv[i, 0])
                self.stacked_opponent(i)
        finally:
            self.busy = False

    def game(self, Py_ssize_t i):
        """Game ``i`` as a dict: ``seed``, ``phase``, ``round``, ``dealer``,
        ``to_move`` (None when nobody is), ``hands`` (ascending codes per player),
        ``piles`` and ``pile_owners`` (two players choosing), ``table`` (codes),
        ``table_player`` (None on an empty table), ``passes``, ``played`` (codes in
        order), ``scores``, ``ended`` (the first round is over), ``done``."""
        self.check_game(i)
        cdef cpv_game *g = self.at(i)
        self.enter("game")
        try:
            n = self.rules.players
            codes = _codes
            choosing = g.phase == CPV_CHOOSE
            return {
                "seed": g.head.seed,
                "phase": _PHASES[g.phase],
                "round": g.round,
                "dealer": g.dealer,
                "to_move": None if g.w.to_move < 0 else g.w.to_move,
                "hands": tuple(codes(g.w.hand[p]) for p in range(n)),
                "piles": tuple(codes(g.piles[h]) for h in range(3)) if choosing else (),
                "pile_owners": tuple(None if g.pile_owner[h] < 0 else g.pile_owner[h]
                                     for h in range(3)) if choosing else (),
                "table": codes(g.w.table_cards),
                "table_player": None if g.w.table_player < 0 else g.w.table_player,
                "passes": g.w.passes,
                "played": tuple(g.played[k] for k in range(g.n_played)),
                "scores": tuple(g.scores[p] for p in range(n)),
                "ended": bool(g.ended),
                "done": bool(g.head.done),
            }
        finally:
            self.busy = False
