"""Doctests of a game package: its ``__init__`` and every module in it."""

import doctest
import importlib
import pkgutil
from types import ModuleType


def package_doctests(package: ModuleType, optionflags: int = 0) -> doctest.TestResults:
    """The summed doctest results of ``package`` and each of its modules (each runs
    the examples of the objects defined in it)."""
    failed = attempted = 0
    modules = [package] + [importlib.import_module(f"{package.__name__}.{info.name}")
                           for info in pkgutil.iter_modules(package.__path__)]
    for module in modules:
        result = doctest.testmod(module, optionflags=optionflags)
        failed += result.failed
        attempted += result.attempted
    return doctest.TestResults(failed, attempted)
