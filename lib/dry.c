/* dry.c: DRY's plain rule. Every repeat length is measured by comparing tokens directly, position by position,
 * which is O(window^2) at worst; the speed layer (lib/fast/dry_fast.c) gets the same lengths in linear time. */
#include "dry.h"

#include <math.h>
#include <stdlib.h>

size_t dry_window(size_t n_history, int32_t dry_penalty_last_n)
{
    return dry_penalty_last_n <= 0 ? 0 : n_history < (size_t)dry_penalty_last_n ? n_history
                                                                                 : (size_t)dry_penalty_last_n;
}

DryWindow dry_window_of(const int32_t *history, size_t n_history, int32_t dry_penalty_last_n)
{
    size_t w = dry_window(n_history, dry_penalty_last_n);
    return (DryWindow){w > 0 ? history + (n_history - w) : history, w};
}

const char *dry_params_problem(const DryParams *params)
{
    if (params == NULL)
        return "params is NULL";
    if (params->breakers == NULL && params->n_breakers > 0)
        return "breakers is NULL with n_breakers above 0";
    for (size_t b = 0; b < params->n_breakers; b++)
        if (params->breakers[b].n == 0 || params->breakers[b].tokens == NULL)
            return "breakers has a breaker with no tokens (n == 0 or NULL tokens)";
    if (isnan(params->dry_multiplier))
        return "dry_multiplier must not be NaN (this workbench's own refusal: the penalty would be NaN)";
    if (isnan(params->dry_base))
        return "dry_base must not be NaN (this workbench's own refusal: the penalty would be NaN)";
    return NULL;
}

SamplingStatus dry_check(const int32_t *history, size_t n_history, const DryParams *params)
{
    if (params == NULL || (history == NULL && n_history > 0))
        return SAMPLING_ERR_NULL;
    if (params->breakers == NULL && params->n_breakers > 0)
        return SAMPLING_ERR_NULL;
    return dry_params_problem(params) != NULL ? SAMPLING_ERR_PARAM : SAMPLING_OK;
}

size_t dry_repeat_limit(const int32_t *history, size_t n_history, const DryParams *params)
{
    DryWindow win = dry_window_of(history, n_history, params->dry_penalty_last_n);
    for (size_t i = 0; i < win.w; i++) {
        long best_tail = -1;        /* of the breakers with this head, the longest tail that matches */
        for (size_t b = 0; b < params->n_breakers; b++) {
            const DryBreaker *br = &params->breakers[b];
            size_t tail = br->n - 1 < DRY_MAX_TAIL ? br->n - 1 : DRY_MAX_TAIL;
            if (br->tokens[0] != dry_back(&win, i) || tail > i || (long)tail <= best_tail)
                continue;
            size_t t = 0;
            while (t < tail && br->tokens[1 + t] == dry_back(&win, i - 1 - t))
                t++;
            if (t == tail)
                best_tail = (long)tail;
        }
        if (best_tail >= 0)
            return i - (size_t)best_tail;
    }
    return win.w;
}

bool dry_is_breaker_head(const DryParams *params, int32_t token)
{
    for (size_t b = 0; b < params->n_breakers; b++)
        if (params->breakers[b].n == 1 && params->breakers[b].tokens[0] == token)
            return true;
    return false;
}

const char *dry_off_reason(const int32_t *history, size_t n_history, const DryParams *params)
{
    if (params == NULL)
        return NULL;
    /* Signed comparisons: a negative allowed length is below every window and every limit, even 0. */
    long long w = (long long)dry_window(n_history, params->dry_penalty_last_n);
    long long allowed = params->dry_allowed_length;
    return as_float(params->dry_multiplier) == 0.0f ? "dry_multiplier is 0"
         : as_float(params->dry_base) < 1.0f ? "dry_base is below 1"
         : params->dry_penalty_last_n <= 0 ? "dry_penalty_last_n is 0 or less"
         : w <= allowed ? "the window holds no more than dry_allowed_length tokens"
         : (long long)dry_repeat_limit(history, n_history, params) < allowed
             ? "a sequence breaker lies within the last dry_allowed_length tokens" : NULL;
}

bool dry_off(const int32_t *history, size_t n_history, const DryParams *params)
{
    return dry_off_reason(history, n_history, params) != NULL;
}

/* The longest repeat of at least min_length tokens that `token` would extend, or -1 when there is none: for
 * every earlier position k steps back that `token` followed (it stands k - 1 steps back), the number of tokens
 * that match going back from there and from the newest token, at most `limit`. */
static long longest_repeat(const DryWindow *win, int32_t token, size_t limit, size_t min_length)
{
    long longest = -1;
    for (size_t k = 1; k < win->w; k++) {
        if (dry_back(win, k - 1) != token)
            continue;
        size_t n = 0;
        while (k + n < win->w && n < limit && dry_back(win, n) == dry_back(win, k + n))
            n++;
        if (n >= min_length && (long)n > longest)
            longest = (long)n;
    }
    return longest;
}

SamplingStatus dry_repeat_length(const int32_t *history, size_t n_history, const DryParams *params,
                                 int32_t token, int32_t *length)
{
    if (length == NULL)
        return SAMPLING_ERR_NULL;
    SamplingStatus st = dry_check(history, n_history, params);
    if (st != SAMPLING_OK)
        return st;
    DryWindow win = dry_window_of(history, n_history, params->dry_penalty_last_n);
    long longest = longest_repeat(&win, token, dry_repeat_limit(history, n_history, params), 0);
    *length = longest > 0 ? (int32_t)longest : 0;   /* the window holds at most INT32_MAX tokens */
    return SAMPLING_OK;
}

double dry_penalty(const DryParams *params, int32_t length)
{
    if (params == NULL || isnan(params->dry_multiplier) || isnan(params->dry_base) || length < 0)
        return NAN;
    if (as_float(params->dry_base) < 1.0f || params->dry_penalty_last_n <= 0 || length < params->dry_allowed_length)
        return 0.0;
    double exponent = (double)length - params->dry_allowed_length;
    if (params->dry_base > 1.000001) {
        double cap = (double)(int)(88.7228391 / log(params->dry_base));
        if (exponent > cap)
            exponent = cap;
    }
    return params->dry_multiplier * pow(params->dry_base, exponent);
}

SamplingStatus dry_token_penalty(const int32_t *history, size_t n_history, const DryParams *params,
                                 int32_t token, double *penalty)
{
    if (penalty == NULL)
        return SAMPLING_ERR_NULL;
    SamplingStatus st = dry_check(history, n_history, params);
    if (st != SAMPLING_OK)
        return st;
    *penalty = 0.0;
    if (dry_off(history, n_history, params) || dry_is_breaker_head(params, token))
        return SAMPLING_OK;
    DryWindow win = dry_window_of(history, n_history, params->dry_penalty_last_n);
    size_t limit = dry_repeat_limit(history, n_history, params);
    size_t min_length = params->dry_allowed_length > 0 ? (size_t)params->dry_allowed_length : 0;
    long longest = longest_repeat(&win, token, limit, min_length);
    if (longest >= 0)
        *penalty = dry_penalty(params, (int32_t)longest);
    return SAMPLING_OK;
}

SamplingStatus apply_dry(Candidates *c, const int32_t *history, size_t n_history, const DryParams *params)
{
    SamplingStatus st = candidates_check(c);
    if (st == SAMPLING_OK)
        st = dry_check(history, n_history, params);
    if (st != SAMPLING_OK || dry_off(history, n_history, params))
        return st;
    for (size_t i = 0; i < c->size; i++) {
        double penalty = 0.0;
        dry_token_penalty(history, n_history, params, c->data[i].id, &penalty);    /* checked above */
        if (isfinite(c->data[i].logit))
            c->data[i].logit = logit_saturate(c->data[i].logit - penalty);
    }
    c->sorted = false;
    return SAMPLING_OK;
}
