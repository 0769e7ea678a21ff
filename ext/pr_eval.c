/* Table building, batch evaluation and enumeration for the pokerrules core.
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
#include "pr_eval.h"

#include <stdlib.h>
#include <string.h>

/* Found by a greedy search: each weight is the first one (from about 3.3
 * times the last) at which no two multisets of up to seven cards of the
 * ranks so far, at most four of a rank, have the same sum. */
const uint32_t pr_rank_weight[13] = {
    1u, 5u, 24u, 112u, 521u, 2247u, 9244u, 30823u, 103066u, 341190u,
    1129190u, 3727292u, 12300548u};

#define S(s) (1ull << (32 + 4 * (s)))
#define ROW(r) r##ull + S(0), r##ull + S(1), r##ull + S(2), r##ull + S(3)
#define CARD_KEYS                                                                  \
    ROW(1), ROW(5), ROW(24), ROW(112), ROW(521), ROW(2247), ROW(9244), ROW(30823), \
    ROW(103066), ROW(341190), ROW(1129190), ROW(3727292), ROW(12300548),          \
    PR_JOKER_RKEY + S(0) + S(1) + S(2) + S(3)
#define B1 PR_BAD_CODE_KEY
#define B4 B1, B1, B1, B1
#define B16 B4, B4, B4, B4

const uint64_t pr_card_key[PR_NCODES] = {CARD_KEYS};

const uint64_t pr_batch_key[256] = {
    CARD_KEYS, B16, B16, B16, B16, B16, B16, B16, B16, B16, B16, B16, B16, B4, B4, B1, B1, B1};

#define L(c) (1ull << (16 * ((c) & 3) + ((c) >> 2)))
#define L4(r) L(4 * r), L(4 * r + 1), L(4 * r + 2), L(4 * r + 3)
#define Z4 0, 0, 0, 0
#define Z16 Z4, Z4, Z4, Z4
/* Card -> its bit in four 16-bit rank masks, one a suit; the joker bit 63. */
static const uint64_t suit_lane[256] = {
    L4(0), L4(1), L4(2), L4(3), L4(4), L4(5), L4(6), L4(7), L4(8), L4(9), L4(10), L4(11),
    L4(12), 1ull << 63};
#undef Z16
#undef Z4
#undef L4
#undef L
#undef B16
#undef B4
#undef B1
#undef CARD_KEYS
#undef ROW
#undef S

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

static uint32_t straight_key(const order_t *o, uint32_t m, int cat) {
    int s = straight_strength(m, o->variant);
    if (!s) return 0;
    return ((uint32_t)o->cat_pos[cat] << 24) | ((uint32_t)s << 16);
}

static uint32_t max_u32(uint32_t a, uint32_t b) { return a > b ? a : b; }

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

static int cmp_u32(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

#ifdef PR_GEN_DECKS
/* -------------------------------------------------------- rank multisets */

static uint32_t rank_mask(const int *c) {
    uint32_t m = 0;
    for (int r = 0; r < 13; r++)
        if (c[r]) m |= 1u << r;
    return m;
}


typedef struct {
    uint32_t *keys;
    int (*counts)[13];
    int *joker; /* 1: the multiset stands beside the joker (its key includes it) */
    int n, cap;
} keyset_t;

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
static int build_keyset(keyset_t *ks, int lo, int joker) {
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

static void free_keyset(keyset_t *ks) {
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
    qsort(tmp, n, sizeof(uint32_t), cmp_u32);
    for (int i = 1; i < n; i++)
        if (tmp[i] == tmp[i - 1]) return 0;
    return 1;
}

static int build_rows(pr_phash *ph, const uint32_t *rank_keys, int n) {
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

/* ---------------------------------------------------------------- decks */

/* What decides a multiset's best hand without flushes under every option of
 * its deck: its best hand by pairs (in the default category order), the top
 * rank + 1 of its best straight other than the lowest, and whether it makes the
 * lowest straight (the wheel, or A-7-8-9-T in piquet).  The joker may fill
 * any straight. */
typedef struct {
    uint32_t group;
    uint8_t top, low;
} signature_t;

#ifdef PR_GEN_DECKS
static int top_straight(uint32_t m) {
    for (int top = 12; top >= 4; top--)
        if (((m >> (top - 4)) & 31u) == 31u) return top + 1;
    return 0;
}

static int low_straight(uint32_t m, int piquet) {
    return piquet ? (m & 0x11E0u) == 0x11E0u : (m & 0x100Fu) == 0x100Fu;
}

static uint64_t sig_code(signature_t s) {
    return ((uint64_t)s.group << 16) | ((uint64_t)s.top << 8) | s.low;
}

static signature_t signature(const int *c, int joker, int piquet) {
    static const order_t plain_order = {{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, 0};
    int cc[13];
    memcpy(cc, c, sizeof cc);
    if (joker) cc[12]++;
    signature_t s;
    s.group = group_key(&plain_order, cc);
    uint32_t m = rank_mask(c);
    s.top = (uint8_t)top_straight(m | (joker ? 1u << 12 : 0));
    s.low = (uint8_t)low_straight(m | (joker ? 1u << 12 : 0), piquet);
    for (int r = 0; joker && r < 12; r++) {
        int t = top_straight(m | (1u << r));
        if (t > s.top) s.top = (uint8_t)t;
        s.low |= (uint8_t)low_straight(m | (1u << r), piquet);
    }
    return s;
}

#endif /* PR_GEN_DECKS */

/* The structured key of a signature under an order (see straight_strength). */
static uint32_t signature_key(const order_t *o, signature_t s) {
    uint32_t g = (s.group & 0xFFFFFFu) | ((uint32_t)o->cat_pos[s.group >> 24] << 24);
    int strength = s.top ? 2 * (s.top - 1) : 0;
    if (s.low) {
        int piquet = (o->variant & PR_DECK_MASK) == PR_DECK_PIQUET;
        int low = piquet ? ((o->variant & PR_ACE_LOW) ? 1 : 0)
                         : ((o->variant & PR_WHEEL_SECOND) ? 23 : 1);
        if (low > strength) strength = low;
    }
    if (!strength) return g;
    return max_u32(g, ((uint32_t)o->cat_pos[PR_STRAIGHT] << 24) | ((uint32_t)strength << 16));
}

typedef struct {
    pr_phash ph, phj;
    const uint16_t *cls;   /* slot -> class of the deck (0: no hand); the generator's */
    const uint16_t *pval0; /* slot -> value under the deck's plain rules; nslots + 1 entries */
    const signature_t *sigs; /* class - 1 -> signature */
    const uint32_t *exc;   /* (slot, class) of each multiset that makes the lowest straight */
    int nsig, nexc;
    uint64_t card_bit[256];
} deck_t;

enum { DK_STANDARD, DK_PAIGOW, DK_PIQUET, DK_COUNT };
static deck_t decks[DK_COUNT];
static int deck_ready[DK_COUNT];

static void set_card_bits(deck_t *d, int which) {
    int joker = which == DK_PAIGOW, piquet = which == DK_PIQUET;
    for (int c = 0; c < 256; c++) {
        int in_deck = c < 52 ? (!piquet || (c >> 2) >= 5) : (c == PR_JOKER && joker);
        d->card_bit[c] = in_deck ? 1ull << c : PR_BAD_BIT;
    }
}

#ifdef PR_GEN_DECKS
static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Builds a deck from first principles (the generator's work: about 0.3 s). */
static const deck_t *build_deck(int which) {
    if (deck_ready[which]) return &decks[which];
    deck_t *d = &decks[which];
    int joker = which == DK_PAIGOW, piquet = which == DK_PIQUET;
    keyset_t ks;
    if (build_keyset(&ks, piquet ? 5 : 0, joker) < 0 || build_rows(&d->ph, ks.keys, ks.n) < 0) {
        free_keyset(&ks);
        return NULL;
    }
    d->phj = d->ph;
    d->phj.base = PR_JOKER_RKEY;
    uint64_t *codes = malloc(ks.n * sizeof(uint64_t));
    uint64_t *distinct = malloc(ks.n * sizeof(uint64_t));
    uint16_t *cls = calloc(d->ph.nslots + 1, sizeof(uint16_t));
    signature_t *sigs = malloc((ks.n + 1) * sizeof(signature_t));
    if (!codes || !distinct || !cls || !sigs) {
        free(codes); free(distinct); free_keyset(&ks);
        return NULL;
    }
    for (int i = 0; i < ks.n; i++) codes[i] = sig_code(signature(ks.counts[i], ks.joker[i], piquet));
    memcpy(distinct, codes, ks.n * sizeof(uint64_t));
    qsort(distinct, ks.n, sizeof(uint64_t), cmp_u64);
    int nd = 0;
    for (int i = 0; i < ks.n; i++)
        if (nd == 0 || distinct[nd - 1] != distinct[i]) distinct[nd++] = distinct[i];
    d->nsig = nd;
    for (int i = 0; i < nd; i++) {
        sigs[i].group = (uint32_t)(distinct[i] >> 16);
        sigs[i].top = (uint8_t)(distinct[i] >> 8);
        sigs[i].low = (uint8_t)distinct[i];
    }
    for (int i = 0; i < ks.n; i++) {
        int lo = 0, hi = nd - 1;
        while (lo < hi) {
            int mid = (lo + hi) / 2;
            if (distinct[mid] < codes[i]) lo = mid + 1;
            else hi = mid;
        }
        cls[pr_slot(&d->ph, ks.keys[i])] = (uint16_t)(lo + 1);
    }
    d->cls = cls;
    d->sigs = sigs;
    set_card_bits(d, which);
    free(codes);
    free(distinct);
    free_keyset(&ks);
    deck_ready[which] = 1;
    return d;
}
#define get_deck build_deck
#else
/* The decks as the generator (gen_decks.c, run by setup.py) wrote them. */
#include "pr_decks.h"

static const deck_t *get_deck(int which) {
    if (deck_ready[which]) return &decks[which];
    deck_t *d = &decks[which];
    const pr_deck_data *g = &deck_data[which];
    d->ph.base = 0;
    d->ph.keymask = g->keymask;
    d->ph.nslots = g->nslots;
    d->ph.disp = g->disp;
    d->phj = d->ph;
    d->phj.base = PR_JOKER_RKEY;
    d->cls = NULL;
    d->pval0 = g->pval0;
    d->sigs = g->sigs;
    d->nsig = g->nsig;
    d->exc = g->exc;
    d->nexc = g->nexc;
    set_card_bits(d, which);
    table_bytes += (uint64_t)(((g->keymask >> PR_ROW_SHIFT) + 2) + g->nslots + 1) * sizeof(uint16_t)
                   + (uint64_t)g->nsig * sizeof(signature_t) + (uint64_t)g->nexc * 8;
    deck_ready[which] = 1;
    return d;
}
#endif

/* --------------------------------------------------------------- tables */

static pr_tables *tables[PR_NVARIANTS];

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

/* The slot values of a variant with options from those of its deck's plain
 * rules: the options move only the straights and the flush against the full
 * house, so a plain value maps to one value of the variant, except for the
 * multisets that make the lowest straight (a few listed slots, given their class). */
static int options_from_plain(const pr_tables *t, const deck_t *dk, int deck,
                              const uint16_t *cval, uint16_t *pval) {
    const pr_tables *t0 = pr_get_tables(deck);
    if (!t0) return 0;
    order_t o0;
    o0.variant = deck;
    memcpy(o0.cat_pos, t0->cat_pos, sizeof o0.cat_pos);
    uint16_t *map = calloc(t0->nclasses + 1, sizeof(uint16_t));
    if (!map) return 0;
    int ok = 1;
    for (int i = 0; i < dk->nsig && ok; i++) {
        if (dk->sigs[i].low) continue;
        uint16_t v0 = dense(t0->class_key + 1, t0->nclasses, signature_key(&o0, dk->sigs[i]));
        if (map[v0] && map[v0] != cval[i + 1]) ok = 0; /* cannot happen: the tests cover it */
        map[v0] = cval[i + 1];
    }
    for (uint32_t slot = 0; slot <= dk->ph.nslots; slot++) pval[slot] = map[dk->pval0[slot]];
    for (int i = 0; i < dk->nexc; i++) pval[dk->exc[2 * i]] = cval[dk->exc[2 * i + 1]];
    free(map);
    (void)t;
    return ok;
}

static pr_tables *build_tables(int variant) {
    int deck = variant & PR_DECK_MASK;
    int joker = deck == PR_DECK_PAIGOW;
    int piquet = deck == PR_DECK_PIQUET;
    order_t o;
    o.variant = variant;
    for (int i = 0; i < PR_NCATEGORIES; i++) o.cat_pos[i] = (uint8_t)i;
    if (variant & PR_FLUSH_OVER_FULL) {
        o.cat_pos[PR_FLUSH] = 6;
        o.cat_pos[PR_FULL_HOUSE] = 5;
    }
    const deck_t *dk = get_deck(joker ? DK_PAIGOW : piquet ? DK_PIQUET : DK_STANDARD);
    if (!dk) return NULL;

    pr_tables *t = counted_calloc(1, sizeof(pr_tables));
    if (!t) return NULL;
    t->variant = variant;
    t->ph = &dk->ph;
    t->phj = joker ? &dk->phj : NULL;
    t->card_bit = dk->card_bit;
    memcpy(t->cat_pos, o.cat_pos, sizeof o.cat_pos);
    for (int i = 0; i < PR_NCATEGORIES; i++) t->pos_cat[o.cat_pos[i]] = (uint8_t)i;
    for (int c = 0; c < PR_NCODES; c++)
        if (dk->card_bit[c] != PR_BAD_BIT) t->deck_mask |= 1ull << c;

    /* structured keys, per class and per mask, before densifying */
    uint32_t *skv = calloc(dk->nsig + 1, sizeof(uint32_t));
    uint32_t *skf = calloc(8192, sizeof(uint32_t));
    uint32_t *skjf = joker ? calloc(8192, sizeof(uint32_t)) : NULL;
    uint32_t *all = malloc((dk->nsig + 2 * 8192) * sizeof(uint32_t));
    uint16_t *cval = calloc(dk->nsig + 1, sizeof(uint16_t));
    /* the deck's plain rules read the generated slot values in place */
    int plain = variant == deck && dk->pval0;
    uint16_t *pval = plain ? NULL : counted_calloc(dk->ph.nslots + 1, sizeof(uint16_t));
    t->flush = counted_calloc(8192, sizeof(uint16_t));
    if (joker) t->jflush = counted_calloc(8192, sizeof(uint16_t));
    if (!skv || !skf || !all || !cval || (!plain && !pval) || !t->flush || (joker && (!skjf || !t->jflush))) {
        free(skv); free(skf); free(skjf); free(all); free(cval);
        return NULL; /* the little already counted stays allocated: out of memory anyway */
    }
    int nall = 0;
    for (int i = 0; i < dk->nsig; i++) all[nall++] = skv[i + 1] = signature_key(&o, dk->sigs[i]);
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
        free(skv); free(skf); free(skjf); free(all); free(cval);
        return NULL;
    }
    for (int i = 0; i < nc; i++) {
        t->class_key[i + 1] = all[i];
        t->class_cat[i + 1] = t->pos_cat[all[i] >> 24];
    }
    for (int i = 1; i <= dk->nsig; i++) cval[i] = dense(all, nc, skv[i]);
    /* the value straight from the slot: one dependent load less a hand */
    int ok = 1;
    if (plain) t->pval = dk->pval0;
    else if (dk->cls) { /* the generator */
        for (uint32_t slot = 0; slot < dk->ph.nslots; slot++) pval[slot] = cval[dk->cls[slot]];
    } else {
        ok = options_from_plain(t, dk, deck, cval, pval);
    }
    if (!plain) t->pval = pval;
    for (uint32_t m = 0; m < 8192; m++) {
        if (skf[m]) t->flush[m] = dense(all, nc, skf[m]);
        if (joker && skjf[m]) t->jflush[m] = dense(all, nc, skjf[m]);
    }
    free(skv); free(skf); free(skjf); free(all); free(cval);
    return ok ? t : NULL;
}

const pr_tables *pr_get_tables(int variant) {
    if (variant < 0 || variant >= PR_NVARIANTS) return NULL;
    if (!tables[variant]) tables[variant] = build_tables(variant);
    return tables[variant];
}

/* ----------------------------------------------------------------- batch */

#if defined(_MSC_VER) && !defined(__clang__)
#define PR_NOINLINE __declspec(noinline)
#else
#define PR_NOINLINE __attribute__((noinline))
#endif

/* The slow path of a row: a code above 52 (-1), or a flush to weigh against
 * the plain value v.  Apart from the hot loop, so that the loop keeps no code
 * alive in a register for it. */
static PR_NOINLINE int32_t rare_row(const pr_tables *t, uint64_t key, uint16_t v,
                                    const uint8_t *c, int k) {
    if (key >= PR_BAD_CODE_KEY) return -1;
    int suit = (pr_ctz64(key & PR_FLUSH_BITS) - 35) >> 2;
    uint64_t lanes = 0;
    for (int j = 0; j < k; j++) lanes |= suit_lane[c[j]];
    return pr_flush_value(t, v, (uint32_t)(lanes >> (16 * suit)), (int)(lanes >> 63));
}

/* Rows of k codes; k and check are constants at each call site, so that the
 * compiler unrolls the card loop and drops the checks when asked to.  The key
 * and the check read each code once, together.  Every table index comes from
 * a code byte through a 256-entry table, or through a mask, so that no input,
 * not even one that another thread changes meanwhile, reads outside the
 * tables: such a writer can only make the row's value wrong. */
static inline int64_t eval_rows(const pr_tables *t, const uint8_t *codes, int64_t n,
                                const int k, int32_t *out, const int check) {
    const uint16_t *disp = t->ph->disp;
    const uint32_t keymask = t->ph->keymask;
    const uint16_t *pval = t->pval;
    const uint64_t *bit = t->card_bit;
    const uint64_t *ckey = pr_batch_key;
    for (int64_t i = 0; i < n; i++) {
        const uint8_t *c = codes + i * k;
        uint64_t key = PR_KEY_START, sum = 0, any = 0;
        for (int j = 0; j < k; j++) {
            int code = c[j];
            key += ckey[code];
            if (check) {
                uint64_t b = bit[code];
                sum += b;
                any |= b;
            }
        }
        /* distinct cards of the deck: the bits add up without a carry */
        if (check && sum != (any & PR_CARD_BITS)) return i;
        uint32_t mk = ((uint32_t)key * PR_MIX) & keymask;
        int32_t v = pval[2u * disp[mk >> PR_ROW_SHIFT] + (mk & PR_ROW_LOW)];
        if (key & PR_RARE_BITS) {
            v = rare_row(t, key, (uint16_t)v, c, k);
            if (v < 0) return i; /* a code above 52 */
        }
        out[i] = v;
    }
    return -1;
}

static int64_t eval_run_scalar(const pr_tables *t, const uint8_t *codes, int64_t n, int k,
                               int32_t *out, int check) {
    if (check) {
        switch (k) {
        case 5: return eval_rows(t, codes, n, 5, out, 1);
        case 6: return eval_rows(t, codes, n, 6, out, 1);
        default: return eval_rows(t, codes, n, 7, out, 1);
        }
    }
    switch (k) {
    case 5: return eval_rows(t, codes, n, 5, out, 0);
    case 6: return eval_rows(t, codes, n, 6, out, 0);
    default: return eval_rows(t, codes, n, 7, out, 0);
    }
}

/* ------------------------------------------------------------ SIMD batch
 *
 * 16 rows (AVX-512) or 8 (AVX2) at a time, one 32-bit lane a row: the rank
 * key from a 16-entry register table of rank weights, the suit counters one
 * nibble a suit, the check as two bit sets of card codes (0..25 and 26..52,
 * so that no duplicate can carry a sum back onto its OR), then the same two
 * gathers as the scalar loop.  A lane with a flush, a code above 52 or a
 * failed check goes to the scalar kernel, which is the reference: the values
 * are the same by construction.  Compiled with function attributes, so the
 * extension builds and runs anywhere; chosen by CPU features at run time. */
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__)) && \
    (defined(__clang__) || __GNUC__ >= 8)
#define PR_HAVE_SIMD 1
#include <immintrin.h>

/* One row again by the scalar kernel: -1 if fine, else 0. */
static int64_t scalar_row(const pr_tables *t, const uint8_t *row, int k, int32_t *out, int check) {
    return eval_run_scalar(t, row, 1, k, out, check);
}

#define PR_CHUNK_BLOCKS 64
#define PR_DECK_LO(t) ((uint32_t)((t)->deck_mask & 0x3FFFFFFu))
#define PR_DECK_HI(t) ((uint32_t)((t)->deck_mask >> 26))

__attribute__((target("avx512f,avx512bw,avx512vbmi")))
static int64_t eval_rows_avx512(const pr_tables *t, const uint8_t *codes, int64_t n, const int k,
                                int32_t *out, const int check) {
    const __m512i wtab = _mm512_setr_epi32(
        1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 341190, 1129190, 3727292, 12300548,
        (int)PR_JOKER_RKEY, 0, 0);
    __m512i idx[7];
    for (int j = 0; j < k; j++) {
        uint8_t b[64] = {0};
        for (int i = 0; i < 16; i++) b[i] = (uint8_t)(i * k + j);
        idx[j] = _mm512_loadu_si512(b);
    }
    const __mmask64 tail = (1ull << (16 * k - 64)) - 1;
    const __m512i one = _mm512_set1_epi32(1), three = _mm512_set1_epi32(3);
    const __m512i c52 = _mm512_set1_epi32(52), c26 = _mm512_set1_epi32(26);
    const __m512i low26 = _mm512_set1_epi32(0x3FFFFFF), jsuits = _mm512_set1_epi32(0x1111);
    const __m512i mix = _mm512_set1_epi32((int)PR_MIX);
    const __m512i keymask = _mm512_set1_epi32((int)t->ph->keymask);
    const __m512i rowlow = _mm512_set1_epi32(PR_ROW_LOW), m16 = _mm512_set1_epi32(0xFFFF);
    const __m512i flushbits = _mm512_set1_epi32(0x8888);
    const __m512i notlo = _mm512_set1_epi32((int)~PR_DECK_LO(t));
    const __m512i nothi = _mm512_set1_epi32((int)~PR_DECK_HI(t));
    const void *disp = t->ph->disp, *pval = t->pval;
    int64_t i = 0;
    /* rare lanes are noted and done after a chunk of blocks: no branch in the loop
     * that the flushes' randomness would mispredict */
    __mmask16 rares[PR_CHUNK_BLOCKS];
    while (i + 16 <= n) {
      int nb = (int)((n - i) / 16 < PR_CHUNK_BLOCKS ? (n - i) / 16 : PR_CHUNK_BLOCKS);
      for (int blk = 0; blk < nb; blk++) {
        const uint8_t *c = codes + (i + 16 * blk) * k;
        const __m512i a = _mm512_loadu_si512(c);
        const __m512i b = _mm512_maskz_loadu_epi8(tail, c + 64);
        __m512i rk = _mm512_setzero_si512(), sk = _mm512_set1_epi32(0x3333);
        __m512i slo = _mm512_setzero_si512(), olo = slo, shi = slo, ohi = slo;
        __mmask16 rare = 0;
        for (int j = 0; j < k; j++) {
            __m512i cc = _mm512_cvtepu8_epi32(
                _mm512_castsi512_si128(_mm512_permutex2var_epi8(a, idx[j], b)));
            rare |= _mm512_cmpgt_epu32_mask(cc, c52);
            rk = _mm512_add_epi32(rk, _mm512_permutexvar_epi32(_mm512_srli_epi32(cc, 2), wtab));
            __m512i su = _mm512_sllv_epi32(one, _mm512_slli_epi32(_mm512_and_si512(cc, three), 2));
            su = _mm512_mask_mov_epi32(su, _mm512_cmpeq_epu32_mask(cc, c52), jsuits);
            sk = _mm512_add_epi32(sk, su);
            if (check) {
                __m512i lo = _mm512_and_si512(_mm512_sllv_epi32(one, cc), low26);
                __m512i hi = _mm512_sllv_epi32(one, _mm512_sub_epi32(cc, c26));
                slo = _mm512_add_epi32(slo, lo);
                olo = _mm512_or_si512(olo, lo);
                shi = _mm512_add_epi32(shi, hi);
                ohi = _mm512_or_si512(ohi, hi);
            }
        }
        __m512i mk = _mm512_and_si512(_mm512_mullo_epi32(rk, mix), keymask);
        __m512i d = _mm512_and_si512(
            _mm512_i32gather_epi32(_mm512_srli_epi32(mk, PR_ROW_SHIFT), disp, 2), m16);
        __m512i slot = _mm512_add_epi32(_mm512_slli_epi32(d, 1), _mm512_and_si512(mk, rowlow));
        __m512i v = _mm512_and_si512(_mm512_i32gather_epi32(slot, pval, 2), m16);
        rare |= _mm512_test_epi32_mask(sk, flushbits);
        if (check)
            rare |= _mm512_cmpneq_epi32_mask(slo, olo) | _mm512_cmpneq_epi32_mask(shi, ohi) |
                    _mm512_test_epi32_mask(olo, notlo) | _mm512_test_epi32_mask(ohi, nothi);
        _mm512_storeu_si512(out + i + 16 * blk, v);
        rares[blk] = rare;
      }
      for (int blk = 0; blk < nb; blk++) {
        for (unsigned rare = rares[blk]; rare; rare &= rare - 1) {
            int64_t row = i + 16 * blk + pr_ctz32(rare);
            if (scalar_row(t, codes + row * k, k, out + row, check) >= 0) return row;
        }
      }
      i += 16 * nb;
    }
    int64_t bad = eval_run_scalar(t, codes + i * k, n - i, k, out + i, check);
    return bad < 0 ? -1 : i + bad;
}

__attribute__((target("avx2")))
static int64_t eval_rows_avx2(const pr_tables *t, const uint8_t *codes, int64_t n, const int k,
                              int32_t *out, const int check) {
    const __m256i wlo = _mm256_setr_epi32(1, 5, 24, 112, 521, 2247, 9244, 30823);
    const __m256i whi = _mm256_setr_epi32(103066, 341190, 1129190, 3727292, 12300548,
                                          (int)PR_JOKER_RKEY, 0, 0);
    const __m256i off = _mm256_setr_epi32(0, k, 2 * k, 3 * k, 4 * k, 5 * k, 6 * k, 7 * k);
    const __m256i one = _mm256_set1_epi32(1), three = _mm256_set1_epi32(3);
    const __m256i c52 = _mm256_set1_epi32(52), c26 = _mm256_set1_epi32(26);
    const __m256i c7 = _mm256_set1_epi32(7), ff = _mm256_set1_epi32(0xFF);
    const __m256i low26 = _mm256_set1_epi32(0x3FFFFFF), jsuits = _mm256_set1_epi32(0x1111);
    const __m256i mix = _mm256_set1_epi32((int)PR_MIX);
    const __m256i keymask = _mm256_set1_epi32((int)t->ph->keymask);
    const __m256i rowlow = _mm256_set1_epi32(PR_ROW_LOW), m16 = _mm256_set1_epi32(0xFFFF);
    const __m256i flushbits = _mm256_set1_epi32(0x8888), zero = _mm256_setzero_si256();
    const __m256i notlo = _mm256_set1_epi32((int)~PR_DECK_LO(t));
    const __m256i nothi = _mm256_set1_epi32((int)~PR_DECK_HI(t));
    const int *disp = (const int *)(const void *)t->ph->disp;
    const int *pval = (const int *)(const void *)t->pval;
    int64_t i = 0;
    uint8_t rares[PR_CHUNK_BLOCKS];
    while (i + 8 <= n) {
      int nb = (int)((n - i) / 8 < PR_CHUNK_BLOCKS ? (n - i) / 8 : PR_CHUNK_BLOCKS);
      for (int blk = 0; blk < nb; blk++) {
        const uint8_t *c = codes + (i + 8 * blk) * k;
        /* bytes 0..3 and k-4..k-1 of each row: 4-byte reads inside the row */
        const __m256i g0 = _mm256_i32gather_epi32((const int *)(const void *)c, off, 1);
        const __m256i g1 = _mm256_i32gather_epi32((const int *)(const void *)(c + k - 4), off, 1);
        __m256i rk = zero, sk = _mm256_set1_epi32(0x3333);
        __m256i slo = zero, olo = zero, shi = zero, ohi = zero, rare = zero;
        for (int j = 0; j < k; j++) {
            __m256i cc = j < 4 ? _mm256_srli_epi32(g0, 8 * j) : _mm256_srli_epi32(g1, 8 * (j - k + 4));
            cc = _mm256_and_si256(cc, ff);
            rare = _mm256_or_si256(rare, _mm256_cmpgt_epi32(cc, c52));
            __m256i r = _mm256_srli_epi32(cc, 2);
            __m256i w = _mm256_blendv_epi8(_mm256_permutevar8x32_epi32(wlo, r),
                                           _mm256_permutevar8x32_epi32(whi, r),
                                           _mm256_cmpgt_epi32(r, c7));
            rk = _mm256_add_epi32(rk, w);
            __m256i su = _mm256_sllv_epi32(one, _mm256_slli_epi32(_mm256_and_si256(cc, three), 2));
            su = _mm256_blendv_epi8(su, jsuits, _mm256_cmpeq_epi32(cc, c52));
            sk = _mm256_add_epi32(sk, su);
            if (check) {
                __m256i lo = _mm256_and_si256(_mm256_sllv_epi32(one, cc), low26);
                __m256i hi = _mm256_sllv_epi32(one, _mm256_sub_epi32(cc, c26));
                slo = _mm256_add_epi32(slo, lo);
                olo = _mm256_or_si256(olo, lo);
                shi = _mm256_add_epi32(shi, hi);
                ohi = _mm256_or_si256(ohi, hi);
            }
        }
        __m256i mk = _mm256_and_si256(_mm256_mullo_epi32(rk, mix), keymask);
        __m256i d = _mm256_and_si256(
            _mm256_i32gather_epi32(disp, _mm256_srli_epi32(mk, PR_ROW_SHIFT), 2), m16);
        __m256i slot = _mm256_add_epi32(_mm256_slli_epi32(d, 1), _mm256_and_si256(mk, rowlow));
        __m256i v = _mm256_and_si256(_mm256_i32gather_epi32(pval, slot, 2), m16);
        __m256i ok = _mm256_cmpeq_epi32(_mm256_and_si256(sk, flushbits), zero);
        if (check) {
            ok = _mm256_and_si256(ok, _mm256_cmpeq_epi32(slo, olo));
            ok = _mm256_and_si256(ok, _mm256_cmpeq_epi32(shi, ohi));
            ok = _mm256_and_si256(ok, _mm256_cmpeq_epi32(_mm256_and_si256(olo, notlo), zero));
            ok = _mm256_and_si256(ok, _mm256_cmpeq_epi32(_mm256_and_si256(ohi, nothi), zero));
        }
        rare = _mm256_or_si256(rare, _mm256_andnot_si256(ok, _mm256_set1_epi32(-1)));
        _mm256_storeu_si256((__m256i *)(void *)(out + i + 8 * blk), v);
        rares[blk] = (uint8_t)_mm256_movemask_ps(_mm256_castsi256_ps(rare));
      }
      for (int blk = 0; blk < nb; blk++) {
        for (unsigned rare = rares[blk]; rare; rare &= rare - 1) {
            int64_t row = i + 8 * blk + pr_ctz32(rare);
            if (scalar_row(t, codes + row * k, k, out + row, check) >= 0) return row;
        }
      }
      i += 8 * nb;
    }
    int64_t bad = eval_run_scalar(t, codes + i * k, n - i, k, out + i, check);
    return bad < 0 ? -1 : i + bad;
}
#endif

/* 0: scalar, 1: AVX2, 2: AVX-512 (F, BW, VBMI); -1 until chosen. */
static int kernel_level = -1;

static int cpu_level(void) {
#ifdef PR_HAVE_SIMD
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512vbmi"))
        return 2;
    if (__builtin_cpu_supports("avx2")) return 1;
#endif
    return 0;
}

int pr_kernel(int level) {
    int best = cpu_level();
    if (level >= 0) {
        kernel_level = level < best ? level : best;
    } else if (kernel_level < 0) {
        const char *env = getenv("POKERRULES_KERNEL"); /* "scalar", "avx2": at most that */
        int want = !env ? 2 : !strcmp(env, "scalar") ? 0 : !strcmp(env, "avx2") ? 1 : 2;
        kernel_level = want < best ? want : best;
        /* the AVX2 kernel only on request: it fetches the code bytes by gathers and
         * ran slower than the scalar kernel where measured (Zen 4) */
        if (kernel_level == 1 && want != 1) kernel_level = 0;
    }
    return kernel_level;
}

static int64_t eval_run(const pr_tables *t, const uint8_t *codes, int64_t n, int k,
                        int32_t *out, int check) {
    int level = kernel_level >= 0 ? kernel_level : pr_kernel(-1);
#ifdef PR_HAVE_SIMD
    if (level == 2) {
        switch (k) {
        case 5: return check ? eval_rows_avx512(t, codes, n, 5, out, 1)
                             : eval_rows_avx512(t, codes, n, 5, out, 0);
        case 6: return check ? eval_rows_avx512(t, codes, n, 6, out, 1)
                             : eval_rows_avx512(t, codes, n, 6, out, 0);
        default: return check ? eval_rows_avx512(t, codes, n, 7, out, 1)
                              : eval_rows_avx512(t, codes, n, 7, out, 0);
        }
    }
    if (level == 1) {
        switch (k) {
        case 5: return check ? eval_rows_avx2(t, codes, n, 5, out, 1)
                             : eval_rows_avx2(t, codes, n, 5, out, 0);
        case 6: return check ? eval_rows_avx2(t, codes, n, 6, out, 1)
                             : eval_rows_avx2(t, codes, n, 6, out, 0);
        default: return check ? eval_rows_avx2(t, codes, n, 7, out, 1)
                              : eval_rows_avx2(t, codes, n, 7, out, 0);
        }
    }
#endif
    (void)level;
    return eval_run_scalar(t, codes, n, k, out, check);
}

static void why_of_row(const pr_tables *t, const uint8_t *row, int k, int *why) {
    uint8_t c[7];
    memcpy(c, row, k); /* read once more: this copy decides the reason */
    if (pr_check_codes(t, c, k, why) < 0) *why = 1;
}

int64_t pr_eval_batch(const pr_tables *t, const uint8_t *codes, int64_t n, int k,
                      int32_t *out, int check, int *why) {
    int64_t bad = eval_run(t, codes, n, k, out, check);
    if (bad >= 0) why_of_row(t, codes + bad * k, k, why);
    return bad;
}

/* Native threads split the rows into equal runs; each run reports its first
 * bad row and the lowest of those is the answer, as with one thread. */
#if defined(_WIN32)
int64_t pr_eval_batch_threads(const pr_tables *t, const uint8_t *codes, int64_t n, int k,
                              int32_t *out, int check, int *why, int threads) {
    (void)threads; /* one thread here */
    return pr_eval_batch(t, codes, n, k, out, check, why);
}
#else
#include <pthread.h>

#define PR_MAX_THREADS 64

typedef struct {
    const pr_tables *t;
    const uint8_t *codes;
    int64_t n, bad;
    int k, check;
    int32_t *out;
} run_t;

static void *run_rows(void *arg) {
    run_t *r = arg;
    r->bad = eval_run(r->t, r->codes, r->n, r->k, r->out, r->check);
    return NULL;
}

int64_t pr_eval_batch_threads(const pr_tables *t, const uint8_t *codes, int64_t n, int k,
                              int32_t *out, int check, int *why, int threads) {
    if (threads > PR_MAX_THREADS) threads = PR_MAX_THREADS;
    if (threads > n) threads = (int)n;
    if (threads <= 1) return pr_eval_batch(t, codes, n, k, out, check, why);
    run_t runs[PR_MAX_THREADS];
    pthread_t ids[PR_MAX_THREADS];
    int started[PR_MAX_THREADS];
    int64_t first = 0;
    for (int i = 0; i < threads; i++) {
        int64_t end = n * (i + 1) / threads;
        runs[i] = (run_t){t, codes + first * k, end - first, -1, k, check, out + first};
        first = end;
    }
    for (int i = 1; i < threads; i++)
        started[i] = pthread_create(&ids[i], NULL, run_rows, &runs[i]) == 0;
    run_rows(&runs[0]);
    for (int i = 1; i < threads; i++) {
        if (started[i]) pthread_join(ids[i], NULL);
        else run_rows(&runs[i]); /* no thread to be had: this one does the run */
    }
    first = 0;
    for (int i = 0; i < threads; i++) {
        if (runs[i].bad >= 0) {
            int64_t bad = first + runs[i].bad;
            why_of_row(t, codes + bad * k, k, why);
            return bad;
        }
        first += runs[i].n;
    }
    return -1;
}
#endif

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
        uint16_t v = t->pval[pr_slot(t->ph, rkey)];
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
    return group_key(&o, c);
}

int pr_key_category(const pr_tables *t, uint32_t skey) {
    return t->pos_cat[(skey >> 24) % PR_NCATEGORIES];
}
