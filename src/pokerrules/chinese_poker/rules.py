"""Chinese Poker's deck, rule choices and penalty points."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pokerrules._checks import check_count, shown
from pokerrules.cards import CHINESE_POKER_DECK, CardsLike, card_codes
from pokerrules.errors import CardNotInDeckError, DuplicateCardError, PokerRulesError

RANK_SYMBOLS = "23456789TJQKA"
#: Rank index (2..A = 0..12) in the single order 3 < 4 < ... < A < 2, as 0..12.
SINGLE_VALUE: tuple[int, ...] = tuple((r - 1) % 13 for r in range(13))
# Rank indices from lowest to highest single.
SINGLE_ORDER = (*range(1, 13), 0)
# Per card code (the joker is rank 13): its rank and its suit's bit in the rank nibble.
RANK_OF: tuple[int, ...] = (*(c >> 2 for c in range(52)), 13)
SUIT_BIT: tuple[int, ...] = (*(1 << (c & 3) for c in range(52)), 1)
_OUTSIDE_DECK = frozenset(range(53)) - frozenset(CHINESE_POKER_DECK.codes)

PLAYERS_ALLOWED = (2, 3, 4)
# Cards dealt to each player, by number of players.
HAND_SIZE = {2: 16, 3: 16, 4: 12}

#: The largest target (:class:`ChinesePokerRules`): a hundred times the default.
#: A round adds 1 to 50 points to every player who did not go out, so a game to
#: 10,000 lasts at least 200 rounds and at most 19,999 (two players scoring one point
#: a round); at the points real play scores (four greedy agents reach 100 in a median
#: of 15 rounds, two in 35) it lasts some 1,500 to 3,500. A larger target makes a
#: game that does not end in any practical time.
MAX_TARGET = 10_000


def checked_nibbles(cards: CardsLike, what: str) -> tuple[list[int], list[int]]:
    """The codes of ``cards`` and their 13 rank nibbles (a bit per suit held).

    Raises:
        InvalidCardError: unreadable cards.
        DuplicateCardError: a card given twice.
        CardNotInDeckError: 2c 2d 2h Ac or the joker.
    """
    codes = card_codes(cards)
    nibs = [0] * 14
    for c in codes:
        rank, bit = RANK_OF[c], SUIT_BIT[c]
        if nibs[rank] & bit:
            raise DuplicateCardError(f"{_card_text(c)} is given twice in {what}")
        nibs[rank] |= bit
    # 2c 2d 2h, Ac and the joker are out of the deck.
    if nibs[0] & 7 or nibs[12] & 1 or nibs[13]:
        bad = next(c for c in codes if c in _OUTSIDE_DECK)
        raise CardNotInDeckError(
            f"{_card_text(bad)} in {what} is not in the 48-card Chinese Poker deck"
            " (2c 2d 2h and Ac are out)"
        )
    del nibs[13]
    return codes, nibs


def checked_codes(cards: CardsLike, what: str) -> tuple[int, ...]:
    """Distinct codes of the 48-card deck, ascending; raises as :func:`checked_nibbles`."""
    return tuple(sorted(checked_nibbles(cards, what)[0]))


def _card_text(code: int) -> str:
    return "Jk" if code == 52 else RANK_SYMBOLS[code >> 2] + "cdhs"[code & 3]


def format_codes(codes: Sequence[int]) -> str:
    return " ".join(_card_text(c) for c in codes)


@dataclass(frozen=True)
class ChinesePokerRules:
    """The rule choices of a game.

    Attributes:
        target: the game ends after the round in which a player's total reaches this
            many points (default 100; at most :data:`MAX_TARGET`, 10,000: a round
            scores at most 50 points a player, so even that takes 200 rounds or more).
        open_choice: two players only: the dealt hands are chosen face up (default
            False: blind, as the rules text has it).

    Raises:
        PokerRulesError: a target outside 1..10,000, or a non-bool ``open_choice``.
    """

    target: int = 100
    open_choice: bool = False

    def __post_init__(self) -> None:
        if type(self.target) is not int or not 1 <= self.target <= MAX_TARGET:
            raise PokerRulesError(
                f"the target must be a whole number from 1 to {MAX_TARGET:,} (a game to more "
                f"would not end in practical time), not {shown(self.target)}")
        if not isinstance(self.open_choice, bool):
            raise PokerRulesError(
                f"open_choice must be True or False, not {shown(self.open_choice)}")


def penalty(cards_left: int, cards_dealt: int) -> int:
    """The points a player scores for ``cards_left`` cards when another goes out, with
    ``cards_dealt`` cards dealt to each player: all of them 50, all but one 40, all but
    two 30, otherwise one point a card.

    Raises:
        ArgumentTypeError: either is no int.
        PokerRulesError: ``cards_dealt`` below 1, or ``cards_left`` outside
            0..``cards_dealt``.

    >>> [penalty(n, 12) for n in (12, 11, 10, 9, 1, 0)]
    [50, 40, 30, 9, 1, 0]
    """
    cards_dealt = check_count(cards_dealt, "cards_dealt")
    cards_left = check_count(cards_left, "cards_left", 0)
    if cards_left > cards_dealt:
        raise PokerRulesError(f"{cards_left} cards left is impossible with {cards_dealt} dealt")
    if cards_left == 0:
        return 0
    return {0: 50, 1: 40, 2: 30}.get(cards_dealt - cards_left, cards_left)
