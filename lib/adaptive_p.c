/* adaptive_p.c: adaptive-p in float, step by step as llama.cpp computes it. */
#include "adaptive_p.h"

#include <float.h>
#include <math.h>

#define WIDTH 0.3f          /* how far from the adapted target a p may be before its logit falls away */
#define PEAK_LOGIT 5.0f     /* the new logit of a token whose p is the adapted target */
#define SHARPNESS 10.0f

SamplingStatus adaptive_p_init(AdaptivePState *st, double target, double decay)
{
    if (st == NULL)
        return SAMPLING_ERR_NULL;
    float t = as_float(target), d = as_float(decay);
    if (isnan(t) || isnan(d) || t == INFINITY)
        return SAMPLING_ERR_PARAM;
    *st = (AdaptivePState){.target = t, .decay = d < 0.0f ? 0.0f : d > 0.99f ? 0.99f : d};
    adaptive_p_reset(st);
    return SAMPLING_OK;
}

void adaptive_p_reset(AdaptivePState *st)
{
    if (st == NULL)
        return;
    st->weighted_sum = st->target / (1.0f - st->decay);
    st->total_weight = 1.0f / (1.0f - st->decay);
    st->pending = false;
}

/* A logit as the float llama.cpp would hold: the nearest float, and a finite logit past float's range as
 * +-FLT_MAX, so that only a -inf logit is out, as everywhere in this library (logit_saturate). */
static float float_logit(double x)
{
    return isinf(x) ? (float)x : (float)fmax(-FLT_MAX, fmin(FLT_MAX, x));
}

/* llama.cpp's softmax without sorting, in float, on the logits as floats (float_logit): shifted by data[0]'s
 * when the array is flagged sorted, else by the largest; each weight expf(logit - shift), their sum in array
 * order, then each divided by it. When a logit is +inf, the +inf candidates share the mass instead (the limit, as
 * candidates_softmax takes it). False, with p untouched, when every logit is -inf. */
static bool softmax_float(Candidates *c)
{
    float max = -INFINITY;
    for (size_t i = 0; i < c->size; i++)
        max = fmaxf(max, float_logit(c->data[i].logit));
    if (max == -INFINITY)
        return false;
    float shift = c->sorted ? float_logit(c->data[0].logit) : max;
    float sum = 0.0f;
    for (size_t i = 0; i < c->size; i++) {
        float logit = float_logit(c->data[i].logit);
        float w = max == INFINITY ? (float)(logit == INFINITY) : expf(logit - shift);
        c->data[i].p = w;
        sum += w;
    }
    for (size_t i = 0; i < c->size; i++)
        c->data[i].p = (float)c->data[i].p / sum;
    return true;
}

static float clamp01(float x)
{
    return x < 0.0f ? 0.0f : x > 1.0f ? 1.0f : x;
}

SamplingStatus sample_adaptive_p(Candidates *c, AdaptivePState *st, float *original, CoinFn coin,
                                 void *coin_state)
{
    SamplingStatus status = candidates_check(c);
    if (status != SAMPLING_OK)
        return status;
    c->selected = -1;
    if (st == NULL || coin == NULL || (original == NULL && c->size > 0))
        return SAMPLING_ERR_NULL;
    st->pending = false;
    if (c->size == 0)
        return SAMPLING_ERR_EMPTY;
    if (!softmax_float(c))
        return SAMPLING_ERR_NO_FINITE;
    if (st->target < 0.0f)
        return sample_discrete(c, c->size >= 2 ? coin(coin_state) : 0.0);

    const float inv_width = 1.0f / WIDTH;           /* 3.33333325f, rounded in float as llama.cpp rounds it */
    float avg = st->weighted_sum / st->total_weight;
    float adapted = clamp01(2.0f * clamp01(st->target) - avg);
    for (size_t i = 0; i < c->size; i++) {
        float p = (float)c->data[i].p;
        original[i] = p;
        if (c->data[i].logit == -INFINITY)
            continue;
        float d = fabsf((p - adapted) * inv_width);
        c->data[i].logit = PEAK_LOGIT - SHARPNESS * d * d / (1.0f + d);
    }
    softmax_float(c);           /* cannot fail: a logit that was not -inf is now finite, and one was not */
    c->sorted = false;
    status = sample_discrete(c, c->size >= 2 ? coin(coin_state) : 0.0);
    if (status != SAMPLING_OK)
        return status;
    st->pending = true;
    st->pending_id = c->data[c->selected].id;
    st->pending_p = original[c->selected];
    return SAMPLING_OK;
}

void adaptive_p_accept(AdaptivePState *st, int32_t token)
{
    if (st == NULL)
        return;
    if (st->pending && token == st->pending_id) {
        st->weighted_sum = st->pending_p + st->decay * st->weighted_sum;
        st->total_weight = 1.0f + st->decay * st->total_weight;
    }
    st->pending = false;
}
