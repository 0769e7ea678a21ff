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

from pokerrules.cards import PIQUET_DECK as PIQUET_DECK
from pokerrules.cards import CardsLike as CardsLike
from pokerrules.cards import SeedLike as SeedLike
from pokerrules.cards import card_codes as card_codes
from pokerrules.cards import format_cards as format_cards
from pokerrules.cards import make_rng as make_rng
from pokerrules.eastwest.agents import (
    AGENTS,
    DEFAULT_AGENTS,
    LEVELS,
    GreedyAgent,
    HeuristicAgent,
    MonteCarloAgent,
    SearchAgent,
    row_strength,
)
from pokerrules.eastwest.moves import PLACES, Place, parse_move
from pokerrules.eastwest.render import render
from pokerrules.eastwest.rules import BOARD_SIZE as BOARD_SIZE
from pokerrules.eastwest.rules import DECK_SIZE as DECK_SIZE
from pokerrules.eastwest.rules import DEFAULT_RULES, EAST, SEAT_NAMES, WEST, EastWestRules
from pokerrules.eastwest.rules import MOVES_PER_GAME as MOVES_PER_GAME
from pokerrules.eastwest.rules import ROW_CAPACITY as ROW_CAPACITY
from pokerrules.eastwest.rules import ROWS as ROWS
from pokerrules.eastwest.rules import WIN_RULES as WIN_RULES
from pokerrules.eastwest.rules import WinRule as WinRule
from pokerrules.eastwest.state import EastWestState, EastWestView, RowOutcome, new_game
from pokerrules.errors import CardNotInDeckError as CardNotInDeckError
from pokerrules.errors import DuplicateCardError as DuplicateCardError
from pokerrules.errors import GameOverError as GameOverError
from pokerrules.errors import HandSizeError as HandSizeError
from pokerrules.errors import IllegalMoveError as IllegalMoveError
from pokerrules.errors import PokerRulesError as PokerRulesError
from pokerrules.game import GameState as GameState
from pokerrules.game import MoveRecord as MoveRecord
from pokerrules.game import RandomAgent
from pokerrules.game import Result as Result
from pokerrules.game import require_over as require_over
from pokerrules.game import seat_index as seat_index
from pokerrules.hands import PIQUET as PIQUET
from pokerrules.hands import HandRank as HandRank
from pokerrules.hands import HandRules as HandRules
from pokerrules.hands import evaluate as evaluate
from pokerrules.hands import evaluate_many as evaluate_many
from pokerrules.hands import evaluate_partial as evaluate_partial
from pokerrules.specs import EnvironmentModule, GameSpec

# Names outside __all__ (sizes, and shared names such as PokerRulesError and
# GameState) are imported `as` themselves: they stay importable from here.
__all__ = [
    "AGENTS",
    "DEFAULT_AGENTS",
    "DEFAULT_RULES",
    "EAST",
    "LEVELS",
    "PLACES",
    "SEAT_NAMES",
    "WEST",
    "EastWestRules",
    "EastWestState",
    "EastWestView",
    "GreedyAgent",
    "HeuristicAgent",
    "MonteCarloAgent",
    "Place",
    "RandomAgent",
    "RowOutcome",
    "SearchAgent",
    "new_game",
    "parse_move",
    "render",
    "row_strength",
]

#: The game as the registry (:mod:`pokerrules.specs`) and all that reads it see it.
SPEC = GameSpec(
    name='east-west', package=__name__, aliases=('EastWest', 'east_west_v0'),
    rules_type=EastWestRules, new_game=new_game, parse_move=parse_move, render=render,
    agents=AGENTS, default_agents=DEFAULT_AGENTS, levels=LEVELS,
    greedy=GreedyAgent, search=SearchAgent,
    environment=EnvironmentModule("pokerrules.envs.east_west_v0"),
)
