"""Z Poker speed: whole games, legal-move generation and the greedy agent's choice.

Run: python -m pytest benchmarks/bench_zpoker.py --benchmark-enable
"""

import numpy as np

import pokerrules.zpoker as zpoker
from pokerrules.runner import RandomAgent, play_game


def _end_game_state(seed=7):
    """A game early in the End Game (the board full, hands still large)."""
    game = zpoker.new_game(seed=seed)
    agents = [RandomAgent(), RandomAgent()]
    rng = np.random.default_rng(seed)
    while game.phase is not zpoker.Phase.END_GAME:
        player = game.current_player
        game.play(agents[player].choose(game.view(player), game.legal_moves(), rng))
    return game


def test_random_vs_random_game(benchmark):
    agents = [RandomAgent(), RandomAgent()]
    record = benchmark(play_game, zpoker, agents, 3)
    assert record.result.winners


def test_greedy_vs_random_game(benchmark):
    agents = [zpoker.GreedyAgent(), RandomAgent()]
    record = benchmark(play_game, zpoker, agents, 3)
    assert record.result.winners


def test_legal_moves_in_the_end_game(benchmark):
    game = _end_game_state()
    moves = benchmark(game.legal_moves)
    assert len(moves) == 8 * len(game.hand(game.current_player))


def test_greedy_choice_in_the_end_game(benchmark):
    game = _end_game_state()
    player = game.current_player
    view, legal = game.view(player), game.legal_moves()
    move = benchmark(zpoker.GreedyAgent().choose, view, legal, np.random.default_rng(0))
    assert move in legal
