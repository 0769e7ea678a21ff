"""The built-in ways' names: "foxwoods_ballys_two_pairs" is the Foxwoods way with
Bally's Atlantic City's two-pair rule, and its old name "trump_plaza" still
sets hands as it does wherever a way's name is taken, with a DeprecationWarning
that says what the way is."""

import json
import warnings

import numpy as np
import pytest

from pokerrules.cli import main
from pokerrules.errors import PokerRulesError
from pokerrules.paigow import (
    WAYS,
    HouseWay,
    PaiGowRules,
    exact_hand_counts,
    exact_house_edge,
    house_way,
    house_way_many,
    house_way_rule,
    load_round,
    optimal_setting,
    play_round,
    simulate,
    way_description,
    way_rule_names,
)
from pokerrules.paigow.compare import compare_ways
from pokerrules.paigow.exact import exact_memory
from pokerrules.paigow.houseway import builtin_way
from pokerrules.paigow.rules import OLD_WAY_NAMES, way_name

pytestmark = pytest.mark.fast

NEW, OLD = "foxwoods_ballys_two_pairs", "trump_plaza"
CLASSIC, CASINO = PaiGowRules.classic(), PaiGowRules.casino()
#: two pairs of every class and kings and aces to play: the ways part here
DECK = "2c 2d 2h 3c 3d 3h 4c 4d 9c 9d Kc Kd Ac Ad Jk"
#: low with medium and a king: Bally's keeps the pairs behind, Foxwoods splits
HAND = "9c 9d 4h 4c Ks Td 2c"


def old_name():
    """A context in which the old name must warn, saying what the way is."""
    return pytest.warns(DeprecationWarning,
                        match=r"'trump_plaza' is deprecated: that way is the Foxwoods way "
                              r"with Bally's Atlantic City's two-pair rule, not the house way "
                              r"Trump Plaza posted; name it 'foxwoods_ballys_two_pairs'")


def counts(result):
    return result.wins, result.pushes, result.losses


def test_the_new_name_is_a_built_in_way_and_the_old_one_is_not_listed():
    assert WAYS == ("foxwoods", NEW)
    assert OLD not in WAYS and OLD_WAY_NAMES[OLD][0] == NEW
    assert house_way(HAND, way=NEW).low != house_way(HAND, way="foxwoods").low


def test_the_way_name_check_gives_the_new_name_and_names_its_argument():
    with old_name():
        assert way_name(OLD, "player_way") == NEW
    assert way_name(NEW) == NEW
    with pytest.raises(PokerRulesError, match="unknown house way 'trump' for player_way; "
                                              "choose from foxwoods, " + NEW):
        way_name("trump", "player_way")


def test_the_warning_points_at_the_callers_line_however_deep_the_name_went():
    for call in (lambda: house_way(HAND, way=OLD), lambda: PaiGowRules(house_way=OLD),
                 lambda: HouseWay(OLD)):
        with old_name() as caught:
            call()
        assert len(caught) == 1 and caught[0].filename == __file__


def test_setting_hands_by_the_old_name():
    hands = np.array([[39, 38, 9, 8, 52, 35, 0], [36, 37, 8, 10, 48, 29, 2]], dtype=np.uint8)
    with old_name():
        assert house_way(HAND, CLASSIC, OLD) == house_way(HAND, CLASSIC, NEW)
    with old_name():
        assert house_way_rule(HAND, way=OLD) == house_way_rule(HAND, way=NEW)
    with old_name():
        old, old_rules = house_way_many(hands, CASINO, OLD, with_rules=True)
    new, new_rules = house_way_many(hands, CASINO, NEW, with_rules=True)
    assert np.array_equal(old, new) and np.array_equal(old_rules, new_rules)
    with old_name():
        assert HouseWay(OLD) == HouseWay(NEW)


def test_rules_and_round_records_with_the_old_name():
    with old_name():
        rules = PaiGowRules(house_way=OLD)
    assert rules == PaiGowRules(house_way=NEW) and rules.house_way_name == NEW
    with old_name():
        assert CLASSIC.replace(house_way=OLD) == rules
    record = play_round(rules, {1: None, 2: NEW, 3: None}, seed=5)
    saved = record.to_dict()
    saved["rules"]["house_way"] = OLD  # a record written before the rename
    with old_name():
        state = load_round(json.dumps(saved))
    assert state.to_json() == load_round(record.to_json()).to_json()
    with old_name():
        assert play_round(CLASSIC, {1: OLD, 2: None}, seed=5).seat(1).setting == \
            play_round(CLASSIC, {1: NEW, 2: None}, seed=5).seat(1).setting


def test_descriptions_and_rule_names_by_the_old_name():
    with old_name():
        assert way_description(OLD) == way_description(NEW)
    with old_name():
        assert builtin_way(OLD) is builtin_way(NEW)
    with old_name():
        assert way_rule_names(OLD) == way_rule_names(NEW)


def test_simulating_with_the_old_name():
    new = simulate(CASINO, 2_000, way="foxwoods", player_way=NEW, seed=2, progress=False)
    with old_name():
        old = simulate(CASINO, 2_000, way="foxwoods", player_way=OLD, seed=2, progress=False)
    assert old == new and old.player == NEW
    with old_name():
        assert counts(simulate(CASINO, 2_000, way=OLD, seed=2, progress=False)) == \
            counts(simulate(CASINO, 2_000, way=NEW, seed=2, progress=False))


def test_exact_counts_with_the_old_name():
    new = exact_house_edge(CLASSIC, "foxwoods", NEW, deck=DECK)
    assert counts(new) != counts(exact_house_edge(CLASSIC, deck=DECK))
    with old_name():
        old = exact_house_edge(CLASSIC, "foxwoods", OLD, deck=DECK)
    assert counts(old) == counts(new) and old.player_way == NEW
    with old_name():
        assert counts(exact_house_edge(CLASSIC, OLD, deck=DECK)) == \
            counts(exact_house_edge(CLASSIC, NEW, deck=DECK))
    hands = ["9c 9d 4c 4d Kc Ac 2c", "Jk Ad 3c 3d 2c 2d Kc"]
    with old_name():
        old_hands = exact_hand_counts(hands, CLASSIC, OLD, deck=DECK)
    assert [(h.setting, h.wins, h.losses) for h in old_hands] == [
        (h.setting, h.wins, h.losses) for h in exact_hand_counts(hands, CLASSIC, NEW, deck=DECK)]
    with old_name():
        assert exact_memory(CLASSIC, "foxwoods", OLD) == exact_memory(CLASSIC, "foxwoods", NEW)


def test_the_optimal_setting_against_the_old_name():
    hand = "As Jk Qs Qh Qd 7s 2s"
    new = optimal_setting(hand, CLASSIC, "sample", samples=2_000, seed=1, way=NEW)
    with old_name():
        old = optimal_setting(hand, CLASSIC, "sample", samples=2_000, seed=1, way=OLD)
    assert [v.ev for v in old.settings] == [v.ev for v in new.settings] and old.way == NEW


def test_comparing_by_the_old_name():
    new = compare_ways("foxwoods", NEW, CLASSIC, exact=False, deck=DECK)
    with old_name() as caught:
        old = compare_ways("foxwoods", OLD, CLASSIC, exact=False, deck=DECK)
    assert len(caught) == 1  # once, however often the name is used inside
    assert old.to_dict() == new.to_dict() and old.differ > 0


@pytest.mark.parametrize("args", [
    ["set", "--json", "--way", "{}", HAND],
    ["simulate", "--rounds", "1000", "--no-progress", "--json", "--player", "{}"],
    ["simulate", "--rounds", "1000", "--no-progress", "--json", "--banker", "{}"],
    ["optimal", "--sample", "300", "--json", "--way", "{}", "As Jk Qs Qh Qd 7s 2s"],
    ["round", "--seats", "3", "--json", "--way", "{}"],
])
def test_the_command_line_takes_the_old_name_and_prints_its_warning_once(args, capsys):
    assert main(["paigow", *(a.format(NEW) for a in args)]) == 0
    new = capsys.readouterr()
    assert new.err == ""
    with warnings.catch_warnings(record=True) as escaped:
        warnings.simplefilter("always")
        assert main(["paigow", *(a.format(OLD) for a in args)]) == 0
    old = capsys.readouterr()
    assert old.out == new.out
    assert old.err.count("\n") == 1 and old.err.startswith(
        "pokerrules: warning: the house way name 'trump_plaza' is deprecated: that way is the "
        "Foxwoods way with Bally's Atlantic City's two-pair rule")
    assert not escaped  # the command printed it; Python prints it no second time


def test_exact_and_compare_on_the_command_line_take_the_old_name(capsys, monkeypatch):
    import pokerrules.paigow.cli as cli

    monkeypatch.setattr(cli, "exact_house_edge",
                        lambda *a, **k: exact_house_edge(*a, **k, deck=DECK))
    monkeypatch.setattr(cli, "compare_ways", lambda a, b, rules, **k: compare_ways(
        a, b, rules, exact=k["exact"], deck=DECK))
    for args in (["exact", "--no-progress", "--json", "--player-way", "{}"],
                 ["exact", "--no-progress", "--json", "--way", "{}"],
                 ["compare", "foxwoods", "{}", "--no-exact", "--json"]):
        assert main(["paigow", *(a.format(NEW) for a in args)]) == 0
        new = capsys.readouterr().out
        assert main(["paigow", *(a.format(OLD) for a in args)]) == 0
        old = capsys.readouterr()
        assert old.out == new and old.err.count("pokerrules: warning: ") == 1, args
