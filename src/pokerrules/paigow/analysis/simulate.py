"""The house edge by simulation: heads-up rounds, player against banker.

Each round deals 14 cards of the shuffled 53 (seven to the player, seven to
the banker), sets both hands and settles the bet. With the built-in house ways
on both sides the whole loop runs in C with the GIL released; any other
strategy (a callable, or "optimal") gets its hands from that same C deal and
is settled in C, so it sees the very same cards.

The rounds are cut into chunks of ``chunk_size``; chunk ``i`` draws from
``numpy.random.SeedSequence(seed, spawn_key=(i,))``, so the same seed and chunk
size give the same result whether the chunks run here, in a process pool or on
a cluster. Chunks are made as workers free up, never all at once.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt

from pokerrules import _paigow
from pokerrules._checks import check_count, shown
from pokerrules._core import ALL_CARDS
from pokerrules.cards import Card, SeedLike, format_cards
from pokerrules.errors import IllegalMoveError, PokerRulesError
from pokerrules.jobs import (
    check_optional_flag,
    check_start_method,
    check_workers,
    run_chunks,
)
from pokerrules.paigow.analysis.outcomes import batch_settings
from pokerrules.paigow.analysis.rates import mean_net, net_variance
from pokerrules.paigow.analysis.strategy import SampledOptimalStrategy
from pokerrules.paigow.game.description import DescribedWay
from pokerrules.paigow.game.houseway import (
    BatchWay,
    HouseWayLike,
    check_pair,
    check_way,
    house_way,
)
from pokerrules.paigow.game.rules import (
    DEFAULT_RULES,
    PaiGowRules,
    PaiGowRulesLike,
    blind_rules,
    callable_name,
)
from pokerrules.paigow.game.setting import Setting
from pokerrules.shuffle import seed_int

__all__ = ["Z95", "SimulationResult", "simulate"]

#: The two-sided 95% normal quantile.
Z95 = 1.959963984540054

DEFAULT_CHUNK = 1_000_000

_COUNT = {name: k for k, name in enumerate(_paigow.SIM_COUNTS)}


#: The names simulate takes beside the built-in ways' names.
NAMES = ("house_way", "optimal")

#: A side's strategy, resolved: a built-in way's number, a loaded way, a callable
#: or a BatchWay.
Resolved: TypeAlias = (int | DescribedWay | Callable[[tuple[Card, ...], PaiGowRules], Setting]
                       | BatchWay)


def _kernel_way(spec: int | DescribedWay) -> int | _paigow.CompiledWay:
    """What the C kernels take: a built-in way's number or a loaded way's program."""
    return spec.compiled if isinstance(spec, DescribedWay) else spec


def _resolve(spec: HouseWayLike, rules: PaiGowRules, seat: str, seed: int) -> tuple[Resolved, str]:
    """A checked strategy as a built-in way's number, a callable strategy or a
    BatchWay, and its name."""
    if isinstance(spec, str):
        if spec == "optimal":  # its samples are seeded by the run's seed
            return SampledOptimalStrategy(seed=seed, seat=seat), "optimal"
        name = rules.house_way if spec == "house_way" else spec
        if isinstance(name, str):
            return _paigow.WAYS.index(name), name
        if isinstance(name, DescribedWay):
            return name, name.name
        return name, callable_name(name)
    if isinstance(spec, DescribedWay):
        return spec, spec.name
    if isinstance(spec, BatchWay):
        return spec, str(spec)
    return spec, callable_name(spec)


def _ways(way: HouseWayLike | None,
          player_way: HouseWayLike | None) -> tuple[HouseWayLike, HouseWayLike]:
    """The banker's and the player's strategies, checked: ``way`` (default the
    rules' house way) and ``player_way`` (default the banker's)."""
    checked = check_way("house_way" if way is None else way, "way", NAMES)
    if player_way is None:
        return checked, checked
    return checked, check_way(player_way, "player_way", NAMES)


def _chunk_words(seed: int, index: int) -> npt.NDArray[np.uint64]:
    state = np.random.SeedSequence(seed, spawn_key=(index,)).generate_state(4, np.uint64)
    return np.asarray(state, dtype=np.uint64)


def _set_all(
    hands: npt.NDArray[np.uint8], spec: Resolved, rules: PaiGowRules, seat: str
) -> npt.NDArray[np.uint8]:
    """(n, 7) rows, five high codes then two low, for (n, 7) hands."""
    variant = rules.hand_rules.variant
    if isinstance(spec, (int, DescribedWay)):
        rows, _ = _paigow.house_way_batch(hands, variant, _kernel_way(spec), False)
        out: npt.NDArray[np.uint8] = rows
        return out
    if isinstance(spec, BatchWay):
        out = batch_settings(spec, hands, rules)
        wrong = (np.sort(out, axis=1) != np.sort(hands, axis=1)).any(axis=1)
        if wrong.any():
            bad = int(np.flatnonzero(wrong)[0])
            raise IllegalMoveError(f"the {seat} strategy {spec} set "
                                   f"{format_cards(hands[bad].tolist())} as "
                                   f"{format_cards(out[bad].tolist())}, not its cards")
        return out
    out = np.empty_like(hands)
    for i, row in enumerate(hands):
        cards = tuple(ALL_CARDS[int(c)] for c in row)
        setting = spec(cards, rules)
        if not isinstance(setting, Setting):
            raise PokerRulesError(f"the {seat} strategy returned {shown(setting)}, not a Setting")
        try:
            setting.check_hand(cards)
        except IllegalMoveError as exc:
            raise IllegalMoveError(f"the {seat} strategy: {exc}") from None
        out[i] = [c.code for c in setting.cards]
    return out


def _run_chunk(
    task: tuple[PaiGowRules, Resolved, Resolved, int, npt.NDArray[np.uint64]],
) -> npt.NDArray[np.int64]:
    """Counts (indexed as ``_paigow.SIM_COUNTS``) of one chunk; module-level so
    that pools and clusters can pickle it."""
    rules, player, banker, n, words = task
    variant = rules.hand_rules.variant
    if isinstance(player, (int, DescribedWay)) and isinstance(banker, (int, DescribedWay)):
        counts: npt.NDArray[np.int64] = _paigow.sim_rounds(
            variant, _kernel_way(player), _kernel_way(banker), n, words,
            push=rules.push_number)
        return counts
    deal = _paigow.sim_deal(n, words)
    player_rows = _set_all(np.ascontiguousarray(deal[:, :7]), player, rules, "player")
    banker_rows = _set_all(np.ascontiguousarray(deal[:, 7:]), banker, rules, "banker")
    reset = 0
    if rules.banker_foul == "house_way":  # a fouled banker is set again by the house way
        for i in np.flatnonzero(_paigow.foul_batch(banker_rows, variant)):
            cards = [ALL_CARDS[int(c)] for c in deal[i, 7:]]
            banker_rows[i] = [c.code for c in house_way(cards, rules).cards]
            reset += 1
    flags = _paigow.settle_batch(player_rows, banker_rows, variant, rules.push_number)
    outcome = flags & 3
    counts = np.zeros(len(_paigow.SIM_COUNTS), dtype=np.int64)
    counts[_COUNT["rounds"]] = n
    counts[_COUNT["wins"]] = np.count_nonzero(outcome == 2)
    counts[_COUNT["pushes"]] = np.count_nonzero(outcome == 1)
    counts[_COUNT["losses"]] = np.count_nonzero(outcome == 0)
    counts[_COUNT["high_copies"]] = np.count_nonzero(flags & 4)
    counts[_COUNT["low_copies"]] = np.count_nonzero(flags & 8)
    counts[_COUNT["player_fouls"]] = np.count_nonzero(flags & 16)
    counts[_COUNT["banker_fouls"]] = np.count_nonzero(flags & 32) + reset
    counts[_COUNT["banker_pushes"]] = np.count_nonzero(flags & 64)
    return counts


@dataclass(frozen=True)
class SimulationResult:
    """What :func:`simulate` counted.

    The rates, standard errors and EVs are None when no round finished (a run
    interrupted before its first chunk was done): there is nothing to
    estimate them from. ``to_dict`` then holds JSON ``null``.

    Attributes:
        rules: the rules.
        player, banker: the strategies' names.
        seed, chunk_size: what fixes the result.
        rounds_requested: the rounds asked for.
        rounds: the rounds played (fewer when interrupted).
        wins, pushes, losses: the player's outcomes.
        high_copies, low_copies: rounds whose high (low) hands were equal.
        player_fouls, banker_fouls: fouled settings (never by the built-in
            ways); a fouled banker reset by the house way counts too.
        interrupted: Ctrl-C stopped the run; the counts cover the chunks done.
        banker_pushes: rounds the banker's hand pushed under the rules'
            ``banker_push`` (counted among ``pushes`` too; 0 without the rule).
    """

    rules: PaiGowRules
    player: str
    banker: str
    seed: int
    chunk_size: int
    rounds_requested: int
    rounds: int
    wins: int
    pushes: int
    losses: int
    high_copies: int
    low_copies: int
    player_fouls: int
    banker_fouls: int
    interrupted: bool = False
    banker_pushes: int = 0

    def _rate(self, count: int) -> float | None:
        return count / self.rounds if self.rounds else None

    @property
    def win_rate(self) -> float | None:
        """The player's wins per round (None without rounds)."""
        return self._rate(self.wins)

    @property
    def push_rate(self) -> float | None:
        """Pushes per round (None without rounds)."""
        return self._rate(self.pushes)

    @property
    def loss_rate(self) -> float | None:
        """The player's losses per round (None without rounds)."""
        return self._rate(self.losses)

    @property
    def high_copy_rate(self) -> float | None:
        """Rounds whose two high hands tie (a copy, to the banker), per round
        (None without rounds)."""
        return self._rate(self.high_copies)

    @property
    def low_copy_rate(self) -> float | None:
        """Rounds whose two low hands tie, per round (None without rounds)."""
        return self._rate(self.low_copies)

    def rate_stderr(self, rate: float) -> float | None:
        """The standard error of an observed rate over these rounds (None
        without rounds)."""
        return math.sqrt(rate * (1 - rate) / self.rounds) if self.rounds else None

    @property
    def player_ev(self) -> float | None:
        """The player's mean net per unit bet, where a win pays 1 less the
        rules' commission and a loss costs 1 (None without rounds)."""
        if not self.rounds:
            return None
        return mean_net(self.wins, self.losses, self.rounds, self.rules.commission)

    @property
    def player_ev_stderr(self) -> float | None:
        """The standard error of :attr:`player_ev` (None without rounds)."""
        if not self.rounds:
            return None
        variance = net_variance(self.wins, self.losses, self.rounds, self.rules.commission)
        return math.sqrt(variance / self.rounds)

    @property
    def player_ev_ci(self) -> tuple[float, float] | None:
        """The 95% confidence interval of :attr:`player_ev` (normal
        approximation; None without rounds)."""
        ev, stderr = self.player_ev, self.player_ev_stderr
        if ev is None or stderr is None:
            return None
        return ev - Z95 * stderr, ev + Z95 * stderr

    @property
    def house_edge(self) -> float | None:
        """What the house keeps per unit of the player's bet when it banks,
        minus :attr:`player_ev` (None without rounds)."""
        ev = self.player_ev
        return None if ev is None else -ev

    @property
    def banker_ev(self) -> float | None:
        """A banking player's mean net per round against this one bet of 1,
        +1 on a player loss and -1 on a player win, less ``banker_commission``
        on a net win (None without rounds)."""
        if not self.rounds:
            return None
        return mean_net(self.losses, self.wins, self.rounds, self.rules.banker_commission)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict: the counts, the rates and the EVs (None, JSON
        null, for the rates and EVs when no round finished)."""
        ci = self.player_ev_ci
        return {
            "rules": self.rules.to_dict(), "player": self.player, "banker": self.banker,
            "seed": self.seed, "chunk_size": self.chunk_size,
            "rounds_requested": self.rounds_requested, "rounds": self.rounds,
            "wins": self.wins, "pushes": self.pushes, "losses": self.losses,
            "high_copies": self.high_copies, "low_copies": self.low_copies,
            "player_fouls": self.player_fouls, "banker_fouls": self.banker_fouls,
            "win_rate": self.win_rate, "push_rate": self.push_rate,
            "loss_rate": self.loss_rate, "high_copy_rate": self.high_copy_rate,
            "low_copy_rate": self.low_copy_rate, "player_ev": self.player_ev,
            "player_ev_stderr": self.player_ev_stderr,
            "player_ev_ci95": None if ci is None else list(ci),
            "house_edge": self.house_edge, "banker_ev": self.banker_ev,
            "interrupted": self.interrupted,
            # only under a push rule: results of the other rules read as before
            **({"banker_pushes": self.banker_pushes} if self.rules.banker_push else {}),
        }


def _tasks(
    rules: PaiGowRules, player: Resolved, banker: Resolved, rounds: int,
    chunk_size: int, seed: int,
) -> Iterator[tuple[PaiGowRules, Resolved, Resolved, int, npt.NDArray[np.uint64]]]:
    """The chunk tasks in order, each made when it is asked for."""
    for index, start in enumerate(range(0, rounds, chunk_size)):
        yield rules, player, banker, min(chunk_size, rounds - start), _chunk_words(seed, index)


def simulate(
    rules: PaiGowRulesLike = DEFAULT_RULES,
    rounds: int = 1_000_000,
    *,
    way: HouseWayLike | None = None,
    player_way: HouseWayLike | None = None,
    seed: SeedLike,
    workers: int = 1,
    executor: Executor | None = None,
    chunk_size: int = DEFAULT_CHUNK,
    progress: bool | None = None,
    on_chunk: Callable[[npt.NDArray[np.int64]], None] | None = None,
    start_method: str | None = None,
) -> SimulationResult:
    """Simulates heads-up rounds and counts the player's results.

    >>> from pokerrules.paigow import PaiGowRules, simulate
    >>> result = simulate(PaiGowRules.casino(), 200_000, seed=1)
    >>> result.rounds, result.wins + result.pushes + result.losses
    (200000, 200000)
    >>> round(result.win_rate, 2), round(result.push_rate, 2), round(result.loss_rate, 2)
    (0.29, 0.4, 0.3)

    Args:
        rules: the rules (commission, banker commission, wheel, house way,
            banker foul rule), or a preset's name from ``PRESETS`` ("classic", "casino", "ez",
            "commission_free", "face_up", any case).
        rounds: rounds to play, 1 to 2**63 - 1 (any integer type).
        way: the banker's strategy: "house_way" (the rules' own, the
            default), a name from ``WAYS``, "optimal" (:class:`SampledOptimalStrategy`
            with 5,000 samples seeded by ``seed``: the best setting against the
            other side's house way; slow), a callable ``(cards, rules) ->
            Setting`` or a :class:`BatchWay` (picklable for workers > 1).
        player_way: the player's strategy, the same kinds; by default the
            banker's (as :func:`exact_house_edge` takes them). A
            :class:`~pokerrules.paigow.StrategyTable` must be of its seat (a
            banker's table as ``way``), these rules, the other seat's way and
            the full deck.
        seed: int, or a numpy Generator (one int is drawn from it).
        workers: 1 runs here; N > 1 runs the chunks in a local process pool of
            N processes, but never more processes than chunks (a run of one
            chunk runs here).
        executor: any concurrent.futures.Executor instead (Dask, Ray ...).
        chunk_size: rounds per chunk (the result depends on it and the seed
            only), 1 to 2**63 - 1. A chunk is the unit of work and of a partial
            result: it finishes whole or not at all.
        progress: a progress bar on stderr (tqdm) counting the rounds done;
            None: on a terminal only.
        on_chunk: called with each chunk's counts as it arrives.
        start_method: how the process pool starts its processes
            ("forkserver", "spawn" or "fork"; None: ``forkserver`` where the
            platform has it, else ``spawn``). Under the first two a callable
            strategy from the caller's script must be defined at the top level
            of a script that starts its work under ``if __name__ == "__main__":``.

    Returns:
        SimulationResult. On Ctrl-C it returns at once (within about a
        second) with the chunks finished so far and ``interrupted=True``: a
        local pool's workers are terminated, an executor's chunks not yet
        started are cancelled (the executor itself stays open). With no chunk
        finished, the rates and EVs are None.

    Raises:
        PokerRulesError: a bad count, workers, executor or start method; a name
            that is no preset or no way; rules with ``banker_shown`` (Face Up:
            the player's best reply to the shown hand is not simulated; see
            :func:`~pokerrules.paigow.exact_house_edge`).
        ArgumentTypeError: rules that are neither PaiGowRules nor a name, a way
            that is no strategy, a seed that is neither an int nor a Generator,
            ``progress`` neither a bool nor None. Each names its argument.
        IllegalMoveError: a strategy set cards not in its hand.
    """
    rules = blind_rules(rules, "simulate")
    rounds = check_count(rounds, "rounds")
    chunk_size = check_count(chunk_size, "chunk_size")
    workers = check_workers(workers, executor)
    check_start_method(start_method)
    if isinstance(seed, np.random.Generator):
        seed = int(seed.integers(2**63))
    banker_way, player_way = _ways(way, player_way)
    check_optional_flag(progress, "progress")
    seed = seed_int(seed)
    named = [rules.house_way if isinstance(way, str) and way == "house_way" else way
             for way in (banker_way, player_way)]
    check_pair(rules, named[0], named[1], np.arange(53, dtype=np.uint8))
    player_spec, player_name = _resolve(player_way, rules, "player", seed)
    banker_spec, banker_name = _resolve(banker_way, rules, "banker", seed)
    total = np.zeros(len(_paigow.SIM_COUNTS), dtype=np.int64)

    def add(index: int, counts: npt.NDArray[np.int64]) -> None:
        np.add(total, counts, out=total)
        if on_chunk is not None:
            on_chunk(counts)

    interrupted = run_chunks(
        _run_chunk, _tasks(rules, player_spec, banker_spec, rounds, chunk_size, seed),
        total=-(-rounds // chunk_size), on_result=add, workers=workers, executor=executor,
        progress=progress, desc="simulate", unit="round",
        units=(rounds, lambda counts: int(counts[_COUNT["rounds"]])),
        start_method=start_method, returns=np.ndarray)
    c = {name: int(total[k]) for name, k in _COUNT.items()}
    return SimulationResult(rules, player_name, banker_name, seed, chunk_size,
                            rounds, c["rounds"], c["wins"], c["pushes"], c["losses"],
                            c["high_copies"], c["low_copies"], c["player_fouls"],
                            c["banker_fouls"], interrupted, c["banker_pushes"])
