/* The hand as the house ways read it (internal to the Pai Gow kernels): its
 * groups by rank, the joker counted as an ace, whether some five cards make a
 * straight or a flush, and the helpers that name front cards. Tables built by
 * pg_prepare (paigow.c).
 */
#ifndef PG_HAND_H
#define PG_HAND_H

#include <string.h>

#include "paigow.h"

enum { RANK_SEVEN = 5, RANK_NINE = 7, RANK_TEN = 8, RANK_JACK = 9, RANK_QUEEN = 10, RANK_KING = 11,
       RANK_ACE = 12 };

#define NATURAL_CARDS ((1ull << 52) - 1)

/* Per rules variant: every two-card key (pr_partial_key), by code pair. */
extern uint32_t *pg_front_keys[PR_NVARIANTS];
/* By 13-bit rank mask: bit 0 a straight, bit 1 a straight once the joker fills a gap. */
extern uint8_t pg_straights[8192];
/* By 13-bit rank mask and joker (0, 1): the top rank of the lowest straight (3 for
 * A-2-3-4-5), -1 when none. */
extern int8_t pg_lowest_straight[8192][2];
/* By 13-bit rank mask: its ranks, highest first, -1 past the last (five at most
 * are read), and how many it holds. */
extern int8_t pg_mask_ranks[8192][5];
extern uint8_t pg_mask_count[8192];

/* Bits set (portable: the build does not assume a popcount instruction). */
static inline int count_bits(uint32_t x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (int)((x * 0x01010101u) >> 24);
}

typedef struct {
    const pr_tables *t;
    const uint8_t *hand;
    const uint32_t *fkeys;
    uint64_t key;         /* pr_card_key sum of the seven cards, from PR_KEY_START */
    uint64_t cards;       /* the natural cards, bit per code */
    int joker;            /* the joker is in the hand (and among the aces) */
    int straight, flush;  /* some five of the seven make a straight / a flush */
    int any_sf;           /* some five of the seven make a straight or a flush */
    uint32_t ranks;       /* the natural cards' ranks, bit per rank */
    uint32_t by_count[6]; /* rank masks by number of cards, the joker an ace */
} hand_info;

static inline int top(uint32_t ranks) { return 31 - pr_clz32(ranks); }

static inline void read_hand(hand_info *in, const pr_tables *t, const uint8_t hand[7]) {
    in->t = t;
    in->hand = hand;
    in->fkeys = pg_front_keys[t->variant];
    uint64_t key = PR_KEY_START, cards = 0;
    for (int i = 0; i < 7; i++) {
        key += pr_card_key[hand[i]];
        cards |= 1ull << hand[i];
    }
    in->key = key;
    int joker = (int)(cards >> PR_JOKER);
    in->joker = joker;
    cards &= NATURAL_CARDS;
    in->cards = cards;
    /* cards per rank, one nibble per rank; the joker joins the aces */
    uint64_t x = cards - ((cards >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    uint32_t *by = in->by_count;
    by[0] = by[1] = by[2] = by[3] = by[4] = by[5] = 0;
    for (int r = 0; r < 13; r++) by[(x >> (4 * r)) & 7] |= 1u << r;
    uint32_t ranks = ~by[0] & 0x1FFFu;
    /* the joker's key adds a card to every suit, and it fills one gap of a run */
    in->flush = (key & PR_FLUSH_BITS) != 0;
    in->ranks = ranks;
    in->straight = (pg_straights[ranks] & (1 + joker)) != 0;
    in->any_sf = in->flush || in->straight;
    if (joker) {
        int aces = (int)((x >> (4 * RANK_ACE)) & 7);
        by[aces] &= ~(1u << RANK_ACE);
        by[aces + 1] |= 1u << RANK_ACE;
    }
}

/* The cards of a rank as a 5-bit set: bits 0..3 the suits, bit 4 the joker
 * among the aces; rank * 4 + bit index is the code (12 * 4 + 4 = 52). */
static inline uint32_t rank_cards(const hand_info *in, int r) {
    uint32_t bits = (uint32_t)(in->cards >> (4 * r)) & 15u;
    if (r == RANK_ACE && in->joker) bits |= 16u;
    return bits;
}

/* The lowest code of a rank. */
static inline int lowest(const hand_info *in, int r) { return 4 * r + pr_ctz32(rank_cards(in, r)); }

typedef struct {
    int a, b; /* the two front codes */
} front_t;

static inline front_t two_of(const hand_info *in, int r) { /* the two lowest codes of a rank */
    uint32_t bits = rank_cards(in, r);
    front_t f;
    f.a = 4 * r + pr_ctz32(bits);
    bits &= bits - 1;
    f.b = 4 * r + pr_ctz32(bits);
    return f;
}

static inline front_t pick(int a, int b) {
    front_t f;
    f.a = a;
    f.b = b;
    return f;
}

/* The two highest singletons. */
static inline front_t two_singles(const hand_info *in) {
    uint32_t s = in->by_count[1];
    int r1 = top(s);
    return pick(lowest(in, r1), lowest(in, top(s & ~(1u << r1))));
}

static inline uint32_t front_key(const hand_info *in, int a, int b) {
    return in->fkeys[a * PR_NCODES + b];
}

/* The value of the back left when the hand's cards i and j go in front. */
static inline uint16_t back_value(const hand_info *in, int i, int j) {
    uint8_t back[5];
    int n = 0;
    for (int k = 0; k < 7; k++)
        if (k != i && k != j) back[n++] = in->hand[k];
    uint64_t key = in->key - pr_card_key[in->hand[i]] - pr_card_key[in->hand[j]];
    return pr_eval_key(in->t, key, back, 5);
}

/* The best of the settings offered so far: the best front, then the best back,
 * then the lowest front codes. */
typedef struct {
    int found, tie;
    uint32_t front;
    uint16_t back;
    front_t cards;
} best_setting;

/* Offers the front of hand positions (i, j), of front key fk and back value v. */
static inline void offer_setting(best_setting *b, const uint8_t hand[7], int i, int j,
                                 uint32_t fk, uint16_t v) {
    int hi = hand[i] > hand[j] ? hand[i] : hand[j];
    int tie = hi * 64 + hand[i] + hand[j] - hi;
    if (!b->found || fk > b->front || (fk == b->front && v > b->back) ||
        (fk == b->front && v == b->back && tie < b->tie)) {
        b->cards = pick(hand[i], hand[j]);
        b->front = fk;
        b->back = v;
        b->tie = tie;
        b->found = 1;
    }
}

/* The best front keeping a straight, flush or straight flush behind (then the
 * best back, then the lowest front codes) into *out; 0 if no setting keeps one. */
static inline int front_straight_or_flush(const hand_info *in, front_t *out) {
    const uint8_t *hand = in->hand;
    best_setting best = {0};
    if (!in->any_sf) return 0;
    for (int i = 0; i < 6; i++)
        for (int j = i + 1; j < 7; j++) {
            uint16_t v = back_value(in, i, j);
            int cat = in->t->class_cat[v];
            if (cat != PR_STRAIGHT && cat != PR_FLUSH && cat != PR_STRAIGHT_FLUSH) continue;
            offer_setting(&best, hand, i, j, front_key(in, hand[i], hand[j]), v);
        }
    if (best.found) *out = best.cards;
    return best.found;
}

/* Writes the hand's cards outside the front to high, the front to low, in hand order. */
static inline void split(const uint8_t hand[7], front_t front, uint8_t high[5], uint8_t low[2]) {
    uint8_t row[10]; /* branch-free: every card goes to both sides' next slot (7 + 3) */
    int h = 0, l = 7;
    for (int i = 0; i < 7; i++) {
        int c = hand[i], in_front = (c == front.a) | (c == front.b);
        row[h] = (uint8_t)c;
        row[l] = (uint8_t)c;
        h += !in_front;
        l += in_front;
    }
    memcpy(high, row, 5);
    memcpy(low, row + 7, 2);
}

#endif
