"""A side bet is checked whole, however it arrives: from a file (with or without
jsonschema installed, to the same verdict), from a mapping, or built as a
SideBet; every refusal names its field, and what is accepted prices."""

import json
from fractions import Fraction

import pytest

from pokerrules.errors import ArgumentTypeError, PokerRulesError
from pokerrules.paigow.analysis import sidebet as module
from pokerrules.paigow.analysis.sidebet import (
    SIDE_BET_PAY_LIMIT as LIMIT,
)
from pokerrules.paigow.analysis.sidebet import (
    SideBet,
    SideBetLine,
    load_side_bet,
    side_bet,
)

GOOD = {"format": "pokerrules side bet 1", "name": "x", "looks_at": "three_cards",
        "lines": [{"event": "pair", "pays": 1}]}


def line(pays):
    return {**GOOD, "lines": [{"event": "pair", "pays": pays}]}


REFUSED = [
    (line(str(10**400) + "/1"), "lines[0]"),
    (line(LIMIT + 1), "lines[0]"),
    (line(f"1/{LIMIT + 1}"), "lines[0]"),
    (line(" 1/2"), "lines[0]"),
    (line("+3"), "lines[0]"),
    (line("1_000"), "lines[0]"),
    (line("\u0661\u0662"), "lines[0]"),  # Arabic-Indic digits
    (line("1/0"), "lines[0]"),
    ({**GOOD, "lines": [{"event": ["pair"], "pays": 1}]}, "lines[0]"),
    ({**GOOD, "title": "Tiger \ud800"}, "title"),
    ({**GOOD, "title": "two\nlines"}, "title"),
    ({**GOOD, "sources": ["a", 3]}, "sources[1]"),
    ({**GOOD, "notes": 4}, "notes"),
    ({**GOOD, "published": {"counts": {"pair": "many"}}}, "counts"),
    ({**GOOD, "published": {"counts": {"pair": True}}}, "counts"),
    ({**GOOD, "published": {"counts": {"pair": -1}}}, "counts"),
    ({**GOOD, "published": {"counts": {"flush_of_nine": 3}}}, "counts"),
    ({**GOOD, "published": {"house_edge": 4.2}}, "house_edge"),
    ({**GOOD, "published": {"houseedge": "4%"}}, "houseedge"),
    ({**GOOD, "way": 3}, "way"),
    ({**GOOD, "way": "foxwoods"}, "way"),  # a bet on three cards names no way
    ({**GOOD, "looks_at": "banker_setting", "way": "trump_palace",
      "lines": [{"event": "low_pair", "pays": 5}]}, "way"),
]


@pytest.fixture(params=["schema", "hand checks alone"])
def checks(request, monkeypatch):
    if request.param == "schema":
        pytest.importorskip("jsonschema")
    else:
        monkeypatch.setattr(module, "_schema_check", lambda data, what: None)
    return request.param


@pytest.mark.parametrize(("table", "named"), REFUSED)
def test_a_table_is_refused_alike_with_and_without_the_schema(checks, table, named):
    with pytest.raises(PokerRulesError) as caught:
        load_side_bet(table)
    assert named in str(caught.value)


@pytest.mark.parametrize(("pays", "value"), [
    ("1/2", Fraction(1, 2)), ("-1", -1), ("4/2", 2), (LIMIT, LIMIT),
    (f"{LIMIT}/{LIMIT - 1}", Fraction(LIMIT, LIMIT - 1))])
def test_a_pay_within_the_format_loads_alike_with_and_without_the_schema(checks, pays, value):
    bet = load_side_bet(line(pays))
    assert bet.lines[0].pays == value and type(bet.lines[0].pays) is type(value)


def test_the_largest_pay_prices_and_reports_the_player_edge_in_print():
    with pytest.warns(module.SideBetWarning, match="player has the edge"):
        result = side_bet(line(LIMIT))
    assert result.return_ > LIMIT // 10
    assert "player has the edge" in result.reports[-1]


def test_a_file_with_a_key_written_twice_is_refused_and_a_byte_order_mark_is_not(tmp_path):
    path = tmp_path / "twice.json"
    path.write_text('{"format": "pokerrules side bet 1", "looks_at": "three_cards", '
                    '"lines": [{"event": "pair", "pays": 1}], "looks_at": "seven_cards"}')
    with pytest.raises(PokerRulesError, match="'looks_at' is written twice"):
        load_side_bet(path)
    marked = tmp_path / "marked.json"
    marked.write_bytes(b"\xef\xbb\xbf" + json.dumps(GOOD).encode())
    assert load_side_bet(marked).lines == (SideBetLine("pair", 1),)


@pytest.mark.parametrize(("fields", "error", "named"), [
    ({"looks_at": "the_river"}, PokerRulesError, "looks_at"),
    ({"lines": ()}, PokerRulesError, "lines"),
    ({"lines": ({"event": "pair", "pays": 1},)}, ArgumentTypeError, "lines[0]"),
    ({"lines": (SideBetLine("pair", 1.5),)}, ArgumentTypeError, "lines[0]"),  # type: ignore[arg-type]
    ({"lines": (SideBetLine("pair", True),)}, ArgumentTypeError, "lines[0]"),
    ({"lines": (SideBetLine("royal_match", 1),)}, PokerRulesError, "lines[0]"),
    ({"lines": (SideBetLine("pair", 1), SideBetLine("pair", 2))}, PokerRulesError, "lines[1]"),
    ({"unit": "money"}, PokerRulesError, "unit"),
    ({"title": ""}, ArgumentTypeError, "title"),
    ({"name": None}, ArgumentTypeError, "name"),
    ({"published": {"odds": "1 in 9"}}, PokerRulesError, "odds"),
])
def test_a_side_bet_built_directly_is_checked_as_a_loaded_one(fields, error, named):
    made = {"name": "x", "title": "X", "looks_at": "three_cards", "unit": "to_one",
            "lines": (SideBetLine("pair", 1),), **fields}
    with pytest.raises(error) as caught:
        SideBet(**made)
    assert named in str(caught.value) and "the side bet" in str(caught.value)


def test_a_side_bet_built_directly_keeps_its_pays_exact_and_its_lines_a_tuple():
    bet = SideBet("x", "X", "three_cards", "to_one",
                  [SideBetLine("pair", Fraction(4, 2)), SideBetLine("flush", Fraction(1, 3))])
    assert bet.lines == (SideBetLine("pair", 2), SideBetLine("flush", Fraction(1, 3)))
    assert type(bet.lines[0].pays) is int
    assert side_bet(bet).hands == 23_426


def test_a_way_or_others_is_refused_where_the_bet_does_not_look_at_them():
    with pytest.raises(PokerRulesError, match="takes no way"):
        side_bet("fortune", way="foxwoods")
    with pytest.raises(PokerRulesError, match="takes no way"):
        side_bet("fortune", way=3)
    with pytest.raises(PokerRulesError, match="takes no others"):
        side_bet("fortune", others=2)
    assert side_bet("envy", others=2).return_ == 2 * side_bet("envy").return_
