"""Each built-in house way's description against the hand-written C reference, in one run.

    python benchmarks/way_speed.py [--hands 1000000] [--repeat 5] [--deck-size 53]

Sets the same seeded hands and times each in CPU seconds of this process (median of
``--repeat`` runs), for both rules presets and both built-in ways:

- ``reference``: the way written by hand in C (tests/c/house_way_reference.c, built
  with the system C compiler into a small library by
  tests/games/house_way_reference.py), called directly on the hands, unchecked;
- ``description``: ``house_way_many(hands, rules, name)``: the shipped description
  run by the compiled way program, every row checked first (as every call is);
- ``with rules``: the same with ``with_rules=True`` (each hand's rule number too);
- ``loaded``: the same description loaded from a user's file.

The ratio is each rate over the reference's (target: at least 1.0 for the
description). Then ``exact_house_edge`` (one thread) by the built-in name and by the
loaded copy, on the first ``--deck-size`` cards of the deck (53: the full count,
about a CPU-minute each).
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from pokerrules.paigow import (
    WAYS,
    PaiGowRules,
    exact_house_edge,
    house_way_many,
    load_house_way,
    way_description,
)

REFERENCE = Path(__file__).resolve().parents[1] / "tests" / "games" / "house_way_reference.py"


def reference_ways() -> Any:
    """The hand-written reference ways' library (tests/games/house_way_reference.py)."""
    spec = importlib.util.spec_from_file_location("house_way_reference", REFERENCE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    built = module.ReferenceWays.build()
    if built is None:
        raise SystemExit("no C compiler to build the hand-written reference ways")
    return built


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

    reference = reference_ways()
    with tempfile.TemporaryDirectory() as folder:
        loaded = {}
        for name in WAYS:
            path = Path(folder) / f"my_{name}.way"
            path.write_text(way_description(name), encoding="utf-8")
            loaded[name] = load_house_way(path)
    rng = np.random.default_rng(2026)
    hands = np.argsort(rng.random((args.hands, 53)), axis=1)[:, :7].astype(np.uint8)

    print(f"{args.hands:,} hands, median of {args.repeat} runs, CPU time")
    print(f"{'rules':<8} {'way':<26} {'program':<12} {'hands per CPU-s':>16} {'vs reference':>13}")
    for preset in ("classic", "casino"):
        rules = PaiGowRules.casino() if preset == "casino" else PaiGowRules.classic()
        variant = rules.hand_rules.variant
        for number, name in enumerate(WAYS):
            runs: dict[str, Callable[[], object]] = {
                "reference": functools.partial(reference.batch, hands, variant, number),
                "description": functools.partial(house_way_many, hands, rules, name),
                "with rules": functools.partial(house_way_many, hands, rules, name,
                                                with_rules=True),
                "loaded": functools.partial(house_way_many, hands, rules, loaded[name]),
            }
            rates = {label: args.hands / cpu_median(run, args.repeat)
                     for label, run in runs.items()}
            for label, rate in rates.items():
                print(f"{preset:<8} {name:<26} {label:<12} {rate:>16,.0f} "
                      f"{rate / rates['reference']:>13.2f}")

    deck = [*range(args.deck_size - 1), 52] if args.deck_size < 53 else None
    print(f"\nexact_house_edge, {args.deck_size}-card deck, one thread, CPU time")
    seconds = {}
    for name, way in (("built-in", "foxwoods"), ("loaded", loaded["foxwoods"])):
        start = time.process_time()
        result = exact_house_edge(PaiGowRules.classic(), way=way, deck=deck, progress=False)
        seconds[name] = time.process_time() - start
        print(f"{name:<10} {seconds[name]:8.1f} s  wins {result.wins:,} losses {result.losses:,}")
    print(f"loaded / built-in: {seconds['loaded'] / seconds['built-in']:.2f}")


if __name__ == "__main__":
    main()
