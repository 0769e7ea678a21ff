"""Strategy tables and batch ways where they are used: a table keeps the rules it
was solved under through its file, the round checks the pair of strategies as the
counts do and a batch way's rows, a strategy is read-only and checks what it is
given, and a checkpoint of the other seat is refused naming the seat (a 17-card
deck: each call well under a second)."""

import numpy as np
import pytest

from pokerrules.errors import PokerRulesError
from pokerrules.paigow import (
    BatchWay,
    PaiGowRules,
    StrategyTable,
    exact_house_edge,
    optimal_strategy_table,
    play_round,
)
from pokerrules.paigow.analysis.class_strategy import ClassStrategy

DECK = "As Ks Qs Js Ah Kh Qh Jh Ad Kd Qd Jd Ac Kc Qc Jc Jk"
# the player's and the banker's commissions differ, so that a lost one shows
RULES = PaiGowRules.casino().replace(banker_commission=0.01)


@pytest.fixture(scope="module")
def banker():
    return optimal_strategy_table(RULES, "foxwoods", seat="banker", deck=DECK, progress=False)


@pytest.fixture(scope="module")
def player():
    return optimal_strategy_table(RULES, "foxwoods", deck=DECK, progress=False)


def test_a_players_table_loaded_from_its_file_counts_the_banker_commission_it_was_solved_at(
        player, tmp_path):
    # the banker's commission differs from the player's: the file must keep it
    player.save(tmp_path / "p.prst")
    loaded = StrategyTable.load(tmp_path / "p.prst")
    counted = exact_house_edge(RULES, "foxwoods", player_way=player, deck=DECK, progress=False)
    assert player.result.banker_ev == counted.banker_ev
    assert loaded.banker_commission == player.banker_commission
    assert loaded.result.banker_ev == counted.banker_ev


def test_the_round_refuses_a_banker_table_against_players_of_another_way(banker):
    # refused before any hand is set (the table's deck is not the round's)
    with pytest.raises(PokerRulesError, match="ballys"):
        play_round(RULES, {1: banker, 2: "ballys"}, seed=1)


@pytest.mark.parametrize("rows", [
    lambda codes, rules: None,
    lambda codes, rules: "As Ks",
    lambda codes, rules: codes[0],
    lambda codes, rules: np.zeros((0, 7), dtype=np.uint8),
    lambda codes, rules: np.vstack([codes, codes]),
], ids=["none", "text", "one_row_flat", "no_rows", "two_rows_for_one_hand"])
@pytest.mark.parametrize("position", [1, 2], ids=["banker", "player"])
def test_the_round_refuses_a_batch_way_returning_rows_of_another_shape(rows, position):
    # one row of the hand's own cards, as simulate and exact_house_edge require
    way = BatchWay(rows, name="bad rows")
    strategies = {1: None, 2: None, position: way}
    with pytest.raises(PokerRulesError):
        play_round("classic", strategies, seed=3)


def test_a_class_strategy_refuses_a_name_that_is_not_text(banker):
    with pytest.raises(PokerRulesError):
        strategy = ClassStrategy(deck=banker.deck, symmetric=True, hands=banker.hands,
                                 best=banker.best, name=5)
        str(strategy)


def test_a_class_strategy_refuses_a_symmetric_that_is_not_a_bool(banker):
    with pytest.raises(PokerRulesError):
        ClassStrategy(deck=banker.deck, symmetric="no", hands=banker.hands, best=banker.best)


def test_a_strategy_tables_seat_cannot_be_reassigned(banker):
    # a table's seat and commissions decide where it may play
    table = optimal_strategy_table(RULES, "foxwoods", seat="banker", deck=DECK, progress=False)
    with pytest.raises(AttributeError):
        table.seat = "player"
    with pytest.raises(AttributeError):
        table.banker_commission = 0.5
    assert table.seat == "banker" and table.banker_commission == 0.01


def test_set_many_refuses_ragged_rows_by_a_pokerrules_error(banker):
    with pytest.raises(PokerRulesError):
        banker.set_many([[1, 2, 3], [1, 2]])


def test_the_banker_response_to_a_players_table_is_counted_as_its_result_says(player):
    # a best response plays against the very table it answers, whatever that
    # table was solved against
    response = optimal_strategy_table(RULES, player, seat="banker", deck=DECK, progress=False)
    counted = exact_house_edge(RULES, response, player_way=player, deck=DECK, progress=False)
    assert (counted.wins, counted.pushes, counted.losses) == \
        (response.result.wins, response.result.pushes, response.result.losses)


def test_a_checkpoint_of_the_players_run_is_refused_for_the_banker_naming_the_seat(tmp_path):
    optimal_strategy_table(RULES, "foxwoods", deck=DECK, progress=False,
                           checkpoint=tmp_path / "ck", chunk_size=200)
    with pytest.raises(PokerRulesError, match="seat"):
        optimal_strategy_table(RULES, "foxwoods", seat="banker", deck=DECK, progress=False,
                               checkpoint=tmp_path / "ck", chunk_size=200)


@pytest.mark.parametrize("path", [None, 3], ids=["none", "int"])
def test_load_refuses_a_path_that_is_no_path_by_a_pokerrules_error(path):
    with pytest.raises(PokerRulesError):
        StrategyTable.load(path)
