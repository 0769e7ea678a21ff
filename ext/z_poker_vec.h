/* Z Poker in C for the vector environment: N games stepped in one call, the
 * observations and masks written in the encoding of pokerrules.envs.z_poker_v0.
 *
 * A seeded game deals as new_game(seed=...) does from its deal stream
 * (deal_stream.h): seat 0's hand, then seat 1's, then every card drawn when it is
 * drawn, each from the cards not yet dealt (ascending); a tie for the lead deals
 * the whole deck again from the same stream. A stacked game (explicit chance) deals
 * a given order of the deck instead: the hands, then the draws, top first; a tie
 * for the lead deals that order again. Card codes are rank * 4 + suit; a hand is a
 * bit set of codes. Action 8 d + p puts the card of deck index d on position p. */
#ifndef POKERRULES_Z_POKER_VEC_H
#define POKERRULES_Z_POKER_VEC_H

#include <stdint.h>

#include "pr_eval.h"
#include "vec_driver.h"

#define ZV_POSITIONS 8
#define ZV_SIDE 5
#define ZV_MAX_DECK 52
#define ZV_MAX_ACTIONS (ZV_POSITIONS * ZV_MAX_DECK)

/* phases, in the order of the encoding's phase block */
enum { ZV_FIND_LEADER, ZV_START_GAME, ZV_END_GAME, ZV_OVER };

typedef struct {
    vd_head head;             /* to_move -1: the game is over */
    ds_stream deal;           /* the game's deal stream (sampled) */
    uint64_t hands[2];        /* bit sets of codes */
    uint8_t undealt[ZV_MAX_DECK]; /* sampled: the codes not dealt yet, ascending */
    uint8_t order[ZV_MAX_DECK];   /* stacked: the deck in the order chance deals it */
    uint8_t placed[ZV_MAX_DECK];  /* the cards placed since the deal, in order */
    uint8_t placed_at[ZV_MAX_DECK]; /* ... and the position of each */
    int8_t top[ZV_POSITIONS]; /* each position's top card (-1: empty) */
    uint8_t n_undealt;
    uint8_t n_dealt;          /* cards dealt since the deal (hands and draws) */
    uint8_t n_placed;
    int8_t hidden;            /* where seat 0's face-down card lies (-1: none) */
    int8_t phase;
    int8_t leader;            /* -1 before the flip */
    int8_t starter;           /* -1 before the End Game */
    int8_t winner;            /* -1 while the game goes on */
    int8_t stacked;
    uint16_t deals;           /* 1 plus one per tie for the lead */
    uint16_t rounds;          /* End Game rounds completed */
    uint16_t draws;           /* cards drawn since the last deal */
} zv_game;

/* Where each field of the observation starts: ZPokerEncoding's fields for the deck,
 * which the batch reads when it is made (the encoding is their one source). */
typedef struct {
    int hand, tops, covered, face_down, phase, seat, to_move, leader, starter, counts;
} zv_layout;

typedef struct {
    const pr_tables *tables;  /* the standard ranking: sides are compared with it */
    uint8_t deck[ZV_MAX_DECK]; /* the rules' deck codes, ascending */
    int8_t deck_index[64];    /* code -> deck index (-1: not in the deck) */
    int deck_size;
    int hand_size;
    zv_layout at;
    int obs_size;             /* the encoding's, for the deck */
    int actions;              /* 8 deck_size */
} zv_rules;

/* Z Poker's functions for the batch driver (rules: a zv_rules). A move the
 * engine meets illegal, or a draw from an empty pile, is refused (VD_FAULT). */
extern const vd_game ZV_GAME;

/* The greedy rule (pokerrules.zpoker.policy.greedy_scores, GreedyAgent and the
 * engine's greedy opponent): the key of each of ``n`` placements, card ``codes[i]``
 * on position ``positions[i]`` (0..7, on seat ``me``'s board of top cards ``tops``:
 * -1 for an empty position or a card the seat cannot see), written to
 * ``keys[4 i .. 4 i + 3]``: whether the seat's side then beats (1), ties (0) or
 * trails (-1) the other side, the seat's side value (pr_partial_key, on the
 * ranking ``t``), minus the other side's, minus the card's rank; higher is better. */
void zv_greedy_keys(const pr_tables *t, const int8_t *tops, int me, const uint8_t *codes,
                    const uint8_t *positions, int n, int64_t *keys);

/* Deals game ``g`` from ``order``, the deck's codes in the order chance deals them
 * (checked by the caller; the head started by vd_start). */
void zv_deal_stacked(const zv_rules *b, zv_game *g, const uint8_t *order);

#endif
