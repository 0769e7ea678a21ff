"""The package's shape: every game a package with the same rooms, no module much over
600 lines (the C and Cython sources too), and the pickles of the single-module layout
still loading. (The public names: tests/test_public_api.py; the layers, import
circles and who imports pokerrules.cli: import-linter's contracts and ruff's banned
imports in pyproject.toml, run by .ci/run.)"""

import base64
import importlib
import pickle
from pathlib import Path

import pytest

SRC = Path(__file__).parents[1] / "src" / "pokerrules"
GOLDEN = Path(__file__).parent / "games" / "golden"

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
@pytest.mark.parametrize("name", sorted(
    __import__("json").loads((GOLDEN / "pickles.json").read_text())))
def test_pickles_of_the_single_module_layout_load(name):
    """Pickles written when each game was one module (they name e.g.
    ``pokerrules.eastwest.EastWestRules``) load to equal objects, and the loaded
    objects pickle again."""
    entry = __import__("json").loads((GOLDEN / "pickles.json").read_text())[name]
    data = base64.b64decode(entry["pickle"])
    assert name.split(".")[0].encode() in data  # it names the old module path
    loaded = pickle.loads(data)
    assert check_text(loaded) == entry["check"]
    assert check_text(pickle.loads(pickle.dumps(loaded))) == entry["check"]


def check_text(value):
    if hasattr(value, "to_json"):
        return value.to_json()
    if type(value).__name__.endswith("Agent"):
        return f"{type(value).__name__} {sorted(vars(value).items())}"
    return repr(value)
