"""Chinese Poker, the shedding game: moves, the game, agents, CLI (plays, beats and
legal plays: test_chinese_poker_plays.py).

Golden transcripts live in golden/chinese_poker_*.json; rewrite them (only after a
deliberate change of the rules or of the agents) with
``python tests/games/test_chinese_poker.py --write-golden``.
"""

from __future__ import annotations

import doctest
import itertools
import json
import pickle
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
)
from package_doctests import package_doctests

from pokerrules import chinese_poker as cp
from pokerrules.cards import CHINESE_POKER_DECK, card_codes, format_cards
from pokerrules.chinese_poker import (
    PASS,
    ChinesePokerRules,
    ChinesePokerState,
    ChinesePokerView,
    ChooseHand,
    GreedyAgent,
    Move,
    classify,
    legal_plays,
    new_game,
    parse_move,
    penalty,
)
from pokerrules.cli import main
from pokerrules.errors import (
    ArgumentTypeError,
    CardNotInDeckError,
    DuplicateCardError,
    GameOverError,
    IllegalMoveError,
    InvalidCardError,
    NotYourTurnError,
    PokerRulesError,
)
from pokerrules.runner import RandomAgent, play_game
from pokerrules.specs import register

GOLDEN = Path(__file__).parent / "golden"
DOCS = Path(__file__).parents[2] / "docs" / "games" / "chinese_poker.rst"
DECK = CHINESE_POKER_DECK.codes


def texts(moves):
    return [str(m) for m in moves]


# ------------------------------------------------------------------ moves and scoring


@pytest.mark.fast
def test_move_text_round_trips():
    assert parse_move("pass") == PASS and str(PASS) == "pass" and PASS.is_pass
    nine_d, nine_s = card_codes("9d 9s")
    assert parse_move("9s 9d") == Move.of("9d 9s") == Move((nine_s, nine_d))
    assert str(parse_move("9s 9d")) == "9d 9s"
    assert repr(Move.of("9s")) == "Move.of('9s')"
    assert parse_move("choose 2") == ChooseHand(2) and str(ChooseHand(2)) == "choose 2"
    for bad, error in [
        ("choose 3", IllegalMoveError),
        ("choose", IllegalMoveError),
        ("", IllegalMoveError),
        ("9z", InvalidCardError),
        ("2h", CardNotInDeckError),
        ("9s 9s", DuplicateCardError),
    ]:
        with pytest.raises(error):
            parse_move(bad)


@pytest.mark.fast
def test_penalty_table():
    assert [penalty(n, 12) for n in (12, 11, 10, 9, 2, 1, 0)] == [50, 40, 30, 9, 2, 1, 0]
    assert [penalty(n, 16) for n in (16, 15, 14, 13, 1)] == [50, 40, 30, 13, 1]
    with pytest.raises(PokerRulesError):
        penalty(13, 12)
    for bad in (1.5, True, None, "1"):
        with pytest.raises(ArgumentTypeError, match="cards_left"):
            penalty(bad, 12)
        with pytest.raises(ArgumentTypeError, match="cards_dealt"):
            penalty(1, bad)
    with pytest.raises(PokerRulesError, match="cards_left"):
        penalty(-1, 12)
    assert penalty(np.int64(3), np.int8(12)) == 3


@pytest.mark.fast
def test_a_move_of_no_kind_is_named_and_the_choice_lists_the_free_hands():
    game = new_game(seed=1, players=4)
    for bad in (None, 5, b"9s"):
        with pytest.raises(IllegalMoveError, match="is no Chinese Poker move"):
            game.play(bad)
    two = new_game(seed=1, players=2)
    two.play("choose 1")
    with pytest.raises(IllegalMoveError, match=r"\('choose 0' or 'choose 2'\), not pass"):
        two.play("pass")


# ------------------------------------------------------------------ the game


def arranged(players, hands, *, to_move=0, dealer=0, scores=None, target=100):
    """A game in its play phase with the given hands (texts), set up by hand: no deal
    makes such positions, so from_json would (rightly) refuse them."""
    state = new_game(ChinesePokerRules(target=target), seed=1, players=players)
    state.phase, state.piles, state.pile_owners = "play", [], []
    state.hands = [sorted(card_codes(h)) for h in hands]
    state._current, state.dealer = to_move, dealer
    state.scores = scores or [0] * players
    return state


def assert_refused(state, move, player=None, error=IllegalMoveError, match=None):
    before = state.to_json()
    assert not state.can_play(move, player)
    with pytest.raises(error, match=match):
        state.play(move, player)
    assert state.to_json() == before


@pytest.mark.fast
def test_new_game_deals_and_validates():
    for players, size in ((2, 0), (3, 16), (4, 12)):
        game = new_game(seed=3, players=players)
        assert [len(h) for h in game.hands] == [size] * players
        assert game.current_player == game.dealer
        assert game.phase == ("choose" if players == 2 else "play")
    assert new_game(seed=3).players == 4
    with pytest.raises(PokerRulesError, match="5"):
        new_game(seed=1, players=5)
    with pytest.raises(PokerRulesError, match=r"not 2\.0"):
        new_game(seed=1, players=2.0)
    with pytest.raises(PokerRulesError, match="ChinesePokerRules"):
        new_game("target 50", seed=1)
    with pytest.raises(TypeError):
        new_game(seed="x")
    with pytest.raises(PokerRulesError):
        ChinesePokerRules(target=0)
    with pytest.raises(PokerRulesError):
        ChinesePokerRules(open_choice=1)


@pytest.mark.fast
def test_same_seed_same_game_and_a_generator_works_too():
    a, b = new_game(seed=42, players=4), new_game(seed=42, players=4)
    assert a.to_json() == b.to_json()
    assert new_game(seed=np.random.default_rng(42), players=4).to_json() == \
        new_game(seed=np.random.default_rng(42), players=4).to_json()
    assert new_game(seed=43, players=4).hands != a.hands


@pytest.mark.fast
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4]))
def test_the_cut(seed, players):
    game = new_game(seed=seed, players=players)
    drawing = list(range(players))
    for draw in game.cut:
        assert [p for p, _ in draw] == drawing
        best = max(c >> 2 for _, c in draw)  # rank index: the 2 lowest, the ace highest
        drawing = [p for p, c in draw if c >> 2 == best]
    assert drawing == [game.dealer]


@pytest.mark.fast
def test_cut_ties_redraw():
    # Seeds whose first draw ties for the highest card: those players draw again.
    tied = [s for s in range(300) if len(new_game(seed=s, players=4).cut) > 1]
    assert tied
    game = new_game(seed=tied[0], players=4)
    first = game.cut[0]
    best = max(c >> 2 for _, c in first)
    assert [p for p, _ in game.cut[1]] == [p for p, c in first if c >> 2 == best]


@pytest.mark.fast
def test_two_players_choose_blind_then_the_dealer_leads():
    game = new_game(seed=5, players=2)
    dealer, other = game.dealer, 1 - game.dealer
    piles = [list(p) for p in game.piles]
    assert sorted(itertools.chain(*piles)) == list(DECK)
    assert game.legal_moves() == (ChooseHand(0), ChooseHand(1), ChooseHand(2))
    assert game.view(dealer).piles == (None, None, None)  # blind
    assert_refused(game, PASS, match="choose")
    assert_refused(game, "choose 1", player=other, error=NotYourTurnError)
    game.play("choose 1")
    assert game.current_player == other
    assert game.legal_moves() == (ChooseHand(0), ChooseHand(2))
    assert_refused(game, "choose 1", match="taken by player")
    game.play(ChooseHand(2))
    assert game.hands[dealer] == piles[1] and game.hands[other] == piles[2]
    assert game.set_aside == piles[0]
    assert game.phase == "play" and game.current_player == dealer
    assert_refused(game, "choose 0", match="chosen")
    assert [r.detail for r in game.history] == [{"hand": 1}, {"hand": 2}]


@pytest.mark.fast
def test_two_players_may_choose_with_the_hands_open():
    game = new_game(ChinesePokerRules(open_choice=True), seed=5, players=2)
    view = game.view(game.dealer)
    assert view.piles == tuple(tuple(p) for p in game.piles)
    game.play("choose 0")
    assert game.view(1 - game.dealer).piles == (None, tuple(game.piles[1]), tuple(game.piles[2]))


@pytest.mark.fast
def test_a_trick_with_passes_and_a_player_coming_back():
    game = arranged(3, ["3c 5d 9h Qc", "4c 8d Kd", "6c 7d Kh"])
    steps = [
        (0, "3c"), (1, "pass"), (2, "6c"), (0, "pass"),
        (1, "8d"),  # player 1 passed earlier in this trick and plays again
        (2, "Kh"), (0, "pass"), (1, "pass"),
    ]
    for player, move in steps:
        assert game.current_player == player
        game.play(move, player)
    assert game.history[-1].detail == {"cleared": True}
    # Everyone else passed since Kh: player 2 leads afresh on an empty table.
    assert game.current_player == 2 and game.table_play is None
    assert PASS in game.legal_moves()
    assert texts(game.legal_moves()) == ["pass", "7d"]


@pytest.mark.fast
def test_everyone_passing_on_an_empty_table_forces_the_first_to_play():
    game = arranged(3, ["3c 5d", "4c 8d", "6c 7d"], to_move=1)
    for player in (1, 2, 0):
        assert not game.must_play
        game.play(PASS, player)
    assert game.current_player == 1 and game.must_play and game.view(1).must_play
    assert PASS not in game.legal_moves()
    assert_refused(game, "pass", match="must play")
    game.play("8d")
    assert not game.must_play


@pytest.mark.fast
def test_refused_moves_change_nothing():
    game = arranged(4, ["3c 5d 9h", "4c 8d 8h", "6c 7d Kh", "Ts Js Qs"])
    game.play("5d")
    assert_refused(game, "8d 8h", match="does not beat")  # pair on a single
    assert_refused(game, "4c", match="does not beat")
    assert_refused(game, "9h", match="does not hold 9h")
    assert_refused(game, "4c 8d", match="not a play")
    assert_refused(game, "8d", player=2, error=NotYourTurnError, match="player 2")
    assert_refused(game, "choose 1", match="chosen")
    for bad in ("Xx", "2c", "8d 8d"):
        assert_refused(game, bad, error=PokerRulesError)
    game.play("8d")
    assert game.current_player == 2


@pytest.mark.fast
def test_going_out_scores_the_others_and_deals_the_next_round():
    game = arranged(
        4,
        ["9h", "3c 3d 3h 4c 4d 4h 5c 5d 5h 6c 6d 6h",
         "7c 7d 7h 8c 8d 8h 9c 9d Tc Td Th", "Jc Jd Jh Js Qc Qd Qh Qs Ad Ah"],
        scores=[5, 0, 10, 20],
    )
    record = game.play("9h")
    assert record.detail["points"] == [0, 50, 40, 30]
    assert record.detail["scores"] == [5, 50, 50, 50]
    assert record.detail["left"][3] == "Jc Jd Jh Js Qc Qd Qh Qs Ad Ah"
    assert game.rounds[-1]["winner"] == 0
    # The winner deals and leads the next round, with a fresh deal of 12 each.
    assert game.round == 2 and game.dealer == 0 and game.current_player == 0
    assert [len(h) for h in game.hands] == [12] * 4
    assert game.table_play is None and game.played == []


@pytest.mark.fast
def test_the_game_ends_at_the_target_and_the_lowest_total_wins():
    game = arranged(3, ["9h", "3c 3d", "4c 4d 5c"], scores=[10, 98, 7], target=100)
    with pytest.raises(IllegalMoveError, match="not over"):
        game.result()
    game.play("9h")
    assert game.is_over and game.current_player is None and game.legal_moves() == ()
    result = game.result()
    assert result.scores == (10, 100, 10)
    assert result.winners == (0, 2)  # ties share the win
    assert result.detail["rounds"][-1]["points"] == [0, 2, 3]
    assert_refused(game, "3c", error=GameOverError)
    assert "went out" in cp.render(game) and "total   10  100   10" in cp.render(game)


@pytest.mark.fast
def test_views_show_only_what_a_player_may_see():
    game = new_game(seed=9, players=4)
    game.play(game.legal_moves()[1])
    for player in range(4):
        view = game.view(player)
        assert view.hand == tuple(game.hands[player])
        assert view.hand_counts == tuple(len(h) for h in game.hands)
        assert view.table == game.table_play and view.to_move == game.current_player
        shown = set(view.hand) | set(view.played) | set(view.table.cards)
        for pile in view.piles:
            shown |= set(pile or ())
        others = {c for q in range(4) if q != player for c in game.hands[q]}
        assert not shown & others
    blind = new_game(seed=9, players=2)
    assert all(blind.view(p).piles == (None, None, None) for p in (0, 1))
    with pytest.raises(PokerRulesError, match="no player 4"):
        game.view(4)


@pytest.mark.fast
def test_render_shows_a_hand_only_to_its_viewer():
    game = new_game(seed=21, players=4)  # player 1 deals and holds 9d 9s
    game.play("9d 9s")
    public = cp.render(game)
    assert "table: 9d 9s  (pair 99, by player 1)" in public
    assert "cards:  p0 12  p1 10  p2 12  p3 12" in public
    for hand in game.hands:
        assert format_cards(hand) not in public
    mine = cp.render(game, viewer=2)
    assert mine.endswith("your hand (player 2): " + format_cards(game.hands[2]))
    assert format_cards(game.hands[3]) not in mine
    with pytest.raises(PokerRulesError, match="no player 4"):
        cp.render(game, viewer=4)
    with pytest.raises(ArgumentTypeError, match="ChinesePokerState"):
        cp.render(None)
    assert cp.render(game, viewer=np.int64(2)) == mine
    with pytest.raises(ArgumentTypeError, match="may_pass"):
        cp.legal_plays("9s 9d", may_pass="no")
    blind = cp.render(new_game(seed=5, players=2))
    assert "hand 0: 16 cards, face down" in blind
    shown = new_game(ChinesePokerRules(open_choice=True), seed=5, players=2)
    assert f"hand 0: {format_cards(shown.piles[0])}" in cp.render(shown)


@pytest.mark.fast
def test_json_round_trip_continues_identically():
    game = new_game(seed=17, players=3)
    agents = [GreedyAgent(), RandomAgent(), RandomAgent()]
    rng = np.random.default_rng(0)
    for _ in range(60):
        player = game.current_player
        game.play(agents[player].choose(game.view(player), game.legal_moves(), rng), player)
    copy = ChinesePokerState.from_json(game.to_json())
    assert copy.to_json() == game.to_json()
    rng_a, rng_b = np.random.default_rng(1), np.random.default_rng(1)
    for state, rng in ((game, rng_a), (copy, rng_b)):
        while not state.is_over:
            player = state.current_player
            state.play(agents[player].choose(state.view(player), state.legal_moves(), rng), player)
    assert copy.to_json() == game.to_json()
    assert copy.result() == game.result()
    clone = game.clone()
    assert clone.to_json() == game.to_json()
    with pytest.raises(PokerRulesError, match="not 'chinese-poker'"):
        ChinesePokerState.from_json(game.to_json().replace('"chinese-poker"', '"other"'))


@pytest.mark.fast
def test_rules_and_agents_pickle():
    rules = ChinesePokerRules(target=50, open_choice=True)
    assert pickle.loads(pickle.dumps(rules)) == rules
    for agent in (RandomAgent(), GreedyAgent()):
        assert type(pickle.loads(pickle.dumps(agent))) is type(agent)
    game = new_game(rules, seed=2, players=2)
    assert pickle.loads(pickle.dumps(game)).to_json() == game.to_json()


# ------------------------------------------------------------------ random games


class RandomGames(RuleBasedStateMachine):
    """Random legal games, with refused moves tried in between.

    Moves come in bursts drawn from a seeded generator, so that rounds and games end
    within the steps of one example; every move is checked as it is made.
    """

    @initialize(
        seed=st.integers(0, 2**32 - 1),
        players=st.sampled_from([2, 3, 4]),
        points=st.sampled_from([1, 40, 100]),
        open_choice=st.booleans(),
    )
    def start(self, seed, players, points, open_choice):
        rules = ChinesePokerRules(target=points, open_choice=open_choice)
        self.game = new_game(rules, seed=seed, players=players)

    @rule(seed=st.integers(0, 2**32 - 1), count=st.integers(1, 80))
    def play_legal_moves(self, seed, count):
        rng = np.random.default_rng(seed)
        for _ in range(count):
            if self.game.is_over:
                break
            self.play_one(rng)
            self.cards_are_conserved()

    def play_one(self, rng):
        game = self.game
        n = game.players
        player, phase = game.current_player, game.phase
        sizes = [len(h) for h in game.hands]
        scores = list(game.scores)
        dealt = game.cards_dealt
        legal = game.legal_moves()
        move = legal[rng.integers(len(legal))]
        if isinstance(move, Move) and move.cards and rng.random() < 0.5:
            # Any other cards of the same ranks play just as well.
            hand = game.hands[player]
            cards = []
            for rank, k in Counter(c >> 2 for c in move.cards).items():
                cards += list(rng.permutation([c for c in hand if c >> 2 == rank])[:k])
            move = Move(tuple(int(c) for c in cards))
        record = game.play(move, player)
        assert record.player == player and record.move == str(move)
        if "points" in record.detail:
            event("a round ended")
            # The round ended: the scores follow the table.
            expected = [0] * n
            for q in range(n):
                if q != player:
                    left = sizes[q]
                    expected[q] = {dealt: 50, dealt - 1: 40, dealt - 2: 30}.get(left, left)
            assert record.detail["points"] == expected
            assert list(game.scores) == [s + e for s, e in zip(scores, expected, strict=True)]
            if game.is_over:
                event("the game ended")
                assert max(game.scores) >= game.rules.target
            else:
                assert max(game.scores) < game.rules.target
                assert game.dealer == player and game.current_player == player
        elif phase == "choose":
            assert game.current_player == (1 - player if game.phase == "choose" else game.dealer)
        else:
            assert game.current_player == (player + 1) % n  # clockwise

    @rule(data=st.data())
    def try_a_refused_move(self, data):
        game = self.game
        kinds = ["cards", "pass"] if game.is_over else ["cards", "other player", "pass"]
        kind = data.draw(st.sampled_from(kinds))
        player = game.current_player
        if kind == "cards":
            cards = data.draw(st.lists(st.sampled_from(DECK), min_size=1, max_size=5, unique=True))
            move = Move(tuple(cards))
        elif kind == "other player":
            move = data.draw(st.sampled_from(game.legal_moves()))
            player = (player + data.draw(st.integers(1, game.players - 1))) % game.players
        else:
            move = PASS
        if game.can_play(move, player):
            return
        before = game.to_json()
        with pytest.raises(GameOverError if game.is_over else PokerRulesError):
            game.play(move, player)
        assert game.to_json() == before

    @rule(data=st.data())
    def after_the_end(self, data):
        game = self.game
        if not game.is_over:
            with pytest.raises(IllegalMoveError, match="not over"):
                game.result()
            return
        result = game.result()
        assert result.scores == tuple(game.scores)
        low = min(game.scores)
        assert result.winners == tuple(p for p, s in enumerate(game.scores) if s == low)
        assert game.legal_moves() == () and game.current_player is None
        before = game.to_json()
        move = data.draw(st.sampled_from([PASS, Move.of("3c"), ChooseHand(0)]))
        with pytest.raises(GameOverError):
            game.play(move)
        assert game.to_json() == before

    @invariant()
    def cards_are_conserved(self):
        game = self.game
        if game.phase == "choose":
            seen = [c for pile in game.piles for c in pile]
        else:
            seen = [c for h in game.hands for c in h] + game.played + game.set_aside
        assert sorted(seen) == list(DECK)

    @invariant()
    def over_only_at_the_target(self):
        game = self.game
        assert game.is_over == (max(game.scores) >= game.rules.target)


RandomGames.TestCase.settings = settings(stateful_step_count=25, max_examples=25)
test_random_games = RandomGames.TestCase  # not in the fast subset: seconds of play


class LongRandomGames(RandomGames):
    """The same rules as RandomGames, over many more games."""


LongRandomGames.TestCase.settings = settings(stateful_step_count=25, max_examples=300)
test_many_random_games = pytest.mark.slow(LongRandomGames.TestCase)


@pytest.mark.parametrize("games", [8, pytest.param(100, marks=pytest.mark.slow)])
def test_random_games_end(games):
    @settings(max_examples=games)
    @given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4]))
    def plays_to_the_end(seed, players):
        random_game_ends(seed, players)

    plays_to_the_end()


def random_game_ends(seed, players):
    game = new_game(seed=seed, players=players)
    rng = np.random.default_rng(seed)
    agent = RandomAgent()
    for _ in range(20_000):
        if game.is_over:
            break
        game.play(agent.choose(game.view(game.current_player), game.legal_moves(), rng))
    assert game.is_over
    result = game.result()
    assert max(result.scores) >= 100
    low = min(result.scores)
    assert set(result.winners) == {p for p, s in enumerate(result.scores) if s == low}


# ------------------------------------------------------------------ agents


def greedy_pick(hand, table=None, others=(10, 10, 10)):
    """GreedyAgent's move with ``hand`` against ``table``, opponents holding ``others``."""
    codes = tuple(sorted(card_codes(hand)))
    view = ChinesePokerView(
        player=0, players=4, phase="play", round=1, dealer=0, to_move=0, hand=codes,
        hand_counts=(len(codes), *others), cards_dealt=12,
        table=None if table is None else classify(table),
        table_player=None if table is None else 3, must_play=False, played=(),
        piles=(), pile_owners=(), scores=(0, 0, 0, 0), target=100,
    )
    return str(GreedyAgent().choose(view, legal_plays(hand, table), np.random.default_rng(0)))


@pytest.mark.fast
def test_greedy_agent_sheds_cheaply_and_keeps_its_bombs():
    assert greedy_pick("3c 4d 5h 6s 7c Kd Kh") == "3c 4d 5h 6s 7c"  # the longest lead
    assert greedy_pick("3c 3d 9h 9s Kd") == "3c 3d"  # the cheapest of the longest
    assert greedy_pick("3c 4d 9h Kd Kh", "8c") == "9h"  # the cheapest that beats
    assert greedy_pick("Kd Kh", "8c") == "Kd"
    assert greedy_pick("Kd Kh", "8c 8d") == "Kd Kh"  # going out at once
    big_hand = "4c 4d 4h 4s 9h Kd Qd 5c 6c"
    assert greedy_pick(big_hand, "2s") == "pass"  # keeps the bomb
    assert greedy_pick(big_hand, "2s", others=(2, 10, 10)) == "4c 4d 4h 4s 5c"  # near the end
    assert greedy_pick("4c 4d 4h 4s 9h Kd", "2s") == "4c 4d 4h 4s 9h"  # its own hand is small


@pytest.mark.fast
def test_agents_refuse_an_empty_choice():
    view = new_game(seed=1).view(0)
    for agent in (RandomAgent(), GreedyAgent()):
        with pytest.raises(PokerRulesError):
            agent.choose(view, (), np.random.default_rng(0))


def greedy_win_rate(games):
    """Share of seeded 4-player games in which one greedy agent against three random
    ones ends on the lowest total (ties share), its seat rotating."""
    wins = 0
    for seed in range(games):
        seat = seed % 4
        agents = [RandomAgent() for _ in range(4)]
        agents[seat] = GreedyAgent()
        wins += seat in play_game(cp, agents, seed=seed).result.winners
    return wins / games


@pytest.mark.slow
def test_greedy_agent_beats_three_random_agents():
    assert greedy_win_rate(1000) >= 0.40


# ------------------------------------------------------------------ golden transcripts

GOLDEN_GAMES = {
    "chinese_poker_4p_seed3.json": dict(
        seed=3, players=4, agents=["greedy", "random", "random", "random"]
    ),
    "chinese_poker_3p_seed11.json": dict(seed=11, players=3, agents=["greedy", "random", "greedy"]),
    "chinese_poker_2p_seed5.json": dict(
        seed=5, players=2, agents=["random", "greedy"], target=60, open_choice=True
    ),
}


def run_game(seed, players, agents, target=100, open_choice=False):
    """A seeded game between named agents, as play_game runs one."""
    rules = ChinesePokerRules(target=target, open_choice=open_choice)
    game = new_game(rules, seed=seed, players=players)
    chosen = [cp.AGENTS[name]() for name in agents]
    rng = np.random.default_rng([seed, 1])
    while not game.is_over:
        player = game.current_player
        game.play(chosen[player].choose(game.view(player), game.legal_moves(), rng), player)
    return game


def transcript(game, setup):
    result = game.result()
    return {
        **setup,
        "moves": [[r.player, r.move] for r in game.history],
        "scores": list(result.scores),
        "winners": list(result.winners),
        "rounds": result.detail["rounds"],
    }


@pytest.mark.fast
@pytest.mark.parametrize("name", sorted(GOLDEN_GAMES))
def test_golden_transcripts_replay_to_the_same_end(name):
    saved = json.loads((GOLDEN / name).read_text())
    setup = GOLDEN_GAMES[name]
    assert {k: saved[k] for k in setup} == setup
    rules = ChinesePokerRules(
        target=setup.get("target", 100), open_choice=setup.get("open_choice", False)
    )
    game = new_game(rules, seed=saved["seed"], players=saved["players"])
    for player, move in saved["moves"]:
        game.play(move, player)
    assert game.is_over
    assert transcript(game, setup) == saved
    # The same seed and agents make the same moves.
    assert transcript(run_game(**setup), setup) == saved


# ------------------------------------------------------------------ command line and docs


@pytest.mark.fast
def test_cli_plays_a_game(capsys):
    assert main(["play", "chinese-poker", "--players", "4", "--seed", "3", "--level", "easy"]) == 0
    out = capsys.readouterr().out
    assert "player 1: " in out and "total" in out and "winner: player" in out
    assert main(["play", "chinese-poker", "--players", "3", "--seed", "3",
                 "--agents", "greedy,random,greedy", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["game"] == "chinese-poker" and len(record["scores"]) == 3
    replay = new_game(seed=3, players=3)
    for move in record["moves"]:
        replay.play(move)
    assert list(replay.result().scores) == record["scores"]
    # without --agents, the default line-up is cut to the number of players
    assert main(["play", "chinese-poker", "--players", "3", "--seed", "3", "--level", "easy",
                 "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["scores"]) == 3
    assert main(["play", "chinese-poker", "--players", "3", "--agents", "greedy,random"]) == 2
    assert "takes 3 agents" in capsys.readouterr().err
    # without --players, one player per agent named
    assert main(["play", "chinese-poker", "--seed", "3", "--agents", "greedy,random",
                 "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["scores"]) == 2
    assert main(["play", "chinese-poker", "--agents", "greedy"]) == 2
    assert "--agents names 1 agent: game chinese-poker takes 2, 3 or 4 players, not 1" in \
        capsys.readouterr().err


@pytest.mark.fast
def test_cli_human_player_is_told_why_a_move_is_refused(capsys, monkeypatch):
    games = []
    real_new_game = cp.new_game

    def remember(**options):
        games.append(real_new_game(**options))
        return games[-1]

    answers = iter(["9z", "2c"])

    class Typed:
        """Standard input: two bad moves, then the last legal move each time."""

        def readline(self, size=-1):
            answer = next(answers, None)
            if answer is None:
                answer = str(games[0].legal_moves()[-1])
            return answer + "\n"

    monkeypatch.setattr(sys, "stdin", Typed())
    register(replace(cp.SPEC, new_game=remember), cp.TOOLS)  # the command line reads the registry
    try:
        assert main(["play", "chinese-poker", "--seed", "4", "--human", "0",
                     "--agents", "random,random,random,random"]) == 0
    finally:
        register(cp.SPEC, cp.TOOLS)
    out = capsys.readouterr().out
    assert "not a legal move: '9z': cannot read a card" in out
    assert "not a legal move: '2c': 2c in the move is not in the 48-card" in out
    assert games[0].is_over


@pytest.mark.fast
def test_module_doctests():
    result = package_doctests(cp, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted >= 12


@pytest.mark.fast
def test_docs_page_examples_run():
    result = doctest.testfile(str(DOCS), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


if __name__ == "__main__" and sys.argv[1:] == ["--write-golden"]:
    GOLDEN.mkdir(exist_ok=True)
    for file_name, game_setup in GOLDEN_GAMES.items():
        record = transcript(run_game(**game_setup), game_setup)
        # One line per key, and per move and round, to keep diffs readable.
        parts = []
        for key, value in record.items():
            if isinstance(value, list) and value and isinstance(value[0], (list, dict)):
                items = ",\n  ".join(json.dumps(v) for v in value)
                parts.append(f' "{key}": [\n  {items}\n ]')
            else:
                parts.append(f" {json.dumps(key)}: {json.dumps(value)}")
        (GOLDEN / file_name).write_text("{\n" + ",\n".join(parts) + "\n}\n")
        print("wrote", GOLDEN / file_name)
