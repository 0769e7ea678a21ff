"""``pokerrules paigow``: set hands by the house way and play table rounds.

Wired into the main parser by :func:`add_cli`.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from pokerrules.cards import format_cards
from pokerrules.paigow.houseway import HOUSE_WAY_RULES, WAYS, house_way, house_way_rule
from pokerrules.paigow.rules import PaiGowRules
from pokerrules.paigow.setting import Setting, hand_cards, is_foul, settings
from pokerrules.paigow.table import RoundRecord, play_round

__all__ = ["add_cli", "round_text", "set_record"]

PRESETS = {"classic": PaiGowRules.classic, "casino": PaiGowRules.casino}

EPILOG = """examples:
  pokerrules paigow set "As Ah Jk 7c 7d 3s 2h"
  pokerrules paigow set --all --way trump_plaza "9s 9d 4h 4c Jk Td 2c"
  pokerrules paigow set --file hands.txt      (one hand per line, JSON lines out)
  pokerrules paigow round --seats 3 --seed 7 [--json]
"""


def _rules(args: argparse.Namespace) -> PaiGowRules:
    rules = PRESETS[args.rules]()
    return rules.replace(house_way=args.way) if args.way else rules


def _side(setting: Setting, rules: PaiGowRules) -> dict[str, str]:
    hand_rules = rules.hand_rules
    return {"high": format_cards(setting.high), "low": format_cards(setting.low),
            "high_hand": setting.high_rank(hand_rules).describe(),
            "low_hand": setting.low_rank(hand_rules).describe()}


def set_record(text: str, rules: PaiGowRules, all_settings: bool = False) -> dict[str, Any]:
    """The JSON-ready house-way setting of one hand (with ``all_settings``, the
    21 settings too, each marked foul or not)."""
    cards = hand_cards(text)
    chosen = house_way(cards, rules)
    rule = house_way_rule(cards, rules)
    record: dict[str, Any] = {"hand": format_cards(cards), "way": rules.house_way_name,
                              "rule": rule, "rule_name": HOUSE_WAY_RULES[rule],
                              **_side(chosen, rules)}
    if all_settings:
        record["settings"] = [
            {**_side(s, rules), "foul": is_foul(s, rules.hand_rules), "house_way": s == chosen}
            for s in settings(cards)]
    return record


def _print_set(record: dict[str, Any]) -> None:
    print(f"hand:  {record['hand']}")
    print(f"high:  {record['high']:<16}  {record['high_hand']}")
    print(f"low:   {record['low']:<16}  {record['low_hand']}")
    print(f"house way: {record['way']}, rule {record['rule']} ({record['rule_name']})")
    if "settings" in record:
        print()
        print(" #  high             low     ")
        for n, s in enumerate(record["settings"], start=1):
            mark = "FOUL" if s["foul"] else "<- house way" if s["house_way"] else ""
            print(f"{n:2}  {s['high']:<15}  {s['low']:<6}  {mark}".rstrip())


def _set(args: argparse.Namespace) -> int:
    from pokerrules.cli import run_lines

    rules = _rules(args)
    if args.cards:
        record = set_record(" ".join(args.cards), rules, args.all)
        if args.json:
            print(json.dumps(record))
        else:
            _print_set(record)
        return 0

    def job(line: str) -> dict[str, Any]:
        return set_record(line, rules, args.all)

    if args.file:
        with open(args.file, encoding="utf-8") as handle:
            return run_lines(handle, job, sys.stdout)
    return run_lines(sys.stdin, job, sys.stdout)


def round_text(record: RoundRecord) -> str:
    """A round for people: dice, hands, settings and results."""
    rules = record.rules
    lines = [f"dice {' + '.join(map(str, record.dice))} = {sum(record.dice)}: position "
             f"{record.action} takes pile {record.first_pile}"]
    for seat in record.seats:
        who = "banker" if seat.settlement is None else "player"
        lines.append(f"position {seat.position} ({who}, pile {seat.pile}): "
                     f"{format_cards(seat.hand)}")
        high = seat.setting.high_rank(rules.hand_rules).describe()
        low = seat.setting.low_rank(rules.hand_rules).describe()
        lines.append(f"  high {format_cards(seat.setting.high):<15} {high}")
        lines.append(f"  low  {format_cards(seat.setting.low):<15} {low}"
                     + ("   FOUL" if seat.foul else ""))
        if seat.settlement is not None:
            s = seat.settlement
            detail = "foul" if s.high is None else f"high to {s.high}, low to {s.low}"
            lines.append(f"  {s.outcome.value.upper()} ({detail}): {s.net:+g}")
    if record.banker_setting != record.seats[0].setting:
        lines.append(f"banker's hand reset by the house way: {record.banker_setting}")
    lines.append(f"banker {record.banker_net:+g}"
                 + (f" after {record.banker_commission:g} commission"
                    if record.banker_commission else "")
                 + (f"; house {record.house:g}" if record.house else ""))
    return "\n".join(lines)


def _round(args: argparse.Namespace) -> int:
    from pokerrules.cli import UsageError

    rules = _rules(args)
    if args.occupied:
        try:
            occupied = [int(p) for p in args.occupied.split(",")]
        except ValueError:
            raise UsageError(
                f"--occupied takes positions such as 1,3,5, not {args.occupied!r}") from None
    else:
        if not 2 <= args.seats <= rules.positions:
            raise UsageError(f"--seats takes 2 to {rules.positions}, got {args.seats}")
        occupied = list(range(1, args.seats + 1))
    record = play_round(rules, dict.fromkeys(occupied), seed=args.seed,
                        first_pile=args.first_pile)
    print(record.to_json() if args.json else round_text(record))
    return 0


def add_cli(subparsers: Any) -> None:
    """Adds the ``paigow`` command (``set`` and ``round``) to the main parser's
    subparsers."""
    paigow = subparsers.add_parser(
        "paigow", help='Pai Gow Poker: pokerrules paigow set "As Ah Jk 7c 7d 3s 2h"',
        description="Set Pai Gow hands by the house way, or play a table round.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = paigow.add_subparsers(dest="paigow_command", metavar="COMMAND", required=True)

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("--rules", choices=sorted(PRESETS), default="classic",
                       help="rules preset (default classic)")
        p.add_argument("--way", choices=WAYS, help="house way (default: the preset's, foxwoods)")
        p.add_argument("--json", action="store_true", help="print JSON")

    set_ = sub.add_parser(
        "set", help="set a hand by the house way",
        description="Set seven cards by the house way. Without CARDS, reads one hand per "
        "line from --file or standard input and writes JSON lines (a bad line becomes "
        '{"line": N, "error": ...}).', epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    set_.add_argument("cards", nargs="*", help='seven cards, e.g. "As Ah Jk 7c 7d 3s 2h"')
    set_.add_argument("--all", action="store_true", help="list the 21 settings, fouls marked")
    set_.add_argument("--file", metavar="PATH", help="one hand per line")
    common(set_)
    set_.set_defaults(run=_set)

    round_ = sub.add_parser(
        "round", help="play a seeded table round",
        description="Deal a seeded round (piles and dice as in the rules text), set every "
        "hand by the house way and settle each player against the banker (position 1).",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    round_.add_argument("--seats", type=int, default=7,
                        help="occupied positions 1..N, the banker's included (default 7)")
    round_.add_argument("--occupied", metavar="LIST",
                        help="occupied positions instead, e.g. 1,3,5 (1 is the banker)")
    round_.add_argument("--seed", type=int, default=0, help="seed of the deal (default 0)")
    round_.add_argument("--first-pile", type=int, default=1, metavar="N",
                        help="the pile the banker hands out first (default 1)")
    common(round_)
    round_.set_defaults(run=_round)
