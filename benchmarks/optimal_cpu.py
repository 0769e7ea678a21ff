"""CPU seconds of one exact optimal setting (``optimal_setting(hand, method="exact")``,
all 53,524,680 banker hands) over seeded random hands: process CPU time, which the
other jobs of a shared machine move less than wall-clock time does.

    python benchmarks/optimal_cpu.py [HANDS]      (default 15 hands, seed 2026)
"""

import statistics
import sys
import time

import numpy as np

from pokerrules.cards import Card
from pokerrules.paigow import PaiGowRules, optimal_setting


def main(hands: int) -> None:
    rng = np.random.default_rng(2026)
    optimal_setting("As Jk Qs Qh Qd 7s 2s")  # builds the tables before the timed calls
    seconds = []
    for _ in range(hands):
        hand = [Card(int(i)) for i in rng.choice(53, 7, replace=False)]
        start = time.process_time()
        optimal_setting(hand, PaiGowRules.classic(), "exact")
        seconds.append(time.process_time() - start)
        print(" ".join(map(str, hand)), f"{seconds[-1]:.3f} s", flush=True)
    print(f"median {statistics.median(seconds):.3f} s of CPU a hand (min "
          f"{min(seconds):.3f}, max {max(seconds):.3f}, {hands} hands)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 15)
