"""The house-edge simulation: the C kernel against settle() on the same deals,
reproducibility across workers and executors, Ctrl-C, strategies, and the
published figures of the Foxwoods house way on both sides."""

import json
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from pokerrules import _paigow
from pokerrules._core import ALL_CARDS
from pokerrules.errors import IllegalMoveError, PokerRulesError
from pokerrules.paigow import (
    HouseWay,
    PaiGowRules,
    RandomSetting,
    Setting,
    house_way,
    settle,
    simulate,
)
from pokerrules.paigow.simulate import _chunk_words

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
    expected = dict.fromkeys(COUNTS, 0)
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


@pytest.mark.fast
@pytest.mark.parametrize("rules", [CLASSIC, CASINO], ids=["classic", "casino"])
def test_python_strategies_see_the_same_cards_as_the_kernel(rules):
    # HouseWay() is a callable: it takes the Python path, hand by hand
    fast = simulate(rules, 20_000, seed=9, chunk_size=7_000, progress=False)
    slow = simulate(rules, 20_000, player=HouseWay(), banker=HouseWay(), seed=9,
                    chunk_size=7_000, progress=False)
    assert counts(fast) == counts(slow)
    assert fast.player == "foxwoods"


@pytest.mark.fast
def test_trump_plaza_against_foxwoods_runs_in_c():
    result = simulate(CASINO, 50_000, player="trump_plaza", banker="foxwoods", seed=2,
                      progress=False)
    assert (result.player, result.banker) == ("trump_plaza", "foxwoods")
    python = simulate(CASINO, 5_000, player=HouseWay("trump_plaza"), banker="foxwoods", seed=2,
                      progress=False)
    assert counts(python) == counts(simulate(CASINO, 5_000, player="trump_plaza", seed=2,
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


@pytest.mark.fast
def test_workers_and_executors_give_the_single_process_result():
    kwargs = {"seed": 12, "chunk_size": 250_000, "progress": False}
    alone = simulate(CASINO, 1_000_000, **kwargs)
    assert simulate(CASINO, 1_000_000, workers=2, **kwargs) == alone
    with ThreadPoolExecutor(2) as pool:
        assert simulate(CASINO, 1_000_000, executor=pool, **kwargs) == alone


def test_a_local_dask_cluster_gives_the_single_process_result():
    distributed = pytest.importorskip("distributed")
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
    result = simulate(CASINO, 1_000, player=StopAfter(350), seed=1, chunk_size=100,
                      progress=False)
    assert result.interrupted
    assert result.rounds == 300 and result.rounds_requested == 1_000
    assert result.wins + result.pushes + result.losses == 300
    assert counts(result) == counts(simulate(CASINO, 300, seed=1, chunk_size=100,
                                             progress=False))


@pytest.mark.fast
def test_fouls_settle_the_bet():
    fouling = RandomSetting(seed=1, allow_fouls=True)
    r = simulate(CLASSIC, 2_000, player=fouling, seed=3, progress=False)
    assert r.player_fouls > 0 and r.losses >= r.player_fouls
    b = simulate(CLASSIC, 2_000, banker=fouling, seed=3, progress=False)
    assert b.banker_fouls > 0 and b.wins >= b.banker_fouls
    reset = simulate(CLASSIC.replace(banker_foul="house_way"), 2_000, banker=fouling, seed=3,
                     progress=False)
    assert reset.banker_fouls == b.banker_fouls
    assert reset.wins < b.wins


@pytest.mark.fast
def test_optimal_player_runs_on_the_same_deals():
    r = simulate(CASINO, 40, player="optimal", seed=5, progress=False)
    assert r.rounds == 40 and r.player.startswith("OptimalStrategy(")
    assert r.player_fouls == 0


@pytest.mark.fast
def test_progress_bar_goes_to_stderr(capsys):
    simulate(CLASSIC, 4_000, seed=1, chunk_size=1_000, progress=True)
    assert "rounds" in capsys.readouterr().err


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
    with pytest.raises(PokerRulesError, match="strategy"):
        simulate(CASINO, 10, seed=1, player="wizard")
    with pytest.raises(PokerRulesError, match="strategy"):
        simulate(CASINO, 10, seed=1, banker=42)
    with pytest.raises(PokerRulesError, match="workers"):
        simulate(CASINO, 10, seed=1, workers=0)
    with pytest.raises(PokerRulesError, match="not both"):
        with ThreadPoolExecutor(1) as pool:
            simulate(CASINO, 10, seed=1, workers=2, executor=pool)
    with pytest.raises(TypeError):
        simulate("casino", 10, seed=1)


@pytest.mark.fast
def test_a_strategy_that_sets_other_cards_is_refused():
    def cheat(cards, rules):
        return Setting("As Ks Qs Js Ts", "Ah Kh")

    with pytest.raises(IllegalMoveError, match="player"):
        simulate(CASINO, 10, player=cheat, seed=1, progress=False)


# The published analysis of this house way on both sides, under casino rules
# (an exhaustive enumeration of all deals): player win 29.12%, push 40.50%,
# loss 30.38%, player EV -0.0272.
PUBLISHED = {"win_rate": 0.2912, "push_rate": 0.4050, "loss_rate": 0.3038}
PUBLISHED_EV = -0.0272


@pytest.fixture(scope="module")
def ten_million():
    return simulate(CASINO, 10_000_000, seed=1, progress=False)


@pytest.mark.slow
def test_player_ev_reproduces_the_published_house_edge(ten_million):
    r = ten_million
    assert r.rounds == 10_000_000
    assert abs(r.player_ev - PUBLISHED_EV) < 3 * r.player_ev_stderr


@pytest.mark.slow
@pytest.mark.xfail(strict=True, reason=(
    "measured 28.98% / 40.80% / 30.22% (seed 1): 10 to 19 standard errors from the "
    "published rates, though the EV agrees; see the strategy page of the docs"))
@pytest.mark.parametrize("rate", sorted(PUBLISHED))
def test_outcome_rates_reproduce_the_published_analysis(ten_million, rate):
    r = ten_million
    measured = getattr(r, rate)
    assert abs(measured - PUBLISHED[rate]) < 3 * r.rate_stderr(PUBLISHED[rate])


@pytest.mark.slow
def test_the_wheel_rule_barely_moves_the_edge():
    # the same deals under both wheel rules: only hands holding a wheel can differ
    a = simulate(CASINO, 1_000_000, seed=8, progress=False)
    b = simulate(CASINO.replace(wheel_second_highest=False), 1_000_000, seed=8, progress=False)
    assert a.rounds == b.rounds
    assert 0 < sum(abs(getattr(a, k) - getattr(b, k)) for k in ("wins", "losses")) < 2_000
    assert np.isclose(a.player_ev, b.player_ev, atol=0.002)


@pytest.mark.fast
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
    assert main(["paigow", "simulate", "--rounds", "0", "--seed", "1"]) == 2
    assert "rounds" in capsys.readouterr().err
