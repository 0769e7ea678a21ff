"""The Pai Gow house way: hand-picked cases for every rule of both ways, a
plain-Python reference (written from the rule list, not from the C code)
checked against the compiled kernel, and the no-foul property in bulk."""

from collections import defaultdict
from itertools import combinations

import numpy as np
import pytest

from pokerrules import (
    HandCategory,
    HandSizeError,
    InvalidCardError,
    PokerRulesError,
    evaluate,
    evaluate_two,
    parse_cards,
)
from pokerrules.errors import DuplicateCardError, IllegalMoveError
from pokerrules.paigow import (
    HOUSE_WAY_RULES,
    WAYS,
    HouseWay,
    PaiGowRules,
    Setting,
    fortune_lines,
    foul_many,
    hand_cards,
    house_way,
    house_way_and_rule,
    house_way_many,
    house_way_rule,
    is_foul,
    settings,
    way_rule_names,
)

BALLYS = "ballys"  # Bally's Atlantic City's posted way
CLASSIC = PaiGowRules.classic()
CASINO = PaiGowRules.casino()
TEN, JACK, KING, ACE, SEVEN = 8, 9, 11, 12, 5
STRAIGHT_OR_FLUSH = {HandCategory.STRAIGHT, HandCategory.FLUSH, HandCategory.STRAIGHT_FLUSH}


# ------------------------------------------------------------ the reference

def makes_straight_or_flush(cards, hand_rules):
    """Some five of the cards rank as a straight, flush or straight flush."""
    return any(evaluate(five, hand_rules).category in STRAIGHT_OR_FLUSH
               for five in combinations(cards, 5))


def straight_tops(naturals, joker):
    """The top ranks of the straights the natural cards make, the joker (when held)
    filling one gap; 3 for A-2-3-4-5."""
    held = {c.rank for c in naturals}
    tops = set()
    for top in range(3, ACE + 1):
        ranks = [ACE if top - k < 0 else top - k for k in range(5)]
        if sum(r not in held for r in ranks) <= (joker is not None):
            tops.add(top)
    return tops


VEGAS = ("golden_nugget", "flamingo_hilton")


def by_back_category(cards, hand_rules):
    """The settings that keep a straight, flush or straight flush behind, by the back's
    category: (front value, back value, front codes highest first, front) each."""
    found = defaultdict(list)
    for front in combinations(cards, 2):
        back = evaluate([c for c in cards if c not in front], hand_rules)
        if back.category in STRAIGHT_OR_FLUSH:
            found[back.category].append((evaluate_two(front, hand_rules).value, back.value,
                                         sorted((c.code for c in front), reverse=True), front))
    return found


def best_of(options):
    """The best front, then the best back, then the lowest codes."""
    top = max(o[:2] for o in options)
    return min((o for o in options if o[:2] == top), key=lambda o: o[2])


def two_card(text, hand_rules):
    return evaluate_two(parse_cards(text), hand_rules).value


def vegas_straight_front(cards, way, hand_rules):
    """The front of a hand that keeps a straight or flush by the Golden Nugget's or the
    Flamingo Hilton's posted rules."""
    found = by_back_category(cards, hand_rules)
    flushes, straights = found[HandCategory.FLUSH], found[HandCategory.STRAIGHT]
    sfs = found[HandCategory.STRAIGHT_FLUSH]
    if sfs:
        royal = any(evaluate(five, hand_rules).category == HandCategory.STRAIGHT_FLUSH and
                    all(c.is_joker or c.rank >= TEN for c in five)
                    for five in combinations(cards, 5))
        least = two_card("Kc 2d" if royal else "Jc 2d" if way == "golden_nugget" else "Ac Jd",
                         hand_rules)
        keep = best_of(sfs)
        if flushes or straights:
            plain = best_of(flushes + straights)
            if plain[0] >= least and plain[0] > keep[0]:
                return plain[3]
        return keep[3]
    if way == "flamingo_hilton" and flushes and straights:
        flush, straight = best_of(flushes), best_of(straights)
        king = two_card("Kc 2d", hand_rules)
        return straight[3] if straight[0] > flush[0] and straight[0] >= king else flush[3]
    return best_of(flushes + straights)[3]


def reference_front(hand, way="foxwoods", rules=CLASSIC):
    """The two front cards (a set of codes) by the rule list, and the rule
    number. The joker is an ace whenever pairs, trips and quads are counted; it
    completes a straight or flush only in rule 5."""
    hand_rules = rules.hand_rules
    cards = parse_cards(hand)
    naturals = sorted(c for c in cards if not c.is_joker)
    joker = next((c for c in cards if c.is_joker), None)
    all_sf = makes_straight_or_flush(cards, hand_rules)
    by_rank = defaultdict(list)
    for c in naturals:
        by_rank[c.rank].append(c)
    if joker is not None:
        by_rank[ACE].append(joker)  # after the natural aces: lower codes first
    ranks_with = lambda n: sorted((r for r, cs in by_rank.items() if len(cs) == n),  # noqa: E731
                                  reverse=True)
    quads, trips, pairs, singles = ranks_with(4), ranks_with(3), ranks_with(2), ranks_with(1)

    def codes(chosen):
        return {c.code for c in chosen}

    def lowest_two(rank):
        return codes(by_rank[rank][:2])

    def best_singles():
        return codes([by_rank[singles[0]][0], by_rank[singles[1]][0]])

    if len(by_rank[ACE]) == 5:
        return (lowest_two(KING) if KING in pairs else lowest_two(ACE)), 1
    if quads and way in VEGAS:
        q = quads[0]
        other = (trips + pairs or [-1])[0]
        if q == ACE and other < SEVEN and joker is not None and len(by_rank[ACE]) == 4:
            def back_with(kept):
                front = [a for a in by_rank[ACE][:3] if a != kept]
                return evaluate([c for c in cards if c not in front], hand_rules).value
            kept = max(reversed(by_rank[ACE][:3]), key=back_with)
            return codes(a for a in by_rank[ACE][:3] if a != kept), 2
        if q == ACE:  # split unless sevens or better can go in front
            return lowest_two(other if other >= SEVEN else ACE), 2
        if q >= JACK:  # split unless a pair of tens or higher
            return lowest_two(other if other >= TEN else q), 2
        if other >= 0:  # a pair beats an ace in front; kept beside twos to sixes
            return lowest_two(other), 2
        if q >= SEVEN:  # an ace (the Flamingo Hilton: and a face card) to play
            keep = singles[0] == ACE and (way == "golden_nugget" or singles[1] >= JACK)
            return (best_singles() if keep else lowest_two(q)), 2
        return best_singles(), 2
    if quads:
        q = quads[0]
        others = sorted(trips + pairs, reverse=True)
        if others:
            return lowest_two(others[0]), 2
        if q == ACE and joker is not None and len(by_rank[ACE]) == 4:
            # split aces: the natural ace that makes the best back stays behind
            # with the joker; on equal backs the lowest codes go in front
            def back_with(kept):
                front = [a for a in by_rank[ACE][:3] if a != kept]
                return evaluate([c for c in cards if c not in front], hand_rules).value
            kept = max(reversed(by_rank[ACE][:3]), key=back_with)
            return codes(a for a in by_rank[ACE][:3] if a != kept), 2
        if way == "ballys":  # tens to kings kept with an ace to play, twos to nines always
            return (best_singles() if q < TEN or singles[0] == ACE else lowest_two(q)), 2
        if q >= JACK:  # Trump Plaza keeps them with an ace to play
            return (best_singles() if way == "trump_plaza" and singles[0] == ACE
                    else lowest_two(q)), 2
        if q >= SEVEN:  # kept with a king or better to play; by the Claridge's, an ace
            needed = ACE if way == "claridge" else KING
            return (best_singles() if singles[0] >= needed else lowest_two(q)), 2
        return best_singles(), 2
    if len(trips) == 2:
        return lowest_two(trips[0]), 3
    if trips and pairs:  # Trump Plaza keeps twos behind with an ace and a king to play
        if way in ("trump_plaza", "ballys", *VEGAS) and pairs == [0] and singles == [ACE, KING]:
            return best_singles(), 4
        return lowest_two(pairs[0]), 4
    if all_sf and len(trips) + len(pairs) <= 1 and way in VEGAS:
        return codes(vegas_straight_front(cards, way, hand_rules)), 5
    if all_sf and len(trips) + len(pairs) <= 1:
        if way == "ballys" and joker is not None and pairs == [ACE] and \
                straight_tops(naturals, joker) == {ACE}:
            return best_singles(), 5  # the aces' pair behind, not a straight that needs the joker
        options = []
        for front in combinations(cards, 2):
            back = [c for c in cards if c not in front]
            back_rank = evaluate(back, hand_rules)
            if back_rank.category in STRAIGHT_OR_FLUSH:
                options.append((evaluate_two(front, hand_rules).value, back_rank.value,
                                sorted((c.code for c in front), reverse=True), front))
        top = max(o[:2] for o in options)
        chosen = min((o for o in options if o[:2] == top), key=lambda o: o[2])[3]
        # the Foxwoods ways: exactly one ace, the joker counted as one
        if way.startswith("foxwoods") and len(pairs) == 1 and not trips \
                and TEN <= pairs[0] <= KING and ACE in singles:
            ace = by_rank[ACE][0]
            rest = [c for c in naturals if c.rank != pairs[0] and c != ace]
            second = max(rest, key=lambda c: c.rank)
            if evaluate_two([ace, second], hand_rules) > evaluate_two(chosen, hand_rules):
                chosen = (ace, second)
        return codes(chosen), 5
    if len(pairs) == 3:
        return lowest_two(pairs[0]), 6
    if len(pairs) == 2 and way in VEGAS:
        high, low = pairs
        ace = singles[0] == ACE
        if high == ACE:
            return lowest_two(low), 7
        if way == "golden_nugget":  # the straight kept but with an ace, or jacks and sixes
            straight_kept = not ace and (high, low) != (JACK, 4)
        else:  # ... but with both pairs tens or over, or tens or under with an ace
            straight_kept = low < TEN and not (high <= TEN and ace)
        if straight_kept and all_sf:
            return codes(vegas_straight_front(cards, way, hand_rules)), 7
        if way == "golden_nugget":
            split = (high >= SEVEN and not ace) or (high >= JACK and low >= 4)
        else:
            split = not (high <= 4 or (high <= TEN and ace) or (high >= JACK and low <= 3 and ace))
        return (lowest_two(low) if split else best_singles()), 7
    if len(pairs) == 2:
        high, low = pairs
        loose = [(r, by_rank[r][0]) for r in singles]  # singles: highest rank first
        top_rank = loose[0][0]
        if way == "foxwoods":
            keep = (False if high >= JACK else top_rank == ACE if high >= SEVEN
                    else top_rank >= KING)
        else:
            size = lambda r: 0 if r < SEVEN else 1 if r <= TEN else 2 if r < ACE else 3  # noqa: E731
            h, lo = size(high), size(low)
            if h == 3 or (h == 2 and lo >= 1):
                keep = False
            elif (h, lo) in ((2, 0), (1, 1)):
                keep = top_rank == ACE
            else:
                keep = top_rank >= KING
        return (codes([loose[0][1], loose[1][1]]) if keep else lowest_two(low)), 7
    if trips:
        if trips[0] == ACE:
            return codes([by_rank[ACE][0], by_rank[singles[0]][0]]), 8
        return best_singles(), 8
    if pairs:
        return best_singles(), 9
    return codes([by_rank[singles[1]][0], by_rank[singles[2]][0]]), 10


def compiled_front(hand, way="foxwoods", rules=CLASSIC):
    setting = house_way(hand, rules, way)
    return {c.code for c in setting.low}, house_way_rule(hand, rules, way)


def codes_of(text):
    return {c.code for c in parse_cards(text)}


# ------------------------------------------------------- hand-picked cases

# (hand, expected front, rule) under both ways unless listed apart below.
CASES = [
    # 1 five aces: kings in front if paired, else two aces (lowest codes)
    ("As Ah Ad Ac Jk Kd Ks", "Kd Ks", 1),
    ("As Ah Ad Ac Jk Qd 2s", "Ac Ad", 1),
    ("As Ah Ad Ac Jk Qd Qs", "Ac Ad", 1),
    # 2 four of a kind
    ("9c 9d 9h 9s Kc Kd 2s", "Kc Kd", 2),
    ("5c 5d 5h 5s Qc Qd Qh", "Qc Qd", 2),
    ("7c 7d 7h 7s As Jk 2c", "As Jk", 2),
    ("Jc Jd Jh Js Ac Kd 2s", "Jc Jd", 2),
    ("Ac Ad Ah Jk 9c 5d 2s", "Ac Ad", 2),
    ("Ac Ad Ah Jk Ks Qs Js", "Ac Ad", 2),  # the joker could make a straight: four aces
    ("8c 8d 8h 8s Kc 5d 2s", "Kc 5d", 2),
    ("8c 8d 8h 8s Qc 5d 2s", "8c 8d", 2),
    ("8c 8d 8h 8s Ac 5d 2s", "Ac 5d", 2),
    ("8c 8d 8h 8s Jk 5d 2s", "Jk 5d", 2),
    ("5c 5d 5h 5s Qc 9d 2s", "Qc 9d", 2),
    ("Tc Td Th Ts Ac 3d 2s", "Ac 3d", 2),
    # 3 two sets of trips
    ("Kc Kd Kh 4c 4d 4h 9s", "Kc Kd", 3),
    ("Ac Ad Jk Qc Qd Qh 3s", "Ac Ad", 3),
    # 4 full house
    ("As Ah Jk 7c 7d 3s 2h", "7c 7d", 4),
    ("Qc Qd Qh 9c 9d 5s 5h", "9c 9d", 4),
    ("Kc Kd Kh 2c 2d 9s 7h", "2c 2d", 4),
    ("Qc Qd Qh 2c 2d As Kd", "2c 2d", 4),
    ("Qc Qd Qh 2c 2d Ah 7d", "2c 2d", 4),
    ("As Jk Qs Qh Qd 7s 2s", "As Jk", 4),  # the joker could make a flush: still the aces' pair
    # 5 straight, flush or straight flush
    ("Kh Kd As Qc Jd Th 4s", "As Qc", 5),
    ("Ts Td 9c 8h 7s 6d As", "Td As", 5),
    ("Kh Kd Jk Qc Jd Th 4s", "Jk Qc", 5),
    ("9c 8d 7h 6s 5c Kd 2h", "Kd 2h", 5),
    ("Ah Jh 8h 5h 2h Kc Qd", "Kc Qd", 5),
    ("Ah Kh 9h 7h 5h 3h Qd", "Ah Qd", 5),
    ("5c 5d 5h 6s 7c 8d 9h", "5c 5d", 5),
    ("9c 9d 8h 7s 6c 5d Ac", "9c Ac", 5),
    ("Ah Kd Kc Qs Js Tc 3d", "Ah Qs", 5),  # the exception with a natural ace
    ("Kh Kd Jk Qc Jd Th 9s", "Kh Kd", 5),  # natural straight: the joker-king straight behind
    ("Ac Jk 2d 3h 4s 5c 9d", "Ac 9d", 5),  # fronts tie: the joker's back is no worse
    ("9c 9h 8c 7c 6c 5c Kd", "9h Kd", 5),  # fronts tie (K-9): the straight flush behind wins
    ("Ac 2d 3h 4s 5c 6d 6h", "6d 6h", 5),
    ("As Jk Kd Qc Jh 5s 3d", "5s 3d", 5),  # the joker's only straight is ace high
    ("As Jk Kd Qc 4h 3s 2d", "Kd Qc", 5),  # ... and the wheel: the wheel behind
    # 6 three pairs
    ("Qc Qd 8h 8s 4c 4d 2s", "Qc Qd", 6),
    ("As Jk 9c 9d 3h 3s 7c", "As Jk", 6),
    ("As Kc Kd Qc Qd Jh Jk", "As Jk", 6),  # the joker could make a straight: the aces' pair
    # 7 two pairs (ways that agree)
    ("Jc Jd 4h 4s Kc 9d 2s", "4h 4s", 7),
    ("Tc Td 4h 4s Ac 9d 2s", "Ac 9d", 7),
    ("6c 6d 4h 4s Kc 9d 2s", "Kc 9d", 7),
    ("6c 6d 4h 4s Qc 9d 2s", "4h 4s", 7),
    ("9s 9d 4h 4c Jk Td 2c", "Jk Td", 7),
    ("As Jk 5c 5d Kh 9s 2c", "5c 5d", 7),
    ("As Kd Qc Jh 5c 5d Jk", "5c 5d", 7),  # the joker could make a straight: aces and fives
    ("Ah Kd Kc Qs Js 3d Jk", "Kc Kd", 7),  # ... aces and kings
    ("Qc Qd 8h 8s Ac 9d 2s", "8h 8s", 7),
    ("Kc Kd Jh Js Ac 9d 2s", "Jh Js", 7),
    ("Ac Ad 3h 3s Kc 9d 2s", "3h 3s", 7),
    ("Tc Td 8h 8s Ac 9d 2s", "Ac 9d", 7),
    # 8 three of a kind
    ("Ac Ad Ah Kc 9d 5s 2h", "Ac Kc", 8),
    ("As Ah Jk 9c 7d 4h 2s", "Ah 9c", 8),
    ("8c 8d 8h Kc 9d 5s 2h", "Kc 9d", 8),
    # 9 one pair
    ("8c 8d Ah Kc 9d 5s 2h", "Ah Kc", 9),
    ("8c 8d Jk Kc 9d 5s 2h", "Jk Kc", 9),
    # 10 no pair
    ("Ah Kc Qd 9s 7h 4c 2d", "Kc Qd", 10),
    ("Jk Kc Qd 9s 7h 4c 2d", "Kc Qd", 10),
]

#: (hand, way) -> its front where the way's posted rule sets a hand of CASES
#: otherwise, and hands that only the posted ways' own rules decide
WAY_FRONTS = {
    # Trump Plaza and Bally's keep jacks to kings with an ace to play; Bally's keeps
    # twos to nines always
    **{("Jc Jd Jh Js Ac Kd 2s", way): "Ac Kd" for way in ("trump_plaza", "ballys")},
    ("8c 8d 8h 8s Qc 5d 2s", "ballys"): "Qc 5d",
    # Bally's: a natural ace and the joker whose only straight is ace high stay behind
    # as a pair of aces
    ("As Jk Kd Qc Jh 5s 3d", "ballys"): "Kd Qc",
    # the Claridge splits sevens to tens unless an ace can play in front
    ("8c 8d 8h 8s Kc 5d 2s", "claridge"): "8c 8d",
    # neither has Foxwoods' ace over a pair of tens to kings: the straight stays
    # behind, with the best front it leaves
    **{(hand, way): front for hand, front in (("Kh Kd As Qc Jd Th 4s", "Kd 4s"),
                                              ("Kh Kd Jk Qc Jd Th 4s", "Kd 4s"),
                                              ("Ah Kd Kc Qs Js Tc 3d", "Kc 3d"))
       for way in ("trump_plaza", "claridge", "ballys")},
    # Trump Plaza's and Bally's full house keeps twos behind with an ace and a king to play
    **{("Qc Qd Qh 2c 2d As Kd", way): "As Kd" for way in ("trump_plaza", "ballys", *VEGAS)},
    # the Las Vegas ways: sevens to tens split unless an ace (the Flamingo Hilton: an ace
    # and a face card) can go in front
    **{("8c 8d 8h 8s Kc 5d 2s", way): "8c 8d" for way in VEGAS},
    **{(hand, "flamingo_hilton"): front for hand, front in (
        ("8c 8d 8h 8s Ac 5d 2s", "8c 8d"), ("8c 8d 8h 8s Jk 5d 2s", "8c 8d"),
        ("Tc Td Th Ts Ac 3d 2s", "Tc Td"))},
    # ... no ace exception over a pair in a straight
    **{(hand, way): front for hand, front in (("Kh Kd As Qc Jd Th 4s", "Kd 4s"),
                                              ("Kh Kd Jk Qc Jd Th 4s", "Kd 4s"),
                                              ("Ah Kd Kc Qs Js Tc 3d", "Kc 3d"))
       for way in VEGAS},
    # ... and two low pairs stay behind whatever the singletons
    **{("6c 6d 4h 4s Qc 9d 2s", way): "Qc 9d" for way in VEGAS},
}

#: One hand per rule of the Golden Nugget's and the Flamingo Hilton's posted texts, set
#: as the text says: (way, the rule, hand, front).
POSTED_RULE_CASES = [
    *[(way, rule, hand, front) for way in VEGAS for rule, hand, front in (
        ("no pair: the highest card behind, the next two in front",
         "Ks Td 8c 6h 5d 3s 2c", "Td 8c"),
        ("one pair: the pair behind, the two highest singletons in front",
         "9s 9d Kc Jh 6d 4s 2c", "Kc Jh"),
        ("three pair: the highest pair in front", "Qc Qd 8h 8s 4c 4d 2s", "Qc Qd"),
        ("three of a kind behind", "8s 8d 8c Kh 9d 5s 2c", "Kh 9d"),
        ("three of a kind: break up three aces", "As Ad Ac Kh 9d 5s 2c", "Ac Kh"),
        ("three of a kind twice: the higher pair in front", "Ks Kd Kc 5h 5d 5s 2c", "Kc Kd"),
        ("full house: split", "Ks Kd Kc 5h 5d 9s 2c", "5h 5d"),
        ("full house: not twos with an ace and a king to play", "Qc Qd Qh 2c 2d As Kd",
         "As Kd"),
        ("full house with two pairs: the highest pair in front", "Ks Kd Kc 9h 9d 5s 5c",
         "9h 9d"),
        ("a six or seven card straight: the highest front", "Kd Qc Jh Ts 9c 8d 2s", "Kd 2s"),
        ("a straight with two pairs and no exception: the straight behind",
         "9h 9d 8c 8s 7d 6c 5s", "9d 8c"),
        ("a straight with aces and any other pair: as a two pair (split)",
         "As Ad Kc Kh Qd Jc Ts", "Kc Kh"),
        ("a royal flush broken for a king or better in front", "Ah Kh Qh Jh Th 9c 2d",
         "Ah 2d"),
        ("a royal flush kept when a straight leaves no better front", "Ah Kh Qh Jh Th Qc 2d",
         "Qc 2d"),
        ("four of a kind, twos to sixes: kept together", "5c 5d 5h 5s Ac Kd 2s", "Ac Kd"),
        ("four of a kind, jacks to kings: kept with a pair of tens or higher",
         "Jc Jd Jh Js Tc Td 2s", "Tc Td"),
        ("four of a kind, jacks to kings: split without one (an ace does not keep them)",
         "Jc Jd Jh Js Ac Kd 2s", "Jc Jd"),
        ("four aces: kept with a pair of sevens or higher", "Ac Ad Ah As 7c 7d 2s", "7c 7d"),
        ("four aces: split without one", "Ac Ad Ah As 6c 6d 2s", "Ac Ad"),
        ("five aces: the kings in front", "As Ah Ad Ac Jk Kd Ks", "Kd Ks"),
        ("five aces: split", "As Ah Ad Ac Jk Qd Qs", "Ac Ad"),
    )],
    # the Golden Nugget
    ("golden_nugget", "two pair: split sevens or greater without an ace",
     "9s 9d 4c 4h Kd 7s 2c", "4c 4h"),
    ("golden_nugget", "two pair: split jacks or better and sixes or better with an ace",
     "Js Jd 6c 6h Ad 8s 2c", "6c 6h"),
    ("golden_nugget", "two pair: split aces and any other pair", "As Ad 3c 3h Kd 8s 2c",
     "3c 3h"),
    ("golden_nugget", "two pair behind otherwise: low pairs, no ace", "6s 6d 3c 3h 9d 8s 2c",
     "9d 8s"),
    ("golden_nugget", "two pair behind otherwise: queens and fours with an ace",
     "Qs Qd 4c 4h Ad 8s 2c", "Ad 8s"),
    ("golden_nugget", "a straight with two pairs and an ace: as a two pair (kept)",
     "Ad 5s 5c 4h 4d 3c 2s", "Ad 3c"),
    ("golden_nugget", "a flush with jacks and sixes: as a two pair (split)",
     "Jh Jd 6h 6c 9h 4h 2h", "6h 6c"),
    ("golden_nugget", "a straight flush kept when a straight leaves no jack or better",
     "Th 9h 8h 7h 6h 5c 2d", "5c 2d"),
    ("golden_nugget", "a straight over a straight flush for a jack or better",
     "Jh Th 9h 8h 7h 6c 2d", "Jh 2d"),
    ("golden_nugget", "four of a kind, sevens to tens: kept with an ace to play",
     "8c 8d 8h 8s Ac 5d 2s", "Ac 5d"),
    ("golden_nugget", "four of a kind, sevens to tens: split without one",
     "8c 8d 8h 8s Kc 5d 2s", "8c 8d"),
    # the Flamingo Hilton
    ("flamingo_hilton", "two pair: kept when both are sixes or less", "6s 6d 3c 3h 9d 8s 2c",
     "9d 8s"),
    ("flamingo_hilton", "two pair: kept when both are tens or less with an ace",
     "Ts Td 4c 4h Ad 8s 2c", "Ad 8s"),
    ("flamingo_hilton", "two pair: kept for face cards and fives or less with an ace",
     "Ks Kd 5c 5h Ad 8s 2c", "Ad 8s"),
    ("flamingo_hilton", "two pair: split otherwise (kings and sixes with an ace)",
     "Ks Kd 6c 6h Ad 8s 2c", "6c 6h"),
    ("flamingo_hilton", "a straight with both pairs tens or over: as a two pair (split)",
     "Ks Kd Qc Qh 9s Jc Td", "Qc Qh"),
    ("flamingo_hilton", "a straight with both pairs tens or under and an ace: as a two pair",
     "Ad 5s 5c 4h 4d 3c 2s", "Ad 3c"),
    ("flamingo_hilton", "a straight and a flush: the straight for a king or better in front",
     "Ah Kh 8h 7c 6h 5h 4d", "Ah Kh"),
    ("flamingo_hilton", "a straight and a flush: else the flush", "Qh Jh 8h 7c 6h 5h 4d",
     "7c 4d"),
    ("flamingo_hilton", "a straight over a straight flush for an ace and a face card",
     "Qh Jh Th 9h 8h 7c Ad", "Qh Ad"),
    ("flamingo_hilton", "a straight flush kept for less than an ace and a face card",
     "Jh Th 9h 8h 7h 6c 2d", "6c 2d"),
    ("flamingo_hilton", "four of a kind, sevens to tens: kept with an ace and a face card",
     "8c 8d 8h 8s Ac Jd 2s", "Ac Jd"),
    ("flamingo_hilton", "four of a kind, sevens to tens: split with an ace only",
     "8c 8d 8h 8s Ac 5d 2s", "8c 8d"),
]


@pytest.mark.fast
@pytest.mark.parametrize(("way", "rule", "hand", "front"), POSTED_RULE_CASES)
def test_each_rule_of_the_posted_las_vegas_ways_sets_its_hand_as_the_text_says(
        way, rule, hand, front):
    assert compiled_front(hand, way)[0] == codes_of(front), rule
    assert reference_front(hand, way)[0] == codes_of(front), rule
    assert not is_foul(house_way(hand, CLASSIC, way))


TWO_PAIR_SPLITS = [
    ("9c 9d 4h 4c Ks Td 2c", "4h 4c", "Ks Td"),  # low+medium, a king: Bally's keeps
    ("Jc Jd 4h 4s Ac 9d 2s", "4h 4s", "Ac 9d"),  # low+high, an ace: Bally's keeps
    ("Jc Jd 4h 4s Kc 9d 2s", "4h 4s", "4h 4s"),  # low+high, no ace: both split
    ("Tc Td 8h 8s Kc 9d 2s", "8h 8s", "8h 8s"),  # medium+medium, a king only
    ("6c 6d 4h 4s Kc 9d 2s", "Kc 9d", "Kc 9d"),  # low+low, a king: both keep
    ("Jc Jd 8h 8s Ac 9d 2s", "8h 8s", "8h 8s"),  # medium+high: always split
]


@pytest.mark.fast
@pytest.mark.parametrize("way", WAYS)
@pytest.mark.parametrize(("hand", "front", "rule"), CASES)
def test_hand_picked_cases(hand, front, rule, way):
    expected = (codes_of(WAY_FRONTS.get((hand, way), front)), rule)
    assert compiled_front(hand, way) == expected
    assert reference_front(hand, way) == expected
    assert not is_foul(house_way(hand, CLASSIC, way))


@pytest.mark.fast
def test_each_way_front_sets_a_hand_picked_case_otherwise():
    cases = {hand: codes_of(front) for hand, front, _ in CASES}
    for (hand, way), front in WAY_FRONTS.items():
        assert way in WAYS and codes_of(front) != cases[hand], (hand, way)


@pytest.mark.fast
@pytest.mark.parametrize(("hand", "foxwoods", "ballys"), TWO_PAIR_SPLITS)
def test_two_pair_rules_of_each_way(hand, foxwoods, ballys):
    for way, front in (("foxwoods", foxwoods), ("trump_plaza", ballys), ("claridge", ballys),
                       ("ballys", ballys)):
        assert compiled_front(hand, way) == (codes_of(front), 7)
        assert reference_front(hand, way) == (codes_of(front), 7)


# Bally's Atlantic City's two-pair rule, as the ballys way sets it
# (The Wizard of Odds, "Bally's Atlantic City House Way",
# https://wizardofodds.com/games/pai-gow-poker/house-way/ballys-atlantic-city).
# Pairs of 2 to 6 are low, 7 to 10 medium, J to K high.

def ballys_sets(hand, front, label):
    """``hand`` goes to the two-pair section, sets ``front`` in front by the rule
    labelled ``label``, and the hand-written C and the plain-Python reference agree."""
    setting, number = house_way_and_rule(hand, CLASSIC, BALLYS)
    assert {c.code for c in setting.low} == codes_of(front), hand
    assert way_rule_names(BALLYS)[number] == f"two pairs: {label}", hand
    assert compiled_front(hand, BALLYS) == reference_front(hand, BALLYS) == (codes_of(front), 7)


@pytest.mark.fast
def test_ballys_low_with_low_or_medium_splits_unless_a_king_or_ace_can_go_in_front():
    """Bally's: two low pairs, or a low and a medium pair, split (the low pair in
    front), but stay together behind when the hand holds a king or an ace, which
    goes in front with the next best card."""
    ballys_sets("9c 9d 4h 4c Ks Td 2c", "Ks Td",
                "low and low or low and medium with a king or better")
    ballys_sets("6c 6d 4h 4s Ac 9d 2s", "Ac 9d",
                "low and low or low and medium with a king or better")
    ballys_sets("9c 9d 4h 4c Qs Td 2c", "4h 4c", "split low and low or low and medium")


@pytest.mark.fast
def test_ballys_low_with_high_or_medium_with_medium_splits_unless_an_ace_can_go_in_front():
    """Bally's: a low pair with a high pair, or two medium pairs, split, but stay
    together when the hand holds an ace (a king is not enough)."""
    label = "low and high or medium and medium with an ace"
    ballys_sets("Jc Jd 4h 4s Ac 9d 2s", "Ac 9d", label)
    ballys_sets("Tc Td 8h 8s Jk 9d 2s", "Jk 9d", label)  # the joker is the ace
    split = "split low and high or medium and medium"
    ballys_sets("Jc Jd 4h 4s Kc 9d 2s", "4h 4s", split)
    ballys_sets("Tc Td 8h 8s Kc 9d 2s", "8h 8s", split)


@pytest.mark.fast
def test_ballys_medium_or_high_with_high_always_splits():
    """Bally's: a medium pair with a high pair, or two high pairs, always split,
    an ace in the hand or not."""
    ballys_sets("Jc Jd 8h 8s Ac 9d 2s", "8h 8s", "split medium and high or high and high")
    ballys_sets("Kc Kd Qh Qs Ac 9d 2s", "Qh Qs", "split medium and high or high and high")


@pytest.mark.fast
def test_ballys_aces_with_any_pair_always_split():
    """Bally's: a pair of aces with any other pair always splits, the other pair
    in front, even a pair of deuces beside a king."""
    ballys_sets("Ac Ad 2h 2s Kc 9d 5s", "2h 2s", "split aces and any other pair")
    ballys_sets("Jk Ad 3h 3s Kc Qd 8s", "3h 3s", "split aces and any other pair")


@pytest.mark.fast
def test_every_rule_is_covered_by_the_cases():
    assert {rule for _, _, rule in CASES} == set(HOUSE_WAY_RULES)


@pytest.mark.fast
def test_worked_examples_in_full():
    assert house_way("Kh Kd As Qc Jd Th 4s") == Setting("Kh Kd Jd Th 4s", "As Qc")
    assert house_way("Ts Td 9c 8h 7s 6d As") == Setting("Ts 9c 8h 7s 6d", "Td As")
    assert house_way("Kh Kd Jk Qc Jd Th 4s") == Setting("Kh Kd Jd Th 4s", "Jk Qc")
    assert house_way("9s 9d 4h 4c Jk Td 2c") == Setting("9s 9d 4h 4c 2c", "Jk Td")


# The joker is always an ace when the pairs are counted, so each of these,
# where it could complete a straight, holds two pairs with aces and splits.
# This reading reproduces the published exhaustive enumeration of Foxwoods
# against Foxwoods (see test_paigow_simulate); the reading that kept the
# joker out of the pairs for a straight set them behind the straight.
JOKER_TWO_PAIRS = [
    ("Ks Ac Tc Jk Qs Qd 7d", "Ac Jk Ks Tc 7d", "Qs Qd"),
    ("2c Qh Kh Jk Qd Ad Tc", "2c Kh Jk Ad Tc", "Qh Qd"),
    ("Ad Qc Jk Ks Js Jc 2d", "Ad Qc Jk Ks 2d", "Js Jc"),
    ("Ts Th Ad Jh 3h Jk Ks", "Ad Jh 3h Jk Ks", "Th Ts"),
]


@pytest.mark.fast
@pytest.mark.parametrize("way", WAYS)
@pytest.mark.parametrize("rules", [CLASSIC, CASINO])
@pytest.mark.parametrize(("hand", "high", "low"), JOKER_TWO_PAIRS)
def test_the_joker_is_an_ace_when_pairs_are_counted(hand, high, low, rules, way):
    assert makes_straight_or_flush(parse_cards(hand), rules.hand_rules)
    assert house_way(hand, rules, way) == Setting(high, low)
    assert house_way_rule(hand, rules, way) == 7
    assert reference_front(hand, way, rules) == (codes_of(low), 7)


@pytest.mark.fast
def test_interchangeable_cards_go_in_lowest_code_first():
    # four kings split: the clubs and diamonds in front
    assert house_way("Kc Kd Kh Ks 9c 5d 2s").low == tuple(parse_cards("Kd Kc"))
    # a natural ace and the joker as aces: the natural ace goes in front
    assert house_way("As Ah Jk 9c 7d 4h 2s").low == tuple(parse_cards("Ah 9c"))
    # the order of the cards given does not matter
    assert house_way("2s 4h 7d 9c Jk Ah As") == house_way("As Ah Jk 9c 7d 4h 2s")


@pytest.mark.fast
def test_a_callable_house_way():
    def aces_front(cards, rules):
        return Setting.from_hand(cards, sorted(cards, reverse=True)[:2])

    rules = CLASSIC.replace(house_way=aces_front)
    assert house_way("As Ah Jk 7c 7d 3s 2h", rules).low == tuple(parse_cards("Jk As"))
    assert house_way("As Ah Jk 7c 7d 3s 2h", CLASSIC, aces_front) == \
        house_way("As Ah Jk 7c 7d 3s 2h", rules)

    def cheat(cards, rules):
        return Setting("As Ah Jk 7c 7d", "Kc Kd")

    with pytest.raises(IllegalMoveError, match="Kd"):
        house_way("As Ah Jk 7c 7d 3s 2h", CLASSIC, cheat)
    with pytest.raises(TypeError, match="not a Setting"):
        house_way("As Ah Jk 7c 7d 3s 2h", CLASSIC, lambda cards, rules: None)
    with pytest.raises(PokerRulesError, match="built-in"):
        house_way_many(np.zeros((0, 7), dtype=np.uint8), rules)
    with pytest.raises(PokerRulesError, match="built-in"):
        house_way_rule("As Ah Jk 7c 7d 3s 2h", rules)


@pytest.mark.fast
def test_bad_input():
    with pytest.raises(HandSizeError, match="7 cards, got 6"):
        house_way("As Ah Jk 7c 7d 3s")
    with pytest.raises(DuplicateCardError, match="As"):
        house_way("As Ah Jk 7c 7d 3s As")
    with pytest.raises(InvalidCardError, match="Xx"):
        house_way("As Ah Jk 7c 7d 3s Xx")
    with pytest.raises(PokerRulesError, match="unknown house way 'binion'"):
        house_way("As Ah Jk 7c 7d 3s 2h", way="binion")
    with pytest.raises(PokerRulesError, match="unknown house way"):
        HouseWay("binion")
    with pytest.raises(TypeError):
        house_way("As Ah Jk 7c 7d 3s 2h", rules=object())  # a preset's name is taken


@pytest.mark.fast
@pytest.mark.parametrize("batch", [house_way_many, foul_many, fortune_lines])
def test_ragged_rows_are_hand_size_errors(batch):
    with pytest.raises(HandSizeError, match="rectangular"):
        batch([[0, 1, 2, 3, 4, 5, 6], [1, 2]])
    with pytest.raises(HandSizeError, match=rf"{batch.__name__} takes an \(n, 7\) array"):
        batch([[0, 1, 2, 3, 4, 5]])


@pytest.mark.fast
def test_house_way_many_checks_its_input():
    good = np.array([[c.code for c in parse_cards("As Ah Jk 7c 7d 3s 2h")]])
    out = house_way_many(good)
    assert out.dtype == np.uint8 and out.shape == (1, 7)
    assert Setting(out[0, :5].tolist(), out[0, 5:].tolist()) == house_way("As Ah Jk 7c 7d 3s 2h")
    assert house_way_many(np.zeros((0, 7), dtype=np.int64)).shape == (0, 7)
    with pytest.raises(HandSizeError, match=r"\(n, 7\)"):
        house_way_many(np.zeros((3, 6), dtype=np.uint8))
    with pytest.raises(TypeError, match="integer"):
        house_way_many(np.zeros((3, 7)))
    bad = np.array([[0, 1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 4, 5, 53]])
    with pytest.raises(InvalidCardError, match="row 1: card code 53"):
        house_way_many(bad)
    bad[1, 6] = -1
    with pytest.raises(InvalidCardError, match="row 1: card code -1"):
        house_way_many(bad)
    dup = np.array([[0, 1, 2, 3, 4, 5, 6], [8, 9, 10, 11, 12, 13, 8]])
    with pytest.raises(DuplicateCardError, match="row 1: duplicate card 4c"):
        house_way_many(dup)
    with pytest.raises(DuplicateCardError, match="row 1"):
        house_way_many(dup.astype(np.uint8))
    # read-only, strided and Fortran-ordered input
    hands = random_hands(np.random.default_rng(2), 50)
    expected = house_way_many(hands)
    frozen = hands.copy()
    frozen.setflags(write=False)
    assert (house_way_many(frozen) == expected).all()
    assert (house_way_many(np.asfortranarray(hands)) == expected).all()
    assert (house_way_many(np.repeat(hands, 2, axis=0)[::2]) == expected).all()
    assert (house_way_many(hands.astype(np.int64)) == expected).all()
    with pytest.raises(DuplicateCardError, match="row 0"):
        foul_many(np.array([[8, 9, 10, 11, 12, 13, 8]]))


# ------------------------------------------------------------ in bulk

def random_hands(rng, n):
    """n seven-card hands, a quarter each from the whole deck, from a few ranks
    (quads, trips, full houses, five aces), from a run of ranks (straights) and
    from one or two suits (flushes); the joker is always in the sub-deck."""
    hands = np.empty((n, 7), dtype=np.uint8)
    for i in range(n):
        kind = i % 4
        if kind == 0:
            deck = np.arange(53)
        elif kind == 1:
            ranks = rng.choice(13, size=rng.integers(2, 5), replace=False)
            deck = np.concatenate([[52], (ranks[:, None] * 4 + np.arange(4)).ravel()])
        elif kind == 2:
            low = rng.integers(-1, 7)  # -1: the ace played low
            ranks = np.array([12 if r < 0 else r for r in range(low, low + 7)])
            deck = np.concatenate([[52], (ranks[:, None] * 4 + np.arange(4)).ravel()])
        else:
            suits = rng.choice(4, size=rng.integers(1, 3), replace=False)
            deck = np.concatenate([[52], (np.arange(13)[:, None] * 4 + suits).ravel()])
        hands[i] = rng.choice(deck, size=7, replace=False)
    return hands


def uniform_hands(rng, n):
    """n hands drawn uniformly from the 53-card deck (rejection of repeated cards)."""
    hands = rng.integers(0, 53, size=(n, 7))
    while True:
        ordered = np.sort(hands, axis=1)
        repeated = (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)
        if not repeated.any():
            return hands
        hands[repeated] = rng.integers(0, 53, size=(int(repeated.sum()), 7))


@pytest.fixture(scope="module")
def million_hands():
    rng = np.random.default_rng(7)
    return np.concatenate([uniform_hands(rng, 1_000_000), random_hands(rng, 20_000)])


@pytest.mark.slow
@pytest.mark.parametrize(("way", "rules"), [("foxwoods", CLASSIC), ("foxwoods", CASINO),
                                            ("trump_plaza", CLASSIC), ("claridge", CASINO),
                                            (BALLYS, CLASSIC), ("golden_nugget", CASINO),
                                            ("flamingo_hilton", CLASSIC)])
def test_compiled_agrees_with_the_reference(way, rules):
    rng = np.random.default_rng([20, WAYS.index(way), rules.wheel_second_highest])
    hands = random_hands(rng, 40_000)
    out = house_way_many(hands, rules, way)
    seen = set()
    for hand, row in zip(hands, out, strict=True):
        front, rule = reference_front(hand.tolist(), way, rules)
        assert set(row[5:].tolist()) == front, (parse_cards(hand.tolist()), rule)
        seen.add(rule)
    assert seen == set(HOUSE_WAY_RULES)


@pytest.mark.slow
@pytest.mark.parametrize("way", WAYS)
@pytest.mark.parametrize("rules", [CLASSIC, CASINO])
def test_no_foul_over_a_million_hands(way, rules, million_hands):
    hands = million_hands
    out = house_way_many(hands, rules, way)
    assert not foul_many(out, rules).any()
    # every output row holds its hand's cards
    assert (np.sort(out, axis=1) == np.sort(hands, axis=1)).all()


@pytest.mark.slow
def test_foul_many_agrees_with_is_foul():
    rng = np.random.default_rng(11)
    hands = random_hands(rng, 300)
    rows, expected = [], []
    for hand in hands:
        for s in settings(hand.tolist()):
            rows.append([c.code for c in s.cards])
            expected.append(is_foul(s))
    assert foul_many(np.array(rows)).tolist() == expected
    assert 0 < sum(expected) < len(expected)


def test_the_wheel_rule_does_not_change_the_house_way():
    # Fronts of equal rank hold equal ranks, so their backs differ only by suits
    # or by the joker against a natural ace; either way both wheel rules prefer
    # the same back (the joker's, or the natural ace's by lowest code on a tie).
    hands = random_hands(np.random.default_rng(5), 20_000)
    for way in WAYS:
        assert (house_way_many(hands, CLASSIC, way) == house_way_many(hands, CASINO, way)).all()


@pytest.mark.fast
def test_single_and_batch_agree():
    rng = np.random.default_rng(3)
    hands = random_hands(rng, 400)
    for way in WAYS:
        out = house_way_many(hands, CASINO, way)
        for hand, row in zip(hands, out, strict=True):
            setting = house_way(hand.tolist(), CASINO, way)
            assert setting == Setting(row[:5].tolist(), row[5:].tolist())


@pytest.mark.fast
def test_the_hand_is_what_was_given():
    cards = hand_cards("As Ah Jk 7c 7d 3s 2h")
    assert house_way(cards).is_of(cards)
