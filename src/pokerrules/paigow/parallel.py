"""Runs independent chunks of work in this process, a local process pool or
any :class:`concurrent.futures.Executor` (a Dask or Ray client's executor runs
them on a cluster), with an optional progress bar and a clean stop on Ctrl-C.

A chunk's result depends only on its task, never on where it ran, so the same
tasks give the same results whatever runs them.
"""

from __future__ import annotations

import signal
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from typing import Any, TypeVar

from pokerrules.errors import PokerRulesError

__all__ = ["check_workers", "run_chunks"]

T = TypeVar("T")
R = TypeVar("R")


def check_workers(workers: int, executor: Executor | None) -> None:
    """Raises :class:`PokerRulesError` for a bad ``workers`` or ``executor``."""
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise PokerRulesError(f"workers must be a positive int, not {workers!r}")
    if executor is not None and not isinstance(executor, Executor):
        if not callable(getattr(executor, "submit", None)):
            raise PokerRulesError(f"executor must be a concurrent.futures.Executor, "
                                  f"not {executor!r}")
    if executor is not None and workers != 1:
        raise PokerRulesError("give workers or executor, not both")


def _ignore_interrupts() -> None:
    """Pool workers leave Ctrl-C to the parent, which stops the run cleanly."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _progress_bar(total: int, show: bool | None, desc: str) -> Any:
    """A tqdm bar, or None when it is off or tqdm is missing. ``show=None``:
    on when there is more than one chunk and stderr is a terminal."""
    if show is None:
        show = total > 1 and sys.stderr.isatty()
    if not show:
        return None
    try:
        from tqdm import tqdm  # type: ignore[import-untyped, unused-ignore]
    except ImportError:  # the bar is a convenience; the run goes on without it
        return None
    return tqdm(total=total, desc=desc, unit="chunk", file=sys.stderr)


def run_chunks(
    fn: Callable[[T], R],
    tasks: Sequence[T],
    *,
    workers: int = 1,
    executor: Executor | None = None,
    progress: bool | None = None,
    desc: str = "",
    on_result: Callable[[R], None] | None = None,
) -> tuple[list[R | None], bool]:
    """Runs ``fn`` on every task.

    Args:
        fn: a picklable module-level function (for pools and clusters).
        tasks: picklable arguments, one per chunk.
        workers: 1 runs here; N > 1 uses a local ProcessPoolExecutor of N processes.
        executor: any Executor instead (left open: its owner shuts it down).
        progress: show a progress bar (None: only on a terminal).
        on_result: called in this process with each result as it arrives.

    Returns:
        (results, interrupted): results in task order, None for a chunk that
        did not finish because Ctrl-C stopped the run (then interrupted is True).
    """
    check_workers(workers, executor)
    results: list[R | None] = [None] * len(tasks)
    bar = _progress_bar(len(tasks), progress, desc)

    def done(index: int, value: R) -> None:
        results[index] = value
        if on_result is not None:
            on_result(value)
        if bar is not None:
            bar.update(1)

    interrupted = False
    try:
        if executor is None and workers == 1:
            try:
                for index, task in enumerate(tasks):
                    done(index, fn(task))
            except KeyboardInterrupt:
                interrupted = True
        else:
            own = executor is None
            pool: Executor = executor if executor is not None else ProcessPoolExecutor(
                max_workers=workers, initializer=_ignore_interrupts)
            futures: dict[Future[R], int] = {}
            try:
                for index, task in enumerate(tasks):
                    futures[pool.submit(fn, task)] = index
                for future in as_completed(futures):
                    done(futures[future], future.result())
            except KeyboardInterrupt:
                interrupted = True
                for future in futures:
                    future.cancel()
                for future, index in futures.items():  # keep what finished meanwhile
                    if results[index] is None and future.done() and not future.cancelled() \
                            and future.exception() is None:
                        done(index, future.result())
            finally:
                if own:
                    pool.shutdown(wait=True, cancel_futures=True)
    finally:
        if bar is not None:
            bar.close()
    return results, interrupted
