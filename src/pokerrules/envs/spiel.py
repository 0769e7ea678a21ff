"""OpenSpiel games over any game :class:`~pokerrules.envs.encoding.Encoding`.

Each game registers with ``pyspiel.register_game`` as a Python game of
sequential moves, explicit chance and imperfect information. Chance nodes are
the game's own (``new_game(..., chance="explicit")``): a chance action is the
code of the card dealt (``rank * 4 + suit``), each undealt card equally likely.
Player actions are the encoding's action indices; observations are the
encoding's tensors, built from ``state.view(player)``. States serialize through
OpenSpiel's own history of actions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from pokerrules._core import _shown
from pokerrules.cards import format_cards
from pokerrules.envs.encoding import AgentPolicy, Encoding
from pokerrules.errors import ArgumentTypeError, IllegalMoveError, PokerRulesError
from pokerrules.game import Agent, GameState, seat_index

__all__ = ["MAX_GAME_LENGTH", "AgentBot", "register"]

#: Card codes 0..51 are the chance actions (no game here deals the joker).
MAX_CHANCE_OUTCOMES = 52
#: OpenSpiel holds a game's length, and its int parameters, in a C int.
MAX_GAME_LENGTH = 2**31 - 1


def register(short_name: str, long_name: str, defaults: dict[str, Any],
             make_encoding: Callable[[dict[str, Any]], Encoding],
             bounds: Callable[[dict[str, Any]], tuple[float, float, int]],
             zero_sum: bool = True, terminal_rewards: bool = True) -> type[pyspiel.Game]:
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
        terminal_rewards: True when returns change only at the end.
    """
    game_type = pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.ZERO_SUM if zero_sum
                 else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=(pyspiel.GameType.RewardModel.TERMINAL if terminal_rewards
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
            super().__init__(game_type, info, params or {})

        def new_initial_state(self) -> State:
            return State(self, self.encoding)

        def make_py_observer(self, iig_obs_type: Any = None,
                             params: dict[str, Any] | None = None) -> Observer:
            if params:
                raise PokerRulesError(f"{short_name} observations take no parameters: {params}")
            return Observer(self.encoding)

    Game.__name__ = Game.__qualname__ = "".join(w.title() for w in short_name.split("_"))
    Game.defaults = defaults
    pyspiel.register_game(game_type, Game)
    return Game


class State(pyspiel.State):
    """One OpenSpiel state around one pokerrules state (explicit chance)."""

    def __init__(self, game: pyspiel.Game, encoding: Encoding) -> None:
        super().__init__(game)
        self.encoding = encoding
        self.game_state: GameState[Any] = encoding.new_game(seed=None, chance="explicit")
        # The returns when a player last acted; rewards are paid from there.
        self._paid: tuple[float, ...] = self.encoding.returns(self.game_state)

    def current_player(self) -> int:
        state = self.game_state
        if self.encoding.is_terminal(state):
            return int(pyspiel.PlayerId.TERMINAL)
        if state.is_chance_node:
            return int(pyspiel.PlayerId.CHANCE)
        player = state.current_player
        assert player is not None
        return player

    def _legal_actions(self, player: int) -> list[int]:
        return self.encoding.legal_actions(self.game_state)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        outcomes = self.game_state.chance_outcomes()
        return [(card.code, float(p)) for card, p in outcomes]

    def _apply_action(self, action: int) -> None:
        if self.game_state.is_chance_node:
            self.game_state.apply_chance(int(action))
        else:
            before = self.encoding.returns(self.game_state)
            self.encoding.apply(self.game_state, action)
            self._paid = before

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {format_cards([action])}"
        return self.encoding.action_name(action)

    def is_terminal(self) -> bool:
        return self.encoding.is_terminal(self.game_state)

    def returns(self) -> list[float]:
        return list(self.encoding.returns(self.game_state))

    def rewards(self) -> list[float]:
        """All 0 at a chance node; at a player's turn or the end, what each
        player's return gained since the last player action (that action and
        the cards dealt since). Summed over every state of a game, or over its
        players' turns and its end alone (as OpenSpiel's ``rl_environment``
        and ``random_sim_test`` read them), the rewards are the returns."""
        now = self.encoding.returns(self.game_state)
        if self.current_player() == pyspiel.PlayerId.CHANCE:  # (not at an episode's end)
            return [0.0] * len(now)
        return [a - b for a, b in zip(now, self._paid)]

    def __str__(self) -> str:
        return self.game_state.to_json()


class Observer:
    """OpenSpiel's observer protocol: ``tensor`` (``float32``), ``dict`` (a view of
    each block by field name) and ``set_from`` / ``string_from``."""

    def __init__(self, encoding: Encoding) -> None:
        self.encoding = encoding
        self.tensor = np.zeros(encoding.observation_size, dtype=np.float32)
        self.dict = {f.name: self.tensor[f.start:f.stop] for f in encoding.fields}

    def set_from(self, state: State, player: int) -> None:
        self.tensor[:] = self.encoding.observe(state.game_state, player)

    def string_from(self, state: State, player: int) -> str:
        return repr(state.game_state.view(player))


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
    >>> from pokerrules import eastwest
    >>> from pokerrules.envs import east_west_v0
    >>> from pokerrules.envs.spiel import AgentBot
    >>> game = east_west_v0.openspiel_game()
    >>> bots = [AgentBot(game, 0, eastwest.GreedyAgent(), seed=1),
    ...         AgentBot(game, 1, eastwest.RandomAgent(), seed=2)]
    >>> evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(3))
    [1.0, -1.0]
    """

    def __init__(self, game: pyspiel.Game, player_id: int, agent: Agent, seed: int = 0) -> None:
        encoding = getattr(game, "encoding", None)
        if not isinstance(game, pyspiel.Game) or not isinstance(encoding, Encoding):
            raise ArgumentTypeError(
                f"AgentBot takes (game, player_id, agent, seed=0), the game being a pokerrules "
                f"OpenSpiel game (e.g. east_west_v0.openspiel_game()), not {_shown(game)}")
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
                                    f"not {_shown(state)}")
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
    if short_name not in _GAMES:
        _GAMES[short_name] = register_game()
    defaults: dict[str, Any] = _GAMES[short_name].defaults
    return pyspiel.load_game(short_name, {
        name: _parameter(short_name, name, value, defaults) for name, value in params.items()})


def _parameter(short_name: str, name: str, value: Any, defaults: dict[str, Any]) -> Any:
    """``value`` checked as parameter ``name``: of its default's type (numpy
    scalars are taken), and an int within a C int."""
    if name not in defaults:
        raise PokerRulesError(
            f"{short_name} has no parameter {_shown(name)}; its parameters are "
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
            f"not {_shown(value)}")
    if kind is int and not -MAX_GAME_LENGTH - 1 <= value <= MAX_GAME_LENGTH:
        raise PokerRulesError(f"{short_name}'s {name} {value} does not fit OpenSpiel's C int")
    return kind(value)
