import io
import json
import os
import signal
import subprocess
import sys

import pytest

from pokerrules import __version__
from pokerrules.cli import main

pytestmark = pytest.mark.fast


def test_rank_prints_category_and_best_five(capsys):
    assert main(["rank", "As Ks Qs Js Ts 9d 2c"]) == 0
    out = capsys.readouterr().out
    assert "Royal flush" in out and "As Ks Qs Js Ts" in out


def test_rank_json(capsys):
    assert main(["rank", "--rules", "paigow", "--json", "Kh Kd Kc 7s Jk 2c 3d"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["category"] == "THREE_OF_A_KIND"
    assert record["description"] == "Three of a kind, kings, kickers ace, seven"


def test_bad_hand_is_one_line_on_stderr_with_status_2(capsys):
    assert main(["rank", "As As Ks Qs Js"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.strip() == "pokerrules: error: duplicate card As"


def test_file_gives_one_json_line_per_input_line(tmp_path, capsys):
    path = tmp_path / "hands.txt"
    path.write_text("As Ks Qs Js Ts\nXx Yy\n\n2c 3d 4h 5s 6c 8d 9h\n", encoding="utf-8")
    assert main(["rank", "--file", str(path)]) == 2
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert len(lines) == 4  # the blank line answered too: output N is input N
    assert lines[0]["description"] == "Royal flush"
    assert lines[1]["line"] == 2 and "Xx" in lines[1]["error"]
    assert lines[2]["line"] == 3 and "no cards" in lines[2]["error"]
    assert lines[3]["category"] == "STRAIGHT"


def test_missing_file_is_an_error(capsys):
    assert main(["rank", "--file", "/no/such/file"]) == 2
    assert capsys.readouterr().err.startswith("pokerrules: error:")


def test_installed_command_runs_from_stdin():
    done = subprocess.run(
        [sys.executable, "-m", "pokerrules.cli", "rank", "--rules", "piquet"],
        input="Ah Kh Qh Jh Th\n", capture_output=True, text=True, check=True,
    )
    assert json.loads(done.stdout)["description"] == "Royal flush"


def test_version_and_help(capsys):
    with pytest.raises(SystemExit):
        main(["--version"])
    assert __version__ in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "pokerrules rank" in capsys.readouterr().out


def test_file_with_bom_and_bad_bytes_ranks_the_good_lines(tmp_path, capsys):
    path = tmp_path / "hands.txt"
    path.write_bytes(b"\xef\xbb\xbfAs Ks Qs Js Ts\n\xff\xfe\n2c 3c 4c 5c 6c\n")
    assert main(["rank", "--file", str(path)]) == 2
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert lines[0]["description"] == "Royal flush"
    assert lines[1]["line"] == 2
    assert lines[2]["description"] == "Straight flush, six high"


def test_usage_errors_are_one_line(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["rank", "--rules", "bogus", "As Ks Qs Js Ts"])
    assert exit_info.value.code == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
    assert main(["rank", "--file", "x.txt", "As Ks Qs Js Ts"]) == 2


# ------------------------------------------- Ctrl-C, endless lines, unnamed files

def command(*args, **options):
    """The pokerrules command in a child process, its output unbuffered."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen([sys.executable, "-m", "pokerrules.cli", *args], text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                            **options)


def read_until(child, ending):
    """Reads the child's output until it ends with ``ending`` (or the child ends)."""
    seen = ""
    while not seen.endswith(ending):
        char = child.stdout.read(1)
        if not char:
            break
        seen += char
    return seen


def ctrl_c(child):
    child.send_signal(signal.SIGINT)
    _, err = child.communicate(timeout=120)
    return child.returncode, err


@pytest.mark.parametrize("args, hand", [
    (["rank"], "As Ks Qs Js Ts"),
    (["paigow", "set"], "As Ah Jk 7c 7d 3s 2h"),
])
def test_ctrl_c_while_reading_standard_input_is_one_line_and_status_130(args, hand):
    child = command(*args, stdin=subprocess.PIPE)
    child.stdin.write(hand + "\n")
    child.stdin.flush()
    assert "{" in read_until(child, "}\n")  # the first hand is done: now it reads
    assert ctrl_c(child) == (130, "pokerrules: interrupted\n")


def test_ctrl_c_while_reading_a_file_is_one_line_and_status_130(tmp_path):
    fifo = tmp_path / "hands"
    os.mkfifo(fifo)
    child = command("rank", "--file", str(fifo))
    with open(fifo, "w") as writer:
        writer.write("As Ks Qs Js Ts\n")
        writer.flush()
        assert "Royal flush" in read_until(child, "}\n")
        assert ctrl_c(child) == (130, "pokerrules: interrupted\n")


def test_ctrl_c_at_the_human_prompt_is_one_line_and_status_130():
    child = command("play", "east-west", "--seed", "5", "--human", "0", stdin=subprocess.PIPE)
    assert read_until(child, "player 0> ").endswith("player 0> ")
    assert ctrl_c(child) == (130, "pokerrules: interrupted\n")


@pytest.mark.parametrize("args", [["rank"], ["paigow", "set"],
                                  ["play", "z-poker", "--seed", "9", "--human", "0"]])
def test_a_line_beyond_max_line_stops_the_command(args):
    from pokerrules._cli_common import MAX_LINE

    done = subprocess.run([sys.executable, "-m", "pokerrules.cli", *args], text=True,
                          input="x" * (MAX_LINE + 1) + "\n",
                          capture_output=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr == "pokerrules: error: line 1 of standard input is longer than " \
        f"{MAX_LINE:,} characters\n"
    ok = subprocess.run([sys.executable, "-m", "pokerrules.cli", "rank"], text=True,
                        input="As Ks Qs Js Ts" + " " * (MAX_LINE - 14) + "\n",
                        capture_output=True, timeout=120)
    assert ok.returncode == 0  # a line of MAX_LINE characters is read


def test_an_endless_file_is_refused_not_read_for_ever(capsys):
    assert main(["rank", "--file", "/dev/zero"]) == 2
    assert capsys.readouterr().err == \
        "pokerrules: error: line 1 of /dev/zero is longer than 10,000 characters\n"


@pytest.mark.skipif(not os.path.exists("/proc/self/mem"), reason="needs /proc")
def test_a_read_error_names_the_file(capsys):
    assert main(["rank", "--file", "/proc/self/mem"]) == 2
    assert capsys.readouterr().err == "pokerrules: error: Input/output error: /proc/self/mem\n"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_write_error_names_standard_output():
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "pokerrules.cli", "rank", "As Ks Qs Js Ts"],
                              stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert (done.returncode, done.stderr) == \
        (2, "pokerrules: error: No space left on device: standard output\n")


def test_occupied_may_not_be_empty(capsys):
    assert main(["paigow", "round", "--occupied", ""]) == 2
    assert capsys.readouterr().err == \
        "pokerrules: error: --occupied takes positions such as 1,3,5, not ''\n"


def test_long_input_is_cut_short_on_the_command_line(capsys, monkeypatch):
    assert main(["rank", "As " * 2000 + "Xx"]) == 2
    err = capsys.readouterr().err
    assert len(err) < 200 and "(6,002 characters)" in err
    assert main(["paigow", "round", "--occupied", "1," * 3000]) == 2
    assert len(capsys.readouterr().err) < 200
    monkeypatch.setattr(sys, "stdin", io.StringIO("row " + "9" * 5000 + "\n"))
    assert main(["play", "east-west", "--seed", "5", "--human", "0"]) == 2
    out = capsys.readouterr().out
    refused = next(line for line in out.splitlines() if "not a legal move" in line)
    assert len(refused) < 200 and "(5,004 characters)" in refused


# ------------------------------------------- standard input or output closed

CLOSED_OUTPUT = ("pokerrules: error: standard output is closed: pokerrules writes its "
                 "results there\n")
CLOSED_INPUT = ("pokerrules: error: no input to read: standard input is closed (give the "
                "hands on the command line or with --file PATH)\n")


def with_closed(fds, *args):
    """(status, stdout, stderr) of the installed ``pokerrules ARGS`` started with the
    file descriptors ``fds`` closed, as the shell's ``<&-`` and ``>&-`` start it
    (stdout is then "" when it is closed)."""
    def close():
        for fd in fds:
            os.close(fd)
    done = subprocess.run([sys.executable, "-c", "from _pokerrules_command import run; run()",
                           *args], capture_output=True, text=True, timeout=120,
                          preexec_fn=close)
    return done.returncode, done.stdout, done.stderr


@pytest.mark.skipif(sys.platform == "win32", reason="closes POSIX file descriptors")
@pytest.mark.parametrize("fds", [(1,), (0, 1)])
@pytest.mark.parametrize("args", [["rank", "As Ks"], ["rank"], ["play", "z-poker", "--quiet"],
                                  ["paigow", "round"]])
def test_a_command_with_standard_output_closed_says_so_on_one_line(fds, args):
    assert with_closed(fds, *args) == (2, "", CLOSED_OUTPUT)


@pytest.mark.skipif(sys.platform == "win32", reason="closes POSIX file descriptors")
@pytest.mark.parametrize("args, message", [
    (["rank"], CLOSED_INPUT), (["rank", "--file", "-"], CLOSED_INPUT),
    (["paigow", "set"], CLOSED_INPUT),
    (["play", "east-west", "--human", "0"],
     "pokerrules: error: --human reads your moves from standard input, which is closed\n"),
])
def test_a_command_that_reads_standard_input_closed_says_so_on_one_line(args, message):
    assert with_closed((0,), *args) == (2, "", message)


@pytest.mark.skipif(sys.platform == "win32", reason="closes POSIX file descriptors")
@pytest.mark.parametrize("args, out", [
    (["rank", "As Ks Qs Js Ts"], "Royal flush  [STRAIGHT_FLUSH]\nbest five: As Ks Qs Js Ts\n"),
    (["play", "east-west", "--seed", "5", "--level", "easy", "--quiet"],
     "winner: player 0; scores: player 0 2, player 1 1\n"),
])
def test_commands_that_read_no_input_run_with_standard_input_closed(args, out):
    assert with_closed((0,), *args) == (0, out, "")


@pytest.mark.skipif(sys.platform == "win32", reason="closes POSIX file descriptors")
def test_help_goes_to_standard_error_when_standard_output_is_closed():
    status, _, err = with_closed((1,), "--help")
    assert status == 0 and err.startswith("usage: pokerrules")
    assert with_closed((0, 1, 2), "rank") == (2, "", "")  # nowhere to say so: the status


@pytest.mark.skipif(sys.platform == "win32", reason="closes POSIX file descriptors")
@pytest.mark.parametrize("args", [
    ["paigow", "simulate", "--rounds", "3000000", "--seed", "1", "--workers", "2"],
    ["rank", "As Ks Qs Js Ts"]])
def test_a_command_with_standard_error_closed_runs_without_its_bar(args):
    status, out, err = with_closed((2,), *args)
    assert (status, err) == (0, "") and out
