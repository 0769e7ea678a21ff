"""Whatever it is given, the compiled core answers with a result, a PokerRulesError or
a TypeError — never a crash — and the batch kernels run safely on several threads."""

import threading

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from pokerrules import (
    PAI_GOW,
    PIQUET,
    STANDARD,
    Card,
    PokerRulesError,
    categories,
    category_counts,
    evaluate,
    evaluate_many,
    evaluate_partial,
    evaluate_two,
    format_cards,
    parse_cards,
    value_counts,
)

pytestmark = pytest.mark.fast

RULES = st.sampled_from([STANDARD, PAI_GOW, PIQUET, PAI_GOW.replace(wheel_second_highest=True)])
ANYTHING = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=30),
    st.binary(max_size=10),
    st.lists(st.one_of(st.integers(-100, 100), st.text(max_size=4), st.none(), st.floats()),
             max_size=10),
    st.lists(st.integers(0, 52), max_size=10),
    st.lists(st.sampled_from([str(Card(c)) for c in range(53)]), max_size=9),
    st.tuples(st.integers(), st.integers()),
)


def survives(fn, *args):
    try:
        fn(*args)
    except (PokerRulesError, TypeError):
        pass


@given(ANYTHING, RULES)
def test_per_call_entry_points_never_crash(cards, rules):
    for fn in (evaluate, evaluate_two, evaluate_partial):
        survives(fn, cards, rules)
    survives(parse_cards, cards)
    survives(format_cards, cards)
    survives(Card, cards)


ARRAYS = hnp.arrays(
    dtype=st.sampled_from([np.uint8, np.int8, np.int16, np.int32, np.int64, np.uint64,
                           np.float64, np.bool_]),
    shape=hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=9),
)


@given(ARRAYS, RULES, st.booleans())
def test_batch_entry_points_never_crash(arr, rules, check):
    survives(lambda: evaluate_many(arr, rules, check=check))
    survives(lambda: categories(arr, rules))


@given(st.integers(-3, 9), RULES)
def test_enumeration_rejects_bad_sizes(k, rules):
    if 5 <= k <= 7 and rules is not PIQUET:
        return  # the valid sizes are covered by the exhaustive tests
    survives(value_counts, k, rules)


def test_unchecked_batch_with_garbage_rows_still_returns():
    # duplicates and off-deck cards with check=False: garbage values, but no crash
    rows = np.array([[0] * 7, [52] * 7, [51, 51, 51, 51, 51, 50, 50], [52, 52, 52, 52, 0, 4, 8],
                     [0, 1, 2, 3, 4, 5, 6]],
                    dtype=np.uint8)
    for rules in (STANDARD, PAI_GOW, PIQUET):
        out = evaluate_many(rows, rules, check=False)
        assert out.shape == (5,)
    with pytest.raises(PokerRulesError):
        evaluate_many(np.full((2, 7), 200, dtype=np.uint8), check=False)


def test_huge_and_empty_arrays():
    assert evaluate_many(np.empty((0, 5), dtype=np.int64)).shape == (0,)
    with pytest.raises(PokerRulesError):
        evaluate_many(np.empty((0,), dtype=np.int64))
    big = np.tile(np.arange(7, dtype=np.uint8), (200_000, 1))
    assert len(set(evaluate_many(big).tolist())) == 1
    assert sum(category_counts(5, PIQUET).values()) == 201_376


def test_two_threads_get_identical_results():
    rng = np.random.default_rng(9)
    hands = np.argsort(rng.random((300_000, 53)), axis=1)[:, :7].astype(np.uint8)
    expected = evaluate_many(hands, PAI_GOW)
    results: list = [None, None]

    def work(i: int) -> None:
        results[i] = [evaluate_many(hands, PAI_GOW) for _ in range(3)]

    threads = [threading.Thread(target=work, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for runs in results:
        for out in runs:
            np.testing.assert_array_equal(out, expected)
