"""The file of a strategy table (:class:`~pokerrules.paigow.StrategyTable`):
a header and the table's arrays, read back memory-mapped.

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
before any array is used.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
from typing import Any

import numpy as np
import numpy.typing as npt

from pokerrules.checks import shown
from pokerrules.errors import PokerRulesError
from pokerrules.paigow.description import DescribedWay, way_from_dict
from pokerrules.paigow.outcomes import deck_codes, way_label
from pokerrules.paigow.rules import way_name

__all__ = ["FIELDS", "FORMAT", "MAGIC", "VERSION", "read_table", "way_record", "write_table"]

MAGIC = b"PRSTRAT\0"
VERSION = 1
FORMAT = "pokerrules strategy table"
#: The arrays of a table, one entry per class: name and dtype.
FIELDS: tuple[tuple[str, str], ...] = (
    ("hands", "<u4"), ("best", "u1"), ("house", "u1"), ("weight", "u1"),
    ("wins", "<u4"), ("losses", "<u4"), ("house_wins", "<u4"), ("house_losses", "<u4"))
_ALIGN = 64
_MOST_HEADER = 1 << 24  # a loaded way's text is a few KiB
_KEYS = {"format", "rules", "way", "deck", "symmetric", "classes", "sha256"}


def _aligned(n: int) -> int:
    return -(-n // _ALIGN) * _ALIGN


def way_record(way: object) -> dict[str, str]:
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


def write_table(path: str | os.PathLike[str], header: dict[str, Any],
                arrays: dict[str, npt.NDArray[Any]]) -> None:
    """Writes a table file: ``header`` (without its checksum) and the arrays of
    :data:`FIELDS`, through a temporary file renamed into place."""
    columns = [np.ascontiguousarray(arrays[name], dtype=dtype) for name, dtype in FIELDS]
    header = {"format": FORMAT, **header, "sha256": _digest({"format": FORMAT, **header},
                                                             columns)}
    text = json.dumps(header, sort_keys=True, separators=(",", ":")).encode()
    start = _aligned(16 + len(text))
    temporary = f"{os.fspath(path)}.part"
    with open(temporary, "wb") as f:
        f.write(MAGIC + VERSION.to_bytes(4, "little") + len(text).to_bytes(4, "little"))
        f.write(text + bytes(start - 16 - len(text)))
        for column in columns:
            f.write(column.data)
            f.write(bytes(_aligned(column.nbytes) - column.nbytes))
    os.replace(temporary, path)


def _field(header: dict[str, Any], key: str, kind: type | tuple[type, ...], path: str) -> Any:
    value = header[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise PokerRulesError(f"the strategy table {path} is damaged: its header's {key} is "
                              f"{shown(value)}")
    return value


def _checked_header(header: object, path: str) -> dict[str, Any]:
    """The header's fields, each checked (not yet the checksum)."""
    if not isinstance(header, dict) or set(header) != _KEYS or header["format"] != FORMAT:
        raise PokerRulesError(f"the strategy table {path} is damaged: its header holds "
                              f"{shown(sorted(header) if isinstance(header, dict) else header)}")
    rules = _field(header, "rules", dict, path)
    commission = rules.get("commission")
    if set(rules) != {"commission", "wheel_second_highest"} or \
            not isinstance(rules["wheel_second_highest"], bool) or \
            not isinstance(commission, float) or not 0 <= commission < 1:
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
    """The checked header and the arrays (memory-mapped, read-only) of a table file.

    Raises:
        PokerRulesError: no such file, no table file, another version, a truncated
            or lengthened file, a header that does not parse or check, or a
            checksum that does not match (each names the file).
    """
    name = os.fspath(path)
    try:
        with open(name, "rb") as f:
            head = f.read(16)
            if len(head) < 16 or head[:8] != MAGIC:
                raise PokerRulesError(f"{name} is no strategy table file (it does not start "
                                      f"with {MAGIC!r})")
            version = int.from_bytes(head[8:12], "little")
            if version != VERSION:
                raise PokerRulesError(f"the strategy table {name} is of version {version}; "
                                      f"this pokerrules reads version {VERSION}")
            length = int.from_bytes(head[12:16], "little")
            text = f.read(min(length, _MOST_HEADER))
            size = os.fstat(f.fileno()).st_size
    except OSError as exc:
        raise PokerRulesError(f"cannot read the strategy table {name}: {exc.strerror}") from None
    if len(text) != length:
        raise PokerRulesError(f"the strategy table {name} is truncated (in its header)")
    try:
        raw = json.loads(text.decode())
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise PokerRulesError(f"the strategy table {name} is damaged: its header is no "
                              "JSON") from None
    header = _checked_header(dict(raw) if isinstance(raw, dict) else raw, name)
    classes = header["classes"]
    start = _aligned(16 + length)
    want = start + sum(_aligned(classes * np.dtype(d).itemsize) for _, d in FIELDS)
    if size != want:
        what = "truncated" if size < want else "longer than its header says"
        raise PokerRulesError(f"the strategy table {name} is {what}: {size:,} bytes, "
                              f"not {want:,}")
    arrays: dict[str, npt.NDArray[Any]] = {}
    offset = start
    for field, dtype in FIELDS:
        arrays[field] = np.memmap(name, dtype=dtype, mode="r", offset=offset, shape=(classes,))
        offset += _aligned(classes * np.dtype(dtype).itemsize)
    signed = {k: v for k, v in raw.items() if k != "sha256"}
    if _digest(signed, list(arrays.values())) != header["sha256"]:
        raise PokerRulesError(f"the strategy table {name} has been edited or damaged: its "
                              "checksum does not match its contents")
    return header, dict(arrays)
