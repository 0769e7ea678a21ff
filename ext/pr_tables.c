/* The decks (perfect hash, classes, signatures) and the tables of each rules
 * variant, built from the keys of pr_keys.c. */
#include "pr_internal.h"

#include <stdlib.h>
#include <string.h>

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
    s.group = pr_group_key(&plain_order, cc);
    uint32_t m = pr_rank_mask(c);
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

/* The structured key of a signature under an order (see pr_straight_strength). */
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
    return pr_max_u32(g, ((uint32_t)o->cat_pos[PR_STRAIGHT] << 24) | ((uint32_t)strength << 16));
}

typedef struct {
    pr_phash ph, phj;
    const uint16_t *cls;   /* slot -> class of the deck (0: no hand); the generator's */
    const uint16_t *pval0; /* slot -> value under the deck's plain rules; nslots + 1 entries */
    const uint32_t *low;   /* a bit a slot: its multiset makes the lowest straight */
    const signature_t *sigs; /* class - 1 -> signature */
    int nsig;
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
    if (pr_build_keyset(&ks, piquet ? 5 : 0, joker) < 0 || pr_build_rows(&d->ph, ks.keys, ks.n) < 0) {
        pr_free_keyset(&ks);
        return NULL;
    }
    d->phj = d->ph;
    d->phj.base = PR_JOKER_RKEY;
    uint64_t *codes = malloc(ks.n * sizeof(uint64_t));
    uint64_t *distinct = malloc(ks.n * sizeof(uint64_t));
    uint16_t *cls = calloc(d->ph.nslots + 1, sizeof(uint16_t));
    signature_t *sigs = malloc((ks.n + 1) * sizeof(signature_t));
    if (!codes || !distinct || !cls || !sigs) {
        free(codes); free(distinct); pr_free_keyset(&ks);
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
    pr_free_keyset(&ks);
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
    d->low = g->low;
    d->sigs = g->sigs;
    d->nsig = g->nsig;
    set_card_bits(d, which);
    pr_bytes_built += (uint64_t)(((g->keymask >> PR_ROW_SHIFT) + 2) + g->nslots + 1) * sizeof(uint16_t)
                   + (uint64_t)g->nsig * sizeof(signature_t) + (g->nslots / 32 + 1) * 4;
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

/* The map from (plain value << 1 | lowest straight) to the values of a
 * variant with options: the options move only the straights and the flush
 * against the full house, so the multisets of one plain value and bit have one
 * value under the variant (each pair checked).  2 * (plain classes + 1)
 * entries, and one more for the SIMD kernels' 32-bit reads. */
static uint16_t *options_map(const deck_t *dk, int deck, const uint16_t *cval) {
    const pr_tables *t0 = pr_get_tables(deck);
    if (!t0) return NULL;
    order_t o0;
    o0.variant = deck;
    memcpy(o0.cat_pos, t0->cat_pos, sizeof o0.cat_pos);
    uint32_t size = 2u * ((uint32_t)t0->nclasses + 1);
    uint16_t *map = pr_counted_calloc(size + 1, sizeof(uint16_t));
    if (!map) return NULL;
    for (int i = 0; i < dk->nsig; i++) {
        uint32_t v0 = dense(t0->class_key + 1, t0->nclasses, signature_key(&o0, dk->sigs[i]));
        uint32_t entry = v0 << 1 | dk->sigs[i].low;
        if (!v0 || (map[entry] && map[entry] != cval[i + 1]))
            return NULL; /* cannot happen: the tests cover every variant */
        map[entry] = cval[i + 1];
    }
    return map;
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

    pr_tables *t = pr_counted_calloc(1, sizeof(pr_tables));
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
    /* a deck's plain rules read the slot values as they are; the generator makes them */
    int plain = variant == deck;
    uint16_t *pval = dk->pval0 ? NULL : pr_counted_calloc(dk->ph.nslots + 1, sizeof(uint16_t));
    t->flush = pr_counted_calloc(8192 + 1, sizeof(uint16_t));
    if (joker) t->jflush = pr_counted_calloc(8192 + 1, sizeof(uint16_t));
    if (!skv || !skf || !all || !cval || (!dk->pval0 && !pval) || !t->flush ||
        (joker && (!skjf || !t->jflush))) {
        free(skv); free(skf); free(skjf); free(all); free(cval);
        return NULL; /* the little already counted stays allocated: out of memory anyway */
    }
    int nall = 0;
    for (int i = 0; i < dk->nsig; i++) all[nall++] = skv[i + 1] = signature_key(&o, dk->sigs[i]);
    for (uint32_t m = 0; m < 8192; m++) {
        if (piquet && (m & 31u)) continue;
        int bits = pr_popcount32(m);
        if (bits >= 5 && bits <= 7) all[nall++] = skf[m] = pr_flush_key(&o, m);
        if (joker && bits >= 4 && bits <= 6) all[nall++] = skjf[m] = pr_joker_flush_key(&o, m);
    }
    qsort(all, nall, sizeof(uint32_t), pr_cmp_u32);
    int nc = 0;
    for (int i = 0; i < nall; i++)
        if (nc == 0 || all[nc - 1] != all[i]) all[nc++] = all[i];
    t->nclasses = nc;
    t->class_key = pr_counted_calloc(nc + 1, sizeof(uint32_t));
    t->class_cat = pr_counted_calloc(nc + 1, 1);
    if (!t->class_key || !t->class_cat) {
        free(skv); free(skf); free(skjf); free(all); free(cval);
        return NULL;
    }
    for (int i = 0; i < nc; i++) {
        t->class_key[i + 1] = all[i];
        t->class_cat[i + 1] = t->pos_cat[all[i] >> 24];
    }
    for (int i = 1; i <= dk->nsig; i++) cval[i] = dense(all, nc, skv[i]);
    int ok = 1;
    if (dk->pval0) {
        t->pval = dk->pval0;
        if (!plain) {
            t->low = dk->low;
            ok = (t->vmap = options_map(dk, deck, cval)) != NULL;
        }
    } else { /* the generator: the plain rules only */
        for (uint32_t slot = 0; slot < dk->ph.nslots; slot++) pval[slot] = cval[dk->cls[slot]];
        t->pval = pval;
        ok = plain;
    }
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
