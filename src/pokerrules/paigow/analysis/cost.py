"""What the house way costs a seat (the player's, or the banker's): the EV that
its best play gains over it,
overall and by the house way's rule that set the hand, from a strategy table
(:meth:`~pokerrules.paigow.StrategyTable.house_way_cost`)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from pokerrules.cards import format_cards
from pokerrules.paigow.analysis.class_strategy import FRONTS
from pokerrules.paigow.analysis.outcomes import way_label
from pokerrules.paigow.game.description import DescribedWay
from pokerrules.paigow.game.houseway import house_way_many, way_rule_names
from pokerrules.paigow.game.rules import commission_text
from pokerrules.paigow.game.setting import Setting

__all__ = ["CostExample", "HouseWayCost", "RuleCost", "house_way_cost"]

#: Representatives set by the house way per call when the rules are told.
_PIECE = 1 << 20


@dataclass(frozen=True)
class CostExample:
    """A hand the house way sets worse than the best: both settings and the EV
    per unit bet the house way's gives up."""

    hand: str
    house_way: Setting
    best: Setting
    gain: float

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict."""
        return {"hand": self.hand, "house_way": str(self.house_way), "best": str(self.best),
                "gain": self.gain}


@dataclass(frozen=True)
class RuleCost:
    """The hands one rule of the house way sets, and what optimal play gains on them.

    Attributes:
        rule: the rule's number (see :func:`~pokerrules.paigow.way_rule_names`;
            0 for a way that has no rules to tell).
        label: ``"SECTION: LABEL"``.
        hands: the hands of the deck it sets.
        set_otherwise: those whose best setting has a higher EV.
        gain: what it adds to the whole gain of optimal play: EV per unit bet
            per hand dealt (the share of the house edge's drop).
        house_way_ev, optimal_ev: what its hands add to the seat's EV per unit
            bet per hand dealt, set by the house way and played by the table
            (the difference is ``gain``; over every rule they add up to minus
            the edges).
        examples: the hands that lose most, the largest gain first.
    """

    rule: int
    label: str
    hands: int
    set_otherwise: int
    gain: float
    house_way_ev: float
    optimal_ev: float
    examples: tuple[CostExample, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict."""
        return {"rule": self.rule, "label": self.label, "hands": self.hands,
                "set_otherwise": self.set_otherwise, "gain": self.gain,
                "house_way_ev": self.house_way_ev, "optimal_ev": self.optimal_ev,
                "examples": [e.to_dict() for e in self.examples]}


@dataclass(frozen=True)
class HouseWayCost:
    """The gain of a seat's best play over the house way against the other seat's way.

    Attributes:
        way: the house way's name (the other seat's way, also this seat's house way).
        commission: the commission on this seat's win the EVs count.
        house_way_edge, optimal_edge: the exact edges against the seat (minus its
            EV per unit bet) when it sets by the house way and when it plays the
            table: for the player's seat the house edge.
        gain: ``house_way_edge - optimal_edge``, per unit bet.
        hands, set_otherwise: the deck's hands, and those the best sets with
            a higher EV than the house way does.
        rules: per rule of the house way, the largest gain first.
    """

    way: str
    commission: float
    house_way_edge: float
    optimal_edge: float
    gain: float
    hands: int
    set_otherwise: int
    rules: tuple[RuleCost, ...]
    seat: str = "player"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict."""
        return {"seat": self.seat, "way": self.way, "commission": self.commission,
                "house_way_edge": self.house_way_edge, "optimal_edge": self.optimal_edge,
                "gain": self.gain, "hands": self.hands, "set_otherwise": self.set_otherwise,
                "rules": [r.to_dict() for r in self.rules]}

    def __str__(self) -> str:
        edge = "house edge" if self.seat == "player" else "edge against the banker"
        lines = [f"house way {self.way} at {commission_text(self.commission)} commission: "
                 f"{edge} {self.house_way_edge:.4%} by the house way, {self.optimal_edge:.4%} "
                 f"played optimally (a gain of {self.gain * 100:.4f} points)",
                 f"{self.set_otherwise:,} of {self.hands:,} hands are worth more set "
                 "otherwise", "",
                 "  points   EV by way  EV played  hands set otherwise  rule (points: "
                 f"of the {self.seat}'s EV per hand dealt)"]
        for r in self.rules:
            lines.append(f"  {r.gain * 100:7.4f}  {r.house_way_ev * 100:+9.4f}  "
                         f"{r.optimal_ev * 100:+9.4f}  {r.set_otherwise:>11,} of "
                         f"{r.hands:>11,}  {r.rule}. {r.label}")
            for e in r.examples:
                lines.append(f"           {e.hand}: {e.house_way}  ->  {e.best}  "
                             f"(+{e.gain:.4f})")
        return "\n".join(lines)


def _rule_numbers(table: Any, codes: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """The rule of the house way that sets each representative (0 for a way
    without rules to tell)."""
    if not isinstance(table.way, (str, DescribedWay)):
        return np.zeros(len(codes), dtype=np.uint8)
    numbers = np.empty(len(codes), dtype=np.uint8)
    for start in range(0, len(codes), _PIECE):
        piece = codes[start:start + _PIECE]
        numbers[start:start + len(piece)] = house_way_many(piece, table.rules, table.way,
                                                           with_rules=True)[1]
    return numbers


def _setting(codes: npt.NDArray[np.uint8], index: int) -> Setting:
    a, b = FRONTS[index]
    return Setting([int(c) for k, c in enumerate(codes) if k not in (a, b)],
                   [int(codes[a]), int(codes[b])])


def house_way_cost(table: Any, examples: int) -> HouseWayCost:
    """The cost of the house way in a :class:`~pokerrules.paigow.StrategyTable`
    (see its :meth:`~pokerrules.paigow.StrategyTable.house_way_cost`)."""
    pay = 1 - table.seat_commission
    weight = table.weight.astype(np.int64)
    best = table.wins.astype(np.int64) * pay - table.losses.astype(np.int64)
    house = table.house_wins.astype(np.int64) * pay - table.house_losses.astype(np.int64)
    gain = best - house  # EV x total, per hand of the class
    codes = table.representatives()
    numbers = _rule_numbers(table, codes)
    names = way_rule_names(table.way) if isinstance(table.way, (str, DescribedWay)) else {}
    deals = math.comb(len(table.deck), 7) * table.total

    def exact_ev(where: npt.NDArray[np.bool_], wins: npt.NDArray[np.uint32],
                 losses: npt.NDArray[np.uint32], house: bool = False) -> float:
        # the integer sums first, one rounding at the end
        dw = int(np.dot(weight[where], wins[where].astype(np.int64)))
        dl = int(np.dot(weight[where], losses[where].astype(np.int64)))
        if house:
            dw -= int(np.dot(weight[where], table.house_wins[where].astype(np.int64)))
            dl -= int(np.dot(weight[where], table.house_losses[where].astype(np.int64)))
        return float((dw * pay - dl) / deals)

    otherwise = gain > 0
    costs = []
    for rule in np.unique(numbers).tolist():
        mine = numbers == rule
        rows = np.flatnonzero(mine & otherwise)
        worst = rows[np.argsort(-gain[rows], kind="stable")[:examples]]
        shown = tuple(CostExample(format_cards(codes[i].tolist()),
                                  _setting(codes[i], int(table.house[i])),
                                  _setting(codes[i], int(table.best[i])),
                                  float(gain[i] / table.total)) for i in worst)
        costs.append(RuleCost(int(rule), names.get(rule, "every hand"),
                              int(weight[mine].sum()), int(weight[mine & otherwise].sum()),
                              exact_ev(mine, table.wins, table.losses, house=True),
                              exact_ev(mine, table.house_wins, table.house_losses),
                              exact_ev(mine, table.wins, table.losses), shown))
    costs.sort(key=lambda r: (-r.gain, r.rule))

    def edge(wins: npt.NDArray[np.uint32], losses: npt.NDArray[np.uint32]) -> float:
        return float(-(int(np.dot(weight, wins.astype(np.int64))) * pay
                       - int(np.dot(weight, losses.astype(np.int64)))) / deals)

    house_edge = edge(table.house_wins, table.house_losses)
    optimal_edge = edge(table.wins, table.losses)
    return HouseWayCost(way_label(table.way), table.seat_commission, house_edge,
                        optimal_edge, house_edge - optimal_edge,
                        int(weight.sum()), int(weight[otherwise].sum()), tuple(costs),
                        table.seat)
