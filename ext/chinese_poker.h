/* Chinese Poker's rules in C, the one source of the compiled playouts and of the
 * vector engine (chinese_poker_vec.c): a play, its kind and value, what beats what,
 * the greedy agent's move (pokerrules.chinese_poker.GreedyAgent), a move made, the
 * penalty points and a round's reward; and the greedy playouts of the search.
 *
 * A hand is a bit set of card codes, rank * 4 + suit (rank index 0 = '2' ... 12 = 'A'),
 * a rank's cards one nibble; suits never matter to a play, which takes the lowest
 * cards of each rank. "Single values" order the ranks 3 < 4 < ... < A < 2 as 0..12. */
#ifndef POKERRULES_CHINESE_POKER_H
#define POKERRULES_CHINESE_POKER_H

#include <stdint.h>

#define CP_RANKS 13
#define CP_MAX_PLAYERS 4

/* Play kinds, in the order the legal-play listing gives them (PlayKind's, from 1). */
enum { CP_NONE, CP_SINGLE, CP_PAIRS, CP_TRIPS, CP_FULL_HOUSE, CP_STRAIGHT, CP_BOMB };

typedef struct {
    int8_t kind;            /* CP_NONE: a pass */
    int8_t length;          /* cards */
    int8_t value;           /* what a beating play must exceed (as Play.value) */
    int8_t take[CP_RANKS];  /* cards of each rank it uses */
} cp_play;

typedef struct {
    uint64_t hand[CP_MAX_PLAYERS];  /* bit sets of codes */
    uint64_t table_cards;   /* the cards of the play on the table */
    int players;
    int to_move;            /* -1: the round is over */
    int table_player;       /* -1: empty table */
    int passes;
    cp_play table;          /* kind CP_NONE: empty table */
} cp_world;

/* ``hand`` with each rank's nibble replaced by its count of cards: a popcount per
 * nibble in two steps (the build has no popcount instruction, and a playout counts
 * every move). */
static inline uint64_t cp_rank_counts(uint64_t hand) {
    uint64_t x = hand - ((hand >> 1) & 0x5555555555555555ull);
    return (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
}

/* The cards of rank ``r`` in ``hand``. */
static inline int cp_rank_count(uint64_t hand, int r) {
    return (int)((cp_rank_counts(hand) >> (4 * r)) & 15u);
}

/* The cards in ``hand``: its ranks' counts summed. */
static inline int cp_cards(uint64_t hand) {
    uint64_t x = cp_rank_counts(hand);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}

/* Eight nibbles (the low 32 bits of ``x``) spread to the eight bytes. */
static inline uint64_t cp_spread(uint64_t x) {
    x = (x | x << 16) & 0x0000FFFF0000FFFFull;
    x = (x | x << 8) & 0x00FF00FF00FF00FFull;
    return (x | x << 4) & 0x0F0F0F0F0F0F0F0Full;
}

/* The cards per rank of ``hand``. */
static inline void cp_counts(uint64_t hand, uint8_t *count) {
    const uint64_t x = cp_rank_counts(hand);
    const uint64_t low = cp_spread(x & 0xFFFFFFFFu), high = cp_spread(x >> 32);
    for (int r = 0; r < 8; r++) count[r] = (uint8_t)(low >> (8 * r));
    for (int r = 8; r < CP_RANKS; r++) count[r] = (uint8_t)(high >> (8 * (r - 8)));
}

/* The round's rules and totals, for rewards (a target is at most 2**53). */
typedef struct {
    int dealt;
    int64_t target;
    int64_t scores[CP_MAX_PLAYERS];
} cp_round;

/* The play ``counts`` (``n`` cards) form, as classify reads it; 0 if none. */
int cp_classify(const uint8_t *counts, int n, cp_play *out);

/* 1 if ``mine`` may go onto ``table`` (kind CP_NONE: an empty table). */
int cp_beats(const cp_play *mine, const cp_play *table);

/* 1 when the player to move must play: the table is empty and every player has
 * passed since the lead came round (a new round's first lead, or a cleared table
 * nobody took). */
static inline int cp_must_play(int table_empty, int passes, int players) {
    return table_empty && passes >= players;
}

/* 1 when a pass that makes ``passes`` clears the table: all others have passed. */
static inline int cp_pass_clears(int passes, int players) { return passes == players - 1; }

/* The greedy move of a hand: cards per rank ``count`` (``left`` of them) against
 * ``table``, a pass allowed or not, the smallest opponent hand ``opponents_low``
 * cards: go out at once if the hand is one play that beats the table; else on the
 * lead the play that sheds the most cards, the lowest first, and on a table the
 * cheapest play that beats it; a bomb only when nothing else beats the table and
 * the end is near (no pass, own hand of 8 or fewer, an opponent's of 4 or fewer);
 * else a pass. Writes it (kind CP_NONE = pass). */
void cp_greedy_hand(const uint8_t *count, int left, const cp_play *table, int may_pass,
                    int opponents_low, cp_play *out);

/* The greedy move of the player to move in ``w`` (cp_greedy_hand). */
void cp_greedy(const cp_world *w, cp_play *out);

/* Makes ``move`` (known legal) for the player to move: a play takes the lowest
 * cards of each rank from the hand onto the table, a pass may clear the table;
 * -1 to move when the hand is empty. Returns the cards played (0: a pass). */
uint64_t cp_apply(cp_world *w, const cp_play *move);

/* 1 if ``w`` is a consistent world: hands of codes 0..51 with at most one '2',
 * players 2..4 and the player to move in range. */
int cp_world_ok(const cp_world *w);

/* 1 if the player to move holds the cards of ``move`` and may make it. */
int cp_move_ok(const cp_world *w, const cp_play *move);

/* Plays ``w`` out greedily, in place; 0 when the round ended, -1 if it did not
 * within ``max_moves`` moves. */
int cp_playout(cp_world *w, int max_moves);

/* The points for ``left`` cards when another player goes out, ``dealt`` cards
 * dealt to each (rules.penalty). */
int cp_penalty(int left, int dealt);

/* The reward to ``player`` of a finished round (as ChinesePokerSearch.rewards). */
double cp_reward(const cp_world *w, const cp_round *r, int player);

#endif
