"""A pool of our own ends cleanly however its run ends: a chunk that raises, a
worker that crashes; nothing is left running (Ctrl-C, SIGTERM and SIGKILL are
tested with the command line in test_paigow_simulate)."""

import multiprocessing
import os
import signal
from concurrent.futures.process import BrokenProcessPool

import pytest

from pokerrules import jobs


def crash_on_twenty(task):
    if task == 20:
        os.kill(os.getpid(), signal.SIGKILL)
    return task


def raise_on_three(task):
    if task == 3:
        raise ArithmeticError(f"chunk {task}")
    return task


def children_left(ceiling=60.0):
    """The live child processes once they had ``ceiling`` seconds to end (the
    pool's workers are joined before run_chunks returns or raises)."""
    for child in multiprocessing.active_children():
        child.join(ceiling)
    return multiprocessing.active_children()


@pytest.mark.parametrize("method", ["forkserver", "spawn"])
def test_a_crashed_worker_breaks_the_run_and_leaves_nothing_running(method):
    results = {}
    with pytest.raises(BrokenProcessPool):  # not taken for a script without the main guard
        jobs.run_chunks(crash_on_twenty, range(40), total=40, workers=2,
                            on_result=results.__setitem__, progress=False,
                            start_method=method)
    assert 20 not in results and all(results[k] == k for k in results)
    assert children_left() == []


def test_a_chunk_that_raises_stops_the_others_and_leaves_nothing_running():
    results = {}
    with pytest.raises(ArithmeticError, match="chunk 3"):
        jobs.run_chunks(raise_on_three, range(50), total=50, workers=2,
                            on_result=results.__setitem__, progress=False)
    assert 3 not in results and all(results[k] == k for k in results)
    assert children_left() == []
    # the next run starts a fresh pool and completes
    results.clear()
    assert jobs.run_chunks(abs, range(-4, 0), total=4, workers=2,
                               on_result=results.__setitem__, progress=False) is False
    assert results == {0: 4, 1: 3, 2: 2, 3: 1}
