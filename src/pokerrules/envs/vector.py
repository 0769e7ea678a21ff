"""Thousands of games a call: the vector environments, whose games are stepped in C.

:func:`make_vec` returns a :class:`gymnasium.vector.VectorEnv` of ``num_envs`` games
of one seat against a fixed opponent (or of self-play), stepped together by the
compiled batch engine (``pokerrules._vector``) with the GIL released. East–West,
Chinese Poker (2, 3 or 4 players: ``players=``; an episode is a round) and Z Poker
have one; Pai Gow Poker has none.

>>> from pokerrules.envs.vector import make_vec
>>> env = make_vec("east-west", 4, opponent="greedy")
>>> observations, info = env.reset(seed=10)
>>> observations.shape, info["action_mask"].shape
((4, 330), (4, 3))
>>> actions = info["action_mask"].argmax(axis=1)
>>> observations, rewards, terminations, truncations, info = env.step(actions)
>>> rewards.dtype, terminations.dtype
(dtype('float64'), dtype('bool'))

**Observations and actions.** Game ``i``'s observation is ``observations[i]``, the
``float32`` observation of the game's encoding (:mod:`pokerrules.envs.east_west_v0`:
330 elements; :mod:`pokerrules.envs.chinese_poker_v0`: 320;
:mod:`pokerrules.envs.z_poker_v0`: 542 with the standard deck) seen from the
learner's seat; its action is ``actions[i]``, one of the encoding's action indices
(East–West: the row, 0 to 2, to place the drawn card on; Chinese Poker: pass, a
dealt hand or a play by its ranks, 444 actions; Z Poker: ``8 d + p``, the card of
deck index ``d`` on position ``p``, 416 actions with the standard deck).
``actions`` is an integer array of shape ``(num_envs,)`` (a list of ints too);
``info["action_mask"]`` (and :meth:`~VectorEnv.action_masks`) is a ``bool``
array of shape ``(num_envs, n_actions)``, True where the action is legal.

**Autoreset: next step** (Gymnasium's ``AutoresetMode.NEXT_STEP``, in
``metadata["autoreset_mode"]``). The step in which game ``i`` ends returns its last
observation, its reward and ``terminations[i] = True``; its mask is then all True,
so that sampling from the masks never meets an empty row, and the action the next
step gives it is ignored: that step deals game ``i`` again and returns its first
observation, reward 0 and ``terminations[i] = False``. ``truncations`` is never True.

**Seeds.** ``reset(seed=s)`` deals game ``i`` exactly as
``new_game(seed=s + i)`` of the game (with its ``players``) does (``s + num_envs - 1`` must stay
below 2**53), and each later episode of game ``i`` takes the seed of its last one
plus ``num_envs`` (modulo 2**53): the batch walks through the seeds ``s, s + 1,
...`` without repeating one. ``reset()`` without a seed takes the ``seed`` given
to :func:`make_vec` the first time, else fresh entropy from the operating system.

**Opponents.** The opponent plays every seat but the learner's. ``"random"`` plays
inside C (East–West and Z Poker also ``"greedy"``, the game's ``GreedyAgent`` move
for move): it takes one of its legal actions, each equally likely, drawn from a deal
stream (:class:`~pokerrules.shuffle.DealStream`) of its own per episode whose seed is
``pokerrules._vector.opponent_seed(episode seed)`` (Chinese Poker:
``chinese_poker_opponent_seed``, Z Poker: ``z_poker_opponent_seed``; the k-th legal
action in ascending order). Any other agent the game ships (by name), an agent
instance (with ``choose(view, legal_moves, rng)``) or a callable
``f(observation, action_mask) -> action`` over the opponent's own
observation and ``bool`` mask plays at Python speed, game after game. An opponent
that fails (an exception, or a return that is no legal action: the game is named)
takes the step back whole. ``opponent=None`` is self-play: the caller plays every
seat; ``observations[i]`` is then seen from seat ``info["player"][i]`` (``int8``),
the seat to move, or at the end the seat that made the last move, and
``rewards[i]`` is that seat's; ``info["rewards"]`` (``float64``, shape
``(num_envs, players)``) holds every seat's rewards of the step.

**Rewards** are the encoding's returns at the end, as ``float64``: East–West +1 for
a win, −1 for a loss, 0 for a draw; Chinese Poker minus the round's penalty points;
Z Poker +1 for a win, −1 for a loss.
The last observation of a Chinese Poker round is the Python game's at that moment:
the scores updated and the next round dealt (unless the round ended the game).

**Bad input.** Actions of another shape (:class:`~pokerrules.errors.HandSizeError`)
or of a type that is no integer (:class:`~pokerrules.errors.ArgumentTypeError`,
bools and floats too, a bool among a list's ints as well), an action no game of the
batch may take (:class:`~pokerrules.errors.IllegalMoveError` naming the game's
index), a step before ``reset`` or after ``close``
(:class:`~pokerrules.errors.PokerRulesError`), a bad seed: each is refused and no
game of the batch changes. ``num_envs`` above :data:`MAX_GAMES` (2**20) is refused
before anything is allocated.

**One call at a time.** An environment, and the batch under it, takes one call at
a time: a ``reset`` or ``step`` that comes in while another runs (from another
thread, or from code that call runs: an opponent, a ``gc`` callback) is refused
with a :class:`~pokerrules.errors.PokerRulesError` naming it (``step refused: this
vector environment is in use ...``) and changes nothing; the call in progress goes
on. The batch marks itself busy before it reads the actions, copies them into its
own array and checks them there, so that the moves played are the moves checked,
against the state they are played in.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from pokerrules import _vector, chinese_poker, eastwest, zpoker
from pokerrules._checks import check_count, check_rules, is_int, shown
from pokerrules.cards import Card
from pokerrules.chinese_poker import PASS, ChinesePokerRules, ChinesePokerView, ChooseHand
from pokerrules.chinese_poker.plays import classify_codes, plays_of, rank_nibbles
from pokerrules.chinese_poker.rules import HAND_SIZE
from pokerrules.eastwest import EastWestRules, EastWestView
from pokerrules.eastwest.rules import DEFAULT_RULES
from pokerrules.envs.chinese_poker_v0 import ChinesePokerEncoding, play_patterns
from pokerrules.envs.east_west_v0 import EastWestEncoding
from pokerrules.envs.encoding import check_options, reset_seed
from pokerrules.envs.single_agent import opponent_kind
from pokerrules.envs.z_poker_v0 import ZPokerEncoding
from pokerrules.errors import (
    ArgumentTypeError,
    IllegalMoveError,
    PokerRulesError,
    UnknownGameError,
)
from pokerrules.game import seat_index
from pokerrules.runner import Agent
from pokerrules.shuffle import SEED_LIMIT
from pokerrules.specs import GameSpec, game_spec, game_specs, game_tools, hook_target
from pokerrules.zpoker import POSITIONS, Phase, Placement, ZPokerRules, ZPokerView

__all__ = ["MAX_GAMES", "ChinesePokerVectorEnv", "EastWestVectorEnv",
           "VectorEnv", "ZPokerVectorEnv", "make_vec"]

#: The most games a vector environment holds (``num_envs``; 2**20): its batch's
#: memory and every step's arrays grow with it. More is refused before anything is
#: allocated.
MAX_GAMES: int = _vector.MAX_GAMES

#: An opponent: None (self-play), a shipped agent's name, an agent instance or a
#: callable ``f(observation, action_mask) -> action`` (see the module text).
VectorOpponent = str | Agent | Callable[[np.ndarray, np.ndarray], int] | None


class VectorEnv(gymnasium.vector.VectorEnv[np.ndarray, np.ndarray, np.ndarray]):
    """What every game's vector environment shares (see the module text): the
    Gymnasium API over a compiled batch, seeds, masks, opponents at Python speed and
    the refusal of bad input. A game's environment gives its encoding, its batch
    and the view its shipped agents read.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (as Gymnasium types it)
        "autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}
    #: the game's module (its ``AGENTS``)
    game: Any
    encoding: Any
    players: int

    def _setup(self, num_envs: int, opponent: VectorOpponent, seat: int, seed: int | None,
               make_batch: Callable[[str], Any]) -> None:
        """Checks the common arguments and makes the batch (``make_batch(engine)``:
        ``"self"``, a C opponent's name or ``"outside"``)."""
        self.num_envs = check_count(num_envs, "num_envs", 1, MAX_GAMES)
        self._in_use = threading.Lock()
        self.seat = seat_index(seat, self.players)
        self._first_seed = None if seed is None else self._batch_seed(seed)
        self.opponent = opponent
        self._agent: Agent | None = None
        self._policy: Callable[[np.ndarray, np.ndarray], object] | None = None
        kind = _opponent_kind(opponent, self.game, self._c_opponents)
        if kind == "agent name":
            self._agent = self.game.AGENTS[opponent]()
        elif kind == "agent":
            self._agent = opponent  # type: ignore[assignment]
        elif kind == "callable":
            self._policy = opponent  # type: ignore[assignment]
        self.self_play = opponent is None
        engine = "self" if self.self_play else opponent if kind == "in C" else "outside"
        self._batch = make_batch(str(engine))
        self.single_observation_space = spaces.Box(
            np.zeros(self.encoding.observation_size, dtype=np.float32),
            self.encoding.observation_high, dtype=np.float32)
        self.single_action_space = spaces.Discrete(self.encoding.num_actions)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self._mask: np.ndarray | None = None
        self._opponent_rng = np.random.default_rng(0)

    _c_opponents: tuple[str, ...] = ()

    # --- the Gymnasium API --------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        """Deals every game again (game ``i`` as ``new_game(seed=s + i)``) and plays
        the opponent to the learner's first turn.

        Returns:
            (observations, info): float32 ``(num_envs, observation size)``; info
            holds ``"action_mask"`` (and in self-play ``"player"``).

        Raises:
            ArgumentTypeError: a seed that is no int (a bool is not one).
            PokerRulesError: a seed outside 0 to 2**53 - 1, or one that would give
                the last game a seed past it (named); options (none are taken);
                after ``close``; while another call runs (see the module text). An
                opponent at Python speed that fails (as :meth:`step`). Refused, the
                reset changes no game.
        """
        with self._one_call("reset"):
            return self._reset(seed, options)

    def _reset(self, seed: int | None, options: dict[str, Any] | None
               ) -> tuple[np.ndarray, dict[str, Any]]:
        self._require_open()
        check_options(options or {}, (), "the vector environment's reset")
        if seed is not None:
            first = self._batch_seed(seed)
        elif self._first_seed is not None:
            first = self._first_seed
        else:
            first = secrets.randbelow(SEED_LIMIT - self.num_envs + 1)
        kept, kept_rng = self._batch.save(), self._opponent_rng.bit_generator.state
        try:
            self._batch.reset(np.arange(first, first + self.num_envs, dtype=np.int64))
            self._opponent_rng = np.random.default_rng(first)
            self._play_opponent()
        except BaseException:
            self._batch.restore(kept)
            self._opponent_rng.bit_generator.state = kept_rng
            raise
        self._first_seed = None
        self._np_random, self._np_random_seed = seeding.np_random(first)
        obs, mask, _, seat_rewards, _, player = self._batch.finish()
        self._mask = mask
        return obs, self._info(mask, player, seat_rewards)

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                          dict[str, Any]]:
        """Plays ``actions[i]`` in each game (ignored in a game that ended at the
        last step: it is dealt again), then the opponent's replies.

        Returns:
            (observations, rewards, terminations, truncations, info): float32
            ``(num_envs, observation size)``, float64 ``(num_envs,)``, bool
            ``(num_envs,)`` twice; info as for :meth:`reset` (in self-play also
            ``"rewards"``).

        Raises:
            HandSizeError: actions of another shape than ``(num_envs,)``.
            ArgumentTypeError: actions that are no integers.
            IllegalMoveError: an action a game refuses (the game's index named).
            PokerRulesError: before ``reset`` or after ``close``; while another
                call runs (see the module text).
            An opponent at Python speed that fails: its error (the game named) and
            the step taken back. Refused, the step changes no game.
        """
        with self._one_call("step"):
            return self._step(actions)

    def _step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                           dict[str, Any]]:
        self._require_open()
        if self._mask is None:
            raise PokerRulesError("call reset() before step()")
        batch = self._batch
        if self._agent is None and self._policy is None:
            obs, mask, rewards, seat_rewards, terminated, player = batch.step(
                actions, self.num_envs)
        else:
            kept, kept_rng = batch.save(), self._opponent_rng.bit_generator.state
            batch.act(actions, self.num_envs)  # (refused: nothing changed)
            try:
                self._play_opponent()
            except BaseException:
                batch.restore(kept)
                self._opponent_rng.bit_generator.state = kept_rng
                raise
            obs, mask, rewards, seat_rewards, terminated, player = batch.finish()
        self._mask = mask
        truncated = np.zeros(self.num_envs, dtype=bool)
        return obs, rewards, terminated, truncated, self._info(mask, player, seat_rewards, True)

    def action_masks(self) -> np.ndarray:
        """The legal actions now: a new ``bool`` array ``(num_envs, n_actions)``
        (all True in a game awaiting its reset).

        Raises:
            PokerRulesError: before ``reset`` or after ``close``.
        """
        self._require_open()
        if self._mask is None:
            raise PokerRulesError("call reset() before action_masks()")
        mask: np.ndarray = self._mask.copy()
        return mask

    def close_extras(self, **kwargs: Any) -> None:
        """Marks the environment closed: every later call but ``close`` is refused."""
        self._mask = None

    # --- helpers ------------------------------------------------------------
    @contextmanager
    def _one_call(self, what: str) -> Iterator[None]:
        """Holds the environment for one ``reset`` or ``step``, refusing another
        that gets in meanwhile (another thread, or code the call runs: an opponent,
        a ``gc`` callback), so that no call sees another's half-made step."""
        if not self._in_use.acquire(blocking=False):
            raise PokerRulesError(
                f"{what} refused: this vector environment is in use by another call "
                "(another thread, or code run during that call); it takes one call at a "
                "time")
        try:
            yield
        finally:
            self._in_use.release()

    def _require_open(self) -> None:
        if self.closed:
            raise PokerRulesError("the vector environment is closed")

    def _batch_seed(self, seed: object) -> int:
        """``seed`` checked as the seed of game 0, so that game ``num_envs - 1``'s
        seed stays below 2**53."""
        first = reset_seed(seed)
        last = self.num_envs - 1
        if first + last >= SEED_LIMIT:
            raise PokerRulesError(
                f"reset's seed {first} would deal game {last} from seed {first + last}, "
                f"past 2**53 - 1; with {self.num_envs} games a seed is at most "
                f"{SEED_LIMIT - self.num_envs}")
        return first

    def _info(self, mask: np.ndarray, player: np.ndarray, seat_rewards: np.ndarray,
              stepped: bool = False) -> dict[str, Any]:
        # the caller's own copy: writing into it must not change action_masks()
        info: dict[str, Any] = {"action_mask": mask.copy()}
        if self.self_play:
            info["player"] = player
            if stepped:
                info["rewards"] = seat_rewards
        return info

    def _play_opponent(self) -> None:
        """Plays a Python-speed opponent's moves, game after game, until the learner
        is to move or the game is over in every game."""
        if self._agent is None and self._policy is None:
            return
        batch = self._batch
        while True:
            to_move = batch.to_move()
            games = np.flatnonzero((to_move >= 0) & (to_move != self.seat))
            if not games.size:
                return
            legal = batch.legal()
            seen: dict[int, np.ndarray] = {}
            actions = np.empty(games.size, dtype=np.int64)
            for k, i in enumerate(games):
                seat = int(to_move[i])
                if self._policy is not None:
                    if seat not in seen:
                        seen[seat] = batch.observe(seat)
                    action = self._policy(seen[seat][i].copy(), legal[i].copy())
                else:
                    action = self._agent_action(int(i), seat)
                if not is_int(action) or not 0 <= action < self.encoding.num_actions \
                        or not legal[i, action]:
                    error = ArgumentTypeError if not is_int(action) else IllegalMoveError
                    raise error(
                        f"game {i}: the opponent at seat {seat} returned {shown(action)}; "
                        f"its legal actions were {np.flatnonzero(legal[i]).tolist()}")
                actions[k] = action
            batch.place(games, actions)

    def _agent_action(self, game: int, seat: int) -> int:
        view, legal = self._agent_view(self._batch.game(game), seat)
        assert self._agent is not None
        try:
            move = self._agent.choose(view, legal, self._opponent_rng)
            return int(self.encoding.move_to_action(move))
        except PokerRulesError as exc:
            raise IllegalMoveError(f"game {game}: the opponent at seat {seat}: {exc}") from None

    def _agent_view(self, state: dict[str, Any], seat: int) -> tuple[Any, tuple[Any, ...]]:
        """The view and legal moves a shipped agent at ``seat`` reads, from the
        batch's game dict."""
        raise NotImplementedError


class EastWestVectorEnv(VectorEnv):
    """``num_envs`` games of East–West stepped together in C (see the module text).

    Args:
        num_envs: games (1 to :data:`MAX_GAMES`).
        opponent: see :data:`VectorOpponent` (default ``"random"``; ``"random"``
            and ``"greedy"`` play in C).
        seat: the learner's seat, 0 (West) or 1 (East); unused in self-play.
        seed: the seed of the first ``reset()`` called without one (None: fresh
            entropy).
        rules: :class:`~pokerrules.eastwest.EastWestRules` (default rules).
        players: 2 (East–West's only count).

    Raises:
        ArgumentTypeError: a ``num_envs`` or seed that is no int, an opponent of
            none of the kinds, or rules that are no EastWestRules.
        PokerRulesError: ``num_envs`` out of range, an agent name the game does not
            ship (the names are given), a seat other than 0 or 1, a seed out of
            range, players other than 2.
    """

    game = eastwest
    _c_opponents = ("random", "greedy")

    def __init__(self, num_envs: int, *, opponent: VectorOpponent = "random", seat: int = 0,
                 seed: int | None = None, rules: EastWestRules | None = None,
                 players: int = 2) -> None:
        if players != 2 or not is_int(players):
            raise PokerRulesError(f"East–West takes 2 players, not {shown(players)}")
        self.players = 2
        self.rules: EastWestRules = check_rules(rules, EastWestRules, default=DEFAULT_RULES)
        self.encoding = EastWestEncoding(self.rules)
        self._setup(num_envs, opponent, seat, seed, lambda engine: _vector.EastWestBatch(
            self.num_envs, self.rules.hand_rules.variant, self.rules.win_rule, self.seat,
            engine))

    def _agent_view(self, state: dict[str, Any], seat: int) -> tuple[Any, tuple[Any, ...]]:
        view = EastWestView(seat, state["to_move"], state["dealer"], self.rules, state["board"],
                            state["rows"], state["drawn"], state["stock"])
        legal = tuple(p for p in eastwest.PLACES
                      if len(state["rows"][seat][p.row]) < _vector.ROW_CAPACITY)
        return view, legal


class ChinesePokerVectorEnv(VectorEnv):
    """``num_envs`` first rounds of Chinese Poker stepped together in C (see the
    module text): an episode is a round (the encoding's scope ``"round"``), its
    rewards minus the round's penalty points.

    Args:
        num_envs: games (1 to :data:`MAX_GAMES`).
        opponent: see :data:`VectorOpponent` (default ``"random"``, which plays in
            C; every other seat than the learner's is the opponent's).
        seat: the learner's seat, 0 to ``players - 1``; unused in self-play.
        seed: the seed of the first ``reset()`` called without one (None: fresh
            entropy).
        rules: :class:`~pokerrules.chinese_poker.ChinesePokerRules` (default rules).
        players: 2, 3 or 4 (default 4).

    Raises:
        ArgumentTypeError: a ``num_envs`` or seed that is no int, an opponent of
            none of the kinds, or rules that are no ChinesePokerRules.
        PokerRulesError: ``num_envs`` out of range, an agent name the game does not
            ship (the names are given), a seat that is no player, a seed out of
            range, players other than 2, 3 or 4.
    """

    game = chinese_poker
    _c_opponents = ("random",)

    def __init__(self, num_envs: int, *, opponent: VectorOpponent = "random", seat: int = 0,
                 seed: int | None = None, rules: ChinesePokerRules | None = None,
                 players: int = 4) -> None:
        self.rules: ChinesePokerRules = check_rules(rules, ChinesePokerRules,
                                                    default=ChinesePokerRules())
        self.encoding = ChinesePokerEncoding(self.rules, players)
        self.players = players
        self._setup(num_envs, opponent, seat, seed, lambda engine: _vector.ChinesePokerBatch(
            self.num_envs, players, self.rules.target, self.rules.open_choice, self.seat,
            engine, *play_patterns()))

    def _agent_view(self, state: dict[str, Any], seat: int) -> tuple[Any, tuple[Any, ...]]:
        hands, table = state["hands"], state["table"]
        choosing = state["phase"] == "choose"
        owners = state["pile_owners"]
        view = ChinesePokerView(
            player=seat, players=self.players, phase=state["phase"], round=state["round"],
            dealer=state["dealer"], to_move=state["to_move"], hand=hands[seat],
            hand_counts=tuple(map(len, hands)), cards_dealt=HAND_SIZE[self.players],
            table=classify_codes(table) if table else None,
            table_player=state["table_player"],
            must_play=state["phase"] == "play" and not table
            and state["passes"] >= self.players,
            played=state["played"],
            piles=tuple(pile if self.rules.open_choice and owner is None else None
                        for pile, owner in zip(state["piles"], owners, strict=True)),
            pile_owners=owners, scores=state["scores"], target=self.rules.target)
        if choosing:
            legal: tuple[Any, ...] = tuple(
                ChooseHand(h) for h, owner in enumerate(owners) if owner is None)
        else:
            plays = tuple(plays_of(rank_nibbles(list(hands[seat])), view.table))
            legal = plays if view.must_play else (PASS, *plays)
        return view, legal


class ZPokerVectorEnv(VectorEnv):
    """``num_envs`` games of Z Poker stepped together in C (see the module text).

    Args:
        num_envs: games (1 to :data:`MAX_GAMES`).
        opponent: see :data:`VectorOpponent` (default ``"random"``; ``"random"``
            and ``"greedy"`` play in C).
        seat: the learner's seat, 0 or 1; unused in self-play.
        seed: the seed of the first ``reset()`` called without one (None: fresh
            entropy).
        rules: :class:`~pokerrules.zpoker.ZPokerRules` (default: 52 cards, 10
            each).
        players: 2 (Z Poker's only count).

    Raises:
        ArgumentTypeError: a ``num_envs`` or seed that is no int, an opponent of
            none of the kinds, or rules that are no ZPokerRules.
        PokerRulesError: ``num_envs`` out of range, an agent name the game does not
            ship (the names are given), a seat other than 0 or 1, a seed out of
            range, players other than 2.
    """

    game = zpoker
    _c_opponents = ("random", "greedy")

    def __init__(self, num_envs: int, *, opponent: VectorOpponent = "random", seat: int = 0,
                 seed: int | None = None, rules: ZPokerRules | None = None,
                 players: int = 2) -> None:
        self.rules: ZPokerRules = check_rules(rules, ZPokerRules, default=ZPokerRules())
        self.encoding = ZPokerEncoding(self.rules, players)
        self.players = 2
        self._setup(num_envs, opponent, seat, seed, lambda engine: _vector.ZPokerBatch(
            self.num_envs, self.rules.deck.codes, self.rules.hand_size, self.seat, engine))

    def _agent_view(self, state: dict[str, Any], seat: int) -> tuple[Any, tuple[Any, ...]]:
        hidden, stacks, hand = state["hidden"], state["stacks"], state["hands"][seat]
        phase = Phase(state["phase"])
        view = ZPokerView(
            player=seat, phase=phase, hand=tuple(map(Card, hand)),
            opponent_cards=len(state["hands"][1 - seat]), pile_cards=state["pile"],
            stacks={p: () if p == hidden and seat != 0 else tuple(map(Card, codes))
                    for p, codes in stacks.items()},
            face_down=frozenset() if hidden is None else frozenset({hidden}),
            leader=state["leader"], starter=state["starter"])
        legal = tuple(Placement(Card(c), p) for c in hand for p in POSITIONS
                      if phase is Phase.END_GAME or not stacks[p])
        return view, legal


def _opponent_kind(opponent: object, game: Any, in_c: tuple[str, ...]) -> str:
    if opponent is None:
        return "self-play"
    if isinstance(opponent, str) and opponent in in_c:
        return "in C"
    kind = opponent_kind(game, opponent, self_play=True)
    return "agent name" if kind == "name" else kind


def make_vec(game: GameSpec | str | Any, num_envs: int, *, opponent: VectorOpponent = "random",
             seat: int = 0, seed: int | None = None, rules: Any = None,
             players: int | None = None
             ) -> gymnasium.vector.VectorEnv[np.ndarray, np.ndarray, np.ndarray]:
    """The vector environment of ``game`` (any of its names): ``num_envs`` games
    stepped together in C (see the module text and :class:`EastWestVectorEnv`).

    Raises:
        UnknownGameError: no game of that name, or a game without a vector
            environment (the games that have one are named).
        ArgumentTypeError, PokerRulesError: as the environment's constructor.
    """
    spec = game_spec(game)
    env_type: type[VectorEnv] | None = hook_target(game_tools(spec).vector_env)
    if env_type is None:
        with_one = [s.name for s in game_specs() if game_tools(s).vector_env is not None]
        raise UnknownGameError(
            f"game {spec.name} has no vector environment; the games with one are "
            f"{', '.join(with_one)}")
    options: dict[str, Any] = {} if players is None else {"players": players}
    return env_type(num_envs, opponent=opponent, seat=seat, seed=seed, rules=rules,  # type: ignore[call-arg]
                    **options)
