/* penalties.c: repetition, frequency and presence penalties, and logit bias.
 *
 * The window is counted once per call into a token map, kept in the caller's scratch buffer (the chain's,
 * so that sampling allocates nothing per token) or in one allocated for the call. An array still in id order (the usual case: penalties
 * come first in llama.cpp's chain) is then penalized by direct index, so the cost is O(W) plus one pass to
 * check the order, not O(N * W). */
#include "penalties.h"

#include "token_map.h"

#include <math.h>
#include <stdlib.h>

typedef enum { RULE_LLAMA, RULE_NAIVE } PenaltyRule;

int32_t penalty_count(const int32_t *history, size_t n_history, int32_t last_n, int32_t token)
{
    if (history == NULL || last_n <= 0)
        return 0;
    size_t w = n_history < (size_t)last_n ? n_history : (size_t)last_n;
    int32_t count = 0;
    for (size_t i = n_history - w; i < n_history; i++)
        count += history[i] == token;
    return count;
}

static void penalize(TokenData *t, int32_t count, const PenaltyParams *params, PenaltyRule rule)
{
    if (!isfinite(t->logit))
        return;                 /* -inf stays banned; +inf (a forced token) stays forced */
    if (rule == RULE_NAIVE) {
        t->logit = logit_saturate(t->logit / params->penalty_repeat);
        return;
    }
    /* Dividing a negative logit would raise it, so a logit <= 0 is multiplied instead. */
    double logit = t->logit <= 0 ? t->logit * params->penalty_repeat : t->logit / params->penalty_repeat;
    t->logit = logit_saturate(logit - (count * params->penalty_freq + params->penalty_present));
}

size_t penalties_scratch_len(size_t n_history, int32_t penalty_last_n)
{
    if (penalty_last_n <= 0 || n_history == 0)
        return 0;
    return token_map_len(n_history < (size_t)penalty_last_n ? n_history : (size_t)penalty_last_n);
}

/* candidates_check and candidates_in_id_order in one pass over the array: the status candidates_check gives,
 * and in *in_id_order whether candidate i has id i for every i. */
static SamplingStatus check_and_order(const Candidates *c, bool *in_id_order)
{
    *in_id_order = false;
    if (c == NULL || (c->data == NULL && c->size > 0))
        return SAMPLING_ERR_NULL;
    bool nan = false, ordered = true;
    for (size_t i = 0; i < c->size; i++) {
        nan |= isnan(c->data[i].logit) != 0;
        ordered &= c->data[i].id == (int32_t)i;
    }
    *in_id_order = ordered;
    return nan ? SAMPLING_ERR_NAN : SAMPLING_OK;
}

/* built: the caller vouches that the array is in id order with no NaN (apply_penalties_built). */
static SamplingStatus apply_rule(Candidates *c, const int32_t *history, size_t n_history,
                                 const PenaltyParams *params, PenaltyRule rule, int32_t *scratch,
                                 size_t scratch_len, bool built)
{
    bool in_id_order = true;
    SamplingStatus st = built ? (c == NULL || (c->data == NULL && c->size > 0) ? SAMPLING_ERR_NULL : SAMPLING_OK)
                              : check_and_order(c, &in_id_order);
    if (st != SAMPLING_OK)
        return st;
    if (params == NULL || (history == NULL && n_history > 0))
        return SAMPLING_ERR_NULL;
    if (!(params->penalty_repeat > 0) || !isfinite(params->penalty_repeat) || !isfinite(params->penalty_freq)
        || !isfinite(params->penalty_present))
        return SAMPLING_ERR_PARAM;
    bool neutral = params->penalty_repeat == 1.0 && params->penalty_freq == 0.0 && params->penalty_present == 0.0;
    if (params->penalty_last_n <= 0 || neutral || n_history == 0 || c->size == 0)
        return SAMPLING_OK;
    if (scratch == NULL)
        return SAMPLING_ERR_NULL;
    if (scratch_len < penalties_scratch_len(n_history, params->penalty_last_n))
        return SAMPLING_ERR_PARAM;

    size_t w = n_history < (size_t)params->penalty_last_n ? n_history : (size_t)params->penalty_last_n;
    TokenMap counts;
    token_map_init_in(&counts, w, scratch);
    for (size_t i = n_history - w; i < n_history; i++)
        ++*token_map_slot(&counts, history[i]);

    if (in_id_order) {
        /* Penalize by index, one visit per distinct token of the window. */
        for (size_t slot = 0; slot <= counts.mask; slot++) {
            int32_t token = counts.used[slot] ? counts.keys[slot] : -1;
            if (token >= 0 && (size_t)token < c->size)
                penalize(&c->data[token], counts.values[slot], params, rule);
        }
    } else {
        for (size_t i = 0; i < c->size; i++) {
            const int32_t *count = token_map_find(&counts, c->data[i].id);
            if (count != NULL)
                penalize(&c->data[i], *count, params, rule);
        }
    }
    c->sorted = false;
    return SAMPLING_OK;
}

/* apply_rule with a scratch buffer of its own, allocated for this one call. */
static SamplingStatus apply_rule_allocating(Candidates *c, const int32_t *history, size_t n_history,
                                            const PenaltyParams *params, PenaltyRule rule)
{
    size_t len = params != NULL ? penalties_scratch_len(n_history, params->penalty_last_n) : 0;
    int32_t *scratch = len > 0 ? malloc(len * sizeof *scratch) : NULL;
    if (len > 0 && scratch == NULL)
        return SAMPLING_ERR_NOMEM;
    SamplingStatus st = apply_rule(c, history, n_history, params, rule, scratch, len, false);
    free(scratch);
    return st;
}

SamplingStatus apply_penalties(Candidates *c, const int32_t *history, size_t n_history, const PenaltyParams *params)
{
    return apply_rule_allocating(c, history, n_history, params, RULE_LLAMA);
}

SamplingStatus apply_penalties_scratch(Candidates *c, const int32_t *history, size_t n_history,
                                       const PenaltyParams *params, int32_t *scratch, size_t scratch_len)
{
    return apply_rule(c, history, n_history, params, RULE_LLAMA, scratch, scratch_len, false);
}

SamplingStatus apply_penalties_built(Candidates *c, const int32_t *history, size_t n_history,
                                     const PenaltyParams *params, int32_t *scratch, size_t scratch_len)
{
    return apply_rule(c, history, n_history, params, RULE_LLAMA, scratch, scratch_len, true);
}

SamplingStatus apply_penalty_naive(Candidates *c, const int32_t *history, size_t n_history,
                                   const PenaltyParams *params)
{
    return apply_rule_allocating(c, history, n_history, params, RULE_NAIVE);
}

/* logit + bias. Opposite infinities keep the token banned instead of making NaN, and a finite logit with a
 * finite bias stays finite. */
static double biased(double logit, double bias)
{
    double sum = logit + bias;
    if (isnan(sum))
        return -INFINITY;
    return isfinite(logit) && isfinite(bias) ? logit_saturate(sum) : sum;
}

static bool at_own_index(const Candidates *c, int32_t token)
{
    return token >= 0 && (size_t)token < c->size && c->data[token].id == token;
}

SamplingStatus apply_logit_bias(Candidates *c, const LogitBias *biases, size_t n_biases)
{
    SamplingStatus st = candidates_check(c);
    if (st != SAMPLING_OK)
        return st;
    if (biases == NULL && n_biases > 0)
        return SAMPLING_ERR_NULL;
    bool any = false;
    for (size_t b = 0; b < n_biases; b++) {
        if (isnan(biases[b].bias))
            return SAMPLING_ERR_PARAM;
        any = any || biases[b].bias != 0;
    }

    bool searched = false;      /* some entry's token is not at its own index */
    for (size_t b = 0; b < n_biases; b++) {
        if (at_own_index(c, biases[b].token))
            c->data[biases[b].token].logit = biased(c->data[biases[b].token].logit, biases[b].bias);
        else
            searched = true;
    }
    /* The other entries are matched by id; only the first entry for a token counts (llama.cpp's rule). */
    for (size_t i = 0; searched && i < c->size; i++) {
        for (size_t b = 0; b < n_biases; b++) {
            if (biases[b].token == c->data[i].id && !at_own_index(c, biases[b].token)) {
                c->data[i].logit = biased(c->data[i].logit, biases[b].bias);
                break;
            }
        }
    }
    if (any)
        c->sorted = false;
    return SAMPLING_OK;
}
