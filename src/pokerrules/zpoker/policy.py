"""Z Poker's part of the shared search: worlds from a view, the greedy rule as
the playout policy and a short horizon valued by the cards each side holds."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pokerrules.cards import Card
from pokerrules.checks import check_count
from pokerrules.hands import STANDARD, evaluate, evaluate_partial
from pokerrules.search import ProtocolGame, result_rewards
from pokerrules.zpoker.moves import Placement
from pokerrules.zpoker.rules import PLAYERS, POSITIONS, SIDES, Phase, ZPokerRules
from pokerrules.zpoker.state import ZPokerState, ZPokerView

_STANDARD_RULES = ZPokerRules()


def greedy_scores(tops: dict[str, int], moves: Sequence[Placement], player: int
                  ) -> list[tuple[int, int, int, int]]:
    """The greedy rule's score of each placement on a board of top cards
    (position -> code; hidden and empty positions absent): whether the player's
    side then beats (1), ties (0) or trails (-1) the other, the player's side
    rank, minus the other side's rank, minus the card's rank (higher is better).
    Sides of five cards are ranked as full hands, others as partial hands."""
    mine_at, theirs_at = SIDES[player], SIDES[1 - player]
    scores = []
    for move in moves:
        board = dict(tops)
        board[move.position] = move.card.code
        mine = [board[p] for p in mine_at if p in board]
        theirs = [board[p] for p in theirs_at if p in board]
        if len(mine) == 5 and len(theirs) == 5:
            a, b = evaluate(mine, STANDARD).value, evaluate(theirs, STANDARD).value
        else:
            a, b = evaluate_partial(mine, STANDARD).value, evaluate_partial(theirs, STANDARD).value
        scores.append(((a > b) - (a < b), a, -b, -move.card.rank))
    return scores


def greedy_placement(stacks: dict[str, list[int]], hand: Sequence[int], player: int,
                     cover: bool) -> tuple[int, str]:
    """The greedy rule's placement as (card code, position), from the stacks of
    codes and ``hand`` (codes, ascending); ``cover``: occupied positions may be
    played on (the End Game). Ranks every side as a partial hand (as
    :class:`~pokerrules.zpoker.agents.GreedyAgent` does) and breaks ties the same
    way: the first in card-then-position order. The playouts' hot loop, so it
    works on codes and ranks each side only once where the placement leaves it
    unchanged."""
    tops = {p: s[-1] for p, s in stacks.items() if s}
    mine_at, theirs_at = SIDES[player], SIDES[1 - player]
    best_key: tuple[int, int, int, int, int, int] | None = None
    best = (hand[0], POSITIONS[0])
    for pi, position in enumerate(POSITIONS):
        if not cover and position in tops:
            continue
        mine = [tops[q] for q in mine_at if q != position and q in tops]
        theirs = [tops[q] for q in theirs_at if q != position and q in tops]
        in_mine, in_theirs = position in mine_at, position in theirs_at
        a = 0 if in_mine else evaluate_partial(mine, STANDARD).value
        b = 0 if in_theirs else evaluate_partial(theirs, STANDARD).value
        # under five cards suits cannot matter: a card of the rank just tried
        # scores the same and loses the tie
        suitless = (not in_mine or len(mine) < 4) and (not in_theirs or len(theirs) < 4)
        last_rank = -1
        for ci, code in enumerate(hand):
            if suitless and code // 4 == last_rank:
                continue
            last_rank = code // 4
            if in_mine:
                mine.append(code)
                a = evaluate_partial(mine, STANDARD).value
                mine.pop()
            if in_theirs:
                theirs.append(code)
                b = evaluate_partial(theirs, STANDARD).value
                theirs.pop()
            key = ((a > b) - (a < b), a, -b, -(code // 4), -ci, -pi)
            if best_key is None or key > best_key:
                best_key, best = key, (code, position)
    return best


def view_tops(view: ZPokerView) -> dict[str, int]:
    """The visible top card of each position, as codes."""
    tops = {}
    for position in POSITIONS:
        card = view.top(position)
        if card is not None:
            tops[position] = card.code
    return tops


class ZPokerSearch(ProtocolGame[ZPokerState]):
    """Z Poker for :mod:`pokerrules.search`: worlds deal the cards the viewer has
    not seen (the opponent's hand, a face-down card, the pile) at random; playouts
    use the greedy rule (:func:`greedy_placement`) and stop after ``depth`` side
    comparisons, where each player's reward is
    ``0.5 + 0.08 * (cards the other holds - cards held)``, 0.04 more for the
    Starter (clipped to 0.02..0.98), or the result of a game that ended. Worlds
    use the standard 52-card deck (a view does not carry the rules).

    Raises:
        ArgumentTypeError, PokerRulesError: a ``depth`` that is no int >= 1.
    """

    def __init__(self, depth: int = 1) -> None:
        self.depth = check_count(depth, "depth")

    def players(self, view: ZPokerView) -> int:
        return PLAYERS

    def determinize(self, view: ZPokerView, rng: np.random.Generator) -> ZPokerState:
        """A state with the viewer's hand and board of ``view``, the unseen cards
        dealt at random to the opponent's hand, the face-down card and the pile."""
        rules = _STANDARD_RULES
        mine = [c.code for c in view.hand]
        seen = set(mine)
        for stack in view.stacks.values():
            seen.update(c.code for c in stack)
        unseen = [c for c in rules.deck.codes if c not in seen]
        order = [unseen[i] for i in rng.permutation(len(unseen))]
        return ZPokerState.from_view(view, order, int(rng.integers(2**53)))

    def policy(self, world: ZPokerState, rng: np.random.Generator) -> Placement:
        player = world.current_player
        assert player is not None
        code, position = greedy_placement(world._stacks, world._hands[player], player,
                                          world._phase is Phase.END_GAME)
        return Placement(Card(code), position)

    def rewards(self, world: ZPokerState) -> Sequence[float] | None:
        if world.is_over:
            return result_rewards(world)
        if world.draws < self.depth:
            return None
        held = [len(world._hands[0]), len(world._hands[1])]
        out = []
        for p in (0, 1):
            value = 0.5 + 0.08 * (held[1 - p] - held[p]) + (0.04 if world.starter == p else -0.04)
            out.append(min(0.98, max(0.02, value)))
        return out

