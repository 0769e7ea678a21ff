# What the compiled modules of the package share: the evaluator's C interface
# (ext/pr_eval.h) and the tables pokerrules._core holds, one copy per process.
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int32_t, int64_t

cdef extern from "pr_eval.h" nogil:
    int PR_JOKER
    int PR_DECK_STANDARD, PR_DECK_PAIGOW, PR_DECK_PIQUET, PR_DECK_MASK
    int PR_WHEEL_SECOND, PR_ACE_LOW, PR_FLUSH_OVER_FULL
    int PR_STRAIGHT, PR_FLUSH, PR_STRAIGHT_FLUSH, PR_FIVE_ACES
    ctypedef struct pr_tables:
        int variant
        uint32_t *class_key
        uint8_t *class_cat
        int nclasses
        uint64_t deck_mask
        uint8_t cat_pos[10]
        uint8_t pos_cat[10]
    const pr_tables *pr_get_tables(int variant)
    uint64_t pr_table_bytes()
    uint16_t pr_eval_codes(const pr_tables *t, const uint8_t *codes, int n)
    int pr_check_codes(const pr_tables *t, const uint8_t *codes, int n, int *why)
    int64_t pr_eval_batch_threads(const pr_tables *t, const uint8_t *codes, int64_t n, int k,
                                  int32_t *out, int check, int *why, int threads)
    int pr_enumerate(const pr_tables *t, int k, uint64_t *counts)
    uint32_t pr_partial_key(const pr_tables *t, const uint8_t *codes, int n)
    int pr_key_category(const pr_tables *t, uint32_t skey)
    int pr_kernel(int level)


cdef const pr_tables *shared_tables(int variant) noexcept nogil
