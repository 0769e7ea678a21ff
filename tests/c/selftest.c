/* The C core's self-test: built from ext/ with any C compiler and run on the target
 * itself (natively, under qemu-user, under wine, with ThreadSanitizer), so that what
 * the Python tests prove of the core is proven where no Python runs.
 *
 *     selftest HOUSE_WAY_FIXTURE          checks; exit status 0 when all pass
 *     selftest --write-house-way FILE     writes the fixture (from a native build)
 *
 * Checks:
 *   1. the kernel is chosen once: eight threads that all evaluate first, before
 *      anything chose, get one kernel and the same values;
 *   2. every rules variant's category counts over every 5- and 7-card hand, against
 *      the figures tests/test_hands.py and docs/ranking.rst assert;
 *   3. random hands of 5..7 cards of every variant, by every kernel the CPU has and
 *      threads = 1..8, checked and unchecked, against the scalar reference
 *      (pr_eval_codes, one hand at a time), and the first bad row found alike;
 *   4. the hand-written reference house ways (each; house_way_reference.c) on a
 *      fixed sample of hands against the settings stored in the fixture.
 * Figures are printed; any failure is named and the exit status is 1.
 */
#define PR_WANT_THREADS /* pr_port.h's threads, as pr_batch.c uses them */
#include "pr_eval.h"
#include "paigow.h"
#include "house_way_reference.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long failures = 0, checks = 0;

#define CHECK(cond, ...)                                    \
    do {                                                    \
        checks++;                                           \
        if (!(cond)) {                                      \
            failures++;                                     \
            if (failures <= 20) {                           \
                printf("FAIL %s:%d: ", __FILE__, __LINE__); \
                printf(__VA_ARGS__);                        \
                printf("\n");                               \
            }                                               \
        }                                                   \
    } while (0)

/* splitmix64: the same numbers on every platform */
static uint64_t rng_state = 0x5EEDull;
static uint64_t next_u64(void) {
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* k distinct cards of the deck, uniformly */
static void deal(const pr_tables *t, uint8_t *out, int k) {
    uint8_t deck[PR_NCODES];
    int n = 0;
    for (int c = 0; c < PR_NCODES; c++)
        if ((t->deck_mask >> c) & 1) deck[n++] = (uint8_t)c;
    for (int i = 0; i < k; i++) {
        int j = i + (int)(next_u64() % (uint64_t)(n - i));
        uint8_t x = deck[i];
        deck[i] = deck[j];
        deck[j] = x;
        out[i] = deck[i];
    }
}

/* ------------------------------------------------------ 2. category counts */

/* The variants (pr_eval.h's bits) and their category counts, HIGH_CARD..FIVE_ACES.
 * The options that only reorder (wheel second, flush over full house) keep their
 * deck's counts; Piquet's A-7-8-9-T straight changes them. */
typedef struct {
    int variant, k;
    uint64_t counts[PR_NCATEGORIES];
} expected_t;

#define STANDARD5 {1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40, 0}
#define STANDARD7 {23294460, 58627800, 31433400, 6461620, 6180020, 4047644, 3473184, 224848, \
                   41584, 0}
#define PAIGOW5 {1418964, 1215024, 138600, 63360, 20532, 7804, 4368, 828, 204, 1}
#define PAIGOW7 {24780420, 64221960, 35553816, 7470676, 11236028, 6172088, 4188528, 307472, \
                 210964, 1128}
#define PIQUET5 {53040, 107520, 24192, 10752, 4080, 208, 1344, 224, 16, 0}
#define PIQUET7 {31080, 677160, 1421280, 263120, 524960, 59240, 357504, 26208, 5304, 0}
#define PIQUET_LOW5 {52020, 107520, 24192, 10752, 5100, 204, 1344, 224, 20, 0}
#define PIQUET_LOW7 {15540, 605880, 1398600, 258060, 639520, 57940, 357504, 26208, 6604, 0}

static const expected_t expected[] = {
    {PR_DECK_STANDARD, 5, STANDARD5},
    {PR_DECK_STANDARD, 7, STANDARD7},
    {PR_DECK_STANDARD | PR_WHEEL_SECOND, 5, STANDARD5},
    {PR_DECK_STANDARD | PR_WHEEL_SECOND, 7, STANDARD7},
    {PR_DECK_PAIGOW, 5, PAIGOW5},
    {PR_DECK_PAIGOW, 7, PAIGOW7},
    {PR_DECK_PAIGOW | PR_WHEEL_SECOND, 5, PAIGOW5},
    {PR_DECK_PAIGOW | PR_WHEEL_SECOND, 7, PAIGOW7},
    {PR_DECK_PIQUET, 5, PIQUET5},
    {PR_DECK_PIQUET, 7, PIQUET7},
    {PR_DECK_PIQUET | PR_FLUSH_OVER_FULL, 5, PIQUET5},
    {PR_DECK_PIQUET | PR_FLUSH_OVER_FULL, 7, PIQUET7},
    {PR_DECK_PIQUET | PR_ACE_LOW, 5, PIQUET_LOW5},
    {PR_DECK_PIQUET | PR_ACE_LOW, 7, PIQUET_LOW7},
    {PR_DECK_PIQUET | PR_ACE_LOW | PR_FLUSH_OVER_FULL, 5, PIQUET_LOW5},
    {PR_DECK_PIQUET | PR_ACE_LOW | PR_FLUSH_OVER_FULL, 7, PIQUET_LOW7},
};
#define NEXPECTED (int)(sizeof expected / sizeof expected[0])

static const int variants[] = {
    PR_DECK_STANDARD, PR_DECK_STANDARD | PR_WHEEL_SECOND, PR_DECK_PAIGOW,
    PR_DECK_PAIGOW | PR_WHEEL_SECOND, PR_DECK_PIQUET, PR_DECK_PIQUET | PR_FLUSH_OVER_FULL,
    PR_DECK_PIQUET | PR_ACE_LOW, PR_DECK_PIQUET | PR_ACE_LOW | PR_FLUSH_OVER_FULL};
#define NVARIANTS (int)(sizeof variants / sizeof variants[0])

static void category_counts(void) {
    for (int e = 0; e < NEXPECTED; e++) {
        const pr_tables *t = pr_get_tables(expected[e].variant);
        CHECK(t != NULL, "variant %d: no tables", expected[e].variant);
        if (!t) continue;
        uint64_t *by_value = calloc((size_t)t->nclasses + 1, sizeof(uint64_t));
        uint64_t by_cat[PR_NCATEGORIES] = {0}, total = 0;
        pr_enumerate(t, expected[e].k, by_value);
        for (int v = 1; v <= t->nclasses; v++) by_cat[t->class_cat[v]] += by_value[v];
        CHECK(by_value[0] == 0, "variant %d: %llu hands without a value", expected[e].variant,
              (unsigned long long)by_value[0]);
        for (int c = 0; c < PR_NCATEGORIES; c++) {
            CHECK(by_cat[c] == expected[e].counts[c], "variant %d, %d cards, category %d: %llu, "
                  "expected %llu", expected[e].variant, expected[e].k, c,
                  (unsigned long long)by_cat[c], (unsigned long long)expected[e].counts[c]);
            total += by_cat[c];
        }
        printf("counts: variant %2d, %d cards: %llu hands, %d values, straights %llu, "
               "flushes %llu\n", expected[e].variant, expected[e].k, (unsigned long long)total,
               t->nclasses, (unsigned long long)by_cat[PR_STRAIGHT],
               (unsigned long long)by_cat[PR_FLUSH]);
        free(by_value);
    }
}

/* --------------------------------------------------- 3. random hands, threads */

#define ROWS 3000

static int kernels[3], nkernels = 0;

static void find_kernels(void) {
    int chosen = pr_kernel(-1);
    for (int level = 0; level <= 2; level++) {
        int got = pr_kernel(level);
        if (nkernels == 0 || kernels[nkernels - 1] != got) kernels[nkernels++] = got;
    }
    pr_kernel(chosen);
}

static void random_hands(void) {
    uint8_t *codes = malloc(ROWS * 7);
    int32_t *want = malloc(ROWS * sizeof(int32_t)), *got = malloc(ROWS * sizeof(int32_t));
    long rows = 0;
    for (int vi = 0; vi < NVARIANTS; vi++) {
        const pr_tables *t = pr_get_tables(variants[vi]);
        for (int k = 5; k <= 7; k++) {
            for (int i = 0; i < ROWS; i++) {
                deal(t, codes + i * k, k);
                want[i] = pr_eval_codes(t, codes + i * k, k);
                CHECK(want[i] >= 1 && want[i] <= t->nclasses, "variant %d: value %d",
                      variants[vi], want[i]);
            }
            for (int ki = 0; ki < nkernels; ki++) {
                pr_kernel(kernels[ki]);
                for (int threads = 1; threads <= 8; threads++) {
                    for (int check = 0; check <= 1; check++) {
                        int why = 0;
                        memset(got, 0, ROWS * sizeof(int32_t));
                        int64_t bad = pr_eval_batch_threads(t, codes, ROWS, k, got, check, &why,
                                                            threads);
                        CHECK(bad == -1, "variant %d, kernel %d, %d threads: row %lld refused",
                              variants[vi], kernels[ki], threads, (long long)bad);
                        CHECK(memcmp(got, want, ROWS * sizeof(int32_t)) == 0,
                              "variant %d, %d cards, kernel %d, %d threads, check %d: values "
                              "differ from the scalar reference", variants[vi], k, kernels[ki],
                              threads, check);
                        rows += ROWS;
                    }
                    /* a duplicate card in one row: every kernel and split names that row */
                    int64_t row = (int64_t)(next_u64() % ROWS);
                    uint8_t keep = codes[row * k + 1];
                    codes[row * k + 1] = codes[row * k];
                    int why = 0;
                    int64_t bad = pr_eval_batch_threads(t, codes, ROWS, k, got, 1, &why, threads);
                    CHECK(bad == row && why == 2, "variant %d, kernel %d, %d threads: first bad "
                          "row %lld (why %d), expected %lld", variants[vi], kernels[ki], threads,
                          (long long)bad, why, (long long)row);
                    codes[row * k + 1] = keep;
                }
            }
        }
    }
    printf("random hands: %d variants, 5..7 cards, kernels", NVARIANTS);
    for (int ki = 0; ki < nkernels; ki++) printf(" %d", kernels[ki]);
    printf(", threads 1..8, checked and not: %ld rows as the scalar reference\n", rows);
    free(codes);
    free(want);
    free(got);
}

/* --------------------------------------------------- 1. the kernel chosen once */

#define RACERS 8

typedef struct {
    const pr_tables *t;
    const uint8_t *codes;
    int32_t out[ROWS];
    int64_t bad;
} racer_t;

static void race(void *arg) {
    racer_t *r = arg;
    int why = 0;
    r->bad = pr_eval_batch(r->t, r->codes, ROWS, 7, r->out, 1, &why);
}

static void kernel_chosen_once(void) {
    const pr_tables *t = pr_get_tables(PR_DECK_PAIGOW);
    uint8_t *codes = malloc(ROWS * 7);
    static racer_t racers[RACERS];
    pr_thread ids[RACERS];
    pr_thread_call calls[RACERS];
    int started = 0;
    for (int i = 0; i < ROWS; i++) deal(t, codes + i * 7, 7);
    for (int i = 0; i < RACERS; i++) {
        racers[i].t = t;
        racers[i].codes = codes;
        calls[i] = (pr_thread_call){race, &racers[i]};
    }
    /* nothing has chosen a kernel yet: every racer's first batch chooses */
    int runs[RACERS];
    for (int i = 0; i < RACERS; i++) started += runs[i] = pr_thread_start(&ids[i], &calls[i]) == 0;
    for (int i = 0; i < RACERS; i++) {
        if (runs[i]) pr_thread_join(ids[i]);
        else race(&racers[i]);
    }
    int kernel = pr_kernel(-1);
#ifndef PR_NO_THREADS
    CHECK(started == RACERS, "only %d of %d threads started", started, RACERS);
#endif
    for (int i = 0; i < RACERS; i++) {
        CHECK(racers[i].bad == -1, "racer %d refused row %lld", i, (long long)racers[i].bad);
        CHECK(memcmp(racers[i].out, racers[0].out, sizeof racers[0].out) == 0,
              "racer %d's values differ", i);
        for (int j = 0; j < ROWS; j++) {
            if (racers[i].out[j] != pr_eval_codes(t, codes + j * 7, 7)) {
                CHECK(0, "racer %d row %d: %d", i, j, racers[i].out[j]);
                break;
            }
        }
    }
    if (started)
        printf("kernel: chosen once as %d by %d threads racing to choose it\n", kernel, started);
    else
        printf("kernel: chosen once as %d by the first of %d runs\n", kernel, RACERS);
    free(codes);
}

/* ------------------------------------------------------ 4. Pai Gow house way */

#define HOUSE_HANDS 150

static void house_way(const char *path, int write) {
    const pr_tables *t = pr_get_tables(PR_DECK_PAIGOW);
    CHECK(t && pg_prepare(t) == 0, "pg_prepare failed");
    FILE *f = fopen(path, write ? "w" : "r");
    CHECK(f != NULL, "cannot open %s", path);
    if (!f) return;
    if (write)
        fprintf(f, "# way, seven cards, the house way's high hand and low hand, rule "
                   "(codes of pr_eval.h; written by tests/c/selftest.c --write-house-way)\n");
    else {
        int ch;
        while ((ch = fgetc(f)) != '\n' && ch != EOF) {} /* the header */
    }
    int lines = 0, rules_seen = 0;
    rng_state = 0x9A1604ull; /* the fixture's hands, whatever ran before */
    for (int i = 0; i < HOUSE_HANDS; i++) {
        uint8_t hand[7];
        deal(t, hand, 7);
        for (int way = 0; way < PG_NWAYS; way++) {
            uint8_t high[5], low[2];
            int rule = pg_house_way_set(t, hand, way, high, low);
            rules_seen |= 1 << rule;
            if (write) {
                fprintf(f, "%d", way);
                for (int j = 0; j < 7; j++) fprintf(f, " %d", hand[j]);
                for (int j = 0; j < 5; j++) fprintf(f, " %d", high[j]);
                fprintf(f, " %d %d %d\n", low[0], low[1], rule);
                lines++;
                continue;
            }
            int v[16];
            int n = fscanf(f, "%d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d", &v[0], &v[1],
                           &v[2], &v[3], &v[4], &v[5], &v[6], &v[7], &v[8], &v[9], &v[10],
                           &v[11], &v[12], &v[13], &v[14], &v[15]);
            CHECK(n == 16, "fixture line %d: %d numbers", lines + 2, n);
            if (n != 16) break;
            int same = v[0] == way;
            for (int j = 0; j < 7; j++) same &= v[1 + j] == hand[j];
            CHECK(same, "fixture line %d is not the sample's hand", lines + 2);
            int set = v[15] == rule && v[13] == low[0] && v[14] == low[1];
            for (int j = 0; j < 5; j++) set &= v[8 + j] == high[j];
            CHECK(set, "house way %d of fixture line %d: rule %d, expected %d", way, lines + 2,
                  rule, v[15]);
            lines++;
        }
    }
    fclose(f);
    int nrules = 0;
    for (int r = 0; r < 16; r++) nrules += (rules_seen >> r) & 1;
    printf("house way: %d settings %s, %d different rules deciding\n", lines,
           write ? "written" : "as the fixture", nrules);
}

int main(int argc, char **argv) {
    if (argc == 3 && strcmp(argv[1], "--write-house-way") == 0) {
        house_way(argv[2], 1);
        return failures ? 1 : 0;
    }
    if (argc != 2) {
        fprintf(stderr, "usage: selftest HOUSE_WAY_FIXTURE | --write-house-way FILE\n");
        return 2;
    }
    for (int vi = 0; vi < NVARIANTS; vi++) /* built once, before any thread reads them */
        CHECK(pr_get_tables(variants[vi]) != NULL, "variant %d: no tables", variants[vi]);
    printf("platform: %d-bit pointers, char is %s, threads %s, SIMD kernels %s\n",
           (int)(8 * sizeof(void *)), (char)-1 < 0 ? "signed" : "unsigned",
#ifdef PR_NO_THREADS
           "none",
#elif defined(_WIN32)
           "Win32",
#else
           "POSIX",
#endif
#ifdef PR_HAVE_SIMD
           "compiled"
#else
           "not compiled"
#endif
    );
    kernel_chosen_once();
    find_kernels();
    category_counts();
    random_hands();
    house_way(argv[1], 0);
    printf("selftest: %ld checks, %ld failed\n", checks, failures);
    return failures ? 1 : 0;
}
