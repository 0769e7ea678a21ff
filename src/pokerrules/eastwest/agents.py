"""East-West agents: greedy row strength, random Monte Carlo playouts, the pairing
heuristic, its one-move look-ahead and the shared search over it."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from pokerrules import _vector, search
from pokerrules._checks import check_count, shown
from pokerrules.cards import PIQUET_DECK
from pokerrules.eastwest.moves import Place
from pokerrules.eastwest.policy import (
    LEARNED_FEATURES,
    EastWestSearch,
    heuristic_move,
    row_worths,
    view_features,
)
from pokerrules.eastwest.rules import MOVES_PER_GAME, PACK, ROW_CAPACITY, ROWS, wins_game
from pokerrules.eastwest.state import EastWestView
from pokerrules.errors import HandSizeError, IllegalMoveError
from pokerrules.hands import PIQUET, HandRules, evaluate_many, evaluate_partial
from pokerrules.learned import PolicyAgent
from pokerrules.runner import RandomAgent, check_generator


def _require_choice(view: EastWestView, legal_moves: Sequence[Place], rng: Any) -> None:
    """Refuses what no East-West game offers an agent: another game's view, no
    moves, a move that is no open row of the viewer's side, or an ``rng`` that is no
    numpy Generator."""
    check_generator(rng)
    if not isinstance(view, EastWestView):
        raise IllegalMoveError(f"an East-West agent needs an EastWestView, not {shown(view)}")
    if not legal_moves:
        raise IllegalMoveError(f"player {view.player} has no legal move to choose from")
    if view.card is None:
        raise IllegalMoveError(f"it is not player {view.player}'s turn: no card drawn")
    for move in legal_moves:
        if not isinstance(move, Place) or type(move.row) is not int or not 0 <= move.row < ROWS:
            raise IllegalMoveError(f"{shown(move)} is not an East-West move")
        if len(view.rows[view.player][move.row]) >= ROW_CAPACITY:
            raise IllegalMoveError(f"{move} is not legal: row {move.row} is full")


def row_strength(cards: Sequence[int], rules: HandRules = PIQUET) -> float:
    """A simple strength estimate of one row's cards (1 to 5 codes, board card
    included), used by :class:`GreedyAgent`.

    The position of the made category in ``rules.category_order`` (0 for high
    card, from :func:`~pokerrules.hands.evaluate_partial`), plus the rank index
    (2 = 0 ... A = 12) of the best group's cards / 26, so a higher pair or top
    card counts for less than one category step. Unfinished straights and flushes
    earn nothing: with 32 cards they come rarely.

    Raises:
        HandSizeError: no cards or more than five; a bad card as for
        :func:`~pokerrules.hands.evaluate_partial`.
    """
    if not 1 <= len(cards) <= 5:
        raise HandSizeError(f"a row holds 1 to 5 cards, got {len(cards)}")
    made = evaluate_partial(cards, rules)  # checks the cards
    strength: float = _vector.east_west_row_strength(
        made.rules.variant, [card.code for card in made.cards])
    return strength


class GreedyAgent:
    """Places each card where it raises :func:`row_strength` of its row the most
    (ties go to the lower row number). No look-ahead, no randomness."""

    def choose(
        self, view: EastWestView, legal_moves: Sequence[Place], rng: np.random.Generator
    ) -> Place:
        """The legal row with the largest strength gain (the first of equals).

        Raises:
            IllegalMoveError: no legal moves, or not this view's turn.
            ArgumentTypeError: ``rng`` is no numpy Generator.
            HandSizeError, PokerRulesError: a row's cards refused as by
                :func:`row_strength`.
        """
        _require_choice(view, legal_moves, rng)
        card = view.card
        assert card is not None
        rules = view.rules.hand_rules
        side = view.rows[view.player]
        # the compiled rule (the batch engine's own); it refuses to read bad cards
        chosen = _vector.east_west_greedy(rules.variant, view.board, side, card,
                                          [move.row for move in legal_moves])
        if chosen < 0:  # the error row_strength gives for the first bad row
            for move in legal_moves:
                row_strength([view.board[move.row], *side[move.row], card], rules)
            raise IllegalMoveError(f"player {view.player}'s view holds no valid rows")
        return legal_moves[chosen]


class MonteCarloAgent:
    """For each legal row, plays the rest of the game out ``samples`` times and
    picks the row with the best win rate (a drawn game counts half a win).

    A playout shuffles the unseen cards and both seats place at random. Dealing
    the shuffled cards to the open slots in a fixed order has the same
    distribution (cards are exchangeable and a random placer ignores them), so
    each playout is one gather into a (rows, 5) array and all are ranked by one
    :func:`~pokerrules.hands.evaluate_many` call. Every candidate row sees the
    same shuffles, so the comparison between rows is not blurred by sampling
    noise of its own.

    Args:
        samples: playouts per legal row (int >= 1; default 200).

    Raises:
        ArgumentTypeError: ``samples`` is no int.
        PokerRulesError: ``samples`` below 1.
    """

    def __init__(self, samples: int = 200) -> None:
        self.samples = check_count(samples, "samples")

    def win_rates(
        self, view: EastWestView, legal_moves: Sequence[Place], rng: np.random.Generator
    ) -> np.ndarray:
        """The estimated win rate of each of ``legal_moves``: float64 array of
        shape (len(legal_moves),), in 0..1.

        Raises:
            IllegalMoveError: no legal moves, or not this view's turn.
            ArgumentTypeError: ``rng`` is no numpy Generator.
        """
        _require_choice(view, legal_moves, rng)
        me = view.player
        unseen = np.array(view.unseen(), dtype=np.uint8)
        n_unseen = len(unseen)
        # Each sample's gather source: its shuffled unseen cards, then the whole
        # piquet deck so that a known card c sits at column n_unseen + (c - 20).
        shuffled = rng.permuted(np.tile(unseen, (self.samples, 1)), axis=1)
        known = np.tile(PACK, (self.samples, 1))
        source = np.concatenate([shuffled, known], axis=1)
        offset = n_unseen - PIQUET_DECK.codes[0]
        templates = np.array(
            [_template(view, me, move.row, offset) for move in legal_moves], dtype=np.intp
        )
        hands = source[:, templates]  # (samples, moves, 2 seats * 3 rows * 5)
        values = evaluate_many(hands.reshape(-1, 5), view.rules.hand_rules, check=False)
        values = values.reshape(self.samples, len(legal_moves), 2, ROWS)
        won = (values[:, :, 0] > values[:, :, 1]).sum(axis=2)
        lost = (values[:, :, 0] < values[:, :, 1]).sum(axis=2)
        rule = view.rules.win_rule
        wins = wins_game(won, lost, rule)
        losses = wins_game(lost, won, rule)
        rates: np.ndarray = (wins + 0.5 * (~wins & ~losses)).mean(axis=0)
        return rates

    def choose(
        self, view: EastWestView, legal_moves: Sequence[Place], rng: np.random.Generator
    ) -> Place:
        """The legal row with the best estimated win rate (the lower row on a tie).

        Raises:
            IllegalMoveError: no legal moves, or not this view's turn.
            ArgumentTypeError: ``rng`` is no numpy Generator.
        """
        _require_choice(view, legal_moves, rng)
        if len(legal_moves) == 1:
            return legal_moves[0]
        return legal_moves[int(np.argmax(self.win_rates(view, legal_moves, rng)))]


def _template(view: EastWestView, me: int, row: int, offset: int) -> list[int]:
    """Gather columns for one playout after ``me`` places the drawn card on ``row``:
    my three five-card rows then the opponent's. Known cards point into the
    deck part of the source (code + offset); open slots take shuffled cards in
    order, mine first."""
    assert view.card is not None
    columns: list[int] = []
    next_unseen = 0
    for seat in (me, 1 - me):
        for r in range(ROWS):
            known = [view.board[r], *view.rows[seat][r]]
            if seat == me and r == row:
                known.append(view.card)
            columns.extend(c + offset for c in known)
            open_slots = 5 - len(known)
            columns.extend(range(next_unseen, next_unseen + open_slots))
            next_unseen += open_slots
    return columns




class HeuristicAgent:
    """The pairing heuristic: places each card where it changes its row's worth
    the most, a row's worth being its pairs, trips and quads plus, while it has
    room, each of its ranks' chance of being paired by a later draw
    (:func:`~pokerrules.eastwest.policy.pairing_scores`). Deterministic: ``rng``
    is unused."""

    def choose(
        self, view: EastWestView, legal_moves: Sequence[Place], rng: np.random.Generator
    ) -> Place:
        """The best-scored legal row (the lower row on a tie).

        Raises:
            IllegalMoveError: no legal moves, or not this view's turn.
            ArgumentTypeError: ``rng`` is no numpy Generator.
        """
        _require_choice(view, legal_moves, rng)
        return heuristic_move(view, legal_moves)


class LookaheadAgent:
    """Tries every open row and keeps the one that leaves its rows best placed
    against the opponent's after the opponent's reply, the stock sampled.

    Each row is tried in the same ``samples`` worlds (the unseen cards shuffled,
    as the search's worlds are); the opponent then draws and places by the
    pairing heuristic, and the position is valued row by row with the
    heuristic's worth (:func:`~pokerrules.eastwest.policy.row_worths`, each
    side's later draws counted): the sum over the rows of
    ``tanh(own worth - opponent's worth)``, so a card goes where a row is
    contested rather than where it adds the most. Equal values go to the lower
    row.

    Args:
        samples: worlds per decision (default 8), every row tried in each.

    Raises:
        ArgumentTypeError, PokerRulesError: ``samples`` that is no int >= 1.
    """

    def __init__(self, samples: int = 8) -> None:
        self.samples = check_count(samples, "samples")
        self._game = EastWestSearch()

    def choose(
        self, view: EastWestView, legal_moves: Sequence[Place], rng: np.random.Generator
    ) -> Place:
        """The best-valued legal row (the lower row on a tie).

        Raises:
            IllegalMoveError: no legal moves, or not this view's turn.
            ArgumentTypeError: ``rng`` is no numpy Generator.
        """
        _require_choice(view, legal_moves, rng)
        if len(legal_moves) == 1:
            return legal_moves[0]
        me = view.player
        values = np.zeros(len(legal_moves))
        for _ in range(self.samples):
            world = self._game.determinize(view, rng)
            for i, move in enumerate(legal_moves):
                after = world.clone()
                after.play_unchecked(move)
                if not after.is_over:
                    them = after.current_player
                    assert them is not None
                    after.play_unchecked(heuristic_move(after.view(them), after.legal_moves()))
                seen = after.view(me)
                left = MOVES_PER_GAME - sum(len(r) for side in seen.rows for r in side)
                mine = row_worths(seen, me, (left + 1) // 2)  # the viewer moves next
                theirs = row_worths(seen, 1 - me, left // 2)
                values[i] += sum(math.tanh(a - b) for a, b in zip(mine, theirs, strict=True))
        return legal_moves[int(np.argmax(values))]

    def __repr__(self) -> str:
        return f"LookaheadAgent(samples={self.samples})"


class LearnedAgent(PolicyAgent):
    """The policy trained on the vector environment (``python -m pokerrules.learn
    east-west``; :mod:`pokerrules.learned`): the legal row whose
    :func:`~pokerrules.eastwest.policy.learned_features` score highest under the
    shipped weights (``learned.npz``, checked on first use) or the
    file of ``weights``, the lower row on a
    tie. Deterministic: ``rng`` is unused. Numpy only.

    Args:
        weights: a weight file (``.npz``, a path or an open binary file) that
            ``python -m pokerrules.learn east-west --out PATH`` wrote, to play instead
            of the shipped weights (None, the default); it must be ``east-west``'s.

    Raises:
        WeightFileError: a weight file that is damaged, refused or trained for
            another game (named; :func:`pokerrules.learned.load_weights`).
        ArgumentTypeError: ``weights`` that is neither a path nor an open binary file.
    """

    GAME = "east-west"
    PACKAGE = __package__ or ""
    FEATURES = LEARNED_FEATURES

    def choose(
        self, view: EastWestView, legal_moves: Sequence[Place], rng: np.random.Generator
    ) -> Place:
        """The best-scored legal row.

        Raises:
            IllegalMoveError: no legal moves, or not this view's turn.
            ArgumentTypeError: ``rng`` is no numpy Generator.
        """
        _require_choice(view, legal_moves, rng)
        scores = self.policy.scores(view_features(view))[0]
        return max(legal_moves, key=lambda move: (scores[move.row], -move.row))


class SearchAgent(search.SearchAgent):
    """Determinized flat Monte Carlo (:mod:`pokerrules.search`): every legal row is
    tried in the same ``playouts // rows`` worlds (the unseen cards shuffled) and
    both seats then play the pairing heuristic; the best mean result wins.

    Args:
        playouts: playouts per decision (default 3000, about 11 ms of one core),
            split over the rows.
        algorithm, time_ms: as for :class:`pokerrules.search.SearchAgent`.
    """

    def __init__(self, playouts: int = 3000, algorithm: search.Algorithm = "flat",
                 time_ms: float | None = None) -> None:
        super().__init__(EastWestSearch(), playouts, algorithm, time_ms)

    def choose(
        self, view: EastWestView, legal_moves: Sequence[Place], rng: np.random.Generator
    ) -> Place:
        """The legal row with the best search value (the lower row on a tie).

        Raises:
            IllegalMoveError: no legal moves, or not this view's turn.
            ArgumentTypeError: ``rng`` is no numpy Generator.
        """
        _require_choice(view, legal_moves, rng)
        move: Place = super().choose(view, legal_moves, rng)
        return move


AGENTS: dict[str, type[Any]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "montecarlo": MonteCarloAgent,
    "heuristic": HeuristicAgent,
    "search": SearchAgent,
    "learned": LearnedAgent,
    "lookahead": LookaheadAgent,
}
DEFAULT_AGENTS = ("search", "heuristic")


#: The agents of ``pokerrules play --level``.
LEVELS: dict[str, Callable[[], Any]] = {
    "easy": GreedyAgent,
    "normal": HeuristicAgent,
    "hard": SearchAgent,
}
