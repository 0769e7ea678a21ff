"""Chinese Poker's plays: the classifier and beats against a plain reference written
from the rules text, and legal plays against a brute force over all subsets."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerrules.cards import CHINESE_POKER_DECK, card_codes, format_cards
from pokerrules.chinese_poker import (
    PASS,
    PlayKind,
    beats,
    classify,
    legal_plays,
)
from pokerrules.errors import (
    CardNotInDeckError,
    DuplicateCardError,
    IllegalMoveError,
    InvalidCardError,
)

DECK = CHINESE_POKER_DECK.codes


def texts(moves):
    return [str(m) for m in moves]


# ------------------------------------------------------------------ reference
# A plain reference written from the rules text, over rank letters, for cross-checks.

SINGLE_ORDER = "3456789TJQKA2"
STRAIGHT_ORDER = "23456789TJQKA"


def consecutive(positions):
    positions = sorted(positions)
    return positions == list(range(positions[0], positions[0] + len(positions)))


def ref_classify(cards):
    """(kind, number of cards, value) or None, from the card texts."""
    ranks = [c[0] for c in cards]
    n = len(ranks)
    counts = Counter(ranks)
    if n == 0:
        return None
    if n == 1:
        return ("single", 1, SINGLE_ORDER.index(ranks[0]))
    shape = sorted(counts.values())
    if n == 5 and shape == [2, 3]:
        trips = next(r for r, k in counts.items() if k == 3)
        return ("full house", 5, SINGLE_ORDER.index(trips))
    if n == 5 and shape == [1, 4]:
        kicker = next(r for r, k in counts.items() if k == 1)
        return ("bomb", 5, SINGLE_ORDER.index(kicker))
    for size, kind in ((2, "pairs"), (3, "trips")):
        if set(shape) == {size}:
            places = [SINGLE_ORDER.index(r) for r in counts]
            if consecutive(places):
                return (kind, n, max(places))
    if n >= 5 and set(shape) == {1}:
        places = [STRAIGHT_ORDER.index(r) for r in counts]
        if consecutive(places):
            return ("straight", n, max(places))
    return None


def ref_beats(mine, theirs):
    if mine[0] == "bomb":
        return theirs[0] != "bomb" or mine[2] > theirs[2]
    return mine[0] == theirs[0] and mine[1] == theirs[1] and mine[2] > theirs[2]


def as_texts(codes):
    return format_cards(list(codes)).split()


def rank_pattern(codes):
    return tuple(sorted(c >> 2 for c in codes))


# ------------------------------------------------------------------ plays


@pytest.mark.fast
@pytest.mark.parametrize(
    ("cards", "kind", "length", "value", "text"),
    [
        ("3c", PlayKind.SINGLE, 1, 0, "single 3"),
        ("Ad", PlayKind.SINGLE, 1, 11, "single A"),
        ("2s", PlayKind.SINGLE, 1, 12, "single 2"),
        ("9s 9d", PlayKind.PAIRS, 2, 6, "pair 99"),
        ("4c 4d 5h 5s 6c 6d", PlayKind.PAIRS, 6, 3, "pairs 44 55 66"),
        ("Kc Kd Ad Ah", PlayKind.PAIRS, 4, 11, "pairs KK AA"),
        ("7c 7d 7h", PlayKind.TRIPS, 3, 4, "trips 777"),
        ("3c 3d 3h 4c 4d 4h", PlayKind.TRIPS, 6, 1, "trips 333 444"),
        ("9s 9d 9c 4h 4d", PlayKind.FULL_HOUSE, 5, 6, "full house 999 44"),
        ("Ks Kd Ad Ah As", PlayKind.FULL_HOUSE, 5, 11, "full house AAA KK"),
        ("2s 3c 4d 5h 6c", PlayKind.STRAIGHT, 5, 4, "straight 23456"),
        ("Tc Jd Qh Kc Ad", PlayKind.STRAIGHT, 5, 12, "straight TJQKA"),
        ("3c 4d 5h 6c 7d 8h", PlayKind.STRAIGHT, 6, 6, "straight 345678"),
        (
            "2s 3c 4d 5h 6c 7d 8h 9s Tc Jd Qh Kc Ad",
            PlayKind.STRAIGHT,
            13,
            12,
            "straight 23456789TJQKA",
        ),
        ("8c 4c 4d 4h 4s", PlayKind.BOMB, 5, 5, "bomb 4444 8"),
        ("2s Jc Jd Jh Js", PlayKind.BOMB, 5, 12, "bomb JJJJ 2"),
    ],
)
def test_each_kind_of_play(cards, kind, length, value, text):
    play = classify(cards)
    assert play is not None
    assert (play.kind, play.length, play.value, str(play)) == (kind, length, value, text)
    assert play.cards == tuple(sorted(card_codes(cards)))


@pytest.mark.fast
@pytest.mark.parametrize(
    "cards",
    [
        "",
        "3c 4d",  # two singles
        "3c 3d 4h",
        "4c 4d 5h 5s 7c 7d",  # pairs with a gap
        "3c 3d 3h 5c 5d 5h",  # trips with a gap
        "4c 4d 4h 4s",  # four of a kind needs a fifth card
        "4c 4d 4h 4s 5c 5d 5h 5s",
        "4c 4d 4h 4s 5c 5d",
        "3c 4d 5h 6s",  # four in a row is too short
        "Kc Ad 2s 3c 4d",  # no wrap-around
        "Jc Qd Kh Ad 2s",  # the 2 is low in straights
        "3c 3d 3h 4c 4d 5c",
        "3c 3d 4h 4s 5c",
        "9c 9d 9h 9s Tc Td",
    ],
)
def test_non_plays(cards):
    assert classify(cards) is None
    assert ref_classify(cards.split()) is None


@pytest.mark.fast
def test_rules_text_examples_of_beating():
    # 99944 beats 777KK: only the trips count.
    assert beats("9s 9d 9c 4h 4d", "7c 7d 7h Kc Kd")
    # 456789 beats 345678.
    assert beats("4c 5d 6h 7s 8c 9d", "3c 4d 5h 6s 7c 8d")
    # 84444 beats 6JJJJ: the fifth card decides between bombs.
    assert beats("8c 4c 4d 4h 4s", "6c Jc Jd Jh Js")
    assert not beats("6c Jc Jd Jh Js", "8c 4c 4d 4h 4s")
    # Pairs of 9s and up beat a pair of 8s.
    assert beats("9c 9d", "8c 8d") and not beats("7c 7d", "8c 8d")


@pytest.mark.fast
def test_beating_needs_the_same_kind_and_length_and_a_higher_value():
    assert beats("2s", "Ad") and beats("Ad", "Kc") and not beats("Kc", "Ad")
    assert not beats("9c", "9d")  # equal never beats
    assert not beats("9c 9d", "9h 9s")
    assert not beats("9c 9d 9h 3c 3d", "9s 9d 9h Kc Kd")  # equal trips, whatever the pair
    assert not beats("5c 5d 6h 6s 7c 7d", "9c 9d")  # three pairs against one
    assert not beats("9c 9d", "4c 4d 5h 5s")
    assert not beats("3c 4d 5h 6c 7d 8h", "2s 3c 4d 5h 6c")  # six cards against five
    assert beats("3c 4d 5h 6c 7d", "2s 3c 4d 5h 6c")
    assert not beats("Ad Ah", "Kc Kd Kh")  # pairs against trips
    assert not beats("Ad Ah As Kc Kd", "3c 4d 5h 6c 7d")  # full house against straight


@pytest.mark.fast
def test_bombs_beat_everything_but_higher_bombs():
    bomb = "3c 4c 4d 4h 4s"  # the lowest bomb there is
    long_straight = "2s 3c 4d 5h 6c 7d 8h 9s Tc Jd Qh Kc Ad"
    for table in ("2s", "Ad Ah", "Ad Ah As", "Ad Ah As Kc Kd", long_straight, "Qc Qd Kh Ks Ad Ah"):
        assert beats(bomb, table)
        assert not beats(table, bomb)
    assert beats("5c Jc Jd Jh Js", bomb)
    assert not beats("3d Jc Jd Jh Js", bomb)  # same fifth rank: no
    assert not beats("8c 4c 4d 4h 4s", "2s Jc Jd Jh Js")


@pytest.mark.fast
def test_bad_cards_are_named():
    with pytest.raises(CardNotInDeckError, match="2c"):
        classify("2c")
    with pytest.raises(CardNotInDeckError, match="Ac"):
        classify("Kc Ac")
    with pytest.raises(CardNotInDeckError, match="Jk"):
        classify("Jk")
    with pytest.raises(DuplicateCardError, match="9s"):
        classify("9s 9s")
    with pytest.raises(InvalidCardError):
        classify("Xx")
    with pytest.raises(IllegalMoveError, match="not a play"):
        beats("3c 4d", "5c")
    with pytest.raises(IllegalMoveError, match="not a play"):
        beats("5c", "")


def test_play_kinds_agree_with_the_reference_on_every_small_rank_pattern():
    # Every multiset of 1..6 ranks (at most the cards the deck holds per rank).
    held = {r: 1 if r == 0 else 3 if r == 12 else 4 for r in range(13)}
    checked = 0
    for size in range(1, 7):
        for ranks in itertools.combinations_with_replacement(range(13), size):
            counts = Counter(ranks)
            if any(k > held[r] for r, k in counts.items()):
                continue
            codes = []
            for r, k in counts.items():
                codes += [c for c in DECK if c >> 2 == r][:k]
            play = classify(codes)
            expected = ref_classify(as_texts(codes))
            got = None if play is None else (play.kind.value, play.length, play.value)
            assert got == expected, format_cards(codes)
            checked += 1
    assert checked > 10_000


# ------------------------------------------------------------------ legal plays


@pytest.mark.fast
def test_legal_plays_on_the_lead_and_on_a_table():
    hand = "Jc Jd Qh Qs Ks 2s"
    assert texts(legal_plays(hand)) == [
        "pass", "Jc", "Qh", "Ks", "2s", "Jc Jd", "Qh Qs", "Jc Jd Qh Qs",
    ]
    assert texts(legal_plays(hand, may_pass=False))[0] == "Jc"
    assert texts(legal_plays(hand, "9c 9d")) == ["pass", "Jc Jd", "Qh Qs"]
    assert texts(legal_plays(hand, "9c 9d Tc Td")) == ["pass", "Jc Jd Qh Qs"]
    assert texts(legal_plays(hand, "Kd")) == ["pass", "2s"]
    assert texts(legal_plays(hand, classify("3c 4c 4d 4h 4s"))) == ["pass"]


@pytest.mark.fast
def test_legal_plays_with_straights_full_houses_and_bombs():
    assert texts(legal_plays("2s 3c 4d 5h 6c 7d 7h", may_pass=False)) == [
        "3c", "4d", "5h", "6c", "7d", "2s", "7d 7h",
        "2s 3c 4d 5h 6c", "3c 4d 5h 6c 7d", "2s 3c 4d 5h 6c 7d",
    ]
    assert texts(legal_plays("2s 3c 4d 5h 6c 7d 7h", "3d 4h 5c 6d 7s")) == ["pass"]
    assert texts(legal_plays("3h 4d 5h 6c 7d", "2s 3c 4c 5c 6d")) == ["pass", "3h 4d 5h 6c 7d"]
    assert texts(legal_plays("3c 3d 3h 4s 4d 5c", may_pass=False))[-1] == "3c 3d 3h 4d 4s"
    quads = "4c 4d 4h 4s 8c 6h"
    assert texts(legal_plays(quads, may_pass=False)) == [
        "4c", "6h", "8c", "4c 4d", "4c 4d 4h", "4c 4d 4h 4s 6h", "4c 4d 4h 4s 8c",
    ]
    assert texts(legal_plays(quads, "6c Jc Jd Jh Js")) == ["pass", "4c 4d 4h 4s 8c"]
    two_quads = "4c 4d 4h 4s 5c 5d 5h 5s 3c"  # bombs by value (the fifth card), then quads
    assert texts(legal_plays(two_quads, "2s")) == [
        "pass", "3c 4c 4d 4h 4s", "3c 5c 5d 5h 5s", "4c 5c 5d 5h 5s", "4c 4d 4h 4s 5c",
    ]
    assert texts(legal_plays(quads, "Tc Jd Qh Kc Ad")) == [
        "pass", "4c 4d 4h 4s 6h", "4c 4d 4h 4s 8c",
    ]


@pytest.mark.fast
def test_legal_plays_validates_its_input():
    with pytest.raises(DuplicateCardError, match="9s"):
        legal_plays("9s 9s")
    with pytest.raises(CardNotInDeckError, match="2d"):
        legal_plays("9s 2d")
    with pytest.raises(IllegalMoveError, match="not a play"):
        legal_plays("9s 9d", "3c 4d")
    assert legal_plays("") == (PASS,)
    assert legal_plays([], may_pass=False) == ()


def hands_strategy(max_size):
    """Hands of the deck; half of them from a few neighbouring ranks, so that pairs,
    runs, full houses and bombs turn up often."""
    anywhere = st.lists(st.sampled_from(DECK), max_size=max_size, unique=True)

    @st.composite
    def crowded(draw):
        low = draw(st.integers(0, 8))
        width = draw(st.integers(3, 5))
        cards = [c for c in DECK if low <= c >> 2 < low + width]
        return draw(st.lists(st.sampled_from(cards), max_size=max_size, unique=True))

    return st.one_of(anywhere, crowded())


@given(hand=hands_strategy(10), other=hands_strategy(16), data=st.data())
def test_legal_plays_match_a_brute_force_over_all_subsets(hand, other, data):
    table = None
    table_plays = legal_plays(other, may_pass=False)
    if table_plays and data.draw(st.booleans()):
        table = classify(data.draw(st.sampled_from(table_plays)).cards)
    ref_table = None if table is None else (table.kind.value, table.length, table.value)
    expected = set()
    for size in range(1, len(hand) + 1):
        for cards in itertools.combinations(sorted(hand), size):
            found = ref_classify(as_texts(cards))
            if found and (ref_table is None or ref_beats(found, ref_table)):
                expected.add(rank_pattern(cards))
    moves = legal_plays(hand, table)
    assert moves[0] == PASS
    patterns = [rank_pattern(m.cards) for m in moves[1:]]
    assert len(patterns) == len(set(patterns))  # one move per rank pattern
    assert set(patterns) == expected
    for move in moves[1:]:
        # The lowest codes of each rank, ascending.
        assert list(move.cards) == sorted(move.cards)
        for rank, k in Counter(c >> 2 for c in move.cards).items():
            lowest = sorted(c for c in hand if c >> 2 == rank)[:k]
            assert [c for c in move.cards if c >> 2 == rank] == lowest
