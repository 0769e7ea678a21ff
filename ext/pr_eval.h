/* pokerrules compiled core: card codes in, rank values out.
 *
 * Card code = rank * 4 + suit (rank 2..A -> 0..12, suits c d h s -> 0..3),
 * joker = 52.  A five-card value is a dense class index: 1 is the weakest
 * hand of the rules, higher is stronger, 0 means "not a hand".
 *
 * Every card has a 64-bit key.  The low 32 bits add up to the hand's rank
 * multiset written in base 5 (a rank never appears more than four times, the
 * joker adds 5^13), the high bits count suits, one nibble per suit, starting
 * at 3 so that bit 3 of a nibble lights up at five cards of a suit (the joker
 * adds one to every suit).  A perfect hash maps the multiset to its value;
 * a 13-bit rank mask of the flush suit indexes the flush tables.
 */
#ifndef PR_EVAL_H
#define PR_EVAL_H

#include <stdint.h>

#define PR_JOKER 52
#define PR_NCODES 53
#define PR_JOKER_RKEY 1220703125u /* 5^13 */
#define PR_KEY_START (0x3333ull << 32)
#define PR_FLUSH_BITS (0x8888ull << 32)

/* rules variant bits */
#define PR_DECK_STANDARD 0
#define PR_DECK_PAIGOW 1
#define PR_DECK_PIQUET 2
#define PR_DECK_MASK 3
#define PR_WHEEL_SECOND 4
#define PR_ACE_LOW 8
#define PR_FLUSH_OVER_FULL 16
#define PR_NVARIANTS 32

/* categories, numbered as the Python HandCategory enum */
enum {
    PR_HIGH_CARD, PR_ONE_PAIR, PR_TWO_PAIR, PR_THREE_OF_A_KIND, PR_STRAIGHT,
    PR_FLUSH, PR_FULL_HOUSE, PR_FOUR_OF_A_KIND, PR_STRAIGHT_FLUSH, PR_FIVE_ACES,
    PR_NCATEGORIES
};

typedef struct {
    uint32_t nbuckets, nslots;
    uint16_t *disp; /* per bucket: the displacement that places its keys */
} pr_phash;

typedef struct {
    int variant;
    const pr_phash *ph;   /* multisets of 5..7 real cards */
    const pr_phash *phj;  /* multisets of 4..6 real cards beside the joker */
    uint16_t *vals;       /* ph slot -> value */
    uint16_t *jvals;      /* phj slot -> value (NULL without joker) */
    uint16_t *flush;      /* 8192: rank mask of the flush suit -> value */
    uint16_t *jflush;     /* 8192: same with the joker (NULL without joker) */
    uint32_t *class_key;  /* value -> structured key (see pr_eval.c) */
    uint8_t *class_cat;   /* value -> category */
    int nclasses;
    uint64_t deck_mask;   /* bit per card code allowed */
    uint8_t cat_pos[PR_NCATEGORIES]; /* category -> position in the order */
    uint8_t pos_cat[PR_NCATEGORIES]; /* position -> category */
} pr_tables;

extern const uint64_t pr_card_key[PR_NCODES];

/* Bit scans for gcc/clang and MSVC (x must not be 0). */
#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>
static inline int pr_ctz32(uint32_t x) { unsigned long i; _BitScanForward(&i, x); return (int)i; }
static inline int pr_ctz64(uint64_t x) { unsigned long i; _BitScanForward64(&i, x); return (int)i; }
static inline int pr_clz32(uint32_t x) { unsigned long i; _BitScanReverse(&i, x); return 31 - (int)i; }
static inline int pr_popcount32(uint32_t x) { return (int)__popcnt(x); }
#else
static inline int pr_ctz32(uint32_t x) { return __builtin_ctz(x); }
static inline int pr_ctz64(uint64_t x) { return __builtin_ctzll(x); }
static inline int pr_clz32(uint32_t x) { return __builtin_clz(x); }
static inline int pr_popcount32(uint32_t x) { return __builtin_popcount(x); }
#endif

/* Builds (once) and returns the tables of a variant; NULL when out of memory. */
const pr_tables *pr_get_tables(int variant);
/* Bytes held by all tables built so far. */
uint64_t pr_table_bytes(void);

static inline uint32_t pr_fastrange(uint32_t x, uint32_t n) {
    return (uint32_t)(((uint64_t)x * n) >> 32);
}

static inline uint32_t pr_slot(const pr_phash *ph, uint32_t rkey) {
    uint64_t h = (uint64_t)rkey * 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
    uint32_t b = pr_fastrange((uint32_t)(h >> 32), ph->nbuckets);
    uint32_t d = ph->disp[b];
    return pr_fastrange((uint32_t)h ^ (d * 0x85EBCA6Bu), ph->nslots);
}

/* Value of 5..7 valid, distinct cards whose keys sum (from PR_KEY_START) to key.
 * Any codes up to 52 (duplicates, cards outside the deck) give some value
 * without reading outside the tables. */
static inline uint16_t pr_eval_key(const pr_tables *t, uint64_t key,
                                   const uint8_t *codes, int n) {
    uint32_t rk = (uint32_t)key;
    uint16_t v;
    if (rk >= PR_JOKER_RKEY) {
        if (!t->jvals) return 0; /* a joker under joker-free rules: unchecked input only */
        v = t->jvals[pr_slot(t->phj, rk - PR_JOKER_RKEY)];
    }
    else
        v = t->vals[pr_slot(t->ph, rk)];
    uint64_t f = key & PR_FLUSH_BITS;
    if (f) {
        int suit = (pr_ctz64(f) - 35) >> 2;
        uint32_t m = 0;
        int joker = 0;
        for (int i = 0; i < n; i++) {
            int c = codes[i];
            if (c == PR_JOKER) joker = 1;
            else if ((c & 3) == suit) m |= 1u << ((c >> 2) & 15);
        }
        m &= 8191u; /* only a concurrent writer can set more */
        const uint16_t *ft = joker ? t->jflush : t->flush;
        if (ft && ft[m] > v) v = ft[m];
    }
    return v;
}

static inline uint16_t pr_eval_codes(const pr_tables *t, const uint8_t *codes, int n) {
    uint64_t key = PR_KEY_START;
    for (int i = 0; i < n; i++) key += pr_card_key[codes[i]];
    return pr_eval_key(t, key, codes, n);
}

/* Checks n codes against the deck and for duplicates.
 * Returns -1 when fine, else the index of the first bad code. *why: 1 not in deck, 2 duplicate. */
static inline int pr_check_codes(const pr_tables *t, const uint8_t *codes, int n, int *why) {
    uint64_t seen = 0;
    for (int i = 0; i < n; i++) {
        int c = codes[i];
        if (c >= PR_NCODES || !((t->deck_mask >> c) & 1)) { *why = 1; return i; }
        if ((seen >> c) & 1) { *why = 2; return i; }
        seen |= 1ull << c;
    }
    return -1;
}

/* Evaluates n rows of k (5..7) codes, each at most 52, into out; with check,
 * stops at the first row with a duplicate or a card outside the deck and
 * returns its index (else -1), *why as in pr_check_codes. */
int64_t pr_eval_batch(const pr_tables *t, const uint8_t *codes, int64_t n, int k,
                      int32_t *out, int check, int *why);

/* Histogram of values over every k-card hand of the deck (k = 1..7), counts
 * indexed by value (size nclasses + 1). */
void pr_enumerate(const pr_tables *t, int k, uint64_t *counts);

/* Partial hand (0..5 valid distinct codes): structured key, higher is stronger. */
uint32_t pr_partial_key(const pr_tables *t, const uint8_t *codes, int n);
/* Category of a structured key. */
int pr_key_category(const pr_tables *t, uint32_t skey);

#endif
