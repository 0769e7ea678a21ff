"""How much `import pokerrules` adds to `import numpy` (median of fresh interpreters).

    python benchmarks/import_time.py [--runs 15]
"""

import argparse
import statistics
import subprocess
import sys

CODE = "import time; t=time.perf_counter(); import {m}; print(time.perf_counter()-t)"


def median_seconds(module: str, runs: int) -> float:
    return statistics.median(
        float(subprocess.check_output([sys.executable, "-c", CODE.format(m=module)]))
        for _ in range(runs)
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    runs = parser.parse_args().runs
    numpy_s = median_seconds("numpy", runs)
    both_s = median_seconds("numpy, pokerrules", runs)
    print(f"import numpy: {numpy_s * 1000:.1f} ms; import numpy, pokerrules: "
          f"{both_s * 1000:.1f} ms; pokerrules adds {(both_s - numpy_s) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
