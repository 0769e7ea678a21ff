"""The agent interface and the runner that plays any game with any agents."""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import Any, Protocol, TypeVar

import numpy as np

from pokerrules._checks import check_count, is_int, shown
from pokerrules.errors import ArgumentTypeError, IllegalMoveError, PokerRulesError
from pokerrules.records import GameRecord
from pokerrules.shuffle import SEED_LIMIT, seed_int
from pokerrules.specs import GameSpec, game_spec, game_tools

__all__ = ["Agent", "RandomAgent", "check_generator", "game_module", "play_game"]

MoveT = TypeVar("MoveT")


def check_generator(rng: Any) -> np.random.Generator:
    """``rng`` checked as an agent's source of randomness.

    Raises:
        ArgumentTypeError: anything but a :class:`numpy.random.Generator` (a seed
            too: agents draw from the game runner's generator, not from a seed).
    """
    if not isinstance(rng, np.random.Generator):
        raise ArgumentTypeError(f"rng must be a numpy.random.Generator, not {shown(rng)}")
    return rng


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
            ArgumentTypeError: ``rng`` is no numpy Generator.
        """
        check_generator(rng)
        try:
            if legal_moves and not isinstance(legal_moves, str):
                return legal_moves[int(rng.integers(len(legal_moves)))]
        except (TypeError, KeyError):  # a set, a dict, a generator: no list of moves
            pass
        raise IllegalMoveError(f"there is no legal move to choose from in {shown(legal_moves)}")

    def __repr__(self) -> str:
        return "RandomAgent()"


def game_module(game: ModuleType | GameSpec | str) -> ModuleType:
    """The package of the turn-based game ``game``: any name
    :func:`~pokerrules.specs.game_spec` takes ("east-west", "eastwest",
    "pokerrules.eastwest"; dashes and underscores alike), its package or its spec.

    Raises:
        UnknownGameError: a name or object that is no game, with the names there are.
    """
    return game_spec(game).module()


def play_game(
    game: ModuleType | GameSpec | str,
    agents: Sequence[Agent | str] | None = None,
    seed: int | None = None,
    rules: Any = None,
    max_moves: int = 100_000,
    players: int | None = None,
) -> GameRecord:
    """Plays one game of ``game`` (a registered game's name: "east-west", "z-poker",
    "chinese-poker", "pai-gow"; its package such as ``pokerrules.eastwest``, or its
    :class:`~pokerrules.specs.GameSpec`) with one agent per player; the number of
    agents is the number of players.

    Agents are objects with ``choose`` or names of the game's agents
    (:attr:`GameTools.agents <pokerrules.specs.GameTools.agents>`: "random",
    "greedy", ...). ``players`` is the number of players (an int, one of
    :attr:`GameSpec.players <pokerrules.specs.GameSpec.players>`, such as 2 to 4 in
    Chinese Poker), as ``pokerrules play --players`` takes it; with ``agents`` it
    must equal their number. Without ``agents`` the game's default line-up plays, as
    ``pokerrules play`` does: the first of its ``default_agents``, one per player of
    ``players``, or of the game's default number. ``rules`` is None or the game's rules
    (:attr:`GameSpec.rules_type <pokerrules.specs.GameSpec.rules_type>`). The deal
    comes from ``seed``, an int from 0 to 2**53 - 1; with None (the default) a fresh
    random seed is drawn. Either way the record's ``seed`` holds it, so that
    ``play_game(game, agents, seed=record.seed)`` plays the same game again: the
    agents draw from their own stream derived from the seed, so the same seed and
    agents give the same game.

    Raises:
        ArgumentTypeError: a seed that is neither None nor an int, or a ``players``
            that is not an int.
        UnknownGameError: a ``game`` that is none of the registered games.
        RulesMismatchError: ``rules`` that are not the game's rules type.
        PokerRulesError: agents that are not
            a list (a single name is no list), an unknown agent name, an agent
            without a ``choose`` method (or a class instead of an instance), a
            ``max_moves`` that is no int >= 1, a number of agents or ``players``
            the game does not take (:attr:`GameSpec.players
            <pokerrules.specs.GameSpec.players>`, or fewer under ``rules``), agents
            whose number is not ``players``, a seed below 0 or of 2**53 or more, or a
            game that did not end within ``max_moves``.
    """
    if seed is None:  # a fresh seed, kept in the record so that the game replays
        seed = int(np.random.default_rng().integers(SEED_LIMIT))
    if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool):
        raise ArgumentTypeError(
            f"play_game takes an int seed (the record replays it) or None, not {shown(seed)}")
    seed = seed_int(int(seed))
    if players is not None and not is_int(players):
        raise ArgumentTypeError(f"players is the number of players (an int), not "
                                f"{shown(players)}")
    spec = game_spec(game)
    tools = game_tools(spec)
    new_game, known_agents = spec.new_game, tools.agents
    max_moves = check_count(max_moves, "max_moves")
    spec.check_rules(rules)
    options: dict[str, Any] = {"seed": seed}
    if rules is not None:
        options["rules"] = rules
    if players is not None:
        players = spec.check_players(players)
    if agents is None:  # the default line-up of players, or of the default number
        count = players if players is not None else new_game(**options).players
        agents = tuple(tools.default_agents)[:count]
    if isinstance(agents, (str, bytes)) or not isinstance(agents, Sequence):
        raise PokerRulesError(
            f"agents must be a list with one agent per player, not {shown(agents)}")
    if players is not None and len(agents) != players:
        raise PokerRulesError(f"players={players} but {len(agents)} agents are given; "
                              f"give one agent per player")
    spec.check_players(len(agents))
    seated: list[Agent] = []
    for seat, agent in enumerate(agents):
        if isinstance(agent, str):
            if agent not in known_agents:
                raise PokerRulesError(
                    f"unknown agent {shown(agent)}; choose from {sorted(known_agents)}")
            agent = known_agents[agent]()
        elif isinstance(agent, type):
            raise PokerRulesError(
                f"agent {seat} is the class {agent.__name__}; pass an instance such as "
                f"{agent.__name__}()")
        elif not callable(getattr(agent, "choose", None)):
            raise PokerRulesError(f"agent {seat} ({shown(agent)}) has no choose() method")
        seated.append(agent)
    state = new_game(**options, players=len(seated))
    agent_rng = np.random.default_rng([seed, 1])
    for _ in range(max_moves):
        player = state.current_player
        if player is None:
            return GameRecord(
                game=state.game_name,
                seed=seed,
                agents=tuple(a if isinstance(a, str) else type(a).__name__ for a in agents),
                moves=state.history,
                result=state.result(),
            )
        move = seated[player].choose(state.view(player), state.legal_moves(), agent_rng)
        state.play(move, player)
    raise PokerRulesError(f"{state.game_name} did not end within {max_moves} moves")
