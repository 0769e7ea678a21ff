"""Z Poker agents: the greedy side-strength player and the random one."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pokerrules.errors import IllegalMoveError
from pokerrules.game import RandomAgent
from pokerrules.hands import STANDARD, evaluate_partial
from pokerrules.zpoker.moves import Placement
from pokerrules.zpoker.rules import POSITIONS, SIDES
from pokerrules.zpoker.state import ZPokerView


class GreedyAgent:
    """Plays the placement that leaves its side strongest against the opponent's.

    Each legal placement is tried on the visible board (an opponent's face-down
    card counts as absent) and scored by, in order: whether the agent's side
    then beats, ties or trails the opponent's; the agent's side rank (higher
    first); the opponent's side rank (lower first); the card's rank (lower
    first, keeping high cards for later). Deterministic: ``rng`` is unused.
    """

    def choose(
        self, view: ZPokerView, legal_moves: Sequence[Placement], rng: np.random.Generator
    ) -> Placement:
        """The best-scored of ``legal_moves``; the first of equals.

        Raises:
            IllegalMoveError: another game's view, no moves, or a move that places
                a card the viewer does not hold.
        """
        if not isinstance(view, ZPokerView):
            raise IllegalMoveError(f"a Z Poker agent needs a ZPokerView, not {view!r:.60}")
        if not legal_moves:
            raise IllegalMoveError(f"player {view.player} has no legal move to choose from")
        for move in legal_moves:
            if not isinstance(move, Placement) or move.card not in view.hand:
                raise IllegalMoveError(
                    f"{move!r:.60} is not a placement of a card player {view.player} holds")
        me, them = SIDES[view.player], SIDES[1 - view.player]
        tops: dict[str, int] = {}
        for position in POSITIONS:
            card = view.top(position)
            if card is not None:
                tops[position] = card.code

        def score(move: Placement) -> tuple[int, int, int, int]:
            board = dict(tops)
            board[move.position] = move.card.code
            mine = evaluate_partial([board[p] for p in me if p in board], STANDARD)
            theirs = evaluate_partial([board[p] for p in them if p in board], STANDARD)
            outcome = (mine > theirs) - (mine < theirs)
            return (outcome, mine.value, -theirs.value, -move.card.rank)

        return max(legal_moves, key=score)


AGENTS: dict[str, type[RandomAgent] | type[GreedyAgent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
}
DEFAULT_AGENTS: tuple[str, str] = ("greedy", "random")
