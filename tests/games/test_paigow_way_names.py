"""The built-in ways' names: each names one casino's posted way ("trump_plaza" is
the way Trump Plaza posted, whose two pairs Bally's Atlantic City shares); a name
no built-in way has is refused wherever a way's name is taken, with the choices."""

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

BALLYS, POSTED, UNKNOWN = "ballys", "trump_plaza", "trump"
#: low with medium and a king: Bally's rule and Trump Plaza's keep the pairs
#: behind, Foxwoods splits
TWO_PAIRS = "9c 9d 4h 4c Ks Td 2c"
#: four jacks with an ace to play: Trump Plaza keeps them, Foxwoods splits
FOUR_JACKS = "Jc Jd Jh Js Ac Kd 2s"


def test_each_built_in_way_has_a_name_of_its_own():
    assert WAYS == ("foxwoods", POSTED, "claridge", BALLYS, "golden_nugget", "flamingo_hilton")
    assert house_way(TWO_PAIRS, way=BALLYS).low != house_way(TWO_PAIRS, way="foxwoods").low
    assert house_way(TWO_PAIRS, way=POSTED).low == house_way(TWO_PAIRS, way=BALLYS).low
    assert house_way(FOUR_JACKS, way=POSTED).low != house_way(FOUR_JACKS, way="foxwoods").low
    assert way_description(POSTED).splitlines()[2] == "way: Trump Plaza"


def test_the_way_name_check_gives_the_name_and_names_its_argument():
    assert way_name(POSTED) == POSTED
    refused = "unknown house way 'trump' for player_way; choose from foxwoods, "
    listed = f"{POSTED}, claridge, {BALLYS}, golden_nugget, flamingo_hilton"
    with pytest.raises(PokerRulesError, match=refused + listed):
        way_name(UNKNOWN, "player_way")


@pytest.mark.parametrize("call", [
    lambda: way_name(UNKNOWN),
    lambda: house_way(TWO_PAIRS, way=UNKNOWN),
    lambda: PaiGowRules(house_way=UNKNOWN),
    lambda: HouseWay(UNKNOWN),
    lambda: way_description(UNKNOWN),
    lambda: simulate(PaiGowRules.casino(), 100, player_way=UNKNOWN, seed=2, progress=False),
])
def test_a_name_of_no_built_in_way_is_refused_as_an_unknown_way(call):
    with pytest.raises(PokerRulesError, match="'trump'"):
        call()


def test_the_command_line_takes_each_built_in_way_and_refuses_other_names(capsys):
    for way in WAYS:
        assert main(["paigow", "set", "--json", "--way", way, FOUR_JACKS]) == 0
    capsys.readouterr()
    with pytest.raises(SystemExit) as refused:
        main(["paigow", "set", "--json", "--way", UNKNOWN, TWO_PAIRS])
    err = capsys.readouterr().err
    assert refused.value.code == 2
    assert "argument --way" in err and "house way trump:" in err and "claridge" in err
