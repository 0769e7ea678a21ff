"""A house way's description comes from outside: whatever its text, loading it
either returns a way every Pai Gow function can use, or raises HouseWayError
naming the file and line; nothing crashes, recurses without bound or is half
loaded, and a pickle's text is parsed and checked again."""

import os
import pickle
import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_paigow_exact import SMALL

from pokerrules.errors import HouseWayError, PokerRulesError
from pokerrules.paigow import (
    DescribedWay,
    compare_ways,
    exact_hand_counts,
    house_way,
    house_way_many,
    load_house_way,
    way_description,
)
from pokerrules.paigow.game import description
from pokerrules.paigow.game.description import _reload

FOX = way_description("foxwoods")
BALLYS = way_description("ballys")
THREE_ACES = "if trips = A ->"


def with_condition(condition):
    assert THREE_ACES in FOX
    return FOX.replace(THREE_ACES, f"if {condition} ->")


def refused_on_line(text, fragment, *words):
    with pytest.raises(HouseWayError) as info:
        load_house_way(text)
    line = next(n for n, row in enumerate(text.splitlines(), 1) if fragment in row)
    message = str(info.value)
    assert message.startswith(f"<text>, line {line}: "), message
    for word in words:
        assert word in message, message
    return message


def nested(depth):
    condition = "trips = A"
    for _ in range(depth):
        condition = f"trips = A or trips = A and ({condition})"
    return condition


def test_deep_brackets_and_nots_are_refused_naming_the_line():
    # as deep as a line of WAY_LINE_LIMIT characters lets them go
    for condition in ("(" * 900 + "trips = A" + ")" * 900, "not " * 400 + "trips = A",
                      "(" * 17 + "trips = A" + ")" * 17):
        refused_on_line(with_condition(condition), "three aces", "nested more than 16 deep")
    # sixteen levels of 'X or Y and (...)' hold 34 values at once: more than C's stack
    refused_on_line(with_condition(nested(16)), "three aces", "more than 32 values")
    # fifteen levels hold 32: loaded, and the rule still sets three aces as before
    assert house_way("As Ah Ad Kc 9d 5h 2s", way=load_house_way(with_condition(nested(15)))) \
        == house_way("As Ah Ad Kc 9d 5h 2s", way="foxwoods")


@pytest.mark.parametrize(("number", "shown"), [
    ("\u00b2", "unknown word '\u00b2'"),  # a superscript two is a digit to str.isdigit
    ("\u0663", "unknown word '\u0663'"),  # an Arabic-Indic three
    ("9" * 1900, "(1,900 characters) is no count"),  # as long as a line holds
    ("0" * 1900 + "9", "is no count"),
])
def test_numbers_are_ascii_digits_and_huge_ones_are_refused(number, shown):
    refused_on_line(with_condition(f"number of trips = {number}"), "three aces", shown)


def test_only_ascii_letters_are_ranks():
    # the Kelvin sign lower-cases to 'k': it must not read as a king
    refused_on_line(with_condition("trips = \u212a"), "three aces", "unknown word")
    refused_on_line(FOX.replace("-> two of K", "-> two of \u212a", 1), "kings in front",
                    "unknown word")


def test_a_path_with_a_nul_byte_is_refused():
    with pytest.raises(HouseWayError, match="cannot read the house way"):
        load_house_way("foxwoods\x00.way")


def test_a_path_that_is_no_regular_file_is_refused_without_reading_it(tmp_path):
    # reading a pipe would wait for a writer forever, reading /dev/zero never ends
    pipe = tmp_path / "way.fifo"
    os.mkfifo(pipe)
    for path in (pipe, Path("/dev/zero"), tmp_path):
        if path.exists():
            with pytest.raises(HouseWayError, match="not a regular file"):
                load_house_way(path)


def test_too_long_a_description_is_refused_naming_the_rule_that_overflows(monkeypatch):
    # rules of 131 tests each (about 790 words, each line under WAY_LINE_LIMIT): the
    # tenth passes 8,192 words, and no rule after it is compiled
    rule = "  r{}: if single = A" + " or single = K" * 130 + " -> single and second single\n"
    long_rules = FOX.replace("no pair:\n", "no pair:\n" + "".join(
        rule.format(k) for k in range(20)))
    compiled = []
    real = description._condition
    monkeypatch.setattr(description, "_condition",
                        lambda text, *a: compiled.append(text) or real(text, *a))
    refused_on_line(long_rules, "r9:", "too long", "8192 words")
    assert sum("single = K" in text for text in compiled) == 10
    many = FOX.replace("no pair:\n", "no pair:\n" + "  r: if single = A -> single and "
                       "second single\n" * 300)
    with pytest.raises(HouseWayError) as info:
        load_house_way(many)
    # no pair is the last section: its rule 250 - (rules before it) + 1 is the first too many
    before = len(load_house_way(FOX).rules) - 1
    line = many.splitlines().index("no pair:") + 1 + (250 - before) + 1
    assert str(info.value) == f"<text>, line {line}: too many rules: at most 250"


def test_messages_cut_a_very_long_word():
    message = refused_on_line(with_condition("trips = " + "z" * 1900), "three aces")
    assert len(message) < 2000 and "characters" in message


@pytest.mark.parametrize("args", [(None, None), (FOX.encode(), None), (FOX, 5), (FOX, b"x")])
def test_a_forged_pickle_of_a_way_is_refused(args):
    class Forged:
        def __reduce__(self):
            return _reload, args

    forged = pickle.dumps(Forged())
    with pytest.raises(HouseWayError, match="a pickled house way holds its text"):
        pickle.loads(forged)


def test_a_pickle_whose_text_is_bad_is_refused_as_a_file_would_be():
    way = load_house_way(FOX)
    bad = FOX.replace("-> two of K", "-> two of Z", 1)
    forged = pickle.dumps(way).replace(FOX.encode(), bad.encode())
    assert forged != pickle.dumps(way)
    with pytest.raises(HouseWayError, match=r"<text>, line \d+: rule 'kings in front'"):
        pickle.loads(forged)
    assert pickle.loads(pickle.dumps(way)) == way


# ------------------------------------------------------ mutations of the shipped texts

WORDS = ["A", "K", "Q", "J", "T", "10", "9", "2", "0", "1", "7", "8", "99999999999999999999",
         "pair", "second pair", "third pair", "trips", "single", "second single",
         "number of pairs", "number of aces", "joker", "straight", "flush", "not", "and",
         "or", "(", ")", "|", "=", "!=", "<", ">=", "->", ":", "always", "otherwise", "if",
         "two of", "straight or flush", "\x00", "\u212a", "\u00b2", "\u00e9", "#", ""]
_RNG = np.random.default_rng(5)
HANDS = np.array([np.sort(_RNG.choice(53, 7, replace=False)) for _ in range(400)],
                 dtype=np.uint8)


def mutate(data, text):
    lines = text.splitlines()
    for _ in range(data.draw(st.integers(1, 3))):
        n = data.draw(st.integers(0, len(lines) - 1))
        kind = data.draw(st.sampled_from(
            ["delete", "duplicate", "swap", "word", "deep", "long", "many"]))
        if kind == "delete":
            del lines[n]
        elif kind == "duplicate":
            lines.insert(n, lines[n])
        elif kind == "swap":
            m = data.draw(st.integers(0, len(lines) - 1))
            lines[n], lines[m] = lines[m], lines[n]
        elif kind == "word":
            words = re.split(r"(\s+)", lines[n])
            k = data.draw(st.integers(0, len(words) - 1))
            words[k] = data.draw(st.sampled_from(WORDS) | st.text(max_size=4))
            lines[n] = "".join(words)
        elif kind == "deep":
            depth = data.draw(st.integers(1, 40))
            lines[n] = lines[n].replace(" if ", " if " + "(" * depth, 1).replace(
                " ->", ")" * depth + " ->", 1)
        elif kind == "long":
            lines[n] = lines[n].replace(" ->", " or pair = K" * data.draw(
                st.integers(1, 2000)) + " ->", 1)
        else:
            lines[n:n] = [lines[n]] * data.draw(st.integers(1, 400))
        if not lines:
            lines = [""]
    return "\n".join(lines) + "\n"


def mutation_fuzz(examples):
    """Loads ``examples`` mutated descriptions; every one loads whole (and sets
    hands with their own cards, by rules it has) or is refused naming a line.
    Returns how many loaded and how many were refused."""
    seen = {"loaded": 0, "refused": 0}

    @settings(max_examples=examples, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(st.data())
    def one(data):
        text = mutate(data, data.draw(st.sampled_from([FOX, BALLYS])))
        try:
            way = load_house_way(text)
        except HouseWayError as exc:
            seen["refused"] += 1
            assert re.match(r"<text>, line \d+: ", str(exc)), exc
            return
        seen["loaded"] += 1
        assert isinstance(way, DescribedWay) and pickle.loads(pickle.dumps(way)) == way
        rows, numbers = house_way_many(HANDS, "classic", way, with_rules=True)
        np.testing.assert_array_equal(np.sort(rows, axis=1), np.sort(HANDS, axis=1))
        assert 1 <= numbers.min() and numbers.max() <= len(way.rules)

    one()
    return seen


def test_a_mutated_description_loads_whole_or_is_refused_naming_a_line():
    seen = mutation_fuzz(20)
    assert seen["loaded"] >= 3 and seen["refused"] >= 3, seen


@pytest.mark.slow
def test_many_mutated_descriptions_load_whole_or_are_refused_naming_a_line():
    seen = mutation_fuzz(600)
    assert seen["loaded"] >= 60 and seen["refused"] >= 60, seen


def test_a_loaded_mutation_gives_counts_and_comparisons_on_a_small_deck():
    # a description edited but still whole: a rule split in two behaves as one
    text = FOX.replace("  three aces: if trips = A -> A and single\n",
                       "  three aces: if trips = A and joker -> A and single\n"
                       "  three natural aces: if trips = A -> A and single\n")
    way = load_house_way(text)
    assert len(way.rules) == len(load_house_way(FOX).rules) + 1
    hands = ["Ac Ad Kc Kd Jc Jd 2c", "Jk Ac Ad Kc 7c 3d 2c"]
    mine = exact_hand_counts(hands, "classic", way=way, deck=SMALL)
    theirs = exact_hand_counts(hands, "classic", way="foxwoods", deck=SMALL)
    assert [(h.setting, h.wins, h.losses) for h in mine] == \
        [(h.setting, h.wins, h.losses) for h in theirs]
    comparison = compare_ways(way, "foxwoods", "classic", deck=SMALL)
    assert comparison is not None
    with pytest.raises(PokerRulesError):
        compare_ways(way, 5, "classic", deck=SMALL)
