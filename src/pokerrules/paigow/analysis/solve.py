"""The optimal strategy of every hand of a deck, as a job: the classes of hands
in chunks, each solved exactly (:func:`~pokerrules.paigow.analysis.optimal.solve_hands`)
here, in a process pool or on a cluster, each finished chunk saved to a
checkpoint directory at once, so that a stopped run resumes where it stopped.

A checkpoint is a manifest (``manifest.json``: the run's rules, way, deck and
layout) and one ``.npz`` file per finished chunk holding the chunk's arrays and
a sha256 of them, of the chunk's number and of the manifest's run; a resumed
run checks every chunk it takes. Every file is written under a temporary name
of its own (random, created exclusively) and renamed into place, so that runs
sharing a checkpoint never write into one another's files, and read only while
it is a regular file of at most its documented size.
"""

from __future__ import annotations

import hashlib
import io
import json
import math
import os
import zipfile
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from pokerrules._checks import check_count, shown
from pokerrules._files import parse_json, read_regular
from pokerrules.cards import CardsLike
from pokerrules.errors import PokerRulesError
from pokerrules.jobs import (
    check_optional_flag,
    check_start_method,
    check_workers,
    progress_bar,
    run_chunks,
)
from pokerrules.paigow.analysis.class_strategy import ClassStrategy
from pokerrules.paigow.analysis.hand_classes import HandClasses
from pokerrules.paigow.analysis.optimal import OpposingTable, opposing_table, solve_hands
from pokerrules.paigow.analysis.outcomes import deck_codes, way_label
from pokerrules.paigow.analysis.strategy_table import StrategyTable
from pokerrules.paigow.analysis.table_file import FIELDS, HEADER_LIMIT, replace_file, way_record
from pokerrules.paigow.game.houseway import HouseWayLike, check_way
from pokerrules.paigow.game.rules import (
    DEFAULT_RULES,
    PaiGowRules,
    PaiGowRulesLike,
    blind_rules,
    check_seat,
    rules_record,
)

__all__ = ["CHUNK_FILE_SLACK", "DEFAULT_CHUNK", "MANIFEST_LIMIT", "optimal_strategy_table"]

#: Classes of hands per chunk when ``chunk_size`` is not given: large enough to
#: share the chunk's fixed work, small enough to save often.
DEFAULT_CHUNK = 100_000

#: The most bytes of a checkpoint's manifest: a table header's
#: (:data:`~pokerrules.paigow.analysis.table_file.HEADER_LIMIT`, the way's text among
#: it) and 64 KiB for the run's layout. A larger one is neither written nor read.
MANIFEST_LIMIT = HEADER_LIMIT + (1 << 16)
#: The bytes a chunk file may hold beyond its arrays (the zip's and the arrays'
#: headers, its checksum): a chunk of n classes is read only from a file of at
#: most n * 22 + CHUNK_FILE_SLACK bytes.
CHUNK_FILE_SLACK = 1 << 16

_MANIFEST = "manifest.json"
_CHECKPOINT = "pokerrules strategy checkpoint"
_CHECKPOINT_VERSION = 2  # 2: each chunk holds its checksum
#: A chunk's arrays, in its file, with the dtypes of the table's file.
_SOLVED: tuple[tuple[str, str], ...] = tuple(f for f in FIELDS if f[0] != "weight")
_CLASS_BYTES = sum(np.dtype(dtype).itemsize for _, dtype in _SOLVED)

#: The opposing table of the last rules, way, seat and deck this process solved
#: against (a worker keeps it for its next chunk).
_OPPOSING: dict[str, OpposingTable] = {}


def _way_text(way: HouseWayLike) -> Any:
    """The opposing way as a checkpoint's manifest names it (a strategy by class,
    such as a strategy table, with its fingerprint: two may share a name)."""
    try:
        return way_record(way)
    except PokerRulesError:
        if isinstance(way, ClassStrategy):
            return {"label": way_label(way), "fingerprint": way.fingerprint()}
        return {"label": way_label(way)}


def _run_key(rules: PaiGowRules, way: HouseWayLike, deck: npt.NDArray[np.uint8],
             seat: str = "player") -> dict[str, Any]:
    key = {"format": _CHECKPOINT, "version": _CHECKPOINT_VERSION,
           "rules": rules_record(rules, seat), "way": _way_text(way), "deck": deck.tolist()}
    if seat != "player":  # written only for the banker's seat: the player's runs read as before
        key["seat"] = seat
    return key


def _opposing(rules: PaiGowRules, way: HouseWayLike, deck: npt.NDArray[np.uint8],
              seat: str) -> OpposingTable:
    run = _run_key(rules, way, deck, seat)
    key = json.dumps(run, sort_keys=True)
    if set(run["way"]) == {"label"}:
        key += f"#{id(way)}"  # a callable known by its name only: this very one
    if key not in _OPPOSING:
        _OPPOSING.clear()  # one table at a time (460 MiB for the full deck)
        _OPPOSING[key] = opposing_table(rules, way, seat=seat, deck=deck)
    return _OPPOSING[key]


def _solve_chunk(task: tuple[PaiGowRules, HouseWayLike, npt.NDArray[np.uint8],
                             npt.NDArray[np.int64], str]) -> dict[str, npt.NDArray[Any]]:
    """One chunk's classes solved: their representatives' best settings and
    house-way settings with the counts of each (module-level: pools pickle it)."""
    rules, way, deck, numbers, seat = task
    positions = HandClasses(deck, False).unrank(numbers)
    solved = solve_hands(rules, way, positions, seat=seat, deck=deck,
                         table=_opposing(rules, way, deck, seat))
    rows = np.arange(len(numbers))
    best, house = solved.best, solved.house
    return {"hands": numbers, "best": best, "wins": solved.wins[rows, best],
            "losses": solved.losses[rows, best], "house": house,
            "house_wins": solved.wins[rows, house], "house_losses": solved.losses[rows, house]}


def _difference(found: object, wanted: object, name: str) -> str:
    """What differs between a checkpoint's field and the run's: the keys of two
    records that differ, else both values."""
    if name == "seat":  # written only for the banker's seat
        return f"the {found or 'player'}'s, not the {wanted or 'player'}'s"
    if isinstance(found, dict) and isinstance(wanted, dict):
        keys = sorted(set(found) | set(wanted), key=str)
        return ", ".join(f"{k} {shown(found.get(k))}, not {shown(wanted.get(k))}"
                         for k in keys if found.get(k) != wanted.get(k))
    return f"{shown(found)}, not {shown(wanted)}"


class _Checkpoint:
    """A run's directory: its manifest and one file per finished chunk, each
    written through :func:`~pokerrules.paigow.analysis.table_file.replace_file`."""

    def __init__(self, path: str | os.PathLike[str] | None, key: dict[str, Any]) -> None:
        self.path = None if path is None else Path(path)
        self.key = key
        self.manifest: dict[str, Any] | None = None
        self.run = b""  # the sha256 of the run's manifest, which each chunk's checksum holds
        if self.path is None:
            return
        if self.path.exists() and not self.path.is_dir():
            raise PokerRulesError(f"checkpoint {self.path} is a file, not a directory")
        manifest = self.path / _MANIFEST
        if manifest.exists():
            data = parse_json(read_regular(manifest, limit=MANIFEST_LIMIT,
                                           what="the manifest of checkpoint"),
                              what=f"the manifest of checkpoint {manifest}")
            if not isinstance(data, dict):
                raise PokerRulesError(f"checkpoint {self.path}: its {_MANIFEST} is "
                                      f"{shown(data)}")
            for name in ("format", "version", "seat", "rules", "way", "deck"):
                if data.get(name) != key.get(name):
                    raise PokerRulesError(
                        f"checkpoint {self.path} is of a run with other {name}: "
                        f"{_difference(data.get(name), key.get(name), name)}")
            self.manifest = data

    def start(self, chunk_size: int, symmetric: bool, classes: int) -> None:
        """Writes the manifest of a new run, or checks an old run's layout."""
        layout = {"chunk_size": chunk_size, "symmetric": symmetric, "classes": classes}
        text = json.dumps({**self.key, **layout}, sort_keys=True, indent=1).encode()
        self.run = hashlib.sha256(text).digest()
        if self.path is None:
            return
        if self.manifest is not None:
            for name, value in layout.items():
                if self.manifest.get(name) != value:
                    raise PokerRulesError(
                        f"checkpoint {self.path} is of a run with {name} "
                        f"{shown(self.manifest.get(name))}, not {shown(value)}")
            return
        if len(text) > MANIFEST_LIMIT:
            raise PokerRulesError(f"checkpoint {self.path}: the run's manifest would be "
                                  f"{len(text):,} bytes (the banker's way's text among it); "
                                  f"at most {MANIFEST_LIMIT:,} are read back")
        self.path.mkdir(parents=True, exist_ok=True)
        replace_file(self.path / _MANIFEST, lambda f: f.write(text))

    def _file(self, index: int) -> Path:
        assert self.path is not None
        return self.path / f"chunk-{index:06d}.npz"

    def _checksum(self, index: int, arrays: dict[str, npt.NDArray[Any]]) -> bytes:
        sha = hashlib.sha256(self.run + index.to_bytes(8, "little"))
        for name, _ in _SOLVED:
            sha.update(name.encode() + b"\0")
            sha.update(arrays[name].data)
        return sha.digest()

    def done(self, index: int) -> bool:
        return self.path is not None and self._file(index).exists()

    def save(self, index: int, arrays: dict[str, npt.NDArray[Any]]) -> None:
        if self.path is not None:
            columns = {name: np.ascontiguousarray(arrays[name], dtype=dtype)
                       for name, dtype in _SOLVED}
            members: dict[str, Any] = {
                **columns, "sha256": np.frombuffer(self._checksum(index, columns), np.uint8)}
            replace_file(self._file(index), lambda f: np.savez(f, **members))

    def load(self, index: int, numbers: npt.NDArray[np.int64]) -> dict[str, npt.NDArray[Any]]:
        """A finished chunk's arrays, checked against their checksum and to be of
        the chunk's classes."""
        path = self._file(index)
        data = read_regular(path, limit=len(numbers) * _CLASS_BYTES + CHUNK_FILE_SLACK,
                            what="checkpoint file")
        try:
            arrays = _chunk_arrays(data, len(numbers))
        except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
            arrays = None
        if arrays is None:
            raise PokerRulesError(f"checkpoint file {path} is damaged: remove it and resume "
                                  "(the chunk is solved again)")
        if arrays.pop("sha256").tobytes() != self._checksum(index, arrays):
            raise PokerRulesError(f"checkpoint file {path} has been edited or damaged: its "
                                  "checksum does not match its arrays; remove it and resume "
                                  "(the chunk is solved again)")
        if not np.array_equal(arrays["hands"], numbers):
            raise PokerRulesError(f"checkpoint file {path} holds other classes than its chunk's: "
                                  "remove it and resume")
        return arrays


def _chunk_arrays(data: bytes, count: int) -> dict[str, npt.NDArray[Any]] | None:
    """The arrays of a chunk file's bytes, each one's dtype and shape checked
    before it is read (nothing larger than it should be is allocated); None for
    other members, dtypes or shapes."""
    members = {**{name: (np.dtype(dtype), (count,)) for name, dtype in _SOLVED},
               "sha256": (np.dtype(np.uint8), (32,))}
    readers = {(1, 0): np.lib.format.read_array_header_1_0,
               (2, 0): np.lib.format.read_array_header_2_0}
    arrays: dict[str, npt.NDArray[Any]] = {}
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        if sorted(archive.namelist()) != sorted(f"{name}.npy" for name in members):
            return None
        for name, (dtype, shape) in members.items():
            with archive.open(f"{name}.npy") as member:
                reader = readers.get(np.lib.format.read_magic(member))
                if reader is None or reader(member) != (shape, False, dtype):
                    return None
                raw = member.read(dtype.itemsize * shape[0])
            if len(raw) != dtype.itemsize * shape[0]:
                return None
            arrays[name] = np.frombuffer(raw, dtype=dtype)
    return arrays


def optimal_strategy_table(
    rules: PaiGowRulesLike = DEFAULT_RULES,
    way: HouseWayLike | None = None,
    *,
    seat: str = "player",
    deck: CardsLike | None = None,
    workers: int = 1,
    executor: Executor | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
    progress: bool | None = None,
    chunk_size: int = DEFAULT_CHUNK,
    start_method: str | None = None,
) -> StrategyTable:
    """The best setting of every hand of the deck for one seat against the other
    seat's way, with its exact counts: a :class:`~pokerrules.paigow.StrategyTable`,
    solved exactly once for all hands. (:class:`~pokerrules.paigow.SampledOptimalStrategy`
    instead estimates one hand's best setting from a sample as it is dealt.)

    For the player's seat (the default) that is the player's best play against
    the banker's way; for the banker's seat, the banker's best response to the
    player's way: each banker hand's setting of highest EV against every player
    hand set by it, copies to the banker, the banker push applied to the
    banker's settings and the EVs at the rules' banker commission (on the
    banker's net win, heads-up).

    Where the opposing way is suit-blind on its outcome table (checked, as
    :func:`~pokerrules.paigow.exact_house_edge` does) one hand per suit-renaming
    class is solved (6,972,147 classes in the full deck), else every hand.
    The classes, in increasing colex order, are cut into chunks of
    ``chunk_size``; each chunk is solved by
    :func:`~pokerrules.paigow.analysis.optimal.solve_hands`. The table does not depend on
    the chunks, the workers or the executor.

    Args:
        rules: the rules (commission, wheel) or a preset's name; their house way
            is the opposing seat's when ``way`` is not given.
        way: the opposing seat's strategy (the banker's, or the player's for
            ``seat="banker"``), as :func:`~pokerrules.paigow.exact_house_edge`
            takes it (a built-in or loaded way for a table that is saved). The
            house way the table's cost compares with is the same.
        seat: "player" or "banker", the seat whose best play is solved.
        deck: the cards dealt (at least 14), by default all 53.
        workers: 1 solves the chunks here; N > 1 in a local pool of N
            processes, each holding the opposing seat's table (about 460 MiB for
            the full deck).
        executor: any :class:`concurrent.futures.Executor` instead (a Dask
            client's ``get_executor()``), left open for its owner.
        checkpoint: a directory: each finished chunk is written there at once
            with its checksum (through a temporary file of a unique name renamed
            into place, so runs sharing the directory never collide), and a run
            that finds the chunks of the same rules, way, seat, deck and chunk size
            there checks them first and solves only the others.
        progress: a progress bar (tqdm) of the classes solved, with the time
            left (None: on a terminal).
        chunk_size: classes per chunk, 1 to 2**63 - 1.
        start_method: how a local pool starts its processes (see
            :func:`~pokerrules.jobs.run_chunks`).

    Returns:
        :class:`~pokerrules.paigow.StrategyTable`.

    Raises:
        PokerRulesError: rules with ``banker_shown`` (Face Up: the player sees the
            banker's setting; see :func:`~pokerrules.paigow.best_reply`).
        PokerRulesError: a bad deck (fewer than 14 cards, a card twice), way,
            seat (or a strategy table of the seat solved as the opposing way),
            ``workers``, ``executor`` or ``chunk_size``; a checkpoint of other
            rules, another way, deck or chunk size; a manifest or chunk file that
            is no regular file, over its limit (:data:`MANIFEST_LIMIT`,
            :data:`CHUNK_FILE_SLACK`), damaged, or edited (its checksum does not
            match); each named. IllegalMoveError: the way fouls a hand (named).
        KeyboardInterrupt: Ctrl-C, seen between chunks: the finished chunks are
            in the checkpoint, and a run with it goes on from there.
    """
    rules = blind_rules(rules, "optimal_strategy_table")
    seat = check_seat(seat)
    opposing_way = rules.house_way if way is None else check_way(way, "way")
    workers = check_workers(workers, executor)
    chunk_size = check_count(chunk_size, "chunk_size")
    check_optional_flag(progress, "progress")
    check_start_method(start_method)
    codes = deck_codes(deck)
    run = _Checkpoint(checkpoint, _run_key(rules, opposing_way, codes, seat))
    table = _opposing(rules, opposing_way, codes, seat)  # sets every hand, checks the suits
    symmetric = table.symmetric
    classes = HandClasses(codes, symmetric)
    numbers, weights = _representatives(classes, progress)
    run.start(chunk_size, symmetric, len(numbers))
    chunks = [numbers[i:i + chunk_size] for i in range(0, len(numbers), chunk_size)]
    # the saved chunks are read and checked before any work
    found = {i: run.load(i, chunks[i]) for i in range(len(chunks)) if run.done(i)}
    todo = [i for i in range(len(chunks)) if i not in found]
    if workers > 1 or executor is not None:
        _OPPOSING.clear()  # the workers set their own

    def keep(task: int, arrays: dict[str, npt.NDArray[Any]]) -> None:
        run.save(todo[task], arrays)
        found[todo[task]] = arrays

    tasks = ((rules, opposing_way, codes, chunks[i], seat) for i in todo)
    interrupted = run_chunks(
        _solve_chunk, tasks, total=len(todo), on_result=keep, workers=workers,
        executor=executor, progress=progress, desc="optimal strategy", unit="class",
        units=(sum(len(chunks[i]) for i in todo), lambda arrays: len(arrays["best"])),
        start_method=start_method, returns=dict)
    if interrupted:
        raise KeyboardInterrupt
    solved = {k: np.concatenate([found[i][k] for i in range(len(chunks))]) for k, _ in _SOLVED}
    total = math.comb(len(codes) - 7, 7)
    return StrategyTable.from_arrays(
        rules=rules, way=opposing_way, seat=seat, deck_codes=codes, symmetric=symmetric,
        pushes=total - solved["wins"] - solved["losses"], weight=weights, **solved)


def _representatives(classes: HandClasses, progress: bool | None
                     ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Every class's representative (colex number, increasing) and size."""
    if classes.order == 1:
        return np.arange(classes.hands, dtype=np.int64), np.ones(classes.hands, np.int64)
    bar = progress_bar(2, progress, "optimal strategy: classes of hands", "hand",
                       classes.hands)
    try:
        parts = list(classes.representatives(None if bar is None else bar.update))
    finally:
        if bar is not None:
            bar.close()
    return (np.concatenate([p[0] for p in parts]),
            np.concatenate([p[1] for p in parts]))

