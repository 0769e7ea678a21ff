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

from pokerrules.cards import CHINESE_POKER_DECK as CHINESE_POKER_DECK
from pokerrules.cards import CardsLike as CardsLike
from pokerrules.cards import SeedLike as SeedLike
from pokerrules.cards import card_codes as card_codes
from pokerrules.cards import make_rng as make_rng
from pokerrules.chinese_poker.agents import AGENTS, DEFAULT_AGENTS, LEVELS, GreedyAgent, SearchAgent
from pokerrules.chinese_poker.moves import PASS, ChooseHand, Move, parse_move
from pokerrules.chinese_poker.moves import AnyMove as AnyMove
from pokerrules.chinese_poker.plays import Play, PlayKind, beats, classify, legal_plays
from pokerrules.chinese_poker.render import render
from pokerrules.chinese_poker.rules import MAX_TARGET as MAX_TARGET
from pokerrules.chinese_poker.rules import PLAYERS_ALLOWED as PLAYERS_ALLOWED
from pokerrules.chinese_poker.rules import RANK_SYMBOLS as RANK_SYMBOLS
from pokerrules.chinese_poker.rules import SINGLE_VALUE as SINGLE_VALUE
from pokerrules.chinese_poker.rules import ChinesePokerRules, penalty
from pokerrules.chinese_poker.state import ChinesePokerState, ChinesePokerView, new_game
from pokerrules.errors import CardNotInDeckError as CardNotInDeckError
from pokerrules.errors import DuplicateCardError as DuplicateCardError
from pokerrules.errors import IllegalMoveError as IllegalMoveError
from pokerrules.errors import PokerRulesError as PokerRulesError
from pokerrules.game import GameState as GameState
from pokerrules.game import MoveRecord as MoveRecord
from pokerrules.game import RandomAgent
from pokerrules.game import Result as Result
from pokerrules.game import require_over as require_over
from pokerrules.game import rng_from_state as rng_from_state
from pokerrules.game import rng_state as rng_state
from pokerrules.game import seat_index as seat_index
from pokerrules.specs import EnvironmentModule, GameSpec

# Names outside __all__ (sizes, and shared names such as PokerRulesError and
# GameState) are imported `as` themselves: they stay importable from here.
__all__ = [
    "AGENTS",
    "DEFAULT_AGENTS",
    "LEVELS",
    "PASS",
    "ChinesePokerRules",
    "ChinesePokerState",
    "ChinesePokerView",
    "ChooseHand",
    "GreedyAgent",
    "Move",
    "Play",
    "PlayKind",
    "RandomAgent",
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
SPEC = GameSpec(
    name='chinese-poker', package=__name__, aliases=('ChinesePoker', 'chinese_poker_v0'),
    rules_type=ChinesePokerRules, new_game=new_game, parse_move=parse_move, render=render,
    agents=AGENTS, default_agents=DEFAULT_AGENTS, levels=LEVELS,
    greedy=GreedyAgent, search=SearchAgent,
    environment=EnvironmentModule("pokerrules.envs.chinese_poker_v0"),
)
