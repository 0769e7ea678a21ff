"""The turn-based games and the Pai Gow round as reinforcement-learning
environments.

Install the frameworks with the ``rl`` extra, in a checkout of the source:
``pip install ".[rl]"``. One module per game,
each named as PettingZoo names its environments, the number being the version of
the encoding (observation layout and action indices):

- :mod:`pokerrules.envs.east_west_v0`, :mod:`pokerrules.envs.z_poker_v0`,
  :mod:`pokerrules.envs.chinese_poker_v0`: the game's :class:`Encoding`, its
  PettingZoo AEC environment (``env()``, ``raw_env()``) and its OpenSpiel game
  (``openspiel_game()``).
- :mod:`pokerrules.envs.pai_gow_v0`: the Pai Gow round's :class:`Encoding` and its
  PettingZoo AEC environment (each seat sets its hand once; no OpenSpiel game).
- :mod:`pokerrules.envs.encoding`: what the encodings share, and
  :class:`AgentPolicy`, which plays a pokerrules agent through action indices.
- :mod:`pokerrules.envs.aec` and :mod:`pokerrules.envs.spiel`: the PettingZoo
  environment and the OpenSpiel game over any encoding (imported only when used,
  so the encodings need numpy alone).
- :mod:`pokerrules.envs.single_agent`: one seat against fixed opponents as a
  Gymnasium environment, for single-agent learners.
- :mod:`pokerrules.envs.vector`: thousands of games stepped in C in one call, as a
  Gymnasium vector environment (``make_vec``; East–West).

Importing this package registers the games with the frameworks that are
installed: the OpenSpiel games (``pyspiel.load_game("pokerrules_z_poker")``) and
the Gymnasium id each game registers beside its spec
(:attr:`GameTools.gymnasium_id <pokerrules.specs.GameTools.gymnasium_id>`:
``gymnasium.make("pokerrules/ZPoker-v0", opponent="greedy")``). ``import pokerrules``
alone imports neither framework.

>>> from pokerrules.envs import east_west_v0
>>> env = east_west_v0.env()
>>> env.reset(seed=5)
>>> env.agent_selection, env.last()[0]["action_mask"].tolist()
('player_1', [1, 1, 1])
"""

import importlib
from types import ModuleType
from typing import Any

from pokerrules.envs.chinese_poker_v0 import ChinesePokerEncoding
from pokerrules.envs.east_west_v0 import EastWestEncoding
from pokerrules.envs.encoding import AgentPolicy, Encoding, Field, check_options, keywords
from pokerrules.envs.pai_gow_v0 import PaiGowEncoding
from pokerrules.envs.z_poker_v0 import ZPokerEncoding
from pokerrules.errors import PokerRulesError
from pokerrules.specs import EnvironmentModule, GameSpec, game_spec, game_specs, game_tools

__all__ = [
    "AgentPolicy",
    "ChinesePokerEncoding",
    "EastWestEncoding",
    "Encoding",
    "Field",
    "PaiGowEncoding",
    "ZPokerEncoding",
    "make_env",
    "register_openspiel",
]



def make_env(game: GameSpec | ModuleType | str, **options: Any) -> Any:
    """The PettingZoo environment of any game of the registry
    (:mod:`pokerrules.specs`), by any of its names: ``make_env("east-west")`` is
    ``east_west_v0.env()``; ``options`` go to the game's ``env`` (``rules``,
    ``render_mode``; Chinese Poker's ``players`` and ``scope`` too).

    Raises:
        UnknownGameError: no game of that name (the message lists the games).
        PokerRulesError: a game without an environment, or an option its
            environment does not take (named, the options listed).
    """
    spec = game_spec(game)
    environment = game_tools(spec).environment
    if environment is None:
        raise PokerRulesError(f"game {spec.name} has no learning environment")
    make = environment
    if isinstance(make, EnvironmentModule):
        make = importlib.import_module(make.module).env
    accepted = keywords(make)
    if accepted is not None:  # (None: an environment taking any option checks them itself)
        check_options(options, accepted, f"{spec.name}'s environment")
    return environment(**options)


def register_openspiel(game: GameSpec | ModuleType | str) -> Any:
    """Registers the OpenSpiel game of ``game`` (any name of a game of the registry
    whose environment is a module of this package) with ``pyspiel.register_game``,
    once per process (importing this package does it for the games of pokerrules),
    and returns its ``pyspiel.Game`` class: ``register_openspiel("z-poker")``.

    Raises:
        UnknownGameError: no game of that name.
        PokerRulesError: a game with no OpenSpiel game.
        ImportError: OpenSpiel is not installed (``pip install ".[rl]"`` in a checkout).
    """
    spec = game_spec(game)
    environment = game_tools(spec).environment
    module = importlib.import_module(environment.module) \
        if isinstance(environment, EnvironmentModule) else None
    if module is None or not hasattr(module, "OPENSPIEL_NAME"):
        raise PokerRulesError(f"game {spec.name} has no OpenSpiel game")
    from pokerrules.envs import spiel

    return spiel.registered(module.OPENSPIEL_NAME, module.define_openspiel_game)


def _register_with_frameworks() -> None:
    """Registers the OpenSpiel games and the Gymnasium ids with whichever of the
    two frameworks is installed (neither is required)."""
    try:
        import pyspiel  # noqa: F401  (only whether it imports)
    except ImportError:
        pass
    else:
        for spec in game_specs():  # each game whose environment module has an OpenSpiel game
            environment = game_tools(spec).environment
            if isinstance(environment, EnvironmentModule) and hasattr(
                    importlib.import_module(environment.module), "OPENSPIEL_NAME"):
                register_openspiel(spec)
    try:
        import gymnasium
    except ImportError:
        return
    for spec in game_specs():
        env_id = game_tools(spec).gymnasium_id
        if env_id is not None and env_id not in gymnasium.registry:  # (a reload: not twice)
            gymnasium.register(id=env_id, kwargs={"game": spec.name},
                               entry_point="pokerrules.envs.single_agent:single_agent_env")


_register_with_frameworks()
