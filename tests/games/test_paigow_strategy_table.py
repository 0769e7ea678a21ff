"""StrategyTable: the best setting of every hand of a small deck as a strategy,
checked against a brute force that settles every setting of a hand against
every banker hand of the rest of the deck (settle_batch, which
test_paigow_table checks against settle()); its file refused when truncated,
edited or of other rules; and the table taken as the player's way by
exact_house_edge, house_way_many and simulate."""

from __future__ import annotations

import itertools
import math
import pickle

import numpy as np
import pytest

from pokerrules import _paigow
from pokerrules.cards import card_codes
from pokerrules.errors import (
    ArgumentTypeError,
    DuplicateCardError,
    HandSizeError,
    InvalidCardError,
    PokerRulesError,
)
from pokerrules.paigow import (
    PaiGowRules,
    Setting,
    exact_house_edge,
    house_way_many,
    paigow_rules,
    settle,
    simulate,
)
from pokerrules.paigow.analysis.hand_classes import HandClasses
from pokerrules.paigow.analysis.outcomes import deck_codes
from pokerrules.paigow.analysis.strategy_table import StrategyTable

pytestmark = pytest.mark.fast

#: Four ranks in four suits and the joker: 19,448 hands in 1,104 suit classes,
#: each meeting C(10, 7) = 120 banker hands.
DECK = "As Ks Qs Js Ah Kh Qh Jh Ad Kd Qd Jd Ac Kc Qc Jc Jk"
RULES = PaiGowRules.casino()
FRONTS = list(itertools.combinations(range(7), 2))
HAND = card_codes("As Ks Qs Js Ah Kh Qh")


class Brute:
    """Every hand of a deck, the banker's setting of each by the way, and each
    player hand's 21 settings settled against every disjoint banker hand."""

    def __init__(self, rules, way, deck):
        self.rules = paigow_rules(rules)
        self.way = way
        self.codes = deck_codes(deck)
        n = math.comb(len(self.codes), 7)
        self.hands = self.codes[_paigow.exact_hands(
            np.arange(len(self.codes), dtype=np.uint8), 0, n)]
        self.banker = house_way_many(self.hands, self.rules, way)
        self.masks = np.zeros(n, dtype=np.uint64)
        for j in range(7):
            self.masks |= np.uint64(1) << self.hands[:, j].astype(np.uint64)
        self.total = math.comb(len(self.codes) - 7, 7)

    def index(self, cards):
        mask = sum(1 << c for c in cards)
        return int(np.flatnonzero(self.masks == np.uint64(mask))[0])

    def settings(self, i):
        """(wins (21,), losses (21,), fouls (21,)) of hand i's settings."""
        hand = self.hands[i]
        others = self.banker[(self.masks & self.masks[i]) == 0]
        rows = np.array([[*(hand[k] for k in range(7) if k not in f), *hand[list(f)]]
                         for f in FRONTS], dtype=np.uint8)
        flags = _paigow.settle_batch(np.repeat(rows, len(others), axis=0),
                                     np.tile(others, (21, 1)),
                                     self.rules.hand_rules.variant).reshape(21, -1)
        outcome = flags & 3
        return ((outcome == 2).sum(axis=1), (outcome == 0).sum(axis=1),
                (flags & 16).any(axis=1))

    def evs(self, i):
        wins, losses, fouls = self.settings(i)
        c = self.rules.commission
        return np.where(fouls, -np.inf, (wins / self.total) * (1 - c) - losses / self.total)

    def house(self, i):
        front = sorted(list(self.hands[i]).index(c) for c in self.banker[i, 5:])
        return FRONTS.index(tuple(front))

    def table_arrays(self, symmetric=True):
        """The arrays of the table, one entry per class (by brute force)."""
        classes = HandClasses(self.codes, symmetric)
        parts = list(classes.representatives())
        reps = np.concatenate([p[0] for p in parts])
        out = {k: [] for k in ("best", "wins", "losses", "house", "house_wins", "house_losses")}
        for i in reps:
            wins, losses, _ = self.settings(i)
            best, house = int(np.argmax(self.evs(i))), self.house(i)
            for key, value in (("best", best), ("wins", wins[best]), ("losses", losses[best]),
                               ("house", house), ("house_wins", wins[house]),
                               ("house_losses", losses[house])):
                out[key].append(value)
        arrays = {k: np.array(v, dtype=np.int64) for k, v in out.items()}
        return {"rules": self.rules, "way": self.way, "deck_codes": self.codes,
                "symmetric": symmetric, "hands": reps,
                "weight": np.concatenate([p[1] for p in parts]),
                "pushes": self.total - arrays["wins"] - arrays["losses"], **arrays}


@pytest.fixture(scope="module")
def brute():
    return Brute(RULES, "foxwoods", DECK)


@pytest.fixture(scope="module")
def arrays(brute):
    return brute.table_arrays()


@pytest.fixture(scope="module")
def table(arrays):
    return StrategyTable.from_arrays(**arrays)


def burnside(ranks, jokers):
    """The classes of seven-card hands of ``ranks`` ranks in four suits (and
    ``jokers`` jokers) under the 24 renamings of the suits: the mean over the
    renamings of the hands each fixes (a fixed hand is a union of cycles)."""
    fixed = 0
    for perm in itertools.permutations(range(4)):
        cycles, seen = [], set()
        for start in range(4):
            length, suit = 0, start
            while suit not in seen:
                seen.add(suit)
                suit, length = perm[suit], length + 1
            if length:
                cycles.append(length)
        ways = [1] + [0] * 7  # ways[k]: fixed sets of k cards
        for length in cycles * ranks + [1] * jokers:
            ways = [ways[k] + (ways[k - length] if k >= length else 0) for k in range(8)]
        fixed += ways[7]
    return fixed // 24


def test_a_table_of_brute_force_arrays_holds_one_entry_per_suit_class(brute, table):
    assert len(table) == burnside(4, 1) == 1104 and table.symmetric
    assert int(table.weight.sum(dtype=np.int64)) == len(brute.hands) == 19448


@pytest.mark.slow
def test_the_full_deck_has_as_many_classes_as_burnside_counts():
    classes = HandClasses(np.arange(53, dtype=np.uint8), True)
    parts = list(classes.representatives())
    assert sum(len(p[0]) for p in parts) == burnside(13, 1) == 6_972_147
    assert sum(int(p[1].sum()) for p in parts) == math.comb(53, 7)


def check_hands(brute, table, rows):
    settings = table.set_many(brute.hands[rows])
    for i, row in zip(rows, settings, strict=True):
        evs = brute.evs(i)
        hand = list(brute.hands[i])
        chosen = FRONTS.index(tuple(sorted(hand.index(c) for c in row[5:])))
        # the table's setting is one of the best (its representative's, mapped back)
        assert evs[chosen] == evs.max()
        wins, losses, _ = brute.settings(i)
        cards = brute.hands[i].tolist()
        assert table.counts(cards) == (wins[chosen], brute.total - wins[chosen]
                                       - losses[chosen], losses[chosen])
        assert table.ev(cards) == pytest.approx(evs.max(), abs=1e-15)
        assert table.setting(cards) == Setting(row[:5].tolist(), row[5:].tolist())


def test_every_setting_the_table_gives_has_the_best_brute_force_ev(brute, table):
    rows = np.random.default_rng(1).choice(len(brute.hands), 150, replace=False)
    check_hands(brute, table, rows)


@pytest.mark.slow
def test_every_hand_of_the_deck_gets_a_best_setting(brute, table):
    check_hands(brute, table, np.arange(len(brute.hands)))


def test_the_settings_keep_each_side_in_the_order_of_the_input_row(table):
    given = card_codes("Jk As Ks Ah Kh Ad Kd")
    row = table.set_many(np.array([given]))[0]
    assert sorted(row.tolist()) == sorted(given)
    assert row[:5].tolist() == [c for c in given if c in row[:5]]
    assert row[5:].tolist() == [c for c in given if c in row[5:]]


def test_exact_house_edge_with_the_table_as_player_way_equals_its_totals(table):
    counted = exact_house_edge(RULES, "foxwoods", player_way=table, deck=DECK)
    own = table.result
    assert (counted.wins, counted.pushes, counted.losses) == (own.wins, own.pushes, own.losses)
    assert counted.player_way == own.player_way == "optimal against foxwoods"
    assert table.house_edge == counted.house_edge


def test_house_way_cost_adds_up_over_the_rules_and_matches_the_exact_house_way_edge(table):
    cost = table.house_way_cost(examples=2)
    house = exact_house_edge(RULES, "foxwoods", deck=DECK)
    assert cost.house_way_edge == pytest.approx(house.house_edge, rel=1e-12)
    assert cost.optimal_edge == pytest.approx(table.house_edge, rel=1e-12)
    assert cost.gain == pytest.approx(sum(r.gain for r in cost.rules), rel=1e-9)
    assert cost.gain > 0 and cost.set_otherwise == sum(r.set_otherwise for r in cost.rules)
    assert sum(r.hands for r in cost.rules) == cost.hands == 19448
    gains = [r.gain for r in cost.rules]
    assert gains == sorted(gains, reverse=True)
    top = cost.rules[0].examples[0]
    # the example's settings, settled, give it the gain said
    assert top.gain > 0 and top.best != top.house_way
    assert "two sets of trips" in str(cost) or "full house" in str(cost)
    assert cost.to_dict()["rules"][0]["examples"][0]["hand"] == top.hand


def test_house_way_many_takes_the_table_as_its_way(brute, table):
    hands = brute.hands[:500]
    assert np.array_equal(house_way_many(hands, RULES, table), table.set_many(hands))
    with pytest.raises(PokerRulesError, match="with_rules"):
        house_way_many(hands, RULES, table, with_rules=True)
    with pytest.raises(PokerRulesError, match="solved at 5% commission"):
        house_way_many(hands, "classic", table)


def test_the_table_is_refused_under_other_rules_way_or_deck(table):
    with pytest.raises(PokerRulesError, match=r"5% commission.*0% commission"):
        exact_house_edge(RULES.replace(commission=0.0), "foxwoods", player_way=table, deck=DECK)
    with pytest.raises(PokerRulesError, match="lowest"):
        exact_house_edge(RULES.replace(wheel_second_highest=False), "foxwoods",
                         player_way=table, deck=DECK)
    with pytest.raises(PokerRulesError, match="way foxwoods, not ballys"):
        exact_house_edge(RULES, "ballys", player_way=table, deck=DECK)
    with pytest.raises(PokerRulesError, match="deck of 17 cards"):
        exact_house_edge(RULES, "foxwoods", player_way=table)
    with pytest.raises(PokerRulesError, match="deck of 17 cards"):
        simulate(RULES, 10, way="foxwoods", player_way=table, seed=1)


def test_bad_hands_are_refused_by_name(table):
    with pytest.raises(HandSizeError):
        table.set_many(np.zeros((2, 6), dtype=np.uint8))
    with pytest.raises(ArgumentTypeError):
        table.set_many(np.zeros((2, 7)))
    with pytest.raises(InvalidCardError, match="hand 1"):
        table.set_many(np.array([HAND, [*HAND[:6], 60]]))
    with pytest.raises(DuplicateCardError, match="hand 0"):
        table.set_many(np.array([[*HAND[:6], HAND[0]]]))
    with pytest.raises(PokerRulesError, match="2c, which is not in the table's deck"):
        table.setting("As Ah Ks Kh Qs Qh 2c")


def testfrom_arrays_refuses_arrays_that_are_no_table(arrays):
    with pytest.raises(PokerRulesError, match="best must be an integer array"):
        StrategyTable.from_arrays(**{**arrays, "best": arrays["best"][:-1]})
    with pytest.raises(PokerRulesError, match="add up to 120"):
        StrategyTable.from_arrays(**{**arrays, "pushes": arrays["pushes"] + 1})
    with pytest.raises(PokerRulesError, match="once each"):
        StrategyTable.from_arrays(**{**arrays, "weight": arrays["weight"] * 0 + 1})
    with pytest.raises(PokerRulesError, match=r"indexes 0\.\.20"):
        StrategyTable.from_arrays(**{**arrays, "best": arrays["best"] * 0 + 21})


# ------------------------------------------------------------------ the file

def test_a_saved_table_loads_as_the_same_table_and_saves_the_same_bytes(table, tmp_path):
    table.save(tmp_path / "a.prt")
    loaded = StrategyTable.load(tmp_path / "a.prt", RULES, "foxwoods")
    for name in ("hands", "best", "wins", "losses", "house", "house_wins", "house_losses",
                 "weight"):
        array = getattr(loaded, name)
        assert np.array_equal(array, getattr(table, name))
        assert not isinstance(array, np.memmap) and not array.flags.writeable
        with pytest.raises(ValueError):
            array.flags.writeable = True  # the table's own memory, read-only for good
    assert loaded.result == table.result and loaded.path == str(tmp_path / "a.prt")
    loaded.save(tmp_path / "b.prt")
    assert (tmp_path / "a.prt").read_bytes() == (tmp_path / "b.prt").read_bytes()
    assert not list(tmp_path.glob("*.part"))


def test_a_table_pickles_by_its_file_or_its_arrays(table, tmp_path):
    table.save(tmp_path / "a.prt")
    loaded = StrategyTable.load(tmp_path / "a.prt")
    assert len(pickle.dumps(loaded)) < 1000  # the path, not the arrays
    for t in (table, loaded):
        again = pickle.loads(pickle.dumps(t))
        assert again.result == table.result
        assert np.array_equal(again.set_many(np.array([HAND])),
                              table.set_many(np.array([HAND])))


def test_a_loaded_way_is_saved_with_its_text(arrays, tmp_path):
    from pokerrules.paigow import way_description
    from pokerrules.paigow.game.description import load_house_way

    way = load_house_way(way_description("foxwoods").replace("way: Foxwoods", "way: Mine"))
    StrategyTable.from_arrays(**{**arrays, "way": way}).save(tmp_path / "a.prt")
    loaded = StrategyTable.load(tmp_path / "a.prt", way=way)
    assert loaded.way == way and loaded.way.name == "Mine"
    with pytest.raises(PokerRulesError, match="against the banker's way Mine, not foxwoods"):
        StrategyTable.load(tmp_path / "a.prt", way="foxwoods")


def test_a_file_of_other_rules_or_another_way_is_refused_by_name(table, tmp_path):
    path = tmp_path / "a.prt"
    table.save(path)
    with pytest.raises(PokerRulesError, match=r"a.prt\) was solved at 5% commission"):
        StrategyTable.load(path, "classic")
    with pytest.raises(PokerRulesError, match="foxwoods, not ballys"):
        StrategyTable.load(path, RULES, "ballys")


def test_a_truncated_or_lengthened_file_is_refused(table, tmp_path):
    path = tmp_path / "a.prt"
    table.save(path)
    data = path.read_bytes()
    for cut in (len(data) - 1, len(data) // 2, 100, 12):
        path.write_bytes(data[:cut])
        with pytest.raises(PokerRulesError, match=r"truncated|no strategy table"):
            StrategyTable.load(path)
    path.write_bytes(data + b"\0")
    with pytest.raises(PokerRulesError, match="longer than its header says"):
        StrategyTable.load(path)


def test_an_edited_file_is_refused(table, tmp_path):
    path = tmp_path / "a.prt"
    table.save(path)
    data = path.read_bytes()
    # a count in the arrays
    edited = bytearray(data)
    edited[-70] ^= 1
    path.write_bytes(bytes(edited))
    with pytest.raises(PokerRulesError, match="edited or damaged"):
        StrategyTable.load(path)
    # the commission in the header, the length kept
    path.write_bytes(data.replace(b'"commission":0.05', b'"commission":0.04'))
    with pytest.raises(PokerRulesError, match="edited or damaged"):
        StrategyTable.load(path)
    path.write_bytes(data.replace(b'"symmetric":true', b'"symmetric":1   '))
    with pytest.raises(PokerRulesError, match="symmetric"):
        StrategyTable.load(path)
    path.write_bytes(data.replace(b"{", b"[", 1))
    with pytest.raises(PokerRulesError, match="no JSON"):
        StrategyTable.load(path)
    path.write_bytes(data[:8] + (2).to_bytes(4, "little") + data[12:])
    with pytest.raises(PokerRulesError, match="version 2; this pokerrules reads version 1"):
        StrategyTable.load(path)
    path.write_bytes(b"not a table at all")
    with pytest.raises(PokerRulesError, match="no strategy table file"):
        StrategyTable.load(path)
    with pytest.raises(PokerRulesError, match="cannot read"):
        StrategyTable.load(tmp_path / "missing.prt")


def test_the_brute_force_settles_as_settle_does(brute):
    """The brute force's settle_batch against settle() on a few pairs."""
    rng = np.random.default_rng(3)
    for i in rng.choice(len(brute.hands), 5, replace=False):
        hand = brute.hands[i].tolist()
        wins, losses, _ = brute.settings(i)
        others = brute.banker[(brute.masks & brute.masks[i]) == 0]
        for k in rng.choice(21, 3, replace=False):
            a, b = FRONTS[k]
            player = Setting([c for j, c in enumerate(hand) if j not in (a, b)],
                             [hand[a], hand[b]])
            outcomes = [settle(player, Setting(o[:5].tolist(), o[5:].tolist()), 1, RULES)
                        .outcome.value for o in others]
            assert (outcomes.count("win"), outcomes.count("loss")) == (wins[k], losses[k])
