/* sort.c: the speed layer's sorts: the whole array (fast_sort, equal to candidates_sort), the best k (a heap
 * for small k, buckets of logit values for large k), and the quicksort and insertion sort they use. Every
 * order is candidates_sort's, which is total, so every sort gives the same array. */
#include "fast.h"
#include "sort_impl.h"

#include <stdlib.h>

void fast_sift_down(TokenData *heap, size_t n, size_t i)
{
    for (;;) {
        size_t worst = i, left = 2 * i + 1, right = left + 1;
        if (left < n && fast_better(&heap[worst], &heap[left]))
            worst = left;
        if (right < n && fast_better(&heap[worst], &heap[right]))
            worst = right;
        if (worst == i)
            return;
        fast_swap(&heap[i], &heap[worst]);
        i = worst;
    }
}

void fast_insertion_sort(TokenData *d, size_t n)
{
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && fast_better(&d[j], &d[j - 1]); j--)
            fast_swap(&d[j], &d[j - 1]);
}

/* Whether any logit of d (n,) is NaN. */
static bool any_nan_logit(const TokenData *d, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (isnan(d[i].logit))
            return true;
    return false;
}

/* Sorts d (n,) with no NaN logit as qsort with candidates_compare does, and to the same result: that order is
 * total (ids are unique), so every correct sort gives the one sorted array. A quicksort whose comparisons are
 * inlined (qsort calls a function for each): the median of the first, middle and last is the pivot, the
 * smaller side is sorted by recursion (depth at most log2 n), short runs by insertion; if one path takes more
 * than about 2 log2 n partitions (pivots that keep splitting badly), qsort sorts what is left of it. */
static void quick_sort_within(TokenData *d, size_t n, int budget)
{
    while (n > INSERTION_MAX) {
        if (budget-- == 0) {        /* unlucky pivots: qsort's O(n log n) guarantee, and the same result */
            qsort(d, n, sizeof *d, candidates_compare);
            return;
        }
        size_t mid = n / 2;
        if (fast_better(&d[mid], &d[0]))
            fast_swap(&d[mid], &d[0]);
        if (fast_better(&d[n - 1], &d[mid])) {
            fast_swap(&d[n - 1], &d[mid]);
            if (fast_better(&d[mid], &d[0]))
                fast_swap(&d[mid], &d[0]);
        }
        TokenData pivot = d[mid];
        /* Hoare's partition: afterwards every candidate of d[0..j] is at least as good as every one of
         * d[j+1..n), and both sides are non-empty, because d[0] is better than the pivot and d[n - 1] worse
         * (the order is total and mid is neither end), so neither scan runs off the array or stops at n - 1. */
        size_t i = 0, j = n - 1;
        for (;;) {
            while (fast_better(&d[i], &pivot))
                i++;
            while (fast_better(&pivot, &d[j]))
                j--;
            if (i >= j)
                break;
            fast_swap(&d[i], &d[j]);
            i++;
            j--;
        }
        size_t left = j + 1;
        if (left < n - left) {
            quick_sort_within(d, left, budget);
            d += left;
            n -= left;
        } else {
            quick_sort_within(d + left, n - left, budget);
            n = left;
        }
    }
    fast_insertion_sort(d, n);
}

void fast_quick_sort(TokenData *d, size_t n)
{
    int budget = 8;             /* partitions on one path before qsort takes over: 2 log2 n, and a few */
    for (size_t m = n; m > 1; m /= 2)
        budget += 2;
    quick_sort_within(d, n, budget);
}

/* Sorts d (n,) as candidates_sort does: insertion sort for a handful (a bucket usually holds few), else the
 * inlined quicksort; with a NaN logit (which candidates_compare does not order totally), qsort. */
static void fast_sort_small(TokenData *d, size_t n)
{
    if (n <= INSERTION_MAX)
        fast_insertion_sort(d, n);
    else if (any_nan_logit(d, n))
        qsort(d, n, sizeof *d, candidates_compare);
    else
        fast_quick_sort(d, n);
}

/* Moves the k best of d (size,) to d[0..k), sorted. The root's logit is kept in a register as the threshold:
 * a candidate below it (or NaN, which candidates_compare ranks last) is rejected by one comparison, and only a
 * candidate at or above it goes on to the full comparison (a tie is decided by id) and into the heap. */
void fast_heap_sort_front(TokenData *d, size_t size, size_t k)
{
    for (size_t i = k / 2; i-- > 0;)
        fast_sift_down(d, k, i);
    double threshold = d[0].logit;
    for (size_t i = k; i < size; i++) {
        if (!(d[i].logit >= threshold) || !fast_better(&d[i], &d[0]))
            continue;
        fast_swap(&d[0], &d[i]);
        fast_sift_down(d, k, 0);
        threshold = d[0].logit;
    }
    qsort(d, k, sizeof *d, candidates_compare);
}

Buckets fast_buckets_for(const Candidates *c)
{
    double max = -INFINITY, min = INFINITY;
    for (size_t i = 0; i < c->size; i++) {
        double logit = c->data[i].logit;
        if (logit == -INFINITY)
            continue;
        max = logit > max ? logit : max;
        min = logit < min ? logit : min;
    }
    double range = max - min;
    return (Buckets){max, isfinite(range) && range > 0 ? (N_BUCKETS - 1) / range : 0.0};
}

/* The candidates per bucket, count (N_BUCKETS + 1,). */
static void count_buckets(const Candidates *c, const Buckets *b, size_t *count)
{
    for (size_t j = 0; j <= N_BUCKETS; j++)
        count[j] = 0;
    for (size_t i = 0; i < c->size; i++)
        count[fast_bucket_of(b, c->data[i].logit)]++;
}

/* Sorts the candidates of buckets 0..last (count (N_BUCKETS + 1,) per bucket) to the front, in O(size) plus
 * the sorts of those buckets: move them to the front, put them in bucket order in place (an American flag
 * sort), then sort each bucket. The rest is left in no particular order. */
void fast_sort_buckets_front(Candidates *c, const Buckets *b, const size_t *count, size_t last)
{
    TokenData *d = c->data;
    size_t start[N_BUCKETS + 1], next[N_BUCKETS + 1];
    size_t front = 0;
    for (size_t i = 0; i < c->size; i++)
        if (fast_bucket_of(b, d[i].logit) <= last)
            fast_swap(&d[front++], &d[i]);
    for (size_t j = 0; j <= last; j++)
        next[j] = start[j] = j == 0 ? 0 : start[j - 1] + count[j - 1];
    for (size_t j = 0; j <= last; j++) {
        while (next[j] < start[j] + count[j]) {
            size_t home = fast_bucket_of(b, d[next[j]].logit);
            if (home == j)
                next[j]++;
            else
                fast_swap(&d[next[j]], &d[next[home]++]);
        }
        fast_sort_small(d + start[j], count[j]);
    }
}

SamplingStatus fast_partial_sort(Candidates *c, size_t k)
{
    if (c == NULL || (c->data == NULL && c->size > 0))
        return SAMPLING_ERR_NULL;
    c->selected = -1;
    if (k > c->size)
        k = c->size;
    if (k == 0 || c->size < 2)
        return SAMPLING_OK;
    if (k <= HEAP_MAX && k < c->size) {
        fast_heap_sort_front(c->data, c->size, k);
    } else if (c->size <= HEAP_MAX) {
        qsort(c->data, c->size, sizeof *c->data, candidates_compare);
    } else {
        Buckets b = fast_buckets_for(c);
        size_t count[N_BUCKETS + 1], last = 0;
        count_buckets(c, &b, count);
        for (size_t needed = count[0]; needed < k;)
            needed += count[++last];
        fast_sort_buckets_front(c, &b, count, last);
    }
    return SAMPLING_OK;
}

SamplingStatus fast_sort(Candidates *c)
{
    SamplingStatus st = candidates_check(c);
    if (st != SAMPLING_OK)
        return st;
    fast_partial_sort(c, c->size);
    c->sorted = true;
    return SAMPLING_OK;
}
