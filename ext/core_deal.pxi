# The deal stream's draws (ext/deal_stream.h), for pokerrules.shuffle.DealStream: the
# one implementation that the Python games and the C batch engines both deal from.
# A stream is passed as its position (seed, words drawn); each draw returns the new
# position beside what it drew.

cdef extern from "deal_stream.h" nogil:
    ctypedef struct ds_stream:
        uint64_t seed
        uint64_t drawn
    uint64_t DS_SEED_LIMIT
    uint64_t ds_word(ds_stream *s)
    uint64_t ds_below(ds_stream *s, uint64_t n)

#: Seeds are ints from 0 to SEED_LIMIT - 1 (2**53).
SEED_LIMIT = DS_SEED_LIMIT
# A draw below 2**64 is the word itself: no word is biased (ds_below takes n < 2**64)
cdef object _ALL_WORDS = 1 << 64


cdef inline void _at(ds_stream *s, uint64_t seed, uint64_t drawn) noexcept nogil:
    s.seed = seed
    s.drawn = drawn


def deal_word(uint64_t seed, uint64_t drawn):
    """The word that follows ``drawn`` words of the stream of ``seed``."""
    cdef ds_stream s
    _at(&s, seed, drawn)
    return ds_word(&s)


def deal_below(uint64_t seed, uint64_t drawn, object n):
    """``(number, drawn)``: a number below ``n`` (1 to 2**64, unchecked) drawn at the
    position, and the words drawn after it."""
    cdef ds_stream s
    _at(&s, seed, drawn)
    cdef uint64_t number = ds_word(&s) if n == _ALL_WORDS else ds_below(&s, n)
    return number, s.drawn


def deal_take(uint64_t seed, uint64_t drawn, list undealt):
    """``(card, drawn)``: draws one of ``undealt`` (ascending codes; any ints) and
    removes it there.

    Raises:
        PokerRulesError: ``undealt`` is empty (nothing is drawn)."""
    cdef Py_ssize_t n = len(undealt)
    if n < 1:
        raise PokerRulesError("no card is left to draw")
    cdef ds_stream s
    _at(&s, seed, drawn)
    return undealt.pop(<Py_ssize_t>ds_below(&s, <uint64_t>n)), s.drawn


def deal_shuffle(uint64_t seed, uint64_t drawn, list undealt):
    """``(order, drawn)``: every item of ``undealt`` (ascending codes; any ints)
    drawn in turn from those left, emptying it."""
    cdef ds_stream s
    _at(&s, seed, drawn)
    cdef list order = []
    cdef Py_ssize_t n
    for n in range(len(undealt), 0, -1):
        order.append(undealt.pop(<Py_ssize_t>ds_below(&s, <uint64_t>n)))
    return order, s.drawn
