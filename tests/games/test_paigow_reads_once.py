"""A hand's cards are read and checked once, at the public edge: settings made from
a checked hand, the ``set`` command's listing of all 21 settings and ``pokerrules
rank``'s record do not read or format the same cards again, and a setting's ranks
and its foul come from the Cards it holds in one call into the core."""

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from pokerrules import PAI_GOW, PIQUET, STANDARD, Card, _core, cli
from pokerrules.errors import (
    ArgumentTypeError,
    CardNotInDeckError,
    DuplicateCardError,
    IllegalMoveError,
)
from pokerrules.hands import evaluate, evaluate_partial, evaluate_two
from pokerrules.paigow import PaiGowRules, Setting, is_foul, settings
from pokerrules.paigow import cli as paigow_cli
from pokerrules.paigow.game import setting as setting_module

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


def _hands(count: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    deck = list(range(53))
    out = []
    for _ in range(count):
        rng.shuffle(deck)
        out.append(deck[:7])
    return out


@pytest.mark.parametrize("rules", [PAI_GOW, PaiGowRules.casino(), "paigow"])
def test_a_settings_ranks_and_foul_are_those_of_evaluating_its_cards(rules):
    hand_rules = PaiGowRules.casino().hand_rules if isinstance(rules, PaiGowRules) \
        else PAI_GOW
    fouls = 0
    for hand in _hands(40, 11):
        for s in settings(hand):
            high, low = evaluate(s.high, hand_rules), evaluate_two(s.low, hand_rules)
            assert s.high_rank(rules) == high and s.high_rank(rules).cards == high.cards
            assert s.low_rank(rules) == low and s.low_rank(rules).kind == "two-card"
            assert s.ranks(rules) == (high, low)
            foul = evaluate_partial(s.low, hand_rules) > evaluate_partial(s.high, hand_rules)
            assert is_foul(s, rules) is foul
            fouls += foul
    assert 0 < fouls < 40 * 21  # both answers were checked


def test_ranking_a_setting_reads_no_cards_and_crosses_into_the_core_once(monkeypatch):
    setting = Setting("Jk As Ah 3s 2h", "7d 7c")
    calls: Counter[str] = Counter()
    _counting(monkeypatch, setting_module, "read_cards", calls)
    for name in ("_setting_rank", "_setting_ranks", "_setting_foul"):
        _counting(monkeypatch, _core, name, calls)
    setting.high_rank()
    setting.low_rank(PaiGowRules.casino())
    assert calls == Counter(_setting_rank=2)
    high, low = setting.ranks("paigow")
    assert calls == Counter(_setting_rank=2, _setting_ranks=1)
    assert not is_foul(setting, PaiGowRules.casino())
    assert calls == Counter(_setting_rank=2, _setting_ranks=1, _setting_foul=1)
    assert (high.describe(), low.describe()) == ("Three of a kind, aces, kickers three, two",
                                                 "One pair, sevens")


def test_a_setting_is_ranked_under_rules_whose_deck_holds_its_cards():
    # the joker in front: the high hand ranks under STANDARD, the low one does not
    setting = Setting("Ac Kd 9h 5s 3c", "Jk Kc")
    assert setting.high_rank(STANDARD) == evaluate(setting.high, STANDARD)
    with pytest.raises(CardNotInDeckError, match=r"^Jk is not in the standard deck$"):
        setting.low_rank(STANDARD)
    with pytest.raises(CardNotInDeckError, match=r"^Jk is not in the standard deck$"):
        setting.ranks(STANDARD)
    with pytest.raises(CardNotInDeckError, match=r"^Jk is not in the standard deck$"):
        is_foul(setting, STANDARD)
    with pytest.raises(CardNotInDeckError, match=r"^5s is not in the piquet deck$"):
        setting.high_rank(PIQUET)  # as evaluate(setting.high, PIQUET): the first in order


@pytest.mark.parametrize(("side", "value", "error", "message"), [
    ("high", (Card("As"),) * 5, DuplicateCardError, "duplicate card As"),
    ("high", ("As", "Ks", "Qs", "Js", "Ts"), ArgumentTypeError, "a setting holds Cards"),
    ("high", [Card(c) for c in range(5)], ArgumentTypeError, "a tuple of 5 Cards"),
    ("low", (Card("As"),), ArgumentTypeError, "a tuple of 2 Cards"),
    ("low", (Card("As"), 51), ArgumentTypeError, "a setting holds Cards, not 51")])
def test_a_setting_whose_sides_were_replaced_is_refused_not_ranked(side, value, error, message):
    setting = Setting("Ac Kd 9h 5s 3c", "Qd Kc")
    object.__setattr__(setting, side, value)
    for rank in (lambda: setting.ranks(), lambda: is_foul(setting),
                 lambda: getattr(setting, f"{side}_rank")()):
        with pytest.raises(error, match=message):
            rank()
