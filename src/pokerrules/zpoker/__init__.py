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

from pokerrules import specs
from pokerrules.zpoker.agents import (
    AGENTS,
    DEFAULT_AGENTS,
    LEVELS,
    GreedyAgent,
    LearnedAgent,
    LookaheadAgent,
    SearchAgent,
)
from pokerrules.zpoker.moves import Placement, parse_move
from pokerrules.zpoker.render import CELL_WIDTH, render
from pokerrules.zpoker.rules import (
    MOST_CARDS_PLACED_BEFORE_END_GAME,
    PLAYERS,
    POSITIONS,
    SIDES,
    Phase,
    ZPokerRules,
)
from pokerrules.zpoker.state import ZPokerState, ZPokerView, new_game

__all__ = [
    "AGENTS",
    "CELL_WIDTH",
    "DEFAULT_AGENTS",
    "LEVELS",
    "MOST_CARDS_PLACED_BEFORE_END_GAME",
    "PLAYERS",
    "POSITIONS",
    "SIDES",
    "SPEC",
    "TOOLS",
    "GreedyAgent",
    "LearnedAgent",
    "LookaheadAgent",
    "Phase",
    "Placement",
    "SearchAgent",
    "ZPokerRules",
    "ZPokerState",
    "ZPokerView",
    "new_game",
    "parse_move",
    "render",
]

#: The game as the registry (:mod:`pokerrules.specs`) and all that reads it see it.
SPEC = specs.GameSpec(
    name="z-poker", package=__name__, aliases=("ZPoker", "z_poker_v0"),
    rules_type=ZPokerRules, new_game=new_game, parse_move=parse_move, players=(PLAYERS,),
)
#: What plays the game and shows it, registered beside :data:`SPEC`.
TOOLS = specs.GameTools(
    render=render, agents=AGENTS, default_agents=DEFAULT_AGENTS, levels=LEVELS,
    environment=specs.EnvironmentModule("pokerrules.envs.z_poker_v0"),
    encoding=specs.LazyHook("pokerrules.envs.z_poker_v0", "ZPokerEncoding"),
    gymnasium_id="pokerrules/ZPoker-v0",
    vector_env=specs.LazyHook("pokerrules.envs.vector", "ZPokerVectorEnv"),
    learner=specs.LazyHook("pokerrules.learn", "Z_POKER_LEARNER"),
)
