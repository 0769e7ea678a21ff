"""Z Poker's board, phases and rules (a variant's deck and hand size)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from pokerrules._checks import shown
from pokerrules.cards import (
    CHINESE_POKER_DECK,
    PAI_GOW_DECK,
    PIQUET_DECK,
    STANDARD_DECK,
    Card,
    Deck,
)
from pokerrules.errors import CardNotInDeckError, HandSizeError, PokerRulesError
from pokerrules.hands import STANDARD

#: The eight positions around the draw pile, in reading order.
POSITIONS: tuple[str, ...] = ("A", "B", "C", "D", "E", "F", "G", "H")
#: Each seat's side: the positions whose top cards make its hand.
SIDES: tuple[tuple[str, ...], tuple[str, ...]] = (
    ("A", "B", "C", "D", "E"),
    ("D", "E", "F", "G", "H"),
)
PLAYERS = 2
# Before the End Game each player places one card face down and at most three face
# up (the eighth position always completes both sides), so a hand needs four cards.
MOST_CARDS_PLACED_BEFORE_END_GAME = 4


class Phase(str, Enum):
    """The three parts of a game, and its end."""

    FIND_LEADER = "find-leader"
    START_GAME = "start-game"
    END_GAME = "end-game"
    OVER = "over"


# A deck may take any name but these, which name pokerrules' own decks.
_NAMED_DECKS = {d.name: d for d in (STANDARD_DECK, PAI_GOW_DECK, PIQUET_DECK, CHINESE_POKER_DECK)}


@dataclass(frozen=True)
class ZPokerRules:
    """The rules of one Z Poker variant.

    Covering an occupied position in the End Game is what keeps a full board
    playable, so it is part of the game rather than an option; this object holds
    what a variant may change.

    Attributes:
        deck: the cards played with (standard 52 by default); it may hold no joker,
            since sides are ranked with the standard hand rules.
        hand_size: cards dealt to each player (10). At least 4, the most one player
            can place before the Start Game ends.

    The draw pile must hold at least ``2 * hand_size - 5`` cards, the most a game
    can draw (each End Game round places two cards and draws one, and the Start
    Game places at least five), so the pile never runs out.

    Raises:
        PokerRulesError: ``deck`` is no :class:`~pokerrules.cards.Deck`, or takes the
            name of one of pokerrules' decks but not its cards.
        HandSizeError: ``hand_size`` below 4, or a pile too small for it.
        CardNotInDeckError: a deck card the standard hand rules do not know.
    """

    deck: Deck = STANDARD_DECK
    hand_size: int = 10

    def __post_init__(self) -> None:
        if not isinstance(self.deck, Deck):
            raise PokerRulesError(f"deck must be a pokerrules Deck, not {shown(self.deck)}")
        if not isinstance(self.hand_size, int) or isinstance(self.hand_size, bool):
            raise HandSizeError(f"hand_size must be an int, not {shown(self.hand_size)}")
        if self.hand_size < MOST_CARDS_PLACED_BEFORE_END_GAME:
            raise HandSizeError(
                f"hand_size {self.hand_size} is too small: a player may have to place "
                f"{MOST_CARDS_PLACED_BEFORE_END_GAME} cards before the End Game"
            )
        named = _NAMED_DECKS.get(self.deck.name)
        if named is not None and named != self.deck:
            raise PokerRulesError(
                f"deck: a deck named {shown(self.deck.name)} holds pokerrules' "
                f"{len(named)}-card {named.name} deck, not {len(self.deck)} other cards")
        known = set(STANDARD.deck_codes)
        unknown = [c for c in self.deck.codes if c not in known]
        if unknown:
            raise CardNotInDeckError(
                f"deck {shown(self.deck.name)} holds {Card(unknown[0])}, which the standard "
                "hand rules cannot rank"
            )
        pile = len(self.deck) - PLAYERS * self.hand_size
        most_drawn = 2 * self.hand_size - 5
        if pile < most_drawn:
            raise HandSizeError(
                f"a {len(self.deck)}-card deck dealt {self.hand_size} each leaves a pile of "
                f"{pile}, but a game may draw {most_drawn}"
            )

    @property
    def pile_size(self) -> int:
        """Cards left in the draw pile after the deal."""
        return len(self.deck) - PLAYERS * self.hand_size

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict; :meth:`from_dict` restores it."""
        return {
            "deck": {"name": self.deck.name, "codes": list(self.deck.codes)},
            "hand_size": self.hand_size,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ZPokerRules:
        """The rules written by :meth:`to_dict` (validated again).

        Raises:
            PokerRulesError: not the shape :meth:`to_dict` writes; the errors of the
                constructor and of :class:`~pokerrules.cards.Deck` for bad values.
        """
        deck = data.get("deck") if isinstance(data, Mapping) else None
        if not isinstance(deck, Mapping) or set(data) != {"deck", "hand_size"} \
                or set(deck) != {"name", "codes"} or not isinstance(deck["name"], str) \
                or not isinstance(deck["codes"], list):
            raise PokerRulesError(f"not Z Poker rules as to_dict writes them: {shown(data)}")
        if not all(type(c) is int for c in deck["codes"]):
            raise PokerRulesError("a deck's codes are ints")
        return cls(deck=Deck(deck["name"], tuple(deck["codes"])), hand_size=data["hand_size"])
