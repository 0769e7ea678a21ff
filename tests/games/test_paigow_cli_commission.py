"""``--commission`` of the ``pokerrules paigow`` commands: the ``--rules`` preset's
commission unless told (classic: none, as in ``PaiGowRules.classic()``; casino: 5%),
a fraction or a percentage read exactly, on a player's win and a banking player's
alike; every output names the commission it used."""

import functools
import json
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_paigow_exact import SMALL

from pokerrules.cli import main
from pokerrules.errors import PokerRulesError
from pokerrules.paigow import (
    PRESETS,
    PaiGowRules,
    StrategyTable,
    exact_house_edge,
    optimal_setting,
    play_round,
    simulate,
)
from pokerrules.paigow.game.rules import commission_fraction, commission_text

pytestmark = pytest.mark.fast

HAND = "As Jk Qs Qh Qd 7s 2s"


@pytest.fixture
def small_deck(monkeypatch):
    """``exact`` counts the 15 cards of SMALL instead of the whole deck."""
    from pokerrules.paigow import cli

    monkeypatch.setattr(cli, "exact_house_edge", functools.partial(exact_house_edge, deck=SMALL))


def run(capsys, *args):
    status = main(["paigow", *args])
    out, err = capsys.readouterr()
    assert (status, err) == (0, ""), err
    return out


@pytest.mark.parametrize(("given", "commission", "shown"), [
    ([], 0.0, "0%"), (["--rules", "casino"], 0.05, "5%"),
    (["--commission", "5%"], 0.05, "5%"), (["--commission", "2.5%"], 0.025, "2.5%"),
    (["--commission", "0.1"], 0.1, "10%"), (["--commission", "0.7%"], 0.007, "0.7%"),
    (["--rules", "casino", "--commission", "0"], 0.0, "0%")])
def test_exact_counts_at_the_commission_given(capsys, small_deck, given, commission, shown):
    counts = exact_house_edge(PaiGowRules.classic(), deck=SMALL)
    record = json.loads(run(capsys, "exact", *given, "--json"))
    assert record["commission"] == commission
    assert record["player_ev"] == pytest.approx(
        (counts.wins * (1 - commission) - counts.losses) / counts.total)
    text = run(capsys, "exact", *given)
    assert f"at {shown} commission; house edge {-record['player_ev']:.4%}\n" in text


@pytest.mark.parametrize(("given", "commission", "shown"), [
    ([], 0.0, "0%"), (["--commission", "5%"], 0.05, "5%"), (["--commission", "1.5%"], 0.015,
                                                            "1.5%")])
def test_simulate_plays_at_the_commission_given(capsys, given, commission, shown):
    args = ["simulate", "--rounds", "2000", "--seed", "3", "--no-progress", *given]
    record = json.loads(run(capsys, *args, "--json"))
    assert (record["rules"]["commission"], record["rules"]["banker_commission"]) == \
        (commission, commission)
    rules = PaiGowRules.classic().replace(commission=commission, banker_commission=commission)
    assert record == json.loads(json.dumps(simulate(rules, 2000, seed=3).to_dict()))
    text = run(capsys, *args)
    assert f"per unit at {shown} commission (95% CI" in text
    assert f"(a banking player, after {shown} commission)" in text


@pytest.mark.parametrize("seat", ["player", "banker"])
@pytest.mark.parametrize(("given", "commission", "shown"), [
    ([], 0.0, "0%"), (["--commission", "5%"], 0.05, "5%")])
def test_optimal_values_settings_at_the_commission_given(capsys, seat, given, commission,
                                                         shown):
    args = ["optimal", HAND, "--sample", "3000", "--seed", "2", "--seat", seat, *given]
    record = json.loads(run(capsys, *args, "--json"))
    rules = PaiGowRules.classic().replace(commission=commission, banker_commission=commission)
    expected = optimal_setting(HAND, rules, "sample", samples=3000, seed=2, seat=seat)
    assert record["commission"] == commission
    assert record == json.loads(json.dumps(expected.to_dict()))
    assert f"; {shown} commission on a win)" in run(capsys, *args).splitlines()[0]


@pytest.mark.parametrize("command", [["exact"], ["simulate"], ["optimal", HAND]])
@pytest.mark.parametrize("value", ["5", "1", "100%", "-0.01", "nan", "inf%", "five", ""])
def test_a_commission_out_of_range_is_refused(capsys, command, value):
    with pytest.raises(SystemExit) as stop:
        main(["paigow", *command, "--commission", value])
    assert stop.value.code == 2
    assert capsys.readouterr().err == (
        "pokerrules: error: argument --commission: takes a fraction from 0 up to 1 (0.05) "
        f"or a percentage (5%), not '{value}'\n")


@pytest.mark.parametrize("command", ["exact", "simulate", "optimal"])
def test_the_help_tells_the_commission(capsys, command):
    with pytest.raises(SystemExit):
        main(["paigow", command, "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--commission FRACTION the house's commission on a win" in text
    assert "(default: the --rules preset's, none for classic, 5% for casino)" in text
    assert "--commission 5% plays classic at the casino's commission" in text
    assert "%%" not in text


@pytest.mark.parametrize(("preset", "commission"), [("classic", 0.0), ("casino", 0.05)])
def test_a_preset_means_its_own_commission_in_every_command(capsys, small_deck, preset,
                                                             commission):
    assert PRESETS[preset].commission == commission
    exact = json.loads(run(capsys, "exact", "--rules", preset, "--json"))
    assert exact["commission"] == commission
    played = json.loads(run(capsys, "simulate", "--rules", preset, "--rounds", "10",
                            "--no-progress", "--json"))
    assert played["rules"]["commission"] == commission
    optimal = json.loads(run(capsys, "optimal", HAND, "--rules", preset, "--sample", "20",
                             "--json"))
    assert optimal["commission"] == commission
    round_ = json.loads(run(capsys, "round", "--rules", preset, "--seed", "4", "--json"))
    assert round_["rules"]["commission"] == commission
    assert round_ == json.loads(play_round(PRESETS[preset], dict.fromkeys(range(1, 8)),
                                           seed=4).to_json())


def test_a_round_prints_its_commission_and_takes_one(capsys):
    text = run(capsys, "round", "--seed", "4")
    assert text.startswith("rules: A-2-3-4-5 the lowest straight; 0% commission on a "
                           "player's win, 0% on a banking player's net win\n")
    record = json.loads(run(capsys, "round", "--seed", "4", "--commission", "5%", "--json"))
    assert (record["rules"]["commission"], record["rules"]["banker_commission"]) == \
        (0.05, 0.05)


def test_the_published_house_edge_is_one_documented_command_away(capsys):
    from pathlib import Path

    from pokerrules.paigow.cli import PUBLISHED_EDGE_COMMAND

    root = Path(__file__).resolve().parents[2]
    assert PUBLISHED_EDGE_COMMAND in (root / "docs" / "cli.rst").read_text(encoding="utf-8")
    with pytest.raises(SystemExit):
        main(["paigow", "--help"])
    assert PUBLISHED_EDGE_COMMAND in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["paigow", "exact", "--help"])
    assert "the published 2.7212%: --rules classic --way foxwoods --commission 5%" in \
        " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize(("text", "fraction"), [
    ("0.7%", 0.007), ("0.007", 0.007), ("5%", 0.05), ("2.5%", 0.025), (" 10% ", 0.1),
    ("0.1%", 0.001), ("33.3%", 0.333), ("0", 0.0), ("-0", 0.0)])
def test_a_percentage_is_read_as_the_float_nearest_its_exact_value(text, fraction):
    assert commission_fraction(text) == fraction
    assert commission_text(commission_fraction(text)) == commission_text(fraction)


@given(st.floats(min_value=0, max_value=1, exclude_max=True))
def test_a_printed_commission_reads_back_as_the_same_fraction(fraction):
    assert commission_fraction(commission_text(fraction)) == fraction


def test_two_different_commissions_never_print_alike():
    near = 0.006999999999999999  # the float 0.7 / 100 gives
    assert near != 0.007
    assert (commission_text(near), commission_text(0.007)) == ("0.6999999999999999%", "0.7%")


def test_a_table_solved_at_a_percentage_serves_the_same_fraction(capsys, tmp_path):
    deck = "As Ks Qs Js Ah Kh Qh Jh Ad Kd Qd Jd Ac Kc Qc Jc Jk"
    path = tmp_path / "a.prt"
    run(capsys, "solve", "--rules", "casino", "--commission", "0.7%", "--deck", deck,
        "--out", str(path), "--no-progress", "--json")
    rules = PaiGowRules.casino().replace(commission=0.007, banker_commission=0.007)
    assert StrategyTable.load(path, rules).commission == 0.007
    with pytest.raises(PokerRulesError, match=re.escape(
            "solved at 0.7% commission, A-2-3-4-5 second-highest; these rules have "
            "0.6999999999999999% commission")):
        StrategyTable.load(path, rules.replace(commission=0.006999999999999999))
