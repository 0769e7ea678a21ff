"""Whatever cards it is given, the compiled core answers with a result or a
PokerRulesError — never a crash, never another exception — and the batch kernels run
safely on several threads."""

import subprocess
import sys
import threading
from collections import Counter

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from pokerrules import (
    PAI_GOW,
    PIQUET,
    STANDARD,
    ArgumentTypeError,
    Card,
    HandSizeError,
    PokerRulesError,
    _core,
    categories,
    category_counts,
    describe,
    evaluate,
    evaluate_many,
    evaluate_partial,
    evaluate_two,
    format_cards,
    parse_cards,
    value_counts,
)
from pokerrules.hands import rank_value

pytestmark = pytest.mark.fast

RULES = st.sampled_from([STANDARD, PAI_GOW, PIQUET, PAI_GOW.replace(wheel_second_highest=True)])
CARD_TEXTS = [str(Card(c)) for c in range(53)]
ANYTHING = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=30),
    st.binary(max_size=10),
    st.lists(st.one_of(st.integers(-100, 100), st.text(max_size=4), st.none(), st.floats()),
             max_size=10),
    st.lists(st.integers(0, 52), max_size=10),
    st.lists(st.sampled_from(CARD_TEXTS), max_size=9),
    st.tuples(st.integers(), st.integers()),
    # text out of numpy arrays: numpy.str_, alone, joined or in lists
    st.text(max_size=30).map(np.str_),
    st.lists(st.sampled_from(CARD_TEXTS), max_size=9).map(lambda cards: np.str_(" ".join(cards))),
    st.lists(st.sampled_from(CARD_TEXTS), max_size=9).map(lambda cards: list(np.array(cards))),
)
# what may be given as rules: HandRules, preset names in any case, and anything else
RULES_OR_NOT = st.one_of(
    RULES, st.sampled_from(["standard", "PaiGow", np.str_("piquet"), "casino", ""]), ANYTHING)


def survives(fn, *args):
    """1 if ``fn(*args)`` returned, 0 if it raised a PokerRulesError; any other
    exception fails the test."""
    try:
        fn(*args)
    except PokerRulesError:
        return 0
    return 1


def mostly(one, other):
    """Draws from ``one`` three times in four, else from ``other``."""
    return st.integers(0, 3).flatmap(lambda draw: other if draw == 0 else one)


def half_and_half(one, other):
    """Draws from ``one`` or ``other``, each half the time (``st.one_of`` would weigh
    each of their branches alike)."""
    return st.booleans().flatmap(lambda first: one if first else other)


# Half the time, cards an entry can take: the first cards of a shuffled standard deck,
# as many as its hand holds (codes or texts), and STANDARD or PAI_GOW rules; the other
# half, anything.
HAND_SIZES = {evaluate: 7, rank_value: 6, evaluate_two: 2, evaluate_partial: 3, describe: 5,
              parse_cards: 4, format_cards: 7, Card: 1}


def test_per_call_entry_points_never_crash():
    taken: Counter[str] = Counter()

    @given(half_and_half(st.tuples(st.permutations(range(52)), st.booleans()),
                         ANYTHING.map(lambda anything: (anything, None))),
           half_and_half(st.sampled_from([STANDARD, PAI_GOW]), RULES_OR_NOT))
    def call(drawn, rules):
        cards, as_text = drawn
        for fn, size in HAND_SIZES.items():
            if as_text is not None:  # a deck: the entry's own number of cards
                given_cards = [CARD_TEXTS[c] if as_text else c for c in cards[:size]]
                given_cards = given_cards[0] if fn is Card else given_cards
            else:
                given_cards = cards
            args = (given_cards,) if fn in (parse_cards, format_cards, Card) else (
                given_cards, rules)
            taken[fn.__name__] += survives(fn, *args)
        size = 5 + cards[0] % 3 if as_text is not None else cards
        taken["value_counts"] += survives(value_counts, size, rules)

    call()
    # every entry took some of what it was given, not only refused it
    assert min(taken.values()) >= 10 and len(taken) == 9, taken


ARRAYS = hnp.arrays(
    dtype=st.sampled_from([np.uint8, np.int8, np.int16, np.int32, np.int64, np.uint64,
                           np.float64, np.bool_]),
    shape=hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=9),
)


# valid hands, so that the kernels run, not only the checks
HANDS = st.lists(st.permutations(range(53)).map(lambda deck: deck[:7]), min_size=1, max_size=8)
# a row a deal: the player's seven cards, then the banker's
DEALS = st.lists(st.permutations(range(53)).map(lambda deck: deck[:14]), min_size=1, max_size=8)
VIEWS = ("as given", "read-only", "every other row", "columns reversed", "Fortran order",
         "broadcast", "broadcast rows")


def viewed(arr: np.ndarray, view: str) -> np.ndarray:
    """``arr`` as one of the VIEWS: memory laid out another way, or not writable."""
    if view == "read-only":
        arr = arr.copy()
        arr.setflags(write=False)
    elif view == "every other row" and arr.ndim:
        arr = np.repeat(arr, 2, axis=0)[::2]
    elif view == "columns reversed" and arr.ndim > 1:
        arr = arr[:, ::-1]
    elif view == "Fortran order":
        arr = np.asfortranarray(arr)
    elif view == "broadcast":
        arr = np.broadcast_to(arr, (2, *arr.shape))
    elif view == "broadcast rows" and arr.ndim:
        arr = np.broadcast_to(arr[:1], arr.shape)
    return arr


def batch_calls(arr, rules, check, banker=None):
    from pokerrules import _paigow
    from pokerrules.paigow import fortune_lines, foul_many, house_way_many

    yield lambda: evaluate_many(arr, rules, check=check)
    yield lambda: categories(arr, rules)
    yield lambda: house_way_many(arr)
    yield lambda: foul_many(arr, check=check)
    yield lambda: fortune_lines(arr, check=check)
    if banker is None:
        banker = arr[::-1] if arr.ndim else arr
    yield lambda: _paigow.settle_batch(arr, banker, PAI_GOW.variant)


def test_batch_entry_points_never_crash():
    taken: Counter[int] = Counter()

    @given(half_and_half(st.tuples(DEALS, st.sampled_from([np.uint8, np.int64])).map(
        lambda deals_dtype: np.array(deals_dtype[0], dtype=deals_dtype[1])), ARRAYS),
        st.sampled_from(VIEWS), half_and_half(st.just(PAI_GOW), RULES_OR_NOT), st.booleans())
    def call(arr, view, rules, check):
        arr = viewed(arr, view)
        banker = None
        if arr.ndim == 2 and arr.shape[1] == 14:  # a deal: the player's and the banker's
            arr, banker = arr[:, :7], arr[:, 7:]
        for entry, run in enumerate(batch_calls(arr, rules, check, banker)):
            taken[entry] += survives(run)

    call()
    # every batch entry ranked some arrays, not only refused them
    assert min(taken.values()) >= 10 and len(taken) == 6, taken


# what may be passed as evaluate_many's out: arrays right and wrong, views of the
# codes, and anything else
OUT_KINDS = st.one_of(
    st.sampled_from(["right", "right", "right", "memmap-like", "view of the codes",
                     "a longer one", "int64", "read-only", "strided", None]),
    ANYTHING)


def made_out(kind, codes, tmp_path):
    n = len(codes)
    if not isinstance(kind, str) or kind not in (
            "right", "memmap-like", "view of the codes", "a longer one", "int64", "read-only",
            "strided"):
        return kind
    if kind == "right":
        return np.full(n, -1, np.int32)
    if kind == "memmap-like":
        return np.memmap(tmp_path / "out.bin", dtype=np.int32, mode="w+", shape=(n,))
    if kind == "view of the codes":
        return codes.reshape(-1)[: n * 4].view(np.int32) if codes.size >= n * 4 else None
    if kind == "a longer one":
        return np.zeros(n + 1, np.int32)
    if kind == "int64":
        return np.zeros(n, np.int64)
    if kind == "read-only":
        out = np.zeros(n, np.int32)
        out.setflags(write=False)
        return out
    return np.zeros(2 * n, np.int32)[::2]


def test_evaluate_many_out_check_and_threads_are_refused_or_exact(tmp_path):
    accepted = []

    @given(HANDS, mostly(st.just("right"), OUT_KINDS), mostly(st.booleans(), ANYTHING),
           mostly(st.integers(1, 4), ANYTHING))
    def rank(hands, kind, check, threads):
        codes = np.array(hands, np.uint8)
        before = codes.copy()
        out = made_out(kind, codes, tmp_path)
        try:
            result = evaluate_many(codes, PAI_GOW, check=check, threads=threads, out=out)
        except PokerRulesError:
            np.testing.assert_array_equal(codes, before)  # the codes are never written
            return
        assert out is None or result is out
        np.testing.assert_array_equal(result, evaluate_many(before, PAI_GOW))
        accepted.append(kind)

    rank()
    assert len(accepted) >= 8 and "right" in accepted  # about a third, on average


@given(HANDS, st.sampled_from([v for v in VIEWS if not v.startswith("broadcast")]))
def test_a_view_ranks_as_its_copy(hands, view):
    from pokerrules.paigow import fortune_lines, house_way_many

    arr = viewed(np.array(hands, dtype=np.uint8), view)
    copy = np.array(arr)
    for fn in (lambda a: evaluate_many(a, PAI_GOW), house_way_many, fortune_lines):
        np.testing.assert_array_equal(fn(arr), fn(copy))


@given(st.integers(-3, 9).filter(lambda k: not 5 <= k <= 7), RULES)
def test_enumeration_rejects_bad_sizes(k, rules):
    # the valid sizes are counted against the published figures in test_hands
    with pytest.raises(HandSizeError, match=f"takes k from 5 to 7, got {k}"):
        value_counts(k, rules)


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


# --- lists emptied while read, rules of the wrong type ----------------------------

def test_a_list_emptied_while_it_is_read_is_no_crash():
    cards: list = []

    class Shrinks:
        def __index__(self) -> int:
            cards.clear()
            return 0

    cards[:] = [Shrinks(), 1, 2, 3, 4]
    with pytest.raises(PokerRulesError):
        evaluate(cards)


RULES_TAKERS = {
    "evaluate": lambda rules: evaluate("As Ks Qs Js Ts", rules),
    "rank_value": lambda rules: rank_value("As Ks Qs Js Ts", rules),
    "evaluate_two": lambda rules: evaluate_two("As Kd", rules),
    "evaluate_partial": lambda rules: evaluate_partial("As", rules),
    "evaluate_many": lambda rules: evaluate_many([[48, 49, 50, 51, 44]], rules),
    "categories": lambda rules: categories([1], rules),
    "value_counts": lambda rules: value_counts(5, rules),
    "category_counts": lambda rules: category_counts(5, rules),
    "describe": lambda rules: describe("As Ks Qs Js Ts", rules),
}


@pytest.mark.parametrize("take", RULES_TAKERS.values(), ids=RULES_TAKERS.keys())
@pytest.mark.parametrize("rules", [None, 1, 2.5, b"paigow", object(), ["standard"]])
def test_rules_of_the_wrong_type_are_argument_type_errors(take, rules):
    from pokerrules.paigow import PaiGowRules

    if rules is None and take is RULES_TAKERS["evaluate_partial"]:
        # its default: the standard rules, or the Pai Gow rules for cards with the joker
        assert take(None).rules is STANDARD
        rules = 1
    for bad in (rules, PaiGowRules()):
        with pytest.raises(ArgumentTypeError, match=r"^rules must be HandRules or a preset name"):
            take(bad)


@pytest.mark.parametrize("take", RULES_TAKERS.values(), ids=RULES_TAKERS.keys())
def test_rules_may_be_a_preset_name(take):
    for name, rules in (("standard", STANDARD), ("PaiGow", PAI_GOW), (np.str_("PIQUET"), PIQUET)):
        named, direct = take(name), take(rules)
        if isinstance(direct, np.ndarray):
            np.testing.assert_array_equal(named, direct)
        else:
            assert named == direct
    for unknown in ("pai gow", "", "standard+wheel_second_highest", "x" * 5000):
        with pytest.raises(PokerRulesError, match="'standard', 'paigow' and 'piquet'") as info:
            take(unknown)
        assert not isinstance(info.value, TypeError) and len(str(info.value)) < 160


@pytest.mark.parametrize("fn", [value_counts, category_counts])
@pytest.mark.parametrize("k", [5.0, "5", None, True, np.float64(6)])
def test_an_enumeration_size_of_the_wrong_type_is_an_argument_type_error(fn, k):
    with pytest.raises(ArgumentTypeError, match="k must be an int"):
        fn(k)


def test_pai_gow_rankings_take_preset_names_too():
    from pokerrules.paigow import Setting, is_foul

    setting = Setting("Ac Qd 7h 5s 3c", "Ad Kc")
    assert is_foul(setting, "paigow") and setting.high_rank("PAIGOW") == setting.high_rank()
    with pytest.raises(PokerRulesError, match="presets"):
        setting.low_rank("casino")


@pytest.mark.parametrize("occupied", [5, None, 2.5, "12", b"\x01\x02"])
def test_deal_round_refuses_occupied_positions_that_are_no_iterable_of_ints(occupied):
    from pokerrules.paigow import PaiGowRules, deal_round

    with pytest.raises(ArgumentTypeError, match="occupied"):
        deal_round(PaiGowRules(), occupied, seed=1)
    with pytest.raises(ArgumentTypeError, match="occupied: a position is an int"):
        deal_round(PaiGowRules(), [1, 2.0], seed=1)


def test_blank_rank_objects_raise_instead_of_reading_garbage():
    from pokerrules import HandRank, HandRules

    blank = HandRank.__new__(HandRank)
    for probe in (lambda: blank < evaluate("As Ks Qs Js Ts"), lambda: hash(blank),
                  blank.describe):
        with pytest.raises(PokerRulesError):
            probe()
    assert repr(HandRules.__new__(HandRules)) == "HandRules('standard')"


@pytest.mark.parametrize("k", [2**40, -2**70, np.int64(2**40)])
def test_huge_enumeration_sizes_are_hand_size_errors(k):
    with pytest.raises(PokerRulesError):
        value_counts(k)


def test_ragged_rows_and_bytes():
    with pytest.raises(PokerRulesError):
        evaluate_many([[0, 1, 2, 3, 4], [0, 1, 2, 3]])
    with pytest.raises(ArgumentTypeError, match="not bytes"):
        parse_cards(b"As")
    # text inside a list may hold several cards, as everywhere else
    assert evaluate(["As Ks", "Qs", "Js", "Ts"]).is_royal
    assert format_cards("A♠\ufe0f K♠") == "As Ks"


def test_deck_membership_of_odd_things():
    from pokerrules import PIQUET_DECK, STANDARD_DECK

    assert "" not in STANDARD_DECK and "AsKd" not in PIQUET_DECK and "As" in PIQUET_DECK
    with pytest.raises(PokerRulesError):
        STANDARD_DECK.shuffled(-1)


def test_a_writer_thread_cannot_crash_an_unchecked_batch():
    base = np.tile(np.arange(0, 28, 4, dtype=np.uint8), (200_000, 1))
    stop = threading.Event()

    def scribble() -> None:
        while not stop.is_set():
            base[-50_000:, 6] = 252
            base[-50_000:, 6] = 24

    writer = threading.Thread(target=scribble)
    writer.start()
    try:
        for _ in range(20):
            for check in (False, True):
                try:
                    evaluate_many(base, check=check)
                except PokerRulesError:
                    pass  # a row seen out of range: an error, never a crash
    finally:
        stop.set()
        writer.join()


# ---------------------------------------------------------------- immutability

def test_rules_cannot_be_initialised_again_under_a_live_rank():
    from pokerrules import HandRules

    rules = HandRules("paigow")
    aces = evaluate("Ac Ad Ah As Jk", rules)
    with pytest.raises(TypeError, match="immutable"):
        rules.__init__("piquet")
    assert rules == PAI_GOW and rules.n_values == PAI_GOW.n_values
    assert (aces.value, aces.describe()) == (PAI_GOW.n_values, "Five aces")
    with pytest.raises(TypeError, match="immutable"):
        STANDARD.__init__("piquet")
    assert STANDARD.deck == "standard" and evaluate([0, 4, 8, 12, 21]).describe() == \
        "High card, seven, five, four, three, two"


def test_blank_rules_take_one_init_before_use_and_none_after():
    from pokerrules import HandRules

    fresh = HandRules.__new__(HandRules)
    fresh.__init__("piquet")
    assert fresh == PIQUET
    with pytest.raises(TypeError):
        fresh.__init__("standard")
    used = HandRules.__new__(HandRules)
    evaluate("As Ks Qs Js Ts", used)  # ranks now hold its tables
    with pytest.raises(TypeError):
        used.__init__("piquet")
    hashed = HandRules.__new__(HandRules)
    hash(hashed)  # it may be a dict key now
    with pytest.raises(TypeError):
        hashed.__init__("piquet")


def test_shared_cards_and_ranks_cannot_be_initialised_again():
    two = parse_cards("2c")[0]
    with pytest.raises(TypeError, match="immutable"):
        two.__init__("As")
    assert parse_cards("2c")[0].code == 0 and str(two) == "2c"
    rank = evaluate("As Ks Qs Js Ts")
    for args in ((), ("2c 3c 4c 5c 7d",)):
        with pytest.raises(TypeError, match="immutable"):
            rank.__init__(*args)
    assert rank.is_royal
    with pytest.raises(TypeError):
        type(rank)()


class _Tampered:
    """Pickles as a call of the given function: a hand-edited pickle."""

    def __init__(self, fn, args):
        self.fn, self.args = fn, args

    def __reduce__(self):
        return self.fn, self.args


@pytest.mark.parametrize("edit", [
    lambda kind, rules, codes: (kind, PIQUET, codes),  # Pai Gow cards under piquet rules
    lambda kind, rules, codes: (kind, rules, [*codes, 0, 1, 2]),
    lambda kind, rules, codes: (kind, rules, [99, *codes[1:]]),
    lambda kind, rules, codes: (7, rules, codes),
    lambda kind, rules, codes: (2**80, rules, codes),
    lambda kind, rules, codes: (kind, "paigow", codes),
    lambda kind, rules, codes: (kind, rules, "As Ks"),
])
def test_a_tampered_rank_pickle_raises(edit):
    import pickle

    fn, args = evaluate("Ac Ad Ah As Jk", PAI_GOW).__reduce__()
    with pytest.raises(PokerRulesError):
        pickle.loads(pickle.dumps(_Tampered(fn, edit(*args))))


@pytest.mark.parametrize("variant", [3, 64, -1, 2**70, "0", 1.0, PIQUET.variant | 4])
def test_a_tampered_rules_pickle_raises(variant):
    import pickle

    fn, _ = PAI_GOW.__reduce__()
    with pytest.raises(PokerRulesError):
        pickle.loads(pickle.dumps(_Tampered(fn, (variant,))))


# ------------------------------------------------------------ endless iterables

@pytest.mark.parametrize("fn, most", [(evaluate, 7), (evaluate_two, 2), (evaluate_partial, 5)])
def test_an_endless_iterable_is_read_one_card_past_the_limit(fn, most):
    import itertools

    drawn = itertools.count()
    endless = (c % 52 for c in drawn)
    with pytest.raises(PokerRulesError, match=f"got more than {most}: 2c 2d"):
        fn(endless, PAI_GOW)
    assert next(drawn) == most + 1
    with pytest.raises(PokerRulesError):
        evaluate(itertools.repeat(0))


# ------------------------------------ a writer thread racing every batch entry

# Runs in a child process so that a crash fails the test instead of the suite. A
# writer overwrites the last quarter of the caller's array (out-of-range codes or
# values) at a delay that grows by 0.2 ms per attempt, so that some write lands while
# the array is checked and some while it is ranked.
RACE = """
import sys, threading, time
import numpy as np
from pokerrules import PAI_GOW, PokerRulesError, _paigow, categories, evaluate_many
from pokerrules.paigow import foul_many, fortune_lines, house_way_many

rng = np.random.default_rng(5)
deal = np.argsort(rng.random((1024, 53)), axis=1)[:, :14].astype(np.uint8)
cards = np.tile(deal, (200, 1))
player, banker = cards[:, :7].copy(), cards[:, 7:].copy()
values = evaluate_many(player, PAI_GOW)
call, target, junk = {
    "evaluate_many": (lambda: evaluate_many(player, PAI_GOW), player, 255),
    "evaluate_many unchecked": (lambda: evaluate_many(player, check=False), player, 255),
    "categories": (lambda: categories(values, PAI_GOW), values, 10**6),
    "house_way_many": (lambda: house_way_many(player), player, 255),
    "foul_many": (lambda: foul_many(player), player, 255),
    "foul_many unchecked": (lambda: foul_many(player, check=False), player, 255),
    "fortune_lines": (lambda: fortune_lines(player), player, 255),
    "fortune_lines unchecked": (lambda: fortune_lines(player, check=False), player, 255),
    "settle_batch": (lambda: _paigow.settle_batch(player, banker, PAI_GOW.variant), banker,
                     255),
}[sys.argv[1]]
clean = target.copy()
tail = len(target) * 3 // 4
escaped = []
for attempt in range(20):
    target[:] = clean
    def run():
        try:
            call()
        except PokerRulesError:
            pass  # a scribbled row seen: an error, never a crash
        except BaseException as exc:
            escaped.append(repr(exc))

    worker = threading.Thread(target=run)
    worker.start()
    time.sleep(attempt * 0.0002)
    target[tail:] = junk
    worker.join()
print(escaped or "survived")
sys.exit(1 if escaped else 0)
"""

RACED = ["evaluate_many", "evaluate_many unchecked", "categories", "house_way_many",
         "foul_many", "foul_many unchecked", "fortune_lines", "fortune_lines unchecked",
         "settle_batch"]


@pytest.mark.parametrize("entry", RACED)
def test_a_writer_thread_cannot_crash_a_batch_entry(entry):
    child = subprocess.run([sys.executable, "-c", RACE, entry], capture_output=True,
                           text=True, timeout=600)
    assert (child.returncode, child.stdout.strip()) == (0, "survived"), child.stderr[-2000:]


# ---------------------------------------- a resizing thread racing evaluate_many

# numpy lets ndarray.resize(refcheck=False) free an array's memory while a buffer of
# it is held; evaluate_many pins its codes and out (and the arrays they view) for the
# call, so a resize during the call is refused and the kernel never touches freed
# memory. In a child process, so that a crash fails the test instead of the suite.
RESIZE_RACE = """
import sys, threading
import numpy as np
from pokerrules import PokerRulesError, evaluate_many

calls, rows, enough = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
rng = np.random.default_rng(3)
hands = np.argsort(rng.random((1000, 52)), axis=1)[:, :7].astype(np.uint8)
deal = np.tile(hands, (rows // 1000, 1))
expected = evaluate_many(deal)
live = {}  # the arrays of the call under way, by name
refused, ranked = {"out": 0, "codes": 0}, 0
stop, lock = threading.Event(), threading.Lock()

def resize():
    while not stop.is_set():
        with lock:  # so that no resize comes after the call's arrays are withdrawn
            for name, array in live.items():
                try:
                    array.resize((16,) + array.shape[1:], refcheck=False)
                except ValueError:
                    refused[name] += 1

resizer = threading.Thread(target=resize)
resizer.start()
try:
    for call in range(calls):
        if enough and ranked >= enough and min(refused.values()) > 0:
            break  # seen enough: calls ranked, and resizes refused during calls
        out, codes = np.empty(rows, np.int32), deal.copy()
        with lock:
            live.update(out=out, codes=codes)
        try:
            evaluate_many(codes, out=out, threads=2)
        except PokerRulesError:
            continue  # resized before the call: refused as a shape
        finally:
            with lock:
                live.clear()
        if out.shape == (rows,):  # not resized once the call had returned
            assert (out == expected).all()
            ranked += 1
finally:
    stop.set()
    resizer.join()
print(ranked > 0 and min(refused.values()) > 0, ranked, refused)
"""


@pytest.mark.parametrize("calls, rows, enough", [
    (60, 1_000_000, 3),  # stops once three calls are ranked and resizes refused
    pytest.param(300, 4_000_000, 0, marks=pytest.mark.slow),  # all 300
])
def test_a_resizing_thread_cannot_crash_evaluate_many(calls, rows, enough):
    child = subprocess.run([sys.executable, "-c", RESIZE_RACE, str(calls), str(rows),
                            str(enough)],
                           capture_output=True, text=True, timeout=900)
    assert child.returncode == 0, child.stderr[-2000:]
    # calls ranked in full, and resizes tried during them and refused
    assert child.stdout.startswith("True"), child.stdout


def test_the_arrays_a_kernel_reads_are_pinned_with_the_arrays_they_view():
    base = np.zeros(800, np.uint8)
    view, out = base[:700].reshape(100, 7), np.empty(100, np.int32)
    pins = _core._pins(view, out, [1, 2], None)
    assert len(pins) == 3  # the view, its base and out; the list and None passed over
    for array in (view, base, out):
        with pytest.raises(ValueError, match="cannot resize"):
            array.resize(16, refcheck=False)
    del pins
    base.resize(16, refcheck=False)
    out.resize(16, refcheck=False)
    assert (base.shape, out.shape) == ((16,), (16,))


# ----------------------------------------------- text of any str subclass, cut short

class OddText(str):
    """Text whose methods lie: only the characters themselves may be read."""

    def __str__(self):
        return "2c"

    def split(self, *args):
        return ["Xx"]

    def replace(self, *args):
        return "Xx"

    def lower(self):
        return "xx"


def test_numpy_text_is_text_wherever_cards_are_read():
    from pokerrules import STANDARD_DECK
    from pokerrules.paigow import Setting, fortune_bonus, hand_cards, house_way

    royal = np.array(["As Ks Qs Js Ts 9d 2c"])[0]
    assert type(royal) is np.str_
    assert evaluate(royal).is_royal and evaluate(OddText("As Ks Qs Js Ts")).is_royal
    assert Card(np.str_("As")) == Card(OddText("As")) == Card("As")
    assert parse_cards(royal) == parse_cards(str(royal))
    assert parse_cards(list(np.array(["As", "10d", "Jk"]))) == parse_cards("As Td Jk")
    assert format_cards(np.str_("A♠ 10d")) == "As Td"
    assert evaluate_two(np.str_("As Ad"), PAI_GOW) == evaluate_two("As Ad", PAI_GOW)
    assert evaluate_partial(np.str_("Kc Kd 2h")) == evaluate_partial("Kc Kd 2h")
    assert np.str_("As") in STANDARD_DECK
    hand = np.str_("As Ah Jk 7c 7d 3s 2h")
    assert house_way(hand) == house_way(str(hand))
    assert hand_cards(hand) == hand_cards(str(hand))
    setting = Setting("Ah Kd 7c 5s 3h", "Qc Jd")
    assert Setting(np.str_("Ah Kd 7c 5s 3h"), np.str_("Qc Jd")) == setting
    assert Setting.parse(np.str_("Ah Kd 7c 5s 3h / Qc Jd")) == setting
    assert fortune_bonus(np.str_("As Ks Qs Js Jk Kh Qh")).line == "royal_match"


@pytest.mark.parametrize("call", [
    lambda: parse_cards("As " * 2000 + "Xx"),
    lambda: evaluate("As Ks Qs Js " + "T" * 5000),
    lambda: Card("As" * 3000),
    lambda: format_cards(["Kd", "Q\u00df" * 4000]),
])
def test_long_input_is_cut_short_in_messages(call):
    with pytest.raises(PokerRulesError) as info:
        call()
    message = str(info.value)
    assert len(message) < 160 and "... (" in message and " characters)" in message, message


def test_a_long_deck_name_is_cut_short():
    from pokerrules import HandRules

    with pytest.raises(PokerRulesError) as info:
        HandRules("x" * 5000)
    assert len(str(info.value)) < 160 and "(5,000 characters)" in str(info.value)


# ------------------------- batches too large, or larger than their memory, refused

HUGE_VIEWS = {
    "evaluate_many": (evaluate_many, np.broadcast_to(np.arange(7, dtype=np.uint8), (2**40, 7))),
    "categories": (categories, np.broadcast_to(np.int32(1), (2**20, 2**20))),
    "house_way_many": ("house_way_many", np.broadcast_to(np.arange(7, dtype=np.uint8),
                                                         (2**40, 7))),
    "foul_many": ("foul_many", np.broadcast_to(np.arange(7, dtype=np.int64), (2**40, 7))),
    "fortune_lines": ("fortune_lines", np.broadcast_to(np.arange(7, dtype=np.uint8),
                                                       (2**31, 7))),
}


def batch_entry(fn):
    from pokerrules import paigow

    return getattr(paigow, fn) if isinstance(fn, str) else fn


@pytest.mark.parametrize("fn, view", HUGE_VIEWS.values(), ids=HUGE_VIEWS.keys())
def test_a_huge_broadcast_view_is_refused_before_any_work(fn, view):
    from pokerrules.hands import BATCH_LIMIT

    with pytest.raises(PokerRulesError, match=f"at most {BATCH_LIMIT:,}"):
        batch_entry(fn)(view)
    small = view[:3] if view.ndim == 2 and view.shape[1] == 7 else view[:3, :3]
    with pytest.raises(PokerRulesError, match="broadcast view"):
        batch_entry(fn)(small)
    batch_entry(fn)(np.array(small))  # a copy of it is fine


@pytest.mark.parametrize("fn", [evaluate_many, categories, "house_way_many", "foul_many",
                                "fortune_lines"])
@pytest.mark.parametrize("length", [10**18, 2**30 + 1, 10**30])
def test_a_sequence_longer_than_the_batch_limit_is_refused_unread(fn, length):
    got = "more than sys.maxsize" if length > sys.maxsize else f"{length:,}"
    with pytest.raises(PokerRulesError, match=f"at most 1,073,741,824 .* got {got};"):
        batch_entry(fn)(range(length))


def test_the_batch_limit_itself_is_allowed_in_shape():
    from pokerrules.hands import BATCH_LIMIT

    # a view exactly at the limit passes the size check (and then the stride one)
    at_limit = np.broadcast_to(np.arange(5, dtype=np.uint8), (BATCH_LIMIT, 5))
    with pytest.raises(PokerRulesError, match="broadcast view"):
        evaluate_many(at_limit)


@pytest.mark.parametrize("fn", [parse_cards, format_cards])
def test_parse_and_format_stop_on_an_endless_iterable(fn):
    import itertools

    from pokerrules.cards import CARD_LIMIT

    drawn = itertools.count()
    with pytest.raises(PokerRulesError, match=f"at most {CARD_LIMIT:,} cards"):
        fn(c % 53 for c in drawn)
    assert next(drawn) == CARD_LIMIT + 1  # read one card past the limit, no further
    with pytest.raises(PokerRulesError, match=f"at most {CARD_LIMIT:,} items"):
        fn(itertools.repeat(""))  # no card at all, for ever
    assert len(fn(iter(["As"] * CARD_LIMIT))) > 0  # the limit itself is fine
    assert len(fn(["As"] * (3 * CARD_LIMIT))) > 0  # a list is read whole


@pytest.mark.parametrize("fn", [evaluate, evaluate_two, evaluate_partial])
def test_an_endless_run_of_empty_texts_ends_too(fn):
    import itertools

    with pytest.raises(PokerRulesError, match="at most 10,000 items"):
        fn(itertools.repeat(""))
    with pytest.raises(PokerRulesError, match="at most 10,000 items"):
        fn(itertools.chain(["As"], itertools.repeat(" , ")))
