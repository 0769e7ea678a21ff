"""The optimal setting: the banker histogram by rank multisets against the
one-hand-at-a-time enumeration, the counting against plain settle() calls,
exact against sampled, workers, and bad input."""

import json
import math
from itertools import combinations

import numpy as np
import pytest

from pokerrules import _paigow
from pokerrules.cards import card_codes, parse_cards
from pokerrules.errors import (
    ArgumentTypeError,
    DuplicateCardError,
    HandSizeError,
    InvalidCardError,
    PokerRulesError,
)
from pokerrules.paigow import (
    PaiGowRules,
    SampledOptimalStrategy,
    Setting,
    hand_cards,
    house_way,
    house_way_rule,
    is_foul,
    optimal_setting,
    settings,
    settle,
)
from pokerrules.paigow.analysis.strategy import _count

pytestmark = pytest.mark.fast

CLASSIC = PaiGowRules.classic()
CASINO = PaiGowRules.casino()
HAND = "As Jk Qs Qh Qd 7s 2s"


@pytest.mark.slow
@pytest.mark.parametrize("rules", [CLASSIC, CASINO], ids=["classic", "casino"])
@pytest.mark.parametrize("trial", range(4))
def test_histogram_by_multisets_equals_enumeration(rules, trial):
    # 29 live cards (1,560,780 hands): flushes, joker hands and every rule occur
    rng = np.random.default_rng(100 + trial)
    dead = [int(c) for c in rng.permutation(53)[:24]]
    variant = rules.hand_rules.variant
    for way in range(len(_paigow.WAYS)):
        brute = _paigow.banker_hist_brute(dead, variant, way)
        parts = [_paigow.banker_hist_part(dead, variant, way, k, 3) for k in range(3)]
        assert int(brute.sum()) == math.comb(29, 7)
        np.testing.assert_array_equal(sum(parts), brute)


@pytest.mark.slow
def test_histogram_with_every_suit_heavy():
    # a dead set that leaves one suit whole and the joker: the flush pass's main case
    dead = card_codes("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2d 3d 4d 5d 6d 7d 8d 2h 3h 4h")
    for rules in (CLASSIC, CASINO):
        variant = rules.hand_rules.variant
        brute = _paigow.banker_hist_brute(dead, variant, 0)
        np.testing.assert_array_equal(_paigow.banker_hist_part(dead, variant, 0, 0, 1), brute)


@pytest.mark.slow
def test_full_histogram_counts_every_banker_hand():
    hist = _paigow.banker_hist_part(card_codes(HAND), CASINO.hand_rules.variant, 0, 0, 1)
    assert int(hist.sum()) == math.comb(46, 7) == 53_524_680
    assert (hist >= 0).all()


@pytest.mark.slow
@pytest.mark.parametrize("seat", ["player", "banker"])
def test_counts_match_settle_on_a_small_deck(seat):
    # every banker hand of 13 live cards, settled one by one with settle()
    hand = hand_cards("Kh Kd 9s 8s 4c 3d 2h")
    live = parse_cards("Ac Ad Qh Qs Jc Jd Th 9h 8c 7d 6s 5c Jk")  # clubs and joker: flushes
    dead = [code for code in range(53) if code not in {c.code for c in live}]
    variant = CASINO.hand_rules.variant
    hist = _paigow.banker_hist_brute(dead, variant, 0)
    cumulative = np.zeros((hist.shape[0] + 1, hist.shape[1] + 1), dtype=np.int64)
    cumulative[1:, 1:] = hist.cumsum(axis=0).cumsum(axis=1)
    highs, lows, fouls = _paigow.setting_outcomes([c.code for c in hand], variant)
    for k, mine in enumerate(settings(hand)):
        assert fouls[k] == is_foul(mine, CASINO)
        if fouls[k] or k % 4:
            continue
        wins = losses = 0
        for other in combinations(live, 7):
            theirs = house_way(other, CASINO)
            if seat == "player":
                outcome = settle(mine, theirs, 1, CASINO).outcome.value
            else:  # the other hand plays; our result is the reverse of its
                outcome = {"win": "loss", "loss": "win", "push": "push"}[
                    settle(theirs, mine, 1, CASINO).outcome.value]
            wins += outcome == "win"
            losses += outcome == "loss"
        assert _count(cumulative, int(highs[k]), int(lows[k]), seat) == (wins, losses)


def test_setting_outcomes_follow_settings_order():
    hand = hand_cards(HAND)
    highs, _, fouls = _paigow.setting_outcomes([c.code for c in hand],
                                                  CLASSIC.hand_rules.variant)
    for k, s in enumerate(settings(hand)):
        assert int(highs[k]) == s.high_rank(CLASSIC).value
        assert bool(fouls[k]) == is_foul(s, CLASSIC)


@pytest.mark.slow
def test_exact_result_shape_and_best():
    result = optimal_setting(HAND, CASINO)
    assert result.hands == 53_524_680
    legal = [s for s in settings(HAND) if not is_foul(s, CASINO)]
    assert [v.setting for v in result.settings] == legal
    for v in result.settings:
        assert v.win + v.push + v.loss == pytest.approx(1.0)
        assert v.ev == pytest.approx(0.95 * v.win - v.loss)
        assert v.stderr == 0.0
    assert result.best.ev == max(v.ev for v in result.settings)
    assert result.house_way.setting == house_way(HAND, CASINO)
    assert sum(v.house_way for v in result.settings) == 1
    assert result.ev_lost_by_house_way == pytest.approx(result.best.ev - result.house_way.ev)


@pytest.mark.slow
def test_two_aces_behind_beats_splitting_a_flush_hand():
    # the joker completes the spade flush behind with a pair of queens in front
    result = optimal_setting(HAND, CASINO)
    assert result.best.setting == Setting("Jk As Qs 7s 2s", "Qh Qd")
    assert round(result.best.ev, 4) == 0.9315
    # the house way counts the joker as an ace, so the hand is a full house
    # (queens over aces) and the pair of aces goes in front
    assert house_way_rule(HAND, CASINO) == 4
    assert result.house_way.setting == Setting("Qs Qh Qd 7s 2s", "Jk As")
    assert round(result.house_way.ev, 4) == 0.8640
    assert not result.best.house_way


@pytest.mark.slow
def test_sample_agrees_with_exact():
    exact = optimal_setting(HAND, CASINO)
    sample = optimal_setting(HAND, CASINO, "sample", samples=100_000, seed=3)
    assert sample.hands == 100_000
    for e, s in zip(exact.settings, sample.settings):
        assert e.setting == s.setting
        assert s.stderr > 0
        assert abs(e.ev - s.ev) < 4 * s.stderr + 1e-12


def test_sample_is_reproducible():
    a = optimal_setting(HAND, CLASSIC, "sample", samples=2_000, seed=11)
    b = optimal_setting(HAND, CLASSIC, "sample", samples=2_000, seed=11)
    c = optimal_setting(HAND, CLASSIC, "sample", samples=2_000, seed=12)
    assert a == b
    assert a != c


@pytest.mark.slow
def test_banker_seat_gains_the_copies():
    # no commission: the same setting is worth at least as much when copies are ours
    player = optimal_setting("Kh Kd 9s 8s 4c 3d 2h", CLASSIC)
    banker = optimal_setting("Kh Kd 9s 8s 4c 3d 2h", CLASSIC, seat="banker")
    for p, b in zip(player.settings, banker.settings):
        assert b.win >= p.win and b.loss <= p.loss
        assert b.ev > p.ev


@pytest.mark.slow
def test_two_workers_give_the_same_result():
    assert optimal_setting(HAND, CASINO, workers=2) == optimal_setting(HAND, CASINO)


@pytest.mark.parametrize("hand, error", [
    ("As Jk Qs Qh Qd 7s", HandSizeError),
    ("As Jk Qs Qh Qd 7s 2s 3s", HandSizeError),
    ("As As Qs Qh Qd 7s 2s", DuplicateCardError),
    ("As Xx Qs Qh Qd 7s 2s", InvalidCardError),
])
def test_bad_hands_raise(hand, error):
    with pytest.raises(error):
        optimal_setting(hand, CASINO)


def test_bad_options_raise():
    with pytest.raises(PokerRulesError, match="method"):
        optimal_setting(HAND, CASINO, "guess")
    with pytest.raises(PokerRulesError, match="seat"):
        optimal_setting(HAND, CASINO, seat="dealer")
    with pytest.raises(PokerRulesError, match="samples"):
        optimal_setting(HAND, CASINO, "sample", samples=0, seed=1)
    with pytest.raises(TypeError, match="seed"):
        optimal_setting(HAND, CASINO, "sample")
    with pytest.raises(PokerRulesError, match="workers"):
        optimal_setting(HAND, CASINO, workers=0)
    with pytest.raises(PokerRulesError, match="house way"):
        optimal_setting(HAND, CASINO.replace(house_way=lambda cards, rules: None))
    with pytest.raises(TypeError):
        optimal_setting(HAND, CASINO.hand_rules)  # preset names are taken


@pytest.mark.slow
def test_sample_sizes_take_any_integer_type_below_2_63():
    plain = optimal_setting(HAND, CASINO, "sample", samples=1_000, seed=1)
    assert optimal_setting(HAND, CASINO, "sample", samples=np.int64(1_000), seed=1) == plain
    assert optimal_setting(HAND, CASINO, workers=np.int64(1)).hands == 53_524_680
    for bad in (2**63, 10**20):
        with pytest.raises(PokerRulesError, match=r"samples must be an int from 1 to 2\*\*63 - 1"):
            optimal_setting(HAND, CASINO, "sample", samples=bad, seed=1)
    for bad in (True, 1e3, "1000"):
        with pytest.raises(ArgumentTypeError, match="samples must be an int"):
            optimal_setting(HAND, CASINO, "sample", samples=bad, seed=1)
    strategy = SampledOptimalStrategy(samples=np.int64(20), seed=np.int64(3))
    assert repr(strategy) == "SampledOptimalStrategy(samples=20, seed=3, seat='player')"
    with pytest.raises(PokerRulesError, match="samples"):
        SampledOptimalStrategy(samples=2**63)
    with pytest.raises(TypeError, match="int seed"):
        SampledOptimalStrategy(seed=np.random.default_rng(1))


def test_optimal_strategy_sets_the_best_setting():
    strategy = SampledOptimalStrategy(samples=20_000, seed=1)
    cards = hand_cards(HAND)
    assert strategy(cards, CASINO) == strategy(cards, CASINO) == Setting("Jk As Qs 7s 2s",
                                                                         "Qh Qd")
    with pytest.raises(PokerRulesError):
        SampledOptimalStrategy(samples=0)
    with pytest.raises(PokerRulesError):
        SampledOptimalStrategy(seat="dealer")


@pytest.mark.slow
def test_cli_optimal_marks_best_and_house_way(capsys):
    from pokerrules.cli import main

    assert main(["paigow", "optimal", "--rules", "casino", HAND]) == 0
    out = capsys.readouterr().out
    best = next(line for line in out.splitlines() if "<- best" in line)
    assert "Jk As Qs 7s 2s" in best and "+0.9315" in best and "<- house way" not in best
    way = next(line for line in out.splitlines() if "<- house way" in line)
    assert "Qs Qh Qd 7s 2s   Jk As" in way and "+0.8640" in way
    assert main(["paigow", "optimal", "--sample", "5000", "--seed", "2", "--json", HAND]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["method"] == "sample" and record["hands"] == 5000
    assert len(record["settings"]) == 21
    assert main(["paigow", "optimal", "As As Qs Qh Qd 7s 2s"]) == 2
    assert "duplicate" in capsys.readouterr().err


def test_cli_optimal_bad_counts_and_empty_hands_are_one_line_errors(capsys):
    from pokerrules.cli import main

    with pytest.raises(SystemExit) as stop:
        main(["paigow", "optimal", HAND, "--sample", "9223372036854775808"])
    assert stop.value.code == 2
    assert capsys.readouterr().err == ("pokerrules: error: argument --sample: takes a whole "
                                       "number from 1 to 2**63 - 1, not '9223372036854775808'\n")
    assert main(["paigow", "optimal", ""]) == 2
    assert capsys.readouterr().err == \
        "pokerrules: error: a Pai Gow hand takes 7 cards, got 0\n"
    # options that would be silently ignored are refused instead
    assert main(["paigow", "optimal", HAND, "--seed", "5"]) == 2
    assert "--seed goes with --sample" in capsys.readouterr().err
    assert main(["paigow", "optimal", HAND, "--sample", "100", "--workers", "2"]) == 2
    assert "--workers goes with the exact count" in capsys.readouterr().err


@pytest.mark.slow
@pytest.mark.parametrize("hand", [HAND, "Kh Kd 9s 8s 4c 3d 2h"])  # the joker dead, live
def test_full_histogram_equals_hand_by_hand_enumeration(hand):
    # all 53,524,680 banker hands of one real hand, set one at a time (about 3 s)
    dead = card_codes(hand)
    variant = CASINO.hand_rules.variant
    np.testing.assert_array_equal(_paigow.banker_hist_brute(dead, variant, 0),
                                  _paigow.banker_hist_part(dead, variant, 0, 0, 1))
