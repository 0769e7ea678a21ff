"""One registry of games: a game registered here, in the test process, is played
by the runner, offered by ``pokerrules play`` and built by the environment factory
with no other edit; every name of a game finds it, and an unknown one lists the
games."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, fields

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerrules import eastwest, paigow, specs, zpoker
from pokerrules.cli import build_parser, main
from pokerrules.errors import (
    ArgumentTypeError,
    IllegalMoveError,
    PokerRulesError,
    RulesMismatchError,
    UnknownGameError,
)
from pokerrules.game import GameState, seat_index
from pokerrules.records import MoveRecord, Result
from pokerrules.runner import RandomAgent, game_module, play_game
from pokerrules.shuffle import DealStream
from pokerrules.specs import GameSpec, GameTools, game_spec, game_specs, game_tools, register

GOAL = 10


@dataclass(frozen=True)
class RaceRules:
    goal: int = GOAL


class RaceState(GameState[int]):
    """Two players add 1 or 2 to a count in turn; who reaches the goal wins."""

    game_name = "toy-race"
    deal_is_fixed = True

    def __init__(self, players: int = 2) -> None:
        super().__init__(players)
        self.count = 0
        self.turn: int | None = 0

    @property
    def current_player(self) -> int | None:
        return self.turn

    def _legal(self) -> tuple[int, ...]:
        return tuple(step for step in (1, 2) if self.count + step <= GOAL)

    def _check(self, move: int) -> None:
        if move not in self._legal():
            raise IllegalMoveError(f"add 1 or 2 without passing {GOAL}, not {move!r}")

    def _apply(self, move: int) -> MoveRecord:
        player = self.turn
        assert player is not None
        self.count += move
        self.turn = None if self.count == GOAL else 1 - player
        self.winner = player
        return MoveRecord(player=player, move=str(move), detail={"count": self.count})

    def _parse(self, text: str) -> int:
        if text.strip() not in ("1", "2"):
            raise IllegalMoveError(f"a move is 1 or 2, not {text!r}")
        return int(text)

    def result(self) -> Result:
        if self.turn is not None:
            raise IllegalMoveError("the race is not over")
        scores = tuple(1.0 if p == self.winner else 0.0 for p in range(2))
        return Result(winners=(self.winner,), scores=scores, detail={"count": self.count})

    def view(self, player: int) -> tuple[int, int]:
        return seat_index(player, 2), self.count

    def _deal_dict(self) -> dict[str, int]:
        return {}

    @classmethod
    def _from_deal(cls, deal: dict[str, int], players: int) -> RaceState:
        return cls(players)

    def _copy_parts(self, new: GameState[int]) -> None:
        pass


def new_race(seed: int = 0, players: int = 2, rules: RaceRules | None = None) -> RaceState:
    if players != 2:
        raise PokerRulesError(f"the race is for 2 players, not {players}")
    state = RaceState()
    state._begin(DealStream.from_seed(seed))
    return state


class GreedyRacer:
    """Takes the largest step."""

    def choose(self, view, legal_moves, rng):
        return max(legal_moves)


def render_race(state: RaceState, viewer: int | None = None) -> str:
    return f"count {state.count} of {GOAL}"


made_envs: list[dict] = []


def race_env(**options):
    made_envs.append(options)
    return ("race environment", options)


RACE = GameSpec(
    name="toy-race", package=__name__, aliases=("ToyRace", "race_v0"),
    rules_type=RaceRules, new_game=new_race, parse_move=int,
)
RACE_TOOLS = GameTools(
    render=render_race, agents={"random": RandomAgent, "greedy": GreedyRacer},
    default_agents=("greedy", "random"),
    levels={"easy": RandomAgent, "normal": GreedyRacer, "hard": GreedyRacer},
    environment=race_env,
)
SPEC_FIELDS = [f.name for f in fields(GameSpec)]
TOOLS_FIELDS = [f.name for f in fields(GameTools)]


def race_game(**change):
    """The race's spec and tools, with the fields of either in ``change`` changed."""
    values = {**RACE.__dict__, **RACE_TOOLS.__dict__, **change}
    return (GameSpec(**{f: values[f] for f in SPEC_FIELDS}),
            GameTools(**{f: values[f] for f in TOOLS_FIELDS}))


@pytest.fixture
def race():
    register(RACE, RACE_TOOLS)
    try:
        yield RACE
    finally:
        specs.unregister("toy-race")
    assert "toy-race" not in [spec.name for spec in game_specs()]


@pytest.mark.fast
def test_the_runner_plays_a_registered_game_by_any_of_its_names(race):
    assert game_spec("toy-race").package == __name__
    assert game_module("race_v0").RACE is RACE
    record = play_game("ToyRace", ["greedy", "greedy"], seed=3)
    assert record.game == "toy-race"
    assert [m.move for m in record.moves] == ["2", "2", "2", "2", "2"]
    assert record.result.winners == (0,)
    assert play_game(race, seed=3) == play_game("toy_race", ["greedy", "random"], seed=3)


@pytest.mark.fast
def test_the_command_line_offers_and_plays_a_registered_game(race, capsys):
    play = build_parser()._subparsers._group_actions[0].choices["play"]
    game = next(a for a in play._actions if a.dest == "game")
    assert "toy-race" in game.choices and "toy-race" in play.epilog
    assert main(["play", "toy-race", "--seed", "1", "--agents", "greedy,greedy", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["game"] == "toy-race" and record["moves"] == ["2"] * 5
    assert main(["play", "toy-race", "--level", "hard", "--quiet"]) == 0
    assert capsys.readouterr().out == "winner: player 0; scores: player 0 1, player 1 0\n"


def add_race_command(commands):
    race = commands.subparsers.add_parser("race-goal", help="print the race's goal")
    race.set_defaults(run=lambda args: print(f"goal {GOAL}") or 0)


@pytest.mark.fast
def test_a_spec_adds_a_command_of_its_own(capsys):
    register(*race_game(add_cli=add_race_command))
    try:
        assert main(["race-goal"]) == 0
        assert capsys.readouterr().out == f"goal {GOAL}\n"
        assert main(["play", "toy-race", "--quiet"]) == 0  # and joins play as every game does
    finally:
        specs.unregister("toy-race")
    with pytest.raises(SystemExit):
        main(["race-goal"])


@pytest.mark.fast
def test_the_environment_factory_builds_a_registered_game(race):
    envs = pytest.importorskip("pokerrules.envs")
    made_envs.clear()
    assert envs.make_env("race_v0", render_mode="ansi") == \
        ("race environment", {"render_mode": "ansi"})
    assert made_envs == [{"render_mode": "ansi"}]


@pytest.mark.fast
def test_a_game_without_an_environment_is_refused_by_name(race):
    envs = pytest.importorskip("pokerrules.envs")
    bare = race_game(name="bare-race", aliases=(),
                       package="bare", environment=None)
    register(*bare)
    try:
        with pytest.raises(PokerRulesError, match="game bare-race has no learning environment"):
            envs.make_env("bare-race")
    finally:
        specs.unregister("bare-race")


@pytest.mark.fast
@pytest.mark.parametrize("name, canonical", [
    ("east-west", "east-west"), ("eastwest", "east-west"), ("east_west_v0", "east-west"),
    ("EastWest", "east-west"), ("pokerrules.eastwest", "east-west"),
    ("z-poker", "z-poker"), ("ZPoker", "z-poker"), ("z_poker_v0", "z-poker"),
    ("chinese-poker", "chinese-poker"), ("ChinesePoker", "chinese-poker"),
    ("chinese_poker_v0", "chinese-poker"),
])
def test_every_spelling_of_a_game_finds_it(name, canonical):
    assert game_spec(name).name == canonical
    assert game_module(name) is game_spec(canonical).module()


@pytest.mark.fast
def test_an_unknown_game_lists_the_games(race):
    with pytest.raises(UnknownGameError) as error:
        game_spec("poker")
    assert str(error.value) == ("no game 'poker'; the games are east-west, z-poker, "
                                "chinese-poker, pai-gow, toy-race")
    assert isinstance(error.value, PokerRulesError) and isinstance(error.value, KeyError)


@pytest.mark.fast
def test_a_name_of_another_game_is_refused():
    clash = race_game(name="race", aliases=("East_West",))
    with pytest.raises(PokerRulesError, match="'eastwest' is game east-west's already"):
        register(*clash)
    assert [s.name for s in game_specs()] == ["east-west", "z-poker", "chinese-poker", "pai-gow"]


@pytest.mark.fast
def test_the_games_of_pokerrules_are_their_packages_specs_and_tools():
    for spec in game_specs():
        package = spec.module()
        assert package.SPEC is spec and game_tools(spec) is package.TOOLS
        tools = package.TOOLS
        assert (tools.agents, tools.levels, tools.default_agents, spec.new_game) == \
            (package.AGENTS, package.LEVELS, package.DEFAULT_AGENTS, package.new_game)
        assert spec.parse_move is package.parse_move and tools.render is package.render
        assert issubclass(package.new_game(seed=1).rules.__class__, spec.rules_type)


@pytest.mark.fast
def test_play_game_takes_only_the_games_rules(race):
    assert play_game("toy-race", seed=1, rules=RaceRules()).game == "toy-race"
    with pytest.raises(RulesMismatchError, match="game toy-race takes RaceRules as rules "
                                                 r"\(or None\), not 'casino'"):
        play_game("toy-race", seed=1, rules="casino")
    with pytest.raises(RulesMismatchError, match="game east-west takes EastWestRules"):
        play_game("east-west", seed=1, rules=zpoker.ZPokerRules())


@pytest.mark.fast
def test_play_game_takes_a_rules_presets_name_in_any_case():
    by_name = play_game("pai-gow", seed=1, rules="Casino")
    assert by_name == play_game("pai-gow", seed=1, rules=paigow.PaiGowRules.casino())
    with pytest.raises(RulesMismatchError, match=r"takes PaiGowRules as rules \(or None, "
                                                 r"'classic', 'casino', 'ez', 'commission_free', "
                                                 r"'face_up'\), not 'piquet'"):
        play_game("pai-gow", seed=1, rules="piquet")


@pytest.mark.fast
def test_a_spec_needs_its_tools_to_register():
    with pytest.raises(ArgumentTypeError, match="register takes its GameTools beside"):
        register(RACE, None)
    with pytest.raises(UnknownGameError, match="game toy-race is not registered"):
        game_tools(RACE)


@pytest.mark.fast
@pytest.mark.parametrize("change, error, message", [
    ({"name": 3}, ArgumentTypeError, "a game's name must be text, not 3"),
    ({"name": "--"}, PokerRulesError, "a game's name must have more than blanks"),
    ({"package": None}, ArgumentTypeError, "game toy-race: package must be text"),
    ({"package": "pokerrules."}, PokerRulesError, "game toy-race: package must have more"),
    ({"aliases": None}, ArgumentTypeError, "aliases must be a list or tuple of names, not None"),
    ({"aliases": "xyz"}, ArgumentTypeError, "aliases must be a list or tuple of names, not 'xyz'"),
    ({"aliases": ("race", "")}, PokerRulesError, "an alias must have more than blanks"),
    ({"aliases": ("_-_",)}, PokerRulesError, "an alias must have more than blanks"),
    ({"aliases": (b"race",)}, ArgumentTypeError, "an alias must be text"),
    ({"rules_type": None}, ArgumentTypeError, "rules_type must be a class"),
    ({"new_game": None}, ArgumentTypeError, "new_game must be callable"),
    ({"parse_move": "1"}, ArgumentTypeError, "game toy-race: parse_move must be callable"),
    ({"render": None}, ArgumentTypeError, "render must be callable"),
    ({"environment": "race"}, ArgumentTypeError, "environment must be callable or None"),
    ({"add_cli": 3}, ArgumentTypeError, "add_cli must be callable or None"),
    ({"agents": ["random"]}, ArgumentTypeError, "agents must be a mapping"),
    ({"agents": {"random": RandomAgent, 7: GreedyRacer}}, ArgumentTypeError,
     "agents' names are text, not 7"),
    ({"agents": {"random": RandomAgent, "": GreedyRacer}}, PokerRulesError,
     "an agent's name is what --agents takes"),
    ({"agents": {"random": RandomAgent, "greedy,random": GreedyRacer}}, PokerRulesError,
     "not 'greedy,random'"),
    ({"agents": {"random": RandomAgent, "greedy": GreedyRacer()}}, ArgumentTypeError,
     "agent greedy must be a class"),
    ({"levels": {"easy": RandomAgent}}, PokerRulesError, "levels maps 'easy', 'normal'"),
    ({"levels": {"easy": RandomAgent, "normal": RandomAgent, "hard": None}},
     ArgumentTypeError, "level hard must be callable"),
    ({"default_agents": None}, ArgumentTypeError,
     "default_agents must be a list or tuple of names, not None"),
    ({"default_agents": "greedy"}, ArgumentTypeError,
     "default_agents must be a list or tuple of names, not 'greedy'"),
    ({"default_agents": ("greedy", None)}, ArgumentTypeError,
     "default_agents holds agents' names, not None"),
    ({"default_agents": ()}, PokerRulesError, "the default line-up"),
    ({"default_agents": ("wizard",)}, PokerRulesError, "the default line-up"),
    ({"players": 2}, ArgumentTypeError, "game toy-race: players must be a list or tuple of "
                                        "ints, the numbers of players it takes, not 2"),
    ({"players": "2"}, ArgumentTypeError, "players must be a list or tuple of ints"),
    ({"players": (2, True)}, ArgumentTypeError, "not (2, True)"),
    ({"players": (2.0,)}, ArgumentTypeError, "not (2.0,)"),
    ({"players": ()}, PokerRulesError, "game toy-race: players must hold one or more "
                                       "distinct numbers of players, each 1 or more, not ()"),
    ({"players": (0, 2)}, PokerRulesError, "each 1 or more, not (0, 2)"),
    ({"players": (-1,)}, PokerRulesError, "each 1 or more, not (-1,)"),
    ({"players": [3, 3]}, PokerRulesError, "distinct numbers of players, each 1 or more, "
                                           "not [3, 3]"),
])
def test_a_spec_that_cannot_be_played_is_refused_naming_the_field(change, error, message):
    with pytest.raises(error, match=re.escape(message)):
        race_game(**change)


@pytest.mark.fast
def test_a_list_of_aliases_or_agents_is_kept_as_a_tuple():
    spec, tools = race_game(aliases=["ToyRace"], default_agents=["greedy"])
    assert (spec.aliases, tools.default_agents) == (("ToyRace",), ("greedy",))
    assert race_game(players=[4, 2, 3])[0].players == (2, 3, 4)  # smallest first


@pytest.mark.fast
@pytest.mark.parametrize("counts, text", [
    ((2,), "2"), ((2, 4), "2 or 4"), ((2, 3, 4), "2, 3 or 4"), ((1, 3, 5, 7), "1, 3, 5 or 7"),
    ((2, 3, 4, 5, 6, 7), "2 to 7")])
def test_a_specs_numbers_of_players_in_words(counts, text):
    assert race_game(players=counts)[0].players_text == text


@pytest.mark.fast
@pytest.mark.parametrize("game", ["east-west", "z-poker", "chinese-poker", "pai-gow"])
def test_a_built_in_games_players_are_the_counts_its_new_game_takes(game):
    spec = game_spec(game)
    taken = []
    for count in range(0, 10):
        try:
            state = spec.new_game(seed=0, players=count)
        except PokerRulesError:
            continue
        assert state.players == count
        taken.append(count)
    assert tuple(taken) == spec.players
    for count in (0, 9, True, 2.0, "2", None):
        with pytest.raises(PokerRulesError, match=re.escape(
                f"game {spec.name} takes {spec.players_text} players, not {count!r}")):
            spec.check_players(count)
    assert spec.check_players(np.int64(2)) == 2


@pytest.mark.fast
def test_play_game_checks_the_number_of_agents_before_building_the_game(race):
    built = []

    def new_counted_race(**options):
        built.append(options)
        return new_race(**options)

    register(*race_game(new_game=new_counted_race, players=(2, 3)))
    with pytest.raises(PokerRulesError, match=re.escape(
            "game toy-race takes 2 or 3 players, not 4")):
        play_game("toy-race", ["greedy"] * 4, seed=1)
    assert built == []
    # a count the spec lists reaches new_game, which may refuse it itself
    with pytest.raises(PokerRulesError, match="the race is for 2 players, not 3"):
        play_game("toy-race", ["greedy"] * 3, seed=1)
    assert built == [{"seed": 1, "players": 3}]


@pytest.mark.fast
def test_the_command_line_checks_the_number_of_players_against_the_spec(race, capsys):
    assert main(["play", "toy-race", "--players", "5", "--quiet"]) != 0
    assert "game toy-race takes 2 players, not 5" in capsys.readouterr().err
    assert main(["play", "toy-race", "--agents", "greedy", "--quiet"]) != 0
    assert "--agents names 1 agent: game toy-race takes 2 players, not 1" in \
        capsys.readouterr().err


@pytest.mark.fast
def test_an_environment_takes_the_numbers_of_players_of_its_games_spec():
    envs = pytest.importorskip("pokerrules.envs")
    pytest.importorskip("pettingzoo")
    from pokerrules.envs.east_west_v0 import EastWestEncoding

    for game, count in [("chinese-poker", 5), ("pai-gow", 8), ("pai-gow", 1)]:
        spec = game_spec(game)
        with pytest.raises(PokerRulesError, match=re.escape(
                f"game {spec.name} takes {spec.players_text} players, not {count}")):
            envs.make_env(game, players=count)
    with pytest.raises(PokerRulesError, match="game east-west takes 2 players, not 3"):
        EastWestEncoding(players=3)
    assert envs.make_env("pai-gow", players=np.int64(3)).possible_agents == \
        ["player_0", "player_1", "player_2"]


@pytest.mark.fast
@pytest.mark.parametrize("name", ["", "-", "_", "  ", "pokerrules.", "pokerrules._"])
def test_a_name_that_is_empty_once_spelt_finds_no_game(race, name):
    with pytest.raises(PokerRulesError, match="an alias must have more than blanks"):
        race_game(name="blank-race", package="blank",
                    aliases=(name,))
    with pytest.raises(UnknownGameError, match="no game"):
        game_spec(name)


def add_command(name):
    def add_cli(commands):
        commands.subparsers.add_parser(name, help=f"the race's {name}")
    return add_cli


@pytest.mark.fast
@pytest.mark.parametrize("command, owner", [
    ("rank", "pokerrules' own"), ("play", "pokerrules' own"), ("paigow", "game pai-gow's"),
    ("race-goal", "game toy-race's"),
])
def test_a_command_another_has_is_refused_when_the_game_registers(capsys, command, owner):
    register(*race_game(add_cli=add_race_command))
    try:
        before = game_specs()
        clash = race_game(name="other-race", package="other",
                            aliases=(), add_cli=add_command(command))
        with pytest.raises(PokerRulesError) as error:
            register(*clash)
        assert str(error.value) == (f"game other-race: its add_cli adds the command "
                                    f"{command!r}, which is {owner} command already")
        assert game_specs() == before  # the registry as it was
        for args in (["rank", "As Ks"], ["play", "toy-race", "--quiet"], ["race-goal"],
                     ["paigow", "set", "As Ah Jk 7c 7d 3s 2h"]):
            assert main(args) == 0, args
    finally:
        specs.unregister("toy-race")


@pytest.mark.fast
def test_a_game_may_replace_its_own_command():
    register(*race_game(add_cli=add_race_command))
    try:
        again = register(*race_game(add_cli=add_race_command))
        assert game_spec("toy-race") is again
    finally:
        specs.unregister("toy-race")
    register(*race_game(name="other-race", package="other",
                         add_cli=add_command("race-goal")))
    specs.unregister("other-race")  # a game gone leaves its command free


def broken_command(commands):
    commands.subparsers.add_parser("race-goal")
    raise KeyError("goal")


@pytest.mark.fast
@pytest.mark.parametrize("hook, message", [
    (broken_command, "add_cli fails on a parser of its own: KeyError: 'goal'"),
    (int, "add_cli fails on a parser of its own: TypeError"),
])
def test_a_command_hook_that_fails_is_the_games_error(hook, message):
    before = game_specs()
    with pytest.raises(PokerRulesError, match=re.escape(message)):
        register(*race_game(add_cli=hook))
    assert game_specs() == before


@pytest.mark.fast
def test_the_command_line_has_its_own_commands_and_the_games():
    def commands():
        sub = build_parser()._subparsers._group_actions[0]
        return set(sub.choices)
    # Pai Gow's command registers beside its spec, as any game's add_cli
    assert commands() == {*specs.OWN_COMMANDS, "paigow"}
    assert game_tools("pai-gow").add_cli == specs.LazyHook("pokerrules.paigow.cli", "add_cli")
    register(*race_game(add_cli=add_race_command))
    try:
        assert commands() == {*specs.OWN_COMMANDS, "paigow", "race-goal"}
    finally:
        specs.unregister("toy-race")


# ---------------------------------------------------------------- fuzz: the registry

FIELDS = SPEC_FIELDS + TOOLS_FIELDS
NAMES = st.from_regex(r"[A-Za-z][A-Za-z0-9_-]{0,8}", fullmatch=True)
#: Names of the games there are, which a new game may not take.
TAKEN = st.sampled_from(["EastWest", "z_poker", "pokerrules.chinese_poker"])


def mostly(common, rare):
    """``common`` nine times in ten, else ``rare``."""
    return st.sampled_from(range(10)).flatmap(lambda k: common if k else rare)


def game_with_commands(*names):
    def add_cli(commands):
        for name in names:
            commands.subparsers.add_parser(name)
    return add_cli


#: A valid value of each field, drawn.
VALID = {
    "name": mostly(NAMES, TAKEN),
    "package": mostly(NAMES, TAKEN),
    "rules_type": st.sampled_from([RaceRules, dict]),
    "new_game": st.sampled_from([new_race, print]),
    "parse_move": st.sampled_from([int, str]),
    "render": st.just(render_race),
    "agents": st.just({"random": RandomAgent, "greedy": GreedyRacer}),
    "default_agents": st.lists(st.sampled_from(["random", "greedy"]), min_size=1, max_size=3)
    | st.tuples(st.just("greedy")),
    "levels": st.just(RACE_TOOLS.levels),
    "aliases": st.lists(mostly(NAMES, TAKEN), max_size=3) | st.tuples(NAMES),
    "rules_presets": st.lists(NAMES, max_size=2) | st.tuples(NAMES),
    "players": st.lists(st.integers(1, 9), min_size=1, max_size=4, unique=True)
    | st.tuples(st.integers(1, 9)),
    "environment": st.none() | st.just(race_env),
    "add_cli": mostly(st.sampled_from([None, game_with_commands("race-goal"),
                                       game_with_commands("a", "b")]),
                      st.sampled_from([game_with_commands("rank"), broken_command, int])),
    # the hooks of the environments and the learner, named and not imported
    "encoding": st.none() | st.just(specs.LazyHook("race.envs", "RaceEncoding")),
    "gymnasium_id": st.none(),
    "vector_env": st.none() | st.just(specs.LazyHook("race.envs", "RaceVectorEnv")),
    "learner": st.none() | st.just(specs.LazyHook("race.learn", "RACE_LEARNER")),
}
ANYTHING = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=6),
    st.binary(max_size=3),
    st.sampled_from(["", "-", "pokerrules.", "rank", "xyz", "greedy", "east-west"]),
    st.lists(st.text(max_size=3) | st.integers(), max_size=3).map(tuple),
    st.dictionaries(st.text(max_size=3), st.sampled_from([RandomAgent, 3, None, print]),
                    max_size=3),
    st.sampled_from([object(), int, RandomAgent, RandomAgent(), lambda: None, print,
                     np.int64(1), {"easy": 1, "normal": 2, "hard": 3}, frozenset({"x"})]),
    # numbers of players that are not counts: none, one twice, no ints
    st.sampled_from([(), [], (0, 2), (2, 2), (True,), (2.0,), (np.int64(2),), range(2, 4)]),
)


def restore(before):
    """The registry back to ``before`` (specs and their tools), in its order."""
    for spec in game_specs():
        specs.unregister(spec)
    for spec, tools in before:
        register(spec, tools)


def registry():
    return [(spec, game_tools(spec)) for spec in game_specs()]


@pytest.mark.fast
def test_any_spec_registers_as_a_game_or_is_refused_changing_nothing():
    before, saved = game_specs(), registry()
    accepted = 0

    @settings(max_examples=150, deadline=None)
    @given(data=st.data(), spoilt=st.booleans().flatmap(
        lambda spoil: st.sets(st.sampled_from(FIELDS), min_size=1, max_size=3) if spoil
        else st.just(set())))
    def fuzz(data, spoilt):
        nonlocal accepted
        values = {f: data.draw(ANYTHING if f in spoilt else VALID[f], label=f)
                  for f in FIELDS}
        try:
            try:
                spec = register(*race_game(**values))
            except PokerRulesError:
                assert game_specs() == before
                return
            assert game_spec(spec.name) is spec
            assert all(game_spec(alias) is spec for alias in spec.aliases)
            assert spelling_of_every_name_is_not_empty(spec)
            assert spec.players == tuple(sorted(set(spec.players))) and spec.players[0] >= 1
            assert all(type(n) is int and spec.check_players(n) == n for n in spec.players)
            if game_tools(spec).add_cli is not None:
                build_parser()  # no command of the game is another's
            accepted += 1
        finally:
            restore(saved)

    fuzz()
    assert accepted >= 10


def spelling_of_every_name_is_not_empty(spec):
    return all(specs.spelling(n) for n in (spec.name, spec.package, *spec.aliases))


@pytest.mark.fast
def test_any_name_finds_its_game_or_is_an_unknown_game():
    before, saved = game_specs(), registry()
    found = 0

    @settings(max_examples=150, deadline=None)
    @given(name=st.booleans().flatmap(lambda known: st.sampled_from(
        [eastwest, zpoker, "pokerrules.zpoker", "ChinesePoker", "EAST_WEST", " z-poker ",
         *before]) if known else ANYTHING | NAMES | st.sampled_from([json, RACE])),
           remove=st.booleans())
    def fuzz(name, remove):
        nonlocal found
        try:
            try:
                spec = game_spec(name)
                if remove:
                    specs.unregister(name)
            except UnknownGameError:
                assert game_specs() == before
                return
            assert spec is name or spec in before
            assert (spec in game_specs()) == (spec in before and not remove)
            found += 1
        finally:
            restore(saved)

    fuzz()
    assert found >= 10

