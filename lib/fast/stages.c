/* stages.c (speed layer): the stages whose plain rule starts by sorting the whole array (typical, XTC, temp-ext,
 * the mirostats). Each sorts with fast_sort exactly when its rule would sort, then runs the plain rule, which
 * finds the array sorted and goes on as it would have: the same result, sooner. */
#include "fast.h"

#include <math.h>

/* Sorts c with fast_sort unless it is sorted: what the plain rule's candidates_softmax(c, true) would do first.
 * A NaN logit gives SAMPLING_ERR_NAN and changes nothing, as the plain rule reports it. */
static SamplingStatus presort(Candidates *c)
{
    return c->sorted ? candidates_check(c) : fast_sort(c);
}

static bool valid(const Candidates *c)
{
    return c != NULL && (c->data != NULL || c->size == 0);
}

SamplingStatus fast_apply_typical(Candidates *c, double typical_p, size_t min_keep, TokenData *scratch,
                                  size_t scratch_len)
{
    if (!valid(c) || isnan(typical_p) || typical_off(typical_p) || c->size == 0)
        return apply_typical(c, typical_p, min_keep);       /* the errors and the off rule; sorts nothing */
    if (scratch == NULL)
        return SAMPLING_ERR_NULL;
    if (scratch_len < c->size)
        return SAMPLING_ERR_PARAM;
    SamplingStatus st = presort(c);
    if (st == SAMPLING_OK)
        st = candidates_softmax(c, true);
    if (st != SAMPLING_OK)
        return st == SAMPLING_ERR_NO_FINITE ? SAMPLING_OK : st;     /* all -inf: nothing to rank */
    return typical_cut_in(c, typical_p, min_keep, scratch, scratch_len);
}

SamplingStatus fast_apply_xtc(Candidates *c, double probability, double threshold, size_t min_keep, double coin)
{
    bool acts = valid(c) && !isnan(probability) && !isnan(threshold) && coin >= 0 && coin <= 1
                && coin <= probability && xtc_draws_coin(c, probability, threshold);
    SamplingStatus st = acts ? presort(c) : SAMPLING_OK;
    return st != SAMPLING_OK ? st : apply_xtc(c, probability, threshold, min_keep, coin);
}

SamplingStatus fast_apply_temp_ext(Candidates *c, double temp, double delta, double exponent)
{
    bool acts = valid(c) && as_float(delta) > 0.0f && isfinite(temp) && isfinite(delta) && isfinite(exponent)
                && c->size >= 2;
    SamplingStatus st = acts ? presort(c) : SAMPLING_OK;
    return st != SAMPLING_OK ? st : apply_temp_ext(c, temp, delta, exponent);
}

/* Whether a mirostat gets past its first checks (sample.c's prepare) to its sorting softmax. */
static bool mirostat_sorts(const Candidates *c, const MirostatState *st, CoinFn coin)
{
    return valid(c) && st != NULL && coin != NULL && !isnan(st->mu) && c->size > 0;
}

SamplingStatus fast_sample_mirostat(Candidates *c, MirostatState *st, int32_t m, int32_t n_vocab, CoinFn coin,
                                    void *coin_state)
{
    SamplingStatus status = mirostat_sorts(c, st, coin) && m >= 1 && n_vocab >= 1 ? presort(c) : SAMPLING_OK;
    return status != SAMPLING_OK ? status : sample_mirostat(c, st, m, n_vocab, coin, coin_state);
}

SamplingStatus fast_sample_mirostat_v2(Candidates *c, MirostatState *st, CoinFn coin, void *coin_state)
{
    SamplingStatus status = mirostat_sorts(c, st, coin) ? presort(c) : SAMPLING_OK;
    return status != SAMPLING_OK ? status : sample_mirostat_v2(c, st, coin, coin_state);
}
