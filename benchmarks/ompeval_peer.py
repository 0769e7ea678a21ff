"""pokerrules' batch kernel and enumeration against OMPEval (C++), in one run on the same hands.

    git clone https://github.com/zekyll/OMPEval /tmp/ompeval
    python benchmarks/ompeval_peer.py --ompeval /tmp/ompeval [--hands 10000000] [--repeat 5]

OMPEval is built here from its own source tree (``omp/HandEvaluator.cpp`` with
``g++ -O3 -march=native``, its best case), outside the package, together with a small
driver written by this script; nothing of OMPEval is copied into pokerrules. Without the
path (or ``$OMPEVAL_DIR``) or a C++ compiler the script says so and stops.

Both rank the same seeded random seven-card hands (card code = rank * 4 + suit in both
libraries). Times are thread CPU time (``CLOCK_THREAD_CPUTIME_ID`` in the driver,
``time.thread_time`` here), each the median of ``--repeat`` rounds in which the entries
take turns (so that they share the machine's load); the ratio is hands per CPU-second of
pokerrules over OMPEval's. pokerrules' batch times are whole ``evaluate_many`` calls
writing into an array made beforehand (``out=``), as OMPEval's loop does; the rows
without ``out=`` add a new array's allocation and first touch to each call.
After timing, the two rankings must order a sample of the hands the same way. The
enumeration rows walk all 133,784,560 seven-card hands: pokerrules' ``value_counts(7)``
(the histogram of values) against OMPEval's sequential loop over incrementally built
hands, once summing the values (as in its benchmark.cpp) and once counting them into a
histogram; the faster loop is its figure. The batch kernel in use is printed;
``--kernel scalar`` or ``avx2`` caps it.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

import numpy as np

from pokerrules import STANDARD, _core, evaluate_many, value_counts

DRIVER = r"""
#include "omp/HandEvaluator.h"
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

static double cpu() {
    timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

// driver HANDS.bin N MODE OUT.bin, MODE batch | enum_sum | enum_hist: prints "MODE seconds ..."
int main(int argc, char **argv) {
    if (argc != 5) return 2;
    long n = atol(argv[2]);
    std::string mode = argv[3];
    omp::HandEvaluator eval;
    if (mode == "batch") {
        std::vector<unsigned char> codes(n * 7);
        FILE *f = fopen(argv[1], "rb");
        if (!f || fread(codes.data(), 1, codes.size(), f) != codes.size()) return 1;
        fclose(f);
        std::vector<unsigned short> out(n);
        double t0 = cpu();
        const unsigned char *c = codes.data();
        for (long i = 0; i < n; i++, c += 7) {
            omp::Hand h = omp::Hand::empty() + omp::Hand(c[0]) + omp::Hand(c[1]) +
                          omp::Hand(c[2]) + omp::Hand(c[3]) + omp::Hand(c[4]) +
                          omp::Hand(c[5]) + omp::Hand(c[6]);
            out[i] = eval.evaluate(h);
        }
        printf("batch %.6f\n", cpu() - t0);
        f = fopen(argv[4], "wb");
        fwrite(out.data(), 2, n, f);
        fclose(f);
        return 0;
    }
    int hist_mode = mode == "enum_hist";
    std::vector<unsigned long> hist(65536);
    unsigned long sum = 0, count = 0;
    double t0 = cpu();
    for (unsigned c1 = 0; c1 < 52; c1++) {
      omp::Hand h1 = omp::Hand::empty() + omp::Hand(c1);
      for (unsigned c2 = c1 + 1; c2 < 52; c2++) {
        omp::Hand h2 = h1 + omp::Hand(c2);
        for (unsigned c3 = c2 + 1; c3 < 52; c3++) {
          omp::Hand h3 = h2 + omp::Hand(c3);
          for (unsigned c4 = c3 + 1; c4 < 52; c4++) {
            omp::Hand h4 = h3 + omp::Hand(c4);
            for (unsigned c5 = c4 + 1; c5 < 52; c5++) {
              omp::Hand h5 = h4 + omp::Hand(c5);
              for (unsigned c6 = c5 + 1; c6 < 52; c6++) {
                omp::Hand h6 = h5 + omp::Hand(c6);
                for (unsigned c7 = c6 + 1; c7 < 52; c7++) {
                  unsigned v = eval.evaluate(h6 + omp::Hand(c7));
                  if (hist_mode) hist[v]++;
                  else sum += v;
                  count++;
                }
              }
            }
          }
        }
      }
    }
    double t = cpu() - t0;
    for (unsigned long x : hist) sum += x;
    printf("%s %.6f %lu %lu\n", mode.c_str(), t, count, sum);
    return 0;
}
"""


def build_peer(source: str, work: str) -> str | None:
    """Compiles OMPEval's evaluator and the driver; the executable's path, or None."""
    cxx = os.environ.get("CXX") or shutil.which("g++") or shutil.which("c++")
    if cxx is None:
        print("no C++ compiler: OMPEval not built, nothing compared")
        return None
    driver = os.path.join(work, "driver.cpp")
    with open(driver, "w") as f:
        f.write(DRIVER)
    exe = os.path.join(work, "ompeval_driver")
    cmd = [cxx, "-O3", "-march=native", "-std=c++11", "-pthread", f"-I{source}", driver,
           os.path.join(source, "omp", "HandEvaluator.cpp"), "-o", exe]
    subprocess.run(cmd, check=True)
    return exe


def cpu_of(run: Callable[[], object]) -> float:
    """Thread CPU seconds of one call."""
    start = time.thread_time()
    run()
    return time.thread_time() - start


def same_order(a: np.ndarray, b: np.ndarray) -> bool:
    """True if a and b rank every pair of hands the same way (higher is stronger in both)."""
    order = np.lexsort((b, a))
    sa, sb = a[order], b[order]
    steps, ties = np.diff(sa) > 0, np.diff(sa) == 0
    return bool(np.all(np.diff(sb)[steps] > 0) and np.all(np.diff(sb)[ties] == 0))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ompeval", default=os.environ.get("OMPEVAL_DIR"),
                        help="OMPEval's source tree (holding omp/HandEvaluator.cpp)")
    parser.add_argument("--hands", type=int, default=10_000_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--kernel", choices=["scalar", "avx2", "avx512"], default="avx512",
                        help="the most capable batch kernel allowed (default: the best)")
    parser.add_argument("--skip-enumeration", action="store_true")
    args = parser.parse_args()
    if not args.ompeval or not os.path.exists(
            os.path.join(args.ompeval, "omp", "HandEvaluator.cpp")):
        print(f"OMPEval source not found at {args.ompeval!r} (--ompeval or $OMPEVAL_DIR): "
              "nothing compared")
        return
    kernel = _core._kernel({"scalar": 0, "avx2": 1, "avx512": 2}[args.kernel])
    n, repeat = args.hands, args.repeat
    rng = np.random.default_rng(2026)
    hands = np.empty((n, 7), dtype=np.uint8)
    for start in range(0, n, 1_000_000):  # chunks: argsort of n x 52 at once is large
        m = min(1_000_000, n - start)
        hands[start:start + m] = np.argsort(rng.random((m, 52)), axis=1)[:, :7]
    with tempfile.TemporaryDirectory() as work:
        exe = build_peer(args.ompeval, work)
        if exe is None:
            return
        hands_file, out_file = os.path.join(work, "hands.bin"), os.path.join(work, "out.bin")
        hands.tofile(hands_file)
        print(f"{n:,} seeded seven-card hands; thread CPU time, median of {repeat}; "
              f"pokerrules kernel {['scalar', 'AVX2', 'AVX-512'][kernel]}; "
              f"load average {os.getloadavg()[0]:.1f}", flush=True)
        def peer(mode: str) -> float:
            line = subprocess.run([exe, hands_file, str(n), mode, out_file], capture_output=True,
                                  text=True, check=True).stdout.split()
            if mode != "batch":
                assert int(line[2]) == 133_784_560, line
            return float(line[1])

        # the entries take turns, round after round, so that they share the load
        times: dict[str, list[float]] = {}
        out = np.zeros(n, dtype=np.int32)
        entries: dict[str, Callable[[], float]] = {
            "peer batch": lambda: peer("batch"),
            "ours off": lambda: cpu_of(lambda: evaluate_many(hands, STANDARD, check=False,
                                                             out=out)),
            "ours on": lambda: cpu_of(lambda: evaluate_many(hands, STANDARD, out=out)),
            "ours off new": lambda: cpu_of(lambda: evaluate_many(hands, STANDARD, check=False)),
            "ours on new": lambda: cpu_of(lambda: evaluate_many(hands, STANDARD)),
        }
        if not args.skip_enumeration:
            entries.update({
                "peer enum_sum": lambda: peer("enum_sum"),
                "peer enum_hist": lambda: peer("enum_hist"),
                "ours enum": lambda: cpu_of(lambda: value_counts(7)),
            })
        for _ in range(repeat):
            for name, run in entries.items():
                times.setdefault(name, []).append(run())
        med = {name: statistics.median(ts) for name, ts in times.items()}
        theirs = np.fromfile(out_file, dtype=np.uint16)
        mine = evaluate_many(hands[:200_000], STANDARD)
        if not same_order(mine, theirs[:200_000].astype(np.int64)):
            sys.exit("the two rankings disagree on the sample: no comparison")
        peer_batch = med["peer batch"]
        print(f"{'entry':44s} {'CPU s':>8s} {'M hands/CPU-s':>14s} {'vs OMPEval':>11s}")
        print(f"{'OMPEval evaluate (Hand sums), batch':44s} {peer_batch:8.3f} "
              f"{n / peer_batch / 1e6:14.1f} {1:10.2f}x")
        for label, t in (("pokerrules evaluate_many(out=), check=False", med["ours off"]),
                         ("pokerrules evaluate_many(out=), check=True", med["ours on"]),
                         ("  the same, a new array each call, off", med["ours off new"]),
                         ("  the same, a new array each call, on", med["ours on new"])):
            print(f"{label:44s} {t:8.3f} {n / t / 1e6:14.1f} {peer_batch / t:10.2f}x")
        if args.skip_enumeration:
            return
        total = 133_784_560
        fastest = min(med["peer enum_sum"], med["peer enum_hist"])
        print(f"\nall {total:,} seven-card hands {'CPU s':>19s} {'vs OMPEval fastest':>19s}")
        for label, t in (("OMPEval loop, summing values", med["peer enum_sum"]),
                         ("OMPEval loop, histogram of values", med["peer enum_hist"]),
                         ("pokerrules value_counts(7)", med["ours enum"])):
            print(f"{label:44s} {t:8.3f} {fastest / t:10.2f}x")

if __name__ == "__main__":
    main()
