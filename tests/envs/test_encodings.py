"""The encodings of the three games (numpy only): masks, actions, observations."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from pokerrules import chinese_poker, eastwest, zpoker
from pokerrules.chinese_poker import ChinesePokerRules
from pokerrules.envs import (
    AgentPolicy,
    ChinesePokerEncoding,
    EastWestEncoding,
    Encoding,
    ZPokerEncoding,
)
from pokerrules.envs.chinese_poker_v0 import _PLAYS, NUM_ACTIONS
from pokerrules.errors import ArgumentTypeError, IllegalMoveError, PokerRulesError

SHORT = ChinesePokerRules(target=25)  # a game of a few rounds
ENCODINGS = [
    pytest.param(lambda: EastWestEncoding(), id="east_west"),
    pytest.param(lambda: EastWestEncoding(eastwest.EastWestRules(win_rule="two_rows")),
                 id="east_west_two_rows"),
    pytest.param(lambda: ZPokerEncoding(), id="z_poker"),
    pytest.param(lambda: ChinesePokerEncoding(SHORT, players=2, scope="game"),
                 id="chinese_poker_2"),
    pytest.param(lambda: ChinesePokerEncoding(ChinesePokerRules(open_choice=True, target=25),
                                              players=2, scope="game"), id="chinese_poker_2_open"),
    pytest.param(lambda: ChinesePokerEncoding(SHORT, players=3, scope="game"),
                 id="chinese_poker_3"),
    pytest.param(lambda: ChinesePokerEncoding(players=4), id="chinese_poker_4"),
]


def _playouts(encoding: Encoding, games: int, seed: int = 0):
    """Random games through action indices, yielding every state before each move."""
    rng = np.random.default_rng(seed)
    for number in range(games):
        state = encoding.new_game(seed=seed * 1000 + number)
        while not encoding.is_terminal(state):
            yield state
            legal = encoding.legal_actions(state)
            encoding.apply(state, legal[int(rng.integers(len(legal)))])


@pytest.mark.fast
@pytest.mark.parametrize("make", ENCODINGS)
def test_mask_is_exactly_the_legal_moves(make) -> None:
    encoding = make()
    states = 0
    for state in _playouts(encoding, games=3 if encoding.players > 2 or
                           isinstance(encoding, ChinesePokerEncoding) else 6):
        moves = state.legal_moves()
        actions = [encoding.move_to_action(m) for m in moves]
        assert len(set(actions)) == len(moves)  # one index per legal move
        assert sorted(actions) == encoding.legal_actions(state)
        mask = encoding.action_mask(state)
        assert mask.dtype == np.int8 and mask.shape == (encoding.num_actions,)
        for action in actions:  # and back: the index gives the same move
            assert encoding.action_to_move(state, action) == moves[actions.index(action)]
        states += 1
    assert states > 100


@pytest.mark.fast
@pytest.mark.parametrize("make", ENCODINGS)
def test_observations_fit_their_layout(make) -> None:
    encoding = make()
    fields = encoding.fields
    assert fields[0].start == 0
    assert all(a.stop == b.start for a, b in itertools.pairwise(fields))
    assert encoding.observation_size == fields[-1].stop
    seen = np.zeros(encoding.observation_size, dtype=bool)
    for state in _playouts(encoding, games=4, seed=3):
        for player in range(encoding.players):
            obs = encoding.observe(state, player)
            assert obs.dtype == np.float32 and obs.shape == (encoding.observation_size,)
            assert (obs >= 0).all() and (obs <= encoding.observation_high).all()
            seen |= obs != 0
        to_move = encoding._offsets["to_move"]
        assert encoding.observe(state, state.current_player)[to_move] == 1.0
    # Every block is used in these games (piles only when chosen face up).
    for f in fields:
        if f.name in ("piles",) and not (encoding.rules and encoding.rules.open_choice):
            continue
        if f.name == "phase" and encoding.players > 2 and isinstance(encoding,
                                                                     ChinesePokerEncoding):
            continue
        if f.name == "pile_owners" and encoding.players > 2:
            continue
        if f.name == "scores" and getattr(encoding, "scope", "game") == "round":
            continue
        if f.name == "must_play":  # everyone passing on an empty table is rare
            continue
        assert seen[f.start:f.stop].any(), f.name


@pytest.mark.fast
def test_observations_hide_what_the_view_hides() -> None:
    # East-West: only the player to move sees the drawn card.
    encoding = EastWestEncoding()
    state = eastwest.new_game(seed=4)
    drawn = encoding._offsets["drawn"]
    mover = state.current_player
    assert mover is not None
    assert encoding.observe(state, mover)[drawn:drawn + 32].sum() == 1
    assert encoding.observe(state, 1 - mover)[drawn:drawn + 32].sum() == 0
    # Z Poker: seat 1 never sees seat 0's face-down card, anywhere.
    zenc = ZPokerEncoding()
    zstate = zpoker.new_game(seed=9)
    card = zstate.hand(0)[0]
    zstate.play(zpoker.Placement(card, "A"))
    before = zenc.observe(zstate, 1)
    other = zpoker.new_game(seed=9)
    other.play(zpoker.Placement(other.hand(0)[1], "A"))  # another card face down
    assert np.array_equal(before, zenc.observe(other, 1))
    assert not np.array_equal(zenc.observe(zstate, 0), zenc.observe(other, 0))
    face_down = zenc._offsets["face_down"]
    assert before[face_down] == 1.0


@pytest.mark.fast
def test_chinese_poker_actions_cover_every_play() -> None:
    encoding = ChinesePokerEncoding(players=2)
    names = [encoding.action_name(a) for a in range(NUM_ACTIONS)]
    assert len(set(names)) == NUM_ACTIONS == 444
    assert names[:5] == ["pass", "choose dealt hand 0", "choose dealt hand 1",
                         "choose dealt hand 2", "single 3"]
    # Every index is a play the classifier accepts, with the kind the name says.
    for action in range(4, NUM_ACTIONS):
        ranks = _PLAYS[action - 4][2]
        cards = []
        used: dict[int, int] = {}
        for r in ranks:  # the highest suits, so that 2s (the one two) is used
            cards.append(4 * r + 3 - used.get(r, 0))
            used[r] = used.get(r, 0) + 1
        play = chinese_poker.classify(sorted(cards))
        assert play is not None, names[action]
        assert names[action] == str(play)  # the game's own name of the play
        assert encoding.move_to_action(chinese_poker.Move.of(sorted(cards))) == action


@pytest.mark.fast
def test_action_errors_name_the_action() -> None:
    encoding = EastWestEncoding()
    state = eastwest.new_game(seed=1)
    with pytest.raises(IllegalMoveError, match="action 3 does not exist"):
        encoding.action_to_move(state, 3)
    with pytest.raises(ArgumentTypeError, match=r"action 1\.5 is no int"):
        encoding.action_to_move(state, 1.5)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        encoding.action_to_move(state, True)
    for _ in range(4):
        state.play("row 0")
    saved = state.to_json()
    mover = state.current_player
    assert mover is not None
    if len(state.rows(mover)[0]) == 4:  # the mover's top row is full
        with pytest.raises(IllegalMoveError, match=r"action 0 \(place .* row 0"):
            encoding.apply(state, 0)
        assert state.to_json() == saved
    cp = ChinesePokerEncoding(players=4)
    cstate = chinese_poker.new_game(seed=2, players=4)
    leader = cstate.current_player
    assert leader is not None
    held = {c >> 2 for c in cstate.hands[leader]}
    missing = next(r for r in range(1, 12) if r not in held)
    action = cp.move_to_action(chinese_poker.Move((4 * missing,)))
    saved = cstate.to_json()
    with pytest.raises(IllegalMoveError, match=f"action {action} \\(single"):
        cp.apply(cstate, action)
    assert cstate.to_json() == saved
    with pytest.raises(IllegalMoveError, match="no play"):
        cp.move_to_action(chinese_poker.Move.of("3c 4d"))
    with pytest.raises(PokerRulesError, match="scope"):
        ChinesePokerEncoding(scope="match")  # type: ignore[arg-type]
    with pytest.raises(PokerRulesError):
        ChinesePokerEncoding(players=5)


@pytest.mark.fast
@pytest.mark.parametrize("game, make, agents", [
    (eastwest, EastWestEncoding, ("greedy", "random")),
    (zpoker, ZPokerEncoding, ("greedy", "random")),
    (chinese_poker, lambda: ChinesePokerEncoding(players=3), ("greedy", "random", "random")),
])
def test_agents_as_policies(game, make, agents) -> None:
    encoding = make()
    policies = [AgentPolicy(encoding, game.AGENTS[name](), seed=i) for i, name in
                enumerate(agents)]
    for seed in range(3):
        state = encoding.new_game(seed=seed)
        while not encoding.is_terminal(state):
            action = policies[state.current_player](state)
            assert encoding.action_mask(state)[action] == 1
            encoding.apply(state, action)
    with pytest.raises(PokerRulesError, match="choose"):
        AgentPolicy(encoding, object())  # type: ignore[arg-type]


@pytest.mark.fast
def test_chinese_poker_scopes_and_returns() -> None:
    round_enc = ChinesePokerEncoding(players=3)
    game_enc = ChinesePokerEncoding(ChinesePokerRules(target=30), players=3, scope="game")
    for encoding in (round_enc, game_enc):
        state = encoding.new_game(seed=8)
        assert isinstance(state, chinese_poker.ChinesePokerState)
        rng = np.random.default_rng(0)
        while not encoding.is_terminal(state):
            legal = encoding.legal_actions(state)
            encoding.apply(state, legal[int(rng.integers(len(legal)))])
        if encoding is round_enc:
            assert len(state.rounds) == 1 and not state.is_over
            points = state.rounds[0]["points"]
        else:
            assert state.is_over and len(state.rounds) > 1
            points = state.scores
        assert encoding.returns(state) == tuple(-float(p) for p in points)
        returns = encoding.returns(state)
        if encoding is round_enc:  # the round's winner scores nothing
            assert min(returns) < 0 and max(returns) == 0
        else:  # the game ends when a total reaches the target
            assert min(returns) <= -30
