/* candidates.c: building, checking, normalizing and ordering the candidate array, and measuring it (entropy,
 * surprise). */
#include "candidates.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>

const char *sampling_strerror(SamplingStatus status)
{
    switch (status) {
    case SAMPLING_OK:            return "ok";
    case SAMPLING_ERR_NULL:      return "a NULL pointer where data is needed";
    case SAMPLING_ERR_EMPTY:     return "no candidates";
    case SAMPLING_ERR_NAN:       return "a logit is NaN";
    case SAMPLING_ERR_PARAM:     return "a parameter is NaN or out of range";
    case SAMPLING_ERR_NO_FINITE: return "every logit is -inf";
    case SAMPLING_ERR_NOMEM:     return "out of memory";
    }
    return "unknown status";
}

SamplingStatus candidates_init(Candidates *c, TokenData *buf, const double *logits, size_t n_vocab)
{
    if (c == NULL || (n_vocab > 0 && (buf == NULL || logits == NULL)))
        return SAMPLING_ERR_NULL;
    if (n_vocab > INT32_MAX)
        return SAMPLING_ERR_PARAM;
    for (size_t i = 0; i < n_vocab; i++)
        buf[i] = (TokenData){.id = (int32_t)i, .logit = logits[i], .p = 0.0};
    *c = (Candidates){.data = buf, .size = n_vocab, .selected = -1, .sorted = false};
    return SAMPLING_OK;
}

SamplingStatus candidates_init_probs(Candidates *c, TokenData *buf, const double *probs, size_t n_vocab)
{
    if (c == NULL || (n_vocab > 0 && (buf == NULL || probs == NULL)))
        return SAMPLING_ERR_NULL;
    if (n_vocab > INT32_MAX)
        return SAMPLING_ERR_PARAM;
    for (size_t i = 0; i < n_vocab; i++)
        if (!(probs[i] >= 0 && probs[i] <= 1))
            return SAMPLING_ERR_PARAM;
    for (size_t i = 0; i < n_vocab; i++)
        buf[i] = (TokenData){.id = (int32_t)i, .logit = log(probs[i]), .p = probs[i]};
    *c = (Candidates){.data = buf, .size = n_vocab, .selected = -1, .sorted = false};
    return SAMPLING_OK;
}

SamplingStatus candidates_check(const Candidates *c)
{
    if (c == NULL || (c->data == NULL && c->size > 0))
        return SAMPLING_ERR_NULL;
    for (size_t i = 0; i < c->size; i++)
        if (isnan(c->data[i].logit))
            return SAMPLING_ERR_NAN;
    return SAMPLING_OK;
}

SamplingStatus candidates_softmax(Candidates *c, bool do_sort)
{
    if (c == NULL || (c->data == NULL && c->size > 0))
        return SAMPLING_ERR_NULL;
    double max = -INFINITY;                     /* one pass finds a NaN and the maximum */
    for (size_t i = 0; i < c->size; i++) {
        double logit = c->data[i].logit;
        if (isnan(logit))
            return SAMPLING_ERR_NAN;
        if (logit > max)
            max = logit;
    }
    if (c->size == 0)
        return SAMPLING_ERR_EMPTY;
    if (do_sort && !c->sorted)
        candidates_sort(c);
    if (max == -INFINITY) {
        for (size_t i = 0; i < c->size; i++)
            c->data[i].p = 0.0;
        return SAMPLING_ERR_NO_FINITE;
    }
    /* exp(+inf - +inf) is NaN, so the +inf tokens are weighted 1 each and every finite logit 0: the limit. */
    bool infinite = (max == INFINITY);
    double sum = 0.0;
    for (size_t i = 0; i < c->size; i++) {
        double logit = c->data[i].logit;
        c->data[i].p = infinite ? (logit == INFINITY ? 1.0 : 0.0) : exp(logit - max);
        sum += c->data[i].p;
    }
    for (size_t i = 0; i < c->size; i++)
        c->data[i].p /= sum;
    return SAMPLING_OK;
}

int candidates_compare(const void *a, const void *b)
{
    const TokenData *x = a, *y = b;
    if (x->logit != y->logit)
        return x->logit > y->logit ? -1 : 1;
    return (x->id > y->id) - (x->id < y->id);
}

SamplingStatus candidates_sort(Candidates *c)
{
    SamplingStatus st = candidates_check(c);
    if (st != SAMPLING_OK)
        return st;
    if (c->size > 1)
        qsort(c->data, c->size, sizeof *c->data, candidates_compare);
    c->sorted = true;
    c->selected = -1;
    return SAMPLING_OK;
}

static int by_id(const void *a, const void *b)
{
    const TokenData *x = a, *y = b;
    return (x->id > y->id) - (x->id < y->id);
}

SamplingStatus candidates_sort_by_id(Candidates *c)
{
    if (c == NULL || (c->data == NULL && c->size > 0))
        return SAMPLING_ERR_NULL;
    if (c->size > 1)
        qsort(c->data, c->size, sizeof *c->data, by_id);
    c->sorted = false;
    c->selected = -1;
    return SAMPLING_OK;
}

ptrdiff_t candidates_find(const Candidates *c, int32_t id)
{
    if (c == NULL || c->data == NULL)
        return -1;
    for (size_t i = 0; i < c->size; i++)
        if (c->data[i].id == id)
            return (ptrdiff_t)i;
    return -1;
}

bool candidates_in_id_order(const Candidates *c)
{
    if (c == NULL || (c->data == NULL && c->size > 0))
        return false;
    for (size_t i = 0; i < c->size; i++)
        if (c->data[i].id != (int32_t)i)
            return false;
    return true;
}

size_t candidates_count_finite(const Candidates *c)
{
    size_t n = 0;
    if (c == NULL || c->data == NULL)
        return 0;
    for (size_t i = 0; i < c->size; i++)
        n += isfinite(c->data[i].logit) ? 1 : 0;
    return n;
}

double logit_saturate(double x)
{
    return isinf(x) ? copysign(DBL_MAX, x) : x;
}

float as_float(double d)
{
    if (d > FLT_MAX || d < -FLT_MAX)
        return fabs(d) >= 0x1.ffffffp127 ? (float)copysign(INFINITY, d) : (float)copysign(FLT_MAX, d);
    return (float)d;
}

double entropy_nats(const Candidates *c)
{
    double h = 0.0;
    if (c == NULL || c->data == NULL)
        return 0.0;
    for (size_t i = 0; i < c->size; i++)
        if (c->data[i].p > 0)
            h -= c->data[i].p * log(c->data[i].p);
    return h;
}

double entropy_bits(const Candidates *c)
{
    double h = 0.0;
    if (c == NULL || c->data == NULL)
        return 0.0;
    for (size_t i = 0; i < c->size; i++)
        if (c->data[i].p > 0)
            h -= c->data[i].p * log2(c->data[i].p);
    return h;
}

/* Adding +0.0 turns the -0.0 that -log(1) gives into +0.0 (IEEE 754: -0 + +0 = +0 when rounding to nearest). */
double surprise_nats(double p)
{
    return (p >= 0 && p <= 1) ? -log(p) + 0.0 : NAN;
}

double surprise_bits(double p)
{
    return (p >= 0 && p <= 1) ? -log2(p) + 0.0 : NAN;
}
