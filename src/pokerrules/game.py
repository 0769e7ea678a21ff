"""The shared game protocol: one state shape (the agent interface and the runner
live in :mod:`pokerrules.runner`, the records in :mod:`pokerrules.records`, chance's
modes in :mod:`pokerrules.chance`).

Every turn-based game module (East–West, Z Poker, Chinese Poker) provides
``new_game(rules=..., seed=...) -> State`` where ``State`` subclasses
:class:`GameState`, a ``parse_move(text)`` and at least a ``RandomAgent``.
:func:`play_game` runs any of them with any agents.

The base class owns the parts every game shares: turn and game-over checks, the
"validate fully, then change" discipline that leaves a state untouched after a
rejected move, the history, chance (every card dealt, sampled from the game's
:class:`~pokerrules.shuffle.DealStream` or, with ``chance="explicit"``, chosen by the
caller), cheap copies and the versioned JSON envelope. The game protocol page of the
documentation describes them for people writing search or learning code.
"""

from __future__ import annotations

import bisect
import json
import operator
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import asdict
from typing import Any, ClassVar, Generic, TypeVar

import numpy as np

from pokerrules import chance as chances
from pokerrules import records, saves
from pokerrules._checks import shown
from pokerrules._core import ALL_CARDS, Card, format_cards, parse_cards
from pokerrules.errors import (
    ArgumentTypeError,
    GameOverError,
    IllegalMoveError,
    NotYourTurnError,
    PokerRulesError,
)
from pokerrules.saves import canonical, saved_game, saved_streams
from pokerrules.shuffle import DealStream

__all__ = ["GameState", "require_over", "seat_index"]

MoveT = TypeVar("MoveT")
#: a state of one game: what clone() gives back is the same class
StateT = TypeVar("StateT", bound="GameState[Any]")


def seat_index(player: Any, players: int) -> int:
    """``player`` as a plain int seat of a ``players``-player game; numpy integers
    are accepted, bools, floats and text are not.

    Raises:
        PokerRulesError: not a seat of the game.
    """
    if player.__class__ is int and 0 <= player < players:  # the common case, first
        return int(player)
    try:
        seat = operator.index(player) if not isinstance(player, (bool, np.bool_)) else -1
    except TypeError:
        seat = -1
    if not 0 <= seat < players:
        raise PokerRulesError(
            f"there is no player {shown(player)}; players are numbered 0 to {players - 1}")
    return seat


class GameState(ABC, Generic[MoveT]):
    """Base class of every game's state.

    Subclasses implement ``current_player`` (None when the game is over or a chance
    node waits), ``_legal``, ``_check`` (raise :class:`IllegalMoveError` without
    changing anything), ``_apply``, ``_parse``, ``result``, ``view``, ``_deal_dict``
    (the deal as the constructor made it, before any card chance deals) and
    ``_from_deal`` (a game built from that dict, validated as a deal, not yet begun);
    the base class does the rest.

    **Chance.** A game deals from ``self._undealt``, the codes not yet dealt in
    ascending order: when it needs a card it makes ``_chance_pending()`` true and
    takes the card in ``_deal_card(code)``. In the sampled mode the base class draws
    each such card at once from the deal stream (:meth:`DealStream.take`); in the
    explicit mode the state stops at a chance node until :meth:`apply_chance`.
    A game's factory builds the state, then calls ``_begin(stream, chance)``.

    **Copies.** :meth:`clone` copies the base's lists and the stream, shares every
    other attribute, then calls ``_copy_parts(new)``, where a game copies what its
    moves change in place.

    **Saves.** The saved form is the deal, the cards chance dealt and every move in
    its text form: :meth:`from_json` deals and plays them again through the same
    checks as a live game, so a saved game can never hold an impossible state.
    """

    game_name: ClassVar[str] = "game"
    #: True when the state never changes what ``_deal_dict`` reads, so that the deal
    #: need not be kept aside at the first move.
    deal_is_fixed: ClassVar[bool] = False

    def __init__(self, players: int) -> None:
        self.players = players
        self._history: list[records.MoveRecord] = []
        self._moves: list[MoveT] = []
        # The deal, taken when the game begins (or just before the first move);
        # None before then or for a fixed deal.
        self._saved_deal: dict[str, Any] | None = None
        self._chance = chances.SAMPLED
        self._stream: DealStream | None = None
        self._undealt: list[int] = []  # ascending: what chance may deal next
        self._dealt: list[int] = []  # every card chance dealt, in order
        # The streams reseed replaced: (seed, cards dealt when it was replaced) each,
        # so that a save can deal every card again from the stream that dealt it.
        self._reseeds: tuple[tuple[int, int], ...] = ()

    # --- to implement -------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The player to move, or None when the game is over or a chance node waits."""

    @abstractmethod
    def _legal(self) -> tuple[MoveT, ...]: ...

    @abstractmethod
    def _check(self, move: MoveT) -> None: ...

    @abstractmethod
    def _apply(self, move: MoveT) -> records.MoveRecord: ...

    @abstractmethod
    def _parse(self, text: str) -> MoveT: ...

    @abstractmethod
    def result(self) -> records.Result:
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

    def _chance_pending(self) -> bool:
        """True when the game waits for a card from ``self._undealt``."""
        return False

    def _deal_card(self, code: int) -> None:
        """Puts the card chance dealt (one of ``self._undealt``, already removed
        there) where the game wanted it."""
        raise NotImplementedError

    def _dealt_text(self) -> str:
        """The ``dealt`` field of a save: every chance outcome in order (here cards,
        as text); a game whose chance also rolls dice writes those its own way."""
        return format_cards(self._dealt)

    @classmethod
    def _dealt_codes(cls, text: object) -> list[int]:
        """The inverse of :meth:`_dealt_text`, checked.

        Raises:
            PokerRulesError: no text, or text that is no such outcomes.
        """
        if not isinstance(text, str):
            raise PokerRulesError(f"dealt is card text, not {shown(text)}")
        return [c.code for c in parse_cards(text)]

    def _outcome_name(self, number: int, code: int) -> str:
        """Chance outcome ``number`` (from 0) of the game, ``code``, as errors name it."""
        return str(ALL_CARDS[code])

    def _copy_parts(self, new: GameState[MoveT]) -> None:
        """Gives ``new`` (a shallow copy) its own copy of every container this
        game's moves or deals change in place."""
        raise NotImplementedError

    # --- beginning, chance --------------------------------------------------
    def _begin(self, stream: DealStream | None, chance: str = chances.SAMPLED) -> None:
        """Ends construction: keeps the deal aside, takes the chance mode and, when
        sampled, deals from ``stream`` whatever the game wants dealt."""
        self._chance = chances.chance_mode(chance)
        if chance == chances.SAMPLED and stream is None:
            raise PokerRulesError("a game with sampled chance needs a seed")
        self._stream = stream if chance == chances.SAMPLED else None
        self._saved_deal = self._deal_dict()
        self._settle()

    def _settle(self) -> None:
        """Sampled chance: deals every card the game waits for."""
        stream = self._stream
        if stream is None:
            return
        pending, deal_card, dealt = self._chance_pending, self._deal_card, self._dealt
        while pending():
            code = stream.take(self._undealt)  # (a deal may replace the list)
            dealt.append(code)
            deal_card(code)

    @property
    def chance(self) -> str:
        """The chance mode, :data:`SAMPLED` or :data:`EXPLICIT`."""
        return self._chance

    @property
    def is_chance_node(self) -> bool:
        """True when the next step is chance's, a card dealt (explicit mode only;
        a sampled game deals at once)."""
        return self._chance_pending()

    def chance_outcomes(self) -> tuple[tuple[Card, float], ...]:
        """At a chance node, every card chance may deal with its probability (each
        undealt card equally likely, ascending): ``((card, p), ...)``, the p summing to 1.

        Raises:
            IllegalMoveError: no chance node (a player's turn, or the game is over).
        """
        self._require_chance("chance_outcomes()")
        undealt = self._undealt
        p = 1.0 / len(undealt)
        return tuple((ALL_CARDS[c], p) for c in undealt)

    def apply_chance(self, outcome: Card | str | int) -> None:
        """Resolves a chance node: deals ``outcome`` (a card of
        :meth:`chance_outcomes`: a Card, its text or its code, a Python or numpy int).

        Raises:
            ArgumentTypeError: an outcome of another type (a list, a set, a bool...).
            GameOverError: the game is over.
            IllegalMoveError: no chance node, or a card chance cannot deal now
                (named). Either way nothing changes.
        """
        if isinstance(outcome, (bool, np.bool_)) or \
                not isinstance(outcome, (Card, str, int, np.integer)):
            raise ArgumentTypeError(
                f"apply_chance takes one card (a Card, its text or its code) as outcome, "
                f"not {shown(outcome)}")
        self._require_chance(f"apply_chance({shown(outcome)})")
        cards: Any = outcome if isinstance(outcome, str) else [outcome]
        try:
            codes = [c.code for c in parse_cards(cards)]
        except PokerRulesError as exc:
            raise IllegalMoveError(f"chance outcome {shown(outcome)} is no card: {exc}") from None
        if len(codes) != 1:
            raise IllegalMoveError(f"a chance outcome is one card, not {shown(outcome)}")
        self._deal_chance(codes[0])

    def _deal_chance(self, code: int) -> None:
        undealt = self._undealt
        k = bisect.bisect_left(undealt, code)
        if k == len(undealt) or undealt[k] != code:
            raise IllegalMoveError(
                f"chance cannot deal {ALL_CARDS[code]}: it is not among the "
                f"{len(undealt)} undealt cards")
        del undealt[k]
        self._dealt.append(code)
        self._deal_card(code)

    def _require_chance(self, what: str) -> None:
        if not self._chance_pending():
            if self.current_player is None:
                raise GameOverError(f"the game is over; {what} has no chance node to act on")
            raise IllegalMoveError(
                f"{what}: this is no chance node; it is player {self.current_player}'s turn")

    def _refuse_at_chance(self, what: str) -> None:
        raise IllegalMoveError(
            f"{what}: this is a chance node (a card is to be dealt); resolve it with "
            "apply_chance(), one of chance_outcomes()")

    def reseed(self, seed: int | np.random.Generator) -> None:
        """Draws every later card from a new stream (a sampled game only): for
        search, which must not foresee the cards its own copy would deal.

        Raises:
            PokerRulesError: an explicit-chance game, or a bad seed.
        """
        if self._chance != chances.SAMPLED:
            raise PokerRulesError("an explicit-chance game draws no cards; it takes apply_chance")
        stream = DealStream.from_seed(seed)
        # a stream that dealt no card leaves no trace: saves name only those that did
        if self._stream is not None and \
                len(self._dealt) > (self._reseeds[-1][1] if self._reseeds else 0):
            self._reseeds = (*self._reseeds, (self._stream.seed, len(self._dealt)))
        self._stream = stream

    # --- search worlds --------------------------------------------------------
    @classmethod
    def from_view(cls, view: Any, hidden: Sequence[int], seed: int | None = None
                  ) -> GameState[MoveT]:
        """A world for search: the game as ``view`` shows it, with ``hidden`` (every
        card code the viewer has not seen, in an order the game's own docstring
        gives) where the viewer cannot see; ``seed`` seeds the cards chance deals
        later, for games that deal during play. Its history is not the game's.

        Raises:
            NotImplementedError: a game whose search builds worlds of its own.
        """
        raise NotImplementedError(f"{cls.game_name} builds no world from a view")

    def play_unchecked(self, move: MoveT) -> None:
        """Makes ``move``, already known legal here, with no checks and no record,
        then deals what sampled chance waits for: the fast step of search worlds,
        which are played out and thrown away (afterwards :attr:`history` and
        :meth:`to_json` no longer describe the state). An illegal move leaves the
        state undefined: use :meth:`play` for anything but search."""
        self._apply(move)
        if self._stream is not None:
            self._settle()

    # --- shared -------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        """True when no more moves can be made."""
        return self.current_player is None and not self._chance_pending()

    @property
    def history(self) -> tuple[records.MoveRecord, ...]:
        """Every move made so far, in order, as copies (changing them changes nothing)."""
        return tuple(r.copy() for r in self._history)

    def legal_moves(self) -> tuple[MoveT, ...]:
        """Every move the current player may make (empty when the game is over).

        Raises:
            IllegalMoveError: at a chance node, which takes :meth:`apply_chance`.
        """
        if self.current_player is None:
            if self._chance_pending():
                self._refuse_at_chance("legal_moves()")
            return ()
        return self._legal()

    def _coerce(self, move: MoveT | str) -> MoveT:
        return self._parse(move) if isinstance(move, str) else move

    def _validate(self, move: MoveT | str, player: int | None) -> MoveT:
        current = self.current_player
        if current is None:
            if self._chance_pending():
                self._refuse_at_chance(f"{move!s:.60} cannot be played")
            raise GameOverError(f"the game is over; {move!s:.60} cannot be played")
        if player is not None and player.__class__ is not int:
            try:
                seat = seat_index(player, self.players)
            except PokerRulesError:
                raise NotYourTurnError(
                    f"player {shown(player)} is no seat of this game (seats are ints 0 to "
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

    def play(self, move: MoveT | str, player: int | None = None) -> records.MoveRecord:
        """Makes a move (a move object or its text) for ``player`` (default: the
        current player) and returns its record (a copy: changing it changes nothing).

        Raises:
            NotYourTurnError: ``player`` is not the one to move (or no seat at all).
            GameOverError: the game has ended.
            IllegalMoveError: the rules do not allow the move, or a chance node waits.

        A rejected move changes nothing.
        """
        return self._play(move, player).copy()

    def _play(self, move: MoveT | str, player: int | None) -> records.MoveRecord:
        """:meth:`play` without the copy of the record (which stays in the history)."""
        parsed = self._validate(move, player)
        if self._saved_deal is None and not self.deal_is_fixed:
            self._saved_deal = self._deal_dict()
        record = self._apply(parsed)
        self._moves.append(parsed)
        self._history.append(record)
        if self._stream is not None:
            self._settle()
        return record

    def clone(self: StateT) -> StateT:
        """An independent copy (deal stream included): it copies only what moves and
        deals change, and shares the rest (rules, tables, immutable records)."""
        new = object.__new__(type(self))
        parts = self.__dict__.copy()
        parts["_history"] = self._history.copy()  # the records themselves never change
        parts["_moves"] = self._moves.copy()
        parts["_undealt"] = self._undealt.copy()
        parts["_dealt"] = self._dealt.copy()
        if self._stream is not None:
            parts["_stream"] = self._stream.copy()
        new.__dict__ = parts
        self._copy_parts(new)
        return new

    def to_json(self) -> str:
        """The game as JSON: the deal (hidden cards included), the chance mode, the
        deal stream's position, the cards chance dealt, every move's text and the
        history, with the format version; :meth:`from_json` restores it exactly. It
        holds no integer beyond 2**53, so any JSON reader keeps it intact."""
        stream: dict[str, Any] | None = None if self._stream is None else self._stream.to_dict()
        if stream is not None and self._reseeds:
            stream["earlier"] = [{"seed": seed, "dealt": dealt} for seed, dealt in self._reseeds]
        data = {
            "format": saves.STATE_FORMAT_VERSION,
            "game": self.game_name,
            "players": self.players,
            "chance": self._chance,
            "deal": self._saved_deal if self._saved_deal is not None else self._deal_dict(),
            "stream": stream,
            "dealt": self._dealt_text(),
            "moves": [str(m) for m in self._moves],
            "history": [asdict(r) for r in self._history],
        }
        return json.dumps(data, sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> GameState[MoveT]:
        """Restores a game written by :meth:`to_json`: the deal is checked as a fresh
        deal, then every card chance dealt and every move is made again through
        :meth:`apply_chance` and :meth:`play`.

        Raises:
            PokerRulesError: text that is no saved game of this kind: not JSON,
                another game, another format version (named), a deal the game cannot
                make, a card or move the rules refuse (its number is named), a
                sampled card that its deal stream does not deal or a stream position
                that dealing them does not reach, or a history or player count that
                does not match the moves.
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
        data = saved_game(cls.game_name, text)
        players, deal, moves = data["players"], data["deal"], data["moves"]
        chance = chances.chance_mode(data["chance"])
        streams = saved_streams(data["stream"])
        if streams and chance == chances.EXPLICIT:
            raise PokerRulesError("an explicit-chance game draws no cards; it saves no stream")
        dealt = cls._dealt_codes(data["dealt"])
        for seed, until in streams[:-1]:
            if until is not None and until > len(dealt):
                raise PokerRulesError(
                    f"stream: an earlier stream (seed {seed}) is said to deal {until} cards, "
                    f"but the game dealt {len(dealt)}")
        state = cls._from_deal(deal, players)
        if state.players != players:
            raise PokerRulesError(
                f"players is {players}, but the deal is for {state.players} players")
        state._begin(None, chances.EXPLICIT)
        stream = state._replay(dealt, moves, streams)
        if chance == chances.SAMPLED:
            if stream is None and (dealt or state._undealt):
                raise PokerRulesError(
                    "stream: a sampled game that deals cards saves its deal stream, not null")
            if state._chance_pending():
                raise PokerRulesError("the saved game stops before a card it deals itself")
            saved = data["stream"]
            if stream is not None and (stream.seed, stream.drawn) != \
                    (saved["seed"], saved["drawn"]):
                raise PokerRulesError(
                    f"stream: dealing the saved cards leaves the stream of seed {stream.seed} "
                    f"at drawn={stream.drawn}, not at the saved drawn={saved['drawn']}")
        state._chance, state._stream = chance, stream
        state._reseeds = tuple((seed, until) for seed, until in streams[:-1] if until is not None)
        for number, (record, saved) in enumerate(zip(state._history, data["history"]), start=1):
            if canonical(asdict(record)) != canonical(saved):
                raise PokerRulesError(
                    f"history record {number} does not match its move: saved "
                    f"{canonical(saved):.120}, played {canonical(asdict(record)):.120}")
        if canonical(data) != state.to_json():
            raise PokerRulesError(
                f"the saved deal is not written as {cls.game_name} writes one "
                "(cards in their order, no extra fields)")
        return state

    def _replay(self, dealt: list[int], moves: list[str],
                streams: list[tuple[int, int | None]]) -> DealStream | None:
        """Deals ``dealt`` at the chance nodes and plays ``moves`` between them. With
        ``streams`` (a sampled game's: each seed with the number of cards dealt when
        the next one replaced it, None for the last) each card must be the one its
        stream draws; returns the last stream where the replay leaves it."""
        cards = moves_made = 0
        segments = iter(streams)
        first, until = next(segments, (None, None))
        stream = None if first is None else DealStream(first)
        while True:
            while until is not None and cards == until:
                seed, until = next(segments)
                stream = DealStream(seed)
            if self._chance_pending():
                if cards == len(dealt):
                    break
                drawn = None if stream is None else stream.card(self._undealt)
                try:
                    self._deal_chance(dealt[cards])
                except PokerRulesError as exc:
                    raise type(exc)(f"saved card {cards + 1} is refused: {exc}") from None
                if stream is not None and drawn is not None and drawn != dealt[cards]:
                    raise PokerRulesError(
                        f"saved card {cards + 1} ({self._outcome_name(cards, dealt[cards])}) "
                        f"is not what the deal stream of seed {stream.seed} deals there "
                        f"({self._outcome_name(cards, drawn)})")
                cards += 1
            else:
                if moves_made == len(moves):
                    break
                move = moves[moves_made]
                try:
                    self._play(move, None)
                except PokerRulesError as exc:
                    raise type(exc)(
                        f"saved move {moves_made + 1} ({shown(move)}) is refused: {exc}") from None
                moves_made += 1
        if cards < len(dealt) or moves_made < len(moves):
            raise PokerRulesError(
                f"the saved game has {len(dealt) - cards} card(s) and {len(moves) - moves_made}"
                " move(s) more than it can take")
        return stream


def require_over(state: GameState[Any]) -> None:
    """Raises :class:`IllegalMoveError` unless the game has ended (for ``result``)."""
    if not state.is_over:
        raise IllegalMoveError("the game is not over yet")
