/* Pai Gow Poker kernels: the house way, fouls and the Fortune bonus.
 *
 * The house way reads the hand's groups (pairs, trips, quads; the joker is
 * always an ace there, and makes a straight or flush only in the straight or
 * flush rule), picks the rule that applies in priority order, and names the
 * two front cards.
 * Where cards of one rank could go either way, the one that keeps the better
 * back stays behind (only a split of aces can keep a flush), else the lowest
 * codes go in front: a hand always sets the same way, whatever its suits. Hands are compared only through the
 * evaluator (pr_eval_key, pr_partial_key); the pattern tests here (is there a
 * straight or flush, a seven-card run, trips beside a straight) answer what
 * the evaluator's best-five value does not say.
 */
#include "paigow.h"

#include <stdlib.h>
#include <string.h>

enum { RANK_SEVEN = 5, RANK_TEN = 8, RANK_JACK = 9, RANK_KING = 11, RANK_ACE = 12 };

#define NATURAL_CARDS ((1ull << 52) - 1)

/* Per rules variant: every two-card key (pr_partial_key), by code pair. */
static uint32_t *front_keys[PR_NVARIANTS];
/* By 13-bit rank mask: bit 0 a straight, bit 1 a straight once the joker fills a gap. */
static uint8_t straights[8192];
static int straights_ready;

/* Bits set (portable: the build does not assume a popcount instruction). */
static int count_bits(uint32_t x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (int)((x * 0x01010101u) >> 24);
}

int pg_prepare(const pr_tables *t) {
    if (!straights_ready) {
        for (uint32_t m = 0; m < 8192; m++) {
            uint32_t ext = (m << 1) | ((m >> RANK_ACE) & 1u); /* bit 0: the ace played low */
            uint8_t flags = 0;
            for (int lo = 0; lo <= 9; lo++) {
                int c = count_bits((ext >> lo) & 31u);
                if (c == 5) flags |= 1;
                if (c >= 4) flags |= 2;
            }
            straights[m] = flags;
        }
        straights_ready = 1;
    }
    if (!front_keys[t->variant]) {
        uint32_t *keys = malloc(PR_NCODES * PR_NCODES * sizeof(uint32_t));
        if (!keys) return -1;
        for (int a = 0; a < PR_NCODES; a++)
            for (int b = 0; b < PR_NCODES; b++) {
                uint8_t two[2] = {(uint8_t)a, (uint8_t)b};
                keys[a * PR_NCODES + b] = pr_partial_key(t, two, 2);
            }
        front_keys[t->variant] = keys;
    }
    return 0;
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
    uint32_t by_count[6]; /* rank masks by number of cards, the joker an ace */
} hand_info;

static int top(uint32_t ranks) { return 31 - pr_clz32(ranks); }

static void read_hand(hand_info *in, const pr_tables *t, const uint8_t hand[7]) {
    in->t = t;
    in->hand = hand;
    in->fkeys = front_keys[t->variant];
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
    in->straight = (straights[ranks] & (1 + joker)) != 0;
    in->any_sf = in->flush || in->straight;
    if (joker) {
        int aces = (int)((x >> (4 * RANK_ACE)) & 7);
        by[aces] &= ~(1u << RANK_ACE);
        by[aces + 1] |= 1u << RANK_ACE;
    }
}

/* The cards of a rank as a 5-bit set: bits 0..3 the suits, bit 4 the joker
 * among the aces; rank * 4 + bit index is the code (12 * 4 + 4 = 52). */
static uint32_t rank_cards(const hand_info *in, int r) {
    uint32_t bits = (uint32_t)(in->cards >> (4 * r)) & 15u;
    if (r == RANK_ACE && in->joker) bits |= 16u;
    return bits;
}

/* The lowest code of a rank. */
static int lowest(const hand_info *in, int r) { return 4 * r + pr_ctz32(rank_cards(in, r)); }

typedef struct {
    int a, b; /* the two front codes */
} front_t;

static front_t two_of(const hand_info *in, int r) { /* the two lowest codes of a rank */
    uint32_t bits = rank_cards(in, r);
    front_t f;
    f.a = 4 * r + pr_ctz32(bits);
    bits &= bits - 1;
    f.b = 4 * r + pr_ctz32(bits);
    return f;
}

static front_t pick(int a, int b) {
    front_t f;
    f.a = a;
    f.b = b;
    return f;
}

/* The two highest singletons. */
static front_t two_singles(const hand_info *in) {
    uint32_t s = in->by_count[1];
    int r1 = top(s);
    return pick(lowest(in, r1), lowest(in, top(s & ~(1u << r1))));
}

static uint32_t front_key(const hand_info *in, int a, int b) {
    return in->fkeys[a * PR_NCODES + b];
}

/* Rule 5: among the settings that keep a straight or flush (or straight flush)
 * behind, the best front, then the best back, then the lowest front codes. */
static front_t straight_or_flush_front(const hand_info *in) {
    const pr_tables *t = in->t;
    const uint8_t *hand = in->hand;
    front_t best = pick(-1, -1);
    int best_tie = 0;
    uint32_t best_front = 0;
    uint16_t best_back = 0;
    for (int i = 0; i < 6; i++)
        for (int j = i + 1; j < 7; j++) {
            uint8_t back[5];
            int n = 0;
            for (int k = 0; k < 7; k++)
                if (k != i && k != j) back[n++] = hand[k];
            uint64_t key = in->key - pr_card_key[hand[i]] - pr_card_key[hand[j]];
            uint16_t v = pr_eval_key(t, key, back, 5);
            int cat = t->class_cat[v];
            if (cat != PR_STRAIGHT && cat != PR_FLUSH && cat != PR_STRAIGHT_FLUSH) continue;
            uint32_t f = front_key(in, hand[i], hand[j]);
            int hi = hand[i] > hand[j] ? hand[i] : hand[j];
            int tie = hi * 64 + hand[i] + hand[j] - hi; /* smaller: lower codes in front */
            if (best.a < 0 || f > best_front || (f == best_front && v > best_back) ||
                (f == best_front && v == best_back && tie < best_tie)) {
                best = pick(hand[i], hand[j]);
                best_front = f;
                best_back = v;
                best_tie = tie;
            }
        }
    /* One pair of tens to kings, no trips, exactly one ace (a natural ace or
     * the joker): the ace and the next highest card outside the pair go in
     * front if they beat that front. */
    uint32_t pairs = in->by_count[2];
    if (count_bits(pairs) == 1 && !in->by_count[3] && top(pairs) >= RANK_TEN &&
        top(pairs) <= RANK_KING && ((in->by_count[1] >> RANK_ACE) & 1u)) {
        int ace = lowest(in, RANK_ACE);
        uint32_t others = in->by_count[1] & ~(1u << RANK_ACE);
        /* singletons besides the ace: four remain */
        int next = lowest(in, top(others));
        if (front_key(in, ace, next) > best_front) best = pick(ace, next);
    }
    return best;
}

/* Four aces, the joker one of them, split: the back keeps the joker and the
 * natural ace that makes the best back (a flush or straight flush when the
 * three other cards are of that ace's suit), so the setting does not depend on
 * suit codes; among equal backs the lowest codes go in front. */
static front_t split_aces(const hand_info *in) {
    uint32_t naturals = rank_cards(in, RANK_ACE) & 15u;
    if (!in->joker || count_bits(naturals) != 3) return two_of(in, RANK_ACE);
    front_t best = two_of(in, RANK_ACE);
    uint16_t best_back = 0;
    for (uint32_t rest = naturals; rest; rest &= rest - 1) { /* the ace kept behind */
        uint32_t front_bits = naturals & ~(rest & (0u - rest));
        int a = 4 * RANK_ACE + pr_ctz32(front_bits);
        int b = 4 * RANK_ACE + pr_ctz32(front_bits & (front_bits - 1));
        uint8_t back[5];
        int n = 0;
        for (int k = 0; k < 7; k++)
            if (in->hand[k] != a && in->hand[k] != b) back[n++] = in->hand[k];
        uint64_t key = in->key - pr_card_key[a] - pr_card_key[b];
        uint16_t v = pr_eval_key(in->t, key, back, 5);
        if (v >= best_back) { /* kept ace ascending: on ties the higher one stays behind */
            best_back = v;
            best = pick(a, b);
        }
    }
    return best;
}

static int trump_plaza_class(int r) {
    return r < RANK_SEVEN ? 0 : r <= RANK_TEN ? 1 : r < RANK_ACE ? 2 : 3;
}

/* Rule 7: two pairs. */
static front_t two_pairs_front(const hand_info *in, int way) {
    uint32_t pairs = in->by_count[2];
    int high = top(pairs), low = top(pairs & ~(1u << high));
    int top_rank = top(in->by_count[1]);
    int keep;
    if (way == PG_WAY_TRUMP_PLAZA) {
        int h = trump_plaza_class(high), l = trump_plaza_class(low);
        if (h == 3 || (h == 2 && l >= 1)) keep = 0;
        else if (h == 2 || l == 1) keep = top_rank == RANK_ACE; /* low+high, medium+medium */
        else keep = top_rank >= RANK_KING;                     /* low+low, low+medium */
    } else {
        if (high >= RANK_JACK) keep = 0;
        else if (high >= RANK_SEVEN) keep = top_rank == RANK_ACE;
        else keep = top_rank >= RANK_KING;
    }
    return keep ? two_singles(in) : two_of(in, low);
}

static front_t house_way_front(const pr_tables *t, const uint8_t hand[7], int way, int *rule) {
    hand_info in;
    read_hand(&in, t, hand);
    const uint32_t *by = in.by_count;
    front_t front;
    int r;
    if (by[5]) {
        r = 1; /* five aces */
        front = by[2] & (1u << RANK_KING) ? two_of(&in, RANK_KING) : two_of(&in, RANK_ACE);
    } else if (by[4]) {
        r = 2; /* four of a kind */
        int q = top(by[4]);
        uint32_t other = by[3] | by[2];
        if (other) front = two_of(&in, top(other));
        else if (q == RANK_ACE) front = split_aces(&in);
        else if (q >= RANK_JACK) front = two_of(&in, q);
        else if (q >= RANK_SEVEN)
            front = top(by[1]) >= RANK_KING ? two_singles(&in) : two_of(&in, q);
        else front = two_singles(&in);
    } else if (count_bits(by[3]) == 2) {
        r = 3; /* two trips */
        front = two_of(&in, top(by[3]));
    } else if (by[3] && by[2]) {
        r = 4; /* full house */
        front = two_of(&in, top(by[2]));
    } else if (in.any_sf && count_bits(by[2]) <= 1) { /* at most one pair or one trips */
        r = 5; /* straight or flush */
        front = straight_or_flush_front(&in);
    } else if (count_bits(by[2]) == 3) {
        r = 6; /* three pairs */
        front = two_of(&in, top(by[2]));
    } else if (count_bits(by[2]) == 2) {
        r = 7; /* two pairs */
        front = two_pairs_front(&in, way);
    } else if (by[3]) {
        r = 8; /* three of a kind */
        if (by[3] & (1u << RANK_ACE)) front = pick(lowest(&in, RANK_ACE), lowest(&in, top(by[1])));
        else front = two_singles(&in);
    } else if (by[2]) {
        r = 9; /* one pair */
        front = two_singles(&in);
    } else {
        r = 10; /* no pair */
        uint32_t s = by[1] & ~(1u << top(by[1]));
        int r2 = top(s);
        front = pick(lowest(&in, r2), lowest(&in, top(s & ~(1u << r2))));
    }
    if (rule) *rule = r;
    return front;
}

/* Writes the hand's cards outside the front to high, the front to low, in hand order. */
static void split(const uint8_t hand[7], front_t front, uint8_t high[5], uint8_t low[2]) {
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

int pg_house_way_front(const pr_tables *t, const uint8_t hand[7], int way, int *rule) {
    front_t f = house_way_front(t, hand, way, rule);
    int mask = 0;
    for (int i = 0; i < 7; i++)
        if (hand[i] == f.a || hand[i] == f.b) mask |= 1 << i;
    return mask;
}

int pg_house_way_set(const pr_tables *t, const uint8_t hand[7], int way,
                     uint8_t out_high[5], uint8_t out_low[2]) {
    int rule = 0;
    split(hand, house_way_front(t, hand, way, &rule), out_high, out_low);
    return rule;
}

void pg_house_way_batch(const pr_tables *t, const uint8_t *hands, int64_t n, int way,
                        uint8_t *out, uint8_t *rules) {
    for (int64_t i = 0; i < n; i++) {
        int rule = 0;
        const uint8_t *hand = hands + 7 * i;
        uint8_t *row = out + 7 * i;
        split(hand, house_way_front(t, hand, way, &rule), row, row + 5);
        if (rules) rules[i] = (uint8_t)rule;
    }
}

int pg_is_foul(const pr_tables *t, const uint8_t high[5], const uint8_t low[2]) {
    return pr_partial_key(t, low, 2) > pr_partial_key(t, high, 5);
}

void pg_foul_batch(const pr_tables *t, const uint8_t *rows, int64_t n, uint8_t *out) {
    for (int64_t i = 0; i < n; i++) out[i] = (uint8_t)pg_is_foul(t, rows + 7 * i, rows + 7 * i + 5);
}

int64_t pg_check_rows(const pr_tables *t, const uint8_t *rows, int64_t n, int k, int *why) {
    for (int64_t i = 0; i < n; i++)
        if (pr_check_codes(t, rows + i * k, k, why) >= 0) return i;
    return -1;
}

/* ----------------------------------------------------------- described ways */

const char *const pg_fact_names[PG_NFACTS] = {
    "quads", "trips", "second trips", "pair", "second pair", "third pair",
    "single", "second single", "third single", "fourth single", "fifth single",
    "number of pairs", "number of trips", "number of singles", "number of aces",
    "joker", "straight", "flush",
};
const char pg_fact_kinds[PG_NFACTS] = {
    'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'c', 'c', 'c', 'c', 'f', 'f', 'f',
};

/* The highest rank of a mask, -1 for none, and the mask without it. */
static int take_top(uint32_t *m) {
    if (!*m) return -1;
    int r = top(*m);
    *m &= ~(1u << r);
    return r;
}

static void hand_facts(const hand_info *in, int8_t f[PG_NFACTS]) {
    const uint32_t *by = in->by_count;
    uint32_t m = by[4];
    f[PG_F_QUADS] = (int8_t)take_top(&m);
    m = by[3];
    f[PG_F_TRIPS] = (int8_t)take_top(&m);
    f[PG_F_SECOND_TRIPS] = (int8_t)take_top(&m);
    m = by[2];
    f[PG_F_PAIR] = (int8_t)take_top(&m);
    f[PG_F_SECOND_PAIR] = (int8_t)take_top(&m);
    f[PG_F_THIRD_PAIR] = (int8_t)take_top(&m);
    m = by[1];
    for (int k = 0; k < 5; k++) f[PG_F_SINGLE + k] = (int8_t)take_top(&m);
    f[PG_F_NPAIRS] = (int8_t)count_bits(by[2]);
    f[PG_F_NTRIPS] = (int8_t)count_bits(by[3]);
    f[PG_F_NSINGLES] = (int8_t)count_bits(by[1]);
    f[PG_F_NACES] = (int8_t)count_bits(rank_cards(in, RANK_ACE));
    f[PG_F_JOKER] = (int8_t)in->joker;
    f[PG_F_STRAIGHT] = (int8_t)in->straight;
    f[PG_F_FLUSH] = (int8_t)in->flush;
}

static int holds(const pg_way *w, int pc, const int8_t *f) {
    int st[PG_WAY_STACK], sp = 0;
    const int16_t *code = w->code;
    for (;;) {
        int op = code[pc++], a, b;
        switch (op) {
        case PG_OP_TRUE: st[sp++] = 1; break;
        case PG_OP_FACT: st[sp++] = f[code[pc++]]; break;
        case PG_OP_CONST: st[sp++] = code[pc++]; break;
        case PG_OP_PRESENT: st[sp - 1] = st[sp - 1] >= 0; break;
        case PG_OP_NONZERO: st[sp - 1] = st[sp - 1] > 0; break;
        case PG_OP_NOT: st[sp - 1] = !st[sp - 1]; break;
        case PG_OP_AND: sp--; st[sp - 1] = st[sp - 1] && st[sp]; break;
        case PG_OP_OR: sp--; st[sp - 1] = st[sp - 1] || st[sp]; break;
        case PG_OP_END: return st[0];
        default: /* a comparison (pg_way_validate admits no other opcode here) */
            b = st[--sp];
            a = st[sp - 1];
            if (a < 0 || b < 0) st[sp - 1] = 0;
            else if (op == PG_OP_EQ) st[sp - 1] = a == b;
            else if (op == PG_OP_NE) st[sp - 1] = a != b;
            else if (op == PG_OP_LT) st[sp - 1] = a < b;
            else if (op == PG_OP_LE) st[sp - 1] = a <= b;
            else if (op == PG_OP_GT) st[sp - 1] = a > b;
            else st[sp - 1] = a >= b;
        }
    }
}

static int ref_rank(const pg_way *w, int pc, const int8_t *f) {
    int v = w->code[pc + 1];
    return w->code[pc] == PG_OP_REF_RANK ? v : f[v];
}

/* Two cards of rank r: of more than two, the pair that leaves the best back,
 * then the lowest codes. 0 when the hand holds fewer than two. */
static int front_two_of(const hand_info *in, int r, front_t *out) {
    if (r < 0) return 0;
    uint32_t bits = rank_cards(in, r);
    int n = count_bits(bits);
    if (n < 2) return 0;
    *out = two_of(in, r);
    if (n == 2) return 1;
    uint16_t best = 0;
    int first = 1;
    for (int hi = 1; hi < 5; hi++) /* (higher code, lower code) ascending: ties keep the first */
        for (int lo = 0; lo < hi; lo++) {
            if (!((bits >> hi) & 1u) || !((bits >> lo) & 1u)) continue;
            int a = 4 * r + lo, b = 4 * r + hi;
            uint8_t back[5];
            int k = 0;
            for (int i = 0; i < 7; i++)
                if (in->hand[i] != a && in->hand[i] != b) back[k++] = in->hand[i];
            uint16_t v = pr_eval_key(in->t, in->key - pr_card_key[a] - pr_card_key[b], back, 5);
            if (first || v > best) {
                best = v;
                *out = pick(a, b);
                first = 0;
            }
        }
    return 1;
}

/* One card of rank r and one of rank s (the lowest codes not yet taken). */
static int front_each(const hand_info *in, int r, int s, front_t *out) {
    if (r < 0 || s < 0) return 0;
    uint32_t br = rank_cards(in, r);
    if (!br) return 0;
    int a = 4 * r + pr_ctz32(br);
    uint32_t bs = rank_cards(in, s);
    if (s == r) bs &= bs - 1;
    if (!bs) return 0;
    out->a = a;
    out->b = 4 * s + pr_ctz32(bs);
    return 1;
}

/* The best front keeping a straight, flush or straight flush behind. */
static int front_straight_or_flush(const hand_info *in, front_t *out) {
    const uint8_t *hand = in->hand;
    int found = 0, best_tie = 0;
    uint32_t best_front = 0;
    uint16_t best_back = 0;
    if (!in->any_sf) return 0;
    for (int i = 0; i < 6; i++)
        for (int j = i + 1; j < 7; j++) {
            uint8_t back[5];
            int n = 0;
            for (int k = 0; k < 7; k++)
                if (k != i && k != j) back[n++] = hand[k];
            uint64_t key = in->key - pr_card_key[hand[i]] - pr_card_key[hand[j]];
            uint16_t v = pr_eval_key(in->t, key, back, 5);
            int cat = in->t->class_cat[v];
            if (cat != PR_STRAIGHT && cat != PR_FLUSH && cat != PR_STRAIGHT_FLUSH) continue;
            uint32_t fk = front_key(in, hand[i], hand[j]);
            int hi = hand[i] > hand[j] ? hand[i] : hand[j];
            int tie = hi * 64 + hand[i] + hand[j] - hi;
            if (!found || fk > best_front || (fk == best_front && v > best_back) ||
                (fk == best_front && v == best_back && tie < best_tie)) {
                *out = pick(hand[i], hand[j]);
                best_front = fk;
                best_back = v;
                best_tie = tie;
                found = 1;
            }
        }
    return found;
}

/* One front of an action at pc; *next gets the following front's offset. */
static int one_front(const pg_way *w, int pc, const hand_info *in, const int8_t *f,
                     front_t *out, int *next) {
    switch (w->code[pc]) {
    case PG_OP_TWO_OF:
        *next = pc + 3;
        return front_two_of(in, ref_rank(w, pc + 1, f), out);
    case PG_OP_EACH:
        *next = pc + 5;
        return front_each(in, ref_rank(w, pc + 1, f), ref_rank(w, pc + 3, f), out);
    default: /* PG_OP_STRAIGHT_OR_FLUSH */
        *next = pc + 1;
        return front_straight_or_flush(in, out);
    }
}

/* The action's front: the best of its fronts (the first on a tie); 0 when one cannot be made. */
static int act(const pg_way *w, int pc, const hand_info *in, const int8_t *f, front_t *out) {
    int have = 0;
    uint32_t best = 0;
    while (w->code[pc] != PG_OP_END) {
        front_t fr;
        if (!one_front(w, pc, in, f, &fr, &pc)) return 0;
        uint32_t k = front_key(in, fr.a, fr.b);
        if (!have || k > best) {
            *out = fr;
            best = k;
            have = 1;
        }
    }
    return have;
}

/* The hand's section, or -1. */
static int section_of(const pg_way *w, const int8_t *f) {
    for (int s = 0; s < w->nsections; s++)
        if (holds(w, w->section_cond[s], f)) return s;
    return -1;
}

static int way_front(const pr_tables *t, const pg_way *w, const uint8_t hand[7], front_t *out) {
    hand_info in;
    int8_t f[PG_NFACTS];
    read_hand(&in, t, hand);
    hand_facts(&in, f);
    int s = section_of(w, f);
    if (s >= 0)
        for (int r = w->section_rules[s]; r < w->section_rules[s + 1]; r++)
            if (holds(w, w->rule_cond[r], f)) {
                if (act(w, w->rule_action[r], &in, f, out)) return r + 1;
                break;
            }
    /* a way that passed pg_way_check never gets here: the two lowest codes, rule 0 */
    *out = pick(hand[0] < hand[1] ? hand[0] : hand[1], hand[0] < hand[1] ? hand[1] : hand[0]);
    for (int i = 2; i < 7; i++) {
        if (hand[i] < out->a) {
            out->b = out->a;
            out->a = hand[i];
        } else if (hand[i] < out->b) out->b = hand[i];
    }
    return 0;
}

int pg_way_set(const pr_tables *t, const pg_way *w, const uint8_t hand[7], uint8_t out_high[5],
               uint8_t out_low[2]) {
    front_t f = pick(-1, -1);
    int rule = way_front(t, w, hand, &f);
    split(hand, f, out_high, out_low);
    return rule;
}

void pg_way_batch(const pr_tables *t, const pg_way *w, const uint8_t *hands, int64_t n,
                  uint8_t *out, uint8_t *rules) {
    for (int64_t i = 0; i < n; i++) {
        uint8_t *row = out + 7 * i;
        int rule = pg_way_set(t, w, hands + 7 * i, row, row + 5);
        if (rules) rules[i] = (uint8_t)rule;
    }
}

/* The depth after a condition at pc, or -1; *end gets the offset after its END. */
static int check_cond(const pg_way *w, int pc, int *end) {
    int sp = 0;
    while (pc >= 0 && pc < w->ncode) {
        int op = w->code[pc++];
        if (op == PG_OP_TRUE) sp++;
        else if (op == PG_OP_FACT || op == PG_OP_CONST) {
            if (pc >= w->ncode) return -1;
            int v = w->code[pc++];
            if (op == PG_OP_FACT ? (v < 0 || v >= PG_NFACTS) : (v < 0 || v > 100)) return -1;
            sp++;
        } else if (op == PG_OP_PRESENT || op == PG_OP_NONZERO || op == PG_OP_NOT) {
            if (sp < 1) return -1;
        } else if (op == PG_OP_AND || op == PG_OP_OR || (op >= PG_OP_EQ && op <= PG_OP_GE)) {
            if (sp < 2) return -1;
            sp--;
        } else if (op == PG_OP_END) {
            *end = pc;
            return sp == 1 ? 0 : -1;
        } else return -1;
        if (sp > PG_WAY_STACK) return -1;
    }
    return -1;
}

static int check_ref(const pg_way *w, int pc) {
    if (pc + 1 >= w->ncode) return -1;
    int kind = w->code[pc], v = w->code[pc + 1];
    if (kind == PG_OP_REF_RANK) return v >= 0 && v <= RANK_ACE ? 0 : -1;
    if (kind == PG_OP_REF_FACT) return v >= 0 && v < PG_NFACTS && pg_fact_kinds[v] == 'r' ? 0 : -1;
    return -1;
}

static int check_action(const pg_way *w, int pc) {
    int fronts = 0;
    while (pc >= 0 && pc < w->ncode) {
        int op = w->code[pc];
        if (op == PG_OP_END) return fronts ? 0 : -1;
        if (op == PG_OP_TWO_OF) {
            if (check_ref(w, pc + 1) < 0) return -1;
            pc += 3;
        } else if (op == PG_OP_EACH) {
            if (check_ref(w, pc + 1) < 0 || check_ref(w, pc + 3) < 0) return -1;
            pc += 5;
        } else if (op == PG_OP_STRAIGHT_OR_FLUSH) pc += 1;
        else return -1;
        fronts++;
    }
    return -1;
}

int pg_way_validate(const pg_way *w) {
    int end;
    if (w->nsections < 1 || w->nsections > PG_WAY_MAX_SECTIONS || w->nrules < 1 ||
        w->nrules > PG_WAY_MAX_RULES || w->ncode < 1 || w->ncode > PG_WAY_MAX_CODE)
        return -1;
    if (w->section_rules[0] != 0 || w->section_rules[w->nsections] != w->nrules) return -1;
    for (int s = 0; s < w->nsections; s++) {
        if (w->section_rules[s + 1] < w->section_rules[s]) return -1;
        if (check_cond(w, w->section_cond[s], &end) < 0) return -1;
    }
    for (int r = 0; r < w->nrules; r++)
        if (check_cond(w, w->rule_cond[r], &end) < 0 || check_action(w, w->rule_action[r]) < 0)
            return -1;
    return 0;
}

/* ---- the load-time check over hand classes */

typedef struct {
    const pr_tables *t;
    const pg_way *w;
    pg_way_report *rep;
    int8_t held[PG_WAY_MAX_RULES];
    int count[13];
} check_job;

/* Does the front at positions (i, j) of the suit-blind hand foul? */
static int fouls_blind(const pr_tables *t, const uint8_t blind[7], int i, int j) {
    uint8_t back[5], front[2] = {blind[i], blind[j]};
    int n = 0;
    for (int k = 0; k < 7; k++)
        if (k != i && k != j) back[n++] = blind[k];
    return pg_is_foul(t, back, front);
}

static int position(const uint8_t hand[7], int code) {
    for (int i = 0; i < 7; i++)
        if (hand[i] == code) return i;
    return 0;
}

static void note(pg_way_report *rep, int rule, int problem, const uint8_t hand[7]) {
    if (rep->rule_problem[rule] != PG_WAY_FINE) return;
    rep->rule_problem[rule] = problem;
    memcpy(rep->rule_hand[rule], hand, 7);
}

/* One hand of a class; blind has the same ranks in the same places, no flush. */
static void check_hand(check_job *job, const uint8_t hand[7], const uint8_t blind[7]) {
    const pg_way *w = job->w;
    pg_way_report *rep = job->rep;
    hand_info in;
    int8_t f[PG_NFACTS];
    read_hand(&in, job->t, hand);
    hand_facts(&in, f);
    rep->classes++;
    int s = section_of(w, f);
    if (s < 0) return;
    int chosen = -1;
    for (int r = w->section_rules[s]; r < w->section_rules[s + 1]; r++)
        if (holds(w, w->rule_cond[r], f)) {
            job->held[r] = 1;
            if (chosen < 0) chosen = r;
        }
    if (chosen < 0) {
        if (!rep->section_uncovered[s]) memcpy(rep->section_hand[s], hand, 7);
        rep->section_uncovered[s]++;
        return;
    }
    if (!rep->section_uncovered[s] && !rep->rule_classes[chosen]) memcpy(rep->section_hand[s], hand, 7);
    rep->rule_classes[chosen]++;
    int pc = w->rule_action[chosen];
    while (w->code[pc] != PG_OP_END) {
        front_t fr;
        int sf = w->code[pc] == PG_OP_STRAIGHT_OR_FLUSH;
        if (!one_front(w, pc, &in, f, &fr, &pc)) {
            note(rep, chosen, PG_WAY_UNDEFINED, hand);
            return;
        }
        /* a straight or flush behind beats every two-card hand */
        if (!sf && fouls_blind(job->t, blind, position(hand, fr.a), position(hand, fr.b))) {
            note(rep, chosen, PG_WAY_FOULS, hand);
            return;
        }
    }
}

/* The hands of the rank multiset in job->count (and the joker when joker). */
static void check_class(check_job *job, int joker) {
    uint8_t blind[7], flushy[7];
    int n = 0, distinct = 0;
    for (int r = 0; r < 13; r++) {
        distinct += job->count[r] > 0;
        for (int k = 0; k < job->count[r]; k++, n++) blind[n] = (uint8_t)(4 * r + n % 4);
    }
    if (joker) blind[n++] = PR_JOKER;
    check_hand(job, blind, blind);
    /* with a flush: the highest five (four beside the joker) ranks in suit 0 */
    int suited = joker ? 4 : 5;
    if (distinct < suited) return;
    n = 0;
    for (int r = 12; r >= 0; r--) {
        int c = job->count[r];
        int in_flush = c > 0 && suited > 0;
        suited -= in_flush;
        for (int k = 0; k < c; k++) flushy[n++] = (uint8_t)(4 * r + (in_flush ? k : (k + 1) % 4));
    }
    if (joker) flushy[n++] = PR_JOKER;
    /* the same ranks in the same places as blind, which lists them lowest first */
    uint8_t aligned[7];
    for (int i = 0; i < 7; i++) aligned[i] = flushy[i];
    int m = 0;
    for (int r = 0; r < 13; r++)
        for (int i = 0; i < 7; i++)
            if (aligned[i] != PR_JOKER && aligned[i] >> 2 == r) flushy[m++] = aligned[i];
    if (joker) flushy[m++] = PR_JOKER;
    check_hand(job, flushy, blind);
}

static void rank_counts(check_job *job, int r, int left, int joker) {
    if (r == 13) {
        if (!left) check_class(job, joker);
        return;
    }
    for (int c = 0; c <= 4 && c <= left; c++) {
        job->count[r] = c;
        rank_counts(job, r + 1, left - c, joker);
    }
    job->count[r] = 0;
}

void pg_way_check(const pr_tables *t, const pg_way *w, pg_way_report *report) {
    check_job job;
    memset(&job, 0, sizeof job);
    memset(report, 0, sizeof *report);
    job.t = t;
    job.w = w;
    job.rep = report;
    rank_counts(&job, 0, 7, 0);
    rank_counts(&job, 0, 6, 1);
    for (int r = 0; r < w->nrules; r++)
        if (!job.held[r]) report->rule_problem[r] = PG_WAY_NEVER_HOLDS;
}

/* ------------------------------------------------------------ Fortune bonus */

/* 2: the seven cards are a straight flush without the joker; 1: with it; else 0. */
static int seven_card_straight_flush(const uint8_t hand[7]) {
    int joker = 0, suit = -1;
    uint32_t m = 0;
    for (int i = 0; i < 7; i++) {
        int c = hand[i];
        if (c == PR_JOKER) {
            joker = 1;
            continue;
        }
        if (suit < 0) suit = c & 3;
        else if ((c & 3) != suit) return 0;
        m |= 1u << (c >> 2);
    }
    uint32_t ext = (m << 1) | ((m >> RANK_ACE) & 1u); /* bit 0: the ace played low */
    for (int lo = 0; lo <= 7; lo++) {
        int c = count_bits((ext >> lo) & 0x7Fu);
        if (c == 7) return 2;
        if (joker && c == 6) return 1;
    }
    return 0;
}

static int is_royal(const pr_tables *t, uint16_t v) {
    return t->class_cat[v] == PR_STRAIGHT_FLUSH && ((t->class_key[v] >> 16) & 0xFF) == 24;
}

/* A royal flush (joker allowed) and, beside it, a natural king and queen of one suit. */
static int royal_match(const pr_tables *t, const uint8_t hand[7]) {
    for (int s = 0; s < 4; s++) {
        int king = -1, queen = -1;
        for (int i = 0; i < 7; i++) {
            if (hand[i] == RANK_KING * 4 + s) king = i;
            if (hand[i] == (RANK_KING - 1) * 4 + s) queen = i;
        }
        if (king < 0 || queen < 0) continue;
        uint8_t rest[5];
        int n = 0;
        for (int i = 0; i < 7; i++)
            if (i != king && i != queen) rest[n++] = hand[i];
        if (is_royal(t, pr_eval_codes(t, rest, 5))) return 1;
    }
    return 0;
}

/* Three cards of a rank, the joker counted as an ace. */
static int has_three_of_a_kind(const uint8_t hand[7]) {
    int count[13] = {0};
    for (int i = 0; i < 7; i++) {
        int r = hand[i] == PR_JOKER ? RANK_ACE : hand[i] >> 2;
        if (++count[r] >= 3) return 1;
    }
    return 0;
}

static int fortune_of_value(const pr_tables *t, uint16_t v, const uint8_t hand[7]) {
    switch (t->class_cat[v]) {
    case PR_FIVE_ACES: return PG_FORTUNE_FIVE_ACES;
    case PR_STRAIGHT_FLUSH: {
        int seven = seven_card_straight_flush(hand);
        if (seven == 2) return PG_FORTUNE_SEVEN_CARD_SF;
        int royal = is_royal(t, v);
        if (royal && royal_match(t, hand)) return PG_FORTUNE_ROYAL_MATCH;
        if (seven == 1) return PG_FORTUNE_SEVEN_CARD_SF_JOKER;
        return royal ? PG_FORTUNE_ROYAL_FLUSH : PG_FORTUNE_STRAIGHT_FLUSH;
    }
    case PR_FOUR_OF_A_KIND: return PG_FORTUNE_FOUR_OF_A_KIND;
    case PR_FULL_HOUSE: return PG_FORTUNE_FULL_HOUSE;
    case PR_FLUSH: return PG_FORTUNE_FLUSH;
    case PR_STRAIGHT: /* trips beside a straight pay the trips line */
        return has_three_of_a_kind(hand) ? PG_FORTUNE_THREE_OF_A_KIND : PG_FORTUNE_STRAIGHT;
    case PR_THREE_OF_A_KIND: return PG_FORTUNE_THREE_OF_A_KIND;
    default: return PG_FORTUNE_NOTHING;
    }
}

int pg_fortune_line(const pr_tables *t, const uint8_t hand[7]) {
    return fortune_of_value(t, pr_eval_codes(t, hand, 7), hand);
}

void pg_fortune_batch(const pr_tables *t, const uint8_t *hands, int64_t n, uint8_t *out) {
    for (int64_t i = 0; i < n; i++) out[i] = (uint8_t)pg_fortune_line(t, hands + 7 * i);
}

void pg_fortune_enumerate(const pr_tables *t, uint64_t *counts) {
    uint8_t h[7];
    uint64_t k0, k1, k2, k3, k4, k5;
    const uint64_t *key = pr_card_key;
    memset(counts, 0, PG_FORTUNE_NLINES * sizeof(uint64_t));
    for (int a = 0; a < PR_NCODES; a++) {
        h[0] = (uint8_t)a;
        k0 = PR_KEY_START + key[a];
        for (int b = a + 1; b < PR_NCODES; b++) {
            h[1] = (uint8_t)b;
            k1 = k0 + key[b];
            for (int c = b + 1; c < PR_NCODES; c++) {
                h[2] = (uint8_t)c;
                k2 = k1 + key[c];
                for (int d = c + 1; d < PR_NCODES; d++) {
                    h[3] = (uint8_t)d;
                    k3 = k2 + key[d];
                    for (int e = d + 1; e < PR_NCODES; e++) {
                        h[4] = (uint8_t)e;
                        k4 = k3 + key[e];
                        for (int f = e + 1; f < PR_NCODES; f++) {
                            h[5] = (uint8_t)f;
                            k5 = k4 + key[f];
                            for (int g = f + 1; g < PR_NCODES; g++) {
                                h[6] = (uint8_t)g;
                                uint16_t v = pr_eval_key(t, k5 + key[g], h, 7);
                                counts[fortune_of_value(t, v, h)]++;
                            }
                        }
                    }
                }
            }
        }
    }
}
