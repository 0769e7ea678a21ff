"""How an exact count is split and run: parts cut to what the count has, threads to
the CPUs and the parts, each thread given at most two parts at a time; the
command line splits by default and stops between parts on Ctrl-C, with the same
integers whatever the split."""

import functools
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import ClassVar

import pytest
from test_paigow_exact import SMALL

from pokerrules import _paigow, jobs
from pokerrules.cli import main
from pokerrules.errors import PokerRulesError
from pokerrules.paigow import PaiGowRules
from pokerrules.paigow.analysis import exact, outcomes
from pokerrules.paigow.analysis.exact import exact_house_edge

pytestmark = pytest.mark.fast

BALLYS = "ballys"  # Bally's Atlantic City's posted way
CLASSIC = PaiGowRules.classic()
TINY = SMALL[:14]  # the 14 natural cards: the smallest deck that deals two hands


class CountingPool(ThreadPoolExecutor):
    """A thread pool that records its size and the most tasks it held at once,
    and refuses more than ``limit`` (a count that submits everything up front
    fails at once instead of filling the memory)."""

    sizes: ClassVar[list[int]] = []
    most = 0
    limit = 64

    def __init__(self, max_workers=None, **kwargs):
        if max_workers is not None and max_workers > self.limit:
            raise AssertionError(f"a pool of {max_workers} threads")
        CountingPool.sizes.append(max_workers)
        super().__init__(max_workers=max_workers, **kwargs)
        self.held = 0
        self.lock = threading.Lock()

    def submit(self, fn, /, *args, **kwargs):
        with self.lock:
            self.held += 1
            CountingPool.most = max(CountingPool.most, self.held)
            if self.held > self.limit:
                raise AssertionError(f"{self.held} tasks submitted at once")
        future = super().submit(fn, *args, **kwargs)
        future.add_done_callback(self.release)
        return future

    def release(self, _future):
        with self.lock:
            self.held -= 1


@pytest.fixture
def pools(monkeypatch):
    """Every thread pool of a count is a CountingPool; the machine has 64 CPUs."""
    CountingPool.sizes, CountingPool.most = [], 0
    monkeypatch.setattr(jobs, "ThreadPoolExecutor", CountingPool, raising=False)
    monkeypatch.setattr(exact, "ThreadPoolExecutor", CountingPool, raising=False)
    monkeypatch.setattr(exact, "cpus", lambda: 64, raising=False)
    return CountingPool


@pytest.fixture
def parts_counted(monkeypatch):
    """The (part, parts, thread) of every part counted."""
    seen = []
    count = _paigow.exact_count_part

    def counting(deck, sides, table, group, part, nparts):
        seen.append((part, nparts, threading.get_ident()))
        return count(deck, sides, table, group, part, nparts)

    monkeypatch.setattr(_paigow, "exact_count_part", counting)
    return seen


def integers(result):
    return result.wins, result.pushes, result.losses


def test_parts_beyond_those_the_count_has_are_cut_and_handed_out_as_threads_free_up(
        pools, parts_counted):
    whole = exact_house_edge(CLASSIC, deck=TINY, parts=1, progress=False)
    parts_counted.clear()
    split = exact_house_edge(CLASSIC, deck=TINY, parts=2**31, workers=4, progress=False)
    assert integers(split) == integers(whole)
    assert split.visits == whole.visits
    most = outcomes.most_parts(14)
    assert most == 1 + 14 + 91 + 364 + 1001 + 2002 + 3003
    assert sorted(part for part, _, _ in parts_counted) == list(range(most))
    assert {nparts for _, nparts, _ in parts_counted} == {most}
    assert set(pools.sizes) == {4} and 1 <= pools.most <= 2 * 4


@pytest.mark.parametrize(("parts", "workers", "cpus", "split"), [
    (None, 1, 2, (256, 1, 256)),                    # the default
    (None, 64, 40, (320, 40, 320)),                 # 8 parts per thread
    (2**31, 1, 2, (exact.MAX_PARTS, 1, 256)),       # the full deck: runs of 256 parts a step
    (2**63 - 1, 10**5, 64, (exact.MAX_PARTS, 64, 512)),
    (3, 10**5, 64, (3, 3, 3)),                      # no more threads than parts
])
def test_a_count_is_split_into_parts_it_can_use(monkeypatch, parts, workers, cpus, split):
    monkeypatch.setattr(exact, "cpus", lambda: cpus)
    assert exact._split(parts, workers, 53) == split
    assert exact._split(parts, workers, 14)[0] == min(split[0], 6476)


def test_no_more_threads_start_than_there_are_cpus_or_parts(monkeypatch, pools,
                                                           parts_counted):
    monkeypatch.setattr(exact, "cpus", lambda: 3, raising=False)
    whole = exact_house_edge(CLASSIC, deck=TINY, parts=1, progress=False)
    parts_counted.clear()
    many = exact_house_edge(CLASSIC, deck=TINY, workers=10**5, progress=False)
    assert integers(many) == integers(whole)
    assert set(pools.sizes) == {3} and pools.most <= 2 * 3
    assert len({thread for _, _, thread in parts_counted}) <= 3
    pools.sizes.clear()
    two = exact_house_edge(CLASSIC, deck=TINY, parts=2, workers=10**5, progress=False)
    assert integers(two) == integers(whole)
    assert set(pools.sizes) == {2}


def test_a_thread_per_cpu_needs_its_own_counting_grids(monkeypatch):
    monkeypatch.setattr(exact, "cpus", lambda: 64, raising=False)
    monkeypatch.setattr(outcomes, "available_memory",
                        lambda: exact.exact_memory(deck=TINY) + 8 * 9 * 2**20, raising=False)
    assert integers(exact_house_edge(CLASSIC, deck=TINY, workers=9, progress=False))
    with pytest.raises(PokerRulesError, match="the exact count needs"):
        exact_house_edge(CLASSIC, deck=TINY, workers=10, progress=False)


def test_the_command_line_splits_the_count_into_parts_with_the_same_integers(
        monkeypatch, capsys, parts_counted):
    from pokerrules.paigow import cli

    monkeypatch.setattr(cli, "exact_house_edge", functools.partial(exact_house_edge, deck=SMALL))
    assert main(["paigow", "exact", "--json"]) == 0
    printed = capsys.readouterr().out
    nparts = {nparts for _, nparts, _ in parts_counted}
    assert nparts == {min(exact.DEFAULT_PARTS, outcomes.most_parts(15))}
    assert len(parts_counted) == nparts.pop() > 1
    whole = exact_house_edge(CLASSIC, deck=SMALL, parts=1)
    assert f'"wins": {whole.wins}, "pushes": {whole.pushes}, "losses": {whole.losses}' \
        in printed


def test_the_command_line_shows_a_bar_over_the_steps_on_a_terminal(monkeypatch, capsys):
    import sys

    from pokerrules.paigow import cli

    monkeypatch.setattr(cli, "exact_house_edge", functools.partial(exact_house_edge, deck=SMALL))
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main(["paigow", "exact"]) == 0
    steps = 1 + 1 + exact.DEFAULT_PARTS  # setting the 6,435 hands, checking them, the parts
    bar = capsys.readouterr().err
    assert "exact count: counting: 100%" in bar and f"| {steps}/{steps} [" in bar
    assert main(["paigow", "exact", "--no-progress"]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_between_parts_stops_the_count(monkeypatch, capsys, workers):
    from pokerrules.paigow import cli

    monkeypatch.setattr(exact, "cpus", lambda: 2, raising=False)
    monkeypatch.setattr(cli, "exact_house_edge", functools.partial(exact_house_edge, deck=SMALL))
    calls = []
    count = _paigow.exact_count_part

    def interrupted_at_the_third(*args):
        calls.append(args[-2])
        if len(calls) == 3:
            raise KeyboardInterrupt
        return count(*args)

    monkeypatch.setattr(_paigow, "exact_count_part", interrupted_at_the_third)
    assert main(["paigow", "exact", "--workers", str(workers)]) == 130
    out, err = capsys.readouterr()
    assert (out, err) == ("", "pokerrules: interrupted\n")
    # the parts already handed to a thread may finish; no other part starts
    assert len(calls) <= (3 if workers == 1 else 3 + 2 * workers)


def test_the_table_is_set_and_checked_in_steps_and_ctrl_c_stops_between_them(monkeypatch):
    whole = exact_house_edge(CLASSIC, "foxwoods", BALLYS, deck=SMALL, parts=1)
    monkeypatch.setattr(outcomes, "TABLE_STEP", 1000)
    fill, check = _paigow.exact_fill_way, _paigow.exact_first_asymmetric
    filled, checked = [], []

    def filling(deck, variant, way, side, sides, table, start, n, *push):
        filled.append((side, start, n))
        return fill(deck, variant, way, side, sides, table, start, n, *push)

    def checking(deck, sides, table, gens, start, n):
        checked.append((start, n))
        return check(deck, sides, table, gens, start, n)

    monkeypatch.setattr(_paigow, "exact_fill_way", filling)
    monkeypatch.setattr(_paigow, "exact_first_asymmetric", checking)
    stepped = exact_house_edge(CLASSIC, "foxwoods", BALLYS, deck=SMALL, parts=1)
    assert integers(stepped) == integers(whole) and stepped.symmetric
    steps = [(start, min(1000, 6435 - start)) for start in range(0, 6435, 1000)]  # C(15, 7)
    assert filled == [(side, *step) for side in (0, 1) for step in steps]
    assert checked == steps

    def interrupted(deck, variant, way, side, sides, table, start, n, *push):
        if start == 2000:
            raise KeyboardInterrupt
        filled.append((side, start, n))
        return fill(deck, variant, way, side, sides, table, start, n, *push)

    filled.clear()
    monkeypatch.setattr(_paigow, "exact_fill_way", interrupted)
    monkeypatch.setattr(_paigow, "exact_count_part", None)  # never reached
    with pytest.raises(KeyboardInterrupt):
        exact_house_edge(CLASSIC, deck=SMALL, progress=False)
    assert filled == [(0, 0, 1000), (0, 1000, 1000)]
