"""Time pokerrules against eval7, phevaluator and treys on the same seeded hands.

    pip install ".[bench]" && python benchmarks/compare.py [--hands 1000000] [--repeat 5]
        [--clock thread]

Every library ranks the same random seven-card hands (seed 2026) in one run; each
timing is repeated and the median is reported, with the ratio to pokerrules'
per-call entry. Before timing, the rankings are checked to order a sample of hands
the same way in every library (lower is stronger in phevaluator and treys).
treys is pure Python and slow, so it runs on a tenth of the hands.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from collections.abc import Callable

import numpy as np

import pokerrules
from pokerrules import PAI_GOW, STANDARD, Card, evaluate, evaluate_many, rank_value, value_counts

CLOCK = time.perf_counter


def median_rate(run: Callable[[], object], count: int, repeat: int,
                clock: Callable[[], float] | None = None) -> float:
    """Median items per second over ``repeat`` runs, timed by ``clock`` (CLOCK by default)."""
    clock = clock or CLOCK
    times = []
    for _ in range(repeat):
        start = clock()
        run()
        times.append(clock() - start)
    return count / statistics.median(times)


def random_hands(n: int, k: int, deck_size: int, seed: int) -> np.ndarray:
    """(n, k) uint8 array of distinct card codes per row."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, deck_size)), axis=1)[:, :k].astype(np.uint8)


def same_order(a: list[int], b: list[int]) -> bool:
    """True if a and b rank every pair of hands the same way (b may run opposite)."""
    ia, ib = np.array(a), np.array(b)
    order = np.lexsort((ib, ia))
    sa, sb = ia[order], ib[order]
    steps = np.diff(sa) > 0
    ties = np.diff(sa) == 0
    return bool(np.all(np.diff(sb)[steps] != 0) and np.all(np.diff(sb)[ties] == 0)) and bool(
        np.all(np.diff(sb)[steps] > 0) or np.all(np.diff(sb)[steps] < 0)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--clock", choices=["wall", "thread"], default="wall",
                        help="thread: this thread's CPU time, which other jobs on the machine "
                             "move less (the threads=2 ratio is always timed by the wall clock)")
    args = parser.parse_args()
    n, repeat = args.hands, args.repeat
    global CLOCK
    CLOCK = time.thread_time if args.clock == "thread" else time.perf_counter

    import eval7
    import treys
    from phevaluator import _pheval

    hands = random_hands(n, 7, 52, 2026)
    rows = hands.tolist()
    card_rows = [[Card(c) for c in row] for row in rows]
    names = [str(Card(c)) for c in range(52)]
    e7_cards = [eval7.Card(s) for s in names]
    e7_rows = [[e7_cards[c] for c in row] for row in rows]
    t_cards = [treys.Card.new(s) for s in names]
    t_rows = [[t_cards[c] for c in row] for row in rows[: n // 10]]
    t_eval = treys.Evaluator()
    ph7 = _pheval.evaluate_7cards

    sample = rows[:20000]
    ours = [evaluate(r).value for r in sample]
    checks = {
        "phevaluator": [ph7(*r) for r in sample],
        "eval7": [eval7.evaluate([e7_cards[c] for c in r]) for r in sample],
        "treys": [t_eval.evaluate([t_cards[c] for c in r[:2]], [t_cards[c] for c in r[2:]])
                  for r in sample],
    }
    for name, theirs in checks.items():
        if not same_order(ours, theirs):
            raise SystemExit(f"{name} orders the sample differently from pokerrules")

    def loop(fn: Callable[..., object], data: list) -> Callable[[], None]:
        def run() -> None:
            for row in data:
                fn(row)
        return run

    def loop_star(fn: Callable[..., object], data: list) -> Callable[[], None]:
        def run() -> None:
            for row in data:
                fn(*row)
        return run

    def kept(fn: Callable[..., object], data: list) -> Callable[[], None]:
        def run() -> None:
            results = [fn(row) for row in data]
            assert len(results) == len(data)
        return run

    def kept_star(fn: Callable[..., object], data: list) -> Callable[[], None]:
        def run() -> None:
            results = [fn(*row) for row in data]
            assert len(results) == len(data)
        return run

    def treys_run() -> None:
        for row in t_rows:
            t_eval.evaluate(row[:2], row[2:])

    pg_hands = random_hands(n, 7, 53, 2027)
    results: list[tuple[str, float]] = [
        ("pokerrules evaluate, 7 int codes per call", median_rate(loop(evaluate, rows), n, repeat)),
        ("pokerrules evaluate, 7 Cards per call",
         median_rate(loop(evaluate, card_rows), n, repeat)),
        ("phevaluator _pheval.evaluate_7cards (raw C entry)",
         median_rate(loop_star(ph7, rows), n, repeat)),
        ("pokerrules evaluate, 7 int codes, results kept",
         median_rate(kept(evaluate, rows), n, repeat)),
        ("pokerrules rank_value, 7 int codes, results kept",
         median_rate(kept(rank_value, rows), n, repeat)),
        ("phevaluator evaluate_7cards, results kept",
         median_rate(kept_star(ph7, rows), n, repeat)),
        ("eval7 evaluate, 7 Cards per call", median_rate(loop(eval7.evaluate, e7_rows), n, repeat)),
        ("treys Evaluator.evaluate (n/10 hands)", median_rate(treys_run, len(t_rows), repeat)),
        ("pokerrules evaluate_many, STANDARD batch",
         median_rate(lambda: evaluate_many(hands), n, repeat)),
        ("pokerrules evaluate_many, check=False",
         median_rate(lambda: evaluate_many(hands, check=False), n, repeat)),
        ("pokerrules evaluate_many, PAI_GOW batch (53 cards)",
         median_rate(lambda: evaluate_many(pg_hands, PAI_GOW), n, repeat)),
    ]
    base = results[0][1]
    by_name = dict(results)
    ph_kept = by_name["phevaluator evaluate_7cards, results kept"]
    print(f"pokerrules {pokerrules.__version__}, Python {platform.python_version()}, "
          f"{platform.machine()}, {n:,} seeded 7-card hands, median of {repeat}, "
          f"{args.clock} clock")
    print(f"{'entry':55s} {'hands/s':>14s} {'vs pokerrules per call':>24s}")
    for name, rate in results:
        print(f"{name:55s} {rate:14,.0f} {rate / base:23.2f}x")

    ev_kept = by_name["pokerrules evaluate, 7 int codes, results kept"]
    rv_kept = by_name["pokerrules rank_value, 7 int codes, results kept"]
    print(f"results kept, against phevaluator kept: evaluate {ev_kept / ph_kept:.2f}x, "
          f"rank_value {rv_kept / ph_kept:.2f}x")
    wall = time.perf_counter  # threads=2 runs on other threads than this one
    one = median_rate(lambda: evaluate_many(hands), n, repeat, wall)
    two = median_rate(lambda: evaluate_many(hands, threads=2), n, repeat, wall)
    print(f"evaluate_many threads=2 / threads=1 (wall clock): {two / one:.2f}x")
    for rules in (STANDARD, PAI_GOW):
        start = time.perf_counter()
        counts = value_counts(7, rules)
        seconds = time.perf_counter() - start
        print(f"enumerate all {int(counts.sum()):,} seven-card hands ({rules.name}): "
              f"{seconds:.2f} s")
    print(f"ranking tables built in this run: {pokerrules.hands.table_bytes():,} bytes")


if __name__ == "__main__":
    main()
