"""Chinese Poker agents: the greedy shedder and the random one."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pokerrules.chinese_poker.moves import AnyMove, ChooseHand, Move
from pokerrules.chinese_poker.plays import _COUNT, Play, PlayKind, _classify, _nibbles
from pokerrules.chinese_poker.rules import SINGLE_VALUE
from pokerrules.chinese_poker.state import ChinesePokerView
from pokerrules.errors import IllegalMoveError
from pokerrules.game import RandomAgent


class GreedyAgent:
    """Sheds cards cheaply and keeps its bombs for the end.

    On the lead it plays the play that sheds the most cards, the lowest first; it
    answers with the cheapest play that beats the table; it plays a bomb only when
    nothing else beats the table and the end is near (its own hand or an opponent's
    down to a few cards), and goes out at once when one play empties its hand. Choosing
    a dealt hand face up, it takes the one with the most high cards and bombs.
    """

    def choose(
        self, view: ChinesePokerView, legal_moves: Sequence[AnyMove], rng: np.random.Generator
    ) -> AnyMove:
        """One of ``legal_moves``.

        Raises:
            IllegalMoveError: another game's view, no legal moves, or a move this
                view cannot make (a hand choice outside the choosing phase, cards not
                held or forming no play).
        """
        if not isinstance(view, ChinesePokerView):
            raise IllegalMoveError(f"a Chinese Poker agent needs its game's view, not {view!r:.60}")
        if not legal_moves:
            raise IllegalMoveError(f"player {view.player} has no legal move to choose from")
        if view.phase == "choose":
            choices = [m for m in legal_moves if isinstance(m, ChooseHand)]
            if len(choices) != len(legal_moves) or any(
                    view.pile_owners[m.hand] is not None for m in choices):
                raise IllegalMoveError(f"{legal_moves!r:.80} are not all free dealt hands")
            return max(choices, key=lambda m: _pile_strength(view.piles[m.hand]))
        plays: list[tuple[Move, Play]] = []
        passing: Move | None = None
        held = set(view.hand)
        for move in legal_moves:
            if not isinstance(move, Move):
                raise IllegalMoveError(f"{move!r:.60} is no play of the play phase")
            if move.is_pass:
                passing = move
                continue
            play = _classify(move.cards)
            if play is None or not held.issuperset(move.cards):
                raise IllegalMoveError(
                    f"{move} is not a play player {view.player} can make")
            plays.append((move, play))
        left = len(view.hand)
        for move, play in plays:
            if play.length == left:
                return move
        bombs = [(m, p) for m, p in plays if p.kind is PlayKind.BOMB]
        others = [(m, p) for m, p in plays if p.kind is not PlayKind.BOMB]
        if others:
            if view.table is None:
                return min(others, key=lambda mp: (-mp[1].length, mp[1].value))[0]
            return min(others, key=lambda mp: mp[1].value)[0]
        opponents_low = min(c for p, c in enumerate(view.hand_counts) if p != view.player)
        if bombs and (passing is None or left <= 8 or opponents_low <= 4):
            return min(bombs, key=lambda mp: mp[1].value)[0]
        if passing is not None:
            return passing
        return plays[0][0]


def _pile_strength(pile: tuple[int, ...] | None) -> int:
    """A rough worth of a dealt hand: its single values plus a bonus per bomb."""
    if pile is None:
        return 0
    counts = _COUNT
    nibs = _nibbles(pile)
    return sum(SINGLE_VALUE[c >> 2] for c in pile) + 20 * sum(counts[n] == 4 for n in nibs)


AGENTS: dict[str, type[RandomAgent] | type[GreedyAgent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
}
#: The agents of ``pokerrules play chinese-poker`` (four players by default).
DEFAULT_AGENTS = ("greedy", "random", "random", "random")
