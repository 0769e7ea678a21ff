/* The batch driver of the vector environments; see vec_driver.h. */
#include "vec_driver.h"

#include <string.h>

uint64_t vd_opponent_seed(const vd_game *game, uint64_t seed) {
    return ds_mix(seed ^ game->salt) >> 11;
}

void vd_start(const vd_batch *b, int64_t i, uint64_t seed) {
    vd_head *h = vd_at(b, i);
    h->seed = seed;
    ds_start(&h->opponent, vd_opponent_seed(b->game, seed));
    h->to_move = -1;
    h->last_mover = -1;
    h->done = 0;
}

void vd_deal(const vd_batch *b, int64_t i, uint64_t seed) {
    vd_start(b, i, seed);
    b->game->deal(b->rules, vd_at(b, i), seed);
}

int vd_play(const vd_batch *b, int64_t i, int64_t action) {
    vd_head *h = vd_at(b, i);
    if (h->to_move < 0) return 0;
    if (b->game->apply(b->rules, h, action)) {
        h->to_move = -1;
        h->done = 1;
        return VD_FAULT;
    }
    return 0;
}

int64_t vd_opponent_move(const vd_batch *b, int64_t i, int kind) {
    vd_head *h = vd_at(b, i);
    if (h->to_move < 0) return -1;
    if (kind == VD_RANDOM) return b->game->random_move(b->rules, h);
    if (kind == VD_GREEDY && b->game->greedy_move) return b->game->greedy_move(b->rules, h);
    return -1;
}

int vd_play_opponent(const vd_batch *b, int64_t i) {
    const vd_head *h = vd_at(b, i);
    if (b->opponent != VD_RANDOM && b->opponent != VD_GREEDY) return 0;
    while (h->to_move >= 0 && h->to_move != b->seat && !b->game->over(b->rules, h))
        if (vd_play(b, i, vd_opponent_move(b, i, b->opponent))) return VD_FAULT;
    return 0;
}

int vd_seat(const vd_batch *b, int64_t i) {
    const vd_head *h = vd_at(b, i);
    if (b->opponent != VD_SELF_PLAY) return b->seat;
    if (b->game->over(b->rules, h) || h->to_move < 0) return h->last_mover >= 0 ? h->last_mover : 0;
    return h->to_move;
}

int64_t vd_reset(const vd_batch *b, const uint64_t *seeds, const uint8_t *which) {
    int64_t first_fault = -1;
    for (int64_t i = 0; i < b->n; i++) {
        if (which && !which[i]) continue;
        vd_deal(b, i, seeds[i]);
        if (vd_play_opponent(b, i) && first_fault < 0) first_fault = i;
    }
    return first_fault;
}

int64_t vd_act(const vd_batch *b, const int64_t *actions, uint64_t seed_step) {
    int64_t first_fault = -1;
    for (int64_t i = 0; i < b->n; i++) {
        const vd_head *h = vd_at(b, i);
        int fault = 0;
        if (h->done) vd_deal(b, i, (h->seed + seed_step) & (DS_SEED_LIMIT - 1));
        else fault = vd_play(b, i, actions[i]);
        if (!fault) fault = vd_play_opponent(b, i);
        if (fault && first_fault < 0) first_fault = i;
    }
    return first_fault;
}

void vd_finish(const vd_batch *b, float *obs, uint8_t *mask, double *reward,
               double *seat_rewards, uint8_t *terminated, int8_t *player) {
    const int players = b->players;
    for (int64_t i = 0; i < b->n; i++) {
        vd_head *h = vd_at(b, i);
        const int seat = vd_seat(b, i);
        double *sr = seat_rewards + i * players;
        for (int p = 0; p < players; p++) sr[p] = 0.0;
        terminated[i] = 0;
        reward[i] = 0.0;
        if (!h->done && b->game->over(b->rules, h)) {
            b->game->score(b->rules, h, sr);
            reward[i] = sr[seat];
            terminated[i] = 1;
            h->done = 1;
        }
        player[i] = (int8_t)seat;
        b->game->observe(b->rules, h, seat, obs + i * b->obs_size);
        if (h->done) memset(mask + i * b->actions, 1, (size_t)b->actions);
        else b->game->legal(b->rules, h, mask + i * b->actions);
    }
}
