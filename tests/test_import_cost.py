"""What importing pokerrules, and running ``pokerrules rank``, load: ranking hands
loads neither the games, the environments, the game machinery nor numpy, and
importing a game builds no ranking tables. Each check runs in a fresh interpreter (this one has
imported everything already)."""

import json
import subprocess
import sys

import pytest

pytestmark = pytest.mark.fast

#: Modules that ranking a hand has no use for.
NOT_FOR_RANKING = (
    "pokerrules.game",
    "pokerrules.runner",
    "pokerrules.saves",
    "pokerrules.search",
    "pokerrules.paigow",
    "pokerrules.eastwest",
    "pokerrules.zpoker",
    "pokerrules.chinese_poker",
    "pokerrules.envs",
    "jsonschema",
    "tqdm",
    "multiprocessing",
    "concurrent.futures",
    "numpy",
)

REPORT = """
import json, sys, pokerrules
print(json.dumps({"modules": sorted(sys.modules), "table_bytes": pokerrules.table_bytes()}))
"""


def fresh(code):
    """The modules loaded, and the table bytes built, after ``code`` runs in a new
    interpreter (this one, so on the pokerrules the tests import)."""
    done = subprocess.run([sys.executable, "-c", code + REPORT], capture_output=True,
                          text=True, timeout=120, check=True)
    return json.loads(done.stdout.splitlines()[-1])


def loaded(modules, prefixes=NOT_FOR_RANKING):
    return sorted(m for m in modules if any(m == p or m.startswith(p + ".") for p in prefixes))


def test_importing_pokerrules_loads_no_game():
    report = fresh("import pokerrules")
    assert loaded(report["modules"]) == []
    assert report["table_bytes"] == 0


def test_the_lazy_names_of_the_top_level_still_import():
    report = fresh("from pokerrules import SeedLike, play_game\nimport pokerrules\n"
                   "import numpy as np\n"
                   "assert pokerrules.play_game is play_game\n"
                   "assert SeedLike == int | np.random.Generator\n"
                   "assert {'play_game', 'SeedLike'} <= set(dir(pokerrules))")
    assert "pokerrules.runner" in report["modules"]
    with pytest.raises(AttributeError, match="no attribute 'no_such_name'"):
        __import__("pokerrules").no_such_name  # noqa: B018


def test_rank_loads_no_game():
    report = fresh("from pokerrules.cli import main\n"
                   "assert main(['rank', 'As Ks Qs Js Ts 9d 2c', '--json']) == 0")
    assert loaded(report["modules"]) == []


@pytest.mark.parametrize("game", ["paigow", "eastwest", "zpoker", "chinese_poker", "envs"])
def test_importing_a_game_builds_no_ranking_tables(game):
    assert fresh(f"import pokerrules.{game}")["table_bytes"] == 0
