"""``--commission`` of ``pokerrules paigow exact``, ``simulate`` and ``optimal``:
the casino's 5% unless told, a fraction or a percentage, on a player's win and a
banking player's alike; every output names the commission it used."""

import functools
import json

import pytest
from test_paigow_exact import SMALL

from pokerrules.cli import main
from pokerrules.paigow import PaiGowRules, exact_house_edge, optimal_setting, simulate

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
    ([], 0.05, "5%"), (["--commission", "0"], 0.0, "0%"), (["--commission", "2.5%"], 0.025,
                                                            "2.5%"),
    (["--commission", "0.1"], 0.1, "10%"), (["--rules", "casino", "--commission", "0"], 0.0,
                                            "0%")])
def test_exact_counts_at_the_commission_given(capsys, small_deck, given, commission, shown):
    counts = exact_house_edge(PaiGowRules.classic(), deck=SMALL)
    record = json.loads(run(capsys, "exact", *given, "--json"))
    assert record["commission"] == commission
    assert record["player_ev"] == pytest.approx(
        (counts.wins * (1 - commission) - counts.losses) / counts.total)
    text = run(capsys, "exact", *given)
    assert f"at {shown} commission; house edge {-record['player_ev']:.4%}\n" in text


@pytest.mark.parametrize(("given", "commission", "shown"), [
    ([], 0.05, "5%"), (["--commission", "0"], 0.0, "0%"), (["--commission", "1.5%"], 0.015,
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
    ([], 0.05, "5%"), (["--commission", "0%"], 0.0, "0%")])
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
    assert "(default 5%, the casino's)" in text and "%%" not in text
