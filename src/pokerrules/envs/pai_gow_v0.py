"""A Pai Gow round for learning code: the encoding and the PettingZoo
environment (:func:`env`, :func:`raw_env`).

Each seat sets its hand once, the players from seat 1 up and the banker (seat 0)
last (first, its one legal action the house way's, under rules that show the
banker's hand: Face Up). An action is an index into the seat's 21 settings: action
``k`` puts in front the two cards at places
:data:`~pokerrules.paigow.game.state.LOW_PAIRS` ``[k]`` of the hand in ascending
card-code order (action 0: the two lowest codes, action 20: the two highest); the
mask allows the legal settings (those that do not foul). The observation shows the
observer's seven cards by card code (2c = 0 ... As = 51, the joker 52), and the
banker's setting once the observer sees it. Rewards, at the end: each seat's net
result in wager units, commissions included (the round's
:meth:`~pokerrules.paigow.PaiGowState.result` scores).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

from pokerrules import paigow
from pokerrules._checks import shown
from pokerrules.envs.encoding import Encoding, layout
from pokerrules.errors import IllegalMoveError
from pokerrules.game import GameState
from pokerrules.paigow import PaiGowRules, PaiGowState, PaiGowView, Setting
from pokerrules.paigow.game.state import DECK_SIZE, LOW_PAIRS

__all__ = ["PaiGowEncoding", "env", "raw_env"]

_ACTIONS = len(LOW_PAIRS)  # 21
_SEATS = max(paigow.SPEC.players)  # the most seats: positions 1 to 7
_ACTION_OF = {pair: k for k, pair in enumerate(LOW_PAIRS)}


class PaiGowEncoding(Encoding):
    """The Pai Gow round's observation and actions (``pai_gow_v0``).

    Args:
        rules: :class:`~pokerrules.paigow.PaiGowRules` or a preset's name
            (default: the classic rules).
        players: seats, banker included: 2 to the round's positions.

    Raises:
        PokerRulesError: a player count or rules the round does not take.
    """

    name = "pai_gow_v0"
    game = paigow

    def __init__(self, rules: PaiGowRules | str | None = None, players: int = 2) -> None:
        self.num_actions = _ACTIONS
        self.fields = layout([
            ("hand", DECK_SIZE, "1 where the observer holds card code c (the joker is 52)"),
            ("banker", 1, "1 when the observer is the banker (seat 0)"),
            ("position", _SEATS, "one-hot: the observer's position in the round, 1 to 7"),
            ("set", _SEATS, "1 where seat s has set its hand"),
            ("to_move", 1, "1 when the observer is to set"),
            ("banker_back", DECK_SIZE, "1 where card code c is in the banker's five-card "
             "hand, once the observer sees it (at once under rules that show it, Face Up)"),
            ("banker_front", DECK_SIZE, "1 where card code c is in the banker's two-card "
             "hand, once the observer sees it"),
        ])
        super().__init__(players, rules)

    def encode(self, view: PaiGowView, out: np.ndarray) -> None:
        if view.hand:
            out[[c.code for c in view.hand]] = 1.0
        base = DECK_SIZE
        out[base] = view.player == 0
        out[base + view.position] = 1.0  # positions count from 1: base + 1 is position 1
        out[base + 1 + _SEATS + np.flatnonzero(view.set)] = 1.0
        banker = view.settings[0]
        if banker is not None:
            back = base + 2 + 2 * _SEATS
            out[[back + c.code for c in banker.high]] = 1.0
            out[[back + DECK_SIZE + c.code for c in banker.low]] = 1.0

    def public_view(self, view: PaiGowView) -> PaiGowView:
        shown_banker = view.settings[0] if view.rules.banker_shown else None
        return dataclasses.replace(view, hand=(), pile=None,
                                   settings=(shown_banker,) + (None,) * (view.players - 1))

    def _world(self, state: GameState[Any], player: int, rng: np.random.Generator
               ) -> GameState[Any]:
        """The round as ``player`` sees it, the other seats' hands dealt at random
        from the cards it has not seen; a seat that has set sets its new hand at
        random among its legal settings (its setting is hidden too)."""
        pstate: PaiGowState = state  # type: ignore[assignment]
        seen = {pstate.piles[player]}
        if pstate.rules.banker_shown and pstate.settings[0] is not None:
            seen.add(pstate.piles[0])  # the banker's shown hand
        order = list(pstate.deck_order)
        unseen = [k for k in range(DECK_SIZE) if k % 7 + 1 not in seen or k >= 49]
        shuffled = [order[k] for k in unseen]
        rng.shuffle(shuffled)
        for k, code in zip(unseen, shuffled, strict=True):
            order[k] = code
        wagers = {p: w for p, w in zip(pstate.positions, pstate.wagers, strict=True)
                  if w is not None}
        world = paigow.new_game(pstate.rules, chance="explicit", occupied=pstate.positions,
                                first_pile=pstate.first_pile, fouls=pstate.fouls, wagers=wagers)
        for outcome in (*order, *pstate.dice):  # the cards, then the dice
            world.apply_chance(outcome)
        for seat in pstate.setting_order:
            setting = pstate.settings[seat]
            if setting is None:
                break
            if seat == player:
                world.play(setting, seat)
            else:
                moves = world.legal_moves()
                world.play(moves[int(rng.integers(len(moves)))], seat)
        return world

    def action_mask(self, state: GameState[Any]) -> np.ndarray:
        mask = np.zeros(_ACTIONS, dtype=np.int8)
        pstate: PaiGowState = state  # type: ignore[assignment]
        seat = pstate.current_player
        if seat is not None:
            mask[[self.move_to_action(move) for move in pstate.legal_moves()]] = 1
        return mask

    def _move(self, state: GameState[Any], action: int) -> Setting:
        pstate: PaiGowState = state  # type: ignore[assignment]
        seat = pstate.current_player
        if seat is None:
            raise IllegalMoveError("no seat is to set: the round is dealing or over")
        return pstate.choices(seat)[action]

    def move_to_action(self, move: Any) -> int:
        setting = paigow.parse_move(move) if isinstance(move, str) else move
        if not isinstance(setting, Setting):
            raise IllegalMoveError(f"{shown(move)} is no Pai Gow setting")
        hand = sorted(c.code for c in setting.cards)
        low = sorted(hand.index(c.code) for c in setting.low)
        return _ACTION_OF[(low[0], low[1])]

    def _action_name(self, action: int) -> str:
        i, j = LOW_PAIRS[action]
        return (f"set the cards at places {i + 1} and {j + 1} of the hand (ascending card "
                "codes) in front")

    def returns(self, state: GameState[Any]) -> tuple[float, ...]:
        if not state.is_over:
            return (0.0,) * self.players
        return tuple(float(s) for s in state.result().scores)

    def render(self, state: PaiGowState, viewer: int | None = None) -> str:
        """The round as text (:func:`pokerrules.paigow.render`)."""
        return paigow.render(state, viewer)


def raw_env(rules: PaiGowRules | str | None = None, players: int = 2,
            render_mode: str | None = None) -> Any:
    """The PettingZoo AEC environment (PettingZoo's name for the unwrapped one;
    the same as :func:`env`)."""
    from pokerrules.envs.aec import PokerRulesEnv

    return PokerRulesEnv(PaiGowEncoding(rules, players), render_mode=render_mode)


def env(rules: PaiGowRules | str | None = None, players: int = 2,
        render_mode: str | None = None) -> Any:
    """The PettingZoo AEC environment of a Pai Gow round for 2 to 7 seats (agents
    ``player_0``, the banker, ``player_1`` ...); it checks the order of calls
    itself, so :func:`raw_env` is the same environment.

    Raises:
        ImportError: PettingZoo is not installed (``pip install ".[rl]"`` in a checkout).
        PokerRulesError: a player count or rules the round does not take.
    """
    return raw_env(rules, players, render_mode)
