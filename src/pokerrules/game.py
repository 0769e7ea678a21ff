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
import operator
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from types import ModuleType
from typing import Any, ClassVar, Generic, Protocol, TypeVar

import numpy as np

from pokerrules.errors import (
    ArgumentTypeError,
    GameOverError,
    IllegalMoveError,
    NotYourTurnError,
    PokerRulesError,
)

__all__ = [
    "FORMAT_VERSION",
    "STATE_FORMAT_VERSION",
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
    "seat_index",
]

#: Version of the JSON of :class:`GameRecord` (and of Pai Gow's round records).
#: Version 2 deals from :class:`~pokerrules.shuffle.DealStream`, so a seed gives the
#: same deal on every machine; version 1 dealt with numpy's shuffle and is not read.
FORMAT_VERSION = 2
#: Version of the JSON written by :meth:`GameState.to_json`. Version 2 saves the
#: deal and the moves, and restoring replays the moves; version 1 saved the state
#: itself and is no longer read.
STATE_FORMAT_VERSION = 2
_STATE_KEYS = frozenset({"format", "game", "players", "deal", "moves", "history"})

MoveT = TypeVar("MoveT")


@dataclass(frozen=True)
class MoveRecord:
    """One move as it happened: who, the move's text, and what it revealed."""

    player: int
    move: str
    detail: dict[str, Any] = field(default_factory=dict)

    def copy(self) -> MoveRecord:
        """A record whose detail shares nothing with this one."""
        return MoveRecord(self.player, self.move, _copy_detail(self.detail))


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

    def copy(self) -> Result:
        """A result whose detail shares nothing with this one."""
        return Result(self.winners, self.scores, _copy_detail(self.detail))


_CONTAINERS = (dict, list, tuple)


def _copy_detail(value: Any) -> Any:
    """A copy of a JSON-like value (dicts, lists and tuples of plain values): much
    cheaper than ``copy.deepcopy`` for the small, mostly flat details of records."""
    if isinstance(value, dict):
        copied = value.copy()
        for key, item in value.items():
            if isinstance(item, _CONTAINERS):
                copied[key] = _copy_detail(item)
        return copied
    if isinstance(value, list):
        return [_copy_detail(v) if isinstance(v, _CONTAINERS) else v for v in value]
    if isinstance(value, tuple):
        return tuple(_copy_detail(v) if isinstance(v, _CONTAINERS) else v for v in value)
    return value


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


def rng_state(rng: np.random.Generator) -> dict[str, Any]:
    """The JSON-ready state of a numpy Generator."""
    return dict(rng.bit_generator.state)


_BIT_GENERATORS = {
    cls.__name__: cls
    for cls in (np.random.PCG64, np.random.PCG64DXSM, np.random.MT19937,
                np.random.Philox, np.random.SFC64)
}


def rng_from_state(state: dict[str, Any]) -> np.random.Generator:
    """A Generator restored from :func:`rng_state`.

    Raises:
        PokerRulesError: not the state of one of numpy's bit generators.
    """
    name = state.get("bit_generator") if isinstance(state, dict) else None
    if not isinstance(name, str) or name not in _BIT_GENERATORS:
        raise PokerRulesError(f"not a saved random state: {state!r:.80}")
    bit_generator = _BIT_GENERATORS[name]()
    saved: Any = state  # numpy's setter checks the shape itself
    try:
        bit_generator.state = saved
    except (KeyError, TypeError, ValueError, OverflowError) as exc:
        raise PokerRulesError(f"not a saved {name} random state: {exc}") from exc
    return np.random.Generator(bit_generator)


def seat_index(player: Any, players: int) -> int:
    """``player`` as a plain int seat of a ``players``-player game; numpy integers
    are accepted, bools, floats and text are not.

    Raises:
        PokerRulesError: not a seat of the game.
    """
    if player.__class__ is int and 0 <= player < players:  # the common case, first
        return int(player)
    try:
        seat = operator.index(player) if not isinstance(player, bool) else -1
    except TypeError:
        seat = -1
    if not 0 <= seat < players:
        raise PokerRulesError(
            f"there is no player {player!r}; players are numbered 0 to {players - 1}")
    return seat


class GameState(ABC, Generic[MoveT]):
    """Base class of every game's state.

    Subclasses implement ``_legal``, ``_check`` (raise :class:`IllegalMoveError`
    without changing anything), ``_apply``, ``_parse``, ``result``, ``view``,
    ``_deal_dict`` (the deal as the constructor made it, random state included) and
    ``_from_deal`` (a fresh game from that dict, validated as a deal); the base
    class does the rest.

    The saved form is the deal plus every move in its text form: :meth:`from_json`
    plays the moves again through :meth:`play`, so a saved game passes every rule
    check a live one does and can never hold an impossible state.
    """

    game_name: ClassVar[str] = "game"
    #: True when the state never changes what ``_deal_dict`` reads, so that the deal
    #: need not be kept aside at the first move.
    deal_is_fixed: ClassVar[bool] = False

    def __init__(self, players: int) -> None:
        self.players = players
        self._history: list[MoveRecord] = []
        self._moves: list[MoveT] = []
        # The deal, taken just before the first move (so after whatever the
        # constructor or factory did); None before the first move or for a fixed deal.
        self._saved_deal: dict[str, Any] | None = None

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
    def _deal_dict(self) -> dict[str, Any]:
        """The game as dealt, before any move: JSON-ready, sharing nothing mutable
        with the state."""

    @classmethod
    @abstractmethod
    def _from_deal(cls, deal: dict[str, Any], players: int) -> GameState[MoveT]:
        """A game before its first move from :meth:`_deal_dict`'s output; raises
        :class:`PokerRulesError` unless it is a deal the game could have made."""

    # --- shared -------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        """True when no more moves can be made."""
        return self.current_player is None

    @property
    def history(self) -> tuple[MoveRecord, ...]:
        """Every move made so far, in order (copies: changing them changes nothing)."""
        return tuple(r.copy() for r in self._history)

    def legal_moves(self) -> tuple[MoveT, ...]:
        """Every move the current player may make (empty when the game is over)."""
        return () if self.is_over else self._legal()

    def _coerce(self, move: MoveT | str) -> MoveT:
        return self._parse(move) if isinstance(move, str) else move

    def _validate(self, move: MoveT | str, player: int | None) -> MoveT:
        current = self.current_player
        if current is None:
            raise GameOverError(f"the game is over; {move!s:.60} cannot be played")
        if player is not None and player.__class__ is not int:
            try:
                seat = seat_index(player, self.players)
            except PokerRulesError:
                raise NotYourTurnError(
                    f"player {player!r:.40} is no seat of this game (seats are ints 0 to "
                    f"{self.players - 1}); it is player {current}'s turn") from None
            player = seat
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
        current player) and returns its record (a copy: changing it changes nothing).

        Raises:
            NotYourTurnError: ``player`` is not the one to move (or no seat at all).
            GameOverError: the game has ended.
            IllegalMoveError: the rules do not allow the move.

        A rejected move changes nothing.
        """
        return self._play(move, player).copy()

    def _play(self, move: MoveT | str, player: int | None) -> MoveRecord:
        """:meth:`play` without the copy of the record (which stays in the history)."""
        parsed = self._validate(move, player)
        if self._saved_deal is None and not self.deal_is_fixed:
            self._saved_deal = self._deal_dict()
        record = self._apply(parsed)
        self._moves.append(parsed)
        self._history.append(record)
        return record

    def clone(self) -> GameState[MoveT]:
        """An independent copy (random state included)."""
        return copy.deepcopy(self)

    def to_json(self) -> str:
        """The game as JSON: the deal (hidden cards and random state included),
        every move's text and the history, with the format version;
        :meth:`from_json` restores it exactly."""
        data = {
            "format": STATE_FORMAT_VERSION,
            "game": self.game_name,
            "players": self.players,
            "deal": self._saved_deal if self._saved_deal is not None else self._deal_dict(),
            "moves": [str(m) for m in self._moves],
            "history": [asdict(r) for r in self._history],
        }
        return json.dumps(data, sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> GameState[MoveT]:
        """Restores a game written by :meth:`to_json`: the deal is checked as a fresh
        deal, then every move is played again through :meth:`play`.

        Raises:
            PokerRulesError: text that is no saved game of this kind: not JSON,
                another game, another format version, a deal the game cannot make,
                a move the rules refuse (its number is named) or a history or
                player count that does not match the moves.
        """
        try:
            return cls._restore(text)
        except PokerRulesError:
            raise
        except (KeyError, IndexError, TypeError, ValueError, AttributeError,
                RecursionError, OverflowError) as exc:
            raise PokerRulesError(
                f"not a saved {cls.game_name} game: {type(exc).__name__}: {exc!s:.200}"
            ) from None

    @classmethod
    def _restore(cls, text: str) -> GameState[MoveT]:
        if not isinstance(text, (str, bytes, bytearray)):
            raise PokerRulesError(f"from_json takes JSON text, not {type(text).__name__}")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise PokerRulesError(f"not a saved {cls.game_name} game: not JSON ({exc})") from None
        if not isinstance(data, dict):
            raise PokerRulesError(
                f"not a saved {cls.game_name} game: JSON {type(data).__name__}, not an object")
        if data.get("game") != cls.game_name:
            raise PokerRulesError(
                f"this JSON holds a {data.get('game')!r:.40} game, not {cls.game_name!r}")
        version = data.get("format")
        if type(version) is not int or version != STATE_FORMAT_VERSION:
            older = " (written by an older pokerrules, which saved states another way)" \
                if type(version) is int and version < STATE_FORMAT_VERSION else ""
            raise PokerRulesError(
                f"unknown format version {version!r:.40}{older}; this pokerrules reads "
                f"version {STATE_FORMAT_VERSION}")
        if set(data) != _STATE_KEYS:
            raise PokerRulesError(
                f"a saved {cls.game_name} game has the keys {sorted(_STATE_KEYS)}, "
                f"not {sorted(data)}")
        players, deal, moves = data["players"], data["deal"], data["moves"]
        if type(players) is not int:
            raise PokerRulesError(f"players must be an int, not {players!r:.40}")
        if not isinstance(deal, dict):
            raise PokerRulesError(f"the deal must be a JSON object, not {deal!r:.40}")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise PokerRulesError("moves must be a list of move texts")
        if not isinstance(data["history"], list) or len(data["history"]) != len(moves):
            raise PokerRulesError("the history must hold one record per move")
        state = cls._from_deal(deal, players)
        if state.players != players:
            raise PokerRulesError(
                f"players is {players}, but the deal is for {state.players} players")
        for number, move in enumerate(moves, start=1):
            try:
                state._play(move, None)
            except PokerRulesError as exc:
                raise type(exc)(f"saved move {number} ({move!r:.40}) is refused: {exc}") from None
        for number, (record, saved) in enumerate(zip(state._history, data["history"]), start=1):
            if _canonical(asdict(record)) != _canonical(saved):
                raise PokerRulesError(
                    f"history record {number} does not match its move: saved "
                    f"{_canonical(saved):.120}, played {_canonical(asdict(record)):.120}")
        if _canonical(data) != state.to_json():
            raise PokerRulesError(
                f"the saved deal is not written as {cls.game_name} writes one "
                "(cards in their order, no extra fields)")
        return state


def _canonical(value: Any) -> str:
    """``value`` as :meth:`GameState.to_json` writes JSON: comparing these texts tells
    1 from 1.0 and True, which ``==`` on the values does not."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


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


def require_over(state: GameState[Any]) -> None:
    """Raises :class:`IllegalMoveError` unless the game has ended (for ``result``)."""
    if not state.is_over:
        raise IllegalMoveError("the game is not over yet")
