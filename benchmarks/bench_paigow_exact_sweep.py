"""A sweep of two full-deck exact counts (classic rules, foxwoods and
ballys on both sides) on a local Dask cluster of two worker processes, one
variant each; checks the Foxwoods count against the published enumeration."""

import time

import distributed

from pokerrules.paigow import PaiGowRules, exact_house_edges

PUBLISHED = (2402491783820756, 3341087256920524, 2506879990473120)

if __name__ == "__main__":
    classic = PaiGowRules.classic()
    start = time.time()
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster, \
            distributed.Client(cluster) as client:
        results = exact_house_edges([(classic, "foxwoods", None),
                                     (classic, "ballys", None)],
                                    executor=client.get_executor(), progress=False)
    print(f"wall clock {time.time() - start:.1f} s")
    for r in results:
        print(r.banker_way, r.wins, r.pushes, r.losses, f"{r.player_ev:.7f}")
    print("published:", (results[0].wins, results[0].pushes, results[0].losses) == PUBLISHED)
