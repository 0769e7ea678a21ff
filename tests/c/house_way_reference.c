/* The built-in house ways written by hand in C: the independent check that
 * the tests compare the shipped descriptions against (the library itself sets
 * hands only by the descriptions, ext/paigow_way.c). Built into the C self-test
 * (tests/c/selftest.c) and, for the Python tests, into a small shared library
 * (tests/games/house_way_reference.py).
 *
 * They read the hand's groups (pairs, trips, quads; the joker is always an ace
 * there, and makes a straight or flush only in the straight or flush rule), pick
 * the rule that applies in priority order, and name the two front cards.
 * Where cards of one rank could go either way, the one that keeps the better
 * back stays behind (only a split of aces can keep a flush), else the lowest
 * codes go in front: a hand always sets the same way, whatever its suits.
 */
#include "house_way_reference.h"

#include "paigow_hand.h"

/* 1 when every straight the hand's ranks make (the joker filling one gap) is
 * ace high: some five of ten to ace, and none lower. */
static int only_ace_high_straights(const hand_info *in) {
    int found = 0;
    for (int top = 3; top <= RANK_ACE; top++) { /* 3: A-2-3-4-5 */
        int missing = 0;
        for (int k = 0; k < 5; k++) {
            int r = top - k < 0 ? RANK_ACE : top - k;
            missing += !((in->ranks >> r) & 1u);
        }
        if (missing <= in->joker) {
            if (top != RANK_ACE) return 0;
            found = 1;
        }
    }
    return found;
}

/* Rule 5: among the settings that keep a straight or flush (or straight flush)
 * behind, the best front, then the best back, then the lowest front codes; by
 * the Foxwoods ways, an ace and the next card over a pair of tens to kings; by
 * Bally's, a natural ace and the joker whose only straights are ace high stay
 * behind as a pair, the two best singletons in front. */
static front_t straight_or_flush_front(const hand_info *in, int way) {
    front_t best = pick(-1, -1);
    uint32_t best_front = 0;
    if (way == PG_WAY_BALLYS && in->joker && in->by_count[2] == (1u << RANK_ACE) &&
        only_ace_high_straights(in))
        return two_singles(in);
    if (front_straight_or_flush(in, &best)) best_front = front_key(in, best.a, best.b);
    if (way == PG_WAY_TRUMP_PLAZA || way == PG_WAY_CLARIDGE || way == PG_WAY_BALLYS) return best;
    /* One pair of tens to kings, no trips, exactly one ace (a natural ace or
     * the joker): the ace and the next highest card outside the pair go in
     * front if they beat that front. */
    uint32_t pairs = in->by_count[2];
    if (count_bits(pairs) == 1 && !in->by_count[3] && top(pairs) >= RANK_TEN &&
        top(pairs) <= RANK_KING && ((in->by_count[1] >> RANK_ACE) & 1u)) {
        int ace = lowest(in, RANK_ACE);
        uint32_t others = in->by_count[1] & ~(1u << RANK_ACE);
        /* singletons besides the ace: four remain */
        int next = lowest(in, top(others));
        if (front_key(in, ace, next) > best_front) best = pick(ace, next);
    }
    return best;
}

/* Four aces, the joker one of them, split: the back keeps the joker and the
 * natural ace that makes the best back (a flush or straight flush when the
 * three other cards are of that ace's suit), so the setting does not depend on
 * suit codes; among equal backs the lowest codes go in front. */
static front_t split_aces(const hand_info *in) {
    uint32_t naturals = rank_cards(in, RANK_ACE) & 15u;
    if (!in->joker || count_bits(naturals) != 3) return two_of(in, RANK_ACE);
    front_t best = two_of(in, RANK_ACE);
    uint16_t best_back = 0;
    for (uint32_t rest = naturals; rest; rest &= rest - 1) { /* the ace kept behind */
        uint32_t front_bits = naturals & ~(rest & (0u - rest));
        int a = 4 * RANK_ACE + pr_ctz32(front_bits);
        int b = 4 * RANK_ACE + pr_ctz32(front_bits & (front_bits - 1));
        uint8_t back[5];
        int n = 0;
        for (int k = 0; k < 7; k++)
            if (in->hand[k] != a && in->hand[k] != b) back[n++] = in->hand[k];
        uint64_t key = in->key - pr_card_key[a] - pr_card_key[b];
        uint16_t v = pr_eval_key(in->t, key, back, 5);
        if (v >= best_back) { /* kept ace ascending: on ties the higher one stays behind */
            best_back = v;
            best = pick(a, b);
        }
    }
    return best;
}

/* ---- the Las Vegas ways (Golden Nugget, Flamingo Hilton), from their posted texts */

#define VEGAS(way) ((way) == PG_WAY_GOLDEN_NUGGET || (way) == PG_WAY_FLAMINGO_HILTON)

/* The settings of a straight or flush hand by the category of the back each leaves:
 * of each, the best front, then the best back, then the lowest front codes. */
typedef struct {
    int have;
    front_t front;
    uint32_t key;
    uint16_t back;
    int tie;
} option_t;

typedef struct {
    option_t sf, plain, straight, flush, any;
    int royal; /* some five cards make a royal flush */
} sf_options;

static void offer(option_t *o, int a, int b, uint32_t key, uint16_t back) {
    int hi = a > b ? a : b, tie = hi * 64 + a + b - hi;
    if (o->have && (key < o->key || (key == o->key && back < o->back) ||
                    (key == o->key && back == o->back && tie >= o->tie)))
        return;
    o->have = 1;
    o->front = pick(a, b);
    o->key = key;
    o->back = back;
    o->tie = tie;
}

static void straight_flush_options(const hand_info *in, sf_options *o) {
    memset(o, 0, sizeof *o);
    const uint8_t *hand = in->hand;
    for (int i = 0; i < 6; i++)
        for (int j = i + 1; j < 7; j++) {
            uint8_t back[5];
            int n = 0, tens_up = 1;
            for (int k = 0; k < 7; k++)
                if (k != i && k != j) {
                    back[n++] = hand[k];
                    if (hand[k] != PR_JOKER && (hand[k] >> 2) < RANK_TEN) tens_up = 0;
                }
            uint16_t v = pr_eval_codes(in->t, back, 5);
            int cat = in->t->class_cat[v];
            uint32_t key = front_key(in, hand[i], hand[j]);
            if (cat == PR_STRAIGHT_FLUSH) {
                offer(&o->sf, hand[i], hand[j], key, v);
                if (tens_up) o->royal = 1; /* every natural card ten or higher: ace high */
            }
            if (cat == PR_STRAIGHT) offer(&o->straight, hand[i], hand[j], key, v);
            if (cat == PR_FLUSH) offer(&o->flush, hand[i], hand[j], key, v);
            if (cat == PR_STRAIGHT || cat == PR_FLUSH) offer(&o->plain, hand[i], hand[j], key, v);
            if (cat == PR_STRAIGHT || cat == PR_FLUSH || cat == PR_STRAIGHT_FLUSH)
                offer(&o->any, hand[i], hand[j], key, v);
        }
}

/* The front key of the two-card hand r-s (r-r a pair). */
static uint32_t two_card(const hand_info *in, int r, int s) {
    return front_key(in, 4 * r, 4 * s + 1);
}

/* A straight flush kept unless a plain straight or flush leaves a better front that
 * reaches `least`: the Golden Nugget's jack (king over a royal flush), the Flamingo
 * Hilton's ace and a face card or a pair (king over a royal flush). */
static front_t keep_straight_flush(const hand_info *in, const sf_options *o, int way) {
    uint32_t least = o->royal ? two_card(in, RANK_KING, 0)
                     : way == PG_WAY_GOLDEN_NUGGET ? two_card(in, RANK_JACK, 0)
                                                   : two_card(in, RANK_ACE, RANK_JACK);
    if (o->plain.have && o->plain.key >= least && o->plain.key > o->sf.key) return o->plain.front;
    return o->sf.front;
}

/* Rule 5 and the straights of rule 7 by the Las Vegas ways. */
static front_t vegas_straight_front(const hand_info *in, const sf_options *o, int way) {
    if (o->sf.have) return keep_straight_flush(in, o, way);
    /* the Flamingo Hilton: a straight over a flush only for a king or better in front */
    if (way == PG_WAY_FLAMINGO_HILTON && o->straight.have && o->flush.have)
        return o->straight.key > o->flush.key && o->straight.key >= two_card(in, RANK_KING, 0)
                   ? o->straight.front : o->flush.front;
    return o->any.front;
}

static front_t vegas_two_pairs_front(const hand_info *in, int way) {
    uint32_t pairs = in->by_count[2];
    int high = top(pairs), low = top(pairs & ~(1u << high));
    int ace = top(in->by_count[1]) == RANK_ACE;
    if (high == RANK_ACE) return two_of(in, low);
    int keep_straight;
    if (way == PG_WAY_GOLDEN_NUGGET) /* not with an ace, nor with jacks and sixes */
        keep_straight = !ace && !(high == RANK_JACK && low == RANK_SEVEN - 1);
    else /* not with both pairs tens or over, nor both tens or under with an ace */
        keep_straight = low < RANK_TEN && !(high <= RANK_TEN && ace);
    if (keep_straight && in->any_sf) {
        sf_options o;
        straight_flush_options(in, &o);
        return vegas_straight_front(in, &o, way);
    }
    int keep;
    if (way == PG_WAY_GOLDEN_NUGGET) {
        if (high >= RANK_SEVEN && !ace) keep = 0;
        else if (high >= RANK_JACK && low >= RANK_SEVEN - 1) keep = 0; /* an ace here */
        else keep = 1;
    } else {
        keep = high < RANK_SEVEN || (high <= RANK_TEN && ace) ||
               (high >= RANK_JACK && low <= RANK_SEVEN - 2 && ace);
    }
    return keep ? two_singles(in) : two_of(in, low);
}

static front_t vegas_quads_front(const hand_info *in, int way) {
    const uint32_t *by = in->by_count;
    int q = top(by[4]);
    uint32_t other = by[3] | by[2];
    int o = other ? top(other) : -1; /* the pair or trips beside */
    if (q == RANK_ACE) return o >= RANK_SEVEN ? two_of(in, o) : split_aces(in);
    if (q >= RANK_JACK) return o >= RANK_TEN ? two_of(in, o) : two_of(in, q);
    if (o >= 0) return two_of(in, o); /* a pair is better than an ace, and kept with twos to sixes */
    if (q >= RANK_SEVEN) {
        uint32_t s = by[1];
        int first = top(s), second = top(s & ~(1u << first));
        int keep = first == RANK_ACE && (way == PG_WAY_GOLDEN_NUGGET || second >= RANK_JACK);
        return keep ? two_singles(in) : two_of(in, q);
    }
    return two_singles(in);
}

/* Bally's Atlantic City's classes of a pair: 0 low (2-6), 1 medium (7-10),
 * 2 high (J-K), 3 aces. */
static int ballys_pair_class(int r) {
    return r < RANK_SEVEN ? 0 : r <= RANK_TEN ? 1 : r < RANK_ACE ? 2 : 3;
}

/* Rule 7: two pairs, by the Foxwoods rule or by Bally's Atlantic City's (which
 * Trump Plaza and the Claridge post too). */
static front_t two_pairs_front(const hand_info *in, int way) {
    uint32_t pairs = in->by_count[2];
    int high = top(pairs), low = top(pairs & ~(1u << high));
    int top_rank = top(in->by_count[1]);
    int keep;
    if (way != PG_WAY_FOXWOODS) {
        int h = ballys_pair_class(high), l = ballys_pair_class(low);
        if (h == 3 || (h == 2 && l >= 1)) keep = 0;
        else if (h == 2 || l == 1) keep = top_rank == RANK_ACE; /* low+high, medium+medium */
        else keep = top_rank >= RANK_KING;                     /* low+low, low+medium */
    } else {
        if (high >= RANK_JACK) keep = 0;
        else if (high >= RANK_SEVEN) keep = top_rank == RANK_ACE;
        else keep = top_rank >= RANK_KING;
    }
    return keep ? two_singles(in) : two_of(in, low);
}

static front_t house_way_front(const pr_tables *t, const uint8_t hand[7], int way, int *rule) {
    hand_info in;
    read_hand(&in, t, hand);
    const uint32_t *by = in.by_count;
    front_t front;
    int r;
    if (by[5]) {
        r = 1; /* five aces */
        front = by[2] & (1u << RANK_KING) ? two_of(&in, RANK_KING) : two_of(&in, RANK_ACE);
    } else if (by[4] && VEGAS(way)) {
        r = 2;
        front = vegas_quads_front(&in, way);
    } else if (by[4]) {
        r = 2; /* four of a kind */
        int q = top(by[4]);
        uint32_t other = by[3] | by[2];
        if (other) front = two_of(&in, top(other));
        else if (q == RANK_ACE) front = split_aces(&in);
        else if (way == PG_WAY_BALLYS) /* tens to kings kept with an ace to play */
            front = q < RANK_TEN || top(by[1]) == RANK_ACE ? two_singles(&in) : two_of(&in, q);
        else if (q >= RANK_JACK) /* Trump Plaza keeps them with an ace to play */
            front = way == PG_WAY_TRUMP_PLAZA && top(by[1]) == RANK_ACE ? two_singles(&in)
                                                                         : two_of(&in, q);
        else if (q >= RANK_SEVEN) /* kept with a king or ace to play; the Claridge's an ace */
            front = top(by[1]) >= (way == PG_WAY_CLARIDGE ? RANK_ACE : RANK_KING)
                        ? two_singles(&in) : two_of(&in, q);
        else front = two_singles(&in);
    } else if (count_bits(by[3]) == 2) {
        r = 3; /* two trips */
        front = two_of(&in, top(by[3]));
    } else if (by[3] && by[2]) {
        r = 4; /* full house */
        int ace_king = top(by[1]) == RANK_ACE && (by[1] & (1u << RANK_KING));
        /* Trump Plaza and Bally's: twos stay behind with an ace and a king to play */
        if ((way == PG_WAY_TRUMP_PLAZA || way == PG_WAY_BALLYS || VEGAS(way)) &&
            by[2] == 1u /* twos */ && ace_king)
            front = two_singles(&in);
        else front = two_of(&in, top(by[2]));
    } else if (in.any_sf && count_bits(by[2]) <= 1) { /* at most one pair or one trips */
        r = 5; /* straight or flush */
        if (VEGAS(way)) {
            sf_options o;
            straight_flush_options(&in, &o);
            front = vegas_straight_front(&in, &o, way);
        } else front = straight_or_flush_front(&in, way);
    } else if (count_bits(by[2]) == 3) {
        r = 6; /* three pairs */
        front = two_of(&in, top(by[2]));
    } else if (count_bits(by[2]) == 2) {
        r = 7; /* two pairs */
        front = VEGAS(way) ? vegas_two_pairs_front(&in, way) : two_pairs_front(&in, way);
    } else if (by[3]) {
        r = 8; /* three of a kind */
        if (by[3] & (1u << RANK_ACE)) front = pick(lowest(&in, RANK_ACE), lowest(&in, top(by[1])));
        else front = two_singles(&in);
    } else if (by[2]) {
        r = 9; /* one pair */
        front = two_singles(&in);
    } else {
        r = 10; /* no pair */
        uint32_t s = by[1] & ~(1u << top(by[1]));
        int r2 = top(s);
        front = pick(lowest(&in, r2), lowest(&in, top(s & ~(1u << r2))));
    }
    if (rule) *rule = r;
    return front;
}


int pg_house_way_front(const pr_tables *t, const uint8_t hand[7], int way, int *rule) {
    front_t f = house_way_front(t, hand, way, rule);
    int mask = 0;
    for (int i = 0; i < 7; i++)
        if (hand[i] == f.a || hand[i] == f.b) mask |= 1 << i;
    return mask;
}

int pg_house_way_set(const pr_tables *t, const uint8_t hand[7], int way,
                     uint8_t out_high[5], uint8_t out_low[2]) {
    int rule = 0;
    split(hand, house_way_front(t, hand, way, &rule), out_high, out_low);
    return rule;
}

void pg_house_way_batch(const pr_tables *t, const uint8_t *hands, int64_t n, int way,
                        uint8_t *out, uint8_t *rules) {
    for (int64_t i = 0; i < n; i++) {
        int rule = 0;
        const uint8_t *hand = hands + 7 * i;
        uint8_t *row = out + 7 * i;
        split(hand, house_way_front(t, hand, way, &rule), row, row + 5);
        if (rules) rules[i] = (uint8_t)rule;
    }
}
