"""East-West: rule cases, rejected moves, random playouts, golden transcripts,
and the agents' strength over seeded matches."""

import doctest
import io
import itertools
import json
import pickle
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from package_doctests import package_doctests

from pokerrules import PIQUET, PIQUET_DECK, evaluate, format_cards
from pokerrules import eastwest as ew
from pokerrules.cards import card_codes
from pokerrules.cli import main
from pokerrules.eastwest import (
    EAST,
    WEST,
    EastWestRules,
    EastWestState,
    GreedyAgent,
    MonteCarloAgent,
    Place,
    new_game,
    parse_move,
)
from pokerrules.errors import (
    CardNotInDeckError,
    DuplicateCardError,
    GameOverError,
    HandSizeError,
    IllegalMoveError,
    NotYourTurnError,
    PokerRulesError,
)
from pokerrules.runner import RandomAgent, play_game

GOLDEN = Path(__file__).parent / "golden"
DOCS = Path(__file__).parents[2] / "docs" / "games" / "eastwest.rst"


# ------------------------------------------------------------------ helpers

def prepared(board, west, east, dealer=WEST, rules=None):
    """A game whose rows will end as given, and the moves that get there.

    ``board`` is three cards; ``west`` and ``east`` are three strings of four cards
    (rows 0, 1, 2). Each seat fills row 0, then 1, then 2; the stock alternates
    the non-dealer's and the dealer's cards; the five unused cards go last.
    """
    seq = {WEST: [], EAST: []}
    rows = {WEST: [], EAST: []}
    for seat, hands in ((WEST, west), (EAST, east)):
        for row, cards in enumerate(hands):
            codes = card_codes(cards)
            assert len(codes) == 4
            seq[seat] += codes
            rows[seat] += [row] * 4
    first, second = 1 - dealer, dealer
    stock, moves = [], []
    for i in range(12):
        for seat in (first, second):
            stock.append(seq[seat][i])
            moves.append(rows[seat][i])
    used = card_codes(board) + stock
    assert len(set(used)) == 27, "the scenario repeats a card"
    deck = used + [c for c in PIQUET_DECK.codes if c not in used]
    return EastWestState(deck, dealer, rules), moves


def finish(state, moves):
    for row in moves:
        state.play(Place(row))
    return state


def placed_cards(state):
    return [c for seat in (WEST, EAST) for row in state.rows(seat) for c in row]


def assert_rejected(state, move, error, player=None):
    before = state.to_json()
    with pytest.raises(error):
        state.play(move, player)
    assert state.to_json() == before
    assert not state.can_play(move, player)


# Row 0 ties (pair of sevens, J 9 8 both), row 1 ties (pair of tens, A K Q both),
# row 2: West's kings and jacks beat East's queen high.
BOARD = "7c Tc Jd"
TIE_TIE_WEST = (
    ["7d 8s 9h Jc", "Td Qs Kh Ah", "Jh Ks Kc 9s"],
    ["7h 8d 9c Js", "Th Qc Kd As", "7s 8h Ts Qh"],
)
# As above, but West's row 1 kickers are K Q 9: East wins row 1.
TIE_EAST_WEST = (
    ["7d 8s 9h Jc", "Td Qs Kh 9d", "Jh Ks Kc 9s"],
    ["7h 8d 9c Js", "Th Qc Kd As", "7s 8h Ts Qh"],
)


# ------------------------------------------------------------------ the deal

@pytest.mark.fast
def test_same_seed_same_game_and_seeds_differ():
    assert new_game(seed=11).to_json() == new_game(seed=11).to_json()
    assert new_game(seed=11).to_json() != new_game(seed=12).to_json()
    assert (new_game(seed=np.random.default_rng(4)).to_json()
            == new_game(seed=np.random.default_rng(4)).to_json())


@pytest.mark.fast
def test_deal_board_stock_and_first_mover():
    state = new_game(seed=3)
    assert len(state.board) == 3
    assert len(state.stock) == 28  # 32 - 3 board - 1 drawn
    assert state.drawn_card not in state.stock
    assert sorted([*state.board, *state.stock, state.drawn_card]) == list(PIQUET_DECK.codes)
    assert state.current_player == 1 - state.dealer
    assert state.legal_moves() == (Place(0), Place(1), Place(2))


@pytest.mark.fast
def test_cut_lowest_rank_deals_and_equal_ranks_redraw():
    redraws = 0
    for seed in range(300):
        state = new_game(seed=seed)
        *equal, (west, east) = state.cut
        assert all(w // 4 == e // 4 for w, e in equal)
        assert west // 4 != east // 4
        assert state.dealer == (WEST if west // 4 < east // 4 else EAST)
        redraws += len(equal)
    # Equal ranks come up 3 times in 31; some of 300 cuts must have redrawn.
    assert redraws > 0


@pytest.mark.fast
def test_a_prepared_cut_must_choose_the_dealer():
    deck = list(PIQUET_DECK.codes)
    state = EastWestState(deck, WEST, cut=["Ad Ah", "9c Kd"])  # West's nine is lower
    assert state.cut == (tuple(card_codes("Ad Ah")), tuple(card_codes("9c Kd")))
    with pytest.raises(PokerRulesError, match="'9c Kd' makes West deal, not East"):
        EastWestState(deck, EAST, cut=["9c Kd"])
    with pytest.raises(PokerRulesError, match="only the last draw may differ"):
        EastWestState(deck, EAST, cut=["9c Kd", "7c 8d"])
    with pytest.raises(PokerRulesError, match="only the last draw may differ"):
        EastWestState(deck, EAST, cut=["9c 9d"])
    with pytest.raises(HandSizeError, match="2 cards"):
        EastWestState(deck, EAST, cut=["9c Kd Ah"])


@pytest.mark.fast
def test_given_dealer_skips_the_cut():
    for dealer in (WEST, EAST):
        state = new_game(seed=1, dealer=dealer)
        assert state.cut == ()
        assert state.dealer == dealer
        assert state.current_player == 1 - dealer


@pytest.mark.fast
@pytest.mark.parametrize(
    ("kwargs", "message"),
    [({"players": 3}, "two-player"), ({"dealer": 2}, "dealer must be 0"),
     ({"dealer": True}, "dealer must be 0")],
)
def test_new_game_rejects_bad_options(kwargs, message):
    with pytest.raises(PokerRulesError, match=message):
        new_game(seed=1, **kwargs)


@pytest.mark.fast
def test_new_game_needs_a_seed_or_generator():
    with pytest.raises(TypeError):
        new_game(seed="five")


@pytest.mark.fast
def test_prepared_deck_is_validated():
    deck = list(PIQUET_DECK.codes)
    with pytest.raises(HandSizeError, match="32 cards, got 31"):
        EastWestState(deck[:-1], WEST)
    with pytest.raises(DuplicateCardError, match="Ah"):
        EastWestState([*deck[:-1], card_codes("Ah")[0]], WEST)
    with pytest.raises(CardNotInDeckError, match="6s"):
        EastWestState(["6s", *deck[1:]], WEST)
    with pytest.raises(PokerRulesError, match="dealer"):
        EastWestState(deck, 5)
    text = format_cards(deck)
    assert EastWestState(text, WEST).to_json() == EastWestState(deck, WEST).to_json()


@pytest.mark.fast
def test_rules_validate_and_map_to_piquet_ranking():
    assert EastWestRules().hand_rules == PIQUET
    rules = EastWestRules(ace_low_straight=True, flush_beats_full_house=True)
    assert rules.hand_rules == PIQUET.replace(ace_low_straight=True, flush_beats_full_house=True)
    with pytest.raises(PokerRulesError, match="win_rule 'best_of_three'"):
        EastWestRules(win_rule="best_of_three")
    with pytest.raises(PokerRulesError, match="ace_low_straight"):
        EastWestRules(ace_low_straight=1)
    assert EastWestRules.from_dict(rules.to_dict()) == rules
    with pytest.raises(PokerRulesError, match="jokers"):
        EastWestRules.from_dict({"jokers": True})


# ------------------------------------------------------------------ moves

@pytest.mark.fast
def test_a_turn_places_the_top_stock_card_on_the_movers_side():
    state, _ = prepared(BOARD, *TIE_TIE_WEST, dealer=WEST)
    assert state.current_player == EAST
    top = state.drawn_card
    record = state.play("row 2")
    assert record.player == EAST
    assert record.move == "row 2"
    assert record.detail == {"card": format_cards([top]), "row": 2}
    assert state.rows(EAST) == ((), (), (top,))
    assert state.rows(WEST) == ((), (), ())
    assert state.current_player == WEST
    state.play(Place(2))
    assert state.current_player == EAST
    assert len(state.history) == 2


@pytest.mark.fast
def test_a_full_row_is_refused_and_leaves_the_state_unchanged():
    state = new_game(seed=8, dealer=EAST)
    for _ in range(4):  # West's four cards on row 0; East plays row 1
        state.play("row 0", WEST)
        state.play("row 1", EAST)
    assert state.legal_moves() == (Place(1), Place(2))
    assert_rejected(state, Place(0), IllegalMoveError)
    with pytest.raises(IllegalMoveError, match="row 0 is full: West"):
        state.play("row 0")
    assert state.can_play("row 1") and state.can_play("row 2")


@pytest.mark.fast
@pytest.mark.parametrize("move", [
    Place(3), Place(-1), Place(True), Place("1"),  # type: ignore[arg-type]
    "row 7", "r", "3", "left", 1])
def test_a_row_that_does_not_exist_is_refused(move):
    state = new_game(seed=2)
    state.play("row 0")
    assert_rejected(state, move, IllegalMoveError)


@pytest.mark.fast
def test_out_of_turn_is_refused():
    state = new_game(seed=2, dealer=WEST)
    assert_rejected(state, "row 0", NotYourTurnError, player=WEST)
    with pytest.raises(NotYourTurnError, match="player 0 moved, but it is player 1's turn"):
        state.play("row 0", WEST)
    state.play("row 0", EAST)
    assert_rejected(state, "row 0", NotYourTurnError, player=EAST)


@pytest.mark.fast
def test_moves_after_the_end_are_refused():
    state, moves = prepared(BOARD, *TIE_TIE_WEST)
    finish(state, moves)
    assert state.is_over and state.current_player is None
    assert state.legal_moves() == ()
    assert len(state.stock) == 5
    assert_rejected(state, "row 0", GameOverError)
    assert_rejected(state, "row 0", GameOverError, player=WEST)


@pytest.mark.fast
def test_result_before_the_end_is_refused():
    state = new_game(seed=2)
    with pytest.raises(IllegalMoveError, match="not over"):
        state.result()
    with pytest.raises(IllegalMoveError, match="not over"):
        state.outcomes()


@pytest.mark.fast
@pytest.mark.parametrize(("text", "row"), [("row 1", 1), ("1", 1), ("R2", 2), ("  row  0 ", 0),
                                          ("top", 0), ("Middle", 1), ("bottom", 2)])
def test_parse_move_forms(text, row):
    assert parse_move(text) == Place(row)
    assert parse_move(str(Place(row))) == Place(row)


@pytest.mark.fast
@pytest.mark.parametrize(("text", "message"), [("row 3", "row 3 does not exist"),
                                               ("place", "not a move: 'place'"),
                                               ("row -1", "not a move"), ("", "not a move")])
def test_parse_move_errors_name_the_move(text, message):
    with pytest.raises(IllegalMoveError, match=message):
        parse_move(text)


# ------------------------------------------------------------------ results

@pytest.mark.fast
def test_one_win_and_two_ties_wins_by_majority_and_draws_under_two_rows():
    state, moves = prepared(BOARD, *TIE_TIE_WEST)
    finish(state, moves)
    assert [o.winner for o in state.outcomes()] == [None, None, WEST]
    result = state.result()
    assert result.winners == (WEST,)
    assert result.scores == (1.0, 0.0)
    assert result.detail["rows_won"] == [1, 0]

    state, moves = prepared(BOARD, *TIE_TIE_WEST, rules=EastWestRules(win_rule="two_rows"))
    finish(state, moves)
    assert state.result().is_draw
    assert state.result().scores == (1.0, 0.0)


@pytest.mark.fast
@pytest.mark.parametrize("win_rule", ["majority", "two_rows"])
def test_one_win_each_and_a_tie_is_a_draw(win_rule):
    state, moves = prepared(BOARD, *TIE_EAST_WEST, rules=EastWestRules(win_rule=win_rule))
    finish(state, moves)
    assert [o.winner for o in state.outcomes()] == [None, EAST, WEST]
    assert state.result().is_draw
    assert state.result().scores == (1.0, 1.0)


@pytest.mark.fast
@pytest.mark.parametrize("win_rule", ["majority", "two_rows"])
def test_two_rows_to_one_wins_under_both_rules(win_rule):
    west = ["Kc Kd 8h Jc", "Td Qs Kh 9d", "Jh Ks 7d 9s"]
    east = ["7h 8d 9c Js", "Th Qc 8c As", "7s 8s Ts Qh"]
    state, moves = prepared("7c Tc Jd", west, east, dealer=EAST,
                            rules=EastWestRules(win_rule=win_rule))
    finish(state, moves)
    assert [o.winner for o in state.outcomes()] == [WEST, EAST, WEST]
    assert state.result().winners == (WEST,)
    assert state.result().scores == (2.0, 1.0)


@pytest.mark.fast
def test_result_detail_gives_each_rows_hands_ranks_and_winner():
    state, moves = prepared(BOARD, *TIE_TIE_WEST)
    finish(state, moves)
    rows = state.result().detail["rows"]
    assert json.loads(json.dumps(rows)) == rows
    assert rows[2] == {
        "row": 2,
        "board": "Jd",
        "west": {"cards": "Jd Jh Ks Kc 9s", "rank": "Two pair, kings and jacks, nine kicker",
                 "category": "TWO_PAIR", "value": evaluate("Jd Jh Ks Kc 9s", PIQUET).value},
        "east": {"cards": "Jd 7s 8h Ts Qh", "rank": "High card, queen, jack, ten, eight, seven",
                 "category": "HIGH_CARD", "value": evaluate("Jd 7s 8h Ts Qh", PIQUET).value},
        "winner": 0,
    }
    for outcome in state.outcomes():
        for seat in (WEST, EAST):
            assert outcome.hands[seat] == (state.board[outcome.row],
                                           *state.rows(seat)[outcome.row])
            assert outcome.ranks[seat] == evaluate(outcome.hands[seat], PIQUET)


@pytest.mark.fast
def test_ace_low_straight_option_turns_a7890_into_the_lowest_straight():
    west = ["7c 8d 9s Td", "Qs Kc 9d 7h", "Jh Ks 9h 7d"]
    east = ["Kd Kh 8h Jc", "Th Qc 8c As", "7s 8s Ts Qh"]
    outcomes = {}
    for low in (False, True):
        state, moves = prepared("Ah Tc Jd", west, east,
                                rules=EastWestRules(ace_low_straight=low))
        finish(state, moves)
        outcomes[low] = state.outcomes()[0]
    assert outcomes[False].ranks[WEST].describe() == "High card, ace, ten, nine, eight, seven"
    assert outcomes[False].winner == EAST
    assert outcomes[True].ranks[WEST].describe() == "Straight, ten high"
    assert outcomes[True].winner == WEST


@pytest.mark.fast
def test_flush_beats_full_house_option():
    west = ["9h Jh Qh Ah", "Td Qs Kh 9d", "Jc Ks 7c 9s"]
    east = ["8c 8d Kc Kd", "Th Qc 7d As", "7s 8s Ts Qd"]
    winners = {}
    for over in (False, True):
        state, moves = prepared("8h Tc Jd", west, east,
                                rules=EastWestRules(flush_beats_full_house=over))
        finish(state, moves)
        winners[over] = state.outcomes()[0].winner
    assert winners == {False: EAST, True: WEST}


# ------------------------------------------------------------------ views, copies, JSON

@pytest.mark.fast
def test_views_show_public_cards_and_the_drawn_card_only_to_its_drawer():
    state = new_game(seed=21)
    for row in (0, 1, 1, 2, 0):
        state.play(Place(row))
    mover = state.current_player
    other = 1 - mover
    mine, theirs = state.view(mover), state.view(other)
    assert mine.card == state.drawn_card and theirs.card is None
    assert mine.rows == theirs.rows == (state.rows(WEST), state.rows(EAST))
    assert mine.board == state.board
    assert mine.stock_count == theirs.stock_count == len(state.stock) == 23
    assert set(mine.unseen()) == set(state.stock)
    assert set(theirs.unseen()) == {*state.stock, state.drawn_card}
    with pytest.raises(PokerRulesError, match="player must be 0"):
        state.view(2)


@pytest.mark.fast
def test_clone_is_independent():
    state = new_game(seed=6)
    state.play("row 1")
    copy = state.clone()
    copy.play("row 2")
    assert len(state.history) == 1 and len(copy.history) == 2
    assert state.rows(WEST) != copy.rows(WEST) or state.rows(EAST) != copy.rows(EAST)


@pytest.mark.fast
def test_json_round_trip_continues_identically():
    state = new_game(seed=17, rules=EastWestRules(win_rule="two_rows", ace_low_straight=True))
    for row in (0, 0, 1, 2, 2, 1, 0):
        state.play(Place(row))
    text = state.to_json()
    restored = EastWestState.from_json(text)
    assert restored.to_json() == text
    assert restored.rules == state.rules and restored.cut == state.cut
    rng = np.random.default_rng(0)
    while not state.is_over:
        move = RandomAgent().choose(state.view(state.current_player), state.legal_moves(), rng)
        state.play(move)
        restored.play(move)
    assert restored.to_json() == state.to_json()
    assert restored.result() == state.result()


@pytest.mark.fast
def _played(state, moves):
    for _ in range(moves):
        state.play(state.legal_moves()[0])
    return state


def test_from_json_refuses_other_games_and_bad_placements():
    text = new_game(seed=1).to_json()
    with pytest.raises(PokerRulesError, match="not 'east-west'"):
        EastWestState.from_json(text.replace('"east-west"', '"z-poker"'))
    data = json.loads(_played(new_game(seed=1), 24).to_json())
    data["moves"] = ["row 0"] * 24  # one seat would hold five cards on row 0
    with pytest.raises(IllegalMoveError, match=r"saved move 9 .* row 0 is full"):
        EastWestState.from_json(json.dumps(data))


@pytest.mark.fast
def test_rules_and_agents_pickle():
    rules = EastWestRules(win_rule="two_rows", flush_beats_full_house=True)
    assert pickle.loads(pickle.dumps(rules)) == rules
    assert pickle.loads(pickle.dumps(MonteCarloAgent(50))).samples == 50
    for agent in (RandomAgent(), GreedyAgent()):
        assert type(pickle.loads(pickle.dumps(agent))) is type(agent)


# ------------------------------------------------------------------ random playouts

@given(
    seed=st.integers(0, 2**32 - 1),
    dealer=st.sampled_from([None, WEST, EAST]),
    picks=st.lists(st.integers(0, 2), min_size=24, max_size=24),
    probe=st.integers(0, 24),
)
def test_random_playouts_conserve_cards_and_refuse_bad_moves(seed, dealer, picks, probe):
    state = new_game(seed=seed, dealer=dealer)
    deck = sorted(PIQUET_DECK.codes)
    for step, pick in enumerate(picks):
        if step == probe:
            restored = EastWestState.from_json(state.to_json())
            assert restored.to_json() == state.to_json()
            assert_rejected(state, "row 3", IllegalMoveError)
            assert_rejected(state, "row 0", NotYourTurnError, player=1 - state.current_player)
            full = [r for r in range(3) if Place(r) not in state.legal_moves()]
            for row in full:
                assert_rejected(state, Place(row), IllegalMoveError)
        seat = state.current_player
        assert seat == (1 - state.dealer if step % 2 == 0 else state.dealer)
        cards = [*state.board, *placed_cards(state), *state.stock, state.drawn_card]
        assert sorted(cards) == deck
        legal = state.legal_moves()
        assert all(len(state.rows(seat)[m.row]) < 4 for m in legal)
        drawn = state.drawn_card
        move = legal[pick % len(legal)]
        state.play(move)
        assert state.rows(seat)[move.row][-1] == drawn
    assert state.is_over
    assert sorted([*state.board, *placed_cards(state), *state.stock]) == deck
    assert all(len(row) == 4 for seat in (WEST, EAST) for row in state.rows(seat))
    assert len(state.stock) == 5
    result = state.result()
    won = [sum(o.winner == seat for o in state.outcomes()) for seat in (WEST, EAST)]
    assert result.scores == tuple(float(w) for w in won)
    assert result.winners == ((WEST,) if won[0] > won[1] else (EAST,) if won[1] > won[0] else ())
    for row, outcome in zip(result.detail["rows"], state.outcomes(), strict=True):
        for name, rank in zip(("west", "east"), outcome.ranks, strict=True):
            assert row[name]["rank"] == rank.describe()
            assert row[name]["category"] == rank.category.name
    assert_rejected(state, "row 0", GameOverError)


# ------------------------------------------------------------------ agents

@pytest.mark.fast
@pytest.mark.parametrize("names", [("random", "random"), ("greedy", "random"),
                                   ("montecarlo", "greedy")])
def test_agents_play_legal_games_reproducibly(names):
    agents = [ew.AGENTS[n]() for n in names]
    first = play_game(ew, agents, seed=9)
    assert len(first.moves) == 24
    assert play_game(ew, agents, seed=9) == first


@pytest.mark.fast
def test_agents_refuse_an_empty_choice_or_a_foreign_turn():
    state = new_game(seed=4)
    waiting = state.view(1 - state.current_player)
    rng = np.random.default_rng(0)
    for agent in (GreedyAgent(), MonteCarloAgent(10)):
        with pytest.raises(IllegalMoveError, match="not player"):
            agent.choose(waiting, state.legal_moves(), rng)
    for agent in (RandomAgent(), GreedyAgent(), MonteCarloAgent(10)):
        with pytest.raises(IllegalMoveError, match="no legal move"):
            agent.choose(state.view(state.current_player), (), rng)
    with pytest.raises(PokerRulesError, match="samples"):
        MonteCarloAgent(0)


@pytest.mark.fast
def test_greedy_pairs_the_drawn_card():
    # West to move with Kd drawn: row 1 holds a king, so greedy pairs it there.
    state, _ = prepared("7c Kc Jd", ["Kd 8s 9h Qc", "Td Qs Kh Ah", "Jh Ks Ac 9s"],
                        ["7h 8d 9c Js", "Th Qh Ts As", "7s 8h 7d Qd"], dealer=EAST)
    assert format_cards([state.drawn_card]) == "Kd"
    rng = np.random.default_rng(0)
    assert GreedyAgent().choose(state.view(WEST), state.legal_moves(), rng) == Place(1)


@pytest.mark.fast
def test_row_strength_orders_made_hands():
    s = ew.row_strength
    assert s(card_codes("Ac")) < s(card_codes("7c 7d")) < s(card_codes("Ac Ad"))
    assert s(card_codes("Ac Ad")) < s(card_codes("7c 7d 8c 8d")) < s(card_codes("7c 7d 7h"))
    assert s(card_codes("7c 7d 7h 8c 8d")) > s(card_codes("7c 8d 9h Tc Jc"))
    with pytest.raises(HandSizeError):
        s([])


@pytest.mark.fast
def test_monte_carlo_win_rates_are_rates():
    state = new_game(seed=13)
    view = state.view(state.current_player)
    rates = MonteCarloAgent(64).win_rates(view, state.legal_moves(), np.random.default_rng(1))
    assert rates.shape == (3,)
    assert ((rates >= 0) & (rates <= 1)).all()


def exact_win_rate(state, move):
    """The win rate (draws count half) of ``move`` when all later cards are placed
    at random, by playing every order of the stock through the state machine.
    For a state at move 20 in which each seat has two open slots."""
    saved = json.loads(state.to_json())
    # the cards chance dealt: the cut's, then the board and the 21 cards drawn
    deck = card_codes(saved["dealt"])[-24:]
    placements = [int(move.split()[1]) for move in saved["moves"]]
    assert len(placements) == 20
    me = state.current_player
    slots = {seat: [r for r in range(3) for _ in range(4 - len(state.rows(seat)[r]))]
             for seat in (WEST, EAST)}
    mine_after = list(slots[me])
    mine_after.remove(move.row)
    # Moves 21 and 23 are the opponent's, 22 is mine; the other five stay unseen.
    # Every ordered triple of the stock is equally likely, so sending the
    # opponent's first card to its first open slot loses no generality.
    stock = list(state.stock)  # the eight cards not dealt yet
    score = 0.0
    triples = list(itertools.permutations(stock, 3))
    for theirs1, mine, theirs2 in triples:
        rest = [c for c in stock if c not in (theirs1, mine, theirs2)]
        game = EastWestState([*deck[:24], theirs1, mine, theirs2, *rest], state.dealer,
                             state.rules)
        for row in [*placements, move.row, slots[1 - me][0], mine_after[0], slots[1 - me][1]]:
            game.play(Place(row))
        winners = game.result().winners
        score += 1.0 if winners == (me,) else 0.5 if not winners else 0.0
    return score / len(triples)


@pytest.mark.fast
@pytest.mark.parametrize("seed", [32, 34])
def test_monte_carlo_win_rates_match_exact_enumeration(seed):
    state = new_game(seed=seed)
    pattern = [0, 0, 0, 0, 1, 1, 1, 2, 2, 2]  # each seat leaves one slot in rows 1 and 2
    for row in pattern:
        state.play(Place(row))
        state.play(Place(row))
    legal = state.legal_moves()
    assert legal == (Place(1), Place(2))
    estimates = MonteCarloAgent(4000).win_rates(
        state.view(state.current_player), legal, np.random.default_rng(7))
    exact = [exact_win_rate(state, move) for move in legal]
    # 4,000 playouts: standard error at most 0.008; allow five of them.
    assert np.allclose(estimates, exact, atol=0.04), (estimates, exact)
    assert len(set(exact)) == 2  # the position is not a coin toss between equal rows


def match(agent, opponent, games):
    """Seeded games with seats alternating: (wins, losses, draws) of ``agent``."""
    wins = losses = draws = 0
    for seed in range(games):
        seat = seed % 2
        agents = [agent, opponent] if seat == 0 else [opponent, agent]
        result = play_game(ew, agents, seed=seed).result
        if result.is_draw:
            draws += 1
        elif result.winners == (seat,):
            wins += 1
        else:
            losses += 1
    return wins, losses, draws


@pytest.mark.slow
def test_greedy_beats_random_in_65_percent_of_decided_games():
    wins, losses, draws = match(GreedyAgent(), RandomAgent(), 1000)
    assert wins / (wins + losses) >= 0.65, (wins, losses, draws)


@pytest.mark.slow
def test_monte_carlo_beats_greedy_in_55_percent_of_decided_games():
    wins, losses, draws = match(MonteCarloAgent(200), GreedyAgent(), 1000)
    assert wins / (wins + losses) >= 0.55, (wins, losses, draws)


# ------------------------------------------------------------------ golden transcripts

@pytest.mark.fast
@pytest.mark.parametrize("path", sorted(GOLDEN.glob("eastwest_*.json")), ids=lambda p: p.stem)
def test_golden_transcripts_replay_to_the_same_end(path):
    saved = json.loads(path.read_text())
    rules = EastWestRules.from_dict(saved["rules"])
    state = new_game(rules, seed=saved["seed"])
    for move in saved["moves"]:
        record = state.play(move["move"], move["player"])
        assert record.detail == move["detail"]
    assert state.is_over
    result = state.result()
    assert list(result.winners) == saved["result"]["winners"]
    assert list(result.scores) == saved["result"]["scores"]
    assert result.detail == saved["result"]["detail"]
    agents = [ew.AGENTS[name]() for name in saved["agent_names"]]
    again = play_game(ew, agents, seed=saved["seed"], rules=rules).to_dict()
    assert json.loads(json.dumps(again))["moves"] == saved["moves"]


@pytest.mark.fast
def test_there_are_golden_transcripts():
    assert len(list(GOLDEN.glob("eastwest_*.json"))) >= 3


# ------------------------------------------------------------------ text, CLI, docs

@pytest.mark.fast
def test_render_draws_west_board_east_then_the_result():
    state, moves = prepared(BOARD, *TIE_TIE_WEST)
    state.play(Place(moves[0]))
    text = ew.render(state, viewer=0)
    assert "row 0      -- -- -- --   [7c]    7h -- -- --" in text
    assert "West (player 0) to move, drew 7d" in text
    # the drawn card is West's to see only, as in the view
    for viewer in (1, None):
        other = ew.render(state, viewer=viewer)
        assert "drew" not in other and "7d" not in other
        assert other.endswith("West (player 0) to move")
    finish(state, moves[1:])
    text = ew.render(state)
    assert "row 2      Jh Ks Kc 9s   [Jd]    7s 8h Ts Qh" in text
    assert "row 0: West One pair, sevens, kickers jack, nine, eight" in text
    assert "-> tie" in text
    assert "rows won: West 1, East 0, tied 2 -> West wins the game" in text


@pytest.mark.fast
def test_cli_plays_east_west(capsys):
    assert main(["play", "east-west", "--seed", "5", "--agents", "greedy,random"]) == 0
    out = capsys.readouterr().out
    assert out.count("board") == 25
    assert "rows won: West" in out
    assert main(["play", "east-west", "--seed", "5", "--agents", "montecarlo,greedy",
                 "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["game"] == "east-west" and len(record["moves"]) == 24
    assert len(record["detail"]["rows"]) == 3
    assert main(["play", "east-west", "--players", "3"]) == 2
    assert "game east-west takes 2 players, not 3" in capsys.readouterr().err
    assert main(["play", "east-west", "--agents", "greedy"]) == 2
    assert "--agents names 1 agent: game east-west takes 2 players, not 1" in \
        capsys.readouterr().err


@pytest.mark.fast
def test_cli_human_seat(capsys, monkeypatch):
    answers = ["row 5", "bottom", *["0", "1", "2"] * 4]
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(a + "\n" for a in answers)))
    assert main(["play", "east-west", "--seed", "5", "--human", "0",
                 "--agents", "random,random"]) == 0
    out = capsys.readouterr().out
    assert "not a legal move: 'row 5'" in out
    assert "player 0: row 2" in out


@pytest.mark.fast
def test_module_and_docs_examples_run():
    result = package_doctests(ew)
    assert result.failed == 0 and result.attempted >= 5
    assert DOCS.exists()
    result = doctest.testfile(str(DOCS), module_relative=False)
    assert result.failed == 0 and result.attempted > 0
