/* Pai Gow Poker, exactly: the outcome table and the count over disjoint pairs
 * (see paigow_exact.h). */
#include "paigow_exact.h"

#include <stdlib.h>
#include <string.h>

#include "paigow.h"
#include "paigow_sim.h"

#define KEY_BITS 20
#define KEY_MASK ((1u << KEY_BITS) - 1)

/* families at least this large (hands containing S) are counted on the full grid */
#define GRID_SHARE 8

/* the work of one S beside its hands' (in hands read), for splitting the count */
#define SET_COST 32

static int64_t binom[54][8];
static int binom_ready;

static void init_binom(void) {
    if (binom_ready) return;
    for (int n = 0; n < 54; n++) {
        binom[n][0] = 1;
        for (int k = 1; k < 8; k++) binom[n][k] = n == 0 ? 0 : binom[n - 1][k - 1] + binom[n - 1][k];
    }
    binom_ready = 1;
}

int64_t pgx_binom(int n, int k) {
    init_binom();
    return n < 0 || k < 0 || k > 7 || n > 53 ? 0 : binom[n][k];
}

int64_t pgx_hand_index(const uint8_t pos[7]) {
    init_binom();
    int64_t i = 0;
    for (int j = 0; j < 7; j++) i += binom[pos[j]][j + 1];
    return i;
}

int pgx_next_subset(uint8_t *pos, int k, int n) {
    for (int i = 0; i < k; i++) {
        int limit = i + 1 < k ? pos[i + 1] : n;
        if (pos[i] + 1 < limit) {
            pos[i]++;
            for (int j = 0; j < i; j++) pos[j] = (uint8_t)j;
            return 1;
        }
    }
    return 0;
}

/* The k-subset of colex number index. */
static void unrank_k(int64_t index, uint8_t *pos, int k) {
    init_binom();
    for (int j = k - 1; j >= 0; j--) {
        int p = j;
        while (p + 1 < 54 && binom[p + 1][j + 1] <= index) p++;
        pos[j] = (uint8_t)p;
        index -= binom[p][j + 1];
    }
}

static void unrank(int64_t index, uint8_t pos[7]) { unrank_k(index, pos, 7); }

/* Table entries, byte by byte (the same on any byte order). */
static uint64_t entry(const uint8_t *table, int sides, int64_t i) {
    const uint8_t *p = table + i * PGX_BYTES(sides);
    uint64_t x = 0;
    for (int b = PGX_BYTES(sides) - 1; b >= 0; b--) x = (x << 8) | p[b];
    return x;
}

static void set_key(uint8_t *table, int sides, int64_t i, int side, uint32_t key) {
    uint64_t x = entry(table, sides, i);
    int shift = side * KEY_BITS;
    x = (x & ~((uint64_t)KEY_MASK << shift)) | ((uint64_t)key << shift);
    uint8_t *p = table + i * PGX_BYTES(sides);
    for (int b = 0; b < PGX_BYTES(sides); b++) p[b] = (uint8_t)(x >> (8 * b));
}

static void keys_of(uint64_t x, int sides, uint32_t *player, uint32_t *banker) {
    *player = (uint32_t)(x & KEY_MASK);
    *banker = sides == 1 ? *player : (uint32_t)((x >> KEY_BITS) & KEY_MASK);
}

static uint32_t setting_key(const pr_tables *t, const uint8_t high[5], const uint8_t low[2],
                            int push) {
    if (push && pg_banker_pushes(t, push, high, low)) return PGX_PUSH_KEY;
    return (uint32_t)pr_eval_codes(t, high, 5) * PGX_NF + (uint32_t)pg_low_index(t, low[0], low[1]);
}

void pgx_hands(const uint8_t *deck, int ndeck, int64_t start, int64_t n, uint8_t *out) {
    uint8_t pos[7];
    unrank(start, pos);
    for (int64_t i = 0; i < n; i++) {
        for (int j = 0; j < 7; j++) out[7 * i + j] = deck[pos[j]];
        pgx_next_subset(pos, 7, ndeck);
    }
}

void pgx_fill_way(const pr_tables *t, const uint8_t *deck, int ndeck, const pg_way *way, int push,
                  int side, int sides, int64_t start, int64_t n, uint8_t *table) {
    uint8_t pos[7], hand[7], high[5], low[2];
    unrank(start, pos);
    for (int64_t i = start; i < start + n; i++) {
        for (int j = 0; j < 7; j++) hand[j] = deck[pos[j]];
        pg_way_setting(t, way, hand, high, low);
        set_key(table, sides, i, side, setting_key(t, high, low, push));
        pgx_next_subset(pos, 7, ndeck);
    }
}

int64_t pgx_fill_settings(const pr_tables *t, const uint8_t *deck, int ndeck, int64_t start,
                          int64_t n, const uint8_t *rows, int push, int side, int sides,
                          uint8_t *table, int *why) {
    uint8_t pos[7];
    unrank(start, pos);
    for (int64_t i = 0; i < n; i++) {
        const uint8_t *row = rows + 7 * i;
        uint64_t want = 0, got = 0;
        for (int j = 0; j < 7; j++) {
            want |= 1ull << deck[pos[j]];
            if (row[j] < PR_NCODES) got |= 1ull << row[j];
            else got |= 1ull << 63; /* never a hand's */
        }
        int distinct = 1;
        for (int j = 0; j < 7; j++)
            for (int m = j + 1; m < 7; m++) distinct &= row[j] != row[m];
        if (got != want || !distinct) {
            *why = 1;
            return i;
        }
        if (pg_is_foul(t, row, row + 5)) {
            *why = 2;
            return i;
        }
        set_key(table, sides, start + i, side, setting_key(t, row, row + 5, push));
        pgx_next_subset(pos, 7, ndeck);
    }
    return -1;
}

int64_t pgx_fill_staircase(const pr_tables *t, const uint8_t *deck, int ndeck, int64_t start,
                           int64_t n, int side, int sides, uint8_t *table, uint8_t *sizes,
                           uint32_t *points) {
    uint8_t pos[7], hand[7], low[21], foul[21];
    uint16_t high[21];
    int64_t at = 0;
    unrank(start, pos);
    for (int64_t i = 0; i < n; i++) {
        for (int j = 0; j < 7; j++) hand[j] = deck[pos[j]];
        pg_setting_outcomes(t, hand, high, low, foul, 0, NULL);
        uint32_t keys[21], top_back = 0, top_front = 0;
        int m = 0;
        for (int x = 0; x < 21; x++) {
            if (foul[x]) continue;
            uint32_t key = (uint32_t)high[x] * PGX_NF + low[x];
            int y = m++; /* insertion: keys falling (back values falling, then fronts) */
            while (y > 0 && keys[y - 1] < key) {
                keys[y] = keys[y - 1];
                y--;
            }
            keys[y] = key;
            if (high[x] > top_back) top_back = high[x];
            if (low[x] > top_front) top_front = low[x];
        }
        int k = 0;
        int best_front = -1;
        for (int y = 0; y < m; y++) /* the frontier: a front above every higher back's */
            if ((int)(keys[y] % PGX_NF) > best_front) {
                best_front = (int)(keys[y] % PGX_NF);
                if (points) points[at] = keys[y];
                at++;
                k++;
            }
        if (sizes) sizes[i] = (uint8_t)k;
        if (table) set_key(table, sides, start + i, side, top_back * PGX_NF + top_front);
        pgx_next_subset(pos, 7, ndeck);
    }
    (void)ndeck;
    return at;
}

static void sort7(uint8_t *a) {
    for (int i = 1; i < 7; i++) {
        uint8_t x = a[i];
        int j = i - 1;
        while (j >= 0 && a[j] > x) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = x;
    }
}

int64_t pgx_first_asymmetric(const uint8_t *deck, int ndeck, int sides, const uint8_t *table,
                             const uint8_t *gens, int ngens, int64_t start, int64_t n) {
    (void)deck;
    uint8_t pos[7], img[7];
    unrank(start, pos);
    for (int64_t i = start; i < start + n; i++) {
        uint64_t x = entry(table, sides, i);
        for (int g = 0; g < ngens; g++) {
            const uint8_t *map = gens + g * ndeck;
            for (int j = 0; j < 7; j++) img[j] = map[pos[j]];
            sort7(img);
            if (entry(table, sides, pgx_hand_index(img)) != x) return i;
        }
        pgx_next_subset(pos, 7, ndeck);
    }
    return -1;
}

/* ------------------------------------------------------------------ counting */

typedef struct {
    const uint8_t *table;
    int sides;
    int nb, nf;         /* back values below nb, front indexes below nf */
    uint32_t *grid_p;   /* nb * nf counts of the player's keys, and the banker's */
    uint32_t *grid_b;
    uint32_t *rows_p;   /* nb: points per back value */
    uint32_t *rows_b;
    uint32_t *fen;      /* Fenwick tree over back values + 1 */
    uint32_t *pk, *bk;  /* a small family's keys */
    uint32_t *order;    /* the family's points by front */
    int64_t cap;        /* room in pk, bk, order */
    /* the shown banker hand: each player hand's staircase (NULL without) */
    const uint32_t *soff, *spts;
    uint32_t npts;      /* points in spts: no hand's range is read past it */
    int32_t *grid_w;    /* nb * nf signed staircase points */
    uint32_t *rows_w;   /* nb: staircase points per back value */
    uint32_t *sk;       /* a small family's staircase points: key | sign << 31 */
    uint32_t *sorder;   /* their back values | sign << 31, by front */
    int64_t ns;         /* staircase points of the small family */
} counter;

typedef struct {
    int64_t wins, losses; /* #{P beats B on both}, #{B wins or copies both} */
} pair_counts;

#define NEG_BIT 0x80000000u

/* Hand i's staircase as signed dominance points: its frontier keys (back values
 * falling, fronts rising) with +1, and between two neighbours the corner (the
 * later's back, the earlier's front) with -1, so that the banker keys strictly
 * below some frontier point are counted once. Calls emit(c, point) each. */
#define STAIR_FOR(c, i, point, body)                                                   \
    do {                                                                               \
        uint32_t lo_ = (c)->soff[i], hi_ = (c)->soff[(i) + 1];                          \
        /* offsets as given, even by a caller changing them meanwhile: read within      \
         * the points, at most 21 (a hand's settings) a hand */                        \
        if (hi_ > (c)->npts) hi_ = (c)->npts;                                          \
        if (lo_ > hi_) lo_ = hi_;                                                      \
        if (hi_ - lo_ > 21) hi_ = lo_ + 21;                                            \
        for (uint32_t j_ = lo_; j_ < hi_; j_++) {                                      \
            uint32_t point = (c)->spts[j_];                                            \
            body;                                                                      \
            if (j_ > lo_) {                                                            \
                point = (((c)->spts[j_] / PGX_NF) * PGX_NF + (c)->spts[j_ - 1] % PGX_NF) \
                        | NEG_BIT;                                                     \
                body;                                                                  \
            }                                                                          \
        }                                                                              \
    } while (0)

/* +1 or -1 times whether banker key b is strictly below the point on both sides */
static int64_t stair_below(uint32_t point, uint32_t b) {
    uint32_t key = point & ~NEG_BIT;
    int below = b / PGX_NF < key / PGX_NF && b % PGX_NF < key % PGX_NF;
    return point & NEG_BIT ? -below : below;
}

/* Counts on the grid filled with n points of each side. */
static pair_counts grid_counts(counter *c, int64_t n) {
    int nb = c->nb, nf = c->nf;
    uint64_t colcum[PGX_NF] = {0}, marg_p[PGX_NF] = {0}, marg_b[PGX_NF] = {0};
    uint64_t w = 0, xb = 0, xf = 0, inserted = 0;
    int64_t ws = 0; /* the staircase points' signed dominance count */
    for (int b = 0; b < nb; b++) {
        const uint32_t *rp = c->grid_p + (int64_t)b * nf, *rb = c->grid_b + (int64_t)b * nf;
        if (c->soff && c->rows_w[b]) {
            const int32_t *rw = c->grid_w + (int64_t)b * nf;
            uint64_t run = 0;
            for (int f = 0; f < nf; f++) {
                ws += (int64_t)rw[f] * (int64_t)run;
                run += colcum[f];
            }
        }
        if (c->rows_p[b]) {
            uint64_t run = 0;
            for (int f = 0; f < nf; f++) {
                w += rp[f] * run;
                run += colcum[f];
                marg_p[f] += rp[f];
            }
            xb += (uint64_t)c->rows_p[b] * inserted;
        }
        if (c->rows_b[b]) {
            for (int f = 0; f < nf; f++) colcum[f] += rb[f];
            inserted += c->rows_b[b];
        }
    }
    for (int f = 0; f < nf; f++) marg_b[f] = colcum[f];
    uint64_t below = 0;
    for (int f = 0; f < nf; f++) {
        xf += marg_p[f] * below;
        below += marg_b[f];
    }
    pair_counts r;
    r.wins = c->soff ? ws : (int64_t)w;
    r.losses = (int64_t)((uint64_t)n * (uint64_t)n - xb - xf + w);
    return r;
}

static void grid_add(counter *c, uint32_t p, uint32_t b) {
    c->grid_p[(p / PGX_NF) * c->nf + p % PGX_NF]++;
    c->rows_p[p / PGX_NF]++;
    c->grid_b[(b / PGX_NF) * c->nf + b % PGX_NF]++;
    c->rows_b[b / PGX_NF]++;
}

static void grid_add_stair(counter *c, int64_t i) {
    STAIR_FOR(c, i, point, {
        uint32_t key = point & ~NEG_BIT;
        c->grid_w[(key / PGX_NF) * c->nf + key % PGX_NF] += point & NEG_BIT ? -1 : 1;
        c->rows_w[key / PGX_NF]++;
    });
}

static void grid_clear(counter *c) {
    memset(c->grid_p, 0, sizeof(uint32_t) * c->nb * c->nf);
    memset(c->grid_b, 0, sizeof(uint32_t) * c->nb * c->nf);
    memset(c->rows_p, 0, sizeof(uint32_t) * c->nb);
    memset(c->rows_b, 0, sizeof(uint32_t) * c->nb);
    if (c->soff) {
        memset(c->grid_w, 0, sizeof(int32_t) * c->nb * c->nf);
        memset(c->rows_w, 0, sizeof(uint32_t) * c->nb);
    }
}

static uint64_t fen_query(const uint32_t *fen, int i) { /* points with back value < i */
    uint64_t s = 0;
    for (; i > 0; i -= i & -i) s += fen[i];
    return s;
}

static void fen_add(uint32_t *fen, int size, int i, uint32_t d) { /* at back value i - 1 */
    for (; i <= size; i += i & -i) fen[i] += d;
}

/* Counts among the n points in pk, bk: fronts bucketed, a Fenwick tree over backs. */
static pair_counts small_counts(counter *c, int64_t n) {
    int nf = c->nf, size = c->nb;
    int64_t start_p[PGX_NF + 1] = {0}, start_b[PGX_NF + 1] = {0};
    for (int64_t i = 0; i < n; i++) {
        start_p[c->pk[i] % PGX_NF + 1]++;
        start_b[c->bk[i] % PGX_NF + 1]++;
    }
    uint64_t xf = 0, below = 0;
    for (int f = 0; f < nf; f++) {
        xf += (uint64_t)start_p[f + 1] * below;
        below += (uint64_t)start_b[f + 1];
    }
    for (int f = 0; f < nf; f++) {
        start_p[f + 1] += start_p[f];
        start_b[f + 1] += start_b[f];
    }
    /* order: the player's points by front in [0, n), the banker's in [n, 2n) */
    int64_t fill_p[PGX_NF], fill_b[PGX_NF];
    memcpy(fill_p, start_p, sizeof(int64_t) * nf);
    memcpy(fill_b, start_b, sizeof(int64_t) * nf);
    for (int64_t i = 0; i < n; i++) {
        c->order[fill_p[c->pk[i] % PGX_NF]++] = c->pk[i] / PGX_NF;
        c->order[n + fill_b[c->bk[i] % PGX_NF]++] = c->bk[i] / PGX_NF;
    }
    int64_t start_s[PGX_NF + 1] = {0}, ns = c->soff ? c->ns : 0, ws = 0;
    for (int64_t i = 0; i < ns; i++) start_s[(c->sk[i] & ~NEG_BIT) % PGX_NF + 1]++;
    for (int f = 0; f < nf; f++) start_s[f + 1] += start_s[f];
    if (ns) {
        int64_t fill_s[PGX_NF];
        memcpy(fill_s, start_s, sizeof(int64_t) * nf);
        for (int64_t i = 0; i < ns; i++) {
            uint32_t key = c->sk[i] & ~NEG_BIT;
            c->sorder[fill_s[key % PGX_NF]++] = key / PGX_NF | (c->sk[i] & NEG_BIT);
        }
    }
    uint64_t w = 0, xb = 0;
    for (int f = 0; f < nf; f++) {
        for (int64_t i = start_p[f]; i < start_p[f + 1]; i++) w += fen_query(c->fen, (int)c->order[i]);
        for (int64_t i = start_s[f]; i < start_s[f + 1]; i++) {
            int64_t below = (int64_t)fen_query(c->fen, (int)(c->sorder[i] & ~NEG_BIT));
            ws += c->sorder[i] & NEG_BIT ? -below : below;
        }
        for (int64_t i = start_b[f]; i < start_b[f + 1]; i++)
            fen_add(c->fen, size, (int)c->order[n + i] + 1, 1);
    }
    for (int64_t i = 0; i < n; i++) xb += fen_query(c->fen, (int)c->order[i]);
    if (n * 16 < size) { /* undo, cheaper than clearing */
        for (int64_t i = 0; i < n; i++) fen_add(c->fen, size, (int)c->order[n + i] + 1, (uint32_t)-1);
    } else {
        memset(c->fen, 0, sizeof(uint32_t) * (size + 1));
    }
    pair_counts r;
    r.wins = c->soff ? ws : (int64_t)w;
    r.losses = (int64_t)((uint64_t)n * (uint64_t)n - xb - xf + w);
    return r;
}

/* The hands of the deck that contain the k positions s, into the grid or pk/bk. */
static int64_t gather(counter *c, int ndeck, const uint8_t *s, int k, int to_grid) {
    uint8_t rest[53], pick[7], hand[7];
    int nrest = 0, m = 7 - k;
    for (int p = 0, j = 0; p < ndeck; p++) {
        if (j < k && s[j] == p) j++;
        else rest[nrest++] = (uint8_t)p;
    }
    for (int j = 0; j < m; j++) pick[j] = (uint8_t)j;
    int64_t n = 0;
    do {
        int a = 0, b = 0;
        for (int j = 0; j < 7; j++) /* merge s and the picked rest */
            hand[j] = (b >= m || (a < k && s[a] < rest[pick[b]])) ? s[a++] : rest[pick[b++]];
        uint32_t pk, bk;
        int64_t i = pgx_hand_index(hand);
        keys_of(entry(c->table, c->sides, i), c->sides, &pk, &bk);
        if (to_grid) {
            grid_add(c, pk, bk);
            if (c->soff) grid_add_stair(c, i);
        } else {
            c->pk[n] = pk;
            c->bk[n] = bk;
            if (c->soff) STAIR_FOR(c, i, point, c->sk[c->ns++] = point);
        }
        n++;
    } while (m > 0 && pgx_next_subset(pick, m, nrest));
    return n;
}

/* The work of counting one S of k cards (k = 0: S empty): the hands that contain
 * it, and a little for S itself. */
static int64_t set_work(int ndeck, int k) { return pgx_binom(ndeck - k, 7 - k) + SET_COST; }

static int64_t ceil_div(int64_t a, int64_t b) { /* b > 0 */
    return a <= 0 ? -(-a / b) : (a + b - 1) / b;
}

/* floor(whole * part / nparts) for 0 <= part <= nparts, without overflow */
static int64_t share(int64_t whole, int part, int nparts) {
    return whole / nparts * part + whole % nparts * part / nparts;
}

int pgx_count_part(const uint8_t *deck, int ndeck, int sides, const uint8_t *table,
                   const uint8_t *group, int ngroup, int part, int nparts, int64_t out[3]) {
    return pgx_count_shown_part(deck, ndeck, sides, table, NULL, NULL, 0, group, ngroup,
                                part, nparts, out);
}

int pgx_count_shown_part(const uint8_t *deck, int ndeck, int sides, const uint8_t *table,
                         const uint32_t *offsets, const uint32_t *points, uint32_t npoints,
                         const uint8_t *group, int ngroup, int part, int nparts,
                         int64_t out[3]) {
    init_binom();
    (void)deck;
    counter c;
    memset(&c, 0, sizeof c);
    c.table = table;
    c.sides = sides;
    c.soff = offsets;
    c.spts = points;
    c.npts = npoints;
    c.nb = PGX_NB;
    c.nf = PGX_NF;
    int64_t cells = (int64_t)c.nb * c.nf;
    /* The S in order (S empty, then by size, then colex), each with its work; part
     * `part` counts those whose work starts in its share [lo, hi) of the whole, one
     * run of consecutive S: for each size k, the colex numbers first[k] .. last[k] - 1. */
    int64_t whole = 0, first[7], last[7];
    for (int k = 0; k < 7; k++) whole += pgx_binom(ndeck, k) * set_work(ndeck, k);
    int64_t lo = share(whole, part, nparts), hi = share(whole, part + 1, nparts), base = 0;
    int need_grid = 0; /* the grids, only for a part that has S empty or a large family */
    int64_t cap = 0;   /* the largest family counted point by point */
    for (int k = 0; k < 7; k++) {
        int64_t sets = pgx_binom(ndeck, k), work = set_work(ndeck, k);
        first[k] = ceil_div(lo - base, work);
        last[k] = ceil_div(hi - base, work);
        base += sets * work;
        if (first[k] < 0) first[k] = 0;
        if (last[k] > sets) last[k] = sets;
        if (first[k] >= last[k]) continue;
        int64_t family = pgx_binom(ndeck - k, 7 - k);
        if (k == 0 || family * GRID_SHARE >= cells) need_grid = 1;
        else if (family > cap) cap = family;
    }
    c.cap = cap;
    c.grid_p = need_grid ? calloc((size_t)cells, sizeof(uint32_t)) : NULL;
    c.grid_b = need_grid ? calloc((size_t)cells, sizeof(uint32_t)) : NULL;
    c.rows_p = calloc((size_t)c.nb, sizeof(uint32_t));
    c.rows_b = calloc((size_t)c.nb, sizeof(uint32_t));
    c.fen = calloc((size_t)c.nb + 1, sizeof(uint32_t));
    c.pk = malloc(sizeof(uint32_t) * (size_t)(cap + 1));
    c.bk = malloc(sizeof(uint32_t) * (size_t)(cap + 1));
    c.order = malloc(sizeof(uint32_t) * (size_t)(2 * cap + 2));
    if (offsets) { /* at most 2 * 21 - 1 staircase points a hand */
        c.grid_w = need_grid ? calloc((size_t)cells, sizeof(int32_t)) : NULL;
        c.rows_w = calloc((size_t)c.nb, sizeof(uint32_t));
        c.sk = malloc(sizeof(uint32_t) * (size_t)(41 * cap + 1));
        c.sorder = malloc(sizeof(uint32_t) * (size_t)(41 * cap + 1));
    }
    uint64_t *images = malloc(sizeof(uint64_t) * (size_t)ngroup * 53);
    int status = -1;
    if ((need_grid && (!c.grid_p || !c.grid_b)) || !c.rows_p || !c.rows_b || !c.fen ||
        !c.pk || !c.bk || !c.order || !images)
        goto done;
    if (offsets && ((need_grid && !c.grid_w) || !c.rows_w || !c.sk || !c.sorder)) goto done;
    for (int g = 0; g < ngroup; g++)
        for (int p = 0; p < ndeck; p++) images[g * 53 + p] = 1ull << group[g * ndeck + p];
    int64_t wins = 0, losses = 0, visits = 0;
    if (first[0] < last[0]) { /* S empty: every hand, in table order; and S a whole hand, P = B */
        int64_t n = pgx_binom(ndeck, 7), same_wins = 0, same_losses = 0;
        for (int64_t i = 0; i < n; i++) {
            uint32_t pk, bk;
            keys_of(entry(table, sides, i), sides, &pk, &bk);
            grid_add(&c, pk, bk);
            if (offsets) {
                grid_add_stair(&c, i);
                STAIR_FOR(&c, i, point, same_wins += stair_below(point, bk));
            } else
                same_wins += pk / PGX_NF > bk / PGX_NF && pk % PGX_NF > bk % PGX_NF;
            same_losses += pk / PGX_NF <= bk / PGX_NF && pk % PGX_NF <= bk % PGX_NF;
        }
        pair_counts r = grid_counts(&c, n);
        grid_clear(&c);
        wins += r.wins - same_wins;
        losses += r.losses - same_losses;
        visits += n;
    }
    for (int k = 1; k < 7; k++) {
        uint8_t s[7];
        int64_t family = pgx_binom(ndeck - k, 7 - k);
        int to_grid = family * GRID_SHARE >= cells;
        for (int64_t index = first[k]; index < last[k]; index++) {
            if (index == first[k]) unrank_k(index, s, k);
            else pgx_next_subset(s, k, ndeck);
            uint64_t mask = 0;
            for (int j = 0; j < k; j++) mask |= 1ull << s[j];
            int stabilizer = 0, canonical = 1;
            for (int g = 0; g < ngroup && canonical; g++) {
                const uint64_t *img = images + g * 53;
                uint64_t image = 0;
                for (int j = 0; j < k; j++) image |= img[s[j]];
                if (image < mask) canonical = 0;
                stabilizer += image == mask;
            }
            if (!canonical) continue;
            int64_t weight = ngroup / stabilizer;
            c.ns = 0;
            int64_t n = gather(&c, ndeck, s, k, to_grid);
            pair_counts r;
            if (to_grid) {
                r = grid_counts(&c, n);
                grid_clear(&c);
            } else {
                r = small_counts(&c, n);
            }
            int64_t sign = k % 2 ? -weight : weight;
            wins += sign * r.wins;
            losses += sign * r.losses;
            visits += n;
        }
    }
    out[0] = wins;
    out[1] = losses;
    out[2] = visits;
    status = 0;
done:
    free(c.grid_p);
    free(c.grid_b);
    free(c.rows_p);
    free(c.rows_b);
    free(c.fen);
    free(c.pk);
    free(c.bk);
    free(c.order);
    free(c.grid_w);
    free(c.rows_w);
    free(c.sk);
    free(c.sorder);
    free(images);
    return status;
}

/* The banker keys of the hands that contain the k positions s, against one
 * player key: adds to *wins and *losses as the grid counts do. */
static int64_t scan_family(int ndeck, int sides, const uint8_t *table, const uint8_t *s, int k,
                           uint32_t key, int64_t *wins, int64_t *losses) {
    uint8_t rest[53], pick[7], hand[7];
    int nrest = 0, m = 7 - k;
    uint32_t back = key / PGX_NF, front = key % PGX_NF;
    for (int p = 0, j = 0; p < ndeck; p++) {
        if (j < k && s[j] == p) j++;
        else rest[nrest++] = (uint8_t)p;
    }
    for (int j = 0; j < m; j++) pick[j] = (uint8_t)j;
    int64_t n = 0, w = 0, l = 0;
    do {
        int a = 0, b = 0;
        for (int j = 0; j < 7; j++)
            hand[j] = (b >= m || (a < k && s[a] < rest[pick[b]])) ? s[a++] : rest[pick[b++]];
        uint32_t pk, bk;
        keys_of(entry(table, sides, pgx_hand_index(hand)), sides, &pk, &bk);
        w += back > bk / PGX_NF && front > bk % PGX_NF;
        l += back <= bk / PGX_NF && front <= bk % PGX_NF;
        n++;
    } while (m > 0 && pgx_next_subset(pick, m, nrest));
    *wins += w;
    *losses += l;
    return n;
}

void pgx_count_hand(int ndeck, int sides, const uint8_t *table, const uint8_t pos[7],
                    uint32_t key, int64_t out[3]) {
    init_binom();
    int64_t wins = 0, losses = 0, visits = 0;
    uint32_t back = key / PGX_NF, front = key % PGX_NF;
    int64_t n = pgx_binom(ndeck, 7);
    for (int64_t i = 0; i < n; i++) { /* S empty: every hand, in table order */
        uint32_t pk, bk;
        keys_of(entry(table, sides, i), sides, &pk, &bk);
        wins += back > bk / PGX_NF && front > bk % PGX_NF;
        losses += back <= bk / PGX_NF && front <= bk % PGX_NF;
    }
    visits += n;
    for (int subset = 1; subset < 128; subset++) {
        uint8_t s[7];
        int k = 0;
        for (int j = 0; j < 7; j++)
            if (subset >> j & 1) s[k++] = pos[j];
        int64_t w = 0, l = 0;
        visits += scan_family(ndeck, sides, table, s, k, key, &w, &l);
        wins += k % 2 ? -w : w;
        losses += k % 2 ? -l : l;
    }
    out[0] = wins;
    out[1] = losses;
    out[2] = visits;
}
