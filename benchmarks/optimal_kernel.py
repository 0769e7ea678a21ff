"""CPU cost of the optimal-play kernel (`solve_hands`) per player hand on the full deck.

    python benchmarks/optimal_kernel.py [--rules classic|casino] [--way NAME]
                                        [--sizes 2000 20000 200000] [--repeats 1] [--seed 1]

Sets the banker's table once (timed apart), then solves chunks of random player hands
of each size (each hand stands for a suit-renaming class, as the whole table solves one
hand per class), timing each call in process CPU seconds (`time.process_time`, the
calls run on one thread). Fits cost = fixed + per_hand * hands by least squares over the
sizes' medians and projects the whole table: every class of the deck, in chunks of the
largest size. Target: at most 4 CPU-hours for the whole Foxwoods table on one core.
"""

import argparse
import itertools
import math
import resource
import statistics
import sys
import time

import numpy as np

from pokerrules.paigow import WAYS, PaiGowRules
from pokerrules.paigow.analysis.optimal import opposing_table, random_hands, solve_hands

TARGET_CPU_SECONDS = 4 * 3600


def hand_classes(ranks=13, suits=4, jokers=1, size=7):
    """Hands of a deck up to suit renaming, by Burnside's lemma: the mean over the
    suit permutations of the hands each leaves unchanged (unions of its card cycles)."""
    fixed = 0
    for perm in itertools.permutations(range(suits)):
        cycles, seen = [], set()
        for s in range(suits):
            length, t = 0, s
            while t not in seen:
                seen.add(t)
                t = perm[t]
                length += 1
            if length:
                cycles.append(length)
        poly = np.zeros(size + 1, dtype=object)
        poly[0] = 1
        for length in cycles * ranks + [1] * jokers:
            shifted = np.zeros_like(poly)
            shifted[length:] = poly[:size + 1 - length]
            poly = poly + shifted
        fixed += poly[size]
    return fixed // math.factorial(suits)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", choices=("classic", "casino"), default="classic")
    parser.add_argument("--way", choices=WAYS, default="foxwoods")
    parser.add_argument("--sizes", type=int, nargs="+", default=[2_000, 20_000, 200_000])
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rules = PaiGowRules.classic() if args.rules == "classic" else PaiGowRules.casino()
    rules = rules.replace(commission=0.05)
    cpu = time.process_time()
    banker = opposing_table(rules, args.way)
    table_cpu = time.process_time() - cpu
    print(f"{args.rules}, banker way {args.way}: banker table {table_cpu:.1f} CPU-s, "
          f"suit-blind {banker.symmetric}")
    rng = np.random.default_rng(args.seed)
    medians = []
    for size in args.sizes:
        times = []
        for _ in range(args.repeats):
            hands = random_hands(size, 53, rng)
            cpu = time.process_time()
            wall = time.perf_counter()
            solved = solve_hands(rules, args.way, hands, table=banker)
            times.append(time.process_time() - cpu)
            wall = time.perf_counter() - wall
        medians.append(statistics.median(times))
        gain = float(np.mean(solved.evs[np.arange(size), solved.best]
                             - solved.evs[np.arange(size), solved.house]))
        print(f"{size:>9,} hands: {medians[-1]:8.1f} CPU-s median of {args.repeats} "
              f"({wall:.1f} s wall last), {medians[-1] / size * 1e3:.3f} CPU-ms a hand; "
              f"mean gain over the house way {gain:.5f}")
    sizes = np.array(args.sizes, dtype=float)
    per_hand, fixed = np.polyfit(sizes, np.array(medians), 1) if len(sizes) > 1 else (
        medians[0] / sizes[0], 0.0)
    classes = hand_classes()
    chunk = max(args.sizes)
    projected = math.ceil(classes / chunk) * fixed + classes * per_hand + table_cpu
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    print(f"fit: {fixed:.1f} CPU-s fixed per call + {per_hand * 1e3:.4f} CPU-ms a hand")
    print(f"whole table: {classes:,} hand classes in chunks of {chunk:,}: "
          f"{projected / 3600:.2f} CPU-hours projected; peak resident "
          f"{peak / 2**20:.0f} MiB")
    ok = projected <= TARGET_CPU_SECONDS
    print("target met" if ok else "TARGET MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
