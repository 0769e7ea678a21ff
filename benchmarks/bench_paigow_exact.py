"""CPU time and peak memory of the exact Pai Gow count over every heads-up deal.

    python benchmarks/bench_paigow_exact.py [--rules classic|casino] [--player-way NAME]

Target (one core): the full count, table included, at most 5 CPU-minutes with
a peak resident size under 1 GiB. Prints the counts, the CPU seconds and the
peak resident size.
"""

import argparse
import resource
import sys
import time

from pokerrules.paigow import WAYS, PaiGowRules, exact_house_edge

TARGET_CPU_SECONDS = 300
TARGET_PEAK_BYTES = 2**30


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", choices=("classic", "casino"), default="classic")
    parser.add_argument("--way", choices=WAYS, default="foxwoods")
    parser.add_argument("--player-way", choices=WAYS)
    args = parser.parse_args(argv)
    rules = PaiGowRules.classic() if args.rules == "classic" else PaiGowRules.casino()
    cpu = time.process_time()
    wall = time.perf_counter()
    r = exact_house_edge(rules, args.way, args.player_way)
    cpu = time.process_time() - cpu
    wall = time.perf_counter() - wall
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # kilobytes on Linux
    print(f"{args.rules}, {r.player_way} player, {r.banker_way} banker")
    print(f"wins {r.wins:,}  pushes {r.pushes:,}  losses {r.losses:,}")
    print(f"player EV {r.player_ev:+.7f}; {r.visits:,} table reads; symmetric {r.symmetric}")
    print(f"{cpu:.1f} CPU-s ({wall:.1f} s wall), peak resident {peak / 2**20:.0f} MiB")
    ok = cpu <= TARGET_CPU_SECONDS and peak < TARGET_PEAK_BYTES
    print("target met" if ok else "TARGET MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
