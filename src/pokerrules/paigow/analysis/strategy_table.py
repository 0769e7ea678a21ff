"""The optimal strategy as a table: for every hand of a deck, the setting of
highest EV for one seat against the other seat's way (the player's best play
against the banker's way, or the banker's best response to the player's), that
EV's exact win, push and loss counts, and the same for the setting the house way
picks.

A table holds one entry per class of hands (per suit-renaming class where the
banker's way is suit-blind, else per hand), named by its representative; any
hand of the deck is mapped to its class, and the representative's best setting
mapped back to the hand's cards. A table is a strategy: it is a
:class:`~pokerrules.paigow.BatchWay`, so every function that takes a player's
way takes it. :func:`~pokerrules.paigow.optimal_strategy_table` makes one;
:meth:`StrategyTable.save` and :meth:`StrategyTable.load` keep it in a file
(:mod:`pokerrules.paigow.analysis.table_file`).
"""

from __future__ import annotations

import math
import os
from typing import Any

import numpy as np
import numpy.typing as npt

from pokerrules._checks import check_count, shown
from pokerrules.cards import CardsLike, format_cards
from pokerrules.errors import ArgumentTypeError, PokerRulesError
from pokerrules.paigow.analysis.class_strategy import ClassStrategy
from pokerrules.paigow.analysis.cost import HouseWayCost, house_way_cost
from pokerrules.paigow.analysis.exact import ExactResult
from pokerrules.paigow.analysis.hand_classes import HandClasses
from pokerrules.paigow.analysis.outcomes import deck_codes as read_deck
from pokerrules.paigow.analysis.outcomes import way_label
from pokerrules.paigow.analysis.rates import mean_net
from pokerrules.paigow.analysis.table_file import FIELDS, read_table, way_record, write_table
from pokerrules.paigow.game.description import DescribedWay
from pokerrules.paigow.game.houseway import HouseWayLike, check_way
from pokerrules.paigow.game.rules import (
    PaiGowRules,
    PaiGowRulesLike,
    check_seat,
    commission_text,
    paigow_rules,
    rules_record,
)
from pokerrules.paigow.game.setting import Setting, hand_cards

__all__ = ["StrategyTable"]

Ints = npt.NDArray[np.int64]


def _wheel(second_highest: bool) -> str:
    return "A-2-3-4-5 second-highest" if second_highest else "A-2-3-4-5 lowest"


def _same_way(a: object, b: object) -> bool:
    if isinstance(a, (str, DescribedWay)) or isinstance(b, (str, DescribedWay)):
        return type(a) is type(b) and a == b
    return a is b


class StrategyTable(ClassStrategy):
    """The best setting of every hand of a deck for one seat against the other
    seat's way, with its exact counts (see
    :func:`~pokerrules.paigow.optimal_strategy_table`).

    A table is a :class:`~pokerrules.paigow.BatchWay` (``function(codes,
    rules)`` sets many hands at once). A player's table is taken as
    ``player_way`` by :func:`~pokerrules.paigow.exact_house_edge`,
    :func:`~pokerrules.paigow.simulate` and :func:`~pokerrules.paigow.house_way_many`;
    a banker's table (``seat == "banker"``) as the banker's ``way`` by the first
    two and by the round. Each refuses it in the other seat, under other rules
    (the seat's commission, wheel, banker push), against another opposing way or
    in another deck.

    Attributes:
        seat: "player" (the player's best play against the banker's way) or
            "banker" (the banker's best response to the player's way).
        commission: the fraction of a player's win the house keeps.
        banker_commission: the fraction of a banking player's net win the house
            keeps (the banker's table's EVs count it).
        wheel_second_highest: the rules' wheel reading.
        way: the opposing seat's way (a built-in way's name or a loaded way).
        deck: uint8 (d,): the deck's card codes, increasing.
        symmetric: one entry per suit-renaming class (else one per hand).
        total: the banker hands each player hand meets: C(d - 7, 7).
        path: the file the table was loaded from, or None.
        checksum: the sha256 (hex) its file records, or None.
        hands: uint32 (m,): each class's representative, by its colex number
            (positions in ``deck``), increasing.
        best, house: uint8 (m,): the representative's best setting and the one
            the house way (the opposing way) picks, as indexes into the order of
            :func:`~pokerrules.paigow.settings` of its cards in deck order.
        weight: uint8 (m,): the hands of the deck each class holds.
        wins, losses, house_wins, house_losses: uint32 (m,): the exact counts
            of the best setting and of the house way's setting, the seat's wins
            and losses (copies go to the banker).

    The arrays are read-only and the table's own: a table loaded from a file
    holds a private copy of it, which nothing done to the file afterwards changes.
    """

    # set by __init__ (through object.__setattr__: a BatchWay is frozen); the
    # strategy's own attributes (deck, symmetric, hands, best, _classes) among them
    seat: str
    commission: float
    banker_commission: float
    wheel_second_highest: bool
    way: HouseWayLike
    deck: npt.NDArray[np.uint8]
    symmetric: bool
    banker_push: str | None
    total: int
    path: str | None
    checksum: str | None
    hands: npt.NDArray[np.uint32]
    best: npt.NDArray[np.uint8]
    house: npt.NDArray[np.uint8]
    weight: npt.NDArray[np.uint8]
    wins: npt.NDArray[np.uint32]
    losses: npt.NDArray[np.uint32]
    house_wins: npt.NDArray[np.uint32]
    house_losses: npt.NDArray[np.uint32]
    _classes: HandClasses

    def __init__(self, *, commission: float, wheel_second_highest: bool, way: HouseWayLike,
                 deck: npt.NDArray[np.uint8], symmetric: bool,
                 arrays: dict[str, npt.NDArray[Any]], path: str | None = None,
                 checksum: str | None = None, banker_push: str | None = None,
                 seat: str = "player", banker_commission: float | None = None) -> None:
        """Use :func:`~pokerrules.paigow.optimal_strategy_table`, :meth:`load` or
        :meth:`from_arrays`: this takes arrays of the file's dtypes, its own
        (they are made read-only). ``banker_commission`` defaults to ``commission``."""
        for array in arrays.values():
            array.flags.writeable = False
        values = {"seat": check_seat(seat), "commission": commission,
                  "banker_commission": commission if banker_commission is None
                  else banker_commission, "wheel_second_highest": wheel_second_highest,
                  "way": way, "deck": deck, "symmetric": symmetric, "path": path,
                  "checksum": checksum, "banker_push": banker_push,
                  "total": math.comb(len(deck) - 7, 7), **arrays,
                  "_classes": HandClasses(deck, symmetric)}
        for key, value in values.items():
            object.__setattr__(self, key, value)
        object.__setattr__(self, "function", self._set_many)
        object.__setattr__(self, "name", f"optimal against {way_label(way)}" if seat == "player"
                           else f"banker's best response to {way_label(way)}")
        self._check_arrays()

    @classmethod
    def from_arrays(cls, *, rules: PaiGowRulesLike, way: HouseWayLike, deck_codes: npt.ArrayLike,
                     symmetric: bool, hands: npt.ArrayLike, best: npt.ArrayLike,
                     seat: str = "player",
                     wins: npt.ArrayLike, pushes: npt.ArrayLike, losses: npt.ArrayLike,
                     house: npt.ArrayLike, house_wins: npt.ArrayLike,
                     house_losses: npt.ArrayLike, weight: npt.ArrayLike) -> StrategyTable:
        """A table from the solved classes' arrays, each (m,) of integers.

        Args:
            rules: the rules solved under (their commissions, wheel reading and
                banker push).
            way: the opposing seat's way (None: the rules' house way).
            seat: "player" or "banker", the seat solved.
            deck_codes: the deck's card codes.
            symmetric: one class per suit-renaming class (else one per hand).
            hands: the representatives' colex numbers, increasing.
            best, house: the best setting's and the house way's setting's
                index, 0 to 20, in the order of :func:`~pokerrules.paigow.settings`.
            wins, pushes, losses: the best setting's exact counts.
            house_wins, house_losses: the house way's setting's.
            weight: the hands of the deck each class holds.

        Raises:
            PokerRulesError: arrays of other shapes or of no integer dtype,
                counts that do not add up (wins + pushes + losses is C(d - 7, 7)),
                indexes outside 0..20, classes out of order, or weights that do
                not add up to the deck's hands (each named).
        """
        rules = paigow_rules(rules)
        way = rules.house_way if way is None else check_way(way, "way")
        codes = read_deck(deck_codes)  # type: ignore[arg-type]
        given = {"hands": hands, "best": best, "wins": wins, "losses": losses, "house": house,
                 "house_wins": house_wins, "house_losses": house_losses, "weight": weight}
        arrays = {}
        size = None
        for name, value in {**given, "pushes": pushes}.items():
            array = np.asarray(value)
            if array.ndim != 1 or array.dtype.kind not in "iu" or \
                    (size is not None and len(array) != size):
                raise PokerRulesError(f"{name} must be an integer array (m,) as long as hands, "
                                      f"not {array.dtype} {array.shape}")
            size = len(array)
            if name != "pushes":
                arrays[name] = array
        total = math.comb(len(codes) - 7, 7)
        if ((np.asarray(wins, dtype=np.int64) + np.asarray(pushes, dtype=np.int64)
             + np.asarray(losses, dtype=np.int64)) != total).any():
            raise PokerRulesError(f"each class's wins, pushes and losses add up to {total:,}")
        for name, dtype in FIELDS:
            low, high = np.iinfo(dtype).min, np.iinfo(dtype).max
            if len(arrays[name]) and (arrays[name].min() < low or arrays[name].max() > high):
                raise PokerRulesError(f"{name} holds values outside {low}..{high}")
            arrays[name] = arrays[name].astype(dtype)
        return cls(commission=float(rules.commission),
                   wheel_second_highest=rules.wheel_second_highest, way=way, deck=codes,
                   symmetric=bool(symmetric), arrays=arrays, banker_push=rules.banker_push,
                   seat=seat, banker_commission=float(rules.banker_commission))

    def _check_arrays(self) -> None:
        """Refuses arrays that are no complete table of the deck."""
        n = math.comb(len(self.deck), 7)
        hands = self.hands.astype(np.int64)
        if len(hands) == 0 or (np.diff(hands) <= 0).any() or hands[-1] >= n:
            raise PokerRulesError("a strategy table's hands are colex numbers of the deck's "
                                  "hands, increasing")
        if self.best.max() > 20 or self.house.max() > 20:
            raise PokerRulesError("a strategy table's settings are indexes 0..20")
        order = self._classes.order
        if self.weight.min() < 1 or self.weight.max() > order or \
                int(self.weight.sum(dtype=np.int64)) != n:
            raise PokerRulesError(f"a strategy table's classes hold the deck's {n:,} hands "
                                  "once each")
        for w, lo in ((self.wins, self.losses), (self.house_wins, self.house_losses)):
            if (w.astype(np.int64) + lo > self.total).any():
                raise PokerRulesError(f"a strategy table's wins and losses of a hand add up to "
                                      f"at most {self.total:,}")

    def __repr__(self) -> str:
        return (f"StrategyTable({self.name!r}, {len(self):,} classes, "
                f"{len(self.deck)}-card deck)")

    def __reduce__(self) -> tuple[Any, ...]:
        if self.path is not None:  # a worker reads the file itself, checked to be the same
            return _reopen, (self.path, self.checksum)
        return _rebuild, (self.commission, self.wheel_second_highest, self.way, self.deck,
                          self.symmetric, {name: np.asarray(getattr(self, name))
                                           for name, _ in FIELDS}, self.banker_push,
                          self.seat, self.banker_commission)

    @property
    def rules(self) -> PaiGowRules:
        """The rules the table was solved under, as PaiGowRules (its commissions,
        its wheel reading and, when it is a built-in or loaded way, the opposing
        way as the house way; its banker push rule)."""
        rules = PaiGowRules(wheel_second_highest=self.wheel_second_highest,
                            commission=self.commission,
                            banker_commission=self.banker_commission,
                            banker_push=self.banker_push)
        if isinstance(self.way, (str, DescribedWay)):
            rules = rules.replace(house_way=self.way)
        return rules

    @property
    def seat_commission(self) -> float:
        """The commission on a win of the table's seat, as its EVs count it (the
        player's commission, or the banker's for a banker's table)."""
        return self.commission if self.seat == "player" else self.banker_commission

    @property
    def pushes(self) -> Ints:
        """The best setting's pushes, C(d - 7, 7) - wins - losses, int64 (m,)."""
        return self.total - self.wins.astype(np.int64) - self.losses

    # ------------------------------------------------------------ checks of use

    def check_use(self, rules: PaiGowRules, way: HouseWayLike | None = None,
                  deck: npt.NDArray[np.uint8] | None = None, seat: str | None = None) -> None:
        """Refuses other rules (the seat's commission, wheel or banker push),
        another opposing way, another deck or another seat (None: not known)
        than the table was solved for.

        Raises:
            PokerRulesError: naming what differs, the table's and the call's.
        """
        where = f" ({self.path})" if self.path else ""
        if seat is not None and seat != self.seat:
            raise PokerRulesError(f"the strategy table{where} is the {self.seat}'s strategy "
                                  f"({self.name}), not the {seat}'s")
        which = "commission" if self.seat == "player" else "banker commission"
        given = rules.commission if self.seat == "player" else rules.banker_commission
        if given != self.seat_commission or \
                rules.wheel_second_highest != self.wheel_second_highest:
            raise PokerRulesError(
                f"the strategy table{where} was solved at "
                f"{commission_text(self.seat_commission)} {which}, "
                f"{_wheel(self.wheel_second_highest)}; these rules have "
                f"{commission_text(given)} "
                f"{which}, {_wheel(rules.wheel_second_highest)}")
        if rules.banker_push != self.banker_push:
            raise PokerRulesError(
                f"the strategy table{where} was solved with banker_push="
                f"{shown(self.banker_push)}; these rules have banker_push="
                f"{shown(rules.banker_push)}")
        if way is not None and not _same_way(way, self.way):
            other = "banker" if self.seat == "player" else "player"
            raise PokerRulesError(f"the strategy table{where} was solved against the {other}'s "
                                  f"way {way_label(self.way)}, not {way_label(way)}")
        if deck is not None and not np.array_equal(deck, self.deck):
            raise PokerRulesError(f"the strategy table{where} was solved in a deck of "
                                  f"{len(self.deck)} cards ({format_cards(self.deck.tolist())}),"
                                  f" not this one of {len(deck)}")

    # ------------------------------------------------------------ the strategy

    def _set_many(self, codes: npt.NDArray[np.uint8], rules: PaiGowRules) -> npt.ArrayLike:
        """The BatchWay function: the best settings (n, 7) of hands (n, 7)."""
        self.check_use(paigow_rules(rules))
        return self._settings(codes, self.best)

    def _one(self, hand: CardsLike) -> tuple[int, npt.NDArray[np.int64]]:
        codes = np.array([[c.code for c in hand_cards(hand)]])
        return int(self._lookup(codes)[0][0]), codes

    def setting(self, hand: CardsLike) -> Setting:
        """The best setting of seven cards of the deck (of two of equal EV, the
        first in the order of :func:`~pokerrules.paigow.settings` of its class's
        representative).

        Raises:
            HandSizeError, DuplicateCardError, InvalidCardError: not seven
                distinct cards. PokerRulesError: a card outside the table's deck.
        """
        row = self.set_many(self._one(hand)[1])[0].tolist()
        return Setting(row[:5], row[5:])

    def counts(self, hand: CardsLike) -> tuple[int, int, int]:
        """The exact (wins, pushes, losses) of the seat's hand's best setting over
        the C(d - 7, 7) opposing hands of the rest of the deck. Raises as
        :meth:`setting`."""
        i = self._one(hand)[0]
        wins, losses = int(self.wins[i]), int(self.losses[i])
        return wins, self.total - wins - losses, losses

    def ev(self, hand: CardsLike) -> float:
        """The seat's EV per unit bet of the hand's best setting (a win pays 1
        less :attr:`seat_commission`). Raises as :meth:`setting`."""
        wins, _, losses = self.counts(hand)
        return mean_net(wins, losses, self.total, self.seat_commission)

    # ------------------------------------------------------------ totals

    def _sum(self, counts: npt.NDArray[np.uint32]) -> int:
        return int(np.dot(self.weight.astype(np.int64), counts.astype(np.int64)))

    @property
    def result(self) -> ExactResult:
        """The exact counts of the table played against the opposing way over
        every ordered pair of disjoint hands, the player's wins and losses as
        :func:`~pokerrules.paigow.exact_house_edge` counts them (for a player's
        table what ``exact_house_edge(rules, way, player_way=table)`` counts, for a
        banker's what ``exact_house_edge(rules, table, player_way=way)`` counts;
        its :attr:`~pokerrules.paigow.ExactResult.banker_ev` is then the banker's)."""
        wins, losses = self._sum(self.wins), self._sum(self.losses)
        deals = math.comb(len(self.deck), 7) * self.total
        mine, theirs = (str(self), way_label(self.way))
        if self.seat == "banker":  # the banker's wins are the player's losses
            wins, losses, mine, theirs = losses, wins, theirs, mine
        return ExactResult(wins=wins, pushes=deals - wins - losses, losses=losses,
                           commission=self.commission, player_way=mine,
                           banker_way=theirs,
                           wheel_second_highest=self.wheel_second_highest,
                           deck_size=len(self.deck), symmetric=self.symmetric, visits=0,
                           banker_push=self.banker_push,
                           banker_commission=self.banker_commission)

    @property
    def house_edge(self) -> float:
        """The exact house edge against a player who plays every hand by the
        table (a player's table), or against a player who plays the table's way
        against a banker who plays the table (a banker's)."""
        return self.result.house_edge

    def house_way_cost(self, examples: int = 3) -> HouseWayCost:
        """What setting by the house way costs the table's seat against its best play:
        overall and by the rule of the house way that set the hand, with the
        hands that lose most (``examples`` per rule, 0 to 100).

        Raises:
            PokerRulesError, ArgumentTypeError: a bad ``examples``.
        """
        examples = check_count(examples, "examples", 0, 100)
        return house_way_cost(self, examples)

    # ------------------------------------------------------------ the file

    def save(self, path: str | os.PathLike[str]) -> None:
        """Writes the table to ``path`` (see :mod:`pokerrules.paigow.analysis.table_file`):
        about 23 bytes a class (160 MB for the full deck's 6,972,147 classes),
        through a temporary file of a unique name, flushed and renamed into
        place (concurrent saves never share it). The same table always writes
        the same bytes.

        Raises:
            PokerRulesError: a banker's way that is no built-in or loaded way; a
                header over :data:`~pokerrules.paigow.analysis.table_file.HEADER_LIMIT`
                bytes (a loaded way of a very long text; nothing is written); a
                file that cannot be written.
        """
        header = {"rules": rules_record(self.rules, self.seat),
                  "way": way_record(self.way), "deck": self.deck.tolist(),
                  "symmetric": self.symmetric, "classes": len(self)}
        if self.seat != "player":  # written only for a banker's table: older files read as before
            header["seat"] = self.seat
        try:
            write_table(path, header, {name: getattr(self, name) for name, _ in FIELDS})
        except OSError as exc:
            raise PokerRulesError(f"cannot write the strategy table {os.fspath(path)}: "
                                  f"{exc.strerror}") from None

    @classmethod
    def load(cls, path: str | os.PathLike[str], rules: object = None,
             way: HouseWayLike | None = None) -> StrategyTable:
        """A table from its file, read whole into the process's own memory (about
        23 bytes a class: 160 MB for the full deck), checked, and kept read-only.

        Args:
            path: the file :meth:`save` wrote.
            rules: when given (PaiGowRules or a preset's name), the file must be
                of these rules' commission of its seat, wheel reading and banker push.
            way: when given (a way's name or a loaded way), the file must be of
                this opposing way.

        Raises:
            ArgumentTypeError: a path that is neither text nor a path object.
            PokerRulesError: no regular file (a FIFO, a device) or one over
                :data:`~pokerrules.paigow.analysis.table_file.FILE_LIMIT` bytes (refused
                before it is read); no table file, another version, a truncated,
                damaged or edited file, or a file of other rules or another way
                (each names the file and what differs).
        """
        if not isinstance(path, (str, os.PathLike)):
            raise ArgumentTypeError(f"path must be a file's path, not {shown(path)}")
        header, arrays = read_table(path)
        rules_of = header["rules"]
        table = cls(commission=rules_of["commission"],
                    wheel_second_highest=rules_of["wheel_second_highest"],
                    way=header["way"], deck=header["deck"], symmetric=header["symmetric"],
                    arrays=arrays, path=os.fspath(path), checksum=header["sha256"],
                    banker_push=rules_of.get("banker_push"), seat=header.get("seat", "player"),
                    banker_commission=rules_of.get("banker_commission"))
        if rules is not None:
            table.check_use(paigow_rules(rules))
        if way is not None:
            table.check_use(table.rules, check_way(way, "way"))
        return table


#: The table a process last loaded from a pickle, by its file's path and
#: checksum: a pool's worker unpickles the player's table with every chunk.
_REOPENED: dict[tuple[str, str], StrategyTable] = {}


def _reopen(path: object, checksum: object = None) -> StrategyTable:
    """A pickled table loaded from its file (checked as any file is, once per
    process), refused when the file no longer holds the pickled table."""
    if not isinstance(path, str) or not isinstance(checksum, str):
        raise PokerRulesError(f"a pickled strategy table names its file and checksum, not "
                              f"{shown(path)} and {shown(checksum)}")
    key = (path, checksum)
    if key not in _REOPENED:
        table = StrategyTable.load(path)
        if table.checksum != checksum:
            raise PokerRulesError(f"the strategy table {path} has changed since the table "
                                  "was pickled: it holds another table")
        _REOPENED.clear()
        _REOPENED[key] = table
    return _REOPENED[key]


def _rebuild(commission: float, wheel: bool, way: HouseWayLike, deck: npt.NDArray[np.uint8],
             symmetric: bool, arrays: dict[str, npt.NDArray[Any]],
             banker_push: str | None = None, seat: str = "player",
             banker_commission: float | None = None) -> StrategyTable:
    """A pickled table from its arrays."""
    return StrategyTable(commission=commission, wheel_second_highest=wheel, way=way,
                         deck=read_deck(deck), symmetric=bool(symmetric),
                         arrays={name: np.asarray(arrays[name], dtype=dtype)
                                 for name, dtype in FIELDS}, banker_push=banker_push,
                         seat=seat, banker_commission=banker_commission)
