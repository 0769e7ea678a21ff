"""The ``pokerrules`` command: thin argument parsing over the library.

Errors print one line on stderr and exit with status 2 (standard output closed, or
standard input closed where it is read, included); Ctrl-C prints one line and exits
with status 130. ``pokerrules rank`` imports no game: the games' command
lines are imported only to build the other commands.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, NoReturn

from pokerrules._checks import shown
from pokerrules._cli_common import (
    INTERRUPTED,
    Commands,
    OneLineParser,
    UsageError,
    count_argument,
    interrupted,
    preset_argument,
    print_error,
    read_line,
    run_input,
    seed_argument,
)
from pokerrules._version import __version__
from pokerrules.cards import format_cards, parse_cards
from pokerrules.errors import CardNotInDeckError, HandSizeError, PokerRulesError
from pokerrules.hands import (
    PAI_GOW,
    PIQUET,
    STANDARD,
    HandRules,
    evaluate,
    evaluate_partial,
    evaluate_two,
)
from pokerrules.specs import LEVELS, GameSpec, game_specs, game_tools

RULES: dict[str, HandRules] = {"standard": STANDARD, "paigow": PAI_GOW, "piquet": PIQUET}


class _TableRules(Mapping[str, str]):
    """What ``--rules`` of ``pokerrules paigow`` takes, as ``rank --rules`` words it.
    Read only when ``rank --rules`` refuses a name, so Pai Gow is imported only then."""

    def _presets(self) -> Mapping[str, object]:
        from pokerrules.paigow.game.rules import PRESETS

        return PRESETS

    def __getitem__(self, name: str) -> str:
        if name not in self._presets():
            raise KeyError(name)
        return ("that names a Pai Gow round's rules, for pokerrules paigow ... --rules; "
                "rank ranks Pai Gow hands with --rules paigow")

    def __iter__(self) -> Iterator[str]:
        return iter(self._presets())

    def __len__(self) -> int:
        return len(self._presets())


_TABLE_RULES = _TableRules()

EPILOG = """examples:
  pokerrules rank "As Ks Qs Js Ts 9d 2c"
  pokerrules rank --rules paigow "Kh Kd Kc 7s Jk 2c 3d" --json
  pokerrules rank "Jk As"                       (a two-card hand, Pai Gow rules)
  pokerrules rank "Kh Kd 3c"                    (a partial hand)
  pokerrules rank --file hands.txt          (one hand per line, JSON lines out)
"""


def rank_record(text: str, rules: HandRules | None, partial: bool = False) -> dict[str, Any]:
    """The JSON-ready result of ranking one hand, chosen by its number of cards:
    5 to 7 cards, the best five (:func:`~pokerrules.evaluate`); 2 cards, the
    two-card hand (:func:`~pokerrules.evaluate_two`, Pai Gow's low hand); 1, 3
    or 4 cards, a partial hand (:func:`~pokerrules.evaluate_partial`). With
    ``partial``, 1 to 5 cards rank as a partial hand. No cards at all (an empty
    argument or a blank line) is an error: it is a mistake, not a hand. Without
    ``rules`` (None) a hand ranks under :data:`~pokerrules.STANDARD`, or under
    :data:`~pokerrules.PAI_GOW` when it holds the joker, as
    :func:`~pokerrules.evaluate_two` and :func:`~pokerrules.evaluate_partial` do.

    Raises:
        PokerRulesError: a bad card, a joker under rules other than the Pai Gow rules
            (worded for ``--rules paigow``), or a number of cards that cannot be ranked.
    """
    cards = parse_cards(text)  # the one parse: the ranking reads these Cards, not the text
    if rules is None:  # the joker is in the Pai Gow deck alone
        rules = PAI_GOW if any(card.is_joker for card in cards) else STANDARD
    if any(card.is_joker for card in cards) and rules.name != "paigow":
        raise CardNotInDeckError(
            f"Jk (the joker) is in the Pai Gow deck only: rank it with --rules paigow "
            f"(the {rules.name} deck has no joker)")
    count = len(cards)
    cards_text = format_cards(cards)  # the rank's cards: those given, in their order
    if count == 0:
        raise HandSizeError("no cards to rank: rank takes 1 to 7 cards, such as "
                            '"As Ks Qs Js Ts 9d 2c"')
    if partial and count > 5:
        raise HandSizeError(f"--partial ranks 1 to 5 cards, got {count}: {cards_text}")
    if count > 7:
        raise HandSizeError(f"rank takes 1 to 7 cards, got {count}: {cards_text}")
    if partial or count < 5:
        hand = (evaluate_two if count == 2 and not partial else evaluate_partial)(cards, rules)
    else:
        hand = evaluate(cards, rules)
    record = {
        "cards": cards_text,
        "rules": rules.name,
        "kind": hand.kind,
        "category": hand.category.name,
        "description": hand.describe(),
        "value": hand.value,
    }
    if hand.kind == "five-card":
        record["best_five"] = format_cards(hand.best_five)
    return record


def _rank(args: argparse.Namespace) -> int:
    rules = None if args.rules is None else RULES[args.rules]
    if args.cards and args.file:
        raise UsageError("give cards or --file, not both")
    if args.cards:
        record = rank_record(" ".join(args.cards), rules, args.partial)
        if args.json:
            print(json.dumps(record))
        elif "best_five" in record:
            print(f"{record['description']}  [{record['category']}]")
            print(f"best five: {record['best_five']}")
        else:
            print(f"{record['description']}  [{record['category']}, {record['kind']} hand]")
        return 0
    return run_input(args.file, lambda line: rank_record(line, rules, args.partial))


def _play(args: argparse.Namespace) -> int:
    game: GameSpec = args.play_games[args.game]
    tools = game_tools(game)
    options = {"players": args.players} if args.players is not None else {}
    given = None if args.agents is None else _agent_list(args.agents)
    if given is not None and not all(given):  # "" is no line-up, not the default one
        raise UsageError(f"--agents takes agent names, one per seat, such as "
                         f"{','.join(tools.default_agents)}; not {shown(args.agents)}")
    inferred = given is not None and args.players is None  # one player per agent
    if given is not None and inferred:
        options["players"] = len(given)
    try:
        if "players" in options:
            game.check_players(options["players"])
        state = game.new_game(seed=args.seed, **options)
    except PokerRulesError as error:
        if not inferred:
            raise
        named = options["players"]
        raise UsageError(
            f"--agents names {named} agent{'s' * (named != 1)}: {error}") from None
    if args.human is not None and (args.json or args.quiet):
        flag = "--json" if args.json else "--quiet"
        raise UsageError(f"--human plays at the terminal; it does not go with {flag}")
    if args.human is not None and not 0 <= args.human < state.players:
        raise UsageError(f"there is no seat {args.human}; seats are 0 to {state.players - 1}")
    if args.human is not None and sys.stdin is None:
        raise UsageError("--human reads your moves from standard input, which is closed")
    if given is not None and args.level:
        raise UsageError("give --agents or --level, not both")
    if given is not None:
        names = given
    elif args.level:
        names = [f"level {args.level}"] * state.players
    else:
        names = list(tools.default_agents)[: state.players]
    if len(names) != state.players:
        raise UsageError(f"{args.game} takes {state.players} agents, got {len(names)}")
    agents = [tools.levels[args.level]() if args.level else _agent(tools.agents, n)
              for n in names]
    import numpy as np

    agent_rng = np.random.default_rng([args.seed, 1])
    show = not (args.json or args.quiet)
    while state.current_player is not None:
        player = state.current_player
        if show:
            print(tools.render(state, viewer=args.human))
        if args.human is not None and player == args.human:
            move = _ask_move(game, state, player)
            if move is None:
                played = len(state.history)
                print(f"you left the game after {played} move{'' if played == 1 else 's'}")
                return 0
        else:
            move = agents[player].choose(state.view(player), state.legal_moves(), agent_rng)
        record = state.play(move, player)
        if show:
            print(f"player {record.player}: {record.move}\n")
    result = state.result()
    if args.json:
        print(json.dumps({"game": args.game, "seed": args.seed, "agents": names,
                          "moves": [r.move for r in state.history],
                          "winners": list(result.winners), "scores": list(result.scores),
                          "detail": result.detail}))
        return 0
    if show:
        print(tools.render(state, viewer=args.human))
    winners = "draw" if result.is_draw else \
        "winner: " + ", ".join(f"player {w}" for w in result.winners)
    if args.quiet:
        winners += "; scores: " + ", ".join(
            f"player {p} {score:g}" for p, score in enumerate(result.scores))
    print(winners)
    return 0


def _agent_list(text: str) -> list[str]:
    """The agents of ``--agents``, split at its commas; in a path (after an agent's
    colon, as in ``learned:PATH``) a doubled comma (``,,``) is a comma of the path,
    not a split. Elsewhere ``,,`` stays an empty name, which is refused."""
    agents, current, at = [], "", 0
    while at < len(text):
        if text[at] != ",":
            current += text[at]
            at += 1
        elif ":" in current and text.startswith(",,", at):
            current += ","
            at += 2
        else:
            agents.append(current.strip())
            current, at = "", at + 1
    return [*agents, current.strip()]


def _agent(known: Mapping[str, Callable[..., Any]], given: str) -> Any:
    """The agent ``given`` names: an agent's name, or ``learned:PATH``, the learned
    agent playing the weight file PATH (everything after the first colon, so the
    path may hold colons)."""
    name, colon, path = given.partition(":")
    if name not in known:
        raise UsageError(f"unknown agent {shown(given if not colon else name)}; choose from "
                         f"{', '.join(sorted(known))}")
    if not colon:
        return known[name]()
    if name != "learned":
        raise UsageError(f"agent {name} takes no weight file: only learned:PATH takes one, "
                         f"not {shown(given)}")
    if not path:
        raise UsageError("learned:PATH needs the path of a weight file after the colon")
    return known[name](weights=path)


HUMAN_HELP = "type a move, 'help' for the legal moves, or 'quit' to leave the game"


def _ask_move(game: GameSpec, state: Any, player: int) -> Any:
    """The human's move, read from standard input with the game's move codec
    (:attr:`GameSpec.parse_move`); None when they quit. A forced move (the only legal
    one) is played for them."""
    legal = state.legal_moves()
    if len(legal) == 1:
        print(f"only one legal move, {legal[0]}: played for you")
        return legal[0]
    listed = "  ".join(str(m) for m in legal) if len(legal) <= 8 else f"{len(legal)} moves"
    print(f"legal: {listed} ('help' lists them, 'quit' leaves the game)")
    while True:
        print(f"player {player}> ", end="", flush=True)
        line = read_line(sys.stdin, "standard input")
        if line is None:
            raise UsageError("standard input ended before the game did")
        text = line.strip()
        if text.lower() in ("help", "?"):
            print(_legal_text(legal))
            continue
        if text.lower() in ("quit", "exit"):
            return None
        if not text:
            print(HUMAN_HELP)
            continue
        try:  # on a copy, to tell the player why a move is refused
            move = game.parse_move(text)
            state.clone().play(move, player)
        except PokerRulesError as exc:
            print(f"not a legal move: {shown(text)}: {exc} ('help' lists the legal moves)")
        else:
            return move


def _legal_text(legal: Sequence[Any], width: int = 78) -> str:
    """The legal moves in aligned columns, as many as fit in ``width``."""
    texts = [str(move) for move in legal]
    cell = max(len(t) for t in texts) + 3
    per_line = max(1, width // cell)
    lines = [f"legal moves ({len(texts)}):"]
    for start in range(0, len(texts), per_line):
        lines.append("  " + "".join(t.ljust(cell) for t in texts[start:start + per_line]).rstrip())
    return "\n".join(lines)


def _play_epilog(play_games: Mapping[str, GameSpec]) -> str:
    lines = ["games, their agents and the default line-up:"]
    for name, game in sorted(play_games.items()):
        tools = game_tools(game)
        lines.append(f"  {name:14s} agents: {', '.join(sorted(tools.agents))}; "
                     f"default: {','.join(tools.default_agents)}")
    lines += ["", "examples:",
              "  pokerrules play east-west --seed 5 --agents montecarlo,greedy",
              "  pokerrules play z-poker --agents learned:z-poker.npz,search"
              "      (weights from python -m pokerrules.learn)",
              "  pokerrules play z-poker --seed 9 --human 1 --level hard"
              "      (at the prompt: a move, 'help' or 'quit')",
              "  pokerrules play chinese-poker --seed 3 --quiet",
              "  pokerrules play chinese-poker --players 3 --seed 3 --json"]
    return "\n".join(lines)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser of the ``pokerrules`` command; with ``only="rank"``, of
    its ``rank`` command alone (the other commands import the games)."""
    parser = OneLineParser(
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
        description="Rank a hand by its number of cards: 5 to 7 cards, the best five; "
        "2 cards, the two-card hand (Pai Gow's low hand); 1, 3 or 4 cards, a partial "
        "hand (only pairs, trips and quads, then the kickers). Without CARDS, reads one "
        "hand per line from --file or standard input and writes JSON lines.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    rank.add_argument("cards", nargs="*", help='cards, e.g. "As Ks Qs Js Ts 9d 2c"')
    rank.add_argument("--rules", type=preset_argument(RULES, _TABLE_RULES),
                      metavar="{paigow,piquet,standard}",
                      help="the hand rules: standard (default; paigow for a hand with the "
                           "joker), paigow (the 53-card deck with the joker) or piquet (the "
                           "32-card deck)")
    rank.add_argument("--partial", action="store_true",
                      help="rank 1 to 5 cards as a partial hand (2 and 5 cards too)")
    rank.add_argument("--json", action="store_true", help="print JSON")
    rank.add_argument("--file", metavar="PATH", help="one hand per line ('-' for stdin)")
    rank.set_defaults(run=_rank)
    if only == "rank":
        return parser

    play_games: dict[str, GameSpec] = {}
    play = sub.add_parser(
        "play",
        help="play a game with agents: pokerrules play east-west --seed 5",
        description="Play a seeded game between agents (or you, with --human N).",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    game_argument = play.add_argument("game")
    play.add_argument("--seed", type=seed_argument, default=0,
                      help="seed of the deal (default 0)")
    play.add_argument("--agents", help="comma-separated agent names, one per player; "
                                       "learned:PATH plays a weight file (a comma in PATH "
                                       "is written twice)")
    output = play.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print the record as JSON")
    output.add_argument("--quiet", action="store_true",
                        help="print only the result (the winners and the scores)")
    play.add_argument("--human", type=int, metavar="N", help="you play seat N")
    play.add_argument("--players", type=count_argument, metavar="N",
                      help="number of players (default: one per --agents name, else the "
                           "game's own)")
    play.add_argument("--level", choices=LEVELS,
                      help="every agent plays at this level (easy: greedy; hard: the "
                           "search; default: the search against a simpler agent)")
    play.set_defaults(run=_play, play_games=play_games)
    commands = Commands(sub, play_games)
    for spec in game_specs():
        commands.add_play_game(spec)
        add_game_cli = game_tools(spec).add_cli
        if add_game_cli is not None:
            add_game_cli(commands)
    game_argument.choices = sorted(play_games)
    play.epilog = _play_epilog(play_games)
    return parser


def _drop_stdout() -> None:
    """Points standard output at /dev/null, so that the flush at exit does not fail
    again on what could not be written."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):  # no file descriptor (a captured stdout)
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command line ``argv`` (default: ``sys.argv[1:]``); returns the exit status
    (:func:`run` is the installed ``pokerrules`` command)."""
    if argv is None:
        argv = sys.argv[1:]
    try:
        # `rank ...` parses as the full parser would: its subparser is the same
        parser = build_parser("rank" if argv[:1] == ["rank"] else None)
        args = parser.parse_args(argv)
        if not getattr(args, "run", None):
            parser.print_help()
            return 2
        if sys.stdout is None:  # started with it closed (`>&-`): nowhere to answer
            raise UsageError("standard output is closed: pokerrules writes its results there")
        status: int = args.run(args)
        sys.stdout.flush()  # a full disk shows here, not in the interpreter's exit
    except KeyboardInterrupt:
        return interrupted()
    except BrokenPipeError:  # the reader went away (e.g. `| head`): stop quietly
        _drop_stdout()
        return 1
    except OSError as exc:
        # a file's errors carry its name; a nameless one came from writing the output
        if exc.filename is None:
            _drop_stdout()
        where = "standard output" if exc.filename is None else exc.filename
        print_error(f"{exc.strerror or exc}: {where}")
        return 2
    except (PokerRulesError, UsageError) as exc:
        print_error(exc)
        return 2
    return status


if __name__ == "__main__":
    sys.exit(main())


def run() -> NoReturn:
    """The ``pokerrules`` command: exits with the status of :func:`main`.

    Once Ctrl-C has decided the status, a second Ctrl-C is ignored, so that the
    interpreter's exit (which may still be joining worker processes) ends quietly.
    """
    status = main()
    if status == INTERRUPTED and threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    sys.exit(status)
