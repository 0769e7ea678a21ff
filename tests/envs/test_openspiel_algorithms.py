"""The OpenSpiel games as OpenSpiel's own algorithms use them: random simulation
with serialization for every player count and scope, cheap clones, pickling,
observers of each type, resampling from an information state, the reward model
MCTS requires, and OpenSpiel's Python MCTS and ISMCTS bots playing whole games."""

from __future__ import annotations

import copy
import pickle
import subprocess
import sys

import numpy as np
import pytest

from pokerrules.envs import chinese_poker_v0, east_west_v0, z_poker_v0

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed: pip install "
                              ".[rl] in a checkout (wheels exist for CPython 3.10 to 3.13)")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

from pokerrules.cards import CHINESE_POKER_DECK  # noqa: E402
from pokerrules.errors import PokerRulesError  # noqa: E402

THREE_GAMES = [
    pytest.param(east_west_v0.openspiel_game, {}, id="east_west"),
    pytest.param(z_poker_v0.openspiel_game, {}, id="z_poker"),
    pytest.param(chinese_poker_v0.openspiel_game, {"players": 2}, id="chinese_poker_2"),
    pytest.param(chinese_poker_v0.openspiel_game, {"players": 3}, id="chinese_poker_3"),
    pytest.param(chinese_poker_v0.openspiel_game, {"players": 4}, id="chinese_poker_4"),
]


def _chance(state, rng: np.random.Generator) -> None:
    """Resolves chance nodes until a player's turn or the end."""
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])


def _decision_states(game, seed: int, games: int = 2):
    """Every player's turn of a few random games (as copies)."""
    rng = np.random.default_rng(seed)
    for _ in range(games):
        state = game.new_initial_state()
        _chance(state, rng)
        while not state.is_terminal():
            yield state.clone()
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
            _chance(state, rng)


# --- random simulation, every player count and scope --------------------------
SIMULATED = [
    pytest.param(east_west_v0.openspiel_game, {}, id="east_west"),
    pytest.param(east_west_v0.openspiel_game, {"win_rule": "two_rows"}, id="east_west_two_rows"),
    pytest.param(z_poker_v0.openspiel_game, {}, id="z_poker"),
    pytest.param(z_poker_v0.openspiel_game, {"hand_size": 6}, id="z_poker_6"),
] + [
    pytest.param(chinese_poker_v0.openspiel_game,
                 {"players": n, "scope": scope, "target": 15, "open_choice": n == 2},
                 id=f"chinese_poker_{n}_{scope}")
    for n in (2, 3, 4) for scope in chinese_poker_v0.SCOPES
]


@pytest.mark.parametrize("load, params", SIMULATED)
def test_random_sim_test_with_serialization(load, params) -> None:
    pyspiel.random_sim_test(load(**params), num_sims=2, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_sim_test_of_whole_games_to_the_default_target(players) -> None:
    # A whole game to 100 points: some 1,500 to 3,500 steps, each one checked
    # (cloned, serialized, observed) by OpenSpiel.
    game = chinese_poker_v0.openspiel_game(players=players, scope="game")
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_game_length_bound_holds_for_the_longest_rounds(players) -> None:
    # Every play on a full table is passed until the table clears, and on the
    # empty table every player passes but the last before the lead comes back,
    # who plays its lowest play: the plays go round, each after 2 * players - 2
    # passes, until a hand is empty.
    game = chinese_poker_v0.openspiel_game(players=players)
    rng = np.random.default_rng(players)
    state = game.new_initial_state()
    leader = None  # who made the last play
    while not state.is_terminal():
        if state.is_chance_node():
            _chance(state, rng)
            continue
        legal, player = state.legal_actions(), state.current_player()
        table = state.game_state.table_play
        due = leader is None or player == (leader + players - 1) % players
        if legal[0] == 0 and (table is not None or not due):
            state.apply_action(0)
        else:
            action = next(a for a in legal if a != 0)
            state.apply_action(action)
            leader = player if action >= 4 else leader
    assert state.game_state.rounds
    steps = len(state.history())
    assert steps <= game.max_game_length()
    if players > 2:  # (what the bound allows for each card)
        assert steps > 48 + 2 + 48 * (players + 1) + players


# --- clones --------------------------------------------------------------------
@pytest.mark.parametrize("load, params", THREE_GAMES)
def test_clone_copies_the_game_state_and_shares_the_encoding(load, params) -> None:
    game = load(**params)
    for state in _decision_states(game, seed=1, games=1):
        twin = state.clone()
        assert twin.encoding is state.encoding  # never deep-copied
        assert twin.game_state is not state.game_state
        assert twin.history() == state.history()
        assert twin.game_state.to_json() == state.game_state.to_json()
        before = state.game_state.to_json()
        twin.apply_action(twin.legal_actions()[-1])
        assert state.game_state.to_json() == before  # the copy is independent
        assert copy.deepcopy(state).game_state.to_json() == before


def test_new_states_are_independent_of_each_other() -> None:
    # New states share the game's initial state until one changes.
    game = z_poker_v0.openspiel_game()
    first, second = game.new_initial_state(), game.new_initial_state()
    first.apply_action(first.chance_outcomes()[0][0])
    assert second.history() == [] and len(second.chance_outcomes()) == 52
    assert game.new_initial_state().game_state.to_json() == second.game_state.to_json()
    assert first.game_state.to_json() != second.game_state.to_json()


# --- pickling ------------------------------------------------------------------
@pytest.mark.parametrize("load, params", THREE_GAMES)
def test_games_and_states_pickle(load, params) -> None:
    game = load(**params)
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game)
    assert again.get_type().reward_model == game.get_type().reward_model
    state = next(_decision_states(game, seed=2, games=1))
    copied = pickle.loads(pickle.dumps(state))
    assert copied.history() == state.history()
    assert copied.game_state.to_json() == state.game_state.to_json()


def test_pickles_load_in_a_new_process() -> None:
    game = chinese_poker_v0.openspiel_game(players=3, target=50)
    state = next(_decision_states(game, seed=3, games=1))
    blob = pickle.dumps((game, state))
    script = ("import pickle, sys; game, state = pickle.loads(sys.stdin.buffer.read()); "
              "print(game); print(state.history())")
    out = subprocess.run([sys.executable, "-c", script], input=blob, capture_output=True,
                         check=True).stdout.decode().splitlines()
    assert out == [str(game), str(state.history())]


# --- observers -----------------------------------------------------------------
PUBLIC = pyspiel.IIGObservationType(
    public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)


def _private_fields(game) -> set[str]:
    return {"pokerrules_east_west": {"drawn"}}.get(game.get_type().short_name, {"hand"})


@pytest.mark.parametrize("load, params", THREE_GAMES)
def test_public_observer_shows_no_private_card(load, params) -> None:
    game = load(**params)
    public = make_observation(game, PUBLIC)
    full = make_observation(game)
    private = _private_fields(game)
    shown = dict.fromkeys(private, False)
    for state in _decision_states(game, seed=4):
        player = state.current_player()
        view = state.game_state.view(player)
        full.set_from(state, player)
        public.set_from(state, player)
        np.testing.assert_array_equal(full.tensor, state.observation_tensor(player))
        for name in full.dict:
            if name in private:
                assert not public.dict[name].any(), name
                shown[name] |= bool(full.dict[name].any())
            elif name not in ("tops", "covered", "counts"):  # (Z Poker: below)
                np.testing.assert_array_equal(public.dict[name], full.dict[name], name)
        lines = dict(line.split(": ", 1) for line in public.string_from(state, player)
                     .splitlines())
        private_line = "hand" if hasattr(view, "hand") else "card"
        assert lines[private_line] in ("-", "none")  # no card of the player's own
        assert full.string_from(state, player) == state.observation_string(player)
    assert all(shown.values())  # the full observation does show them


def test_public_z_poker_observer_hides_seat_0s_own_face_down_card() -> None:
    game = z_poker_v0.openspiel_game()
    public, full = make_observation(game, PUBLIC), make_observation(game)
    encoding = game.encoding
    found = 0
    for state in _decision_states(game, seed=5, games=4):
        view = state.game_state.view(0)
        own_face_down = [p for p in view.face_down if view.stacks[p]]
        if not own_face_down:
            continue
        card = view.stacks[own_face_down[0]][-1]
        full.set_from(state, 0)
        public.set_from(state, 0)
        d = encoding.move_to_action(f"{card} A") // 8  # the card's deck index
        assert full.dict["tops"].reshape(8, -1)[:, d].any()
        assert not public.dict["tops"].reshape(8, -1)[:, d].any()
        assert not public.dict["covered"][d]
        found += 1
    assert found


@pytest.mark.parametrize("kind", [
    dict(perfect_recall=True),
    dict(perfect_recall=False, public_info=False),
    dict(perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS),
])
def test_observation_types_not_provided_are_refused(kind) -> None:
    game = east_west_v0.openspiel_game()
    with pytest.raises(PokerRulesError, match="provides the player's observation"):
        make_observation(game, pyspiel.IIGObservationType(**kind))


@pytest.mark.parametrize("load, params", THREE_GAMES)
def test_declared_capabilities_match_what_states_answer(load, params) -> None:
    game = load(**params)
    kind = game.get_type()
    assert kind.provides_observation_string and kind.provides_observation_tensor
    assert not kind.provides_information_state_string
    assert not kind.provides_information_state_tensor
    state = next(_decision_states(game, seed=6, games=1))
    assert state.observation_string(0) and len(state.observation_tensor(0))
    with pytest.raises(Exception, match="perfect_recall=True"):
        state.information_state_string(0)
    with pytest.raises(Exception, match="perfect_recall=True"):
        state.information_state_tensor(0)


# --- resampling ------------------------------------------------------------------
RESAMPLED = [
    *THREE_GAMES,
    pytest.param(chinese_poker_v0.openspiel_game, {"players": 2, "open_choice": True},
                 id="chinese_poker_2_open"),
    pytest.param(z_poker_v0.openspiel_game, {"hand_size": 7}, id="z_poker_7"),
]


@pytest.mark.parametrize("load, params", RESAMPLED)
def test_resampled_worlds_keep_what_the_player_sees(load, params) -> None:
    game = load(**params)
    sampler = pyspiel.UniformProbabilitySampler(0, 0.0, 1.0)
    changed = 0
    rng = np.random.default_rng(7)
    for state in _decision_states(game, seed=7):
        for player in range(game.num_players()):
            if player != state.current_player() and "z_poker" in str(game):
                with pytest.raises(PokerRulesError, match="for the player to move"):
                    state.resample_from_infostate(player, sampler)
                continue
            world = state.resample_from_infostate(player, sampler)
            assert world.current_player() == state.current_player()
            assert world.observation_string(player) == state.observation_string(player)
            np.testing.assert_array_equal(world.observation_tensor(player),
                                          state.observation_tensor(player))
            if player == state.current_player():
                assert world.legal_actions() == state.legal_actions()
            changed += (world.game_state.to_json() != state.game_state.to_json()  # a new deal
                        or getattr(world.game_state, "hands", None)  # Chinese Poker's hands
                        != getattr(state.game_state, "hands", None))
        world = state.resample_from_infostate(state.current_player(), sampler)
        while not world.is_terminal():  # a world plays on to its end
            if world.is_chance_node():
                _chance(world, rng)
            else:
                legal = world.legal_actions()
                world.apply_action(legal[int(rng.integers(len(legal)))])
    assert changed  # the hidden cards are dealt again


def test_chinese_poker_worlds_deal_only_unseen_cards() -> None:
    game = chinese_poker_v0.openspiel_game(players=2)
    sampler = pyspiel.UniformProbabilitySampler(1, 0.0, 1.0)
    checked = 0
    for state in _decision_states(game, seed=8):
        truth = state.game_state
        player = state.current_player()
        world = state.resample_from_infostate(player, sampler).game_state
        assert world.hands[player] == truth.hands[player]
        assert world.played == truth.played
        cards = sorted(c for h in world.hands for c in h) + world.played + world.set_aside
        if truth.phase == "play":
            assert sorted(cards) == sorted(CHINESE_POKER_DECK.codes)
            assert [len(h) for h in world.hands] == [len(h) for h in truth.hands]
            checked += 1
    assert checked


def test_resampling_at_a_chance_node_is_refused() -> None:
    state = east_west_v0.openspiel_game().new_initial_state()
    with pytest.raises(PokerRulesError, match="chance node"):
        state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))


# --- the reward model and OpenSpiel's bots ------------------------------------------
def test_reward_model_is_terminal_where_returns_come_at_the_end() -> None:
    terminal = pyspiel.GameType.RewardModel.TERMINAL
    assert east_west_v0.openspiel_game().get_type().reward_model == terminal
    assert z_poker_v0.openspiel_game().get_type().reward_model == terminal
    assert chinese_poker_v0.openspiel_game().get_type().reward_model == terminal
    assert (chinese_poker_v0.openspiel_game(scope="game").get_type().reward_model
            == pyspiel.GameType.RewardModel.REWARDS)


def _play(game, bots, rng: np.random.RandomState) -> list[float]:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    return state.returns()


@pytest.mark.parametrize("load, params", THREE_GAMES)
def test_openspiel_mcts_bot_plays_whole_games(load, params) -> None:
    game = load(**params)
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [mcts.MCTSBot(game, 2.0, 8, evaluator, random_state=rng)
            for _ in range(game.num_players())]
    returns = _play(game, bots, rng)
    assert game.min_utility() <= min(returns) and max(returns) <= game.max_utility()


@pytest.mark.parametrize("load, params", THREE_GAMES)
def test_openspiel_ismcts_bot_plays_whole_games(load, params) -> None:
    game = load(**params)
    rng = np.random.RandomState(2)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8, random_state=rng,
                             use_observation_string=True)
            for _ in range(game.num_players())]
    returns = _play(game, bots, rng)
    assert game.min_utility() <= min(returns) and max(returns) <= game.max_utility()
