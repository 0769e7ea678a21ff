"""Chinese Poker agents: the greedy shedder, the random one, the one-move
look-ahead and the search."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from pokerrules import search
from pokerrules._checks import check_count, shown
from pokerrules.chinese_poker.moves import AnyMove, ChooseHand, Move
from pokerrules.chinese_poker.plays import (
    BIT_COUNT,
    Play,
    beats,
    classify_codes,
    plays_of,
    rank_nibbles,
)
from pokerrules.chinese_poker.policy import (
    LEARNED_FEATURES,
    ChinesePokerSearch,
    greedy_take,
    view_features,
)
from pokerrules.chinese_poker.rules import RANK_OF, SINGLE_VALUE, SUIT_BIT, penalty
from pokerrules.chinese_poker.state import ChinesePokerView
from pokerrules.errors import IllegalMoveError
from pokerrules.learned import PolicyAgent
from pokerrules.runner import RandomAgent, check_generator


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
            IllegalMoveError: another game's view, a view whose player is not to
                move, no legal moves, or a move this view cannot make (a hand choice
                outside the choosing phase, cards not held, forming no play or not
                beating the table).
            ArgumentTypeError: ``rng`` is no numpy Generator.
        """
        _check_view(view, legal_moves, rng)
        if view.phase == "choose":
            return _hand_choice(view, legal_moves)
        return _greedy_move(view, *_classified(view, legal_moves))


def _check_view(view: ChinesePokerView, legal_moves: Sequence[AnyMove],
                rng: np.random.Generator) -> None:
    check_generator(rng)
    if not isinstance(view, ChinesePokerView):
        raise IllegalMoveError(
            f"a Chinese Poker agent needs its game's view, not {shown(view)}")
    if not legal_moves:
        raise IllegalMoveError(f"player {view.player} has no legal move to choose from")
    if view.to_move != view.player:
        raise IllegalMoveError(f"it is not player {view.player}'s turn")


def _hand_choice(view: ChinesePokerView, legal_moves: Sequence[AnyMove]) -> ChooseHand:
    """The free dealt hand with the most high cards and bombs."""
    choices = [m for m in legal_moves if isinstance(m, ChooseHand)]
    if len(choices) != len(legal_moves) or any(
            view.pile_owners[m.hand] is not None for m in choices):
        raise IllegalMoveError(f"{shown(legal_moves)} are not all free dealt hands")
    return max(choices, key=lambda m: _pile_strength(view.piles[m.hand]))


def _classified(view: ChinesePokerView, legal_moves: Sequence[AnyMove]
                ) -> tuple[list[tuple[Move, Play]], Move | None]:
    """The plays of ``legal_moves`` with their classes, and the pass (None when
    there is none), each checked as a play this view can make."""
    plays: list[tuple[Move, Play]] = []
    passing: Move | None = None
    held = set(view.hand)
    for move in legal_moves:
        if not isinstance(move, Move):
            raise IllegalMoveError(
                f"{shown(move)} is no Move of the play phase (agents choose among "
                "the state's legal_moves())")
        if move.is_pass:
            passing = move
            continue
        play = classify_codes(move.cards)
        if play is None or not held.issuperset(move.cards) or (
                view.table is not None and not beats(play, view.table)):
            raise IllegalMoveError(
                f"{move} is not a play player {view.player} can make")
        plays.append((move, play))
    return plays, passing


def _greedy_move(view: ChinesePokerView, plays: list[tuple[Move, Play]],
                 passing: Move | None) -> Move:
    """The compiled greedy shedder's move (:func:`~pokerrules.chinese_poker.policy.greedy_take`),
    as the first of the offered moves that plays its rank pattern."""
    opponents_low = min(c for p, c in enumerate(view.hand_counts) if p != view.player)
    take = greedy_take(rank_nibbles(view.hand), view.table, passing is not None, opponents_low)
    if take is None:
        assert passing is not None  # the rule passes only where a pass is allowed
        return passing
    for move, _ in plays:
        if _take_of(move.cards) == take:
            return move
    offered = [m for m, _ in plays]
    raise IllegalMoveError(
        f"player {view.player}'s greedy play is not among {shown(offered)} (agents "
        "choose among the state's legal_moves())")


def _take_of(cards: tuple[int, ...]) -> tuple[int, ...]:
    """The cards of each rank that ``cards`` take (13)."""
    take = [0] * 13
    for c in cards:
        take[RANK_OF[c]] += 1
    return tuple(take)


def _pile_strength(pile: tuple[int, ...] | None) -> int:
    """A rough worth of a dealt hand: its single values plus a bonus per bomb."""
    if pile is None:
        return 0
    counts = BIT_COUNT
    nibs = rank_nibbles(pile)
    return sum(SINGLE_VALUE[c >> 2] for c in pile) + 20 * sum(counts[n] == 4 for n in nibs)


class LookaheadAgent:
    """Tries every legal move and keeps the one that leaves its hand quickest to
    shed once the others have answered greedily, their hands sampled.

    Each move is made in the same ``samples`` worlds (the unseen cards dealt again
    to the other hands, as the search's worlds are); the others then shed by the
    greedy rule (:func:`~pokerrules.chinese_poker.policy.greedy_take`) until the
    turn comes back or the round ends. A position is valued by how many leads the
    agent's hand still needs (greedy's lead, the longest play, taken again and
    again until the hand is empty), less by half when the agent then leads; a
    round that ended scores 10 for going out and ``-10 - own points / 10``
    otherwise. Equal values go to greedy's move; a dealt hand is chosen as the
    greedy agent chooses.

    Args:
        samples: worlds per decision (default 4), every move tried in each.

    Raises:
        ArgumentTypeError, PokerRulesError: ``samples`` that is no int >= 1.
    """

    def __init__(self, samples: int = 4) -> None:
        self.samples = check_count(samples, "samples")
        self._game = ChinesePokerSearch()

    def choose(
        self, view: ChinesePokerView, legal_moves: Sequence[AnyMove], rng: np.random.Generator
    ) -> AnyMove:
        """The best-valued of ``legal_moves``.

        Raises:
            IllegalMoveError: as for :meth:`GreedyAgent.choose`.
        """
        _check_view(view, legal_moves, rng)
        if view.phase == "choose":
            return _hand_choice(view, legal_moves)
        plays, passing = _classified(view, legal_moves)
        greedy = _greedy_move(view, plays, passing)
        if len(legal_moves) == 1:
            return greedy
        moves = [greedy, *(m for m, _ in plays if m != greedy)]  # greedy's first of equals
        if passing is not None and passing != greedy:
            moves.append(passing)
        game, me = self._game, view.player
        leads: dict[tuple[int, ...], int] = {}
        values = np.zeros(len(moves))
        for _ in range(self.samples):
            world = game.determinize(view, rng)
            for i, move in enumerate(moves):
                after = game.copy(world)
                game.play(after, move)
                while after.to_move is not None and after.to_move != me:
                    game.play(after, game.policy(after, rng))
                if after.to_move is None:  # the round is over
                    gone = after.counts[me] == 0
                    values[i] += 10.0 if gone else -10.0 - penalty(
                        after.counts[me], after.dealt) / 10
                    continue
                hand = tuple(after.nibs[me])
                if hand not in leads:
                    leads[hand] = self._leads(hand)
                leading = after.table is None or after.table_player == me
                values[i] += -leads[hand] + (0.5 if leading else 0.0)
        return moves[int(np.argmax(values))]

    def _leads(self, hand: tuple[int, ...]) -> int:
        """How many times greedy's lead (the longest play, the lowest of equals)
        must be played to empty ``hand`` (rank nibbles)."""
        nibs, count = list(hand), 0
        while any(nibs):
            best = min(plays_of(nibs, None), key=_lead_key)
            for c in best.cards:
                nibs[RANK_OF[c]] &= ~SUIT_BIT[c]
            count += 1
        return count

    def __repr__(self) -> str:
        return f"LookaheadAgent(samples={self.samples})"


@functools.lru_cache(maxsize=4096)
def _lead_key(move: Move) -> tuple[int, int]:
    """Greedy's order of leads: the longest play first, then the lowest."""
    play = classify_codes(move.cards)
    assert play is not None
    return -play.length, play.value


class LearnedAgent(PolicyAgent):
    """The policy trained on the four-player vector environment (``python -m
    pokerrules.learn chinese-poker``; :mod:`pokerrules.learned`): the legal move
    whose :func:`~pokerrules.chinese_poker.policy.learned_features` score highest
    under the shipped weights (``learned.npz``, checked on first use) or the
    file of ``weights``, the first
    of equals; a dealt hand is chosen as greedy chooses it. Deterministic: ``rng``
    is unused. Numpy only; it plays any number of players.

    Args:
        weights: a weight file (``.npz``, a path or an open binary file) that
            ``python -m pokerrules.learn chinese-poker --out PATH`` wrote, to play instead
            of the shipped weights (None, the default); it must be ``chinese-poker``'s.

    Raises:
        WeightFileError: a weight file that is damaged, refused or trained for
            another game (named; :func:`pokerrules.learned.load_weights`).
        ArgumentTypeError: ``weights`` that is neither a path nor an open binary file.
    """

    GAME = "chinese-poker"
    PACKAGE = __package__ or ""
    FEATURES = LEARNED_FEATURES

    def choose(
        self, view: ChinesePokerView, legal_moves: Sequence[AnyMove], rng: np.random.Generator
    ) -> AnyMove:
        """One of ``legal_moves``.

        Raises:
            IllegalMoveError: as for :meth:`GreedyAgent.choose`.
        """
        _check_view(view, legal_moves, rng)
        if view.phase == "choose":
            return _hand_choice(view, legal_moves)
        plays, passing = _classified(view, legal_moves)
        moves = [*([] if passing is None else [passing]), *(move for move, _ in plays)]
        scores = self.policy.scores(view_features(view, moves))[0]
        return moves[int(np.argmax(scores))]


class SearchAgent(search.SearchAgent):
    """Determinized flat Monte Carlo (:mod:`pokerrules.search`) over the greedy
    shedder: every legal move is tried in the same sampled worlds (the unseen cards
    dealt again to the other hands) and the round is played out greedily by everyone,
    in compiled code, scored by the round's points (or by the game's result when the
    round ends the game). Until some hand is down to ``endgame`` cards it plays
    greedy's move; the default searches every move of the round.

    Args:
        playouts: playouts per searched decision (default 3000), split over the moves.
        endgame: the hand size (of any player) from which it searches (default 16,
            the largest hand dealt).
        algorithm, time_ms: as for :class:`pokerrules.search.SearchAgent` (the
            ``"ismcts"`` tree plays its playouts in Python, some 50 times dearer
            each: about a second a decision at 3,000).

    Raises:
        ArgumentTypeError, PokerRulesError: as for :class:`pokerrules.search.SearchAgent`,
            and an ``endgame`` that is no int >= 1.
    """

    def __init__(self, playouts: int = 3000, endgame: int = 16,
                 algorithm: search.Algorithm = "flat", time_ms: float | None = None) -> None:
        super().__init__(ChinesePokerSearch(), playouts, algorithm, time_ms)
        self.endgame = check_count(endgame, "endgame")

    def choose(
        self, view: ChinesePokerView, legal_moves: Sequence[AnyMove], rng: np.random.Generator
    ) -> AnyMove:
        """The searched move; greedy's while every hand holds more than ``endgame``
        cards, and while choosing a dealt hand.

        Raises:
            IllegalMoveError: as for :meth:`GreedyAgent.choose`.
        """
        _check_view(view, legal_moves, rng)
        if view.phase == "choose":
            return _hand_choice(view, legal_moves)
        plays, passing = _classified(view, legal_moves)
        if len(legal_moves) == 1 or min(view.hand_counts) > self.endgame:
            return _greedy_move(view, plays, passing)
        chosen: AnyMove = super().choose(view, legal_moves, rng)
        return chosen


AGENTS: dict[str, type[Any]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "search": SearchAgent,
    "learned": LearnedAgent,
    "lookahead": LookaheadAgent,
}
#: The agents of ``pokerrules play chinese-poker`` (four players by default).
DEFAULT_AGENTS = ("search", "learned", "learned", "learned")


#: The agents of ``pokerrules play --level``.
LEVELS: dict[str, Callable[[], Any]] = {
    "easy": GreedyAgent,
    "normal": lambda: SearchAgent(playouts=120, endgame=9),
    "hard": SearchAgent,
}
