"""The saved-game format of :meth:`pokerrules.game.GameState.to_json`: its version,
its top level and its deal streams checked on load, and numpy random states as JSON."""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from pokerrules._checks import shown
from pokerrules.errors import PokerRulesError
from pokerrules.shuffle import SEED_LIMIT, DealStream
from pokerrules.specs import spelling

__all__ = [
    "STATE_FORMAT_VERSION",
    "STATE_KEYS",
    "canonical",
    "check_top_level",
    "rng_from_state",
    "rng_state",
    "saved_game",
    "saved_streams",
]

#: Version of the JSON written by :meth:`GameState.to_json`: the deal, the chance
#: mode, the deal stream's position, the cards chance dealt and the moves, which
#: restoring replays; it holds no integer beyond 2**53. No other version is read.
STATE_FORMAT_VERSION = 3
STATE_KEYS = frozenset(
    {"format", "game", "players", "chance", "deal", "stream", "dealt", "moves", "history"})


def rng_state(rng: np.random.Generator) -> dict[str, Any]:
    """The JSON-ready state of a numpy Generator (its integers may pass 2**53; saved
    games hold a :class:`~pokerrules.shuffle.DealStream` position instead)."""
    return dict(rng.bit_generator.state)


_BIT_GENERATORS = {
    cls.__name__: cls
    for cls in (np.random.PCG64, np.random.PCG64DXSM, np.random.MT19937,
                np.random.Philox, np.random.SFC64)
}


def rng_from_state(state: dict[str, Any]) -> np.random.Generator:
    """A Generator restored from :func:`rng_state`.

    Raises:
        PokerRulesError: not the state of one of numpy's bit generators.
    """
    name = state.get("bit_generator") if isinstance(state, dict) else None
    if not isinstance(name, str) or name not in _BIT_GENERATORS:
        raise PokerRulesError(f"not a saved random state: {shown(state)}")
    bit_generator = _BIT_GENERATORS[name]()
    saved: Any = state  # numpy's setter checks the shape itself
    try:
        bit_generator.state = saved
    except (KeyError, TypeError, ValueError, OverflowError) as exc:
        raise PokerRulesError(f"not a saved {name} random state: {exc}") from exc
    return np.random.Generator(bit_generator)


def saved_streams(saved: object) -> list[tuple[int, int | None]]:
    """A save's ``stream`` as the seeds that dealt its cards, each with the number of
    cards dealt when the next replaced it (None for the last, the current stream);
    empty for null."""
    if saved is None:
        return []
    if not isinstance(saved, dict):
        raise PokerRulesError(f"stream is an object or null, not {shown(saved)}")
    earlier = saved.get("earlier", [])
    current = DealStream.from_dict({k: v for k, v in saved.items() if k != "earlier"})
    if "earlier" in saved and (not isinstance(earlier, list) or not earlier):
        raise PokerRulesError(
            f"stream: earlier is a non-empty list of {{'seed': int, 'dealt': int}}, "
            f"not {shown(earlier)}")
    streams: list[tuple[int, int | None]] = []
    last = 0
    for item in earlier:
        if not isinstance(item, dict) or set(item) != {"seed", "dealt"} or \
                any(type(v) is not int for v in item.values()):
            raise PokerRulesError(
                f"stream: an earlier stream is {{'seed': int, 'dealt': int}}, not {shown(item)}")
        seed = DealStream(item["seed"]).seed
        if not last < item["dealt"] < SEED_LIMIT:
            raise PokerRulesError(
                f"stream: each earlier stream dealt a card or more, so each was replaced "
                f"after more cards than the one before, not after {shown(item['dealt'])}")
        last = item["dealt"]
        streams.append((seed, last))
    streams.append((current.seed, None))
    return streams


def check_top_level(data: dict[str, Any], game_name: str, version: int,
                    keys: frozenset[str], what: str, reads: str = "") -> dict[str, Any]:
    """The top level of a saved JSON object checked: its game, its format
    ``version`` and exactly ``keys``; ``what`` names such an object in errors
    ("a round record") and ``reads`` what a version counts ("round records of ").

    The game is written by its one name (``game_name``, its spec's name); a save that
    spells it otherwise, as :func:`~pokerrules.specs.spelling` compares names
    ("pai_gow", "paigow" for "pai-gow"; "chinese_poker" for "chinese-poker"), is the
    same game and loads: the object returned (a copy of ``data``) names it by the
    one name, as the game writes it again."""
    found_game = data.get("game")
    if not isinstance(found_game, str) or spelling(found_game) != spelling(game_name):
        raise PokerRulesError(
            f"this JSON holds a {shown(data.get('game'))} game, not {shown(game_name)}")
    found = data.get("format")
    if type(found) is not int or found != version:
        raise PokerRulesError(f"unknown format version {shown(found)}; this pokerrules "
                              f"reads {reads}version {version}")
    if set(data) != keys:
        raise PokerRulesError(f"{what} has the keys {sorted(keys)}, not {sorted(data)}")
    return {**data, "game": game_name}


def saved_game(game_name: str, text: object) -> dict[str, Any]:
    """The top level of a saved game, checked: JSON text of this game and version,
    with exactly the keys :meth:`GameState.to_json` writes, of the right types."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise PokerRulesError(f"from_json takes JSON text, not {type(text).__name__}")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise PokerRulesError(f"not a saved {game_name} game: not JSON ({exc})") from None
    if not isinstance(data, dict):
        raise PokerRulesError(
            f"not a saved {game_name} game: JSON {type(data).__name__}, not an object")
    data = check_top_level(data, game_name, STATE_FORMAT_VERSION, STATE_KEYS,
                           f"a saved {game_name} game")
    if type(data["players"]) is not int:
        raise PokerRulesError(f"players must be an int, not {shown(data['players'])}")
    if not isinstance(data["deal"], dict):
        raise PokerRulesError(f"the deal must be a JSON object, not {shown(data['deal'])}")
    moves = data["moves"]
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise PokerRulesError("moves must be a list of move texts")
    if not isinstance(data["history"], list) or len(data["history"]) != len(moves):
        raise PokerRulesError("the history must hold one record per move")
    return data


def canonical(value: Any) -> str:
    """``value`` as :meth:`GameState.to_json` writes JSON: comparing these texts tells
    1 from 1.0 and True, which ``==`` on the values does not."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))
