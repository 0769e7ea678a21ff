"""The East–West batch engine in C against the Python game, move for move: the same
deal for each seed (and for each explicit-chance deal), the same player to move,
legal rows, observations of both seats, greedy choices and results; the vector
environment against the Python game played with the same opponents."""

from __future__ import annotations

import numpy as np
import pytest

from pokerrules import _vector
from pokerrules.eastwest import (
    PLACES,
    EastWestRules,
    GreedyAgent,
    HeuristicAgent,
    new_game,
)
from pokerrules.envs.east_west_v0 import EastWestEncoding
from pokerrules.shuffle import DealStream

pytest.importorskip("gymnasium", reason="Gymnasium is not installed")
from pokerrules.envs.vector import make_vec

pytestmark = pytest.mark.fast

RULES = [
    pytest.param(EastWestRules(), id="default"),
    pytest.param(EastWestRules(win_rule="two_rows", ace_low_straight=True,
                               flush_beats_full_house=True), id="options"),
]


def _batch(n: int, rules: EastWestRules) -> _vector.EastWestBatch:
    return _vector.EastWestBatch(n, rules.hand_rules.variant, rules.win_rule, 0, "self")


def _explicit_game(rules: EastWestRules, rng: np.random.Generator):
    """An explicit-chance game whose cut is drawn from ``rng`` up to the deal, with
    the 27 cards it will deal (board, then draws) chosen now from ``rng``."""
    game = new_game(rules, chance="explicit")
    while game.dealer is None:
        outcomes = game.chance_outcomes()
        game.apply_chance(outcomes[int(rng.integers(len(outcomes)))][0])
    cards = [c.code for c, _ in game.chance_outcomes()]
    return game, [int(c) for c in rng.permutation(cards)[:27]]


def _deal_pending(game, cards: list[int], dealt: list[int]) -> None:
    while game.is_chance_node:
        game.apply_chance(cards[len(dealt)])
        dealt.append(cards[len(dealt)])


def _twin(games, batch: _vector.EastWestBatch, rng: np.random.Generator, explicit=None) -> int:
    """Plays ``games`` (Python) and ``batch`` (C) together to the end, random legal
    rows or the greedy row, comparing everything at every move; returns the moves."""
    encoding = EastWestEncoding(games[0].rules)
    greedy = GreedyAgent()
    moves = 0
    for _ in range(24):
        if explicit is not None:
            for game, (cards, dealt) in zip(games, explicit):
                _deal_pending(game, cards, dealt)
        to_move, legal, choice = batch.to_move(), batch.legal(), batch.greedy()
        seen = [batch.observe(0), batch.observe(1)]
        actions = np.empty(len(games), dtype=np.int64)
        for i, game in enumerate(games):
            player = game.current_player
            assert to_move[i] == player
            assert legal[i].tolist() == encoding.action_mask(game).astype(bool).tolist()
            for seat in (0, 1):
                np.testing.assert_array_equal(seen[seat][i], encoding.observe(game, seat))
            move = greedy.choose(game.view(player), game.legal_moves(), rng)
            assert choice[i] == move.row
            open_rows = np.flatnonzero(legal[i])
            actions[i] = move.row if rng.random() < 0.3 else rng.choice(open_rows)
            game.play(PLACES[actions[i]])
            moves += 1
        batch.place(np.arange(len(games)), actions)
    obs, mask, reward, seat_rewards, terminated, player = batch.finish()
    for i, game in enumerate(games):
        assert game.is_over and terminated[i] and batch.to_move()[i] == -1
        assert tuple(seat_rewards[i]) == encoding.returns(game)
        assert player[i] == game.history[-1].player  # the last mover's view
        np.testing.assert_array_equal(obs[i], encoding.observe(game, int(player[i])))
        assert reward[i] == encoding.returns(game)[player[i]]
        assert mask[i].all()  # awaiting its reset: every action accepted, ignored
    return moves


def _seeded(first: int, n: int, rules: EastWestRules, rng_seed: int) -> int:
    batch = _batch(n, rules)
    batch.reset(np.arange(first, first + n))
    games = [new_game(rules, seed=first + i) for i in range(n)]
    for i, game in enumerate(games):
        state = batch.game(i)
        assert (state["dealer"], state["board"], state["drawn"], state["seed"]) == (
            game.dealer, game.board, game.drawn_card, first + i)
    return _twin(games, batch, np.random.default_rng(rng_seed))


def _explicit(n: int, rules: EastWestRules, rng_seed: int) -> int:
    rng = np.random.default_rng(rng_seed)
    made = [_explicit_game(rules, rng) for _ in range(n)]
    batch = _batch(n, rules)
    batch.stack([g.dealer for g, _ in made], [cards for _, cards in made])
    return _twin([g for g, _ in made], batch, rng, [(cards, []) for _, cards in made])


@pytest.mark.parametrize("rules", RULES)
def test_seeded_games_match_the_python_engine_move_for_move(rules):
    assert _seeded(0, 30, rules, 1) == 30 * 24
    assert _seeded(2**53 - 30, 30, rules, 2) == 30 * 24  # the largest seeds


@pytest.mark.parametrize("rules", RULES)
def test_explicit_chance_deals_match_the_python_engine_move_for_move(rules):
    assert _explicit(30, rules, 3) == 30 * 24


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULES)
def test_thousands_of_seeded_games_match_the_python_engine(rules):
    assert _seeded(1000, 3000, rules, 4) == 3000 * 24


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULES)
def test_thousands_of_explicit_chance_games_match_the_python_engine(rules):
    assert _explicit(2000, rules, 5) == 2000 * 24


# --- the vector environment against the Python game with the same opponent ----

class _RandomTwin:
    """The built-in random opponent in Python: one of the open rows, drawn from the
    episode's opponent stream."""

    def __init__(self, seed: int) -> None:
        self.stream = DealStream(_vector.opponent_seed(seed))

    def choose(self, view, legal_moves, rng):
        return legal_moves[self.stream.below(len(legal_moves))]


def _run_env(opponent: str, seat: int, rules: EastWestRules, n: int, first: int,
             steps: int, rng_seed: int) -> int:
    """Steps ``make_vec`` ``steps`` times with random legal actions and the Python
    games beside it (each episode of game i from seed first + i + k n, the opponent
    replying), comparing observations, masks, rewards and terminations; returns the
    episodes ended."""
    env = make_vec("east-west", n, opponent=opponent, seat=seat, rules=rules)
    encoding = EastWestEncoding(rules)
    rng = np.random.default_rng(rng_seed)
    obs, info = env.reset(seed=first)
    seeds = [first + i for i in range(n)]
    games: list = [None] * n
    agents: list = [None] * n
    ended = 0

    def start(i: int) -> None:
        games[i] = new_game(rules, seed=seeds[i])
        agents[i] = {"greedy": GreedyAgent(), "random": _RandomTwin(seeds[i]),
                     "heuristic": HeuristicAgent()}[opponent]
        reply(i)

    def reply(i: int) -> None:
        game = games[i]
        while not game.is_over and game.current_player != seat:
            player = game.current_player
            game.play(agents[i].choose(game.view(player), game.legal_moves(), rng))

    for i in range(n):
        start(i)
    done = np.zeros(n, dtype=bool)
    for _ in range(steps):
        mask = info["action_mask"]
        for i, game in enumerate(games):
            np.testing.assert_array_equal(obs[i], encoding.observe(game, seat))
            expected = np.ones(3, bool) if done[i] else encoding.action_mask(game).astype(bool)
            assert mask[i].tolist() == expected.tolist()
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        obs, rewards, terminations, truncations, info = env.step(actions)
        assert not truncations.any()
        for i in range(n):
            if done[i]:  # the action is ignored: the next episode is dealt
                seeds[i] = (seeds[i] + n) % 2**53
                start(i)
                assert rewards[i] == 0 and not terminations[i]
            else:
                games[i].play(PLACES[actions[i]])
                reply(i)
                assert terminations[i] == games[i].is_over
                assert rewards[i] == encoding.returns(games[i])[seat]
        ended += int(terminations.sum())
        done = terminations
    return ended


@pytest.mark.parametrize("opponent", ["greedy", "random", "heuristic"])
@pytest.mark.parametrize("seat", [0, 1])
def test_the_vector_env_plays_as_the_python_game_with_its_opponent(opponent, seat):
    assert _run_env(opponent, seat, EastWestRules(), 8, 40, 30, 6) >= 8


@pytest.mark.slow
@pytest.mark.parametrize("opponent", ["greedy", "random"])
@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize("rules", RULES)
def test_thousands_of_vector_episodes_play_as_the_python_game(opponent, seat, rules):
    assert _run_env(opponent, seat, rules, 500, 7, 13 * 4, 7) >= 500 * 3


def test_the_random_opponent_picks_every_open_row_evenly():
    env = make_vec("east-west", 2000, opponent="random", seat=1)
    env.reset(seed=0)  # West (the opponent) moved first wherever East deals
    first_rows = []
    batch_games = env.unwrapped._batch
    for i in range(2000):
        rows = batch_games.game(i)["rows"][0]
        placed = [r for r in range(3) if rows[r]]
        first_rows += placed
    counts = np.bincount(first_rows, minlength=3)
    assert counts.sum() > 800  # about half the games: those East deals
    assert all(abs(c - counts.sum() / 3) < 4 * np.sqrt(counts.sum() * 2 / 9) for c in counts)
