"""A sweep of exact counts over rule and way variants: each variant's integers
are exact_house_edge's, whether counted here, in a process pool, on threads or
on a local Dask cluster; bad variants and executors refused by name."""

from concurrent.futures import ThreadPoolExecutor

import pytest
from test_paigow_exact import MEDIUM, SMALL

from pokerrules.errors import PokerRulesError
from pokerrules.paigow import PaiGowRules, exact_house_edge, exact_house_edges

BALLYS = "ballys"  # Bally's Atlantic City's posted way
CLASSIC = PaiGowRules.classic()
CASINO = PaiGowRules.casino()

VARIANTS = [(CLASSIC, "foxwoods", None), (CASINO, BALLYS, None),
            (CLASSIC, "foxwoods", BALLYS), (CASINO, BALLYS, "foxwoods")]


def counts(results):
    return [(r.wins, r.pushes, r.losses, r.player_ev, r.banker_way, r.player_way) for r in results]


@pytest.fixture(scope="module")
def alone():
    """Each variant counted by exact_house_edge itself."""
    return counts(exact_house_edge(rules, way, player, deck=MEDIUM)
                  for rules, way, player in VARIANTS)


def test_the_variants_differ(alone):
    assert len({c[:3] for c in alone}) == len(VARIANTS)  # a sweep that mixed them would show


@pytest.mark.parametrize("workers", [1, 2, 3])
def test_any_number_of_workers_gives_each_variants_count(alone, workers):
    results = exact_house_edges(VARIANTS, deck=MEDIUM, workers=workers, progress=False)
    assert counts(results) == alone


def test_an_executor_gives_each_variants_count(alone):
    with ThreadPoolExecutor(3) as pool:
        assert counts(exact_house_edges(VARIANTS, deck=MEDIUM, executor=pool,
                                        progress=False)) == alone


@pytest.mark.parametrize("processes", [False, True])
def test_a_local_dask_cluster_gives_each_variants_count(alone, processes):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=processes,
                                  dashboard_address=":0") as cluster, \
            distributed.Client(cluster) as client:
        results = exact_house_edges(VARIANTS, deck=MEDIUM, executor=client.get_executor(),
                                    progress=False)
    assert counts(results) == alone


def test_bad_sweeps_are_refused_by_name():
    with pytest.raises(PokerRulesError, match="executor"):
        exact_house_edges(VARIANTS, deck=SMALL, executor="tcp://127.0.0.1:8786")
    with pytest.raises(PokerRulesError, match="executor"):
        exact_house_edges(VARIANTS, deck=SMALL, executor=object())
    with pytest.raises(PokerRulesError, match="workers or executor"):
        with ThreadPoolExecutor(1) as pool:
            exact_house_edges(VARIANTS, deck=SMALL, workers=2, executor=pool)
    with pytest.raises(PokerRulesError, match="workers"):
        exact_house_edges(VARIANTS, deck=SMALL, workers=0)
    with pytest.raises(PokerRulesError, match=r"variant 1: .*caesars"):
        exact_house_edges([VARIANTS[0], (CLASSIC, "caesars", None)], deck=SMALL)
    with pytest.raises(PokerRulesError, match="variant 0 must be"):
        exact_house_edges([(CLASSIC, "foxwoods")], deck=SMALL)
    with pytest.raises(PokerRulesError, match="variants must be"):
        exact_house_edges(CLASSIC, deck=SMALL)
    assert exact_house_edges([], deck=SMALL) == []


def test_a_pool_whose_tables_would_not_fit_is_refused(monkeypatch, alone):
    from pokerrules.paigow.analysis import exact, outcomes

    one = max(exact.exact_memory(*variant, deck=MEDIUM) for variant in VARIANTS)
    monkeypatch.setattr(outcomes, "available_memory", lambda: one * 3 // 2)
    with pytest.raises(PokerRulesError, match="the tables of 2 workers need"):
        exact_house_edges(VARIANTS, deck=MEDIUM, workers=2, progress=False)
    assert counts(exact_house_edges(VARIANTS, deck=MEDIUM, progress=False)) == alone
