"""Importing pokerrules.envs registers the games with the frameworks installed:
``pyspiel.load_game`` finds the OpenSpiel games and ``gymnasium.make`` the
single-agent environments, each checked in a fresh interpreter; ``import
pokerrules`` alone imports neither framework."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
import warnings
from pathlib import Path

import numpy as np
import pytest

from pokerrules.eastwest import EastWestRules
from pokerrules.errors import PokerRulesError
from pokerrules.specs import game_specs, game_tools

gymnasium = pytest.importorskip("gymnasium", reason="Gymnasium is not installed")
from gymnasium.utils.env_checker import check_env  # noqa: E402

from pokerrules.envs.single_agent import SingleAgentEnv, single_agent_env  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def fresh(code: str) -> list[str]:
    """The lines ``code`` prints in a new interpreter."""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_importing_pokerrules_envs_registers_the_openspiel_games() -> None:
    pytest.importorskip("pyspiel", reason="OpenSpiel is not installed")
    out = fresh("import pokerrules.envs\nimport pyspiel\n"
                "for name in ('pokerrules_east_west', 'pokerrules_z_poker',"
                " 'pokerrules_chinese_poker'):\n"
                "    game = pyspiel.load_game(name)\n"
                "    print(game.get_type().short_name, game.num_players())\n"
                "print(pyspiel.load_game('pokerrules_chinese_poker(players=3)').num_players())")
    assert out == ["pokerrules_east_west 2", "pokerrules_z_poker 2",
                   "pokerrules_chinese_poker 4", "3"]


def test_gymnasium_make_finds_the_environments_in_a_new_process() -> None:
    out = fresh("import gymnasium\n"
                "env = gymnasium.make('pokerrules.envs:pokerrules/ZPoker-v0', opponent='greedy')\n"
                "print(type(env.unwrapped).__name__, env.unwrapped.opponent)\n"
                "import pokerrules.envs\n"
                "env = gymnasium.make('pokerrules/ChinesePoker-v0', players=3, flat=True)\n"
                "print(env.unwrapped.encoding.players, env.reset(seed=1)[0].shape)")
    assert out == ["SingleAgentEnv greedy", "3 (320,)"]


def test_importing_pokerrules_imports_no_framework() -> None:
    out = fresh("import json, sys, pokerrules\n"
                "print(json.dumps(sorted(m for m in ('pyspiel', 'gymnasium', 'pettingzoo')"
                " if m in sys.modules)))")
    assert json.loads(out[-1]) == []


#: The Gymnasium id each game registers beside its spec, by the game's name.
GYMNASIUM_IDS: dict[str, str] = {
    spec.name: env_id for spec in game_specs()
    if (env_id := game_tools(spec).gymnasium_id) is not None}


@pytest.mark.parametrize("game", sorted(GYMNASIUM_IDS))
def test_the_registered_environments_pass_gymnasiums_checker(game) -> None:
    options = {"players": 3} if game == "chinese-poker" else {}
    for flat in (False, True):
        env = gymnasium.make(GYMNASIUM_IDS[game], opponent="greedy", flat=flat,
                             render_mode="ansi", **options)
        assert isinstance(env.unwrapped, SingleAgentEnv)
        assert env.unwrapped.spec is not None
        assert env.unwrapped.spec.id == GYMNASIUM_IDS[game]
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # a warning of the checker is a failure
            check_env(env.unwrapped)
        observation, _ = env.reset(seed=2)
        done = False
        while not done:
            action = int(np.flatnonzero(env.unwrapped.action_masks())[0])
            observation, _, done, _, _ = env.step(action)
        assert env.observation_space.contains(observation)


def test_an_unknown_option_is_named_with_the_games_options() -> None:
    with pytest.raises(PokerRulesError, match=r"east-west's single-agent environment has no "
                                              r"option 'scope'; its options are flat, "
                                              r"illegal_reward, opponent, players, "
                                              r"render_mode, rules, seat$"):
        gymnasium.make("pokerrules/EastWest-v0", scope="game")
    with pytest.raises(PokerRulesError, match="has no option 'bogus'"):
        single_agent_env("z-poker", bogus=1)
    with pytest.raises(PokerRulesError, match="there is no player 2"):
        gymnasium.make("pokerrules/ZPoker-v0", seat=2)
    rules = EastWestRules(win_rule="two_rows")
    env = single_agent_env("EastWest", rules=rules, seat=1, illegal_reward=None)
    assert env.encoding.rules == rules and env.seat == 1 and env.illegal_reward is None


def test_every_gymnasium_id_naming_the_package_makes_its_env_with_no_other_import() -> None:
    """``gymnasium.make("pokerrules.envs:<id>")`` in an interpreter that imported
    Gymnasium alone: Gymnasium imports the package named before the colon."""
    out = fresh("import json, sys, gymnasium\n"
                "assert not [m for m in sys.modules if m.startswith('pokerrules')]\n"
                f"for env_id in {sorted(GYMNASIUM_IDS.values())!r}:\n"
                "    env = gymnasium.make('pokerrules.envs:' + env_id, opponent='greedy')\n"
                "    observation, info = env.reset(seed=1)\n"
                "    print(env.unwrapped.spec.id, type(env.unwrapped).__name__,\n"
                "          env.observation_space.contains(observation))")
    assert out == [f"{env_id} SingleAgentEnv True" for env_id in sorted(GYMNASIUM_IDS.values())]


def test_without_the_import_gymnasium_knows_no_pokerrules_id() -> None:
    # what the docs tell a user who sees this error: import pokerrules.envs, or name it
    out = fresh("import gymnasium\n"
                "try:\n"
                "    gymnasium.make('pokerrules/EastWest-v0')\n"
                "except gymnasium.error.NamespaceNotFound as error:\n"
                "    print(error)")
    assert out == ["Namespace pokerrules not found. Have you installed the proper package "
                   "for pokerrules?"]
    page = (ROOT / "docs" / "envs.rst").read_text(encoding="utf-8")
    assert " ".join(out[0].split()[:4]) in " ".join(page.split())


def _learning_examples() -> list[tuple[str, str]]:
    """Every example a user may copy that makes a framework's environment or game:
    the Python blocks of the README and of the environments' page, and the scripts
    of docs/examples."""
    found = []
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    found += [("README.md", block) for block in re.findall(r"```python\n(.*?)```", readme, re.S)]
    page = (ROOT / "docs" / "envs.rst").read_text(encoding="utf-8")
    for block in re.findall(r"\.\. code-block:: python\n\n((?:   .*\n|\n)+)", page):
        found.append(("docs/envs.rst", block))
    found += [(str(path.relative_to(ROOT)), path.read_text(encoding="utf-8"))
              for path in sorted((ROOT / "docs" / "examples").glob("*.py"))]
    return [(where, code) for where, code in found
            if re.search(r"gymnasium\.make\(|pyspiel\.load_game\(|pokerrules\.envs", code)]


def test_every_learning_example_imports_pokerrules_envs_or_names_it_in_the_id() -> None:
    examples = _learning_examples()
    assert {where for where, _ in examples} >= {"README.md", "docs/envs.rst",
                                                "docs/examples/openspiel_ismcts.py"}
    missing = []
    for where, code in examples:
        imports = re.search(r"^\s*(import pokerrules\.envs|from pokerrules\.envs[\w.]* import)",
                            code, re.M)
        ids = re.findall(r"gymnasium\.make\(\s*\"([^\"]+)\"", code)
        if not imports and not (ids and all(i.startswith("pokerrules.envs:") for i in ids)):
            missing.append((where, code.strip().splitlines()[0]))
    assert missing == []


def test_the_readmes_learning_example_runs_in_a_fresh_interpreter() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = [b for b in re.findall(r"```python\n(.*?)```", readme, re.S) if "gymnasium" in b]
    assert len(blocks) == 1
    out = fresh(textwrap.dedent(blocks[0]) + "\nprint(type(env.unwrapped).__name__)")
    assert out[-1] == "SingleAgentEnv"
