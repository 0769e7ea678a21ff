"""The shared protocol across the three turn-based games: explicit chance against
sampled chance, copies, deals pinned to seeds, and saves any JSON reader keeps."""

import json
from pathlib import Path

import jsonschema
import numpy as np
import pytest

from pokerrules import chinese_poker, eastwest, zpoker
from pokerrules.cards import PIQUET_DECK, STANDARD_DECK, Card, format_cards
from pokerrules.chance import EXPLICIT, SAMPLED
from pokerrules.errors import ArgumentTypeError, GameOverError, IllegalMoveError, PokerRulesError
from pokerrules.runner import play_game
from pokerrules.shuffle import DealStream

pytestmark = pytest.mark.fast

SCHEMAS = Path(__file__).parents[1] / "docs" / "schemas"
SHORT_CHINESE = chinese_poker.ChinesePokerRules(target=10)  # several rounds, not dozens

# (module, players, rules, agents, seed): Z Poker seed 5 ties twice for the lead
# with greedy agents; Chinese Poker to 10 points plays more than one round.
GAMES = {
    "east-west": (eastwest, 2, None, ("greedy", "random"), 3),
    "z-poker": (zpoker, 2, None, ("greedy", "greedy"), 5),
    "chinese-poker-2": (chinese_poker, 2, SHORT_CHINESE, ("greedy", "random"), 4),
    "chinese-poker-4": (chinese_poker, 4, SHORT_CHINESE, ("random",) * 4, 8),
}


def seen_cards(game, view):
    """Every card code a view shows."""
    if game is eastwest:
        cards = [*view.board, *(c for side in view.rows for row in side for c in row)]
        return {*cards, *([] if view.card is None else [view.card])}
    if game is zpoker:
        return {c.code for c in view.hand} | {c.code for s in view.stacks.values() for c in s}
    piles = [c for pile in view.piles if pile is not None for c in pile]
    return {*view.hand, *view.played, *piles}


def resolve_chance(game, state, stream):
    """Deals at every chance node the card a sampled game would draw, checking the
    outcomes on the way; returns how many cards were dealt."""
    dealt = 0
    while state.is_chance_node:
        outcomes = state.chance_outcomes()
        cards = [card for card, _ in outcomes]
        assert sum(p for _, p in outcomes) == pytest.approx(1.0, abs=1e-12)
        assert len({p for _, p in outcomes}) == 1  # every undealt card equally likely
        assert [c.code for c in cards] == sorted({c.code for c in cards})
        seen = set().union(*(seen_cards(game, state.view(p)) for p in range(state.players)))
        assert not seen & {c.code for c in cards}, "an outcome every player can see"
        assert state.current_player is None and not state.is_over
        with pytest.raises(IllegalMoveError, match="chance node"):
            state.legal_moves()
        state.apply_chance(cards[stream.below(len(cards))])
        dealt += 1
    return dealt


@pytest.mark.parametrize("name", sorted(GAMES))
def test_explicit_chance_driven_by_the_seed_reaches_the_sampled_end(name):
    game, players, rules, names, seed = GAMES[name]
    record = play_game(game, list(names), seed=seed, rules=rules)
    state = game.new_game(rules, players=players, chance=EXPLICIT)
    assert state.chance == EXPLICIT and state.is_chance_node and state.current_player is None
    stream = DealStream(seed)
    agents = [game.AGENTS[n]() for n in names]
    agent_rng = np.random.default_rng([seed, 1])  # as play_game seeds the agents
    dealt = resolve_chance(game, state, stream)
    while not state.is_over:
        player = state.current_player
        state.play(agents[player].choose(state.view(player), state.legal_moves(), agent_rng))
        dealt += resolve_chance(game, state, stream)
    assert [r.__dict__ for r in state.history] == [r.__dict__ for r in record.moves]
    assert state.result() == record.result
    assert dealt == len(json.loads(state.to_json())["dealt"].split())
    if game is zpoker:
        assert state.deals == 3  # two ties for the lead: the whole deck dealt again twice
    if game is chinese_poker:
        assert len(state.rounds) >= 2  # a new round's deal came from chance too
    restored = type(state).from_json(state.to_json())
    assert restored.to_json() == state.to_json() and restored.chance == EXPLICIT


def test_views_at_a_chance_node_show_no_card_to_come():
    state = eastwest.new_game(dealer=0, chance=EXPLICIT)
    for card in ("As", "Kd", "7c"):  # the board
        state.apply_chance(card)
    assert state.is_chance_node and state.board == tuple(Card(c).code for c in "As Kd 7c".split())
    views = [state.view(p) for p in (0, 1)]
    assert all(v.card is None and v.to_move is None and v.stock_count == 29 for v in views)
    state.apply_chance("Qh")  # East, the non-dealer, draws the queen
    assert state.view(1).card == Card("Qh").code and state.view(0).card is None


def bad_calls_change_nothing(state, calls):
    before = state.to_json()
    for call, error, match in calls:
        with pytest.raises(error, match=match):
            call()
        assert state.to_json() == before


@pytest.mark.parametrize("name", sorted(GAMES))
def test_bad_chance_calls_raise_and_change_nothing(name):
    game, players, rules, _, seed = GAMES[name]
    explicit = game.new_game(rules, players=players, chance=EXPLICIT)
    first = explicit.chance_outcomes()[0][0]
    explicit.apply_chance(first)
    pending = explicit.is_chance_node
    calls = [
        (lambda: explicit.apply_chance("Jk"), IllegalMoveError, "cannot deal Jk"),
        (lambda: explicit.apply_chance("As Kd"), IllegalMoveError, "one card"),
        (lambda: explicit.apply_chance("nonsense"), IllegalMoveError, "no card"),
        (lambda: explicit.apply_chance(None), ArgumentTypeError, "outcome"),
        (lambda: explicit.apply_chance(99), IllegalMoveError, "no card"),
    ]
    if game is not eastwest or not pending:  # East-West's cut gives every card back
        calls.append((lambda: explicit.apply_chance(first), IllegalMoveError, "cannot deal"))
    if pending:
        calls.append((lambda: explicit.play("pass"), IllegalMoveError, "chance node"))
    bad_calls_change_nothing(explicit, calls)
    sampled = game.new_game(rules, seed=seed, players=players)
    bad_calls_change_nothing(sampled, [
        (lambda: sampled.apply_chance(first), IllegalMoveError, "no chance node"),
        (sampled.chance_outcomes, IllegalMoveError, "no chance node"),
    ])
    finished = game.new_game(rules, seed=seed, players=players)
    rng = np.random.default_rng(0)
    while not finished.is_over:
        moves = finished.legal_moves()
        finished.play(moves[int(rng.integers(len(moves)))])
    bad_calls_change_nothing(finished, [
        (lambda: finished.apply_chance(first), GameOverError, "over"),
        (finished.chance_outcomes, GameOverError, "over"),
    ])


@pytest.mark.parametrize(("kwargs", "match"), [
    ({"chance": "later"}, "sampled' or 'explicit"),
    ({"chance": EXPLICIT, "seed": 3}, "takes no seed"),
    ({"chance": SAMPLED}, "seed"),
    ({"seed": 2**53}, "2\\*\\*53"),
    ({"seed": -1}, "seed"),
])
@pytest.mark.parametrize("game", [eastwest, zpoker, chinese_poker])
def test_new_game_checks_seed_and_chance(game, kwargs, match):
    with pytest.raises(PokerRulesError, match=match):
        game.new_game(**kwargs)


def mid_game(game, players, rules, seed):
    state = game.new_game(rules, seed=seed, players=players)
    rng = np.random.default_rng(seed)
    for _ in range(12):
        moves = state.legal_moves()
        state.play(moves[int(rng.integers(len(moves)))])
    return state


def play_out(state, seed):
    rng = np.random.default_rng(seed)
    while not state.is_over:
        moves = state.legal_moves()
        state.play(moves[int(rng.integers(len(moves)))])


@pytest.mark.parametrize("name", sorted(GAMES))
def test_clones_are_independent(name):
    game, players, rules, _, seed = GAMES[name]
    state = mid_game(game, players, rules, seed)
    before = state.to_json()
    copy = state.clone()
    assert copy.to_json() == before and type(copy) is type(state)
    play_out(copy, 1)
    assert state.to_json() == before  # the copy's moves and deals left it alone
    copy_text = copy.to_json()
    play_out(state, 2)
    assert copy.to_json() == copy_text
    # the same moves from the same position deal the same cards in both
    again, twin = mid_game(game, players, rules, seed), mid_game(game, players, rules, seed)
    play_out(again.clone(), 3)
    play_out(again, 4)
    play_out(twin, 4)
    assert again.to_json() == twin.to_json()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_reseeded_clone_deals_other_cards_later(name):
    game, players, rules, _, seed = GAMES[name]
    state = mid_game(game, players, rules, seed)
    copy = state.clone()
    copy.reseed(12345)
    play_out(copy, 5)
    play_out(state, 5)
    assert json.loads(copy.to_json())["dealt"] != json.loads(state.to_json())["dealt"]
    assert type(copy).from_json(copy.to_json()).to_json() == copy.to_json()
    with pytest.raises(PokerRulesError, match="explicit"):
        game.new_game(rules, players=players, chance=EXPLICIT).reseed(1)


def as_a_double_reader_writes_it(text):
    """The JSON after a reader that holds every number as a double (JavaScript, many
    databases) read and wrote it: ints beyond 2**53 would come back changed."""
    def back(value):
        if isinstance(value, float) and value.is_integer():
            return int(value)
        if isinstance(value, list):
            return [back(v) for v in value]
        if isinstance(value, dict):
            return {k: back(v) for k, v in value.items()}
        return value
    return json.dumps(back(json.loads(text, parse_int=float)))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_saves_survive_a_reader_of_doubles(name):
    game, players, rules, names, seed = GAMES[name]
    state = mid_game(game, players, rules, seed)
    text = state.to_json()
    restored = type(state).from_json(as_a_double_reader_writes_it(text))
    assert restored.to_json() == text
    big = game.new_game(rules, seed=2**53 - 1, players=players)
    assert type(big).from_json(as_a_double_reader_writes_it(big.to_json())).to_json() == \
        big.to_json()
    record = play_game(game, list(names), seed=2**53 - 1, rules=rules).to_json()
    assert json.loads(as_a_double_reader_writes_it(record)) == json.loads(record)


def test_a_save_of_another_format_is_refused_by_its_version():
    text = eastwest.new_game(seed=1).to_json()
    for version, shown in ((1, "1"), (2, "2"), (4, "4"), ('"3"', "'3'"), ("null", "None")):
        with pytest.raises(PokerRulesError) as error:
            eastwest.EastWestState.from_json(text.replace('"format":3', f'"format":{version}'))
        assert str(error.value) == f"unknown format version {shown}; this pokerrules reads " \
            "version 3"


# ------------------------------------------------------------------ deals pinned to seeds

def test_east_west_deal_of_seed_7():
    state = eastwest.new_game(seed=7)
    assert (state.dealer, state.cut) == (1, ((32, 20),))  # West Jc, East 7c: East deals
    assert format_cards(state.board) == "Ac Jh Td" and Card(state.drawn_card) == Card("8s")


def test_z_poker_deal_of_seed_7():
    state = zpoker.new_game(seed=7)
    assert format_cards(state.hand(0)) == "2c 3h 5c 6c 7c 7h 7s 8d 9h Ks"
    assert format_cards(state.hand(1)) == "3d 5s 9d Td Jd Qh Qs Kc Kh Ah"


def test_chinese_poker_deals_of_seed_7():
    state = chinese_poker.new_game(seed=7, players=4)
    assert state.dealer == 2 and state.cut == [[[0, 21], [1, 3], [2, 46], [3, 31]]]
    assert format_cards(state.hands[0]) == "3h 5d 5h 6d 7c 7s 8s 9c Qc Qs Kd Ad"
    two = chinese_poker.new_game(seed=7, players=2)
    assert format_cards(two.piles[0]) == "3c 4c 4s 5d 5h 5s 6c 6s 7d Td Th Jh Js Qh Kh Ah"


# ------------------------------------------------------------------ JSON Schemas

def schema(name):
    found = json.loads((SCHEMAS / name).read_text())
    jsonschema.Draft202012Validator.check_schema(found)
    return found


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GAMES))
def test_saved_games_and_records_match_their_schemas(name):
    game, players, rules, names, seed = GAMES[name]
    state_schema = schema(f"{game.new_game(seed=1).game_name}.state.schema.json")
    record_schema = schema("record.schema.json")
    for state in (game.new_game(rules, seed=seed, players=players),
                  mid_game(game, players, rules, seed),
                  game.new_game(rules, players=players, chance=EXPLICIT)):
        jsonschema.validate(json.loads(state.to_json()), state_schema)
        if state.chance == SAMPLED:
            play_out(state, 0)
        jsonschema.validate(json.loads(state.to_json()), state_schema)
    record = json.loads(play_game(game, list(names), seed=seed, rules=rules).to_json())
    jsonschema.validate(record, record_schema)
    other = dict(json.loads(mid_game(game, players, rules, seed).to_json()), format=2)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(other, state_schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(dict(record, seed=2**53), record_schema)


@pytest.mark.parametrize("name", ["east-west", "z-poker"])
def test_search_worlds_from_a_view_step_like_play(name):
    game, _, rules, _, seed = GAMES[name]
    state = game.new_game(rules, seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(6):  # a few moves in, so rows and stacks hold cards
        state.play(state.legal_moves()[int(rng.integers(len(state.legal_moves())))])
    me = state.current_player
    view = state.view(me)
    hidden = sorted(set(game_deck(game)) - seen_cards(game, view))
    world = type(state).from_view(view, hidden, seed=11)
    assert world.view(me) == view
    unchecked, played = world.clone(), world.clone()
    move = world.legal_moves()[-1]
    unchecked.play_unchecked(move)
    played.play(move)
    assert unchecked.view(me) == played.view(me)
    assert unchecked.history == ()  # search steps leave no record
    assert len(played.history) == 1


def game_deck(game):
    return (PIQUET_DECK if game is eastwest else STANDARD_DECK).codes


def test_search_worlds_refuse_what_they_cannot_build():
    state = zpoker.new_game(seed=3)
    view = state.view(state.current_player)
    with pytest.raises(PokerRulesError, match="pass a seed"):
        zpoker.ZPokerState.from_view(view, [])
    with pytest.raises(PokerRulesError, match="hidden cards"):
        zpoker.ZPokerState.from_view(view, [], seed=1)
    with pytest.raises(NotImplementedError, match="chinese-poker"):
        chinese_poker.ChinesePokerState.from_view(None, [])


@pytest.mark.parametrize("game", [eastwest, zpoker, chinese_poker], ids=lambda g: g.__name__)
def test_render_names_a_state_of_another_kind_and_a_seat_that_is_none(game):
    state = game.new_game(seed=4)
    assert game.render(state, viewer=1).startswith(game.render(state).split("\n")[0])
    for bad in (None, "state", eastwest.new_game(seed=1) if game is not eastwest
                else zpoker.new_game(seed=1)):
        with pytest.raises(ArgumentTypeError, match="render draws"):
            game.render(bad)
    for seat in (5, -1, "0", 1.0):
        with pytest.raises(PokerRulesError, match="player"):
            game.render(state, viewer=seat)
