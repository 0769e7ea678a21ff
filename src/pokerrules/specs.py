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
    "LEVELS",
    "OWN_COMMANDS",
    "EnvironmentModule",
    "GameSpec",
    "UnknownGameError",
    "game_spec",
    "game_specs",
    "register",
    "unregister",
]

#: The packages of the games pokerrules comes with, each holding its ``SPEC``.
BUILT_IN_GAMES = ("pokerrules.eastwest", "pokerrules.zpoker", "pokerrules.chinese_poker",
                  "pokerrules.paigow")


def spelling(name: str) -> str:
    """The form names are compared in: case, dashes, underscores and a leading
    ``pokerrules.`` do not count ("East_West" and "pokerrules.eastwest" are
    "eastwest")."""
    return name.strip().lower().removeprefix("pokerrules.").replace("_", "").replace("-", "")


#: The levels of ``pokerrules play --level``: each game's ``levels`` has these three.
LEVELS = ("easy", "normal", "hard")


def _check_name(what: str, value: object) -> None:
    """``value`` checked as a name (``what`` names it in errors): text whose
    :func:`spelling` is not empty, so that no empty name finds the game."""
    if not isinstance(value, str):
        raise ArgumentTypeError(f"{what} must be text, not {shown(value)}")
    if not spelling(value):
        raise PokerRulesError(f"{what} must have more than blanks, dashes, underscores and "
                              f"a leading 'pokerrules.' (they do not count), not {shown(value)}")


def _names(what: str, value: object) -> tuple[Any, ...]:
    """``value``, a list or tuple of names, as a tuple; a str is one name, not a list."""
    if not isinstance(value, (list, tuple)):
        raise ArgumentTypeError(f"{what} must be a list or tuple of names, not {shown(value)}")
    return tuple(value)


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
        ArgumentTypeError: a field of the wrong type, naming the field: a name, alias
            or package that is no text, aliases or a line-up that is no list or tuple
            (a str is one name, not a list of them), a rules type, agent, greedy or
            search that is no class, a hook that is not callable, agents or levels
            that are no mapping.
        PokerRulesError: a name, alias or package that is empty once case, blanks,
            dashes, underscores and a leading ``pokerrules.`` are left out (as
            :func:`game_spec` compares names), an agent name that ``--agents`` could
            not take (empty, with a comma or with blanks around it), levels other than
            "easy", "normal" and "hard", a default line-up that is empty or names an
            agent the game does not have.
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
        _check_name("a game's name", self.name)
        game = f"game {self.name}"
        _check_name(f"{game}: package", self.package)
        object.__setattr__(self, "aliases", _names(f"{game}: aliases", self.aliases))
        for alias in self.aliases:
            _check_name(f"{game}: an alias", alias)
        for label in ("rules_type", "greedy", "search"):
            if not isinstance(getattr(self, label), type):
                raise ArgumentTypeError(f"{game}: {label} must be a class, not "
                                        f"{shown(getattr(self, label))}")
        for label in ("new_game", "parse_move", "render"):
            if not callable(getattr(self, label)):
                raise ArgumentTypeError(f"{game}: {label} must be callable, not "
                                        f"{shown(getattr(self, label))}")
        for label in ("environment", "add_cli"):
            hook = getattr(self, label)
            if hook is not None and not callable(hook):
                raise ArgumentTypeError(f"{game}: {label} must be callable or "
                                        f"None, not {shown(hook)}")
        for label in ("agents", "levels"):
            if not isinstance(getattr(self, label), Mapping):
                raise ArgumentTypeError(f"{game}: {label} must be a mapping of "
                                        f"names to agents, not {shown(getattr(self, label))}")
        for agent, cls in self.agents.items():
            if not isinstance(agent, str):
                raise ArgumentTypeError(f"{game}: agents' names are text, not {shown(agent)}")
            if not agent or agent != agent.strip() or "," in agent:
                raise PokerRulesError(f"{game}: an agent's name is what --agents takes: "
                                      f"text without commas or blanks around it, not "
                                      f"{shown(agent)}")
            if not isinstance(cls, type):
                raise ArgumentTypeError(f"{game}: agent {agent} must be a class, not "
                                        f"{shown(cls)}")
        if set(self.levels) != set(LEVELS):
            raise PokerRulesError(f"{game}: levels maps 'easy', 'normal' and 'hard' (what "
                                  f"pokerrules play --level takes) to agents, not "
                                  f"{shown(self.levels)}")
        for level in LEVELS:
            if not callable(self.levels[level]):
                raise ArgumentTypeError(f"{game}: level {level} must be callable (it makes "
                                        f"the level's agent), not {shown(self.levels[level])}")
        line_up = _names(f"{game}: default_agents", self.default_agents)
        object.__setattr__(self, "default_agents", line_up)
        for agent in line_up:
            if not isinstance(agent, str):
                raise ArgumentTypeError(f"{game}: default_agents holds agents' names, not "
                                        f"{shown(agent)}")
        if not line_up or any(agent not in self.agents for agent in line_up):
            raise PokerRulesError(f"{game}: the default line-up {shown(line_up)} must "
                                  f"name its agents, one or more of "
                                  f"{', '.join(map(str, self.agents)) or 'none'}")

    def __repr__(self) -> str:
        return f"GameSpec({self.name!r}, package={self.package!r})"

    @property
    def spellings(self) -> frozenset[str]:
        """Every name the game answers to, in the form names are compared in."""
        return frozenset(spelling(n) for n in (self.name, self.package, *self.aliases))

    def module(self) -> ModuleType:
        """The game's package, imported."""
        return importlib.import_module(self.package)


#: The commands of ``pokerrules`` besides those the games' ``add_cli`` add: no game's
#: command may take one of these names.
OWN_COMMANDS = ("rank", "play", "paigow")

_registered: dict[str, GameSpec] = {}
#: The commands each registered game's ``add_cli`` adds, by the game's name.
_commands: dict[str, frozenset[str]] = {}
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


class _CommandProbe:
    """What a game's ``add_cli`` is handed when the game registers, in the place of
    :class:`pokerrules.cli_common.Commands`: subcommands of a parser of its own, so
    that the commands it adds are known before any command line is built."""

    def __init__(self) -> None:
        import argparse  # only for a game with a command of its own

        self.subparsers = argparse.ArgumentParser(prog="pokerrules").add_subparsers()
        self.play_games: dict[str, GameSpec] = {}

    def add_play_game(self, spec: GameSpec) -> None:
        self.play_games[spec.name] = spec


def _commands_of(spec: GameSpec) -> frozenset[str]:
    """The commands (aliases included) that ``spec.add_cli`` adds."""
    if spec.add_cli is None:
        return frozenset()
    probe = _CommandProbe()
    try:
        spec.add_cli(probe)
    except PokerRulesError:
        raise
    except Exception as exc:  # the game's own code: its failure is the game's error
        raise PokerRulesError(f"game {spec.name}: add_cli fails on a parser of its own: "
                              f"{type(exc).__name__}: {exc}") from exc
    return frozenset(probe.subparsers.choices)


def _add(spec: GameSpec) -> None:
    """Registers ``spec`` unless one of its names or commands is another's."""
    for other in _registered.values():
        if other.name != spec.name and spec.spellings & other.spellings:
            taken = sorted(spec.spellings & other.spellings)
            raise PokerRulesError(f"game {spec.name}: the name {taken[0]!r} is game "
                                  f"{other.name}'s already")
    commands = _commands_of(spec)
    for command in sorted(commands):
        owners = [f"game {name}'s" for name, theirs in _commands.items()
                  if name != spec.name and command in theirs]
        if command in OWN_COMMANDS or owners:
            owner = owners[0] if owners else "pokerrules' own"
            raise PokerRulesError(f"game {spec.name}: its add_cli adds the command "
                                  f"{command!r}, which is {owner} command already")
    _registered[spec.name] = spec
    _commands[spec.name] = commands


def register(spec: GameSpec) -> GameSpec:
    """Adds ``spec`` to the games (replacing a game of the same name); returns it.

    A game with a command of its own (``add_cli``) has it run once here, on a parser
    of its own, to learn the commands it adds.

    Raises:
        ArgumentTypeError: anything but a :class:`GameSpec`.
        PokerRulesError: a name or alias that another game has; an ``add_cli`` that
            adds a command ``pokerrules`` has (rank, play, paigow, another game's),
            naming the game and the command, or that fails. The registry is then
            left as it was.
    """
    if not isinstance(spec, GameSpec):
        raise ArgumentTypeError(f"register takes a GameSpec, not {shown(spec)}")
    _load_built_in()
    _add(spec)
    return spec


def unregister(name: GameSpec | ModuleType | str) -> None:
    """Removes the game ``name`` (any of its names, or its spec) from the registry.

    Raises:
        UnknownGameError: no game has that name; a spec that is not registered.
    """
    spec = game_spec(name)
    if _registered.get(spec.name) is not spec:  # a spec given itself, not registered
        raise UnknownGameError(f"game {spec.name} is not registered")
    del _registered[spec.name]
    _commands.pop(spec.name, None)


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
