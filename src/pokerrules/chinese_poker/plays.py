"""Chinese Poker's plays: the classifier, what beats what, and every legal play of a hand."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from operator import getitem

import numpy as np

from pokerrules._checks import shown
from pokerrules.cards import CardsLike
from pokerrules.chinese_poker.moves import PASS, Move, unchecked_move
from pokerrules.chinese_poker.rules import (
    RANK_OF,
    RANK_SYMBOLS,
    SINGLE_ORDER,
    SINGLE_VALUE,
    SUIT_BIT,
    checked_codes,
    checked_nibbles,
    format_codes,
)
from pokerrules.errors import ArgumentTypeError, IllegalMoveError


def _rank_text(ranks: Sequence[int]) -> str:
    return "".join(RANK_SYMBOLS[r] for r in ranks)


class PlayKind(enum.Enum):
    """The kinds of play. Only plays of one kind and one length beat each other,
    except the bomb, which beats every other kind."""

    SINGLE = "single"
    PAIRS = "pairs"
    TRIPS = "trips"
    FULL_HOUSE = "full house"
    STRAIGHT = "straight"
    BOMB = "bomb"


@dataclass(frozen=True)
class Play:
    """A set of cards that may be played, as :func:`classify` reads it.

    Attributes:
        kind: the :class:`PlayKind`.
        length: the number of cards (a run of three pairs has length 6).
        value: what a beating play of the same kind and length must exceed, 0..12:
            the top rank in the single order (3 = 0 ... A = 11, 2 = 12) for singles,
            pairs and trips; the trips rank for a full house; the fifth card's rank for
            a bomb; the top rank in the straight order (2 = 0 ... A = 12) for a straight.
        cards: the card codes, ascending.

    ``str(play)`` names the play by its ranks: ``'pairs 44 55 66'``, ``'bomb 4444 8'``.
    Make plays with :func:`classify`.
    """

    kind: PlayKind
    length: int
    value: int
    cards: tuple[int, ...]

    def __str__(self) -> str:
        counts: dict[int, int] = {}
        for c in self.cards:
            counts[c >> 2] = counts.get(c >> 2, 0) + 1
        kind = self.kind
        if kind is PlayKind.STRAIGHT:
            return "straight " + _rank_text(sorted(counts))
        if kind is PlayKind.FULL_HOUSE or kind is PlayKind.BOMB:
            big, small = sorted(counts, key=lambda r: -counts[r])
            return (
                f"{kind.value} {RANK_SYMBOLS[big] * counts[big]} "
                f"{RANK_SYMBOLS[small] * counts[small]}"
            )
        groups = " ".join(RANK_SYMBOLS[r] * n for r, n in sorted(counts.items(), key=_single_key))
        if kind is PlayKind.PAIRS and len(counts) == 1:
            return "pair " + groups
        return f"{kind.value} {groups}"


def _single_key(item: tuple[int, int]) -> int:
    return SINGLE_VALUE[item[0]]


def classify_codes(codes: Sequence[int]) -> Play | None:
    """The play formed by distinct, valid, ascending card codes, or None."""
    n = len(codes)
    if n == 0:
        return None
    if n == 1:
        return Play(PlayKind.SINGLE, 1, SINGLE_VALUE[codes[0] >> 2], tuple(codes))
    counts: dict[int, int] = {}
    for c in codes:
        counts[c >> 2] = counts.get(c >> 2, 0) + 1
    ranks = sorted(counts)  # straight order, 2 lowest
    cards = tuple(codes)
    if n == 5 and len(ranks) == 2:
        low, high = ranks
        if counts[low] > counts[high]:
            low, high = high, low  # now counts[high] is 3 or 4
        if counts[high] == 3:
            return Play(PlayKind.FULL_HOUSE, 5, SINGLE_VALUE[high], cards)
        if counts[high] == 4:
            return Play(PlayKind.BOMB, 5, SINGLE_VALUE[low], cards)
        return None
    size = counts[ranks[0]]
    if any(counts[r] != size for r in ranks):
        return None
    if size == 1:
        if n >= 5 and ranks[-1] - ranks[0] == n - 1:
            return Play(PlayKind.STRAIGHT, n, ranks[-1], cards)
        return None
    if size in (2, 3):
        # Runs of pairs and trips are consecutive in the single order (A then 2).
        values = sorted(SINGLE_VALUE[r] for r in ranks)
        if values[-1] - values[0] == len(values) - 1:
            kind = PlayKind.PAIRS if size == 2 else PlayKind.TRIPS
            return Play(kind, n, values[-1], cards)
    return None


def classify(cards: CardsLike) -> Play | None:
    """The play that ``cards`` form, or None when they form none (no cards at all,
    44-55-77, a lone four of a kind, K-A-2-3-4...).

    Args:
        cards: text ("9s 9d"), Cards or codes of the 48-card deck.

    Raises:
        InvalidCardError, DuplicateCardError, CardNotInDeckError: bad cards.

    >>> str(classify("9s 9d 9c 4h 4d")), classify("9s 9d 9c 4h 4d").value
    ('full house 999 44', 6)
    >>> classify("Kc Ad 2s 3c 4d") is None
    True
    """
    return classify_codes(checked_codes(cards, "the play"))


def _as_play(play: Play | CardsLike, what: str) -> Play:
    if isinstance(play, Play):
        return play
    codes = checked_codes(play, what)
    found = classify_codes(codes)
    if found is None:
        raise IllegalMoveError(f"{format_codes(codes) or 'no cards'} ({what}) is not a play")
    return found


def beats(play: Play | CardsLike, table: Play | CardsLike) -> bool:
    """True if ``play`` may be played onto ``table``.

    The same kind and length with a higher value beats; a bomb beats any play that is
    no bomb, and a bomb is beaten only by a bomb with a higher fifth card. Equal values
    never beat.

    Raises:
        IllegalMoveError: either is cards that form no play.
        InvalidCardError, DuplicateCardError, CardNotInDeckError: bad cards.

    >>> beats("5c 5d 6h 6s 7c 7d", "4c 4d 5h 5s 6c 6d"), beats("9c 9d", "4c 4d 5h 5s")
    (True, False)
    """
    mine = _as_play(play, "the play")
    theirs = _as_play(table, "the table")
    if mine.kind is PlayKind.BOMB:
        return theirs.kind is not PlayKind.BOMB or mine.value > theirs.value
    return mine.kind is theirs.kind and mine.length == theirs.length and mine.value > theirs.value


# ------------------------------------------------------------------ legal plays
#
# One move per rank pattern, its cards the lowest codes of each rank. A hand is held
# as 13 nibbles, one per rank, a bit per suit held. Tables made once at import give the
# lowest codes (and the ready-made move) of each rank for each nibble, and memos keyed
# by a 13-bit rank mask give the runs of consecutive ranks: what is left per call is
# little more than assembling the moves, in C-level map() where it can be.

BIT_COUNT = tuple(bin(n).count("1") for n in range(16))
_RANK_BITS = 0x1FFF
# _LOWEST[k][r][nibble]: the k lowest codes of rank r held in nibble, () if fewer.
_LOWEST: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = tuple(
    tuple(
        tuple(
            tuple(4 * r + s for s in range(4) if nib >> s & 1)[:k] if BIT_COUNT[nib] >= k else ()
            for nib in range(16)
        )
        for r in range(13)
    )
    for k in range(5)
)
# The same as ready-made moves (None where the rank has too few cards).
_ONE_RANK_MOVES: tuple[tuple[tuple[Move | None, ...], ...], ...] = tuple(
    tuple(tuple(unchecked_move(t) if t else None for t in row) for row in _LOWEST[k])
    for k in range(4)
)
# Singles, rows in the single order (the 2 last).
_SINGLES = tuple(_ONE_RANK_MOVES[1][r] for r in SINGLE_ORDER)
# _LOWEST_CODE[r][nibble]: the lowest code held, or -1.
_LOWEST_CODE = tuple(tuple(t[0] if t else -1 for t in row) for row in _LOWEST[1])
# _RANK_MASKS[r][nibble]: rank r's bit in the masks of ranks held once, twice, three and
# four times or more, 13 bits apart; summed over ranks they give all four masks at once.
_RANK_MASKS = tuple(
    tuple(sum(1 << (r + 13 * i) for i in range(BIT_COUNT[nib])) for nib in range(16))
    for r in range(13)
)

_runs_memo: dict[int, tuple[tuple[int, int], ...]] = {}
_straights_memo: dict[int, tuple[tuple[int, int], ...]] = {}
_ranks_memo: dict[int, tuple[int, ...]] = {}


def _runs(ranks: int) -> tuple[tuple[int, int], ...]:
    """Every run (lo, hi) of consecutive ranks in the 13-bit mask ``ranks``, by length,
    then by top rank."""
    found = _runs_memo.get(ranks)
    if found is None:
        held = [ranks >> r & 1 for r in range(13)]
        found = tuple(
            (hi - length + 1, hi)
            for length in range(1, 14)
            for hi in range(length - 1, 13)
            if all(held[hi - length + 1 : hi + 1])
        )
        _runs_memo[ranks] = found
    return found


def _straight_runs(ranks: int) -> tuple[tuple[int, int], ...]:
    """The runs of five ranks or more, as slice bounds (lo, hi + 1)."""
    found = _straights_memo.get(ranks)
    if found is None:
        found = tuple((lo, hi + 1) for lo, hi in _runs(ranks) if hi - lo >= 4)
        _straights_memo[ranks] = found
    return found


def _single_ranks(ranks: int) -> tuple[int, ...]:
    """The ranks of the 13-bit mask ``ranks`` in the single order, lowest first."""
    found = _ranks_memo.get(ranks)
    if found is None:
        found = tuple(r for r in SINGLE_ORDER if ranks >> r & 1)
        _ranks_memo[ranks] = found
    return found


def rank_nibbles(codes: Sequence[int]) -> list[int]:
    """The 13 rank nibbles of distinct, valid codes."""
    nibs = [0] * 14
    for c in codes:
        nibs[RANK_OF[c]] |= SUIT_BIT[c]
    del nibs[13]
    return nibs


def lowest_move(nibs: Sequence[int], take: Sequence[int]) -> Move:
    """The move of the hand ``nibs`` that takes ``take[r]`` cards of each rank r (as
    many as it holds), its lowest codes of each rank: the move :func:`plays_of` lists
    for that rank pattern."""
    return unchecked_move(sum((_LOWEST[k][r][nibs[r]] for r, k in enumerate(take) if k), ()))


def plays_of(nibs: list[int], table: Play | None) -> list[Move]:
    """The moves (no pass) of the hand ``nibs`` that may go onto ``table``, in the
    order of :func:`legal_plays`."""
    masks = sum(map(getitem, _RANK_MASKS, nibs))
    held = masks & _RANK_BITS
    two = masks >> 13 & _RANK_BITS
    three = masks >> 26 & _RANK_BITS
    four = masks >> 39
    kind = None if table is None else table.kind
    floor = -1 if table is None else table.value
    new, set_cards = object.__new__, object.__setattr__
    out: list[Move] = []
    if kind is None or kind is PlayKind.SINGLE:
        singles = filter(None, map(getitem, _SINGLES, nibs[1:] + nibs[:1]))
        if kind is None:
            out += singles
        else:
            out += [m for m in singles if SINGLE_VALUE[m.cards[0] >> 2] > floor]
    for size, ranks, want in ((2, two, PlayKind.PAIRS), (3, three, PlayKind.TRIPS)):
        if ranks and (kind is None or kind is want):
            ready = _ONE_RANK_MOVES[size]
            lowest = _LOWEST[size]
            for lo, hi in _runs(ranks):
                if kind is not None and (
                    size * (hi - lo + 1) != table.length  # type: ignore[union-attr]
                    or SINGLE_VALUE[hi] <= floor
                ):
                    continue
                if lo == hi:
                    out.append(ready[lo][nibs[lo]])  # type: ignore[arg-type]
                else:
                    run = lowest[lo : hi + 1], nibs[lo : hi + 1]
                    move = new(Move)
                    set_cards(move, "cards", sum(map(getitem, *run), ()))
                    out.append(move)
    if three and two and (kind is None or kind is PlayKind.FULL_HOUSE):
        pairs = [(p, _LOWEST[2][p][nibs[p]]) for p in _single_ranks(two)]
        for t in _single_ranks(three):
            if SINGLE_VALUE[t] > floor:
                trips = _LOWEST[3][t][nibs[t]]
                for p, pair in pairs:
                    if p != t:
                        move = new(Move)
                        set_cards(move, "cards", pair + trips if p < t else trips + pair)
                        out.append(move)
    if kind is None or kind is PlayKind.STRAIGHT:
        runs = _straight_runs(held)
        if runs:
            line = tuple(map(getitem, _LOWEST_CODE, nibs))
            for lo, end in runs:
                if kind is None or (end - lo == table.length and end - 1 > floor):  # type: ignore[union-attr]
                    move = new(Move)
                    set_cards(move, "cards", line[lo:end])
                    out.append(move)
    if four:
        floor = floor if kind is PlayKind.BOMB else -1
        quads = _single_ranks(four)
        for r in _single_ranks(held):  # the fifth card, which is the bomb's value
            if SINGLE_VALUE[r] > floor:
                fifth = _LOWEST[1][r][nibs[r]]
                for q in quads:
                    if q != r:
                        quad = _LOWEST[4][q][15]
                        move = new(Move)
                        set_cards(move, "cards", fifth + quad if r < q else quad + fifth)
                        out.append(move)
    return out


def legal_plays(
    hand: CardsLike, table: Play | CardsLike | None = None, *, may_pass: bool = True
) -> tuple[Move, ...]:
    """Every distinct play that ``hand`` can put onto ``table`` (None: an empty table),
    after :data:`PASS` when ``may_pass``.

    Distinct means a distinct rank pattern, since suits never matter: one move per
    pattern, its cards the lowest card codes of each rank, so the listing is
    deterministic. Order: singles, pairs, trips, full houses, straights, bombs; within a
    kind by length, then by value. Any other cards of the hand that form the same
    pattern may be played just as well.

    Args:
        hand: the cards held (text, Cards or codes of the 48-card deck).
        table: the play to beat (a :class:`Play` or its cards), or None to lead.
        may_pass: whether passing is allowed.

    Returns:
        A tuple of :class:`Move`.

    Raises:
        InvalidCardError, DuplicateCardError, CardNotInDeckError: bad cards.
        IllegalMoveError: ``table`` is cards that form no play.
        ArgumentTypeError: ``may_pass`` is no bool.

    >>> [str(m) for m in legal_plays("Jc Jd Qh Qs Ks 2s")]
    ['pass', 'Jc', 'Qh', 'Ks', '2s', 'Jc Jd', 'Qh Qs', 'Jc Jd Qh Qs']
    >>> [str(m) for m in legal_plays("Jc Jd Qh Qs Ks 2s", "9c 9d")]
    ['pass', 'Jc Jd', 'Qh Qs']
    >>> [str(m) for m in legal_plays("Jc Jd Qh Qs Ks 2s", "9c 9d Tc Td")]
    ['pass', 'Jc Jd Qh Qs']
    """
    if not isinstance(may_pass, (bool, np.bool_)):
        raise ArgumentTypeError(f"may_pass is True or False, not {shown(may_pass)}")
    nibs = checked_nibbles(hand, "the hand")[1]
    play = None if table is None else _as_play(table, "the table")
    moves = plays_of(nibs, play)
    return (PASS, *moves) if may_pass else tuple(moves)
