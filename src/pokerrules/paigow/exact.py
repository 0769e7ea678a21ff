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
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from pokerrules import _paigow
from pokerrules.cards import Card, CardsLike, card_codes, format_cards, parse_cards
from pokerrules.checks import check_count, shown
from pokerrules.errors import ArgumentTypeError, IllegalMoveError, PokerRulesError
from pokerrules.paigow.houseway import WAYS, house_way, way_number
from pokerrules.paigow.parallel import check_workers, progress_bar, run_chunks
from pokerrules.paigow.rules import (
    DEFAULT_RULES,
    PaiGowRules,
    PaiGowRulesLike,
    callable_name,
    paigow_rules,
)
from pokerrules.paigow.setting import Setting, hand_cards

__all__ = ["BatchWay", "ExactHand", "ExactResult", "exact_hand_counts", "exact_house_edge",
           "exact_house_edges", "exact_memory"]

#: Hands set per call of a user's strategy.
BATCH = 1 << 16

@dataclass(frozen=True)
class BatchWay:
    """A strategy that sets many hands per call: ``function(codes, rules)``
    takes a uint8 array (n, 7) of card codes and returns an integer array
    (n, 7), each row the five back codes then the two front codes of that
    hand."""

    function: Callable[[npt.NDArray[np.uint8], PaiGowRules], npt.ArrayLike]
    name: str | None = None

    def __post_init__(self) -> None:
        if not callable(self.function):
            raise ArgumentTypeError(f"BatchWay takes a callable, not {shown(self.function)}")

    def __str__(self) -> str:
        return self.name or callable_name(self.function)


class _Rates:
    """The rates and EV of exact outcome counts."""

    wins: int
    pushes: int
    losses: int
    commission: float

    @property
    def total(self) -> int:
        """Pairs of hands counted."""
        return self.wins + self.pushes + self.losses

    @property
    def win_rate(self) -> float:
        return self.wins / self.total

    @property
    def push_rate(self) -> float:
        return self.pushes / self.total

    @property
    def loss_rate(self) -> float:
        return self.losses / self.total

    @property
    def player_ev(self) -> float:
        """The player's expected result per unit bet, after the commission on a win."""
        return (self.wins * (1 - self.commission) - self.losses) / self.total

    @property
    def house_edge(self) -> float:
        return -self.player_ev

    def _rates(self) -> dict[str, Any]:
        return {"wins": self.wins, "pushes": self.pushes, "losses": self.losses,
                "total": self.total, "win_rate": self.win_rate, "push_rate": self.push_rate,
                "loss_rate": self.loss_rate, "player_ev": self.player_ev,
                "commission": self.commission}


@dataclass(frozen=True)
class ExactResult(_Rates):
    """The exact counts of player wins, pushes and losses over every ordered
    pair of disjoint hands of the deck (player's hand, banker's hand).

    ``symmetric`` says whether the suit-renaming shortcut was used; ``visits``
    is the number of table entries the count read.
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

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict (the counts as exact integers)."""
        return {**self._rates(), "player_way": self.player_way,
                "banker_way": self.banker_way,
                "wheel_second_highest": self.wheel_second_highest,
                "deck_size": self.deck_size, "symmetric": self.symmetric}


@dataclass(frozen=True)
class ExactHand(_Rates):
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


def _deck(deck: CardsLike | None) -> npt.NDArray[np.uint8]:
    if deck is None:
        return np.arange(53, dtype=np.uint8)
    codes = sorted(card_codes(deck))
    if len(set(codes)) != len(codes):
        raise PokerRulesError("a deck holds each card once")
    if len(codes) < 14:
        raise PokerRulesError(f"a deck of {len(codes)} cards deals no two hands; at least 14")
    return np.array(codes, dtype=np.uint8)


def _suit_group(deck: npt.NDArray[np.uint8]) -> tuple[npt.NDArray[np.uint8],
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


def exact_memory(player_way: object = None, banker_way: object = None,
                 deck: CardsLike | None = None) -> int:
    """Bytes the count needs at its peak: the outcome table (3 bytes a hand
    for one strategy on both sides, 5 for two) plus the counting grids.

    >>> from pokerrules.paigow.exact import exact_memory
    >>> round(exact_memory() / 2**20)
    450
    """
    sides = 1 if player_way == banker_way else 2
    return int(_paigow.exact_table_bytes(len(_deck(deck)), sides)) + 9 * 2**20


def _available_memory() -> int | None:
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        return None
    return None


def _new_table(codes: npt.NDArray[np.uint8], player: object,
               banker: object) -> npt.NDArray[np.uint8]:
    """A zeroed outcome table of the deck, refused where it would not fit."""
    need = exact_memory(player, banker, codes)
    available = _available_memory()
    if available is not None and need > available:
        raise PokerRulesError(f"the exact count needs {need / 2**20:.0f} MiB; "
                              f"{available / 2**20:.0f} MiB are available")
    try:
        return np.zeros(_paigow.exact_table_bytes(len(codes), 1 if player == banker else 2),
                        dtype=np.uint8)
    except MemoryError:
        raise PokerRulesError(f"the exact count needs {need / 2**20:.0f} MiB, "
                              "which could not be allocated") from None


def _way_label(way: object) -> str:
    if isinstance(way, str):
        return way
    if isinstance(way, BatchWay):
        return str(way)
    return callable_name(way)


def _fill(deck: npt.NDArray[np.uint8], rules: PaiGowRules, way: object, side: int,
          sides: int, table: npt.NDArray[np.uint8]) -> None:
    variant = rules.hand_rules.variant
    if isinstance(way, str):
        _paigow.exact_fill_way(deck, variant, way_number(way), side, sides, table)
        return
    if not isinstance(way, BatchWay) and not callable(way):
        raise ArgumentTypeError(f"a strategy is a way's name from {', '.join(WAYS)}, a "
                                f"callable or a BatchWay, not {shown(way)}")
    total = math.comb(len(deck), 7)
    for start in range(0, total, BATCH):
        hands = _paigow.exact_hands(deck, start, min(BATCH, total - start))
        rows = _batch_settings(way, hands, rules)
        bad, why = _paigow.exact_fill_settings(deck, variant, start, rows, side, sides, table)
        if bad >= 0:
            hand = format_cards(hands[bad].tolist())
            setting = f"{format_cards(rows[bad, :5].tolist())} / " \
                      f"{format_cards(rows[bad, 5:].tolist())}"
            if why == 2:
                raise IllegalMoveError(f"the strategy {_way_label(way)} fouls {hand}: {setting}")
            raise IllegalMoveError(
                f"the strategy {_way_label(way)} set {hand} as {setting}, not its cards")


def _batch_settings(way: object, hands: npt.NDArray[np.uint8],
                    rules: PaiGowRules) -> npt.NDArray[np.uint8]:
    if isinstance(way, BatchWay):
        out = np.asarray(way.function(hands, rules))
        if out.shape != hands.shape or not np.issubdtype(out.dtype, np.integer):
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
            raise ArgumentTypeError(f"the strategy {_way_label(way)} returned {shown(setting)} "
                                    f"for {format_cards(hand.tolist())}, not a Setting")
        rows[i] = [c.code for c in (*setting.high, *setting.low)]
    return rows


def _strategies(rules: object, way: object, player_way: object) -> tuple[object, object]:
    """The banker's and the player's strategies, their names checked."""
    banker = paigow_rules(rules).house_way if way is None else way
    player = banker if player_way is None else player_way
    for strategy in (banker, player):
        if isinstance(strategy, str):
            way_number(strategy)
    return banker, player


def exact_house_edge(
    rules: PaiGowRulesLike = DEFAULT_RULES,
    way: object = None,
    player_way: object = None,
    *,
    deck: CardsLike | None = None,
    symmetry: bool | None = None,
    parts: int = 1,
    workers: int = 1,
    progress: bool | None = None,
) -> ExactResult:
    """The exact outcome counts of heads-up Pai Gow Poker over every ordered
    pair of disjoint hands (C(53, 7) x C(46, 7) for the full deck).

    The player wins when both of the player's hands beat the banker's, loses
    when the banker wins or copies both, and pushes otherwise (as
    :func:`~pokerrules.paigow.settle`; strategies never foul: one that does is
    refused). The counts depend on the rules' wheel rule, the EV also on its
    commission.

    Args:
        rules: the rules, or a preset's name ("classic", "casino"); their house
            way sets the banker's hands when ``way`` is not given.
        way: the banker's strategy: a name from :data:`WAYS`, a house way
            callable ``(cards, rules) -> Setting`` (called once per hand) or
            a :class:`BatchWay`.
        player_way: the player's strategy, by default the banker's.
        deck: the cards dealt (at least 14), by default all 53; the count is
            the same in a smaller deck, which makes it quick to check.
        symmetry: use the suit-renaming shortcut: None (default) where the
            table shows both strategies suit-blind; False never; True
            requires it (PokerRulesError naming a hand whose worth depends
            on its suits).
        parts: split the count into this many independent parts (default 1,
            or 8 per worker with more than one); the integers do not depend on it.
        workers: threads counting parts at once, sharing the one table (the
            count runs in C without the GIL); the integers do not depend on it.
        progress: a progress bar over the parts on stderr (tqdm): None (default)
            on a terminal when there is more than one part.

    Returns:
        :class:`ExactResult`: the three counts as exact integers, the rates and EV.

    Raises:
        PokerRulesError: an unknown way, a bad deck, or memory that would not
            fit (see :func:`exact_memory`). IllegalMoveError: a strategy set a
            hand with other cards or fouled it (the hand is named).
            ArgumentTypeError: a strategy returned no Setting.
    """
    banker, player = _strategies(rules, way, player_way)
    rules = paigow_rules(rules)
    parts = check_count(parts, "parts")
    workers = check_count(workers, "workers")
    codes = _deck(deck)
    sides = 1 if player == banker else 2
    table = _new_table(codes, player, banker)
    _fill(codes, rules, player, 0, sides, table)
    if sides == 2:
        _fill(codes, rules, banker, 1, sides, table)
    group, gens = _suit_group(codes)
    symmetric = False
    if symmetry is not False and len(group) > 1:
        bad = _paigow.exact_first_asymmetric(codes, sides, table, gens)
        symmetric = bad < 0
        if symmetry and not symmetric:
            hand = format_cards(_paigow.exact_hands(codes, bad, 1)[0].tolist())
            raise PokerRulesError(f"the strategies are not suit-blind: {hand} is worth "
                                  "something else with its suits renamed")
    elif symmetry and len(group) == 1:
        raise PokerRulesError("this deck has no suit renamings to use")
    if not symmetric:
        group = group[:1]
    if workers > 1 and parts == 1:
        parts = 8 * workers
    bar = progress_bar(parts, progress, "exact count", "part", parts)

    def count(part: int) -> tuple[int, int, int]:
        return _paigow.exact_count_part(codes, sides, table, group, part, parts)

    wins = losses = visits = 0
    try:
        # the C count releases the GIL: threads share the one table
        with ThreadPoolExecutor(max_workers=workers) as pool:
            for w, lo, v in pool.map(count, range(parts)):
                wins, losses, visits = wins + w, losses + lo, visits + v
                if bar is not None:
                    bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    n = len(codes)
    total = math.comb(n, 7) * math.comb(n - 7, 7)
    return ExactResult(wins=wins, pushes=total - wins - losses, losses=losses,
                       commission=rules.commission, player_way=_way_label(player),
                       banker_way=_way_label(banker),
                       wheel_second_highest=rules.wheel_second_highest, deck_size=n,
                       symmetric=symmetric, visits=visits)


def _player_setting(way: object, cards: tuple[Card, ...], rules: PaiGowRules) -> Setting:
    """The player's strategy applied to one hand, checked to be its cards."""
    if isinstance(way, BatchWay):
        row = _batch_settings(way, np.array([[c.code for c in cards]], dtype=np.uint8), rules)[0]
        setting = Setting(row[:5].tolist(), row[5:].tolist())
        setting.check_hand(cards)
        return setting
    return house_way(cards, rules, way)  # type: ignore[arg-type]


def exact_hand_counts(
    hands: Sequence[CardsLike],
    rules: PaiGowRulesLike = DEFAULT_RULES,
    way: object = None,
    player_way: object = None,
    *,
    deck: CardsLike | None = None,
) -> list[ExactHand]:
    """Each player hand, set by ``player_way``, against every banker hand of
    the rest of the deck set by ``way``: the exact counts of the player's wins,
    pushes and losses (banker wins copies, as :func:`exact_house_edge` counts).

    The banker's table is set once for all the hands (the cost of one
    :func:`exact_house_edge` table), then each hand is counted by
    inclusion-exclusion over the cards it could share with a banker hand.

    >>> from pokerrules.paigow.exact import exact_hand_counts
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
        HandSizeError, DuplicateCardError, InvalidCardError: a hand that is not
            seven distinct cards. PokerRulesError: a hand with a card outside
            the deck, an unknown way, a bad deck or a table that would not fit.
        IllegalMoveError: a strategy set a hand with other cards or fouled it
            (the hand is named). ArgumentTypeError: a strategy returned no Setting.
    """
    banker, player = _strategies(rules, way, player_way)
    rules = paigow_rules(rules)
    codes = _deck(deck)
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
            raise IllegalMoveError(f"the strategy {_way_label(player)} fouls "
                                   f"{format_cards(cards)}: {setting}")
        players.append((cards, setting, [where[c.code] for c in cards],
                        int(highs[index]) * 128 + int(lows[index])))
    table = _new_table(codes, banker, banker)
    _fill(codes, rules, banker, 0, 1, table)
    total = math.comb(len(codes) - 7, 7)
    results = []
    for cards, setting, positions, key in players:
        wins, losses, _ = _paigow.exact_count_hand(codes, 1, table, positions, key)
        results.append(ExactHand(hand=cards, setting=setting, wins=wins,
                                 pushes=total - wins - losses, losses=losses,
                                 commission=rules.commission, banker_way=_way_label(banker)))
    return results


#: One variant of a sweep: (rules, the banker's way, the player's way); a way
#: of None is the default of :func:`exact_house_edge`.
Variant = tuple[PaiGowRulesLike, object, object]


def _count_variant(task: tuple[PaiGowRulesLike, object, object, npt.NDArray[np.uint8],
                               bool | None]) -> ExactResult:
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
    (:func:`~pokerrules.paigow.parallel.run_chunks`), so a process holds one
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
            :func:`~pokerrules.paigow.parallel.run_chunks`).

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
    codes = _deck(deck)
    processes = min(workers, len(variants)) if executor is None else 1
    if processes > 1:
        need = processes * max(exact_memory(*_strategies(*v)[::-1], codes) for v in variants)
        available = _available_memory()
        if available is not None and need > available:
            raise PokerRulesError(
                f"{processes} workers need {need / 2**20:.0f} MiB for their tables; "
                f"{available / 2**20:.0f} MiB are available")
    results: list[ExactResult | None] = [None] * len(variants)

    def keep(index: int, result: ExactResult) -> None:
        results[index] = result

    tasks = ((rules, way, player_way, codes, symmetry) for rules, way, player_way in variants)
    interrupted = run_chunks(_count_variant, tasks, total=len(variants), on_result=keep,
                             workers=workers, executor=executor, progress=progress,
                             desc="exact counts", unit="variant", start_method=start_method)
    if interrupted:
        raise KeyboardInterrupt
    return [r for r in results if r is not None]
