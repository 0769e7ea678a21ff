"""A loaded house way against the built-in ways, in one run.

    python benchmarks/way_speed.py [--hands 1000000] [--repeat 5] [--deck-size 53]

Sets the same seeded hands by three ways and times each in CPU seconds of this
process (median of ``--repeat`` runs), for both rules presets:

- ``reference``: the hand-written C of the built-in way, called directly;
- ``built-in``: ``house_way_many(hands, rules, "foxwoods")``, which runs that C
  (it sets every hand as the shipped description does);
- ``with rules``: the same with ``with_rules=True``: the shipped description
  run by the C interpreter, which also names each hand's rule;
- ``loaded``: the same description loaded from a user's file (the interpreter).

Then ``exact_house_edge`` (one thread) with the loaded way against the built-in
name, on the first ``--deck-size`` cards of the deck (53: the full count, about
a CPU-minute each). Target: the loaded way sets at least a third of the
built-in's hands per CPU-second, and its exact count costs at most about twice
the built-in's.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from pokerrules import _paigow
from pokerrules.paigow import (
    PaiGowRules,
    exact_house_edge,
    house_way_many,
    load_house_way,
    way_description,
)


def cpu_median(run: Callable[[], object], repeat: int) -> float:
    """Median CPU seconds of this process over ``repeat`` runs."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--deck-size", type=int, default=53)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "my_foxwoods.way"
        path.write_text(way_description("foxwoods"), encoding="utf-8")
        loaded = load_house_way(path)
    rng = np.random.default_rng(2026)
    hands = np.argsort(rng.random((args.hands, 53)), axis=1)[:, :7].astype(np.uint8)

    print(f"{args.hands:,} hands, median of {args.repeat} runs, CPU time")
    print(f"{'rules':<8} {'way':<10} {'hands per CPU-s':>16} {'vs built-in':>12}")
    for preset in ("classic", "casino"):
        rules = PaiGowRules.casino() if preset == "casino" else PaiGowRules.classic()
        variant = rules.hand_rules.variant
        runs: dict[str, Callable[[], object]] = {
            "reference": functools.partial(_paigow.reference_way_batch, hands, variant, 0),
            "built-in": functools.partial(house_way_many, hands, rules, "foxwoods"),
            "with rules": functools.partial(house_way_many, hands, rules, "foxwoods",
                                            with_rules=True),
            "loaded": functools.partial(house_way_many, hands, rules, loaded),
        }
        rates = {name: args.hands / cpu_median(run, args.repeat) for name, run in runs.items()}
        for name, rate in rates.items():
            print(f"{preset:<8} {name:<10} {rate:>16,.0f} {rate / rates['built-in']:>12.2f}")

    deck = [*range(args.deck_size - 1), 52] if args.deck_size < 53 else None
    print(f"\nexact_house_edge, {args.deck_size}-card deck, one thread, CPU time")
    seconds = {}
    for name, way in (("built-in", "foxwoods"), ("loaded", loaded)):
        start = time.process_time()
        result = exact_house_edge(PaiGowRules.classic(), way=way, deck=deck, progress=False)
        seconds[name] = time.process_time() - start
        print(f"{name:<10} {seconds[name]:8.1f} s  wins {result.wins:,} losses {result.losses:,}")
    print(f"loaded / built-in: {seconds['loaded'] / seconds['built-in']:.2f}")


if __name__ == "__main__":
    main()
