"""The hand-written reference house ways (tests/c/house_way_reference.c), built with
the system C compiler into a small shared library and called through ctypes: the
independent check that the shipped descriptions set hands as the C written from
the rules does. The package itself never runs this C.

    reference = ReferenceWays.build()        # None when no C compiler is found
    settings, rules = reference.batch(hands, variant, way_number)

The library is compiled once per source content (the same flags as setup.py's),
into a folder of the system's temporary directory.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parents[2]
EXT = ROOT / "ext"
REFERENCE = ROOT / "tests" / "c" / "house_way_reference.c"
# what the reference calls: the evaluator and the tables the house ways read
SOURCES = [REFERENCE, EXT / "paigow.c", EXT / "pr_keys.c", EXT / "pr_tables.c",
           EXT / "pr_batch.c", EXT / "pr_enum.c"]
FLAGS = ["-O3", "-std=c99", "-fno-strict-aliasing", "-pthread"]


def compiler() -> str | None:
    """The system C compiler (``$CC``, else cc, gcc or clang), or None."""
    for name in (os.environ.get("CC"), "cc", "gcc", "clang"):
        if name and shutil.which(name):
            return name
    return None


class ReferenceWays:
    """The reference ways' library, loaded. ``batch`` sets hands as
    ``pg_house_way_batch`` does."""

    def __init__(self, library: ctypes.CDLL) -> None:
        self.library = library
        library.pr_get_tables.restype = ctypes.c_void_p
        library.pr_get_tables.argtypes = [ctypes.c_int]
        library.pg_prepare.argtypes = [ctypes.c_void_p]
        library.pg_house_way_batch.restype = None
        library.pg_house_way_batch.argtypes = [
            ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64, ctypes.c_int,
            ctypes.c_void_p, ctypes.c_void_p]

    @classmethod
    def build(cls) -> ReferenceWays | None:
        """The library, compiled if need be; None when no C compiler is found or
        the platform builds no shared library this way (Windows)."""
        cc = compiler()
        if cc is None or sys.platform == "win32":
            return None
        digest = hashlib.sha256()
        for path in [*SOURCES, *sorted(EXT.glob("*.h")), REFERENCE.with_suffix(".h"),
                     EXT / "gen_decks.c"]:
            digest.update(path.read_bytes())
        digest.update(" ".join([cc, *FLAGS]).encode())
        folder = Path(tempfile.gettempdir()) / f"pokerrules-way-reference-{digest.hexdigest()[:16]}"
        library = folder / "house_way_reference.so"
        if not library.exists():
            work = Path(tempfile.mkdtemp(prefix="way-reference-"))
            subprocess.run([cc, *FLAGS, f"-I{EXT}", str(EXT / "gen_decks.c"),
                            "-o", str(work / "gen_decks")], check=True)
            subprocess.run([str(work / "gen_decks"), str(work / "pr_decks.h")], check=True)
            built = work / library.name
            subprocess.run([cc, *FLAGS, "-shared", "-fPIC", f"-I{EXT}", f"-I{work}",
                            f"-I{REFERENCE.parent}", *map(str, SOURCES), "-o", str(built)],
                           check=True)
            folder.mkdir(exist_ok=True)
            os.replace(built, library)  # whole or not at all, for a concurrent build
            shutil.rmtree(work, ignore_errors=True)
        return cls(ctypes.CDLL(str(library)))

    def batch(self, hands: npt.ArrayLike, variant: int,
              way: int) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
        """Sets (n, 7) valid hands (uint8 codes) by reference way number ``way``
        (the index in ``pokerrules.paigow.WAYS``) under the tables of ``variant``.
        Returns (settings uint8 (n, 7), high then low; rule numbers uint8 (n,))."""
        codes = np.ascontiguousarray(hands, dtype=np.uint8)
        n = codes.shape[0]
        out = np.empty((n, 7), dtype=np.uint8)
        rules = np.empty(n, dtype=np.uint8)
        tables = self.library.pr_get_tables(variant)
        if not tables or self.library.pg_prepare(tables) != 0:
            raise MemoryError("cannot build the reference's tables")
        if n:
            self.library.pg_house_way_batch(tables, codes.ctypes.data, n, way,
                                            out.ctypes.data, rules.ctypes.data)
        return out, rules
