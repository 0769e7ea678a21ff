"""Learned policies: numpy inference over weights trained by :mod:`pokerrules.learn`.

A policy scores each action by a linear function of that action's features (a
game's ``learned_features`` gives them, shape ``(games, actions, features)``); the
agent ``learned`` of a game plays the legal action of highest score, the lowest
action index on a tie, so it is deterministic. Training samples from the softmax
of the scores instead (:meth:`LinearPolicy.probabilities`).

A weight file is a numpy ``.npz`` archive holding exactly ``version`` (int64, 0-d:
:data:`VERSION`), ``game`` (a 0-d unicode string, the game's name) and
``weights`` (float64, shape ``(features,)``, every value finite). It is read with
``allow_pickle=False`` and checked whole; nothing in it is run.
"""

from __future__ import annotations

import functools
import importlib.resources
import os
import zipfile
from dataclasses import dataclass
from typing import Any

import numpy as np

from pokerrules.checks import shown
from pokerrules.errors import ArgumentTypeError, WeightFileError

__all__ = ["VERSION", "LinearPolicy", "load_weights", "save_weights", "shipped_policy"]

#: The weight file format's version.
VERSION = 1
_KEYS = {"version", "game", "weights"}


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
    ``game`` to the ``.npz`` file ``path``.

    Raises:
        WeightFileError: weights of another shape or not finite.
    """
    values = np.asarray(weights, dtype=np.float64)
    _check_values(values, values.shape[0] if values.ndim == 1 else -1, str(path))
    np.savez(path, version=np.int64(VERSION), game=np.str_(game), weights=values)


def load_weights(path: str | os.PathLike[str] | Any, game: str, features: int) -> LinearPolicy:
    """The policy in the weight file ``path`` (a path or an open binary file),
    checked as ``game``'s with ``features`` features.

    Raises:
        WeightFileError: a file that cannot be read as an ``.npz`` archive, other
            keys than version, game and weights, another version, another game,
            weights of another dtype or shape or not finite; the message names the
            file.
    """
    name = os.fspath(path) if isinstance(path, (str, os.PathLike)) else str(
        getattr(path, "name", path))
    try:
        with np.load(path, allow_pickle=False) as archive:
            keys = set(archive.files)
            if keys != _KEYS:
                raise WeightFileError(f"weight file {name}: holds {sorted(keys)}, not "
                                      f"{sorted(_KEYS)}")
            arrays = {key: archive[key] for key in _KEYS}
    except WeightFileError:
        raise
    except (OSError, ValueError, EOFError, zipfile.BadZipFile) as exc:
        raise WeightFileError(f"weight file {name} cannot be read as an .npz archive of "
                              f"arrays: {exc}") from None
    version, kind = arrays["version"], arrays["game"]
    if version.shape != () or version.dtype != np.int64 or int(version) != VERSION:
        raise WeightFileError(f"weight file {name}: version {shown(version.tolist())}, "
                              f"not {VERSION}")
    if kind.shape != () or kind.dtype.kind != "U" or str(kind) != game:
        raise WeightFileError(f"weight file {name}: made for game {shown(kind.tolist())}, "
                              f"not {game}")
    weights = arrays["weights"]
    if weights.dtype != np.float64:
        raise WeightFileError(f"weight file {name}: weights of dtype {weights.dtype}, not "
                              f"float64")
    _check_values(weights, features, name)
    weights.flags.writeable = False
    return LinearPolicy(game, weights)


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
