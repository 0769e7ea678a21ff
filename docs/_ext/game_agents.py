"""The ``game-agents`` directive: a game's agents, levels, default line-up and
numbers of players, written from the tools registered beside its spec
(:class:`pokerrules.specs.GameTools`: ``agents``, ``levels``, ``default_agents``)
and the spec's ``players`` so
that the page and the code agree. It takes any name of
the game.

    .. game-agents:: pokerrules.eastwest
"""

from __future__ import annotations

import inspect
import re
from types import ModuleType
from typing import Any, ClassVar

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective

from pokerrules.specs import GameSpec, GameTools, game_spec, game_tools


def _class_path(package: ModuleType, cls: type) -> str:
    """Where the docs name ``cls``: the game's package when it exports it (a shared
    class, such as the runner's RandomAgent, where it lives)."""
    if cls.__qualname__ in getattr(package, "__all__", ()) and \
            getattr(package, cls.__qualname__) is cls:
        return f"{package.__name__}.{cls.__qualname__}"
    return f"{cls.__module__}.{cls.__qualname__}"


def _summary(cls: type) -> str:
    """The first sentence of the class's docstring."""
    paragraph = (inspect.getdoc(cls) or "").split("\n\n")[0].replace("\n", " ")
    found = re.match(r"(.+?\.)(\s|$)", paragraph)
    return found.group(1) if found else paragraph


def _name_of(tools: GameTools, agent: Any) -> str:
    """The ``agents`` name of ``agent``'s class, with its settings when its repr
    shows them."""
    names = [name for name, cls in tools.agents.items() if type(agent) is cls]
    shown = repr(agent)
    settings = "" if " object at 0x" in shown else f" (``{shown}``)"
    return (f"``{names[0]}``" if names else f"``{type(agent).__name__}``") + settings


def agent_lines(game: GameSpec | ModuleType | str) -> list[str]:
    """The reStructuredText of ``game``'s agents, levels and default line-up
    (``game``: its spec, package or any of its names)."""
    spec = game_spec(game)
    tools = game_tools(spec)
    package = spec.module()
    lines = [".. list-table:: Agents (``AGENTS``, the names ``--agents`` takes)",
             "   :header-rows: 1", "   :widths: 14 30 56", "",
             "   * - Name", "     - Class", "     - Plays"]
    for name, cls in tools.agents.items():
        lines += [f"   * - ``{name}``", f"     - :class:`~{_class_path(package, cls)}`",
                  f"     - {_summary(cls)}"]
    lines += ["", ".. list-table:: Levels (``LEVELS``, what ``--level`` plays at every seat)",
              "   :header-rows: 1", "   :widths: 14 86", "",
              "   * - Level", "     - Agent"]
    for level, make in tools.levels.items():
        lines += [f"   * - ``{level}``", f"     - {_name_of(tools, make())}"]
    line_up = ",".join(tools.default_agents)
    lines += ["", f"The default line-up (``DEFAULT_AGENTS``) is ``{line_up}``: without "
              "``--agents`` or ``--level``, and in :func:`~pokerrules.runner.play_game` "
              "without agents, the seats take its first names, one per player.", "",
              f"Players: {spec.players_text} (``SPEC.players``, what ``--players`` and "
              "the number of agents may be).", ""]
    return lines


class GameAgents(SphinxDirective):
    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {}

    def run(self) -> list[nodes.Node]:
        lines = agent_lines(self.arguments[0])
        node = nodes.container()
        self.state.nested_parse(StringList(lines), self.content_offset, node)
        return list(node.children)


def setup(app: Any) -> dict[str, Any]:
    app.add_directive("game-agents", GameAgents)
    return {"parallel_read_safe": True}
