"""Edited saves and any input to chance outcomes, search worlds and shuffles: each
refused with a PokerRulesError naming what is wrong (and changing nothing), or
accepted only as a state that plays on consistently."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerrules import chinese_poker, eastwest, zpoker
from pokerrules.cards import CARD_LIMIT, PIQUET_DECK, Card
from pokerrules.chance import EXPLICIT
from pokerrules.errors import (
    ArgumentTypeError,
    CardNotInDeckError,
    DuplicateCardError,
    HandSizeError,
    PokerRulesError,
)
from pokerrules.shuffle import DealStream

SHORT_CHINESE = chinese_poker.ChinesePokerRules(target=10)
GAMES = {  # (module, players, rules, seed)
    "east-west": (eastwest, 2, None, 3),
    "z-poker": (zpoker, 2, None, 5),
    "chinese-poker-2": (chinese_poker, 2, SHORT_CHINESE, 4),
}


def random_moves(state, count, rng):
    """Plays ``count`` random moves (fewer if the game ends), resolving explicit
    chance with random outcomes."""
    for _ in range(count):
        while state.is_chance_node:
            outcomes = state.chance_outcomes()
            state.apply_chance(outcomes[int(rng.integers(len(outcomes)))][0])
        if state.is_over:
            return state
        moves = state.legal_moves()
        state.play(moves[int(rng.integers(len(moves)))])
    return state


def mid_game(name, chance="sampled", moves=6):
    game, players, rules, seed = GAMES[name]
    if chance == EXPLICIT:
        state = game.new_game(rules, players=players, chance=EXPLICIT)
    else:
        state = game.new_game(rules, seed=seed, players=players)
    return random_moves(state, moves, np.random.default_rng(seed))


def written(data):
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


# ---------------------------------------------------------------- sampled saves

@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_sampled_card_the_stream_does_not_deal_is_refused(name):
    state = mid_game(name)
    data = json.loads(state.to_json())
    dealt = data["dealt"].split()
    # The last two swapped: the last card was undealt there too, but not the stream's.
    dealt[-2], dealt[-1] = dealt[-1], dealt[-2]
    with pytest.raises(PokerRulesError, match=f"saved card {len(dealt) - 1} .* not what the"):
        type(state).from_json(written(dict(data, dealt=" ".join(dealt))))


def test_an_east_west_drawn_card_the_stream_did_not_deal_is_refused():
    state = eastwest.new_game(seed=3)
    data = json.loads(state.to_json())
    dealt = data["dealt"].split()
    board = dealt[-4:-1]  # the three board cards, then the first card drawn
    swap = next(c for c in ("Kh", "Jh", "Qh", "Ah") if c not in dealt[-4:])
    dealt[-2] = swap
    assert board[1] != swap
    with pytest.raises(PokerRulesError, match="not what the deal stream"):
        eastwest.EastWestState.from_json(written(dict(data, dealt=" ".join(dealt))))


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("field, value", [("seed", 1), ("drawn", 1), ("drawn", 2**53 - 1)])
def test_an_edited_stream_position_is_refused(name, field, value):
    state = mid_game(name)
    data = json.loads(state.to_json())
    stream = data["stream"]
    stream[field] = value if field == "drawn" and value > 1 else stream[field] + value
    with pytest.raises(PokerRulesError, match="stream"):
        type(state).from_json(written(data))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_sampled_save_without_its_stream_is_refused(name):
    state = mid_game(name)
    data = dict(json.loads(state.to_json()), stream=None)
    with pytest.raises(PokerRulesError, match="stream"):
        type(state).from_json(written(data))


def test_a_game_dealt_wholly_by_hand_saves_no_stream_and_loads():
    deck = list(PIQUET_DECK.codes)
    state = eastwest.EastWestState(deck, 0)
    state.play("row 1")
    assert json.loads(state.to_json())["stream"] is None
    again = eastwest.EastWestState.from_json(state.to_json())
    assert again.to_json() == state.to_json() and again.current_player == 0


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_reseeded_game_saves_every_stream_and_each_is_checked(name):
    state = mid_game(name) if name != "chinese-poker-2" else chinese_poker.new_game(
        chinese_poker.ChinesePokerRules(target=100), seed=4, players=2)  # three deals
    state.reseed(5)
    state.reseed(99)  # the stream of seed 5 dealt nothing: no trace of it
    deals_a_card(state, np.random.default_rng(1))
    state.reseed(7)
    deals_a_card(state, np.random.default_rng(2))
    data = json.loads(state.to_json())
    earlier = data["stream"]["earlier"]
    assert [e["seed"] for e in earlier] == [GAMES[name][3], 99]
    again = type(state).from_json(state.to_json())
    assert again.to_json() == state.to_json()
    random_moves(again, 3, np.random.default_rng(3))
    random_moves(state, 3, np.random.default_rng(3))
    assert again.to_json() == state.to_json()  # the same stream deals on
    # the first stream dealt many cards; another seed deals others
    for k, edit in ((0, {"seed": earlier[0]["seed"] + 1}), (1, {"dealt": earlier[1]["dealt"] + 1}),
                    (0, {"dealt": earlier[0]["dealt"] - 1})):
        changed = json.loads(written(data))
        changed["stream"]["earlier"][k].update(edit)
        with pytest.raises(PokerRulesError, match=r"stream|saved card"):
            type(state).from_json(written(changed))
    for bad in ([], [{"seed": 1}], "x", [{"seed": 1, "dealt": 10**6}],
                [{"seed": 1, "dealt": 0}, *earlier],
                [earlier[0], {"seed": 99, "dealt": earlier[0]["dealt"]}]):
        changed = json.loads(written(data))
        changed["stream"]["earlier"] = bad
        with pytest.raises(PokerRulesError, match="stream"):
            type(state).from_json(written(changed))


def deals_a_card(state, rng):
    """Plays random moves until chance deals a card."""
    dealt = len(state._dealt)
    while len(state._dealt) == dealt:
        assert not state.is_over
        random_moves(state, 1, rng)


def test_z_poker_decks_must_be_ascending_and_named_decks_must_be_themselves():
    state = zpoker.new_game(seed=3)
    data = json.loads(state.to_json())
    for deck, match in (({"name": "standard", "codes": [1, 0, *range(2, 52)]}, "ascending"),
                        ({"name": "mine", "codes": [1, 0, *range(2, 52)]}, "ascending"),
                        ({"name": "piquet", "codes": list(range(52))}, "deck.*piquet")):
        changed = json.loads(written(data))
        changed["deal"]["rules"]["deck"] = deck
        with pytest.raises(PokerRulesError, match=match):
            zpoker.ZPokerState.from_json(written(changed))
    mine = dict(data["deal"]["rules"]["deck"], name="mine")  # any other name is free
    changed = json.loads(written(data))
    changed["deal"]["rules"]["deck"] = mine
    assert zpoker.ZPokerState.from_json(written(changed)).rules.deck.name == "mine"


# ----------------------------------------------------------------- apply_chance

@pytest.mark.parametrize("name", sorted(GAMES))
def test_apply_chance_takes_numpy_codes_and_refuses_containers(name):
    state = mid_game(name, EXPLICIT, moves=0)
    first = state.chance_outcomes()[0][0]
    before = state.to_json()
    for bad in ([first], {first}, {first: 1.0}, (first.code,), True, 1.0, None):
        with pytest.raises(ArgumentTypeError, match="outcome"):
            state.apply_chance(bad)
        assert state.to_json() == before
    state.apply_chance(np.int64(first.code))
    twin = mid_game(name, EXPLICIT, moves=0)
    twin.apply_chance(first)
    assert state.to_json() == twin.to_json()


# -------------------------------------------------------------------- from_view

def test_z_poker_worlds_refuse_repeated_or_seen_hidden_cards():
    state = mid_game("z-poker")
    view = state.view(state.current_player)
    unseen = list(view.unseen())
    own = view.hand[0].code
    assert own not in unseen
    for hidden, error in (([unseen[0], *unseen[:-1]], DuplicateCardError),
                          ([own, *unseen[1:]], CardNotInDeckError),
                          (unseen[:-1], HandSizeError),
                          ([*unseen, own], HandSizeError),
                          ([*unseen[:-1], 99], PokerRulesError),
                          ([*unseen[:-1], "As"], ArgumentTypeError),
                          (set(unseen), ArgumentTypeError),
                          (None, ArgumentTypeError)):
        with pytest.raises(error, match="hidden"):
            zpoker.ZPokerState.from_view(view, hidden, seed=1)
    world = zpoker.ZPokerState.from_view(view, unseen[::-1], seed=1)
    cards = [c for seat in (0, 1) for c in world._hands[seat]]
    cards += [c for s in world._stacks.values() for c in s] + world._undealt
    assert sorted(cards) == list(range(52))  # every card once


@pytest.mark.parametrize("game", [eastwest, zpoker], ids=lambda g: g.__name__)
def test_an_endless_iterable_of_hidden_cards_is_read_one_past_the_unseen(game):
    state = mid_game("east-west" if game is eastwest else "z-poker")
    view = state.view(state.current_player)
    unseen = view.unseen()
    drawn = itertools.count()
    endless = (unseen[i % len(unseen)] for i in drawn)
    with pytest.raises(HandSizeError, match="hidden holds more than"):
        type(state).from_view(view, endless, seed=1)
    assert next(drawn) == len(unseen) + 1


def test_east_west_worlds_name_hidden_and_view_for_what_they_cannot_use():
    state = mid_game("east-west")
    view = state.view(state.current_player)
    unseen = list(view.unseen())
    for hidden, error in ((None, ArgumentTypeError), (5, ArgumentTypeError),
                          ([None] * len(unseen), ArgumentTypeError),
                          ([*unseen[:-1], 2**70], PokerRulesError),
                          ([*unseen[:-1], view.board[0]], CardNotInDeckError),
                          (unseen[:3], HandSizeError)):
        with pytest.raises(error, match="hidden"):
            eastwest.EastWestState.from_view(view, hidden)
    for bad in (None, "view", zpoker.new_game(seed=1).view(0)):
        with pytest.raises(ArgumentTypeError, match="view"):
            eastwest.EastWestState.from_view(bad, unseen)
    lopsided = view._replace(rows=(((), (), ()), view.rows[1]))
    with pytest.raises(PokerRulesError, match="view"):
        eastwest.EastWestState.from_view(lopsided, unseen)


def test_shuffled_reads_an_endless_iterable_one_past_the_limit_and_draws_nothing():
    stream = DealStream(5)
    drawn = itertools.count()
    with pytest.raises(PokerRulesError, match=f"at most {CARD_LIMIT:,}"):
        stream.shuffled(drawn)
    assert next(drawn) == CARD_LIMIT + 1
    for bad in ("AsKd", None, [1, "2"], [1.0], [True], 3):
        with pytest.raises(ArgumentTypeError, match="shuffled"):
            stream.shuffled(bad)
    assert stream.drawn == 0
    assert DealStream(5).shuffled(np.arange(4)) == DealStream(5).shuffled([3, 2, 1, 0])


# ------------------------------------------------------------------- fuzz: saves

def either(accepted, anything):
    """Values of ``accepted`` or of ``anything``, about as often each."""
    return st.sampled_from([accepted, anything]).flatmap(lambda values: values)


#: Each fuzz test below counts the inputs it accepted: at least this many saves load,
#: and at least ACCEPTED inputs of the others are taken (a test whose every input is
#: refused checks nothing of what is taken).
LOADED = 20
ACCEPTED = 10

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-2**60, 2**60) | st.floats(allow_nan=False)
    | st.text(max_size=6) | st.sampled_from(["As", "Kh", "Jh", "row 1", "sampled", "explicit"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner,
                                                                  max_size=3),
    max_leaves=6)

SAVES = {(name, chance): mid_game(name, chance).to_json()
         for name in sorted(GAMES) for chance in ("sampled", EXPLICIT)}


def paths(value, prefix=()):
    """Every path into a JSON value, the root included."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*prefix, index))


def nearby(value, data):
    """A value like ``value``: an int one off, other cards, another item kept."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + data.draw(st.sampled_from([-1, 1, 2**53]))
    if isinstance(value, str) and value:
        words = value.split()
        k = data.draw(st.integers(0, len(words) - 1))
        words[k] = data.draw(st.sampled_from(["As", "Kh", "Jh", "9c", "2d", "Jk", "row 0"]))
        return " ".join(words)
    if isinstance(value, list) and value:
        return value[:-1]
    return data.draw(JSON)


def edited(text, data):
    save = json.loads(text)
    where = data.draw(st.sampled_from(list(paths(save))))
    parent = None
    target = save
    for step in where:
        parent, target = target, target[step]
    action = data.draw(st.sampled_from(["replace", "nearby", "delete", "add", "keep"]))
    if action == "keep":  # the save as written: it must load and play on
        return text
    if action == "add" and isinstance(target, dict):
        target[data.draw(st.text(max_size=5))] = data.draw(JSON)
    elif action == "delete" and parent is not None:
        del parent[where[-1]]
    elif not where:
        save = data.draw(JSON) if action == "replace" else save
    else:
        parent[where[-1]] = data.draw(JSON) if action == "replace" else nearby(target, data)
    return written(save)


def behaves(state):
    """A loaded state plays on to the end; each save it writes loads again as itself."""
    cls = type(state)
    assert cls.from_json(state.to_json()).to_json() == state.to_json()
    random_moves(state, 10**4, np.random.default_rng(0))
    assert state.is_over
    assert cls.from_json(state.to_json()).to_json() == state.to_json()
    state.result()


def test_an_edited_save_is_refused_or_plays_on_consistently():
    loaded = 0

    @settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(key=st.sampled_from(sorted(SAVES)), data=st.data())
    def fuzz(key, data):
        nonlocal loaded
        text = edited(SAVES[key], data)
        cls = {"east-west": eastwest.EastWestState, "z-poker": zpoker.ZPokerState,
               "chinese-poker-2": chinese_poker.ChinesePokerState}[key[0]]
        try:
            state = cls.from_json(text)
        except PokerRulesError:
            return
        if json.loads(text).get("chance") == "sampled" and json.loads(text)["dealt"]:
            # a sampled game's cards are its stream's: replaying its moves from its
            # streams' seeds deals exactly them
            assert json.loads(state.to_json())["dealt"] == json.loads(text)["dealt"]
        behaves(state)
        loaded += 1

    fuzz()
    assert loaded >= LOADED


# ----------------------------------------- fuzz: chance, from_view and shuffled

ANYTHING = (JSON | st.integers(-10, 60).map(np.int64) | st.integers(0, 52).map(Card)
            | st.integers(0, 60) | st.sets(st.integers(0, 52), max_size=2)
            | st.just(np.uint8(7)) | st.just(np.bool_(True)) | st.just(b"As"))


def test_any_chance_outcome_deals_a_card_it_lists_or_is_refused_changing_nothing():
    dealt = 0

    @settings(deadline=None)
    @given(key=st.sampled_from(sorted(GAMES)), moves=st.integers(0, 5),
           outcome=ANYTHING | st.integers(0, 52) | st.integers(0, 52).map(Card))
    def fuzz(key, moves, outcome):
        nonlocal dealt
        state = mid_game(key, EXPLICIT, moves=moves)
        while not state.is_chance_node:  # East-West deals only now and then
            random_moves(state, 1, np.random.default_rng(0))
        before, listed = state.to_json(), {c.code for c, _ in state.chance_outcomes()}
        try:
            state.apply_chance(outcome)
        except PokerRulesError:
            assert state.to_json() == before
            return
        code = outcome.code if isinstance(outcome, Card) else \
            Card(outcome).code if isinstance(outcome, str) else int(outcome)
        assert code in listed
        assert json.loads(state.to_json())["dealt"].split()[-1] == str(Card(code))
        dealt += 1

    fuzz()
    assert dealt >= ACCEPTED


def test_any_hidden_cards_build_a_whole_world_or_are_refused():
    built = 0

    @settings(deadline=None)
    @given(key=st.sampled_from(["east-west", "z-poker"]), data=st.data(),
           seed=either(st.integers(0, 2**53 - 1) | st.just(np.int64(3)),
                       st.none() | st.integers(-1, 2**54) | st.floats()))
    def fuzz(key, data, seed):
        nonlocal built
        state = mid_game(key)
        view = state.view(state.current_player)
        unseen = list(view.unseen())
        hidden = data.draw(either(
            st.permutations(unseen) | st.permutations(unseen).map(
                lambda h: [np.int8(c) for c in h]),
            st.permutations(unseen).map(lambda h: [*h[:-1], h[0]])
            | st.lists(st.integers(-1, 60), max_size=len(unseen) + 2)
            | st.lists(st.integers(0, 51), min_size=len(unseen), max_size=len(unseen))
            | ANYTHING))
        try:
            world = type(state).from_view(view, hidden, seed=seed)
        except PokerRulesError:
            assert state.view(state.current_player) == view
            return
        assert sorted(int(c) for c in hidden) == unseen  # only the unseen cards, each once
        random_moves(world, 10**4, np.random.default_rng(0))
        assert world.is_over
        built += 1

    fuzz()
    assert built >= ACCEPTED


def test_shuffled_returns_its_codes_in_some_order_or_is_refused_drawing_nothing():
    shuffled = 0

    @settings(deadline=None)
    @given(codes=st.lists(st.integers(-2**70, 2**70), max_size=60)
           | st.lists(st.integers(0, 2**64 - 1), max_size=60) | ANYTHING,
           seed=st.integers(0, 2**53 - 1))
    def fuzz(codes, seed):
        nonlocal shuffled
        stream = DealStream(seed)
        try:
            order = stream.shuffled(codes)
        except PokerRulesError:
            assert stream.drawn == 0
            return
        assert sorted(order) == sorted(int(c) for c in codes)
        shuffled += 1

    fuzz()
    assert shuffled >= ACCEPTED
