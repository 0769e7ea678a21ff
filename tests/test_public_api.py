"""The public API as docs/public_api.csv lists it (the API page renders that table):
each name imports from its one home, without a warning; each home's ``__all__`` is
its row; no object is listed under two homes; no game package holds a shared name;
and every name the modules offered at 0.1.0 (tests/public_names_0_1_0.json) still
imports from its old spelling, with a DeprecationWarning naming its home when it
moved."""

from __future__ import annotations

import csv
import importlib
import json
import re
import warnings
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).parents[1]
HOMES = {row["Module"]: row["Names"].split()
         for row in csv.DictReader((ROOT / "docs" / "public_api.csv").open())}
OLD = json.loads((Path(__file__).parent / "public_names_0_1_0.json").read_text())
#: The top level offers every name of these homes, and the runner's play_game.
FACADE = ("pokerrules.cards", "pokerrules.hands", "pokerrules.errors")
GAME_PACKAGES = ("pokerrules.eastwest", "pokerrules.zpoker", "pokerrules.chinese_poker",
                 "pokerrules.paigow")


def quietly(module: str, name: str) -> object:
    """``from module import name``, failing on any warning."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return getattr(importlib.import_module(module), name)


@pytest.mark.fast
@pytest.mark.parametrize("home", sorted(HOMES))
def test_each_listed_name_imports_from_its_home_and_all_is_its_row(home):
    module = importlib.import_module(home)
    assert sorted(module.__all__) == sorted(HOMES[home])
    for name in HOMES[home]:
        quietly(home, name)
    star: dict[str, object] = {}
    exec(f"from {home} import *", star)
    assert set(star) - {"__builtins__"} == set(HOMES[home])


def shared(value: object) -> bool:
    """Objects that may be equal by chance in two homes (numbers, text, None) are
    not names that live somewhere."""
    return not isinstance(value, (int, float, str, bytes, type(None), tuple, frozenset))


@pytest.mark.fast
def test_no_object_is_listed_under_two_homes():
    homes: dict[int, str] = {}
    clashes = []
    for home, names in HOMES.items():
        for name in names:
            value = quietly(home, name)
            if shared(value):
                other = homes.setdefault(id(value), f"{home}.{name}")
                if other != f"{home}.{name}":
                    clashes.append((other, f"{home}.{name}"))
    assert clashes == []


@pytest.mark.fast
def test_the_top_level_offers_the_cards_hands_and_errors_and_play_game():
    import pokerrules
    expected = {name for home in FACADE for name in HOMES[home]}
    assert set(pokerrules.__all__) == expected | {"play_game", "__version__"}
    for name in expected:
        assert quietly("pokerrules", name) is quietly(
            next(h for h in FACADE if name in HOMES[h]), name)
    assert quietly("pokerrules", "play_game") is quietly("pokerrules.runner", "play_game")


@pytest.mark.fast
@pytest.mark.parametrize("package", GAME_PACKAGES)
def test_a_game_package_holds_no_name_of_the_shared_layer(package):
    module = importlib.import_module(package)
    others = {id(quietly(home, name)): f"{home}.{name}"
              for home, names in HOMES.items() if home not in GAME_PACKAGES
              for name in names if shared(quietly(home, name))}
    borrowed = [f"{name} is {others[id(value)]}" for name, value in vars(module).items()
                if not name.startswith("_") and not isinstance(value, ModuleType)
                and id(value) in others]
    assert borrowed == []


def old_spellings() -> list[tuple[str, str]]:
    return [(module, name) for module, names in sorted(OLD.items()) for name in names]


@pytest.mark.fast
@pytest.mark.parametrize("module, name", old_spellings())
def test_every_old_spelling_still_imports_and_warns_when_it_moved(module, name):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        value = getattr(importlib.import_module(module), name)
        namespace: dict[str, object] = {}
        exec(f"from {module} import {name}", namespace)
    assert namespace[name] is value
    moved = [w for w in caught if issubclass(w.category, DeprecationWarning)]
    if name in HOMES.get(module, ()) or (module == "pokerrules" and name in
                                          importlib.import_module(module).__all__):
        assert moved == []
        return
    # the attribute, then the from-import (a package's is looked up twice)
    assert len(moved) >= 2 and len({str(w.message) for w in moved}) == 1
    message = str(moved[0].message)
    assert message.startswith(f"{module}.{name} ")
    assert "the old spelling goes in the next release" in message
    home = re.search(r"import it from ([\w.]+);", message)
    if home:  # moved: the home it names gives the same object, quietly
        assert quietly(home.group(1), name) is value
    else:  # removed: the message names what to use instead
        assert re.search(r"is deprecated: .*pokerrules\.\w+", message)


@pytest.mark.fast
def test_the_old_lists_are_walked_and_some_names_moved():
    assert sum(map(len, OLD.values())) > 250
    moved = [(m, n) for m, n in old_spellings() if n not in HOMES.get(m, ())
             and not (m == "pokerrules")]
    assert len(moved) > 80


@pytest.mark.fast
def test_an_unknown_name_is_still_an_attribute_error():
    for module in (*GAME_PACKAGES, "pokerrules.game", "pokerrules.runner", "pokerrules.specs"):
        with pytest.raises(AttributeError, match="has no attribute 'no_such_name'"):
            importlib.import_module(module).no_such_name  # noqa: B018


@pytest.mark.fast
def test_the_top_level_offers_no_name_beside_its_list_and_its_modules():
    import pokerrules
    extra = sorted(name for name, value in vars(pokerrules).items()
                   if not name.startswith("_") and name not in pokerrules.__all__
                   and not (isinstance(value, ModuleType)
                            and value.__name__ == f"pokerrules.{name}"))
    assert extra == []
    assert not {"importlib", "TYPE_CHECKING"} & set(dir(pokerrules))
