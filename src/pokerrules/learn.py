"""Trains the agent ``learned`` of a game on its vector environment, in plain numpy.

    python -m pokerrules.learn east-west --out east-west.npz
    python -m pokerrules.learn chinese-poker --out chinese-poker.npz
    python -m pokerrules.learn z-poker --out z-poker.npz

The policy is :class:`pokerrules.learned.LinearPolicy`: a softmax over the legal
actions of a linear score of each action's features (the game's
``learned_features``). It is trained by REINFORCE: after each episode, the
episode's return less a running mean, over a running standard deviation, times the
gradient of the log-probability of every action it took, averaged over the
episodes that ended and applied with Adam. The opponent plays in C
(:func:`pokerrules.envs.vector.make_vec`), from every seat in turn, the illegal
actions masked out. A seed fixes everything (the deals, the sampled actions, the
weights): two runs with one seed write the same file.

At each checkpoint the policy plays its most probable legal action, seat-balanced,
from seeds apart from training's: ``--eval-games`` games against the random and the
greedy agent, and ``--search-games`` against the search (slow: at the first and
last checkpoints only). It prints the score (a win 1, a draw 1/2) against the
training CPU-seconds (evaluation excluded). Needs Gymnasium (``pip install ".[rl]"`` in
a checkout).

Every option is checked before training (``--help`` gives the ranges; games per
seat at most :data:`ENVS_LIMIT`, the step size at most :data:`LEARNING_RATE_LIMIT`),
and so is ``--out``: its directory must exist and take a file, so that no run's
weights are lost to a wrong path. A bad one is a usage error, status 2.
"""

from __future__ import annotations

import argparse
import math
import os
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from pokerrules._checks import check_count, is_int, loaded, shown
from pokerrules._cli_common import seed_argument
from pokerrules.cards import CHINESE_POKER_DECK
from pokerrules.chinese_poker import policy as chinese_poker_policy
from pokerrules.eastwest import policy as east_west_policy
from pokerrules.envs.chinese_poker_v0 import ChinesePokerEncoding, play_patterns
from pokerrules.envs.east_west_v0 import EastWestEncoding
from pokerrules.envs.vector import make_vec
from pokerrules.envs.z_poker_v0 import ZPokerEncoding
from pokerrules.errors import ArgumentTypeError, PokerRulesError, UnknownGameError
from pokerrules.learned import LinearPolicy, save_weights
from pokerrules.shuffle import SEED_LIMIT, seed_int
from pokerrules.specs import game_specs, game_tools, hook_target
from pokerrules.zpoker import policy as z_poker_policy

__all__ = [
    "CHINESE_POKER_LEARNER",
    "EAST_WEST_LEARNER",
    "ENVS_LIMIT",
    "LEARNING_RATE_LIMIT",
    "Z_POKER_LEARNER",
    "Learner",
    "evaluate",
    "main",
    "train",
    "trained_games",
]

#: Evaluation deals from these seeds on, apart from training's.
EVAL_SEED = 10**12
#: The most games per seat that training and evaluation play at once: a batch of Z
#: Poker's features (416 actions by 22 features, float64) takes about 300 MB at 4,096.
ENVS_LIMIT = 4096
#: The largest step size of Adam: a step moves each weight by about the step size,
#: so the weights stay within ``updates`` times it and every score stays finite.
LEARNING_RATE_LIMIT = 1.0


@dataclass(frozen=True)
class Learner:
    """What training needs of a game: its name and package, its opponent in C,
    its feature count and the features of a batch of its observations."""

    game: str
    package: str
    features: int
    opponent: str
    seats: tuple[int, ...]
    from_observations: Callable[[np.ndarray], np.ndarray]
    #: a game's score from its learner's reward at the end: 1 a win, 0 a loss
    score: Callable[[np.ndarray], np.ndarray]
    #: the command's defaults: updates, games per seat, Adam's step size
    updates: int = 800
    num_envs: int = 256
    learning_rate: float = 0.02


def _east_west_features(observations: np.ndarray) -> np.ndarray:
    """``(games, 3, features)`` from East–West observations ``(games, 330)``."""
    offsets = {f.name: f.start for f in _EAST_WEST.fields}
    games = len(observations)
    observations = observations.astype(np.float64)

    def planes(name: str) -> np.ndarray:
        start = offsets[name]
        return observations[:, start:start + 96].reshape(games, 3, 8, 4)

    drawn = observations[:, offsets["drawn"]:offsets["drawn"] + 32].argmax(axis=1)
    return east_west_policy.learned_features(planes("board"), planes("own_rows"),
                                             planes("other_rows"), drawn,
                                             # the encoding shows stock / 28
                                             np.rint(observations[:, offsets["stock"]]
                                                     * east_west_policy.FIRST_STOCK))


_EAST_WEST = EastWestEncoding()
_CHINESE_POKER = ChinesePokerEncoding()
# Per deck index of the 48-card deck: one-hot of its rank (2 .. A), to count a hand's ranks.
_CP_RANKS = (np.array(CHINESE_POKER_DECK.codes)[:, None] >> 2 == np.arange(13)).astype(
    np.float64)


def _chinese_poker_actions() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per action of the encoding: cards per rank ``(1, actions, 13)``, kind and
    value ``(1, actions)``, and whether it passes (actions 1-3, the choice of a dealt
    hand, are no plays: all 0)."""
    need, kind, _, value, _ = play_patterns()
    first = _CHINESE_POKER.num_actions - len(need)
    needs = np.zeros((1, _CHINESE_POKER.num_actions, 13))
    needs[0, first:] = need
    kinds = np.zeros((1, _CHINESE_POKER.num_actions), dtype=np.int64)
    kinds[0, first:] = kind
    values = np.zeros((1, _CHINESE_POKER.num_actions))
    values[0, first:] = value
    passing = np.zeros((1, _CHINESE_POKER.num_actions), dtype=bool)
    passing[0, 0] = True
    return needs, kinds, values, passing


_CP_ACTIONS = _chinese_poker_actions()


def _chinese_poker_features(observations: np.ndarray) -> np.ndarray:
    """``(games, 444, features)`` from Chinese Poker observations of four players."""
    offsets = {f.name: f.start for f in _CHINESE_POKER.fields}
    held = np.rint(observations[:, :48].astype(np.float64) @ _CP_RANKS)
    table = offsets["table"]
    leading = observations[:, table:table + 48].sum(axis=1) == 0
    counts = offsets["counts"]  # relative seats, the observer first, / 16
    others = observations[:, counts + 1:counts + _CHINESE_POKER.players].astype(np.float64)
    low = np.rint(others.min(axis=1) * 16)
    return chinese_poker_policy.learned_features(held, *_CP_ACTIONS, leading, low)

_Z_POKER = ZPokerEncoding()


def _z_poker_features(observations: np.ndarray) -> np.ndarray:
    """``(games, 416, features)`` from Z Poker observations of the standard deck."""
    offsets = {f.name: f.start for f in _Z_POKER.fields}
    games = len(observations)
    observations = observations.astype(np.float64)

    def field(name: str, size: int) -> np.ndarray:
        out: np.ndarray = observations[:, offsets[name]:offsets[name] + size]
        return out

    starter = field("starter", 2)
    return z_poker_policy.learned_features(
        field("hand", 52), field("tops", 416).reshape(games, 8, 52), field("face_down", 8),
        field("phase", 4).argmax(axis=1), field("seat", 2).argmax(axis=1),
        np.where(starter.any(axis=1), starter.argmax(axis=1), -1))


# Each game registers its learner beside its spec (GameTools.learner names these).
#: East–West's learner.
EAST_WEST_LEARNER = Learner("east-west", "pokerrules.eastwest",
                            east_west_policy.LEARNED_FEATURES, "greedy", (0, 1),
                            _east_west_features, lambda r: (np.sign(r) + 1) / 2)
#: Chinese Poker's learner: four players (the default); a round won is one the
#: learner went out first in.
CHINESE_POKER_LEARNER = Learner("chinese-poker", "pokerrules.chinese_poker",
                                chinese_poker_policy.LEARNED_FEATURES, "random", (0, 1, 2, 3),
                                _chinese_poker_features, lambda r: (r == 0).astype(float),
                                updates=2000, num_envs=64, learning_rate=0.05)
#: Z Poker's learner: against random, as against greedy from the start nearly every
#: game is lost.
Z_POKER_LEARNER = Learner("z-poker", "pokerrules.zpoker", z_poker_policy.LEARNED_FEATURES,
                          "random", (0, 1), _z_poker_features, lambda r: (np.sign(r) + 1) / 2,
                          updates=1600, num_envs=64, learning_rate=0.05)


def trained_games() -> tuple[str, ...]:
    """The names of the games it trains: those whose tools register a learner."""
    return tuple(spec.name for spec in game_specs() if game_tools(spec).learner is not None)


def learner(game: str) -> Learner:
    """The learner of ``game`` (any of its names), as its tools register it
    (:attr:`GameTools.learner <pokerrules.specs.GameTools.learner>`).

    Raises:
        UnknownGameError: a game it does not train (those it trains are named).
    """
    found: Learner | None = None
    if isinstance(game, str):
        try:
            found = hook_target(game_tools(game).learner)
        except UnknownGameError:
            found = None
    if found is None:
        raise UnknownGameError(f"no learner for {shown(game)}; it trains "
                               f"{', '.join(trained_games())}")
    return found


class _Adam:
    def __init__(self, size: int, rate: float) -> None:
        self.rate, self.m, self.v, self.t = rate, np.zeros(size), np.zeros(size), 0

    def step(self, gradient: np.ndarray) -> np.ndarray:
        self.t += 1
        self.m = 0.9 * self.m + 0.1 * gradient
        self.v = 0.999 * self.v + 0.001 * gradient**2
        m, v = self.m / (1 - 0.9**self.t), self.v / (1 - 0.999**self.t)
        out: np.ndarray = self.rate * m / (np.sqrt(v) + 1e-8)
        return out


def _sample(probabilities: np.ndarray, mask: np.ndarray, rng: np.random.Generator
            ) -> np.ndarray:
    """One action per row drawn from ``probabilities``; never an illegal one."""
    drawn = (probabilities.cumsum(axis=1) < rng.random(len(mask))[:, None]).sum(axis=1)
    last = mask.shape[1] - 1 - mask[:, ::-1].argmax(axis=1)  # rounding can pass the end
    drawn = np.minimum(drawn, last)
    out: np.ndarray = np.where(mask[np.arange(len(mask)), drawn], drawn, last)
    return out


def _check_learning_rate(value: object) -> float:
    """``value`` checked as Adam's step size: a real number above 0 and at most
    :data:`LEARNING_RATE_LIMIT`, as a float.

    Raises:
        ArgumentTypeError: no real number (a bool is none).
        PokerRulesError: not finite, 0 or less, or above the limit.
    """
    numpy = loaded("numpy")
    real = isinstance(value, float) or is_int(value) or (
        numpy is not None and isinstance(value, numpy.floating))
    wanted = (f"learning_rate must be a real number above 0 and at most "
              f"{LEARNING_RATE_LIMIT:g}, not {shown(value)}")
    if not real:
        raise ArgumentTypeError(wanted)
    rate = float(value)  # type: ignore[arg-type]
    if not (math.isfinite(rate) and 0 < rate <= LEARNING_RATE_LIMIT):
        raise PokerRulesError(wanted)
    return rate


def _check_seed(seed: object, seats: int, num_envs: int) -> int:
    """A training or evaluation seed, whose last game's seed stays below 2**53."""
    first = seed_int(seed)
    if first + seats * num_envs > SEED_LIMIT:
        raise PokerRulesError(f"seed {first} is too large for {seats} seats of {num_envs:,} "
                              f"games: the games' seeds reach 2**53; at most "
                              f"{SEED_LIMIT - seats * num_envs:,}")
    return first


def train(game: str, updates: int, *, num_envs: int = 256, seed: int = 0,
          learning_rate: float = 0.02, checkpoints: Sequence[int] = (),
          on_checkpoint: Callable[[int, float, LinearPolicy], None] | None = None
          ) -> LinearPolicy:
    """Trains ``game``'s policy for ``updates`` updates of ``num_envs`` games per
    seat, calling ``on_checkpoint(updates so far, training CPU-seconds, policy)``
    at each of ``checkpoints``.

    Args:
        updates: an int from 0 up.
        num_envs: games per seat, an int from 1 to :data:`ENVS_LIMIT`.
        seed: an int from 0 to 2**53 - 1 less the games of every seat (seat ``k``
            deals from ``seed + k * num_envs`` on).
        learning_rate: Adam's step size, a real number above 0 and at most
            :data:`LEARNING_RATE_LIMIT`.
        checkpoints: ints from 0 to ``updates``.
        on_checkpoint: a callable or None.

    Every argument is checked before anything is built or trained.

    Raises:
        UnknownGameError: a game it does not train.
        ArgumentTypeError: an argument of another type, naming it.
        PokerRulesError: an argument out of its range, naming it.
    """
    spec = learner(game)
    game = spec.game  # the one name, which the policy and its weight file keep
    check_count(updates, "updates", 0)
    check_count(num_envs, "num_envs", 1, ENVS_LIMIT)
    seed = _check_seed(seed, len(spec.seats), num_envs)
    learning_rate = _check_learning_rate(learning_rate)
    if isinstance(checkpoints, (str, bytes)) or not isinstance(checkpoints, Sequence):
        raise ArgumentTypeError(f"checkpoints must be a sequence of ints, not "
                                f"{shown(checkpoints)}")
    checkpoints = [check_count(c, "a checkpoint", 0, updates) for c in checkpoints]
    if on_checkpoint is not None and not callable(on_checkpoint):
        raise ArgumentTypeError(f"on_checkpoint must be a callable or None, not "
                                f"{shown(on_checkpoint)}")
    rng = np.random.default_rng(seed)
    weights = np.zeros(spec.features)
    adam = _Adam(spec.features, learning_rate)
    envs = [make_vec(game, num_envs, opponent=spec.opponent, seat=seat,
                     seed=seed + k * num_envs) for k, seat in enumerate(spec.seats)]
    state = []
    for env in envs:
        observations, info = env.reset()
        state.append([observations, info["action_mask"], np.zeros((num_envs, spec.features)),
                      np.zeros(num_envs, dtype=bool)])
    mean, spread = 0.0, 1.0
    spent, done = 0.0, 0
    clock = time.process_time()
    while True:
        if done in checkpoints and on_checkpoint is not None:
            spent += time.process_time() - clock
            on_checkpoint(done, spent, LinearPolicy(game, weights.copy()))
            clock = time.process_time()
        if done == updates:
            break
        gradient, episodes = np.zeros(spec.features), 0
        while episodes == 0:
            for env, slot in zip(envs, state):
                observations, mask, pending, waiting = slot
                policy = LinearPolicy(game, weights)
                features = spec.from_observations(observations)
                p = policy.probabilities(features, mask)
                actions = _sample(p, mask, rng)
                taken = features[np.arange(num_envs), actions]
                expected = np.einsum("ga,gaf->gf", p, features)
                pending[~waiting] += (taken - expected)[~waiting]
                observations, rewards, ended, _, info = env.step(actions)
                if ended.any():
                    returns = rewards[ended]
                    advantage = (returns - mean) / spread
                    gradient += advantage @ pending[ended]
                    episodes += int(ended.sum())
                    mean += 0.01 * (returns.mean() - mean)
                    spread += 0.01 * (np.sqrt(((returns - mean) ** 2).mean()) - spread)
                    spread = max(spread, 1e-3)
                    pending[ended] = 0.0
                slot[:] = observations, info["action_mask"], pending, ended
        weights = weights + adam.step(gradient / episodes)
        done += 1
    for env in envs:
        env.close()
    return LinearPolicy(game, weights)


def evaluate(policy: LinearPolicy, opponent: str | Any, games: int, *,
             seed: int = EVAL_SEED) -> float:
    """The score (a win 1, a draw 1/2, a loss 0) of ``policy`` playing its most
    probable legal action against ``opponent`` over ``games`` games, half from each
    seat (seat ``s`` deals from seeds ``seed + s * games`` on).

    Raises:
        UnknownGameError: a game it does not train.
        ArgumentTypeError, PokerRulesError: ``games`` that is no int from 1 to
            :data:`ENVS_LIMIT` games a seat, or a bad ``seed`` (as for :func:`train`).
    """
    if not isinstance(policy, LinearPolicy):
        raise ArgumentTypeError(f"policy must be a LinearPolicy, not {shown(policy)}")
    spec = learner(policy.game)
    check_count(games, "games", 1, ENVS_LIMIT * len(spec.seats))
    per_seat = max(1, games // len(spec.seats))
    seed = _check_seed(seed, len(spec.seats), per_seat)
    total, played = 0.0, 0
    for seat in spec.seats:
        env = make_vec(policy.game, per_seat, opponent=opponent, seat=seat,
                       seed=seed + seat * per_seat)
        observations, info = env.reset()
        mask = info["action_mask"]
        finished = np.zeros(per_seat, dtype=bool)
        scores = np.zeros(per_seat)
        while not finished.all():
            actions = policy.best(spec.from_observations(observations), mask)
            observations, rewards, ended, _, info = env.step(actions)
            mask = info["action_mask"]
            first = ended & ~finished
            scores[first] = spec.score(rewards[first])
            finished |= ended
        env.close()
        total += scores.sum()
        played += per_seat
    return total / played


def _whole(low: int, high: int | None = None) -> Callable[[str], int]:
    """The ``type`` of an option that counts, from ``low`` to ``high`` (None: no end)."""
    def whole(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = low - 1
        if value < low or (high is not None and value > high):
            top = "up" if high is None else f"to {high:,}"
            raise argparse.ArgumentTypeError(
                f"takes a whole number from {low:,} {top}, not {shown(text)}")
        return value
    return whole


def _rate(text: str) -> float:
    try:
        return _check_learning_rate(float(text))
    except (ValueError, PokerRulesError):
        raise argparse.ArgumentTypeError(
            f"takes a real number above 0 and at most {LEARNING_RATE_LIMIT:g}, not "
            f"{shown(text)}") from None


def _destination_problem(out: str) -> str | None:
    """Why the weight file ``out`` could not be written, or None: found before any
    training, so that no run's weights are lost to a wrong path."""
    folder = os.path.dirname(out) or "."
    if os.path.isdir(out):
        return f"{out} is a directory; name the weight file to write in it"
    if os.path.lexists(out) and not os.path.isfile(out):
        return f"{out} exists and is no regular file"
    if not os.path.isdir(folder):
        return f"the directory {folder} does not exist" if not os.path.lexists(folder) \
            else f"{folder} is no directory"
    try:  # what os.access would not tell (a read-only file system, root's rights)
        handle, probe = tempfile.mkstemp(dir=folder, prefix=".learn-probe-")
    except OSError as exc:
        return f"cannot write in the directory {folder}: {exc.strerror}"
    os.close(handle)
    os.unlink(probe)
    return None


def main(argv: list[str] | None = None) -> None:
    """The command (``python -m pokerrules.learn --help``). Every option is checked
    before training, the destination of ``--out`` too (its directory exists and
    takes a file); a bad one stops the command with a usage error, status 2."""
    parser = argparse.ArgumentParser(prog="python -m pokerrules.learn",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=sorted(trained_games()))
    parser.add_argument("--updates", type=_whole(0),
                        help="updates, 0 or more (default: east-west 800, chinese-poker "
                             "2000, z-poker 1600)")
    parser.add_argument("--envs", type=_whole(1, ENVS_LIMIT),
                        help=f"games per seat, 1 to {ENVS_LIMIT:,} (default: east-west 256, "
                             f"chinese-poker and z-poker 64)")
    parser.add_argument("--seed", type=seed_argument, default=0,
                        help="an int from 0 to 2**53 - 1 (default 0)")
    parser.add_argument("--learning-rate", type=_rate,
                        help=f"Adam's step size, above 0 and at most {LEARNING_RATE_LIMIT:g} "
                             f"(default: east-west 0.02, chinese-poker and z-poker 0.05)")
    parser.add_argument("--checkpoints", type=_whole(0), nargs="*",
                        help="updates at which to evaluate, 0 to --updates (default: 0, "
                             "1/8, 1/4, 1/2, all)")
    parser.add_argument("--eval-games", type=_whole(1), default=2000,
                        help=f"games against random and greedy at each checkpoint, 1 to "
                             f"{ENVS_LIMIT:,} a seat (default 2000)")
    parser.add_argument("--search-games", type=_whole(0), default=200,
                        help="games against the search at the first and last checkpoints, "
                             f"0 (none) to {ENVS_LIMIT:,} a seat (default 200)")
    parser.add_argument("--out", help="the weight file to write (.npz), in a directory "
                                      "that exists")
    args = parser.parse_args(argv)
    spec = learner(args.game)
    n = spec.updates if args.updates is None else args.updates
    if args.checkpoints and max(args.checkpoints) > n:
        parser.error(f"argument --checkpoints: {max(args.checkpoints)} is past the "
                     f"{n} updates")
    checkpoints = sorted(set(args.checkpoints or {0, n // 8, n // 4, n // 2, n}))
    for option, games in (("--eval-games", args.eval_games),
                          ("--search-games", args.search_games)):
        if games > ENVS_LIMIT * len(spec.seats):
            parser.error(f"argument {option}: at most {ENVS_LIMIT:,} games a seat, "
                         f"{ENVS_LIMIT * len(spec.seats):,} in all; not {games:,}")
    problem = None if args.out is None else _destination_problem(args.out)
    if problem is not None:
        parser.error(f"argument --out: {problem}")
    num_envs = spec.num_envs if args.envs is None else args.envs
    rate = spec.learning_rate if args.learning_rate is None else args.learning_rate
    try:
        _check_seed(args.seed, len(spec.seats), num_envs)
    except PokerRulesError as exc:
        parser.error(f"argument --seed: {exc}")
    print("updates  train CPU-s  vs random  vs greedy  vs search", flush=True)

    def report(done: int, spent: float, policy: LinearPolicy) -> None:
        rates = [evaluate(policy, name, args.eval_games) for name in ("random", "greedy")]
        search = "" if done not in (checkpoints[0], checkpoints[-1]) or not args.search_games \
            else f"{evaluate(policy, 'search', args.search_games):9.3f}"
        print(f"{done:7d}  {spent:11.1f}  {rates[0]:9.3f}  {rates[1]:9.3f}  {search}",
              flush=True)

    policy = train(args.game, n, num_envs=num_envs, seed=args.seed, learning_rate=rate,
                   checkpoints=checkpoints, on_checkpoint=report)
    if args.out:
        try:
            save_weights(args.out, args.game, policy.weights)
        except OSError as exc:  # the directory changed during training: keep the weights
            handle, kept = tempfile.mkstemp(prefix=f"{args.game}-", suffix=".npz")
            os.close(handle)
            save_weights(kept, args.game, policy.weights)
            parser.exit(1, f"{parser.prog}: error: cannot write {args.out}: "
                           f"{exc.strerror or exc}; the weights are in {kept}\n")
        print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
