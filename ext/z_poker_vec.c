/* Z Poker for the vector environment; see z_poker_vec.h. */
#include "z_poker_vec.h"

#include <string.h>

#include "pr_port.h"


/* Each side's positions, A..H = 0..7: seat 0 owns A-E, seat 1 D-H. */
static const int SIDE_FIRST[2] = {0, 3};

static inline int on_side(int seat, int p) {
    return p >= SIDE_FIRST[seat] && p < SIDE_FIRST[seat] + ZV_SIDE;
}


/* The next card chance deals: from the stream (sampled) or the stacked order;
 * DS_EMPTY when the pile is empty (the rules' hand size never lets it be). */
static int next_card(const zv_rules *b, zv_game *g) {
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


/* _shuffle_and_deal, then the hands dealt: an empty board, seat 0 to move (the
 * batch's deck holds both hands: ZPokerBatch checks the hand size). */
static void deal(const zv_rules *b, zv_game *g) {
    memset(g->top, -1, sizeof g->top);
    g->hands[0] = g->hands[1] = 0;
    g->n_placed = g->n_dealt = 0;
    g->hidden = -1;
    g->draws = 0;
    g->deals++;
    g->head.to_move = 0;
    memcpy(g->undealt, b->deck, (size_t)b->deck_size);
    g->n_undealt = (uint8_t)b->deck_size;
    for (int k = 0; k < 2 * b->hand_size && k < b->deck_size; k++)
        g->hands[k >= b->hand_size] |= 1ull << next_card(b, g);
}

static void start_game(const zv_rules *b, zv_game *g, uint64_t seed, int stacked) {
    ds_start(&g->deal, seed);
    g->stacked = (int8_t)stacked;
    g->phase = ZV_FIND_LEADER;
    g->leader = g->starter = g->winner = -1;
    g->deals = g->rounds = 0;
    deal(b, g);
}


void zv_deal_stacked(const zv_rules *b, zv_game *g, const uint8_t *order) {
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

static void legal(const zv_rules *b, const zv_game *g, uint8_t *mask) {
    memset(mask, 0, (size_t)b->actions);
    if (g->head.to_move < 0) return;
    const unsigned open = open_positions(g);
    for (uint64_t h = g->hands[g->head.to_move]; h; h &= h - 1) {
        uint8_t *row = mask + ZV_POSITIONS * b->deck_index[pr_ctz64(h)];
        for (int p = 0; p < ZV_POSITIONS; p++) row[p] = (uint8_t)((open >> p) & 1u);
    }
}

static int action_ok(const zv_rules *b, const zv_game *g, int64_t action) {
    if (g->head.to_move < 0 || action < 0 || action >= b->actions) return 0;
    const int code = b->deck[action / ZV_POSITIONS], p = (int)(action % ZV_POSITIONS);
    return (int)((g->hands[g->head.to_move] >> code) & 1u) && ((open_positions(g) >> p) & 1u);
}

/* The partial rank of the top cards of ``seat``'s side (evaluate_partial). */
static uint32_t side_key(const zv_rules *b, const zv_game *g, int seat) {
    uint8_t codes[ZV_SIDE];
    int n = 0;
    for (int p = SIDE_FIRST[seat]; p < SIDE_FIRST[seat] + ZV_SIDE; p++)
        if (g->top[p] >= 0) codes[n++] = (uint8_t)g->top[p];
    return pr_partial_key(b->tables, codes, n);
}

/* After the Start Game or an End Game round: the stronger side starts (a tie keeps
 * ``keep``); a Starter without cards has won, else the Reply draws. */
static int compare_sides(const zv_rules *b, zv_game *g, int keep) {
    const uint32_t first = side_key(b, g, 0), second = side_key(b, g, 1);
    const int starter = first > second ? 0 : second > first ? 1 : keep;
    g->starter = (int8_t)starter;
    g->phase = ZV_END_GAME;
    if (!g->hands[starter]) {
        g->winner = (int8_t)starter;
        g->phase = ZV_OVER;
        g->head.to_move = -1;
        return 0;
    }
    const int drawn = next_card(b, g);
    if (drawn == DS_EMPTY) return VD_FAULT;
    g->hands[1 - starter] |= 1ull << drawn;
    g->draws++;
    g->head.to_move = (int8_t)starter;
    return 0;
}

/* Takes ``action`` for the player to move, and deals the card a side comparison
 * makes the Reply draw; VD_FAULT for an illegal move or a draw from an empty pile. */
static int act(const zv_rules *b, zv_game *g, int64_t action) {
    const int player = g->head.to_move;
    if (player < 0) return 0;
    if (!action_ok(b, g, action) || g->n_placed >= ZV_MAX_DECK) return VD_FAULT;
    const int code = b->deck[action / ZV_POSITIONS], p = (int)(action % ZV_POSITIONS);
    g->hands[player] &= ~(1ull << code);
    g->placed[g->n_placed] = (uint8_t)code;
    g->placed_at[g->n_placed++] = (uint8_t)p;
    g->top[p] = (int8_t)code;
    g->head.last_mover = (int8_t)player;
    if (g->phase == ZV_FIND_LEADER) {
        if (player == 0) { /* face down */
            g->hidden = (int8_t)p;
            g->head.to_move = 1;
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
        g->head.to_move = g->leader;
    } else if (g->phase == ZV_START_GAME) {
        int full[2] = {1, 1};
        for (int q = 0; q < ZV_POSITIONS; q++)
            if (g->top[q] < 0) full[0] &= !on_side(0, q), full[1] &= !on_side(1, q);
        if (full[0] || full[1]) return compare_sides(b, g, g->leader);
        g->head.to_move = (int8_t)(1 - player);
    } else if (player == g->starter) {
        g->head.to_move = (int8_t)(1 - player);
    } else {
        g->rounds++;
        return compare_sides(b, g, g->starter);
    }
    return 0;
}

/* The greedy key of a placement (zv_greedy_keys): whether the mover's side then
 * beats, ties or trails the other, the mover's side value, the other's, the card's
 * rank; better() orders them. */
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
static uint32_t seen_side(const pr_tables *t, const int8_t *tops, int seat, int p, int code) {
    uint8_t codes[ZV_SIDE];
    int n = 0;
    for (int q = SIDE_FIRST[seat]; q < SIDE_FIRST[seat] + ZV_SIDE; q++) {
        if (q == p) codes[n++] = (uint8_t)code;
        else if (tops[q] >= 0) codes[n++] = (uint8_t)tops[q];
    }
    return pr_partial_key(t, codes, n);
}

/* The key of ``code`` put on ``p`` by ``me``; ``mine``/``theirs``: the sides'
 * values with nothing put (a side the card does not go on keeps its value). */
static greedy_key key_of(const pr_tables *t, const int8_t *tops, int me, int p, int code,
                         uint32_t mine, uint32_t theirs) {
    greedy_key k;
    k.mine = on_side(me, p) ? seen_side(t, tops, me, p, code) : mine;
    k.theirs = on_side(1 - me, p) ? seen_side(t, tops, 1 - me, p, code) : theirs;
    k.sign = (k.mine > k.theirs) - (k.mine < k.theirs);
    k.rank = code >> 2;
    return k;
}

void zv_greedy_keys(const pr_tables *t, const int8_t *tops, int me, const uint8_t *codes,
                    const uint8_t *positions, int n, int64_t *keys) {
    const uint32_t mine = seen_side(t, tops, me, -1, 0);
    const uint32_t theirs = seen_side(t, tops, 1 - me, -1, 0);
    for (int i = 0; i < n; i++) {
        const greedy_key k = key_of(t, tops, me, positions[i], codes[i], mine, theirs);
        keys[4 * i] = k.sign;
        keys[4 * i + 1] = k.mine;
        keys[4 * i + 2] = -(int64_t)k.theirs;
        keys[4 * i + 3] = -k.rank;
    }
}

/* The greedy agent's action (pokerrules.zpoker.GreedyAgent) for the player to
 * move: the first of the best keys, cards ascending, then positions; -1 when the
 * game is over. */
static int greedy(const zv_rules *b, const zv_game *g) {
    const int me = g->head.to_move;
    if (me < 0) return -1;
    int8_t tops[ZV_POSITIONS];
    memcpy(tops, g->top, sizeof tops);
    if (me != 0 && g->hidden >= 0) tops[g->hidden] = -1; /* a card it cannot see */
    const unsigned open = open_positions(g);
    const uint32_t mine = seen_side(b->tables, tops, me, -1, 0);
    const uint32_t theirs = seen_side(b->tables, tops, 1 - me, -1, 0);
    greedy_key best = {-2, 0, 0, 0};
    int chosen = -1;
    for (uint64_t h = g->hands[me]; h; h &= h - 1) {
        const int code = pr_ctz64(h);
        for (int p = 0; p < ZV_POSITIONS; p++) {
            if (!((open >> p) & 1u)) continue;
            const greedy_key k = key_of(b->tables, tops, me, p, code, mine, theirs);
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
static int random_action(const zv_rules *b, zv_game *g) {
    const uint64_t hand = g->hands[g->head.to_move];
    const unsigned open = open_positions(g);
    const int n_open = pr_popcount32(open), choices = pr_popcount64(hand) * n_open;
    if (choices < 1) return -1; /* nothing legal: the driver abandons the game */
    int k = (int)ds_below(&g->head.opponent, (uint64_t)choices);
    uint64_t h = hand;
    for (int c = k / n_open; c > 0; c--) h &= h - 1;
    unsigned o = open;
    for (int j = k % n_open; j > 0; j--) o &= o - 1;
    return ZV_POSITIONS * b->deck_index[pr_ctz64(h)] + pr_ctz32(o);
}

static void encode(const zv_rules *b, const zv_game *g, int seat, float *out) {
    const int n = b->deck_size;
    const int8_t *index = b->deck_index;
    const zv_layout *at = &b->at;
    const int unseen = seat != 0 ? g->hidden : -1; /* the face-down card it cannot see */
    memset(out, 0, (size_t)b->obs_size * sizeof(float));
    for (uint64_t h = g->hands[seat]; h; h &= h - 1) out[at->hand + index[pr_ctz64(h)]] = 1.0f;
    for (int i = 0; i < g->n_placed; i++) {
        const int code = g->placed[i], p = g->placed_at[i];
        if (p == unseen) continue;
        out[(code == g->top[p] ? at->tops + p * n : at->covered) + index[code]] = 1.0f;
    }
    if (g->hidden >= 0) out[at->face_down + g->hidden] = 1.0f;
    out[at->phase + g->phase] = 1.0f;
    out[at->seat + seat] = 1.0f;
    out[at->to_move] = (float)(g->head.to_move == seat);
    if (g->leader >= 0) out[at->leader + g->leader] = 1.0f;
    if (g->starter >= 0) out[at->starter + g->starter] = 1.0f;
    float *counts = out + at->counts;
    counts[0] = (float)(pr_popcount64(g->hands[seat]) / (double)n);
    counts[1] = (float)(pr_popcount64(g->hands[1 - seat]) / (double)n);
    counts[2] = (float)((n - g->n_dealt) / (double)n);
}

/* --- the driver's functions ---------------------------------------------- */
static void v_deal(const void *rules, void *g, uint64_t seed) { start_game(rules, g, seed, 0); }
static int v_legal_one(const void *rules, const void *g, int64_t a) { return action_ok(rules, g, a); }
static void v_legal(const void *rules, const void *g, uint8_t *mask) { legal(rules, g, mask); }
static int v_apply(const void *rules, void *g, int64_t a) { return act(rules, g, a); }
static void v_observe(const void *rules, const void *g, int seat, float *out) {
    encode(rules, g, seat, out);
}
static int64_t v_random(const void *rules, void *g) { return random_action(rules, g); }
static int64_t v_greedy(const void *rules, const void *g) { return greedy(rules, g); }
static int v_over(const void *rules, const void *g) {
    (void)rules;
    return ((const zv_game *)g)->head.to_move < 0;
}
static void v_score(const void *rules, const void *g, double *seat_rewards) {
    const int w = ((const zv_game *)g)->winner;
    (void)rules;
    if (w < 0) return; /* abandoned: never scored (the driver marks it done) */
    seat_rewards[w] = 1.0;
    seat_rewards[1 - w] = -1.0;
}

const vd_game ZV_GAME = {
    sizeof(zv_game), 0x3C6EF372FE94F82Bull, v_deal, v_legal_one, v_legal, v_apply,
    v_observe, v_random, v_greedy, v_over, v_score,
};
