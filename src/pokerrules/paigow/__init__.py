"""Pai Gow Poker: rules presets, the deal, settings and fouls, settlement, the
house way (compiled), the Fortune bonus, the optimal setting and the house-edge
simulation.

>>> from pokerrules.paigow import PaiGowRules, house_way, is_foul
>>> setting = house_way("As Ah Jk 7c 7d 3s 2h")
>>> setting
Setting('Jk As Ah 3s 2h / 7d 7c')
>>> is_foul(setting)
False
"""

from pokerrules.errors import HouseWayError
from pokerrules.paigow.description import DescribedWay, WayRule, load_house_way
from pokerrules.paigow.exact import (
    BatchWay,
    ExactHand,
    ExactResult,
    exact_hand_counts,
    exact_house_edge,
    exact_house_edges,
    exact_memory,
)
from pokerrules.paigow.fortune import (
    FORTUNE_LINES,
    FORTUNE_PAYTABLE,
    FortuneResult,
    fortune_bonus,
    fortune_counts,
    fortune_house_edge,
    fortune_lines,
)
from pokerrules.paigow.houseway import (
    HOUSE_WAY_RULES,
    WAYS,
    HouseWay,
    RandomSetting,
    Strategy,
    foul_many,
    house_way,
    house_way_and_rule,
    house_way_many,
    house_way_rule,
    way_description,
    way_rule_names,
)
from pokerrules.paigow.rules import (
    BANKER_FOUL_RULES,
    PRESETS,
    HouseWayFunction,
    PaiGowRules,
    PaiGowRulesLike,
    paigow_rules,
)
from pokerrules.paigow.setting import Setting, hand_cards, is_foul, settings
from pokerrules.paigow.simulate import SimulationResult, simulate
from pokerrules.paigow.strategy import (
    OptimalSetting,
    OptimalStrategy,
    SettingValue,
    optimal_setting,
)
from pokerrules.paigow.table import (
    BANKER,
    Deal,
    Outcome,
    RoundRecord,
    SeatRecord,
    Settlement,
    deal_round,
    play_round,
    settle,
)

__all__ = [
    "BANKER",
    "BANKER_FOUL_RULES",
    "FORTUNE_LINES",
    "FORTUNE_PAYTABLE",
    "HOUSE_WAY_RULES",
    "PRESETS",
    "WAYS",
    "BatchWay",
    "Deal",
    "DescribedWay",
    "ExactHand",
    "ExactResult",
    "FortuneResult",
    "HouseWay",
    "HouseWayError",
    "HouseWayFunction",
    "OptimalSetting",
    "OptimalStrategy",
    "Outcome",
    "PaiGowRules",
    "PaiGowRulesLike",
    "RandomSetting",
    "RoundRecord",
    "SeatRecord",
    "Setting",
    "SettingValue",
    "Settlement",
    "SimulationResult",
    "Strategy",
    "WayRule",
    "deal_round",
    "exact_hand_counts",
    "exact_house_edge",
    "exact_house_edges",
    "exact_memory",
    "fortune_bonus",
    "fortune_counts",
    "fortune_house_edge",
    "fortune_lines",
    "foul_many",
    "hand_cards",
    "house_way",
    "house_way_and_rule",
    "house_way_many",
    "house_way_rule",
    "is_foul",
    "load_house_way",
    "optimal_setting",
    "paigow_rules",
    "play_round",
    "settings",
    "settle",
    "simulate",
    "way_description",
    "way_rule_names",
]
