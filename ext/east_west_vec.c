/* East-West for the vector environment; see east_west_vec.h. */
#include "east_west_vec.h"

#include <string.h>

#define OPPONENT_SALT 0x6A09E667F3BCC909ull /* decorrelates the opponent's stream */

uint64_t ew_opponent_seed(uint64_t seed) { return ds_mix(seed ^ OPPONENT_SALT) >> 11; }

static void fresh_pack(uint8_t *pack) {
    for (int i = 0; i < EW_DECK; i++) pack[i] = (uint8_t)(EW_FIRST_CODE + i);
}

static void clear_table(ew_game *g, int dealer, uint64_t seed) {
    memset(g->rows, 0, sizeof g->rows);
    memset(g->count, 0, sizeof g->count);
    g->seed = seed;
    ds_start(&g->opponent, ew_opponent_seed(seed));
    g->dealer = (int8_t)dealer;
    g->to_move = (int8_t)(1 - dealer); /* the non-dealer moves first */
    g->last_mover = -1;
    g->done = 0;
    g->placed = 0;
}

void ew_deal_seeded(ew_game *g, uint64_t seed) {
    ds_stream s;
    uint8_t pack[EW_DECK];
    int n, dealer;
    ds_start(&s, seed);
    for (;;) { /* the cut: West draws, then East; equal ranks put both back */
        fresh_pack(pack);
        n = EW_DECK;
        int west = ds_take(&s, pack, &n), east = ds_take(&s, pack, &n);
        if (west >> 2 != east >> 2) {
            dealer = (west >> 2) < (east >> 2) ? 0 : 1;
            break;
        }
    }
    fresh_pack(pack); /* the board and the stock come from the whole pack again */
    n = EW_DECK;
    for (int i = 0; i < EW_DEALT; i++) g->deck[i] = (uint8_t)ds_take(&s, pack, &n); /* 27 of 32 */
    clear_table(g, dealer, seed);
}

void ew_deal_stacked(ew_game *g, int dealer, const uint8_t *cards, uint64_t seed) {
    memcpy(g->deck, cards, EW_DEALT);
    clear_table(g, dealer & 1, seed);
}

void ew_place(ew_game *g, int row) {
    int seat = g->to_move;
    if (seat < 0 || row < 0 || row >= EW_ROWS || g->count[seat][row] >= EW_CAPACITY) return;
    g->rows[seat][row][g->count[seat][row]++] = g->deck[EW_BOARD + g->placed];
    g->placed++;
    g->last_mover = (int8_t)seat;
    g->to_move = (int8_t)(g->placed == EW_MOVES ? -1 : 1 - seat);
}

void ew_legal(const ew_game *g, uint8_t *mask) {
    int seat = g->to_move;
    for (int r = 0; r < EW_ROWS; r++)
        mask[r] = (uint8_t)(seat >= 0 && g->count[seat][r] < EW_CAPACITY);
}

/* row_strength of pokerrules.eastwest.agents, in the same double arithmetic:
 * the made category's position plus the best group's rank / 26. */
static double strength(const pr_tables *t, const uint8_t *codes, int n) {
    int per_rank[13] = {0}, largest = 0, best = 0;
    int category = pr_key_category(t, pr_partial_key(t, codes, n));
    for (int i = 0; i < n; i++) per_rank[codes[i] >> 2]++;
    for (int r = 0; r < 13; r++) {
        if (per_rank[r] > largest) largest = per_rank[r];
    }
    for (int r = 0; r < 13; r++) {
        if (per_rank[r] == largest) best = r;
    }
    return (double)t->cat_pos[category] + (double)best / 26.0;
}

int ew_greedy(const ew_game *g, const pr_tables *t) {
    int seat = g->to_move, best = -1;
    double best_gain = 0.0;
    uint8_t held[EW_CAPACITY + 2];
    if (seat < 0) return 0;
    for (int r = 0; r < EW_ROWS; r++) {
        int k = g->count[seat][r];
        if (k >= EW_CAPACITY) continue;
        held[0] = g->deck[r];
        memcpy(held + 1, g->rows[seat][r], (size_t)k);
        held[k + 1] = g->deck[EW_BOARD + g->placed];
        double gain = strength(t, held, k + 2) - strength(t, held, k + 1);
        if (best < 0 || gain > best_gain) { /* ties: the lower row */
            best = r;
            best_gain = gain;
        }
    }
    return best < 0 ? 0 : best;
}

int ew_random(ew_game *g) {
    int seat = g->to_move, open[EW_ROWS], n = 0;
    if (seat < 0) return 0;
    for (int r = 0; r < EW_ROWS; r++)
        if (g->count[seat][r] < EW_CAPACITY) open[n++] = r;
    return n ? open[ds_below(&g->opponent, (uint64_t)n)] : 0;
}

int ew_winner(const ew_game *g, const pr_tables *t, int win_rule) {
    int won[2] = {0, 0};
    uint8_t hand[2][5];
    for (int r = 0; r < EW_ROWS; r++) {
        uint16_t value[2];
        for (int seat = 0; seat < 2; seat++) {
            hand[seat][0] = g->deck[r];
            memcpy(hand[seat] + 1, g->rows[seat][r], EW_CAPACITY);
            value[seat] = pr_eval_codes(t, hand[seat], 5);
        }
        if (value[0] != value[1]) won[value[0] < value[1]]++;
    }
    if (win_rule == EW_TWO_ROWS) return won[0] >= 2 ? 0 : won[1] >= 2 ? 1 : -1;
    return won[0] > won[1] ? 0 : won[1] > won[0] ? 1 : -1;
}

void ew_encode(const ew_game *g, int seat, float *out) {
    const int other = 1 - seat;
    memset(out, 0, EW_OBS * sizeof(float));
    for (int r = 0; r < EW_ROWS; r++) {
        out[EW_DECK * r + g->deck[r] - EW_FIRST_CODE] = 1.0f;
        for (int i = 0; i < g->count[seat][r]; i++)
            out[EW_DECK * (3 + r) + g->rows[seat][r][i] - EW_FIRST_CODE] = 1.0f;
        for (int i = 0; i < g->count[other][r]; i++)
            out[EW_DECK * (6 + r) + g->rows[other][r][i] - EW_FIRST_CODE] = 1.0f;
        out[320 + r] = (float)(g->count[seat][r] / 4.0);
        out[323 + r] = (float)(g->count[other][r] / 4.0);
    }
    if (g->to_move == seat) {
        out[EW_DECK * 9 + g->deck[EW_BOARD + g->placed] - EW_FIRST_CODE] = 1.0f;
        out[326] = 1.0f;
    }
    out[327] = g->dealer == seat ? 1.0f : 0.0f;
    out[328] = (float)seat;
    /* face-down stock: 28 - placed at a turn, 5 at the end; over 28 as a double */
    out[329] = (float)((g->to_move < 0 ? 5 : 28 - g->placed) / 28.0);
}

void ew_play_opponent(const ew_batch *b, ew_game *g) {
    while (g->to_move >= 0 && g->to_move != b->seat) {
        if (b->opponent == EW_RANDOM) ew_place(g, ew_random(g));
        else if (b->opponent == EW_GREEDY) ew_place(g, ew_greedy(g, b->tables));
        else return;
    }
}

void ew_batch_reset(const ew_batch *b, ew_game *games, const uint64_t *seeds,
                    const uint8_t *which) {
    for (int64_t i = 0; i < b->n; i++) {
        if (which && !which[i]) continue;
        ew_deal_seeded(&games[i], seeds[i]);
        ew_play_opponent(b, &games[i]);
    }
}

void ew_batch_act(const ew_batch *b, ew_game *games, const int64_t *actions,
                  uint64_t seed_step) {
    for (int64_t i = 0; i < b->n; i++) {
        ew_game *g = &games[i];
        if (g->done) {
            ew_deal_seeded(g, (g->seed + seed_step) & (DS_SEED_LIMIT - 1));
        } else {
            ew_place(g, (int)actions[i]);
        }
        ew_play_opponent(b, g);
    }
}

void ew_batch_finish(const ew_batch *b, ew_game *games, float *obs, uint8_t *mask,
                     double *reward, double *seat_rewards, uint8_t *terminated,
                     int8_t *player) {
    const int self_play = b->opponent == EW_SELF_PLAY;
    for (int64_t i = 0; i < b->n; i++) {
        ew_game *g = &games[i];
        int seat = !self_play ? b->seat : g->to_move >= 0 ? g->to_move
                 : g->last_mover >= 0 ? g->last_mover : 0;
        double mine = 0.0;
        seat_rewards[2 * i] = seat_rewards[2 * i + 1] = 0.0;
        terminated[i] = 0;
        if (g->to_move < 0 && !g->done) {
            int winner = ew_winner(g, b->tables, b->win_rule);
            if (winner >= 0) {
                seat_rewards[2 * i + winner] = 1.0;
                seat_rewards[2 * i + 1 - winner] = -1.0;
                mine = winner == seat ? 1.0 : -1.0;
            }
            terminated[i] = 1;
            g->done = 1;
        }
        reward[i] = mine;
        player[i] = (int8_t)seat;
        ew_encode(g, seat, obs + i * EW_OBS);
        if (g->done) memset(mask + i * EW_ACTIONS, 1, EW_ACTIONS);
        else ew_legal(g, mask + i * EW_ACTIONS);
    }
}
