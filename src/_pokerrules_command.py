"""The ``pokerrules`` console script's entry point.

It lives outside the ``pokerrules`` package, whose import loads the compiled core
(and, for every command but ``rank``, numpy and the games): the console script
imports this module first, so a Ctrl-C while those load prints the command's one
line and exits with status 130, as a Ctrl-C later does (see :mod:`pokerrules.cli`),
instead of a traceback. It imports nothing heavy itself.
"""

from __future__ import annotations

import sys
from typing import NoReturn

#: What a Ctrl-C prints and the status it exits with, as ``pokerrules._cli_common``
#: words them (its import is what may be interrupted, so they are written here).
INTERRUPTED_LINE = "pokerrules: interrupted\n"
INTERRUPTED = 130


def run() -> NoReturn:
    """The ``pokerrules`` command: imports :mod:`pokerrules.cli` and runs it."""
    try:
        from pokerrules.cli import run as run_command
    except KeyboardInterrupt:
        if sys.stderr is not None:  # None: started with it closed
            sys.stderr.write(INTERRUPTED_LINE)
        sys.exit(INTERRUPTED)
    run_command()
