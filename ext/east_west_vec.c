/* East-West for the vector environment; see east_west_vec.h. */
#include "east_west_vec.h"

#include <string.h>


static void fresh_pack(uint8_t *pack) {
    for (int i = 0; i < EW_DECK; i++) pack[i] = (uint8_t)(EW_FIRST_CODE + i);
}

static void clear_table(ew_game *g, int dealer) {
    memset(g->rows, 0, sizeof g->rows);
    memset(g->count, 0, sizeof g->count);
    g->dealer = (int8_t)dealer;
    g->head.to_move = (int8_t)(1 - dealer); /* the non-dealer moves first */
    g->placed = 0;
}

static void deal_seeded(ew_game *g, uint64_t seed) {
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
    clear_table(g, dealer);
}

void ew_deal_stacked(ew_game *g, int dealer, const uint8_t *cards) {
    memcpy(g->deck, cards, EW_DEALT);
    clear_table(g, dealer & 1);
}

static int legal_one(const ew_game *g, int64_t row) {
    const int seat = g->head.to_move;
    return seat >= 0 && row >= 0 && row < EW_ROWS && g->count[seat][row] < EW_CAPACITY;
}

/* Places the drawn card on ``row`` for the seat to move. */
static int place(ew_game *g, int64_t row) {
    const int seat = g->head.to_move;
    if (!legal_one(g, row)) return VD_FAULT;
    g->rows[seat][row][g->count[seat][row]++] = g->deck[EW_BOARD + g->placed];
    g->placed++;
    g->head.last_mover = (int8_t)seat;
    g->head.to_move = (int8_t)(g->placed == EW_MOVES ? -1 : 1 - seat);
    return 0;
}

static void legal(const ew_game *g, uint8_t *mask) {
    for (int r = 0; r < EW_ROWS; r++) mask[r] = (uint8_t)legal_one(g, r);
}

double ew_row_strength(const pr_tables *t, const uint8_t *codes, int n) {
    int per_rank[14] = {0}, largest = 0, best = 0;
    int category = pr_key_category(t, pr_partial_key(t, codes, n));
    for (int i = 0; i < n; i++) per_rank[codes[i] >> 2]++;
    for (int r = 0; r < 14; r++) {
        if (per_rank[r] > largest) largest = per_rank[r];
    }
    for (int r = 0; r < 14; r++) {
        if (per_rank[r] == largest) best = r;
    }
    return (double)t->cat_pos[category] + (double)best / 26.0;
}

int ew_greedy_pick(const pr_tables *t, const uint8_t *board,
                   const uint8_t *side, const uint8_t *count,
                   int card, const int *rows, int n) {
    int best = -1;
    double best_gain = 0.0;
    uint8_t held[EW_CAPACITY + 2];
    for (int i = 0; i < n; i++) {
        int r = rows[i], k = count[r];
        held[0] = board[r];
        memcpy(held + 1, side + EW_CAPACITY * r, (size_t)k);
        held[k + 1] = (uint8_t)card;
        double gain = ew_row_strength(t, held, k + 2) - ew_row_strength(t, held, k + 1);
        if (best < 0 || gain > best_gain) { /* ties: the first candidate */
            best = i;
            best_gain = gain;
        }
    }
    return best;
}

/* The greedy row for the seat to move, the open rows its candidates. */
static int greedy(const ew_game *g, const pr_tables *t) {
    int seat = g->head.to_move, rows[EW_ROWS], n = 0;
    if (seat < 0) return 0;
    for (int r = 0; r < EW_ROWS; r++)
        if (g->count[seat][r] < EW_CAPACITY) rows[n++] = r;
    int i = ew_greedy_pick(t, g->deck, g->rows[seat][0], g->count[seat],
                           g->deck[EW_BOARD + g->placed], rows, n);
    return i < 0 ? 0 : rows[i];
}

/* The random opponent's row: one of the open rows, from its own stream. */
static int random_row(ew_game *g) {
    int seat = g->head.to_move, open[EW_ROWS], n = 0;
    if (seat < 0) return 0;
    for (int r = 0; r < EW_ROWS; r++)
        if (g->count[seat][r] < EW_CAPACITY) open[n++] = r;
    return n ? open[ds_below(&g->head.opponent, (uint64_t)n)] : 0;
}

/* The winner of a finished game: 0 West, 1 East, -1 a draw. */
static int winner(const ew_game *g, const pr_tables *t, int win_rule) {
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

static void encode(const ew_rules *b, const ew_game *g, int seat, float *out) {
    const int other = 1 - seat;
    const ew_layout *at = &b->at;
    memset(out, 0, (size_t)b->obs_size * sizeof(float));
    for (int r = 0; r < EW_ROWS; r++) {
        out[at->board + EW_DECK * r + g->deck[r] - EW_FIRST_CODE] = 1.0f;
        for (int i = 0; i < g->count[seat][r]; i++)
            out[at->own_rows + EW_DECK * r + g->rows[seat][r][i] - EW_FIRST_CODE] = 1.0f;
        for (int i = 0; i < g->count[other][r]; i++)
            out[at->other_rows + EW_DECK * r + g->rows[other][r][i] - EW_FIRST_CODE] = 1.0f;
        out[at->own_counts + r] = (float)(g->count[seat][r] / (double)EW_CAPACITY);
        out[at->other_counts + r] = (float)(g->count[other][r] / (double)EW_CAPACITY);
    }
    if (g->head.to_move == seat) {
        out[at->drawn + g->deck[EW_BOARD + g->placed] - EW_FIRST_CODE] = 1.0f;
        out[at->to_move] = 1.0f;
    }
    out[at->dealer] = g->dealer == seat ? 1.0f : 0.0f;
    out[at->seat] = (float)seat;
    /* face-down stock: 28 - placed at a turn, 5 at the end; over 28 as a double */
    const int first_stock = EW_DECK - EW_BOARD - 1;
    const int stock = g->head.to_move < 0 ? EW_DECK - EW_DEALT : first_stock - g->placed;
    out[at->stock] = (float)(stock / (double)first_stock);
}

/* --- the driver's functions ---------------------------------------------- */
static void v_deal(const void *rules, void *g, uint64_t seed) {
    (void)rules;
    deal_seeded(g, seed);
}
static int v_legal_one(const void *rules, const void *g, int64_t a) {
    (void)rules;
    return legal_one(g, a);
}
static void v_legal(const void *rules, const void *g, uint8_t *mask) {
    (void)rules;
    legal(g, mask);
}
static int v_apply(const void *rules, void *g, int64_t a) {
    (void)rules;
    return place(g, a);
}
static void v_observe(const void *rules, const void *g, int seat, float *out) {
    encode(rules, g, seat, out);
}
static int64_t v_random(const void *rules, void *g) {
    (void)rules;
    return random_row(g);
}
static int64_t v_greedy(const void *rules, const void *g) {
    return greedy(g, ((const ew_rules *)rules)->tables);
}
static int v_over(const void *rules, const void *g) {
    (void)rules;
    return ((const ew_game *)g)->head.to_move < 0;
}
static void v_score(const void *rules, const void *g, double *seat_rewards) {
    const ew_rules *r = rules;
    const int w = winner(g, r->tables, r->win_rule);
    if (w >= 0) {
        seat_rewards[w] = 1.0;
        seat_rewards[1 - w] = -1.0;
    }
}

const vd_game EW_GAME = {
    sizeof(ew_game), 0x6A09E667F3BCC909ull, v_deal, v_legal_one, v_legal, v_apply,
    v_observe, v_random, v_greedy, v_over, v_score,
};
