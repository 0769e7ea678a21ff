"""Plain-Python reference ("oracle") poker hand ranking for the pokerrules tests.

This module does not try to be fast. It tries to be obviously correct, so that
the compiled core can be checked against it. Only the standard library is used.

Card codes
----------
``code = rank_index * 4 + suit_index``. Ranks 2..A map to 0..12 (ace = 12),
suits c, d, h, s map to 0..3, and the joker is 52.

Decks (the ``deck`` keyword)
----------------------------
* ``"standard"``: 52 cards, no joker.
* ``"paigow"``: 53 cards, the 52 cards plus the joker (the Pai Gow "bug").
* ``"piquet"``: 32 cards, ranks 7 to A only (rank indices 5..12).

Rule options (keywords)
-----------------------
* ``wheel_second_highest`` (standard/paigow): A-2-3-4-5 ranks just below
  A-K-Q-J-T, for straights and straight flushes. By default it is the lowest.
* ``ace_low_straight`` (piquet): A-7-8-9-T is a straight, the lowest one.
* ``flush_beats_full_house`` (piquet): a flush ranks above a full house.

Setting an option to True with a deck it does not belong to raises ValueError.

Keys
----
``rank_five`` and ``rank_best`` return ``(strength, category, *tiebreak)``.
``strength`` is the category's position in the category order of the chosen
rules, and ``category`` is the category's enum number (see the constants
below). Within one set of rules the strength fixes the category, so the
second element never changes how keys compare; it is there so that
``category(key)`` works without knowing the rules. Compare keys only when they
were made with the same rules. Equal keys are ties; suits never break ties.
"""

import itertools
from collections import Counter

# Category enum numbers (same numbering as the pokerrules IntEnum).
HIGH_CARD = 0
ONE_PAIR = 1
TWO_PAIR = 2
THREE_OF_A_KIND = 3
STRAIGHT = 4
FLUSH = 5
FULL_HOUSE = 6
FOUR_OF_A_KIND = 7
STRAIGHT_FLUSH = 8
FIVE_ACES = 9

CATEGORY_NAMES = {
    HIGH_CARD: "HIGH_CARD",
    ONE_PAIR: "ONE_PAIR",
    TWO_PAIR: "TWO_PAIR",
    THREE_OF_A_KIND: "THREE_OF_A_KIND",
    STRAIGHT: "STRAIGHT",
    FLUSH: "FLUSH",
    FULL_HOUSE: "FULL_HOUSE",
    FOUR_OF_A_KIND: "FOUR_OF_A_KIND",
    STRAIGHT_FLUSH: "STRAIGHT_FLUSH",
    FIVE_ACES: "FIVE_ACES",
}

JOKER = 52
ACE = 12
RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
DECKS = ("standard", "paigow", "piquet")


# ---------------------------------------------------------------------------
# Card helpers
# ---------------------------------------------------------------------------

def rank_of(code):
    """Rank index (0 = deuce .. 12 = ace) of a real card code."""
    return code // 4


def suit_of(code):
    """Suit index (0 = clubs .. 3 = spades) of a real card code."""
    return code % 4


def card(text):
    """Code of one card written like ``"Ah"``, ``"Tc"`` or ``"Jk"`` (joker)."""
    if text in ("Jk", "JK", "jk", "Joker", "joker"):
        return JOKER
    if len(text) != 2:
        raise ValueError("bad card text: %r" % (text,))
    rank_char = text[0].upper()
    suit_char = text[1].lower()
    if rank_char not in RANK_CHARS or suit_char not in SUIT_CHARS:
        raise ValueError("bad card text: %r" % (text,))
    return RANK_CHARS.index(rank_char) * 4 + SUIT_CHARS.index(suit_char)


def cards(text):
    """Codes of space separated cards, e.g. ``cards("Ah Kh Jk")``."""
    return [card(part) for part in text.split()]


def card_text(code):
    """Inverse of ``card``."""
    if code == JOKER:
        return "Jk"
    return RANK_CHARS[rank_of(code)] + SUIT_CHARS[suit_of(code)]


def deck_codes(deck="standard"):
    """All card codes of a deck, in increasing order."""
    if deck == "standard":
        return list(range(52))
    if deck == "paigow":
        return list(range(53))
    if deck == "piquet":
        return [code for code in range(52) if rank_of(code) >= 5]
    raise ValueError("unknown deck: %r" % (deck,))


# ---------------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------------

def _check_rules(deck, wheel_second_highest, ace_low_straight,
                 flush_beats_full_house):
    """Raise ValueError for an unknown deck or an option set on the wrong deck."""
    if deck not in DECKS:
        raise ValueError("unknown deck: %r" % (deck,))
    if wheel_second_highest and deck == "piquet":
        raise ValueError("wheel_second_highest is for standard/paigow decks")
    if ace_low_straight and deck != "piquet":
        raise ValueError("ace_low_straight is for the piquet deck")
    if flush_beats_full_house and deck != "piquet":
        raise ValueError("flush_beats_full_house is for the piquet deck")


def _check_codes(codes, deck):
    """Raise ValueError for a card not in the deck or a repeated card."""
    valid = set(deck_codes(deck))
    for code in codes:
        if code not in valid:
            raise ValueError("card code %r is not in the %s deck" % (code, deck))
    if len(set(codes)) != len(codes):
        raise ValueError("repeated card in %r" % (list(codes),))


def category_order(flush_beats_full_house=False):
    """Categories from weakest to strongest."""
    if flush_beats_full_house:
        return [HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT,
                FULL_HOUSE, FLUSH, FOUR_OF_A_KIND, STRAIGHT_FLUSH, FIVE_ACES]
    return [HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT,
            FLUSH, FULL_HOUSE, FOUR_OF_A_KIND, STRAIGHT_FLUSH, FIVE_ACES]


def straights(deck="standard", wheel_second_highest=False,
              ace_low_straight=False):
    """The straights of the rules, as rank sets, from weakest to strongest."""
    wheel = frozenset([ACE, 0, 1, 2, 3])
    if deck == "piquet":
        # 7-8-9-T-J, 8-9-T-J-Q, 9-T-J-Q-K, T-J-Q-K-A
        result = [frozenset(range(low, low + 5)) for low in range(5, 9)]
        if ace_low_straight:
            result.insert(0, frozenset([ACE, 5, 6, 7, 8]))  # A-7-8-9-T
        return result
    # 2-3-4-5-6 up to T-J-Q-K-A
    runs = [frozenset(range(low, low + 5)) for low in range(0, 9)]
    if wheel_second_highest:
        return runs[:-1] + [wheel] + runs[-1:]
    return [wheel] + runs


# ---------------------------------------------------------------------------
# Five-card hands
# ---------------------------------------------------------------------------

def _grouped_ranks(ranks):
    """Distinct ranks, bigger groups first, higher ranks first within a size.

    Also returns the group sizes in the same order.
    """
    counts = Counter(ranks)
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    return order, [counts[r] for r in order]


def _make_key(cat, tiebreak, flush_beats_full_house):
    """Build ``(strength, category, *tiebreak)``."""
    strength = category_order(flush_beats_full_house).index(cat)
    return (strength, cat) + tuple(tiebreak)


def _rank_real_five(codes, deck, wheel_second_highest, ace_low_straight,
                    flush_beats_full_house):
    """Key of five real cards (no joker). No validation."""
    ranks = [rank_of(c) for c in codes]
    suits = [suit_of(c) for c in codes]
    is_flush = len(set(suits)) == 1
    straight_list = straights(deck, wheel_second_highest, ace_low_straight)
    rank_set = frozenset(ranks)
    straight_strength = None
    if len(rank_set) == 5 and rank_set in straight_list:
        straight_strength = straight_list.index(rank_set)

    groups, sizes = _grouped_ranks(ranks)

    if straight_strength is not None and is_flush:
        cat, tiebreak = STRAIGHT_FLUSH, [straight_strength]
    elif sizes == [5]:
        # Only reachable through the joker (four aces plus the joker).
        cat, tiebreak = FIVE_ACES, groups
    elif sizes == [4, 1]:
        cat, tiebreak = FOUR_OF_A_KIND, groups
    elif sizes == [3, 2]:
        cat, tiebreak = FULL_HOUSE, groups
    elif is_flush:
        cat, tiebreak = FLUSH, sorted(ranks, reverse=True)
    elif straight_strength is not None:
        cat, tiebreak = STRAIGHT, [straight_strength]
    elif sizes == [3, 1, 1]:
        cat, tiebreak = THREE_OF_A_KIND, groups
    elif sizes == [2, 2, 1]:
        cat, tiebreak = TWO_PAIR, groups
    elif sizes == [2, 1, 1, 1]:
        cat, tiebreak = ONE_PAIR, groups
    else:
        cat, tiebreak = HIGH_CARD, groups
    return _make_key(cat, tiebreak, flush_beats_full_house)


def rank_five(codes, deck="standard", wheel_second_highest=False,
              ace_low_straight=False, flush_beats_full_house=False):
    """Sort key of exactly five cards: ``(strength, category, *tiebreak)``.

    Tiebreaks: straights and straight flushes by the straight's position in
    ``straights(...)``; flushes and high cards by the five ranks descending;
    everything else by the grouped ranks (bigger groups first, higher ranks
    first within a group size), kickers last, descending.

    The joker (paigow deck only) is tried as every real card that is not
    already in the hand, and the best result is kept, but a substitution counts
    only if the joker is an ace or the result is a straight, flush or straight
    flush. With four real aces the joker makes FIVE_ACES.

    Note: the joker never duplicates a card already in the hand. Were that
    allowed, the joker could stand for the ace of hearts next to the real ace
    of hearts and make an A-A flush. That flush would beat the intended one,
    where the joker is the highest heart missing from the hand. For straights
    a duplicate can never help, and four real aces are handled explicitly.
    """
    codes = list(codes)
    _check_rules(deck, wheel_second_highest, ace_low_straight,
                 flush_beats_full_house)
    if len(codes) != 5:
        raise ValueError("rank_five needs exactly 5 cards, got %d" % len(codes))
    _check_codes(codes, deck)
    rules = (deck, wheel_second_highest, ace_low_straight,
             flush_beats_full_house)

    if JOKER not in codes:
        return _rank_real_five(codes, *rules)

    others = [c for c in codes if c != JOKER]
    if [rank_of(c) for c in others] == [ACE] * 4:
        return _make_key(FIVE_ACES, [ACE], flush_beats_full_house)

    best = None
    for stand_in in range(52):
        if stand_in in others:
            continue
        key = _rank_real_five(others + [stand_in], *rules)
        allowed = (rank_of(stand_in) == ACE
                   or key[1] in (STRAIGHT, FLUSH, STRAIGHT_FLUSH))
        if allowed and (best is None or key > best):
            best = key
    return best


def rank_best(codes, **rules):
    """Best ``rank_five`` key over all 5-card subsets of 5, 6 or 7 cards."""
    codes = list(codes)
    if not 5 <= len(codes) <= 7:
        raise ValueError("rank_best needs 5 to 7 cards, got %d" % len(codes))
    _check_codes(codes, rules.get("deck", "standard"))
    return max(rank_five(five, **rules)
               for five in itertools.combinations(codes, 5))


def category(key):
    """Category enum number of a key from rank_five, rank_best or rank_partial."""
    return key[1]


def category_of(codes, **rules):
    """Category enum number of the best 5-card hand in ``codes`` (5 to 7 cards)."""
    return category(rank_best(codes, **rules))


# ---------------------------------------------------------------------------
# Partial hands (0 to 5 cards) and Pai Gow two-card hands
# ---------------------------------------------------------------------------

def rank_partial(codes, deck="standard", wheel_second_highest=False,
                 ace_low_straight=False, flush_beats_full_house=False):
    """Sort key of 0 to 5 cards, comparable across different card counts.

    With 5 cards this is exactly ``rank_five``. With fewer cards there are no
    straights or flushes. The key is ``(strength, category, *grouped ranks)``:
    bigger groups first, then kickers descending, each rank listed once. Python
    compares tuples element by element and a tuple that is a prefix of another
    is smaller, so a hand that runs out of cards first loses the tie
    (A-K-Q beats A-K, 9-9-4 beats 9-9). The empty hand ``(0, 0)`` is the
    lowest of all. With fewer than 5 cards the joker is an ace.
    """
    codes = list(codes)
    _check_rules(deck, wheel_second_highest, ace_low_straight,
                 flush_beats_full_house)
    if len(codes) > 5:
        raise ValueError("rank_partial takes at most 5 cards, got %d"
                         % len(codes))
    _check_codes(codes, deck)
    if len(codes) == 5:
        return rank_five(codes, deck, wheel_second_highest, ace_low_straight,
                         flush_beats_full_house)

    ranks = [ACE if c == JOKER else rank_of(c) for c in codes]
    groups, sizes = _grouped_ranks(ranks)
    if sizes and sizes[0] == 4:
        cat = FOUR_OF_A_KIND
    elif sizes and sizes[0] == 3:
        cat = THREE_OF_A_KIND
    elif sizes[:2] == [2, 2]:
        cat = TWO_PAIR
    elif sizes and sizes[0] == 2:
        cat = ONE_PAIR
    else:
        cat = HIGH_CARD
    return _make_key(cat, groups, flush_beats_full_house)


def rank_two(codes):
    """Sort key of a Pai Gow two-card hand: ``(is_pair, high rank, low rank)``.

    A pair beats any non-pair. Pairs compare by rank and non-pairs by the higher
    card, then the lower. The joker is an ace.
    """
    codes = list(codes)
    if len(codes) != 2:
        raise ValueError("rank_two needs exactly 2 cards, got %d" % len(codes))
    _check_codes(codes, "paigow")
    ranks = sorted((ACE if c == JOKER else rank_of(c) for c in codes),
                   reverse=True)
    is_pair = 1 if ranks[0] == ranks[1] else 0
    return (is_pair, ranks[0], ranks[1])


# ---------------------------------------------------------------------------
# Self check (not run on import)
# ---------------------------------------------------------------------------

def _self_check():
    """A few hand-checked facts about the oracle. Raises AssertionError."""
    h = cards
    pg = {"deck": "paigow"}

    # Royal flush beats the K-high straight flush.
    royal = rank_five(h("Ah Kh Qh Jh Th"))
    king_sf = rank_five(h("Ks Qs Js Ts 9s"))
    assert category(royal) == STRAIGHT_FLUSH
    assert category(king_sf) == STRAIGHT_FLUSH
    assert royal > king_sf

    # The wheel is the lowest straight by default...
    wheel = h("Ac 2d 3h 4s 5c")
    six_high = h("2d 3h 4s 5c 6d")
    ace_high = h("Ac Kd Qh Js Tc")
    king_high = h("Kd Qh Js Tc 9s")
    assert category(rank_five(wheel)) == STRAIGHT
    assert rank_five(wheel) < rank_five(six_high)
    # ...and second highest with the option, for straight flushes too.
    ws = {"wheel_second_highest": True}
    assert rank_five(wheel, **ws) > rank_five(king_high, **ws)
    assert rank_five(wheel, **ws) < rank_five(ace_high, **ws)
    assert (rank_five(h("Ah 2h 3h 4h 5h"), **ws)
            > rank_five(h("Kh Qh Jh Th 9h"), **ws))
    assert rank_five(h("Ah 2h 3h 4h 5h")) < rank_five(h("2h 3h 4h 5h 6h"))
    # No wrap-around straights.
    assert category(rank_five(h("Qc Kd Ah 2s 3c"))) == HIGH_CARD

    # Joker: K-K-K-7-Jk is three kings with an ace kicker.
    kkk = rank_five(h("Kc Kd Kh 7s Jk"), **pg)
    assert category(kkk) == THREE_OF_A_KIND
    assert kkk == rank_five(h("Kc Kd Kh 7s As"), **pg)
    # A-A-A-A-Jk is five aces, the top category.
    five_aces = rank_five(h("Ac Ad Ah As Jk"), **pg)
    assert category(five_aces) == FIVE_ACES
    assert five_aces > rank_five(h("Ah Kh Qh Jh Th"), **pg)
    # 2-3-4-5-Jk is a 6-high straight (the joker as 6 beats it as an ace)...
    low = rank_five(h("2c 3d 4h 5s Jk"), **pg)
    assert low == rank_five(h("2c 3d 4h 5s 6s"), **pg)
    # ...but with the wheel second highest the joker is an ace.
    assert (rank_five(h("2c 3d 4h 5s Jk"), deck="paigow", **ws)
            == rank_five(h("2c 3d 4h 5s As"), deck="paigow", **ws))
    # Joker with four hearts: a flush, the joker is the highest missing heart.
    assert (rank_five(h("Ah Kh 7h 2h Jk"), **pg)
            == rank_five(h("Ah Kh Qh 7h 2h"), **pg))
    assert (rank_five(h("Kh 9h 7h 2h Jk"), **pg)
            == rank_five(h("Ah Kh 9h 7h 2h"), **pg))
    assert category(rank_five(h("Ah Kh 7h 2h Jk"), **pg)) == FLUSH
    # The joker never pairs a non-ace: 7-7-2-3-Jk is a pair of sevens with an
    # ace kicker, not three sevens.
    assert (rank_five(h("7c 7d 2h 3s Jk"), **pg)
            == rank_five(h("7c 7d 2h 3s Ac"), **pg))

    # Piquet: A-7-8-9-T is a straight only with ace_low_straight, the lowest.
    pq = {"deck": "piquet"}
    a7 = h("Ac 7d 8h 9s Tc")
    assert category(rank_five(a7, **pq)) == HIGH_CARD
    assert category(rank_five(a7, ace_low_straight=True, **pq)) == STRAIGHT
    assert (rank_five(a7, ace_low_straight=True, **pq)
            < rank_five(h("7d 8h 9s Tc Jd"), ace_low_straight=True, **pq))
    # Piquet flush over full house with the option.
    flush = h("Ah Jh 9h 8h 7h")
    full = h("Ac Ad Ah Ks Kc")
    assert rank_five(flush, **pq) < rank_five(full, **pq)
    fb = {"deck": "piquet", "flush_beats_full_house": True}
    assert rank_five(flush, **fb) > rank_five(full, **fb)
    assert category(rank_five(flush, **fb)) == FLUSH
    assert category(rank_five(full, **fb)) == FULL_HOUSE

    # rank_best picks the best five of seven.
    assert category_of(h("Ah Kh Qh Jh Th 2c 3d")) == STRAIGHT_FLUSH
    assert category_of(h("2c 2d 2h 9s 9c 4d 5h")) == FULL_HOUSE

    # Partial hands.
    rp = rank_partial
    assert rp(h("Kc Kd 2h")) > rp(h("Qc Qd Ah"))
    assert rp(h("Ac Kd Qh")) > rp(h("Ac Kd"))
    assert rp(h("9c 9d 4h")) > rp(h("9c 9d"))
    assert rp([]) < rp(h("2c"))
    assert rp([]) == (0, HIGH_CARD)
    assert category(rp(h("9c 9d 9h"))) == THREE_OF_A_KIND
    assert category(rp(h("9c 9d 5h 5s"))) == TWO_PAIR
    assert rp(h("Ah Kh Qh Jh Th")) == rank_five(h("Ah Kh Qh Jh Th"))
    assert category(rp(h("2h 3h 4h 5h"))) == HIGH_CARD  # no 4-card straights
    assert rp(h("Kc Jk"), **pg) == rp(h("Kc Ad"), **pg)

    # Two-card hands.
    assert rank_two(h("2c 2d")) > rank_two(h("Ac Kd"))
    assert rank_two(h("3c 3d")) > rank_two(h("2c 2d"))
    assert rank_two(h("Ac 7d")) > rank_two(h("Kc Qd"))
    assert rank_two(h("Ac 7d")) > rank_two(h("Ac 6d"))
    assert rank_two(h("Jk Ac")) == rank_two(h("Ad Ac"))
    assert rank_two(h("Jk 7c")) == rank_two(h("Ad 7c"))
    return True
