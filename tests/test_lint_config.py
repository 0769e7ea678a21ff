"""The project's lint configuration reads our sources alone: what a build or CI leaves in
the checkout (build/lib.*, the CI's virtual environments and copies, the built docs) is
outside ``ruff check .``, git or no git."""

import shutil
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.fast

ROOT = Path(__file__).resolve().parent.parent
RUFF = shutil.which("ruff")
UNUSED_IMPORT = "import os\n"  # F401 wherever ruff looks


def ruff_flags(path: str) -> bool:
    """Whether ``ruff check .`` in the checkout reports a file at ``path`` holding an
    unused import (read from standard input: nothing is written into the checkout),
    with .gitignore not read, as in a checkout that is no git clone (an unpacked sdist
    or archive). The project's configuration is named, as ``ruff check .`` applies it
    to the folders it walks: a copy of the project inside one of them (CI's sdist
    builds) holds a configuration of its own, which ruff reads only for files it is
    given by name."""
    done = subprocess.run(
        [RUFF or "ruff", "check", "--quiet", "--no-cache", "--force-exclude",
         "--no-respect-gitignore", "--config", str(ROOT / "pyproject.toml"),
         "--stdin-filename", path, "-"],
        input=UNUSED_IMPORT, capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode in (0, 1), done.stderr
    return done.returncode == 1


@pytest.mark.skipif(RUFF is None, reason="ruff is not installed (the dev extra)")
@pytest.mark.parametrize("path", [
    "build/lib.linux-x86_64-cpython-311/_pokerrules_command.py",
    "build/lib.linux-x86_64-cpython-311/pokerrules/cli.py",
    "dist/pokerrules-0.1.0/setup.py",
    ".ci-venv/lib/python3.11/site-packages/numpy/__init__.py",
    ".ci-cross/zig-src/src/pokerrules/cli.py",
    "docs/_build/html/_static/x.py",
])
def test_ruff_leaves_out_build_output_and_ci_folders(path):
    assert not ruff_flags(path)


@pytest.mark.skipif(RUFF is None, reason="ruff is not installed (the dev extra)")
@pytest.mark.parametrize("path", ["src/pokerrules/cli.py", "src/_pokerrules_command.py",
                                  "tests/test_x.py", "docs/_ext/x.py", "setup.py",
                                  "benchmarks/x.py"])
def test_ruff_still_checks_every_source_folder(path):
    assert ruff_flags(path)
