"""Reading files from outside, bounded: every loader of the package (strategy tables,
weight files, checkpoints, house-way descriptions, saves) opens its file here.

A loader names the most it reads. What is not a regular file (a FIFO, a device, a
directory) is refused from its ``stat`` before it is opened, so that nothing blocks
on a pipe or reads a device without end; a file over the limit is refused from its
size, and a file that grows past it while being read is refused too. JSON from a
file is parsed by :func:`parse_json`, which refuses what Python's own parser would
turn into a ``RecursionError`` or a ``ValueError`` deep inside, and a key written
twice in one object (where Python's parser keeps the last).
"""

from __future__ import annotations

import json
import os
import stat
from typing import Any, BinaryIO

from pokerrules.errors import PokerRulesError

__all__ = ["JSON_NUMBER_LIMIT", "open_regular", "parse_json",
           "read_regular"]

#: The most characters a number in JSON may have in :func:`parse_json`.
JSON_NUMBER_LIMIT = 40


def open_regular(path: str | os.PathLike[str], *, limit: int, what: str,
                 error: type[PokerRulesError] = PokerRulesError) -> BinaryIO:
    """``path`` opened for reading in binary, once it is known to be a regular file
    of at most ``limit`` bytes.

    ``what`` names the file in messages ("the strategy table"). The file is opened
    without blocking (a FIFO swapped in after the check does not hang the open) and
    checked again on the open descriptor.

    Raises:
        PokerRulesError: (or ``error``, a subclass) no such file, not a regular file
            (naming its kind), over ``limit`` bytes, or unreadable; each names the path.
    """
    name = os.fspath(path)
    _check_status(name, _stat(name, what, error), limit, what, error)
    try:
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        raise error(f"cannot read {what} {name}: {exc.strerror}") from None
    try:
        _check_status(name, os.fstat(fd), limit, what, error)
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_regular(path: str | os.PathLike[str], *, limit: int, what: str,
                 error: type[PokerRulesError] = PokerRulesError) -> bytes:
    """The bytes of ``path``, a regular file of at most ``limit`` bytes.

    Raises:
        PokerRulesError: (or ``error``) as :func:`open_regular`, and a file that grew
            past ``limit`` while it was read.
    """
    with open_regular(path, limit=limit, what=what, error=error) as f:
        try:
            data = f.read(limit + 1)
        except OSError as exc:
            raise error(f"cannot read {what} {os.fspath(path)}: {exc.strerror}") from None
    if len(data) > limit:
        raise error(f"{what} {os.fspath(path)} grew while read: over {limit:,} bytes; "
                    f"at most {limit:,} are read")
    return data


def parse_json(text: str | bytes, *, what: str,
               error: type[PokerRulesError] = PokerRulesError) -> Any:
    """The value of the JSON ``text`` (``what`` names it in messages).

    Refused: text that is no UTF-8 (a leading byte-order mark is passed over) or no
    JSON, nesting deeper than Python's parser takes (about a thousand levels), a
    number longer than :data:`JSON_NUMBER_LIMIT` characters, ``NaN`` or
    ``Infinity``, and a key written twice in one object.

    Raises:
        PokerRulesError: (or ``error``) naming ``what`` and the reason.
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")  # a byte-order mark some editors write is no text
        except UnicodeDecodeError:
            raise error(f"{what} is damaged: it is no UTF-8 text") from None
    try:
        return json.loads(text, parse_int=_integer, parse_float=_real, parse_constant=_constant,
                          object_pairs_hook=_object)
    except _Refused as exc:
        raise error(f"{what} is refused: {exc}") from None
    except RecursionError:
        raise error(f"{what} is refused: it nests too deep") from None
    except ValueError:  # JSONDecodeError among them
        raise error(f"{what} is damaged: it is no JSON") from None


class _Refused(Exception):
    pass


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object whose every key is written once (Python's parser keeps the last)."""
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise _Refused(f"the key {key!r} is written twice in one object")
        found[key] = value
    return found


def _integer(token: str) -> int:
    if len(token) > JSON_NUMBER_LIMIT:
        raise _Refused(f"a number of {len(token)} digits (at most {JSON_NUMBER_LIMIT})")
    return int(token)


def _real(token: str) -> float:
    if len(token) > JSON_NUMBER_LIMIT:
        raise _Refused(f"a number of {len(token)} characters (at most {JSON_NUMBER_LIMIT})")
    return float(token)


def _constant(token: str) -> Any:
    raise _Refused(f"{token} is no number")


def _stat(name: str, what: str, error: type[PokerRulesError]) -> os.stat_result:
    try:
        return os.stat(name)
    except OSError as exc:
        raise error(f"cannot read {what} {name}: {exc.strerror}") from None
    except ValueError:  # a NUL in the path
        raise error(f"cannot read {what} {name!r}: the path holds a NUL") from None


_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISSOCK, "a socket"))


def _check_status(name: str, status: os.stat_result, limit: int, what: str,
                  error: type[PokerRulesError]) -> None:
    if not stat.S_ISREG(status.st_mode):
        kind = next((k for test, k in _KINDS if test(status.st_mode)), "no regular file")
        raise error(f"{what} {name} is {kind}, not a regular file")
    if status.st_size > limit:
        raise error(f"{what} {name} is {status.st_size:,} bytes; at most {limit:,} are read")
