"""The registry of turn-based games: one :class:`GameSpec` per game, which the
runner (:func:`~pokerrules.runner.play_game`), ``pokerrules play``, the learning
environments (:func:`pokerrules.envs.make_env`) and the docs all read.

The games of pokerrules are East–West, Z Poker, Chinese Poker and Pai Gow Poker
(its table round), named "east-west", "z-poker", "chinese-poker" and "pai-gow": one
name per game, which saves and records write too. Each package
defines its spec as ``SPEC`` and its :class:`GameTools` (agents, levels, the table's
text, its environment) as ``TOOLS``. A game of one's own joins them with
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

from pokerrules import errors
from pokerrules._checks import is_int, shown
from pokerrules.errors import ArgumentTypeError, PokerRulesError, RulesMismatchError

__all__ = [
    "BUILT_IN_GAMES",
    "LEVELS",
    "OWN_COMMANDS",
    "EnvironmentModule",
    "GameSpec",
    "GameTools",
    "LazyHook",
    "game_spec",
    "game_specs",
    "game_tools",
    "hook_target",
    "register",
    "unregister",
]

#: The packages of the games pokerrules comes with, each holding its ``SPEC`` and
#: its ``TOOLS``.
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
class LazyHook:
    """A game's hook named by its module and the attribute there, imported when first
    used: a game package names its hooks in :mod:`pokerrules.envs` and
    :mod:`pokerrules.learn` so, without importing them (the layers forbid it, and
    they need numpy and Gymnasium). Calling it calls the attribute.

    Attributes:
        module: the dotted name of the module ("pokerrules.envs.vector").
        attribute: the name of the hook in it ("EastWestVectorEnv").
    """

    module: str
    attribute: str

    def load(self) -> Any:
        """The hook itself: ``module`` imported, its ``attribute``.

        Raises:
            ImportError: the module does not import; AttributeError: it has no
                ``attribute``.
        """
        return getattr(importlib.import_module(self.module), self.attribute)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.load()(*args, **kwargs)


def hook_target(hook: Any) -> Any:
    """``hook`` itself, or what a :class:`LazyHook` names, imported."""
    return hook.load() if isinstance(hook, LazyHook) else hook


@dataclass(frozen=True)
class GameSpec:
    """What a turn-based game is: its names, its rules and how a game of it begins.
    What plays it and shows it (agents, levels, the table's text, the environment and
    a command of its own) registers beside it as its :class:`GameTools`.

    Attributes:
        name: the one canonical name, as ``pokerrules play NAME`` takes it
            ("east-west").
        package: the dotted name of its package (``GameRecord`` and the docs name
            its classes there).
        rules_type: the class of its rules: ``rules=`` of ``new_game`` (and of
            :func:`~pokerrules.runner.play_game`) is one of these or None.
        new_game: ``new_game(seed=..., players=..., rules=...)`` -> a
            :class:`~pokerrules.game.GameState`.
        parse_move: the move codec: text -> move (``str(move)`` is the text back);
            ``pokerrules play --human`` reads the player's moves with it.
        aliases: other names it answers to ("EastWest", "east_west_v0"); the
            package's name always counts, and case, dashes and underscores do not.
        rules_presets: names of rules presets that ``rules=`` may give instead of
            a ``rules_type`` ("classic", "casino"), in any case; ``new_game`` turns
            them into rules.
        players: the numbers of players a game of it may have, a tuple of
            distinct positive ints, smallest first (East–West ``(2,)``, Chinese
            Poker ``(2, 3, 4)``); ``new_game(players=...)`` takes each of them (its
            rules may narrow them: a Pai Gow round of four positions seats at most
            four). A list is taken as its tuple. Default ``(2,)``.

    Raises:
        ArgumentTypeError: a field of the wrong type, naming the field: a name, alias
            or package that is no text, aliases that are no list or tuple (a str is
            one name, not a list of them), a rules type that is no class, presets
            that are no list or tuple of text, a
            ``new_game`` or ``parse_move`` that is not callable, ``players`` that
            are no list or tuple of ints (a bool is no count).
        PokerRulesError: a name, alias or package that is empty once case, blanks,
            dashes, underscores and a leading ``pokerrules.`` are left out (as
            :func:`game_spec` compares names); ``players`` that are empty, hold a
            count below 1 or one twice.
    """

    name: str
    package: str
    rules_type: type
    new_game: Callable[..., Any]
    parse_move: Callable[[str], Any]
    aliases: tuple[str, ...] = ()
    rules_presets: tuple[str, ...] = ()
    players: tuple[int, ...] = (2,)

    def __post_init__(self) -> None:
        _check_name("a game's name", self.name)
        game = f"game {self.name}"
        _check_name(f"{game}: package", self.package)
        object.__setattr__(self, "aliases", _names(f"{game}: aliases", self.aliases))
        for alias in self.aliases:
            _check_name(f"{game}: an alias", alias)
        object.__setattr__(self, "rules_presets",
                           _names(f"{game}: rules_presets", self.rules_presets))
        for preset in self.rules_presets:
            _check_name(f"{game}: a rules preset", preset)
        if not isinstance(self.rules_type, type):
            raise ArgumentTypeError(f"{game}: rules_type must be a class, not "
                                    f"{shown(self.rules_type)}")
        for label in ("new_game", "parse_move"):
            if not callable(getattr(self, label)):
                raise ArgumentTypeError(f"{game}: {label} must be callable, not "
                                        f"{shown(getattr(self, label))}")
        counts = self.players
        if not isinstance(counts, (list, tuple)) or not all(
                isinstance(n, int) and not isinstance(n, bool) for n in counts):
            raise ArgumentTypeError(f"{game}: players must be a list or tuple of ints, the "
                                    f"numbers of players it takes, not {shown(counts)}")
        if not counts or min(counts) < 1 or len(set(counts)) < len(counts):
            raise PokerRulesError(f"{game}: players must hold one or more distinct numbers "
                                  f"of players, each 1 or more, not {shown(counts)}")
        object.__setattr__(self, "players", tuple(sorted(int(n) for n in counts)))

    def __repr__(self) -> str:
        return f"GameSpec({self.name!r}, package={self.package!r})"

    @property
    def spellings(self) -> frozenset[str]:
        """Every name the game answers to, in the form names are compared in."""
        return frozenset(spelling(n) for n in (self.name, self.package, *self.aliases))

    def module(self) -> ModuleType:
        """The game's package, imported."""
        return importlib.import_module(self.package)

    @property
    def players_text(self) -> str:
        """The numbers of players in words, such as "2", "2, 3 or 4" or "2 to 7"."""
        counts = [str(n) for n in self.players]
        if len(counts) > 3 and self.players[-1] - self.players[0] == len(counts) - 1:
            return f"{counts[0]} to {counts[-1]}"
        return counts[0] if len(counts) == 1 else f"{', '.join(counts[:-1])} or {counts[-1]}"

    def check_players(self, players: object) -> int:
        """``players`` checked as a number of players of the game: one of
        :attr:`players` (a Python or numpy int); returned as an int.

        Raises:
            PokerRulesError: any other value, naming the game, the numbers it
                takes and ``players``.
        """
        if is_int(players) and int(players) in self.players:
            return int(players)
        raise PokerRulesError(f"game {self.name} takes {self.players_text} players, "
                              f"not {shown(players)}")

    def check_rules(self, rules: object) -> None:
        """``rules`` checked as ``rules=`` of the game: None, a ``rules_type`` or
        the name of one of its ``rules_presets`` (in any case).

        Raises:
            RulesMismatchError: anything else, naming the game, its rules class and
                its presets.
        """
        if rules is None or isinstance(rules, self.rules_type):
            return
        if isinstance(rules, str) and rules.lower() in {p.lower() for p in self.rules_presets}:
            return
        presets = "".join(f", {p!r}" for p in self.rules_presets)
        raise RulesMismatchError(f"game {self.name} takes {self.rules_type.__name__} "
                                 f"as rules (or None{presets}), not {shown(rules)}")


@dataclass(frozen=True)
class GameTools:
    """What plays a game and shows it, registered beside its :class:`GameSpec`
    (:func:`register`) and found by any of the game's names (:func:`game_tools`).

    Attributes:
        render: ``render(state, viewer=None) -> str``, the table as seat ``viewer``
            sees it (the public table when None).
        agents: agent name -> agent class taking no arguments (``--agents``).
        default_agents: the line-up when none is given (the first ``players`` names).
        levels: "easy", "normal", "hard" -> a callable making that level's agent
            (``--level``).
        environment: ``environment(**options)`` -> its PettingZoo environment
            (None: it has none).
        add_cli: a command of its own beside ``pokerrules play NAME``:
            ``add_cli(commands)`` with :class:`pokerrules._cli_common.Commands`.
        encoding: its :class:`~pokerrules.envs.Encoding` class (a
            :class:`LazyHook` to it), which
            :func:`~pokerrules.envs.single_agent.single_agent_env` builds (None: it
            has none).
        gymnasium_id: the Gymnasium id of its single-agent environment
            ("pokerrules/EastWest-v0"), registered when :mod:`pokerrules.envs` is
            imported (None: it has none; it needs an ``encoding``).
        vector_env: its vector environment class (a :class:`LazyHook` to it),
            which :func:`~pokerrules.envs.vector.make_vec` builds (None: it has none).
        learner: its :class:`~pokerrules.learn.Learner` (a :class:`LazyHook` to
            it), what ``python -m pokerrules.learn`` trains (None: it has none).

    Raises:
        ArgumentTypeError: a field of the wrong type, naming the field: a line-up
            that is no list or tuple (a str is one name, not a list of them), an
            agent that is no class, a hook that is not callable, agents or levels
            that are no mapping, a Gymnasium id that is no text.
        PokerRulesError: an agent name that ``--agents`` could not take (empty, with
            a comma or with blanks around it), levels other than "easy", "normal"
            and "hard", a default line-up that is empty or names an agent the game
            does not have, a Gymnasium id without an encoding.
    """

    render: Callable[..., str]
    agents: Mapping[str, type]
    default_agents: tuple[str, ...]
    levels: Mapping[str, Callable[[], Any]]
    environment: Callable[..., Any] | None = None
    add_cli: Callable[[Any], None] | None = None
    encoding: Callable[..., Any] | None = None
    gymnasium_id: str | None = None
    vector_env: Callable[..., Any] | None = None
    learner: Any = None

    def __post_init__(self) -> None:
        game = "a game's tools"
        if not callable(self.render):
            raise ArgumentTypeError(f"{game}: render must be callable, not {shown(self.render)}")
        if self.gymnasium_id is not None and not isinstance(self.gymnasium_id, str):
            raise ArgumentTypeError(f"{game}: gymnasium_id must be text or None, not "
                                    f"{shown(self.gymnasium_id)}")
        if self.gymnasium_id is not None and self.encoding is None:
            raise PokerRulesError(f"{game}: a Gymnasium id ({self.gymnasium_id}) needs the "
                                  f"encoding its environment is built on")
        for label in ("environment", "add_cli", "encoding", "vector_env"):
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


#: The commands of ``pokerrules`` besides those the games' ``add_cli`` add: no game's
#: command may take one of these names.
OWN_COMMANDS = ("rank", "play")

_registered: dict[str, GameSpec] = {}
#: Each registered game's tools, by the game's name.
_tools: dict[str, GameTools] = {}
#: The commands each registered game's ``add_cli`` adds, by the game's name.
_commands: dict[str, frozenset[str]] = {}
_built_in_loaded = False


def _load_built_in() -> None:
    global _built_in_loaded
    if _built_in_loaded:
        return
    _built_in_loaded = True
    for package in BUILT_IN_GAMES:
        module = importlib.import_module(package)
        if module.SPEC.name not in _registered:
            _add(module.SPEC, module.TOOLS)


class _CommandProbe:
    """What a game's ``add_cli`` is handed when the game registers, in the place of
    :class:`pokerrules._cli_common.Commands`: subcommands of a parser of its own, so
    that the commands it adds are known before any command line is built."""

    def __init__(self) -> None:
        import argparse  # only for a game with a command of its own

        self.subparsers = argparse.ArgumentParser(prog="pokerrules").add_subparsers()
        self.play_games: dict[str, GameSpec] = {}

    def add_play_game(self, spec: GameSpec) -> None:
        self.play_games[spec.name] = spec


def _commands_of(spec: GameSpec, tools: GameTools) -> frozenset[str]:
    """The commands (aliases included) that ``tools.add_cli`` adds."""
    if tools.add_cli is None:
        return frozenset()
    probe = _CommandProbe()
    try:
        tools.add_cli(probe)
    except PokerRulesError:
        raise
    except Exception as exc:  # the game's own code: its failure is the game's error
        raise PokerRulesError(f"game {spec.name}: add_cli fails on a parser of its own: "
                              f"{type(exc).__name__}: {exc}") from exc
    return frozenset(probe.subparsers.choices)


def _add(spec: GameSpec, tools: GameTools) -> None:
    """Registers ``spec`` and ``tools`` unless one of its names or commands is another's."""
    for other in _registered.values():
        if other.name != spec.name and spec.spellings & other.spellings:
            taken = sorted(spec.spellings & other.spellings)
            raise PokerRulesError(f"game {spec.name}: the name {taken[0]!r} is game "
                                  f"{other.name}'s already")
    commands = _commands_of(spec, tools)
    for command in sorted(commands):
        owners = [f"game {name}'s" for name, theirs in _commands.items()
                  if name != spec.name and command in theirs]
        if command in OWN_COMMANDS or owners:
            owner = owners[0] if owners else "pokerrules' own"
            raise PokerRulesError(f"game {spec.name}: its add_cli adds the command "
                                  f"{command!r}, which is {owner} command already")
    _registered[spec.name] = spec
    _tools[spec.name] = tools
    _commands[spec.name] = commands


def register(spec: GameSpec, tools: GameTools) -> GameSpec:
    """Adds the game ``spec``, with ``tools`` beside it, to the games (replacing a
    game of the same name); returns ``spec``.

    A game with a command of its own (``tools.add_cli``) has it run once here, on a
    parser of its own, to learn the commands it adds.

    Raises:
        ArgumentTypeError: a ``spec`` that is no :class:`GameSpec`, ``tools`` that
            are no :class:`GameTools`.
        PokerRulesError: a name or alias that another game has; an ``add_cli`` that
            adds a command ``pokerrules`` has (rank, play, another game's),
            naming the game and the command, or that fails. The registry is then
            left as it was.
    """
    if not isinstance(spec, GameSpec):
        raise ArgumentTypeError(f"register takes a GameSpec, not {shown(spec)}")
    if not isinstance(tools, GameTools):
        raise ArgumentTypeError(f"game {spec.name}: register takes its GameTools beside "
                                f"the spec, not {shown(tools)}")
    _load_built_in()
    _add(spec, tools)
    return spec


def unregister(name: GameSpec | ModuleType | str) -> None:
    """Removes the game ``name`` (any of its names, or its spec) from the registry.

    Raises:
        UnknownGameError: no game has that name; a spec that is not registered.
    """
    spec = game_spec(name)
    if _registered.get(spec.name) is not spec:  # a spec given itself, not registered
        raise errors.UnknownGameError(f"game {spec.name} is not registered")
    del _registered[spec.name]
    del _tools[spec.name]
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
    raise errors.UnknownGameError(f"no game {shown_game}; the games are "
                           f"{', '.join(s.name for s in specs)}")


def game_tools(game: GameSpec | ModuleType | str) -> GameTools:
    """The tools registered beside the game ``game`` (any name :func:`game_spec`
    takes, or the game's spec).

    Raises:
        UnknownGameError: a name or package of no game, or a spec that is not
            registered.
    """
    spec = game_spec(game)
    if _registered.get(spec.name) is not spec:
        raise errors.UnknownGameError(f"game {spec.name} is not registered: register(spec, tools) "
                               f"adds it with its tools")
    return _tools[spec.name]
