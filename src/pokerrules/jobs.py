"""Runs independent chunks of work in this process, a local process pool or
any :class:`concurrent.futures.Executor` (a Dask or Ray client's executor runs
them on a cluster), with an optional progress bar and a clean stop on Ctrl-C;
:func:`run_threads` runs them on threads of this process instead (for work in
C that releases the GIL).

A chunk's result depends only on its task, never on where it ran, so the same
tasks give the same results whatever runs them. Tasks are taken from their
iterable only as workers free up, so a run of a million chunks never holds a
million tasks.

A pool of our own starts its processes by :data:`DEFAULT_START_METHOD`, never
by ``fork`` unless asked: forking a process that runs threads may deadlock the
child. Its workers import ``fn`` and the tasks by name, so a function from the
caller's script works when the script starts its work under
``if __name__ == "__main__":``; one typed at an interactive prompt does not.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import signal
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import (
    FIRST_COMPLETED,
    BrokenExecutor,
    CancelledError,
    Executor,
    Future,
    ProcessPoolExecutor,
    ThreadPoolExecutor,
    wait,
)
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from multiprocessing.connection import Connection
from typing import Any, TypeVar

from pokerrules._checks import check_count, check_flag, shown
from pokerrules.errors import ArgumentTypeError, PokerRulesError

__all__ = [
    "DEFAULT_START_METHOD",
    "EXECUTOR_IN_FLIGHT",
    "check_optional_flag",
    "check_start_method",
    "check_workers",
    "run_chunks",
    "run_threads",
]

T = TypeVar("T")
R = TypeVar("R")

#: Chunks handed to an outside executor at a time (its size is unknown); a
#: pool of our own gets two per process.
EXECUTOR_IN_FLIGHT = 256

#: How a pool of our own starts its processes: "forkserver" where the platform
#: has it (the default of Python 3.14 on Linux), else "spawn" (Windows).
DEFAULT_START_METHOD = (
    "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn")


def check_start_method(method: object) -> str:
    """``method`` (None: :data:`DEFAULT_START_METHOD`) as a start method this
    platform has.

    Raises:
        PokerRulesError: a name the platform does not have.
    """
    if method is None:
        return DEFAULT_START_METHOD
    methods = multiprocessing.get_all_start_methods()
    if not isinstance(method, str) or method not in methods:
        raise PokerRulesError(
            f"start_method must be one of {', '.join(methods)}, not {shown(method)}")
    return method


def check_optional_flag(value: object, name: str) -> bool | None:
    """``value`` checked as a flag (see :func:`~pokerrules._checks.check_flag`) or
    None, which leaves the choice to the function (a progress bar on a terminal).

    Raises:
        ArgumentTypeError: anything else, naming ``name``.
    """
    if value is None:
        return None
    try:
        return check_flag(value, name)
    except ArgumentTypeError:
        raise ArgumentTypeError(
            f"{name} must be True, False or None, not {shown(value)}") from None


def check_workers(workers: int, executor: Executor | None) -> int:
    """The worker count as an int.

    Raises:
        PokerRulesError: a bad ``workers`` or ``executor``, or both given.
    """
    workers = check_count(workers, "workers")
    if executor is not None and not isinstance(executor, Executor):
        if not callable(getattr(executor, "submit", None)):
            raise PokerRulesError(f"executor must be a concurrent.futures.Executor, "
                                  f"not {shown(executor)}")
    if executor is not None and workers != 1:
        raise PokerRulesError("give workers or executor, not both")
    return workers


def executor_name(executor: object) -> str:
    """An executor's name in messages: its class, module-qualified (no address)."""
    kind = type(executor)
    return f"{kind.__module__}.{kind.__qualname__}"


#: What an outside executor raises when it, not the chunk, failed: the task or
#: its result could not be pickled, its workers died, it cancelled the chunk.
_EXECUTOR_FAILURES = (pickle.PicklingError, BrokenExecutor, CancelledError)


def _executor_failed(executor: Executor, what: str, exc: BaseException) -> PokerRulesError:
    return PokerRulesError(f"the executor {executor_name(executor)} {what}: "
                           f"{type(exc).__name__}: {exc!s:.200}")


_GUARD = 'start its work under `if __name__ == "__main__":`'


def _main_script() -> str | None:
    """The file or module that the workers of a "forkserver" or "spawn" pool import
    as their main module before they start (None when there is none: an
    interactive session)."""
    main = sys.modules.get("__main__")
    spec = getattr(main, "__spec__", None)
    if spec is not None and spec.name != "__main__":
        return str(spec.name)  # python -m NAME
    path = getattr(main, "__file__", None)
    return None if path is None or sys.flags.interactive else str(path)


def _refuse_a_pool_while_importing_main() -> None:
    """In a worker that is still importing the main script (forkserver, spawn), a
    pool of its own would be the script's top-level work started again: the
    worker exits at once, quietly and before multiprocessing's own RuntimeError,
    and the parent, whose pool then breaks at its start, says what to add
    (:func:`_broken_at_start`): one message, not one traceback per worker."""
    # multiprocessing's own test (it has no public one): the process is still
    # being set up by its parent
    if getattr(multiprocessing.current_process(), "_inheriting", False):
        raise SystemExit(1)  # not an error to print: the parent reports it


def _broken_at_start(method: str) -> PokerRulesError | None:
    """The error of a pool whose workers died while starting, when they import the
    main script: most likely its unguarded top-level code ran the work again."""
    script = _main_script()
    if method == "fork" or script is None:
        return None
    return PokerRulesError(
        f"the pool's worker processes died while starting: each imports the main script, "
        f"{script} (start method {method}), and a script that runs parallel work at its "
        f"top level starts it again in every worker: it must {_GUARD}")


def _start_worker(lifeline: Connection, parent_end: Connection | None) -> None:
    """A pool worker leaves Ctrl-C to the parent, which stops the run, and ends
    as soon as its lifeline, a pipe from the parent, closes: when the parent
    stops the pool early, or dies without stopping it (even of SIGKILL).

    Our own code where the standard library falls short (Python 3.10 to 3.13):
    a ProcessPoolExecutor's workers hold the write end of their own call queue,
    so they never see their parent die; ``shutdown`` waits for the running
    chunks (3.14's ``terminate_workers`` is the first that does not); and a
    terminal's Ctrl-C reaches every worker of the process group, where a
    KeyboardInterrupt would break the pool. The tests that show it: Ctrl-C with
    a stalled chunk, and SIGTERM and SIGKILL sent to the command alone.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if parent_end is not None:  # forked: the parent's end too, and EOF needs every copy shut
        parent_end.close()

    def watch() -> None:
        try:
            lifeline.recv_bytes()
        except (EOFError, OSError):
            pass
        os.kill(os.getpid(), signal.SIGKILL)  # whatever the chunk's code does with SIGTERM

    threading.Thread(target=watch, daemon=True).start()


@contextmanager
def _interrupts_ignored() -> Iterator[None]:
    """Another Ctrl-C while a stopped run cleans up is ignored: the run is
    stopping already, and the cleanup must not be cut short."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def progress_bar(
    chunks: int, show: bool | None, desc: str, unit: str, total: int
) -> Any:
    """A tqdm bar of ``total`` ``unit``s, or None when it is off or tqdm is
    missing. ``show=None``: on when there is more than one chunk and stderr is
    a terminal.

    Raises:
        ArgumentTypeError: ``show`` (a ``progress`` argument) neither a bool nor None.
    """
    show = check_optional_flag(show, "progress")
    if sys.stderr is None:  # closed (a command started with 2>&-): nowhere to draw it
        return None
    if show is None:
        show = chunks > 1 and sys.stderr.isatty()
    if not show:
        return None
    try:
        from tqdm import tqdm  # type: ignore[import-untyped, unused-ignore]
    except ImportError:  # the bar is a convenience; the run goes on without it
        return None
    return tqdm(total=total, desc=desc, unit=unit, file=sys.stderr)


def run_chunks(
    fn: Callable[[T], R],
    tasks: Iterable[T],
    *,
    total: int,
    on_result: Callable[[int, R], None],
    workers: int = 1,
    executor: Executor | None = None,
    progress: bool | None = None,
    desc: str = "",
    unit: str = "chunk",
    units: tuple[int, Callable[[R], int]] | None = None,
    start_method: str | None = None,
    returns: type | tuple[type, ...] | None = None,
) -> bool:
    """Runs ``fn`` on every task.

    Args:
        fn: a picklable module-level function (for pools and clusters).
        tasks: picklable arguments, one per chunk, taken as they are needed.
        total: the number of tasks (for the progress bar and the pool size).
        on_result: called in this process with (task number, result) as each
            chunk finishes, in any order.
        workers: 1 runs here; N > 1 uses a local process pool of
            ``min(N, total)`` processes (one chunk runs here), at most two
            chunks per process in flight.
        executor: any Executor instead, given at most
            :data:`EXECUTOR_IN_FLIGHT` chunks at a time (left open: its owner
            shuts it down).
        progress: show a progress bar (None: only on a terminal).
        desc, unit: the bar's label and unit.
        units: what the bar counts when not chunks: (the total, a function
            giving the units of one chunk's result), e.g. rounds.
        start_method: how an own pool starts its processes: "forkserver",
            "spawn" or "fork" (None: :data:`DEFAULT_START_METHOD`).
        returns: the type (or types) of ``fn``'s result: a chunk's result of
            another type is refused before it reaches ``on_result`` (whatever
            ran it: an executor's futures may give anything).

    Returns:
        True when Ctrl-C stopped the run. Then every chunk that had finished
        has gone to ``on_result``; an own pool's workers are terminated (their
        running chunks are lost) and an executor's chunks not yet started are
        cancelled. It returns at once, and a second Ctrl-C during that cleanup
        is ignored. A worker whose parent dies (of SIGTERM, SIGKILL, anything)
        exits at once.

    Raises:
        Whatever a chunk raised (after stopping the others, as for Ctrl-C).
        PokerRulesError: a bad ``workers``, ``executor`` or ``start_method``; an own
            pool ("forkserver", "spawn") whose workers died while starting, which
            they do when the main script starts its work at its top level instead
            of under ``if __name__ == "__main__":`` (each worker imports the
            script, and there the work ends the worker quietly instead of starting
            a pool again; this error is the one message). An executor that
            refuses a chunk (shut down, a task it cannot pickle), gives no
            future, loses a chunk (a pickling error, broken or cancelled), or
            gives a result of the wrong type (with ``returns``) or a number of
            results other than ``total``: the message names the executor and
            what went wrong.
    """
    workers = check_workers(workers, executor)
    method = check_start_method(start_method)
    bar_total, units_of = units if units is not None else (total, None)
    bar = progress_bar(total, progress, desc, unit, bar_total)

    finished = 0
    where = ("the pool" if executor is None else f"the executor {executor_name(executor)}")

    def done(index: int, value: R) -> None:
        nonlocal finished
        if returns is not None and not isinstance(value, returns):
            kinds = returns if isinstance(returns, tuple) else (returns,)
            raise PokerRulesError(
                f"{where} gave {shown(value)} as the result of chunk {index}, not "
                f"{' or '.join(kind.__name__ for kind in kinds)}")
        finished += 1
        on_result(index, value)
        if bar is not None:
            bar.update(1 if units_of is None else units_of(value))

    def all_done(stopped: bool) -> bool:
        if not stopped and finished != total:
            raise PokerRulesError(f"{where} gave {finished} results for {total} chunks")
        return stopped

    try:
        if executor is None and min(workers, total) <= 1:
            try:
                for index, task in enumerate(tasks):
                    done(index, fn(task))
            except KeyboardInterrupt:
                return True
            return all_done(False)
        if executor is not None:
            return all_done(_run_on(executor, EXECUTOR_IN_FLIGHT, fn, tasks, done,
                                    outside=True))
        processes = min(workers, total)
        _refuse_a_pool_while_importing_main()
        context = multiprocessing.get_context(method)
        lifeline, parent_end = context.Pipe(duplex=False)
        pool = ProcessPoolExecutor(
            max_workers=processes, mp_context=context, initializer=_start_worker,
            initargs=(lifeline, parent_end if method == "fork" else None))
        try:
            return all_done(_run_on(pool, 2 * processes, fn, tasks, done,
                                    stop=parent_end.close))
        except BrokenProcessPool:
            started = None if finished else _broken_at_start(method)  # or crashed later
            if started is None:
                raise
            raise started from None  # the advice alone: the pool's own error says less
        finally:
            lifeline.close()
            parent_end.close()
    finally:
        if bar is not None:
            bar.close()


def run_threads(
    fn: Callable[[T], R], tasks: Iterable[T], *, threads: int,
    on_result: Callable[[R], None],
) -> None:
    """Runs ``fn`` on every task: here with one thread, else on ``threads``
    threads of this process, each task taken from ``tasks`` only as a thread
    frees up (at most two per thread in flight), so that a million tasks are
    never held at once. ``on_result`` gets each result in this thread, in any
    order.

    Raises:
        KeyboardInterrupt: Ctrl-C, once the tasks running then have finished
            (the others never start).
        Whatever a task raised (the tasks not yet started are cancelled).
    """
    if threads <= 1:
        for task in tasks:
            on_result(fn(task))
        return
    with ThreadPoolExecutor(max_workers=threads) as pool:
        if _run_on(pool, 2 * threads, fn, tasks, lambda _, value: on_result(value)):
            raise KeyboardInterrupt


def _run_on(
    pool: Executor,
    in_flight: int,
    fn: Callable[[T], R],
    tasks: Iterable[T],
    done: Callable[[int, R], None],
    *,
    stop: Callable[[], None] | None = None,
    outside: bool = False,
) -> bool:
    """Feeds ``pool`` at most ``in_flight`` tasks at a time; True when Ctrl-C
    stopped the run. With ``stop`` (which ends the workers of an own pool) the
    pool is shut down: when the run stopped early, ``stop`` is called first.
    An ``outside`` pool (the caller's executor) that refuses a task, gives no
    future or loses a chunk raises a PokerRulesError naming it."""
    pending: dict[Future[R], int] = {}
    numbered = enumerate(tasks)
    complete = interrupted = False
    try:
        more = True
        while True:
            while more and len(pending) < in_flight:
                item = next(numbered, None)
                if item is None:
                    more = False
                else:
                    pending[_submit(pool, fn, item, outside)] = item[0]
            if not pending:
                complete = True
                return False
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                index = pending.pop(future)
                try:
                    value = future.result()
                except _EXECUTOR_FAILURES as exc:
                    if not outside:
                        raise
                    raise _executor_failed(pool, f"lost chunk {index}", exc) from exc
                done(index, value)
    except KeyboardInterrupt:
        interrupted = True
        return True
    finally:
        with _interrupts_ignored():
            try:
                if interrupted:  # keep what finished meanwhile
                    for future, index in list(pending.items()):
                        if future.done() and not future.cancelled() and \
                                future.exception() is None:
                            del pending[future]
                            done(index, future.result())
            finally:
                if not complete:
                    for future in pending:
                        future.cancel()
                if stop is not None:
                    if not complete:  # the running chunks are lost
                        stop()
                    pool.shutdown(wait=True, cancel_futures=True)  # idle or ended workers


def _submit(pool: Executor, fn: Callable[[T], R], item: tuple[int, T],
            outside: bool) -> Future[R]:
    """``pool.submit(fn, task)``; an outside pool's refusal, or anything it gives
    that is no Future, is a PokerRulesError naming it."""
    index, task = item
    if not outside:
        return pool.submit(fn, task)
    try:
        future: object = pool.submit(fn, task)
    except Exception as exc:  # shut down, a task it cannot pickle: the executor's own words
        raise _executor_failed(pool, f"refused chunk {index}", exc) from exc
    if not isinstance(future, Future):
        raise PokerRulesError(f"the executor {executor_name(pool)} gave {shown(future)} for "
                              f"chunk {index}, not a concurrent.futures.Future")
    return future
