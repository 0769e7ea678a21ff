"""One registry of games: a game registered here, in the test process, is played
by the runner, offered by ``pokerrules play`` and built by the environment factory
with no other edit; every name of a game finds it, and an unknown one lists the
games."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from pokerrules import specs
from pokerrules.cli import build_parser, main
from pokerrules.errors import IllegalMoveError, PokerRulesError
from pokerrules.game import GameState, MoveRecord, Result, game_module, play_game, seat_index
from pokerrules.runner import GAMES, RandomAgent
from pokerrules.shuffle import DealStream
from pokerrules.specs import GameSpec, UnknownGameError, game_spec, game_specs, register

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
    rules_type=RaceRules, new_game=new_race, parse_move=int, render=render_race,
    agents={"random": RandomAgent, "greedy": GreedyRacer}, default_agents=("greedy", "random"),
    levels={"easy": RandomAgent, "normal": GreedyRacer, "hard": GreedyRacer},
    greedy=GreedyRacer, search=GreedyRacer, environment=race_env,
)


@pytest.fixture
def race():
    register(RACE)
    try:
        yield RACE
    finally:
        specs.unregister("toy-race")
    assert "toy-race" not in GAMES


@pytest.mark.fast
def test_the_runner_plays_a_registered_game_by_any_of_its_names(race):
    assert GAMES["toy-race"] == __name__
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
    register(GameSpec(**{**RACE.__dict__, "add_cli": add_race_command}))
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
    bare = GameSpec(**{**RACE.__dict__, "name": "bare-race", "aliases": (),
                       "package": "bare", "environment": None})
    register(bare)
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
                                "chinese-poker, toy-race")
    assert isinstance(error.value, PokerRulesError) and isinstance(error.value, KeyError)


@pytest.mark.fast
def test_a_name_of_another_game_is_refused():
    clash = GameSpec(**{**RACE.__dict__, "name": "race", "aliases": ("East_West",)})
    with pytest.raises(PokerRulesError, match="'eastwest' is game east-west's already"):
        register(clash)
    assert [s.name for s in game_specs()] == ["east-west", "z-poker", "chinese-poker"]


@pytest.mark.fast
def test_the_games_of_pokerrules_are_their_packages_specs():
    for spec in game_specs():
        package = spec.module()
        assert package.SPEC is spec
        assert (spec.agents, spec.levels, spec.default_agents, spec.new_game) == \
            (package.AGENTS, package.LEVELS, package.DEFAULT_AGENTS, package.new_game)
        assert spec.greedy is package.GreedyAgent and spec.search is package.SearchAgent


@pytest.mark.fast
@pytest.mark.parametrize("change, message", [
    ({"name": 3}, "a game's name is text"),
    ({"name": "--"}, "a game's name must have letters"),
    ({"new_game": None}, "new_game must be callable"),
    ({"environment": "race"}, "environment must be callable or None"),
    ({"agents": ["random"]}, "agents must be a mapping"),
    ({"default_agents": ("wizard",)}, "the default line-up"),
])
def test_a_spec_that_cannot_be_played_is_refused(change, message):
    with pytest.raises(PokerRulesError, match=message):
        GameSpec(**{**RACE.__dict__, **change})
