"""East-West's part of the shared search: worlds from a view, the pairing
heuristic (its playout policy and an agent of its own) and batched playouts."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pokerrules.eastwest.moves import Place
from pokerrules.eastwest.rules import (
    BOARD_SIZE,
    DECK_SIZE,
    MOVES_PER_GAME,
    ROW_CAPACITY,
    ROWS,
    wins_game,
)
from pokerrules.eastwest.state import EastWestState, EastWestView
from pokerrules.hands import evaluate_many
from pokerrules.search import ProtocolGame

_LOWEST_RANK = 5  # the piquet deck's 7 (rank index 5); ranks 7..A are 0..7 here
_RANKS = 8
#: What a row's cards of one rank are worth by how many there are: a pair 1,
#: trips 3, quads 6 (two pairs 2, a full house 4), an unmatched card nothing.
_MADE = np.array([0.0, 0.0, 1.0, 3.0, 6.0, 6.0])
_UPGRADE = np.append(np.diff(_MADE), 0.0)  # what one more card of a rank adds


def _rank(code: int) -> int:
    return (code >> 2) - _LOWEST_RANK


def _undrawn_ranks(view: EastWestView) -> tuple[list[int], int]:
    """How many cards of each rank the viewer has not seen, and their total."""
    counts = [0] * _RANKS
    unseen = view.unseen()
    for code in unseen:
        counts[_rank(code)] += 1
    return counts, len(unseen)


def pairing_scores(
    held_rows: Sequence[Sequence[int]],
    board: Sequence[int],
    card: int,
    undrawn: Sequence[int],
    undrawn_total: int,
    draws_left: int,
) -> list[float]:
    """The pairing heuristic's score of placing ``card`` on each row (-inf for a
    full row): the change it makes to the row's worth. A row's worth is what its
    cards of each rank make now (pairs, trips, quads; see ``_MADE``) plus, for
    each rank in it, the chance that one of its open places is filled by a card
    of that rank: ``1 - (1 - u / n) ** min(places, draws_left)`` for ``u`` such
    cards among the ``n`` undrawn (``undrawn`` per rank index, 7..A = 0..7) and
    the placer's ``draws_left`` later draws.
    """
    scores = []
    r = _rank(card)
    for row in range(ROWS):
        held = held_rows[row]
        places = ROW_CAPACITY - len(held)
        if places <= 0:
            scores.append(-np.inf)
            continue
        counts = [0] * _RANKS
        counts[_rank(board[row])] += 1
        for code in held:
            counts[_rank(code)] += 1
        before = _row_worth(counts, places, undrawn, undrawn_total, draws_left)
        counts[r] += 1
        after = _row_worth(counts, places - 1, undrawn, undrawn_total, draws_left)
        scores.append(after - before)
    return scores


def _row_worth(counts: Sequence[int], places: int, undrawn: Sequence[int],
               undrawn_total: int, draws_left: int) -> float:
    tries = min(places, draws_left)
    worth = 0.0
    for rank, n in enumerate(counts):
        if n:
            worth += _MADE[n]
            if tries and undrawn_total:
                worth += _UPGRADE[n] * (1.0 - (1.0 - undrawn[rank] / undrawn_total) ** tries)
    return worth


def heuristic_move(view: EastWestView, legal_moves: Sequence[Place]) -> Place:
    """The pairing heuristic's move from ``view`` (the first of the best rows)."""
    assert view.card is not None
    undrawn, total = _undrawn_ranks(view)
    placed = sum(len(row) for side in view.rows for row in side)
    scores = pairing_scores(view.rows[view.player], view.board, view.card, undrawn, total,
                            (MOVES_PER_GAME - placed - 1) // 2)
    return max(legal_moves, key=lambda m: scores[m.row])


def row_worths(view: EastWestView, seat: int, draws_left: int) -> list[float]:
    """The pairing heuristic's worth of each of ``seat``'s rows (board card
    included) as ``view``'s player sees them, ``seat`` having ``draws_left`` draws
    to come: what each row's ranks make now plus their chance of being paired
    (:func:`pairing_scores` scores a placement by the change it makes to this)."""
    undrawn, total = _undrawn_ranks(view)
    worths = []
    for row in range(ROWS):
        counts = [0] * _RANKS
        for code in (view.board[row], *view.rows[seat][row]):
            counts[_rank(code)] += 1
        places = ROW_CAPACITY - len(view.rows[seat][row])
        worths.append(_row_worth(counts, places, undrawn, total, draws_left))
    return worths


class EastWestSearch(ProtocolGame[EastWestState]):
    """East-West for :mod:`pokerrules.search`: worlds are the stock shuffled
    again (everything else is face up), the playout policy is the pairing
    heuristic, and :meth:`batch_values` plays every world at once in numpy."""

    def players(self, view: EastWestView) -> int:
        return 2  # East-West is for two

    def determinize(self, view: EastWestView, rng: np.random.Generator) -> EastWestState:
        """A game with the viewer's table and the unseen cards in a random order
        (:meth:`EastWestState.from_view`)."""
        unseen = view.unseen()
        return EastWestState.from_view(view, [unseen[i] for i in rng.permutation(len(unseen))])

    def policy(self, world: EastWestState, rng: np.random.Generator) -> Place:
        player = world.current_player
        assert player is not None
        return heuristic_move(world.view(player), world.legal_moves())

    def batch_values(self, view: EastWestView, moves: Sequence[Place], worlds: int,
                     rng: np.random.Generator) -> np.ndarray:
        """The viewer's reward (win 1, draw 0.5) of each move in each of ``worlds``
        worlds (the unseen cards shuffled from ``rng``), every move tried in every
        world and both seats then playing the pairing heuristic.

        Returns:
            float64 array of shape (worlds, len(moves)).
        """
        assert view.card is not None
        me = view.player
        unseen = np.array(view.unseen(), dtype=np.int64)
        n_worlds, n_moves = worlds, len(moves)
        stock = rng.permuted(np.tile(unseen, (n_worlds, 1)), axis=1)
        stock = np.repeat(stock, n_moves, axis=0)  # world-major: row = world * moves + move
        b = len(stock)
        hands = np.zeros((b, 2, ROWS, 5), dtype=np.int64)
        # Ranks first, so that sums over a row's ranks add whole vectors.
        counts = np.zeros((2, _RANKS, b, ROWS), dtype=np.int64)
        filled = np.zeros((2, b, ROWS), dtype=np.int64)
        for seat in (0, 1):
            for row in range(ROWS):
                cards = [view.board[row], *view.rows[seat][row]]
                hands[:, seat, row, :len(cards)] = cards
                filled[seat, :, row] = len(cards) - 1
                for c in cards:
                    counts[seat, _rank(c), :, row] += 1
        undrawn = np.zeros((_RANKS, b), dtype=np.int64)
        for c in unseen:
            undrawn[_rank(int(c))] += 1
        every = np.arange(b)
        # The viewer's card on each move's row.
        rows = np.tile(np.array([m.row for m in moves]), n_worlds)
        _place(hands, counts, filled, every, me, rows, np.full(b, view.card))
        placed = sum(len(r) for side in view.rows for r in side) + 1
        mover = 1 - me
        for step in range(MOVES_PER_GAME - placed):
            card = stock[:, step]
            rank = (card >> 2) - _LOWEST_RANK
            undrawn[rank, every] -= 1
            left = len(unseen) - step - 1
            draws = (MOVES_PER_GAME - placed - step - 1) // 2
            scores = _batch_scores(counts[mover], filled[mover], rank, undrawn, left, draws)
            _place(hands, counts, filled, every, mover, scores.argmax(axis=1), card)
            mover = 1 - mover
        values = evaluate_many(hands.reshape(-1, 5), view.rules.hand_rules, check=False)
        values = values.reshape(b, 2, ROWS)
        won = (values[:, me] > values[:, 1 - me]).sum(axis=1)
        lost = (values[:, me] < values[:, 1 - me]).sum(axis=1)
        rule = view.rules.win_rule
        wins, losses = wins_game(won, lost, rule), wins_game(lost, won, rule)
        reward = np.where(wins, 1.0, np.where(losses, 0.0, 0.5))
        return reward.reshape(n_worlds, n_moves)


def _place(hands: np.ndarray, counts: np.ndarray, filled: np.ndarray, every: np.ndarray,
           seat: int, rows: np.ndarray, cards: np.ndarray) -> None:
    slot = filled[seat, every, rows]
    hands[every, seat, rows, slot + 1] = cards
    counts[seat, (cards >> 2) - _LOWEST_RANK, every, rows] += 1
    filled[seat, every, rows] = slot + 1


def _batch_scores(counts: np.ndarray, filled: np.ndarray, rank: np.ndarray,
                  undrawn: np.ndarray, undrawn_total: int, draws_left: int) -> np.ndarray:
    """:func:`pairing_scores` for a batch: ``counts`` (ranks, b, rows) of the
    mover's rows, ``filled`` (b, rows), ``rank`` (b,) of the drawn card,
    ``undrawn`` (ranks, b). Returns (b, rows) float64, -inf on full rows.

    A rank's part of a row's worth depends only on its count there (0..5), its
    undrawn cards (0..4) and the row's tries (0..4), so it is looked up in a
    table of 150 entries built for this step."""
    u = np.arange(5) / undrawn_total if undrawn_total else np.zeros(5)
    chance = 1.0 - (1.0 - u[:, None]) ** np.arange(5)[None, :]  # (undrawn, tries)
    table = (_MADE[:, None, None] + _UPGRADE[:, None, None] * chance[None]).ravel()
    every = np.arange(len(rank))
    places = ROW_CAPACITY - filled
    base = counts * 25 + (undrawn * 5)[:, :, None]
    before = table.take(base + np.minimum(places, draws_left)).sum(axis=0)
    base[rank, every, :] += 25
    tries_after = np.minimum(np.maximum(places - 1, 0), draws_left)
    after = table.take(base + tries_after).sum(axis=0)
    result: np.ndarray = np.where(places > 0, after - before, -np.inf)
    return result


# --- the learned agent's features (pokerrules.learned; trained by pokerrules.learn) ---
#: Features per row of :func:`learned_features`.
LEARNED_FEATURES = 21
_FIRST_CODE = _LOWEST_RANK * 4  # the piquet deck's 7c: deck index = code - 20
#: The stock's face-down cards after the first draw.
FIRST_STOCK = DECK_SIZE - BOARD_SIZE - 1


def learned_features(board: np.ndarray, own: np.ndarray, other: np.ndarray,
                     drawn: np.ndarray, stock: np.ndarray) -> np.ndarray:
    """The features of placing the drawn card on each row, for a batch of games.

    Args:
        board, own, other: 0/1 arrays ``(games, 3, 8, 4)`` (row, rank 7..A, suit):
            the board cards, the mover's placed cards and the opponent's.
        drawn: int ``(games,)``, the drawn card's piquet deck index (rank * 4 + suit).
        stock: ``(games,)``, the face-down stock cards left (28 after the first draw).

    Returns:
        float64 ``(games, 3, LEARNED_FEATURES)``, per row: a constant; one-hot, the
        row's cards of the drawn rank (0, 1, 2, 3+); the row's cards of its suit / 5;
        one-hot, the mover's cards on the row (0..4); the opponent's cards of the
        rank there / 4; the row's other ranks within 4 of it / 4; whether the row
        holds a pair; whether the opponent's row does; the rank / 7 when it pairs;
        the stock left when it pairs; the rank's unseen cards / 3 while the row has
        room after it; whether the row's largest group beats, or trails, the
        opponent's; whether every card of the row is of the drawn card's suit.
    """
    games = len(drawn)
    rank, suit = drawn // 4, drawn % 4
    at, rows = np.arange(games)[:, None], np.arange(3)[None, :]
    row = board + own
    ranks = row.sum(axis=3)  # (games, rows, 8)
    theirs = (board + other).sum(axis=3)
    same = ranks[at, rows, rank[:, None]]
    placed = own.sum(axis=(2, 3)).astype(np.intp)
    out = np.zeros((games, 3, LEARNED_FEATURES))
    out[..., 0] = 1.0
    out[at, rows, 1 + np.minimum(same, 3).astype(np.intp)] = 1.0
    suited = row[at, rows, :, suit[:, None]].sum(axis=-1)
    out[..., 5] = suited / 5
    out[at, rows, 6 + np.minimum(placed, 4)] = 1.0
    out[..., 11] = other[at, rows, rank[:, None]].sum(axis=-1) / 4
    distance = np.abs(np.arange(_RANKS)[None, :] - rank[:, None])
    near = (distance <= 4) & (distance > 0)
    out[..., 12] = ((ranks > 0) & near[:, None, :]).sum(axis=-1) / 4
    out[..., 13] = (ranks >= 2).any(axis=-1)
    out[..., 14] = (theirs >= 2).any(axis=-1)
    pairs = same >= 1
    out[..., 15] = pairs * rank[:, None] / 7
    out[..., 16] = pairs * stock[:, None] / FIRST_STOCK
    seen = (board + own + other).sum(axis=(1, 3))[np.arange(games), rank] + 1
    out[..., 17] = (4 - seen)[:, None] / 3 * (placed < 3)
    mine, best = ranks.max(axis=-1), theirs.max(axis=-1)
    out[..., 18] = mine > best
    out[..., 19] = mine < best
    out[..., 20] = suited == ranks.sum(axis=-1)
    return out


def view_features(view: EastWestView) -> np.ndarray:
    """:func:`learned_features` of one view whose player is to move: ``(1, 3,
    LEARNED_FEATURES)``."""
    assert view.card is not None
    me = view.player
    planes = np.zeros((3, 3, _RANKS * 4))  # board, own, other
    for r in range(ROWS):
        planes[0, r, view.board[r] - _FIRST_CODE] = 1.0
        for plane, seat in ((1, me), (2, 1 - me)):
            planes[plane, r, [c - _FIRST_CODE for c in view.rows[seat][r]]] = 1.0
    board, own, other = planes.reshape(3, 1, 3, _RANKS, 4)
    stock = np.array([view.stock_count])
    return learned_features(board, own, other, np.array([view.card - _FIRST_CODE]), stock)
