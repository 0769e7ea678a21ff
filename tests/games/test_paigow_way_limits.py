"""A house way's description is bounded before it is read: its size
(WAY_SIZE_LIMIT bytes, a file's and a text's alike), each line's length
(WAY_LINE_LIMIT characters) and the number of rules are checked before any
line is split into words or compiled; a path that is no regular file is refused
from its status, naming it. Lines end at line feeds only, so line numbers stay
right past a form feed and a ``source:`` line may hold any other character."""

import os
import threading
from pathlib import Path

import pytest

from pokerrules.errors import HouseWayError
from pokerrules.paigow import (
    WAY_LINE_LIMIT,
    WAY_SIZE_LIMIT,
    load_house_way,
    way_description,
)
from pokerrules.paigow.game import description

FOX = way_description("foxwoods")
THREE_ACES = "  three aces: if trips = A -> A and single\n"
THREE_ACES_LINE = FOX.splitlines().index(THREE_ACES.rstrip("\n")) + 1


def forbid_parsing(monkeypatch, *, lines=False):
    """Makes a test fail if any line is split into words or compiled (and with
    ``lines``, if the text is even split into lines)."""
    def never(*args):
        raise AssertionError("the description was parsed before the refusal")

    for name in ("_tokens", "_condition", "_action", *(("_lines",) if lines else ())):
        monkeypatch.setattr(description, name, never)


@pytest.fixture
def nothing_parsed(monkeypatch):
    forbid_parsing(monkeypatch)


@pytest.fixture
def no_line_read(monkeypatch):
    forbid_parsing(monkeypatch, lines=True)


def padded(size):
    """The Foxwoods text with comment lines after it, ``size`` bytes in all."""
    need = size - len(FOX.encode())
    full, rest = divmod(need, 1000)
    tail = "#" * (rest - 1) + "\n" if rest else ""
    return FOX + ("#" * 999 + "\n") * full + tail


def test_a_text_of_the_size_limit_loads_and_a_byte_more_is_refused_unread(monkeypatch):
    text = padded(WAY_SIZE_LIMIT)
    assert len(text.encode()) == WAY_SIZE_LIMIT
    assert load_house_way(text).name == "Foxwoods"
    forbid_parsing(monkeypatch, lines=True)
    for over in (text + "\n", "no such line\n" + text, "\n" * (3 * WAY_SIZE_LIMIT)):
        with pytest.raises(HouseWayError) as info:
            load_house_way(over)
        assert str(info.value) == ("<text>: a description of more than 1,048,576 bytes "
                                   "(WAY_SIZE_LIMIT)")


def test_a_text_is_measured_in_utf8_bytes(no_line_read):
    # fewer characters than the limit, more bytes: each e-acute is two
    text = FOX + "# " + "\u00e9" * (WAY_SIZE_LIMIT // 2) + "\n"
    assert len(text) < WAY_SIZE_LIMIT < len(text.encode())
    with pytest.raises(HouseWayError, match=r"^<text>: a description of more than 1,048,576"):
        load_house_way(text)


def test_a_file_of_the_size_limit_loads_and_a_larger_one_is_refused_naming_it(
        tmp_path, monkeypatch):
    path = tmp_path / "long.way"
    path.write_bytes(padded(WAY_SIZE_LIMIT).encode())
    assert load_house_way(path).name == "Foxwoods"
    forbid_parsing(monkeypatch, lines=True)
    path.write_bytes(padded(WAY_SIZE_LIMIT + 1).encode())
    with pytest.raises(HouseWayError) as info:
        load_house_way(path)
    assert str(info.value) == (f"the house way {path} is 1,048,577 bytes; "
                               "at most 1,048,576 are read")


def test_a_huge_file_is_refused_from_its_size_without_reading_it(tmp_path, no_line_read):
    # 200 MiB of comments after the text, as a sparse file: refused from its status
    path = tmp_path / "huge.way"
    with path.open("wb") as f:
        f.write(FOX.encode())
        f.truncate(200 << 20)
    with pytest.raises(HouseWayError, match=rf"^the house way {path} is 209,715,200 bytes; "
                                            "at most 1,048,576 are read$"):
        load_house_way(path)


def long_line(length):
    """The Foxwoods text with its three-aces rule grown to ``length`` characters."""
    head = THREE_ACES.split(" ->")[0]
    extra = " or trips = A"
    grown = head + extra * ((length - len(head) - 16) // len(extra))
    grown += " " * (length - len(grown) - 16) + " -> A and single"
    assert len(grown) == length
    return FOX.replace(THREE_ACES, grown + "\n")


def test_a_line_of_the_line_limit_loads_and_a_longer_one_is_refused_unparsed(monkeypatch):
    way = load_house_way(long_line(WAY_LINE_LIMIT))
    assert way.rules[[r.label for r in way.rules].index("three aces")].line == THREE_ACES_LINE
    for length in (WAY_LINE_LIMIT + 1, 1_000_000):  # the second took seconds to compile
        text = long_line(length)
        with monkeypatch.context() as patched:
            forbid_parsing(patched)
            with pytest.raises(HouseWayError) as info:
                load_house_way(text)
        assert str(info.value) == (f"<text>, line {THREE_ACES_LINE}: a line of {length:,} "
                                   "characters; a line holds at most 2,000 (WAY_LINE_LIMIT)")


def test_too_many_rules_are_refused_before_any_rule_is_compiled(nothing_parsed):
    many = FOX.replace("no pair:\n", "no pair:\n" + "  r: always -> two of pair\n" * 10_000)
    with pytest.raises(HouseWayError, match=r"^<text>, line \d+: too many rules: at most 250$"):
        load_house_way(many)


def refused_unread(path):
    """Loads ``path`` in a thread (a guard: a blocked open must not hang the
    tests) and returns the refusal's message."""
    result = {}

    def load():
        try:
            load_house_way(path)
        except HouseWayError as exc:
            result["message"] = str(exc)

    thread = threading.Thread(target=load, daemon=True)
    thread.start()
    thread.join(timeout=60)
    assert not thread.is_alive(), f"loading {path} blocked"
    return result["message"]


def test_a_fifo_a_device_and_a_directory_are_refused_naming_them(tmp_path):
    pipe = tmp_path / "way.fifo"
    os.mkfifo(pipe)
    assert refused_unread(pipe) == f"the house way {pipe} is a FIFO, not a regular file"
    assert refused_unread(tmp_path) == \
        f"the house way {tmp_path} is a directory, not a regular file"
    zero = Path("/dev/zero")
    if zero.exists():
        assert refused_unread(zero) == \
            "the house way /dev/zero is a character device, not a regular file"
        link = tmp_path / "zero.way"
        link.symlink_to(zero)
        assert refused_unread(link) == \
            f"the house way {link} is a character device, not a regular file"


# ------------------------------------------------------------------ line ends

OTHER_LINE_BREAKS = ["\f", "\v", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"]


@pytest.mark.parametrize("character", OTHER_LINE_BREAKS)
def test_lines_are_numbered_by_line_feeds_only(character):
    # a page break (or any other character str.splitlines breaks at) before the sections
    text = FOX.replace("\nfive aces:", f"\n{character}\nfive aces:", 1)
    way = load_house_way(text)
    assert [r.line for r in way.rules] == [r.line + 1 for r in load_house_way(FOX).rules]
    bad = text.replace("if trips = A ->", "if trips = Z ->")
    with pytest.raises(HouseWayError, match=rf"^<text>, line {THREE_ACES_LINE + 1}: "
                                            "rule 'three aces': "):
        load_house_way(bad)


@pytest.mark.parametrize("character", OTHER_LINE_BREAKS)
def test_a_source_line_may_hold_any_character_but_a_line_feed(character):
    text = FOX.replace("source: the Foxwoods house way",
                       f"source: the Foxwoods{character}house way", 1)
    way = load_house_way(text)
    assert way.sources == (f"the Foxwoods{character}house way as published with the "
                           "exhaustive enumeration of every heads-up deal",)


def test_carriage_returns_before_line_feeds_are_line_ends_too(tmp_path):
    path = tmp_path / "dos.way"
    path.write_bytes(FOX.replace("\n", "\r\n").encode())
    way, unix = load_house_way(path), load_house_way(FOX)
    assert way.rules == unix.rules and way.sources == unix.sources and way.name == unix.name
    bad = FOX.replace("if trips = A ->", "if trips = Z ->").replace("\n", "\r\n")
    with pytest.raises(HouseWayError, match=rf"^<text>, line {THREE_ACES_LINE}: "):
        load_house_way(bad)
