"""The package's shape: every game a package with the same rooms (Pai Gow's in its
game sub-package, beside its analysis), and each game's rules and moves pickling
from the module that defines them. (The public names: tests/test_public_api.py; the layers, import
circles and who imports pokerrules.cli: import-linter's contracts and ruff's banned
imports in pyproject.toml, run by .ci/run.)"""

import importlib
import pickle
from pathlib import Path

import pytest

SRC = Path(__file__).parents[1] / "src" / "pokerrules"

# The rooms every turn-based game has; Chinese Poker adds plays (classifier, beats,
# legal plays), Pai Gow its own (setting, houseway, round, ...).
ROOMS = {"agents", "moves", "policy", "render", "rules", "state"}


def registered_packages():
    from pokerrules.specs import game_specs
    return [spec.package for spec in game_specs()]


@pytest.mark.fast
@pytest.mark.parametrize("package", registered_packages())
def test_each_turn_based_game_has_the_same_rooms(package):
    """Every game of the registry; none keeps a cli room (the specs join the
    command line), only Pai Gow has a command of its own."""
    rooms = {p.stem for p in SRC.parent.joinpath(*package.split(".")).glob("*.py")}
    if package == "pokerrules.paigow":  # the game's rooms and its analysis, each a package
        assert rooms == {"__init__", "agents", "cli", "cli_sidebet", "cli_solve"}
        game = {p.stem for p in (SRC / "paigow" / "game").glob("*.py")}
        assert game >= {"render", "rules", "state", "round", "houseway", "setting"}
        assert (SRC / "paigow" / "analysis" / "__init__.py").exists()
    else:
        assert rooms - {"__init__", "plays"} == ROOMS
    module = importlib.import_module(package)
    assert module.SPEC.package == package and module.TOOLS is not None
    assert (SRC / "paigow" / "cli.py").exists()


@pytest.mark.fast
@pytest.mark.parametrize("package", registered_packages())
def test_each_games_rules_and_moves_pickle_and_round_trip(package):
    """A game's rules and the moves of a new game pickle by the module that defines
    them and load to equal objects."""
    from pokerrules.specs import game_spec
    spec = game_spec(package)
    game = spec.new_game(seed=3, players=spec.players[0])
    objects = [game.rules, *game.legal_moves()[:20]]
    assert len(objects) > 1
    for value in objects:
        data = pickle.dumps(value)
        assert type(value).__module__.encode() in data
        assert pickle.loads(data) == value


@pytest.mark.fast
def test_pai_gow_game_imports_nothing_of_its_analysis():
    """The game sub-package stands alone (import-linter checks the same contract)."""
    import ast
    imported = set()
    for path in (SRC / "paigow" / "game").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                imported.add(node.module)
            elif isinstance(node, ast.Import):
                imported.update(alias.name for alias in node.names)
    assert "pokerrules.paigow.setting" not in imported  # the game's own, by their new homes
    assert {"pokerrules.paigow.game.setting", "pokerrules.paigow.game.rules"} <= imported
    assert not {m for m in imported if m.startswith("pokerrules.paigow.analysis")}


@pytest.mark.fast
def test_the_chunked_job_runner_belongs_to_the_shared_layer():
    jobs = importlib.import_module("pokerrules.jobs")
    assert callable(jobs.run_chunks) and callable(jobs.run_threads)
    assert "paigow" not in (SRC / "jobs.py").read_text().lower().replace(" ", "")
    assert not (SRC / "paigow" / "parallel.py").exists()
