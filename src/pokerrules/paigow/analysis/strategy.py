"""The optimal setting of a hand against an opponent who sets by the house way.

The opponent's hands are counted by their outcome (five-card value, two-card
rank) in a histogram, built in C: exactly, over all C(46, 7) = 53,524,680 hands
of the other 46 cards, or from a sample. Every setting's win, push and loss
counts then come from one two-dimensional cumulative sum.
"""

from __future__ import annotations

import math
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from pokerrules import _paigow
from pokerrules._checks import check_count, shown
from pokerrules.cards import Card, CardsLike, SeedLike, format_cards
from pokerrules.errors import ArgumentTypeError, PokerRulesError
from pokerrules.jobs import check_workers, run_chunks
from pokerrules.paigow.analysis.rates import mean_net, net_variance
from pokerrules.paigow.game.description import DescribedWay
from pokerrules.paigow.game.houseway import house_way
from pokerrules.paigow.game.rules import (
    DEFAULT_RULES,
    PaiGowRules,
    PaiGowRulesLike,
    blind_rules,
    way_name,
)
from pokerrules.paigow.game.setting import Setting, hand_cards, settings
from pokerrules.shuffle import seed_int

__all__ = ["METHODS", "SEATS", "OptimalSetting", "SampledOptimalStrategy", "SettingValue",
           "optimal_setting", "seed_words"]

#: How :func:`optimal_setting` counts the opponent's hands.
METHODS = ("exact", "sample")
#: Whose seat the hand is in: the player's (copies lose) or the banker's (copies win).
SEATS = ("player", "banker")

#: The exact method's chunks per worker: small enough to balance, large enough
#: to share the per-chunk setup.
PARTS_PER_WORKER = 2


def seed_words(seed: SeedLike) -> npt.NDArray[np.uint64]:
    """Four 64-bit words seeding a C kernel: from an int through
    :class:`numpy.random.SeedSequence`, or drawn from a Generator.

    Raises:
        ArgumentTypeError: neither an int nor a Generator. PokerRulesError: a negative int.
    """
    if isinstance(seed, np.random.Generator):
        words: npt.NDArray[np.uint64] = seed.integers(
            0, 2**64, size=4, dtype=np.uint64, endpoint=False)
        return words
    state = np.random.SeedSequence(seed_int(seed)).generate_state(4, np.uint64)
    return np.asarray(state, dtype=np.uint64)


@dataclass(frozen=True)
class SettingValue:
    """One setting's result against the opponent.

    Attributes:
        setting: the setting.
        ev: expected net gain per unit bet (a win pays 1 less commission).
        win, push, loss: probabilities (exact) or sample frequencies.
        stderr: the standard error of ``ev`` (0.0 for the exact method).
        house_way: this is the setting the house way picks.
    """

    setting: Setting
    ev: float
    win: float
    push: float
    loss: float
    stderr: float
    house_way: bool

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict."""
        return {"setting": str(self.setting), "high": format_cards(self.setting.high),
                "low": format_cards(self.setting.low), "ev": self.ev, "win": self.win,
                "push": self.push, "loss": self.loss, "stderr": self.stderr,
                "house_way": self.house_way}


@dataclass(frozen=True)
class OptimalSetting:
    """The result of :func:`optimal_setting`.

    Attributes:
        hand: the seven cards.
        method: "exact" or "sample".
        seat: "player" or "banker".
        way: the opponent's house way.
        hands: opponent hands counted (53,524,680 when exact).
        settings: every legal (non-fouling) setting, fronts in the order of
            :func:`pokerrules.paigow.settings`.
        best: the legal setting of highest EV (the first of equals).
        house_way: the entry of the setting the house way picks for this hand.
        commission: the fraction of a win the house keeps in these EVs (the
            rules' ``commission`` in the player's seat, ``banker_commission`` in
            the banker's).
    """

    hand: tuple[Card, ...]
    method: str
    seat: str
    way: str
    hands: int
    settings: tuple[SettingValue, ...]
    best: SettingValue
    house_way: SettingValue
    commission: float

    @property
    def ev_lost_by_house_way(self) -> float:
        """How much EV per unit the house way's setting gives up against the best."""
        return self.best.ev - self.house_way.ev

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict."""
        return {"hand": format_cards(self.hand), "method": self.method, "seat": self.seat,
                "way": self.way, "hands": self.hands, "commission": self.commission,
                "best": str(self.best.setting),
                "house_way": str(self.house_way.setting),
                "ev_lost_by_house_way": self.ev_lost_by_house_way,
                "settings": [s.to_dict() for s in self.settings]}


def _kernel_way(way: str | DescribedWay) -> int | _paigow.CompiledWay:
    return way.compiled if isinstance(way, DescribedWay) else _paigow.WAYS.index(way)


def _hist_part(
    task: tuple[list[int], int, str | DescribedWay, int, int, int]
) -> npt.NDArray[np.int64]:
    """One chunk of the exact histogram (module-level: pools pickle it, a loaded
    way as its text)."""
    dead, variant, way, part, nparts, push = task
    hist: npt.NDArray[np.int64] = _paigow.banker_hist_part(
        dead, variant, _kernel_way(way), part, nparts, push)
    return hist


def _opponent_way(rules: PaiGowRules, way: str | DescribedWay | None) -> str | DescribedWay:
    chosen = rules.house_way if way is None else way
    if isinstance(chosen, DescribedWay):
        return chosen
    if not isinstance(chosen, str):
        raise PokerRulesError(f"the opponent's house way must be a built-in name "
                              f"({', '.join(_paigow.WAYS)}) or a loaded way, not "
                              f"{shown(chosen)}")
    return way_name(chosen)


def _count(
    cumulative: npt.NDArray[np.int64], high: int, low: int, seat: str
) -> tuple[int, int]:
    """(wins, losses) of the setting (high value, low index) against the
    opponent hands of ``cumulative``: cell [i, j] counts those of high value
    below i and low index below j."""
    if seat == "player":  # each side must beat the opponent's strictly
        h, c = high, low
    else:  # the banker takes copies
        h, c = high + 1, low + 1
    total = int(cumulative[-1, -1])
    wins = int(cumulative[h, c])
    losses = total - int(cumulative[h, -1]) - int(cumulative[-1, c]) + wins
    return wins, losses


def optimal_setting(
    hand: CardsLike,
    rules: PaiGowRulesLike = DEFAULT_RULES,
    method: str = "exact",
    *,
    samples: int = 100_000,
    seed: SeedLike | None = None,
    seat: str = "player",
    way: str | DescribedWay | None = None,
    workers: int = 1,
    executor: Executor | None = None,
) -> OptimalSetting:
    """Every legal setting of a hand with its expected value against an
    opponent who sets by the house way, and the best one.

    In the player's seat the opponent is the banker and copies go to the
    banker; a win pays 1 less ``rules.commission``. In the banker's seat the
    opponent is a player, copies go to the hand, and a win pays 1 less
    ``rules.banker_commission``. A loss costs 1 either way. Fouling settings
    are left out (a fouled hand loses at the table). Under the rules'
    ``banker_push``, an opponent banker hand that pushes is a push for every
    setting; in the banker's seat a setting of the hand that pushes is a push
    against every player.

    >>> from pokerrules.paigow import PaiGowRules, optimal_setting
    >>> result = optimal_setting("As Jk Qs Qh Qd 7s 2s", PaiGowRules.casino())
    >>> result.hands
    53524680
    >>> str(result.best.setting), round(result.best.ev, 4)
    ('Jk As Qs 7s 2s / Qh Qd', 0.9315)

    Args:
        hand: seven distinct cards of the 53.
        rules: the rules (commission, wheel, and the opponent's house way), or a
            preset's name ("classic", "casino").
        method: "exact" (every opponent hand of the other 46 cards; about half
            a second of CPU, up to a second on a slow machine) or "sample"
            (``samples`` random opponent hands; ``stderr`` gives each EV's
            standard error; needs ``seed``).
        samples: opponent hands drawn by "sample", 1 to 2**63 - 1 (any
            integer type). They are drawn in pieces of ``_paigow.PIECE``
            (2**20, about 0.2 s) so that Ctrl-C is seen between pieces; the
            same seed gives the same sample whatever the piece size.
        seed: int or numpy Generator, for "sample".
        seat: "player" or "banker".
        way: the opponent's house way (default the rules' own, which must then
            be a built-in name).
        workers: processes for "exact" (a local process pool when above 1).
        executor: any concurrent.futures.Executor for "exact" instead.

    Returns:
        OptimalSetting.

    Raises:
        PokerRulesError: rules with ``banker_shown`` (Face Up: the player sees the
            banker's setting; see :func:`~pokerrules.paigow.best_reply`).
        HandSizeError, DuplicateCardError, InvalidCardError: not seven distinct
            cards of the 53 (before any work starts).
        PokerRulesError: an unknown method, seat or way, a bad sample size or
            worker count. TypeError: "sample" without an int or Generator seed,
            or rules that are not PaiGowRules.
        KeyboardInterrupt: Ctrl-C, passed on within about 0.2 s (within a
            piece of the sample, or at once from "exact" workers, which are
            stopped). There is no partial result: a strategy that called this
            must not go on with a half-counted hand.
    """
    rules = blind_rules(rules, "optimal_setting")
    cards = hand_cards(hand)
    if method not in METHODS:
        raise PokerRulesError(f"unknown method {shown(method)}; choose from {', '.join(METHODS)}")
    if seat not in SEATS:
        raise PokerRulesError(f"unknown seat {shown(seat)}; choose from {', '.join(SEATS)}")
    opponent = _opponent_way(rules, way)
    workers = check_workers(workers, executor)
    codes = [c.code for c in cards]
    variant = rules.hand_rules.variant
    # the opponent's hands push when the opponent banks; the banker's own, below
    push = rules.push_number if seat == "player" else 0
    if method == "sample":
        samples = check_count(samples, "samples")
        if seed is None:
            raise ArgumentTypeError("method='sample' needs a seed (int or numpy Generator)")
        hist = _paigow.banker_hist_sample(codes, variant, _kernel_way(opponent), samples,
                                          seed_words(seed), push=push)
    else:
        nparts = PARTS_PER_WORKER * workers if executor is None else 8
        tasks = [(codes, variant, opponent, part, nparts, push) for part in range(nparts)]
        parts: list[npt.NDArray[np.int64]] = []
        if run_chunks(_hist_part, tasks, total=nparts,
                      on_result=lambda _, part: parts.append(part), workers=workers,
                      executor=executor, progress=False, returns=np.ndarray):
            raise KeyboardInterrupt
        hist = np.sum(parts, axis=0)
    cumulative = np.zeros((hist.shape[0] + 1, hist.shape[1] + 1), dtype=np.int64)
    cumulative[1:, 1:] = hist.cumsum(axis=0).cumsum(axis=1)
    total = int(cumulative[-1, -1])
    commission = rules.commission if seat == "player" else rules.banker_commission
    chosen = house_way(cards, rules, opponent)  # a built-in way: never a foul
    highs, lows, fouls = _paigow.setting_outcomes(codes, variant)
    values = []
    for k, setting in enumerate(settings(cards)):  # the order of setting_outcomes
        if not fouls[k]:
            if seat == "banker" and rules.pushes(setting):
                wins = losses = 0  # the banker's own hand pushes every bet
            else:
                wins, losses = _count(cumulative, int(highs[k]), int(lows[k]), seat)
            win, loss = wins / total, losses / total
            ev = mean_net(win, loss, 1, commission)
            variance = net_variance(win, loss, 1, commission)
            stderr = math.sqrt(variance / total) if method == "sample" else 0.0
            values.append(SettingValue(setting, ev, win, 1.0 - win - loss, loss, stderr,
                                       setting == chosen))
    best = max(values, key=lambda v: v.ev)  # max keeps the first of equals
    mine = next(v for v in values if v.house_way)
    name = opponent.name if isinstance(opponent, DescribedWay) else opponent
    return OptimalSetting(cards, method, seat, name, total, tuple(values), best, mine,
                          commission)


@dataclass(frozen=True)
class SampledOptimalStrategy:
    """A strategy that sets each hand, one at a time as it is dealt, by
    :func:`optimal_setting` with the sample method (``samples`` opponent hands):
    an estimate of the best setting. (The exact best setting of every hand of a
    deck, solved once ahead of play, is
    :func:`~pokerrules.paigow.optimal_strategy_table`'s strategy table.) The
    sample's seed comes from ``seed`` and the cards, so the same hand always sets
    the same way and the strategy holds no changing state. Picklable.

    >>> from pokerrules.paigow import SampledOptimalStrategy, PaiGowRules, hand_cards
    >>> strategy = SampledOptimalStrategy(samples=20_000)
    >>> strategy(hand_cards("As Jk Qs Qh Qd 7s 2s"), PaiGowRules.casino())
    Setting('Jk As Qs 7s 2s / Qh Qd')
    """

    samples: int = 5_000
    seed: int = 0
    seat: str = "player"

    def __post_init__(self) -> None:
        object.__setattr__(self, "samples", check_count(self.samples, "samples"))
        if self.seat not in SEATS:
            raise PokerRulesError(
                f"unknown seat {shown(self.seat)}; choose from {', '.join(SEATS)}")
        if isinstance(self.seed, np.random.Generator):
            raise ArgumentTypeError("SampledOptimalStrategy takes an int seed (the cards vary it), "
                            "not a Generator")
        seed_words(self.seed)  # validates
        object.__setattr__(self, "seed", int(self.seed))

    def __call__(self, cards: tuple[Card, ...], rules: PaiGowRules) -> Setting:
        rng = np.random.default_rng([self.seed, *(c.code for c in cards)])
        result = optimal_setting(cards, rules, "sample", samples=self.samples, seed=rng,
                                 seat=self.seat)
        return result.best.setting
