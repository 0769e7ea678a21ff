"""Chinese Poker (the shedding game) for learning code: the encoding, the
PettingZoo environment (:func:`env`, :func:`raw_env`) and the OpenSpiel game
(``"pokerrules_chinese_poker"``).

Suits never matter, so an action is a *rank pattern*: index 0 passes, 1–3 take
dealt hand 0–2 (two players), and every other index is one play by its ranks
(a pair of sixes, the straight 5 to 9, ...), made with the lowest cards of each
rank in the hand, as :func:`pokerrules.chinese_poker.legal_plays` lists them.
Cards in the observation are indices in the 48-card deck
(``CHINESE_POKER_DECK.codes``: 2s 3c 3d 3h 3s 4c ... Ad Ah As); seats are turned
so that relative seat 0 is the observer, 1 the next player clockwise, and so on.

Rewards are minus the penalty points: at the end of each round every player
gets minus the points they scored in it. ``scope="round"`` (the default) ends
the episode with the first round; ``scope="game"`` plays to the rules' target,
so an episode's return is minus the final total.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Literal

import numpy as np

from pokerrules import _vector, chinese_poker
from pokerrules._checks import shown
from pokerrules.cards import CHINESE_POKER_DECK
from pokerrules.chinese_poker import (
    PASS,
    ChinesePokerRules,
    ChinesePokerState,
    ChinesePokerView,
    ChooseHand,
    Move,
    PlayKind,
)
from pokerrules.chinese_poker.policy import ChinesePokerSearch
from pokerrules.chinese_poker.rules import HAND_SIZE, RANK_SYMBOLS, SINGLE_VALUE
from pokerrules.envs.encoding import Encoding, Field, layout
from pokerrules.errors import IllegalMoveError, PokerRulesError
from pokerrules.game import GameState

__all__ = ["SCOPES", "ChinesePokerEncoding", "env", "raw_env"]

Scope = Literal["round", "game"]
SCOPES: tuple[Scope, ...] = ("round", "game")

_DECK = len(CHINESE_POKER_DECK.codes)  # 48
_INDEX = np.full(53, -1, dtype=np.intp)
_INDEX[list(CHINESE_POKER_DECK.codes)] = np.arange(_DECK)
_COUNTS = chinese_poker.SPEC.players  # 2, 3, 4
_SEATS = max(_COUNTS)  # relative seats beyond the players stay 0
_SEAT_START = 3 * _DECK  # the blocks after hand, played and table
# The card blocks as multiples of 48 (hand, played, table, then the three piles,
# which start after 23 single elements: 167 = 3 * 48 + 23, so not on a multiple).
_PILE_PLANE = 3
_PLANE_START = np.array([0, _DECK, 2 * _DECK] + [3 * _DECK + 23 + h * _DECK for h in range(3)],
                        dtype=np.intp)
_MOST_CARDS = max(HAND_SIZE.values())  # 16
_IN_DECK = np.bincount(np.array(CHINESE_POKER_DECK.codes) >> 2, minlength=13)  # per rank
_KINDS = tuple(PlayKind)
_SINGLE_ORDER = sorted(range(13), key=lambda r: SINGLE_VALUE[r])  # 3 4 ... A 2
# 0 passes, 1-3 choose a dealt hand; the compiled batch's move code is built on it
_FIRST_PLAY: int = _vector.CHINESE_POKER_FIRST_PLAY


def _patterns() -> list[tuple[PlayKind, int, tuple[int, ...]]]:
    """Every play the 48-card deck allows in a hand of at most 16 cards, as
    (kind, value, ranks with repeats): by kind, then length, then value."""
    found: list[tuple[PlayKind, int, tuple[int, ...]]] = []
    for r in _SINGLE_ORDER:
        found.append((PlayKind.SINGLE, SINGLE_VALUE[r], (r,)))
    for size, kind in ((2, PlayKind.PAIRS), (3, PlayKind.TRIPS)):
        usable = [r for r in _SINGLE_ORDER if _IN_DECK[r] >= size]  # runs in single order
        for length in range(1, _MOST_CARDS // size + 1):
            for top in range(length - 1, len(usable)):
                run = usable[top - length + 1:top + 1]
                found.append((kind, SINGLE_VALUE[run[-1]], tuple(sorted(run * size))))
    for t in _SINGLE_ORDER:
        for p in _SINGLE_ORDER:
            if t != p and _IN_DECK[t] >= 3 and _IN_DECK[p] >= 2:
                ranks = tuple(sorted((t,) * 3 + (p,) * 2))
                found.append((PlayKind.FULL_HOUSE, SINGLE_VALUE[t], ranks))
    for length in range(5, 14):
        for top in range(length - 1, 13):  # straight order: rank index, 2 lowest
            found.append((PlayKind.STRAIGHT, top, tuple(range(top - length + 1, top + 1))))
    for fifth in _SINGLE_ORDER:
        for q in _SINGLE_ORDER:
            if q != fifth and _IN_DECK[q] == 4:
                ranks = tuple(sorted((q,) * 4 + (fifth,)))
                found.append((PlayKind.BOMB, SINGLE_VALUE[fifth], ranks))
    return found


_PLAYS = _patterns()
NUM_ACTIONS = _FIRST_PLAY + len(_PLAYS)
#: Per play action (from index 4): how many cards of each rank (2..A) it takes.
_NEED = np.zeros((len(_PLAYS), 13), dtype=np.int8)
for _i, (_kind, _value, _ranks) in enumerate(_PLAYS):
    np.add.at(_NEED[_i], list(_ranks), 1)
_KIND = np.array([_KINDS.index(k) for k, _, _ in _PLAYS], dtype=np.int8)
_LENGTH = np.array([len(r) for _, _, r in _PLAYS], dtype=np.int8)
_VALUE = np.array([v for _, v, _ in _PLAYS], dtype=np.int8)
_ACTION_OF = {ranks: _FIRST_PLAY + i for i, (_, _, ranks) in enumerate(_PLAYS)}


# _HOLDS[r, c]: the plays that need at most c cards of rank r (c = 0..4); _BEATS[t]:
# the plays that may go onto play t on the table; bit sets, 64 plays to a word, made by
# the compiled rules (chinese_poker.h), the vector engine's masks' one source.
_HOLDS, _BEATS = _vector.chinese_poker_pattern_sets(_NEED)
_RANKS = np.arange(13)
# Per play action: (rank, count) pairs, for picking the lowest cards of each rank.
_PARTS = [tuple((r, ranks.count(r)) for r in sorted(set(ranks))) for _, _, ranks in _PLAYS]
_CHOOSE = (ChooseHand(0), ChooseHand(1), ChooseHand(2))
_SEARCH = ChinesePokerSearch()


def play_patterns() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, int]:
    """The play actions as the compiled batch reads them (action ``4 + p`` is
    pattern ``p``): int8 arrays of cards per rank ``(patterns, 13)``, kind index,
    length and value ``(patterns,)`` each, and the bomb's kind index."""
    return _NEED, _KIND, _LENGTH, _VALUE, _KINDS.index(PlayKind.BOMB)


def _play_name(kind: PlayKind, ranks: tuple[int, ...]) -> str:
    groups: dict[int, int] = {}
    for r in ranks:
        groups[r] = groups.get(r, 0) + 1
    if kind is PlayKind.STRAIGHT:
        text = "".join(RANK_SYMBOLS[r] for r in ranks)
    else:
        order = sorted(groups, key=lambda r: (-groups[r], SINGLE_VALUE[r]))
        text = " ".join(RANK_SYMBOLS[r] * groups[r] for r in order)
    if kind is PlayKind.PAIRS and len(groups) == 1:
        return f"pair {text}"
    return f"{kind.value} {text}"


class ChinesePokerEncoding(Encoding):
    """Chinese Poker's observation and actions (``chinese_poker_v0``).

    Args:
        rules: :class:`~pokerrules.chinese_poker.ChinesePokerRules` (default rules).
        players: 2, 3 or 4.
        scope: ``"round"`` (default): an episode is the first round; ``"game"``:
            the whole game to the target.

    Raises:
        PokerRulesError: a player count other than 2, 3 or 4, other rules, or
            an unknown scope.
    """

    name = "chinese_poker_v0"
    card_fields = frozenset({"hand", "played", "piles"})
    game = chinese_poker

    def __init__(self, rules: ChinesePokerRules | None = None, players: int = 4,
                 scope: Scope = "round") -> None:
        if scope not in SCOPES:
            raise PokerRulesError(f"scope is 'round' or 'game', not {shown(scope)}")
        self.scope = scope
        target = self._game_rules(players, rules).target
        # A player's total is below the target before the last round, which adds
        # at most 50 points.
        self._most_points = target + 49
        self.num_actions = NUM_ACTIONS
        self.fields = self.fields_for(target)
        super().__init__(players, rules)

    @staticmethod
    def fields_for(target: int) -> tuple[Field, ...]:
        """The observation's fields for the rules' ``target`` (every player count has
        the same): the one layout, which the compiled batch reads its offsets and
        size from."""
        return layout([
            ("hand", _DECK, "1 where the observer holds card d (deck index)"),
            ("played", _DECK, "1 where card d has been played this round"),
            ("table", _DECK, "1 where card d is part of the play to beat"),
            ("table_player", _SEATS, "one-hot: relative seat of the player who made the play "
                                     "to beat (all 0 on an empty table)"),
            ("counts", _SEATS, f"cards held by relative seat s, divided by {_MOST_CARDS}"),
            ("scores", _SEATS, f"points of relative seat s so far, divided by the "
                               f"target + 50 ({target + 50})"),
            ("dealer", _SEATS, "one-hot: relative seat of this round's dealer (all 0 "
                               "during the cut)"),
            ("players", len(_COUNTS), f"one-hot: {chinese_poker.SPEC.players_text} players"),
            ("phase", 2, "one-hot: choosing the dealt hands, playing (all 0 while chance "
                         "cuts or deals, and when over)"),
            ("must_play", 1, "1 when the player to move may not pass"),
            ("to_move", 1, "1 when the observer is to move"),
            ("piles", 3 * _DECK, "two players, open choice: 1 where free dealt hand h holds "
                                 "card d, element 48 h + d"),
            ("pile_owners", 9, "two players: for dealt hand h, one-hot at 3 h + o: "
                               "o = 0 free, 1 taken by the observer, 2 taken by the other"),
        ])

    def __repr__(self) -> str:
        return (f"ChinesePokerEncoding(players={self.players}, rules={self.rules!r}, "
                f"scope={self.scope!r})")

    def is_terminal(self, state: GameState[Any]) -> bool:
        cstate: ChinesePokerState = state  # type: ignore[assignment]
        return state.is_over or (self.scope == "round" and bool(cstate.rounds))

    def returns(self, state: GameState[Any]) -> tuple[float, ...]:
        cstate: ChinesePokerState = state  # type: ignore[assignment]
        if self.scope == "round" and cstate.rounds:
            return tuple(-float(p) for p in cstate.rounds[0]["points"])
        return tuple(-float(s) for s in cstate.scores)

    def encode(self, view: ChinesePokerView, out: np.ndarray) -> None:
        n, me = view.players, view.player
        table = view.table.cards if view.table is not None else ()
        codes = view.hand + view.played + table
        planes = [0] * len(view.hand) + [1] * len(view.played) + [2] * len(table)
        for h, pile in enumerate(view.piles):  # the piles block starts 167 in
            if pile is not None:
                codes += pile
                planes += [_PILE_PLANE + h] * len(pile)
        out[_PLANE_START[planes] + _INDEX[list(codes)]] = 1.0
        # The seat blocks, turned so that the observer comes first, in one write.
        turned = [(me + s) % n for s in range(n)] + [-1] * (_SEATS - n)
        counts = (*view.hand_counts, 0)
        scores = (*view.scores, 0)
        seats = [0.0] * (4 * _SEATS)
        if view.table_player is not None:
            seats[(view.table_player - me) % n] = 1.0
        seats[4:8] = [counts[p] / _MOST_CARDS for p in turned]
        seats[8:12] = [scores[p] / (self._most_points + 1) for p in turned]
        if view.dealer is not None:  # None while chance cuts for the first deal
            seats[12 + (view.dealer - me) % n] = 1.0
        flags = [0.0] * 7
        flags[n - 2] = 1.0
        if view.phase in ("choose", "play"):
            flags[3 + (view.phase == "play")] = 1.0
        flags[5] = view.must_play
        out[_SEAT_START:_SEAT_START + 23] = seats + flags
        owners = self._offsets["pile_owners"]
        for h, owner in enumerate(view.pile_owners):
            out[owners + 3 * h + (0 if owner is None else 1 if owner == me else 2)] = 1.0

    def public_view(self, view: ChinesePokerView) -> ChinesePokerView:
        return dataclasses.replace(view, hand=())  # dealt hands shown face up are public

    def _world(self, state: GameState[Any], player: int, rng: np.random.Generator
               ) -> GameState[Any]:
        cstate: ChinesePokerState = state  # type: ignore[assignment]
        view = cstate.view(player)
        world = cstate.clone()
        if cstate.phase == "choose":
            # Two players choosing: the dealt hands this player has not seen
            # (blind and free, or the other's) are dealt again from the unseen cards.
            hidden = [h for h, (pile, owner) in enumerate(zip(view.piles, view.pile_owners))
                      if owner != player and pile is None]
            unseen = [c for h in hidden for c in cstate.piles[h]]
            order = [unseen[i] for i in rng.permutation(len(unseen))]
            piles = list(cstate.piles)
            for h in hidden:
                piles[h], order = sorted(order[:len(piles[h])]), order[len(piles[h]):]
                owner = cstate.pile_owners[h]
                if owner is not None:
                    world.hands[owner] = piles[h]
            world.piles = piles
            return world
        hands = _SEARCH.deal_unseen(view, rng)
        world.hands = [sorted(h) for h in hands]
        if cstate.set_aside:  # two players: the hand set aside holds the rest
            held = {c for h in world.hands for c in h} | set(cstate.played)
            world.set_aside = [c for c in CHINESE_POKER_DECK.codes if c not in held]
        return world

    def action_mask(self, state: GameState[Any]) -> np.ndarray:
        cstate: ChinesePokerState = state  # type: ignore[assignment]
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        player = state.current_player
        if player is None:
            return mask
        if cstate.phase == "choose":
            for h, owner in enumerate(cstate.pile_owners):
                mask[1 + h] = owner is None
            return mask
        held = np.bincount(np.asarray(cstate.hands[player], dtype=np.intp) >> 2, minlength=13)
        words = np.bitwise_and.reduce(_HOLDS[_RANKS, held], axis=0)
        table = cstate.table_play
        if table is not None:
            words &= _BEATS[_ACTION_OF[tuple(c >> 2 for c in table.cards)] - _FIRST_PLAY]
        can = np.unpackbits(words.view(np.uint8), bitorder="little")[:len(_PLAYS)]
        mask[_FIRST_PLAY:] = can
        mask[0] = not cstate.must_play
        return mask

    def _move(self, state: GameState[Any], action: int) -> Move | ChooseHand:
        if action == 0:
            return PASS
        if action < _FIRST_PLAY:
            return _CHOOSE[action - 1]
        cstate: ChinesePokerState = state  # type: ignore[assignment]
        player = state.current_player
        if player is None or cstate.phase != "play":
            raise IllegalMoveError("no cards are played now")
        by_rank: dict[int, list[int]] = {}
        for code in cstate.hands[player]:  # ascending, so lowest first
            by_rank.setdefault(code >> 2, []).append(code)
        cards: list[int] = []
        for rank, count in _PARTS[action - _FIRST_PLAY]:
            have = by_rank.get(rank, ())
            if len(have) < count:
                raise IllegalMoveError(
                    f"player {player} holds {len(have)} of rank {RANK_SYMBOLS[rank]}, "
                    f"not {count}")
            cards += have[:count]
        cards.sort()
        return chinese_poker.moves.unchecked_move(tuple(cards))

    def move_to_action(self, move: Any) -> int:
        parsed = chinese_poker.parse_move(move) if isinstance(move, str) else move
        if isinstance(parsed, ChooseHand):
            return 1 + parsed.hand
        if not isinstance(parsed, Move):
            raise IllegalMoveError(f"{move!r:.40} is no Chinese Poker move")
        if parsed.is_pass:
            return 0
        action = _ACTION_OF.get(tuple(c >> 2 for c in parsed.cards))
        if action is None:
            raise IllegalMoveError(f"{parsed} is no play, so it has no action index")
        return int(action)

    def _action_name(self, action: int) -> str:
        if action == 0:
            return "pass"
        if action < _FIRST_PLAY:
            return f"choose dealt hand {action - 1}"
        kind, _, ranks = _PLAYS[action - _FIRST_PLAY]
        return _play_name(kind, ranks)

    def describe_actions(self) -> list[tuple[str, str]]:
        rows = [("0", "pass")] + [(str(a), self.action_name(a)) for a in range(1, _FIRST_PLAY)]
        start = _FIRST_PLAY
        for i in range(len(_PLAYS) + 1):
            if i == len(_PLAYS) or (i > 0 and (_PLAYS[i][0], _LENGTH[i]) !=
                                    (_PLAYS[i - 1][0], _LENGTH[i - 1])):
                end = _FIRST_PLAY + i - 1
                names = [self.action_name(a) for a in range(start, end + 1)]
                shown = ", ".join(names) if len(names) <= 4 else \
                    f"{names[0]}, {names[1]}, ..., {names[-1]} (by value)"
                rows.append((f"{start}" if start == end else f"{start} – {end}", shown))
                start = end + 1
        return rows

    def render(self, state: ChinesePokerState, viewer: int | None = None) -> str:
        """The table as text (:func:`pokerrules.chinese_poker.render`)."""
        return chinese_poker.render(state, viewer)


def raw_env(rules: ChinesePokerRules | None = None, players: int = 4, scope: Scope = "round",
            render_mode: str | None = None) -> Any:
    """The PettingZoo AEC environment (PettingZoo's name for the unwrapped one;
    the same as :func:`env`)."""
    from pokerrules.envs.aec import PokerRulesEnv

    return PokerRulesEnv(ChinesePokerEncoding(rules, players, scope), render_mode=render_mode)


def env(rules: ChinesePokerRules | None = None, players: int = 4, scope: Scope = "round",
        render_mode: str | None = None) -> Any:
    """The PettingZoo AEC environment of Chinese Poker for 2, 3 or 4 players
    (agents ``player_0`` ...); it checks the order of calls itself,
    so :func:`raw_env` is the same environment;
    ``scope`` as :class:`ChinesePokerEncoding`.

    Raises:
        ImportError: PettingZoo is not installed (``pip install ".[rl]"`` in a checkout).
    """
    return raw_env(rules, players, scope, render_mode)


#: The OpenSpiel name of Chinese Poker.
OPENSPIEL_NAME = "pokerrules_chinese_poker"
_DEFAULTS = {"players": 4, "scope": "round", "target": 100, "open_choice": False}
# The cut redraws among those tied for the highest card; the bound allows 20 draws.
_MAX_CUT_DRAWS = 20


def _longest(params: dict[str, Any]) -> int:
    """The most steps a game takes: per round, the deal, two choices and, per
    card, a play, the passes that clear it (players - 1) and the passes on the
    empty table after it (players), and the passes on the empty table that
    starts the round."""
    players: int = params["players"]
    per_round = _DECK + 2 + _DECK * 2 * players + players
    rounds = 1
    if params["scope"] == "game":
        # Every round adds at least players - 1 points to the sum of the totals,
        # which stays below players * target until the last round.
        rounds = players * params["target"] // (players - 1) + 1
    return _MAX_CUT_DRAWS * players + rounds * per_round


def define_openspiel_game() -> Any:
    """Defines the OpenSpiel game and registers it with ``pyspiel.register_game``:
    once per process, through :func:`pokerrules.envs.register_openspiel`."""
    from pokerrules.envs import spiel

    def encoding(params: dict[str, Any]) -> ChinesePokerEncoding:
        rules = ChinesePokerRules(target=params["target"], open_choice=params["open_choice"])
        return ChinesePokerEncoding(rules, params["players"], params["scope"])

    def bounds(params: dict[str, Any]) -> tuple[float, float, int]:
        # ChinesePokerRules bounds the target, which keeps this within OpenSpiel's int.
        longest = _longest(params)
        # A round scores at most 50 points; a game ends with a total below the
        # target plus 50.
        worst = 50 if params["scope"] == "round" else params["target"] + 49
        return -float(worst), 0.0, longest

    return spiel.register(
        OPENSPIEL_NAME, "Chinese Poker, the shedding game (pokerrules)", _DEFAULTS, encoding,
        bounds, zero_sum=False, terminal_rewards=lambda p: p["scope"] == "round",
        module=__name__,
    )


def openspiel_game(**params: Any) -> Any:
    """The OpenSpiel game (registered on first use) for ``players`` (2, 3, 4;
    default 4), ``scope`` (``"round"`` or ``"game"``), ``target`` (100) and
    ``open_choice`` (False).

    Raises:
        ImportError: OpenSpiel is not installed (``pip install ".[rl]"`` in a checkout).
    """
    from pokerrules.envs import spiel

    return spiel.load(OPENSPIEL_NAME, params, define_openspiel_game)
