/* Chinese Poker's rules and greedy playouts; see chinese_poker.h. */
#include "chinese_poker.h"

#include <stdint.h>
#include <string.h>

/* LOWEST[k][n]: the lowest ``k`` cards of a rank's nibble ``n``, those a play takes. */
static const uint8_t LOWEST[5][16] = {
    {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    {0, 1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1},
    {0, 1, 2, 3, 4, 5, 6, 3, 8, 9, 10, 3, 12, 5, 6, 3},
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 7},
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
};

/* rank index <-> single value (3 = 0 ... A = 11, 2 = 12) */
static inline int rank_of(int v) { return (v + 1) % CP_RANKS; }
static inline int value_of(int r) { return (r + CP_RANKS - 1) % CP_RANKS; }

static void clear(cp_play *p, int kind, int length, int value) {
    memset(p, 0, sizeof *p);
    p->kind = (int8_t)kind;
    p->length = (int8_t)length;
    p->value = (int8_t)value;
}

int cp_classify(const uint8_t *c, int n, cp_play *out) {
    int ranks = 0, lo = -1, hi = -1, size = -1;
    if (n <= 0) return 0;
    for (int r = 0; r < CP_RANKS; r++) {
        if (!c[r]) continue;
        ranks++;
        if (lo < 0) lo = r;
        hi = r;
    }
    if (n == 1) {
        clear(out, CP_SINGLE, 1, value_of(lo));
        out->take[lo] = 1;
        return 1;
    }
    if (n == 5 && ranks == 2) {
        int big = c[lo] > c[hi] ? lo : hi, small = big == lo ? hi : lo;
        if (c[big] == 3) clear(out, CP_FULL_HOUSE, 5, value_of(big));
        else if (c[big] == 4) clear(out, CP_BOMB, 5, value_of(small));
        else return 0;
        out->take[big] = c[big];
        out->take[small] = c[small];
        return 1;
    }
    for (int r = 0; r < CP_RANKS; r++) {
        if (!c[r]) continue;
        if (size < 0) size = c[r];
        else if (c[r] != size) return 0;
    }
    if (size == 1) {
        if (n < 5 || hi - lo != n - 1) return 0;
        clear(out, CP_STRAIGHT, n, hi);
    } else if (size == 2 || size == 3) {
        /* consecutive in the single order */
        int vlo = 99, vhi = -1;
        for (int r = 0; r < CP_RANKS; r++) {
            if (!c[r]) continue;
            int v = value_of(r);
            if (v < vlo) vlo = v;
            if (v > vhi) vhi = v;
        }
        if (vhi - vlo != ranks - 1) return 0;
        clear(out, size == 2 ? CP_PAIRS : CP_TRIPS, n, vhi);
    } else {
        return 0;
    }
    for (int r = 0; r < CP_RANKS; r++) out->take[r] = (int8_t)c[r];
    return 1;
}

int cp_beats(const cp_play *mine, const cp_play *table) {
    if (table->kind == CP_NONE) return 1;
    if (mine->kind == CP_BOMB)
        return table->kind != CP_BOMB || mine->value > table->value;
    return mine->kind == table->kind && mine->length == table->length
        && mine->value > table->value;
}

/* Keeps ``cand`` in ``best`` if it is better: on the lead more cards, then a lower
 * value; on a table a lower value; the first of equals stays. */
static void consider(cp_play *best, const cp_play *cand, int lead) {
    if (best->kind == CP_NONE) { *best = *cand; return; }
    if (lead && cand->length != best->length) {
        if (cand->length > best->length) *best = *cand;
        return;
    }
    if (cand->value < best->value) *best = *cand;
}

/* Runs of ranks consecutive in the single order, each held ``size`` times or more. */
static void runs_of(const uint8_t *c, int size, int kind, const cp_play *t, int lead,
                    cp_play *best) {
    cp_play cand;
    for (int a = 0; a < CP_RANKS; a++) {
        for (int b = a; b < CP_RANKS && c[rank_of(b)] >= size; b++) {
            int length = size * (b - a + 1);
            if (!lead && (length != t->length || b <= t->value)) continue;
            clear(&cand, kind, length, b);
            for (int v = a; v <= b; v++) cand.take[rank_of(v)] = (int8_t)size;
            consider(best, &cand, lead);
        }
    }
}

void cp_greedy_hand(const uint8_t *c, int left, const cp_play *t, int may_pass,
                    int opponents_low, cp_play *out) {
    const int tk = t->kind, lead = tk == CP_NONE;
    cp_play best, cand;

    /* go out at once */
    if (cp_classify(c, left, &cand) && cp_beats(&cand, t)) { *out = cand; return; }

    clear(&best, CP_NONE, 0, 0);
    if (lead || tk == CP_SINGLE) {
        for (int v = 0; v < CP_RANKS; v++) {
            int r = rank_of(v);
            if (!c[r] || (!lead && v <= t->value)) continue;
            clear(&cand, CP_SINGLE, 1, v);
            cand.take[r] = 1;
            consider(&best, &cand, lead);
        }
    }
    if (lead || tk == CP_PAIRS) runs_of(c, 2, CP_PAIRS, t, lead, &best);
    if (lead || tk == CP_TRIPS) runs_of(c, 3, CP_TRIPS, t, lead, &best);
    if (lead || tk == CP_FULL_HOUSE) {
        for (int tv = 0; tv < CP_RANKS; tv++) {
            int tr = rank_of(tv);
            if (c[tr] < 3 || (!lead && tv <= t->value)) continue;
            for (int pv = 0; pv < CP_RANKS; pv++) {  /* the lowest pair: first of equals */
                int pr = rank_of(pv);
                if (pr == tr || c[pr] < 2) continue;
                clear(&cand, CP_FULL_HOUSE, 5, tv);
                cand.take[tr] = 3;
                cand.take[pr] = 2;
                consider(&best, &cand, lead);
                break;
            }
        }
    }
    if (lead || tk == CP_STRAIGHT) {
        for (int lo = 0; lo < CP_RANKS; lo++) {
            for (int hi = lo; hi < CP_RANKS && c[hi]; hi++) {
                int length = hi - lo + 1;
                if (length < 5 || (!lead && (length != t->length || hi <= t->value))) continue;
                clear(&cand, CP_STRAIGHT, length, hi);
                for (int r = lo; r <= hi; r++) cand.take[r] = 1;
                consider(&best, &cand, lead);
            }
        }
    }
    if (best.kind != CP_NONE) { *out = best; return; }

    /* a bomb only when nothing else beats the table and the end is near */
    if (!may_pass || left <= 8 || opponents_low <= 4) {
        for (int fv = 0; fv < CP_RANKS; fv++) {  /* the lowest fifth card, then quad */
            int fr = rank_of(fv);
            if (!c[fr] || (tk == CP_BOMB && fv <= t->value)) continue;
            for (int qv = 0; qv < CP_RANKS; qv++) {
                int qr = rank_of(qv);
                if (qr == fr || c[qr] < 4) continue;
                clear(out, CP_BOMB, 5, fv);
                out->take[qr] = 4;
                out->take[fr] = 1;
                return;
            }
        }
    }
    clear(out, CP_NONE, 0, 0);  /* pass (a table is never empty here) */
}

void cp_greedy(const cp_world *w, cp_play *out) {
    const int p = w->to_move;
    int opponents_low = 99;
    uint8_t count[CP_RANKS];
    for (int q = 0; q < w->players; q++)
        if (q != p && cp_cards(w->hand[q]) < opponents_low) opponents_low = cp_cards(w->hand[q]);
    cp_counts(w->hand[p], count);
    cp_greedy_hand(count, cp_cards(w->hand[p]), &w->table,
                   !cp_must_play(w->table.kind == CP_NONE, w->passes, w->players),
                   opponents_low, out);
}

uint64_t cp_apply(cp_world *w, const cp_play *move) {
    const int p = w->to_move, n = w->players;
    w->to_move = p + 1 == n ? 0 : p + 1; /* no division: a playout makes this every move */
    if (move->kind == CP_NONE) {
        w->passes++;
        if (w->table.kind != CP_NONE && cp_pass_clears(w->passes, n)) {
            clear(&w->table, CP_NONE, 0, 0);
            w->table_cards = 0;
            w->table_player = -1;
            w->passes = 0;
        }
        return 0;
    }
    uint64_t cards = 0;
    for (int r = 0; r < CP_RANKS; r++)
        if (move->take[r])
            cards |= (uint64_t)LOWEST[move->take[r]][(w->hand[p] >> (4 * r)) & 15u] << (4 * r);
    w->hand[p] &= ~cards;
    w->table = *move;
    w->table_cards = cards;
    w->table_player = p;
    w->passes = 0;
    if (!w->hand[p]) w->to_move = -1;
    return cards;
}

int cp_world_ok(const cp_world *w) {
    if (w->players < 2 || w->players > CP_MAX_PLAYERS) return 0;
    if (w->to_move < -1 || w->to_move >= w->players) return 0;
    if (w->table_player < -1 || w->table_player >= w->players) return 0;
    if (w->passes < 0 || w->passes > w->players) return 0;
    for (int p = 0; p < w->players; p++)
        if (w->hand[p] >> (4 * CP_RANKS) || cp_rank_count(w->hand[p], 0) > 1) return 0;
    return 1;
}

int cp_move_ok(const cp_world *w, const cp_play *move) {
    int p = w->to_move;
    if (p < 0) return 0;
    if (move->kind == CP_NONE) return !cp_must_play(w->table.kind == CP_NONE, w->passes, w->players);
    int length = 0;
    for (int r = 0; r < CP_RANKS; r++) {
        if (move->take[r] < 0 || move->take[r] > cp_rank_count(w->hand[p], r)) return 0;
        length += move->take[r];
    }
    cp_play play;
    uint8_t take[CP_RANKS];
    for (int r = 0; r < CP_RANKS; r++) take[r] = (uint8_t)move->take[r];
    if (!cp_classify(take, length, &play)) return 0;
    return play.kind == move->kind && play.length == move->length
        && play.value == move->value && cp_beats(&play, &w->table);
}

int cp_playout(cp_world *w, int max_moves) {
    cp_play move;
    for (int i = 0; i < max_moves; i++) {
        if (w->to_move < 0) return 0;
        cp_greedy(w, &move);
        cp_apply(w, &move);
    }
    return w->to_move < 0 ? 0 : -1;
}

int cp_penalty(int left, int dealt) {
    if (!left) return 0;
    switch (dealt - left) {
    case 0: return 50;
    case 1: return 40;
    case 2: return 30;
    default: return left;
    }
}

double cp_reward(const cp_world *w, const cp_round *r, int player) {
    const int n = w->players;
    int points[CP_MAX_PLAYERS], everyone = 0, winners = 0;
    int64_t high = INT64_MIN, low = INT64_MAX;
    for (int p = 0; p < n; p++) {
        points[p] = cp_penalty(cp_cards(w->hand[p]), r->dealt);
        everyone += points[p];
        int64_t total = r->scores[p] + points[p];
        if (total > high) high = total;
        if (total < low) low = total;
    }
    if (high >= r->target) {
        for (int p = 0; p < n; p++) winners += r->scores[p] + points[p] == low;
        return r->scores[player] + points[player] == low ? 1.0 / winners : 0.0;
    }
    int mine = points[player];
    return 0.5 + ((double)(everyone - mine) / (n - 1) - mine) / 100.0;
}
