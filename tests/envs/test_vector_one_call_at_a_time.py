"""A vector environment, and the C batch under it, runs one call at a time: three
threads and a ``gc`` callback stepping one environment (or one batch) get some steps
in and have others refused, and every state the batch reports is the one the Python
game reaches when the accepted steps are replayed through it in the order they ran
(so no step played a move checked against another state). Also: bools refused among
the actions, a count of games over MAX_GAMES refused before allocating, and the C deal
stream drawing nothing from an empty pile."""

from __future__ import annotations

import gc
import itertools
import shutil
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from pokerrules import _vector, chinese_poker, eastwest, zpoker
from pokerrules.envs.chinese_poker_v0 import play_patterns
from pokerrules.errors import ArgumentTypeError, IllegalMoveError, PokerRulesError

pytest.importorskip("gymnasium", reason="Gymnasium is not installed")
from gymnasium.utils import env_checker

from pokerrules.envs.vector import MAX_GAMES, make_vec

EXT = Path(__file__).resolve().parents[2] / "ext"
GAMES = ["east-west", "z-poker", "chinese-poker"]
N = 3  # games a batch
FIRST_SEED = 500
PLAYERS = {"east-west": 2, "z-poker": 2, "chinese-poker": 3}


def _new_game(name: str, seed: int) -> Any:
    if name == "east-west":
        return eastwest.new_game(seed=seed)
    if name == "z-poker":
        return zpoker.new_game(seed=seed)
    return chinese_poker.new_game(seed=seed, players=PLAYERS[name])


def _batch(name: str) -> Any:
    """A self-play batch of the game's default rules, as its environment makes one."""
    if name == "east-west":
        rules = eastwest.EastWestRules()
        return _vector.EastWestBatch(N, rules.hand_rules.variant, rules.win_rule, 0, "self")
    if name == "z-poker":
        z = zpoker.ZPokerRules()
        return _vector.ZPokerBatch(N, z.deck.codes, z.hand_size, 0, "self")
    c = chinese_poker.ChinesePokerRules()
    return _vector.ChinesePokerBatch(N, PLAYERS[name], c.target, c.open_choice, 0, "self",
                                     *play_patterns())


class _Actions:
    """A step's actions as numpy reads them (``__array__``): inside the step, once the
    batch has marked itself busy. Reading them takes the step's place in the order of
    steps, lets the other threads run and, every few steps, runs the collector (and
    so the ``gc`` callback) right there."""

    def __init__(self, actions: np.ndarray, order: itertools.count) -> None:
        self.actions, self.order, self.place = actions, order, -1

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        self.place = next(self.order)
        time.sleep(0)
        if self.place % 8 == 0:
            gc.collect(0)
        return self.actions


class _Hammer:
    """Steps one target from three threads and a ``gc`` callback, recording each
    accepted step (its place in the order, actions and results) and counting the
    refusals: busy, and stale actions (an illegal move)."""

    def __init__(self, step: Callable[[Any], tuple], first_mask: np.ndarray) -> None:
        self.step, self.mask = step, first_mask
        self.order = itertools.count()
        self.accepted: list[tuple[int, np.ndarray, tuple]] = []
        self.busy = {"thread": 0, "gc": 0}
        self.stepped = {"thread": 0, "gc": 0}
        self.illegal = 0
        self.errors: list[BaseException] = []
        self.lock = threading.Lock()  # the test's own counters

    def attempt(self, rng: np.random.Generator, who: str) -> None:
        mask = self.mask
        actions = _Actions((rng.random(mask.shape) * mask).argmax(axis=1), self.order)
        try:
            results = self.step(actions)
        except IllegalMoveError:
            with self.lock:
                self.illegal += 1
        except PokerRulesError as exc:
            if "refused: this" not in str(exc) or "in use" not in str(exc):
                raise
            with self.lock:
                self.busy[who] += 1
        else:
            assert actions.place >= 0
            with self.lock:
                self.stepped[who] += 1
                self.accepted.append((actions.place, actions.actions.copy(), results))
                self.mask = results[1]

    def run(self, seconds: float) -> None:
        stop = time.monotonic() + seconds
        rng = np.random.default_rng(1)

        def callback(phase: str, info: dict) -> None:
            if phase == "start":
                try:
                    self.attempt(rng, "gc")
                except BaseException as exc:  # a gc callback must not raise
                    self.errors.append(exc)

        def worker(seed: int) -> None:
            own = np.random.default_rng(seed)
            try:
                while time.monotonic() < stop:
                    self.attempt(own, "thread")
            except BaseException as exc:  # reported by the test
                self.errors.append(exc)

        threads = [threading.Thread(target=worker, args=(s,)) for s in range(3)]
        gc.callbacks.append(callback)
        try:
            for t in threads:
                t.start()
            while time.monotonic() < stop:
                gc.collect(0)  # the callback steps between the threads' steps too
                time.sleep(0.001)
            for t in threads:
                t.join(timeout=120)
        finally:
            gc.callbacks.remove(callback)
        assert not any(t.is_alive() for t in threads)
        assert not self.errors, self.errors[0]


def _replay(name: str, encoding: Any, accepted: list, first_mask: np.ndarray) -> int:
    """Replays the accepted steps in the order they ran through the Python game,
    comparing every game's observation, mask, mover, termination and rewards;
    returns the episodes ended."""
    seeds = [FIRST_SEED + i for i in range(N)]
    games = [_new_game(name, s) for s in seeds]
    done = np.zeros(N, dtype=bool)
    for i, game in enumerate(games):
        assert first_mask[i].tolist() == encoding.action_mask(game).astype(bool).tolist()
    ended = 0
    for _, actions, (obs, mask, terminated, player, seat_rewards) in sorted(
            accepted, key=lambda record: record[0]):
        for i in range(N):
            if done[i]:  # dealt again; its action ignored
                seeds[i] = (seeds[i] + N) % 2**53
                games[i] = _new_game(name, seeds[i])
            else:  # the Python game refuses a move the rules do not allow
                games[i].play(encoding.action_to_move(games[i], int(actions[i])))
            game = games[i]
            over = encoding.is_terminal(game)
            assert terminated[i] == (over and not done[i])
            if terminated[i]:
                assert tuple(seat_rewards[i]) == encoding.returns(game)
                assert mask[i].all()
                ended += 1
            else:
                assert player[i] == game.current_player
                assert mask[i].tolist() == encoding.action_mask(game).astype(bool).tolist()
            np.testing.assert_array_equal(obs[i], encoding.observe(game, int(player[i])))
        done = terminated.copy()
    return ended


def _hammer_env(name: str, seconds: float) -> _Hammer:
    env = make_vec(name, N, opponent=None, players=PLAYERS[name])
    first_mask = env.reset(seed=FIRST_SEED)[1]["action_mask"]

    def step(actions: Any) -> tuple:
        obs, _, terminated, _, info = env.step(actions)
        return obs, info["action_mask"], terminated, info["player"], info["rewards"]

    hammer = _Hammer(step, first_mask)
    hammer.run(seconds)
    _replay(name, env.unwrapped.encoding, hammer.accepted, first_mask)  # type: ignore[attr-defined]
    return hammer


def _hammer_batch(name: str, seconds: float) -> _Hammer:
    batch = _batch(name)
    batch.reset(np.arange(FIRST_SEED, FIRST_SEED + N))
    first_mask = batch.finish()[1]
    encoding = make_vec(name, N, opponent=None, players=PLAYERS[name]).unwrapped.encoding  # type: ignore[attr-defined]

    def step(actions: Any) -> tuple:
        obs, mask, _, seat_rewards, terminated, player = batch.step(actions, N)
        return obs, mask, terminated, player, seat_rewards

    hammer = _Hammer(step, first_mask)
    hammer.run(seconds)
    _replay(name, encoding, hammer.accepted, first_mask)
    return hammer


def _both_branches_ran(hammer: _Hammer) -> None:
    assert hammer.stepped["thread"] > 0 and hammer.busy["thread"] > 0, hammer.__dict__
    assert hammer.busy["gc"] > 0, hammer.__dict__  # a callback inside a step, refused
    assert hammer.stepped["gc"] + hammer.stepped["thread"] == len(hammer.accepted)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("target", [_hammer_env, _hammer_batch], ids=["env", "batch"])
def test_steps_that_get_in_during_another_are_refused_and_every_state_is_the_python_games(
        name, target):
    _both_branches_ran(target(name, 0.6))


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("target", [_hammer_env, _hammer_batch], ids=["env", "batch"])
def test_a_minute_of_threads_and_gc_callbacks_stepping_one_batch_plays_only_checked_moves(
        name, target):
    hammer = target(name, 60)
    _both_branches_ran(hammer)
    assert hammer.stepped["gc"] > 0  # and a callback between steps, accepted


@pytest.mark.parametrize("name", GAMES)
def test_a_call_made_while_the_batch_is_busy_is_refused_naming_it(name):
    batch = _batch(name)
    batch.reset(np.arange(N))
    mask = batch.finish()[1]
    refused: list[str] = []

    class Reentering:
        def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
            for call in (lambda: batch.step(mask.argmax(axis=1), N), batch.legal,
                         lambda: batch.game(0), batch.save):
                with pytest.raises(PokerRulesError, match="refused: this batch is in use"
                                   ) as caught:
                    call()
                refused.append(str(caught.value).split(" refused")[0])
            return mask.argmax(axis=1)

    before = [batch.game(i) for i in range(N)]
    batch.step(Reentering(), N)  # the outer step goes on
    assert refused == ["step", "legal", "game", "save"]
    assert [batch.game(i) for i in range(N)] != before


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("bools", [
    [0, 1, True], [np.bool_(False), 0, 0], (0, 0, False), [0, np.array(True), 0]],
    ids=["python", "numpy", "tuple", "0-d array"])
def test_a_bool_among_the_actions_is_refused_naming_its_place(name, bools):
    env, twin = (make_vec(name, N, opponent=None, players=PLAYERS[name]) for _ in range(2))
    mask = env.reset(seed=3)[1]["action_mask"]
    twin.reset(seed=3)
    place = next(k for k, a in enumerate(bools) if isinstance(a, (bool, np.bool_, np.ndarray)))
    with pytest.raises(ArgumentTypeError, match=rf"not bools: actions\[{place}\]"):
        env.step(bools)
    actions = mask.argmax(axis=1)  # nothing changed: the same step as the twin's
    assert env_checker.data_equivalence(env.step(actions), twin.step(actions), exact=True)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("count", [MAX_GAMES + 1, 2**31 - 1, 2**62])
def test_more_games_than_max_games_are_refused_before_allocating(name, count):
    assert MAX_GAMES == _vector.MAX_GAMES == 2**20
    with pytest.raises(PokerRulesError, match="num_envs must be an int from 1 to 1,048,576"):
        make_vec(name, count)
    with pytest.raises(PokerRulesError, match="MAX_GAMES"):  # the batch checks it too
        if name == "east-west":
            rules = eastwest.EastWestRules()
            _vector.EastWestBatch(count, rules.hand_rules.variant, rules.win_rule, 0, "self")
        elif name == "z-poker":
            z = zpoker.ZPokerRules()
            _vector.ZPokerBatch(count, z.deck.codes, z.hand_size, 0, "self")
        else:
            c = chinese_poker.ChinesePokerRules()
            _vector.ChinesePokerBatch(count, 3, c.target, c.open_choice, 0, "self",
                                      *play_patterns())


DRAW_TEST = r"""
#include <stdio.h>
#include "deal_stream.h"
int main(void) {
    ds_stream s;
    uint8_t pile[4] = {7, 8, 9, 10};
    int n = 2, failed = 0;
    ds_start(&s, 5);
    int first = ds_take(&s, pile, &n), second = ds_take(&s, pile, &n);
    failed += !((first == 7 || first == 8) && (second == 7 || second == 8) && n == 0);
    failed += ds_take(&s, pile, &n) != DS_EMPTY || n != 0 || s.drawn != 2;
    n = -3;
    failed += ds_take(&s, pile, &n) != DS_EMPTY || n != -3 || pile[2] != 9;
    printf("draws: %d failed\n", failed);
    return failed != 0;
}
"""


def test_a_draw_from_an_empty_pile_draws_nothing_and_says_so(tmp_path):
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if cc is None:
        pytest.skip("no C compiler on this machine")
    (tmp_path / "draws.c").write_text(DRAW_TEST)
    subprocess.run([cc, "-std=c99", "-Wall", "-Werror", f"-I{EXT}", str(tmp_path / "draws.c"),
                    "-o", str(tmp_path / "draws")], check=True)
    run = subprocess.run([str(tmp_path / "draws")], capture_output=True, text=True,
                         check=False, timeout=60)
    assert run.returncode == 0 and "draws: 0 failed" in run.stdout, run.stdout + run.stderr
