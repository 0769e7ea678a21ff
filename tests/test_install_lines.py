"""The install lines a new user copies run as written from a checkout: the README's
shell blocks and the docs' literal blocks install from the checkout (pokerrules has no
release on a package index, so an install by name finds nothing), and each of the
README's install lines is one that CI (.ci/run) runs as written, on a clean clone in
fresh virtual environments."""

import re
import shlex
from pathlib import Path

import pytest

pytestmark = pytest.mark.fast

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
CI = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
#: The versions published on the Python Package Index: none yet. While it is empty,
#: no install line may name the package from an index.
RELEASES: tuple[str, ...] = ()


def readme_shell_lines() -> list[str]:
    blocks = re.findall(r"```(?:sh|bash|console)\n(.*?)```", README, re.S)
    return [line.split("  #")[0].strip() for block in blocks for line in block.splitlines()
            if line.strip() and not line.lstrip().startswith("#")]


def docs_literal_lines() -> list[tuple[str, str]]:
    """The pip lines of the docs and of the README's text: the indented lines of the
    docs' literal and code blocks, and every inline code span."""
    found = [("README.md", span) for span in re.findall(r"`([^`\n]+)`", README)]
    for path in sorted((ROOT / "docs").rglob("*.rst")):
        text = path.read_text(encoding="utf-8")
        found += [(path.name, line.strip()) for line in text.splitlines()
                  if re.match(r"^ {3,}(\$ )?pip (install|wheel)\b", line)]
        found += [(path.name, span) for span in re.findall(r"``([^`]+)``", text)]
    return [(where, " ".join(line.split())) for where, line in found
            if re.match(r"^(\$ )?pip (install|wheel)\b", " ".join(line.split()))]


def pip_commands(line: str) -> list[list[str]]:
    """The pip commands of a shell line (``a && b``), as words."""
    return [words for part in line.split("&&")
            if (words := shlex.split(part.strip().removeprefix("$ ")))[:1] == ["pip"]]


def from_the_index(words: list[str]) -> list[str]:
    """The requirements of ``pip install`` that name a package on an index rather
    than a folder or a file of the checkout ("." , ".[test]", "dist/x.whl")."""
    if words[1] != "install":
        return []
    return [w for w in words[2:] if not w.startswith("-")
            and not re.match(r"^(\.|\./|/|[\w.-]+/)", w) and not w.endswith(".whl")]


def ci_lines() -> set[str]:
    """The lines .ci/run runs, each command without the ``time`` that measures it."""
    return {re.sub(r"(^|&& )time ", r"\1", line.strip()) for line in CI.splitlines()}


def test_the_readme_gives_the_install_lines_a_new_user_needs():
    installs = [line for line in readme_shell_lines() if pip_commands(line)]
    assert installs == [
        'pip install . && pokerrules rank "As Ks Qs Js Ts 9d 2c"',
        'pip install ".[test]" && python -m pytest -q',
        "pip wheel --no-deps -w dist . && pip install dist/pokerrules-*.whl",
    ]


def test_no_install_line_names_the_package_on_an_index_while_there_is_no_release():
    lines = [("README.md", line) for line in readme_shell_lines()] + docs_literal_lines()
    checked = 0
    named = []
    for where, line in lines:
        for words in pip_commands(line):
            checked += 1
            if from_the_index(words) and not RELEASES:
                named.append((where, line))
    assert checked >= 10 and named == []


def test_an_install_by_name_is_told_apart_from_one_from_the_checkout():
    # both branches of the check above, on lines of each kind
    assert from_the_index(["pip", "install", "pokerrules"]) == ["pokerrules"]
    assert from_the_index(["pip", "install", "pokerrules[rl]"]) == ["pokerrules[rl]"]
    assert from_the_index(["pip", "install", "-q", "."]) == []
    assert from_the_index(["pip", "install", ".[test]"]) == []
    assert from_the_index(["pip", "install", "dist/pokerrules-*.whl"]) == []


def test_ci_runs_each_readme_install_line_as_written():
    lines = ci_lines()
    missing = [line for line in readme_shell_lines() if pip_commands(line)
               and line not in lines]
    assert missing == []


def test_ci_repairs_the_wheel_to_a_manylinux_tag_and_checks_it():
    assert re.search(r"^\s*\. \.ci/repair-wheel$", CI, re.M)
    assert re.search(r'repair_wheel \S+ "\$wheel" \S+\s*\\?\s*"manylinux_', CI)
    shared = (ROOT / ".ci" / "repair-wheel").read_text(encoding="utf-8")
    assert "auditwheel repair --plat" in shared and "auditwheel show" in shared
    cross = (ROOT / ".ci" / "cross").read_text(encoding="utf-8")
    assert "repair_wheel " in cross and "auditwheel repair" not in cross
