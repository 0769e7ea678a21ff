"""East-West speed: random self-play (target: 5,000 games per second or more on
one core) and the cost of one Monte Carlo decision.

    python -m pytest benchmarks/bench_eastwest.py --benchmark-enable
"""

import numpy as np

from pokerrules import eastwest as ew
from pokerrules.runner import RandomAgent, play_game

GAMES = 500
TARGET_GAMES_PER_SECOND = 5000


def test_random_self_play(benchmark):
    """Whole games through the shared runner: deal, 24 moves with views, result."""
    agents = [RandomAgent(), RandomAgent()]

    def games():
        for seed in range(GAMES):
            play_game(ew, agents, seed=seed)

    benchmark(games)
    if not benchmark.disabled:
        # The fastest round is the one least disturbed by other processes, the
        # nearest to "one core to itself"; the median is recorded beside it.
        stats = benchmark.stats.stats
        benchmark.extra_info["games_per_second_best"] = round(GAMES / stats.min)
        benchmark.extra_info["games_per_second_median"] = round(GAMES / stats.median)
        assert GAMES / stats.min >= TARGET_GAMES_PER_SECOND


def test_greedy_against_random(benchmark):
    agents = [ew.GreedyAgent(), RandomAgent()]

    def games():
        for seed in range(GAMES // 5):
            play_game(ew, agents, seed=seed)

    benchmark(games)
    if not benchmark.disabled:
        benchmark.extra_info["games_per_second"] = round(GAMES // 5 / benchmark.stats.stats.median)


def test_monte_carlo_first_decision(benchmark):
    """One decision with three legal rows and 200 playouts each."""
    state = ew.new_game(seed=1)
    view = state.view(state.current_player)
    legal = state.legal_moves()
    agent = ew.MonteCarloAgent(200)
    rng = np.random.default_rng(0)
    move = benchmark(agent.choose, view, legal, rng)
    assert move in legal
