"""Z Poker for learning code: the encoding, the PettingZoo environment
(:func:`env`, :func:`raw_env`) and the OpenSpiel game (``"pokerrules_z_poker"``).

An action is a card and a position: index ``8 d + p`` puts the card of deck index
``d`` (its place in ``rules.deck.codes``, 2c 2d 2h 2s 3c ... As for the standard
deck) on position ``p`` (A B C D E F G H = 0..7). Positions and seats are the
board's own, not turned to the observer. Rewards: +1 to the winner, −1 to the
loser, at the end.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

from pokerrules import zpoker
from pokerrules._checks import shown
from pokerrules.cards import Card, format_cards
from pokerrules.envs.encoding import Encoding, Field, layout
from pokerrules.errors import IllegalMoveError, PokerRulesError
from pokerrules.game import GameState
from pokerrules.zpoker import POSITIONS, Phase, Placement, ZPokerRules, ZPokerState, ZPokerView
from pokerrules.zpoker.policy import ZPokerSearch

__all__ = ["ZPokerEncoding", "env", "raw_env"]

_POSITIONS = len(POSITIONS)  # 8
_POSITION_INDEX = {p: i for i, p in enumerate(POSITIONS)}
_PHASES = (Phase.FIND_LEADER, Phase.START_GAME, Phase.END_GAME, Phase.OVER)
_PHASE_INDEX = {phase: i for i, phase in enumerate(_PHASES)}
_SEARCH = ZPokerSearch()


class ZPokerEncoding(Encoding):
    """Z Poker's observation and actions (``z_poker_v0``) for one deck.

    Args:
        rules: :class:`~pokerrules.zpoker.ZPokerRules` (default: 52 cards, 10 each).
        players: must be 2.

    Raises:
        PokerRulesError: other rules or player counts.
    """

    name = "z_poker_v0"
    game = zpoker

    def __init__(self, rules: ZPokerRules | None = None, players: int = 2) -> None:
        deck = self._game_rules(players, rules).deck.codes
        n = len(deck)
        self._deck = deck
        self._deck_index = np.full(53, -1, dtype=np.intp)
        self._deck_index[list(deck)] = np.arange(n)
        self.num_actions = n * _POSITIONS
        self.fields = self.fields_for(n)
        super().__init__(players, rules)

    @staticmethod
    def fields_for(n: int) -> tuple[Field, ...]:
        """The observation's fields for a deck of ``n`` cards: the one layout, which
        the compiled batch reads its offsets and size from."""
        return layout([
            ("hand", n, "1 where the observer holds card d (deck index)"),
            ("tops", _POSITIONS * n,
             f"1 where card d is the visible top card of position p: element {n} p + d"),
            ("covered", n, "1 where card d lies covered under another card on the board"),
            ("face_down", _POSITIONS, "1 where position p holds a card face down"),
            ("phase", 4, "one-hot phase: find the leader, start game, end game, over"),
            ("seat", 2, "one-hot: the observer's seat (0 or 1)"),
            ("to_move", 1, "1 when the observer is to move"),
            ("leader", 2, "one-hot: the Leader's seat (all 0 before the flip)"),
            ("starter", 2, "one-hot: the Starter's seat (all 0 before the End Game)"),
            ("counts", 3, f"cards the observer holds, the opponent holds, and left in "
                          f"the pile, each divided by {n}"),
        ])

    def encode(self, view: ZPokerView, out: np.ndarray) -> None:
        n = len(self._deck)
        cells = [c.code for c in view.hand]
        planes = [0] * len(cells)
        covered_plane = 1 + _POSITIONS
        for p, stack in enumerate(view.stacks.values()):  # in POSITIONS order
            if stack:
                cells.append(stack[-1].code)
                planes.append(1 + p)
                for card in stack[:-1]:
                    cells.append(card.code)
                    planes.append(covered_plane)
        if cells:
            out[np.asarray(planes, dtype=np.intp) * n + self._deck_index[cells]] = 1.0
        base = (2 + _POSITIONS) * n
        for position in view.face_down:
            out[base + _POSITION_INDEX[position]] = 1.0
        base += _POSITIONS
        out[base + _PHASE_INDEX[view.phase]] = 1.0
        out[base + 4 + view.player] = 1.0
        if view.leader is not None:
            out[base + 7 + view.leader] = 1.0
        if view.starter is not None:
            out[base + 9 + view.starter] = 1.0
        out[base + 11:base + 14] = (len(view.hand) / n, view.opponent_cards / n,
                                    view.pile_cards / n)

    def public_view(self, view: ZPokerView) -> ZPokerView:
        # Private: the hand, and seat 0's own face-down card (which its view shows).
        stacks = dict(view.stacks)
        for position in view.face_down:
            stacks[position] = ()
        return dataclasses.replace(view, hand=(), stacks=stacks)

    def _world(self, state: GameState[Any], player: int, rng: np.random.Generator
               ) -> GameState[Any]:
        if player != state.current_player:
            raise PokerRulesError(
                f"a Z Poker world is dealt for the player to move (its view does not say "
                f"whose turn it is), player {state.current_player}, not player {player}")
        world = _SEARCH.determinize(state.view(player), rng)
        # The search deals worlds of the standard rules (a view carries none); the
        # hand size matters again when a tie for the lead deals anew.
        world.rules = state.rules  # type: ignore[attr-defined]
        return world

    def action_mask(self, state: GameState[Any]) -> np.ndarray:
        mask = np.zeros((len(self._deck), _POSITIONS), dtype=np.int8)
        player = state.current_player
        if player is not None:
            zstate: ZPokerState = state  # type: ignore[assignment]
            hand = self._deck_index[[c.code for c in zstate.hand(player)]]
            if zstate.phase is Phase.END_GAME:
                mask[hand] = 1
            else:
                empty = [i for i, p in enumerate(POSITIONS) if not zstate.stack(p)]
                mask[np.ix_(hand, np.asarray(empty, dtype=np.intp))] = 1
        return mask.reshape(-1)

    def _move(self, state: GameState[Any], action: int) -> Placement:
        card, position = divmod(action, _POSITIONS)
        return Placement(Card(self._deck[card]), POSITIONS[position])

    def move_to_action(self, move: Any) -> int:
        placement = zpoker.parse_move(move) if isinstance(move, str) else move
        if not isinstance(placement, Placement):
            raise IllegalMoveError(f"{shown(move)} is no Z Poker placement")
        d = int(self._deck_index[placement.card.code])
        if d < 0:
            raise IllegalMoveError(f"{placement.card} is not in this game's deck")
        return _POSITIONS * d + _POSITION_INDEX[placement.position]

    def _action_name(self, action: int) -> str:
        card, position = divmod(action, _POSITIONS)
        return f"{format_cards([self._deck[card]])} {POSITIONS[position]}"

    def describe_actions(self) -> list[tuple[str, str]]:
        last = self.num_actions - 1
        return [(f"0 – {last}",
                 "8 d + p: put the card of deck index d on position p (A..H = 0..7); "
                 f"e.g. 0 is {self.action_name(0)}, 9 is {self.action_name(9)}, "
                 f"{last} is {self.action_name(last)}")]

    def returns(self, state: GameState[Any]) -> tuple[float, ...]:
        if not state.is_over:
            return (0.0, 0.0)
        return (1.0, -1.0) if state.result().winners[0] == 0 else (-1.0, 1.0)

    def render(self, state: ZPokerState, viewer: int | None = None) -> str:
        """The board as text (:func:`pokerrules.zpoker.render`)."""
        return zpoker.render(state, viewer)


def raw_env(rules: ZPokerRules | None = None, render_mode: str | None = None) -> Any:
    """The PettingZoo AEC environment (PettingZoo's name for the unwrapped one;
    the same as :func:`env`)."""
    from pokerrules.envs.aec import PokerRulesEnv

    return PokerRulesEnv(ZPokerEncoding(rules), render_mode=render_mode)


def env(rules: ZPokerRules | None = None, render_mode: str | None = None) -> Any:
    """The PettingZoo AEC environment of Z Poker (agents ``player_0`` and
    ``player_1``); it checks the order of calls itself,
    so :func:`raw_env` is the same environment.

    Raises:
        ImportError: PettingZoo is not installed (``pip install ".[rl]"`` in a checkout).
    """
    return raw_env(rules, render_mode)


#: The OpenSpiel name of Z Poker.
OPENSPIEL_NAME = "pokerrules_z_poker"
# A tie for the lead deals again (about one start in seventeen); the bound allows
# 12 deals, which a game exceeds with a chance below 1e-14.
_MAX_DEALS = 12


def define_openspiel_game() -> Any:
    """Defines the OpenSpiel game and registers it with ``pyspiel.register_game``:
    once per process, through :func:`pokerrules.envs.register_openspiel`."""
    from pokerrules.envs import spiel

    def encoding(params: dict[str, Any]) -> ZPokerEncoding:
        return ZPokerEncoding(ZPokerRules(hand_size=params["hand_size"]))

    deck = len(ZPokerRules().deck)
    return spiel.register(
        OPENSPIEL_NAME, "Z Poker (pokerrules)", {"hand_size": 10}, encoding,
        # Every card is dealt by chance once per deal and placed at most once; each
        # flip that ties places two more.
        lambda p: (-1.0, 1.0, _MAX_DEALS * (deck + 2) + deck),
        module=__name__,
    )


def openspiel_game(**params: Any) -> Any:
    """The OpenSpiel game (registered on first use); ``hand_size`` (default 10)
    as :class:`~pokerrules.zpoker.ZPokerRules`, with the standard deck.

    Raises:
        ImportError: OpenSpiel is not installed (``pip install ".[rl]"`` in a checkout).
    """
    from pokerrules.envs import spiel

    return spiel.load(OPENSPIEL_NAME, params, define_openspiel_game)
