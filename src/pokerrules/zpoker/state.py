"""The Z Poker state machine: deal, phases, views, the result and saves."""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar

from pokerrules._checks import check_rules, shown
from pokerrules.cards import STANDARD_DECK, Card, CardsLike, SeedLike, card_codes
from pokerrules.chance import SAMPLED, deal_stream, hidden_cards
from pokerrules.errors import (
    ArgumentTypeError,
    CardNotInDeckError,
    DuplicateCardError,
    HandSizeError,
    IllegalMoveError,
    PokerRulesError,
)
from pokerrules.game import GameState, require_over, seat_index
from pokerrules.hands import STANDARD, HandRank, evaluate_partial
from pokerrules.records import MoveRecord, Result
from pokerrules.zpoker.moves import Placement, parse_move, position_problem
from pokerrules.zpoker.rules import PLAYERS, POSITIONS, SIDES, Phase, ZPokerRules


@dataclass(frozen=True)
class ZPokerView:
    """What one player may see.

    Attributes:
        player: the seat (0 or 1) this view belongs to.
        phase: the current :class:`Phase`.
        hand: the player's own cards, ascending.
        opponent_cards: how many cards the opponent holds.
        pile_cards: how many cards are left in the draw pile.
        stacks: for every position, the cards this player can see there, bottom
            first (the last one is the top card). An opponent's face-down card is
            left out; :attr:`face_down` says where it lies.
        face_down: positions whose (only) card still lies face down.
        leader, starter: the seats holding those roles, or None before they exist.
    """

    player: int
    phase: Phase
    hand: tuple[Card, ...]
    opponent_cards: int
    pile_cards: int
    stacks: Mapping[str, tuple[Card, ...]]
    face_down: frozenset[str]
    leader: int | None
    starter: int | None

    def occupied(self, position: str) -> bool:
        """True when a card (seen or not) lies on ``position``."""
        return bool(self.stacks[position]) or position in self.face_down

    def top(self, position: str) -> Card | None:
        """The visible top card of ``position``; None when it is empty or hidden."""
        stack = self.stacks[position]
        return stack[-1] if stack else None

    def unseen(self) -> tuple[int, ...]:
        """The codes of the standard deck this player has not seen (the opponent's
        hand, a face-down card and the pile), ascending: what a world deals."""
        seen = {c.code for c in self.hand}
        for stack in self.stacks.values():
            seen.update(c.code for c in stack)
        return tuple(c for c in STANDARD_DECK.codes if c not in seen)

    def side(self, player: int) -> tuple[Card, ...]:
        """The visible top cards of ``player``'s side, in position order."""
        return tuple(c for c in (self.top(p) for p in SIDES[player]) if c is not None)


def _check_player(player: int) -> int:
    try:
        return seat_index(player, PLAYERS)
    except PokerRulesError:
        raise PokerRulesError(
            f"there is no player {shown(player)}; Z Poker seats are 0 and 1") from None


class ZPokerState(GameState[Placement]):
    """A Z Poker game in progress: the referee's whole state.

    Build one with :func:`new_game` or :meth:`from_cards`; move with
    :meth:`~pokerrules.game.GameState.play`. Cards are held as codes (see
    :mod:`pokerrules.cards`); the accessors return :class:`Card` objects.
    """

    game_name: ClassVar[str] = "z-poker"

    def __init__(self, rules: ZPokerRules) -> None:
        super().__init__(PLAYERS)
        self.rules = rules
        self._phase = Phase.FIND_LEADER
        self._hands: list[list[int]] = [[], []]
        self._pile: list[int] = []  # a stacked pile, top card first (else chance draws)
        self._stacks: dict[str, list[int]] = {p: [] for p in POSITIONS}
        self._hidden: str | None = None  # where seat 0's face-down card lies
        self._leader: int | None = None
        self._starter: int | None = None
        self._turn: int | None = 0
        self._winner: int | None = None
        self._deals = 0
        self._rounds = 0
        self._draws = 0
        self._to_deal = 0  # cards chance still deals to the hands
        self._drawing: int | None = None  # the seat waiting for the card it draws

    # --- construction, chance and copies ---------------------------------------
    def _deal(self, order: Sequence[int]) -> None:
        """Deals ``order`` (the whole deck): seat 0 the first hand, seat 1 the next,
        the rest is the pile, top first; clears the board."""
        size = self.rules.hand_size
        self._clear()
        self._hands = [sorted(order[:size]), sorted(order[size:2 * size])]
        self._pile = list(order[2 * size:])

    def _clear(self) -> None:
        self._stacks = {p: [] for p in POSITIONS}
        self._hidden = None
        self._deals += 1
        self._draws = 0
        self._turn = 0

    def _shuffle_and_deal(self) -> None:
        """Gathers the whole deck; chance deals seat 0's hand, then seat 1's, and
        every later draw."""
        self._clear()
        self._hands = [[], []]
        self._pile = []
        self._undealt = list(self.rules.deck.codes)
        self._to_deal = 2 * self.rules.hand_size

    def _chance_pending(self) -> bool:
        return self._to_deal > 0 or self._drawing is not None

    def _deal_card(self, code: int) -> None:
        if self._to_deal > 0:
            self._to_deal -= 1
            seat = 0 if self._to_deal >= self.rules.hand_size else 1
        else:
            assert self._drawing is not None
            seat, self._drawing = self._drawing, None
            self._draws += 1
        bisect.insort(self._hands[seat], code)

    def _copy_parts(self, new: GameState[Placement]) -> None:
        assert isinstance(new, ZPokerState)
        new._hands = [self._hands[0].copy(), self._hands[1].copy()]
        new._pile = self._pile.copy()
        new._stacks = {p: s.copy() for p, s in self._stacks.items()}

    @classmethod
    def from_cards(
        cls,
        first_hand: CardsLike,
        second_hand: CardsLike,
        pile: CardsLike | None = None,
        *,
        rules: ZPokerRules | None = None,
        seed: SeedLike | None = None,
        chance: str = SAMPLED,
    ) -> ZPokerState:
        """A game dealt by hand: seat 0 holds ``first_hand``, seat 1 ``second_hand``.

        Args:
            first_hand, second_hand: ``rules.hand_size`` cards each.
            pile: the rest of the deck, top card first; None: chance deals each
                card drawn from the rest.
            rules: the :class:`ZPokerRules` (default: the standard game).
            seed: int or numpy Generator for the cards chance deals (the pile when
                not given, and every deal again after a tie for the lead).
            chance: "sampled" (from ``seed``) or "explicit" (no seed; see
                :meth:`~pokerrules.game.GameState.apply_chance`).

        Raises:
            HandSizeError: a hand of the wrong size, or a pile that is not the rest of
                the deck. DuplicateCardError, CardNotInDeckError, InvalidCardError:
                a bad card. PokerRulesError: a seed that does not suit ``chance``.
                ArgumentTypeError: ``rules`` that are no ZPokerRules.
        """
        state = cls._stacked(first_hand, second_hand, pile, _checked_rules(rules))
        state._begin(deal_stream(seed, chance), chance)
        return state

    @classmethod
    def _stacked(cls, first_hand: CardsLike, second_hand: CardsLike, pile: CardsLike | None,
                 rules: ZPokerRules) -> ZPokerState:
        hands = [card_codes(first_hand), card_codes(second_hand)]
        for seat, hand in enumerate(hands):
            if len(hand) != rules.hand_size:
                raise HandSizeError(
                    f"player {seat} must hold {rules.hand_size} cards, got {len(hand)}")
        dealt = hands[0] + hands[1]
        pile_codes = [] if pile is None else card_codes(pile)
        seen: set[int] = set()
        deck = set(rules.deck.codes)
        for code in dealt + pile_codes:
            if code in seen:
                raise DuplicateCardError(f"{Card(code)} is dealt twice")
            if code not in deck:
                raise CardNotInDeckError(f"{Card(code)} is not in the {rules.deck.name} deck")
            seen.add(code)
        if pile is not None and len(seen) != len(deck):
            missing = sorted(deck - seen)
            raise HandSizeError(f"the pile must hold the rest of the deck; {Card(missing[0])} "
                                f"and {len(missing) - 1} more are missing")
        state = cls(rules)
        state._deal(dealt + pile_codes)
        if pile is None:
            state._undealt = sorted(deck - seen)
        return state

    @classmethod
    def from_view(cls, view: ZPokerView, hidden: Sequence[int], seed: int | None = None
                  ) -> ZPokerState:
        """A search world of the standard game (a view does not carry the rules) as
        ``view`` shows it: the viewer's hand and board, and ``hidden`` (the codes the
        viewer has not seen, in any order) dealt as the opponent's hand (the first
        ``view.opponent_cards``, ascending), the opponent's face-down card (the last,
        if one lies face down) and the pile (the rest), from which chance draws
        with ``seed``.

        Raises:
            ArgumentTypeError: ``view`` is no ZPokerView, or ``hidden`` no sequence
                of int codes.
            HandSizeError, CardNotInDeckError, DuplicateCardError, InvalidCardError:
                ``hidden`` is not :meth:`ZPokerView.unseen` (see
                :func:`~pokerrules.chance.hidden_cards`).
            PokerRulesError: no seed (a world deals its pile during play), a bad
                seed, or a view whose counts do not add up to the unseen cards.
        """
        if not isinstance(view, ZPokerView):
            raise ArgumentTypeError(f"view is a ZPokerView, not {shown(view)}")
        if seed is None:
            raise PokerRulesError("a Z Poker world draws from its pile: pass a seed")
        player = _check_player(view.player)
        try:
            unseen = view.unseen()
            face_down = next(iter(view.face_down), None)
            stacks = {p: [c.code for c in view.stacks[p]] for p in POSITIONS}
            needed = view.opponent_cards + (face_down is not None and not stacks[face_down])
            counts = needed + view.pile_cards
        except (TypeError, IndexError, KeyError, AttributeError):
            raise ArgumentTypeError(
                f"view is not a view a Z Poker game shows: {shown(view)}") from None
        if counts != len(unseen):
            raise PokerRulesError(
                f"view: its opponent's cards, face-down card and pile ({counts}) are not "
                f"the {len(unseen)} cards it has not seen")
        hidden = hidden_cards(hidden, unseen)
        state = cls(_STANDARD_RULES)
        hands: list[list[int]] = [[], []]
        hands[player] = [c.code for c in view.hand]
        hands[1 - player] = sorted(hidden[:view.opponent_cards])
        rest = list(hidden[view.opponent_cards:])
        if face_down is not None and not stacks[face_down]:
            stacks[face_down] = [rest.pop()]
        state._hands, state._stacks, state._undealt = hands, stacks, sorted(rest)
        state._hidden, state._phase = face_down, view.phase
        state._leader, state._starter, state._turn = view.leader, view.starter, player
        state._deals = 1
        state.reseed(seed)
        return state

    # --- what anyone may ask the referee --------------------------------------
    @property
    def current_player(self) -> int | None:
        """The seat to move, or None when the game is over or at a chance node."""
        if self._to_deal or self._drawing is not None:
            return None
        return self._turn

    @property
    def phase(self) -> Phase:
        """The current :class:`Phase`."""
        return self._phase

    @property
    def leader(self) -> int | None:
        """The seat that won the face-down flip, or None before."""
        return self._leader

    @property
    def starter(self) -> int | None:
        """The End Game's Starter (plays first in a round), or None before the End Game."""
        return self._starter

    @property
    def reply(self) -> int | None:
        """The End Game's Reply (plays second, draws on a loss or tie), or None before."""
        return None if self._starter is None else 1 - self._starter

    @property
    def winner(self) -> int | None:
        """The winning seat, or None while the game goes on."""
        return self._winner

    @property
    def deals(self) -> int:
        """How many times the cards were dealt (1 plus one per tie for the lead)."""
        return self._deals

    @property
    def rounds(self) -> int:
        """End Game rounds completed."""
        return self._rounds

    @property
    def draws(self) -> int:
        """Cards drawn from the pile since the last deal."""
        return self._draws

    @property
    def pile_size(self) -> int:
        """Cards left in the draw pile."""
        return len(self._pile) + len(self._undealt)

    def hand(self, player: int) -> tuple[Card, ...]:
        """The cards ``player`` holds, ascending. Raises PokerRulesError for a bad seat."""
        return tuple(Card(c) for c in self._hands[_check_player(player)])

    def hand_codes(self, player: int) -> tuple[int, ...]:
        """The codes of the cards ``player`` holds, ascending (as :meth:`hand`)."""
        return tuple(self._hands[_check_player(player)])

    def stack_codes(self) -> Mapping[str, Sequence[int]]:
        """Every position's card codes, bottom first (face-down ones included): a
        read-only view of the board, position -> codes."""
        return MappingProxyType(self._stacks)

    @property
    def face_down_position(self) -> str | None:
        """Where seat 0's face-down card lies while the Leader is found, else None."""
        return self._hidden

    def stack(self, position: str) -> tuple[Card, ...]:
        """Every card on ``position``, bottom first (face-down ones included).

        Raises:
            IllegalMoveError: no such position.
        """
        if position not in POSITIONS:
            raise IllegalMoveError(position_problem(position))
        return tuple(Card(c) for c in self._stacks[position])

    def side(self, player: int) -> tuple[Card, ...]:
        """The top cards of ``player``'s side, in position order (0 to 5 cards)."""
        return tuple(Card(c) for c in self._side_codes(_check_player(player)))

    def side_rank(self, player: int) -> HandRank:
        """The partial poker rank of ``player``'s side (standard rules)."""
        return evaluate_partial(self._side_codes(_check_player(player)), STANDARD)

    def _side_codes(self, player: int) -> list[int]:
        return [self._stacks[p][-1] for p in SIDES[player] if self._stacks[p]]

    # --- the protocol ---------------------------------------------------------
    def _parse(self, text: str) -> Placement:
        return parse_move(text)

    def _legal(self) -> tuple[Placement, ...]:
        assert self._turn is not None
        if self._phase is Phase.END_GAME:
            positions: Iterable[str] = POSITIONS
        else:
            positions = [p for p in POSITIONS if not self._stacks[p]]
        cards = [Card(c) for c in self._hands[self._turn]]
        return tuple(Placement(card, p) for card in cards for p in positions)

    def _check(self, move: Placement) -> None:
        assert self._turn is not None
        if not isinstance(move, Placement):
            raise IllegalMoveError(f"{shown(move)} is not a Z Poker placement")
        if move.card.code not in self._hands[self._turn]:
            raise IllegalMoveError(f"player {self._turn} does not hold {move.card}")
        if self._phase is not Phase.END_GAME and self._stacks[move.position]:
            raise IllegalMoveError(
                f"position {move.position} is taken; until the End Game cards go on empty "
                "positions")

    def _apply(self, move: Placement) -> MoveRecord:
        player = self._turn
        assert player is not None
        code = move.card.code
        stack = self._stacks[move.position]
        covered = stack[-1] if stack else None
        self._hands[player].remove(code)
        stack.append(code)
        detail: dict[str, Any]
        if self._phase is Phase.FIND_LEADER:
            if player == 0:
                self._hidden = move.position
                self._turn = 1
                # The card stays secret until both flip; the record says only where.
                return MoveRecord(player, f"face-down {move.position}", {"face_down": True})
            detail = self._flip(move.position)
        elif self._phase is Phase.START_GAME:
            detail = {}
            if any(all(self._stacks[p] for p in side) for side in SIDES):
                assert self._leader is not None
                detail = self._compare_sides(keep_on_tie=self._leader)
            else:
                self._turn = 1 - player
        else:
            detail = {} if covered is None else {"covered": str(Card(covered))}
            if player == self._starter:
                self._turn = 1 - player
            else:
                self._rounds += 1
                assert self._starter is not None
                detail.update(self._compare_sides(keep_on_tie=self._starter))
        return MoveRecord(player, str(move), detail)

    def _flip(self, second_position: str) -> dict[str, Any]:
        """Both face-down cards are turned over; the higher rank leads, a tie deals again."""
        assert self._hidden is not None
        first = self._stacks[self._hidden][-1]
        second = self._stacks[second_position][-1]
        detail: dict[str, Any] = {
            "face_down": True,
            "flipped": {self._hidden: str(Card(first)), second_position: str(Card(second))},
        }
        self._hidden = None
        first_rank, second_rank = first // 4, second // 4
        if first_rank == second_rank:
            self._shuffle_and_deal()
            detail["redeal"] = self._deals
            return detail
        self._leader = 0 if first_rank > second_rank else 1
        self._phase = Phase.START_GAME
        self._turn = self._leader
        detail["leader"] = self._leader
        return detail

    def _compare_sides(self, keep_on_tie: int) -> dict[str, Any]:
        """Settles roles after the Start Game or an End Game round; the Reply draws,
        unless the Starter holds no cards: then the Starter has won."""
        ranks = (self.side_rank(0), self.side_rank(1))
        if ranks[0] > ranks[1]:
            starter = 0
        elif ranks[1] > ranks[0]:
            starter = 1
        else:
            starter = keep_on_tie
        self._starter = starter
        self._phase = Phase.END_GAME
        detail: dict[str, Any] = {"sides": [r.describe() for r in ranks], "starter": starter}
        if not self._hands[starter]:
            self._winner = starter
            self._phase = Phase.OVER
            self._turn = None
            detail["winner"] = starter
            return detail
        reply = 1 - starter
        if self._pile:  # a stacked pile
            bisect.insort(self._hands[reply], self._pile.pop(0))
            self._draws += 1
        else:
            self._drawing = reply  # chance deals the card drawn
        self._turn = starter
        detail["drew"] = reply  # who drew, never what
        return detail

    def result(self) -> Result:
        """The winner (scores 1 and 0) with the rounds, deals, cards left and sides.

        Raises:
            IllegalMoveError: the game is not over.
        """
        require_over(self)
        assert self._winner is not None
        return Result(
            winners=(self._winner,),
            scores=tuple(1.0 if seat == self._winner else 0.0 for seat in range(PLAYERS)),
            detail={
                "rounds": self._rounds,
                "deals": self._deals,
                "cards_left": [len(h) for h in self._hands],
                "pile_left": self.pile_size,
                "sides": [self.side_rank(seat).describe() for seat in range(PLAYERS)],
            },
        )

    def view(self, player: int) -> ZPokerView:
        """What ``player`` sees: own hand, the face-up board, counts and roles.

        Raises:
            PokerRulesError: ``player`` is not 0 or 1.
        """
        seat = _check_player(player)
        hidden_from_viewer = self._hidden if seat != 0 else None
        stacks = {
            p: () if p == hidden_from_viewer else tuple(Card(c) for c in self._stacks[p])
            for p in POSITIONS
        }
        return ZPokerView(
            player=seat,
            phase=self._phase,
            hand=self.hand(seat),
            opponent_cards=len(self._hands[1 - seat]),
            pile_cards=self.pile_size,
            stacks=stacks,
            face_down=frozenset() if self._hidden is None else frozenset({self._hidden}),
            leader=self._leader,
            starter=self._starter,
        )

    def _deal_dict(self) -> dict[str, Any]:
        # before any chance: empty hands and pile (chance deals everything), the
        # hands alone (chance deals the draws) or the whole deck stacked
        return {
            "rules": self.rules.to_dict(),
            "hands": [list(h) for h in self._hands],
            "pile": list(self._pile),
        }

    @classmethod
    def _from_deal(cls, deal: dict[str, Any], players: int) -> ZPokerState:
        if set(deal) != {"rules", "hands", "pile"}:
            raise PokerRulesError(f"a Z Poker deal has rules, hands and pile, not {sorted(deal)}")
        hands, pile = deal["hands"], deal["pile"]
        if not isinstance(hands, list) or len(hands) != PLAYERS:
            raise PokerRulesError(f"a Z Poker deal has two hands, not {shown(hands)}")
        for cards in (*hands, pile):
            if not isinstance(cards, list) or not all(type(c) is int for c in cards):
                raise PokerRulesError(
                    f"hands and pile are lists of card codes, not {shown(cards)}")
        rules = ZPokerRules.from_dict(deal["rules"])
        if hands == [[], []] and not pile:
            state = cls(rules)
            state._shuffle_and_deal()
            return state
        return cls._stacked(hands[0], hands[1], pile or None, rules)

    def _to_dict(self) -> dict[str, Any]:
        """The referee's whole current state, JSON-ready (for tests and debugging;
        the saved form is the deal and the moves)."""
        return {
            "rules": self.rules.to_dict(),
            "phase": self._phase.value,
            "hands": [list(h) for h in self._hands],
            "pile": list(self._pile),
            "stacks": {p: list(s) for p, s in self._stacks.items()},
            "hidden": self._hidden,
            "leader": self._leader,
            "starter": self._starter,
            "turn": self._turn,
            "winner": self._winner,
            "deals": self._deals,
            "rounds": self._rounds,
            "draws": self._draws,
            "undealt": list(self._undealt),
            "to_deal": self._to_deal,
            "drawing": self._drawing,
        }


def new_game(
    rules: ZPokerRules | None = None, *, seed: SeedLike | None = None, players: int = PLAYERS,
    chance: str = SAMPLED,
) -> ZPokerState:
    """A new game. Chance deals seat 0's ``hand_size`` cards, then seat 1's; the
    rest is the pile, each card drawn from it dealt by chance when drawn (and after
    a tie for the lead the whole deck is dealt again the same way). With ``seed``
    (an int from 0 to 2**53 - 1 or a numpy Generator) the game samples every card
    itself, so the same seed gives the same game; with ``chance="explicit"`` (and
    no seed) each card is a chance node.

    Raises:
        PokerRulesError: ``players`` is not 2 (Z Poker is a two-player game), or a
            seed that does not suit ``chance``.
        ArgumentTypeError: ``rules`` are no :class:`ZPokerRules`, or ``seed`` is
            neither an int nor a Generator.
    """
    if type(players) is not int or players != PLAYERS:
        raise PokerRulesError(f"Z Poker is a two-player game, not a {shown(players)}-player one")
    state = ZPokerState(_checked_rules(rules))
    state._shuffle_and_deal()
    state._begin(deal_stream(seed, chance), chance)
    return state


_STANDARD_RULES = ZPokerRules()


def _checked_rules(rules: ZPokerRules | None) -> ZPokerRules:
    return check_rules(rules, ZPokerRules, default=_STANDARD_RULES)
