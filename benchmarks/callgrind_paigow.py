"""A fixed workload for counting the Pai Gow kernels' instructions with callgrind,
which the load of a shared machine does not move (wall-clock medians do):

    valgrind --tool=callgrind --toggle-collect=pg_way_batch \\
        python benchmarks/callgrind_paigow.py house_way
    valgrind --tool=callgrind --toggle-collect=pg_sim_rounds \\
        python benchmarks/callgrind_paigow.py simulate

"Collected" is the kernel's instruction count: house_way sets 200,000 seeded
hands by each built-in way (400,000 settings), simulate plays 200,000 rounds.
"""

import sys

import numpy as np

from pokerrules.paigow import WAYS, PaiGowRules, house_way_many, simulate

N = 200_000


def main(workload: str) -> None:
    rng = np.random.default_rng(0)
    hands = np.argsort(rng.random((N, 53)), axis=1)[:, :7].astype(np.uint8)
    house_way_many(hands[:10])  # builds the tables before the counted calls
    if workload == "house_way":
        for way in WAYS:
            house_way_many(hands, PaiGowRules.classic(), way)
    elif workload == "simulate":
        simulate(PaiGowRules.casino(), N, seed=1, workers=1, progress=False)
    else:
        raise SystemExit(f"usage: {sys.argv[0]} house_way|simulate")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "")
