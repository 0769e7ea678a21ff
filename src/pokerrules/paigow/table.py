"""A Pai Gow Poker table round: the deal by piles and dice, the settlement of
each player against the banker, and the summary of a round played by strategies
(the round as a game of the shared protocol is :mod:`pokerrules.paigow.state`)."""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

import numpy as np

from pokerrules.cards import PAI_GOW_DECK, Card, SeedLike, format_cards
from pokerrules.chance import EXPLICIT
from pokerrules.checks import shown
from pokerrules.errors import (
    ArgumentTypeError,
    DuplicateCardError,
    IllegalMoveError,
    PokerRulesError,
)
from pokerrules.hands import evaluate, evaluate_two
from pokerrules.paigow.houseway import WAYS, HouseWay, Strategy, house_way
from pokerrules.paigow.rules import (
    DEFAULT_RULES,
    PaiGowRules,
    PaiGowRulesLike,
    callable_name,
    finite_number,
    paigow_rules,
)
from pokerrules.paigow.setting import Setting, is_foul
from pokerrules.records import FORMAT_VERSION
from pokerrules.shuffle import DealStream

__all__ = [
    "BANKER",
    "Deal",
    "Outcome",
    "RoundRecord",
    "RoundSettlement",
    "SeatRecord",
    "Settlement",
    "deal_round",
    "play_round",
    "round_record",
    "settle",
    "settle_round",
]

#: The banker's position.
BANKER = 1
PILES = 7
PILE_SIZE = 7


def _cards_text(cards: Iterable[Card]) -> str:
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
        positions: the positions at the table, which the dice count around.
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
            raise PokerRulesError(f"position {p} is not at a table of {rules.positions} positions")
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
    empty position is put aside unseen. At a table of fewer than seven
    positions, only as many piles as positions are handed out.

    Args:
        rules: the table's rules or a preset's name (``rules.positions`` positions).
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
            banker); None when a foul settled the bet without comparing.
        player_foul, banker_foul: whether each setting fouled.
    """

    outcome: Outcome
    net: float
    commission: float
    high: str | None
    low: str | None
    player_foul: bool
    banker_foul: bool

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict."""
        return {"outcome": self.outcome.value, "net": self.net, "commission": self.commission,
                "high": self.high, "low": self.low, "player_foul": self.player_foul,
                "banker_foul": self.banker_foul}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Settlement:
        """The inverse of :meth:`to_dict`."""
        return cls(Outcome(data["outcome"]), data["net"], data["commission"], data["high"],
                   data["low"], data["player_foul"], data["banker_foul"])


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
    if player_foul:
        outcome = Outcome.LOSS
    elif banker_foul and rules.banker_foul == "loses":
        outcome = Outcome.WIN
    else:
        if banker_foul:
            banker = house_way(banker.cards, rules)
        high = "player" if evaluate(player.high, hand_rules) > evaluate(banker.high, hand_rules) \
            else "banker"
        low = "player" if evaluate_two(player.low, hand_rules) > \
            evaluate_two(banker.low, hand_rules) else "banker"
        outcome = Outcome.WIN if high == low == "player" else \
            Outcome.LOSS if high == low == "banker" else Outcome.PUSH
    commission = float(wager * rules.commission) if outcome is Outcome.WIN else 0.0
    net = float(wager) - commission if outcome is Outcome.WIN else \
        -float(wager) if outcome is Outcome.LOSS else 0.0
    return Settlement(outcome, net, commission, high, low, player_foul, banker_foul)


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
    """

    banker_setting: Setting
    banker_foul: bool
    settlements: dict[int, Settlement]
    banker_gross: float
    banker_commission: float
    banker_net: float
    house: float


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
                           gross - banker_commission, player_commissions + banker_commission)


@dataclass(frozen=True)
class SeatRecord:
    """One occupied position in a round: its pile, hand, setting and result
    (``wager`` and ``settlement`` are None for the banker)."""

    position: int
    pile: int
    strategy: str
    hand: tuple[Card, ...]
    setting: Setting
    foul: bool
    wager: float | None
    settlement: Settlement | None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict."""
        return {"position": self.position, "pile": self.pile, "strategy": self.strategy,
                "hand": _cards_text(self.hand), "setting": str(self.setting), "foul": self.foul,
                "wager": self.wager,
                "settlement": None if self.settlement is None else self.settlement.to_dict()}


@dataclass(frozen=True)
class RoundRecord:
    """A round :func:`play_round` played: the deal, every setting, every outcome
    and payout, in the round summary's JSON (``to_json``).

    A round's save is the game's (:func:`pokerrules.paigow.new_game`,
    ``PaiGowState.to_json``); JSON that ``to_json`` wrote loads into a game with
    :func:`pokerrules.paigow.load_round`.

    Attributes:
        rules: the table's rules.
        seed: the deal's seed (None when a Generator was given).
        dice, first_pile, action: the dice, the pile handed out first, and the
            position that took it.
        piles, discards: the seven piles and the four cards put aside.
        seats: the occupied positions in order, the banker's first.
        banker_setting: the banker's hand as played against the players (the
            house way's when a fouled banker is reset, else the banker's own).
        banker_gross: the banker's result before the banker's commission.
        banker_commission: what the banker paid the house (on a net win only).
        banker_net: the banker's result after it.
        house: every commission the house collected.
    """

    rules: PaiGowRules
    seed: int | None
    dice: tuple[int, int, int]
    first_pile: int
    action: int
    piles: tuple[tuple[Card, ...], ...]
    discards: tuple[Card, ...]
    seats: tuple[SeatRecord, ...]
    banker_setting: Setting
    banker_gross: float
    banker_commission: float
    banker_net: float
    house: float
    format: int = FORMAT_VERSION

    def seat(self, position: int) -> SeatRecord:
        """The record of one occupied position.

        Raises:
            PokerRulesError: the position was empty.
        """
        for s in self.seats:
            if s.position == position:
                return s
        raise PokerRulesError(f"position {position} was not occupied in this round")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "format": self.format, "game": "paigow", "rules": self.rules.to_dict(),
            "seed": self.seed, "dice": list(self.dice), "first_pile": self.first_pile,
            "action": self.action, "piles": [_cards_text(p) for p in self.piles],
            "discards": _cards_text(self.discards), "seats": [s.to_dict() for s in self.seats],
            "banker_setting": str(self.banker_setting), "banker_gross": self.banker_gross,
            "banker_commission": self.banker_commission, "banker_net": self.banker_net,
            "house": self.house,
        }

    def to_json(self, indent: int | None = None) -> str:
        """The record as JSON (keys sorted)."""
        return json.dumps(self.to_dict(), sort_keys=True, indent=indent)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RoundRecord:
        """Deprecated: :func:`pokerrules.paigow.load_round` reads a round record
        into a game (whose ``to_json`` is the round's save); this gives that game
        back as a RoundRecord. Raises as ``load_round``."""
        warnings.warn("RoundRecord.from_dict is deprecated; pokerrules.paigow.load_round "
                      "reads a round record into a Pai Gow game", DeprecationWarning,
                      stacklevel=2)
        return _loaded_record(data)

    @classmethod
    def from_json(cls, text: str) -> RoundRecord:
        """Deprecated: see :meth:`from_dict`."""
        warnings.warn("RoundRecord.from_json is deprecated; pokerrules.paigow.load_round "
                      "reads a round record into a Pai Gow game", DeprecationWarning,
                      stacklevel=2)
        return _loaded_record(text)


def _loaded_record(data: object) -> RoundRecord:
    from pokerrules.paigow.round_records import load_round, round_names

    state = load_round(data)  # type: ignore[arg-type]
    return round_record(state, state.deal_seed, round_names(data))


def round_record(state: Any, seed: int | None, names: Mapping[int, str]) -> RoundRecord:
    """The :class:`RoundRecord` of a finished Pai Gow game (a ``PaiGowState``):
    ``seed`` is the deal's (None for one dealt otherwise), ``names`` each
    position's strategy name."""
    rules: PaiGowRules = state.rules
    dealt = [Card(c) for c in state.deck_order]
    piles = tuple(tuple(dealt[p + PILES * k] for k in range(PILE_SIZE)) for p in range(PILES))
    chosen = dict(zip(state.positions, state.settings, strict=True))
    wagers = dict(zip(state.positions, state.wagers, strict=True))
    settled = settle_round(rules, chosen, {p: w for p, w in wagers.items() if p != BANKER})
    seats = []
    for position, pile in zip(state.positions, state.piles, strict=True):
        setting = chosen[position]
        settlement = settled.settlements.get(position)
        seats.append(SeatRecord(
            position, pile, names[position], piles[pile - 1], setting,
            settled.banker_foul if settlement is None else settlement.player_foul,
            None if settlement is None else wagers[position], settlement))
    dice = state.dice
    return RoundRecord(
        rules=rules, seed=seed, dice=(dice[0], dice[1], dice[2]), first_pile=state.first_pile,
        action=state.action, piles=piles, discards=tuple(dealt[PILES * PILE_SIZE:]),
        seats=tuple(seats), banker_setting=settled.banker_setting,
        banker_gross=settled.banker_gross, banker_commission=settled.banker_commission,
        banker_net=settled.banker_net, house=settled.house)


def _strategy(strategy: Strategy | str | None) -> Strategy:
    if strategy is None:
        return HouseWay()
    if isinstance(strategy, str):
        return HouseWay(strategy)
    if not callable(strategy):
        raise PokerRulesError(f"a strategy is a callable or a house way name ({', '.join(WAYS)}), "
                              f"not {shown(strategy)}")
    return strategy


def play_round(
    rules: PaiGowRulesLike,
    strategies: Mapping[int, Strategy | str | None],
    seed: SeedLike,
    *,
    wagers: Mapping[int, float] | None = None,
    first_pile: int = 1,
) -> RoundRecord:
    """Plays one round at a table.

    Args:
        rules: the table's rules, or a preset's name ("classic", "casino").
        strategies: each occupied position (1 is the banker) -> its strategy: a
            callable ``(cards, rules) -> Setting`` (such as :class:`HouseWay` or
            :class:`RandomSetting`), a house way name, or None for the rules'
            house way.
        seed: int or numpy Generator for the deal.
        wagers: position -> wager (default 1 for every player).
        first_pile: the pile the banker hands out first.

    Returns:
        RoundRecord (JSON-serializable with ``to_json``).

    >>> from pokerrules.paigow import PaiGowRules, play_round
    >>> record = play_round(PaiGowRules(), {1: None, 3: None}, seed=7)
    >>> [s.position for s in record.seats]
    [1, 3]

    Raises:
        PokerRulesError: bad positions, wagers or strategies.
        IllegalMoveError: a strategy set cards that are not its hand (naming the
            position).
    """
    from pokerrules.paigow.state import new_game

    rules = paigow_rules(rules)
    if not isinstance(strategies, Mapping):
        raise ArgumentTypeError("strategies maps each occupied position to a strategy")
    deal = deal_round(rules, strategies.keys(), seed, first_pile=first_pile)
    if wagers is not None and not isinstance(wagers, Mapping):
        raise PokerRulesError(f"wagers maps player positions to wagers, not {shown(wagers)}")
    wagers = {} if wagers is None else dict(wagers)
    for position, wager in wagers.items():
        if isinstance(position, bool) or not isinstance(position, (int, np.integer)):
            raise PokerRulesError(f"a wager's key must be a position number, not {shown(position)}")
        if position not in deal.pile_of or position == BANKER:
            raise PokerRulesError(f"a wager for position {position}, which holds no player")
        check_wager(wager)
    chosen: dict[int, Setting] = {}
    names: dict[int, str] = {}
    for position, hand in deal.hands.items():
        strategy = _strategy(strategies[position])
        names[position] = callable_name(strategy)
        setting = strategy(hand, rules)
        if not isinstance(setting, Setting):
            raise PokerRulesError(f"the strategy of position {position} returned {shown(setting)}, "
                                  "not a Setting")
        try:
            setting.check_hand(hand)
        except IllegalMoveError as exc:
            raise IllegalMoveError(f"position {position}: {exc}") from None
        chosen[position] = setting
    # The round itself is the game's: the same deal (the same seed, or the cards the
    # Generator dealt), then each position's setting, the banker's last. A strategy
    # may foul (the hand then loses), so the game allows fouls.
    state = new_game(rules, players=len(chosen), occupied=sorted(chosen), first_pile=first_pile,
                     wagers={p: check_wager(w) for p, w in wagers.items()}, chance=EXPLICIT,
                     fouls=True)
    state.apply_deal(deal)
    for seat in state.setting_order:  # each setting was checked against its hand above
        state.play_unchecked(chosen[state.positions[seat]])
    return round_record(state, None if isinstance(seed, np.random.Generator) else int(seed),
                        names)
