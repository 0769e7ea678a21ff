"""The process pool's start method: chosen explicitly (never fork by default),
and a caller's own strategy reaches workers started by forkserver or spawn."""

import multiprocessing
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pokerrules import jobs
from pokerrules.errors import ArgumentTypeError, PokerRulesError
from pokerrules.paigow import PaiGowRules, simulate

SCRIPT = Path(__file__).parent / "scripts" / "pool_strategy.py"
UNGUARDED = Path(__file__).parent / "scripts" / "unguarded_pool.py"
PROCESS_CLASS = {"forkserver": "ForkServerProcess", "spawn": "SpawnProcess"}


def run_script(*args):
    # -W error: a warning (such as fork() in a threaded process) fails the run
    return subprocess.run([sys.executable, "-W", "error", str(SCRIPT), *args],
                          capture_output=True, text=True, timeout=300)


@pytest.mark.fast
def test_the_default_start_method_is_never_fork():
    assert jobs.DEFAULT_START_METHOD in ("forkserver", "spawn")
    assert jobs.DEFAULT_START_METHOD in multiprocessing.get_all_start_methods()
    assert jobs.check_start_method(None) == jobs.DEFAULT_START_METHOD
    assert jobs.check_start_method("spawn") == "spawn"


@pytest.mark.fast
@pytest.mark.parametrize("method", ["threads", "", 1, b"spawn"])
def test_unknown_start_methods_are_refused_up_front(method):
    with pytest.raises(PokerRulesError, match="start_method must be one of"):
        simulate(PaiGowRules.casino(), 10, seed=1, workers=2, start_method=method)
    with pytest.raises(PokerRulesError, match="start_method must be one of"):
        jobs.run_chunks(abs, [1], total=1, on_result=print, start_method=method)


@pytest.mark.fast
def test_a_script_strategy_runs_in_a_pool_of_the_default_method():
    done = run_script()
    assert done.returncode == 0, done.stderr
    expected = PROCESS_CLASS[jobs.DEFAULT_START_METHOD]
    assert done.stdout.split() == [expected, "400", "__main__.my_house_way"]
    assert done.stderr == ""


@pytest.mark.skipif(sys.platform == "win32", reason="no forkserver on Windows")
@pytest.mark.parametrize("method", ["forkserver", "spawn"])
def test_a_script_strategy_runs_in_a_pool_of_either_method(method):
    done = run_script(method)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [PROCESS_CLASS[method], "400", "__main__.my_house_way"]
    assert done.stderr == ""


@pytest.mark.fast
@pytest.mark.parametrize("count", [True, False, np.True_, np.bool_(False)])
def test_bools_are_no_counts(count):
    with pytest.raises(ArgumentTypeError, match="rounds must be an int"):
        simulate(PaiGowRules.casino(), count, seed=1)
    with pytest.raises(ArgumentTypeError, match="workers must be an int"):
        simulate(PaiGowRules.casino(), 10, seed=1, workers=count)


@pytest.mark.skipif(sys.platform == "win32", reason="no forkserver on Windows")
@pytest.mark.parametrize("work", ["simulate", "sweep"])
@pytest.mark.parametrize("method", ["forkserver", "spawn"])
def test_a_script_without_the_main_guard_gets_the_advice_alone(method, work):
    done = subprocess.run([sys.executable, str(UNGUARDED), method, work], capture_output=True,
                          text=True, timeout=300)
    assert (done.returncode, done.stdout) == (1, ""), done.stderr
    lines = done.stderr.splitlines()
    # one traceback, the caller's own: the workers end quietly, the pool's error is not chained
    assert done.stderr.count("Traceback") == 1 and lines[0].startswith("Traceback")
    assert lines[-1] == (
        "pokerrules.errors.PokerRulesError: the pool's worker processes died while starting: "
        f"each imports the main script, {UNGUARDED} (start method {method}), and a script "
        "that runs parallel work at its top level starts it again in every worker: it must "
        'start its work under `if __name__ == "__main__":`')
    assert len(lines) < 16, done.stderr
