/* fixtures.c: the shared inputs and reference order of fixtures.h. */
#include "fixtures.h"

#include <float.h>
#include <math.h>

static double draw(const LogitsDraw *d, size_t i, size_t n, Rng *r)
{
    switch (d->shape) {
    case LOGITS_VALUE:        return d->scale;
    case LOGITS_GAUSSIAN:     return d->scale * rng_next_gaussian(r);
    case LOGITS_LEVELS:       return d->scale * rng_next_int(r, d->levels);
    case LOGITS_UNIFORM:      return d->scale * rng_next_double(r);
    case LOGITS_FLAT:         return 2.0 * rng_next_double(r) - 1.0;
    case LOGITS_SIGNED_ZEROS: return (i % 2) ? 0.0 : -0.0;
    case LOGITS_INDEX:        return d->scale * (double)i;
    case LOGITS_HUGE:         return (rng_next_double(r) - 0.5) * 1.9 * DBL_MAX;
    case LOGITS_TINY:         return 1.0 + 1e-12 * rng_next_gaussian(r);
    case LOGITS_GEOMETRIC:    return ldexp(1.0, -rng_next_int(r, 60));
    case LOGITS_ONE_HIGH:     return i == n / 3 ? d->scale : rng_next_gaussian(r);
    }
    return 0;
}

void make_logits(double *x, size_t n, const LogitsKind *kind, Rng *r)
{
    for (size_t i = 0; i < n; i++)
        x[i] = kind->one_in > 0 && rng_next_int(r, kind->one_in) == 0 ? draw(&kind->rare, i, n, r)
                                                                      : draw(&kind->common, i, n, r);
    if (kind->rare_somewhere && n > 0)
        x[n - 1 - n / 7] = draw(&kind->rare, n - 1 - n / 7, n, r);
}

int reference_order(const void *a, const void *b)
{
    const TokenData *x = a, *y = b;
    if (x->logit > y->logit)
        return -1;
    if (x->logit < y->logit)
        return 1;
    return x->id < y->id ? -1 : x->id > y->id;
}
