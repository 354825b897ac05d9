/* test_top_p_prefix.c: top-p's two-pass path on large unsorted arrays (fast_softmax_prefix and the
 * fast_apply_top_p built on it), and the plain apply_top_p, must give exactly what the plain computation gives. The plain computation is
 * written here from the documented rule: p_i = exp(logit_i - max) / sum, the sum taken in array order (the +inf
 * tokens sharing p = 1 when there are any), then a full sort by (logit descending, id ascending) and the walk
 * that keeps the first i + 1 whose p sum reaches top_p, at least min_keep of them (all when it never does).
 * Survivors, their order, logits and p are compared bit for bit, and so are the statuses, on random inputs
 * with ties, -0 and +0, -inf, +inf, NaN, huge and tiny ranges, and logits packed near the cut. Also the
 * chain's path for penalties as the first stage (fast_apply_penalties on the array it has just built)
 * against candidates_init + chain_apply on a second chain with the same history. */
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

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_N 8000

typedef enum { IN_NORMAL, IN_FLAT, IN_TIES, IN_ZEROS, IN_SOME_NEG_INF, IN_ALL_NEG_INF, IN_PLUS_INF, IN_NAN,
               IN_HUGE, IN_TINY, IN_GEOMETRIC, IN_ONE_HIGH, IN_COUNT } InputKind;

/* The kinds by InputKind (fixtures.h). */
static const LogitsKind kinds[IN_COUNT] = {
    [IN_NORMAL]       = {.common = {LOGITS_GAUSSIAN, 3.0, 0}},
    [IN_FLAT]         = {.common = {LOGITS_FLAT, 0, 0}},         /* top-p sorts nearly all */
    [IN_TIES]         = {.common = {LOGITS_LEVELS, 1.0, 6}},
    [IN_ZEROS]        = {.common = {LOGITS_SIGNED_ZEROS, 0, 0}, .one_in = 10, .rare = {LOGITS_VALUE, 1.0, 0}},
    [IN_SOME_NEG_INF] = {.common = {LOGITS_VALUE, -INFINITY, 0}, .one_in = 3, .rare = {LOGITS_GAUSSIAN, 1.0, 0}},
    [IN_ALL_NEG_INF]  = {.common = {LOGITS_VALUE, -INFINITY, 0}},
    [IN_PLUS_INF]     = {.common = {LOGITS_GAUSSIAN, 1.0, 0}, .one_in = 500, .rare = {LOGITS_VALUE, INFINITY, 0}},
    [IN_NAN]          = {.common = {LOGITS_GAUSSIAN, 1.0, 0}, .one_in = 5000, .rare = {LOGITS_VALUE, NAN, 0},
                         .rare_somewhere = true},                /* at least one */
    [IN_HUGE]         = {.common = {LOGITS_HUGE, 0, 0}},         /* max - min overflows */
    [IN_TINY]         = {.common = {LOGITS_TINY, 0, 0}},
    [IN_GEOMETRIC]    = {.common = {LOGITS_GEOMETRIC, 0, 0}},    /* crowds toward 0 */
    [IN_ONE_HIGH]     = {.common = {LOGITS_ONE_HIGH, 40.0, 0}},  /* one token holds it all */
};

/* ===== The plain computation ===== */

/* out (n,): the candidates with the plain softmax p, sorted; returns the status candidates_softmax reports. */
static SamplingStatus reference_softmax_sorted(TokenData *out, const double *x, size_t n)
{
    double max = -INFINITY;
    for (size_t i = 0; i < n; i++) {
        if (isnan(x[i]))
            return SAMPLING_ERR_NAN;
        max = x[i] > max ? x[i] : max;
    }
    double sum = 0;
    for (size_t i = 0; i < n; i++) {
        double w = max == INFINITY ? (x[i] == INFINITY ? 1.0 : 0.0) : exp(x[i] - max);
        out[i] = (TokenData){(int32_t)i, x[i], w};
        sum += w;
    }
    for (size_t i = 0; i < n; i++)
        out[i].p = max == -INFINITY ? 0.0 : out[i].p / sum;
    qsort(out, n, sizeof *out, reference_order);
    return max == -INFINITY ? SAMPLING_ERR_NO_FINITE : SAMPLING_OK;
}

static size_t reference_cut(const TokenData *sorted, size_t n, double top_p, size_t min_keep)
{
    double sum = 0;
    for (size_t i = 0; i < n; i++) {
        sum += sorted[i].p;
        if (sum >= top_p && i + 1 >= min_keep)
            return i + 1;
    }
    return n;
}

static int by_id(const void *a, const void *b)
{
    const TokenData *x = a, *y = b;
    return (x->id > y->id) - (x->id < y->id);
}

static TokenData want[MAX_N], got[MAX_N], rest_want[MAX_N], rest_got[MAX_N];
static double logits[MAX_N];

/* ===== The tests ===== */

static const size_t sizes[] = {1, 3, 1024, 1025, 1100, 5000, MAX_N};
static const double top_ps[] = {0.0, 0.5, 0.95, 0.999, 0.9999999};    /* the last just below 1 as a float */
static const size_t min_keeps[] = {0, 7, 1500};

/* apply_top_p (fast true: fast_apply_top_p) against the plain computation: status, size, sorted, selected,
 * survivors bit for bit. */
static void top_p_against_plain(bool fast)
{
    Rng r;
    rng_seed(&r, 2026);
    int bad = 0, runs = 0;
    for (size_t s = 0; s < N_OF(sizes); s++) {
        for (int kind = 0; kind < IN_COUNT; kind++) {
            size_t n = sizes[s];
            make_logits(logits, n, &kinds[kind], &r);
            SamplingStatus want_st = reference_softmax_sorted(want, logits, n);
            for (size_t t = 0; t < N_OF(top_ps); t++) {
                for (size_t m = 0; m < N_OF(min_keeps); m++) {
                    Candidates c;
                    candidates_init(&c, got, logits, n);
                    SamplingStatus st = fast ? fast_apply_top_p(&c, top_ps[t], min_keeps[m])
                                             : apply_top_p(&c, top_ps[t], min_keeps[m]);
                    bool ok;
                    if (want_st == SAMPLING_ERR_NAN) {
                        ok = st == SAMPLING_ERR_NAN && c.size == n;
                    } else if (want_st == SAMPLING_ERR_NO_FINITE) {
                        /* Nothing to rank: every p 0, nothing cut, the order kept, not marked sorted. */
                        ok = st == SAMPLING_OK && c.size == n && !c.sorted && candidates_in_id_order(&c);
                        for (size_t i = 0; ok && i < n; i++)
                            ok = c.data[i].p == 0.0;
                    } else {
                        size_t keep = reference_cut(want, n, top_ps[t], min_keeps[m]);
                        ok = st == SAMPLING_OK && c.size == keep && c.sorted && c.selected == -1
                             && same_tokens(want, c.data, keep);
                    }
                    bad += !ok;
                    runs++;
                }
            }
        }
    }
    CHECK_INT(0, bad);
    CHECK_INT((int)(N_OF(sizes) * IN_COUNT * N_OF(top_ps) * N_OF(min_keeps)), runs);
}

static void test_top_p_against_plain(void)
{
    top_p_against_plain(false);
    top_p_against_plain(true);
}

/* fast_softmax_prefix's own contract: the prefix is the plain sorted array's first *prefix candidates
 * with their p; the rest holds the other candidates, each with a p that divided by *sum is the plain p bit for
 * bit; and (with its margin, on these inputs) the prefix reaches top-p's cut. */
static void test_prefix_contract(void)
{
    Rng r;
    rng_seed(&r, 77);
    int bad = 0, fast = 0;
    for (size_t s = 0; s < N_OF(sizes); s++) {
        for (int kind = 0; kind < IN_COUNT; kind++) {
            size_t n = sizes[s];
            make_logits(logits, n, &kinds[kind], &r);
            SamplingStatus want_st = reference_softmax_sorted(want, logits, n);
            if (want_st != SAMPLING_OK)
                continue;
            for (size_t t = 0; t < N_OF(top_ps); t++) {
                for (size_t m = 0; m < N_OF(min_keeps); m++) {
                    Candidates c;
                    candidates_init(&c, got, logits, n);
                    size_t prefix = 0;
                    double sum = 0;
                    SamplingStatus st = fast_softmax_prefix(&c, top_ps[t], min_keeps[m], &prefix, &sum);
                    bool ok = st == SAMPLING_OK && prefix >= 1 && prefix <= n && c.size == n && !c.sorted
                              && same_tokens(want, c.data, prefix);
                    size_t needed = reference_cut(want, n, top_ps[t], min_keeps[m]);
                    ok = ok && prefix >= needed;
                    if (ok) {
                        size_t rest = n - prefix;
                        memcpy(rest_want, want + prefix, rest * sizeof *want);
                        memcpy(rest_got, c.data + prefix, rest * sizeof *want);
                        for (size_t i = 0; i < rest; i++)
                            rest_got[i].p /= sum;
                        qsort(rest_want, rest, sizeof *rest_want, by_id);
                        qsort(rest_got, rest, sizeof *rest_got, by_id);
                        ok = same_tokens(rest_want, rest_got, rest);
                    }
                    fast += sum != 1.0;
                    bad += !ok;
                }
            }
        }
    }
    CHECK_INT(0, bad);
    CHECK(fast > 100);      /* most of these took the two-pass path, whose sum is not 1 */
}

/* By hand: 1,100 candidates, token 5 at logit 10 and the rest at 0: p_5 = e^0 / (1 + 1099 e^-10), which is
 * 0.952... of the mass, so top-p 0.95 keeps token 5 alone, with that p. */
static void test_by_hand(void)
{
    size_t n = 1100;
    for (size_t i = 0; i < n; i++)
        logits[i] = i == 5 ? 10.0 : 0.0;
    Candidates c;
    candidates_init(&c, got, logits, n);
    CHECK_INT(SAMPLING_OK, fast_apply_top_p(&c, 0.95, 1));
    CHECK_INT(1, (long long)c.size);
    CHECK_INT(5, c.data[0].id);
    CHECK_NEAR(0.9524766, c.data[0].p, 1e-7);    /* 1 / (1 + 1099 * 4.5399930e-5) = 1 / 1.0498945 */
    /* With min_keep 3 the next two are the lowest ids among the ties: 0 and 1. */
    candidates_init(&c, got, logits, n);
    CHECK_INT(SAMPLING_OK, fast_apply_top_p(&c, 0.95, 3));
    int32_t ids[3] = {c.data[0].id, c.data[1].id, c.data[2].id};
    CHECK_IDS(((int32_t[]){5, 0, 1}), 3, ids, c.size);
    /* NaN anywhere: the status, and nothing cut. */
    logits[1099] = NAN;
    candidates_init(&c, got, logits, n);
    CHECK_INT(SAMPLING_ERR_NAN, fast_apply_top_p(&c, 0.95, 1));
    CHECK_INT(1100, (long long)c.size);
    size_t prefix = 9;
    double sum = 9;
    CHECK_INT(SAMPLING_ERR_NULL, fast_softmax_prefix(NULL, 0.9, 1, &prefix, &sum));
    CHECK_INT(SAMPLING_ERR_NULL, fast_softmax_prefix(&c, 0.9, 1, NULL, &sum));
    Candidates empty = {.data = got, .size = 0, .selected = -1, .sorted = false};
    CHECK_INT(SAMPLING_ERR_EMPTY, fast_softmax_prefix(&empty, 0.9, 1, &prefix, &sum));
}

/* fast_sort (the buckets and the quicksort inside them) and candidates_sort against qsort with the plain order. */
static void test_sort_against_qsort(void)
{
    Rng r;
    rng_seed(&r, 5);
    int bad = 0;
    for (size_t s = 0; s < N_OF(sizes); s++) {
        for (int kind = 0; kind < IN_COUNT; kind++) {
            if (kind == IN_NAN)
                continue;
            size_t n = sizes[s];
            make_logits(logits, n, &kinds[kind], &r);
            for (size_t i = 0; i < n; i++)
                want[i] = (TokenData){(int32_t)i, logits[i], 0.0};
            qsort(want, n, sizeof *want, reference_order);
            Candidates c;
            candidates_init(&c, got, logits, n);
            bad += !(fast_sort(&c) == SAMPLING_OK && c.sorted && same_tokens(want, c.data, n));
            candidates_init(&c, got, logits, n);
            bad += !(candidates_sort(&c) == SAMPLING_OK && c.sorted && same_tokens(want, c.data, n));
        }
    }
    CHECK_INT(0, bad);
}

static void test_chain_penalties_first(void)
{
    SamplingParams topk0 = sampling_params_default();      /* the benchmark's chain with top-k 0 */
    static const SamplerType order[] = {SAMPLER_PENALTIES, SAMPLER_TOP_K, SAMPLER_TOP_P, SAMPLER_MIN_P,
                                        SAMPLER_TEMPERATURE};
    memcpy(topk0.samplers, order, sizeof order);
    topk0.n_samplers = N_OF(order);
    topk0.penalty_repeat = 1.1;
    topk0.penalty_freq = 0.2;
    topk0.penalty_present = -0.3;     /* raises some penalized logits: a new largest logit is possible */
    topk0.top_k = 0;
    topk0.seed = 9;
    SamplingParams topk40 = topk0;
    topk40.top_k = 40;
    SamplingParams flat_p = topk0;    /* top-p keeps nearly everything */
    flat_p.top_p = 0.999;
    flat_p.min_p = 0.0;
    const SamplingParams *params[] = {&topk0, &topk40, &flat_p};
    static const size_t chain_sizes[] = {0, 1, 30, 1025, 3000};
    int32_t history[80];
    Rng r;
    rng_seed(&r, 404);
    int bad = 0;
    for (size_t s = 0; s < N_OF(chain_sizes); s++) {
        size_t n = chain_sizes[s];
        for (int kind = 0; kind < IN_COUNT; kind++) {
            make_logits(logits, n, &kinds[kind], &r);
            for (size_t i = 0; i < N_OF(history); i++)         /* ids past n too: they penalize nothing */
                history[i] = rng_next_int(&r, (int32_t)(n / 2 + 3));
            for (size_t j = 0; j < N_OF(params); j++)
                bad += same_chain_path_mismatches(params[j], logits, n, history, N_OF(history), 3, PATH_ACCEPT, want);
        }
    }
    CHECK_INT(0, bad);
    /* A NaN: the same error as the plain path gives (the penalties stage reports it). */
    make_logits(logits, 3000, &kinds[IN_NORMAL], &r);
    logits[2999] = NAN;
    Chain ch;
    chain_init_from_params(&ch, &topk0, 3000);
    (void)chain_accept(&ch, 5);
    Candidates c;
    CHECK_INT(SAMPLING_ERR_NAN, chain_apply_logits(&ch, logits, 3000, &c));
    chain_free(&ch);
}

void test_top_p_prefix(void)
{
    test_top_p_against_plain();
    test_prefix_contract();
    test_by_hand();
    test_sort_against_qsort();
    test_chain_penalties_first();
}
