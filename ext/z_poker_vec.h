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

#include "deal_stream.h"
#include "pr_eval.h"

#define ZV_POSITIONS 8
#define ZV_SIDE 5
#define ZV_MAX_DECK 52
#define ZV_MAX_OBS (10 * ZV_MAX_DECK + 22)
#define ZV_MAX_ACTIONS (ZV_POSITIONS * ZV_MAX_DECK)
#define ZV_FAULT 1 /* zv_act: the engine abandoned the game */

/* phases, in the order of the encoding's phase block */
enum { ZV_FIND_LEADER, ZV_START_GAME, ZV_END_GAME, ZV_OVER };
/* who plays the seat that is not the learner's */
enum { ZV_SELF_PLAY, ZV_RANDOM, ZV_GREEDY, ZV_OUTSIDE };

typedef struct {
    uint64_t seed;            /* the episode's deal seed (0 for a stacked one) */
    ds_stream deal;           /* the game's deal stream (sampled) */
    ds_stream opponent;       /* the random opponent's own stream */
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
    int8_t to_move;           /* -1: the game is over */
    int8_t winner;            /* -1 while the game goes on */
    int8_t last_mover;        /* -1: no move yet */
    int8_t done;              /* the game ended at the last step and awaits its reset */
    int8_t stacked;
    uint16_t deals;           /* 1 plus one per tie for the lead */
    uint16_t rounds;          /* End Game rounds completed */
    uint16_t draws;           /* cards drawn since the last deal */
} zv_game;

typedef struct {
    const pr_tables *tables;  /* the standard ranking: sides are compared with it */
    uint8_t deck[ZV_MAX_DECK]; /* the rules' deck codes, ascending */
    int8_t deck_index[64];    /* code -> deck index (-1: not in the deck) */
    int deck_size;
    int hand_size;
    int obs_size;             /* 10 deck_size + 22 */
    int actions;              /* 8 deck_size */
    int seat;                 /* the learner's seat; ignored in self-play */
    int opponent;             /* ZV_SELF_PLAY ... ZV_OUTSIDE */
    int64_t n;
} zv_batch;

uint64_t zv_opponent_seed(uint64_t seed);

/* Deals game ``g`` as new_game(rules, seed=seed) does. */
void zv_deal_seeded(const zv_batch *b, zv_game *g, uint64_t seed);

/* Deals game ``g`` from ``order``, the deck's codes in the order chance deals them
 * (checked by the caller). */
void zv_deal_stacked(const zv_batch *b, zv_game *g, const uint8_t *order);

/* 1 where the player to move may take the action: mask[0 .. b->actions - 1]. */
void zv_legal(const zv_batch *b, const zv_game *g, uint8_t *mask);

/* 1 if the player to move may take ``action``. */
int zv_action_ok(const zv_batch *b, const zv_game *g, int64_t action);

/* Takes ``action`` for the player to move, and deals the card a side comparison
 * makes the Reply draw. The caller checks the action; should the engine still meet
 * an illegal one, or a draw from an empty pile, it abandons the game (nobody to
 * move, awaiting its deal again) and returns ZV_FAULT; else 0. */
int zv_act(const zv_batch *b, zv_game *g, int64_t action);

/* The greedy agent's action (pokerrules.zpoker.GreedyAgent) for the player to
 * move; -1 when the game is over. */
int zv_greedy(const zv_batch *b, const zv_game *g);

/* Writes ``seat``'s observation of ``g`` into ``out`` (b->obs_size floats). */
void zv_encode(const zv_batch *b, const zv_game *g, int seat, float *out);

/* Plays the opponent (random or greedy) until the learner is to move or the game
 * is over; any other opponent plays nothing. ZV_FAULT as zv_act, else 0. */
int zv_play_opponent(const zv_batch *b, zv_game *g);

/* These two return the first game the engine abandoned (see zv_act), or -1. */
int64_t zv_batch_reset(const zv_batch *b, zv_game *games, const uint64_t *seeds);
/* As ew_batch_act. */
int64_t zv_batch_act(const zv_batch *b, zv_game *games, const int64_t *actions,
                     uint64_t seed_step);
/* As ew_batch_finish: +1 to the winner, -1 to the loser. */
void zv_batch_finish(const zv_batch *b, zv_game *games, float *obs, uint8_t *mask,
                     double *reward, double *seat_rewards, uint8_t *terminated,
                     int8_t *player);

#endif
