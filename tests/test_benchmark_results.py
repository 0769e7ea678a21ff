"""The benchmark log's form: every table of benchmarks/RESULTS.md says when and at which
commit its figures were measured, by a "Date and commit:" line just above it or by a
"recorded" column holding each row's commit and date."""

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.fast

RESULTS = Path(__file__).parents[1] / "benchmarks" / "RESULTS.md"
DATE = r"\b\d{4}-\d{2}-\d{2}\b"
COMMIT = r"\b[0-9a-f]{7,40}\b"


def dated(text: str) -> bool:
    """True if ``text`` names a date (YYYY-MM-DD) and a commit (7 to 40 hex digits)."""
    return re.search(DATE, text) is not None and re.search(COMMIT, text) is not None


def undated_tables(text: str) -> tuple[list[int], int]:
    """The line numbers of the tables in the Markdown ``text`` that carry no date and
    commit, and how many tables it holds."""
    lines = text.splitlines()
    undated, tables = [], 0
    for n, line in enumerate(lines):
        if not line.startswith("|") or (n and lines[n - 1].startswith("|")):
            continue
        tables += 1
        above = next((lines[k] for k in range(n - 1, -1, -1) if lines[k].strip()), "")
        if above.startswith("Date and commit:") and dated(above):
            continue
        rows = []
        for row in lines[n + 2:]:
            if not row.startswith("|"):
                break
            rows.append(row)
        cells = [c.strip() for c in line.strip("|").split("|")]
        if cells[-1] == "recorded" and rows and all(
                dated(row.strip().strip("|").split("|")[-1]) for row in rows):
            continue
        undated.append(n + 1)
    return undated, tables


@pytest.mark.skipif(not RESULTS.exists(), reason="benchmarks/ is not part of the sdist")
def test_every_results_table_carries_its_date_and_commit():
    undated, tables = undated_tables(RESULTS.read_text(encoding="utf-8"))
    assert tables > 30
    assert undated == []


def test_a_table_without_date_and_commit_is_named_by_its_line():
    text = "\n".join([
        "Date and commit: 2026-12-03 at 6168bb7.", "", "| a | b |", "|---|---|", "| 1 | 2 |",
        "", "Measured on a quiet day.", "", "| a | b |", "|---|---|", "| 1 | 2 |",
        "", "| a | recorded |", "|---|---|", "| 1 | 6168bb7, 2026-12-03 |",
        "", "| a | recorded |", "|---|---|", "| 1 | 2026-12-03 |",
        "", "Date and commit: recorded on 2026-12-03.", "", "| a |", "|---|", "| 1 |"])
    assert undated_tables(text) == ([9, 17, 23], 5)
