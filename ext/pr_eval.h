/* pokerrules compiled core: card codes in, rank values out.
 *
 * Card code = rank * 4 + suit (rank 2..A -> 0..12, suits c d h s -> 0..3),
 * joker = 52.  A five-card value is a dense class index: 1 is the weakest
 * hand of the rules, higher is stronger, 0 means "not a hand".
 *
 * Every card has a 64-bit key.  The low 32 bits add up to the "rank key" of
 * the hand: each rank has a number (pr_rank_weight) chosen so that no two rank
 * multisets of up to seven cards (at most four of a rank) have the same sum;
 * the joker adds PR_JOKER_RKEY, above every sum of seven real cards.  The high
 * bits count suits, one nibble per suit, starting at 3 so that bit 3 of a
 * nibble lights up at five cards of a suit (the joker adds one to every suit).
 * A row-displacement table maps the rank key to a slot: the key's high bits
 * pick a row, whose offset plus the key's low bits is the slot.  The slot
 * gives the multiset's value under its deck's plain rules (two dependent loads
 * a hand); the rules with options map that value, and one bit a slot saying
 * whether the multiset makes the lowest straight, to their own (two loads
 * more, into tables of 30 KB and 10 KB).  A 13-bit rank mask of the flush suit
 * indexes the flush tables.
 */
#ifndef PR_EVAL_H
#define PR_EVAL_H

#include <stdint.h>

#include "pr_port.h" /* bit scans and popcounts */

#define PR_JOKER 52
#define PR_NCODES 53
#define PR_JOKER_RKEY 60384069u /* one more than the largest rank key of seven real cards */
/* The rank weights, 2 up to A: X(w) once for each, in order.  The one list that
 * pr_rank_weight, the card keys and the SIMD kernels' weight vectors are made of.
 * Found by a greedy search: each weight is the first one (from about 3.3 times
 * the last) at which no two multisets of up to seven cards of the ranks so far,
 * at most four of a rank, have the same sum. */
#define PR_RANK_WEIGHTS(X)                                                       \
    X(1) X(5) X(24) X(112) X(521) X(2247) X(9244) X(30823) X(103066) X(341190)  \
    X(1129190) X(3727292) X(12300548)
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

/* rank key -> slot: the key times an odd number, modulo 2^bits (a one-to-one
 * mix of the keys below 2^bits that spreads them evenly), picks the row by its
 * high bits; the slot is twice the row's entry plus the low bits. */
#define PR_ROW_SHIFT 12
#define PR_MIX 0x9E3779B1u
#define PR_ROW_LOW ((1u << PR_ROW_SHIFT) - 1)
/* keys of codes 53..255 in pr_batch_key: far above anything real cards add up to */
#define PR_BAD_CODE_KEY (1ull << 56)
/* a flush or a code above 52: the only keys that take the slow path */
#define PR_RARE_BITS (PR_FLUSH_BITS | ~(PR_BAD_CODE_KEY - 1))

typedef struct {
    uint32_t base;        /* added to the rank key first (the joker's share for phj) */
    uint32_t keymask;     /* 2^bits - 1: the mixed real rank keys of the deck differ
                             in their low bits */
    uint32_t nslots;      /* every slot is below this, whatever the key */
    const uint16_t *disp; /* row -> offset / 2 */
} pr_phash;

typedef struct {
    int variant;
    const pr_phash *ph;   /* rank keys of 5..7 real cards (and, in the deck with the
                             joker, of the joker beside 4..6 real cards) -> slot */
    const pr_phash *phj;  /* the same slots by the rank key of the real cards beside
                             the joker (NULL without joker) */
    const uint16_t *pval; /* ph slot -> value under the deck's plain rules (0: no hand) */
    const uint16_t *vmap; /* NULL for a deck's plain rules; else plain value << 1 | the
                             slot's bit of low -> value under these rules */
    const uint32_t *low;  /* a bit a slot: its multiset makes the lowest straight */
    const uint64_t *card_bit; /* 256: 1 << code for a card of the deck, else PR_BAD_BIT */
    uint16_t *flush;      /* 8192 (+1): rank mask of the flush suit -> value */
    uint16_t *jflush;     /* 8192 (+1): same with the joker (NULL without joker) */
    uint32_t *class_key;  /* value -> structured key (see pr_keys.c) */
    uint8_t *class_cat;   /* value -> category */
    int nclasses;
    uint64_t deck_mask;   /* bit per card code allowed */
    uint8_t cat_pos[PR_NCATEGORIES]; /* category -> position in the order */
    uint8_t pos_cat[PR_NCATEGORIES]; /* position -> category */
} pr_tables;

extern const uint64_t pr_card_key[PR_NCODES];
/* pr_card_key for codes 0..52 and PR_BAD_CODE_KEY above: any byte indexes it */
extern const uint64_t pr_batch_key[256];
extern const uint32_t pr_rank_weight[13];
#define PR_BAD_BIT (1ull << 60)
#define PR_CARD_BITS ((1ull << PR_NCODES) - 1)

/* Builds (once) and returns the tables of a variant; NULL when out of memory. */
const pr_tables *pr_get_tables(int variant);
/* Bytes held by all tables built so far. */
uint64_t pr_table_bytes(void);

/* Slot of a rank key; below ph->nslots for any key. */
static inline uint32_t pr_slot(const pr_phash *ph, uint32_t rkey) {
    uint32_t k = ((rkey + ph->base) * PR_MIX) & ph->keymask;
    return 2u * ph->disp[k >> PR_ROW_SHIFT] + (k & PR_ROW_LOW);
}

/* Value under the rules of a slot. */
static inline uint16_t pr_slot_value(const pr_tables *t, uint32_t slot) {
    uint32_t v = t->pval[slot];
    if (t->vmap) v = t->vmap[v << 1 | ((t->low[slot >> 5] >> (slot & 31)) & 1u)];
    return (uint16_t)v;
}

/* Best hand without flushes of a rank key. */
static inline uint16_t pr_plain_value(const pr_tables *t, uint32_t rkey) {
    return pr_slot_value(t, pr_slot(t->ph, rkey));
}

/* The value of a hand with five cards of one suit (the joker counting in every
 * suit): the better of its plain value v and the flush tables' entry of m,
 * the rank mask of that suit. */
static inline uint16_t pr_flush_value(const pr_tables *t, uint16_t v, uint32_t m, int joker) {
    const uint16_t *ft = joker && t->jflush ? t->jflush : t->flush;
    uint16_t f = ft[m & 8191u];
    return f > v ? f : v;
}

/* Value of 5..7 valid, distinct cards whose keys sum (from PR_KEY_START) to key.
 * Any codes up to 52 (duplicates, cards outside the deck) give some value
 * without reading outside the tables. */
static inline uint16_t pr_eval_key(const pr_tables *t, uint64_t key,
                                   const uint8_t *codes, int n) {
    uint16_t v = pr_plain_value(t, (uint32_t)key);
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
        v = pr_flush_value(t, v, m, joker); /* m & 8191: only a concurrent writer sets more */
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

/* Evaluates n rows of k (5..7) codes (any bytes) into out.  Returns the index
 * of the first row holding a code above 52 or, with check, a duplicate or a
 * card outside the deck (else -1), *why as in pr_check_codes.  Unchecked rows
 * of codes up to 52 that are no hand get some value.  Each row is read once.
 * With threads > 1 (POSIX or Win32 threads, at most 64) the rows are split
 * into that many runs; the results are the same. */
int64_t pr_eval_batch(const pr_tables *t, const uint8_t *codes, int64_t n, int k,
                      int32_t *out, int check, int *why);
int64_t pr_eval_batch_threads(const pr_tables *t, const uint8_t *codes, int64_t n, int k,
                              int32_t *out, int check, int *why, int threads);

/* The batch kernel: 0 scalar, 1 AVX2, 2 AVX-512 (F, BW, VBMI, VPOPCNTDQ).  level >= 0
 * sets it (at most what the CPU has); level < 0 chooses by CPU features if nothing was
 * chosen yet (AVX-512 where present, else scalar), once: callers that race to choose
 * first all get the one choice.  Returns the kernel in use.  The module that loads the
 * kernel calls it once at import (POKERRULES_KERNEL is read there), so worker threads
 * never choose. */
int pr_kernel(int level);

/* Adds the histogram of values over every k-card hand of the deck (k = 5..7;
 * others add nothing) to counts, indexed by value (size nclasses + 1): each
 * hand counted as pr_eval_key ranks it, by rank multiset (see pr_enum.c).
 * Returns 0 (-1 would be out of memory; it needs none). */
int pr_enumerate(const pr_tables *t, int k, uint64_t *counts);

/* Partial hand (0..5 valid distinct codes): structured key, higher is stronger. */
uint32_t pr_partial_key(const pr_tables *t, const uint8_t *codes, int n);
/* Category of a structured key. */
int pr_key_category(const pr_tables *t, uint32_t skey);

#endif
