"""The Pai Gow round as text for the command line."""

from __future__ import annotations

from pokerrules._checks import shown
from pokerrules.cards import format_cards
from pokerrules.errors import ArgumentTypeError
from pokerrules.game import seat_index
from pokerrules.paigow.game.state import PaiGowState


def render(state: PaiGowState, viewer: int | None = None) -> str:
    """The round as text for the terminal: the seats, the dice, which seats have
    set, and whose turn it is (or what chance deals next); at the end every setting
    and how each bet settled.

    No hand is shown before the end unless ``viewer`` (a seat) is given: then that
    seat's hand (and setting) is.

    Raises:
        ArgumentTypeError: ``state`` is no Pai Gow round.
        PokerRulesError: ``viewer`` is no seat of the round.
    """
    if not isinstance(state, PaiGowState):
        raise ArgumentTypeError(f"render draws a PaiGowState, not {shown(state)}")
    if viewer is not None:
        viewer = seat_index(viewer, state.players)
    positions = " ".join(map(str, state.positions))
    lines = [f"Pai Gow Poker, {state.players} seats at positions {positions} "
             f"(seat 0 banks), house way {state.rules.house_way_name}"]
    phase = state.phase
    if phase == "deal":
        left = DECK - len(state.deck_order)
        lines.append(f"chance deals the next card ({left} of the deck still to deal)")
        return "\n".join(lines)
    if phase == "dice":
        rolled = " ".join(map(str, state.dice)) or "none yet"
        lines.append(f"dice rolled: {rolled}; chance rolls the next die")
        return "\n".join(lines)
    lines.append(f"dice {' '.join(map(str, state.dice))}: position {state.action} takes "
                 f"pile {state.first_pile}")
    over = phase == "over"
    detail = state.result().detail if over else None
    for seat, position in enumerate(state.positions):
        who = "banker" if seat == 0 else f"player, wager {state.wagers[seat]:g}"
        line = f"p{seat} position {position} ({who}), pile {state.piles[seat]}: "
        setting = state.settings[seat]
        if over or seat == viewer:
            line += str(setting) if setting is not None else format_cards(state.hands[seat])
        else:
            line += "set, face down" if setting is not None else "7 cards, face down"
        if detail is not None and seat > 0:
            settled = detail["settlements"][seat]
            line += f"  -> {settled['outcome']} {settled['net']:+g}"
        lines.append(line)
    if detail is not None:
        if detail["banker_foul"]:
            lines.append(f"the banker fouled; played: {detail['banker_setting']}")
        if detail.get("banker_push"):
            lines.append(f"the banker's hand pushes every bet ({state.rules.banker_push})")
        net = state.result().scores[0]
        lines.append(f"banker {net:+g} (commission {detail['banker_commission']:g}); "
                     f"the house takes {detail['house']:g}")
    else:
        lines.append(f"player {state.current_player} sets")
    return "\n".join(lines)


DECK = 53
