"""A house way is its description: edit one rule of a shipped description and
every path that sets hands (one hand, many hands with and without rule numbers,
the simulation, the exact count, optimal play) follows the edit, whether the
edited text is loaded as a file or installed as the built-in way's own."""

import itertools

import numpy as np
import pytest
from test_paigow_exact import SMALL

from pokerrules import _paigow
from pokerrules.cards import card_codes
from pokerrules.paigow import (
    BatchWay,
    PaiGowRules,
    exact_house_edge,
    house_way,
    house_way_many,
    load_house_way,
    optimal_strategy_table,
    simulate,
    way_description,
)
from pokerrules.paigow.game import houseway

RULES = PaiGowRules.classic()
SHIPPED = "  split jacks or better: if pair >= J -> two of second pair\n"
EDITED = "  split queens or better: if pair >= Q -> two of second pair\n"
# jacks and threes, an ace to play: the shipped way splits (threes in front); the
# edited one keeps both pairs behind (the ace and the eight in front)
HAND = (36, 37, 4, 5, 48, 25, 2)
JACKS = 9


def edited_text():
    text = way_description("foxwoods")
    assert text.count(SHIPPED) == 1
    return text.replace(SHIPPED, EDITED)


@pytest.fixture
def installed(monkeypatch):
    """The built-in "foxwoods" read from the edited description (as if the
    installed file had been edited), its compiled program cached afresh."""
    def reset():
        houseway._builtin_way.cache_clear()
        _paigow._BUILTIN.clear()

    reset()
    shipped = houseway.way_description
    monkeypatch.setattr(houseway, "way_description",
                        lambda name: edited_text() if name == "foxwoods" else shipped(name))
    yield "foxwoods"
    monkeypatch.undo()
    reset()


@pytest.fixture
def loaded(tmp_path):
    path = tmp_path / "edited_foxwoods.way"
    path.write_text(edited_text(), encoding="utf-8")
    return load_house_way(path)


def shipped_way():
    return load_house_way(way_description("foxwoods"))


def deck_hands(deck):
    return np.array(list(itertools.combinations(deck, 7)), dtype=np.uint8)


def touched_by_the_edit(hands):
    """The hands whose two-pair rule the edit changes: exactly two pairs, the
    higher of jacks, no trips or quads, an ace (or the joker) among the singles."""
    ranks = np.where(hands == 52, 12, hands >> 2)
    counts = np.stack([(ranks == r).sum(axis=1) for r in range(13)], axis=1)
    pairs = counts == 2
    high_pair = np.where(pairs, np.arange(13), -1).max(axis=1)
    return ((pairs.sum(axis=1) == 2) & (counts.max(axis=1) == 2) & (high_pair == JACKS)
            & (counts[:, 12] == 1))


@pytest.mark.parametrize("which", ["installed", "loaded"])
def test_an_edited_rule_sets_hands_by_every_path_that_sets_one(request, which):
    way = request.getfixturevalue(which)
    assert set(card_codes(house_way(HAND, RULES, way).low)) == {48, 25}
    assert set(card_codes(house_way(HAND, RULES, shipped_way()).low)) == {4, 5}

    hands = deck_hands(SMALL)
    plain = house_way_many(hands, RULES, way)
    numbered, rules = house_way_many(hands, RULES, way, with_rules=True)
    np.testing.assert_array_equal(plain, numbered)
    before = house_way_many(hands, RULES, shipped_way())
    changed = (np.sort(plain[:, 5:], axis=1) != np.sort(before[:, 5:], axis=1)).any(axis=1)
    touched = touched_by_the_edit(hands)
    assert touched.sum() > 0
    np.testing.assert_array_equal(changed, touched)
    ace_to_play = [r.number for r in load_house_way(edited_text()).rules
                   if r.label == "sevens to tens with an ace to play"]
    assert set(rules[touched].tolist()) == set(ace_to_play)
    # each changed hand keeps both pairs behind: its front is the ace and the best single
    for row in plain[touched]:
        front = set(row[5:].tolist())
        assert front & {48, 49, 50, 51, 52} and all(c >> 2 != JACKS for c in front)


@pytest.fixture
def edited_batch(loaded):
    """The edited way as a BatchWay over house_way_many (checked above): what the
    kernels' counts must equal."""
    return BatchWay(lambda codes, rules: house_way_many(codes, rules, loaded), "edited")


@pytest.mark.parametrize("which", ["installed", "loaded"])
def test_the_exact_count_and_optimal_play_follow_an_edited_rule(request, which, edited_batch):
    way = request.getfixturevalue(which)
    edited = exact_house_edge(RULES, way=way, deck=SMALL, progress=False)
    by_batch = exact_house_edge(RULES, way=edited_batch, deck=SMALL, progress=False)
    shipped = exact_house_edge(RULES, way=shipped_way(), deck=SMALL, progress=False)
    assert (edited.wins, edited.pushes, edited.losses) == (
        by_batch.wins, by_batch.pushes, by_batch.losses)
    assert (edited.wins, edited.losses) != (shipped.wins, shipped.losses)

    table = optimal_strategy_table(RULES, way, deck=SMALL, progress=False)
    table_shipped = optimal_strategy_table(RULES, shipped_way(), deck=SMALL, progress=False)
    assert not np.array_equal(table.house_wins, table_shipped.house_wins)
    # the table's house settings are the edited way's
    np.testing.assert_array_equal(
        table.house, optimal_strategy_table(RULES, load_house_way(edited_text()), deck=SMALL,
                                      progress=False).house)
    assert not np.array_equal(table.house, table_shipped.house)


@pytest.mark.parametrize("which", ["installed", "loaded"])
def test_the_simulation_follows_an_edited_rule(request, which):
    way = request.getfixturevalue(which)
    edited = simulate(RULES, 30_000, way=way, player_way=way, seed=5, progress=False)
    again = simulate(RULES, 30_000, way=load_house_way(edited_text()),
                     player_way=load_house_way(edited_text()), seed=5, progress=False)
    shipped = simulate(RULES, 30_000, way=shipped_way(), player_way=shipped_way(), seed=5,
                       progress=False)
    def counts(result):
        return result.wins, result.pushes, result.losses, result.banker_fouls

    assert counts(edited) == counts(again)
    assert counts(edited) != counts(shipped)


@pytest.mark.parametrize("fronts", ["straight flush | straight or flush",
                                    "straight flush | flush | straight"])
def test_a_front_the_hand_cannot_make_is_passed_over_among_alternatives(fronts):
    """Foxwoods' last straight-or-flush rule written as alternatives of which a
    hand makes only some (a flush and no straight flush, say) loads and sets
    every hand as the shipped rule does: the best front over the backs each
    alternative allows is the best over all of them."""
    keep = "  keep the straight or flush: otherwise -> straight or flush\n"
    text = way_description("foxwoods")
    assert text.count(keep) == 1
    way = load_house_way(text.replace(keep, keep.replace("-> straight or flush", f"-> {fronts}")))
    rng = np.random.default_rng(7)
    hands = np.array([rng.choice(53, 7, replace=False) for _ in range(20_000)], dtype=np.int8)
    flush_only = np.array([card_codes("Ac Jc 9c 6c 2c Kd 4h")], dtype=np.int8)
    hands = np.concatenate([hands, flush_only])
    assert np.array_equal(house_way_many(hands, way=way), house_way_many(hands, way="foxwoods"))
