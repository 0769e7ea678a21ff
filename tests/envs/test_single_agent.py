"""The Gymnasium single-agent wrapper: Gymnasium's own checker, masks, rewards,
opponents of every kind, illegal actions, seeding; and PettingZoo's ``state()``
no longer shadowed by the game state."""

from __future__ import annotations

import re
import warnings
from typing import Any

import numpy as np
import pytest

from pokerrules import chinese_poker, eastwest, zpoker
from pokerrules.envs import chinese_poker_v0, east_west_v0, z_poker_v0
from pokerrules.errors import (
    ArgumentTypeError,
    GameOverError,
    IllegalMoveError,
    PokerRulesError,
)

gymnasium = pytest.importorskip("gymnasium", reason="Gymnasium is not installed")
from gymnasium.utils.env_checker import check_env  # noqa: E402

from pokerrules.envs.single_agent import SingleAgentEnv  # noqa: E402

ENCODINGS = [
    pytest.param(east_west_v0.EastWestEncoding, {}, id="east_west"),
    pytest.param(z_poker_v0.ZPokerEncoding, {}, id="z_poker"),
    pytest.param(chinese_poker_v0.ChinesePokerEncoding, {"players": 2}, id="chinese_poker_2"),
    pytest.param(chinese_poker_v0.ChinesePokerEncoding, {"players": 4}, id="chinese_poker_4"),
    pytest.param(chinese_poker_v0.ChinesePokerEncoding,
                 {"players": 3, "scope": "game", "rules": chinese_poker.ChinesePokerRules(
                     target=10)}, id="chinese_poker_3_game"),
]


def _episode(env: SingleAgentEnv, seed: int | None, rng: np.random.Generator) -> tuple[float, int]:
    """Plays one episode with random legal actions: (rewards summed, steps)."""
    env.reset(seed=seed)
    total, steps, done = 0.0, 0, False
    while not done:
        mask = env.action_masks()
        assert mask.dtype == np.bool_ and mask.shape == (env.encoding.num_actions,)
        _, reward, done, truncated, _ = env.step(int(rng.choice(np.flatnonzero(mask))))
        assert not truncated
        total += reward
        steps += 1
    assert not env.action_masks().any()
    return total, steps


@pytest.mark.parametrize("make, kwargs", ENCODINGS)
@pytest.mark.parametrize("flat", [False, True])
def test_gymnasium_check_env_passes(make, kwargs, flat) -> None:
    env = SingleAgentEnv(make(**kwargs), opponent="greedy", flat=flat, render_mode="ansi")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a warning of the checker is a failure
        warnings.filterwarnings("ignore", message=".*not having a spec.*")
        check_env(env)


@pytest.mark.parametrize("make, kwargs", ENCODINGS)
def test_rewards_sum_to_the_learners_return(make, kwargs) -> None:
    encoding = make(**kwargs)
    rng = np.random.default_rng(1)
    for seat in range(encoding.players):
        env = SingleAgentEnv(encoding, opponent="random", seat=seat)
        total, _ = _episode(env, seed=seat, rng=rng)
        assert total == encoding.returns(env.game_state)[seat]


@pytest.mark.parametrize("make, kwargs", ENCODINGS)
def test_observations_are_the_learners_own(make, kwargs) -> None:
    encoding = make(**kwargs)
    seat = encoding.players - 1
    env = SingleAgentEnv(encoding, seat=seat)
    flat = SingleAgentEnv(encoding, seat=seat, flat=True)
    observation, _ = env.reset(seed=4)
    plain, _ = flat.reset(seed=4)
    state = env.game_state
    assert state is not None and state.current_player == seat
    np.testing.assert_array_equal(observation["observation"], encoding.observe(state, seat))
    np.testing.assert_array_equal(plain, observation["observation"])
    np.testing.assert_array_equal(observation["action_mask"], encoding.action_mask(state))
    np.testing.assert_array_equal(env.action_masks(), encoding.action_mask(state) == 1)
    assert flat.observation_space.shape == (encoding.observation_size,)


def test_opponents_by_name_agent_or_callable() -> None:
    encoding = east_west_v0.EastWestEncoding()
    seen = []

    def lowest_row(observation: np.ndarray, mask: np.ndarray) -> int:
        seen.append((observation.dtype.name, mask.dtype.name))
        return int(np.flatnonzero(mask)[0])

    results = {}
    for opponent in ("greedy", eastwest.GreedyAgent(), lowest_row):
        env = SingleAgentEnv(encoding, opponent=opponent, seat=1)
        wins = 0
        for seed in range(40):
            env.reset(seed=seed)
            done = False
            while not done:
                _, reward, done, _, _ = env.step(int(np.flatnonzero(env.action_masks())[-1]))
            wins += reward > 0
        results[type(opponent).__name__] = wins
    assert seen and set(seen) == {("float32", "bool")}
    # The greedy agent by name and as an instance play alike.
    assert results["str"] == results["GreedyAgent"]


def test_every_shipped_agent_name_is_an_opponent() -> None:
    for module, encoding in ((eastwest, east_west_v0.EastWestEncoding()),
                             (zpoker, z_poker_v0.ZPokerEncoding())):
        for name in ("random", "greedy"):
            assert name in module.AGENTS
            env = SingleAgentEnv(encoding, opponent=name)
            env.reset(seed=0)


def test_bad_arguments_are_named() -> None:
    encoding = z_poker_v0.ZPokerEncoding()
    with pytest.raises(PokerRulesError, match=r"no agent 'champion'; its agents are .*greedy"):
        SingleAgentEnv(encoding, opponent="champion")
    with pytest.raises(ArgumentTypeError, match="opponent is an agent name"):
        SingleAgentEnv(encoding, opponent=3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="takes a game's Encoding"):
        SingleAgentEnv("z_poker_v0")  # type: ignore[arg-type]
    with pytest.raises(PokerRulesError, match="no player 2"):
        SingleAgentEnv(encoding, seat=2)
    with pytest.raises(PokerRulesError, match="render_mode"):
        SingleAgentEnv(encoding, render_mode="human")
    with pytest.raises(PokerRulesError, match="call reset"):
        SingleAgentEnv(encoding).step(0)


def saved(env: SingleAgentEnv) -> str:
    assert env.game_state is not None
    return env.game_state.to_json()


def test_illegal_actions_end_the_episode_or_raise() -> None:
    encoding = z_poker_v0.ZPokerEncoding()
    env = SingleAgentEnv(encoding, illegal_reward=-2.0)
    env.reset(seed=1)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    before = saved(env)
    _, reward, done, _, info = env.step(illegal)
    assert (reward, done, info) == (-2.0, True, {"illegal_action": True})
    assert saved(env) == before and not env.action_masks().any()
    with pytest.raises(GameOverError):
        env.step(0)
    strict = SingleAgentEnv(encoding, illegal_reward=None)
    strict.reset(seed=1)
    with pytest.raises(IllegalMoveError, match=f"action {illegal} "):
        strict.step(illegal)
    assert saved(strict) == before


def test_seeded_runs_repeat() -> None:
    encoding = chinese_poker_v0.ChinesePokerEncoding(players=3)

    def run() -> list[float]:
        env = SingleAgentEnv(encoding, opponent="greedy", flat=True)
        rng = np.random.default_rng(9)
        out: list[float] = []
        env.reset(seed=11)
        for _ in range(3):
            out.append(_episode(env, seed=None, rng=rng)[0] if out else
                       _episode(env, seed=11, rng=rng)[0])
        return out

    assert run() == run()


# --- PettingZoo ---------------------------------------------------------------
def test_pettingzoo_state_is_not_shadowed() -> None:
    pytest.importorskip("pettingzoo", reason="PettingZoo is not installed")
    from pettingzoo.test import api_test

    for env in (east_west_v0.env(), z_poker_v0.env(), chinese_poker_v0.env(players=3)):
        env.reset(seed=0)
        with pytest.raises(NotImplementedError, match="game_state"):
            env.state()
        assert env.unwrapped.game_state.current_player is not None
        api_test(env, num_cycles=20)


# --- opponents that fail, and arguments that are refused ---------------------
def _snapshot(env: SingleAgentEnv) -> tuple:
    """Everything a refused call must leave as it was."""
    from pokerrules.envs.encoding import AgentPolicy

    return (None if env.game_state is None else env.game_state.to_json(), env._returns,
            env._over, env.np_random.bit_generator.state,
            {seat: policy.rng.bit_generator.state for seat, policy in env._policies.items()
             if isinstance(policy, AgentPolicy)})


class _FailsOnce:
    """Plays the highest legal row, except on call number ``when``, where it
    returns ``bad`` (or raises it, for an exception)."""

    def __init__(self, bad: object, when: int) -> None:
        self.bad, self.when, self.calls = bad, when, 0

    def __call__(self, observation: np.ndarray, mask: np.ndarray) -> Any:
        self.calls += 1
        if self.calls == self.when:
            if isinstance(self.bad, BaseException):
                raise self.bad
            return self.bad
        return int(np.flatnonzero(mask)[-1])


def _highest_row(observation: np.ndarray, mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[-1])


@pytest.mark.parametrize("bad, error, message", [
    (7, IllegalMoveError, r"the opponent at seat 1 returned 7, refused: action 7 does not "
                          r"exist"),
    (None, ArgumentTypeError, r"the opponent at seat 1 returned None; an opponent returns an "
                              r"action index, an int from 0 to 2"),
    (1.9, ArgumentTypeError, r"the opponent at seat 1 returned 1\.9;"),
    ("0", ArgumentTypeError, r"the opponent at seat 1 returned '0';"),
    (float("nan"), ArgumentTypeError, r"the opponent at seat 1 returned nan;"),
    (True, ArgumentTypeError, r"the opponent at seat 1 returned True;"),
    (np.float64(1), ArgumentTypeError, r"returned np\.float64\(1\.0\);"),
    (RuntimeError("the policy broke"), RuntimeError, "the policy broke"),
    (KeyboardInterrupt(), KeyboardInterrupt, ""),
])
def test_a_failing_opponent_leaves_the_episode_as_it_was(bad, error, message) -> None:
    encoding = east_west_v0.EastWestEncoding()
    for when in (2, 5):  # the opponent's second and fifth moves, both within steps
        opponent = _FailsOnce(bad, when)
        env = SingleAgentEnv(encoding, opponent=opponent)
        reference = SingleAgentEnv(encoding, opponent=_highest_row)
        env.reset(seed=21)
        reference.reset(seed=21)
        failures, done = 0, False
        while not done:
            action = int(np.flatnonzero(env.action_masks())[0])
            before = _snapshot(env)
            try:
                got = env.step(action)
            except error as exc:
                assert re.search(message, str(exc)), str(exc)
                assert _snapshot(env) == before
                failures += 1
                got = env.step(action)  # the same move again, the opponent now replying
            expected = reference.step(action)
            np.testing.assert_array_equal(got[0]["observation"], expected[0]["observation"])
            assert got[1:] == expected[1:]
            done = got[2]
        assert failures == 1
        assert saved(env) == saved(reference)


def test_an_agent_opponent_whose_move_is_refused_is_named() -> None:
    class TopRowOnly:
        def choose(self, view, legal_moves, rng):
            return eastwest.PLACES[0]

    env = SingleAgentEnv(east_west_v0.EastWestEncoding(), opponent=TopRowOnly())
    env.reset(seed=8)
    with pytest.raises(IllegalMoveError, match=r"^the opponent at seat 1 returned 0, refused: "
                                               r"action 0 \(place the drawn card on row 0"):
        for _ in range(20):  # the learner fills the other rows; the top row fills up
            before = _snapshot(env)
            env.step(int(np.flatnonzero(env.action_masks())[-1]))
    assert _snapshot(env) == before


def test_illegal_reward_is_a_finite_number_or_none() -> None:
    encoding = east_west_v0.EastWestEncoding()
    value: Any
    for value in ("abc", [1], 1j, True, np.bool_(False), b"1", np.array([1.0])):
        with pytest.raises(ArgumentTypeError, match=r"^illegal_reward is None or a finite "
                                                    r"number, not "):
            SingleAgentEnv(encoding, illegal_reward=value)
    for value in (10**400, float("nan"), float("inf"), -np.inf):
        with pytest.raises(PokerRulesError, match=r"^illegal_reward is None or a finite number"):
            SingleAgentEnv(encoding, illegal_reward=value)
    for value, taken in ((-2, -2.0), (0.5, 0.5), (np.float32(-1.5), -1.5), (np.int64(3), 3.0),
                         (None, None)):
        env = SingleAgentEnv(encoding, illegal_reward=value)
        assert env.illegal_reward == taken and type(env.illegal_reward) is type(taken)


def test_flat_and_render_mode_are_checked() -> None:
    encoding = east_west_v0.EastWestEncoding()
    value: Any
    for value in (np.array([1, 2]), "no", 1, None, 0.0):
        with pytest.raises(ArgumentTypeError, match=r"^flat must be True or False, not "):
            SingleAgentEnv(encoding, flat=value)
    assert SingleAgentEnv(encoding, flat=np.bool_(True)).flat is True
    for value in (np.array([1, 2]), 1, "human", b"ansi"):
        with pytest.raises(PokerRulesError, match=r"^render_mode is None or 'ansi', not "):
            SingleAgentEnv(encoding, render_mode=value)


def test_a_refused_reset_seed_changes_nothing() -> None:
    env = SingleAgentEnv(z_poker_v0.ZPokerEncoding(), opponent="greedy")
    env.reset(seed=4)
    env.step(int(np.flatnonzero(env.action_masks())[0]))
    before = _snapshot(env)
    for seed in (1.5, "7", True, np.bool_(True), [1], np.float64(2.0)):
        with pytest.raises(ArgumentTypeError, match=r"^reset's seed is None or an int from 0 "
                                                    r"to 2\*\*53 - 1, not "):
            env.reset(seed=seed)  # type: ignore[arg-type]
        assert _snapshot(env) == before
    for seed in (-1, 2**53, np.int64(-3)):
        with pytest.raises(PokerRulesError, match=r"^reset's seed is None or an int from 0"):
            env.reset(seed=seed)
        assert _snapshot(env) == before
    # numpy integers are seeds, as for the PettingZoo environment.
    other = SingleAgentEnv(z_poker_v0.ZPokerEncoding(), opponent="greedy")
    assert saved_reset(env, np.int64(5)) == saved_reset(other, 5)
    assert saved_reset(env, np.uint8(2**53 - 1 & 0xFF)) == saved_reset(other, 255)


def saved_reset(env: SingleAgentEnv, seed: object) -> str:
    env.reset(seed=seed)  # type: ignore[arg-type]
    return saved(env)


def test_an_opponent_failing_before_the_learners_first_move_leaves_the_env_as_it_was() -> None:
    encoding = east_west_v0.EastWestEncoding()
    opponent = _FailsOnce(None, 0)
    env = SingleAgentEnv(encoding, opponent=opponent, seat=1)
    failures = 0
    for seed in range(30):  # seat 1 moves first in about half the games
        opponent.when = 0
        env.reset(seed=seed)
        opponent.calls, opponent.when = 0, 1
        before = _snapshot(env)
        try:
            env.reset(seed=seed + 1000)
        except ArgumentTypeError as exc:
            assert "the opponent at seat 0 returned None" in str(exc)
            assert _snapshot(env) == before
            failures += 1
    assert failures >= 5


def test_an_agent_move_without_an_action_index_is_named_with_the_seat() -> None:
    class NoMove:
        def choose(self, view, legal_moves, rng):
            return "top row"

    env = SingleAgentEnv(east_west_v0.EastWestEncoding(), opponent=NoMove())
    for seed in range(10):  # (seat 1 moves first in some of them: reset fails alike)
        try:
            env.reset(seed=seed)
        except IllegalMoveError as exc:
            assert str(exc).startswith("the opponent at seat 1: ")
            continue
        before = _snapshot(env)
        with pytest.raises(IllegalMoveError, match=r"^the opponent at seat 1: "):
            env.step(0)
        assert _snapshot(env) == before
