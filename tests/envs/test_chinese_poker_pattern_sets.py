"""The play patterns' bit sets the encoding's masks read come from the compiled rules
(chinese_poker.h): checked here against the rule restated as numpy over each pattern's
kind, length and value (a bomb goes onto any other kind and a lower bomb; any other
play onto the same kind and length of a lower value), and bad patterns refused."""

from __future__ import annotations

import numpy as np
import pytest

from pokerrules import _vector
from pokerrules.chinese_poker import PlayKind
from pokerrules.envs import chinese_poker_v0
from pokerrules.errors import PokerRulesError

pytestmark = pytest.mark.fast


def packed(rows: np.ndarray) -> np.ndarray:
    """Boolean rows over the patterns as bits, 64 to a uint64 word."""
    bits = np.packbits(rows, axis=-1, bitorder="little")
    bits = np.pad(bits, [(0, 0)] * (bits.ndim - 1) + [(0, -bits.shape[-1] % 8)])
    return np.ascontiguousarray(bits).view(np.uint64)


def test_the_compiled_sets_are_the_rule_over_kind_length_and_value():
    need, kind, length, value, bomb_kind = chinese_poker_v0.play_patterns()
    holds, beats = _vector.chinese_poker_pattern_sets(need)
    bomb = kind == bomb_kind
    higher = value[None, :] > value[:, None]  # [table, play]
    same = (kind[None, :] == kind[:, None]) & (length[None, :] == length[:, None])
    expected_beats = packed((bomb[None, :] & (~bomb[:, None] | higher)) | (same & higher))
    expected_holds = packed(need.T[:, None, :] <= np.arange(5)[None, :, None])
    assert beats.shape == (len(need), (len(need) + 63) // 64)
    assert np.array_equal(beats, expected_beats)
    assert np.array_equal(holds, expected_holds)
    # the encoding's masks read these very sets
    assert np.array_equal(chinese_poker_v0._BEATS, beats)
    assert np.array_equal(chinese_poker_v0._HOLDS, holds)
    assert bomb_kind == chinese_poker_v0._KINDS.index(PlayKind.BOMB) and bomb.any()


@pytest.mark.parametrize("need, match", [
    ([[0] * 13], "play pattern 0 is no play"),
    ([[1] + [0] * 12, [1, 1] + [0] * 11], "play pattern 1 is no play"),
    (np.zeros((0, 13)), r"\(1 to 1024, 13\) cards per rank"),
    ([[5] + [0] * 12], r"\(1 to 1024, 13\) cards per rank"),
    ([[1] * 12], r"\(1 to 1024, 13\) cards per rank"),
    (3, r"\(1 to 1024, 13\) cards per rank"),
])
def test_patterns_that_are_no_play_or_of_another_shape_are_refused(need, match):
    with pytest.raises(PokerRulesError, match=match):
        _vector.chinese_poker_pattern_sets(need)
