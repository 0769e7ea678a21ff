"""The checks of arguments every module shares: counts, budgets, threads and
workers are all checked here, and refused alike; :func:`shown` is how every
error message shows the value it refuses."""

from __future__ import annotations

import operator
import sys
from types import ModuleType
from typing import TYPE_CHECKING, Any, TypeGuard

from pokerrules import _core
from pokerrules.errors import ArgumentTypeError, PokerRulesError

if TYPE_CHECKING:
    import numpy as np

__all__ = ["MAX_COUNT", "check_count", "check_flag", "check_hand_rules", "check_rules", "is_int",
           "loaded", "read_cards", "shown"]

#: ``shown(value) -> str``: ``repr(value)`` for an error message, cut to a short
#: prefix and the length when long (the compiled core's, so that its messages agree).
shown = _core._shown
#: ``read_cards(cards, lo, hi, what) -> list[Card]``: the cards of ``cards`` (as
#: :func:`~pokerrules.cards.parse_cards` takes them), ``lo`` to ``hi`` of them, an
#: iterator read no further than ``hi + 1``; :class:`~pokerrules.errors.HandSizeError`
#: names ``what`` and the cards otherwise.
read_cards = _core._read_cards
#: ``check_rules(rules, kind, presets=None, argument="rules", *, default=None,
#: hints=None, carried=None) -> kind``: every ``rules`` argument's one check. ``rules``
#: as an instance of ``kind``, a preset's name (a lowercase key of ``presets``, in any
#: case), ``default`` for None when given, or, with ``carried=(attribute, holder)``,
#: the ``kind`` that other rules (``holder`` in the message) hold in ``attribute``.
#: :class:`~pokerrules.errors.PokerRulesError` for text that names no preset (listing
#: them, with ``hints[name]`` when the name is one),
#: :class:`~pokerrules.errors.ArgumentTypeError` naming ``argument`` otherwise.
check_rules = _core._rules_of
#: ``check_hand_rules(rules, argument="rules", carried=None) -> HandRules``: ``rules``
#: checked as hand rules (a :class:`~pokerrules.hands.HandRules` or a preset's name;
#: as :data:`check_rules`, with a fast path for HandRules itself).
check_hand_rules = _core._hand_rules
#: ``check_flag(value, name) -> bool``: ``value`` checked as True or False (Python's or
#: numpy's bool); :class:`~pokerrules.errors.ArgumentTypeError` names ``name`` otherwise
#: (1, "no" and None are refused).
check_flag = _core._flag

#: Counts (rounds, samples, chunk sizes, budgets) stay below this: the C kernels
#: count in int64.
MAX_COUNT = 2**63


def loaded(module: str) -> ModuleType | None:
    """The module named ``module`` if it is imported, else None. No numpy value (an
    int, a bool, a Generator) exists before numpy is imported, so checking for one
    needs no import: ranking hands never imports numpy."""
    return sys.modules.get(module)


def is_int(value: object) -> TypeGuard[int | np.integer[Any]]:
    """True for an int, Python's or numpy's, but not a bool (Python's or numpy's)."""
    if isinstance(value, int):
        return not isinstance(value, bool)
    numpy = loaded("numpy")
    return numpy is not None and isinstance(value, numpy.integer)


def check_count(value: object, name: str, low: int = 1, high: int = MAX_COUNT - 1) -> int:
    """``value`` checked as a whole number from ``low`` to ``high``, as a plain int.
    Any integer type is accepted (Python's, numpy's: anything with ``__index__``)
    but a bool; a float is refused even when whole (``2.0``), as is text.

    Raises:
        ArgumentTypeError: not an integer.
        PokerRulesError: below ``low`` or above ``high``.
    """
    number = None
    # numpy bools have __index__: numpy 2 refuses it, numpy 1 only warns
    numpy = loaded("numpy")
    if not isinstance(value, bool) and not (numpy is not None and isinstance(value, numpy.bool_)):
        try:
            number = operator.index(value)  # type: ignore[arg-type]
        except TypeError:  # no __index__, or one that refuses
            pass
    bound = "2**63 - 1" if high == MAX_COUNT - 1 else f"{high:,}"
    wanted = f"{name} must be an int from {low:,} to {bound}, not {shown(value)}"
    if number is None:
        raise ArgumentTypeError(wanted)
    if not low <= number <= high:
        raise PokerRulesError(wanted)
    return number
