"""House ways as descriptions: the built-in ways' texts set every hand as the
hand-written reference ways do, a loaded way goes wherever a way's name goes,
and a bad description is refused naming its file, line, rule and a hand."""

import dataclasses
import doctest
import itertools
import math
import pickle
import re
from pathlib import Path

import numpy as np
import pytest
from house_way_reference import ReferenceWays
from test_paigow_exact import PUBLISHED, SMALL

from pokerrules import _paigow, evaluate, parse_cards
from pokerrules.cli import main
from pokerrules.errors import HouseWayError
from pokerrules.paigow import (
    HOUSE_WAY_RULES,
    WAYS,
    DescribedWay,
    PaiGowRules,
    exact_hand_counts,
    exact_house_edge,
    foul_many,
    house_way,
    house_way_and_rule,
    house_way_many,
    house_way_rule,
    load_house_way,
    optimal_setting,
    simulate,
    way_description,
    way_rule_names,
)
from pokerrules.paigow.game.houseway import builtin_way

BALLYS = "ballys"  # Bally's Atlantic City's posted way
DOCS = Path(__file__).parents[2] / "docs" / "games" / "paigow_ways.rst"
PRESETS = ("classic", "casino")
CARD = re.compile(r"(?:[2-9TJQKA][cdhs]|Jk)(?: (?:[2-9TJQKA][cdhs]|Jk)){6}")


def variant(preset):
    return PaiGowRules.casino().hand_rules.variant if preset == "casino" \
        else PaiGowRules.classic().hand_rules.variant


def class_hands():
    """One hand per rank multiset (the joker in it or not), and one with a flush
    where the ranks allow one: every hand class the loader's check visits."""
    hands = []
    for joker in (0, 1):
        for ranks in itertools.combinations_with_replacement(range(13), 7 - joker):
            counts = np.bincount(ranks, minlength=13)
            if counts.max() > 4:
                continue
            plain = [4 * r + k % 4 for k, r in enumerate(ranks)] + [52] * joker
            hands.append(plain)
            distinct = sorted(set(ranks), reverse=True)
            if len(distinct) >= 5 - joker:
                suited = set(distinct[:5 - joker])
                flushy, seen = [], dict.fromkeys(range(13), 0)
                for r in ranks:
                    k = seen[r]
                    seen[r] += 1
                    flushy.append(4 * r + (k if r in suited else (k + 1) % 4))
                hands.append(flushy + [52] * joker)
            # a straight flush of each straight the ranks make, the joker filling one gap
            for top in range(3, 13):  # 3: A-2-3-4-5
                window = {12 if top - k < 0 else top - k for k in range(5)}
                if sum(counts[r] == 0 for r in window) > joker:
                    continue
                suited = [4 * r + (k if r in window else (k + 1) % 4)
                          for r in range(13) for k in range(counts[r])]
                hands.append(suited + [52] * joker)
    return np.array(hands, dtype=np.uint8)


CLASSES = class_hands()


@pytest.fixture(scope="module")
def reference():
    """The hand-written reference ways (tests/c/house_way_reference.c), compiled."""
    built = ReferenceWays.build()
    if built is None:
        pytest.skip("no C compiler (cc, gcc or clang) to build the hand-written reference ways")
    return built


def same_as_reference(reference, hands, preset, name, fouls=False):
    """The rules that set the hands, after checking them against the reference (and,
    with fouls, that no setting fouls)."""
    way = builtin_way(name)
    ref, sections = reference.batch(hands, variant(preset), WAYS.index(name))
    got, rules = house_way_many(hands, preset, way, with_rules=True)
    np.testing.assert_array_equal(got, ref)
    np.testing.assert_array_equal(np.array(way.sections)[rules - 1], sections)
    if fouls:
        table = PaiGowRules.casino() if preset == "casino" else PaiGowRules.classic()
        assert not foul_many(got, table).any()
    return set(rules.tolist())


@pytest.mark.fast
def test_the_format_page_examples():
    assert doctest.testfile(str(DOCS), module_relative=False).failed == 0


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("name", WAYS)
def test_each_description_sets_every_hand_class_as_the_reference_way(reference, preset, name):
    # 130k hands: every rank pattern, with and without a flush; every rule sets some
    used = same_as_reference(reference, CLASSES, preset, name)
    assert used == set(range(1, len(builtin_way(name).rules) + 1))
    rng = np.random.default_rng(36)
    sample = np.argsort(rng.random((100_000, 53)), axis=1)[:, :7].astype(np.uint8)
    same_as_reference(reference, sample, preset, name)


#: The full-deck pass of each way: both presets for Foxwoods, one for each other way (the
#: wheel rule changes no setting of the posted ways: test_paigow_houseway checks it)
DECK_PASSES = [("foxwoods", "classic"), ("foxwoods", "casino"), ("trump_plaza", "classic"),
               ("claridge", "casino"), ("ballys", "classic"), ("golden_nugget", "classic"),
               ("flamingo_hilton", "casino")]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "preset"), DECK_PASSES)
def test_each_description_sets_every_hand_of_the_deck_as_the_reference_way(reference, preset,
                                                                         name):
    # every hand: set as the reference sets it (so with its own cards), never fouled
    deck = np.arange(53, dtype=np.uint8)
    total, step = math.comb(53, 7), 1 << 22
    for start in range(0, total, step):
        hands = _paigow.exact_hands(deck, start, min(step, total - start))
        same_as_reference(reference, hands, preset, name, fouls=True)


def test_every_built_in_way_has_its_full_deck_pass():
    assert {name for name, _ in DECK_PASSES} == set(WAYS)


def test_a_loaded_way_is_immutable_named_and_keeps_its_text_and_lines(tmp_path):
    path = tmp_path / "fox.way"
    path.write_text(way_description("foxwoods"), encoding="utf-8")
    way = load_house_way(path)
    assert (way.name, way.path, way.source) == ("Foxwoods", str(path),
                                                way_description("foxwoods"))
    assert load_house_way(str(path)) == way == load_house_way(way.source)
    text_lines = way.source.splitlines()
    for rule in way.rules:
        assert text_lines[rule.line - 1].strip().startswith(f"{rule.label}:")
    assert [r.number for r in way.rules] == list(range(1, len(way.rules) + 1))
    with pytest.raises(dataclasses.FrozenInstanceError):
        way.name = "other"
    assert pickle.loads(pickle.dumps(way)) == way


def test_rule_numbers_and_names_of_builtin_and_loaded_ways():
    hands = CLASSES[:2000]
    for name in WAYS:
        loaded = load_house_way(way_description(name))
        settings, rules = house_way_many(hands, "classic", name, with_rules=True)
        assert settings.dtype == rules.dtype == np.uint8
        assert (settings.shape, rules.shape) == ((2000, 7), (2000,))
        again, loaded_rules = house_way_many(hands, "classic", loaded, with_rules=True)
        np.testing.assert_array_equal(again, settings)
        np.testing.assert_array_equal(loaded_rules, rules)
        assert way_rule_names(name) == way_rule_names(loaded)
    names = way_rule_names(BALLYS)
    assert names[1] == "five aces: kings in front"
    assert all(text.split(":")[0] in HOUSE_WAY_RULES.values() for text in names.values())
    _, rules = house_way_many([[39, 38, 9, 8, 52, 35, 0]], "classic", BALLYS,
                              with_rules=True)
    assert names[int(rules[0])] == "two pairs: low and high or medium and medium with an ace"
    assert HOUSE_WAY_RULES[house_way_rule("9s 9d 4h 4c Jk Td 2c", way=BALLYS)] == \
        "two pairs"


def test_a_loaded_way_goes_wherever_a_ways_name_goes(tmp_path):
    way = load_house_way(way_description(BALLYS))
    name = "Bally's Atlantic City"
    rules = PaiGowRules(house_way=way)
    builtin = PaiGowRules(house_way=BALLYS)
    assert rules.house_way_name == name
    hand = "9s 9d 4h 4c Jk Td 2c"
    assert house_way(hand, way=way) == house_way(hand, rules) == house_way(hand, builtin)
    assert way(tuple(house_way(hand).cards), rules) == house_way(hand, way=BALLYS)
    mine, theirs = simulate(rules, 20_000, seed=3), simulate(builtin, 20_000, seed=3)
    assert (mine.wins, mine.pushes, mine.losses) == (theirs.wins, theirs.pushes, theirs.losses)
    mine = simulate(PaiGowRules(), 2_000, way=way, player_way=way, seed=3)
    assert mine.banker == name
    a, b = exact_house_edge(rules, deck=SMALL), exact_house_edge(builtin, deck=SMALL)
    assert (a.wins, a.losses) == (b.wins, b.losses)
    hands = ["Ac Ad Kc Kd Jc Jd 2c", "Jk Ac 8d 7c 3c 3d 2d"]
    a, b = (exact_hand_counts(hands, r, deck=SMALL) for r in (rules, builtin))
    assert [(h.setting, h.wins, h.losses) for h in a] == [(h.setting, h.wins, h.losses)
                                                          for h in b]
    assert exact_house_edge(PaiGowRules(), way=way, deck=SMALL).banker_way == name
    one = optimal_setting("As Jk Qs Qh Qd 7s 2s", rules, "sample", samples=3000, seed=1)
    two = optimal_setting("As Jk Qs Qh Qd 7s 2s", builtin, "sample", samples=3000, seed=1)
    assert [v.ev for v in one.settings] == [v.ev for v in two.settings]
    assert one.way == name


def test_paigow_set_asks_c_once_per_hand(capsys, monkeypatch, tmp_path):
    calls = []
    real = _paigow.house_way_codes

    def counted(*args):
        calls.append(args)
        return real(*args)

    monkeypatch.setattr(_paigow, "house_way_codes", counted)
    assert main(["paigow", "set", "As Ah Jk 7c 7d 3s 2h"]) == 0
    out = capsys.readouterr().out
    assert "rule 4 (full house, the joker counted as an ace)\n           pair in front\n" in out
    assert len(calls) == 1
    path = tmp_path / "hands.txt"
    path.write_text("As Ah Jk 7c 7d 3s 2h\n9s 9d 4h 4c Jk Td 2c\nKh Kd As Qc Jd Th 4s\n")
    calls.clear()
    assert main(["paigow", "set", "--file", str(path)]) == 0
    capsys.readouterr()
    assert len(calls) == 3


def test_every_paigow_subcommand_takes_a_description_file(capsys, tmp_path, monkeypatch):
    from pokerrules.paigow import cli

    path = tmp_path / "mine.way"
    path.write_text(way_description(BALLYS).replace(
        "way: Bally's Atlantic City", "way: Mine"))
    monkeypatch.setattr(cli, "exact_house_edge",
                        lambda *a, **k: exact_house_edge(*a, **k, deck=SMALL))
    runs = [["set", "--json", "9s 9d 4h 4c Jk Td 2c"], ["round", "--seats", "2"],
            ["optimal", "--sample", "500", "As Jk Qs Qh Qd 7s 2s"],
            ["simulate", "--rounds", "1000", "--no-progress"],
            ["exact", "--no-progress", "--player-way", str(path)]]
    for args in runs:
        assert main(["paigow", *args, "--way", str(path)]) == 0, args
        out = capsys.readouterr().out
        assert "Mine" in out or args[0] == "round", args
    assert main(["paigow", "simulate", "--rounds", "100", "--no-progress",
                 "--player", str(path), "--banker", BALLYS]) == 0
    assert "Mine player" in capsys.readouterr().out


def test_a_user_description_gives_the_small_decks_counts(capsys, tmp_path, monkeypatch):
    from pokerrules.paigow import cli

    path = tmp_path / "copy.way"
    path.write_text(way_description("foxwoods"))
    monkeypatch.setattr(cli, "exact_house_edge",
                        lambda *a, **k: exact_house_edge(*a, **k, deck=SMALL))
    assert main(["paigow", "exact", "--way", str(path), "--commission", "0.05",
                 "--rules", "classic", "--no-progress"]) == 0
    text = capsys.readouterr().out
    counted = exact_house_edge(PaiGowRules.classic().replace(commission=0.05), deck=SMALL)
    for name, count in (("player wins", counted.wins), ("player loses", counted.losses)):
        assert re.search(rf"\n  {name} +{count:,}  ", text), name
    assert f"house edge {counted.house_edge:.4%}\n" in text


@pytest.mark.slow
def test_a_user_description_gives_the_published_counts_and_edge(capsys, tmp_path):
    path = tmp_path / "copy.way"
    path.write_text(way_description("foxwoods"))
    assert main(["paigow", "exact", "--way", str(path), "--commission", "0.05",
                 "--rules", "classic", "--no-progress"]) == 0
    text = capsys.readouterr().out
    for name, count in zip(("player wins", "push", "player loses"), PUBLISHED, strict=True):
        assert re.search(rf"\n  {name} +{count:,}  ", text), name
    assert "at 5% commission; house edge 2.7212%\n" in text


# ------------------------------------------------------------------ refusals

FOX = way_description("foxwoods")


def edited(old, new):
    assert old in FOX
    return FOX.replace(old, new)


def line_of(text, fragment):
    return next(n for n, line in enumerate(text.splitlines(), 1) if fragment in line)


def refused(tmp_path, text, fragment, *words, hand=True):
    """Loads ``text`` from a file and checks the refusal names the file, the line
    holding ``fragment``, and ``words``; returns the message."""
    path = tmp_path / "bad.way"
    path.write_text(text)
    with pytest.raises(HouseWayError) as info:
        load_house_way(path)
    message = str(info.value)
    assert message.startswith(f"{path}, line {line_of(text, fragment)}: "), message
    for word in words:
        assert word in message, message
    if hand:
        assert CARD.search(message), message
    return message


BAD_DESCRIPTIONS = {
    "an unknown word": (
        edited("if pair = K -> two of K", "if pair = K and lucky -> two of K"),
        "kings in front", ("rule 'kings in front'", "unknown word 'lucky'"), False),
    "an unknown rank": (
        edited("if quads >= J", "if quads >= Z"), "split jacks to kings",
        ("rule 'split jacks to kings'", "unknown word 'z'"), False),
    "a condition that never holds": (
        edited("three aces: if trips = A", "three aces: if trips = A and single = A"),
        "three aces", ("rule 'three aces'", "never holds"), True),
    "a rule earlier rules shadow": (
        edited("  sevens to tens with an ace",
               "  split queens: if pair >= Q -> two of second pair\n  sevens to tens with an ace"),
        "split queens", ("rule 'split queens'", "never sets a hand",
                         "'split jacks or better' (line 34)"), True),
    "a rule that fouls": (
        edited("highest card behind: always -> second single and third single",
               "highest card behind: always -> single and second single"),
        "highest card behind", ("rule 'highest card behind'", "fouls"), True),
    "a front the hand cannot make": (
        edited("pair behind: always -> single and second single",
               "pair behind: always -> two of second pair"),
        "pair behind", ("rule 'pair behind'", "cannot set"), True),
    "hands no rule covers": (
        edited("split sixes or lower: otherwise", "split sixes or lower: if pair >= 4"),
        "two pairs:", ("section 'two pairs'", "no rule takes"), True),
}


@pytest.mark.parametrize("case", list(BAD_DESCRIPTIONS))
def test_a_bad_description_is_refused_naming_file_line_rule_and_hand(tmp_path, case):
    text, fragment, words, hand = BAD_DESCRIPTIONS[case]
    refused(tmp_path, text, fragment, *words, hand=hand)


def test_a_malformed_description_is_refused_naming_the_line(tmp_path):
    refused(tmp_path, FOX.replace("two pairs:", "two pears:"), "two pears:",
            "unknown section 'two pears'", hand=False)
    twice = FOX + "\nfull house:\n  again: always -> two of pair\n"
    path = tmp_path / "twice.way"
    path.write_text(twice)
    with pytest.raises(HouseWayError, match=r"line \d+: a second section 'full house'"):
        load_house_way(path)
    refused(tmp_path, "way: x\nkings: always -> two of K\n", "kings:",
            "a rule before any section", hand=False)
    refused(tmp_path, edited("always -> second single and third single",
                             "always -> second single or third single"),
            "highest card behind", "a front is", hand=False)
    missing = FOX[:FOX.index("no pair:")]
    with pytest.raises(HouseWayError, match="no section 'no pair'"):
        load_house_way(missing)
    with pytest.raises(HouseWayError, match="<text>, line 1: no 'way: NAME' line"):
        load_house_way(FOX.replace("way: Foxwoods", ""))
    with pytest.raises(HouseWayError, match="cannot read the house way"):
        load_house_way(tmp_path / "absent.way")


def test_a_rule_shadowed_by_several_earlier_rules_names_each():
    text = edited("  split jacks to kings:",
                  "  aces with a king: if quads = A and single >= K -> two of A\n"
                  "  split jacks to kings:")
    with pytest.raises(HouseWayError) as info:
        load_house_way(text)
    line = line_of(text, "aces with a king")
    assert str(info.value).startswith(
        f"<text>, line {line}: rule 'aces with a king' (four of a kind): never sets a hand: ")
    assert str(info.value).endswith(
        "is set by earlier rules: 'pair in front' (line 13), 'split the aces' (line 14)")
    assert CARD.search(str(info.value))


def test_a_rule_earlier_rules_take_only_part_of_still_loads_and_sets_the_rest():
    # a copy of 'split jacks or better' for queens, put first: the jacks rule keeps the jacks
    text = edited("  split jacks or better:",
                  "  split queens: if pair >= Q -> two of second pair\n  split jacks or better:")
    way = load_house_way(text)
    report = way.compiled.check(PaiGowRules().hand_rules.variant)
    assert set(report["problem"]) == {"fine"} and all(report["rule_classes"])
    names = way_rule_names(way)
    _, queens = house_way_and_rule("Qs Qd 4h 4c 9d 7c 2c", "classic", way)
    _, jacks = house_way_and_rule("Js Jd 4h 4c 9d 7c 2c", "classic", way)
    assert names[queens].endswith("split queens") and names[jacks].endswith("jacks or better")


@pytest.mark.parametrize("name", [BALLYS, "foxwoods"])
def test_every_rule_of_a_shipped_way_sets_some_hand(name):
    way = load_house_way(way_description(name))
    report = way.compiled.check(PaiGowRules().hand_rules.variant)
    assert set(report["problem"]) == {"fine"} and all(report["rule_classes"])
    assert report["shadowed_by"] == [[] for _ in way.rules]


def test_nothing_half_loaded_is_used(tmp_path):
    # a refused load leaves no way behind; the built-in ways are untouched
    before = house_way_many(CLASSES[:500], "classic")
    with pytest.raises(HouseWayError):
        load_house_way(edited("highest card behind: always -> second single and third single",
                              "highest card behind: always -> single and second single"))
    np.testing.assert_array_equal(house_way_many(CLASSES[:500], "classic"), before)
    assert isinstance(builtin_way("foxwoods"), DescribedWay)


def test_the_check_visits_every_hand_class():
    report = builtin_way("foxwoods").compiled.check(PaiGowRules().hand_rules.variant)
    assert report["classes"] == len(CLASSES) == 119_158
    assert sum(report["rule_classes"]) == report["classes"]
    assert set(report["problem"]) == {"fine"} and not any(report["uncovered"])


def test_any_well_formed_program_sets_each_hand_with_its_own_cards():
    # programs the loader never checked: fronts that cannot be made fall back, never crash
    ops = _paigow.WAY_OPS
    alphabet = [ops["two of"], ops["each"], ops["straight or flush"], ops["rank"],
                ops["fact ref"], ops["end"], 0, 3, 12]
    rng = np.random.default_rng(7)
    hands = CLASSES[rng.choice(len(CLASSES), 300, replace=False)]
    accepted = 0
    for _ in range(3000):
        action = rng.choice(alphabet, rng.integers(1, 9)).tolist()
        try:
            way = _paigow.CompiledWay([0], [0, 1], [0], [2],
                                      [ops["true"], ops["end"], *action])
        except ValueError:
            continue
        accepted += 1
        rows, _ = _paigow.house_way_batch(hands, PaiGowRules().hand_rules.variant, way)
        np.testing.assert_array_equal(np.sort(rows, axis=1), np.sort(hands, axis=1))
    assert accepted > 20


def test_a_malformed_program_never_reaches_the_kernel():
    way = builtin_way("foxwoods").compiled
    assert way.nrules == len(builtin_way("foxwoods").rules)
    with pytest.raises(ValueError, match="well-formed"):
        _paigow.CompiledWay([0], [0, 1], [0], [2], [_paigow.WAY_OPS["true"]])
    with pytest.raises(ValueError, match="well-formed"):  # an action reading past the end
        _paigow.CompiledWay([0], [0, 1], [0], [2], [_paigow.WAY_OPS["true"],
                                                    _paigow.WAY_OPS["end"],
                                                    _paigow.WAY_OPS["two of"]])


@pytest.mark.parametrize("preset", PRESETS)
def test_the_settings_by_rank_class_are_the_programs_own_for_a_users_edited_way(
        tmp_path, preset):
    # every hand class in renamed suits and shuffled order, and random hands of the
    # deck with the joker: the rank class's setting and rule, where it gives one, are
    # what the edited way's program alone gives
    shipped = "  split jacks or better: if pair >= J -> two of second pair\n"
    text = way_description("foxwoods")
    assert text.count(shipped) == 1
    path = tmp_path / "mine.way"
    path.write_text(text.replace(shipped, "  split queens or better: if pair >= Q -> "
                                          "two of second pair\n"), encoding="utf-8")
    rng = np.random.default_rng(46)
    renamed = CLASSES.copy()
    natural = renamed < 52
    suits = np.argsort(rng.random((len(renamed), 4)), axis=1).astype(np.uint8)
    renamed[natural] = (renamed & ~np.uint8(3))[natural] | np.take_along_axis(
        suits, (renamed & 3).astype(np.intp), axis=1)[natural]
    renamed = np.take_along_axis(renamed, np.argsort(rng.random(renamed.shape), axis=1), axis=1)
    dealt = np.argsort(rng.random((100_000, 53)), axis=1)[:, :7].astype(np.uint8)
    hands = np.concatenate([renamed, dealt])
    way = load_house_way(path).compiled
    fast, fast_rules = _paigow.house_way_batch(hands, variant(preset), way)
    plain, plain_rules = _paigow.house_way_batch(hands, variant(preset), way, by_class=False)
    np.testing.assert_array_equal(fast, plain)
    np.testing.assert_array_equal(fast_rules, plain_rules)
    assert len(set(plain_rules.tolist())) > 20


def straight_tops(codes):
    """The top ranks (3 for A-2-3-4-5 ... 12 for ace high) of the straights seven codes
    make, the joker (code 52) filling one gap: counted here from the ranks alone."""
    ranks = {c >> 2 for c in codes if c != 52}
    jokers = int(52 in codes)
    return {top for top in range(3, 13)
            if sum((12 if top - k < 0 else top - k) not in ranks for k in range(5)) <= jokers}


def test_lowest_straight_is_the_top_card_of_the_hands_lowest_straight():
    text = way_description("foxwoods").replace(
        "  keep the straight or flush: otherwise -> straight or flush",
        "  the wheel lowest: if lowest straight = 5 -> straight or flush\n"
        "  six to king lowest: if lowest straight < A -> straight or flush\n"
        "  only ace high: if lowest straight = A -> straight or flush\n"
        "  a flush and no straight: otherwise -> straight or flush")
    way = load_house_way(text)
    labels = {r.number: r.label for r in way.rules}
    rng = np.random.default_rng(5)
    seen = set()
    for hand in np.argsort(rng.random((20_000, 53)), axis=1)[:, :7].tolist():
        _, rule = house_way_and_rule(hand, "classic", way)
        label = labels[rule]
        if label.endswith("lowest") or label in ("only ace high", "a flush and no straight"):
            tops = straight_tops(hand)
            expected = ("a flush and no straight" if not tops else "the wheel lowest"
                        if min(tops) == 3 else "only ace high" if min(tops) == 12
                        else "six to king lowest")
            assert label == expected, (hand, tops)
            seen.add(label)
    assert seen == {"the wheel lowest", "six to king lowest", "only ace high",
                    "a flush and no straight"}


def straight_flush_facts(codes):
    """(straight flush, royal flush) of seven codes, counted here from each suit's ranks,
    the joker (code 52) filling one gap or card."""
    jokers = int(52 in codes)
    sf = royal = False
    for suit in range(4):
        ranks = {c >> 2 for c in codes if c != 52 and c & 3 == suit}
        for top in range(3, 13):
            window = {12 if top - k < 0 else top - k for k in range(5)}
            if len(window - ranks) <= jokers:
                sf = True
                royal |= top == 12
    return sf, royal


def test_straight_flush_and_royal_flush_facts_and_the_category_fronts():
    text = way_description("foxwoods").replace(
        "  keep the straight or flush: otherwise -> straight or flush",
        "  royal: if royal flush -> straight flush\n"
        "  straight flush: if straight flush -> straight flush | flush at least A J\n"
        "  straight and flush: if straight and flush -> flush | straight at least K\n"
        "  straight only: if straight -> straight\n"
        "  flush only: otherwise -> flush")
    way = load_house_way(text)
    labels = {r.number: r.label for r in way.rules}
    rng = np.random.default_rng(8)
    seen = set()
    suited = np.concatenate([[52], np.arange(0, 52, 4), np.arange(1, 52, 4)[:6]])
    for hand in [rng.choice(suited, 7, replace=False).tolist() for _ in range(20_000)]:
        setting, rule = house_way_and_rule(hand, "classic", way)
        label = labels[rule]
        if label not in ("royal", "straight flush", "straight and flush", "straight only",
                         "flush only"):
            continue
        sf, royal = straight_flush_facts(hand)
        assert (label == "royal") == royal and (label in ("royal", "straight flush")) == sf
        back = evaluate(setting.high, PaiGowRules.classic().hand_rules).category.name
        if label == "royal":
            assert back == "STRAIGHT_FLUSH"
        if label == "straight only":
            assert back == "STRAIGHT"
        if label == "flush only":
            assert back == "FLUSH"
        seen.add(label)
    assert len(seen) == 5


def test_at_least_counts_a_front_only_from_its_two_card_hand():
    # Th-6h: the straight flush leaves 5c 2d; the straight 9-5, Th 2d: a ten, below a jack
    hand = "Th 9h 8h 7h 6h 5c 2d"
    for least, front in (("J", "5c 2d"), ("T", "Th 2d"), ("T 3", "5c 2d"), ("2 2", "5c 2d")):
        way = load_house_way(way_description("foxwoods").replace(
            "  keep the straight or flush: otherwise -> straight or flush",
            "  straight flush: if straight flush -> straight flush | straight at least "
            f"{least}\n  keep the straight or flush: otherwise -> straight or flush"))
        got = {c.code for c in house_way(hand, "classic", way).low}
        assert got == {c.code for c in parse_cards(front)}, least
    for bad, message in (("2", "'at least 2' is no two-card hand"),
                         ("3 K", "names the higher rank first"),
                         ("x", "needs a two-card hand")):
        with pytest.raises(HouseWayError, match=message):
            load_house_way(way_description("foxwoods").replace(
                "otherwise -> straight or flush", f"otherwise -> straight at least {bad}"))


def test_a_pair_in_front_of_a_flush_that_may_need_one_of_its_cards_is_a_foul():
    # a flush of K Q J 9 2 beside 2d 7h keeps no flush once the deuces go in front;
    # the check refuses the rule though some suits of each class keep the flush
    rule = ("  deuces and a flush: if pair = 2 and flush and not straight and not joker -> "
            "two of pair\n")
    text = way_description("foxwoods").replace("straight or flush:\n",
                                                "straight or flush:\n" + rule)
    refused = r"rule 'deuces and a flush' \(straight or flush\): fouls"
    with pytest.raises(HouseWayError, match=refused):
        load_house_way(text)


def test_a_pair_of_trips_in_front_of_the_flush_it_keeps_is_no_foul():
    # the suit-blind back (the trips' third card and four singletons) is beaten by the
    # pair; the back really left is the flush
    rule = ("  trips and a flush: if trips and flush and not straight and not joker -> "
            "two of trips\n")
    way = load_house_way(way_description("foxwoods").replace(
        "straight or flush:\n", "straight or flush:\n" + rule))
    setting = house_way("9c 9d 9h Kh 8h 5h 2h", "classic", way)
    assert {c.code for c in setting.low} == {c.code for c in parse_cards("9c 9d")}
    hands = np.argsort(np.random.default_rng(4).random((50_000, 53)), axis=1)[:, :7]
    assert not foul_many(house_way_many(hands.astype(np.uint8), "classic", way)).any()
