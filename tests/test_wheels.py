"""The wheels the release builds: CPython 3.10-3.14 on Linux (x86_64, aarch64; manylinux
and musllinux), macOS (arm64, x86_64) and Windows (AMD64, ARM64), each tested by the fast
subset, each architecture on a runner of its own; the classifiers claim the same
versions. (.ci/cross lists cibuildwheel's own identifiers from this configuration.)"""

import re
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib", reason="tomllib is in Python 3.11 and later")

pytestmark = pytest.mark.fast

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
WORKFLOW = (ROOT / ".github/workflows/wheels.yml").read_text(encoding="utf-8")
VERSIONS = ["3.10", "3.11", "3.12", "3.13", "3.14"]
ARCHS = {"linux": {"x86_64", "aarch64"}, "macos": {"arm64", "x86_64"},
         "windows": {"AMD64", "ARM64"}}


def test_every_claimed_python_is_built_and_every_built_python_is_claimed():
    config = PYPROJECT["tool"]["cibuildwheel"]
    built = sorted(f"3.{m}" for m in re.findall(r"\bcp3(\d+)-\*", config["build"]))
    classifiers = PYPROJECT["project"]["classifiers"]
    claimed = [c.rsplit(" :: ", 1)[1] for c in classifiers
               if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)]
    assert built == VERSIONS
    assert sorted(claimed) == sorted(VERSIONS)
    assert PYPROJECT["project"]["requires-python"] == ">=3.10"


def test_every_platform_builds_its_architectures_and_tests_the_fast_subset():
    config = PYPROJECT["tool"]["cibuildwheel"]
    for platform, archs in ARCHS.items():
        assert set(config[platform]["archs"]) == archs
    assert "-m fast" in config["test-command"]
    assert not {"musllinux", "*-musllinux*"} & set(str(config.get("skip", "")).split())


def test_the_release_workflow_runs_each_architecture_on_its_own_runner():
    matrix = re.findall(r"\{os: ([\w.-]+), archs: (\w+)\}", WORKFLOW)
    assert {arch for _, arch in matrix} == set().union(*ARCHS.values())
    assert len(matrix) == 6 and len({os for os, _ in matrix}) == 6
    assert "CIBW_ARCHS: ${{ matrix.archs }}" in WORKFLOW
    assert "pypa/cibuildwheel@" in WORKFLOW
