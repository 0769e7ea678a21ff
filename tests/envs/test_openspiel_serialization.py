"""OpenSpiel serialization of the games: ``state.serialize()`` writes the history of
actions, one int a line, and ``game.deserialize_state`` replays it, every action
checked; nothing in the text is unpickled or run, and a resampled world does not
serialize."""

from __future__ import annotations

import base64
import pickle
import re
from pathlib import Path

import numpy as np
import pytest

from pokerrules.envs import chinese_poker_v0, east_west_v0, z_poker_v0
from pokerrules.errors import ArgumentTypeError, IllegalMoveError, PokerRulesError

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed")

from pokerrules.envs import spiel  # noqa: E402

pytestmark = pytest.mark.fast

GAMES = [
    pytest.param(east_west_v0.openspiel_game, {}, id="east_west"),
    pytest.param(z_poker_v0.openspiel_game, {"hand_size": 7}, id="z_poker_7"),
    pytest.param(chinese_poker_v0.openspiel_game, {"players": 3}, id="chinese_poker_3"),
    pytest.param(chinese_poker_v0.openspiel_game,
                 {"players": 2, "scope": "game", "target": 5}, id="chinese_poker_2_game"),
]


def _played(game, seed: int, steps: int | None = None):
    """A state after ``steps`` random actions (None: to the end)."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    while not state.is_terminal() and (steps is None or len(state.history()) < steps):
        legal = ([a for a, _ in state.chance_outcomes()] if state.is_chance_node()
                 else state.legal_actions())
        state.apply_action(legal[int(rng.integers(len(legal)))])
    return state


@pytest.mark.parametrize("load, params", GAMES)
def test_serialize_writes_the_history_and_deserialize_state_replays_it(load, params) -> None:
    game = load(**params)
    for steps in (0, 1, 9, 40, None):
        state = _played(game, seed=steps or 0, steps=steps)
        text = state.serialize()
        assert text == "".join(f"{a}\n" for a in state.history())
        for loader in (game, pyspiel.load_game(str(game))):
            again = loader.deserialize_state(text)
            assert again.history() == state.history()
            assert again.game_state.to_json() == state.game_state.to_json()
            assert str(again) == str(state) and again.is_terminal() == state.is_terminal()
            assert again.returns() == state.returns() and again.rewards() == state.rewards()
        # The last line's newline may be left out, as OpenSpiel's own reader allows.
        assert game.deserialize_state(text.rstrip("\n")).history() == state.history()


class _Touch:
    """Unpickled, it creates a file (what a crafted payload could do)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __reduce__(self):
        return Path.touch, (self.path,)


def test_a_pickle_payload_is_refused_and_never_run(tmp_path) -> None:
    game = east_west_v0.openspiel_game()
    mark = tmp_path / "ran"
    payload = base64.b64encode(pickle.dumps({"_core": _Touch(mark)})).decode()
    state = _played(game, seed=1, steps=5)
    history = ",".join(f"-1:{a}" for a in state.history())
    for text in (f"history={history}\nmove_number=5\n__dict__={payload}",
                 f"history=\nmove_number=0\n__dict__={payload}",
                 state.serialize() + f"__dict__={payload}\n",
                 payload):
        with pytest.raises(PokerRulesError, match=r"^deserialize_state: line \d+, .* is no "
                                                  r"action; a serialized state is its history"):
            game.deserialize_state(text)
    assert not mark.exists()


def test_serialized_text_mixed_with_other_content_is_refused() -> None:
    game = z_poker_v0.openspiel_game()
    text = _played(game, seed=2, steps=30).serialize()
    lines = text.splitlines()
    for bad in (text + "x\n", text + "\n", "\n" + text, text.replace("\n", ",", 3),
                text.replace("\n", "\r\n"), " " + text, "+" + text, text + "-1\n",
                text + "1_0\n", text + "\uff13\n", text + "0x1f\n", text + "1.0\n", "0" + text,
                text + "9" * 40 + "\n"):
        with pytest.raises(PokerRulesError, match=r"^deserialize_state: "):
            game.deserialize_state(bad)
    # Actions that are no action of the game where they stand.
    for line, action in ((1, "52"), (len(lines), "99999")):
        bad = "\n".join([*lines[:line - 1], action, *lines[line:]])
        with pytest.raises(IllegalMoveError, match=rf"^the history's action {line}, {action}, "
                                                   rf"is not legal at "):
            game.deserialize_state(bad)
    dealt_twice = "\n".join(lines[:2] + lines[1:2])
    with pytest.raises(IllegalMoveError, match=r"action 3, \d+, is not legal at a chance node"):
        game.deserialize_state(dealt_twice)
    # One action more than the game holds: the end of a game goes no further.
    over = _played(game, seed=3)
    with pytest.raises(IllegalMoveError, match="is not legal: the game is over"):
        game.deserialize_state(over.serialize() + "0\n")
    # Longer than the longest game, refused before any replay.
    with pytest.raises(PokerRulesError, match=r"more lines than the longest game"):
        game.deserialize_state("0\n" * (game.max_game_length() + 1))
    for value in (None, b"0\n", 5, ["0"]):
        with pytest.raises(ArgumentTypeError, match=r"^deserialize_state takes the text of "):
            game.deserialize_state(value)


def test_a_resampled_world_does_not_serialize() -> None:
    game = chinese_poker_v0.openspiel_game(players=2)
    state = _played(game, seed=4, steps=60)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    world = state.resample_from_infostate(state.current_player(),
                                          pyspiel.UniformProbabilitySampler(0.0, 1.0))
    for write in (world.serialize, lambda: pickle.dumps(world),
                  lambda: pyspiel.serialize_game_and_state(game, world)):
        with pytest.raises(PokerRulesError, match="a resampled world is for search"):
            write()


def test_a_pickled_history_is_replayed_checked() -> None:
    game = east_west_v0.openspiel_game()
    state = _played(game, seed=5, steps=12)
    assert spiel._replayed(game, state.history()).history() == state.history()
    history = state.history()
    for bad, error in (([*history, 7], IllegalMoveError), (["1"], ArgumentTypeError),
                       ([True], ArgumentTypeError), ([*history[:3], history[2]], IllegalMoveError)):
        with pytest.raises(error):
            spiel._replayed(game, bad)
    # A state pickles as its game and history: a pickle of another history is
    # replayed checked too.
    class Tampered:
        def __reduce__(self):
            return spiel._replayed, (game, ["1", *history])

    with pytest.raises(ArgumentTypeError, match=r"the history's action 1 is no int"):
        pickle.loads(pickle.dumps(Tampered()))


def test_openspiels_generic_serialization_still_round_trips_trusted_text() -> None:
    # (pyspiel.serialize_game_and_state pickles a Python state's attributes, as
    # OpenSpiel does for every Python game: for trusted text only.)
    game = chinese_poker_v0.openspiel_game(players=2)
    state = _played(game, seed=6, steps=50)
    again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
    assert again.history() == state.history() and str(again) == str(state)
    assert re.fullmatch(r"(\d+\n)*", again.serialize())
