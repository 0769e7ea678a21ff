"""The search's arguments and the shared count check: budgets bounded by their time
limit and in memory, seats, threads and counts refused alike, and any value at every
search entry point either refused with a PokerRulesError or searched with.

No test here reads the wall clock: the search's clock is replaced by one that
moves on by a fixed step each time it is read, and work is measured by what the
game and the generator are asked for."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerrules import chinese_poker, eastwest, search, zpoker
from pokerrules.chinese_poker.policy import ChinesePokerSearch
from pokerrules.eastwest.policy import EastWestSearch
from pokerrules.errors import ArgumentTypeError, PokerRulesError
from pokerrules.hands import evaluate_many
from pokerrules.paigow import PaiGowRules, simulate
from pokerrules.runner import play_game

pytestmark = pytest.mark.fast

#: Most playouts one batched call may be asked for, and most seeds drawn at once.
BATCH_PLAYOUTS = 4096
SEED_CHUNK = 1024


class _Clock:
    """A perf_counter that moves on by ``step`` seconds each time it is read."""

    def __init__(self, step):
        self.now, self.step, self.reads = 0.0, step, 0

    def perf_counter(self):
        self.now += self.step
        self.reads += 1
        return self.now


@pytest.fixture
def clock(monkeypatch):
    fake = _Clock(2**-6)  # a binary fraction: the clock's sums are exact
    monkeypatch.setattr(search, "time", fake)
    return fake


class _Stop(Exception):
    """Raised by a spy to end a search that would otherwise go on for long."""


class _Spy(np.random.Generator):
    """A Generator that records the sizes asked of ``integers`` and refuses,
    before allocating, any array larger than ``most``."""

    def __init__(self, seed, most):
        super().__init__(np.random.PCG64(seed))
        self.sizes, self.most = [], most

    def integers(self, *args, size=None, **kwargs):
        self.sizes.append(size)
        assert size is None or size <= self.most, f"asked for {size:,} seeds at once"
        return super().integers(*args, size=size, **kwargs)


def _spy_batches(game, most_calls=None):
    """Records the worlds each ``batch_values`` call of ``game`` is asked for;
    refuses a call of more than BATCH_PLAYOUTS playouts before doing any work."""
    real, asked = game.batch_values, []

    def batch_values(view, moves, worlds, rng):
        asked.append(worlds)
        assert worlds * len(moves) <= max(BATCH_PLAYOUTS, len(moves)), \
            f"one call asked for {worlds:,} worlds of {len(moves)} moves"
        if most_calls is not None and len(asked) > most_calls:
            raise _Stop
        return real(view, moves, worlds, rng)

    game.batch_values = batch_values
    return asked


def _chinese_poker_position(players=4, seed=3):
    state = chinese_poker.new_game(seed=seed, players=players)
    while state.current_player is None or state.view(state.current_player).phase != "play":
        state.play(state.legal_moves()[0])
    while len(state.legal_moves()) < 3:
        state.play(state.legal_moves()[-1])
    return state


def _east_west_position(seed=3, moves=4):
    state = eastwest.new_game(seed=seed)
    for _ in range(moves):
        state.play(state.legal_moves()[0])
    return state


# A time limit bounds the work -----------------------------------------------


def test_a_huge_chinese_poker_budget_stops_soon_after_its_time_limit(clock):
    # SearchAgent(playouts=10**8, time_ms=50) once asked for an eighth of its
    # worlds in one call: minutes of work past a 50 ms limit.
    state = _chinese_poker_position()
    view, legal = state.view(state.current_player), state.legal_moves()
    agent = chinese_poker.SearchAgent(playouts=10**8, time_ms=50)
    asked = _spy_batches(agent.game)
    assert agent.choose(view, legal, np.random.default_rng(1)) in legal
    # the deadline (1 + 3.2 steps) has passed at the 4th check: four calls, doubling
    assert len(asked) == 4 and asked == [asked[0] * 2**i for i in range(4)]
    assert sum(asked) * len(legal) <= BATCH_PLAYOUTS


def test_a_huge_east_west_budget_asks_for_bounded_batches():
    # 10**9 playouts without a time limit once asked for every world at once
    # (7.1 GiB): now each call plays at most BATCH_PLAYOUTS playouts.
    state = _east_west_position()
    view, legal = state.view(state.current_player), state.legal_moves()
    agent = eastwest.SearchAgent(playouts=10**9)
    asked = _spy_batches(agent.game, most_calls=3)
    with pytest.raises(_Stop):
        agent.choose(view, legal, np.random.default_rng(1))
    assert len(asked) == 4 and asked[0] == BATCH_PLAYOUTS // len(legal)


def test_ismcts_draws_its_seeds_a_chunk_at_a_time(clock):
    # ismcts(..., 2**31) once drew every seed first (16 GiB).
    state = _east_west_position()
    view, legal = state.view(state.current_player), state.legal_moves()
    rng = _Spy(1, SEED_CHUNK)
    visits = search.ismcts(EastWestSearch(), view, view.player, legal, 2**31, rng,
                           deadline=0.05)
    assert visits.sum() == 4  # the clock passed the deadline (3.2 steps) at the 4th
    assert rng.sizes == [SEED_CHUNK]


def test_flat_values_draws_its_seeds_a_chunk_at_a_time(clock):
    state = _east_west_position()
    view, legal = state.view(state.current_player), state.legal_moves()
    game = EastWestSearch()
    game.batch_values = None  # worlds one by one
    rng = _Spy(1, SEED_CHUNK)
    values = search.flat_values(game, view, view.player, legal, 2**40, rng, deadline=0.03)
    assert values.shape == (len(legal),) and rng.sizes == [SEED_CHUNK]
    assert clock.reads == 2  # a world a check: past the deadline (1.9 steps) at the 2nd


def test_seeds_in_chunks_are_the_seeds_drawn_at_once():
    # A budget without a time limit gives what it gave when all seeds were drawn
    # first, and leaves the caller's generator where it left it.
    state = _east_west_position()
    view, legal = state.view(state.current_player), state.legal_moves()
    budget = 2 * SEED_CHUNK + 5
    rng = np.random.default_rng(7)
    seeds = [int(s) for s in np.random.default_rng(7).integers(2**63, size=budget)]

    drawn = []

    class Game(EastWestSearch):
        def determinize(self, view, rng):
            drawn.append(rng.bit_generator.state)  # before the world uses it
            return super().determinize(view, rng)

    search.ismcts(Game(), view, view.player, legal[:1], budget, rng)
    # each world's generator is the one its seed makes (compared by state: numpy 1.24
    # has no public seed_seq)
    assert drawn == \
        [np.random.default_rng(seed).bit_generator.state for seed in seeds]
    after = np.random.default_rng(7)
    after.integers(2**63, size=budget)
    assert rng.bit_generator.state == after.bit_generator.state


@pytest.mark.parametrize("position, game, extra, seed", [
    (_east_west_position, EastWestSearch, 17, 4),
    (_chinese_poker_position, ChinesePokerSearch, 3, 5)], ids=["east-west", "chinese-poker"])
def test_batches_give_the_values_of_one_call(position, game, extra, seed):
    # Worlds come from one stream in turn, so batching changes no value.
    state = position()
    view, legal = state.view(state.current_player), state.legal_moves()
    worlds = 3 * BATCH_PLAYOUTS // len(legal) + extra
    values = search.flat_values(game(), view, view.player, legal, worlds,
                                np.random.default_rng(seed))
    rng = np.random.default_rng(seed)
    stream = np.random.default_rng(int(rng.integers(2**63, size=1)[0]))
    whole = game().batch_values(view, legal, worlds, stream).mean(axis=0)
    assert values.tolist() == whole.tolist()


# Seats and threads are checked ------------------------------------------------


SEARCHES = [(_east_west_position, EastWestSearch),
            (_chinese_poker_position, ChinesePokerSearch)]


@pytest.mark.parametrize("player", [-1, 2, 4, None, 1.0, "0", True, np.float64(0)])
@pytest.mark.parametrize("function", [search.flat_values, search.ismcts])
def test_a_search_refuses_a_player_who_is_no_seat(function, player):
    for make_position, make_game in SEARCHES:
        state = make_position()
        view, legal = state.view(state.current_player), state.legal_moves()
        if player == 2 and state.players > 2:
            continue
        game = make_game()
        if function is search.flat_values:
            game.batch_values = None  # else any other player than the viewer is refused
        with pytest.raises(PokerRulesError, match="player"):
            function(game, view, player, legal, 3, np.random.default_rng(0))


def test_a_search_takes_a_numpy_seat():
    state = _east_west_position()
    view, legal = state.view(state.current_player), state.legal_moves()
    a = search.ismcts(EastWestSearch(), view, np.int64(view.player), legal, 8,
                      np.random.default_rng(0))
    b = search.ismcts(EastWestSearch(), view, view.player, legal, 8, np.random.default_rng(0))
    assert a.tolist() == b.tolist()


HAND = np.array([[0, 1, 2, 3, 4], [8, 12, 16, 20, 30]], dtype=np.uint8)


@pytest.mark.parametrize("threads", [1.5, 2.0, None, "2", True, np.float64(2), [2]])
def test_threads_of_the_wrong_type_are_argument_type_errors(threads):
    with pytest.raises(ArgumentTypeError, match="threads must be an int"):
        evaluate_many(HAND, threads=threads)


@pytest.mark.parametrize("threads", [0, -1, 1025, 2**31, 2**64])
def test_threads_out_of_range_are_refused(threads):
    with pytest.raises(PokerRulesError, match="threads must be an int from 1 to 1,024") as info:
        evaluate_many(HAND, threads=threads)
    assert not isinstance(info.value, TypeError)


def test_threads_take_any_integer_type_and_do_not_change_results():
    one = evaluate_many(HAND).tolist()
    for threads in (np.int64(2), np.uint8(3), 1024):
        assert evaluate_many(HAND, threads=threads).tolist() == one


# One check of counts ----------------------------------------------------------


COUNTS = [
    ("rounds", lambda v: simulate(PaiGowRules.casino(), v, seed=1, progress=False)),
    ("workers", lambda v: simulate(PaiGowRules.casino(), 10, seed=1, workers=v)),
    ("chunk_size", lambda v: simulate(PaiGowRules.casino(), 10, seed=1, chunk_size=v)),
    ("max_moves", lambda v: play_game("east-west", ["random", "random"], seed=1, max_moves=v)),
    ("playouts", lambda v: eastwest.SearchAgent(playouts=v)),
    ("depth", lambda v: zpoker.SearchAgent(depth=v)),
    ("threads", lambda v: evaluate_many(HAND, threads=v)),
]


@pytest.mark.parametrize("name, make", COUNTS, ids=[n for n, _ in COUNTS])
def test_every_count_is_checked_alike(name, make):
    for bad in (2.0, np.float64(3), "10", None, True, np.True_):
        with pytest.raises(ArgumentTypeError, match=f"{name} must be an int from 1 to"):
            make(bad)
    for low in (0, -5):
        with pytest.raises(PokerRulesError, match=f"{name} must be an int from 1 to") as info:
            make(low)
        assert not isinstance(info.value, TypeError)
    with pytest.raises(PokerRulesError, match=f"{name} must be an int from 1 to"):
        make(2**63)


def test_pai_gow_has_no_count_check_of_its_own():
    from pokerrules import jobs

    assert not hasattr(jobs, "positive_count")


# The fuzz suite: arbitrary values at the search entry points -------------------


ANYTHING = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=5),
    st.binary(max_size=5), st.complex_numbers(), st.lists(st.integers(), max_size=3),
    st.sampled_from([np.int64(1), np.int8(-1), np.uint64(2**63), np.float64(1.0),
                     np.bool_(True), np.float32("nan"), np.random.default_rng,
                     np.random.PCG64(1), math.inf, -math.inf, 10**400, object()]),
)
POSITION = _east_west_position()
VIEW, LEGAL = POSITION.view(POSITION.current_player), POSITION.legal_moves()


def _only_pokerrules_errors(call):
    """Runs ``call``: True when it ran, False when it raised a PokerRulesError."""
    try:
        call()
    except PokerRulesError:
        return False
    return True


def usually(accepted, anything):
    """Values of ``accepted`` about three times in four, else of ``anything``: with
    several arguments drawn so, every one is a value the search takes often enough."""
    return st.sampled_from([accepted, accepted, accepted, anything]).flatmap(
        lambda values: values)


#: How many calls of each fuzz test below must be taken, not refused: a test whose
#: every call is refused checks nothing of what is taken.
TAKEN = 20


def test_search_arguments_give_only_pokerrules_errors():
    taken = 0

    @settings(max_examples=150)
    @given(player=usually(st.sampled_from([VIEW.player, np.int8(VIEW.player)]),
                         st.integers(-3, 3) | ANYTHING),
           budget=usually(st.integers(1, 10**12) | st.just(np.int64(5)), ANYTHING),
           function=st.sampled_from([search.flat_values, search.ismcts]),
           batched=st.booleans())
    def fuzz(player, budget, function, batched):
        nonlocal taken
        game = EastWestSearch()
        if not batched:
            game.batch_values = None
        # the deadline has passed already: a valid budget of any size stops at once
        taken += _only_pokerrules_errors(lambda: function(
            game, VIEW, player, LEGAL, budget, np.random.default_rng(0), deadline=-math.inf))

    fuzz()
    assert taken >= TAKEN


def test_search_generators_deadlines_and_exploration_give_only_pokerrules_errors():
    taken = 0

    @settings(max_examples=150)
    @given(rng=usually(st.integers(0, 2**32).map(np.random.default_rng), ANYTHING),
           deadline=usually(st.floats(-math.inf, 0) | st.none(), ANYTHING),
           exploration=usually(st.floats(0, 10), ANYTHING))
    def fuzz(rng, deadline, exploration):
        nonlocal taken
        game = EastWestSearch()
        taken += _only_pokerrules_errors(lambda: search.flat_values(
            game, VIEW, VIEW.player, LEGAL, 3, rng, deadline))
        taken += _only_pokerrules_errors(lambda: search.ismcts(
            game, VIEW, VIEW.player, LEGAL, 3, rng, exploration, deadline))

    fuzz()
    assert taken >= TAKEN


def test_search_agent_arguments_give_only_pokerrules_errors():
    chosen = 0

    @settings(max_examples=150)
    @given(playouts=usually(st.integers(1, 60), ANYTHING | st.integers(1, 10**12)),
           time_ms=usually(st.none() | st.integers(1, 10**6), ANYTHING),
           exploration=usually(st.floats(0, 10), ANYTHING),
           algorithm=usually(st.sampled_from(["flat", "ismcts"]), ANYTHING))
    def fuzz(playouts, time_ms, exploration, algorithm):
        nonlocal chosen
        try:
            agent = search.SearchAgent(EastWestSearch(), playouts, algorithm, time_ms,
                                       exploration)
        except PokerRulesError:
            return
        if agent.time_ms is not None or agent.playouts <= 60:
            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(search, "time", _Clock(10.0**9))  # any time limit passes at once
                assert agent.choose(VIEW, LEGAL, np.random.default_rng(0)) in LEGAL
            chosen += 1

    fuzz()
    assert chosen >= TAKEN


def test_evaluate_many_threads_give_only_pokerrules_errors():
    taken = 0

    @given(threads=usually(st.integers(1, 64) | st.just(np.int16(2)), ANYTHING | st.integers()))
    def fuzz(threads):
        nonlocal taken
        taken += _only_pokerrules_errors(lambda: evaluate_many(HAND, threads=threads))

    fuzz()
    assert taken >= TAKEN
