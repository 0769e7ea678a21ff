"""``pokerrules paigow``: set hands by the house way and play rounds.

Wired into the main parser by :func:`add_cli`.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from pokerrules._checks import shown
from pokerrules._cli_common import (
    INTERRUPTED,
    Commands,
    UsageError,
    count_argument,
    interrupted,
    preset_argument,
    run_input,
    seed_argument,
)
from pokerrules.cards import Card, format_cards
from pokerrules.errors import PokerRulesError
from pokerrules.hands import PAI_GOW, PIQUET, STANDARD
from pokerrules.paigow.analysis.compare import compare_ways
from pokerrules.paigow.analysis.exact import ExactResult, exact_house_edge
from pokerrules.paigow.analysis.optimal import OptimalEdge, optimal_house_edge
from pokerrules.paigow.analysis.simulate import SimulationResult, simulate
from pokerrules.paigow.analysis.strategy import OptimalSetting, optimal_setting
from pokerrules.paigow.cli_sidebet import add_sidebet
from pokerrules.paigow.cli_solve import add_solve
from pokerrules.paigow.game.description import DescribedWay, load_house_way
from pokerrules.paigow.game.houseway import (
    HOUSE_WAY_RULES,
    WAYS,
    described,
    house_way_and_rule,
)
from pokerrules.paigow.game.round_records import RoundRecord, play_round
from pokerrules.paigow.game.rules import (
    PRESETS,
    PaiGowRules,
    commission_fraction,
    commission_text,
    way_name,
)
from pokerrules.paigow.game.setting import Setting, hand_cards, is_foul, settings

__all__ = ["PUBLISHED_EDGE_COMMAND", "add_cli", "commission_argument", "exact_text",
           "joker_as_ace", "optimal_edge_text", "optimal_text", "round_text", "rules_line",
           "set_record", "simulation_text", "way_argument"]

#: What ``--rules`` of ``pokerrules rank`` takes, as this command's ``--rules`` words it.
_HAND_RULES = {rules.name: f"that names hand rules, for pokerrules rank --rules; a Pai Gow "
                           f"table always ranks by the {PAI_GOW.name} hand rules"
               for rules in (STANDARD, PAI_GOW, PIQUET)}

#: The command that prints the published house edge of the house way, 2.7212%: the
#: rules text's rules (the wheel lowest) with the casino's 5% commission on a win.
PUBLISHED_EDGE_COMMAND = "pokerrules paigow exact --rules classic --way foxwoods --commission 5%"

EPILOG = f"""commission: every command plays at the commission of its --rules preset
(classic: none, even money as the rules text pays; casino: 5%; ez, commission_free,
face_up: none, a banker hand pushing every bet instead) unless --commission says
otherwise, and prints the commission it used. The published house edge of the house way,
2.7212%, comes from the classic rules at the casino's commission:
  {PUBLISHED_EDGE_COMMAND}

examples:
  pokerrules paigow set "As Ah Jk 7c 7d 3s 2h"
  pokerrules paigow set --all --way ballys "9s 9d 4h 4c Jk Td 2c"
  pokerrules paigow set --file hands.txt      (one hand per line, JSON lines out)
  pokerrules paigow round --seats 3 --seed 7 [--json]
  pokerrules paigow optimal "As Jk Qs Qh Qd 7s 2s" [--sample N --seed S] [--json]
  pokerrules paigow simulate --rounds 10000000 --rules casino --seed 1 --workers 2 [--json]
  pokerrules paigow exact --rules classic --way foxwoods --commission 5%
                          [--player-way ballys]
                          [--workers N] [--json]
  pokerrules paigow exact --way my_casino.way --commission 0.05
                          (--way: a built-in way's name or a house-way description file)
  pokerrules paigow optimal-edge --sample 10000 --seed 1 --rules classic --way foxwoods
                          --commission 5% [--workers N] [--json]
  pokerrules paigow solve --rules classic --way foxwoods --commission 5%
                          --out foxwoods.prt [--workers N] [--resume]
"""


def commission_argument(text: str) -> float:
    """The ``type`` of ``--commission``: a fraction from 0 up to 1 ("0.05") or a
    percentage ("5%"), read by :func:`~pokerrules.paigow.game.rules.commission_fraction`."""
    try:
        return commission_fraction(text, "")
    except PokerRulesError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


#: ``--commission``'s help, on every command that plays at a commission.
COMMISSION_HELP = ("the house's commission on a win, the player's and a banking player's: "
                   "0.05 or 5%% (default: the --rules preset's, none for classic, 5%% for "
                   "casino)")

#: ``--rules``'s help, on every command.
RULES_HELP = ("the round's rules: classic (default; the rules text: A-2-3-4-5 the lowest "
              "straight, even money, no commission), casino (A-2-3-4-5 second highest, "
              "5%% commission), or a commission-free table, A-2-3-4-5 second highest, where "
              "one banker hand pushes every bet: ez (the banker's queen-high pai gow), "
              "commission_free (the banker's 9-high low hand), face_up (the banker's "
              "ace-high pai gow; only that push, not the banker's hand shown first); "
              "--commission 5%% plays classic at the casino's commission")

#: The --rules metavar: every preset.
RULES_METAVAR = "{" + ",".join(sorted(PRESETS)) + "}"


def way_argument(text: str, names: tuple[str, ...] = ()) -> str | DescribedWay:
    """The ``type`` of ``--way`` and the other way options: a built-in way's name
    (or one of ``names``), else the path of a house-way description, loaded and
    checked (its errors name the file and the line)."""
    try:
        name: str | None = way_name(text, "the way", names)
    except PokerRulesError:
        name = None
    if name is not None:
        return name
    try:
        return load_house_way(text)
    except PokerRulesError as exc:
        raise argparse.ArgumentTypeError(
            f"takes a way's name ({', '.join((*names, *WAYS))}) or a house-way description "
            f"file; {exc}") from None


def _way_or(*names: str) -> Any:
    def parse(text: str) -> str | DescribedWay:
        return way_argument(text, names)
    parse.__name__ = "way"  # argparse names the option's type in its messages
    return parse


def rules_line(rules: PaiGowRules) -> str:
    """The rules a command played by, for its output: the wheel and both commissions."""
    wheel = "second highest" if rules.wheel_second_highest else "the lowest straight"
    push = f"; the banker's {rules.banker_push} pushes every bet" if rules.banker_push else ""
    push += "; the banker's hand is shown before the player sets" if rules.banker_shown else ""
    return (f"rules: A-2-3-4-5 {wheel}; {commission_text(rules.commission)} commission on a "
            f"player's win, {commission_text(rules.banker_commission)} on a banking "
            f"player's net win{push}")


def _rules(args: argparse.Namespace) -> PaiGowRules:
    rules = PRESETS[args.rules]
    if args.way:
        rules = rules.replace(house_way=args.way)
    commission = getattr(args, "commission", None)
    if commission is not None:  # on a win, the player's and a banking player's alike
        rules = rules.replace(commission=commission, banker_commission=commission)
    return rules


def _side(setting: Setting, rules: PaiGowRules) -> dict[str, str]:
    hand_rules = rules.hand_rules
    return {"high": format_cards(setting.high), "low": format_cards(setting.low),
            "high_hand": setting.high_rank(hand_rules).describe(),
            "low_hand": setting.low_rank(hand_rules).describe()}


#: The house way's rules that count pairs, trips and quads, the joker as an ace.
_COUNTING_RULES = frozenset(rule for rule, name in HOUSE_WAY_RULES.items()
                            if name not in ("straight or flush", "no pair"))


def joker_as_ace(cards: tuple[Card, ...], rule: int) -> bool:
    """Whether the house way's ``rule`` counted the joker as an ace beside a natural
    one: then the rule's name (a full house) may say more than the set hands do
    (three of a kind behind, the joker and the ace in front)."""
    return (rule in _COUNTING_RULES and any(c.is_joker for c in cards)
            and any(str(c).startswith("A") for c in cards))


def set_record(text: str, rules: PaiGowRules, all_settings: bool = False) -> dict[str, Any]:
    """The JSON-ready house-way setting of one hand (with ``all_settings``, the
    21 settings too, each marked foul or not); ``joker_as_ace`` says whether the
    rule counted the joker as an ace."""
    cards = hand_cards(text)
    chosen, number = house_way_and_rule(cards, rules)  # one call into C for both
    way = described(rules.house_way)  # type: ignore[arg-type]
    way_rule, rule = way.rules[number - 1], way.sections[number - 1]
    record: dict[str, Any] = {"hand": format_cards(cards), "way": rules.house_way_name,
                              "rule": rule, "rule_name": HOUSE_WAY_RULES[rule],
                              "way_rule": number, "way_rule_label": way_rule.label,
                              "joker_as_ace": joker_as_ace(cards, rule),
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
    why = ", the joker counted as an ace" if record["joker_as_ace"] else ""
    print(f"house way: {record['way']}, rule {record['rule']} ({record['rule_name']}{why})")
    print(f"           {record['way_rule_label']}")
    if "settings" in record:
        print()
        print(" #  high             low     ")
        for n, s in enumerate(record["settings"], start=1):
            mark = "FOUL" if s["foul"] else "<- house way" if s["house_way"] else ""
            print(f"{n:2}  {s['high']:<15}  {s['low']:<6}  {mark}".rstrip())


def _set(args: argparse.Namespace) -> int:
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

    return run_input(args.file, job)


def round_text(record: RoundRecord) -> str:
    """A round for people: dice, hands, settings and results."""
    rules = record.rules
    lines = [rules_line(rules),
             f"dice {' + '.join(map(str, record.dice))} = {sum(record.dice)}: position "
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
    rules = _rules(args)
    if args.occupied is not None:  # "" is no list of positions, not the default
        if args.seats is not None:
            raise UsageError("give --seats or --occupied, not both")
        try:
            occupied = [int(p) for p in args.occupied.split(",")]
        except ValueError:
            raise UsageError(
                f"--occupied takes positions such as 1,3,5, not {shown(args.occupied)}") from None
        twice = sorted({p for p in occupied if occupied.count(p) > 1})
        if twice:
            raise UsageError(f"--occupied names position {twice[0]} twice")
    else:
        seats = 7 if args.seats is None else args.seats
        if not 2 <= seats <= rules.positions:
            raise UsageError(f"--seats takes 2 to {rules.positions}, got {seats}")
        occupied = list(range(1, seats + 1))
    record = play_round(rules, dict.fromkeys(occupied), seed=args.seed,
                        first_pile=args.first_pile)
    print(record.to_json() if args.json else round_text(record))
    return 0


def optimal_text(result: OptimalSetting) -> str:
    """Every legal setting with its EV, the best and the house way's marked."""
    lines = [f"hand: {format_cards(result.hand)}   ({result.method}: {result.hands:,} "
             f"{'opponent' if result.seat == 'banker' else 'banker'} hands set by "
             f"{result.way}; seat {result.seat}; {commission_text(result.commission)} "
             "commission on a win)",
             "",
             "  high             low       EV       win    push   loss"]
    for v in sorted(result.settings, key=lambda v: -v.ev):
        marks = []
        if v is result.best:
            marks.append("<- best")
        if v.house_way:
            marks.append("<- house way")
        error = f" ±{v.stderr:.4f}" if result.method == "sample" else ""
        lines.append(f"  {format_cards(v.setting.high):<15}  {format_cards(v.setting.low):<6}"
                     f"  {v.ev:+.4f}{error}  {v.win:6.2%} {v.push:6.2%} {v.loss:6.2%}  "
                     f"{' '.join(marks)}".rstrip())
    lines.append("")
    lines.append(f"the house way gives up {result.ev_lost_by_house_way:.4f} per unit")
    return "\n".join(lines)


def _optimal(args: argparse.Namespace) -> int:
    rules = _rules(args)
    text = " ".join(args.cards)
    if args.sample is not None and args.exact:
        raise UsageError("give --exact or --sample N, not both")
    if args.sample is None and args.seed is not None:
        raise UsageError("--seed goes with --sample N (the exact count draws nothing)")
    if args.sample is not None and args.workers != 1:
        raise UsageError("--workers goes with the exact count; a sample runs in one process")
    try:
        if args.sample is not None:
            result = optimal_setting(text, rules, "sample", samples=args.sample,
                                     seed=args.seed or 0, seat=args.seat)
        else:
            result = optimal_setting(text, rules, "exact", seat=args.seat,
                                     workers=args.workers)
    except KeyboardInterrupt:
        return interrupted(": no estimate before the count is complete")
    print(json.dumps(result.to_dict()) if args.json else optimal_text(result))
    return 0


def simulation_text(result: SimulationResult) -> str:
    """The outcome table and the EVs of a simulation."""
    played = f"{result.rounds:,}"
    if result.rounds != result.rounds_requested:
        played += f" of {result.rounds_requested:,}"
    lines = [f"{played} rounds ({result.player} player, {result.banker} banker, "
             f"seed {result.seed})" + ("  INTERRUPTED" if result.interrupted else ""),
             ""]
    ev, ci, edge, banker_ev = (result.player_ev, result.player_ev_ci, result.house_edge,
                               result.banker_ev)
    if ev is None or ci is None or edge is None or banker_ev is None:
        lines.append("no round finished: there are no rates and no EV to show")
        return "\n".join(lines)
    lines.append("  outcome        rate      ± s.e.")
    rows = [("player wins", result.wins), ("push", result.pushes),
            ("player loses", result.losses), ("high copy", result.high_copies),
            ("low copy", result.low_copies)]
    if result.rules.banker_push:  # among the pushes
        rows.append(("banker push", result.banker_pushes))
    for name, count in rows:
        rate = count / result.rounds
        error = result.rate_stderr(rate) or 0.0  # never None: rounds > 0 here
        lines.append(f"  {name:<12} {rate:8.4%}  {error:8.4%}")
    lines.append("")
    lines.append(f"player EV  {ev:+.5f} per unit at {commission_text(result.rules.commission)} "
                 f"commission (95% CI {ci[0]:+.5f} .. {ci[1]:+.5f}); house edge {edge:.3%}")
    lines.append(f"banker EV  {banker_ev:+.5f} per unit (a banking player, after "
                 f"{commission_text(result.rules.banker_commission)} commission)")
    return "\n".join(lines)


def _simulate(args: argparse.Namespace) -> int:
    rules = _rules(args)
    try:
        result = simulate(rules, args.rounds, way=args.banker, player_way=args.player,
                          seed=args.seed, workers=args.workers, chunk_size=args.chunk_size,
                          progress=False if args.no_progress else None)
        print(json.dumps(result.to_dict()) if args.json else simulation_text(result))
    except KeyboardInterrupt:  # outside the chunks, e.g. a second Ctrl-C while printing
        return interrupted()
    return INTERRUPTED if result.interrupted else 0


def exact_text(result: ExactResult) -> str:
    """The exact counts, rates and EV."""
    push = f", the banker's {result.banker_push} pushes" if result.banker_push else ""
    player = "the player's best reply to the shown" if result.player_way == "best_reply" \
        else f"{result.player_way} player,"
    lines = [f"{result.total:,} deals ({player} {result.banker_way} "
             f"banker, A-2-3-4-5 {'second-highest' if result.wheel_second_highest else 'lowest'}"
             f"{push})",
             "", "  outcome                       deals        rate"]
    for name, count in (("player wins", result.wins), ("push", result.pushes),
                        ("player loses", result.losses)):
        lines.append(f"  {name:<12} {count:>25,}  {count / result.total:10.7f}")
    lines.append("")
    lines.append(f"player EV  {result.player_ev:+.7f} per unit at "
                 f"{commission_text(result.commission)} commission; house edge "
                 f"{result.house_edge:.4%}")
    return "\n".join(lines)


def _exact(args: argparse.Namespace) -> int:
    rules = _rules(args)
    result = exact_house_edge(rules, player_way=args.player_way, workers=args.workers,
                              progress=False if args.no_progress else None)
    print(json.dumps(result.to_dict()) if args.json else exact_text(result))
    return 0


def optimal_edge_text(result: OptimalEdge) -> str:
    """The sampled house edge against best play beside the exact house-way edge."""
    return "\n".join([
        f"{result.sample:,} hands solved exactly (seed {result.seed}), banker way {result.way}",
        f"house edge, player setting by the house way (exact)  {result.house_way_edge:.4%}",
        f"mean gain of the best setting over the house way's   {result.mean_gain:.4%}",
        f"house edge against best play (estimate)              {result.estimate:.4%} "
        f"± {result.stderr:.4%} (s.e.), at {commission_text(result.commission)} commission"])


def _optimal_edge(args: argparse.Namespace) -> int:
    rules = _rules(args)
    try:
        result = optimal_house_edge(rules, sample=args.sample, seed=args.seed,
                                    workers=args.workers)
    except KeyboardInterrupt:
        return interrupted(": no estimate before every hand is solved")
    print(json.dumps(result.to_dict()) if args.json else optimal_edge_text(result))
    return 0


def _compare(args: argparse.Namespace) -> int:
    rules = _rules(args)
    try:
        found = compare_ways(args.a, args.b, rules, exact=not args.no_exact,
                             workers=args.workers,
                             progress=False if args.no_progress else None)
    except KeyboardInterrupt:
        return interrupted(": no comparison before every hand is set")
    print(json.dumps(found.to_dict()) if args.json else str(found))
    return 0


def _add_compare(sub: Any) -> None:
    """The ``compare`` subcommand: two house ways side by side."""
    compare = sub.add_parser(
        "compare", help="two house ways: the hands they set otherwise, and their exact edges",
        description="Set every hand of the deck by house ways A and B and count, by the rule "
        "of A that set it, the hands B sets with another front; then count every heads-up "
        "deal exactly with each way on both sides (about a CPU-minute each; --no-exact "
        "skips it) and print each way's wins, pushes, losses and house edge at "
        "the --rules preset's commission (classic: none; casino: 5%) or --commission.",
        epilog="example:\n  pokerrules paigow compare foxwoods ballys "
        "--rules casino [--json]\n  pokerrules paigow compare my_casino.way foxwoods --no-exact",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    compare.add_argument("a", type=way_argument, metavar="A",
                         help=f"a way: {', '.join(WAYS)}, or the path of a description file")
    compare.add_argument("b", type=way_argument, metavar="B",
                         help="the way to compare it with (a name or a file)")
    compare.add_argument("--rules", type=preset_argument(PRESETS, _HAND_RULES),
                         default="classic", metavar=RULES_METAVAR, help=RULES_HELP)
    compare.add_argument("--commission", type=commission_argument, metavar="FRACTION",
                         help=COMMISSION_HELP)
    compare.add_argument("--no-exact", action="store_true",
                         help="only the hands set otherwise, not the exact counts")
    compare.add_argument("--workers", type=count_argument, default=1,
                         help="threads (default 1); the counts do not depend on it")
    compare.add_argument("--no-progress", action="store_true", help="no progress bar")
    compare.add_argument("--json", action="store_true", help="print JSON")
    compare.set_defaults(run=_compare, way=None)


def add_cli(commands: Commands) -> None:
    """Adds the ``paigow`` command (``set``, ``round``, ``optimal``, ``simulate``,
    ``exact``, ``optimal-edge``, ``compare``, ``sidebet``, ``solve``) to the main
    parser's subcommands."""
    paigow = commands.subparsers.add_parser(
        "paigow", help='Pai Gow Poker: pokerrules paigow set "As Ah Jk 7c 7d 3s 2h"',
        description="Set Pai Gow hands by the house way, or play a round.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = paigow.add_subparsers(dest="paigow_command", metavar="COMMAND", required=True)

    def common(p: argparse.ArgumentParser, commission: bool = True) -> None:
        if commission:  # every command but set, which pays nothing
            p.add_argument("--commission", type=commission_argument, metavar="FRACTION",
                           help=COMMISSION_HELP)
        p.add_argument("--rules", type=preset_argument(PRESETS, _HAND_RULES),
                       default="classic", metavar=RULES_METAVAR, help=RULES_HELP)
        p.add_argument("--way", type=way_argument, metavar="WAY",
                       help=f"house way: {', '.join(WAYS)} or a house-way description file "
                            "(default: the preset's, foxwoods)")
        p.add_argument("--json", action="store_true", help="print JSON")

    set_ = sub.add_parser(
        "set", help="set a hand by the house way",
        description="Set seven cards by the house way. Without CARDS, reads one hand per "
        "line from --file or standard input and writes JSON lines (a bad line becomes "
        '{"line": N, "error": ...}).', epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    set_.add_argument("cards", nargs="*", help='seven cards, e.g. "As Ah Jk 7c 7d 3s 2h"')
    set_.add_argument("--all", action="store_true", help="list the 21 settings, fouls marked")
    set_.add_argument("--file", metavar="PATH", help="one hand per line ('-' for stdin)")
    common(set_, commission=False)
    set_.set_defaults(run=_set)

    round_ = sub.add_parser(
        "round", help="play a seeded round",
        description="Deal a seeded round (piles and dice as in the rules text), set every "
        "hand by the house way (under face_up, each player's by the best reply to the "
        "banker's shown hand) and settle each player against the banker (position 1).",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    round_.add_argument("--seats", type=int,
                        help="occupied positions 1..N, the banker's included (default 7)")
    round_.add_argument("--occupied", metavar="LIST",
                        help="occupied positions instead, e.g. 1,3,5 (1 is the banker)")
    round_.add_argument("--seed", type=seed_argument, default=0,
                        help="seed of the deal (default 0)")
    round_.add_argument("--first-pile", type=int, choices=range(1, 8), default=1,
                        metavar="N",
                        help="the pile the banker hands out first (default 1)")
    common(round_)
    round_.set_defaults(run=_round)

    optimal = sub.add_parser(
        "optimal", help="every setting's EV against the banker's house way",
        description="Every legal setting of a hand with its expected value per unit bet "
        "against a banker who sets by the house way (all 53,524,680 banker hands, or a "
        "sample), a win paying 1 less the commission (the --rules preset's, or "
        "--commission); the best marked, the "
        "house way's choice beside it.", epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    optimal.add_argument("cards", nargs="+", help='seven cards, e.g. "As Jk Qs Qh Qd 7s 2s"')
    optimal.add_argument("--exact", action="store_true",
                         help="count every banker hand (the default)")
    optimal.add_argument("--sample", type=count_argument, metavar="N",
                         help="sample N banker hands instead")
    optimal.add_argument("--seed", type=seed_argument, help="seed of --sample (default 0)")
    optimal.add_argument("--seat", choices=("player", "banker"), default="player",
                         help="whose seat the hand is in (default player)")
    optimal.add_argument("--workers", type=count_argument, default=1,
        help="processes (default 1)")
    common(optimal)
    optimal.set_defaults(run=_optimal)

    simulate_ = sub.add_parser(
        "simulate", help="simulate heads-up rounds: win/push/loss rates and EV",
        description="Deal heads-up rounds, set both hands and settle them; print the "
        "outcome rates, the player's EV with its 95% confidence interval and the banker's "
        "EV, at the commission of the --rules preset or --commission. Ctrl-C stops and "
        "prints the rounds done.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    simulate_.add_argument("--rounds", type=count_argument, default=1_000_000,
                           help="rounds (default 1,000,000)")
    simulate_.add_argument("--seed", type=seed_argument, default=0,
                           help="seed of the deals and of optimal's samples (default 0)")
    simulate_.add_argument("--workers", type=count_argument, default=1,
        help="processes (default 1)")
    simulate_.add_argument("--chunk-size", type=count_argument, default=1_000_000,
                           metavar="N", help="rounds per seeded chunk (default 1,000,000)")
    simulate_.add_argument("--player", default="house_way", metavar="WAY",
                           type=_way_or("house_way", "optimal"),
                           help="house_way, optimal, a way's name or a house-way description "
                                "file (default house_way)")
    simulate_.add_argument("--banker", default="house_way", metavar="WAY",
                           type=_way_or("house_way", "optimal"),
                           help="house_way, optimal, a way's name or a house-way description "
                                "file (default house_way)")
    simulate_.add_argument("--no-progress", action="store_true", help="no progress bar")
    common(simulate_)
    simulate_.set_defaults(run=_simulate)

    exact = sub.add_parser(
        "exact", help="count every heads-up deal exactly: wins, pushes, losses and EV",
        description="Count every ordered pair of disjoint hands (C(53,7) x C(46,7)) with "
        "the house way on the banker's side and --player-way on the player's; print the "
        "three counts, the rates and the player's EV at the commission of the --rules "
        "preset or --commission (the published 2.7212%: --rules classic --way foxwoods "
        "--commission 5%). "
        "About a "
        "CPU-minute; a peak of about 500 MiB (800 MiB with two ways). A progress bar shows "
        "on a terminal; Ctrl-C stops the count within about a second.", epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    exact.add_argument("--player-way", type=way_argument, metavar="WAY",
                       help="the player's way: a name or a description file (default: the "
                            "banker's)")
    exact.add_argument("--workers", type=count_argument, default=1,
                       help="threads (default 1; no more than the CPUs); the counts do not "
                            "depend on it")
    exact.add_argument("--no-progress", action="store_true", help="no progress bar")
    common(exact)
    exact.set_defaults(run=_exact)

    optimal_edge = sub.add_parser(
        "optimal-edge", help="the house edge against best play, from a sample solved exactly",
        description="Solve --sample random hands exactly against the banker's way (every "
        "setting against every banker hand) and estimate the house edge against a player "
        "who sets each hand the best way: the exact house-way edge less the mean gain of "
        "the best setting, with its standard error, at the commission of the --rules "
        "preset or --commission. "
        "About two CPU-minutes of fixed work (the exact house-way edge, the banker's table) "
        "plus about 13 CPU-milliseconds a hand: 2,000 hands took 145 CPU-s.", epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    optimal_edge.add_argument("--sample", type=count_argument, required=True, metavar="N",
                              help="hands to solve (at least 2)")
    optimal_edge.add_argument("--seed", type=seed_argument, default=0,
                              help="seed of the hands drawn (default 0)")
    optimal_edge.add_argument("--workers", type=count_argument, default=1,
                              help="threads (default 1; no more than the CPUs)")
    common(optimal_edge)
    optimal_edge.set_defaults(run=_optimal_edge)

    _add_compare(sub)
    add_sidebet(sub, _HAND_RULES, way_argument, (RULES_METAVAR, RULES_HELP))
    add_solve(sub, _HAND_RULES, way_argument, commission_argument, (RULES_HELP, COMMISSION_HELP))
