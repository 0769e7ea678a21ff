/* The hand-written reference house ways (house_way_reference.c): the check of
 * the shipped descriptions, never part of the package. Call pg_prepare(t) first.
 * The rule numbers are the section numbers of pokerrules.paigow.HOUSE_WAY_RULES. */
#ifndef PG_HOUSE_WAY_REFERENCE_H
#define PG_HOUSE_WAY_REFERENCE_H

#include <stdint.h>

#include "paigow.h"

/* the reference ways, in the order of pokerrules.paigow.WAYS */
enum { PG_WAY_FOXWOODS, PG_WAY_TRUMP_PLAZA, PG_WAY_CLARIDGE, PG_WAY_BALLYS,
       PG_WAY_GOLDEN_NUGGET, PG_WAY_FLAMINGO_HILTON, PG_NWAYS };

/* The two front positions (bits 0..6 of the hand) the house way picks;
 * *rule (if not NULL) gets the rule that decided. */
int pg_house_way_front(const pr_tables *t, const uint8_t hand[7], int way, int *rule);

/* Sets a hand by a house way: out_high gets the five-card hand, out_low the
 * two-card hand, each in the hand's order. Returns the rule that decided. */
int pg_house_way_set(const pr_tables *t, const uint8_t hand[7], int way,
                     uint8_t out_high[5], uint8_t out_low[2]);

/* n hands of 7 codes -> n rows of 7: the high hand then the low hand; rules
 * (if not NULL) gets each hand's rule. */
void pg_house_way_batch(const pr_tables *t, const uint8_t *hands, int64_t n, int way,
                        uint8_t *out, uint8_t *rules);

#endif
