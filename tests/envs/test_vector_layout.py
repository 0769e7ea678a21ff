"""The vector batches lay out their observations as the Python encodings do: for each
game and rules, a batch's observation size, its fields and where its engine writes
each of them are the encoding's, and its first observation fills only the
encoding's fields (each element within the field's bounds)."""

from __future__ import annotations

import numpy as np
import pytest

from pokerrules import _vector
from pokerrules.cards import PIQUET_DECK
from pokerrules.chinese_poker import ChinesePokerRules
from pokerrules.eastwest import EastWestRules
from pokerrules.envs import chinese_poker_v0
from pokerrules.envs.chinese_poker_v0 import ChinesePokerEncoding
from pokerrules.envs.east_west_v0 import EastWestEncoding
from pokerrules.envs.z_poker_v0 import ZPokerEncoding
from pokerrules.zpoker import ZPokerRules

pytestmark = pytest.mark.fast


def _east_west(rules: EastWestRules):
    return (_vector.EastWestBatch(4, rules.hand_rules.variant, rules.win_rule, 0, "self"),
            EastWestEncoding(rules))


def _z_poker(rules: ZPokerRules):
    return (_vector.ZPokerBatch(4, rules.deck.codes, rules.hand_size, 0, "self"),
            ZPokerEncoding(rules))


def _chinese_poker(rules: ChinesePokerRules, players: int):
    batch = _vector.ChinesePokerBatch(4, players, rules.target, rules.open_choice, 0, "self",
                                      *chinese_poker_v0.play_patterns())
    return batch, ChinesePokerEncoding(rules, players)


CASES = [
    pytest.param(lambda: _east_west(EastWestRules()), id="east-west"),
    pytest.param(lambda: _east_west(EastWestRules(win_rule="two_rows")), id="east-west-two-rows"),
    pytest.param(lambda: _z_poker(ZPokerRules()), id="z-poker"),
    pytest.param(lambda: _z_poker(ZPokerRules(deck=PIQUET_DECK, hand_size=6)),
                 id="z-poker-piquet"),
    *(pytest.param(lambda p=p: _chinese_poker(ChinesePokerRules(), p), id=f"chinese-poker-{p}")
      for p in (2, 3, 4)),
    pytest.param(lambda: _chinese_poker(ChinesePokerRules(target=20, open_choice=True), 2),
                 id="chinese-poker-options"),
]


@pytest.mark.parametrize("make", CASES)
def test_a_batch_has_the_observation_size_and_actions_of_its_encoding(make):
    batch, encoding = make()
    assert batch.observation_size == encoding.observation_size
    assert batch.num_actions == encoding.num_actions


@pytest.mark.parametrize("make", CASES)
def test_a_batch_writes_each_field_where_the_encoding_lays_it(make):
    batch, encoding = make()
    assert [(f.name, f.start, f.size) for f in batch.fields] == \
        [(f.name, f.start, f.size) for f in encoding.fields]
    # every field the engine writes, at the encoding's start
    starts = {f.name: f.start for f in encoding.fields}
    assert batch.field_starts == {name: starts[name] for name in batch.field_starts}
    assert set(batch.field_starts) == set(starts)


@pytest.mark.parametrize("make", CASES)
def test_a_batch_observation_stays_within_the_encodings_bounds(make):
    batch, encoding = make()
    batch.reset(np.arange(4, dtype=np.int64))
    for seat in range(encoding.players):
        obs = batch.observe(seat)
        assert obs.shape == (4, encoding.observation_size)
        assert (obs >= 0).all() and (obs <= encoding.observation_high).all()
        assert obs.any(axis=1).all()  # the engine wrote something in each game


def test_the_vector_module_text_gives_the_encodings_sizes():
    """The sizes pokerrules.envs.vector's text names are the default encodings'."""
    pytest.importorskip("gymnasium", reason="Gymnasium is not installed")
    from pokerrules.envs import vector

    text = " ".join(vector.__doc__.split())
    chinese, z = ChinesePokerEncoding(), ZPokerEncoding()
    for phrase in (f"east_west_v0`: {EastWestEncoding().observation_size} elements",
                   f"chinese_poker_v0`: {chinese.observation_size};",
                   f"z_poker_v0`: {z.observation_size} with the standard deck",
                   f"by its ranks, {chinese.num_actions} actions",
                   f"{z.num_actions} actions with the standard deck"):
        assert phrase in text


def test_chinese_poker_actions_pass_choose_then_play_from_the_engines_first_play():
    first = _vector.CHINESE_POKER_FIRST_PLAY
    encoding = ChinesePokerEncoding(players=2)
    assert [encoding.action_name(a) for a in range(first)] == \
        ["pass", "choose dealt hand 0", "choose dealt hand 1", "choose dealt hand 2"]
    assert encoding.action_name(first) == "single 3"
    assert encoding.num_actions == first + len(chinese_poker_v0.play_patterns()[0])
