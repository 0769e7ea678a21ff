"""Z Poker's one greedy rule: GreedyAgent, the search's candidates (ranked by
greedy, ``screen=0``) and its playouts choose alike, on the scale the game
compares sides with."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from pokerrules import _vector, search
from pokerrules.errors import ArgumentTypeError, HandSizeError, PokerRulesError
from pokerrules.zpoker import GreedyAgent, Phase, SearchAgent, ZPokerState, new_game
from pokerrules.zpoker.policy import ZPokerSearch, greedy_order, greedy_scores, view_tops


def decisions(games: int, first_seed: int = 0) -> Iterator[tuple[ZPokerState, int]]:
    """Every decision of seeded games in which greedy's move is played seven
    times in ten and a random one otherwise (to reach boards greedy play alone
    never makes, e.g. End Games with empty positions left)."""
    for seed in range(first_seed, first_seed + games):
        game = new_game(seed=seed)
        rng = np.random.default_rng(seed)
        while (player := game.current_player) is not None:
            yield game, player
            legal = game.legal_moves()
            greedy = GreedyAgent().choose(game.view(player), legal, rng)
            game.play(greedy if rng.random() < 0.7 else legal[int(rng.integers(len(legal)))])


def check_agreement(games: int, first_seed: int, monkeypatch: pytest.MonkeyPatch) -> int:
    searched: list[list[Any]] = []

    def record_candidates(self: Any, view: Any, legal_moves: Any, rng: Any) -> Any:
        searched.append(list(legal_moves))
        return legal_moves[0]

    # the search agent's candidates, without searching them (screen=0: greedy's
    # best, not the look-ahead's)
    monkeypatch.setattr(search.SearchAgent, "choose", record_candidates)
    searcher, policy = SearchAgent(screen=0), ZPokerSearch()
    rng = np.random.default_rng(0)
    compared = {phase: 0 for phase in (Phase.FIND_LEADER, Phase.START_GAME, Phase.END_GAME)}
    for game, player in decisions(games, first_seed):
        view, legal = game.view(player), game.legal_moves()
        greedy = GreedyAgent().choose(view, legal, rng)
        where = (game.to_json(), str(greedy))
        placements = [(m.card.code, m.position) for m in legal]
        assert legal[greedy_order(view_tops(view), placements, player)[0]] == greedy, where
        # the playouts move in a world that is the game itself
        assert policy.policy(game.clone(), rng) == greedy, where
        searched.clear()
        searcher.choose(view, legal, rng)
        if searched:
            assert greedy in searched[0], where
            assert searched[0][0] == greedy, where
        compared[view.phase] += 1
    return min(compared.values())


@pytest.mark.fast
def test_the_greedy_agent_the_playouts_and_the_search_candidates_choose_alike(monkeypatch):
    assert check_agreement(20, 0, monkeypatch) > 30


@pytest.mark.slow
def test_they_choose_alike_over_300_games(monkeypatch):
    assert check_agreement(300, 1000, monkeypatch) > 500


@pytest.mark.fast
def test_greedy_keys_value_the_sides_as_the_game_compares_them():
    # Each key's side values are the game's own side ranks after the placement,
    # whether the sides then hold five cards or fewer.
    checked = 0
    for game, player in decisions(12):
        view = game.view(player)
        if view.phase is Phase.FIND_LEADER:
            continue
        legal = game.legal_moves()
        keys = greedy_scores(view_tops(view), [(m.card.code, m.position) for m in legal], player)
        for move, key in zip(legal, keys, strict=True):
            after = game.clone()
            after.play_unchecked(move)
            mine, theirs = after.side_rank(player), after.side_rank(1 - player)
            assert key == ((mine > theirs) - (mine < theirs), mine.value, -theirs.value,
                           -move.card.rank), (game.to_json(), str(move))
            checked += len(after.side(player)) == 5 or len(after.side(1 - player)) == 5
    assert checked > 1000


@pytest.mark.fast
@pytest.mark.parametrize(("tops", "placements", "player", "error"), [
    ({}, [(60, "A")], 0, r"the card put 60 is no code 0\.\.51"),
    ({}, [(3, "Z")], 0, r"no position 'Z': they are A to H"),
    ({"A": 3}, [(3, "B")], 1, r"the card 3 put is on the board already"),
    ({"A": 3, "B": 3}, [(4, "C")], 0, r"the top card 3 lies on two positions"),
    ({"A": 77}, [(4, "C")], 0, r"the top card 77 of position 0 is no code"),
    ({}, [(4, "C")], 2, r"no seat 2"),
    ({"Z": 3}, [(4, "C")], 0, r"no position 'Z' in tops"),
])
def test_greedy_keys_refuse_cards_positions_and_seats_by_name(tops, placements, player, error):
    with pytest.raises(PokerRulesError, match=error):
        greedy_scores(tops, placements, player)


@pytest.mark.fast
def test_the_compiled_greedy_keys_refuse_arrays_of_other_shapes_and_types():
    board = np.full(8, -1)
    with pytest.raises(ArgumentTypeError, match=r"codes holds ints, not 1\.5"):
        _vector.z_poker_greedy_keys(board, [1.5], [0], 0)
    with pytest.raises(HandSizeError, match="at most 416 placements, not 417"):
        _vector.z_poker_greedy_keys(board, [1] * 417, [0] * 417, 0)
    with pytest.raises(HandSizeError, match="tops must hold 8 positions, not 7"):
        _vector.z_poker_greedy_keys(board[:7], [1], [0], 0)
    with pytest.raises(HandSizeError, match="2 codes for 1 positions"):
        _vector.z_poker_greedy_keys(board, [1, 2], [0], 0)
    for player in (True, 1.0):
        with pytest.raises(ArgumentTypeError, match="player holds ints"):
            _vector.z_poker_greedy_keys(board, [4], [0], player)
    with pytest.raises(ArgumentTypeError, match="codes is a list, tuple or 1-d array"):
        _vector.z_poker_greedy_keys(board, b"\x01", [0], 0)
    with pytest.raises(ArgumentTypeError, match="tops maps positions to codes"):
        greedy_scores([3], [(2, "B")], 0)
    with pytest.raises(ArgumentTypeError, match="a placement is a"):
        greedy_scores({}, [(2, "B", 1)], 0)
    assert _vector.z_poker_greedy_keys(board, [], [], 0) == []
    assert _vector.z_poker_greedy_keys(board, np.array([4]), np.array([0]), 1) == \
        greedy_scores({}, [(4, "A")], 1)
