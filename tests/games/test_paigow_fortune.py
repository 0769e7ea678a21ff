"""The Fortune bonus: the exact house edge over all 154,143,080 hands, every
line by hand, and a plain-Python reference on random hands."""

from collections import Counter
from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest

from pokerrules import PAI_GOW, HandCategory, HandSizeError, evaluate, parse_cards
from pokerrules.paigow import (
    FORTUNE_LINES,
    FORTUNE_PAYTABLE,
    FortuneResult,
    fortune_bonus,
    fortune_counts,
    fortune_house_edge,
    fortune_lines,
)

C = HandCategory


def seven_in_a_row(ranks):
    """The seven ranks (0..12, the ace 12) run in a row, the ace high or low."""
    for low in range(-1, 7):
        window = {12 if r < 0 else r for r in range(low, low + 7)}
        if set(ranks) == window:
            return True
    return False


def reference_line(hand):
    """Every line the seven cards make, by the definitions; the best-paying wins."""
    cards = parse_cards(hand)
    naturals = [c for c in cards if not c.is_joker]
    joker = len(naturals) == 6
    fives = [(five, evaluate(five, PAI_GOW)) for five in combinations(cards, 5)]
    cats = {rank.category for _, rank in fives}
    lines = {"nothing"}
    suits = {c.suit for c in naturals}
    if not joker and len(suits) == 1 and seven_in_a_row([c.rank for c in naturals]):
        lines.add("seven_card_straight_flush")
    if joker and len(suits) == 1 and any(
            seven_in_a_row([c.rank for c in naturals] + [r]) for r in range(13)):
        lines.add("seven_card_straight_flush_with_joker")
    for five, rank in fives:
        if rank.is_royal:
            lines.add("royal_flush")
            rest = [c for c in cards if c not in five]
            if not any(c.is_joker for c in rest) and rest[0].suit == rest[1].suit and \
                    {c.rank for c in rest} == {11, 10}:
                lines.add("royal_match")
    for cat, line in ((C.FIVE_ACES, "five_aces"), (C.STRAIGHT_FLUSH, "straight_flush"),
                      (C.FOUR_OF_A_KIND, "four_of_a_kind"), (C.FULL_HOUSE, "full_house"),
                      (C.FLUSH, "flush"), (C.STRAIGHT, "straight")):
        if cat in cats:
            lines.add(line)
    ranks = Counter(12 if c.is_joker else c.rank for c in cards)
    if max(ranks.values()) >= 3:
        lines.add("three_of_a_kind")
    return max(lines, key=FORTUNE_PAYTABLE.__getitem__)


CASES = [
    ("9h Th Jh Qh Kh Ah 8h", "seven_card_straight_flush"),
    ("Ac 2c 3c 4c 5c 6c 7c", "seven_card_straight_flush"),  # the ace low
    ("As Ks Qs Js Jk Kh Qh", "royal_match"),
    ("As Ks Qs Js Ts Kd Qd", "royal_match"),
    ("As Ks Qs Js Ts Kd Qh", "royal_flush"),  # king and queen not suited
    ("9h Th Jh Jk Kh Ah 8h", "seven_card_straight_flush_with_joker"),
    ("Jk 2d 3d 4d 5d 6d 7d", "seven_card_straight_flush_with_joker"),
    ("As Ah Ad Ac Jk 2c 7d", "five_aces"),
    ("As Ks Qs Jk Ts 2d 3c", "royal_flush"),
    ("9s 8s 7s 6s 5s 2d 3c", "straight_flush"),
    ("9s 9d 9h 9c 5s 2d 3c", "four_of_a_kind"),
    ("As Ad Ah Jk 5s 2d 3c", "four_of_a_kind"),
    ("9s 9d 9h 5c 5s 2d 3c", "full_house"),
    ("As 9s 7s 4s 2s 2d 3c", "flush"),
    ("Ks Kd Kh 9c Tc Jd Qh", "three_of_a_kind"),  # trips beside a straight pay 3
    ("As Ad Jk Kc Qd 5s 2c", "three_of_a_kind"),
    ("9c Td Jh Qs Kc 2d 2h", "straight"),
    ("As Ad Kh Kc 7d 5s 2c", "nothing"),
]


@pytest.mark.fast
@pytest.mark.parametrize(("hand", "line"), CASES)
def test_lines_by_hand(hand, line):
    assert fortune_bonus(hand) == FortuneResult(line, FORTUNE_PAYTABLE[line])
    assert reference_line(hand) == line


@pytest.mark.fast
def test_every_line_is_covered_and_pays_as_the_paytable_says():
    assert {line for _, line in CASES} == set(FORTUNE_LINES)
    assert [FORTUNE_PAYTABLE[line] for line in reversed(FORTUNE_LINES)] == [
        8000, 2000, 1000, 400, 150, 50, 25, 5, 4, 3, 2, -1]


@pytest.mark.slow
def test_exact_house_edge_over_every_hand():
    counts = fortune_counts()
    assert sum(counts.values()) == 154_143_080
    # per line; the seven-card straight flushes count the ace-low run
    assert counts["seven_card_straight_flush"] == 32
    assert counts["five_aces"] == 1128
    assert counts["four_of_a_kind"] == 307_472
    edge = fortune_house_edge()
    assert edge == Fraction(11_970_096, 154_143_080)
    assert round(float(edge) * 100, 4) == 7.7656


@pytest.mark.slow
def test_compiled_agrees_with_the_reference():
    rng = np.random.default_rng(17)
    hands = []
    for i in range(30_000):
        if i % 3 == 0:  # one or two suits and the joker: flushes and straight flushes
            suits = rng.choice(4, size=rng.integers(1, 3), replace=False)
            deck = np.concatenate([[52], (np.arange(13)[:, None] * 4 + suits).ravel()])
        elif i % 3 == 1:  # a run of eight ranks and the joker: straights, trips
            low = rng.integers(0, 6)
            deck = np.concatenate([[52], np.arange(low * 4, low * 4 + 32), [48, 49, 50, 51]])
        else:
            deck = np.arange(53)
        hands.append(rng.choice(np.unique(deck), size=7, replace=False))
    hands = np.array(hands)
    lines = fortune_lines(hands)
    seen = Counter()
    for hand, number in zip(hands, lines, strict=True):
        expected = reference_line(hand.tolist())
        assert FORTUNE_LINES[number] == expected, parse_cards(hand.tolist())
        seen[expected] += 1
    assert len(seen) >= 9


@pytest.mark.fast
def test_bad_input():
    with pytest.raises(HandSizeError):
        fortune_bonus("As Ks Qs Js Ts 9s")
    with pytest.raises(HandSizeError, match=r"\(n, 7\)"):
        fortune_lines(np.zeros((2, 5), dtype=np.uint8))
