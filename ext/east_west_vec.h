/* East-West in C for the vector environment: N games stepped in one call, the
 * observations and masks written in the encoding of pokerrules.envs.east_west_v0.
 *
 * A game is dealt whole at its start: the dealer (the cut), the three board cards
 * and the 24 cards the players draw in turn, as new_game(seed=...) deals them from
 * its deal stream (deal_stream.h) or as given (a stacked deal). Card codes are
 * rank * 4 + suit; the piquet deck's codes are 20..51. */
#ifndef POKERRULES_EAST_WEST_VEC_H
#define POKERRULES_EAST_WEST_VEC_H

#include <stdint.h>

#include "pr_eval.h"
#include "vec_driver.h"

#define EW_ROWS 3
#define EW_CAPACITY 4
#define EW_BOARD 3
#define EW_MOVES 24
#define EW_DEALT (EW_BOARD + EW_MOVES) /* 27 cards dealt; five stay in the stock */
#define EW_DECK 32
#define EW_FIRST_CODE 20               /* the piquet deck's lowest code (7c) */
#define EW_ACTIONS 3

/* the win rules, in the order of pokerrules.eastwest.WIN_RULES */
enum { EW_MAJORITY, EW_TWO_ROWS };

typedef struct {
    vd_head head;           /* to_move -1: all 24 cards are placed */
    uint8_t deck[EW_DEALT]; /* board rows 0..2, then the cards drawn, in turn */
    uint8_t rows[2][EW_ROWS][EW_CAPACITY];
    uint8_t count[2][EW_ROWS];
    int8_t dealer;
    uint8_t placed;
} ew_game;

/* Where each field of the observation starts: EastWestEncoding's fields, which the
 * batch reads when it is made (the encoding is their one source). */
typedef struct {
    int board, own_rows, other_rows, drawn, own_counts, other_counts, to_move, dealer, seat,
        stock;
} ew_layout;

typedef struct {
    const pr_tables *tables; /* the ranking of the rules (a piquet variant) */
    int win_rule;
    ew_layout at;
    int obs_size;
} ew_rules;

/* East-West's functions for the batch driver (rules: an ew_rules). */
extern const vd_game EW_GAME;

/* Deals game ``g`` from a stacked deal: ``dealer`` and the 27 codes of ``cards``
 * (valid: distinct piquet cards, checked by the caller; the head started by
 * vd_start). */
void ew_deal_stacked(ew_game *g, int dealer, const uint8_t *cards);

/* pokerrules.eastwest.row_strength of ``n`` (1 to 5) valid codes: the made
 * category's position plus the best group's rank / 26 (the joker's rank is 13). */
double ew_row_strength(const pr_tables *t, const uint8_t *codes, int n);

/* The greedy rule (pokerrules.eastwest.GreedyAgent): of the ``n`` candidate
 * ``rows`` (in that order; each with count[row] < EW_CAPACITY cards of the mover's,
 * at side + EW_CAPACITY * row), the index of the first whose row_strength ``card``
 * raises the most, the board card ``board[row]`` counted in; -1 for no candidate. */
int ew_greedy_pick(const pr_tables *t, const uint8_t *board,
                   const uint8_t *side, const uint8_t *count,
                   int card, const int *rows, int n);

#endif
