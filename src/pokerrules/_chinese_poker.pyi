# Types of the compiled Chinese Poker playouts (ext/_chinese_poker.pyx); use
# pokerrules.chinese_poker.policy.
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

def greedy(
    hands: npt.ArrayLike, to_move: int, table_player: int, passes: int, table: npt.ArrayLike
) -> npt.NDArray[np.int8]: ...
def greedy_hand(
    counts: Sequence[int], table: npt.ArrayLike | None, may_pass: bool, opponents_low: int
) -> tuple[int, ...] | None: ...
def playout(
    hands: npt.ArrayLike,
    to_move: int,
    table_player: int,
    passes: int,
    table: npt.ArrayLike,
    scores: Sequence[int],
    target: int,
    dealt: int,
) -> tuple[float, ...]: ...
def values(
    hands: npt.ArrayLike,
    to_move: int,
    table_player: int,
    passes: int,
    table: npt.ArrayLike,
    moves: npt.ArrayLike,
    player: int,
    scores: Sequence[int],
    target: int,
    dealt: int,
) -> npt.NDArray[np.float64]: ...
