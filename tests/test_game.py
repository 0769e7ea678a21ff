"""The shared runner and command line over every game."""

import json

import numpy as np
import pytest

from pokerrules import PokerRulesError, chinese_poker, eastwest, zpoker
from pokerrules.cli import main
from pokerrules.game import GameRecord, play_game

pytestmark = pytest.mark.fast


@pytest.mark.parametrize("game, agents", [
    (eastwest, ["greedy", "random"]),
    (zpoker, ["random", "greedy"]),
    (chinese_poker, ["greedy", "random", "random"]),
    (chinese_poker, ["random", "random"]),
])
def test_play_game_takes_agent_names_and_the_player_count_from_them(game, agents):
    record = play_game(game, agents, seed=4)
    assert isinstance(record, GameRecord) and record.agents == tuple(agents)
    assert len(record.result.scores) == len(agents)
    again = play_game(game, [game.AGENTS[n]() for n in agents], seed=4)
    assert again.moves == record.moves and again.result == record.result
    json.loads(record.to_json())


def test_play_game_refuses_what_it_cannot_replay():
    with pytest.raises(TypeError, match="int seed"):
        play_game(eastwest, ["random", "random"], seed=np.random.default_rng(1))  # type: ignore[arg-type]
    with pytest.raises(PokerRulesError, match="unknown agent"):
        play_game(zpoker, ["random", "wizard"], seed=1)
    with pytest.raises(PokerRulesError):
        play_game(eastwest, ["random"] * 3, seed=1)


def test_human_seat_is_checked_and_not_mixed_with_json(capsys):
    assert main(["play", "east-west", "--human", "2"]) == 2
    assert "no seat 2" in capsys.readouterr().err
    assert main(["play", "z-poker", "--human", "0", "--json"]) == 2
    assert main(["play", "z-poker", "--agents", " random, greedy", "--json"]) == 0
