"""The batch kernels (scalar, AVX2, AVX-512) against each other and the reference ranker.

``pokerrules._core._kernel(level)`` picks the kernel (0 scalar, 1 AVX2, 2 AVX-512, at most
what the CPU has), so that each path this machine can run is tested, whatever it would
choose by itself. Every rules variant, 5, 6 and 7 cards, with and without the check and
with threads: the values must be identical, and order hands as the reference does.
"""

import itertools
import subprocess
import sys

import numpy as np
import pytest
import reference
from test_reference import assert_same_order, ref_options

from pokerrules import (
    PAI_GOW,
    PIQUET,
    STANDARD,
    HandRules,
    _core,
    categories,
    evaluate_many,
    value_counts,
)
from pokerrules.errors import PokerRulesError

VARIANTS = [
    STANDARD, STANDARD.replace(wheel_second_highest=True),
    PAI_GOW, PAI_GOW.replace(wheel_second_highest=True),
    PIQUET, PIQUET.replace(ace_low_straight=True), PIQUET.replace(flush_beats_full_house=True),
    PIQUET.replace(ace_low_straight=True, flush_beats_full_house=True),
]
BEST = _core._kernel(2)
LEVELS = sorted({_core._kernel(level) for level in (0, 1, 2)})
_core._kernel(BEST)


@pytest.fixture
def restore_kernel():
    yield
    _core._kernel(BEST)


def on_every_kernel(hands: np.ndarray, rules: HandRules, **kw) -> list[np.ndarray]:
    out = []
    for level in LEVELS:
        assert _core._kernel(level) == level
        out.append(evaluate_many(hands, rules, **kw))
    _core._kernel(BEST)
    return out


def hands_of(rules: HandRules, n: int, k: int, seed: int, flushes: bool = False) -> np.ndarray:
    """Distinct cards of the deck a row; with ``flushes``, most rows hold five of one suit."""
    rng = np.random.default_rng(seed)
    deck = np.array(rules.deck_codes, dtype=np.uint8)
    rows = deck[np.argsort(rng.random((n, len(deck))), axis=1)[:, :k]]
    if flushes:
        for row in rows[rng.random(n) < 0.7]:
            suit = int(rng.integers(4))
            suited = [c for c in deck.tolist() if c < 52 and c % 4 == suit]
            five = rng.choice(suited, 5, replace=False)
            others = [c for c in deck.tolist() if c not in five]
            row[:] = np.concatenate([five, rng.choice(others, k - 5, replace=False)])
            rng.shuffle(row)
    return np.ascontiguousarray(rows)


def test_the_machine_offers_the_scalar_kernel_and_the_test_can_choose():
    assert LEVELS[0] == 0
    assert _core._kernel(0) == 0
    _core._kernel(BEST)
    assert _core._kernel() == BEST


def kernel_chosen_at_import(value):
    """(the kernel, the warnings) of a fresh process whose POKERRULES_KERNEL is ``value``."""
    import os
    env = {k: v for k, v in os.environ.items() if k != "POKERRULES_KERNEL"}
    if value is not None:
        env["POKERRULES_KERNEL"] = value
    child = subprocess.run(
        [sys.executable, "-c", "from pokerrules import _core; print(_core._kernel())"],
        capture_output=True, text=True, env=env, check=True)
    return int(child.stdout), child.stderr


@pytest.mark.parametrize("value, most", [
    ("scalar", 0), ("SCALAR", 0), (" scalar\n", 0), ("avx2", 1), ("Avx2", 1),
    ("avx512", 2), (None, 2), ("", 2)])
def test_pokerrules_kernel_is_read_once_at_import_in_any_case(value, most):
    kernel, warnings = kernel_chosen_at_import(value)
    default = 0 if BEST == 1 else BEST  # AVX2 only when asked for
    assert kernel == (min(most, BEST) if most < 2 else default)
    assert warnings == ""


@pytest.mark.parametrize("value", ["sclar", "avx-512", "0", "scalar,avx2"])
def test_an_unknown_pokerrules_kernel_warns_and_names_the_choices(value):
    kernel, warnings = kernel_chosen_at_import(value)
    assert kernel == (0 if BEST == 1 else BEST)
    assert f"RuntimeWarning: POKERRULES_KERNEL={value!r} is none of scalar, avx2, avx512" in (
        warnings)


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: r.name)
@pytest.mark.parametrize("k", [5, 6, 7])
def test_kernels_give_identical_values(rules, k, restore_kernel):
    # 1,003 rows: blocks of 16 and of 8 and a tail; flushes in many lanes
    for flushes in (False, True):
        hands = hands_of(rules, 1003, k, seed=k + 10 * rules.variant, flushes=flushes)
        results = []
        for check in (True, False):
            results += on_every_kernel(hands, rules, check=check)
            results += on_every_kernel(hands, rules, check=check, threads=3)
        for got in results[1:]:
            np.testing.assert_array_equal(got, results[0])


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: r.name)
@pytest.mark.parametrize("k", [5, 6, 7])
def test_every_kernel_orders_hands_as_the_reference(rules, k, restore_kernel):
    n = 250 if rules.has_joker and k == 7 else 400  # the reference ranks jokers slowly
    hands = np.concatenate([hands_of(rules, n, k, seed=3 * k + rules.variant),
                            hands_of(rules, n // 2, k, seed=5 * k + rules.variant, flushes=True)])
    if rules.has_joker:  # the joker in every one of these rows
        hands[::3, 0] = 52
        hands = hands[[len(set(r)) == k for r in hands.tolist()]]
    keys = [reference.rank_best(row, **ref_options(rules)) for row in hands.tolist()]
    for got in on_every_kernel(hands, rules):
        assert_same_order(keys, got.tolist())


@pytest.mark.parametrize("rules", [STANDARD, PAI_GOW, PIQUET], ids=lambda r: r.name)
@pytest.mark.parametrize("k", [5, 6, 7])
def test_every_kernel_finds_the_same_first_bad_row(rules, k, restore_kernel):
    rng = np.random.default_rng(k)
    outside = [c for c in range(53) if c not in rules.deck_codes]
    for bad_at in (0, 5, 15, 16, 17, 40, 99):
        for problem in ("duplicate", "outside", "above 52"):
            hands = hands_of(rules, 100, k, seed=bad_at)
            row = hands[bad_at]
            lane = int(rng.integers(k))
            if problem == "duplicate":
                row[lane] = row[(lane + 1) % k]
            elif problem == "outside":
                if not outside:
                    continue
                row[lane] = outside[bad_at % len(outside)]
            else:
                row[lane] = 53 + bad_at
            messages = set()
            for level in LEVELS:
                _core._kernel(level)
                with pytest.raises(PokerRulesError) as info:
                    evaluate_many(hands, rules)
                messages.add(str(info.value))
                if problem == "above 52":  # refused even unchecked
                    with pytest.raises(PokerRulesError):
                        evaluate_many(hands, rules, check=False)
            assert len(messages) == 1
            assert messages.pop().startswith(f"row {bad_at}:")


@pytest.mark.parametrize("k", [5, 6, 7])
def test_unchecked_rows_that_are_no_hand_get_the_same_value_on_every_kernel(k, restore_kernel):
    rng = np.random.default_rng(99)
    hands = rng.integers(0, 53, size=(517, k)).astype(np.uint8)  # duplicates, the joker
    # and rows the SIMD kernels must leave to the scalar one, in every lane: jokers
    # (several, or outside their deck) beside clubs, five or more of a rank
    heavy = rng.choice([52, 0, 4, 8, 48, 49, 50, 51], size=(160, k)).astype(np.uint8)
    hands = np.concatenate([hands, heavy, np.full((16, k), 52, np.uint8)])
    rng.shuffle(hands)
    for rules in (STANDARD, PAI_GOW, PIQUET):
        results = on_every_kernel(hands, rules, check=False)
        for got in results[1:]:
            np.testing.assert_array_equal(got, results[0])


def test_value_counts_of_seven_cards_are_the_known_frequencies():
    counts = value_counts(7)
    assert counts.sum() == 133_784_560
    cats = np.bincount(categories(np.flatnonzero(counts), STANDARD),
                       weights=counts[counts > 0], minlength=9)
    assert cats.astype(np.int64).tolist()[:9] == [
        23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184,
        224_848, 41_584]


def all_hands(rules: HandRules, k: int) -> np.ndarray:
    deck = rules.deck_codes
    flat = np.fromiter(itertools.chain.from_iterable(itertools.combinations(deck, k)),
                       dtype=np.uint8)
    return flat.reshape(-1, k)


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: r.name)
def test_value_counts_are_the_histogram_of_every_hand_evaluated(rules):
    # counted by rank multiset, then checked hand by hand: every 5-card hand, and in
    # the 32-card deck every 6- and 7-card hand too
    for k in (5, 6, 7) if rules.deck == "piquet" else (5,):
        hands = all_hands(rules, k)
        seen = np.bincount(evaluate_many(hands, rules), minlength=rules.n_values + 1)
        np.testing.assert_array_equal(value_counts(k, rules), seen)


def test_tables_of_every_rules_variant_together_stay_under_a_mebibyte():
    # a fresh process, so that only what these calls build is counted
    script = ("from pokerrules import evaluate, PAI_GOW, PIQUET, STANDARD, _core\n"
              "variants = [STANDARD, STANDARD.replace(wheel_second_highest=True), PAI_GOW,\n"
              "            PAI_GOW.replace(wheel_second_highest=True), PIQUET,\n"
              "            PIQUET.replace(ace_low_straight=True),\n"
              "            PIQUET.replace(flush_beats_full_house=True),\n"
              "            PIQUET.replace(ace_low_straight=True, flush_beats_full_house=True)]\n"
              "sizes = []\n"
              "for rules in variants:\n"
              "    evaluate([20, 25, 30, 35, 40], rules)\n"
              "    sizes.append(_core.table_bytes())\n"
              "print(*sizes)\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True)
    sizes = [int(word) for word in out.stdout.split()]
    assert len(sizes) == len(VARIANTS) and sizes == sorted(set(sizes))  # each built its own
    assert sizes[-1] < 2**20
