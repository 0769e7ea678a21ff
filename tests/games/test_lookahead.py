"""The one-move look-ahead agent of every turn-based game: registered, legal moves
only, the same seed gives the same game, its games save and replay, and it beats
the random agent."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

from pokerrules import chinese_poker, eastwest, zpoker
from pokerrules.errors import ArgumentTypeError, PokerRulesError
from pokerrules.runner import play_game
from pokerrules.specs import game_spec, game_tools

pytestmark = pytest.mark.fast

GAMES = [(eastwest, 2), (zpoker, 2), (chinese_poker, 2), (chinese_poker, 4)]
IDS = ["east-west", "z-poker", "chinese-poker-2", "chinese-poker-4"]


def played(game, players, seed, names):
    """A finished game between the named agents, checking every move is legal."""
    state = game.new_game(seed=seed, players=players)
    agents = [game.AGENTS[n]() for n in names]
    rng = np.random.default_rng([seed, 1])
    while (player := state.current_player) is not None:
        legal = state.legal_moves()
        move = agents[player].choose(state.view(player), legal, rng)
        assert move in legal
        state.play(move, player)
    return state


@pytest.mark.parametrize("game, players", GAMES, ids=IDS)
def test_lookahead_is_registered_and_pickles(game, players):
    assert game_tools(game_spec(game)).agents["lookahead"] is game.AGENTS["lookahead"]
    agent = game.AGENTS["lookahead"](samples=3)
    again = pickle.loads(pickle.dumps(agent))
    assert type(again) is type(agent) and again.samples == 3
    assert repr(again) == "LookaheadAgent(samples=3)"


@pytest.mark.parametrize("game, players", GAMES, ids=IDS)
def test_lookahead_plays_the_same_game_from_the_same_seed_and_its_game_replays(game, players):
    names = ["lookahead", "greedy"] + ["random"] * (players - 2)
    state = played(game, players, 7, names)
    again = played(game, players, 7, names)
    assert again.to_json() == state.to_json()
    restored = type(state).from_json(state.to_json())
    assert restored.to_json() == state.to_json() and restored.result() == state.result()
    record = play_game(game, names, seed=7)
    assert [r.move for r in record.moves] == [r.move for r in state.history]


@pytest.mark.parametrize("game, players", GAMES, ids=IDS)
def test_lookahead_beats_the_random_agent(game, players):
    # seat-balanced: the look-ahead agent plays each deal from two seats
    games = 6 if game is chinese_poker else 10
    won = 0.0
    for g in range(games):
        seat = g % players
        names = ["random"] * players
        names[seat] = "lookahead"
        state = played(game, players, 300 + g // 2, names)
        winners = state.result().winners
        won += 1 / len(winners) if seat in winners else 0.0
    assert won >= 0.7 * games, won  # random play wins half


@pytest.mark.parametrize("game", [eastwest, zpoker, chinese_poker], ids=IDS[:3])
def test_lookahead_refuses_a_bad_sample_count(game):
    for bad in ("2", 2.0, True, None):
        with pytest.raises(ArgumentTypeError, match="samples"):
            game.AGENTS["lookahead"](samples=bad)
    for low in (0, -1):
        with pytest.raises(PokerRulesError, match="samples"):
            game.AGENTS["lookahead"](samples=low)


def test_z_poker_lookahead_ranks_placements_by_the_next_comparison():
    # The End Game's Reply: the comparison follows its card at once, so the
    # look-ahead takes a placement that wins the comparison whenever one does.
    found = 0
    for seed in range(60):
        state = played_until_reply(seed)
        if state is None:
            continue
        me = state.current_player
        view, legal = state.view(me), state.legal_moves()
        move = zpoker.AGENTS["lookahead"]().choose(view, legal, np.random.default_rng(0))
        winning = []
        for m in legal:
            after = state.clone()
            after.play(m)
            if after.starter == me:  # the Starter wins when its hand is empty
                winning.append(m)
        if winning:
            found += 1
            assert move in winning, (seed, move)
    assert found >= 10, found


def played_until_reply(seed):
    """A Z Poker game played greedily until the End Game's Reply is to move, or None."""
    state = zpoker.new_game(seed=seed)
    greedy, rng = zpoker.GreedyAgent(), np.random.default_rng(seed)
    for _ in range(8 + seed % 10):
        if state.is_over:
            return None
        player = state.current_player
        state.play(greedy.choose(state.view(player), state.legal_moves(), rng))
    while not state.is_over:
        player = state.current_player
        if state.phase is zpoker.Phase.END_GAME and state.starter != player:
            return state
        state.play(greedy.choose(state.view(player), state.legal_moves(), rng))
    return None


def test_z_poker_search_candidates_are_the_lookaheads_best_placements():
    # With one candidate the search plays what the look-ahead plays; with screen=0
    # its candidates are greedy's best placements.
    compared = 0
    for seed in range(5):
        state = zpoker.new_game(seed=seed)
        greedy, rng = zpoker.GreedyAgent(), np.random.default_rng(seed)
        while not state.is_over:
            view, legal = state.view(state.current_player), state.legal_moves()
            if view.phase is not zpoker.Phase.FIND_LEADER and seed % 3 == len(legal) % 3:
                searched = zpoker.SearchAgent(candidates=1, screen=3).choose(
                    view, legal, np.random.default_rng(seed))
                looked = zpoker.AGENTS["lookahead"](samples=3).choose(
                    view, legal, np.random.default_rng(seed))
                assert searched == looked
                plain = zpoker.SearchAgent(candidates=1, screen=0).choose(
                    view, legal, np.random.default_rng(seed))
                assert plain == greedy.choose(view, legal, rng)
                compared += 1
            state.play(greedy.choose(view, legal, rng))
    assert compared >= 12, compared


def test_z_poker_search_refuses_a_bad_screen():
    for bad in ("2", 2.0, True, None):
        with pytest.raises(ArgumentTypeError, match="screen"):
            zpoker.SearchAgent(screen=bad)
    with pytest.raises(PokerRulesError, match="screen"):
        zpoker.SearchAgent(screen=-1)
    assert zpoker.SearchAgent(screen=0).screen == 0


def test_chinese_poker_lookahead_counts_the_leads_a_hand_needs():
    from pokerrules.cards import parse_cards
    from pokerrules.chinese_poker.plays import rank_nibbles

    agent = chinese_poker.AGENTS["lookahead"]()
    for text, leads in [("9c 9d", 1), ("9c Kd", 2), ("9c 9d Kd", 2), ("9c 9d 9h", 1)]:
        hand = tuple(rank_nibbles([c.code for c in parse_cards(text)]))
        assert agent._leads(hand) == leads, text
    assert agent._leads(tuple(rank_nibbles([]))) == 0
