"""What a fresh process pays before its first hand: the import, the ``rank`` command,
the first ``evaluate``. Medians over fresh interpreters.

    python benchmarks/import_time.py [--runs 15]

Prints, in milliseconds:

- ``import numpy``, ``import numpy, pokerrules`` and ``import pokerrules`` (which
  imports no numpy), CPU time of the importing thread and, in brackets, wall time
  (as ``python -X importtime`` counts it); and what pokerrules adds to numpy;
- the CPU time (user + system, of the whole process: interpreter start-up
  included) of ``pokerrules rank "As Ks Qs Js Ts 9d 2c"`` run as the console script
  runs it, of ``python -c pass`` for comparison, and of the command less its first
  ``evaluate`` (the ranking tables' build);
- the first ``evaluate`` in a fresh process (after ``import pokerrules``), CPU time.
"""

import argparse
import os
import statistics
import subprocess
import sys

IMPORT = ("import time; t, w = time.thread_time(), time.perf_counter(); import {m}; "
          "print(time.thread_time() - t, time.perf_counter() - w)")
FIRST_EVALUATE = ("import time, pokerrules; t=time.process_time(); "
                  "pokerrules.evaluate('As Ks Qs Js Ts 9d 2c'); print(time.process_time()-t)")
# what the installed console script runs (its module lives beside the package)
COMMAND = ("import sys; sys.argv[0] = 'pokerrules'; "
           "from _pokerrules_command import run; run()")
HAND = "As Ks Qs Js Ts 9d 2c"


def printed_seconds(code: str, runs: int) -> list[float]:
    """The medians of the numbers ``code`` prints (seconds) in ``runs`` fresh interpreters."""
    printed = [[float(x) for x in subprocess.check_output([sys.executable, "-c", code]).split()]
               for _ in range(runs)]
    return [statistics.median(column) for column in zip(*printed)]


def cpu_seconds(args: list[str], runs: int) -> float:
    """The median CPU time (user + system) of a fresh process running ``args``."""
    times = []
    for _ in range(runs):
        child = subprocess.Popen(args, stdout=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode:
            raise SystemExit(f"{args} exited with status {child.returncode}")
        times.append(usage.ru_utime + usage.ru_stime)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    runs = parser.parse_args().runs
    numpy_s, numpy_wall = printed_seconds(IMPORT.format(m="numpy"), runs)
    both_s, both_wall = printed_seconds(IMPORT.format(m="numpy, pokerrules"), runs)
    alone_s, alone_wall = printed_seconds(IMPORT.format(m="pokerrules"), runs)
    print(f"import numpy: {numpy_s * 1000:.1f} ms ({numpy_wall * 1000:.1f}); "
          f"import numpy, pokerrules: {both_s * 1000:.1f} ms ({both_wall * 1000:.1f}); "
          f"pokerrules adds {(both_s - numpy_s) * 1000:.1f} ms "
          f"({(both_wall - numpy_wall) * 1000:.1f}); "
          f"import pokerrules: {alone_s * 1000:.1f} ms ({alone_wall * 1000:.1f})")
    python_s = cpu_seconds([sys.executable, "-c", "pass"], runs)
    rank_s = cpu_seconds([sys.executable, "-c", COMMAND, "rank", HAND], runs)
    (first_s,) = printed_seconds(FIRST_EVALUATE, runs)
    print(f'pokerrules rank "{HAND}": {rank_s * 1000:.0f} ms of CPU '
          f"(python -c pass: {python_s * 1000:.0f} ms); "
          f"without its first evaluate: {(rank_s - first_s) * 1000:.0f} ms")
    print(f"first evaluate in a fresh process: {first_s * 1000:.1f} ms of CPU")


if __name__ == "__main__":
    main()
