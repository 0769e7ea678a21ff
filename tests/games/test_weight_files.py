"""Reading a weight file is bounded: what is not a regular file is refused before it
is opened, the file and each member are read at most to WEIGHT_FILE_LIMIT bytes, a
member's entry and .npy header are checked before its data is decompressed (a zip
bomb is refused without being inflated), and files or arguments of the wrong kind
raise the library's errors, naming them."""

from __future__ import annotations

import io
import os
import struct
import threading
import tracemalloc
import zipfile
import zlib
from pathlib import Path

import numpy as np
import pytest

from pokerrules import eastwest
from pokerrules.errors import ArgumentTypeError, WeightFileError
from pokerrules.learned import VERSION, WEIGHT_FILE_LIMIT, load_weights

pytestmark = pytest.mark.fast

FEATURES = eastwest.policy.LEARNED_FEATURES
GOOD = {"version": np.int64(VERSION), "game": np.str_("east-west"),
        "weights": np.ones(FEATURES)}


def refused(path: object, words: str) -> WeightFileError:
    """The error of loading ``path``, run in a thread so that a loader that blocks
    fails the test instead of hanging it."""
    outcome: list[BaseException | object] = []

    def load() -> None:
        try:
            outcome.append(load_weights(path, "east-west", FEATURES))  # type: ignore[arg-type]
        except BaseException as exc:  # handed to the test
            outcome.append(exc)

    worker = threading.Thread(target=load, daemon=True)
    worker.start()
    worker.join(timeout=60)
    assert outcome, "load_weights blocked"
    error = outcome[0]
    assert isinstance(error, WeightFileError), error
    assert words in str(error)
    return error


def npy_header(shape: tuple[int, ...], dtype: str = "<f8") -> bytes:
    out = io.BytesIO()
    np.lib.format.write_array_header_1_0(
        out, {"descr": dtype, "fortran_order": False, "shape": shape})
    return out.getvalue()


def deflated_zeros(header: bytes, mebibytes: int) -> bytes:
    """A raw deflate stream of ``header`` then ``mebibytes`` MiB of zeros, built from
    one compressed MiB repeated (a full flush makes each MiB's blocks alike), so
    nothing of that size is ever held or compressed here."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    stream = compressor.compress(header) + compressor.flush(zlib.Z_FULL_FLUSH)
    zeros = bytes(2**20)
    block = compressor.compress(zeros) + compressor.flush(zlib.Z_FULL_FLUSH)
    assert compressor.compress(zeros) + compressor.flush(zlib.Z_FULL_FLUSH) == block
    return stream + block * mebibytes + compressor.flush()


def zip_archive(members: list[tuple[str, bytes, int, int]]) -> bytes:
    """A zip of deflated members (name, raw deflate data, declared size, CRC),
    written by hand so that the declared size and CRC may be anything."""
    out, directory = bytearray(), bytearray()
    for name, data, size, crc in members:
        encoded = name.encode()
        offset = len(out)
        out += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0, crc, len(data),
                           size, len(encoded), 0) + encoded + data
        directory += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 8, 0, 0, crc,
                                 len(data), size, len(encoded), 0, 0, 0, 0, 0,
                                 offset) + encoded
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(members), len(members),
                      len(directory), len(out), 0)
    return bytes(out + directory + end)


def member(name: str, array: np.ndarray) -> tuple[str, bytes, int, int]:
    raw = io.BytesIO()
    np.lib.format.write_array(raw, array)
    data = raw.getvalue()
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    return name, compressor.compress(data) + compressor.flush(), len(data), zlib.crc32(data)


def bomb(tmp_path: Path, header: bytes, mebibytes: int, declared: int | None) -> Path:
    """A weight file whose weights.npy inflates to ``mebibytes`` MiB of zeros after
    ``header``; its entry declares ``declared`` bytes (None: the truth)."""
    size = len(header) + mebibytes * 2**20
    path = tmp_path / "bomb.npz"
    path.write_bytes(zip_archive([
        member("version.npy", GOOD["version"]), member("game.npy", GOOD["game"]),
        ("weights.npy", deflated_zeros(header, mebibytes),
         size if declared is None else declared, 0)]))
    assert path.stat().st_size <= WEIGHT_FILE_LIMIT
    return path


def test_the_hand_made_archive_of_good_members_loads(tmp_path):
    """The writer the bombs are built with makes archives that load: what refuses
    a bomb below is its bomb, not the writer."""
    path = tmp_path / "good.npz"
    path.write_bytes(zip_archive([member(f"{key}.npy", value) for key, value in GOOD.items()]))
    assert load_weights(path, "east-west", FEATURES).weights.tolist() == [1.0] * FEATURES


def peak_bytes_while(action) -> int:
    tracemalloc.start()
    try:
        action()
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return peak


@pytest.mark.parametrize(("shape", "declared", "words"), [
    # 800 MiB of weights, declared honestly: refused by the entry's size
    ((100 * 2**20,), None, "declares 838,860,928 bytes"),
    # the entry lies (the most that passes); the header gives the 800 MiB array
    ((100 * 2**20,), WEIGHT_FILE_LIMIT, "weights of shape (104857600,), not (21,)"),
    # entry and header both pass; the data runs on past the header's 21 weights
    ((FEATURES,), WEIGHT_FILE_LIMIT, "holds more than the array its header gives"),
])
def test_a_zip_bomb_is_refused_before_it_is_inflated(tmp_path, shape, declared, words):
    path = bomb(tmp_path, npy_header(shape), 800, declared)
    peak = peak_bytes_while(lambda: refused(path, words))
    assert peak < 8 * WEIGHT_FILE_LIMIT  # the file and a few buffers, not 800 MiB


def test_a_member_header_of_another_dtype_or_format_is_refused_before_its_data(tmp_path):
    path = bomb(tmp_path, npy_header((FEATURES,), "<f4"), 800, WEIGHT_FILE_LIMIT)
    refused(path, "weights of dtype float32, not float64")
    objects = bomb(tmp_path, npy_header((FEATURES,), "|O"), 1, WEIGHT_FILE_LIMIT)
    refused(objects, "holds objects, which are never unpickled")


def test_a_fifo_a_device_and_a_directory_are_refused_unopened_by_name(tmp_path):
    fifo = tmp_path / "weights.npz"
    os.mkfifo(fifo)
    assert str(fifo) in str(refused(fifo, "is a FIFO, not a regular file"))
    refused(Path(os.devnull), "is a character device, not a regular file")
    refused(tmp_path, "is a directory, not a regular file")


def test_a_file_over_the_limit_is_refused_by_its_size(tmp_path):
    path = tmp_path / "large.npz"
    with path.open("wb") as file:
        file.truncate(WEIGHT_FILE_LIMIT + 1)
    error = refused(path, f"is {WEIGHT_FILE_LIMIT + 1:,} bytes; at most {WEIGHT_FILE_LIMIT:,}")
    assert str(path) in str(error)
    refused(io.BytesIO(bytes(WEIGHT_FILE_LIMIT + 1)), f"over {WEIGHT_FILE_LIMIT:,} bytes")


def test_a_npy_file_is_refused_as_no_archive(tmp_path):
    path = tmp_path / "weights.npy"
    np.save(path, GOOD["weights"])
    assert str(path) in str(refused(path, "is a .npy array, not an .npz archive"))


def test_members_without_the_npy_suffix_are_refused_by_name(tmp_path):
    path = tmp_path / "bare.npz"
    with zipfile.ZipFile(path, "w") as archive:
        for key, value in GOOD.items():
            raw = io.BytesIO()
            np.lib.format.write_array(raw, value)
            archive.writestr(key, raw.getvalue())
    error = refused(path, "holds ['game', 'version', 'weights'], not")
    assert str(path) in str(error)


@pytest.mark.parametrize("path", [3, None, b"weights.npz", 2.5])
def test_a_path_of_another_type_is_refused_naming_the_argument(path):
    with pytest.raises(ArgumentTypeError, match="path must be a weight file's path"):
        load_weights(path, "east-west", FEATURES)


def test_a_text_mode_file_is_refused(tmp_path):
    path = tmp_path / "w.npz"
    np.savez(path, **GOOD)
    with path.open(encoding="latin-1") as text, pytest.raises(ArgumentTypeError,
                                                              match="binary"):
        load_weights(text, "east-west", FEATURES)
