/* test_penalties.c: repetition, frequency and presence penalties and logit bias, against values worked out
 * from llama.cpp's rules by hand (and two cases taken from public bug reports on other engines). */
#include "candidates.h"
#include "check.h"
#include "penalties.h"
#include "tests.h"

#include <float.h>
#include <math.h>
#include <string.h>


static void logits_of(const Candidates *c, double *out)
{
    for (size_t i = 0; i < c->size; i++)
        out[c->data[i].id] = c->data[i].logit;
}

static void test_repeat_rule(void)
{
    /* llama.cpp's rule: a penalized logit <= 0 is multiplied by penalty_repeat, a positive one divided. So the
     * zero logit (token 3) stays 0, the negative one (token 1) moves down to -1 * 1.5, and the positive one
     * (token 2) goes to 0.5 / 1.5 = 1/3; token 0, not in the history, keeps its 2. */
    const double logits[] = {2.0, -1.0, 0.5, 0.0};
    const int32_t history[] = {1, 2, 3};
    const PenaltyParams pp = {64, 1.5, 0.0, 0.0};
    TokenData buf[4];
    Candidates c;
    candidates_init(&c, buf, logits, 4);
    CHECK_INT(SAMPLING_OK, apply_penalties(&c, history, 3, &pp));
    CHECK_NEAR(2.0, c.data[0].logit, 0);
    CHECK_NEAR(-1.5, c.data[1].logit, 0);
    CHECK_NEAR(1.0 / 3.0, c.data[2].logit, 0);
    CHECK_NEAR(0.0, c.data[3].logit, 0);
    CHECK(!c.sorted);
}

static void test_window_counts(void)
{
    /* Accepted 0, 1, 1, 3 with a window of 3: counts 1 -> 2, 3 -> 1, and token 0 has left the window.
     * Token 1: -1 * 1.5 - (2 * 0.5 + 0.3) = -2.8; token 3: 0 * 1.5 - (0.5 + 0.3) = -0.8. */
    const double logits[] = {2.0, -1.0, 0.5, 0.0};
    const int32_t history[] = {0, 1, 1, 3};
    const PenaltyParams pp = {3, 1.5, 0.5, 0.3};
    const double expected[] = {2.0, -2.8, 0.5, -0.8};
    TokenData buf[4];
    Candidates c;
    candidates_init(&c, buf, logits, 4);
    CHECK_INT(SAMPLING_OK, apply_penalties(&c, history, 4, &pp));
    for (int i = 0; i < 4; i++)
        CHECK_NEAR(expected[i], c.data[i].logit, 1e-15);

    /* The same on an array that is not in id order (the binary-search path). */
    TokenData shuffled[4] = {{3, 0.0, 0}, {1, -1.0, 0}, {2, 0.5, 0}, {0, 2.0, 0}};
    Candidates s = {.data = shuffled, .size = 4, .selected = -1};
    CHECK_INT(SAMPLING_OK, apply_penalties(&s, history, 4, &pp));
    double got[4];
    logits_of(&s, got);
    for (int i = 0; i < 4; i++)
        CHECK_NEAR(expected[i], got[i], 1e-15);

    CHECK_INT(1, penalty_count(history, 4, 3, 3));
    CHECK_INT(0, penalty_count(history, 4, 3, 0));
    CHECK_INT(1, penalty_count(history, 4, 64, 0));
    CHECK_INT(2, penalty_count(history, 4, 64, 1));
    CHECK_INT(0, penalty_count(history, 4, 0, 1));
    CHECK_INT(0, penalty_count(history, 4, -1, 1));
    CHECK_INT(0, penalty_count(NULL, 4, 64, 1));
}

static void test_lesson_example_4(void)
{
    /* "all three": repeat 1.3, frequency 0.5, presence 0.7 over "the the the cat dog". */
    const double logits[] = {2.0, 1.0, 0.5, 0.1, -0.5, -1.0};
    const int32_t history[] = {0, 0, 0, 1, 4};
    const PenaltyParams pp = {64, 1.3, 0.5, 0.7};
    TokenData buf[6];
    Candidates c;
    candidates_init(&c, buf, logits, 6);
    CHECK_INT(SAMPLING_OK, apply_penalties(&c, history, 5, &pp));
    CHECK_NEAR(2.0 / 1.3 - (3 * 0.5 + 0.7), c.data[0].logit, 1e-15);
    CHECK_NEAR(1.0 / 1.3 - (0.5 + 0.7), c.data[1].logit, 1e-15);
    CHECK_NEAR(0.5, c.data[2].logit, 0);
    CHECK_NEAR(-0.5 * 1.3 - (0.5 + 0.7), c.data[4].logit, 1e-15);
    CHECK_NEAR(-1.0, c.data[5].logit, 0);
    candidates_softmax(&c, false);
    CHECK_NEAR(0.371, c.data[2].p, 5e-4);       /* the lesson's table: sat becomes the most likely */
}

static void test_naive_rule(void)
{
    /* Example 1's "naive" column: every window token divided, so -1.0 / 1.5 = -0.667 moves up. */
    const double logits[] = {2.0, -1.0, 0.5};
    const int32_t history[] = {0, 1};
    const PenaltyParams pp = {64, 1.5, 0.0, 0.0};
    TokenData buf[3];
    Candidates c;
    candidates_init(&c, buf, logits, 3);
    CHECK_INT(SAMPLING_OK, apply_penalty_naive(&c, history, 2, &pp));
    CHECK_NEAR(2.0 / 1.5, c.data[0].logit, 1e-15);
    CHECK_NEAR(-1.0 / 1.5, c.data[1].logit, 1e-15);
    CHECK_NEAR(0.5, c.data[2].logit, 0);

    /* It differs from llama.cpp's rule only in the repeat factor: frequency and presence are subtracted as in
     * apply_penalties. History 0, 1, 1 with freq 0.5 and present 0.3: token 0: 2 / 1.5 - (0.5 + 0.3);
     * token 1: -1 / 1.5 - (2 * 0.5 + 0.3) = -1.9667, where llama.cpp's rule gives -1.5 - 1.3 = -2.8. */
    const int32_t twice[] = {0, 1, 1};
    candidates_init(&c, buf, logits, 3);
    CHECK_INT(SAMPLING_OK, apply_penalty_naive(&c, twice, 3, &(PenaltyParams){64, 1.5, 0.5, 0.3}));
    CHECK_NEAR(2.0 / 1.5 - 0.8, c.data[0].logit, 1e-15);
    CHECK_NEAR(-1.0 / 1.5 - 1.3, c.data[1].logit, 1e-15);
    CHECK_NEAR(0.5, c.data[2].logit, 0);
}

/* penalty_params_problem names the field apply_penalties refuses, in llama.cpp's words, first one first. */
static void test_penalty_params_problem(void)
{
    const struct {
        PenaltyParams pp;
        const char *problem;
    } cases[] = {
        {{64, 0.0, 0, 0}, "penalty_repeat must be finite and above 0 as the float llama.cpp holds (llama.cpp refuses it)"},
        {{64, -1.0, NAN, 0}, "penalty_repeat must be finite and above 0 as the float llama.cpp holds (llama.cpp refuses it)"},
        {{64, INFINITY, 0, 0}, "penalty_repeat must be finite and above 0 as the float llama.cpp holds (llama.cpp refuses it)"},
        {{64, 1.0, NAN, 0}, "penalty_freq must be finite as the float llama.cpp holds (llama.cpp refuses it)"},
        {{64, 1.0, 0.5, -INFINITY}, "penalty_present must be finite as the float llama.cpp holds (llama.cpp refuses it)"},
        {{64, 1.0, 0, 0}, NULL},
        {{0, 1.5, -0.5, 0.7}, NULL},    /* negative penalties reward repetition; a window of 0 is off */
        /* Decided on the float llama.cpp holds: 1e300 is an infinite float; 1e-310 and 5e-324 are 0 as floats;
         * 1e-40 is a float above 0 whose reciprocal overflows, refused as this workbench's own limit. */
        {{64, 1e300, 0, 0}, "penalty_repeat must be finite and above 0 as the float llama.cpp holds (llama.cpp refuses it)"},
        {{64, 1e-310, 0, 0}, "penalty_repeat must be finite and above 0 as the float llama.cpp holds (llama.cpp refuses it)"},
        {{64, 1e-40, 0, 0}, "penalty_repeat must be at least 1/FLT_MAX (about 2.94e-39), so that 1/penalty_repeat "
                            "is a finite float (this workbench's own limit)"},
        {{64, 1e-38, 0, 0}, NULL},
        {{64, 1.0, 1e300, 0}, "penalty_freq must be finite as the float llama.cpp holds (llama.cpp refuses it)"},
        {{64, 1.0, 0, -1e39}, "penalty_present must be finite as the float llama.cpp holds (llama.cpp refuses it)"},
    };
    for (size_t i = 0; i < N_OF(cases); i++) {
        const char *got = penalty_params_problem(&cases[i].pp);
        CHECK(cases[i].problem == NULL ? got == NULL : got != NULL && strcmp(got, cases[i].problem) == 0);
        CHECK_INT(cases[i].problem == NULL ? SAMPLING_OK : SAMPLING_ERR_PARAM,
                  penalties_check(NULL, 0, &cases[i].pp));
    }
    CHECK(strcmp(penalty_params_problem(NULL), "params is NULL") == 0);
}

static void test_penalty_neutral_and_bad_input(void)
{
    const double logits[] = {2.0, -1.0, -INFINITY};
    const int32_t history[] = {0, 1, 2, -1, 99};  /* -1 and 99 match no candidate */
    TokenData buf[3];
    Candidates c;

    const PenaltyParams neutral[] = {{0, 1.5, 0.5, 0.5}, {-1, 1.5, 0.5, 0.5}, {64, 1.0, 0.0, 0.0}};
    for (size_t i = 0; i < N_OF(neutral); i++) {
        candidates_init(&c, buf, logits, 3);
        c.sorted = true;
        CHECK_INT(SAMPLING_OK, apply_penalties(&c, history, 5, &neutral[i]));
        CHECK_NEAR(2.0, c.data[0].logit, 0);
        CHECK_NEAR(-1.0, c.data[1].logit, 0);
        CHECK(c.sorted);                         /* nothing ran, so nothing was reordered */
    }
    /* Out-of-range history ids change nothing; a -inf logit stays -inf. */
    candidates_init(&c, buf, logits, 3);
    CHECK_INT(SAMPLING_OK, apply_penalties(&c, history, 5, &(PenaltyParams){64, 2.0, 0.0, 0.0}));
    CHECK_NEAR(1.0, c.data[0].logit, 0);
    CHECK_NEAR(-2.0, c.data[1].logit, 0);
    CHECK_NEAR(-INFINITY, c.data[2].logit, 0);

    const PenaltyParams bad[] = {{64, 0.0, 0, 0}, {64, -1.0, 0, 0}, {64, NAN, 0, 0}, {64, INFINITY, 0, 0},
                                 {64, 1.0, NAN, 0}, {64, 1.0, 0, INFINITY}};
    for (size_t i = 0; i < N_OF(bad); i++) {
        candidates_init(&c, buf, logits, 3);
        CHECK_INT(SAMPLING_ERR_PARAM, apply_penalties(&c, history, 5, &bad[i]));
        CHECK_NEAR(2.0, c.data[0].logit, 0);
    }
    const PenaltyParams pp = {64, 1.5, 0, 0};
    CHECK_INT(SAMPLING_ERR_NULL, apply_penalties(&c, NULL, 2, &pp));
    CHECK_INT(SAMPLING_OK, apply_penalties(&c, NULL, 0, &pp));
    CHECK_INT(SAMPLING_ERR_NULL, apply_penalties(&c, history, 2, NULL));
    CHECK_INT(SAMPLING_ERR_NULL, apply_penalties(NULL, history, 2, &pp));
    const double with_nan[] = {1.0, NAN};
    candidates_init(&c, buf, with_nan, 2);
    CHECK_INT(SAMPLING_ERR_NAN, apply_penalties(&c, history, 2, &pp));
    candidates_init(&c, buf, logits, 0);
    CHECK_INT(SAMPLING_OK, apply_penalties(&c, history, 2, &pp));
}

static void test_logit_bias(void)
{
    const double logits[] = {2.0, 1.0, 0.5};
    TokenData buf[3];
    Candidates c;
    /* In id order, entries for the same token add up; unknown ids do nothing. */
    const LogitBias biases[] = {{0, -INFINITY}, {2, 2.0}, {2, 1.0}, {7, 5.0}, {-3, 5.0}};
    candidates_init(&c, buf, logits, 3);
    c.sorted = true;
    CHECK_INT(SAMPLING_OK, apply_logit_bias(&c, biases, N_OF(biases)));
    CHECK_NEAR(-INFINITY, c.data[0].logit, 0);
    CHECK_NEAR(1.0, c.data[1].logit, 0);
    CHECK_NEAR(3.5, c.data[2].logit, 0);
    CHECK(!c.sorted);

    /* Not in id order: entries are matched by id and only the first for a token counts (llama.cpp). */
    TokenData shuffled[3] = {{2, 0.5, 0}, {0, 2.0, 0}, {1, 1.0, 0}};
    Candidates s = {.data = shuffled, .size = 3, .selected = -1};
    const LogitBias searched[] = {{2, 1.0}, {2, 5.0}, {0, -1.0}};
    CHECK_INT(SAMPLING_OK, apply_logit_bias(&s, searched, N_OF(searched)));
    CHECK_NEAR(1.5, s.data[0].logit, 0);
    CHECK_NEAR(1.0, s.data[1].logit, 0);
    CHECK_NEAR(1.0, s.data[2].logit, 0);

    /* Opposite infinities keep the ban instead of making NaN; a NaN bias is refused. */
    const LogitBias ban_then_force[] = {{1, -INFINITY}, {1, INFINITY}};
    candidates_init(&c, buf, logits, 3);
    CHECK_INT(SAMPLING_OK, apply_logit_bias(&c, ban_then_force, 2));
    CHECK_NEAR(-INFINITY, c.data[1].logit, 0);
    candidates_init(&c, buf, logits, 3);
    CHECK_INT(SAMPLING_ERR_PARAM, apply_logit_bias(&c, &(LogitBias){0, NAN}, 1));
    CHECK_NEAR(2.0, c.data[0].logit, 0);
    CHECK_INT(SAMPLING_ERR_NULL, apply_logit_bias(&c, NULL, 1));
    CHECK_INT(SAMPLING_OK, apply_logit_bias(&c, NULL, 0));
    CHECK_INT(SAMPLING_ERR_NULL, apply_logit_bias(NULL, biases, 1));

    /* Example 6: after banning "the", boosting "mat" by 2 and -100 on "dog", mat has p 0.6330. */
    const double lesson[] = {2.0, 1.0, 0.5, 0.1, -0.5, -1.0};
    const LogitBias ex6[] = {{0, -INFINITY}, {3, 2.0}, {4, -100}};
    TokenData lbuf[6];
    candidates_init(&c, lbuf, lesson, 6);
    apply_logit_bias(&c, ex6, 3);
    candidates_softmax(&c, false);
    CHECK_NEAR(0.0, c.data[0].p, 0);
    CHECK_NEAR(0.6330, c.data[3].p, 5e-5);
    CHECK(c.data[4].p > 0 && c.data[4].p < 1e-40);
}

static void test_overflow_saturates(void)
{
    /* A finite logit stays finite: arithmetic overflow must not ban a token. */
    const double extreme[] = {-DBL_MAX, DBL_MAX};
    const int32_t history[] = {0, 1};
    TokenData buf[2];
    Candidates c;
    candidates_init(&c, buf, extreme, 2);
    apply_penalties(&c, history, 2, &(PenaltyParams){64, 2.0, 0.0, 0.0});
    CHECK_NEAR(-DBL_MAX, c.data[0].logit, 0);
    CHECK_NEAR(DBL_MAX / 2, c.data[1].logit, 0);
    candidates_init(&c, buf, extreme, 2);
    const LogitBias push[] = {{0, -DBL_MAX}, {1, DBL_MAX}};
    apply_logit_bias(&c, push, 2);
    CHECK_NEAR(-DBL_MAX, c.data[0].logit, 0);
    CHECK_NEAR(DBL_MAX, c.data[1].logit, 0);
    CHECK_NEAR(-DBL_MAX, logit_saturate(-INFINITY), 0);
    CHECK(isnan(logit_saturate(NAN)));
}

void test_penalties(void)
{
    test_overflow_saturates();
    test_repeat_rule();
    test_window_counts();
    test_lesson_example_4();
    test_naive_rule();
    test_penalty_params_problem();
    test_penalty_neutral_and_bad_input();
    test_logit_bias();
}
