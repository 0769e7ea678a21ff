"""Chinese Poker's part of the shared search: worlds from a view, the greedy
shedding rule as the playout policy, and a round's points as the reward. The greedy
shedder's move is the compiled one (ext/chinese_poker.c), for the greedy agent too."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pokerrules import _chinese_poker
from pokerrules.cards import CHINESE_POKER_DECK
from pokerrules.chinese_poker.moves import PASS, Move
from pokerrules.chinese_poker.plays import (
    BIT_COUNT,
    Play,
    PlayKind,
    classify_codes,
    lowest_move,
    plays_of,
    rank_nibbles,
)
from pokerrules.chinese_poker.rules import RANK_OF, SUIT_BIT, penalty
from pokerrules.chinese_poker.state import ChinesePokerView
from pokerrules.search import SearchGame

# Play kinds as the compiled playouts number them (0 is a pass).
_KIND_CODE = {kind: i for i, kind in enumerate(PlayKind, start=1)}


def _play_row(play: Play | None) -> np.ndarray:
    """A play as the compiled playouts read it: int8 array of 16 (kind code, length,
    value, cards taken of each of the 13 ranks); zeros for a pass or an empty table."""
    row = np.zeros(16, dtype=np.int8)
    if play is not None:
        row[:3] = _KIND_CODE[play.kind], play.length, play.value
        for c in play.cards:
            row[3 + RANK_OF[c]] += 1
    return row


def greedy_take(nibs: Sequence[int], table: Play | None, may_pass: bool,
                opponents_low: int) -> tuple[int, ...] | None:
    """The greedy shedder's move for the hand ``nibs`` (13 rank nibbles), the
    smallest opponent hand being ``opponents_low`` cards: go out at once if the hand
    is one play that beats ``table``; else on the lead the play that sheds the most
    cards, the lowest first, and on a table the cheapest play that beats it; a bomb
    only when nothing else beats the table and the end is near (no pass allowed, 8
    cards or fewer held, an opponent down to 4 or fewer); else a pass (None). A play
    is the cards it takes of each rank (13). The compiled rule of the playouts."""
    return _chinese_poker.greedy_hand(
        [BIT_COUNT[n] for n in nibs], None if table is None else _play_row(table), may_pass,
        opponents_low)


def _rank_counts(cards: Sequence[int]) -> np.ndarray:
    """Cards per rank: uint8 array of 13 (rank index 0 = '2' ... 12 = 'A')."""
    return np.bincount([RANK_OF[c] for c in cards], minlength=13).astype(np.uint8)


def _passes(view: ChinesePokerView) -> int:
    """The passes since the table's play (on an empty table: all of them, when the
    player to move must play, else none)."""
    n = view.players
    if view.table is not None:
        assert view.to_move is not None and view.table_player is not None
        return (view.to_move - view.table_player - 1) % n
    return n if view.must_play else 0


class RoundWorld:
    """One sampled world of the round in play, held compactly for playouts: every
    hand as 13 rank nibbles (as the legal-play generator reads them), the table,
    who made it and the passes since. Built by :meth:`ChinesePokerSearch.determinize`;
    moves are the state's own :class:`Move` objects from the same generator."""

    __slots__ = ("counts", "dealt", "nibs", "passes", "scores", "table", "table_player",
                 "target", "to_move")

    def __init__(self, hands: Sequence[Sequence[int]], view: ChinesePokerView) -> None:
        self.nibs = [rank_nibbles(h) for h in hands]
        self.counts = [len(h) for h in hands]
        self.dealt = view.cards_dealt
        self.scores = view.scores
        self.target = view.target
        self.table: Play | None = view.table
        self.table_player = view.table_player
        self.to_move: int | None = view.to_move
        self.passes = _passes(view)


class ChinesePokerSearch(SearchGame[RoundWorld, Move]):
    """Chinese Poker for :mod:`pokerrules.search`: worlds deal the cards the viewer
    has not seen (neither held nor played) to the other hands by their counts, the
    rest set aside; playouts use the greedy shedder and stop when the round ends,
    each player's reward then being ``0.5 + (others' mean points - own points) /
    100``, or 1 for the winner (0 for the others) of a game that this round ends.
    :meth:`policy` is the compiled greedy move (:func:`greedy_take`), and
    :meth:`batch_values` plays every world's playouts in compiled code.
    """

    def __init__(self) -> None:
        self._plays: dict[tuple[int, ...], Play] = {}  # classified plays, by cards

    def determinize(self, view: ChinesePokerView, rng: np.random.Generator) -> RoundWorld:
        """The round of ``view`` with the unseen cards dealt at random."""
        return RoundWorld(self.deal_unseen(view, rng), view)

    def deal_unseen(self, view: ChinesePokerView, rng: np.random.Generator
                    ) -> list[Sequence[int]]:
        """Every player's hand in a world of ``view``'s round: the viewer's own, and
        the cards the viewer has not seen (neither held nor played) dealt at random
        from ``rng`` to the others by their counts (in the order dealt; the rest,
        two players' hand set aside, is dealt to nobody)."""
        seen = set(view.hand) | set(view.played)
        unseen = [c for c in CHINESE_POKER_DECK.codes if c not in seen]
        order = [unseen[i] for i in rng.permutation(len(unseen))]
        hands: list[Sequence[int]] = []
        for p, count in enumerate(view.hand_counts):
            if p == view.player:
                hands.append(view.hand)
            else:
                hands.append(order[:count])
                order = order[count:]
        return hands

    def deal_counts(self, view: ChinesePokerView, worlds: int,
                    rng: np.random.Generator) -> np.ndarray:
        """``worlds`` deals of the unseen cards to the other hands by their counts, as
        cards per rank: uint8 array (worlds, players, 13)."""
        seen = set(view.hand) | set(view.played)
        unseen = np.array([RANK_OF[c] for c in CHINESE_POKER_DECK.codes if c not in seen],
                          dtype=np.intp)
        order = rng.permuted(np.broadcast_to(unseen, (worlds, len(unseen))), axis=1)
        hands = np.zeros((worlds, view.players, 13), dtype=np.uint8)
        hands[:, view.player] = _rank_counts(view.hand)
        rows = np.arange(worlds)[:, None] * 13
        start = 0
        for p, count in enumerate(view.hand_counts):
            if p != view.player:
                dealt = (rows + order[:, start:start + count]).ravel()
                hands[:, p] = np.bincount(dealt, minlength=worlds * 13).reshape(worlds, 13)
                start += count
        return hands

    def batch_values(self, view: ChinesePokerView, moves: Sequence[Move], worlds: int,
                     rng: np.random.Generator) -> np.ndarray:
        """The reward to the viewer of each of ``moves`` in each of ``worlds`` deals
        (:meth:`deal_counts`), the round played out greedily in compiled code: float64
        array (worlds, len(moves))."""
        assert view.to_move is not None
        rows = np.array([_play_row(None if m.is_pass else self._play_of(m)) for m in moves])
        table_player = -1 if view.table_player is None else view.table_player
        return _chinese_poker.values(
            self.deal_counts(view, worlds, rng), view.to_move, table_player, _passes(view),
            _play_row(view.table), rows, view.player, view.scores, view.target,
            view.cards_dealt)

    def to_move(self, world: RoundWorld) -> int | None:
        return world.to_move

    def legal_moves(self, world: RoundWorld) -> Sequence[Move]:
        assert world.to_move is not None
        moves = plays_of(world.nibs[world.to_move], world.table)
        return moves if world.passes >= len(world.counts) and world.table is None \
            else [PASS, *moves]

    def _play_of(self, move: Move) -> Play:
        play = self._plays.get(move.cards)
        if play is None:
            found = classify_codes(move.cards)
            assert found is not None
            play = self._plays[move.cards] = found
        return play

    def play(self, world: RoundWorld, move: Move) -> None:
        player = world.to_move
        assert player is not None
        n = len(world.counts)
        world.to_move = (player + 1) % n
        if move.is_pass:
            world.passes += 1
            if world.table is not None and world.passes == n - 1:
                world.table, world.table_player, world.passes = None, None, 0
            return
        nibs = world.nibs[player]
        for c in move.cards:
            nibs[RANK_OF[c]] &= ~SUIT_BIT[c]
        world.counts[player] -= len(move.cards)
        world.table, world.table_player, world.passes = self._play_of(move), player, 0
        if not world.counts[player]:
            world.to_move = None

    def copy(self, world: RoundWorld) -> RoundWorld:
        other = RoundWorld.__new__(RoundWorld)
        for name in RoundWorld.__slots__:
            setattr(other, name, getattr(world, name))
        other.nibs = [list(h) for h in world.nibs]
        other.counts = list(world.counts)
        return other

    def rewards(self, world: RoundWorld) -> Sequence[float] | None:
        if world.to_move is not None:
            return None
        points = [penalty(c, world.dealt) for c in world.counts]
        totals = [s + p for s, p in zip(world.scores, points, strict=True)]
        n = len(points)
        if max(totals) >= world.target:
            low = min(totals)
            winners = [p for p in range(n) if totals[p] == low]
            return [1.0 / len(winners) if p in winners else 0.0 for p in range(n)]
        everyone = sum(points)
        return [0.5 + ((everyone - mine) / (n - 1) - mine) / 100 for mine in points]

    def policy(self, world: RoundWorld, rng: np.random.Generator) -> Move:
        player = world.to_move
        assert player is not None
        counts = world.counts
        low = min(c for p, c in enumerate(counts) if p != player)
        nibs = world.nibs[player]
        may_pass = not (world.table is None and world.passes >= len(counts))
        take = greedy_take(nibs, world.table, may_pass, low)
        return PASS if take is None else lowest_move(nibs, take)


# --- the learned agent's features (pokerrules.learned; trained by pokerrules.learn) ---
#: Features per action of :func:`learned_features`.
LEARNED_FEATURES = 25
_KIND_INDEX = {kind: i for i, kind in enumerate(PlayKind)}
_BOMB = _KIND_INDEX[PlayKind.BOMB]
_TOP_RANKS = [0, 12]  # the 2 and the ace, the highest singles


def learned_features(held: np.ndarray, need: np.ndarray, kind: np.ndarray,
                     value: np.ndarray, passing: np.ndarray, leading: np.ndarray,
                     opponents_low: np.ndarray) -> np.ndarray:
    """The features of each action for a batch of positions of the play phase.

    Args:
        held: ``(games, 13)``, the mover's cards per rank (0 = 2 ... 12 = A).
        need: ``(games or 1, actions, 13)``, the cards per rank each play takes
            (all 0 for a pass or an action that is no play).
        kind: int ``(games or 1, actions)``, the play's :class:`PlayKind` index (in
            the enum's order; any for a pass).
        value: ``(games or 1, actions)``, the play's value (0..12, :class:`Play`).
        passing: bool ``(games or 1, actions)``, True for the pass.
        leading: bool ``(games,)``, True on an empty table.
        opponents_low: ``(games,)``, the fewest cards an opponent holds.

    Returns:
        float64 ``(games, actions, LEARNED_FEATURES)``: whether it passes; whether it
        plays; the cards played / 16; whether it empties the hand; its value / 12;
        one-hot, its kind (6); the cards left / 16; the ranks left with a single
        card / 8; the ranks it breaks (takes some, not all) / 4; whether it breaks a
        four; on the lead, the cards played / 16 and the value / 12; the value / 12
        when an opponent holds 3 cards or fewer, and when answering a table; a pass
        when an opponent holds 3 or fewer; a bomb while holding 8 or fewer; the 2s
        and aces it takes / 2; a pass times the cards held / 16; a pass on the lead;
        the pairs left / 8.
    """
    need = need.astype(np.float64)
    games, actions = len(held), need.shape[1]
    plays = ~passing & (need.sum(axis=-1) > 0)
    count = need.sum(axis=-1)
    total = held.sum(axis=-1)[:, None]
    left = held[:, None, :] - need
    top = value / 12 * plays
    low = (opponents_low <= 3)[:, None]
    lead = leading[:, None]
    out = np.zeros((games, actions, LEARNED_FEATURES))
    out[..., 0] = passing
    out[..., 1] = plays
    out[..., 2] = count / 16
    out[..., 3] = plays & (count == total)
    out[..., 4] = top
    out[..., 5:11] = (kind[..., None] == np.arange(6)) & plays[..., None]
    out[..., 11] = (total - count) / 16 * plays
    out[..., 12] = (left == 1).sum(axis=-1) / 8 * plays
    broken = (need > 0) & (left > 0)
    out[..., 13] = broken.sum(axis=-1) / 4
    out[..., 14] = (broken & (held[:, None, :] == 4)).any(axis=-1)
    out[..., 15] = lead * count / 16
    out[..., 16] = lead * top
    out[..., 17] = low * top
    out[..., 18] = ~lead * top
    out[..., 19] = low & passing
    out[..., 20] = (kind == _BOMB) & plays & (total <= 8)
    out[..., 21] = need[..., _TOP_RANKS].sum(axis=-1) / 2
    out[..., 22] = passing * total / 16
    out[..., 23] = passing & lead
    out[..., 24] = (left == 2).sum(axis=-1) / 8 * plays
    return out


def view_features(view: ChinesePokerView, legal_moves: Sequence[Move]) -> np.ndarray:
    """:func:`learned_features` of ``legal_moves`` (the pass or plays) in ``view``
    of the play phase: ``(1, len(legal_moves), LEARNED_FEATURES)``."""
    held = _rank_counts(view.hand).astype(np.int64)[None]
    need = np.zeros((1, len(legal_moves), 13))
    kind = np.zeros((1, len(legal_moves)), dtype=np.int64)
    value = np.zeros((1, len(legal_moves)))
    passing = np.zeros((1, len(legal_moves)), dtype=bool)
    for a, move in enumerate(legal_moves):
        if move.is_pass:
            passing[0, a] = True
            continue
        play = classify_codes(move.cards)
        assert play is not None
        need[0, a] = _rank_counts(move.cards)
        kind[0, a], value[0, a] = _KIND_INDEX[play.kind], play.value
    low = min(c for p, c in enumerate(view.hand_counts) if p != view.player)
    return learned_features(held, need, kind, value, passing,
                            np.array([view.table is None]), np.array([low]))
