"""A Pai Gow Poker round as a game of the shared protocol
(:class:`~pokerrules.game.GameState`): chance deals the 53 cards and rolls the
three dice, each seat sets its seven cards (a :class:`Setting` is the move), the
banker last, and the settlement of every bet is the result.

Seats are the occupied positions in ascending order: seat 0 is the banker
(position 1). The banker is a seat like any other, with the same legal moves
(its non-fouling settings): a casino's banker, who always sets by the house way,
is the ``"house"`` agent in that seat (the default line-up puts it in every seat).

>>> from pokerrules.paigow import new_game
>>> game = new_game(seed=7, players=3)
>>> game.dice, game.current_player, len(game.legal_moves()) <= 21
((2, 4, 2), 1, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, ClassVar

import numpy as np

from pokerrules._checks import check_flag, shown
from pokerrules.cards import PAI_GOW_DECK, Card, SeedLike, format_cards, parse_cards
from pokerrules.chance import EXPLICIT, SAMPLED, deal_stream
from pokerrules.errors import (
    ArgumentTypeError,
    IllegalMoveError,
    PokerRulesError,
)
from pokerrules.game import GameState, require_over, seat_index
from pokerrules.paigow.game.houseway import house_way
from pokerrules.paigow.game.round import (
    PILE_SIZE,
    PILES,
    Deal,
    RoundSettlement,
    check_occupied,
    check_wager,
    hand_out,
    settle_round,
)
from pokerrules.paigow.game.rules import PaiGowRules, PaiGowRulesLike, paigow_rules
from pokerrules.paigow.game.setting import Setting, is_foul
from pokerrules.records import MoveRecord, Result

__all__ = [
    "DICE",
    "PHASES",
    "PaiGowState",
    "PaiGowView",
    "new_game",
    "parse_move",
    "setting_of",
]

#: The cards chance deals: the whole 53-card deck, into seven piles of seven
#: (pile 1 gets the 1st, 8th, 15th ... card) and four put aside unseen.
DECK_SIZE = len(PAI_GOW_DECK.codes)
#: The faces of a die, each equally likely: the outcomes of the three dice nodes.
DICE = (1, 2, 3, 4, 5, 6)
#: The phases of a round: chance deals the cards, chance rolls the dice, the seats
#: set their hands (the banker last), and the round is over.
PHASES = ("deal", "dice", "set", "over")
#: The pairs of a seven-card hand's places (ascending card codes) that go in front,
#: in order: setting ``k`` of a hand puts the cards at ``LOW_PAIRS[k]`` in front.
LOW_PAIRS = tuple(combinations(range(7), 2))


def parse_move(text: str) -> Setting:
    """A move from its text: a setting, five high cards / two low cards
    (``"Jk As Ah 3s 2h / 7d 7c"``); ``str(setting)`` is the text back.

    Raises:
        IllegalMoveError: text that is no setting (the reason named).
    """
    try:
        return Setting.parse(text)
    except IllegalMoveError:
        raise
    except PokerRulesError as exc:
        raise IllegalMoveError(f"{shown(text)} is no setting: {exc}") from None


def setting_of(hand: Sequence[int], index: int) -> Setting:
    """Setting ``index`` (0 to 20) of a hand of seven card codes in ascending order:
    the cards at :data:`LOW_PAIRS` ``[index]`` in front, the others behind (the
    action indices of the learning environment)."""
    i, j = LOW_PAIRS[index]
    return Setting([c for k, c in enumerate(hand) if k != i and k != j], (hand[i], hand[j]))


@dataclass(frozen=True)
class PaiGowView:
    """What one seat may see.

    Attributes:
        player: the seat (0 is the banker); ``players``: how many seats.
        positions: each seat's position in the round (1 is the banker's);
            ``position``: this seat's.
        rules: the round's rules.
        phase: one of :data:`PHASES`.
        dice: the dice rolled so far; ``action``: the position the dice name
            (None before the third die).
        pile: the pile this seat took (None before the dice).
        hand: its seven cards, ascending card codes (empty before the dice).
        wager: its wager (None for the banker).
        to_move: the seat to set next (None at a chance node or at the end).
        set: which seats have set their hands.
        settings: this seat's setting once made (None before); the banker's
            too once made, under rules that show it (``banker_shown``, Face Up);
            at the end every seat's, since the hands are then turned over.
    """

    player: int
    players: int
    position: int
    positions: tuple[int, ...]
    rules: PaiGowRules
    phase: str
    dice: tuple[int, ...]
    action: int | None
    pile: int | None
    hand: tuple[Card, ...]
    wager: float | None
    to_move: int | None
    set: tuple[bool, ...]
    settings: tuple[Setting | None, ...]


class PaiGowState(GameState[Setting]):
    """A Pai Gow round (see :func:`new_game`), following the shared protocol of
    :mod:`pokerrules.game`.

    Chance deals the 53 cards one at a time, then rolls three dice (each a chance
    node whose outcomes are the faces 1 to 6, ints, each with probability 1/6; a
    save writes them after the cards). The dice hand the piles out; then the
    players set their hands, seat 1 first, and the banker (seat 0) last. A move is
    a :class:`Setting` of the seat's seven cards (or its text); the legal moves are
    its settings that do not foul (every one of the 21 with ``fouls=True``), in the
    order of :data:`LOW_PAIRS` over the hand's ascending card codes.

    Under rules that show the banker's hand (``banker_shown``, Face Up Pai Gow) the
    banker sets first, its one legal move the house way's setting, and every seat
    sees it (:meth:`view`) before setting its own.

    Attributes:
        rules: the round's rules.
        positions: each seat's position (ascending; seat 0 is the banker's, 1).
        first_pile: the pile handed out first.
        wagers: each seat's wager (None for the banker).
        fouls: whether fouling settings are legal moves (a fouled hand loses).
        deck_order: the cards dealt so far (codes), in order.
        dice: the dice rolled so far.
        piles: each seat's pile (empty before the dice).
        hands: each seat's seven card codes, ascending (empty before the dice).
        settings: each seat's setting (None until it sets).
    """

    game_name: ClassVar[str] = "pai-gow"
    deal_is_fixed: ClassVar[bool] = True  # the deal dict never changes: rules and seats

    rules: PaiGowRules
    positions: tuple[int, ...]
    first_pile: int
    wagers: tuple[float | None, ...]
    fouls: bool
    deck_order: list[int]
    dice: tuple[int, ...]
    piles: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    settings: list[Setting | None]

    def __init__(self, rules: PaiGowRules, positions: tuple[int, ...], first_pile: int,
                 wagers: tuple[float | None, ...], fouls: bool) -> None:
        """A round before the deal, its arguments already checked (its factory
        :func:`new_game` checks them and begins it)."""
        super().__init__(len(positions))
        self.rules = rules
        self.positions = positions
        self.first_pile = first_pile
        self.wagers = wagers
        self.fouls = fouls
        self.deck_order = []
        self.dice = ()
        self.piles = ()
        self.hands = ()
        self.settings = [None] * len(positions)
        self._choices: list[tuple[Setting, ...] | None] = [None] * len(positions)
        self._undealt = list(PAI_GOW_DECK.codes)

    # --- chance: the cards, then the dice --------------------------------------
    def _chance_pending(self) -> bool:
        return len(self.dice) < 3

    def _deal_card(self, code: int) -> None:
        if len(self.deck_order) < DECK_SIZE:
            self.deck_order.append(code)
            if len(self.deck_order) == DECK_SIZE:
                self._undealt = list(DICE)  # the dice are rolled next
            return
        self.dice = (*self.dice, code)
        if len(self.dice) < 3:
            self._undealt = list(DICE)
            return
        self._undealt = []
        self._hand_out()

    def _hand_out(self) -> None:
        """The dice are rolled: each seat takes its pile, as the dice say."""
        pile_of = hand_out(self.rules, self.positions, sum(self.dice), self.first_pile)
        order = self.deck_order
        self.piles = tuple(pile_of[p] for p in self.positions)
        self.hands = tuple(
            tuple(sorted(order[pile - 1 + PILES * k] for k in range(PILE_SIZE)))
            for pile in self.piles)

    @property
    def phase(self) -> str:
        """One of :data:`PHASES`."""
        if len(self.deck_order) < DECK_SIZE:
            return "deal"
        if len(self.dice) < 3:
            return "dice"
        return "over" if all(s is not None for s in self.settings) else "set"

    def chance_outcomes(self) -> tuple[tuple[Any, float], ...]:
        """At a chance node, every outcome with its probability: while dealing, each
        undealt card (as :meth:`GameState.chance_outcomes`); at a die, the faces 1
        to 6 (ints), each 1/6.

        Raises:
            IllegalMoveError: no chance node. GameOverError: the round is over.
        """
        if self.phase == "dice":
            return tuple((face, 1 / 6) for face in DICE)
        return super().chance_outcomes()

    def apply_chance(self, outcome: Card | str | int) -> None:
        """Resolves a chance node: deals ``outcome`` (a card, as
        :meth:`GameState.apply_chance` takes it) or, at a die, rolls it (a face 1
        to 6: a Python or numpy int).

        Raises:
            ArgumentTypeError: a die that is no int; IllegalMoveError: a face
                outside 1 to 6, or a card chance cannot deal (as for any game).
                Either way nothing changes.
        """
        if self.phase != "dice":
            super().apply_chance(outcome)
            return
        if isinstance(outcome, (bool, np.bool_)) or not isinstance(outcome, (int, np.integer)):
            raise ArgumentTypeError(
                f"a die's outcome is its face, an int 1 to 6, not {shown(outcome)}")
        if int(outcome) not in DICE:
            raise IllegalMoveError(f"a die shows 1 to 6, not {shown(outcome)}")
        self._deal_chance(int(outcome))

    def apply_deal(self, deal: Deal) -> None:
        """Deals ``deal`` (a :func:`~pokerrules.paigow.deal_round` of these positions
        and first pile) at the chance nodes of a round with explicit chance not yet
        dealt: the cards in the order they were stacked, then the dice.

        Raises:
            PokerRulesError: a round that is sampled or already dealt, or a deal of
                other positions or another first pile. Nothing changes then.
        """
        if not isinstance(deal, Deal):
            raise ArgumentTypeError(f"apply_deal takes a Deal, not {shown(deal)}")
        if self.chance != EXPLICIT or self._dealt:
            raise PokerRulesError("apply_deal deals a round with explicit chance, before any card")
        if tuple(sorted(deal.pile_of)) != self.positions or deal.first_pile != self.first_pile:
            raise PokerRulesError(
                f"the deal is for positions {sorted(deal.pile_of)} and first pile "
                f"{deal.first_pile}, not {list(self.positions)} and {self.first_pile}")
        order = [deal.piles[p][k].code for k in range(PILE_SIZE) for p in range(PILES)]
        order += [c.code for c in deal.discards]
        dice = tuple(deal.dice)
        if sorted(order) != self._undealt:
            raise PokerRulesError("the deal's piles and discards are not the 53 cards once each")
        if len(dice) != 3 or any(d not in DICE for d in dice):
            raise PokerRulesError(f"a deal's dice are three faces 1 to 6, not {shown(dice)}")
        # (the same state as dealing each card and die at its chance node, at once)
        self._dealt = [*order, *dice]
        self._undealt = []
        self.deck_order = order
        self.dice = dice
        self._hand_out()

    def _dealt_text(self) -> str:
        cards = format_cards(self._dealt[:DECK_SIZE])
        dice = " ".join(map(str, self._dealt[DECK_SIZE:]))
        return f"{cards} {dice}" if dice else cards

    @classmethod
    def _dealt_codes(cls, text: object) -> list[int]:
        if not isinstance(text, str):
            raise PokerRulesError(f"dealt is text (cards, then dice), not {shown(text)}")
        words = text.split()
        dice = words[DECK_SIZE:]
        if len(dice) > 3 or any(d not in ("1", "2", "3", "4", "5", "6") for d in dice):
            raise PokerRulesError(
                f"dealt holds the 53 cards, then up to three dice 1 to 6, not {shown(dice)} "
                "after the cards")
        return [c.code for c in parse_cards(words[:DECK_SIZE])] + [int(d) for d in dice]

    def _outcome_name(self, number: int, code: int) -> str:
        return f"die {code}" if number >= DECK_SIZE else super()._outcome_name(number, code)

    def _copy_parts(self, new: GameState[Setting]) -> None:
        assert isinstance(new, PaiGowState)
        new.deck_order = self.deck_order.copy()
        new.settings = self.settings.copy()
        # (the choices of a hand never change once dealt: the list is shared)

    # --- the settings --------------------------------------------------------
    @property
    def setting_order(self) -> tuple[int, ...]:
        """The seats in the order they set, the players from seat 1 up and then the
        banker (seat 0); the banker first where its hand is shown (``banker_shown``)."""
        if self.rules.banker_shown:
            return tuple(range(self.players))
        return (*range(1, self.players), 0)

    @property
    def action(self) -> int | None:
        """The position the dice name (it takes the first pile); None before them."""
        if len(self.dice) < 3:
            return None
        return (sum(self.dice) - 1) % self.rules.positions + 1

    @property
    def current_player(self) -> int | None:
        if len(self.dice) < 3:
            return None
        settings = self.settings
        for seat in self.setting_order:
            if settings[seat] is None:
                return seat
        return None

    def choices(self, seat: int) -> tuple[Setting, ...]:
        """The 21 settings of ``seat``'s hand, in the order of :data:`LOW_PAIRS`
        (empty before the dice).

        Raises:
            PokerRulesError: no such seat.
        """
        seat = seat_index(seat, self.players)
        if not self.hands:
            return ()
        found = self._choices[seat]
        if found is None:
            hand = self.hands[seat]
            found = self._choices[seat] = tuple(setting_of(hand, k) for k in range(21))
        return found

    def fouling(self, seat: int) -> tuple[bool, ...]:
        """For each of :meth:`choices`, whether it fouls under the rules."""
        hand_rules = self.rules.hand_rules
        return tuple(is_foul(s, hand_rules) for s in self.choices(seat))

    def _shown_setting(self) -> Setting:
        """The banker's setting under ``banker_shown`` rules: the house way's."""
        return house_way([Card(c) for c in self.hands[0]], self.rules)

    def _legal(self) -> tuple[Setting, ...]:
        seat = self.current_player
        assert seat is not None
        if seat == 0 and self.rules.banker_shown:
            return (self._shown_setting(),)
        choices = self.choices(seat)
        if self.fouls:
            return choices
        return tuple(s for s, foul in zip(choices, self.fouling(seat), strict=True) if not foul)

    def _check(self, move: Setting) -> None:
        seat = self.current_player
        assert seat is not None
        if not isinstance(move, Setting):
            raise IllegalMoveError(f"a Pai Gow move is a Setting (or its text), not {shown(move)}")
        hand = set(self.hands[seat])
        for card in move.cards:
            if card.code not in hand:
                raise IllegalMoveError(
                    f"seat {seat} sets {card}, which is not in its hand "
                    f"{format_cards(self.hands[seat])}")
        if seat == 0 and self.rules.banker_shown and move != self._shown_setting():
            raise IllegalMoveError(
                f"the banker sets {move}; under rules that show the banker's hand it is "
                f"set by the house way, {self._shown_setting()}")
        if not self.fouls and is_foul(move, self.rules.hand_rules):
            raise IllegalMoveError(
                f"{move} fouls (the low hand outranks the high hand); the round is played "
                "without fouls (fouls=True allows them)")

    def _apply(self, move: Setting) -> MoveRecord:
        seat = self.current_player
        assert seat is not None
        self.settings[seat] = move
        detail: dict[str, Any] = {"position": self.positions[seat]}
        if self.phase == "over":  # the last setting records the round's scores, so that
            # a save whose rules (a commission, say) score it otherwise is refused on load
            result = self.result()
            detail.update(scores=list(result.scores), house=result.detail["house"])
        return MoveRecord(seat, str(move), detail)

    def _parse(self, text: str) -> Setting:
        return parse_move(text)

    # --- the result ----------------------------------------------------------
    def result(self) -> Result:
        """Every bet settled (:func:`~pokerrules.paigow.settle_round`, commissions
        included): ``scores`` are each seat's net in wager units (the banker's after
        the banker's commission), ``winners`` the seats that won money.

        ``detail`` holds ``dice``, ``action``, ``positions``, ``piles``,
        ``settings`` (text), ``banker_setting`` (as played: the house way's when a
        fouled banker is reset), ``banker_foul``, ``settlements`` (per seat, None for
        the banker), ``banker_gross``, ``banker_commission`` and ``house`` (every
        commission the house took); ``banker_push`` (True) only when the banker's
        hand pushed every bet under the rules' ``banker_push``.

        Raises:
            IllegalMoveError: the round is not over.
        """
        require_over(self)
        settled = self._settled()
        scores = tuple(settled.banker_net if seat == 0 else
                   settled.settlements[self.positions[seat]].net
                   for seat in range(self.players))
        detail: dict[str, Any] = {
            "dice": list(self.dice), "action": self.action,
            "positions": list(self.positions), "piles": list(self.piles),
            "settings": [str(s) for s in self.settings],
            "banker_setting": str(settled.banker_setting),
            "banker_foul": settled.banker_foul,
            "settlements": [None] + [settled.settlements[p].to_dict()
                                     for p in self.positions[1:]],
            "banker_gross": settled.banker_gross,
            "banker_commission": settled.banker_commission,
            "house": settled.house,
        }
        if settled.banker_push:  # only then: results without a push rule read as before
            detail["banker_push"] = True
        return Result(winners=tuple(seat for seat, net in enumerate(scores) if net > 0),
                      scores=scores, detail=detail)

    def _settled(self) -> RoundSettlement:
        chosen = {p: s for p, s in zip(self.positions, self.settings, strict=True)
                  if s is not None}
        wagers = {p: w for p, w in zip(self.positions, self.wagers, strict=True)
                  if w is not None}
        return settle_round(self.rules, chosen, wagers)

    def view(self, player: int) -> PaiGowView:
        """What ``player`` may see: the seats, the dice, its own cards and setting
        and who has set; the banker's setting once made where the rules show it;
        every setting once the round is over.

        Raises:
            PokerRulesError: no such seat.
        """
        player = seat_index(player, self.players)
        over = self.phase == "over"
        shown_banker = self.rules.banker_shown
        return PaiGowView(
            player=player, players=self.players, position=self.positions[player],
            positions=self.positions, rules=self.rules, phase=self.phase, dice=self.dice,
            action=self.action, pile=self.piles[player] if self.piles else None,
            hand=tuple(Card(c) for c in self.hands[player]) if self.hands else (),
            wager=self.wagers[player], to_move=self.current_player,
            set=tuple(s is not None for s in self.settings),
            settings=tuple(s if over or seat == player or (seat == 0 and shown_banker)
                           else None for seat, s in enumerate(self.settings)))

    # --- saves -----------------------------------------------------------------
    def _deal_dict(self) -> dict[str, Any]:
        return {"rules": self.rules.to_dict(), "positions": list(self.positions),
                "first_pile": self.first_pile, "wagers": list(self.wagers),
                "fouls": self.fouls}

    @classmethod
    def _from_deal(cls, deal: dict[str, Any], players: int) -> PaiGowState:
        keys = {"rules", "positions", "first_pile", "wagers", "fouls"}
        if set(deal) != keys:
            raise PokerRulesError(f"a Pai Gow deal has the keys {sorted(keys)}, not {sorted(deal)}")
        if not isinstance(deal["rules"], dict):
            raise PokerRulesError(f"the rules are an object, not {shown(deal['rules'])}")
        rules = PaiGowRules.from_dict(deal["rules"])
        positions = deal["positions"]
        if not isinstance(positions, list) or positions != sorted(positions):
            raise PokerRulesError(
                f"positions are a list in ascending order, not {shown(positions)}")
        wagers = deal["wagers"]
        if not isinstance(wagers, list) or len(wagers) != len(positions) or \
                (wagers and wagers[0] is not None):
            raise PokerRulesError(
                f"wagers are one per seat, null for the banker's, not {shown(wagers)}")
        if any(type(w) is not float for w in wagers[1:]):
            raise PokerRulesError(f"a wager is saved as a float, not {shown(wagers)}")
        return _state(rules, players, positions, deal["first_pile"],
                      dict(zip(positions[1:], wagers[1:], strict=True)), deal["fouls"])

    @property
    def deal_seed(self) -> int | None:
        """The seed of the stream that dealt the round (None for explicit chance)."""
        if self._reseeds:
            return self._reseeds[0][0]
        return None if self._stream is None else self._stream.seed


def _state(rules: PaiGowRules, players: object, occupied: Iterable[int] | None,
           first_pile: object, wagers: Mapping[int, object] | None, fouls: object
           ) -> PaiGowState:
    """A round before the deal, every argument checked (see :func:`new_game`)."""
    if occupied is None:
        if isinstance(players, bool) or not isinstance(players, (int, np.integer)) or \
                not 2 <= players <= rules.positions:
            raise PokerRulesError(f"a Pai Gow round seats 2 to {rules.positions} players (the "
                                  f"rules' positions), not {shown(players)}")
        occupied = range(1, int(players) + 1)
    positions = check_occupied(rules, occupied)
    if players is not None and players != len(positions):
        raise PokerRulesError(f"players is {shown(players)}, but {len(positions)} positions "
                              f"are occupied: {list(positions)}")
    if isinstance(first_pile, bool) or not isinstance(first_pile, int) or \
            not 1 <= first_pile <= PILES:
        raise PokerRulesError(f"first_pile must be 1 to 7, not {shown(first_pile)}")
    if wagers is not None and not isinstance(wagers, Mapping):
        raise PokerRulesError(f"wagers maps player positions to wagers, not {shown(wagers)}")
    given = {} if wagers is None else dict(wagers)
    for position in given:
        if position not in positions[1:] or isinstance(position, bool):
            raise PokerRulesError(f"a wager for position {shown(position)}, which holds no player")
    seat_wagers = (None, *(check_wager(given.get(p, 1.0)) for p in positions[1:]))
    return PaiGowState(rules, positions, first_pile, seat_wagers, check_flag(fouls, "fouls"))


def new_game(
    rules: PaiGowRulesLike | None = None, *, seed: SeedLike | None = None,
    players: int | None = None, chance: str = SAMPLED, occupied: Iterable[int] | None = None,
    first_pile: int = 1, wagers: Mapping[int, float] | None = None, fouls: bool = False,
) -> PaiGowState:
    """A Pai Gow round, dealt as :func:`~pokerrules.paigow.deal_round` deals:
    the same seed gives the same piles and dice (53 cards one at a time, then three
    dice, all from the seed's :class:`~pokerrules.shuffle.DealStream`).

    Args:
        rules: the round's rules or a preset's name (default "classic").
        seed: an int (0 to 2**53 - 1) or a numpy Generator.
        players: the number of seats, banker included (default 2, or one per
            ``occupied`` position); without ``occupied`` they sit at positions 1 to
            ``players``.
        chance: "sampled" (from ``seed``) or "explicit" (no seed: each card and die
            is a chance node).
        occupied: the occupied positions (1, the banker's, among them).
        first_pile: the pile the banker hands out first, 1 to 7.
        wagers: player position -> wager (default 1 each).
        fouls: True to make fouling settings legal moves (a fouled hand loses).

    Raises:
        PokerRulesError: a bad position, player count, pile, wager or seed, or a
            seed that does not suit ``chance``.
        ArgumentTypeError: rules, a seed or ``fouls`` of the wrong type.

    >>> game = new_game("casino", seed=3, occupied=[1, 4, 6])
    >>> game.positions, game.players
    ((1, 4, 6), 3)
    """
    chosen = paigow_rules(PaiGowRules() if rules is None else rules)
    state = _state(chosen, 2 if players is None and occupied is None else players, occupied,
                   first_pile, wagers, fouls)
    state._begin(deal_stream(seed, chance), chance)
    return state
