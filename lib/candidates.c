/* candidates.c: building, checking, normalizing and ordering the candidate array. */
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
    SamplingStatus st = candidates_check(c);
    if (st != SAMPLING_OK)
        return st;
    if (c->size == 0)
        return SAMPLING_ERR_EMPTY;
    if (do_sort && !c->sorted)
        candidates_sort(c);

    double max = c->data[0].logit;
    for (size_t i = 1; i < c->size; i++)
        if (c->data[i].logit > max)
            max = c->data[i].logit;
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

/* qsort comparators. Both are total orders (ids are unique), so qsort's instability never shows. */
static int by_logit_desc(const void *a, const void *b)
{
    const TokenData *x = a, *y = b;
    if (x->logit != y->logit)
        return x->logit > y->logit ? -1 : 1;
    return (x->id > y->id) - (x->id < y->id);
}

static int by_id(const void *a, const void *b)
{
    const TokenData *x = a, *y = b;
    return (x->id > y->id) - (x->id < y->id);
}

SamplingStatus candidates_sort(Candidates *c)
{
    SamplingStatus st = candidates_check(c);
    if (st != SAMPLING_OK)
        return st;
    if (c->size > 1)
        qsort(c->data, c->size, sizeof *c->data, by_logit_desc);
    c->sorted = true;
    c->selected = -1;
    return SAMPLING_OK;
}

static bool better(const TokenData *a, const TokenData *b)
{
    return by_logit_desc(a, b) < 0;
}

/* Restores the heap below index i of heap (n,), where every parent is worse than its children: the root is
 * the worst of the k best seen so far, the one to replace when a better candidate comes along. */
static void sift_down(TokenData *heap, size_t n, size_t i)
{
    for (;;) {
        size_t worst = i, left = 2 * i + 1, right = left + 1;
        if (left < n && better(&heap[worst], &heap[left]))
            worst = left;
        if (right < n && better(&heap[worst], &heap[right]))
            worst = right;
        if (worst == i)
            return;
        TokenData tmp = heap[i];
        heap[i] = heap[worst];
        heap[worst] = tmp;
        i = worst;
    }
}

SamplingStatus candidates_partial_sort(Candidates *c, size_t k)
{
    if (c == NULL || (c->data == NULL && c->size > 0))
        return SAMPLING_ERR_NULL;
    c->selected = -1;
    if (k >= c->size) {
        if (c->size > 1)
            qsort(c->data, c->size, sizeof *c->data, by_logit_desc);
        return SAMPLING_OK;
    }
    if (k == 0)
        return SAMPLING_OK;
    TokenData *d = c->data;
    for (size_t i = k / 2; i-- > 0;)
        sift_down(d, k, i);
    for (size_t i = k; i < c->size; i++) {
        if (better(&d[i], &d[0])) {
            TokenData tmp = d[0];
            d[0] = d[i];
            d[i] = tmp;
            sift_down(d, k, 0);
        }
    }
    qsort(d, k, sizeof *d, by_logit_desc);
    return SAMPLING_OK;
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

/* Adding +0.0 turns the -0.0 that -log(1) gives into +0.0 (IEEE 754: -0 + +0 = +0 when rounding to nearest). */
double surprise_nats(double p)
{
    return (p >= 0 && p <= 1) ? -log(p) + 0.0 : NAN;
}

double surprise_bits(double p)
{
    return (p >= 0 && p <= 1) ? -log2(p) + 0.0 : NAN;
}
