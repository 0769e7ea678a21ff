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

#include "deal_stream.h"
#include "pr_eval.h"

#define EW_ROWS 3
#define EW_CAPACITY 4
#define EW_BOARD 3
#define EW_MOVES 24
#define EW_DEALT (EW_BOARD + EW_MOVES) /* 27 cards dealt; five stay in the stock */
#define EW_DECK 32
#define EW_FIRST_CODE 20               /* the piquet deck's lowest code (7c) */
#define EW_OBS 330                     /* the observation's size (EastWestEncoding) */
#define EW_ACTIONS 3

/* who plays the seat that is not the learner's */
enum { EW_SELF_PLAY, EW_RANDOM, EW_GREEDY, EW_OUTSIDE };
/* the win rules, in the order of pokerrules.eastwest.WIN_RULES */
enum { EW_MAJORITY, EW_TWO_ROWS };

typedef struct {
    uint64_t seed;          /* the episode's deal seed (or the game's last one) */
    ds_stream opponent;     /* the random opponent's own stream */
    uint8_t deck[EW_DEALT]; /* board rows 0..2, then the cards drawn, in turn */
    uint8_t rows[2][EW_ROWS][EW_CAPACITY];
    uint8_t count[2][EW_ROWS];
    int8_t dealer;
    int8_t to_move;         /* -1: all 24 cards are placed */
    int8_t last_mover;      /* the seat that made the latest move (-1: none yet) */
    int8_t done;            /* the game ended at the last step and awaits its reset */
    uint8_t placed;
} ew_game;

typedef struct {
    const pr_tables *tables; /* the ranking of the rules (a piquet variant) */
    int win_rule;
    int seat;                /* the learner's seat; ignored in self-play */
    int opponent;            /* EW_SELF_PLAY ... EW_OUTSIDE */
    int64_t n;               /* games */
} ew_batch;

/* The seed of the random opponent's stream for an episode dealt from ``seed``. */
uint64_t ew_opponent_seed(uint64_t seed);

/* Deals game ``g`` from ``seed`` (below 2**53) as new_game(seed=seed) does. */
void ew_deal_seeded(ew_game *g, uint64_t seed);

/* Deals game ``g`` from a stacked deal: ``dealer`` and the 27 codes of ``cards``
 * (valid: distinct piquet cards, checked by the caller). */
void ew_deal_stacked(ew_game *g, int dealer, const uint8_t *cards, uint64_t seed);

/* Places the drawn card on ``row`` for the seat to move (a full row or a game over
 * changes nothing: the caller checks moves first). */
void ew_place(ew_game *g, int row);

/* 1 where the seat to move may place its card: mask[0..2]. */
void ew_legal(const ew_game *g, uint8_t *mask);

/* The greedy agent's row (pokerrules.eastwest.GreedyAgent) for the seat to move. */
int ew_greedy(const ew_game *g, const pr_tables *t);

/* The random opponent's row: one of the open rows, from its own stream. */
int ew_random(ew_game *g);

/* The winner of a finished game: 0 West, 1 East, -1 a draw. */
int ew_winner(const ew_game *g, const pr_tables *t, int win_rule);

/* Writes ``seat``'s observation of ``g`` into ``out`` (EW_OBS floats). */
void ew_encode(const ew_game *g, int seat, float *out);

/* Plays the opponent (random or greedy) until the learner is to move or the game
 * is over; any other opponent plays nothing. */
void ew_play_opponent(const ew_batch *b, ew_game *g);

/* Resets game i from seeds[i] for each i with which[i] (every game when which is
 * NULL), then plays a built-in opponent to the learner's turn. */
void ew_batch_reset(const ew_batch *b, ew_game *games, const uint64_t *seeds,
                    const uint8_t *which);

/* One step's moves: each game that ended at the last step is dealt again from its
 * seed + ``seed_step`` (mod 2**53); every other one takes its action (legal: the
 * caller checks), then a built-in opponent replies. */
void ew_batch_act(const ew_batch *b, ew_game *games, const int64_t *actions,
                  uint64_t seed_step);

/* What a step returns: each game that is now over is scored and marked done;
 * obs (n x EW_OBS) for the learner's seat (in self-play the seat to move, or at
 * the end the seat that moved last: player[i]), mask (n x 3, all 1 for a game
 * that ended: its next action is ignored), reward to that seat and both seats'
 * rewards (n x 2), terminated. */
void ew_batch_finish(const ew_batch *b, ew_game *games, float *obs, uint8_t *mask,
                     double *reward, double *seat_rewards, uint8_t *terminated,
                     int8_t *player);

#endif
