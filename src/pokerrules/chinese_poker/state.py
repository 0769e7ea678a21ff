"""Chinese Poker, the shedding game: plays, beats, legal moves and the game to 100 points.

Not the 13-card arrangement game of the same name: here each player tries to get rid
of their cards by playing singles, runs of pairs or trips, full houses, straights and
bombs onto the table, each play beating the one before it. When a player goes out the
others score penalty points for the cards they still hold; the lowest total wins.

The deck is :data:`~pokerrules.cards.CHINESE_POKER_DECK`: 48 cards, the standard deck
less 2c 2d 2h and Ac. Suits never matter. Singles, pairs, trips and bomb kickers rank
3 < 4 < ... < K < A < 2; in straights the 2 is low (2-3-4-5-6 is the lowest).

>>> str(classify("8c 4c 4d 4h 4s"))
'bomb 4444 8'
>>> beats(classify("8c 4c 4d 4h 4s"), classify("6c Jc Jd Jh Js"))
True
>>> [str(m) for m in legal_plays("4c 4d 5h 5s 6c", classify("3c 3d"))]
['pass', '4c 4d', '5h 5s']

Plays are not poker hands, so this module classifies them itself; it ranks nothing
with :mod:`pokerrules.hands`.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from operator import getitem
from typing import Any, ClassVar, TypeAlias

import numpy as np

from pokerrules.cards import CHINESE_POKER_DECK, CardsLike, SeedLike, card_codes, make_rng
from pokerrules.errors import (
    CardNotInDeckError,
    DuplicateCardError,
    IllegalMoveError,
    PokerRulesError,
)
from pokerrules.game import (
    GameState,
    MoveRecord,
    RandomAgent,
    Result,
    require_over,
    rng_from_state,
    rng_state,
    seat_index,
)

__all__ = [
    "AGENTS",
    "DEFAULT_AGENTS",
    "PASS",
    "ChinesePokerRules",
    "ChinesePokerState",
    "ChinesePokerView",
    "ChooseHand",
    "GreedyAgent",
    "Move",
    "Play",
    "PlayKind",
    "RandomAgent",
    "beats",
    "classify",
    "legal_plays",
    "new_game",
    "parse_move",
    "penalty",
    "render",
]

RANK_SYMBOLS = "23456789TJQKA"
#: Rank index (2..A = 0..12) in the single order 3 < 4 < ... < A < 2, as 0..12.
SINGLE_VALUE: tuple[int, ...] = tuple((r - 1) % 13 for r in range(13))
# Rank indices from lowest to highest single.
_SINGLE_ORDER = (*range(1, 13), 0)
# Per card code (the joker is rank 13): its rank and its suit's bit in the rank nibble.
_RANK_OF: tuple[int, ...] = (*(c >> 2 for c in range(52)), 13)
_SUIT_BIT: tuple[int, ...] = (*(1 << (c & 3) for c in range(52)), 1)
_OUTSIDE_DECK = frozenset(range(53)) - frozenset(CHINESE_POKER_DECK.codes)

PLAYERS_ALLOWED = (2, 3, 4)
# Cards dealt to each player, by number of players.
_HAND_SIZE = {2: 16, 3: 16, 4: 12}


def _rank_text(ranks: Sequence[int]) -> str:
    return "".join(RANK_SYMBOLS[r] for r in ranks)


# ------------------------------------------------------------------ plays


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


def _classify(codes: Sequence[int]) -> Play | None:
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


def _checked_nibbles(cards: CardsLike, what: str) -> tuple[list[int], list[int]]:
    """The codes of ``cards`` and their 13 rank nibbles (a bit per suit held).

    Raises:
        InvalidCardError: unreadable cards.
        DuplicateCardError: a card given twice.
        CardNotInDeckError: 2c 2d 2h Ac or the joker.
    """
    codes = card_codes(cards)
    nibs = [0] * 14
    for c in codes:
        rank, bit = _RANK_OF[c], _SUIT_BIT[c]
        if nibs[rank] & bit:
            raise DuplicateCardError(f"{_card_text(c)} is given twice in {what}")
        nibs[rank] |= bit
    # 2c 2d 2h, Ac and the joker are out of the deck.
    if nibs[0] & 7 or nibs[12] & 1 or nibs[13]:
        bad = next(c for c in codes if c in _OUTSIDE_DECK)
        raise CardNotInDeckError(
            f"{_card_text(bad)} in {what} is not in the 48-card Chinese Poker deck"
            " (2c 2d 2h and Ac are out)"
        )
    del nibs[13]
    return codes, nibs


def _checked_codes(cards: CardsLike, what: str) -> tuple[int, ...]:
    """Distinct codes of the 48-card deck, ascending; raises as :func:`_checked_nibbles`."""
    return tuple(sorted(_checked_nibbles(cards, what)[0]))


def _card_text(code: int) -> str:
    return "Jk" if code == 52 else RANK_SYMBOLS[code >> 2] + "cdhs"[code & 3]


def _format(codes: Sequence[int]) -> str:
    return " ".join(_card_text(c) for c in codes)


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
    return _classify(_checked_codes(cards, "the play"))


def _as_play(play: Play | CardsLike, what: str) -> Play:
    if isinstance(play, Play):
        return play
    codes = _checked_codes(play, what)
    found = _classify(codes)
    if found is None:
        raise IllegalMoveError(f"{_format(codes) or 'no cards'} ({what}) is not a play")
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


# ------------------------------------------------------------------ moves


@dataclass(frozen=True, slots=True)
class Move:
    """Cards played from the hand, ascending card codes; no cards is a pass.

    ``str(move)`` is ``'pass'`` or the cards (``'9d 9s'``); :func:`parse_move` reads it
    back. ``Move.of("9s 9d")`` takes any cards.

    Raises:
        DuplicateCardError, CardNotInDeckError, InvalidCardError: bad cards.
    """

    cards: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _checked_codes(self.cards, "the move"))

    @classmethod
    def of(cls, cards: CardsLike) -> Move:
        """The move that plays ``cards`` (text, Cards or codes)."""
        return cls(tuple(card_codes(cards)))

    @property
    def is_pass(self) -> bool:
        """True for a pass."""
        return not self.cards

    def __str__(self) -> str:
        return _format(self.cards) if self.cards else "pass"

    def __repr__(self) -> str:
        return f"Move.of({_format(self.cards)!r})" if self.cards else "PASS"


_new = object.__new__
_set = object.__setattr__


def _move(cards: tuple[int, ...]) -> Move:
    """A Move of codes already known to be distinct, valid and ascending."""
    move = _new(Move)
    _set(move, "cards", cards)
    return move


#: The pass.
PASS = Move()


@dataclass(frozen=True, slots=True)
class ChooseHand:
    """Two players: take one of the three dealt hands, numbered 0, 1, 2.

    ``str(move)`` is ``'choose 1'``.

    Raises:
        IllegalMoveError: a hand number other than 0, 1, 2.
    """

    hand: int

    def __post_init__(self) -> None:
        if type(self.hand) is not int or not 0 <= self.hand <= 2:
            raise IllegalMoveError(f"choose hand 0, 1 or 2, not {self.hand!r}")

    def __str__(self) -> str:
        return f"choose {self.hand}"


AnyMove: TypeAlias = Move | ChooseHand


def parse_move(text: str) -> AnyMove:
    """Reads a move: ``'pass'``, ``'choose 2'`` or cards (``'9s 9d'``).

    Raises:
        IllegalMoveError: text that is no move (or no text), a bad hand number.
        InvalidCardError, DuplicateCardError, CardNotInDeckError: bad cards.
    """
    if not isinstance(text, str):
        raise IllegalMoveError(f"a move is text such as '9s 9d' or 'pass', not {text!r:.60}")
    words = text.strip().lower().split()
    if words == ["pass"]:
        return PASS
    if words and words[0] == "choose":
        # ASCII digits only ('²' is a digit to str.isdigit but not to int), and few
        # of them (int() refuses thousands of digits).
        if len(words) != 2 or not (words[1].isascii() and words[1].isdigit()) \
                or len(words[1]) > 3:
            raise IllegalMoveError(f"write 'choose 0', 'choose 1' or 'choose 2', not {text!r:.40}")
        return ChooseHand(int(words[1]))
    if not words:
        raise IllegalMoveError("an empty move: write cards such as '9s 9d', or 'pass'")
    return Move.of(text)


# ------------------------------------------------------------------ legal plays
#
# One move per rank pattern, its cards the lowest codes of each rank. A hand is held
# as 13 nibbles, one per rank, a bit per suit held. Tables made once at import give the
# lowest codes (and the ready-made move) of each rank for each nibble, and memos keyed
# by a 13-bit rank mask give the runs of consecutive ranks: what is left per call is
# little more than assembling the moves, in C-level map() where it can be.

_COUNT = tuple(bin(n).count("1") for n in range(16))
_RANK_BITS = 0x1FFF
# _LOWEST[k][r][nibble]: the k lowest codes of rank r held in nibble, () if fewer.
_LOWEST: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = tuple(
    tuple(
        tuple(
            tuple(4 * r + s for s in range(4) if nib >> s & 1)[:k] if _COUNT[nib] >= k else ()
            for nib in range(16)
        )
        for r in range(13)
    )
    for k in range(5)
)
# The same as ready-made moves (None where the rank has too few cards).
_ONE_RANK_MOVES: tuple[tuple[tuple[Move | None, ...], ...], ...] = tuple(
    tuple(tuple(_move(t) if t else None for t in row) for row in _LOWEST[k]) for k in range(4)
)
# Singles, rows in the single order (the 2 last).
_SINGLES = tuple(_ONE_RANK_MOVES[1][r] for r in _SINGLE_ORDER)
# _LOWEST_CODE[r][nibble]: the lowest code held, or -1.
_LOWEST_CODE = tuple(tuple(t[0] if t else -1 for t in row) for row in _LOWEST[1])
# _RANK_MASKS[r][nibble]: rank r's bit in the masks of ranks held once, twice, three and
# four times or more, 13 bits apart; summed over ranks they give all four masks at once.
_RANK_MASKS = tuple(
    tuple(sum(1 << (r + 13 * i) for i in range(_COUNT[nib])) for nib in range(16))
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
        found = tuple(r for r in _SINGLE_ORDER if ranks >> r & 1)
        _ranks_memo[ranks] = found
    return found


def _nibbles(codes: Sequence[int]) -> list[int]:
    """The 13 rank nibbles of distinct, valid codes."""
    nibs = [0] * 14
    for c in codes:
        nibs[_RANK_OF[c]] |= _SUIT_BIT[c]
    del nibs[13]
    return nibs


def _plays_of(nibs: list[int], table: Play | None) -> list[Move]:
    """The moves (no pass) of the hand ``nibs`` that may go onto ``table``, in the
    order of :func:`legal_plays`."""
    masks = sum(map(getitem, _RANK_MASKS, nibs))
    held = masks & _RANK_BITS
    two = masks >> 13 & _RANK_BITS
    three = masks >> 26 & _RANK_BITS
    four = masks >> 39
    kind = None if table is None else table.kind
    floor = -1 if table is None else table.value
    new, set_cards = _new, _set
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

    >>> [str(m) for m in legal_plays("Jc Jd Qh Qs Ks 2s")]
    ['pass', 'Jc', 'Qh', 'Ks', '2s', 'Jc Jd', 'Qh Qs', 'Jc Jd Qh Qs']
    >>> [str(m) for m in legal_plays("Jc Jd Qh Qs Ks 2s", "9c 9d")]
    ['pass', 'Jc Jd', 'Qh Qs']
    >>> [str(m) for m in legal_plays("Jc Jd Qh Qs Ks 2s", "9c 9d Tc Td")]
    ['pass', 'Jc Jd Qh Qs']
    """
    nibs = _checked_nibbles(hand, "the hand")[1]
    play = None if table is None else _as_play(table, "the table")
    moves = _plays_of(nibs, play)
    return (PASS, *moves) if may_pass else tuple(moves)


def penalty(cards_left: int, cards_dealt: int) -> int:
    """The points a player scores for ``cards_left`` cards when another goes out, with
    ``cards_dealt`` cards dealt to each player: all of them 50, all but one 40, all but
    two 30, otherwise one point a card.

    Raises:
        PokerRulesError: ``cards_left`` outside 0..``cards_dealt``.

    >>> [penalty(n, 12) for n in (12, 11, 10, 9, 1, 0)]
    [50, 40, 30, 9, 1, 0]
    """
    if not 0 <= cards_left <= cards_dealt:
        raise PokerRulesError(f"{cards_left} cards left is impossible with {cards_dealt} dealt")
    if cards_left == 0:
        return 0
    return {0: 50, 1: 40, 2: 30}.get(cards_dealt - cards_left, cards_left)


# ------------------------------------------------------------------ the game


@dataclass(frozen=True)
class ChinesePokerRules:
    """The rule choices of a game.

    Attributes:
        target: the game ends after the round in which a player's total reaches this
            many points (default 100).
        open_choice: two players only: the dealt hands are chosen face up (default
            False: blind, as the rules text has it).

    Raises:
        PokerRulesError: a target below 1, or a non-bool ``open_choice``.
    """

    target: int = 100
    open_choice: bool = False

    def __post_init__(self) -> None:
        if type(self.target) is not int or self.target < 1:
            raise PokerRulesError(f"the target must be a whole number >= 1, not {self.target!r}")
        if not isinstance(self.open_choice, bool):
            raise PokerRulesError(f"open_choice must be True or False, not {self.open_choice!r}")


@dataclass(frozen=True)
class ChinesePokerView:
    """What one player may see. Card codes are ascending tuples of ints.

    Attributes:
        player: whose view this is; ``players``: how many play.
        phase: ``"choose"`` (two players picking dealt hands), ``"play"`` or ``"over"``.
        round: the round number, from 1; ``dealer``: who dealt it (and led it).
        to_move: the player to move, None when the game is over.
        hand: the player's own cards.
        hand_counts: every player's number of cards.
        cards_dealt: cards dealt to each player this round (16 or 12).
        table: the play to beat, None on an empty table; ``table_player``: who made it.
        must_play: the player to move may not pass (everyone passed on the empty table).
        played: the cards played so far this round, in order.
        piles: two players, while choosing: each dealt hand's cards (when chosen face up)
            or None (blind, or taken); ``pile_owners``: who took each, None if free.
        scores: the totals so far; ``target``: the points that end the game.
    """

    player: int
    players: int
    phase: str
    round: int
    dealer: int
    to_move: int | None
    hand: tuple[int, ...]
    hand_counts: tuple[int, ...]
    cards_dealt: int
    table: Play | None
    table_player: int | None
    must_play: bool
    played: tuple[int, ...]
    piles: tuple[tuple[int, ...] | None, ...]
    pile_owners: tuple[int | None, ...]
    scores: tuple[int, ...]
    target: int


def _cut(rng: np.random.Generator, players: int) -> tuple[int, list[list[list[int]]]]:
    """Cuts for the first deal: each player draws a card, aces high and the 2 low; the
    players tied for the highest draw again from a fresh shuffle. Returns the dealer
    and every draw as [player, code] pairs, one list per draw."""
    drawing = list(range(players))
    draws: list[list[list[int]]] = []
    while True:
        cards = [int(c) for c in CHINESE_POKER_DECK.shuffled_codes(rng)[: len(drawing)]]
        draws.append([[p, c] for p, c in zip(drawing, cards, strict=True)])
        best = max(c >> 2 for c in cards)  # rank index: 2 lowest, ace highest
        drawing = [p for p, c in zip(drawing, cards, strict=True) if c >> 2 == best]
        if len(drawing) == 1:
            return drawing[0], draws


class ChinesePokerState(GameState[AnyMove]):
    """A game of Chinese Poker (see :func:`new_game`), following the shared protocol
    of :mod:`pokerrules.game`.

    Moves are :class:`Move` (cards, or a pass) and, for two players choosing their
    hands, :class:`ChooseHand`; their text forms are accepted too. Turns pass to the
    next higher player index (clockwise).
    """

    game_name: ClassVar[str] = "chinese_poker"

    rules: ChinesePokerRules
    dealer: int
    round: int
    phase: str
    hands: list[list[int]]
    piles: list[list[int]]
    pile_owners: list[int | None]
    set_aside: list[int]
    table: tuple[int, ...]
    table_player: int | None
    passes: int
    played: list[int]
    scores: list[int]
    rounds: list[dict[str, Any]]
    cut: list[list[list[int]]]

    def __init__(self, rules: ChinesePokerRules, players: int, rng: np.random.Generator) -> None:
        """A new game: the cut for the first deal, then the first deal, from ``rng``.

        Raises:
            PokerRulesError: ``players`` other than 2, 3 or 4, ``rules`` that are no
                ChinesePokerRules, or ``rng`` that is no numpy Generator.
        """
        self._setup(rules, players, rng)
        self.dealer, self.cut = _cut(rng, players)
        self._start_round()

    def _setup(self, rules: ChinesePokerRules, players: int, rng: np.random.Generator) -> None:
        """Everything but the cut and the deal, after checking the arguments."""
        if type(players) is not int or players not in PLAYERS_ALLOWED:
            raise PokerRulesError(f"Chinese Poker takes 2, 3 or 4 players, not {players!r}")
        if not isinstance(rules, ChinesePokerRules):
            raise PokerRulesError(f"Chinese Poker takes ChinesePokerRules, not {rules!r:.60}")
        if not isinstance(rng, np.random.Generator):
            raise PokerRulesError(f"rng must be a numpy Generator, not {rng!r:.60}")
        super().__init__(players)
        self.rules = rules
        self._rng = rng
        self.round = 1
        self.scores = [0] * players
        self.rounds = []

    # --- the round -----------------------------------------------------------
    def _start_round(self) -> None:
        n = self.players
        order = [int(c) for c in CHINESE_POKER_DECK.shuffled_codes(self._rng)]
        if n == 2:
            dealt = [sorted(order[i::3]) for i in range(3)]
        else:
            # One card at a time, starting left of the dealer.
            dealt = [sorted(order[(p - self.dealer - 1) % n :: n]) for p in range(n)]
        self._set_round(dealt)

    def _set_round(self, dealt: list[list[int]]) -> None:
        """Starts a round with ``dealt``: the hands, or for two players the three
        hands to choose from."""
        n = self.players
        self.table = ()
        self._table_play: Play | None = None
        self.table_player = None
        self.passes = 0
        self.played = []
        self.set_aside = []
        self._current: int | None = self.dealer
        if n == 2:
            self.phase = "choose"
            self.piles = dealt
            self.pile_owners = [None, None, None]
            self.hands = [[], []]
        else:
            self.phase = "play"
            self.piles = []
            self.pile_owners = []
            self.hands = dealt

    @property
    def cards_dealt(self) -> int:
        """Cards dealt to each player this round: 16 (two or three players) or 12."""
        return _HAND_SIZE[self.players]

    @property
    def table_play(self) -> Play | None:
        """The play to beat, or None on an empty table."""
        return self._table_play

    @property
    def must_play(self) -> bool:
        """True when the player to move may not pass: every player passed in turn on
        the empty table and the lead came back to the first of them."""
        return self.phase == "play" and not self.table and self.passes >= self.players

    @property
    def current_player(self) -> int | None:
        return None if self.phase == "over" else self._current

    # --- protocol --------------------------------------------------------------
    def _legal(self) -> tuple[AnyMove, ...]:
        if self.phase == "choose":
            return tuple(ChooseHand(i) for i, owner in enumerate(self.pile_owners) if owner is None)
        player = self._current
        assert player is not None
        moves = _plays_of(_nibbles(self.hands[player]), self._table_play)
        return tuple(moves) if self.must_play else (PASS, *moves)

    def _check(self, move: AnyMove) -> None:
        player = self._current
        if self.phase == "choose":
            if not isinstance(move, ChooseHand):
                raise IllegalMoveError(
                    f"player {player} must first choose one of the dealt hands "
                    f"('choose 0', 'choose 1' or 'choose 2'), not {move}"
                )
            owner = self.pile_owners[move.hand]
            if owner is not None:
                raise IllegalMoveError(f"hand {move.hand} was already taken by player {owner}")
            return
        if not isinstance(move, Move):
            raise IllegalMoveError(f"{move}: the hands are chosen; player {player} plays or passes")
        if move.is_pass:
            if self.must_play:
                raise IllegalMoveError(
                    f"player {player} may not pass: everyone passed on the empty table, "
                    "so the first of them must play"
                )
            return
        assert player is not None
        hand = self.hands[player]
        missing = [c for c in move.cards if c not in hand]
        if missing:
            raise IllegalMoveError(f"player {player} does not hold {_format(missing)}")
        play = _classify(move.cards)
        if play is None:
            raise IllegalMoveError(f"{move} is not a play")
        table = self._table_play
        if table is not None and not beats(play, table):
            raise IllegalMoveError(f"{move} ({play}) does not beat {table} on the table")

    def _apply(self, move: AnyMove) -> MoveRecord:
        player = self._current
        assert player is not None
        if isinstance(move, ChooseHand):
            return self._apply_choice(player, move)
        n = self.players
        if move.is_pass:
            self.passes += 1
            self._current = (player + 1) % n
            if self.table and self.passes == n - 1:
                # Every other player passed: the table's player leads afresh.
                detail: dict[str, Any] = {"cleared": True}
                self.table, self._table_play, self.table_player, self.passes = (), None, None, 0
            else:
                detail = {}
            return MoveRecord(player, str(move), detail)
        play = _classify(move.cards)
        assert play is not None
        gone = set(move.cards)
        self.hands[player] = [c for c in self.hands[player] if c not in gone]
        self.played.extend(move.cards)
        self.table, self._table_play, self.table_player = move.cards, play, player
        self.passes = 0
        self._current = (player + 1) % n
        detail = {"play": str(play)}
        if not self.hands[player]:
            detail.update(self._end_round(player))
        return MoveRecord(player, str(move), detail)

    def _apply_choice(self, player: int, move: ChooseHand) -> MoveRecord:
        self.pile_owners[move.hand] = player
        self.hands[player] = self.piles[move.hand]
        if all(h for h in self.hands):
            free = self.pile_owners.index(None)
            self.set_aside = self.piles[free]
            self.piles = []
            self.pile_owners = []
            self.phase = "play"
            self._current = self.dealer
        else:
            self._current = 1 - player
        return MoveRecord(player, str(move), {"hand": move.hand})

    def _end_round(self, winner: int) -> dict[str, Any]:
        points = [penalty(len(h), self.cards_dealt) for h in self.hands]
        self.scores = [s + p for s, p in zip(self.scores, points, strict=True)]
        summary = {
            "round": self.round,
            "winner": winner,
            "left": [_format(h) for h in self.hands],
            "points": points,
        }
        self.rounds.append(summary)
        detail = {**summary, "scores": list(self.scores)}
        if max(self.scores) >= self.rules.target:
            self.phase = "over"
            self._current = None
        else:
            self.round += 1
            self.dealer = winner
            self._start_round()
            detail["next_dealer"] = winner
        return detail

    def _parse(self, text: str) -> AnyMove:
        return parse_move(text)

    def result(self) -> Result:
        """The totals (lower is better) and the winners: everyone on the lowest total.

        ``detail`` holds ``rounds`` (per round: winner, cards left, points) and the
        ``target``.

        Raises:
            IllegalMoveError: the game is not over.
        """
        require_over(self)
        low = min(self.scores)
        return Result(
            winners=tuple(p for p, s in enumerate(self.scores) if s == low),
            scores=tuple(self.scores),
            detail={"rounds": self.rounds, "target": self.rules.target},
        ).copy()  # shares no list with the state

    def view(self, player: int) -> ChinesePokerView:
        """What ``player`` may see: their own hand, card counts, the table, the cards
        played, and the dealt hands while choosing only if they are chosen face up.

        Raises:
            PokerRulesError: no such player.
        """
        player = seat_index(player, self.players)
        open_piles = self.rules.open_choice
        piles = tuple(
            tuple(pile) if open_piles and owner is None else None
            for pile, owner in zip(self.piles, self.pile_owners, strict=True)
        )
        return ChinesePokerView(
            player=player,
            players=self.players,
            phase=self.phase,
            round=self.round,
            dealer=self.dealer,
            to_move=self.current_player,
            hand=tuple(self.hands[player]),
            hand_counts=tuple(map(len, self.hands)),
            cards_dealt=self.cards_dealt,
            table=self._table_play,
            table_player=self.table_player,
            must_play=self.must_play,
            played=tuple(self.played),
            piles=piles,
            pile_owners=tuple(self.pile_owners),
            scores=tuple(self.scores),
            target=self.rules.target,
        )

    def _deal_dict(self) -> dict[str, Any]:
        return {
            "rules": {"target": self.rules.target, "open_choice": self.rules.open_choice},
            "rng": rng_state(self._rng),
            "cut": [[list(pair) for pair in draw] for draw in self.cut],
            "dealer": self.dealer,
            "hands": [list(h) for h in (self.piles if self.players == 2 else self.hands)],
        }

    @classmethod
    def _from_deal(cls, deal: dict[str, Any], players: int) -> ChinesePokerState:
        if set(deal) != {"rules", "rng", "cut", "dealer", "hands"}:
            raise PokerRulesError(
                f"a Chinese Poker deal has rules, rng, cut, dealer and hands, not {sorted(deal)}")
        rules = deal["rules"]
        if not isinstance(rules, dict) or set(rules) != {"target", "open_choice"}:
            raise PokerRulesError(f"not Chinese Poker rules: {rules!r:.80}")
        state = cls.__new__(cls)
        state._setup(ChinesePokerRules(**rules), players, rng_from_state(deal["rng"]))
        state.dealer, state.cut = _checked_cut(deal["cut"], players)
        if deal["dealer"] != state.dealer or type(deal["dealer"]) is not int:
            raise PokerRulesError(
                f"the cut makes player {state.dealer} deal, not {deal['dealer']!r:.20}")
        state._set_round(_checked_deal(deal["hands"], players))
        return state


def _checked_cut(cut: Any, players: int) -> tuple[int, list[list[list[int]]]]:
    """The dealer and the saved cut, if it is one :func:`_cut` could draw: everyone
    draws first, then only those tied for the highest rank, until one is highest.

    Raises:
        PokerRulesError: anything else.
    """
    if not isinstance(cut, list) or not cut:
        raise PokerRulesError(f"the cut is a list of draws, not {cut!r:.60}")
    drawing = list(range(players))
    for number, draw in enumerate(cut, start=1):
        if not drawing or len(drawing) == 1:
            raise PokerRulesError(f"draw {number} of the cut comes after the dealer was found")
        pairs = draw if isinstance(draw, list) else []
        if [p[0] if isinstance(p, list) and len(p) == 2 else None for p in pairs] != drawing:
            raise PokerRulesError(f"draw {number} of the cut must be made by players {drawing}")
        cards = [p[1] for p in pairs]
        if not all(type(c) is int for c in cards):
            raise PokerRulesError(f"draw {number} of the cut: cards are codes")
        _checked_codes(cards, f"draw {number} of the cut")
        best = max(c >> 2 for c in cards)
        drawing = [p for p, c in pairs if c >> 2 == best]
    if len(drawing) != 1:
        raise PokerRulesError("the cut ends in a tie: it found no dealer")
    return drawing[0], [[list(p) for p in draw] for draw in cut]


def _checked_deal(hands: Any, players: int) -> list[list[int]]:
    """The saved first deal, if it is one: every card of the 48-card deck once, in
    the right number of ascending hands of the right size.

    Raises:
        PokerRulesError (or a card error): anything else.
    """
    count, size = (3, 16) if players == 2 else (players, _HAND_SIZE[players])
    if not isinstance(hands, list) or len(hands) != count or not all(
        isinstance(h, list) and len(h) == size and all(type(c) is int for c in h) for h in hands
    ):
        raise PokerRulesError(f"a {players}-player deal is {count} hands of {size} card codes")
    cards = [c for h in hands for c in h]
    _checked_codes(cards, "the deal")  # each once, all of the deck (48 = count * size)
    if any(h != sorted(h) for h in hands):
        raise PokerRulesError("each dealt hand is written in ascending order")
    return [list(h) for h in hands]


def new_game(
    rules: ChinesePokerRules | None = None, *, seed: SeedLike, players: int = 4
) -> ChinesePokerState:
    """A new game: the cut for the first deal, then the first deal.

    Args:
        rules: the rule choices (default :class:`ChinesePokerRules()`: to 100, blind
            choice).
        seed: an int or a numpy Generator; every later deal of the game draws from it,
            so the same seed and moves give the same game.
        players: 2, 3 or 4.

    Raises:
        PokerRulesError: another number of players, or ``rules`` of another kind.
        ArgumentTypeError: ``seed`` is neither an int nor a Generator.

    >>> game = new_game(seed=7, players=3)
    >>> game.current_player == game.dealer, [len(h) for h in game.hands]
    (True, [16, 16, 16])
    """
    return ChinesePokerState(
        ChinesePokerRules() if rules is None else rules, players, make_rng(seed))


# ------------------------------------------------------------------ agents


class GreedyAgent:
    """Sheds cards cheaply and keeps its bombs for the end.

    On the lead it plays the play that sheds the most cards, the lowest first; it
    answers with the cheapest play that beats the table; it plays a bomb only when
    nothing else beats the table and the end is near (its own hand or an opponent's
    down to a few cards), and goes out at once when one play empties its hand. Choosing
    a dealt hand face up, it takes the one with the most high cards and bombs.
    """

    def choose(
        self, view: ChinesePokerView, legal_moves: Sequence[AnyMove], rng: np.random.Generator
    ) -> AnyMove:
        """One of ``legal_moves``.

        Raises:
            IllegalMoveError: another game's view, no legal moves, or a move this
                view cannot make (a hand choice outside the choosing phase, cards not
                held or forming no play).
        """
        if not isinstance(view, ChinesePokerView):
            raise IllegalMoveError(f"a Chinese Poker agent needs its game's view, not {view!r:.60}")
        if not legal_moves:
            raise IllegalMoveError(f"player {view.player} has no legal move to choose from")
        if view.phase == "choose":
            choices = [m for m in legal_moves if isinstance(m, ChooseHand)]
            if len(choices) != len(legal_moves) or any(
                    view.pile_owners[m.hand] is not None for m in choices):
                raise IllegalMoveError(f"{legal_moves!r:.80} are not all free dealt hands")
            return max(choices, key=lambda m: _pile_strength(view.piles[m.hand]))
        plays: list[tuple[Move, Play]] = []
        passing: Move | None = None
        held = set(view.hand)
        for move in legal_moves:
            if not isinstance(move, Move):
                raise IllegalMoveError(f"{move!r:.60} is no play of the play phase")
            if move.is_pass:
                passing = move
                continue
            play = _classify(move.cards)
            if play is None or not held.issuperset(move.cards):
                raise IllegalMoveError(
                    f"{move} is not a play player {view.player} can make")
            plays.append((move, play))
        left = len(view.hand)
        for move, play in plays:
            if play.length == left:
                return move
        bombs = [(m, p) for m, p in plays if p.kind is PlayKind.BOMB]
        others = [(m, p) for m, p in plays if p.kind is not PlayKind.BOMB]
        if others:
            if view.table is None:
                return min(others, key=lambda mp: (-mp[1].length, mp[1].value))[0]
            return min(others, key=lambda mp: mp[1].value)[0]
        opponents_low = min(c for p, c in enumerate(view.hand_counts) if p != view.player)
        if bombs and (passing is None or left <= 8 or opponents_low <= 4):
            return min(bombs, key=lambda mp: mp[1].value)[0]
        if passing is not None:
            return passing
        return plays[0][0]


def _pile_strength(pile: tuple[int, ...] | None) -> int:
    """A rough worth of a dealt hand: its single values plus a bonus per bomb."""
    if pile is None:
        return 0
    counts = _COUNT
    nibs = _nibbles(pile)
    return sum(SINGLE_VALUE[c >> 2] for c in pile) + 20 * sum(counts[n] == 4 for n in nibs)


AGENTS: dict[str, type[RandomAgent] | type[GreedyAgent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
}
#: The agents of ``pokerrules play chinese-poker`` (four players by default).
DEFAULT_AGENTS = ("greedy", "random", "random", "random")


# ------------------------------------------------------------------ text


def render(state: ChinesePokerState, viewer: int | None = None) -> str:
    """The table as text for the terminal: scores, card counts, the play to beat and
    whose turn it is; after the last round, the points of every round and the totals.

    No hand is shown unless ``viewer`` (a seat) is given: then that seat's hand is.
    Dealt hands chosen face up (``open_choice``) are shown to everyone.

    Raises:
        PokerRulesError: ``viewer`` is no seat of the game.
    """
    n = state.players
    if viewer is not None and (type(viewer) is not int or not 0 <= viewer < n):
        raise PokerRulesError(f"no player {viewer!r} in a {n}-player game")
    seats = range(n)
    lines = [
        f"Chinese Poker, round {state.round}, dealer player {state.dealer}, "
        f"game to {state.rules.target} points",
        "scores: " + "  ".join(f"p{p} {state.scores[p]}" for p in seats),
    ]
    if state.phase == "over":
        lines.append("round " + " ".join(f"{'p' + str(p):>4}" for p in seats) + "  went out")
        for r in state.rounds:
            points = " ".join(f"{x:>4}" for x in r["points"])
            lines.append(f"{r['round']:>5} {points}  p{r['winner']}")
        lines.append("total " + " ".join(f"{s:>4}" for s in state.scores))
        return "\n".join(lines)
    player = state.current_player
    if state.phase == "choose":
        for i, (pile, owner) in enumerate(zip(state.piles, state.pile_owners, strict=True)):
            if owner is not None:
                shown = f"taken by p{owner}"
            elif state.rules.open_choice:
                shown = _format(pile)
            else:
                shown = f"{len(pile)} cards, face down"
            lines.append(f"hand {i}: {shown}")
        lines.append(f"player {player} chooses a hand")
    else:
        lines.append("cards:  " + "  ".join(f"p{p} {len(state.hands[p])}" for p in seats))
        table = state.table_play
        if table is None:
            must = f" (player {player} must play)" if state.must_play else ""
            lines.append("table: empty" + must)
        else:
            by = f"by player {state.table_player}"
            lines.append(f"table: {_format(table.cards)}  ({table}, {by})")
        lines.append(f"player {player} to move")
    if viewer is not None:
        lines.append(f"your hand (player {viewer}): {_format(state.hands[viewer]) or '-'}")
    return "\n".join(lines)
