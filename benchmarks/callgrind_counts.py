"""Instructions per hand of the evaluator's entries, counted by valgrind's callgrind.

    pip install ".[bench]" && python benchmarks/callgrind_counts.py [--hands 50000] [--calls 30000]
        [--only TEXT]

Instruction counts do not move with the machine's load, unlike timings. Each count
runs a fresh ``python`` under ``valgrind --tool=callgrind`` collecting only inside
one C function (``--toggle-collect``), so imports and set-up are not counted: the
batch rows inside the C kernel named in the table, the per-call rows inside
``sys.call_tracing``, which runs the measured Python loop and nothing else. Every
row but the enumeration is a slope: counted at n, 2n and 3n hands (or calls), the
rate is (count(3n) - count(n)) / 2n, which cancels fixed costs, and the row is
flagged when its two steps differ by more than 1% (a count not linear in n).
glibc's mmap threshold is fixed for the runs: its default moves when a large block
is freed, so whether growing the kept results' list copies it would depend on what
the set-up freed. Prints nothing but a note when valgrind is not installed.
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
from pokerrules import format_cards, parse_cards, value_counts
def hands(rules, n, k, seed):
    rng = np.random.default_rng(seed)
    deck = np.array(rules.deck_codes, dtype=np.uint8)
    return np.ascontiguousarray(deck[np.argsort(rng.random((n, len(deck))), axis=1)[:, :k]])
"""

# (label, C function collected, statement run, hands it ranks: "n" or a number)
BATCH = [
    (f"evaluate_many, {rules}, {k} cards, check={check}", "pr_eval_batch_threads",
     f"evaluate_many(h, {rules}, check={check})", rules, k)
    for rules in ("STANDARD", "PAI_GOW", "PIQUET") for k in (7, 6, 5) for check in (True, False)
]
ENUMERATION = [
    ("value_counts(7) / category_counts(7), STANDARD", "pr_enumerate", "value_counts(7)",
     133_784_560),
]


def callgrind(script: str, toggle: str) -> int:
    """Instructions callgrind counts inside the C function ``toggle`` for ``python -c script``."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.out")
        cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
               f"--toggle-collect={toggle}", sys.executable, "-c", script]
        env = {**os.environ, "GLIBC_TUNABLES": "glibc.malloc.mmap_threshold=131072"}
        subprocess.run(cmd, check=True, env=env, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        with open(out) as f:
            text = f.read()
    found = re.search(r"^summary:\s+(\d+)", text, re.M)
    if found is None or int(found.group(1)) == 0:
        raise SystemExit(f"callgrind counted nothing inside {toggle}")
    return int(found.group(1))


def slope(script: str, toggle: str, n: int) -> tuple[float, str]:
    """Instructions per unit of ``script.format(n=...)`` run at n, 2n, 3n, and a linearity note."""
    counts = [callgrind(script.format(n=k * n), toggle) for k in (1, 2, 3)]
    first, second = (counts[1] - counts[0]) / n, (counts[2] - counts[1]) / n
    note = "" if abs(first - second) <= 0.01 * max(first, second) else (
        f"  NOT LINEAR: steps {first:.1f} then {second:.1f}")
    return (counts[2] - counts[0]) / (2 * n), note


# (label, function called, the form of the hand h of seven int codes it is given)
PER_CALL = [
    ("evaluate(codes) per call, results kept", "evaluate", "h"),
    ("rank_value(codes) per call, results kept", "rank_value", "h"),
    ("evaluate(Cards) per call, results kept", "evaluate", "parse_cards(h)"),
    ('evaluate("As Ks Qs ...") per call, results kept', "evaluate", "format_cards(h)"),
    ('evaluate("AsKsQs...") per call, results kept', "evaluate",
     "format_cards(h).replace(' ', '')"),
    ('evaluate(["As", "Ks", ...]) per call, results kept', "evaluate",
     "format_cards(h).split()"),
    ('rank_value("As Ks Qs ...") per call, results kept', "rank_value", "format_cards(h)"),
]

# The measured loop runs inside sys.call_tracing (C: sys_call_tracing): only it is
# counted. Its results are kept in a list, as a caller keeping them pays for.
LOOP = """
import sys
def measured(f, calls):
    return [f(c) for c in calls]
kept = sys.call_tracing(measured, ({func}, calls))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=50_000,
                        help="n of the batch rows (counted at n, 2n and 3n hands)")
    parser.add_argument("--calls", type=int, default=30_000,
                        help="n of the per-call rows (counted at n, 2n and 3n calls)")
    parser.add_argument("--skip-enumeration", action="store_true",
                        help="skip the 133,784,560-hand enumeration (slow under valgrind)")
    parser.add_argument("--only", metavar="TEXT", action="append", default=[],
                        help="count only the rows whose label holds TEXT (and no "
                             "enumeration); may be given several times")
    args = parser.parse_args()

    def wanted(label: str) -> bool:
        return not args.only or any(text in label for text in args.only)

    if shutil.which("valgrind") is None:
        print("valgrind is not installed: no instruction counts")
        return
    n = args.hands
    print(f"{'entry':58s} {'instructions per hand':>22s}")
    for label, func, stmt, rules, k in [row for row in BATCH if wanted(row[0])]:
        script = SETUP + f"h = hands({rules}, {{n}}, {k}, 2026)\n{stmt}\n"
        per, note = slope(script, func, n)
        print(f"{label:58s} {per:22.1f}{note}", flush=True)
    m = args.calls
    if wanted("evaluate_many per call (one-row batch, whole call)"):
        one = SETUP + "calls = [hands(STANDARD, 1, 7, 1)] * {n}\n" + LOOP.format(
            func="evaluate_many")
        per, note = slope(one, "sys_call_tracing", m)
        print(f"{'evaluate_many per call (one-row batch, whole call)':58s} {per:22.0f}{note}")
    for label, func, form in [row for row in PER_CALL if wanted(row[0])]:
        rows = SETUP + f"calls = [{form} for h in hands(STANDARD, {{n}}, 7, 3).tolist()]\n"
        per, note = slope(rows + LOOP.format(func=func), "sys_call_tracing", m)
        print(f"{label:58s} {per:22.1f}{note}", flush=True)
    if not args.skip_enumeration and not args.only:
        # one fixed workload: its table set-up is spread over 133,784,560 hands
        for label, func, stmt, count in ENUMERATION:
            script = SETUP + stmt + "\n"
            print(f"{label:58s} {callgrind(script, func) / count:22.1f}", flush=True)


if __name__ == "__main__":
    main()
