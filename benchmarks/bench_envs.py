"""The environments' cost: one PettingZoo ``env.step(action)`` against a native
``state.play(move)`` of the same move from the same position (target: a step
costs at most 3 times the play), and the observation built for the next agent.

    python -m pytest benchmarks/bench_envs.py --benchmark-enable

Each round plays one move in each of ``POSITIONS`` mid-game positions, reached
afresh before every round outside the timing (environments by ``reset`` and
steps, native games by ``new_game`` and ``play``); the figures are per move.
"""

from __future__ import annotations

import functools
import statistics
import time

import numpy as np
import pytest

from pokerrules.envs import chinese_poker_v0, east_west_v0, z_poker_v0

pytest.importorskip("pettingzoo", reason="PettingZoo is not installed: pip install .[rl]")

POSITIONS = 200
ROUNDS = 30
TARGET_RATIO = 3.0

GAMES = {
    "east_west": east_west_v0.env,
    "z_poker": z_poker_v0.env,
    "chinese_poker_2": functools.partial(chinese_poker_v0.env, players=2),
    "chinese_poker_4": functools.partial(chinese_poker_v0.env, players=4),
}


def _positions(make):
    """``POSITIONS`` random points of random games: (seed, the actions that lead
    there, the legal action to play next)."""
    rng = np.random.default_rng(0)
    env = make()
    raw = env.unwrapped
    found = []
    seed = 0
    while len(found) < POSITIONS:
        env.reset(seed=seed)
        prefix = []
        for _ in range(int(rng.integers(0, 30))):
            if raw.encoding.is_terminal(raw.game_state):
                break
            legal = raw.encoding.legal_actions(raw.game_state)
            prefix.append(legal[int(rng.integers(len(legal)))])
            env.step(prefix[-1])
        if not raw.encoding.is_terminal(raw.game_state):
            legal = raw.encoding.legal_actions(raw.game_state)
            found.append((seed, prefix, legal[int(rng.integers(len(legal)))]))
        seed += 1
    return found


def _ready_envs(make, positions):
    """One environment per position, reset and stepped to it."""
    envs = []
    for seed, prefix, action in positions:
        env = make()
        env.reset(seed=seed)
        for a in prefix:
            env.step(a)
        envs.append((env, action))
    return envs


def _native_seconds(make, positions) -> list[float]:
    """Per-move times of ``state.play(move)`` over the positions, one per round:
    the same games through ``new_game`` and ``play``."""
    encoding = make().unwrapped.encoding
    times = []
    for _ in range(ROUNDS):
        moves = []
        for seed, prefix, action in positions:
            state = encoding.new_game(seed=seed)
            for a in prefix:
                state.play(encoding.action_to_move(state, a))
            moves.append((state, encoding.action_to_move(state, action)))
        start = time.perf_counter()
        for state, move in moves:
            state.play(move)
        times.append((time.perf_counter() - start) / len(moves))
    return times


@pytest.mark.parametrize("game", list(GAMES))
def test_env_step_against_native_play(benchmark, game):
    make = GAMES[game]
    positions = _positions(make)

    def fresh():
        return (_ready_envs(make, positions),), {}

    def steps(ready):
        for env, action in ready:
            env.step(action)

    benchmark.pedantic(steps, setup=fresh, rounds=ROUNDS, iterations=1)
    if not benchmark.disabled:
        step = benchmark.stats.stats.median / POSITIONS
        play = statistics.median(_native_seconds(make, positions))
        benchmark.extra_info["step_us"] = round(step * 1e6, 2)
        benchmark.extra_info["play_us"] = round(play * 1e6, 2)
        benchmark.extra_info["ratio"] = round(step / play, 2)
        assert step <= TARGET_RATIO * play


@pytest.mark.parametrize("game", list(GAMES))
def test_observe(benchmark, game):
    """The observation and mask of the agent to move (what ``env.last()`` builds)."""
    ready = _ready_envs(GAMES[game], _positions(GAMES[game]))

    def observe_all():
        for env, _ in ready:
            env.unwrapped.observe(env.unwrapped.agent_selection)

    benchmark(observe_all)
    if not benchmark.disabled:
        benchmark.extra_info["observe_us"] = round(
            benchmark.stats.stats.median / POSITIONS * 1e6, 2)
