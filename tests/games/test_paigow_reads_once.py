"""A hand's cards are read and checked once, at the public edge: settings made from
a checked hand, the ``set`` command's listing of all 21 settings and ``pokerrules
rank``'s record do not read or format the same cards again."""

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from pokerrules import PAI_GOW, STANDARD, cli
from pokerrules.errors import DuplicateCardError, IllegalMoveError
from pokerrules.paigow import PaiGowRules, Setting, settings
from pokerrules.paigow import cli as paigow_cli
from pokerrules.paigow import setting as setting_module

HAND = "As Ah Jk 7c 7d 3s 2h"


def _counting(monkeypatch: pytest.MonkeyPatch, module: object, name: str,
              calls: Counter[str]) -> None:
    real: Callable[..., Any] = getattr(module, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[name] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)


def test_the_21_settings_of_a_hand_read_its_cards_once(monkeypatch):
    expected = settings(HAND)
    calls: Counter[str] = Counter()
    _counting(monkeypatch, setting_module, "read_cards", calls)
    made = settings(HAND)
    assert calls["read_cards"] == 1
    assert made == expected and len(set(made)) == 21
    # each is the setting the checking constructor makes of the same cards
    assert all(s == Setting(s.high, s.low) for s in made)
    assert made[0] == Setting("Jk 7c 7d 3s 2h", "As Ah")


def test_a_setting_from_a_hand_reads_the_hand_and_the_front_once_each(monkeypatch):
    calls: Counter[str] = Counter()
    _counting(monkeypatch, setting_module, "read_cards", calls)
    setting = Setting.from_hand(HAND, "7c 7d")
    assert calls["read_cards"] == 2
    assert setting == Setting("Jk As Ah 3s 2h", "7d 7c")
    with pytest.raises(IllegalMoveError, match="Kd is not in the hand"):
        Setting.from_hand(HAND, "7c Kd")
    with pytest.raises(DuplicateCardError, match="duplicate card 7c in the low hand"):
        Setting.from_hand(HAND, "7c 7c")


def test_listing_all_settings_reads_the_hand_no_more_than_its_house_way_does(monkeypatch):
    rules = PaiGowRules.casino()
    calls: Counter[str] = Counter()
    _counting(monkeypatch, setting_module, "read_cards", calls)
    plain = paigow_cli.set_record(HAND, rules)
    reads = calls["read_cards"]
    listed = paigow_cli.set_record(HAND, rules, all_settings=True)
    # the 21 settings add one read of the hand, none of their own sides
    assert calls["read_cards"] == 2 * reads + 1
    assert len(listed["settings"]) == 21 and sum(s["house_way"] for s in listed["settings"]) == 1
    assert {k: v for k, v in listed.items() if k != "settings"} == plain


@pytest.mark.parametrize(("text", "rules", "formats"), [
    ("As Ks Qs Js Ts 9d 2c", STANDARD, 2),  # the cards, and the best five
    ("Jk As", PAI_GOW, 1), ("Kh Kd 3c", STANDARD, 1)])
def test_a_rank_record_parses_and_formats_the_cards_once(monkeypatch, text, rules, formats):
    expected = cli.rank_record(text, rules)
    calls: Counter[str] = Counter()
    _counting(monkeypatch, cli, "parse_cards", calls)
    _counting(monkeypatch, cli, "format_cards", calls)
    record = cli.rank_record(text, rules)
    assert record == expected and record["cards"] == text
    assert calls == Counter(parse_cards=1, format_cards=formats)
