"""Side bets as data: a user's Fortune pay table, checked line by line, and the
Envy bonus, whose value per other player at the table is exact."""

import re
from fractions import Fraction

import pytest

from pokerrules.errors import ArgumentTypeError, PokerRulesError
from pokerrules.paigow.analysis import fortune as fortune_module
from pokerrules.paigow.analysis.fortune import (
    ENVY_LINES,
    ENVY_PAYTABLE,
    FORTUNE_LINES,
    FORTUNE_PAYTABLE,
    MAX_OTHER_PLAYERS,
    envy_house_edge,
    envy_value,
    fortune_bonus,
    fortune_counts,
    fortune_house_edge,
    fortune_paytable,
)

# How many of the 154,143,080 hands fall on each line, by line (the shipped
# table's edge, 11,970,096 / 154,143,080, confirms them).
COUNTS = {
    "nothing": 124_556_196, "straight": 11_034_204, "three_of_a_kind": 7_672_500,
    "flush": 6_172_088, "full_house": 4_188_528, "four_of_a_kind": 307_472,
    "straight_flush": 184_644, "royal_flush": 26_020, "five_aces": 1_128,
    "seven_card_straight_flush_with_joker": 196, "royal_match": 72,
    "seven_card_straight_flush": 32,
}


@pytest.mark.fast
def test_a_table_names_only_lines_and_the_lines_it_omits_lose():
    table = fortune_paytable({"four_of_a_kind": 50, "straight_flush": Fraction(201, 2)})
    assert list(table) == list(FORTUNE_LINES)
    assert table["four_of_a_kind"] == 50 and table["straight_flush"] == Fraction(201, 2)
    assert {table[line] for line in FORTUNE_LINES
            if line not in ("four_of_a_kind", "straight_flush")} == {-1}
    assert fortune_paytable("fortune") == FORTUNE_PAYTABLE
    assert fortune_paytable(FORTUNE_PAYTABLE) is not FORTUNE_PAYTABLE  # a copy
    envy = fortune_paytable({"five_aces": 100}, envy=True)
    assert list(envy) == list(ENVY_LINES) and envy["four_of_a_kind"] == 0


@pytest.mark.fast
@pytest.mark.parametrize(("table", "error", "words"), [
    ({"quads": 25}, PokerRulesError, "line 'quads' is no line; the lines are nothing, "),
    ({"flush": 4.5}, ArgumentTypeError, "line 'flush' pays an int or a Fraction, not 4.5"),
    ({"flush": True}, ArgumentTypeError, "line 'flush' pays an int or a Fraction"),
    ({"flush": -2}, PokerRulesError, "line 'flush' pays -2; the least a line pays is -1"),
    ("emperor", PokerRulesError, "no pay table preset is named 'emperor'; choose from fortune"),
    ([("flush", 4)], ArgumentTypeError, "a pay table is a mapping of line to pay"),
])
def test_a_bad_table_is_refused_naming_its_line(table, error, words):
    with pytest.raises(error, match=words.replace("(", r"\(").replace(")", r"\)")):
        fortune_paytable(table)


@pytest.mark.fast
@pytest.mark.parametrize("pays", [0, 5, Fraction(1, 2)])
def test_a_table_that_pays_on_nothing_is_refused_naming_the_line(pays):
    words = f"line 'nothing' is no win: .* not {re.escape(repr(pays))}"
    with pytest.raises(PokerRulesError, match=words):
        fortune_paytable({**FORTUNE_PAYTABLE, "nothing": pays})
    assert fortune_paytable({"nothing": -1, "flush": 4})["nothing"] == -1  # the lost stake


@pytest.mark.fast
@pytest.mark.parametrize("envy", ["yes", 1, 0, None])
def test_envy_is_true_or_false_and_nothing_else(envy):
    with pytest.raises(ArgumentTypeError, match="envy"):
        fortune_paytable("fortune", envy=envy)


@pytest.mark.fast
def test_an_envy_table_holds_four_of_a_kind_or_better_and_pays_no_less_than_nothing():
    with pytest.raises(PokerRulesError, match="line 'flush' is no line"):
        fortune_paytable({"flush": 5}, envy=True)
    with pytest.raises(PokerRulesError, match="pays -1; the least a line pays is 0"):
        fortune_paytable({"five_aces": -1}, envy=True)


@pytest.mark.fast
def test_a_hand_pays_its_line_by_the_users_table():
    table = {"three_of_a_kind": Fraction(5, 2), "royal_match": 5000}
    assert fortune_bonus("Ks Kd Kh 9c Tc Jd Qh", table).pays == Fraction(5, 2)
    assert fortune_bonus("As Ks Qs Js Jk Kh Qh", table).pays == 5000
    assert fortune_bonus("9s 9d 9h 9c 5s 2d 3c", table).pays == -1  # not in the table
    assert fortune_bonus("9s 9d 9h 9c 5s 2d 3c").pays == 25


@pytest.mark.fast
def test_edges_follow_the_line_counts(monkeypatch):
    """The edge and the Envy value are the counts weighted by the tables: checked
    on made-up counts (the real ones take a second to enumerate)."""
    counts = tuple(range(1, len(FORTUNE_LINES) + 1))
    monkeypatch.setattr(fortune_module, "_line_counts", lambda: counts)
    total = sum(counts)
    mean = sum(FORTUNE_PAYTABLE[line] * n for line, n in zip(FORTUNE_LINES, counts,
                                                            strict=True))
    assert fortune_house_edge() == Fraction(-mean, total)
    per_hand = Fraction(sum(ENVY_PAYTABLE[line] * counts[FORTUNE_LINES.index(line)]
                            for line in ENVY_LINES), total)
    assert envy_value(0) == 0
    assert envy_value(3) == 3 * per_hand
    assert envy_house_edge(2, 10) == Fraction(-mean, total) - 2 * per_hand / 10


@pytest.mark.fast
@pytest.mark.parametrize(("call", "error", "words"), [
    (lambda: envy_value(MAX_OTHER_PLAYERS + 1), PokerRulesError, "an int from 0 to 5"),
    (lambda: envy_value(-1), PokerRulesError, "others must be an int from 0 to 5, not -1"),
    (lambda: envy_value(1.0), ArgumentTypeError, "others must be an int"),  # type: ignore[arg-type]
    (lambda: envy_house_edge(1, 0), PokerRulesError, "the Fortune bet must be above 0, not 0"),
    (lambda: envy_house_edge(1, 5.0), ArgumentTypeError, "bet is an int or a Fraction"),  # type: ignore[arg-type]
])
def test_bad_envy_arguments_are_refused(call, error, words):
    with pytest.raises(error, match=words):
        call()


@pytest.mark.slow
def test_the_shipped_tables_exactly():
    assert fortune_counts() == COUNTS
    hands = sum(COUNTS.values())
    assert hands == 154_143_080
    assert fortune_house_edge() == Fraction(11_970_096, hands)
    # $5,000 32 times, $1,000 72, $500 196, $250 1,128, $50 26,020, $20 184,644,
    # $5 307,472: $7,143,240 over every hand, per other player
    per_player = Fraction(7_143_240, hands)
    for others in range(MAX_OTHER_PLAYERS + 1):
        assert envy_value(others) == others * per_player
        assert envy_house_edge(others) == Fraction(11_970_096, hands) - others * per_player / 5
    # each other player takes 0.927% off a $5 bet's edge (quoted as 0.92%)
    assert round(float(per_player / 5) * 100, 3) == 0.927
    # a user's table: the shipped one with four of a kind at 20 instead of 25
    assert fortune_house_edge({**FORTUNE_PAYTABLE, "four_of_a_kind": 20}) == \
        Fraction(11_970_096 + 5 * 307_472, hands)
