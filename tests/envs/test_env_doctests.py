"""The examples in the environments' docstrings run as written."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import pokerrules.envs

pytest.importorskip("pettingzoo", reason="PettingZoo is not installed")
pytest.importorskip("pyspiel", reason="OpenSpiel is not installed")

pytestmark = pytest.mark.fast

MODULES = ["pokerrules.envs"] + [f"pokerrules.envs.{info.name}"
                                 for info in pkgutil.iter_modules(pokerrules.envs.__path__)]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
