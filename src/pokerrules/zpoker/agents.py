"""Z Poker agents: the greedy side-strength player, the random one, the one-move
look-ahead, the search and the learned policy."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from pokerrules import search
from pokerrules._checks import check_count, shown
from pokerrules.errors import IllegalMoveError
from pokerrules.learned import PolicyAgent
from pokerrules.runner import RandomAgent, check_generator
from pokerrules.zpoker.moves import Placement
from pokerrules.zpoker.policy import (
    LEARNED_FEATURES,
    ZPokerSearch,
    action_index,
    greedy_order,
    view_features,
    view_tops,
)
from pokerrules.zpoker.rules import Phase
from pokerrules.zpoker.state import ZPokerView


class GreedyAgent:
    """Plays the placement that leaves its side strongest against the opponent's.

    Each legal placement is tried on the visible board (an opponent's face-down
    card counts as absent) and scored by, in order: whether the agent's side
    then beats, ties or trails the opponent's; the agent's side rank (higher
    first); the opponent's side rank (lower first); the card's rank (lower
    first, keeping high cards for later); every side is ranked by
    :func:`~pokerrules.hands.evaluate_partial`, as the game compares sides. The
    rule is :func:`~pokerrules.zpoker.policy.greedy_scores`, which the search's
    candidates and playouts use too. Deterministic: ``rng`` is unused.
    """

    def choose(
        self, view: ZPokerView, legal_moves: Sequence[Placement], rng: np.random.Generator
    ) -> Placement:
        """The best-scored of ``legal_moves``; the first of equals.

        Raises:
            IllegalMoveError: another game's view, no moves, or a move that places
                a card the viewer does not hold (or, before the End Game, on a taken
                position).
            ArgumentTypeError: ``rng`` is no numpy Generator.
        """
        _check_choice(view, legal_moves, rng)
        order = greedy_order(view_tops(view), _placements(legal_moves), view.player)
        return legal_moves[order[0]]


def _check_choice(view: ZPokerView, legal_moves: Sequence[Placement],
                  rng: np.random.Generator) -> None:
    check_generator(rng)
    if not isinstance(view, ZPokerView):
        raise IllegalMoveError(f"a Z Poker agent needs a ZPokerView, not {shown(view)}")
    if not legal_moves:
        raise IllegalMoveError(f"player {view.player} has no legal move to choose from")
    for move in legal_moves:
        if not isinstance(move, Placement) or move.card not in view.hand:
            raise IllegalMoveError(
                f"{shown(move)} is not a placement of a card player {view.player} holds")
        if view.phase is not Phase.END_GAME and view.occupied(move.position):
            raise IllegalMoveError(
                f"{move} is not legal: position {move.position} is taken before the "
                "End Game")


def _placements(moves: Sequence[Placement]) -> list[tuple[int, str]]:
    return [(move.card.code, move.position) for move in moves]


class LearnedAgent(PolicyAgent):
    """The policy trained on the vector environment (``python -m pokerrules.learn
    z-poker``; :mod:`pokerrules.learned`): the legal placement whose
    :func:`~pokerrules.zpoker.policy.learned_features` score highest under the
    shipped weights (``learned.npz``, checked on first use) or the
    file of ``weights``, the first of equals.
    Deterministic: ``rng`` is unused. Numpy only.

    Args:
        weights: a weight file (``.npz``, a path or an open binary file) that
            ``python -m pokerrules.learn z-poker --out PATH`` wrote, to play instead
            of the shipped weights (None, the default); it must be ``z-poker``'s.

    Raises:
        WeightFileError: a weight file that is damaged, refused or trained for
            another game (named; :func:`pokerrules.learned.load_weights`).
        ArgumentTypeError: ``weights`` that is neither a path nor an open binary file.
    """

    GAME = "z-poker"
    PACKAGE = __package__ or ""
    FEATURES = LEARNED_FEATURES

    def choose(
        self, view: ZPokerView, legal_moves: Sequence[Placement], rng: np.random.Generator
    ) -> Placement:
        """One of ``legal_moves``.

        Raises:
            IllegalMoveError: as for :meth:`GreedyAgent.choose`.
        """
        _check_choice(view, legal_moves, rng)
        scores = self.policy.scores(view_features(view)[0])
        actions = [action_index(move) for move in legal_moves]
        return legal_moves[int(np.argmax(scores[actions]))]


class LookaheadAgent:
    """Tries every legal placement and keeps the one whose next comparison of sides
    leaves it best placed, the opponent's hand sampled.

    Each placement is made in the same ``samples`` worlds (the opponent's hand, a
    face-down card and the pile dealt again from the unseen cards, as the search's
    worlds are); both players then play the greedy rule
    (:func:`~pokerrules.zpoker.policy.greedy_scores`) until the next comparison of
    sides, and the position is valued as the search values its horizon (cards each
    holds and who starts; :class:`~pokerrules.zpoker.policy.ZPokerSearch` with
    ``depth=1``). The Reply's placement in the End Game is compared at once, so one
    world serves it. Equal values go to greedy's order; the face-down card of the
    first part is greedy's.

    Args:
        samples: worlds per decision (default 4), every placement tried in each.

    Raises:
        ArgumentTypeError, PokerRulesError: ``samples`` that is no int >= 1.
    """

    def __init__(self, samples: int = 4) -> None:
        self.samples = check_count(samples, "samples")
        self._game = ZPokerSearch(1)

    def choose(
        self, view: ZPokerView, legal_moves: Sequence[Placement], rng: np.random.Generator
    ) -> Placement:
        """The best-valued of ``legal_moves`` (greedy's first among equals).

        Raises:
            IllegalMoveError: as for :meth:`GreedyAgent.choose`.
        """
        _check_choice(view, legal_moves, rng)
        return _lookahead_ranking(self._game, view, legal_moves, self.samples, rng)[0]

    def __repr__(self) -> str:
        return f"LookaheadAgent(samples={self.samples})"


def _lookahead_ranking(game: ZPokerSearch, view: ZPokerView, legal_moves: Sequence[Placement],
                       samples: int, rng: np.random.Generator) -> list[Placement]:
    """``legal_moves`` best first by their look-ahead value (``game``: a search one
    comparison deep, over ``samples`` worlds; one world for the End Game's Reply),
    equals in greedy's order; in greedy's order alone while the cards are face down
    or when there is one move (then nothing is drawn from ``rng``)."""
    order = greedy_order(view_tops(view), _placements(legal_moves), view.player)
    ranked = [legal_moves[i] for i in order]
    if view.phase is Phase.FIND_LEADER or len(legal_moves) == 1:
        return ranked
    answered = view.phase is Phase.END_GAME and view.starter != view.player
    values = search.flat_values(game, view, view.player, ranked, 1 if answered else samples,
                                rng)
    best_first = sorted(range(len(ranked)), key=lambda i: -values[i])  # stable: greedy's order
    return [ranked[i] for i in best_first]


class SearchAgent(search.SearchAgent):
    """Determinized flat Monte Carlo (:mod:`pokerrules.search`) over the
    ``candidates`` placements the one-move look-ahead values most: every legal
    placement is first valued as :class:`LookaheadAgent` values it (``screen``
    worlds, both players greedy until the next comparison of sides; with
    ``screen=0`` the greedy rule's order instead), then the best ``candidates``
    are tried in the same sampled worlds (the opponent's hand and the pile dealt
    again from the unseen cards), both players playing the greedy rule until
    ``depth`` more side comparisons have been made, and the positions are valued
    by the cards each holds and who starts
    (:class:`~pokerrules.zpoker.policy.ZPokerSearch`). The face-down card of the
    first part is greedy's.

    Args:
        playouts: playouts per decision (default 120), split over the candidates.
        candidates: how many of the best-ranked placements are searched (default 4).
        depth: side comparisons a playout looks ahead (default 4).
        algorithm, time_ms: as for :class:`pokerrules.search.SearchAgent`.
        screen: worlds of the look-ahead that ranks the placements (default 4;
            0: greedy's order).

    Raises:
        ArgumentTypeError, PokerRulesError: as for :class:`pokerrules.search.SearchAgent`,
            ``candidates`` or ``depth`` that is no int >= 1, or ``screen`` that is
            no int >= 0.
    """

    def __init__(self, playouts: int = 120, candidates: int = 4, depth: int = 4,
                 algorithm: search.Algorithm = "flat", time_ms: float | None = None,
                 screen: int = 4) -> None:
        super().__init__(ZPokerSearch(depth), playouts, algorithm, time_ms)
        self.candidates = check_count(candidates, "candidates")
        self.screen = check_count(screen, "screen", 0)
        self._screen = ZPokerSearch(1)

    def choose(
        self, view: ZPokerView, legal_moves: Sequence[Placement], rng: np.random.Generator
    ) -> Placement:
        """The searched placement (greedy's while the cards are face down).

        Raises:
            IllegalMoveError: as for :meth:`GreedyAgent.choose`.
        """
        _check_choice(view, legal_moves, rng)
        if self.screen:
            ranked = _lookahead_ranking(self._screen, view, legal_moves, self.screen, rng)
        else:
            order = greedy_order(view_tops(view), _placements(legal_moves), view.player)
            ranked = [legal_moves[i] for i in order]
        if view.phase is Phase.FIND_LEADER or len(legal_moves) == 1:
            return ranked[0]
        chosen: Placement = super().choose(view, ranked[: self.candidates], rng)
        return chosen


AGENTS: dict[str, type[Any]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "search": SearchAgent,
    "lookahead": LookaheadAgent,
    "learned": LearnedAgent,
}
DEFAULT_AGENTS: tuple[str, str] = ("search", "greedy")


#: The agents of ``pokerrules play --level``.
LEVELS: dict[str, Callable[[], Any]] = {
    "easy": GreedyAgent,
    "normal": lambda: SearchAgent(playouts=30, depth=1),
    "hard": SearchAgent,
}
