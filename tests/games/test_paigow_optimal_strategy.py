"""optimal_strategy_table: the table of a small deck equals the brute force of
test_paigow_strategy_table whatever the chunks and the workers; a run stopped
(Ctrl-C, or killed) and resumed gives the same file, byte for byte; bad input is
refused by name; and ``pokerrules paigow solve`` saves the table."""

from __future__ import annotations

import json
import math
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
from test_paigow_strategy_table import DECK, RULES, Brute

from pokerrules.cli import main
from pokerrules.errors import IllegalMoveError, PokerRulesError
from pokerrules.paigow import (
    BatchWay,
    Setting,
    StrategyTable,
    house_way_many,
    optimal_setting,
    optimal_strategy_table,
    settings,
    simulate,
)
from pokerrules.paigow.analysis import solve as solve_module
from pokerrules.paigow.analysis.hand_classes import HandClasses

pytestmark = pytest.mark.fast

FIELDS = ("hands", "best", "wins", "losses", "house", "house_wins", "house_losses", "weight")


@pytest.fixture(scope="module")
def brute():
    return Brute(RULES, "foxwoods", DECK)


@pytest.fixture(scope="module")
def solved():
    return optimal_strategy_table(RULES, "foxwoods", deck=DECK, chunk_size=300, progress=False)


def test_the_table_of_a_small_deck_equals_the_brute_force(brute, solved):
    expected = StrategyTable.from_arrays(**brute.table_arrays())
    assert solved.symmetric and len(solved) == 1104
    for name in FIELDS:
        assert np.array_equal(getattr(solved, name), getattr(expected, name)), name


def test_a_deck_without_suit_classes_solves_every_hand(tmp_path):
    deck = "As Ks Qs Js Ah Kh Qh Jh Ad Kd Qd Jd Ac Kc Jk"  # no Qc, Jc: no renamings
    brute = Brute(RULES, "foxwoods", deck)
    table = optimal_strategy_table(RULES, "foxwoods", deck=deck, progress=False)
    assert not table.symmetric and len(table) == math.comb(15, 7)
    assert (table.weight == 1).all()
    for i in np.random.default_rng(2).choice(len(brute.hands), 60, replace=False):
        evs = brute.evs(i)
        assert table.best[i] == int(np.argmax(evs))  # every hand its own class: the first best
        wins, losses, _ = brute.settings(i)
        assert (table.wins[i], table.losses[i]) == (wins[table.best[i]], losses[table.best[i]])


def test_the_same_table_whatever_the_chunks_or_the_executor(solved, tmp_path):
    solved.save(tmp_path / "one.prt")
    with ThreadPoolExecutor(2) as pool:
        other = optimal_strategy_table(RULES, "foxwoods", deck=DECK, chunk_size=97, executor=pool,
                                 progress=False)
    other.save(tmp_path / "two.prt")
    assert (tmp_path / "one.prt").read_bytes() == (tmp_path / "two.prt").read_bytes()


@pytest.mark.slow
def test_the_same_table_from_a_process_pool(solved, tmp_path):
    solved.save(tmp_path / "one.prt")
    optimal_strategy_table(RULES, "foxwoods", deck=DECK, chunk_size=200, workers=2,
                     progress=False).save(tmp_path / "two.prt")
    assert (tmp_path / "one.prt").read_bytes() == (tmp_path / "two.prt").read_bytes()


def test_an_interrupted_run_resumes_to_the_same_table(solved, tmp_path, monkeypatch):
    solved.save(tmp_path / "straight.prt")
    real, calls = solve_module._solve_chunk, []

    def stopping(task):
        calls.append(len(task[3]))
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(task)

    monkeypatch.setattr(solve_module, "_solve_chunk", stopping)
    parts = tmp_path / "parts"
    with pytest.raises(KeyboardInterrupt):
        optimal_strategy_table(RULES, "foxwoods", deck=DECK, chunk_size=300, checkpoint=parts,
                         progress=False)
    assert sorted(p.name for p in parts.glob("chunk-*")) == ["chunk-000000.npz",
                                                              "chunk-000001.npz"]
    (parts / "chunk-000002.npz.5f3a9c0e1b2d4a67.part").write_bytes(b"half a chunk")  # cut short
    calls.clear()
    resumed = optimal_strategy_table(RULES, "foxwoods", deck=DECK, chunk_size=300,
                               checkpoint=parts, progress=False)
    assert calls == [300, 204]  # only the chunks not saved
    resumed.save(tmp_path / "resumed.prt")
    assert (tmp_path / "straight.prt").read_bytes() == (tmp_path / "resumed.prt").read_bytes()


def test_a_damaged_chunk_file_is_refused_by_name(tmp_path):
    parts = tmp_path / "parts"
    optimal_strategy_table(RULES, "foxwoods", deck=DECK, chunk_size=600, checkpoint=parts,
                     progress=False)
    (parts / "chunk-000001.npz").write_bytes(b"PK\3\4 not a zip")
    with pytest.raises(PokerRulesError, match=r"chunk-000001\.npz is damaged"):
        optimal_strategy_table(RULES, "foxwoods", deck=DECK, chunk_size=600, checkpoint=parts,
                         progress=False)


def test_a_checkpoint_of_another_run_is_refused_by_name(tmp_path):
    parts = tmp_path / "parts"
    optimal_strategy_table(RULES, "foxwoods", deck=DECK, chunk_size=600, checkpoint=parts,
                     progress=False)
    with pytest.raises(PokerRulesError, match="other rules"):
        optimal_strategy_table(RULES.replace(commission=0.0), "foxwoods", deck=DECK,
                         chunk_size=600, checkpoint=parts)
    with pytest.raises(PokerRulesError, match="other way"):
        optimal_strategy_table(RULES, "ballys", deck=DECK, chunk_size=600,
                         checkpoint=parts)
    with pytest.raises(PokerRulesError, match="chunk_size 600, not 500"):
        optimal_strategy_table(RULES, "foxwoods", deck=DECK, chunk_size=500, checkpoint=parts)
    (tmp_path / "file").write_text("")
    with pytest.raises(PokerRulesError, match="is a file, not a directory"):
        optimal_strategy_table(RULES, "foxwoods", deck=DECK, checkpoint=tmp_path / "file")


def fouling(codes, rules):
    """Sets every hand with its two highest cards in front: a foul for some."""
    ordered = np.sort(np.asarray(codes), axis=1)
    return np.concatenate([ordered[:, :5], ordered[:, 5:]], axis=1)


def test_bad_input_is_refused_by_name():
    with pytest.raises(PokerRulesError, match="a deck of 13 cards deals no two hands"):
        optimal_strategy_table(RULES, deck="As Ks Qs Js Ah Kh Qh Jh Ad Kd Qd Jd Jk")
    with pytest.raises(IllegalMoveError, match="fouls"):
        optimal_strategy_table(RULES, BatchWay(fouling, "highest in front"), deck=DECK)
    with pytest.raises(PokerRulesError, match="chunk_size must be an int from 1"):
        optimal_strategy_table(RULES, deck=DECK, chunk_size=0)
    with pytest.raises(PokerRulesError, match="give workers or executor"):
        optimal_strategy_table(RULES, deck=DECK, workers=2, executor=ThreadPoolExecutor(1))
    with pytest.raises(PokerRulesError, match="saved with a built-in or loaded banker's way"):
        optimal_strategy_table(RULES, BatchWay(lambda c, r: house_way_many(c, r), "mine"),
                         deck=DECK, progress=False).save("never-written.prt")


# ------------------------------------------------------------------ the command

def run(capsys, *args):
    status = main(["paigow", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_the_solve_command_saves_the_table_and_prints_the_cost(solved, capsys, tmp_path):
    out = tmp_path / "t.prt"
    status, text, err = run(capsys, "solve", "--rules", "casino", "--way", "foxwoods",
                            "--out", str(out), "--deck", DECK, "--chunk-size", "400",
                            "--no-progress")
    assert (status, err) == (0, "")
    assert out.exists() and not (tmp_path / "t.prt.parts").exists()
    loaded = StrategyTable.load(out, RULES, "foxwoods")
    assert loaded.result == solved.result
    assert "1,104 classes of hands of a 17-card deck" in text
    assert f"{solved.house_edge:.4%} played optimally" in text
    status, record, _ = run(capsys, "solve", "--rules", "casino", "--out", str(out),
                            "--deck", DECK, "--json", "--no-progress")
    assert json.loads(record)["house_way_cost"]["optimal_edge"] == pytest.approx(
        solved.house_edge)


def test_the_solve_command_resumes_only_when_told(capsys, tmp_path):
    out = tmp_path / "t.prt"
    (tmp_path / "t.prt.parts").mkdir()
    status, _, err = run(capsys, "solve", "--out", str(out), "--deck", DECK)
    assert status == 2 and "holds the chunks of a stopped run: --resume" in err
    status, _, err = run(capsys, "solve", "--out", str(out), "--deck", DECK, "--resume",
                         "--no-progress")
    assert (status, err) == (0, "") and out.exists()


@pytest.mark.slow
def test_a_killed_solve_command_resumes_to_the_same_file(solved, tmp_path):
    """SIGKILL in the middle of a run of many chunks, then --resume."""
    out = tmp_path / "t.prt"
    command = [sys.executable, "-m", "pokerrules.cli", "paigow", "solve", "--rules", "casino",
               "--out", str(out), "--deck", DECK, "--chunk-size", "2", "--no-progress"]
    parts = tmp_path / "t.prt.parts"
    process = subprocess.Popen(command)
    try:
        deadline = time.monotonic() + 60
        while len(list(parts.glob("chunk-*.npz"))) < 50 and time.monotonic() < deadline:
            time.sleep(0.01)
        process.send_signal(signal.SIGKILL)
    finally:
        process.wait()
    done = len(list(parts.glob("chunk-*.npz")))
    assert process.returncode == -signal.SIGKILL and 50 <= done < 552 and not out.exists()
    subprocess.run([*command, "--resume"], check=True)
    solved.save(tmp_path / "straight.prt")
    assert out.read_bytes() == (tmp_path / "straight.prt").read_bytes()


# ------------------------------------------------------------------ the full deck

@pytest.mark.slow
def test_full_deck_entries_equal_optimal_setting_exact():
    """A chunk of random classes of the full deck, solved as the job solves them,
    against optimal_setting's exact count of each hand."""
    rules = RULES.replace(wheel_second_highest=False)
    deck = np.arange(53, dtype=np.uint8)
    rng = np.random.default_rng(5)
    classes = HandClasses(deck, True)
    hands = np.sort([rng.choice(53, 7, replace=False) for _ in range(4)], axis=1)
    numbers = np.unique(classes.represent(classes.positions(hands))[0])
    arrays = solve_module._solve_chunk((rules, "foxwoods", deck, numbers, "player"))
    for k, number in enumerate(numbers):
        cards = deck[classes.unrank(np.array([number]))[0]].tolist()
        exact = optimal_setting(cards, rules, "exact")
        best = settings(cards)[int(arrays["best"][k])]
        assert best == exact.best.setting
        total = exact.hands
        assert arrays["wins"][k] == round(exact.best.win * total)
        assert arrays["losses"][k] == round(exact.best.loss * total)


@pytest.mark.slow
def test_a_full_deck_table_plays_in_simulate_as_its_settings_say(tmp_path):
    """A table of the full deck whose every "best" setting is the house way's
    plays exactly as the house way does in a seeded simulation."""
    deck = np.arange(53, dtype=np.uint8)
    classes = HandClasses(deck, True)
    parts = list(classes.representatives())
    numbers = np.concatenate([p[0] for p in parts])
    codes = deck[classes.unrank(numbers)]
    rows = house_way_many(codes, RULES, "foxwoods")
    index = {pair: k for k, pair in enumerate((a, b) for a in range(7) for b in range(a + 1, 7))}
    first = np.argmax(codes == rows[:, 5:6], axis=1)
    second = np.argmax(codes == rows[:, 6:7], axis=1)
    house = np.array([index[(int(a), int(b))] for a, b in zip(first, second, strict=True)])
    zeros = np.zeros(len(numbers), dtype=np.int64)
    table = StrategyTable.from_arrays(
        rules=RULES, way="foxwoods", deck_codes=deck, symmetric=True, hands=numbers,
        best=house, wins=zeros, pushes=zeros + math.comb(46, 7), losses=zeros, house=house,
        house_wins=zeros, house_losses=zeros, weight=np.concatenate([p[1] for p in parts]))
    assert table.setting("As Ah Jk 7c 7d 3s 2h") == Setting("Jk As Ah 3s 2h", "7d 7c")
    played = simulate(RULES, 20_000, way="foxwoods", player_way=table, seed=4, chunk_size=5000)
    house_way = simulate(RULES, 20_000, way="foxwoods", seed=4, chunk_size=5000)
    assert (played.wins, played.pushes, played.losses) == (house_way.wins, house_way.pushes,
                                                           house_way.losses)
