"""East–West's greedy rule, compiled once (ext/east_west_vec.c: row_strength,
GreedyAgent and the batch engine's "greedy" opponent all run it), against the rule
written again here in plain Python as the independent reference."""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pytest

from pokerrules import PAI_GOW, PIQUET, STANDARD
from pokerrules.eastwest import EastWestRules, GreedyAgent, new_game, row_strength
from pokerrules.errors import CardNotInDeckError, DuplicateCardError, HandSizeError
from pokerrules.hands import evaluate_partial

pytestmark = pytest.mark.fast

RULES = [EastWestRules(),
         EastWestRules(win_rule="two_rows", ace_low_straight=True, flush_beats_full_house=True)]


def reference_strength(cards, rules):
    """The made category's position in the rules' order plus the best group's rank / 26."""
    made = evaluate_partial(cards, rules).category
    counts = Counter(c >> 2 for c in cards)
    largest = max(counts.values())
    best_group = max(rank for rank, n in counts.items() if n == largest)
    return rules.category_order.index(made) + best_group / 26


def reference_greedy(view, legal_moves):
    """The first legal row whose strength the drawn card raises the most."""
    rules = view.rules.hand_rules
    side = view.rows[view.player]
    best, best_gain = legal_moves[0], float("-inf")
    for move in legal_moves:
        held = [view.board[move.row], *side[move.row]]
        gain = reference_strength([*held, view.card], rules) - reference_strength(held, rules)
        if gain > best_gain:
            best, best_gain = move, gain
    return best


def check_games(rules, seeds):
    """Plays seeded games, greedy's row seven times in ten; compares every choice
    (over every order of the legal rows too) and every row's strength."""
    agent, chosen = GreedyAgent(), 0
    for seed in seeds:
        game, rng = new_game(rules, seed=seed), np.random.default_rng(seed)
        while (player := game.current_player) is not None:
            view, legal = game.view(player), game.legal_moves()
            for order in itertools.permutations(legal):
                assert agent.choose(view, order, rng) == reference_greedy(view, order), \
                    (seed, game.to_json())
            for row in range(3):
                cards = [view.board[row], *view.rows[player][row]]
                for held in (cards, [*cards, view.card]):
                    if len(held) <= 5:
                        assert row_strength(held, rules.hand_rules) == \
                            reference_strength(held, rules.hand_rules)
            move = agent.choose(view, legal, rng)
            game.play(move if rng.random() < 0.7 else legal[int(rng.integers(len(legal)))])
            chosen += 1
    return chosen


@pytest.mark.parametrize("rules", RULES, ids=["default", "options"])
def test_the_greedy_agent_chooses_as_the_reference_over_seeded_games(rules):
    assert check_games(rules, range(60)) == 60 * 24


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULES, ids=["default", "options"])
def test_it_chooses_as_the_reference_over_a_thousand_games(rules):
    assert check_games(rules, range(5000, 6000)) == 1000 * 24


@pytest.mark.parametrize("hand_rules", [PIQUET, STANDARD, PAI_GOW], ids=lambda r: r.name)
def test_row_strength_is_the_reference_for_every_rules(hand_rules):
    rng = np.random.default_rng(7)
    codes = list(hand_rules.deck_codes)
    for _ in range(3000):
        n = int(rng.integers(1, 6))
        cards = [int(c) for c in rng.choice(codes, n, replace=False)]
        assert row_strength(cards, hand_rules) == reference_strength(cards, hand_rules), cards
    assert row_strength([52, 48, 49], PAI_GOW) == reference_strength([52, 48, 49], PAI_GOW)


def test_a_view_with_bad_cards_is_refused_as_row_strength_refuses_them():
    game = new_game(seed=3)
    view = game.view(game.current_player)
    rng = np.random.default_rng(0)
    board = list(view.board)
    for bad, error in ((board[0], DuplicateCardError), (2, CardNotInDeckError)):
        broken = view._replace(card=bad)
        with pytest.raises(error):
            GreedyAgent().choose(broken, game.legal_moves(), rng)
    with pytest.raises(HandSizeError):
        row_strength([], PIQUET)
