/* sort_impl.h: what the speed layer's sorts share, internal to lib/fast/ (sort.c, top_k.c, top_p.c).
 *
 * Every order here is candidates_sort's: the larger logit first, equal logits by the lower id, so each sort
 * below gives the one array candidates_sort gives.
 *
 * defines: HEAP_MAX, N_BUCKETS, INSERTION_MAX, fast_better, fast_swap, fast_sift_down, fast_insertion_sort,
 * fast_quick_sort, fast_heap_sort_front, Buckets, fast_buckets_for, fast_bucket_of,
 * fast_sort_buckets_front, fast_partial_sort, fast_softmax_prefix, fast_softmax_prefix_known.
 */
#ifndef SORT_IMPL_H
#define SORT_IMPL_H

#include "candidates.h"

#include <math.h>

#define HEAP_MAX 1024       /* partial sorts of up to this many candidates use the heap */
#define N_BUCKETS 1024      /* buckets over the range of finite logits; one more holds the -inf ones */
#define INSERTION_MAX 16    /* runs up to this long are sorted by insertion */

/* Whether a comes before b in candidates_sort's order. */
static inline bool fast_better(const TokenData *a, const TokenData *b)
{
    if (a->logit != b->logit)
        return a->logit > b->logit;
    return a->id < b->id;
}

static inline void fast_swap(TokenData *a, TokenData *b)
{
    TokenData tmp = *a;
    *a = *b;
    *b = tmp;
}

/* Restores the heap below index i of heap (n,), where every parent is worse than its children: the root is
 * the worst of the k best seen so far, the one to replace when a better candidate comes along. */
void fast_sift_down(TokenData *heap, size_t n, size_t i);

void fast_insertion_sort(TokenData *d, size_t n);

/* Sorts d (n,) with no NaN logit as candidates_sort does, with an inlined quicksort. */
void fast_quick_sort(TokenData *d, size_t n);

/* Moves the k best of d (size,) to d[0..k), sorted, with a heap of k (0 < k <= size). */
void fast_heap_sort_front(TokenData *d, size_t size, size_t k);

typedef struct {
    double max;     /* the largest logit */
    double scale;   /* buckets per unit of logit; 0 puts every finite logit in bucket 0 */
} Buckets;

/* The buckets over the range of c's finite logits. */
Buckets fast_buckets_for(const Candidates *c);

/* 0 for the largest logits up to N_BUCKETS - 1 for the smallest finite ones, N_BUCKETS for -inf; a larger
 * logit never lands in a later bucket, so sorting bucket by bucket sorts the whole. */
static inline size_t fast_bucket_of(const Buckets *b, double logit)
{
    if (logit == -INFINITY)
        return N_BUCKETS;
    double x = b->scale == 0 ? 0 : (b->max - logit) * b->scale;
    if (!(x < N_BUCKETS - 1))
        return N_BUCKETS - 1;
    return x > 0 ? (size_t)(int)x : 0;  /* via int: a cheaper conversion; a logit above max goes in bucket 0 */
}

/* Sorts the candidates of buckets 0..last (count (N_BUCKETS + 1,) per bucket) to the front of c, sorted; the
 * rest is left in no particular order. */
void fast_sort_buckets_front(Candidates *c, const Buckets *b, const size_t *count, size_t last);

/* Moves the k candidates candidates_sort would put first to data[0..k), in that order; data[k..size) is left
 * in no particular order. size and sorted are not changed; selected becomes -1. k >= size sorts all. A heap up
 * to k = 1,024 (O(size log k)), the buckets beyond. NaN logits are not checked (callers check first). NULL c,
 * or NULL data with size > 0, gives SAMPLING_ERR_NULL. */
SamplingStatus fast_partial_sort(Candidates *c, size_t k);

/* What candidates_softmax(c, false) followed by a sort of just the prefix that holds `mass` does, in three
 * passes over the array instead of about six, and without dividing the p values the prefix does not need:
 * top-p's first half (top_p.c). On SAMPLING_OK, data[0..*prefix) is the sorted array's first *prefix
 * candidates (their p sum reaches mass, with a margin for rounding, and there are at least min_count of them;
 * size for a sorted array), holding exactly the p candidates_softmax gives. data[*prefix..size) holds
 * exp(logit - max), not yet divided by *sum, the divisor candidates_softmax uses; p / *sum is then its p, bit
 * for bit. *sum is 1 when every p is already divided (arrays of up to 1,024 candidates, sorted arrays, and the
 * +inf case). Bad input: NULL c, prefix or sum, or NULL data with size > 0, gives SAMPLING_ERR_NULL; otherwise
 * the errors of candidates_softmax (a NaN logit changes nothing; all -inf gives SAMPLING_ERR_NO_FINITE with
 * every p 0). */
SamplingStatus fast_softmax_prefix(Candidates *c, double mass, size_t min_count, size_t *prefix, double *sum);

/* fast_softmax_prefix without its first pass, for a caller that knows what it finds: max the largest logit,
 * min the smallest that is not -inf, no NaN logit (if max or min is wrong the prefix and p are wrong, and
 * nothing is read out of bounds). A NaN max or min gives SAMPLING_ERR_PARAM with nothing changed; a NaN logit
 * still gives SAMPLING_ERR_NAN, but p may have changed. */
SamplingStatus fast_softmax_prefix_known(Candidates *c, double mass, size_t min_count, double max, double min,
                                         size_t *prefix, double *sum);

#endif
