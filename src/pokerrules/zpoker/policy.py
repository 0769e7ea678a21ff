"""Z Poker's part of the shared search: worlds from a view, the greedy rule as
the playout policy and a short horizon valued by the cards each side holds."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from pokerrules import _vector
from pokerrules._checks import check_count
from pokerrules.cards import Card
from pokerrules.errors import ArgumentTypeError, PokerRulesError
from pokerrules.search import ProtocolGame, result_rewards
from pokerrules.zpoker.moves import Placement
from pokerrules.zpoker.rules import PLAYERS, POSITIONS, SIDES, Phase, ZPokerRules
from pokerrules.zpoker.state import ZPokerState, ZPokerView

_STANDARD_RULES = ZPokerRules()
_POSITION_INDEX = {position: i for i, position in enumerate(POSITIONS)}


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

    Returns a list as long as ``placements``. The rule is the compiled engine's
    (its greedy opponent plays by the same keys).

    Raises:
        ArgumentTypeError: ``tops`` that is no mapping, a placement that is no
            (code, position) pair.
        PokerRulesError: a code outside 0..51 or a position that is no position
            name; a card put that lies on the board.
    """
    if not isinstance(tops, Mapping):
        raise ArgumentTypeError(f"tops maps positions to codes, not {type(tops)}")
    unknown = [p for p in tops if p not in _POSITION_INDEX]
    if unknown:
        raise PokerRulesError(f"no position {unknown[0]!r} in tops: they are A to H")
    board = [tops.get(p, -1) for p in POSITIONS]
    codes, at = [], []
    for placement in placements:
        if not isinstance(placement, tuple) or len(placement) != 2:
            raise ArgumentTypeError(f"a placement is a (code, position) pair, not {placement!r}")
        code, position = placement
        if not isinstance(position, str) or position not in _POSITION_INDEX:
            raise PokerRulesError(f"no position {position!r}: they are A to H")
        codes.append(code)
        at.append(_POSITION_INDEX[position])
    keys: list[GreedyKey] = _vector.z_poker_greedy_keys(board, codes, at, player)
    return keys


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



# --- the learned agent's features (pokerrules.learned; trained by pokerrules.learn) ---
#: Features per action of :func:`learned_features`.
LEARNED_FEATURES = 22
#: Actions of :func:`learned_features`: ``8 * code + position`` over the 52 codes of
#: the standard deck (``z_poker_v0``'s action indices for the standard deck).
LEARNED_ACTIONS = 52 * len(POSITIONS)
_POSITION_INDEX = {p: i for i, p in enumerate(POSITIONS)}
_SIDE_MASKS = np.array([[p in side for p in POSITIONS] for side in SIDES], dtype=np.float64)
_SHARED = _SIDE_MASKS[0] * _SIDE_MASKS[1]
#: What a side's cards of one rank make by how many there are: a pair 1, trips 3,
#: quads 6 (two pairs 2, a full house 4), a single card nothing.
_MADE = np.array([0.0, 0.0, 1.0, 3.0, 6.0, 6.0])
_NEAR = (np.abs(np.arange(13)[:, None] - np.arange(13)[None, :]) <= 4) & ~np.eye(13, dtype=bool)
_RANK_OF = np.arange(52) // 4
_SUIT_OF = np.arange(52) % 4


def _high(counts: np.ndarray) -> np.ndarray:
    """The highest rank present + 1 (0 for no card), over the last axis."""
    out: np.ndarray = ((counts > 0) * np.arange(1, 14)).max(axis=-1)
    return out


def learned_features(hand: np.ndarray, tops: np.ndarray, face_down: np.ndarray,
                     phase: np.ndarray, seat: np.ndarray, starter: np.ndarray) -> np.ndarray:
    """The features of putting each card on each position, for a batch of positions
    of the mover (the codes of the standard deck; a smaller deck's cards keep their
    codes).

    Args:
        hand: 0/1 ``(games, 52)``, the cards the mover holds, by code.
        tops: 0/1 ``(games, 8, 52)``, the visible top card of each position (A..H).
        face_down: 0/1 ``(games, 8)``, the positions holding a card face down.
        phase: int ``(games,)``, 0 finding the Leader, 1 the Start Game, 2 the End Game.
        seat: int ``(games,)``, the mover's seat (0 or 1).
        starter: int ``(games,)``, the Starter's seat, -1 before there is one.

    Returns:
        float64 ``(games, 416, LEARNED_FEATURES)``, action ``8 * code + position``:
        one-hot, the position is on the mover's side only, on both, on the other's
        only; the card's rank / 12 on each of the three; whether it covers a card;
        the covered card's rank / 12; the change in what the mover's side makes
        (pairs 1, trips 3, quads 6) / 3, and in the other side's; whether the
        mover's side then makes more, or less, than the other's; with equal makes,
        the difference of their high cards / 12; whether it completes the mover's
        side in the Start Game, and does so making more; the mover's other top cards
        of its suit / 4, of near ranks (within 4) / 4, and the other side's of its
        suit / 4; the rank / 12 while finding the Leader and in the End Game; the
        mover's other cards of its rank / 3; as the End Game's Reply, whether its
        side then makes more.
    """
    games = len(hand)
    at = np.arange(games)[:, None, None]
    tops = tops.astype(np.float64)
    mine = _SIDE_MASKS[seat]  # (games, 8)
    theirs = _SIDE_MASKS[1 - seat]
    top_ranks = tops.reshape(games, 8, 13, 4).sum(axis=-1)
    top_suits = tops.reshape(games, 8, 13, 4).sum(axis=-2)
    occupied = (top_ranks.sum(axis=-1) + face_down) > 0

    def without(mask: np.ndarray, planes: np.ndarray) -> np.ndarray:
        """A side's counts less each position's top card: ``(games, 8, k)``."""
        on = planes * mask[:, :, None]
        out: np.ndarray = on.sum(axis=1)[:, None, :] - on
        return out

    mine_without, theirs_without = without(mine, top_ranks), without(theirs, top_ranks)
    eye = np.eye(13)[None, None]
    mine_after = mine_without[:, :, None, :] + eye * mine[:, :, None, None]
    theirs_after = theirs_without[:, :, None, :] + eye * theirs[:, :, None, None]
    mine_total = (top_ranks * mine[:, :, None]).sum(axis=1)
    theirs_total = (top_ranks * theirs[:, :, None]).sum(axis=1)
    made_mine = _MADE[mine_after.astype(np.intp)].sum(axis=-1)  # (games, 8, 13)
    made_theirs = _MADE[theirs_after.astype(np.intp)].sum(axis=-1)
    before_mine = _MADE[mine_total.astype(np.intp)].sum(axis=-1)[:, None, None]
    before_theirs = _MADE[theirs_total.astype(np.intp)].sum(axis=-1)[:, None, None]
    high = (_high(mine_after) - _high(theirs_after)) / 12
    mine_suits, theirs_suits = without(mine, top_suits), without(theirs, top_suits)
    near = (mine_without > 0).astype(np.float64) @ _NEAR.T  # (games, 8, 13)
    filled = (occupied * mine).sum(axis=1)[:, None] + ~occupied * mine  # (games, 8)

    # per (game, code, position)
    rank, suit = _RANK_OF[None, :, None], _SUIT_OF[None, :, None]
    position = np.arange(8)[None, None, :]
    on_mine, on_theirs = mine[:, None, :], theirs[:, None, :]
    shared = _SHARED[None, None, :]
    r = rank / 12.0
    grow_mine = made_mine[at, position, rank]
    grow_theirs = made_theirs[at, position, rank]
    more, less = grow_mine > grow_theirs, grow_mine < grow_theirs
    start, end = (phase == 1)[:, None, None], (phase == 2)[:, None, None]
    complete = start & (filled[:, None, :] == 5) & (on_mine > 0)
    covers = occupied[:, None, :]
    covered_rank = top_ranks.argmax(axis=-1)[:, None, :] * (top_ranks.sum(axis=-1) > 0)[:, None]
    held = hand.reshape(games, 13, 4).sum(axis=-1)[:, _RANK_OF][:, :, None]
    reply = end & (starter != seat)[:, None, None]
    out = np.zeros((games, 52, 8, LEARNED_FEATURES))
    out[..., 0] = on_mine - shared
    out[..., 1] = shared
    out[..., 2] = on_theirs - shared
    out[..., 3] = r * (on_mine - shared)
    out[..., 4] = r * shared
    out[..., 5] = r * (on_theirs - shared)
    out[..., 6] = covers
    out[..., 7] = covered_rank / 12
    out[..., 8] = (grow_mine - before_mine) / 3
    out[..., 9] = (grow_theirs - before_theirs) / 3
    out[..., 10] = more
    out[..., 11] = less
    out[..., 12] = (grow_mine == grow_theirs) * high[at, position, rank]
    out[..., 13] = complete
    out[..., 14] = complete & more
    out[..., 15] = on_mine * mine_suits[at, position, suit] / 4
    out[..., 16] = on_mine * near[at, position, rank] / 4
    out[..., 17] = on_theirs * theirs_suits[at, position, suit] / 4
    out[..., 18] = (phase == 0)[:, None, None] * r
    out[..., 19] = end * r
    out[..., 20] = np.maximum(held - 1, 0) / 3
    out[..., 21] = reply & more
    return out.reshape(games, LEARNED_ACTIONS, LEARNED_FEATURES)


def view_features(view: ZPokerView) -> np.ndarray:
    """:func:`learned_features` of one view whose player is to move: ``(1, 416,
    LEARNED_FEATURES)``."""
    hand = np.zeros((1, 52))
    hand[0, [c.code for c in view.hand]] = 1.0
    tops = np.zeros((1, 8, 52))
    face_down = np.zeros((1, 8))
    for p, position in enumerate(POSITIONS):
        card = view.top(position)
        if card is not None:
            tops[0, p, card.code] = 1.0
        face_down[0, p] = position in view.face_down
    phase = {Phase.FIND_LEADER: 0, Phase.START_GAME: 1}.get(view.phase, 2)
    starter = -1 if view.starter is None else view.starter
    return learned_features(hand, tops, face_down, np.array([phase]), np.array([view.player]),
                            np.array([starter]))


def action_index(move: Placement) -> int:
    """The action of ``move`` among :func:`learned_features`' rows."""
    return 8 * move.card.code + _POSITION_INDEX[move.position]
