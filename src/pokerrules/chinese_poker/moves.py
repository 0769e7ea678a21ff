"""Chinese Poker's moves (cards played, a pass, a dealt hand chosen) and their text."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from pokerrules._checks import shown
from pokerrules.cards import CardsLike, card_codes
from pokerrules.chinese_poker.rules import checked_codes, format_codes
from pokerrules.errors import IllegalMoveError


@dataclass(frozen=True, slots=True)
class Move:
    """Cards played from the hand, ascending card codes; no cards is a pass.

    ``str(move)`` is ``'pass'`` or the cards (``'9d 9s'``); :func:`parse_move` reads it
    back. ``Move.of("9s 9d")`` takes any cards.

    Raises:
        DuplicateCardError, CardNotInDeckError, InvalidCardError: bad cards.
    """

    cards: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", checked_codes(self.cards, "the move"))

    @classmethod
    def of(cls, cards: CardsLike) -> Move:
        """The move that plays ``cards`` (text, Cards or codes)."""
        return cls(tuple(card_codes(cards)))

    @property
    def is_pass(self) -> bool:
        """True for a pass."""
        return not self.cards

    def __str__(self) -> str:
        return format_codes(self.cards) if self.cards else "pass"

    def __repr__(self) -> str:
        return f"Move.of({format_codes(self.cards)!r})" if self.cards else "PASS"


_new = object.__new__
_set = object.__setattr__


def unchecked_move(cards: tuple[int, ...]) -> Move:
    """A Move of codes already known to be distinct, valid and ascending."""
    move = _new(Move)
    _set(move, "cards", cards)
    return move


#: The pass.
PASS = Move()


@dataclass(frozen=True, slots=True)
class ChooseHand:
    """Two players: take one of the three dealt hands, numbered 0, 1, 2.

    ``str(move)`` is ``'choose 1'``.

    Raises:
        IllegalMoveError: a hand number other than 0, 1, 2.
    """

    hand: int

    def __post_init__(self) -> None:
        if type(self.hand) is not int or not 0 <= self.hand <= 2:
            raise IllegalMoveError(f"choose hand 0, 1 or 2, not {shown(self.hand)}")

    def __str__(self) -> str:
        return f"choose {self.hand}"


AnyMove: TypeAlias = Move | ChooseHand


def parse_move(text: str) -> AnyMove:
    """Reads a move: ``'pass'``, ``'choose 2'`` or cards (``'9s 9d'``).

    Raises:
        IllegalMoveError: text that is no move (or no text), a bad hand number.
        InvalidCardError, DuplicateCardError, CardNotInDeckError: bad cards.
    """
    if not isinstance(text, str):
        raise IllegalMoveError(f"a move is text such as '9s 9d' or 'pass', not {shown(text)}")
    text = str.__str__(text)  # its characters, whatever a str subclass overrides
    words = text.strip().lower().split()
    if words == ["pass"]:
        return PASS
    if words and words[0] == "choose":
        # ASCII digits only ('²' is a digit to str.isdigit but not to int), and few
        # of them (int() refuses thousands of digits).
        if len(words) != 2 or not (words[1].isascii() and words[1].isdigit()) \
                or len(words[1]) > 3:
            raise IllegalMoveError(
                f"write 'choose 0', 'choose 1' or 'choose 2', not {shown(text)}")
        return ChooseHand(int(words[1]))
    if not words:
        raise IllegalMoveError("an empty move: write cards such as '9s 9d', or 'pass'")
    return Move.of(text)
