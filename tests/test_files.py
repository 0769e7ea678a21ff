"""The bounded file reading every loader shares: what is not a regular file, what is
over its limit and JSON that Python's parser would fail deep inside are refused by
name, with the library's error."""

from __future__ import annotations

import os

import pytest

from pokerrules._files import JSON_NUMBER_LIMIT, open_regular, parse_json, read_regular
from pokerrules.errors import PokerRulesError, WeightFileError


@pytest.fixture
def fifo(tmp_path):
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return path


def test_a_fifo_is_refused_before_it_is_opened(fifo):
    with pytest.raises(PokerRulesError, match=r"pipe is a FIFO, not a regular file"):
        read_regular(fifo, limit=100, what="the test file")


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_a_device_is_refused_naming_its_kind():
    with pytest.raises(PokerRulesError, match=r"/dev/zero is a character device"):
        read_regular("/dev/zero", limit=100, what="the test file")


def test_a_directory_and_a_missing_file_are_refused(tmp_path):
    with pytest.raises(PokerRulesError, match=r"is a directory"):
        open_regular(tmp_path, limit=100, what="the test file")
    with pytest.raises(PokerRulesError, match=r"cannot read the test file .*missing"):
        open_regular(tmp_path / "missing", limit=100, what="the test file")


def test_a_file_over_its_limit_is_refused_and_one_at_it_read(tmp_path):
    path = tmp_path / "data"
    path.write_bytes(b"x" * 11)
    with pytest.raises(WeightFileError, match=r"data is 11 bytes; at most 10 are read"):
        read_regular(path, limit=10, what="the test file", error=WeightFileError)
    assert read_regular(path, limit=11, what="the test file") == b"x" * 11


def test_json_that_nests_too_deep_or_holds_huge_numbers_is_refused():
    with pytest.raises(PokerRulesError, match=r"the header is refused: it nests too deep"):
        parse_json("[" * 100_000 + "]" * 100_000, what="the header")
    with pytest.raises(PokerRulesError, match=r"a number of 5000 digits"):
        parse_json('{"wins": ' + "7" * 5000 + "}", what="the header")
    with pytest.raises(PokerRulesError, match=r"a number of"):
        parse_json("[1." + "5" * JSON_NUMBER_LIMIT + "]", what="the header")
    with pytest.raises(PokerRulesError, match=r"NaN is no number"):
        parse_json('{"ev": NaN}', what="the header")
    with pytest.raises(PokerRulesError, match=r"no UTF-8"):
        parse_json(b'{"a": "\xff"}', what="the header")
    with pytest.raises(PokerRulesError, match=r"no JSON"):
        parse_json("{", what="the header")


def test_plain_json_is_read_as_json():
    text = '{"a": [1, 2.5, "x", null, true], "b": {"c": -' + "9" * (JSON_NUMBER_LIMIT - 1) + "}}"
    assert parse_json(text.encode(), what="the header") == {
        "a": [1, 2.5, "x", None, True], "b": {"c": -int("9" * (JSON_NUMBER_LIMIT - 1))}}
