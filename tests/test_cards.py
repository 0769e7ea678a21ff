import pickle

import numpy as np
import pytest

from pokerrules import (
    CHINESE_POKER_DECK,
    PAI_GOW_DECK,
    PIQUET_DECK,
    STANDARD_DECK,
    Card,
    InvalidCardError,
    format_cards,
    make_rng,
    parse_cards,
)
from pokerrules.shuffle import DealStream

pytestmark = pytest.mark.fast


def test_card_codes_follow_rank_times_four_plus_suit():
    assert Card("2c").code == 0
    assert Card("2s").code == 3
    assert Card("As").code == 51
    assert Card("Jk").code == 52
    assert Card("Td").code == 4 * 8 + 1


def test_card_fields_and_text():
    card = Card("Qh")
    assert (card.rank, card.suit, card.is_joker) == (10, 2, False)
    assert str(card) == "Qh"
    assert repr(card) == "Card('Qh')"
    joker = Card(52)
    assert (joker.rank, joker.suit, joker.is_joker, str(joker)) == (-1, -1, True, "Jk")


def test_card_is_immutable_hashable_ordered_and_pickles():
    with pytest.raises(AttributeError):
        Card("As").code = 3
    assert len({Card("As"), Card(51), Card("AS")}) == 1
    assert Card("2c") < Card("2d") < Card("3c") < Card("As") < Card("Jk")
    assert pickle.loads(pickle.dumps(Card("Kd"))) == Card("Kd")


@pytest.mark.parametrize(
    "text",
    ["As Kd 10h", "AsKd10h", "As,Kd,Th", "as kd th", "A♠ K♦ 10♥", "AS, KD ,TH"],
)
def test_parse_accepts_the_documented_forms(text):
    assert format_cards(parse_cards(text)) == "As Kd Th"


def test_parse_joker_spellings_and_mixed_iterables():
    assert [c.code for c in parse_cards("Jk JK Joker joker")] == [52] * 4
    assert format_cards(["As", Card("Kd"), 52, np.uint8(0)]) == "As Kd Jk 2c"


@pytest.mark.parametrize("bad", ["Xs", "A", "1s", "Ax", "As K", "11c"])
def test_parse_names_the_unreadable_token(bad):
    with pytest.raises(InvalidCardError, match="cannot read"):
        parse_cards(bad)


@pytest.mark.parametrize("bad, char", [
    ("\u212as", "U\\+212A"),  # the Kelvin sign, which lower() folds onto k
    ("A\u017f", "U\\+017F"),  # the long s, which upper() folds onto S
    ("As \u0130s", "U\\+0130"),  # dotted capital I, which lower() makes two characters
    ("\uff21s", "U\\+FF21"),  # fullwidth A
])
def test_only_ascii_and_the_suit_symbols_spell_cards(bad, char):
    with pytest.raises(InvalidCardError, match=char):
        parse_cards(bad)


@pytest.mark.parametrize("bad", [-1, 53, 10**30])
def test_out_of_range_codes_raise(bad):
    with pytest.raises(InvalidCardError, match=str(bad)):
        Card(bad)


def test_wrong_types_raise_type_error():
    with pytest.raises(TypeError):
        Card(1.5)
    with pytest.raises(TypeError):
        parse_cards(12)
    with pytest.raises(TypeError):
        Card(True)


def test_decks():
    assert len(STANDARD_DECK) == 52 and len(PAI_GOW_DECK) == 53 and len(PIQUET_DECK) == 32
    assert {c.rank for c in PIQUET_DECK.cards} == set(range(5, 13))
    assert len(CHINESE_POKER_DECK) == 48
    ranks = [c.rank for c in CHINESE_POKER_DECK.cards]
    assert ranks.count(0) == 1 and ranks.count(12) == 3
    assert "2s" in CHINESE_POKER_DECK and "2c" not in CHINESE_POKER_DECK
    assert "Ac" not in CHINESE_POKER_DECK and "Jk" in PAI_GOW_DECK


def test_shuffles_need_a_seed_and_repeat():
    a = PAI_GOW_DECK.shuffled(7)
    assert [c.code for c in a] == DealStream(7).shuffled(PAI_GOW_DECK.codes)
    assert PAI_GOW_DECK.shuffled(np.random.default_rng(7)) == \
        PAI_GOW_DECK.shuffled(np.random.default_rng(7))
    assert sorted(a) == list(PAI_GOW_DECK.cards)
    assert a != PAI_GOW_DECK.shuffled(8)
    with pytest.raises(TypeError):
        make_rng(None)


@pytest.mark.fast
def test_a_deck_holds_each_valid_card_once():
    from pokerrules.cards import Deck
    from pokerrules.errors import DuplicateCardError, InvalidCardError, PokerRulesError
    with pytest.raises(DuplicateCardError, match="2c twice"):
        Deck("dup", (0,) * 52)
    for code in (99, 300, -1):
        with pytest.raises(InvalidCardError, match=str(code)):
            Deck("x", (code,))
    for codes in ("0 1", (1.0,), (True,), None):
        with pytest.raises(PokerRulesError):
            Deck("x", codes)
    with pytest.raises(PokerRulesError, match="name"):
        Deck(None, (0,))
    assert Deck("np", (np.int64(5), 7)).codes == (5, 7)
    assert type(Deck("np", (np.int64(5),)).codes[0]) is int
