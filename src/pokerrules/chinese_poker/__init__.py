"""Chinese Poker, the shedding game: plays, beats, legal moves and the game to 100 points.

Not the 13-card arrangement game of the same name: here each player tries to get rid
of their cards by playing singles, runs of pairs or trips, full houses, straights and
bombs onto the table, each play beating the one before it. When a player goes out the
others score penalty points for the cards they still hold; the lowest total wins.

The deck is :data:`~pokerrules.cards.CHINESE_POKER_DECK`: 48 cards, the standard deck
less 2c 2d 2h and Ac. Suits never matter. Singles, pairs, trips and bomb kickers rank
3 < 4 < ... < K < A < 2; in straights the 2 is low (2-3-4-5-6 is the lowest).

>>> str(classify("8c 4c 4d 4h 4s"))
'bomb 4444 8'
>>> beats(classify("8c 4c 4d 4h 4s"), classify("6c Jc Jd Jh Js"))
True
>>> [str(m) for m in legal_plays("4c 4d 5h 5s 6c", classify("3c 3d"))]
['pass', '4c 4d', '5h 5s']

Plays are not poker hands, so this module classifies them itself; it ranks nothing
with :mod:`pokerrules.hands`.
"""

from pokerrules import specs
from pokerrules.chinese_poker.agents import (
    AGENTS,
    DEFAULT_AGENTS,
    LEVELS,
    GreedyAgent,
    LearnedAgent,
    LookaheadAgent,
    SearchAgent,
)
from pokerrules.chinese_poker.moves import PASS, AnyMove, ChooseHand, Move, parse_move
from pokerrules.chinese_poker.plays import Play, PlayKind, beats, classify, legal_plays
from pokerrules.chinese_poker.render import render
from pokerrules.chinese_poker.rules import (
    MAX_TARGET,
    PLAYERS_ALLOWED,
    RANK_SYMBOLS,
    SINGLE_VALUE,
    ChinesePokerRules,
    penalty,
)
from pokerrules.chinese_poker.state import ChinesePokerState, ChinesePokerView, new_game

__all__ = [
    "AGENTS",
    "DEFAULT_AGENTS",
    "LEVELS",
    "MAX_TARGET",
    "PASS",
    "PLAYERS_ALLOWED",
    "RANK_SYMBOLS",
    "SINGLE_VALUE",
    "SPEC",
    "TOOLS",
    "AnyMove",
    "ChinesePokerRules",
    "ChinesePokerState",
    "ChinesePokerView",
    "ChooseHand",
    "GreedyAgent",
    "LearnedAgent",
    "LookaheadAgent",
    "Move",
    "Play",
    "PlayKind",
    "SearchAgent",
    "beats",
    "classify",
    "legal_plays",
    "new_game",
    "parse_move",
    "penalty",
    "render",
]

#: The game as the registry (:mod:`pokerrules.specs`) and all that reads it see it.
SPEC = specs.GameSpec(
    name="chinese-poker", package=__name__, aliases=("ChinesePoker", "chinese_poker_v0"),
    rules_type=ChinesePokerRules, new_game=new_game, parse_move=parse_move,
    players=PLAYERS_ALLOWED,
)
#: What plays the game and shows it, registered beside :data:`SPEC`.
TOOLS = specs.GameTools(
    render=render, agents=AGENTS, default_agents=DEFAULT_AGENTS, levels=LEVELS,
    environment=specs.EnvironmentModule("pokerrules.envs.chinese_poker_v0"),
    encoding=specs.LazyHook("pokerrules.envs.chinese_poker_v0", "ChinesePokerEncoding"),
    gymnasium_id="pokerrules/ChinesePoker-v0",
    vector_env=specs.LazyHook("pokerrules.envs.vector", "ChinesePokerVectorEnv"),
    learner=specs.LazyHook("pokerrules.learn", "CHINESE_POKER_LEARNER"),
)
