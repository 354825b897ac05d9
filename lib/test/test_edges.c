/* test_edges.c: every sampler and the draw on the inputs that break engines: every logit -inf, one logit
 * NaN, an empty vocabulary, and NULL. Each must return the status its header documents, keep size within
 * bounds and leave `selected` either -1 or a valid index. */
#include "adaptive_p.h"
#include "candidates.h"
#include "check.h"
#include "dry.h"
#include "filters.h"
#include "penalties.h"
#include "sample.h"
#include "tests.h"

#include <math.h>
#include <stdio.h>

static const int32_t history[] = {0, 1, 0, 1, 2, 0, 1};
#define N_HISTORY (sizeof history / sizeof history[0])

static SamplingStatus run_penalties(Candidates *c)
{
    return apply_penalties(c, history, N_HISTORY, &(PenaltyParams){64, 1.3, 0.5, 0.5});
}
static SamplingStatus run_bias(Candidates *c)
{
    return apply_logit_bias(c, &(LogitBias){1, 2.0}, 1);
}
static SamplingStatus run_dry(Candidates *c)
{
    return apply_dry(c, history, N_HISTORY, &(DryParams){0.8, 1.75, 2, 64, NULL, 0});
}
static SamplingStatus run_top_k(Candidates *c) { return apply_top_k(c, 2); }
static SamplingStatus run_top_p(Candidates *c) { return apply_top_p(c, 0.5, 1); }
static SamplingStatus run_min_p(Candidates *c) { return apply_min_p(c, 0.1, 1); }
static SamplingStatus run_typical(Candidates *c) { return apply_typical(c, 0.5, 1); }
static SamplingStatus run_top_n_sigma(Candidates *c) { return apply_top_n_sigma(c, 1.0); }
static SamplingStatus run_xtc(Candidates *c) { return apply_xtc(c, 1.0, 0.1, 1, 0.5); }
static SamplingStatus run_temp(Candidates *c) { return apply_temp(c, 0.7); }
static SamplingStatus run_greedy_temp(Candidates *c) { return apply_temp(c, 0.0); }
static SamplingStatus run_temp_ext(Candidates *c) { return apply_temp_ext(c, 0.8, 0.5, 1.0); }
static SamplingStatus run_softmax(Candidates *c) { return candidates_softmax(c, true); }
static SamplingStatus run_dist(Candidates *c) { return sample_dist(c, 0.5); }
static SamplingStatus run_greedy(Candidates *c) { return sample_greedy(c); }
static SamplingStatus run_mirostat(Candidates *c)
{
    MirostatState st;
    mirostat_init(&st, 3.0, 0.1);
    return sample_mirostat(c, &st, 100, 4, coin_fixed, &(double){0.5});
}
static SamplingStatus run_mirostat_v2(Candidates *c)
{
    MirostatState st;
    mirostat_init(&st, 3.0, 0.1);
    return sample_mirostat_v2(c, &st, coin_fixed, &(double){0.5});
}
static SamplingStatus run_adaptive_p(Candidates *c)
{
    AdaptivePState st;
    float original[4];
    adaptive_p_init(&st, 0.3, 0.9);
    return sample_adaptive_p(c, &st, original, coin_fixed, &(double){0.5});
}

typedef struct {
    const char *name;
    SamplingStatus (*run)(Candidates *);
    SamplingStatus all_inf;     /* documented status when every logit is -inf */
    SamplingStatus empty;       /* ... for an empty array */
} Sampler;

static const Sampler samplers[] = {
    {"penalties", run_penalties, SAMPLING_OK, SAMPLING_OK},
    {"logit-bias", run_bias, SAMPLING_OK, SAMPLING_OK},
    {"dry", run_dry, SAMPLING_OK, SAMPLING_OK},
    {"top-k", run_top_k, SAMPLING_OK, SAMPLING_OK},
    {"top-p", run_top_p, SAMPLING_OK, SAMPLING_OK},
    {"min-p", run_min_p, SAMPLING_OK, SAMPLING_OK},
    {"typical", run_typical, SAMPLING_OK, SAMPLING_OK},
    {"top-n-sigma", run_top_n_sigma, SAMPLING_OK, SAMPLING_OK},
    {"xtc", run_xtc, SAMPLING_OK, SAMPLING_OK},
    {"temp", run_temp, SAMPLING_OK, SAMPLING_OK},
    {"temp 0", run_greedy_temp, SAMPLING_OK, SAMPLING_OK},
    {"temp-ext", run_temp_ext, SAMPLING_OK, SAMPLING_OK},
    {"softmax", run_softmax, SAMPLING_ERR_NO_FINITE, SAMPLING_ERR_EMPTY},
    {"dist", run_dist, SAMPLING_ERR_NO_FINITE, SAMPLING_ERR_EMPTY},
    {"greedy", run_greedy, SAMPLING_ERR_NO_FINITE, SAMPLING_ERR_EMPTY},
    {"mirostat", run_mirostat, SAMPLING_ERR_NO_FINITE, SAMPLING_ERR_EMPTY},
    {"mirostat-v2", run_mirostat_v2, SAMPLING_ERR_NO_FINITE, SAMPLING_ERR_EMPTY},
    {"adaptive-p", run_adaptive_p, SAMPLING_ERR_NO_FINITE, SAMPLING_ERR_EMPTY},
};

/* Runs one sampler on logits (n,) and checks its status and that size and selected stay in bounds. */
static void check_case(const Sampler *s, const char *input, const double *logits, size_t n, SamplingStatus want)
{
    TokenData buf[4];
    Candidates c;
    candidates_init(&c, buf, logits, n);
    SamplingStatus got = s->run(&c);
    bool bounded = c.size <= n && c.selected >= -1 && (c.selected < 0 || (size_t)c.selected < c.size);
    if (got != want || !bounded) {
        check_true(__FILE__, __LINE__, 0, s->name);
        printf("    on %s: status %d (want %d), size %zu, selected %td\n", input, got, want, c.size, c.selected);
    } else {
        check_passed++;
    }
}

void test_edges(void)
{
    const double all_inf[4] = {-INFINITY, -INFINITY, -INFINITY, -INFINITY};
    const double one_nan[4] = {0.5, NAN, 1.0, -1.0};
    for (size_t i = 0; i < sizeof samplers / sizeof samplers[0]; i++) {
        const Sampler *s = &samplers[i];
        check_case(s, "all -inf", all_inf, 4, s->all_inf);
        check_case(s, "one NaN", one_nan, 4, SAMPLING_ERR_NAN);
        check_case(s, "empty", all_inf, 0, s->empty);
        check_true(__FILE__, __LINE__, s->run(NULL) == SAMPLING_ERR_NULL, s->name);
        Candidates null_data = {.data = NULL, .size = 3, .selected = -1};
        check_true(__FILE__, __LINE__, s->run(&null_data) == SAMPLING_ERR_NULL, s->name);
    }
}
