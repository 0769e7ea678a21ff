/* Pai Gow Poker at scale: the banker's house-way outcomes against one hand
 * (exact enumeration or sampling) and the heads-up simulation kernel.
 *
 * An outcome of a set hand is its pair (high value, low index): the five-card
 * value of pr_eval (1..nclasses) and the dense rank (0..nlow-1) of the
 * two-card hand. A banker histogram counts banker hands by outcome in a flat
 * int64 array of (nclasses + 1) * nlow cells, cell value * nlow + low. Under a
 * banker push rule (`push`, a PG_PUSH_ value of paigow.h; 0 for none) a banker
 * hand that pushes is counted in cell (0, nlow - 1), beneath every five-card value
 * and at the top two-card index: no setting beats it on both hands (its front would
 * have to be above the top) or loses to it on both (its back would be at most 0).
 *
 * Codes and tables as in paigow.h; call pg_sim_prepare(t) once per variant,
 * holding whatever lock guards the first use, before the other functions.
 */
#ifndef PG_PAIGOW_SIM_H
#define PG_PAIGOW_SIM_H

#include <stdint.h>

#include "paigow.h"

/* xoshiro256** state; seed it with four 64-bit words, not all zero. */
typedef struct {
    uint64_t s[4];
} pg_rng;

void pg_rng_seed(pg_rng *r, const uint64_t seed[4]);
uint64_t pg_rng_next(pg_rng *r);

/* Builds the two-card index table (and pg_prepare's tables). 0, or -1 when out of memory. */
int pg_sim_prepare(const pr_tables *t);
/* Number of distinct two-card ranks (the histogram's second axis). */
int pg_nlow(const pr_tables *t);
/* The dense two-card index of two distinct codes. */
int pg_low_index(const pr_tables *t, int a, int b);

/* The 21 settings of a hand, fronts in position order (0,1), (0,2) ... (5,6):
 * each one's high value, low index and foul flag; with pushes (else NULL), whether
 * a banker's setting pushes every bet under rule push (pg_banker_pushes). */
void pg_setting_outcomes(const pr_tables *t, const uint8_t hand[7], uint16_t high[21],
                         uint8_t low[21], uint8_t foul[21], int push, uint8_t *pushes);

/* Adds every 7-card banker hand from the deck's cards outside `dead` (a bit
 * per code), set by `way`, to hist: one hand at a time (the reference). */
void pg_banker_hist_brute(const pr_tables *t, uint64_t dead, const pg_way *way, int push,
                          int64_t *hist);

/* The same histogram, summed over parts 0..nparts-1, each a separate call.
 * Hands that cannot make a flush set the same way for every suit pattern, so
 * they are counted once per rank multiset; the flush-capable ones are set one
 * by one. A part's cells may be negative; the sum over all parts is the
 * histogram. Returns 0, or -1 when out of memory. */
int pg_banker_hist_part(const pr_tables *t, uint64_t dead, const pg_way *way, int push, int part,
                        int nparts, int64_t *hist);

/* The deck's cards outside `dead`, in code order, to out[PR_NCODES]; returns how many. */
int pg_live_cards(const pr_tables *t, uint64_t dead, uint8_t *out);

/* Adds n banker hands drawn uniformly from live[0..nlive) (at least 7 cards) to
 * hist. The draw permutes live in place, so calls that pass the same live cards
 * and generator on draw the same hands as one call for the sum of their n. */
void pg_banker_hist_sample(const pr_tables *t, uint8_t *live, int nlive, const pg_way *way,
                           int push, int64_t n, pg_rng *r, int64_t *hist);

/* Deals n heads-up rounds: rows of 14 codes, the player's 7 then the banker's 7.
 * pg_sim_rounds from a deck in code order draws exactly the same cards from the
 * same state. */
void pg_sim_deal(int64_t n, pg_rng *r, uint8_t *out);

/* Settlement flags of one round (bits of pg_settle's result). */
enum {
    PG_OUTCOME_MASK = 3, /* 0 loss, 1 push, 2 win (the player's) */
    PG_HIGH_COPY = 4,
    PG_LOW_COPY = 8,
    PG_PLAYER_FOUL = 16,
    PG_BANKER_FOUL = 32,
    PG_BANKER_PUSH = 64 /* the banker's hand pushed every bet (a push rule) */
};

/* Settles a player's setting against the banker's (rows of 7: five high codes,
 * then two low): copies to the banker, a fouled player loses, else a banker hand
 * that pushes under rule `push` (pg_banker_pushes) pushes, else a fouled banker
 * loses. */
int pg_settle(const pr_tables *t, const uint8_t player[7], const uint8_t banker[7], int push);
void pg_settle_batch(const pr_tables *t, const uint8_t *player, const uint8_t *banker,
                     int push, int64_t n, uint8_t *out);

/* Counts of a simulation (indexes into its counts array). */
enum {
    PG_SIM_ROUNDS, PG_SIM_WINS, PG_SIM_PUSHES, PG_SIM_LOSSES,
    PG_SIM_HIGH_COPIES, PG_SIM_LOW_COPIES, PG_SIM_PLAYER_FOULS, PG_SIM_BANKER_FOULS,
    PG_SIM_BANKER_PUSHES, PG_SIM_NCOUNTS
};

/* Deals, sets (player by player_way, banker by banker_way) and settles n
 * rounds under the banker push rule `push`, adding to counts[PG_SIM_NCOUNTS]. The deals permute deck[PR_NCODES]
 * (the 53 codes) in place: start it in code order and pass it on with the
 * generator, and successive calls deal what one call would. */
void pg_sim_rounds(const pr_tables *t, const pg_way *player_way, const pg_way *banker_way, int push,
                   int64_t n, pg_rng *r, uint8_t *deck, int64_t *counts);

#endif
