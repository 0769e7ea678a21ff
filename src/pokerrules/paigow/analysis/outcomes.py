"""The outcome table of the exact counts (:mod:`pokerrules.paigow.analysis.exact`): every
hand of a deck set by each side's strategy, its back value and front rank kept,
set and checked in steps so that Ctrl-C is seen between them.
"""

from __future__ import annotations

import itertools
import math
import os
from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from pokerrules import _paigow
from pokerrules._checks import shown
from pokerrules.cards import CardsLike, card_codes, format_cards, parse_cards
from pokerrules.errors import ArgumentTypeError, IllegalMoveError, PokerRulesError
from pokerrules.jobs import run_threads
from pokerrules.paigow.game.description import DescribedWay
from pokerrules.paigow.game.houseway import WAYS, BatchWay, HouseWayLike, way_handle
from pokerrules.paigow.game.rules import PaiGowRules, callable_name
from pokerrules.paigow.game.setting import Setting

__all__ = [
    "BATCH",
    "GRID_BYTES",
    "TABLE_STEP",
    "available_memory",
    "batch_settings",
    "check_memory",
    "check_steps",
    "cpus",
    "deck_codes",
    "fill_steps",
    "fill_table",
    "most_parts",
    "new_table",
    "suit_blind",
    "suit_group",
    "table_bytes",
    "way_label",
]

#: Hands set per call of a user's strategy.
BATCH = 1 << 16

#: Hands of the table set or checked per step by a built-in way: about a tenth
#: of a second, so that Ctrl-C is seen between steps.
TABLE_STEP = 1 << 21

#: Bytes of the counting grids each thread of a count holds.
GRID_BYTES = 9 * 2**20

#: What a step reports when it is done (for a progress bar).
StepDone = Callable[[object], None]


def deck_codes(deck: CardsLike | None) -> npt.NDArray[np.uint8]:
    """The deck's card codes in increasing order (None: all 53).

    Raises:
        PokerRulesError: a card twice, fewer than 14 cards; the errors of
            :func:`~pokerrules.cards.card_codes` for what is no cards.
    """
    if deck is None:
        return np.arange(53, dtype=np.uint8)
    codes = sorted(card_codes(deck))
    if len(set(codes)) != len(codes):
        raise PokerRulesError("a deck holds each card once")
    if len(codes) < 14:
        raise PokerRulesError(f"a deck of {len(codes)} cards deals no two hands; at least 14")
    return np.array(codes, dtype=np.uint8)


def suit_group(deck: npt.NDArray[np.uint8]) -> tuple[npt.NDArray[np.uint8],
                                                      npt.NDArray[np.uint8]]:
    """The deck's suit renamings as position maps (the group, and two
    generators), or the identity alone when the deck is not closed under them."""
    codes = deck.tolist()
    where = {c: i for i, c in enumerate(codes)}
    naturals = [c for c in codes if c != 52]
    suits = sorted({c % 4 for c in naturals})
    ranks = sorted({c // 4 for c in naturals})
    identity = np.arange(len(codes), dtype=np.uint8)[None, :]
    if len(naturals) != len(suits) * len(ranks) or len(suits) < 2:
        return identity, identity
    maps = []
    for perm in itertools.permutations(suits):
        rename = dict(zip(suits, perm, strict=True))
        maps.append([where[c if c == 52 else c - c % 4 + rename[c % 4]] for c in codes])
    group = np.array(maps, dtype=np.uint8)
    # a transposition and a full cycle generate every permutation of the suits
    swap = dict(zip(suits, [suits[1], suits[0], *suits[2:]], strict=True))
    cycle = dict(zip(suits, [*suits[1:], suits[0]], strict=True))
    gens = np.array([[where[c if c == 52 else c - c % 4 + m[c % 4]] for c in codes]
                     for m in (swap, cycle)], dtype=np.uint8)
    return group, gens


def most_parts(deck_size: int) -> int:
    """The most parts a count of a deck of ``deck_size`` cards splits into: one for
    the shared-card set S empty and one for each S of 1 to 6 cards (6,476 for 14
    cards, 26,144,848 for 53)."""
    return 1 + sum(math.comb(deck_size, k) for k in range(1, 7))


def cpus() -> int:
    """The CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # no affinity on this platform (macOS, Windows)
        return os.cpu_count() or 1


def table_bytes(deck_size: int, sides: int) -> int:
    """Bytes of the outcome table: 3 a hand for one strategy on both sides, 5 for two."""
    return int(_paigow.exact_table_bytes(deck_size, sides))


def available_memory() -> int | None:
    """The bytes of memory available (None where the system does not tell)."""
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        return None
    return None


def check_memory(need: int, what: str = "the exact count needs") -> None:
    """Refuses ``need`` bytes more than the memory available: PokerRulesError
    "``what`` N MiB; M MiB are available"."""
    available = available_memory()
    if available is not None and need > available:
        raise PokerRulesError(f"{what} {need / 2**20:.0f} MiB; "
                              f"{available / 2**20:.0f} MiB are available")


def new_table(codes: npt.NDArray[np.uint8], sides: int, need: int) -> npt.NDArray[np.uint8]:
    """A zeroed outcome table of the deck, refused where ``need`` bytes (the
    table and the counting grids) would not fit."""
    check_memory(need)
    try:
        return np.zeros(table_bytes(len(codes), sides), dtype=np.uint8)
    except MemoryError:
        raise PokerRulesError(f"the exact count needs {need / 2**20:.0f} MiB, "
                              "which could not be allocated") from None


def way_label(way: HouseWayLike) -> str:
    """A strategy's name in results and messages."""
    if isinstance(way, str):
        return way
    if isinstance(way, DescribedWay):
        return way.name
    if isinstance(way, BatchWay):
        return str(way)
    return callable_name(way)


def fill_steps(deck_size: int, way: HouseWayLike) -> range:
    """The first hand of each step that sets the table by ``way``."""
    step = TABLE_STEP if isinstance(way, (str, DescribedWay)) else BATCH
    return range(0, math.comb(deck_size, 7), step)


def check_steps(deck_size: int) -> range:
    """The first hand of each step of :func:`suit_blind`."""
    return range(0, math.comb(deck_size, 7), TABLE_STEP)


def fill_table(deck: npt.NDArray[np.uint8], rules: PaiGowRules, way: HouseWayLike, side: int,
               sides: int, table: npt.NDArray[np.uint8], threads: int = 1,
               step_done: StepDone | None = None, *, banker: bool = False) -> None:
    """Sets side ``side`` of the table by ``way``, step by step (a built-in way on
    ``threads`` threads; a user's strategy here, one batch at a time). A
    ``banker`` side stores a setting that pushes under the rules' ``banker_push``
    as the C kernel's push key, which no player key beats or loses to.

    Raises:
        IllegalMoveError: a strategy set a hand with other cards or fouled it.
        ArgumentTypeError: it returned no Setting.
    """
    variant = rules.hand_rules.variant
    push = rules.push_number if banker else 0
    total = math.comb(len(deck), 7)
    steps = fill_steps(len(deck), way)
    done = step_done or (lambda _: None)
    if isinstance(way, (str, DescribedWay)):
        program = way_handle(way)

        def fill(start: int) -> None:
            _paigow.exact_fill_way(deck, variant, program, side, sides, table, start,
                                   min(steps.step, total - start), push)

        run_threads(fill, steps, threads=threads, on_result=done)
        return
    if not isinstance(way, BatchWay) and not callable(way):
        raise ArgumentTypeError(f"a strategy is a way's name from {', '.join(WAYS)}, a "
                                f"callable or a BatchWay, not {shown(way)}")
    for start in steps:
        hands = _paigow.exact_hands(deck, start, min(BATCH, total - start))
        rows = batch_settings(way, hands, rules)
        bad, why = _paigow.exact_fill_settings(deck, variant, start, rows, side, sides, table,
                                               push)
        if bad >= 0:
            hand = format_cards(hands[bad].tolist())
            setting = f"{format_cards(rows[bad, :5].tolist())} / " \
                      f"{format_cards(rows[bad, 5:].tolist())}"
            if why == 2:
                raise IllegalMoveError(f"the strategy {way_label(way)} fouls {hand}: {setting}")
            raise IllegalMoveError(
                f"the strategy {way_label(way)} set {hand} as {setting}, not its cards")
        done(None)


def batch_settings(way: HouseWayLike, hands: npt.NDArray[np.uint8],
                   rules: PaiGowRules) -> npt.NDArray[np.uint8]:
    """The settings (n, 7) of hands (n, 7) by a BatchWay or a callable strategy."""
    if isinstance(way, BatchWay):
        out = np.asarray(way.function(hands, rules))
        # kinds i and u only: numpy counts timedelta64 among its integers
        if out.shape != hands.shape or out.dtype.kind not in "iu":
            raise PokerRulesError(
                f"the strategy {way} returned {out.dtype} {out.shape} for {hands.shape[0]} "
                f"hands; it returns integer card codes of shape {hands.shape}, first hand "
                f"{format_cards(hands[0].tolist())}")
        if ((out < 0) | (out > 52)).any():
            bad = int(np.flatnonzero(((out < 0) | (out > 52)).any(axis=1))[0])
            raise IllegalMoveError(f"the strategy {way} set "
                                   f"{format_cards(hands[bad].tolist())} with codes outside "
                                   f"0..52: {out[bad].tolist()}")
        return out.astype(np.uint8)
    rows = np.empty_like(hands)
    for i, hand in enumerate(hands):
        cards = tuple(parse_cards(hand.tolist()))
        setting = way(cards, rules)  # type: ignore[operator]
        if not isinstance(setting, Setting):
            raise ArgumentTypeError(f"the strategy {way_label(way)} returned {shown(setting)} "
                                    f"for {format_cards(hand.tolist())}, not a Setting")
        rows[i] = [c.code for c in (*setting.high, *setting.low)]
    return rows


class _Asymmetric(Exception):
    """A hand whose outcomes change with its suits renamed (ends the check)."""

    def __init__(self, hand: int) -> None:
        super().__init__(hand)
        self.hand = hand


def suit_blind(codes: npt.NDArray[np.uint8], sides: int, table: npt.NDArray[np.uint8],
               gens: npt.NDArray[np.uint8], threads: int, step_done: StepDone, *,
               required: bool) -> bool:
    """Whether every hand of the table keeps its outcomes with its suits renamed,
    checked step by step (on ``threads`` threads) until a hand does not.

    Raises:
        PokerRulesError: with ``required``, naming a hand that does not.
    """
    total = math.comb(len(codes), 7)
    steps = check_steps(len(codes))

    def check(start: int) -> int:
        return _paigow.exact_first_asymmetric(codes, sides, table, gens, start,
                                              min(steps.step, total - start))

    def seen(bad: int) -> None:
        if bad >= 0:
            raise _Asymmetric(bad)
        step_done(None)

    try:
        run_threads(check, steps, threads=threads, on_result=seen)
    except _Asymmetric as found:
        if required:
            hand = format_cards(_paigow.exact_hands(codes, found.hand, 1)[0].tolist())
            raise PokerRulesError(f"the strategies are not suit-blind: {hand} is worth "
                                  "something else with its suits renamed") from None
        return False
    return True
