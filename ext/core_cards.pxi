# Cards: the Card type, reading cards from codes and text, and writing them.
# Part of pokerrules._core (included by ext/_core.pyx).

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


def _flag(value, str name):
    """``value`` checked as a flag: True or False (Python's or numpy's bool), as a
    plain bool; 1, "no" or None is more likely a mistake than a wish.

    Raises:
        ArgumentTypeError: anything else, naming ``name``.
    """
    return _is_flag(value, name)


cdef bint _is_flag(object value, str name) except -1:
    if type(value) is bool:
        return value
    numpy = sys.modules.get("numpy")  # a numpy bool exists only once numpy is imported
    if numpy is not None and type(value) is numpy.bool_:
        return bool(value)
    raise ArgumentTypeError(f"{name} must be True or False, not {_shown(value)}")


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
