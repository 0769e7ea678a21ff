"""One player hand against every banker hand, exactly: equal to settle() over
every banker hand of a small deck, and on the full deck to the independent
banker histogram of optimal_setting(method="exact") (slow)."""

import itertools
import math

import numpy as np
import pytest

from pokerrules import PAI_GOW, Card, evaluate_two
from pokerrules.errors import IllegalMoveError, PokerRulesError
from pokerrules.paigow import (
    ExactHand,
    PaiGowRules,
    exact_hand_counts,
    house_way,
    is_foul,
    optimal_setting,
    settings,
    settle,
)
from pokerrules.paigow.analysis.exact import BatchWay

BALLYS = "ballys"  # Bally's Atlantic City's posted way
CLASSIC = PaiGowRules.classic()
CASINO = PaiGowRules.casino()
DECK = sorted([r * 4 + s for r in (0, 3, 5, 9, 11, 12) for s in (0, 1, 2)] + [52])  # 19 cards


def settled(hand, setting, rules, way, deck):
    """(wins, pushes, losses) of the set hand against every banker hand of the
    rest of the deck, each settled by settle()."""
    rest = [c for c in deck if c not in {c.code for c in hand}]
    counts = {"win": 0, "push": 0, "loss": 0}
    for banker in itertools.combinations(rest, 7):
        counts[settle(setting, house_way(list(banker), rules, way), 1, rules).outcome.value] += 1
    return counts["win"], counts["push"], counts["loss"]


def best_setting(cards, rules):
    """A player's way that is not the house way: the legal setting with the
    highest front, a different choice for many hands."""
    legal = [s for s in settings(cards) if not is_foul(s, rules)]
    return max(legal, key=lambda s: evaluate_two(s.low, PAI_GOW))


@pytest.mark.fast
@pytest.mark.parametrize("rules, way", [(CLASSIC, "foxwoods"), (CASINO, BALLYS)])
def test_each_hand_equals_settle_over_every_banker_hand(rules, way):
    rng = np.random.default_rng(25)
    hands = [sorted(rng.choice(DECK, 7, replace=False).tolist()) for _ in range(6)]
    for player_way in (way, best_setting):
        results = exact_hand_counts(hands, rules, way, player_way, deck=DECK)
        assert len(results) == len(hands)
        for hand, result in zip(hands, results, strict=True):
            assert isinstance(result, ExactHand)
            cards = tuple(Card(c) for c in hand)
            want = house_way(cards, rules, player_way)
            assert result.setting == want
            assert (result.wins, result.pushes, result.losses) == settled(
                cards, want, rules, way, DECK)
            assert result.total == math.comb(len(DECK) - 7, 7)


@pytest.mark.fast
def test_a_batch_way_sets_the_player_hand():
    def front_lowest(hands, rules):
        return np.array([[*(c.code for c in s.high), *(c.code for c in s.low)]
                         for s in (house_way([int(c) for c in h], rules) for h in hands)])

    hand = [c for c in DECK[:7]]
    by_name = exact_hand_counts([hand], CASINO, deck=DECK)[0]
    by_batch = exact_hand_counts([hand], CASINO, player_way=BatchWay(front_lowest), deck=DECK)[0]
    assert (by_batch.wins, by_batch.pushes, by_batch.losses) == (
        by_name.wins, by_name.pushes, by_name.losses)


@pytest.mark.fast
def test_bad_hands_and_strategies_are_refused_by_name():
    outside = "Ks Kh Kd Kc Qs Qh 2c"  # 2c is not in DECK
    with pytest.raises(PokerRulesError, match="2c"):
        exact_hand_counts([outside], CASINO, deck=DECK)
    with pytest.raises(PokerRulesError, match="choose from"):
        exact_hand_counts([DECK[:7]], CASINO, way="vegas", deck=DECK)

    def fouls(cards, rules):
        return next(s for s in settings(cards) if is_foul(s, rules))

    hand = "2c 5c 7c Jc Kc Ad Ah"  # one pair: the aces in front foul
    with pytest.raises(IllegalMoveError, match="fouls"):
        exact_hand_counts([hand], CASINO, player_way=fouls, deck=DECK)


@pytest.mark.slow
def test_full_deck_agrees_with_optimal_setting_exact():
    """Two independent counts of one hand against all C(46, 7) banker hands:
    the outcome table with inclusion-exclusion, and the banker histogram (the
    classic reading's whole table is checked by the published counts)."""
    rules = CASINO
    hands = ["As Jk Qs Qh Qd 7s 2s", "9s 9d 4h 4c Jk Td 2c", "Kh Kd As Qc Jd Th 4s"]
    best = {}
    for hand in hands:
        exact = optimal_setting(hand, rules, "exact")
        best[frozenset(exact.hand)] = exact
    results = exact_hand_counts(hands, rules)
    results += exact_hand_counts(hands, rules, player_way=lambda cards, r:
                                 best[frozenset(cards)].best.setting)
    for result in results:
        exact = best[frozenset(result.hand)]
        entry = next(v for v in exact.settings if v.setting == result.setting)
        assert result.total == exact.hands == 53_524_680
        assert result.wins == round(entry.win * exact.hands)
        assert result.losses == round(entry.loss * exact.hands)
        assert result.player_ev == pytest.approx(entry.ev, abs=1e-12)
