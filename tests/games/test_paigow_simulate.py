"""The house-edge simulation: the C kernel against settle() on the same deals,
reproducibility across workers and executors, Ctrl-C, strategies, and the
published figures of the Foxwoods house way on both sides."""

import itertools
import json
import math
import multiprocessing
import multiprocessing.connection
import os
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import numpy as np
import pytest

from pokerrules import _paigow, jobs
from pokerrules._core import ALL_CARDS
from pokerrules.errors import ArgumentTypeError, IllegalMoveError, PokerRulesError
from pokerrules.paigow import (
    HouseWay,
    PaiGowRules,
    RandomSetting,
    SampledOptimalStrategy,
    Setting,
    house_way,
    settle,
    simulate,
)
from pokerrules.paigow.analysis.simulate import _chunk_words
from pokerrules.paigow.cli import simulation_text

BALLYS = "ballys"  # Bally's Atlantic City's posted way
CLASSIC = PaiGowRules.classic()
CASINO = PaiGowRules.casino()
COUNTS = ("rounds", "wins", "pushes", "losses", "high_copies", "low_copies", "player_fouls",
          "banker_fouls")


def counts(result):
    return {name: getattr(result, name) for name in COUNTS}


@pytest.mark.fast
def test_kernel_equals_settle_on_the_same_deals():
    n = 3_000
    words = _chunk_words(5, 0)
    deal = _paigow.sim_deal(n, words)
    assert deal.shape == (n, 14)
    assert all(len(set(row)) == 14 for row in deal.tolist())
    expected = dict.fromkeys((*COUNTS, "banker_pushes"), 0)
    expected["rounds"] = n
    for row in deal:
        player = house_way([ALL_CARDS[c] for c in row[:7]], CASINO)
        banker = house_way([ALL_CARDS[c] for c in row[7:]], CASINO)
        s = settle(player, banker, 1, CASINO)
        expected[{"win": "wins", "push": "pushes", "loss": "losses"}[s.outcome.value]] += 1
        expected["high_copies"] += player.high_rank(CASINO) == banker.high_rank(CASINO)
        expected["low_copies"] += player.low_rank(CASINO) == banker.low_rank(CASINO)
    got = _paigow.sim_rounds(CASINO.hand_rules.variant, 0, 0, n, words)
    assert dict(zip(_paigow.SIM_COUNTS, got.tolist())) == expected


@pytest.mark.fast
def test_the_simulation_deals_as_the_shuffle_module_says():
    import pokerrules.shuffle

    # chunk i of a seed: four words of SeedSequence(seed, spawn_key=(i,)), dealt in C
    words = np.random.SeedSequence(7, spawn_key=(1,)).generate_state(4, np.uint64)
    second_chunk = _paigow.sim_deal(40, words)
    seen = []

    def recording(cards, rules):
        seen.append([c.code for c in cards])
        return house_way(cards, rules)

    simulate(CLASSIC, 80, player_way=recording, seed=7, chunk_size=40, progress=False)
    assert seen[40:] == second_chunk[:, :7].tolist()
    text = " ".join(pokerrules.shuffle.__doc__.split())
    assert "the Pai Gow simulation (:func:`~pokerrules.paigow.simulate`) and the sampled " \
           ":func:`~pokerrules.paigow.optimal_setting` deal in C from xoshiro256**" in text
    assert "SeedSequence(seed, spawn_key=(i,))" in text and "Every shuffle" not in text


@pytest.mark.fast
def test_kernel_pieces_do_not_change_the_result():
    # the C loops return to Python every PIECE draws so that Ctrl-C is seen;
    # the generator and the permuted cards carry over, so any piece size
    # gives the one-call result
    words = _chunk_words(3, 0)
    variant = CASINO.hand_rules.variant
    whole = _paigow.sim_rounds(variant, 0, 1, 50_000, words)
    assert whole[0] == 50_000
    np.testing.assert_array_equal(_paigow.sim_rounds(variant, 0, 1, 50_000, words, piece=999),
                                  whole)
    np.testing.assert_array_equal(_paigow.sim_rounds(variant, 0, 1, 5_000, words, piece=1),
                                  _paigow.sim_rounds(variant, 0, 1, 5_000, words, piece=2**70))
    dead = [c.code for c in house_way("As Jk Qs Qh Qd 7s 2s").cards]
    hist = _paigow.banker_hist_sample(dead, variant, 0, 30_000, words)
    assert int(hist.sum()) == 30_000
    np.testing.assert_array_equal(
        _paigow.banker_hist_sample(dead, variant, 0, 30_000, words, piece=7), hist)
    with pytest.raises(PokerRulesError, match="piece"):
        _paigow.sim_rounds(variant, 0, 1, 10, words, piece=0)


@pytest.mark.parametrize("rules", [CLASSIC, CASINO], ids=["classic", "casino"])
def test_python_strategies_see_the_same_cards_as_the_kernel(rules):
    # HouseWay() is a callable: it takes the Python path, hand by hand
    fast = simulate(rules, 20_000, seed=9, chunk_size=7_000, progress=False)
    slow = simulate(rules, 20_000, way=HouseWay(), player_way=HouseWay(), seed=9,
                    chunk_size=7_000, progress=False)
    assert counts(fast) == counts(slow)
    assert fast.player == "foxwoods"


@pytest.mark.fast
def test_ballys_against_foxwoods_runs_in_c():
    result = simulate(CASINO, 50_000, way="foxwoods", player_way=BALLYS, seed=2,
                      progress=False)
    assert (result.player, result.banker) == (BALLYS, "foxwoods")
    python = simulate(CASINO, 5_000, way="foxwoods", player_way=HouseWay(BALLYS), seed=2,
                      progress=False)
    assert counts(python) == counts(simulate(CASINO, 5_000, player_way=BALLYS, seed=2,
                                             progress=False))


@pytest.mark.fast
def test_rates_and_ev_follow_the_counts():
    r = simulate(CASINO, 100_000, seed=4, progress=False)
    assert r.wins + r.pushes + r.losses == r.rounds == 100_000
    assert r.win_rate + r.push_rate + r.loss_rate == pytest.approx(1.0)
    assert r.player_ev == pytest.approx((0.95 * r.wins - r.losses) / r.rounds)
    assert r.banker_ev == pytest.approx((0.95 * r.losses - r.wins) / r.rounds)
    assert r.house_edge == -r.player_ev
    low, high = r.player_ev_ci
    assert low < r.player_ev < high
    assert high - low == pytest.approx(2 * 1.959963984540054 * r.player_ev_stderr)
    assert r.player_fouls == r.banker_fouls == 0
    d = r.to_dict()
    assert d["rounds"] == 100_000 and d["player_ev_ci95"] == [low, high]
    assert not r.interrupted


@pytest.mark.fast
def test_same_seed_same_result_and_other_seed_differs():
    a = simulate(CLASSIC, 30_000, seed=1, chunk_size=10_000, progress=False)
    assert a == simulate(CLASSIC, 30_000, seed=1, chunk_size=10_000, progress=False)
    assert counts(a) != counts(simulate(CLASSIC, 30_000, seed=2, chunk_size=10_000,
                                        progress=False))


def test_workers_and_executors_give_the_single_process_result():
    kwargs = {"seed": 12, "chunk_size": 250_000, "progress": False}
    alone = simulate(CASINO, 1_000_000, **kwargs)
    assert simulate(CASINO, 1_000_000, workers=2, **kwargs) == alone
    with ThreadPoolExecutor(2) as pool:
        assert simulate(CASINO, 1_000_000, executor=pool, **kwargs) == alone


def test_a_local_dask_cluster_gives_the_single_process_result():
    import distributed  # the test extra installs it, so this runs wherever the tests do

    kwargs = {"seed": 3, "chunk_size": 200_000, "progress": False}
    alone = simulate(CASINO, 1_000_000, **kwargs)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        on_cluster = simulate(CASINO, 1_000_000, executor=client.get_executor(), **kwargs)
    assert on_cluster == alone


class StopAfter:
    """A strategy that presses Ctrl-C on its n-th hand."""

    def __init__(self, n):
        self.n = n
        self.calls = 0

    def __call__(self, cards, rules):
        self.calls += 1
        if self.calls == self.n:
            raise KeyboardInterrupt
        return house_way(cards, rules)


@pytest.mark.fast
def test_ctrl_c_returns_the_chunks_done():
    result = simulate(CASINO, 1_000, player_way=StopAfter(350), seed=1, chunk_size=100,
                      progress=False)
    assert result.interrupted
    assert result.rounds == 300 and result.rounds_requested == 1_000
    assert result.wins + result.pushes + result.losses == 300
    assert counts(result) == counts(simulate(CASINO, 300, seed=1, chunk_size=100,
                                             progress=False))


def test_fouls_settle_the_bet():
    fouling = RandomSetting(seed=1, allow_fouls=True)
    r = simulate(CLASSIC, 2_000, player_way=fouling, seed=3, progress=False)
    assert r.player_fouls > 0 and r.losses >= r.player_fouls
    b = simulate(CLASSIC, 2_000, way=fouling, player_way="house_way", seed=3,
                 progress=False)
    assert b.banker_fouls > 0 and b.wins >= b.banker_fouls
    reset = simulate(CLASSIC.replace(banker_foul="house_way"), 2_000, way=fouling,
                     player_way="house_way", seed=3, progress=False)
    assert reset.banker_fouls == b.banker_fouls
    assert reset.wins < b.wins


def test_optimal_player_runs_on_the_same_deals_seeded_by_the_run():
    r = simulate(CASINO, 40, player_way="optimal", seed=5, progress=False)
    assert r.rounds == 40 and r.player == "optimal"
    assert r.player_fouls == 0
    # "optimal" samples with the run's seed, like an explicit strategy seeded so
    explicit = simulate(CASINO, 40, player_way=SampledOptimalStrategy(seed=5), seed=5,
                        progress=False)
    assert counts(explicit) == counts(r)
    assert explicit.player == "SampledOptimalStrategy(samples=5000, seed=5, seat='player')"


@pytest.mark.fast
def test_progress_bar_goes_to_stderr_and_counts_rounds(capsys):
    simulate(CLASSIC, 4_500, seed=1, chunk_size=1_000, progress=True)
    err = capsys.readouterr().err
    # five chunks, the last of 500 rounds: the bar counts the rounds
    assert "4500/4500" in err and "round/s" in err and "/5 " not in err


@pytest.mark.fast
def test_bad_arguments_raise():
    with pytest.raises(PokerRulesError, match="rounds"):
        simulate(CASINO, 0, seed=1)
    with pytest.raises(PokerRulesError, match="chunk_size"):
        simulate(CASINO, 10, seed=1, chunk_size=0)
    with pytest.raises(TypeError, match="seed"):
        simulate(CASINO, 10, seed="one")
    with pytest.raises(PokerRulesError, match="seed"):
        simulate(CASINO, 10, seed=-1)
    with pytest.raises(PokerRulesError, match="unknown house way 'wizard' for player_way"):
        simulate(CASINO, 10, seed=1, player_way="wizard")
    with pytest.raises(ArgumentTypeError, match="way must be a strategy"):
        simulate(CASINO, 10, seed=1, way=42)
    with pytest.raises(PokerRulesError, match="workers"):
        simulate(CASINO, 10, seed=1, workers=0)
    with pytest.raises(PokerRulesError, match="not both"):
        with ThreadPoolExecutor(1) as pool:
            simulate(CASINO, 10, seed=1, workers=2, executor=pool)
    with pytest.raises(TypeError):
        simulate(CASINO.hand_rules, 10, seed=1)  # preset names are taken


@pytest.mark.fast
def test_counts_take_any_integer_type_below_2_63():
    same = simulate(CASINO, 3_000, seed=np.int64(2), chunk_size=1_000, progress=False)
    assert same == simulate(CASINO, np.int64(3_000), seed=2, chunk_size=np.int32(1_000),
                            workers=np.int8(1), progress=False)
    for bad in (2**63, 10**23):
        with pytest.raises(PokerRulesError, match=r"rounds must be an int from 1 to 2\*\*63 - 1"):
            simulate(CASINO, bad, seed=1)
        with pytest.raises(PokerRulesError, match="chunk_size"):
            simulate(CASINO, 10, seed=1, chunk_size=bad)
    for bad in (True, 2.0, np.float64(2), "10", np.True_):
        with pytest.raises(ArgumentTypeError, match="rounds must be an int"):
            simulate(CASINO, bad, seed=1)
    # the largest count is taken: its chunks are made one by one, as needed
    result = simulate(CASINO, 2**63 - 1, seed=1, chunk_size=500, progress=False,
                      on_chunk=PressCtrlC(after=2))
    assert result.interrupted and result.rounds == 1_000


class PressCtrlC:
    """An on_chunk callback that presses Ctrl-C once, on the n-th chunk."""

    def __init__(self, after):
        self.after = after
        self.calls = 0

    def __call__(self, counts):
        self.calls += 1
        if self.calls == self.after:
            raise KeyboardInterrupt


def identity(task):
    return task


def no_workers_left(ceiling=300):
    """True once this process has no live child processes. Waits on the children's
    exits themselves, then for the pool's own thread to reap them; a loaded machine
    may take a while for both, and only a worker left running reaches the ceiling."""
    deadline = time.monotonic() + ceiling
    while (children := multiprocessing.active_children()) and time.monotonic() < deadline:
        sentinels = []
        for child in children:
            try:
                sentinels.append(child.sentinel)
            except ValueError:  # reaped and closed meanwhile
                pass
        multiprocessing.connection.wait(sentinels, timeout=1.0)
        time.sleep(0.02)  # exited: the pool's thread reaps it a moment later
    return not multiprocessing.active_children()


def endless_tasks(made):
    """Task numbers 0, 1, 2, ... for ever, each noted in ``made`` when taken."""
    for i in itertools.count():
        made.append(i)
        yield i


@pytest.mark.fast
@pytest.mark.parametrize("workers", [1, pytest.param(2, marks=pytest.mark.slow)])
def test_tasks_are_taken_as_workers_free_up(workers):
    made = []

    seen = []

    def on_result(index, value):
        assert index == value
        seen.append(value)
        if len(seen) == 3:
            raise KeyboardInterrupt

    assert jobs.run_chunks(identity, endless_tasks(made), total=10**18, on_result=on_result,
                               workers=workers)
    # at most two chunks per process in flight beyond those seen
    assert 3 <= len(seen) <= len(made) <= 3 + 2 * workers
    assert no_workers_left()


@pytest.mark.fast
def test_an_executor_gets_a_bounded_number_of_chunks():
    made = []

    seen = []

    def on_result(index, value):
        seen.append(value)
        if len(seen) == 1_000:
            raise KeyboardInterrupt

    with ThreadPoolExecutor(2) as pool:
        assert jobs.run_chunks(identity, endless_tasks(made), total=10**18, on_result=on_result,
                                   executor=pool)
    assert len(made) <= len(seen) + jobs.EXECUTOR_IN_FLIGHT


POOL_SIZES: list[int] = []


class CountingPool(ProcessPoolExecutor):
    def __init__(self, max_workers, **kwargs):
        POOL_SIZES.append(max_workers)
        super().__init__(max_workers, **kwargs)


def test_never_more_processes_than_chunks(monkeypatch):
    monkeypatch.setattr(jobs, "ProcessPoolExecutor", CountingPool)
    POOL_SIZES.clear()
    one_chunk = simulate(CASINO, 10, seed=1, workers=1000, progress=False)
    assert POOL_SIZES == []  # one chunk runs here
    assert one_chunk == simulate(CASINO, 10, seed=1, progress=False)
    three = simulate(CASINO, 3_000, seed=1, chunk_size=1_000, workers=1000, progress=False)
    assert POOL_SIZES == [3]
    assert three == simulate(CASINO, 3_000, seed=1, chunk_size=1_000, progress=False)


class StallOnJoker:
    """Sets by the house way, but stalls on a hand holding the joker: for
    ``seconds``, or until ``release`` is set (threads only). A stall that ends
    counts in ``finished`` (threads) and creates the file ``marker`` (processes)."""

    def __init__(self, seconds, release=None, marker=None):
        self.seconds = seconds
        self.release = release
        self.marker = marker
        self.calls = 0
        self.finished = 0

    def __call__(self, cards, rules):
        self.calls += 1
        if any(c.code == 52 for c in cards):
            if self.release is None:
                time.sleep(self.seconds)
            else:
                self.release.wait(self.seconds)
            self.finished += 1
            if self.marker is not None:
                self.marker.touch()
        return house_way(cards, rules)


def stalling_seed(fast=12):
    """A seed whose chunk 0 of one round deals the player the joker and whose
    next ``fast`` chunks do not."""
    for seed in itertools.count():
        joker = [52 in _paigow.sim_deal(1, _chunk_words(seed, i))[0, :7]
                 for i in range(fast + 1)]
        if joker[0] and not any(joker[1:]):
            return seed
    raise AssertionError("unreachable")


def test_ctrl_c_stops_a_pool_at_once_and_keeps_the_finished_chunks(tmp_path):
    # chunk 0 stalls for a minute in one worker while the other finishes chunks;
    # Ctrl-C on the 5th must not wait for the stalled one: the stall never ends
    seed = stalling_seed()
    stop = PressCtrlC(after=5)
    stalled = tmp_path / "stall-ended"
    result = simulate(CASINO, 10_000, player_way=StallOnJoker(60, marker=stalled), seed=seed,
                      chunk_size=1, workers=2, progress=False, on_chunk=stop)
    assert not stalled.exists()  # not waited for
    assert result.interrupted and 5 <= result.rounds == stop.calls < 60
    assert result.wins + result.pushes + result.losses == result.rounds
    assert no_workers_left()  # the stalled worker was terminated ...
    assert not stalled.exists()  # ... before its stall ended


@pytest.mark.fast
def test_ctrl_c_leaves_an_outside_executor_open():
    seed = stalling_seed()
    release = threading.Event()
    stop = PressCtrlC(after=5)
    stall = StallOnJoker(300, release)
    with ThreadPoolExecutor(2) as pool:
        result = simulate(CASINO, 10_000, player_way=stall, seed=seed, chunk_size=1,
                          executor=pool, progress=False, on_chunk=stop)
        assert stall.finished == 0  # returned while the stalled chunk still waits
        assert result.interrupted and 5 <= result.rounds == stop.calls
        late = pool.submit(abs, -3)  # still open: its owner shuts it down
        release.set()
        assert late.result() == 3
    # the chunks not started were cancelled: only the two running ones went on
    assert stall.calls <= result.rounds + 2


@pytest.mark.fast
def test_no_finished_round_has_no_rates():
    result = simulate(CASINO, 1_000, player_way=StopAfter(1), seed=1, progress=False)
    assert result.interrupted and result.rounds == 0
    for name in ("win_rate", "push_rate", "loss_rate", "high_copy_rate", "low_copy_rate",
                 "player_ev", "player_ev_stderr", "player_ev_ci", "house_edge", "banker_ev"):
        assert getattr(result, name) is None, name
    assert result.rate_stderr(0.5) is None
    record = json.loads(json.dumps(result.to_dict(), allow_nan=False))
    assert record["win_rate"] is None and record["player_ev_ci95"] is None
    text = simulation_text(result)
    assert "0 of 1,000 rounds" in text and "INTERRUPTED" in text
    assert "no round finished" in text and "nan" not in text.lower()


@pytest.mark.fast
def test_a_strategy_that_sets_other_cards_is_refused():
    def cheat(cards, rules):
        return Setting("As Ks Qs Js Ts", "Ah Kh")

    with pytest.raises(IllegalMoveError, match="player"):
        simulate(CASINO, 10, player_way=cheat, seed=1, progress=False)


# The published exhaustive enumeration of every heads-up deal, Foxwoods house
# way on both sides, copies to the banker, 5% commission on wins (Wizard of
# Odds, Pai Gow Poker, "house way strategy, dealer banker"; announced as a
# combinatorial analysis on Wizard of Vegas, 31 Dec 2013): deals by outcome.
PUBLISHED_DEALS = {"win_rate": 2_402_491_783_820_756, "push_rate": 3_341_087_256_920_524,
                   "loss_rate": 2_506_879_990_473_120}
PUBLISHED = {"win_rate": 0.2911949, "push_rate": 0.4049577, "loss_rate": 0.3038473}
PUBLISHED_EV = -0.0272122


@pytest.mark.fast
def test_the_published_counts_and_shares_agree():
    total = sum(PUBLISHED_DEALS.values())
    assert total == math.comb(53, 7) * math.comb(46, 7) == 8_250_459_031_214_400
    for rate, deals in PUBLISHED_DEALS.items():
        assert round(deals / total, 7) == PUBLISHED[rate]
    ev = (0.95 * PUBLISHED_DEALS["win_rate"] - PUBLISHED_DEALS["loss_rate"]) / total
    assert round(ev, 7) == PUBLISHED_EV


@pytest.fixture(scope="module")
def ten_million():
    return simulate(CASINO, 10_000_000, seed=1, workers=2, progress=False)


@pytest.mark.slow
def test_ten_million_rounds_keep_their_counts(ten_million):
    # seed 1, the joker always an ace when the house way counts pairs; split aces keep
    # the best back (the house way is suit-blind)
    assert counts(ten_million) == {
        "rounds": 10_000_000, "wins": 2_912_743, "pushes": 4_050_390, "losses": 3_036_867,
        "high_copies": 3_675, "low_copies": 248_842, "player_fouls": 0, "banker_fouls": 0}


@pytest.mark.slow
def test_player_ev_reproduces_the_published_enumeration(ten_million):
    r = ten_million
    n = r.rounds
    assert n == 10_000_000
    # the sample standard deviation of one round's net (0.95, 0 or -1) over sqrt(n)
    mean = (0.95 * r.wins - r.losses) / n
    squares = 0.95 ** 2 * r.wins + r.losses
    stderr = math.sqrt((squares - n * mean ** 2) / (n - 1) / n)
    assert r.player_ev == pytest.approx(mean)
    assert r.player_ev_stderr == pytest.approx(stderr, rel=1e-6)
    assert abs(r.player_ev - PUBLISHED_EV) < 3 * stderr


@pytest.mark.slow
@pytest.mark.parametrize("rate", sorted(PUBLISHED))
def test_outcome_rates_reproduce_the_published_enumeration(ten_million, rate):
    r = ten_million
    p = PUBLISHED[rate]
    stderr = math.sqrt(p * (1 - p) / r.rounds)
    assert r.rate_stderr(p) == pytest.approx(stderr)
    assert abs(getattr(r, rate) - p) < 3 * stderr


@pytest.mark.slow
def test_the_wheel_rule_barely_moves_the_edge():
    # the same deals under both wheel rules: only hands holding a wheel can differ
    a = simulate(CASINO, 1_000_000, seed=8, progress=False)
    b = simulate(CASINO.replace(wheel_second_highest=False), 1_000_000, seed=8, progress=False)
    assert a.rounds == b.rounds
    assert 0 < sum(abs(getattr(a, k) - getattr(b, k)) for k in ("wins", "losses")) < 2_000
    assert np.isclose(a.player_ev, b.player_ev, atol=0.002)


def test_cli_simulate_prints_the_table_and_json(capsys):
    from pokerrules.cli import main

    args = ["paigow", "simulate", "--rounds", "20000", "--rules", "casino", "--seed", "1",
            "--no-progress"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "player wins" in out and "95% CI" in out and "banker EV" in out
    assert main([*args, "--json", "--workers", "2", "--chunk-size", "5000"]) == 0
    record = json.loads(capsys.readouterr().out)
    same = simulate(CASINO, 20_000, seed=1, chunk_size=5_000, progress=False)
    assert record == json.loads(json.dumps(same.to_dict()))
    for rounds in ("0", "99999999999999999999999"):
        with pytest.raises(SystemExit) as stop:
            main(["paigow", "simulate", "--rounds", rounds, "--seed", "1"])
        assert stop.value.code == 2
        assert capsys.readouterr().err == ("pokerrules: error: argument --rounds: takes a "
                                           f"whole number from 1 to 2**63 - 1, not '{rounds}'\n")


def test_cli_simulate_help_and_optimal_player(capsys):
    from pokerrules.cli import main

    with pytest.raises(SystemExit):
        main(["paigow", "simulate", "--help"])
    text = capsys.readouterr().out
    assert "95% confidence" in text and "%%" not in text
    assert main(["paigow", "simulate", "--player", "optimal", "--rounds", "20", "--seed", "4",
                 "--no-progress", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["player"] == "optimal"
    explicit = simulate(PaiGowRules.classic(), 20, player_way=SampledOptimalStrategy(seed=4),
                        seed=4, progress=False)
    assert {k: record[k] for k in COUNTS} == counts(explicit)


# Ctrl-C and other signals at the command line: each command runs in its own
# process group, and a terminal's Ctrl-C goes to the whole group.

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
START = "import sys; from pokerrules.cli import run; print('ready', flush=True); run()"


def live_in_group(group):
    """Processes of a process group that are not zombies (Linux /proc)."""
    pids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as handle:
                    fields = handle.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == group and fields[0] != "Z":
                pids.append(int(entry))
    return pids


def signalled(tmp_path, args, sig=signal.SIGINT, *, after=1.0, again=None, group=True):
    """Runs ``pokerrules ARGS``, sends ``sig`` ``after`` seconds once it has
    started (to its whole process group, or to it alone), and ``again`` seconds
    later once more. Returns (status, stdout, stderr, seconds from the signal
    to the exit, processes of the group still alive a few seconds later)."""
    out, err = tmp_path / "out", tmp_path / "err"
    with open(out, "w") as stdout, open(err, "w") as stderr:
        child = subprocess.Popen([sys.executable, "-c", START, *args], stdout=stdout,
                                 stderr=stderr, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while not out.read_text().startswith("ready\n"):
            assert child.poll() is None and time.monotonic() < deadline, err.read_text()
            time.sleep(0.05)
        time.sleep(after)
        start = time.monotonic()
        (os.killpg if group else os.kill)(child.pid, sig)
        if again is not None:
            time.sleep(again)
            if child.poll() is None:
                os.killpg(child.pid, sig)
        status = child.wait(timeout=60)
        seconds = time.monotonic() - start
        left = live_in_group(child.pid) if os.path.isdir("/proc") else []
        while left and time.monotonic() - start < seconds + 5:
            time.sleep(0.1)
            left = live_in_group(child.pid)
        return status, out.read_text()[len("ready\n"):], err.read_text(), seconds, left
    finally:
        try:
            os.killpg(child.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        child.wait()


HAND = "As Jk Qs Qh Qd 7s 2s"


@posix_only
def test_cli_optimal_sample_stops_on_ctrl_c(tmp_path):
    status, out, err, seconds, left = signalled(
        tmp_path, ["paigow", "optimal", HAND, "--sample", "1000000000000", "--seed", "1"])
    assert (status, out, left) == (130, "", [])
    assert err.startswith("pokerrules: interrupted") and err.count("\n") == 1
    assert seconds < 10  # about 0.2 s; it never stopped before sampling in pieces


@posix_only
@pytest.mark.parametrize("workers", ["1", "2"])
def test_cli_simulate_stops_on_ctrl_c_with_the_rounds_done(tmp_path, workers):
    status, out, err, seconds, left = signalled(
        tmp_path, ["paigow", "simulate", "--rounds", "1000000000000", "--rules", "casino",
                   "--seed", "1", "--no-progress", "--workers", workers], after=1.5)
    assert (status, err, left) == (130, "", [])
    assert seconds < 10
    first = out.splitlines()[0]
    assert "of 1,000,000,000,000 rounds" in first and first.endswith("INTERRUPTED")


@posix_only
def test_cli_simulate_json_without_a_finished_round_is_valid(tmp_path):
    def no_nan(name):
        raise AssertionError(f"{name} in the JSON")

    status, out, err, seconds, left = signalled(
        tmp_path, ["paigow", "simulate", "--player", "optimal", "--rounds", "100000",
                   "--seed", "1", "--no-progress", "--json"])
    assert (status, err, left) == (130, "", []) and seconds < 10
    record = json.loads(out, parse_constant=no_nan)
    assert record["rounds"] == 0 and record["interrupted"]
    assert record["win_rate"] is None and record["player_ev"] is None


@posix_only
def test_cli_second_ctrl_c_does_not_hang(tmp_path):
    status, _, err, seconds, left = signalled(
        tmp_path, ["paigow", "simulate", "--player", "optimal", "--rounds", "1000000",
                   "--chunk-size", "50", "--workers", "2", "--seed", "1", "--no-progress"],
        after=2.0, again=0.02)
    # the second press may land while the interpreter exits (SIGINT's default
    # action then): a shell shows 130 for both
    assert status in (130, -signal.SIGINT) and left == []
    assert "Traceback" not in err and seconds < 10


@posix_only
@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc")
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL], ids=["TERM", "KILL"])
def test_cli_pool_workers_do_not_outlive_the_command(tmp_path, sig):
    # SIGTERM: the command stops its workers before it dies; SIGKILL: the
    # workers see that their parent is gone
    status, out, err, seconds, left = signalled(
        tmp_path, ["paigow", "simulate", "--player", "optimal", "--rounds", "1000000",
                   "--workers", "2", "--seed", "1", "--no-progress"], sig, group=False)
    assert (status, out, err, left) == (-sig, "", "", []) and seconds < 10
