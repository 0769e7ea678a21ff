/* Pai Gow Poker kernels: the tables the house ways read, the reference house
 * ways, fouls and the Fortune bonus.
 *
 * The reference ways are the two built-in ways written by hand, the
 * independent check of their descriptions (the library sets hands by the
 * descriptions, paigow_way.c). They read the hand's groups (pairs, trips,
 * quads; the joker is always an ace there, and makes a straight or flush only
 * in the straight or flush rule), pick the rule that applies in priority
 * order, and name the two front cards.
 * Where cards of one rank could go either way, the one that keeps the better
 * back stays behind (only a split of aces can keep a flush), else the lowest
 * codes go in front: a hand always sets the same way, whatever its suits.
 * Hands are compared only through the evaluator (pr_eval_key,
 * pr_partial_key); the pattern tests here (is there a straight or flush, a
 * seven-card run, trips beside a straight) answer what the evaluator's
 * best-five value does not say.
 */
#include "paigow_hand.h"

#include <stdlib.h>
#include <string.h>

uint32_t *pg_front_keys[PR_NVARIANTS];
uint8_t pg_straights[8192];
static int straights_ready;

int pg_prepare(const pr_tables *t) {
    if (!straights_ready) {
        for (uint32_t m = 0; m < 8192; m++) {
            uint32_t ext = (m << 1) | ((m >> RANK_ACE) & 1u); /* bit 0: the ace played low */
            uint8_t flags = 0;
            for (int lo = 0; lo <= 9; lo++) {
                int c = count_bits((ext >> lo) & 31u);
                if (c == 5) flags |= 1;
                if (c >= 4) flags |= 2;
            }
            pg_straights[m] = flags;
        }
        straights_ready = 1;
    }
    if (!pg_front_keys[t->variant]) {
        uint32_t *keys = malloc(PR_NCODES * PR_NCODES * sizeof(uint32_t));
        if (!keys) return -1;
        for (int a = 0; a < PR_NCODES; a++)
            for (int b = 0; b < PR_NCODES; b++) {
                uint8_t two[2] = {(uint8_t)a, (uint8_t)b};
                keys[a * PR_NCODES + b] = pr_partial_key(t, two, 2);
            }
        pg_front_keys[t->variant] = keys;
    }
    return 0;
}


/* Rule 5: among the settings that keep a straight or flush (or straight flush)
 * behind, the best front, then the best back, then the lowest front codes. */
static front_t straight_or_flush_front(const hand_info *in) {
    front_t best = pick(-1, -1);
    uint32_t best_front = 0;
    if (front_straight_or_flush(in, &best)) best_front = front_key(in, best.a, best.b);
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

/* Bally's Atlantic City's classes of a pair: 0 low (2-6), 1 medium (7-10),
 * 2 high (J-K), 3 aces. */
static int ballys_pair_class(int r) {
    return r < RANK_SEVEN ? 0 : r <= RANK_TEN ? 1 : r < RANK_ACE ? 2 : 3;
}

/* Rule 7: two pairs, by the Foxwoods rule or by Bally's Atlantic City's. */
static front_t two_pairs_front(const hand_info *in, int way) {
    uint32_t pairs = in->by_count[2];
    int high = top(pairs), low = top(pairs & ~(1u << high));
    int top_rank = top(in->by_count[1]);
    int keep;
    if (way == PG_WAY_FOXWOODS_BALLYS_TWO_PAIRS) {
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
    } else if (by[4]) {
        r = 2; /* four of a kind */
        int q = top(by[4]);
        uint32_t other = by[3] | by[2];
        if (other) front = two_of(&in, top(other));
        else if (q == RANK_ACE) front = split_aces(&in);
        else if (q >= RANK_JACK) front = two_of(&in, q);
        else if (q >= RANK_SEVEN)
            front = top(by[1]) >= RANK_KING ? two_singles(&in) : two_of(&in, q);
        else front = two_singles(&in);
    } else if (count_bits(by[3]) == 2) {
        r = 3; /* two trips */
        front = two_of(&in, top(by[3]));
    } else if (by[3] && by[2]) {
        r = 4; /* full house */
        front = two_of(&in, top(by[2]));
    } else if (in.any_sf && count_bits(by[2]) <= 1) { /* at most one pair or one trips */
        r = 5; /* straight or flush */
        front = straight_or_flush_front(&in);
    } else if (count_bits(by[2]) == 3) {
        r = 6; /* three pairs */
        front = two_of(&in, top(by[2]));
    } else if (count_bits(by[2]) == 2) {
        r = 7; /* two pairs */
        front = two_pairs_front(&in, way);
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

int pg_is_foul(const pr_tables *t, const uint8_t high[5], const uint8_t low[2]) {
    return pr_partial_key(t, low, 2) > pr_partial_key(t, high, 5);
}

void pg_foul_batch(const pr_tables *t, const uint8_t *rows, int64_t n, uint8_t *out) {
    for (int64_t i = 0; i < n; i++) out[i] = (uint8_t)pg_is_foul(t, rows + 7 * i, rows + 7 * i + 5);
}

int64_t pg_check_rows(const pr_tables *t, const uint8_t *rows, int64_t n, int k, int *why) {
    for (int64_t i = 0; i < n; i++)
        if (pr_check_codes(t, rows + i * k, k, why) >= 0) return i;
    return -1;
}

/* ------------------------------------------------------------ Fortune bonus */

/* 2: the seven cards are a straight flush without the joker; 1: with it; else 0. */
static int seven_card_straight_flush(const uint8_t hand[7]) {
    int joker = 0, suit = -1;
    uint32_t m = 0;
    for (int i = 0; i < 7; i++) {
        int c = hand[i];
        if (c == PR_JOKER) {
            joker = 1;
            continue;
        }
        if (suit < 0) suit = c & 3;
        else if ((c & 3) != suit) return 0;
        m |= 1u << (c >> 2);
    }
    uint32_t ext = (m << 1) | ((m >> RANK_ACE) & 1u); /* bit 0: the ace played low */
    for (int lo = 0; lo <= 7; lo++) {
        int c = count_bits((ext >> lo) & 0x7Fu);
        if (c == 7) return 2;
        if (joker && c == 6) return 1;
    }
    return 0;
}

static int is_royal(const pr_tables *t, uint16_t v) {
    return t->class_cat[v] == PR_STRAIGHT_FLUSH && ((t->class_key[v] >> 16) & 0xFF) == 24;
}

/* A royal flush (joker allowed) and, beside it, a natural king and queen of one suit. */
static int royal_match(const pr_tables *t, const uint8_t hand[7]) {
    for (int s = 0; s < 4; s++) {
        int king = -1, queen = -1;
        for (int i = 0; i < 7; i++) {
            if (hand[i] == RANK_KING * 4 + s) king = i;
            if (hand[i] == (RANK_KING - 1) * 4 + s) queen = i;
        }
        if (king < 0 || queen < 0) continue;
        uint8_t rest[5];
        int n = 0;
        for (int i = 0; i < 7; i++)
            if (i != king && i != queen) rest[n++] = hand[i];
        if (is_royal(t, pr_eval_codes(t, rest, 5))) return 1;
    }
    return 0;
}

/* Three cards of a rank, the joker counted as an ace. */
static int has_three_of_a_kind(const uint8_t hand[7]) {
    int count[13] = {0};
    for (int i = 0; i < 7; i++) {
        int r = hand[i] == PR_JOKER ? RANK_ACE : hand[i] >> 2;
        if (++count[r] >= 3) return 1;
    }
    return 0;
}

static int fortune_of_value(const pr_tables *t, uint16_t v, const uint8_t hand[7]) {
    switch (t->class_cat[v]) {
    case PR_FIVE_ACES: return PG_FORTUNE_FIVE_ACES;
    case PR_STRAIGHT_FLUSH: {
        int seven = seven_card_straight_flush(hand);
        if (seven == 2) return PG_FORTUNE_SEVEN_CARD_SF;
        int royal = is_royal(t, v);
        if (royal && royal_match(t, hand)) return PG_FORTUNE_ROYAL_MATCH;
        if (seven == 1) return PG_FORTUNE_SEVEN_CARD_SF_JOKER;
        return royal ? PG_FORTUNE_ROYAL_FLUSH : PG_FORTUNE_STRAIGHT_FLUSH;
    }
    case PR_FOUR_OF_A_KIND: return PG_FORTUNE_FOUR_OF_A_KIND;
    case PR_FULL_HOUSE: return PG_FORTUNE_FULL_HOUSE;
    case PR_FLUSH: return PG_FORTUNE_FLUSH;
    case PR_STRAIGHT: /* trips beside a straight pay the trips line */
        return has_three_of_a_kind(hand) ? PG_FORTUNE_THREE_OF_A_KIND : PG_FORTUNE_STRAIGHT;
    case PR_THREE_OF_A_KIND: return PG_FORTUNE_THREE_OF_A_KIND;
    default: return PG_FORTUNE_NOTHING;
    }
}

int pg_fortune_line(const pr_tables *t, const uint8_t hand[7]) {
    return fortune_of_value(t, pr_eval_codes(t, hand, 7), hand);
}

void pg_fortune_batch(const pr_tables *t, const uint8_t *hands, int64_t n, uint8_t *out) {
    for (int64_t i = 0; i < n; i++) out[i] = (uint8_t)pg_fortune_line(t, hands + 7 * i);
}

void pg_fortune_enumerate(const pr_tables *t, uint64_t *counts) {
    uint8_t h[7];
    uint64_t k0, k1, k2, k3, k4, k5;
    const uint64_t *key = pr_card_key;
    memset(counts, 0, PG_FORTUNE_NLINES * sizeof(uint64_t));
    for (int a = 0; a < PR_NCODES; a++) {
        h[0] = (uint8_t)a;
        k0 = PR_KEY_START + key[a];
        for (int b = a + 1; b < PR_NCODES; b++) {
            h[1] = (uint8_t)b;
            k1 = k0 + key[b];
            for (int c = b + 1; c < PR_NCODES; c++) {
                h[2] = (uint8_t)c;
                k2 = k1 + key[c];
                for (int d = c + 1; d < PR_NCODES; d++) {
                    h[3] = (uint8_t)d;
                    k3 = k2 + key[d];
                    for (int e = d + 1; e < PR_NCODES; e++) {
                        h[4] = (uint8_t)e;
                        k4 = k3 + key[e];
                        for (int f = e + 1; f < PR_NCODES; f++) {
                            h[5] = (uint8_t)f;
                            k5 = k4 + key[f];
                            for (int g = f + 1; g < PR_NCODES; g++) {
                                h[6] = (uint8_t)g;
                                uint16_t v = pr_eval_key(t, k5 + key[g], h, 7);
                                counts[fortune_of_value(t, v, h)]++;
                            }
                        }
                    }
                }
            }
        }
    }
}
