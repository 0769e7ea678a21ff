"""The files of strategy tables and of their checkpoints, from outside: a loaded
table is the process's own, whatever happens to its file; every loader refuses
what is no regular file, is over its size or nests too deep, naming the file;
the header's limit is checked at save; concurrent writers never share a
temporary file; and an edited chunk is refused on resume by its checksum."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import threading

import numpy as np
import pytest
from test_paigow_strategy_table import DECK, RULES

from pokerrules.errors import PokerRulesError
from pokerrules.paigow import StrategyTable, optimal_strategy_table
from pokerrules.paigow.analysis import solve as solve_module
from pokerrules.paigow.analysis import table_file

pytestmark = pytest.mark.fast

#: 18 cards, one suit-blind class per hand: 31,824 classes, a file of about 730 KB.
SMALL = np.arange(18, dtype=np.uint8) * 2


def made_table(seed):
    """A table of random plausible arrays over the SMALL deck."""
    n, total = math.comb(len(SMALL), 7), math.comb(len(SMALL) - 7, 7)
    rng = np.random.default_rng(seed)
    wins, losses = rng.integers(0, total // 2, n), rng.integers(0, total // 2, n)
    best = rng.integers(0, 21, n)
    return StrategyTable.from_arrays(
        rules=RULES, way="foxwoods", deck_codes=SMALL, symmetric=False, hands=np.arange(n),
        best=best, wins=wins, pushes=total - wins - losses, losses=losses, house=20 - best,
        house_wins=losses, house_losses=wins, weight=np.ones(n, np.int64))


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """An old table and a new one (other arrays), saved."""
    where = tmp_path_factory.mktemp("tables")
    made_table(1).save(where / "old.prt")
    made_table(2).save(where / "new.prt")
    return where / "old.prt", where / "new.prt"


# ------------------------------------------------------------------ a loaded table

#: Damages the file argv[1] in turn (argv[2]: another table's file), one step per
#: line read from stdin, naming each step on stdout; "free N" runs N rounds unasked.
WRITER = r"""
import os, shutil, sys
old, new = sys.argv[1], sys.argv[2]
original = open(old, "rb").read()
length = int.from_bytes(original[12:16], "little")
classes = int(sys.argv[3])
start = -(-(16 + length) // 64) * 64
best = start + -(-classes * 4 // 64) * 64

def truncated():
    with open(old, "r+b") as f:
        f.truncate(len(original) // 2)

def copied():  # as `cp new old`: the same file, truncated and written again
    shutil.copyfile(new, old)

def rewritten():  # every best setting 200, in place
    with open(old, "r+b") as f:
        f.seek(best)
        f.write(b"\xc8" * classes)

def replaced():
    with open(old + ".tmp", "wb") as f:
        f.write(original)
    os.replace(old + ".tmp", old)

steps = [truncated, copied, rewritten, replaced]
for line in sys.stdin:
    if line.startswith("free"):
        for _ in range(int(line.split()[1])):
            for step in steps:
                step()
        print("free", flush=True)
        continue
    step = steps[int(line)]
    step()
    print(step.__name__, flush=True)
"""

#: Loads argv[1], starts WRITER on it and reads the loaded table after each of
#: its steps (the same values every time) and loads the file again (the old
#: table, the new one or a library error); prints the tally as JSON.
READER = r"""
import json, subprocess, sys, threading
import numpy as np
from pokerrules.errors import PokerRulesError
from pokerrules.paigow import StrategyTable
old, new, rounds, free = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
table = StrategyTable.load(old)
results = {"old": table.result, "new": StrategyTable.load(new).result}
hands = table.representatives()
settings, result = table.set_many(hands), table.result
seen = {"old": 0, "new": 0, "refused": 0}

def check():
    assert np.array_equal(table.set_many(hands), settings)
    assert table.result == result and int(table.best.max()) <= 20
    try:
        again = StrategyTable.load(old).result
    except PokerRulesError:
        seen["refused"] += 1
        return
    seen[next(k for k, r in results.items() if r == again)] += 1

writer = subprocess.Popen([sys.executable, "-c", sys.argv[5], old, new, str(len(table))],
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
for _ in range(rounds):
    for step in range(4):
        writer.stdin.write(f"{step}\n"); writer.stdin.flush()
        writer.stdout.readline()
        check()
writer.stdin.write(f"free {free}\n"); writer.stdin.flush()
done = threading.Event()
threading.Thread(target=lambda: (writer.stdout.readline(), done.set()), daemon=True).start()
while not done.is_set():
    check()
writer.stdin.close(); writer.wait()
print(json.dumps(seen))
"""


def read_while_changed(files, rounds, free):
    old, new = files
    saved = old.read_bytes()
    try:
        run = subprocess.run([sys.executable, "-c", READER, str(old), str(new), str(rounds),
                              str(free), WRITER], capture_output=True, text=True, timeout=600)
    finally:
        old.write_bytes(saved)
    assert run.returncode == 0, (run.returncode, run.stderr[-2000:])
    return json.loads(run.stdout)


def test_a_loaded_table_keeps_its_values_while_its_file_is_truncated_replaced_rewritten(files):
    seen = read_while_changed(files, rounds=2, free=3)
    # each step's own outcome: truncated and rewritten refused, copied new, replaced old
    assert seen["refused"] >= 4 and seen["new"] >= 2 and seen["old"] >= 2


@pytest.mark.slow
def test_a_loaded_table_keeps_its_values_while_its_file_changes_for_long(files):
    seen = read_while_changed(files, rounds=20, free=2000)
    assert seen["refused"] >= 40 and seen["new"] >= 20 and seen["old"] >= 20


def test_a_table_pickled_by_its_file_is_refused_when_the_file_holds_another(files, tmp_path):
    import pickle

    path = tmp_path / "t.prt"
    path.write_bytes(files[0].read_bytes())
    data = pickle.dumps(StrategyTable.load(path))
    path.write_bytes(files[1].read_bytes())
    with pytest.raises(PokerRulesError, match=r"t\.prt has changed since the table was pickled"):
        pickle.loads(data)


# ------------------------------------------------------------------ what is no table file

class Unblocked:
    """Guards a test that opens a FIFO: after 20 s the FIFO is opened for writing
    and closed, so that a reader blocked on it gets an end of file."""

    def __init__(self, fifo):
        self.fifo = fifo
        self.timer = threading.Timer(20, self.unblock)

    def unblock(self):
        try:
            os.close(os.open(self.fifo, os.O_WRONLY | os.O_NONBLOCK))
        except OSError:
            pass

    def __enter__(self):
        self.timer.start()

    def __exit__(self, *exc):
        self.timer.cancel()


def odd_files(path, limit):
    """Makes ``path`` a FIFO, a device and a sparse file over ``limit`` bytes in
    turn, yielding what the refusal says of each."""
    path.unlink(missing_ok=True)
    os.mkfifo(path)
    with Unblocked(path):
        yield "is a FIFO, not a regular file"
    path.unlink()
    path.symlink_to("/dev/zero")
    yield "is a character device, not a regular file"
    path.unlink()
    with open(path, "wb") as f:
        f.truncate(limit + 1)
    yield f"is {limit + 1:,} bytes; at most {limit:,} are read"


def test_load_refuses_a_fifo_a_device_and_an_oversized_file_naming_them(tmp_path):
    path = tmp_path / "t.prt"
    for says in odd_files(path, table_file.FILE_LIMIT):
        with pytest.raises(PokerRulesError, match=f"the strategy table {path} {says}"):
            StrategyTable.load(path)


def test_a_checkpoint_refuses_a_manifest_that_is_no_regular_file_or_oversized(tmp_path):
    manifest = tmp_path / "parts" / "manifest.json"
    manifest.parent.mkdir()
    for says in odd_files(manifest, solve_module.MANIFEST_LIMIT):
        with pytest.raises(PokerRulesError, match=f"manifest of checkpoint {manifest} {says}"):
            optimal_strategy_table(RULES, "foxwoods", deck=DECK, checkpoint=manifest.parent,
                             progress=False)


def test_a_checkpoint_refuses_a_chunk_that_is_no_regular_file_or_oversized(tmp_path):
    parts = tmp_path / "parts"
    optimal_strategy_table(RULES, "foxwoods", deck=DECK, chunk_size=600, checkpoint=parts,
                     progress=False)
    chunk = parts / "chunk-000001.npz"  # 504 classes
    limit = 504 * 22 + solve_module.CHUNK_FILE_SLACK
    for says in odd_files(chunk, limit):
        with pytest.raises(PokerRulesError, match=f"checkpoint file {chunk} {says}"):
            optimal_strategy_table(RULES, "foxwoods", deck=DECK, chunk_size=600, checkpoint=parts,
                             progress=False)


def header_file(path, text):
    path.write_bytes(table_file.MAGIC + table_file.VERSION.to_bytes(4, "little")
                     + len(text).to_bytes(4, "little") + text)


def test_a_header_or_manifest_nesting_deep_or_holding_a_huge_number_is_refused_by_name(
        tmp_path):
    deep = b'{"format":' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    huge = b'{"classes":1' + b"0" * 5000 + b"}"
    path = tmp_path / "t.prt"
    for text, says in ((deep, "it nests too deep"), (huge, "a number of 5001 digits")):
        header_file(path, text)
        with pytest.raises(PokerRulesError, match=f"header of the strategy table {path} is "
                                                  f"refused: {says}"):
            StrategyTable.load(path)
        manifest = tmp_path / "parts" / "manifest.json"
        manifest.parent.mkdir(exist_ok=True)
        manifest.write_bytes(text)
        with pytest.raises(PokerRulesError, match=f"manifest of checkpoint {manifest} is "
                                                  f"refused: {says}"):
            optimal_strategy_table(RULES, "foxwoods", deck=DECK, checkpoint=manifest.parent)


def test_a_header_over_its_limit_is_refused_at_save_naming_its_size(files, tmp_path,
                                                                    monkeypatch):
    table = StrategyTable.load(files[0])
    table.save(tmp_path / "fits.prt")
    size = int.from_bytes((tmp_path / "fits.prt").read_bytes()[12:16], "little")
    monkeypatch.setattr(table_file, "HEADER_LIMIT", size - 1)
    with pytest.raises(PokerRulesError, match=f"its header .* is {size:,} bytes, and at most "
                                              f"{size - 1:,} are read back"):
        table.save(tmp_path / "big.prt")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fits.prt"]
    # the one limit: what save refuses, load refuses
    with pytest.raises(PokerRulesError, match=f"its header is {size:,} bytes; at most "
                                              f"{size - 1:,} are read"):
        StrategyTable.load(tmp_path / "fits.prt")


# ------------------------------------------------------------------ concurrent writers

def test_concurrent_saves_of_one_path_each_write_their_own_temporary_file(files, tmp_path):
    tables = [StrategyTable.load(files[0]), StrategyTable.load(files[1])]
    path, errors = tmp_path / "t.prt", []
    start = threading.Barrier(6)

    def save(k):
        start.wait()
        try:
            for _ in range(5):
                tables[k % 2].save(path)
        except Exception as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=save, args=(k,)) for k in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert path.read_bytes() in (files[0].read_bytes(), files[1].read_bytes())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.prt"]


def test_concurrent_solves_of_one_checkpoint_both_finish_with_the_same_table(tmp_path,
                                                                             monkeypatch):
    straight = optimal_strategy_table(RULES, "foxwoods", deck=DECK, chunk_size=200, progress=False)
    real, met = solve_module._solve_chunk, []
    together = threading.Barrier(2, timeout=60)

    def in_step(task):  # the two runs finish each chunk, and save it, at once
        arrays = real(task)
        met.append(together.wait())
        return arrays

    monkeypatch.setattr(solve_module, "_solve_chunk", in_step)
    parts, found, errors = tmp_path / "parts", [], []

    def solve():
        try:
            found.append(optimal_strategy_table(RULES, "foxwoods", deck=DECK, chunk_size=200,
                                          checkpoint=parts, progress=False))
        except Exception as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=solve) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and len(met) == 2 * 6  # both runs saved all six chunks side by side
    for table in found:
        assert table.result == straight.result
        assert np.array_equal(table.best, straight.best)
    assert sorted(p.name for p in parts.iterdir()) == [
        *(f"chunk-{i:06d}.npz" for i in range(6)), "manifest.json"]


# ------------------------------------------------------------------ edited chunks

def edit_chunk(path, edit):
    with np.load(path) as data:
        arrays = {k: data[k].copy() for k in data.files}
    edit(arrays)
    np.savez(path, **arrays)


def plausible_counts(arrays):
    i = int(np.flatnonzero(arrays["losses"] > 0)[0])
    arrays["wins"][i] += 1
    arrays["losses"][i] -= 1


def swapped_settings(arrays):
    arrays["best"], arrays["house"] = arrays["house"], arrays["best"]


@pytest.mark.parametrize("edit", [plausible_counts, swapped_settings])
def test_an_edited_chunk_is_refused_on_resume_naming_its_file(tmp_path, edit):
    parts = tmp_path / "parts"
    optimal_strategy_table(RULES, "foxwoods", deck=DECK, chunk_size=600, checkpoint=parts,
                     progress=False)
    chunk = parts / "chunk-000001.npz"
    saved = chunk.read_bytes()
    edit_chunk(chunk, edit)
    with pytest.raises(PokerRulesError, match=f"checkpoint file {chunk} has been edited or "
                                              "damaged: its checksum does not match"):
        optimal_strategy_table(RULES, "foxwoods", deck=DECK, chunk_size=600, checkpoint=parts,
                         progress=False)
    chunk.write_bytes(saved)
    edit_chunk(chunk, lambda arrays: None)  # the same arrays written again: taken
    optimal_strategy_table(RULES, "foxwoods", deck=DECK, chunk_size=600, checkpoint=parts,
                     progress=False)
