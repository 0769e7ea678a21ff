"""Throughput of East–West's vector environment against its PettingZoo environment,
measured in one run: agent steps per CPU-second, random legal actions drawn from the
masks in numpy on both sides.

    python benchmarks/bench_vector.py [--num-envs 1024] [--rounds 7]

Targets: at least 1,000,000 agent steps per CPU-second for the vector environment
and at least 50 times the PettingZoo path. An agent step is one action an agent
chooses and the environment plays:

- the vector environment (``make_vec``), random opponent played in C: the learner's
  actions only (the opponent's moves inside C are not counted; the action a game
  awaiting its reset ignores is not counted either, as Gymnasium's own
  ``benchmark_vector_step`` counts);
- the same against the greedy opponent (shown, not held to the targets);
- the vector environment in self-play: every action (both seats);
- PettingZoo (``east_west_v0.env()``): every ``env.step`` that plays a move, the
  episodes reset with new seeds.

Each round times a fixed amount of work of each in turn with ``time.process_time``;
the figures are the medians over the rounds and the ratio is of the medians. Exits
with status 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable

import numpy as np

from pokerrules.envs import east_west_v0
from pokerrules.envs.vector import make_vec

TARGET_RATE = 1_000_000
TARGET_RATIO = 50.0


def vector_round(num_envs: int, steps: int, opponent: str | None, seed: int) -> float:
    """Agent steps per CPU-second of ``steps`` vector steps of ``num_envs`` games."""
    env = make_vec("east-west", num_envs, opponent=opponent)
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    mask = info["action_mask"]
    awaiting = np.zeros(num_envs, dtype=bool)
    played = 0
    start = time.process_time()
    for _ in range(steps):
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        _, _, terminated, _, info = env.step(actions)
        played += num_envs - int(awaiting.sum())
        awaiting = terminated
        mask = info["action_mask"]
    seconds = time.process_time() - start
    env.close()
    return played / seconds


def pettingzoo_round(moves: int, seed: int) -> float:
    """Agent steps per CPU-second of PettingZoo East–West for about ``moves`` moves."""
    env = east_west_v0.env()
    rng = np.random.default_rng(seed)
    played = 0
    episode = seed
    start = time.process_time()
    while played < moves:
        env.reset(seed=episode)
        episode += 1
        for _ in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            mask = observation["action_mask"]
            env.step(int((rng.random(mask.shape) * mask).argmax()))
            played += 1
    seconds = time.process_time() - start
    env.close()
    return played / seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--num-envs", type=int, default=1024)
    parser.add_argument("--steps", type=int, default=1000, help="vector steps a round")
    parser.add_argument("--moves", type=int, default=12000, help="PettingZoo moves a round")
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args(argv)

    entries: dict[str, Callable[[int], float]] = {
        f"vector, random opponent in C ({args.num_envs} games)":
            lambda r: vector_round(args.num_envs, args.steps, "random", r),
        f"vector, greedy opponent in C ({args.num_envs} games)":
            lambda r: vector_round(args.num_envs, args.steps, "greedy", r),
        f"vector, self-play ({args.num_envs} games)":
            lambda r: vector_round(args.num_envs, args.steps, None, r),
        "PettingZoo east_west_v0": lambda r: pettingzoo_round(args.moves, r),
    }
    rates: dict[str, list[float]] = {name: [] for name in entries}
    for r in range(args.rounds):  # interleaved, so that load falls on every entry alike
        for name, run in entries.items():
            rates[name].append(run(r))
    medians = {name: statistics.median(values) for name, values in rates.items()}
    baseline = medians["PettingZoo east_west_v0"]
    print(f"agent steps per CPU-second, medians of {args.rounds} rounds")
    print("| entry | agent steps / CPU-s | vs PettingZoo |")
    print("|---|---:|---:|")
    for name, median in medians.items():
        print(f"| {name} | {median:,.0f} | {median / baseline:,.1f}x |")
    worst = min(v for k, v in medians.items() if k.startswith("vector") and "greedy" not in k)
    ok = worst >= TARGET_RATE and worst / baseline >= TARGET_RATIO
    print(f"targets (at least {TARGET_RATE:,} and {TARGET_RATIO:.0f}x): "
          f"{'met' if ok else 'MISSED'} ({worst:,.0f}, {worst / baseline:,.1f}x)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
