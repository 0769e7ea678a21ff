"""The file of a strategy table (:class:`~pokerrules.paigow.StrategyTable`):
a header and the table's arrays, read back whole into the process's own memory.

Layout (version 1), all integers little-endian::

    8 bytes   magic b"PRSTRAT\\0"
    4 bytes   version (1)
    4 bytes   length H of the header
    H bytes   the header: UTF-8 JSON (the rules, the banker's way, the deck,
              whether suit classes were used, the number of classes, and the
              sha256 of the rest of the header and of the arrays)
    padding   zeros to a multiple of 64 bytes
    arrays    each of FIELDS in order, its dtype, one entry per class,
              each padded with zeros to a multiple of 64 bytes

Nothing is unpickled: the header is parsed and checked field by field, the
file's size must be the one its header implies, and the checksum must match
before any array is used. The arrays are read, not mapped: what happens to the
file afterwards (truncated, replaced, rewritten in place) cannot reach a loaded
table, and a file is read only while it is a regular file of at most
:data:`FILE_LIMIT` bytes.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import secrets
from collections.abc import Callable
from typing import Any, BinaryIO

import numpy as np
import numpy.typing as npt

from pokerrules._checks import shown
from pokerrules._files import open_regular, parse_json
from pokerrules.errors import PokerRulesError
from pokerrules.paigow.analysis.outcomes import deck_codes, way_label
from pokerrules.paigow.game.description import DescribedWay, way_from_dict
from pokerrules.paigow.game.houseway import HouseWayLike
from pokerrules.paigow.game.rules import BANKER_PUSH_RULES, way_name

__all__ = ["FIELDS", "FILE_LIMIT", "FORMAT", "HEADER_LIMIT", "MAGIC", "VERSION", "read_table",
           "replace_file", "way_record", "write_table"]

MAGIC = b"PRSTRAT\0"
VERSION = 1
FORMAT = "pokerrules strategy table"
#: The arrays of a table, one entry per class: name and dtype.
FIELDS: tuple[tuple[str, str], ...] = (
    ("hands", "<u4"), ("best", "u1"), ("house", "u1"), ("weight", "u1"),
    ("wins", "<u4"), ("losses", "<u4"), ("house_wins", "<u4"), ("house_losses", "<u4"))
_ALIGN = 64
_KEYS = {"format", "rules", "way", "deck", "symmetric", "classes", "sha256"}
_WHAT = "the strategy table"


def _aligned(n: int) -> int:
    return -(-n // _ALIGN) * _ALIGN


#: The most bytes of a table's header (16 MiB; a loaded way's text, the largest
#: part, is a few KiB): :func:`write_table` refuses a larger one, so that every
#: file saved loads, and :func:`read_table` reads no more.
HEADER_LIMIT = 1 << 24
#: The largest table file (3,562,068,352 bytes): a header of :data:`HEADER_LIMIT` bytes
#: and the arrays of every hand of the full 53-card deck, C(53, 7) classes.
#: :func:`read_table` refuses a larger file from its size, before reading it.
FILE_LIMIT = _aligned(16 + HEADER_LIMIT) + sum(
    _aligned(math.comb(53, 7) * np.dtype(dtype).itemsize) for _, dtype in FIELDS)


def way_record(way: HouseWayLike) -> dict[str, str]:
    """The banker's way as a table's header holds it: a built-in way by its
    name, a loaded way with its whole text.

    Raises:
        PokerRulesError: another strategy (a callable), which no file can restore.
    """
    if isinstance(way, str):
        return {"name": way}
    if isinstance(way, DescribedWay):
        return {"name": way.name, "description": way.source}
    raise PokerRulesError(f"a strategy table is saved with a built-in or loaded banker's way; "
                          f"this one was solved against {way_label(way)}, which no file "
                          "can restore")


def _digest(header: dict[str, Any], arrays: list[npt.NDArray[Any]]) -> str:
    sha = hashlib.sha256(json.dumps(header, sort_keys=True, separators=(",", ":")).encode())
    for array in arrays:
        sha.update(np.ascontiguousarray(array).data)
    return sha.hexdigest()


def replace_file(path: str | os.PathLike[str], write: Callable[[BinaryIO], object]) -> None:
    """Writes ``path`` through ``write(f)`` into a new temporary file beside it,
    flushed to disk and renamed over ``path``: a reader sees the old file or the
    whole new one, and concurrent writers of one path never share a temporary
    file (each has its own random name, created exclusively); the last rename
    wins. A failed write removes its temporary file.

    Raises:
        OSError: the directory cannot be written.
    """
    name = os.fspath(path)
    while True:
        # not tempfile.mkstemp: its files are 0600, a table is as readable as any file
        temporary = f"{name}.{secrets.token_hex(8)}.part"
        try:
            fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL
                         | getattr(os, "O_BINARY", 0), 0o666)
            break
        except FileExistsError:  # pragma: no cover - a 64-bit name taken
            continue
    try:
        with os.fdopen(fd, "wb") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(temporary, name)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise


def write_table(path: str | os.PathLike[str], header: dict[str, Any],
                arrays: dict[str, npt.NDArray[Any]]) -> None:
    """Writes a table file: ``header`` (without its checksum) and the arrays of
    :data:`FIELDS`, through :func:`replace_file`.

    Raises:
        PokerRulesError: a header of more than :data:`HEADER_LIMIT` bytes (naming
            its size; nothing is written). OSError: the file cannot be written.
    """
    columns = [np.ascontiguousarray(arrays[name], dtype=dtype) for name, dtype in FIELDS]
    header = {"format": FORMAT, **header, "sha256": _digest({"format": FORMAT, **header},
                                                             columns)}
    text = json.dumps(header, sort_keys=True, separators=(",", ":")).encode()
    if len(text) > HEADER_LIMIT:
        raise PokerRulesError(f"{_WHAT} {os.fspath(path)} is not written: its header (the "
                              f"banker's way's text among it) is {len(text):,} bytes, and at "
                              f"most {HEADER_LIMIT:,} are read back")
    start = _aligned(16 + len(text))

    def write(f: BinaryIO) -> None:
        f.write(MAGIC + VERSION.to_bytes(4, "little") + len(text).to_bytes(4, "little"))
        f.write(text + bytes(start - 16 - len(text)))
        for column in columns:
            f.write(column.data)
            f.write(bytes(_aligned(column.nbytes) - column.nbytes))

    replace_file(path, write)


def _field(header: dict[str, Any], key: str, kind: type | tuple[type, ...], path: str) -> Any:
    value = header[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise PokerRulesError(f"the strategy table {path} is damaged: its header's {key} is "
                              f"{shown(value)}")
    return value


def _checked_header(header: object, path: str) -> dict[str, Any]:
    """The header's fields, each checked (not yet the checksum)."""
    if not isinstance(header, dict) or set(header) - {"seat"} != _KEYS or \
            header["format"] != FORMAT or header.get("seat", "banker") != "banker":
        raise PokerRulesError(f"the strategy table {path} is damaged: its header holds "
                              f"{shown(sorted(header) if isinstance(header, dict) else header)}")
    rules = _field(header, "rules", dict, path)
    commissions = [rules.get("commission"), rules.get("banker_commission", 0.0)]
    push = rules.get("banker_push", None)
    # a banker's table (the header's seat) records the banker's commission too, a
    # player's where it is not the player's
    required = {"commission", "wheel_second_highest"} | \
        ({"banker_commission"} if "seat" in header else set())
    if set(rules) - {"banker_push"} - ({"banker_commission"} - required) != required or \
            not isinstance(rules["wheel_second_highest"], bool) or \
            not all(isinstance(c, float) and 0 <= c < 1 for c in commissions) or \
            ("banker_push" in rules and push not in BANKER_PUSH_RULES):
        raise PokerRulesError(f"the strategy table {path} is damaged: its rules are "
                              f"{shown(rules)}")
    way = _field(header, "way", dict, path)
    try:
        if set(way) == {"name"}:
            header["way"] = way_name(way["name"], "the table's way")
        else:
            header["way"] = way_from_dict(way)
    except PokerRulesError as exc:
        raise PokerRulesError(f"the strategy table {path} holds a way that does not "
                              f"load: {exc}") from None
    deck = _field(header, "deck", list, path)
    if not all(isinstance(c, int) and not isinstance(c, bool) for c in deck):
        raise PokerRulesError(f"the strategy table {path} is damaged: its deck is {shown(deck)}")
    try:
        header["deck"] = deck_codes(deck)
    except PokerRulesError as exc:
        raise PokerRulesError(f"the strategy table {path} is damaged: {exc}") from None
    if header["deck"].tolist() != deck:
        raise PokerRulesError(f"the strategy table {path} is damaged: its deck is not in order")
    _field(header, "symmetric", bool, path)
    classes = _field(header, "classes", int, path)
    if not 1 <= classes <= math.comb(len(deck), 7):
        raise PokerRulesError(f"the strategy table {path} is damaged: it counts {classes} "
                              "classes of hands")
    _field(header, "sha256", str, path)
    return header


def read_table(path: str | os.PathLike[str]
               ) -> tuple[dict[str, Any], dict[str, npt.NDArray[Any]]]:
    """The checked header and the arrays of a table file, read into memory of
    their own (read-only arrays over one private buffer, about 23 bytes a class).

    Raises:
        PokerRulesError: no such file; no regular file (a FIFO, a device, a
            directory) or one over :data:`FILE_LIMIT` bytes, refused before it is
            read; no table file, another version, a header over
            :data:`HEADER_LIMIT` bytes, a truncated or lengthened file, a header
            that does not parse or check, a file that changed while it was read,
            or a checksum that does not match (each names the file).
    """
    name = os.fspath(path)
    try:
        with open_regular(name, limit=FILE_LIMIT, what=_WHAT) as f:
            head = f.read(16)
            if len(head) < 16 or head[:8] != MAGIC:
                raise PokerRulesError(f"{name} is no strategy table file (it does not start "
                                      f"with {MAGIC!r})")
            version = int.from_bytes(head[8:12], "little")
            if version != VERSION:
                raise PokerRulesError(f"{_WHAT} {name} is of version {version}; "
                                      f"this pokerrules reads version {VERSION}")
            length = int.from_bytes(head[12:16], "little")
            if length > HEADER_LIMIT:
                raise PokerRulesError(f"{_WHAT} {name} is refused: its header is "
                                      f"{length:,} bytes; at most {HEADER_LIMIT:,} are read")
            text = f.read(length)
            if len(text) != length:
                raise PokerRulesError(f"{_WHAT} {name} is truncated (in its header)")
            raw = parse_json(text, what=f"the header of {_WHAT} {name}")
            header = _checked_header(dict(raw) if isinstance(raw, dict) else raw, name)
            classes = header["classes"]
            start = _aligned(16 + length)
            want = start + sum(_aligned(classes * np.dtype(d).itemsize) for _, d in FIELDS)
            size = os.fstat(f.fileno()).st_size
            if size != want:
                what = "truncated" if size < want else "longer than its header says"
                raise PokerRulesError(f"{_WHAT} {name} is {what}: {size:,} bytes, "
                                      f"not {want:,}")
            f.seek(start)
            data = f.read(want - start)
    except OSError as exc:
        raise PokerRulesError(f"cannot read {_WHAT} {name}: {exc.strerror}") from None
    if len(data) != want - start:
        raise PokerRulesError(f"{_WHAT} {name} changed while it was read: it is truncated")
    arrays: dict[str, npt.NDArray[Any]] = {}
    offset = 0
    for field, dtype in FIELDS:  # views of bytes: read-only for good
        arrays[field] = np.frombuffer(data, dtype=dtype, count=classes, offset=offset)
        offset += _aligned(classes * np.dtype(dtype).itemsize)
    signed = {k: v for k, v in raw.items() if k != "sha256"}
    if _digest(signed, list(arrays.values())) != header["sha256"]:
        raise PokerRulesError(f"{_WHAT} {name} has been edited or damaged: its "
                              "checksum does not match its contents")
    return header, arrays
