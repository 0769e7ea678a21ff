/* The batch driver of the vector environments: N games of one game stepped in one
 * call. The driver owns what every game's batch does alike (reset, with a mask of
 * the games to deal; autoreset; the opponent's moves; masks; the abandoning of a
 * game the engine cannot go on with; the step's outputs); a game's engine gives
 * only its rules, through a vd_game table of functions.
 *
 * Each game's state starts with a vd_head the driver reads and writes; the rest
 * is the engine's. ``rules`` is the engine's own (const) rules struct. */
#ifndef POKERRULES_VEC_DRIVER_H
#define POKERRULES_VEC_DRIVER_H

#include <stddef.h>
#include <stdint.h>

#include "deal_stream.h"

#define VD_FAULT 1 /* an engine's apply: the move could not be played */

/* who plays the seats that are not the learner's */
enum { VD_SELF_PLAY, VD_RANDOM, VD_GREEDY, VD_OUTSIDE };

typedef struct {
    uint64_t seed;      /* the episode's deal seed (0 for a stacked one) */
    ds_stream opponent; /* the built-in random opponent's own stream */
    int8_t to_move;     /* -1: nobody (over, abandoned, or a deal awaited) */
    int8_t last_mover;  /* the seat that made the latest move (-1: none yet) */
    int8_t done;        /* the episode ended at the last step and awaits its reset */
} vd_head;

typedef struct {
    size_t game_size;   /* sizeof the engine's game struct (a vd_head first) */
    uint64_t salt;      /* decorrelates the opponent's stream from the deal's */
    /* Deals a new episode from ``seed``; the driver has set the head's seed and
     * opponent stream, last_mover -1 and done 0. */
    void (*deal)(const void *rules, void *game, uint64_t seed);
    /* 1 if the player to move may take ``action``. */
    int (*legal_one)(const void *rules, const void *game, int64_t action);
    /* 1 where the player to move may take the action (actions bytes). */
    void (*legal)(const void *rules, const void *game, uint8_t *mask);
    /* Takes ``action`` for the player to move: 0, or VD_FAULT when the engine
     * cannot (the driver then abandons the game). */
    int (*apply)(const void *rules, void *game, int64_t action);
    /* Writes ``seat``'s observation (obs_size floats). */
    void (*observe)(const void *rules, const void *game, int seat, float *out);
    /* The built-in opponent's action for the player to move (VD_RANDOM draws from
     * the head's opponent stream; VD_GREEDY is the game's greedy agent); -1 when
     * it has none. NULL greedy: the game has no greedy agent. */
    int64_t (*random_move)(const void *rules, void *game);
    int64_t (*greedy_move)(const void *rules, const void *game);
    /* 1 when the episode is over (scored at the next finish). */
    int (*over)(const void *rules, const void *game);
    /* Each seat's reward for an episode that is over (players doubles). */
    void (*score)(const void *rules, const void *game, double *seat_rewards);
} vd_game;

typedef struct {
    const vd_game *game;
    const void *rules;
    int seat;           /* the learner's seat; ignored in self-play */
    int opponent;       /* VD_SELF_PLAY ... VD_OUTSIDE */
    int obs_size;
    int actions;
    int players;
    int64_t n;
    void *games;        /* n games of game->game_size bytes */
} vd_batch;

static inline vd_head *vd_at(const vd_batch *b, int64_t i) {
    return (vd_head *)((char *)b->games + (size_t)i * b->game->game_size);
}

/* The seed of the random opponent's stream for an episode dealt from ``seed``. */
uint64_t vd_opponent_seed(const vd_game *game, uint64_t seed);

/* Starts game i's episode from ``seed``: the head, then the engine's deal. */
void vd_deal(const vd_batch *b, int64_t i, uint64_t seed);

/* Starts game i's head for a deal the caller makes (a stacked one). */
void vd_start(const vd_batch *b, int64_t i, uint64_t seed);

/* Plays ``action`` for the player to move in game i: the engine checks it again,
 * and a move it refuses abandons the game (nobody to move, awaiting its deal):
 * VD_FAULT, else 0. */
int vd_play(const vd_batch *b, int64_t i, int64_t action);

/* Plays a built-in opponent in game i until the learner is to move or the episode
 * is over; VD_FAULT as vd_play. */
int vd_play_opponent(const vd_batch *b, int64_t i);

/* The built-in opponent's action in game i for ``kind`` (VD_RANDOM, VD_GREEDY). */
int64_t vd_opponent_move(const vd_batch *b, int64_t i, int kind);

/* The seat an observation of game i is seen from: the learner's, or in self-play
 * the seat to move (at the end the seat that moved last). */
int vd_seat(const vd_batch *b, int64_t i);

/* These return the first game the engine abandoned, or -1.
 * reset: deals game i from seeds[i] for each i with which[i] (every game when
 * which is NULL), then plays a built-in opponent to the learner's turn.
 * act: each game that ended at the last step is dealt again from its seed +
 * ``seed_step`` (mod 2**53); every other takes its action, then the opponent. */
int64_t vd_reset(const vd_batch *b, const uint64_t *seeds, const uint8_t *which);
int64_t vd_act(const vd_batch *b, const int64_t *actions, uint64_t seed_step);

/* What a step returns: each game that is now over is scored and marked done;
 * obs (n x obs_size) seen from vd_seat (player[i]), mask (n x actions, all 1 for
 * a game that is done: its next action is ignored), the reward to that seat,
 * every seat's rewards (n x players) and terminated. */
void vd_finish(const vd_batch *b, float *obs, uint8_t *mask, double *reward,
               double *seat_rewards, uint8_t *terminated, int8_t *player);

#endif
