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

from pokerrules import specs
from pokerrules.eastwest.agents import (
    AGENTS,
    DEFAULT_AGENTS,
    LEVELS,
    GreedyAgent,
    HeuristicAgent,
    LearnedAgent,
    LookaheadAgent,
    MonteCarloAgent,
    SearchAgent,
    row_strength,
)
from pokerrules.eastwest.moves import PLACES, Place, parse_move
from pokerrules.eastwest.render import render
from pokerrules.eastwest.rules import (
    BOARD_SIZE,
    DECK_SIZE,
    DEFAULT_RULES,
    EAST,
    MOVES_PER_GAME,
    ROW_CAPACITY,
    ROWS,
    SEAT_NAMES,
    WEST,
    WIN_RULES,
    EastWestRules,
    WinRule,
)
from pokerrules.eastwest.state import EastWestState, EastWestView, RowOutcome, new_game

__all__ = [
    "AGENTS",
    "BOARD_SIZE",
    "DECK_SIZE",
    "DEFAULT_AGENTS",
    "DEFAULT_RULES",
    "EAST",
    "LEVELS",
    "MOVES_PER_GAME",
    "PLACES",
    "ROWS",
    "ROW_CAPACITY",
    "SEAT_NAMES",
    "SPEC",
    "TOOLS",
    "WEST",
    "WIN_RULES",
    "EastWestRules",
    "EastWestState",
    "EastWestView",
    "GreedyAgent",
    "HeuristicAgent",
    "LearnedAgent",
    "LookaheadAgent",
    "MonteCarloAgent",
    "Place",
    "RowOutcome",
    "SearchAgent",
    "WinRule",
    "new_game",
    "parse_move",
    "render",
    "row_strength",
]

#: The game as the registry (:mod:`pokerrules.specs`) and all that reads it see it.
SPEC = specs.GameSpec(
    name="east-west", package=__name__, aliases=("EastWest", "east_west_v0"),
    rules_type=EastWestRules, new_game=new_game, parse_move=parse_move, players=(2,),
)
#: What plays the game and shows it, registered beside :data:`SPEC`.
TOOLS = specs.GameTools(
    render=render, agents=AGENTS, default_agents=DEFAULT_AGENTS, levels=LEVELS,
    environment=specs.EnvironmentModule("pokerrules.envs.east_west_v0"),
    encoding=specs.LazyHook("pokerrules.envs.east_west_v0", "EastWestEncoding"),
    gymnasium_id="pokerrules/EastWest-v0",
    vector_env=specs.LazyHook("pokerrules.envs.vector", "EastWestVectorEnv"),
    learner=specs.LazyHook("pokerrules.learn", "EAST_WEST_LEARNER"),
)
