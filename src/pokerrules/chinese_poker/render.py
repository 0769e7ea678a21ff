"""Chinese Poker's table as text for the command line."""

from __future__ import annotations

from pokerrules._checks import shown
from pokerrules._cli_common import chance_status
from pokerrules.chinese_poker.rules import format_codes
from pokerrules.chinese_poker.state import ChinesePokerState
from pokerrules.errors import ArgumentTypeError
from pokerrules.game import seat_index


def render(state: ChinesePokerState, viewer: int | None = None) -> str:
    """The table as text for the terminal: scores, card counts, the play to beat and
    whose turn it is (or, at a chance node, that chance deals next); after the last
    round, the points of every round and the totals.

    No hand is shown unless ``viewer`` (a seat) is given: then that seat's hand is.
    Dealt hands chosen face up (``open_choice``) are shown to everyone.

    Raises:
        ArgumentTypeError: ``state`` is no Chinese Poker state.
        PokerRulesError: ``viewer`` is no seat of the game.
    """
    if not isinstance(state, ChinesePokerState):
        raise ArgumentTypeError(f"render draws a ChinesePokerState, not {shown(state)}")
    n = state.players
    if viewer is not None:
        viewer = seat_index(viewer, n)
    seats = range(n)
    lines = [
        f"Chinese Poker, round {state.round}, "
        + ("the cut for the deal is under way, " if state.dealer is None
           else f"dealer player {state.dealer}, ") +
        f"game to {state.rules.target} points",
        "scores: " + "  ".join(f"p{p} {state.scores[p]}" for p in seats),
    ]
    if state.phase == "over":
        lines.append("round " + " ".join(f"{'p' + str(p):>4}" for p in seats) + "  went out")
        for r in state.rounds:
            points = " ".join(f"{x:>4}" for x in r["points"])
            lines.append(f"{r['round']:>5} {points}  p{r['winner']}")
        lines.append("total " + " ".join(f"{s:>4}" for s in state.scores))
        return "\n".join(lines)
    player = state.current_player
    if state.phase == "choose":
        for i, (pile, owner) in enumerate(zip(state.piles, state.pile_owners, strict=True)):
            if owner is not None:
                pile_text = f"taken by p{owner}"
            elif state.rules.open_choice:
                pile_text = format_codes(pile)
            else:
                pile_text = f"{len(pile)} cards, face down"
            lines.append(f"hand {i}: {pile_text}")
        lines.append(chance_status(state) if state.is_chance_node
                     else f"player {player} chooses a hand")
    else:
        lines.append("cards:  " + "  ".join(f"p{p} {len(state.hands[p])}" for p in seats))
        table = state.table_play
        if table is None:
            must = f" (player {player} must play)" if state.must_play else ""
            lines.append("table: empty" + must)
        else:
            by = f"by player {state.table_player}"
            lines.append(f"table: {format_codes(table.cards)}  ({table}, {by})")
        lines.append(chance_status(state) if state.is_chance_node
                     else f"player {player} to move")
    if viewer is not None:
        lines.append(f"your hand (player {viewer}): {format_codes(state.hands[viewer]) or '-'}")
    return "\n".join(lines)
