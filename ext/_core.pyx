# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Compiled core of pokerrules: cards, rules presets and hand ranking.

Use it through :mod:`pokerrules.cards` and :mod:`pokerrules.hands`; everything
here is re-exported there.
"""

cimport cython
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int32_t, int64_t
from libc.string cimport memset
from cpython.pycapsule cimport PyCapsule_New
from cpython.buffer cimport PyObject_GetBuffer, PyBuffer_Release, PyBUF_C_CONTIGUOUS, PyBUF_FORMAT, PyBUF_WRITABLE

from enum import IntEnum
from itertools import combinations
import operator
import sys

from pokerrules.errors import (
    ArgumentTypeError,
    CardNotInDeckError,
    DuplicateCardError,
    HandSizeError,
    InvalidCardError,
    PokerRulesError,
    RulesMismatchError,
)


cdef extern from "Python.h":
    ctypedef struct PyObject
    ctypedef struct PyTypeObject
    PyTypeObject *Py_TYPE(PyObject *o)
    Py_ssize_t PySequence_Fast_GET_SIZE(object o)
    PyObject **PySequence_Fast_ITEMS(object o)


cdef extern from "Python.h":
    # without "except": a refused buffer is cleared, not raised
    int _try_buffer "PyObject_GetBuffer"(object obj, Py_buffer *view, int flags)
    void PyErr_Clear()


cdef extern from "pr_pycards.h":
    int pr_int_code(PyObject *x)
    int pr_card_text_code(PyObject *x)
    Py_ssize_t pr_text_codes(PyObject *text, uint8_t *out, Py_ssize_t cap)


cdef extern from "pr_eval.h" nogil:
    int PR_JOKER
    int PR_DECK_STANDARD, PR_DECK_PAIGOW, PR_DECK_PIQUET, PR_DECK_MASK
    int PR_WHEEL_SECOND, PR_ACE_LOW, PR_FLUSH_OVER_FULL
    int PR_STRAIGHT, PR_FLUSH, PR_STRAIGHT_FLUSH, PR_FIVE_ACES
    ctypedef struct pr_tables:
        int variant
        uint32_t *class_key
        uint8_t *class_cat
        int nclasses
        uint64_t deck_mask
        uint8_t cat_pos[10]
        uint8_t pos_cat[10]
    const pr_tables *pr_get_tables(int variant)
    uint64_t pr_table_bytes()
    uint16_t pr_eval_codes(const pr_tables *t, const uint8_t *codes, int n)
    int pr_check_codes(const pr_tables *t, const uint8_t *codes, int n, int *why)
    int64_t pr_eval_batch_threads(const pr_tables *t, const uint8_t *codes, int64_t n, int k,
                                  int32_t *out, int check, int *why, int threads)
    int pr_enumerate(const pr_tables *t, int k, uint64_t *counts)
    uint32_t pr_partial_key(const pr_tables *t, const uint8_t *codes, int n)
    int pr_key_category(const pr_tables *t, uint32_t skey)


class HandCategory(IntEnum):
    """Poker hand categories. Their order of strength comes from the
    :class:`HandRules`, never from these numbers."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    FIVE_ACES = 9

    def __str__(self):
        return self.name


RANK_SYMBOLS = "23456789TJQKA"
SUIT_SYMBOLS = "cdhs"
JOKER_CODE = 52
_RANK_NAMES = ("two", "three", "four", "five", "six", "seven", "eight", "nine",
               "ten", "jack", "queen", "king", "ace")
_RANK_PLURALS = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights",
                 "nines", "tens", "jacks", "queens", "kings", "aces")
_RANK_OF_CHAR = {ch: i for i, ch in enumerate(RANK_SYMBOLS)}
_SUIT_OF_CHAR = {"c": 0, "d": 1, "h": 2, "s": 3,
                 "\u2663": 0, "\u2666": 1, "\u2665": 2, "\u2660": 3,
                 "\u2667": 0, "\u2662": 1, "\u2661": 2, "\u2664": 3}
_DECKS = {"standard": PR_DECK_STANDARD, "paigow": PR_DECK_PAIGOW, "piquet": PR_DECK_PIQUET}
# The cards of each deck, known without building its tables (pr_eval.c's decks)
_DECK_CODES = {"standard": tuple(range(52)), "paigow": tuple(range(53)),
               "piquet": tuple(range(20, 52))}

#: The most hands (rows) or values one batch call takes: 2**30, about a billion.
BATCH_LIMIT = 1 << 30
cdef enum:  # the most threads evaluate_many takes (the kernel runs at most 64)
    MAX_THREADS = 1024
#: The most items, and cards, read from an iterator of cards (a list, a tuple or
#: text is read whole).
CARD_LIMIT = 10_000

cdef enum:  # HandRank kinds
    KIND_FIVE = 0
    KIND_TWO = 1
    KIND_PARTIAL = 2
_KIND_NAMES = ("five-card", "two-card", "partial")

# numpy, imported by the first function that uses it (the batch functions): ranking
# hands one at a time needs none, and its import costs more than the package's own.
cdef object np = None
cdef object _np_empty = None
cdef object _INT32 = None


cdef object _numpy():
    global np, _np_empty, _INT32
    if np is None:
        import numpy
        _np_empty = numpy.empty
        _INT32 = numpy.dtype(numpy.int32)
        np = numpy
    return np


# ------------------------------------------------------------------ cards

@cython.final
cdef class Card:
    """One playing card or the joker; immutable, hashable and ordered by code.

    ``Card("As")``, ``Card("10d")``, ``Card("Jk")`` or ``Card(51)``. The code is
    ``rank * 4 + suit`` with ranks 2..A as 0..12 and suits c d h s as 0..3; the
    joker is 52 and sorts above every card.

    Raises:
        InvalidCardError: the text or code is no card.
    """

    cdef readonly int code
    cdef bint _made  # set by __init__: a Card is never initialised twice

    def __init__(self, value):
        if self._made:
            raise TypeError(f"{self!r} is immutable; make a new Card instead of "
                            "calling __init__ again")
        self.code = _one_code(value)
        self._made = True

    @property
    def rank(self):
        """Rank index 0..12 (2..A); -1 for the joker."""
        return -1 if self.code == PR_JOKER else self.code >> 2

    @property
    def suit(self):
        """Suit index 0..3 (c d h s); -1 for the joker."""
        return -1 if self.code == PR_JOKER else self.code & 3

    @property
    def is_joker(self):
        """True for the joker."""
        return self.code == PR_JOKER

    def __str__(self):
        return _card_text(self.code)

    def __repr__(self):
        return f"Card({_card_text(self.code)!r})"

    def __hash__(self):
        self._made = True  # a hashed Card may sit in a set: it must not change
        return self.code

    def __richcmp__(self, other, int op):
        if not isinstance(other, Card):
            return NotImplemented
        return _order(self.code, (<Card>other).code, op)

    def __reduce__(self):
        return (Card, (self.code,))


cdef bint _option(str name, object value) except -1:
    # 1, "yes" or None as an option is more likely a mistake than a wish
    if type(value) is bool:
        return value
    numpy = sys.modules.get("numpy")  # a numpy bool exists only once numpy is imported
    if numpy is not None and type(value) is numpy.bool_:
        return bool(value)
    raise PokerRulesError(f"HandRules option {name} must be True or False, not {value!r}")


cdef inline bint _order(int a, int b, int op):
    """a <op> b for a rich comparison code (Py_LT .. Py_GE)."""
    if op == 0:
        return a < b
    if op == 1:
        return a <= b
    if op == 2:
        return a == b
    if op == 3:
        return a != b
    if op == 4:
        return a > b
    return a >= b


cdef tuple CARDS = tuple([Card(c) for c in range(53)])
ALL_CARDS = CARDS


cdef str _text(object value):
    """A str (or subclass, such as numpy.str_) as a plain str, without calling
    anything the subclass overrides."""
    return value if type(value) is str else str.__str__(value)


def _shown(value):
    """``repr(value)`` for an error message, cut to a short prefix and the length
    (of text, or else of the repr); an int of more than 4,300 digits has no repr."""
    try:
        text = repr(value)
    except ValueError:
        return f"an int of {value.bit_length()} bits" if isinstance(value, int) else \
            f"a {type(value).__name__}"
    if len(text) <= 60:
        return text
    return f"{text[:40]}... ({len(value if isinstance(value, str) else text):,} characters)"


cdef str _card_text(int code):
    if code == PR_JOKER:
        return "Jk"
    return RANK_SYMBOLS[code >> 2] + SUIT_SYMBOLS[code & 3]


cdef int _one_code(object value) except -1:
    """The code of one card given as text, Card or int."""
    if isinstance(value, Card):
        return (<Card>value).code
    cdef int code = pr_card_text_code(<PyObject *>value)  # "As": no parsing
    if code >= 0:
        return code
    if isinstance(value, str):
        codes = _parse_text(_text(value))
        if len(codes) != 1:
            raise InvalidCardError(f"expected one card, got {_shown(value)}")
        return codes[0]
    return _int_code(value)


cdef int _int_code(object value) except -1:
    if isinstance(value, bool):
        raise ArgumentTypeError(f"a card is text, a Card or an int code, not {value!r}")
    try:
        c = operator.index(value)
    except TypeError:
        raise ArgumentTypeError(
            f"a card is text, a Card or an int code, not {type(value).__name__}") from None
    if c < 0 or c > 52:
        raise InvalidCardError(f"card code {c} is out of range 0..52")
    return c


cdef list _parse_text(str text):
    """Codes of every card in a text such as 'As Kd', 'AsKd', 'As,Kd', '10d', 'Jk'."""
    cdef list out = []
    cdef Py_ssize_t i, j, n
    # U+FE0F asks for the emoji form of a suit symbol; it is not part of the card
    for chunk in text.replace("\ufe0f", "").replace(",", " ").split():
        if not chunk.isascii():
            # lower() and upper() fold letters such as the Kelvin sign onto K; only
            # ASCII and the suit symbols spell cards (and keep their length)
            for ch in chunk:
                if not ch.isascii() and ch not in _SUIT_OF_CHAR:
                    raise InvalidCardError(f"{ch!r} (U+{ord(ch):04X}) in {_shown(text)} "
                                           "is not part of any card")
        low = chunk.lower()
        n = len(low)
        i = 0
        while i < n:
            if low.startswith("joker", i):
                out.append(PR_JOKER)
                i += 5
                continue
            if low.startswith("jk", i):
                out.append(PR_JOKER)
                i += 2
                continue
            if low.startswith("10", i):
                rank = 8
                j = i + 2
            else:
                rank = _RANK_OF_CHAR.get(low[i].upper())
                j = i + 1
            suit = _SUIT_OF_CHAR.get(low[j]) if j < n else None
            if rank is None or suit is None:
                raise InvalidCardError(
                    f"cannot read a card at {chunk[i:i + 3]!r} in {_shown(text)}")
            out.append(rank * 4 + suit)
            i = j + 1
    return out


cdef list _codes_of(object cards, Py_ssize_t limit=-1):
    """Card codes of text, a Card, or an iterable of texts, Cards or int codes.

    With ``limit`` >= 0, an iterator (anything but text, a list or a tuple, which
    are read whole) is read only until more than ``limit`` codes are out, so an
    endless iterable ends in the caller's HandSizeError instead of all memory; and
    never beyond CARD_LIMIT items (an endless run of empty texts is a HandSizeError
    here)."""
    cdef uint8_t buf[64]
    cdef Py_ssize_t i, n
    cdef int c
    if isinstance(cards, str):
        n = pr_text_codes(<PyObject *>cards, buf, 64)  # "As Kd 7c", "AsKd7c"
        if 0 <= n <= 64:
            return [buf[i] for i in range(n)]
        return _parse_text(_text(cards))
    if isinstance(cards, Card):
        return [(<Card>cards).code]
    if isinstance(cards, (bytes, bytearray, memoryview)):
        raise ArgumentTypeError("cards are text or an iterable of cards, not bytes")
    cdef list out = []
    try:
        items = iter(cards)
    except TypeError:
        raise ArgumentTypeError(f"cards are text or an iterable of cards, not {type(cards).__name__}") from None
    if limit >= 0 and isinstance(cards, (list, tuple)):
        limit = -1
    cdef Py_ssize_t read = 0
    for x in items:
        read += 1
        if type(x) is int:
            if x < 0 or x > 52:
                raise InvalidCardError(f"card code {x} is out of range 0..52")
            out.append(x)
        elif isinstance(x, Card):
            out.append((<Card>x).code)
        elif isinstance(x, str):
            c = pr_card_text_code(<PyObject *>x)  # "As": no parsing
            if c >= 0:
                out.append(c)
            else:
                out.extend(_parse_text(_text(x)))
        else:
            out.append(_int_code(x))
        if 0 <= limit < len(out):
            break
        if limit >= 0 and read > CARD_LIMIT:  # items that hold no card, for ever
            raise HandSizeError(f"an iterator of cards is read to at most {CARD_LIMIT:,} items")
    return out


def parse_cards(cards):
    """Read cards from text ("As Kd", "AsKd", "As,Kd", "10d", "A♠", "Jk", "Joker"),
    a :class:`Card`, or an iterable of texts, Cards or int codes.

    Text may be a ``str`` subclass such as ``numpy.str_``. An iterator is read to at
    most :data:`CARD_LIMIT` cards.

    Returns:
        list[Card], in the order given. Duplicates are kept (games check them).

    Raises:
        InvalidCardError: a token or code that is no card.
        ArgumentTypeError: something that is neither text nor cards.
        HandSizeError: an iterator that gives more than CARD_LIMIT cards.
    """
    return [CARDS[c] for c in _all_codes_of(cards, "parse_cards")]


def format_cards(cards):
    """The inverse of :func:`parse_cards`: cards as text separated by spaces.

    Raises the errors of :func:`parse_cards`."""
    return " ".join([_card_text(c) for c in _all_codes_of(cards, "format_cards")])


cdef list _all_codes_of(object cards, str what):
    codes = _codes_of(cards, CARD_LIMIT)
    if len(codes) > CARD_LIMIT and not isinstance(cards, (str, list, tuple)):
        raise HandSizeError(f"{what} reads at most {CARD_LIMIT:,} cards from an iterator")
    return codes


# ------------------------------------------------------------------ rules

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
        wheel_second_highest = _option("wheel_second_highest", wheel_second_highest)
        ace_low_straight = _option("ace_low_straight", ace_low_straight)
        flush_beats_full_house = _option("flush_beats_full_house", flush_beats_full_house)
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


cpdef HandRules _hand_rules(object rules, str argument="rules"):
    """``rules`` as HandRules: a HandRules, or a preset's name ("standard", "paigow",
    "piquet", in any case; text may be a str subclass).

    Raises:
        PokerRulesError: text that names no preset (the message lists the names).
        ArgumentTypeError: anything else, naming ``argument``.
    """
    if isinstance(rules, HandRules):
        return <HandRules>rules
    if isinstance(rules, str):
        name = _text(rules)
        preset = _PRESETS.get(name.lower()) if name.isascii() else None
        if preset is None:
            raise PokerRulesError(f"no HandRules preset is named {_shown(name)}; the presets "
                                  "are 'standard', 'paigow' and 'piquet'")
        return preset
    raise ArgumentTypeError(f"{argument} must be HandRules or a preset name ('standard', "
                            f"'paigow', 'piquet'), not {type(rules).__name__}")


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
        # the first offending card in the order given
        seen = 0
        for i in range(n):
            c = buf[i]
            if not (t.deck_mask >> c) & 1:
                raise CardNotInDeckError(f"{_card_text(c)} is not in the {rules.deck} deck")
            if (seen >> c) & 1:
                raise DuplicateCardError(f"duplicate card {_card_text(c)}")
            seen |= 1ULL << c
    return n


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


# ------------------------------------------------------------- hand ranks

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


def evaluate_partial(cards, rules=STANDARD):
    """Rank 0 to 5 cards as a partial poker hand (Z Poker's sides, Pai Gow fouls).

    Only the categories the card count allows (no straight or flush under five
    cards); then grouped ranks (quads, trips, pairs), then kickers; a hand that
    runs out of cards first loses the tie. Five cards rank as :func:`evaluate`
    ranks them; with fewer, the joker is an ace.

    Returns:
        HandRank of kind "partial".

    Raises:
        HandSizeError: more than 5 cards; a bad card or rules as for :func:`evaluate`.

    >>> evaluate_partial("Kc Kd 2h") > evaluate_partial("Qc Qd Ah")
    True
    """
    cdef uint8_t buf[64]
    cdef HandRules r = _hand_rules(rules)
    cdef int n = _load(r, cards, buf, 0, 5, "evaluate_partial")
    return _new_rank(r, KIND_PARTIAL, pr_partial_key(r._tables, buf, n), buf, n)


def evaluate_many(codes, rules=STANDARD, *, bint check=True, threads=1):
    """Rank many hands at once, with the GIL released.

    Args:
        codes: integer array-like of shape (n, k), k = 5..7, card codes 0..52;
            n at most :data:`BATCH_LIMIT`. A C-contiguous uint8 array is read in
            place, without a copy.
        rules: a :class:`HandRules` or a preset's name.
        check: validate every row (deck, duplicates). ``check=False`` skips it
            for trusted input; codes out of 0..52 are still refused.
        threads: native threads to split the rows over, an int from 1 to 1,024
            (enough for any machine's cores; POSIX, one thread on other systems).
            At most 64 run, and no more than there are rows. The results do not
            depend on it.

    Returns:
        numpy.ndarray of int32, shape (n,): the five-card values (as
        ``HandRank.value``).

    Raises:
        ArgumentTypeError: a non-integer array, ``threads`` no int, or bad rules
            as for :func:`evaluate`.
        HandSizeError: a shape other than (n, 5..7).
        InvalidCardError, DuplicateCardError, CardNotInDeckError: a bad row, named
            by its index.
        PokerRulesError: ``threads`` outside 1..1,024; more than BATCH_LIMIT
            rows, or a broadcast view (a stride of 0), refused before any work.

    Another thread may write to ``codes`` meanwhile: the kernel reads only inside
    its tables whatever the bytes, so the result is then meaningless for the rows
    written, never a crash.
    """
    _numpy()
    cdef HandRules rules_ = _hand_rules(rules)
    cdef const pr_tables *t = rules_.tables()
    cdef int n_threads
    if type(threads) is int and threads == 1:  # the default, first
        n_threads = 1
    else:
        n_threads = _checked_count(threads, "threads", 1, MAX_THREADS)
    cdef Py_buffer rows, res
    arr = codes  # a C-contiguous uint8 array is read in place
    if not (type(codes) is np.ndarray and _byte_rows(codes, &rows, 5, 7)):
        arr = _card_rows(codes, 5, 7, "evaluate_many")  # the kernel refuses codes above 52
        if not _byte_rows(arr, &rows, 5, 7):
            raise PokerRulesError(f"evaluate_many could not read the rows of {type(arr)}")
    cdef int64_t n = rows.shape[0]
    cdef int k = rows.shape[1]
    cdef int why = 0
    cdef int64_t bad_row = -1
    cdef int do_check = check
    try:
        if n > BATCH_LIMIT:
            raise PokerRulesError(f"evaluate_many takes at most {BATCH_LIMIT:,} rows a call, "
                                  f"got {n:,}; split the batch")
        out = _np_empty(n, _INT32)
        if n == 0:
            return out
        PyObject_GetBuffer(out, &res, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS)
        with nogil:
            bad_row = pr_eval_batch_threads(t, <const uint8_t *>rows.buf, n, k,
                                            <int32_t *>res.buf, do_check, &why, n_threads)
        PyBuffer_Release(&res)
    finally:
        PyBuffer_Release(&rows)
    if bad_row >= 0:
        error, message = _row_problem(rules_, [int(c) for c in arr[bad_row]])
        raise error(f"row {bad_row}: {message}")
    return out


def _checked_count(value, name, low, high):
    """The shared count check (:func:`pokerrules.checks.check_count`, which
    imports this module, hence imported here on first use)."""
    from pokerrules.checks import check_count
    return check_count(value, name, low, high)


cdef bint _byte_rows(object arr, Py_buffer *view, int k_min, int k_max) except -1:
    """Holds the buffer of ``arr`` in ``view`` and returns True if it is C-contiguous
    bytes ("B") of shape (n, k_min..k_max); otherwise holds nothing, returns False.
    Holding it keeps the memory alive (and the array unresizable) until released."""
    if _try_buffer(arr, view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0:
        PyErr_Clear()  # not contiguous: the caller copies it
        return False
    if (view.ndim == 2 and view.itemsize == 1 and view.format[0] == b"B"
            and view.format[1] == 0 and k_min <= view.shape[1] <= k_max):
        return True
    PyBuffer_Release(view)
    return False


def _card_rows(codes, int k_min, int k_max, str what, bint private=False):
    """Card codes as a C-contiguous uint8 array of shape (n, k), k_min <= k <= k_max,
    every code in 0..52 (the deck and duplicates are the caller's to check).

    With ``private``, the array returned shares no memory with ``codes`` and the
    range check reads it, not ``codes``: a kernel that trusts checked codes then
    reads only what was checked, whatever another thread writes to ``codes``. It
    costs one copy (a memcpy of n * k bytes for uint8 input).

    Raises:
        ArgumentTypeError: a non-integer array. HandSizeError: another shape, or ragged
        rows. InvalidCardError: a code out of range, naming its row.
        PokerRulesError: more than BATCH_LIMIT rows, or a broadcast view.
    """
    _numpy()
    # numpy builds new memory from a list or tuple; anything else may be shared
    fresh = type(codes) is list or type(codes) is tuple
    arr = _int_array(codes, "card codes", what)
    if arr.ndim != 2 or not k_min <= arr.shape[1] <= k_max:
        want = str(k_min) if k_min == k_max else f"{k_min}..{k_max}"
        raise HandSizeError(f"{what} takes an (n, {want}) array, got shape {arr.shape}")
    _bounded(arr, arr.shape[0], what, "rows")
    if arr.dtype != np.uint8:
        if arr.size:
            bad = (arr < 0) | (arr > 52)
            if bad.any():
                row = int(np.argmax(bad.any(axis=1)))
                val = arr[row][bad[row]][0]
                raise InvalidCardError(f"row {row}: card code {val} is out of range 0..52")
        # the cast makes a new array; a code written meanwhile is caught below
        arr = arr.astype(np.uint8, order="C")
    elif private and not fresh:
        arr = np.array(arr, dtype=np.uint8, order="C")  # the private copy
    if arr.size and int(arr.max()) > 52:  # one pass suffices for unsigned bytes
        row = int(np.argmax((arr > 52).any(axis=1)))
        raise InvalidCardError(f"row {row}: card code {int(arr[row].max())} is out of range 0..52")
    return np.ascontiguousarray(arr)


cdef object _int_array(object data, str name, str what):
    """``data`` as an integer numpy array (the caller's own memory when it is one);
    a sequence longer than BATCH_LIMIT is refused before numpy reads it."""
    _numpy()
    if not isinstance(data, np.ndarray):
        try:
            n = len(data)
            got = f"{n:,}"
        except OverflowError:
            n, got = BATCH_LIMIT + 1, "more than sys.maxsize"
        except (TypeError, ValueError):
            n = 0  # no length: numpy decides what it is
        if n > BATCH_LIMIT:
            raise PokerRulesError(f"{what} takes at most {BATCH_LIMIT:,} rows or values a "
                                  f"call, got {got}; split the batch")
    try:
        arr = np.asarray(data)
    except ValueError as exc:  # ragged rows
        raise HandSizeError(f"{name} must form a rectangular array: {exc}") from None
    except MemoryError:
        raise PokerRulesError(f"{what}: {name} too large to hold in memory") from None
    if arr.dtype.kind not in "iu":
        raise ArgumentTypeError(f"{name} must be an integer array, not dtype {arr.dtype}")
    return arr


cdef int _bounded(object arr, object count, str what, str unit) except -1:
    """Refuses, before any work, more than BATCH_LIMIT rows or values, and a
    broadcast view: a stride of 0 makes a huge array of a few bytes, whose every
    element numpy would read, uninterruptibly."""
    if count > BATCH_LIMIT:
        raise PokerRulesError(f"{what} takes at most {BATCH_LIMIT:,} {unit} a call, got "
                              f"{count:,}; split the batch")
    for size, stride in zip(arr.shape, arr.strides):
        if size > 1 and stride == 0 and arr.size:  # numpy gives empty arrays 0 strides
            raise PokerRulesError(f"{what} takes no broadcast view (an axis of stride 0, "
                                  f"shape {arr.shape}); pass a copy")
    return 0


cdef tuple _row_problem(HandRules rules, list codes):
    seen = set()
    for c in codes:
        if c > 52:  # another thread wrote into the array while it was ranked
            return (InvalidCardError, f"card code {c} is out of range 0..52")
        if not (rules.tables().deck_mask >> c) & 1:
            return (CardNotInDeckError, f"{_card_text(c)} is not in the {rules.deck} deck")
        if c in seen:
            return (DuplicateCardError, f"duplicate card {_card_text(c)}")
        seen.add(c)
    return (PokerRulesError, "bad row")


def categories(values, rules=STANDARD):
    """The category of each five-card value, vectorised.

    Args:
        values: integer array-like of any shape, values from :func:`evaluate_many`;
            at most :data:`BATCH_LIMIT` of them.
        rules: a :class:`HandRules` or a preset's name.

    Returns:
        numpy.ndarray of uint8 (HandCategory numbers), the shape of ``values``.

    Raises:
        ArgumentTypeError: a non-integer array, or bad rules as for :func:`evaluate`.
        PokerRulesError: a value that is no hand of these rules; more than
        BATCH_LIMIT values or a broadcast view, refused before any work.
    """
    cdef HandRules rules_ = _hand_rules(rules)
    cdef const pr_tables *t = rules_.tables()
    arr = _int_array(values, "values", "categories")  # imports numpy
    _bounded(arr, arr.size, "categories", "values")
    if arr.size and (int(arr.min()) < 1 or int(arr.max()) > t.nclasses):
        raise PokerRulesError(f"values must lie in 1..{t.nclasses} for {rules_.name} rules")
    table = np.frombuffer((<char *>t.class_cat)[:t.nclasses + 1], dtype=np.uint8)
    # clamped reads: another thread may write to values after the check
    return table.take(arr.astype(np.intp, copy=False), mode="clip")


cdef int _hand_size(object k, str what) except -1:
    """The k of an enumeration: an int from 5 to 7."""
    if isinstance(k, bool):
        raise ArgumentTypeError(f"{what}: k must be an int, not {k!r}")
    try:
        k = operator.index(k)
    except TypeError:
        raise ArgumentTypeError(f"{what}: k must be an int, not {type(k).__name__}") from None
    if k < 5 or k > 7:
        raise HandSizeError(f"{what} takes k from 5 to 7, got {_shown(k)}")
    return k


def value_counts(k, rules=STANDARD):
    """How many k-card hands of the rules' deck have each value, by full enumeration.

    Args:
        k: cards per hand, 5 to 7.
        rules: a :class:`HandRules` or a preset's name.

    Returns:
        numpy.ndarray of uint64, shape (rules.n_values + 1,), indexed by value
        (index 0 stays zero).

    Raises:
        HandSizeError: k outside 5..7.
        ArgumentTypeError: a k that is no int, or rules as for :func:`evaluate`.
    """
    cdef HandRules rules_ = _hand_rules(rules)
    cdef const pr_tables *t = rules_.tables()
    cdef int cards = _hand_size(k, "value_counts")
    out = _numpy().zeros(t.nclasses + 1, dtype=np.uint64)
    cdef uint64_t[::1] o = out
    cdef int status
    with nogil:
        status = pr_enumerate(t, cards, &o[0])
    if status:
        raise MemoryError("no memory for the enumeration's slot counts")
    return out


def category_counts(k, rules=STANDARD):
    """The category histogram of every k-card hand of the rules' deck (computed in C).

    Returns:
        dict mapping each HandCategory of ``rules.category_order`` to its count.

    Raises the errors of :func:`value_counts`.

    >>> category_counts(5)[HandCategory.FULL_HOUSE]
    3744
    """
    rules = _hand_rules(rules)
    _hand_size(k, "category_counts")
    counts = value_counts(k, rules)  # imports numpy
    cats = categories(np.arange(1, rules.n_values + 1), rules)
    hist = np.bincount(cats, weights=counts[1:], minlength=10)
    return {c: int(round(hist[int(c)])) for c in rules.category_order}


# Other compiled modules of the package (pokerrules._paigow) take their tables from
# here, so that a process holds one copy of each variant's tables.
_TABLES_CAPSULE = PyCapsule_New(<void *>pr_get_tables, "pokerrules._core.pr_get_tables", NULL)


def table_bytes():
    """Bytes held by the ranking tables built so far in this process."""
    return pr_table_bytes()


cdef extern from "pr_eval.h":
    int pr_kernel(int level) nogil


def _kernel(int level=-1):
    """The batch kernel in use: 0 scalar, 1 AVX2, 2 AVX-512 (private; for tests and
    benchmarks). ``level`` >= 0 selects one, at most what the CPU has."""
    return pr_kernel(level)
