"""A player's wins, pushes and losses against the banker as rates, EV and house
edge at a commission: the one computation behind the exact counts
(:class:`~pokerrules.paigow.ExactResult`, :class:`~pokerrules.paigow.ExactHand`),
the simulation (:class:`~pokerrules.paigow.SimulationResult`) and the value of
each setting (:func:`~pokerrules.paigow.optimal_setting`)."""

from __future__ import annotations

from typing import Any

__all__ = ["OutcomeRates", "mean_net", "net_variance"]


def mean_net(wins: int | float, losses: int | float, total: int | float,
             commission: float) -> float:
    """The mean net per unit bet over ``total`` rounds (or probability weight 1)
    where a win pays 1 less ``commission`` and a loss costs 1. From the banker's
    side, give the player's losses as ``wins`` and the player's wins as ``losses``."""
    return (wins * (1 - commission) - losses) / total


def net_variance(wins: int | float, losses: int | float, total: int | float,
                 commission: float) -> float:
    """The variance of one round's net, as :func:`mean_net` counts it (never below
    0, which rounding could otherwise give)."""
    pay = 1 - commission
    ev = mean_net(wins, losses, total, commission)
    return max((wins * pay * pay + losses) / total - ev * ev, 0.0)


class OutcomeRates:
    """The rates and EV of a player's outcome counts (a base of result classes
    holding ``wins``, ``pushes``, ``losses`` and the player's ``commission``;
    ``total`` is their sum, never 0 here)."""

    wins: int
    pushes: int
    losses: int
    commission: float

    @property
    def total(self) -> int:
        """Rounds (or pairs of hands) counted."""
        return self.wins + self.pushes + self.losses

    @property
    def win_rate(self) -> float:
        """The player's wins per round."""
        return self.wins / self.total

    @property
    def push_rate(self) -> float:
        """Pushes per round."""
        return self.pushes / self.total

    @property
    def loss_rate(self) -> float:
        """The player's losses per round."""
        return self.losses / self.total

    @property
    def player_ev(self) -> float:
        """The player's expected result per unit bet, after the commission on a win."""
        return mean_net(self.wins, self.losses, self.total, self.commission)

    @property
    def house_edge(self) -> float:
        """What the house keeps per unit of the player's bet when it banks
        (minus :attr:`player_ev`)."""
        return -self.player_ev

    def _rates(self) -> dict[str, Any]:
        return {"wins": self.wins, "pushes": self.pushes, "losses": self.losses,
                "total": self.total, "win_rate": self.win_rate, "push_rate": self.push_rate,
                "loss_rate": self.loss_rate, "player_ev": self.player_ev,
                "commission": self.commission}
