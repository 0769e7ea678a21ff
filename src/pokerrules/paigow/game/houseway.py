"""The house way: named, pluggable strategies that set a hand without fouling.

Every house way is a description (docs/games/paigow_ways.rst): the built-in ways
(:data:`WAYS`) are the files of ``pokerrules/paigow/game/ways``, and
:func:`load_house_way` reads any other. A C interpreter runs them;
:func:`house_way_many` sets millions of hands a second with the GIL released.
A house way can also be any callable ``(cards, rules) -> Setting``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Literal, TypeAlias, overload

import numpy as np
import numpy.typing as npt

from pokerrules import _paigow
from pokerrules._checks import check_flag, shown
from pokerrules.cards import Card, CardsLike
from pokerrules.errors import ArgumentTypeError, PokerRulesError
from pokerrules.paigow.game.description import HAND_TYPES, DescribedWay, load_house_way
from pokerrules.paigow.game.rules import (
    DEFAULT_RULES,
    PaiGowRules,
    PaiGowRulesLike,
    callable_name,
    paigow_rules,
    way_name,
)
from pokerrules.paigow.game.setting import Setting, hand_cards, is_foul, settings

__all__ = [
    "HOUSE_WAY_RULES",
    "WAYS",
    "BatchWay",
    "DescribedWay",
    "HouseWay",
    "HouseWayLike",
    "RandomSetting",
    "builtin_way",
    "check_pair",
    "check_way",
    "foul_many",
    "house_way",
    "house_way_and_rule",
    "house_way_many",
    "house_way_rule",
    "load_house_way",
    "way_description",
    "way_rule_names",
]

#: The built-in house ways.
WAYS: tuple[str, ...] = tuple(_paigow.WAYS)

#: The hand types a house way's sections cover, in priority order, by number
#: (what :func:`house_way_rule` returns).
HOUSE_WAY_RULES: dict[int, str] = {k: name for k, (name, _) in enumerate(HAND_TYPES, 1)}


def way_description(name: str) -> str:
    """The description (docs/games/paigow_ways.rst) of the built-in way ``name``,
    as shipped in ``pokerrules/paigow/game/ways/NAME.way``.

    >>> from pokerrules.paigow import way_description
    >>> way_description("foxwoods").splitlines()[3]
    'way: Foxwoods'

    Raises:
        PokerRulesError: no built-in way has that name.
    """
    name = way_name(name, "name")
    return resources.files("pokerrules.paigow.game").joinpath(f"ways/{name}.way").read_text(
        encoding="utf-8")


def builtin_way(name: str) -> DescribedWay:
    """The built-in way ``name`` loaded from its description (once per process).

    Raises:
        PokerRulesError: no built-in way has that name.
    """
    return _builtin_way(way_name(name, "name"))


@cache
def _builtin_way(name: str) -> DescribedWay:
    way = load_house_way(way_description(name))
    return DescribedWay(name, way.source, None, way.sources, way.rules, way.compiled,
                        way.sections)



@dataclass(frozen=True)
class BatchWay:
    """A strategy that sets many hands per call: ``function(codes, rules)``
    takes a uint8 array (n, 7) of card codes and returns an integer array
    (n, 7) (a signed or unsigned integer dtype), each row the five back codes
    then the two front codes of that hand. ``name`` (text) names it in results.

    Raises:
        ArgumentTypeError: a ``function`` that is no callable, a ``name`` that is
            neither text nor None.
    """

    function: Callable[[npt.NDArray[np.uint8], PaiGowRules], npt.ArrayLike]
    name: str | None = None

    def __post_init__(self) -> None:
        if not callable(self.function) or isinstance(self.function, type):
            raise ArgumentTypeError(f"BatchWay's function must be a function of (codes, "
                                    f"rules), not {shown(self.function)}")
        if self.name is not None and not isinstance(self.name, str):
            raise ArgumentTypeError(f"BatchWay's name must be text or None, "
                                    f"not {shown(self.name)}")

    def __str__(self) -> str:
        return self.name or callable_name(self.function)

    def check_use(self, rules: PaiGowRules, way: HouseWayLike | None = None,
                  deck: npt.NDArray[np.uint8] | None = None, seat: str | None = None) -> None:
        """Refuses a use the strategy was not made for: the rules, the opposing
        seat's way (None: not known), the deck's codes (None: all 53) and the seat
        it plays, "player" or "banker" (None: not known). A BatchWay takes any; a
        :class:`~pokerrules.paigow.StrategyTable` only its own."""


#: A house way, or any strategy that sets hands, as every Pai Gow function takes
#: it: a built-in way's name (:data:`WAYS`, or a function's own such as
#: simulate's "optimal"), a loaded way (:class:`DescribedWay`), a callable
#: ``(cards, rules) -> Setting`` or a :class:`BatchWay` (where a function sets many
#: hands at once). :func:`check_way` is the one check of it.
HouseWayLike: TypeAlias = (str | DescribedWay | Callable[[tuple[Card, ...], PaiGowRules], Setting]
                           | BatchWay)


def check_pair(rules: PaiGowRules, banker: HouseWayLike, player: HouseWayLike,
               deck: npt.NDArray[np.uint8] | None = None) -> None:
    """Refuses a batch strategy made for another use than playing ``banker``
    against ``player`` (see :meth:`BatchWay.check_use`): a strategy table in the
    other seat, of other rules or deck, or solved against another way than the
    other seat's. A table solved against the other seat's strategy itself (its
    best response) plays against it, whatever that strategy was solved against.

    Raises:
        PokerRulesError: naming what differs.
    """
    if isinstance(player, BatchWay):
        player.check_use(rules, None if _answers(banker, player) else banker, deck, "player")
    if isinstance(banker, BatchWay):
        banker.check_use(rules, None if _answers(player, banker) else player, deck, "banker")


def _answers(strategy: HouseWayLike, other: HouseWayLike) -> bool:
    """Whether ``strategy`` is a table solved against ``other`` itself."""
    return getattr(strategy, "way", None) is other


def way_number(name: str, argument: str = "way") -> int:
    """The number of the built-in way ``name`` (read by :func:`way_name`).

    Raises:
        PokerRulesError: no built-in way has that name (naming ``argument``).
    """
    return WAYS.index(way_name(name, argument))


def check_way(way: HouseWayLike, argument: str, names: tuple[str, ...] = (),
              batch: bool = True) -> HouseWayLike:
    """``way`` checked as a strategy: a name from :data:`WAYS` or ``names`` (a
    function's own, such as simulate's "optimal"; read by :func:`way_name`), a
    callable ``(cards, rules) -> Setting`` (a function or an object; a class is no
    strategy) or, where ``batch``, a :class:`BatchWay`. Every Pai Gow function checks its ways here.

    Raises:
        PokerRulesError: a name no way has. ArgumentTypeError: anything else.
            Both name ``argument``.
    """
    if isinstance(way, str):
        return way_name(way, argument, names)
    if isinstance(way, DescribedWay) or (isinstance(way, BatchWay) and batch):
        return way
    if callable(way) and not isinstance(way, (type, BatchWay)):
        return way
    kinds = "a callable (cards, rules) -> Setting" + (" or a BatchWay" if batch else "")
    raise ArgumentTypeError(f"{argument} must be a strategy: a way's name "
                            f"({', '.join((*names, *WAYS))}), {kinds}; not {shown(way)}")


def way_handle(way: str | DescribedWay) -> int | _paigow.CompiledWay:
    """What the C kernels take for a built-in way's name or a loaded way."""
    if isinstance(way, DescribedWay):
        return way.compiled
    return way_number(way)


def described(way: str | DescribedWay) -> DescribedWay:
    """The description of a built-in way's name, or the loaded way itself."""
    return way if isinstance(way, DescribedWay) else builtin_way(way)


def _chosen(
    rules: PaiGowRulesLike, way: HouseWayLike | None
) -> tuple[PaiGowRules, HouseWayLike]:
    """The rules (a preset named) and the way to set by: ``way``, else theirs."""
    rules = paigow_rules(rules)
    if way is None:
        return rules, rules.house_way
    return rules, check_way(way, "way", batch=False)


def _codes(cards: tuple[Card, ...]) -> list[int]:
    return [c.code for c in cards]


def house_way_and_rule(
    hand: CardsLike,
    rules: PaiGowRulesLike = DEFAULT_RULES,
    way: str | DescribedWay | None = None,
) -> tuple[Setting, int]:
    """The setting of ``hand`` by a described way (a built-in name or a loaded
    way; default the rules' own) and the number (from 1) of the way's rule that
    set it (see :func:`way_rule_names`), from one call into C.

    Raises:
        PokerRulesError: the way is no built-in name or loaded way; else the
            errors of :func:`house_way` for a bad hand.
    """
    rules, chosen = _chosen(rules, way)
    if not isinstance(chosen, (str, DescribedWay)):
        raise PokerRulesError("house_way_and_rule explains the built-in and loaded ways only")
    cards = hand_cards(hand)
    high, low, rule = _paigow.house_way_codes(
        _codes(cards), rules.hand_rules.variant, way_handle(chosen))
    return Setting(high, low), int(rule)


def house_way(
    hand: CardsLike,
    rules: PaiGowRulesLike = DEFAULT_RULES,
    way: HouseWayLike | None = None,
) -> Setting:
    """Sets seven cards by the rules' house way (``rules``: :class:`PaiGowRules` or a
    preset's name, "classic" or "casino"), or by ``way`` (a name from :data:`WAYS`,
    a way from :func:`load_house_way` or a callable ``(cards, rules) -> Setting``)
    when given.

    The built-in ways never foul; where cards of one rank could go either way,
    the lowest card codes go in front, so a hand always sets the same way,
    except that split aces keep behind the natural ace that makes the better
    back (a flush or straight flush): no setting's worth depends on suits. They
    count the joker as an ace whenever they count pairs, trips and quads, and
    let it complete a straight or flush only in the straight-or-flush rule.

    >>> from pokerrules.paigow import house_way
    >>> house_way("Kh Kd As Qc Jd Th 4s")
    Setting('Kh Kd Jd Th 4s / As Qc')
    >>> house_way("9s 9d 4h 4c Jk Td 2c", way="ballys")
    Setting('9s 9d 4h 4c 2c / Jk Td')

    Raises:
        HandSizeError, DuplicateCardError, InvalidCardError: not seven distinct cards.
        PokerRulesError: an unknown way name. IllegalMoveError: a callable way
            returned a setting of other cards. TypeError: it returned no Setting.
    """
    rules, chosen = _chosen(rules, way)
    if isinstance(chosen, (str, DescribedWay)):
        return house_way_and_rule(hand, rules, chosen)[0]
    cards = hand_cards(hand)
    if not callable(chosen):
        raise ArgumentTypeError(f"a house way is a name or a callable, not {shown(chosen)}")
    setting = chosen(cards, rules)
    if not isinstance(setting, Setting):
        raise ArgumentTypeError(
            f"the house way {shown(chosen)} returned {shown(setting)}, not a Setting")
    setting.check_hand(cards)
    return setting


def house_way_rule(
    hand: CardsLike, rules: PaiGowRulesLike = DEFAULT_RULES,
    way: str | DescribedWay | None = None
) -> int:
    """The number (1 to 10, see :data:`HOUSE_WAY_RULES`) of the hand type whose
    section of the house way sets ``hand``.

    >>> from pokerrules.paigow import HOUSE_WAY_RULES, house_way_rule
    >>> HOUSE_WAY_RULES[house_way_rule("9s 9d 4h 4c Jk Td 2c")]
    'two pairs'

    Raises:
        PokerRulesError: the way (or the rules' house way) is neither a built-in
            name nor a loaded way; else the errors of :func:`house_way` for a bad hand.
    """
    rules, chosen = _chosen(rules, way)
    if not isinstance(chosen, (str, DescribedWay)):
        raise PokerRulesError("house_way_rule explains the built-in and loaded ways only")
    _, rule = house_way_and_rule(hand, rules, chosen)
    return described(chosen).sections[rule - 1]


def way_rule_names(way: str | DescribedWay) -> dict[int, str]:
    """Each rule of a described way (a built-in name or a loaded way) by its
    number, as ``"SECTION: LABEL"`` ("two pairs: split jacks or better").

    >>> from pokerrules.paigow import way_rule_names
    >>> way_rule_names("foxwoods")[1]
    'five aces: kings in front'

    Raises:
        PokerRulesError: no built-in way has that name. ArgumentTypeError: ``way``
            neither a name nor a loaded way.
    """
    if not isinstance(way, (str, DescribedWay)):
        raise ArgumentTypeError(f"way must be a built-in way's name or a loaded way, "
                                f"not {shown(way)}")
    return {rule.number: str(rule) for rule in described(way).rules}


@overload
def house_way_many(
    codes: npt.ArrayLike, rules: PaiGowRulesLike = ...,
    way: str | DescribedWay | BatchWay | None = ..., *, with_rules: Literal[False] = ...
) -> npt.NDArray[np.uint8]: ...


@overload
def house_way_many(
    codes: npt.ArrayLike, rules: PaiGowRulesLike = ...,
    way: str | DescribedWay | None = ..., *, with_rules: Literal[True]
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]: ...


def house_way_many(
    codes: npt.ArrayLike, rules: PaiGowRulesLike = DEFAULT_RULES,
    way: str | DescribedWay | BatchWay | None = None, *, with_rules: bool = False
) -> npt.NDArray[np.uint8] | tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """Sets many hands by a described house way, in C with the GIL released.

    Every row is checked first (codes 0..52, no card twice): the kernel
    relies on it, so there is no unchecked mode.

    Args:
        codes: integer array-like of shape (n, 7), card codes 0..52.
        rules: the rules or a preset's name (their house way, when ``way`` is not given).
        way: a name from :data:`WAYS` or a way from :func:`load_house_way`;
            default the rules' house way. A :class:`BatchWay`, such as a
            :class:`~pokerrules.paigow.StrategyTable`, sets the hands too (its
            rows then checked to hold their hands' cards).
        with_rules: also return each hand's rule number (see :func:`way_rule_names`);
            not with a BatchWay.

    Returns:
        numpy.ndarray of uint8, shape (n, 7): each row the five-card high hand
        then the two-card low hand, each side in the order of the input row.
        With ``with_rules``, a pair: that array and a uint8 array (n,) of rule numbers.

    Raises:
        ArgumentTypeError: a non-integer array. HandSizeError: a shape other than (n, 7).
        InvalidCardError, DuplicateCardError: a bad row, named by its index.
        PokerRulesError: the way is neither a built-in name, a loaded way nor a
            BatchWay; ``with_rules`` with a BatchWay; a strategy table of other
            rules (see :meth:`~pokerrules.paigow.StrategyTable.check_use`).
    """
    check_flag(with_rules, "with_rules")
    if isinstance(way, BatchWay):
        return _batch_many(codes, paigow_rules(rules), way, with_rules)
    rules, chosen = _chosen(rules, way)
    if not isinstance(chosen, (str, DescribedWay)):
        raise PokerRulesError("house_way_many runs the built-in and loaded ways only; name one "
                              "with way= or load one with load_house_way")
    out, numbers = _paigow.house_way_batch(codes, rules.hand_rules.variant, way_handle(chosen),
                                           with_rules)
    result: npt.NDArray[np.uint8] = out
    if numbers is not None:  # with_rules
        return result, numbers
    return result


def _batch_many(codes: npt.ArrayLike, rules: PaiGowRules, way: BatchWay,
                with_rules: bool) -> npt.NDArray[np.uint8]:
    """:func:`house_way_many` by a BatchWay (a strategy table): the rows
    checked, then set by the strategy, its rows checked to be their hands'."""
    if with_rules:
        raise PokerRulesError(f"the strategy {way} has no house way's rules to tell; "
                              "with_rules goes with a described way")
    way.check_use(rules)
    _paigow.foul_batch(codes, rules.hand_rules.variant, True)  # the rows' checks
    hands = np.asarray(codes).astype(np.uint8)
    out = np.asarray(way.function(hands, rules))
    if out.shape != hands.shape or out.dtype.kind not in "iu" or \
            (np.sort(out, axis=1) != np.sort(hands, axis=1)).any():
        raise PokerRulesError(f"the strategy {way} set hands with other cards")
    return out.astype(np.uint8)


def foul_many(
    codes: npt.ArrayLike, rules: PaiGowRulesLike = DEFAULT_RULES, *, check: bool = True
) -> npt.NDArray[np.bool_]:
    """Foul flags of many settings, in C with the GIL released.

    Args:
        codes: integer array-like of shape (n, 7): five high codes, then two low
            (the layout :func:`house_way_many` returns).

    Returns:
        numpy.ndarray of bool, shape (n,): True where the low hand outranks the
        high hand (as :func:`is_foul`).

    Raises:
        The errors of :func:`house_way_many` for a bad array.
    """
    rules = paigow_rules(rules)
    flags: npt.NDArray[np.bool_] = _paigow.foul_batch(codes, rules.hand_rules.variant, check)
    return flags


@dataclass(frozen=True)
class HouseWay:
    """A table strategy that sets every hand by a house way: ``way`` names a
    built-in way or is a loaded one, or ``None`` for the rules' own house way.
    Picklable.

    >>> from pokerrules.paigow import HouseWay, PaiGowRules, hand_cards
    >>> way = HouseWay("ballys")
    >>> way(hand_cards("9s 9d 4h 4c Jk Td 2c"), PaiGowRules())
    Setting('9s 9d 4h 4c 2c / Jk Td')
    """

    way: str | DescribedWay | None = None

    def __post_init__(self) -> None:
        if self.way is not None and not isinstance(self.way, DescribedWay):
            object.__setattr__(self, "way", way_name(self.way))  # checked

    def __call__(self, cards: tuple[Card, ...], rules: PaiGowRules) -> Setting:
        return house_way(cards, rules, self.way)


@dataclass(frozen=True)
class RandomSetting:
    """A table strategy that picks one of the 21 settings at random (or one of
    the legal ones with ``allow_fouls=False``). The choice depends only on
    ``seed`` and the cards, so the strategy holds no changing state. Picklable.
    """

    seed: int = 0
    allow_fouls: bool = True

    def __post_init__(self) -> None:
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or self.seed < 0:
            raise PokerRulesError(f"RandomSetting's seed is a non-negative int, "
                                  f"not {shown(self.seed)}")
        if not isinstance(self.allow_fouls, bool):
            raise PokerRulesError(
                f"allow_fouls must be True or False, not {shown(self.allow_fouls)}")

    def __call__(self, cards: tuple[Card, ...], rules: PaiGowRules) -> Setting:
        choices = settings(cards)
        if not self.allow_fouls:
            choices = tuple(s for s in choices if not is_foul(s, rules.hand_rules))
        rng = np.random.default_rng([self.seed, *(c.code for c in cards)])
        return choices[int(rng.integers(len(choices)))]
