"""Bad input to the environments: every refusal is a PokerRulesError that
names the argument (an UnknownAgentError, also the KeyError PettingZoo's own
space lookups raise, for an unknown agent) and leaves the environment as it was."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerrules.chinese_poker import MAX_TARGET, ChinesePokerRules
from pokerrules.envs import (
    ChinesePokerEncoding,
    EastWestEncoding,
    ZPokerEncoding,
    chinese_poker_v0,
    east_west_v0,
    z_poker_v0,
)
from pokerrules.errors import (
    ArgumentTypeError,
    IllegalMoveError,
    PokerRulesError,
    UnknownAgentError,
)
from pokerrules.zpoker import ZPokerRules

pytest.importorskip("pettingzoo", reason="PettingZoo is not installed")

pytestmark = pytest.mark.fast

ENVS = [
    pytest.param(east_west_v0.env, id="east_west"),
    pytest.param(z_poker_v0.env, id="z_poker"),
    pytest.param(functools.partial(chinese_poker_v0.env, players=3), id="chinese_poker_3"),
    pytest.param(functools.partial(chinese_poker_v0.env, ChinesePokerRules(target=20),
                                   players=2, scope="game"), id="chinese_poker_2_game"),
]
MAKERS = [p.values[0] for p in ENVS]


def _snapshot(env) -> tuple:
    """Everything a refused call must leave as it was."""
    raw = env.unwrapped
    return (raw.game_state.to_json() if raw.game_state is not None else None,
            raw._seeds.bit_generator.state, getattr(raw, "agent_selection", None),
            list(getattr(raw, "agents", [])), dict(getattr(raw, "rewards", {})),
            dict(getattr(raw, "_cumulative_rewards", {})),
            dict(getattr(raw, "terminations", {})))


# ------------------------------------------------- seeds, agents, actions, rules
@pytest.mark.parametrize("make", ENVS)
@pytest.mark.parametrize("seed", [-1, np.int64(-1), 2**53, 2**63, -(2**70)])
def test_a_seed_out_of_range_is_refused_and_changes_nothing(make, seed) -> None:
    for started in (False, True):
        env = make()
        if started:
            env.reset(seed=4)
            env.step(int(np.flatnonzero(env.last()[0]["action_mask"])[0]))
        before = _snapshot(env)
        with pytest.raises(PokerRulesError, match=r"^reset's seed is None or an int from 0 "
                                                  r"to 2\*\*53 - 1, not \S*\d+\)?$") as info:
            env.reset(seed=seed)
        assert not isinstance(info.value, TypeError)
        assert _snapshot(env) == before
        # The generator is the one the last good seed made: the next seedless
        # reset deals what it would have dealt.
        env.reset()
        again = make()
        if started:
            again.reset(seed=4)
        else:
            again.unwrapped._seeds = np.random.default_rng()
            again.unwrapped._seeds.bit_generator.state = before[1]
        again.reset()
        assert again.unwrapped.game_state.to_json() == env.unwrapped.game_state.to_json()


@pytest.mark.parametrize("make", ENVS)
def test_a_seed_of_another_type_is_an_argument_type_error(make) -> None:
    env = make()
    env.reset(seed=1)
    before = _snapshot(env)
    for seed in (1.0, "1", b"1", True, [1], np.float64(2)):
        with pytest.raises(ArgumentTypeError, match=r"^reset's seed is None or an int"):
            env.reset(seed=seed)
        assert _snapshot(env) == before
    for seed in (0, 2**53 - 1, np.uint64(7)):  # the edges, and numpy integers
        env.reset(seed=seed)


@pytest.mark.parametrize("make", ENVS)
def test_an_unknown_agent_is_named(make) -> None:
    env = make()
    env.reset(seed=2)
    before = _snapshot(env)
    for call in (env.observe, env.action_space, env.observation_space):
        for agent in ("player_9", "player_-1", "", 0, None, ["player_0"], b"player_0"):
            with pytest.raises(UnknownAgentError, match=r"^there is no agent .*; the agents "
                                                        r"are player_0, player_1") as info:
                call(agent)
            # PettingZoo's own space lookups raise KeyError; observe's old error
            # was a ValueError: both still catch it.
            assert isinstance(info.value, KeyError) and isinstance(info.value, ValueError)
            assert _snapshot(env) == before
    with pytest.raises(UnknownAgentError, match="there is no agent 'player_9'"):
        env.observe("player_9")
    assert env.action_space(np.str_("player_1")) == env.action_space("player_1")
    # Before the first reset too (the agent is checked first).
    with pytest.raises(UnknownAgentError):
        make().observe("player_9")
    with pytest.raises(PokerRulesError, match="reset"):
        make().observe("player_0")


@pytest.mark.parametrize("encoding", [EastWestEncoding(), ZPokerEncoding(),
                                      ChinesePokerEncoding(players=2)], ids=repr)
def test_action_name_refuses_what_is_no_action(encoding) -> None:
    last = encoding.num_actions - 1
    assert encoding.action_name(np.int64(last)) == encoding.action_name(last)
    for action in (2**63, 2**64, -1, last + 1, np.int64(-1)):
        with pytest.raises(IllegalMoveError, match=rf"does not exist; {encoding.name} actions "
                                                   rf"are 0 to {last}$"):
            encoding.action_name(action)
    for action in (None, 1.5, "1", b"1", [1], True, np.float64(1)):
        with pytest.raises(ArgumentTypeError, match="is no int"):
            encoding.action_name(action)


@pytest.mark.parametrize("make, kind", [
    (chinese_poker_v0.env, "ChinesePokerRules"), (z_poker_v0.env, "ZPokerRules"),
    (east_west_v0.env, "EastWestRules"), (ChinesePokerEncoding, "ChinesePokerRules"),
    (ZPokerEncoding, "ZPokerRules"), (EastWestEncoding, "EastWestRules")])
def test_rules_of_another_kind_are_refused(make, kind) -> None:
    other = ZPokerRules() if kind == "ChinesePokerRules" else ChinesePokerRules()
    for rules in ("x", 1.5, -1, 0, [1], True, other):
        with pytest.raises(PokerRulesError, match=kind):
            make(rules=rules)


def test_a_game_too_long_for_openspiel_is_refused_naming_the_target() -> None:
    pytest.importorskip("pyspiel", reason="OpenSpiel is not installed")
    with pytest.raises(PokerRulesError, match=r"target must be a whole number from 1 to 10,000"):
        chinese_poker_v0.openspiel_game(target=10**7, scope="game")
    for players in (2, 3, 4):
        longest = chinese_poker_v0.openspiel_game(players=players, target=MAX_TARGET, scope="game")
        assert 10**5 < longest.max_game_length() <= 2**31 - 1
    # A round is short whatever the target; an int OpenSpiel cannot hold is named.
    assert chinese_poker_v0.openspiel_game(target=MAX_TARGET).max_game_length() < 10**5
    with pytest.raises(PokerRulesError, match="target 2147483648 does not fit"):
        chinese_poker_v0.openspiel_game(target=2**31)


def test_openspiel_parameters_are_checked_before_openspiel_sees_them() -> None:
    pytest.importorskip("pyspiel", reason="OpenSpiel is not installed")
    with pytest.raises(PokerRulesError, match=r"has no parameter 'foo'; its parameters are "
                                              r"open_choice, players, scope, target$"):
        chinese_poker_v0.openspiel_game(foo=1)
    for params, message in (({"target": "x"}, "target is an int, not 'x'"),
                            ({"target": 1.5}, "target is an int, not 1.5"),
                            ({"target": True}, "target is an int, not True"),
                            ({"open_choice": 1}, "open_choice is a bool, not 1"),
                            ({"players": None}, "players is an int, not None")):
        with pytest.raises(ArgumentTypeError, match=message):
            chinese_poker_v0.openspiel_game(**params)
    with pytest.raises(ArgumentTypeError, match="hand_size is an int, not \\[1\\]"):
        z_poker_v0.openspiel_game(hand_size=[1])
    with pytest.raises(ArgumentTypeError, match="win_rule is a str, not 3"):
        east_west_v0.openspiel_game(win_rule=3)
    # numpy scalars are the plain values.
    assert str(z_poker_v0.openspiel_game(hand_size=np.int64(12))) == \
        "pokerrules_z_poker(hand_size=12)"


def _play_to_the_end(env) -> None:
    """Plays the first legal action until every agent is done."""
    while not all(env.terminations.values()):
        env.step(int(np.flatnonzero(env.last()[0]["action_mask"])[0]))


@pytest.mark.parametrize("make", ENVS)
def test_an_action_for_an_agent_that_is_done_is_refused(make) -> None:
    env = make()
    env.reset(seed=6)
    _play_to_the_end(env)
    before = _snapshot(env)
    for action in (0, 1, np.int64(0), "pass", 1.5):
        with pytest.raises(IllegalMoveError, match=r"^player_\d is done: its only action is "
                                                   r"None, not "):
            env.step(action)
        assert _snapshot(env) == before
    for _ in env.possible_agents:
        env.step(None)
    assert not env.agents
    with pytest.raises(PokerRulesError, match="the episode is over"):
        env.step(None)


# ------------------------------------------------------------------ the fuzz
ANYTHING = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(-3, 2000),
    st.floats(allow_nan=True), st.text(max_size=12), st.binary(max_size=8),
    st.sampled_from(["player_0", "player_1", "player_3", "player_9", "player_01"]),
    st.lists(st.integers(0, 3), max_size=3), st.tuples(st.integers()),
    st.builds(np.int64, st.integers(-(2**63), 2**63 - 1)),
    st.builds(np.float64, st.floats()), st.dictionaries(st.text(max_size=3), st.integers(),
                                                        max_size=2),
)


def or_anything(valid: st.SearchStrategy) -> st.SearchStrategy:
    """A value of ``valid`` or anything at all, about as often (one_of would
    flatten ``valid`` into ANYTHING's many branches and draw it rarely). Hypothesis
    draws no input twice, so ``valid`` needs many values to be drawn often."""
    return st.booleans().flatmap(lambda good: valid if good else ANYTHING)


def assert_taken(taken: Counter[str], kinds: Sequence[str], least: int) -> None:
    """The fuzzer's accepting branch ran: for every kind of call, and ``least``
    times in all (a fuzzer whose every input is refused checks nothing)."""
    assert all(taken[kind] for kind in kinds) and sum(taken.values()) >= least, taken


def test_anything_thrown_at_an_environment_is_refused_or_taken() -> None:
    taken: Counter[str] = Counter()

    @given(make=st.sampled_from(MAKERS), call=st.sampled_from(
        ["reset", "observe", "action_space", "observation_space", "step", "action_name"]),
        data=st.data())
    def check(make, call, data) -> None:
        when = data.draw(st.sampled_from(
            ["started", "over"] if call == "step" else ["before reset", "started", "over"]))
        env = make()
        if when != "before reset":
            env.reset(seed=3)
        if when == "over":
            _play_to_the_end(env)
        if call == "step":
            valid = [None] if when != "started" else \
                [int(a) for a in np.flatnonzero(env.last()[0]["action_mask"])]
        else:
            valid = {"reset": [None, 0, 2**53 - 1, np.int64(9)],
                     "action_name": [0, np.int64(1)]}.get(call, env.possible_agents)
        valid_values = st.sampled_from(valid)
        if call == "reset":
            valid_values |= st.integers(0, 2**53 - 1)
        elif call == "action_name":
            valid_values |= st.integers(0, env.unwrapped.encoding.num_actions - 1)
        value = data.draw(or_anything(valid_values))
        before = _snapshot(env)
        target = env.unwrapped.encoding.action_name if call == "action_name" else \
            (lambda v: env.reset(seed=v)) if call == "reset" else getattr(env, call)
        try:
            target(value)
        except PokerRulesError:
            assert _snapshot(env) == before
            return
        # taken: a valid seed, agent, action or action index
        if call in ("observe", "action_space", "observation_space"):
            assert value in env.possible_agents
        elif call == "reset":
            assert value is None or (0 <= value < 2**53 and not isinstance(value, bool))
        elif call == "step" and when == "over":
            assert value is None
        else:
            assert 0 <= value < env.unwrapped.encoding.num_actions
            assert not isinstance(value, (bool, float, np.floating))
        taken["agent" if call in ("observe", "action_space", "observation_space") else
              call] += 1

    check()
    assert_taken(taken, ("reset", "agent", "step", "action_name"), 25)


GAME_MODULES = {"east_west": east_west_v0, "z_poker": z_poker_v0,
                "chinese_poker": chinese_poker_v0}
VALID_OPTIONS: dict[str, list[Any]] = {
    "rules": [None], "players": [2, 3, np.int64(2)], "scope": ["round", "game"],
    "render_mode": [None, "ansi", "human"]}


def test_anything_thrown_at_a_game_constructor_is_refused_or_taken() -> None:
    taken: Counter[str] = Counter()
    encodings = {"east_west": EastWestEncoding, "z_poker": ZPokerEncoding,
                 "chinese_poker": ChinesePokerEncoding}

    @given(game=st.sampled_from(sorted(GAME_MODULES)), data=st.data())
    def check(game, data) -> None:
        name = data.draw(st.sampled_from(
            sorted(VALID_OPTIONS) if game == "chinese_poker" else
            ["players", "render_mode", "rules"]))
        value = data.draw(or_anything(st.sampled_from(VALID_OPTIONS[name])))
        module = GAME_MODULES[game]
        if name in ("players", "scope") and game != "chinese_poker":
            calls = [lambda: encodings[game](**{name: value})] if name == "players" else []
        elif name == "render_mode":
            calls = [lambda: module.env(**{name: value})]
        else:
            calls = [lambda: module.env(**{name: value}),
                     lambda: encodings[game](**{name: value})]
        for call in calls:
            try:
                call()
            except PokerRulesError:
                continue
            taken[game] += 1

    check()
    assert_taken(taken, sorted(GAME_MODULES), 8)


#: Each OpenSpiel parameter of the games (and one that none has), with good values.
OPENSPIEL_PARAMETERS: dict[str, list[Any]] = {
    "win_rule": ["majority", "two_rows"], "ace_low_straight": [True, np.bool_(False)],
    "flush_beats_full_house": [False], "hand_size": [4, 7, 14], "players": [2, 3, 4],
    "scope": ["round", "game"], "target": [1, 50, np.int64(100)], "open_choice": [True],
    "foo": [1]}


def test_anything_thrown_at_an_openspiel_game_is_refused_or_taken() -> None:
    pytest.importorskip("pyspiel", reason="OpenSpiel is not installed")
    taken: Counter[str] = Counter()

    @given(game=st.sampled_from(sorted(GAME_MODULES)),
           data=st.data())
    def check(game, data) -> None:
        own = sorted(GAME_MODULES[game].openspiel_game().get_parameters())
        name = data.draw(st.sampled_from([*own, "foo"]))
        good = st.sampled_from(OPENSPIEL_PARAMETERS[name])
        if name in ("target", "hand_size"):
            good |= st.integers(1, 10_000) if name == "target" else st.integers(4, 14)
        value = data.draw(or_anything(good))
        try:
            GAME_MODULES[game].openspiel_game(**{name: value})
        except PokerRulesError:
            return
        taken[game] += 1

    check()
    assert_taken(taken, sorted(GAME_MODULES), 10)


# ------------------------------------------------ options, observers, samplers
def test_make_env_refuses_an_unknown_option_naming_the_games_options() -> None:
    from pokerrules.envs import make_env

    for game, option, options in (
            ("east-west", "players", "render_mode, rules"),
            ("z-poker", "bogus", "render_mode, rules"),
            ("chinese-poker", "seat", "players, render_mode, rules, scope")):
        with pytest.raises(PokerRulesError, match=rf"^{game}'s environment has no option "
                                                  rf"'{option}'; its options are {options}$"):
            make_env(game, **{option: 2})
    assert make_env("chinese-poker", players=3, scope="game").unwrapped.encoding.players == 3
    assert make_env("EastWest", render_mode="ansi").render_mode == "ansi"


def _decision_state(game, seed: int = 0):
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
    return state


def test_make_py_observer_refuses_what_is_no_observation_type() -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed")
    game = east_west_v0.openspiel_game()
    kind: Any
    params: Any
    for kind in (5, "x", {}, [], pyspiel.PrivateInfoType.NONE):
        with pytest.raises(ArgumentTypeError, match=r"^iig_obs_type is None or a "
                                                    r"pyspiel\.IIGObservationType, not "):
            game.make_py_observer(kind)
    for params in (5, [1], "x", {"a": 1}, True):
        with pytest.raises(PokerRulesError, match=r"^pokerrules_east_west observations take no "
                                                  r"parameters: params is None or \{\}, not "):
            game.make_py_observer(None, params)
    state = _decision_state(game)
    for params in (None, {}):
        observer = game.make_py_observer(None, params)
        observer.set_from(state, 0)
        np.testing.assert_array_equal(observer.tensor, state.observation_tensor(0))


def test_a_sampler_must_give_a_number_from_0_to_1() -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed")
    state = _decision_state(z_poker_v0.openspiel_game())
    player = state.current_player()
    value: Any
    for value in (float("nan"), float("inf"), -0.5, 1.0, 10**400, 2, -(10**30)):
        with pytest.raises(PokerRulesError, match=r"^resample_from_infostate: "
                                                  r"probability_sampler\(\) gave "):
            state.resample_from_infostate(player, lambda v=value: v)
    for value in (None, "0.5", True, np.bool_(False), [0.5], 0.5j):
        with pytest.raises(ArgumentTypeError, match=r"probability_sampler\(\) gave .*; it gives "
                                                    r"a number from 0 to 1 \(1 excluded\)"):
            state.resample_from_infostate(player, lambda v=value: v)
    for sampler in (5, None, 0.5, "uniform"):
        with pytest.raises(ArgumentTypeError, match=r"^resample_from_infostate: "
                                                    r"probability_sampler is a callable"):
            state.resample_from_infostate(player, sampler)
    for value in (0, 0.0, np.float64(0.25), np.float32(0.999), 0.9999999999999999):
        world = state.resample_from_infostate(player, lambda v=value: v)
        assert world.observation_string(player) == state.observation_string(player)
    world = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert world.observation_string(player) == state.observation_string(player)


def test_a_world_is_dealt_at_the_end_of_a_chinese_poker_round() -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed")
    game = chinese_poker_v0.openspiel_game(players=2)
    rng = np.random.default_rng(3)
    state = game.new_initial_state()
    while not state.is_terminal():
        legal = ([a for a, _ in state.chance_outcomes()] if state.is_chance_node()
                 else state.legal_actions())
        state.apply_action(legal[int(rng.integers(len(legal)))])
    for player in (0, 1):
        world = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0., 1.))
        assert world.is_terminal() and world.returns() == state.returns()
        assert world.observation_string(player) == state.observation_string(player)


# ------------------- the fuzz of the single-agent environment and of OpenSpiel's
def _single_agent_snapshot(env) -> tuple:
    """What a refused call must leave as it was in a SingleAgentEnv."""
    from pokerrules.envs.encoding import AgentPolicy

    return (None if env.game_state is None else env.game_state.to_json(), env._returns,
            env._over, env.np_random.bit_generator.state,
            {s: p.rng.bit_generator.state for s, p in env._policies.items()
             if isinstance(p, AgentPolicy)})


def test_anything_thrown_at_a_single_agent_environment_is_refused_or_taken() -> None:
    pytest.importorskip("gymnasium", reason="Gymnasium is not installed")
    from pokerrules._checks import is_int
    from pokerrules.envs.single_agent import SingleAgentEnv

    encodings = [EastWestEncoding(), ZPokerEncoding(), ChinesePokerEncoding(players=3)]
    taken: Counter[str] = Counter()
    good = {
        "action": st.integers(0, 2) | st.builds(np.int64, st.integers(0, 2)),
        "seed": st.none() | st.integers(0, 2**53 - 1) | st.builds(np.uint32, st.integers(0, 99)),
        "illegal_reward": st.none() | st.floats(-1e300, 1e300) | st.integers(-(2**60), 2**60),
        "flat": st.booleans() | st.builds(np.bool_, st.booleans()),
        # (the k-th legal action, as an int or a numpy int: see below)
        "opponent returns": st.tuples(st.integers(0, 20), st.sampled_from([int, np.int16])),
    }

    @given(encoding=st.sampled_from(encodings), call=st.sampled_from(sorted(good)),
           data=st.data())
    def check(encoding, call, data) -> None:
        value = data.draw(or_anything(good[call]))
        if call in ("illegal_reward", "flat"):
            try:
                env = SingleAgentEnv(encoding, **{call: value})
            except PokerRulesError:
                return
            if call == "flat":
                assert isinstance(value, (bool, np.bool_)) and env.flat is bool(value)
            else:
                assert value is None or (
                    not isinstance(value, (bool, np.bool_))
                    and isinstance(env.illegal_reward, float)
                    and np.isfinite(env.illegal_reward) and env.illegal_reward == float(value))
            taken[call] += 1
            return
        if call == "opponent returns":
            good_reply = (isinstance(value, tuple) and len(value) == 2
                          and value[1] in (int, np.int16))

            def opponent(observation: np.ndarray, mask: np.ndarray) -> Any:
                if not good_reply:
                    return value
                legal = np.flatnonzero(mask)
                return value[1](legal[value[0] % len(legal)])

            env = SingleAgentEnv(encoding, opponent=opponent, seat=0)
        else:
            env = SingleAgentEnv(encoding, opponent="random")
        try:
            env.reset(seed=5)
        except PokerRulesError:  # (a bad reply before the learner's first move)
            assert call == "opponent returns" and not good_reply and env.game_state is None
            return
        before = _single_agent_snapshot(env)
        try:
            if call == "seed":
                env.reset(seed=value)
            else:
                legal = int(np.flatnonzero(env.action_masks())[0])
                env.step(value if call == "action" else legal)
        except PokerRulesError:
            assert _single_agent_snapshot(env) == before
            assert call != "opponent returns" or not good_reply
            return
        if call == "seed":
            assert value is None or (is_int(value) and 0 <= value < 2**53)
        elif call == "action":  # an int: legal, or illegal and ending the episode
            assert is_int(value)
        else:
            assert good_reply or (is_int(value) and 0 <= value < encoding.num_actions)
        taken[call] += 1

    check()
    assert_taken(taken, sorted(good), 30)


def test_anything_as_an_observation_type_or_its_parameters_is_refused_or_taken() -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed")
    games = [east_west_v0.openspiel_game(), z_poker_v0.openspiel_game(),
             chinese_poker_v0.openspiel_game(players=2)]
    states = [_decision_state(game, seed) for seed, game in enumerate(games)]
    kinds = [None] + [pyspiel.IIGObservationType(public_info=public, perfect_recall=recall,
                                                 private_info=private)
                      for public in (True, False) for recall in (True, False)
                      for private in (pyspiel.PrivateInfoType.NONE,
                                      pyspiel.PrivateInfoType.SINGLE_PLAYER,
                                      pyspiel.PrivateInfoType.ALL_PLAYERS)]
    taken: Counter[str] = Counter()

    @given(which=st.integers(0, len(games) - 1), player=st.integers(0, 1),
           kind=or_anything(st.sampled_from(kinds)),
           params=or_anything(st.sampled_from([None, {}])))
    def check(which, player, kind, params) -> None:
        game, state = games[which], states[which]
        try:
            observer = game.make_py_observer(kind, params)
        except PokerRulesError:
            return
        assert kind is None or isinstance(kind, pyspiel.IIGObservationType)
        assert params is None or params == {}
        observer.set_from(state, player)
        public = kind is not None and kind.private_info == pyspiel.PrivateInfoType.NONE
        np.testing.assert_array_equal(
            observer.tensor, game.encoding.observe(state.game_state, player, public))
        assert observer.string_from(state, player)
        taken[game.get_type().short_name] += 1

    check()
    assert_taken(taken, [g.get_type().short_name for g in games], 8)


def test_anything_a_sampler_gives_is_refused_or_taken() -> None:
    pytest.importorskip("pyspiel", reason="OpenSpiel is not installed")
    games = [east_west_v0.openspiel_game(), z_poker_v0.openspiel_game(),
             chinese_poker_v0.openspiel_game(players=3)]
    states = [_decision_state(game, seed) for seed, game in enumerate(games)]
    taken: Counter[str] = Counter()
    good = (st.floats(0, 1, exclude_max=True) | st.builds(np.float32, st.floats(0, 0.99))
            | st.just(0))

    @given(which=st.integers(0, len(games) - 1), gives=or_anything(good),
           callable_sampler=st.booleans())
    def check(which, gives, callable_sampler) -> None:
        state = states[which]
        player = state.current_player()
        sampler = (lambda: gives) if callable_sampler else gives
        try:
            world = state.resample_from_infostate(player, sampler)
        except PokerRulesError:
            return
        assert callable_sampler and 0 <= float(gives) < 1
        assert not isinstance(gives, (bool, np.bool_))
        assert world.observation_string(player) == state.observation_string(player)
        taken[games[which].get_type().short_name] += 1

    check()
    assert_taken(taken, [g.get_type().short_name for g in games], 12)


def test_any_text_as_a_serialized_state_is_refused_or_loads_that_history() -> None:
    pytest.importorskip("pyspiel", reason="OpenSpiel is not installed")
    game = z_poker_v0.openspiel_game(hand_size=4)
    rng = np.random.default_rng(1)
    state = game.new_initial_state()
    while not state.is_terminal():
        legal = ([a for a, _ in state.chance_outcomes()] if state.is_chance_node()
                 else state.legal_actions())
        state.apply_action(legal[int(rng.integers(len(legal)))])
    genuine = state.serialize().splitlines()
    line = st.one_of(st.sampled_from(genuine), st.integers(0, 500).map(str), st.text(max_size=4),
                     st.sampled_from(["", " 1", "-1", "01", "00", "1.0", "__dict__=gASV"]))
    taken: Counter[str] = Counter()

    @given(kind=st.sampled_from(["prefix", "edited", "lines", "text"]), data=st.data())
    def check(kind, data) -> None:
        cut = data.draw(st.integers(0, len(genuine)))
        if kind == "prefix":
            text = "".join(f"{a}\n" for a in genuine[:cut])
            if data.draw(st.booleans()):
                text = text.removesuffix("\n")
        elif kind == "edited":
            lines = list(genuine[:cut])
            at = data.draw(st.integers(0, len(lines)))
            lines[at:at + data.draw(st.integers(0, 1))] = [data.draw(line)]
            text = "\n".join(lines) + data.draw(st.sampled_from(["", "\n"]))
        elif kind == "lines":
            text = "\n".join(data.draw(st.lists(line, max_size=30)))
        else:
            text = data.draw(st.text(max_size=60) | ANYTHING)
        try:
            loaded = game.deserialize_state(text)
        except PokerRulesError:
            return
        assert isinstance(text, str)
        assert loaded.serialize() == (text if text.endswith("\n") or not text else text + "\n")
        taken[kind] += 1

    check()
    assert_taken(taken, ["prefix"], 12)
