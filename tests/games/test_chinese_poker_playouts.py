"""The compiled Chinese Poker playouts against the Python greedy shedder: the same
move in every position, the same rewards from every playout, and the search's
deals of unseen cards."""

from __future__ import annotations

import numpy as np
import pytest

from pokerrules import _chinese_poker, chinese_poker, search
from pokerrules.chinese_poker.agents import GreedyAgent
from pokerrules.chinese_poker.policy import (
    ChinesePokerSearch,
    RoundWorld,
    _passes,
    play_row,
    rank_counts,
)
from pokerrules.errors import PokerRulesError

pytestmark = pytest.mark.fast


def play_positions(players, games, seed):
    """States in the play phase, from games where each move is greedy or random."""
    greedy = GreedyAgent()
    rng = np.random.default_rng(seed)
    found = []
    for g in range(games):
        state = chinese_poker.new_game(seed=seed + g, players=players)
        while not state.is_over:
            legal = state.legal_moves()
            if state.phase == "play":
                found.append(state.clone())
            if rng.random() < 0.5:
                move = greedy.choose(state.view(state.current_player), legal, rng)
            else:
                move = legal[int(rng.integers(len(legal)))]
            state.play(move)
    return found


def world_args(state):
    """The state's round as the compiled playouts read it."""
    view = state.view(state.current_player)
    hands = np.array([rank_counts(h) for h in state.hands])
    table_player = -1 if view.table_player is None else view.table_player
    return view, hands, (state.current_player, table_player, _passes(view), play_row(view.table))


def move_row(move):
    return play_row(None if move.is_pass else chinese_poker.classify(move.cards))


POSITIONS = {players: play_positions(players, 6, 100 * players) for players in (2, 3, 4)}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_compiled_greedy_makes_the_greedy_agents_move(players):
    searcher = ChinesePokerSearch()
    assert len(POSITIONS[players]) > 300
    for state in POSITIONS[players]:
        view, hands, args = world_args(state)
        world = RoundWorld(state.hands, view)
        expected = move_row(searcher.policy(world, np.random.default_rng(0)))
        assert list(_chinese_poker.greedy(hands, *args)) == list(expected), str(state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_compiled_playouts_score_as_the_python_ones(players):
    searcher = ChinesePokerSearch()
    for state in POSITIONS[players][::3]:
        view, hands, args = world_args(state)
        legal = state.legal_moves()
        values = _chinese_poker.values(hands[None], *args, [move_row(m) for m in legal],
                                       view.player, view.scores, view.target, view.cards_dealt)
        assert values.shape == (1, len(legal))
        for j, move in enumerate(legal):
            world = RoundWorld(state.hands, view)
            searcher.play(world, move)
            rewards = search.playout(searcher, world, np.random.default_rng(0))
            assert values[0, j] == rewards[view.player]
        played = _chinese_poker.playout(hands, *args, view.scores, view.target,
                                        view.cards_dealt)
        world = RoundWorld(state.hands, view)
        assert played == tuple(search.playout(searcher, world, np.random.default_rng(0)))


@pytest.mark.parametrize("players", [2, 4])
def test_deals_give_the_unseen_cards_to_the_other_hands(players):
    searcher = ChinesePokerSearch()
    deck = rank_counts(chinese_poker.CHINESE_POKER_DECK.codes)
    for state in POSITIONS[players][::20]:
        view = state.view(state.current_player)
        hands = searcher.deal_counts(view, 50, np.random.default_rng(3))
        assert hands.shape == (50, players, 13) and hands.dtype == np.uint8
        assert (hands[:, view.player] == rank_counts(view.hand)).all()
        assert (hands.sum(axis=2) == view.hand_counts).all()
        held = hands.sum(axis=1) + rank_counts(view.played)
        assert (held <= deck).all()
        if sum(view.hand_counts) - len(view.hand) > 1:
            assert len({h.tobytes() for h in hands}) > 1  # the deals really differ
        again = searcher.deal_counts(view, 50, np.random.default_rng(3))
        assert (again == hands).all()


def test_compiled_playouts_refuse_inconsistent_input():
    state = POSITIONS[4][10]
    view, hands, args = world_args(state)
    legal = state.legal_moves()
    rows = [move_row(m) for m in legal]
    rest = (view.player, view.scores, view.target, view.cards_dealt)
    too_many = hands.copy()
    too_many[1, 5] = 5
    with pytest.raises(PokerRulesError, match="inconsistent"):
        _chinese_poker.values(too_many[None], *args, rows, *rest)
    not_held = np.zeros(16, dtype=np.int8)
    rank = int(np.flatnonzero(hands[view.player] == 0)[0])
    not_held[:3] = 1, 1, (rank + 12) % 13
    not_held[3 + rank] = 1
    with pytest.raises(PokerRulesError, match="cannot be made"):
        _chinese_poker.values(hands[None], *args, [not_held], *rest)
    with pytest.raises(PokerRulesError):
        _chinese_poker.values(hands[None, :, :12], *args, rows, *rest)
    with pytest.raises(PokerRulesError):
        _chinese_poker.values(hands[None], *args, rows, 7, *rest[1:])
    with pytest.raises(PokerRulesError):
        _chinese_poker.values(hands[None], *args, rows, view.player, view.scores[:1],
                              *rest[2:])
