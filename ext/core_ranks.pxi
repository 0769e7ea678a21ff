# Hand ranks: HandRank, its description, and ranking one hand.
# Part of pokerrules._core (included by ext/_core.pyx).

@cython.final
@cython.freelist(32)
@cython.no_gc  # it refers only to its HandRules, which refers to nothing: no cycle
cdef class HandRank:
    """The rank of a hand: ordered and hashable, higher is stronger.

    Ranks compare only with ranks of the same kind (five-card, two-card, partial)
    and the same :class:`HandRules`; ordering across them raises
    :class:`RulesMismatchError`. ``value`` is an int: for five-card ranks the
    dense class index (1 is the weakest hand of the rules), for two-card and
    partial ranks a structured key; compare values only within one kind and rules.
    """

    # 48 bytes (one-byte kind and count, no cdef methods so no method table)
    # rather than 64: a program that keeps millions of ranks touches less memory.
    cdef readonly int value
    cdef readonly HandRules rules
    cdef uint8_t kind
    cdef uint8_t ncards
    cdef uint8_t codes[7]

    def __init__(self, *args, **kwargs):
        raise TypeError("a HandRank is immutable and comes from evaluate, evaluate_two "
                        "or evaluate_partial")

    @property
    def kind(self):
        """"five-card", "two-card" or "partial"."""
        return _KIND_NAMES[self.kind]

    @property
    def cards(self):
        """The cards ranked, in the order given (tuple of Card)."""
        return tuple([CARDS[self.codes[i]] for i in range(self.ncards)])

    @property
    def category(self):
        """The :class:`HandCategory` of the hand."""
        _rank_tables(self)
        if self.kind == KIND_FIVE:
            return HandCategory(self.rules._tables.class_cat[self.value])
        return HandCategory(pr_key_category(self.rules._tables, <uint32_t>self.value))

    @property
    def is_royal(self):
        """True for an ace-high straight flush."""
        cdef uint32_t k = _rank_skey(self)
        return self.category == HandCategory.STRAIGHT_FLUSH and ((k >> 16) & 0xFF) == 24

    @property
    def best_five(self):
        """The cards that make the hand, most significant first (tuple of Card).

        For five-card ranks of six or seven cards: the five that give the value;
        where several choices give the same value, the lowest card codes. Two-card
        and partial ranks return all their cards."""
        return tuple([CARDS[c] for c in _best_codes(self)])

    @property
    def joker_as(self):
        """The card the joker stands for in the best five, or None."""
        best = _best_codes(self)
        if PR_JOKER not in best:
            return None
        if len(best) == 5:
            return CARDS[_joker_stand_in(self, best)]
        return _joker_ace(best)

    def describe(self):
        """The hand in words, e.g. "Straight, ten high" or
        "Two pair, kings and sevens, ace kicker"."""
        return _describe(self.category, _rank_skey(self), self.rules.deck == "piquet")

    def __richcmp__(self, other, int op):
        if not isinstance(other, HandRank):
            return NotImplemented
        cdef HandRank o = <HandRank>other
        _rank_tables(self)
        _rank_tables(o)
        if self.kind != o.kind or self.rules.variant != o.rules.variant:
            if op == 2:
                return False
            if op == 3:
                return True
            raise RulesMismatchError(
                f"cannot order a {_KIND_NAMES[self.kind]} {self.rules.name} rank against "
                f"a {_KIND_NAMES[o.kind]} {o.rules.name} rank")
        return _order(self.value, o.value, op)

    def __hash__(self):
        _rank_tables(self)
        return hash((self.kind, self.rules.variant, self.value))

    def __repr__(self):
        return f"<HandRank {self.describe()!r} ({_KIND_NAMES[self.kind]}, value={self.value})>"

    def __reduce__(self):
        return (_remake_rank, (self.kind, self.rules, _all_codes(self)))


cdef const pr_tables *_rank_tables(HandRank self) except NULL:
    """The rules' tables, after checking that a five-card value indexes them."""
    cdef const pr_tables *t
    if self.rules is None:
        raise PokerRulesError("this HandRank was not made by an evaluate function")
    t = self.rules.tables()
    if self.kind == KIND_FIVE and not 1 <= self.value <= t.nclasses:
        raise PokerRulesError(
            f"value {self.value} is no five-card hand of {self.rules.name} rules")
    return t


cdef uint32_t _rank_skey(HandRank self) except? 0:
    _rank_tables(self)
    if self.kind == KIND_FIVE:
        return self.rules._tables.class_key[self.value]
    return <uint32_t>self.value


cdef list _best_codes(HandRank self):
    cdef const pr_tables *t = _rank_tables(self)
    cdef uint8_t sub[5]
    cdef list cands = [self.codes[i] for i in range(self.ncards)]
    if self.kind != KIND_FIVE or self.ncards == 5:
        return _display_order(self, cands)
    best = None
    for combo in combinations(cands, 5):
        for i in range(5):
            sub[i] = combo[i]
        if pr_eval_codes(t, sub, 5) == self.value:
            key = sorted(combo, reverse=True)
            if best is None or key < best:
                best = key
    return _display_order(self, best)


cdef list _display_order(HandRank self, list codes):
    """Most significant first: bigger groups, higher ranks; a five-high straight
    puts its ace last, the joker stands where its stand-in would."""
    if PR_JOKER in codes and len(codes) == 5:
        stand = _joker_stand_in(self, codes)
    else:
        stand = 48
    ranks = [stand >> 2 if c == PR_JOKER else c >> 2 for c in codes]
    count = {r: ranks.count(r) for r in ranks}
    cat = self.category
    low_ace = (cat in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH)
               and 12 in ranks and 11 not in ranks)
    def order(i):
        r = ranks[i]
        if low_ace and r == 12:
            r = -1
        return (-count[ranks[i]], -r, codes[i])
    return [codes[i] for i in sorted(range(len(codes)), key=order)]


cdef int _joker_stand_in(HandRank self, list five) except -1:
    """The real card the joker plays as in these five cards: the highest rank
    that gives the same value, then a card not in the hand, then the lowest code."""
    cdef const pr_tables *t = self.rules._tables
    cdef uint8_t sub[5]
    others = [c for c in five if c != PR_JOKER]
    target = pr_eval_codes(t, _buf5(five, sub), 5)
    if sum(1 for c in others if c >> 2 == 12) == 4:
        return 48
    for rank in range(12, -1, -1):
        for pass_ in range(2):
            for suit in range(4):
                c = rank * 4 + suit
                if (c in _all_codes(self)) != (pass_ == 1):
                    continue
                if [o >> 2 for o in others].count(rank) >= 4:
                    continue
                if pr_eval_codes(t, _buf5(others + [c], sub), 5) != target:
                    continue
                cat = t.class_cat[target]
                if rank == 12 or cat in (PR_STRAIGHT, PR_FLUSH, PR_STRAIGHT_FLUSH):
                    return c
    return 48


cdef list _all_codes(HandRank self):
    return [self.codes[i] for i in range(self.ncards)]


cdef uint8_t *_buf5(list codes, uint8_t *sub):
    for i in range(5):
        sub[i] = codes[i]
    return sub


cdef object _joker_ace(list codes):
    for c in (48, 49, 50, 51):
        if c not in codes:
            return CARDS[c]
    return CARDS[48]


def _remake_rank(kind, rules, codes):
    """Unpickles a HandRank by ranking its cards again, so that a tampered pickle
    cannot hold a value its rules' tables do not have."""
    if not isinstance(rules, HandRules):
        raise PokerRulesError(f"a pickled HandRank holds rules {rules!r}, not HandRules")
    if type(codes) is not list:
        raise PokerRulesError(f"a pickled HandRank holds cards {codes!r}, not a list of codes")
    if type(kind) is not int or kind not in (KIND_FIVE, KIND_TWO, KIND_PARTIAL):
        raise PokerRulesError(f"a pickled HandRank holds kind {kind!r}, not 0, 1 or 2")
    if kind == KIND_FIVE:
        return evaluate(codes, rules)
    if kind == KIND_TWO:
        return evaluate_two(codes, rules)
    return evaluate_partial(codes, rules)


def _kickers(list rest):
    if not rest:
        return ""
    if len(rest) == 1:
        return f", {rest[0]} kicker"
    return ", kickers " + ", ".join(rest)


cdef str _describe(object cat, uint32_t key, bint piquet):
    if cat == HandCategory.FIVE_ACES:
        return "Five aces"
    # A straight's key holds its height in the top byte, not rank nibbles (0xE, the
    # nine-high straight, is no rank), so it is described before reading nibbles.
    if cat == HandCategory.STRAIGHT or cat == HandCategory.STRAIGHT_FLUSH:
        s = (key >> 16) & 0xFF
        if s == 1:  # the lowest straight: A-7-8-9-T in piquet, else the wheel
            top = 8 if piquet else 3
        elif s == 23:  # the wheel ranked second highest
            top = 3
        else:
            top = s // 2
        if cat == HandCategory.STRAIGHT_FLUSH:
            return "Royal flush" if s == 24 else f"Straight flush, {_RANK_NAMES[top]} high"
        return f"Straight, {_RANK_NAMES[top]} high"
    d = [(key >> (16 - 4 * i)) & 0xF for i in range(5)]
    ranks = [x - 1 for x in d if x]
    names = [_RANK_NAMES[r] for r in ranks]
    plural = [_RANK_PLURALS[r] for r in ranks]
    if cat == HandCategory.FOUR_OF_A_KIND:
        return f"Four of a kind, {plural[0]}" + _kickers(names[1:])
    if cat == HandCategory.FULL_HOUSE:
        return f"Full house, {plural[0]} full of {plural[1]}"
    if cat == HandCategory.FLUSH:
        return "Flush, " + ", ".join(names)
    if cat == HandCategory.THREE_OF_A_KIND:
        return f"Three of a kind, {plural[0]}" + _kickers(names[1:])
    if cat == HandCategory.TWO_PAIR:
        return f"Two pair, {plural[0]} and {plural[1]}" + _kickers(names[2:])
    if cat == HandCategory.ONE_PAIR:
        return f"One pair, {plural[0]}" + _kickers(names[1:])
    if not names:
        return "No cards"
    return "High card, " + ", ".join(names)


# --------------------------------------------------------------- ranking

cdef inline HandRank _new_rank(HandRules rules, int kind, int value, uint8_t *codes, int n):
    cdef HandRank h = HandRank.__new__(HandRank)
    h.value = value
    h.rules = rules
    h.kind = kind
    h.ncards = n
    for i in range(n if n <= 7 else 7):  # n <= 7 always; the bound tells the compiler
        h.codes[i] = codes[i]
    return h


def evaluate(cards, rules=STANDARD):
    """Rank the best five of 5, 6 or 7 cards.

    Args:
        cards: text ("As Ks Qs Js Ts 9d 2c"), Cards or int codes.
        rules: a :class:`HandRules` or a preset's name ("standard", "paigow",
            "piquet"); :data:`STANDARD` by default.

    Returns:
        HandRank of kind "five-card".

    Raises:
        HandSizeError: fewer than 5 or more than 7 cards.
        InvalidCardError, DuplicateCardError, CardNotInDeckError: a bad card.
        ArgumentTypeError: rules that are no HandRules; PokerRulesError: a name
            that is no preset.

    >>> evaluate("As Ks Qs Js Ts 9d 2c").describe()
    'Royal flush'
    """
    cdef uint8_t buf[64]
    cdef HandRules r = _hand_rules(rules)
    cdef int n = _load(r, cards, buf, 5, 7, "evaluate")
    return _new_rank(r, KIND_FIVE, pr_eval_codes(r._tables, buf, n), buf, n)


def rank_value(cards, rules=STANDARD):
    """The value of the best five of 5, 6 or 7 cards as a plain int: what
    ``evaluate(cards, rules).value`` is, without building a :class:`HandRank`.

    For hot loops that only compare hands: higher is stronger, equal is a tie,
    1 is the weakest hand of the rules; values compare only within one rules.

    Raises:
        The errors of :func:`evaluate`.

    >>> rank_value("As Ks Qs Js Ts 9d 2c") == STANDARD.n_values
    True
    """
    cdef uint8_t buf[64]
    cdef HandRules r = _hand_rules(rules)
    cdef int n = _load(r, cards, buf, 5, 7, "rank_value")
    cdef Py_ssize_t v = pr_eval_codes(r._tables, buf, n)
    if v < VALUE_INTS_SIZE:
        return _VALUE_INTS[v]
    return v


# The ints rank_value returns, made once: a caller that keeps every value then
# holds references to these instead of a new int each (a value of the presets is
# at most 7,463).
cdef enum:
    VALUE_INTS_SIZE = 8192
cdef tuple _VALUE_INTS = tuple(range(VALUE_INTS_SIZE))


def evaluate_two(cards, rules=PAI_GOW):
    """Rank a Pai Gow two-card hand: a pair beats any two unpaired cards, pairs
    by rank, others by the higher then the lower card; the joker is an ace.

    Returns:
        HandRank of kind "two-card".

    Raises:
        HandSizeError: not exactly 2 cards; InvalidCardError, DuplicateCardError,
        CardNotInDeckError: a bad card; bad rules as for :func:`evaluate`.
    """
    cdef uint8_t buf[64]
    cdef HandRules r = _hand_rules(rules)
    cdef int n = _load(r, cards, buf, 2, 2, "evaluate_two")
    return _new_rank(r, KIND_TWO, pr_partial_key(r._tables, buf, n), buf, n)


def evaluate_partial(cards, rules=None):
    """Rank 0 to 5 cards as a partial poker hand (Z Poker's sides, Pai Gow fouls).

    Only the categories the card count allows (no straight or flush under five
    cards); then grouped ranks (quads, trips, pairs), then kickers; a hand that
    runs out of cards first loses the tie. Five cards rank as :func:`evaluate`
    ranks them; with fewer, the joker is an ace. Without ``rules`` the cards rank
    under :data:`STANDARD`, or under :data:`PAI_GOW` when they hold the joker (the
    one deck that has it), as :func:`evaluate_two` ranks it.

    Returns:
        HandRank of kind "partial".

    Raises:
        HandSizeError: more than 5 cards; a bad card or rules as for :func:`evaluate`.

    >>> evaluate_partial("Kc Kd 2h") > evaluate_partial("Qc Qd Ah")
    True
    >>> evaluate_partial("Jk As").describe(), evaluate_partial("Jk As").rules.name
    ('One pair, aces', 'paigow')
    """
    cdef uint8_t buf[64]
    # without rules, read against the Pai Gow deck (the standard deck and the joker)
    cdef HandRules r = PAI_GOW if rules is None else _hand_rules(rules)
    cdef int n = _load(r, cards, buf, 0, 5, "evaluate_partial")
    if rules is None and PR_JOKER not in buf[:n]:
        r = STANDARD
    return _new_rank(r, KIND_PARTIAL, pr_partial_key(r._tables, buf, n), buf, n)


# ------------------------------------------------ ranking a set hand's sides

cdef int _side_codes(HandRules rules, object side, int n, uint8_t *buf) except -1:
    """The codes of one side of a :class:`~pokerrules.paigow.Setting`, a tuple of ``n``
    Cards it checked when it was made, into ``buf``: read from the Cards, nothing is
    parsed. The deck of ``rules`` (a setting may hold the joker) and duplicates cost a
    few bit operations and are checked all the same, so that whatever an object holds,
    the evaluator reads only inside its tables."""
    cdef PyObject **items
    cdef PyObject *x
    cdef uint64_t seen = 0, bad = 0
    cdef int i, c
    if type(side) is not tuple or PySequence_Fast_GET_SIZE(side) != n:
        raise ArgumentTypeError(f"a setting's side is a tuple of {n} Cards, not {_shown(side)}")
    items = PySequence_Fast_ITEMS(side)
    for i in range(n):
        x = items[i]
        if <void *>Py_TYPE(x) != <void *>Card:
            raise ArgumentTypeError(f"a setting holds Cards, not {_shown(<object>x)}")
        c = (<Card><object>x).code
        buf[i] = c
        bad |= seen & (1ULL << c)
        seen |= 1ULL << c
    if bad or seen & ~rules.tables().deck_mask:
        _first_bad_card(rules, buf, n)
    return n


def _setting_rank(side, bint high, rules=PAI_GOW, tuple carried=None):
    """The rank of one side of a Setting, from the Cards it holds: its five-card
    ``high`` hand (as :func:`evaluate` ranks it) or its two-card low hand (as
    :func:`evaluate_two`). ``rules`` and ``carried`` as :func:`_hand_rules` takes them.
    For :mod:`pokerrules.paigow.game.setting` (not public API).

    Raises:
        CardNotInDeckError: a card that is not in the rules' deck (the joker under
            STANDARD); bad rules as for :func:`evaluate`.
    """
    cdef uint8_t buf[5]
    cdef HandRules r = _hand_rules(rules, "rules", carried)
    if high:
        _side_codes(r, side, 5, buf)
        return _new_rank(r, KIND_FIVE, pr_eval_codes(r._tables, buf, 5), buf, 5)
    _side_codes(r, side, 2, buf)
    return _new_rank(r, KIND_TWO, pr_partial_key(r._tables, buf, 2), buf, 2)


def _setting_ranks(high, low, rules=PAI_GOW, tuple carried=None):
    """``(_setting_rank(high, True, ...), _setting_rank(low, False, ...))`` in one call."""
    cdef uint8_t five[5]
    cdef uint8_t two[2]
    cdef HandRules r = _hand_rules(rules, "rules", carried)
    _side_codes(r, high, 5, five)
    _side_codes(r, low, 2, two)
    return (_new_rank(r, KIND_FIVE, pr_eval_codes(r._tables, five, 5), five, 5),
            _new_rank(r, KIND_TWO, pr_partial_key(r._tables, two, 2), two, 2))


def _setting_foul(high, low, rules=PAI_GOW, tuple carried=None):
    """Whether a Setting of these sides fouls: its two cards, ranked as a partial
    hand (:func:`evaluate_partial`), above its five. No rank is built."""
    cdef uint8_t five[5]
    cdef uint8_t two[2]
    cdef HandRules r = _hand_rules(rules, "rules", carried)
    _side_codes(r, low, 2, two)
    _side_codes(r, high, 5, five)
    return pr_partial_key(r._tables, two, 2) > pr_partial_key(r._tables, five, 5)
