/* Chinese Poker in C for the vector environment: N rounds stepped in one call, the
 * observations and masks written in the encoding of
 * pokerrules.envs.chinese_poker_v0 (an episode is the first round: scope "round").
 *
 * A game is dealt as new_game(seed=...) deals it from its deal stream
 * (deal_stream.h): the cut, then the round's 48 cards one at a time; when the round
 * ends the stream deals the next round, as the Python game does, so that the last
 * observation shows what the Python state shows. A stacked game (explicit chance)
 * is dealt as given and waits at the next round's deal instead. Card codes are
 * rank * 4 + suit (the deck: 2s, 3c to Kd, Ad, Ah, As); a hand is a bit set of codes. Actions are those of the encoding:
 * 0 pass, 1-3 choose dealt hand 0-2, 4 + p the play pattern p (its lowest cards of
 * each rank). */
#ifndef POKERRULES_CHINESE_POKER_VEC_H
#define POKERRULES_CHINESE_POKER_VEC_H

#include <stdint.h>

#include "chinese_poker.h"
#include "vec_driver.h"

#define CPV_DECK 48
#define CPV_RANKS CP_RANKS
#define CPV_MAX_PLAYERS CP_MAX_PLAYERS
#define CPV_FIRST_PLAY (1 + CPV_PILES) /* the first play action: 0 passes, 1-3 choose */
#define CPV_PILES 3

/* phases, as ChinesePokerState.phase */
enum { CPV_DEAL, CPV_CHOOSE, CPV_PLAY, CPV_OVER };

#define CPV_MAX_PATTERNS 1024
#define CPV_WORDS (CPV_MAX_PATTERNS / 64)

/* The play patterns of the encoding (their cards per rank given by the caller,
 * classified by cpv_prepare with the rules of chinese_poker.h): per pattern its
 * play; and as bit sets over the patterns, 64 to a word, those a hand holds by its
 * count of each rank and those that beat each pattern on the table. */
typedef struct {
    int n;
    int words;            /* (n + 63) / 64 */
    cp_play play[CPV_MAX_PATTERNS];
    uint64_t holds[CPV_RANKS][5][CPV_WORDS];
    uint64_t beats[CPV_MAX_PATTERNS][CPV_WORDS];
} cpv_patterns;

typedef struct {
    vd_head head;           /* to_move: w.to_move, for the driver */
    ds_stream deal;         /* the game's deal stream, for the next round's deal */
    cp_world w;             /* hands, table, passes; to_move -1: nobody (over, or a
                             * deal awaited) */
    uint64_t piles[CPV_PILES];
    uint8_t played[CPV_DECK];
    int8_t pile_owner[CPV_PILES];
    int16_t table_pattern;  /* the pattern on the table; -1: empty table */
    int8_t phase;
    int8_t dealer;
    int8_t ended;           /* the first round is over: the episode ends */
    int8_t stacked;
    uint8_t n_played;
    uint8_t round;
    int32_t scores[CPV_MAX_PLAYERS];
    int32_t points[CPV_MAX_PLAYERS]; /* the first round's penalty points */
} cpv_game;

/* Where each field of the observation starts: ChinesePokerEncoding's fields, which
 * the batch reads when it is made (the encoding is their one source). */
typedef struct {
    int hand, played, table, table_player, counts, scores, dealer, players, phase, must_play,
        to_move, piles, pile_owners;
} cpv_layout;

typedef struct {
    const cpv_patterns *patterns;
    int players;
    int target;
    int open_choice;
    int actions;            /* CPV_FIRST_PLAY + patterns->n */
    cpv_layout at;
    int obs_size;
} cpv_rules;

/* Classifies the ``n`` patterns of ``need`` (n x 13 cards per rank, n from 1 to
 * CPV_MAX_PATTERNS) into ``p`` and fills its bit sets: -1, or the first pattern
 * that is no play (``p`` then unusable). */
int cpv_prepare(cpv_patterns *p, int n, const int8_t *need);

/* Chinese Poker's functions for the batch driver (rules: a cpv_rules). */
extern const vd_game CPV_GAME;

/* Deals game ``g`` from a stacked deal: ``dealer`` and the 48 codes of ``cards``
 * in the order chance deals them (checked by the caller; the head started by
 * vd_start). */
void cpv_deal_stacked(const cpv_rules *b, cpv_game *g, int dealer, const uint8_t *cards);

#endif
