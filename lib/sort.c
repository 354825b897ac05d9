/* sort.c: ordering the candidate array (declared in candidates.h): the full sort, the partial sorts of the best
 * k (a heap for small k, buckets of logit values for large k), the best k straight from the logits, the
 * sorted prefix that holds a probability mass (top-p), and the sort back into id order. Every order here is
 * total: equal logits keep the lower id first. */
#include "candidates.h"

#include <assert.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>

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

static bool better(const TokenData *a, const TokenData *b)
{
    return by_logit_desc(a, b) < 0;
}

static void swap(TokenData *a, TokenData *b)
{
    TokenData tmp = *a;
    *a = *b;
    *b = tmp;
}

/* ===== Sorting the best k: a heap for small k, buckets of logit values for large k ===== */

#define HEAP_MAX 1024       /* partial sorts of up to this many candidates use the heap */
#define N_BUCKETS 1024      /* buckets over the range of finite logits; one more holds the -inf ones */

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
        swap(&heap[i], &heap[worst]);
        i = worst;
    }
}

#define INSERTION_MAX 16  /* runs up to this long are sorted by insertion */

static void insertion_sort(TokenData *d, size_t n)
{
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && better(&d[j], &d[j - 1]); j--)
            swap(&d[j], &d[j - 1]);
}

/* Whether any logit of d (n,) is NaN. */
static bool any_nan_logit(const TokenData *d, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (isnan(d[i].logit))
            return true;
    return false;
}

/* Sorts d (n,) with no NaN logit as qsort with by_logit_desc does, and to the same result: that order is
 * total (ids are unique), so every correct sort gives the one sorted array. A quicksort whose comparisons are
 * inlined (qsort calls a function for each): the median of the first, middle and last is the pivot, the
 * smaller side is sorted by recursion (depth at most log2 n), short runs by insertion; if one path takes more
 * than about 2 log2 n partitions (pivots that keep splitting badly), qsort sorts what is left of it. */
static void quick_sort_within(TokenData *d, size_t n, int budget)
{
    while (n > INSERTION_MAX) {
        if (budget-- == 0) {        /* unlucky pivots: qsort's O(n log n) guarantee, and the same result */
            qsort(d, n, sizeof *d, by_logit_desc);
            return;
        }
        size_t mid = n / 2;
        if (better(&d[mid], &d[0]))
            swap(&d[mid], &d[0]);
        if (better(&d[n - 1], &d[mid])) {
            swap(&d[n - 1], &d[mid]);
            if (better(&d[mid], &d[0]))
                swap(&d[mid], &d[0]);
        }
        TokenData pivot = d[mid];
        /* Hoare's partition: afterwards every candidate of d[0..j] is at least as good as every one of
         * d[j+1..n), and both sides are non-empty, because d[0] is better than the pivot and d[n - 1] worse
         * (the order is total and mid is neither end), so neither scan runs off the array or stops at n - 1. */
        size_t i = 0, j = n - 1;
        for (;;) {
            while (better(&d[i], &pivot))
                i++;
            while (better(&pivot, &d[j]))
                j--;
            if (i >= j)
                break;
            swap(&d[i], &d[j]);
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
    insertion_sort(d, n);
}

static void quick_sort(TokenData *d, size_t n)
{
    int budget = 8;             /* partitions on one path before qsort takes over: 2 log2 n, and a few */
    for (size_t m = n; m > 1; m /= 2)
        budget += 2;
    quick_sort_within(d, n, budget);
}

/* Sorts d (n,) as candidates_sort does: insertion sort for a handful (a bucket usually holds few), else the
 * inlined quicksort; with a NaN logit (which by_logit_desc does not order totally), qsort, as before. */
static void sort_small(TokenData *d, size_t n)
{
    if (n <= INSERTION_MAX)
        insertion_sort(d, n);
    else if (any_nan_logit(d, n))
        qsort(d, n, sizeof *d, by_logit_desc);
    else
        quick_sort(d, n);
}

/* Moves the k best of d (size,) to d[0..k), sorted. The root's logit is kept in a register as the threshold:
 * a candidate below it (or NaN, which by_logit_desc ranks last) is rejected by one comparison, and only a
 * candidate at or above it goes on to the full comparison (a tie is decided by id) and into the heap. */
static void heap_sort_front(TokenData *d, size_t size, size_t k)
{
    for (size_t i = k / 2; i-- > 0;)
        sift_down(d, k, i);
    double threshold = d[0].logit;
    for (size_t i = k; i < size; i++) {
        if (!(d[i].logit >= threshold) || !better(&d[i], &d[0]))
            continue;
        swap(&d[0], &d[i]);
        sift_down(d, k, 0);
        threshold = d[0].logit;
    }
    qsort(d, k, sizeof *d, by_logit_desc);
}

typedef struct {
    double max;     /* the largest logit */
    double scale;   /* buckets per unit of logit; 0 puts every finite logit in bucket 0 */
} Buckets;

static Buckets buckets_for(const Candidates *c)
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

/* 0 for the largest logits up to N_BUCKETS - 1 for the smallest finite ones, N_BUCKETS for -inf; a larger
 * logit never lands in a later bucket, so sorting bucket by bucket sorts the whole. */
static size_t bucket_of(const Buckets *b, double logit)
{
    if (logit == -INFINITY)
        return N_BUCKETS;
    double x = b->scale == 0 ? 0 : (b->max - logit) * b->scale;
    if (!(x < N_BUCKETS - 1))
        return N_BUCKETS - 1;
    return x > 0 ? (size_t)(int)x : 0;  /* via int: a cheaper conversion; a logit above max goes in bucket 0 */
}

/* The candidates per bucket, count (N_BUCKETS + 1,). */
static void count_buckets(const Candidates *c, const Buckets *b, size_t *count)
{
    for (size_t j = 0; j <= N_BUCKETS; j++)
        count[j] = 0;
    for (size_t i = 0; i < c->size; i++)
        count[bucket_of(b, c->data[i].logit)]++;
}

/* Sorts the candidates of buckets 0..last (count (N_BUCKETS + 1,) per bucket) to the front, in O(size) plus
 * the sorts of those buckets: move them to the front, put them in bucket order in place (an American flag
 * sort), then sort each bucket. The rest is left in no particular order. */
static void sort_buckets_front(Candidates *c, const Buckets *b, const size_t *count, size_t last)
{
    TokenData *d = c->data;
    size_t start[N_BUCKETS + 1], next[N_BUCKETS + 1];
    size_t front = 0;
    for (size_t i = 0; i < c->size; i++)
        if (bucket_of(b, d[i].logit) <= last)
            swap(&d[front++], &d[i]);
    for (size_t j = 0; j <= last; j++)
        next[j] = start[j] = j == 0 ? 0 : start[j - 1] + count[j - 1];
    for (size_t j = 0; j <= last; j++) {
        while (next[j] < start[j] + count[j]) {
            size_t home = bucket_of(b, d[next[j]].logit);
            if (home == j)
                next[j]++;
            else
                swap(&d[next[j]], &d[next[home]++]);
        }
        sort_small(d + start[j], count[j]);
    }
}

SamplingStatus candidates_partial_sort(Candidates *c, size_t k)
{
    if (c == NULL || (c->data == NULL && c->size > 0))
        return SAMPLING_ERR_NULL;
    c->selected = -1;
    if (k > c->size)
        k = c->size;
    if (k == 0 || c->size < 2)
        return SAMPLING_OK;
    if (k <= HEAP_MAX && k < c->size) {
        heap_sort_front(c->data, c->size, k);
    } else if (c->size <= HEAP_MAX) {
        qsort(c->data, c->size, sizeof *c->data, by_logit_desc);
    } else {
        Buckets b = buckets_for(c);
        size_t count[N_BUCKETS + 1], last = 0;
        count_buckets(c, &b, count);
        for (size_t needed = count[0]; needed < k;)
            needed += count[++last];
        sort_buckets_front(c, &b, count, last);
    }
    return SAMPLING_OK;
}

/* ===== The best k straight from the logits ===== */

#define SELECT_BLOCK 64     /* logits per block in select_top_k; a multiple of LANES */
#define LANES 4             /* independent running maxima and sums per block */
#define SORTED_MAX 64       /* Best keeps up to this many in a sorted array, more in a heap */

static inline double larger(double a, double b)
{
    return a > b ? a : b;
}

/* The largest logit of the block x (SELECT_BLOCK,), exact when the block holds no NaN; adds the block into
 * the running sums of nan_sums (LANES,), which a NaN turns into NaN. LANES lanes, each updated in the same
 * way, so that the compiler can do two at once with one instruction and no lane waits long on another. */
static inline double block_max(const double *x, double *nan_sums)
{
    double m[LANES], s[LANES];
    for (int j = 0; j < LANES; j++)
        m[j] = larger(x[j], x[j + LANES]);
    for (int j = 0; j < LANES; j++)
        s[j] = x[j] + x[j + LANES];
    for (int b = 2 * LANES; b < SELECT_BLOCK; b += LANES) {
        for (int j = 0; j < LANES; j++)
            m[j] = larger(m[j], x[b + j]);
        for (int j = 0; j < LANES; j++)
            s[j] += x[b + j];
    }
    for (int j = 0; j < LANES; j++)
        nan_sums[j] += s[j];
    return larger(larger(m[0], m[1]), larger(m[2], m[3]));
}

/* Whether any of x (n,) is NaN. */
static bool any_nan(const double *x, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (isnan(x[i]))
            return true;
    return false;
}

/* The best k candidates offered so far, in d (k,): sorted (best first) for k <= SORTED_MAX, else a heap with
 * the worst at the root once full. Candidates must be offered in increasing id order, so that one whose
 * logit equals the worst kept belongs to a higher id and loses the tie. */
typedef struct {
    TokenData *d;
    size_t k, size;
} Best;

static double best_worst(const Best *b)
{
    return b->k <= SORTED_MAX ? b->d[b->size - 1].logit : b->d[0].logit;
}

static void best_offer(Best *b, int32_t id, double logit)
{
    TokenData next = {.id = id, .logit = logit, .p = 0.0};
    bool full = b->size == b->k;
    if (full && logit <= best_worst(b))
        return;
    if (b->k <= SORTED_MAX) {
        size_t j = full ? b->k - 1 : b->size++;
        for (; j > 0 && logit > b->d[j - 1].logit; j--)
            b->d[j] = b->d[j - 1];
        b->d[j] = next;
    } else if (!full) {
        b->d[b->size++] = next;
        if (b->size == b->k)
            for (size_t i = b->k / 2; i-- > 0;)
                sift_down(b->d, b->k, i);
    } else {
        b->d[0] = next;
        sift_down(b->d, b->k, 0);
    }
}

/* Writes the k best of logits (n,) (0 < k < n) as candidates to buf[0..k), sorted as candidates_sort sorts,
 * or returns SAMPLING_ERR_NAN when a logit is NaN; buf (n,) is scratch beyond k. In three steps:
 * 1. One pass stores the maximum of every block of SELECT_BLOCK logits (in buf[k..], as logits), and sums
 *    the logits: a NaN sum means a NaN logit, or an infinity or an overflow (told apart by one more pass).
 * 2. The k-th largest block maximum is the floor: k blocks each hold a logit at or above it, so the k best
 *    logits all are, and they sit in blocks whose maximum is too.
 * 3. Only the logits at or above the floor in those blocks (and in the last, partial block) are offered to
 *    Best, in id order: about k blocks of the n / SELECT_BLOCK are read again.
 * With fewer than k blocks (or no room in buf for their maxima) every logit is offered instead. */
static SamplingStatus select_top_k(TokenData *buf, const double *logits, size_t n, size_t k)
{
    size_t n_blocks = n / SELECT_BLOCK, tail = n_blocks * SELECT_BLOCK;
    Best best = {buf, k, 0};
    if (k > n_blocks || k + n_blocks > n) {
        if (any_nan(logits, n))
            return SAMPLING_ERR_NAN;
        for (size_t i = 0; i < n; i++)
            best_offer(&best, (int32_t)i, logits[i]);
    } else {
        TokenData *block = buf + k;                     /* (n_blocks,) the maxima, in .logit */
        double nan_sums[LANES] = {0}, nan_sum = 0;
        for (size_t b = 0; b < n_blocks; b++)
            block[b].logit = block_max(logits + b * SELECT_BLOCK, nan_sums);
        for (int j = 0; j < LANES; j++)
            nan_sum += nan_sums[j];
        bool maybe_nan = isnan(nan_sum);
        if ((maybe_nan && any_nan(logits, tail)) || any_nan(logits + tail, n - tail))
            return SAMPLING_ERR_NAN;
        for (size_t b = 0; b < k; b++)
            best_offer(&best, (int32_t)b, block[b].logit);
        double floor = best_worst(&best);
        for (size_t b = k; b < n_blocks; b++) {
            if (block[b].logit > floor) {       /* rare: the first test is all most blocks cost */
                best_offer(&best, (int32_t)b, block[b].logit);
                floor = best_worst(&best);
            }
        }
        best.size = 0;
        for (size_t b = 0; b < n_blocks; b++) {
            if (block[b].logit < floor)
                continue;
            for (size_t i = b * SELECT_BLOCK; i < (b + 1) * SELECT_BLOCK; i++)
                if (logits[i] >= floor)
                    best_offer(&best, (int32_t)i, logits[i]);
        }
        for (size_t i = tail; i < n; i++)
            if (logits[i] >= floor)
                best_offer(&best, (int32_t)i, logits[i]);
    }
    assert(best.size == k);
    if (k > SORTED_MAX)
        qsort(buf, k, sizeof *buf, by_logit_desc);
    return SAMPLING_OK;
}

SamplingStatus candidates_init_top_k(Candidates *c, TokenData *buf, const double *logits, size_t n_vocab,
                                     int32_t top_k)
{
    if (c == NULL || (n_vocab > 0 && (buf == NULL || logits == NULL)))
        return SAMPLING_ERR_NULL;
    if (n_vocab > INT32_MAX)
        return SAMPLING_ERR_PARAM;
    size_t k = top_k > 0 ? (size_t)top_k : 0;
    if (k > 0 && k < n_vocab && k <= HEAP_MAX) {
        SamplingStatus st = select_top_k(buf, logits, n_vocab, k);
        if (st == SAMPLING_OK)
            *c = (Candidates){.data = buf, .size = k, .selected = -1, .sorted = true};
        return st;
    }
    /* Off, everything kept, or a k for the buckets: build the whole array and do what apply_top_k does. */
    Candidates built;
    candidates_init(&built, buf, logits, n_vocab);
    SamplingStatus st = candidates_check(&built);
    if (st != SAMPLING_OK || k == 0) {
        if (st == SAMPLING_OK)
            *c = built;
        return st;
    }
    if (k > n_vocab)
        k = n_vocab;
    candidates_partial_sort(&built, k);
    built.size = k;
    built.sorted = true;
    *c = built;
    return SAMPLING_OK;
}

SamplingStatus candidates_sort(Candidates *c)
{
    SamplingStatus st = candidates_check(c);
    if (st != SAMPLING_OK)
        return st;
    candidates_partial_sort(c, c->size);
    c->sorted = true;
    return SAMPLING_OK;
}

size_t candidates_sort_prefix(Candidates *c, double mass, size_t min_count)
{
    if (c == NULL || (c->data == NULL && c->size > 0))
        return 0;
    if (c->size <= HEAP_MAX) {
        candidates_partial_sort(c, c->size);
        return c->size;
    }
    /* The mass of each bucket says how many buckets, and so how many candidates, the prefix needs. */
    Buckets b = buckets_for(c);
    size_t count[N_BUCKETS + 1] = {0}, k = 0, last = 0;
    double bucket_mass[N_BUCKETS + 1] = {0}, sum = 0;
    for (size_t i = 0; i < c->size; i++) {
        size_t j = bucket_of(&b, c->data[i].logit);
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
        heap_sort_front(c->data, c->size, k);
    else
        sort_buckets_front(c, &b, count, last);
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
        insertion_sort(d, n);
        return;
    }
    double max = d[0].logit, min = d[0].logit;
    for (size_t i = 1; i < n; i++) {
        max = d[i].logit > max ? d[i].logit : max;
        min = d[i].logit < min ? d[i].logit : min;
    }
    double range = max - min;
    if (levels == 0 || !(range > 0) || !isfinite(range)) {
        quick_sort(d, n);
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
                swap(&d[front++], &d[picked[j]]);
            n_picked = 0;
        }
    }
    assert(front == k);
    sort_finite(d, k, SUB_LEVELS);
}

/* How far past the wanted mass candidates_softmax_prefix reaches in its bucket sums: they add the unscaled
 * weights in bucket order, top-p adds the scaled p in sorted order, and the two roundings differ by far less
 * than this (about size * DBL_EPSILON of the total), so the sorted prefix holds top-p's cut. */
#define PREFIX_MARGIN 1e-6

static SamplingStatus softmax_prefix_in(Candidates *c, double mass, size_t min_count, double max, double min,
                                        size_t *prefix, double *sum);

SamplingStatus candidates_softmax_prefix(Candidates *c, double mass, size_t min_count, size_t *prefix,
                                         double *sum)
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

SamplingStatus candidates_softmax_prefix_known(Candidates *c, double mass, size_t min_count, double max,
                                               double min, size_t *prefix, double *sum)
{
    if (c == NULL || (c->data == NULL && c->size > 0) || prefix == NULL || sum == NULL)
        return SAMPLING_ERR_NULL;
    *prefix = 0;
    *sum = 1.0;
    if (isnan(max) || isnan(min))
        return SAMPLING_ERR_PARAM;
    return softmax_prefix_in(c, mass, min_count, max, min, prefix, sum);
}

/* candidates_softmax_prefix after its first pass: max the largest logit, min the smallest that is not -inf,
 * no logit NaN. */
static SamplingStatus softmax_prefix_in(Candidates *c, double mass, size_t min_count, double max, double min,
                                        size_t *prefix, double *sum)
{
    TokenData *d = c->data;
    if (c->size <= HEAP_MAX || c->sorted || !isfinite(max)) {
        /* Small or sorted, all -inf, or a +inf token: the two calls, whose edge cases say what happens. */
        SamplingStatus st = candidates_softmax(c, false);
        if (st == SAMPLING_OK)
            *prefix = c->sorted ? c->size : candidates_sort_prefix(c, mass, min_count);
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
        size_t j = bucket_of(&b, logit);
        d[i].p = weight;
        total += weight;
        count[j]++;
        bucket_weight[j] += weight;
        bucket_min[j] = logit < bucket_min[j] ? logit : bucket_min[j];
    }
    if (isnan(total))       /* a NaN logit candidates_softmax_prefix_known was told is not there */
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
        heap_sort_front(d, c->size, k);
    else if (last == N_BUCKETS)
        sort_buckets_front(c, &b, count, last);
    else
        sort_front_above(c, min_of(bucket_min, last), k);
    for (size_t i = 0; i < k; i++)
        d[i].p /= total;
    c->selected = -1;
    *prefix = k;
    *sum = total;
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
