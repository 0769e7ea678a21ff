"""Two builds of pokerrules timed by the same pytest-benchmark files, in one run.

    python benchmarks/compare_builds.py --before /path/to/old/venv/bin/python \\
        --after /path/to/new/venv/bin/python [--rounds 5] [--max-time 0.5] [--markdown]

Each interpreter imports its own build (an editable install or a wheel). The bench
files are this folder's, the same for both builds: they import only names that both
builds have. The builds run alternately, round after round, each round in a fresh
process writing ``--benchmark-json``, so that a change in the machine's load falls on
both alike. A row's figure is the median over the rounds of each round's median;
the ratio is after / before, and a row more than ``--slower`` (5%) slower is flagged.
Timings move with the load of a shared machine: confirm a flagged row with
instruction counts (``callgrind_counts.py``), which do not.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
FILES = ("bench_hands.py", "bench_paigow.py", "bench_protocol.py", "bench_eastwest.py",
         "bench_zpoker.py", "bench_chinese_poker.py")


def build_of(python: str) -> str:
    """Where ``python`` imports pokerrules from, and its version."""
    script = "import pokerrules; print(pokerrules.__version__, pokerrules.__file__)"
    return subprocess.run([python, "-c", script], check=True, capture_output=True,
                          text=True, cwd=tempfile.gettempdir()).stdout.strip()


def one_round(python: str, files: list[Path], max_time: float, out: Path) -> dict[str, float]:
    """Each benchmark's median (seconds) in one fresh process of ``python``."""
    # -c /dev/null: no project configuration (its addopts disable benchmarks);
    # run from the temporary folder so that no source tree shadows the build.
    cmd = [python, "-m", "pytest", "-c", os.devnull, "-p", "no:cacheprovider", "-q",
           "-o", "python_files=bench_*.py", "--benchmark-enable",
           f"--benchmark-max-time={max_time}", f"--benchmark-json={out}",
           *map(str, files)]
    done = subprocess.run(cmd, cwd=out.parent, capture_output=True, text=True)
    if not out.exists():
        raise SystemExit(f"{python}: no benchmark results\n{done.stdout[-2000:]}{done.stderr}")
    data = json.loads(out.read_text())
    out.unlink()
    # a benchmark whose own target check failed still has its timings
    return {b["fullname"]: b["stats"]["median"] for b in data["benchmarks"]}


def shown_time(seconds: float) -> str:
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("us", 1e-6)):
        if seconds >= scale:
            return f"{seconds / scale:.3g} {unit}"
    return f"{seconds / 1e-9:.3g} ns"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="the older build's python")
    parser.add_argument("--after", required=True, help="the newer build's python")
    parser.add_argument("--rounds", type=int, default=5, help="processes per build")
    parser.add_argument("--max-time", type=float, default=0.5,
                        help="pytest-benchmark's --benchmark-max-time per benchmark (s)")
    parser.add_argument("--slower", type=float, default=0.05,
                        help="flag a row whose after/before ratio exceeds 1 + this")
    parser.add_argument("--files", nargs="+", default=list(FILES),
                        help="bench files of this folder")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = parser.parse_args()
    files = [HERE / f for f in args.files]
    missing = [str(f) for f in files if not f.exists()]
    if missing:
        raise SystemExit(f"no such bench file: {', '.join(missing)}")
    builds = {"before": args.before, "after": args.after}
    for label, python in builds.items():
        print(f"{label}: {python}: pokerrules {build_of(python)}", file=sys.stderr)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{platform.machine()}, {os.cpu_count()} CPUs, {args.rounds} rounds, "
          f"load {load:.1f} at the start", file=sys.stderr)
    medians: dict[str, dict[str, list[float]]] = {"before": {}, "after": {}}
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(args.rounds):
            for label, python in builds.items():
                print(f"round {r + 1}/{args.rounds}: {label}", file=sys.stderr, flush=True)
                found = one_round(python, files, args.max_time, Path(tmp) / "bench.json")
                for name, median in found.items():
                    medians[label].setdefault(name, []).append(median)
    if hasattr(os, "getloadavg"):
        print(f"load {os.getloadavg()[0]:.1f} at the end", file=sys.stderr)
    names = sorted(set(medians["before"]) | set(medians["after"]))
    width = max(len(n) for n in names)
    sep = " | " if args.markdown else "  "
    head = ["benchmark", "before", "after", "after/before", ""]
    if args.markdown:
        print("| " + " | ".join(head) + " |")
        print("|---|---:|---:|---:|---|")
    else:
        print(f"{head[0]:{width}s}  {head[1]:>10s}  {head[2]:>10s}  {head[3]:>12s}")
    flagged = 0
    for name in names:
        before, after = medians["before"].get(name), medians["after"].get(name)
        b = statistics.median(before) if before else None
        a = statistics.median(after) if after else None
        ratio = a / b if a is not None and b is not None else None
        flag = "SLOWER" if ratio is not None and ratio > 1 + args.slower else ""
        if ratio is None:
            flag = "only in " + ("after" if b is None else "before")
        flagged += flag == "SLOWER"
        cells = [name, "-" if b is None else shown_time(b), "-" if a is None else shown_time(a),
                 "-" if ratio is None else f"{ratio:.3f}", flag]
        if args.markdown:
            print("| " + sep.join(cells) + " |")
        else:
            print(f"{cells[0]:{width}s}  {cells[1]:>10s}  {cells[2]:>10s}  {cells[3]:>12s}  "
                  f"{cells[4]}")
    print(f"{flagged} of {len(names)} rows more than {args.slower:.0%} slower after",
          file=sys.stderr)


if __name__ == "__main__":
    main()
