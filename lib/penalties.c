/* penalties.c: repetition, frequency and presence penalties, and logit bias: the plain rules. Each candidate's
 * count is taken from the window directly, so the cost is O(size * window); the speed layer
 * (lib/fast/penalties_fast.c) counts the window once into a hash map and gets the same logits. */
#include "penalties.h"

#include <math.h>
#include <stdlib.h>

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

double penalty_logit(double logit, int32_t count, const PenaltyParams *params)
{
    if (count <= 0 || !isfinite(logit))
        return logit;           /* -inf stays banned; +inf (a forced token) stays forced */
    /* Dividing a negative logit would raise it, so a logit <= 0 is multiplied instead. */
    double x = logit <= 0 ? logit * params->penalty_repeat : logit / params->penalty_repeat;
    return logit_saturate(x - (count * params->penalty_freq + params->penalty_present));
}

const char *penalty_params_problem(const PenaltyParams *params)
{
    if (params == NULL)
        return "params is NULL";
    float repeat = as_float(params->penalty_repeat);
    if (!(repeat > 0) || !isfinite(repeat))
        return "penalty_repeat must be finite and above 0 as the float llama.cpp holds (llama.cpp refuses it)";
    if (!isfinite(1.0f / repeat))       /* it divides positive logits */
        return "penalty_repeat must be at least 1/FLT_MAX (about 2.94e-39), so that 1/penalty_repeat is a finite "
               "float (this workbench's own limit)";
    if (!isfinite(as_float(params->penalty_freq)))
        return "penalty_freq must be finite as the float llama.cpp holds (llama.cpp refuses it)";
    if (!isfinite(as_float(params->penalty_present)))
        return "penalty_present must be finite as the float llama.cpp holds (llama.cpp refuses it)";
    return NULL;
}

SamplingStatus penalties_check(const int32_t *history, size_t n_history, const PenaltyParams *params)
{
    if (params == NULL || (history == NULL && n_history > 0))
        return SAMPLING_ERR_NULL;
    return penalty_params_problem(params) != NULL ? SAMPLING_ERR_PARAM : SAMPLING_OK;
}

bool penalties_off(const PenaltyParams *params, size_t n_history)
{
    return params->penalty_last_n <= 0 || n_history == 0
           || (as_float(params->penalty_repeat) == 1.0f && as_float(params->penalty_freq) == 0.0f
               && as_float(params->penalty_present) == 0.0f);
}

/* What apply_penalties and apply_penalty_naive check first: *st gets the status; true when there is work. */
static bool penalties_start(const Candidates *c, const int32_t *history, size_t n_history,
                            const PenaltyParams *params, SamplingStatus *st)
{
    *st = candidates_check(c);
    if (*st == SAMPLING_OK)
        *st = penalties_check(history, n_history, params);
    return *st == SAMPLING_OK && !penalties_off(params, n_history) && c->size > 0;
}

SamplingStatus apply_penalties(Candidates *c, const int32_t *history, size_t n_history, const PenaltyParams *params)
{
    SamplingStatus st;
    if (!penalties_start(c, history, n_history, params, &st))
        return st;
    for (size_t i = 0; i < c->size; i++) {
        int32_t count = penalty_count(history, n_history, params->penalty_last_n, c->data[i].id);
        c->data[i].logit = penalty_logit(c->data[i].logit, count, params);
    }
    c->sorted = false;
    return SAMPLING_OK;
}

SamplingStatus apply_penalty_naive(Candidates *c, const int32_t *history, size_t n_history,
                                   const PenaltyParams *params)
{
    SamplingStatus st;
    if (!penalties_start(c, history, n_history, params, &st))
        return st;
    for (size_t i = 0; i < c->size; i++) {
        double logit = c->data[i].logit;
        int32_t count = penalty_count(history, n_history, params->penalty_last_n, c->data[i].id);
        if (count > 0 && isfinite(logit))       /* dividing raises a negative logit */
            c->data[i].logit = logit_saturate(logit / params->penalty_repeat
                                              - (count * params->penalty_freq + params->penalty_present));
    }
    c->sorted = false;
    return SAMPLING_OK;
}

double bias_logit(double logit, double bias)
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

SamplingStatus logit_bias_check(const Candidates *c, const LogitBias *biases, size_t n_biases, bool *any)
{
    *any = false;
    SamplingStatus st = candidates_check(c);
    if (st != SAMPLING_OK)
        return st;
    if (biases == NULL && n_biases > 0)
        return SAMPLING_ERR_NULL;
    for (size_t b = 0; b < n_biases; b++) {
        if (isnan(biases[b].bias))
            return SAMPLING_ERR_PARAM;
        *any = *any || biases[b].bias != 0;
    }
    return SAMPLING_OK;
}

SamplingStatus apply_logit_bias(Candidates *c, const LogitBias *biases, size_t n_biases)
{
    bool any;
    SamplingStatus st = logit_bias_check(c, biases, n_biases, &any);
    if (st != SAMPLING_OK)
        return st;

    bool searched = false;      /* some entry's token is not at its own index */
    for (size_t b = 0; b < n_biases; b++) {
        if (at_own_index(c, biases[b].token))
            c->data[biases[b].token].logit = bias_logit(c->data[biases[b].token].logit, biases[b].bias);
        else
            searched = true;
    }
    /* The other entries are matched by id; only the first entry for a token counts (llama.cpp's rule). */
    for (size_t i = 0; searched && i < c->size; i++) {
        for (size_t b = 0; b < n_biases; b++) {
            if (biases[b].token == c->data[i].id && !at_own_index(c, biases[b].token)) {
                c->data[i].logit = bias_logit(c->data[i].logit, biases[b].bias);
                break;
            }
        }
    }
    if (any)
        c->sorted = false;
    return SAMPLING_OK;
}
