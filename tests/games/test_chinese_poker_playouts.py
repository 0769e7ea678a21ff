"""The compiled Chinese Poker greedy shedder and playouts against the plain-Python
greedy shedder (greedy_shedder_reference): the same move in every position, for
the greedy agent and the search's policy too, the same rewards from every playout,
and the search's deals of unseen cards."""

from __future__ import annotations

import functools

import numpy as np
import pytest
from greedy_shedder_reference import greedy_among, greedy_play

from pokerrules import _chinese_poker, chinese_poker, search
from pokerrules.cards import CHINESE_POKER_DECK
from pokerrules.chinese_poker.agents import GreedyAgent
from pokerrules.chinese_poker.policy import (
    ChinesePokerSearch,
    RoundWorld,
    _passes,
    _play_row,
    _rank_counts,
)
from pokerrules.errors import ArgumentTypeError, PokerRulesError

pytestmark = pytest.mark.fast


@functools.cache
def play_positions(players, games=1):
    """States in the play phase, from games where each move is greedy or random."""
    seed = 100 * players
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
    hands = np.array([_rank_counts(h) for h in state.hands])
    table_player = -1 if view.table_player is None else view.table_player
    return view, hands, (state.current_player, table_player, _passes(view), _play_row(view.table))


def move_row(move):
    return _play_row(None if move.is_pass else chinese_poker.classify(move.cards))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_compiled_greedy_makes_the_greedy_agents_move(players):
    searcher = ChinesePokerSearch()
    assert len(play_positions(players)) > 300
    for state in play_positions(players):
        view, hands, args = world_args(state)
        world = RoundWorld(state.hands, view)
        legal = searcher.legal_moves(world)
        reference = greedy_among(legal, world.counts, view.player, view.table is None)
        expected = move_row(reference)
        assert list(_chinese_poker.greedy(hands, *args)) == list(expected), str(state)
        assert searcher.policy(world, np.random.default_rng(0)) == reference, str(state)
        assert GreedyAgent().choose(view, state.legal_moves(), np.random.default_rng(0)) \
            == reference, str(state)


def test_compiled_greedy_goes_out_and_bombs_as_the_greedy_agent():
    # Hands that are one play (a bomb, a full house, a straight, a run...) or a few
    # cards more, against tables of every kind: going out at once and the bomb rule.
    rng = np.random.default_rng(7)
    deck = np.array(CHINESE_POKER_DECK.codes)
    kinds = set()
    for _ in range(1000):
        cards = [int(c) for c in rng.permutation(deck)]
        plays = [m for m in chinese_poker.legal_plays(cards[:16]) if not m.is_pass]
        bombs = [m for m in plays if len(m.cards) == 5 and len({c >> 2 for c in m.cards}) == 2
                 and chinese_poker.classify(m.cards).kind is chinese_poker.PlayKind.BOMB]
        if bombs and rng.random() < 0.5:
            plays = bombs
        whole = plays[int(rng.integers(len(plays)))]
        rest = [c for c in cards if c not in whole.cards]
        extra = int(rng.integers(6))
        hand = sorted(whole.cards + tuple(rest[:extra]))
        others = [rest[extra:extra + 12], rest[extra + 12:extra + 24][:int(rng.integers(1, 13))],
                  rest[extra + 24:extra + 36][:int(rng.integers(1, 13))]]
        table = None
        if rng.random() < 0.8:
            theirs = [m for m in chinese_poker.legal_plays(others[0]) if not m.is_pass]
            table = chinese_poker.classify(theirs[int(rng.integers(len(theirs)))].cards)
        legal = chinese_poker.legal_plays(hand, table, may_pass=table is not None)
        moves = [(m, chinese_poker.classify(m.cards)) for m in legal if not m.is_pass]
        passing = legal[0] if table is not None else None
        low = min(len(h) for h in others)
        expected = greedy_play(moves, passing, len(hand), table is None, low)
        kinds.add(chinese_poker.classify(whole.cards).kind)
        hands = np.array([_rank_counts(h) for h in [hand, *others]])
        got = _chinese_poker.greedy(hands, 0, -1 if table is None else 1, 0, _play_row(table))
        assert list(got) == list(move_row(expected)), (hand, table)
    assert len(kinds) == len(chinese_poker.PlayKind)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_compiled_playouts_score_as_the_python_ones(players):
    searcher = ChinesePokerSearch()
    for state in play_positions(players)[::8]:
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
    deck = _rank_counts(CHINESE_POKER_DECK.codes)
    for state in play_positions(players)[::20]:
        view = state.view(state.current_player)
        hands = searcher.deal_counts(view, 50, np.random.default_rng(3))
        assert hands.shape == (50, players, 13) and hands.dtype == np.uint8
        assert (hands[:, view.player] == _rank_counts(view.hand)).all()
        assert (hands.sum(axis=2) == view.hand_counts).all()
        held = hands.sum(axis=1) + _rank_counts(view.played)
        assert (held <= deck).all()
        if sum(view.hand_counts) - len(view.hand) > 1:
            assert len({h.tobytes() for h in hands}) > 1  # the deals really differ
        again = searcher.deal_counts(view, 50, np.random.default_rng(3))
        assert (again == hands).all()


def test_compiled_playouts_refuse_inconsistent_input():
    state = play_positions(4)[10]
    view, hands, args = world_args(state)
    legal = state.legal_moves()
    rows = [move_row(m) for m in legal]
    rest = (view.player, view.scores, view.target, view.cards_dealt)
    too_many = hands.copy()
    too_many[1, 5] = 5
    with pytest.raises(PokerRulesError, match=r"0\.\.4"):
        _chinese_poker.values(too_many[None], *args, rows, *rest)
    for wraps in (too_many.astype(np.int64) + 251, too_many.astype(np.int64) - 5):
        with pytest.raises(PokerRulesError, match=r"0\.\.4"):  # refused, never wrapped
            _chinese_poker.values(wraps[None], *args, rows, *rest)
    with pytest.raises(ArgumentTypeError, match="integers"):
        _chinese_poker.values(hands[None] * np.nan, *args, rows, *rest)
    two_deuces = hands.copy()
    two_deuces[1, 0] = 2  # the deck holds one 2
    with pytest.raises(PokerRulesError, match="inconsistent"):
        _chinese_poker.values(two_deuces[None], *args, rows, *rest)
    with pytest.raises(PokerRulesError, match="2\\*\\*53"):
        _chinese_poker.values(hands[None], *args, rows, view.player, view.scores, 2**60,
                              view.cards_dealt)
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


def test_the_largest_target_plays_and_one_beyond_it_is_refused():
    rules = chinese_poker.ChinesePokerRules(target=chinese_poker.MAX_TARGET)
    state = chinese_poker.new_game(rules, seed=1, players=4)
    agent = chinese_poker.SearchAgent(playouts=40)
    rng = np.random.default_rng(0)
    for _ in range(20):  # into the play phase
        move = agent.choose(state.view(state.current_player), state.legal_moves(), rng)
        state.play(move)
    with pytest.raises(PokerRulesError, match="from 1 to 10,000"):
        chinese_poker.ChinesePokerRules(target=chinese_poker.MAX_TARGET + 1)
