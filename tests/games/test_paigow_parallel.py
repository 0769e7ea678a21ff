"""The process pool's start method: chosen explicitly (never fork by default),
and a caller's own strategy reaches workers started by forkserver or spawn."""

import multiprocessing
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pokerrules.errors import ArgumentTypeError, PokerRulesError
from pokerrules.paigow import PaiGowRules, parallel, simulate

SCRIPT = Path(__file__).parent / "scripts" / "pool_strategy.py"
PROCESS_CLASS = {"forkserver": "ForkServerProcess", "spawn": "SpawnProcess"}


def run_script(*args):
    # -W error: a warning (such as fork() in a threaded process) fails the run
    return subprocess.run([sys.executable, "-W", "error", str(SCRIPT), *args],
                          capture_output=True, text=True, timeout=300)


@pytest.mark.fast
def test_the_default_start_method_is_never_fork():
    assert parallel.DEFAULT_START_METHOD in ("forkserver", "spawn")
    assert parallel.DEFAULT_START_METHOD in multiprocessing.get_all_start_methods()
    assert parallel.check_start_method(None) == parallel.DEFAULT_START_METHOD
    assert parallel.check_start_method("spawn") == "spawn"


@pytest.mark.fast
@pytest.mark.parametrize("method", ["threads", "", 1, b"spawn"])
def test_unknown_start_methods_are_refused_up_front(method):
    with pytest.raises(PokerRulesError, match="start_method must be one of"):
        simulate(PaiGowRules.casino(), 10, seed=1, workers=2, start_method=method)
    with pytest.raises(PokerRulesError, match="start_method must be one of"):
        parallel.run_chunks(abs, [1], total=1, on_result=print, start_method=method)


@pytest.mark.fast
def test_a_script_strategy_runs_in_a_pool_of_the_default_method():
    done = run_script()
    assert done.returncode == 0, done.stderr
    expected = PROCESS_CLASS[parallel.DEFAULT_START_METHOD]
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
