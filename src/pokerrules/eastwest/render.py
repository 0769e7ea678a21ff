"""East-West as text for the command line."""

from __future__ import annotations

from pokerrules._checks import shown
from pokerrules._cli_common import chance_status
from pokerrules.eastwest.rules import CARD_TEXT, EAST, ROW_CAPACITY, ROWS, SEAT_NAMES, WEST
from pokerrules.eastwest.state import EastWestState
from pokerrules.errors import ArgumentTypeError
from pokerrules.game import seat_index


def render(state: EastWestState, viewer: int | None = None) -> str:
    """The table as text: the board column in the middle, West's cards to its
    left, East's to its right (``--`` marks an empty slot), then whose turn it is
    (at a chance node of an explicit-chance game, that chance deals next) or, at
    the end, each row's result and the winner.

    The card just drawn is shown only when ``viewer`` is the seat to move: as
    in :meth:`EastWestState.view`, only the player who drew it sees it. With
    ``viewer=None`` the table is the public one, which every placed card is on.

    Raises:
        ArgumentTypeError: ``state`` is no East-West state.
        PokerRulesError: ``viewer`` is no seat of the game.
    """
    if not isinstance(state, EastWestState):
        raise ArgumentTypeError(f"render draws an EastWestState, not {shown(state)}")
    if viewer is not None:
        viewer = seat_index(viewer, state.players)
    lines = [
        ("East-West · the cut is under way" if state.dealer is None
         else f"East-West · {SEAT_NAMES[state.dealer]} deals")
        + (f" (cut: West {CARD_TEXT[state.cut[-1][0]]}, East {CARD_TEXT[state.cut[-1][1]]})"
           if state.cut else "")
        + f" · win rule: {state.rules.win_rule}",
        f"{'':7}{'West (player 0)':>15}   board   East (player 1)",
    ]
    west, east = state.rows(WEST), state.rows(EAST)
    for row in range(ROWS):
        left = ["--"] * (ROW_CAPACITY - len(west[row])) + [CARD_TEXT[c] for c in west[row]]
        right = [CARD_TEXT[c] for c in east[row]] + ["--"] * (ROW_CAPACITY - len(east[row]))
        board = CARD_TEXT[state.board[row]] if row < len(state.board) else "--"
        lines.append(f"row {row}  {' '.join(left):>15}   [{board}]    {' '.join(right)}")
    if state.is_chance_node:
        lines.append(f"stock {len(state.stock)} · {chance_status(state)}")
        return "\n".join(lines)
    seat, card = state.current_player, state.drawn_card
    if seat is not None and card is not None:
        drew = f", drew {CARD_TEXT[card]}" if viewer == seat else ""
        lines.append(f"stock {len(state.stock)} · {SEAT_NAMES[seat]} (player {seat}) to move{drew}")
        return "\n".join(lines)
    lines.append("")
    for outcome in state.outcomes():
        west_rank, east_rank = outcome.ranks
        verdict = "tie" if outcome.winner is None else f"{SEAT_NAMES[outcome.winner]} wins"
        lines.append(
            f"row {outcome.row}: West {west_rank.describe()}  vs  East {east_rank.describe()}"
            f"  -> {verdict}"
        )
    result = state.result()
    won = result.detail["rows_won"]
    summary = f"rows won: West {won[WEST]}, East {won[EAST]}, tied {ROWS - sum(won)}"
    if result.is_draw:
        lines.append(f"{summary} -> draw")
    else:
        lines.append(f"{summary} -> {SEAT_NAMES[result.winners[0]]} wins the game")
    return "\n".join(lines)
