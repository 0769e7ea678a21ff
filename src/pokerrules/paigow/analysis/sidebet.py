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

import json
import os
import re
import sys
import warnings
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from importlib import resources
from numbers import Rational
from typing import Any

import numpy as np
import numpy.typing as npt

from pokerrules._checks import check_count, shown
from pokerrules._files import parse_json, read_regular
from pokerrules.errors import ArgumentTypeError, PokerRulesError
from pokerrules.paigow.analysis.sidebet_events import (
    LOW_EVENTS,
    SEVEN_SHAPE,
    SIDE_BET_EVENTS,
    banker_counts,
    low_mask,
    seven_counts,
    seven_mask,
    three_counts,
)
from pokerrules.paigow.game.description import DescribedWay
from pokerrules.paigow.game.houseway import WAYS, check_way, way_handle
from pokerrules.paigow.game.rules import PaiGowRules, PaiGowRulesLike, paigow_rules

__all__ = [
    "SHIPPED_SIDE_BETS",
    "SIDE_BET_EVENTS",
    "SIDE_BET_FORMAT",
    "SIDE_BET_PAY_LIMIT",
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
#: The largest numerator or denominator of a pay: far beyond any posted table,
#: and within a float, so a return always prints.
SIDE_BET_PAY_LIMIT = 10**12
#: The longest text field (a title, a source, a note).
TEXT_LIMIT = 2_000

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
    paid in money. Checked by the :class:`SideBet` that holds it."""

    event: str
    pays: Pays


@dataclass(frozen=True)
class SideBet:
    """A side bet's pay table, checked when it is made (loaded or built).

    Attributes:
        name: the bet's short name (a shipped bet's is its file's).
        title: what the bet is called where it is dealt.
        looks_at: one of :data:`SIDE_BET_SOURCES`.
        unit: "to_one" (pays per unit staked) or "money" (a fixed sum per line,
            as the Envy bonus pays; only with ``looks_at`` "other_players").
        lines: the lines, tried in order; the first whose event holds pays.
        sources: where the table is published.
        published: figures published for it, as text as printed (``house_edge``,
            e.g. "4.17%"; ``probability``; ``source``) and ``counts`` (event to
            hands), as the file gives them.
        way: the built-in house way the published figures assume, for a bet on
            the banker's setting that names one.
        origin: where the bet was read from (a file's path), for messages.

    Raises:
        PokerRulesError: a source, unit, event or field outside the format (named:
            ``lines[3]``, ``looks_at``), an event named twice, a pay below -1 (0 in
            money) or beyond :data:`SIDE_BET_PAY_LIMIT`, a way that is no built-in way.
        ArgumentTypeError: a field of the wrong type (a float or bool pay, a
            text with control characters or lone surrogates).
    """

    name: str
    title: str
    looks_at: str
    unit: str
    lines: tuple[SideBetLine, ...]
    sources: tuple[str, ...] = ()
    published: Mapping[str, Any] | None = None
    way: str | None = None
    origin: str = field(default="", compare=False, repr=False)

    def __post_init__(self) -> None:
        _check_bet(self)

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
_PUBLISHED_TEXTS = ("house_edge", "probability", "source")
#: A pay as a file writes it in text: an int or "a/b", ASCII digits only.
_PAY_TEXT = re.compile(r"-?[0-9]{1,13}(/[1-9][0-9]{0,12})?")


def check_pay(value: object, where: str, low: int) -> Pays:
    """A pay: an int or an exact fraction (not a bool, not a float, whose decimal is
    not what it stores), at least ``low``, its numerator and denominator within
    :data:`SIDE_BET_PAY_LIMIT`; a fraction of denominator 1 as an int."""
    if isinstance(value, bool) or not isinstance(value, (int, Rational)):
        raise ArgumentTypeError(f"{where} pays an int or a Fraction, not {shown(value)}")
    pays: Pays = value if isinstance(value, int) else Fraction(value)
    if isinstance(pays, Fraction) and pays.denominator == 1:
        pays = int(pays)
    part = Fraction(pays)
    if max(abs(part.numerator), part.denominator) > SIDE_BET_PAY_LIMIT:
        raise PokerRulesError(f"{where} pays {shown(pays)}: a pay's numerator and "
                              f"denominator are at most {SIDE_BET_PAY_LIMIT:,}")
    if pays < low:
        raise PokerRulesError(f"{where} pays {pays}; the least a line pays is {low}"
                              + (" (the lost stake)" if low == -1 else ""))
    return pays


def _pay_text(value: str, where: str) -> Fraction:
    """A pay written "a/b" or "a" (JSON has no fractions), in ASCII digits."""
    if not _PAY_TEXT.fullmatch(value):
        raise PokerRulesError(f"{where} pays {shown(value)}, which is no pay: write an int "
                              "or a fraction \"a/b\" in the digits 0-9, nothing else")
    return Fraction(value)


def _text(value: object, where: str) -> str:
    """Printable text: no control characters or lone surrogates (which no output
    encodes), at most TEXT_LIMIT characters."""
    if not isinstance(value, str) or not value or not value.isprintable() \
            or len(value) > TEXT_LIMIT:
        raise ArgumentTypeError(f"{where} is printable text of 1 to {TEXT_LIMIT:,} characters "
                                f"(no control characters or lone surrogates), not "
                                f"{shown(value)}")
    return value


def _check_bet(bet: SideBet) -> None:
    """Every field of ``bet`` by the format; ``lines`` and ``sources`` made tuples."""
    what = f"the side bet {bet.origin or shown(bet.name)}"

    def where(name: str) -> str:
        return f"{what}: field {name}"

    if not isinstance(bet.origin, str):
        raise ArgumentTypeError(f"a side bet's origin is a str, not {shown(bet.origin)}")
    _text(bet.name, where("name"))
    _text(bet.title, where("title"))
    if not isinstance(bet.looks_at, str) or bet.looks_at not in SIDE_BET_SOURCES:
        raise PokerRulesError(f"{where('looks_at')} is {shown(bet.looks_at)}; a bet looks "
                              f"at one of {', '.join(SIDE_BET_SOURCES)}")
    if bet.unit not in ("to_one", "money"):
        raise PokerRulesError(f"{where('unit')} is {shown(bet.unit)}, not 'to_one' or 'money'")
    if bet.unit == "money" and bet.looks_at != "other_players":
        raise PokerRulesError(f"{where('unit')}: only a bet on other players' hands (the Envy "
                              f"bonus) pays money; this one looks at {bet.looks_at}")
    if not isinstance(bet.lines, (tuple, list)) or not bet.lines:
        raise PokerRulesError(f"{where('lines')} is a non-empty sequence of SideBetLine "
                              f"(in a file, of {{\"event\", \"pays\"}}), not {shown(bet.lines)}")
    vocabulary = SIDE_BET_EVENTS[bet.looks_at]
    lines, seen = [], set()
    for i, line in enumerate(bet.lines):
        at = where(f"lines[{i}]")
        if not isinstance(line, SideBetLine):
            raise ArgumentTypeError(f"{at} is a SideBetLine, not {shown(line)}")
        if not isinstance(line.event, str) or line.event not in vocabulary:
            raise PokerRulesError(f"{at}: event {shown(line.event)} is not in the vocabulary "
                                  f"of {bet.looks_at}: {', '.join(vocabulary)}")
        if line.event in seen:
            raise PokerRulesError(f"{at}: event {line.event!r} is named twice")
        seen.add(line.event)
        pays = check_pay(line.pays, f"{at} ({line.event})", 0 if bet.unit == "money" else -1)
        lines.append(SideBetLine(line.event, pays))
    object.__setattr__(bet, "lines", tuple(lines))
    if not isinstance(bet.sources, (tuple, list)):
        raise ArgumentTypeError(f"{where('sources')} is a list, not {shown(bet.sources)}")
    object.__setattr__(bet, "sources", tuple(_text(s, where(f"sources[{i}]"))
                                             for i, s in enumerate(bet.sources)))
    if bet.published is not None:
        _check_published(bet.published, where("published"), vocabulary)
    if bet.way is not None:
        if bet.looks_at != "banker_setting":
            raise PokerRulesError(f"{where('way')}: only a bet on the banker's setting names a "
                                  f"house way; this one looks at {bet.looks_at}")
        if bet.way not in WAYS:
            raise PokerRulesError(f"{where('way')} is {shown(bet.way)}, no built-in house way "
                                  f"({', '.join(WAYS)})")


def _check_published(published: object, where: str, vocabulary: Mapping[str, str]) -> None:
    if not isinstance(published, Mapping):
        raise ArgumentTypeError(f"{where} is an object, not {shown(published)}")
    for key, value in published.items():
        if key in _PUBLISHED_TEXTS:
            _text(value, f"{where}.{key}")
        elif key == "counts":
            if not isinstance(value, Mapping):
                raise ArgumentTypeError(f"{where}.counts is an object, not {shown(value)}")
            for event, count in value.items():
                if not isinstance(event, str) or event not in vocabulary:
                    raise PokerRulesError(f"{where}.counts: {shown(event)} is no event of "
                                          f"the bet's source")
                if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                    raise ArgumentTypeError(f"{where}.counts.{event} is a count (an int, 0 "
                                            f"or more), not {shown(count)}")
        else:
            raise PokerRulesError(f"{where}: {shown(key)} is no published figure; they are "
                                  f"{', '.join((*_PUBLISHED_TEXTS, 'counts'))}")


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


def _from_data(data: object, origin: str, default_name: str | None = None,
               schema: bool = True) -> SideBet:
    """A side bet from its parsed file or mapping; errors name the field. The hand
    checks (here and :class:`SideBet`'s) are complete on their own; the schema, where
    jsonschema is installed and ``schema``, is asked first for its own words (the
    shipped bets, which the tests validate, load without importing it). ``origin``
    names the file ("" for a mapping)."""
    what = f"the side bet {origin}" if origin else "the side bet"
    if not isinstance(data, Mapping):
        raise ArgumentTypeError(f"{what} is a mapping (a JSON object), not {shown(data)}")
    unknown = [k for k in data if k not in _KEYS]
    if unknown:
        raise PokerRulesError(f"{what}: field {shown(unknown[0])} is no field of a side bet; "
                              f"the fields are {', '.join(sorted(_KEYS))}")
    if data.get("format") != SIDE_BET_FORMAT:
        raise PokerRulesError(f"{what}: field format is {shown(data.get('format'))}, "
                              f"not {SIDE_BET_FORMAT!r}")
    if schema:
        _schema_check(dict(data), what)
    raw = data.get("lines")
    if not isinstance(raw, list) or not raw:
        raise PokerRulesError(f"{what}: field lines is a non-empty list of "
                              f"{{\"event\", \"pays\"}}, not {shown(raw)}")
    lines = []
    for i, line in enumerate(raw):
        if not isinstance(line, Mapping) or set(line) != {"event", "pays"}:
            raise PokerRulesError(f"{what}: field lines[{i}] is an object of exactly "
                                  f"\"event\" and \"pays\", not {shown(line)}")
        pays = line["pays"]
        if isinstance(pays, str):
            pays = _pay_text(pays, f"{what}: field lines[{i}] ({shown(line['event'])})")
        lines.append(SideBetLine(line["event"], pays))
    if "notes" in data:
        _text(data["notes"], f"{what}: field notes")
    name = data.get("name", default_name)
    return SideBet(name, data.get("title", name), data.get("looks_at", ""),
                   data.get("unit", "to_one"), tuple(lines), data.get("sources", ()),
                   data.get("published"), data.get("way"), origin=origin)


def load_side_bet(source: str | os.PathLike[str] | Mapping[str, Any]) -> SideBet:
    """A side bet from a file (JSON; ``.toml`` read by tomllib on Python 3.11+),
    a mapping of the same fields, or a shipped bet's name (:data:`SHIPPED_SIDE_BETS`).

    Raises:
        PokerRulesError: an unreadable or damaged file, a key written twice; a
            field that breaks the format (named: ``lines[3]``, ``looks_at``), and
            what :class:`SideBet` refuses. ArgumentTypeError: a field of the wrong
            type, a float pay.
    """
    if isinstance(source, Mapping):
        return _from_data(source, "", "unnamed")
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
                data = tomllib.loads(raw.decode("utf-8-sig"))
            except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
                raise PokerRulesError(f"{what} is damaged: {exc}") from None
        else:
            raise PokerRulesError(f"{what}: TOML is read on Python 3.11 and later; "
                                  "write the bet as JSON")
    else:
        data = parse_json(raw, what=what)
    return _from_data(data, path, stem)


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
                      f"{name} (shipped)", name, schema=False)


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
    others: int | None = None,
) -> SideBetResult:
    """The exact counts, return and house edge of a side bet.

    Args:
        table: a :class:`SideBet`, a shipped bet's name (:data:`SHIPPED_SIDE_BETS`),
            a file or a mapping (see :func:`load_side_bet`).
        rules: the Pai Gow rules (their deck variant; their house way when ``way``
            is None); default the "casino" preset.
        way: the banker's house way, only for a bet that looks at the banker's
            setting: a built-in way's name or a loaded description. Default: the
            bet's own ``way`` (the one its published figures assume), else the rules'.
        others: only for a bet on other players' hands: how many there are (0 to
            5, default 1); ``return_`` is then the money per round over them all.

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
            has no kernel), or a way for a bet that does not look at the banker;
            ``others`` out of range, or for a bet not on other players' hands.
    """
    bet = table if isinstance(table, SideBet) else load_side_bet(table)
    checked: PaiGowRules = paigow_rules("casino" if rules is None else rules)
    if way is not None and bet.looks_at != "banker_setting":
        raise PokerRulesError(f"side bet {bet.name!r} looks at {bet.looks_at}, not the "
                              f"banker's setting: it takes no way, not {shown(way)}")
    if others is not None and bet.looks_at != "other_players":
        raise PokerRulesError(f"side bet {bet.name!r} looks at {bet.looks_at}, not other "
                              f"players' hands: it takes no others, not {shown(others)}")
    variant = checked.hand_rules.variant
    way_name: str | None = None
    if bet.looks_at == "seven_cards" or bet.looks_at == "other_players":
        seven = seven_counts(variant)
        taken, unpaid = _take(bet, seven_mask, seven)
    elif bet.looks_at == "three_cards":
        table3 = three_counts()
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
        banker = banker_counts(variant, way_handle(chosen))
        ndim = len(SEVEN_SHAPE)

        def holds(event: str) -> npt.NDArray[np.bool_]:
            if event in LOW_EVENTS:
                low = low_mask(event)
                return np.broadcast_to(low.reshape((1,) * ndim + low.shape), banker.shape)
            seven = seven_mask(event)
            return np.broadcast_to(seven.reshape((*seven.shape, 1, 1)), banker.shape)

        taken, unpaid = _take(bet, holds, banker)
    hands = sum(taken) + unpaid
    lines = tuple(SideBetCount(line.event, line.pays, n) for line, n in zip(bet.lines, taken))
    total = sum((Fraction(line.pays) * line.count for line in lines), Fraction(0))
    reports = [f"line {line.event!r} (pays {line.pays}) takes no hand: its event never "
               "happens, or the lines before it take every hand where it does"
               for line in lines if line.count == 0]
    if bet.unit == "money":
        value = total / hands * check_count(1 if others is None else others, "others", 0, 5)
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
