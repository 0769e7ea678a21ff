"""The cost of a copy against the cost of a game, for search code that copies at every
node: clone() in mid-game and a whole random game, per game.

    python -m pytest benchmarks/bench_protocol.py --benchmark-enable --benchmark-only \
        --benchmark-columns=median,iqr,rounds

Targets (benchmarks/RESULTS.md): a mid-game clone at least 10 times faster than the
deep copy that clone() used to be, and at most a tenth of a random game.
"""

import copy

import numpy as np
import pytest

from pokerrules import chinese_poker, eastwest, zpoker
from pokerrules.runner import play_game

GAMES = {"east-west": (eastwest, 2), "z-poker": (zpoker, 2), "chinese-poker": (chinese_poker, 4)}


def mid_game(game, players, seed=3):
    """A state half-way through a random game of ``seed``."""
    moves = len(play_game(game, ["random"] * players, seed=seed).moves)
    state = game.new_game(seed=seed, players=players)
    rng = np.random.default_rng(seed)
    for _ in range(moves // 2):
        legal = state.legal_moves()
        state.play(legal[int(rng.integers(len(legal)))])
    return state


@pytest.mark.parametrize("name", sorted(GAMES))
def test_clone_mid_game(benchmark, name):
    state = mid_game(*GAMES[name])
    copied = benchmark(state.clone)
    assert copied.to_json() == state.to_json()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_deepcopy_mid_game(benchmark, name):
    state = mid_game(*GAMES[name])
    copied = benchmark(copy.deepcopy, state)
    assert copied.to_json() == state.to_json()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_random_game(benchmark, name):
    game, players = GAMES[name]
    record = benchmark(play_game, game, ["random"] * players, seed=3)
    assert record.moves
