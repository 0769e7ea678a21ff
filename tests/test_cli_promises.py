"""Promises of the docs and the command line that reproducers showed broken: no
cards is an error, JSON lines answer input lines one for one, a game's target can
be reached, a game runs with its default line-up, Pai Gow rules by preset name,
rendering at chance nodes, an empty --agents, and Ctrl-C while importing."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pokerrules import chinese_poker
from pokerrules.cli import main
from pokerrules.errors import PokerRulesError

pytestmark = pytest.mark.fast

SRC = Path(__file__).resolve().parents[1] / "src"


def run(capsys, *args):
    """(status, stdout, stderr) of ``pokerrules ARGS``; argparse's exits included."""
    try:
        status = main(list(args))
    except SystemExit as stop:
        status = stop.code
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def command(*args, **options):
    """``python -m pokerrules.cli ARGS`` in a subprocess, on this checkout's sources."""
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    return subprocess.run([sys.executable, "-m", "pokerrules.cli", *args], env=env,
                          capture_output=True, text=True, timeout=120, **options)


# ------------------------------------------------------------------ rank: no cards


@pytest.mark.parametrize("args", [[""], ["   "], ["--partial", ""], ["--json", ""]])
def test_rank_of_no_cards_is_an_error(capsys, args):
    status, out, err = run(capsys, "rank", *args)
    assert (status, out) == (2, "")
    assert err == ('pokerrules: error: no cards to rank: rank takes 1 to 7 cards, such as '
                   '"As Ks Qs Js Ts 9d 2c"\n')


def test_rank_of_no_cards_fails_in_the_shell_too():
    done = command("rank", "")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("pokerrules: error: no cards to rank")


@pytest.mark.parametrize("args, text", [
    (["rank"], "As Ks Qs Js Ts\n\n  \nKh Kd\n"),
    (["rank", "--json"], "As Ks Qs Js Ts\n\n  \nKh Kd\n"),
    (["paigow", "set"], "As Ah Jk 7c 7d 3s 2h\n\n  \nKh Kd As Qc Jd Th 4s\n"),
])
def test_every_input_line_gets_its_output_line(args, text):
    done = command(*args, input=text)
    records = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(records) == 4, done.stdout
    assert [r.get("line") for r in records] == [None, 2, 3, None]
    assert "error" not in records[0] and "error" not in records[3]
    assert done.returncode == 2 and done.stderr == ""


# ------------------------------------------------------------------ Chinese Poker's target


def test_a_target_no_game_could_reach_is_refused():
    for target in (2**53, 10**7, chinese_poker.MAX_TARGET + 1):
        with pytest.raises(PokerRulesError, match="from 1 to 10,000"):
            chinese_poker.ChinesePokerRules(target=target)
    assert chinese_poker.ChinesePokerRules(target=chinese_poker.MAX_TARGET).target == 10_000


def test_the_bound_is_what_a_round_can_score():
    # a round scores 1 to 50 points a player: the bound is 200 rounds at the least
    assert chinese_poker.penalty(12, 12) == 50 == max(
        chinese_poker.penalty(left, dealt) for dealt in (12, 16) for left in range(1, dealt + 1))
    assert chinese_poker.MAX_TARGET // 50 == 200
