"""The rules of a Pai Gow Poker table: :class:`PaiGowRules` and its presets."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from decimal import Decimal, InvalidOperation
from typing import Any, TypeAlias

from pokerrules._checks import check_rules, loaded, shown
from pokerrules._paigow import WAYS
from pokerrules.cards import Card
from pokerrules.errors import PokerRulesError
from pokerrules.hands import PAI_GOW, PIQUET, STANDARD, HandRules
from pokerrules.paigow.game.setting import Setting

__all__ = [
    "BANKER_FOUL_RULES",
    "DEFAULT_RULES",
    "PRESETS",
    "PaiGowRules",
    "PaiGowRulesLike",
    "callable_name",
    "commission_fraction",
    "commission_text",
    "paigow_rules",
    "way_name",
]


def way_name(name: object, argument: str = "way", names: tuple[str, ...] = ()) -> str:
    """The name of the built-in way (or of one of ``names``, a function's own such
    as simulate's "optimal") that ``name`` names, as :data:`WAYS` spells it: every
    way's name given to pokerrules is read here.

    >>> from pokerrules.paigow.game.rules import way_name
    >>> way_name("foxwoods_ballys_two_pairs")
    'foxwoods_ballys_two_pairs'

    Raises:
        PokerRulesError: no built-in way has that name (naming ``argument``).
    """
    choices = (*names, *WAYS)
    if not isinstance(name, str) or name not in choices:
        raise PokerRulesError(f"unknown house way {shown(name)} for {argument}; "
                              f"choose from {', '.join(choices)}")
    return name


# The ranking of each wheel rule, made once: the hand rules are immutable, and a
# round asks for them at every move.
_HAND_RULES: dict[bool, HandRules] = {
    wheel: PAI_GOW.replace(wheel_second_highest=wheel) for wheel in (False, True)}

#: What happens when the banker fouls: "loses" (to every player who did not
#: foul) or "house_way" (the banker's hand is set again by the house way).
BANKER_FOUL_RULES = ("loses", "house_way")

def finite_number(value: object) -> float | None:
    """``value`` as a float when it is a finite int or float (not a bool), else None
    (also for an int too large for a float)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    try:
        number = float(value)
    except OverflowError:
        return None
    return number if math.isfinite(number) else None


def commission_fraction(text: object, argument: str = "commission") -> float:
    """A commission as people write it, a fraction ("0.05") or a percentage
    ("5%"), as the float nearest its exact decimal value: "0.7%" is 0.007, as
    the text 0.007 is (a percentage is divided in decimal, not in binary).
    Every commission read from text is read here.

    >>> from pokerrules.paigow.game.rules import commission_fraction
    >>> commission_fraction("0.7%"), commission_fraction("5%"), commission_fraction("0.025")
    (0.007, 0.05, 0.025)

    Raises:
        PokerRulesError: text that is no number, or a commission outside
            [0, 1) (``argument`` is named, when given).
    """
    words = text.strip() if isinstance(text, str) else None
    percent = words is not None and words.endswith("%")
    try:
        value = Decimal(words[:-1] if percent else words)  # type: ignore[index, arg-type]
    except (InvalidOperation, TypeError, ValueError):
        value = Decimal("NaN")
    if percent and value.is_finite():
        value = value.scaleb(-2)  # exact: only the exponent changes
    number = float(value) + 0.0 if value.is_finite() else math.nan  # + 0.0: no -0.0
    # a decimal NaN refuses comparison; 1 - 1e-20 is below 1 but is the float 1.0
    if not value.is_finite() or not 0 <= value < 1 or not number < 1:
        prefix = f"{argument} " if argument else ""
        raise PokerRulesError(f"{prefix}takes a fraction from 0 up to 1 (0.05) or a "
                              f"percentage (5%), not {shown(text)}")
    return number


def commission_text(fraction: float) -> str:
    """A commission as a percentage, "5%" for 0.05 and "0.7%" for 0.007: the
    shortest decimal of the float (its repr) times 100, in decimal, so that two
    different commissions never print alike and :func:`commission_fraction`
    reads the text back as the same float. Every commission printed is printed
    by this.

    >>> from pokerrules.paigow.game.rules import commission_text
    >>> commission_text(0.05), commission_text(0.007), commission_text(0.006999999999999999)
    ('5%', '0.7%', '0.6999999999999999%')
    """
    return f"{Decimal(repr(float(fraction))).scaleb(2).normalize():f}%"


def callable_name(fn: object) -> str:
    """A name for a callable that is the same in every run: its repr unless
    that holds a memory address (functions, lambdas), else module.qualname."""
    text = repr(fn)
    if " at 0x" not in text:
        return text
    module = getattr(fn, "__module__", None) or type(fn).__module__
    name = getattr(fn, "__qualname__", None) or type(fn).__qualname__
    return f"{module}.{name}"


def _sets_by_the_rules_own_way(way: object) -> bool:
    """True for :func:`~pokerrules.paigow.house_way` itself and ``HouseWay(None)``:
    as the rules' house way, each would call itself without end."""
    houseway = loaded("pokerrules.paigow.game.houseway")  # none of its ways exists before
    if houseway is None:
        return False
    return way is houseway.house_way or (
        isinstance(way, houseway.HouseWay) and way.way is None)


@dataclass(frozen=True)
class PaiGowRules:
    """The rule choices of a Pai Gow Poker table. Frozen, hashable when
    ``house_way`` is, and picklable when ``house_way`` is a name or a picklable
    callable.

    Args:
        wheel_second_highest: A-2-3-4-5 ranks just below A-K-Q-J-T (as a
            straight and as a straight flush) instead of lowest.
        commission: the fraction of a player's winning bet the house keeps
            (0.05 is 5%); 0 <= commission < 1.
        banker_commission: the fraction of a banking player's net win of the
            round the house keeps; 0 <= banker_commission < 1.
        house_way: the default way to set hands: a name from
            ``pokerrules.paigow.WAYS`` ("foxwoods", "foxwoods_ballys_two_pairs",
            "trump_plaza", "claridge"), a way from
            :func:`~pokerrules.paigow.load_house_way` or a
            callable ``(cards, rules) -> Setting``; not
            :func:`~pokerrules.paigow.house_way` itself or ``HouseWay()``, which
            set a hand by this very field.
        banker_foul: "loses" (a fouled banker loses to every player who did
            not foul) or "house_way" (the banker's hand is set again by the
            house way and played).
        positions: table positions, 2 to 7, numbered from 1 (the banker)
            counter-clockwise; the dice count around them.

    Raises:
        PokerRulesError: a value out of range or an unknown name.
    """

    wheel_second_highest: bool = False
    commission: float = 0.0
    banker_commission: float = 0.0
    house_way: str | Callable[[tuple[Card, ...], PaiGowRules], Setting] = "foxwoods"
    banker_foul: str = "loses"
    positions: int = 7

    def __post_init__(self) -> None:
        if not isinstance(self.wheel_second_highest, bool):
            raise PokerRulesError(f"wheel_second_highest must be True or False, "
                                  f"not {shown(self.wheel_second_highest)}")
        for name in ("commission", "banker_commission"):
            value = getattr(self, name)
            number = finite_number(value)
            if number is None or not 0 <= number < 1:
                raise PokerRulesError(f"{name} must be a fraction in [0, 1), not {shown(value)}")
        if isinstance(self.house_way, str):
            if self.house_way not in WAYS:  # none: the way-name check says so
                way_name(self.house_way, "house_way")
        elif not callable(self.house_way):
            raise PokerRulesError(
                f"house_way must be a name or a callable, not {shown(self.house_way)}")
        elif _sets_by_the_rules_own_way(self.house_way):
            raise PokerRulesError(
                f"house_way={shown(self.house_way)} sets a hand by the rules' own house way, "
                f"which would be itself; name a way ({', '.join(WAYS)}) or give "
                "HouseWay('foxwoods')")
        if not isinstance(self.banker_foul, str) or self.banker_foul not in BANKER_FOUL_RULES:
            raise PokerRulesError(
                f"unknown banker_foul rule {shown(self.banker_foul)}; "
                f"choose from {', '.join(BANKER_FOUL_RULES)}")
        if (isinstance(self.positions, bool) or not isinstance(self.positions, int)
                or not 2 <= self.positions <= 7):
            raise PokerRulesError(f"positions must be 2 to 7, not {shown(self.positions)}")

    @classmethod
    def classic(cls) -> PaiGowRules:
        """The rules text as written: the wheel is the lowest straight, even
        money both ways, the Foxwoods house way, seven positions.

        >>> from pokerrules.paigow import PaiGowRules
        >>> PaiGowRules.classic().commission
        0.0
        """
        return cls()

    @classmethod
    def casino(cls) -> PaiGowRules:
        """What most casinos play: A-2-3-4-5 the second-highest straight, 5%
        commission on a player's win and on a banking player's net win.

        >>> from pokerrules.paigow import PaiGowRules
        >>> rules = PaiGowRules.casino()
        >>> rules.wheel_second_highest, rules.commission
        (True, 0.05)
        """
        return cls(wheel_second_highest=True, commission=0.05, banker_commission=0.05)

    @property
    def hand_rules(self) -> HandRules:
        """The :class:`HandRules` that rank these hands (the Pai Gow deck with
        the joker, and this wheel rule)."""
        return _HAND_RULES[self.wheel_second_highest]

    def replace(self, **changes: Any) -> PaiGowRules:
        """A copy with some fields changed (validated like the constructor)."""
        return replace(self, **changes)

    @property
    def house_way_name(self) -> str:
        """The house way's name (a loaded way's own); for a callable, see
        :func:`callable_name`."""
        if isinstance(self.house_way, str):
            return self.house_way
        description = loaded("pokerrules.paigow.game.description")  # no loaded way before it
        if description is not None and isinstance(self.house_way, description.DescribedWay):
            name: str = self.house_way.name
            return name
        return callable_name(self.house_way)

    def to_dict(self) -> dict[str, Any]:
        """The rules as a JSON-ready dict: a built-in house way by its name, a
        loaded way as ``{"name": ..., "description": ...}`` (its whole text, so
        that it restores the same way), another callable by its name."""
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        description = loaded("pokerrules.paigow.game.description")
        if description is not None and isinstance(self.house_way, description.DescribedWay):
            data["house_way"] = {"name": self.house_way.name,
                                 "description": self.house_way.source}
        else:
            data["house_way"] = self.house_way_name
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PaiGowRules:
        """Rules from :meth:`to_dict`.

        Raises:
            PokerRulesError: an unknown field, or a house way that is no
                built-in name (a callable cannot be restored from its name).
            HouseWayError: a loaded way's description that does not parse or
                check (it is parsed and checked as a file is), or whose ``way:``
                line is not its name.
        """
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise PokerRulesError(f"unknown PaiGowRules field(s): {sorted(unknown)}")
        way = data.get("house_way")
        if isinstance(way, dict):
            from pokerrules.paigow.game.description import way_from_dict  # it imports this module

            data = {**data, "house_way": way_from_dict(way)}
        return cls(**data)


#: The default rules of the package's functions (one shared, frozen instance).
DEFAULT_RULES = PaiGowRules.classic()

#: The presets of :class:`PaiGowRules` by name: what every ``rules`` argument of the
#: Pai Gow functions and the command line's ``pokerrules paigow ... --rules`` take.
PRESETS: dict[str, PaiGowRules] = {"classic": DEFAULT_RULES, "casino": PaiGowRules.casino()}

#: Table rules, or a preset's name ("classic", "casino", in any case).
PaiGowRulesLike: TypeAlias = PaiGowRules | str

# what a hand rules preset's name given as table rules is, for the error
_HAND_RULES_HINTS = {rules.name: "names hand rules; a Pai Gow table always ranks by the "
                                 "paigow hand rules" for rules in (STANDARD, PAI_GOW, PIQUET)}


def paigow_rules(rules: object, argument: str = "rules") -> PaiGowRules:
    """``rules`` as :class:`PaiGowRules`: the rules themselves, or a preset's name
    from :data:`PRESETS` in any case ("casino", "Classic"), as the hand-ranking
    functions take a :class:`~pokerrules.hands.HandRules` preset's name.

    >>> from pokerrules.paigow import paigow_rules
    >>> paigow_rules("Casino") == PaiGowRules.casino()
    True

    Raises:
        PokerRulesError: text that names no preset (the message lists them, and says
            so when the text names hand rules instead).
        ArgumentTypeError: anything else, naming ``argument``.
    """
    return check_rules(rules, PaiGowRules, PRESETS, argument, hints=_HAND_RULES_HINTS)
