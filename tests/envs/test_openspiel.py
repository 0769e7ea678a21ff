"""The OpenSpiel games: OpenSpiel's random simulation test with serialization,
chance nodes, observations and the shipped agents as bots."""

from __future__ import annotations

import inspect
import pickle

import numpy as np
import pytest

from pokerrules import chinese_poker, eastwest, zpoker
from pokerrules.envs import chinese_poker_v0, east_west_v0, z_poker_v0

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed: pip install "
                              ".[rl] in a checkout (wheels exist for CPython 3.10 to 3.13)")
if "chance" not in inspect.signature(eastwest.new_game).parameters:
    pytest.skip("the games have no explicit chance (new_game(..., chance='explicit')) yet",
                allow_module_level=True)

from pokerrules.envs.spiel import AgentBot  # noqa: E402
from pokerrules.errors import IllegalMoveError  # noqa: E402

GAMES = [
    pytest.param(east_west_v0.openspiel_game, {}, id="east_west"),
    pytest.param(east_west_v0.openspiel_game, {"win_rule": "two_rows"}, id="east_west_two_rows"),
    pytest.param(z_poker_v0.openspiel_game, {}, id="z_poker"),
    pytest.param(chinese_poker_v0.openspiel_game, {"players": 2}, id="chinese_poker_2"),
    pytest.param(chinese_poker_v0.openspiel_game, {"players": 3}, id="chinese_poker_3"),
    pytest.param(chinese_poker_v0.openspiel_game, {"players": 4}, id="chinese_poker_4"),
    pytest.param(chinese_poker_v0.openspiel_game,
                 {"players": 3, "scope": "game", "target": 4}, id="chinese_poker_3_game"),
]


@pytest.mark.parametrize("load, params", GAMES)
def test_random_sim_test_with_serialization(load, params) -> None:
    game = load(**params)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("load, params", GAMES)
def test_chance_nodes_and_observations(load, params) -> None:
    game = load(**params)
    again = pyspiel.load_game(str(game))  # loads by name and parameters
    assert str(again) == str(game)
    state = game.new_initial_state()
    assert state.is_chance_node()
    rng = np.random.default_rng(1)
    chance_steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            assert all(0 <= a < 52 for a, _ in outcomes)
            action = outcomes[int(rng.integers(len(outcomes)))][0]
            chance_steps += 1
        else:
            player = state.current_player()
            legal = state.legal_actions()
            encoding = game.encoding
            np.testing.assert_array_equal(
                state.observation_tensor(player),
                encoding.observe(state.game_state, player))
            assert legal == encoding.legal_actions(state.game_state)
            action = legal[int(rng.integers(len(legal)))]
        state.apply_action(action)
    assert chance_steps > 0
    returns = state.returns()
    assert len(returns) == game.num_players()
    assert game.min_utility() <= min(returns) and max(returns) <= game.max_utility()
    assert len(state.history()) <= game.max_game_length()
    copy = pickle.loads(pickle.dumps(state))
    assert copy.history() == state.history() and str(copy) == str(state)


@pytest.mark.parametrize("module, load, params, agents", [
    (eastwest, east_west_v0.openspiel_game, {}, ("greedy", "random")),
    (zpoker, z_poker_v0.openspiel_game, {}, ("greedy", "random")),
    (chinese_poker, chinese_poker_v0.openspiel_game, {"players": 3},
     ("greedy", "random", "random")),
])
def test_agents_as_bots(module, load, params, agents) -> None:
    from open_spiel.python.algorithms import evaluate_bots

    game = load(**params)
    bots = [AgentBot(game, i, module.AGENTS[name](), seed=i) for i, name in enumerate(agents)]
    returns = [evaluate_bots.evaluate_bots(game.new_initial_state(), bots,
                                           np.random.RandomState(seed)) for seed in range(4)]
    assert all(len(r) == len(agents) for r in returns)


def test_illegal_actions_are_refused() -> None:
    game = east_west_v0.openspiel_game()
    state = game.new_initial_state()
    rng = np.random.default_rng(0)  # (always the first card would tie the cut forever)
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
    # OpenSpiel's own apply_action stops the process on an illegal action; the
    # game's step underneath raises the library's error and changes nothing.
    before = str(state)
    with pytest.raises(IllegalMoveError, match="action 7 does not exist"):
        state._apply_action(7)
    assert str(state) == before


def test_agent_bot_is_made_as_openspiel_bots_are() -> None:
    import doctest

    from pokerrules.envs import spiel
    from pokerrules.errors import ArgumentTypeError, PokerRulesError

    game = east_west_v0.openspiel_game()
    bot = AgentBot(game, 1, eastwest.GreedyAgent(), seed=1)
    assert bot.player_id() == 1
    state = game.new_initial_state()
    rng = np.random.default_rng(4)
    while state.is_chance_node() or state.current_player() != 1:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
        else:
            state.apply_action(state.legal_actions()[0])
    assert bot.step(state) in state.legal_actions()
    state.apply_action(state.legal_actions()[0])
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    with pytest.raises(IllegalMoveError, match="the bot plays player 1, but player 0"):
        bot.step(state)
    with pytest.raises(ArgumentTypeError, match=r"takes \(game, player_id, agent, seed=0\)"):
        AgentBot(eastwest.GreedyAgent(), 0, eastwest.GreedyAgent(), seed=1)
    with pytest.raises(ArgumentTypeError, match="pokerrules OpenSpiel game"):
        AgentBot(pyspiel.load_game("kuhn_poker"), 0, eastwest.GreedyAgent())
    for player in (2, -1, "0", None):
        with pytest.raises(PokerRulesError, match="there is no player"):
            AgentBot(game, player, eastwest.GreedyAgent())  # type: ignore[arg-type]
    with pytest.raises(PokerRulesError, match="no agent"):
        AgentBot(game, 0, eastwest.GreedyAgent)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="pokerrules OpenSpiel state"):
        bot.step(None)  # type: ignore[arg-type]
    # The docstring's example: two bots through OpenSpiel's evaluate_bots.
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner()
    for test in finder.find(spiel.AgentBot, "AgentBot", globs={}):
        runner.run(test)
    assert runner.summarize(verbose=False) == (0, 8)



@pytest.mark.parametrize("load, params", GAMES)
def test_observation_string_is_readable_text_with_cards_as_cards(load, params) -> None:
    from pokerrules import Card

    game = load(**params)
    rng = np.random.default_rng(5)
    with_cards = 0
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
            continue
        player = state.current_player()
        text = state.observation_string(player)
        view = state.game_state.view(player)
        assert "View(" not in text and "Card(" not in text and "<" not in text
        lines = dict(line.split(": ", 1) for line in text.splitlines())
        names = view._fields if hasattr(view, "_fields") else list(vars(view))
        assert list(lines) == list(names)  # a line a field, in the view's order
        name = "hand" if "hand" in lines else "card"
        own = getattr(view, name)
        own = () if own is None else own if isinstance(own, tuple) else (own,)
        # the player's own cards as the cards' text ("As Kd"), codes or Cards alike
        assert lines[name] == (" ".join(str(Card(c)) for c in own) if own else
                               "-" if name == "hand" else "none")
        with_cards += bool(own)
        assert text == state.observation_string(player)  # the same text each time
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert with_cards > 3
