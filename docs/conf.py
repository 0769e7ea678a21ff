"""Sphinx configuration of the pokerrules documentation."""

import sys
from pathlib import Path

from pokerrules import __version__

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "pokerrules"
author = "the pokerrules developers"
release = __version__
version = __version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.napoleon",
    "encoding_tables",
    "game_agents",
]
source_suffix = {".rst": "restructuredtext"}
exclude_patterns = ["_build", "_ext"]
html_theme = "furo"
html_title = f"pokerrules {__version__}"
autodoc_member_order = "bysource"
autodoc_typehints = "description"
doctest_global_setup = "from pokerrules import *"
nitpicky = False
