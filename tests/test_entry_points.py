"""The names one reaches for first: the top level exports what the docs
import from it, and play_game takes a game by the name the command line uses."""

import re
from pathlib import Path

import numpy as np
import pytest

import pokerrules
from pokerrules import chinese_poker, eastwest, zpoker
from pokerrules.cli import build_parser
from pokerrules.errors import PokerRulesError
from pokerrules.game import seat_index
from pokerrules.runner import game_module, play_game
from pokerrules.specs import game_specs

pytestmark = pytest.mark.fast

ROOT = Path(__file__).parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.rst"))]


def names_imported_from_the_top_level():
    names = set()
    for page in PAGES:
        # one line, or a parenthesized list over several
        for found in re.findall(r"from pokerrules import (\([^)]*\)|[^\n]+)", page.read_text()):
            names |= {n.strip("() \n") for n in found.split(",")} - {""}
    return names


def test_every_name_the_docs_import_from_pokerrules_is_there():
    names = names_imported_from_the_top_level()
    assert {"evaluate", "PAI_GOW", "Card"} <= names  # the scan finds them
    subpackages = {"chinese_poker", "eastwest", "zpoker", "paigow"}
    missing = [n for n in names - subpackages if n not in pokerrules.__all__]
    assert missing == []


def test_card_codes_and_the_deck_names_are_at_the_top_level():
    from pokerrules import JOKER, SeedLike, card_codes, play_game  # noqa: F401

    assert card_codes("As Kd Jk") == [51, 45, 52] and JOKER.code == 52
    assert set(pokerrules.cards.__all__) <= set(pokerrules.__all__)
    assert set(pokerrules.errors.__all__) <= set(pokerrules.__all__)
    assert set(pokerrules.hands.__all__) <= set(pokerrules.__all__)


@pytest.mark.parametrize("name, module", [
    ("east-west", eastwest), ("eastwest", eastwest), ("pokerrules.eastwest", eastwest),
    ("z-poker", zpoker), ("zpoker", zpoker), ("Z-Poker", zpoker),
    ("chinese-poker", chinese_poker), ("chinese_poker", chinese_poker),
    ("pokerrules.chinese_poker", chinese_poker),
])
def test_play_game_takes_the_names_of_the_command_line_and_of_python(name, module):
    assert game_module(name) is module


@pytest.mark.parametrize("name, module", [("east-west", eastwest), ("zpoker", zpoker)])
def test_a_game_played_by_name_is_the_game_played_by_package(name, module):
    assert play_game(name, ["random", "greedy"], seed=7) == \
        play_game(module, ["random", "greedy"], seed=7)


@pytest.mark.parametrize("game", ["poker", "pai gow", "", 3, None, np, ["east-west"]])
def test_play_game_names_the_games_when_it_gets_none_of_them(game):
    with pytest.raises(PokerRulesError) as error:
        play_game(game, ["random", "random"], seed=1)
    assert "the games are east-west, z-poker, chinese-poker, pai-gow" in str(error.value)


def test_the_command_line_plays_exactly_the_games_play_game_knows():
    parser = build_parser()
    play = parser._subparsers._group_actions[0].choices["play"]
    game_action = next(a for a in play._actions if a.dest == "game")
    assert sorted(game_action.choices) == sorted(spec.name for spec in game_specs())


@pytest.mark.parametrize("player", [True, np.True_, np.bool_(False)])
def test_a_bool_is_no_seat(player):
    with pytest.raises(PokerRulesError, match="there is no player"):
        seat_index(player, 2)
