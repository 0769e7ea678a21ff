"""Pai Gow Poker: rules presets, the deal, settings and fouls, settlement, the
house way (compiled), the Fortune bonus and the side bets as data, the optimal
setting and the house-edge simulation.

>>> from pokerrules.paigow import PaiGowRules, house_way, is_foul
>>> setting = house_way("As Ah Jk 7c 7d 3s 2h")
>>> setting
Setting('Jk As Ah 3s 2h / 7d 7c')
>>> is_foul(setting)
False
"""

from pokerrules import specs
from pokerrules.paigow.agents import AGENTS, DEFAULT_AGENTS, LEVELS, HouseWayAgent, OptimalAgent
from pokerrules.paigow.analysis.compare import RuleDifference, WayComparison, compare_ways
from pokerrules.paigow.analysis.cost import CostExample, HouseWayCost, RuleCost
from pokerrules.paigow.analysis.exact import (
    BatchWay,
    ExactHand,
    ExactResult,
    exact_hand_counts,
    exact_house_edge,
    exact_house_edges,
    exact_memory,
)
from pokerrules.paigow.analysis.fortune import (
    ENVY_PAYTABLE,
    FORTUNE_LINES,
    FORTUNE_PAYTABLE,
    FORTUNE_PAYTABLES,
    FortuneResult,
    envy_house_edge,
    envy_value,
    fortune_bonus,
    fortune_counts,
    fortune_house_edge,
    fortune_lines,
    fortune_paytable,
)
from pokerrules.paigow.analysis.optimal import OptimalEdge, optimal_house_edge
from pokerrules.paigow.analysis.sidebet import (
    SHIPPED_SIDE_BETS,
    SIDE_BET_EVENTS,
    SIDE_BET_FORMAT,
    SIDE_BET_PAY_LIMIT,
    SIDE_BET_SOURCES,
    SideBet,
    SideBetCount,
    SideBetLine,
    SideBetResult,
    SideBetWarning,
    load_side_bet,
    side_bet,
)
from pokerrules.paigow.analysis.simulate import SimulationResult, simulate
from pokerrules.paigow.analysis.solve import optimal_strategy_table
from pokerrules.paigow.analysis.strategy import (
    OptimalSetting,
    SampledOptimalStrategy,
    SettingValue,
    optimal_setting,
)
from pokerrules.paigow.analysis.strategy_table import StrategyTable
from pokerrules.paigow.game.description import (
    WAY_LINE_LIMIT,
    WAY_SIZE_LIMIT,
    DescribedWay,
    WayRule,
    load_house_way,
)
from pokerrules.paigow.game.houseway import (
    HOUSE_WAY_RULES,
    WAYS,
    HouseWay,
    HouseWayLike,
    RandomSetting,
    foul_many,
    house_way,
    house_way_and_rule,
    house_way_many,
    house_way_rule,
    way_description,
    way_rule_names,
)
from pokerrules.paigow.game.render import render
from pokerrules.paigow.game.round import (
    BANKER,
    Deal,
    Outcome,
    RoundSettlement,
    Settlement,
    best_reply,
    deal_round,
    settle,
    settle_round,
)
from pokerrules.paigow.game.round_records import RoundRecord, SeatRecord, load_round, play_round
from pokerrules.paigow.game.rules import (
    BANKER_FOUL_RULES,
    BANKER_PUSH_RULES,
    PRESETS,
    SEATS,
    PaiGowRules,
    PaiGowRulesLike,
    paigow_rules,
)
from pokerrules.paigow.game.setting import Setting, hand_cards, is_foul, settings
from pokerrules.paigow.game.state import PaiGowState, PaiGowView, new_game, parse_move

__all__ = [
    "AGENTS",
    "BANKER",
    "BANKER_FOUL_RULES",
    "BANKER_PUSH_RULES",
    "DEFAULT_AGENTS",
    "ENVY_PAYTABLE",
    "FORTUNE_LINES",
    "FORTUNE_PAYTABLE",
    "FORTUNE_PAYTABLES",
    "HOUSE_WAY_RULES",
    "LEVELS",
    "PRESETS",
    "SEATS",
    "SHIPPED_SIDE_BETS",
    "SIDE_BET_EVENTS",
    "SIDE_BET_FORMAT",
    "SIDE_BET_PAY_LIMIT",
    "SIDE_BET_SOURCES",
    "SPEC",
    "TOOLS",
    "WAYS",
    "WAY_LINE_LIMIT",
    "WAY_SIZE_LIMIT",
    "BatchWay",
    "CostExample",
    "Deal",
    "DescribedWay",
    "ExactHand",
    "ExactResult",
    "FortuneResult",
    "HouseWay",
    "HouseWayAgent",
    "HouseWayCost",
    "HouseWayLike",
    "OptimalAgent",
    "OptimalEdge",
    "OptimalSetting",
    "Outcome",
    "PaiGowRules",
    "PaiGowRulesLike",
    "PaiGowState",
    "PaiGowView",
    "RandomSetting",
    "RoundRecord",
    "RoundSettlement",
    "RuleCost",
    "RuleDifference",
    "SampledOptimalStrategy",
    "SeatRecord",
    "Setting",
    "SettingValue",
    "Settlement",
    "SideBet",
    "SideBetCount",
    "SideBetLine",
    "SideBetResult",
    "SideBetWarning",
    "SimulationResult",
    "StrategyTable",
    "WayComparison",
    "WayRule",
    "best_reply",
    "compare_ways",
    "deal_round",
    "envy_house_edge",
    "envy_value",
    "exact_hand_counts",
    "exact_house_edge",
    "exact_house_edges",
    "exact_memory",
    "fortune_bonus",
    "fortune_counts",
    "fortune_house_edge",
    "fortune_lines",
    "fortune_paytable",
    "foul_many",
    "hand_cards",
    "house_way",
    "house_way_and_rule",
    "house_way_many",
    "house_way_rule",
    "is_foul",
    "load_house_way",
    "load_round",
    "load_side_bet",
    "new_game",
    "optimal_house_edge",
    "optimal_setting",
    "optimal_strategy_table",
    "paigow_rules",
    "parse_move",
    "play_round",
    "render",
    "settings",
    "settle",
    "settle_round",
    "side_bet",
    "simulate",
    "way_description",
    "way_rule_names",
]

#: The table round as the registry (:mod:`pokerrules.specs`) and all that reads it see it.
SPEC = specs.GameSpec(
    name="pai-gow", package=__name__, aliases=("PaiGow", "pai_gow", "pai_gow_v0"),
    rules_type=PaiGowRules, new_game=new_game, parse_move=parse_move,
    rules_presets=tuple(PRESETS),
    # seats, banker included: a table has 2 to 7 positions
    players=tuple(range(2, 8)),
)
#: What plays the round and shows it, registered beside :data:`SPEC`.
TOOLS = specs.GameTools(
    render=render, agents=AGENTS, default_agents=DEFAULT_AGENTS, levels=LEVELS,
    environment=specs.EnvironmentModule("pokerrules.envs.pai_gow_v0"),
    encoding=specs.LazyHook("pokerrules.envs.pai_gow_v0", "PaiGowEncoding"),
    # the command pokerrules paigow (set, round, simulate, ...)
    add_cli=specs.LazyHook("pokerrules.paigow.cli", "add_cli"),
)
