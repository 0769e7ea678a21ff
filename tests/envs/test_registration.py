"""Importing pokerrules.envs registers the games with the frameworks installed:
``pyspiel.load_game`` finds the OpenSpiel games and ``gymnasium.make`` the
single-agent environments, each checked in a fresh interpreter; ``import
pokerrules`` alone imports neither framework."""

from __future__ import annotations

import json
import subprocess
import sys
import warnings

import numpy as np
import pytest

from pokerrules.eastwest import EastWestRules
from pokerrules.envs import GYMNASIUM_IDS
from pokerrules.errors import PokerRulesError

gymnasium = pytest.importorskip("gymnasium", reason="Gymnasium is not installed")
from gymnasium.utils.env_checker import check_env  # noqa: E402

from pokerrules.envs.single_agent import SingleAgentEnv, single_agent_env  # noqa: E402


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
