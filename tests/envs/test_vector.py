"""The vector environment's API: Gymnasium's checks and vector wrappers, next-step
autoreset, seeds, self-play, the games without one, and bad input refused with the
game named and no game of the batch changed."""

from __future__ import annotations

import copy
import warnings

import numpy as np
import pytest

from pokerrules.eastwest import PLACES, EastWestRules, new_game
from pokerrules.envs.east_west_v0 import EastWestEncoding
from pokerrules.errors import (
    ArgumentTypeError,
    HandSizeError,
    IllegalMoveError,
    PokerRulesError,
    UnknownGameError,
)

gymnasium = pytest.importorskip("gymnasium", reason="Gymnasium is not installed")
from gymnasium.utils import env_checker  # noqa: E402
from gymnasium.utils.passive_env_checker import data_shares_objects  # noqa: E402
from gymnasium.vector import AutoresetMode, VectorEnv  # noqa: E402
from gymnasium.wrappers import vector as vector_wrappers  # noqa: E402

from pokerrules.envs.vector import make_vec  # noqa: E402

pytestmark = pytest.mark.fast

N = 6


def _masked(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return (rng.random(mask.shape) * mask).argmax(axis=1)


def _same(a, b) -> None:
    """Two step (or reset) returns are equal, info included."""
    assert env_checker.data_equivalence(a, b, exact=True)


# --- Gymnasium's checks -----------------------------------------------------------

@pytest.mark.parametrize("opponent", ["random", "greedy", None])
def test_gymnasiums_reset_checks_pass(opponent):
    env = make_vec("east-west", N, opponent=opponent)
    assert isinstance(env, VectorEnv)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        env_checker.check_reset_seed_determinism(env)
        env_checker.check_reset_return_type(env)
        env_checker.check_reset_options(env)
        env_checker.check_reset_return_info_deprecation(env)
        env_checker.check_seed_deprecation(env)
        env_checker.check_space_limit(env.single_observation_space, "observation")


@pytest.mark.parametrize("opponent", ["random", "greedy", None, "heuristic"])
def test_steps_stay_in_the_spaces_are_deterministic_and_share_no_data(opponent):
    envs = [make_vec("east-west", N, opponent=opponent) for _ in range(2)]
    assert envs[0].metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    assert envs[0].action_space == gymnasium.spaces.MultiDiscrete([3] * N)
    rngs = [np.random.default_rng(1), np.random.default_rng(1)]
    outs = [env.reset(seed=123) for env in envs]
    _same(outs[0], outs[1])
    for _ in range(60):  # past two episodes
        before = outs[0]
        outs = [env.step(_masked(out[-1]["action_mask"], rng))
                for env, out, rng in zip(envs, outs, rngs)]
        _same(outs[0], outs[1])
        obs, rewards, terminations, truncations, info = outs[0]
        assert obs in envs[0].observation_space
        assert rewards.shape == terminations.shape == truncations.shape == (N,)
        assert terminations.dtype == truncations.dtype == np.bool_
        assert info["action_mask"].shape == (N, 3) and info["action_mask"].dtype == np.bool_
        assert not data_shares_objects(before, outs[0])
        np.testing.assert_array_equal(envs[0].action_masks(), info["action_mask"])


def test_gymnasiums_vector_wrappers_run_it():
    env = make_vec("east-west", N, opponent="greedy")
    env = vector_wrappers.RecordEpisodeStatistics(env)
    env = vector_wrappers.NormalizeObservation(env)  # takes next-step autoreset only
    env = vector_wrappers.DictInfoToList(env)
    obs, infos = env.reset(seed=4)
    assert obs.shape == (N, 330) and len(infos) == N
    rng = np.random.default_rng(0)
    episodes = 0
    for _ in range(30):
        actions = _masked(np.array([i["action_mask"] for i in infos]), rng)
        obs, _, _, _, infos = env.step(actions)
        episodes += sum("episode" in i for i in infos)
    assert episodes >= N  # every game ended at least once


# --- autoreset and seeds ------------------------------------------------------------

def test_next_step_autoreset_deals_the_next_seed_and_ignores_the_action():
    env = make_vec("east-west", 3, opponent="random", seat=0)
    encoding = EastWestEncoding()
    obs, info = env.reset(seed=50)
    rng = np.random.default_rng(3)
    for _ in range(12):  # a learner places 12 cards a game
        obs, rewards, terminations, _, info = env.step(_masked(info["action_mask"], rng))
    assert terminations.all() and set(rewards) <= {-1.0, 0.0, 1.0}
    assert info["action_mask"].all()
    obs, rewards, terminations, _, info = env.step(np.array([2, 2, 2]))  # ignored
    assert not terminations.any() and not rewards.any()
    for i in range(3):  # episode 2 of game i: seed 50 + i + 3
        game = new_game(seed=53 + i)
        if game.current_player != 0:
            assert obs[i][320:326].sum() == 0.25  # the opponent placed one card
        else:
            np.testing.assert_array_equal(obs[i], encoding.observe(game, 0))


def test_reset_without_a_seed_takes_make_vecs_seed_once_then_entropy():
    env = make_vec("east-west", N, seed=77)
    first, _ = env.reset()
    again, _ = make_vec("east-west", N).reset(seed=77)
    np.testing.assert_array_equal(first, again)
    later = [env.reset()[0] for _ in range(3)]
    assert not all(np.array_equal(first, o) for o in later)


def test_a_seed_near_the_limit_is_taken_while_every_game_fits():
    env = make_vec("east-west", N)
    env.reset(seed=2**53 - N)
    with pytest.raises(PokerRulesError, match=rf"game {N - 1} from seed {2**53}"):
        env.reset(seed=2**53 - N + 1)


# --- self-play ------------------------------------------------------------------------

def test_self_play_gives_the_mover_and_both_seats_rewards():
    env = make_vec("east-west", N, opponent=None)
    encoding = EastWestEncoding()
    obs, info = env.reset(seed=200)
    games = [new_game(seed=200 + i) for i in range(N)]
    rng = np.random.default_rng(5)
    for move in range(24):
        for i, game in enumerate(games):
            assert info["player"][i] == game.current_player
            np.testing.assert_array_equal(obs[i], encoding.observe(game, game.current_player))
            assert obs[i][326] == 1.0  # the observer is to move
        actions = _masked(info["action_mask"], rng)
        for i, game in enumerate(games):
            game.play(PLACES[actions[i]])
        obs, rewards, terminations, _, info = env.step(actions)
        assert terminations.all() == (move == 23)
    for i, game in enumerate(games):
        returns = encoding.returns(game)
        assert tuple(info["rewards"][i]) == returns
        assert info["player"][i] == game.history[-1].player  # the dealer moved last
        assert rewards[i] == returns[info["player"][i]]
        np.testing.assert_array_equal(obs[i], encoding.observe(game, int(info["player"][i])))
    assert sum(returns[0] for returns in info["rewards"]) == -sum(r[1] for r in info["rewards"])


# --- the games without one ------------------------------------------------------------

def test_other_games_say_which_games_have_a_vector_env():
    with pytest.raises(UnknownGameError, match="game pai-gow has no vector environment; the "
                                               "games with one are east-west, z-poker, "
                                               "chinese-poker"):
        make_vec("pai-gow", 4)


def test_an_unknown_game_lists_the_games():
    with pytest.raises(UnknownGameError, match="no game"):
        make_vec("poker", 4)


def test_every_name_of_east_west_makes_it():
    for name in ("east-west", "EastWest", "east_west_v0"):
        assert make_vec(name, 2).num_envs == 2


@pytest.mark.parametrize(("options", "error", "words"), [
    ({"num_envs": 0}, PokerRulesError, "num_envs"),
    ({"num_envs": 2.0}, ArgumentTypeError, "num_envs"),
    ({"num_envs": True}, ArgumentTypeError, "num_envs"),
    ({"opponent": "genius"}, PokerRulesError, "no agent 'genius'"),
    ({"opponent": 3}, ArgumentTypeError, "opponent is None"),
    ({"seat": 2}, PokerRulesError, "no player 2"),
    ({"seed": -1}, PokerRulesError, "seed"),
    ({"seed": 1.5}, ArgumentTypeError, "seed"),
    ({"rules": "fast"}, ArgumentTypeError, "EastWestRules"),
])
def test_make_vec_refuses_bad_arguments(options, error, words):
    arguments = {"num_envs": 2, **options}
    with pytest.raises(error, match=words):
        make_vec("east-west", **arguments)


# --- bad input: refused, the game named, nothing changed -------------------------

def _pair(opponent="greedy"):
    """Two environments in one state: one gets bad input, the other none."""
    envs = [make_vec("east-west", N, opponent=opponent) for _ in range(2)]
    outs = [env.reset(seed=31) for env in envs]
    rng = np.random.default_rng(8)
    for _ in range(7):  # some rows are full by now
        actions = _masked(outs[0][-1]["action_mask"], rng)
        outs = [env.step(actions) for env in envs]
    return envs, outs[0][-1]["action_mask"]


def _unchanged(envs) -> None:
    """The refused environment steps on exactly as the untouched one."""
    np.testing.assert_array_equal(envs[0].action_masks(), envs[1].action_masks())
    rng = np.random.default_rng(9)
    for _ in range(20):
        actions = _masked(envs[1].action_masks(), rng)
        _same(envs[0].step(actions), envs[1].step(actions))


def _full_row(mask: np.ndarray) -> tuple[int, int]:
    for i in range(1, N):
        rows = np.flatnonzero(~mask[i])
        if rows.size:
            return i, int(rows[0])
    raise AssertionError("no full row yet")


@pytest.mark.parametrize(("bad", "error", "words"), [
    (lambda m: np.zeros(N + 1, dtype=np.int64), HandSizeError, rf"shape \({N},\)"),
    (lambda m: np.zeros((N, 1), dtype=np.int64), HandSizeError, "shape"),
    (lambda m: 0, HandSizeError, "shape"),
    (lambda m: np.zeros(N), ArgumentTypeError, "integers, not float64"),
    (lambda m: np.zeros(N, dtype=bool), ArgumentTypeError, "integers, not bool"),
    (lambda m: ["0"] * N, ArgumentTypeError, "integers"),
    (lambda m: np.r_[m.argmax(1)[:3], 3, m.argmax(1)[4:]], IllegalMoveError,
     "game 3: action 3 does not exist"),
    (lambda m: np.r_[m.argmax(1)[:-1], -1], IllegalMoveError, f"game {N - 1}: action -1"),
])
def test_bad_actions_are_refused_and_change_no_game(bad, error, words):
    envs, mask = _pair()
    with pytest.raises(error, match=words):
        envs[0].step(bad(mask))
    _unchanged(envs)


def test_an_illegal_action_in_one_game_is_refused_naming_it():
    envs, mask = _pair()
    game, row = _full_row(mask)
    actions = mask.argmax(axis=1)
    actions[game] = row
    with pytest.raises(IllegalMoveError, match=f"game {game}: action {row} is illegal: "
                                               f"row {row} is full"):
        envs[0].step(actions)
    _unchanged(envs)


@pytest.mark.parametrize(("seed", "error"), [
    (-1, PokerRulesError), (2**53, PokerRulesError), (1.5, ArgumentTypeError),
    (True, ArgumentTypeError), ("3", ArgumentTypeError), (2**53 - 2, PokerRulesError)])
def test_a_bad_seed_is_refused_and_changes_no_game(seed, error):
    envs, _ = _pair()
    with pytest.raises(error, match="seed"):
        envs[0].reset(seed=seed)
    _unchanged(envs)


def test_reset_takes_no_options():
    envs, _ = _pair()
    with pytest.raises(PokerRulesError, match="no option 'reset_mask'"):
        envs[0].reset(options={"reset_mask": np.ones(N, bool)})
    _unchanged(envs)


def test_calls_before_reset_or_after_close_are_refused():
    env = make_vec("east-west", N)
    for call in (lambda: env.step(np.zeros(N, dtype=int)), env.action_masks):
        with pytest.raises(PokerRulesError, match="call reset"):
            call()
    _, info = env.reset(seed=1)
    env.close()
    env.close()  # a second close is a no-op, as Gymnasium's
    for call in (lambda: env.step(info["action_mask"].argmax(1)), env.reset, env.action_masks):
        with pytest.raises(PokerRulesError, match="closed"):
            call()


class _Flaky:
    """A callable opponent that plays the lowest legal row, or fails when told to."""

    def __init__(self) -> None:
        self.fail = None

    def __call__(self, observation, mask):
        if self.fail == "raise":
            raise RuntimeError("the policy broke")
        if self.fail == "illegal":
            return int(np.flatnonzero(~mask)[0]) if not mask.all() else 3
        if self.fail == "float":
            return 0.0
        return int(np.flatnonzero(mask)[0])


@pytest.mark.parametrize(("fail", "error", "words"), [
    ("raise", RuntimeError, "the policy broke"),
    ("illegal", IllegalMoveError, r"game \d+: the opponent at seat 1 returned"),
    ("float", ArgumentTypeError, r"game \d+: the opponent at seat 1 returned 0.0"),
])
def test_an_opponent_that_fails_takes_the_step_back_whole(fail, error, words):
    opponents = [_Flaky(), _Flaky()]
    envs = [make_vec("east-west", N, opponent=o) for o in opponents]
    outs = [env.reset(seed=12) for env in envs]
    rng = np.random.default_rng(4)
    for _ in range(3):
        actions = _masked(outs[0][-1]["action_mask"], rng)
        outs = [env.step(actions) for env in envs]
    opponents[0].fail = fail
    with pytest.raises(error, match=words):
        envs[0].step(_masked(outs[0][-1]["action_mask"], rng))
    opponents[0].fail = None
    _unchanged(envs)


def test_an_agent_opponent_plays_at_python_speed():
    from pokerrules.eastwest import GreedyAgent

    in_c, in_python = make_vec("east-west", N, opponent="greedy"), \
        make_vec("east-west", N, opponent=GreedyAgent())
    _same(in_c.reset(seed=5), in_python.reset(seed=5))
    rng = np.random.default_rng(6)
    for _ in range(30):
        actions = _masked(in_c.action_masks(), rng)
        _same(in_c.step(actions), in_python.step(actions))


def test_the_caller_keeps_its_arrays():
    env = make_vec("east-west", N)
    _, info = env.reset(seed=3)
    actions = info["action_mask"].argmax(axis=1)
    kept = actions.copy()
    out = env.step(actions)
    np.testing.assert_array_equal(actions, kept)
    copied = copy.deepcopy(out)
    env.step(out[-1]["action_mask"].argmax(axis=1))
    _same(out, copied)  # a later step writes new arrays


def test_writing_into_a_returned_mask_leaves_action_masks_true():
    env = make_vec("east-west", N)
    _, info = env.reset(seed=3)
    for _ in range(4):  # until some row is full and some action illegal
        _, _, _, _, info = env.step(info["action_mask"].argmax(axis=1))
    legal = env.action_masks()
    assert not legal.all()
    info["action_mask"][:] = True
    np.testing.assert_array_equal(env.action_masks(), legal)
    env.action_masks()[:] = True
    np.testing.assert_array_equal(env.action_masks(), legal)


def test_rules_reach_the_engine():
    rules = EastWestRules(win_rule="two_rows")
    env = make_vec("east-west", 40, opponent=None, rules=rules)
    _, info = env.reset(seed=0)
    for _ in range(24):
        _, _, terminations, _, info = env.step(info["action_mask"].argmax(axis=1))
    draws = int((info["rewards"] == 0).all(axis=1).sum())
    games = [new_game(rules, seed=i) for i in range(40)]
    for game in games:
        while not game.is_over:
            game.play(game.legal_moves()[0])
    assert terminations.all() and draws > 0
    assert draws == sum(not g.result().winners for g in games)


# --- the compiled batch itself: whatever it is given, an error or a playable batch ---

def test_the_compiled_batch_refuses_garbage_and_stays_playable():
    from pokerrules import _vector

    variant = EastWestRules().hand_rules.variant
    for bad in [(0, variant, "majority", 0, "self"), (2, -1, "majority", 0, "self"),
                (2, 99, "majority", 0, "self"), (2, 0, "majority", 0, "self"),
                (2, variant, "best", 0, "self"), (2, variant, "majority", 2, "self"),
                (2, variant, "majority", 0, "smart")]:
        with pytest.raises(PokerRulesError):
            _vector.EastWestBatch(*bad)
    batch = _vector.EastWestBatch(4, variant, "majority", 0, "self")
    batch.finish()  # before any deal: every game awaits its reset
    batch.reset([1, 2, 3, 4])
    rng = np.random.default_rng(0)
    garbage = [None, "x", 1.5, [], [[1]], np.zeros(4), np.full(4, 2**63, np.uint64),
               np.full(4, -1), np.full(4, 3), np.arange(5), np.zeros((4, 27), np.int64),
               np.full((4, 27), 20), np.tile(np.arange(20, 47), (4, 1)) + 5]
    refused = accepted = 0
    for _ in range(300):
        call = rng.integers(6)
        arg = garbage[rng.integers(len(garbage))]
        try:
            if call == 0:
                batch.reset(arg)
            elif call == 1:
                batch.stack(arg, arg)
            elif call == 2:
                batch.stack(np.zeros(4, np.int64), arg)
            elif call == 3:
                batch.place(arg, arg)
            elif call == 4:
                batch.act(arg, 4)
            else:
                batch.observe(int(rng.integers(-1, 3)))
            accepted += 1
        except PokerRulesError:
            refused += 1
        # after each call every game is still whole: stepping to its end works
        legal = batch.legal()
        to_move = batch.to_move()
        assert ((to_move >= 0) == legal.any(axis=1)).all()
    assert refused > 100 and accepted > 10
    batch.place([0, 1], batch.legal()[:2].argmax(axis=1))
    with pytest.raises(PokerRulesError, match="twice"):
        batch.place([2, 2], [0, 0])
    with pytest.raises(PokerRulesError, match="out of range"):
        batch.place([4], [0])
    with pytest.raises(PokerRulesError, match="no game 9"):
        batch.game(9)
    with pytest.raises(PokerRulesError, match="not of this batch"):
        batch.restore(_vector.EastWestBatch(4, variant, "majority", 0, "self").save())
