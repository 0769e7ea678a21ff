"""Z Poker's one move: a card put on a position; its text form."""

from __future__ import annotations

import re
from dataclasses import dataclass

from pokerrules._checks import shown
from pokerrules.cards import Card, card_codes
from pokerrules.errors import IllegalMoveError, PokerRulesError
from pokerrules.zpoker.rules import POSITIONS


@dataclass(frozen=True)
class Placement:
    """One card put on one position; its text is ``"Kh A"`` (see :func:`parse_move`).

    Raises:
        IllegalMoveError: ``card`` is not a :class:`~pokerrules.cards.Card`, or
            ``position`` is not one of :data:`POSITIONS`.
    """

    card: Card
    position: str

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card):
            raise IllegalMoveError(f"a placement needs a Card, not {shown(self.card)}")
        if self.position not in POSITIONS:
            raise IllegalMoveError(position_problem(self.position))

    def __str__(self) -> str:
        return f"{self.card} {self.position}"


def position_problem(position: object) -> str:
    if position == "X":
        return "X is the draw pile, not a position; positions are A B C D E F G H"
    return f"there is no position {shown(position)}; positions are A B C D E F G H"


_MOVE_TEXT = re.compile(r"\s*(\S+?)\s*(?:@|\s)\s*(\S+)\s*")


def parse_move(text: str) -> Placement:
    """The placement written as a card and a position: ``"Kh A"``, ``"10h@b"``.

    Raises:
        IllegalMoveError: the text is not a card followed by a position, the card
            text is no single card, or the position does not exist (X is the pile).
    """
    if not isinstance(text, str):
        raise IllegalMoveError(f"a Z Poker move is text such as 'Kh A', not {shown(text)}")
    text = str.__str__(text)  # its characters, whatever a str subclass overrides
    match = _MOVE_TEXT.fullmatch(text)
    if match is None:
        raise IllegalMoveError(f"{shown(text)} is not a Z Poker move; write a card and a "
                               "position, e.g. 'Kh A'")
    card_text, position = match.group(1), match.group(2).upper()
    try:
        codes = card_codes(card_text)
    except PokerRulesError as exc:
        raise IllegalMoveError(f"{shown(text)} is not a Z Poker move: {exc}") from exc
    if len(codes) != 1:
        raise IllegalMoveError(f"{shown(text)} is not a Z Poker move: place one card at a time")
    if position not in POSITIONS:
        raise IllegalMoveError(
            f"{shown(text)} is not a Z Poker move: {position_problem(position)}")
    return Placement(Card(codes[0]), position)
