/* test_top_p_known.c: top-p with the range of the logits already known (fast_apply_top_p_known,
 * fast_softmax_prefix_known) and the chain's use of it when penalties act first and top-p next
 * (chain_apply_logits works out the range in its pass over the logits, then adjusts it for the penalized
 * tokens). Both are compared bit for bit with the plain computation: apply_top_p on a copy, and
 * candidates_init + chain_apply on a second chain, on random logits with ties, -0 and +0, -inf, +inf and NaN,
 * and histories that penalize the largest and the smallest logit. A range left as it was before the penalties
 * would show: a penalty that lifts a logit 800 above the rest (e^800 overflows) or one that pushes a lone
 * logit of 1000 down (e^-997 underflows to 0) changes the cut. */
#include "candidates.h"
#include "chain.h"
#include "check.h"
#include "fast/fast.h"
#include "fast/sort_impl.h"
#include "filters.h"
#include "fixtures.h"
#include "rng.h"
#include "same.h"
#include "tests.h"

#include <math.h>
#include <string.h>

#define MAX_N 20000

typedef enum { IN_NORMAL, IN_TIES, IN_ZEROS, IN_SOME_NEG_INF, IN_ALL_NEG_INF, IN_PLUS_INF, IN_FLAT,
               IN_ONE_HIGH, IN_COUNT } InputKind;

/* The kinds by InputKind (fixtures.h). */
static const LogitsKind kinds[IN_COUNT] = {
    [IN_NORMAL]       = {.common = {LOGITS_GAUSSIAN, 3.0, 0}},
    [IN_TIES]         = {.common = {LOGITS_LEVELS, 0.5, 24}},      /* many equal logits */
    [IN_ZEROS]        = {.common = {LOGITS_UNIFORM, -1.0, 0}, .one_in = 3, .rare = {LOGITS_SIGNED_ZEROS, 0, 0}},
    [IN_SOME_NEG_INF] = {.common = {LOGITS_GAUSSIAN, 3.0, 0}, .one_in = 3, .rare = {LOGITS_VALUE, -INFINITY, 0}},
    [IN_ALL_NEG_INF]  = {.common = {LOGITS_VALUE, -INFINITY, 0}},
    [IN_PLUS_INF]     = {.common = {LOGITS_GAUSSIAN, 1.0, 0}, .one_in = 500, .rare = {LOGITS_VALUE, INFINITY, 0}},
    [IN_FLAT]         = {.common = {LOGITS_FLAT, 0, 0}},
    [IN_ONE_HIGH]     = {.common = {LOGITS_ONE_HIGH, 1000.0, 0}},  /* e^-997 is 0 */
};

/* The largest of x (n,) and the smallest that is not -inf, the plain way. */
static void plain_range(const double *x, size_t n, double *max, double *min)
{
    *max = -INFINITY;
    *min = INFINITY;
    for (size_t i = 0; i < n; i++) {
        *max = x[i] > *max ? x[i] : *max;
        if (x[i] != -INFINITY)
            *min = x[i] < *min ? x[i] : *min;
    }
}

static TokenData want_buf[MAX_N], got_buf[MAX_N];
static double logits[MAX_N];

static const size_t sizes[] = {1, 3, 1024, 1025, 3000, MAX_N};

/* fast_apply_top_p_known with the plain range against apply_top_p. */
static void test_known_against_plain(void)
{
    static const double top_ps[] = {0.0, 0.5, 0.95, 0.999};
    static const size_t min_keeps[] = {0, 7, 1500};
    Rng r;
    rng_seed(&r, 2024);
    int bad = 0, runs = 0;
    for (size_t s = 0; s < N_OF(sizes); s++) {
        for (int kind = 0; kind < IN_COUNT; kind++) {
            size_t n = sizes[s];
            make_logits(logits, n, &kinds[kind], &r);
            double max, min;
            plain_range(logits, n, &max, &min);
            for (size_t t = 0; t < N_OF(top_ps); t++) {
                for (size_t m = 0; m < N_OF(min_keeps); m++) {
                    Candidates want, got;
                    candidates_init(&want, want_buf, logits, n);
                    candidates_init(&got, got_buf, logits, n);
                    SamplingStatus want_st = apply_top_p(&want, top_ps[t], min_keeps[m]);
                    SamplingStatus got_st = fast_apply_top_p_known(&got, top_ps[t], min_keeps[m], max, min);
                    bad += !same_candidates(want_st, &want, got_st, &got);
                    runs++;
                }
            }
        }
    }
    CHECK_INT(0, bad);
    CHECK_INT((int)(N_OF(sizes) * IN_COUNT * 4 * 3), runs);
}

/* Bad input, and a range that is wrong: a wrong cut, but every candidate stays and nothing breaks. */
static void test_known_bad_input(void)
{
    for (size_t i = 0; i < 2000; i++)
        logits[i] = (double)(i % 100);
    Candidates c;
    candidates_init(&c, got_buf, logits, 2000);
    CHECK_INT(SAMPLING_ERR_NULL, fast_apply_top_p_known(NULL, 0.9, 1, 99, 0));
    CHECK_INT(SAMPLING_ERR_PARAM, fast_apply_top_p_known(&c, 0.9, 1, NAN, 0));
    CHECK_INT(SAMPLING_ERR_PARAM, fast_apply_top_p_known(&c, 0.9, 1, 99, NAN));
    CHECK_INT(SAMPLING_ERR_PARAM, fast_apply_top_p_known(&c, NAN, 1, 99, 0));
    CHECK_INT(2000, (long long)c.size);
    size_t prefix = 7;
    double sum = 7;
    CHECK_INT(SAMPLING_ERR_NULL, fast_softmax_prefix_known(&c, 0.9, 1, 99, 0, NULL, &sum));
    CHECK_INT(SAMPLING_ERR_PARAM, fast_softmax_prefix_known(&c, 0.9, 1, NAN, 0, &prefix, &sum));
    CHECK_INT(0, (long long)prefix);
    /* max 50 while the logits reach 99: the larger ones fall in the first bucket, no index past the end. */
    CHECK_INT(SAMPLING_OK, fast_softmax_prefix_known(&c, 0.9, 1, 50, 0, &prefix, &sum));
    CHECK(prefix >= 1 && prefix <= 2000);
    long long ids = 0;
    for (size_t i = 0; i < 2000; i++)
        ids += c.data[i].id;
    CHECK_INT(1999LL * 2000 / 2, ids);      /* every candidate still there once */
    /* The same 2,000 logits with the true range: top-p 0.9 of e^(x - 99) over 20 copies of 0..99. The
     * weights fall by e per value, so the 40 tokens of 99 and 98 hold 1 - e^-2 = 0.8647 of the mass (to 1e-40)
     * and each token of 97 adds e^-2 (1 - e^-1) / 20 = 0.0042774: 0.0353 more needs 9 of them (8.26). So 49
     * survivors, the last the 9th 97 by id: 97 + 8 * 100 = 897. */
    candidates_init(&c, got_buf, logits, 2000);
    CHECK_INT(SAMPLING_OK, fast_apply_top_p_known(&c, 0.9, 1, 99, 0));
    CHECK_INT(49, (long long)c.size);
    CHECK_INT(99, c.data[0].id);
    CHECK_INT(897, c.data[48].id);
    CHECK_BITS(97.0, c.data[48].logit);
    /* A NaN logit the caller did not know of: still the error, nothing cut. */
    logits[1500] = NAN;
    candidates_init(&c, got_buf, logits, 2000);
    CHECK_INT(SAMPLING_ERR_NAN, fast_apply_top_p_known(&c, 0.9, 1, 99, 0));
    CHECK_INT(2000, (long long)c.size);
}

/* The index of the largest (sign 1) or smallest finite (sign -1) logit of x (n,); 0 when there is none. */
static int32_t extreme_id(const double *x, size_t n, int sign)
{
    int32_t best = 0;
    double v = sign > 0 ? -INFINITY : INFINITY;
    for (size_t i = 0; i < n; i++)
        if (isfinite(x[i]) && (sign > 0 ? x[i] > v : x[i] < v)) {
            v = x[i];
            best = (int32_t)i;
        }
    return best;
}

/* The chain: penalties first (top-k 0, so top-p acts next), with histories that hold the largest and the
 * smallest logit, penalties that lower and that raise logits, and the top-k 40 and DRY-free variants. */
static void test_chain_known_range(void)
{
    SamplingParams lower = sampling_params_default();
    static const SamplerType order[] = {SAMPLER_PENALTIES, SAMPLER_DRY, SAMPLER_TOP_K, SAMPLER_TYPICAL_P,
                                        SAMPLER_TOP_P, SAMPLER_MIN_P, SAMPLER_TEMPERATURE};
    memcpy(lower.samplers, order, sizeof order);
    lower.n_samplers = N_OF(order);
    lower.penalty_last_n = 64;
    lower.penalty_repeat = 1.1;
    lower.penalty_freq = 0.2;
    lower.top_k = 0;
    lower.seed = 11;
    SamplingParams raise = lower;       /* a negative presence penalty raises penalized logits */
    raise.penalty_present = -2.5;
    raise.penalty_repeat = 0.5;
    SamplingParams huge = lower;        /* pushes a penalized logit below every other */
    huge.penalty_freq = 1e6;
    huge.min_p = 0.0;                   /* min-p would otherwise hide top-p's cut behind its own */
    SamplingParams boost = lower;       /* lifts penalized logits 800 above the rest: e^800 overflows */
    boost.penalty_present = -800;
    boost.min_p = 0.0;
    SamplingParams keep = lower;
    keep.min_keep = 40;
    keep.top_p = 0.5;
    const SamplingParams *params[] = {&lower, &raise, &huge, &boost, &keep};
    int32_t history[70];
    Rng r;
    rng_seed(&r, 5150);
    int bad = 0;
    for (size_t s = 0; s < N_OF(sizes); s++) {
        size_t n = sizes[s];
        for (int kind = 0; kind < IN_COUNT; kind++) {
            make_logits(logits, n, &kinds[kind], &r);
            for (int variant = 0; variant < 3; variant++) {
                for (size_t i = 0; i < N_OF(history); i++)
                    history[i] = rng_next_int(&r, (int32_t)n + 2);      /* ids past n penalize nothing */
                if (variant >= 1)
                    history[N_OF(history) - 1] = extreme_id(logits, n, 1);
                if (variant == 2)
                    history[N_OF(history) - 2] = extreme_id(logits, n, -1);
                for (size_t j = 0; j < N_OF(params); j++)
                    bad += same_chain_path_mismatches(params[j], logits, n, history, N_OF(history), 2, PATH_ACCEPT,
                                                 want_buf);
            }
        }
    }
    CHECK_INT(0, bad);
    /* NaN anywhere, also at a penalized token: the plain path's error. */
    make_logits(logits, 3000, &kinds[IN_NORMAL], &r);
    for (size_t i = 0; i < N_OF(history); i++)
        history[i] = (int32_t)i;
    logits[5] = NAN;
    CHECK_INT(0, same_chain_path_mismatches(&lower, logits, 3000, history, N_OF(history), 1, PATH_ACCEPT, want_buf));
    logits[5] = 1.0;
    logits[2999] = NAN;
    CHECK_INT(0, same_chain_path_mismatches(&lower, logits, 3000, history, N_OF(history), 1, PATH_ACCEPT, want_buf));
}

void test_top_p_known(void)
{
    test_known_against_plain();
    test_known_bad_input();
    test_chain_known_range();
}
