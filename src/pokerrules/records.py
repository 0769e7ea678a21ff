"""The JSON-ready records of play: a move as it happened, a result, a whole game."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

__all__ = ["FORMAT_VERSION", "GameRecord", "MoveRecord", "Result"]

#: Version of the JSON of :class:`GameRecord` (and of Pai Gow's round records), whose
#: deals come from :class:`~pokerrules.shuffle.DealStream`, so that a seed gives the
#: same deal on every machine. No other version is read.
FORMAT_VERSION = 2


@dataclass(frozen=True)
class MoveRecord:
    """One move as it happened: who, the move's text, and what it revealed."""

    player: int
    move: str
    detail: dict[str, Any] = field(default_factory=dict)

    def copy(self) -> MoveRecord:
        """A record whose detail shares nothing with this one."""
        return MoveRecord(self.player, self.move, _copy_detail(self.detail))


@dataclass(frozen=True)
class Result:
    """The end of a game: the winners (empty on a draw), each player's score and
    game-specific detail (rows, hands, points)."""

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    detail: dict[str, Any] = field(default_factory=dict)

    @property
    def is_draw(self) -> bool:
        """True when nobody won."""
        return not self.winners

    def copy(self) -> Result:
        """A result whose detail shares nothing with this one."""
        return Result(self.winners, self.scores, _copy_detail(self.detail))


_CONTAINERS = (dict, list, tuple)


def _copy_detail(value: Any) -> Any:
    """A copy of a JSON-like value (dicts, lists and tuples of plain values): much
    cheaper than ``copy.deepcopy`` for the small, mostly flat details of records."""
    if isinstance(value, dict):
        copied = value.copy()
        for key, item in value.items():
            if isinstance(item, _CONTAINERS):
                copied[key] = _copy_detail(item)
        return copied
    if isinstance(value, list):
        return [_copy_detail(v) if isinstance(v, _CONTAINERS) else v for v in value]
    if isinstance(value, tuple):
        return tuple(_copy_detail(v) if isinstance(v, _CONTAINERS) else v for v in value)
    return value


@dataclass(frozen=True)
class GameRecord:
    """A finished game: its seed, the agents, every move and the result."""

    game: str
    seed: int
    agents: tuple[str, ...]
    moves: tuple[MoveRecord, ...]
    result: Result
    format: int = FORMAT_VERSION

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return asdict(self)

    def to_json(self) -> str:
        """The record as JSON."""
        return json.dumps(self.to_dict(), sort_keys=True)
