/* test_sample.c: dist, greedy and the mirostats, against hand-worked cumulative sums and surprise updates. */
#include "candidates.h"
#include "check.h"
#include "sample.h"
#include "tests.h"

#include <math.h>

static void test_dist(void)
{
    /* p = 0.2, 0.3, 0.5: running sums 0.2, 0.5, 1.0; the coin picks the first sum that reaches it. */
    const double logits[] = {log(0.2), log(0.3), log(0.5)};
    const struct { double coin; int index; } picks[] = {{0.0, 0}, {0.19, 0}, {0.25, 1}, {0.49, 1}, {0.6, 2},
                                                       {0.999, 2}};
    TokenData buf[3];
    Candidates c;
    for (size_t i = 0; i < sizeof picks / sizeof picks[0]; i++) {
        candidates_init(&c, buf, logits, 3);
        CHECK_INT(SAMPLING_OK, sample_dist(&c, picks[i].coin));
        CHECK_INT(picks[i].index, (long long)c.selected);
    }
    CHECK_NEAR(0.3, c.data[1].p, 1e-12);        /* p is filled and normalized */

    /* No sort: the walk follows the array as it is. */
    TokenData unsorted[2] = {{5, log(0.25), 0}, {9, log(0.75), 0}};
    Candidates u = {.data = unsorted, .size = 2, .selected = -1};
    sample_dist(&u, 0.1);
    CHECK_INT(0, (long long)u.selected);

    /* A -inf token is never picked, even by a coin of 0. */
    const double masked[] = {-INFINITY, 0.0, -INFINITY};
    candidates_init(&c, buf, masked, 3);
    sample_dist(&c, 0.0);
    CHECK_INT(1, (long long)c.selected);
    candidates_init(&c, buf, masked, 3);
    sample_dist(&c, 0.99);
    CHECK_INT(1, (long long)c.selected);

    /* One candidate: picked without the coin. */
    candidates_init(&c, buf, logits, 1);
    CHECK_INT(SAMPLING_OK, sample_dist(&c, 0.99));
    CHECK_INT(0, (long long)c.selected);
    CHECK_NEAR(1.0, c.data[0].p, 0);

    candidates_init(&c, buf, logits, 0);
    CHECK_INT(SAMPLING_ERR_EMPTY, sample_dist(&c, 0.5));
    CHECK_INT(-1, (long long)c.selected);
    const double all_inf[] = {-INFINITY, -INFINITY};
    candidates_init(&c, buf, all_inf, 2);
    CHECK_INT(SAMPLING_ERR_NO_FINITE, sample_dist(&c, 0.5));
    CHECK_INT(-1, (long long)c.selected);
    candidates_init(&c, buf, logits, 3);
    CHECK_INT(SAMPLING_ERR_PARAM, sample_dist(&c, 1.0));
    CHECK_INT(SAMPLING_ERR_PARAM, sample_dist(&c, -0.1));
    CHECK_INT(SAMPLING_ERR_PARAM, sample_dist(&c, NAN));
    const double with_nan[] = {0.0, NAN};
    candidates_init(&c, buf, with_nan, 2);
    CHECK_INT(SAMPLING_ERR_NAN, sample_dist(&c, 0.5));
    CHECK_INT(SAMPLING_ERR_NULL, sample_dist(NULL, 0.5));
}

static void test_greedy(void)
{
    const double logits[] = {1.0, 3.0, 3.0, 2.0};
    TokenData buf[4];
    Candidates c;
    candidates_init(&c, buf, logits, 4);
    CHECK_INT(SAMPLING_OK, sample_greedy(&c));
    CHECK_INT(1, (long long)c.selected);
    const double all_inf[] = {-INFINITY, -INFINITY};
    candidates_init(&c, buf, all_inf, 2);
    CHECK_INT(SAMPLING_ERR_NO_FINITE, sample_greedy(&c));
    candidates_init(&c, buf, logits, 0);
    CHECK_INT(SAMPLING_ERR_EMPTY, sample_greedy(&c));
}

static void test_mirostat_state(void)
{
    MirostatState st;
    CHECK_INT(SAMPLING_OK, mirostat_init(&st, 3.0, 0.1));
    CHECK_NEAR(6.0, st.mu, 0);
    mirostat_update_mu(&st, 4.0);               /* too surprising by 1 bit: mu falls by eta */
    CHECK_NEAR(5.9, st.mu, 1e-15);
    mirostat_update_mu(&st, 3.0);
    CHECK_NEAR(5.9, st.mu, 1e-15);
    mirostat_update_mu(&st, NAN);
    CHECK_NEAR(5.9, st.mu, 1e-15);
    st.eta = 0.0;
    mirostat_update_mu(&st, INFINITY);          /* 0 * inf is NaN: mu must not become NaN */
    CHECK_NEAR(5.9, st.mu, 1e-15);
    st.eta = 0.1;
    mirostat_update_mu(NULL, 1.0);
    CHECK_INT(SAMPLING_ERR_PARAM, mirostat_init(&st, NAN, 0.1));
    CHECK_INT(SAMPLING_ERR_PARAM, mirostat_init(&st, 3.0, INFINITY));
    CHECK_INT(SAMPLING_ERR_NULL, mirostat_init(NULL, 3.0, 0.1));
    CHECK_NEAR(5.9, st.mu, 1e-15);              /* a refused init leaves the state alone */
}

static void test_mirostat_v2(void)
{
    /* Surprises 1, 2, 3, 3 bits. */
    const double logits[] = {log(0.5), log(0.25), log(0.125), log(0.125)};
    TokenData buf[4];
    Candidates c;
    const struct { double mu; size_t kept; } cuts[] = {{2.5, 2}, {0.5, 1}, {3.0, 4}, {2.0, 2}};
    for (size_t i = 0; i < sizeof cuts / sizeof cuts[0]; i++) {
        candidates_init(&c, buf, logits, 4);
        candidates_softmax(&c, false);
        CHECK_INT(SAMPLING_OK, mirostat_v2_cut(&c, cuts[i].mu));
        CHECK_INT((long long)cuts[i].kept, (long long)c.size);
    }

    /* tau 1.25 (mu 2.5) keeps 0.5 and 0.25, renormalized to 2/3 and 1/3. Coin 0.5 picks the first: surprise
     * log2(3/2) = 0.585, mu = 2.5 - 0.1 * (0.585 - 1.25) = 2.5665. Coin 0.9 picks the second: 1.585 bits,
     * mu = 2.4665. The array arrives shuffled; mirostat sorts it. */
    const struct { double coin; int32_t id; double mu; } draws[] = {{0.5, 0, 2.566503749927884},
                                                                   {0.9, 1, 2.4665037499278846}};
    for (size_t i = 0; i < 2; i++) {
        TokenData shuffled[4] = {{3, log(0.125), 0}, {1, log(0.25), 0}, {0, log(0.5), 0}, {2, log(0.125), 0}};
        Candidates s = {.data = shuffled, .size = 4, .selected = -1};
        MirostatState st;
        mirostat_init(&st, 1.25, 0.1);
        CHECK_INT(SAMPLING_OK, sample_mirostat_v2(&s, &st, coin_fixed, &(double){draws[i].coin}));
        CHECK_INT(2, (long long)s.size);
        CHECK_INT(draws[i].id, s.data[s.selected].id);
        CHECK_NEAR(draws[i].mu, st.mu, 1e-12);
    }
    MirostatState st;
    mirostat_init(&st, 1.25, 0.1);
    candidates_init(&c, buf, logits, 0);
    CHECK_INT(SAMPLING_ERR_EMPTY, sample_mirostat_v2(&c, &st, coin_fixed, &(double){0.5}));
    candidates_init(&c, buf, logits, 4);
    CHECK_INT(SAMPLING_ERR_NULL, sample_mirostat_v2(&c, NULL, coin_fixed, &(double){0.5}));
    st.mu = NAN;
    CHECK_INT(SAMPLING_ERR_PARAM, sample_mirostat_v2(&c, &st, coin_fixed, &(double){0.5}));
    CHECK_INT(SAMPLING_ERR_PARAM, mirostat_v2_cut(&c, NAN));
}

static void test_mirostat_v1(void)
{
    /* p proportional to 1, 1/4, 1/9, 1/16 is a Zipf law with s = 2, so e = 1 and, with n_vocab 4,
     * k = (2^mu / 0.75)^(1/2): mu 2 gives 2.309 (keep 2), mu 1 gives 1.633 (keep 1), mu 4 gives 4.62 (all). */
    const double logits[] = {0.0, log(0.25), log(1.0 / 9), log(1.0 / 16)};
    const struct { double tau; size_t kept; } cases[] = {{1.0, 2}, {0.5, 1}, {2.0, 4}};
    TokenData buf[4];
    Candidates c;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        MirostatState st;
        mirostat_init(&st, cases[i].tau, 0.1);
        candidates_init(&c, buf, logits, 4);
        CHECK_INT(SAMPLING_OK, sample_mirostat(&c, &st, 100, 4, coin_fixed, &(double){0.1}));
        CHECK_INT((long long)cases[i].kept, (long long)c.size);
    }
    /* tau 1 keeps two tokens, renormalized 0.8 and 0.2; coin 0.9 picks the second: surprise -log2 0.2 =
     * 2.3219 bits, so mu = 2 - 0.1 * (2.3219 - 1) = 1.86781. */
    MirostatState st;
    mirostat_init(&st, 1.0, 0.1);
    candidates_init(&c, buf, logits, 4);
    sample_mirostat(&c, &st, 100, 4, coin_fixed, &(double){0.9});
    CHECK_INT(1, c.data[c.selected].id);
    CHECK_NEAR(0.2, c.data[c.selected].p, 1e-12);
    CHECK_NEAR(1.8678071905112639, st.mu, 1e-9);
    /* A -inf token at the end adds no pair to the estimate (p = 0 would make it infinite): s stays 2 and
     * tau 1 still keeps two tokens. */
    const double with_inf[] = {0.0, log(0.25), log(1.0 / 9), -INFINITY};
    mirostat_init(&st, 1.0, 0.1);
    candidates_init(&c, buf, with_inf, 4);
    sample_mirostat(&c, &st, 100, 4, coin_fixed, &(double){0.1});
    CHECK_INT(2, (long long)c.size);
    st.mu = NAN;
    candidates_init(&c, buf, logits, 4);
    CHECK_INT(SAMPLING_ERR_PARAM, sample_mirostat(&c, &st, 100, 4, coin_fixed, &(double){0.3}));
    mirostat_init(&st, 1.0, 0.1);
    candidates_init(&c, buf, logits, 4);
    CHECK_INT(SAMPLING_ERR_PARAM, sample_mirostat(&c, &st, 0, 4, coin_fixed, &(double){0.3}));   /* m < 1 */
    CHECK_INT(SAMPLING_ERR_PARAM, sample_mirostat(&c, &st, 100, 0, coin_fixed, &(double){0.3}));
    /* One candidate: no exponent can be estimated; that token is picked. */
    candidates_init(&c, buf, logits, 1);
    CHECK_INT(SAMPLING_OK, sample_mirostat(&c, &st, 100, 4, coin_fixed, &(double){0.3}));
    CHECK_INT(0, (long long)c.selected);
}

void test_sample(void)
{
    test_dist();
    test_greedy();
    test_mirostat_state();
    test_mirostat_v2();
    test_mirostat_v1();
}
