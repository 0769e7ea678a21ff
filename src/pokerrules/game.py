"""The shared game protocol: one state shape, one agent interface, one runner.

Every turn-based game module (East–West, Z Poker, Chinese Poker) provides
``new_game(rules=..., seed=...) -> State`` where ``State`` subclasses
:class:`GameState`, a ``parse_move(text)`` and at least a ``RandomAgent``.
:func:`play_game` runs any of them with any agents.

The base class owns the parts every game shares: turn and game-over checks, the
"validate fully, then change" discipline that leaves a state untouched after a
rejected move, the history, cloning and the versioned JSON envelope.
"""

from __future__ import annotations

import copy
import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from types import ModuleType
from typing import Any, ClassVar, Generic, Protocol, TypeVar

import numpy as np

from pokerrules.errors import GameOverError, IllegalMoveError, NotYourTurnError, PokerRulesError

__all__ = [
    "FORMAT_VERSION",
    "Agent",
    "GameRecord",
    "GameState",
    "MoveRecord",
    "RandomAgent",
    "Result",
    "play_game",
    "require_over",
    "rng_from_state",
    "rng_state",
]

#: Version of the JSON written by ``to_json`` and :class:`GameRecord`; a seed gives
#: the same deal within one major version of pokerrules.
FORMAT_VERSION = 1

MoveT = TypeVar("MoveT")


@dataclass(frozen=True)
class MoveRecord:
    """One move as it happened: who, the move's text, and what it revealed."""

    player: int
    move: str
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Result:
    """The end of a game: the winners (empty on a draw), each player's score and
    game-specific detail (rows, hands, points)."""

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    detail: dict[str, Any] = field(default_factory=dict)

    @property
    def is_draw(self) -> bool:
        """True when nobody won."""
        return not self.winners


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
        if not legal_moves:
            raise IllegalMoveError("there is no legal move to choose from")
        return legal_moves[int(rng.integers(len(legal_moves)))]

    def __repr__(self) -> str:
        return "RandomAgent()"


def rng_state(rng: np.random.Generator) -> dict[str, Any]:
    """The JSON-ready state of a numpy Generator."""
    return dict(rng.bit_generator.state)


def rng_from_state(state: dict[str, Any]) -> np.random.Generator:
    """A Generator restored from :func:`rng_state`."""
    bit_generator = getattr(np.random, state["bit_generator"])()
    bit_generator.state = state
    return np.random.Generator(bit_generator)


class GameState(ABC, Generic[MoveT]):
    """Base class of every game's state.

    Subclasses implement ``_legal``, ``_check`` (raise :class:`IllegalMoveError`
    without changing anything), ``_apply``, ``_parse``, ``result``, ``view``,
    ``_to_dict`` and ``_from_dict``; the base class does the rest.
    """

    game_name: ClassVar[str] = "game"

    def __init__(self, players: int) -> None:
        self.players = players
        self._history: list[MoveRecord] = []

    # --- to implement -------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The player to move, or None when the game is over."""

    @abstractmethod
    def _legal(self) -> tuple[MoveT, ...]: ...

    @abstractmethod
    def _check(self, move: MoveT) -> None: ...

    @abstractmethod
    def _apply(self, move: MoveT) -> MoveRecord: ...

    @abstractmethod
    def _parse(self, text: str) -> MoveT: ...

    @abstractmethod
    def result(self) -> Result:
        """The result; raises :class:`IllegalMoveError` before the end."""

    @abstractmethod
    def view(self, player: int) -> Any:
        """What ``player`` may see: never the stock order nor hidden opponent cards."""

    @abstractmethod
    def _to_dict(self) -> dict[str, Any]: ...

    @classmethod
    @abstractmethod
    def _from_dict(cls, data: dict[str, Any]) -> GameState[MoveT]: ...

    # --- shared -------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        """True when no more moves can be made."""
        return self.current_player is None

    @property
    def history(self) -> tuple[MoveRecord, ...]:
        """Every move made so far, in order."""
        return tuple(self._history)

    def legal_moves(self) -> tuple[MoveT, ...]:
        """Every move the current player may make (empty when the game is over)."""
        return () if self.is_over else self._legal()

    def _coerce(self, move: MoveT | str) -> MoveT:
        return self._parse(move) if isinstance(move, str) else move

    def _validate(self, move: MoveT | str, player: int | None) -> MoveT:
        current = self.current_player
        if current is None:
            raise GameOverError(f"the game is over; {move} cannot be played")
        if player is not None and player != current:
            raise NotYourTurnError(f"player {player} moved, but it is player {current}'s turn")
        parsed = self._coerce(move)
        self._check(parsed)
        return parsed

    def can_play(self, move: MoveT | str, player: int | None = None) -> bool:
        """True if ``play(move, player)`` would be accepted."""
        try:
            self._validate(move, player)
        except PokerRulesError:
            return False
        return True

    def play(self, move: MoveT | str, player: int | None = None) -> MoveRecord:
        """Makes a move (a move object or its text) for ``player`` (default: the
        current player).

        Raises:
            NotYourTurnError: ``player`` is not the one to move.
            GameOverError: the game has ended.
            IllegalMoveError: the rules do not allow the move.

        A rejected move changes nothing.
        """
        parsed = self._validate(move, player)
        record = self._apply(parsed)
        self._history.append(record)
        return record

    def clone(self) -> GameState[MoveT]:
        """An independent copy (random state included)."""
        return copy.deepcopy(self)

    def to_json(self) -> str:
        """The whole state as JSON (hidden cards and random state included), with
        the format version; :meth:`from_json` restores it exactly."""
        data = {
            "format": FORMAT_VERSION,
            "game": self.game_name,
            "players": self.players,
            "history": [asdict(r) for r in self._history],
            "state": self._to_dict(),
        }
        return json.dumps(data, sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> GameState[MoveT]:
        """Restores a state written by :meth:`to_json`.

        Raises:
            PokerRulesError: another game's JSON or an unknown format version.
        """
        data = json.loads(text)
        if data.get("game") != cls.game_name:
            raise PokerRulesError(
                f"this JSON holds a {data.get('game')!r} game, not {cls.game_name!r}")
        if data.get("format") != FORMAT_VERSION:
            raise PokerRulesError(f"unknown format version {data.get('format')!r}")
        state = cls._from_dict(data["state"])
        state._history = [MoveRecord(**r) for r in data["history"]]
        return state


@dataclass(frozen=True)
class GameRecord:
    """A finished game: its seed, the agents, every move and the result."""

    game: str
    seed: int
    agents: tuple[str, ...]
    moves: tuple[MoveRecord, ...]
    result: Result
    format: int = FORMAT_VERSION

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return asdict(self)

    def to_json(self) -> str:
        """The record as JSON."""
        return json.dumps(self.to_dict(), sort_keys=True)


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
        TypeError: a seed that is not an int.
        PokerRulesError: an unknown agent name, a number of players the game does
            not take, or a game that did not end within ``max_moves``.
    """
    if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool):
        raise TypeError(f"play_game takes an int seed (the record replays it), not {seed!r}")
    seed = int(seed)
    players: list[Agent] = []
    for agent in agents:
        if isinstance(agent, str):
            if agent not in game.AGENTS:
                raise PokerRulesError(
                    f"unknown agent {agent!r}; choose from {sorted(game.AGENTS)}")
            agent = game.AGENTS[agent]()
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
                moves=state.history,
                result=state.result(),
            )
        move = players[player].choose(state.view(player), state.legal_moves(), agent_rng)
        state.play(move, player)
    raise PokerRulesError(f"{state.game_name} did not end within {max_moves} moves")


def require_over(state: GameState[Any]) -> None:
    """Raises :class:`IllegalMoveError` unless the game has ended (for ``result``)."""
    if not state.is_over:
        raise IllegalMoveError("the game is not over yet")
