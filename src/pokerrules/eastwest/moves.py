"""East-West's one move: place the drawn card on a row; its text form."""

from __future__ import annotations

from dataclasses import dataclass

from pokerrules._checks import shown
from pokerrules.eastwest.rules import ROWS
from pokerrules.errors import IllegalMoveError

_ROW_NAMES = {"top": 0, "middle": 1, "bottom": 2}


@dataclass(frozen=True)
class Place:
    """Place the drawn card on the mover's side of ``row`` (0 top, 1 middle, 2 bottom).

    Its text form is ``"row N"``; :func:`parse_move` reads it back.
    """

    row: int

    def __str__(self) -> str:
        return f"row {self.row}"


PLACES = tuple(Place(r) for r in range(ROWS))
PLACE_TEXT = tuple(str(p) for p in PLACES)


def parse_move(text: str) -> Place:
    """The move written as ``"row 1"``, ``"1"``, ``"r1"`` or ``"top"``/``"middle"``/
    ``"bottom"`` (case and spaces ignored).

    Raises:
        IllegalMoveError: text that names no row, or a row other than 0, 1, 2.
    """
    if not isinstance(text, str):
        raise IllegalMoveError(f"a move is text such as 'row 1', not {shown(text)}")
    text = str.__str__(text)  # its characters, whatever a str subclass overrides
    word = "".join(text.lower().split())
    if word in _ROW_NAMES:
        return PLACES[_ROW_NAMES[word]]
    digits = word[3:] if word.startswith("row") else word[1:] if word.startswith("r") else word
    if not digits.isdigit() or not digits.isascii():
        raise IllegalMoveError(f"not a move: {shown(text)}; name a row: 0, 1 or 2")
    if len(digits.lstrip("0")) > 1:  # int() of thousands of digits would raise
        raise IllegalMoveError(f"row {digits:.20} does not exist; rows are 0, 1 and 2")
    row = int(digits)
    if row >= ROWS:
        raise IllegalMoveError(f"row {row} does not exist; rows are 0, 1 and 2")
    return PLACES[row]
