"""``pokerrules paigow solve``: the optimal strategy of every hand, saved as a
strategy table, with what the house way costs (wired in by
:func:`pokerrules.paigow.cli.add_cli`)."""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pokerrules._cli_common import UsageError, count_argument, interrupted, preset_argument
from pokerrules.cards import parse_cards
from pokerrules.paigow.analysis.solve import DEFAULT_CHUNK, optimal_strategy_table
from pokerrules.paigow.analysis.strategy_table import StrategyTable
from pokerrules.paigow.game.houseway import WAYS
from pokerrules.paigow.game.rules import PRESETS, SEATS, PaiGowRules, commission_text

__all__ = ["add_solve", "parts_directory", "solve_text"]


def parts_directory(out: str) -> Path:
    """Where ``solve --out FILE`` keeps its finished chunks until the table is saved."""
    return Path(f"{out}.parts")


def solve_text(table: StrategyTable, out: str, seconds: float) -> str:
    """The table's classes, its edge beside the house way's, and the cost by rule."""
    cost = table.house_way_cost()
    result = table.result
    lines = [f"{out}: {len(table):,} classes of hands of a {len(table.deck)}-card deck "
             f"({'suit classes' if table.symmetric else 'every hand'}), the {table.seat}'s "
             f"best play, solved in {seconds:,.0f} s",
             f"{result.total:,} deals: player wins {result.wins:,}, pushes {result.pushes:,}, "
             f"loses {result.losses:,}"]
    if table.seat == "banker":
        charged = commission_text(table.banker_commission)
        lines.append(f"the banker's EV per unit of the player's bet, heads-up: "
                     f"{result.banker_ev:+.6%} at {charged} commission")
    lines += ["", str(cost)]
    return "\n".join(lines)


def _remove_parts(parts: Path) -> None:
    """The finished run's chunk files and manifest, then their directory if empty."""
    for path in [*parts.glob("chunk-*.npz"), parts / "manifest.json"]:
        path.unlink(missing_ok=True)
    try:
        parts.rmdir()
    except OSError:  # other files: not ours to remove
        pass


def _solve(args: argparse.Namespace) -> int:
    rules: PaiGowRules = PRESETS[args.rules]
    if args.commission is not None:
        rules = rules.replace(commission=args.commission, banker_commission=args.commission)
    parts = parts_directory(args.out)
    if parts.exists() and not args.resume:
        raise UsageError(f"{parts} holds the chunks of a stopped run: --resume goes on with it "
                         "(or remove it to start again)")
    deck = None if args.deck is None else parse_cards(args.deck)
    start = time.perf_counter()
    try:
        table = optimal_strategy_table(rules, args.way, seat=args.seat, deck=deck,
                                       workers=args.workers, checkpoint=parts,
                                       chunk_size=args.chunk_size,
                                       progress=False if args.no_progress else None)
    except KeyboardInterrupt:
        done = len(list(parts.glob("chunk-*.npz")))
        return interrupted(f": {done} chunks are saved in {parts}; the same command with "
                           "--resume goes on from there")
    seconds = time.perf_counter() - start
    table.save(args.out)
    _remove_parts(parts)
    if args.json:
        print(json.dumps({"out": args.out, "seat": table.seat, "classes": len(table),
                          "symmetric": table.symmetric,
                          "seconds": seconds, "result": table.result.to_dict(),
                          "house_way_cost": table.house_way_cost().to_dict()}))
    else:
        print(solve_text(table, args.out, seconds))
    return 0


def add_solve(sub: Any, rules_help: dict[str, str], way: Callable[[str], object],
              commission: Callable[[str], float], helps: tuple[str, str]) -> None:
    """The ``solve`` subcommand; ``rules_help``, ``way`` and ``commission`` read
    ``--rules``, ``--way`` and ``--commission`` as the other commands do, and
    ``helps`` are their help texts of ``--rules`` and ``--commission``."""
    solve = sub.add_parser(
        "solve", help="the best setting of every hand against the other seat's way, as a table",
        description="Solve every hand of the deck exactly (one per suit class where the "
        "other seat's way is suit-blind: 6,972,147 for the full deck) for the player's seat "
        "against the banker's way, or with --seat banker for the banker's seat against the "
        "player's way (copies to the banker, the banker's commission), save the strategy "
        "table to --out, and print the exact edge of best play beside the house way's, "
        "and what the house way costs by its rule. Finished "
        "chunks are kept in OUT.parts as they come; Ctrl-C (or a killed run) loses only the "
        "chunks running, and --resume goes on from there.",
        epilog="example (classic rules at the casino's 5% commission):\n"
        "  pokerrules paigow solve --rules classic --way foxwoods "
        "--commission 5% --out foxwoods.prt --workers 2\n"
        "the banker's best response to a Foxwoods player, at 5% on both seats:\n"
        "  pokerrules paigow solve --seat banker --rules casino --way foxwoods "
        "--out banker.prt --workers 2",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    solve.add_argument("--rules", type=preset_argument(PRESETS, rules_help),
                       default="classic", metavar="{" + ",".join(sorted(PRESETS)) + "}",
                       help=helps[0])
    solve.add_argument("--seat", choices=SEATS, default="player",
                       help="the seat whose best play is solved (default player)")
    solve.add_argument("--way", type=way, metavar="WAY",
                       help=f"the other seat's way (the banker's, or the player's with "
                            f"--seat banker): {', '.join(WAYS)} or a house-way "
                            "description file (default: the preset's, foxwoods)")
    solve.add_argument("--commission", type=commission, metavar="FRACTION", help=helps[1])
    solve.add_argument("--out", required=True, metavar="FILE",
                       help="the strategy table's file (its chunks go to FILE.parts meanwhile)")
    solve.add_argument("--workers", type=count_argument, default=1,
                       help="processes (default 1); the table does not depend on it")
    solve.add_argument("--resume", action="store_true",
                       help="go on with the chunks a stopped run left in FILE.parts")
    solve.add_argument("--deck", metavar="CARDS",
                       help="the cards dealt (default all 53), e.g. a small deck to try")
    solve.add_argument("--chunk-size", type=count_argument, default=DEFAULT_CHUNK,
                       metavar="N", help=f"classes per chunk (default {DEFAULT_CHUNK:,})")
    solve.add_argument("--no-progress", action="store_true", help="no progress bar")
    solve.add_argument("--json", action="store_true", help="print JSON")
    solve.set_defaults(run=_solve)

