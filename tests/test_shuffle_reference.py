"""The deal stream the compiled core draws (ext/deal_stream.h, through
pokerrules.shuffle.DealStream) against a plain-Python statement of the module text's
algorithm, written here again as the independent reference."""

import re

import pytest

import pokerrules.shuffle
from pokerrules.cards import PAI_GOW_DECK, STANDARD_DECK
from pokerrules.errors import PokerRulesError
from pokerrules.shuffle import SEED_LIMIT, DealStream

pytestmark = pytest.mark.fast

M = 2**64
GAMMA = 0x9E3779B97F4A7C15
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB


class ReferenceStream:
    """SplitMix64 words and Lemire's draws, in Python ints."""

    def __init__(self, seed, drawn=0):
        self.seed, self.drawn = seed, drawn

    def word(self):
        self.drawn += 1
        z = (self.seed + self.drawn * GAMMA) % M
        z = (z ^ (z >> 30)) * MIX1 % M
        z = (z ^ (z >> 27)) * MIX2 % M
        return z ^ (z >> 31)

    def below(self, n):
        while True:
            m = self.word() * n
            if m % M >= (M - n) % n:
                return m // M

    def shuffled(self, codes):
        undealt = sorted(codes)
        return [undealt.pop(self.below(len(undealt))) for _ in range(len(undealt))]


SEEDS = [0, 1, 2, 7, 12345, 2**32 - 1, 2**32, SEED_LIMIT // 3, SEED_LIMIT - 2, SEED_LIMIT - 1]
BOUNDS = [1, 2, 3, 5, 6, 32, 52, 53, 2**31, 2**32 - 1, 2**32, 2**32 + 1, 2**63 - 1, 2**63,
          2**63 + 1, 3 * 2**62, 3 * 2**62 + 1, M - 3, M - 2, M - 1, M,
          *[2**k for k in range(64)], *[2**k - 1 for k in range(2, 64)]]


def test_words_agree_over_seeds_and_positions():
    for seed in [*SEEDS, *range(100, 400)]:
        for drawn in (0, 1, 9, 2**20, SEED_LIMIT - 1):
            ours, theirs = DealStream(seed, drawn), ReferenceStream(seed, drawn)
            assert [ours.word() for _ in range(5)] == [theirs.word() for _ in range(5)]
            assert ours.drawn == theirs.drawn


@pytest.mark.parametrize("n", BOUNDS)
def test_draws_below_a_bound_agree_words_redrawn_included(n):
    for seed in [*SEEDS, *range(50)]:
        ours, theirs = DealStream(seed), ReferenceStream(seed)
        assert [ours.below(n) for _ in range(12)] == [theirs.below(n) for _ in range(12)]
        assert ours.drawn == theirs.drawn


def test_bounds_that_reject_many_words_redraw_the_same_words():
    # about half of all words are redrawn below 2**63 + 1, a quarter below 3 * 2**62 + 1
    redrawn = 0
    for seed in range(200):
        ours, theirs = DealStream(seed), ReferenceStream(seed)
        for n in (2**63 + 1, 3 * 2**62 + 1, M - 1):
            assert ours.below(n) == theirs.below(n)
        assert ours.drawn == theirs.drawn
        redrawn += ours.drawn - 3
    assert redrawn > 100


def test_shuffles_takes_cards_and_dice_agree():
    for seed in [*SEEDS, *range(500, 800)]:
        for codes in (STANDARD_DECK.codes, PAI_GOW_DECK.codes, range(10), [5], [],
                      [-3, 2**70, 0, 7]):
            ours, theirs = DealStream(seed), ReferenceStream(seed)
            assert ours.shuffled(codes) == theirs.shuffled(codes)
            assert ours.drawn == theirs.drawn
        ours, theirs = DealStream(seed, 3), ReferenceStream(seed, 3)
        undealt, left = list(range(20, 52)), list(range(20, 52))
        for _ in range(32):
            assert ours.take(undealt) == left.pop(theirs.below(len(left)))
            assert ours.roll() == 1 + theirs.below(6)
            assert ours.card(left or [0]) == (left or [0])[theirs.below(len(left) or 1)]
        assert (undealt, ours.drawn) == ([], theirs.drawn)


def test_taking_from_an_empty_pile_draws_nothing():
    stream = DealStream(4, 2)
    with pytest.raises(PokerRulesError, match="no card"):
        stream.take([])
    assert stream == DealStream(4, 2)


def test_the_module_text_states_the_constants_of_the_reference():
    text = pokerrules.shuffle.__doc__
    assert text is not None
    found = {int(h, 16) for h in re.findall(r"0x[0-9A-F]{16}", text)}
    assert found == {GAMMA, MIX1, MIX2}
    assert SEED_LIMIT == 2**53
