"""A strategy table at work: how long a solve costs per class of hands, how fast
a saved table opens and sets hands, and its figures against the house way.

    python benchmarks/bench_paigow_table.py --chunk 20000
        (one chunk of the full deck's classes solved as optimal_strategy_table solves
        it: the fixed cost of a chunk and the cost per class, in CPU seconds)
    python benchmarks/bench_paigow_table.py --table foxwoods-optimal.prt
        (opening the file and setting 1,000,000 random hands, median of 5, and
        the table's exact edge and the house way's cost by rule)
"""

import argparse
import statistics
import time

import numpy as np

from pokerrules.paigow import PaiGowRules, StrategyTable
from pokerrules.paigow.analysis.hand_classes import HandClasses
from pokerrules.paigow.analysis.optimal import opposing_table, solve_hands


def chunk_cost(size):
    rules = PaiGowRules.classic().replace(commission=0.05, banker_commission=0.05)
    deck = np.arange(53, dtype=np.uint8)
    cpu = time.process_time()
    banker = opposing_table(rules, "foxwoods")
    print(f"banker table: {time.process_time() - cpu:.1f} CPU-s")
    classes = HandClasses(deck, True)
    numbers = []
    for found, _ in classes.representatives():
        numbers.append(found)
        if sum(len(n) for n in numbers) >= 2 * size:
            break
    numbers = np.concatenate(numbers)
    for n in (size // 10, size):
        positions = classes.unrank(numbers[:n])
        cpu = time.process_time()
        solve_hands(rules, "foxwoods", positions, table=banker)
        print(f"{n:,} classes: {time.process_time() - cpu:.2f} CPU-s")


def table_use(path):
    cpu = time.perf_counter()
    table = StrategyTable.load(path)
    print(f"load (checksum included): {time.perf_counter() - cpu:.2f} s, {len(table):,} classes")
    rng = np.random.default_rng(1)
    hands = np.sort(np.argsort(rng.random((1_000_000, 53)), axis=1)[:, :7], axis=1)
    times = []
    for _ in range(5):
        start = time.perf_counter()
        table.set_many(hands)
        times.append(time.perf_counter() - start)
    median = statistics.median(times)
    print(f"set_many: {len(hands) / median:,.0f} hands/s (median of 5)")
    print(table.house_way_cost())


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chunk", type=int, help="classes in the chunk to time")
    parser.add_argument("--table", help="a saved table to open and use")
    args = parser.parse_args(argv)
    if args.chunk:
        chunk_cost(args.chunk)
    if args.table:
        table_use(args.table)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
