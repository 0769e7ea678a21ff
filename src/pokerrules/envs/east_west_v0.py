"""East–West for learning code: the encoding, the PettingZoo environment
(:func:`env`, :func:`raw_env`) and the OpenSpiel game (``"pokerrules_east_west"``).

Three actions: place the drawn card on row 0, 1 or 2. The observation shows
the cards by their index in the 32-card piquet deck (``PIQUET_DECK.codes``:
7c 7d 7h 7s 8c ... As), from the observing player's side: "own" rows are the
observer's, "other" rows the opponent's. Rewards: +1 for a win, −1 for a
loss, 0 for a draw, at the end.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pokerrules import eastwest
from pokerrules.cards import PIQUET_DECK
from pokerrules.eastwest import EastWestRules, EastWestState, EastWestView, Place
from pokerrules.eastwest.policy import EastWestSearch
from pokerrules.envs.encoding import Encoding, Field, layout
from pokerrules.errors import IllegalMoveError
from pokerrules.game import GameState

__all__ = ["EastWestEncoding", "env", "raw_env"]

_DECK = len(PIQUET_DECK.codes)  # 32
_ROWS = eastwest.ROWS
# Card code -> index in the piquet deck (-1 outside it).
_INDEX = np.full(53, -1, dtype=np.intp)
_INDEX[list(PIQUET_DECK.codes)] = np.arange(_DECK)
_PLANE_START = np.arange(10, dtype=np.intp) * _DECK  # the first element of each card block
_FIRST_STOCK = eastwest.DECK_SIZE - eastwest.BOARD_SIZE - 1  # 28 face down after the first draw
_SEARCH = EastWestSearch()


class EastWestEncoding(Encoding):
    """East–West's observation and actions (``east_west_v0``).

    Args:
        rules: :class:`~pokerrules.eastwest.EastWestRules` (default rules).
        players: must be 2.

    Raises:
        PokerRulesError: other rules or player counts.
    """

    name = "east_west_v0"
    card_fields = frozenset({"board", "rows", "card"})
    game = eastwest

    def __init__(self, rules: EastWestRules | None = None, players: int = 2) -> None:
        self.num_actions = _ROWS
        self.fields = self.fields_for()
        super().__init__(players, rules)

    @staticmethod
    def fields_for() -> tuple[Field, ...]:
        """The observation's fields (every rule and player count has the same): the
        one layout, which the compiled batch reads its offsets and size from."""
        return layout([
            ("board", _ROWS * _DECK,
             "1 where board card d (the deck index) lies on row r: element 32 r + d"),
            ("own_rows", _ROWS * _DECK,
             "1 where the observer has placed card d on row r: element 32 r + d"),
            ("other_rows", _ROWS * _DECK,
             "1 where the opponent has placed card d on row r: element 32 r + d"),
            ("drawn", _DECK,
             "1 at the card the observer has drawn and must place (observer to move only)"),
            ("own_counts", _ROWS,
             "cards the observer has on row r, divided by 4", 1.0),
            ("other_counts", _ROWS,
             "cards the opponent has on row r, divided by 4", 1.0),
            ("to_move", 1, "1 when the observer is to move"),
            ("dealer", 1, "1 when the observer dealt (so moved second)"),
            ("seat", 1, "the observer's seat: 0 West, 1 East"),
            ("stock", 1, f"face-down stock cards left, divided by {_FIRST_STOCK}"),
        ])

    def encode(self, view: EastWestView, out: np.ndarray) -> None:
        me = view.player
        mine, theirs = view.rows[me], view.rows[1 - me]
        codes = view.board + mine[0] + mine[1] + mine[2] + theirs[0] + theirs[1] + theirs[2]
        counts = [len(r) for r in (*mine, *theirs)]
        planes = list(range(len(view.board)))  # fewer while chance deals the board
        for plane, count in enumerate(counts, start=3):
            planes += [plane] * count
        if view.card is not None:
            codes += (view.card,)
            planes.append(9)
        out[_PLANE_START[planes] + _INDEX[list(codes)]] = 1.0
        tail = self._offsets["own_counts"]
        out[tail:tail + 10] = [c / 4 for c in counts] + [
            0.0, view.dealer == me, me, view.stock_count / _FIRST_STOCK]

    def public_view(self, view: EastWestView) -> EastWestView:
        return view._replace(card=None)  # the drawn card is the only private one

    def _world(self, state: GameState[Any], player: int, rng: np.random.Generator
               ) -> GameState[Any]:
        return _SEARCH.determinize(state.view(player), rng)

    def action_mask(self, state: GameState[Any]) -> np.ndarray:
        mask = np.zeros(_ROWS, dtype=np.int8)
        for move in state.legal_moves():
            mask[move.row] = 1
        return mask

    def _move(self, state: GameState[Any], action: int) -> Place:
        return eastwest.PLACES[action]

    def move_to_action(self, move: Any) -> int:
        place = eastwest.parse_move(move) if isinstance(move, str) else move
        if not isinstance(place, Place) or place not in eastwest.PLACES:
            raise IllegalMoveError(f"{move!r:.40} is no East-West move")
        return int(place.row)

    def _action_name(self, action: int) -> str:
        return f"place the drawn card on row {action} ({('top', 'middle', 'bottom')[action]})"

    def returns(self, state: GameState[Any]) -> tuple[float, ...]:
        if not state.is_over:
            return (0.0, 0.0)
        winners = state.result().winners
        if not winners:
            return (0.0, 0.0)
        return (1.0, -1.0) if winners[0] == 0 else (-1.0, 1.0)

    def render(self, state: EastWestState, viewer: int | None = None) -> str:
        """The table as text (:func:`pokerrules.eastwest.render`)."""
        return eastwest.render(state, viewer)


def raw_env(rules: EastWestRules | None = None, render_mode: str | None = None) -> Any:
    """The PettingZoo AEC environment (PettingZoo's name for the unwrapped one;
    the same as :func:`env`)."""
    from pokerrules.envs.aec import PokerRulesEnv

    return PokerRulesEnv(EastWestEncoding(rules), render_mode=render_mode)


def env(rules: EastWestRules | None = None, render_mode: str | None = None) -> Any:
    """The PettingZoo AEC environment of East–West (agents ``player_0`` West and
    ``player_1`` East); it checks the order of calls itself,
    so :func:`raw_env` is the same environment.

    Raises:
        ImportError: PettingZoo is not installed (``pip install ".[rl]"`` in a checkout).
    """
    return raw_env(rules, render_mode)


#: The OpenSpiel name of East–West.
OPENSPIEL_NAME = "pokerrules_east_west"
# The cut redraws while both cards have one rank (about one time in ten); the
# bound allows 20 redraws, which a game exceeds with a chance below 1e-20.
_MAX_CUT_DRAWS = 21


def define_openspiel_game() -> Any:
    """Defines the OpenSpiel game and registers it with ``pyspiel.register_game``:
    once per process, through :func:`pokerrules.envs.register_openspiel`."""
    from pokerrules.envs import spiel

    return spiel.register(
        OPENSPIEL_NAME, "East-West (pokerrules)",
        {"win_rule": "majority", "ace_low_straight": False, "flush_beats_full_house": False},
        lambda p: EastWestEncoding(EastWestRules(**p)),
        lambda p: (-1.0, 1.0,
                   eastwest.MOVES_PER_GAME + eastwest.DECK_SIZE + 2 * _MAX_CUT_DRAWS),
        module=__name__,
    )


def openspiel_game(**params: Any) -> Any:
    """The OpenSpiel game (registered on first use) for the rules ``params``:
    ``win_rule``, ``ace_low_straight``, ``flush_beats_full_house`` (as
    :class:`~pokerrules.eastwest.EastWestRules`).

    Raises:
        ImportError: OpenSpiel is not installed (``pip install ".[rl]"`` in a checkout).
    """
    from pokerrules.envs import spiel

    return spiel.load(OPENSPIEL_NAME, params, define_openspiel_game)
