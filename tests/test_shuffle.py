"""The deal stream: SplitMix64 words, unbiased draws, and the deals pinned to seeds."""

import json

import numpy as np
import pytest

from pokerrules.cards import format_cards
from pokerrules.errors import ArgumentTypeError, PokerRulesError
from pokerrules.paigow import PaiGowRules, deal_round
from pokerrules.shuffle import SEED_LIMIT, DealStream

pytestmark = pytest.mark.fast

M = 2**64


def test_words_are_splitmix64():
    # The published SplitMix64 outputs for a state starting at 0 (Steele, Lea and
    # Flood's reference code, as printed by many test suites).
    stream = DealStream(0)
    assert [stream.word() for _ in range(4)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F, 0xF88BB8A8724C81EC]
    assert stream.drawn == 4


def test_a_position_is_the_seed_and_the_words_drawn():
    stream = DealStream(12345)
    for _ in range(10):
        stream.word()
    assert stream == DealStream(12345, 10)
    assert stream.word() == DealStream(12345, 10).word()
    assert DealStream.from_dict(json.loads(json.dumps(stream.to_dict()))) == stream


def _lemire(words, n):
    """The module text's rule, stated again: multiply, reject low parts below (M - n) % n."""
    for x in words:
        m = x * n
        if m % M >= (M - n) % n:
            return m // M
    raise AssertionError("ran out of words")


@pytest.mark.parametrize("n", [1, 2, 6, 52, 2**32 + 1, 3 * 2**62, M])
def test_below_is_lemires_method(n):
    for seed in range(40):
        words = [DealStream(seed, 0).word()]
        follow = DealStream(seed, 1)
        words += [follow.word() for _ in range(20)]
        stream = DealStream(seed)
        assert stream.below(n) == _lemire(words, n)
        assert 0 <= _lemire(words, n) < n


def test_below_rejects_the_biased_words():
    # n = 3 * 2**62: a quarter of all words fall in the remainder and are drawn again
    n = 3 * 2**62
    stream = DealStream(5)
    counts = [stream.drawn]
    for _ in range(400):
        stream.below(n)
        counts.append(stream.drawn)
    extra = counts[-1] - counts[0] - 400
    assert 60 < extra < 240  # about 400 / 3 words redrawn


def test_below_is_uniform():
    stream = DealStream(99)
    counts = np.bincount([stream.below(6) for _ in range(60_000)], minlength=6)
    # each face 10,000 times, standard deviation about 91
    assert np.all(np.abs(counts - 10_000) < 500), counts


def test_shuffled_draws_each_card_from_those_left():
    stream = DealStream(7)
    undealt = list(range(10))
    by_hand = [undealt.pop(stream.below(len(undealt))) for _ in range(10)]
    assert DealStream(7).shuffled(range(10)) == by_hand == [3, 0, 9, 6, 4, 2, 5, 1, 7, 8]
    assert DealStream(7).shuffled([9, 5, 1, 0, 2, 3, 4, 6, 7, 8]) == by_hand  # order in: none


def test_a_generator_seeds_a_stream_from_its_raw_output():
    rng = np.random.default_rng(3)
    raw = int(np.random.default_rng(3).bit_generator.random_raw())
    assert DealStream.from_seed(rng) == DealStream(raw >> 11)


@pytest.mark.parametrize(("seed", "error"), [
    (-1, PokerRulesError), (SEED_LIMIT, PokerRulesError), (2**64, PokerRulesError),
    ("7", ArgumentTypeError), (True, ArgumentTypeError), (1.0, ArgumentTypeError),
    (None, ArgumentTypeError),
])
def test_bad_seeds(seed, error):
    with pytest.raises(error, match="seed"):
        DealStream.from_seed(seed)


@pytest.mark.parametrize("data", [None, {}, {"seed": 1}, {"seed": "1", "drawn": 0},
                                  {"seed": 1, "drawn": -1}, {"seed": 1.0, "drawn": 0},
                                  {"seed": 1, "drawn": 0, "x": 1}, {"seed": 2**53, "drawn": 0}])
def test_bad_positions(data):
    with pytest.raises(PokerRulesError):
        DealStream.from_dict(data)


@pytest.mark.parametrize("n", [0, -1, M + 1, 2.0, None])
def test_bad_counts(n):
    stream = DealStream(1)
    with pytest.raises(PokerRulesError, match="draw"):
        stream.below(n)
    assert stream.drawn == 0


def test_pai_gow_deal_of_seed_7():
    deal = deal_round(PaiGowRules.classic(), [1, 2, 5], seed=7)
    assert deal.dice == (2, 4, 2)
    assert [format_cards(p) for p in deal.piles] == [
        "7c 6d Qs 3c Qh Tc 8h", "2c 3s 9d 6c 6h 3h 2d", "Ks 7s Kd 7d Jk Qd 4c",
        "9s 3d 5s Ad 2h 4h 8s", "8c As Td Ah 7h 4d Th", "5c Ac Jh 2s 4s Jc Js",
        "8d Kc Ts 6s 9h Kh Qc"]
    assert format_cards(deal.discards) == "9c Jd 5d 5h"
    assert deal.pile_of == {1: 1, 2: 2, 5: 5}


def test_pai_gow_deal_of_the_largest_seed():
    deal = deal_round(PaiGowRules.classic(), [1, 2], seed=SEED_LIMIT - 1)
    assert (deal.dice, format_cards(deal.discards)) == ((3, 3, 3), "Kd 2h 8h 7s")
    with pytest.raises(PokerRulesError, match="2\\*\\*53"):
        deal_round(PaiGowRules.classic(), [1, 2], seed=SEED_LIMIT)


def test_a_round_record_of_another_format_is_refused_by_its_version():
    from pokerrules.paigow import load_round, play_round
    data = play_round(PaiGowRules.classic(), {1: None, 2: None}, seed=3).to_dict()
    assert data["format"] == 2 and load_round(data).deal_seed == 3
    for version in (1, 3, "2"):
        with pytest.raises(PokerRulesError) as error:
            load_round({**data, "format": version})
        assert str(error.value) == f"unknown format version {version!r}; this pokerrules " \
            "reads round records of version 2"
