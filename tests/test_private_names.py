"""No module under src/pokerrules uses another module's private names.

A *private name* starts with an underscore and is no dunder (``__x__``). The rule,
checked on the syntax tree of every module:

1. Imports. No ``from M import _x``: a private name is imported by no other
   module. A module whose own name is private may be imported inside the package
   (``from pokerrules import _paigow``, ``from pokerrules._checks import shown``):
   it is one of the package's rooms, compiled (``pokerrules._core``,
   ``pokerrules._paigow``...) or Python (the helpers ``pokerrules._checks``,
   ``pokerrules._cli_common``, ``pokerrules._files``), kept out of the public API;
   its private names still are not imported.
2. Attributes. ``expr._x`` (and ``getattr``/``setattr``/``hasattr``/``delattr``
   with a literal private name) is allowed only when

   a. ``expr`` is ``self``, ``cls`` or ``super()``: the object's own state, what
      its class inherits included; or
   b. the module defines ``_x`` in one of its classes or in their base classes
      under pokerrules (bound in the class body, or assigned to ``self._x`` /
      ``cls._x`` in a method), and ``expr`` does not start from an imported name
      (a module, a class or function of another module). So ``other._cards`` in
      a class's ``__eq__`` and a game's factory calling ``state._begin(...)`` on
      the state it built pass; ``runner`` reading ``state._history``, or any
      module reading ``pool._processes`` or calling ``os._exit``, does not.

   The namedtuple methods (``_replace``, ``_asdict``, ``_fields``, ``_make``) are
   public API despite their underscore.
3. Seams. The compiled core's private functions get their public names in one
   module each, listed in :data:`SEAMS`; that module alone touches them.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).parents[1] / "src" / "pokerrules"

NAMEDTUPLE_API = {"_replace", "_asdict", "_fields", "_make", "_field_defaults"}

#: module -> the private names of the compiled core it gives public names.
SEAMS = {"pokerrules._checks": {"_core._shown", "_core._read_cards", "_core._hand_rules",
                                  "_core._rules_of", "_core._flag"},
         # a Setting's ranks and foul, from the Cards it holds
         "pokerrules.paigow.game.setting": {"_core._setting_rank", "_core._setting_ranks",
                                       "_core._setting_foul"}}

#: Kept as it is: one attribute of the standard library's. Each entry must still be
#: found, so none goes stale.
KEPT = {
    # the standard library's own test of a process still being set up, which
    # has no public name (see the comment there)
    "pokerrules.jobs: multiprocessing.current_process()._inheriting",
}


def is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def is_module(package: str, name: str) -> bool:
    """True when ``package.name`` is a module of pokerrules: Python, or compiled
    (its ``.pyi`` stub stands for it)."""
    if package != "pokerrules" and not package.startswith("pokerrules."):
        return False
    path = SRC.parent.joinpath(*package.split("."), name)
    return path.with_suffix(".py").exists() or path.with_suffix(".pyi").exists() \
        or (path / "__init__.py").exists()


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_names(tree: ast.Module) -> dict[str, str]:
    """Local name -> the dotted name it imports, for every import in ``tree``."""
    names = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                names[alias.asname or alias.name.split(".")[0]] = alias.name
        elif isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                names[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    return names


def class_members(cls: ast.ClassDef) -> set[str]:
    """The names ``cls`` binds: in its body, and as ``self.x``/``cls.x`` in its methods."""
    names: set[str] = set()
    for node in cls.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        targets: list[ast.expr] = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, ast.AnnAssign) else []
        for target in targets:
            if isinstance(target, ast.Name):
                names.add(target.id)
                if target.id == "__slots__":
                    names.update(c.value for c in ast.walk(node)
                                 if isinstance(c, ast.Constant) and isinstance(c.value, str))
    for inner in ast.walk(cls):
        if isinstance(inner, ast.Attribute) and isinstance(inner.ctx, ast.Store) \
                and isinstance(inner.value, ast.Name) and inner.value.id in ("self", "cls"):
            names.add(inner.attr)
    return names


def class_index(sources: dict[str, ast.Module]) -> dict[str, tuple[set[str], list[str]]]:
    """Every class under pokerrules by dotted name: its members and its bases' dotted names."""
    index = {}
    for module, tree in sources.items():
        imports = imported_names(tree)
        local = {n.name for n in tree.body if isinstance(n, ast.ClassDef)}
        for node in ast.walk(tree):
            if not isinstance(node, ast.ClassDef):
                continue
            bases = []
            for base in node.bases:
                base = base.value if isinstance(base, ast.Subscript) else base
                if isinstance(base, ast.Name):
                    bases.append(f"{module}.{base.id}" if base.id in local
                                 else imports.get(base.id, base.id))
            index[f"{module}.{node.name}"] = (class_members(node), bases)
    return index


def inherited_members(name: str, index: dict[str, tuple[set[str], list[str]]]) -> set[str]:
    members, bases = index.get(name, (set(), []))
    out = set(members)
    for base in bases:
        out |= inherited_members(base, index)
    return out


def root_name(node: ast.expr) -> str | None:
    while isinstance(node, (ast.Attribute, ast.Subscript, ast.Call)):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else None


def violations(sources: dict[str, ast.Module]) -> set[str]:
    """Every use of another module's private name in ``sources`` (module -> tree),
    as ``"module: the code"``."""
    index = class_index(sources)
    found = set()
    for module, tree in sources.items():
        imports = imported_names(tree)
        own = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                own |= inherited_members(f"{module}.{node.name}", index)
        seams = SEAMS.get(module, set())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                for alias in node.names:
                    if is_private(alias.name) and not is_module(node.module or "", alias.name):
                        found.add(f"{module}: from {node.module} import {alias.name}")
                continue
            if isinstance(node, ast.Attribute):
                attr, owner = node.attr, node.value
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id in ("getattr", "setattr", "hasattr", "delattr") \
                    and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant) \
                    and isinstance(node.args[1].value, str):
                attr, owner = node.args[1].value, node.args[0]
            else:
                continue
            if not is_private(attr) or attr in NAMEDTUPLE_API:
                continue
            if isinstance(owner, ast.Name) and owner.id in ("self", "cls"):
                continue
            if isinstance(owner, ast.Call) and isinstance(owner.func, ast.Name) \
                    and owner.func.id == "super":
                continue
            code = ast.unparse(node) if isinstance(node, ast.Attribute) else \
                f"{ast.unparse(owner)}.{attr}"
            if code in seams:
                continue
            if attr in own and root_name(owner) not in imports:
                continue
            found.add(f"{module}: {code}")
    return found


def package_sources() -> dict[str, ast.Module]:
    return {module_name(p): ast.parse(p.read_text()) for p in sorted(SRC.rglob("*.py"))}


@pytest.mark.fast
def test_no_module_uses_another_modules_private_names():
    found = violations(package_sources())
    assert found - KEPT == set()
    assert KEPT - found == set()  # a kept entry that is gone is taken off the list


def check(**modules: str) -> set[str]:
    return violations({name: ast.parse(text) for name, text in modules.items()})


@pytest.mark.fast
def test_the_check_finds_private_imports():
    assert check(m="from pokerrules.x import _y, z\n") == {"m: from pokerrules.x import _y"}
    assert check(m="from pokerrules import _paigow\nfrom pokerrules._core import __version__\n") \
        == set()
    # a Python helper module is a private module too; its private names are not
    assert check(m="from pokerrules import _checks\nfrom pokerrules._files import parse_json\n"
                   "import pokerrules._cli_common\n") == set()
    assert check(m="from pokerrules._checks import _private\n") == \
        {"m: from pokerrules._checks import _private"}
    # a private name that is no module of pokerrules
    assert check(m="from pokerrules import _registry\nfrom os import _exit\n") == \
        {"m: from pokerrules import _registry", "m: from os import _exit"}


@pytest.mark.fast
def test_the_check_finds_other_objects_private_state():
    assert check(m="def f(state):\n    state._play(1)\n") == {"m: state._play"}
    assert check(m="import os\nos._exit(1)\n") == {"m: os._exit"}
    assert check(m="def f(pool):\n    return getattr(pool, '_processes')\n") == \
        {"m: pool._processes"}
    assert check(m="from pokerrules import _core\nshown = _core._shown\n") == {"m: _core._shown"}
    # a module's own class, and the bases it inherits from under pokerrules
    own = ("class A:\n    def __init__(self):\n        self._x = 1\n"
           "    def __eq__(self, other):\n        return self._x == other._x\n")
    assert check(m=own) == set()
    assert check(base="class B:\n    def _begin(self): ...\n",
                 game="from base import B\nclass G(B): ...\n"
                      "def new():\n    g = G()\n    g._begin()\n    return g\n") == set()
    # an imported module's attribute of the same name is still another's
    assert check(m=own + "import other\nother._x\n") == {"m: other._x"}
    # the namedtuple API is public
    assert check(m="def f(p):\n    return p._replace(a=1)\n") == set()


@pytest.mark.fast
def test_the_seams_are_where_the_core_gets_public_names():
    from pokerrules import _checks as checks
    from pokerrules import _core
    assert checks.shown is _core._shown
    assert checks.read_cards is _core._read_cards
    assert checks.check_hand_rules is _core._hand_rules
    assert checks.check_rules is _core._rules_of
