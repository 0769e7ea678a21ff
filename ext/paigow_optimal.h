/* Pai Gow Poker, the best setting of every hand: each setting of many player
 * hands counted exactly against every banker hand of the deck disjoint from it.
 *
 * Deck, positions, keys and the outcome table as in paigow_exact.h. For a player
 * hand P and a setting s (back value b, front index f):
 *   wins(P, s)   = #{B disjoint from P : back(B) < b and front(B) < f}
 *   losses(P, s) = #{B disjoint from P : back(B) >= b and front(B) >= f}
 * by inclusion-exclusion over the cards S that P and B share:
 *   wins(P, s) = sum over S subset of P of (-1)^|S| #{B containing S : dominated by s}.
 * The work is organised by S, not by hand: every (hand, S) of a batch is listed,
 * S replaced by the least colex image of it under the group (the deck's suit
 * renamings, under which the banker's table is invariant), the list sorted, and
 * each distinct S's family (the banker hands that contain it) counted once for
 * every setting of every hand of the batch that holds S: on a dense prefix grid
 * over (banker back rank, banker front rank) for large families, by a sweep over
 * fronts with a Fenwick tree over backs for small ones, by a direct walk for
 * |S| = 6 (the family of S = P is P itself).
 */
#ifndef PG_PAIGOW_OPTIMAL_H
#define PG_PAIGOW_OPTIMAL_H

#include <stdint.h>

#include "pr_eval.h"

#define PGO_NSET 21 /* settings of a hand: fronts (0,1), (0,2) ... (5,6) */

/* How families are counted: by size (0), all on the dense grid (1), all by the
 * sweep (2); the integers are the same. */
#define PGO_AUTO 0
#define PGO_DENSE 1
#define PGO_SWEEP 2

/* Counts the 21 settings of n player hands (rows of 7 increasing deck positions)
 * against the banker's keys of the table (side `sides` - 1 of a table of `sides`
 * sides). group: ngroup position maps (a group, the identity among them; 1 for
 * none) under which the banker's keys are invariant. t prepared (pg_sim_prepare).
 * ties_to_hand: copies go to the hands counted (the banker's seat), so wins count
 * the opposing hands at or below a setting on both sides, losses those above it on
 * both; else copies go to the table's side (wins below on both, losses at or above).
 * push: a banker push rule (pg_banker_pushes, 0 for none) of the hands counted: a
 * setting that pushes under it neither wins nor loses (give it for the banker's seat).
 * wins, losses: n rows of 21, -1 for a setting that fouls.
 * Returns 0, -1 out of memory. */
int pgo_solve(const pr_tables *t, const uint8_t *deck, int ndeck, int sides,
              const uint8_t *table, const uint8_t *group, int ngroup, const uint8_t *hands,
              int64_t n, int mode, int ties_to_hand, int push, int64_t *wins,
              int64_t *losses);

#endif
