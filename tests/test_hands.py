"""Ranking: exhaustive counts, published figures and the documented orderings."""

import gc
import itertools
import pickle
import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerrules import (
    PAI_GOW,
    PIQUET,
    STANDARD,
    ArgumentTypeError,
    Card,
    CardNotInDeckError,
    DuplicateCardError,
    HandCategory,
    HandRules,
    HandSizeError,
    InvalidCardError,
    PokerRulesError,
    RulesMismatchError,
    categories,
    category_counts,
    evaluate,
    evaluate_many,
    evaluate_partial,
    evaluate_two,
    rank_value,
    value_counts,
)

C = HandCategory
ORDER = [
    C.STRAIGHT_FLUSH, C.FOUR_OF_A_KIND, C.FULL_HOUSE, C.FLUSH, C.STRAIGHT,
    C.THREE_OF_A_KIND, C.TWO_PAIR, C.ONE_PAIR, C.HIGH_CARD,
]


def counts_in_order(counts, order=ORDER):
    return [counts[c] for c in order]


# ---------------------------------------------------------- exhaustive counts

@pytest.mark.fast
def test_standard_five_card_counts_and_7462_values():
    counts = category_counts(5, STANDARD)
    assert counts_in_order(counts) == [
        40, 624, 3744, 5108, 10200, 54912, 123552, 1098240, 1302540]
    assert sum(counts.values()) == 2598960
    assert int(np.count_nonzero(value_counts(5, STANDARD))) == 7462 == STANDARD.n_values


def test_standard_seven_card_counts():
    counts = category_counts(7, STANDARD)
    assert counts_in_order(counts) == [
        41584, 224848, 3473184, 4047644, 6180020, 6461620, 31433400, 58627800, 23294460]
    assert sum(counts.values()) == 133784560


def test_royal_flush_counts():
    royal = evaluate("As Ks Qs Js Ts").value
    assert value_counts(5, STANDARD)[royal] == 4
    assert value_counts(5, PAI_GOW)[evaluate("As Ks Qs Js Ts", PAI_GOW).value] == 24
    assert value_counts(7, PAI_GOW)[evaluate("As Ks Qs Js Ts", PAI_GOW).value] == 26132


@pytest.mark.fast
def test_pai_gow_five_card_counts():
    counts = category_counts(5, PAI_GOW)
    assert counts[C.FIVE_ACES] == 1
    assert counts_in_order(counts) == [
        204, 828, 4368, 7804, 20532, 63360, 138600, 1215024, 1418964]
    assert sum(counts.values()) == 2869685


def test_pai_gow_seven_card_counts():
    counts = category_counts(7, PAI_GOW)
    assert counts[C.FIVE_ACES] == 1128
    assert counts_in_order(counts) == [
        210964, 307472, 4188528, 6172088, 11236028, 7470676, 35553816, 64221960, 24780420]
    assert sum(counts.values()) == 154143080


@pytest.mark.fast
def test_piquet_five_card_counts_default_and_ace_low():
    counts = category_counts(5, PIQUET)
    assert counts_in_order(counts) == [16, 224, 1344, 208, 4080, 10752, 24192, 107520, 53040]
    assert sum(counts.values()) == 201376
    low = category_counts(5, PIQUET.replace(ace_low_straight=True))
    assert counts_in_order(low) == [20, 224, 1344, 204, 5100, 10752, 24192, 107520, 52020]


@pytest.mark.fast
def test_wheel_second_highest_keeps_the_counts():
    rules = PAI_GOW.replace(wheel_second_highest=True)
    assert category_counts(5, rules) == category_counts(5, PAI_GOW)


# ------------------------------------------------------------- orderings

@pytest.mark.fast
def test_standard_chain():
    chain = ["7c 5d 4h 3s 2c", "Kc Qd 9h 4s 2c", "2c 2d 5h 4s 3c", "Ac Ad Kh Qs Jc",
             "2c 2d 3h 3s 4c", "Ac Ad Kh Ks 2c", "2c 2d 2h 3s 4c", "5s 4d 3h 2s Ac",
             "6s 5d 4h 3s 2c", "Ac Kd Qh Js Tc", "2c 3c 4c 5c 7c", "Ac Kc Qc Jc 9c",
             "2c 2d 2h 3s 3c", "4c 4d 4h 4s 2c", "5c 4c 3c 2c Ac", "Ac Kc Qc Jc Tc"]
    ranks = [evaluate(h) for h in chain]
    assert all(a < b for a, b in itertools.pairwise(ranks))
    assert ranks[-1].is_royal and not ranks[-2].is_royal


@pytest.mark.fast
def test_no_wrap_around_straight():
    assert evaluate("Qc Kd Ah 2s 3c").category == C.HIGH_CARD


@pytest.mark.fast
def test_wheel_second_highest():
    rules = STANDARD.replace(wheel_second_highest=True)
    wheel, king, ace = (evaluate(h, rules) for h in ("5s 4d 3h 2s Ac", "Ks Qd Jh Ts 9c",
                                                      "As Kd Qh Js Tc"))
    assert king < wheel < ace
    # six-high and the wheel in the same seven cards: the wheel wins under this rule
    assert evaluate("As 2d 3h 4s 5c 6d Kc", rules) == wheel
    assert evaluate("As 2d 3h 4s 5c 6d Kc").describe() == "Straight, six high"
    sf = evaluate("5c 4c 3c 2c Ac", rules)
    assert evaluate("Kc Qc Jc Tc 9c", rules) < sf < evaluate("Ac Kc Qc Jc Tc", rules)


@pytest.mark.fast
def test_pai_gow_joker_rules():
    assert evaluate("Kh Kd Kc 7s Jk", PAI_GOW).describe() == \
        "Three of a kind, kings, kickers ace, seven"
    five = evaluate("Ah Ad Ac As Jk", PAI_GOW)
    assert five.category == C.FIVE_ACES
    assert five > evaluate("Ah Kh Qh Jh Th", PAI_GOW)
    six_high = evaluate("2h 3h 4c 5d Jk", PAI_GOW)
    assert six_high.describe() == "Straight, six high" and six_high.joker_as.rank == 4
    flush = evaluate("2h 3h 4h 9h Jk Kd Ks", PAI_GOW)
    assert flush.category == C.FLUSH and str(flush.joker_as) == "Ah"
    flush_ace = evaluate("Ah 3h 4h 9h Jk", PAI_GOW)
    assert str(flush_ace.joker_as) == "Kh"
    sf = evaluate("9h 8h 7h 5h Jk", PAI_GOW)
    assert sf.category == C.STRAIGHT_FLUSH and str(sf.joker_as) == "6h"
    assert evaluate("As Ad Jk 7c 2d", PAI_GOW).describe() == \
        "Three of a kind, aces, kickers seven, two"
    assert evaluate("Kh Kd Kc Ks Jk", PAI_GOW).describe() == "Four of a kind, kings, ace kicker"


@pytest.mark.fast
def test_piquet_rules():
    assert evaluate("Ah 7c 8s 9d Td", PIQUET).category == C.HIGH_CARD
    low = PIQUET.replace(ace_low_straight=True)
    lowest = evaluate("Ah 7c 8s 9d Td", low)
    assert lowest.describe() == "Straight, ten high"
    assert lowest < evaluate("7c 8s 9d Td Jh", low)
    flushy = PIQUET.replace(flush_beats_full_house=True)
    assert evaluate("Ah Jh 9h 8h 7h", flushy) > evaluate("Ac Ad Ah Kc Kd", flushy)
    assert evaluate("Ah Jh 9h 8h 7h") < evaluate("Ac Ad Ah Kc Kd")
    assert flushy.category_order.index(C.FLUSH) > flushy.category_order.index(C.FULL_HOUSE)
    with pytest.raises(CardNotInDeckError, match="2c"):
        evaluate("Ah Kh Qh Jh 2c", PIQUET)


@pytest.mark.fast
def test_describe_and_best_five():
    hand = evaluate("Ks Kd 7h 7s Ac 2d 3c")
    assert hand.describe() == "Two pair, kings and sevens, ace kicker"
    assert [str(c) for c in hand.best_five] == ["Kd", "Ks", "7h", "7s", "Ac"]
    assert evaluate("Tc 9d 8h 7s 6c 2d 2h").describe() == "Straight, ten high"
    wheel = evaluate("5s 4d 3h 2s Ac 2d 3c")
    assert [str(c) for c in wheel.best_five] == ["5s", "4d", "3c", "2d", "Ac"]
    flush = evaluate("Ah Kh 9h 7h 5h 3h 2h")
    assert [str(c) for c in flush.best_five] == ["Ah", "Kh", "9h", "7h", "5h"]
    assert evaluate("Kc Kd Kh 7s 7c").describe() == "Full house, kings full of sevens"


@pytest.mark.fast
def test_two_card_hand():
    assert evaluate_two("Jk As") == evaluate_two("Ac Ad")
    assert evaluate_two("Jk As").category == C.ONE_PAIR
    assert evaluate_two("Jk 7c") == evaluate_two("Ah 7d")
    assert evaluate_two("2c 2d") > evaluate_two("Ac Kd") > evaluate_two("Ac Qd")
    with pytest.raises(HandSizeError):
        evaluate_two("As Ks Qs")


@pytest.mark.fast
def test_partial_hands():
    p = evaluate_partial
    assert p("Kc Kd 2h") > p("Qc Qd Ah")
    assert p("Ac Kd Qh") > p("Ac Kd")
    assert p("9c 9d 4h") > p("9c 9d")
    assert p("") < p("2c")
    assert p("Ac Ad Ah As") > p("Kc Kd Kh 2c 2d") > p("Ac Ad Ah Ks")
    five = "Tc 9d 8h 7s 6c"
    assert p(five).category == C.STRAIGHT and p("Tc 9d 8h 7s").category == C.HIGH_CARD
    # five cards keep evaluate's order
    hands = ["Ac Kc Qc Jc 9c", "2c 2d 2h 3s 3c", "Ac Kd Qh Js Tc", "Ac Ad Kh Ks 2c"]
    by_full = sorted(hands, key=lambda h: evaluate(h).value)
    by_partial = sorted(hands, key=lambda h: p(h).value)
    assert by_full == by_partial
    with pytest.raises(HandSizeError):
        p("Ac Kd Qh Js Tc 9c")


@pytest.mark.fast
def test_ranks_refuse_other_kinds_and_rules():
    a, b = evaluate("As Ks Qs Js Ts"), evaluate("As Ks Qs Js Ts", PAI_GOW)
    assert a != b
    with pytest.raises(RulesMismatchError):
        _ = a < b
    with pytest.raises(TypeError):
        _ = evaluate_partial("As Ks") < evaluate_two("As Ks")


@pytest.mark.fast
def test_rules_refuse_unknown_decks_and_odd_options():
    with pytest.raises(PokerRulesError, match="'euchre'"):
        HandRules("euchre")
    with pytest.raises(PokerRulesError, match="wheel_second_highest"):
        HandRules("piquet", wheel_second_highest=True)
    with pytest.raises(PokerRulesError, match="piquet options"):
        STANDARD.replace(ace_low_straight=True)
    for odd_deck in (5, None, ["paigow"], b"paigow"):
        with pytest.raises(PokerRulesError, match=re.escape(f"unknown deck {odd_deck!r}")):
            HandRules(odd_deck)
    for odd in (1, "no", None, 1.0):
        with pytest.raises(PokerRulesError, match=f"must be True or False, not {odd!r}"):
            PAI_GOW.replace(wheel_second_highest=odd)
    assert PAI_GOW.replace(wheel_second_highest=np.True_).wheel_second_highest is True


@pytest.mark.fast
def test_rank_pickles_and_hashes():
    hand = evaluate("Kh Kd Kc 7s Jk 2c 3d", PAI_GOW)
    back = pickle.loads(pickle.dumps(hand))
    assert back == hand and hash(back) == hash(hand) and back.cards == hand.cards
    assert pickle.loads(pickle.dumps(PAI_GOW.replace(wheel_second_highest=True))) == \
        PAI_GOW.replace(wheel_second_highest=True)


@pytest.mark.fast
@pytest.mark.parametrize(
    "cards, error, name",
    [("As Ks Qs Js", HandSizeError, "got 4: As Ks Qs Js$"),
     ("As Ks Qs Js Ts 9s 8s 7s", HandSizeError, "got 8: As Ks Qs Js Ts 9s 8s 7s$"),
     (list(range(20)), HandSizeError, "got 20: 2c 2d 2h 2s 3c 3d 3h 3s \\.\\.\\.$"),
     ("As As Qs Js Ts", DuplicateCardError, "As"), ("As Ks Qs Js Jk", CardNotInDeckError, "Jk"),
     ("As Ks Qs Js Zz", InvalidCardError, "Zz"), ([51, 50, 49, 48, 99], InvalidCardError, "99")],
)
def test_bad_input_names_the_problem(cards, error, name):
    with pytest.raises(error, match=name):
        evaluate(cards)


# ------------------------------------------------------------- per call

EVERY_RULES = [STANDARD, STANDARD.replace(wheel_second_highest=True), PAI_GOW,
               PAI_GOW.replace(wheel_second_highest=True), PIQUET,
               PIQUET.replace(ace_low_straight=True), PIQUET.replace(flush_beats_full_house=True),
               PIQUET.replace(ace_low_straight=True, flush_beats_full_house=True)]


@pytest.mark.fast
@pytest.mark.parametrize("rules", EVERY_RULES, ids=lambda r: r.name)
def test_rank_value_is_the_value_of_evaluate(rules):
    rng = np.random.default_rng(17)
    deck = np.array(rules.deck_codes)
    for k in (5, 6, 7):
        for _ in range(1500):
            row = rng.choice(deck, k, replace=False).tolist()
            value = rank_value(row, rules)
            assert type(value) is int
            assert value == evaluate(row, rules).value
        text = " ".join(str(c) for c in evaluate(row, rules).cards)
        assert rank_value(text, rules) == evaluate(text, rules).value
    with pytest.raises(HandSizeError, match="rank_value"):
        rank_value(rules.deck_codes[:4], rules)
    with pytest.raises(DuplicateCardError):
        rank_value([rules.deck_codes[0]] * 5, rules)


@pytest.mark.fast
def test_every_form_of_card_reads_alike_and_the_first_bad_card_is_named():
    codes = [51, 47, 43, 39, 35, 0, 6]  # As Ks Qs Js Ts 2c 3h
    want = evaluate("As Ks Qs Js Ts 2c 3h").value
    forms = [codes, tuple(codes), [Card(c) for c in codes], [np.int64(c) for c in codes],
             [str(Card(c)) for c in codes], [*codes[:3], *(Card(c) for c in codes[3:])],
             [*codes[:6], "3h"], iter(codes)]
    for form in forms:
        assert evaluate(form).value == want
    for form in forms[:-1]:
        assert rank_value(form) == want
    for bad, error, match in [
        ([*codes[:6], 53], InvalidCardError, "card code 53 is out"),
        ([*codes[:6], -1], InvalidCardError, "card code -1 is out"),
        ([*codes[:6], 2**70], InvalidCardError, f"card code {2**70} is out"),
        ([*codes[:6], True], ArgumentTypeError, "not True"),
        ([*codes[:6], 51], DuplicateCardError, "duplicate card As"),
        ([*codes[:6], Card(51)], DuplicateCardError, "duplicate card As"),
        ([52, *codes[:6]], CardNotInDeckError, "Jk is not in the standard deck"),
        ([0, 0, 52, *codes[1:5]], DuplicateCardError, "duplicate card 2c"),
        ([0, 52, 0, *codes[1:5]], CardNotInDeckError, "Jk"),
    ]:
        for entry in (evaluate, rank_value):
            with pytest.raises(error, match=re.escape(match)):
                entry(bad)
            with pytest.raises(error, match=re.escape(match)):
                entry(tuple(bad))
    assert evaluate([52, *codes[1:5]], PAI_GOW).describe() == "Royal flush"


@pytest.mark.fast
def test_evaluate_many_reads_every_layout_of_bytes_alike():
    rng = np.random.default_rng(5)
    rows = np.argsort(rng.random((400, 52)), axis=1)[:, :7].astype(np.uint8)
    want = [evaluate(r).value for r in rows.tolist()]
    frozen = rows.copy()
    frozen.flags.writeable = False
    for arr in (rows, frozen, np.asfortranarray(rows), np.repeat(rows, 2, axis=0)[::2],
                rows.tolist(), rows.astype(np.int64), rows.view(np.int8)):
        assert evaluate_many(arr).tolist() == want
        assert evaluate_many(arr, check=False, threads=2).tolist() == want
    assert evaluate_many(rows[:, :5]).tolist() == [evaluate(r).value for r in rows[:, :5].tolist()]
    for wrong in (rows[:, :4], rows[:, :1].copy(), rows.reshape(-1), rows[:, :, None]):
        with pytest.raises(HandSizeError):
            evaluate_many(wrong)
    one = rows[:1].copy()
    one[0, 6] = 200
    with pytest.raises(InvalidCardError, match="row 0"):
        evaluate_many(one)


@pytest.mark.fast
def test_ranks_and_rules_are_not_tracked_by_the_cycle_collector():
    # they can hold no cycle, so keeping many of them must not trigger collections
    rank = evaluate("As Ks Qs Js Ts 9d 2c")
    assert not gc.is_tracked(rank)
    assert not gc.is_tracked(evaluate_two("As Kd"))
    assert not gc.is_tracked(evaluate_partial("As Kd Qh"))
    assert not gc.is_tracked(STANDARD) and not gc.is_tracked(PAI_GOW.replace())
    gc.disable()  # no collection may reset the count while it is read
    try:
        before = gc.get_count()[0]
        kept = [evaluate([0, 4, 8, 12, 17, 21, 25]) for _ in range(5000)]
        grown = gc.get_count()[0] - before
    finally:
        gc.enable()
    assert grown < 100  # 5,000 tracked ranks would add 5,000
    assert len(kept) == 5000


# ------------------------------------------------------------- batch API

@pytest.mark.fast
def test_evaluate_many_matches_evaluate():
    rng = np.random.default_rng(3)
    for k in (5, 6, 7):
        rows = np.array([rng.choice(53, k, replace=False) for _ in range(2000)], dtype=np.int64)
        got = evaluate_many(rows, PAI_GOW)
        assert got.dtype == np.int32 and got.shape == (2000,)
        assert list(got) == [evaluate(list(r), PAI_GOW).value for r in rows]
        cats = categories(got, PAI_GOW)
        assert list(cats) == [int(evaluate(list(r), PAI_GOW).category) for r in rows]


@pytest.mark.fast
@pytest.mark.parametrize("rules", [STANDARD, PAI_GOW, PIQUET], ids=lambda r: r.name)
def test_threads_and_out_give_the_single_thread_results(rules):
    rng = np.random.default_rng(31)
    deck = np.array(rules.deck_codes, dtype=np.uint8)
    for k in (5, 6, 7):
        hands = deck[np.argsort(rng.random((50_001, len(deck))), axis=1)[:, :k]]
        one = evaluate_many(hands, rules)
        out = np.full(len(hands), -7, dtype=np.int32)
        for threads in (2, 3, 8):
            np.testing.assert_array_equal(evaluate_many(hands, rules, threads=threads), one)
            np.testing.assert_array_equal(
                evaluate_many(hands, rules, check=False, threads=threads), one)
            assert evaluate_many(hands, rules, threads=threads, out=out) is out
            np.testing.assert_array_equal(out, one)
            out[:] = -7
        assert evaluate_many(hands, rules, check=False, out=out) is out
        np.testing.assert_array_equal(out, one)
        assert evaluate_many(hands[:0], rules, out=out[:0]).shape == (0,)
    bad = hands.copy()
    bad[40_000, 1] = bad[40_000, 0]
    bad[45_000, 1] = bad[45_000, 0]
    with pytest.raises(DuplicateCardError, match="row 40000"):
        evaluate_many(bad, rules, threads=3)
    with pytest.raises(PokerRulesError, match="threads"):
        evaluate_many(hands, rules, threads=0)


@pytest.mark.fast
def test_evaluate_many_out_takes_int32_arrays_and_refuses_the_rest(tmp_path):
    hands = np.array([[0, 5, 10, 15, 20, 25, 30]] * 4, dtype=np.uint8)
    before = np.arange(4, dtype=np.int32)
    for out, error, words in (
            (before.astype(np.int64), ArgumentTypeError, "not dtype int64"),
            ([0, 0, 0, 0], ArgumentTypeError, "not list"),
            (before.astype(">i4"), ArgumentTypeError, "not dtype >i4"),
            (np.zeros(5, np.int32), PokerRulesError, r"shape \(4,\)"),
            (np.zeros((4, 1), np.int32), PokerRulesError, r"shape \(4,\)"),
            (np.zeros(8, np.int32)[::2], PokerRulesError, "C-contiguous"),
            (np.zeros(4, np.int32).view(), PokerRulesError, "writable")):
        if words == "writable":
            out.flags.writeable = False
        with pytest.raises(error, match=words):
            evaluate_many(hands, out=out)
    kept = np.memmap(tmp_path / "values.bin", dtype=np.int32, mode="w+", shape=(4,))
    assert evaluate_many(hands, out=kept) is kept
    np.testing.assert_array_equal(np.fromfile(tmp_path / "values.bin", np.int32),
                                  evaluate_many(hands))
    shared = np.zeros(7, np.int32)
    with pytest.raises(PokerRulesError, match="shares memory"):
        evaluate_many(shared.view(np.uint8)[:28].reshape(4, 7), out=shared[:4])
    wide = hands.astype(np.int32)  # read through a copy, but still the caller's memory
    with pytest.raises(PokerRulesError, match="shares memory"):
        evaluate_many(wide, out=wide.reshape(-1)[:4])
    columns = np.asfortranarray(hands)
    with pytest.raises(PokerRulesError, match="shares memory"):
        evaluate_many(columns, out=columns.T.reshape(-1).view(np.int32)[:4])
    np.testing.assert_array_equal(wide, hands)
    np.testing.assert_array_equal(before, np.arange(4))


@pytest.mark.fast
def test_evaluate_many_out_refuses_codes_given_as_rows_that_view_it():
    hands = np.array([[0, 5, 10, 15, 20, 25, 30]] * 4, dtype=np.int32)
    out = hands.reshape(-1)[:4]  # the first row's cards
    for codes in ([hands[0], hands[1], hands[2], hands[3]], (hands[0], *hands[1:]),
                  [[hands[0][:1].reshape(()), *hands[0][1:]], *hands[1:]]):  # in a row too
        with pytest.raises(PokerRulesError, match="shares memory"):
            evaluate_many(codes, out=out)
    np.testing.assert_array_equal(hands[0], [0, 5, 10, 15, 20, 25, 30])
    assert evaluate_many([list(row) for row in hands.tolist()], out=np.empty(4, np.int32)
                         ).tolist() == evaluate_many(hands).tolist()


@pytest.mark.fast
@pytest.mark.parametrize("empty", [np.zeros((0, 7)), np.zeros((0, 5), bool),
                                   np.zeros((0, 6), np.int64), np.zeros((0, 7), np.uint8)])
def test_evaluate_many_of_no_rows_is_an_empty_result_whatever_the_dtype(empty):
    result = evaluate_many(empty)
    assert (result.shape, result.dtype) == ((0,), np.int32)
    with pytest.raises(HandSizeError, match=r"got shape \(0,\)"):
        evaluate_many([])  # no rows of cards at all: the shape is what is wrong


@pytest.mark.fast
@pytest.mark.parametrize("check", ["no", 1, 0, None, "False", np.array([True])])
def test_evaluate_many_check_is_a_bool(check):
    hands = np.array([[0, 5, 10, 15, 20]], np.uint8)
    with pytest.raises(ArgumentTypeError, match="check must be True or False"):
        evaluate_many(hands, check=check)
    assert evaluate_many(hands, check=np.bool_(False)).tolist() == evaluate_many(hands).tolist()


@pytest.mark.fast
def test_evaluate_many_names_the_bad_row():
    rows = np.array([[0, 1, 2, 3, 4], [5, 6, 7, 8, 8]])
    with pytest.raises(DuplicateCardError, match="row 1"):
        evaluate_many(rows)
    with pytest.raises(CardNotInDeckError, match="row 0"):
        evaluate_many(np.array([[52, 1, 2, 3, 4]]))
    with pytest.raises(InvalidCardError, match="row 1"):
        evaluate_many(np.array([[0, 1, 2, 3, 4], [300, 1, 2, 3, 4]]))
    with pytest.raises(HandSizeError):
        evaluate_many(np.zeros((3, 4), dtype=np.uint8))
    with pytest.raises(TypeError):
        evaluate_many(np.zeros((3, 5)))
    assert evaluate_many(np.zeros((0, 7), dtype=np.uint8)).shape == (0,)


# ------------------------------------------------------------ properties

hands7 = st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True)


@pytest.mark.fast
@given(hands7, st.randoms(use_true_random=False))
def test_card_order_never_matters(codes, rnd):
    shuffled = list(codes)
    rnd.shuffle(shuffled)
    assert evaluate(codes) == evaluate(shuffled)
    assert evaluate(codes[:5]) == evaluate(shuffled[:5]) or set(codes[:5]) != set(shuffled[:5])


@pytest.mark.fast
@given(st.lists(st.integers(0, 52), min_size=7, max_size=7, unique=True))
def test_adding_a_card_never_lowers_the_best_five(codes):
    for rules in (STANDARD, PAI_GOW):
        if 52 in codes and rules is STANDARD:
            continue
        five, six, seven = (evaluate(codes[:k], rules) for k in (5, 6, 7))
        assert five <= six <= seven
        assert evaluate(seven.best_five, rules) == seven


@pytest.mark.fast
@pytest.mark.parametrize("rank", [evaluate, evaluate_partial])
def test_every_straight_height_is_described(rank):
    # the nine-high straight's key (0xE) once read as a rank name and raised IndexError
    heights = "5 6 7 8 9 T J Q K A".split()
    names = "five six seven eight nine ten jack queen king ace".split()
    order = "A23456789TJQKA"
    for height, name in zip(heights, names):
        top = order.rindex(height)
        cards = [order[top - i] + "cdhsc"[i] for i in range(5)]
        assert rank(" ".join(cards)).describe() == f"Straight, {name} high"
        suited = [c[0] + "s" for c in cards]
        expected = "Royal flush" if height == "A" else f"Straight flush, {name} high"
        assert rank(" ".join(suited)).describe() == expected


@pytest.mark.slow
@pytest.mark.parametrize(
    "rules",
    [STANDARD, PAI_GOW, PAI_GOW.replace(wheel_second_highest=True),
     PIQUET.replace(ace_low_straight=True, flush_beats_full_house=True)],
    ids=lambda r: r.name,
)
def test_every_value_describes_itself(rules):
    from itertools import combinations

    hands = np.array(list(combinations(rules.deck_codes, 5)), dtype=np.uint8)
    values = evaluate_many(hands, rules)
    distinct, first = np.unique(values, return_index=True)
    assert len(distinct) == rules.n_values
    texts = set()
    for i in first:
        hand = evaluate(hands[i].tolist(), rules)
        texts.add(hand.describe())
        assert evaluate(hand.best_five, rules) == hand
        assert (hand.joker_as is not None) == (52 in hands[i])
        assert evaluate_partial(hand.best_five, rules).describe() == hand.describe()
    # distinct values read as distinct words (the joker never hides a difference)
    assert len(texts) == rules.n_values
