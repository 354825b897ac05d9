/* test_params_problem.c: sampling_params_problem, the one rule for which SamplingParams chain_init refuses.
 * Each row changes one field of llama.cpp's defaults and gives the field the answer must name, or NULL when
 * llama.cpp (common_sampler_init, the samplers' constructors) builds a chain from it. The refusals follow the
 * reference (sections 4.2 and 5): a repeat penalty not finite or not above 0; a frequency or presence penalty
 * that is not finite; a mirostat other than 0, 1, 2 (llama.cpp aborts); a sampler type outside
 * common_sampler_type (llama.cpp aborts); and the workbench's own: a repeat penalty whose float reciprocal
 * overflows, NaN, an infinite tau or eta with mirostat on (or a tau whose 2 * tau overflows the float), an
 * adaptive_target of +inf, bad counts. */
#include "chain.h"
#include "check.h"
#include "tests.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

typedef enum {
    F_NONE, F_REPEAT, F_FREQ, F_PRESENT, F_TOP_P, F_TEMP, F_TAU, F_ETA, F_MIROSTAT, F_MIN_KEEP, F_BIAS,
    F_N_BIAS, F_N_SAMPLERS, F_SAMPLER0, F_SAMPLER2, F_EOG, F_TARGET, F_DECAY
} Field;

typedef struct {
    Field field;
    double value;           /* the value given to the field (cast for the integer ones) */
    int mirostat;           /* set before the field */
    const char *names;      /* the field the problem must start with, or NULL for none */
} ProblemRow;

static const ProblemRow problem_rows[] = {
    {F_NONE, 0, 0, NULL},
    {F_REPEAT, 0.0, 0, "penalty_repeat"}, {F_REPEAT, -1.0, 0, "penalty_repeat"},
    {F_REPEAT, 1e-40, 0, "penalty_repeat"},         /* 1/(float)1e-40 overflows float */
    {F_REPEAT, INFINITY, 0, "penalty_repeat"}, {F_REPEAT, NAN, 0, "penalty_repeat"},
    {F_REPEAT, 1e39, 0, "penalty_repeat"}, {F_REPEAT, 1e-38, 0, NULL}, {F_REPEAT, 3.0e38, 0, NULL},
    {F_FREQ, INFINITY, 0, "penalty_freq"}, {F_FREQ, -2.0, 0, NULL},
    {F_PRESENT, -INFINITY, 0, "penalty_present"}, {F_PRESENT, NAN, 0, "penalty_present"},
    {F_TOP_P, NAN, 0, "top_p"}, {F_TOP_P, INFINITY, 0, NULL},      /* inf top-p is simply off */
    {F_TEMP, INFINITY, 0, NULL}, {F_TEMP, NAN, 0, "temp"},
    /* tau and eta: finite only when mirostat is on (the mirostat samplers use them). */
    {F_TAU, INFINITY, 2, "mirostat_tau"}, {F_TAU, INFINITY, 0, NULL}, {F_TAU, -INFINITY, 1, "mirostat_tau"},
    /* A finite tau whose 2 * tau overflows the float mu starts at (3e38: 2 * tau is 6e38, past FLT_MAX) is
     * refused as an infinite one is; 1.7e38 still doubles to a float, and with mirostat off nothing reads it. */
    {F_TAU, 3.0e38, 2, "mirostat_tau"}, {F_TAU, -3.0e38, 1, "mirostat_tau"}, {F_TAU, 1.7e38, 2, NULL},
    {F_TAU, 3.0e38, 0, NULL},
    {F_ETA, -INFINITY, 1, "mirostat_eta"}, {F_ETA, INFINITY, 2, "mirostat_eta"}, {F_ETA, 1e30, 2, NULL},
    {F_MIROSTAT, 3, 0, "mirostat"}, {F_MIROSTAT, -1, 0, "mirostat"}, {F_MIROSTAT, 2, 0, NULL},
    {F_MIN_KEEP, -1, 0, "min_keep"},
    {F_BIAS, NAN, 0, "logit_bias"}, {F_BIAS, -INFINITY, 0, NULL},
    {F_N_BIAS, CHAIN_MAX_BIASES + 1, 0, "n_logit_bias"}, {F_N_SAMPLERS, CHAIN_MAX_SAMPLERS + 1, 0, "n_samplers"},
    /* An entry that is no SamplerType: llama.cpp aborts on it; chain_add refuses an unknown StageType too. */
    {F_SAMPLER0, 99, 0, "samplers"}, {F_SAMPLER0, -3, 0, "samplers"}, {F_SAMPLER2, 11, 0, "samplers"},
    {F_SAMPLER2, 10, 0, NULL},      /* SAMPLER_ADAPTIVE_P, the last one */
    {F_EOG, 1, 0, "eog_tokens"},
    /* adaptive-p: NaN, and a target of +inf as a float (1e39 is one); -inf is off, any decay is clamped. */
    {F_TARGET, NAN, 0, "adaptive_target"}, {F_TARGET, INFINITY, 0, "adaptive_target"},
    {F_TARGET, 1e39, 0, "adaptive_target"}, {F_TARGET, -INFINITY, 0, NULL}, {F_TARGET, 3.0e38, 0, NULL},
    {F_DECAY, NAN, 0, "adaptive_decay"}, {F_DECAY, INFINITY, 0, NULL}, {F_DECAY, -5.0, 0, NULL},
};

/* The defaults with one field changed as the row says. */
static SamplingParams row_params(const ProblemRow *row)
{
    SamplingParams p = sampling_params_default();
    p.mirostat = row->mirostat;
    switch (row->field) {
    case F_NONE: break;
    case F_REPEAT: p.penalty_repeat = row->value; break;
    case F_FREQ: p.penalty_freq = row->value; break;
    case F_PRESENT: p.penalty_present = row->value; break;
    case F_TOP_P: p.top_p = row->value; break;
    case F_TEMP: p.temp = row->value; break;
    case F_TAU: p.mirostat_tau = row->value; break;
    case F_ETA: p.mirostat_eta = row->value; break;
    case F_MIROSTAT: p.mirostat = (int32_t)row->value; break;
    case F_MIN_KEEP: p.min_keep = (int32_t)row->value; break;
    case F_BIAS: p.logit_bias[0] = (LogitBias){3, row->value}; p.n_logit_bias = 1; break;
    case F_N_BIAS: p.n_logit_bias = (size_t)row->value; break;
    case F_N_SAMPLERS: p.n_samplers = (size_t)row->value; break;
    case F_SAMPLER0: p.samplers[0] = (SamplerType)(int)row->value; break;
    case F_SAMPLER2: p.samplers[2] = (SamplerType)(int)row->value; break;
    case F_EOG: p.n_eog_tokens = 1; p.eog_tokens = NULL; break;
    case F_TARGET: p.adaptive_target = row->value; break;
    case F_DECAY: p.adaptive_decay = row->value; break;
    }
    return p;
}

static void test_problem_rows(void)
{
    for (size_t r = 0; r < sizeof problem_rows / sizeof problem_rows[0]; r++) {
        const ProblemRow *row = &problem_rows[r];
        SamplingParams p = row_params(row);
        const char *problem = sampling_params_problem(&p);
        size_t n = row->names != NULL ? strlen(row->names) : 0;
        bool named = row->names == NULL ? problem == NULL
                   : problem != NULL && strncmp(problem, row->names, n) == 0
                     && (problem[n] == ' ' || problem[n] == '[');
        check_true(__FILE__, __LINE__, named, row->names != NULL ? row->names : "(no problem)");
        if (!named)
            printf("    problem row %zu: got '%s'\n", r, problem != NULL ? problem : "(none)");
        /* chain_init and chain_init_from_params agree with it: one source of truth. */
        Chain ch;
        SamplingStatus want = row->names == NULL ? SAMPLING_OK : SAMPLING_ERR_PARAM;
        SamplingStatus got = chain_init_from_params(&ch, &p, 4);
        CHECK_INT(want, got);
        if (got == SAMPLING_OK)
            chain_free(&ch);
    }
    CHECK(sampling_params_problem(NULL) != NULL);

    /* A NaN says what is wrong and whose rule it is: llama.cpp builds the stage (reference section 2). */
    SamplingParams p = sampling_params_default();
    p.top_p = NAN;
    const char *problem = sampling_params_problem(&p);
    CHECK(problem != NULL && strcmp(problem, "top_p must not be NaN (this workbench's own refusal: llama.cpp builds "
                                             "the stage, and every comparison with NaN fails)") == 0);
    /* An infinite tau and one whose double overflows the float get the same words, true of both. */
    static const double taus[] = {INFINITY, 3.0e38};
    for (size_t i = 0; i < sizeof taus / sizeof taus[0]; i++) {
        p = sampling_params_default();
        p.mirostat = 2;
        p.mirostat_tau = taus[i];
        problem = sampling_params_problem(&p);
        CHECK(problem != NULL && strcmp(problem, "mirostat_tau must be finite when mirostat is on, and 2 * tau too (mu "
                                                 "starts at 2 * tau, a float)") == 0);
    }
}

void test_params_problem(void)
{
    test_problem_rows();
}
