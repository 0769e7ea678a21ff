"""The public API as docs/public_api.csv lists it (the API page renders that table):
each name imports from its one home, without a warning; each home's ``__all__`` is
its row; no object is listed under two homes; no game package holds a shared name;
and no module keeps an old spelling of a name (a deprecation shim): nothing is
deprecated that no release shipped."""

from __future__ import annotations

import ast
import csv
import importlib
import re
import warnings
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).parents[1]
HOMES = {row["Module"]: row["Names"].split()
         for row in csv.DictReader((ROOT / "docs" / "public_api.csv").open())}
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


SRC = ROOT / "src"
#: What a deprecation shim says; a module under src says none of it.
DEPRECATION_WORDS = re.compile(r"DeprecationWarning|FutureWarning|deprecat", re.I)


def module_getattrs(src: Path = SRC) -> list[str]:
    """The modules under ``src`` that define a module-level ``__getattr__``."""
    found = []
    for path in sorted((src / "pokerrules").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if any(isinstance(node, (ast.FunctionDef, ast.Assign)) and "__getattr__" in (
                [node.name] if isinstance(node, ast.FunctionDef)
                else [t.id for t in node.targets if isinstance(t, ast.Name)])
               for node in tree.body):
            parts = list(path.relative_to(src).with_suffix("").parts)
            found.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return found


@pytest.mark.fast
def test_no_module_under_src_defines_a_deprecation_shim():
    sources = [p for p in sorted(SRC.rglob("*")) if p.suffix in (".py", ".pyx", ".pxi", ".c")]
    assert len(sources) > 50
    assert [str(p.relative_to(ROOT)) for p in sources
            if DEPRECATION_WORDS.search(p.read_text(encoding="utf-8"))] == []
    # a module's __getattr__ only imports its own listed names when first asked for
    # (numpy, the runner), never an old spelling of a name that lives elsewhere
    lazy = module_getattrs()
    assert lazy == ["pokerrules", "pokerrules.cards"]
    for module in map(importlib.import_module, lazy):
        answered = [name for names in HOMES.values() for name in names
                    if name not in module.__all__ and name not in vars(module)
                    and hasattr(module, name)]
        assert answered == [], module.__name__


@pytest.mark.fast
def test_the_shim_check_sees_a_deprecation_and_a_module_getattr(tmp_path):
    (tmp_path / "pokerrules" / "game").mkdir(parents=True)
    shim = ("import warnings\n\ndef __getattr__(name):\n"
            "    warnings.warn(name, DeprecationWarning)\n")
    (tmp_path / "pokerrules" / "game" / "__init__.py").write_text(shim)
    (tmp_path / "pokerrules" / "old.py").write_text("__getattr__ = make_shim(__name__)\n")
    (tmp_path / "pokerrules" / "plain.py").write_text("def getattr_(name): ...\n")
    assert module_getattrs(tmp_path) == ["pokerrules.game", "pokerrules.old"]
    assert DEPRECATION_WORDS.search(shim)
    assert not DEPRECATION_WORDS.search("warnings.warn(name, RuntimeWarning)")
