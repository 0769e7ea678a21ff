"""The PettingZoo AEC environment over any game :class:`~pokerrules.envs.encoding.Encoding`.

Agents are ``player_0``, ``player_1``, ... (the game's seats). Each observation is a
dict: ``"observation"`` (``float32``, the encoding's layout) and ``"action_mask"``
(``int8``, 1 for each legal action; all 0 for an agent not to move). An illegal
action raises :class:`~pokerrules.errors.IllegalMoveError` naming the action and
changes nothing (no wrapper turns it into a loss). The environment checks the
order of calls itself (a step before ``reset`` or after the episode raises a
:class:`~pokerrules.errors.PokerRulesError`), so it needs none of PettingZoo's
wrappers, whose indirection would cost more than the game's own move.

Seeding: ``reset(seed=s)`` deals ``new_game(seed=s)`` of the game, and seeds the
environment's own generator with ``s``; a later ``reset()`` without a seed deals
the game of the next seed drawn from that generator. Before any seed the
generator takes fresh entropy from the operating system.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from pokerrules._checks import shown
from pokerrules.envs.encoding import Encoding, reset_seed
from pokerrules.errors import (
    GameOverError,
    IllegalMoveError,
    PokerRulesError,
    UnknownAgentError,
)
from pokerrules.game import GameState
from pokerrules.shuffle import SEED_LIMIT

__all__ = ["RENDER_MODES", "PokerRulesEnv"]

RENDER_MODES = ("human", "ansi")


class PokerRulesEnv(AECEnv):
    """A turn-based PettingZoo environment of one pokerrules game.

    Args:
        encoding: the game's encoding (rules and players included).
        render_mode: None, ``"ansi"`` (``render()`` returns the table as text) or
            ``"human"`` (``render()`` prints it).

    Attributes:
        game_state: the pokerrules game state of the episode (None before
            ``reset``). PettingZoo's ``state()`` (a global state for centralized
            critics) is not provided: it raises ``NotImplementedError``.

    Raises:
        PokerRulesError: an unknown render mode.

    Agent names other than ``possible_agents`` raise
    :class:`~pokerrules.errors.UnknownAgentError` (in ``observe``,
    ``observation_space`` and ``action_space``), which is also the ``KeyError``
    that PettingZoo's own lookup of an agent's spaces raises.
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": list(RENDER_MODES), "name": "pokerrules",
                "is_parallelizable": False}

    def __init__(self, encoding: Encoding, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode is not None and (
                not isinstance(render_mode, str) or render_mode not in RENDER_MODES):
            raise PokerRulesError(
                f"render_mode is None, 'human' or 'ansi', not {shown(render_mode)}")
        self.metadata = {**self.metadata, "name": encoding.name}  # type: ignore[misc]
        self.encoding = encoding
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(encoding.players)]
        self._seats = {agent: i for i, agent in enumerate(self.possible_agents)}
        low = np.zeros(encoding.observation_size, dtype=np.float32)
        self.observation_spaces = {
            agent: spaces.Dict({
                "observation": spaces.Box(low, encoding.observation_high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (encoding.num_actions,), dtype=np.int8),
            })
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(encoding.num_actions) for agent in self.possible_agents}
        self.game_state: GameState[Any] | None = None
        self._seeds = np.random.default_rng()
        self._returns: tuple[float, ...] = ()
        self._no_mask = np.zeros(encoding.num_actions, dtype=np.int8)

    def _seat(self, agent: object) -> int:
        """The seat of ``agent`` ("player_1" is seat 1)."""
        seat = self._seats.get(agent) if isinstance(agent, str) else None
        if seat is None:
            raise UnknownAgentError(
                f"there is no agent {shown(agent)}; the agents are "
                f"{', '.join(self.possible_agents)}")
        return seat

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """``agent``'s observation space (a ``Dict`` of ``observation`` and
        ``action_mask``).

        Raises:
            UnknownAgentError: no such agent.
        """
        return self.observation_spaces[self.possible_agents[self._seat(agent)]]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``agent``'s action space, ``Discrete(num_actions)``.

        Raises:
            UnknownAgentError: no such agent.
        """
        return self.action_spaces[self.possible_agents[self._seat(agent)]]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Starts an episode: a new game from ``seed`` (see the module's seeding).

        Raises:
            ArgumentTypeError: a seed that is no int.
            PokerRulesError: a seed outside 0 to 2**53 - 1 (what the games take).
            A refused seed changes nothing: the episode, its state and the
            environment's generator stay as they were.
        """
        if seed is None:
            seeds = self._seeds
            game_seed = int(seeds.integers(SEED_LIMIT))
        else:
            game_seed = reset_seed(seed)
            seeds = np.random.default_rng(game_seed)
        state = self.encoding.new_game(seed=game_seed)
        self._seeds = seeds
        self.game_state = state
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._returns = self.encoding.returns(state)
        self._rewarded = False
        player = state.current_player
        assert player is not None  # a new game always has a player to move
        self.agent_selection = self.possible_agents[player]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s observation and action mask (a new dict of new arrays).

        Raises:
            UnknownAgentError: no such agent.
            PokerRulesError: before the first ``reset``.
        """
        player = self._seat(agent)
        state = self._live()
        to_move = state.current_player == player and not self.terminations.get(agent, True)
        mask = self.encoding.action_mask(state) if to_move else self._no_mask.copy()
        return {"observation": self.encoding.observe(state, player), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Plays ``action`` for the selected agent (None once it is done).

        Raises:
            IllegalMoveError: an action that is not legal now (named), or one
                other than None for an agent that is done; the game, the rewards
                and the selected agent stay as they were.
            ArgumentTypeError: an action that is no int.
            GameOverError: every agent is done (the episode is over).
            PokerRulesError: a step before the first ``reset``.
        """
        state = self._live()
        if not self.agents:
            raise GameOverError("the episode is over; call reset() to start another")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:  # (PettingZoo's helper would raise a bare ValueError)
                raise IllegalMoveError(
                    f"{agent} is done: its only action is None, not {shown(action)}")
            self._was_dead_step(action)
            return
        encoding = self.encoding
        encoding.apply(state, action)  # type: ignore[arg-type]
        self._cumulative_rewards[agent] = 0.0
        rewards = self.rewards
        if self._rewarded:
            for name in rewards:
                rewards[name] = 0.0
            self._rewarded = False
        returns = encoding.returns(state)
        if returns != self._returns:
            for name, new, old in zip(self.possible_agents, returns, self._returns):
                rewards[name] = new - old
                self._cumulative_rewards[name] += new - old
            self._returns = returns
            self._rewarded = True
        if encoding.is_terminal(state):
            for name in self.agents:
                self.terminations[name] = True
        else:
            self.agent_selection = self.possible_agents[state.current_player]  # type: ignore[index]
        if self.render_mode == "human":
            self.render()

    def _live(self) -> GameState[Any]:
        if self.game_state is None:
            raise PokerRulesError("call reset() before using the environment")
        return self.game_state

    def state(self) -> np.ndarray:
        """PettingZoo's global state, which this environment does not provide (each
        agent observes its own view; the game itself is :attr:`game_state`).

        Raises:
            NotImplementedError: always.
        """
        raise NotImplementedError(
            f"{self.encoding.name} provides no global state(); each agent observes its "
            "own view (observe(agent)), and the game state is env.unwrapped.game_state")

    def render(self) -> str | None:
        """The table as text (``"ansi"``), printed (``"human"``); None without a
        render mode."""
        if self.render_mode is None:
            return None
        text: str = self.encoding.render(self._live())  # type: ignore[attr-defined]
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release; the game stays readable."""
