/* Table building, batch evaluation and enumeration for the pokerrules core.
 *
 * Tables are built on first use of a rules variant, from first principles:
 * the best hand of every rank multiset and every flush rank mask is worked out
 * as a "structured key", the distinct keys are sorted, and each table entry
 * stores the index of its key in that order (the dense value).
 *
 * Structured key: category position (in the rules' order) << 24, then up to
 * five tie-break digits of 4 bits from bit 16 down; a digit is rank + 1 (0 is
 * "no card", so a hand that runs out of kickers loses the tie).  A straight's
 * first digit (8 bits) is its strength instead: top rank * 2, the wheel 1 (or
 * 23, just under the ace-high straight's 24, when it ranks second highest).
 */
#include "pr_eval.h"

#include <stdlib.h>
#include <string.h>

const uint64_t pr_card_key[PR_NCODES] = {
#define P0 1ull
#define P1 5ull
#define P2 25ull
#define P3 125ull
#define P4 625ull
#define P5 3125ull
#define P6 15625ull
#define P7 78125ull
#define P8 390625ull
#define P9 1953125ull
#define P10 9765625ull
#define P11 48828125ull
#define P12 244140625ull
#define S(s) (1ull << (32 + 4 * (s)))
#define ROW(p) p + S(0), p + S(1), p + S(2), p + S(3)
    ROW(P0), ROW(P1), ROW(P2), ROW(P3), ROW(P4), ROW(P5), ROW(P6),
    ROW(P7), ROW(P8), ROW(P9), ROW(P10), ROW(P11), ROW(P12),
    PR_JOKER_RKEY + S(0) + S(1) + S(2) + S(3)
#undef ROW
#undef S
};

static const uint32_t POW5[14] = {
    1u, 5u, 25u, 125u, 625u, 3125u, 15625u, 78125u, 390625u, 1953125u,
    9765625u, 48828125u, 244140625u, 1220703125u};

static uint64_t table_bytes = 0;

static void *counted_calloc(size_t n, size_t size) {
    void *p = calloc(n, size);
    if (p) table_bytes += (uint64_t)n * size;
    return p;
}

uint64_t pr_table_bytes(void) { return table_bytes; }

/* ---------------------------------------------------------------- keys */

typedef struct {
    uint8_t cat_pos[PR_NCATEGORIES];
    int variant;
} order_t;

static int straight_strength(uint32_t m, int variant) {
    int best = 0;
    for (int top = 12; top >= 4 && !best; top--)
        if (((m >> (top - 4)) & 31u) == 31u) best = 2 * top;
    int low = 0;
    if ((variant & PR_DECK_MASK) == PR_DECK_PIQUET) {
        if ((variant & PR_ACE_LOW) && (m & 0x11E0u) == 0x11E0u) low = 1; /* A 7 8 9 T */
    } else if ((m & 0x100Fu) == 0x100Fu) {
        low = (variant & PR_WHEEL_SECOND) ? 23 : 1;
    }
    return low > best ? low : best;
}

static uint32_t make_key(const order_t *o, int cat, const int *digits, int nd) {
    uint32_t k = (uint32_t)o->cat_pos[cat] << 24;
    for (int i = 0; i < nd && i < 5; i++) k |= (uint32_t)digits[i] << (16 - 4 * i);
    return k;
}

/* Best hand by pairs alone from rank counts (an ace count of 5 is five aces). */
static uint32_t group_key(const order_t *o, const int *c) {
    if (c[12] >= 5) {
        int d = 13;
        return make_key(o, PR_FIVE_ACES, &d, 1);
    }
    int quads[2], nq = 0, trips[3], nt = 0, pairs[4], np = 0, singles[8], ns = 0;
    for (int r = 12; r >= 0; r--) {
        switch (c[r]) {
        case 4: quads[nq++] = r; break;
        case 3: trips[nt++] = r; break;
        case 2: pairs[np++] = r; break;
        case 1: singles[ns++] = r; break;
        default: break;
        }
    }
    int d[5], nd = 0;
    if (nq) {
        d[nd++] = quads[0] + 1;
        for (int r = 12; r >= 0; r--)
            if (r != quads[0] && c[r] > 0) { d[nd++] = r + 1; break; }
        return make_key(o, PR_FOUR_OF_A_KIND, d, nd);
    }
    if (nt && (nt > 1 || np)) {
        int p = -1;
        if (nt > 1) p = trips[1];
        if (np && pairs[0] > p) p = pairs[0];
        d[0] = trips[0] + 1;
        d[1] = p + 1;
        return make_key(o, PR_FULL_HOUSE, d, 2);
    }
    if (nt) {
        d[nd++] = trips[0] + 1;
        for (int i = 0; i < ns && nd < 3; i++) d[nd++] = singles[i] + 1;
        return make_key(o, PR_THREE_OF_A_KIND, d, nd);
    }
    if (np >= 2) {
        d[nd++] = pairs[0] + 1;
        d[nd++] = pairs[1] + 1;
        int kick = -1;
        if (np > 2) kick = pairs[2];
        if (ns && singles[0] > kick) kick = singles[0];
        if (kick >= 0) d[nd++] = kick + 1;
        return make_key(o, PR_TWO_PAIR, d, nd);
    }
    if (np) {
        d[nd++] = pairs[0] + 1;
        for (int i = 0; i < ns && nd < 4; i++) d[nd++] = singles[i] + 1;
        return make_key(o, PR_ONE_PAIR, d, nd);
    }
    for (int i = 0; i < ns && nd < 5; i++) d[nd++] = singles[i] + 1;
    return make_key(o, PR_HIGH_CARD, d, nd);
}

static uint32_t rank_mask(const int *c) {
    uint32_t m = 0;
    for (int r = 0; r < 13; r++)
        if (c[r]) m |= 1u << r;
    return m;
}

static uint32_t straight_key(const order_t *o, uint32_t m, int cat) {
    int s = straight_strength(m, o->variant);
    if (!s) return 0;
    return ((uint32_t)o->cat_pos[cat] << 24) | ((uint32_t)s << 16);
}

static uint32_t max_u32(uint32_t a, uint32_t b) { return a > b ? a : b; }

/* Best non-flush hand of five or more real cards. */
static uint32_t plain_key(const order_t *o, const int *c) {
    return max_u32(group_key(o, c), straight_key(o, rank_mask(c), PR_STRAIGHT));
}

/* Best non-flush hand of real cards plus the joker (an ace, or any rank in a straight). */
static uint32_t joker_plain_key(const order_t *o, const int *c) {
    int cc[13];
    memcpy(cc, c, sizeof cc);
    cc[12]++;
    uint32_t best = plain_key(o, cc);
    uint32_t m = rank_mask(c);
    for (int r = 0; r < 12; r++)
        best = max_u32(best, straight_key(o, m | (1u << r), PR_STRAIGHT));
    return best;
}

static uint32_t flush_key(const order_t *o, uint32_t m) {
    uint32_t sf = straight_key(o, m, PR_STRAIGHT_FLUSH);
    if (sf) return sf;
    int d[5], nd = 0;
    for (int r = 12; r >= 0 && nd < 5; r--)
        if (m & (1u << r)) d[nd++] = r + 1;
    return make_key(o, PR_FLUSH, d, nd);
}

static uint32_t joker_flush_key(const order_t *o, uint32_t m) {
    uint32_t best = 0;
    for (int r = 0; r < 13; r++)
        if (!(m & (1u << r))) best = max_u32(best, flush_key(o, m | (1u << r)));
    return best;
}

/* --------------------------------------------------------- perfect hash */

typedef struct {
    int lo_rank, nranks, min_size, max_size;
    uint32_t *keys;
    int (*counts)[13];
    int n, cap;
} keyset_t;

static void enumerate_multisets(keyset_t *ks, int r, int size, uint32_t key, int *c) {
    if (r == ks->lo_rank + ks->nranks) {
        if (size >= ks->min_size) {
            ks->keys[ks->n] = key;
            memcpy(ks->counts[ks->n], c, 13 * sizeof(int));
            ks->n++;
        }
        return;
    }
    for (int k = 0; k <= 4 && size + k <= ks->max_size; k++) {
        c[r] = k;
        enumerate_multisets(ks, r + 1, size + k, key + (uint32_t)k * POW5[r], c);
    }
    c[r] = 0;
}

static int build_keyset(keyset_t *ks, int lo_rank, int nranks, int min_size, int max_size) {
    ks->lo_rank = lo_rank;
    ks->nranks = nranks;
    ks->min_size = min_size;
    ks->max_size = max_size;
    ks->cap = 110000;
    ks->n = 0;
    ks->keys = malloc(ks->cap * sizeof(uint32_t));
    ks->counts = malloc(ks->cap * sizeof(*ks->counts));
    if (!ks->keys || !ks->counts) {
        free(ks->keys);
        free(ks->counts);
        return -1;
    }
    int c[13] = {0};
    enumerate_multisets(ks, lo_rank, 0, 0, c);
    return 0;
}

static void free_keyset(keyset_t *ks) {
    free(ks->keys);
    free(ks->counts);
}

static int build_phash(pr_phash *ph, const uint32_t *keys, int n) {
    for (uint32_t extra = 8; extra >= 2; extra /= 2) {
        ph->nbuckets = (uint32_t)n / 4 + 1;
        ph->nslots = (uint32_t)n + (uint32_t)n / extra + 1;
        uint32_t nb = ph->nbuckets, ns = ph->nslots;
        uint32_t *bucket_of = malloc(n * sizeof(uint32_t));
        uint32_t *low = malloc(n * sizeof(uint32_t));
        uint32_t *start = calloc(nb + 2, sizeof(uint32_t));
        uint32_t *members = malloc(n * sizeof(uint32_t));
        uint32_t *order = malloc(nb * sizeof(uint32_t));
        uint8_t *used = calloc(ns, 1);
        ph->disp = counted_calloc(nb, sizeof(uint16_t));
        int ok = bucket_of && low && start && members && order && used && ph->disp;
        if (ok) {
            for (int i = 0; i < n; i++) {
                uint64_t h = (uint64_t)keys[i] * 0x9E3779B97F4A7C15ull;
                h ^= h >> 29;
                bucket_of[i] = pr_fastrange((uint32_t)(h >> 32), nb);
                low[i] = (uint32_t)h;
                start[bucket_of[i] + 2]++;
            }
            for (uint32_t b = 0; b < nb; b++) start[b + 2] += start[b + 1];
            for (int i = 0; i < n; i++) members[start[bucket_of[i] + 1]++] = (uint32_t)i;
            /* now bucket b holds members[start[b] .. start[b + 1]) */
            int maxsize = 0;
            for (uint32_t b = 0; b < nb; b++) {
                int s = (int)(start[b + 1] - start[b]);
                if (s > maxsize) maxsize = s;
            }
            uint32_t no = 0;
            for (int s = maxsize; s >= 1; s--)
                for (uint32_t b = 0; b < nb; b++)
                    if ((int)(start[b + 1] - start[b]) == s) order[no++] = b;
            uint32_t slots[64];
            for (uint32_t oi = 0; oi < no && ok; oi++) {
                uint32_t b = order[oi];
                int s = (int)(start[b + 1] - start[b]);
                if (s > 64) { ok = 0; break; }
                int placed = 0;
                for (uint32_t d = 0; d < 65536 && !placed; d++) {
                    int good = 1;
                    for (int j = 0; j < s && good; j++) {
                        uint32_t sl = pr_fastrange(low[members[start[b] + j]] ^ (d * 0x85EBCA6Bu), ns);
                        if (used[sl]) good = 0;
                        for (int q = 0; q < j && good; q++)
                            if (slots[q] == sl) good = 0;
                        slots[j] = sl;
                    }
                    if (good) {
                        for (int j = 0; j < s; j++) used[slots[j]] = 1;
                        ph->disp[b] = (uint16_t)d;
                        placed = 1;
                    }
                }
                if (!placed) ok = 0;
            }
        }
        free(bucket_of);
        free(low);
        free(start);
        free(members);
        free(order);
        free(used);
        if (ok) return 0;
        if (ph->disp) {
            free(ph->disp);
            table_bytes -= (uint64_t)ph->nbuckets * sizeof(uint16_t);
            ph->disp = NULL;
        }
    }
    return -1;
}

/* The three key sets: 13 ranks with 5..7 cards, 13 ranks with 4..6 cards
 * (beside the joker), the 8 piquet ranks with 5..7 cards. */
enum { KS_STANDARD, KS_JOKER, KS_PIQUET, KS_COUNT };
static keyset_t keysets[KS_COUNT];
static pr_phash phashes[KS_COUNT];
static int keyset_ready[KS_COUNT];

static const keyset_t *get_keyset(int which) {
    if (keyset_ready[which]) return &keysets[which];
    static const int spec[KS_COUNT][4] = {{0, 13, 5, 7}, {0, 13, 4, 6}, {5, 8, 5, 7}};
    keyset_t *ks = &keysets[which];
    if (build_keyset(ks, spec[which][0], spec[which][1], spec[which][2], spec[which][3]) < 0)
        return NULL;
    if (build_phash(&phashes[which], ks->keys, ks->n) < 0) {
        free_keyset(ks);
        return NULL;
    }
    keyset_ready[which] = 1;
    return ks;
}

/* --------------------------------------------------------------- tables */

static pr_tables *tables[PR_NVARIANTS];

static int cmp_u32(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static uint16_t dense(const uint32_t *classes, int n, uint32_t k) {
    int lo = 0, hi = n - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (classes[mid] == k) return (uint16_t)(mid + 1);
        if (classes[mid] < k) lo = mid + 1;
        else hi = mid - 1;
    }
    return 0;
}


static pr_tables *build_tables(int variant) {
    int deck = variant & PR_DECK_MASK;
    int joker = deck == PR_DECK_PAIGOW;
    int piquet = deck == PR_DECK_PIQUET;
    order_t o;
    o.variant = variant;
    static const int default_order[PR_NCATEGORIES] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    for (int i = 0; i < PR_NCATEGORIES; i++) o.cat_pos[i] = (uint8_t)default_order[i];
    if (variant & PR_FLUSH_OVER_FULL) {
        o.cat_pos[PR_FLUSH] = 6;
        o.cat_pos[PR_FULL_HOUSE] = 5;
    }
    const keyset_t *ks = get_keyset(piquet ? KS_PIQUET : KS_STANDARD);
    const keyset_t *ksj = joker ? get_keyset(KS_JOKER) : NULL;
    if (!ks || (joker && !ksj)) return NULL;
    const pr_phash *ph = &phashes[piquet ? KS_PIQUET : KS_STANDARD];
    const pr_phash *phj = joker ? &phashes[KS_JOKER] : NULL;

    pr_tables *t = counted_calloc(1, sizeof(pr_tables));
    if (!t) return NULL;
    t->variant = variant;
    t->ph = ph;
    t->phj = phj;
    memcpy(t->cat_pos, o.cat_pos, sizeof o.cat_pos);
    for (int i = 0; i < PR_NCATEGORIES; i++) t->pos_cat[o.cat_pos[i]] = (uint8_t)i;
    for (int c = 0; c < 52; c++)
        if (!piquet || (c >> 2) >= 5) t->deck_mask |= 1ull << c;
    if (joker) t->deck_mask |= 1ull << PR_JOKER;

    /* structured keys, per slot and per mask, before densifying */
    uint32_t *skv = calloc(ph->nslots, sizeof(uint32_t));
    uint32_t *skj = joker ? calloc(phj->nslots, sizeof(uint32_t)) : NULL;
    uint32_t *skf = calloc(8192, sizeof(uint32_t));
    uint32_t *skjf = joker ? calloc(8192, sizeof(uint32_t)) : NULL;
    uint32_t *all = malloc((ph->nslots + (joker ? phj->nslots : 0) + 2 * 8192) * sizeof(uint32_t));
    t->vals = counted_calloc(ph->nslots, sizeof(uint16_t));
    t->flush = counted_calloc(8192, sizeof(uint16_t));
    if (joker) {
        t->jvals = counted_calloc(phj->nslots, sizeof(uint16_t));
        t->jflush = counted_calloc(8192, sizeof(uint16_t));
    }
    if (!skv || !skf || !all || !t->vals || !t->flush ||
        (joker && (!skj || !skjf || !t->jvals || !t->jflush))) {
        free(skv); free(skj); free(skf); free(skjf); free(all);
        return NULL; /* the little already counted stays allocated: out of memory anyway */
    }
    int nall = 0;
    for (int i = 0; i < ks->n; i++) {
        uint32_t k = plain_key(&o, ks->counts[i]);
        skv[pr_slot(ph, ks->keys[i])] = k;
        all[nall++] = k;
    }
    if (joker)
        for (int i = 0; i < ksj->n; i++) {
            uint32_t k = joker_plain_key(&o, ksj->counts[i]);
            skj[pr_slot(phj, ksj->keys[i])] = k;
            all[nall++] = k;
        }
    for (uint32_t m = 0; m < 8192; m++) {
        if (piquet && (m & 31u)) continue;
        int bits = pr_popcount32(m);
        if (bits >= 5 && bits <= 7) all[nall++] = skf[m] = flush_key(&o, m);
        if (joker && bits >= 4 && bits <= 6) all[nall++] = skjf[m] = joker_flush_key(&o, m);
    }
    qsort(all, nall, sizeof(uint32_t), cmp_u32);
    int nc = 0;
    for (int i = 0; i < nall; i++)
        if (nc == 0 || all[nc - 1] != all[i]) all[nc++] = all[i];
    t->nclasses = nc;
    t->class_key = counted_calloc(nc + 1, sizeof(uint32_t));
    t->class_cat = counted_calloc(nc + 1, 1);
    if (!t->class_key || !t->class_cat) {
        free(skv); free(skj); free(skf); free(skjf); free(all);
        return NULL;
    }
    for (int i = 0; i < nc; i++) {
        t->class_key[i + 1] = all[i];
        t->class_cat[i + 1] = t->pos_cat[all[i] >> 24];
    }
    for (uint32_t s = 0; s < ph->nslots; s++)
        if (skv[s]) t->vals[s] = dense(all, nc, skv[s]);
    if (joker)
        for (uint32_t s = 0; s < phj->nslots; s++)
            if (skj[s]) t->jvals[s] = dense(all, nc, skj[s]);
    for (uint32_t m = 0; m < 8192; m++) {
        if (skf[m]) t->flush[m] = dense(all, nc, skf[m]);
        if (joker && skjf[m]) t->jflush[m] = dense(all, nc, skjf[m]);
    }
    free(skv); free(skj); free(skf); free(skjf); free(all);
    return t;
}

const pr_tables *pr_get_tables(int variant) {
    if (variant < 0 || variant >= PR_NVARIANTS) return NULL;
    if (!tables[variant]) tables[variant] = build_tables(variant);
    return tables[variant];
}

/* ---------------------------------------------------------- batch, enum */

/* Rows of k codes; the constant k of each call site lets the compiler unroll. */
static inline int64_t eval_rows(const pr_tables *t, const uint8_t *codes, int64_t n,
                                const int k, int32_t *out, int check, int *why) {
    for (int64_t i = 0; i < n; i++) {
        const uint8_t *row = codes + i * k;
        uint64_t key = PR_KEY_START, seen = 0, dup = 0;
        int wild = 0;
        for (int j = 0; j < k; j++) {
            /* read once: the caller checked c <= 52, but another thread may write */
            int c = row[j];
            wild |= c > PR_JOKER;
            c = c > PR_JOKER ? 0 : c;
            uint64_t bit = 1ull << c;
            dup |= seen & bit;
            seen |= bit;
            key += pr_card_key[c];
        }
        if (check && (wild | dup | (seen & ~t->deck_mask))) {
            if (pr_check_codes(t, row, k, why) < 0) *why = 1;
            return i;
        }
        out[i] = wild ? 0 : pr_eval_key(t, key, row, k);
    }
    return -1;
}

int64_t pr_eval_batch(const pr_tables *t, const uint8_t *codes, int64_t n, int k,
                      int32_t *out, int check, int *why) {
    switch (k) {
    case 5: return eval_rows(t, codes, n, 5, out, check, why);
    case 6: return eval_rows(t, codes, n, 6, out, check, why);
    default: return eval_rows(t, codes, n, 7, out, check, why);
    }
}

typedef struct {
    const pr_tables *t;
    uint8_t deck[PR_NCODES];
    int ndeck, k;
    uint8_t hand[7];
    uint64_t *counts;
} enum_t;

static void enum_rec(enum_t *e, int depth, int start, uint64_t key) {
    if (depth == e->k - 1) {
        for (int i = start; i < e->ndeck; i++) {
            e->hand[depth] = e->deck[i];
            e->counts[pr_eval_key(e->t, key + pr_card_key[e->deck[i]], e->hand, e->k)]++;
        }
        return;
    }
    for (int i = start; i <= e->ndeck - (e->k - depth); i++) {
        e->hand[depth] = e->deck[i];
        enum_rec(e, depth + 1, i + 1, key + pr_card_key[e->deck[i]]);
    }
}

void pr_enumerate(const pr_tables *t, int k, uint64_t *counts) {
    enum_t e;
    e.t = t;
    e.k = k;
    e.counts = counts;
    e.ndeck = 0;
    for (int c = 0; c < PR_NCODES; c++)
        if ((t->deck_mask >> c) & 1) e.deck[e.ndeck++] = (uint8_t)c;
    if (k < 5 || k > 7 || k > e.ndeck) return;
    enum_rec(&e, 0, 0, PR_KEY_START);
}

uint32_t pr_partial_key(const pr_tables *t, const uint8_t *codes, int n) {
    if (n == 5) return t->class_key[pr_eval_codes(t, codes, 5)];
    order_t o;
    o.variant = t->variant;
    memcpy(o.cat_pos, t->cat_pos, sizeof o.cat_pos);
    int c[13] = {0};
    for (int i = 0; i < n; i++) c[codes[i] == PR_JOKER ? 12 : codes[i] >> 2]++;
    return group_key(&o, c);
}

int pr_key_category(const pr_tables *t, uint32_t skey) {
    return t->pos_cat[(skey >> 24) % PR_NCATEGORIES];
}
