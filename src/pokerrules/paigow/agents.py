"""Agents of the Pai Gow round (:mod:`pokerrules.paigow.game.state`): at random,
by the house way, and by the best expected value against the house way."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from pokerrules._checks import shown
from pokerrules.errors import IllegalMoveError
from pokerrules.paigow.game.houseway import house_way
from pokerrules.paigow.game.round import best_reply
from pokerrules.paigow.game.setting import Setting
from pokerrules.paigow.game.state import PaiGowView
from pokerrules.runner import RandomAgent, check_generator

__all__ = ["AGENTS", "DEFAULT_AGENTS", "LEVELS", "HouseWayAgent", "OptimalAgent"]


def _require_choice(view: object, legal_moves: Sequence[Setting], rng: object) -> PaiGowView:
    check_generator(rng)
    if not isinstance(view, PaiGowView):
        raise IllegalMoveError(f"a Pai Gow agent needs a PaiGowView, not {shown(view)}")
    if not legal_moves or not view.hand:
        raise IllegalMoveError(f"seat {view.player} has no hand to set")
    return view


def _legal(setting: Setting, legal_moves: Sequence[Setting], who: str) -> Setting:
    if setting not in legal_moves:
        raise IllegalMoveError(f"{who} sets {setting}, which is not a legal move here")
    return setting


class HouseWayAgent:
    """Sets the hand by the rules' house way (:func:`~pokerrules.paigow.house_way`),
    as a casino's banker does; no randomness."""

    def choose(self, view: PaiGowView, legal_moves: Sequence[Setting],
               rng: np.random.Generator) -> Setting:
        """The house way's setting of ``view.hand``.

        Raises:
            IllegalMoveError: not a Pai Gow view, no hand, or a house way of the
                rules (a callable of one's own) whose setting is not legal.
            ArgumentTypeError: ``rng`` is no numpy Generator.
        """
        view = _require_choice(view, legal_moves, rng)
        return _legal(house_way(view.hand, view.rules), legal_moves, "the house way")

    def __repr__(self) -> str:
        return "HouseWayAgent()"


class OptimalAgent:
    """Sets the hand by the best expected value against an opponent who sets by the
    house way (:func:`~pokerrules.paigow.optimal_setting`, sampled: ``samples``
    opponent hands, drawn from the game's agent generator), from the seat's side
    (the banker's or a player's). Where the banker's hand is shown
    (``banker_shown``), a player plays the best reply to it
    (:func:`~pokerrules.paigow.best_reply`, exact) and the banker the house way.

    Args:
        samples: opponent hands per decision (5,000: about 25 ms; ``None`` counts
            every hand exactly, about half a second each).
    """

    def __init__(self, samples: int | None = 5_000) -> None:
        self.samples = samples

    def choose(self, view: PaiGowView, legal_moves: Sequence[Setting],
               rng: np.random.Generator) -> Setting:
        """The setting of the best expected value among the legal ones.

        Raises:
            IllegalMoveError: not a Pai Gow view or no hand.
            ArgumentTypeError: ``rng`` is no numpy Generator.
        """
        from pokerrules.paigow.analysis.strategy import optimal_setting

        view = _require_choice(view, legal_moves, rng)
        if view.rules.banker_shown:
            if view.player == 0:
                return legal_moves[0]  # its one move, the house way's
            banker = view.settings[0]
            if banker is None:
                raise IllegalMoveError("the banker's hand is shown before a player sets, "
                                       "and this view holds none")
            return _legal(best_reply(view.hand, banker, view.rules), legal_moves,
                          "the best reply")
        seat = "banker" if view.player == 0 else "player"
        options: dict[str, Any] = {"method": "exact"} if self.samples is None else \
            {"method": "sample", "samples": self.samples, "seed": rng}
        result = optimal_setting(view.hand, view.rules, seat=seat, **options)
        legal = set(legal_moves)
        best = max((v for v in result.settings if v.setting in legal), key=lambda v: v.ev,
                   default=None)
        return legal_moves[0] if best is None else best.setting

    def __repr__(self) -> str:
        return f"OptimalAgent(samples={self.samples!r})"


#: The agents by name (``pokerrules play pai-gow --agents``).
AGENTS: dict[str, type] = {"random": RandomAgent, "house": HouseWayAgent, "optimal": OptimalAgent}
#: Every seat sets by the house way, as at a casino (up to seven seats).
DEFAULT_AGENTS = ("house",) * 7
#: ``pokerrules play --level``: easy sets at random (no foul), normal by the house
#: way, hard by the best sampled expected value.
LEVELS = {"easy": RandomAgent, "normal": HouseWayAgent, "hard": OptimalAgent}
