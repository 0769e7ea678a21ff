"""The ``encoding-tables`` directive: an environment's observation and action
tables, written from the encoding itself so that the page and the code agree.

    .. encoding-tables:: pokerrules.envs.east_west_v0.EastWestEncoding
       :options: {"players": 2}
"""

from __future__ import annotations

import importlib
import json
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective


def _table(title: str, header: tuple[str, str], rows: list[tuple[str, str]]) -> list[str]:
    lines = [f".. list-table:: {title}", "   :header-rows: 1", "   :widths: 18 82", "",
             f"   * - {header[0]}", f"     - {header[1]}"]
    for left, right in rows:
        lines += [f"   * - {left}", f"     - {right}"]
    return [*lines, ""]


class EncodingTables(SphinxDirective):
    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {
        "options": directives.unchanged, "actions": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        module, _, name = self.arguments[0].rpartition(".")
        cls = getattr(importlib.import_module(module), name)
        encoding = cls(**json.loads(self.options.get("options", "{}")))
        fields = [(f"{f.start}" if f.size == 1 else f"{f.start} – {f.stop - 1}",
                   f"``{f.name}``: {f.meaning}") for f in encoding.fields]
        lines = _table(f"{encoding.name} observation ({encoding.observation_size} "
                       "elements, float32)", ("Elements", "Meaning"), fields)
        if self.options.get("actions", "yes") != "no":
            lines += _table(f"{encoding.name} actions ({encoding.num_actions})",
                            ("Index", "Meaning"), encoding.describe_actions())
        node = nodes.container()
        self.state.nested_parse(StringList(lines), self.content_offset, node)
        return node.children


def setup(app: Sphinx) -> dict[str, bool]:
    app.add_directive("encoding-tables", EncodingTables)
    return {"parallel_read_safe": True}
