"""Z Poker's vector environment: the batch engine in C against the Python game move
for move (the same deal for each seed and for each explicit-chance deal, ties for
the lead dealt again, the same player to move, legal actions, observations of both
seats, greedy choices, draws and results), the environment against the Python game
with the same opponent, Gymnasium's checks, self-play and bad input refused with
the game named."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from pokerrules import _vector
from pokerrules.cards import PIQUET_DECK
from pokerrules.envs.z_poker_v0 import ZPokerEncoding
from pokerrules.errors import (
    ArgumentTypeError,
    HandSizeError,
    IllegalMoveError,
    PokerRulesError,
)
from pokerrules.shuffle import DealStream
from pokerrules.zpoker import GreedyAgent, SearchAgent, ZPokerRules, new_game

pytest.importorskip("gymnasium", reason="Gymnasium is not installed")
from gymnasium.utils import env_checker
from gymnasium.vector import VectorEnv

from pokerrules.envs.vector import make_vec

pytestmark = pytest.mark.fast

RULES = [
    pytest.param(ZPokerRules(), id="default"),
    # another deck (a tie for the lead is likelier) and hand size
    pytest.param(ZPokerRules(deck=PIQUET_DECK, hand_size=6), id="piquet"),
]


def _batch(n: int, rules: ZPokerRules, opponent: str = "self") -> _vector.ZPokerBatch:
    return _vector.ZPokerBatch(n, rules.deck.codes, rules.hand_size, 0, opponent)


def _state(game) -> dict:
    """What ``ZPokerBatch.game`` gives, from the Python game."""
    return {
        "phase": game.phase.value, "hands": (game.hand_codes(0), game.hand_codes(1)),
        "stacks": {p: tuple(s) for p, s in game.stack_codes().items()},
        "hidden": game.face_down_position, "leader": game.leader, "starter": game.starter,
        "winner": game.winner, "pile": game.pile_size, "deals": game.deals,
        "rounds": game.rounds, "draws": game.draws}


class _Explicit:
    """An explicit-chance game dealt from one order of the deck, as a stacked batch
    game deals it: the hands, then each card drawn; a tie for the lead deals the
    order again."""

    def __init__(self, rules: ZPokerRules, rng: np.random.Generator) -> None:
        self.order = [int(c) for c in rng.permutation(rules.deck.codes)]
        self.game = new_game(rules, chance="explicit")
        self.deals, self.dealt = 0, 0
        self.settle()

    def settle(self) -> None:
        game = self.game
        while game.is_chance_node:
            if game.deals != self.deals:
                self.deals, self.dealt = game.deals, 0
            game.apply_chance(self.order[self.dealt])
            self.dealt += 1


def _twin(games, batch, encoding, rng: np.random.Generator, explicit=None) -> int:
    """Plays ``games`` (Python) and ``batch`` (C) together to the end, random legal
    actions or greedy's (half each), comparing everything at every move; returns
    the moves."""
    greedy = GreedyAgent()
    moves = 0
    while True:
        to_move, legal, chosen = batch.to_move(), batch.legal(), batch.greedy()
        seen = [batch.observe(s) for s in (0, 1)]
        live, actions = [], []
        for i, game in enumerate(games):
            state = batch.game(i)
            del state["seed"], state["done"], state["to_move"]
            assert state == _state(game)
            for seat in (0, 1):
                np.testing.assert_array_equal(seen[seat][i], encoding.observe(game, seat))
            if game.is_over:
                assert to_move[i] == -1 and not legal[i].any() and chosen[i] == -1
                continue
            player = game.current_player
            assert to_move[i] == player
            assert legal[i].tolist() == encoding.action_mask(game).astype(bool).tolist()
            move = greedy.choose(game.view(player), game.legal_moves(), rng)
            assert chosen[i] == encoding.move_to_action(move)
            action = int(chosen[i]) if rng.random() < 0.5 else \
                int(rng.choice(np.flatnonzero(legal[i])))
            game.play(encoding.action_to_move(game, action))
            if explicit is not None:
                explicit[i].settle()
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
        assert player[i] == game.history[-1].player  # self-play: the last mover
        assert reward[i] == encoding.returns(game)[player[i]]
        np.testing.assert_array_equal(obs[i], encoding.observe(game, int(player[i])))
    return moves


def _seeded(first: int, n: int, rules: ZPokerRules, rng_seed: int) -> tuple[int, int]:
    """Moves and ties for the lead of ``n`` seeded games played as twins."""
    batch = _batch(n, rules)
    batch.reset(np.arange(first, first + n))
    games = [new_game(rules, seed=first + i) for i in range(n)]
    moves = _twin(games, batch, ZPokerEncoding(rules), np.random.default_rng(rng_seed))
    return moves, sum(g.deals - 1 for g in games)


def _explicit(n: int, rules: ZPokerRules, rng_seed: int) -> tuple[int, int]:
    rng = np.random.default_rng(rng_seed)
    twins = [_Explicit(rules, rng) for _ in range(n)]
    batch = _batch(n, rules)
    batch.stack([t.order for t in twins])
    games = [t.game for t in twins]
    moves = _twin(games, batch, ZPokerEncoding(rules), rng, twins)
    return moves, sum(g.deals - 1 for g in games)


@pytest.mark.parametrize("rules", RULES)
def test_seeded_games_match_the_python_engine_move_for_move(rules):
    moves, ties = _seeded(0, 16, rules, 1)
    assert moves >= 16 * 10 and ties >= 1
    moves, _ = _seeded(2**53 - 16, 16, rules, 2)  # the largest seeds
    assert moves >= 16 * 10


@pytest.mark.parametrize("rules", RULES)
def test_explicit_chance_deals_match_the_python_engine_move_for_move(rules):
    moves, ties = _explicit(16, rules, 3)
    assert moves >= 16 * 10 and ties >= 1


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULES)
def test_thousands_of_seeded_games_match_the_python_engine(rules):
    moves, ties = _seeded(1000, 2000, rules, 4)
    assert moves >= 2000 * 10 and ties >= 50


@pytest.mark.slow
def test_thousands_of_explicit_chance_games_match_the_python_engine():
    moves, ties = _explicit(1000, ZPokerRules(), 5)
    assert moves >= 1000 * 10 and ties >= 20


# --- the vector environment against the Python game with the same opponent ----

class _RandomTwin:
    """The built-in random opponent in Python: one of the legal actions (ascending),
    drawn from the episode's opponent stream."""

    def __init__(self, seed: int, encoding) -> None:
        self.stream = DealStream(_vector.z_poker_opponent_seed(seed))
        self.encoding = encoding

    def move(self, game, rng):
        legal = np.flatnonzero(self.encoding.action_mask(game))
        return self.encoding.action_to_move(game, int(legal[self.stream.below(len(legal))]))


class _AgentTwin:
    def __init__(self, agent) -> None:
        self.agent = agent

    def move(self, game, rng):
        return self.agent.choose(game.view(game.current_player), game.legal_moves(), rng)


def _run_env(opponent, seat: int, n: int, first: int, steps: int, rng_seed: int,
             rules: ZPokerRules | None = None) -> int:
    """Steps ``make_vec`` with random legal actions and the Python games beside it
    (each episode of game i from seed first + i + k n, the opponent replying),
    comparing observations, masks, rewards and terminations; returns the episodes
    ended."""
    rules = rules or ZPokerRules()
    env = make_vec("z-poker", n, opponent=opponent, seat=seat, rules=rules)
    encoding = ZPokerEncoding(rules)
    rng = np.random.default_rng(rng_seed)
    opponent_rng = np.random.default_rng(first)  # the env's, for agents at Python speed
    obs, info = env.reset(seed=first)
    seeds = [first + i for i in range(n)]
    games: list = [None] * n
    twins: list = [None] * n

    def start(i: int) -> None:
        games[i] = new_game(rules, seed=seeds[i])
        twins[i] = (_RandomTwin(seeds[i], encoding) if opponent == "random"
                    else _AgentTwin(GreedyAgent() if opponent in ("greedy", "py-greedy")
                                    else opponent))

    def reply_all() -> None:  # game after game, as the environment plays them
        while True:
            moving = [i for i, g in enumerate(games) if not g.is_over
                      and g.current_player != seat]
            if not moving:
                return
            for i in moving:
                games[i].play(twins[i].move(games[i], opponent_rng))

    for i in range(n):
        start(i)
    reply_all()
    done = np.zeros(n, dtype=bool)
    ended = 0
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
            assert terminations[i] == (not done[i] and games[i].is_over)
            assert rewards[i] == (encoding.returns(games[i])[seat] if terminations[i] else 0)
        ended += int(terminations.sum())
        done = terminations
    return ended


@pytest.mark.parametrize("opponent", ["random", "greedy"])
@pytest.mark.parametrize("seat", [0, 1])
def test_the_vector_env_plays_as_the_python_game_with_its_c_opponent(opponent, seat):
    assert _run_env(opponent, seat, 6, 40, 60, 6) >= 6


@pytest.mark.parametrize("seat", [0, 1])
def test_the_vector_env_plays_an_agent_at_python_speed_as_the_python_game(seat):
    # a GreedyAgent instance is not the name "greedy": it plays from the views the
    # environment builds (seat 1's without seat 0's face-down card)
    assert _run_env(GreedyAgent(), seat, 4, 50, 40, 8,
                    ZPokerRules(deck=PIQUET_DECK, hand_size=6)) >= 4


@pytest.mark.slow
@pytest.mark.parametrize(("opponent", "seat"), [("random", 0), ("greedy", 1)])
def test_thousands_of_vector_episodes_play_as_the_python_game(opponent, seat):
    assert _run_env(opponent, seat, 300, 7, 60, 7) >= 1000


def test_a_search_opponent_plays_at_python_speed():
    env = make_vec("z-poker", 2, opponent=SearchAgent(playouts=4), seed=5)
    obs, info = env.reset()
    for _ in range(3):
        obs, *_, info = env.step(info["action_mask"].argmax(axis=1))
    assert obs.shape == (2, 542) and info["action_mask"].any(axis=1).all()


# --- Gymnasium, self-play, bad input -------------------------------------------------

@pytest.mark.parametrize("opponent", ["random", "greedy", None])
def test_gymnasiums_reset_checks_pass(opponent):
    env = make_vec("z-poker", 5, opponent=opponent)
    assert isinstance(env, VectorEnv)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        env_checker.check_reset_seed_determinism(env)
        env_checker.check_reset_return_type(env)
        env_checker.check_reset_options(env)
        env_checker.check_space_limit(env.single_observation_space, "observation")
    obs, info = env.reset(seed=1)
    encoding = ZPokerEncoding()
    assert obs.shape == (5, encoding.observation_size) and obs in env.observation_space
    assert info["action_mask"].shape == (5, encoding.num_actions)
    assert env.action_masks().tolist() == info["action_mask"].tolist()


def test_self_play_gives_the_mover_and_both_seats_rewards():
    env = make_vec("z-poker", 4, opponent=None)
    encoding = ZPokerEncoding()
    games = [new_game(seed=9 + i) for i in range(4)]
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
        assert info["rewards"].shape == (4, 2)
        for i in np.flatnonzero(terminations & ~finished):
            assert tuple(info["rewards"][i]) == encoding.returns(games[i])
            assert info["player"][i] == games[i].history[-1].player
            assert rewards[i] == info["rewards"][i][info["player"][i]]
        finished |= terminations


def _pair():
    envs = [make_vec("z-poker", 5) for _ in range(2)]
    for env in envs:
        env.reset(seed=77)
    return envs, envs[0].unwrapped.action_masks()


def _unchanged(envs) -> None:
    actions = envs[1].action_masks().argmax(axis=1)
    a, b = envs[0].step(actions), envs[1].step(actions)
    assert env_checker.data_equivalence(a, b, exact=True)


@pytest.mark.parametrize(("bad", "error", "words"), [
    (lambda m: np.zeros(6, dtype=np.int64), HandSizeError, r"shape \(5,\)"),
    (lambda m: np.zeros((5, 1), dtype=np.int64), HandSizeError, r"shape \(5,\)"),
    (lambda m: np.zeros(5), ArgumentTypeError, "integers, not float64"),
    (lambda m: np.zeros(5, dtype=bool), ArgumentTypeError, "integers, not bool"),
    (lambda m: np.r_[m.argmax(1)[:3], 416, m.argmax(1)[4:]], IllegalMoveError,
     "game 3: action 416 does not exist"),
    (lambda m: np.r_[m.argmax(1)[:4], -1], IllegalMoveError, "game 4: action -1"),
    (lambda m: np.r_[m.argmax(1)[:2], (~m[2]).argmax(), m.argmax(1)[3:]], IllegalMoveError,
     "game 2: action .* is illegal for player"),
])
def test_bad_actions_are_refused_naming_the_game_and_change_no_game(bad, error, words):
    envs, mask = _pair()
    with pytest.raises(error, match=words):
        envs[0].step(bad(mask))
    _unchanged(envs)


@pytest.mark.parametrize(("seed", "error"), [
    (-1, PokerRulesError), (2**53 - 2, PokerRulesError), (1.5, ArgumentTypeError),
    (True, ArgumentTypeError)])
def test_a_bad_seed_is_refused_and_changes_no_game(seed, error):
    envs, _ = _pair()
    with pytest.raises(error, match="seed"):
        envs[0].reset(seed=seed)
    _unchanged(envs)


def test_a_failing_opponent_takes_the_step_back_naming_the_game():
    failing = [False]

    def opponent(observation: np.ndarray, mask: np.ndarray) -> int:
        return 10**6 if failing[0] else int(mask.argmax())

    envs = [make_vec("z-poker", 3, opponent=f)
            for f in (opponent, lambda o, m: int(m.argmax()))]
    for env in envs:
        env.reset(seed=4)
    failing[0] = True
    with pytest.raises(IllegalMoveError, match="game 0: the opponent at seat 1 returned"):
        envs[0].step(envs[0].action_masks().argmax(axis=1))
    failing[0] = False
    _unchanged(envs)


def test_a_step_after_close_is_refused():
    env = make_vec("z-poker", 2)
    env.reset(seed=0)
    env.close()
    with pytest.raises(PokerRulesError, match="closed"):
        env.step(np.zeros(2, dtype=np.int64))


@pytest.mark.parametrize(("options", "error", "words"), [
    ({"players": 3}, PokerRulesError, "2"),
    ({"seat": 2}, PokerRulesError, "seat|player"),
    ({"opponent": "nobody"}, PokerRulesError, "no agent 'nobody'"),
    ({"rules": "standard"}, ArgumentTypeError, "ZPokerRules"),
])
def test_make_vec_refuses_bad_arguments(options, error, words):
    with pytest.raises(error, match=words):
        make_vec("z-poker", 2, **options)


def test_the_compiled_batch_refuses_bad_arguments_and_stacked_deals_naming_the_game():
    with pytest.raises(PokerRulesError, match="hand size 20"):
        _vector.ZPokerBatch(2, range(52), 20, 0, "self")
    with pytest.raises(PokerRulesError, match="deck"):
        _vector.ZPokerBatch(2, [52, *range(51)], 10, 0, "self")
    batch = _batch(2, ZPokerRules())
    batch.reset([0, 1])
    kept = batch.game(1)
    deck = list(range(52))
    with pytest.raises(PokerRulesError, match="game 1: the cards are not"):
        batch.stack([deck, [*deck[:-1], 0]])
    with pytest.raises(HandSizeError, match=r"shape \(2, 52\)"):
        batch.stack([deck])
    assert batch.game(1) == kept


def test_the_compiled_batch_refuses_garbage_and_stays_playable():
    for bad in [(0, range(52), 10, 0, "self"), (2, [], 10, 0, "self"),
                (2, ["Ah"], 10, 0, "self"), (2, [[1, 2]], 10, 0, "self"),
                (2, range(53), 10, 0, "self"), (2, [0, 0, *range(2, 52)], 10, 0, "self"),
                (2, range(52), 3, 0, "self"), (2, range(52), 15, 0, "self"),
                (2, range(52), 10, 2, "self"), (2, range(52), 10, 0, "smart")]:
        with pytest.raises(PokerRulesError):
            _vector.ZPokerBatch(*bad)
    batch = _batch(4, ZPokerRules())
    batch.finish()  # before any deal: every game awaits its reset
    batch.reset([1, 2, 3, 4])
    rng = np.random.default_rng(0)
    deck = np.arange(52)
    garbage = [None, "x", 1.5, [], [[1]], np.zeros(4), np.full(4, 2**63, np.uint64),
               np.full(4, -1), np.full(4, 415), np.arange(4), np.arange(5),
               np.zeros((4, 52), np.int64), np.full((4, 52), 60),
               np.tile(deck, (4, 1)), np.tile(deck[::-1], (4, 1))]
    refused = accepted = 0
    for _ in range(300):
        call = rng.integers(5)
        arg = garbage[rng.integers(len(garbage))]
        try:
            if call == 0:
                batch.reset(arg)
            elif call == 1:
                batch.stack(arg)
            elif call == 2:
                batch.place(arg, arg)
            elif call == 3:
                batch.act(arg, 4)
            else:
                batch.observe(int(rng.integers(-1, 3)))
            accepted += 1
        except PokerRulesError:
            refused += 1
        # after each call every game is still whole: its moves and its dict agree
        legal, to_move = batch.legal(), batch.to_move()
        assert ((to_move >= 0) == legal.any(axis=1)).all()
        assert all(len(batch.game(i)["hands"]) == 2 for i in range(4))
    assert refused > 100 and accepted > 10
    with pytest.raises(PokerRulesError, match="twice"):
        batch.place([2, 2], [0, 0])
    with pytest.raises(PokerRulesError, match="no game 9"):
        batch.game(9)
    with pytest.raises(PokerRulesError, match="not of this batch"):
        batch.restore(_batch(4, ZPokerRules()).save())
