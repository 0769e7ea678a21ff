"""The built-in house ways are suit-blind: renaming the suits of a hand never
changes what its setting is worth (back value, front value).

Only hands that can make a flush (five cards of a suit, the joker counting in
every suit) can have suit-dependent values; every suit-permutation class of
them has a member whose flush suit is clubs, so the sweep enumerates those and
applies all 24 renamings of the suits."""

from itertools import combinations, permutations
from math import comb

import numpy as np
import pytest

from pokerrules import evaluate_many, evaluate_two, parse_cards
from pokerrules.paigow import WAYS, PaiGowRules, house_way, house_way_many

JOKER = 52
CLUBS = np.arange(13) * 4  # suit 0
OTHERS = np.array([c for c in range(52) if c % 4])
SUIT_RENAMINGS = list(permutations(range(4)))


def clubs_flush_hands():
    """uint8 (n, 7): every hand with at least five clubs, the joker counting as one."""
    blocks = []
    for joker in (0, 1):
        for clubs in range(5 - joker, 8 - joker):
            rest = 7 - joker - clubs
            suited = np.array(list(combinations(CLUBS, clubs)), dtype=np.uint8)
            picks = list(combinations(OTHERS, rest))
            other = np.array(picks, dtype=np.uint8).reshape(len(picks), rest)
            rows = np.concatenate([np.repeat(suited, len(other), axis=0),
                                   np.tile(other, (len(suited), 1))], axis=1)
            if joker:
                rows = np.concatenate([rows, np.full((len(rows), 1), JOKER, np.uint8)], axis=1)
            blocks.append(rows)
    return np.concatenate(blocks)


def renamed(hands, renaming):
    """The hands with suit s renamed renaming[s] (the joker stays)."""
    table = np.array([c - c % 4 + renaming[c % 4] for c in range(52)] + [JOKER], np.uint8)
    return table[hands]


def front_values(rules):
    """int (53, 53): the value of every two-card front, by codes."""
    table = np.zeros((53, 53), dtype=np.int64)
    for a, b in combinations(range(53), 2):
        table[a, b] = table[b, a] = evaluate_two([a, b], rules.hand_rules).value
    return table


def outcomes(hands, rules, way, fronts):
    """int64 (n, 2): the back value and the front value of each hand set by the way."""
    rows = house_way_many(hands, rules, way)
    back = evaluate_many(rows[:, :5], rules.hand_rules)
    return np.stack([back.astype(np.int64), fronts[rows[:, 5], rows[:, 6]]], axis=1)


def assert_suit_blind(hands, rules, way):
    fronts = front_values(rules)
    expected = outcomes(hands, rules, way, fronts)
    for renaming in SUIT_RENAMINGS[1:]:
        got = outcomes(renamed(hands, renaming), rules, way, fronts)
        differ = np.flatnonzero((got != expected).any(axis=1))
        assert differ.size == 0, (
            f"{way}: {differ.size} hands change value when suits are renamed {renaming}, "
            f"e.g. {parse_cards(hands[differ[0]].tolist())}")


def split_ace_hands():
    """The 2,640 hands of three natural aces, the joker and three more cards of
    one ace's suit."""
    hands = []
    for aces in combinations(range(48, 52), 3):
        for suit in (a % 4 for a in aces):
            for ranks in combinations(range(12), 3):
                hands.append([*aces, JOKER, *(r * 4 + suit for r in ranks)])
    return np.array(hands, dtype=np.uint8)


RULES = [PaiGowRules.classic(), PaiGowRules.casino()]


@pytest.mark.fast
def test_the_enumeration_is_every_clubs_flush_hand():
    hands = clubs_flush_hands()
    clubs = (hands % 4 == 0) & (hands != JOKER)
    assert (clubs.sum(axis=1) + (hands == JOKER).sum(axis=1) >= 5).all()
    masks = np.bitwise_or.reduce(np.left_shift(np.uint64(1), hands.astype(np.uint64)), axis=1)
    masks.sort()
    assert (masks[1:] != masks[:-1]).all()  # no hand twice, in any order
    # hands with k natural clubs: C(13, k) C(39, 7 - k), and with the joker C(13, k) C(39, 6 - k)
    assert len(hands) == sum(comb(13, k) * comb(39, 7 - k) for k in (5, 6, 7)) + \
        sum(comb(13, k) * comb(39, 6 - k) for k in (4, 5, 6))


@pytest.mark.fast
@pytest.mark.parametrize("way", WAYS)
def test_split_aces_keep_the_royal_flush(way):
    for hand in ("Ac Ad Ah Jk Kc Qc Jc", "Ad Ah Ac Jk Jc Qc Kc", "As Ad Ah Jk Ks Qs Js"):
        setting = house_way(hand, way=way)
        assert setting.low[0].rank == setting.low[1].rank == 12, setting
        assert evaluate_many([[c.code for c in setting.high]], PaiGowRules().hand_rules)[0] == \
            evaluate_many([[c.code for c in parse_cards("Ac Kc Qc Jc Tc")]],
                          PaiGowRules().hand_rules)[0], setting


@pytest.mark.fast
@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("way", WAYS)
def test_split_aces_are_suit_blind(way, rules):
    hands = split_ace_hands()
    assert len(hands) == 2640
    assert_suit_blind(hands, rules, way)
    # every one of them keeps a flush or a straight flush behind
    rows = house_way_many(hands, rules, way)
    high = evaluate_many(rows[:, :5], rules.hand_rules)
    flush = evaluate_many([[c.code for c in parse_cards("Ac 7c 5c 4c 2c")]], rules.hand_rules)[0]
    assert (high >= flush).all()


@pytest.mark.fast
@pytest.mark.parametrize("way", WAYS)
def test_a_sample_of_flush_hands_is_suit_blind(way):
    hands = clubs_flush_hands()
    rng = np.random.default_rng(25)
    assert_suit_blind(hands[rng.choice(len(hands), 20_000, replace=False)], RULES[0], way)


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("way", WAYS)
def test_every_flush_hand_is_suit_blind(way, rules):
    assert_suit_blind(clubs_flush_hands(), rules, way)
