/* sample.c: dist, greedy and the two mirostats. */
#include "sample.h"

#include "filters.h"

#include <assert.h>
#include <math.h>

/* What a pick by coin checks first, in this order: the candidates (candidates_check), then, with selected
 * cleared to -1, the coin in [0, 1) (SAMPLING_ERR_PARAM) and a non-empty array (SAMPLING_ERR_EMPTY). */
static SamplingStatus start_pick(Candidates *c, double coin)
{
    SamplingStatus st = candidates_check(c);
    if (st != SAMPLING_OK)
        return st;
    c->selected = -1;
    if (!(coin >= 0 && coin < 1))
        return SAMPLING_ERR_PARAM;
    return c->size == 0 ? SAMPLING_ERR_EMPTY : SAMPLING_OK;
}

SamplingStatus sample_dist(Candidates *c, double coin)
{
    SamplingStatus st = start_pick(c, coin);
    if (st != SAMPLING_OK)
        return st;

    double max = c->data[0].logit;
    for (size_t i = 1; i < c->size; i++)
        if (c->data[i].logit > max)
            max = c->data[i].logit;
    if (max == -INFINITY)
        return SAMPLING_ERR_NO_FINITE;
    if (c->size == 1) {
        c->selected = 0;
        c->data[0].p = 1.0;
        return SAMPLING_OK;
    }
    /* Weights and their total in one pass, then the walk; +inf logits share the mass as in softmax. */
    double total = 0;
    for (size_t i = 0; i < c->size; i++) {
        double logit = c->data[i].logit;
        c->data[i].p = max == INFINITY ? (logit == INFINITY) : exp(logit - max);
        total += c->data[i].p;
    }
    double target = coin * total, running = 0;
    for (size_t i = 0; i < c->size && c->selected < 0; i++) {
        running += c->data[i].p;
        if (c->data[i].p > 0 && running >= target)
            c->selected = (ptrdiff_t)i;
    }
    /* At the last positive weight the running sum equals total, and coin < 1 puts target below total. */
    assert(c->selected >= 0);
    for (size_t i = 0; i < c->size; i++)
        c->data[i].p /= total;
    return SAMPLING_OK;
}

SamplingStatus sample_discrete(Candidates *c, double coin)
{
    SamplingStatus st = start_pick(c, coin);
    if (st != SAMPLING_OK)
        return st;
    double total = 0;
    for (size_t i = 0; i < c->size; i++) {
        double p = c->data[i].p;
        if (!(p >= 0 && p < INFINITY))
            return SAMPLING_ERR_PARAM;
        total += p;
    }
    if (!(total > 0 && total < INFINITY))
        return SAMPLING_ERR_PARAM;
    /* Normalize each weight, then add up: the order of operations of libstdc++'s partial sums. The last
     * running sum counts as exactly 1, so a coin below 1 always finds an index. */
    double running = 0;
    for (size_t i = 0; i + 1 < c->size; i++) {
        running += c->data[i].p / total;
        if (running >= coin) {
            c->selected = (ptrdiff_t)i;
            return SAMPLING_OK;
        }
    }
    c->selected = (ptrdiff_t)c->size - 1;
    return SAMPLING_OK;
}

double coin_fixed(void *state)
{
    return state != NULL ? *(const double *)state : 0.0;
}

SamplingStatus sample_greedy(Candidates *c)
{
    SamplingStatus st = candidates_check(c);
    if (st != SAMPLING_OK)
        return st;
    c->selected = -1;
    if (c->size == 0)
        return SAMPLING_ERR_EMPTY;
    size_t best = 0;
    for (size_t i = 1; i < c->size; i++)
        if (c->data[i].logit > c->data[best].logit)
            best = i;
    if (c->data[best].logit == -INFINITY)
        return SAMPLING_ERR_NO_FINITE;
    c->selected = (ptrdiff_t)best;
    return SAMPLING_OK;
}

SamplingStatus mirostat_init(MirostatState *st, double tau, double eta)
{
    if (st == NULL)
        return SAMPLING_ERR_NULL;
    if (!isfinite(tau) || !isfinite(eta))
        return SAMPLING_ERR_PARAM;
    *st = (MirostatState){.tau = tau, .eta = eta, .mu = 2 * tau};
    return SAMPLING_OK;
}

void mirostat_update_mu(MirostatState *st, double surprise)
{
    if (st == NULL)
        return;
    double mu = st->mu - st->eta * (surprise - st->tau);
    if (!isnan(mu))
        st->mu = mu;
}

SamplingStatus mirostat_v2_cut(Candidates *c, double mu)
{
    SamplingStatus st = candidates_check(c);
    if (st != SAMPLING_OK)
        return st;
    if (isnan(mu))
        return SAMPLING_ERR_PARAM;
    size_t keep = 0;
    while (keep < c->size && surprise_bits(c->data[keep].p) <= mu)
        keep++;
    if (c->size > 0)
        c->size = keep > 0 ? keep : 1;
    return SAMPLING_OK;
}

/* The shared end of both mirostats: p over the kept tokens, one coin only when there is a choice, the pick,
 * and the surprise fed back. */
static SamplingStatus draw_and_update(Candidates *c, MirostatState *st, CoinFn coin, void *coin_state)
{
    SamplingStatus status = candidates_softmax(c, true);
    if (status != SAMPLING_OK)
        return status;
    status = sample_discrete(c, c->size >= 2 ? coin(coin_state) : 0.0);
    if (status == SAMPLING_OK)
        mirostat_update_mu(st, surprise_bits(c->data[c->selected].p));
    return status;
}

/* Checks shared by both mirostats; on success p is filled and the array sorted. */
static SamplingStatus prepare(Candidates *c, const MirostatState *st, CoinFn coin)
{
    SamplingStatus status = candidates_check(c);
    if (status != SAMPLING_OK)
        return status;
    c->selected = -1;
    if (st == NULL || coin == NULL)
        return SAMPLING_ERR_NULL;
    if (isnan(st->mu))
        return SAMPLING_ERR_PARAM;
    if (c->size == 0)
        return SAMPLING_ERR_EMPTY;
    return candidates_softmax(c, true);
}

SamplingStatus sample_mirostat_v2(Candidates *c, MirostatState *st, CoinFn coin, void *coin_state)
{
    SamplingStatus status = prepare(c, st, coin);
    if (status != SAMPLING_OK)
        return status;
    mirostat_v2_cut(c, st->mu);                 /* cannot fail: prepare checked the array and mu */
    return draw_and_update(c, st, coin, coin_state);
}

SamplingStatus sample_mirostat(Candidates *c, MirostatState *st, int32_t m, int32_t n_vocab, CoinFn coin,
                               void *coin_state)
{
    if (m < 1 || n_vocab < 1)
        return c == NULL || (c->data == NULL && c->size > 0) ? SAMPLING_ERR_NULL : SAMPLING_ERR_PARAM;
    SamplingStatus status = prepare(c, st, coin);
    if (status != SAMPLING_OK)
        return status;
    /* Least-squares fit of ln(p_i / p_{i+1}) against ln((i + 2) / (i + 1)) over the top m tokens: the slope
     * s_hat is the exponent of a Zipf law p_i ~ i^-s. */
    size_t top = (size_t)m < c->size ? (size_t)m : c->size;
    double sum_tb = 0, sum_tt = 0;
    for (size_t i = 0; i + 1 < top; i++) {
        if (c->data[i + 1].p <= 0)
            continue;
        double t = log((double)(i + 2) / (double)(i + 1));
        double b = log(c->data[i].p / c->data[i + 1].p);
        sum_tb += t * b;
        sum_tt += t * t;
    }
    double s_hat = sum_tb / sum_tt;
    double epsilon = s_hat - 1;
    double k = pow(epsilon * pow(2, st->mu) / (1 - pow((double)n_vocab, -epsilon)), 1 / s_hat);
    size_t keep = c->size;
    if (isfinite(k) && k < (double)c->size)
        keep = k >= 1 ? (size_t)k : 1;
    apply_top_k(c, (int32_t)(keep < INT32_MAX ? keep : INT32_MAX));
    return draw_and_update(c, st, coin, coin_state);
}
