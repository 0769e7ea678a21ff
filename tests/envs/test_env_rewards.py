"""Rewards add up to the returns: OpenSpiel's per-step rewards (chance steps
included) and PettingZoo's rewards, over random games of every game and scope."""

from __future__ import annotations

import functools
from typing import Literal

import numpy as np
import pytest

from pokerrules.chinese_poker import ChinesePokerRules
from pokerrules.envs import chinese_poker_v0, east_west_v0, z_poker_v0

pytestmark = pytest.mark.fast

SCOPES: list[tuple[Literal["round", "game"], int]] = [("round", 100), ("game", 100), ("game", 20)]

SPIEL_GAMES = [
    pytest.param(east_west_v0.openspiel_game, {}, 40, id="east_west"),
    pytest.param(east_west_v0.openspiel_game, {"win_rule": "two_rows"}, 20,
                 id="east_west_two_rows"),
    pytest.param(z_poker_v0.openspiel_game, {}, 20, id="z_poker"),
    *(pytest.param(chinese_poker_v0.openspiel_game,
                   {"players": players, "scope": scope, "target": target},
                   30 if scope == "round" else 2 if target == 100 else 6,
                   id=f"chinese_poker_{players}_{scope}_{target}")
      for players in (2, 3, 4) for scope, target in SCOPES),
]


@pytest.mark.parametrize("load, params, games", SPIEL_GAMES)
def test_openspiel_rewards_sum_to_the_returns(load, params, games) -> None:
    pytest.importorskip("pyspiel", reason="OpenSpiel is not installed")
    game = load(**params)
    rng = np.random.default_rng(sum(map(ord, str(params))))
    for _ in range(games):
        state = game.new_initial_state()
        # Summed over every state, and over the players' turns and the end alone
        # (as OpenSpiel's rl_environment and random_sim_test read them).
        every = np.array(state.rewards())
        turns = np.zeros(game.num_players())
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = outcomes[int(rng.integers(len(outcomes)))][0]
            else:
                turns += state.rewards()
                assert turns.tolist() == state.returns()
                legal = state.legal_actions()
                action = legal[int(rng.integers(len(legal)))]
            state.apply_action(action)
            rewards = state.rewards()
            if state.is_chance_node():
                assert rewards == [0.0] * game.num_players()
            every += rewards
        turns += state.rewards()
        assert every.tolist() == state.returns()
        assert turns.tolist() == state.returns()


PETTINGZOO_ENVS = [
    pytest.param(east_west_v0.env, 60, id="east_west"),
    pytest.param(z_poker_v0.env, 40, id="z_poker"),
    *(pytest.param(functools.partial(chinese_poker_v0.env, ChinesePokerRules(target=target),
                                     players=players, scope=scope),
                   40 if scope == "round" else 2 if target == 100 else 10,
                   id=f"chinese_poker_{players}_{scope}_{target}")
      for players in (2, 3, 4) for scope, target in SCOPES),
]


@pytest.mark.parametrize("make, games", PETTINGZOO_ENVS)
def test_pettingzoo_rewards_sum_to_the_returns(make, games) -> None:
    pytest.importorskip("pettingzoo", reason="PettingZoo is not installed")
    env = make()
    raw = env.unwrapped
    for seed in range(games):
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        # What each agent is told (its cumulative reward at each of its turns,
        # the last one after the end) and the rewards of every step.
        told = dict.fromkeys(env.possible_agents, 0.0)
        stepped = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, _ = env.last()
            assert reward == raw._cumulative_rewards[agent]
            told[agent] += reward
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            for name, value in raw.rewards.items():
                stepped[name] += value
        returns = raw.encoding.returns(raw.game_state)
        assert tuple(told.values()) == returns
        assert tuple(stepped.values()) == returns


@pytest.mark.parametrize("params", [{"players": 2, "scope": "game", "target": 20},
                                    {"players": 4, "scope": "round"}])
def test_openspiel_rl_environment_pays_the_returns(params) -> None:
    pytest.importorskip("pyspiel", reason="OpenSpiel is not installed")
    from open_spiel.python import rl_environment

    env = rl_environment.Environment(chinese_poker_v0.openspiel_game(**params), seed=5)
    rng = np.random.default_rng(5)
    for _ in range(4):
        step = env.reset()
        total = np.zeros(env.num_players)
        while not step.last():
            legal = step.observations["legal_actions"][step.observations["current_player"]]
            step = env.step([legal[int(rng.integers(len(legal)))]])
            total += step.rewards  # read at turns and the end, chance sampled between
        assert total.tolist() == env.get_state.returns()
