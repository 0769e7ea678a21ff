/* Structured keys, rank multisets and row displacement, which the tables are
 * built from.
 *
 * The tables come from first principles: the best hand of every rank multiset
 * and every flush rank mask is worked out as a "structured key", the distinct
 * keys are sorted, and each table entry stores the index of its key in that
 * order (the dense value).  The expensive part, each deck's perfect hash and
 * the slot values of its plain rules, is done at build time (compiled with
 * PR_GEN_DECKS into gen_decks, which writes pr_decks.h); on first use a rules
 * variant builds only its flush tables, value keys and, with options, its own
 * slot values from the plain ones (about 1-2 ms).
 *
 * Structured key: category position (in the rules' order) << 24, then up to
 * five tie-break digits of 4 bits from bit 16 down; a digit is rank + 1 (0 is
 * "no card", so a hand that runs out of kickers loses the tie).  A straight's
 * first digit (8 bits) is its strength instead: top rank * 2, the wheel 1 (or
 * 23, just under the ace-high straight's 24, when it ranks second highest).
 */
#include "pr_internal.h"

#include <stdlib.h>
#include <string.h>

#define WEIGHT(w) w##u,
const uint32_t pr_rank_weight[13] = {PR_RANK_WEIGHTS(WEIGHT)};
#undef WEIGHT

#define S(s) (1ull << (32 + 4 * (s)))
/* a rank's four cards: its weight and one of its suit */
#define ROW(r) r##ull + S(0), r##ull + S(1), r##ull + S(2), r##ull + S(3),
#define CARD_KEYS PR_RANK_WEIGHTS(ROW) PR_JOKER_RKEY + S(0) + S(1) + S(2) + S(3)
#define B1 PR_BAD_CODE_KEY
#define B4 B1, B1, B1, B1
#define B16 B4, B4, B4, B4

const uint64_t pr_card_key[PR_NCODES] = {CARD_KEYS};

const uint64_t pr_batch_key[256] = {
    CARD_KEYS, B16, B16, B16, B16, B16, B16, B16, B16, B16, B16, B16, B16, B4, B4, B1, B1, B1};

#undef B16
#undef B4
#undef B1
#undef CARD_KEYS
#undef ROW
#undef S

uint64_t pr_bytes_built = 0;

void *pr_counted_calloc(size_t n, size_t size) {
    void *p = calloc(n, size);
    if (p) pr_bytes_built += (uint64_t)n * size;
    return p;
}

uint64_t pr_table_bytes(void) { return pr_bytes_built; }

/* ---------------------------------------------------------------- keys */



int pr_straight_strength(uint32_t m, int variant) {
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
uint32_t pr_group_key(const order_t *o, const int *c) {
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

static uint32_t straight_key(const order_t *o, uint32_t m, int cat) {
    int s = pr_straight_strength(m, o->variant);
    if (!s) return 0;
    return ((uint32_t)o->cat_pos[cat] << 24) | ((uint32_t)s << 16);
}


uint32_t pr_flush_key(const order_t *o, uint32_t m) {
    uint32_t sf = straight_key(o, m, PR_STRAIGHT_FLUSH);
    if (sf) return sf;
    int d[5], nd = 0;
    for (int r = 12; r >= 0 && nd < 5; r--)
        if (m & (1u << r)) d[nd++] = r + 1;
    return make_key(o, PR_FLUSH, d, nd);
}

uint32_t pr_joker_flush_key(const order_t *o, uint32_t m) {
    uint32_t best = 0;
    for (int r = 0; r < 13; r++)
        if (!(m & (1u << r))) best = pr_max_u32(best, pr_flush_key(o, m | (1u << r)));
    return best;
}

int pr_cmp_u32(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

#ifdef PR_GEN_DECKS
/* -------------------------------------------------------- rank multisets */

uint32_t pr_rank_mask(const int *c) {
    uint32_t m = 0;
    for (int r = 0; r < 13; r++)
        if (c[r]) m |= 1u << r;
    return m;
}




static void enumerate_multisets(keyset_t *ks, int lo, int r, int size, int min_size,
                                int max_size, uint32_t key, int *c, int joker) {
    if (r == 13) {
        if (size >= min_size) {
            ks->keys[ks->n] = key;
            memcpy(ks->counts[ks->n], c, 13 * sizeof(int));
            ks->joker[ks->n] = joker;
            ks->n++;
        }
        return;
    }
    int most = r < lo ? 0 : 4;
    for (int k = 0; k <= most && size + k <= max_size; k++) {
        c[r] = k;
        enumerate_multisets(ks, lo, r + 1, size + k, min_size, max_size,
                            key + (uint32_t)k * pr_rank_weight[r], c, joker);
    }
    c[r] = 0;
}

/* The multisets of a deck: 5..7 real cards of ranks lo..12, and with the joker
 * 4..6 real cards beside it. */
int pr_build_keyset(keyset_t *ks, int lo, int joker) {
    ks->cap = 110000;
    ks->n = 0;
    ks->keys = malloc(ks->cap * sizeof(uint32_t));
    ks->counts = malloc(ks->cap * sizeof(*ks->counts));
    ks->joker = malloc(ks->cap * sizeof(int));
    if (!ks->keys || !ks->counts || !ks->joker) return -1;
    int c[13] = {0};
    enumerate_multisets(ks, lo, 0, 0, 5, 7, 0, c, 0);
    if (joker) enumerate_multisets(ks, lo, 0, 0, 4, 6, PR_JOKER_RKEY, c, 1);
    return 0;
}

void pr_free_keyset(keyset_t *ks) {
    free(ks->keys);
    free(ks->counts);
    free(ks->joker);
}

/* ------------------------------------------------------ row displacement */

/* The lowest free slot at or above x (next[] links each used slot upwards). */
static uint32_t next_free(uint32_t *next, uint32_t x) {
    while (next[x] != x) {
        next[x] = next[next[x]];
        x = next[x];
    }
    return x;
}

/* Places every (mixed) key: rows with the most keys first, each at the lowest
 * offset where all its keys land on free slots (tried only where the row's
 * first key lands on a free slot). */
static int distinct_mixed(const uint32_t *rank_keys, int n, uint32_t mask, uint32_t *tmp) {
    for (int i = 0; i < n; i++) tmp[i] = (rank_keys[i] * PR_MIX) & mask;
    qsort(tmp, n, sizeof(uint32_t), pr_cmp_u32);
    for (int i = 1; i < n; i++)
        if (tmp[i] == tmp[i - 1]) return 0;
    return 1;
}

int pr_build_rows(pr_phash *ph, const uint32_t *rank_keys, int n) {
    uint32_t maxkey = 0, keymask = PR_ROW_LOW;
    for (int i = 0; i < n; i++)
        if (rank_keys[i] > maxkey) maxkey = rank_keys[i];
    while (keymask < maxkey) keymask = keymask * 2 + 1;
    uint32_t *keys = malloc(n * sizeof(uint32_t)); /* mixed */
    if (!keys) return -1;
    /* fewer rows where the keys are few: as few bits as keep them apart */
    while (keymask > PR_ROW_LOW && distinct_mixed(rank_keys, n, keymask >> 1, keys)) keymask >>= 1;
    uint32_t nrows = (keymask >> PR_ROW_SHIFT) + 1;
    uint32_t cap = (uint32_t)n * 4 + 2 * (PR_ROW_LOW + 1);
    uint32_t *start = calloc(nrows + 2, sizeof(uint32_t));
    uint32_t *members = malloc(n * sizeof(uint32_t));
    uint32_t *order = malloc(nrows * sizeof(uint32_t));
    uint16_t *disp = calloc(nrows + 1, sizeof(uint16_t)); /* + 1: a vector gather reads 4 bytes */
    uint32_t *next = malloc((cap + 1) * sizeof(uint32_t));
    int ok = keys && start && members && order && disp && next;
    uint32_t end = PR_ROW_LOW + 1;
    if (ok) {
        for (int i = 0; i < n; i++) keys[i] = (rank_keys[i] * PR_MIX) & keymask;
        for (uint32_t x = 0; x <= cap; x++) next[x] = x;
        for (int i = 0; i < n; i++) start[(keys[i] >> PR_ROW_SHIFT) + 2]++;
        for (uint32_t r = 0; r < nrows; r++) start[r + 2] += start[r + 1];
        for (int i = 0; i < n; i++) members[start[(keys[i] >> PR_ROW_SHIFT) + 1]++] = (uint32_t)i;
        /* row r holds members[start[r] .. start[r + 1]), columns ascending */
        uint32_t no = 0, most = 0;
        for (uint32_t r = 0; r < nrows; r++)
            if (start[r + 1] - start[r] > most) most = start[r + 1] - start[r];
        for (uint32_t s = most; s >= 1; s--)
            for (uint32_t r = 0; r < nrows; r++)
                if (start[r + 1] - start[r] == s) order[no++] = r;
        for (uint32_t oi = 0; oi < no && ok; oi++) {
            uint32_t r = order[oi], a = start[r], b = start[r + 1];
            uint32_t lo = PR_ROW_LOW;
            for (uint32_t j = a; j < b; j++)
                if ((keys[members[j]] & PR_ROW_LOW) < lo) lo = keys[members[j]] & PR_ROW_LOW;
            uint32_t off = 0;
            for (uint32_t f = next_free(next, lo);; f = next_free(next, f + 1)) {
                off = f - lo;
                if (off & 1) continue; /* offsets are stored halved */
                if (off + PR_ROW_LOW + 1 > cap || off / 2 > 65535) { ok = 0; break; }
                uint32_t j = a;
                while (j < b && next[off + (keys[members[j]] & PR_ROW_LOW)] ==
                                    off + (keys[members[j]] & PR_ROW_LOW)) j++;
                if (j == b) break;
            }
            if (!ok) break;
            for (uint32_t j = a; j < b; j++) {
                uint32_t x = off + (keys[members[j]] & PR_ROW_LOW);
                next[x] = x + 1;
            }
            disp[r] = (uint16_t)(off / 2);
            if (off + PR_ROW_LOW + 1 > end) end = off + PR_ROW_LOW + 1;
        }
    }
    free(keys);
    free(start);
    free(members);
    free(order);
    free(next);
    if (!ok) return -1;
    ph->base = 0;
    ph->keymask = keymask;
    ph->nslots = end; /* rows without keys keep offset 0 */
    ph->disp = disp;
    return 0;
}

#endif /* PR_GEN_DECKS */
