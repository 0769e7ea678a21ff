"""Pai Gow Poker, exactly: every ordered pair of disjoint hands counted.

:func:`exact_house_edge` sets every hand of the deck by each side's strategy
(a table of each hand's back value and front rank), then counts the pairs in C:
by inclusion-exclusion over the cards two hands share, each term a 2-D
dominance count over (back value, front rank). Where both strategies are
suit-blind (checked on the table, never assumed) one shared-card set per
suit-renaming class is counted, times the class's size.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from pokerrules import _paigow
from pokerrules._checks import check_count, shown
from pokerrules.cards import Card, CardsLike, format_cards
from pokerrules.errors import ArgumentTypeError, IllegalMoveError, PokerRulesError
from pokerrules.jobs import (
    check_optional_flag,
    check_workers,
    progress_bar,
    run_chunks,
    run_threads,
)
from pokerrules.paigow.analysis.outcomes import (
    GRID_BYTES,
    batch_settings,
    check_memory,
    check_steps,
    cpus,
    deck_codes,
    fill_steps,
    fill_table,
    most_parts,
    new_table,
    suit_blind,
    suit_group,
    table_bytes,
    way_label,
)
from pokerrules.paigow.analysis.rates import OutcomeRates, mean_net
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
    paigow_rules,
)
from pokerrules.paigow.game.setting import Setting, hand_cards

__all__ = ["DEFAULT_PARTS", "MAX_PARTS", "BatchWay", "ExactHand", "ExactResult",
           "exact_hand_counts", "exact_house_edge", "exact_house_edges", "exact_memory"]

#: The parts of a count when ``parts`` is not given (at least 8 per thread):
#: small enough that Ctrl-C is seen within about a second on the full deck.
DEFAULT_PARTS = 256

#: The most parts a count splits into: no part is less than one shared-card set's
#: work, and the largest (about a second on the full deck) are that already, so
#: more parts would only add each part's own cost (tens of microseconds).
MAX_PARTS = 1 << 16


@dataclass(frozen=True)
class ExactResult(OutcomeRates):
    """The exact counts of player wins, pushes and losses over every ordered
    pair of disjoint hands of the deck (player's hand, banker's hand).

    ``symmetric`` says whether the suit-renaming shortcut was used; ``visits``
    is the number of table entries the count read; ``banker_push`` is the rules'
    banker push rule (None without one); ``banker_commission`` the rules'
    commission on a banking player's net win (:attr:`banker_ev`).
    """

    wins: int
    pushes: int
    losses: int
    commission: float
    player_way: str
    banker_way: str
    wheel_second_highest: bool
    deck_size: int
    symmetric: bool
    visits: int
    banker_push: str | None = None
    banker_commission: float = 0.0

    @property
    def banker_ev(self) -> float:
        """The banker's expected result per unit of the player's bet, heads-up, when
        a player banks: the player's losses are the banker's wins, which pay 1 less
        :attr:`banker_commission` (the house's commission on a banking player's net
        win of the round), and the player's wins its losses. Less than
        :attr:`house_edge` by the commissions the house keeps."""
        return mean_net(self.losses, self.wins, self.total, self.banker_commission)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict (the counts as exact integers; "banker_push" only
        under a push rule)."""
        return {**self._rates(), "banker_commission": self.banker_commission,
                "banker_ev": self.banker_ev, "player_way": self.player_way,
                "banker_way": self.banker_way,
                "wheel_second_highest": self.wheel_second_highest,
                "deck_size": self.deck_size, "symmetric": self.symmetric,
                **({"banker_push": self.banker_push} if self.banker_push else {})}


@dataclass(frozen=True)
class ExactHand(OutcomeRates):
    """One player hand, set one way, against every banker hand of the rest of
    the deck (C(46, 7) = 53,524,680 of them in the full deck): the exact counts
    of the player's wins, pushes and losses."""

    hand: tuple[Card, ...]
    setting: Setting
    wins: int
    pushes: int
    losses: int
    commission: float
    banker_way: str

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict (the counts as exact integers)."""
        return {"hand": format_cards(self.hand), "setting": str(self.setting),
                **self._rates(), "banker_way": self.banker_way}


def exact_memory(
    rules: PaiGowRulesLike = DEFAULT_RULES,
    way: HouseWayLike | None = None,
    player_way: HouseWayLike | None = None,
    *,
    deck: CardsLike | None = None,
    workers: int = 1,
) -> int:
    """Bytes an :func:`exact_house_edge` call with these arguments needs at its
    peak: the outcome table (3 bytes a hand for one strategy on both sides, 5 for
    two) and the counting grids of each thread (9 MiB).

    >>> from pokerrules.paigow.analysis.exact import exact_memory
    >>> round(exact_memory() / 2**20)
    450
    >>> round(exact_memory("classic", "foxwoods", "ballys") / 2**20)
    744

    Args:
        rules, way, player_way, deck, workers: as :func:`exact_house_edge`
            takes them, and checked alike.

    Raises:
        PokerRulesError, ArgumentTypeError: as :func:`exact_house_edge` for the
            same arguments (each error names its argument).
    """
    checked, banker, player = _strategies(rules, way, player_way)
    _check_shown(checked, player_way)
    workers = check_count(workers, "workers")
    n = len(deck_codes(deck))
    threads = _split(None, workers, n)[1]
    shown = math.comb(n, 7) * STAIRCASE_BYTES_PER_HAND if checked.banker_shown else 0
    return table_bytes(n, _sides(player, banker, checked)) + threads * GRID_BYTES + shown


#: Bytes a hand for the staircases of a ``banker_shown`` count: its offset (4) and
#: its frontier points (4 each), taken as 11 a hand (10.5 on average over a million
#: hands of the full deck; the full deck's measured peak, 6.4 GiB, benchmarks/RESULTS.md).
STAIRCASE_BYTES_PER_HAND = 4 + 4 * 11


def _strategies(rules: object, way: HouseWayLike | None,
                player_way: HouseWayLike | None) -> tuple[PaiGowRules, HouseWayLike, HouseWayLike]:
    """The rules, the banker's strategy (``way``, else the rules' house way) and the
    player's (``player_way``, else the banker's), each checked."""
    rules = paigow_rules(rules)
    banker = rules.house_way if way is None else check_way(way, "way")
    player = banker if player_way is None else check_way(player_way, "player_way")
    return rules, banker, player


def _sides(player: HouseWayLike, banker: HouseWayLike, rules: PaiGowRules) -> int:
    """1 when both sides set every hand alike (one table side), else 2; always 2
    under a banker push rule, whose pushing hands the banker's side marks."""
    if rules.banker_push is not None or rules.banker_shown:
        return 2
    if player is banker or (isinstance(player, (str, DescribedWay)) and player == banker):
        return 1
    if isinstance(player, BatchWay) and isinstance(banker, BatchWay):
        return 1 if player.function is banker.function else 2
    return 2


def _split(parts: int | None, workers: int, deck_size: int) -> tuple[int, int, int]:
    """The parts of a count, the threads that count them (no more than the CPUs
    or the parts) and the steps they are handed out in (a part each, or runs of
    parts when there are many)."""
    threads = min(workers, cpus())
    parts = max(DEFAULT_PARTS, 8 * threads) if parts is None else parts
    parts = min(parts, most_parts(deck_size), MAX_PARTS)
    threads = min(threads, parts)
    return parts, threads, min(parts, max(DEFAULT_PARTS, 8 * threads))


def exact_house_edge(
    rules: PaiGowRulesLike = DEFAULT_RULES,
    way: HouseWayLike | None = None,
    player_way: HouseWayLike | None = None,
    *,
    deck: CardsLike | None = None,
    symmetry: bool | None = None,
    parts: int | None = None,
    workers: int = 1,
    progress: bool | None = None,
) -> ExactResult:
    """The exact outcome counts of heads-up Pai Gow Poker over every ordered
    pair of disjoint hands (C(53, 7) x C(46, 7) for the full deck).

    The player wins when both of the player's hands beat the banker's, loses
    when the banker wins or copies both, and pushes otherwise, or whenever the
    banker's hand pushes under the rules' ``banker_push`` (as
    :func:`~pokerrules.paigow.settle`; strategies never foul: one that does is
    refused). The counts depend on the rules' wheel rule, the EV also on its
    commission.

    Under rules with ``banker_shown`` (Face Up Pai Gow) the banker's setting is
    shown first and the player plays the best reply to it
    (:func:`~pokerrules.paigow.best_reply`): a pair is a win when some setting of
    the player's hand beats the banker's on both hands, else a push when some
    setting beats one (or the banker's hand pushes), else a loss; the best reply
    is the same at any commission. The count: each hand's staircase (the frontier
    of its settings' (back, front) ranks) is counted as signed dominance points,
    and the loss as a dominance count at (its highest back, its highest front).
    The result's ``player_way`` is then ``"best_reply"``.

    Args:
        rules: the rules, or a preset's name from ``PRESETS`` ("casino", "ez" ...); their house
            way sets the banker's hands when ``way`` is not given.
        way: the banker's strategy: a name from :data:`WAYS`, a house way
            callable ``(cards, rules) -> Setting`` (called once per hand) or
            a :class:`BatchWay`, such as a banker's
            :class:`~pokerrules.paigow.StrategyTable` (the banker's best response
            to ``player_way``, which must then be the table's way; the result's
            :attr:`~ExactResult.banker_ev` is the banker's edge).
        player_way: the player's strategy, by default the banker's (none under
            ``banker_shown`` rules: the player plays the best reply); a
            :class:`~pokerrules.paigow.StrategyTable` of these rules, this
            banker's way and this deck too (its counts are then the table's
            own totals, :attr:`~pokerrules.paigow.StrategyTable.result`).
        deck: the cards dealt (at least 14), by default all 53; the count is
            the same in a smaller deck, which makes it quick to check.
        symmetry: use the suit-renaming shortcut: None (default) where the
            table shows both strategies suit-blind; False never; True
            requires it (PokerRulesError naming a hand whose worth depends
            on its suits).
        parts: split the count into this many independent parts, an int from
            1 to 2**63 - 1 (default :data:`DEFAULT_PARTS`, or 8 per thread if
            more); a larger number than the count has parts (see
            :func:`~pokerrules.paigow.analysis.outcomes.most_parts`) or than
            :data:`MAX_PARTS` is cut to that, silently. The integers do not
            depend on it.
        workers: threads setting the table and counting parts at once, sharing
            the one table (the C code runs without the GIL), an int from 1 to
            2**63 - 1; no more threads start than there are CPUs this process
            may run on or parts, the most that can count at once (a larger
            number is cut to that, silently). The integers do not depend on it.
        progress: a progress bar on stderr (tqdm) over the steps of setting
            the table and the parts of the count: None (default) on a terminal.

    The table is set and the parts are counted in steps of about a second at most
    on the full deck (a step of the count is one part, or a run of them when
    there are more than :data:`DEFAULT_PARTS` and 8 per thread), each thread
    given at most two steps at a time, as it frees up. Ctrl-C is seen between
    steps: ``KeyboardInterrupt`` once the running steps end (an interrupted count
    has no partial result).

    Returns:
        :class:`ExactResult`: the three counts as exact integers, the rates and EV.

    Raises:
        PokerRulesError: an unknown way, a bad deck, ``parts`` or ``workers``
            below 1, memory that would not fit (see :func:`exact_memory`), a
            strategy table of the other seat, of other rules, another opposing
            way or deck, or a
            ``player_way`` under ``banker_shown`` rules.
        ArgumentTypeError: rules that are neither PaiGowRules nor a preset's
            name, a way that is no strategy, ``symmetry`` or ``progress`` neither
            a bool nor None, ``parts`` or ``workers`` no int; a strategy returned
            no Setting. Each names its argument.
        IllegalMoveError: a strategy set a hand with other cards or fouled it
            (the hand is named).
    """
    rules, banker, player = _strategies(rules, way, player_way)
    _check_shown(rules, player_way)
    symmetry = check_optional_flag(symmetry, "symmetry")
    workers = check_count(workers, "workers")
    parts = None if parts is None else check_count(parts, "parts")
    codes = deck_codes(deck)
    check_pair(rules, banker, player, codes)
    n = len(codes)
    parts, threads, counts = _split(parts, workers, n)
    sides = _sides(player, banker, rules)
    group, gens = suit_group(codes)
    if symmetry and len(group) == 1:
        raise PokerRulesError("this deck has no suit renamings to use")
    check = symmetry is not False and len(group) > 1
    fills = [(banker, 1)] if rules.banker_shown else \
        [(player, 0)] if sides == 1 else [(player, 0), (banker, 1)]
    steps = sum(len(fill_steps(n, w)) for w, _ in fills) + counts
    steps += len(check_steps(n)) if check else 0
    steps += len(check_steps(n)) if rules.banker_shown else 0
    bar = progress_bar(steps, progress, "exact count", "step", steps)

    def step(what: str) -> Callable[[object], None]:
        if bar is None:
            return lambda _: None
        bar.set_description(f"exact count: {what}", refresh=False)
        return lambda _: bar.update(1)

    try:
        table = new_table(codes, sides, table_bytes(n, sides) + threads * GRID_BYTES
                          + (math.comb(n, 7) * STAIRCASE_BYTES_PER_HAND
                             if rules.banker_shown else 0))
        for strategy, side in fills:
            fill_table(codes, rules, strategy, side, sides, table, threads,
                       step("setting hands"), banker=side == sides - 1)
        stairs = _fill_staircases(codes, rules, table, threads, step("player's settings")) \
            if rules.banker_shown else None
        symmetric = check and suit_blind(codes, sides, table, gens, threads,
                                         step("checking suits"), required=bool(symmetry))
        if not symmetric:
            group = group[:1]
        wins = losses = visits = 0
        counted = step("counting")

        def count(step: int) -> list[tuple[int, int, int]]:
            run = range(step * parts // counts, (step + 1) * parts // counts)
            if stairs is not None:
                return [_paigow.exact_count_shown_part(codes, sides, table, *stairs, group,
                                                       part, parts) for part in run]
            return [_paigow.exact_count_part(codes, sides, table, group, part, parts)
                    for part in run]

        def add(results: list[tuple[int, int, int]]) -> None:
            nonlocal wins, losses, visits
            for w, lo, v in results:
                wins, losses, visits = wins + w, losses + lo, visits + v
            counted(None)

        run_threads(count, range(counts), threads=threads, on_result=add)
    finally:
        if bar is not None:
            bar.close()
    total = math.comb(n, 7) * math.comb(n - 7, 7)
    return ExactResult(wins=wins, pushes=total - wins - losses, losses=losses,
                       commission=rules.commission,
                       player_way=BEST_REPLY if rules.banker_shown else way_label(player),
                       banker_way=way_label(banker),
                       wheel_second_highest=rules.wheel_second_highest, deck_size=n,
                       symmetric=symmetric, visits=visits, banker_push=rules.banker_push,
                       banker_commission=rules.banker_commission)


#: The player's strategy of a count under ``banker_shown`` rules, as results name it.
BEST_REPLY = "best_reply"


def _check_shown(rules: PaiGowRules, player_way: HouseWayLike | None) -> None:
    """Refuses a player's strategy where the rules show the banker's hand (the
    player then plays the best reply)."""
    if rules.banker_shown and player_way is not None:
        raise PokerRulesError(
            f"player_way={way_label(player_way)}: under rules with banker_shown the player "
            "sets knowing the banker's setting and plays the best reply to it; give no "
            "player_way (or rules.replace(banker_shown=False) to play a strategy blind)")


def _fill_staircases(codes: npt.NDArray[np.uint8], rules: PaiGowRules,
                     table: npt.NDArray[np.uint8], threads: int,
                     done: Callable[[object], None]) -> tuple[npt.NDArray[np.uint32],
                                                              npt.NDArray[np.uint32]]:
    """Each hand's staircase (its settings' frontier) for the shown banker hand,
    as (offsets, points), and its loss key on side 0 of the two-sided table: the
    sizes first, then the points written in place (no second copy of them)."""
    variant = rules.hand_rules.variant
    total = math.comb(len(codes), 7)
    steps = check_steps(len(codes))
    step = steps.step
    offsets = np.zeros(total + 1, dtype=np.uint32)  # at most 21 points a hand: < 2**32

    def sizes(start: int) -> int:
        end = min(start + step, total)
        offsets[start + 1:end + 1] = _paigow.exact_staircase_sizes(codes, variant, 0, 2, table,
                                                                   start, end - start)
        return start

    run_threads(sizes, steps, threads=threads, on_result=lambda _: None)
    np.cumsum(offsets, dtype=np.uint32, out=offsets)
    points = np.empty(int(offsets[-1]), dtype=np.uint32)

    def fill(start: int) -> int:
        n = min(step, total - start)
        _paigow.exact_staircase_points(codes, variant, start, n, points, int(offsets[start]))
        return start

    run_threads(fill, steps, threads=threads, on_result=done)
    return offsets, points


def _player_setting(way: HouseWayLike, cards: tuple[Card, ...], rules: PaiGowRules) -> Setting:
    """The player's strategy applied to one hand, checked to be its cards."""
    if isinstance(way, BatchWay):
        row = batch_settings(way, np.array([[c.code for c in cards]], dtype=np.uint8), rules)[0]
        setting = Setting(row[:5].tolist(), row[5:].tolist())
        setting.check_hand(cards)
        return setting
    return house_way(cards, rules, way)


def exact_hand_counts(
    hands: Sequence[CardsLike],
    rules: PaiGowRulesLike = DEFAULT_RULES,
    way: HouseWayLike | None = None,
    player_way: HouseWayLike | None = None,
    *,
    deck: CardsLike | None = None,
) -> list[ExactHand]:
    """Each player hand, set by ``player_way``, against every banker hand of
    the rest of the deck set by ``way``: the exact counts of the player's wins,
    pushes and losses (banker wins copies, as :func:`exact_house_edge` counts).

    The banker's table is set once for all the hands (the cost of one
    :func:`exact_house_edge` table), then each hand is counted by
    inclusion-exclusion over the cards it could share with a banker hand.

    >>> from pokerrules.paigow.analysis.exact import exact_hand_counts
    >>> deck = "As Ah Ad Ks Kh Kd Qs Qh Qd Js Jh Jd 9s 9h 2c 3c"
    >>> [(h.setting, h.wins, h.pushes, h.losses)
    ...  for h in exact_hand_counts(["As Ah Ks Kh Qs Qh 2c"], "classic", deck=deck)]
    [(Setting('Ks Kh Qs Qh 2c / As Ah'), 21, 15, 0)]

    Args:
        hands: player hands (seven cards each) of the deck.
        rules: the rules or a preset's name; their house way is the banker's
            when ``way`` is not given.
        way: the banker's strategy, as for :func:`exact_house_edge`.
        player_way: how each player hand is set: a way's name, a house way
            callable or a :class:`BatchWay`; by default the banker's way.
        deck: the cards dealt (at least 14), by default all 53.

    Returns:
        One :class:`ExactHand` per hand, in the order given.

    Raises:
        PokerRulesError: rules with ``banker_shown`` (Face Up: the player sees the
            banker's setting; see :func:`~pokerrules.paigow.best_reply`).
        HandSizeError, DuplicateCardError, InvalidCardError: a hand that is not
            seven distinct cards. PokerRulesError: a hand with a card outside
            the deck, an unknown way, a bad deck or a table that would not fit.
        IllegalMoveError: a strategy set a hand with other cards or fouled it
            (the hand is named). ArgumentTypeError: a strategy returned no Setting.
    """
    blind_rules(rules, "exact_hand_counts")
    rules, banker, player = _strategies(rules, way, player_way)
    codes = deck_codes(deck)
    check_pair(rules, banker, player, codes)
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
        raise ArgumentTypeError(f"hands must be a sequence of hands, not {shown(hands)}")
    where = {int(c): i for i, c in enumerate(codes)}
    variant = rules.hand_rules.variant
    players = []
    for hand in hands:
        cards = tuple(sorted(hand_cards(hand), key=lambda c: c.code))
        outside = [c for c in cards if c.code not in where]
        if outside:
            raise PokerRulesError(f"the hand {format_cards(cards)} holds {outside[0]}, "
                                  "which is not in the deck")
        setting = _player_setting(player, cards, rules)
        first, second = sorted(cards.index(c) for c in setting.low)
        index = list(itertools.combinations(range(7), 2)).index((first, second))
        highs, lows, fouls = _paigow.setting_outcomes([c.code for c in cards], variant)
        if fouls[index]:
            raise IllegalMoveError(f"the strategy {way_label(player)} fouls "
                                   f"{format_cards(cards)}: {setting}")
        players.append((cards, setting, [where[c.code] for c in cards],
                        int(highs[index]) * 128 + int(lows[index])))
    table = new_table(codes, 1, table_bytes(len(codes), 1) + GRID_BYTES)
    fill_table(codes, rules, banker, 0, 1, table, banker=True)  # the banker's keys only
    total = math.comb(len(codes) - 7, 7)
    results = []
    for cards, setting, positions, key in players:
        wins, losses, _ = _paigow.exact_count_hand(codes, 1, table, positions, key)
        results.append(ExactHand(hand=cards, setting=setting, wins=wins,
                                 pushes=total - wins - losses, losses=losses,
                                 commission=rules.commission, banker_way=way_label(banker)))
    return results


#: One variant of a sweep: (rules, the banker's way, the player's way); a way
#: of None is the default of :func:`exact_house_edge`.
Variant = tuple[PaiGowRulesLike, HouseWayLike | None, HouseWayLike | None]


def _count_variant(task: tuple[PaiGowRulesLike, HouseWayLike | None, HouseWayLike | None,
                               npt.NDArray[np.uint8], bool | None]) -> ExactResult:
    """One whole count, table included; module-level so that pools and clusters
    can pickle it."""
    rules, way, player_way, codes, symmetry = task
    return exact_house_edge(rules, way, player_way, deck=codes, symmetry=symmetry,
                            progress=False)


def exact_house_edges(
    variants: Sequence[Variant],
    *,
    deck: CardsLike | None = None,
    symmetry: bool | None = None,
    workers: int = 1,
    executor: Executor | None = None,
    progress: bool | None = None,
    start_method: str | None = None,
) -> list[ExactResult]:
    """:func:`exact_house_edge` for each of many rule and way variants, the
    variants counted at once in a local process pool or on a cluster.

    Each variant is one task: a whole count, which sets its own table where it
    runs and frees it when done. Tasks run as :func:`simulate`'s chunks do
    (:func:`~pokerrules.jobs.run_chunks`), so a process holds one
    table at a time: ``exact_memory()`` bytes per process (about 450 MiB for
    the full deck and one way, 735 MiB for two). Each result is the one
    :func:`exact_house_edge` gives for that variant, whatever ran it.

    Args:
        variants: a sequence of ``(rules, way, player_way)`` tuples, as
            :func:`exact_house_edge` takes them (a way may be None). A
            callable strategy must be picklable (module-level) for a pool or
            a cluster.
        deck: the cards dealt in every variant (default all 53).
        symmetry: as for :func:`exact_house_edge`, for every variant.
        workers: 1 counts the variants here, one after another; N > 1 in a
            local pool of ``min(N, len(variants))`` processes, refused when
            that many tables would not fit in the memory available.
        executor: any :class:`concurrent.futures.Executor` instead, such as a
            Dask client's ``client.get_executor()`` (left open for its owner).
        progress: a progress bar over the variants (None: on a terminal).
        start_method: how a local pool starts its processes (see
            :func:`~pokerrules.jobs.run_chunks`).

    Returns:
        One :class:`ExactResult` per variant, in the order given.

    Raises:
        PokerRulesError: a variant that is not a ``(rules, way, player_way)``
            tuple or names an unknown way (the variant's index is named), a bad
            ``workers``, ``executor`` or ``start_method``, or tables that would
            not fit; whatever a count raised (see :func:`exact_house_edge`).
        KeyboardInterrupt: Ctrl-C stopped the sweep (the pool's workers are
            stopped and an executor's tasks not yet started cancelled).
    """
    workers = check_workers(workers, executor)
    symmetry = check_optional_flag(symmetry, "symmetry")
    check_optional_flag(progress, "progress")
    if isinstance(variants, (str, bytes)) or not isinstance(variants, Sequence):
        raise ArgumentTypeError(f"variants must be a sequence of (rules, way, player_way) "
                                f"tuples, not {shown(variants)}")
    for index, variant in enumerate(variants):
        if not isinstance(variant, tuple) or len(variant) != 3:
            raise PokerRulesError(f"variant {index} must be a (rules, way, player_way) "
                                  f"tuple, not {shown(variant)}")
        try:
            _strategies(*variant)
        except PokerRulesError as exc:
            raise type(exc)(f"variant {index}: {exc}") from None
    codes = deck_codes(deck)
    processes = min(workers, len(variants)) if executor is None else 1
    if processes > 1:
        need = processes * max(exact_memory(*v, deck=codes) for v in variants)
        check_memory(need, f"the tables of {processes} workers need")
    results: list[ExactResult | None] = [None] * len(variants)

    def keep(index: int, result: ExactResult) -> None:
        results[index] = result

    tasks = ((rules, way, player_way, codes, symmetry) for rules, way, player_way in variants)
    interrupted = run_chunks(_count_variant, tasks, total=len(variants), on_result=keep,
                             workers=workers, executor=executor, progress=progress,
                             desc="exact counts", unit="variant", start_method=start_method,
                             returns=ExactResult)
    if interrupted:
        raise KeyboardInterrupt
    counted = [r for r in results if r is not None]
    if len(counted) != len(variants):  # run_chunks counts the results; this is its promise
        raise PokerRulesError(f"{len(variants) - len(counted)} variants gave no result")
    return counted
