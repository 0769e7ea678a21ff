"""Learned policies: numpy inference over weights trained by :mod:`pokerrules.learn`.

A policy scores each action by a linear function of that action's features (a
game's ``learned_features`` gives them, shape ``(games, actions, features)``); the
agent ``learned`` of a game plays the legal action of highest score, the lowest
action index on a tie, so it is deterministic. Training samples from the softmax
of the scores instead (:meth:`LinearPolicy.probabilities`).

A weight file is a numpy ``.npz`` archive holding exactly ``version`` (int64, 0-d:
:data:`VERSION`), ``game`` (a 0-d unicode string, the game's name) and
``weights`` (float64, shape ``(features,)``, every value finite), as the members
``version.npy``, ``game.npy`` and ``weights.npy``, stored or deflated. It is read
bounded and checked whole (:func:`load_weights`: at most :data:`WEIGHT_FILE_LIMIT`
bytes of the file and of each member, every member's ``.npy`` header checked before
its data is decompressed); nothing in it is unpickled or run.
"""

from __future__ import annotations

import functools
import importlib.resources
import io
import math
import os
import tempfile
import zipfile
from dataclasses import dataclass
from typing import IO, Any, ClassVar

import numpy as np

from pokerrules._checks import shown
from pokerrules._files import read_regular
from pokerrules.errors import ArgumentTypeError, WeightFileError

__all__ = ["VERSION", "WEIGHT_FILE_LIMIT", "LinearPolicy", "PolicyAgent", "load_weights",
           "save_weights", "shipped_policy"]

#: The weight file format's version.
VERSION = 1
#: The most bytes read of a weight file, and decompressed of each of its members
#: (1 MiB; a file of the shipped policies is about 1 kB).
WEIGHT_FILE_LIMIT = 2**20
#: The members of a weight file, and the array each holds.
_MEMBERS = {"version.npy": "version", "game.npy": "game", "weights.npy": "weights"}
_NPY_MAGIC = b"\x93NUMPY"


@dataclass(frozen=True)
class LinearPolicy:
    """Scores ``features @ weights`` per action.

    Attributes:
        game: the game's name ("east-west").
        weights: float64, shape ``(features,)`` (read-only).
    """

    game: str
    weights: np.ndarray

    def scores(self, features: np.ndarray) -> np.ndarray:
        """float64 ``(..., actions)`` from features ``(..., actions, features)``."""
        out: np.ndarray = features @ self.weights
        return out

    def probabilities(self, features: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """The softmax of the scores over the legal actions (``mask`` bool
        ``(..., actions)``): float64 ``(..., actions)``, 0 where illegal."""
        scores = np.where(mask, self.scores(features), -np.inf)
        scores = np.exp(scores - scores.max(axis=-1, keepdims=True))
        out: np.ndarray = scores / scores.sum(axis=-1, keepdims=True)
        return out

    def best(self, features: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """The legal action of highest score per row (the lowest index of equals):
        int64 ``(...)``."""
        out: np.ndarray = np.argmax(np.where(mask, self.scores(features), -np.inf), axis=-1)
        return out


def save_weights(path: str | os.PathLike[str], game: str, weights: np.ndarray) -> None:
    """Writes ``weights`` (float64-convertible, shape ``(features,)``, finite) for
    ``game`` to the ``.npz`` file ``path``, under that very name (numpy's own
    ``savez`` would add ``.npz`` to a name without it). The archive is written
    beside it under a temporary name and then renamed, so ``path`` holds either
    its old content or the whole new file.

    Raises:
        WeightFileError: weights of another shape or not finite.
        OSError: the file cannot be written (its directory is missing or read-only).
    """
    values = np.asarray(weights, dtype=np.float64)
    _check_values(values, values.shape[0] if values.ndim == 1 else -1, str(path))
    target = os.fspath(path)
    handle, temporary = tempfile.mkstemp(dir=os.path.dirname(target) or ".",
                                         prefix=f".{os.path.basename(target)}.",
                                         suffix=".part")
    try:
        with os.fdopen(handle, "wb") as file:
            np.savez(file, version=np.int64(VERSION), game=np.str_(game), weights=values)
        os.chmod(temporary, 0o644)
        os.replace(temporary, target)
    except BaseException:
        os.unlink(temporary)
        raise


def load_weights(path: str | os.PathLike[str] | IO[bytes], game: str,
                 features: int) -> LinearPolicy:
    """The policy in the weight file ``path`` (a path or an open binary file),
    checked as ``game``'s with ``features`` features.

    At most :data:`WEIGHT_FILE_LIMIT` bytes are read from the file, which must be a
    regular file (a FIFO or a device is refused from its ``stat``, before it is
    opened), and each member is checked before it is decompressed: its name, the
    size its zip entry declares (at most :data:`WEIGHT_FILE_LIMIT` bytes), its
    compression (none, or deflate as ``numpy.savez_compressed`` writes it) and the
    shape and dtype in its ``.npy`` header. No more than the header's array is then
    decompressed, whatever the entry declares.

    Raises:
        ArgumentTypeError: ``path`` that is neither a path nor an open binary file.
        WeightFileError: a file that is missing, no regular file, larger than
            :data:`WEIGHT_FILE_LIMIT` or no ``.npz`` archive (a ``.npy`` array among
            them), members other than version.npy, game.npy and weights.npy, a
            member too large, compressed otherwise or holding objects, another
            version, another game, weights of another dtype or shape or not finite;
            the message names the file.
    """
    if isinstance(path, (str, os.PathLike)):
        name = os.fspath(path)
        data = read_regular(path, limit=WEIGHT_FILE_LIMIT, what="weight file",
                            error=WeightFileError)
    elif callable(getattr(path, "read", None)):
        name = str(getattr(path, "name", "(an open file)"))
        data = _read_open_file(path, name)
    else:
        raise ArgumentTypeError(f"path must be a weight file's path or an open binary "
                                f"file, not {shown(path)}")
    if data.startswith(_NPY_MAGIC):
        raise WeightFileError(f"weight file {name} is a .npy array, not an .npz archive "
                              f"of {', '.join(sorted(_MEMBERS))}")
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = {info.filename: info for info in archive.infolist()}
            if len(members) != len(archive.infolist()) or set(members) != set(_MEMBERS):
                raise WeightFileError(
                    f"weight file {name}: holds {sorted(members)}, not {sorted(_MEMBERS)}")
            arrays = {key: _read_member(archive, members[member], name, key, game, features)
                      for member, key in _MEMBERS.items()}
    except (OSError, ValueError, EOFError, zipfile.BadZipFile, RuntimeError) as exc:
        if isinstance(exc, WeightFileError):
            raise
        raise WeightFileError(f"weight file {name} cannot be read as an .npz archive of "
                              f"arrays: {exc}") from None
    weights = arrays["weights"]
    _check_values(weights, features, name)
    weights.flags.writeable = False
    return LinearPolicy(game, weights)


def _read_open_file(file: IO[bytes], name: str) -> bytes:
    try:
        data = file.read(WEIGHT_FILE_LIMIT + 1)
    except OSError as exc:
        raise WeightFileError(f"cannot read weight file {name}: {exc}") from None
    if not isinstance(data, bytes):
        raise ArgumentTypeError(f"weight file {name} is open in text mode; open it in "
                                f"binary ('rb')")
    if len(data) > WEIGHT_FILE_LIMIT:
        raise WeightFileError(f"weight file {name} is over {WEIGHT_FILE_LIMIT:,} bytes; "
                              f"at most {WEIGHT_FILE_LIMIT:,} are read")
    return data


def _read_member(archive: zipfile.ZipFile, info: zipfile.ZipInfo, name: str, key: str,
                 game: str, features: int) -> np.ndarray:
    """The array of one member, its entry and header checked before its data is
    decompressed, and never more read than the header's array and one byte."""
    where = f"weight file {name}: member {info.filename}"
    if info.file_size > WEIGHT_FILE_LIMIT:
        raise WeightFileError(f"{where} declares {info.file_size:,} bytes; at most "
                              f"{WEIGHT_FILE_LIMIT:,} are read")
    if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
        raise WeightFileError(f"{where} is compressed by method {info.compress_type}; "
                              f"weight files are stored or deflated")
    if info.flag_bits & 0x1:
        raise WeightFileError(f"{where} is encrypted")
    with archive.open(info) as member:
        version = np.lib.format.read_magic(member)
        if version == (1, 0):
            shape, _, dtype = np.lib.format.read_array_header_1_0(member)
        elif version == (2, 0):
            shape, _, dtype = np.lib.format.read_array_header_2_0(member)
        else:
            raise WeightFileError(f"{where} has .npy format {version}, not 1.0 or 2.0")
        if dtype.hasobject:
            raise WeightFileError(f"weight file {name} cannot be read as an .npz archive "
                                  f"of arrays: {info.filename} holds objects, which are "
                                  f"never unpickled")
        _check_header(key, shape, dtype, name, game, features)
        size = dtype.itemsize * math.prod(shape)
        if size > WEIGHT_FILE_LIMIT:
            raise WeightFileError(f"{where} holds an array of {size:,} bytes; at most "
                                  f"{WEIGHT_FILE_LIMIT:,} are read")
        data = member.read(size)
        if len(data) != size:
            raise WeightFileError(f"{where} is cut short: {len(data):,} of {size:,} bytes")
        if member.read(1):
            raise WeightFileError(f"{where} holds more than the array its header gives")
    array: np.ndarray = np.frombuffer(data, dtype=dtype).reshape(shape).copy()
    if key == "version" and int(array) != VERSION:
        raise WeightFileError(f"weight file {name}: version {shown(array.tolist())}, "
                              f"not {VERSION}")
    if key == "game" and str(array) != game:
        raise WeightFileError(f"weight file {name}: made for game {shown(array.tolist())}, "
                              f"not {game}")
    return array


def _check_header(key: str, shape: tuple[int, ...], dtype: np.dtype[Any], name: str,
                  game: str, features: int) -> None:
    """The shape and dtype a member's ``.npy`` header gives, against what ``key``
    holds."""
    if key == "version" and (shape != () or dtype != np.int64):
        raise WeightFileError(f"weight file {name}: version of dtype {dtype} and shape "
                              f"{shape}, not a 0-d int64 {VERSION}")
    if key == "game" and (shape != () or dtype.kind != "U"):
        raise WeightFileError(f"weight file {name}: made for game given as dtype {dtype} "
                              f"and shape {shape}, not a 0-d string ({game})")
    if key == "weights":
        if dtype != np.float64:
            raise WeightFileError(f"weight file {name}: weights of dtype {dtype}, not "
                                  f"float64")
        if shape != (features,):
            raise WeightFileError(f"weight file {name}: weights of shape {shape}, not "
                                  f"({features},)")


def _check_values(weights: np.ndarray, features: int, name: str) -> None:
    if weights.shape != (features,) or features < 1:
        raise WeightFileError(f"weight file {name}: weights of shape {weights.shape}, not "
                              f"({features},)")
    if not np.isfinite(weights).all():
        raise WeightFileError(f"weight file {name}: weights that are not all finite")


@functools.cache
def shipped_policy(package: str, game: str, features: int) -> LinearPolicy:
    """The policy shipped as ``learned.npz`` in the game's ``package``, loaded and
    checked once per process.

    Raises:
        WeightFileError: as :func:`load_weights`, and a file that cannot be opened.
    """
    if not isinstance(package, str):
        raise ArgumentTypeError(f"package must be a package's name, not {shown(package)}")
    source = importlib.resources.files(package).joinpath("learned.npz")
    try:
        file = source.open("rb")
    except OSError as exc:
        raise WeightFileError(f"weight file {source} of {package} cannot be opened: "
                              f"{exc}") from None
    with file:
        return load_weights(file, game, features)



class PolicyAgent:
    """What every game's ``LearnedAgent`` shares: the policy it plays, the one
    shipped in its package or, given ``weights``, that of a weight file checked as
    the game's. A game's agent sets :attr:`GAME`, :attr:`PACKAGE` and
    :attr:`FEATURES` and adds ``choose``.

    Attributes:
        policy: the :class:`LinearPolicy` it plays.
        weights: the weight file's path (a str), or None for the shipped weights.

    Raises:
        ArgumentTypeError, WeightFileError: as :func:`load_weights` (a file trained
            for another game names the game it was made for).
    """

    GAME: ClassVar[str]
    PACKAGE: ClassVar[str]
    FEATURES: ClassVar[int]

    def __init__(self, weights: str | os.PathLike[str] | IO[bytes] | None = None) -> None:
        if weights is None:
            self.policy = shipped_policy(self.PACKAGE, self.GAME, self.FEATURES)
        else:
            self.policy = load_weights(weights, self.GAME, self.FEATURES)
        # a name, not an open file: the agent pickles
        self.weights = None if weights is None else os.fspath(weights) if isinstance(
            weights, (str, os.PathLike)) else str(getattr(weights, "name", "an open file"))

    def __repr__(self) -> str:
        name = type(self).__name__
        return f"{name}()" if self.weights is None else f"{name}(weights={self.weights!r})"
