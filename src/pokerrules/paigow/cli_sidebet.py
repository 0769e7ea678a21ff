"""``pokerrules paigow sidebet``: a side bet's exact counts per line, return and
house edge (wired in by :func:`pokerrules.paigow.cli.add_cli`)."""

from __future__ import annotations

import argparse
import json
import warnings
from collections.abc import Callable
from typing import Any

from pokerrules._cli_common import interrupted, preset_argument
from pokerrules.paigow.analysis.sidebet import (
    SHIPPED_SIDE_BETS,
    SideBetResult,
    SideBetWarning,
    load_side_bet,
    side_bet,
)
from pokerrules.paigow.game.houseway import WAYS
from pokerrules.paigow.game.rules import PRESETS

__all__ = ["add_sidebet", "sidebet_text"]


def sidebet_text(result: SideBetResult) -> str:
    """A side bet's price as ``pokerrules paigow sidebet`` prints it: each line's
    hands and pay, the hands no line takes, the return and edge, then any report."""
    bet = result.bet
    money = bet.unit == "money"
    head = f"{bet.title} ({bet.name}), on {bet.looks_at.replace('_', ' ')}"
    if result.way is not None:
        head += f", the banker set by {result.way}"
    rows = [head]
    width = max(len(line.event) for line in result.lines)
    for line in result.lines:
        pays = f"${line.pays}" if money else f"{line.pays} to 1"
        rows.append(f"  {line.event:<{width}}  {pays:>10}  {line.count:>13,}  "
                    f"{line.count / result.hands:.8f}")
    rows.append(f"  {'(no line)':<{width}}  {'nothing' if money else 'loses':>10}  "
                f"{result.unpaid:>13,}  {result.unpaid / result.hands:.8f}")
    rows.append(f"  hands: {result.hands:,}")
    if money:
        rows.append(f"  paid per round: ${float(result.return_):.6f} ({result.return_})")
    else:
        edge = result.house_edge
        assert edge is not None
        rows.append(f"  return: {float(result.return_):+.6%}; house edge: {float(edge):.4%} "
                    f"({edge})")
    published = (bet.published or {}).get("house_edge")
    if published is not None:
        rows.append(f"  published house edge: {published}")
    rows.extend(f"  report: {report}" for report in result.reports)
    return "\n".join(rows)


def _sidebet_dict(result: SideBetResult) -> dict[str, Any]:
    edge = result.house_edge
    return {"bet": result.bet.name, "title": result.bet.title,
            "looks_at": result.bet.looks_at, "unit": result.bet.unit, "way": result.way,
            "lines": [{"event": line.event, "pays": str(line.pays), "count": line.count}
                      for line in result.lines],
            "unpaid": result.unpaid, "hands": result.hands,
            "return": str(result.return_), "return_float": float(result.return_),
            "house_edge": None if edge is None else str(edge),
            "house_edge_float": None if edge is None else float(edge),
            "published": result.bet.published, "reports": list(result.reports)}


def _sidebet(args: argparse.Namespace) -> int:
    bet = load_side_bet(args.file)
    rules = PRESETS[args.rules]
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", SideBetWarning)  # printed as reports
            result = side_bet(bet, rules, args.way, others=args.others)
    except KeyboardInterrupt:
        return interrupted(": no count before every hand is counted")
    print(json.dumps(_sidebet_dict(result)) if args.json else sidebet_text(result))
    return 0


def add_sidebet(sub: Any, hand_rules: Any, way_argument: Callable[[str], object],
                rules_help: tuple[str, str]) -> None:
    """The ``sidebet`` subcommand: a side bet's exact price (``hand_rules``,
    ``way_argument`` and the ``--rules`` metavar and help are the other
    subcommands')."""
    sidebet = sub.add_parser(
        "sidebet", help="a side bet's exact counts per line, return and house edge",
        description="Count every hand a side bet looks at (the seven-card hands, the "
        "three-card hands, the banker's hands set by --way, or one other player's hand) by "
        "the bet's lines, tried in order, and print the hands each line takes, the return "
        "and the house edge, and any report: a line that takes no hand, a table under "
        "which the player has the edge. The format: docs/games/paigow_sidebets.rst.",
        epilog="example:\n  pokerrules paigow sidebet tiger_9 --way trump_plaza\n"
        "  pokerrules paigow sidebet my_bet.json --json",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    sidebet.add_argument("file", metavar="FILE",
                         help=f"a side-bet file (JSON, or TOML on Python 3.11+) or a shipped "
                         f"bet: {', '.join(SHIPPED_SIDE_BETS)}")
    sidebet.add_argument("--way", type=way_argument, default=None,
                         help="the banker's house way for a bet on the banker's setting "
                         f"({', '.join(WAYS)}, or a description file); default the bet's "
                         "own, else the rules' (foxwoods)")
    sidebet.add_argument("--rules", type=preset_argument(PRESETS, hand_rules),
                         default="casino", metavar=rules_help[0], help=rules_help[1])
    sidebet.add_argument("--others", type=int, default=None,
                         help="other players, only for a bet on their hands (0 to 5; default 1)")
    sidebet.add_argument("--json", action="store_true", help="print JSON")
    sidebet.set_defaults(run=_sidebet)
