"""Speed of the Pai Gow strategy solver and simulation kernel (pytest-benchmark).

    python -m pytest benchmarks/bench_paigow_sim.py --benchmark-enable

Targets (one core): optimal_setting exact at most 10 s a hand, sample (100,000
banker hands) under 1 s, simulate at least 1,000,000 rounds a second with the
built-in house ways. With timing on, each benchmark checks its target against
the median round.
"""

import pytest

from pokerrules.paigow import PaiGowRules, optimal_setting, simulate

CASINO = PaiGowRules.casino()
HANDS = ["As Jk Qs Qh Qd 7s 2s", "Kh Kd 9s 8s 4c 3d 2h", "Ah Kh Qh Jh 9c 9d 3s"]
ROUNDS = 2_000_000


def median(benchmark):
    stats = benchmark.stats
    return None if stats is None else stats.stats.median


@pytest.mark.parametrize("hand", HANDS)
def test_optimal_exact(benchmark, hand):
    result = benchmark.pedantic(optimal_setting, args=(hand, CASINO), rounds=3, iterations=1)
    assert result.hands == 53_524_680
    seconds = median(benchmark)
    if seconds is not None:
        assert seconds <= 10.0


def test_optimal_exact_two_workers(benchmark):
    result = benchmark.pedantic(optimal_setting, args=(HANDS[0], CASINO),
                                kwargs={"workers": 2}, rounds=3, iterations=1)
    assert result.hands == 53_524_680


def test_optimal_sample(benchmark):
    result = benchmark.pedantic(optimal_setting, args=(HANDS[0], CASINO, "sample"),
                                kwargs={"samples": 100_000, "seed": 1}, rounds=5, iterations=1)
    assert result.hands == 100_000
    seconds = median(benchmark)
    if seconds is not None:
        assert seconds < 1.0


def test_simulate_rounds_per_second(benchmark):
    result = benchmark.pedantic(simulate, args=(CASINO, ROUNDS),
                                kwargs={"seed": 1, "progress": False}, rounds=3, iterations=1)
    assert result.rounds == ROUNDS
    seconds = median(benchmark)
    if seconds is not None:
        benchmark.extra_info["rounds_per_second"] = ROUNDS / seconds
        assert ROUNDS / seconds >= 1_000_000
