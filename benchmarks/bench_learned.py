"""The agent ``learned``: one decision (features from the view, numpy scores) of
East–West, of Chinese Poker on a lead with many plays and of Z Poker, beside greedy's.

Run: python -m pytest benchmarks/bench_learned.py --benchmark-enable
"""

import numpy as np
import pytest

from pokerrules import chinese_poker, eastwest, zpoker
from pokerrules.runner import RandomAgent


def _position(game, seed, players, moves):
    """A position ``moves`` decisions into a game of random play."""
    state = game.new_game(seed=seed, players=players)
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        player = state.current_player
        state.play(RandomAgent().choose(state.view(player), state.legal_moves(), rng))
    player = state.current_player
    return state.view(player), state.legal_moves()


@pytest.mark.parametrize("agent", ["learned", "greedy"])
def test_east_west_decision(benchmark, agent):
    view, legal = _position(eastwest, 3, 2, 6)
    chooser = eastwest.AGENTS[agent]()
    move = benchmark(chooser.choose, view, legal, np.random.default_rng(0))
    assert move in legal


@pytest.mark.parametrize("agent", ["learned", "greedy"])
def test_chinese_poker_decision_on_the_lead(benchmark, agent):
    view, legal = _position(chinese_poker, 3, 4, 0)  # the first lead: every play
    assert view.table is None and len(legal) > 10
    chooser = chinese_poker.AGENTS[agent]()
    move = benchmark(chooser.choose, view, legal, np.random.default_rng(0))
    assert move in legal


@pytest.mark.parametrize("agent", ["learned", "greedy"])
def test_z_poker_decision_in_the_start_game(benchmark, agent):
    view, legal = _position(zpoker, 3, 2, 4)
    assert view.phase is zpoker.Phase.START_GAME
    chooser = zpoker.AGENTS[agent]()
    move = benchmark(chooser.choose, view, legal, np.random.default_rng(0))
    assert move in legal
