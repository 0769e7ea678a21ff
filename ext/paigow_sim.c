/* Pai Gow Poker at scale: banker histograms against one hand and the heads-up
 * simulation kernel (see paigow_sim.h). Hands are set by the house way of
 * paigow.c and ranked by pr_eval; nothing here ranks a hand itself. */
#include "paigow_sim.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ random */

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

void pg_rng_seed(pg_rng *r, const uint64_t seed[4]) {
    for (int i = 0; i < 4; i++) r->s[i] = seed[i];
    if (!(r->s[0] | r->s[1] | r->s[2] | r->s[3])) r->s[0] = 1; /* the one state it cannot leave */
}

uint64_t pg_rng_next(pg_rng *r) {
    uint64_t *s = r->s;
    uint64_t out = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return out;
}

/* Uniform in 0..n-1 (n >= 1), without bias: multiply-and-shift, rejecting the
 * few low products that would favour some values. */
static uint32_t below(pg_rng *r, uint32_t n) {
    uint64_t m = (pg_rng_next(r) >> 32) * (uint64_t)n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t floor = (uint32_t)(-n) % n;
        while (low < floor) {
            m = (pg_rng_next(r) >> 32) * (uint64_t)n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* The first k cards of deck[0..n) become a uniform draw (partial Fisher-Yates). */
static void draw(pg_rng *r, uint8_t *deck, int n, int k) {
    for (int i = 0; i < k; i++) {
        int j = i + (int)below(r, (uint32_t)(n - i));
        uint8_t c = deck[i];
        deck[i] = deck[j];
        deck[j] = c;
    }
}

/* ------------------------------------------------------- two-card indexes */

static uint8_t *low_tables[PR_NVARIANTS];
static int nlows[PR_NVARIANTS];

static int cmp_u32(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

int pg_sim_prepare(const pr_tables *t) {
    if (pg_prepare(t) < 0) return -1;
    if (low_tables[t->variant]) return 0;
    uint32_t keys[PR_NCODES * PR_NCODES], sorted[PR_NCODES * PR_NCODES];
    int n = 0;
    for (int a = 0; a < PR_NCODES; a++)
        for (int b = 0; b < PR_NCODES; b++) {
            uint8_t two[2] = {(uint8_t)a, (uint8_t)b};
            keys[a * PR_NCODES + b] = a == b ? 0 : pr_partial_key(t, two, 2);
            if (a != b) sorted[n++] = keys[a * PR_NCODES + b];
        }
    qsort(sorted, (size_t)n, sizeof(uint32_t), cmp_u32);
    int distinct = 0;
    for (int i = 0; i < n; i++)
        if (i == 0 || sorted[i] != sorted[i - 1]) sorted[distinct++] = sorted[i];
    uint8_t *table = malloc(PR_NCODES * PR_NCODES);
    if (!table) return -1;
    for (int i = 0; i < PR_NCODES * PR_NCODES; i++) {
        /* binary search; a == b (no hand) gets index 0, never read */
        int lo = 0, hi = distinct - 1;
        while (lo < hi) {
            int mid = (lo + hi) / 2;
            if (sorted[mid] < keys[i]) lo = mid + 1;
            else hi = mid;
        }
        table[i] = (uint8_t)lo;
    }
    nlows[t->variant] = distinct;
    low_tables[t->variant] = table;
    return 0;
}

int pg_nlow(const pr_tables *t) { return nlows[t->variant]; }

int pg_low_index(const pr_tables *t, int a, int b) {
    return low_tables[t->variant][a * PR_NCODES + b];
}

/* The banker's outcome cell of a hand set by a house way (the push cell when it
 * pushes under rule push). */
static int64_t banker_cell(const pr_tables *t, const uint8_t *lows, int nlow,
                           const uint8_t hand[7], const pg_way *way, int push) {
    uint8_t high[5], low[2];
    pg_way_setting(t, way, hand, high, low);
    if (push && pg_banker_pushes(t, push, high, low)) return nlow - 1;
    return (int64_t)pr_eval_codes(t, high, 5) * nlow + lows[low[0] * PR_NCODES + low[1]];
}

void pg_setting_outcomes(const pr_tables *t, const uint8_t hand[7], uint16_t high[21],
                         uint8_t low[21], uint8_t foul[21], int push, uint8_t *pushes) {
    int k = 0;
    for (int i = 0; i < 6; i++)
        for (int j = i + 1; j < 7; j++, k++) {
            uint8_t back[5], front[2] = {hand[i], hand[j]};
            int n = 0;
            for (int m = 0; m < 7; m++)
                if (m != i && m != j) back[n++] = hand[m];
            high[k] = pr_eval_codes(t, back, 5);
            low[k] = (uint8_t)pg_low_index(t, front[0], front[1]);
            foul[k] = (uint8_t)pg_is_foul(t, back, front);
            if (pushes) pushes[k] = (uint8_t)(push && pg_banker_pushes(t, push, back, front));
        }
}

/* ------------------------------------------------------ banker histograms */

int pg_live_cards(const pr_tables *t, uint64_t dead, uint8_t *out) {
    int n = 0;
    for (int c = 0; c < PR_NCODES; c++)
        if (((t->deck_mask & ~dead) >> c) & 1) out[n++] = (uint8_t)c;
    return n;
}

void pg_banker_hist_brute(const pr_tables *t, uint64_t dead, const pg_way *way, int push,
                          int64_t *hist) {
    uint8_t live[PR_NCODES], h[7];
    int n = pg_live_cards(t, dead, live), nlow = pg_nlow(t);
    const uint8_t *lows = low_tables[t->variant];
    for (int a = 0; a < n; a++) {
        h[0] = live[a];
        for (int b = a + 1; b < n; b++) {
            h[1] = live[b];
            for (int c = b + 1; c < n; c++) {
                h[2] = live[c];
                for (int d = c + 1; d < n; d++) {
                    h[3] = live[d];
                    for (int e = d + 1; e < n; e++) {
                        h[4] = live[e];
                        for (int f = e + 1; f < n; f++) {
                            h[5] = live[f];
                            for (int g = f + 1; g < n; g++) {
                                h[6] = live[g];
                                hist[banker_cell(t, lows, nlow, h, way, push)]++;
                            }
                        }
                    }
                }
            }
        }
    }
}

/* Steps idx (k increasing indexes below n) to the next k-subset; 0 after the last. */
static int next_subset(int *idx, int k, int n) {
    int i = k - 1;
    while (i >= 0 && idx[i] == n - k + i) i--;
    if (i < 0) return 0;
    idx[i]++;
    for (int j = i + 1; j < k; j++) idx[j] = idx[j - 1] + 1;
    return 1;
}

static void first_subset(int *idx, int k) {
    for (int j = 0; j < k; j++) idx[j] = j;
}

/* A hand with no flush in any five of its cards, of the same ranks (and joker)
 * as hand: the i-th natural card by rank gets suit i mod 4, so no suit holds
 * more than two and no rank repeats a suit. */
static void plain_hand(const uint8_t hand[7], uint8_t out[7]) {
    int per_rank[13] = {0}, n = 0, joker = 0;
    for (int i = 0; i < 7; i++) {
        if (hand[i] == PR_JOKER) joker = 1;
        else per_rank[hand[i] >> 2]++;
    }
    for (int r = 0; r < 13; r++)
        for (int k = 0; k < per_rank[r]; k++, n++) out[n] = (uint8_t)(r * 4 + (n & 3));
    if (joker) out[n] = PR_JOKER;
}

typedef struct {
    const pr_tables *t;
    const uint8_t *lows;
    int nlow, part, nparts, push;
    const pg_way *way;
    int64_t counter;
    int64_t *hist;
    int32_t *plain_natural, *plain_joker; /* by perfect-hash slot: cell of the plain hand, or -1 */
    int live_per_rank[13];
} hist_job;

static int32_t plain_cell(hist_job *job, const uint8_t hand[7]) {
    const pr_tables *t = job->t;
    uint32_t rk = 0;
    for (int i = 0; i < 7; i++) rk += (uint32_t)pr_card_key[hand[i]];
    int32_t *cache;
    uint32_t slot;
    if (rk >= PR_JOKER_RKEY) {
        cache = job->plain_joker;
        slot = pr_slot(t->phj, rk - PR_JOKER_RKEY);
    } else {
        cache = job->plain_natural;
        slot = pr_slot(t->ph, rk);
    }
    if (cache[slot] < 0) {
        uint8_t plain[7];
        plain_hand(hand, plain);
        cache[slot] = (int32_t)banker_cell(t, job->lows, job->nlow, plain, job->way, job->push);
    }
    return cache[slot];
}

/* Flush-capable hands: five or more natural cards of one suit, or four and the
 * joker. That suit is unique (5 + 5 > 7 and 4 + 4 > 6), so each hand is met
 * once. Each adds its own cell and takes away its plain hand's cell, which the
 * multiset pass counts for every hand of those ranks. */
static void flush_hands(hist_job *job, const uint8_t *live, int nlive, int joker_live) {
    uint8_t suited[13], others[PR_NCODES], hand[7];
    int sidx[7], oidx[7];
    for (int s = 0; s < 4; s++) {
        int ns = 0, no = 0;
        for (int i = 0; i < nlive; i++) {
            int c = live[i];
            if (c == PR_JOKER) continue;
            if ((c & 3) == s) suited[ns++] = (uint8_t)c;
            else others[no++] = (uint8_t)c;
        }
        for (int joker = 0; joker <= joker_live; joker++)
            for (int k = joker ? 4 : 5; k <= 7 - joker; k++) {
                int rest = 7 - joker - k;
                if (k > ns || rest > no) continue;
                first_subset(sidx, k);
                do {
                    if (job->counter++ % job->nparts != job->part) continue;
                    for (int i = 0; i < k; i++) hand[i] = suited[sidx[i]];
                    if (joker) hand[k] = PR_JOKER;
                    first_subset(oidx, rest);
                    do {
                        for (int i = 0; i < rest; i++) hand[k + joker + i] = others[oidx[i]];
                        job->hist[banker_cell(job->t, job->lows, job->nlow, hand, job->way,
                                              job->push)]++;
                        job->hist[plain_cell(job, hand)]--;
                    } while (next_subset(oidx, rest, no));
                } while (next_subset(sidx, k, ns));
            }
    }
}

static const int64_t choose4[5][5] = {
    {1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {1, 2, 1, 0, 0}, {1, 3, 3, 1, 0}, {1, 4, 6, 4, 1}};

/* Every rank multiset of `left` more natural cards from rank r up: the plain
 * hand's cell gets the number of hands with those ranks (and the joker). */
static void rank_multisets(hist_job *job, int r, int left, int64_t ways, int joker, int *count) {
    if (left == 0) {
        if (job->counter++ % job->nparts != job->part) return;
        uint8_t hand[7];
        int n = 0;
        for (int q = 0; q < 13; q++)
            for (int k = 0; k < count[q]; k++) hand[n++] = (uint8_t)(q * 4 + k);
        if (joker) hand[n++] = PR_JOKER;
        uint8_t plain[7];
        plain_hand(hand, plain);
        job->hist[banker_cell(job->t, job->lows, job->nlow, plain, job->way, job->push)] += ways;
        return;
    }
    if (r == 13) return;
    int most = job->live_per_rank[r] < left ? job->live_per_rank[r] : left;
    for (int k = 0; k <= most; k++) {
        count[r] = k;
        rank_multisets(job, r + 1, left - k, ways * choose4[job->live_per_rank[r]][k], joker,
                       count);
    }
    count[r] = 0;
}

int pg_banker_hist_part(const pr_tables *t, uint64_t dead, const pg_way *way, int push, int part,
                        int nparts, int64_t *hist) {
    hist_job job;
    memset(&job, 0, sizeof job);
    job.t = t;
    job.lows = low_tables[t->variant];
    job.nlow = pg_nlow(t);
    job.way = way;
    job.push = push;
    job.part = part;
    job.nparts = nparts;
    job.hist = hist;
    job.plain_natural = malloc(t->ph->nslots * sizeof(int32_t));
    job.plain_joker = malloc(t->phj->nslots * sizeof(int32_t));
    if (!job.plain_natural || !job.plain_joker) {
        free(job.plain_natural);
        free(job.plain_joker);
        return -1;
    }
    memset(job.plain_natural, 0xFF, t->ph->nslots * sizeof(int32_t));
    memset(job.plain_joker, 0xFF, t->phj->nslots * sizeof(int32_t));
    uint8_t live[PR_NCODES];
    int nlive = pg_live_cards(t, dead, live), joker_live = 0;
    for (int i = 0; i < nlive; i++) {
        if (live[i] == PR_JOKER) joker_live = 1;
        else job.live_per_rank[live[i] >> 2]++;
    }
    flush_hands(&job, live, nlive, joker_live);
    int count[13] = {0};
    rank_multisets(&job, 0, 7, 1, 0, count);
    if (joker_live) rank_multisets(&job, 0, 6, 1, 1, count);
    free(job.plain_natural);
    free(job.plain_joker);
    return 0;
}

void pg_banker_hist_sample(const pr_tables *t, uint8_t *live, int nlive, const pg_way *way,
                           int push, int64_t n, pg_rng *r, int64_t *hist) {
    int nlow = pg_nlow(t);
    const uint8_t *lows = low_tables[t->variant];
    for (int64_t i = 0; i < n; i++) {
        draw(r, live, nlive, 7);
        hist[banker_cell(t, lows, nlow, live, way, push)]++;
    }
}

/* -------------------------------------------------------------- the table */

void pg_sim_deal(int64_t n, pg_rng *r, uint8_t *out) {
    uint8_t deck[PR_NCODES];
    for (int c = 0; c < PR_NCODES; c++) deck[c] = (uint8_t)c;
    for (int64_t i = 0; i < n; i++) {
        draw(r, deck, PR_NCODES, 14);
        memcpy(out + 14 * i, deck, 14);
    }
}

/* Flags of a compared round: each side goes to the player only when strictly higher. */
static int compare(uint16_t pv, int pl, uint16_t bv, int bl) {
    int flags = (pv > bv) + (pl > bl);
    if (pv == bv) flags |= PG_HIGH_COPY;
    if (pl == bl) flags |= PG_LOW_COPY;
    return flags;
}

int pg_settle(const pr_tables *t, const uint8_t player[7], const uint8_t banker[7], int push) {
    int player_foul = pg_is_foul(t, player, player + 5);
    int banker_foul = pg_is_foul(t, banker, banker + 5);
    int flags = (player_foul ? PG_PLAYER_FOUL : 0) | (banker_foul ? PG_BANKER_FOUL : 0);
    if (player_foul) return flags; /* a loss */
    if (push && pg_banker_pushes(t, push, banker, banker + 5)) return flags | PG_BANKER_PUSH | 1;
    if (banker_foul) return flags | 2;
    return flags | compare(pr_eval_codes(t, player, 5), pg_low_index(t, player[5], player[6]),
                           pr_eval_codes(t, banker, 5), pg_low_index(t, banker[5], banker[6]));
}

void pg_settle_batch(const pr_tables *t, const uint8_t *player, const uint8_t *banker,
                     int push, int64_t n, uint8_t *out) {
    for (int64_t i = 0; i < n; i++)
        out[i] = (uint8_t)pg_settle(t, player + 7 * i, banker + 7 * i, push);
}

void pg_sim_rounds(const pr_tables *t, const pg_way *player_way, const pg_way *banker_way, int push,
                   int64_t n, pg_rng *r, uint8_t *deck, int64_t *counts) {
    uint8_t ph[5], pl[2], bh[5], bl[2];
    const uint8_t *lows = low_tables[t->variant];
    int64_t tally[PG_SIM_NCOUNTS] = {0};
    for (int64_t i = 0; i < n; i++) {
        draw(r, deck, PR_NCODES, 14);
        /* a way never fouls (its description's check covers every hand class) */
        pg_way_setting(t, player_way, deck, ph, pl);
        pg_way_setting(t, banker_way, deck + 7, bh, bl);
        if (push && pg_banker_pushes(t, push, bh, bl)) {
            tally[PG_SIM_PUSHES]++;
            tally[PG_SIM_BANKER_PUSHES]++;
            continue;
        }
        int flags = compare(pr_eval_codes(t, ph, 5), lows[pl[0] * PR_NCODES + pl[1]],
                            pr_eval_codes(t, bh, 5), lows[bl[0] * PR_NCODES + bl[1]]);
        tally[PG_SIM_LOSSES] += (flags & PG_OUTCOME_MASK) == 0;
        tally[PG_SIM_PUSHES] += (flags & PG_OUTCOME_MASK) == 1;
        tally[PG_SIM_WINS] += (flags & PG_OUTCOME_MASK) == 2;
        tally[PG_SIM_HIGH_COPIES] += (flags & PG_HIGH_COPY) != 0;
        tally[PG_SIM_LOW_COPIES] += (flags & PG_LOW_COPY) != 0;
    }
    tally[PG_SIM_ROUNDS] = n;
    for (int k = 0; k < PG_SIM_NCOUNTS; k++) counts[k] += tally[k];
}
