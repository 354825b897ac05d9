/* test_property.c: a seeded property test. Random vocabularies (1 to 5,000 tokens), logits with -inf entries,
 * ties and extreme values, random chains (order, duplicates, mirostat, adaptive-p) and parameters (edge values
 * included),
 * random histories with ids outside the vocabulary. After every stage (chain_apply_traced):
 * - a token that survives is one whose logit is not -inf; when any survived into a stage, at least one does
 *   after it, and top-p, min-p, typical and XTC (the samplers that take min_keep) leave at least
 *   min(size before, max(1, min_keep)) candidates;
 * - the softmax over the survivors is finite and sums to 1 within 1e-9;
 * - penalties with repeat >= 1, frequency >= 0 and presence >= 0 never raise a logit;
 * - temperature <= 0 leaves exactly one survivor;
 * - the drawn token is one that survived the stage before the draw, and p after the draw sums to 1 (within
 *   1e-9; within size * FLT_EPSILON after adaptive-p, whose p are floats over a float sum);
 * - the chain succeeds whenever a survivor went in, and reports SAMPLING_ERR_NO_FINITE when none did;
 * - the same seed gives the same draws.
 * A failure prints the case number and its seed; PROPERTY_CASE=N build/bin/test_lib replays case N alone. */
#include "chain.h"
#include "check.h"
#include "rng.h"
#include "tests.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CASES 250
#define STEPS 3
#define MAX_VOCAB 5000
#define MASTER_SEED 20261129

typedef struct {
    const SamplingParams *params;
    size_t n_vocab;
    double before[MAX_VOCAB];   /* logit by id before the current stage; NAN: not in the array */
    size_t size_before, alive_before;
    int case_no;
    bool failed;
} Probe;

static double pick(Rng *r, const double *values, int n)
{
    return values[rng_next_int(r, n)];
}
#define PICK(r, ...) pick((r), (const double[]){__VA_ARGS__}, (int)(sizeof((double[]){__VA_ARGS__}) / sizeof(double)))

static void random_logits(Rng *r, double *logits, size_t n)
{
    double sigma = PICK(r, 0.1, 1.0, 3.0, 30.0);
    double p_inf = PICK(r, 0.0, 0.1, 0.5, 0.99, 1.0);
    bool ties = rng_next_int(r, 3) == 0;
    for (size_t i = 0; i < n; i++) {
        double u = rng_next_double(r);
        if (u < p_inf)
            logits[i] = -INFINITY;
        else if (u < p_inf + 0.01)
            logits[i] = PICK(r, 1e300, -1e300, DBL_MAX, -DBL_MAX);
        else
            logits[i] = ties ? round(2 * rng_next_gaussian(r)) / 2 : sigma * rng_next_gaussian(r);
    }
}

static void random_params(Rng *r, SamplingParams *p, size_t n_vocab, DryBreaker *breakers, int32_t *breaker_tokens)
{
    static const int32_t eog[] = {0};
    *p = sampling_params_default();
    p->seed = (uint32_t)rng_next_int(r, 1000);
    p->min_keep = (int32_t)PICK(r, 0, 0, 1, 3, 10, 6000);
    p->top_k = (int32_t)PICK(r, 0, -1, 1, 5, 40, (double)n_vocab + 10);
    p->top_p = PICK(r, 1.0, 0.95, 0.5, 0.0, -0.5, 1.5);
    p->min_p = PICK(r, 0.0, 0.05, 0.5, 1.0, 2.0);
    p->xtc_probability = PICK(r, 0.0, 0.5, 1.0);
    p->xtc_threshold = PICK(r, 0.1, 0.01, 0.5, 0.6, 0.0, -0.1);
    p->typ_p = PICK(r, 1.0, 0.9, 0.5, 0.0, -1.0);
    p->temp = PICK(r, 0.8, 1.0, 0.0, -1.0, 0.2, 5.0);
    p->dynatemp_range = PICK(r, 0.0, 0.0, 0.5, 2.0);
    p->dynatemp_exponent = PICK(r, 1.0, 0.5, 2.0);
    p->penalty_last_n = (int32_t)PICK(r, 64, 0, -1, 5, 1000);
    p->penalty_repeat = PICK(r, 1.0, 1.1, 1.5, 3.0, 0.5);
    p->penalty_freq = PICK(r, 0.0, 0.5, -0.5);
    p->penalty_present = PICK(r, 0.0, 0.3);
    p->dry_multiplier = PICK(r, 0.0, 0.8);
    p->dry_base = PICK(r, 1.75, 1.0, 0.9, 3.0);
    p->dry_allowed_length = (int32_t)PICK(r, 0, 2, 4);
    p->dry_penalty_last_n = (int32_t)PICK(r, 64, 0, -1, 3);
    p->n_dry_breakers = (size_t)rng_next_int(r, 4);
    for (size_t b = 0; b < p->n_dry_breakers; b++) {
        breakers[b] = (DryBreaker){&breaker_tokens[3 * b], 1 + (size_t)rng_next_int(r, 3)};
        for (int t = 0; t < 3; t++)
            breaker_tokens[3 * b + (size_t)t] = rng_next_int(r, (int32_t)n_vocab + 3);
    }
    p->dry_breakers = breakers;
    p->mirostat = (int32_t)PICK(r, 0, 0, 0, 1, 2);
    p->mirostat_tau = PICK(r, 5.0, 0.5, 10.0);
    p->mirostat_eta = PICK(r, 0.1, 1.0);
    p->top_n_sigma = PICK(r, -1.0, 0.5, 2.0);
    p->n_logit_bias = (size_t)rng_next_int(r, 4);
    for (size_t b = 0; b < p->n_logit_bias; b++)
        p->logit_bias[b] = (LogitBias){rng_next_int(r, (int32_t)n_vocab + 4) - 2,
                                       PICK(r, -INFINITY, INFINITY, 2.0, -100.0)};
    p->ignore_eos = rng_next_int(r, 4) == 0;
    p->eog_tokens = eog;
    p->n_eog_tokens = 1;
    p->n_samplers = (size_t)rng_next_int(r, 13);
    for (size_t i = 0; i < p->n_samplers; i++)
        p->samplers[i] = (SamplerType)rng_next_int(r, SAMPLER_TEMPERATURE + 1);
    if (rng_next_int(r, 3) == 0) {      /* adaptive-p anywhere in the list: it ends the chain */
        size_t at = (size_t)rng_next_int(r, (int32_t)p->n_samplers + 1);
        memmove(&p->samplers[at + 1], &p->samplers[at], (p->n_samplers++ - at) * sizeof p->samplers[0]);
        p->samplers[at] = SAMPLER_ADAPTIVE_P;
        p->adaptive_target = PICK(r, -1.0, 0.0, 0.3, 0.9, 1.0, 1.5);
        p->adaptive_decay = PICK(r, 0.9, 0.0, 0.5, 0.99, 1.5);
    }
}

static size_t count_alive(const Candidates *c)
{
    size_t n = 0;
    for (size_t i = 0; i < c->size; i++)
        n += c->data[i].logit != -INFINITY;
    return n;
}

static void remember(Probe *pr, const Candidates *c)
{
    for (size_t i = 0; i < pr->n_vocab; i++)
        pr->before[i] = NAN;
    for (size_t i = 0; i < c->size; i++)
        pr->before[c->data[i].id] = c->data[i].logit;
    pr->size_before = c->size;
    pr->alive_before = count_alive(c);
}

static void fail(Probe *pr, const Stage *stage, const char *what)
{
    if (!pr->failed)
        printf("%s:%d: property test case %d (replay: PROPERTY_CASE=%d): %s after %s\n", __FILE__, __LINE__,
               pr->case_no, pr->case_no, what, stage_name(stage));
    pr->failed = true;
}

static bool softmax_sums_to_one(const Candidates *c)
{
    static TokenData copy[MAX_VOCAB];
    Candidates alive = {copy, 0, -1, false};
    for (size_t i = 0; i < c->size; i++)
        if (c->data[i].logit != -INFINITY)
            copy[alive.size++] = c->data[i];
    if (alive.size == 0)
        return true;
    if (candidates_softmax(&alive, false) != SAMPLING_OK)
        return false;
    double sum = 0;
    for (size_t i = 0; i < alive.size; i++)
        sum += alive.data[i].p;
    return fabs(sum - 1) <= 1e-9;
}

static void check_stage(void *user, const Stage *stage, const Candidates *c)
{
    Probe *pr = user;
    const SamplingParams *p = pr->params;
    size_t alive = count_alive(c), min_keep = p->min_keep > 0 ? (size_t)p->min_keep : 1;
    if (pr->alive_before > 0 && alive == 0)
        fail(pr, stage, "no survivor left");
    bool takes_min_keep = stage->type == STAGE_TOP_P || stage->type == STAGE_MIN_P || stage->type == STAGE_TYPICAL
                       || stage->type == STAGE_XTC;
    if (takes_min_keep && c->size < (pr->size_before < min_keep ? pr->size_before : min_keep))
        fail(pr, stage, "fewer than min_keep candidates");
    if (!softmax_sums_to_one(c))
        fail(pr, stage, "the survivors' probabilities do not sum to 1");
    if (stage->type == STAGE_PENALTIES && !stage->empty && p->penalty_repeat >= 1 && p->penalty_freq >= 0
        && p->penalty_present >= 0)
        for (size_t i = 0; i < c->size; i++)
            if (c->data[i].logit > pr->before[c->data[i].id])
                fail(pr, stage, "a penalty raised a logit");
    bool greedy = (stage->type == STAGE_TEMP || (stage->type == STAGE_TEMP_EXT && p->dynatemp_range <= 0))
               && !stage->empty && p->temp <= 0;
    if (greedy && pr->alive_before > 0 && alive != 1)
        fail(pr, stage, "temperature <= 0 left more or fewer than one survivor");
    if (c->selected >= 0) {
        const TokenData *t = &c->data[c->selected];
        double sum = 0;
        for (size_t i = 0; i < c->size; i++)
            sum += c->data[i].p;
        if ((size_t)c->selected >= c->size || t->logit == -INFINITY || !(pr->before[t->id] > -INFINITY))
            fail(pr, stage, "the draw picked a token that did not survive");
        if (fabs(sum - 1) > (stage->type == STAGE_ADAPTIVE_P ? (double)c->size * FLT_EPSILON : 1e-9))
            fail(pr, stage, "p after the draw does not sum to 1");
    }
    remember(pr, c);
}

/* One case: STEPS draws through a fresh chain, checked stage by stage. Writes the drawn tokens. */
static void run_case(Probe *pr, const SamplingParams *p, const double *logits, const int32_t *history,
                     size_t n_history, int32_t *tokens)
{
    static TokenData buf[MAX_VOCAB];
    Chain ch;
    if (chain_init_from_params(&ch, p, pr->n_vocab) != SAMPLING_OK) {
        fail(pr, &(Stage){STAGE_DIST, false}, "chain_init_from_params refused valid parameters");
        return;
    }
    for (size_t i = 0; i < n_history; i++)
        if (chain_accept(&ch, history[i]) != SAMPLING_OK)
            fail(pr, &(Stage){STAGE_PENALTIES, false}, "chain_accept failed");
    for (int step = 0; step < STEPS; step++) {
        Candidates c;
        candidates_init(&c, buf, logits, pr->n_vocab);
        remember(pr, &c);
        bool any = pr->alive_before > 0;
        SamplingStatus st = chain_apply_traced(&ch, &c, ch.n_stages, check_stage, pr);
        const Stage *last = &ch.stages[ch.n_stages - 1];
        if (any && st != SAMPLING_OK)
            fail(pr, last, sampling_strerror(st));
        if (!any && st != SAMPLING_ERR_NO_FINITE)
            fail(pr, last, "no survivor went in, but the chain did not say SAMPLING_ERR_NO_FINITE");
        tokens[step] = st == SAMPLING_OK ? c.data[c.selected].id : -1;
        if (st == SAMPLING_OK && chain_accept(&ch, tokens[step]) != SAMPLING_OK)
            fail(pr, last, "chain_accept failed");
    }
    chain_free(&ch);
}

void test_property(void)
{
    static double logits[MAX_VOCAB];
    static Probe probe;
    const char *only = getenv("PROPERTY_CASE");
    for (int n = 0; n < CASES; n++) {
        if (only != NULL && atoi(only) != n)
            continue;
        Rng r;
        rng_seed(&r, (int64_t)MASTER_SEED * 1000003 + n);
        size_t n_vocab = 1 + (size_t)rng_next_int(&r, rng_next_int(&r, 2) ? 50 : MAX_VOCAB);
        random_logits(&r, logits, n_vocab);
        SamplingParams p;
        DryBreaker breakers[3];
        int32_t breaker_tokens[9];
        random_params(&r, &p, n_vocab, breakers, breaker_tokens);
        int32_t history[300];
        size_t n_history = (size_t)rng_next_int(&r, 300);
        for (size_t i = 0; i < n_history; i++)
            history[i] = rng_next_int(&r, (int32_t)n_vocab + 2) - 1;     /* -1 and n_vocab: outside */

        probe = (Probe){.params = &p, .n_vocab = n_vocab, .case_no = n};
        int32_t first[STEPS], again[STEPS];
        run_case(&probe, &p, logits, history, n_history, first);
        run_case(&probe, &p, logits, history, n_history, again);
        if (memcmp(first, again, sizeof first) != 0)
            fail(&probe, &(Stage){STAGE_DIST, false}, "the same seed gave different draws");
        check_true(__FILE__, __LINE__, !probe.failed, "property test case");
    }
}
