"""The built-in ways' names: "foxwoods_ballys_two_pairs" is the Foxwoods way with
Bally's Atlantic City's two-pair rule, and it has one name: "trump_plaza", which
it never had in a release, names no way anywhere a way's name is taken."""

import pytest

from pokerrules.cli import main
from pokerrules.errors import PokerRulesError
from pokerrules.paigow import (
    WAYS,
    HouseWay,
    PaiGowRules,
    house_way,
    simulate,
    way_description,
)
from pokerrules.paigow.game.rules import way_name

pytestmark = pytest.mark.fast

NEW, UNKNOWN = "foxwoods_ballys_two_pairs", "trump_plaza"
#: low with medium and a king: Bally's keeps the pairs behind, Foxwoods splits
HAND = "9c 9d 4h 4c Ks Td 2c"


def test_the_two_pair_way_is_a_built_in_way_of_its_own():
    assert WAYS == ("foxwoods", NEW)
    assert house_way(HAND, way=NEW).low != house_way(HAND, way="foxwoods").low


def test_the_way_name_check_gives_the_name_and_names_its_argument():
    assert way_name(NEW) == NEW
    with pytest.raises(PokerRulesError, match="unknown house way 'trump' for player_way; "
                                              "choose from foxwoods, " + NEW):
        way_name("trump", "player_way")


@pytest.mark.parametrize("call", [
    lambda: way_name(UNKNOWN),
    lambda: house_way(HAND, way=UNKNOWN),
    lambda: PaiGowRules(house_way=UNKNOWN),
    lambda: HouseWay(UNKNOWN),
    lambda: way_description(UNKNOWN),
    lambda: simulate(PaiGowRules.casino(), 100, player_way=UNKNOWN, seed=2, progress=False),
])
def test_a_name_no_release_had_is_refused_as_an_unknown_way(call):
    with pytest.raises(PokerRulesError, match="trump_plaza"):
        call()


def test_the_command_line_refuses_a_name_no_release_had(capsys):
    assert main(["paigow", "set", "--json", "--way", NEW, HAND]) == 0
    capsys.readouterr()
    with pytest.raises(SystemExit) as refused:
        main(["paigow", "set", "--json", "--way", UNKNOWN, HAND])
    err = capsys.readouterr().err
    assert refused.value.code == 2
    assert "argument --way" in err and "trump_plaza" in err and "deprecated" not in err
