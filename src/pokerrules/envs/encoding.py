"""What every game's encoding shares: the observation layout, action indices,
returns, and the shipped agents as policies over action indices.

An :class:`Encoding` turns one game's states into what learning code takes: a
flat ``float32`` observation built from ``state.view(player)`` (so it never shows
what that player may not see), a mask over a fixed set of action indices, and
each player's return so far. It needs numpy only; the PettingZoo and OpenSpiel
adapters (:mod:`pokerrules.envs.aec`, :mod:`pokerrules.envs.spiel`) are built on it.
"""

from __future__ import annotations

import dataclasses
import enum
import inspect
import math
import numbers
import operator
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any, ClassVar

import numpy as np

from pokerrules._checks import is_int, shown
from pokerrules.cards import Card
from pokerrules.errors import ArgumentTypeError, IllegalMoveError, PokerRulesError
from pokerrules.game import GameState
from pokerrules.runner import Agent
from pokerrules.shuffle import seed_int
from pokerrules.specs import game_spec

__all__ = ["AgentPolicy", "Encoding", "Field", "check_options", "keywords", "layout",
           "real_number", "reset_seed"]


@dataclass(frozen=True)
class Field:
    """One block of an observation: ``size`` elements from ``start``.

    Attributes:
        name: a short identifier (``"board"``).
        start, size: where the block lies in the flat observation.
        meaning: what element ``start + i`` holds, in words (``{i}`` style
            formulas are spelled out in the sentence).
        high: the largest value an element takes (the smallest is 0).
    """

    name: str
    start: int
    size: int
    meaning: str
    high: float = 1.0

    @property
    def stop(self) -> int:
        """One past the block's last element."""
        return self.start + self.size


def layout(blocks: Sequence[tuple[str, int, str] | tuple[str, int, str, float]]
            ) -> tuple[Field, ...]:
    """Fields laid end to end from ``(name, size, meaning[, high])`` tuples."""
    fields = []
    start = 0
    for block in blocks:
        name, size, meaning = block[0], block[1], block[2]
        high = float(block[3]) if len(block) == 4 else 1.0
        fields.append(Field(name, start, size, meaning, high))
        start += size
    return tuple(fields)


def _value_text(value: Any, cards: bool) -> str:
    """One value of a view as :meth:`Encoding.view_text` writes it; ``cards``: ints
    are card codes."""
    if value is None:
        return "none"
    if isinstance(value, Card):
        return str(value)
    if cards and is_int(value):
        return str(Card(int(value)))
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, (frozenset, set)):
        return "{" + " ".join(sorted(map(str, value))) + "}"
    if isinstance(value, Mapping):
        return ", ".join(f"{key} [{_value_text(item, cards)}]" for key, item in value.items())
    if isinstance(value, tuple) and not hasattr(value, "_fields"):
        if not value:
            return "-"
        if all(isinstance(item, Card) or (cards and is_int(item)) for item in value):
            return " ".join(_value_text(item, cards) for item in value)
        return " ".join(f"[{_value_text(item, cards)}]" if isinstance(item, tuple)
                        else _value_text(item, cards) for item in value)
    return str(value)


class Encoding(ABC):
    """One game as seen by learning code (subclassed once per game).

    Attributes:
        name: the environment's versioned name (``"east_west_v0"``); the number
            changes whenever an observation element or action index changes.
        game: the game package (``pokerrules.eastwest``).
        players: the number of players.
        rules: the game's rules object (None: the game's default).
        fields: the observation's blocks, in order (:class:`Field`).
        num_actions: the number of action indices, ``0 .. num_actions - 1``.
        card_fields: the fields of the game's view that hold card codes (ints, or
            tuples of them), which :meth:`view_text` writes as cards ("As").

    Raises:
        PokerRulesError: a player count or rules the game does not take.
    """

    name: ClassVar[str]
    game: ModuleType
    fields: tuple[Field, ...]
    num_actions: int
    card_fields: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, players: int, rules: Any = None) -> None:
        self._game_rules(players, rules)
        self.observation_size = self.fields[-1].stop
        high = np.zeros(self.observation_size, dtype=np.float32)
        for f in self.fields:
            high[f.start:f.stop] = f.high
        high.flags.writeable = False
        #: The largest value of each observation element (the smallest is 0).
        self.observation_high = high
        self._offsets = {f.name: f.start for f in self.fields}
        self._to_move = self._offsets.get("to_move")

    def __repr__(self) -> str:
        return f"{type(self).__name__}(players={self.players}, rules={self.rules!r})"

    def __deepcopy__(self, memo: dict[int, Any]) -> Encoding:
        # Nothing in an encoding changes once it is built, so copies share it.
        return self

    # --- the game -----------------------------------------------------------
    def _game_rules(self, players: int, rules: Any) -> Any:
        """Sets ``players`` and ``rules`` once the game takes them (so that bad
        ones fail now, not at the first reset) and returns the rules a game
        plays by (the game's default for None), for encodings whose layout
        depends on them.

        Raises:
            PokerRulesError: a player count the game's spec does not list
                (:attr:`~pokerrules.specs.GameSpec.players`), or rules or a count
                its ``new_game`` does not take.
        """
        self.players = game_spec(self.game).check_players(players)
        self.rules = rules
        return self.new_game(seed=0).rules  # type: ignore[attr-defined]

    def new_game(self, seed: int | None, chance: str | None = None) -> GameState[Any]:
        """A game of these rules and players dealt from ``seed`` (0 to 2**53 - 1),
        or with ``chance="explicit"`` (and no seed) one whose every card is a
        chance node (see the game protocol's chance modes).
        """
        options: dict[str, Any] = {"players": self.players}
        if seed is not None:
            options["seed"] = seed
        if self.rules is not None:
            options["rules"] = self.rules
        if chance is not None:
            options["chance"] = chance
        state: GameState[Any] = self.game.new_game(**options)
        return state

    def is_terminal(self, state: GameState[Any]) -> bool:
        """True when the episode is over (the game's end, unless a game says
        otherwise)."""
        return state.is_over

    @abstractmethod
    def returns(self, state: GameState[Any]) -> tuple[float, ...]:
        """Each player's return so far (one float per player)."""

    # --- observations -------------------------------------------------------
    def observe(self, state: GameState[Any], player: int, public: bool = False) -> np.ndarray:
        """``player``'s observation of ``state``: a new ``float32`` array of shape
        ``(observation_size,)``, built from ``state.view(player)`` alone (with
        ``public``, from its :meth:`public_view`: the player's private cards left out).

        Raises:
            PokerRulesError: ``player`` is no seat of the game.
        """
        out = np.zeros(self.observation_size, dtype=np.float32)
        view = state.view(player)
        self.encode(self.public_view(view) if public else view, out)
        if self._to_move is not None:  # public, but not every game's view says it
            out[self._to_move] = state.current_player == player
        return out

    @abstractmethod
    def encode(self, view: Any, out: np.ndarray) -> None:
        """Writes the observation of ``view`` into ``out`` (zeros on entry)."""

    @abstractmethod
    def public_view(self, view: Any) -> Any:
        """``view`` without what only its player sees (own hand, drawn card): the
        public information, from that player's seat."""

    def view_text(self, view: Any) -> str:
        """``view`` (a game's view, or its :meth:`public_view`) as text, one
        ``name: value`` line a field in the view's order: cards as their text ("As
        Kd", "-" for none), phases by their names, nested groups in brackets. Equal
        views give equal texts, and the text names every field of the view, so it
        can key what a player knows (OpenSpiel's ``observation_string``)."""
        names = view._fields if hasattr(view, "_fields") else \
            [f.name for f in dataclasses.fields(view)]
        return "\n".join(f"{name}: {_value_text(getattr(view, name), name in self.card_fields)}"
                         for name in names)

    def world(self, state: GameState[Any], player: int, rng: np.random.Generator
              ) -> GameState[Any]:
        """A new state consistent with what ``player`` sees of ``state`` (a
        player's turn or the end): the same view for ``player``, the cards hidden
        from that player dealt at random from ``rng`` as the game's search
        determinizes a world (a copy once the episode is over). ``state`` is
        unchanged.

        Raises:
            PokerRulesError: a game whose worlds are dealt for the player to move
                only (Z Poker, whose views do not say whose turn it is), asked
                for another player.
        """
        if self.is_terminal(state):
            return state.clone()
        return self._world(state, player, rng)

    @abstractmethod
    def _world(self, state: GameState[Any], player: int, rng: np.random.Generator
               ) -> GameState[Any]:
        """:meth:`world` for a state at a player's turn."""

    # --- actions ------------------------------------------------------------
    @abstractmethod
    def action_mask(self, state: GameState[Any]) -> np.ndarray:
        """An ``int8`` array of shape ``(num_actions,)``: 1 where the action is
        legal for the player to move, all 0 when nobody is to move."""

    def legal_actions(self, state: GameState[Any]) -> list[int]:
        """The legal action indices, ascending."""
        return [int(a) for a in np.flatnonzero(self.action_mask(state))]

    @abstractmethod
    def _move(self, state: GameState[Any], action: int) -> Any:
        """The move of a valid index, or IllegalMoveError if the state has none."""

    @abstractmethod
    def move_to_action(self, move: Any) -> int:
        """The action index of a move of the game (or its text).

        Raises:
            IllegalMoveError: a move that has no action index.
        """

    def action_name(self, action: int) -> str:
        """What action index ``action`` means, in words (``"row 1"``).

        Raises:
            ArgumentTypeError: ``action`` is no int.
            IllegalMoveError: no such action index (the message gives the range).
        """
        return self._action_name(self._index(action))

    @abstractmethod
    def _action_name(self, action: int) -> str:
        """What a valid action index means, in words."""

    def _index(self, action: object) -> int:
        """``action`` as an int in range; numpy integers are taken, bools not."""
        try:
            if isinstance(action, bool):
                raise TypeError
            index = operator.index(action)  # type: ignore[arg-type]
        except TypeError:
            raise ArgumentTypeError(
                f"action {action!r:.40} is no int; {self.name} actions are ints 0 to "
                f"{self.num_actions - 1}") from None
        if not 0 <= index < self.num_actions:
            raise IllegalMoveError(
                f"action {action!r:.40} does not exist; {self.name} actions are 0 to "
                f"{self.num_actions - 1}")
        return index

    def action_to_move(self, state: GameState[Any], action: int) -> Any:
        """The game's move for action index ``action`` in ``state`` (for Chinese
        Poker the cards come from the hand of the player to move).

        Raises:
            ArgumentTypeError: ``action`` is no int.
            IllegalMoveError: no such action, or no such move in ``state``
                (the message names the action).
        """
        index = self._index(action)
        try:
            return self._move(state, index)
        except PokerRulesError as exc:
            raise IllegalMoveError(
                f"action {index} ({self.action_name(index)}) is not legal now: {exc}") from None

    def apply(self, state: GameState[Any], action: int) -> None:
        """Plays action index ``action`` for the player to move.

        Raises:
            ArgumentTypeError, IllegalMoveError: as :meth:`action_to_move`, or
                the game refuses the move (the message names the action). A
                refused action changes nothing.
        """
        move = self.action_to_move(state, action)
        try:
            state.play(move)
        except PokerRulesError as exc:
            index = self._index(action)
            raise IllegalMoveError(
                f"action {index} ({self.action_name(index)}) is not legal now: {exc}") from None

    def describe_actions(self) -> list[tuple[str, str]]:
        """The action table: ``(indices, meaning)`` rows covering every index in
        order (a range of indices where a formula says what each means)."""
        return [(str(a), self.action_name(a)) for a in range(self.num_actions)]


class AgentPolicy:
    """A pokerrules agent (anything with ``choose(view, legal_moves, rng)``) as a
    policy over action indices, for either framework.

    Args:
        encoding: the game's :class:`Encoding`.
        agent: the agent, e.g. ``pokerrules.eastwest.GreedyAgent()``.
        seed: the seed of the agent's own generator.

    Calling ``policy(state)`` with a pokerrules state returns the action index
    of the agent's move for the player to move.

    Raises:
        PokerRulesError: an agent without a ``choose`` method.
    """

    def __init__(self, encoding: Encoding, agent: Agent, seed: int = 0) -> None:
        if not callable(getattr(agent, "choose", None)) or isinstance(agent, type):
            raise PokerRulesError(f"{agent!r:.60} is no agent instance with a choose() method")
        self.encoding = encoding
        self.agent = agent
        self.rng = np.random.default_rng(seed)

    def __call__(self, state: GameState[Any]) -> int:
        player = state.current_player
        if player is None:
            raise IllegalMoveError("nobody is to move: the game is over")
        move = self.agent.choose(state.view(player), state.legal_moves(), self.rng)
        return self.encoding.move_to_action(move)

    def __repr__(self) -> str:
        return f"AgentPolicy({self.encoding.name}, {self.agent!r})"


def reset_seed(seed: object) -> int:
    """``seed`` checked as the seed of an environment's ``reset`` (an int from 0 to
    2**53 - 1, as the games take; numpy integers too, bools not).

    Raises:
        ArgumentTypeError: no int.
        PokerRulesError: out of range.
    """
    try:
        return seed_int(seed)
    except PokerRulesError as exc:  # ArgumentTypeError too
        raise type(exc)(f"reset's seed is None or an int from 0 to 2**53 - 1, "
                        f"not {shown(seed)}") from None


def real_number(value: object) -> float | None:
    """``value`` as a float if it is a real number (Python's or numpy's, a bool
    not; an int too large for a float is ±inf), else None."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        return None
    try:
        return float(value)
    except OverflowError:
        return math.inf if value > 0 else -math.inf  # type: ignore[operator]


def keywords(function: Callable[..., Any]) -> tuple[str, ...] | None:
    """The names ``function`` takes by keyword, in order; None when it takes any
    (``**options``) or shows no signature."""
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return None
    if any(p.kind is p.VAR_KEYWORD for p in parameters):
        return None
    return tuple(p.name for p in parameters
                 if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY))


def check_options(options: Mapping[str, Any], accepted: Iterable[str], what: str) -> None:
    """Refuses an option not in ``accepted``, naming it and listing them (``what``
    says whose options they are: "east-west's environment").

    Raises:
        PokerRulesError: an unknown option.
    """
    known = sorted(accepted)
    for name in options:
        if name not in known:
            raise PokerRulesError(f"{what} has no option {shown(name)}; its options are "
                                  f"{', '.join(known)}")
