"""Each game has one name: its spec's name, written in every save and record; saves
and round records that spell it as earlier versions of this tree did still load."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from pokerrules.errors import PokerRulesError
from pokerrules.paigow import PaiGowRules, load_round, play_round
from pokerrules.runner import play_game
from pokerrules.specs import game_spec, game_specs, game_tools, hook_target, spelling

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


# ------------------------------------------------------- no table of games beside the registry

SRC = Path(__file__).parents[1] / "src"


def _game_of(key: object) -> str | None:
    """The game a dict key names (by any of its names), or None."""
    if not isinstance(key, str) or not spelling(key):
        return None
    return next((s.name for s in game_specs() if spelling(key) in s.spellings), None)


def game_keyed_tables(source: str) -> list[int]:
    """The lines of the tables in Python ``source`` keyed by game names: dict literals,
    ``dict(...)`` calls and runs of ``table[name] = ...`` with two or more keys that
    name different games."""
    found = []
    assigned: dict[str, set[str]] = {}
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, (ast.Dict, ast.Call, ast.Assign)):
            continue
        keys: list[object] = []
        if isinstance(node, ast.Dict):
            keys = [k.value for k in node.keys if isinstance(k, ast.Constant)]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id == "dict":
            keys = [k.arg for k in node.keywords]
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Subscript) and isinstance(target.slice, ast.Constant):
                    game = _game_of(target.slice.value)
                    if game is not None:
                        names = assigned.setdefault(ast.dump(target.value), set())
                        names.add(game)
                        if len(names) == 2:
                            found.append(node.lineno)
        if len({g for g in map(_game_of, keys) if g is not None}) >= 2:
            found.append(node.lineno)
    return found


def test_the_table_finder_finds_tables_keyed_by_game_names():
    assert game_keyed_tables('T = {"east-west": 1, "z_poker": 2}') == [1]
    assert game_keyed_tables('T = dict(eastwest=1, paigow=2)') == [1]
    assert game_keyed_tables('T = {}\nT["chinese-poker"] = 1\nT["pai_gow"] = 2') == [3]
    # one game among other words is no table of games (the hand rules' names)
    assert game_keyed_tables('R = {"standard": 1, "paigow": 2, "piquet": 3}') == []
    assert game_keyed_tables('T = {"east-west": 1, "EastWest": 2}') == []


def test_no_table_keyed_by_game_names_outside_the_registry():
    modules = sorted(SRC.rglob("*.py"))
    assert len(modules) > 50
    tables = [f"{path.relative_to(SRC)}:{line}" for path in modules
              for line in game_keyed_tables(path.read_text(encoding="utf-8"))]
    assert tables == [], "a per-game hook belongs in the game's GameTools (pokerrules.specs)"


@pytest.mark.parametrize("spec", game_specs(), ids=lambda s: s.name)
def test_each_game_registers_its_hooks_beside_its_spec(spec):
    tools = game_tools(spec)
    assert tools.environment is not None and tools.encoding is not None
    if spec.name == "pai-gow":  # one setting per seat: no Gymnasium id, vector env or learner
        assert (tools.gymnasium_id, tools.vector_env, tools.learner) == (None, None, None)
        return
    assert tools.gymnasium_id.startswith("pokerrules/") and tools.gymnasium_id.endswith("-v0")
    assert hook_target(tools.learner).game == spec.name
    assert hook_target(tools.vector_env).__name__.endswith("VectorEnv")
