"""The rules of a Pai Gow Poker table: :class:`PaiGowRules` and its presets."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from decimal import Decimal, InvalidOperation
from typing import Any, TypeAlias

from pokerrules._checks import check_rules, loaded, shown
from pokerrules._paigow import BANKER_PUSHES, WAYS, banker_push_codes
from pokerrules.cards import Card
from pokerrules.errors import ArgumentTypeError, PokerRulesError
from pokerrules.hands import PAI_GOW, PIQUET, STANDARD, HandRules
from pokerrules.paigow.game.setting import Setting

__all__ = [
    "BANKER_FOUL_RULES",
    "BANKER_PUSH_RULES",
    "DEFAULT_RULES",
    "PRESETS",
    "SEATS",
    "PaiGowRules",
    "PaiGowRulesLike",
    "callable_name",
    "check_seat",
    "commission_fraction",
    "commission_text",
    "paigow_rules",
    "rules_record",
    "way_name",
]


def way_name(name: object, argument: str = "way", names: tuple[str, ...] = ()) -> str:
    """The name of the built-in way (or of one of ``names``, a function's own such
    as simulate's "optimal") that ``name`` names, as :data:`WAYS` spells it: every
    way's name given to pokerrules is read here.

    >>> from pokerrules.paigow.game.rules import way_name
    >>> way_name("ballys")
    'ballys'

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

#: The banker hands that push every player's bet (``PaiGowRules.banker_push``),
#: as the C kernel names them (its test of a hand is the one source):
#: "queen_high_pai_gow" (EZ Pai Gow), "nine_high_low" (Commission-Free Pai Gow),
#: "ace_high_pai_gow" (Face Up Pai Gow).
BANKER_PUSH_RULES: tuple[str, ...] = tuple(BANKER_PUSHES)

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
            ``pokerrules.paigow.WAYS`` ("foxwoods", "trump_plaza",
            "claridge", "ballys", "golden_nugget", "flamingo_hilton"), a way from
            :func:`~pokerrules.paigow.load_house_way` or a
            callable ``(cards, rules) -> Setting``; not
            :func:`~pokerrules.paigow.house_way` itself or ``HouseWay()``, which
            set a hand by this very field.
        banker_foul: "loses" (a fouled banker loses to every player who did
            not foul) or "house_way" (the banker's hand is set again by the
            house way and played).
        positions: table positions, 2 to 7, numbered from 1 (the banker)
            counter-clockwise; the dice count around them.
        banker_push: None (no banker hand pushes), or which banker hand
            pushes every player's bet (commission-free tables), one of
            :data:`BANKER_PUSH_RULES`: "queen_high_pai_gow" (no pair,
            straight or flush among the banker's seven cards and a queen the
            highest; the joker counts as an ace, so a hand holding it is
            never queen high), "nine_high_low" (the banker's two-card hand
            as set is two unpaired cards, the higher a nine) or
            "ace_high_pai_gow" (no pair, straight or flush, the highest card
            an ace, the joker playing the ace included). A fouled player
            still loses; otherwise the push comes before everything else.
        banker_shown: the banker's hand is set by the house way and shown
            before the player sets (Face Up Pai Gow): the exact count plays
            the player's best reply to the banker's setting
            (:func:`~pokerrules.paigow.best_reply`) instead of a strategy.

    Raises:
        PokerRulesError: a value out of range or an unknown name.
    """

    wheel_second_highest: bool = False
    commission: float = 0.0
    banker_commission: float = 0.0
    house_way: str | Callable[[tuple[Card, ...], PaiGowRules], Setting] = "foxwoods"
    banker_foul: str = "loses"
    positions: int = 7
    banker_push: str | None = None
    banker_shown: bool = False

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
        if self.banker_push is not None and (not isinstance(self.banker_push, str)
                                             or self.banker_push not in BANKER_PUSH_RULES):
            raise PokerRulesError(
                f"unknown banker_push rule {shown(self.banker_push)}; choose from None, "
                f"{', '.join(BANKER_PUSH_RULES)}")
        if not isinstance(self.banker_shown, bool):
            raise PokerRulesError(f"banker_shown must be True or False, "
                                  f"not {shown(self.banker_shown)}")

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

    @classmethod
    def ez(cls) -> PaiGowRules:
        """EZ Pai Gow: no commission; the banker's queen-high pai gow (seven
        cards with no pair, straight or flush, a queen the highest, so no
        joker) pushes every bet. A-2-3-4-5 the second-highest straight, as
        :meth:`casino`.

        Source: Wizard of Odds, "EZ Pai Gow Poker (with Partially Wild Joker)"
        (its return table, with another house way than ours: win 0.274597,
        push 0.426112, lose 0.299291, a house edge of 2.47%; see
        docs/games/paigow.rst for ours), and the rules as casinos post them
        (e.g. Eagle Mountain Casino's "EZ Pai-Gow" page).

        >>> from pokerrules.paigow import PaiGowRules
        >>> PaiGowRules.ez().banker_push, PaiGowRules.ez().commission
        ('queen_high_pai_gow', 0.0)
        """
        return cls(wheel_second_highest=True, banker_push="queen_high_pai_gow")

    @classmethod
    def commission_free(cls) -> PaiGowRules:
        """Commission-Free (Fortune) Pai Gow: no commission; the banker's
        two-card hand played 9-high (two unpaired cards, the higher a nine)
        pushes every bet. A-2-3-4-5 the second-highest straight, as
        :meth:`casino`.

        Source: Wizard of Odds, "Commission Free Pai Gow Poker" (read at
        sonofdave.com/games/commission-free-pai-gow-poker/: a house edge of
        2.51% with the Trump Plaza house way, which ``"trump_plaza"`` gives
        to 3e-5 in each rate: 2.5057%; its Tiger 9 bet's 0.025007 is the 9-high
        low's chance).

        >>> from pokerrules.paigow import PaiGowRules
        >>> PaiGowRules.commission_free().banker_push
        'nine_high_low'
        """
        return cls(wheel_second_highest=True, banker_push="nine_high_low")

    @classmethod
    def face_up(cls) -> PaiGowRules:
        """Face Up Pai Gow: no commission; the banker's ace-high pai gow (no
        pair, straight or flush among the seven, an ace the highest, the joker
        playing the ace included, since the rules texts let it count as an ace)
        pushes every bet; the banker's hand is set by the house way and shown
        before the player sets (``banker_shown``), so the player sets knowing
        it (:func:`~pokerrules.paigow.best_reply`). A-2-3-4-5 the
        second-highest straight, as :meth:`casino`.

        Source: Wizard of Odds, "Face Up Pai Gow Poker" (read at
        mobilira.com/games/face-up-pai-gow-poker: "if the best five-card hand
        the dealer can make is an ace high, then the outcome is an automatic
        push"), and casino rules pages (Chukchansi Gold, Isle Pompano Park)
        that let the joker stand as an ace.

        >>> from pokerrules.paigow import PaiGowRules
        >>> PaiGowRules.face_up().banker_push, PaiGowRules.face_up().banker_shown
        ('ace_high_pai_gow', True)
        """
        return cls(wheel_second_highest=True, banker_push="ace_high_pai_gow", banker_shown=True)

    @property
    def push_number(self) -> int:
        """The compiled kernels' number of :attr:`banker_push`, 0 for None, else
        its place in :data:`BANKER_PUSH_RULES` counted from 1."""
        return 0 if self.banker_push is None else BANKER_PUSH_RULES.index(self.banker_push) + 1

    def pushes(self, banker: Setting) -> bool:
        """True when the banker's setting pushes every player's bet under
        :attr:`banker_push` (always False without one). The test is the
        compiled kernel's (``pg_banker_pushes``).

        >>> from pokerrules.paigow import PaiGowRules, Setting
        >>> PaiGowRules.ez().pushes(Setting("Qs Th 8d 6c 4s", "9h 2c"))
        True

        Raises:
            ArgumentTypeError: a banker setting that is no :class:`Setting`.
        """
        if not isinstance(banker, Setting):
            raise ArgumentTypeError(f"pushes takes the banker's Setting, not {shown(banker)}")
        if self.banker_push is None:
            return False
        return bool(banker_push_codes([c.code for c in banker.high], [c.code for c in banker.low],
                                      self.hand_rules.variant, self.push_number))

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
        if self.banker_push is None:  # written only when set: older saves stay as they were
            del data["banker_push"]
        if not self.banker_shown:
            del data["banker_shown"]
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


#: The seats a strategy is solved for: the player's (against the banker's way) and
#: the banker's (against the player's).
SEATS = ("player", "banker")


def check_seat(seat: object) -> str:
    """``seat``, one of :data:`SEATS`, or PokerRulesError naming it."""
    if not isinstance(seat, str) or seat not in SEATS:
        raise PokerRulesError(f"seat must be one of {', '.join(SEATS)}, not {shown(seat)}")
    return seat


def rules_record(rules: PaiGowRules, seat: str = "player") -> dict[str, Any]:
    """The rules a solved strategy depends on, as files and checkpoints record
    them: the commission, the wheel reading and, only when set (so that the
    records of the other rules read as they always did), the banker push rule;
    the banker's commission for the banker's seat, and for the player's where it
    is not the player's commission (a record without it has the two alike)."""
    record: dict[str, Any] = {"commission": float(rules.commission),
                              "wheel_second_highest": rules.wheel_second_highest}
    if rules.banker_push is not None:
        record["banker_push"] = rules.banker_push
    if seat == "banker" or rules.banker_commission != rules.commission:
        record["banker_commission"] = float(rules.banker_commission)
    return record


#: The default rules of the package's functions (one shared, frozen instance).
DEFAULT_RULES = PaiGowRules.classic()

#: The presets of :class:`PaiGowRules` by name: what every ``rules`` argument of the
#: Pai Gow functions and the command line's ``pokerrules paigow ... --rules`` take.
PRESETS: dict[str, PaiGowRules] = {
    "classic": DEFAULT_RULES, "casino": PaiGowRules.casino(), "ez": PaiGowRules.ez(),
    "commission_free": PaiGowRules.commission_free(), "face_up": PaiGowRules.face_up()}

#: Table rules, or a preset's name ("classic", "casino", "ez", "commission_free",
#: "face_up", in any case).
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


def blind_rules(rules: object, what: str) -> PaiGowRules:
    """:func:`paigow_rules` for a tool that sets the player's hand without seeing the
    banker's, named ``what``: rules that show the banker's hand first (``banker_shown``,
    Face Up Pai Gow) are refused, the player there playing the best reply.

    Raises:
        PokerRulesError: ``banker_shown`` rules; the errors of :func:`paigow_rules`.
    """
    checked = paigow_rules(rules)
    if checked.banker_shown:
        raise PokerRulesError(
            f"rules: {what} sets the player's hand without seeing the banker's, but these "
            "rules show it (banker_shown, Face Up Pai Gow), where the player plays the "
            "best reply (best_reply; exact_house_edge counts it); give "
            "rules.replace(banker_shown=False) to ask it blind")
    return checked
