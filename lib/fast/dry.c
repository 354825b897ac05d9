/* dry.c (speed layer): DRY in time linear in the window, equal to apply_dry.
 *
 * Reading the window backwards from the newest token gives a sequence r (r[0] = newest). An earlier position
 * k steps back starts a repeat of length z[k] when r[k..] and r[0..] share their first z[k] tokens: that is
 * the Z-function of r, computed in O(W) by reusing the rightmost match found so far (the "Z-box"), as
 * llama.cpp does. The token that followed the earlier run, r[k - 1], would extend the repeat. The plain rule
 * (lib/dry.c) compares the same tokens one by one; the lengths, and so the penalties, are the same. */
#include "fast.h"
#include "token_map.h"

#include <math.h>

/* z (w,): z[k] = the length of the longest common prefix of r and r[k..], for k >= 1 (z[0] is not set). The
 * window holds at most dry_penalty_last_n <= INT32_MAX tokens, so every length fits an int32_t. */
static void z_function(const DryWindow *win, int32_t *z)
{
    size_t box_l = 0, box_r = 0;    /* r[box_l..box_r) matches r[0..box_r - box_l), the rightmost such box */
    for (size_t k = 1; k < win->w; k++) {
        size_t n = 0;
        if (k < box_r)
            n = (size_t)z[k - box_l] < box_r - k ? (size_t)z[k - box_l] : box_r - k;
        while (k + n < win->w && dry_back(win, n) == dry_back(win, k + n))
            n++;
        z[k] = (int32_t)n;
        if (k + n > box_r) {
            box_l = k;
            box_r = k + n;
        }
    }
}

size_t fast_dry_scratch_len(size_t n_history, int32_t dry_penalty_last_n)
{
    size_t w = dry_window(n_history, dry_penalty_last_n);
    return w == 0 ? 0 : w + token_map_len(w);
}

/* A penalized candidate: dry_penalty of its longest repeat, unless it is a single-token breaker. */
static void penalize(TokenData *t, int32_t length, const DryParams *params)
{
    if (!dry_is_breaker_head(params, t->id) && isfinite(t->logit))
        t->logit = logit_saturate(t->logit - dry_penalty(params, length));
}

SamplingStatus fast_apply_dry(Candidates *c, const int32_t *history, size_t n_history, const DryParams *params,
                              int32_t *scratch, size_t scratch_len)
{
    SamplingStatus st = candidates_check(c);
    if (st == SAMPLING_OK)
        st = dry_check(history, n_history, params);
    if (st != SAMPLING_OK || dry_off(history, n_history, params))
        return st;
    if (dry_window(n_history, params->dry_penalty_last_n) == 0) {
        c->sorted = false;      /* on (a negative allowed length) with nothing to penalize, as apply_dry */
        return SAMPLING_OK;
    }
    if (scratch == NULL)
        return SAMPLING_ERR_NULL;
    if (scratch_len < fast_dry_scratch_len(n_history, params->dry_penalty_last_n))
        return SAMPLING_ERR_PARAM;

    DryWindow win = dry_window_of(history, n_history, params->dry_penalty_last_n);
    size_t w = win.w;
    int32_t *len = scratch;                     /* (w,) the Z-function, then the map */
    z_function(&win, len);
    size_t limit = dry_repeat_limit(history, n_history, params);
    TokenMap longest;                           /* token -> its longest repeat + 1, so 0 means none */
    token_map_init_in(&longest, w, scratch + w);
    for (size_t k = 1; k < w; k++) {
        int32_t n = (size_t)len[k] < limit ? len[k] : (int32_t)limit;
        if (n < params->dry_allowed_length)
            continue;
        int32_t *best = token_map_slot(&longest, dry_back(&win, k - 1));
        if (n + 1 > *best)
            *best = n + 1;
    }
    if (candidates_in_id_order(c)) {
        for (size_t slot = 0; slot <= longest.mask; slot++) {
            int32_t token = longest.used[slot] ? longest.keys[slot] : -1;
            if (token >= 0 && (size_t)token < c->size)
                penalize(&c->data[token], longest.values[slot] - 1, params);
        }
    } else {
        for (size_t i = 0; i < c->size; i++) {
            const int32_t *best = token_map_find(&longest, c->data[i].id);
            if (best != NULL)
                penalize(&c->data[i], *best - 1, params);
        }
    }
    c->sorted = false;
    return SAMPLING_OK;
}
