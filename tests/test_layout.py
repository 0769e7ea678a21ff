"""The package's shape: every game a package with the same rooms, no module much over
600 lines (the C and Cython sources too), and each game's rules and moves pickling
from the module that defines them. (The public names: tests/test_public_api.py; the layers, import
circles and who imports pokerrules.cli: import-linter's contracts and ruff's banned
imports in pyproject.toml, run by .ci/run.)"""

import importlib
import pickle
from pathlib import Path

import pytest

SRC = Path(__file__).parents[1] / "src" / "pokerrules"

# The rooms every turn-based game has; Chinese Poker adds plays (classifier, beats,
# legal plays), Pai Gow its own (setting, houseway, table, strategy, ...).
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
    if package == "pokerrules.paigow":  # the table round joined a package of its own
        assert rooms >= {"agents", "render", "rules", "state"}
    else:
        assert rooms - {"__init__", "plays"} == ROOMS
    module = importlib.import_module(package)
    assert module.SPEC.package == package and module.TOOLS is not None
    assert (SRC / "paigow" / "cli.py").exists()


EXT = SRC.parents[1] / "ext"


def compiled_sources():
    """The Cython and C files we write: ext/_*.c is what Cython generates (the sdist
    leaves it out too), ext/_cyutility.c included."""
    return [*EXT.glob("*.pyx"), *EXT.glob("*.pxi"), *SRC.glob("*.pxd"), *EXT.glob("*.h"),
            *(p for p in EXT.glob("*.c") if not p.name.startswith("_"))]


@pytest.mark.fast
def test_no_module_is_much_over_600_lines():
    sources = [*SRC.rglob("*.py"), *compiled_sources()]
    long = {p.name: n for p in sources if (n := len(p.read_text().splitlines())) > 620}
    assert long == {}


@pytest.mark.fast
def test_the_line_cap_reads_the_compiled_core():
    names = {p.name for p in compiled_sources()}
    assert {"_core.pyx", "_paigow.pyx", "_core.pxd", "pr_eval.h", "pr_batch.c"} <= names
    assert not {n for n in names if n.startswith("_") and n.endswith(".c")}


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
