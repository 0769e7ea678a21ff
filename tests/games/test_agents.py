"""Every game's agents: legal moves from random positions, views only (hidden
cards never change a move), the same seed and budget give the same move; and the
shared search's pieces that each game supplies."""

from __future__ import annotations

import numpy as np
import pytest

from pokerrules import chinese_poker, eastwest, search, zpoker
from pokerrules.chinese_poker.policy import ChinesePokerSearch
from pokerrules.eastwest.policy import (
    EastWestSearch,
    _batch_scores,
    _undrawn_ranks,
    heuristic_move,
    pairing_scores,
)
from pokerrules.eastwest.rules import MOVES_PER_GAME
from pokerrules.errors import ArgumentTypeError, IllegalMoveError, PokerRulesError
from pokerrules.zpoker.policy import ZPokerSearch

pytestmark = pytest.mark.fast

GAMES = [(eastwest, 2), (zpoker, 2), (chinese_poker, 2), (chinese_poker, 3), (chinese_poker, 4)]
IDS = ["east-west", "z-poker", "chinese-poker-2", "chinese-poker-3", "chinese-poker-4"]


def small(game, name):
    """The agent ``name`` of ``game`` with a small budget (the tests stay fast)."""
    agent_type = game.AGENTS[name]
    if name == "montecarlo":
        return agent_type(20)
    if name == "search":
        return agent_type(playouts=12)
    return agent_type()


def position(game, players, seed, moves):
    """A game after ``moves`` random moves (fewer if it ends), or None if it ended."""
    state = game.new_game(seed=seed, players=players)
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        if state.is_over:
            return None
        legal = state.legal_moves()
        state.play(legal[int(rng.integers(len(legal)))])
    return None if state.is_over else state


def positions(game, players, count=6):
    """Random positions early, midway and late (Chinese Poker: within its rounds)."""
    depth = {eastwest: 20, zpoker: 22, chinese_poker: 60}[game]
    found = []
    for seed in range(40):
        state = position(game, players, seed, (seed * 7) % depth + 1)
        if state is not None:
            found.append(state)
        if len(found) == count:
            break
    return found


def hide_otherwise(state):
    """A copy of ``state`` whose hidden cards differ but whose view for the player
    to move is the same: two unseen cards change places."""
    other = state.clone()
    other.reseed(99)  # the cards still to come
    me = other.current_player
    if isinstance(other, zpoker.ZPokerState):
        them = other._hands[1 - me]
        them[0], other._undealt[0] = other._undealt[0], them[0]
        them.sort()
    elif isinstance(other, chinese_poker.ChinesePokerState):
        hidden = [h for p, h in enumerate(other.hands) if p != me and h]
        if other.set_aside:
            hidden.append(other.set_aside)
        if len(hidden) >= 2:
            a, b = hidden[0], hidden[1]
            a[0], b[0] = b[0], a[0]
            a.sort()
            b.sort()
    return other


@pytest.mark.parametrize("game, players", GAMES, ids=IDS)
def test_every_agent_returns_a_legal_move_and_reads_only_its_view(game, players):
    for state in positions(game, players):
        me = state.current_player
        other = hide_otherwise(state)
        assert other.view(me) == state.view(me)
        for name in game.AGENTS:
            agent = small(game, name)
            move = agent.choose(state.view(me), state.legal_moves(), np.random.default_rng(5))
            assert move in state.legal_moves(), (name, move)
            again = small(game, name).choose(other.view(me), other.legal_moves(),
                                             np.random.default_rng(5))
            assert again == move, name


@pytest.mark.parametrize("game, players", GAMES, ids=IDS)
def test_the_search_gives_the_same_move_for_the_same_seed_and_budget(game, players):
    for state in positions(game, players, 4):
        view, legal = state.view(state.current_player), state.legal_moves()
        agent = game.AGENTS["search"](playouts=24)
        first = [agent.choose(view, legal, np.random.default_rng(s)) for s in range(3)]
        again = [game.AGENTS["search"](playouts=24).choose(view, legal, np.random.default_rng(s))
                 for s in range(3)]
        assert first == again


@pytest.mark.parametrize("game, searcher", [(eastwest, EastWestSearch()),
                                            (zpoker, ZPokerSearch())], ids=IDS[:2])
def test_worlds_are_consistent_with_the_view(game, searcher):
    for state in positions(game, 2):
        me = state.current_player
        view = state.view(me)
        seen_hidden = set()
        for seed in range(4):
            world = searcher.determinize(view, np.random.default_rng(seed))
            assert world.view(me) == view
            assert world.legal_moves() == state.legal_moves()
            seen_hidden.add(world.to_json() if game is eastwest else str(world._to_dict()))
        assert len(seen_hidden) > 1  # the hidden cards really are drawn


@pytest.mark.parametrize("players", [2, 3, 4])
def test_chinese_poker_worlds_deal_only_unseen_cards(players):
    searcher = ChinesePokerSearch()
    for state in positions(chinese_poker, players):
        view = state.view(state.current_player)
        if view.phase != "play":
            continue
        world = searcher.determinize(view, np.random.default_rng(1))
        assert world.counts == list(view.hand_counts)
        assert world.nibs[view.player] == chinese_poker.plays.rank_nibbles(view.hand)
        assert list(searcher.legal_moves(world)) == list(state.legal_moves())
        held = [4 * r + suit for nibs in world.nibs for r, n in enumerate(nibs)
                for suit in range(4) if n >> suit & 1]
        assert len(held) == len(set(held)) == sum(view.hand_counts)
        assert not set(held) & set(view.played)


def test_batched_east_west_playouts_follow_the_pairing_heuristic():
    # The numpy policy of the playouts scores every row as the scalar heuristic does.
    for seed in range(6):
        state = eastwest.new_game(seed=seed)
        while not state.is_over:
            p = state.current_player
            view = state.view(p)
            undrawn, total = _undrawn_ranks(view)
            placed = sum(len(r) for side in view.rows for r in side)
            draws = (MOVES_PER_GAME - placed - 1) // 2
            scalar = pairing_scores(view.rows[p], view.board, view.card, undrawn, total, draws)
            counts = np.zeros((8, 1, 3), dtype=np.int64)
            filled = np.zeros((1, 3), dtype=np.int64)
            for row in range(3):
                for c in (view.board[row], *view.rows[p][row]):
                    counts[(c >> 2) - 5, 0, row] += 1
                filled[0, row] = len(view.rows[p][row])
            batch = _batch_scores(counts, filled, np.array([(view.card >> 2) - 5]),
                                  np.array([undrawn]).T, total, draws)[0]
            np.testing.assert_allclose(batch, scalar)
            state.play(heuristic_move(view, state.legal_moves()))


def test_ismcts_and_flat_search_the_same_game():
    state = eastwest.new_game(seed=3)
    for _ in range(10):
        state.play(state.legal_moves()[0])
    view, legal = state.view(state.current_player), state.legal_moves()
    game = EastWestSearch()
    visits = search.ismcts(game, view, view.player, legal, 30, np.random.default_rng(0))
    assert visits.sum() == 30 and (visits >= 1).all()
    game.batch_values = None  # the generic loop: worlds played one by one
    values = search.flat_values(game, view, view.player, legal, 5, np.random.default_rng(0))
    assert values.shape == (len(legal),) and ((0 <= values) & (values <= 1)).all()
    agent = eastwest.SearchAgent(playouts=30, algorithm="ismcts")
    assert agent.choose(view, legal, np.random.default_rng(1)) in legal


def test_search_agent_refuses_bad_budgets():
    with pytest.raises(PokerRulesError, match="playouts"):
        eastwest.SearchAgent(playouts=0)
    with pytest.raises(PokerRulesError, match="algorithm"):
        eastwest.SearchAgent(algorithm="minimax")
    with pytest.raises(PokerRulesError, match="time_ms"):
        eastwest.SearchAgent(time_ms=-1)
    for make, name in [(lambda v: chinese_poker.SearchAgent(playouts=v), "playouts"),
                       (lambda v: chinese_poker.SearchAgent(endgame=v), "endgame"),
                       (lambda v: zpoker.SearchAgent(depth=v), "depth"),
                       (lambda v: zpoker.SearchAgent(candidates=v), "candidates"),
                       (lambda v: ZPokerSearch(depth=v), "depth"),
                       (lambda v: eastwest.MonteCarloAgent(v), "samples")]:
        for bad in ("2", 2.0, True, None):
            with pytest.raises(ArgumentTypeError, match=name):
                make(bad)
        for low in (0, -1):
            with pytest.raises(PokerRulesError, match=name):
                make(low)
        make(np.int64(3))  # numpy integers are whole numbers too
    for game in (None, "x", chinese_poker.GreedyAgent()):
        with pytest.raises(ArgumentTypeError, match="SearchGame"):
            search.SearchAgent(game)


@pytest.mark.parametrize("game, players", GAMES, ids=IDS)
def test_every_agent_refuses_an_rng_that_is_no_generator(game, players):
    state = positions(game, players, 1)[0]
    view, legal = state.view(state.current_player), state.legal_moves()
    for name in game.AGENTS:
        for bad in (None, 5, np.random.default_rng):
            with pytest.raises(ArgumentTypeError, match=r"rng must be a numpy\.random\.Generator"):
                small(game, name).choose(view, legal, bad)


def test_levels_make_agents_of_every_game():
    for game in (eastwest, zpoker, chinese_poker):
        assert set(game.LEVELS) == {"easy", "normal", "hard"}
        for make in game.LEVELS.values():
            assert callable(make().choose)


def test_play_takes_a_level(capsys):
    from pokerrules.cli import main

    assert main(["play", "east-west", "--seed", "5", "--level", "easy", "--json"]) == 0
    assert '"winners"' in capsys.readouterr().out
    assert main(["play", "chinese-poker", "--players", "3", "--seed", "2", "--level",
                 "normal", "--json"]) == 0
    assert main(["play", "z-poker", "--level", "hard", "--agents", "greedy,greedy"]) == 2
    assert "not both" in capsys.readouterr().err


class _CountingBatch(search.SearchGame):
    """A game whose batched playouts only record how many worlds they were asked for."""

    def __init__(self):
        self.asked = []

    def players(self, view):
        return 2

    def batch_values(self, view, moves, worlds, rng):
        self.asked.append(worlds)
        return np.full((worlds, len(moves)), 0.5)


def test_a_time_limit_stops_batched_playouts_after_one_batch():
    game = _CountingBatch()
    values = search.flat_values(game, None, 0, ["a", "b"], 80, np.random.default_rng(1))
    assert game.asked == [80] and list(values) == [0.5, 0.5]
    game.asked.clear()
    search.flat_values(game, None, 0, ["a", "b"], 10**6, np.random.default_rng(1), deadline=0.0)
    assert game.asked == [search.FIRST_BATCH_PLAYOUTS // 2]  # the deadline had passed
    game.asked.clear()
    search.flat_values(game, None, 0, ["a", "b"], 5000, np.random.default_rng(1),
                       deadline=float("inf"))
    assert game.asked == [128, 256, 512, 1024, 2048, 1032]  # doubling to 4096 playouts


def test_search_functions_and_budgets_refuse_what_cannot_be_searched():
    state = positions(eastwest, 2, 1)[0]
    view, legal = state.view(state.current_player), state.legal_moves()
    game, rng = EastWestSearch(), np.random.default_rng(0)
    with pytest.raises(PokerRulesError, match="viewer"):
        search.flat_values(game, view, 1 - view.player, legal, 4, rng)
    for function in (search.flat_values, search.ismcts):
        with pytest.raises(PokerRulesError, match="from 1 to"):
            function(game, view, view.player, legal, 0, rng)
        with pytest.raises(ArgumentTypeError, match="rng"):
            function(game, view, view.player, legal, 4, 0)
        with pytest.raises(PokerRulesError, match="list of moves"):
            function(game, view, view.player, [], 4, rng)
    for bad, error in [(float("nan"), PokerRulesError), (-1.0, PokerRulesError),
                       ("x", ArgumentTypeError), (None, ArgumentTypeError)]:
        with pytest.raises(error, match="exploration"):
            search.SearchAgent(game, exploration=bad)
    for bad, error in [(10**400, PokerRulesError), (float("inf"), PokerRulesError),
                       (0, PokerRulesError), ("5", ArgumentTypeError)]:
        with pytest.raises(error, match="time_ms"):
            search.SearchAgent(game, time_ms=bad)
    assert search.SearchAgent(game, time_ms=np.int64(5)).time_ms == 5.0
    with pytest.raises(PokerRulesError, match="from 1 to 1,000,000,000"):
        search.SearchAgent(game, playouts=10**30)


def test_greedy_agents_refuse_moves_the_view_cannot_make():
    rng = np.random.default_rng(0)
    game = chinese_poker.new_game(seed=21, players=4)  # player 1 holds 9d 9s
    game.play("9d 9s")
    view = game.view(game.current_player)
    low_pair = next(m for m in chinese_poker.legal_plays(view.hand) if len(m.cards) == 2)
    if chinese_poker.beats(low_pair.cards, view.table):
        pytest.skip("this deal's lowest pair beats the table")
    with pytest.raises(IllegalMoveError, match="can make"):
        chinese_poker.GreedyAgent().choose(view, [chinese_poker.PASS, low_pair], rng)
    waiting = game.view((game.current_player + 1) % 4)
    with pytest.raises(IllegalMoveError, match="turn"):
        chinese_poker.GreedyAgent().choose(waiting, game.legal_moves(), rng)
    z = positions(zpoker, 2, 1)[0]
    zview = z.view(z.current_player)
    taken = [p for p in zpoker.POSITIONS if zview.occupied(p)]
    if zview.phase is zpoker.Phase.END_GAME or not taken:
        pytest.skip("no taken position before the End Game")
    card = zview.hand[0]
    with pytest.raises(IllegalMoveError, match="taken"):
        zpoker.GreedyAgent().choose(zview, [zpoker.Placement(card, taken[0])], rng)
