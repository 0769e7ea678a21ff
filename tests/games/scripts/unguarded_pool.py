"""A caller's script that starts parallel work at its top level, without
``if __name__ == "__main__":``: each worker of the pool imports it, and gets
here again. The command line names the start method and the work: "simulate"
or "sweep" (exact_house_edges)."""

import sys

from pokerrules.paigow import exact_house_edges, simulate

method, work = sys.argv[1:3]
if work == "simulate":
    simulate(rounds=4_000, seed=1, workers=2, chunk_size=1_000, start_method=method)
else:
    deck = list(range(14))
    exact_house_edges([("classic", None, None), ("casino", None, None)], deck=deck,
                      workers=2, start_method=method)
