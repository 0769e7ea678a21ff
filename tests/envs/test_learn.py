"""Training the agent ``learned`` (pokerrules.learn): the features it learns from the
vector environments' observations are those the shipped agents read from their
views, training is deterministic for a seed and lifts the score, and the command
writes a weight file that loads."""

from __future__ import annotations

import numpy as np
import pytest

from pokerrules import chinese_poker, eastwest, zpoker
from pokerrules.envs.chinese_poker_v0 import ChinesePokerEncoding
from pokerrules.envs.east_west_v0 import EastWestEncoding
from pokerrules.envs.z_poker_v0 import ZPokerEncoding
from pokerrules.errors import ArgumentTypeError, PokerRulesError, UnknownGameError

pytest.importorskip("gymnasium", reason="Gymnasium is not installed")
from pokerrules import learn
from pokerrules.learned import LinearPolicy, load_weights, shipped_policy

pytestmark = pytest.mark.fast


def _positions(game, encoding, players, seeds):
    """(view, legal moves, observation) at every decision of random games (of their
    first round)."""
    rng = np.random.default_rng(0)
    for seed in seeds:
        state = game.new_game(seed=seed, players=players)
        while state.current_player is not None and not getattr(state, "rounds", ()):
            player = state.current_player
            legal = state.legal_moves()
            yield state.view(player), legal, encoding.observe(state, player), encoding, state
            state.play(legal[rng.integers(len(legal))])


def test_east_west_features_of_observations_are_those_of_views():
    encoding = EastWestEncoding()
    count = 0
    for view, _, observation, _, _ in _positions(eastwest, encoding, 2, range(20)):
        from_view = eastwest.policy.view_features(view)
        assert np.array_equal(from_view, learn.learner("east-west").from_observations(
            observation[None]))
        count += 1
    assert count == 20 * 24


def test_chinese_poker_features_of_observations_are_those_of_views():
    """Four players (what it trains on): each legal move's features from the view
    are those of its action index from the observation; the mask agrees."""
    encoding = ChinesePokerEncoding()
    count = 0
    for view, legal, observation, _, state in _positions(chinese_poker, encoding, 4, range(6)):
        if view.phase != "play":
            continue
        actions = [encoding.move_to_action(m) for m in legal]
        assert sorted(actions) == np.flatnonzero(encoding.action_mask(state)).tolist()
        from_view = chinese_poker.policy.view_features(view, legal)[0]
        from_observation = learn.learner("chinese-poker").from_observations(
            observation[None])[0, actions]
        assert np.array_equal(from_view, from_observation)
        count += 1
    assert count > 100


def test_z_poker_features_of_observations_are_those_of_views():
    """Every decision of whole random games, each phase and seat: the features from
    the view are those from the observation, and each legal move's action index is
    the observation's, the mask's legal actions."""
    encoding = ZPokerEncoding()
    rng = np.random.default_rng(0)
    phases = set()
    for seed in range(4):
        state = zpoker.new_game(seed=seed)
        while state.current_player is not None:
            player, legal = state.current_player, state.legal_moves()
            phases.add((state.phase, player))
            actions = [zpoker.policy.action_index(m) for m in legal]
            assert actions == [encoding.move_to_action(m) for m in legal]
            assert sorted(actions) == np.flatnonzero(encoding.action_mask(state)).tolist()
            from_view = zpoker.policy.view_features(state.view(player))
            from_observation = learn.learner("z-poker").from_observations(
                encoding.observe(state, player)[None])
            assert from_view.shape == (1, 416, zpoker.policy.LEARNED_FEATURES)
            assert np.array_equal(from_view, from_observation)
            state.play(legal[rng.integers(len(legal))])
    assert {phase for phase, _ in phases} == {
        zpoker.Phase.FIND_LEADER, zpoker.Phase.START_GAME, zpoker.Phase.END_GAME}
    assert len(phases) == 6


@pytest.mark.parametrize("game", sorted(learn.trained_games()))
def test_training_is_deterministic_for_a_seed(game):
    runs = [learn.train(game, 2, num_envs=4, seed=seed).weights for seed in (3, 3, 4)]
    assert np.array_equal(runs[0], runs[1])
    assert not np.array_equal(runs[0], runs[2])
    assert np.abs(runs[0]).max() > 0


def test_east_west_training_lifts_the_score_against_random():
    seen = []
    policy = learn.train("east-west", 12, num_envs=64, seed=1, checkpoints=(0, 12),
                         on_checkpoint=lambda done, spent, p: seen.append((done, spent)))
    assert [done for done, _ in seen] == [0, 12] and seen[1][1] > 0
    untrained = LinearPolicy("east-west", np.zeros_like(policy.weights))
    assert learn.evaluate(policy, "random", 400) > learn.evaluate(untrained, "random", 400)
    assert learn.evaluate(policy, "random", 400) > 0.75


@pytest.mark.parametrize(("game", "games", "random_at_least", "greedy_at_least"), [
    ("east-west", 800, 0.9, 0.6),  # a fair share 0.5
    ("chinese-poker", 120, 0.7, None),  # four players: a fair share 0.25
    ("z-poker", 400, 0.95, None),
])
def test_the_shipped_policies_beat_random(game, games, random_at_least, greedy_at_least):
    spec = learn.learner(game)
    policy = shipped_policy(spec.package, game, spec.features)
    assert learn.evaluate(policy, "random", games, seed=5) >= random_at_least
    if greedy_at_least is not None:  # greedy plays in C
        assert learn.evaluate(policy, "greedy", games, seed=5) >= greedy_at_least


@pytest.mark.slow
def test_the_shipped_chinese_poker_policy_beats_greedy():
    """2,000 rounds, three greedy opponents at Python speed: above the fair 0.25."""
    spec = learn.learner("chinese-poker")
    policy = shipped_policy(spec.package, "chinese-poker", spec.features)
    assert learn.evaluate(policy, "greedy", 2000, seed=5) > 0.27


def test_the_command_writes_a_weight_file_that_loads(tmp_path, capsys):
    out = tmp_path / "ew.npz"
    learn.main(["east-west", "--updates", "2", "--envs", "8", "--eval-games", "8",
                "--search-games", "0", "--out", str(out)])
    text = capsys.readouterr().out
    assert "vs greedy" in text and f"wrote {out}" in text
    rows = [line.split()[0] for line in text.splitlines() if line[:7].strip().isdigit()]
    assert rows == ["0", "1", "2"]  # 0, 1/8, 1/4, 1/2 and all of 2 updates
    policy = load_weights(out, "east-west", eastwest.policy.LEARNED_FEATURES)
    assert policy.weights.shape == (eastwest.policy.LEARNED_FEATURES,)


def test_training_refuses_a_game_it_does_not_train_and_bad_counts():
    with pytest.raises(UnknownGameError, match=r"east-west.*z-poker"):
        learn.train("pai-gow", 1)
    with pytest.raises(PokerRulesError, match="updates"):
        learn.train("east-west", -1)
    with pytest.raises(PokerRulesError, match="num_envs"):
        learn.train("east-west", 1, num_envs=0)


def _usage_error(capsys, argv: list[str]) -> str:
    """The command's stderr for ``argv``, which must stop it with status 2 before
    any training (nothing on stdout: the table's header comes first)."""
    with pytest.raises(SystemExit) as stopped:
        learn.main(argv)
    assert stopped.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    return captured.err


@pytest.mark.parametrize("where", ["missing/x.npz", "folder", "file/x.npz"])
def test_the_command_checks_the_destination_before_training(tmp_path, capsys, where):
    (tmp_path / "folder").mkdir()
    (tmp_path / "file").write_text("")
    err = _usage_error(capsys, ["east-west", "--updates", "1", "--envs", "2",
                                "--out", str(tmp_path / where)])
    assert "error: argument --out:" in err
    assert str(tmp_path / where.split("/")[0]) in err


@pytest.mark.parametrize(("option", "value"), [
    ("--seed", "-1"), ("--seed", "1.5"), ("--seed", str(2**53 - 1)),
    ("--envs", "0"), ("--envs", str(learn.ENVS_LIMIT + 1)),
    ("--learning-rate", "0"), ("--learning-rate", "-0.1"), ("--learning-rate", "nan"),
    ("--learning-rate", "inf"), ("--learning-rate", "1e308"), ("--learning-rate", "x"),
    ("--updates", "-1"), ("--eval-games", "0"), ("--search-games", "-1"),
    ("--eval-games", str(2 * learn.ENVS_LIMIT + 1)), ("--checkpoints", "3"),
])
def test_the_command_refuses_each_bad_option_by_name(capsys, option, value):
    err = _usage_error(capsys, ["east-west", "--updates", "2", option, value])
    assert f"error: argument {option}:" in err and "Traceback" not in err


def test_the_command_stops_with_a_usage_line_and_no_traceback(tmp_path):
    """As run from the shell: status 2, the usage and one error line, and no file."""
    import subprocess
    import sys
    out = tmp_path / "missing" / "x.npz"
    for argv in (["--seed", "-1"], ["--out", str(out)]):
        done = subprocess.run([sys.executable, "-m", "pokerrules.learn", "east-west", *argv],
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 2 and done.stdout == ""
        assert done.stderr.startswith("usage: ") and "Traceback" not in done.stderr
        assert done.stderr.splitlines()[-1].startswith("python -m pokerrules.learn: error:")


@pytest.mark.parametrize(("arguments", "error", "words"), [
    ({"learning_rate": float("nan")}, PokerRulesError, "learning_rate"),
    ({"learning_rate": float("inf")}, PokerRulesError, "learning_rate"),
    ({"learning_rate": 1e308}, PokerRulesError, "learning_rate"),
    ({"learning_rate": 0.0}, PokerRulesError, "learning_rate"),
    ({"learning_rate": -0.5}, PokerRulesError, "learning_rate"),
    ({"learning_rate": True}, ArgumentTypeError, "learning_rate"),
    ({"learning_rate": "0.1"}, ArgumentTypeError, "learning_rate"),
    ({"num_envs": 0}, PokerRulesError, "num_envs"),
    ({"num_envs": learn.ENVS_LIMIT + 1}, PokerRulesError, "num_envs"),
    ({"num_envs": 2.0}, ArgumentTypeError, "num_envs"),
    ({"seed": -1}, PokerRulesError, "seed"),
    ({"seed": 1.5}, ArgumentTypeError, "seed"),
    ({"seed": 2**53 - 1}, PokerRulesError, "seed"),
    ({"checkpoints": [3]}, PokerRulesError, "checkpoint"),
    ({"checkpoints": "0"}, ArgumentTypeError, "checkpoints"),
    ({"on_checkpoint": 3}, ArgumentTypeError, "on_checkpoint"),
])
def test_training_refuses_each_bad_argument_by_name(arguments, error, words):
    with pytest.raises(error, match=words):
        learn.train("east-west", 2, **{"num_envs": 2, **arguments})


def test_training_at_the_largest_learning_rate_keeps_finite_weights():
    policy = learn.train("east-west", 4, num_envs=4, learning_rate=learn.LEARNING_RATE_LIMIT)
    assert np.isfinite(policy.weights).all() and np.abs(policy.weights).max() > 0


def test_the_sampler_draws_only_legal_actions_even_from_broken_probabilities():
    mask = np.array([[False, True, False, True], [True, False, False, False]])
    rng = np.random.default_rng(0)
    for broken in (np.full((2, 4), np.nan), np.zeros((2, 4)), np.full((2, 4), np.inf)):
        drawn = learn._sample(broken, mask, rng)
        assert mask[np.arange(2), drawn].all()
    fair = np.array([[0.0, 0.5, 0.0, 0.5], [1.0, 0.0, 0.0, 0.0]])
    seen = {tuple(learn._sample(fair, mask, rng)) for _ in range(50)}
    assert seen == {(1, 0), (3, 0)}


def test_weights_are_written_under_the_name_given(tmp_path):
    from pokerrules.learned import save_weights
    path = tmp_path / "weights"  # no .npz: numpy's own savez would add it
    save_weights(path, "east-west", np.ones(eastwest.policy.LEARNED_FEATURES))
    assert [p.name for p in tmp_path.iterdir()] == ["weights"]
    assert load_weights(path, "east-west", eastwest.policy.LEARNED_FEATURES).weights.sum() \
        == eastwest.policy.LEARNED_FEATURES
