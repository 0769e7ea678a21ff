"""Z Poker's part of the shared search: worlds from a view, the greedy rule as
the playout policy and a short horizon valued by the cards each side holds."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from pokerrules.cards import Card
from pokerrules.checks import check_count
from pokerrules.hands import STANDARD, evaluate_partial
from pokerrules.search import ProtocolGame, result_rewards
from pokerrules.zpoker.moves import Placement
from pokerrules.zpoker.rules import PLAYERS, POSITIONS, SIDES, Phase, ZPokerRules
from pokerrules.zpoker.state import ZPokerState, ZPokerView

_STANDARD_RULES = ZPokerRules()


#: A placement's greedy key (higher is better): whether the player's side then
#: beats (1), ties (0) or trails (-1) the other side, the player's side value,
#: minus the other side's value, minus the card's rank (0..12).
GreedyKey = tuple[int, int, int, int]


def greedy_scores(tops: Mapping[str, int], placements: Sequence[tuple[int, str]],
                  player: int) -> list[GreedyKey]:
    """The greedy rule: the :data:`GreedyKey` of each placement, given as
    ``(card code, position)``, on a board of top cards (position -> code; hidden
    and empty positions absent) for seat ``player``. The best placement is the
    first of the highest keys (:class:`~pokerrules.zpoker.agents.GreedyAgent`,
    the search's candidates and its playouts all choose so).

    Every side, of zero to five cards, is valued on one scale: the value of
    :func:`~pokerrules.hands.evaluate_partial` under the standard rules, the
    ranking the game itself compares sides with. Five cards rank there exactly
    as :func:`~pokerrules.hands.evaluate` ranks them, and a full side is compared
    with a shorter one as the rules compare them (three cards holding a pair beat
    five unpaired ones); values of ``evaluate`` (the five-card class index) are on
    another scale and never enter a key.

    Returns a list as long as ``placements``. Codes and positions are not
    checked: callers pass legal placements.
    """
    mine_at, theirs_at = SIDES[player], SIDES[1 - player]
    # per position: the other top cards of both sides (None for a side the
    # position is not on), that side's value, and one key per rank when suits
    # cannot matter (below five cards)
    around: dict[str, tuple[list[int] | None, list[int] | None, int, int,
                            dict[int, GreedyKey] | None]] = {}
    scores: list[GreedyKey] = []
    for code, position in placements:
        if position not in around:
            mine = [tops[q] for q in mine_at if q != position and q in tops]
            theirs = [tops[q] for q in theirs_at if q != position and q in tops]
            in_mine, in_theirs = position in mine_at, position in theirs_at
            suitless = (not in_mine or len(mine) < 4) and (not in_theirs or len(theirs) < 4)
            around[position] = (
                mine if in_mine else None, theirs if in_theirs else None,
                0 if in_mine else evaluate_partial(mine, STANDARD).value,
                0 if in_theirs else evaluate_partial(theirs, STANDARD).value,
                {} if suitless else None)
        mine_rest, theirs_rest, a, b, by_rank = around[position]
        rank = code >> 2
        if by_rank is not None and rank in by_rank:
            scores.append(by_rank[rank])
            continue
        if mine_rest is not None:
            mine_rest.append(code)
            a = evaluate_partial(mine_rest, STANDARD).value
            mine_rest.pop()
        if theirs_rest is not None:
            theirs_rest.append(code)
            b = evaluate_partial(theirs_rest, STANDARD).value
            theirs_rest.pop()
        key = ((a > b) - (a < b), a, -b, -rank)
        if by_rank is not None:
            by_rank[rank] = key
        scores.append(key)
    return scores


def greedy_order(tops: Mapping[str, int], placements: Sequence[tuple[int, str]],
                 player: int) -> list[int]:
    """Indices into ``placements`` ranked by :func:`greedy_scores`, best first;
    equal keys keep their order, so the first index is the greedy rule's move."""
    scores = greedy_scores(tops, placements, player)
    return sorted(range(len(placements)), key=scores.__getitem__, reverse=True)


def greedy_placement(stacks: Mapping[str, Sequence[int]], hand: Sequence[int], player: int,
                     cover: bool, hidden: str | None = None) -> tuple[int, str]:
    """The greedy rule's move (:func:`greedy_scores`) as (card code, position),
    from the stacks of codes and ``hand`` (codes, ascending), the placements
    taken in card-then-position order as the game lists its legal moves;
    ``cover``: occupied positions may be played on (the End Game); ``hidden``: a
    position whose card the player cannot see (it counts as absent)."""
    tops = {p: s[-1] for p, s in stacks.items() if s and p != hidden}
    positions = [p for p in POSITIONS if cover or not stacks[p]]
    placements = [(code, p) for code in hand for p in positions]
    scores = greedy_scores(tops, placements, player)
    return placements[scores.index(max(scores))]


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
        # the mover does not see the other's face-down card, as in its view
        hidden = world.face_down_position if player != 0 else None
        code, position = greedy_placement(world.stack_codes(), world.hand_codes(player), player,
                                          world.phase is Phase.END_GAME, hidden)
        return Placement(Card(code), position)

    def rewards(self, world: ZPokerState) -> Sequence[float] | None:
        if world.is_over:
            return result_rewards(world)
        if world.draws < self.depth:
            return None
        held = [len(world.hand_codes(0)), len(world.hand_codes(1))]
        out = []
        for p in (0, 1):
            value = 0.5 + 0.08 * (held[1 - p] - held[p]) + (0.04 if world.starter == p else -0.04)
            out.append(min(0.98, max(0.02, value)))
        return out

