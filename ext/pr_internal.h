/* What the evaluator's C files share among themselves (not part of pr_eval.h's
 * interface): the category order of a rules variant, the rank multisets of a
 * deck and the key and table builders of pr_keys.c. */
#ifndef PR_INTERNAL_H
#define PR_INTERNAL_H

#include "pr_eval.h"

#include <stddef.h>

typedef struct {
    uint8_t cat_pos[PR_NCATEGORIES];
    int variant;
} order_t;

typedef struct {
    uint32_t *keys;
    int (*counts)[13];
    int *joker; /* 1: the multiset stands beside the joker (its key includes it) */
    int n, cap;
} keyset_t;

static inline uint32_t pr_max_u32(uint32_t a, uint32_t b) { return a > b ? a : b; }

/* bytes of the tables built so far (pr_table_bytes) */
extern uint64_t pr_bytes_built;
void *pr_counted_calloc(size_t n, size_t size);
int pr_straight_strength(uint32_t m, int variant);
uint32_t pr_group_key(const order_t *o, const int *c);
uint32_t pr_flush_key(const order_t *o, uint32_t m);
uint32_t pr_joker_flush_key(const order_t *o, uint32_t m);
int pr_cmp_u32(const void *a, const void *b);
uint32_t pr_rank_mask(const int *c);
int pr_build_keyset(keyset_t *ks, int lo, int joker);
void pr_free_keyset(keyset_t *ks);
int pr_build_rows(pr_phash *ph, const uint32_t *rank_keys, int n);

#endif
