"""Two house ways side by side: which hands of the deck they set otherwise, by
the rule of the first way that set them, and each way's exact counts.

A way is a built-in way's name or a way loaded from its description
(:func:`~pokerrules.paigow.game.description.load_house_way`). Every hand of the deck
(C(53, 7) = 154,143,080 for the full deck) is set by both ways in C, in steps on
threads; two settings are the same when their fronts hold the same two cards.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from pokerrules import _paigow
from pokerrules._checks import check_count
from pokerrules.cards import CardsLike, format_cards
from pokerrules.errors import PokerRulesError
from pokerrules.jobs import check_optional_flag, progress_bar, run_threads
from pokerrules.paigow.analysis.exact import ExactResult, exact_house_edge
from pokerrules.paigow.analysis.outcomes import TABLE_STEP, cpus, deck_codes
from pokerrules.paigow.game.description import DescribedWay
from pokerrules.paigow.game.houseway import check_way, house_way_many, way_rule_names
from pokerrules.paigow.game.rules import (
    DEFAULT_RULES,
    PaiGowRulesLike,
    commission_text,
    paigow_rules,
)
from pokerrules.paigow.game.setting import Setting

__all__ = ["EXAMPLES", "RuleDifference", "WayComparison", "compare_ways"]

#: Example hands kept per rule: the first ones of the deck's order.
EXAMPLES = 3


def _way_name(way: str | DescribedWay) -> str:
    """A way's name in results: a built-in way's name, or a loaded way's ``way:`` line."""
    return way if isinstance(way, str) else way.name


@dataclass(frozen=True)
class RuleDifference:
    """The hands that one rule of way ``a`` sets and way ``b`` sets otherwise.

    ``rule`` and ``name`` are the rule's number in way ``a`` and its name there,
    "SECTION: LABEL" (:func:`~pokerrules.paigow.game.houseway.way_rule_names`); ``hands``
    counts the hands the rule set; ``differ`` those of them ``b`` sets with
    another front; ``examples`` gives up to :data:`EXAMPLES` of them, the first
    of the deck's order, each as (hand, ``a``'s setting, ``b``'s setting), the
    settings written "back / front".
    """

    rule: int
    name: str
    hands: int
    differ: int
    examples: tuple[tuple[str, str, str], ...]


@dataclass(frozen=True)
class WayComparison:
    """What :func:`compare_ways` found: per rule of way ``a`` how many hands way
    ``b`` sets otherwise, and each way's exact counts against itself (None when
    not asked for). ``a`` and ``b`` are the ways' names: a built-in way's name,
    or a loaded way's ``way:`` line."""

    a: str
    b: str
    wheel_second_highest: bool
    deck_size: int
    hands: int
    differ: int
    rules: tuple[RuleDifference, ...]
    exact_a: ExactResult | None
    exact_b: ExactResult | None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict (counts as exact integers)."""
        return {
            "a": self.a, "b": self.b, "wheel_second_highest": self.wheel_second_highest,
            "deck_size": self.deck_size, "hands": self.hands, "differ": self.differ,
            "rules": [{"rule": r.rule, "name": r.name, "hands": r.hands, "differ": r.differ,
                       "examples": [list(e) for e in r.examples]} for r in self.rules],
            "exact_a": None if self.exact_a is None else self.exact_a.to_dict(),
            "exact_b": None if self.exact_b is None else self.exact_b.to_dict(),
        }

    def __str__(self) -> str:
        wheel = "second-highest" if self.wheel_second_highest else "lowest"
        width = max([24, *(len(r.name) for r in self.rules)])
        lines = [f"{self.a} against {self.b}: {self.differ:,} of {self.hands:,} hands "
                 f"set otherwise ({self.differ / self.hands:.4%}; A-2-3-4-5 {wheel}, "
                 f"{self.deck_size}-card deck)", "",
                 f"  {'rule of ' + self.a:<{width + 3}} {'hands':>12} "
                 f"{'set otherwise by ' + self.b:>12}"]
        for r in self.rules:
            share = r.differ / r.hands if r.hands else 0.0
            lines.append(f"  {r.rule:>2} {r.name:<{width}} {r.hands:>12,} {r.differ:>12,} "
                         f"({share:7.3%})")
            for hand, set_a, set_b in r.examples:
                lines.append(f"       {hand}:  {set_a}  <>  {set_b}")
        for result in (self.exact_a, self.exact_b):
            if result is not None:
                lines.append("")
                lines.append(f"{result.banker_way} on both sides: wins {result.wins:,}, "
                             f"pushes {result.pushes:,}, losses {result.losses:,}; "
                             f"house edge {result.house_edge:.4%} at "
                             f"{commission_text(result.commission)} commission")
        return "\n".join(lines)


def _setting_text(row: npt.NDArray[np.uint8]) -> str:
    return str(Setting(row[:5].tolist(), row[5:].tolist()))


def compare_ways(
    a: str | DescribedWay,
    b: str | DescribedWay,
    rules: PaiGowRulesLike = DEFAULT_RULES,
    *,
    exact: bool = True,
    deck: CardsLike | None = None,
    workers: int = 1,
    progress: bool | None = None,
) -> WayComparison:
    """Sets every hand of the deck by ways ``a`` and ``b`` and counts, per rule
    of ``a``, the hands ``b`` sets with another front (two settings are the same
    when their fronts hold the same two cards); with ``exact``, each way's exact
    counts of every heads-up deal, the way on both sides
    (:func:`~pokerrules.paigow.exact_house_edge`, about a CPU-minute each on the
    full deck).

    >>> from pokerrules.paigow.analysis.compare import compare_ways
    >>> found = compare_ways("foxwoods", "ballys", exact=False, deck=(
    ...     "2c 2d 2h 3c 3d 3h 4c 4d 9c 9d Kc Kd Ac Ad"))
    >>> for r in found.rules:
    ...     if r.differ:
    ...         print(r.name, r.hands, r.differ)
    full house: pair in front 420 12
    straight or flush: an ace and the next card over a pair of tens to kings 16 12
    two pairs: split jacks or better 828 234
    two pairs: split sevens to tens 90 90

    A way loaded from its description compares as the built-in one does:

    >>> from pokerrules.paigow.game.description import load_house_way
    >>> from pokerrules.paigow.game.houseway import way_description
    >>> loaded = load_house_way(way_description("foxwoods"))
    >>> compare_ways(loaded, "foxwoods", exact=False, deck=(
    ...     "2c 2d 3c 3d 7c 7d 8c 9c Tc Kc Kd Ac Ad Jk")).differ
    0

    Args:
        a, b: the ways: names from :data:`~pokerrules.paigow.WAYS` or ways from
            :func:`~pokerrules.paigow.game.description.load_house_way`.
        rules: the rules or a preset's name: their wheel rule and commission.
        exact: count each way's exact wins, pushes and losses too.
        deck: the cards dealt (at least 14), by default all 53.
        workers: threads setting hands at once (no more than the CPUs).
        progress: a progress bar on stderr over the hands (None: on a terminal).

    Returns:
        :class:`WayComparison`.

    Raises:
        PokerRulesError: an unknown way or rules preset, a way that is a
            callable rather than a described way, a bad deck or ``workers``.
            ArgumentTypeError: arguments of the wrong type.
        KeyboardInterrupt: Ctrl-C, once the running steps end.
    """
    rules = paigow_rules(rules)
    checked: list[str | DescribedWay] = []
    for name, given in (("a", a), ("b", b)):
        way = check_way(given, name, batch=False)
        if not isinstance(way, (str, DescribedWay)):
            raise PokerRulesError(
                f"compare_ways compares described house ways (a built-in way's name or a way "
                f"from load_house_way); {name} is neither")
        checked.append(way)
    a, b = checked
    exact = bool(check_optional_flag(exact, "exact"))
    workers = check_count(workers, "workers")
    codes = deck_codes(deck)
    total = math.comb(len(codes), 7)
    names = way_rule_names(a)
    hands = np.zeros(256, dtype=np.int64)
    differ = np.zeros(256, dtype=np.int64)
    examples: dict[int, list[tuple[int, str, str, str]]] = {}
    name_a, name_b = _way_name(a), _way_name(b)
    bar = progress_bar(2, progress, f"{name_a} against {name_b}", "hand", total)

    def step(start: int) -> tuple[int, npt.NDArray[np.int64], npt.NDArray[np.int64],
                                  list[tuple[int, int, str, str, str]]]:
        cards = _paigow.exact_hands(codes, start, min(TABLE_STEP, total - start))
        set_a, rule_a = house_way_many(cards, rules, a, with_rules=True)
        set_b = house_way_many(cards, rules, b)
        other = (np.sort(set_a[:, 5:], axis=1) != np.sort(set_b[:, 5:], axis=1)).any(axis=1)
        found = []
        for rule in np.unique(rule_a[other]).tolist():
            for i in np.flatnonzero(other & (rule_a == rule))[:EXAMPLES].tolist():
                found.append((rule, start + i, format_cards(cards[i].tolist()),
                              _setting_text(set_a[i]), _setting_text(set_b[i])))
        return (len(cards), np.bincount(rule_a, minlength=256),
                np.bincount(rule_a[other], minlength=256), found)

    def done(result: tuple[int, npt.NDArray[np.int64], npt.NDArray[np.int64],
                           list[tuple[int, int, str, str, str]]]) -> None:
        count, by_rule, other_by_rule, found = result
        hands[:] += by_rule
        differ[:] += other_by_rule
        for rule, index, hand, set_a, set_b in found:
            examples.setdefault(rule, []).append((index, hand, set_a, set_b))
        if bar is not None:
            bar.update(count)

    try:
        run_threads(step, range(0, total, TABLE_STEP), threads=min(workers, cpus()),
                    on_result=done)
    finally:
        if bar is not None:
            bar.close()
    rows = tuple(
        RuleDifference(rule, names.get(rule, f"rule {rule}"), int(hands[rule]),
                       int(differ[rule]),
                       tuple((h, x, y) for _, h, x, y in sorted(examples.get(rule, []))
                             [:EXAMPLES]))
        for rule in sorted(set(names) | set(np.flatnonzero(hands).tolist())))
    exact_a = exact_b = None
    if exact:
        exact_a = exact_house_edge(rules, a, deck=deck, workers=workers, progress=progress)
        exact_b = exact_house_edge(rules, b, deck=deck, workers=workers, progress=progress)
    return WayComparison(name_a, name_b, rules.wheel_second_highest, len(codes), total,
                         int(differ.sum()), rows, exact_a, exact_b)
