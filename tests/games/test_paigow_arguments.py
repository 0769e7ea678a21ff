"""Every Pai Gow function takes its arguments alike: the ways in one order
(rules, way, player_way) and checked by one rule, each error naming its
argument; flags are booleans; a BatchWay is checked when made and its settings
when read."""

import numpy as np
import pytest
from test_paigow_exact import SMALL

from pokerrules.errors import ArgumentTypeError, IllegalMoveError, PokerRulesError
from pokerrules.paigow import (
    BatchWay,
    HouseWay,
    PaiGowRules,
    exact_hand_counts,
    exact_house_edge,
    exact_house_edges,
    exact_memory,
    house_way,
    house_way_many,
    simulate,
)
from pokerrules.paigow.analysis.outcomes import GRID_BYTES, table_bytes

pytestmark = pytest.mark.fast

BALLYS = "ballys"  # Bally's Atlantic City's posted way
CLASSIC = PaiGowRules.classic()
CASINO = PaiGowRules.casino()
TINY = SMALL[:14]
HAND = [TINY[k] for k in (0, 2, 4, 6, 8, 10, 12)]


def ballys_many(hands, rules):
    return house_way_many(hands, rules, BALLYS)


ARRAY = np.array([1, 2, 3])
WAY_CALLS = {
    "exact_house_edge way": lambda w: exact_house_edge(CLASSIC, w, deck=TINY),
    "exact_house_edge player_way": lambda w: exact_house_edge(CLASSIC, None, w, deck=TINY),
    "exact_house_edges": lambda w: exact_house_edges([(CLASSIC, "foxwoods", w)], deck=TINY),
    "exact_memory way": lambda w: exact_memory(CLASSIC, w),
    "exact_memory player_way": lambda w: exact_memory(CLASSIC, "foxwoods", w),
    "exact_hand_counts": lambda w: exact_hand_counts([HAND], CLASSIC, w, deck=TINY),
    "simulate way": lambda w: simulate(CLASSIC, 10, way=w, seed=1),
    "simulate player_way": lambda w: simulate(CLASSIC, 10, player_way=w, seed=1),
}


@pytest.mark.parametrize("call", WAY_CALLS.values(), ids=WAY_CALLS.keys())
@pytest.mark.parametrize("way", [ARRAY, 5, object(), HouseWay, b"foxwoods"],
                         ids=["array", "int", "object", "class", "bytes"])
def test_a_way_that_is_no_strategy_is_refused_naming_its_argument(call, way):
    with pytest.raises(ArgumentTypeError, match=r"way must be a strategy: a way's name \("):
        call(way)


@pytest.mark.parametrize("call", WAY_CALLS.values(), ids=WAY_CALLS.keys())
def test_an_unknown_way_name_is_refused_naming_its_argument(call):
    with pytest.raises(PokerRulesError, match=r"unknown house way 'caesars' for (player_)?way"
                                              r"; choose from .*foxwoods, trump_plaza, "
                                              r"claridge, " + BALLYS):
        call("caesars")


def test_a_batch_way_is_checked_when_made():
    with pytest.raises(ArgumentTypeError, match="BatchWay's name must be text or None, not 5"):
        BatchWay(ballys_many, name=5)
    with pytest.raises(ArgumentTypeError, match="BatchWay's function must be a function"):
        BatchWay(ARRAY)
    with pytest.raises(ArgumentTypeError, match="BatchWay's function must be a function"):
        BatchWay(HouseWay)
    assert str(BatchWay(ballys_many, "two pairs, batched")) == "two pairs, batched"


@pytest.mark.parametrize("dtype", ["m8[s]", "M8[s]", np.float64, np.bool_, object])
def test_a_batch_way_that_returns_no_integer_codes_is_refused(dtype):
    way = BatchWay(lambda hands, rules: ballys_many(hands, rules).astype(dtype))
    with pytest.raises(PokerRulesError, match=r"returned .* it returns integer card codes"):
        exact_house_edge(CLASSIC, "foxwoods", way, deck=TINY)


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.int64, np.uint64])
def test_a_batch_way_may_return_any_integer_dtype(dtype):
    way = BatchWay(lambda hands, rules: ballys_many(hands, rules).astype(dtype))
    counts = exact_house_edge(CLASSIC, "foxwoods", way, deck=TINY)
    named = exact_house_edge(CLASSIC, "foxwoods", BALLYS, deck=TINY)
    assert (counts.wins, counts.pushes, counts.losses) == (named.wins, named.pushes,
                                                           named.losses)


@pytest.mark.parametrize("way", [house_way, HouseWay(), HouseWay(None)],
                         ids=["house_way", "HouseWay()", "HouseWay(None)"])
def test_the_rules_house_way_cannot_be_the_rules_own_house_way(way):
    with pytest.raises(PokerRulesError, match=r"house_way=.* sets a hand by the rules' own house "
                                              r"way, which would be itself"):
        PaiGowRules(house_way=way)
    with pytest.raises(PokerRulesError, match="which would be itself"):
        CLASSIC.replace(house_way=way)
    rules = PaiGowRules(house_way=HouseWay(BALLYS))  # a named way is fine
    assert house_way("9s 9d 4h 4c Jk Td 2c", rules) == house_way("9s 9d 4h 4c Jk Td 2c",
                                                                 way=BALLYS)


FLAG_CALLS = {
    "exact_house_edge symmetry": lambda v: exact_house_edge(CLASSIC, deck=TINY, symmetry=v),
    "exact_house_edge progress": lambda v: exact_house_edge(CLASSIC, deck=TINY, progress=v),
    "exact_house_edges symmetry": lambda v: exact_house_edges([(CLASSIC, None, None)],
                                                              deck=TINY, symmetry=v),
    "exact_house_edges progress": lambda v: exact_house_edges([(CLASSIC, None, None)],
                                                              deck=TINY, progress=v),
    "simulate progress": lambda v: simulate(CLASSIC, 10, seed=1, progress=v),
}


@pytest.mark.parametrize("call", FLAG_CALLS.values(), ids=FLAG_CALLS.keys())
@pytest.mark.parametrize("value", ["no", "", 0, 1, 2.0, [], np.array([True])])
def test_flags_are_booleans(call, value):
    with pytest.raises(ArgumentTypeError, match=r"(symmetry|progress) must be True, False or "
                                                r"None, not "):
        call(value)


@pytest.mark.parametrize("call", FLAG_CALLS.values(), ids=FLAG_CALLS.keys())
def test_numpy_bools_are_flags(call):
    assert call(np.False_) is not None


def test_exact_memory_takes_exact_house_edges_order_and_checks_every_argument():
    one, two = table_bytes(53, 1) + GRID_BYTES, table_bytes(53, 2) + GRID_BYTES
    assert exact_memory() == exact_memory(CLASSIC) == exact_memory("casino") == one
    assert exact_memory(CLASSIC, "foxwoods", BALLYS) == two
    assert exact_memory(CLASSIC, BALLYS) == one
    assert exact_memory(PaiGowRules(house_way=BALLYS), None, BALLYS) == one
    assert exact_memory(CLASSIC, "foxwoods", BatchWay(ballys_many)) == two
    assert exact_memory(CLASSIC, deck=TINY) == table_bytes(14, 1) + GRID_BYTES
    with pytest.raises(ArgumentTypeError, match="rules must be PaiGowRules"):
        exact_memory(object())
    with pytest.raises(PokerRulesError, match="no PaiGowRules preset is named 'vegas'"):
        exact_memory("vegas")
    with pytest.raises(PokerRulesError, match="at least 14"):
        exact_memory(CLASSIC, deck=TINY[:13])
    with pytest.raises(ArgumentTypeError, match="workers must be an int"):
        exact_memory(CLASSIC, workers="2")


def test_exact_memory_counts_the_grids_of_each_thread(monkeypatch):
    from pokerrules.paigow.analysis import exact

    monkeypatch.setattr(exact, "cpus", lambda: 4)
    one = exact_memory(CLASSIC, deck=TINY)
    assert exact_memory(CLASSIC, deck=TINY, workers=3) == one + 2 * GRID_BYTES
    assert exact_memory(CLASSIC, deck=TINY, workers=100) == one + 3 * GRID_BYTES


def test_exact_memory_takes_the_rules_first_and_no_banker_way_keyword():
    with pytest.raises(PokerRulesError, match="foxwoods"):
        exact_memory("foxwoods", BALLYS)
    with pytest.raises(TypeError, match="banker_way"):
        exact_memory(CLASSIC, banker_way=BALLYS)
    assert exact_memory(CLASSIC, "foxwoods", BALLYS) > exact_memory(CLASSIC, "foxwoods")


def test_simulate_takes_way_and_player_way_and_no_banker_or_player_keyword():
    for keyword in ("banker", "player"):
        with pytest.raises(TypeError, match=keyword):
            simulate(CASINO, 500, seed=2, **{keyword: BALLYS})


def test_the_player_sets_by_the_bankers_way_unless_told():
    both = simulate(CASINO, 500, way=BALLYS, player_way=BALLYS, seed=2)
    assert simulate(CASINO, 500, way=BALLYS, seed=2) == both
    assert (both.player, both.banker) == (BALLYS, BALLYS)


def test_simulate_takes_a_batch_way():
    batched = simulate(CASINO, 2_000, player_way=BatchWay(ballys_many, "tp"), seed=4)
    named = simulate(CASINO, 2_000, player_way=BALLYS, seed=4)
    assert batched.player == "tp"
    assert (batched.wins, batched.pushes, batched.losses) == (named.wins, named.pushes,
                                                              named.losses)

    def other_cards(hands, rules):
        out = ballys_many(hands, rules)
        out[:, 0] = out[:, 1]  # a card twice, one not at all
        return out

    with pytest.raises(IllegalMoveError, match=r"the player strategy .* not its cards"):
        simulate(CASINO, 10, player_way=BatchWay(other_cards), seed=4)
