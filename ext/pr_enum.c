/* Enumeration of every hand of a deck, and keys of partial hands. */
#include "pr_internal.h"

#include <stdlib.h>
#include <string.h>

/* ----------------------------------------------------------- enumeration */

/* Every k-card hand of the deck, counted by rank multiset rather than one by
 * one: a multiset with c_r cards of rank r stands for prod C(4, c_r) hands
 * (C(3, c_r) among the three suits beside a flush suit), all of one plain
 * value, read with the same two loads as a hand (rank key -> slot -> value).
 * The hands that take the flush path (five or more of a suit, or four and the
 * joker; at most one suit can) are then walked as a flush suit's rank mask
 * beside the multisets of the other cards, each moving its count from its
 * plain value to the value pr_eval_key gives it.  So every hand is counted
 * exactly as the evaluator ranks it, in some 10^5 steps instead of 10^8. */
typedef struct {
    const pr_tables *t;
    uint64_t *counts;
    int lo, most;      /* ranks lo..12; at most ``most`` cards a rank */
    uint32_t mask;     /* the flush suit's rank mask (0: plain pass) */
    uint32_t mask_key; /* its rank key, joker included */
    int joker;         /* the joker beside the flush suit */
} enum_t;

static const uint8_t choose[5][5] = {{1}, {1, 1}, {1, 2, 1}, {1, 3, 3, 1}, {1, 4, 6, 4, 1}};

static void enum_multisets(const enum_t *e, int r, int left, uint32_t rkey, uint64_t ways) {
    if (left == 0) {
        const pr_tables *t = e->t;
        rkey += e->mask_key;
        uint16_t v = pr_plain_value(t, rkey);
        if (!e->mask) {
            e->counts[v] += ways;
        } else {
            e->counts[v] -= ways;
            e->counts[pr_flush_value(t, v, e->mask, e->joker)] += ways;
        }
        return;
    }
    if (r > 12) return;
    for (int c = 0; c <= e->most && c <= left; c++)
        enum_multisets(e, r + 1, left - c, rkey + (uint32_t)c * pr_rank_weight[r],
                       ways * choose[e->most][c]);
}

int pr_enumerate(const pr_tables *t, int k, uint64_t *counts) {
    if (k < 5 || k > 7) return 0;
    int joker = (t->deck_mask >> PR_JOKER) & 1;
    int lo = (t->deck_mask & 1) ? 0 : 5; /* the piquet deck starts at the sevens */
    enum_t e = {t, counts, lo, 4, 0, 0, 0};
    /* every hand at its plain value */
    for (int j = 0; j <= joker; j++) {
        e.mask_key = j ? PR_JOKER_RKEY : 0;
        enum_multisets(&e, lo, k - j, 0, 1);
    }
    /* the flush path: a suit's rank mask of at least five cards (four with the
     * joker) and the other cards from the three other suits; the same for each
     * of the four suits */
    e.most = 3;
    for (int j = 0; j <= joker; j++) {
        e.joker = j;
        for (uint32_t m = 0; m < 8192; m++) {
            if (m & ((1u << lo) - 1)) continue;
            int bits = pr_popcount32(m);
            if (bits < 5 - j || bits > k - j) continue;
            e.mask = m;
            e.mask_key = j ? PR_JOKER_RKEY : 0;
            for (int r = 0; r < 13; r++)
                if (m & (1u << r)) e.mask_key += pr_rank_weight[r];
            enum_multisets(&e, lo, k - j - bits, 0, 4);
        }
    }
    return 0;
}

uint32_t pr_partial_key(const pr_tables *t, const uint8_t *codes, int n) {
    if (n == 5) return t->class_key[pr_eval_codes(t, codes, 5)];
    order_t o;
    o.variant = t->variant;
    memcpy(o.cat_pos, t->cat_pos, sizeof o.cat_pos);
    int c[13] = {0};
    for (int i = 0; i < n; i++) c[codes[i] == PR_JOKER ? 12 : codes[i] >> 2]++;
    return pr_group_key(&o, c);
}

int pr_key_category(const pr_tables *t, uint32_t skey) {
    return t->pos_cat[(skey >> 24) % PR_NCATEGORIES];
}
