/* Z Poker for the vector environment; see z_poker_vec.h. */
#include "z_poker_vec.h"

#include <string.h>

#include "pr_port.h"

#define OPPONENT_SALT 0x3C6EF372FE94F82Bull /* decorrelates the opponent's stream */

/* Each side's positions, A..H = 0..7: seat 0 owns A-E, seat 1 D-H. */
static const int SIDE_FIRST[2] = {0, 3};

static inline int on_side(int seat, int p) {
    return p >= SIDE_FIRST[seat] && p < SIDE_FIRST[seat] + ZV_SIDE;
}

uint64_t zv_opponent_seed(uint64_t seed) { return ds_mix(seed ^ OPPONENT_SALT) >> 11; }

/* The next card chance deals: from the stream (sampled) or the stacked order;
 * DS_EMPTY when the pile is empty (the rules' hand size never lets it be). */
static int next_card(const zv_batch *b, zv_game *g) {
    if (g->n_dealt >= b->deck_size) return DS_EMPTY;
    int code = g->order[g->n_dealt];
    if (!g->stacked) {
        int n = g->n_undealt;
        code = ds_take(&g->deal, g->undealt, &n);
        if (code == DS_EMPTY) return DS_EMPTY;
        g->n_undealt = (uint8_t)n;
    }
    g->n_dealt++;
    return code;
}

/* Ends a game the engine cannot go on with (a move it was not given legal, or a
 * draw from an empty pile): nobody to move, awaiting its deal again. */
static int abandon(zv_game *g) {
    g->to_move = -1;
    g->done = 1;
    return ZV_FAULT;
}

/* _shuffle_and_deal, then the hands dealt: an empty board, seat 0 to move (the
 * batch's deck holds both hands: ZPokerBatch checks the hand size). */
static void deal(const zv_batch *b, zv_game *g) {
    memset(g->top, -1, sizeof g->top);
    g->hands[0] = g->hands[1] = 0;
    g->n_placed = g->n_dealt = 0;
    g->hidden = -1;
    g->draws = 0;
    g->deals++;
    g->to_move = 0;
    memcpy(g->undealt, b->deck, (size_t)b->deck_size);
    g->n_undealt = (uint8_t)b->deck_size;
    for (int k = 0; k < 2 * b->hand_size && k < b->deck_size; k++)
        g->hands[k >= b->hand_size] |= 1ull << next_card(b, g);
}

static void start_game(const zv_batch *b, zv_game *g, uint64_t seed, int stacked) {
    g->seed = seed;
    ds_start(&g->deal, seed);
    ds_start(&g->opponent, zv_opponent_seed(seed));
    g->stacked = (int8_t)stacked;
    g->phase = ZV_FIND_LEADER;
    g->leader = g->starter = g->winner = g->last_mover = -1;
    g->done = 0;
    g->deals = g->rounds = 0;
    deal(b, g);
}

void zv_deal_seeded(const zv_batch *b, zv_game *g, uint64_t seed) { start_game(b, g, seed, 0); }

void zv_deal_stacked(const zv_batch *b, zv_game *g, const uint8_t *order) {
    memcpy(g->order, order, (size_t)b->deck_size);
    start_game(b, g, 0, 1);
}

/* The positions the player to move may play on, as bits 0..7. */
static inline unsigned open_positions(const zv_game *g) {
    unsigned open = 0;
    for (int p = 0; p < ZV_POSITIONS; p++)
        if (g->phase == ZV_END_GAME || g->top[p] < 0) open |= 1u << p;
    return open;
}

void zv_legal(const zv_batch *b, const zv_game *g, uint8_t *mask) {
    memset(mask, 0, (size_t)b->actions);
    if (g->to_move < 0) return;
    const unsigned open = open_positions(g);
    for (uint64_t h = g->hands[g->to_move]; h; h &= h - 1) {
        uint8_t *row = mask + ZV_POSITIONS * b->deck_index[pr_ctz64(h)];
        for (int p = 0; p < ZV_POSITIONS; p++) row[p] = (uint8_t)((open >> p) & 1u);
    }
}

int zv_action_ok(const zv_batch *b, const zv_game *g, int64_t action) {
    if (g->to_move < 0 || action < 0 || action >= b->actions) return 0;
    const int code = b->deck[action / ZV_POSITIONS], p = (int)(action % ZV_POSITIONS);
    return (int)((g->hands[g->to_move] >> code) & 1u) && ((open_positions(g) >> p) & 1u);
}

/* The partial rank of the top cards of ``seat``'s side (evaluate_partial). */
static uint32_t side_key(const zv_batch *b, const zv_game *g, int seat) {
    uint8_t codes[ZV_SIDE];
    int n = 0;
    for (int p = SIDE_FIRST[seat]; p < SIDE_FIRST[seat] + ZV_SIDE; p++)
        if (g->top[p] >= 0) codes[n++] = (uint8_t)g->top[p];
    return pr_partial_key(b->tables, codes, n);
}

/* After the Start Game or an End Game round: the stronger side starts (a tie keeps
 * ``keep``); a Starter without cards has won, else the Reply draws. */
static int compare_sides(const zv_batch *b, zv_game *g, int keep) {
    const uint32_t first = side_key(b, g, 0), second = side_key(b, g, 1);
    const int starter = first > second ? 0 : second > first ? 1 : keep;
    g->starter = (int8_t)starter;
    g->phase = ZV_END_GAME;
    if (!g->hands[starter]) {
        g->winner = (int8_t)starter;
        g->phase = ZV_OVER;
        g->to_move = -1;
        return 0;
    }
    const int drawn = next_card(b, g);
    if (drawn == DS_EMPTY) return abandon(g);
    g->hands[1 - starter] |= 1ull << drawn;
    g->draws++;
    g->to_move = (int8_t)starter;
    return 0;
}

int zv_act(const zv_batch *b, zv_game *g, int64_t action) {
    const int player = g->to_move;
    if (player < 0) return 0;
    if (!zv_action_ok(b, g, action) || g->n_placed >= ZV_MAX_DECK) return abandon(g);
    const int code = b->deck[action / ZV_POSITIONS], p = (int)(action % ZV_POSITIONS);
    g->hands[player] &= ~(1ull << code);
    g->placed[g->n_placed] = (uint8_t)code;
    g->placed_at[g->n_placed++] = (uint8_t)p;
    g->top[p] = (int8_t)code;
    g->last_mover = (int8_t)player;
    if (g->phase == ZV_FIND_LEADER) {
        if (player == 0) { /* face down */
            g->hidden = (int8_t)p;
            g->to_move = 1;
            return 0;
        }
        const int first = g->top[g->hidden] >> 2, second = code >> 2;
        g->hidden = -1;
        if (first == second) {
            deal(b, g); /* a tie for the lead: the cards are dealt again */
            return 0;
        }
        g->leader = (int8_t)(first > second ? 0 : 1);
        g->phase = ZV_START_GAME;
        g->to_move = g->leader;
    } else if (g->phase == ZV_START_GAME) {
        int full[2] = {1, 1};
        for (int q = 0; q < ZV_POSITIONS; q++)
            if (g->top[q] < 0) full[0] &= !on_side(0, q), full[1] &= !on_side(1, q);
        if (full[0] || full[1]) return compare_sides(b, g, g->leader);
        g->to_move = (int8_t)(1 - player);
    } else if (player == g->starter) {
        g->to_move = (int8_t)(1 - player);
    } else {
        g->rounds++;
        return compare_sides(b, g, g->starter);
    }
    return 0;
}

/* The greedy key of a placement (pokerrules.zpoker.policy.greedy_scores): whether
 * the mover's side then beats, ties or trails the other, the mover's side value,
 * minus the other's, minus the card's rank; higher is better. */
typedef struct {
    int sign;
    uint32_t mine, theirs;
    int rank;
} greedy_key;

static int better(const greedy_key *k, const greedy_key *best) {
    if (k->sign != best->sign) return k->sign > best->sign;
    if (k->mine != best->mine) return k->mine > best->mine;
    if (k->theirs != best->theirs) return k->theirs < best->theirs;
    return k->rank < best->rank;
}

/* The value of ``seat``'s side seen by the mover with ``code`` put on ``p`` (-1:
 * nothing put). */
static uint32_t seen_side(const zv_batch *b, const int8_t *tops, int seat, int p, int code) {
    uint8_t codes[ZV_SIDE];
    int n = 0;
    for (int q = SIDE_FIRST[seat]; q < SIDE_FIRST[seat] + ZV_SIDE; q++) {
        if (q == p) codes[n++] = (uint8_t)code;
        else if (tops[q] >= 0) codes[n++] = (uint8_t)tops[q];
    }
    return pr_partial_key(b->tables, codes, n);
}

int zv_greedy(const zv_batch *b, const zv_game *g) {
    const int me = g->to_move;
    if (me < 0) return -1;
    int8_t tops[ZV_POSITIONS];
    memcpy(tops, g->top, sizeof tops);
    if (me != 0 && g->hidden >= 0) tops[g->hidden] = -1; /* a card it cannot see */
    const unsigned open = open_positions(g);
    /* a side the card does not go on keeps its value */
    const uint32_t mine = seen_side(b, tops, me, -1, 0);
    const uint32_t theirs = seen_side(b, tops, 1 - me, -1, 0);
    greedy_key best = {-2, 0, 0, 0};
    int chosen = -1;
    for (uint64_t h = g->hands[me]; h; h &= h - 1) { /* cards ascending, then positions */
        const int code = pr_ctz64(h);
        for (int p = 0; p < ZV_POSITIONS; p++) {
            if (!((open >> p) & 1u)) continue;
            greedy_key k;
            k.mine = on_side(me, p) ? seen_side(b, tops, me, p, code) : mine;
            k.theirs = on_side(1 - me, p) ? seen_side(b, tops, 1 - me, p, code) : theirs;
            k.sign = (k.mine > k.theirs) - (k.mine < k.theirs);
            k.rank = code >> 2;
            if (chosen < 0 || better(&k, &best)) {
                best = k;
                chosen = ZV_POSITIONS * b->deck_index[code] + p;
            }
        }
    }
    return chosen;
}

/* One of the legal actions, each equally likely, drawn from the opponent's stream:
 * the k-th legal action in ascending order. */
static int random_action(const zv_batch *b, zv_game *g) {
    const uint64_t hand = g->hands[g->to_move];
    const unsigned open = open_positions(g);
    const int n_open = pr_popcount32(open), choices = pr_popcount64(hand) * n_open;
    if (choices < 1) return -1; /* nothing legal: zv_act abandons the game */
    int k = (int)ds_below(&g->opponent, (uint64_t)choices);
    uint64_t h = hand;
    for (int c = k / n_open; c > 0; c--) h &= h - 1;
    unsigned o = open;
    for (int j = k % n_open; j > 0; j--) o &= o - 1;
    return ZV_POSITIONS * b->deck_index[pr_ctz64(h)] + pr_ctz32(o);
}

void zv_encode(const zv_batch *b, const zv_game *g, int seat, float *out) {
    const int n = b->deck_size;
    const int8_t *index = b->deck_index;
    const int unseen = seat != 0 ? g->hidden : -1; /* the face-down card it cannot see */
    memset(out, 0, (size_t)b->obs_size * sizeof(float));
    for (uint64_t h = g->hands[seat]; h; h &= h - 1) out[index[pr_ctz64(h)]] = 1.0f;
    for (int i = 0; i < g->n_placed; i++) {
        const int code = g->placed[i], p = g->placed_at[i];
        if (p == unseen) continue;
        out[(code == g->top[p] ? 1 + p : 1 + ZV_POSITIONS) * n + index[code]] = 1.0f;
    }
    float *flags = out + (2 + ZV_POSITIONS) * n;
    if (g->hidden >= 0) flags[g->hidden] = 1.0f;
    flags += ZV_POSITIONS;
    flags[g->phase] = 1.0f;
    flags[4 + seat] = 1.0f;
    flags[6] = (float)(g->to_move == seat);
    if (g->leader >= 0) flags[7 + g->leader] = 1.0f;
    if (g->starter >= 0) flags[9 + g->starter] = 1.0f;
    flags[11] = (float)(pr_popcount64(g->hands[seat]) / (double)n);
    flags[12] = (float)(pr_popcount64(g->hands[1 - seat]) / (double)n);
    flags[13] = (float)((n - g->n_dealt) / (double)n);
}

int zv_play_opponent(const zv_batch *b, zv_game *g) {
    while (g->to_move >= 0 && g->to_move != b->seat) {
        int fault = 0;
        if (b->opponent == ZV_RANDOM) fault = zv_act(b, g, random_action(b, g));
        else if (b->opponent == ZV_GREEDY) fault = zv_act(b, g, zv_greedy(b, g));
        else return 0;
        if (fault) return fault;
    }
    return 0;
}

int64_t zv_batch_reset(const zv_batch *b, zv_game *games, const uint64_t *seeds) {
    int64_t first_fault = -1;
    for (int64_t i = 0; i < b->n; i++) {
        zv_deal_seeded(b, &games[i], seeds[i]);
        if (zv_play_opponent(b, &games[i]) && first_fault < 0) first_fault = i;
    }
    return first_fault;
}

int64_t zv_batch_act(const zv_batch *b, zv_game *games, const int64_t *actions,
                     uint64_t seed_step) {
    int64_t first_fault = -1;
    for (int64_t i = 0; i < b->n; i++) {
        zv_game *g = &games[i];
        int fault = 0;
        if (g->done) zv_deal_seeded(b, g, (g->seed + seed_step) & (DS_SEED_LIMIT - 1));
        else fault = zv_act(b, g, actions[i]);
        if (!fault) fault = zv_play_opponent(b, g);
        if (fault && first_fault < 0) first_fault = i;
    }
    return first_fault;
}

void zv_batch_finish(const zv_batch *b, zv_game *games, float *obs, uint8_t *mask,
                     double *reward, double *seat_rewards, uint8_t *terminated,
                     int8_t *player) {
    const int self_play = b->opponent == ZV_SELF_PLAY;
    for (int64_t i = 0; i < b->n; i++) {
        zv_game *g = &games[i];
        const int seat = !self_play ? b->seat : g->to_move >= 0 ? g->to_move
                       : g->last_mover >= 0 ? g->last_mover : 0;
        double *sr = seat_rewards + 2 * i;
        sr[0] = sr[1] = 0.0;
        terminated[i] = 0;
        reward[i] = 0.0;
        if (g->to_move < 0 && !g->done) {
            sr[g->winner] = 1.0;
            sr[1 - g->winner] = -1.0;
            reward[i] = sr[seat];
            terminated[i] = 1;
            g->done = 1;
        }
        player[i] = (int8_t)seat;
        zv_encode(b, g, seat, obs + i * b->obs_size);
        if (g->done) memset(mask + i * b->actions, 1, (size_t)b->actions);
        else zv_legal(b, g, mask + i * b->actions);
    }
}
