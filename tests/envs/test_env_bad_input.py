"""Bad input to the environments: every refusal is a PokerRulesError that
names the argument (an UnknownAgentError, also the KeyError PettingZoo's own
space lookups raise, for an unknown agent) and leaves the environment as it was."""

from __future__ import annotations

import functools

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


@given(make=st.sampled_from(MAKERS), call=st.sampled_from(
    ["reset", "observe", "action_space", "observation_space", "step", "action_name"]),
    value=ANYTHING, when=st.sampled_from(["before reset", "started", "over"]))
def test_anything_thrown_at_an_environment_is_refused_or_taken(make, call, value,
                                                              when) -> None:
    env = make()
    if when != "before reset":
        env.reset(seed=3)
    if when == "over":
        _play_to_the_end(env)
    before = _snapshot(env)
    target = env.unwrapped.encoding.action_name if call == "action_name" else \
        (lambda v: env.reset(seed=v)) if call == "reset" else getattr(env, call)
    try:
        target(value)
    except PokerRulesError:
        assert _snapshot(env) == before
    else:  # taken: a valid seed, agent, action or action index
        if call in ("observe", "action_space", "observation_space"):
            assert value in env.possible_agents
        elif call == "reset":
            assert value is None or (0 <= value < 2**53 and not isinstance(value, bool))
        elif call == "step" and when == "over":
            assert value is None
        else:
            assert 0 <= value < env.unwrapped.encoding.num_actions
            assert not isinstance(value, (bool, float, np.floating))


@given(game=st.sampled_from(["east_west", "z_poker", "chinese_poker"]),
       name=st.sampled_from(["rules", "players", "scope", "render_mode"]), value=ANYTHING)
def test_anything_thrown_at_a_game_constructor_is_refused_or_taken(game, name, value) -> None:
    module = {"east_west": east_west_v0, "z_poker": z_poker_v0,
              "chinese_poker": chinese_poker_v0}[game]
    encodings = {"east_west": EastWestEncoding, "z_poker": ZPokerEncoding,
                 "chinese_poker": ChinesePokerEncoding}
    if name in ("players", "scope") and game != "chinese_poker":
        calls = [lambda: encodings[game](**{name: value})] if name == "players" else []
    elif name == "render_mode":
        calls = [lambda: module.env(**{name: value})]
    else:
        calls = [lambda: module.env(**{name: value}), lambda: encodings[game](**{name: value})]
    for call in calls:
        try:
            call()
        except PokerRulesError:
            pass


@given(game=st.sampled_from(["east_west", "z_poker", "chinese_poker"]),
       name=st.sampled_from(["win_rule", "ace_low_straight", "hand_size", "players", "scope",
                             "target", "open_choice", "foo"]), value=ANYTHING)
def test_anything_thrown_at_an_openspiel_game_is_refused_or_taken(game, name, value) -> None:
    pytest.importorskip("pyspiel", reason="OpenSpiel is not installed")
    module = {"east_west": east_west_v0, "z_poker": z_poker_v0,
              "chinese_poker": chinese_poker_v0}[game]
    try:
        module.openspiel_game(**{name: value})
    except PokerRulesError:
        pass


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
