"""East-West: Reiner Knizia's two-player poker placement game.

Three board cards lie face up in a column (rows 0, 1, 2 from the top). West
(player 0) builds hands on the left of the column, East (player 1) on the right.
The non-dealer moves first; on each turn the player to move draws the top stock
card and places it on their side of a row holding fewer than four of their cards.
A row's hand is its board card plus the player's four cards there, ranked with
the :data:`~pokerrules.hands.PIQUET` rules of the evaluator (32 cards, A K Q J T
9 8 7). After 24 placements every row is compared and :attr:`EastWestRules.win_rule`
decides the game.

>>> state = new_game(seed=5)
>>> state.current_player == 1 - state.dealer
True
>>> state.legal_moves()
(Place(row=0), Place(row=1), Place(row=2))
>>> record = state.play("row 1")
>>> record.detail["row"]
1
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, NamedTuple

import numpy as np

from pokerrules.cards import PIQUET_DECK, CardsLike, SeedLike, card_codes, format_cards, make_rng
from pokerrules.errors import (
    CardNotInDeckError,
    DuplicateCardError,
    GameOverError,
    HandSizeError,
    IllegalMoveError,
    PokerRulesError,
)
from pokerrules.game import GameState, MoveRecord, RandomAgent, Result, require_over, seat_index
from pokerrules.hands import (
    PIQUET,
    HandRank,
    HandRules,
    evaluate,
    evaluate_many,
    evaluate_partial,
)

__all__ = [
    "AGENTS",
    "DEFAULT_AGENTS",
    "DEFAULT_RULES",
    "EAST",
    "PLACES",
    "SEAT_NAMES",
    "WEST",
    "EastWestRules",
    "EastWestState",
    "EastWestView",
    "GreedyAgent",
    "MonteCarloAgent",
    "Place",
    "RandomAgent",
    "RowOutcome",
    "new_game",
    "parse_move",
    "render",
    "row_strength",
]

WEST = 0
EAST = 1
SEAT_NAMES = ("West", "East")
ROWS = 3
ROW_CAPACITY = 4  # a player's cards per row; with the board card, a five-card hand
BOARD_SIZE = 3
DECK_SIZE = len(PIQUET_DECK)  # 32
MOVES_PER_GAME = 2 * ROWS * ROW_CAPACITY  # 24; five stock cards stay unseen

WinRule = Literal["majority", "two_rows"]
WIN_RULES: tuple[WinRule, ...] = ("majority", "two_rows")

_CARD_TEXT = tuple(format_cards([c]) for c in range(53))
_PIQUET_CODES = frozenset(PIQUET_DECK.codes)
_PACK = np.array(PIQUET_DECK.codes, dtype=np.uint8)
_PACK.flags.writeable = False
_ROW_NAMES = {"top": 0, "middle": 1, "bottom": 2}
# The four rankings the options allow, built once (tables are shared by the core).
_HAND_RULES = {
    (low, over): PIQUET.replace(ace_low_straight=low, flush_beats_full_house=over)
    for low in (False, True)
    for over in (False, True)
}


# ------------------------------------------------------------------ rules

@dataclass(frozen=True)
class EastWestRules:
    """The rule choices the rules text leaves open.

    Args:
        win_rule: how row results decide the game, since rows can tie.
            ``"majority"`` (default): more rows won wins, so one win and two ties
            wins and equal counts draw. ``"two_rows"``: only two or three row wins
            win; anything else is a draw.
        ace_low_straight: A-7-8-9-T counts as the lowest straight (default False:
            7-8-9-T-J is the lowest straight and A-7-8-9-T is no straight).
        flush_beats_full_house: a flush ranks above a full house (default False:
            the standard order).

    Raises:
        PokerRulesError: an unknown win rule or a non-bool option.
    """

    win_rule: WinRule = "majority"
    ace_low_straight: bool = False
    flush_beats_full_house: bool = False

    def __post_init__(self) -> None:
        if self.win_rule not in WIN_RULES:
            raise PokerRulesError(
                f"unknown win_rule {self.win_rule!r}; use one of {', '.join(WIN_RULES)}"
            )
        for name in ("ace_low_straight", "flush_beats_full_house"):
            if not isinstance(getattr(self, name), bool):
                raise PokerRulesError(f"{name} must be True or False, not {getattr(self, name)!r}")

    @property
    def hand_rules(self) -> HandRules:
        """The :data:`~pokerrules.hands.PIQUET` ranking with these options."""
        rules: HandRules = _HAND_RULES[(self.ace_low_straight, self.flush_beats_full_house)]
        return rules

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict; :meth:`from_dict` restores it."""
        return {
            "win_rule": self.win_rule,
            "ace_low_straight": self.ace_low_straight,
            "flush_beats_full_house": self.flush_beats_full_house,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> EastWestRules:
        """The rules written by :meth:`to_dict`.

        Raises:
            PokerRulesError: not a dict, an unknown field or a bad value.
        """
        if not isinstance(data, dict):
            raise PokerRulesError(f"East-West rules are a dict, not {data!r:.60}")
        unknown = set(data) - {"win_rule", "ace_low_straight", "flush_beats_full_house"}
        if unknown:
            raise PokerRulesError(f"unknown East-West rules field(s): {sorted(unknown)}")
        return cls(**data)


DEFAULT_RULES = EastWestRules()


def _wins(rows_won: Any, rows_lost: Any, win_rule: WinRule) -> Any:
    """True where a player with ``rows_won`` row wins (against ``rows_lost``) wins
    the game; works on ints and on numpy arrays alike."""
    if win_rule == "majority":
        return rows_won > rows_lost
    return rows_won >= 2


# ------------------------------------------------------------------ moves

@dataclass(frozen=True)
class Place:
    """Place the drawn card on the mover's side of ``row`` (0 top, 1 middle, 2 bottom).

    Its text form is ``"row N"``; :func:`parse_move` reads it back.
    """

    row: int

    def __str__(self) -> str:
        return f"row {self.row}"


PLACES = tuple(Place(r) for r in range(ROWS))
_PLACE_TEXT = tuple(str(p) for p in PLACES)


def parse_move(text: str) -> Place:
    """The move written as ``"row 1"``, ``"1"``, ``"r1"`` or ``"top"``/``"middle"``/
    ``"bottom"`` (case and spaces ignored).

    Raises:
        IllegalMoveError: text that names no row, or a row other than 0, 1, 2.
    """
    if not isinstance(text, str):
        raise IllegalMoveError(f"a move is text such as 'row 1', not {text!r}")
    word = "".join(text.lower().split())
    if word in _ROW_NAMES:
        return PLACES[_ROW_NAMES[word]]
    digits = word[3:] if word.startswith("row") else word[1:] if word.startswith("r") else word
    if not digits.isdigit() or not digits.isascii():
        raise IllegalMoveError(f"not a move: {text!r:.40}; name a row: 0, 1 or 2")
    if len(digits.lstrip("0")) > 1:  # int() of thousands of digits would raise
        raise IllegalMoveError(f"row {digits:.20} does not exist; rows are 0, 1 and 2")
    row = int(digits)
    if row >= ROWS:
        raise IllegalMoveError(f"row {row} does not exist; rows are 0, 1 and 2")
    return PLACES[row]


# ------------------------------------------------------------------ views and results

class EastWestView(NamedTuple):
    """What one player sees. Every placed card and the board are face up; the
    drawn card is shown only to the player who drew it (the player to move).

    Cards are int codes (``rank * 4 + suit``; see :mod:`pokerrules.cards`).

    Attributes:
        player: the seat this view belongs to (0 West, 1 East).
        to_move: the seat to move, or None when the game is over.
        dealer: the dealing seat.
        rules: the game's :class:`EastWestRules`.
        board: the three board cards, row 0 first.
        rows: ``rows[seat][row]``: the cards each seat has placed on each row,
            in the order placed.
        card: the card drawn and waiting to be placed if ``player`` is to move,
            else None.
        stock_count: face-down cards left in the stock.
    """

    player: int
    to_move: int | None
    dealer: int
    rules: EastWestRules
    board: tuple[int, ...]
    rows: tuple[tuple[tuple[int, ...], ...], ...]
    card: int | None
    stock_count: int

    def unseen(self) -> tuple[int, ...]:
        """The codes this player has not seen: the stock plus an opponent's drawn
        card, ascending (the cards a playout shuffles)."""
        seen = set(self.board)
        for side in self.rows:
            for row in side:
                seen.update(row)
        if self.card is not None:
            seen.add(self.card)
        return tuple(c for c in PIQUET_DECK.codes if c not in seen)


@dataclass(frozen=True)
class RowOutcome:
    """One row at the end: both five-card hands, their ranks and the winner.

    Attributes:
        row: 0, 1 or 2.
        hands: ``hands[seat]``: five codes, the board card first.
        ranks: ``ranks[seat]``: the :class:`~pokerrules.hands.HandRank` of each hand.
        winner: the seat with the higher hand, or None when the hands tie.
    """

    row: int
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    ranks: tuple[HandRank, HandRank]
    winner: int | None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: cards as text, ranks as description, category and value."""
        out: dict[str, Any] = {"row": self.row, "board": _CARD_TEXT[self.hands[0][0]]}
        for seat, name in enumerate(("west", "east")):
            rank = self.ranks[seat]
            words, category = _rank_words(rank)
            out[name] = {
                "cards": " ".join([_CARD_TEXT[c] for c in self.hands[seat]]),
                "rank": words,
                "category": category,
                "value": rank.value,
            }
        out["winner"] = self.winner
        return out


# A rank's words and category depend only on its rules and value (the piquet deck
# has no joker), so each is worked out once per process rather than per hand.
_RANK_WORDS: dict[tuple[int, int], tuple[str, str]] = {}


def _rank_words(rank: HandRank) -> tuple[str, str]:
    key = (rank.rules.variant, rank.value)
    words = _RANK_WORDS.get(key)
    if words is None:
        words = _RANK_WORDS[key] = (rank.describe(), rank.category.name)
    return words


# ------------------------------------------------------------------ the game

class EastWestState(GameState[Place]):
    """A game of East-West in progress (see :func:`new_game` for a seeded deal).

    Args:
        deck: all 32 piquet cards in deal order: the first three are the board
            (rows 0, 1, 2), the rest is the stock, top first.
        dealer: the dealing seat, 0 (West) or 1 (East); the other seat moves first.
        rules: the rule choices (default :class:`EastWestRules`).
        cut: the cut that chose the dealer: one (West's card, East's card) pair
            per draw, each as text or codes; all but the last are equal in rank
            and the last one's lower rank is the dealer's. Empty when the dealer
            was given.

    Raises:
        HandSizeError: a deck of other than 32 cards.
        CardNotInDeckError, DuplicateCardError, InvalidCardError: a bad card.
        PokerRulesError: a dealer other than 0 or 1, or a cut that does not
            choose that dealer.
    """

    game_name: ClassVar[str] = "east-west"
    deal_is_fixed: ClassVar[bool] = True  # deck, dealer, cut and rules never change

    def __init__(
        self,
        deck: CardsLike,
        dealer: int,
        rules: EastWestRules | None = None,
        cut: Sequence[CardsLike] = (),
    ) -> None:
        super().__init__(players=2)
        codes = _piquet_codes(deck, "deck")
        if len(codes) != DECK_SIZE:
            raise HandSizeError(f"an East-West deck has {DECK_SIZE} cards, got {len(codes)}")
        self.dealer = _seat(dealer, "dealer")
        self.rules = rules if rules is not None else DEFAULT_RULES
        if not isinstance(self.rules, EastWestRules):
            raise PokerRulesError(f"rules must be EastWestRules, not {type(self.rules).__name__}")
        self.cut = _checked_cut(cut, self.dealer)
        self._hand_rules = self.rules.hand_rules
        self._deck = codes
        self._board = tuple(codes[:BOARD_SIZE])
        # Each seat's rows as tuples, replaced (never mutated) on each move so that
        # views can share them without copying.
        self._sides: list[tuple[tuple[int, ...], ...]] = [((),) * ROWS, ((),) * ROWS]
        self._open: list[tuple[Place, ...]] = [PLACES, PLACES]  # rows with room, per seat
        self._placements: list[int] = []
        self._to_move: int | None = 1 - self.dealer
        self._result: Result | None = None
        self._outcomes: tuple[RowOutcome, ...] | None = None

    # --- protocol -----------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The seat to move (0 West, 1 East), or None after the 24th placement."""
        return self._to_move

    @property
    def board(self) -> tuple[int, ...]:
        """The three board cards (codes), row 0 first."""
        return self._board

    @property
    def drawn_card(self) -> int | None:
        """The card the player to move has drawn (code), or None when over."""
        if self._to_move is None:
            return None
        return self._deck[BOARD_SIZE + len(self._placements)]

    @property
    def stock(self) -> tuple[int, ...]:
        """The face-down stock, top first (hidden information; not in any view)."""
        drawn = 0 if self._to_move is None else 1
        return tuple(self._deck[BOARD_SIZE + len(self._placements) + drawn :])

    def rows(self, seat: int) -> tuple[tuple[int, ...], ...]:
        """The cards ``seat`` has placed on rows 0, 1, 2 (codes, in order placed).

        Raises:
            PokerRulesError: a seat other than 0 or 1.
        """
        return self._sides[_seat(seat, "seat")]

    def _mover(self) -> int:
        seat = self._to_move
        if seat is None:
            raise GameOverError("the game is over: all 24 cards are placed")
        return seat

    def _legal(self) -> tuple[Place, ...]:
        return self._open[self._mover()]

    def _check(self, move: Place) -> None:
        if not isinstance(move, Place):
            raise IllegalMoveError(f"{move!r} is not an East-West move; give a Place or 'row N'")
        row = move.row
        if type(row) is not int or not 0 <= row < ROWS:
            raise IllegalMoveError(f"row {row!r} does not exist; rows are 0, 1 and 2")
        seat = self._mover()
        if len(self._sides[seat][row]) >= ROW_CAPACITY:
            raise IllegalMoveError(
                f"row {row} is full: {SEAT_NAMES[seat]} (player {seat}) has four cards there"
            )

    def _apply(self, move: Place) -> MoveRecord:
        seat = self._mover()
        placements = self._placements
        card = self._deck[BOARD_SIZE + len(placements)]
        row = move.row
        side = list(self._sides[seat])
        held = side[row] = side[row] + (card,)
        self._sides[seat] = tuple(side)
        if len(held) == ROW_CAPACITY:
            self._open[seat] = tuple(p for p in self._open[seat] if p.row != row)
        placements.append(row)
        self._to_move = None if len(placements) == MOVES_PER_GAME else 1 - seat
        return MoveRecord(seat, _PLACE_TEXT[row], {"card": _CARD_TEXT[card], "row": row})

    def _parse(self, text: str) -> Place:
        return parse_move(text)

    def view(self, player: int) -> EastWestView:
        """What ``player`` (0 West, 1 East) sees; see :class:`EastWestView`.

        Raises:
            PokerRulesError: a player other than 0 or 1.
        """
        player = _seat(player, "player")
        over = self._to_move is None
        moves = len(self._placements)
        return EastWestView(  # positional: this runs on every move
            player,
            self._to_move,
            self.dealer,
            self.rules,
            self._board,
            (self._sides[WEST], self._sides[EAST]),
            self._deck[BOARD_SIZE + moves] if player == self._to_move else None,
            DECK_SIZE - BOARD_SIZE - moves - (0 if over else 1),
        )

    def outcomes(self) -> tuple[RowOutcome, ...]:
        """Each row's two hands, ranks and winner, row 0 first.

        Raises:
            IllegalMoveError: the game is not over yet.
        """
        require_over(self)
        if self._outcomes is None:
            found = []
            for row in range(ROWS):
                board = self._deck[row]
                west = (board, *self._sides[WEST][row])
                east = (board, *self._sides[EAST][row])
                west_rank = evaluate(west, self._hand_rules)
                east_rank = evaluate(east, self._hand_rules)
                winner = (
                    WEST if west_rank > east_rank else EAST if east_rank > west_rank else None
                )
                found.append(RowOutcome(row, (west, east), (west_rank, east_rank), winner))
            self._outcomes = tuple(found)
        return self._outcomes

    def result(self) -> Result:
        """The game's result (a new copy on each call).

        ``winners`` is ``(seat,)`` or ``()`` for a draw; ``scores`` are the rows
        each seat won (floats); ``detail`` holds ``win_rule``, ``rows_won`` and
        ``rows`` (each row's :meth:`RowOutcome.to_dict`).

        Raises:
            IllegalMoveError: the game is not over yet.
        """
        if self._result is None:
            outcomes = self.outcomes()
            won = [sum(1 for o in outcomes if o.winner == seat) for seat in (WEST, EAST)]
            rule = self.rules.win_rule
            winners: tuple[int, ...] = ()
            if _wins(won[WEST], won[EAST], rule):
                winners = (WEST,)
            elif _wins(won[EAST], won[WEST], rule):
                winners = (EAST,)
            self._result = Result(
                winners=winners,
                scores=(float(won[WEST]), float(won[EAST])),
                detail={
                    "win_rule": rule,
                    "rows_won": won,
                    "rows": [o.to_dict() for o in outcomes],
                },
            )
        return self._result.copy()  # the cache stays out of the caller's reach

    # --- serialisation --------------------------------------------------------
    def _deal_dict(self) -> dict[str, Any]:
        return {
            "rules": self.rules.to_dict(),
            "deck": format_cards(self._deck),
            "dealer": self.dealer,
            "cut": [format_cards(pair) for pair in self.cut],
        }

    @classmethod
    def _from_deal(cls, deal: dict[str, Any], players: int) -> EastWestState:
        if set(deal) != {"rules", "deck", "dealer", "cut"}:
            raise PokerRulesError(f"an East-West deal has rules, deck, dealer and cut, "
                                  f"not {sorted(deal)}")
        if not isinstance(deal["deck"], str) or not isinstance(deal["cut"], list) \
                or not all(isinstance(pair, str) for pair in deal["cut"]):
            raise PokerRulesError("an East-West deal writes its deck and cut as card text")
        return cls(deal["deck"], deal["dealer"], EastWestRules.from_dict(deal["rules"]),
                   deal["cut"])


def _seat(value: object, what: str) -> int:
    try:
        return seat_index(value, 2)
    except PokerRulesError:
        raise PokerRulesError(f"{what} must be 0 (West) or 1 (East), got {value!r}") from None


def _checked_cut(cut: Sequence[CardsLike], dealer: int) -> tuple[tuple[int, int], ...]:
    """The cut as (West, East) code pairs, checked against the dealer it chose."""
    pairs = []
    for pair in cut:
        codes = _piquet_codes(pair, "cut")
        if len(codes) != 2:
            raise HandSizeError(f"each cut draws 2 cards, got {format_cards(codes)!r}")
        pairs.append((codes[0], codes[1]))
    for number, (west, east) in enumerate(pairs, start=1):
        last = number == len(pairs)
        if (west // 4 == east // 4) == last:
            raise PokerRulesError(
                f"cut {format_cards([west, east])!r}: only the last draw may differ in rank"
            )
        if last and dealer != (WEST if west // 4 < east // 4 else EAST):
            raise PokerRulesError(
                f"cut {format_cards([west, east])!r} makes {SEAT_NAMES[1 - dealer]} deal,"
                f" not {SEAT_NAMES[dealer]}"
            )
    return tuple(pairs)


def _piquet_codes(cards: CardsLike, what: str) -> list[int]:
    # Fast path for distinct int codes of the piquet deck (every seeded deal).
    if (
        isinstance(cards, (list, tuple))
        and all(type(c) is int for c in cards)
        and len(set(cards)) == len(cards)
        and _PIQUET_CODES.issuperset(cards)
    ):
        return list(cards)
    codes = card_codes(cards)
    seen: set[int] = set()
    for code in codes:
        if code not in _PIQUET_CODES:
            raise CardNotInDeckError(f"{what}: {_CARD_TEXT[code]} is not in the piquet deck")
        if code in seen:
            raise DuplicateCardError(f"{what}: duplicate card {_CARD_TEXT[code]}")
        seen.add(code)
    return codes


def new_game(
    rules: EastWestRules | None = None,
    *,
    seed: SeedLike,
    dealer: int | None = None,
    players: int = 2,
) -> EastWestState:
    """A freshly shuffled game.

    Args:
        rules: the rule choices (default :class:`EastWestRules`).
        seed: an int or a numpy Generator; the same seed gives the same game.
        dealer: 0 (West) or 1 (East); by default a cut decides: each seat draws a
            card from a shuffled pack, the lower rank deals (aces high) and equal
            ranks redraw from a fresh shuffle.
        players: must be 2 (accepted for the ``pokerrules play --players`` option).

    Raises:
        PokerRulesError: ``players`` other than 2 or a dealer other than 0 or 1.
        ArgumentTypeError: a seed that is neither an int nor a Generator.
    """
    if type(players) is not int or players != 2:
        raise PokerRulesError(f"East-West is a two-player game, not {players!r}-player")
    if dealer is not None:
        _seat(dealer, "dealer")
    rng = make_rng(seed)
    cut: list[tuple[int, int]] = []
    while dealer is None:
        west, east = rng.permutation(_PACK)[:2].tolist()
        cut.append((west, east))
        if west // 4 != east // 4:
            dealer = WEST if west // 4 < east // 4 else EAST
    deck = rng.permutation(_PACK).tolist()
    return EastWestState(deck, dealer, rules, cut)


# ------------------------------------------------------------------ agents

def _require_choice(view: EastWestView, legal_moves: Sequence[Place]) -> None:
    """Refuses what no East-West game offers an agent: another game's view, no
    moves, or a move that is no open row of the viewer's side."""
    if not isinstance(view, EastWestView):
        raise IllegalMoveError(f"an East-West agent needs an EastWestView, not {view!r:.60}")
    if not legal_moves:
        raise IllegalMoveError(f"player {view.player} has no legal move to choose from")
    if view.card is None:
        raise IllegalMoveError(f"it is not player {view.player}'s turn: no card drawn")
    for move in legal_moves:
        if not isinstance(move, Place) or type(move.row) is not int or not 0 <= move.row < ROWS:
            raise IllegalMoveError(f"{move!r:.60} is not an East-West move")
        if len(view.rows[view.player][move.row]) >= ROW_CAPACITY:
            raise IllegalMoveError(f"{move} is not legal: row {move.row} is full")


def row_strength(cards: Sequence[int], rules: HandRules = PIQUET) -> float:
    """A simple strength estimate of one row's cards (1 to 5 codes, board card
    included), used by :class:`GreedyAgent`.

    The position of the made category in ``rules.category_order`` (0 for high
    card, from :func:`~pokerrules.hands.evaluate_partial`), plus the rank index
    (2 = 0 ... A = 12) of the best group's cards / 26, so a higher pair or top
    card counts for less than one category step. Unfinished straights and flushes
    earn nothing: with 32 cards they come rarely.

    Raises:
        HandSizeError: no cards or more than five; a bad card as for
        :func:`~pokerrules.hands.evaluate_partial`.
    """
    if not 1 <= len(cards) <= 5:
        raise HandSizeError(f"a row holds 1 to 5 cards, got {len(cards)}")
    made = evaluate_partial(cards, rules).category
    counts = Counter(c >> 2 for c in cards)
    largest = max(counts.values())
    best_group = max(rank for rank, n in counts.items() if n == largest)
    position: int = rules.category_order.index(made)
    return position + best_group / 26


class GreedyAgent:
    """Places each card where it raises :func:`row_strength` of its row the most
    (ties go to the lower row number). No look-ahead, no randomness."""

    def choose(
        self, view: EastWestView, legal_moves: Sequence[Place], rng: np.random.Generator
    ) -> Place:
        """The legal row with the largest strength gain.

        Raises:
            IllegalMoveError: no legal moves, or not this view's turn.
        """
        _require_choice(view, legal_moves)
        card = view.card
        assert card is not None
        rules = view.rules.hand_rules
        side = view.rows[view.player]
        best, best_gain = legal_moves[0], float("-inf")
        for move in legal_moves:
            held = [view.board[move.row], *side[move.row]]
            gain = row_strength([*held, card], rules) - row_strength(held, rules)
            if gain > best_gain:
                best, best_gain = move, gain
        return best


class MonteCarloAgent:
    """For each legal row, plays the rest of the game out ``samples`` times and
    picks the row with the best win rate (a drawn game counts half a win).

    A playout shuffles the unseen cards and both seats place at random. Dealing
    the shuffled cards to the open slots in a fixed order has the same
    distribution (cards are exchangeable and a random placer ignores them), so
    each playout is one gather into a (rows, 5) array and all are ranked by one
    :func:`~pokerrules.hands.evaluate_many` call. Every candidate row sees the
    same shuffles, so the comparison between rows is not blurred by sampling
    noise of its own.

    Args:
        samples: playouts per legal row (int >= 1; default 200).

    Raises:
        PokerRulesError: ``samples`` below 1 or not an int.
    """

    def __init__(self, samples: int = 200) -> None:
        if type(samples) is not int or samples < 1:
            raise PokerRulesError(f"samples must be an int >= 1, got {samples!r}")
        self.samples = samples

    def win_rates(
        self, view: EastWestView, legal_moves: Sequence[Place], rng: np.random.Generator
    ) -> np.ndarray:
        """The estimated win rate of each of ``legal_moves``: float64 array of
        shape (len(legal_moves),), in 0..1.

        Raises:
            IllegalMoveError: no legal moves, or not this view's turn.
        """
        _require_choice(view, legal_moves)
        me = view.player
        unseen = np.array(view.unseen(), dtype=np.uint8)
        n_unseen = len(unseen)
        # Each sample's gather source: its shuffled unseen cards, then the whole
        # piquet deck so that a known card c sits at column n_unseen + (c - 20).
        shuffled = rng.permuted(np.tile(unseen, (self.samples, 1)), axis=1)
        known = np.tile(_PACK, (self.samples, 1))
        source = np.concatenate([shuffled, known], axis=1)
        offset = n_unseen - PIQUET_DECK.codes[0]
        templates = np.array(
            [_template(view, me, move.row, offset) for move in legal_moves], dtype=np.intp
        )
        hands = source[:, templates]  # (samples, moves, 2 seats * 3 rows * 5)
        values = evaluate_many(hands.reshape(-1, 5), view.rules.hand_rules, check=False)
        values = values.reshape(self.samples, len(legal_moves), 2, ROWS)
        won = (values[:, :, 0] > values[:, :, 1]).sum(axis=2)
        lost = (values[:, :, 0] < values[:, :, 1]).sum(axis=2)
        rule = view.rules.win_rule
        wins = _wins(won, lost, rule)
        losses = _wins(lost, won, rule)
        rates: np.ndarray = (wins + 0.5 * (~wins & ~losses)).mean(axis=0)
        return rates

    def choose(
        self, view: EastWestView, legal_moves: Sequence[Place], rng: np.random.Generator
    ) -> Place:
        """The legal row with the best estimated win rate (the lower row on a tie).

        Raises:
            IllegalMoveError: no legal moves, or not this view's turn.
        """
        _require_choice(view, legal_moves)
        if len(legal_moves) == 1:
            return legal_moves[0]
        return legal_moves[int(np.argmax(self.win_rates(view, legal_moves, rng)))]


def _template(view: EastWestView, me: int, row: int, offset: int) -> list[int]:
    """Gather columns for one playout after ``me`` places the drawn card on ``row``:
    my three five-card rows then the opponent's. Known cards point into the
    deck part of the source (code + offset); open slots take shuffled cards in
    order, mine first."""
    assert view.card is not None
    columns: list[int] = []
    next_unseen = 0
    for seat in (me, 1 - me):
        for r in range(ROWS):
            known = [view.board[r], *view.rows[seat][r]]
            if seat == me and r == row:
                known.append(view.card)
            columns.extend(c + offset for c in known)
            open_slots = 5 - len(known)
            columns.extend(range(next_unseen, next_unseen + open_slots))
            next_unseen += open_slots
    return columns


AGENTS: dict[str, type[RandomAgent] | type[GreedyAgent] | type[MonteCarloAgent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "montecarlo": MonteCarloAgent,
}
DEFAULT_AGENTS = ("montecarlo", "greedy")


# ------------------------------------------------------------------ text

def render(state: EastWestState, viewer: int | None = None) -> str:
    """The table as text: the board column in the middle, West's cards to its
    left, East's to its right (``--`` marks an empty slot), then whose turn it is
    or, at the end, each row's result and the winner. Every seat sees the same
    table (the card just drawn is shown to all), so ``viewer`` changes nothing."""
    lines = [
        f"East-West · {SEAT_NAMES[state.dealer]} deals"
        + (f" (cut: West {_CARD_TEXT[state.cut[-1][0]]}, East {_CARD_TEXT[state.cut[-1][1]]})"
           if state.cut else "")
        + f" · win rule: {state.rules.win_rule}",
        f"{'':7}{'West (player 0)':>15}   board   East (player 1)",
    ]
    west, east = state.rows(WEST), state.rows(EAST)
    for row in range(ROWS):
        left = ["--"] * (ROW_CAPACITY - len(west[row])) + [_CARD_TEXT[c] for c in west[row]]
        right = [_CARD_TEXT[c] for c in east[row]] + ["--"] * (ROW_CAPACITY - len(east[row]))
        board = _CARD_TEXT[state.board[row]]
        lines.append(f"row {row}  {' '.join(left):>15}   [{board}]    {' '.join(right)}")
    seat, card = state.current_player, state.drawn_card
    if seat is not None and card is not None:
        lines.append(
            f"stock {len(state.stock)} · {SEAT_NAMES[seat]} (player {seat}) to move,"
            f" drew {_CARD_TEXT[card]}"
        )
        return "\n".join(lines)
    lines.append("")
    for outcome in state.outcomes():
        west_rank, east_rank = outcome.ranks
        verdict = "tie" if outcome.winner is None else f"{SEAT_NAMES[outcome.winner]} wins"
        lines.append(
            f"row {outcome.row}: West {west_rank.describe()}  vs  East {east_rank.describe()}"
            f"  -> {verdict}"
        )
    result = state.result()
    won = result.detail["rows_won"]
    summary = f"rows won: West {won[WEST]}, East {won[EAST]}, tied {ROWS - sum(won)}"
    if result.is_draw:
        lines.append(f"{summary} -> draw")
    else:
        lines.append(f"{summary} -> {SEAT_NAMES[result.winners[0]]} wins the game")
    return "\n".join(lines)
