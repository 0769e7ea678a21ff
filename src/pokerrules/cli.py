"""The ``pokerrules`` command: thin argument parsing over the library.

Errors print one line on stderr and exit with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TextIO

from pokerrules._version import __version__
from pokerrules.errors import PokerRulesError
from pokerrules.hands import PAI_GOW, PIQUET, STANDARD, HandRules, evaluate

RULES: dict[str, HandRules] = {"standard": STANDARD, "paigow": PAI_GOW, "piquet": PIQUET}

EPILOG = """examples:
  pokerrules rank "As Ks Qs Js Ts 9d 2c"
  pokerrules rank --rules paigow "Kh Kd Kc 7s Jk 2c 3d" --json
  pokerrules rank --file hands.txt          (one hand per line, JSON lines out)
"""


class UsageError(Exception):
    """A command line that cannot run; reported on one line, status 2."""


def rank_record(text: str, rules: HandRules) -> dict[str, Any]:
    """The JSON-ready result of ranking one hand."""
    hand = evaluate(text, rules)
    return {
        "cards": " ".join(str(c) for c in hand.cards),
        "rules": rules.name,
        "category": hand.category.name,
        "best_five": " ".join(str(c) for c in hand.best_five),
        "description": hand.describe(),
        "value": hand.value,
    }


def run_lines(
    lines: Iterable[str], job: Callable[[str], dict[str, Any]], out: TextIO
) -> int:
    """Runs ``job`` on each non-empty line and writes one JSON line per input line;
    a bad line becomes ``{"line": N, "error": ...}``. Returns 2 if any line was bad."""
    status = 0
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line:
            continue
        try:
            record = job(line)
        except PokerRulesError as exc:
            record = {"line": number, "error": str(exc)}
            status = 2
        out.write(json.dumps(record) + "\n")
    return status


def _rank(args: argparse.Namespace) -> int:
    rules = RULES[args.rules]
    if args.cards:
        record = rank_record(" ".join(args.cards), rules)
        if args.json:
            print(json.dumps(record))
        else:
            print(f"{record['description']}  [{record['category']}]")
            print(f"best five: {record['best_five']}")
        return 0
    if args.file:
        with open(args.file, encoding="utf-8") as handle:
            return run_lines(handle, lambda line: rank_record(line, rules), sys.stdout)
    return run_lines(sys.stdin, lambda line: rank_record(line, rules), sys.stdout)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``pokerrules`` command."""
    parser = argparse.ArgumentParser(
        prog="pokerrules",
        description="Poker hand ranking and the rules of four poker-family games.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"pokerrules {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    rank = sub.add_parser(
        "rank",
        help='rank a hand: pokerrules rank "As Ks Qs Js Ts 9d 2c"',
        description="Rank the best five of 5 to 7 cards. Without CARDS, reads one hand "
        "per line from --file or standard input and writes JSON lines.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    rank.add_argument("cards", nargs="*", help='cards, e.g. "As Ks Qs Js Ts 9d 2c"')
    rank.add_argument("--rules", choices=sorted(RULES), default="standard")
    rank.add_argument("--json", action="store_true", help="print JSON")
    rank.add_argument("--file", metavar="PATH", help="one hand per line")
    rank.set_defaults(run=_rank)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``pokerrules`` command; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help()
        return 2
    try:
        status: int = args.run(args)
    except (PokerRulesError, UsageError, OSError) as exc:
        print(f"pokerrules: error: {exc}", file=sys.stderr)
        return 2
    return status


if __name__ == "__main__":
    sys.exit(main())
