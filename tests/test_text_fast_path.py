"""Cards given as text read the same whichever way the core reads them.

The core reads the common forms of an exact ``str`` ("As Ks Qs", "AsKsQs", a list
of "As"-like strings) without its parser; every other form, and every ``str``
subclass, goes through the full parser. So a ``str`` subclass with the same
characters is the full parser's answer: both must give the same codes, or the same
error class and message, for every input, well-formed or not.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerrules import (
    PAI_GOW,
    PIQUET,
    STANDARD,
    Card,
    HandRank,
    evaluate,
    evaluate_partial,
    evaluate_two,
    format_cards,
    parse_cards,
    rank_value,
)
from pokerrules.cards import card_codes

pytestmark = pytest.mark.fast


class Text(str):
    """The same characters, read by the full parser (a str subclass)."""


CANONICAL = [r + s for r in "23456789TJQKA" for s in "cdhs"]
# Spellings the full parser reads (or refuses) that the fast path must hand over.
OTHER = ["Jk", "jk", "JK", "Joker", "joker", "10d", "10S", "as", "AS", "tD", "A\u2660",
         "K\u2665\ufe0f", "Ax", "1s", "X", "A", "s", "", "Kk", "AsK", "\u212as", " "]
TOKENS = st.one_of(st.sampled_from(CANONICAL), st.sampled_from(OTHER),
                   st.text(alphabet="23456789TJQKAtjqkacdhsCDHS10ko \u2660,", max_size=3))
SEPARATORS = st.sampled_from([" ", " ", "", "", ",", "  ", "\t", ", ", "\n"])


@st.composite
def texts(draw):
    """Card text: cards spelt the usual way joined by single spaces or by nothing
    (the fast forms), or those with one card spelt another way, other separators,
    a separator put anywhere, or any characters at all."""
    kind = draw(st.integers(0, 9))
    if kind == 0:
        return draw(st.text(alphabet="23456789TJQKAcdhsk1 0,\u2660x", max_size=24))
    tokens = draw(st.lists(st.sampled_from(CANONICAL), max_size=9))
    if kind >= 5 and tokens:  # one card spelt another way
        tokens[draw(st.integers(0, len(tokens) - 1))] = draw(TOKENS)
    separator = draw(st.sampled_from([" ", ""]) if kind < 8 else SEPARATORS)
    text = separator.join(tokens)
    if kind == 9:
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(SEPARATORS) + text[at:]
    return text


ITEMS = st.one_of(st.sampled_from(CANONICAL), TOKENS, st.integers(-2, 55),
                  st.sampled_from(CANONICAL).map(Card), texts())
CARD_LISTS = st.one_of(st.lists(st.sampled_from(CANONICAL), max_size=9),
                       st.lists(st.one_of(st.sampled_from(CANONICAL), ITEMS), max_size=9))


def as_full_parser_input(cards):
    if isinstance(cards, str):
        return Text(cards)
    return type(cards)(Text(x) if isinstance(x, str) else x for x in cards)


def outcome(read, cards):
    """What ``read(cards)`` gives: a comparable result, or the error's class and text."""
    try:
        result = read(cards)
    except Exception as error:  # every error must match, whatever its class
        return type(error), str(error)
    if isinstance(result, HandRank):
        return result.kind, result.rules, result.value, result.cards
    if isinstance(result, list):
        return [(type(c), c.code) if isinstance(c, Card) else c for c in result]
    return result


READERS = [
    parse_cards,
    format_cards,
    card_codes,
    Card,
    evaluate,
    rank_value,
    evaluate_partial,
    evaluate_two,
    lambda cards: evaluate(cards, PAI_GOW),
    lambda cards: evaluate(cards, PIQUET),
    lambda cards: evaluate_partial(cards, PAI_GOW),
    lambda cards: evaluate_two(cards, STANDARD),
]


def agree(cards):
    """Both ways of reading ``cards`` agree for every reader; returns how many
    readers read them (raised no error)."""
    full = as_full_parser_input(cards)
    read_by = 0
    for read in READERS:
        result = outcome(read, cards)
        assert result == outcome(read, full), (read, cards)
        read_by += not (isinstance(result, tuple) and isinstance(result[0], type)
                        and issubclass(result[0], Exception))
    return read_by


#: Readings without an error each test must see (of about 12 readers times 100
#: inputs): both ways refusing everything alike would agree too.
READ = 150


def test_text_reads_as_the_full_parser_reads_it():
    read = 0

    @given(texts())
    def fuzz(text):
        nonlocal read
        read += agree(text)

    fuzz()
    assert read >= READ


def test_lists_of_texts_read_as_the_full_parser_reads_them():
    read = 0

    @given(CARD_LISTS, st.booleans())
    def fuzz(items, as_tuple):
        nonlocal read
        read += agree(tuple(items) if as_tuple else items)

    fuzz()
    assert read >= READ


@pytest.mark.parametrize("cards", [
    "As Ks Qs Js Ts 9d 2c", "AsKsQsJsTs9d2c", "As", "As Ks Qs Js Ts 9d 2c 3c",
    "As As Ks Qs Js", "Kh Kd Kc 7s Jk", "7h 2c 3d 4s 5h", "2c 2c", "Ac Ad 7h 4s 2c 7c",
    ["As", "Ks", "Qs", "Js", "Ts", "9d", "2c"], ("As", "Ks", "Qs", "Js", "Ts"),
    ["As", 50, Card("Qs"), "Js", "Ts"], ["As", "Ks", "Qs", "Js", "Jk"], ["As"] * 5,
    ["As", "Ks", "Qs", "Js", "Ts", "9d", "2c", "3c"], ["As", "Ks", "Qs", "Js", 99],
])
def test_the_common_forms_read_as_the_full_parser_reads_them(cards):
    agree(cards)


def test_the_common_forms_give_the_cards_written():
    assert card_codes("As Kd 2c") == card_codes("AsKd2c") == card_codes(["As", "Kd", "2c"])
    assert card_codes("As Kd 2c") == [51, 45, 0]
    assert evaluate("As Ks Qs Js Ts 9d 2c").describe() == "Royal flush"
    assert evaluate(["7h", "2c", "3d", "4s", "5h"]).describe() == "High card, seven, five, " \
        "four, three, two"
