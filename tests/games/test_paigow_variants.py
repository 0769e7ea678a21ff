"""Pai Gow's commission-free variants as a rule, ``PaiGowRules.banker_push``: the
compiled push test against an independent reference, settle's pushes, the exact
count against every pair settled by settle(), the simulation against the exact
count, the solver and strategy tables under a variant, saves, and the command line."""

from __future__ import annotations

import itertools
import json
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerrules import _paigow
from pokerrules.cards import Card
from pokerrules.cli import main
from pokerrules.errors import PokerRulesError
from pokerrules.paigow import (
    PRESETS,
    BatchWay,
    Outcome,
    PaiGowRules,
    Setting,
    StrategyTable,
    exact_house_edge,
    exact_house_edges,
    house_way,
    house_way_many,
    new_game,
    optimal_strategy_table,
    render,
    settle,
    simulate,
)
from pokerrules.paigow.analysis.optimal import solve_hands

# Face Up's push alone (the banker's hand not shown: tests/games/test_paigow_face_up.py
# counts the shown hand)
EZ, FREE, FACE_UP = (PaiGowRules.ez(), PaiGowRules.commission_free(),
                     PaiGowRules.face_up().replace(banker_shown=False))
VARIANTS = {"queen_high_pai_gow": EZ, "nine_high_low": FREE, "ace_high_pai_gow": FACE_UP}
JOKER = 52
QUEEN, ACE, NINE = 10, 12, 7


def deck_of(ranks, suits, joker=True):
    return sorted([r * 4 + s for r in ranks for s in suits] + ([JOKER] if joker else []))


# 15 cards each: seven ranks of two suits and the joker. Queen high without the ace
# (2 3 5 7 9 J Q: no five in a row, so only the joker's straights), and the same
# with the ace for ace high, natural or the joker's.
QUEEN_DECK = deck_of([0, 1, 3, 5, 7, 9, 10], [0, 1])
ACE_DECK = deck_of([0, 1, 3, 5, 7, 9, 12], [0, 1])
DECKS = {"queen_high_pai_gow": QUEEN_DECK, "nine_high_low": QUEEN_DECK,
         "ace_high_pai_gow": ACE_DECK}


# ------------------------------------------------------------ the reference

def _ranks(codes):
    return [c >> 2 for c in codes if c != JOKER]


def _no_pai_gow_hand(seven):
    """True when seven cards hold a pair, a straight or a flush (the joker an ace,
    or filling a straight or flush)."""
    joker = JOKER in seven
    ranks = _ranks(seven)
    if len(set(ranks)) < len(ranks) or (joker and ACE in ranks):
        return True
    suits = [c & 3 for c in seven if c != JOKER]
    if max(suits.count(s) for s in range(4)) + joker >= 5:
        return True
    present = set(ranks) | ({-1} if ACE in ranks else set())  # the ace plays low too
    for low in range(-1, 9):  # the runs -1 (ace) .. 3 up to 8 .. 12
        if sum(r in present for r in range(low, low + 5)) + joker >= 5:
            return True
    return False


def reference_push(rule, high, low):
    """The push rules as the variants' rules texts state them, written apart from C."""
    seven = [*high, *low]
    if rule == "nine_high_low":
        if JOKER in low:
            return False
        a, b = (c >> 2 for c in low)
        return a != b and max(a, b) == NINE
    if _no_pai_gow_hand(seven):
        return False
    top = ACE if JOKER in seven else max(_ranks(seven))
    return top == (QUEEN if rule == "queen_high_pai_gow" else ACE)


def as_setting(row):
    return Setting([Card(int(c)) for c in row[:5]], [Card(int(c)) for c in row[5:]])


# ------------------------------------------------------------ the rule itself

def test_an_unknown_push_rule_is_refused_by_name_listing_the_rules():
    with pytest.raises(PokerRulesError, match=r"^unknown banker_push rule 'nope'; choose from "
                                              r"None, queen_high_pai_gow, nine_high_low, "
                                              r"ace_high_pai_gow$"):
        PaiGowRules(banker_push="nope")
    with pytest.raises(PokerRulesError, match="banker_push"):
        PaiGowRules(banker_push=1)
    with pytest.raises(PokerRulesError, match="no banker push rule number 4"):
        _paigow.push_batch(np.zeros((0, 7), np.uint8), EZ.hand_rules.variant, 4)


def test_the_presets_are_commission_free_with_the_casino_wheel():
    assert {name: PRESETS[name].banker_push for name in ("ez", "commission_free", "face_up")} \
        == {"ez": "queen_high_pai_gow", "commission_free": "nine_high_low",
            "face_up": "ace_high_pai_gow"}
    for rules in VARIANTS.values():
        assert rules.commission == rules.banker_commission == 0
        assert rules.wheel_second_highest == PaiGowRules.casino().wheel_second_highest
        assert rules.replace(banker_push=None) == PaiGowRules.casino().replace(
            commission=0.0, banker_commission=0.0)
    assert [PRESETS[name].banker_shown for name in ("ez", "commission_free", "face_up")] \
        == [False, False, True]


@settings(max_examples=400, deadline=None)
@given(cards=st.permutations(range(53)).map(lambda p: p[:7]),
       rule=st.sampled_from(sorted(VARIANTS)))
def test_the_compiled_push_test_agrees_with_the_reference_on_any_setting(cards, rule):
    high, low = cards[:5], cards[5:]
    rules = VARIANTS[rule]
    assert _paigow.banker_push_codes(high, low, rules.hand_rules.variant,
                                     rules.push_number) == reference_push(rule, high, low)


def pai_gow_hands(n, seed):
    """n hands of seven distinct ranks (one of them the joker in about a third):
    mostly pai gow hands, where the push rules decide, with straights and
    flushes among them."""
    rng = np.random.default_rng(seed)
    rows = np.empty((n, 7), dtype=np.uint8)
    for i in range(n):
        ranks = rng.choice(13, 7, replace=False)
        row = ranks * 4 + rng.integers(0, 4, 7)
        if rng.random() < 0.35:
            row[rng.integers(7)] = JOKER
        rows[i] = rng.permutation(row)
    return rows


@pytest.mark.parametrize("rule", sorted(VARIANTS))
def test_the_compiled_push_test_agrees_with_the_reference_on_many_pai_gow_hands(rule):
    rows = pai_gow_hands(20_000, 7)
    rules = VARIANTS[rule]
    got = _paigow.push_batch(rows, rules.hand_rules.variant, rules.push_number)
    want = np.array([reference_push(rule, r[:5].tolist(), r[5:].tolist()) for r in rows])
    assert (got == want).all()
    assert 50 < want.sum() < len(rows)  # the rule is met often enough to be tested


def test_the_joker_is_an_ace_never_a_queen():
    queen_high = Setting("Qs Th 8d 6c 4s", "9h 2c")
    with_joker = Setting("Jk Th 8d 5c 4s", "9h 2c")
    assert EZ.pushes(queen_high) and not FACE_UP.pushes(queen_high)
    assert FACE_UP.pushes(with_joker) and not EZ.pushes(with_joker)
    # the joker filling a straight or a flush makes no pai gow at all
    assert not FACE_UP.pushes(Setting("Jk Th 9d 8c 6s", "Qh 2c"))
    assert not FACE_UP.pushes(Setting("Jk Ts 8s 6s 4s", "Qh 2c"))
    # a 9-high low as set, and the joker in the low hand is an ace
    assert FREE.pushes(Setting("Ks Kh 8d 6c 4s", "9h 2c"))
    assert not FREE.pushes(Setting("Ks Kh 8d 6c 4s", "9h Jk"))
    assert not FREE.pushes(Setting("Ks Kh 8d 6c 4s", "9h 9c"))
    assert not PaiGowRules.casino().pushes(queen_high)


# ------------------------------------------------------------ settle

@pytest.mark.parametrize("rule", sorted(VARIANTS))
def test_settle_pushes_on_the_rules_banker_hands_and_only_there(rule):
    rules = VARIANTS[rule]
    plain = rules.replace(banker_push=None)
    deals = _paigow.sim_deal(3_000, np.arange(4, dtype=np.uint64) + 11)
    players = house_way_many(np.ascontiguousarray(deals[:, :7]), rules)
    bankers = house_way_many(np.ascontiguousarray(deals[:, 7:]), rules)
    pushed = 0
    for p_row, b_row in zip(players, bankers, strict=True):
        player, banker = as_setting(p_row), as_setting(b_row)
        got = settle(player, banker, 1, rules)
        if reference_push(rule, b_row[:5].tolist(), b_row[5:].tolist()):
            pushed += 1
            assert (got.outcome, got.net, got.banker_push, got.high, got.low) == \
                (Outcome.PUSH, 0.0, True, None, None)
        else:
            assert got == settle(player, banker, 1, plain)
    assert pushed > 10


def test_a_fouled_player_loses_even_to_a_pushing_banker():
    banker = Setting("Qs Th 8d 6c 4s", "9h 2c")
    fouled = Setting("Kc 7h 5d 3c 2s", "As Ah")
    result = settle(fouled, banker, 1, EZ)
    assert (result.outcome, result.player_foul, result.banker_push) == (Outcome.LOSS, True, False)


def test_a_round_says_the_bankers_hand_pushed():
    for seed in range(400):
        state = new_game(EZ, seed=seed, occupied=[1, 4])
        while not state.is_over:
            hand = [Card(c) for c in state.hands[state.current_player]]
            state.play(str(house_way(hand, EZ)))
        if EZ.pushes(house_way([Card(c) for c in state.hands[0]], EZ)):
            break
    else:
        raise AssertionError("no queen-high banker in 400 rounds")
    result = state.result()
    assert result.detail["banker_push"] is True
    assert result.detail["settlements"][1]["banker_push"] is True
    assert result.scores == (0.0, 0.0)
    assert "pushes every bet (queen_high_pai_gow)" in render(state)
    assert new_game(EZ, seed=seed + 1).to_json()  # still a save


# ------------------------------------------------------------ the exact count

def brute_force_by_settle(rules, deck):
    """(wins, pushes, losses) over every ordered pair of disjoint hands of the deck,
    each settled by settle()."""
    hands = [tuple(h) for h in itertools.combinations(deck, 7)]
    set_by = {h: house_way([Card(c) for c in h], rules) for h in hands}
    counts = {Outcome.WIN: 0, Outcome.PUSH: 0, Outcome.LOSS: 0}
    for p in hands:
        for b in itertools.combinations([c for c in deck if c not in p], 7):
            counts[settle(set_by[p], set_by[b], 1, rules).outcome] += 1
    return counts[Outcome.WIN], counts[Outcome.PUSH], counts[Outcome.LOSS]


@pytest.fixture(scope="module")
def brute_counts():
    return {rule: brute_force_by_settle(VARIANTS[rule], DECKS[rule]) for rule in VARIANTS}


@pytest.mark.parametrize("rule", sorted(VARIANTS))
def test_the_exact_count_equals_every_pair_settled_by_settle(rule, brute_counts):
    rules, deck = VARIANTS[rule], DECKS[rule]
    expected = brute_counts[rule]
    without = exact_house_edge(rules.replace(banker_push=None), deck=deck)
    assert expected != (without.wins, without.pushes, without.losses)  # the rule counts
    for symmetry, parts, workers in ((None, 1, 1), (False, 3, 2)):
        r = exact_house_edge(rules, deck=deck, symmetry=symmetry, parts=parts,
                             workers=workers, progress=False)
        assert (r.wins, r.pushes, r.losses) == expected
        assert r.symmetric == (symmetry is None) and r.banker_push == rule
        assert r.to_dict()["banker_push"] == rule
    assert "banker_push" not in without.to_dict()


def test_a_sweep_counts_each_variant_as_one_count(brute_counts):
    results = exact_house_edges([(rules, None, None) for rules in VARIANTS.values()],
                                deck=QUEEN_DECK)
    for rule, r in zip(VARIANTS, results, strict=True):
        if DECKS[rule] is QUEEN_DECK:
            assert (r.wins, r.pushes, r.losses) == brute_counts[rule]


def test_the_exact_count_with_a_player_strategy_of_its_own(brute_counts):
    """Two table sides and a strategy set in Python: the banker's pushes still count."""
    way = BatchWay(lambda hands, rules: house_way_many(hands, rules, "foxwoods"), "batch")
    r = exact_house_edge(EZ, "foxwoods", way, deck=QUEEN_DECK)
    assert (r.wins, r.pushes, r.losses) == brute_counts["queen_high_pai_gow"]


# ------------------------------------------------------------ simulate

# The exact full-deck figures of each preset, the Foxwoods way on both sides, as
# ``pokerrules paigow exact --rules NAME --way foxwoods`` counted them
# (docs/games/paigow.rst lists the rates).
FULL_DECK = {
    "queen_high_pai_gow": (2275275661989588, 3470023265691764, 2505160103533048),
    "nine_high_low": (2301674463742376, 3444181770265560, 2504602797206464),
    "ace_high_pai_gow": (1917549730398252, 3900648167640380, 2432261133175768),
}


@pytest.mark.parametrize("rule", sorted(VARIANTS))
def test_the_python_path_of_simulate_counts_as_the_compiled_one(rule):
    rules = VARIANTS[rule]
    batch = BatchWay(lambda hands, r: house_way_many(hands, r, "foxwoods"), "batch")
    compiled = simulate(rules, 20_000, seed=3, progress=False)
    python = simulate(rules, 20_000, seed=3, player_way=batch, progress=False)
    names = ("wins", "pushes", "losses", "high_copies", "low_copies", "banker_pushes")
    assert [getattr(compiled, n) for n in names] == [getattr(python, n) for n in names]
    assert compiled.banker_pushes > 0
    assert compiled.to_dict()["banker_pushes"] == compiled.banker_pushes
    assert "banker_pushes" not in simulate("casino", 1_000, seed=3).to_dict()


@pytest.mark.parametrize("rule", sorted(VARIANTS))
def test_simulate_agrees_with_the_exact_count_within_four_standard_errors(rule):
    wins, pushes, losses = FULL_DECK[rule]
    total = wins + pushes + losses
    r = simulate(VARIANTS[rule], 400_000, seed=21, progress=False)
    for count, rate in ((wins, r.win_rate), (pushes, r.push_rate), (losses, r.loss_rate)):
        p = count / total
        assert abs(rate - p) < 4 * math.sqrt(p * (1 - p) / r.rounds)


# ------------------------------------------------------------ the solver

@pytest.fixture(scope="module")
def ez_table():
    return optimal_strategy_table(EZ, "foxwoods", deck=QUEEN_DECK, progress=False)


def test_the_solver_counts_each_setting_as_settle_does(ez_table):
    deck = QUEEN_DECK
    hands = list(itertools.combinations(range(len(deck)), 7))
    picks = np.random.default_rng(5).choice(len(hands), 12, replace=False)
    positions = np.array([hands[i] for i in picks], dtype=np.int64)
    solved = solve_hands(EZ, "foxwoods", positions, deck=deck)
    for row, pos in enumerate(positions):
        cards = [Card(deck[p]) for p in pos]
        rest = [c for c in deck if c not in {card.code for card in cards}]
        bankers = [house_way([Card(c) for c in b], EZ) for b in itertools.combinations(rest, 7)]
        for k, (i, j) in enumerate(itertools.combinations(range(7), 2)):
            player = Setting([c for m, c in enumerate(cards) if m not in (i, j)],
                             [cards[i], cards[j]])
            if solved.wins[row, k] < 0:
                continue  # a foul
            outcomes = [settle(player, b, 1, EZ).outcome for b in bankers]
            assert (solved.wins[row, k], solved.losses[row, k]) == \
                (outcomes.count(Outcome.WIN), outcomes.count(Outcome.LOSS))


def test_a_strategy_table_under_a_variant_is_counted_and_saved_as_such(ez_table, tmp_path):
    assert ez_table.banker_push == "queen_high_pai_gow" and ez_table.rules == EZ
    r = exact_house_edge(EZ, "foxwoods", ez_table, deck=QUEEN_DECK)
    assert (r.wins, r.pushes, r.losses) == \
        (ez_table.result.wins, ez_table.result.pushes, ez_table.result.losses)
    house = exact_house_edge(EZ, deck=QUEEN_DECK)
    assert r.player_ev >= house.player_ev
    ez_table.save(tmp_path / "ez.prt")
    loaded = StrategyTable.load(tmp_path / "ez.prt", EZ)
    assert loaded.banker_push == "queen_high_pai_gow"
    with pytest.raises(PokerRulesError, match="banker_push='queen_high_pai_gow'; these rules "
                                              "have banker_push=None"):
        StrategyTable.load(tmp_path / "ez.prt", EZ.replace(banker_push=None))


# ------------------------------------------------------------ saves

def test_rules_write_the_push_only_when_set():
    assert "banker_push" not in PaiGowRules.casino().to_dict()
    assert PaiGowRules.from_dict(EZ.to_dict()) == EZ
    assert PaiGowRules.from_dict(PaiGowRules.casino().to_dict()) == PaiGowRules.casino()
    state = new_game("face_up", seed=2)
    assert json.loads(state.to_json())["deal"]["rules"]["banker_push"] == "ace_high_pai_gow"
    assert json.loads(state.to_json())["deal"]["rules"]["banker_shown"] is True
    assert type(state).from_json(state.to_json()).rules == PaiGowRules.face_up()
    assert "banker_push" not in new_game("casino", seed=2).to_json()


# ------------------------------------------------------------ the command line

@pytest.mark.parametrize("preset", ["ez", "commission_free"])
def test_the_command_line_takes_the_presets(capsys, preset):
    assert main(["paigow", "simulate", "--rules", preset, "--rounds", "3000", "--seed", "2",
                 "--no-progress", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["rules"]["banker_push"] == PRESETS[preset].banker_push
    assert record["banker_pushes"] > 0
    assert main(["paigow", "simulate", "--rules", preset, "--rounds", "3000", "--seed", "2",
                 "--no-progress"]) == 0
    assert "banker push" in capsys.readouterr().out


def test_the_command_line_help_names_the_presets(capsys):
    with pytest.raises(SystemExit):
        main(["paigow", "exact", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "{casino,classic,commission_free,ez,face_up}" in text
    assert "queen-high pai gow" in text and "9-high low hand" in text


# ------------------------------------------------------------ the published figure

@pytest.mark.slow
def test_the_full_deck_commission_free_game_by_trump_plazas_way_gives_the_published_rates():
    """Wizard of Odds, Commission Free Pai Gow Poker, "Main Wager — Based on Trump
    Plaza House Way": win 0.273726, push 0.427453, loss 0.298822, a house edge of
    2.51%. Ours, the posted Trump Plaza way on both sides, agrees to 3e-5 in each
    rate (the way's ambiguous sentences are read as docs/games/paigow_ways.rst says)."""
    r = exact_house_edge(PaiGowRules.commission_free(), "trump_plaza", workers=2,
                         progress=False)
    assert r.total == math.comb(53, 7) * math.comb(46, 7)
    for ours, published in ((r.win_rate, 0.273726), (r.push_rate, 0.427453),
                            (r.loss_rate, 0.298822)):
        assert ours == pytest.approx(published, abs=3e-5)
    assert round(100 * r.house_edge, 2) == 2.51


# ------------------------------------------------------------ the best setting of one hand

@pytest.mark.parametrize("rule", sorted(VARIANTS))
def test_the_banker_histogram_puts_the_pushing_hands_in_the_push_cell(rule):
    rules = VARIANTS[rule]
    live = DECKS[rule]
    dead = [c for c in range(53) if c not in live]
    variant, push = rules.hand_rules.variant, rules.push_number
    hist = _paigow.banker_hist_brute(dead, variant, 0, push)
    plain = _paigow.banker_hist_brute(dead, variant, 0)
    parts = sum(_paigow.banker_hist_part(dead, variant, 0, part, 3, push) for part in range(3))
    assert (parts == hist).all()
    rows = house_way_many(np.array(list(itertools.combinations(live, 7)), dtype=np.uint8), rules)
    pushing = [reference_push(rule, r[:5].tolist(), r[5:].tolist()) for r in rows]
    nlow = hist.shape[1]
    assert hist[0, nlow - 1] == sum(pushing) > 0 and plain[0].sum() == 0
    assert hist.sum() == plain.sum() == len(rows)


def test_the_bankers_own_pushing_setting_is_a_push_against_every_player():
    from pokerrules.paigow import optimal_setting

    hand = "Ks Kh 8d 6c 4s 9h 2c"  # setting 9h 2c in front is a 9-high low
    pushed = optimal_setting(hand, FREE, seat="banker")
    plain = optimal_setting(hand, FREE.replace(banker_push=None), seat="banker")
    for mine, other in zip(pushed.settings, plain.settings, strict=True):
        assert mine.setting == other.setting
        if FREE.pushes(mine.setting):
            assert (mine.win, mine.loss, mine.ev) == (0.0, 0.0, 0.0)
        else:
            assert (mine.win, mine.loss) == (other.win, other.loss)
    assert any(FREE.pushes(v.setting) for v in pushed.settings)
