"""Whatever the exact counts are given, they count exactly or refuse with a
PokerRulesError: exact_house_edge, exact_house_edges, exact_memory,
exact_hand_counts and BatchWay, on a tiny deck, each call with valid arguments or
one of them replaced by any object. An accepted count equals the count of the
same strategies by name; every fuzzer asserts that it accepted enough calls."""


import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_paigow_exact import SMALL

from pokerrules import Card, format_cards
from pokerrules.cards import card_codes
from pokerrules.errors import PokerRulesError
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
)

BALLYS = "ballys"  # Bally's Atlantic City's posted way
CLASSIC = PaiGowRules.classic()
TINY = SMALL[:14]


def ballys_many(hands, rules):
    return house_way_many(hands, rules, BALLYS)


def ballys_setting(cards, rules):
    return house_way(cards, rules, BALLYS)


def no_setting(cards, rules):
    return None


BATCHED = BatchWay(ballys_many, "tp")
#: strategies that set as the ballys way does, by another route
AS_BALLYS = (BATCHED, ballys_setting, HouseWay(BALLYS))

ANYTHING = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=12),
    st.binary(max_size=6), st.lists(st.integers(-3, 60), max_size=10),
    st.lists(st.sampled_from([str(Card(c)) for c in range(53)]), max_size=9),
    st.sampled_from([object(), HouseWay, np.array([1, 2, 3]), np.array(["foxwoods"]),
                     np.int64(3), np.True_, np.str_("foxwoods"), np.float64(1.0), {}, (),
                     [None], "house_way", "optimal", "caesars", "FOXWOODS", b"foxwoods",
                     no_setting, BatchWay(lambda hands, rules: hands[:, :5]),
                     BatchWay(lambda hands, rules: ballys_many(hands, rules)
                              .astype("m8[s]")),
                     BatchWay(lambda hands, rules: ballys_many(hands, rules)
                              .astype(float))]),
)
SOME = ANYTHING.filter(lambda value: value is not None)  # None is the full deck: too slow

RULES = st.sampled_from([CLASSIC, PaiGowRules.casino(), "classic", "Casino",
                         PaiGowRules(house_way=BALLYS),
                         PaiGowRules(house_way=ballys_setting)])
WAYS = st.sampled_from([None, "foxwoods", BALLYS, *AS_BALLYS])
DECKS = st.sampled_from([TINY, np.array(TINY), format_cards(TINY), tuple(map(Card, TINY)),
                         SMALL, np.array(SMALL, dtype=np.int64)])
FLAGS = st.sampled_from([None, True, False, np.True_, np.False_])
COUNTS = st.one_of(st.integers(1, 6), st.sampled_from([2**31, 2**63 - 1, np.int64(3)]))
HANDS = st.sampled_from([[TINY[:7]], [TINY[7:], TINY[:7]], [format_cards(TINY[3:10])], []])


def calls(valid, anything):
    """Keyword arguments: each valid, or (about half the time) one replaced by
    ``anything[name]`` (any object)."""

    @st.composite
    def draw_call(draw):
        args = {name: draw(strategy) for name, strategy in valid.items()}
        bad = draw(st.one_of(st.none(), st.sampled_from(sorted(anything))))
        if bad is not None:
            args[bad] = draw(anything[bad])
        return args

    return draw_call()


def named(way, rules):
    """The built-in way a strategy sets as."""
    if way is None:
        way = rules.house_way
    if isinstance(way, str):
        return way
    assert way in AS_BALLYS or way is ballys_setting, way
    return BALLYS


REFERENCE: dict[tuple[object, ...], tuple[int, int, int]] = {}


def reference(rules, way, player_way, deck):
    """The counts of the same strategies by name, counted once."""
    from pokerrules.paigow import paigow_rules

    rules = paigow_rules(rules)
    banker = named(way, rules)
    player = banker if player_way is None else named(player_way, rules)
    codes = tuple(sorted(card_codes(deck)))
    key = (rules.wheel_second_highest, banker, player, codes)
    if key not in REFERENCE:
        r = exact_house_edge(rules.replace(house_way="foxwoods"), banker, player, deck=codes)
        REFERENCE[key] = (r.wins, r.pushes, r.losses)
    return REFERENCE[key]


def counts(result):
    return result.wins, result.pushes, result.losses


def quietly(call, **args):
    """``call(**args)``, or None when it refuses with a PokerRulesError."""
    try:
        return call(**args)
    except PokerRulesError:
        return None


EDGE = {"rules": RULES, "way": WAYS, "player_way": WAYS, "deck": DECKS, "symmetry": FLAGS,
        "parts": COUNTS, "workers": COUNTS, "progress": st.just(False)}
EDGE_ANY = {**{name: ANYTHING for name in EDGE}, "deck": SOME}
EDGES = {"variants": st.lists(st.tuples(RULES, WAYS, WAYS), max_size=2), "deck": DECKS,
         "symmetry": FLAGS, "workers": st.just(1), "executor": st.none(),
         "progress": st.just(False), "start_method": st.none()}
EDGES_ANY = {**{name: ANYTHING for name in EDGES}, "deck": SOME,
             # a valid count above 1 starts a process pool: too slow here
             "workers": ANYTHING.filter(lambda v: not (isinstance(v, int) and v > 1))}
MEMORY = {"rules": RULES, "way": WAYS, "player_way": WAYS, "deck": DECKS, "workers": COUNTS}
MEMORY_ANY = {name: ANYTHING for name in MEMORY}
HAND_COUNTS = {"hands": HANDS, "rules": RULES, "way": WAYS, "player_way": WAYS, "deck": DECKS}
HAND_COUNTS_ANY = {**{name: ANYTHING for name in HAND_COUNTS}, "deck": SOME}
SETTERS = (ballys_many,
           lambda hands, rules: ballys_many(hands, rules).astype(np.int64),
           lambda hands, rules: ballys_many(hands, rules).astype(np.uint16).tolist())
BATCH = {"function": st.sampled_from(SETTERS), "name": st.one_of(st.none(), st.text(max_size=8))}
BATCH_ANY = {name: ANYTHING for name in BATCH}


def fuzz_exact_house_edge(examples):
    accepted = []

    @settings(max_examples=examples)
    @given(calls(EDGE, EDGE_ANY))
    def count(args):
        result = quietly(exact_house_edge, **args)
        if result is not None:
            assert counts(result) == reference(args["rules"], args["way"], args["player_way"],
                                               args["deck"])
            accepted.append(args)

    count()
    return accepted


def fuzz_exact_house_edges(examples):
    accepted = []

    @settings(max_examples=examples)
    @given(calls(EDGES, EDGES_ANY))
    def sweep(args):
        results = quietly(exact_house_edges, **args)
        if results is not None:
            assert [counts(r) for r in results] == [
                reference(*variant, args["deck"]) for variant in args["variants"]]
            accepted.append(args)

    sweep()
    return accepted


def fuzz_exact_memory(examples):
    accepted = []

    @settings(max_examples=examples)
    @given(calls(MEMORY, MEMORY_ANY))
    def memory(args):
        result = quietly(exact_memory, **args)
        if result is not None:
            assert type(result) is int and result > 3 * 3432
            accepted.append(args)

    memory()
    return accepted


def fuzz_exact_hand_counts(examples):
    accepted = []

    @settings(max_examples=examples)
    @given(calls(HAND_COUNTS, HAND_COUNTS_ANY))
    def hands(args):
        results = quietly(exact_hand_counts, **args)
        if results is not None:
            assert len(results) == len(args["hands"])
            assert all(r.wins + r.pushes + r.losses == r.total > 0 for r in results)
            accepted.append(args)

    hands()
    return accepted


def fuzz_batch_way(examples):
    accepted = []

    @settings(max_examples=examples)
    @given(calls(BATCH, BATCH_ANY))
    def batch(args):
        way = quietly(BatchWay, **args)
        if way is None:
            return
        result = quietly(exact_house_edge, rules=CLASSIC, way="foxwoods", player_way=way,
                         deck=TINY)
        if result is not None:
            assert args["function"] in SETTERS
            assert counts(result) == reference(CLASSIC, "foxwoods", BALLYS, TINY)
            accepted.append(args)

    batch()
    return accepted


FUZZERS = {"exact_house_edge": fuzz_exact_house_edge,
           "exact_house_edges": fuzz_exact_house_edges, "exact_memory": fuzz_exact_memory,
           "exact_hand_counts": fuzz_exact_hand_counts, "BatchWay": fuzz_batch_way}


@pytest.mark.parametrize("fuzz", FUZZERS.values(), ids=FUZZERS.keys())
def test_exact_counts_are_refused_or_exact_on_a_sample(fuzz):
    assert len(fuzz(16)) >= 3


@pytest.mark.slow
@pytest.mark.parametrize("fuzz", FUZZERS.values(), ids=FUZZERS.keys())
def test_exact_counts_are_refused_or_exact(fuzz):
    assert len(fuzz(300)) >= 30
