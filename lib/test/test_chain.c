/* test_chain.c: the chain builder's stage order and "?" marks (section 2 and 5 of the reference), sampling
 * through a chain, and the history that penalties read. */
#include "chain.h"
#include "check.h"
#include "tests.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static void check_line(const char *file, int line, const SamplingParams *p, const char *expected)
{
    Chain ch;
    char got[512] = "";
    if (chain_init_from_params(&ch, p, 0) == SAMPLING_OK) {
        chain_describe(&ch, got, sizeof got);
        chain_free(&ch);
    }
    check_true(file, line, strcmp(expected, got) == 0, expected);
    if (strcmp(expected, got) != 0)
        printf("    got %s\n", got);
}
#define CHECK_LINE(params, expected) check_line(__FILE__, __LINE__, (params), (expected))

static void test_default_chain_and_marks(void)
{
    SamplingParams p = sampling_params_default();
    CHECK_LINE(&p, "logits -> ?penalties -> ?dry -> ?top-n-sigma -> top-k -> ?typical -> top-p -> min-p -> ?xtc "
                   "-> temp-ext -> dist");

    /* Each stage's own rule, one parameter at a time. */
    p = sampling_params_default();
    p.penalty_repeat = 1.1;
    p.dry_multiplier = 0.8;
    p.top_n_sigma = 2;
    p.typ_p = 0.9;
    p.xtc_probability = 0.5;
    CHECK_LINE(&p, "logits -> penalties -> dry -> top-n-sigma -> top-k -> typical -> top-p -> min-p -> xtc "
                   "-> temp-ext -> dist");
    SamplingParams q = p;
    q.penalty_last_n = 0;           /* a window of 0 disables the penalties whatever their strength */
    q.dry_base = 0.9;               /* a base below 1 disables DRY */
    q.top_n_sigma = 0;
    q.top_k = 0;
    q.typ_p = 1.0;
    q.top_p = 1.0;
    q.min_p = 0.0;
    q.xtc_threshold = 0.6;          /* a threshold above 0.5 disables XTC */
    q.temp = 1.0;
    CHECK_LINE(&q, "logits -> ?penalties -> ?dry -> ?top-n-sigma -> ?top-k -> ?typical -> ?top-p -> ?min-p "
                   "-> ?xtc -> ?temp-ext -> dist");
    q.penalty_last_n = -1;          /* negative windows are off too (llama.cpp clamps them to 0) */
    q.dry_base = 1.75;
    q.dry_penalty_last_n = 0;
    q.dynatemp_range = 0.5;         /* temp 1 with a dynamic range still changes the logits */
    q.penalty_repeat = 1.0;
    q.penalty_present = 0.1;
    CHECK_LINE(&q, "logits -> ?penalties -> ?dry -> ?top-n-sigma -> ?top-k -> ?typical -> ?top-p -> ?min-p "
                   "-> ?xtc -> temp-ext -> dist");
    q.penalty_last_n = 64;          /* presence alone enables the penalties */
    q.xtc_threshold = 0.5;          /* 0.5 itself is still on */
    CHECK_LINE(&q, "logits -> penalties -> ?dry -> ?top-n-sigma -> ?top-k -> ?typical -> ?top-p -> ?min-p "
                   "-> xtc -> temp-ext -> dist");
}

static void test_mirostat_and_bias_chains(void)
{
    SamplingParams p = sampling_params_default();
    p.mirostat = 2;
    p.mirostat_tau = 3;
    p.temp = 0.7;
    CHECK_LINE(&p, "logits -> temp -> mirostat-v2");
    p.temp = 1.0;
    CHECK_LINE(&p, "logits -> ?temp -> mirostat-v2");
    p.mirostat = 1;
    CHECK_LINE(&p, "logits -> ?temp -> mirostat");
    p.temp = 0.8;
    p.n_logit_bias = 1;
    p.logit_bias[0] = (LogitBias){15, -100};
    CHECK_LINE(&p, "logits -> logit-bias -> temp -> mirostat");

    p = sampling_params_default();
    p.n_logit_bias = 1;
    p.logit_bias[0] = (LogitBias){15, -100};
    CHECK_LINE(&p, "logits -> logit-bias -> ?penalties -> ?dry -> ?top-n-sigma -> top-k -> ?typical -> top-p "
                   "-> min-p -> ?xtc -> temp-ext -> dist");
    p = sampling_params_default();
    p.ignore_eos = true;            /* ignore_eos is a ban on the end-of-generation tokens */
    p.n_samplers = 0;
    CHECK_LINE(&p, "logits -> logit-bias -> dist");
    p.ignore_eos = false;
    CHECK_LINE(&p, "logits -> dist");
    p.n_samplers = 3;
    p.samplers[0] = SAMPLER_MIN_P;
    p.samplers[1] = SAMPLER_ADAPTIVE_P;  /* remembered, then replaces dist */
    p.samplers[2] = SAMPLER_MIN_P;       /* repeats are allowed */
    CHECK_LINE(&p, "logits -> min-p -> min-p -> adaptive-p");

    p = sampling_params_default();
    p.mirostat = 3;
    Chain ch;
    CHECK_INT(SAMPLING_ERR_PARAM, chain_init_from_params(&ch, &p, 0));
    p = sampling_params_default();
    p.top_p = NAN;
    CHECK_INT(SAMPLING_ERR_PARAM, chain_init_from_params(&ch, &p, 0));
    p = sampling_params_default();
    p.mirostat_tau = INFINITY;                  /* harmless while mirostat is off */
    CHECK_INT(SAMPLING_OK, chain_init_from_params(&ch, &p, 0));
    chain_free(&ch);
    p.mirostat = 2;
    CHECK_INT(SAMPLING_ERR_PARAM, chain_init_from_params(&ch, &p, 0));
    CHECK_INT(SAMPLING_ERR_NULL, chain_init_from_params(NULL, &p, 0));
    CHECK_INT(SAMPLING_ERR_NULL, chain_init_from_params(&ch, NULL, 0));
}

static void test_describe_buffer(void)
{
    SamplingParams p = sampling_params_default();
    p.n_samplers = 0;
    Chain ch;
    chain_init_from_params(&ch, &p, 0);
    char small[10];
    CHECK_INT((long long)strlen("logits -> dist"), (long long)chain_describe(&ch, small, sizeof small));
    CHECK(strcmp(small, "logits ->") == 0);     /* cut like snprintf, always terminated */
    CHECK_INT((long long)strlen("logits -> dist"), (long long)chain_describe(&ch, NULL, 0));
    Stage unknown = {(StageType)99, false};
    CHECK(strcmp("?unknown", stage_name(&unknown)) == 0);
    CHECK_INT(SAMPLING_ERR_PARAM, chain_apply_stage(&ch, 5, NULL));
    p.n_samplers = 1;
    p.samplers[0] = SAMPLER_TOP_K;
    p.top_k = 0;                                /* an empty ("?") stage still refuses a NULL array */
    Chain off;
    chain_init_from_params(&off, &p, 0);
    CHECK_INT(SAMPLING_ERR_NULL, chain_apply_stage(&off, 0, NULL));
    chain_free(&off);
    CHECK_INT(SAMPLING_ERR_PARAM, chain_add(&ch, (StageType)99));
    chain_free(&ch);
    chain_free(&ch);                            /* twice is harmless */
}

static void test_sampling_through_a_chain(void)
{
    /* Greedy through the whole default order: temperature 0 leaves the largest logit. */
    const double logits[] = {0.5, 2.0, 1.9, -1.0};
    SamplingParams p = sampling_params_default();
    p.temp = 0.0;
    p.penalty_repeat = 100.0;       /* the chosen token is then divided by 100 at the next step */
    Chain ch;
    CHECK_INT(SAMPLING_OK, chain_init_from_params(&ch, &p, 4));
    int32_t token = -1;
    CHECK_INT(SAMPLING_OK, chain_sample(&ch, logits, 4, &token));
    CHECK_INT(1, token);
    CHECK_INT(SAMPLING_OK, chain_accept(&ch, token));
    CHECK_INT(SAMPLING_OK, chain_sample(&ch, logits, 4, &token));
    CHECK_INT(2, token);                        /* 2.0 / 100 now loses to 1.9 */
    CHECK_INT(SAMPLING_ERR_PARAM, chain_sample(&ch, logits, 3, &token));
    const double bad[] = {0.5, NAN, 1.0, 1.0};
    CHECK_INT(SAMPLING_ERR_NAN, chain_sample(&ch, bad, 4, &token));
    const double banned[] = {-INFINITY, -INFINITY, -INFINITY, -INFINITY};
    CHECK_INT(SAMPLING_ERR_NO_FINITE, chain_sample(&ch, banned, 4, &token));
    chain_free(&ch);

    /* The same seed gives the same draws; a single candidate (top-k 1) takes no number from the generator. */
    const double flat[] = {0.0, 0.1, 0.2, 0.3, 0.4, 0.5};
    p = sampling_params_default();
    p.seed = 42;
    Chain a, b;
    chain_init_from_params(&a, &p, 6);
    chain_init_from_params(&b, &p, 6);
    for (int i = 0; i < 20; i++) {
        int32_t ta, tb;
        chain_sample(&a, flat, 6, &ta);
        chain_sample(&b, flat, 6, &tb);
        CHECK_INT(ta, tb);
    }
    chain_free(&a);
    chain_free(&b);
    p.top_k = 1;
    chain_init_from_params(&a, &p, 6);
    Mt19937 before = a.dist_rng;
    chain_sample(&a, flat, 6, &token);
    CHECK_INT(5, token);
    CHECK(memcmp(&a.dist_rng, &before, sizeof before) == 0);
    chain_free(&a);
}

static void test_history_window(void)
{
    /* A window of 2: after accepting 0, 0, 1, 1, 1 only the last two (1, 1) count; a long run of accepts
     * keeps the window contiguous. */
    SamplingParams p = sampling_params_default();
    p.penalty_last_n = 2;
    p.penalty_freq = 1.0;
    p.dry_penalty_last_n = 0;
    p.n_samplers = 1;
    p.samplers[0] = SAMPLER_PENALTIES;
    Chain ch;
    chain_init_from_params(&ch, &p, 3);
    const int32_t accepted[] = {0, 0, 1, 1, 1};
    for (size_t i = 0; i < sizeof accepted / sizeof accepted[0]; i++)
        CHECK_INT(SAMPLING_OK, chain_accept(&ch, accepted[i]));
    const double zeros[] = {0.0, 0.0, 0.0};
    TokenData buf[3];
    Candidates c;
    candidates_init(&c, buf, zeros, 3);
    CHECK_INT(SAMPLING_OK, chain_apply_stage(&ch, 0, &c));
    CHECK_NEAR(0.0, c.data[0].logit, 0);
    CHECK_NEAR(-2.0, c.data[1].logit, 0);
    int refused = 0;
    for (int i = 0; i < 1001; i++)
        refused += chain_accept(&ch, i % 3) != SAMPLING_OK;   /* ..., 999 % 3 = 0, 1000 % 3 = 1 */
    CHECK_INT(0, refused);
    CHECK(ch.history_size <= 4);                /* never more than twice the window */
    CHECK_INT(SAMPLING_ERR_NULL, chain_accept(NULL, 1));
    candidates_init(&c, buf, zeros, 3);
    chain_apply_stage(&ch, 0, &c);
    CHECK_NEAR(-1.0, c.data[0].logit, 0);
    CHECK_NEAR(-1.0, c.data[1].logit, 0);
    CHECK_NEAR(0.0, c.data[2].logit, 0);
    chain_free(&ch);
}

typedef struct {
    char names[256];
    size_t sizes[8];
    size_t calls;
} Trace;

static void record(void *user, const Stage *stage, const Candidates *c)
{
    Trace *t = user;
    snprintf(t->names + strlen(t->names), sizeof t->names - strlen(t->names), "%s ", stage_name(stage));
    if (t->calls < 8)
        t->sizes[t->calls] = c->size;
    t->calls++;
}

static void test_trace(void)
{
    /* top-k 3 then top-p 0.5 over p = 0.4, 0.3, 0.2, 0.1: the trace sees 4, 3, then 2 candidates (0.4 / 0.9
     * is below 0.5, 0.7 / 0.9 is not), and stops before dist when asked for all but the last stage. */
    SamplingParams p = sampling_params_default();
    p.top_k = 3;
    p.top_p = 0.5;
    p.n_samplers = 3;
    p.samplers[0] = SAMPLER_PENALTIES;
    p.samplers[1] = SAMPLER_TOP_K;
    p.samplers[2] = SAMPLER_TOP_P;
    Chain ch;
    chain_init_from_params(&ch, &p, 4);
    const double logits[] = {log(0.4), log(0.3), log(0.2), log(0.1)};
    TokenData buf[4];
    Candidates c;
    candidates_init(&c, buf, logits, 4);
    Trace t = {"", {0}, 0};
    CHECK_INT(SAMPLING_OK, chain_apply_traced(&ch, &c, ch.n_stages - 1, record, &t));
    CHECK(strcmp(t.names, "?penalties top-k top-p ") == 0);
    CHECK_INT(3, (long long)t.calls);
    CHECK_INT(4, (long long)t.sizes[0]);
    CHECK_INT(3, (long long)t.sizes[1]);
    CHECK_INT(2, (long long)t.sizes[2]);
    CHECK_INT(-1, (long long)c.selected);       /* dist did not run */
    candidates_init(&c, buf, logits, 4);
    CHECK_INT(SAMPLING_OK, chain_apply_traced(&ch, &c, 99, NULL, NULL));
    CHECK(c.selected >= 0);
    chain_free(&ch);
}

/* Sets one setting of p to a value that differs from the base test_stage_reads uses: one that turns its stage's
 * "?" on or off where a single value can (temp 1, top_k 0, ...), another value otherwise. */
static void perturb(SamplingParams *p, SamplingSetting s)
{
    static const LogitBias bias = {3, 1.0};
    switch (s) {
    case SETTING_TEMP: p->temp = 1.0; break;
    case SETTING_TOP_K: p->top_k = 0; break;
    case SETTING_TOP_P: p->top_p = 1.0; break;
    case SETTING_MIN_P: p->min_p = 0.0; break;
    case SETTING_TYP_P: p->typ_p = 1.0; break;
    case SETTING_PENALTY_REPEAT: p->penalty_repeat = 1.0; break;
    case SETTING_PENALTY_LAST_N: p->penalty_last_n = 0; break;
    case SETTING_PENALTY_PRESENT: p->penalty_present = 0.5; break;
    case SETTING_PENALTY_FREQ: p->penalty_freq = 0.5; break;
    case SETTING_DRY_MULTIPLIER: p->dry_multiplier = 0.0; break;
    case SETTING_DRY_BASE: p->dry_base = 0.5; break;
    case SETTING_DRY_ALLOWED_LENGTH: p->dry_allowed_length = 5; break;
    case SETTING_DRY_PENALTY_LAST_N: p->dry_penalty_last_n = 0; break;
    case SETTING_DRY_BREAKERS: p->n_dry_breakers = 0; break;
    case SETTING_XTC_PROBABILITY: p->xtc_probability = 0.0; break;
    case SETTING_XTC_THRESHOLD: p->xtc_threshold = 0.6; break;
    case SETTING_TOP_N_SIGMA: p->top_n_sigma = -1.0; break;
    case SETTING_DYNATEMP_RANGE: p->dynatemp_range = 0.5; break;
    case SETTING_DYNATEMP_EXPONENT: p->dynatemp_exponent = 2.0; break;
    case SETTING_MIROSTAT: p->mirostat = 2; break;
    case SETTING_MIROSTAT_TAU: p->mirostat_tau = 3.0; break;
    case SETTING_MIROSTAT_ETA: p->mirostat_eta = 0.2; break;
    case SETTING_ADAPTIVE_TARGET: p->adaptive_target = 0.5; break;
    case SETTING_ADAPTIVE_DECAY: p->adaptive_decay = 0.5; break;
    case SETTING_SAMPLERS: p->n_samplers = 1; break;
    case SETTING_SEED: p->seed = 42; break;
    case SETTING_IGNORE_EOS: p->ignore_eos = true; break;
    case SETTING_LOGIT_BIAS: p->logit_bias[0] = bias; p->n_logit_bias = 1; break;
    case SETTING_MIN_KEEP: p->min_keep = 3; break;
    case SETTING_COUNT: break;
    }
}

/* stage_reads, the one place that says which stage reads which setting: a few entries worked out from the
 * reference's section 5 (the parameters common_sampler_init passes each sampler), then its agreement with the
 * "?" rules: a stage whose "?" changes with a setting reads it. */
static void test_stage_reads(void)
{
    CHECK(stage_reads(STAGE_TOP_K, SETTING_TOP_K));
    CHECK(!stage_reads(STAGE_TOP_K, SETTING_MIN_KEEP));         /* top-k(top_k): no min_keep */
    CHECK(stage_reads(STAGE_TOP_P, SETTING_MIN_KEEP) && stage_reads(STAGE_XTC, SETTING_MIN_KEEP));
    CHECK(stage_reads(STAGE_XTC, SETTING_SEED) && !stage_reads(STAGE_TOP_P, SETTING_SEED));
    CHECK(stage_reads(STAGE_TEMP_EXT, SETTING_DYNATEMP_RANGE) && !stage_reads(STAGE_TEMP, SETTING_DYNATEMP_RANGE));
    CHECK(stage_reads(STAGE_TEMP, SETTING_TEMP) && stage_reads(STAGE_TEMP_EXT, SETTING_TEMP));
    CHECK(stage_reads(STAGE_PENALTIES, SETTING_PENALTY_PRESENT) && !stage_reads(STAGE_DRY, SETTING_PENALTY_LAST_N));
    CHECK(stage_reads(STAGE_MIROSTAT_V2, SETTING_MIROSTAT_TAU) && !stage_reads(STAGE_DIST, SETTING_MIROSTAT_TAU));
    CHECK(stage_reads(STAGE_LOGIT_BIAS, SETTING_IGNORE_EOS) && !stage_reads(STAGE_INFILL, SETTING_TEMP));
    CHECK(!stage_reads((StageType)99, SETTING_TEMP) && !stage_reads(STAGE_TOP_K, SETTING_COUNT));
    for (int s = 0; s < SETTING_COUNT; s++) {       /* every setting has a reader */
        bool read = false;
        for (int type = 0; type <= STAGE_MIROSTAT_V2; type++)
            read = read || stage_reads((StageType)type, (SamplingSetting)s);
        check_true(__FILE__, __LINE__, read, "a stage reads each setting");
    }

    /* Every stage on (lesson line 1, temp 0.7), then one setting changed at a time: whenever a stage's "?"
     * changes, that stage reads the setting; and the settings with a "?" value do change one. */
    SamplingParams base = sampling_params_default();
    base.penalty_repeat = 1.1;
    base.dry_multiplier = 0.8;
    base.top_n_sigma = 2;
    base.typ_p = 0.9;
    base.xtc_probability = 0.5;
    base.temp = 0.7;
    int flipping = 0;
    for (int s = 0; s < SETTING_COUNT; s++) {
        SamplingParams p = base;
        perturb(&p, (SamplingSetting)s);
        bool flipped = false;
        for (int type = 0; type <= STAGE_MIROSTAT_V2; type++) {
            Chain a, b;
            if (chain_init(&a, &base, 0) != SAMPLING_OK || chain_init(&b, &p, 0) != SAMPLING_OK)
                continue;
            chain_add(&a, (StageType)type);
            chain_add(&b, (StageType)type);
            bool changed = a.stages[0].empty != b.stages[0].empty;
            check_true(__FILE__, __LINE__, !changed || stage_reads((StageType)type, (SamplingSetting)s),
                       "a stage whose ? changes with a setting reads it");
            flipped = flipped || changed;
            chain_free(&a);
            chain_free(&b);
        }
        flipping += flipped;
    }
    /* temp, top_k, top_p, min_p, typ_p, repeat, last_n, the DRY multiplier, base and window, XTC's two,
     * top_n_sigma, ignore_eos and logit_bias. */
    CHECK_INT(15, flipping);

    SamplingParams q = sampling_params_default();
    Chain ch;
    CHECK_INT(SAMPLING_OK, chain_init_from_params(&ch, &q, 0));
    CHECK(chain_reads(&ch, SETTING_TOP_K) && chain_reads(&ch, SETTING_SAMPLERS));
    CHECK(!chain_reads(&ch, SETTING_MIROSTAT_ETA));
    CHECK(!chain_reads(&ch, SETTING_LOGIT_BIAS) && !chain_reads(NULL, SETTING_TOP_K));
    chain_free(&ch);
}

void test_chain(void)
{
    test_stage_reads();
    test_trace();
    test_default_chain_and_marks();
    test_mirostat_and_bias_chains();
    test_describe_buffer();
    test_sampling_through_a_chain();
    test_history_window();
}
