"""pytest-benchmark suite of the evaluator (targets in the comments; see RESULTS.md).

    pip install ".[test]" && python -m pytest benchmarks/bench_hands.py --benchmark-enable
"""

import numpy as np
import pytest

from pokerrules import PAI_GOW, STANDARD, Card, evaluate, evaluate_many, rank_value, value_counts

N = 100_000


@pytest.fixture(scope="module")
def hands7() -> np.ndarray:
    rng = np.random.default_rng(2026)
    return np.argsort(rng.random((N, 52)), axis=1)[:, :7].astype(np.uint8)


@pytest.fixture(scope="module")
def paigow7() -> np.ndarray:
    rng = np.random.default_rng(2027)
    return np.argsort(rng.random((N, 53)), axis=1)[:, :7].astype(np.uint8)


def test_evaluate_codes_per_call(benchmark, hands7):
    # target: at least phevaluator's raw C entry on the same hands (compare.py)
    rows = hands7.tolist()

    def run():
        for row in rows:
            evaluate(row)

    benchmark(run)


def test_evaluate_cards_per_call(benchmark, hands7):
    # target: at least 2x eval7.evaluate on 7 Cards
    rows = [[Card(c) for c in row] for row in hands7.tolist()]

    def run():
        for row in rows:
            evaluate(row)

    benchmark(run)


@pytest.mark.benchmark(group="per call, results kept")
def test_evaluate_codes_kept(benchmark, hands7):
    # target: at least 1.5x phevaluator kept (test_phevaluator_kept, same group)
    rows = hands7.tolist()
    benchmark(lambda: [evaluate(row) for row in rows])


@pytest.mark.benchmark(group="per call, results kept")
def test_rank_value_codes_kept(benchmark, hands7):
    # target: at least 2x phevaluator kept
    rows = hands7.tolist()
    benchmark(lambda: [rank_value(row) for row in rows])


@pytest.mark.benchmark(group="per call, results kept")
def test_phevaluator_kept(benchmark, hands7):
    pheval = pytest.importorskip("phevaluator._pheval")
    rows = hands7.tolist()
    ph7 = pheval.evaluate_7cards
    benchmark(lambda: [ph7(*row) for row in rows])


def test_evaluate_many_standard(benchmark, hands7):
    # target: 60M hands/s or more
    big = np.tile(hands7, (10, 1))
    benchmark(evaluate_many, big, STANDARD)


def test_evaluate_many_paigow(benchmark, paigow7):
    # target: within 2x of the STANDARD batch
    big = np.tile(paigow7, (10, 1))
    benchmark(evaluate_many, big, PAI_GOW)


def test_enumerate_all_seven_card_hands(benchmark):
    # target: all 133,784,560 hands with their histogram in at most 3 s
    counts = benchmark.pedantic(value_counts, args=(7, STANDARD), rounds=3, iterations=1)
    assert int(counts.sum()) == 133_784_560
