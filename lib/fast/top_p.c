/* top_p.c: top-p for large unsorted arrays (fast_apply_top_p, equal to apply_top_p): the softmax and a sort of
 * only the prefix that holds top_p's mass, found with buckets of logit values. */
#include "fast.h"
#include "sort_impl.h"

#include <assert.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>

/* Sorts a prefix of c (p filled) just long enough that its p sum reaches mass and it holds at least min_count
 * candidates, and returns that prefix's length (size when everything was sorted); the rest is in no particular
 * order. The mass per bucket of logit values says how many of the best candidates the prefix needs. */
static size_t sort_prefix(Candidates *c, double mass, size_t min_count)
{
    if (c == NULL || (c->data == NULL && c->size > 0))
        return 0;
    if (c->size <= HEAP_MAX) {
        fast_partial_sort(c, c->size);
        return c->size;
    }
    /* The mass of each bucket says how many buckets, and so how many candidates, the prefix needs. */
    Buckets b = fast_buckets_for(c);
    size_t count[N_BUCKETS + 1] = {0}, k = 0, last = 0;
    double bucket_mass[N_BUCKETS + 1] = {0}, sum = 0;
    for (size_t i = 0; i < c->size; i++) {
        size_t j = fast_bucket_of(&b, c->data[i].logit);
        count[j]++;
        bucket_mass[j] += c->data[i].p;
    }
    for (;; last++) {
        k += count[last];
        sum += bucket_mass[last];
        if ((sum >= mass && k >= min_count) || last == N_BUCKETS)
            break;
    }
    if (k <= HEAP_MAX)          /* bucket 0 holds the largest logit, so k >= 1 */
        fast_heap_sort_front(c->data, c->size, k);
    else
        fast_sort_buckets_front(c, &b, count, last);
    c->selected = -1;
    return k;
}

/* The smallest of x[0..last]. */
static double min_of(const double *x, size_t last)
{
    double min = x[0];
    for (size_t j = 1; j <= last; j++)
        min = x[j] < min ? x[j] : min;
    return min;
}

#define SUB_BUCKETS 512    /* buckets per level of sort_finite */
#define SUB_LEVELS 3        /* levels of buckets before sort_finite falls back to the quicksort */

/* Sorts d (n,), whose logits are all finite, as candidates_sort sorts. The candidates go into up to
 * SUB_BUCKETS buckets of logit values over their range (about two each), are put in bucket order in place,
 * and each bucket is sorted the same way, `levels` deep; short runs, equal logits and the last level use
 * the insertion sort or the quicksort. Logits that crowd together near top-p's cut thus still meet only a
 * few others in a bucket. */
static void sort_finite(TokenData *d, size_t n, int levels)
{
    if (n <= INSERTION_MAX) {
        fast_insertion_sort(d, n);
        return;
    }
    double max = d[0].logit, min = d[0].logit;
    for (size_t i = 1; i < n; i++) {
        max = d[i].logit > max ? d[i].logit : max;
        min = d[i].logit < min ? d[i].logit : min;
    }
    double range = max - min;
    if (levels == 0 || !(range > 0) || !isfinite(range)) {
        fast_quick_sort(d, n);
        return;
    }
    size_t n_buckets = n / 2 < SUB_BUCKETS ? n / 2 : SUB_BUCKETS;
    double scale = (double)(n_buckets - 1) / range;
    size_t count[SUB_BUCKETS], start[SUB_BUCKETS], next[SUB_BUCKETS];
    for (size_t j = 0; j < n_buckets; j++)
        count[j] = 0;
    /* Bucket 0 for the largest logit, n_buckets - 1 for the smallest; a larger logit never lands later. */
#define SUB_BUCKET_OF(logit) \
    ((max - (logit)) * scale < (double)(n_buckets - 1) ? (size_t)(int)((max - (logit)) * scale) : n_buckets - 1)
    for (size_t i = 0; i < n; i++)
        count[SUB_BUCKET_OF(d[i].logit)]++;
    for (size_t j = 0; j < n_buckets; j++)
        next[j] = start[j] = j == 0 ? 0 : start[j - 1] + count[j - 1];
    /* In place, one cycle at a time: the candidate in hand goes to the next free slot of its bucket and the
     * one it displaces comes into hand, until one belongs to the slot the cycle started from. The bucket is
     * worked out from the candidate in hand, not read back from the slot just written, so one step does not
     * wait on the store of the step before. */
    for (size_t j = 0; j < n_buckets; j++) {
        while (next[j] < start[j] + count[j]) {
            TokenData hand = d[next[j]];
            size_t home = SUB_BUCKET_OF(hand.logit);
            while (home != j) {
                TokenData displaced = d[next[home]];
                d[next[home]++] = hand;
                hand = displaced;
                home = SUB_BUCKET_OF(hand.logit);
            }
            d[next[j]++] = hand;
        }
    }
#undef SUB_BUCKET_OF
    for (size_t j = 0; j < n_buckets; j++)
        sort_finite(d + start[j], count[j], levels - 1);
}

#define PICK_BLOCK 64      /* sort_front_above scans this many candidates between checks of its list */
#define PICK_LIST 512      /* indices its list holds */

/* Moves the k candidates whose logit is at least lowest (a finite logit of the array) to the front and sorts
 * them, as candidates_sort sorts. A cheap comparison picks them out, since bucket_of never puts a larger
 * logit in a later bucket: the candidates of the first buckets are exactly those at or above the smallest
 * logit those buckets hold. sort_finite then sorts them. */
static void sort_front_above(Candidates *c, double lowest, size_t k)
{
    TokenData *d = c->data;
    size_t front = 0, picked[PICK_LIST], n_picked = 0;
    /* What "if (d[i].logit >= lowest) swap(&d[front++], &d[i])" over every i does, with the swaps deferred:
     * the scan notes the index of every candidate picked without a branch (picked candidates lie at random
     * places, so a branch on them would be mispredicted about once for each), and the noted swaps are done in
     * the same order, before any later position is read, once the list may not hold another block. */
    for (size_t start = 0; start < c->size; start += PICK_BLOCK) {
        size_t end = c->size - start < PICK_BLOCK ? c->size : start + PICK_BLOCK;
        for (size_t i = start; i < end; i++) {
            picked[n_picked] = i;
            n_picked += d[i].logit >= lowest;
        }
        if (n_picked > PICK_LIST - PICK_BLOCK - 1 || end == c->size) {
            for (size_t j = 0; j < n_picked; j++)
                fast_swap(&d[front++], &d[picked[j]]);
            n_picked = 0;
        }
    }
    assert(front == k);
    sort_finite(d, k, SUB_LEVELS);
}

/* How far past the wanted mass fast_softmax_prefix reaches in its bucket sums: they add the unscaled
 * weights in bucket order, top-p adds the scaled p in sorted order, and the two roundings differ by far less
 * than this (about size * DBL_EPSILON of the total), so the sorted prefix holds top-p's cut. */
#define PREFIX_MARGIN 1e-6

static SamplingStatus softmax_prefix_in(Candidates *c, double mass, size_t min_count, double max, double min,
                                        size_t *prefix, double *sum);

SamplingStatus fast_softmax_prefix(Candidates *c, double mass, size_t min_count, size_t *prefix, double *sum)
{
    if (c == NULL || (c->data == NULL && c->size > 0) || prefix == NULL || sum == NULL)
        return SAMPLING_ERR_NULL;
    *prefix = 0;
    *sum = 1.0;
    /* One pass: a NaN, the largest logit and the smallest one that is not -inf (the buckets' range). */
    double max = -INFINITY, min = INFINITY;
    for (size_t i = 0; i < c->size; i++) {
        double logit = c->data[i].logit;
        if (isnan(logit))
            return SAMPLING_ERR_NAN;
        max = logit > max ? logit : max;
        if (logit != -INFINITY)
            min = logit < min ? logit : min;
    }
    return softmax_prefix_in(c, mass, min_count, max, min, prefix, sum);
}

SamplingStatus fast_softmax_prefix_known(Candidates *c, double mass, size_t min_count, double max, double min,
                                         size_t *prefix, double *sum)
{
    if (c == NULL || (c->data == NULL && c->size > 0) || prefix == NULL || sum == NULL)
        return SAMPLING_ERR_NULL;
    *prefix = 0;
    *sum = 1.0;
    if (isnan(max) || isnan(min))
        return SAMPLING_ERR_PARAM;
    return softmax_prefix_in(c, mass, min_count, max, min, prefix, sum);
}

/* fast_softmax_prefix after its first pass: max the largest logit, min the smallest that is not -inf,
 * no logit NaN. */
static SamplingStatus softmax_prefix_in(Candidates *c, double mass, size_t min_count, double max, double min,
                                        size_t *prefix, double *sum)
{
    TokenData *d = c->data;
    if (c->size <= HEAP_MAX || c->sorted || !isfinite(max)) {
        /* Small or sorted, all -inf, or a +inf token: the two calls, whose edge cases say what happens. */
        SamplingStatus st = candidates_softmax(c, false);
        if (st == SAMPLING_OK)
            *prefix = c->sorted ? c->size : sort_prefix(c, mass, min_count);
        return st;
    }
    /* One pass: each weight exp(logit - max) into p, their total in array order (candidates_softmax's sum),
     * and the count and weight of each bucket. */
    double range = max - min;
    Buckets b = {max, isfinite(range) && range > 0 ? (N_BUCKETS - 1) / range : 0.0};
    size_t count[N_BUCKETS + 1] = {0};
    double bucket_weight[N_BUCKETS + 1] = {0}, bucket_min[N_BUCKETS + 1], total = 0;
    for (size_t j = 0; j <= N_BUCKETS; j++)
        bucket_min[j] = INFINITY;
    for (size_t i = 0; i < c->size; i++) {
        double logit = d[i].logit, weight = exp(logit - max);
        size_t j = fast_bucket_of(&b, logit);
        d[i].p = weight;
        total += weight;
        count[j]++;
        bucket_weight[j] += weight;
        bucket_min[j] = logit < bucket_min[j] ? logit : bucket_min[j];
    }
    if (isnan(total))       /* a NaN logit fast_softmax_prefix_known was told is not there */
        return SAMPLING_ERR_NAN;
    /* The buckets that hold the mass (with a margin for rounding) and at least min_count candidates. */
    double wanted = mass * total * (1 + PREFIX_MARGIN), running = 0;
    size_t k = 0, last = 0;
    for (;; last++) {
        k += count[last];
        running += bucket_weight[last];
        if ((running >= wanted && k >= min_count) || last == N_BUCKETS)
            break;
    }
    if (k <= HEAP_MAX)          /* bucket 0 holds the largest logit, so k >= 1 */
        fast_heap_sort_front(d, c->size, k);
    else if (last == N_BUCKETS)
        fast_sort_buckets_front(c, &b, count, last);
    else
        sort_front_above(c, min_of(bucket_min, last), k);
    for (size_t i = 0; i < k; i++)
        d[i].p /= total;
    c->selected = -1;
    *prefix = k;
    *sum = total;
    return SAMPLING_OK;
}
/* fast_apply_top_p, with the range of the logits when range is not NULL (the largest and the smallest that is
 * not -inf). */
static SamplingStatus top_p_with(Candidates *c, double top_p, size_t min_keep, const double *range)
{
    if (c == NULL || (c->data == NULL && c->size > 0))
        return SAMPLING_ERR_NULL;
    if (isnan(top_p))
        return SAMPLING_ERR_PARAM;
    if (top_p_off(top_p) || c->size == 0)
        return candidates_check(c);
    /* p over the current candidates, summed in their current order, then the walk in descending order over
     * a sorted prefix that holds the cut (or, failing that, over everything, sorted). Only the prefix's p
     * is divided by the sum at first; the rest is divided only if the walk needs it. */
    size_t sorted;
    double sum;
    SamplingStatus st = range == NULL
                            ? fast_softmax_prefix(c, top_p, min_keep, &sorted, &sum)
                            : fast_softmax_prefix_known(c, top_p, min_keep, range[0], range[1], &sorted, &sum);
    if (st != SAMPLING_OK)
        return st == SAMPLING_ERR_NO_FINITE ? SAMPLING_OK : st;     /* all -inf: nothing to rank */
    size_t keep = top_p_count(c->data, sorted, top_p, min_keep);
    if (keep == 0 && sorted < c->size) {
        for (size_t i = sorted; i < c->size; i++)
            c->data[i].p /= sum;
        fast_partial_sort(c, c->size);
        keep = top_p_count(c->data, c->size, top_p, min_keep);
    }
    if (keep > 0)
        c->size = keep;
    c->sorted = true;
    return SAMPLING_OK;
}

SamplingStatus fast_apply_top_p(Candidates *c, double top_p, size_t min_keep)
{
    return top_p_with(c, top_p, min_keep, NULL);
}

SamplingStatus fast_apply_top_p_known(Candidates *c, double top_p, size_t min_keep, double max, double min)
{
    if (isnan(max) || isnan(min))
        return c == NULL || (c->data == NULL && c->size > 0) ? SAMPLING_ERR_NULL : SAMPLING_ERR_PARAM;
    return top_p_with(c, top_p, min_keep, (const double[]){max, min});
}
