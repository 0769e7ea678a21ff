"""Chinese Poker's vector environment: the batch engine in C against the Python game
move for move (the same deal for each seed and for each explicit-chance deal, the
same player to move, legal actions, observations of every seat and results, for 2,
3 and 4 players), the environment against the Python game with the same opponent,
Gymnasium's checks, self-play and bad input refused with the game named."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from pokerrules import _vector
from pokerrules.chinese_poker import ChinesePokerRules, GreedyAgent, new_game
from pokerrules.envs import chinese_poker_v0
from pokerrules.envs.chinese_poker_v0 import ChinesePokerEncoding
from pokerrules.errors import (
    ArgumentTypeError,
    HandSizeError,
    IllegalMoveError,
    PokerRulesError,
)
from pokerrules.shuffle import DealStream

pytest.importorskip("gymnasium", reason="Gymnasium is not installed")
from gymnasium.utils import env_checker
from gymnasium.vector import VectorEnv

from pokerrules.envs.vector import make_vec

pytestmark = pytest.mark.fast

PLAYERS = [2, 3, 4]
RULES = [
    pytest.param(ChinesePokerRules(), id="default"),
    # a round can end the game (target 20), the dealt hands chosen face up
    pytest.param(ChinesePokerRules(target=20, open_choice=True), id="options"),
]


def _batch(n: int, players: int, rules: ChinesePokerRules) -> _vector.ChinesePokerBatch:
    return _vector.ChinesePokerBatch(n, players, rules.target, rules.open_choice, 0, "self",
                                     *chinese_poker_v0.play_patterns())


def _twin(games, batch, encoding, rng: np.random.Generator, explicit=None) -> int:
    """Plays ``games`` (Python) and ``batch`` (C) together to the end of the round,
    random legal actions, comparing everything at every move; returns the moves."""
    players = encoding.players
    moves = 0
    while True:
        to_move, legal = batch.to_move(), batch.legal()
        seen = [batch.observe(s) for s in range(players)]
        live, actions = [], []
        for i, game in enumerate(games):
            if encoding.is_terminal(game):
                assert to_move[i] == -1 and not legal[i].any()
                continue
            assert to_move[i] == game.current_player
            assert legal[i].tolist() == encoding.action_mask(game).astype(bool).tolist()
            for seat in range(players):
                np.testing.assert_array_equal(seen[seat][i], encoding.observe(game, seat))
            action = int(rng.choice(np.flatnonzero(legal[i])))
            game.play(encoding.action_to_move(game, action))
            live.append(i)
            actions.append(action)
            moves += 1
        if not live:
            break
        batch.place(live, actions)
    obs, mask, reward, seat_rewards, terminated, player = batch.finish()
    for i, game in enumerate(games):
        assert terminated[i] and mask[i].all()
        assert tuple(seat_rewards[i]) == encoding.returns(game)
        assert player[i] == game.history[-1].player  # the player who went out
        assert reward[i] == encoding.returns(game)[player[i]]
        np.testing.assert_array_equal(obs[i], encoding.observe(game, int(player[i])))
    return moves


def _seeded(first: int, n: int, players: int, rules, rng_seed: int) -> int:
    batch = _batch(n, players, rules)
    batch.reset(np.arange(first, first + n))
    games = [new_game(rules, seed=first + i, players=players) for i in range(n)]
    for i, game in enumerate(games):
        state = batch.game(i)
        assert (state["dealer"], state["seed"]) == (game.dealer, first + i)
        assert state["hands"] == tuple(tuple(h) for h in game.hands)
    return _twin(games, batch, ChinesePokerEncoding(rules, players),
                 np.random.default_rng(rng_seed))


def _explicit(n: int, players: int, rules, rng_seed: int) -> int:
    """Explicit-chance games: the cut drawn from ``rng`` up to the deal, then the 48
    cards of the deal in an order chosen now, given to the batch."""
    rng = np.random.default_rng(rng_seed)
    games, dealers, orders = [], [], []
    for _ in range(n):
        game = new_game(rules, players=players, chance="explicit")
        while game.dealer is None:
            outcomes = game.chance_outcomes()
            game.apply_chance(outcomes[int(rng.integers(len(outcomes)))][0])
        order = [int(c) for c in rng.permutation([c.code for c, _ in game.chance_outcomes()])]
        for code in order:
            game.apply_chance(code)
        games.append(game)
        dealers.append(game.dealer)
        orders.append(order)
    batch = _batch(n, players, rules)
    batch.stack(dealers, orders)
    return _twin(games, batch, ChinesePokerEncoding(rules, players), rng)


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("players", PLAYERS)
def test_seeded_games_match_the_python_engine_move_for_move(players, rules):
    assert _seeded(0, 12, players, rules, 1) >= 12 * 10
    assert _seeded(2**53 - 12, 12, players, rules, 2) >= 12 * 10  # the largest seeds


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("players", PLAYERS)
def test_explicit_chance_deals_match_the_python_engine_move_for_move(players, rules):
    assert _explicit(12, players, rules, 3) >= 12 * 10


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("players", PLAYERS)
def test_thousands_of_seeded_games_match_the_python_engine(players, rules):
    assert _seeded(1000, 2000, players, rules, 4) >= 2000 * 10


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYERS)
def test_thousands_of_explicit_chance_games_match_the_python_engine(players):
    assert _explicit(1000, players, ChinesePokerRules(), 5) >= 1000 * 10


# --- the vector environment against the Python game with the same opponent ----

class _RandomTwin:
    """The built-in random opponent in Python: one of the legal actions (ascending),
    drawn from the episode's opponent stream."""

    def __init__(self, seed: int, encoding) -> None:
        self.stream = DealStream(_vector.chinese_poker_opponent_seed(seed))
        self.encoding = encoding

    def move(self, game, rng):
        legal = np.flatnonzero(self.encoding.action_mask(game))
        return self.encoding.action_to_move(game, int(legal[self.stream.below(len(legal))]))


class _AgentTwin:
    def __init__(self, agent, encoding) -> None:
        self.agent, self.encoding = agent, encoding

    def move(self, game, rng):
        player = game.current_player
        move = self.agent.choose(game.view(player), game.legal_moves(), rng)
        return self.encoding.action_to_move(game, self.encoding.move_to_action(move))


def _run_env(opponent: str, seat: int, players: int, n: int, first: int, steps: int,
             rng_seed: int) -> int:
    """Steps ``make_vec`` with random legal actions and the Python games beside it
    (each episode of game i from seed first + i + k n, the opponent replying),
    comparing observations, masks, rewards and terminations; returns the episodes
    ended."""
    env = make_vec("chinese-poker", n, opponent=opponent, seat=seat, players=players)
    encoding = ChinesePokerEncoding(players=players)
    rng = np.random.default_rng(rng_seed)
    opponent_rng = np.random.default_rng(first)  # the env's, for agents at Python speed
    obs, info = env.reset(seed=first)
    seeds = [first + i for i in range(n)]
    games: list = [None] * n
    twins: list = [None] * n
    ended = 0

    def start(i: int) -> None:
        games[i] = new_game(seed=seeds[i], players=players)
        twins[i] = (_RandomTwin(seeds[i], encoding) if opponent == "random"
                    else _AgentTwin(GreedyAgent(), encoding))

    def reply_all() -> None:  # game after game, as the environment plays them
        while True:
            moving = [i for i, g in enumerate(games) if not encoding.is_terminal(g)
                      and g.current_player != seat]
            if not moving:
                return
            for i in moving:
                games[i].play(twins[i].move(games[i], opponent_rng))

    for i in range(n):
        start(i)
    reply_all()
    done = np.zeros(n, dtype=bool)
    for _ in range(steps):
        mask = info["action_mask"]
        for i, game in enumerate(games):
            np.testing.assert_array_equal(obs[i], encoding.observe(game, seat))
            expected = np.ones(encoding.num_actions, bool) if done[i] else \
                encoding.action_mask(game).astype(bool)
            assert mask[i].tolist() == expected.tolist()
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        for i in range(n):
            if done[i]:  # the action is ignored: the next episode is dealt
                seeds[i] = (seeds[i] + n) % 2**53
                start(i)
            else:
                games[i].play(encoding.action_to_move(games[i], int(actions[i])))
        reply_all()
        obs, rewards, terminations, truncations, info = env.step(actions)
        assert not truncations.any()
        for i in range(n):
            assert terminations[i] == (not done[i] and encoding.is_terminal(games[i]))
            assert rewards[i] == (encoding.returns(games[i])[seat] if terminations[i] else 0)
        ended += int(terminations.sum())
        done = terminations
    return ended


@pytest.mark.parametrize("opponent", ["random", "greedy"])
@pytest.mark.parametrize(("players", "seat"), [(2, 1), (3, 0), (4, 2)])
def test_the_vector_env_plays_as_the_python_game_with_its_opponent(opponent, players, seat):
    assert _run_env(opponent, seat, players, 6, 40, 40, 6) >= 6


@pytest.mark.slow
@pytest.mark.parametrize(("players", "seat"), [(2, 0), (3, 2), (4, 1), (4, 3)])
def test_thousands_of_vector_episodes_play_as_the_python_game(players, seat):
    assert _run_env("random", seat, players, 300, 7, 60, 7) >= 300


# --- Gymnasium, self-play, bad input -------------------------------------------------

@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("opponent", ["random", None])
def test_gymnasiums_reset_checks_pass(opponent, players):
    env = make_vec("chinese-poker", 5, opponent=opponent, players=players)
    assert isinstance(env, VectorEnv)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        env_checker.check_reset_seed_determinism(env)
        env_checker.check_reset_return_type(env)
        env_checker.check_reset_options(env)
        env_checker.check_space_limit(env.single_observation_space, "observation")
    obs, info = env.reset(seed=1)
    assert obs.shape == (5, 320) and obs in env.observation_space
    assert info["action_mask"].shape == (5, chinese_poker_v0.NUM_ACTIONS)


@pytest.mark.parametrize("players", PLAYERS)
def test_self_play_gives_the_mover_and_every_seats_rewards(players):
    env = make_vec("chinese-poker", 4, opponent=None, players=players)
    encoding = ChinesePokerEncoding(players=players)
    games = [new_game(seed=9 + i, players=players) for i in range(4)]
    obs, info = env.reset(seed=9)
    rng = np.random.default_rng(2)
    finished = np.zeros(4, dtype=bool)
    while not finished.all():
        for i, game in enumerate(games):
            if not finished[i]:
                assert info["player"][i] == game.current_player
                np.testing.assert_array_equal(obs[i], encoding.observe(game, game.current_player))
        actions = (rng.random(info["action_mask"].shape) * info["action_mask"]).argmax(axis=1)
        for i, game in enumerate(games):
            if not finished[i]:
                game.play(encoding.action_to_move(game, int(actions[i])))
        obs, rewards, terminations, _, info = env.step(actions)
        assert info["rewards"].shape == (4, players)
        for i in np.flatnonzero(terminations & ~finished):
            assert tuple(info["rewards"][i]) == encoding.returns(games[i])
            assert info["player"][i] == games[i].history[-1].player
            assert rewards[i] == 0  # the player who went out scores no points
        finished |= terminations


def _pair(players: int = 3):
    envs = [make_vec("chinese-poker", 5, players=players) for _ in range(2)]
    for env in envs:
        env.reset(seed=77)
    return envs, envs[0].unwrapped.action_masks()  # type: ignore[attr-defined]


def _unchanged(envs) -> None:
    actions = envs[1].action_masks().argmax(axis=1)
    a, b = envs[0].step(actions), envs[1].step(actions)
    assert env_checker.data_equivalence(a, b, exact=True)


@pytest.mark.parametrize(("bad", "error", "words"), [
    (lambda m: np.zeros(6, dtype=np.int64), HandSizeError, r"shape \(5,\)"),
    (lambda m: np.zeros(5), ArgumentTypeError, "integers, not float64"),
    (lambda m: np.zeros(5, dtype=bool), ArgumentTypeError, "integers, not bool"),
    (lambda m: np.r_[m.argmax(1)[:3], 10**6, m.argmax(1)[4:]], IllegalMoveError,
     "game 3: action 1000000 does not exist"),
    (lambda m: np.r_[m.argmax(1)[:2], (~m[2]).argmax(), m.argmax(1)[3:]], IllegalMoveError,
     "game 2: action .* is illegal for player"),
])
def test_bad_actions_are_refused_naming_the_game_and_change_no_game(bad, error, words):
    envs, mask = _pair()
    with pytest.raises(error, match=words):
        envs[0].step(bad(mask))
    _unchanged(envs)


@pytest.mark.parametrize(("seed", "error"), [
    (-1, PokerRulesError), (2**53 - 2, PokerRulesError), (1.5, ArgumentTypeError)])
def test_a_bad_seed_is_refused_and_changes_no_game(seed, error):
    envs, _ = _pair()
    with pytest.raises(error, match="seed"):
        envs[0].reset(seed=seed)
    _unchanged(envs)


def test_a_step_after_close_is_refused():
    env = make_vec("chinese-poker", 2)
    env.reset(seed=0)
    env.close()
    with pytest.raises(PokerRulesError, match="closed"):
        env.step(np.zeros(2, dtype=np.int64))


@pytest.mark.parametrize(("options", "error", "words"), [
    ({"players": 5}, PokerRulesError, "2, 3 or 4 players"),
    ({"players": 3, "seat": 3}, PokerRulesError, "seat|player"),
    ({"opponent": "nobody"}, PokerRulesError, "no agent 'nobody'"),
])
def test_make_vec_refuses_bad_arguments(options, error, words):
    with pytest.raises(error, match=words):
        make_vec("chinese-poker", 2, **options)


def test_east_west_refuses_other_player_counts():
    with pytest.raises(PokerRulesError, match="East–West takes 2 players"):
        make_vec("east-west", 2, players=3)


def test_the_compiled_batch_refuses_a_bad_stacked_deal_naming_the_game():
    batch = _batch(2, 3, ChinesePokerRules())
    batch.reset([0, 1])
    kept = batch.game(1)
    deck = [c for c in range(3, 52) if c != 48]
    with pytest.raises(PokerRulesError, match="game 1: the cards are not"):
        batch.stack([0, 0], [deck, [*deck[:-1], 2]])
    with pytest.raises(PokerRulesError, match="game 0: dealer 3 is no player"):
        batch.stack([3, 0], [deck, deck])
    assert batch.game(1) == kept
