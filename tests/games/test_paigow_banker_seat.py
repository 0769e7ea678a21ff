"""The optimal-play kernel from the banker's seat: with copies to the hands counted
(ties_to_hand), each setting of a banker hand is counted against every player hand
of the rest of a small deck set by the player's way, as settle() settles each pair,
on every way of counting families."""

import itertools

import numpy as np
import pytest

from pokerrules import _paigow
from pokerrules.cards import Card
from pokerrules.paigow import Outcome, PaiGowRules, house_way, is_foul, settings, settle
from pokerrules.paigow.analysis.outcomes import fill_table, new_table, suit_group, table_bytes

RULES = PaiGowRules.classic()


@pytest.fixture(scope="module")
def small():
    codes = np.sort(np.random.default_rng(3).choice(53, 16, replace=False)).astype(np.uint8)
    table = new_table(codes, 1, table_bytes(len(codes), 1))
    fill_table(codes, RULES, "foxwoods", 0, 1, table, 1, banker=False)  # the player's side
    hands = np.array(list(itertools.combinations(range(16), 7)), dtype=np.uint8)[::40]
    return codes, table, hands


@pytest.mark.parametrize("mode", _paigow.OPTIMAL_MODES)
def test_each_banker_setting_counts_the_player_hands_it_beats_and_loses_to(small, mode):
    codes, table, hands = small
    group = suit_group(codes)[0]
    wins, losses = _paigow.optimal_counts(codes, RULES.hand_rules.variant, 1, table, group,
                                          hands, mode, ties_to_hand=True)
    counted = 0
    for row, bank_positions in enumerate(hands):
        banker = [Card(int(codes[p])) for p in bank_positions]
        rest = [int(c) for i, c in enumerate(codes) if i not in set(bank_positions.tolist())]
        players = [house_way([Card(c) for c in cards], RULES, way="foxwoods")
                   for cards in itertools.combinations(rest, 7)]
        for k, setting in enumerate(settings(banker)):
            if is_foul(setting, RULES.hand_rules):
                assert wins[row, k] == losses[row, k] == -1
                continue
            outcomes = [settle(player, setting, 1, RULES).outcome for player in players]
            assert wins[row, k] == sum(o is Outcome.LOSS for o in outcomes)
            assert losses[row, k] == sum(o is Outcome.WIN for o in outcomes)
            counted += 1
    assert counted > 1000
