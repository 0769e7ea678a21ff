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
from pokerrules.errors import PokerRulesError, UnknownGameError

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
        assert np.array_equal(from_view, learn.LEARNERS["east-west"].from_observations(
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
        from_observation = learn.LEARNERS["chinese-poker"].from_observations(
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
            from_observation = learn.LEARNERS["z-poker"].from_observations(
                encoding.observe(state, player)[None])
            assert from_view.shape == (1, 416, zpoker.policy.LEARNED_FEATURES)
            assert np.array_equal(from_view, from_observation)
            state.play(legal[rng.integers(len(legal))])
    assert {phase for phase, _ in phases} == {
        zpoker.Phase.FIND_LEADER, zpoker.Phase.START_GAME, zpoker.Phase.END_GAME}
    assert len(phases) == 6


@pytest.mark.parametrize("game", sorted(learn.LEARNERS))
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
    spec = learn.LEARNERS[game]
    policy = shipped_policy(spec.package, game, spec.features)
    assert learn.evaluate(policy, "random", games, seed=5) >= random_at_least
    if greedy_at_least is not None:  # greedy plays in C
        assert learn.evaluate(policy, "greedy", games, seed=5) >= greedy_at_least


@pytest.mark.slow
def test_the_shipped_chinese_poker_policy_beats_greedy():
    """2,000 rounds, three greedy opponents at Python speed: above the fair 0.25."""
    spec = learn.LEARNERS["chinese-poker"]
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
