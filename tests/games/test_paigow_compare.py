"""Two house ways compared: the hands they set otherwise, by rule, against a
plain-Python count over a small deck, built-in and loaded ways alike, and the
command line."""

import json
from itertools import combinations

import pytest

from pokerrules import parse_cards
from pokerrules.cli import main
from pokerrules.errors import ArgumentTypeError, PokerRulesError
from pokerrules.paigow import PRESETS, WAYS, exact_house_edge, house_way
from pokerrules.paigow.analysis.compare import EXAMPLES, compare_ways
from pokerrules.paigow.game.description import load_house_way
from pokerrules.paigow.game.houseway import house_way_and_rule, way_description, way_rule_names

BALLYS = "ballys"  # Bally's Atlantic City's posted way
# pairs, trips, the joker and a run: every rule but five aces and four of a kind
DECK = "2c 2d 2h 3c 3d 3h 4c 4d 9c 9d Kc Kd Ac Ad Jk"


#: A user's way: Foxwoods but for two pairs, which it always splits.
SPLIT_TWO_PAIRS = way_description("foxwoods").split("two pairs:")[0].replace(
    "way: Foxwoods", "way: Split Two Pairs") + """two pairs:
  always split: always -> two of second pair

three of a kind:
  three aces: if trips = A -> A and single
  keep the trips: otherwise -> single and second single

one pair:
  pair behind: always -> single and second single

no pair:
  highest card behind: always -> second single and third single
"""


def reference(a, b, rules, deck):
    """Per rule of a: (hands, hands b sets with another front), one hand at a time."""
    counts = {}
    for hand in combinations(parse_cards(deck), 7):
        setting_a, rule = house_way_and_rule(hand, rules, a)
        other = set(setting_a.low) != set(house_way(hand, rules, b).low)
        hands, differ = counts.get(rule, (0, 0))
        counts[rule] = (hands + 1, differ + other)
    return counts


@pytest.mark.parametrize("preset", ["classic", "casino"])
def test_counts_agree_with_a_hand_by_hand_reference(preset):
    rules = PRESETS[preset]
    found = compare_ways("foxwoods", BALLYS, rules, exact=False, deck=DECK, workers=2)
    expected = reference("foxwoods", BALLYS, rules, DECK)
    assert {r.rule: (r.hands, r.differ) for r in found.rules if r.hands} == expected
    assert found.hands == sum(h for h, _ in expected.values()) == 6435
    assert found.differ == sum(d for _, d in expected.values()) > 0
    assert found.wheel_second_highest is rules.wheel_second_highest
    assert {r.rule: r.name for r in found.rules} == way_rule_names("foxwoods")
    two_pairs = next(r for r in found.rules if r.name == "two pairs: split jacks or better")
    assert two_pairs.differ > 0 and len(two_pairs.examples) == EXAMPLES
    for hand, set_a, set_b in two_pairs.examples:  # each example is set as it says
        cards = parse_cards(hand)
        assert str(house_way(cards, rules, "foxwoods")) == set_a
        assert str(house_way(cards, rules, BALLYS)) == set_b
        assert house_way_and_rule(cards, rules, "foxwoods")[1] == two_pairs.rule


@pytest.mark.parametrize("preset", ["classic", "casino"])
def test_a_loaded_description_file_compares_with_a_built_in_way_by_its_own_rules(
        preset, tmp_path):
    path = tmp_path / "split.way"
    path.write_text(SPLIT_TWO_PAIRS, encoding="utf-8")
    way = load_house_way(path)
    rules = PRESETS[preset]
    found = compare_ways(way, "foxwoods", rules, deck=DECK)
    expected = reference(way, "foxwoods", rules, DECK)
    assert found.exact_a == exact_house_edge(rules, way, deck=DECK)
    assert found.exact_b == exact_house_edge(rules, "foxwoods", deck=DECK)
    assert found.exact_a is not None and found.exact_b is not None
    assert found.exact_a.wins != found.exact_b.wins  # splitting every two pairs changes them
    assert {r.rule: (r.hands, r.differ) for r in found.rules if r.hands} == expected
    assert found.a == "Split Two Pairs" and found.b == "foxwoods"
    assert {r.rule: r.name for r in found.rules} == way_rule_names(way)
    split = next(r for r in found.rules if r.name == "two pairs: always split")
    assert 0 < split.differ < split.hands  # Foxwoods keeps some two pairs together
    assert found.differ == split.differ  # and sets every other hand alike
    # the other way round, per rule of the built-in way
    back = compare_ways("foxwoods", way, rules, exact=False, deck=DECK)
    assert {r.rule: (r.hands, r.differ) for r in back.rules if r.hands} == reference(
        "foxwoods", way, rules, DECK)
    assert back.differ == found.differ


@pytest.mark.parametrize("preset", ["classic", "casino"])
def test_the_loaded_foxwoods_description_sets_every_hand_as_the_built_in_way(preset):
    loaded = load_house_way(way_description("foxwoods"))
    found = compare_ways(loaded, "foxwoods", preset, exact=False, deck=DECK + " 5c 6c 7c 8c")
    assert found.hands == 50388 and found.differ == 0
    assert sum(r.hands for r in found.rules) == found.hands


@pytest.mark.slow
def test_comparing_over_the_whole_deck_counts_every_hand_once():
    # Both presets' descriptions are checked hand by hand in test_paigow_ways.py;
    # this runs the comparison's chunks and threads over the whole deck once.
    loaded = load_house_way(way_description("foxwoods"))
    found = compare_ways(loaded, "foxwoods", "classic", exact=False, workers=2, progress=False)
    assert found.hands == 154_143_080 and found.differ == 0
    assert sum(r.hands for r in found.rules) == found.hands


def test_a_way_against_itself_differs_nowhere_and_the_counts_are_its_exact_ones():
    found = compare_ways(BALLYS, BALLYS, "casino", deck=DECK)
    assert found.differ == 0 and all(not r.examples for r in found.rules)
    expected = exact_house_edge("casino", BALLYS, deck=DECK)
    assert found.exact_a == found.exact_b == expected
    assert "ballys on both sides: wins" in str(found)
    assert found.to_dict()["exact_a"]["wins"] == expected.wins


@pytest.mark.parametrize(("call", "error", "words"), [
    (lambda: compare_ways("foxwoods", "nope"), PokerRulesError, "unknown house way 'nope' for b"),
    (lambda: compare_ways(len, "foxwoods"), PokerRulesError, "a is neither"),  # type: ignore[arg-type]
    (lambda: compare_ways("foxwoods", "foxwoods", "nope"), PokerRulesError, "no PaiGowRules"),
    (lambda: compare_ways("foxwoods", "foxwoods", workers=0), PokerRulesError, "workers must"),
    (lambda: compare_ways("foxwoods", "foxwoods", exact="yes"), ArgumentTypeError, "exact"),  # type: ignore[arg-type]
    (lambda: compare_ways("foxwoods", "foxwoods", deck="As Ks"), PokerRulesError, "at least 14"),
])
def test_bad_arguments_are_refused(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_the_command_prints_the_comparison(capsys, monkeypatch):
    import pokerrules.paigow.cli as cli

    calls = []

    def small(a, b, rules, **kwargs):
        calls.append((a, b, rules, kwargs))
        return compare_ways(a, b, rules, exact=kwargs["exact"], deck=DECK)

    monkeypatch.setattr(cli, "compare_ways", small)
    assert main(["paigow", "compare", "foxwoods", BALLYS, "--rules", "casino",
                 "--commission", "2.5%", "--no-exact", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["a"] == "foxwoods" and record["b"] == BALLYS
    assert record["wheel_second_highest"] is True and record["exact_a"] is None
    (_, _, rules, kwargs), = calls
    assert rules.commission == 0.025 and kwargs["exact"] is False
    assert main(["paigow", "compare", "foxwoods", BALLYS, "--no-exact"]) == 0
    assert "set otherwise by ballys" in capsys.readouterr().out
    with pytest.raises(SystemExit, match="2"):
        main(["paigow", "compare", "foxwoods", "tropicana"])
    err = capsys.readouterr().err
    assert f"a way's name ({', '.join(WAYS)}) or a house-way description file" in err
    assert "the house way tropicana: " in err


def test_the_command_takes_description_files(capsys, monkeypatch, tmp_path):
    import pokerrules.paigow.cli as cli

    monkeypatch.setattr(cli, "compare_ways", lambda a, b, rules, **kwargs: compare_ways(
        a, b, rules, exact=False, deck=DECK))
    path = tmp_path / "split.way"
    path.write_text(SPLIT_TWO_PAIRS, encoding="utf-8")
    assert main(["paigow", "compare", str(path), "foxwoods", "--no-exact", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    expected = reference(load_house_way(path), "foxwoods", PRESETS["classic"], DECK)
    assert record["a"] == "Split Two Pairs" and record["differ"] == sum(
        d for _, d in expected.values()) > 0
    bad = tmp_path / "bad.way"
    bad.write_text(SPLIT_TWO_PAIRS.replace("always -> two of second pair",
                                           "always -> two of third pair"), encoding="utf-8")
    with pytest.raises(SystemExit, match="2"):
        main(["paigow", "compare", "foxwoods", str(bad), "--no-exact"])
    err = capsys.readouterr().err
    assert str(bad) in err and "line" in err and "always split" in err


def test_the_commands_help_shows_the_default_commission_as_the_presets(capsys):
    with pytest.raises(SystemExit):
        main(["paigow", "compare", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "the --rules preset's commission (classic: none; casino: 5%)" in text
    assert "%%" not in text
