"""``pokerrules rank`` and ``pokerrules play``: ranking any number of cards, errors
worded for the command line, the human prompt (help, quit, forced moves), --quiet,
what a human seat sees, and Z Poker's redeal."""

import builtins
import json
import re
import sys

import pytest

from pokerrules import (
    PAI_GOW,
    STANDARD,
    evaluate,
    evaluate_partial,
    evaluate_two,
    make_rng,
)
from pokerrules.cli import main
from pokerrules.errors import CardNotInDeckError, DuplicateCardError, PokerRulesError
from pokerrules.paigow import PaiGowRules, optimal_setting, simulate
from pokerrules.runner import play_game

pytestmark = pytest.mark.fast


def run(capsys, *args):
    """(status, stdout, stderr) of ``pokerrules ARGS``; argparse's exits included."""
    try:
        status = main(list(args))
    except SystemExit as stop:
        status = stop.code
    captured = capsys.readouterr()
    return status, captured.out, captured.err


# ------------------------------------------------------------------ rank


@pytest.mark.parametrize("args, kind, description", [
    (["--rules", "paigow", "Jk As"], "two-card", "One pair, aces"),
    (["Kd 7h"], "two-card", "High card, king, seven"),
    (["Kh Kd 3c"], "partial", "One pair, kings, three kicker"),
    (["9c"], "partial", "High card, nine"),
    (["--partial", "9s 9h"], "partial", "One pair, nines"),
    (["--partial", "As Ks Qs Js Ts"], "partial", "Royal flush"),
    (["As Ks Qs Js Ts 9d 2c"], "five-card", "Royal flush"),
])
def test_rank_ranks_any_number_of_cards_by_its_count(capsys, args, kind, description):
    status, out, err = run(capsys, "rank", "--json", *args)
    assert (status, err) == (0, "")
    record = json.loads(out)
    assert (record["kind"], record["description"]) == (kind, description)
    assert ("best_five" in record) == (kind == "five-card")
    status, out, _ = run(capsys, "rank", *args)
    assert status == 0 and out.startswith(description + "  [")
    assert (f"{kind} hand]" in out) == (kind != "five-card")


def test_two_and_three_cards_order_as_their_rankers_say(capsys):
    values = []
    for hand in ("Ac Kd", "2c 2d", "Jk As"):
        _, out, _ = run(capsys, "rank", "--rules", "paigow", "--json", hand)
        values.append(json.loads(out)["value"])
    assert values[0] < values[1] < values[2]


@pytest.mark.parametrize("args, ranker", [
    (["Jk As"], lambda: evaluate_two("Jk As")),
    (["Jk As Ks Qs Js"], lambda: evaluate("Jk As Ks Qs Js", PAI_GOW)),
    (["Kh Kd Kc 7s Jk 2c 3d"], lambda: evaluate("Kh Kd Kc 7s Jk 2c 3d", PAI_GOW)),
    (["--partial", "Jk As"], lambda: evaluate_partial("Jk As")),
    (["Jk 9d 9c"], lambda: evaluate_partial("Jk 9d 9c", PAI_GOW)),
])
def test_rank_without_rules_ranks_a_hand_with_the_joker_by_the_pai_gow_rules(
        capsys, args, ranker):
    status, out, err = run(capsys, "rank", "--json", *args)
    assert (status, err) == (0, "")
    record, hand = json.loads(out), ranker()
    assert record["rules"] == hand.rules.name == "paigow"
    assert (record["kind"], record["value"]) == (hand.kind, hand.value)
    assert record["description"] == hand.describe()
    _, out, _ = run(capsys, "rank", "--json", "As Ac")  # no joker: the standard rules
    assert json.loads(out)["rules"] == "standard"


def test_evaluate_partial_without_rules_takes_the_joker_as_evaluate_two_does():
    assert evaluate_partial("Jk As").rules is PAI_GOW
    assert evaluate_partial("Jk As") == evaluate_partial("Ac As", PAI_GOW)
    assert evaluate_partial("Jk As").value == evaluate_two("Jk As").value
    assert evaluate_partial("Jk As Ks Qs Js").describe() == "Royal flush"
    assert evaluate_partial("Jk").describe() == evaluate_partial("Ac", PAI_GOW).describe()
    assert evaluate_partial("Ks Kd").rules is STANDARD
    assert evaluate_partial([]).rules is STANDARD
    with pytest.raises(CardNotInDeckError, match="Jk is not in the standard deck"):
        evaluate_partial("Jk As", STANDARD)
    with pytest.raises(DuplicateCardError, match="duplicate card Jk"):
        evaluate_partial("Jk As Jk")


@pytest.mark.parametrize("args, message", [
    (["As Ks Qs Js Ts 9d 2c 3c"], "rank takes 1 to 7 cards, got 8: As Ks Qs Js Ts 9d 2c 3c"),
    (["--partial", "As Ks Qs Js Ts 9d"], "--partial ranks 1 to 5 cards, got 6"),
    (["--rules", "standard", "Jk As Ks Qs Js"],
     "Jk (the joker) is in the Pai Gow deck only: rank it with --rules paigow (the "
     "standard deck has no joker)"),
    (["--rules", "piquet", "Jk As"], "rank it with --rules paigow (the piquet deck"),
])
def test_rank_errors_speak_of_the_command(capsys, args, message):
    status, out, err = run(capsys, "rank", *args)
    assert (status, out) == (2, "")
    assert err.startswith("pokerrules: error: ") and message in err
    assert err.count("\n") == 1 and "evaluate" not in err


def test_rank_file_lines_of_every_size(tmp_path, capsys):
    path = tmp_path / "hands.txt"
    path.write_text("Ac Kd\nKh Kd 3c\nAs Ks Qs Js Ts\nJk Kh Kd Kc 7s\n", encoding="utf-8")
    status, out, _ = run(capsys, "rank", "--file", str(path))
    records = [json.loads(line) for line in out.splitlines()]
    assert status == 0
    assert [r.get("kind") for r in records] == ["two-card", "partial", "five-card", "five-card"]
    assert [r["rules"] for r in records] == ["standard"] * 3 + ["paigow"]
    status, out, _ = run(capsys, "rank", "--rules", "standard", "--file", str(path))
    records = [json.loads(line) for line in out.splitlines()]
    assert status == 2
    assert [r.get("kind") for r in records] == ["two-card", "partial", "five-card", None]
    assert records[3]["line"] == 4 and "--rules paigow" in records[3]["error"]


# ------------------------------------------------------------------ errors and seeds

PYTHON_WORDS = ("evaluate", "first_pile", "chunk_size", "samples", "play_game", "rounds must",
                "workers must", "a callable", "Traceback", "[")


@pytest.mark.parametrize("args", [
    ["paigow", "simulate", "--rounds", "0"],
    ["paigow", "simulate", "--rounds", "10", "--workers", "0"],
    ["paigow", "simulate", "--rounds", "10", "--chunk-size", "-5"],
    ["paigow", "simulate", "--rounds", "10", "--player", "wizard"],
    ["paigow", "optimal", "As Jk Qs Qh Qd 7s 2s", "--sample", "0"],
    ["paigow", "round", "--first-pile", "9"],
    ["play", "east-west", "--players", "0"],
    ["play", "east-west", "--agents", "wizard,random"],
    ["play", "east-west", "--human", "0", "--quiet"],
    ["play", "east-west", "--json", "--quiet"],
])
def test_errors_are_worded_in_command_line_terms(capsys, args):
    status, out, err = run(capsys, *args)
    assert (status, out) == (2, "")
    assert err.startswith("pokerrules: error: ") and err.count("\n") == 1
    assert not [word for word in PYTHON_WORDS if word in err], err


@pytest.mark.parametrize("command", [
    ["play", "east-west"], ["play", "z-poker"], ["play", "chinese-poker"],
    ["paigow", "round"], ["paigow", "simulate", "--rounds", "10"],
    ["paigow", "optimal", "As Jk Qs Qh Qd 7s 2s", "--sample", "10"],
])
@pytest.mark.parametrize("seed", ["-1", "x", "1.5", str(2**53)])
def test_every_command_words_a_bad_seed_the_same_way(capsys, command, seed):
    status, out, err = run(capsys, *command, "--seed", seed)
    assert (status, out) == (2, "")
    assert err == ("pokerrules: error: argument --seed: a seed is an int from 0 to "
                   f"2**53 - 1, not {seed!r}\n")


def test_the_library_words_a_negative_seed_the_same_way():
    rules = PaiGowRules.casino()
    calls = [lambda: make_rng(-1), lambda: simulate(rules, 10, seed=-1),
             lambda: optimal_setting("As Jk Qs Qh Qd 7s 2s", rules, "sample", samples=10,
                                     seed=-1),
             lambda: play_game("east-west", ["random", "random"], seed=-1)]
    for call in calls:
        with pytest.raises(PokerRulesError) as error:
            call()
        assert str(error.value) == "a seed is an int from 0 to 2**53 - 1, not -1"
    for call in (lambda: make_rng("1"), lambda: simulate(rules, 10, seed="1")):
        with pytest.raises(TypeError, match=r"^pass a seed \(int\) or a numpy"):
            call()


# ------------------------------------------------------------------ play


def typist(monkeypatch, answers):
    """Feeds ``answers`` to the prompt (standard input), then the first move that
    'help' lists; returns the prompts seen."""
    prompts = []
    answers = iter(answers)
    pending = {"listing": None}
    real_print = builtins.print

    def spy(*args, **kwargs):
        text = " ".join(str(a) for a in args)
        if text.startswith("legal moves ("):
            pending["listing"] = text.splitlines()[1].split("   ")[0].strip()
        if kwargs.get("end") == "" and text.endswith("> "):
            prompts.append(text)
        real_print(*args, **kwargs)

    def answer():
        given = next(answers, None)
        if given is not None:
            return given
        if pending["listing"] is None:
            return "help"
        move, pending["listing"] = pending["listing"], None
        return move

    class Typed:
        def readline(self, size=-1):
            return answer() + "\n"

    monkeypatch.setattr(builtins, "print", spy)
    monkeypatch.setattr(sys, "stdin", Typed())
    return prompts


def test_help_lists_the_legal_moves_and_quit_leaves(capsys, monkeypatch):
    typist(monkeypatch, ["help", "row 7", "quit"])
    status, out, err = run(capsys, "play", "east-west", "--seed", "5", "--human", "0")
    assert (status, err) == (0, "")
    assert "legal: row 0  row 1  row 2 ('help' lists them, 'quit' leaves the game)" in out
    assert "legal moves (3):\n  row 0   row 1   row 2\n" in out
    assert "not a legal move: 'row 7'" in out
    assert re.search(r"you left the game after \d+ moves?$", out.rstrip())
    assert "winner" not in out


def test_a_long_list_of_moves_waits_for_help(capsys, monkeypatch):
    typist(monkeypatch, ["quit"])
    status, out, _ = run(capsys, "play", "z-poker", "--seed", "3", "--human", "0")
    assert status == 0 and "legal: 80 moves ('help' lists them" in out


def test_a_forced_move_is_played_for_the_human(capsys, monkeypatch):
    prompts = typist(monkeypatch, [])
    status, out, _ = run(capsys, "play", "east-west", "--seed", "5", "--human", "0")
    assert status == 0 and "rows won:" in out
    # West places 12 cards; the last ones go where the only open place is
    forced = out.count("only one legal move, ")
    assert forced >= 1 and "only one legal move, row " in out and "played for you" in out
    assert len([p for p in prompts if p == "player 0> "]) >= 12 - forced


def test_an_east_west_human_sees_only_their_own_drawn_card(capsys, monkeypatch):
    typist(monkeypatch, [])
    status, out, _ = run(capsys, "play", "east-west", "--seed", "5", "--human", "1")
    assert status == 0
    tables = [line for line in out.splitlines() if line.startswith("stock ")]
    assert len(tables) == 24
    for line in tables:
        assert ("drew" in line) == ("East (player 1) to move" in line), line


@pytest.mark.parametrize("game, players", [
    ("east-west", 2), ("z-poker", 2), ("chinese-poker", 4), ("chinese-poker", 3)])
def test_quiet_prints_the_result_only(capsys, game, players):
    # greedy agents (--level easy): the search's games print the same way, at length
    args = ("play", game, "--seed", "3", "--players", str(players), "--level", "easy")
    status, out, err = run(capsys, *args, "--quiet")
    assert (status, err) == (0, "")
    assert len(out.splitlines()) == 1
    _, json_out, _ = run(capsys, *args, "--json")
    record = json.loads(json_out)
    verdict = "draw" if not record["winners"] else \
        "winner: " + ", ".join(f"player {w}" for w in record["winners"])
    scores = ", ".join(f"player {p} {score:g}" for p, score in enumerate(record["scores"]))
    assert out == f"{verdict}; scores: {scores}\n"


def test_z_poker_shows_the_tie_and_the_redeal(capsys):
    # the agents play the face-down cards, so they are named: seed 7 ties with these
    status, out, _ = run(capsys, "play", "z-poker", "--seed", "7", "--agents", "greedy,random")
    assert status == 0
    tie = ("the face-down cards tie (Ks on A and Kh on F): all cards gathered, shuffled "
           "and dealt again (deal 2)\nfinding the Leader (deal 2): player 0 plays face down")
    assert tie in out and out.count("face-down cards tie") == 1


def test_quiet_chinese_poker_is_one_line_where_the_table_is_hundreds(capsys):
    _, loud, _ = run(capsys, "play", "chinese-poker", "--seed", "3")
    _, quiet, _ = run(capsys, "play", "chinese-poker", "--seed", "3", "--quiet")
    assert len(loud.splitlines()) > 500 and len(quiet.splitlines()) == 1
    assert loud.rstrip().endswith(quiet.split(";")[0])
