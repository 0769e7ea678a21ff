"""House ways as text: the description format (docs/games/paigow_ways.rst), its
compiler to the C interpreter's program, and the check over every hand class.

A description is parsed and checked, never run as code: :func:`load_house_way`
returns a :class:`DescribedWay` only when every line parses and the check over
every hand class passes.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from pokerrules import _paigow
from pokerrules._checks import shown
from pokerrules._files import read_regular
from pokerrules.cards import CardsLike, format_cards
from pokerrules.errors import ArgumentTypeError, HouseWayError
from pokerrules.hands import PAI_GOW, HandRules
from pokerrules.paigow.game.setting import Setting, hand_cards

__all__ = ["HAND_TYPES", "WAY_LINE_LIMIT", "WAY_SIZE_LIMIT", "DescribedWay", "WayRule",
           "load_house_way"]

#: The most bytes a description may hold: a file's size, or a text's length in
#: UTF-8, checked before any of it is parsed (the shipped ways hold about 2 KB).
WAY_SIZE_LIMIT = 1 << 20
#: The most characters one line of a description may hold, checked before the
#: line is split into words.
WAY_LINE_LIMIT = 2000

#: The hand types of a house way, in priority order, each with the condition (in
#: the description language) that puts a hand in it when no earlier type does.
#: A description has one section per type; rule numbers of house_way_rule are
#: these types' numbers, from 1.
HAND_TYPES: tuple[tuple[str, str], ...] = (
    ("five aces", "number of aces = 5"),
    ("four of a kind", "quads"),
    ("two sets of trips", "number of trips = 2"),
    ("full house", "trips and pair"),
    ("straight or flush", "(straight or flush) and number of pairs <= 1"),
    ("three pairs", "number of pairs = 3"),
    ("two pairs", "number of pairs = 2"),
    ("three of a kind", "trips"),
    ("one pair", "pair"),
    ("no pair", "always"),
)

_OPS = _paigow.WAY_OPS
_FACTS = {name: (number, kind) for number, (name, kind) in enumerate(_paigow.WAY_FACTS)}
_FACT_WORDS = sorted((name.split() for name in _FACTS), key=len, reverse=True)
_RANKS = {r: k for k, r in enumerate("23456789TJQKA")} | {"10": 8}
_RANK_NAMES = "23456789TJQKA"
_COMPARE = ("=", "!=", "<", "<=", ">", ">=")
_TOKEN = re.compile(r"\s*(\(|\)|\||!=|<=|>=|=|<|>|[A-Za-z0-9]+|\S)")
_MAX_SECTIONS, _MAX_RULES, _MAX_CODE = _paigow.WAY_LIMITS
#: How deep brackets and 'not' may nest in one condition (it bounds the parser's
#: recursion), and how many values a condition may hold at once while it is
#: evaluated (PG_WAY_STACK of paigow.h: the C interpreter's stack).
_MAX_NESTING, _MAX_STACK = 16, 32


@dataclass(frozen=True)
class WayRule:
    """One rule of a described way: its ``number`` (from 1, as
    ``house_way_many(..., with_rules=True)`` reports it), the hand type
    (``section``) it belongs to, its ``label`` and its ``line`` in the text."""

    number: int
    section: str
    label: str
    line: int

    def __str__(self) -> str:
        return f"{self.section}: {self.label}"


class _Syntax(Exception):
    """A line that does not parse: the message, without the file and line."""


def _tokens(text: str) -> list[str]:
    # only ASCII is folded: a sign such as the Kelvin sign must not read as a rank
    return [t.lower() if t.isascii() else t for t in _TOKEN.findall(text)]


def _is_number(word: str) -> bool:
    return word.isascii() and word.isdigit()


class _Parser:
    """Recursive descent over one condition or action's tokens, writing postfix code."""

    def __init__(self, tokens: list[str]) -> None:
        self.tokens = tokens
        self.at = 0
        self.code: list[int] = []
        self.depth = 0

    def peek(self, n: int = 0) -> str | None:
        k = self.at + n
        return self.tokens[k] if k < len(self.tokens) else None

    def take(self, word: str) -> bool:
        if self.peek() == word:
            self.at += 1
            return True
        return False

    def end(self) -> None:
        if self.peek() is not None:
            raise _Syntax(f"unexpected {shown(self.peek())}")

    def fact(self) -> tuple[int, str] | None:
        for words in _FACT_WORDS:
            if self.tokens[self.at:self.at + len(words)] == words:
                self.at += len(words)
                return _FACTS[" ".join(words)]
        return None

    # conditions: each returns the kind of value it left ("b" a truth value)
    def expr(self) -> None:
        self.term()
        while self.take("or"):
            self.term()
            self.code.append(_OPS["or"])

    def term(self) -> None:
        self.factor()
        while self.take("and"):
            self.factor()
            self.code.append(_OPS["and"])

    def factor(self) -> None:
        if self.peek() in ("not", "("):
            self.depth += 1
            if self.depth > _MAX_NESTING:
                raise _Syntax(f"brackets and 'not' nested more than {_MAX_NESTING} deep")
        if self.take("not"):
            self.factor()
            self.code.append(_OPS["not"])
            self.depth -= 1
        elif self.take("("):
            self.expr()
            if not self.take(")"):
                raise _Syntax("a '(' without its ')'")
            self.depth -= 1
        else:
            self.test()

    def value(self) -> tuple[str, int | None, str]:
        """(kind, fact number or None, literal word): kind "r", "c", "f" or "lit"."""
        fact = self.fact()
        if fact is not None:
            return fact[1], fact[0], ""
        word = self.peek()
        if word is None:
            raise _Syntax("a condition ends too early")
        if word.upper() in _RANKS or _is_number(word):
            self.at += 1
            return "lit", None, word
        raise _Syntax(f"unknown word {shown(word)} (facts: {', '.join(_FACTS)})")

    def push(self, kind: str, fact: int | None, word: str, other: str) -> None:
        if fact is not None:
            self.code += [_OPS["fact"], fact]
        elif other == "r":
            if word.upper() not in _RANKS:
                raise _Syntax(f"{shown(word)} is no rank (2-9, 10 or T, J, Q, K, A)")
            self.code += [_OPS["const"], _RANKS[word.upper()]]
        else:
            digits = word.lstrip("0") or "0"  # int() refuses thousands of digits
            if not _is_number(word) or len(digits) > 1 or int(digits) > 7:
                raise _Syntax(f"{shown(word)} is no count (0 to 7)")
            self.code += [_OPS["const"], int(digits)]

    def test(self) -> None:
        if self.take("always") or self.take("otherwise"):
            self.code.append(_OPS["true"])
            return
        left = self.value()
        op = self.peek()
        if op not in _COMPARE:
            if left[0] == "lit":
                raise _Syntax(f"{shown(left[2])} alone is no condition")
            self.push(*left, left[0])
            self.code.append(_OPS["present"] if left[0] == "r" else _OPS["nonzero"])
            return
        self.at += 1
        right = self.value()
        kinds = {left[0], right[0]}
        if "f" in kinds:
            raise _Syntax("a flag (joker, straight, flush) is tested alone or with 'not'")
        if kinds == {"lit"}:
            raise _Syntax("a comparison needs a fact on one side")
        if kinds == {"r", "c"}:
            raise _Syntax("a rank compares with a rank, a count with a number")
        kind = "r" if "r" in kinds else "c"
        self.push(*left, kind)
        self.push(*right, kind)
        self.code.append(_OPS[op])

    # actions
    def rankref(self) -> list[int]:
        fact = self.fact()
        if fact is not None:
            if fact[1] != "r":
                raise _Syntax("a front names ranks: a rank fact (pair, single...) or a rank")
            return [_OPS["fact ref"], fact[0]]
        word = self.peek()
        if word is None or word.upper() not in _RANKS:
            raise _Syntax(f"unknown word {shown(word)} in a front (a rank fact or a rank)")
        self.at += 1
        return [_OPS["rank"], _RANKS[word.upper()]]

    def front(self) -> None:
        code: list[int]
        for words in (["straight", "or", "flush"], ["straight", "flush"], ["straight"],
                      ["flush"]):
            if self.tokens[self.at:self.at + len(words)] == words:
                self.at += len(words)
                code = [_OPS[" ".join(words)]]
                break
        else:
            if self.tokens[self.at:self.at + 2] == ["two", "of"]:
                self.at += 2
                code = [_OPS["two of"], *self.rankref()]
            else:
                first = self.rankref()
                if not self.take("and"):
                    raise _Syntax("a front is 'two of R', 'R and S', 'straight or flush', "
                                  "'straight flush', 'straight' or 'flush'")
                code = [_OPS["each"], *first, *self.rankref()]
        if self.tokens[self.at:self.at + 2] == ["at", "least"]:
            self.at += 2
            code = [_OPS["at least"], *self.least(), *code]
        self.code += code

    def least(self) -> list[int]:
        """The two-card hand after 'at least': a rank (that rank high, the second
        card a deuce) or two ranks, the higher first (the same rank twice: a pair)."""
        ranks: list[int] = []
        while len(ranks) < 2 and (self.peek() or "|").upper() in _RANKS:
            ranks.append(_RANKS[(self.peek() or "").upper()])
            self.at += 1
        if not ranks:
            raise _Syntax(f"'at least' needs a two-card hand (R or R S), not "
                          f"{shown(self.peek())}")
        if len(ranks) == 1:
            if ranks[0] == 0:
                raise _Syntax("'at least 2' is no two-card hand ('at least 2 2' is a pair)")
            ranks.append(0)
        if ranks[1] > ranks[0]:
            raise _Syntax("'at least R S' names the higher rank first")
        return ranks

    def action(self) -> None:
        self.front()
        while self.take("|"):
            self.front()


def _condition(text: str) -> list[int]:
    parser = _Parser(_tokens(text))
    parser.expr()
    parser.end()
    if _stack_depth(parser.code) > _MAX_STACK:
        raise _Syntax(f"a condition that holds more than {_MAX_STACK} values at once "
                      "while it is evaluated (fewer brackets)")
    return [*parser.code, _OPS["end"]]


def _stack_depth(code: list[int]) -> int:
    """The most values a condition's postfix code holds at once."""
    depth = most = at = 0
    while at < len(code):
        op = code[at]
        if op in (_OPS["fact"], _OPS["const"]):
            depth, at = depth + 1, at + 2
        else:
            depth += 1 if op == _OPS["true"] else -1 if op in _BINARY else 0
            at += 1
        most = max(most, depth)
    return most


def _action(text: str) -> list[int]:
    parser = _Parser(_tokens(text))
    if parser.peek() is None:
        raise _Syntax("no action after '->'")
    parser.action()
    parser.end()
    return [*parser.code, _OPS["end"]]


_BINARY = frozenset(_OPS[op] for op in ("and", "or", *_COMPARE))
_SECTION_NAMES = [name for name, _ in HAND_TYPES]
_SECTION_CODE = [_condition(text) for _, text in HAND_TYPES]


@dataclass(frozen=True, eq=False)
class DescribedWay:
    """A house way loaded from a description (:func:`load_house_way`). Immutable;
    accepted wherever a way's name is, and callable as a strategy
    ``(cards, rules) -> Setting``. Pickles as its text (checked again on load).

    Attributes:
        name: the ``way:`` line. source: the description's text. path: the file
        it was read from, or None. sources: the ``source:`` lines.
        rules: the rules (:class:`WayRule`), by number.
    """

    name: str
    source: str
    path: str | None
    sources: tuple[str, ...]
    rules: tuple[WayRule, ...]
    compiled: _paigow.CompiledWay = field(repr=False)
    sections: tuple[int, ...] = field(repr=False)  # each rule's hand type number, from 1

    def __call__(self, cards: CardsLike, rules: object) -> Setting:
        """The setting of ``cards`` under ``rules`` (:class:`~pokerrules.paigow.PaiGowRules`)
        by this way: a strategy, as :func:`~pokerrules.paigow.house_way` with ``way=self``.

        Raises:
            ArgumentTypeError: ``rules`` that are no table rules. The errors of
                :func:`~pokerrules.paigow.hand_cards` for a bad hand.
        """
        hand_rules = getattr(rules, "hand_rules", None)
        if not isinstance(hand_rules, HandRules):
            raise ArgumentTypeError(
                f"a house way sets a hand under PaiGowRules, not {shown(rules)}")
        high, low, _ = _paigow.house_way_codes(
            [c.code for c in hand_cards(cards)], hand_rules.variant, self.compiled)
        return Setting(high, low)

    def __repr__(self) -> str:
        return f"DescribedWay({self.name!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DescribedWay) and other.source == self.source

    def __hash__(self) -> int:
        return hash(self.source)

    def __reduce__(self) -> tuple[object, tuple[str, str | None]]:
        return _reload, (self.source, self.path)


def way_from_dict(data: dict[str, object]) -> DescribedWay:
    """A loaded way from the ``{"name", "description"}`` dict that
    ``PaiGowRules.to_dict`` writes for it: the text is parsed and checked as a
    file's (never read as a path: a save names no file), and must name the way
    ``name``. Raises HouseWayError."""
    if set(data) != {"name", "description"} or not isinstance(data["description"], str):
        raise HouseWayError("a loaded house way is saved as {\"name\": ..., \"description\": "
                            f"TEXT}}, not {shown(data)}")
    way = _load_text(data["description"], None)
    if way.name != data["name"]:
        raise HouseWayError(f"a saved house way named {shown(data['name'])} whose description "
                            f"names it {shown(way.name)}")
    return way


def _reload(text: object, path: object) -> DescribedWay:
    # a pickle is data from outside: its text is parsed and checked as any other
    if not isinstance(text, str) or not (path is None or isinstance(path, str)):
        raise HouseWayError("a pickled house way holds its text and its path (str or None), "
                            f"not {shown(text)} and {shown(path)}")
    return _load_text(text, path)


def load_house_way(source: str | os.PathLike[str]) -> DescribedWay:
    """A house way from its description: a path (``str`` or :class:`os.PathLike`)
    of a file, or the text itself (a ``str`` holding a line break). The format is
    in docs/games/paigow_ways.rst.

    >>> from pokerrules.paigow import load_house_way, way_description
    >>> load_house_way(way_description("ballys")).name
    "Bally's Atlantic City"

    Returns:
        DescribedWay: immutable; its ``name``, ``source`` text and ``rules``
        (each with its section, label and line).

    Lines end with a line feed (``"\\n"``, or ``"\\r\\n"``); no other character
    ends a line. A description holds at most :data:`WAY_SIZE_LIMIT` bytes and
    each line at most :data:`WAY_LINE_LIMIT` characters; both are checked before
    anything is parsed.

    Raises:
        HouseWayError: a description that does not parse, or whose check over
            every hand class fails (a condition that never holds, a rule that
            earlier rules shadow, a rule that cannot act or fouls some hand, a
            hand no rule takes); the message names the file, the line, the rule
            and an example hand. Also a description or a line over its limit,
            an unreadable file, or a path that is no regular file (a directory,
            a device, a FIFO), each named. ArgumentTypeError: ``source``
            neither text nor a path.
    """
    if isinstance(source, str) and "\n" in source:
        return _load_text(source, None)
    if not isinstance(source, (str, os.PathLike)):
        raise ArgumentTypeError(f"a house way's source is a path or its text, not {shown(source)}")
    path = str(Path(source))
    data = read_regular(path, limit=WAY_SIZE_LIMIT, what="the house way", error=HouseWayError)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise HouseWayError(f"cannot read the house way {path}: not UTF-8 text") from None
    return _load_text(text, path)


def _lines(text: str) -> list[str]:
    """The lines of ``text``, split at line feeds only: str.splitlines would also
    split at form feeds, U+2028 and others, and so misnumber every later line."""
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]


@dataclass
class _Section:
    line: int
    rules: list[tuple[int, str, str, str]] = field(default_factory=list)  # line, label, if, then


def _load_text(text: str, path: str | None) -> DescribedWay:
    where = path if path is not None else "<text>"

    def fail(line: int, message: str) -> HouseWayError:
        return HouseWayError(f"{where}, line {line}: {message}")

    # a text of more characters than the limit has more bytes: no need to encode it
    if len(text) > WAY_SIZE_LIMIT or \
            len(text.encode("utf-8", "surrogatepass")) > WAY_SIZE_LIMIT:
        raise HouseWayError(f"{where}: a description of more than {WAY_SIZE_LIMIT:,} bytes "
                            "(WAY_SIZE_LIMIT)")

    name: str | None = None
    sources: list[str] = []
    sections: dict[str, _Section] = {}
    current: _Section | None = None
    last = count = 0
    for number, raw in enumerate(_lines(text), 1):
        if len(raw) > WAY_LINE_LIMIT:
            raise fail(number, f"a line of {len(raw):,} characters; a line holds at most "
                               f"{WAY_LINE_LIMIT:,} (WAY_LINE_LIMIT)")
        line = raw.strip()
        last = number
        if not line or line.startswith("#"):
            continue
        if "->" in line:
            if current is None:
                raise fail(number, "a rule before any section (a line 'HAND TYPE:')")
            label, sep, rest = line.partition(":")
            if not sep or not label.strip() or "->" in label:
                raise fail(number, "a rule is 'LABEL: CONDITION -> ACTION'")
            count += 1
            if count > _MAX_RULES:
                raise fail(number, f"too many rules: at most {_MAX_RULES}")
            condition, _, action = rest.partition("->")
            current.rules.append((number, label.strip(), condition.strip(), action.strip()))
            continue
        key, sep, rest = line.partition(":")
        key = " ".join(key.lower().split())
        if not sep:
            raise fail(number, f"unknown line {shown(line)}: not a header, a section or a rule")
        if key in ("way", "source") and current is None:
            if key == "way":
                if name is not None:
                    raise fail(number, "a second 'way:' line")
                if not rest.strip():
                    raise fail(number, "'way:' needs a name")
                name = rest.strip()
            else:
                sources.append(rest.strip())
            continue
        if rest.strip():
            raise fail(number, f"unknown line {shown(line)}: not a header, a section or a rule")
        if key not in _SECTION_NAMES:
            raise fail(number, f"unknown section {shown(key)}; the sections are "
                               f"{', '.join(_SECTION_NAMES)}")
        if key in sections:
            raise fail(number, f"a second section {key!r} (the first is on line "
                               f"{sections[key].line})")
        current = sections[key] = _Section(number)
    if name is None:
        raise fail(1, "no 'way: NAME' line before the sections")
    for section in _SECTION_NAMES:
        if section not in sections:
            raise fail(last, f"no section {section!r}: every hand type has one")
        if not sections[section].rules:
            raise fail(sections[section].line, f"section {section!r} has no rules")

    # compile: sections in priority order, rules in their order
    code: list[int] = []
    section_cond: list[int] = []
    section_rules = [0]
    rule_cond: list[int] = []
    rule_action: list[int] = []
    rules: list[WayRule] = []
    types: list[int] = []
    for k, section in enumerate(_SECTION_NAMES):
        section_cond.append(len(code))
        code += _SECTION_CODE[k]
        for number, label, condition, action in sections[section].rules:
            words = condition.split(maxsplit=1)
            if condition.lower() in ("always", "otherwise"):
                cond = [_OPS["true"], _OPS["end"]]
            elif words and words[0].lower() == "if" and len(words) == 2:
                try:
                    cond = _condition(words[1])
                except _Syntax as exc:
                    raise fail(number, f"rule {shown(label)}: {exc}") from None
            else:
                raise fail(number, f"rule {shown(label)}: a condition is 'if ...', 'always' or "
                                   f"'otherwise', not {shown(condition)}")
            try:
                act = _action(action)
            except _Syntax as exc:
                raise fail(number, f"rule {shown(label)}: {exc}") from None
            rule_cond.append(len(code))
            code += cond
            rule_action.append(len(code))
            code += act
            if len(code) > _MAX_CODE:
                raise fail(number, f"too long: the rules up to this one compile to more than "
                                   f"{_MAX_CODE} words (shorter conditions or fewer rules)")
            rules.append(WayRule(len(rules) + 1, section, label, number))
            types.append(k + 1)
        section_rules.append(len(rules))
    compiled = _paigow.CompiledWay(section_cond, section_rules, rule_cond, rule_action, code)
    _check(compiled, rules, sections, fail)
    return DescribedWay(name, text, path, tuple(sources), tuple(rules), compiled, tuple(types))


def _check(compiled: _paigow.CompiledWay, rules: list[WayRule],
           sections: dict[str, _Section], fail: object) -> None:
    """Raises for the earliest line with a problem over every hand class: a rule
    that never holds, that earlier rules shadow (it holds only for hands they
    set), that cannot act or fouls; a section that leaves hands to no rule."""
    report = compiled.check(PAI_GOW.variant)
    found: list[tuple[int, str]] = []
    for rule, problem, hand, shadowed_by in zip(rules, report["problem"], report["rule_hand"],
                                                report["shadowed_by"], strict=True):
        example = format_cards(list(hand))
        head = f"rule {shown(rule.label)} ({rule.section})"
        if problem == "never holds":
            section_hand = report["section_hand"][_SECTION_NAMES.index(rule.section)]
            found.append((rule.line, f"{head}: its condition never holds for a hand of its "
                                     f"section (such as {format_cards(list(section_hand))})"))
        elif problem == "shadowed":
            earlier = ", ".join(f"{shown(rules[k].label)} (line {rules[k].line})"
                                for k in shadowed_by)
            by = "an earlier rule" if len(shadowed_by) == 1 else "earlier rules"
            found.append((rule.line, f"{head}: never sets a hand: every hand of its section "
                                     f"it holds for (such as {example}) is set by {by}: "
                                     f"{earlier}"))
        elif problem == "undefined":
            found.append((rule.line, f"{head}: cannot set {example}: its front needs cards "
                                     "the hand does not hold"))
        elif problem == "fouls":
            found.append((rule.line, f"{head}: fouls some hands, such as {example} (its "
                                     "front outranks the back)"))
    for k, uncovered in enumerate(report["uncovered"]):
        if uncovered:
            section = _SECTION_NAMES[k]
            example = format_cards(list(report["section_hand"][k]))
            found.append((sections[section].line,
                          f"section {section!r}: no rule takes {example} (and {uncovered - 1} "
                          "more hand classes); end the section with an 'otherwise' rule"))
    if found:
        line, message = min(found)
        raise fail(line, message)  # type: ignore[operator]
