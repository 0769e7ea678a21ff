"""Cards, decks and seeded shuffles.

A card code is ``rank * 4 + suit``: ranks 2..A are 0..12, suits c d h s are 0..3,
and the joker is 52. Everything that takes cards takes text ("As Kd", "AsKd",
"As,Kd", "10d", "A♠", "Jk"), :class:`Card` objects or int codes.

>>> parse_cards("As 10d Jk")
[Card('As'), Card('Td'), Card('Jk')]
>>> format_cards([51, 33, 52])
'As Td Jk'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

from pokerrules._checks import is_int, shown
from pokerrules._core import (
    ALL_CARDS,
    CARD_LIMIT,
    JOKER_CODE,
    Card,
    format_cards,
    parse_cards,
)
from pokerrules.errors import (
    DuplicateCardError,
    InvalidCardError,
    PokerRulesError,
)
from pokerrules.shuffle import DealStream, seed_int

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "CARD_LIMIT",
    "CHINESE_POKER_DECK",
    "JOKER",
    "JOKER_CODE",
    "PAI_GOW_DECK",
    "PIQUET_DECK",
    "STANDARD_DECK",
    "Card",
    "CardsLike",
    "Deck",
    "SeedLike",
    "card_codes",
    "format_cards",
    "make_rng",
    "parse_cards",
]

CardsLike: TypeAlias = str | Card | Iterable[str | Card | int]
if TYPE_CHECKING:
    SeedLike: TypeAlias = int | np.random.Generator

JOKER: Card = ALL_CARDS[JOKER_CODE]


def card_codes(cards: CardsLike) -> list[int]:
    """The int codes of ``cards`` (see :func:`parse_cards` for what is accepted)."""
    return [c.code for c in parse_cards(cards)]


def make_rng(seed: SeedLike) -> np.random.Generator:
    """A numpy Generator from an int seed, or the Generator itself.

    Raises:
        ArgumentTypeError: anything else (there is no hidden global random state, so a
            seed or a Generator must always be given).
        PokerRulesError: a seed below 0 or of 2**53 or more.
    """
    import numpy as np

    if isinstance(seed, np.random.Generator):
        return seed
    return np.random.default_rng(seed_int(seed))


@dataclass(frozen=True)
class Deck:
    """A named deck: the card codes it holds, ascending.

    Raises:
        PokerRulesError: a name that is no text, or codes that are no sequence of ints
            or not ascending.
        InvalidCardError: a code outside 0..52.
        DuplicateCardError: a card given twice.
    """

    name: str
    codes: tuple[int, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise PokerRulesError(f"a deck's name is text, not {shown(self.name)}")
        if isinstance(self.codes, (str, bytes)) or not isinstance(self.codes, Sequence):
            raise PokerRulesError(
                f"a deck's codes are a sequence of ints, not {shown(self.codes)}")
        codes = []
        for code in self.codes:
            if not is_int(code):
                raise PokerRulesError(f"deck {shown(self.name)}: {shown(code)} is no card code")
            if not 0 <= code <= JOKER_CODE:
                raise InvalidCardError(f"deck {shown(self.name)}: no card has the code {code}")
            codes.append(int(code))
        if len(set(codes)) != len(codes):
            twice = next(c for c in codes if codes.count(c) > 1)
            raise DuplicateCardError(f"deck {shown(self.name)} holds {ALL_CARDS[twice]} twice")
        if codes != sorted(codes):
            raise PokerRulesError(f"deck {shown(self.name)}: the codes are not ascending")
        object.__setattr__(self, "codes", tuple(codes))

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards of the deck, ascending."""
        return tuple(ALL_CARDS[c] for c in self.codes)

    def __len__(self) -> int:
        return len(self.codes)

    def __contains__(self, card: object) -> bool:
        """True for one card of the deck (a Card, its text or its code)."""
        if not isinstance(card, (Card, int, str)) or isinstance(card, bool):
            return False
        try:
            codes = card_codes([card])
        except PokerRulesError:
            return False
        return len(codes) == 1 and codes[0] in self.codes

    def shuffled_codes(self, seed: SeedLike) -> np.ndarray:
        """The deck's codes in a random order: numpy uint8 array of shape (len(deck),),
        shuffled by :meth:`pokerrules.shuffle.DealStream.shuffled`."""
        import numpy as np

        return np.array(DealStream.from_seed(seed).shuffled(self.codes), dtype=np.uint8)

    def shuffled(self, seed: SeedLike) -> list[Card]:
        """The deck's cards in a random order drawn from ``seed`` (int or Generator)."""
        return [ALL_CARDS[int(c)] for c in self.shuffled_codes(seed)]


STANDARD_DECK = Deck("standard", tuple(range(52)))
PAI_GOW_DECK = Deck("paigow", tuple(range(53)))
PIQUET_DECK = Deck("piquet", tuple(range(20, 52)))
# Chinese Poker: the standard deck less 2c 2d 2h and Ac (one 2 and three aces remain).
CHINESE_POKER_DECK = Deck("chinese_poker", tuple(c for c in range(52) if c not in (0, 1, 2, 48)))


def __getattr__(name: str) -> object:
    # SeedLike names numpy's Generator: numpy is imported when SeedLike is first
    # asked for, not by ranking hands
    if name == "SeedLike":
        import numpy as np

        globals()[name] = seed_like = int | np.random.Generator
        return seed_like
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
