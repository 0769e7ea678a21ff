"""A Pai Gow Poker round: the deal by piles and dice, the settlement of
each player against the banker (the round as a game of the shared protocol is
:mod:`pokerrules.paigow.game.state`; a round played by strategies and its summary are
:mod:`pokerrules.paigow.game.round_records`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

import numpy as np

from pokerrules._checks import shown
from pokerrules.cards import PAI_GOW_DECK, Card, CardsLike, SeedLike, format_cards
from pokerrules.errors import (
    ArgumentTypeError,
    DuplicateCardError,
    FoulError,
    PokerRulesError,
)
from pokerrules.paigow.game.houseway import house_way
from pokerrules.paigow.game.rules import (
    DEFAULT_RULES,
    PaiGowRules,
    PaiGowRulesLike,
    finite_number,
    paigow_rules,
)
from pokerrules.paigow.game.setting import Setting, hand_cards, is_foul, settings
from pokerrules.shuffle import DealStream

__all__ = [
    "BANKER",
    "Deal",
    "Outcome",
    "RoundSettlement",
    "Settlement",
    "best_reply",
    "deal_round",
    "settle",
    "settle_round",
]

#: The banker's position.
BANKER = 1
PILES = 7
PILE_SIZE = 7


def cards_text(cards: Iterable[Card]) -> str:
    return str(format_cards(list(cards)))


@dataclass(frozen=True)
class Deal:
    """The deal of a round.

    Attributes:
        dice: the three dice.
        first_pile: the pile the banker chose to hand out first (1..7).
        piles: seven piles of seven cards; pile ``k`` is ``piles[k - 1]``, its
            cards in the order they were stacked.
        discards: the four cards left after stacking, never seen.
        pile_of: position -> the pile it took (occupied positions only).
        positions: the round's positions, which the dice count around.
    """

    dice: tuple[int, int, int]
    first_pile: int
    piles: tuple[tuple[Card, ...], ...]
    discards: tuple[Card, ...]
    pile_of: Mapping[int, int]
    positions: int = 7

    @property
    def action(self) -> int:
        """The position the dice name, which takes the first pile (the dice
        count counter-clockwise from the banker's position as 1)."""
        return (sum(self.dice) - 1) % self.positions + 1

    @property
    def hands(self) -> dict[int, tuple[Card, ...]]:
        """Occupied position -> its seven cards."""
        return {p: self.piles[pile - 1] for p, pile in sorted(self.pile_of.items())}


def check_occupied(rules: PaiGowRules, occupied: Iterable[int]) -> tuple[int, ...]:
    seats: list[int] = []
    if isinstance(occupied, (str, bytes)) or not isinstance(occupied, Iterable):
        raise ArgumentTypeError(f"occupied is an iterable of positions, not {shown(occupied)}")
    for p in occupied:
        if isinstance(p, bool) or not isinstance(p, (int, np.integer)):
            raise ArgumentTypeError(f"occupied: a position is an int, not {shown(p)}")
        if not 1 <= p <= rules.positions:
            raise PokerRulesError(
                f"position {p} is not one of the round's {rules.positions} positions")
        if int(p) in seats:
            raise PokerRulesError(f"position {p} is given twice")
        seats.append(int(p))
    if BANKER not in seats:
        raise PokerRulesError("the banker's position 1 must be occupied")
    if len(seats) < 2:
        raise PokerRulesError("a round needs at least one player beside the banker")
    return tuple(sorted(seats))


def deal_round(
    rules: PaiGowRulesLike, occupied: Iterable[int], seed: SeedLike, *, first_pile: int = 1
) -> Deal:
    """Deals a round as the rules text says.

    The 53 cards are shuffled from ``seed`` and the three dice rolled after them
    (:class:`~pokerrules.shuffle.DealStream`); seven piles of seven are stacked
    one card at a time (pile 1 gets the 1st, 8th, 15th ... card) and the last
    four cards are put aside unseen. Three dice are rolled; counting from the
    banker as 1, counter-clockwise (upward, wrapping after the last position),
    the total names the position that takes ``first_pile``; the following
    piles, in pile order, go to the following positions. A pile that reaches an
    empty position is put aside unseen. In a round of fewer than seven
    positions, only as many piles as positions are handed out.

    Args:
        rules: the round's rules or a preset's name (``rules.positions`` positions).
        occupied: the occupied positions; must include the banker's (1) and
            at least one other.
        seed: int (0 to 2**53 - 1) or numpy Generator: the same seed deals the
            same round on every machine.
        first_pile: the pile the banker hands out first, 1..7.

    >>> from pokerrules.paigow import PaiGowRules, deal_round
    >>> deal = deal_round(PaiGowRules(), [1, 2, 5], seed=7)
    >>> sorted(deal.hands)
    [1, 2, 5]

    Raises:
        PokerRulesError: a bad position, pile or rules object, or a seed out of range.
        ArgumentTypeError: occupied that is no iterable of ints, or a seed that is
            neither an int nor a Generator.
    """
    rules = paigow_rules(rules)
    seats = check_occupied(rules, occupied)
    if isinstance(first_pile, bool) or not isinstance(first_pile, int) or \
            not 1 <= first_pile <= PILES:
        raise PokerRulesError(f"first_pile must be 1 to 7, not {shown(first_pile)}")
    stream = DealStream.from_seed(seed)
    order = [Card(c) for c in stream.shuffled(PAI_GOW_DECK.codes)]
    dice = (stream.roll(), stream.roll(), stream.roll())
    piles = tuple(tuple(order[p + PILES * k] for k in range(PILE_SIZE)) for p in range(PILES))
    discards = tuple(order[PILES * PILE_SIZE:])
    return Deal((dice[0], dice[1], dice[2]), first_pile, piles, discards,
                hand_out(rules, seats, sum(dice), first_pile), rules.positions)


def hand_out(rules: PaiGowRules, seats: tuple[int, ...], dice_total: int,
              first_pile: int) -> dict[int, int]:
    """Occupied position -> its pile: the dice name the position that takes
    ``first_pile``; the next piles go to the next positions."""
    action = (dice_total - 1) % rules.positions + 1
    pile_of = {}
    for k in range(rules.positions):
        position = (action - 1 + k) % rules.positions + 1
        if position in seats:
            pile_of[position] = (first_pile - 1 + k) % PILES + 1
    return pile_of


class Outcome(str, Enum):
    """A player's result against the banker."""

    WIN = "win"
    PUSH = "push"
    LOSS = "loss"


@dataclass(frozen=True)
class Settlement:
    """How one player's bet settles against the banker.

    Attributes:
        outcome: WIN, PUSH or LOSS for the player.
        net: the player's gain in wager units: the wager less commission on a
            win, 0 on a push, minus the wager on a loss.
        commission: what the player paid the house (on a win only).
        high, low: who took each hand, "player" or "banker" (a copy goes to the
            banker); None when a foul or the banker's push settled the bet
            without comparing.
        player_foul, banker_foul: whether each setting fouled.
        banker_push: whether the banker's hand pushed the bet under the rules'
            ``banker_push`` (the outcome is then PUSH).
    """

    outcome: Outcome
    net: float
    commission: float
    high: str | None
    low: str | None
    player_foul: bool
    banker_foul: bool
    banker_push: bool = False

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict ("banker_push" only when the banker's hand pushed, so
        that settlements without a push rule read as they always did)."""
        data = {"outcome": self.outcome.value, "net": self.net, "commission": self.commission,
                "high": self.high, "low": self.low, "player_foul": self.player_foul,
                "banker_foul": self.banker_foul}
        if self.banker_push:
            data["banker_push"] = True
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Settlement:
        """The inverse of :meth:`to_dict`."""
        return cls(Outcome(data["outcome"]), data["net"], data["commission"], data["high"],
                   data["low"], data["player_foul"], data["banker_foul"],
                   bool(data.get("banker_push", False)))


def check_wager(wager: object) -> float:
    number = finite_number(wager)
    if number is None or number <= 0:
        raise PokerRulesError(f"a wager is a finite positive number, not {shown(wager)}")
    return number


def settle(
    player: Setting, banker: Setting, wager: float = 1, rules: PaiGowRulesLike = DEFAULT_RULES
) -> Settlement:
    """Settles a player's bet against the banker.

    High hand against high hand, low against low; a copy (equal hands) goes to
    the banker. The player wins the bet by winning both, the banker takes it by
    winning both, one each is a push. A fouled player loses outright. A fouled
    banker loses to every player who did not foul, or, under
    ``banker_foul="house_way"``, has the hand set again by the house way.
    Under a ``banker_push`` rule, a banker hand that pushes (as played, after
    any such reset) pushes the bet of every player who did not foul
    (``banker_push`` set on the settlement), before a banker's foul is judged.
    The rules' commission comes off a player's win.

    >>> from pokerrules.paigow import PaiGowRules, Setting, settle
    >>> player = Setting("Kc Kd 9h 8s 2c", "Ah Qd")
    >>> banker = Setting("Jc Jd 7h 5s 3c", "Ac Qs")
    >>> s = settle(player, banker, 10, PaiGowRules.casino())
    >>> s.outcome.value, s.high, s.low, s.net
    ('push', 'player', 'banker', 0.0)

    Raises:
        PokerRulesError: a wager that is not a positive number.
        DuplicateCardError: a card in both settings.
        ArgumentTypeError: a setting that is no :class:`Setting`.
    """
    rules = paigow_rules(rules)
    if not isinstance(player, Setting) or not isinstance(banker, Setting):
        raise ArgumentTypeError("settle takes the player's and the banker's Setting")
    wager = check_wager(wager)
    shared = set(player.cards) & set(banker.cards)
    if shared:
        raise DuplicateCardError(f"{min(shared)} is in both the player's and the banker's hand")
    hand_rules = rules.hand_rules
    player_foul = is_foul(player, hand_rules)
    banker_foul = is_foul(banker, hand_rules)
    high: str | None = None
    low: str | None = None
    if banker_foul and rules.banker_foul == "house_way":
        banker = house_way(banker.cards, rules)
    pushed = not player_foul and rules.pushes(banker)
    if player_foul:
        outcome = Outcome.LOSS
    elif pushed:
        outcome = Outcome.PUSH
    elif banker_foul and rules.banker_foul == "loses":
        outcome = Outcome.WIN
    else:
        player_high, player_low = player.ranks(hand_rules)
        banker_high, banker_low = banker.ranks(hand_rules)
        high = "player" if player_high > banker_high else "banker"
        low = "player" if player_low > banker_low else "banker"
        outcome = Outcome.WIN if high == low == "player" else \
            Outcome.LOSS if high == low == "banker" else Outcome.PUSH
    commission = float(wager * rules.commission) if outcome is Outcome.WIN else 0.0
    net = float(wager) - commission if outcome is Outcome.WIN else \
        -float(wager) if outcome is Outcome.LOSS else 0.0
    return Settlement(outcome, net, commission, high, low, player_foul, banker_foul, pushed)


#: A settlement's worth for choosing a reply: win above push above loss.
_ORDER = {"win": 2, "push": 1, "loss": 0}


def best_reply(hand: CardsLike, banker: Setting,
               rules: PaiGowRulesLike = DEFAULT_RULES) -> Setting:
    """The player's best setting of ``hand`` against the banker's shown setting
    (Face Up Pai Gow, ``banker_shown`` rules): a setting that wins if one does,
    else one that pushes, else one that loses (every setting, fouls aside, gives
    the same then), each judged by :func:`settle` (copies to the banker, the
    rules' banker push); the first such in :func:`~pokerrules.paigow.settings`
    order. The best reply is the same at any commission (a win, less it, is
    still worth more than a push). :func:`~pokerrules.paigow.exact_house_edge`
    counts the same reply over every pair of hands.

    >>> from pokerrules.paigow import Setting, best_reply
    >>> best_reply("Ah Kd Qs Js 8c 5d 2h", Setting("Kc Qd 9c 7c 3h", "Ts 4s"), "face_up")
    Setting('Ah Js 8c 5d 2h / Kd Qs')

    Raises:
        HandSizeError, DuplicateCardError, InvalidCardError: a hand that is not
            seven distinct cards, or a card in both hands. ArgumentTypeError: a
            banker setting that is no :class:`Setting`, rules neither rules nor a
            preset's name. PokerRulesError: rules whose banker's hand is not shown
            (``banker_shown`` False: the player sets blind there). FoulError: a
            banker setting that fouls (a shown hand is set by the house way).
    """
    rules = paigow_rules(rules)
    if not rules.banker_shown:
        raise PokerRulesError("best_reply answers a banker hand shown before the player "
                              "sets (rules with banker_shown, as the 'face_up' preset); "
                              "these rules set blind")
    if not isinstance(banker, Setting):
        raise ArgumentTypeError(f"best_reply takes the banker's Setting, not {shown(banker)}")
    if is_foul(banker, rules.hand_rules):
        raise FoulError(f"the banker's shown setting {banker} fouls: its two-card hand "
                        "outranks its five-card hand")
    cards = hand_cards(hand)
    best: Setting | None = None
    worth = -1
    for setting in settings(cards):
        if is_foul(setting, rules.hand_rules):
            continue
        got = _ORDER[settle(setting, banker, 1, rules).outcome.value]
        if got > worth:
            best, worth = setting, got
            if got == 2:
                break
    assert best is not None  # every hand has a setting that does not foul
    return best


@dataclass(frozen=True)
class RoundSettlement:
    """Every bet of a round whose hands are set, settled (:func:`settle_round`).

    Attributes:
        banker_setting: the banker's hand as played against the players (the
            house way's when a fouled banker is reset, else the banker's own).
        banker_foul: whether the banker's own setting fouled.
        settlements: each player's position -> its :class:`Settlement`.
        banker_gross: the banker's result before the banker's commission.
        banker_commission: what the banker paid the house (on a net win only).
        banker_net: the banker's result after it.
        house: every commission the house collected.
        banker_push: whether the banker's hand as played pushes every bet under
            the rules' ``banker_push`` (each player who did not foul pushes).
    """

    banker_setting: Setting
    banker_foul: bool
    settlements: dict[int, Settlement]
    banker_gross: float
    banker_commission: float
    banker_net: float
    house: float
    banker_push: bool = False


def settle_round(rules: PaiGowRules, chosen: Mapping[int, Setting],
                 wagers: Mapping[int, float]) -> RoundSettlement:
    """Settles every player of a round against the banker: ``chosen`` maps each
    occupied position (1, the banker's, included) to its setting, ``wagers`` each
    player's position to its wager (default 1). Each bet settles as :func:`settle`
    says; the banker's commission comes off a net win of the round."""
    banker = chosen[BANKER]
    banker_foul = is_foul(banker, rules.hand_rules)
    played = house_way(banker.cards, rules) if banker_foul and rules.banker_foul == "house_way" \
        else banker
    settlements: dict[int, Settlement] = {}
    gross = 0.0
    player_commissions = 0.0
    for position in sorted(chosen):
        if position == BANKER:
            continue
        wager = check_wager(wagers.get(position, 1))
        result = settle(chosen[position], banker, wager, rules)
        if result.outcome is Outcome.WIN:
            gross -= wager
        elif result.outcome is Outcome.LOSS:
            gross += wager
        player_commissions += result.commission
        settlements[position] = result
    banker_commission = gross * rules.banker_commission if gross > 0 else 0.0
    return RoundSettlement(played, banker_foul, settlements, gross, banker_commission,
                           gross - banker_commission, player_commissions + banker_commission,
                           rules.pushes(played))
