"""The East-West state machine: the deal, the views, the row outcomes and the result."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from pokerrules._checks import check_rules, shown
from pokerrules.cards import PIQUET_DECK, CardsLike, SeedLike, card_codes, format_cards
from pokerrules.chance import SAMPLED, deal_stream, hidden_cards
from pokerrules.eastwest.moves import PLACE_TEXT, PLACES, Place, parse_move
from pokerrules.eastwest.rules import (
    BOARD_SIZE,
    CARD_TEXT,
    DECK_SIZE,
    DEFAULT_RULES,
    EAST,
    MOVES_PER_GAME,
    PIQUET_CODES,
    ROW_CAPACITY,
    ROWS,
    SEAT_NAMES,
    WEST,
    EastWestRules,
    wins_game,
)
from pokerrules.errors import (
    ArgumentTypeError,
    CardNotInDeckError,
    DuplicateCardError,
    GameOverError,
    HandSizeError,
    IllegalMoveError,
    PokerRulesError,
)
from pokerrules.game import GameState, require_over, seat_index
from pokerrules.hands import HandRank, evaluate
from pokerrules.records import MoveRecord, Result


class EastWestView(NamedTuple):
    """What one player sees. Every placed card and the board are face up; the
    drawn card is shown only to the player who drew it (the player to move).

    Cards are int codes (``rank * 4 + suit``; see :mod:`pokerrules.cards`).

    Attributes:
        player: the seat this view belongs to (0 West, 1 East).
        to_move: the seat to move, or None when the game is over or at a chance node.
        dealer: the dealing seat (None while chance cuts for it).
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
    dealer: int | None
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
        out: dict[str, Any] = {"row": self.row, "board": CARD_TEXT[self.hands[0][0]]}
        for seat, name in enumerate(("west", "east")):
            rank = self.ranks[seat]
            words, category = _rank_words(rank)
            out[name] = {
                "cards": " ".join([CARD_TEXT[c] for c in self.hands[seat]]),
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
            (rows 0, 1, 2), the rest is the stock, top first. Empty: chance deals
            the board, then each card as it is drawn (see :func:`new_game`).
        dealer: the dealing seat, 0 (West) or 1 (East); the other seat moves first.
            None (with an empty deck and no cut): chance cuts for the deal.
        rules: the rule choices (default :class:`EastWestRules`).
        cut: the cut that chose the dealer: one (West's card, East's card) pair
            per draw, each as text or codes; all but the last are equal in rank
            and the last one's lower rank is the dealer's. Empty when the dealer
            was given.

    Raises:
        HandSizeError: a deck of other than 0 or 32 cards.
        CardNotInDeckError, DuplicateCardError, InvalidCardError: a bad card.
        PokerRulesError: a dealer other than 0 or 1, or a cut that does not
            choose that dealer.
    """

    game_name: ClassVar[str] = "east-west"
    deal_is_fixed: ClassVar[bool] = True  # rules, the stacked deck and the cut never change

    def __init__(
        self,
        deck: CardsLike,
        dealer: int | None,
        rules: EastWestRules | None = None,
        cut: Sequence[CardsLike] = (),
    ) -> None:
        super().__init__(players=2)
        codes = _piquet_codes(deck, "deck")
        if len(codes) not in (0, DECK_SIZE):
            raise HandSizeError(f"an East-West deck has {DECK_SIZE} cards, got {len(codes)}")
        if dealer is None and (codes or cut):
            raise PokerRulesError("without a dealer chance cuts and deals: give no deck nor cut")
        self.dealer: int | None = None if dealer is None else _seat(dealer, "dealer")
        self.rules = check_rules(rules, EastWestRules, default=DEFAULT_RULES)
        self.cut = () if self.dealer is None else _checked_cut(cut, self.dealer)
        self._hand_rules = self.rules.hand_rules
        self._deck = codes  # dealt so far: the board, then each card drawn
        self._board = tuple(codes[:BOARD_SIZE])
        self._undealt = [] if codes else list(PIQUET_DECK.codes)
        self._cut_draw: tuple[int, ...] = ()  # a cut under way: West's card, East's
        # Each seat's rows as tuples, replaced (never mutated) on each move so that
        # views can share them without copying.
        self._sides: list[tuple[tuple[int, ...], ...]] = [((),) * ROWS, ((),) * ROWS]
        self._open: list[tuple[Place, ...]] = [PLACES, PLACES]  # rows with room, per seat
        self._placements: list[int] = []
        self._to_move: int | None = None if self.dealer is None else 1 - self.dealer
        self._needed = BOARD_SIZE + 1  # cards dealt before the player to move can move
        # the player to move now: None at a chance node or at the end
        self._now = self._to_move if len(codes) >= self._needed else None
        self._result: Result | None = None
        self._outcomes: tuple[RowOutcome, ...] | None = None

    # --- chance and copies ----------------------------------------------------
    def _chance_pending(self) -> bool:
        return self.dealer is None or len(self._deck) < self._needed

    def _deal_card(self, code: int) -> None:
        if self.dealer is None:  # cutting: West draws, then East
            pair = self._cut_draw = (*self._cut_draw, code)
            if len(pair) == 2:
                west, east = pair
                self.cut = (*self.cut, (west, east))
                self._cut_draw = ()
                self._undealt = list(PIQUET_DECK.codes)  # the cards go back; a fresh shuffle
                if west // 4 != east // 4:
                    self.dealer = WEST if west // 4 < east // 4 else EAST
                    self._to_move = 1 - self.dealer
            return
        self._deck.append(code)
        if len(self._deck) == BOARD_SIZE:
            self._board = tuple(self._deck)
        if len(self._deck) >= self._needed:
            self._now = self._to_move

    def _copy_parts(self, new: GameState[Place]) -> None:
        assert isinstance(new, EastWestState)
        new._deck = self._deck.copy()
        new._sides = self._sides.copy()
        new._open = self._open.copy()
        new._placements = self._placements.copy()

    # --- protocol -----------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The seat to move (0 West, 1 East), or None after the 24th placement or
        at a chance node."""
        return self._now

    @property
    def board(self) -> tuple[int, ...]:
        """The three board cards (codes), row 0 first (fewer while chance deals them)."""
        return self._board

    @property
    def drawn_card(self) -> int | None:
        """The card the player to move has drawn (code), or None when over or at a
        chance node."""
        if self.current_player is None:
            return None
        return self._deck[BOARD_SIZE + len(self._placements)]

    @property
    def stock(self) -> tuple[int, ...]:
        """The face-down stock, hidden information that no view holds, top first for
        a stacked deck; when chance deals, the cards not yet dealt, ascending."""
        if self._undealt or self.dealer is None:
            return tuple(self._undealt)
        drawn = 0 if self.current_player is None else 1
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
            raise IllegalMoveError(
                f"{shown(move)} is not an East-West move; give a Place or 'row N'")
        row = move.row
        if type(row) is not int or not 0 <= row < ROWS:
            raise IllegalMoveError(f"row {shown(row)} does not exist; rows are 0, 1 and 2")
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
        done = len(placements)
        self._to_move = None if done == MOVES_PER_GAME else 1 - seat
        self._needed = BOARD_SIZE + done + (done < MOVES_PER_GAME)
        self._now = self._to_move if len(self._deck) >= self._needed else None
        return MoveRecord(seat, PLACE_TEXT[row], {"card": CARD_TEXT[card], "row": row})

    def _parse(self, text: str) -> Place:
        return parse_move(text)

    def view(self, player: int) -> EastWestView:
        """What ``player`` (0 West, 1 East) sees; see :class:`EastWestView`.

        Raises:
            PokerRulesError: a player other than 0 or 1.
        """
        player = _seat(player, "player")
        to_move = self.current_player  # None at a chance node: no card drawn yet
        return EastWestView(  # positional: this runs on every move
            player,
            to_move,
            self.dealer,
            self.rules,
            self._board,
            (self._sides[WEST], self._sides[EAST]),
            self._deck[BOARD_SIZE + len(self._placements)] if player == to_move else None,
            DECK_SIZE - min(len(self._deck), self._needed),
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
            if wins_game(won[WEST], won[EAST], rule):
                winners = (WEST,)
            elif wins_game(won[EAST], won[WEST], rule):
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

    # --- search worlds ----------------------------------------------------------
    @classmethod
    def from_view(cls, view: EastWestView, hidden: Sequence[int], seed: int | None = None
                  ) -> EastWestState:
        """A search world with the table of ``view`` (a dealt game's): its board, both
        seats' rows and its drawn card, then ``hidden`` (the codes of
        :meth:`EastWestView.unseen`, in any order) as the stock, top first. The rows'
        cards are placed again, the seats alternating as they did. ``seed`` is
        unused: the whole deck is fixed.

        Raises:
            ArgumentTypeError: ``view`` is no EastWestView, or ``hidden`` no
                sequence of int codes.
            HandSizeError, CardNotInDeckError, DuplicateCardError, InvalidCardError:
                ``hidden`` is not the unseen cards (see
                :func:`~pokerrules.chance.hidden_cards`).
            PokerRulesError: a view without a dealer (chance is still cutting), or
                one no game shows.
        """
        if not isinstance(view, EastWestView):
            raise ArgumentTypeError(f"view is an EastWestView, not {shown(view)}")
        if view.dealer is None:
            raise PokerRulesError("a world needs a dealt game: chance is still cutting")
        try:
            unseen = view.unseen()
            first = 1 - _seat(view.dealer, "view.dealer")
            per_seat = [[(c, r) for r in range(ROWS) for c in view.rows[s][r]] for s in (0, 1)]
        except (TypeError, IndexError, KeyError, AttributeError):
            raise ArgumentTypeError(
                f"view is not a view an East-West game shows: {shown(view)}") from None
        if not 0 <= len(per_seat[first]) - len(per_seat[1 - first]) <= 1:
            raise PokerRulesError(
                "view: the seats have placed cards in turn; these rows show "
                f"{len(per_seat[0])} and {len(per_seat[1])} cards")
        hidden = hidden_cards(hidden, unseen)
        order = [per_seat[first if i % 2 == 0 else 1 - first][i // 2]
                 for i in range(len(per_seat[0]) + len(per_seat[1]))]
        drawn = [] if view.card is None else [view.card]
        state = cls([*view.board, *(c for c, _ in order), *drawn, *hidden], view.dealer,
                    view.rules)
        for _, row in order:
            state._apply(PLACES[row])
        return state

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
        raise PokerRulesError(f"{what} must be 0 (West) or 1 (East), got {shown(value)}") from None


def _checked_cut(cut: Sequence[CardsLike], dealer: int) -> tuple[tuple[int, int], ...]:
    """The cut as (West, East) code pairs, checked against the dealer it chose."""
    pairs = []
    for pair in cut:
        codes = _piquet_codes(pair, "cut")
        if len(codes) != 2:
            raise HandSizeError(f"each cut draws 2 cards, got {shown(format_cards(codes))}")
        pairs.append((codes[0], codes[1]))
    for number, (west, east) in enumerate(pairs, start=1):
        last = number == len(pairs)
        if (west // 4 == east // 4) == last:
            raise PokerRulesError(
                f"cut {shown(format_cards([west, east]))}: only the last draw may differ in rank"
            )
        if last and dealer != (WEST if west // 4 < east // 4 else EAST):
            raise PokerRulesError(
                f"cut {shown(format_cards([west, east]))} makes {SEAT_NAMES[1 - dealer]} deal,"
                f" not {SEAT_NAMES[dealer]}"
            )
    return tuple(pairs)


def _piquet_codes(cards: CardsLike, what: str) -> list[int]:
    # Fast path for distinct int codes of the piquet deck (every seeded deal).
    if (
        isinstance(cards, (list, tuple))
        and all(type(c) is int for c in cards)
        and len(set(cards)) == len(cards)
        and PIQUET_CODES.issuperset(cards)
    ):
        return list(cards)
    codes = card_codes(cards)
    seen: set[int] = set()
    for code in codes:
        if code not in PIQUET_CODES:
            raise CardNotInDeckError(f"{what}: {CARD_TEXT[code]} is not in the piquet deck")
        if code in seen:
            raise DuplicateCardError(f"{what}: duplicate card {CARD_TEXT[code]}")
        seen.add(code)
    return codes


def new_game(
    rules: EastWestRules | None = None,
    *,
    seed: SeedLike | None = None,
    dealer: int | None = None,
    players: int = 2,
    chance: str = SAMPLED,
) -> EastWestState:
    """A freshly shuffled game.

    Chance deals, in this order: the cut (unless ``dealer`` is given: West's card,
    then East's, from the whole pack; equal ranks put both back and cut again),
    the three board cards (rows 0, 1, 2, from the whole pack again), then each
    card as the player to move draws it.

    Args:
        rules: the rule choices (default :class:`EastWestRules`).
        seed: an int (0 to 2**53 - 1) or a numpy Generator; the same seed gives the
            same game. Not taken with ``chance="explicit"``.
        dealer: 0 (West) or 1 (East); by default a cut decides: each seat draws a
            card, the lower rank deals (aces high) and equal ranks cut again.
        players: must be 2 (accepted for the ``pokerrules play --players`` option).
        chance: "sampled" (the cards come from ``seed``) or "explicit" (each card
            is a chance node: see :meth:`~pokerrules.game.GameState.apply_chance`).

    Raises:
        PokerRulesError: ``players`` other than 2, a dealer other than 0 or 1, an
            unknown chance mode, a seed out of range, or a seed missing (sampled)
            or given (explicit).
        ArgumentTypeError: a seed that is neither an int nor a Generator.
    """
    if type(players) is not int or players != 2:
        raise PokerRulesError(f"East-West is a two-player game, not {shown(players)}-player")
    if dealer is not None:
        _seat(dealer, "dealer")
    state = EastWestState((), dealer, rules)
    state._begin(deal_stream(seed, chance), chance)
    return state
