"""One seat of a game as a Gymnasium environment, the other seats played by
fixed opponents: what single-agent learners (a masked PPO, a plain policy
gradient) take.

>>> from pokerrules.envs import east_west_v0
>>> from pokerrules.envs.single_agent import SingleAgentEnv
>>> env = SingleAgentEnv(east_west_v0.EastWestEncoding(), opponent="greedy", flat=True)
>>> observation, info = env.reset(seed=3)
>>> observation.shape, env.action_masks().tolist()
((330,), [True, True, True])

The same through Gymnasium, by the ids importing :mod:`pokerrules.envs` registers
(each game's :attr:`GameTools.gymnasium_id <pokerrules.specs.GameTools.gymnasium_id>`):

>>> import gymnasium
>>> env = gymnasium.make("pokerrules/EastWest-v0", opponent="greedy", flat=True)
>>> env.reset(seed=3)[0].shape
(330,)

**Observations.** By default a ``Dict`` of ``"observation"`` (``float32``, the
encoding's layout, shape ``(observation_size,)``) and ``"action_mask"``
(``int8``, 1 for each legal action), as the PettingZoo environment gives them;
with ``flat=True`` the ``float32`` observation alone (a ``Box``), the mask then
coming from :meth:`SingleAgentEnv.action_masks` only (a ``bool`` array of shape
``(num_actions,)``, the method masked learners such as sb3-contrib's MaskablePPO
call).

**Actions.** ``Discrete(num_actions)``, the encoding's action indices. An
illegal action ends the episode with reward ``illegal_reward`` (default −1) and
``info["illegal_action"] = True``, the game left as it was (so that
unmasked samplers, such as Gymnasium's own checker, can step); with
``illegal_reward=None`` it raises :class:`~pokerrules.errors.IllegalMoveError`
instead and changes nothing.

**Opponents that fail.** A step plays the learner's action and the opponents'
replies as one: when an opponent returns what is no action (anything but an int:
a float, text, None), an action the game refuses, or raises, the step is taken
back whole (the game, the rewards due and the generators are as they were before
it) and the error propagates: an :class:`~pokerrules.errors.ArgumentTypeError` or
:class:`~pokerrules.errors.IllegalMoveError` naming the opponent's seat and what it
returned, or the opponent's own exception. The same holds for the replies
``reset`` plays before the learner's first move.

**Rewards.** After each step, the change of the learner's return (the
encoding's: East–West and Z Poker +1 for a win, −1 for a loss, 0 for a draw, at
the end; Chinese Poker minus the points scored) over that step and the
opponents' moves that follow it, so an episode's rewards sum to the learner's
return. ``terminated`` is True at the episode's end; ``truncated`` is never True.

**Seeding.** ``reset(seed=s)`` seeds the environment's generator
(Gymnasium's ``np_random``); each episode draws its game's seed and the
opponents' generators from it, so a seeded run is reproducible. A seed is None
or an int from 0 to 2**53 - 1 (numpy integers too, as the PettingZoo
environment takes them). Before any seed the generator takes fresh entropy from
the operating system.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, cast

import gymnasium
import numpy as np
from gymnasium import spaces

from pokerrules._checks import check_flag, is_int, shown
from pokerrules.envs.encoding import (
    AgentPolicy,
    Encoding,
    check_options,
    keywords,
    real_number,
    reset_seed,
)
from pokerrules.errors import ArgumentTypeError, GameOverError, IllegalMoveError, PokerRulesError
from pokerrules.game import GameState, seat_index
from pokerrules.runner import Agent
from pokerrules.shuffle import SEED_LIMIT
from pokerrules.specs import game_spec, game_tools, hook_target

__all__ = ["Opponent", "SingleAgentEnv", "opponent_kind", "single_agent_env"]

#: An opponent: a shipped agent's name (``"random"``, ``"greedy"``, ...), an agent
#: instance (anything with ``choose(view, legal_moves, rng)``), or a callable
#: ``f(observation, action_mask) -> action`` over the opponent's own ``float32``
#: observation and ``bool`` mask (a trained policy, say), returning an int
#: (Python's or numpy's).
Opponent = str | Agent | Callable[[np.ndarray, np.ndarray], int]
#: Episodes a reset deals at most while the opponents end every game before the
#: learner's first move (which only Chinese Poker can do, and rarely).
_MOST_DEALS = 100


class SingleAgentEnv(gymnasium.Env[Any, np.int64]):
    """One seat of ``encoding``'s game against fixed opponents.

    Args:
        encoding: the game's encoding, e.g. ``east_west_v0.EastWestEncoding()`` or
            ``chinese_poker_v0.ChinesePokerEncoding(players=3, scope="game")``.
        opponent: who plays every other seat (see :data:`Opponent`); default
            ``"random"``.
        seat: the learner's seat (0 to players - 1).
        flat: True or False (numpy bools too): observations are the ``float32``
            array alone (a ``Box``), not the ``Dict`` with the mask.
        render_mode: None or ``"ansi"`` (``render()`` returns the table, shown
            from the learner's seat).
        illegal_reward: the reward of an illegal action, which ends the episode
            (a finite real number, kept as a float); None: an illegal action
            raises instead.

    Raises:
        ArgumentTypeError: ``encoding`` is no Encoding, ``opponent`` is none
            of the kinds above, ``flat`` is no bool or ``illegal_reward`` no
            real number.
        PokerRulesError: an agent name the game does not ship (the names are
            given), a seat not in the game, an unknown render mode, or an
            ``illegal_reward`` that is not finite.
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 (as Gymnasium types it)

    def __init__(self, encoding: Encoding, opponent: Opponent = "random", seat: int = 0,
                 flat: bool | np.bool_ = False, render_mode: str | None = None,
                 illegal_reward: float | None = -1.0) -> None:
        if not isinstance(encoding, Encoding):
            raise ArgumentTypeError(
                f"SingleAgentEnv takes a game's Encoding (e.g. east_west_v0.EastWestEncoding()),"
                f" not {shown(encoding)}")
        if render_mode is not None and (not isinstance(render_mode, str)
                                        or render_mode != "ansi"):
            raise PokerRulesError(f"render_mode is None or 'ansi', not {shown(render_mode)}")
        self.flat = check_flag(flat, "flat")
        self.encoding = encoding
        self.seat = seat_index(seat, encoding.players)
        self.render_mode = render_mode
        self.illegal_reward = _reward(illegal_reward)
        self._over = False  # an illegal action ended the episode
        self._opponent = self._opponent_kind(opponent)
        self.opponent = opponent
        box = spaces.Box(np.zeros(encoding.observation_size, dtype=np.float32),
                         encoding.observation_high, dtype=np.float32)
        self.observation_space: spaces.Space[Any] = box if self.flat else spaces.Dict({
            "observation": box,
            "action_mask": spaces.Box(0, 1, (encoding.num_actions,), dtype=np.int8),
        })
        self.action_space: spaces.Space[np.int64] = spaces.Discrete(encoding.num_actions)
        #: The pokerrules game state of the episode (None before ``reset``).
        self.game_state: GameState[Any] | None = None
        self._policies: dict[int, Callable[[GameState[Any]], object]] = {}
        self._returns: tuple[float, ...] = ()

    def _opponent_kind(self, opponent: object) -> str:
        return opponent_kind(self.encoding.game, opponent)

    def _policy(self, seat: int, seed: int) -> Callable[[GameState[Any]], object]:
        """What seat ``seat``'s opponent returns in a state where it is to move
        (checked by :meth:`_reply`)."""
        encoding, opponent = self.encoding, self.opponent
        if self._opponent == "callable":
            play: Callable[[np.ndarray, np.ndarray], object] = opponent  # type: ignore[assignment]

            def chosen(state: GameState[Any]) -> object:
                return play(encoding.observe(state, seat), encoding.action_mask(state).astype(bool))
            return chosen
        # (the opponent was checked: a shipped agent's name or an agent instance)
        agent = cast(Agent, encoding.game.AGENTS[opponent]() if self._opponent == "name"
                     else opponent)
        return AgentPolicy(encoding, agent, seed)

    # --- the Gymnasium API --------------------------------------------------
    def reset(self, *, seed: int | np.integer[Any] | None = None,
              options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """Deals a new episode and plays the opponents to the learner's first turn.

        Returns:
            (observation, info): info is empty.

        Raises:
            ArgumentTypeError: a seed that is no int (a bool is not one).
            PokerRulesError: a seed outside 0 to 2**53 - 1.
            ArgumentTypeError, IllegalMoveError: an opponent returned what is no
                legal action (see the module's opponents that fail).
            Refused, the reset changes nothing: the episode and the generators stay
            as they were.
        """
        if seed is not None:
            seed = reset_seed(seed)
        kept, kept_seed = self._np_random, self._np_random_seed
        kept_state = None if kept is None else kept.bit_generator.state
        try:
            super().reset(seed=seed)
            rng = self.np_random
            encoding = self.encoding
            for _ in range(_MOST_DEALS):
                state = encoding.new_game(seed=int(rng.integers(SEED_LIMIT)))
                policies = {p: self._policy(p, int(rng.integers(2**63)))
                            for p in range(encoding.players) if p != self.seat}
                self._play_opponents(state, policies)
                if not encoding.is_terminal(state):
                    self.game_state, self._policies = state, policies
                    self._over = False
                    self._returns = encoding.returns(state)
                    return self._observation(state), {}
            raise PokerRulesError(  # (a chance below 1e-100 for any shipped game)
                f"the opponents ended {_MOST_DEALS} games in a row before the learner's "
                f"first move")
        except BaseException:
            self._np_random, self._np_random_seed = kept, kept_seed
            if kept is not None and kept_state is not None:
                kept.bit_generator.state = kept_state
            raise

    def step(self, action: int | np.integer[Any]
             ) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Plays the learner's ``action``, then the opponents to its next turn.

        Returns:
            (observation, reward, terminated, truncated, info): see the module's
            rewards; info is empty.

        Raises:
            IllegalMoveError: with ``illegal_reward=None``, an action that is not
                legal now (named); nothing changes.
            ArgumentTypeError: an action that is no int.
            ArgumentTypeError, IllegalMoveError: an opponent returned what is no
                legal action (its seat and what it returned are named), or the
                opponent's own exception: the step is taken back whole.
            GameOverError: the episode is over (call ``reset``).
            PokerRulesError: a step before the first ``reset``.
        """
        state = self._live()
        encoding = self.encoding
        if self._over or encoding.is_terminal(state):
            raise GameOverError("the episode is over; call reset() to start another")
        before = state.clone()
        try:
            encoding.apply(state, action)  # type: ignore[arg-type]
        except IllegalMoveError:  # (refused: the state is unchanged)
            if self.illegal_reward is None:
                raise
            self._over = True
            return (self._observation(state), self.illegal_reward, True, False,
                    {"illegal_action": True})
        generators = [(p.rng, p.rng.bit_generator.state) for p in self._policies.values()
                      if isinstance(p, AgentPolicy)]
        try:
            self._play_opponents(state, self._policies)
        except BaseException:  # the learner's move is taken back with the replies
            self.game_state = before
            for rng, kept in generators:
                rng.bit_generator.state = kept
            raise
        returns = encoding.returns(state)
        reward = returns[self.seat] - self._returns[self.seat]
        self._returns = returns
        return self._observation(state), float(reward), encoding.is_terminal(state), False, {}

    def action_masks(self) -> np.ndarray:
        """The legal actions now: a ``bool`` array of shape ``(num_actions,)``
        (all False once the episode is over).

        Raises:
            PokerRulesError: before the first ``reset``.
        """
        state = self._live()
        if self._over or self.encoding.is_terminal(state):
            return np.zeros(self.encoding.num_actions, dtype=bool)
        mask: np.ndarray = self.encoding.action_mask(state).astype(bool)
        return mask

    def render(self) -> str | None:
        """The table as text from the learner's seat (``"ansi"``); None without a
        render mode."""
        if self.render_mode is None:
            return None
        text: str = self.encoding.render(self._live(), self.seat)  # type: ignore[attr-defined]
        return text

    # --- helpers ------------------------------------------------------------
    def _live(self) -> GameState[Any]:
        if self.game_state is None:
            raise PokerRulesError("call reset() before using the environment")
        return self.game_state

    def _play_opponents(self, state: GameState[Any],
                        policies: dict[int, Callable[[GameState[Any]], object]]) -> None:
        """Plays the opponents' replies in ``state`` until the learner is to move or
        the episode ends (a failing reply leaves ``state`` partly played)."""
        encoding, seat = self.encoding, self.seat
        while not encoding.is_terminal(state):
            player = state.current_player
            if player == seat:
                return
            assert player is not None  # sampled chance deals at once
            self._reply(state, player, policies[player])

    def _reply(self, state: GameState[Any], player: int,
               policy: Callable[[GameState[Any]], object]) -> None:
        """Plays seat ``player``'s reply, checked: an int the game takes (a
        callable's own exceptions propagate as they are)."""
        try:
            action = policy(state)
        except PokerRulesError as exc:
            if not isinstance(policy, AgentPolicy):
                raise
            # an agent's move that has no action index
            raise IllegalMoveError(f"the opponent at seat {player}: {exc}") from None
        if not is_int(action):
            raise ArgumentTypeError(
                f"the opponent at seat {player} returned {shown(action)}; an opponent "
                f"returns an action index, an int from 0 to {self.encoding.num_actions - 1}")
        try:
            self.encoding.apply(state, int(action))
        except IllegalMoveError as exc:
            raise IllegalMoveError(
                f"the opponent at seat {player} returned {shown(action)}, refused: {exc}"
            ) from None

    def _observation(self, state: GameState[Any]) -> Any:
        observation = self.encoding.observe(state, self.seat)
        if self.flat:
            return observation
        done = self._over or self.encoding.is_terminal(state)
        mask = (np.zeros(self.encoding.num_actions, dtype=np.int8) if done
                else self.encoding.action_mask(state))
        return {"observation": observation, "action_mask": mask}


def single_agent_env(game: str, **options: Any) -> SingleAgentEnv:
    """The :class:`SingleAgentEnv` of ``game`` by any of its names: what
    ``gymnasium.make`` calls for the ids the games register
    (:attr:`GameTools.gymnasium_id <pokerrules.specs.GameTools.gymnasium_id>`).
    ``options`` are the encoding's (``rules``; Chinese Poker's ``players`` and
    ``scope``) and the environment's (``opponent``, ``seat``, ``flat``,
    ``render_mode``, ``illegal_reward``).

    >>> from pokerrules.envs.single_agent import single_agent_env
    >>> env = single_agent_env("chinese-poker", players=3, opponent="greedy")
    >>> env.encoding.players, env.opponent
    (3, 'greedy')

    Raises:
        UnknownGameError: no game of that name (the games are listed).
        PokerRulesError: a game without an encoding, an option neither takes
            (named, the options listed), or what the encoding or the
            environment refuses.
    """
    spec = game_spec(game)
    encoding_type = hook_target(game_tools(spec).encoding)
    if encoding_type is None:
        raise PokerRulesError(f"game {spec.name} has no single-agent environment")
    own = keywords(encoding_type) or ()
    check_options(options, (*own, *_ENV_OPTIONS), f"{spec.name}'s single-agent environment")
    encoding = encoding_type(**{k: v for k, v in options.items() if k in own})
    return SingleAgentEnv(encoding, **{k: v for k, v in options.items() if k not in own})


#: What SingleAgentEnv takes beside the encoding.
_ENV_OPTIONS = tuple(name for name in keywords(SingleAgentEnv) or () if name != "encoding")


def _reward(value: object) -> float | None:
    """``illegal_reward`` checked: None, or a finite real number as a float."""
    if value is None:
        return None
    wanted = f"illegal_reward is None or a finite number, not {shown(value)}"
    number = real_number(value)
    if number is None:
        raise ArgumentTypeError(wanted)
    if not math.isfinite(number):
        raise PokerRulesError(wanted)
    return number


def opponent_kind(game: Any, opponent: object, *, self_play: bool = False) -> str:
    """What ``opponent`` is for ``game`` (its package): "name" (one of its agents),
    "agent" (an object with ``choose()``) or "callable" (``f(observation,
    action_mask) -> action``); ``self_play`` only changes the error's words.

    Raises:
        PokerRulesError: a name of no agent of the game (the message lists them).
        ArgumentTypeError: anything else.
    """
    if isinstance(opponent, str):
        agents: dict[str, Any] = game.AGENTS
        if opponent not in agents:
            raise PokerRulesError(
                f"{game.__name__.rsplit('.', 1)[-1]} has no agent {shown(opponent)}; its "
                f"agents are {', '.join(sorted(agents))}")
        return "name"
    if callable(getattr(opponent, "choose", None)) and not isinstance(opponent, type):
        return "agent"
    if callable(opponent) and not isinstance(opponent, type):
        return "callable"
    none = "None (self-play), " if self_play else ""
    raise ArgumentTypeError(
        f"opponent is {none}an agent name, an agent (with choose()) or a callable "
        f"f(observation, action_mask) -> action, not {shown(opponent)}")
