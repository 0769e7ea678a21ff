"""The registry of turn-based games: one :class:`GameSpec` per game, which the
runner (:func:`~pokerrules.game.play_game`), ``pokerrules play``, the learning
environments (:func:`pokerrules.envs.make_env`) and the docs all read.

The games of pokerrules are East–West, Z Poker and Chinese Poker; each package
defines its spec as ``SPEC``. A game of one's own joins them with
:func:`register`:

>>> from pokerrules.specs import game_spec, game_specs
>>> spec = game_spec("EastWest")
>>> spec.name, spec.package
('east-west', 'pokerrules.eastwest')
>>> [s.name for s in game_specs()][:3]
['east-west', 'z-poker', 'chinese-poker']
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from pokerrules.checks import shown
from pokerrules.errors import ArgumentTypeError, PokerRulesError, UnknownGameError

__all__ = [
    "BUILT_IN_GAMES",
    "EnvironmentModule",
    "GameSpec",
    "UnknownGameError",
    "game_spec",
    "game_specs",
    "register",
    "unregister",
]

#: The packages of the games pokerrules comes with, each holding its ``SPEC``.
BUILT_IN_GAMES = ("pokerrules.eastwest", "pokerrules.zpoker", "pokerrules.chinese_poker")


def spelling(name: str) -> str:
    """The form names are compared in: case, dashes, underscores and a leading
    ``pokerrules.`` do not count ("East_West" and "pokerrules.eastwest" are
    "eastwest")."""
    return name.strip().lower().removeprefix("pokerrules.").replace("_", "").replace("-", "")


@dataclass(frozen=True)
class EnvironmentModule:
    """A game's ``environment`` hook in a module of :mod:`pokerrules.envs`, imported
    when first called (the environments need PettingZoo): calling it calls the
    module's ``env(**options)``."""

    module: str

    def __call__(self, **options: Any) -> Any:
        return importlib.import_module(self.module).env(**options)


@dataclass(frozen=True)
class GameSpec:
    """One turn-based game as everything else in pokerrules reads it.

    Attributes:
        name: the one canonical name, as ``pokerrules play NAME`` takes it
            ("east-west").
        aliases: other names it answers to ("EastWest", "east_west_v0"); the
            package's name always counts, and case, dashes and underscores do not.
        package: the dotted name of its package (``GameRecord`` and the docs name
            its classes there).
        rules_type: the class of its rules (``rules=`` of ``new_game``).
        new_game: ``new_game(seed=..., players=..., rules=...)`` -> a
            :class:`~pokerrules.game.GameState`.
        parse_move: the move codec: text -> move (``str(move)`` is the text back).
        render: ``render(state, viewer=None) -> str``, the table as seat ``viewer``
            sees it (the public table when None).
        agents: agent name -> agent class taking no arguments (``--agents``).
        default_agents: the line-up when none is given (the first ``players`` names).
        levels: "easy", "normal", "hard" -> a callable making that level's agent
            (``--level``).
        greedy: the game's one greedy rule as an agent class.
        search: its search agent class (:class:`pokerrules.search.SearchAgent`).
        environment: ``environment(**options)`` -> its PettingZoo environment
            (None: it has none).
        add_cli: a command of its own beside ``pokerrules play NAME``:
            ``add_cli(commands)`` with :class:`pokerrules.cli_common.Commands`.

    Raises:
        ArgumentTypeError: a name or alias that is no text, a hook that is not
            callable, agents or levels that are no mapping.
        PokerRulesError: an empty name, a default line-up naming no agent.
    """

    name: str
    package: str
    rules_type: type
    new_game: Callable[..., Any]
    parse_move: Callable[[str], Any]
    render: Callable[..., str]
    agents: Mapping[str, type]
    default_agents: tuple[str, ...]
    levels: Mapping[str, Callable[[], Any]]
    greedy: type
    search: type
    aliases: tuple[str, ...] = ()
    environment: Callable[..., Any] | None = None
    add_cli: Callable[[Any], None] | None = None

    def __post_init__(self) -> None:
        for label, value in (("name", self.name), ("package", self.package),
                             *(("alias", a) for a in self.aliases)):
            if not isinstance(value, str):
                raise ArgumentTypeError(f"a game's {label} is text, not {shown(value)}")
        if not spelling(self.name):
            raise PokerRulesError(f"a game's name must have letters, not {shown(self.name)}")
        for label in ("new_game", "parse_move", "render", "greedy", "search"):
            if not callable(getattr(self, label)):
                raise ArgumentTypeError(f"game {self.name}: {label} must be callable, not "
                                        f"{shown(getattr(self, label))}")
        for label in ("environment", "add_cli"):
            hook = getattr(self, label)
            if hook is not None and not callable(hook):
                raise ArgumentTypeError(f"game {self.name}: {label} must be callable or "
                                        f"None, not {shown(hook)}")
        for label in ("agents", "levels"):
            if not isinstance(getattr(self, label), Mapping):
                raise ArgumentTypeError(f"game {self.name}: {label} must be a mapping of "
                                        f"names to agent classes, not "
                                        f"{shown(getattr(self, label))}")
        object.__setattr__(self, "aliases", tuple(self.aliases))
        object.__setattr__(self, "default_agents", tuple(self.default_agents))
        unknown = [a for a in self.default_agents if a not in self.agents]
        if unknown or not self.default_agents:
            raise PokerRulesError(f"game {self.name}: the default line-up "
                                  f"{shown(self.default_agents)} must name its agents")

    def __repr__(self) -> str:
        return f"GameSpec({self.name!r}, package={self.package!r})"

    @property
    def spellings(self) -> frozenset[str]:
        """Every name the game answers to, in the form names are compared in."""
        return frozenset(spelling(n) for n in (self.name, self.package, *self.aliases))

    def module(self) -> ModuleType:
        """The game's package, imported."""
        return importlib.import_module(self.package)


_registered: dict[str, GameSpec] = {}
_built_in_loaded = False


def _load_built_in() -> None:
    global _built_in_loaded
    if _built_in_loaded:
        return
    _built_in_loaded = True
    for package in BUILT_IN_GAMES:
        spec = importlib.import_module(package).SPEC
        if spec.name not in _registered:
            _add(spec)


def _add(spec: GameSpec) -> None:
    for other in _registered.values():
        if other.name != spec.name and spec.spellings & other.spellings:
            taken = sorted(spec.spellings & other.spellings)
            raise PokerRulesError(f"game {spec.name}: the name {taken[0]!r} is game "
                                  f"{other.name}'s already")
    _registered[spec.name] = spec


def register(spec: GameSpec) -> GameSpec:
    """Adds ``spec`` to the games (replacing a game of the same name); returns it.

    Raises:
        ArgumentTypeError: anything but a :class:`GameSpec`.
        PokerRulesError: a name or alias that another game has.
    """
    if not isinstance(spec, GameSpec):
        raise ArgumentTypeError(f"register takes a GameSpec, not {shown(spec)}")
    _load_built_in()
    _add(spec)
    return spec


def unregister(name: str) -> None:
    """Removes the game ``name`` (any of its names) from the registry.

    Raises:
        UnknownGameError: no game has that name.
    """
    del _registered[game_spec(name).name]


def game_specs() -> tuple[GameSpec, ...]:
    """Every game: pokerrules' own first, then those registered, in order."""
    _load_built_in()
    return tuple(_registered.values())


def game_spec(game: GameSpec | ModuleType | str) -> GameSpec:
    """The spec of ``game``: a spec itself, a game's package, or any of its names
    ("east-west", "EastWest", "east_west_v0", "pokerrules.eastwest").

    Raises:
        UnknownGameError: a name or package of no game (the message lists the games).
    """
    if isinstance(game, GameSpec):
        return game
    specs = game_specs()
    if isinstance(game, ModuleType):
        wanted: str | None = spelling(game.__name__)
    elif isinstance(game, str):
        wanted = spelling(game)
    else:
        wanted = None
    for spec in specs:
        if wanted in spec.spellings:
            return spec
    shown_game = f"module {game.__name__}" if isinstance(game, ModuleType) else shown(game)
    raise UnknownGameError(f"no game {shown_game}; the games are "
                           f"{', '.join(s.name for s in specs)}")
