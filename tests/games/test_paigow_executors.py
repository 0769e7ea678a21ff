"""What comes back from a caller's executor is checked: a shut-down executor, one
that refuses a task, gives no future, loses a chunk or gives a result of the wrong
type is a library error naming the executor, never a plain error or a lost result."""

import pickle
from concurrent.futures import BrokenExecutor, CancelledError, Executor, Future, ThreadPoolExecutor

import pytest
from test_paigow_exact import SMALL

from pokerrules import jobs
from pokerrules.errors import PokerRulesError
from pokerrules.paigow import (
    exact_house_edge,
    exact_house_edges,
    optimal_strategy_table,
    simulate,
)

pytestmark = pytest.mark.fast

VARIANTS = [("classic", None, None), ("casino", None, None)]
NAME = "test_paigow_executors"


class Refusing(Executor):
    """Refuses what it cannot pickle, as a cluster's client does."""

    def submit(self, fn, /, *args, **kwargs):
        pickle.dumps((fn, args, kwargs))
        raise AssertionError("a picklable task reached a refusing executor")


class Giving(Executor):
    """Runs every chunk here, but its futures give ``value`` (or raise ``error``)."""

    def __init__(self, value=None, error=None, future=True):
        self.value, self.error, self.future, self.calls = value, error, future, 0

    def submit(self, fn, /, *args, **kwargs):
        self.calls += 1
        fn(*args, **kwargs)
        if not self.future:
            return self.value
        future = Future()
        if self.error is not None:
            future.set_exception(self.error)
        else:
            future.set_result(self.value)
        return future


def test_a_shut_down_executor_is_named():
    pool = ThreadPoolExecutor(1)
    pool.shutdown()
    with pytest.raises(PokerRulesError, match=r"the executor concurrent\.futures\.thread\."
                       r"ThreadPoolExecutor refused chunk 0: RuntimeError: cannot schedule"):
        exact_house_edges(VARIANTS, deck=SMALL, executor=pool)


def test_an_executor_that_cannot_pickle_a_task_is_named():
    way = lambda cards, rules: None  # noqa: E731 - a strategy that does not pickle
    with pytest.raises(PokerRulesError, match=rf"the executor {NAME}\.Refusing refused chunk 0: "
                                              r"(PicklingError|AttributeError)"):
        exact_house_edges([("classic", way, None)], deck=SMALL, executor=Refusing())


@pytest.mark.parametrize("value", [None, 7, "counts"])
def test_a_result_of_the_wrong_type_is_refused_naming_the_executor(value):
    giving = Giving(value)
    with pytest.raises(PokerRulesError, match=rf"the executor {NAME}\.Giving gave .* as the "
                                              r"result of chunk \d, not ExactResult"):
        exact_house_edges(VARIANTS, deck=SMALL, executor=giving)
    assert giving.calls >= 1
    with pytest.raises(PokerRulesError, match="not ndarray"):
        simulate("classic", 200, seed=1, chunk_size=100, executor=Giving(value))
    with pytest.raises(PokerRulesError, match="not dict"):
        optimal_strategy_table("classic", deck=SMALL, executor=Giving(value), progress=False)


@pytest.mark.parametrize("error", [pickle.PicklingError("no"),
                                   BrokenExecutor("died"),
                                   CancelledError()])
def test_a_chunk_the_executor_lost_is_named(error):
    with pytest.raises(PokerRulesError, match=rf"the executor {NAME}\.Giving lost chunk \d: "
                                              f"{type(error).__name__}"):
        exact_house_edges(VARIANTS, deck=SMALL, executor=Giving(error=error))


def test_an_executor_that_gives_no_future_is_named():
    with pytest.raises(PokerRulesError, match=rf"{NAME}\.Giving gave None for chunk 0, not "
                                              r"a concurrent\.futures\.Future"):
        exact_house_edges(VARIANTS, deck=SMALL, executor=Giving(future=False))


def test_a_chunks_own_error_is_its_own():
    with pytest.raises(ZeroDivisionError):
        exact_house_edges(VARIANTS, deck=SMALL, executor=Giving(error=ZeroDivisionError()))


def test_a_working_executor_gives_every_result_in_order():
    with ThreadPoolExecutor(2) as pool:
        got = exact_house_edges(VARIANTS, deck=SMALL, executor=pool)
    assert got == [exact_house_edge(rules, deck=SMALL) for rules, _, _ in VARIANTS]


def test_a_result_count_other_than_the_chunks_is_refused():
    got = []
    with pytest.raises(PokerRulesError, match="the pool gave 2 results for 3 chunks"):
        jobs.run_chunks(abs, [-1, -2], total=3, on_result=lambda i, v: got.append(v))
    with pytest.raises(PokerRulesError, match="gave '1' as the result of chunk 0, not int"):
        jobs.run_chunks(str, [1], total=1, on_result=lambda i, v: got.append(v),
                            returns=int)
    assert got == [1, 2]
