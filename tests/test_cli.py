import json
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
    assert len(lines) == 3
    assert lines[0]["description"] == "Royal flush"
    assert lines[1]["line"] == 2 and "Xx" in lines[1]["error"]
    assert lines[2]["category"] == "STRAIGHT"


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
