"""The compiled core against the plain Python reference ranker (tests/reference.py).

For each preset, random hands are ranked by both; the compiled values must order
the hands exactly as the reference keys do (equal keys <=> equal values) and give
the same category.
"""

import itertools

import numpy as np
import pytest
import reference

from pokerrules import (
    PAI_GOW,
    PIQUET,
    STANDARD,
    HandRules,
    categories,
    evaluate_many,
    evaluate_partial,
    evaluate_two,
)


def ref_options(rules: HandRules) -> dict:
    return dict(deck=rules.deck, wheel_second_highest=rules.wheel_second_highest,
                ace_low_straight=rules.ace_low_straight,
                flush_beats_full_house=rules.flush_beats_full_house)


def random_hands(rules: HandRules, n: int, k: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    deck = np.array(rules.deck_codes, dtype=np.uint8)
    keys = rng.random((n, len(deck)))
    return deck[np.argsort(keys, axis=1)[:, :k]]


def assert_same_order(ref_keys: list, values: list) -> None:
    """Values must be a strictly increasing function of the reference keys."""
    pairs = sorted(zip(ref_keys, values))
    value_of_key: dict = {}
    for key, value in pairs:
        assert value_of_key.setdefault(key, value) == value, f"key {key} has two values"
    distinct = sorted(value_of_key.items())
    for (k1, v1), (k2, v2) in itertools.pairwise(distinct):
        assert v1 < v2, f"reference says {k1} < {k2}, core gives {v1} >= {v2}"


def check_preset(rules: HandRules, sizes: dict[int, int], seed: int) -> int:
    options = ref_options(rules)
    keys, values = [], []
    for k, n in sizes.items():
        hands = random_hands(rules, n, k, seed + k)
        got = evaluate_many(hands, rules)
        cats = categories(got, rules)
        for row, value, cat in zip(hands.tolist(), got.tolist(), cats.tolist()):
            key = reference.rank_best(row, **options)
            assert reference.category(key) == cat, (row, key, cat)
            keys.append(key)
            values.append(value)
    assert_same_order(keys, values)
    return len(keys)


# 200,000 hands for each deck's main preset, fewer for each option on top.
MAIN = {5: 120_000, 6: 50_000, 7: 30_000}
OPTION = {5: 15_000, 6: 5_000, 7: 5_000}


@pytest.mark.slow
@pytest.mark.parametrize("rules", [STANDARD, PAI_GOW, PIQUET], ids=lambda r: r.name)
def test_main_presets_agree_with_reference(rules):
    assert check_preset(rules, MAIN, seed=11) == 200_000


@pytest.mark.slow
@pytest.mark.parametrize(
    "rules",
    [STANDARD.replace(wheel_second_highest=True), PAI_GOW.replace(wheel_second_highest=True),
     PIQUET.replace(ace_low_straight=True), PIQUET.replace(flush_beats_full_house=True),
     PIQUET.replace(ace_low_straight=True, flush_beats_full_house=True)],
    ids=lambda r: r.name,
)
def test_rule_options_agree_with_reference(rules):
    assert check_preset(rules, OPTION, seed=23) == 25_000


# Every run: the same cross-checks on a sample of each preset and option (the full sizes
# above are slow). Another seed than the slow ones, so both together see more hands.
SAMPLE = {5: 1_200, 6: 500, 7: 300}
EVERY_RULES = [STANDARD, PAI_GOW, PIQUET,
               STANDARD.replace(wheel_second_highest=True),
               PAI_GOW.replace(wheel_second_highest=True),
               PIQUET.replace(ace_low_straight=True, flush_beats_full_house=True)]


@pytest.mark.parametrize("rules", EVERY_RULES, ids=lambda r: r.name)
def test_a_sample_of_each_preset_agrees_with_reference(rules):
    assert check_preset(rules, SAMPLE, seed=101) == 2_000


def test_a_sample_of_joker_hands_agrees_with_reference():
    rng = np.random.default_rng(105)
    for rules in (PAI_GOW, PAI_GOW.replace(wheel_second_highest=True)):
        keys, values = [], []
        for k in (5, 6, 7):
            rows = [[52, *rng.choice(52, k - 1, replace=False).tolist()] for _ in range(50)]
            keys += [reference.rank_best(r, **ref_options(rules)) for r in rows]
            values += evaluate_many(np.array(rows), rules).tolist()
        assert_same_order(keys, values)


@pytest.mark.slow
def test_joker_hands_agree_with_reference():
    # every hand holds the joker: the bug rules are the hardest part
    rng = np.random.default_rng(5)
    for rules in (PAI_GOW, PAI_GOW.replace(wheel_second_highest=True)):
        keys, values = [], []
        for k in (5, 6, 7):
            rows = [[52, *rng.choice(52, k - 1, replace=False).tolist()] for _ in range(700)]
            got = evaluate_many(np.array(rows), rules).tolist()
            keys += [reference.rank_best(r, **ref_options(rules)) for r in rows]
            values += got
        assert_same_order(keys, values)


@pytest.mark.parametrize("rules", [STANDARD, PAI_GOW, PIQUET], ids=lambda r: r.name)
def test_partial_hands_agree_with_reference(rules):
    rng = np.random.default_rng(7)
    deck = list(rules.deck_codes)
    keys, values = [], []
    for _ in range(6000):
        k = int(rng.integers(0, 6))
        cards = rng.choice(deck, k, replace=False).tolist()
        keys.append(reference.rank_partial(cards, **ref_options(rules)))
        values.append(evaluate_partial(cards, rules).value)
    assert_same_order(keys, values)


@pytest.mark.fast
def test_two_card_hands_agree_with_reference():
    pairs = [(a, b) for a in range(53) for b in range(a + 1, 53)]
    keys = [reference.rank_two(p) for p in pairs]
    values = [evaluate_two(p).value for p in pairs]
    assert_same_order(keys, values)
