"""Side bets as data: a pay table over one thing a bet looks at, loaded from
JSON (or TOML), checked, and priced exactly over every hand of the deck.

A bet looks at one **source** and names **events** of its vocabulary
(:data:`SIDE_BET_EVENTS`); its lines are tried in order and the first whose event holds
pays (a hand no line takes loses the stake, or pays nothing on a table paid in
money). The format, the vocabulary and the shipped bets are described in
docs/games/paigow_sidebets.rst.

>>> from pokerrules.paigow import side_bet
>>> result = side_bet("pai_gow_mania_three_card")
>>> result.hands, f"{float(result.house_edge):.4%}"
(23426, '3.8590%')
"""

from __future__ import annotations

import itertools
import json
import os
import sys
import warnings
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from importlib import resources
from numbers import Rational
from typing import Any

import numpy as np
import numpy.typing as npt

from pokerrules import _paigow
from pokerrules._checks import check_count, shown
from pokerrules._files import parse_json, read_regular
from pokerrules.errors import ArgumentTypeError, PokerRulesError
from pokerrules.paigow.game.description import DescribedWay
from pokerrules.paigow.game.houseway import check_way, way_handle
from pokerrules.paigow.game.rules import PaiGowRules, PaiGowRulesLike, paigow_rules

__all__ = [
    "SHIPPED_SIDE_BETS",
    "SIDE_BET_EVENTS",
    "SIDE_BET_FORMAT",
    "SIDE_BET_SOURCES",
    "SideBet",
    "SideBetCount",
    "SideBetLine",
    "SideBetResult",
    "SideBetWarning",
    "load_side_bet",
    "side_bet",
]

#: The ``format`` field every side-bet file carries.
SIDE_BET_FORMAT = "pokerrules side bet 1"
#: What a bet can look at.
SIDE_BET_SOURCES: tuple[str, ...] = ("seven_cards", "three_cards", "banker_setting",
                                     "other_players")
#: The largest side-bet file read.
FILE_LIMIT = 1 << 16

_FORTUNE_LINES: tuple[str, ...] = tuple(_paigow.FORTUNE_LINES)
_RANK_NAMES = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
               "jack", "queen", "king", "ace")

#: The seven-card events: each Fortune line as the Fortune bonus sorts a hand (each
#: hand on exactly one, the best-paying of the shipped Fortune table: trips beside a
#: straight are three_of_a_kind), then events that hold whatever else the hand holds.
_SEVEN_EVENTS: dict[str, str] = {
    **{line: f"the Fortune bonus's line {line!r}" for line in _FORTUNE_LINES},
    "seven_card_straight_flush_any": "all seven cards a straight flush, with the joker or not",
    "royal_flush_any": "the best five cards a royal flush (the joker allowed), whatever "
                       "else the seven hold",
    "straight_flush_any": "the best five cards a straight flush, royal or not, whatever "
                          "else the seven hold",
    "three_pair": "three pairs (the joker an ace) and nothing better than two pair",
    "pai_gow": "a pai gow: no pair, straight or flush among the seven (the joker an ace)",
    **{f"pai_gow_{r}_high": f"a pai gow whose highest card is a {r} (the joker an ace)"
       for r in _RANK_NAMES},
    "any": "every hand",
}
_LOW_EVENTS: dict[str, str] = {
    **{f"low_{r}_high": f"the banker's two-card hand as set is two unpaired cards, the "
                        f"higher a {r} (the joker there an ace)" for r in _RANK_NAMES},
    "low_pair": "the banker's two-card hand as set is a pair",
}
_THREE_EVENTS: dict[str, str] = {
    "straight_flush": "three suited cards in sequence, no joker (A-2-3 and Q-K-A count)",
    "straight_flush_with_joker": "the joker and two suited cards it completes to a "
                                 "straight flush",
    "three_of_a_kind": "three cards of a rank (the joker and two aces among them)",
    "straight": "three cards in sequence, the joker filling one",
    "flush": "three cards of a suit, the joker one of them",
    "pair": "two cards of a rank (the joker and an ace among them)",
    "any": "every hand",
}

#: Each source's events: name -> what it means.
SIDE_BET_EVENTS: dict[str, dict[str, str]] = {
    "seven_cards": _SEVEN_EVENTS,
    "three_cards": _THREE_EVENTS,
    "banker_setting": {**{k: f"the banker's seven cards: {v}" for k, v in _SEVEN_EVENTS.items()
                          if k != "any"}, **_LOW_EVENTS, "any": "every hand"},
    "other_players": {k: f"one other player's seven cards: {v}"
                      for k, v in _SEVEN_EVENTS.items()},
}

Pays = int | Fraction


class SideBetWarning(UserWarning):
    """A side bet priced under a table the house would not post: a line that can
    never pay (its event never happens, or earlier lines take every such hand),
    or a table under which the player has the edge. The same findings are in
    :attr:`SideBetResult.reports`."""


@dataclass(frozen=True)
class SideBetLine:
    """One line of a pay table: an event of the bet's source and what it pays:
    "to one" per unit staked (-1 the lost stake, 0 a push), or money on a table
    paid in money."""

    event: str
    pays: Pays


@dataclass(frozen=True)
class SideBet:
    """A side bet's pay table.

    Attributes:
        name: the bet's short name (a shipped bet's is its file's).
        title: what the bet is called where it is dealt.
        looks_at: one of :data:`SIDE_BET_SOURCES`.
        unit: "to_one" (pays per unit staked) or "money" (a fixed sum per line,
            as the Envy bonus pays; only with ``looks_at`` "other_players").
        lines: the lines, tried in order; the first whose event holds pays.
        sources: where the table is published.
        published: figures published for it (``house_edge`` as printed, e.g.
            "4.17%", and ``counts``, event to hands), as the file gives them.
        way: the house way the published figures assume, when they name one.
    """

    name: str
    title: str
    looks_at: str
    unit: str
    lines: tuple[SideBetLine, ...]
    sources: tuple[str, ...] = ()
    published: Mapping[str, Any] | None = None
    way: str | None = None

    def pays(self) -> dict[str, Pays]:
        """The lines as a dict, event to pay."""
        return {line.event: line.pays for line in self.lines}


@dataclass(frozen=True)
class SideBetCount:
    """A line's pay and how many hands it takes (after the lines before it)."""

    event: str
    pays: Pays
    count: int


@dataclass(frozen=True)
class SideBetResult:
    """The exact price of a side bet.

    Attributes:
        bet: the bet priced.
        way: the banker's house way (name) for a "banker_setting" bet, else None.
        lines: each line with the hands it takes.
        unpaid: hands no line takes (they lose the stake; pay nothing in money).
        hands: all hands counted (154,143,080 seven-card hands, 23,426 three-card).
        return_: the mean pay per unit staked (per hand of one other player, in
            money, for a table paid in money), unpaid hands included.
        house_edge: minus ``return_`` (None for a table paid in money).
        reports: what :class:`SideBetWarning` said, one finding a line.
    """

    bet: SideBet
    way: str | None
    lines: tuple[SideBetCount, ...]
    unpaid: int
    hands: int
    return_: Fraction
    house_edge: Fraction | None
    reports: tuple[str, ...]

    def counts(self) -> dict[str, int]:
        """Event to hands, in line order."""
        return {line.event: line.count for line in self.lines}


# ------------------------------------------------------------------ loading

_KEYS = {"format", "name", "title", "looks_at", "unit", "lines", "sources", "published", "way",
         "notes"}


def _where(what: str, field: str) -> str:
    return f"{what}: field {field}"


def _pay(value: object, where: str, low: int) -> Pays:
    """A pay: an int, or a fraction written "a/b" (JSON has none); never a float."""
    if isinstance(value, str):
        try:
            pays: Pays = Fraction(value)
        except (ValueError, ZeroDivisionError):
            raise PokerRulesError(f"{where} pays {value!r}, which is no fraction "
                                  "(write it as an int or \"a/b\")") from None
        if pays.denominator == 1:
            pays = int(pays)
    elif isinstance(value, bool) or not isinstance(value, (int, Rational)):
        raise ArgumentTypeError(f"{where} pays an int or a fraction \"a/b\", not {shown(value)}")
    else:
        pays = value if isinstance(value, int) else Fraction(value)
    if pays < low:
        raise PokerRulesError(f"{where} pays {pays}; the least a line pays is {low}"
                              + (" (the lost stake)" if low == -1 else ""))
    return pays


def _text(value: object, where: str) -> str:
    if not isinstance(value, str) or not value:
        raise ArgumentTypeError(f"{where} is a non-empty string, not {shown(value)}")
    return value


@cache
def _schema() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("sidebets/sidebet.schema.json").read_text()
    schema: dict[str, Any] = json.loads(text)
    return schema


def _schema_check(data: object, what: str) -> None:
    """The JSON Schema's verdict where jsonschema is installed (the hand checks
    that follow say the same and more, and run everywhere)."""
    try:
        import jsonschema
    except ImportError:
        return
    validator = jsonschema.Draft202012Validator(_schema())
    errors = sorted(validator.iter_errors(data), key=lambda e: list(e.absolute_path))
    if errors:
        first = errors[0]
        field = "".join(f"[{p}]" if isinstance(p, int) else f".{p}"
                        for p in first.absolute_path).lstrip(".") or "(the top)"
        raise PokerRulesError(f"{what}: field {field}: {first.message}")


def _from_data(data: object, what: str, default_name: str | None = None,
               schema: bool = True) -> SideBet:
    """A side bet from its parsed file or mapping; errors name the field. Not
    ``schema``: the hand checks alone (the shipped bets, which the tests validate,
    load without importing jsonschema)."""
    if not isinstance(data, Mapping):
        raise ArgumentTypeError(f"{what} is a mapping (a JSON object), not {shown(data)}")
    unknown = [k for k in data if k not in _KEYS]
    if unknown:
        raise PokerRulesError(f"{_where(what, shown(unknown[0]))} is no field of a side bet; "
                              f"the fields are {', '.join(sorted(_KEYS))}")
    if data.get("format") != SIDE_BET_FORMAT:
        raise PokerRulesError(f"{_where(what, 'format')} is {shown(data.get('format'))}, "
                              f"not {SIDE_BET_FORMAT!r}")
    if schema:
        _schema_check(dict(data), what)
    name = data.get("name", default_name)
    name = _text(name, _where(what, "name"))
    title = _text(data.get("title", name), _where(what, "title"))
    looks_at = data.get("looks_at")
    if looks_at not in SIDE_BET_SOURCES:
        raise PokerRulesError(f"{_where(what, 'looks_at')} is {shown(looks_at)}; a bet looks "
                              f"at one of {', '.join(SIDE_BET_SOURCES)}")
    unit = data.get("unit", "to_one")
    if unit not in ("to_one", "money"):
        raise PokerRulesError(f"{_where(what, 'unit')} is {shown(unit)}, not 'to_one' or "
                              "'money'")
    if unit == "money" and looks_at != "other_players":
        raise PokerRulesError(f"{_where(what, 'unit')}: only a bet on other players' hands "
                              "(the Envy bonus) pays money; this one looks at "
                              f"{looks_at}")
    raw = data.get("lines")
    if not isinstance(raw, list) or not raw:
        raise PokerRulesError(f"{_where(what, 'lines')} is a non-empty list of "
                              f"{{\"event\", \"pays\"}}, not {shown(raw)}")
    vocabulary = SIDE_BET_EVENTS[looks_at]
    lines, seen = [], set()
    for i, line in enumerate(raw):
        where = _where(what, f"lines[{i}]")
        if not isinstance(line, Mapping) or set(line) != {"event", "pays"}:
            raise PokerRulesError(f"{where} is an object of exactly \"event\" and \"pays\", "
                                  f"not {shown(line)}")
        event = line["event"]
        if event not in vocabulary:
            raise PokerRulesError(f"{where}: event {shown(event)} is not in the vocabulary of "
                                  f"{looks_at}: {', '.join(vocabulary)}")
        if event in seen:
            raise PokerRulesError(f"{where}: event {event!r} is named twice")
        seen.add(event)
        lines.append(SideBetLine(event, _pay(line["pays"], f"{where} ({event})",
                                         0 if unit == "money" else -1)))
    sources = data.get("sources", [])
    if not isinstance(sources, list):
        raise ArgumentTypeError(f"{_where(what, 'sources')} is a list, not {shown(sources)}")
    published = data.get("published")
    if published is not None and not isinstance(published, Mapping):
        raise ArgumentTypeError(f"{_where(what, 'published')} is an object, not "
                                f"{shown(published)}")
    way = data.get("way")
    if way is not None:
        _text(way, _where(what, "way"))
    return SideBet(name, title, looks_at, unit, tuple(lines),
                   tuple(_text(s, _where(what, f"sources[{i}]")) for i, s in enumerate(sources)),
                   dict(published) if published is not None else None, way)


def load_side_bet(source: str | os.PathLike[str] | Mapping[str, Any]) -> SideBet:
    """A side bet from a file (JSON; ``.toml`` read by tomllib on Python 3.11+),
    a mapping of the same fields, or a shipped bet's name (:data:`SHIPPED_SIDE_BETS`).

    Raises:
        PokerRulesError: an unreadable or damaged file; a field that breaks the
            format (named: ``lines[3]``, ``looks_at``), an event outside the source's
            vocabulary, a pay below -1 (or 0 in money). ArgumentTypeError: a field
            of the wrong type, a float pay.
    """
    if isinstance(source, Mapping):
        return _from_data(source, "the side bet", "unnamed")
    if isinstance(source, str) and source in SHIPPED_SIDE_BETS:
        return _shipped(source)
    if not isinstance(source, (str, os.PathLike)):
        raise ArgumentTypeError(f"a side bet is a SideBet, a file, a mapping or a shipped "
                                f"bet's name, not {shown(source)}")
    path = os.fspath(source)
    what = f"the side bet {path}"
    raw = read_regular(path, limit=FILE_LIMIT, what="the side bet")
    stem = os.path.splitext(os.path.basename(path))[0]
    if path.endswith(".toml"):
        if sys.version_info >= (3, 11):
            import tomllib
            try:
                data = tomllib.loads(raw.decode("utf-8"))
            except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
                raise PokerRulesError(f"{what} is damaged: {exc}") from None
        else:
            raise PokerRulesError(f"{what}: TOML is read on Python 3.11 and later; "
                                  "write the bet as JSON")
    else:
        data = parse_json(raw, what=what)
    return _from_data(data, what, stem)


def _shipped_names() -> tuple[str, ...]:
    folder = resources.files(__package__).joinpath("sidebets")
    return tuple(sorted(p.name[:-5] for p in folder.iterdir()
                        if p.name.endswith(".json") and not p.name.endswith(".schema.json")))


#: The shipped bets by name (their files are pokerrules/paigow/analysis/sidebets/NAME.json).
SHIPPED_SIDE_BETS: tuple[str, ...] = _shipped_names()


@cache
def _shipped(name: str) -> SideBet:
    text = resources.files(__package__).joinpath(f"sidebets/{name}.json").read_bytes()
    return _from_data(parse_json(text, what=f"the shipped side bet {name}"),
                      f"the shipped side bet {name}", name, schema=False)


# ------------------------------------------------------------- the events

_SEVEN_SHAPE = tuple(_paigow.SIDEBET_SEVEN_SHAPE)
_LOW_SHAPE = tuple(_paigow.SIDEBET_LOW_SHAPE)
_SF_LINES = ("straight_flush", "royal_flush", "royal_match",
             "seven_card_straight_flush_with_joker", "seven_card_straight_flush")


def _seven_mask(event: str) -> npt.NDArray[np.bool_]:
    """The seven-card cells (line, pai gow top, royal, three pair) where ``event`` holds."""
    line, top, royal, three = np.indices(_SEVEN_SHAPE)
    index = _FORTUNE_LINES.index
    if event in _FORTUNE_LINES:
        return np.asarray(line == index(event))
    if event == "seven_card_straight_flush_any":
        return np.isin(line, [index("seven_card_straight_flush"),
                              index("seven_card_straight_flush_with_joker")])
    if event == "royal_flush_any":
        return np.asarray(royal == 1)
    if event == "straight_flush_any":
        return np.isin(line, [index(x) for x in _SF_LINES])
    if event == "three_pair":
        return np.asarray(three == 1)
    if event == "pai_gow":
        return np.asarray(top > 0)
    if event.startswith("pai_gow_"):
        return np.asarray(top == 1 + _RANK_NAMES.index(event[8:-5]))
    assert event == "any"
    return np.ones(_SEVEN_SHAPE, dtype=bool)


def _low_mask(event: str) -> npt.NDArray[np.bool_]:
    rank, pair = np.indices(_LOW_SHAPE)
    if event == "low_pair":
        return np.asarray(pair == 1)
    return np.asarray((pair == 0) & (rank == _RANK_NAMES.index(event[4:-5])))


@cache
def _seven_counts(variant: int) -> npt.NDArray[np.int64]:
    counts = _paigow.sidebet_seven_enumerate(variant).astype(np.int64)
    return counts.reshape(_SEVEN_SHAPE)


@cache
def _banker_counts(variant: int, way: int | _paigow.CompiledWay) -> npt.NDArray[np.int64]:
    """Every banker hand by seven-card cell and the two-card cell its setting leaves,
    counted by first card in steps (Ctrl-C is seen between them)."""
    total = np.zeros(int(np.prod(_SEVEN_SHAPE)) * int(np.prod(_LOW_SHAPE)), dtype=np.int64)
    for first in range(0, 48, 4):
        total += _paigow.sidebet_banker_enumerate(variant, way, first, min(first + 4, 48)
                                                  ).astype(np.int64)
    return total.reshape(*_SEVEN_SHAPE, *_LOW_SHAPE)


_RUNS = [frozenset({12 if r == -1 else r for r in range(lo, lo + 3)}) for lo in range(-1, 11)]


def _three_events(cards: tuple[int, ...]) -> set[str]:
    """The three-card events that hold for three codes (52 the joker)."""
    joker = 52 in cards
    natural = [c for c in cards if c != 52]
    ranks = [c >> 2 for c in natural]
    suited = len({c & 3 for c in natural}) == 1
    held = {"any"}
    rank_set = set(ranks)
    run = any(rank_set <= r for r in _RUNS) and len(rank_set) == len(ranks)
    if run:
        held.add("straight")
        if suited:
            held.add("straight_flush_with_joker" if joker else "straight_flush")
    if suited:
        held.add("flush")
    counted = ranks + ([12] if joker else [])
    most = max(counted.count(r) for r in counted)
    if most >= 3:
        held.add("three_of_a_kind")
    if most >= 2:
        held.add("pair")
    return held


@cache
def _three_counts() -> dict[frozenset[str], int]:
    """Every three cards of the 53, by the set of events that hold."""
    counts: dict[frozenset[str], int] = {}
    for cards in itertools.combinations(range(53), 3):
        key = frozenset(_three_events(cards))
        counts[key] = counts.get(key, 0) + 1
    return counts


# ------------------------------------------------------------------ pricing

def _take(bet: SideBet, holds: Any, cells: Any) -> tuple[list[int], int]:
    """Each line's hands, first match in order: ``holds(event)`` is a boolean array
    over ``cells`` (the counts); returns the counts and the hands no line takes."""
    free = np.ones(cells.shape, dtype=bool)
    taken = []
    for line in bet.lines:
        mask = holds(line.event) & free
        taken.append(int(cells[mask].sum()))
        free &= ~mask
    return taken, int(cells[free].sum())


def side_bet(
    table: SideBet | str | os.PathLike[str] | Mapping[str, Any],
    rules: PaiGowRulesLike | None = None,
    way: str | DescribedWay | None = None,
    *,
    others: int = 1,
) -> SideBetResult:
    """The exact counts, return and house edge of a side bet.

    Args:
        table: a :class:`SideBet`, a shipped bet's name (:data:`SHIPPED_SIDE_BETS`),
            a file or a mapping (see :func:`load_side_bet`).
        rules: the Pai Gow rules (their deck variant; their house way when ``way``
            is None); default the "casino" preset.
        way: the banker's house way, for a bet that looks at the banker's setting:
            a built-in way's name or a loaded description. Default: the bet's own
            ``way`` (the one its published figures assume), else the rules'.
        others: for a bet on other players' hands, how many there are (0 to 5):
            ``return_`` is then the money per round over them all.

    Every hand of the deck is counted: the seven-card hands by one C pass (about
    1.5 s, once a process), the banker's settings by another over every hand set
    by the way (about 7 s a way), the three-card hands in Python (23,426).

    Returns:
        SideBetResult. A line that takes no hand, or a table (paid to one) under
        which the player has the edge, is reported in ``reports`` and warned
        about (:class:`SideBetWarning`).

    Raises:
        PokerRulesError, ArgumentTypeError: the errors of :func:`load_side_bet`;
            a way that is no built-in name or loaded description (a callable way
            has no kernel); ``others`` out of range.
    """
    bet = table if isinstance(table, SideBet) else load_side_bet(table)
    checked: PaiGowRules = paigow_rules("casino" if rules is None else rules)
    variant = checked.hand_rules.variant
    way_name: str | None = None
    if bet.looks_at == "seven_cards" or bet.looks_at == "other_players":
        seven = _seven_counts(variant)
        taken, unpaid = _take(bet, _seven_mask, seven)
    elif bet.looks_at == "three_cards":
        table3 = _three_counts()
        keys = list(table3)
        cells = np.array([table3[k] for k in keys], dtype=np.int64)
        taken, unpaid = _take(bet, lambda e: np.array([e in k for k in keys]), cells)
    else:
        wanted = way if way is not None else (bet.way or checked.house_way)
        chosen: object = check_way(wanted, "way", batch=False)
        if not isinstance(chosen, (str, DescribedWay)):
            raise ArgumentTypeError("a bet on the banker's setting takes a built-in way's "
                                    "name or a loaded description (one the C pass runs), "
                                    f"not {shown(chosen)}")
        way_name = chosen if isinstance(chosen, str) else chosen.name
        banker = _banker_counts(variant, way_handle(chosen))
        ndim = len(_SEVEN_SHAPE)

        def holds(event: str) -> npt.NDArray[np.bool_]:
            if event in _LOW_EVENTS:
                low = _low_mask(event)
                return np.broadcast_to(low.reshape((1,) * ndim + low.shape), banker.shape)
            seven = _seven_mask(event)
            return np.broadcast_to(seven.reshape((*seven.shape, 1, 1)), banker.shape)

        taken, unpaid = _take(bet, holds, banker)
    hands = sum(taken) + unpaid
    lines = tuple(SideBetCount(line.event, line.pays, n) for line, n in zip(bet.lines, taken))
    total = sum((Fraction(line.pays) * line.count for line in lines), Fraction(0))
    reports = [f"line {line.event!r} (pays {line.pays}) takes no hand: its event never "
               "happens, or the lines before it take every hand where it does"
               for line in lines if line.count == 0]
    if bet.unit == "money":
        others = check_count(others, "others", 0, 5)
        value = total / hands * others
        edge = None
    else:
        value = (total - unpaid) / hands
        edge = -value
        if edge < 0:
            reports.append(f"the player has the edge: the bet returns {float(value):+.4%} "
                           "per unit staked")
    for report in reports:
        warnings.warn(f"side bet {bet.name!r}: {report}", SideBetWarning, stacklevel=2)
    return SideBetResult(bet, way_name, lines, unpaid, hands, value, edge, tuple(reports))
