"""Z Poker: two players build poker hands on the sides of a 3 by 3 board.

Eight positions surround the draw pile X; seat 0's side is the top row with D and
E, seat 1's side the bottom row with D and E (so D and E belong to both)::

    A B C        seat 0's side: A B C D E
    D X E
    F G H        seat 1's side: D E F G H

Seats are numbered 0 and 1 as everywhere in pokerrules; seat 0 is the rules
text's "Player 1". A side's hand is the top card of each of its positions (0 to
5 cards), ranked by :func:`pokerrules.hands.evaluate_partial` under the standard
rules. The game has three phases (:class:`Phase`):

- finding the Leader: seat 0, then seat 1, puts one card face down on an empty
  position; both flip and the higher rank (ace high, suits ignored) leads. Equal
  ranks: the whole deck is shuffled again and dealt again.
- the Start Game: from the Leader on, the players take turns putting a card face
  up on an empty position until one side has all five positions filled. The
  stronger side's player becomes the Starter (on a tie the Leader), the other the
  Reply, who draws a card.
- the End Game: in each round the Starter, then the Reply, puts a card on any
  position (covering the card there, if any). The stronger side becomes Starter,
  the weaker Reply and draws; on a tie the roles stay and the Reply draws.

A player wins when the other must draw while the winner holds no cards.

>>> from pokerrules.zpoker import new_game
>>> game = new_game(seed=29)
>>> game.phase, game.current_player, len(game.hand(0)), game.pile_size
(<Phase.FIND_LEADER: 'find-leader'>, 0, 10, 32)
>>> game.play("Ac A")  # face down: the record names the position, not the card
MoveRecord(player=0, move='face-down A', detail={'face_down': True})
>>> view = game.view(1)
>>> view.occupied("A"), view.top("A")
(True, None)
>>> game.play("As H").detail  # both flip: two aces, so the cards are dealt again
{'face_down': True, 'flipped': {'A': 'Ac', 'H': 'As'}, 'redeal': 2}
"""

from pokerrules.cards import STANDARD_DECK as STANDARD_DECK
from pokerrules.cards import Card as Card
from pokerrules.cards import CardsLike as CardsLike
from pokerrules.cards import Deck as Deck
from pokerrules.cards import SeedLike as SeedLike
from pokerrules.cards import card_codes as card_codes
from pokerrules.cards import make_rng as make_rng
from pokerrules.errors import CardNotInDeckError as CardNotInDeckError
from pokerrules.errors import DuplicateCardError as DuplicateCardError
from pokerrules.errors import HandSizeError as HandSizeError
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
from pokerrules.hands import STANDARD as STANDARD
from pokerrules.hands import HandRank as HandRank
from pokerrules.hands import evaluate_partial as evaluate_partial
from pokerrules.specs import EnvironmentModule, GameSpec
from pokerrules.zpoker.agents import AGENTS, DEFAULT_AGENTS, LEVELS, GreedyAgent, SearchAgent
from pokerrules.zpoker.moves import Placement, parse_move
from pokerrules.zpoker.render import CELL_WIDTH as CELL_WIDTH
from pokerrules.zpoker.render import render
from pokerrules.zpoker.rules import (
    MOST_CARDS_PLACED_BEFORE_END_GAME as MOST_CARDS_PLACED_BEFORE_END_GAME,
)
from pokerrules.zpoker.rules import PLAYERS as PLAYERS
from pokerrules.zpoker.rules import POSITIONS, SIDES, Phase, ZPokerRules
from pokerrules.zpoker.state import ZPokerState, ZPokerView, new_game

# Names outside __all__ (sizes, and shared names such as PokerRulesError and
# GameState) are imported `as` themselves: they stay importable from here.
__all__ = [
    "AGENTS",
    "DEFAULT_AGENTS",
    "LEVELS",
    "POSITIONS",
    "SIDES",
    "GreedyAgent",
    "Phase",
    "Placement",
    "RandomAgent",
    "SearchAgent",
    "ZPokerRules",
    "ZPokerState",
    "ZPokerView",
    "new_game",
    "parse_move",
    "render",
]

#: The game as the registry (:mod:`pokerrules.specs`) and all that reads it see it.
SPEC = GameSpec(
    name='z-poker', package=__name__, aliases=('ZPoker', 'z_poker_v0'),
    rules_type=ZPokerRules, new_game=new_game, parse_move=parse_move, render=render,
    agents=AGENTS, default_agents=DEFAULT_AGENTS, levels=LEVELS,
    greedy=GreedyAgent, search=SearchAgent,
    environment=EnvironmentModule("pokerrules.envs.z_poker_v0"),
)
