/* top_k.c: top-k for large arrays: the best k straight from the logits (fast_candidates_init_top_k, equal to
 * candidates_init + apply_top_k), and in place with a heap or buckets (fast_apply_top_k, equal to
 * apply_top_k). */
#include "fast.h"
#include "sort_impl.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>

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
                fast_sift_down(b->d, b->k, i);
    } else {
        b->d[0] = next;
        fast_sift_down(b->d, b->k, 0);
    }
}

/* The logits as top-k sees them: logits (n,), except the tokens of over (n_over,), sorted by id with no id twice,
 * whose logit replaces theirs (the few tokens that stages before top-k changed). */
typedef struct {
    const double *logits;
    const TokenData *over;
    size_t n_over;
} Logits;

/* The largest logit of block b (SELECT_BLOCK tokens from b * SELECT_BLOCK) with its overrides over[j..end). */
static double block_max_over(const Logits *x, size_t b, size_t j, size_t end)
{
    double m = -INFINITY;
    for (size_t i = b * SELECT_BLOCK; i < (b + 1) * SELECT_BLOCK; i++) {
        double v = j < end && (size_t)x->over[j].id == i ? x->over[j++].logit : x->logits[i];
        m = larger(m, v);
    }
    return m;
}

/* The largest logit of block b, whose largest before its overrides over[j..end) was max: a raised logit can
 * only raise it, and a lowered one lowers it only if it was the largest, so the block is read again only
 * then. */
static double block_max_after(const Logits *x, size_t b, double max, size_t j, size_t end)
{
    double raised = max;
    for (size_t o = j; o < end; o++) {
        double before = x->logits[x->over[o].id], now = x->over[o].logit;
        if (now < before && before == max)
            return block_max_over(x, b, j, end);
        raised = larger(raised, now);
    }
    return raised;
}

/* Offers the tokens from..to of x whose logit is at least floor, in id order; *j is the first override not
 * yet passed, and moves on past to. */
static void offer_range(Best *best, const Logits *x, size_t from, size_t to, double floor, size_t *j)
{
    while (*j < x->n_over && (size_t)x->over[*j].id < from)
        (*j)++;
    if (*j == x->n_over || (size_t)x->over[*j].id >= to) {      /* no override here: the plain loop */
        for (size_t i = from; i < to; i++)
            if (x->logits[i] >= floor)
                best_offer(best, (int32_t)i, x->logits[i]);
        return;
    }
    for (size_t i = from; i < to; i++) {
        double v = *j < x->n_over && (size_t)x->over[*j].id == i ? x->over[(*j)++].logit : x->logits[i];
        if (v >= floor)
            best_offer(best, (int32_t)i, v);
    }
}

/* Writes the k best of x (n tokens, 0 < k < n) as candidates to buf[0..k), sorted as candidates_sort sorts,
 * or returns SAMPLING_ERR_NAN when a logit is NaN; buf (n,) is scratch beyond k. In three steps:
 * 1. One pass stores the maximum of every block of SELECT_BLOCK logits (in buf[k..], as logits), and sums
 *    the logits: a NaN sum means a NaN logit, or an infinity or an overflow (told apart by one more pass).
 *    The few blocks that hold an override get their maximum again, with it.
 * 2. The k-th largest block maximum is the floor: k blocks each hold a logit at or above it, so the k best
 *    logits all are, and they sit in blocks whose maximum is too.
 * 3. Only the logits at or above the floor in those blocks (and in the last, partial block) are offered to
 *    Best, in id order: about k blocks of the n / SELECT_BLOCK are read again.
 * With fewer than k blocks (or no room in buf for their maxima) every logit is offered instead. */
static SamplingStatus select_top_k(TokenData *buf, const Logits *x, size_t n, size_t k)
{
    size_t n_blocks = n / SELECT_BLOCK, tail = n_blocks * SELECT_BLOCK, j = 0;
    for (size_t o = 0; o < x->n_over; o++)
        if (isnan(x->over[o].logit))
            return SAMPLING_ERR_NAN;
    Best best = {buf, k, 0};
    if (k > n_blocks || k + n_blocks > n) {
        if (any_nan(x->logits, n))
            return SAMPLING_ERR_NAN;
        offer_range(&best, x, 0, n, -INFINITY, &j);
    } else {
        TokenData *block = buf + k;                     /* (n_blocks,) the maxima, in .logit */
        double nan_sums[LANES] = {0}, nan_sum = 0;
        for (size_t b = 0; b < n_blocks; b++)
            block[b].logit = block_max(x->logits + b * SELECT_BLOCK, nan_sums);
        for (int l = 0; l < LANES; l++)
            nan_sum += nan_sums[l];
        bool maybe_nan = isnan(nan_sum);
        if ((maybe_nan && any_nan(x->logits, tail)) || any_nan(x->logits + tail, n - tail))
            return SAMPLING_ERR_NAN;
        for (size_t o = 0; o < x->n_over;) {           /* the maxima of the blocks with an override */
            size_t b = (size_t)x->over[o].id / SELECT_BLOCK, end = o;
            while (end < x->n_over && (size_t)x->over[end].id / SELECT_BLOCK == b)
                end++;
            if (b < n_blocks)
                block[b].logit = block_max_after(x, b, block[b].logit, o, end);
            o = end;
        }
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
        for (size_t b = 0; b < n_blocks; b++)
            if (block[b].logit >= floor)
                offer_range(&best, x, b * SELECT_BLOCK, (b + 1) * SELECT_BLOCK, floor, &j);
        offer_range(&best, x, tail, n, floor, &j);
    }
    assert(best.size == k);
    if (k > SORTED_MAX)
        qsort(buf, k, sizeof *buf, candidates_compare);
    return SAMPLING_OK;
}

SamplingStatus fast_candidates_init_top_k(Candidates *c, TokenData *buf, const double *logits, size_t n_vocab,
                                          int32_t top_k)
{
    return fast_candidates_init_top_k_over(c, buf, logits, n_vocab, top_k, NULL, 0);
}

SamplingStatus fast_candidates_init_top_k_over(Candidates *c, TokenData *buf, const double *logits, size_t n_vocab,
                                               int32_t top_k, const TokenData *overrides, size_t n_overrides)
{
    if (c == NULL || (n_vocab > 0 && (buf == NULL || logits == NULL)) || (overrides == NULL && n_overrides > 0))
        return SAMPLING_ERR_NULL;
    if (n_vocab > INT32_MAX)
        return SAMPLING_ERR_PARAM;
    for (size_t o = 0; o < n_overrides; o++)
        if (overrides[o].id < 0 || (size_t)overrides[o].id >= n_vocab
            || (o > 0 && overrides[o].id <= overrides[o - 1].id))
            return SAMPLING_ERR_PARAM;
    size_t k = top_k > 0 ? (size_t)top_k : 0;
    if (k > 0 && k < n_vocab && k <= FAST_TOP_K_MAX) {
        Logits x = {logits, overrides, n_overrides};
        SamplingStatus st = select_top_k(buf, &x, n_vocab, k);
        if (st == SAMPLING_OK)
            *c = (Candidates){.data = buf, .size = k, .selected = -1, .sorted = true};
        return st;
    }
    /* Off, everything kept, or a k for the buckets: build the whole array, override, and run top-k. */
    Candidates built;
    candidates_init(&built, buf, logits, n_vocab);
    for (size_t o = 0; o < n_overrides; o++)
        buf[overrides[o].id].logit = overrides[o].logit;
    SamplingStatus st = fast_apply_top_k(&built, top_k);
    if (st == SAMPLING_OK)
        *c = built;
    return st;
}

SamplingStatus fast_apply_top_k(Candidates *c, int32_t k)
{
    SamplingStatus st = candidates_check(c);
    if (st != SAMPLING_OK || k <= 0)
        return st;
    size_t keep = (size_t)k < c->size ? (size_t)k : c->size;
    if (!c->sorted)
        fast_partial_sort(c, keep);
    c->size = keep;
    c->sorted = true;
    return SAMPLING_OK;
}
