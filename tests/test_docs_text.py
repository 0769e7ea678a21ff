"""What the rendered docs say: no page speaks of how the work was tracked, and no
property docstring starts with a line that Sphinx's napoleon reads as a type."""

import ast
import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.fast

ROOT = Path(__file__).parents[1]
SRC = ROOT / "src" / "pokerrules"
TEXTS = [ROOT / "README.md", ROOT / "pyproject.toml",
         *sorted((ROOT / "docs").rglob("*.rst")), *sorted(SRC.rglob("*.py")),
         *sorted(SRC.rglob("*.pyi")), *sorted((ROOT / "ext").glob("*.pyx")),
         *sorted((ROOT / "ext").glob("*.pxi")), *sorted(SRC.glob("*.pxd"))]


def test_no_page_speaks_of_issues_or_tickets():
    found = [f"{path.relative_to(ROOT)}:{n}" for path in TEXTS
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"\b(issues?|tickets?)\b", line, re.IGNORECASE)]
    assert found == []


def property_first_lines():
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and any(
                    isinstance(d, ast.Name) and d.id in ("property", "cached_property")
                    for d in node.decorator_list):
                doc = ast.get_docstring(node)
                if doc:
                    yield f"{path.relative_to(ROOT)}:{node.name}", doc.splitlines()[0]


def test_no_property_docstring_opens_with_a_bare_colon():
    # napoleon splits a property's first line at its first colon into "type: text"
    # (Deal.action once rendered as "Type: The position the dice name")
    lines = dict(property_first_lines())
    assert len(lines) > 30
    roles_gone = {k: re.sub(r":\w+:`[^`]*`", "", v) for k, v in lines.items()}
    assert [k for k, v in roles_gone.items() if re.search(r"(?<!:):(?!:)", v)] == []


def test_the_readme_says_what_a_source_install_needs():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for needed in ("C compiler", "Python headers", "build-essential python3-dev",
                   "xcode-select --install", "Microsoft C++ Build Tools"):
        assert needed in readme


def test_the_performance_page_is_written_of_the_product():
    # its own page, not the measurement log included whole, and nothing of who measured
    page = (ROOT / "docs" / "performance.rst").read_text(encoding="utf-8")
    assert ".. include::" not in page
    assert not re.search(r"\b(engineers?|sessions?|reviews?|reviewers?)\b", page, re.I)


TABLES_OF_EVERY_VARIANT = """
from pokerrules import PAI_GOW, PIQUET, STANDARD, evaluate, table_bytes
for rules in (STANDARD, STANDARD.replace(wheel_second_highest=True), PAI_GOW,
              PAI_GOW.replace(wheel_second_highest=True), PIQUET,
              PIQUET.replace(ace_low_straight=True), PIQUET.replace(flush_beats_full_house=True),
              PIQUET.replace(ace_low_straight=True, flush_beats_full_house=True)):
    evaluate([20, 25, 30, 35, 40], rules)
print(table_bytes())
"""


def test_the_docs_give_one_total_of_the_tables_and_it_is_table_bytes():
    import subprocess
    import sys

    stated = set()
    for name in ("performance", "ranking"):
        page = (ROOT / "docs" / f"{name}.rst").read_text(encoding="utf-8")
        found = re.findall(r"([\d,]+) bytes, under 1 MiB|under\s+1 MiB \(([\d,]+) bytes", page)
        assert found, f"{name}.rst gives no total of the tables"
        stated |= {a or b for a, b in found}
    measured = subprocess.run([sys.executable, "-c", TABLES_OF_EVERY_VARIANT],
                              capture_output=True, text=True, check=True).stdout.strip()
    assert stated == {f"{int(measured):,}"}


def test_the_optimal_edge_help_and_the_command_page_give_one_measured_cost(capsys):
    from pokerrules.cli import main

    with pytest.raises(SystemExit):
        main(["paigow", "optimal-edge", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    page = " ".join((ROOT / "docs" / "cli.rst").read_text(encoding="utf-8").split())
    cost = (r"about two CPU-minutes of fixed work \(the exact house-way edge, the banker's "
            r"table\) plus about (\d+) CPU-milliseconds a hand")
    measured = r"2,000 hands took (\d+) CPU-s"
    for pattern in (cost, measured):
        in_help = re.search(pattern, help_text, re.I)
        in_page = re.search(pattern, page, re.I)
        assert in_help and in_page, pattern
        assert in_help.group(1) == in_page.group(1)
    # the measured total agrees with the rate it is quoted beside (two minutes + n hands)
    per_hand = int(re.search(cost, help_text, re.I).group(1))
    total = int(re.search(measured, help_text).group(1))
    assert abs(120 + 2000 * per_hand / 1000 - total) < 0.2 * total
