"""The Chinese Poker state machine: deals, rounds, views, scores and saves."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from pokerrules._checks import check_rules, shown
from pokerrules.cards import CHINESE_POKER_DECK, SeedLike
from pokerrules.chance import SAMPLED, deal_stream
from pokerrules.chinese_poker.moves import PASS, AnyMove, ChooseHand, Move, parse_move
from pokerrules.chinese_poker.plays import Play, beats, classify_codes, plays_of, rank_nibbles
from pokerrules.chinese_poker.rules import (
    HAND_SIZE,
    PLAYERS_ALLOWED,
    ChinesePokerRules,
    format_codes,
    penalty,
)
from pokerrules.errors import IllegalMoveError, PokerRulesError
from pokerrules.game import GameState, require_over, seat_index
from pokerrules.records import MoveRecord, Result


@dataclass(frozen=True)
class ChinesePokerView:
    """What one player may see. Card codes are ascending tuples of ints.

    Attributes:
        player: whose view this is; ``players``: how many play.
        phase: ``"cut"`` or ``"deal"`` (chance nodes), ``"choose"`` (two players
            picking dealt hands), ``"play"`` or ``"over"``.
        round: the round number, from 1; ``dealer``: who dealt it (and led it;
            None during the cut).
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
    dealer: int | None
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


class ChinesePokerState(GameState[AnyMove]):
    """A game of Chinese Poker (see :func:`new_game`), following the shared protocol
    of :mod:`pokerrules.game`.

    Moves are :class:`Move` (cards, or a pass) and, for two players choosing their
    hands, :class:`ChooseHand`; their text forms are accepted too. Turns pass to the
    next higher player index (clockwise).
    """

    game_name: ClassVar[str] = "chinese-poker"

    rules: ChinesePokerRules
    dealer: int | None
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

    def __init__(self, rules: ChinesePokerRules, players: int) -> None:
        """A new game before the cut (its factory :func:`new_game` begins it).

        Raises:
            PokerRulesError: ``players`` other than 2, 3 or 4.
            ArgumentTypeError: ``rules`` that are no ChinesePokerRules.
        """
        if type(players) is not int or players not in PLAYERS_ALLOWED:
            raise PokerRulesError(f"Chinese Poker takes 2, 3 or 4 players, not {shown(players)}")
        rules = check_rules(rules, ChinesePokerRules)
        super().__init__(players)
        self.rules = rules
        self.round = 1
        self.scores = [0] * players
        self.rounds = []
        self.dealer = None
        self.cut = []
        self._cutting = list(range(players))  # who draws in the cut under way
        self._cut_cards: list[int] = []
        self._dealing: list[list[int]] = []  # the hands (or piles) being dealt
        self._undealt = list(CHINESE_POKER_DECK.codes)
        self._clear("cut")

    def _clear(self, phase: str) -> None:
        self.phase = phase
        self.hands = [[] for _ in range(self.players)]
        self.piles = []
        self.pile_owners = []
        self.set_aside = []
        self.table = ()
        self._table_play: Play | None = None
        self.table_player = None
        self.passes = 0
        self.played = []
        self._current: int | None = None

    # --- chance: the cut and the deals ---------------------------------------
    def _chance_pending(self) -> bool:
        return self.phase == "cut" or self.phase == "deal"

    def _deal_card(self, code: int) -> None:
        if self.phase == "cut":
            # Each player draws a card, aces high and the 2 low; those tied for the
            # highest draw again from a fresh deck.
            cards = self._cut_cards
            cards.append(code)
            if len(cards) < len(self._cutting):
                return
            self.cut.append([[p, c] for p, c in zip(self._cutting, cards, strict=True)])
            best = max(c >> 2 for c in cards)  # rank index: 2 lowest, ace highest
            self._cutting = [p for p, c in zip(self._cutting, cards, strict=True)
                             if c >> 2 == best]
            self._cut_cards = []
            self._undealt = list(CHINESE_POKER_DECK.codes)
            if len(self._cutting) == 1:
                self.dealer = self._cutting[0]
                self._start_round()
            return
        # One card at a time, starting left of the dealer (two players: to three hands).
        dealing = self._dealing
        k = sum(map(len, dealing))
        n = len(dealing)
        dealing[k % n if self.players == 2 else (self.dealer_seat + 1 + k) % n].append(code)
        if k + 1 == len(CHINESE_POKER_DECK):
            self._set_round([sorted(h) for h in dealing])
            self._dealing = []

    def _copy_parts(self, new: GameState[AnyMove]) -> None:
        assert isinstance(new, ChinesePokerState)
        # inner hand and pile lists are replaced, never changed, so they are shared
        new.hands = self.hands.copy()
        new.pile_owners = self.pile_owners.copy()
        new.played = self.played.copy()
        new.rounds = self.rounds.copy()
        new.cut = self.cut.copy()
        new._cut_cards = self._cut_cards.copy()
        new._dealing = [h.copy() for h in self._dealing]

    @property
    def dealer_seat(self) -> int:
        """The dealer (after the cut)."""
        assert self.dealer is not None
        return self.dealer

    # --- the round -----------------------------------------------------------
    def _start_round(self) -> None:
        """Gathers the deck; chance deals the round's cards."""
        self._clear("deal")
        self._undealt = list(CHINESE_POKER_DECK.codes)
        self._dealing = [[] for _ in range(3 if self.players == 2 else self.players)]

    def _set_round(self, dealt: list[list[int]]) -> None:
        """Starts a round with ``dealt``: the hands, or for two players the three
        hands to choose from."""
        n = self.players
        self.table = ()
        self._table_play = None
        self.table_player = None
        self.passes = 0
        self.played = []
        self.set_aside = []
        self._current = self.dealer
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
        """Cards dealt to each player this round, 16 (two or three players) or 12."""
        return HAND_SIZE[self.players]

    @property
    def table_play(self) -> Play | None:
        """The play to beat, or None on an empty table."""
        return self._table_play

    @property
    def must_play(self) -> bool:
        """True when the player to move may not pass, because every player passed in
        turn on the empty table and the lead came back to the first of them."""
        return self.phase == "play" and not self.table and self.passes >= self.players

    @property
    def current_player(self) -> int | None:
        """The player to move, or None when the game is over or chance cuts or deals."""
        return self._current

    # --- protocol --------------------------------------------------------------
    def _legal(self) -> tuple[AnyMove, ...]:
        if self.phase == "choose":
            return tuple(ChooseHand(i) for i, owner in enumerate(self.pile_owners) if owner is None)
        player = self._current
        assert player is not None
        moves = plays_of(rank_nibbles(self.hands[player]), self._table_play)
        return tuple(moves) if self.must_play else (PASS, *moves)

    def _check(self, move: AnyMove) -> None:
        player = self._current
        if not isinstance(move, (Move, ChooseHand)):
            raise IllegalMoveError(
                f"{shown(move)} is no Chinese Poker move; give cards ('9s 9d'), 'pass' "
                "or, while the dealt hands are chosen, 'choose N'")
        if self.phase == "choose":
            if not isinstance(move, ChooseHand):
                free = [f"'choose {h}'" for h, o in enumerate(self.pile_owners) if o is None]
                raise IllegalMoveError(
                    f"player {player} must first choose one of the dealt hands "
                    f"({' or '.join(free)}), not {move}"
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
            raise IllegalMoveError(f"player {player} does not hold {format_codes(missing)}")
        play = classify_codes(move.cards)
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
        play = classify_codes(move.cards)
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
            "left": [format_codes(h) for h in self.hands],
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
        # chance cuts and deals everything: the rules are the whole deal
        return {"rules": {"target": self.rules.target, "open_choice": self.rules.open_choice}}

    @classmethod
    def _from_deal(cls, deal: dict[str, Any], players: int) -> ChinesePokerState:
        if set(deal) != {"rules"}:
            raise PokerRulesError(f"a Chinese Poker deal has only rules, not {sorted(deal)}")
        rules = deal["rules"]
        if not isinstance(rules, dict) or set(rules) != {"target", "open_choice"}:
            raise PokerRulesError(f"not Chinese Poker rules: {shown(rules)}")
        return cls(ChinesePokerRules(**rules), players)


def new_game(
    rules: ChinesePokerRules | None = None, *, seed: SeedLike | None = None, players: int = 4,
    chance: str = SAMPLED,
) -> ChinesePokerState:
    """A new game: the cut for the first deal, then the first deal.

    Chance deals, in this order: the cut (each player in turn, from a whole deck; the
    players tied for the highest rank draw again from a whole deck), then each round's
    deal, one card at a time from a whole deck, starting left of the dealer (two
    players: to three hands in turn).

    Args:
        rules: the rule choices (default :class:`ChinesePokerRules()`: to 100, blind
            choice).
        seed: an int (0 to 2**53 - 1) or a numpy Generator; every deal of the game
            draws from it, so the same seed and moves give the same game.
        players: 2, 3 or 4.
        chance: "sampled" (from ``seed``) or "explicit" (no seed: each card is a
            chance node, see :meth:`~pokerrules.game.GameState.apply_chance`).

    Raises:
        PokerRulesError: another number of players, or a seed that does not suit
            ``chance``.
        ArgumentTypeError: ``rules`` of another kind, or ``seed`` is neither an int
            nor a Generator.

    >>> game = new_game(seed=7, players=3)
    >>> game.current_player == game.dealer, [len(h) for h in game.hands]
    (True, [16, 16, 16])
    """
    state = ChinesePokerState(ChinesePokerRules() if rules is None else rules, players)
    state._begin(deal_stream(seed, chance), chance)
    return state
