"""The Pai Gow round as a game of the shared protocol: its deal and dice as
chance, settings as moves, settlement as the result, saves, old round records, the
agents, the command line and the PettingZoo environment."""

import json
from pathlib import Path

import jsonschema
import numpy as np
import pytest

from pokerrules.chance import EXPLICIT
from pokerrules.cli import main
from pokerrules.errors import (
    ArgumentTypeError,
    GameOverError,
    HouseWayError,
    IllegalMoveError,
    NotYourTurnError,
    PokerRulesError,
)
from pokerrules.paigow import (
    HouseWayAgent,
    OptimalAgent,
    PaiGowRules,
    PaiGowState,
    RandomSetting,
    deal_round,
    house_way,
    is_foul,
    load_house_way,
    load_round,
    new_game,
    optimal_setting,
    parse_move,
    play_round,
    render,
    settings,
    settle,
    way_description,
)
from pokerrules.paigow.game.round_records import round_names, round_record
from pokerrules.runner import play_game
from pokerrules.shuffle import DealStream
from pokerrules.specs import game_spec, game_tools

pytestmark = pytest.mark.fast

BALLYS = "ballys"  # Bally's Atlantic City's posted way
CASINO = PaiGowRules.casino()
GOLDEN = Path(__file__).parent / "golden"
OLD_ROUNDS = sorted([*GOLDEN.glob("paigow_*.json"), *(GOLDEN / "paigow_rounds").glob("*.json")])
SCHEMA = Path(__file__).parents[2] / "docs" / "schemas" / "pai-gow.state.schema.json"


def play_out(state, seed=0):
    rng = np.random.default_rng(seed)
    while not state.is_over:
        moves = state.legal_moves()
        state.play(moves[int(rng.integers(len(moves)))])
    return state


# ------------------------------------------------------------------ the registry and the runner

def test_the_round_is_the_registered_game_pai_gow():
    spec = game_spec("pai-gow")
    assert all(game_spec(name) is spec for name in ("paigow", "PaiGow", "pai_gow_v0",
                                                     "pokerrules.paigow"))
    assert spec.new_game is new_game and spec.parse_move is parse_move
    assert game_tools(spec).render is render
    assert set(game_tools(spec).agents) == {"random", "house", "optimal"}


def test_play_game_pai_gow_seed_3_is_the_round_of_seed_3():
    record = play_game("pai-gow", seed=3)
    assert record == play_game("paigow", seed=3)
    assert record.game == "pai-gow" and record.agents == ("house", "house")
    # the default line-up sets every hand by the house way, the banker (seat 0) last
    deal = deal_round(PaiGowRules(), [1, 2], seed=3)
    assert [m.player for m in record.moves] == [1, 0]
    assert [m.move for m in record.moves] == [str(house_way(deal.hands[2])),
                                              str(house_way(deal.hands[1]))]
    banker, player = (parse_move(m.move) for m in reversed(record.moves))
    assert record.result.scores == (-settle(player, banker).net, settle(player, banker).net)
    assert record.result.detail["dice"] == list(deal.dice)
    seven = play_game("pai-gow", ["random", "house", "random", "optimal", "house", "random",
                                  "house"], seed=3, rules="casino")
    assert len(seven.moves) == 7 and seven.moves[-1].player == 0


@pytest.mark.parametrize("seed", [0, 3, 7, 2**53 - 1])
@pytest.mark.parametrize("occupied", [[1, 2], [1, 3, 6], list(range(1, 8))])
def test_a_seed_deals_the_round_deal_round_deals(seed, occupied):
    state = new_game(seed=seed, occupied=occupied, first_pile=4)
    deal = deal_round(PaiGowRules(), occupied, seed=seed, first_pile=4)
    assert state.dice == deal.dice and state.action == deal.action
    assert state.piles == tuple(deal.pile_of[p] for p in occupied)
    assert state.hands == tuple(tuple(sorted(c.code for c in deal.hands[p])) for p in occupied)
    assert state.deck_order[49:] == [c.code for c in deal.discards]


def test_explicit_chance_driven_by_the_seed_reaches_the_sampled_round():
    sampled = new_game(seed=11, players=4)
    explicit = new_game(players=4, chance=EXPLICIT)
    stream = DealStream(11)
    cards = 0
    while explicit.is_chance_node:
        outcomes = explicit.chance_outcomes()
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        assert explicit.current_player is None and not explicit.is_over
        if explicit.phase == "dice":
            assert [o for o, _ in outcomes] == [1, 2, 3, 4, 5, 6]
        else:
            cards += 1
        explicit.apply_chance(outcomes[stream.below(len(outcomes))][0])
    assert cards == 53 and explicit.dice == sampled.dice and explicit.hands == sampled.hands
    assert play_out(explicit).result() == play_out(sampled).result()


def test_bad_chance_calls_raise_and_change_nothing():
    state = new_game(chance=EXPLICIT)
    for card in list(state.chance_outcomes())[:53]:
        state.apply_chance(card[0])
    assert state.phase == "dice"
    before = state.to_json()
    for outcome, error, match in [(7, IllegalMoveError, "a die shows 1 to 6"),
                                  (0, IllegalMoveError, "a die shows 1 to 6"),
                                  (True, ArgumentTypeError, "its face"),
                                  ("As", ArgumentTypeError, "its face"),
                                  (2.0, ArgumentTypeError, "its face")]:
        with pytest.raises(error, match=match):
            state.apply_chance(outcome)
        assert state.to_json() == before
    state.apply_chance(np.int64(6))
    assert state.dice == (6,)
    with pytest.raises(IllegalMoveError, match="chance node"):
        state.play("As Ks Qs Js Ts / 2c 2d")
    sampled = new_game(seed=1)
    with pytest.raises(IllegalMoveError, match="no chance node"):
        sampled.apply_chance(3)
    with pytest.raises(GameOverError):
        play_out(sampled).apply_chance(3)


@pytest.mark.parametrize(("kwargs", "error", "match"), [
    ({"players": 8}, PokerRulesError, "2 to 7"),
    ({"players": 1}, PokerRulesError, "2 to 7"),
    ({"rules": PaiGowRules(positions=3), "players": 4}, PokerRulesError, "2 to 3"),
    ({"players": 3, "occupied": [1, 2]}, PokerRulesError, "players is 3, but 2 positions"),
    ({"occupied": [2, 3]}, PokerRulesError, "banker's position 1"),
    ({"first_pile": 8}, PokerRulesError, "first_pile"),
    ({"wagers": {3: 1}}, PokerRulesError, "position 3, which holds no player"),
    ({"wagers": {1: 1}}, PokerRulesError, "position 1, which holds no player"),
    ({"wagers": {2: -1}}, PokerRulesError, "finite positive"),
    ({"fouls": 1}, ArgumentTypeError, "fouls"),
    ({"rules": "standard"}, PokerRulesError, "preset"),
    ({"chance": EXPLICIT}, PokerRulesError, "takes no seed"),
])
def test_new_game_refuses_what_no_round_takes(kwargs, error, match):
    with pytest.raises(error, match=match):
        new_game(**{"seed": 1, **kwargs})


# ------------------------------------------------------------------ settings as moves

def test_each_seat_sets_its_hand_the_banker_last_and_sees_only_its_own():
    state = new_game(seed=5, occupied=[1, 4, 6])
    assert state.setting_order == (1, 2, 0)
    assert [state.current_player] == [1]
    view = state.view(1)
    assert view.phase == "set" and view.position == 4 and len(view.hand) == 7
    assert view.set == (False, False, False) and view.settings == (None, None, None)
    first = state.legal_moves()[0]
    with pytest.raises(NotYourTurnError):
        state.play(first, 0)
    record = state.play(first)
    assert record.detail == {"position": 4} and record.move == str(first)
    assert state.view(2).settings == (None, None, None) and state.view(2).set[1]
    assert state.view(1).settings[1] == first
    play_out(state)
    assert [r.player for r in state.history] == [1, 2, 0]
    assert all(s is not None for s in state.view(0).settings)  # turned over at the end


def test_legal_moves_are_the_settings_that_do_not_foul():
    state = new_game(seed=2, players=3)
    hand = state.hands[1]
    assert set(state.choices(1)) == set(settings(hand))
    legal = state.legal_moves()
    assert set(legal) == {s for s in settings(hand) if not is_foul(s)}
    fouling = [s for s in settings(hand) if is_foul(s)]
    assert fouling, "a hand with a fouling setting"
    before = state.to_json()
    with pytest.raises(IllegalMoveError, match="fouls"):
        state.play(fouling[0])
    other = state.choices(2)[0]
    with pytest.raises(IllegalMoveError, match="not in its hand"):
        state.play(other)
    for text in ("As Ks", "As Ks Qs Js / Ts 9s 8s", 3):
        assert not state.can_play(text)
    assert state.to_json() == before
    loose = new_game(seed=2, players=3, fouls=True)
    assert len(loose.legal_moves()) == 21
    loose.play(fouling[0])
    assert loose.history[0].move == str(fouling[0])


def test_the_result_is_each_bet_settled_with_commission():
    state = play_out(new_game(CASINO, seed=9, occupied=[1, 2, 5], wagers={5: 4}), seed=1)
    banker = state.settings[0]
    nets = [settle(state.settings[s], banker, w, CASINO).net
            for s, w in ((1, 1.0), (2, 4.0))]
    result = state.result()
    gross = -sum(w * (1 if n > 0 else -1 if n < 0 else 0) for n, w in zip(nets, (1, 4)))
    banker_net = gross * (1 - CASINO.banker_commission) if gross > 0 else gross
    assert result.scores == pytest.approx((banker_net, *nets))
    assert result.winners == tuple(s for s, n in enumerate(result.scores) if n > 0)
    assert result.detail["settlements"][0] is None
    assert [d["net"] for d in result.detail["settlements"][1:]] == nets
    with pytest.raises(IllegalMoveError, match="not over"):
        new_game(seed=9).result()


# ------------------------------------------------------------------ saves

@pytest.mark.parametrize("stop", [0, 20, 53, 55, 56, 57])
def test_a_round_saved_mid_deal_loads_and_plays_on_as_the_same_round(stop):
    stream = DealStream(4)
    state = new_game(CASINO, players=3, chance=EXPLICIT)
    steps = 0
    while steps < stop and state.is_chance_node:
        outcomes = state.chance_outcomes()
        state.apply_chance(outcomes[stream.below(len(outcomes))][0])
        steps += 1
    if stop == 57:  # past the dice: the first player has set
        state.play(state.legal_moves()[0])
    text = state.to_json()
    jsonschema.validate(json.loads(text), json.loads(SCHEMA.read_text()))
    restored = PaiGowState.from_json(text)
    assert restored.to_json() == text and restored.phase == state.phase
    for game in (state, restored):
        while game.is_chance_node:
            outcomes = game.chance_outcomes()
            game.apply_chance(outcomes[DealStream(8).below(len(outcomes))][0])
        play_out(game, 3)
    assert restored.to_json() == state.to_json()


def test_sampled_saves_match_the_schema_and_name_what_they_refuse():
    schema = json.loads(SCHEMA.read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    state = new_game("casino", seed=6, occupied=[1, 3, 7], wagers={7: 2.5}, first_pile=2)
    state.play(state.legal_moves()[-1])
    text = state.to_json()
    data = json.loads(text)
    jsonschema.validate(data, schema)
    assert data["dealt"].split()[-3:] == [str(d) for d in state.dice]
    assert PaiGowState.from_json(text).to_json() == text
    jsonschema.validate(json.loads(play_out(state).to_json()), schema)
    for edit, match in [
            (lambda d: d.update(dealt=d["dealt"][:-1] + "7"), "dice 1 to 6"),
            (lambda d: d.update(dealt=d["dealt"][:-1] + ("1" if d["dealt"][-1] != "1" else "2")),
             r"saved card 56 \(die .\) is not what the deal stream"),
            (lambda d: d["deal"].update(fouls=None), "fouls"),
            (lambda d: d["deal"].update(wagers=[1.0, 1.0, 2.5]), "null for the banker"),
            (lambda d: d["deal"].update(positions=[1, 7, 3]), "ascending"),
            (lambda d: d["moves"].__setitem__(0, "As Ks Qs Js Ts / 2c 2d"), "saved move 1")]:
        bad = json.loads(text)
        edit(bad)
        with pytest.raises(PokerRulesError, match=match):
            PaiGowState.from_json(json.dumps(bad))


@pytest.mark.parametrize("field", ["commission", "banker_commission"])
def test_a_save_whose_commission_was_edited_is_refused_by_the_scores_it_records(field):
    def pays(state):  # the commission takes from a player's win, or the banker's net win
        scores = state.result().scores
        return max(scores[1:]) > 0 if field == "commission" else scores[0] > 0

    state = next(s for s in (play_out(new_game("casino", seed=seed, players=3), 1)
                             for seed in range(100)) if pays(s))
    data = json.loads(state.to_json())
    last = data["history"][-1]["detail"]
    assert last["scores"] == list(state.result().scores) and last["house"] > 0
    data["deal"]["rules"][field] = 0.25
    with pytest.raises(PokerRulesError, match=r"history record 3 does not match its move"):
        PaiGowState.from_json(json.dumps(data))
    unchanged = json.loads(state.to_json())  # the same save, its rules as they were, loads
    assert PaiGowState.from_json(json.dumps(unchanged)).result() == state.result()


def test_a_clone_is_independent():
    state = new_game(seed=12, players=5)
    copy = state.clone()
    play_out(copy, 1)
    assert state.history == () and state.settings == [None] * 5
    assert play_out(state, 1).to_json() == copy.to_json()


# ------------------------------------------------------------------ old round records

@pytest.mark.parametrize("path", OLD_ROUNDS, ids=lambda p: p.stem)
def test_old_round_records_load_into_the_game(path):
    text = path.read_text()
    data = json.loads(text)
    state = load_round(text)
    assert state.is_over and state.positions == tuple(s["position"] for s in data["seats"])
    assert state.chance == ("explicit" if data["seed"] is None else "sampled")
    assert [str(s) for s in state.settings] == [s["setting"] for s in data["seats"]]
    # the game gives back the very record, and its own save round-trips
    again = round_record(state, data["seed"], round_names(data)).to_json(indent=1) + "\n"
    assert again == text
    assert PaiGowState.from_json(state.to_json()).to_json() == state.to_json()
    scores = state.result().scores
    assert scores[0] == data["banker_net"]
    assert list(scores[1:]) == [s["settlement"]["net"] for s in data["seats"][1:]]


def test_old_records_with_fouls_load_as_rounds_that_allow_them():
    text = (GOLDEN / "paigow_rounds" / "fouls_seed1.json").read_text()
    state = load_round(text)
    assert state.fouls and is_foul(state.settings[0]) and is_foul(state.settings[2])
    assert state.result().detail["banker_foul"]


def test_play_round_is_the_game_played_by_strategies():
    record = play_round(CASINO, {1: None, 3: RandomSetting(4), 6: BALLYS}, seed=8,
                        wagers={3: 2})
    state = load_round(record.to_json())
    assert state.to_json() == load_round(record.to_dict()).to_json()
    assert state.deal_seed == 8 and state.wagers == (None, 2.0, 1.0)


# ------------------------------------------------------------------ agents, levels, the CLI

def test_the_house_agent_sets_by_the_rules_house_way():
    state = new_game("casino", seed=4, players=7)
    agent = HouseWayAgent()
    rng = np.random.default_rng(0)
    while not state.is_over:
        seat = state.current_player
        move = agent.choose(state.view(seat), state.legal_moves(), rng)
        assert move == house_way(state.view(seat).hand, "casino")
        state.play(move)
    with pytest.raises(IllegalMoveError, match="PaiGowView"):
        agent.choose(None, state.choices(0), rng)


def test_the_optimal_agent_sets_the_best_sampled_ev_of_the_seat():
    state = new_game("casino", seed=4, players=2)
    for seat, side in ((1, "player"), (0, "banker")):
        view = state.view(seat)
        move = OptimalAgent(samples=3000).choose(view, state.legal_moves(),
                                                 np.random.default_rng(5))
        best = optimal_setting(view.hand, "casino", "sample", samples=3000,
                               seed=np.random.default_rng(5), seat=side).best.setting
        assert move == best
        state.play(move)


@pytest.mark.slow
def test_the_exact_optimal_agent_sets_the_best_ev_of_the_seat():
    state = new_game("casino", seed=4, players=2)
    view = state.view(1)
    move = OptimalAgent(samples=None).choose(view, state.legal_moves(), np.random.default_rng(0))
    assert move == optimal_setting(view.hand, "casino").best.setting
    state.play(move)
    banker = OptimalAgent(samples=None).choose(state.view(0), state.legal_moves(),
                                               np.random.default_rng(0))
    assert banker == optimal_setting(state.view(0).hand, "casino", seat="banker").best.setting


def test_pokerrules_play_pai_gow(capsys):
    assert main(["play", "pai-gow", "--seed", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    record = play_game("pai-gow", seed=3)
    assert out["moves"] == [m.move for m in record.moves]
    assert out["scores"] == list(record.result.scores)
    assert main(["play", "pai-gow", "--seed", "3", "--players", "4", "--level", "hard"]) == 0
    text = capsys.readouterr().out
    assert "dice" in text and "p3 position 4" in text
    assert main(["play", "pai-gow", "--agents", "random,house,optimal", "--quiet"]) == 0
    assert "scores: player 0" in capsys.readouterr().out


def test_render_shows_a_hand_to_its_seat_only():
    state = new_game(seed=3, players=3)
    table = render(state)
    assert "7 cards, face down" in table and "player 1 sets" in table
    mine = render(state, viewer=1)
    hand = " ".join(str(c) for c in state.view(1).hand)
    assert hand in mine and hand not in table
    with pytest.raises(ArgumentTypeError, match="render draws"):
        render(None)
    explicit = new_game(chance=EXPLICIT)
    assert "chance deals" in render(explicit)


# ------------------------------------------------------------------ the environment

def test_environment_actions_are_the_seat_settings():
    pytest.importorskip("pettingzoo")
    from pokerrules.envs import make_env
    from pokerrules.envs.pai_gow_v0 import PaiGowEncoding

    encoding = PaiGowEncoding("casino", players=3)
    state = encoding.new_game(seed=2)
    seat = state.current_player
    for action, setting in enumerate(state.choices(seat)):
        assert encoding.move_to_action(setting) == action
        assert encoding.move_to_action(str(setting)) == action
        assert encoding.action_to_move(state, action) == setting
    mask = encoding.action_mask(state)
    assert [bool(m) for m in mask] == [not f for f in state.fouling(seat)]
    obs = encoding.observe(state, seat)
    assert obs[:53].sum() == 7 and set(np.flatnonzero(obs[:53])) == set(state.hands[seat])
    world = encoding.world(state, seat, np.random.default_rng(1))
    assert world.view(seat) == state.view(seat) and world.hands != state.hands
    env = make_env("pai-gow", players=3)
    env.reset(seed=2)
    illegal = int(np.flatnonzero(env.last()[0]["action_mask"] == 0)[0])
    before = env.unwrapped.game_state.to_json()
    with pytest.raises(IllegalMoveError, match=f"action {illegal} "):
        env.step(illegal)
    assert env.unwrapped.game_state.to_json() == before


# ------------------------------------------------------- a loaded house way in saves

def _loaded_way(name):
    text = way_description("ballys").replace(
        "way: Bally's Atlantic City", f"way: {name}")
    return load_house_way(text)


@pytest.mark.parametrize("name", ["Mine", "foxwoods"])
def test_a_game_with_a_loaded_way_restores_that_way_from_its_save(name):
    # a loaded way named as a built-in one must not come back as the built-in way
    way = _loaded_way(name)
    state = new_game(PaiGowRules(house_way=way), seed=2)
    text = state.to_json()
    jsonschema.validate(json.loads(text), json.loads(SCHEMA.read_text()))
    restored = PaiGowState.from_json(text)
    assert restored.rules.house_way == way and restored.rules == state.rules
    assert restored.to_json() == text
    for game in (state, restored):
        play_out(game, 3)
    assert restored.to_json() == state.to_json()


def test_a_round_record_with_a_loaded_way_loads_with_that_way():
    way = _loaded_way("foxwoods")
    record = play_round(PaiGowRules(house_way=way), {1: None, 2: None}, seed=7)
    game = load_round(record.to_json())
    assert game.rules.house_way == way
    assert load_round(record.to_dict()).to_json() == game.to_json()


@pytest.mark.parametrize(("edit", "match"), [
    (lambda w: w.update(description=w["description"].replace("two of K", "two of Z")),
     r"<text>, line \d+: rule 'kings in front'"),
    (lambda w: w.update(description="/etc/hostname"), r"<text>, line 1: unknown line '/etc"),
    (lambda w: w.update(name="Other"), "named 'Other' whose description names it"),
    (lambda w: w.update(description=None), "is saved as"),
    (lambda w: w.update(extra=1), "is saved as"),
])
def test_a_tampered_saved_way_is_parsed_and_refused(edit, match):
    state = new_game(PaiGowRules(house_way=_loaded_way("Mine")), seed=2)
    data = json.loads(state.to_json())
    edit(data["deal"]["rules"]["house_way"])
    with pytest.raises(HouseWayError, match=match):
        PaiGowState.from_json(json.dumps(data))
    record = play_round(PaiGowRules(house_way=_loaded_way("Mine")), {1: None, 2: None}, seed=7)
    data = record.to_dict()
    edit(data["rules"]["house_way"])
    with pytest.raises(HouseWayError, match=match):
        load_round(data)
