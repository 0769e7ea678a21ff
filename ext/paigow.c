/* Pai Gow Poker kernels: the tables the house ways read (paigow_way.c runs the
 * ways, as descriptions), fouls and the Fortune bonus.
 * Hands are compared only through the evaluator (pr_eval_key, pr_partial_key);
 * the pattern tests here (a seven-card run, trips beside a straight) answer what
 * the evaluator's best-five value does not say.
 */
#include "paigow_hand.h"

#include <stdlib.h>
#include <string.h>

uint32_t *pg_front_keys[PR_NVARIANTS];
uint8_t pg_straights[8192];
int8_t pg_lowest_straight[8192][2];
int8_t pg_mask_ranks[8192][5];
uint8_t pg_mask_count[8192];
static int straights_ready;

int pg_prepare(const pr_tables *t) {
    if (!straights_ready) {
        for (uint32_t m = 0; m < 8192; m++) {
            uint32_t ext = (m << 1) | ((m >> RANK_ACE) & 1u); /* bit 0: the ace played low */
            uint8_t flags = 0;
            pg_lowest_straight[m][0] = pg_lowest_straight[m][1] = -1;
            for (int lo = 9; lo >= 0; lo--) { /* ranks lo - 1 .. lo + 3, the top lo + 3 */
                int c = count_bits((ext >> lo) & 31u);
                if (c == 5) flags |= 1, pg_lowest_straight[m][0] = (int8_t)(lo + 3);
                if (c >= 4) flags |= 2, pg_lowest_straight[m][1] = (int8_t)(lo + 3);
            }
            pg_straights[m] = flags;
            int n = 0;
            for (int r = 12; r >= 0; r--)
                if ((m >> r) & 1u) {
                    if (n < 5) pg_mask_ranks[m][n] = (int8_t)r;
                    n++;
                }
            for (int k = n; k < 5; k++) pg_mask_ranks[m][k] = -1;
            pg_mask_count[m] = (uint8_t)n;
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

/* ------------------------------------------------------------- banker push */

const char *const pg_push_names[PG_NPUSHES] = {"", "queen_high_pai_gow", "nine_high_low",
                                               "ace_high_pai_gow"};

/* The highest rank of seven cards that the evaluator calls high card (no pair,
 * straight or flush, the joker's uses included), the joker an ace; else -1. */
static int pai_gow_top(const pr_tables *t, const uint8_t high[5], const uint8_t low[2]) {
    uint8_t seven[7];
    memcpy(seven, high, 5);
    memcpy(seven + 5, low, 2);
    if (t->class_cat[pr_eval_codes(t, seven, 7)] != PR_HIGH_CARD) return -1;
    int top_rank = 0;
    for (int i = 0; i < 7; i++) {
        int r = seven[i] == PR_JOKER ? RANK_ACE : seven[i] >> 2;
        if (r > top_rank) top_rank = r;
    }
    return top_rank;
}

int pg_banker_pushes(const pr_tables *t, int push, const uint8_t high[5], const uint8_t low[2]) {
    switch (push) {
    case PG_PUSH_QUEEN_HIGH_PAI_GOW: return pai_gow_top(t, high, low) == RANK_QUEEN;
    case PG_PUSH_ACE_HIGH_PAI_GOW: return pai_gow_top(t, high, low) == RANK_ACE;
    case PG_PUSH_NINE_HIGH_LOW: {
        if (low[0] == PR_JOKER || low[1] == PR_JOKER) return 0;
        int a = low[0] >> 2, b = low[1] >> 2;
        return a != b && (a > b ? a : b) == RANK_NINE;
    }
    default: return 0;
    }
}

void pg_push_batch(const pr_tables *t, int push, const uint8_t *rows, int64_t n, uint8_t *out) {
    for (int64_t i = 0; i < n; i++)
        out[i] = (uint8_t)pg_banker_pushes(t, push, rows + 7 * i, rows + 7 * i + 5);
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
