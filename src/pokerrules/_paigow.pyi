# Types of the compiled Pai Gow kernels (ext/_paigow.pyx); use pokerrules.paigow.
from collections.abc import Sequence
from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt

WAYS: tuple[str, ...]
FORTUNE_LINES: tuple[str, ...]
BANKER_PUSHES: tuple[str, ...]
WAY_OPS: dict[str, int]
WAY_FACTS: tuple[tuple[str, str], ...]
WAY_LIMITS: tuple[int, int, int]
WAY_PROBLEMS: tuple[str, ...]

class CompiledWay:
    parts: tuple[Sequence[int], ...]
    def __init__(
        self, section_cond: Sequence[int], section_rules: Sequence[int],
        rule_cond: Sequence[int], rule_action: Sequence[int], code: Sequence[int],
    ) -> None: ...
    @property
    def nrules(self) -> int: ...
    def check(self, variant: int) -> dict[str, Any]: ...

#: A way as the kernels take it: a built-in way's number or a compiled description.
Way: TypeAlias = int | CompiledWay

def reference_copy(way: CompiledWay, number: int) -> CompiledWay: ...
def reference_way_batch(
    codes: npt.ArrayLike, variant: int, way: int
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]: ...
def house_way_codes(
    codes: Sequence[int], variant: int, way: Way
) -> tuple[tuple[int, ...], tuple[int, ...], int]: ...
def house_way_batch(
    codes: npt.ArrayLike, variant: int, way: Way, with_rules: bool = True, by_class: bool = True
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8] | None]: ...
def is_foul_codes(high: Sequence[int], low: Sequence[int], variant: int) -> bool: ...
def foul_batch(codes: npt.ArrayLike, variant: int, check: bool = True) -> npt.NDArray[np.bool_]: ...
def banker_push_codes(high: Sequence[int], low: Sequence[int], variant: int, push: int) -> bool: ...
def push_batch(
    codes: npt.ArrayLike, variant: int, push: int, check: bool = True
) -> npt.NDArray[np.bool_]: ...
def fortune_line_codes(codes: Sequence[int], variant: int) -> int: ...
def fortune_batch(
    codes: npt.ArrayLike, variant: int, check: bool = True
) -> npt.NDArray[np.uint8]: ...
def fortune_enumerate(variant: int) -> npt.NDArray[np.uint64]: ...
SIM_COUNTS: tuple[str, ...]
PIECE: int

def hist_shape(variant: int) -> tuple[int, int]: ...
def setting_outcomes(
    codes: Sequence[int], variant: int
) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint8], npt.NDArray[np.bool_]]: ...
def banker_hist_brute(
    dead: Sequence[int], variant: int, way: Way, push: int = 0
) -> npt.NDArray[np.int64]: ...
def banker_hist_part(
    dead: Sequence[int], variant: int, way: Way, part: int, nparts: int, push: int = 0
) -> npt.NDArray[np.int64]: ...
def banker_hist_sample(
    dead: Sequence[int], variant: int, way: Way, n: int, seed_words: npt.ArrayLike,
    piece: int = ..., push: int = 0,
) -> npt.NDArray[np.int64]: ...
def sim_deal(n: int, seed_words: npt.ArrayLike) -> npt.NDArray[np.uint8]: ...
def sim_rounds(
    variant: int, player_way: Way, banker_way: Way, n: int, seed_words: npt.ArrayLike,
    piece: int = ..., push: int = 0,
) -> npt.NDArray[np.int64]: ...
def settle_batch(
    player: npt.ArrayLike, banker: npt.ArrayLike, variant: int, push: int = 0
) -> npt.NDArray[np.uint8]: ...
def exact_table_bytes(ndeck: int, sides: int) -> int: ...
def exact_hands(deck: npt.ArrayLike, start: int, n: int) -> npt.NDArray[np.uint8]: ...
def exact_fill_way(
    deck: npt.ArrayLike, variant: int, way: Way, side: int, sides: int,
    table: npt.NDArray[np.uint8], start: int, n: int, push: int = 0,
) -> None: ...
def exact_fill_settings(
    deck: npt.ArrayLike, variant: int, start: int, rows: npt.ArrayLike, side: int, sides: int,
    table: npt.NDArray[np.uint8], push: int = 0,
) -> tuple[int, int]: ...
def exact_first_asymmetric(
    deck: npt.ArrayLike, sides: int, table: npt.NDArray[np.uint8], gens: npt.ArrayLike,
    start: int, n: int,
) -> int: ...
def exact_count_part(
    deck: npt.ArrayLike, sides: int, table: npt.NDArray[np.uint8], group: npt.ArrayLike,
    part: int, nparts: int,
) -> tuple[int, int, int]: ...
def exact_count_shown_part(
    deck: npt.ArrayLike, sides: int, table: npt.NDArray[np.uint8],
    offsets: npt.NDArray[np.uint32], points: npt.NDArray[np.uint32], group: npt.ArrayLike,
    part: int, nparts: int,
) -> tuple[int, int, int]: ...
def exact_staircase_sizes(
    deck: npt.ArrayLike, variant: int, side: int, sides: int, table: npt.NDArray[np.uint8],
    start: int, n: int,
) -> npt.NDArray[np.uint8]: ...
def exact_staircase_points(
    deck: npt.ArrayLike, variant: int, start: int, n: int, points: npt.NDArray[np.uint32],
    at: int,
) -> int: ...
def exact_count_hand(
    deck: npt.ArrayLike, sides: int, table: npt.NDArray[np.uint8], positions: npt.ArrayLike,
    key: int,
) -> tuple[int, int, int]: ...
OPTIMAL_MOST_HANDS: int
OPTIMAL_MODES: tuple[str, ...]

def optimal_counts(
    deck: npt.ArrayLike, variant: int, sides: int, table: npt.NDArray[np.uint8],
    group: npt.ArrayLike, hands: npt.ArrayLike, mode: str = "auto", ties_to_hand: bool = False,
    push: int = 0,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]: ...

# the side bets' enumerations (paigow_sidebet.pxi)
SIDEBET_SEVEN_SHAPE: tuple[int, int, int, int]
SIDEBET_LOW_SHAPE: tuple[int, int]
def sidebet_seven_cells(codes: npt.ArrayLike, variant: int) -> npt.NDArray[np.int32]: ...
def sidebet_low_cells(codes: npt.ArrayLike) -> npt.NDArray[np.int32]: ...
def sidebet_seven_enumerate(
    variant: int, first: int = 0, last: int = 48
) -> npt.NDArray[np.uint64]: ...
def sidebet_banker_enumerate(
    variant: int, way: int | CompiledWay, first: int = 0, last: int = 48
) -> npt.NDArray[np.uint64]: ...
