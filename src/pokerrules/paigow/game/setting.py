"""Settings: a seven-card hand split into a five-card high hand and a two-card
low hand, and the foul rule."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations
from typing import Protocol

from pokerrules import _core
from pokerrules._checks import read_cards, shown
from pokerrules.cards import Card, CardsLike, format_cards
from pokerrules.errors import (
    ArgumentTypeError,
    DuplicateCardError,
    HandSizeError,
    IllegalMoveError,
)
from pokerrules.hands import PAI_GOW, HandRank, HandRules

__all__ = ["Setting", "hand_cards", "is_foul", "settings"]


class HasHandRules(Protocol):
    """What a :class:`~pokerrules.paigow.PaiGowRules` offers a setting: its ranking.
    (A protocol, so that settings need not import the rules, which import them.)"""

    @property
    def hand_rules(self) -> HandRules: ...


# table rules (or a game's) give their ranking through the attribute hand_rules
_CARRIED = ("hand_rules", "PaiGowRules")


def _no_duplicates(cards: Iterable[Card], what: str) -> None:
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise DuplicateCardError(f"duplicate card {card} in {what}")
        seen.add(card)


def hand_cards(hand: CardsLike) -> tuple[Card, ...]:
    """The seven cards of a Pai Gow hand, in the order given.

    Raises:
        HandSizeError: not seven cards. DuplicateCardError: a card twice.
        InvalidCardError: a token that is no card.
    """
    cards = tuple(read_cards(hand, 7, 7, "a Pai Gow hand"))
    _no_duplicates(cards, "the hand")
    return cards


def _ordered(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, reverse=True))


@dataclass(frozen=True, init=False)
class Setting:
    """A set hand: ``high`` (five cards, the back) and ``low`` (two cards, the
    front). Each side is stored highest card code first, so equal settings
    compare equal whatever order the cards were given in.

    >>> from pokerrules.paigow import Setting
    >>> s = Setting("Ah Kd 7c 5s 3h", "Qc Jd")
    >>> str(s)
    'Ah Kd 7c 5s 3h / Qc Jd'

    Raises:
        HandSizeError: a high hand of other than 5 cards or a low hand of other
            than 2. DuplicateCardError: a card twice. InvalidCardError: no card.
    """

    high: tuple[Card, ...]
    low: tuple[Card, ...]

    def __init__(self, high: CardsLike, low: CardsLike) -> None:
        high_cards = read_cards(high, 5, 5, "the high hand")
        low_cards = read_cards(low, 2, 2, "the low hand")
        _no_duplicates([*high_cards, *low_cards], "the setting")
        object.__setattr__(self, "high", _ordered(high_cards))
        object.__setattr__(self, "low", _ordered(low_cards))

    @classmethod
    def _checked(cls, high: Iterable[Card], low: Iterable[Card]) -> Setting:
        """The setting of five and two Cards already checked (seven distinct cards
        of a hand read by :func:`hand_cards`): nothing is read or checked again."""
        setting = cls.__new__(cls)
        object.__setattr__(setting, "high", _ordered(high))
        object.__setattr__(setting, "low", _ordered(low))
        return setting

    @classmethod
    def from_hand(cls, hand: CardsLike, low: CardsLike) -> Setting:
        """Sets ``hand`` with the two ``low`` cards in front and the rest behind.

        >>> from pokerrules.paigow import Setting
        >>> Setting.from_hand("As Ah Jk 7c 7d 3s 2h", "7c 7d")
        Setting('Jk As Ah 3s 2h / 7d 7c')

        Raises:
            IllegalMoveError: a low card that is not in the hand. HandSizeError:
                a hand of other than seven cards or a low hand of other than two.
                DuplicateCardError: a card twice in the hand or in the low hand.
        """
        cards = hand_cards(hand)
        front = read_cards(low, 2, 2, "the low hand")
        _no_duplicates(front, "the low hand")
        for card in front:
            if card not in cards:
                raise IllegalMoveError(f"{card} is not in the hand {format_cards(cards)}")
        return cls._checked([c for c in cards if c not in front], front)

    @property
    def cards(self) -> tuple[Card, ...]:
        """All seven cards, the high hand first, then the low hand."""
        return self.high + self.low

    def is_of(self, hand: CardsLike) -> bool:
        """True when the setting uses exactly the cards of ``hand``."""
        try:
            cards = read_cards(hand, 0, 7, "a Pai Gow hand")
        except HandSizeError:
            return False
        return set(self.cards) == set(cards)

    def check_hand(self, hand: CardsLike) -> None:
        """Raises :class:`IllegalMoveError`, naming a card, unless the setting
        uses exactly the cards of ``hand`` (seven distinct cards, else the
        errors of :func:`hand_cards`)."""
        cards = set(hand_cards(hand))
        for card in self.cards:
            if card not in cards:  # seven distinct cards, all in the hand: the same cards
                raise IllegalMoveError(f"the setting holds {card}, which is not in the hand")

    def high_rank(self, rules: HandRules | HasHandRules | str = PAI_GOW) -> HandRank:
        """The five-card rank of the high hand (under ``rules``: PaiGowRules,
        HandRules or a HandRules preset's name), as :func:`~pokerrules.hands.evaluate`
        ranks it.

        Raises:
            CardNotInDeckError: the joker under rules without it. ArgumentTypeError,
                PokerRulesError: ``rules`` that are no rules or no preset's name.
        """
        return _core._setting_rank(self.high, True, rules, _CARRIED)

    def low_rank(self, rules: HandRules | HasHandRules | str = PAI_GOW) -> HandRank:
        """The two-card rank of the low hand (a pair beats two unpaired cards;
        the joker is an ace), as :func:`~pokerrules.hands.evaluate_two` ranks it.
        Raises as :meth:`high_rank`."""
        return _core._setting_rank(self.low, False, rules, _CARRIED)

    def ranks(self, rules: HandRules | HasHandRules | str = PAI_GOW) -> tuple[HandRank, HandRank]:
        """``(high_rank(rules), low_rank(rules))`` in one call. Raises as :meth:`high_rank`."""
        return _core._setting_ranks(self.high, self.low, rules, _CARRIED)

    def __str__(self) -> str:
        return f"{format_cards(self.high)} / {format_cards(self.low)}"

    def __repr__(self) -> str:
        return f"Setting({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Setting:
        """The inverse of ``str(setting)``: "high cards / low cards".

        Raises:
            IllegalMoveError: no single "/" in the text; else as the constructor.
        """
        if not isinstance(text, str):
            raise IllegalMoveError(f"a setting is text such as 'As Ks Qd 7c 2h / Jk 9d', "
                                   f"not {shown(text)}")
        parts = text.split("/")
        if len(parts) != 2:
            raise IllegalMoveError(f"write a setting as 'five high cards / two low cards', "
                                   f"not {shown(text)}")
        return cls(parts[0], parts[1])


def settings(hand: CardsLike) -> tuple[Setting, ...]:
    """The 21 ways to set seven cards: every pair of cards in front, in the
    order of the hand's positions (1st and 2nd, 1st and 3rd, ...).

    >>> from pokerrules.paigow import settings
    >>> len(settings("As Ah Jk 7c 7d 3s 2h"))
    21

    Raises the errors of :func:`hand_cards`.
    """
    cards = hand_cards(hand)
    return tuple(Setting._checked([c for k, c in enumerate(cards) if k not in (i, j)],
                                  (cards[i], cards[j]))
                 for i, j in combinations(range(7), 2))


def is_foul(setting: Setting, rules: HandRules | HasHandRules | str = PAI_GOW) -> bool:
    """True when the two-card hand ranks strictly above the five-card hand.

    Both hands rank as partial poker hands (category, then grouped ranks,
    then kickers; a hand that runs out of cards first loses the tie), so an
    equal front is legal. The joker is an ace in the low hand and the bug in
    the high hand. The wheel rule cannot change the answer.

    >>> from pokerrules.paigow import Setting, is_foul
    >>> is_foul(Setting("Ac Qd 7h 5s 3c", "Ad Kc"))
    True
    >>> is_foul(Setting("Kc Kd 9h 5s 3c", "Kh Ks"))
    False
    """
    if not isinstance(setting, Setting):
        raise ArgumentTypeError(f"is_foul takes a Setting, not {type(setting).__name__}")
    return _core._setting_foul(setting.high, setting.low, rules, _CARRIED)
