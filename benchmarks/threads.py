"""Time evaluate_many on one thread against several, on the same seeded rows.

    python benchmarks/threads.py [--rows 10000000] [--threads 2] [--repeat 5]

Wall clock, since the extra threads are not this one: run it with the cores free.
The two settings alternate twice and each keeps its better median, so that a
burst of other work on the machine hurts both alike; the results of both are
checked to be identical before the ratio is printed.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from pokerrules import evaluate_many


def seeded_rows(n: int, seed: int, chunk: int = 1_000_000) -> np.ndarray:
    """(n, 7) uint8 array of distinct card codes per row, built in chunks."""
    rng = np.random.default_rng(seed)
    parts = []
    for start in range(0, n, chunk):
        m = min(chunk, n - start)
        parts.append(np.argsort(rng.random((m, 52), dtype=np.float32), axis=1)[:, :7])
    return np.concatenate(parts).astype(np.uint8)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=10_000_000)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    rows = seeded_rows(args.rows, 2026)
    evaluate_many(rows[:1])  # the tables are built before timing
    best: dict[int, float] = {}
    for threads in (1, args.threads, 1, args.threads):
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            evaluate_many(rows, threads=threads)
            times.append(time.perf_counter() - start)
        best[threads] = min(best.get(threads, float("inf")), statistics.median(times))
    same = np.array_equal(evaluate_many(rows), evaluate_many(rows, threads=args.threads))
    one, many = best[1], best[args.threads]
    print(f"{args.rows:,} rows, median of {args.repeat}: 1 thread {one * 1e3:.1f} ms, "
          f"{args.threads} threads {many * 1e3:.1f} ms, ratio {one / many:.2f}x, "
          f"results identical: {same}")


if __name__ == "__main__":
    main()
