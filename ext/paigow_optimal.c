/* Pai Gow Poker, the best setting of every hand (see paigow_optimal.h). */
#include "paigow_optimal.h"

#include <stdlib.h>
#include <string.h>

#include "paigow_exact.h"
#include "paigow_sim.h"
#include "pr_port.h"

#define NOQ 0xFFFFu /* the back rank of a setting that fouls */

/* families at least this large (banker hands holding S) per grid cell /
 * GRID_SHARE are counted on the dense grid */
#define GRID_SHARE 8

typedef struct {
    int ndeck, sides;
    const uint8_t *table;
    int64_t binom[54][8];
    int nb, nf;             /* distinct banker back values and front indexes */
    uint16_t bx[PGX_NB];    /* distinct banker back values below a value */
    uint8_t fx[PGX_NF];     /* distinct banker front indexes below an index */
    uint16_t qbx[PGX_NB];   /* a setting's back rank: bx, or the values at or below it */
    uint8_t qfx[PGX_NF];    /* when copies go to the hand counted (ties_to_hand) */
    int64_t n;
    uint16_t *qrow;         /* n * 21: each setting's bx of its back value, NOQ if foul */
    uint8_t *qcol;          /* its fx of its front index */
    int64_t *wins, *losses;
    uint32_t *grid;         /* (nb + 1) * (nf + 1) prefix counts */
    uint32_t *fen;          /* Fenwick tree over back ranks, nb + 1 */
    uint16_t *prow;         /* a small family's points */
    uint8_t *pcol;
    uint16_t *porder;       /* their back ranks by front rank */
    int64_t pcap;
    uint32_t *qdest;        /* a run's queries: where they add, back and front ranks */
    uint16_t *qr;
    uint8_t *qc;
    uint32_t *qorder;
    int64_t *qw;
    int64_t qcap;
} solver;

static uint32_t banker_key(const solver *s, int64_t i) {
    const uint8_t *p = s->table + i * PGX_BYTES(s->sides);
    if (s->sides == 1) return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)(p[2] & 0x0F) << 16;
    uint64_t x = 0;
    for (int b = 4; b >= 0; b--) x = (x << 8) | p[b];
    return (uint32_t)((x >> 20) & 0xFFFFF);
}

static int64_t hand_index(const solver *s, const uint8_t h[7]) {
    int64_t i = 0;
    for (int j = 0; j < 7; j++) i += s->binom[h[j]][j + 1];
    return i;
}

/* The distinct opposing back values and front indexes, as ranks; a setting's ranks
 * count the values below its own, or at or below it when copies go to the setting
 * (then "wins" are the points it beats or copies on both hands, "losses" the points
 * that beat it on both). */
static void compress(solver *s, int ties_to_hand) {
    static const int nbv = PGX_NB, nfv = PGX_NF;
    uint8_t seen_b[PGX_NB] = {0}, seen_f[PGX_NF] = {0};
    int64_t total = s->binom[s->ndeck][7];
    for (int64_t i = 0; i < total; i++) {
        uint32_t k = banker_key(s, i);
        seen_b[k >> 7] = 1;
        seen_f[k & 127] = 1;
    }
    int below = 0;
    for (int v = 0; v < nbv; v++) {
        s->bx[v] = (uint16_t)below;
        below += seen_b[v];
        s->qbx[v] = (uint16_t)(ties_to_hand ? below : s->bx[v]);
    }
    s->nb = below;
    below = 0;
    for (int v = 0; v < nfv; v++) {
        s->fx[v] = (uint8_t)below;
        below += seen_f[v];
        s->qfx[v] = (uint8_t)(ties_to_hand ? below : s->fx[v]);
    }
    s->nf = below;
}

/* Adds sign * (wins, losses) of a setting against a family of m hands. */
static void add(solver *s, int64_t dest, int64_t sign, int64_t m, int64_t w, int64_t rowm,
                int64_t colm) {
    s->wins[dest] += sign * w;
    s->losses[dest] += sign * (m - rowm - colm + w);
}

/* ---------------------------------------------------------------- dense grid */

static void grid_point(solver *s, uint32_t key) {
    int w = s->nf + 1;
    s->grid[(int64_t)(s->bx[key >> 7] + 1) * w + s->fx[key & 127] + 1]++;
}

static void grid_prefix(solver *s) {
    int w = s->nf + 1;
    for (int i = 1; i <= s->nb; i++) {
        uint32_t *row = s->grid + (int64_t)i * w, *above = row - w;
        uint32_t run = 0;
        for (int j = 1; j <= s->nf; j++) {
            run += row[j];
            row[j] = run + above[j];
        }
    }
}

static void grid_answer(solver *s, uint32_t h, int64_t sign, int64_t m) {
    int w = s->nf + 1;
    const uint32_t *g = s->grid, *last = g + (int64_t)s->nb * w;
    for (int t = 0; t < PGO_NSET; t++) {
        int64_t q = (int64_t)h * PGO_NSET + t;
        uint16_t r = s->qrow[q];
        if (r == NOQ) continue;
        uint8_t c = s->qcol[q];
        const uint32_t *row = g + (int64_t)r * w;
        add(s, q, sign, m, row[c], row[s->nf], last[c]);
    }
}

/* ------------------------------------------------------------------- sweep */

static uint32_t fen_query(const uint32_t *fen, int i) { /* points with back rank < i */
    uint32_t x = 0;
    for (; i > 0; i -= i & -i) x += fen[i];
    return x;
}

static void fen_add(uint32_t *fen, int size, int i, uint32_t d) { /* at back rank i - 1 */
    for (; i <= size; i += i & -i) fen[i] += d;
}

/* The queries of the run's hands against the m points in prow/pcol. */
static void sweep(solver *s, const uint64_t *recs, int64_t r, int64_t sign, int64_t m) {
    int nf = s->nf, nb = s->nb;
    int64_t pstart[PGX_NF + 2] = {0}, qstart[PGX_NF + 2] = {0}, fill[PGX_NF + 1];
    int64_t nq = 0;
    for (int64_t i = 0; i < r; i++) {
        uint32_t h = (uint32_t)recs[i];
        for (int t = 0; t < PGO_NSET; t++) {
            int64_t q = (int64_t)h * PGO_NSET + t;
            if (s->qrow[q] == NOQ) continue;
            s->qdest[nq] = (uint32_t)q;
            s->qr[nq] = s->qrow[q];
            s->qc[nq] = s->qcol[q];
            qstart[s->qc[nq] + 1]++;
            nq++;
        }
    }
    for (int64_t i = 0; i < m; i++) pstart[s->pcol[i] + 1]++;
    for (int c = 0; c <= nf; c++) {
        pstart[c + 1] += pstart[c];
        qstart[c + 1] += qstart[c];
    }
    memcpy(fill, pstart, sizeof(int64_t) * (nf + 1));
    for (int64_t i = 0; i < m; i++) s->porder[fill[s->pcol[i]]++] = s->prow[i];
    memcpy(fill, qstart, sizeof(int64_t) * (nf + 1));
    for (int64_t i = 0; i < nq; i++) s->qorder[fill[s->qc[i]]++] = (uint32_t)i;
    /* queries at front rank c see the points of front rank below c */
    for (int c = 0; c <= nf; c++) {
        for (int64_t i = qstart[c]; i < qstart[c + 1]; i++) {
            uint32_t q = s->qorder[i];
            s->qw[q] = fen_query(s->fen, s->qr[q]);
        }
        if (c < nf)
            for (int64_t i = pstart[c]; i < pstart[c + 1]; i++)
                fen_add(s->fen, nb, s->porder[i] + 1, 1);
    }
    for (int64_t q = 0; q < nq; q++)
        add(s, s->qdest[q], sign, m, s->qw[q], fen_query(s->fen, s->qr[q]), pstart[s->qc[q]]);
    if (m * 16 < nb) {
        for (int64_t i = 0; i < m; i++) fen_add(s->fen, nb, s->prow[i] + 1, (uint32_t)-1);
    } else {
        memset(s->fen, 0, sizeof(uint32_t) * (nb + 1));
    }
}

/* --------------------------------------------------------------- families */

/* The banker hands that contain the k positions S: onto the grid, or into prow/pcol. */
static int64_t family(solver *s, const uint8_t *S, int k, int dense) {
    uint8_t rest[53], pick[7], hand[7];
    int nrest = 0, m = 7 - k;
    for (int p = 0, j = 0; p < s->ndeck; p++) {
        if (j < k && S[j] == p) j++;
        else rest[nrest++] = (uint8_t)p;
    }
    for (int j = 0; j < m; j++) pick[j] = (uint8_t)j;
    int64_t n = 0;
    do {
        int a = 0, b = 0;
        for (int j = 0; j < 7; j++) /* merge S and the picked rest */
            hand[j] = (b >= m || (a < k && S[a] < rest[pick[b]])) ? S[a++] : rest[pick[b++]];
        uint32_t key = banker_key(s, hand_index(s, hand));
        if (dense) grid_point(s, key);
        else {
            s->prow[n] = s->bx[key >> 7];
            s->pcol[n] = s->fx[key & 127];
        }
        n++;
    } while (m > 0 && pgx_next_subset(pick, m, nrest));
    return n;
}

/* LSD radix sort of records by bits 32.. (the class), keeping each class's hands in order. */
static int sort_records(uint64_t *a, uint64_t *tmp, int64_t n, int64_t classes) {
    enum { BITS = 11, SIZE = 1 << BITS };
    int64_t *count = malloc(sizeof(int64_t) * SIZE);
    if (!count) return -1;
    for (int shift = 32; ((int64_t)1 << (shift - 32)) < classes; shift += BITS) {
        memset(count, 0, sizeof(int64_t) * SIZE);
        for (int64_t i = 0; i < n; i++) count[(a[i] >> shift) & (SIZE - 1)]++;
        int64_t sum = 0;
        for (int d = 0; d < SIZE; d++) {
            int64_t c = count[d];
            count[d] = sum;
            sum += c;
        }
        for (int64_t i = 0; i < n; i++) tmp[count[(a[i] >> shift) & (SIZE - 1)]++] = a[i];
        memcpy(a, tmp, sizeof(uint64_t) * n);
    }
    free(count);
    return 0;
}

/* The k-subset of colex number index. */
static void unrank_k(const solver *s, int64_t index, uint8_t *pos, int k) {
    for (int j = k - 1; j >= 0; j--) {
        int p = j;
        while (p + 1 < 54 && s->binom[p + 1][j + 1] <= index) p++;
        pos[j] = (uint8_t)p;
        index -= s->binom[p][j + 1];
    }
}

static int grow(void **p, int64_t want, size_t size) {
    void *q = realloc(*p, size * (size_t)want);
    if (!q) return -1;
    *p = q;
    return 0;
}

/* Every S of k cards of the hands, by class: -1 out of memory. */
static int level(solver *s, const uint8_t *hands, const uint64_t *images, int ngroup, int k,
                 int mode) {
    static const int choose7[8] = {1, 7, 21, 35, 35, 21, 7, 1};
    int64_t per = choose7[k], nrec = s->n * per;
    int64_t sign = k % 2 ? -1 : 1;
    int64_t m = s->binom[s->ndeck - k][7 - k];
    int64_t cells = (int64_t)(s->nb + 1) * (s->nf + 1);
    int dense = mode == PGO_DENSE || (mode == PGO_AUTO && m * GRID_SHARE >= cells);
    uint64_t *recs = malloc(sizeof(uint64_t) * (size_t)nrec);
    uint64_t *tmp = malloc(sizeof(uint64_t) * (size_t)nrec);
    if (!recs || !tmp) goto fail;
    int64_t at = 0;
    for (int64_t h = 0; h < s->n; h++) {
        const uint8_t *pos = hands + 7 * h;
        for (int sub = 1; sub < 128; sub++) {
            if (pr_popcount32((uint32_t)sub) != k) continue;
            uint64_t least = ~0ull;
            for (int g = 0; g < ngroup; g++) {
                const uint64_t *img = images + (int64_t)g * 64;
                uint64_t image = 0;
                for (int j = 0; j < 7; j++)
                    if (sub >> j & 1) image |= img[pos[j]];
                if (image < least) least = image;
            }
            int64_t index = 0;
            for (int j = 0; least; j++, least &= least - 1) index += s->binom[pr_ctz64(least)][j + 1];
            recs[at++] = (uint64_t)index << 32 | (uint64_t)h;
        }
    }
    if (sort_records(recs, tmp, nrec, s->binom[s->ndeck][k]) < 0) goto fail;
    free(tmp);
    tmp = NULL;
    if (!dense && s->pcap < m) {
        if (grow((void **)&s->prow, m, sizeof(uint16_t)) ||
            grow((void **)&s->pcol, m, sizeof(uint8_t)) ||
            grow((void **)&s->porder, m, sizeof(uint16_t)))
            goto fail;
        s->pcap = m;
    }
    for (int64_t i = 0; i < nrec;) {
        int64_t j = i;
        while (j < nrec && recs[j] >> 32 == recs[i] >> 32) j++;
        uint8_t S[7];
        unrank_k(s, (int64_t)(recs[i] >> 32), S, k);
        if (dense) {
            memset(s->grid, 0, sizeof(uint32_t) * (size_t)cells);
            family(s, S, k, 1);
            grid_prefix(s);
            for (int64_t x = i; x < j; x++) grid_answer(s, (uint32_t)recs[x], sign, m);
        } else {
            int64_t want = (j - i) * PGO_NSET;
            if (s->qcap < want) {
                if (grow((void **)&s->qdest, want, sizeof(uint32_t)) ||
                    grow((void **)&s->qr, want, sizeof(uint16_t)) ||
                    grow((void **)&s->qc, want, sizeof(uint8_t)) ||
                    grow((void **)&s->qorder, want, sizeof(uint32_t)) ||
                    grow((void **)&s->qw, want, sizeof(int64_t)))
                    goto fail;
                s->qcap = want;
            }
            family(s, S, k, 0);
            sweep(s, recs + i, j - i, sign, m);
        }
        i = j;
    }
    free(recs);
    return 0;
fail:
    free(recs);
    free(tmp);
    return -1;
}

/* |S| = 6 (the banker hands S + one card, P itself among them) and S = P. */
static void walk_last(solver *s, const uint8_t *hands) {
    for (int64_t h = 0; h < s->n; h++) {
        const uint8_t *pos = hands + 7 * h;
        const uint16_t *qr = s->qrow + h * PGO_NSET;
        const uint8_t *qc = s->qcol + h * PGO_NSET;
        int64_t w[PGO_NSET] = {0}, l[PGO_NSET] = {0};
        for (int drop = 0; drop < 7; drop++) {
            uint8_t S[6], hand[7];
            for (int j = 0, x = 0; j < 7; j++)
                if (j != drop) S[x++] = pos[j];
            uint64_t held = 0;
            for (int j = 0; j < 6; j++) held |= 1ull << S[j];
            for (int c = 0; c < s->ndeck; c++) {
                if (held >> c & 1) continue;
                int x = 0, placed = 0;
                for (int j = 0; j < 6; j++) {
                    if (!placed && c < S[j]) {
                        hand[x++] = (uint8_t)c;
                        placed = 1;
                    }
                    hand[x++] = S[j];
                }
                if (!placed) hand[6] = (uint8_t)c;
                uint32_t key = banker_key(s, hand_index(s, hand));
                uint16_t br = s->bx[key >> 7];
                uint8_t bc = s->fx[key & 127];
                for (int t = 0; t < PGO_NSET; t++) {
                    w[t] += br < qr[t] && bc < qc[t];
                    l[t] += br >= qr[t] && bc >= qc[t];
                }
            }
        }
        uint32_t key = banker_key(s, hand_index(s, pos)); /* S = P: the hand itself */
        uint16_t br = s->bx[key >> 7];
        uint8_t bc = s->fx[key & 127];
        for (int t = 0; t < PGO_NSET; t++) {
            if (qr[t] == NOQ) continue;
            s->wins[h * PGO_NSET + t] += w[t] - (br < qr[t] && bc < qc[t]);
            s->losses[h * PGO_NSET + t] += l[t] - (br >= qr[t] && bc >= qc[t]);
        }
    }
}

int pgo_solve(const pr_tables *t, const uint8_t *deck, int ndeck, int sides,
              const uint8_t *table, const uint8_t *group, int ngroup, const uint8_t *hands,
              int64_t n, int mode, int ties_to_hand, int push, int64_t *wins,
              int64_t *losses) {
    int status = -1;
    uint64_t *images = NULL;
    solver *s = calloc(1, sizeof(solver));
    if (!s) return -1;
    s->ndeck = ndeck;
    s->sides = sides;
    s->table = table;
    s->n = n;
    s->wins = wins;
    s->losses = losses;
    for (int a = 0; a < 54; a++)
        for (int b = 0; b < 8; b++) s->binom[a][b] = pgx_binom(a, b);
    if (n == 0) {
        status = 0;
        goto done;
    }
    compress(s, ties_to_hand);
    int64_t cells = (int64_t)(s->nb + 1) * (s->nf + 1);
    s->qrow = malloc(sizeof(uint16_t) * (size_t)(n * PGO_NSET + 1));
    s->qcol = malloc(sizeof(uint8_t) * (size_t)(n * PGO_NSET + 1));
    s->grid = malloc(sizeof(uint32_t) * (size_t)cells);
    s->fen = calloc((size_t)s->nb + 1, sizeof(uint32_t));
    images = calloc((size_t)ngroup * 64, sizeof(uint64_t));
    if (!s->qrow || !s->qcol || !s->grid || !s->fen || !images) goto done;
    for (int g = 0; g < ngroup; g++)
        for (int p = 0; p < ndeck; p++) images[g * 64 + p] = 1ull << group[g * ndeck + p];
    /* each setting's back and front as ranks among the banker's */
    for (int64_t h = 0; h < n; h++) {
        uint8_t codes[7], foul[PGO_NSET], low[PGO_NSET], pushes[PGO_NSET];
        uint16_t high[PGO_NSET];
        for (int j = 0; j < 7; j++) codes[j] = deck[hands[7 * h + j]];
        pg_setting_outcomes(t, codes, high, low, foul, push, pushes);
        for (int x = 0; x < PGO_NSET; x++) {
            int64_t q = h * PGO_NSET + x;
            /* a pushing setting asks for the points below rank 0 on the back (none)
             * and at or above rank nf on the front (none): no win, no loss */
            s->qrow[q] = foul[x] ? NOQ : pushes[x] ? 0 : s->qbx[high[x]];
            s->qcol[q] = pushes[x] ? (uint8_t)s->nf : s->qfx[low[x]];
            wins[q] = losses[q] = 0;
        }
    }
    /* S empty: every hand of the deck */
    memset(s->grid, 0, sizeof(uint32_t) * (size_t)cells);
    int64_t total = s->binom[ndeck][7];
    for (int64_t i = 0; i < total; i++) grid_point(s, banker_key(s, i));
    grid_prefix(s);
    for (int64_t h = 0; h < n; h++) grid_answer(s, (uint32_t)h, 1, total);
    for (int k = 1; k <= 5; k++)
        if (level(s, hands, images, ngroup, k, mode) < 0) goto done;
    walk_last(s, hands);
    for (int64_t q = 0; q < n * PGO_NSET; q++)
        if (s->qrow[q] == NOQ) wins[q] = losses[q] = -1;
    status = 0;
done:
    free(images);
    free(s->qrow);
    free(s->qcol);
    free(s->grid);
    free(s->fen);
    free(s->prow);
    free(s->pcol);
    free(s->porder);
    free(s->qdest);
    free(s->qr);
    free(s->qc);
    free(s->qorder);
    free(s->qw);
    free(s);
    return status;
}
