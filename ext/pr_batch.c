/* Batch evaluation: the scalar kernel, the SIMD kernels and the threads. */
#define PR_WANT_THREADS /* pr_port.h's threads */
#include "pr_internal.h"

#include <stdlib.h>
#include <string.h>

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

/* ----------------------------------------------------------------- batch */

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

/* Rows of k codes; k, check and mapped (the rules read their values through
 * t->vmap) are constants at each call site, so that the compiler unrolls the
 * card loop and drops what is not asked for.  The key and the check read each
 * code once, together.  Every table index comes from a code byte through a
 * 256-entry table, or through a mask, so that no input, not even one that
 * another thread changes meanwhile, reads outside the tables: such a writer
 * can only make the row's value wrong. */
static inline int64_t eval_rows(const pr_tables *t, const uint8_t *codes, int64_t n,
                                const int k, int32_t *out, const int check, const int mapped) {
    const uint16_t *disp = t->ph->disp;
    const uint32_t keymask = t->ph->keymask;
    const uint16_t *pval = t->pval, *vmap = t->vmap;
    const uint32_t *low = t->low;
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
        uint32_t slot = 2u * disp[mk >> PR_ROW_SHIFT] + (mk & PR_ROW_LOW);
        int32_t v = pval[slot];
        if (mapped) v = vmap[(uint32_t)v << 1 | ((low[slot >> 5] >> (slot & 31)) & 1u)];
        if (key & PR_RARE_BITS) {
            v = rare_row(t, key, (uint16_t)v, c, k);
            if (v < 0) return i; /* a code above 52 */
        }
        out[i] = v;
    }
    return -1;
}

/* The kernel of a (k, check, mapped) case, each compiled apart. */
#define PR_CASES(kernel, ...)                                                              \
    switch (k * 4 + (check ? 2 : 0) + (t->vmap ? 1 : 0)) {                                \
    case 20: return kernel(__VA_ARGS__, 5, out, 0, 0);                                     \
    case 21: return kernel(__VA_ARGS__, 5, out, 0, 1);                                     \
    case 22: return kernel(__VA_ARGS__, 5, out, 1, 0);                                     \
    case 23: return kernel(__VA_ARGS__, 5, out, 1, 1);                                     \
    case 24: return kernel(__VA_ARGS__, 6, out, 0, 0);                                     \
    case 25: return kernel(__VA_ARGS__, 6, out, 0, 1);                                     \
    case 26: return kernel(__VA_ARGS__, 6, out, 1, 0);                                     \
    case 27: return kernel(__VA_ARGS__, 6, out, 1, 1);                                     \
    case 28: return kernel(__VA_ARGS__, 7, out, 0, 0);                                     \
    case 29: return kernel(__VA_ARGS__, 7, out, 0, 1);                                     \
    case 30: return kernel(__VA_ARGS__, 7, out, 1, 0);                                     \
    default: return kernel(__VA_ARGS__, 7, out, 1, 1);                                     \
    }

static int64_t eval_run_scalar(const pr_tables *t, const uint8_t *codes, int64_t n, int k,
                               int32_t *out, int check) {
    PR_CASES(eval_rows, t, codes, n)
}

/* ------------------------------------------------------------ SIMD batch
 *
 * 16 rows (AVX-512) or 8 (AVX2) at a time, one 32-bit lane a row: the rank
 * key and the suit counters (one nibble a suit) from 16-entry register tables,
 * the check as bit sets of the card codes (AVX-512: 0..31 and 32..52, distinct
 * when their popcounts add up to k; AVX2: 0..25 and 26..52, distinct when their
 * sums equal their ORs, which no carry can fake at that width), then the same two
 * gathers as the scalar loop.  A lane with a code above 52 or a failed check
 * goes to the scalar kernel, which is the reference, and so does a flush in the
 * AVX2 kernel; the AVX-512 kernel lists its flushes and weighs them after each
 * chunk with the scalar kernel's rare_row.  Compiled with function attributes,
 * so the extension builds and runs anywhere; chosen by CPU features at run time.
 * Only where pr_port.h finds a compiler and target for them (PR_HAVE_SIMD). */
#ifdef PR_HAVE_SIMD
#include <immintrin.h>

/* One row again by the scalar kernel: -1 if fine, else 0. */
static int64_t scalar_row(const pr_tables *t, const uint8_t *row, int k, int32_t *out, int check) {
    return eval_run_scalar(t, row, 1, k, out, check);
}

#define PR_CHUNK_BLOCKS 64

/* The rows of a chunk (from row i, nb blocks of width rows) that the SIMD loop
 * left to the scalar kernel, in order: the first bad row, or -1. */
static int64_t scalar_rows(const pr_tables *t, const uint8_t *codes, int k, int32_t *out,
                           int check, int64_t i, int width, const uint16_t *rares, int nb) {
    for (int blk = 0; blk < nb; blk++) {
        for (unsigned rare = rares[blk]; rare; rare &= rare - 1) {
            int64_t row = i + width * blk + pr_ctz32(rare);
            if (scalar_row(t, codes + row * k, k, out + row, check) >= 0) return row;
        }
    }
    return -1;
}

/* The last rows, fewer than a block, by the scalar kernel. */
static int64_t scalar_tail(const pr_tables *t, const uint8_t *codes, int64_t n, int k,
                           int32_t *out, int check, int64_t i) {
    int64_t bad = eval_run_scalar(t, codes + i * k, n - i, k, out + i, check);
    return bad < 0 ? -1 : i + bad;
}

/* The rank weights by code >> 2 (the joker's at 13), as the SIMD kernels' lanes. */
#define LANE(w) w,
static const int32_t weight_lanes[16] = {PR_RANK_WEIGHTS(LANE) (int32_t)PR_JOKER_RKEY, 0, 0};
#undef LANE

#define PR_TARGET_AVX512 __attribute__((target("avx512f,avx512bw,avx512vbmi,avx512vpopcntdq")))

PR_TARGET_AVX512 static inline int64_t eval_rows_avx512(
    const pr_tables *t, const uint8_t *codes, int64_t n, const int joker, const int k,
    int32_t *out, const int check, const int mapped) {
    /* rank weights by code >> 2 (the joker's at 13); suit counts by code & 15,
     * where the joker (52 & 15 = 4) counts a club.  In its own deck the rest of
     * its share is added apart; outside it, it is no card (refused with the
     * check), and the flush it could complete with four of a suit is worth
     * nothing in the flush table, as in the scalar kernel */
    const __m512i wtab = _mm512_loadu_si512(weight_lanes);
    const __m512i stab = _mm512_setr_epi32(1, 16, 256, 4096, 1, 16, 256, 4096, 1, 16, 256,
                                           4096, 1, 16, 256, 4096);
    __m512i idx[7]; /* byte j of each row to byte 0 of its lane, the other bytes zeroed */
    for (int j = 0; j < k; j++) {
        uint8_t b[64] = {0};
        for (int i = 0; i < 16; i++) b[4 * i] = (uint8_t)(i * k + j);
        idx[j] = _mm512_loadu_si512(b);
    }
    const __mmask64 byte0 = 0x1111111111111111ull, tail = (1ull << (16 * k - 64)) - 1;
    const __m512i zero = _mm512_setzero_si512();
    const __m512i one = _mm512_set1_epi32(1), c31 = _mm512_set1_epi32(31);
    const __m512i c32 = _mm512_set1_epi32(32);
    const __m512i c52 = _mm512_set1_epi32(52), c52b = _mm512_set1_epi8(52);
    const __m512i jrest = _mm512_set1_epi32(0x1110), kk = _mm512_set1_epi32(k);
    const __m512i mix = _mm512_set1_epi32((int)PR_MIX);
    const __m512i keymask = _mm512_set1_epi32((int)t->ph->keymask);
    const __m512i rowlow = _mm512_set1_epi32(PR_ROW_LOW), m16 = _mm512_set1_epi32(0xFFFF);
    const __m512i flushbits = _mm512_set1_epi32(0x8888);
    const __m512i notlo = _mm512_set1_epi32((int)~(uint32_t)t->deck_mask);
    const __m512i nothi = _mm512_set1_epi32((int)~(uint32_t)(t->deck_mask >> 32));
    const void *disp = t->ph->disp, *pval = t->pval, *vmap = t->vmap, *low = t->low;
    int64_t i = 0;
    const __m512i lanes = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    /* after a chunk of blocks, without a branch in the loop: the lanes for the
     * scalar kernel (a failed check, a code above 52), and the flushes, listed
     * (their rows in the chunk and suit counts) for rare_row */
    uint16_t rares[PR_CHUNK_BLOCKS];
    int32_t flush_rows[16 * PR_CHUNK_BLOCKS + 16], flush_suits[16 * PR_CHUNK_BLOCKS + 16];
    while (i + 16 <= n) {
      int nb = (int)((n - i) / 16 < PR_CHUNK_BLOCKS ? (n - i) / 16 : PR_CHUNK_BLOCKS);
      /* three stages a block apart, so that no gather waits on the one before it:
       * the keys of block blk, the slots of blk - 1, the values of blk - 2 */
      __m512i key1 = zero, slot2 = zero;
      int nflush = 0;
      for (int blk = 0; blk < nb + 2; blk++) {
        if (blk >= 2) {
            __m512i v = _mm512_and_si512(_mm512_i32gather_epi32(slot2, pval, 2), m16);
            if (mapped) {
                __m512i bit = _mm512_srlv_epi32(
                    _mm512_i32gather_epi32(_mm512_srli_epi32(slot2, 5), low, 4),
                    _mm512_and_si512(slot2, c31));
                v = _mm512_ternarylogic_epi32(_mm512_slli_epi32(v, 1), bit, one, 0xF8);
                v = _mm512_and_si512(_mm512_i32gather_epi32(v, vmap, 2), m16);
            }
            _mm512_storeu_si512(out + i + 16 * (blk - 2), v);
        }
        if (blk >= 1 && blk <= nb) {
            __m512i d = _mm512_and_si512(
                _mm512_i32gather_epi32(_mm512_srli_epi32(key1, PR_ROW_SHIFT), disp, 2), m16);
            slot2 = _mm512_add_epi32(_mm512_slli_epi32(d, 1), _mm512_and_si512(key1, rowlow));
        }
        if (blk >= nb) continue;
        const uint8_t *c = codes + (i + 16 * blk) * k;
        const __m512i a = _mm512_loadu_si512(c);
        const __m512i b = _mm512_maskz_loadu_epi8(tail, c + 64);
        /* a code above 52 leaves the block to the scalar kernel, which names its row */
        __mmask16 rare = _mm512_cmpgt_epu8_mask(a, c52b) | _mm512_cmpgt_epu8_mask(b, c52b)
                             ? 0xFFFF : 0;
        __m512i rk = zero, sk = _mm512_set1_epi32(0x3333), olo = zero, ohi = zero;
        for (int j = 0; j < k; j++) {
            __m512i cc = _mm512_maskz_permutex2var_epi8(byte0, a, idx[j], b);
            rk = _mm512_add_epi32(rk, _mm512_permutexvar_epi32(_mm512_srli_epi32(cc, 2), wtab));
            sk = _mm512_add_epi32(sk, _mm512_permutexvar_epi32(cc, stab));
            if (joker)
                sk = _mm512_mask_add_epi32(sk, _mm512_cmpeq_epi32_mask(cc, c52), sk, jrest);
            if (check) { /* bit sets of codes 0..31 and 32..52 */
                olo = _mm512_or_si512(olo, _mm512_sllv_epi32(one, cc));
                ohi = _mm512_or_si512(ohi, _mm512_sllv_epi32(one, _mm512_sub_epi32(cc, c32)));
            }
        }
        key1 = _mm512_and_si512(_mm512_mullo_epi32(rk, mix), keymask);
        __mmask16 fl = _mm512_test_epi32_mask(sk, flushbits);
        _mm512_storeu_si512(flush_rows + nflush, _mm512_maskz_compress_epi32(
                                fl, _mm512_add_epi32(lanes, _mm512_set1_epi32(16 * blk))));
        _mm512_storeu_si512(flush_suits + nflush, _mm512_maskz_compress_epi32(fl, sk));
        nflush += pr_popcount32(fl);
        if (check) /* k distinct cards, all of the deck */
            rare |= _mm512_cmpneq_epi32_mask(
                        _mm512_add_epi32(_mm512_popcnt_epi32(olo), _mm512_popcnt_epi32(ohi)), kk) |
                    _mm512_test_epi32_mask(olo, notlo) | _mm512_test_epi32_mask(ohi, nothi);
        rares[blk] = rare;
      }
      for (int e = 0; e < nflush; e++) {
        int64_t row = i + flush_rows[e];
        uint64_t key = (uint64_t)(uint32_t)flush_suits[e] << 32; /* the flush bits */
        out[row] = rare_row(t, key, (uint16_t)out[row], codes + row * k, k);
      }
      int64_t bad = scalar_rows(t, codes, k, out, check, i, 16, rares, nb);
      if (bad >= 0) return bad;
      i += 16 * nb;
    }
    return scalar_tail(t, codes, n, k, out, check, i);
}

#define PR_DECK_LO(t) ((uint32_t)((t)->deck_mask & 0x3FFFFFFu))
#define PR_DECK_HI(t) ((uint32_t)((t)->deck_mask >> 26))

/* Lanes of b where mask (whole lanes of ones) is set, else of a.  Not
 * _mm256_blendv_epi8: gcc 12 folds it into a test of signed chars, which
 * -funsigned-char (ARM's char, chosen on x86) turns into a test that never holds. */
__attribute__((target("avx2")))
static inline __m256i blend_avx2(__m256i a, __m256i b, __m256i mask) {
    return _mm256_or_si256(_mm256_andnot_si256(mask, a), _mm256_and_si256(mask, b));
}

__attribute__((target("avx2")))
static inline int64_t eval_rows_avx2(const pr_tables *t, const uint8_t *codes, int64_t n,
                                     const int k, int32_t *out, const int check,
                                     const int mapped) {
    /* the weights of ranks 0..7, then of 8..12 and the joker: a permute each */
    const __m256i wlo = _mm256_loadu_si256((const __m256i *)(const void *)weight_lanes);
    const __m256i whi = _mm256_loadu_si256((const __m256i *)(const void *)(weight_lanes + 8));
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
    const int *vmap = (const int *)(const void *)t->vmap;
    const int *low = (const int *)(const void *)t->low;
    const __m256i c31 = _mm256_set1_epi32(31);
    int64_t i = 0;
    uint16_t rares[PR_CHUNK_BLOCKS];
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
            __m256i w = blend_avx2(_mm256_permutevar8x32_epi32(wlo, r),
                                   _mm256_permutevar8x32_epi32(whi, r), _mm256_cmpgt_epi32(r, c7));
            rk = _mm256_add_epi32(rk, w);
            __m256i su = _mm256_sllv_epi32(one, _mm256_slli_epi32(_mm256_and_si256(cc, three), 2));
            su = blend_avx2(su, jsuits, _mm256_cmpeq_epi32(cc, c52));
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
        if (mapped) {
            __m256i bit = _mm256_srlv_epi32(
                _mm256_i32gather_epi32(low, _mm256_srli_epi32(slot, 5), 4),
                _mm256_and_si256(slot, c31));
            v = _mm256_or_si256(_mm256_slli_epi32(v, 1), _mm256_and_si256(bit, one));
            v = _mm256_and_si256(_mm256_i32gather_epi32(vmap, v, 2), m16);
        }
        __m256i ok = _mm256_cmpeq_epi32(_mm256_and_si256(sk, flushbits), zero);
        if (check) {
            ok = _mm256_and_si256(ok, _mm256_cmpeq_epi32(slo, olo));
            ok = _mm256_and_si256(ok, _mm256_cmpeq_epi32(shi, ohi));
            ok = _mm256_and_si256(ok, _mm256_cmpeq_epi32(_mm256_and_si256(olo, notlo), zero));
            ok = _mm256_and_si256(ok, _mm256_cmpeq_epi32(_mm256_and_si256(ohi, nothi), zero));
        }
        rare = _mm256_or_si256(rare, _mm256_andnot_si256(ok, _mm256_set1_epi32(-1)));
        _mm256_storeu_si256((__m256i *)(void *)(out + i + 8 * blk), v);
        rares[blk] = (uint16_t)_mm256_movemask_ps(_mm256_castsi256_ps(rare));
      }
      int64_t bad = scalar_rows(t, codes, k, out, check, i, 8, rares, nb);
      if (bad >= 0) return bad;
      i += 8 * nb;
    }
    return scalar_tail(t, codes, n, k, out, check, i);
}

PR_TARGET_AVX512 static int64_t run_avx512(const pr_tables *t, const uint8_t *codes, int64_t n,
                                           int k, int32_t *out, int check) {
    if (t->phj) PR_CASES(eval_rows_avx512, t, codes, n, 1)
    PR_CASES(eval_rows_avx512, t, codes, n, 0)
}

__attribute__((target("avx2"))) static int64_t run_avx2(const pr_tables *t, const uint8_t *codes,
                                                        int64_t n, int k, int32_t *out,
                                                        int check) {
    PR_CASES(eval_rows_avx2, t, codes, n)
}
#endif

/* 0: scalar, 1: AVX2, 2: AVX-512 (F, BW, VBMI, VPOPCNTDQ); -1 until chosen.  Atomic:
 * worker threads read it while a test may set it. */
static pr_atomic_int kernel_level = -1;

static int cpu_level(void) {
#ifdef PR_HAVE_SIMD
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("avx512vpopcntdq"))
        return 2;
    if (__builtin_cpu_supports("avx2")) return 1;
#endif
    return 0;
}

int pr_kernel(int level) {
    int best = cpu_level();
    if (level >= 0) {
        pr_atomic_store(&kernel_level, level < best ? level : best);
        return pr_atomic_load(&kernel_level);
    }
    /* the AVX2 kernel only on request: it fetches the code bytes by gathers and
     * ran slower than the scalar kernel where measured (Zen 4).  The first choice
     * stands: a caller that loses the race gets the winner's. */
    return pr_atomic_set_if(&kernel_level, -1, best == 1 ? 0 : best);
}

static int64_t eval_run(const pr_tables *t, const uint8_t *codes, int64_t n, int k,
                        int32_t *out, int check) {
    int level = pr_atomic_load(&kernel_level);
    if (level < 0) level = pr_kernel(-1);
#ifdef PR_HAVE_SIMD
    if (level == 2) return run_avx512(t, codes, n, k, out, check);
    if (level == 1) return run_avx2(t, codes, n, k, out, check);
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
 * bad row and the lowest of those is the answer, as with one thread.  A run whose
 * thread cannot be started (or a build without threads) runs on the caller's. */
#define PR_MAX_THREADS 64

typedef struct {
    const pr_tables *t;
    const uint8_t *codes;
    int64_t n, bad;
    int k, check;
    int32_t *out;
} run_t;

static void run_rows(void *arg) {
    run_t *r = arg;
    r->bad = eval_run(r->t, r->codes, r->n, r->k, r->out, r->check);
}

int64_t pr_eval_batch_threads(const pr_tables *t, const uint8_t *codes, int64_t n, int k,
                              int32_t *out, int check, int *why, int threads) {
    if (threads > PR_MAX_THREADS) threads = PR_MAX_THREADS;
    if (threads > n) threads = (int)n;
    if (threads <= 1) return pr_eval_batch(t, codes, n, k, out, check, why);
    run_t runs[PR_MAX_THREADS];
    pr_thread_call calls[PR_MAX_THREADS];
    pr_thread ids[PR_MAX_THREADS];
    int started[PR_MAX_THREADS];
    int64_t first = 0;
    for (int i = 0; i < threads; i++) {
        int64_t end = n * (i + 1) / threads;
        runs[i] = (run_t){t, codes + first * k, end - first, -1, k, check, out + first};
        calls[i] = (pr_thread_call){run_rows, &runs[i]};
        first = end;
    }
    for (int i = 1; i < threads; i++) started[i] = pr_thread_start(&ids[i], &calls[i]) == 0;
    run_rows(&runs[0]);
    for (int i = 1; i < threads; i++) {
        if (started[i]) pr_thread_join(ids[i]);
        else run_rows(&runs[i]);
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
