"""The best play of many Pai Gow hands, exactly: every setting of each hand of
one seat counted against every hand of the other seat of the rest of the deck
set by that seat's way, and what playing the best setting of every hand is worth.

From the player's seat the hands are counted against the banker's way; from the
banker's seat (``seat="banker"``) against the player's, copies then going to the
hands counted and the rules' banker push applied to their own settings.
:func:`solve_hands` sets the opposing hands once (the outcome table of
:func:`~pokerrules.paigow.exact_house_edge`) and counts in C, by
inclusion-exclusion over the cards two hands share, organised by shared-card set
rather than by hand: each set's opposing hands (one set per suit-renaming class
where the opposing way is suit-blind, checked on its table) are counted once for
every setting of every hand of the batch that holds it.
:func:`optimal_house_edge` estimates the house edge against a player who always
sets the best way from a sample of hands solved exactly, with the exact house-way
edge as a control variate.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from pokerrules import _paigow
from pokerrules._checks import check_count, shown
from pokerrules.cards import CardsLike, SeedLike, format_cards, make_rng
from pokerrules.errors import ArgumentTypeError, PokerRulesError
from pokerrules.jobs import run_threads
from pokerrules.paigow.analysis.class_strategy import FRONTS
from pokerrules.paigow.analysis.exact import exact_house_edge
from pokerrules.paigow.analysis.outcomes import (
    batch_settings,
    check_memory,
    cpus,
    deck_codes,
    fill_table,
    new_table,
    suit_blind,
    suit_group,
    table_bytes,
    way_label,
)
from pokerrules.paigow.game.description import DescribedWay
from pokerrules.paigow.game.houseway import HouseWayLike, check_way, way_handle
from pokerrules.paigow.game.rules import (
    DEFAULT_RULES,
    PaiGowRules,
    PaiGowRulesLike,
    blind_rules,
    check_seat,
    paigow_rules,
)
from pokerrules.shuffle import seed_int

__all__ = ["NSETTINGS", "OpposingTable", "OptimalEdge", "SolvedHands", "best_settings",
           "hand_codes", "hand_positions", "opposing_table", "optimal_house_edge",
           "random_hands", "setting_evs", "solve_hands"]

#: Settings of a seven-card hand: fronts (0,1), (0,2) ... (5,6) of its cards in
#: increasing code order, as :func:`~pokerrules.paigow.settings` lists them.
NSETTINGS = 21


#: Bytes of the kernel's work lists per player hand at their peak: the sorted
#: (shared set, hand) pairs of one size and their sort buffer, and for each
#: setting its query, its counts (the kernel's and the result's) and a sweep's entry.
_BYTES_PER_HAND = 35 * 16 + NSETTINGS * (3 + 2 * 16 + 19)

#: Bytes per sampled hand of :func:`optimal_house_edge` beside the kernel's: the
#: hand's seven positions, its settings' EVs and its gain.
_EDGE_BYTES_PER_HAND = _BYTES_PER_HAND + 7 + NSETTINGS * 8 + 2 * 8


@dataclass(frozen=True)
class OpposingTable:
    """Every hand of a deck set by the opposing seat's way (the outcome table of
    the exact count), ready for :func:`solve_hands`; built by :func:`opposing_table`.

    Attributes:
        rules: the rules whose wheel reading ranked the hands (and whose banker
            push marked the banker's pushing hands, for the player's seat).
        way: the opposing seat's strategy.
        seat: the seat of the hands counted against it: "player" (the table is
            the banker's hands) or "banker" (the table is the player's).
        deck: uint8 (n,) the deck's card codes, increasing.
        table: uint8, 3 bytes per hand of the deck (its key: back value * 128 +
            front index), in colex order of the hands' deck positions.
        group: uint8 (g, n) the position maps the counts use: the deck's suit
            renamings when the way is suit-blind on this table, else the identity.
    """

    rules: PaiGowRules
    way: HouseWayLike
    seat: str
    deck: npt.NDArray[np.uint8]
    table: npt.NDArray[np.uint8]
    group: npt.NDArray[np.uint8]

    @property
    def symmetric(self) -> bool:
        """Whether the suit renamings are used (the way is suit-blind here)."""
        return len(self.group) > 1


@dataclass(frozen=True)
class SolvedHands:
    """Every setting of each hand of one seat against every hand of the other
    seat of the rest of the deck.

    Attributes:
        hands: uint8 (n, 7) each hand's deck positions, increasing.
        wins, losses: int64 (n, 21) the opposing hands each setting wins and
            loses against, copies going to the banker: from the player's seat
            the banker hands it beats on both sides, and those that beat or copy
            it on both; from the banker's seat the player hands it beats or
            copies on both, and those that beat it on both (a setting that
            pushes under the rules' banker push neither wins nor loses). -1 for
            a setting that fouls. Settings in the order of
            :func:`~pokerrules.paigow.settings` of the hand's cards.
        house: uint8 (n,) the setting the opposing seat's way gives the hand (the
            way both seats play when it is a house way).
        total: C(deck size - 7, 7), the opposing hands each hand meets.
        commission: the commission on a win of this seat: the rules' commission
            on a player's win, or their banker's commission.
        seat: "player" or "banker".
    """

    hands: npt.NDArray[np.uint8]
    wins: npt.NDArray[np.int64]
    losses: npt.NDArray[np.int64]
    house: npt.NDArray[np.uint8]
    total: int
    commission: float
    seat: str = "player"

    @property
    def pushes(self) -> npt.NDArray[np.int64]:
        """Each setting's pushes, int64 (n, 21); -1 for a foul."""
        pushes: npt.NDArray[np.int64] = np.where(self.wins < 0, -1,
                                                 self.total - self.wins - self.losses)
        return pushes

    @property
    def evs(self) -> npt.NDArray[np.float64]:
        """Each setting's EV per unit bet, float64 (n, 21); NaN for a foul."""
        return setting_evs(self.wins, self.losses, self.total, self.commission)

    @property
    def best(self) -> npt.NDArray[np.uint8]:
        """Each hand's setting of highest EV (the first of equals), uint8 (n,)."""
        return best_settings(self.wins, self.losses, self.total, self.commission)


def setting_evs(wins: npt.NDArray[np.int64], losses: npt.NDArray[np.int64], total: int,
                commission: float) -> npt.NDArray[np.float64]:
    """Each setting's EV per unit bet, computed as
    :func:`~pokerrules.paigow.optimal_setting` does (a win pays 1 less the
    commission); NaN where ``wins`` is -1 (a foul)."""
    evs: npt.NDArray[np.float64] = (wins / total) * (1 - commission) - losses / total
    evs[wins < 0] = np.nan
    return evs


def best_settings(wins: npt.NDArray[np.int64], losses: npt.NDArray[np.int64], total: int,
                  commission: float) -> npt.NDArray[np.uint8]:
    """uint8 (n,): the index of each row's non-foul setting of highest EV, the first
    of equals (as :func:`~pokerrules.paigow.optimal_setting` picks it)."""
    evs = setting_evs(wins, losses, total, commission)
    best: npt.NDArray[np.uint8] = np.argmax(np.where(np.isnan(evs), -np.inf, evs),
                                            axis=1).astype(np.uint8)
    return best


def _deck_of(deck: CardsLike | npt.NDArray[np.uint8] | None) -> npt.NDArray[np.uint8]:
    if isinstance(deck, np.ndarray) and deck.dtype == np.uint8 and deck.ndim == 1:
        return deck_codes(deck.tolist())
    return deck_codes(deck)


def _rows(hands: object, what: str) -> npt.NDArray[np.int64]:
    """hands as an int64 (n, 7) array, or an error naming ``what``."""
    if isinstance(hands, (str, bytes)):
        raise ArgumentTypeError(f"{what} must be an integer array (n, 7), not {shown(hands)}")
    try:
        arr = np.asarray(hands)
    except (ValueError, TypeError):
        raise ArgumentTypeError(f"{what} must be an integer array (n, 7), "
                                f"not {shown(hands)}") from None
    if arr.size == 0 and arr.ndim <= 2:
        arr = arr.reshape(0, 7).astype(np.int64)
    if arr.dtype.kind not in "iu" or arr.ndim != 2 or arr.shape[1] != 7:
        raise ArgumentTypeError(f"{what} must be an integer array (n, 7), not "
                                f"{arr.dtype} {arr.shape}")
    return arr.astype(np.int64)


def hand_positions(hands: npt.ArrayLike,
                   deck: CardsLike | npt.NDArray[np.uint8] | None = None) -> npt.NDArray[np.uint8]:
    """uint8 (n, 7): each hand's cards (an integer array (n, 7) of card codes) as
    increasing positions of the deck (default all 53 cards), as
    :func:`solve_hands` takes them.

    Raises:
        ArgumentTypeError: not an integer array (n, 7). PokerRulesError: a hand
            with a card outside the deck or a card twice (the row is named).
    """
    codes = _deck_of(deck)
    arr = _rows(hands, "hands")
    where = np.full(64, -1, dtype=np.int64)
    where[codes] = np.arange(len(codes))
    outside = (arr < 0) | (arr > 52)
    pos = np.sort(where[np.where(outside, 63, arr)], axis=1)
    bad = (pos < 0).any(axis=1) | (np.diff(pos, axis=1) == 0).any(axis=1)
    if bad.any():
        row = int(np.flatnonzero(bad)[0])
        cards = arr[row].tolist()
        shown_cards = format_cards(cards) if all(0 <= c <= 52 for c in cards) else str(cards)
        raise PokerRulesError(f"hands row {row}, {shown_cards}, is not seven distinct cards "
                              f"of the deck of {len(codes)} cards")
    return pos.astype(np.uint8)


def hand_codes(positions: npt.ArrayLike,
               deck: CardsLike | npt.NDArray[np.uint8] | None = None) -> npt.NDArray[np.uint8]:
    """uint8 (n, 7): the card codes at each row of deck positions (increasing
    positions give increasing codes).

    Raises:
        ArgumentTypeError: not an integer array (n, 7). PokerRulesError: a row
            that is not 7 increasing positions of the deck (named).
    """
    codes = _deck_of(deck)
    arr = _check_positions(_rows(positions, "positions"), len(codes), "positions")
    out: npt.NDArray[np.uint8] = codes[arr]
    return out


def _check_positions(arr: npt.NDArray[np.int64], size: int,
                     what: str) -> npt.NDArray[np.int64]:
    bad = (arr < 0).any(axis=1) | (arr >= size).any(axis=1) | \
        (np.diff(arr, axis=1) <= 0).any(axis=1)
    if bad.any():
        row = int(np.flatnonzero(bad)[0])
        raise PokerRulesError(f"{what} row {row}, {arr[row].tolist()}, is not 7 increasing "
                              f"positions of the deck's {size} cards (0 to {size - 1})")
    return arr


def opposing_table(rules: PaiGowRulesLike = DEFAULT_RULES, way: HouseWayLike | None = None, *,
                   seat: str = "player", deck: CardsLike | npt.NDArray[np.uint8] | None = None,
                   workers: int = 1) -> OpposingTable:
    """Every hand of the deck set by the opposing seat's way, and whether the way
    is suit-blind on it (then one shared-card set per suit-renaming class is
    counted). About 460 MiB for the full deck; reuse it over many
    :func:`solve_hands` calls.

    Args:
        rules: the rules or a preset's name; their house way when ``way`` is None.
        way: the opposing seat's strategy, as
            :func:`~pokerrules.paigow.exact_house_edge` takes it: the banker's
            when ``seat`` is "player", the player's when it is "banker".
        seat: the seat of the hands to be counted against the table.
        deck: the cards dealt (at least 14), default all 53.
        workers: threads setting the table (1 to 2**63 - 1; no more than the CPUs).

    Raises:
        PokerRulesError: an unknown way or seat, a bad deck or ``workers``, a
            table that would not fit in memory. IllegalMoveError: the way set a
            hand with other cards or fouled it (the hand is named).
            ArgumentTypeError: rules or a way of the wrong type.
    """
    rules = paigow_rules(rules)
    seat = check_seat(seat)
    chosen = rules.house_way if way is None else check_way(way, "way")
    _check_strategy_seat(chosen, seat)
    threads = min(check_count(workers, "workers"), cpus())
    codes = _deck_of(deck)
    table = new_table(codes, 1, table_bytes(len(codes), 1))
    fill_table(codes, rules, chosen, 0, 1, table, threads, banker=seat == "player")
    group, gens = suit_group(codes)
    if len(group) > 1 and not suit_blind(codes, 1, table, gens, threads, lambda _: None,
                                         required=False):
        group = group[:1]
    return OpposingTable(rules=rules, way=chosen, seat=seat, deck=codes, table=table,
                         group=group)


def _check_strategy_seat(way: HouseWayLike, seat: str) -> None:
    """Refuses a strategy table solved for the seat of the hands counted against
    it (a table is the strategy of the seat it was solved for)."""
    solved_for = getattr(way, "seat", None)
    if isinstance(solved_for, str) and solved_for == seat:
        raise PokerRulesError(f"the strategy table {way} is the {seat}'s strategy; the hands "
                              f"of the {seat}'s seat are counted against the "
                              f"{'banker' if seat == 'player' else 'player'}'s way")


def _house_settings(opposing: OpposingTable,
                    positions: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """uint8 (n,): the index of the setting the opposing way gives each hand."""
    cards = opposing.deck[positions]
    if len(cards) == 0:
        return np.zeros(0, dtype=np.uint8)
    way = opposing.way
    if isinstance(way, (str, DescribedWay)):
        rows, _ = _paigow.house_way_batch(cards, opposing.rules.hand_rules.variant,
                                          way_handle(way), False)
    else:
        rows = batch_settings(way, cards, opposing.rules)
    # the front's two places in the hand (its cards are in increasing order)
    first = np.argmax(cards == rows[:, 5:6], axis=1)
    second = np.argmax(cards == rows[:, 6:7], axis=1)
    low, high = np.minimum(first, second), np.maximum(first, second)
    index = np.zeros((7, 7), dtype=np.uint8)
    for k, (i, j) in enumerate(FRONTS):
        index[i, j] = k
    out: npt.NDArray[np.uint8] = index[low, high]
    return out


def _reading(rules: PaiGowRules, way: HouseWayLike, seat: str) -> str:
    wheel = "the wheel second highest" if rules.wheel_second_highest else "the wheel lowest"
    push = "" if rules.banker_push is None else f", banker push {rules.banker_push}"
    other = "banker" if seat == "player" else "player"
    return f"the {other}'s way {way_label(way)} with {wheel}{push}"


def solve_hands(rules: PaiGowRulesLike, way: HouseWayLike, hands: npt.ArrayLike, *,
                seat: str = "player", deck: CardsLike | npt.NDArray[np.uint8] | None = None,
                workers: int = 1, table: OpposingTable | None = None,
                mode: str = "auto") -> SolvedHands:
    """Every setting of each hand of one seat against every hand of the other seat
    of the rest of the deck set by that seat's way: the exact win and loss counts
    (copies go to the banker), with the seat's commission for the EVs.

    From the player's seat the counts equal
    :func:`~pokerrules.paigow.exact_hand_counts` with that setting, and
    :func:`~pokerrules.paigow.optimal_setting` (method "exact") on the full deck.
    From the banker's seat each setting of a banker hand is counted against every
    player hand set by the player's way, as :func:`~pokerrules.paigow.settle`
    settles each pair (the banker wins copies; a setting that pushes under the
    rules' banker push neither wins nor loses), the EVs at the rules' banker
    commission (on the banker's net win, heads-up). The counts do not depend on
    how the hands are split over calls or ``workers``.

    Args:
        rules: the rules or a preset's name.
        way: the opposing seat's strategy (None: the rules' house way), as
            :func:`~pokerrules.paigow.exact_house_edge` takes it: the banker's
            from the player's seat, the player's (a way, a description or a
            player's :class:`~pokerrules.paigow.StrategyTable`) from the banker's.
        hands: integer array (n, 7), each row a hand as increasing deck
            positions (:func:`hand_positions` turns card codes into them).
        seat: "player" or "banker", the seat of ``hands``.
        deck: the cards dealt (at least 14), default all 53.
        workers: threads counting parts of the hands at once (1 to 2**63 - 1;
            no more than the CPUs); the integers do not depend on it.
        table: an :func:`opposing_table` of these rules, way, seat and deck, to
            reuse instead of setting every hand of the deck again.
        mode: how shared-card families are counted, "auto" (by their size),
            "dense" or "sweep" (the same integers; for tests).

    Returns:
        :class:`SolvedHands`.

    Raises:
        PokerRulesError: rules with ``banker_shown`` (Face Up: the player sees the
            banker's setting; see :func:`~pokerrules.paigow.best_reply`).
        ArgumentTypeError: ``hands`` not an integer array (n, 7); rules or a
            way of the wrong type. PokerRulesError: a row that is not seven
            increasing positions of the deck (named), a bad seat, deck,
            ``workers`` or ``mode``, a strategy table of the seat counted, an
            opposing ``table`` of other rules, way, seat or deck, memory that
            would not fit. IllegalMoveError: the way fouls a hand (named).
    """
    rules = blind_rules(rules, "solve_hands")
    seat = check_seat(seat)
    chosen = rules.house_way if way is None else check_way(way, "way")
    threads = min(check_count(workers, "workers"), cpus())
    codes = _deck_of(deck)
    if mode not in _paigow.OPTIMAL_MODES:
        raise PokerRulesError(f"mode must be one of {', '.join(_paigow.OPTIMAL_MODES)}, "
                              f"not {shown(mode)}")
    positions = _check_positions(_rows(hands, "hands"), len(codes), "hands").astype(np.uint8)
    if table is None:
        table = opposing_table(rules, chosen, seat=seat, deck=codes, workers=threads)
    elif not isinstance(table, OpposingTable):
        raise ArgumentTypeError(f"table must be an OpposingTable, not {shown(table)}")
    elif (_reading(table.rules, table.way, table.seat) != _reading(rules, chosen, seat)
          or table.seat != seat or table.deck.tolist() != codes.tolist()):
        held = _reading(table.rules, table.way, table.seat)
        raise PokerRulesError(f"the opposing table is of {held}, "
                              f"{len(table.deck)} cards, for the {table.seat}'s hands; these "
                              f"{seat}'s hands are counted against "
                              f"{_reading(rules, chosen, seat)}, {len(codes)} cards")
    n = len(positions)
    check_memory(n * _BYTES_PER_HAND, "the optimal-play counts need")
    wins = np.empty((n, NSETTINGS), dtype=np.int64)
    losses = np.empty((n, NSETTINGS), dtype=np.int64)
    parts = max(1, min(threads, n))
    bounds = [n * i // parts for i in range(parts + 1)]
    variant = rules.hand_rules.variant
    banker_seat = seat == "banker"
    push = rules.push_number if banker_seat else 0
    opposing = table

    def count(part: int) -> tuple[int, Any]:
        lo, hi = bounds[part], bounds[part + 1]
        return part, _paigow.optimal_counts(opposing.deck, variant, 1, opposing.table,
                                            opposing.group, positions[lo:hi], mode,
                                            ties_to_hand=banker_seat, push=push)

    def keep(result: tuple[int, Any]) -> None:
        part, (w, lo_) = result
        wins[bounds[part]:bounds[part + 1]] = w
        losses[bounds[part]:bounds[part + 1]] = lo_

    run_threads(count, range(parts), threads=parts, on_result=keep)
    return SolvedHands(hands=positions, wins=wins, losses=losses,
                       house=_house_settings(opposing, positions),
                       total=math.comb(len(codes) - 7, 7),
                       commission=rules.banker_commission if banker_seat else rules.commission,
                       seat=seat)


#: Hands drawn per block by :func:`random_hands` (a block holds a random key per card).
_DRAW_BLOCK = 1 << 16


def random_hands(n: int, deck_size: int, rng: np.random.Generator) -> npt.NDArray[np.uint8]:
    """uint8 (n, 7): n hands drawn uniformly from the C(deck_size, 7) hands of a
    deck, each as increasing deck positions (independent draws; a hand may repeat)."""
    blocks = []
    for start in range(0, n, _DRAW_BLOCK):
        keys = rng.random((min(_DRAW_BLOCK, n - start), deck_size))
        # uint8 block by block: n int64 positions would take eight times the memory
        blocks.append(np.sort(np.argpartition(keys, 7, axis=1)[:, :7], axis=1).astype(np.uint8))
    if not blocks:
        return np.zeros((0, 7), dtype=np.uint8)
    return np.concatenate(blocks)


@dataclass(frozen=True)
class OptimalEdge:
    """The house edge against a player who sets every hand the best way, estimated
    by :func:`optimal_house_edge` from a sample of hands solved exactly.

    Attributes:
        estimate: the house edge per unit bet against best play: the exact
            house-way edge less the sample's mean gain.
        stderr: its standard error (the sample's, of the mean gain).
        house_way_edge: the exact house edge against a player who sets by the
            banker's way (:func:`~pokerrules.paigow.exact_house_edge`).
        mean_gain: the sample's mean of each hand's EV of its best setting less
            the EV of its house-way setting (never below 0), per unit bet.
        sample: hands solved. seed: the int seed, or None for a Generator.
        commission: the commission on a player's win in these EVs.
        way: the banker's way. deck_size: cards in the deck.
    """

    estimate: float
    stderr: float
    house_way_edge: float
    mean_gain: float
    sample: int
    seed: int | None
    commission: float
    way: str
    deck_size: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict."""
        return {"estimate": self.estimate, "stderr": self.stderr,
                "house_way_edge": self.house_way_edge, "mean_gain": self.mean_gain,
                "sample": self.sample, "seed": self.seed, "commission": self.commission,
                "way": self.way, "deck_size": self.deck_size}


def optimal_house_edge(rules: PaiGowRulesLike = DEFAULT_RULES, way: HouseWayLike | None = None, *,
                       sample: int, seed: SeedLike,
                       deck: CardsLike | npt.NDArray[np.uint8] | None = None,
                       workers: int = 1) -> OptimalEdge:
    """The house edge against a player who sets every hand the best way against the
    banker's way, estimated from ``sample`` random hands solved exactly
    (:func:`solve_hands`), with the exact house-way edge as a control variate: each
    hand's gain over its house-way setting is small and never negative, so the
    estimate (exact house-way edge less the mean gain) has a small standard error.

    On the full deck about two CPU-minutes for the exact house-way edge, the banker's
    table and the counts' fixed work, plus about 13 CPU-milliseconds a hand (2,000
    hands took 145 CPU-s).

    Args:
        rules: the rules or a preset's name (their commission values the EVs).
        way: the banker's strategy (None: the rules' house way), also the player's
            for the house-way edge.
        sample: hands to solve, 2 (a standard error needs two) to 2**26; about
            1.9 KiB a hand, refused before any hand is drawn or counted when that
            is more than the memory available (2**26 hands need about 120 GiB).
        seed: an int (0 to 2**53 - 1) or a numpy Generator drawing the hands.
        deck: the cards dealt (at least 14), default all 53.
        workers: threads (1 to 2**63 - 1; no more than the CPUs); the result does
            not depend on it.

    Returns:
        :class:`OptimalEdge`.

    Raises:
        PokerRulesError: rules with ``banker_shown`` (Face Up: the player sees the
            banker's setting; see :func:`~pokerrules.paigow.best_reply`).
        PokerRulesError: a bad ``sample``, seed, deck, way or ``workers`` (each named),
            memory that would not fit. ArgumentTypeError: a seed that is neither an
            int nor a Generator, rules or a way of the wrong type. IllegalMoveError:
            the way fouls a hand (named).
    """
    rules = blind_rules(rules, "optimal_house_edge")
    chosen = rules.house_way if way is None else check_way(way, "way")
    sample = check_count(sample, "sample", low=2, high=_paigow.OPTIMAL_MOST_HANDS)
    check_memory(sample * _EDGE_BYTES_PER_HAND, f"solving a sample of {sample:,} hands needs")
    seed_value = None if isinstance(seed, np.random.Generator) else seed_int(seed)
    rng = make_rng(seed)
    threads = min(check_count(workers, "workers"), cpus())
    codes = _deck_of(deck)
    hands = random_hands(sample, len(codes), rng)
    exact = exact_house_edge(rules, chosen, deck=codes, workers=threads, progress=False)
    solved = solve_hands(rules, chosen, hands, deck=codes, workers=threads)
    evs = solved.evs
    rows = np.arange(sample)
    gains = evs[rows, solved.best] - evs[rows, solved.house]
    stderr = float(gains.std(ddof=1) / math.sqrt(sample))
    mean_gain = float(gains.mean())
    return OptimalEdge(estimate=exact.house_edge - mean_gain, stderr=stderr,
                       house_way_edge=exact.house_edge, mean_gain=mean_gain, sample=sample,
                       seed=seed_value, commission=rules.commission, way=way_label(chosen),
                       deck_size=len(codes))
