"""The ``pokerrules`` command: thin argument parsing over the library.

Errors print one line on stderr and exit with status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pokerrules._version import __version__
from pokerrules.chinese_poker import cli as chinese_poker_cli
from pokerrules.cli_common import (
    Commands,
    OneLineParser,
    TurnBasedGame,
    UsageError,
    error_line,
    run_input,
)
from pokerrules.eastwest import cli as eastwest_cli
from pokerrules.errors import PokerRulesError
from pokerrules.hands import PAI_GOW, PIQUET, STANDARD, HandRules, evaluate
from pokerrules.paigow import cli as paigow_cli
from pokerrules.zpoker import cli as zpoker_cli

RULES: dict[str, HandRules] = {"standard": STANDARD, "paigow": PAI_GOW, "piquet": PIQUET}

# Each game's command line: its add_cli(commands) adds a subcommand, or joins
# `pokerrules play NAME` (see pokerrules.cli_common.Commands).
GAME_CLIS: tuple[Callable[[Commands], None], ...] = (
    chinese_poker_cli.add_cli,
    eastwest_cli.add_cli,
    zpoker_cli.add_cli,
    paigow_cli.add_cli,
)

EPILOG = """examples:
  pokerrules rank "As Ks Qs Js Ts 9d 2c"
  pokerrules rank --rules paigow "Kh Kd Kc 7s Jk 2c 3d" --json
  pokerrules rank --file hands.txt          (one hand per line, JSON lines out)
"""


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


def _rank(args: argparse.Namespace) -> int:
    rules = RULES[args.rules]
    if args.cards and args.file:
        raise UsageError("give cards or --file, not both")
    if args.cards:
        record = rank_record(" ".join(args.cards), rules)
        if args.json:
            print(json.dumps(record))
        else:
            print(f"{record['description']}  [{record['category']}]")
            print(f"best five: {record['best_five']}")
        return 0
    return run_input(args.file, lambda line: rank_record(line, rules))


def _play(args: argparse.Namespace) -> int:
    game: TurnBasedGame = args.play_games[args.game]
    options = {"players": args.players} if args.players is not None else {}
    state = game.new_game(seed=args.seed, **options)
    if args.human is not None and args.json:
        raise UsageError("--human plays at the terminal; it does not go with --json")
    if args.human is not None and not 0 <= args.human < state.players:
        raise UsageError(f"there is no seat {args.human}; seats are 0 to {state.players - 1}")
    if args.agents and args.level:
        raise UsageError("give --agents or --level, not both")
    if args.agents:
        names = [name.strip() for name in args.agents.split(",")]
    elif args.level:
        names = [f"level {args.level}"] * state.players
    else:
        names = list(game.DEFAULT_AGENTS)[: state.players]
    if len(names) != state.players:
        raise UsageError(f"{args.game} takes {state.players} agents, got {len(names)}")
    unknown = [n for n in names if n not in game.AGENTS and not args.level]
    if unknown:
        raise UsageError(f"unknown agent {unknown[0]!r}; choose from {sorted(game.AGENTS)}")
    agents = [game.LEVELS[args.level]() if args.level else game.AGENTS[n]() for n in names]
    import numpy as np

    agent_rng = np.random.default_rng([args.seed, 1])
    while state.current_player is not None:
        player = state.current_player
        if not args.json:
            print(game.render(state, viewer=args.human))
        if args.human is not None and player == args.human:
            move = _ask_move(state, player)
        else:
            move = agents[player].choose(state.view(player), state.legal_moves(), agent_rng)
        record = state.play(move, player)
        if not args.json:
            print(f"player {record.player}: {record.move}\n")
    result = state.result()
    if args.json:
        print(json.dumps({"game": args.game, "seed": args.seed, "agents": names,
                          "moves": [r.move for r in state.history],
                          "winners": list(result.winners), "scores": list(result.scores),
                          "detail": result.detail}))
    else:
        print(game.render(state, viewer=args.human))
        print("draw" if result.is_draw else
              "winner: " + ", ".join(f"player {w}" for w in result.winners))
    return 0


def _ask_move(state: Any, player: int) -> Any:
    legal = state.legal_moves()
    while True:
        print("legal: " + "  ".join(str(m) for m in legal))
        try:
            text = input(f"player {player}> ")
        except EOFError:
            raise UsageError("standard input ended before the game did") from None
        try:  # on a copy, to tell the player why a move is refused
            state.clone().play(text, player)
        except PokerRulesError as exc:
            print(f"not a legal move: {text!r}: {exc}")
        else:
            return text


def _play_epilog(play_games: Mapping[str, TurnBasedGame]) -> str:
    lines = ["games, their agents and the default line-up:"]
    for name, game in sorted(play_games.items()):
        lines.append(f"  {name:14s} agents: {', '.join(sorted(game.AGENTS))}; "
                     f"default: {','.join(game.DEFAULT_AGENTS)}")
    lines += ["", "examples:",
              "  pokerrules play east-west --seed 5 --agents montecarlo,greedy",
              "  pokerrules play z-poker --seed 9 --human 1 --level hard",
              "  pokerrules play chinese-poker --players 3 --seed 3 --json"]
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``pokerrules`` command."""
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
        description="Rank the best five of 5 to 7 cards. Without CARDS, reads one hand "
        "per line from --file or standard input and writes JSON lines.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    rank.add_argument("cards", nargs="*", help='cards, e.g. "As Ks Qs Js Ts 9d 2c"')
    rank.add_argument("--rules", choices=sorted(RULES), default="standard")
    rank.add_argument("--json", action="store_true", help="print JSON")
    rank.add_argument("--file", metavar="PATH", help="one hand per line ('-' for stdin)")
    rank.set_defaults(run=_rank)

    play_games: dict[str, TurnBasedGame] = {}
    play = sub.add_parser(
        "play",
        help="play a game with agents: pokerrules play east-west --seed 5",
        description="Play a seeded game between agents (or you, with --human N).",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    game_argument = play.add_argument("game")
    play.add_argument("--seed", type=int, default=0, help="seed of the deal (default 0)")
    play.add_argument("--agents", help="comma-separated agent names, one per player")
    play.add_argument("--json", action="store_true", help="print the record as JSON")
    play.add_argument("--human", type=int, metavar="N", help="you play seat N")
    play.add_argument("--players", type=int, metavar="N", help="number of players")
    play.add_argument("--level", choices=("easy", "normal", "hard"),
                      help="every agent plays at this level (easy: greedy; hard: the "
                           "search; default: the search against a simpler agent)")
    play.set_defaults(run=_play, play_games=play_games)
    commands = Commands(sub, play_games)
    for add_cli in GAME_CLIS:
        add_cli(commands)
    game_argument.choices = sorted(play_games)
    play.epilog = _play_epilog(play_games)
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
    except BrokenPipeError:  # the reader went away (e.g. `| head`): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except OSError as exc:
        sys.stderr.write(error_line(f"{exc.strerror or exc}: {exc.filename}"))
        return 2
    except (PokerRulesError, UsageError) as exc:
        sys.stderr.write(error_line(exc))
        return 2
    return status


if __name__ == "__main__":
    sys.exit(main())
