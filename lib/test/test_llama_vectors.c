/* test_llama_vectors.c: llama.cpp's own expected values (tests/test-sampling.cpp at commit f0817df), run
 * through this library. As there, the candidates are built from probabilities (logit = ln p, p = the input),
 * the sampler under test runs, most samplers are followed by a draw that renormalizes p without reordering
 * (dist; here sample_dist), and the p values are compared position by position within 1e-5.
 * Differences, each noted where it applies: llama.cpp works in float, this library in double; the file
 * predates PR #22645, after which top-n-sigma no longer sorts; its dist_rng cases draw from a lowbias32
 * generator with optional blue noise (llama_sampler_init_dist_rng), not master's std::mt19937 (reference
 * section 10), so they are not carried over: test_chain_draws.c checks the mt19937 draws instead. */
#include "candidates.h"
#include "check.h"
#include "dry.h"
#include "filters.h"
#include "penalties.h"
#include "sample.h"
#include "tests.h"

#include <math.h>
#include <stdio.h>

#define MAX_N 10000

static TokenData buf[MAX_N];

static Candidates from_probs(const double *probs, size_t n)
{
    for (size_t i = 0; i < n; i++)
        buf[i] = (TokenData){(int32_t)i, log(probs[i]), probs[i]};
    return (Candidates){buf, n, -1, false};
}

/* The renormalizing draw that follows most samplers in llama.cpp's tests (its p values do not depend on the
 * coin; only the pick does). */
static void then_dist(Candidates *c)
{
    check_true(__FILE__, __LINE__, sample_dist(c, 0.5) == SAMPLING_OK, "sample_dist");
}

static void expect_p(const char *file, int line, const Candidates *c, const double *want, size_t n)
{
    bool ok = c->size == n;
    for (size_t i = 0; ok && i < n; i++)
        ok = fabs(c->data[i].p - want[i]) < 1e-5;
    check_true(file, line, ok, "p after the sampler matches llama.cpp's expected values");
    if (!ok) {
        printf("    got size %zu:", c->size);
        for (size_t i = 0; i < c->size && i < 8; i++)
            printf(" %.6f", c->data[i].p);
        printf("\n");
    }
}
#define EXPECT_P(c, ...) \
    expect_p(__FILE__, __LINE__, (c), (const double[]){__VA_ARGS__}, N_OF(((const double[]){__VA_ARGS__})))

static const double p4[] = {0.1, 0.2, 0.3, 0.4};

static void test_temperature_and_truncation(void)
{
    Candidates c = from_probs(p4, 4);
    CHECK_INT(SAMPLING_OK, apply_temp(&c, 1.0));
    then_dist(&c);
    EXPECT_P(&c, 0.1, 0.2, 0.3, 0.4);
    c = from_probs(p4, 4);
    CHECK_INT(SAMPLING_OK, apply_temp(&c, 0.0));
    then_dist(&c);
    EXPECT_P(&c, 0.0, 0.0, 0.0, 1.0);
    c = from_probs(p4, 4);
    CHECK_INT(SAMPLING_OK, apply_temp_ext(&c, 1.0, 0.0, 1.0));
    then_dist(&c);
    EXPECT_P(&c, 0.1, 0.2, 0.3, 0.4);
    c = from_probs(p4, 4);
    CHECK_INT(SAMPLING_OK, apply_temp_ext(&c, 0.0, 0.0, 1.0));
    then_dist(&c);
    EXPECT_P(&c, 0.0, 0.0, 0.0, 1.0);

    c = from_probs(p4, 4);
    CHECK_INT(SAMPLING_OK, apply_top_k(&c, 1));
    then_dist(&c);
    EXPECT_P(&c, 1.0);
    c = from_probs(p4, 4);
    CHECK_INT(SAMPLING_OK, apply_top_k(&c, 3));
    then_dist(&c);
    EXPECT_P(&c, 0.44444, 0.33333, 0.22222);
    c = from_probs(p4, 4);
    CHECK_INT(SAMPLING_OK, apply_top_k(&c, 4));
    then_dist(&c);
    EXPECT_P(&c, 0.4, 0.3, 0.2, 0.1);
    c = from_probs(p4, 4);
    CHECK_INT(SAMPLING_OK, apply_top_k(&c, 0));
    then_dist(&c);
    EXPECT_P(&c, 0.1, 0.2, 0.3, 0.4);

    c = from_probs(p4, 4);
    CHECK_INT(SAMPLING_OK, apply_top_p(&c, 0.0, 0));
    then_dist(&c);
    EXPECT_P(&c, 1.0);
    c = from_probs(p4, 4);
    CHECK_INT(SAMPLING_OK, apply_top_p(&c, 0.7, 0));  /* 0.4 + 0.3 reaches 0.7 exactly, in float and double */
    then_dist(&c);
    EXPECT_P(&c, 0.571429, 0.428571);
    c = from_probs(p4, 4);
    CHECK_INT(SAMPLING_OK, apply_top_p(&c, 0.8, 0));
    then_dist(&c);
    EXPECT_P(&c, 0.44444, 0.33333, 0.22222);
    c = from_probs(p4, 4);
    CHECK_INT(SAMPLING_OK, apply_top_p(&c, 1.0, 0));
    then_dist(&c);
    EXPECT_P(&c, 0.1, 0.2, 0.3, 0.4);

    const double all[] = {0.00, 0.24};
    for (size_t i = 0; i < N_OF(all); i++) {
        c = from_probs(p4, 4);
        CHECK_INT(SAMPLING_OK, apply_min_p(&c, all[i], 0));
        then_dist(&c);
        EXPECT_P(&c, 0.1 / 1.0, 0.2 / 1.0, 0.3 / 1.0, 0.4 / 1.0);
    }
    const double three[] = {0.26, 0.49}, two[] = {0.51, 0.74}, one[] = {0.76, 1.00, 1.05};
    for (size_t i = 0; i < N_OF(three); i++) {
        c = from_probs(p4, 4);
        CHECK_INT(SAMPLING_OK, apply_min_p(&c, three[i], 0));
        then_dist(&c);
        EXPECT_P(&c, 0.2 / 0.9, 0.3 / 0.9, 0.4 / 0.9);
    }
    for (size_t i = 0; i < N_OF(two); i++) {
        c = from_probs(p4, 4);
        CHECK_INT(SAMPLING_OK, apply_min_p(&c, two[i], 0));
        then_dist(&c);
        EXPECT_P(&c, 0.3 / 0.7, 0.4 / 0.7);
    }
    for (size_t i = 0; i < N_OF(one); i++) {
        c = from_probs(p4, 4);
        CHECK_INT(SAMPLING_OK, apply_min_p(&c, one[i], 0));
        then_dist(&c);
        EXPECT_P(&c, 0.4 / 0.4);
    }
}

static void test_xtc_and_typical(void)
{
    /* XTC with probability 0.99; llama.cpp's generator seeded 0 first draws 0.549, which we pass as the coin.
     * No draw follows: p is the softmax before the cut. */
    const double p4_down[] = {0.4, 0.3, 0.2, 0.1};
    const double coin = 0.548814;
    Candidates c = from_probs(p4_down, 4);
    CHECK_INT(SAMPLING_OK, apply_xtc(&c, 0.99, 0.09, 0, coin));
    EXPECT_P(&c, 0.1);
    c = from_probs(p4_down, 4);
    CHECK_INT(SAMPLING_OK, apply_xtc(&c, 0.99, 0.19, 0, coin));
    EXPECT_P(&c, 0.2, 0.1);
    c = from_probs(p4_down, 4);
    CHECK_INT(SAMPLING_OK, apply_xtc(&c, 0.99, 0.29, 0, coin));
    EXPECT_P(&c, 0.3, 0.2, 0.1);
    c = from_probs(p4_down, 4);
    CHECK_INT(SAMPLING_OK, apply_xtc(&c, 0.99, 0.39, 0, coin));
    EXPECT_P(&c, 0.4, 0.3, 0.2, 0.1);

    const double peaked[] = {0.97, 0.01, 0.01, 0.01}, flatter[] = {0.4, 0.2, 0.2, 0.2};
    c = from_probs(peaked, 4);
    CHECK_INT(SAMPLING_OK, apply_typical(&c, 0.5, 0));
    EXPECT_P(&c, 0.97);
    c = from_probs(flatter, 4);
    CHECK_INT(SAMPLING_OK, apply_typical(&c, 0.5, 0));
    EXPECT_P(&c, 0.2, 0.2, 0.2);
}

static void test_penalties_and_dry(void)
{
    const double p5[] = {0.2, 0.2, 0.2, 0.2, 0.2};
    const int32_t h1[] = {0}, h3[] = {0, 1, 2}, h5[] = {0, 1, 2, 0, 0};
    const struct { const int32_t *h; size_t n; double repeat, freq, present; double want[5]; } cases[] = {
        {h1, 1, 50.0, 0.0, 0.0, {0, 0.25, 0.25, 0.25, 0.25}},
        {h3, 3, 50.0, 0.0, 0.0, {0, 0, 0, 0.5, 0.5}},
        {h5, 5, 50.0, 0.0, 0.0, {0, 0, 0, 0.5, 0.5}},
        {h1, 1, 1.0, 5.0, 5.0, {0.000011, 0.249997, 0.249997, 0.249997, 0.249997}},
        {h3, 3, 1.0, 5.0, 5.0, {0.000023, 0.000023, 0.000023, 0.499966, 0.499966}},
        {h5, 5, 1.0, 5.0, 5.0, {0.000000, 0.000023, 0.000023, 0.499977, 0.499977}},
    };
    for (size_t i = 0; i < N_OF(cases); i++) {
        Candidates c = from_probs(p5, 5);
        PenaltyParams pp = {(int32_t)cases[i].n, cases[i].repeat, cases[i].freq, cases[i].present};
        CHECK_INT(SAMPLING_OK, apply_penalties(&c, cases[i].h, cases[i].n, &pp));
        then_dist(&c);
        expect_p(__FILE__, __LINE__, &c, cases[i].want, 5);
    }

    /* DRY (multiplier, base, allowed_length, penalty_last_n); breaker {3} is a single-token breaker. */
    const double p4_flat[] = {0.25, 0.25, 0.25, 0.25};
    const int32_t d1[] = {0, 1}, d2[] = {0, 1, 2, 0, 1}, d3[] = {0, 1, 3, 4, 0, 1}, d5[] = {0, 1, 2, 3, 4, 0, 1};
    const int32_t three[] = {3};
    const DryBreaker breaker3 = {three, 1};
    Candidates c = from_probs(p4_flat, 4);
    CHECK_INT(SAMPLING_OK, apply_dry(&c, d1, 2, &(DryParams){1.0, 1.1, 2, 4, NULL, 0}));
    then_dist(&c);
    EXPECT_P(&c, 0.25, 0.25, 0.25, 0.25);
    c = from_probs(p4_flat, 4);
    CHECK_INT(SAMPLING_OK, apply_dry(&c, d2, 5, &(DryParams){1.0, 1.1, 2, 5, NULL, 0}));
    then_dist(&c);
    EXPECT_P(&c, 0.296923, 0.296923, 0.109232, 0.296923);
    c = from_probs(p5, 5);
    CHECK_INT(SAMPLING_OK, apply_dry(&c, d3, 6, &(DryParams){1.0, 1.1, 2, 6, &breaker3, 1}));
    then_dist(&c);
    EXPECT_P(&c, 0.2, 0.2, 0.2, 0.2, 0.2);
    c = from_probs(p5, 5);
    CHECK_INT(SAMPLING_OK, apply_dry(&c, d2, 5, &(DryParams){2.0, 1.1, 2, 5, NULL, 0}));
    then_dist(&c);
    EXPECT_P(&c, 0.241818, 0.241818, 0.032727, 0.241818, 0.241818);
    c = from_probs(p5, 5);
    CHECK_INT(SAMPLING_OK, apply_dry(&c, d5, 7, &(DryParams){1.0, 1.1, 4, 7, NULL, 0}));
    then_dist(&c);
    EXPECT_P(&c, 0.2, 0.2, 0.2, 0.2, 0.2);
}

static void test_top_n_sigma(void)
{
    /* The file expects the array sorted afterwards (the earlier top-n-sigma ended with a sorting softmax);
     * the current one only masks, so the same p values come out in token order. */
    Candidates c = from_probs(p4, 4);
    CHECK_INT(SAMPLING_OK, apply_top_n_sigma(&c, 1.0));
    then_dist(&c);
    EXPECT_P(&c, 0.0, 0.0, 0.428571, 0.571429);
    c = from_probs(p4, 4);
    CHECK_INT(SAMPLING_OK, apply_top_n_sigma(&c, 0.0));
    then_dist(&c);
    EXPECT_P(&c, 0.1, 0.2, 0.3, 0.4);
    c = from_probs(p4, 4);
    CHECK_INT(SAMPLING_OK, apply_top_n_sigma(&c, 3.0));
    then_dist(&c);
    EXPECT_P(&c, 0.1, 0.2, 0.3, 0.4);
}

/* The sampler queue: 10,000 tokens, token i with logit ln i (token 0 is -inf), letters k (top-k), p (top-p,
 * min_keep 1) and m (min-p, min_keep 1), a draw after each; the sizes after each step as the file's
 * formulas give them. */
static void test_queue(void)
{
    const struct { const char *seq; int32_t top_k; double top_p, min_p; size_t sizes[3]; } queue[] = {
        {"k", 10000, 1.0, 1.0, {10000}}, {"k", 1, 1.0, 1.0, {1}}, {"p", 10000, 1.0, 1.0, {10000}},
        {"p", 10000, 0.0, 1.0, {1}}, {"m", 10000, 1.0, 1.0, {1}}, {"m", 10000, 1.0, 1e-12, {9999}},
        {"k", 100, 1.0, 1.0, {100}}, {"p", 10000, 0.0003, 1.0, {2}}, {"p", 10000, 0.8, 1.0, {5528}},
        {"m", 10000, 1.0, (double)(9997.9f / 9999.0f), {2}}, {"m", 10000, 1.0, 0.1, {9000}},
        {"kp", 100, 0.8, 0.1, {100, 80}}, {"km", 100, 0.8, 0.1, {100, 100}}, {"pk", 100, 0.8, 0.1, {5528, 100}},
        {"pm", 100, 0.8, 0.1, {5528, 5528}}, {"mk", 100, 0.8, 0.1, {9000, 100}},
        {"mp", 100, 0.8, (double)(9997.9f / 9999.0f), {2, 2}}, {"mp", 100, 0.8, 0.1, {9000, 5440}},
        {"kpm", 100, 0.8, 0.1, {100, 80, 80}}, {"kmp", 100, 0.8, 0.1, {100, 100, 80}},
        {"pkm", 100, 0.8, 0.1, {5528, 100, 100}}, {"pmk", 100, 0.8, 0.1, {5528, 5528, 100}},
        {"mkp", 100, 0.8, 0.1, {9000, 100, 80}}, {"mpk", 100, 0.8, 0.1, {9000, 5440, 100}},
    };
    for (size_t q = 0; q < N_OF(queue); q++) {
        for (int32_t i = 0; i < MAX_N; i++)
            buf[i] = (TokenData){i, log((double)i), 0.0};
        Candidates c = {buf, MAX_N, -1, false};
        for (size_t step = 0; queue[q].seq[step] != '\0'; step++) {
            char letter = queue[q].seq[step];
            SamplingStatus st = letter == 'k' ? apply_top_k(&c, queue[q].top_k)
                              : letter == 'p' ? apply_top_p(&c, queue[q].top_p, 1)
                                              : apply_min_p(&c, queue[q].min_p, 1);
            check_true(__FILE__, __LINE__, st == SAMPLING_OK, queue[q].seq);
            then_dist(&c);
            check_true(__FILE__, __LINE__, c.size == queue[q].sizes[step], queue[q].seq);
            if (c.size != queue[q].sizes[step])
                printf("    %s, step %zu: size %zu, expected %zu\n", queue[q].seq, step, c.size, queue[q].sizes[step]);
            if (c.sorted)
                check_true(__FILE__, __LINE__, c.data[0].id == 9999, "the first of a sorted queue is token 9999");
        }
    }
}

void test_llama_vectors(void)
{
    test_temperature_and_truncation();
    test_xtc_and_typical();
    test_penalties_and_dry();
    test_top_n_sigma();
    test_queue();
}
