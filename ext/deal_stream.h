/* The seeded deal stream: SplitMix64 words and Lemire's unbiased draws below n
 * (the algorithm as pokerrules.shuffle's text states it). The one implementation:
 * pokerrules.shuffle.DealStream draws through it (ext/core_deal.pxi), so a C engine
 * deals exactly the cards of new_game(seed=...). Header-only: every batch engine
 * and the compiled core include it. */
#ifndef POKERRULES_DEAL_STREAM_H
#define POKERRULES_DEAL_STREAM_H

#include <stdint.h>
#include <string.h>

#define DS_GAMMA 0x9E3779B97F4A7C15ull
#define DS_MIX1 0xBF58476D1CE4E5B9ull
#define DS_MIX2 0x94D049BB133111EBull
#define DS_SEED_LIMIT (1ull << 53) /* seeds are 0 .. 2**53 - 1 (shuffle.SEED_LIMIT) */

typedef struct {
    uint64_t seed;
    uint64_t drawn; /* words drawn so far: the stream's position */
} ds_stream;

static inline uint64_t ds_mix(uint64_t z) {
    z = (z ^ (z >> 30)) * DS_MIX1;
    z = (z ^ (z >> 27)) * DS_MIX2;
    return z ^ (z >> 31);
}

static inline void ds_start(ds_stream *s, uint64_t seed) {
    s->seed = seed;
    s->drawn = 0;
}

/* The next 64-bit word (DealStream.word). */
static inline uint64_t ds_word(ds_stream *s) {
    s->drawn++;
    return ds_mix(s->seed + s->drawn * DS_GAMMA);
}

/* The high and low words of a * b. */
static inline uint64_t ds_mul(uint64_t a, uint64_t b, uint64_t *low) {
#if defined(__SIZEOF_INT128__)
    unsigned __int128 m = (unsigned __int128)a * b;
    *low = (uint64_t)m;
    return (uint64_t)(m >> 64);
#else
    uint64_t al = a & 0xFFFFFFFFu, ah = a >> 32, bl = b & 0xFFFFFFFFu, bh = b >> 32;
    uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
    uint64_t mid = (ll >> 32) + (lh & 0xFFFFFFFFu) + (hl & 0xFFFFFFFFu);
    *low = (mid << 32) | (ll & 0xFFFFFFFFu);
    return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
#endif
}

/* A number below n (1 <= n < 2**64), each equally likely (DealStream.below). */
static inline uint64_t ds_below(ds_stream *s, uint64_t n) {
    uint64_t low, high = ds_mul(ds_word(s), n, &low);
    if (low < n) { /* only then can the word fall in the biased remainder */
        uint64_t threshold = (0 - n) % n;
        while (low < threshold) high = ds_mul(ds_word(s), n, &low);
    }
    return high;
}

/* Draws one of the *n codes of undealt (ascending) and removes it there
 * (DealStream.take). An empty pile (*n below 1) draws nothing: DS_EMPTY, the
 * stream and the pile unchanged. */
#define DS_EMPTY (-1)
static inline int ds_take(ds_stream *s, uint8_t *undealt, int *n) {
    if (*n < 1) return DS_EMPTY;
    int k = (int)ds_below(s, (uint64_t)*n);
    int code = undealt[k];
    memmove(undealt + k, undealt + k + 1, (size_t)(*n - k - 1));
    (*n)--;
    return code;
}

#endif
