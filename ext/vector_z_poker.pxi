# Z Poker's batch (included by _vector.pyx): its rules' table for the driver, its
# stacked deals and its game dict.

from pokerrules._core import STANDARD as _STANDARD_HANDS

cdef extern from "z_poker_vec.h" nogil:
    int ZV_POSITIONS, ZV_MAX_DECK, ZV_FIND_LEADER, ZV_START_GAME, ZV_END_GAME, ZV_OVER
    ctypedef struct zv_game:
        vd_head head
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
        int8_t winner
        int8_t stacked
        uint16_t deals
        uint16_t rounds
        uint16_t draws
    ctypedef struct zv_layout:
        int hand, tops, covered, face_down, phase, seat, to_move, leader, starter, counts
    ctypedef struct zv_rules:
        const pr_tables *tables
        uint8_t deck[52]
        int8_t deck_index[64]
        int deck_size
        int hand_size
        zv_layout at
        int obs_size
        int actions
    const vd_game ZV_GAME
    void zv_deal_stacked(const zv_rules *b, zv_game *g, const uint8_t *order)
    # the header's sizes, as constants Cython sizes arrays with
    enum:
        _ZV_BOARD "ZV_POSITIONS"
        _ZV_PLACEMENTS "ZV_MAX_ACTIONS"
    void zv_greedy_keys(const pr_tables *t, const int8_t *tops, int me, const uint8_t *codes,
                        const uint8_t *positions, int n, int64_t *keys)


#: Who plays the Z Poker seat that is not the learner's, by name.
Z_POKER_OPPONENTS = {name: _OPPONENTS[name] for name in ("self", "random", "greedy", "outside")}
_ZV_PHASES = {ZV_FIND_LEADER: "find-leader", ZV_START_GAME: "start-game",
              ZV_END_GAME: "end-game", ZV_OVER: "over"}
_ZV_POSITION_NAMES = "ABCDEFGH"


def z_poker_opponent_seed(seed):
    """The seed of the deal stream the built-in random Z Poker opponent draws from
    in an episode dealt from ``seed`` (0 to 2**53 - 1)."""
    return _opponent_seed(&ZV_GAME, seed)


cdef class ZPokerBatch(_Batch):
    """N games of Z Poker with one learner seat (or self-play).

    Args:
        n: games (1 to MAX_GAMES).
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

    cdef zv_rules rules

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
        self.rules.tables = shared_tables(_STANDARD_HANDS.variant)
        if self.rules.tables == NULL:
            raise MemoryError()
        cdef int d
        for d in range(64):
            self.rules.deck_index[d] = -1
        for d, code in enumerate(codes):
            self.rules.deck[d] = code
            self.rules.deck_index[code] = d
        self.rules.deck_size = len(codes)
        self.rules.hand_size = hand_size
        from pokerrules.envs.z_poker_v0 import ZPokerEncoding
        fields = ZPokerEncoding.fields_for(len(codes))
        self.rules.at = _starts(fields)
        self.rules.obs_size = _size(fields)
        self.rules.actions = ZV_POSITIONS * len(codes)
        self.setup(n, &ZV_GAME, &self.rules, seat, opponent, tuple(Z_POKER_OPPONENTS),
                   fields, self.rules.actions, 2)

    @property
    def field_starts(self):
        """Where the engine writes each field of the observation, by name."""
        return self.rules.at

    cdef zv_game *at(self, Py_ssize_t i):
        return <zv_game *>vd_at(&self.b, i)

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
        size = self.rules.deck_size
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
            deck = sorted(self.rules.deck[d] for d in range(size))
            for i in range(self.n):
                if sorted(c[i].tolist()) != deck:
                    raise PokerRulesError(
                        f"game {i}: the cards are not the deck's codes, once each")
            cv = np.array(c, dtype=np.uint8, order="C")
            for i in range(self.n):
                self.stacked(i)
                zv_deal_stacked(&self.rules, self.at(i), &cv[i, 0])
                if vd_play_opponent(&self.b, i) and fault < 0:
                    fault = i
        finally:
            self.busy = False
        self.check_faults(fault)

    def game(self, Py_ssize_t i):
        """Game ``i`` as a dict: ``seed``, ``phase`` (a :class:`Phase` value),
        ``to_move`` (None when over), ``hands`` (ascending codes per seat),
        ``stacks`` (position -> codes, bottom first), ``hidden`` (where seat 0's
        face-down card lies, or None), ``leader``, ``starter``, ``winner`` (None
        before they exist), ``pile`` (cards left to draw), ``deals``, ``rounds``,
        ``draws``, ``done``."""
        self.check_game(i)
        cdef zv_game *g = self.at(i)
        self.enter("game")
        try:
            stacks = {p: [] for p in _ZV_POSITION_NAMES}
            for k in range(g.n_placed):
                stacks[_ZV_POSITION_NAMES[g.placed_at[k]]].append(g.placed[k])
            return {
                "seed": g.head.seed,
                "phase": _ZV_PHASES[g.phase],
                "to_move": None if g.head.to_move < 0 else g.head.to_move,
                "hands": tuple(_codes(g.hands[s]) for s in range(2)),
                "stacks": {p: tuple(s) for p, s in stacks.items()},
                "hidden": None if g.hidden < 0 else _ZV_POSITION_NAMES[g.hidden],
                "leader": None if g.leader < 0 else g.leader,
                "starter": None if g.starter < 0 else g.starter,
                "winner": None if g.winner < 0 else g.winner,
                "pile": self.rules.deck_size - g.n_dealt,
                "deals": g.deals,
                "rounds": g.rounds,
                "draws": g.draws,
                "done": bool(g.head.done),
            }
        finally:
            self.busy = False


cdef inline long _int_entry(object value, str name) except? -2:
    # bools and floats are no card codes or positions
    if type(value) is not int and (isinstance(value, bool) or not isinstance(value, np.integer)):
        raise ArgumentTypeError(f"{name} holds ints, not {value!r}")
    try:
        return value
    except OverflowError:
        raise PokerRulesError(f"{name} holds {value}, far outside the board") from None


def z_poker_greedy_keys(tops, codes, positions, player):
    """The greedy rule's key of each placement (pokerrules.zpoker.policy.greedy_scores):
    card ``codes[i]`` put on position ``positions[i]`` (0..7 for A..H) by seat
    ``player``, on the board of top cards ``tops`` (8 codes, -1 for an empty position
    or a card the seat cannot see). Sides are valued on the standard ranking.

    Returns:
        A list of one (sign, mine, -theirs, -rank) tuple of ints per placement:
        whether the seat's side then beats (1), ties (0) or trails (-1) the other
        side, the seat's side value, minus the other side's, minus the card's rank
        (0..12); higher is better, compared in that order.

    Raises:
        ArgumentTypeError: ``tops``, ``codes`` or ``positions`` that is no list,
            tuple or 1-d array, an entry or ``player`` that is no int.
        HandSizeError: ``tops`` not 8 long, ``codes`` and ``positions`` of
            different lengths, or more than 416 placements.
        PokerRulesError: a seat other than 0 or 1, a code outside 0..51, a top card
            twice, a card put that is on the board, or a position outside 0..7.
    """
    cdef int8_t board[_ZV_BOARD]
    cdef uint8_t put[_ZV_PLACEMENTS]
    cdef uint8_t where[_ZV_PLACEMENTS]
    cdef int64_t keys[4 * _ZV_PLACEMENTS]
    cdef uint64_t seen = 0, bit
    cdef Py_ssize_t i, n
    cdef long top, code, position
    cdef long seat = _int_entry(player, "player")
    if seat not in (0, 1):
        raise PokerRulesError(f"no seat {seat}: Z Poker's seats are 0 and 1")
    for name, given in (("tops", tops), ("codes", codes), ("positions", positions)):
        if not isinstance(given, (list, tuple)) and not (
                isinstance(given, np.ndarray) and given.ndim == 1):
            raise ArgumentTypeError(f"{name} is a list, tuple or 1-d array, not {type(given)}")
    if len(tops) != ZV_POSITIONS:
        raise HandSizeError(f"tops must hold {ZV_POSITIONS} positions, not {len(tops)}")
    n = len(codes)
    if len(positions) != n:
        raise HandSizeError(f"{n} codes for {len(positions)} positions")
    if n > _ZV_PLACEMENTS:
        raise HandSizeError(f"at most {_ZV_PLACEMENTS} placements, not {n}")
    for i in range(ZV_POSITIONS):
        top = _int_entry(tops[i], "tops")  # read once: the value checked is the value used
        if not -1 <= top <= 51:
            raise PokerRulesError(f"the top card {top} of position {i} is no code 0..51 or -1")
        if top >= 0:
            bit = (<uint64_t>1) << top
            if seen & bit:
                raise PokerRulesError(f"the top card {top} lies on two positions")
            seen |= bit
        board[i] = <int8_t>top
    for i in range(n):
        code = _int_entry(codes[i], "codes")
        position = _int_entry(positions[i], "positions")
        if not 0 <= code <= 51:
            raise PokerRulesError(f"the card put {code} is no code 0..51")
        if (seen >> code) & 1:
            raise PokerRulesError(f"the card {code} put is on the board already")
        if not 0 <= position < ZV_POSITIONS:
            raise PokerRulesError(
                f"the position {position} is outside 0..{ZV_POSITIONS - 1}")
        put[i] = <uint8_t>code
        where[i] = <uint8_t>position
    zv_greedy_keys(_ranking(_STANDARD_HANDS.variant), board, <int>seat, put, where, <int>n, keys)
    return [(keys[4 * i], keys[4 * i + 1], keys[4 * i + 2], keys[4 * i + 3])
            for i in range(n)]
