"""The arena: plays two agents of a game against each other, seat-balanced over
seeded games on a process pool, and prints the score with its Wilson interval
and each agent's milliseconds per decision (CPU time of the deciding thread, so the
figure is one core's cost and does not grow with other jobs on the machine).

    python benchmarks/arena.py east-west search montecarlo:samples=200 --games 2000
    python benchmarks/arena.py chinese-poker search greedy --players 4 --games 2000
    python benchmarks/arena.py z-poker --table --games 100

An agent is a name of the game's ``AGENTS`` with optional keyword arguments:
``search:playouts=600,algorithm=ismcts``. With more than two players the first
agent plays one seat against copies of the second. Game ``g`` deals from seed
``seed + g // players`` with the first agent in seat ``g % players``, so every
deal is played from every seat. The score counts a win 1 and a draw (or a tie
for the lowest total) as a share: half with two players, ``1/k`` of a ``k``-way
tie in general.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

import numpy as np

from pokerrules import chinese_poker, eastwest, zpoker

GAMES = {"east-west": eastwest, "z-poker": zpoker, "chinese-poker": chinese_poker}


def make_agent(game: str, spec: str) -> Any:
    """The agent named by ``spec`` ("name" or "name:key=value,...")."""
    name, _, args = spec.partition(":")
    kwargs: dict[str, Any] = {}
    for item in filter(None, args.split(",")):
        key, _, text = item.partition("=")
        value: Any = text
        for kind in (int, float):
            try:
                value = kind(text)
                break
            except ValueError:
                pass
        kwargs[key] = value
    return GAMES[game].AGENTS[name](**kwargs)


@dataclass
class Tally:
    """Totals of a batch of games, from the first agent's side."""

    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    score: float = 0.0
    seconds: tuple[float, float] = (0.0, 0.0)
    decisions: tuple[int, int] = (0, 0)
    cpu: float = 0.0  # CPU seconds of the processes that played the games

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.wins += other.wins
        self.draws += other.draws
        self.losses += other.losses
        self.score += other.score
        self.seconds = (self.seconds[0] + other.seconds[0], self.seconds[1] + other.seconds[1])
        self.decisions = (self.decisions[0] + other.decisions[0],
                          self.decisions[1] + other.decisions[1])
        self.cpu += other.cpu


def play_batch(game: str, first: str, second: str, players: int, seed: int,
               games: range) -> Tally:
    """Plays ``games`` (indices) and returns their tally."""
    module = GAMES[game]
    tally = Tally()
    cpu_start = time.process_time()
    seconds, decisions = [0.0, 0.0], [0, 0]
    for g in games:
        deal_seed, seat = seed + g // players, g % players
        agents = [make_agent(game, first if p == seat else second) for p in range(players)]
        state = module.new_game(seed=deal_seed, players=players)
        rng = np.random.default_rng([deal_seed, 1])
        while (player := state.current_player) is not None:
            side = 0 if player == seat else 1
            start = time.thread_time()
            move = agents[player].choose(state.view(player), state.legal_moves(), rng)
            seconds[side] += time.thread_time() - start
            decisions[side] += 1
            state._play(move, player)
        winners = state.result().winners
        tally.games += 1
        if not winners or (seat in winners and len(winners) > 1):
            tally.draws += 1
            tally.score += 1 / (len(winners) or players)
        elif seat in winners:
            tally.wins += 1
            tally.score += 1
        else:
            tally.losses += 1
    tally.seconds = (seconds[0], seconds[1])
    tally.decisions = (decisions[0], decisions[1])
    tally.cpu = time.process_time() - cpu_start
    return tally


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson 95% interval of a proportion ``score / n``."""
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def run(game: str, first: str, second: str, games: int, players: int, seed: int,
        workers: int, progress: bool = False) -> Tally:
    """Plays ``games`` games on ``workers`` processes (chunks of whole deals);
    with ``progress``, prints the running score to stderr after each chunk."""
    chunk = max(players, (games // (workers * 8)) // players * players)
    batches = [range(i, min(i + chunk, games)) for i in range(0, games, chunk)]
    total = Tally()

    def add(part: Tally) -> None:
        total.add(part)
        if progress:
            print(report(game, first, second, players, total), file=sys.stderr, flush=True)

    if workers == 1:
        for batch in batches:
            add(play_batch(game, first, second, players, seed, batch))
        return total
    with ProcessPoolExecutor(workers) as pool:
        futures = [pool.submit(play_batch, game, first, second, players, seed, b)
                   for b in batches]
        for future in as_completed(futures):
            add(future.result())
    return total


def report(game: str, first: str, second: str, players: int, total: Tally) -> str:
    low, high = wilson(total.score, total.games)
    ms = [1000 * s / max(d, 1) for s, d in zip(total.seconds, total.decisions)]
    return (f"{game} ({players}p): {first} vs {second}: {total.games} games, "
            f"W {total.wins} D {total.draws} L {total.losses}, score "
            f"{100 * total.score / total.games:.1f}% [{100 * low:.1f}, {100 * high:.1f}], "
            f"ms/decision {ms[0]:.2f} vs {ms[1]:.2f}")


def table(game: str, games: int, players: int, seed: int, workers: int) -> str:
    """A markdown table of every agent of ``game`` against every other."""
    names = sorted(GAMES[game].AGENTS)
    lines = ["| agent | opponent | games | W-D-L | score [95%] | ms/decision |",
             "|---|---|---:|---:|---:|---:|"]
    for i, first in enumerate(names):
        for second in names[i + 1:]:
            total = run(game, first, second, games, players, seed, workers)
            low, high = wilson(total.score, total.games)
            ms = [1000 * s / max(d, 1) for s, d in zip(total.seconds, total.decisions)]
            lines.append(
                f"| {first} | {second} | {total.games} | {total.wins}-{total.draws}-"
                f"{total.losses} | {100 * total.score / total.games:.1f}% "
                f"[{100 * low:.1f}, {100 * high:.1f}] | {ms[0]:.2f} vs {ms[1]:.2f} |")
            print(lines[-1], flush=True)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("first", nargs="?", help="agent spec, e.g. search:playouts=600")
    parser.add_argument("second", nargs="?", help="agent spec of the opponent(s)")
    parser.add_argument("--table", action="store_true",
                        help="every agent of the game against every other")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0, help="first deal's seed")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--progress", action="store_true",
                        help="print the running score to stderr after each chunk of games")
    args = parser.parse_args(argv)
    games = args.games // args.players * args.players
    if args.table:
        print(table(args.game, games, args.players, args.seed, args.workers))
        return 0
    if args.first is None or args.second is None:
        parser.error("give two agents, or --table")
    start = time.perf_counter()
    total = run(args.game, args.first, args.second, games, args.players, args.seed,
                args.workers, args.progress)
    print(report(args.game, args.first, args.second, args.players, total)
          + f" ({time.perf_counter() - start:.0f} s, {total.cpu:.0f} CPU s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
