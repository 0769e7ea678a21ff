"""One search for every game: determinized Monte Carlo and information-set MCTS.

A searcher cannot see hidden cards, so it searches *worlds*: full game states
consistent with its view, each a guess at the hidden cards drawn at random
(determinization). A game joins the search through a :class:`SearchGame`, which
holds only what is the game's own:

- ``determinize(view, rng)``: one world consistent with ``view`` (the viewer's
  cards, the public cards, the counts and the history), hidden cards shuffled;
- ``policy(world, rng)``: the playout policy, a cheap move that plays sensibly;
- optionally ``rewards(world)`` to end a playout early with a value (a round's
  points, say), ``batch_values`` for vectorized playouts, and ``players(view)``
  when the views carry no ``players`` count.

:class:`ProtocolGame` supplies the rest from the shared game protocol (``clone``,
``legal_moves``, ``play``, ``result``), so any game of :mod:`pokerrules.game`
is searchable once it can determinize.

Two algorithms share that interface:

- :func:`flat_values` (determinized flat Monte Carlo): every root move is tried
  in the same sampled worlds and played out with the policy; the move with the
  best mean reward wins. Common worlds make the comparison between moves sharp.
- :func:`ismcts` (single-observer information-set MCTS with UCT): one tree over
  the searcher's information sets, each iteration in a freshly sampled world,
  a child's prior chances counted by how often it was legal.

:class:`SearchAgent` wraps either as an agent. Budgets are playouts per decision
(reproducible: the same seed and budget give the same move) or, optionally, a
time limit per decision in milliseconds (not reproducible, as machines differ).
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Hashable, Iterator, Sequence
from typing import Any, Generic, Literal, TypeVar

import numpy as np

from pokerrules._checks import check_count, shown
from pokerrules.errors import ArgumentTypeError, IllegalMoveError, PokerRulesError
from pokerrules.game import GameState, seat_index
from pokerrules.runner import check_generator

__all__ = [
    "ProtocolGame",
    "SearchAgent",
    "SearchGame",
    "flat_values",
    "ismcts",
    "result_rewards",
]

W = TypeVar("W")
M = TypeVar("M")
S = TypeVar("S", bound=GameState[Any])
Algorithm = Literal["flat", "ismcts"]
_SEED_BOUND = 2**63
#: Seeds drawn from the caller's generator at a time.
_SEED_CHUNK = 1024


class SearchGame(Generic[W, M]):
    """What the search needs of a game; subclass and implement :meth:`determinize`
    and :meth:`policy` (and the world operations, unless the worlds are game
    states: then subclass :class:`ProtocolGame`).

    Worlds are full states, hidden cards included; moves must be hashable.
    """

    #: Most moves a playout makes before it stops (a guard, not a tuning knob).
    max_playout_moves: int = 10_000
    #: False when :meth:`copy` costs more than :meth:`determinize` (then a world is
    #: "copied" by sampling it again from the same seed).
    cheap_copy: bool = True

    def determinize(self, view: Any, rng: np.random.Generator) -> W:
        """A world consistent with ``view``: the same cards where the viewer sees
        them, hidden cards drawn at random from ``rng``."""
        raise NotImplementedError

    def policy(self, world: W, rng: np.random.Generator) -> M:
        """The playout move of the player to move in ``world``."""
        raise NotImplementedError

    def players(self, view: Any) -> int:
        """How many play the game ``view`` is a view of (by default the view's
        ``players``)."""
        players: int = view.players
        return players

    def to_move(self, world: W) -> int | None:
        """The player to move, None when the world's game is over."""
        raise NotImplementedError

    def legal_moves(self, world: W) -> Sequence[M]:
        """The legal moves of the player to move."""
        raise NotImplementedError

    def play(self, world: W, move: M) -> None:
        """Makes ``move`` (known legal) in ``world``, in place."""
        raise NotImplementedError

    def copy(self, world: W) -> W:
        """An independent copy of ``world``."""
        raise NotImplementedError

    def rewards(self, world: W) -> Sequence[float] | None:
        """Each player's reward in 0..1 if a playout may stop here (the game is
        over, or the game values the position itself), else None."""
        raise NotImplementedError


class ProtocolGame(SearchGame[S, Any]):
    """A :class:`SearchGame` whose worlds are the game's own states: every world
    operation goes through the shared protocol; subclasses give ``determinize``
    and ``policy`` (a game's ``determinize`` usually builds its world with the
    state's :meth:`~pokerrules.game.GameState.from_view`)."""

    def to_move(self, world: S) -> int | None:
        return world.current_player

    def legal_moves(self, world: S) -> Sequence[Any]:
        return world.legal_moves()

    def play(self, world: S, move: Any) -> None:
        world.play_unchecked(move)

    def copy(self, world: S) -> S:
        return world.clone()

    def rewards(self, world: S) -> Sequence[float] | None:
        return result_rewards(world) if world.is_over else None


def result_rewards(state: GameState[Any]) -> tuple[float, ...]:
    """Rewards of a finished game: the winners share 1 (a sole winner gets 1, two
    tied winners 0.5 each), the others get 0; a draw gives every player
    ``1 / players``."""
    winners = state.result().winners
    if not winners:
        return (1.0 / state.players,) * state.players
    share = 1.0 / len(winners)
    return tuple(share if p in winners else 0.0 for p in range(state.players))


def playout(game: SearchGame[W, M], world: W, rng: np.random.Generator) -> Sequence[float]:
    """Plays ``world`` out with the game's policy, in place; each player's reward.

    Raises:
        PokerRulesError: the playout did not end within ``game.max_playout_moves``.
    """
    for _ in range(game.max_playout_moves):
        rewards = game.rewards(world)
        if rewards is not None:
            return rewards
        game.play(world, game.policy(world, rng))
    raise PokerRulesError(f"a playout did not end within {game.max_playout_moves} moves")


def _search_arguments(game: SearchGame[Any, Any], view: Any, player: Any,
                      moves: Sequence[Any], budget: Any, rng: Any, name: str,
                      deadline: Any) -> tuple[int, int, float | None]:
    """The seat, budget and deadline of a search, once its moves and generator
    are checked."""
    check_generator(rng)
    if isinstance(moves, (str, bytes)) or not isinstance(moves, Sequence) or not moves:
        raise PokerRulesError(f"a search needs a list of moves, not {shown(moves)}")
    budget = check_count(budget, name)
    if deadline is not None:
        if isinstance(deadline, (bool, np.bool_)) or not isinstance(
                deadline, (int, float, np.integer, np.floating)):
            raise ArgumentTypeError(
                f"deadline must be a time.perf_counter() time, not {shown(deadline)}")
        try:
            deadline = float(deadline)
        except OverflowError:  # an int beyond floats: as far as times go
            deadline = math.inf if deadline > 0 else -math.inf
        if math.isnan(deadline):
            raise PokerRulesError("deadline must be a time.perf_counter() time, not nan")
    return seat_index(player, game.players(view)), budget, deadline


def _seeds(rng: np.random.Generator, n: int) -> Iterator[int]:
    """``n`` seeds from ``rng``, drawn :data:`_SEED_CHUNK` at a time (the same
    seeds as drawn at once), so that a large budget does not fill the memory."""
    while n > 0:
        chunk = min(n, _SEED_CHUNK)
        yield from (int(s) for s in rng.integers(_SEED_BOUND, size=chunk))
        n -= chunk


def flat_values(
    game: SearchGame[W, M],
    view: Any,
    player: int,
    moves: Sequence[M],
    worlds: int,
    rng: np.random.Generator,
    deadline: float | None = None,
) -> np.ndarray:
    """Determinized flat Monte Carlo: the mean reward to ``player`` of each of
    ``moves`` over the same ``worlds`` sampled worlds, each move followed by a
    playout with the same random stream (common random numbers).

    A game with a ``batch_values(view, moves, worlds, rng)`` method plays the
    worlds through it (its rows are worlds, its columns moves), valued for the
    viewer, who must then be ``player``; a call plays at most
    :data:`BATCH_PLAYOUTS` playouts (worlds times moves), so memory does not
    grow with the budget. With a ``deadline`` (a :func:`time.perf_counter`
    time) sampling stops once it has passed, checked after every world (with
    ``batch_values``: after every call, the calls growing from
    :data:`FIRST_BATCH_PLAYOUTS` playouts, doubling up to
    :data:`BATCH_PLAYOUTS`), so a search runs past its deadline by at most
    one world or one call.

    Returns:
        float64 array of shape (len(moves),), in 0..1.

    Raises:
        ArgumentTypeError: ``worlds`` is no int, ``rng`` no numpy Generator or
            ``deadline`` no number.
        PokerRulesError: no moves, ``worlds`` below 1, a ``player`` who is no
            seat of the game (or, for a game that batches, not the viewer), or a
            ``deadline`` that is nan.
    """
    player, worlds, deadline = _search_arguments(game, view, player, moves, worlds, rng,
                                                 "worlds", deadline)
    batch = getattr(game, "batch_values", None)
    if batch is not None and player != getattr(view, "player", player):
        raise PokerRulesError(
            f"batched playouts value the viewer's moves: player {shown(player)} is not "
            f"the viewer {view.player}")
    if batch is not None:
        return _batched_values(batch, view, moves, worlds, rng, deadline)
    seeds = _seeds(rng, worlds)
    totals = np.zeros(len(moves))
    done = 0
    first = next(seeds)
    stream = np.random.default_rng(first)
    for seed in itertools.chain((first,), seeds):
        base = game.determinize(view, np.random.default_rng(seed))
        start = stream.bit_generator.state
        for i, move in enumerate(moves):
            if i == len(moves) - 1:
                world = base
            elif game.cheap_copy:
                world = game.copy(base)
            else:  # the same seed gives the same world
                world = game.determinize(view, np.random.default_rng(seed))
            game.play(world, move)
            stream.bit_generator.state = start  # every move sees the same playout stream
            totals[i] += playout(game, world, stream)[player]
        done += 1
        if deadline is not None and time.perf_counter() > deadline:
            break
    result: np.ndarray = totals / done
    return result


#: Most playouts (worlds times moves) one ``batch_values`` call plays: it bounds
#: a call's memory and how far past a deadline a batched search runs.
BATCH_PLAYOUTS = 4096
#: The playouts of a batched search's first call when it has a deadline.
FIRST_BATCH_PLAYOUTS = 256


def _batched_values(batch: Any, view: Any, moves: Sequence[Any], worlds: int,
                    rng: np.random.Generator, deadline: float | None) -> np.ndarray:
    """:func:`flat_values` through the game's ``batch_values``, a call at a time.

    Worlds come from one stream, each drawn in turn, so batches of any size give
    the same worlds; the sums add world after world, as one call's would."""
    stream = np.random.default_rng(next(_seeds(rng, 1)))
    largest = max(1, BATCH_PLAYOUTS // len(moves))
    size = largest if deadline is None else max(1, FIRST_BATCH_PLAYOUTS // len(moves))
    totals, done = np.zeros(len(moves)), 0
    while done < worlds:
        size = min(size, largest, worlds - done)
        part = np.asarray(batch(view, moves, size, stream), dtype=np.float64)
        totals = np.concatenate([totals[None], part]).sum(axis=0)
        done += size
        if deadline is not None and time.perf_counter() > deadline:
            break
        size *= 2
    means: np.ndarray = totals / done
    return means


class _Node:
    """An ISMCTS node: the move that led here, who made it, its statistics."""

    __slots__ = ("available", "children", "player", "total", "visits")

    def __init__(self, player: int) -> None:
        self.player = player
        self.visits = 0
        self.available = 0
        self.total = 0.0
        self.children: dict[Hashable, _Node] = {}


def ismcts(
    game: SearchGame[W, M],
    view: Any,
    player: int,
    moves: Sequence[M],
    iterations: int,
    rng: np.random.Generator,
    exploration: float = 0.7,
    deadline: float | None = None,
) -> np.ndarray:
    """Single-observer information-set MCTS with UCT: each iteration samples a
    world, descends the tree of moves (for every player; a child's chances are
    counted over the iterations where its move was legal), adds one node and
    plays out with the game's policy. With a ``deadline`` (a
    :func:`time.perf_counter` time) it stops after the iteration that passes it.

    Returns:
        float64 array of shape (len(moves),): the visits of each root move.

    Raises:
        ArgumentTypeError: ``iterations`` is no int, ``rng`` no numpy Generator,
            or ``exploration`` or ``deadline`` no number.
        PokerRulesError: no moves, ``iterations`` below 1, a ``player`` who is no
            seat of the game, an ``exploration`` that is no finite number >= 0 or
            a ``deadline`` that is nan.
    """
    player, iterations, deadline = _search_arguments(game, view, player, moves, iterations,
                                                     rng, "iterations", deadline)
    exploration = _positive_number(exploration, "exploration", zero=True)
    root = _Node(player)
    for seed in _seeds(rng, iterations):
        stream = np.random.default_rng(seed)
        world = game.determinize(view, stream)
        node, path = root, [root]
        while game.rewards(world) is None:
            legal = moves if node is root else game.legal_moves(world)
            mover = game.to_move(world)
            assert mover is not None
            untried = [m for m in legal if m not in node.children]
            if untried:
                move = untried[int(stream.integers(len(untried)))]
                node.children[move] = child = _Node(mover)
                for m in legal:
                    tried = node.children.get(m)
                    if tried is not None:
                        tried.available += 1
                game.play(world, move)
                path.append(child)
                break
            best, best_score = legal[0], -math.inf
            for m in legal:
                c = node.children[m]
                c.available += 1
                score = c.total / c.visits + exploration * math.sqrt(
                    math.log(c.available) / c.visits)
                if score > best_score:
                    best, best_score = m, score
            game.play(world, best)
            node = node.children[best]
            path.append(node)
        rewards = playout(game, world, stream)
        for n in path[1:]:
            n.visits += 1
            n.total += rewards[n.player]
        if deadline is not None and time.perf_counter() > deadline:
            break
    return np.array([root.children[m].visits if m in root.children else 0 for m in moves],
                    dtype=np.float64)


_MAX_PLAYOUTS = 10**9


def _positive_number(value: Any, name: str, zero: bool = False) -> float:
    """``value`` as a finite float above 0 (or at least 0 when ``zero``)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.number)):
        raise ArgumentTypeError(f"{name} must be a number, not {shown(value)}")
    try:
        number = float(value)
    except OverflowError:
        number = math.inf
    if not math.isfinite(number) or number < 0 or (number == 0 and not zero):
        raise PokerRulesError(
            f"{name} must be a finite number {'>= 0' if zero else '> 0'}, not {shown(value)}")
    return number


class SearchAgent:
    """An agent that searches worlds sampled from its view (never the hidden cards:
    it is given only the view and the legal moves).

    Args:
        game: the game's :class:`SearchGame`.
        playouts: playouts per decision (int >= 1): with ``"flat"`` split evenly
            over the legal moves, with ``"ismcts"`` the iterations.
        algorithm: ``"flat"`` (determinized flat Monte Carlo) or ``"ismcts"``.
        time_ms: if given, also stop once this many milliseconds have passed
            (then the move depends on the machine's speed).
        exploration: the UCT constant of ``"ismcts"``.

    Raises:
        ArgumentTypeError: a ``game`` that is no :class:`SearchGame`, or a budget
            or ``exploration`` that is no number (``playouts``: no int).
        PokerRulesError: ``playouts`` outside 1..10**9, a ``time_ms`` that is no
            finite number > 0, an ``exploration`` that is no finite number >= 0,
            or an unknown algorithm.
    """

    def __init__(
        self,
        game: SearchGame[Any, Any],
        playouts: int = 200,
        algorithm: Algorithm = "flat",
        time_ms: float | None = None,
        exploration: float = 0.7,
    ) -> None:
        if not isinstance(game, SearchGame):
            raise ArgumentTypeError(
                f"a SearchAgent searches a SearchGame (each game's policy module has "
                f"one), not {shown(game)}")
        playouts = check_count(playouts, "playouts", 1, _MAX_PLAYOUTS)
        if algorithm not in ("flat", "ismcts"):
            raise PokerRulesError(f"unknown algorithm {shown(algorithm)}; use 'flat' or 'ismcts'")
        if time_ms is not None:
            time_ms = _positive_number(time_ms, "time_ms")
        exploration = _positive_number(exploration, "exploration", zero=True)
        self.game = game
        self.playouts = playouts
        self.algorithm = algorithm
        self.time_ms = time_ms
        self.exploration = exploration

    def values(self, view: Any, player: int, legal_moves: Sequence[Any],
               rng: np.random.Generator) -> np.ndarray:
        """Each legal move's search value: its mean reward (flat) or its visits
        (ismcts); float64 array of shape (len(legal_moves),)."""
        deadline = None if self.time_ms is None else time.perf_counter() + self.time_ms / 1000
        if self.algorithm == "flat":
            worlds = max(1, self.playouts // len(legal_moves))
            return flat_values(self.game, view, player, legal_moves, worlds, rng, deadline)
        return ismcts(self.game, view, player, legal_moves, self.playouts, rng,
                      self.exploration, deadline)

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: np.random.Generator) -> Any:
        """The legal move with the best search value (the first of equals); a
        single legal move is returned without searching (and without drawing
        from ``rng``).

        Raises:
            IllegalMoveError: no legal moves.
            ArgumentTypeError: ``rng`` is no numpy Generator.
        """
        check_generator(rng)
        if not legal_moves:
            raise IllegalMoveError("there is no legal move to choose from")
        if len(legal_moves) == 1:
            return legal_moves[0]
        player = view.player
        return legal_moves[int(np.argmax(self.values(view, player, legal_moves, rng)))]

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(playouts={self.playouts}, "
                f"algorithm={self.algorithm!r})")
