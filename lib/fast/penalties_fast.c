/* penalties_fast.c (speed layer): the penalties in O(window), equal to apply_penalties, and logit-bias on a few
 * tokens as it acts on the whole array in id order. The window is counted once into a token map in the
 * caller's scratch; an array in id order (as built: penalties come first in llama.cpp's chain) is then
 * penalized by index, one visit per distinct token of the window, any other order by one lookup per
 * candidate. Each logit comes from penalty_logit, the plain rule. */
#include "fast.h"
#include "token_map.h"

#include <math.h>

size_t fast_penalties_scratch_len(size_t n_history, int32_t penalty_last_n)
{
    if (penalty_last_n <= 0 || n_history == 0)
        return 0;
    return token_map_len(n_history < (size_t)penalty_last_n ? n_history : (size_t)penalty_last_n);
}

/* candidates_check and candidates_in_id_order in one pass over the array. */
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

SamplingStatus fast_apply_penalties(Candidates *c, const int32_t *history, size_t n_history,
                                    const PenaltyParams *params, int32_t *scratch, size_t scratch_len, bool built)
{
    bool in_id_order = true;
    SamplingStatus st = built ? (c == NULL || (c->data == NULL && c->size > 0) ? SAMPLING_ERR_NULL : SAMPLING_OK)
                              : check_and_order(c, &in_id_order);
    if (st == SAMPLING_OK)
        st = penalties_check(history, n_history, params);
    if (st != SAMPLING_OK || penalties_off(params, n_history) || c->size == 0)
        return st;
    if (scratch == NULL)
        return SAMPLING_ERR_NULL;
    if (scratch_len < fast_penalties_scratch_len(n_history, params->penalty_last_n))
        return SAMPLING_ERR_PARAM;

    size_t w = n_history < (size_t)params->penalty_last_n ? n_history : (size_t)params->penalty_last_n;
    TokenMap counts;
    token_map_init_in(&counts, w, scratch);
    for (size_t i = n_history - w; i < n_history; i++)
        ++*token_map_slot(&counts, history[i]);
    if (in_id_order) {
        for (size_t slot = 0; slot <= counts.mask; slot++) {
            int32_t token = counts.used[slot] ? counts.keys[slot] : -1;
            if (token >= 0 && (size_t)token < c->size)
                c->data[token].logit = penalty_logit(c->data[token].logit, counts.values[slot], params);
        }
    } else {
        for (size_t i = 0; i < c->size; i++) {
            const int32_t *count = token_map_find(&counts, c->data[i].id);
            if (count != NULL)
                c->data[i].logit = penalty_logit(c->data[i].logit, *count, params);
        }
    }
    c->sorted = false;
    return SAMPLING_OK;
}

SamplingStatus fast_apply_logit_bias_by_id(Candidates *c, const LogitBias *biases, size_t n_biases)
{
    bool any;
    SamplingStatus st = logit_bias_check(c, biases, n_biases, &any);
    if (st != SAMPLING_OK)
        return st;
    for (size_t i = 0; i < c->size; i++)
        for (size_t b = 0; b < n_biases; b++)
            if (biases[b].token == c->data[i].id)
                c->data[i].logit = bias_logit(c->data[i].logit, biases[b].bias);
    if (any)
        c->sorted = false;
    return SAMPLING_OK;
}
