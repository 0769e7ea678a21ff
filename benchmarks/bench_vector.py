"""Throughput of each game's vector environment against its PettingZoo environment,
measured in one run: agent steps per CPU-second, random legal actions drawn from the
masks in numpy on both sides.

    python benchmarks/bench_vector.py [--game east-west|chinese-poker|z-poker]
        [--num-envs 1024] [--rounds 7]

Targets: at least 1,000,000 agent steps per CPU-second for East–West's vector
environment and 300,000 for Chinese Poker's (four players) and Z Poker's, and at
least 50 times the PettingZoo path for each. An agent step is one action an agent chooses and the
environment plays:

- the vector environment (``make_vec``), random opponent played in C: the learner's
  actions only (the opponent's moves inside C are not counted; the action a game
  awaiting its reset ignores is not counted either, as Gymnasium's own
  ``benchmark_vector_step`` counts);
- East–West and Z Poker: the same against the greedy opponent (shown, not held to
  the targets);
- the vector environment in self-play: every action (both seats);
- PettingZoo (``east_west_v0.env()``, ``chinese_poker_v0.env()``,
  ``z_poker_v0.env()``): every
  ``env.step`` that plays a move, the episodes reset with new seeds.

Each round times a fixed amount of work of each in turn with ``time.process_time``;
the figures are the medians over the rounds and the ratio is of the medians. Exits
with status 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from pokerrules.envs import chinese_poker_v0, east_west_v0, z_poker_v0
from pokerrules.envs.vector import make_vec

#: Per game: its target rate, the opponents in C shown, the PettingZoo environment.
GAMES: dict[str, tuple[int, tuple[str, ...], Callable[[], object]]] = {
    "east-west": (1_000_000, ("random", "greedy"), east_west_v0.env),
    "chinese-poker": (300_000, ("random",), chinese_poker_v0.env),
    "z-poker": (300_000, ("random", "greedy"), z_poker_v0.env),
}
HELD = "random"  # the C opponent held to the targets (with self-play)
TARGET_RATIO = 50.0


def sample(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One legal action per row of ``mask`` (bool, (games, actions)), each equally
    likely: the k-th of the row's legal actions, k drawn below their count."""
    flat = np.flatnonzero(mask)
    counts = np.count_nonzero(mask, axis=1)
    starts = np.cumsum(counts) - counts
    picks: np.ndarray = flat[starts + (rng.random(len(mask)) * counts).astype(np.int64)]
    return picks % mask.shape[1]


def vector_round(game: str, num_envs: int, steps: int, opponent: str | None,
                 seed: int) -> float:
    """Agent steps per CPU-second of ``steps`` vector steps of ``num_envs`` games."""
    env = make_vec(game, num_envs, opponent=opponent)
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    mask = info["action_mask"]
    awaiting = np.zeros(num_envs, dtype=bool)
    played = 0
    start = time.process_time()
    for _ in range(steps):
        actions = sample(mask, rng)
        _, _, terminated, _, info = env.step(actions)
        played += num_envs - int(awaiting.sum())
        awaiting = terminated
        mask = info["action_mask"]
    seconds = time.process_time() - start
    env.close()
    return played / seconds


def pettingzoo_round(make: Callable[[], object], moves: int, seed: int) -> float:
    """Agent steps per CPU-second of a PettingZoo game for about ``moves`` moves."""
    env: Any = make()
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
            env.step(int(sample(mask[None].astype(bool), rng)[0]))
            played += 1
    seconds = time.process_time() - start
    env.close()
    return played / seconds


def measure(game: str, args: argparse.Namespace) -> bool:
    """Prints ``game``'s table; True when its targets are met."""
    target, opponents, pettingzoo = GAMES[game]
    n = args.num_envs
    entries: dict[str, Callable[[int], float]] = {
        f"vector, {o} opponent in C ({n} games)":
            functools.partial(vector_round, game, n, args.steps, o) for o in opponents}
    entries[f"vector, self-play ({n} games)"] = functools.partial(
        vector_round, game, n, args.steps, None)
    entries["PettingZoo"] = functools.partial(pettingzoo_round, pettingzoo, args.moves)
    rates: dict[str, list[float]] = {name: [] for name in entries}
    for r in range(args.rounds):  # interleaved, so that load falls on every entry alike
        for name, run in entries.items():
            rates[name].append(run(r))
    medians = {name: statistics.median(values) for name, values in rates.items()}
    baseline = medians["PettingZoo"]
    print(f"{game}: agent steps per CPU-second, medians of {args.rounds} rounds")
    print("| entry | agent steps / CPU-s | vs PettingZoo |")
    print("|---|---:|---:|")
    for name, median in medians.items():
        print(f"| {name} | {median:,.0f} | {median / baseline:,.1f}x |")
    worst = min(v for k, v in medians.items()
                if k.startswith("vector") and (HELD in k or "self-play" in k))
    ok = worst >= target and worst / baseline >= TARGET_RATIO
    print(f"targets (at least {target:,} and {TARGET_RATIO:.0f}x): "
          f"{'met' if ok else 'MISSED'} ({worst:,.0f}, {worst / baseline:,.1f}x)\n")
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), action="append",
                        help="a game to measure (default: every game)")
    parser.add_argument("--num-envs", type=int, default=1024)
    parser.add_argument("--steps", type=int, default=1000, help="vector steps a round")
    parser.add_argument("--moves", type=int, default=12000, help="PettingZoo moves a round")
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args(argv)
    results = [measure(game, args) for game in args.game or GAMES]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
