"""The agent interface and the runner that plays any game with any agents."""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import Any, Protocol, TypeVar

import numpy as np

from pokerrules.errors import ArgumentTypeError, IllegalMoveError, PokerRulesError
from pokerrules.records import GameRecord

__all__ = ["Agent", "RandomAgent", "play_game"]

MoveT = TypeVar("MoveT")


class Agent(Protocol):
    """Anything that picks a move from a player's view."""

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: np.random.Generator) -> Any:
        """Returns one of ``legal_moves``."""
        ...


class RandomAgent:
    """Picks one of the legal moves, each equally likely (one ``rng.integers`` draw);
    every game offers it as "random"."""

    def choose(self, view: Any, legal_moves: Sequence[MoveT], rng: np.random.Generator) -> MoveT:
        """One of ``legal_moves``, uniformly at random.

        Raises:
            IllegalMoveError: no legal moves (the game is over).
        """
        try:
            if legal_moves and not isinstance(legal_moves, str):
                return legal_moves[int(rng.integers(len(legal_moves)))]
        except (TypeError, KeyError):  # a set, a dict, a generator: no list of moves
            pass
        raise IllegalMoveError(f"there is no legal move to choose from in {legal_moves!r:.60}")

    def __repr__(self) -> str:
        return "RandomAgent()"


def play_game(
    game: ModuleType,
    agents: Sequence[Agent | str],
    seed: int,
    rules: Any = None,
    max_moves: int = 100_000,
) -> GameRecord:
    """Plays one game of ``game`` (a game module such as ``pokerrules.eastwest``)
    with one agent per player; the number of agents is the number of players.

    Agents are objects with ``choose`` or names from the module's ``AGENTS``
    ("random", "greedy", ...). The deal comes from ``seed`` (an int, so that the
    record replays); the agents draw from their own stream derived from it, so the
    same seed and agents give the same game.

    Raises:
        ArgumentTypeError: a seed that is not an int.
        PokerRulesError: agents that are not a list (a single name is no list), an
            unknown agent name, an agent without a ``choose`` method (or a class
            instead of an instance), a ``max_moves`` that is no int >= 1, a number of
            players the game does not take, or a game that did not end within
            ``max_moves``.
    """
    if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool):
        raise ArgumentTypeError(
            f"play_game takes an int seed (the record replays it), not {seed!r}")
    seed = int(seed)
    if type(max_moves) is not int or max_moves < 1:
        raise PokerRulesError(f"max_moves must be an int >= 1, not {max_moves!r}")
    if isinstance(agents, (str, bytes)) or not isinstance(agents, Sequence):
        raise PokerRulesError(
            f"agents must be a list with one agent per player, not {agents!r:.60}")
    players: list[Agent] = []
    for seat, agent in enumerate(agents):
        if isinstance(agent, str):
            if agent not in game.AGENTS:
                raise PokerRulesError(
                    f"unknown agent {agent!r}; choose from {sorted(game.AGENTS)}")
            agent = game.AGENTS[agent]()
        elif isinstance(agent, type):
            raise PokerRulesError(
                f"agent {seat} is the class {agent.__name__}; pass an instance such as "
                f"{agent.__name__}()")
        elif not callable(getattr(agent, "choose", None)):
            raise PokerRulesError(f"agent {seat} ({agent!r:.60}) has no choose() method")
        players.append(agent)
    options: dict[str, Any] = {"seed": seed, "players": len(players)}
    if rules is not None:
        options["rules"] = rules
    state = game.new_game(**options)
    agent_rng = np.random.default_rng([seed, 1])
    for _ in range(max_moves):
        player = state.current_player
        if player is None:
            return GameRecord(
                game=state.game_name,
                seed=seed,
                agents=tuple(a if isinstance(a, str) else type(a).__name__ for a in agents),
                moves=tuple(state._history),  # no copies: the state dies here
                result=state.result(),
            )
        move = players[player].choose(state.view(player), state.legal_moves(), agent_rng)
        state._play(move, player)
    raise PokerRulesError(f"{state.game_name} did not end within {max_moves} moves")
