"""Instructions per hand of the evaluator's entries, counted by valgrind's callgrind.

    pip install ".[bench]" && python benchmarks/callgrind_counts.py [--hands 200000]

Instruction counts do not move with the machine's load, unlike timings. Each entry
runs in a fresh ``python`` under ``valgrind --tool=callgrind``, collecting only
inside the C function named in the table, and the count is divided by the hands
ranked. The per-call entries (``evaluate``, ``rank_value``) are counted whole
(Python loop included) as the difference between two runs of different lengths.
Prints nothing but a note when valgrind is not installed.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

SETUP = """
import numpy as np
from pokerrules import PAI_GOW, PIQUET, STANDARD, evaluate, evaluate_many, rank_value
from pokerrules import value_counts
def hands(rules, n, k, seed):
    rng = np.random.default_rng(seed)
    deck = np.array(rules.deck_codes, dtype=np.uint8)
    return np.ascontiguousarray(deck[np.argsort(rng.random((n, len(deck))), axis=1)[:, :k]])
"""

# (label, C function collected, statement run, hands it ranks: "n" or a number)
BATCH = [
    ("evaluate_many, STANDARD, 7 cards, check=True", "pr_eval_batch_threads",
     "evaluate_many(h, STANDARD)", "STANDARD", 7),
    ("evaluate_many, STANDARD, 7 cards, check=False", "pr_eval_batch_threads",
     "evaluate_many(h, STANDARD, check=False)", "STANDARD", 7),
    ("evaluate_many, STANDARD, 6 cards, check=True", "pr_eval_batch_threads",
     "evaluate_many(h, STANDARD)", "STANDARD", 6),
    ("evaluate_many, STANDARD, 5 cards, check=True", "pr_eval_batch_threads",
     "evaluate_many(h, STANDARD)", "STANDARD", 5),
    ("evaluate_many, PAI_GOW, 7 cards, check=True", "pr_eval_batch_threads",
     "evaluate_many(h, PAI_GOW)", "PAI_GOW", 7),
    ("evaluate_many, PIQUET, 7 cards, check=True", "pr_eval_batch_threads",
     "evaluate_many(h, PIQUET)", "PIQUET", 7),
]
ENUMERATION = [
    ("value_counts(7) / category_counts(7), STANDARD", "pr_enumerate", "value_counts(7)",
     133_784_560),
]


def callgrind(script: str, toggle: str | None) -> int:
    """Instructions callgrind counts for ``python -c script`` (inside ``toggle`` only)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.out")
        cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]
        if toggle:
            cmd.append(f"--toggle-collect={toggle}")
        subprocess.run([*cmd, sys.executable, "-c", script], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(out) as f:
            text = f.read()
    return int(re.search(r"^summary:\s+(\d+)", text, re.M).group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--skip-enumeration", action="store_true",
                        help="skip the 133,784,560-hand enumeration (slow under valgrind)")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: no instruction counts")
        return
    n = args.hands
    print(f"{'entry':58s} {'instructions per hand':>22s}")
    for label, func, stmt, rules, k in BATCH:
        script = SETUP + f"h = hands({rules}, {n}, {k}, 2026)\n{stmt}\n"
        print(f"{label:58s} {callgrind(script, func) / n:22.1f}", flush=True)
    # the fixed cost of a call: a one-row batch, the whole evaluate_many call
    one = SETUP + "h = hands(STANDARD, 1, 7, 1)\nfor _ in range({}):\n    evaluate_many(h)\n"
    fixed = (callgrind(one.format(2000), None) - callgrind(one.format(1000), None)) / 1000
    print(f"{'evaluate_many fixed cost per call (one-row batch)':58s} {fixed:22.0f}")
    m = n // 10
    for label, stmt in (("evaluate(codes) per call, results kept", "[evaluate(r) for r in part]"),
                        ("rank_value(codes) per call, results kept",
                         "[rank_value(r) for r in part]")):
        run = (SETUP + f"rows = hands(STANDARD, {2 * m}, 7, 3).tolist()\n"
               + "part = rows[:{}]\nkept = " + stmt + "\n")
        per = callgrind(run.format(2 * m), None) - callgrind(run.format(m), None)
        print(f"{label:58s} {per / m:22.1f}", flush=True)
    if not args.skip_enumeration:
        for label, func, stmt, count in ENUMERATION:
            script = SETUP + stmt + "\n"
            print(f"{label:58s} {callgrind(script, func) / count:22.1f}", flush=True)


if __name__ == "__main__":
    main()
