"""Speed of the Pai Gow kernels (pytest-benchmark).

    python -m pytest benchmarks/bench_paigow.py --benchmark-enable

Target: the compiled house way sets 5,000,000 hands a second or more on one
core for each built-in way (the exact strategy solver needs it). With timing
on, each benchmark checks its target against the median round.
"""

import numpy as np
import pytest

from pokerrules.paigow import (
    WAYS,
    PaiGowRules,
    fortune_counts,
    fortune_lines,
    foul_many,
    house_way_many,
)

N = 1_000_000
TARGET = 5_000_000  # hands per second, one core
CLASSIC = PaiGowRules.classic()


@pytest.fixture(scope="module")
def hands():
    """N hands drawn uniformly from the 53-card deck."""
    rng = np.random.default_rng(0)
    out = rng.integers(0, 53, size=(N, 7))
    while True:
        ordered = np.sort(out, axis=1)
        repeated = (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)
        if not repeated.any():
            return np.ascontiguousarray(out, dtype=np.uint8)
        out[repeated] = rng.integers(0, 53, size=(int(repeated.sum()), 7))


def rate(benchmark, n):
    """Hands per second at the median round (None with timing off)."""
    if not benchmark.enabled:
        return None
    per_second = n / benchmark.stats.stats.median
    benchmark.extra_info["hands_per_second"] = round(per_second)
    return per_second


@pytest.mark.parametrize("way", WAYS)
def test_house_way_many(benchmark, hands, way):
    out = benchmark(house_way_many, hands, CLASSIC, way)
    assert out.shape == (N, 7)
    per_second = rate(benchmark, N)
    assert per_second is None or per_second >= TARGET


def test_foul_many(benchmark, hands):
    settings = house_way_many(hands)
    flags = benchmark(foul_many, settings)
    assert not flags.any()
    rate(benchmark, N)


def test_fortune_lines(benchmark, hands):
    benchmark(fortune_lines, hands)
    rate(benchmark, N)


def test_fortune_exhaustive(benchmark):
    counts = benchmark.pedantic(fortune_counts, rounds=3, iterations=1)
    assert sum(counts.values()) == 154_143_080
