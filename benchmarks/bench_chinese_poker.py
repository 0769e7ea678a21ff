"""Speed of Chinese Poker's legal-move listing, game loop and search playouts.

Run: python -m pytest benchmarks/bench_chinese_poker.py --benchmark-enable

Target: ``legal_plays`` of a 16-card hand against an empty table at 50,000
calls per second or more, i.e. a median of 20 microseconds or less. Each call gets a
different hand (1,000 seeded deals in turn); nothing is memoised per hand, only the
runs of consecutive ranks per 13-bit rank mask (8,192 at most), filled before timing.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from pokerrules import chinese_poker as cp
from pokerrules import search
from pokerrules.cards import CHINESE_POKER_DECK
from pokerrules.chinese_poker.policy import ChinesePokerSearch
from pokerrules.runner import RandomAgent, play_game

TARGET_CALLS_PER_SECOND = 50_000


def deals(size, count=1000):
    rng = np.random.default_rng(2024)
    deck = np.array(CHINESE_POKER_DECK.codes)
    return [tuple(int(c) for c in rng.choice(deck, size, replace=False)) for _ in range(count)]


def check_target(benchmark, calls_per_second):
    if benchmark.enabled:
        median = benchmark.stats.stats.median
        benchmark.extra_info["calls_per_second"] = round(1 / median)
        assert 1 / median >= calls_per_second, f"{1 / median:,.0f} calls/s"


def test_legal_plays_16_cards_empty_table(benchmark):
    dealt = deals(16)
    for hand in dealt:  # fills the memos of runs by rank mask, as any game soon does
        cp.legal_plays(hand)
    hands = itertools.cycle(dealt)
    moves = benchmark(lambda: cp.legal_plays(next(hands)))
    assert moves[0] == cp.PASS and len(moves) > 1
    check_target(benchmark, TARGET_CALLS_PER_SECOND)


def test_legal_plays_12_cards_on_a_pair(benchmark):
    hands = itertools.cycle(deals(12))
    table = cp.classify("9c 9d")
    moves = benchmark(lambda: cp.legal_plays(next(hands), table))
    assert moves[0] == cp.PASS


def test_classify_five_cards(benchmark):
    hands = itertools.cycle(deals(5))
    benchmark(lambda: cp.classify(next(hands)))


def test_one_game_greedy_against_three_random(benchmark):
    seeds = itertools.count()
    agents = [cp.GreedyAgent(), RandomAgent(), RandomAgent(), RandomAgent()]
    record = benchmark(lambda: play_game(cp, agents, seed=next(seeds)))
    assert record.result.winners


class PythonPlayouts(ChinesePokerSearch):
    """The same search with its playouts in Python (no batch)."""

    batch_values = None  # type: ignore[assignment]  # no batch: the search plays one by one


@pytest.mark.parametrize("searcher", [ChinesePokerSearch(), PythonPlayouts()],
                         ids=["compiled", "python"])
def test_search_one_lead_of_four_players(benchmark, searcher):
    # The first lead of a 4-player round: every legal play tried in 10 sampled worlds,
    # each played out greedily to the end of the round (divide by the playouts).
    state = cp.new_game(seed=3, players=4)
    view, legal = state.view(state.current_player), state.legal_moves()
    values = benchmark(lambda: search.flat_values(
        searcher, view, view.player, legal, 10, np.random.default_rng(1)))
    benchmark.extra_info["playouts"] = 10 * len(legal)
    assert values.shape == (len(legal),) and 0 <= values.min() <= values.max() <= 1
