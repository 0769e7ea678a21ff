# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Compiled Chinese Poker playouts: the greedy shedder played to the end of a round
in C, for the search, and the greedy shedder's move, for the greedy agent (use them
through :mod:`pokerrules.chinese_poker.policy`).

A hand is its cards per rank, a row of 13 (rank index 0 = '2' ... 12 = 'A'); a play
is a row of 16 int8: kind (0 pass, 1 single, 2 pairs, 3 trips, 4 full house,
5 straight, 6 bomb), length, value (as ``Play.value``) and the cards it takes of each
rank. Every input is copied and checked here before any C kernel runs on the copy,
never on the caller's array, which another thread may be writing.
"""

from libc.stdint cimport int8_t, int64_t, uint8_t, uint64_t
from libc.string cimport memcpy, memset

import numpy as np

from pokerrules.errors import ArgumentTypeError, PokerRulesError


cdef extern from "chinese_poker.h" nogil:
    ctypedef struct cp_play:
        int8_t kind
        int8_t length
        int8_t value
        int8_t take[13]
    ctypedef struct cp_world:
        uint64_t hand[4]
        uint64_t table_cards
        int players
        int to_move
        int table_player
        int passes
        cp_play table
    ctypedef struct cp_round:
        int dealt
        int64_t target
        int64_t scores[4]
    int cp_classify(const uint8_t *counts, int n, cp_play *out)
    void cp_greedy_hand(const uint8_t *count, int left, const cp_play *table, int may_pass,
                        int opponents_low, cp_play *out)
    void cp_greedy(const cp_world *w, cp_play *out)
    uint64_t cp_apply(cp_world *w, const cp_play *move)
    int cp_world_ok(const cp_world *w)
    int cp_move_ok(const cp_world *w, const cp_play *move)
    int cp_playout(cp_world *w, int max_moves)
    double cp_reward(const cp_world *w, const cp_round *r, int player)


DEF MAX_MOVES = 10000  # a round ends long before: every play sheds a card


def _small_ints(values, dtype, low, high, ndim, what):
    """``values`` as a C-ordered ``ndim``-dimensional array of ``dtype``, refused
    (never wrapped) when they are no integers or outside low..high."""
    array = np.asarray(values)
    if array.ndim != ndim:
        raise PokerRulesError(f"{what} must have {ndim} dimensions, not {array.ndim}")
    if array.size and array.dtype.kind not in "iu":
        raise ArgumentTypeError(f"{what} must be integers, not {array.dtype}")
    if array.size and (array.min() < low or array.max() > high):
        raise PokerRulesError(f"{what} must lie in {low}..{high}")
    return np.array(array, dtype=dtype, order="C")


cdef int read_play(const int8_t[::1] row, cp_play *out) except -1:
    if row.shape[0] != 16:
        raise PokerRulesError(f"a play row has 16 entries, not {row.shape[0]}")
    memset(out, 0, sizeof(cp_play))
    out.kind, out.length, out.value = row[0], row[1], row[2]
    for r in range(13):
        out.take[r] = row[3 + r]
    if not 0 <= out.kind <= 6:
        raise PokerRulesError(f"no play kind {out.kind}")
    return 0


cdef int read_world(const uint8_t[:, ::1] hands, int to_move, int table_player,
                    int passes, const int8_t[::1] table, cp_world *w) except -1:
    cdef int n = hands.shape[0], p, r
    if not 2 <= n <= 4 or hands.shape[1] != 13:
        raise PokerRulesError(f"hands of shape ({n}, {hands.shape[1]}); want (2..4, 13)")
    memset(w, 0, sizeof(cp_world))
    w.players, w.to_move, w.table_player, w.passes = n, to_move, table_player, passes
    for p in range(n):  # the lowest codes of each rank (0..4 cards: checked by the caller)
        for r in range(13):
            w.hand[p] |= ((<uint64_t>1 << hands[p, r]) - 1) << (4 * r)
    read_play(table, &w.table)
    if not cp_world_ok(w) or (w.table.kind == 0) != (table_player < 0):
        raise PokerRulesError("an inconsistent Chinese Poker world")
    return 0


cdef int read_round(scores, target, int dealt, int players, cp_round *r) except -1:
    if len(scores) != players or not 1 <= dealt <= 16:
        raise PokerRulesError(f"{len(scores)} scores or {dealt} cards dealt for {players} players")
    if not 0 < target <= 2**53 or not all(0 <= s <= 2**53 for s in scores):
        raise PokerRulesError("scores and the target are whole numbers up to 2**53")
    r.dealt, r.target = dealt, target
    for p in range(players):
        r.scores[p] = scores[p]
    return 0


def greedy(hands, int to_move, int table_player, int passes, table):
    """The greedy play of ``to_move``: a play row (int8 array of 16, kind 0 = pass).

    ``hands``: uint8 array (players, 13) of cards per rank; ``table``: the play row
    of the table (zeros when empty, then ``table_player`` is -1).

    Raises:
        PokerRulesError: an inconsistent world.
    """
    cdef cp_world w
    cdef cp_play move
    read_world(_small_ints(hands, np.uint8, 0, 4, 2, "hands"), to_move, table_player, passes,
               _small_ints(table, np.int8, -128, 127, 1, "the table"), &w)
    if w.to_move < 0:
        raise PokerRulesError("the round is over: nobody is to move")
    cp_greedy(&w, &move)
    out = np.zeros(16, dtype=np.int8)
    out[0], out[1], out[2] = move.kind, move.length, move.value
    for r in range(13):
        out[3 + r] = move.take[r]
    return out


def greedy_hand(counts, table, bint may_pass, int opponents_low):
    """The greedy shedder's move for a hand: None for a pass, else the cards it takes
    of each rank (a tuple of 13).

    ``counts``: 13 cards per rank held (a sequence of ints); ``table``: the play row
    of the table, or None when it is empty; ``may_pass``: whether a pass is allowed;
    ``opponents_low``: the fewest cards an opponent holds.

    Raises:
        PokerRulesError: counts that are no hand, a table row that is no play.
    """
    cdef uint8_t held[13]
    cdef uint8_t taken[13]
    cdef cp_play t, check, move
    cdef int left = 0, r
    if len(counts) != 13:
        raise PokerRulesError(f"a hand is 13 cards per rank, not {len(counts)}")
    for r in range(13):
        c = counts[r]
        if not 0 <= c <= (1 if r == 0 else 4):
            raise PokerRulesError(f"{c} cards of rank index {r} is no hand")
        held[r] = c
        left += c
    memset(&t, 0, sizeof(cp_play))
    if table is not None:
        row = _small_ints(table, np.int8, -128, 127, 1, "the table")
        read_play(row, &t)
        cards = 0
        for r in range(13):
            if not 0 <= t.take[r] <= 4:
                raise PokerRulesError("the table is no play")
            taken[r] = <uint8_t>t.take[r]
            cards += t.take[r]
        if t.kind == 0 or cards != t.length or not cp_classify(taken, cards, &check) \
                or check.kind != t.kind or check.value != t.value:
            raise PokerRulesError("the table is no play")
    if left == 0:
        raise PokerRulesError("an empty hand has no move")
    cp_greedy_hand(held, left, &t, may_pass, opponents_low, &move)
    if move.kind == 0:
        return None
    return tuple(move.take[r] for r in range(13))


def playout(hands, int to_move, int table_player, int passes, table, scores,
            target, int dealt):
    """Every player's reward when the round is played out greedily from here (as
    ``ChinesePokerSearch.rewards``): a tuple of ``players`` floats.

    Raises:
        PokerRulesError: an inconsistent world or round.
    """
    cdef cp_world w
    cdef cp_round rd
    read_world(_small_ints(hands, np.uint8, 0, 4, 2, "hands"), to_move, table_player, passes,
               _small_ints(table, np.int8, -128, 127, 1, "the table"), &w)
    read_round(scores, target, dealt, w.players, &rd)
    if cp_playout(&w, MAX_MOVES) < 0:
        raise PokerRulesError("a playout did not end")
    return tuple(cp_reward(&w, &rd, p) for p in range(w.players))


def values(hands, int to_move, int table_player, int passes, table, moves, int player,
           scores, target, int dealt):
    """The reward to ``player`` of each of ``moves`` in each world, every move made by
    ``to_move`` and the round then played out greedily.

    Args:
        hands: uint8 array (worlds, players, 13): every world's cards per rank.
        table: the table's play row; moves: int8 array (moves, 16) of play rows.

    Returns:
        float64 array (worlds, moves).

    Raises:
        PokerRulesError: an inconsistent world, round or move (one not held, or
            that does not beat the table).
    """
    hands = _small_ints(hands, np.uint8, 0, 4, 3, "hands")
    moves = _small_ints(moves, np.int8, -128, 127, 2, "moves")
    if moves.shape[1] != 16:
        raise PokerRulesError(f"a play row has 16 entries, not {moves.shape[1]}")
    cdef uint8_t[:, :, ::1] worlds = hands
    cdef int8_t[:, ::1] rows = moves
    cdef const int8_t[::1] table_row = _small_ints(table, np.int8, -128, 127, 1, "the table")
    cdef Py_ssize_t nw = worlds.shape[0], nm = rows.shape[0], i, j
    cdef cp_world base, w
    cdef cp_round rd
    cdef cp_play *plays
    cdef int ended = 0
    out = np.zeros((nw, nm), dtype=np.float64)
    cdef double[:, ::1] result = out
    if nw == 0 or nm == 0:
        return out
    plays_buf = np.zeros((nm, sizeof(cp_play)), dtype=np.uint8)
    cdef uint8_t[:, ::1] plays_view = plays_buf
    plays = <cp_play *>&plays_view[0, 0]
    for j in range(nm):
        read_play(rows[j], &plays[j])
    read_world(worlds[0], to_move, table_player, passes, table_row, &base)
    read_round(scores, target, dealt, base.players, &rd)
    if not 0 <= player < base.players or base.to_move < 0:
        raise PokerRulesError(f"no player {player} to score, or nobody to move")
    for i in range(nw):
        read_world(worlds[i], to_move, table_player, passes, table_row, &base)
        for j in range(nm):
            if not cp_move_ok(&base, &plays[j]):
                raise PokerRulesError(f"play row {j} cannot be made in world {i}")
        with nogil:
            for j in range(nm):
                memcpy(&w, &base, sizeof(cp_world))
                cp_apply(&w, &plays[j])
                if cp_playout(&w, MAX_MOVES) < 0:
                    ended = -1
                    break
                result[i, j] = cp_reward(&w, &rd, player)
        if ended < 0:
            raise PokerRulesError("a playout did not end")
    return out
