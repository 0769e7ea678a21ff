"""Every setting of many player hands counted exactly against every banker hand:
equal to settle() over every banker hand of small decks (with and without suit
renamings), to exact_hand_counts with that setting, on the full deck to
optimal_setting(method="exact") (slow); the same integers however the hands are
split or ordered; bad input refused by name."""

import itertools
import json
import math

import numpy as np
import pytest

from pokerrules.errors import ArgumentTypeError, IllegalMoveError, PokerRulesError
from pokerrules.paigow import (
    PaiGowRules,
    exact_hand_counts,
    exact_house_edge,
    house_way,
    is_foul,
    optimal_setting,
    settings,
    settle,
)
from pokerrules.paigow.analysis.optimal import (
    NSETTINGS,
    best_settings,
    hand_codes,
    hand_positions,
    opposing_table,
    optimal_house_edge,
    random_hands,
    solve_hands,
)

CLASSIC = PaiGowRules.classic()
CASINO = PaiGowRules.casino()
BALLYS = "ballys"
# five ranks in three suits and the joker: closed under the suits' renamings
SUITED = sorted([r * 4 + s for r in (0, 4, 8, 11, 12) for s in (0, 1, 2)] + [52])
# 15 cards with no suit renaming that maps the deck onto itself
UNEVEN = sorted([0, 5, 9, 14, 18, 22, 27, 31, 34, 39, 41, 44, 47, 50, 52])
FRONTS = list(itertools.combinations(range(7), 2))


def brute_force(positions, deck, rules, way):
    """(wins, losses) int64 (n, 21) of every setting of each hand against every
    banker hand of the rest of the deck, each set by house_way() and settled by
    settle(); -1 for a foul."""
    wins = np.full((len(positions), NSETTINGS), -1, dtype=np.int64)
    losses = wins.copy()
    for h, row in enumerate(positions):
        cards = [deck[p] for p in row]
        rest = [c for c in deck if c not in cards]
        bankers = [house_way(list(b), rules, way) for b in itertools.combinations(rest, 7)]
        for t, setting in enumerate(settings(cards)):
            if is_foul(setting, rules):
                continue
            outcomes = [settle(setting, b, 1, rules).outcome.value for b in bankers]
            wins[h, t] = outcomes.count("win")
            losses[h, t] = outcomes.count("loss")
    return wins, losses


def some_hands(deck, n, seed):
    rng = np.random.default_rng(seed)
    return np.sort(np.array([rng.choice(len(deck), 7, replace=False) for _ in range(n)]),
                   axis=1).astype(np.uint8)


@pytest.mark.parametrize("deck, rules, way, symmetric", [
    (SUITED, CLASSIC, "foxwoods", True),
    (SUITED, CASINO, BALLYS, True),
    (UNEVEN, CLASSIC, "foxwoods", False),
])
def test_every_setting_equals_settle_over_every_banker_hand(deck, rules, way, symmetric):
    positions = some_hands(deck, 10, 7)
    want = brute_force(positions, deck, rules, way)
    banker = opposing_table(rules, way, deck=deck)
    assert banker.symmetric is symmetric
    for mode in ("auto", "dense", "sweep"):
        solved = solve_hands(rules, way, positions, deck=deck, table=banker, mode=mode)
        assert solved.total == math.comb(len(deck) - 7, 7)
        np.testing.assert_array_equal(solved.wins, want[0])
        np.testing.assert_array_equal(solved.losses, want[1])
    assert (solved.wins < 0).any() and (solved.wins > 0).any()  # fouls and wins both seen
    pushes = solved.pushes
    assert ((pushes >= 0) == (solved.wins >= 0)).all()
    legal = solved.wins >= 0
    assert (pushes[legal] == (solved.total - want[0] - want[1])[legal]).all()


def test_every_setting_equals_exact_hand_counts():
    deck = SUITED
    positions = some_hands(deck, 8, 11)
    solved = solve_hands(CASINO, None, positions, deck=deck)
    codes = hand_codes(positions, deck)
    checked = 0
    for t in range(NSETTINGS):
        rows = [h for h in range(len(codes)) if solved.wins[h, t] >= 0]
        if not rows:
            continue

        def the_setting(cards, rules, t=t):
            return settings(cards)[t]

        results = exact_hand_counts([codes[h].tolist() for h in rows], CASINO,
                                    player_way=the_setting, deck=deck)
        for h, result in zip(rows, results, strict=True):
            assert (result.wins, result.losses) == (solved.wins[h, t], solved.losses[h, t])
            checked += 1
    assert checked > 100


def test_the_house_setting_and_the_best_setting():
    deck = SUITED
    positions = some_hands(deck, 12, 3)
    solved = solve_hands(CLASSIC, "foxwoods", positions, deck=deck)
    evs = solved.evs
    for h, row in enumerate(hand_codes(positions, deck)):
        cards = row.tolist()
        assert settings(cards)[solved.house[h]] == house_way(cards, CLASSIC, "foxwoods")
        legal = [t for t in range(NSETTINGS) if solved.wins[h, t] >= 0]
        best = max(legal, key=lambda t: evs[h, t])  # max keeps the first of equals
        assert solved.best[h] == best
        assert evs[h, solved.best[h]] >= evs[h, solved.house[h]]
    np.testing.assert_array_equal(
        best_settings(solved.wins, solved.losses, solved.total, solved.commission), solved.best)


def test_the_same_integers_however_the_hands_are_split_or_ordered():
    deck = UNEVEN
    positions = some_hands(deck, 40, 5)
    banker = opposing_table(CLASSIC, deck=deck)
    whole = solve_hands(CLASSIC, None, positions, deck=deck, table=banker)
    order = np.random.default_rng(2).permutation(len(positions))
    shuffled = solve_hands(CLASSIC, None, positions[order], deck=deck, table=banker)
    np.testing.assert_array_equal(shuffled.wins, whole.wins[order])
    np.testing.assert_array_equal(shuffled.losses, whole.losses[order])
    parts = [solve_hands(CLASSIC, None, positions[i:i + 7], deck=deck, table=banker, workers=2)
             for i in range(0, len(positions), 7)]
    np.testing.assert_array_equal(np.concatenate([p.wins for p in parts]), whole.wins)
    np.testing.assert_array_equal(np.concatenate([p.losses for p in parts]), whole.losses)
    threads = solve_hands(CLASSIC, None, positions, deck=deck, table=banker, workers=3)
    np.testing.assert_array_equal(threads.wins, whole.wins)
    empty = solve_hands(CLASSIC, None, positions[:0], deck=deck, table=banker)
    assert empty.wins.shape == (0, NSETTINGS)


def test_positions_and_codes_convert_both_ways():
    codes = np.array([[52, 0, 16, 32, 44, 48, 1]])
    positions = hand_positions(codes, SUITED)
    assert positions.tolist() == [[0, 1, 3, 6, 9, 12, 15]]
    assert hand_codes(positions, SUITED).tolist() == [sorted(codes[0].tolist())]
    assert hand_positions(codes).tolist() == [sorted(codes[0].tolist())]


def test_bad_input_is_refused_by_name():
    deck = SUITED
    good = some_hands(deck, 2, 1)
    with pytest.raises(PokerRulesError, match="deck of 13 cards"):
        solve_hands(CLASSIC, None, good, deck=SUITED[:13])
    with pytest.raises(PokerRulesError, match="hands row 1"):
        solve_hands(CLASSIC, None, [good[0].tolist(), [0, 1, 2, 3, 4, 5, 16]], deck=deck)
    with pytest.raises(PokerRulesError, match="hands row 0"):
        solve_hands(CLASSIC, None, [[0, 1, 2, 3, 4, 6, 5]], deck=deck)
    with pytest.raises(ArgumentTypeError, match="hands must be an integer array"):
        solve_hands(CLASSIC, None, [[0, 1, 2]], deck=deck)
    with pytest.raises(ArgumentTypeError, match="hands must be an integer array"):
        solve_hands(CLASSIC, None, "As Ks", deck=deck)
    with pytest.raises(PokerRulesError, match="workers"):
        solve_hands(CLASSIC, None, good, deck=deck, workers=0)
    with pytest.raises(PokerRulesError, match="mode"):
        solve_hands(CLASSIC, None, good, deck=deck, mode="fast")
    with pytest.raises(PokerRulesError, match="unknown house way 'nowhere' for way"):
        solve_hands(CLASSIC, "nowhere", good, deck=deck)
    with pytest.raises(PokerRulesError, match="hands row 0"):
        hand_positions([[0, 1, 2, 3, 5, 6, 51]], deck)  # 51 is not in the deck
    with pytest.raises(PokerRulesError, match="hands row 0"):
        hand_positions([[0, 0, 2, 3, 5, 6, 52]], deck)
    other = opposing_table(CASINO, deck=deck)
    with pytest.raises(PokerRulesError, match="the opposing table is of"):
        solve_hands(CLASSIC, None, good, deck=deck, table=other)
    with pytest.raises(ArgumentTypeError, match="table must be an OpposingTable"):
        solve_hands(CLASSIC, None, good, deck=deck, table="table")

    def fouls(cards, rules):
        return next((s for s in settings(cards) if is_foul(s, rules)), settings(cards)[0])

    with pytest.raises(IllegalMoveError, match="fouls"):
        solve_hands(CLASSIC, fouls, good, deck=UNEVEN[:14])


def every_hand(deck):
    return np.array(list(itertools.combinations(range(len(deck)), 7)), dtype=np.uint8)


@pytest.mark.parametrize("deck", [SUITED, UNEVEN])
def test_the_house_settings_of_every_hand_add_up_to_the_exact_house_edge(deck):
    solved = solve_hands(CASINO, None, every_hand(deck), deck=deck)
    rows = np.arange(len(solved.hands))
    exact = exact_house_edge(CASINO, deck=deck)
    assert solved.wins[rows, solved.house].sum() == exact.wins
    assert solved.losses[rows, solved.house].sum() == exact.losses
    best_wins = solved.wins[rows, solved.best].sum()
    assert best_wins != exact.wins  # the best settings are not all the house way's


def test_the_sampled_optimal_edge_is_within_its_error_of_the_whole_deck():
    deck = SUITED
    solved = solve_hands(CASINO, None, every_hand(deck), deck=deck)
    rows = np.arange(len(solved.hands))
    whole = -float(solved.evs[rows, solved.best].mean())
    house = -float(solved.evs[rows, solved.house].mean())
    found = optimal_house_edge(CASINO, sample=3000, seed=4, deck=deck)
    assert found.house_way_edge == pytest.approx(house, abs=1e-12)
    assert found.mean_gain > 0 and found.stderr > 0
    assert found.estimate == pytest.approx(found.house_way_edge - found.mean_gain)
    assert abs(found.estimate - whole) < 4 * found.stderr
    assert (found.sample, found.seed, found.way, found.deck_size) == (3000, 4, "foxwoods", 16)
    again = optimal_house_edge(CASINO, sample=3000, seed=np.random.default_rng(4), deck=deck)
    assert again.estimate == found.estimate and again.seed is None
    assert found.to_dict()["estimate"] == found.estimate


def test_random_hands_are_uniform_increasing_positions():
    hands = random_hands(20_000, 16, np.random.default_rng(1))
    assert hands.shape == (20_000, 7) and hands.dtype == np.uint8
    assert (np.diff(hands.astype(int), axis=1) > 0).all()
    counts = np.bincount(hands.ravel(), minlength=16)
    assert abs(counts / counts.sum() - 1 / 16).max() < 0.005


def test_bad_samples_and_seeds_are_refused_by_name():
    with pytest.raises(PokerRulesError, match="sample"):
        optimal_house_edge(CASINO, sample=1, seed=1, deck=SUITED)
    with pytest.raises(ArgumentTypeError, match="sample"):
        optimal_house_edge(CASINO, sample=2.5, seed=1, deck=SUITED)
    with pytest.raises(PokerRulesError, match="seed"):
        optimal_house_edge(CASINO, sample=10, seed=-1, deck=SUITED)
    with pytest.raises(ArgumentTypeError, match="seed"):
        optimal_house_edge(CASINO, sample=10, seed="one", deck=SUITED)
    with pytest.raises(PokerRulesError, match="deck of 13 cards"):
        optimal_house_edge(CASINO, sample=10, seed=1, deck=SUITED[:13])


@pytest.mark.slow
def test_full_deck_hands_equal_optimal_setting():
    rules = CLASSIC
    positions = some_hands(list(range(53)), 4, 17)
    solved = solve_hands(rules, "foxwoods", positions)
    assert solved.total == 53_524_680
    for h, row in enumerate(hand_codes(positions)):
        cards = row.tolist()
        exact = optimal_setting(cards, rules, "exact", way="foxwoods")
        order = settings(cards)
        seen = {order.index(v.setting): v for v in exact.settings}
        assert sorted(seen) == [t for t in range(NSETTINGS) if solved.wins[h, t] >= 0]
        for t, value in seen.items():
            assert round(value.win * exact.hands) == solved.wins[h, t]
            assert round(value.loss * exact.hands) == solved.losses[h, t]
        assert order[solved.best[h]] == exact.best.setting
        assert order[solved.house[h]] == exact.house_way.setting


@pytest.fixture
def small_deck(monkeypatch):
    """``optimal-edge`` solves hands of the 16 cards of SUITED instead of the whole deck."""
    import functools

    from pokerrules.paigow import cli

    monkeypatch.setattr(cli, "optimal_house_edge",
                        functools.partial(optimal_house_edge, deck=SUITED))


def test_the_optimal_edge_command_prints_the_estimate(capsys, small_deck):
    from pokerrules.cli import main

    args = ["paigow", "optimal-edge", "--sample", "300", "--seed", "3", "--rules", "casino",
            "--way", BALLYS, "--commission", "2.5%"]
    assert main([*args, "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    want = optimal_house_edge(CASINO.replace(commission=0.025, banker_commission=0.025),
                              BALLYS, sample=300, seed=3, deck=SUITED)
    assert printed == want.to_dict()
    assert main(args) == 0
    text = capsys.readouterr().out
    assert f"{want.estimate:.4%} ± {want.stderr:.4%} (s.e.), at 2.5% commission" in text
    assert "300 hands solved exactly (seed 3), banker way ballys" in text


def test_the_optimal_edge_command_refuses_a_sample_of_one(capsys, small_deck):
    from pokerrules.cli import main

    status = main(["paigow", "optimal-edge", "--sample", "1"])
    assert status != 0
    assert "sample" in capsys.readouterr().err


def test_the_compiled_counts_refuse_bad_arguments_and_never_crash():
    from pokerrules import _paigow
    from pokerrules.paigow.analysis.outcomes import fill_table, new_table, table_bytes

    deck = np.array(UNEVEN, dtype=np.uint8)
    table = new_table(deck, 1, table_bytes(len(deck), 1))
    fill_table(deck, CLASSIC, "foxwoods", 0, 1, table)
    identity = np.arange(len(deck), dtype=np.uint8)[None, :]
    variant = CLASSIC.hand_rules.variant
    good = some_hands(deck, 3, 9)
    wins, losses = _paigow.optimal_counts(deck, variant, 1, table, identity, good)
    assert wins.shape == losses.shape == (3, NSETTINGS) and wins.dtype == np.int64
    for hands in ([[0, 1, 2]], np.zeros((2, 7, 1), dtype=np.uint8), [[0.5] * 7],
                  [[0, 1, 2, 3, 4, 5, 15]], [[-1, 1, 2, 3, 4, 5, 6]], [[1, 1, 2, 3, 4, 5, 6]]):
        with pytest.raises(PokerRulesError, match="hand"):
            _paigow.optimal_counts(deck, variant, 1, table, identity, hands)
    with pytest.raises(PokerRulesError, match="outcome table"):
        _paigow.optimal_counts(deck, variant, 1, table[:-1].copy(), identity, good)
    with pytest.raises(PokerRulesError, match="position map"):
        _paigow.optimal_counts(deck, variant, 1, table, identity[:, :-1], good)
    with pytest.raises(PokerRulesError, match="mode"):
        _paigow.optimal_counts(deck, variant, 1, table, identity, good, "quick")
    # decks too small for two hands: inclusion-exclusion leaves no banker hand
    for size in (7, 8, 10):
        small = deck[:size]
        small_table = new_table(small, 1, table_bytes(size, 1))
        fill_table(small, CLASSIC, "foxwoods", 0, 1, small_table)
        hands = np.array(list(itertools.combinations(range(size), 7)), dtype=np.uint8)
        wins, losses = _paigow.optimal_counts(small, variant, 1, small_table,
                                              np.arange(size, dtype=np.uint8)[None, :], hands)
        legal = wins >= 0
        assert legal.any()
        assert (wins[legal] == 0).all() and (losses[legal] == 0).all()


def test_a_sample_too_large_for_memory_is_refused_before_any_hand_is_drawn(monkeypatch):
    from pokerrules.paigow.analysis import optimal, outcomes

    def never(*args, **kwargs):
        raise AssertionError("drew or counted hands before the memory check")

    monkeypatch.setattr(outcomes, "available_memory", lambda: 64 * 2**20)
    monkeypatch.setattr(optimal, "random_hands", never)
    monkeypatch.setattr(optimal, "exact_house_edge", never)
    with pytest.raises(PokerRulesError, match=r"67,108,864 hands needs \d+ MiB; 64 MiB"):
        optimal_house_edge(CASINO, sample=2**26, seed=1)
