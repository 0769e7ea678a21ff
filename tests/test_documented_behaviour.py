"""What the docs and the command line say they do: no cards is an error, JSON lines
answer input lines one for one, a game's target can be reached, a game runs with its
default line-up, Pai Gow rules by preset name, rendering at chance nodes, an empty
--agents, Ctrl-C while importing, a script without the main guard, and the game pages'
agent lists."""

import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from test_cli_rank_and_play import run

from pokerrules import chinese_poker
from pokerrules.errors import PokerRulesError

pytestmark = pytest.mark.fast





def command(*args, **options):
    """``python -m pokerrules.cli ARGS`` in a subprocess of this interpreter (so on the
    pokerrules this test imports: installed, or the sources on PYTHONPATH)."""
    return subprocess.run([sys.executable, "-m", "pokerrules.cli", *args],
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


# ------------------------------------------------------------------ render at chance nodes

TURN_BASED = ["east-west", "z-poker", "chinese-poker"]


@pytest.mark.parametrize("name", TURN_BASED)
def test_render_draws_every_chance_node_of_a_game(name):
    import numpy as np

    from pokerrules.runner import game_module

    game = game_module(name)
    state = game.new_game(chance="explicit")
    rng = np.random.default_rng(5)
    chance_nodes = 0
    while state.current_player is not None or state.is_chance_node:
        texts = [game.render(state), *(game.render(state, viewer=v)
                                       for v in range(state.players))]
        if state.is_chance_node:
            chance_nodes += 1
            left = len(state.chance_outcomes())
            line = f"chance deals the next card (one of {left} undealt card{'s' * (left != 1)})"
            assert texts[0].endswith(line)
            assert all(line in t for t in texts)
            assert "None" not in texts[0]
            outcomes = state.chance_outcomes()
            state.apply_chance(outcomes[int(rng.integers(len(outcomes)))][0])
        else:
            assert "chance deals" not in texts[0]
            moves = state.legal_moves()
            state.play(moves[int(rng.integers(len(moves)))])
    assert chance_nodes > 10
    assert "chance" not in game.render(state)


# ------------------------------------------------------------------ play --agents ''


@pytest.mark.parametrize("name", TURN_BASED)
@pytest.mark.parametrize("agents", ["", " ", ",", "random,", ",random", "random,,random"])
def test_an_empty_agent_name_is_an_error_not_the_default_line_up(capsys, name, agents):
    status, out, err = run(capsys, "play", name, "--seed", "1", "--quiet", "--agents", agents)
    assert (status, out) == (2, "")
    assert err.startswith("pokerrules: error: --agents takes agent names, one per seat, ")
    assert err.endswith(f"; not {agents!r}\n") and err.count("\n") == 1


# ------------------------------------------------------------------ Ctrl-C while importing

ROOT = Path(__file__).resolve().parents[1]


def console_script():
    """The script pip writes for the ``pokerrules`` entry point of pyproject.toml."""
    import re

    # [project.scripts]: pokerrules = "module:function" (no tomllib before Python 3.11)
    scripts = (ROOT / "pyproject.toml").read_text().split("[project.scripts]")[1]
    found = re.search(r'^pokerrules = "([\w.]+):(\w+)"$', scripts, re.MULTILINE)
    assert found is not None
    module, function = found.groups()
    return (f"import sys\nfrom {module} import {function}\n"
            f"if __name__ == '__main__':\n    sys.exit({function}())\n")


# Stops the import of numpy (the first heavy import of the package) until a signal
# comes, after saying so on stdout: the Ctrl-C lands inside the package's import.
# Holds the import of the compiled core, which every command loads (rank loads no numpy).
HOLD_CORE = '''
import sys, time
class Hold:
    def find_spec(self, name, path=None, target=None):
        if name == "pokerrules._core":
            sys.meta_path.remove(self)
            print("importing the core", flush=True)
            time.sleep(120)
        return None
sys.meta_path.insert(0, Hold())
'''


def start(code, *args):
    return subprocess.Popen([sys.executable, "-c", code, *args], text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT is a POSIX signal")
@pytest.mark.parametrize("args", [["rank"], ["play", "east-west"]])
def test_ctrl_c_while_the_package_imports_is_one_line_and_status_130(args):
    child = start(HOLD_CORE + console_script(), *args)
    try:
        assert child.stdout.readline() == "importing the core\n"
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=60)
    finally:
        child.kill()
    assert (child.returncode, err, out) == (130, "pokerrules: interrupted\n", "")


def test_the_entry_point_words_ctrl_c_as_the_command_does(capsys):
    import _pokerrules_command
    from pokerrules import _cli_common as cli_common

    assert _pokerrules_command.INTERRUPTED == cli_common.interrupted() == 130
    assert capsys.readouterr().err == _pokerrules_command.INTERRUPTED_LINE
    assert "numpy" not in _pokerrules_command.__dict__


# ------------------------------------------------------------------ play_game's default line-up


@pytest.mark.parametrize("name", TURN_BASED)
def test_play_game_without_agents_plays_the_command_lines_default_game(capsys, name):
    from pokerrules.runner import game_module, play_game

    record = play_game(name, seed=5)
    game = game_module(name)
    players = game.new_game(seed=5).players
    assert record.agents == tuple(game.DEFAULT_AGENTS)[:players]
    status, out, _ = run(capsys, "play", name, "--seed", "5", "--json")
    played = json.loads(out)
    assert status == 0 and played["agents"] == list(record.agents)
    assert played["moves"] == [m.move for m in record.moves]
    assert played["winners"] == list(record.result.winners)


def test_play_game_without_a_seed_draws_one_and_the_record_replays_it():
    from pokerrules.runner import play_game

    first = play_game("east-west", ["random", "random"])
    again = play_game("east-west", ["random", "random"], seed=first.seed)
    assert isinstance(first.seed, int) and 0 <= first.seed < 2**53
    assert again == first
    seeds = {play_game("east-west", ["random", "random"], max_moves=1000).seed
             for _ in range(3)}
    assert len(seeds) == 3  # a fresh seed each call (2**53 of them)


def test_play_game_refuses_a_seed_that_is_no_int_naming_it():
    from pokerrules.errors import ArgumentTypeError
    from pokerrules.runner import play_game

    with pytest.raises(ArgumentTypeError, match=r"int seed .* or None, not '5'"):
        play_game("east-west", seed="5")


def test_play_game_players_seats_that_many_of_the_default_line_up():
    from pokerrules import chinese_poker
    from pokerrules.runner import play_game

    for players in (2, 3, 4):
        record = play_game("chinese-poker", seed=3, players=players)
        assert record.agents == chinese_poker.DEFAULT_AGENTS[:players]
        assert len(record.result.scores) == players
    record = play_game("chinese-poker", ["random"] * 3, seed=3, players=3)
    assert len(record.result.scores) == 3


@pytest.mark.parametrize("players, agents, message", [
    (5, None, "takes 2, 3 or 4 players, not 5"),
    (1, None, "takes 2, 3 or 4 players, not 1"),
    (3, ["random", "random"], "players=3 but 2 agents are given"),
])
def test_play_game_refuses_a_number_of_players_the_game_or_the_agents_do_not_fit(
        players, agents, message):
    from pokerrules.errors import PokerRulesError
    from pokerrules.runner import play_game

    with pytest.raises(PokerRulesError, match=message):
        play_game("chinese-poker", agents, seed=3, players=players)


def test_play_game_refuses_players_that_is_no_int():
    from pokerrules.errors import ArgumentTypeError
    from pokerrules.runner import play_game

    for players in ("3", 3.0, True):
        with pytest.raises(ArgumentTypeError, match="players is the number of players"):
            play_game("chinese-poker", seed=3, players=players)


# ------------------------------------------------------------------ Pai Gow rules by name


def paigow_calls(rules):
    """Every Pai Gow function that takes the round's rules, called with ``rules``."""
    from pokerrules import paigow

    hand = "As Ah Jk 7c 7d 3s 2h"
    player, banker = paigow.Setting("Kc Kd 9h 8s 2c", "Ah Qd"), \
        paigow.Setting("Jc Jd 7h 5s 3c", "Ac Qs")
    return {
        "house_way": lambda: paigow.house_way(hand, rules),
        "house_way_rule": lambda: paigow.house_way_rule(hand, rules),
        "house_way_many": lambda: paigow.house_way_many([[51, 50, 52, 20, 21, 7, 2]], rules),
        "foul_many": lambda: paigow.foul_many([[51, 50, 52, 20, 21, 7, 2]], rules),
        "optimal_setting": lambda: paigow.optimal_setting(hand, rules, "sample",
                                                          samples=200, seed=1),
        "simulate": lambda: paigow.simulate(rules, 500, seed=1),
        "deal_round": lambda: paigow.deal_round(rules, [1, 2], seed=1),
        "play_round": lambda: paigow.play_round(rules, {1: None, 2: None}, seed=1),
        "settle": lambda: paigow.settle(player, banker, 10, rules),
    }


@pytest.mark.parametrize("call", sorted(paigow_calls(None)))
@pytest.mark.parametrize("name", ["casino", "Casino", "CLASSIC"])
def test_every_pai_gow_function_takes_a_presets_name(call, name):
    from pokerrules.paigow import PaiGowRules

    preset = PaiGowRules.casino() if name.lower() == "casino" else PaiGowRules.classic()
    by_name, by_rules = paigow_calls(name)[call](), paigow_calls(preset)[call]()
    if call == "simulate":
        assert by_name.rules == preset and by_name.to_dict() == by_rules.to_dict()
    elif call in ("house_way_many", "foul_many"):
        assert by_name.tolist() == by_rules.tolist()
    else:
        assert by_name == by_rules


@pytest.mark.parametrize("call", sorted(paigow_calls(None)))
def test_an_unknown_preset_lists_the_presets(call):
    with pytest.raises(PokerRulesError, match=r"^no PaiGowRules preset is named 'vegas'; "
                                              r"the presets are 'classic', 'casino', 'ez', "
                                              r"'commission_free' and 'face_up'$"):
        paigow_calls("vegas")[call]()
    with pytest.raises(PokerRulesError, match="'paigow' names hand rules"):
        paigow_calls("paigow")[call]()
    from pokerrules.errors import ArgumentTypeError

    with pytest.raises(ArgumentTypeError, match="a preset"):
        paigow_calls(3)[call]()


@pytest.mark.parametrize("args, message", [
    (["rank", "--rules", "casino", "As Ks"],
     "choose from paigow, piquet, standard, not 'casino' (that names a Pai Gow round's rules, "
     "for pokerrules paigow ... --rules"),
    (["paigow", "set", "--rules", "paigow", "As Ah Jk 7c 7d 3s 2h"],
     "choose from casino, classic, commission_free, ez, face_up, not 'paigow' (that names "
     "hand rules, for pokerrules rank --rules"),
    (["paigow", "simulate", "--rules", "piquet"], "not 'piquet' (that names hand rules"),
    (["paigow", "simulate", "--rules", "vegas"],
     "choose from casino, classic, commission_free, ez, face_up, not 'vegas'\n"),
])
def test_each_rules_flag_tells_the_other_kind_of_rules_apart(capsys, args, message):
    status, out, err = run(capsys, *args)
    assert (status, out) == (2, "")
    assert err.startswith("pokerrules: error: argument --rules: ") and err.count("\n") == 1
    assert message in err


def test_rules_flags_read_names_in_any_case(capsys):
    status, out, _ = run(capsys, "paigow", "round", "--rules", "Casino", "--json", "--seed", "1")
    assert status == 0 and json.loads(out)["rules"]["commission"] == 0.05
    status, out, _ = run(capsys, "rank", "--rules", "PAIGOW", "--json", "Jk As")
    assert status == 0 and json.loads(out)["rules"] == "paigow"


# ------------------------------------------------------------------ a script without the guard

UNGUARDED = '''
from pokerrules.paigow import simulate

# at the top level: each worker imports this file and gets here again
simulate(rounds=4_000, seed=1, workers=2, chunk_size=1_000, start_method={method!r})
'''


@pytest.mark.skipif(sys.platform == "win32", reason="no forkserver on Windows")
@pytest.mark.parametrize("method", ["forkserver", "spawn"])
def test_a_script_without_the_main_guard_is_told_what_to_add(tmp_path, method):
    from pokerrules import jobs

    assert jobs.DEFAULT_START_METHOD in ("forkserver", "spawn")  # the pool's own
    script = tmp_path / "unguarded.py"
    script.write_text(UNGUARDED.format(method=method))
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=300)
    assert (done.returncode, done.stdout) == (1, ""), done.stderr
    last = done.stderr.splitlines()[-1]
    assert last.startswith("pokerrules.errors.PokerRulesError: the pool's worker processes "
                           "died while starting")
    assert f"main script, {script} (start method {method})" in last
    assert last.endswith('it must start its work under `if __name__ == "__main__":`')
    # the workers end quietly, before multiprocessing's RuntimeError: the advice comes once
    assert "RuntimeError" not in done.stderr
    assert done.stderr.count("Traceback") == 1


# ------------------------------------------------------------------ the game pages' agent lists

DOCS = ROOT / "docs"


def test_every_game_page_lists_its_agents_from_the_code():
    pytest.importorskip("docutils", reason="the docs extra (Sphinx) is not installed")
    sys.path.insert(0, str(DOCS / "_ext"))
    try:
        import game_agents
    finally:
        sys.path.remove(str(DOCS / "_ext"))
    from pokerrules.runner import game_module
    from pokerrules.specs import game_specs

    pages = {"east-west": "eastwest", "z-poker": "zpoker", "chinese-poker": "chinese_poker",
             "pai-gow": "paigow"}
    assert set(pages) == {spec.name for spec in game_specs()}
    for name, page in pages.items():
        package = game_module(name)
        text = (DOCS / "games" / f"{page}.rst").read_text()
        assert f".. game-agents:: {package.__name__}\n" in text
        lines = "\n".join(game_agents.agent_lines(package))
        assert all(f"* - ``{agent}``" in lines for agent in package.AGENTS)
        assert all(f"* - ``{level}``" in lines for level in package.LEVELS)
        assert f"is ``{','.join(package.DEFAULT_AGENTS)}``" in lines
        # no hand-written line-up left to drift
        assert "default agents are" not in text.lower()
