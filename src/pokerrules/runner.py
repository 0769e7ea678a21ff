"""The agent interface and the runner that plays any game with any agents."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from types import ModuleType
from typing import Any, Protocol, TypeVar

import numpy as np

from pokerrules.checks import check_count, shown
from pokerrules.errors import (
    ArgumentTypeError,
    IllegalMoveError,
    PokerRulesError,
    UnknownGameError,
)
from pokerrules.records import GameRecord
from pokerrules.specs import GameSpec, game_spec, game_specs

__all__ = ["GAMES", "Agent", "RandomAgent", "check_generator", "game_module", "play_game"]

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


class _GameNames(Mapping[str, str]):
    """The registry's games by name, as ``pokerrules play`` names them -> their
    packages: read when asked, so a game registered later is there too."""

    def __getitem__(self, name: str) -> str:
        for spec in game_specs():
            if spec.name == name:
                return spec.package
        raise KeyError(name)

    def __iter__(self) -> Iterator[str]:
        return iter([spec.name for spec in game_specs()])

    def __len__(self) -> int:
        return len(game_specs())

    def __repr__(self) -> str:
        return repr(dict(self))


#: The games :func:`play_game` takes by name, as ``pokerrules play`` names them,
#: and their packages (the registry of :mod:`pokerrules.specs`, read live).
GAMES: Mapping[str, str] = _GameNames()


def _is_game_package(game: object) -> bool:
    return isinstance(game, ModuleType) and hasattr(game, "new_game") and hasattr(game, "AGENTS")


def game_module(game: ModuleType | GameSpec | str) -> ModuleType:
    """The package of a turn-based game: ``game`` itself when it is one, else
    the package of the game named ``game`` (any name :func:`~pokerrules.specs.game_spec`
    takes: "east-west", "eastwest", "pokerrules.eastwest"; dashes and underscores alike).

    Raises:
        UnknownGameError: a name or object that is no game, with the names there are.
    """
    if _is_game_package(game):
        assert isinstance(game, ModuleType)
        return game
    return game_spec(game).module()


def _game_parts(game: ModuleType | GameSpec | str) -> tuple[Any, Mapping[str, Any], Sequence[str]]:
    """(new_game, agents by name, default line-up) of ``game``: from its spec, or
    from a game package of one's own that no spec names."""
    try:
        spec = game_spec(game)
    except UnknownGameError:
        if not _is_game_package(game):
            raise
        package: Any = game
        return package.new_game, package.AGENTS, tuple(getattr(package, "DEFAULT_AGENTS", ()))
    return spec.new_game, spec.agents, spec.default_agents


def play_game(
    game: ModuleType | str,
    agents: Sequence[Agent | str] | None = None,
    seed: int | None = None,
    rules: Any = None,
    max_moves: int = 100_000,
) -> GameRecord:
    """Plays one game of ``game`` (a game package such as ``pokerrules.eastwest``,
    its :class:`~pokerrules.specs.GameSpec` or its name: "east-west", "z-poker",
    "chinese-poker"; see :func:`game_module`)
    with one agent per player; the number of agents is the number of players.

    Agents are objects with ``choose`` or names from the module's ``AGENTS``
    ("random", "greedy", ...). Without ``agents`` the game's default line-up plays,
    as ``pokerrules play`` does: the first of its ``DEFAULT_AGENTS``, one per player
    of the game's default number. The deal comes from ``seed`` (an int, so that
    the record replays; it must be given); the agents draw from their own stream
    derived from it, so the same seed and agents give the same game.

    Raises:
        ArgumentTypeError: a seed that is not an int (None included).
        PokerRulesError: a ``game`` that is none of the games, agents that are not
            a list (a single name is no list), an unknown agent name, an agent
            without a ``choose`` method (or a class instead of an instance), a
            ``max_moves`` that is no int >= 1, a number of players the game does
            not take, or a game that did not end within ``max_moves``.
    """
    if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool):
        raise ArgumentTypeError(
            f"play_game takes an int seed (the record replays it), not {shown(seed)}")
    seed = int(seed)
    new_game, known_agents, default_agents = _game_parts(game)
    max_moves = check_count(max_moves, "max_moves")
    options: dict[str, Any] = {"seed": seed}
    if rules is not None:
        options["rules"] = rules
    if agents is None:  # the default line-up of the default number of players
        agents = tuple(default_agents)[:new_game(**options).players]
    if isinstance(agents, (str, bytes)) or not isinstance(agents, Sequence):
        raise PokerRulesError(
            f"agents must be a list with one agent per player, not {shown(agents)}")
    players: list[Agent] = []
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
        players.append(agent)
    state = new_game(**options, players=len(players))
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
        move = players[player].choose(state.view(player), state.legal_moves(), agent_rng)
        state.play(move, player)
    raise PokerRulesError(f"{state.game_name} did not end within {max_moves} moves")
