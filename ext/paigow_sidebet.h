/* The side bets' counts (internal to the Pai Gow kernels): every seven-card hand
 * of the deck sorted into cells of what a pay table can name, so that any table
 * over the same features is priced from one enumeration. */
#ifndef PG_SIDEBET_H
#define PG_SIDEBET_H

#include <stdint.h>

#include "paigow.h"

/* A seven-card cell: ((line * PG_SB_NTOPS + top) * 2 + royal) * 2 + three_pair, where
 * line is the Fortune line (PG_FORTUNE_*), top 0 unless the hand is a pai gow (no pair,
 * straight or flush; the joker then an ace), else 1 + the top card's rank (1 deuce ..
 * 13 ace), royal 1 when the best five cards are a royal flush, three_pair 1 when the
 * seven hold three pairs (the joker an ace) and nothing better than two pair. */
enum { PG_SB_NTOPS = 14, PG_SB_NSEVEN = PG_FORTUNE_NLINES * PG_SB_NTOPS * 4 };
/* A two-card cell: low_top * 2 + low_pair, low_top the rank of its higher card
 * (0 deuce .. 12 ace, the joker an ace), low_pair 1 for a pair. */
enum { PG_SB_NLOW = 26 };

/* The seven-card cell of one hand (t prepared by pg_prepare). */
int pg_sb_seven_cell(const pr_tables *t, const uint8_t hand[7]);

/* The two-card cell of a two-card hand. */
int pg_sb_low_cell(const uint8_t low[2]);

/* Adds to counts[PG_SB_NSEVEN] the cells of every hand whose lowest code is in
 * first .. last - 1 (0 .. 47 cover the deck). */
void pg_sb_seven_enumerate(const pr_tables *t, int first, int last, uint64_t *counts);

/* Adds to counts[PG_SB_NSEVEN * PG_SB_NLOW] (seven-card cell * PG_SB_NLOW + two-card
 * cell) every such hand set by way w (validated; compiled for t for speed). */
void pg_sb_banker_enumerate(const pr_tables *t, const pg_way *w, int first, int last,
                            uint64_t *counts);

#endif
