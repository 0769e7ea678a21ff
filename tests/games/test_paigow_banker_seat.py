"""The optimal-play kernel from the banker's seat: with copies to the hands counted
(ties_to_hand), each setting of a banker hand is counted against every player hand
of the rest of a small deck set by the player's way, as settle() settles each pair,
on every way of counting families and under the banker push rules."""

import itertools

import numpy as np
import pytest

from pokerrules import _paigow
from pokerrules.cards import Card
from pokerrules.paigow import Outcome, PaiGowRules, house_way, is_foul, settings, settle
from pokerrules.paigow.analysis.outcomes import fill_table, new_table, suit_group, table_bytes

CLASSIC = PaiGowRules.classic()


def _brute_counts(codes, rules, bank_positions):
    """(wins, losses) of each setting of the banker hand over the player hands of the
    rest of the deck set by Foxwoods, by settle(); None for a foul."""
    banker = [Card(int(codes[p])) for p in bank_positions]
    rest = [int(c) for i, c in enumerate(codes) if i not in set(bank_positions.tolist())]
    players = [house_way([Card(c) for c in cards], rules, way="foxwoods")
               for cards in itertools.combinations(rest, 7)]
    out = []
    for setting in settings(banker):
        if is_foul(setting, rules.hand_rules):
            out.append(None)
            continue
        outcomes = [settle(player, setting, 1, rules).outcome for player in players]
        out.append((sum(o is Outcome.LOSS for o in outcomes),
                    sum(o is Outcome.WIN for o in outcomes)))
    return out


def _kernel(codes, rules, hands, mode):
    table = new_table(codes, 1, table_bytes(len(codes), 1))
    fill_table(codes, rules, "foxwoods", 0, 1, table, 1, banker=False)  # the player's side
    return _paigow.optimal_counts(codes, rules.hand_rules.variant, 1, table,
                                  suit_group(codes)[0], hands, mode, ties_to_hand=True,
                                  push=rules.push_number)


@pytest.mark.parametrize("mode", _paigow.OPTIMAL_MODES)
def test_each_banker_setting_counts_the_player_hands_it_beats_and_loses_to(mode):
    codes = np.sort(np.random.default_rng(3).choice(53, 16, replace=False)).astype(np.uint8)
    hands = np.array(list(itertools.combinations(range(16), 7)), dtype=np.uint8)[::40]
    wins, losses = _kernel(codes, CLASSIC, hands, mode)
    counted = 0
    for row, bank_positions in enumerate(hands):
        for k, expected in enumerate(_brute_counts(codes, CLASSIC, bank_positions)):
            if expected is None:
                assert wins[row, k] == losses[row, k] == -1
                continue
            assert (wins[row, k], losses[row, k]) == expected
            counted += 1
    assert counted > 1000


@pytest.mark.parametrize("rules", [PaiGowRules.ez(), PaiGowRules.commission_free()],
                         ids=["queen_high_pai_gow", "nine_high_low"])
def test_a_banker_setting_that_pushes_every_bet_counts_no_win_and_no_loss(rules):
    # a deck of low cards without pairs to spare: many pai gow hands and nine-high fronts
    codes = np.array(sorted(Card(t).code for t in
                            ("2c", "3d", "4h", "5s", "7c", "8d", "9h", "9s", "Tc", "Jd",
                             "Qh", "Qs", "Kc", "Ad", "6h", "Ts")), dtype=np.uint8)
    hands = np.array(list(itertools.combinations(range(16), 7)), dtype=np.uint8)[::97]
    wins, losses = _kernel(codes, rules, hands, "auto")
    pushed = 0
    for row, bank_positions in enumerate(hands):
        banker = [Card(int(codes[p])) for p in bank_positions]
        for k, expected in enumerate(_brute_counts(codes, rules, bank_positions)):
            if expected is None:
                continue
            assert (wins[row, k], losses[row, k]) == expected
            pushed += rules.pushes(settings(banker)[k])
    assert pushed > 20  # the pushing settings were among those counted
