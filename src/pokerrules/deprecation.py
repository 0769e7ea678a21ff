"""Old spellings of public names, kept for one release: a module whose names moved
sets ``__getattr__ = deprecated_names(__name__, ...)``, so that the old spelling still
gives the object, with a :class:`DeprecationWarning` naming where it lives now.

>>> import warnings
>>> getattr_ = deprecated_names("mygame", {"PokerRulesError": "pokerrules.errors"})
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     error = getattr_("PokerRulesError")
>>> error.__module__, caught[0].category.__name__
('pokerrules.errors', 'DeprecationWarning')
>>> print(caught[0].message)  # doctest: +NORMALIZE_WHITESPACE
mygame.PokerRulesError has moved: import it from pokerrules.errors; the old
spelling goes in the next release
"""

from __future__ import annotations

import importlib
import os
import warnings
from collections.abc import Callable, Mapping
from types import FrameType

__all__ = ["deprecated_names", "warn_deprecated"]

_PACKAGE = os.path.dirname(os.path.abspath(__file__)) + os.sep


def warn_deprecated(message: str) -> None:
    """Warns ``message`` (a :class:`DeprecationWarning`) at the first caller outside
    pokerrules, however deep in the library the old spelling was met: that is the
    line to change, and where Python's default filters show it."""
    import inspect  # only when an old spelling is met: it costs an import

    here = inspect.currentframe()
    frame = here.f_back if here is not None else None
    level = 2  # warn_deprecated is level 1
    while frame is not None and _ours(frame):
        frame, level = frame.f_back, level + 1
    warnings.warn(message, DeprecationWarning, stacklevel=level)


def _ours(frame: FrameType) -> bool:
    """A frame of pokerrules' code, or of code generated for it (a dataclass's
    ``__init__``)."""
    where = frame.f_code.co_filename
    return where.startswith(_PACKAGE) or (
        where == "<string>" and str(frame.f_globals.get("__name__", "")).startswith("pokerrules"))


def deprecated_names(
    module: str,
    moved: Mapping[str, str],
    removed: Mapping[str, tuple[str, Callable[[], object]]] | None = None,
) -> Callable[[str], object]:
    """A module ``__getattr__`` for the old spellings of ``module`` (its dotted name).

    Args:
        moved: old name -> the module it is imported from now (same name there).
        removed: old name -> (what to use instead, a function giving the old value).

    Each old spelling warns with a :class:`DeprecationWarning` that names the new
    home (or the replacement); a lookup the new home itself answers with a warning
    (a name that moved twice) warns once, here.

    Raises (from the ``__getattr__``):
        AttributeError: a name that is neither moved nor removed, as for any module.
    """
    gone = dict(removed or {})

    def __getattr__(name: str) -> object:
        if name in moved:
            home = moved[name]
            message = f"{module}.{name} has moved: import it from {home}"
        elif name in gone:
            message = f"{module}.{name} is deprecated: {gone[name][0]}"
        else:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        warnings.warn(f"{message}; the old spelling goes in the next release",
                      DeprecationWarning, stacklevel=2)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            if name in moved:
                return getattr(importlib.import_module(moved[name]), name)
            return gone[name][1]()

    return __getattr__
