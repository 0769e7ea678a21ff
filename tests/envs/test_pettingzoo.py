"""The PettingZoo environments: PettingZoo's own tests, seeding, illegal actions."""

from __future__ import annotations

import functools
import warnings

import numpy as np
import pytest

from pokerrules.runner import RandomAgent

pytest.importorskip("pettingzoo", reason="PettingZoo is not installed: pip install .[rl]")

from pettingzoo.test import api_test, seed_test

from pokerrules import chinese_poker, eastwest, paigow, zpoker
from pokerrules.chinese_poker import ChinesePokerRules
from pokerrules.envs import AgentPolicy, chinese_poker_v0, east_west_v0, pai_gow_v0, z_poker_v0
from pokerrules.errors import ArgumentTypeError, IllegalMoveError, PokerRulesError

ENVS = [
    pytest.param(east_west_v0.env, id="east_west"),
    pytest.param(z_poker_v0.env, id="z_poker"),
    pytest.param(functools.partial(chinese_poker_v0.env, players=2), id="chinese_poker_2"),
    pytest.param(functools.partial(chinese_poker_v0.env, players=3), id="chinese_poker_3"),
    pytest.param(functools.partial(chinese_poker_v0.env, players=4), id="chinese_poker_4"),
    pytest.param(functools.partial(chinese_poker_v0.env, ChinesePokerRules(target=20),
                                   players=3, scope="game"), id="chinese_poker_3_game"),
    pytest.param(pai_gow_v0.env, id="pai_gow_2"),
    pytest.param(functools.partial(pai_gow_v0.env, "casino", players=7), id="pai_gow_7_casino"),
    pytest.param(functools.partial(pai_gow_v0.env, "face_up", players=4), id="pai_gow_4_face_up"),
]


@pytest.mark.parametrize("make", ENVS)
def test_pettingzoo_api_test(make) -> None:
    with warnings.catch_warnings():
        # PettingZoo warns of every dict observation, the form its own classic
        # games (with action masks) use.
        warnings.filterwarnings("ignore", "Observation is not a NumPy array")
        warnings.filterwarnings("ignore", "Observation space for each agent probably")
        api_test(make(), num_cycles=1000)


@pytest.mark.parametrize("make", ENVS)
def test_pettingzoo_seed_test(make) -> None:
    seed_test(make, num_cycles=500)


def _episode(env, seed: int, policy_seed: int = 7) -> list[int]:
    """Plays one episode with a masked random policy; returns the actions."""
    env.reset(seed=seed)
    rng = np.random.default_rng(policy_seed)
    actions = []
    for _agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        action = int(legal[rng.integers(len(legal))])
        actions.append(action)
        env.step(action)
    return actions


@pytest.mark.fast
@pytest.mark.parametrize("module, game, options", [
    (east_west_v0, eastwest, {}),
    (z_poker_v0, zpoker, {}),
    (chinese_poker_v0, chinese_poker, {"players": 3}),
    (chinese_poker_v0, chinese_poker, {"players": 2, "scope": "game",
                                       "rules": ChinesePokerRules(target=20)}),
    (pai_gow_v0, paigow, {"players": 5, "rules": "casino"}),
])
def test_same_seed_same_episode_as_new_game(module, game, options) -> None:
    env = module.env(**options)
    actions = _episode(env, seed=11)
    state = env.unwrapped.game_state
    encoding = env.unwrapped.encoding
    # The same deal and moves through the game itself.
    rules = {"rules": options["rules"]} if "rules" in options else {}
    native = game.new_game(seed=11, players=encoding.players, **rules)
    for action in actions:
        native.play(encoding.action_to_move(native, action))
    assert native.to_json() == state.to_json()
    # Rewards summed over the episode are the encoding's returns.
    totals = dict.fromkeys(env.possible_agents, 0.0)
    env.reset(seed=11)
    rng = np.random.default_rng(7)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.integers(len(legal))]))
    assert tuple(totals.values()) == encoding.returns(native)
    # A reset without a seed continues the environment's own seed sequence.
    env.reset(seed=11)
    env.reset()
    again = module.env(**options)
    again.reset(seed=11)
    again.reset()
    assert again.unwrapped.game_state.to_json() == env.unwrapped.game_state.to_json()
    assert env.unwrapped.game_state.to_json() != state.to_json()


@pytest.mark.fast
def test_reward_values() -> None:
    env = east_west_v0.env()
    for seed in range(4):
        _episode(env, seed)
        result = env.unwrapped.game_state.result()
        returns = env.unwrapped.encoding.returns(env.unwrapped.game_state)
        if result.winners:
            winner = result.winners[0]
            assert returns[winner] == 1.0 and returns[1 - winner] == -1.0
        else:
            assert returns == (0.0, 0.0)
    env = z_poker_v0.env()
    _episode(env, 3)
    assert sorted(env.unwrapped.encoding.returns(env.unwrapped.game_state)) == [-1.0, 1.0]


# the games of many moves (a Pai Gow seat sets once: tests/games/test_paigow_game.py)
LONG_ENVS = [p for p in ENVS if not str(p.id).startswith("pai_gow")]


@pytest.mark.fast
@pytest.mark.parametrize("make", LONG_ENVS)
def test_illegal_action_names_it_and_changes_nothing(make) -> None:
    env = make()
    env.reset(seed=5)
    raw = env.unwrapped
    for _ in range(8):  # a few moves in, so the mask has holes (a full row)
        mask = env.last()[0]["action_mask"]
        env.step(int(np.flatnonzero(mask)[-1]))
    obs = env.last()[0]
    illegal = np.flatnonzero(obs["action_mask"] == 0)
    assert illegal.size > 0
    before = (raw.game_state.to_json(), raw.agent_selection, dict(raw.rewards),
              dict(raw._cumulative_rewards))
    for action in (int(illegal[0]), int(illegal[-1]), np.int64(illegal[0])):
        with pytest.raises(IllegalMoveError, match=f"action {int(action)} "):
            env.step(action)
        after = (raw.game_state.to_json(), raw.agent_selection, dict(raw.rewards),
                 dict(raw._cumulative_rewards))
        assert after == before
    with pytest.raises(IllegalMoveError, match="does not exist"):
        env.step(raw.encoding.num_actions)
    with pytest.raises(ArgumentTypeError, match="no int"):
        env.step("row 1")
    assert raw.game_state.to_json() == before[0]
    np.testing.assert_array_equal(env.last()[0]["action_mask"], obs["action_mask"])


@pytest.mark.fast
def test_options_and_rendering() -> None:
    with pytest.raises(PokerRulesError, match="render_mode"):
        east_west_v0.env(render_mode="rgb_array")
    env = east_west_v0.env(render_mode="ansi")
    env.reset(seed=2)
    assert "East-West" in env.render()
    with pytest.raises(ArgumentTypeError):
        env.reset(seed=1.5)
    assert chinese_poker_v0.raw_env(players=2).possible_agents == ["player_0", "player_1"]
    with pytest.raises(PokerRulesError):
        chinese_poker_v0.env(players=5)
    assert z_poker_v0.raw_env().metadata["name"] == "z_poker_v0"


@pytest.mark.fast
def test_shipped_agents_play_through_the_environment() -> None:
    env = east_west_v0.env()
    encoding = env.unwrapped.encoding
    policies = {"player_0": AgentPolicy(encoding, eastwest.GreedyAgent(), seed=1),
                "player_1": AgentPolicy(encoding, RandomAgent(), seed=2)}
    wins = [0, 0]
    for seed in range(20):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, _ = env.last()
            if terminated or truncated:
                wins[env.possible_agents.index(agent)] += reward > 0
                env.step(None)
                continue
            action = policies[agent](env.unwrapped.game_state)
            assert obs["action_mask"][action] == 1
            env.step(action)
    assert wins[0] > wins[1]  # greedy beats random
