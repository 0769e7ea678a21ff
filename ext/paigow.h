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

/* ---------------------------------------------------------- described ways
 *
 * A house way given as data (the .way files of pokerrules/paigow/game/ways, compiled by
 * pokerrules.paigow.game.houseway): sections in priority order, each a condition
 * on the hand's facts and its rules; a rule is a condition and an action that
 * names the two front cards. Conditions are postfix programs over the facts
 * below; every offset and operand is checked by pg_way_validate before any
 * other function reads the way. The hand types (what the sections are) live
 * in the compiled program only: this file knows facts, not rules.
 */
enum { PG_WAY_MAX_SECTIONS = 16, PG_WAY_MAX_RULES = 250, PG_WAY_MAX_CODE = 8192,
       PG_WAY_STACK = 32 };

/* the facts of a hand, the joker counted as an ace; ranks 0 (deuce) .. 12
 * (ace), -1 when the hand has none */
enum {
    PG_F_QUADS, PG_F_TRIPS, PG_F_SECOND_TRIPS, PG_F_PAIR, PG_F_SECOND_PAIR, PG_F_THIRD_PAIR,
    PG_F_SINGLE, PG_F_SECOND_SINGLE, PG_F_THIRD_SINGLE, PG_F_FOURTH_SINGLE, PG_F_FIFTH_SINGLE,
    PG_F_NPAIRS, PG_F_NTRIPS, PG_F_NSINGLES, PG_F_NACES, PG_F_JOKER, PG_F_STRAIGHT, PG_F_FLUSH,
    PG_F_LOWEST_STRAIGHT, /* the top card of the lowest straight (the joker may fill a gap) */
    PG_F_STRAIGHT_FLUSH, PG_F_ROYAL_FLUSH, /* some five cards make one (the joker may fill) */
    PG_NFACTS
};
/* each fact's name in the description format, and its kind: 'r' a rank, 'c' a count, 'f' a flag */
extern const char *const pg_fact_names[PG_NFACTS];
extern const char pg_fact_kinds[PG_NFACTS];

/* opcodes. Conditions: TRUE, FACT f, CONST v push; PRESENT (a rank is there),
 * NONZERO, NOT map the top; AND, OR and the comparisons (false when either
 * side is -1) pop two; END returns the one value left. Actions: a list of
 * fronts, each TWO_OF ref, EACH ref ref, STRAIGHT_OR_FLUSH or one of the backs
 * STRAIGHT_FLUSH, STRAIGHT, FLUSH (the best front over a back of that category),
 * any of them after AT_LEAST r s (the front counts only when it can be made and
 * is at least the two-card hand r-s), then END; a ref is REF_RANK r or REF_FACT f. */
enum {
    PG_OP_END, PG_OP_TRUE, PG_OP_FACT, PG_OP_CONST, PG_OP_PRESENT, PG_OP_NONZERO, PG_OP_NOT,
    PG_OP_AND, PG_OP_OR, PG_OP_EQ, PG_OP_NE, PG_OP_LT, PG_OP_LE, PG_OP_GT, PG_OP_GE,
    PG_OP_TWO_OF, PG_OP_EACH, PG_OP_STRAIGHT_OR_FLUSH, PG_OP_REF_RANK, PG_OP_REF_FACT,
    PG_OP_STRAIGHT_FLUSH, PG_OP_STRAIGHT, PG_OP_FLUSH, PG_OP_AT_LEAST,
    PG_NOPS
};

typedef struct {
    int32_t nsections, nrules, ncode;
    int16_t section_cond[PG_WAY_MAX_SECTIONS];       /* code offset of each section's condition */
    int16_t section_rules[PG_WAY_MAX_SECTIONS + 1];  /* section s: rules [s] .. [s + 1] - 1 */
    int16_t rule_cond[PG_WAY_MAX_RULES];
    int16_t rule_action[PG_WAY_MAX_RULES];
    int16_t code[PG_WAY_MAX_CODE];
    /* filled by pg_way_validate: when the sections' conditions read a rank fact
     * only as there or not, each hand shape's section (see paigow_way.c) */
    int32_t by_shape;
    int8_t shape_section[1 << 14];
    /* filled by pg_way_compile, per rules variant (NULL until then): by the slot of
     * a hand's rank key (t->ph), the setting of every hand of that rank class that
     * holds no five cards of a suit; see paigow_way.c */
    uint32_t *by_class[PR_NVARIANTS];
} pg_way;

/* 0 when w is well formed (every offset, opcode, operand and stack depth), else
 * -1; then fills w's table of sections by hand shape where it can. */
int pg_way_validate(pg_way *w);

/* Builds w's settings by rank class for t's variant (once a variant; t prepared by
 * pg_prepare, w validated). Without it the way still sets every hand, by the
 * program alone. Call before sharing w between threads. Returns 0, or -1 when out
 * of memory. */
int pg_way_compile(const pr_tables *t, pg_way *w);

/* Frees what pg_way_compile built (w itself stays). */
void pg_way_release(pg_way *w);

/* Sets a hand by a described way: out_high gets the five-card hand, out_low the
 * two-card hand, each in the hand's order. Returns the rule, 1 .. nrules. */
int pg_way_set(const pr_tables *t, const pg_way *w, const uint8_t hand[7], uint8_t out_high[5],
               uint8_t out_low[2]);

/* The same setting, without the rule. */
void pg_way_setting(const pr_tables *t, const pg_way *w, const uint8_t hand[7],
                    uint8_t out_high[5], uint8_t out_low[2]);

/* n hands -> n rows (high then low); rules (if not NULL) gets each hand's rule
 * number. */
void pg_way_batch(const pr_tables *t, const pg_way *w, const uint8_t *hands, int64_t n,
                  uint8_t *out, uint8_t *rules);

enum { PG_WAY_FINE, PG_WAY_UNDEFINED, PG_WAY_FOULS, PG_WAY_NEVER_HOLDS, PG_WAY_SHADOWED };

typedef struct {
    int32_t rule_problem[PG_WAY_MAX_RULES]; /* PG_WAY_FINE, ... */
    uint8_t rule_hand[PG_WAY_MAX_RULES][7]; /* a hand of the problem, else one it holds for */
    /* shadowed_by[r][q]: rule q, earlier in r's section, set a hand r holds for */
    uint8_t shadowed_by[PG_WAY_MAX_RULES][PG_WAY_MAX_RULES];
    int32_t section_uncovered[PG_WAY_MAX_SECTIONS]; /* hands of the section no rule takes */
    uint8_t section_hand[PG_WAY_MAX_SECTIONS][7];   /* one of them, else one of the section's */
    int64_t rule_classes[PG_WAY_MAX_RULES];         /* hand classes each rule sets */
    int64_t classes;
} pg_way_report;

/* Runs w over every hand class (each multiset of ranks, with the joker or not, with
 * and without a flush): which rules never hold, hold only where earlier rules
 * of their section already set the hand (shadowed), cannot act or foul, and which
 * sections leave hands to no rule. Fouls are judged with the back's suits
 * ignored (the worst case of the class), except for straight-or-flush fronts. */
void pg_way_check(const pr_tables *t, const pg_way *w, pg_way_report *report);

/* The banker hands that push every player's bet, by rule number (0: none).
 * QUEEN_HIGH_PAI_GOW (EZ Pai Gow): the seven cards hold no pair, straight or
 * flush (the joker filling one where it can) and their highest card is a queen;
 * the joker otherwise counts as an ace, so a hand holding it is never queen high.
 * NINE_HIGH_LOW (Commission-Free Pai Gow): the two-card hand as set is two
 * unpaired natural cards, the higher a nine (the joker there is an ace).
 * ACE_HIGH_PAI_GOW (Face Up Pai Gow): no pair, straight or flush among the seven
 * and the highest card an ace, the joker acting as the ace included. */
enum { PG_PUSH_NONE, PG_PUSH_QUEEN_HIGH_PAI_GOW, PG_PUSH_NINE_HIGH_LOW, PG_PUSH_ACE_HIGH_PAI_GOW,
       PG_NPUSHES };
/* each rule's name, as PaiGowRules.banker_push spells it ("" for none) */
extern const char *const pg_push_names[PG_NPUSHES];

/* 1 when the banker's setting (five high codes, two low) pushes under rule `push`
 * (a PG_PUSH_ value; 0 for PG_PUSH_NONE or an unknown number), else 0. */
int pg_banker_pushes(const pr_tables *t, int push, const uint8_t high[5], const uint8_t low[2]);

/* n rows of 7 codes (high then low) -> n push flags. */
void pg_push_batch(const pr_tables *t, int push, const uint8_t *rows, int64_t n, uint8_t *out);

/* Builds the small tables the house way reads (once per variant; call it
 * before the other functions, and before sharing t between threads).
 * Returns 0, or -1 when out of memory. */
int pg_prepare(const pr_tables *t);

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
