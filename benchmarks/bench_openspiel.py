"""OpenSpiel's cost on the three games: ``state.clone()`` (OpenSpiel's own path,
which makes a new initial state and deep-copies the Python state's attributes)
against the pokerrules ``GameState.clone()`` underneath, and OpenSpiel's Python
MCTS (random rollouts) in simulations per CPU-second.

    PYTHONPATH=src python benchmarks/bench_openspiel.py

Positions: ``POSITIONS`` player turns of random games (seeded). A clone is
timed as the best of 7 repeats of 2,000 clones of each position; "floor" is the
same clone of a Python OpenSpiel state holding one attribute whose copy costs
nothing, OpenSpiel's own overhead. MCTS: one ``MCTSBot.step`` of 40 simulations
from each position, CPU time (``time.process_time``) over all of them.
"""

from __future__ import annotations

import argparse
import time
import timeit

import numpy as np
from open_spiel.python.algorithms import mcts

from pokerrules.envs import chinese_poker_v0, east_west_v0, z_poker_v0

POSITIONS = 20
SIMULATIONS = 40

GAMES = {
    "east_west": (east_west_v0.openspiel_game, {}),
    "z_poker": (z_poker_v0.openspiel_game, {}),
    "chinese_poker_2": (chinese_poker_v0.openspiel_game, {"players": 2}),
    "chinese_poker_4": (chinese_poker_v0.openspiel_game, {"players": 4}),
}


def positions(game, count: int, seed: int = 0) -> list:
    """``count`` player turns of random games."""
    rng = np.random.default_rng(seed)
    found: list = []
    while len(found) < count:
        state = game.new_initial_state()
        stop = int(rng.integers(0, 30))
        moves = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
                continue
            if moves == stop:
                found.append(state)
                break
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
            moves += 1
    return found


def per_call(function, number: int = 2000) -> float:
    """Microseconds per call: the best of 7 repeats."""
    return min(timeit.repeat(function, number=number, repeat=7)) / number * 1e6


class _Free:
    def __deepcopy__(self, memo: dict) -> _Free:
        return self


def clone_floor(game) -> float:
    """OpenSpiel's clone of a Python state whose one attribute copies for free."""
    state = game.new_initial_state()
    saved = dict(state.__dict__)
    for name in saved:
        delattr(state, name)
    state.free = _Free()
    try:
        return per_call(state.clone)
    finally:
        del state.free
        for name, value in saved.items():
            setattr(state, name, value)


def mcts_rate(game, states: list) -> float | str:
    """MCTS simulations per CPU-second from ``states``."""
    rng = np.random.RandomState(0)
    try:
        bot = mcts.MCTSBot(game, 2.0, SIMULATIONS,
                           mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
                           random_state=rng)
    except ValueError as exc:  # e.g. a game without terminal rewards
        return f"refused: {exc}"
    start = time.process_time()
    for state in states:
        bot.step(state)
    return SIMULATIONS * len(states) / (time.process_time() - start)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="*", default=list(GAMES), choices=list(GAMES))
    parser.add_argument("--no-mcts", action="store_true")
    args = parser.parse_args(argv)
    print(f"{'game':16s} {'clone µs':>9s} {'GameState':>10s} {'ratio':>6s} {'floor µs':>9s} "
          f"{'MCTS sims/CPU-s':>16s}")
    for name in args.games:
        load, params = GAMES[name]
        game = load(**params)
        states = positions(game, POSITIONS)
        ours = float(np.median([per_call(s.clone) for s in states]))
        theirs = float(np.median([per_call(s.game_state.clone) for s in states]))
        floor = clone_floor(game)
        rate = "-" if args.no_mcts else mcts_rate(game, states)
        shown = f"{rate:16.0f}" if isinstance(rate, float) else f"{rate:>16s}"
        print(f"{name:16s} {ours:9.1f} {theirs:10.2f} {ours / theirs:6.1f} {floor:9.1f} {shown}",
              flush=True)


if __name__ == "__main__":
    main()
