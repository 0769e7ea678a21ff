"""The shared runner and command line over every game."""

import json

import numpy as np
import pytest

from pokerrules import PokerRulesError, chinese_poker, eastwest, zpoker
from pokerrules.cards import CHINESE_POKER_DECK, STANDARD_DECK
from pokerrules.cli import main
from pokerrules.errors import IllegalMoveError, NotYourTurnError
from pokerrules.records import GameRecord
from pokerrules.runner import RandomAgent, play_game

pytestmark = pytest.mark.fast


@pytest.mark.parametrize("game, agents", [
    (eastwest, ["greedy", "random"]),
    (zpoker, ["random", "greedy"]),
    (chinese_poker, ["greedy", "random", "random"]),
    (chinese_poker, ["random", "random"]),
])
def test_play_game_takes_agent_names_and_the_player_count_from_them(game, agents):
    record = play_game(game, agents, seed=4)
    assert isinstance(record, GameRecord) and record.agents == tuple(agents)
    assert len(record.result.scores) == len(agents)
    again = play_game(game, [game.AGENTS[n]() for n in agents], seed=4)
    assert again.moves == record.moves and again.result == record.result
    json.loads(record.to_json())


def test_play_game_refuses_what_it_cannot_replay():
    with pytest.raises(TypeError, match="int seed"):
        play_game(eastwest, ["random", "random"], seed=np.random.default_rng(1))
    with pytest.raises(PokerRulesError, match="unknown agent"):
        play_game(zpoker, ["random", "wizard"], seed=1)
    with pytest.raises(PokerRulesError):
        play_game(eastwest, ["random"] * 3, seed=1)


def test_human_seat_is_checked_and_not_mixed_with_json(capsys):
    assert main(["play", "east-west", "--human", "2"]) == 2
    assert "no seat 2" in capsys.readouterr().err
    assert main(["play", "z-poker", "--human", "0", "--json"]) == 2
    assert main(["play", "z-poker", "--agents", " random, greedy", "--json"]) == 0


# ------------------------------------------------------------------ saving and restoring
# The saved form is the deal and the moves; from_json plays the moves again, so every
# check of play() guards it. Each game below is played by random agents from a seed.

GAMES = [
    (eastwest, eastwest.EastWestState, 2),
    (zpoker, zpoker.ZPokerState, 2),
    (chinese_poker, chinese_poker.ChinesePokerState, 2),
    (chinese_poker, chinese_poker.ChinesePokerState, 3),
    (chinese_poker, chinese_poker.ChinesePokerState, 4),
]
GAME_IDS = ["eastwest", "zpoker", "chinese2", "chinese3", "chinese4"]


def random_move(state, rng):
    return RandomAgent().choose(state.view(state.current_player), state.legal_moves(), rng)


def started(game, players, seed, moves):
    # Chinese Poker to 10 points: random players take thousands of moves to 100.
    rules = chinese_poker.ChinesePokerRules(target=10) if game is chinese_poker else None
    state = game.new_game(rules, seed=seed, players=players)
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state.play(random_move(state, rng))
    return state


@pytest.mark.slow
@pytest.mark.parametrize("game, cls, players", GAMES, ids=GAME_IDS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_restored_game_continues_identically(game, cls, players, seed):
    # Restore at a random point, then play both on with the same moves, comparing
    # the saved form after every move: random state, hidden cards and redeals agree.
    rng = np.random.default_rng([seed, 7])
    original = started(game, players, seed, int(rng.integers(0, 40)))
    restored = cls.from_json(original.to_json())
    assert restored.to_json() == original.to_json()
    assert restored.history == original.history
    while not original.is_over:
        move = random_move(original, rng)
        assert original.play(move) == restored.play(str(move))
        assert restored.to_json() == original.to_json()
    assert restored.is_over and restored.result() == original.result()
    again = cls.from_json(original.to_json())
    assert again.to_json() == original.to_json() and again.result() == original.result()


@pytest.mark.parametrize("game, cls, players", GAMES, ids=GAME_IDS)
def test_the_saved_form_is_the_deal_and_the_moves(game, cls, players):
    state = started(game, players, 5, 6)
    data = json.loads(state.to_json())
    assert data["format"] == 3 and data["players"] == players
    assert set(data) == {"format", "game", "players", "chance", "deal", "stream", "dealt",
                         "moves", "history"}
    assert data["deal"] == json.loads(started(game, players, 5, 0).to_json())["deal"]
    assert len(data["moves"]) == len(data["history"]) == 6
    # Z Poker's records hide the face-down card; the moves keep it.
    if game is zpoker:
        assert data["history"][0]["move"].startswith("face-down")
        assert data["moves"][0] != data["history"][0]["move"]


def tampered(state, edit):
    data = json.loads(state.to_json())
    edit(data)
    return json.dumps(data)


def refused(cls, text, match=None):
    before = text
    with pytest.raises(PokerRulesError, match=match):
        cls.from_json(text)
    assert text == before


def set_in(path, value):
    def edit(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return edit


@pytest.mark.parametrize("game, cls, players", GAMES, ids=GAME_IDS)
def test_from_json_refuses_malformed_text(game, cls, players):
    state = started(game, players, 3, 4)
    for text in ("nope", "[1, 2]", "null", "[" * 100_000, '{"format": 2}', ""):
        refused(cls, text)
    with pytest.raises(PokerRulesError, match="JSON text"):
        cls.from_json(None)
    for key in ("format", "game", "players", "deal", "moves", "history"):
        refused(cls, tampered(state, lambda d, key=key: d.pop(key)))
    refused(cls, tampered(state, lambda d: d.update(extra=1)), match="keys")
    for value in (True, 1.0, 1, "2", None):
        refused(cls, tampered(state, set_in(["format"], value)), match="format version")
    refused(cls, tampered(state, set_in(["format"], 1)),
            match="^unknown format version 1; this pokerrules reads version 3$")
    for value in (players + 1, float(players), True, None, "2"):
        refused(cls, tampered(state, set_in(["players"], value)))
    for value in (None, [], "x", 7, {"x": 1}):
        refused(cls, tampered(state, set_in(["deal"], value)))
        refused(cls, tampered(state, set_in(["moves"], value)))
        refused(cls, tampered(state, set_in(["history"], value)))
        for key in json.loads(state.to_json())["deal"]:
            refused_or_exact(cls, tampered(state, set_in(["deal", key], value)))
    refused(cls, tampered(state, lambda d: d["deal"].update(extra=1)))
    refused(cls, tampered(state, set_in(["deal", "rules"], [])))


@pytest.mark.parametrize("game, cls, players", GAMES, ids=GAME_IDS)
def test_from_json_refuses_a_history_that_does_not_match_the_moves(game, cls, players):
    state = started(game, players, 4, 5)
    fake = {"player": 7, "move": "nonsense", "detail": {}}
    refused(cls, tampered(state, set_in(["history", 0], fake)), match="history record 1")
    refused(cls, tampered(state, lambda d: d["history"][2].update(x=1)), match="history record 3")
    refused(cls, tampered(state, lambda d: d["history"].pop()), match="one record per move")
    refused(cls, tampered(state, set_in(["history", 1, "player"], True)))
    # a move the rules refuse is named by its number
    refused(cls, tampered(state, set_in(["moves", 3], "nonsense")), match="saved move 4")
    refused(cls, tampered(state, set_in(["moves", 0], 5)), match="moves must be")


def _dealt(edit):
    def change(d):
        cards = d["dealt"].split()
        edit(cards)
        d["dealt"] = " ".join(cards)
    return change


def test_from_json_refuses_impossible_zpoker_deals():
    state = started(zpoker, 2, 1, 3)
    cls = zpoker.ZPokerState
    refused(cls, tampered(state, _dealt(lambda c: c.__setitem__(1, c[0]))), "cannot deal")
    refused(cls, tampered(state, _dealt(lambda c: c.__setitem__(0, "Jk"))), "cannot deal Jk")
    refused(cls, tampered(state, _dealt(lambda c: c.__setitem__(0, "Zz"))))
    refused(cls, tampered(state, _dealt(lambda c: c.pop())),
            "stops before a card|more than it can take")
    refused(cls, tampered(state, _dealt(lambda c: c.append(c[0]))), "more than it can take")
    refused(cls, tampered(state, lambda d: d["deal"]["hands"][0].append(0)), "10 cards")
    refused(cls, tampered(state, lambda d: d["deal"].update(rng={})), "hands and pile")
    refused(cls, tampered(state, lambda d: d.update(stream={})), "stream")
    refused(cls, tampered(state, lambda d: d.update(stream={"seed": 2**53, "drawn": 0})),
            "2\\*\\*53")
    refused(cls, tampered(state, lambda d: d["stream"].update(drawn=1.0)), "stream")
    refused(cls, tampered(state, lambda d: d.update(chance="explicit")), "no stream")
    refused(cls, tampered(state, lambda d: d.update(chance="later")), "sampled")
    refused(cls, tampered(state, lambda d: d["deal"]["rules"].update(hand_size=10.0)))
    refused(cls, tampered(state, lambda d: d["deal"]["rules"]["deck"].update(codes=[0] * 52)),
            "twice|duplicate")
    refused(cls, tampered(state, lambda d: d["deal"]["rules"].update(x=1)))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_from_json_refuses_impossible_chinese_poker_deals(players):
    state = started(chinese_poker, players, 1, 3)
    cls = chinese_poker.ChinesePokerState
    cut = len(json.loads(state.to_json())["dealt"].split()) - 48  # the cut's cards first
    refused(cls, tampered(state, _dealt(lambda c: c.__setitem__(cut + 1, c[cut]))),
            "cannot deal")
    refused(cls, tampered(state, _dealt(lambda c: c.__setitem__(cut, "2c"))), "cannot deal 2c")
    refused(cls, tampered(state, _dealt(lambda c: c.pop())),
            "stops before a card|more than it can take")
    refused(cls, tampered(state, lambda d: d["deal"].update(hands=[])), "only rules")
    refused(cls, tampered(state, lambda d: d["deal"]["rules"].update(x=1)))
    refused(cls, tampered(state, lambda d: d["deal"]["rules"].update(target=0)))


#: What each value of a saved game is replaced with, in turn.
TAMPERED: list[object] = [None, True, False, 0, 1, -1, 2, 3, 51, 52, 99, 10**30, 1.5, "x",
                          "row 0", "pass", [], [0], {}, {"x": 1}, [[[]]]]


def restored_when_tampered(game, cls, players, every):
    """Replaces each value of a saved game (every ``every``-th, in the order of the
    text) with each of TAMPERED: from_json either refuses it with a PokerRulesError
    or gives a game that saves back to exactly that text. Returns how many it gave."""
    state = started(game, players, 6, 9)
    paths = []

    def walk(node, path):
        paths.append(path)
        items = node.items() if isinstance(node, dict) else enumerate(node) \
            if isinstance(node, list) else ()
        for key, child in items:
            walk(child, [*path, key])
    walk(json.loads(state.to_json()), [])
    return sum(refused_or_exact(cls, tampered(state, set_in(path, value)))
               for path in paths[1::every] for value in TAMPERED)


@pytest.mark.parametrize("game, cls, players", GAMES, ids=GAME_IDS)
def test_tampered_json_is_refused_or_restored_exactly(game, cls, players):
    # every third value: a rule flipped, a cut dropped, an empty hand, ... restore
    assert restored_when_tampered(game, cls, players, every=3) >= 5


@pytest.mark.slow
@pytest.mark.parametrize("game, cls, players", GAMES, ids=GAME_IDS)
def test_every_tampered_value_is_refused_or_restored_exactly(game, cls, players):
    assert restored_when_tampered(game, cls, players, every=1) >= 20


@pytest.mark.parametrize("game, cls, players", GAMES, ids=GAME_IDS)
def test_every_saved_number_is_an_int_exactly(game, cls, players):
    # 0.0 or False compare equal to 0, yet a game restored from them would save them
    # back: each int of a saved game, made a float or a bool, is refused
    state = started(game, players, 6, 9)
    saved = json.loads(state.to_json())
    paths = []

    def walk(node, path):
        if type(node) is int:
            paths.append(path)
        items = node.items() if isinstance(node, dict) else enumerate(node) \
            if isinstance(node, list) else ()
        for key, child in items:
            walk(child, [*path, key])
    walk(saved, [])
    assert len(paths) >= 5  # format, players, the stream's seed, the rules, moves
    for path in paths:
        value = saved
        for key in path:
            value = value[key]
        for other in [float(value), *([bool(value)] if value in (0, 1) else [])]:
            refused(cls, tampered(state, set_in(path, other)))


def refused_or_exact(cls, text):
    """from_json refuses ``text`` (False) or restores a game that saves back to it
    exactly (True; an East-West deal may, say, drop its cut: a dealer given by hand
    is a deal)."""
    try:
        restored = cls.from_json(text)
    except PokerRulesError:
        return False
    assert restored.to_json() == json.dumps(json.loads(text), sort_keys=True,
                                            separators=(",", ":"))
    return True


@pytest.mark.parametrize("game, cls, players", GAMES, ids=GAME_IDS)
def test_records_and_results_share_nothing_with_the_state(game, cls, players):
    state = started(game, players, 8, 2)
    before = state.to_json()
    record = state.play(state.legal_moves()[0])
    after = state.to_json()
    record.detail["x"] = 1
    for r in state.history:
        r.detail.clear()
    assert state.to_json() == after != before
    while not state.is_over:
        state.play(state.legal_moves()[0])
    result = state.result()
    saved = state.to_json()
    for value in result.detail.values():
        if isinstance(value, list):
            value.append(99)
            for item in value:
                if isinstance(item, dict):
                    item.clear()
    result.detail.clear()
    assert state.result() != result and state.to_json() == saved


# ------------------------------------------------------------------ odd arguments

ODD_MOVES = [None, 5, 1.5, b"row 0", ["row", 0], "row " + "9" * 5000, "9" * 5000,
             "choose \u00b2", "choose " + "9" * 5000, "\u00b2", "Kh \u00b2", ""]


@pytest.mark.parametrize("game, cls, players", GAMES, ids=GAME_IDS)
def test_odd_move_texts_are_illegal_moves(game, cls, players):
    state = started(game, players, 2, 1)
    before = state.to_json()
    for move in ODD_MOVES:
        assert not state.can_play(move)
        with pytest.raises(PokerRulesError):
            state.play(move)
        if isinstance(move, str) or move is None:
            with pytest.raises(PokerRulesError):
                game.parse_move(move)
    assert state.to_json() == before


@pytest.mark.parametrize("game, cls, players", GAMES, ids=GAME_IDS)
def test_the_player_argument_is_a_seat_number(game, cls, players):
    state = started(game, players, 2, 1)
    current, move = state.current_player, state.legal_moves()[0]
    before = state.to_json()
    for player in (str(current), float(current), bool(current), [current]):
        assert not state.can_play(move, player)
        with pytest.raises(NotYourTurnError, match="no seat"):
            state.play(move, player)
    assert state.to_json() == before
    assert state.clone().play(move, np.int64(current)).player == current
    view = state.view(np.int64(current))
    assert type(view.player) is int and view.player == current
    with pytest.raises(PokerRulesError):
        state.view(True)
    with pytest.raises(PokerRulesError):
        game.new_game(seed=1, players=float(players))


@pytest.mark.parametrize("game, cls, players", GAMES, ids=GAME_IDS)
def test_agents_refuse_what_no_game_offers_them(game, cls, players):
    state = started(game, players, 2, 1)
    view = state.view(state.current_player)
    rng = np.random.default_rng(0)
    foreign = {eastwest: zpoker.parse_move("Kh A"), zpoker: eastwest.Place(0),
               chinese_poker: eastwest.Place(0)}[game]
    other_view = (zpoker if game is not zpoker else eastwest).new_game(seed=1).view(0)
    for name, agent_type in game.AGENTS.items():
        agent = agent_type(10) if name == "montecarlo" else agent_type()
        for moves in ([], ()):
            with pytest.raises(IllegalMoveError):
                agent.choose(view, moves, rng)
        if name != "random":  # the random agent reads no move, so it cannot tell
            with pytest.raises(IllegalMoveError):
                agent.choose(view, [foreign], rng)
            with pytest.raises(IllegalMoveError):
                agent.choose(other_view, state.legal_moves(), rng)
        assert agent.choose(view, state.legal_moves(), rng) in state.legal_moves()


def test_game_agents_refuse_moves_their_view_cannot_make():
    rng = np.random.default_rng(0)
    e = eastwest.new_game(seed=1)
    for agent in (eastwest.GreedyAgent(), eastwest.MonteCarloAgent(10)):
        with pytest.raises(IllegalMoveError):
            agent.choose(e.view(e.current_player), [eastwest.Place(5), eastwest.Place(0)], rng)
    c = chinese_poker.new_game(seed=1, players=4)
    cv = c.view(c.current_player)
    not_held = next(m for m in chinese_poker.legal_plays(
        [x for x in CHINESE_POKER_DECK.codes if x not in cv.hand]) if m.cards)
    for moves in ([chinese_poker.Move.of("3c 4d")], [chinese_poker.ChooseHand(0)], [not_held]):
        with pytest.raises(IllegalMoveError):
            chinese_poker.GreedyAgent().choose(cv, moves, rng)
    z = zpoker.new_game(seed=1)
    not_held = next(c for c in STANDARD_DECK.cards if c not in z.hand(0))
    with pytest.raises(IllegalMoveError):
        zpoker.GreedyAgent().choose(z.view(0), [zpoker.Placement(not_held, "A")], rng)


def test_play_game_checks_its_agents_and_max_moves_first():
    for agents, match in (([None, None], "agent 0"), ("random", "list"),
                          ([eastwest.GreedyAgent, eastwest.GreedyAgent], r"GreedyAgent\(\)"),
                          ([eastwest.GreedyAgent(), object()], "agent 1")):
        with pytest.raises(PokerRulesError, match=match):
            play_game(eastwest, agents, seed=1)
    for max_moves in (None, 0, 1.5, True):
        with pytest.raises(PokerRulesError, match="max_moves"):
            play_game(eastwest, ["random"] * 2, seed=1, max_moves=max_moves)


def test_zpoker_rules_and_decks_are_validated():
    with pytest.raises(PokerRulesError, match="ZPokerRules"):
        zpoker.new_game(eastwest.EastWestRules(), seed=1)
    with pytest.raises(PokerRulesError, match="ZPokerRules"):
        zpoker.ZPokerState.from_cards("2c", "3c", rules="x", seed=1)
    with pytest.raises(PokerRulesError, match="Deck"):
        zpoker.ZPokerRules(deck="standard")


def test_chinese_poker_state_checks_its_arguments():
    rules = chinese_poker.ChinesePokerRules()
    for players in (0, 1, 5, 7, 2.0, True):
        with pytest.raises(PokerRulesError, match="2, 3 or 4"):
            chinese_poker.ChinesePokerState(rules, players)
    with pytest.raises(PokerRulesError, match="ChinesePokerRules"):
        chinese_poker.ChinesePokerState("rules", 4)


class OddText(str):
    """Text whose methods lie: only its characters may be read."""

    def __str__(self):
        return "pass"

    def lower(self):
        return "pass"

    def strip(self, *args):
        return "pass"

    def split(self, *args):
        return ["pass"]


@pytest.mark.parametrize("game, cls, players", GAMES, ids=GAME_IDS)
def test_move_text_may_be_numpy_text(game, cls, players):
    state = started(game, players, 3, 4)
    for move in state.legal_moves()[:5]:
        text = str(move)
        from_numpy = np.array([text])[0]
        assert type(from_numpy) is np.str_
        assert game.parse_move(from_numpy) == game.parse_move(OddText(text)) == \
            game.parse_move(text)
        assert state.can_play(from_numpy)
        assert state.clone().play(from_numpy) == state.clone().play(text)


@pytest.mark.parametrize("game, cls, players", GAMES, ids=GAME_IDS)
@pytest.mark.parametrize("text", ["x" * 5000, "9s " * 2000, "row " + "1" * 5000,
                                  "Kh " + "A" * 5000, "choose " + "1" * 5000, "\u00df" * 5000])
def test_a_long_move_text_is_cut_short_in_messages(game, cls, players, text):
    state = started(game, players, 3, 4)
    before = state.to_json()
    with pytest.raises(PokerRulesError) as info:
        state.play(text)
    assert len(str(info.value)) < 300, str(info.value)[:300]
    with pytest.raises(PokerRulesError) as info:
        game.parse_move(text) if text.startswith(("row", "Kh", "choose")) else state.play(text)
    assert len(str(info.value)) < 300
    assert state.to_json() == before
