/* dry.c: DRY in time linear in the window.
 *
 * Reading the window backwards from the newest token gives a sequence r (r[0] = newest). An earlier position
 * k steps back starts a repeat of length z[k] when r[k..] and r[0..] share their first z[k] tokens: that is
 * the Z-function of r, computed in O(W) by reusing the rightmost match found so far (the "Z-box"). The token
 * that followed the earlier run, r[k - 1], would extend the repeat. */
#include "dry.h"

#include "token_map.h"

#include <math.h>
#include <stdlib.h>

/* The window, newest first: r(i) is the token i steps before the newest. */
typedef struct {
    const int32_t *tokens;  /* (w,) oldest first */
    size_t w;
} Window;

static int32_t r_at(const Window *win, size_t i)
{
    return win->tokens[win->w - 1 - i];
}

static SamplingStatus check_breakers(const DryParams *params)
{
    if (params->breakers == NULL && params->n_breakers > 0)
        return SAMPLING_ERR_NULL;
    for (size_t b = 0; b < params->n_breakers; b++)
        if (params->breakers[b].n == 0 || params->breakers[b].tokens == NULL)
            return SAMPLING_ERR_PARAM;
    return SAMPLING_OK;
}

static Window window_of(const int32_t *history, size_t n_history, int32_t last_n)
{
    size_t w = last_n <= 0 ? 0 : (n_history < (size_t)last_n ? n_history : (size_t)last_n);
    return (Window){w > 0 ? history + (n_history - w) : history, w};     /* NULL + 0 is undefined in C */
}

/* How far back a repeat may reach: the distance to the newest breaker, minus its tail (the tokens of the
 * breaker itself), or the whole window when no breaker occurs. Of several breakers with the same head, the
 * longest tail that matches wins. */
static size_t breaker_limit(const Window *win, const DryParams *params)
{
    for (size_t i = 0; i < win->w; i++) {
        long best_tail = -1;
        for (size_t b = 0; b < params->n_breakers; b++) {
            const DryBreaker *br = &params->breakers[b];
            size_t tail = br->n - 1 < DRY_MAX_TAIL ? br->n - 1 : DRY_MAX_TAIL;
            if (br->tokens[0] != r_at(win, i) || tail > i || (long)tail <= best_tail)
                continue;
            size_t t = 0;
            while (t < tail && br->tokens[1 + t] == r_at(win, i - 1 - t))
                t++;
            if (t == tail)
                best_tail = (long)tail;
        }
        if (best_tail >= 0)
            return i - (size_t)best_tail;
    }
    return win->w;
}

/* z (w,): z[k] = the length of the longest common prefix of r and r[k..], for k >= 1 (z[0] is not set). The
 * window holds at most dry_penalty_last_n <= INT32_MAX tokens, so every length fits an int32_t. */
static void z_function(const Window *win, int32_t *z)
{
    size_t box_l = 0, box_r = 0;    /* r[box_l..box_r) matches r[0..box_r - box_l), the rightmost such box */
    for (size_t k = 1; k < win->w; k++) {
        size_t n = 0;
        if (k < box_r)
            n = (size_t)z[k - box_l] < box_r - k ? (size_t)z[k - box_l] : box_r - k;
        while (k + n < win->w && r_at(win, n) == r_at(win, k + n))
            n++;
        z[k] = (int32_t)n;
        if (k + n > box_r) {
            box_l = k;
            box_r = k + n;
        }
    }
}

/* Writes the repeat lengths of the window to len (w,): len[k - 1] for k in 1..w-1 is the repeat that token
 * r(k - 1) would extend, capped by the breaker limit. */
static void repeat_lengths(const Window *win, const DryParams *params, int32_t *len)
{
    z_function(win, len);
    size_t limit = breaker_limit(win, params);
    for (size_t k = 1; k < win->w; k++)
        len[k - 1] = (size_t)len[k] < limit ? len[k] : (int32_t)limit;
}

SamplingStatus dry_repeat_length(const int32_t *history, size_t n_history, const DryParams *params,
                                 int32_t token, int32_t *length)
{
    if (length == NULL || params == NULL || (history == NULL && n_history > 0))
        return SAMPLING_ERR_NULL;
    SamplingStatus st = check_breakers(params);
    if (st != SAMPLING_OK)
        return st;
    *length = 0;
    Window win = window_of(history, n_history, params->dry_penalty_last_n);
    int32_t *len = malloc((win.w > 0 ? win.w : 1) * sizeof *len);
    if (len == NULL)
        return SAMPLING_ERR_NOMEM;
    repeat_lengths(&win, params, len);
    for (size_t k = 1; k < win.w; k++)
        if (r_at(&win, k - 1) == token && len[k - 1] > *length)
            *length = len[k - 1];
    free(len);
    return SAMPLING_OK;
}

double dry_penalty(const DryParams *params, int32_t length)
{
    if (params == NULL || isnan(params->dry_multiplier) || isnan(params->dry_base) || length < 0)
        return NAN;
    if (length < params->dry_allowed_length)
        return 0.0;
    double exponent = (double)length - params->dry_allowed_length;
    if (params->dry_base > 1.000001) {
        double cap = (double)(int)(88.7228391 / log(params->dry_base));
        if (exponent > cap)
            exponent = cap;
    }
    return params->dry_multiplier * pow(params->dry_base, exponent);
}

static bool is_single_token_breaker(const DryParams *params, int32_t token)
{
    for (size_t b = 0; b < params->n_breakers; b++)
        if (params->breakers[b].n == 1 && params->breakers[b].tokens[0] == token)
            return true;
    return false;
}

static void penalize(TokenData *t, size_t length, const DryParams *params)
{
    if (!is_single_token_breaker(params, t->id) && isfinite(t->logit))
        t->logit = logit_saturate(t->logit - dry_penalty(params, (int32_t)length));
}

size_t dry_scratch_len(size_t n_history, int32_t dry_penalty_last_n)
{
    if (dry_penalty_last_n <= 0 || n_history == 0)
        return 0;
    size_t w = n_history < (size_t)dry_penalty_last_n ? n_history : (size_t)dry_penalty_last_n;
    return w + token_map_len(w);
}

SamplingStatus apply_dry_scratch(Candidates *c, const int32_t *history, size_t n_history, const DryParams *params,
                                 int32_t *scratch, size_t scratch_len)
{
    SamplingStatus st = candidates_check(c);
    if (st != SAMPLING_OK)
        return st;
    if (params == NULL || (history == NULL && n_history > 0))
        return SAMPLING_ERR_NULL;
    if ((st = check_breakers(params)) != SAMPLING_OK)
        return st;
    if (isnan(params->dry_multiplier) || isnan(params->dry_base) || params->dry_allowed_length < 0)
        return SAMPLING_ERR_PARAM;
    Window win = window_of(history, n_history, params->dry_penalty_last_n);
    if (params->dry_multiplier == 0 || params->dry_base < 1 || win.w <= (size_t)params->dry_allowed_length)
        return SAMPLING_OK;
    if (scratch == NULL)
        return SAMPLING_ERR_NULL;
    if (scratch_len < dry_scratch_len(n_history, params->dry_penalty_last_n))
        return SAMPLING_ERR_PARAM;

    int32_t *len = scratch;                     /* (w,) then the map */
    repeat_lengths(&win, params, len);
    TokenMap longest;                           /* token -> the longest repeat it would extend */
    token_map_init_in(&longest, win.w, scratch + win.w);
    for (size_t k = 1; k < win.w; k++) {
        if (len[k - 1] < params->dry_allowed_length)
            continue;
        int32_t *best = token_map_slot(&longest, r_at(&win, k - 1));
        if (len[k - 1] + 1 > *best)
            *best = len[k - 1] + 1;             /* stored + 1, so that 0 still means "no repeat" */
    }
    if (candidates_in_id_order(c)) {
        for (size_t slot = 0; slot <= longest.mask; slot++) {
            int32_t token = longest.used[slot] ? longest.keys[slot] : -1;
            if (token >= 0 && (size_t)token < c->size)
                penalize(&c->data[token], (size_t)longest.values[slot] - 1, params);
        }
    } else {
        for (size_t i = 0; i < c->size; i++) {
            const int32_t *best = token_map_find(&longest, c->data[i].id);
            if (best != NULL)
                penalize(&c->data[i], (size_t)*best - 1, params);
        }
    }
    c->sorted = false;
    return SAMPLING_OK;
}

SamplingStatus apply_dry(Candidates *c, const int32_t *history, size_t n_history, const DryParams *params)
{
    size_t len = params != NULL ? dry_scratch_len(n_history, params->dry_penalty_last_n) : 0;
    int32_t *scratch = len > 0 ? malloc(len * sizeof *scratch) : NULL;
    if (len > 0 && scratch == NULL)
        return SAMPLING_ERR_NOMEM;
    SamplingStatus st = apply_dry_scratch(c, history, n_history, params, scratch, len);
    free(scratch);
    return st;
}
