"""The banker's best response: every banker hand's setting of highest EV against
the player's way, equal to settle() over every player hand of small decks; its
table played as the banker's way counts what the table says, beats the house way
from the banker's seat, saves and loads as the banker's; bad input refused by name."""

import itertools

import numpy as np
import pytest

from pokerrules.cards import Card
from pokerrules.cli import main
from pokerrules.errors import IllegalMoveError, PokerRulesError
from pokerrules.paigow import (
    BatchWay,
    Outcome,
    PaiGowRules,
    Setting,
    StrategyTable,
    exact_house_edge,
    house_way,
    house_way_many,
    is_foul,
    optimal_strategy_table,
    play_round,
    settings,
    settle,
    simulate,
)
from pokerrules.paigow.analysis.class_strategy import ClassStrategy
from pokerrules.paigow.analysis.optimal import (
    NSETTINGS,
    hand_positions,
    opposing_table,
    solve_hands,
)

CLASSIC = PaiGowRules.classic()
CASINO = PaiGowRules.casino()
EZ = PaiGowRules.ez()
# four ranks in all four suits: closed under the suits' renamings
SUITED = sorted(r * 4 + s for r in (0, 7, 10, 12) for s in range(4))
# 16 cards with no suit renaming that maps the deck onto itself
UNEVEN = sorted(np.random.default_rng(3).choice(53, 16, replace=False).tolist())


def banker_brute_force(positions, deck, rules):
    """(wins, losses) (n, 21) of every setting of each banker hand against every
    player hand of the rest of the deck set by Foxwoods, by settle(); -1 a foul."""
    wins = np.full((len(positions), NSETTINGS), -1, dtype=np.int64)
    losses = wins.copy()
    for h, row in enumerate(positions):
        cards = [Card(deck[p]) for p in row]
        rest = [c for c in deck if Card(c) not in cards]
        players = [house_way([Card(c) for c in p], rules, "foxwoods")
                   for p in itertools.combinations(rest, 7)]
        for t, setting in enumerate(settings(cards)):
            if is_foul(setting, rules.hand_rules):
                continue
            outcomes = [settle(p, setting, 1, rules).outcome for p in players]
            wins[h, t] = sum(o is Outcome.LOSS for o in outcomes)
            losses[h, t] = sum(o is Outcome.WIN for o in outcomes)
    return wins, losses


@pytest.mark.parametrize("rules", [CLASSIC, CASINO, EZ], ids=["classic", "casino", "ez"])
def test_banker_hands_are_counted_and_valued_as_settle_settles_them(rules):
    positions = np.array(list(itertools.combinations(range(16), 7)), dtype=np.uint8)[::211]
    solved = solve_hands(rules, "foxwoods", positions, seat="banker", deck=UNEVEN)
    wins, losses = banker_brute_force(positions, UNEVEN, rules)
    assert np.array_equal(solved.wins, wins) and np.array_equal(solved.losses, losses)
    assert solved.seat == "banker" and solved.commission == rules.banker_commission
    evs = np.where(wins < 0, -np.inf, (wins * (1 - rules.banker_commission) - losses))
    assert np.array_equal(solved.best, np.argmax(evs, axis=1))
    # the house setting is Foxwoods' of the banker's hand
    for row, house in zip(positions, solved.house):
        cards = [Card(UNEVEN[p]) for p in row]
        assert settings(cards)[house] == house_way(cards, rules, "foxwoods")


@pytest.mark.parametrize("deck, rules", [(SUITED, CLASSIC), (UNEVEN, CASINO), (UNEVEN, EZ)],
                         ids=["suited-classic", "uneven-casino", "uneven-ez"])
def test_the_banker_table_played_as_the_banker_counts_its_own_totals(deck, rules, tmp_path):
    table = optimal_strategy_table(rules, "foxwoods", seat="banker", deck=deck, progress=False)
    assert table.seat == "banker" and table.symmetric == (deck is SUITED)
    exact = exact_house_edge(rules, table, player_way="foxwoods", deck=deck)
    own = table.result
    assert (exact.wins, exact.pushes, exact.losses) == (own.wins, own.pushes, own.losses)
    assert exact.banker_ev == own.banker_ev
    house = exact_house_edge(rules, "foxwoods", deck=deck)
    assert exact.banker_ev > house.banker_ev  # the best response gains on the house way
    cost = table.house_way_cost()
    assert cost.seat == "banker" and cost.gain > 0
    assert cost.house_way_edge == pytest.approx(-house.banker_ev, abs=1e-15)
    assert cost.optimal_edge == pytest.approx(-exact.banker_ev, abs=1e-15)
    # the breakdown by the house way's rules (its hand types) adds up to the edges
    assert sum(r.house_way_ev for r in cost.rules) == pytest.approx(house.banker_ev, abs=1e-15)
    assert sum(r.optimal_ev for r in cost.rules) == pytest.approx(exact.banker_ev, abs=1e-15)
    assert all(r.optimal_ev - r.house_way_ev == pytest.approx(r.gain, abs=1e-15)
               for r in cost.rules)
    assert sum(r.hands for r in cost.rules) == 11440 and len(cost.rules) > 3
    path = tmp_path / "banker.prst"
    table.save(path)
    loaded = StrategyTable.load(path, rules=rules, way="foxwoods")
    assert loaded.seat == "banker" and loaded.banker_commission == rules.banker_commission
    assert loaded.result == own
    with pytest.raises(PokerRulesError, match="banker commission"):
        StrategyTable.load(path, rules=rules.replace(banker_commission=0.01))


def test_each_banker_class_plays_its_best_setting_against_the_player():
    table = optimal_strategy_table(CASINO, "foxwoods", seat="banker", deck=UNEVEN,
                                   progress=False)
    assert len(table) == 11440  # every hand its own class
    positions = hand_positions(table.representatives(), UNEVEN)
    solved = solve_hands(CASINO, "foxwoods", positions, seat="banker", deck=UNEVEN)
    assert np.array_equal(table.best, solved.best)
    rows = np.arange(len(positions))
    assert np.array_equal(table.wins, solved.wins[rows, solved.best])
    assert np.array_equal(table.house_losses, solved.losses[rows, solved.house])


def test_a_strategy_table_is_refused_in_the_other_seat():
    banker = optimal_strategy_table(CLASSIC, "foxwoods", seat="banker", deck=UNEVEN,
                                    progress=False)
    player = optimal_strategy_table(CLASSIC, "foxwoods", deck=UNEVEN, progress=False)
    assert player.seat == "player"
    with pytest.raises(PokerRulesError, match="is the banker's strategy"):
        exact_house_edge(CLASSIC, "foxwoods", player_way=banker, deck=UNEVEN)
    with pytest.raises(PokerRulesError, match="is the banker's strategy"):
        exact_house_edge(CLASSIC, banker, deck=UNEVEN)  # the player would play it too
    with pytest.raises(PokerRulesError, match="is the player's strategy"):
        exact_house_edge(CLASSIC, player, player_way="foxwoods", deck=UNEVEN)
    with pytest.raises(PokerRulesError, match="against the player's way foxwoods, not ballys"):
        exact_house_edge(CLASSIC, banker, player_way="ballys", deck=UNEVEN)
    with pytest.raises(PokerRulesError, match="is the banker's strategy"):
        optimal_strategy_table(CLASSIC, banker, seat="banker", deck=UNEVEN, progress=False)
    with pytest.raises(PokerRulesError, match="is the banker's strategy"):
        simulate(CLASSIC, 10, seed=1, way="foxwoods", player_way=banker)
    with pytest.raises(PokerRulesError, match="is the player's strategy"):
        simulate(CLASSIC, 10, seed=1, way=player, player_way="foxwoods")
    with pytest.raises(PokerRulesError, match="is the player's strategy"):
        play_round(CLASSIC, {1: player, 2: None}, seed=1)
    with pytest.raises(PokerRulesError, match="is the banker's strategy"):
        play_round(CLASSIC, {1: None, 2: banker}, seed=1)


def test_a_batch_way_sets_the_bankers_hand_in_the_round():
    calls = []

    def batch_foxwoods(codes, rules):
        calls.append(len(codes))
        return house_way_many(codes, rules, "foxwoods")

    record = play_round(CLASSIC, {1: BatchWay(batch_foxwoods, "batch foxwoods"), 3: None},
                        seed=5)
    expected = play_round(CLASSIC, {1: "foxwoods", 3: None}, seed=5)
    assert calls == [1]
    banker, = (s for s in record.seats if s.position == 1)
    assert banker.strategy == "batch foxwoods"
    assert [(s.setting, s.settlement) for s in record.seats] == \
        [(s.setting, s.settlement) for s in expected.seats]


def test_bad_seats_and_fouling_player_ways_are_refused_by_name():
    positions = np.array([list(range(7))], dtype=np.uint8)
    with pytest.raises(PokerRulesError, match="seat must be one of player, banker, not 'dealer'"):
        solve_hands(CLASSIC, "foxwoods", positions, seat="dealer", deck=UNEVEN)
    with pytest.raises(PokerRulesError, match="seat must be one of"):
        optimal_strategy_table(CLASSIC, seat=None, deck=UNEVEN, progress=False)

    def fouls(cards, rules):
        ordered = sorted(cards, key=lambda c: c.code)
        return Setting(ordered[:5], ordered[5:])  # the two highest in front

    with pytest.raises(IllegalMoveError, match="fouls"):
        solve_hands(CLASSIC, fouls, positions, seat="banker", deck=UNEVEN)
    table = opposing_table(CLASSIC, "foxwoods", seat="banker", deck=UNEVEN)
    with pytest.raises(PokerRulesError, match="for the banker's hands"):
        solve_hands(CLASSIC, "foxwoods", positions, deck=UNEVEN, table=table)
    with pytest.raises(PokerRulesError, match="banker_shown"):
        solve_hands(PaiGowRules.face_up(), "foxwoods", positions, seat="banker", deck=UNEVEN)


def test_the_solve_command_solves_the_bankers_seat(capsys, tmp_path):
    out = tmp_path / "banker.prt"
    deck = " ".join(str(Card(c)) for c in UNEVEN)
    status = main(["paigow", "solve", "--seat", "banker", "--rules", "casino", "--way",
                   "foxwoods", "--out", str(out), "--deck", deck, "--chunk-size", "3000",
                   "--no-progress"])
    text = capsys.readouterr().out
    assert status == 0
    table = StrategyTable.load(out, CASINO, "foxwoods")
    expected = optimal_strategy_table(CASINO, "foxwoods", seat="banker", deck=UNEVEN,
                                      progress=False)
    assert table.seat == "banker" and table.result == expected.result
    assert "the banker's best play" in text
    assert f"heads-up: {expected.result.banker_ev:+.6%} at 5% commission" in text
    assert f"edge against the banker {-exact_house_edge(CASINO, deck=UNEVEN).banker_ev:.4%}" \
        in text


def test_two_player_strategies_of_one_name_are_each_solved_against():
    player = optimal_strategy_table(CLASSIC, "foxwoods", deck=UNEVEN, progress=False)
    common = {"deck": player.deck, "symmetric": player.symmetric, "hands": player.hands,
              "name": "the player's way"}
    best, house = ClassStrategy(best=player.best, **common), \
        ClassStrategy(best=player.house, **common)
    assert best.fingerprint() != house.fingerprint()
    assert house.fingerprint() == ClassStrategy(best=player.house, **common).fingerprint()
    for way in (best, house, best):
        banker = optimal_strategy_table(CLASSIC, way, seat="banker", deck=UNEVEN,
                                        progress=False)
        counted = exact_house_edge(CLASSIC, banker, player_way=way, deck=UNEVEN)
        assert (counted.wins, counted.losses) == (banker.result.wins, banker.result.losses)
