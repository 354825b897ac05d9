/* filters.c: top-k, top-p, min-p, typical, top-n-sigma, XTC and temperature: the plain rules, as llama.cpp
 * states them (src/llama-sampler.cpp). The comments say where this code differs and why. The speed layer
 * (lib/fast/) has top-k, top-p and the sorting stages for large arrays, equal to these bit for bit. */
#include "filters.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>

/* The checks every filter starts with: the array (candidates_check) and that no parameter is NaN. */
static SamplingStatus check_args(const Candidates *c, double a, double b)
{
    SamplingStatus st = candidates_check(c);
    if (st != SAMPLING_OK)
        return st;
    return isnan(a) || isnan(b) ? SAMPLING_ERR_PARAM : SAMPLING_OK;
}

bool top_p_off(double top_p)
{
    return as_float(top_p) >= 1.0f;
}

bool typical_off(double typical_p)
{
    return as_float(typical_p) >= 1.0f;
}

bool min_p_off(double min_p)
{
    return as_float(min_p) <= 0.0f;
}

bool top_n_sigma_off(double n)
{
    return as_float(n) <= 0.0f;
}

bool xtc_off(double probability, double threshold)
{
    return as_float(probability) <= 0.0f || as_float(threshold) > 0.5f;
}

bool temp_off(double temp)
{
    return as_float(temp) == 1.0f;
}

SamplingStatus apply_top_k(Candidates *c, int32_t k)
{
    SamplingStatus st = candidates_check(c);
    if (st != SAMPLING_OK || k <= 0)
        return st;
    if (!c->sorted)
        candidates_sort(c);
    if ((size_t)k < c->size)
        c->size = (size_t)k;
    return SAMPLING_OK;
}

SamplingStatus apply_top_p(Candidates *c, double top_p, size_t min_keep)
{
    SamplingStatus st = check_args(c, top_p, 0);
    if (st != SAMPLING_OK || top_p_off(top_p) || c->size == 0)
        return st;
    st = candidates_softmax(c, false);          /* p over the current candidates, summed in their order */
    if (st != SAMPLING_OK)
        return st == SAMPLING_ERR_NO_FINITE ? SAMPLING_OK : st;     /* all -inf: nothing to rank */
    if (!c->sorted)
        candidates_sort(c);                     /* then walk from the most likely token */
    return top_p_cut(c, top_p, min_keep);
}

size_t top_p_count(const TokenData *d, size_t n, double top_p, size_t min_keep)
{
    double sum = 0;
    for (size_t i = 0; i < n; i++) {
        sum += d[i].p;
        if (sum >= top_p && i + 1 >= min_keep)
            return i + 1;
    }
    return 0;
}

SamplingStatus top_p_cut(Candidates *c, double top_p, size_t min_keep)
{
    SamplingStatus st = check_args(c, top_p, 0);
    if (st != SAMPLING_OK || top_p_off(top_p))
        return st;
    size_t keep = top_p_count(c->data, c->size, top_p, min_keep);
    if (keep > 0)
        c->size = keep;         /* else the sum never reached top_p (rounding): every token stays */
    return SAMPLING_OK;
}

SamplingStatus apply_min_p(Candidates *c, double min_p, size_t min_keep)
{
    SamplingStatus st = check_args(c, min_p, 0);
    if (st != SAMPLING_OK || min_p_off(min_p) || c->size == 0)
        return st;
    double log_min_p = log(min_p);
    if (!c->sorted) {
        /* One pass without sorting. The maximum starts at -DBL_MAX so that a -inf logit never sets it. */
        double max = -DBL_MAX;
        for (size_t i = 0; i < c->size; i++)
            if (c->data[i].logit > max)
                max = c->data[i].logit;
        double threshold = max + log_min_p;
        size_t kept = 0;
        for (size_t i = 0; i < c->size; i++)
            kept += c->data[i].logit >= threshold;
        if (kept > 0 && kept >= min_keep) {
            size_t out = 0;
            for (size_t i = 0; i < c->size; i++)
                if (c->data[i].logit >= threshold)
                    c->data[out++] = c->data[i];
            c->size = kept;
            return SAMPLING_OK;
        }
        candidates_sort(c);     /* too few passed: fall back to the sorted walk, which honours min_keep */
    }
    double threshold = c->data[0].logit + log_min_p;
    size_t keep = 1;
    while (keep < c->size && (c->data[keep].logit >= threshold || keep < min_keep))
        keep++;
    c->size = keep;
    return SAMPLING_OK;
}

SamplingStatus apply_typical(Candidates *c, double typical_p, size_t min_keep)
{
    SamplingStatus st = check_args(c, typical_p, 0);
    if (st != SAMPLING_OK || typical_off(typical_p) || c->size == 0)
        return st;
    st = candidates_softmax(c, true);           /* sorted by logit, p summed in that order */
    if (st != SAMPLING_OK)
        return st == SAMPLING_ERR_NO_FINITE ? SAMPLING_OK : st;     /* all -inf: nothing to rank */
    return typical_cut(c, typical_p, min_keep);
}

SamplingStatus typical_cut(Candidates *c, double typical_p, size_t min_keep)
{
    SamplingStatus st = check_args(c, typical_p, 0);
    if (st != SAMPLING_OK || typical_off(typical_p) || c->size == 0)
        return st;
    TokenData *order = malloc(c->size * sizeof *order);
    if (order == NULL)
        return SAMPLING_ERR_NOMEM;
    st = typical_cut_in(c, typical_p, min_keep, order, c->size);
    free(order);
    return st;
}

/* qsort order for typical: by distance (held in .logit), ascending; equal distances keep the earlier position
 * (held in .id) first. */
static int by_distance(const void *a, const void *b)
{
    const TokenData *x = a, *y = b;
    if (x->logit != y->logit)
        return x->logit < y->logit ? -1 : 1;
    return (x->id > y->id) - (x->id < y->id);
}

SamplingStatus typical_cut_in(Candidates *c, double typical_p, size_t min_keep, TokenData *order, size_t order_len)
{
    SamplingStatus st = check_args(c, typical_p, 0);
    if (st != SAMPLING_OK || typical_off(typical_p) || c->size == 0)
        return st;
    if (order == NULL)
        return SAMPLING_ERR_NULL;
    if (order_len < c->size || c->size > INT32_MAX)
        return SAMPLING_ERR_PARAM;
    /* order[i] first holds (distance from the entropy, position) of a candidate, then the kept candidates. */
    double entropy = entropy_nats(c);
    size_t n = c->size;
    for (size_t i = 0; i < n; i++)
        order[i] = (TokenData){.id = (int32_t)i, .logit = fabs(surprise_nats(c->data[i].p) - entropy)};
    qsort(order, n, sizeof *order, by_distance);
    size_t keep = n;
    double sum = 0;
    for (size_t i = 0; i < n; i++) {
        sum += c->data[order[i].id].p;
        if (sum > typical_p && i + 1 >= min_keep) {     /* strictly above, unlike top-p */
            keep = i + 1;
            break;
        }
    }
    for (size_t i = 0; i < keep; i++)
        order[i] = c->data[order[i].id];        /* reads position i's own entry before overwriting it */
    for (size_t i = 0; i < keep; i++)
        c->data[i] = order[i];
    c->size = keep;
    c->sorted = false;
    return SAMPLING_OK;
}

/* The mean and population deviation of the logits that are not -inf, each first divided by `scale` (the
 * caller's guard against overflow); returns how many there are. */
static size_t logit_spread(const Candidates *c, double scale, double *mean, double *sigma)
{
    double sum = 0, squares = 0;
    size_t count = 0;
    for (size_t i = 0; i < c->size; i++) {
        if (c->data[i].logit != -INFINITY) {
            sum += c->data[i].logit / scale;
            count++;
        }
    }
    *mean = count > 0 ? sum / (double)count : 0;
    for (size_t i = 0; i < c->size; i++) {
        double d = c->data[i].logit / scale - *mean;
        if (c->data[i].logit != -INFINITY)
            squares += d * d;
    }
    *sigma = count > 0 ? sqrt(squares / (double)count) : 0;     /* population deviation: divide by count */
    return count;
}

SamplingStatus apply_top_n_sigma(Candidates *c, double n)
{
    SamplingStatus st = check_args(c, n, 0);
    if (st != SAMPLING_OK || top_n_sigma_off(n) || c->size <= 1)
        return st;
    double max = -INFINITY, largest = 0;        /* the largest logit, and the largest finite magnitude */
    for (size_t i = 0; i < c->size; i++) {
        double logit = c->data[i].logit;
        max = logit > max ? logit : max;
        if (isfinite(logit) && fabs(logit) > largest)
            largest = fabs(logit);
    }
    double mean, sigma;
    if (logit_spread(c, 1.0, &mean, &sigma) == 0)
        return SAMPLING_OK;
    if (isinf(mean) || isinf(sigma)) {
        /* Logits near DBL_MAX overflow the sums: the same statistics in units of the largest magnitude. */
        logit_spread(c, largest, &mean, &sigma);
        sigma *= largest;
    }
    double threshold = max - n * sigma;
    for (size_t i = 0; i < c->size; i++)
        if (c->data[i].logit < threshold)
            c->data[i].logit = -INFINITY;
    return SAMPLING_OK;
}

bool xtc_draws_coin(const Candidates *c, double probability, double threshold)
{
    return c != NULL && !xtc_off(probability, threshold) && c->size >= 2;
}

SamplingStatus apply_xtc(Candidates *c, double probability, double threshold, size_t min_keep, double coin)
{
    SamplingStatus st = check_args(c, probability, threshold);
    if (st != SAMPLING_OK)
        return st;
    if (!(coin >= 0 && coin <= 1))
        return SAMPLING_ERR_PARAM;
    if (!xtc_draws_coin(c, probability, threshold) || coin > probability)
        return SAMPLING_OK;
    st = candidates_softmax(c, true);           /* sorted by logit, p summed in that order */
    if (st != SAMPLING_OK)
        return st == SAMPLING_ERR_NO_FINITE ? SAMPLING_OK : st;     /* all -inf: nothing to rank */
    return xtc_cut(c, threshold, min_keep);
}

SamplingStatus xtc_cut(Candidates *c, double threshold, size_t min_keep)
{
    SamplingStatus st = check_args(c, threshold, 0);
    if (st != SAMPLING_OK || as_float(threshold) > 0.5f || c->size < 2 || c->data[0].p < threshold)
        return st;
    /* The last of the leading tokens with p >= threshold. A token with p = 0 (a -inf logit) never counts as
     * reaching it: with a threshold <= 0, llama.cpp's rule would otherwise keep only such a token. */
    size_t last = 0;
    while (last + 1 < c->size && c->data[last + 1].p >= threshold && c->data[last + 1].p > 0)
        last++;
    if (last > 0 && c->size - last >= min_keep) {
        c->data += last;
        c->size -= last;
    }
    return SAMPLING_OK;
}

SamplingStatus apply_temp(Candidates *c, double temp)
{
    SamplingStatus st = check_args(c, temp, 0);
    if (st != SAMPLING_OK || c->size == 0 || temp_off(temp))
        return st;
    size_t best = 0;                /* the first largest logit */
    for (size_t i = 1; i < c->size; i++)
        if (c->data[i].logit > c->data[best].logit)
            best = i;
    if (as_float(temp) <= 0.0f) {   /* only the first largest survives; ties after it do not */
        for (size_t i = 0; i < c->size; i++)
            if (i != best)
                c->data[i].logit = -INFINITY;
        return SAMPLING_OK;
    }
    /* A temperature so small that a logit / temp overflows would turn real gaps into ties at DBL_MAX; then
     * the logits are divided after subtracting the largest, which leaves the probabilities as they should
     * be (softmax ignores a common shift) with the largest at 0 and the rest far below. */
    double max = c->data[best].logit;
    bool shift = false;
    for (size_t i = 0; i < c->size && isfinite(max); i++)
        shift = shift || (isfinite(c->data[i].logit) && isinf(c->data[i].logit / temp));
    for (size_t i = 0; i < c->size; i++) {
        /* Infinite logits keep their value (inf / inf would be NaN); an infinite temperature flattens every
         * finite logit to 0, and a finite one that still overflows saturates. */
        double logit = c->data[i].logit;
        if (isfinite(logit))
            c->data[i].logit = isinf(temp) ? 0.0 : logit_saturate((shift ? logit - max : logit) / temp);
    }
    return SAMPLING_OK;
}

SamplingStatus apply_temp_ext(Candidates *c, double temp, double delta, double exponent)
{
    SamplingStatus st = check_args(c, temp, delta);
    if (st != SAMPLING_OK)
        return st;
    if (as_float(delta) <= 0.0f)
        return apply_temp(c, temp);
    if (!isfinite(temp) || !isfinite(delta) || !isfinite(exponent))
        return SAMPLING_ERR_PARAM;
    if (c->size <= 1)
        return SAMPLING_OK;
    st = candidates_softmax(c, true);           /* sorted by logit, p summed in that order */
    if (st != SAMPLING_OK)
        return st == SAMPLING_ERR_NO_FINITE ? SAMPLING_OK : st;     /* all -inf: nothing to rank */
    double max_entropy = log((double)c->size);     /* counts tokens already at -inf, as llama.cpp does */
    double entropy = entropy_nats(c);
    double lo = fmax(0.0, temp - delta), hi = temp + delta;
    double dyn_temp = lo + (hi - lo) * pow(entropy / max_entropy, exponent);
    apply_temp(c, dyn_temp);
    candidates_softmax(c, true);
    return SAMPLING_OK;
}
