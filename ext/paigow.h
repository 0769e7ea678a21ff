/* Pai Gow Poker kernels: the house way, fouls and the Fortune bonus.
 *
 * Card codes as in pr_eval.h (rank * 4 + suit, joker 52). Every function here
 * takes valid, distinct codes of the Pai Gow deck and tables built by
 * pr_get_tables(PR_DECK_PAIGOW [| PR_WHEEL_SECOND]) and passed to pg_prepare;
 * check the codes first (pg_check_rows) since nothing here validates.
 */
#ifndef PG_PAIGOW_H
#define PG_PAIGOW_H

#include <stdint.h>

#include "pr_eval.h"

/* house ways */
enum { PG_WAY_FOXWOODS, PG_WAY_TRUMP_PLAZA, PG_NWAYS };

/* the house way's rules, in priority order; pg_house_way_set returns one */
enum {
    PG_RULE_FIVE_ACES = 1,
    PG_RULE_FOUR_OF_A_KIND,
    PG_RULE_TWO_TRIPS,
    PG_RULE_FULL_HOUSE,
    PG_RULE_STRAIGHT_OR_FLUSH,
    PG_RULE_THREE_PAIRS,
    PG_RULE_TWO_PAIRS,
    PG_RULE_THREE_OF_A_KIND,
    PG_RULE_ONE_PAIR,
    PG_RULE_NO_PAIR
};

/* Fortune bonus lines, lowest pay first */
enum {
    PG_FORTUNE_NOTHING,
    PG_FORTUNE_STRAIGHT,
    PG_FORTUNE_THREE_OF_A_KIND,
    PG_FORTUNE_FLUSH,
    PG_FORTUNE_FULL_HOUSE,
    PG_FORTUNE_FOUR_OF_A_KIND,
    PG_FORTUNE_STRAIGHT_FLUSH,
    PG_FORTUNE_ROYAL_FLUSH,
    PG_FORTUNE_FIVE_ACES,
    PG_FORTUNE_SEVEN_CARD_SF_JOKER,
    PG_FORTUNE_ROYAL_MATCH,
    PG_FORTUNE_SEVEN_CARD_SF,
    PG_FORTUNE_NLINES
};

/* Builds the small tables the house way reads (once per variant; call it
 * before the other functions, and before sharing t between threads).
 * Returns 0, or -1 when out of memory. */
int pg_prepare(const pr_tables *t);

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

/* 1 when the two-card hand outranks the five-card hand (a foul), else 0. */
int pg_is_foul(const pr_tables *t, const uint8_t high[5], const uint8_t low[2]);

/* n rows of 7 codes (high then low) -> n foul flags. */
void pg_foul_batch(const pr_tables *t, const uint8_t *rows, int64_t n, uint8_t *out);

/* First row of n rows of k codes with a card outside the deck (*why 1) or a
 * duplicate (*why 2), or -1 when every row is fine. */
int64_t pg_check_rows(const pr_tables *t, const uint8_t *rows, int64_t n, int k, int *why);

/* The best-paying Fortune bonus line of seven cards. */
int pg_fortune_line(const pr_tables *t, const uint8_t hand[7]);

/* n hands of 7 codes -> n lines. */
void pg_fortune_batch(const pr_tables *t, const uint8_t *hands, int64_t n, uint8_t *out);

/* How many of the C(53, 7) hands fall on each line (counts[PG_FORTUNE_NLINES]). */
void pg_fortune_enumerate(const pr_tables *t, uint64_t *counts);

#endif
