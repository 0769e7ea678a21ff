"""Round records as :meth:`RoundRecord.to_json <pokerrules.paigow.RoundRecord.to_json>`
writes them (format 2), read into the game of the round (:func:`load_round`), whose
save is then the shared one (:meth:`GameState.to_json <pokerrules.game.GameState.to_json>`)."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from pokerrules._checks import shown
from pokerrules.cards import Card, SeedLike, parse_cards
from pokerrules.chance import EXPLICIT, SAMPLED
from pokerrules.errors import ArgumentTypeError, IllegalMoveError, PokerRulesError
from pokerrules.paigow.game.houseway import (
    WAYS,
    BatchWay,
    HouseWay,
    HouseWayLike,
    check_pair,
    house_way,
    house_way_many,
)
from pokerrules.paigow.game.round import (
    BANKER,
    PILE_SIZE,
    PILES,
    Settlement,
    best_reply,
    cards_text,
    check_wager,
    deal_round,
    settle_round,
)
from pokerrules.paigow.game.rules import PaiGowRules, PaiGowRulesLike, callable_name, paigow_rules
from pokerrules.paigow.game.setting import Setting
from pokerrules.paigow.game.state import DECK_SIZE, PaiGowState, new_game, parse_move
from pokerrules.records import FORMAT_VERSION
from pokerrules.saves import canonical, check_top_level

__all__ = ["RoundRecord", "SeatRecord", "load_round", "play_round", "round_names", "round_record"]


_RECORD_KEYS = frozenset({
    "format", "game", "rules", "seed", "dice", "first_pile", "action", "piles", "discards",
    "seats", "banker_setting", "banker_gross", "banker_commission", "banker_net", "house"})


def _record_data(record: object) -> dict[str, Any]:
    """A round record (JSON text or its dict), its top level checked."""
    if isinstance(record, (str, bytes, bytearray)):
        try:
            record = json.loads(record)
        except (ValueError, RecursionError) as exc:  # JSONDecodeError is a ValueError
            raise PokerRulesError(f"a round record is JSON text: {str(exc)[:120]}") from None
    if not isinstance(record, dict):
        raise PokerRulesError(f"a round record is a JSON object, not {shown(record)}")
    return check_top_level(record, PaiGowState.game_name, FORMAT_VERSION, _RECORD_KEYS,
                           "a round record", "round records of ")


def round_names(record: object) -> dict[int, str]:
    """Each position's strategy name in a round record (checked by :func:`load_round`)."""
    data = _record_data(record)
    return {seat["position"]: seat["strategy"] for seat in data["seats"]}


def load_round(record: str | bytes | Mapping[str, Any]) -> PaiGowState:
    """The game of a round record that :meth:`RoundRecord.to_json` wrote (JSON text,
    or its dict): the finished round, whose :meth:`~GameState.to_json` is its save
    in the shared format. A record with a seed is dealt again from it (sampled
    chance); one without (dealt from a Generator) takes its piles, discards and dice
    at explicit chance nodes. Each position's setting is then played (the banker's
    last), and the record must be what that round gives: its hands, fouls, outcomes,
    payouts and commissions.

    >>> from pokerrules.paigow import PaiGowRules, load_round, play_round
    >>> text = play_round(PaiGowRules(), {1: None, 2: None}, seed=7).to_json()
    >>> game = load_round(text)
    >>> game.is_over, game.result().scores
    (True, (-1.0, 1.0))

    Raises:
        PokerRulesError: no JSON, another game or format version, a missing or
            extra key, a value of the wrong type, or a record that is not what its
            round gives (naming where they first differ: ``seats[1].settlement.net``);
            DuplicateCardError, IllegalMoveError... as the deal and moves are refused.
    """
    data = _record_data(record)
    try:
        return _load(data)
    except PokerRulesError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        what = f"no key {shown(exc.args[0])}" if isinstance(exc, KeyError) and exc.args \
            else f"{type(exc).__name__}: {str(exc)[:120]}"
        raise PokerRulesError(f"malformed Pai Gow round record: {what}") from None


def _load(data: dict[str, Any]) -> PaiGowState:
    rules = PaiGowRules.from_dict(data["rules"])
    seats = data["seats"]
    if type(seats) is not list or not all(isinstance(s, dict) for s in seats):
        raise PokerRulesError(f"seats is a list of objects, not {shown(seats)}")
    positions = [s["position"] for s in seats]
    if any(type(p) is not int for p in positions):
        raise PokerRulesError(f"a seat's position is an int, not {shown(positions)}")
    if any(not isinstance(s["strategy"], str) for s in seats):
        raise PokerRulesError("a seat's strategy is a name")
    wagers = {s["position"]: s["wager"] for s in seats if s["position"] != BANKER}
    for position, wager in wagers.items():
        if isinstance(wager, bool) or not isinstance(wager, (int, float)):
            raise PokerRulesError(f"position {position}: a wager is a number, not {shown(wager)}")
    seed = data["seed"]
    if seed is not None and type(seed) is not int:
        raise PokerRulesError(f"seed is an int or null, not {shown(seed)}")
    state = new_game(rules, seed=seed, chance=SAMPLED if seed is not None else EXPLICIT,
                     occupied=positions, first_pile=data["first_pile"], wagers=wagers,
                     fouls=any(s["foul"] is True for s in seats))
    if seed is None:
        _deal_recorded(state, data)
    by_position = {s["position"]: s for s in seats}
    for seat in state.setting_order:
        position = state.positions[seat]
        try:
            state.play(parse_move(by_position[position]["setting"]), seat)
        except PokerRulesError as exc:
            raise type(exc)(f"position {position}: {exc}") from None
    replayed = round_record(state, seed, round_names(data)).to_dict()
    where = _first_difference(data, replayed)
    if where is not None:
        raise PokerRulesError(f"the record is not what its round gives: {where}")
    return state


def _deal_recorded(state: PaiGowState, data: dict[str, Any]) -> None:
    """Deals a record's piles (stacked one card at a time), discards and dice."""
    piles = data["piles"]
    if type(piles) is not list or len(piles) != PILES or not all(isinstance(p, str) for p in piles):
        raise PokerRulesError(f"a round has {PILES} piles of card text, not {shown(piles)}")
    stacks = [parse_cards(p) for p in piles]
    if any(len(s) != PILE_SIZE for s in stacks):
        raise PokerRulesError(f"a pile holds {PILE_SIZE} cards: {shown(piles)}")
    discards = parse_cards(data["discards"]) if isinstance(data["discards"], str) else None
    if discards is None or len(discards) != DECK_SIZE - PILES * PILE_SIZE:
        raise PokerRulesError(f"the discards are four cards, not {shown(data['discards'])}")
    dice = data["dice"]
    if type(dice) is not list or len(dice) != 3 or any(type(d) is not int for d in dice):
        raise PokerRulesError(f"dice are three numbers 1 to 6, not {shown(dice)}")
    for number, card in enumerate([s[k] for k in range(PILE_SIZE) for s in stacks] + discards):
        try:
            state.apply_chance(card)
        except PokerRulesError as exc:
            raise type(exc)(f"card {number + 1} of the deal: {exc}") from None
    for die in dice:
        state.apply_chance(die)


def _first_difference(saved: Any, replayed: Any, path: str = "") -> str | None:
    """Where two JSON values first differ, as ``seats[1].settlement.net is ...``
    (1 and 1.0 differ, as the saved JSON tells them apart)."""
    if isinstance(saved, dict) and isinstance(replayed, dict):
        for key in sorted(set(saved) | set(replayed), key=str):
            if key not in saved or key not in replayed:
                return f"{path}{key}: {'missing' if key not in saved else 'unknown key'}"
            found = _first_difference(saved[key], replayed[key], f"{path}{key}.")
            if found is not None:
                return found
        return None
    if isinstance(saved, list) and isinstance(replayed, list) and len(saved) == len(replayed):
        for k, (a, b) in enumerate(zip(saved, replayed, strict=True)):
            found = _first_difference(a, b, f"{path.rstrip('.')}[{k}].")
            if found is not None:
                return found
        return None
    if canonical(saved) != canonical(replayed) or (
            isinstance(saved, float) and math.isnan(saved)):
        return f"{path.rstrip('.')} is {shown(saved)}, the round gives {shown(replayed)}"
    return None


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
                "hand": cards_text(self.hand), "setting": str(self.setting), "foul": self.foul,
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
            "format": self.format, "game": PaiGowState.game_name,
            "rules": self.rules.to_dict(),
            "seed": self.seed, "dice": list(self.dice), "first_pile": self.first_pile,
            "action": self.action, "piles": [cards_text(p) for p in self.piles],
            "discards": cards_text(self.discards), "seats": [s.to_dict() for s in self.seats],
            "banker_setting": str(self.banker_setting), "banker_gross": self.banker_gross,
            "banker_commission": self.banker_commission, "banker_net": self.banker_net,
            "house": self.house,
        }

    def to_json(self, indent: int | None = None) -> str:
        """The record as JSON (keys sorted)."""
        return json.dumps(self.to_dict(), sort_keys=True, indent=indent)


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


def _strategy(strategy: HouseWayLike | None) -> Callable[[tuple[Card, ...], PaiGowRules], Setting]:
    if strategy is None:
        return HouseWay()
    if isinstance(strategy, str):
        return HouseWay(strategy)
    if isinstance(strategy, BatchWay):
        return _one_hand(strategy)
    if not callable(strategy):
        raise PokerRulesError(f"a strategy is a callable, a BatchWay or a house way name "
                              f"({', '.join(WAYS)}), not {shown(strategy)}")
    return strategy


def _one_hand(way: BatchWay) -> Callable[[tuple[Card, ...], PaiGowRules], Setting]:
    """A batch strategy setting one hand at a time (its row checked)."""
    def setting(cards: tuple[Card, ...], rules: PaiGowRules) -> Setting:
        row = house_way_many([[c.code for c in cards]], rules, way)[0].tolist()
        return Setting(row[:5], row[5:])

    return setting


def play_round(
    rules: PaiGowRulesLike,
    strategies: Mapping[int, HouseWayLike | None],
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
            :class:`RandomSetting`), a house way name, a
            :class:`~pokerrules.paigow.BatchWay` (a
            :class:`~pokerrules.paigow.StrategyTable` of these rules, a banker's
            table for position 1 and a player's for the others), or None for
            the rules' house way. Where the rules show the banker's hand (``banker_shown``):
            the banker's is None (its hand is set by the rules' house way), and a
            player's None plays the best reply to it
            (:func:`~pokerrules.paigow.best_reply`); a callable still sets blind.
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
        PokerRulesError: bad positions, wagers or strategies (a banker's strategy
            under ``banker_shown`` rules).
        IllegalMoveError: a strategy set cards that are not its hand (naming the
            position).
    """
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
    named = {p: rules.house_way if s is None else s for p, s in strategies.items()}
    for position in deal.hands:
        if position != BANKER:  # each player's strategy against the banker's
            check_pair(rules, named.get(BANKER, rules.house_way), named[position])
    chosen: dict[int, Setting] = {}
    names: dict[int, str] = {}
    shown_banker: Setting | None = None
    if rules.banker_shown:
        if strategies.get(BANKER) is not None:
            raise PokerRulesError(f"the banker's strategy is {shown(strategies[BANKER])}; "
                                  "under rules that show the banker's hand it is set by the "
                                  "rules' house way (give None)")
        shown_banker = house_way(deal.hands[BANKER], rules)
    for position, hand in deal.hands.items():
        if shown_banker is not None and strategies[position] is None:
            names[position] = callable_name(HouseWay()) if position == BANKER else "best_reply"
            chosen[position] = shown_banker if position == BANKER else \
                best_reply(hand, shown_banker, rules)
            continue
        strategy = _strategy(strategies[position])
        given = strategies[position]
        names[position] = str(given) if isinstance(given, BatchWay) else callable_name(strategy)
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
