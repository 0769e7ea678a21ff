"""Round records as :meth:`RoundRecord.to_json <pokerrules.paigow.RoundRecord.to_json>`
writes them (format 2), read into the game of the round (:func:`load_round`), whose
save is then the shared one (:meth:`GameState.to_json <pokerrules.game.GameState.to_json>`)."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any

from pokerrules.cards import parse_cards
from pokerrules.chance import EXPLICIT, SAMPLED
from pokerrules.checks import shown
from pokerrules.errors import PokerRulesError
from pokerrules.paigow.rules import PaiGowRules
from pokerrules.paigow.state import DECK_SIZE, PaiGowState, new_game, parse_move
from pokerrules.paigow.table import BANKER, PILE_SIZE, PILES, round_record
from pokerrules.records import FORMAT_VERSION
from pokerrules.saves import canonical

__all__ = ["load_round", "round_names"]


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
    if record.get("game") != "paigow":
        raise PokerRulesError(f"this record holds a {shown(record.get('game'))} game, not 'paigow'")
    version = record.get("format")
    if type(version) is not int or version != FORMAT_VERSION:
        raise PokerRulesError(f"unknown format version {shown(version)}; this pokerrules "
                              f"reads round records of version {FORMAT_VERSION}")
    if set(record) != _RECORD_KEYS:
        raise PokerRulesError(
            f"a round record has the keys {sorted(_RECORD_KEYS)}, not {sorted(record)}")
    return record


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
