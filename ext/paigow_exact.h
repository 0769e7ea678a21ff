/* Pai Gow Poker, exactly: every ordered pair of disjoint hands of a deck counted.
 *
 * A deck is a sorted list of n card codes (n <= 53); a hand is 7 of its
 * positions, numbered in colex order (pgx_hand_index). The outcome table holds
 * every hand's outcome under each side's strategy, a 20-bit key per side
 * (back value * 128 + front index, as pr_eval and pg_low_index number them),
 * the player's in bits 0..19 and, with two sides, the banker's in bits 20..39,
 * in PGX_BYTES(sides) bytes per hand (the array padded by 8 bytes). A banker
 * hand that pushes every bet under a push rule (pg_banker_pushes) holds
 * PGX_PUSH_KEY: back value 0 (below every hand's) and front index 127 (above
 * every two-card hand's), so that no player key is both above it (a win) nor
 * both at most it (a loss): the count adds the push at no cost.
 *
 * The count: the player wins a pair when both hands are strictly higher and
 * loses when both are lower or equal (copies go to the banker). Over disjoint
 * pairs, by inclusion-exclusion on the set S of cards the two share,
 * count = sum over S of (-1)^|S| #{(P, B): P and B contain S, condition}, each
 * term a 2-D dominance count over the hands that contain S. With a symmetry
 * group of the deck (position maps under which the table is invariant) one S
 * per orbit is counted, times the orbit's size.
 */
#ifndef PG_PAIGOW_EXACT_H
#define PG_PAIGOW_EXACT_H

#include <stdint.h>

#include "paigow.h"
#include "pr_eval.h"

#define PGX_BYTES(sides) ((sides) == 1 ? 3 : 5)
#define PGX_PAD 8
#define PGX_NB 8192 /* back values below this */
#define PGX_NF 128  /* front indexes below this */
#define PGX_PUSH_KEY (PGX_NF - 1) /* a banker hand that pushes (back 0, front 127) */

/* C(n, k) for n <= 53, k <= 7. */
int64_t pgx_binom(int n, int k);

/* The next k-subset of 0..n-1 in colex order (pos increasing); 0 after the last. */
int pgx_next_subset(uint8_t *pos, int k, int n);

/* Colex number of 7 increasing positions. */
int64_t pgx_hand_index(const uint8_t pos[7]);

/* Hands start .. start + n - 1 of the deck, as codes (n rows of 7). */
void pgx_hands(const uint8_t *deck, int ndeck, int64_t start, int64_t n, uint8_t *out);

/* Fills side (0 player, 1 banker) of the table for hands start .. start + n - 1,
 * each set by a built-in house way; a setting that pushes under rule `push` (0
 * for none; give it for the banker's keys only) is stored as PGX_PUSH_KEY. t as
 * in paigow_sim.h (pg_sim_prepare done). */
void pgx_fill_way(const pr_tables *t, const uint8_t *deck, int ndeck, const pg_way *way, int push,
                  int side, int sides, int64_t start, int64_t n, uint8_t *table);

/* Stores n settings (rows of 7: five back codes, then two front) of hands
 * start .. start + n - 1 on a side (pushes under `push` as pgx_fill_way). Returns -1, or the first row whose cards are
 * not its hand's (*why 1) or that fouls (*why 2); rows before it are stored. */
int64_t pgx_fill_settings(const pr_tables *t, const uint8_t *deck, int ndeck, int64_t start,
                          int64_t n, const uint8_t *rows, int push, int side, int sides,
                          uint8_t *table, int *why);

/* -1 when the keys of hands start .. start + n - 1 are unchanged by each of the
 * ngens position maps (ngens rows of ndeck), else the first of them that changes. */
int64_t pgx_first_asymmetric(const uint8_t *deck, int ndeck, int sides, const uint8_t *table,
                             const uint8_t *gens, int ngens, int64_t start, int64_t n);

/* Part `part` of `nparts` of the count: a run of consecutive S (S empty first,
 * then by size, then colex) of about 1/nparts of the work, counted by the hands
 * that contain each S. group: ngroup position maps (a group, the identity
 * among them; ngroup 1 for none). out[0] wins, out[1] losses (signed sums; the
 * parts add up to the counts), out[2] hands visited. 0, or -1 out of memory. */
int pgx_count_part(const uint8_t *deck, int ndeck, int sides, const uint8_t *table,
                   const uint8_t *group, int ngroup, int part, int nparts, int64_t out[3]);

/* The shown banker hand (Face Up): for hands start .. start + n - 1, the player's
 * staircase, the frontier of its non-foul settings' keys (no other setting at
 * least as high on both sides), back values falling: sizes[i] points for hand
 * start + i, written one hand after another into points (room for 21 n); and on
 * `side` of the table the loss key (the highest back value * 128 + the highest
 * front index of its settings: a banker key at least that on both sides beats
 * every setting). Any of sizes, points, table NULL: not written. Returns the
 * number of points. */
int64_t pgx_fill_staircase(const pr_tables *t, const uint8_t *deck, int ndeck, int64_t start,
                           int64_t n, int side, int sides, uint8_t *table, uint8_t *sizes,
                           uint32_t *points);

/* pgx_count_part for a player who sets knowing the banker's setting: the player
 * wins a pair when some setting beats the banker's on both sides (a banker key
 * strictly below a point of the staircase: hand i's points are
 * points[offsets[i] .. offsets[i + 1]), as pgx_fill_staircase lists them; no point
 * at or past npoints is read, nor more than 21 a hand), and
 * loses when the banker's key is at least the loss key on both sides (the
 * player's side of the table). A pushing banker key is below no point and at
 * least no loss key. Each term: signed dominance counts of the staircase
 * points (each frontier point +1, each corner between neighbours -1). */
int pgx_count_shown_part(const uint8_t *deck, int ndeck, int sides, const uint8_t *table,
                         const uint32_t *offsets, const uint32_t *points, uint32_t npoints,
                         const uint8_t *group, int ngroup, int part, int nparts,
                         int64_t out[3]);

/* One player hand (its 7 deck positions, increasing, and its setting's key)
 * against every banker hand of the deck disjoint from it, by the same
 * inclusion-exclusion over the cards they share: out[0] wins, out[1] losses,
 * out[2] hands visited. */
void pgx_count_hand(int ndeck, int sides, const uint8_t *table, const uint8_t pos[7],
                    uint32_t key, int64_t out[3]);

#endif
