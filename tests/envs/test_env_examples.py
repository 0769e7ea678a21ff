"""The environments' documented examples run: OpenSpiel's ISMCTS example
(docs/examples) and the numpy learner on East–West (benchmarks), both cut short,
the learner also by the command the documentation gives."""

from __future__ import annotations

import importlib.util
import os
import re
import shlex
import shutil
import subprocess
import sys
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


def test_numpy_learner_runs(capsys) -> None:
    learner = _module(ROOT / "benchmarks" / "learn_east_west.py")
    rows = learner.train(episodes=60, checkpoints=[0, 60], eval_games=20, seed=1,
                         learning_rate=0.05)
    assert [r[0] for r in rows] == [0, 60]
    assert all(0.0 <= r[2] <= 1.0 and 0.0 <= r[3] <= 1.0 for r in rows)
    learner.main(["--episodes", "8", "--eval-games", "4"])
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["episodes", "train", "CPU-s", "vs", "random", "vs", "greedy"]
    assert [int(line.split()[0]) for line in out[1:]] == [0, 1, 2, 4, 8]


def _documented_commands() -> list[str]:
    """The commands that run the learner in the environments' page and in the
    script's own docstring."""
    found = []
    for path in (ROOT / "docs" / "envs.rst", ROOT / "benchmarks" / "learn_east_west.py"):
        found += [line.strip() for line in path.read_text(encoding="utf-8").splitlines()
                  if re.match(r"^\s+\S.*benchmarks/learn_east_west\.py", line)]
    return found


def test_the_documented_learner_command_runs_from_a_checkout_without_a_build(
        tmp_path) -> None:
    # A checkout after `pip install .`: its src holds the sources but no compiled
    # module (the build went to site-packages); the command must not import it.
    commands = _documented_commands()
    assert len(commands) == 2 and commands[0] == commands[1], commands
    shutil.copytree(ROOT / "src", tmp_path / "src",
                    ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
    (tmp_path / "benchmarks").mkdir()
    shutil.copy(ROOT / "benchmarks" / "learn_east_west.py", tmp_path / "benchmarks")
    words = shlex.split(commands[0])
    settings = dict(w.split("=", 1) for w in words if re.match(r"^[A-Z_]+=", w))
    words = [w for w in words if not re.match(r"^[A-Z_]+=", w)]
    assert words[:2] == ["python", "benchmarks/learn_east_west.py"], words
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(
        [sys.executable, *words[1:], "--episodes", "4", "--eval-games", "2"],  # (last wins)
        cwd=tmp_path, env={**environment, **settings}, capture_output=True, text=True,
        timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[:7] == ["episodes", "train", "CPU-s", "vs", "random", "vs",
                                        "greedy"]
