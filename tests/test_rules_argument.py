"""Every ``rules`` argument is checked by one coercer (``checks.check_rules``): hand
rules, Pai Gow table rules, a setting's ranking and each game's rules take the same
forms and refuse the rest alike."""

import pytest

from pokerrules import PAI_GOW, STANDARD, HandRules
from pokerrules import _checks as checks
from pokerrules.chinese_poker import ChinesePokerRules
from pokerrules.chinese_poker import new_game as chinese_poker_game
from pokerrules.eastwest import EastWestRules
from pokerrules.eastwest import new_game as east_west_game
from pokerrules.errors import ArgumentTypeError, PokerRulesError
from pokerrules.paigow import PRESETS, PaiGowRules, Setting, paigow_rules
from pokerrules.zpoker import ZPokerRules
from pokerrules.zpoker import new_game as z_poker_game


def test_the_coercer_takes_an_instance_a_preset_name_in_any_case_or_the_default():
    presets = {"plain": STANDARD}
    assert checks.check_rules(PAI_GOW, HandRules, presets) is PAI_GOW
    assert checks.check_rules("PLAIN", HandRules, presets) is STANDARD
    assert checks.check_rules(None, HandRules, presets, default=PAI_GOW) is PAI_GOW
    with pytest.raises(ArgumentTypeError, match=r"^rules must be HandRules or a preset name "
                                                r"\('plain'\), not NoneType$"):
        checks.check_rules(None, HandRules, presets)
    with pytest.raises(PokerRulesError, match=r"^no HandRules preset is named 'fancy'; the "
                                              r"presets are 'plain' \('fancy' is a hint\)$"):
        checks.check_rules("fancy", HandRules, presets, hints={"fancy": "is a hint"})
    with pytest.raises(ArgumentTypeError, match=r"^deal must be HandRules, not str$"):
        checks.check_rules("plain", HandRules, None, "deal")


def test_hand_rules_and_table_rules_are_refused_in_the_same_words():
    with pytest.raises(PokerRulesError, match=r"^no HandRules preset is named 'casino'; the "
                                              r"presets are 'standard', 'paigow' and 'piquet'$"):
        checks.check_hand_rules("casino")
    with pytest.raises(PokerRulesError, match=r"^no PaiGowRules preset is named 'vegas'; the "
                                              r"presets are 'classic', 'casino', 'ez', "
                                              r"'commission_free' and 'face_up'$"):
        paigow_rules("vegas")
    with pytest.raises(ArgumentTypeError, match=r"^rules must be HandRules or a preset name "
                                                r"\('standard', 'paigow' and 'piquet'\), not int"):
        checks.check_hand_rules(1)
    with pytest.raises(ArgumentTypeError, match=r"^table must be PaiGowRules or a preset name "
                                                r"\('classic', 'casino', 'ez', 'commission_free' "
                                                r"and 'face_up'\), not bytes$"):
        paigow_rules(b"casino", "table")
    assert paigow_rules("CASINO") is PRESETS["casino"]


def test_a_setting_ranks_by_hand_rules_or_by_the_rules_that_hold_them():
    setting = Setting("Ac Qd 7h 5s 3c", "Ad Kc")
    casino = PaiGowRules.casino()
    assert setting.high_rank(casino) == setting.high_rank(casino.hand_rules)
    # any rules that hold their ranking as hand_rules (East-West's: the piquet deck)
    assert setting.low_rank(EastWestRules()).rules == EastWestRules().hand_rules
    with pytest.raises(ArgumentTypeError, match=r"^rules must be HandRules, PaiGowRules or a "
                                                r"preset name"):
        setting.high_rank(ZPokerRules())


@pytest.mark.parametrize(("new_game", "kind"), [
    (z_poker_game, ZPokerRules), (east_west_game, EastWestRules),
    (chinese_poker_game, ChinesePokerRules)])
def test_each_game_refuses_another_kind_of_rules_naming_the_kind(new_game, kind):
    for wrong in (PaiGowRules(), "standard", 3):
        with pytest.raises(ArgumentTypeError,
                           match=rf"^rules must be {kind.__name__}, not {type(wrong).__name__}$"):
            new_game(wrong, seed=1)
    assert new_game(kind(), seed=1).rules == new_game(None, seed=1).rules == kind()
