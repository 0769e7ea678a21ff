"""Rates, EV and house edge: one computation serves the exact counts, the
simulation and the value of each setting."""

import math
from dataclasses import fields

import pytest

from pokerrules.paigow import PaiGowRules, SimulationResult
from pokerrules.paigow.analysis.exact import ExactHand, ExactResult
from pokerrules.paigow.analysis.rates import OutcomeRates, mean_net, net_variance


def _simulated(wins: int, pushes: int, losses: int, rules: PaiGowRules) -> SimulationResult:
    rounds = wins + pushes + losses
    return SimulationResult(rules, "foxwoods", "foxwoods", 0, 10, rounds, rounds, wins, pushes,
                            losses, 0, 0, 0, 0)


def test_mean_net_pays_a_win_less_the_commission_and_costs_a_loss_one_unit():
    # 3 wins at 0.95, 1 loss, 1 push over 5 rounds: (2.85 - 1) / 5
    assert mean_net(3, 1, 5, 0.05) == pytest.approx(0.37)
    assert mean_net(2, 2, 4, 0.0) == 0.0
    # the variance of a net of +0.95 three times, -1 once and 0 once
    nets = [0.95, 0.95, 0.95, -1.0, 0.0]
    mean = sum(nets) / 5
    assert net_variance(3, 1, 5, 0.05) == pytest.approx(sum((x - mean) ** 2 for x in nets) / 5)


def test_net_variance_is_never_negative():
    # every round a push: the variance is 0, not a rounding error below it
    assert net_variance(0, 0, 7, 0.05) == 0.0
    assert net_variance(1 / 3, 1 / 3, 1, 0.0) >= 0.0


@pytest.mark.parametrize("counts", [(4, 3, 5), (1_000_003, 2_500_011, 1_300_007), (0, 1, 0)])
def test_exact_and_simulated_results_of_the_same_counts_agree(counts):
    wins, pushes, losses = counts
    rules = PaiGowRules.casino()
    exact = ExactResult(wins=wins, pushes=pushes, losses=losses, commission=rules.commission,
                        player_way="foxwoods", banker_way="foxwoods", wheel_second_highest=True,
                        deck_size=53, symmetric=False, visits=0)
    simulated = _simulated(wins, pushes, losses, rules)
    for name in ("win_rate", "push_rate", "loss_rate", "player_ev", "house_edge"):
        assert getattr(exact, name) == getattr(simulated, name), name
    assert exact.total == simulated.rounds
    assert exact.house_edge == -exact.player_ev
    assert exact.player_ev == mean_net(wins, losses, wins + pushes + losses, 0.05)
    assert simulated.banker_ev == mean_net(losses, wins, simulated.rounds, 0.05)
    stderr = simulated.player_ev_stderr
    assert stderr is not None
    assert stderr == math.sqrt(net_variance(wins, losses, simulated.rounds, 0.05)
                               / simulated.rounds)


def test_the_exact_results_share_the_rates_class_and_keep_their_fields():
    assert issubclass(ExactResult, OutcomeRates) and issubclass(ExactHand, OutcomeRates)
    assert [f.name for f in fields(ExactHand)] == ["hand", "setting", "wins", "pushes",
                                                   "losses", "commission", "banker_way"]
    assert [f.name for f in fields(ExactResult)][:4] == ["wins", "pushes", "losses",
                                                         "commission"]


def test_a_simulation_without_rounds_has_no_rates():
    empty = _simulated(0, 0, 0, PaiGowRules.casino())
    assert (empty.win_rate, empty.player_ev, empty.player_ev_stderr, empty.house_edge,
            empty.banker_ev, empty.player_ev_ci) == (None,) * 6
