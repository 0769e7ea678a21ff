"""Each game has one name: its spec's name, written in every save and record; saves
and round records that spell it as earlier versions of this tree did still load."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pokerrules.errors import PokerRulesError
from pokerrules.paigow import PaiGowRules, load_round, play_round
from pokerrules.runner import play_game
from pokerrules.specs import game_spec, game_specs

GOLDEN = Path(__file__).parent / "games" / "golden"


@pytest.mark.parametrize("spec", game_specs(), ids=lambda s: s.name)
def test_every_save_and_game_record_names_the_game_by_its_spec_name(spec):
    state = spec.new_game(seed=1)
    assert json.loads(state.to_json())["game"] == spec.name
    record = play_game(spec, seed=1)
    assert record.game == spec.name
    assert json.loads(record.to_json())["game"] == spec.name


def test_a_round_record_names_pai_gow_by_its_spec_name():
    record = play_round(PaiGowRules.classic(), dict.fromkeys(range(1, 4)), 7)
    assert record.to_dict()["game"] == json.loads(record.to_json())["game"] \
        == game_spec("pai-gow").name == "pai-gow"


@pytest.mark.parametrize(("game", "old_name"), [("pai-gow", "pai_gow"),
                                                ("chinese-poker", "chinese_poker")])
def test_a_save_naming_the_game_as_before_still_loads(game, old_name):
    spec = game_spec(game)
    state = spec.new_game(seed=3)
    while not state.is_over and len(state.history) < 3:
        state.play(state.legal_moves()[0])
    text = state.to_json()
    data = json.loads(text)
    data["game"] = old_name
    loaded = type(state).from_json(json.dumps(data))
    assert loaded.to_json() == text  # written again under the one name


def test_a_round_record_naming_pai_gow_as_before_still_loads():
    text = (GOLDEN / "paigow_rounds" / "classic_3_seats_seed7.json").read_text()
    data = json.loads(text)
    assert data["game"] == "pai-gow"
    data["game"] = "paigow"
    assert load_round(json.dumps(data)).to_json() == load_round(text).to_json()


def test_a_save_of_another_game_is_still_refused_naming_both():
    save = json.loads(game_spec("east-west").new_game(seed=1).to_json())
    save["game"] = "z-poker"
    with pytest.raises(PokerRulesError, match="'z-poker' game, not 'east-west'"):
        type(game_spec("east-west").new_game(seed=1)).from_json(json.dumps(save))
