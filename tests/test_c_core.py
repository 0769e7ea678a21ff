"""The C core's portability: one header (ext/pr_port.h) holds every compiler
intrinsic and thread API, each MSVC intrinsic behind the targets that have it, and the
C self-test (tests/c/selftest.c) passes when built from ext/ with this machine's
compiler. .ci/cross runs the same self-test cross-compiled (aarch64 under qemu-user,
Windows x64 under wine) and under ThreadSanitizer."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXT = ROOT / "ext"
CROSS = ROOT / ".ci" / "cross"
PORT = "pr_port.h"
# ext/_*.c is what Cython generates from ext/*.pyx: not ours to read
OUR_C = sorted(p for p in [*EXT.glob("*.c"), *EXT.glob("*.h")] if not p.name.startswith("_"))

# MSVC intrinsics that only some targets have, and the target macros that allow each
TARGET_INTRINSICS = {
    "_BitScanForward64": {"_M_X64", "_M_ARM64"},
    "_BitScanReverse64": {"_M_X64", "_M_ARM64"},
    "__popcnt": {"_M_IX86", "_M_X64"},
    "__popcnt64": {"_M_X64"},
    "__lzcnt": {"_M_IX86", "_M_X64"},
}
# what only the port header may name: compiler builtins for bits, thread APIs, intrinsics
PORT_ONLY = re.compile(
    r"\b(__builtin_(ctz|clz|popcount)\w*|_BitScan\w+|__popcnt\w*|_Interlocked\w+"
    r"|pthread_\w+|CreateThread|WaitForSingleObject|<intrin\.h>|<pthread\.h>|<windows\.h>)")


def conditions_of_lines(text: str) -> list[list[str]]:
    """For each line, the conditions of the #if/#ifdef/#elif blocks around it."""
    stack: list[str] = []
    result = []
    for line in text.splitlines():
        directive = line.strip()
        if re.match(r"#\s*if", directive):
            stack.append(directive)
        elif re.match(r"#\s*elif", directive):
            stack[-1] = directive
        elif re.match(r"#\s*else", directive):
            stack[-1] = "#else of " + stack[-1]
        elif re.match(r"#\s*endif", directive):
            stack.pop()
        result.append(list(stack))
    return result


@pytest.mark.fast
def test_each_target_specific_msvc_intrinsic_sits_behind_its_targets():
    used = 0
    for path in OUR_C:
        text = path.read_text(encoding="utf-8")
        for line, conditions in zip(text.splitlines(), conditions_of_lines(text)):
            for name, targets in TARGET_INTRINSICS.items():
                if re.search(rf"\b{name}\s*\(", line):
                    used += 1
                    innermost = conditions[-1] if conditions else ""
                    assert not innermost.startswith("#else") and any(
                        t in innermost for t in targets), (
                        f"{path.name}: {name} is used outside a block that names one of "
                        f"{sorted(targets)}: {line.strip()}")
    assert used >= 2  # the port header's 64-bit scan and popcount


@pytest.mark.fast
def test_intrinsics_and_thread_apis_are_named_only_in_the_port_header():
    assert (EXT / PORT).exists()
    for path in OUR_C:
        if path.name == PORT:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found = PORT_ONLY.search(line)
            assert found is None, f"{path.name}:{number} names {found.group(0)}; use {PORT}"


def compiler() -> str:
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if cc is None:
        pytest.skip("no C compiler on this machine")
    return cc


def c_files_cross_builds() -> tuple[list[str], list[str]]:
    """The generators and the self-test's sources, as .ci/cross finds them (its own
    lines run here), paths relative to the checkout."""
    lines = CROSS.read_text(encoding="utf-8").splitlines()
    start = lines.index("core=() generators=()")
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("ours=("))
    script = "\n".join([*lines[start:end + 1], 'printf "generator %s\\n" "${generators[@]}"',
                        'printf "selftest %s\\n" "${selftest_sources[@]}"'])
    found = subprocess.run(["bash", "-c", script], cwd=ROOT, capture_output=True, text=True,
                           check=True).stdout.split()
    pairs = list(zip(found[::2], found[1::2]))
    return ([f for kind, f in pairs if kind == "generator"],
            [f for kind, f in pairs if kind == "selftest"])


def test_ci_cross_builds_every_c_file_of_ext_and_names_none():
    cross = CROSS.read_text(encoding="utf-8")
    ours = [p for p in EXT.glob("*.c") if not p.name.startswith("_")]
    assert len(ours) >= 2  # the generator and at least one file of the core
    for path in ours:
        assert path.name not in cross, f".ci/cross names {path.name}: find it by its kind"
    assert re.search(r"\bext/\w+\.c\b", cross) is None
    generators, selftest = c_files_cross_builds()
    mains = {f"ext/{p.name}" for p in ours if re.search(r"^int main\(", p.read_text(
        encoding="utf-8"), re.M)}
    assert set(generators) == mains and mains
    assert set(selftest) == {f"ext/{p.name}" for p in ours} - mains | {
        f"tests/c/{p.name}" for p in (ROOT / "tests/c").glob("*.c")}


def build_self_test(tmp_path: Path, cc: str, *flags: str) -> Path:
    """The self-test built as .ci/cross builds it: the generators write their headers
    (gen_decks the tables'), then the self-test is linked with every C file of the
    core."""
    common = ["-std=c99", "-O1", "-pthread", f"-I{EXT}", f"-I{tmp_path}"]
    generators, selftest = c_files_cross_builds()
    for generator in generators:
        name = Path(generator).stem
        subprocess.run([cc, *common, str(ROOT / generator), "-o", str(tmp_path / name)],
                       check=True)
        subprocess.run([str(tmp_path / name),
                        str(tmp_path / f"pr_{name.removeprefix('gen_')}.h")], check=True)
    sources = [ROOT / f for f in selftest]
    exe = tmp_path / "selftest"
    subprocess.run([cc, *common, *flags, *map(str, sources), "-o", str(exe)], check=True)
    return exe


@pytest.mark.slow
@pytest.mark.parametrize("flags", [[], ["-funsigned-char"]], ids=["native", "unsigned-char"])
def test_the_c_self_test_passes_on_this_machine(tmp_path, flags):
    # -funsigned-char: ARM's char, here with every x86 kernel
    exe = build_self_test(tmp_path, compiler(), *flags)
    run = subprocess.run([str(exe), str(ROOT / "tests/c/house_way.txt")],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "kernel: chosen once" in run.stdout
    assert "house way: 900 settings as the fixture" in run.stdout  # 150 hands by 6 ways
    assert re.search(r"selftest: [1-9]\d{4,} checks, 0 failed", run.stdout), run.stdout


@pytest.mark.slow
def test_the_c_self_test_refuses_a_changed_house_way_fixture(tmp_path):
    exe = build_self_test(tmp_path, compiler())
    lines = (ROOT / "tests/c/house_way.txt").read_text(encoding="utf-8").splitlines()
    fields = lines[1].split()
    fields[-1] = str(int(fields[-1]) % 10 + 1)  # another rule decided the first hand
    (tmp_path / "fixture.txt").write_text("\n".join([lines[0], " ".join(fields), *lines[2:]]))
    run = subprocess.run([str(exe), str(tmp_path / "fixture.txt")],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 1
    assert "house way 0 of fixture line 2" in run.stdout
    assert "selftest: " in run.stdout and ", 1 failed" in run.stdout
