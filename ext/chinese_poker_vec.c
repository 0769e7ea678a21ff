/* Chinese Poker for the vector environment; see chinese_poker_vec.h. */
#include "chinese_poker_vec.h"

#include <string.h>

#include "pr_port.h"

#define FIRST_CODE 3                        /* 2s: the deck's only deuce */
#define NO_CODE 48                          /* Ac: left out of the deck */

static const int HAND_SIZE[CPV_MAX_PLAYERS + 1] = {0, 0, 16, 16, 12};
static const cp_play PASS = {CP_NONE, 0, 0, {0}};

static inline int lowest(uint64_t x) { return pr_ctz64(x); }

/* the deck index of a code (CHINESE_POKER_DECK.codes: 2s, 3c ... Kd, Ad, Ah, As) */
static inline int deck_index(int code) { return code - FIRST_CODE - (code > NO_CODE); }

int cpv_prepare(cpv_patterns *p, int n, const int8_t *need) {
    p->n = n;
    p->words = (n + 63) / 64;
    memset(p->holds, 0, sizeof p->holds);
    memset(p->beats, 0, sizeof p->beats);
    for (int i = 0; i < n; i++) {
        uint8_t counts[CPV_RANKS];
        int cards = 0;
        for (int r = 0; r < CPV_RANKS; r++) cards += counts[r] = (uint8_t)need[i * CPV_RANKS + r];
        if (!cp_classify(counts, cards, &p->play[i])) return i;
    }
    for (int i = 0; i < n; i++) {
        const uint64_t bit = 1ull << (i & 63);
        for (int r = 0; r < CPV_RANKS; r++)
            for (int c = p->play[i].take[r]; c <= 4; c++) p->holds[r][c][i >> 6] |= bit;
        for (int t = 0; t < n; t++) /* does i beat t? */
            if (cp_beats(&p->play[i], &p->play[t])) p->beats[t][i >> 6] |= bit;
    }
    return -1;
}

static void fresh_pack(uint8_t *pack) {
    for (int i = 0; i < CPV_DECK; i++) pack[i] = (uint8_t)(FIRST_CODE + i + (FIRST_CODE + i >= NO_CODE));
}

/* The driver's copy of who is to move. */
static void sync_to_move(cpv_game *g) { g->head.to_move = (int8_t)g->w.to_move; }

/* _clear + _set_round: no hands, an empty table, nobody to move. */
static void clear_round(cpv_game *g, int phase) {
    const int players = g->w.players;
    memset(&g->w, 0, sizeof g->w);
    g->w.players = players;
    g->w.to_move = -1;
    g->w.table_player = -1;
    memset(g->piles, 0, sizeof g->piles);
    memset(g->pile_owner, -1, sizeof g->pile_owner);
    g->table_pattern = -1;
    g->n_played = 0;
    g->phase = (int8_t)phase;
}

static void place_dealt(const cpv_rules *b, cpv_game *g, int k, int code) {
    if (b->players == 2) g->piles[k % CPV_PILES] |= 1ull << code;
    else g->w.hand[(g->dealer + 1 + k) % b->players] |= 1ull << code;
}

static void start_play(const cpv_rules *b, cpv_game *g) {
    g->phase = (int8_t)(b->players == 2 ? CPV_CHOOSE : CPV_PLAY);
    g->w.to_move = g->dealer;
}

/* The round's deal from the game's stream, one card at a time from a whole deck. */
static void deal_round(const cpv_rules *b, cpv_game *g) {
    uint8_t pack[CPV_DECK];
    int n = CPV_DECK;
    clear_round(g, CPV_DEAL);
    fresh_pack(pack);
    for (int k = 0; k < CPV_DECK; k++) place_dealt(b, g, k, ds_take(&g->deal, pack, &n));
    start_play(b, g);
}

static void start_game(const cpv_rules *b, cpv_game *g, int dealer) {
    g->w.players = b->players;
    g->dealer = (int8_t)dealer;
    g->ended = g->stacked = 0;
    g->round = 1;
    memset(g->scores, 0, sizeof g->scores);
    memset(g->points, 0, sizeof g->points);
}

static void deal_seeded(const cpv_rules *b, cpv_game *g, uint64_t seed) {
    uint8_t pack[CPV_DECK];
    int cutting[CPV_MAX_PLAYERS], m = b->players;
    ds_start(&g->deal, seed);
    for (int p = 0; p < m; p++) cutting[p] = p;
    while (m > 1) { /* each draws in turn; those tied for the highest rank again */
        int drawn[CPV_MAX_PLAYERS], best = -1, n = CPV_DECK, kept = 0;
        fresh_pack(pack);
        for (int i = 0; i < m; i++) {
            drawn[i] = ds_take(&g->deal, pack, &n) >> 2;
            if (drawn[i] > best) best = drawn[i];
        }
        for (int i = 0; i < m; i++)
            if (drawn[i] == best) cutting[kept++] = cutting[i];
        m = kept;
    }
    start_game(b, g, cutting[0]);
    deal_round(b, g);
    sync_to_move(g);
}

void cpv_deal_stacked(const cpv_rules *b, cpv_game *g, int dealer, const uint8_t *cards) {
    start_game(b, g, dealer);
    g->stacked = 1;
    clear_round(g, CPV_DEAL);
    for (int k = 0; k < CPV_DECK; k++) place_dealt(b, g, k, cards[k]);
    start_play(b, g);
    sync_to_move(g);
}

static inline int must_play(const cpv_rules *b, const cpv_game *g) {
    return g->phase == CPV_PLAY && cp_must_play(g->table_pattern < 0, g->w.passes, b->players);
}

/* The plays the player to move may make, as bits over the patterns. */
static void play_words(const cpv_rules *b, const cpv_game *g, uint64_t *words) {
    const cpv_patterns *pt = b->patterns;
    const uint64_t hand = g->w.hand[g->w.to_move];
    for (int k = 0; k < pt->words; k++) words[k] = ~0ull;
    for (int r = 0; r < CPV_RANKS; r++) {
        const uint64_t *held = pt->holds[r][cp_rank_count(hand, r)];
        for (int k = 0; k < pt->words; k++) words[k] &= held[k];
    }
    if (g->table_pattern >= 0) {
        const uint64_t *beats = pt->beats[g->table_pattern];
        for (int k = 0; k < pt->words; k++) words[k] &= beats[k];
    }
}

static void legal(const cpv_rules *b, const cpv_game *g, uint8_t *mask) {
    uint64_t words[CPV_WORDS];
    memset(mask, 0, (size_t)b->actions);
    if (g->w.to_move < 0) return;
    if (g->phase == CPV_CHOOSE) {
        for (int h = 0; h < CPV_PILES; h++) mask[1 + h] = (uint8_t)(g->pile_owner[h] < 0);
        return;
    }
    if (g->phase != CPV_PLAY) return;
    mask[0] = (uint8_t)!must_play(b, g);
    play_words(b, g, words);
    uint8_t *plays = mask + CPV_FIRST_PLAY;
    for (int k = 0; k < b->patterns->words; k++)
        for (uint64_t w = words[k]; w; w &= w - 1) plays[64 * k + lowest(w)] = 1;
}

static int action_ok(const cpv_rules *b, const cpv_game *g, int64_t action) {
    uint8_t mask[CPV_FIRST_PLAY + CPV_MAX_PATTERNS];
    if (action < 0 || action >= b->actions) return 0;
    legal(b, g, mask);
    return mask[action];
}

/* The round is over: penalty points, then the next round's deal (or the end). */
static void end_round(const cpv_rules *b, cpv_game *g, int winner) {
    int high = 0, dealt = HAND_SIZE[b->players];
    for (int p = 0; p < b->players; p++) {
        int points = cp_penalty(cp_cards(g->w.hand[p]), dealt);
        if (g->round == 1) g->points[p] = points;
        g->scores[p] += points;
        if (g->scores[p] > high) high = g->scores[p];
    }
    g->ended = 1;
    if (high >= b->target) {
        g->phase = CPV_OVER;
        g->w.to_move = -1;
        return;
    }
    g->round++;
    g->dealer = (int8_t)winner;
    if (g->stacked) clear_round(g, CPV_DEAL); /* explicit chance: the deal is awaited */
    else deal_round(b, g);
}

static void act(const cpv_rules *b, cpv_game *g, int action) {
    const int p = g->w.to_move;
    if (p < 0) return;
    g->head.last_mover = (int8_t)p;
    if (g->phase == CPV_CHOOSE) {
        int h = action - 1;
        g->pile_owner[h] = (int8_t)p;
        g->w.hand[p] = g->piles[h];
        if (g->w.hand[0] && g->w.hand[1]) {
            memset(g->piles, 0, sizeof g->piles); /* the free hand is set aside */
            memset(g->pile_owner, -1, sizeof g->pile_owner);
            g->phase = CPV_PLAY;
            g->w.to_move = g->dealer;
        } else {
            g->w.to_move = 1 - p;
        }
        return;
    }
    if (action == 0) {
        cp_apply(&g->w, &PASS);
        if (g->w.table_player < 0) g->table_pattern = -1; /* the table cleared */
        return;
    }
    const int pattern = action - CPV_FIRST_PLAY;
    const uint64_t cards = cp_apply(&g->w, &b->patterns->play[pattern]);
    for (uint64_t c = cards; c; c &= c - 1) g->played[g->n_played++] = (uint8_t)lowest(c);
    g->table_pattern = (int16_t)pattern;
    if (!g->w.hand[p]) end_round(b, g, p);
}

static void set_cards(uint64_t cards, float *out) {
    for (; cards; cards &= cards - 1) out[deck_index(lowest(cards))] = 1.0f;
}

static void encode(const cpv_rules *b, const cpv_game *g, int me, float *out) {
    const int n = b->players;
    const cpv_layout *at = &b->at;
    memset(out, 0, (size_t)b->obs_size * sizeof(float));
    set_cards(g->w.hand[me], out + at->hand);
    for (int i = 0; i < g->n_played; i++) out[at->played + deck_index(g->played[i])] = 1.0f;
    set_cards(g->w.table_cards, out + at->table);
    if (g->w.table_player >= 0) out[at->table_player + (g->w.table_player - me + n) % n] = 1.0f;
    for (int s = 0; s < n; s++) {
        int p = (me + s) % n;
        out[at->counts + s] = (float)(cp_cards(g->w.hand[p]) / 16.0);
        out[at->scores + s] = (float)((double)g->scores[p] / (double)(b->target + 50));
    }
    out[at->dealer + (g->dealer - me + n) % n] = 1.0f;
    out[at->players + n - 2] = 1.0f;
    if (g->phase == CPV_CHOOSE) out[at->phase] = 1.0f;
    if (g->phase == CPV_PLAY) out[at->phase + 1] = 1.0f;
    out[at->must_play] = (float)must_play(b, g);
    out[at->to_move] = (float)(g->w.to_move == me);
    if (g->phase == CPV_CHOOSE) {
        for (int h = 0; h < CPV_PILES; h++) {
            int owner = g->pile_owner[h];
            if (b->open_choice && owner < 0) set_cards(g->piles[h], out + at->piles + CPV_DECK * h);
            out[at->pile_owners + 3 * h + (owner < 0 ? 0 : owner == me ? 1 : 2)] = 1.0f;
        }
    }
}

/* One of the legal actions, each equally likely, drawn from the opponent's stream:
 * the k-th legal action in ascending order. */
static int random_action(const cpv_rules *b, cpv_game *g) {
    uint64_t words[CPV_WORDS];
    if (g->phase == CPV_CHOOSE) {
        int open[CPV_PILES], n = 0;
        for (int h = 0; h < CPV_PILES; h++)
            if (g->pile_owner[h] < 0) open[n++] = 1 + h;
        return open[ds_below(&g->head.opponent, (uint64_t)n)];
    }
    const int pass = !must_play(b, g);
    int total = pass;
    play_words(b, g, words);
    for (int k = 0; k < b->patterns->words; k++) total += pr_popcount64(words[k]);
    int j = (int)ds_below(&g->head.opponent, (uint64_t)total);
    if (pass && j-- == 0) return 0;
    for (int k = 0;; k++) {
        int in_word = pr_popcount64(words[k]);
        if (j < in_word) {
            uint64_t w = words[k];
            while (j--) w &= w - 1;
            return CPV_FIRST_PLAY + 64 * k + lowest(w);
        }
        j -= in_word;
    }
}

/* --- the driver's functions ---------------------------------------------- */
static void v_deal(const void *rules, void *g, uint64_t seed) { deal_seeded(rules, g, seed); }
static int v_legal_one(const void *rules, const void *g, int64_t a) { return action_ok(rules, g, a); }
static void v_legal(const void *rules, const void *g, uint8_t *mask) { legal(rules, g, mask); }
static int v_apply(const void *rules, void *g, int64_t a) {
    const cpv_rules *b = rules;
    cpv_game *game = g;
    if (a < 0 || a >= b->actions) {
        game->w.to_move = -1; /* abandoned: the driver's head says nobody */
        return VD_FAULT;
    }
    act(b, game, (int)a);
    sync_to_move(game);
    return 0;
}
static void v_observe(const void *rules, const void *g, int seat, float *out) {
    encode(rules, g, seat, out);
}
static int64_t v_random(const void *rules, void *g) { return random_action(rules, g); }
static int v_over(const void *rules, const void *g) {
    (void)rules;
    return ((const cpv_game *)g)->ended;
}
static void v_score(const void *rules, const void *g, double *seat_rewards) {
    const cpv_rules *b = rules;
    for (int p = 0; p < b->players; p++) seat_rewards[p] = -(double)((const cpv_game *)g)->points[p];
}

const vd_game CPV_GAME = {
    sizeof(cpv_game), 0xBB67AE8584CAA73Bull, v_deal, v_legal_one, v_legal, v_apply,
    v_observe, v_random, NULL, v_over, v_score,
};
