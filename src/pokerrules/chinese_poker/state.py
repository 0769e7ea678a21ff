"""The Chinese Poker state machine: deals, rounds, views, scores and saves."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from pokerrules.cards import CHINESE_POKER_DECK, SeedLike, make_rng
from pokerrules.chinese_poker.moves import PASS, AnyMove, ChooseHand, Move, parse_move
from pokerrules.chinese_poker.plays import Play, _classify, _nibbles, _plays_of, beats
from pokerrules.chinese_poker.rules import (
    _HAND_SIZE,
    PLAYERS_ALLOWED,
    ChinesePokerRules,
    _checked_codes,
    _format,
    penalty,
)
from pokerrules.errors import IllegalMoveError, PokerRulesError
from pokerrules.game import (
    GameState,
    MoveRecord,
    Result,
    require_over,
    rng_from_state,
    rng_state,
    seat_index,
)


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
