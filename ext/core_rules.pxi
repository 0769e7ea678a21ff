# Rules: HandRules, the presets and loading a hand under them.
# Part of pokerrules._core (included by ext/_core.pyx).

@cython.final
@cython.no_gc  # it holds only strings and numbers: no cycle
cdef class HandRules:
    """How hands rank: the deck and the options the games disagree on.

    Presets: :data:`STANDARD`, :data:`PAI_GOW`, :data:`PIQUET`. Build variants with
    :meth:`replace`, e.g. ``PAI_GOW.replace(wheel_second_highest=True)``.

    Args:
        deck: "standard" (52 cards), "paigow" (53, with the joker as the bug) or
            "piquet" (32 cards, A K Q J T 9 8 7).
        wheel_second_highest: A-2-3-4-5 ranks just below A-K-Q-J-T (standard/paigow).
        ace_low_straight: A-7-8-9-T is the lowest straight (piquet).
        flush_beats_full_house: a flush ranks above a full house (piquet).

    Raises:
        PokerRulesError: an unknown deck, an option the deck does not take, or an
            option that is not True or False.
    """

    cdef readonly str deck
    cdef readonly bint wheel_second_highest
    cdef readonly bint ace_low_straight
    cdef readonly bint flush_beats_full_house
    cdef readonly int variant
    cdef const pr_tables *_tables
    # Set once __init__ has run or the tables are in use (HandRanks hold them):
    # from then on the fields never change, so no rank outlives its tables.
    cdef bint _frozen

    def __cinit__(self):
        self.deck = "standard"  # so that HandRules.__new__(HandRules) is STANDARD

    def __init__(self, deck="standard", *, wheel_second_highest=False,
                 ace_low_straight=False, flush_beats_full_house=False):
        if self._frozen:
            raise TypeError(f"{self!r} is immutable; use replace() instead of "
                            "calling __init__ again")
        wheel_second_highest = _is_flag(wheel_second_highest,
                                        "HandRules option wheel_second_highest")
        ace_low_straight = _is_flag(ace_low_straight, "HandRules option ace_low_straight")
        flush_beats_full_house = _is_flag(flush_beats_full_house,
                                          "HandRules option flush_beats_full_house")
        if not isinstance(deck, str) or deck not in _DECKS:
            raise PokerRulesError(f"unknown deck {_shown(deck)}; use one of {sorted(_DECKS)}")
        piquet = deck == "piquet"
        if piquet and wheel_second_highest:
            raise PokerRulesError("wheel_second_highest needs a deck with A-2-3-4-5")
        if not piquet and (ace_low_straight or flush_beats_full_house):
            raise PokerRulesError("ace_low_straight and flush_beats_full_house are piquet options")
        self.deck = deck
        self.wheel_second_highest = wheel_second_highest
        self.ace_low_straight = ace_low_straight
        self.flush_beats_full_house = flush_beats_full_house
        self.variant = (_DECKS[deck] | (PR_WHEEL_SECOND if wheel_second_highest else 0)
                        | (PR_ACE_LOW if ace_low_straight else 0)
                        | (PR_FLUSH_OVER_FULL if flush_beats_full_house else 0))
        self._tables = NULL
        self._frozen = True

    cdef const pr_tables *tables(self) except NULL:
        if self._tables == NULL:
            self._frozen = True
            self._tables = pr_get_tables(self.variant)
            if self._tables == NULL:
                raise MemoryError("cannot build the ranking tables")
        return self._tables

    def replace(self, **changes):
        """A copy with some fields changed (same keywords as the constructor)."""
        fields = dict(deck=self.deck, wheel_second_highest=self.wheel_second_highest,
                      ace_low_straight=self.ace_low_straight,
                      flush_beats_full_house=self.flush_beats_full_house)
        unknown = set(changes) - set(fields)
        if unknown:
            raise ArgumentTypeError(f"unknown HandRules field(s): {sorted(unknown)}")
        fields.update(changes)
        return HandRules(fields.pop("deck"), **fields)

    @property
    def name(self):
        """Short name: the deck plus the options that are on."""
        opts = [n for n, on in (("wheel_second_highest", self.wheel_second_highest),
                                ("ace_low_straight", self.ace_low_straight),
                                ("flush_beats_full_house", self.flush_beats_full_house)) if on]
        return "+".join([self.deck] + opts)

    @property
    def has_joker(self):
        """True when the deck holds the joker."""
        return self.deck == "paigow"

    @property
    def deck_codes(self):
        """The card codes of the deck, ascending (tuple of int)."""
        return _DECK_CODES[self.deck]

    @property
    def category_order(self):
        """The categories this deck can make, weakest first (tuple of HandCategory)."""
        cdef const pr_tables *t = self.tables()
        cats = [HandCategory(t.pos_cat[p]) for p in range(10)]
        if not self.has_joker:
            cats.remove(HandCategory.FIVE_ACES)
        return tuple(cats)

    @property
    def n_values(self):
        """The number of distinct five-card hand values (7,462 for STANDARD)."""
        return self.tables().nclasses

    def __eq__(self, other):
        if not isinstance(other, HandRules):
            return NotImplemented
        return self.variant == (<HandRules>other).variant

    def __hash__(self):
        self._frozen = True  # hashed rules may be a dict key: they must not change
        return hash(("HandRules", self.variant))

    def __repr__(self):
        args = [repr(self.deck)] + [f"{n}=True" for n in self.name.split("+")[1:]]
        return f"HandRules({', '.join(args)})"

    def __reduce__(self):
        return (_rules_from_variant, (self.variant,))


def _rules_from_variant(variant):
    """The HandRules of a variant number (unpickling; the number may be tampered)."""
    decks = {v: k for k, v in _DECKS.items()}
    options = PR_WHEEL_SECOND | PR_ACE_LOW | PR_FLUSH_OVER_FULL
    if (type(variant) is not int or variant < 0 or variant & ~(PR_DECK_MASK | options)
            or variant & PR_DECK_MASK not in decks):
        raise PokerRulesError(f"no rules have the variant number {variant!r}")
    deck = decks[variant & PR_DECK_MASK]
    return HandRules(deck, wheel_second_highest=bool(variant & PR_WHEEL_SECOND),
                     ace_low_straight=bool(variant & PR_ACE_LOW),
                     flush_beats_full_house=bool(variant & PR_FLUSH_OVER_FULL))


STANDARD = HandRules("standard")
PAI_GOW = HandRules("paigow")
PIQUET = HandRules("piquet")
_PRESETS = {"standard": STANDARD, "paigow": PAI_GOW, "piquet": PIQUET}


cdef str _spoken_list(list names):
    """'a', 'b' and 'c'."""
    shown = [repr(n) for n in names]
    last = len(shown) - 1  # no negative index: the module is compiled without wraparound
    return shown[0] if last == 0 else f"{', '.join(shown[:last])} and {shown[last]}"


def _rules_of(rules, kind, presets=None, argument="rules", *, default=None, hints=None,
              carried=None):
    """``rules`` checked as rules of the type ``kind``: one of them, a preset's name
    (a key of ``presets``, lowercase ASCII, given in any case; text may be a str
    subclass), ``default`` for None when there is one, or, with ``carried`` (an
    attribute's name and what holds it, as the message names it), the rules that
    another rules object holds in that attribute. The one coercer of every
    ``rules`` argument: hand rules, table rules, a game's rules.

    ``hints`` maps a lowercase name that is no preset to a note for the error
    (the text says what the name is instead).

    Raises:
        PokerRulesError: text that names no preset (the message lists the names).
        ArgumentTypeError: anything else, naming ``argument`` and what it takes.
    """
    return _coerce_rules(rules, kind, presets, argument, default, hints, carried)


cdef object _coerce_rules(object rules, type kind, dict presets, str argument, object default,
                          dict hints, tuple carried):
    if isinstance(rules, kind):
        return rules
    if rules is None and default is not None:
        return default
    if isinstance(rules, str) and presets:
        name = _text(rules)
        key = name.lower() if name.isascii() else ""
        if key in presets:
            return presets[key]
    if carried is not None and not isinstance(rules, (str, bytes)):
        inner = getattr(rules, carried[0], None)
        if isinstance(inner, kind):
            return inner
    # no rules: the error's words are made only now
    kind_name = kind.__name__
    choices = _spoken_list(list(presets)) if presets else ""
    if isinstance(rules, str) and presets:
        hint = f" ({_shown(name)} {hints[key]})" if hints and key in hints else ""
        raise PokerRulesError(f"no {kind_name} preset is named {_shown(name)}; the presets "
                              f"are {choices}{hint}")
    takes = kind_name
    if carried is not None:
        takes += f"{', ' if presets else ' or '}{carried[1]}"
    if presets:
        takes += f" or a preset name ({choices})"
    raise ArgumentTypeError(f"{argument} must be {takes}, not {type(rules).__name__}")


cpdef HandRules _hand_rules(object rules, str argument="rules", tuple carried=None):
    """``rules`` as HandRules: a HandRules, or a preset's name ("standard", "paigow",
    "piquet", in any case; text may be a str subclass), or with ``carried``
    (attribute, holder) the HandRules another rules object holds. As :func:`_rules_of`.

    Raises:
        PokerRulesError: text that names no preset (the message lists the names).
        ArgumentTypeError: anything else, naming ``argument``.
    """
    if isinstance(rules, HandRules):  # the common case, without the call
        return <HandRules>rules
    return _coerce_rules(rules, HandRules, _PRESETS, argument, None, None, carried)


cdef int _load(HandRules rules, object cards, uint8_t *buf, int lo, int hi,
               str what) except -1:
    """Reads cards into buf, checks count, deck and duplicates; returns the count."""
    cdef const pr_tables *t = rules.tables()
    cdef int n = 0, i, c
    cdef uint64_t seen = 0, bad = 0
    cdef PyObject **items
    cdef PyObject *x
    cdef bint fast = type(cards) is list or type(cards) is tuple
    if type(cards) is str:
        # text in a common form, read without the parser ("As Kd 7c", "AsKd7c")
        n = pr_text_codes(<PyObject *>cards, buf, hi)
        fast = 0 <= n <= hi
        for i in range(n if fast else 0):
            c = buf[i]
            bad |= seen & (1ULL << c)
            seen |= 1ULL << c
    elif fast:
        # Borrowed items of a list or tuple, read without calling anything (so
        # nothing can change it meanwhile): exact ints 0..52, Cards and one-card
        # texts spelt the usual way ("As").
        n = PySequence_Fast_GET_SIZE(cards)
        fast = n <= hi
        items = PySequence_Fast_ITEMS(cards)
        for i in range(n if fast else 0):
            x = items[i]
            c = pr_int_code(x)
            if c < 0:
                if c == -1:
                    raise InvalidCardError(f"card code {<object>x} is out of range 0..52")
                if <void *>Py_TYPE(x) == <void *>Card:
                    c = (<Card><object>x).code
                else:
                    c = pr_card_text_code(x)
                    if c < 0:  # other text (maybe several cards) or objects with __index__
                        fast = False
                        break
            buf[i] = c
            bad |= seen & (1ULL << c)
            seen |= 1ULL << c
    if not fast:
        codes = _codes_of(cards, hi)
        n = len(codes)
        if n > hi:
            raise HandSizeError(_size_message(what, lo, hi, codes, cards))
        seen = bad = 0
        for i in range(n):
            c = codes[i]
            buf[i] = c
            bad |= seen & (1ULL << c)
            seen |= 1ULL << c
    if n < lo:
        raise HandSizeError(_size_message(what, lo, hi, [buf[i] for i in range(n)], cards))
    if bad or seen & ~t.deck_mask:
        _first_bad_card(rules, buf, n)
    return n


cdef int _first_bad_card(HandRules rules, const uint8_t *buf, int n) except -1:
    """Raises the error of the first card of ``buf`` (codes 0..52) that is not in the
    rules' deck or that came before, in the order given."""
    cdef uint64_t deck = rules.tables().deck_mask, seen = 0
    cdef int i, c
    for i in range(n):
        c = buf[i]
        if not (deck >> c) & 1:
            raise CardNotInDeckError(f"{_card_text(c)} is not in the {rules.deck} deck")
        if (seen >> c) & 1:
            raise DuplicateCardError(f"duplicate card {_card_text(c)}")
        seen |= 1ULL << c
    return 0


cdef str _size_message(str what, int lo, int hi, list codes, object cards):
    """'<what> takes <lo> to <hi> cards, got <n>: <the cards>'. ``codes`` are those
    read from ``cards``; an iterator was read only to one code past ``hi``."""
    want = str(lo) if lo == hi else f"{lo} to {hi}"
    n = len(codes)
    if n > hi and not isinstance(cards, (str, list, tuple)):
        got = f"more than {hi}"
    else:
        got = str(n)
    if not codes:
        return f"{what} takes {want} cards, got 0"
    shown = " ".join([_card_text(c) for c in codes[:hi + 1]])
    more = " ..." if n > hi + 1 else ""
    return f"{what} takes {want} cards, got {got}: {shown}{more}"


def _read_cards(cards, int lo, int hi, str what):
    """The cards of ``cards`` (as :func:`parse_cards`), checking there are ``lo`` to
    ``hi`` of them without reading an iterator past ``hi + 1``.

    Raises:
        HandSizeError: too few or too many, naming ``what`` and the cards.
    """
    codes = _codes_of(cards, hi)
    if not lo <= len(codes) <= hi:
        raise HandSizeError(_size_message(what, lo, hi, codes, cards))
    return [CARDS[c] for c in codes]
