/* House ways given as data: the interpreter of a compiled description
 * (pg_way, see paigow.h) and its check over every hand class.
 *
 * A hand's facts (paigow.h) are read once; the sections' conditions are
 * tried in priority order, then the rules of the first section that holds;
 * the first rule whose condition holds names the front. Ties between cards
 * of one rank go to the back that is best, then to the lowest codes, so a
 * hand always sets one way.
 */
#include <stdlib.h>

#include "paigow_hand.h"

/* ----------------------------------------------------------- described ways */

const char *const pg_fact_names[PG_NFACTS] = {
    "quads", "trips", "second trips", "pair", "second pair", "third pair",
    "single", "second single", "third single", "fourth single", "fifth single",
    "number of pairs", "number of trips", "number of singles", "number of aces",
    "joker", "straight", "flush", "lowest straight", "straight flush", "royal flush",
};
const char pg_fact_kinds[PG_NFACTS] = {
    'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'c', 'c', 'c', 'c', 'f', 'f', 'f', 'r', 'f', 'f',
};

static void hand_facts(const hand_info *in, int8_t f[PG_NFACTS]) {
    const uint32_t *by = in->by_count;
    const int8_t *quads = pg_mask_ranks[by[4]], *trips = pg_mask_ranks[by[3]];
    const int8_t *pairs = pg_mask_ranks[by[2]], *singles = pg_mask_ranks[by[1]];
    f[PG_F_QUADS] = quads[0];
    f[PG_F_TRIPS] = trips[0];
    f[PG_F_SECOND_TRIPS] = trips[1];
    f[PG_F_PAIR] = pairs[0];
    f[PG_F_SECOND_PAIR] = pairs[1];
    f[PG_F_THIRD_PAIR] = pairs[2];
    memcpy(f + PG_F_SINGLE, singles, 5);
    f[PG_F_NPAIRS] = (int8_t)pg_mask_count[by[2]];
    f[PG_F_NTRIPS] = (int8_t)pg_mask_count[by[3]];
    f[PG_F_NSINGLES] = (int8_t)pg_mask_count[by[1]];
    f[PG_F_NACES] = (int8_t)count_bits(rank_cards(in, RANK_ACE));
    f[PG_F_JOKER] = (int8_t)in->joker;
    f[PG_F_STRAIGHT] = (int8_t)in->straight;
    f[PG_F_FLUSH] = (int8_t)in->flush;
    f[PG_F_LOWEST_STRAIGHT] = pg_lowest_straight[in->ranks][in->joker];
    f[PG_F_STRAIGHT_FLUSH] = f[PG_F_ROYAL_FLUSH] = 0;
    for (int s = 0; s < 4 && in->flush; s++) { /* a suit's ranks, the joker filling one gap */
        uint32_t m = 0;
        for (int r = 0; r < 13; r++) m |= (uint32_t)((in->cards >> (4 * r + s)) & 1u) << r;
        if (pg_straights[m] & (1 + in->joker)) f[PG_F_STRAIGHT_FLUSH] = 1;
        if (count_bits(m & 0x1F00u) + in->joker >= 5) f[PG_F_ROYAL_FLUSH] = 1;
    }
}

static int holds(const pg_way *w, int pc, const int8_t *f) {
    int st[PG_WAY_STACK], sp = 0;
    const int16_t *code = w->code;
    if (code[pc] == PG_OP_TRUE && code[pc + 1] == PG_OP_END) return 1; /* "always", "otherwise" */
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
    /* without a flush every back of the rest has one value: the lowest codes */
    if (n == 2 || !in->flush) return 1;
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

/* As front_straight_or_flush (paigow_hand.h), evaluating only the backs that keep a
 * straight or flush, found from the hand's rank and suit counts (the joker fills one
 * gap or one suit): the same front, with a fraction of the evaluations. */
PR_NOINLINE static int sf_front(const hand_info *in, front_t *out) { /* rare: off the common path */
    const uint8_t *hand = in->hand;
    if (!in->any_sf) return 0;
    int rank[7], suit[7], natural[7], count[13] = {0}, suits[4] = {0};
    uint32_t ranks = 0;
    for (int k = 0; k < 7; k++) {
        natural[k] = hand[k] != PR_JOKER;
        rank[k] = hand[k] >> 2;
        suit[k] = hand[k] & 3;
        if (natural[k]) {
            count[rank[k]]++;
            suits[suit[k]]++;
            ranks |= 1u << rank[k];
        }
    }
    int flush_suit = -1; /* the one suit that can hold five of the seven */
    for (int s = 0; s < 4; s++)
        if (in->flush && suits[s] + in->joker >= 5) flush_suit = s;
    /* the positions outside that suit (the joker is of every suit): a back keeps the
     * flush when the front takes every one of them */
    uint32_t off_suit = flush_suit < 0 ? 0x7Fu : 0;
    for (int k = 0; k < 7 && flush_suit >= 0; k++)
        if (natural[k] && suit[k] != flush_suit) off_suit |= 1u << k;
    best_setting best = {0};
    for (int i = 0; i < 6; i++)
        for (int j = i + 1; j < 7; j++) {
            uint32_t fk = front_key(in, hand[i], hand[j]);
            if (best.found && fk < best.front) continue;
            int joker_behind = in->joker && natural[i] && natural[j];
            int behind = 5 - joker_behind; /* natural cards behind */
            int keeps = (off_suit & ~((1u << i) | (1u << j))) == 0;
            if (!keeps && in->straight) {
                uint32_t m = ranks;
                int same = natural[i] && natural[j] && rank[i] == rank[j];
                if (natural[i] && count[rank[i]] == 1 + same) m &= ~(1u << rank[i]);
                if (natural[j] && count[rank[j]] == 1 + same) m &= ~(1u << rank[j]);
                keeps = (pg_straights[m] & (1 + joker_behind)) && count_bits(m) == behind;
            }
            if (!keeps) continue;
            offer_setting(&best, hand, i, j, fk, back_value(in, i, j));
        }
    if (best.found) *out = best.cards;
    return best.found;
}

/* The best front over a back whose category is cat (then the best back, then the
 * lowest codes), as front_straight_or_flush; 0 when no setting leaves one. */
PR_NOINLINE static int category_front(const hand_info *in, int cat, front_t *out) {
    const uint8_t *hand = in->hand;
    best_setting best = {0};
    if (!in->any_sf) return 0;
    for (int i = 0; i < 6; i++)
        for (int j = i + 1; j < 7; j++) {
            uint32_t fk = front_key(in, hand[i], hand[j]);
            if (best.found && fk < best.front) continue;
            uint16_t v = back_value(in, i, j);
            if (in->t->class_cat[v] != cat) continue;
            offer_setting(&best, hand, i, j, fk, v);
        }
    if (best.found) *out = best.cards;
    return best.found;
}

/* The two-card hand r-s (a pair when r == s) as a front key, for AT_LEAST. */
static uint32_t least_key(const hand_info *in, int r, int s) {
    return front_key(in, 4 * r, 4 * s + 1);
}

/* One front of an action at pc; *next gets the following front's offset. 1 when
 * made, 0 when it cannot be; 2 for a front after AT_LEAST that cannot be made or
 * is below its two-card hand (it does not count). */
static int one_front(const pg_way *w, int pc, const hand_info *in, const int8_t *f,
                     front_t *out, int *next) {
    if (w->code[pc] == PG_OP_AT_LEAST) {
        int made = one_front(w, pc + 3, in, f, out, next);
        if (!made) return 2;
        return front_key(in, out->a, out->b) >= least_key(in, w->code[pc + 1], w->code[pc + 2])
                   ? made : 2;
    }
    switch (w->code[pc]) {
    case PG_OP_STRAIGHT_FLUSH:
        *next = pc + 1;
        return category_front(in, PR_STRAIGHT_FLUSH, out);
    case PG_OP_STRAIGHT:
        *next = pc + 1;
        return category_front(in, PR_STRAIGHT, out);
    case PG_OP_FLUSH:
        *next = pc + 1;
        return category_front(in, PR_FLUSH, out);
    case PG_OP_TWO_OF:
        *next = pc + 3;
        return front_two_of(in, ref_rank(w, pc + 1, f), out);
    case PG_OP_EACH:
        *next = pc + 5;
        return front_each(in, ref_rank(w, pc + 1, f), ref_rank(w, pc + 3, f), out);
    default: /* PG_OP_STRAIGHT_OR_FLUSH */
        *next = pc + 1;
        return sf_front(in, out);
    }
}

/* The action's front: the best of the fronts that count (the first on a tie); 0
 * when none does. A front that cannot be made, or is below its AT_LEAST, is passed over. */
static int act(const pg_way *w, int pc, const hand_info *in, const int8_t *f, front_t *out) {
    int have = 0;
    uint32_t best = 0;
    while (w->code[pc] != PG_OP_END) {
        front_t fr;
        int made = one_front(w, pc, in, f, &fr, &pc);
        if (made != 1) continue;
        if (!have && w->code[pc] == PG_OP_END) { /* one front: nothing to compare */
            *out = fr;
            return 1;
        }
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

/* A hand's shape: how many pairs, trips, quads, aces and singletons, and whether
 * it holds the joker, a straight, a flush. Every count and flag fact is one of
 * these, and so is whether each rank fact has a value. */
static int shape_of(const int8_t *f) {
    return f[PG_F_NPAIRS] | f[PG_F_NTRIPS] << 2 | (f[PG_F_QUADS] >= 0) << 4 |
           f[PG_F_NACES] << 5 | f[PG_F_NSINGLES] << 8 | f[PG_F_JOKER] << 11 |
           f[PG_F_STRAIGHT] << 12 | f[PG_F_FLUSH] << 13;
}

/* Facts with a shape's counts and flags, each rank fact 0 when there, else -1. */
static void shape_facts(int shape, int8_t f[PG_NFACTS]) {
    int pairs = shape & 3, trips = (shape >> 2) & 3, singles = (shape >> 8) & 7;
    f[PG_F_QUADS] = (int8_t)((shape >> 4) & 1 ? 0 : -1);
    f[PG_F_TRIPS] = (int8_t)(trips >= 1 ? 0 : -1);
    f[PG_F_SECOND_TRIPS] = (int8_t)(trips >= 2 ? 0 : -1);
    for (int k = 0; k < 3; k++) f[PG_F_PAIR + k] = (int8_t)(pairs > k ? 0 : -1);
    for (int k = 0; k < 5; k++) f[PG_F_SINGLE + k] = (int8_t)(singles > k ? 0 : -1);
    f[PG_F_NPAIRS] = (int8_t)pairs;
    f[PG_F_NTRIPS] = (int8_t)trips;
    f[PG_F_NSINGLES] = (int8_t)singles;
    f[PG_F_NACES] = (int8_t)((shape >> 5) & 7);
    f[PG_F_JOKER] = (int8_t)((shape >> 11) & 1);
    f[PG_F_STRAIGHT] = (int8_t)((shape >> 12) & 1);
    f[PG_F_FLUSH] = (int8_t)((shape >> 13) & 1);
    f[PG_F_LOWEST_STRAIGHT] = (int8_t)(f[PG_F_STRAIGHT] ? 0 : -1);
    f[PG_F_STRAIGHT_FLUSH] = f[PG_F_ROYAL_FLUSH] = 0; /* no section reads them */
}

/* Whether the condition at pc reads each rank fact only as there or not. */
static int reads_shape_only(const pg_way *w, int pc) {
    for (;;) {
        int op = w->code[pc++];
        if (op == PG_OP_END) return 1;
        if (op == PG_OP_CONST) pc++;
        else if (op == PG_OP_FACT) {
            int fact = w->code[pc++];
            if (pg_fact_kinds[fact] == 'r' && w->code[pc] != PG_OP_PRESENT) return 0;
        }
    }
}

/* The sections by shape, when every section's condition reads only the shape. */
static void fill_shapes(pg_way *w) {
    w->by_shape = 0;
    for (int s = 0; s < w->nsections; s++)
        if (!reads_shape_only(w, w->section_cond[s])) return;
    for (int shape = 0; shape < (1 << 14); shape++) {
        int8_t f[PG_NFACTS];
        shape_facts(shape, f);
        w->shape_section[shape] = (int8_t)section_of(w, f);
    }
    w->by_shape = 1;
}

static int way_front(const pr_tables *t, const pg_way *w, const uint8_t hand[7], front_t *out) {
    hand_info in;
    int8_t f[PG_NFACTS];
    read_hand(&in, t, hand);
    hand_facts(&in, f);
    int s = w->by_shape ? w->shape_section[shape_of(f)] : section_of(w, f);
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

/* A front card of a rank class's setting (pg_way_compile): bits 0..5 four times its
 * rank, bit 6 the rank is the aces (whose cards take the joker as a fifth, bit 4),
 * bit 7 the rank's second lowest card rather than its lowest. */
static inline int class_card(uint64_t cards, uint32_t card) {
    uint32_t bits = (uint32_t)(cards >> (card & 63u)) & (15u | (card & 64u) >> 2);
    bits &= bits - ((card >> 7) & 1u);
    return (int)(card & 63u) + pr_ctz32(bits);
}

int pg_way_set(const pr_tables *t, const pg_way *w, const uint8_t hand[7], uint8_t out_high[5],
               uint8_t out_low[2]) {
    const uint32_t *by_class = w->by_class[t->variant];
    if (by_class) { /* without five cards of a suit the rank class decides the setting */
        uint64_t key = PR_KEY_START, cards = 0;
        for (int i = 0; i < 7; i++) {
            key += pr_card_key[hand[i]];
            cards |= 1ull << hand[i];
        }
        uint32_t e = key & PR_FLUSH_BITS ? 0 : by_class[pr_slot(t->ph, (uint32_t)key)];
        if (e) {
            split(hand, pick(class_card(cards, (e >> 8) & 255u), class_card(cards, e >> 16)),
                  out_high, out_low);
            return (int)(e & 255u);
        }
    }
    front_t f = pick(-1, -1);
    int rule = way_front(t, w, hand, &f);
    split(hand, f, out_high, out_low);
    return rule;
}

void pg_way_setting(const pr_tables *t, const pg_way *w, const uint8_t hand[7],
                    uint8_t out_high[5], uint8_t out_low[2]) {
    pg_way_set(t, w, hand, out_high, out_low);
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
        if (op == PG_OP_AT_LEAST) { /* two ranks, high first, then a front of another kind */
            if (pc + 3 >= w->ncode) return -1;
            int r = w->code[pc + 1], s = w->code[pc + 2];
            if (r < 0 || r > RANK_ACE || s < 0 || s > r || w->code[pc + 3] == PG_OP_AT_LEAST ||
                w->code[pc + 3] == PG_OP_END)
                return -1;
            pc += 3;
            continue;
        }
        if (op == PG_OP_TWO_OF) {
            if (check_ref(w, pc + 1) < 0) return -1;
            pc += 3;
        } else if (op == PG_OP_EACH) {
            if (check_ref(w, pc + 1) < 0 || check_ref(w, pc + 3) < 0) return -1;
            pc += 5;
        } else if (op == PG_OP_STRAIGHT_OR_FLUSH || op == PG_OP_STRAIGHT_FLUSH ||
                   op == PG_OP_STRAIGHT || op == PG_OP_FLUSH)
            pc += 1;
        else return -1;
        fronts++;
    }
    return -1;
}

int pg_way_validate(pg_way *w) {
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
    fill_shapes(w);
    return 0;
}

/* ---- the settings by rank class
 *
 * A hand with no five cards of a suit sets as its rank class does: every fact is of
 * the ranks (and the joker), no back can hold a flush, so each choice between cards
 * of a rank goes to the lowest codes. pg_way_compile runs the program once on one
 * hand of each class and keeps, by the slot of the class's rank key, the rule and
 * the front as ranks (lowest or second lowest card of each). */

typedef struct {
    const pr_tables *t;
    const pg_way *w;
    uint32_t *table;
    int count[13];
} class_job;

/* A front card as class_card reads it, or -1 when it is not among its rank's two lowest. */
static int class_card_of(const uint8_t hand[7], int code) {
    uint64_t cards = 0;
    for (int i = 0; i < 7; i++) cards |= 1ull << hand[i];
    int r = code == PR_JOKER ? RANK_ACE : code >> 2, ace = r == RANK_ACE;
    uint32_t bits = (uint32_t)(cards >> (4 * r)) & (ace ? 31u : 15u);
    int below = count_bits(bits & ((1u << (code - 4 * r)) - 1u));
    return below > 1 ? -1 : 4 * r | ace << 6 | below << 7;
}

static void class_setting(class_job *job, int joker) {
    uint8_t hand[7];
    int n = 0;
    for (int r = 0; r < 13; r++) /* suits in turn: no five of a suit, the joker beside */
        for (int k = 0; k < job->count[r]; k++, n++) hand[n] = (uint8_t)(4 * r + n % 4);
    if (joker) hand[n++] = PR_JOKER;
    uint64_t key = PR_KEY_START;
    for (int i = 0; i < 7; i++) key += pr_card_key[hand[i]];
    front_t f;
    int rule = way_front(job->t, job->w, hand, &f);
    int a = class_card_of(hand, f.a), b = class_card_of(hand, f.b);
    if (key & PR_FLUSH_BITS || rule < 1 || a < 0 || b < 0) return; /* left to the program */
    job->table[pr_slot(job->t->ph, (uint32_t)key)] = (uint32_t)rule | (uint32_t)a << 8 | (uint32_t)b << 16;
}

static void class_settings(class_job *job, int r, int left, int joker) {
    if (r == 13) {
        if (!left) class_setting(job, joker);
        return;
    }
    for (int c = 0; c <= 4 && c <= left; c++) {
        job->count[r] = c;
        class_settings(job, r + 1, left - c, joker);
    }
    job->count[r] = 0;
}

int pg_way_compile(const pr_tables *t, pg_way *w) {
    if (w->by_class[t->variant]) return 0;
    class_job job;
    memset(&job, 0, sizeof job);
    job.t = t;
    job.w = w;
    job.table = calloc(t->ph->nslots, sizeof(uint32_t)); /* 0: the program decides */
    if (!job.table) return -1;
    class_settings(&job, 0, 7, 0);
    if (t->deck_mask >> PR_JOKER & 1) class_settings(&job, 0, 6, 1);
    w->by_class[t->variant] = job.table;
    return 0;
}

void pg_way_release(pg_way *w) {
    for (int v = 0; v < PR_NVARIANTS; v++) {
        free(w->by_class[v]);
        w->by_class[v] = NULL;
    }
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

/* Is the front two natural cards of a rank the hand holds at least three of naturally? */
static int natural_trips_pair(const uint8_t hand[7], front_t fr) {
    if (fr.a == PR_JOKER || fr.b == PR_JOKER || fr.a >> 2 != fr.b >> 2) return 0;
    int n = 0;
    for (int k = 0; k < 7; k++) n += hand[k] != PR_JOKER && hand[k] >> 2 == fr.a >> 2;
    return n >= 3;
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
            if (!job->held[r]) memcpy(rep->rule_hand[r], hand, 7);
            job->held[r] = 1;
            if (chosen < 0) chosen = r;
            else rep->shadowed_by[r][chosen] = 1;
        }
    if (chosen < 0) {
        if (!rep->section_uncovered[s]) memcpy(rep->section_hand[s], hand, 7);
        rep->section_uncovered[s]++;
        return;
    }
    if (!rep->section_uncovered[s] && !rep->rule_classes[chosen]) memcpy(rep->section_hand[s], hand, 7);
    rep->rule_classes[chosen]++;
    int pc = w->rule_action[chosen], counted = 0;
    while (w->code[pc] != PG_OP_END) {
        front_t fr;
        int op = w->code[pc] == PG_OP_AT_LEAST ? w->code[pc + 3] : w->code[pc];
        int sf = op == PG_OP_STRAIGHT_OR_FLUSH || op == PG_OP_STRAIGHT_FLUSH ||
                 op == PG_OP_STRAIGHT || op == PG_OP_FLUSH;
        if (one_front(w, pc, &in, f, &fr, &pc) != 1) continue; /* passed over, as act() does */
        counted++;
        /* a straight or flush behind beats every two-card hand; another front fouls
         * when it outranks the back with the back's suits ignored, unless it is a pair
         * of natural trips or quads and the back it really leaves holds (a flush kept
         * beside a pair of its trips in front): such a pair can always leave behind
         * the one card of its rank a straight or flush needs, and "two of" picks the
         * pair that does, so every hand of the class is then safe, whatever its suits */
        int i = position(hand, fr.a), j = position(hand, fr.b);
        if (!sf && fouls_blind(job->t, blind, i, j) &&
            (!natural_trips_pair(hand, fr) || fouls_blind(job->t, hand, i, j))) {
            note(rep, chosen, PG_WAY_FOULS, hand);
            return;
        }
    }
    if (!counted) note(rep, chosen, PG_WAY_UNDEFINED, hand); /* no front can be made or counts */
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
    /* with a straight flush: for each straight the ranks make (the joker filling one
     * gap), its ranks in suit 0, the other cards of other suits; ranks lowest first */
    for (int t = 3; t <= RANK_ACE; t++) { /* the straight's top: 3 for A-2-3-4-5 */
        uint32_t window = 0;
        int missing = 0;
        for (int k = 0; k < 5; k++) {
            int r = t - k < 0 ? RANK_ACE : t - k;
            window |= 1u << r;
            missing += job->count[r] == 0;
        }
        if (missing > joker) continue;
        n = 0;
        for (int r = 0; r < 13; r++) {
            int in_sf = (window >> r) & 1u;
            for (int k = 0; k < job->count[r]; k++) flushy[n++] = (uint8_t)(4 * r + (in_sf ? k : (k + 1) % 4));
        }
        if (joker) flushy[n++] = PR_JOKER;
        check_hand(job, flushy, blind);
    }
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
        else if (!report->rule_classes[r]) report->rule_problem[r] = PG_WAY_SHADOWED;
}

