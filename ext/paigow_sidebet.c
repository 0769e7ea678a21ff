/* The side bets' enumerations: see paigow_sidebet.h. */
#include <string.h>

#include "paigow_hand.h"
#include "paigow_sidebet.h"

static int royal_value(const pr_tables *t, uint16_t v) {
    return t->class_cat[v] == PR_STRAIGHT_FLUSH && ((t->class_key[v] >> 16) & 0xFF) == 24;
}

/* Pairs among the seven, the joker counted as an ace. */
static int pairs(const uint8_t hand[7]) {
    int count[13] = {0}, n = 0;
    for (int i = 0; i < 7; i++) count[hand[i] == PR_JOKER ? RANK_ACE : hand[i] >> 2]++;
    for (int r = 0; r < 13; r++) n += count[r] == 2;
    return n;
}

static int cell_of_value(const pr_tables *t, uint16_t v, const uint8_t hand[7]) {
    int cat = t->class_cat[v], line = PG_FORTUNE_NOTHING, pai_gow = 0, royal = 0, three = 0;
    if (cat >= PR_STRAIGHT || cat == PR_THREE_OF_A_KIND) {
        line = pg_fortune_line(t, hand);
        royal = royal_value(t, v);
    } else if (cat == PR_TWO_PAIR) {
        three = pairs(hand) == 3;
    } else if (cat == PR_HIGH_CARD) {
        uint32_t m = 0;
        int joker = 0;
        for (int i = 0; i < 7; i++) {
            if (hand[i] == PR_JOKER) joker = 1;
            else m |= 1u << (hand[i] >> 2);
        }
        pai_gow = 1 + (joker ? RANK_ACE : top(m));
    }
    return ((line * PG_SB_NTOPS + pai_gow) * 2 + royal) * 2 + three;
}

int pg_sb_seven_cell(const pr_tables *t, const uint8_t hand[7]) {
    return cell_of_value(t, pr_eval_codes(t, hand, 7), hand);
}

int pg_sb_low_cell(const uint8_t low[2]) {
    int a = low[0] == PR_JOKER ? RANK_ACE : low[0] >> 2;
    int b = low[1] == PR_JOKER ? RANK_ACE : low[1] >> 2;
    return (a > b ? a : b) * 2 + (a == b);
}

/* Every hand whose lowest code is in first .. last - 1, each passed to visit with its
 * value; keys summed as the loops go. */
#define EACH_HAND(first, last, visit)                                                 \
    do {                                                                              \
        uint8_t h[7];                                                                 \
        const uint64_t *key = pr_card_key;                                            \
        for (int a = (first); a < (last); a++) {                                      \
            h[0] = (uint8_t)a;                                                        \
            uint64_t k0 = PR_KEY_START + key[a];                                      \
            for (int b = a + 1; b < PR_NCODES; b++) {                                 \
                h[1] = (uint8_t)b;                                                    \
                uint64_t k1 = k0 + key[b];                                            \
                for (int c = b + 1; c < PR_NCODES; c++) {                             \
                    h[2] = (uint8_t)c;                                                \
                    uint64_t k2 = k1 + key[c];                                        \
                    for (int d = c + 1; d < PR_NCODES; d++) {                         \
                        h[3] = (uint8_t)d;                                            \
                        uint64_t k3 = k2 + key[d];                                    \
                        for (int e = d + 1; e < PR_NCODES; e++) {                     \
                            h[4] = (uint8_t)e;                                        \
                            uint64_t k4 = k3 + key[e];                                \
                            for (int f = e + 1; f < PR_NCODES; f++) {                 \
                                h[5] = (uint8_t)f;                                    \
                                uint64_t k5 = k4 + key[f];                            \
                                for (int g = f + 1; g < PR_NCODES; g++) {             \
                                    h[6] = (uint8_t)g;                                \
                                    uint16_t v = pr_eval_key(t, k5 + key[g], h, 7);   \
                                    visit;                                            \
                                }                                                     \
                            }                                                         \
                        }                                                             \
                    }                                                                 \
                }                                                                     \
            }                                                                         \
        }                                                                             \
    } while (0)

void pg_sb_seven_enumerate(const pr_tables *t, int first, int last, uint64_t *counts) {
    EACH_HAND(first, last, counts[cell_of_value(t, v, h)]++);
}

void pg_sb_banker_enumerate(const pr_tables *t, const pg_way *w, int first, int last,
                            uint64_t *counts) {
    uint8_t high[5], low[2];
    EACH_HAND(first, last, {
        pg_way_setting(t, w, h, high, low);
        counts[cell_of_value(t, v, h) * PG_SB_NLOW + pg_sb_low_cell(low)]++;
    });
}
