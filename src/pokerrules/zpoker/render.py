"""Z Poker's board as text for the command line."""

from __future__ import annotations

from pokerrules._checks import shown
from pokerrules._cli_common import chance_status
from pokerrules.cards import Card
from pokerrules.errors import ArgumentTypeError
from pokerrules.game import seat_index
from pokerrules.zpoker.rules import PLAYERS, SIDES, Phase
from pokerrules.zpoker.state import ZPokerState

CELL_WIDTH = 7  # "A Kh+12": position, top card, covered count


def _cell(state: ZPokerState, position: str, viewer: int | None) -> str:
    stack = state.stack_codes()[position]
    if not stack:
        text = position
    elif position == state.face_down_position and viewer != 0:
        text = f"{position} ##"
    else:
        covered = f"+{len(stack) - 1}" if len(stack) > 1 else ""
        text = f"{position} {Card(stack[-1])}{covered}"
    return text.ljust(CELL_WIDTH)


def render(state: ZPokerState, viewer: int | None = None) -> str:
    """The board as text: the grid (``Kh+2``: the king of hearts on two covered
    cards; ``##``: a face-down card), the pile count in X, each player's card count
    and side rank, and whose turn it is (or, at a chance node, that chance deals).

    No hand is shown unless ``viewer`` (a seat) is given: then that seat's hand and
    own face-down card are. The command line shows the public board only. Right
    after the face-down cards tied, a line shows them and the new deal.

    Raises:
        ArgumentTypeError: ``state`` is no Z Poker state.
        PokerRulesError: ``viewer`` is no seat of the game.
    """
    if not isinstance(state, ZPokerState):
        raise ArgumentTypeError(f"render draws a ZPokerState, not {shown(state)}")
    if viewer is not None:
        viewer = seat_index(viewer, PLAYERS)
    rule = "+" + "+".join(["-" * (CELL_WIDTH + 2)] * 3) + "+"
    grid = [rule]
    for row in (("A", "B", "C"), ("D", "X", "E"), ("F", "G", "H")):
        cells = [
            f"X {state.pile_size}".ljust(CELL_WIDTH) if p == "X" else _cell(state, p, viewer)
            for p in row
        ]
        grid += ["| " + " | ".join(cells) + " |", rule]
    players = []
    for seat in range(PLAYERS):
        held = len(state.hand(seat))
        cards = "1 card" if held == 1 else f"{held} cards"
        text = f"player {seat} (side {' '.join(SIDES[seat])}): {cards}"
        if state.phase is not Phase.FIND_LEADER:  # no side is ranked before the flip
            text += f"; {state.side_rank(seat).describe()}"
        players.append(text)
    lines = [players[0], *grid, players[1], *_redeal(state), _status(state)]
    if viewer is not None:
        lines.append(f"your hand (player {viewer}): "
                     + " ".join(str(c) for c in state.hand(viewer)))
    return "\n".join(lines)


def _redeal(state: ZPokerState) -> list[str]:
    """The tie that just made the cards be dealt again, or nothing."""
    history = state.history
    if not history or "redeal" not in history[-1].detail:
        return []
    flipped = history[-1].detail["flipped"]
    cards = " and ".join(f"{card} on {position}" for position, card in flipped.items())
    return [f"the face-down cards tie ({cards}): all cards gathered, shuffled and "
            f"dealt again (deal {history[-1].detail['redeal']})"]


def _status(state: ZPokerState) -> str:
    if state.is_chance_node:
        return chance_status(state)
    if state.phase is Phase.OVER:
        return f"game over after {state.rounds} End Game rounds: player {state.winner} wins"
    if state.phase is Phase.FIND_LEADER:
        deal = f" (deal {state.deals})" if state.deals > 1 else ""
        return f"finding the Leader{deal}: player {state.current_player} plays face down"
    if state.phase is Phase.START_GAME:
        return f"Start Game, Leader player {state.leader}: player {state.current_player} to play"
    return (f"End Game round {state.rounds + 1}, Starter player {state.starter}, "
            f"Reply player {state.reply}: player {state.current_player} to play")
