"""OpenSpiel games over any game :class:`~pokerrules.envs.encoding.Encoding`.

Each game registers with ``pyspiel.register_game`` as a Python game of
sequential moves, explicit chance and imperfect information. Chance nodes are
the game's own (``new_game(..., chance="explicit")``): a chance action is the
code of the card dealt (``rank * 4 + suit``), each undealt card equally likely.
Player actions are the encoding's action indices; observations are the
encoding's tensors, built from ``state.view(player)``.

- **Copies.** ``state.clone()`` (OpenSpiel deep-copies a Python state's
  ``__dict__``) goes through :meth:`~pokerrules.game.GameState.clone` and shares
  the encoding, which never changes.
- **Pickling and serialization.** Games pickle by name and parameters
  (unpickling registers the game in a new process); states pickle as their game
  and history of actions, replayed and checked when loaded. ``state.serialize()``
  writes the history alone, one action (an int) a line, as OpenSpiel does for its
  own games, and ``game.deserialize_state(text)`` reads nothing else: each action
  is checked as it is replayed, and nothing in the text is unpickled. (OpenSpiel's
  generic ``pyspiel.serialize_game_and_state`` / ``deserialize_game_and_state``,
  written in C++ for every Python game, pickle the state's attributes: give them
  only text written by a program one trusts.)
- **Observations.** The observation (``observation_string``,
  ``observation_tensor``) is what the player sees now: public information and
  the player's own cards, no perfect recall. ``make_py_observer`` also gives the
  public part alone (``IIGObservationType(public_info=True, perfect_recall=False,
  private_info=PrivateInfoType.NONE)``): the same layout with the player's
  private cards left out. It refuses the types the games do not provide (perfect
  recall, private information alone, every player's private information), so
  ``information_state_string`` and ``information_state_tensor`` raise, as
  ``provides_information_state_string=False`` declares.
- **Resampling.** :meth:`State.resample_from_infostate` deals a world
  consistent with one player's view as the game's search determinizes one
  (:mod:`pokerrules.search`), so OpenSpiel's information-set MCTS runs; as the
  games provide no information states, give its bot ``use_observation_string=True``.
- **Rewards.** A game whose returns change only at the end (East–West, Z Poker,
  Chinese Poker with ``scope="round"``) declares ``RewardModel.TERMINAL``, which
  OpenSpiel's MCTS requires; Chinese Poker with ``scope="game"`` pays each round's
  points as it ends (``RewardModel.REWARDS``).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pyspiel

from pokerrules._checks import is_int, shown
from pokerrules.cards import format_cards
from pokerrules.envs.encoding import AgentPolicy, Encoding, real_number
from pokerrules.errors import ArgumentTypeError, IllegalMoveError, PokerRulesError
from pokerrules.game import GameState, seat_index
from pokerrules.runner import Agent

__all__ = ["MAX_GAME_LENGTH", "AgentBot", "register"]

#: Card codes 0..51 are the chance actions (no game here deals the joker).
MAX_CHANCE_OUTCOMES = 52
#: OpenSpiel holds a game's length, and its int parameters, in a C int.
MAX_GAME_LENGTH = 2**31 - 1


def register(short_name: str, long_name: str, defaults: dict[str, Any],
             make_encoding: Callable[[dict[str, Any]], Encoding],
             bounds: Callable[[dict[str, Any]], tuple[float, float, int]],
             zero_sum: bool = True,
             terminal_rewards: Callable[[dict[str, Any]], bool] | None = None,
             module: str | None = None) -> type[pyspiel.Game]:
    """Registers one game with OpenSpiel and returns its ``pyspiel.Game`` class.

    Args:
        short_name: the name ``pyspiel.load_game`` takes.
        long_name: the name shown.
        defaults: the game's parameters and their defaults (ints, strings, bools).
        make_encoding: the encoding for a full set of parameters.
        bounds: for a full set of parameters, the lowest and the highest return
            and the most player moves plus chance steps a game takes (for games
            whose deals can repeat, a bound a game passes with vanishing
            probability; see the documentation); it raises PokerRulesError,
            naming the parameter, where that is more than
            :data:`MAX_GAME_LENGTH`.
        zero_sum: the returns always sum to 0 (else they are general-sum).
        terminal_rewards: for a full set of parameters, True when the returns
            change only at the end (None: always); the game then declares
            ``RewardModel.TERMINAL``, else ``RewardModel.REWARDS``.
        module: the module whose ``openspiel_game(**params)`` loads the game,
            which unpickling imports (so that a new process registers it).
    """
    def game_type(terminal: bool) -> pyspiel.GameType:
        return pyspiel.GameType(
            short_name=short_name,
            long_name=long_name,
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=(pyspiel.GameType.Utility.ZERO_SUM if zero_sum
                     else pyspiel.GameType.Utility.GENERAL_SUM),
            reward_model=(pyspiel.GameType.RewardModel.TERMINAL if terminal
                          else pyspiel.GameType.RewardModel.REWARDS),
            max_num_players=4,
            min_num_players=2,
            provides_information_state_string=False,
            provides_information_state_tensor=False,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification=defaults,
        )

    class Game(pyspiel.Game):
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            values = {**defaults, **(params or {})}
            self.encoding = make_encoding(values)
            self._params = dict(params or {})
            self._initial = _Core(self.encoding,
                                  self.encoding.new_game(seed=None, chance="explicit"),
                                  shared=True)
            low, high, longest = bounds(values)
            if longest > MAX_GAME_LENGTH:  # the bounds should have refused
                raise PokerRulesError(
                    f"{short_name} with {values} may take {longest:,} steps, more than "
                    f"OpenSpiel's game length holds ({MAX_GAME_LENGTH:,})")
            info = pyspiel.GameInfo(
                num_distinct_actions=self.encoding.num_actions,
                max_chance_outcomes=MAX_CHANCE_OUTCOMES,
                num_players=self.encoding.players,
                min_utility=low,
                max_utility=high,
                utility_sum=0.0 if zero_sum else None,
                max_game_length=longest,
            )
            terminal = True if terminal_rewards is None else terminal_rewards(values)
            super().__init__(game_type(terminal), info, params or {})

        def new_initial_state(self) -> State:
            return State(self, self._initial)

        def deserialize_state(self, text: str) -> State:
            """The state whose ``serialize()`` is ``text``: its history, one action
            (a non-negative int, as ``str`` writes it) a line, the last newline
            optional, replayed from the start with every action checked. Nothing
            else is read.

            Raises:
                ArgumentTypeError: ``text`` is no str.
                PokerRulesError: a line that is no action, or more lines than
                    the longest game (named).
                IllegalMoveError: an action that is not legal where it stands
                    (its place in the history is named).
            """
            return _replayed(self, _history(text, self.max_game_length()))

        def make_py_observer(self, iig_obs_type: Any = None,
                             params: dict[str, Any] | None = None) -> Observer:
            """The observer of ``iig_obs_type`` (see the module): None or a
            ``pyspiel.IIGObservationType``; ``params`` None or empty.

            Raises:
                ArgumentTypeError: ``iig_obs_type`` is no observation type.
                PokerRulesError: an observation type the game does not provide, or
                    parameters.
            """
            if params is not None and (not isinstance(params, dict) or params):
                raise PokerRulesError(f"{short_name} observations take no parameters: params "
                                      f"is None or {{}}, not {shown(params)}")
            return Observer(self.encoding, _public_only(short_name, iig_obs_type))

        def __reduce__(self) -> tuple[Any, ...]:
            return _load_pickled, (module, short_name, self._params)

    Game.__name__ = Game.__qualname__ = "".join(w.title() for w in short_name.split("_"))
    Game.defaults = defaults
    pyspiel.register_game(game_type(terminal_rewards is None), Game)
    return Game


def _load_pickled(module: str | None, short_name: str, params: dict[str, Any]) -> pyspiel.Game:
    """A pickled game again: its module registers it in this process if need be,
    and its parameters are checked as ``openspiel_game`` checks them."""
    if short_name in _GAMES:
        return _load(short_name, params)
    if module is None:  # (a game registered by hand, in this process or not at all)
        return pyspiel.load_game(short_name, params)
    game: pyspiel.Game = importlib.import_module(module).openspiel_game(**params)
    return game


def _public_only(short_name: str, iig_obs_type: Any) -> bool:
    """Whether ``iig_obs_type`` asks for the public observation alone (False: the
    player's observation, public and private); PokerRulesError, naming the
    type, for the types the games do not provide."""
    if iig_obs_type is None:
        return False
    if not isinstance(iig_obs_type, pyspiel.IIGObservationType):
        raise ArgumentTypeError(f"iig_obs_type is None or a pyspiel.IIGObservationType, "
                                f"not {shown(iig_obs_type)}")
    private = iig_obs_type.private_info
    if (not iig_obs_type.perfect_recall and iig_obs_type.public_info
            and private in (pyspiel.PrivateInfoType.SINGLE_PLAYER, pyspiel.PrivateInfoType.NONE)):
        return bool(private == pyspiel.PrivateInfoType.NONE)
    raise PokerRulesError(
        f"{short_name} provides the player's observation (public_info=True, "
        f"private_info=SINGLE_PLAYER) and the public one (private_info=NONE), both "
        f"without perfect recall; not public_info={iig_obs_type.public_info}, "
        f"perfect_recall={iig_obs_type.perfect_recall}, private_info={private.name}")


class _Core:
    """What a :class:`State` holds, as the one entry of its ``__dict__``: OpenSpiel
    clones a Python state by deep-copying that dict, and this copies the game
    state with :meth:`~pokerrules.game.GameState.clone` and shares the rest."""

    __slots__ = ("encoding", "game_state", "paid", "shared", "world")

    def __init__(self, encoding: Encoding, game_state: GameState[Any],
                 world: bool = False, shared: bool = False) -> None:
        self.encoding = encoding
        self.game_state = game_state
        # The returns when a player last acted; rewards are paid from there.
        self.paid = encoding.returns(game_state)
        # True for a world of resample_from_infostate, whose history is not the game's.
        self.world = world
        # True for the game's initial core, which every new state shares until it
        # changes (OpenSpiel's clone makes a new initial state, then replaces it).
        self.shared = shared

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        new = _Core.__new__(_Core)
        new.encoding, new.game_state = self.encoding, self.game_state.clone()
        new.paid, new.world, new.shared = self.paid, self.world, False
        return new

    def __getstate__(self) -> tuple[None, dict[str, Any]]:
        # (OpenSpiel's generic serialize_game_and_state pickles a state's attributes)
        if self.world:
            raise PokerRulesError(_WORLD_STAYS)
        return None, {name: getattr(self, name) for name in _Core.__slots__}


#: Why a resampled world neither serializes nor pickles.
_WORLD_STAYS = ("a resampled world is for search: its history is not the game's, so it "
                "does not serialize or pickle")


class State(pyspiel.State):
    """One OpenSpiel state around one pokerrules state (explicit chance)."""

    def __init__(self, game: pyspiel.Game, core: _Core) -> None:
        super().__init__(game)
        self._core = core

    def _own(self) -> _Core:
        """The core, first copied if it is the game's shared initial one."""
        core = self._core
        if core.shared:
            core = self._core = core.__deepcopy__({})
        return core

    @property
    def encoding(self) -> Encoding:
        """The game's :class:`~pokerrules.envs.encoding.Encoding`."""
        return self._core.encoding

    @property
    def game_state(self) -> GameState[Any]:
        """The pokerrules state (explicit chance, except in a resampled world)."""
        return self._own().game_state

    def current_player(self) -> int:
        core = self._core
        state = core.game_state
        if core.encoding.is_terminal(state):
            return int(pyspiel.PlayerId.TERMINAL)
        if state.is_chance_node:
            return int(pyspiel.PlayerId.CHANCE)
        player = state.current_player
        assert player is not None
        return player

    def _legal_actions(self, player: int) -> list[int]:
        return self._core.encoding.legal_actions(self._core.game_state)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        outcomes = self._core.game_state.chance_outcomes()
        return [(card.code, float(p)) for card, p in outcomes]

    def _apply_action(self, action: int) -> None:
        core = self._own()
        if core.game_state.is_chance_node:
            core.game_state.apply_chance(int(action))
        else:
            before = core.encoding.returns(core.game_state)
            core.encoding.apply(core.game_state, action)
            core.paid = before

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {format_cards([action])}"
        return self._core.encoding.action_name(action)

    def is_terminal(self) -> bool:
        return self._core.encoding.is_terminal(self._core.game_state)

    def returns(self) -> list[float]:
        return list(self._core.encoding.returns(self._core.game_state))

    def rewards(self) -> list[float]:
        """All 0 at a chance node; at a player's turn or the end, what each
        player's return gained since the last player action (that action and
        the cards dealt since). Summed over every state of a game, or over its
        players' turns and its end alone (as OpenSpiel's ``rl_environment``
        and ``random_sim_test`` read them), the rewards are the returns."""
        now = self._core.encoding.returns(self._core.game_state)
        if self.current_player() == pyspiel.PlayerId.CHANCE:  # (not at an episode's end)
            return [0.0] * len(now)
        return [a - b for a, b in zip(now, self._core.paid)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> State:
        """A world consistent with what ``player_id`` sees now, the cards hidden from
        that player dealt at random as the game's search determinizes a world
        (:meth:`~pokerrules.envs.encoding.Encoding.world`): its observation for
        ``player_id`` is this state's. ``probability_sampler`` (a callable giving a
        number from 0 to 1, 1 excluded, such as
        ``pyspiel.UniformProbabilitySampler(0., 1.)``) seeds the deal. The world is
        for search: its ``history()`` is empty, East–West and Z Poker worlds deal
        their later cards themselves (no chance nodes), and it does not pickle or
        serialize. At the end of an episode the world is a copy of the state.

        Raises:
            PokerRulesError: ``player_id`` is no player, this is a chance node
                (a world is dealt at a player's turn or at the end), or the
                sampler gave a number outside [0, 1).
            ArgumentTypeError: ``probability_sampler`` is not callable, or gave
                what is no real number.
        """
        core = self._core
        player = seat_index(player_id, core.encoding.players)
        if core.game_state.is_chance_node and not core.encoding.is_terminal(core.game_state):
            raise PokerRulesError(
                "resample_from_infostate: this is a chance node; worlds are dealt at a "
                "player's turn or at the end")
        if not callable(probability_sampler):
            raise ArgumentTypeError(
                f"resample_from_infostate: probability_sampler is a callable giving a number "
                f"from 0 to 1 (such as pyspiel.UniformProbabilitySampler(0., 1.)), not "
                f"{shown(probability_sampler)}")
        drawn = probability_sampler()
        number = real_number(drawn)
        if number is None or not 0 <= number < 1:
            raise (ArgumentTypeError if number is None else PokerRulesError)(
                f"resample_from_infostate: probability_sampler() gave {shown(drawn)}; it "
                f"gives a number from 0 to 1 (1 excluded)")
        seed = int(number * 2**53)
        world = core.encoding.world(core.game_state, player, np.random.default_rng(seed))
        new = State(self.get_game(), _Core(core.encoding, world, world=True))
        new._core.paid = core.paid
        return new

    def serialize(self) -> str:
        """The history of actions, each followed by a newline (``"20\\n21\\n"``),
        which ``game.deserialize_state`` reads back.

        Raises:
            PokerRulesError: a resampled world (whose history is not the game's).
        """
        if self._core.world:
            raise PokerRulesError(_WORLD_STAYS)
        return "".join(f"{action}\n" for action in self.history())

    def __reduce__(self) -> tuple[Any, ...]:
        if self._core.world:
            raise PokerRulesError(_WORLD_STAYS)
        return _replayed, (self.get_game(), self.history())

    def __str__(self) -> str:
        text: str = self._core.encoding.render(self._core.game_state)  # type: ignore[attr-defined]
        return text


#: One line of a serialized state: an action, a non-negative int written as
#: ``str(action)`` writes it (ASCII digits, no sign, no leading zero), so that a
#: state has one text. (A card code or an action index has a few digits.)
_ACTION = re.compile(r"0|[1-9][0-9]{0,17}")


def _history(text: object, longest: int) -> list[int]:
    """The actions of ``text``, written by :meth:`State.serialize`, checked as text."""
    if not isinstance(text, str):
        raise ArgumentTypeError(f"deserialize_state takes the text of state.serialize() "
                                f"(one action a line), not {shown(text)}")
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()  # the newline after the last action
    if len(lines) > longest:
        raise PokerRulesError(f"deserialize_state: {len(lines):,} lines, more lines than "
                              f"the longest game has actions ({longest:,})")
    for number, line in enumerate(lines, start=1):
        if not _ACTION.fullmatch(line):
            raise PokerRulesError(
                f"deserialize_state: line {number}, {shown(line)}, is no action; a "
                f"serialized state is its history, one action (a non-negative int) a line")
    return [int(line) for line in lines]


def _replayed(game: pyspiel.Game, history: Sequence[object]) -> State:
    """The state of ``history`` (a pickled or serialized state): each action
    checked, then applied to a new state of ``game``.

    Raises:
        ArgumentTypeError: an action that is no int.
        IllegalMoveError: an action not legal where it stands (named).
    """
    if not isinstance(history, (list, tuple)):
        raise ArgumentTypeError(f"a state's history is a list of ints, not {shown(history)}")
    state: State = game.new_initial_state()
    for number, action in enumerate(history, start=1):
        if not is_int(action):
            raise ArgumentTypeError(f"the history's action {number} is no int: {shown(action)}")
        if action not in state.legal_actions():
            where = (": the game is over" if state.is_terminal() else
                     " at a chance node" if state.is_chance_node() else
                     f" at player {state.current_player()}'s turn")
            raise IllegalMoveError(
                f"the history's action {number}, {action}, is not legal{where}")
        state.apply_action(int(action))
    return state


class Observer:
    """OpenSpiel's observer protocol: ``tensor`` (``float32``), ``dict`` (a view of
    each block by field name) and ``set_from`` / ``string_from``; with
    ``public_only`` the player's private cards are left out of both
    (:meth:`~pokerrules.envs.encoding.Encoding.public_view`)."""

    def __init__(self, encoding: Encoding, public_only: bool = False) -> None:
        self.encoding = encoding
        self.public_only = public_only
        self.tensor = np.zeros(encoding.observation_size, dtype=np.float32)
        self.dict = {f.name: self.tensor[f.start:f.stop] for f in encoding.fields}

    def set_from(self, state: State, player: int) -> None:
        self.tensor[:] = self.encoding.observe(state.game_state, player, self.public_only)

    def string_from(self, state: State, player: int) -> str:
        view = state.game_state.view(player)
        return self.encoding.view_text(self.encoding.public_view(view) if self.public_only
                                       else view)


class AgentBot(pyspiel.Bot):
    """A pokerrules agent as the OpenSpiel bot of one player (for
    ``evaluate_bots`` and the like), made as OpenSpiel's own bots are.

    Args:
        game: the OpenSpiel game, e.g. ``east_west_v0.openspiel_game()``.
        player_id: the player the bot plays (0 to the number of players - 1).
        agent: the agent, e.g. ``pokerrules.eastwest.GreedyAgent()``.
        seed: the seed of the agent's own generator.

    Raises:
        ArgumentTypeError: ``game`` is no game of pokerrules.
        PokerRulesError: ``player_id`` is no player of the game, or ``agent`` is no
            agent (see :class:`~pokerrules.envs.AgentPolicy`).

    >>> import numpy as np
    >>> from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
    >>> from pokerrules import eastwest, runner
    >>> from pokerrules.envs import east_west_v0
    >>> from pokerrules.envs.spiel import AgentBot
    >>> game = east_west_v0.openspiel_game()
    >>> bots = [AgentBot(game, 0, eastwest.GreedyAgent(), seed=1),
    ...         AgentBot(game, 1, runner.RandomAgent(), seed=2)]
    >>> evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(3))
    [1.0, -1.0]
    """

    def __init__(self, game: pyspiel.Game, player_id: int, agent: Agent, seed: int = 0) -> None:
        encoding = getattr(game, "encoding", None)
        if not isinstance(game, pyspiel.Game) or not isinstance(encoding, Encoding):
            raise ArgumentTypeError(
                f"AgentBot takes (game, player_id, agent, seed=0), the game being a pokerrules "
                f"OpenSpiel game (e.g. east_west_v0.openspiel_game()), not {shown(game)}")
        super().__init__()
        self._player_id = seat_index(player_id, encoding.players)
        self.policy = AgentPolicy(encoding, agent, seed)
        self.agent = agent

    def player_id(self) -> int:
        """The player the bot plays."""
        return self._player_id

    def step(self, state: State) -> int:
        """The action of the agent's move in ``state``.

        Raises:
            ArgumentTypeError: ``state`` is no state of a pokerrules game.
            IllegalMoveError: the bot's player is not to move.
        """
        if not isinstance(state, State):
            raise ArgumentTypeError(f"AgentBot steps in a pokerrules OpenSpiel state, "
                                    f"not {shown(state)}")
        player = state.game_state.current_player
        if player != self._player_id:
            raise IllegalMoveError(
                f"the bot plays player {self._player_id}, but player {player} is to move")
        return self.policy(state.game_state)

    def restart_at(self, state: State) -> None:
        """Nothing to forget: the agent reads the state at every step."""

    def inform_action(self, state: State, player: int, action: int) -> None:
        """Nothing to note: the agent reads the state at every step."""


_GAMES: dict[str, type[pyspiel.Game]] = {}


def registered(short_name: str, register_game: Callable[[], type[pyspiel.Game]]
               ) -> type[pyspiel.Game]:
    """The ``pyspiel.Game`` class of ``short_name``, registered with OpenSpiel
    first if this process has not (``register_game`` does it)."""
    if short_name not in _GAMES:
        _GAMES[short_name] = register_game()
    return _GAMES[short_name]


def load(short_name: str, params: dict[str, Any], register_game: Callable[[], type[pyspiel.Game]]
         ) -> pyspiel.Game:
    """``pyspiel.load_game(short_name, params)``, registering the game first if
    this process has not (``register_game`` does it).

    Raises:
        PokerRulesError: an unknown parameter, an int parameter outside a C int,
            or the game refuses the parameters (named).
        ArgumentTypeError: a parameter of another type than its default's
            (where OpenSpiel would raise its own ``SpielError``).
    """
    registered(short_name, register_game)
    return _load(short_name, params)


def _load(short_name: str, params: object) -> pyspiel.Game:
    """:func:`load` of a registered game."""
    if not isinstance(params, dict):
        raise ArgumentTypeError(f"{short_name}'s parameters are a dict, not {shown(params)}")
    defaults: dict[str, Any] = _GAMES[short_name].defaults
    return pyspiel.load_game(short_name, {
        name: _parameter(short_name, name, value, defaults) for name, value in params.items()})


def _parameter(short_name: str, name: str, value: Any, defaults: dict[str, Any]) -> Any:
    """``value`` checked as parameter ``name``: of its default's type (numpy
    scalars are taken), and an int within a C int."""
    if name not in defaults:
        raise PokerRulesError(
            f"{short_name} has no parameter {shown(name)}; its parameters are "
            f"{', '.join(sorted(defaults))}")
    kind = type(defaults[name])
    if kind is bool:
        ok = isinstance(value, (bool, np.bool_))
    elif kind is int:
        ok = isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))
    else:
        ok = isinstance(value, kind)
    if not ok:
        raise ArgumentTypeError(
            f"{short_name}'s {name} is {'an' if kind is int else 'a'} {kind.__name__}, "
            f"not {shown(value)}")
    if kind is int and not -MAX_GAME_LENGTH - 1 <= value <= MAX_GAME_LENGTH:
        raise PokerRulesError(f"{short_name}'s {name} {value} does not fit OpenSpiel's C int")
    return kind(value)
