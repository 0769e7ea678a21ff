"""What the ``pokerrules`` command and every game's subcommand share: the usage
error, the one-line parser and error line, reading input lines (at most
:data:`MAX_LINE` characters each), the Ctrl-C status, and the registry through which
each game adds its subcommand (:class:`Commands`).

Game modules import this, never :mod:`pokerrules.cli`, so the layers point down.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, NoReturn, TextIO

from pokerrules._checks import shown
from pokerrules.errors import PokerRulesError
from pokerrules.shuffle import seed_int
from pokerrules.specs import GameSpec

__all__ = [
    "INTERRUPTED",
    "MAX_LINE",
    "Commands",
    "OneLineParser",
    "UsageError",
    "chance_status",
    "count_argument",
    "error_line",
    "interrupted",
    "preset_argument",
    "print_error",
    "read_line",
    "run_input",
    "run_lines",
    "seed_argument",
]

#: The longest line, in characters, read from a file, standard input or the
#: ``play --human`` prompt; a longer one stops the command with a usage error.
MAX_LINE = 10_000

#: The status of a command stopped by Ctrl-C, as the shell gives it (128 + SIGINT).
INTERRUPTED = 130


class UsageError(Exception):
    """A command line that cannot run; reported on one line, status 2."""


def error_line(message: object) -> str:
    """The one line (newline included) an error prints on stderr."""
    return f"pokerrules: error: {message}\n"


def print_error(message: object) -> None:
    """Prints the error line of ``message`` on stderr, unless stderr is closed."""
    if sys.stderr is not None:
        sys.stderr.write(error_line(message))


def interrupted(what: str = "") -> int:
    """Prints the one line of a command stopped by Ctrl-C (unless stderr is closed);
    returns :data:`INTERRUPTED`."""
    if sys.stderr is not None:
        sys.stderr.write(f"pokerrules: interrupted{what}\n")
    return INTERRUPTED


def read_line(stream: TextIO, source: str, number: int = 1) -> str | None:
    """The next line of ``stream`` without its newline, or None at its end; never
    more than :data:`MAX_LINE` characters are read for it.

    Raises:
        UsageError: a longer line (line ``number`` of ``source``).
        OSError: a read error, naming ``source``.
    """
    try:
        line = stream.readline(MAX_LINE + 1)
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror or str(exc), source) from None
    if not line:
        return None
    if len(line) > MAX_LINE and not line.endswith("\n"):
        raise UsageError(f"line {number} of {source} is longer than {MAX_LINE:,} characters")
    return line.removesuffix("\n")


def _lines(stream: TextIO, source: str) -> Iterator[str]:
    number = 1
    while (line := read_line(stream, source, number)) is not None:
        yield line
        number += 1


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr, status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, error_line(message))


def seed_argument(text: str) -> int:
    """The ``type`` of every ``--seed``: worded as the library words a bad seed."""
    try:
        return seed_int(int(text))
    except (ValueError, PokerRulesError):
        raise argparse.ArgumentTypeError(
            f"a seed is an int from 0 to 2**53 - 1, not {shown(text)}") from None


def chance_status(state: Any) -> str:
    """The line a game's ``render`` ends with while ``state`` (a game of the shared
    protocol) waits at a chance node."""
    left = len(state.chance_outcomes())
    return f"chance deals the next card (one of {left} undealt card{'s' * (left != 1)})"


def preset_argument(presets: Iterable[str], elsewhere: Mapping[str, str]) -> Callable[[str], str]:
    """The ``type`` of a ``--rules`` option: the name of one of ``presets``, in any
    case. A name that another command's ``--rules`` takes (``elsewhere``: name -> what
    it is there) is told apart from a typo, since ``rank`` and ``paigow`` both say
    ``--rules`` for the rules of what they do (hand rules; a table's rules)."""
    names = sorted(presets)

    def preset(text: str) -> str:
        name = text.lower()
        if name in names:
            return name
        there = f" ({elsewhere[name]})" if name in elsewhere else ""
        raise argparse.ArgumentTypeError(
            f"choose from {', '.join(names)}, not {shown(text)}{there}")

    return preset


def count_argument(text: str) -> int:
    """The ``type`` of options that count (rounds, workers, samples, players):
    an int of 1 or more."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value < 2**63:  # the C kernels count in int64
        raise argparse.ArgumentTypeError(
            f"takes a whole number from 1 to 2**63 - 1, not {shown(text)}")
    return value


def run_lines(
    stream: TextIO, source: str, job: Callable[[str], dict[str, Any]], out: TextIO
) -> int:
    """Runs ``job`` on each line of ``stream`` (named ``source`` in errors, stripped
    of surrounding blanks) and writes one JSON line per input line, so that output
    line N answers input line N; a bad line (a blank one too: ``job`` refuses it)
    becomes ``{"line": N, "error": ...}``. Returns 2 if any line was bad.

    Raises:
        UsageError: a line longer than :data:`MAX_LINE` (the lines before it are done).
    """
    status = 0
    for number, raw in enumerate(_lines(stream, source), start=1):
        try:
            record = job(raw.strip())
        except PokerRulesError as exc:
            record = {"line": number, "error": str(exc)}
            status = 2
        out.write(json.dumps(record) + "\n")
    return status


def run_input(path: str | None, job: Callable[[str], dict[str, Any]]) -> int:
    """:func:`run_lines` on the file at ``path``, or on standard input when it is
    None or "-"."""
    if path and path != "-":
        # a BOM is skipped; undecodable bytes spoil only their own line
        with open(path, encoding="utf-8-sig", errors="replace") as handle:
            return run_lines(handle, path, job, sys.stdout)
    if sys.stdin is None:  # started with it closed (`<&-`)
        raise UsageError("no input to read: standard input is closed (give the hands on "
                         "the command line or with --file PATH)")
    if sys.stdin.isatty() and sys.stderr is not None:
        print("reading hands from standard input, one per line (end with Ctrl-D)",
              file=sys.stderr)
    if isinstance(sys.stdin, io.TextIOWrapper):
        sys.stdin.reconfigure(errors="replace")
    return run_lines(sys.stdin, "standard input", job, sys.stdout)


class Commands:
    """The main parser's subcommands, handed to each command's ``add_cli``.

    A game with a command of its own (Pai Gow's ``paigow``, a spec's ``add_cli``)
    adds it to :attr:`subparsers`; every game of the registry
    (:mod:`pokerrules.specs`) joins ``pokerrules play`` with :meth:`add_play_game`.
    """

    def __init__(self, subparsers: Any, play_games: dict[str, GameSpec]) -> None:
        self.subparsers = subparsers
        self.play_games = play_games

    def add_play_game(self, spec: GameSpec) -> None:
        """Makes the game of ``spec`` playable as ``pokerrules play NAME``, NAME
        being its name."""
        self.play_games[spec.name] = spec
