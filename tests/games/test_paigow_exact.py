"""The exact Pai Gow count: equal to brute force (every pair of disjoint hands
settled) on small decks, with and without the suit-renaming shortcut, for
built-in and user strategies; bad strategies refused naming the hand; the
published figures on the full deck (slow)."""

import dataclasses
import itertools
import math
import re

import numpy as np
import pytest

from pokerrules import _paigow, parse_cards
from pokerrules.cli import main
from pokerrules.errors import ArgumentTypeError, IllegalMoveError, PokerRulesError
from pokerrules.paigow import (
    PaiGowRules,
    house_way,
    house_way_many,
    is_foul,
    settings,
    settle,
)
from pokerrules.paigow.analysis.exact import (
    BatchWay,
    exact_house_edge,
    exact_house_edges,
    exact_memory,
)

CLASSIC = PaiGowRules.classic()
CASINO = PaiGowRules.casino()


def deck_of(ranks, suits, joker=True):
    return sorted([r * 4 + s for r in ranks for s in suits] + ([52] if joker else []))


def settings_of(hands, rules, way):
    if isinstance(way, str):
        return house_way_many(hands, rules, way)
    return np.asarray(way.function(hands, rules), dtype=np.uint8)


def brute_force(deck, rules, player_way, banker_way):
    """(wins, pushes, losses) over every ordered pair of disjoint hands, settled in C."""
    hands = np.array(list(itertools.combinations(deck, 7)), dtype=np.uint8)
    player = settings_of(hands, rules, player_way)
    banker = settings_of(hands, rules, banker_way)
    masks = np.array([sum(1 << int(c) for c in h) for h in hands], dtype=np.uint64)
    pairs = [(i, j) for i in range(len(hands)) for j in np.flatnonzero((masks & masks[i]) == 0)]
    i, j = np.array(pairs).T
    flags = _paigow.settle_batch(player[i], banker[j], rules.hand_rules.variant) & 3
    return int((flags == 2).sum()), int((flags == 1).sum()), int((flags == 0).sum())


def ballys_with_the_ace_of_clubs(hands, rules):
    """Suit-dependent and never fouls: Bally's Atlantic City's way for
    hands holding the ace of clubs, Foxwoods for the rest."""
    out = house_way_many(hands, rules, "foxwoods")
    club_ace = (hands == 48).any(axis=1)
    if club_ace.any():
        out[club_ace] = house_way_many(hands[club_ace], rules, "ballys")
    return out


SUIT_DEPENDENT = BatchWay(ballys_with_the_ace_of_clubs, "ace-of-clubs")
SMALL = deck_of([0, 1, 5, 6, 9, 11, 12], [0, 1])          # 15 cards: pairs of both kinds
MEDIUM = deck_of([0, 5, 9, 11, 12], [0, 1, 2])             # 16 cards, three suits


@pytest.mark.fast
def test_every_pair_settled_by_settle_agrees():
    """The authority: settle() itself, on every pair of the 15-card deck."""
    hands = [tuple(h) for h in itertools.combinations(SMALL, 7)]
    set_by = {h: house_way(list(h), CASINO) for h in hands}
    counts = {"win": 0, "push": 0, "loss": 0}
    for p in hands:
        for b in itertools.combinations([c for c in SMALL if c not in p], 7):
            counts[settle(set_by[p], set_by[b], 1, CASINO).outcome.value] += 1
    r = exact_house_edge(CASINO, deck=SMALL)
    assert (r.wins, r.pushes, r.losses) == (counts["win"], counts["push"], counts["loss"])
    assert r.total == math.comb(15, 7) * math.comb(8, 7)
    assert r.player_ev == pytest.approx((r.wins * 0.95 - r.losses) / r.total)


@pytest.mark.fast
@pytest.mark.parametrize("rules", [CLASSIC, CASINO])
@pytest.mark.parametrize(("player", "banker"), [("foxwoods", "foxwoods"),
                                                ("ballys", "foxwoods"),
                                                (SUIT_DEPENDENT, "foxwoods")])
def test_agrees_with_brute_force(rules, player, banker):
    expected = brute_force(MEDIUM, rules, player, banker)
    for symmetry, parts, workers in ((False, 1, 1), (None, 1, 1), (None, 4, 1), (None, 1, 3),
                                     (False, 5, 2)):
        r = exact_house_edge(rules, banker, player, deck=MEDIUM, symmetry=symmetry,
                             parts=parts, workers=workers, progress=False)
        assert (r.wins, r.pushes, r.losses) == expected
        assert r.symmetric == (symmetry is None and player != SUIT_DEPENDENT)


@pytest.mark.fast
def test_the_shortcut_is_refused_for_a_suit_dependent_strategy():
    with pytest.raises(PokerRulesError, match=r"not suit-blind: .*Ac"):
        exact_house_edge(CLASSIC, "foxwoods", SUIT_DEPENDENT, deck=MEDIUM, symmetry=True)


@pytest.mark.fast
def test_a_per_hand_strategy_counts_as_its_batch():
    def ballys_setting(cards, rules):
        return house_way(cards, rules, "ballys")

    a = exact_house_edge(CLASSIC, "foxwoods", ballys_setting, deck=SMALL)
    b = exact_house_edge(CLASSIC, "foxwoods", "ballys", deck=SMALL)
    assert (a.wins, a.pushes, a.losses) == (b.wins, b.pushes, b.losses)


@pytest.mark.fast
def test_bad_strategies_are_refused_naming_the_hand():
    first = _paigow.exact_hands(SMALL, 0, 100)
    k, foul = next((k, s) for k in range(100) for s in settings(first[k].tolist()) if is_foul(s))
    named = " ".join(str(c) for c in parse_cards(first[k].tolist()))

    def fouls(hands, rules):
        out = house_way_many(hands, rules, "foxwoods")
        out[k] = [c.code for c in (*foul.high, *foul.low)]
        return out

    with pytest.raises(IllegalMoveError, match=f"fouls {named}"):
        exact_house_edge(CLASSIC, "foxwoods", BatchWay(fouls), deck=SMALL)

    def other_cards(hands, rules):
        out = house_way_many(hands, rules, "foxwoods")
        out[k, 0] = 51 if 51 not in hands[k] else 0
        return out

    with pytest.raises(IllegalMoveError, match=f"set {named} as .*not its cards"):
        exact_house_edge(CLASSIC, "foxwoods", BatchWay(other_cards), deck=SMALL)
    with pytest.raises(PokerRulesError, match="shape"):
        exact_house_edge(CLASSIC, "foxwoods", BatchWay(lambda h, r: h[:, :5]), deck=SMALL)
    with pytest.raises(PokerRulesError, match="from foxwoods, trump_plaza, claridge, ballys"):
        exact_house_edge(CLASSIC, "caesars", deck=SMALL)
    with pytest.raises(PokerRulesError, match="at least 14"):
        exact_house_edge(CLASSIC, deck=SMALL[:13])
    with pytest.raises(PokerRulesError, match="workers must be an int from 1"):
        exact_house_edge(CLASSIC, deck=SMALL, workers=0)
    with pytest.raises(ArgumentTypeError, match="parts must be an int"):
        exact_house_edge(CLASSIC, deck=SMALL, parts=2.0)
    with pytest.raises(PokerRulesError, match="the presets are 'classic', 'casino', 'ez', "
                                              "'commission_free' and 'face_up'"):
        exact_house_edge("vegas", deck=SMALL)


@pytest.mark.fast
def test_rules_may_be_a_preset_name():
    assert exact_house_edge("Casino", deck=SMALL) == exact_house_edge(CASINO, deck=SMALL)
    assert exact_house_edges([("classic", None, None)], deck=SMALL) == \
        [exact_house_edge(CLASSIC, deck=SMALL)]


@pytest.mark.fast
def test_memory():
    assert exact_memory() == _paigow.exact_table_bytes(53, 1) + 9 * 2**20
    assert exact_memory(CLASSIC, "foxwoods", "ballys") < 2**30


PUBLISHED = (2_402_491_783_820_756, 3_341_087_256_920_524, 2_506_879_990_473_120)


@pytest.mark.slow
def test_the_published_counts_and_house_edge(capsys, monkeypatch):
    """Classic rules (A-2-3-4-5 lowest), Foxwoods on both sides, through the command
    line: the published integers, and the published edge at the casino's 5%."""
    from pokerrules.paigow import cli

    assert main(["paigow", "exact", "--rules", "classic", "--way", "foxwoods",
                 "--commission", "5%"]) == 0
    text = capsys.readouterr().out
    assert text.startswith(f"{math.comb(53, 7) * math.comb(46, 7):,} deals (foxwoods player")
    for name, count in zip(("player wins", "push", "player loses"), PUBLISHED, strict=True):
        assert re.search(rf"\n  {name} +{count:,}  ", text), name
    assert "at 5% commission; house edge 2.7212%\n" in text
    # the same counts at 0% (they do not depend on the commission)
    counted = exact_house_edge(CLASSIC, deck=SMALL)
    monkeypatch.setattr(cli, "exact_house_edge", lambda rules, **_: dataclasses.replace(
        counted, wins=PUBLISHED[0], pushes=PUBLISHED[1], losses=PUBLISHED[2],
        commission=rules.commission))
    assert main(["paigow", "exact", "--rules", "classic", "--commission", "0"]) == 0
    assert "at 0% commission; house edge 1.2652%\n" in capsys.readouterr().out


@pytest.mark.fast
def test_a_count_that_would_not_fit_is_refused(monkeypatch):
    from pokerrules.paigow.analysis import outcomes

    monkeypatch.setattr(outcomes, "available_memory", lambda: 2**20)
    with pytest.raises(PokerRulesError, match=r"needs 9 MiB; 1 MiB are available"):
        exact_house_edge(CLASSIC, deck=SMALL)
