/* range.c (speed layer): the largest and smallest logits, which top-p's buckets need, from the chain's own
 * pass over the logits: fast_apply_top_p_known then skips that pass. And fast_candidates_check, the NaN check
 * the twins of the penalties and DRY make first, in one pass with no branch per candidate. */
#include "fast.h"

#include <math.h>

#define RANGE_LANES 4   /* independent running maxima, minima and NaN counts */

bool fast_logit_range(const double *x, size_t n, double *max, double *min)
{
    double hi[RANGE_LANES], lo[RANGE_LANES], bad[RANGE_LANES];
    for (int j = 0; j < RANGE_LANES; j++) {
        hi[j] = -INFINITY;
        lo[j] = INFINITY;
        bad[j] = 0;
    }
    size_t i = 0;
    for (; i + RANGE_LANES <= n; i += RANGE_LANES)
        for (int j = 0; j < RANGE_LANES; j++) {
            double v = x[i + j], finite_or_inf = v == -INFINITY ? INFINITY : v;
            bad[j] += v != v;
            hi[j] = v > hi[j] ? v : hi[j];
            lo[j] = finite_or_inf < lo[j] ? finite_or_inf : lo[j];
        }
    for (; i < n; i++) {
        double v = x[i], finite_or_inf = v == -INFINITY ? INFINITY : v;
        bad[0] += v != v;
        hi[0] = v > hi[0] ? v : hi[0];
        lo[0] = finite_or_inf < lo[0] ? finite_or_inf : lo[0];
    }
    for (int j = 1; j < RANGE_LANES; j++) {
        bad[0] += bad[j];
        hi[0] = hi[j] > hi[0] ? hi[j] : hi[0];
        lo[0] = lo[j] < lo[0] ? lo[j] : lo[0];
    }
    *max = hi[0];
    *min = lo[0];
    return bad[0] == 0;
}

bool fast_range_after(const double *before, const Candidates *c, const int32_t *tokens, size_t n_tokens,
                      double *max, double *min)
{
    for (size_t i = 0; i < n_tokens; i++) {
        int32_t t = tokens[i];
        if (t < 0 || (size_t)t >= c->size)
            continue;
        double was = before[t], now = c->data[t].logit;
        if (now == was)
            continue;
        if (isnan(now) || was == *max || was == *min)
            return false;
        *max = now > *max ? now : *max;
        if (now != -INFINITY)
            *min = now < *min ? now : *min;
    }
    return true;
}

SamplingStatus fast_candidates_check(const Candidates *c)
{
    if (c == NULL || (c->data == NULL && c->size > 0))
        return SAMPLING_ERR_NULL;
    /* logit * 0 is 0 for a finite logit and NaN for a NaN or an infinite one, so the sums stay 0 unless one of
     * those is there; then the plain check tells a NaN from an infinity. Four sums, so that no addition waits
     * on the one before it (kept as four variables: as an array, gcc keeps them in memory). */
    const TokenData *d = c->data;
    double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
    size_t i = 0;
    for (; i + 4 <= c->size; i += 4) {
        s0 += d[i].logit * 0.0;
        s1 += d[i + 1].logit * 0.0;
        s2 += d[i + 2].logit * 0.0;
        s3 += d[i + 3].logit * 0.0;
    }
    for (; i < c->size; i++)
        s0 += d[i].logit * 0.0;
    return s0 + s1 + s2 + s3 == 0.0 ? SAMPLING_OK : candidates_check(c);
}
