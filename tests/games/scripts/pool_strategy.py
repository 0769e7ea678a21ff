"""A caller's script: a strategy and a task function of its own go to a process
pool started by the method named on the command line (or the default).

Prints the pool's process class, the rounds played and the player's name."""

import multiprocessing
import sys

from pokerrules import jobs
from pokerrules.paigow import PaiGowRules, house_way, simulate


def my_house_way(cards, rules):
    """The house way under a name of this script's."""
    return house_way(cards, rules)


def process_class(_task):
    return type(multiprocessing.current_process()).__name__


if __name__ == "__main__":
    method = sys.argv[1] if len(sys.argv) > 1 else None
    rules = PaiGowRules.casino()
    alone = simulate(rules, 400, player_way=my_house_way, seed=3, chunk_size=100, progress=False)
    pooled = simulate(rules, 400, player_way=my_house_way, workers=2, start_method=method,
                      seed=3, chunk_size=100, progress=False)
    assert pooled == alone, (pooled, alone)
    classes: set[str] = set()
    jobs.run_chunks(process_class, range(4), total=4, workers=2, start_method=method,
                        on_result=lambda _, name: classes.add(name))
    print(" ".join(sorted(classes)), pooled.rounds, pooled.player)
