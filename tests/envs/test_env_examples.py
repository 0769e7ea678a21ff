"""The environments' documented examples run: OpenSpiel's ISMCTS example
(docs/examples) and the numpy learner on East–West (benchmarks), both cut short."""

from __future__ import annotations

import importlib.util
import re
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
