"""Thousands of games a call: the vector environments, whose games are stepped in C.

:func:`make_vec` returns a :class:`gymnasium.vector.VectorEnv` of ``num_envs`` games
of one seat against a fixed opponent (or of self-play), stepped together by the
compiled batch engine (``pokerrules._vector``) with the GIL released. East–West has
one; the other games have none yet.

>>> from pokerrules.envs.vector import make_vec
>>> env = make_vec("east-west", 4, opponent="greedy")
>>> observations, info = env.reset(seed=10)
>>> observations.shape, info["action_mask"].shape
((4, 330), (4, 3))
>>> actions = info["action_mask"].argmax(axis=1)
>>> observations, rewards, terminations, truncations, info = env.step(actions)
>>> rewards.dtype, terminations.dtype
(dtype('float64'), dtype('bool'))

**Observations and actions.** Game ``i``'s observation is ``observations[i]``, the
``float32`` observation of the game's encoding (:mod:`pokerrules.envs.east_west_v0`:
330 elements) seen from the learner's seat; its action is ``actions[i]``, one of the
encoding's action indices (East–West: the row, 0 to 2, to place the drawn card on).
``actions`` is an integer array of shape ``(num_envs,)`` (a list of ints too);
``info["action_mask"]`` (and :meth:`~EastWestVectorEnv.action_masks`) is a ``bool``
array of shape ``(num_envs, n_actions)``, True where the action is legal.

**Autoreset: next step** (Gymnasium's ``AutoresetMode.NEXT_STEP``, in
``metadata["autoreset_mode"]``). The step in which game ``i`` ends returns its last
observation, its reward and ``terminations[i] = True``; its mask is then all True,
so that sampling from the masks never meets an empty row, and the action the next
step gives it is ignored: that step deals game ``i`` again and returns its first
observation, reward 0 and ``terminations[i] = False``. ``truncations`` is never True.

**Seeds.** ``reset(seed=s)`` deals game ``i`` exactly as
``pokerrules.eastwest.new_game(seed=s + i)`` does (``s + num_envs - 1`` must stay
below 2**53), and each later episode of game ``i`` takes the seed of its last one
plus ``num_envs`` (modulo 2**53): the batch walks through the seeds ``s, s + 1,
...`` without repeating one. ``reset()`` without a seed takes the ``seed`` given
to :func:`make_vec` the first time, else fresh entropy from the operating system.

**Opponents.** ``"random"`` and ``"greedy"`` play inside C: ``"greedy"`` is
:class:`~pokerrules.eastwest.GreedyAgent` move for move; ``"random"`` places on one
of its open rows, each equally likely, drawn from a deal stream
(:class:`~pokerrules.shuffle.DealStream`) of its own per episode whose seed is
``pokerrules._vector.opponent_seed(episode seed)``. Any other agent the game ships
(by name), an agent instance (with ``choose(view, legal_moves, rng)``) or a
callable ``f(observation, action_mask) -> action`` over the opponent's own
observation and ``bool`` mask plays at Python speed, game after game. An opponent
that fails (an exception, or a return that is no legal action: the game is named)
takes the step back whole. ``opponent=None`` is self-play: the caller plays both
seats; ``observations[i]`` is then seen from seat ``info["player"][i]`` (``int8``),
the seat to move, or at the end the seat that made the last move, and
``rewards[i]`` is that seat's; ``info["rewards"]`` (``float64``, shape
``(num_envs, 2)``) holds both seats' rewards of the step.

**Rewards.** +1 for a win, −1 for a loss, 0 for a draw, at the end (the
encoding's returns), as ``float64``.

**Bad input.** Actions of another shape (:class:`~pokerrules.errors.HandSizeError`)
or of a type that is no integer (:class:`~pokerrules.errors.ArgumentTypeError`,
bools and floats too), an action no game of the batch may take
(:class:`~pokerrules.errors.IllegalMoveError` naming the game's index), a step
before ``reset`` or after ``close`` (:class:`~pokerrules.errors.PokerRulesError`),
a bad seed: each is refused and no game of the batch changes.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from pokerrules import _vector, eastwest
from pokerrules.checks import check_count, check_rules, is_int, shown
from pokerrules.eastwest import EastWestRules, EastWestView
from pokerrules.eastwest.rules import DEFAULT_RULES
from pokerrules.envs.east_west_v0 import EastWestEncoding
from pokerrules.envs.encoding import check_options, reset_seed
from pokerrules.errors import (
    ArgumentTypeError,
    IllegalMoveError,
    PokerRulesError,
    UnknownGameError,
)
from pokerrules.game import seat_index
from pokerrules.runner import Agent
from pokerrules.shuffle import SEED_LIMIT
from pokerrules.specs import GameSpec, game_spec

__all__ = ["VECTOR_GAMES", "EastWestVectorEnv", "make_vec"]

#: The opponents that play inside C, by name.
C_OPPONENTS = ("random", "greedy")
#: An opponent: None (self-play), a shipped agent's name, an agent instance or a
#: callable ``f(observation, action_mask) -> action`` (see the module text).
VectorOpponent = str | Agent | Callable[[np.ndarray, np.ndarray], int] | None


class EastWestVectorEnv(gymnasium.vector.VectorEnv[np.ndarray, np.ndarray, np.ndarray]):
    """``num_envs`` games of East–West stepped together in C (see the module text).

    Args:
        num_envs: games (1 to 2**31 - 1).
        opponent: see :data:`VectorOpponent` (default ``"random"``).
        seat: the learner's seat, 0 (West) or 1 (East); unused in self-play.
        seed: the seed of the first ``reset()`` called without one (None: fresh
            entropy).
        rules: :class:`~pokerrules.eastwest.EastWestRules` (default rules).

    Raises:
        ArgumentTypeError: a ``num_envs`` or seed that is no int, an opponent of
            none of the kinds, or rules that are no EastWestRules.
        PokerRulesError: ``num_envs`` out of range, an agent name the game does not
            ship (the names are given), a seat other than 0 or 1, a seed out of range.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (as Gymnasium types it)
        "autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(self, num_envs: int, *, opponent: VectorOpponent = "random", seat: int = 0,
                 seed: int | None = None, rules: EastWestRules | None = None) -> None:
        self.num_envs = check_count(num_envs, "num_envs", 1, 2**31 - 1)
        self.seat = seat_index(seat, 2)
        self.rules: EastWestRules = check_rules(rules, EastWestRules, default=DEFAULT_RULES)
        self._first_seed = None if seed is None else self._batch_seed(seed)
        self.encoding = EastWestEncoding(self.rules)
        self.opponent = opponent
        self._agent: Agent | None = None
        self._policy: Callable[[np.ndarray, np.ndarray], object] | None = None
        kind = _opponent_kind(opponent)
        if kind == "agent name":
            self._agent = eastwest.AGENTS[opponent]()  # type: ignore[index]
        elif kind == "agent":
            self._agent = opponent  # type: ignore[assignment]
        elif kind == "callable":
            self._policy = opponent  # type: ignore[assignment]
        self.self_play = opponent is None
        engine = "self" if self.self_play else opponent if kind == "in C" else "outside"
        self._batch = _vector.EastWestBatch(
            self.num_envs, self.rules.hand_rules.variant, self.rules.win_rule, self.seat,
            str(engine))
        self.single_observation_space = spaces.Box(
            np.zeros(self.encoding.observation_size, dtype=np.float32),
            self.encoding.observation_high, dtype=np.float32)
        self.single_action_space = spaces.Discrete(self.encoding.num_actions)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self._mask: np.ndarray | None = None
        self._opponent_rng = np.random.default_rng(0)

    # --- the Gymnasium API --------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        """Deals every game again (game ``i`` as ``new_game(seed=s + i)``) and plays
        the opponent to the learner's first turn.

        Returns:
            (observations, info): float32 ``(num_envs, 330)``; info holds
            ``"action_mask"`` (and in self-play ``"player"``).

        Raises:
            ArgumentTypeError: a seed that is no int (a bool is not one).
            PokerRulesError: a seed outside 0 to 2**53 - 1, or one that would give
                the last game a seed past it (named); options (none are taken);
                after ``close``. An opponent at Python speed that fails (as
                :meth:`step`). Refused, the reset changes no game.
        """
        self._require_open()
        check_options(options or {}, (), "the vector environment's reset")
        if seed is not None:
            first = self._batch_seed(seed)
        elif self._first_seed is not None:
            first = self._first_seed
        else:
            first = secrets.randbelow(SEED_LIMIT - self.num_envs + 1)
        kept, kept_rng = self._batch.save(), self._opponent_rng.bit_generator.state
        try:
            self._batch.reset(np.arange(first, first + self.num_envs, dtype=np.int64))
            self._opponent_rng = np.random.default_rng(first)
            self._play_opponent()
        except BaseException:
            self._batch.restore(kept)
            self._opponent_rng.bit_generator.state = kept_rng
            raise
        self._first_seed = None
        self._np_random, self._np_random_seed = seeding.np_random(first)
        obs, mask, _, seat_rewards, _, player = self._batch.finish()
        self._mask = mask
        return obs, self._info(mask, player, seat_rewards)

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                          dict[str, Any]]:
        """Plays ``actions[i]`` in each game (ignored in a game that ended at the
        last step: it is dealt again), then the opponent's replies.

        Returns:
            (observations, rewards, terminations, truncations, info): float32
            ``(num_envs, 330)``, float64 ``(num_envs,)``, bool ``(num_envs,)``
            twice; info as for :meth:`reset` (in self-play also ``"rewards"``).

        Raises:
            HandSizeError: actions of another shape than ``(num_envs,)``.
            ArgumentTypeError: actions that are no integers.
            IllegalMoveError: an action a game refuses (the game's index named).
            PokerRulesError: before ``reset`` or after ``close``.
            An opponent at Python speed that fails: its error (the game named) and
            the step taken back. Refused, the step changes no game.
        """
        self._require_open()
        if self._mask is None:
            raise PokerRulesError("call reset() before step()")
        batch = self._batch
        if self._agent is None and self._policy is None:
            obs, mask, rewards, seat_rewards, terminated, player = batch.step(
                actions, self.num_envs)
        else:
            kept, kept_rng = batch.save(), self._opponent_rng.bit_generator.state
            batch.act(actions, self.num_envs)  # (refused: nothing changed)
            try:
                self._play_opponent()
            except BaseException:
                batch.restore(kept)
                self._opponent_rng.bit_generator.state = kept_rng
                raise
            obs, mask, rewards, seat_rewards, terminated, player = batch.finish()
        self._mask = mask
        truncated = np.zeros(self.num_envs, dtype=bool)
        return obs, rewards, terminated, truncated, self._info(mask, player, seat_rewards, True)

    def action_masks(self) -> np.ndarray:
        """The legal actions now: a new ``bool`` array ``(num_envs, n_actions)``
        (all True in a game awaiting its reset).

        Raises:
            PokerRulesError: before ``reset`` or after ``close``.
        """
        self._require_open()
        if self._mask is None:
            raise PokerRulesError("call reset() before action_masks()")
        mask: np.ndarray = self._mask.copy()
        return mask

    def close_extras(self, **kwargs: Any) -> None:
        """Marks the environment closed: every later call but ``close`` is refused."""
        self._mask = None

    # --- helpers ------------------------------------------------------------
    def _require_open(self) -> None:
        if self.closed:
            raise PokerRulesError("the vector environment is closed")

    def _batch_seed(self, seed: object) -> int:
        """``seed`` checked as the seed of game 0, so that game ``num_envs - 1``'s
        seed stays below 2**53."""
        first = reset_seed(seed)
        last = self.num_envs - 1
        if first + last >= SEED_LIMIT:
            raise PokerRulesError(
                f"reset's seed {first} would deal game {last} from seed {first + last}, "
                f"past 2**53 - 1; with {self.num_envs} games a seed is at most "
                f"{SEED_LIMIT - self.num_envs}")
        return first

    def _info(self, mask: np.ndarray, player: np.ndarray, seat_rewards: np.ndarray,
              stepped: bool = False) -> dict[str, Any]:
        # the caller's own copy: writing into it must not change action_masks()
        info: dict[str, Any] = {"action_mask": mask.copy()}
        if self.self_play:
            info["player"] = player
            if stepped:
                info["rewards"] = seat_rewards
        return info

    def _play_opponent(self) -> None:
        """Plays a Python-speed opponent's reply in every game where it is to move
        (at most one: the seats alternate)."""
        if self._agent is None and self._policy is None:
            return
        batch, other = self._batch, 1 - self.seat
        games = np.flatnonzero(batch.to_move() == other)
        if not games.size:
            return
        legal = batch.legal()
        observations = batch.observe(other) if self._policy is not None else None
        actions = np.empty(games.size, dtype=np.int64)
        for k, i in enumerate(games):
            if observations is not None and self._policy is not None:
                action = self._policy(observations[i].copy(), legal[i].copy())
            else:
                action = self._agent_action(int(i), other)
            if not is_int(action) or not 0 <= action < self.encoding.num_actions \
                    or not legal[i, action]:
                error = ArgumentTypeError if not is_int(action) else IllegalMoveError
                raise error(
                    f"game {i}: the opponent at seat {other} returned {shown(action)}; "
                    f"its legal actions were {np.flatnonzero(legal[i]).tolist()}")
            actions[k] = action
        batch.place(games, actions)

    def _agent_action(self, game: int, seat: int) -> int:
        state = self._batch.game(game)
        view = EastWestView(seat, state["to_move"], state["dealer"], self.rules, state["board"],
                            state["rows"], state["drawn"], state["stock"])
        legal = tuple(p for p in eastwest.PLACES if len(state["rows"][seat][p.row]) < 4)
        assert self._agent is not None
        try:
            move = self._agent.choose(view, legal, self._opponent_rng)
            return self.encoding.move_to_action(move)
        except PokerRulesError as exc:
            raise IllegalMoveError(f"game {game}: the opponent at seat {seat}: {exc}") from None


def _opponent_kind(opponent: object) -> str:
    if opponent is None:
        return "self-play"
    if isinstance(opponent, str):
        if opponent in C_OPPONENTS:
            return "in C"
        if opponent not in eastwest.AGENTS:
            raise PokerRulesError(
                f"eastwest has no agent {shown(opponent)}; its agents are "
                f"{', '.join(sorted(eastwest.AGENTS))}")
        return "agent name"
    if callable(getattr(opponent, "choose", None)) and not isinstance(opponent, type):
        return "agent"
    if callable(opponent) and not isinstance(opponent, type):
        return "callable"
    raise ArgumentTypeError(
        f"opponent is None (self-play), an agent name, an agent (with choose()) or a "
        f"callable f(observation, action_mask) -> action, not {shown(opponent)}")


#: The vector environment of each game that has one, by the game's name.
VECTOR_GAMES: dict[str, type[EastWestVectorEnv]] = {"east-west": EastWestVectorEnv}


def make_vec(game: GameSpec | str | Any, num_envs: int, *, opponent: VectorOpponent = "random",
             seat: int = 0, seed: int | None = None, rules: Any = None
             ) -> gymnasium.vector.VectorEnv[np.ndarray, np.ndarray, np.ndarray]:
    """The vector environment of ``game`` (any of its names): ``num_envs`` games
    stepped together in C (see the module text and :class:`EastWestVectorEnv`).

    Raises:
        UnknownGameError: no game of that name, or a game without a vector
            environment (the games that have one are named).
        ArgumentTypeError, PokerRulesError: as the environment's constructor.
    """
    spec = game_spec(game)
    env_type = VECTOR_GAMES.get(spec.name)
    if env_type is None:
        raise UnknownGameError(
            f"game {spec.name} has no vector environment; the games with one are "
            f"{', '.join(VECTOR_GAMES)}")
    return env_type(num_envs, opponent=opponent, seat=seat, seed=seed, rules=rules)
