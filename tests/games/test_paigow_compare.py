"""Two house ways compared: the hands they set otherwise, by rule, against a
plain-Python count over a small deck, and the command line."""

import json
from itertools import combinations

import pytest

from pokerrules import parse_cards
from pokerrules.cli import main
from pokerrules.errors import ArgumentTypeError, PokerRulesError
from pokerrules.paigow import PRESETS, exact_house_edge, house_way, house_way_rule
from pokerrules.paigow.compare import EXAMPLES, compare_ways

# pairs, trips, the joker and a run: every rule but five aces and four of a kind
DECK = "2c 2d 2h 3c 3d 3h 4c 4d 9c 9d Kc Kd Ac Ad Jk"


def reference(a, b, rules, deck):
    """Per rule of a: (hands, hands b sets with another front), one hand at a time."""
    counts = {}
    for hand in combinations(parse_cards(deck), 7):
        rule = house_way_rule(hand, rules, a)
        other = set(house_way(hand, rules, a).low) != set(house_way(hand, rules, b).low)
        hands, differ = counts.get(rule, (0, 0))
        counts[rule] = (hands + 1, differ + other)
    return counts


@pytest.mark.parametrize("preset", ["classic", "casino"])
def test_counts_agree_with_a_hand_by_hand_reference(preset):
    rules = PRESETS[preset]
    found = compare_ways("foxwoods", "trump_plaza", rules, exact=False, deck=DECK, workers=2)
    expected = reference("foxwoods", "trump_plaza", rules, DECK)
    assert {r.rule: (r.hands, r.differ) for r in found.rules if r.hands} == expected
    assert found.hands == sum(h for h, _ in expected.values()) == 6435
    assert found.differ == sum(d for _, d in expected.values()) > 0
    assert found.wheel_second_highest is rules.wheel_second_highest
    two_pairs = next(r for r in found.rules if r.name == "two pairs")
    assert two_pairs.differ > 0 and len(two_pairs.examples) == EXAMPLES
    for hand, set_a, set_b in two_pairs.examples:  # each example is set as it says
        cards = parse_cards(hand)
        assert str(house_way(cards, rules, "foxwoods")) == set_a
        assert str(house_way(cards, rules, "trump_plaza")) == set_b
        assert house_way_rule(cards, rules, "foxwoods") == two_pairs.rule


def test_a_way_against_itself_differs_nowhere_and_the_counts_are_its_exact_ones():
    found = compare_ways("trump_plaza", "trump_plaza", "casino", deck=DECK)
    assert found.differ == 0 and all(not r.examples for r in found.rules)
    expected = exact_house_edge("casino", "trump_plaza", deck=DECK)
    assert found.exact_a == found.exact_b == expected
    assert "trump_plaza on both sides: wins" in str(found)
    assert found.to_dict()["exact_a"]["wins"] == expected.wins


@pytest.mark.parametrize(("call", "error", "words"), [
    (lambda: compare_ways("foxwoods", "nope"), PokerRulesError, "unknown house way 'nope' for b"),
    (lambda: compare_ways(len, "foxwoods"), PokerRulesError, "a is not one"),  # type: ignore[arg-type]
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
    assert main(["paigow", "compare", "foxwoods", "trump_plaza", "--rules", "casino",
                 "--commission", "2.5%", "--no-exact", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["a"] == "foxwoods" and record["b"] == "trump_plaza"
    assert record["wheel_second_highest"] is True and record["exact_a"] is None
    (_, _, rules, kwargs), = calls
    assert rules.commission == 0.025 and kwargs["exact"] is False
    assert main(["paigow", "compare", "foxwoods", "trump_plaza", "--no-exact"]) == 0
    assert "set otherwise by trump_plaza" in capsys.readouterr().out
    with pytest.raises(SystemExit, match="2"):
        main(["paigow", "compare", "foxwoods", "tropicana"])
    assert "invalid choice: 'tropicana'" in capsys.readouterr().err
