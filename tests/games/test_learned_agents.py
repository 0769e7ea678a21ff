"""The agent ``learned`` of East–West, Chinese Poker and Z Poker: it loads the weights shipped
in the package, plays only legal moves through whole games, is deterministic, and
a damaged or foreign weight file is refused with the file named."""

from __future__ import annotations

import io
import json
import pickle
import zipfile
from pathlib import Path

import numpy as np
import pytest

from pokerrules import chinese_poker, eastwest, zpoker
from pokerrules.errors import PokerRulesError, WeightFileError
from pokerrules.learned import (
    VERSION,
    LinearPolicy,
    load_weights,
    save_weights,
    shipped_policy,
)
from pokerrules.runner import play_game

pytestmark = pytest.mark.fast

GAMES = [("east-west", eastwest, eastwest.policy.LEARNED_FEATURES),
         ("chinese-poker", chinese_poker, chinese_poker.policy.LEARNED_FEATURES),
         ("z-poker", zpoker, zpoker.policy.LEARNED_FEATURES)]
SRC = Path(__file__).resolve().parents[2] / "src" / "pokerrules"


@pytest.mark.parametrize(("name", "game", "features"), GAMES)
def test_the_shipped_weights_load_checked(name, game, features):
    policy = shipped_policy(game.__name__, name, features)
    assert isinstance(policy, LinearPolicy) and policy.game == name
    assert policy.weights.shape == (features,) and policy.weights.dtype == np.float64
    assert np.isfinite(policy.weights).all() and np.abs(policy.weights).max() > 0
    assert not policy.weights.flags.writeable
    agent = game.AGENTS["learned"]()
    assert agent.policy is policy  # loaded once per process


@pytest.mark.parametrize(("name", "game", "features"), GAMES)
def test_the_weights_are_package_data(name, game, features):
    """The shipped file matches pyproject's package-data (so wheels carry it) and
    MANIFEST.in (so the sdist does)."""
    path = SRC.joinpath(*game.__name__.split(".")[1:], "learned.npz")
    assert path.is_file()
    root = SRC.parents[1]
    pyproject = (root / "pyproject.toml").read_text(encoding="utf-8")
    assert '"*/learned.npz"' in pyproject
    assert path.relative_to(SRC).match("*/learned.npz")
    assert "recursive-include src/pokerrules learned.npz" in (
        root / "MANIFEST.in").read_text(encoding="utf-8")
    assert load_weights(path, name, features).weights.shape == (features,)


@pytest.mark.parametrize(("name", "players", "opponents"), [
    ("east-west", 2, ("random", "greedy", "search")),
    ("chinese-poker", 2, ("random", "greedy")),
    ("chinese-poker", 3, ("greedy",)),
    ("chinese-poker", 4, ("random", "greedy")),
    ("z-poker", 2, ("random", "greedy", "search")),
])
def test_learned_plays_whole_games_with_legal_moves(name, players, opponents):
    """The runner refuses any illegal move, so whole games played are the proof."""
    for seed, opponent in enumerate(opponents):
        line_up = ["learned"] + [opponent] * (players - 1)
        if seed % 2:
            line_up.reverse()
        record = play_game(name, line_up, seed=seed)
        assert record.result is not None and record.moves


@pytest.mark.parametrize(("name", "game", "features"), GAMES)
def test_learned_is_deterministic_whatever_the_rng(name, game, features):
    players = 4 if name == "chinese-poker" else 2
    state = game.new_game(seed=7, players=players)
    agent = game.AGENTS["learned"]()
    moves = 0
    while state.current_player is not None and moves < 30:
        view, legal = state.view(state.current_player), state.legal_moves()
        choices = {agent.choose(view, legal, np.random.default_rng(s)) for s in range(3)}
        assert len(choices) == 1 and choices <= set(legal)
        state.play(choices.pop())
        moves += 1
    assert moves >= 20


def _damaged(tmp_path: Path, **arrays) -> Path:
    path = tmp_path / "damaged.npz"
    np.savez(path, **arrays)
    return path


GOOD = {"version": np.int64(VERSION), "game": np.str_("east-west"),
        "weights": np.ones(eastwest.policy.LEARNED_FEATURES)}


@pytest.mark.parametrize(("change", "words"), [
    ({"version": np.int64(VERSION + 1)}, "version"),
    ({"version": np.float64(VERSION)}, "version"),
    ({"game": np.str_("z-poker")}, "made for game"),
    ({"game": np.array(["east-west"])}, "made for game"),
    ({"weights": np.ones(3)}, "shape"),
    ({"weights": np.ones((eastwest.policy.LEARNED_FEATURES, 1))}, "shape"),
    ({"weights": np.ones(eastwest.policy.LEARNED_FEATURES, dtype=np.float32)}, "dtype"),
    ({"weights": np.full(eastwest.policy.LEARNED_FEATURES, np.nan)}, "finite"),
    ({"weights": np.full(eastwest.policy.LEARNED_FEATURES, np.inf)}, "finite"),
    ({"extra": np.zeros(1)}, "holds"),
])
def test_a_damaged_weight_file_is_refused_by_name(tmp_path, change, words):
    path = _damaged(tmp_path, **{**GOOD, **change})
    with pytest.raises(WeightFileError, match=words) as caught:
        load_weights(path, "east-west", eastwest.policy.LEARNED_FEATURES)
    assert str(path) in str(caught.value)
    assert isinstance(caught.value, PokerRulesError)


def test_a_weight_file_that_is_no_archive_or_holds_objects_is_refused(tmp_path):
    """Nothing is unpickled: an object array (a pickle inside) is refused."""
    objects = _damaged(tmp_path, **{**GOOD, "weights": np.array([{"run": 1}], dtype=object)})
    truncated = tmp_path / "truncated.npz"
    truncated.write_bytes(objects.read_bytes()[:100])
    text = tmp_path / "text.npz"
    text.write_text("weights = 1, 2, 3")
    for path in (objects, truncated, text, tmp_path / "missing.npz"):
        with pytest.raises(WeightFileError, match=r"cannot (be )?read") as caught:
            load_weights(path, "east-west", eastwest.policy.LEARNED_FEATURES)
        assert str(path) in str(caught.value)
    missing_key = io.BytesIO()
    with zipfile.ZipFile(missing_key, "w") as archive:
        archive.writestr("weights.npy", b"")
    with pytest.raises(WeightFileError):
        load_weights(missing_key, "east-west", eastwest.policy.LEARNED_FEATURES)


def test_weights_written_load_back_and_bad_weights_are_not_written(tmp_path):
    path = tmp_path / "w.npz"
    save_weights(path, "east-west", np.arange(eastwest.policy.LEARNED_FEATURES) / 7)
    policy = load_weights(path, "east-west", eastwest.policy.LEARNED_FEATURES)
    assert np.array_equal(policy.weights, np.arange(eastwest.policy.LEARNED_FEATURES) / 7)
    for bad in (np.array([1.0, np.nan]), np.ones((2, 2)), np.array([])):
        with pytest.raises(WeightFileError):
            save_weights(tmp_path / "bad.npz", "east-west", bad)
    assert not (tmp_path / "bad.npz").exists()


def test_the_policy_masks_illegal_actions():
    policy = LinearPolicy("east-west", np.array([1.0, -1.0]))
    features = np.array([[[5.0, 0.0], [0.0, 0.0], [1.0, 0.0]]])
    mask = np.array([[False, True, True]])
    assert policy.best(features, mask).tolist() == [2]
    p = policy.probabilities(features, mask)
    assert p[0, 0] == 0 and p[0].sum() == pytest.approx(1) and p[0, 2] > p[0, 1]


TRAINED = [pytest.param("z-poker", zpoker, id="z-poker"),
           pytest.param("east-west", eastwest, id="east-west", marks=pytest.mark.slow),
           pytest.param("chinese-poker", chinese_poker, id="chinese-poker",
                        marks=pytest.mark.slow)]


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    """Weight files written by the trainer's command, as a user runs it (a few
    updates), in a folder whose name holds a colon and a comma."""
    pytest.importorskip("gymnasium", reason="the trainer needs Gymnasium")
    import subprocess
    import sys
    folder = tmp_path_factory.mktemp("weights") / "runs:a,b"
    folder.mkdir()
    files = {}

    def train(name: str) -> Path:
        if name not in files:
            path = folder / f"{name}.npz"
            subprocess.run([sys.executable, "-m", "pokerrules.learn", name, "--updates", "2",
                            "--envs", "4", "--eval-games", "4", "--search-games", "0",
                            "--seed", "11", "--out", str(path)],
                           check=True, capture_output=True, timeout=300)
            files[name] = path
        return files[name]

    return train


@pytest.mark.parametrize(("name", "game"), TRAINED)
def test_learned_agent_plays_the_weights_the_trainer_wrote(trained, name, game):
    path = trained(name)
    spec_features = game.policy.LEARNED_FEATURES
    agent = game.LearnedAgent(weights=path)
    assert np.array_equal(agent.policy.weights, load_weights(path, name, spec_features).weights)
    assert not np.array_equal(agent.policy.weights, game.LearnedAgent().policy.weights)
    assert repr(agent) == f"LearnedAgent(weights={str(path)!r})"
    copy = pickle.loads(pickle.dumps(agent))
    assert np.array_equal(copy.policy.weights, agent.policy.weights)
    with path.open("rb") as file:  # an open file plays too, and is not kept
        assert game.LearnedAgent(weights=file).weights == str(path)
    opponents = ["greedy"] * (3 if name == "chinese-poker" else 1)
    record = play_game(game, [agent, *opponents], seed=2)
    assert record.result is not None and record.moves


@pytest.mark.parametrize(("name", "game"), TRAINED)
def test_play_takes_learned_with_a_weight_file_path(trained, capsys, name, game):
    """``--agents learned:PATH,...`` plays the file: the moves are those of the agent
    built from it, move for move (the path's colon stays in it, its comma is doubled)."""
    from pokerrules.cli import main
    path = trained(name)
    players = 4 if name == "chinese-poker" else 2
    agents = ",".join([f"learned:{str(path).replace(',', ',,')}"] + ["greedy"] * (players - 1))
    assert main(["play", name, "--agents", agents, "--seed", "4", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["agents"][0] == f"learned:{path}"
    state = game.new_game(seed=4, players=players)
    line_up = [game.LearnedAgent(weights=path)] + [game.GreedyAgent()] * (players - 1)
    rng = np.random.default_rng([4, 1])
    while state.current_player is not None:
        player = state.current_player
        state.play(line_up[player].choose(state.view(player), state.legal_moves(), rng), player)
    assert record["moves"] == [r.move for r in state.history]


def test_learned_refuses_weights_trained_for_another_game(tmp_path, capsys):
    from pokerrules.cli import main
    path = tmp_path / "z.npz"
    save_weights(path, "z-poker", np.ones(zpoker.policy.LEARNED_FEATURES))
    with pytest.raises(WeightFileError, match="made for game 'z-poker', not east-west") as caught:
        eastwest.LearnedAgent(weights=path)
    assert str(path) in str(caught.value)
    assert main(["play", "east-west", "--agents", f"learned:{path},greedy"]) == 2
    err = capsys.readouterr().err
    assert str(path) in err and "made for game 'z-poker'" in err


@pytest.mark.parametrize(("agents", "words"), [
    ("greedy:w.npz,greedy", "agent greedy takes no weight file"),
    ("learned:,greedy", "learned:PATH needs the path"),
    ("learnt:w.npz,greedy", "unknown agent 'learnt'"),
])
def test_play_refuses_a_weight_file_where_none_is_taken(capsys, agents, words):
    from pokerrules.cli import main
    assert main(["play", "east-west", "--agents", agents]) == 2
    assert words in capsys.readouterr().err


def test_learned_agents_are_exported_by_their_game_packages():
    for game in (eastwest, zpoker, chinese_poker):
        assert game.LearnedAgent is game.AGENTS["learned"]
        assert game.LookaheadAgent is game.AGENTS["lookahead"]
