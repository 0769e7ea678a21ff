"""The environments' documented examples run: OpenSpiel's ISMCTS example
(docs/examples) and the training commands of the learned agents, both cut short."""

from __future__ import annotations

import importlib.util
import re
import shlex
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytest.importorskip("gymnasium", reason="Gymnasium is not installed")


def _module(path: Path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_openspiel_ismcts_example_runs(capsys) -> None:
    pytest.importorskip("pyspiel", reason="OpenSpiel is not installed")
    example = _module(ROOT / "docs" / "examples" / "openspiel_ismcts.py")
    example.main(games=2, simulations=4)
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["Z Poker", "Chinese Poker", "East-West"]
    assert all(re.search(r"over 2 games against greedy: [+-]\d+$", line) for line in lines)


def _documented_commands() -> list[str]:
    """The training commands in the environments' page and in the module's own text."""
    found = []
    for path in (ROOT / "docs" / "envs.rst", ROOT / "src" / "pokerrules" / "learn.py"):
        found += [line.strip() for line in path.read_text(encoding="utf-8").splitlines()
                  if re.match(r"^\s+python -m pokerrules\.learn ", line)]
    return found


def test_the_documented_training_commands_run(tmp_path, capsys) -> None:
    """Each documented command, cut short (later options win), trains and writes
    its weight file."""
    from pokerrules import learn

    commands = _documented_commands()
    assert len(commands) >= 4 and set(learn.trained_games()) <= {c.split()[3] for c in commands}
    for command in sorted(set(commands)):
        words = shlex.split(command)[3:]
        out = tmp_path / f"{words[0]}.npz"
        learn.main([*words, "--updates", "1", "--envs", "4", "--eval-games", "4",
                    "--search-games", "0", "--out", str(out)])
        assert out.is_file(), command
    assert capsys.readouterr().out.split()[:5] == ["updates", "train", "CPU-s", "vs", "random"]
