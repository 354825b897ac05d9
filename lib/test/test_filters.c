/* test_filters.c: top-k, top-p, min-p, typical, top-n-sigma, XTC and temperature, against values worked out
 * from llama.cpp's rules by hand. Several inputs come from public bug reports on other engines. */
#include "candidates.h"
#include "check.h"
#include "fast/fast.h"
#include "filters.h"
#include "fixtures.h"
#include "tests.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>

#define MAX_N 1000

/* Candidates whose softmax is `probs` (logits ln p), in id order. */
static void from_probs(Candidates *c, TokenData *buf, const double *probs, size_t n)
{
    double logits[MAX_N];
    for (size_t i = 0; i < n; i++)
        logits[i] = log(probs[i]);
    candidates_init(c, buf, logits, n);
}

static size_t ids_of(const Candidates *c, int32_t *ids)
{
    for (size_t i = 0; i < c->size; i++)
        ids[i] = c->data[i].id;
    return c->size;
}

#define CHECK_KEPT(c, ...)                                                  \
    do {                                                                    \
        const int32_t want_[] = {__VA_ARGS__};                              \
        int32_t got_[MAX_N];                                                \
        size_t n_got_ = ids_of((c), got_);                                  \
        CHECK_IDS(want_, N_OF(want_), got_, n_got_);                        \
    } while (0)

static void test_top_k(void)
{
    const double logits[] = {1.0, 3.0, 3.0, 2.0};
    TokenData buf[4];
    Candidates c;
    candidates_init(&c, buf, logits, 4);
    CHECK_INT(SAMPLING_OK, apply_top_k(&c, 2));
    CHECK_KEPT(&c, 1, 2);
    CHECK(c.sorted);

    /* Ties at the edge are cut, not kept: exactly k survive. */
    const double tied[] = {5.0, 5.0, 5.0, 1.0};
    candidates_init(&c, buf, tied, 4);
    apply_top_k(&c, 2);
    CHECK_KEPT(&c, 0, 1);

    /* k <= 0 changes nothing at all; k beyond the size keeps all, sorted. */
    const int32_t off[] = {0, -1};
    for (size_t i = 0; i < N_OF(off); i++) {
        candidates_init(&c, buf, logits, 4);
        CHECK_INT(SAMPLING_OK, apply_top_k(&c, off[i]));
        CHECK_KEPT(&c, 0, 1, 2, 3);
        CHECK(!c.sorted);
    }
    candidates_init(&c, buf, logits, 4);
    CHECK_INT(SAMPLING_OK, apply_top_k(&c, 10));
    CHECK_KEPT(&c, 1, 2, 3, 0);
    CHECK(c.sorted);

    /* The heap selection agrees with a full sort on a larger array. */
    static double big[MAX_N];
    static TokenData bbuf[MAX_N], sbuf[MAX_N];
    srand(7);
    for (int i = 0; i < MAX_N; i++)
        big[i] = (double)(rand() % 200) / 10.0;     /* many ties */
    Candidates full;
    candidates_init(&c, bbuf, big, MAX_N);
    candidates_init(&full, sbuf, big, MAX_N);
    apply_top_k(&c, 37);
    candidates_sort(&full);
    full.size = 37;
    int32_t a[MAX_N], b[MAX_N];
    CHECK_IDS(a, ids_of(&full, a), b, ids_of(&c, b));

    const double with_nan[] = {1.0, NAN};
    candidates_init(&c, buf, with_nan, 2);
    CHECK_INT(SAMPLING_ERR_NAN, apply_top_k(&c, 1));
    CHECK_INT(SAMPLING_ERR_NULL, apply_top_k(NULL, 1));
}

static void test_top_p(void)
{
    const double probs[] = {0.5, 0.3, 0.15, 0.05};
    TokenData buf[4];
    Candidates c;
    from_probs(&c, buf, probs, 4);
    CHECK_INT(SAMPLING_OK, apply_top_p(&c, 0.6, 0));
    CHECK_KEPT(&c, 0, 1);
    CHECK_NEAR(0.3, c.data[1].p, 1e-12);        /* p is the softmax before the cut, not renormalized */
    CHECK(c.sorted);
    from_probs(&c, buf, probs, 4);
    apply_top_p(&c, 0.85, 0);
    CHECK_KEPT(&c, 0, 1, 2);
    from_probs(&c, buf, probs, 4);
    apply_top_p(&c, 0.0, 0);
    CHECK_KEPT(&c, 0);
    from_probs(&c, buf, probs, 4);
    apply_top_p(&c, 0.0, 3);
    CHECK_KEPT(&c, 0, 1, 2);
    from_probs(&c, buf, probs, 4);
    CHECK_INT(SAMPLING_OK, apply_top_p(&c, 1.0, 0));
    CHECK_KEPT(&c, 0, 1, 2, 3);
    CHECK(!c.sorted);

    /* Over what earlier stages left: after top-k 2, p renormalizes to 0.5, 0.5 and 0.45 keeps one token;
     * over the whole array the first token's 0.4 is below 0.45 and two are kept. */
    const double flat[] = {0.4, 0.4, 0.2};
    from_probs(&c, buf, flat, 3);
    apply_top_k(&c, 2);
    apply_top_p(&c, 0.45, 0);
    CHECK_KEPT(&c, 0);
    from_probs(&c, buf, flat, 3);
    apply_top_p(&c, 0.45, 0);
    CHECK_KEPT(&c, 0, 1);

    /* On the boundary: four equal logits give p = 0.25 exactly, and a sum of exactly 0.5 reaches 0.5. */
    const double uniform[] = {0.0, 0.0, 0.0, 0.0};
    candidates_init(&c, buf, uniform, 4);
    apply_top_p(&c, 0.5, 0);
    CHECK_KEPT(&c, 0, 1);

    const double all_inf[] = {-INFINITY, -INFINITY};
    candidates_init(&c, buf, all_inf, 2);
    CHECK_INT(SAMPLING_OK, apply_top_p(&c, 0.5, 0));
    CHECK_INT(2, (long long)c.size);
    from_probs(&c, buf, probs, 4);
    CHECK_INT(SAMPLING_ERR_PARAM, apply_top_p(&c, NAN, 0));
    CHECK_INT(4, (long long)c.size);
}

static void test_min_p(void)
{
    /* p_i >= 0.2 * 0.5 = 0.1 keeps the tokens with 0.5, 0.3 and 0.15, in their original order. */
    const double probs[] = {0.15, 0.5, 0.05, 0.3};
    TokenData buf[4];
    Candidates c;
    from_probs(&c, buf, probs, 4);
    CHECK_INT(SAMPLING_OK, apply_min_p(&c, 0.2, 0));
    CHECK_KEPT(&c, 0, 1, 3);
    CHECK(!c.sorted);
    /* Too few pass for min_keep 4: the sorted walk keeps 4. */
    from_probs(&c, buf, probs, 4);
    apply_min_p(&c, 0.2, 4);
    CHECK_KEPT(&c, 1, 3, 0, 2);
    /* A sorted array takes the sorted walk directly. */
    from_probs(&c, buf, probs, 4);
    candidates_sort(&c);
    apply_min_p(&c, 0.2, 0);
    CHECK_KEPT(&c, 1, 3, 0);
    /* min_p 0 is off; 1 keeps the tokens tied with the maximum; above 1, only one. */
    from_probs(&c, buf, probs, 4);
    apply_min_p(&c, 0.0, 0);
    CHECK_INT(4, (long long)c.size);
    const double tied[] = {2.0, 2.0, 1.0};
    candidates_init(&c, buf, tied, 3);
    apply_min_p(&c, 1.0, 0);
    CHECK_KEPT(&c, 0, 1);
    candidates_init(&c, buf, tied, 3);
    apply_min_p(&c, 2.0, 0);
    CHECK_KEPT(&c, 0);
    const double all_inf[] = {-INFINITY, -INFINITY, -INFINITY};
    candidates_init(&c, buf, all_inf, 3);
    CHECK_INT(SAMPLING_OK, apply_min_p(&c, 0.1, 0));
    CHECK(c.size >= 1);
    CHECK_INT(SAMPLING_ERR_PARAM, apply_min_p(&c, NAN, 0));
}

static void test_typical(void)
{
    /* H = 1.3322 nats; the three 0.2 tokens (distance 0.277) come before 0.4 (0.416): the most likely goes. */
    const double probs[] = {0.4, 0.2, 0.2, 0.2};
    TokenData buf[4];
    Candidates c;
    from_probs(&c, buf, probs, 4);
    CHECK_INT(SAMPLING_OK, apply_typical(&c, 0.5, 0));
    CHECK_KEPT(&c, 1, 2, 3);
    CHECK(!c.sorted);

    /* 0.6, 0.3, 0.1: H = 0.898; order 0.3 (0.306), 0.6 (0.387); 0.3 + 0.6 > 0.5 keeps {1, 0}, most typical
     * first. top-k 1 afterwards must not trust the order: it returns token 0. */
    const double skew[] = {0.6, 0.3, 0.1};
    from_probs(&c, buf, skew, 3);
    apply_typical(&c, 0.5, 0);
    CHECK_KEPT(&c, 1, 0);
    apply_top_k(&c, 1);
    CHECK_KEPT(&c, 0);

    /* Example 7: limit 0.45 keeps cat, sat; 0.85 keeps cat, sat, the. */
    const double ex7[] = {0.4, 0.3, 0.2, 0.1};
    from_probs(&c, buf, ex7, 4);
    apply_typical(&c, 0.45, 0);
    CHECK_KEPT(&c, 1, 2);
    from_probs(&c, buf, ex7, 4);
    apply_typical(&c, 0.85, 0);
    CHECK_KEPT(&c, 1, 2, 0);
    /* typical_p <= 0 keeps the single most typical token; min_keep raises the count; 1 is off. */
    from_probs(&c, buf, ex7, 4);
    apply_typical(&c, 0.0, 0);
    CHECK_KEPT(&c, 1);
    from_probs(&c, buf, ex7, 4);
    apply_typical(&c, 0.0, 3);
    CHECK_KEPT(&c, 1, 2, 0);
    from_probs(&c, buf, ex7, 4);
    apply_typical(&c, 1.0, 0);
    CHECK_KEPT(&c, 0, 1, 2, 3);
    /* Typical's test is strict: four tokens of 0.25 need 0.75 > 0.5, three tokens, where top-p took two. */
    const double uniform[] = {0.0, 0.0, 0.0, 0.0};
    candidates_init(&c, buf, uniform, 4);
    apply_typical(&c, 0.5, 0);
    CHECK_INT(3, (long long)c.size);
    /* A -inf token (p = 0) does not turn the entropy into NaN; it sorts last and is cut. */
    const double some_inf[] = {log(0.4), log(0.2), log(0.2), log(0.2), -INFINITY};
    TokenData buf5[5];
    candidates_init(&c, buf5, some_inf, 5);
    apply_typical(&c, 0.5, 0);
    CHECK_KEPT(&c, 1, 2, 3);
}

static void test_top_n_sigma(void)
{
    /* Finite logits 3, 2, 1, 0: mean 1.5, population sigma sqrt(1.25) = 1.118. n = 1 keeps >= 1.882. */
    const double logits[] = {3.0, 2.0, 1.0, 0.0, -INFINITY};
    TokenData buf[5];
    Candidates c;
    candidates_init(&c, buf, logits, 5);
    CHECK_INT(SAMPLING_OK, apply_top_n_sigma(&c, 1.0));
    CHECK_INT(5, (long long)c.size);            /* masked, not removed */
    CHECK_NEAR(3.0, c.data[0].logit, 0);
    CHECK_NEAR(2.0, c.data[1].logit, 0);
    CHECK_NEAR(-INFINITY, c.data[2].logit, 0);
    CHECK_NEAR(-INFINITY, c.data[3].logit, 0);
    candidates_init(&c, buf, logits, 5);
    apply_top_n_sigma(&c, 2.0);                 /* keeps >= 0.764 */
    CHECK_NEAR(1.0, c.data[2].logit, 0);
    CHECK_NEAR(-INFINITY, c.data[3].logit, 0);
    /* n = 1.6 tells the population deviation (threshold 1.211: logit 1 goes) from the sample one (1.291,
     * threshold 0.934: logit 1 would stay). */
    candidates_init(&c, buf, logits, 5);
    apply_top_n_sigma(&c, 1.6);
    CHECK_NEAR(-INFINITY, c.data[2].logit, 0);
    /* Logits near DBL_MAX: mean 3.3e307, sigma 9.4e307, so n = 1 keeps >= 5.7e306 and -1e308 goes. */
    const double huge[] = {1e308, 1e308, -1e308};
    candidates_init(&c, buf, huge, 3);
    apply_top_n_sigma(&c, 1.0);
    CHECK_NEAR(1e308, c.data[1].logit, 0);
    CHECK_NEAR(-INFINITY, c.data[2].logit, 0);
    const double equal[] = {1.0, 1.0, 1.0};
    candidates_init(&c, buf, equal, 3);
    apply_top_n_sigma(&c, 1.0);
    CHECK_NEAR(1.0, c.data[2].logit, 0);
    candidates_init(&c, buf, logits, 5);
    apply_top_n_sigma(&c, 0.0);
    CHECK_NEAR(0.0, c.data[3].logit, 0);
    CHECK_INT(SAMPLING_ERR_PARAM, apply_top_n_sigma(&c, NAN));
}

static void test_xtc(void)
{
    const double probs[] = {0.4, 0.3, 0.2, 0.1};
    TokenData buf[4];
    Candidates c;
    from_probs(&c, buf, probs, 4);
    CHECK_INT(SAMPLING_OK, apply_xtc(&c, 1.0, 0.19, 0, 0.5));
    CHECK_KEPT(&c, 2, 3);
    from_probs(&c, buf, probs, 4);
    apply_xtc(&c, 1.0, 0.29, 0, 0.5);
    CHECK_KEPT(&c, 1, 2, 3);
    from_probs(&c, buf, probs, 4);
    apply_xtc(&c, 1.0, 0.39, 0, 0.5);          /* only one token reaches it: nothing to exclude */
    CHECK_KEPT(&c, 0, 1, 2, 3);
    from_probs(&c, buf, probs, 4);
    apply_xtc(&c, 1.0, 0.6, 0, 0.5);           /* a threshold above 0.5 turns XTC off */
    CHECK_KEPT(&c, 0, 1, 2, 3);
    from_probs(&c, buf, probs, 4);
    apply_xtc(&c, 1.0, 0.19, 3, 0.5);          /* min_keep 3: removing two would leave two, so none */
    CHECK_KEPT(&c, 0, 1, 2, 3);
    from_probs(&c, buf, probs, 4);
    apply_xtc(&c, 0.5, 0.19, 0, 0.7);          /* coin above the probability: this step is skipped */
    CHECK_KEPT(&c, 0, 1, 2, 3);

    /* A threshold of 0 reaches every token, but not a -inf one: the least likely drawable token stays. */
    const double with_inf[] = {log(0.6), log(0.4), -INFINITY};
    TokenData buf3[3];
    candidates_init(&c, buf3, with_inf, 3);
    apply_xtc(&c, 1.0, 0.0, 0, 0.5);
    CHECK_KEPT(&c, 1, 2);
    CHECK(c.data[0].logit > -INFINITY);
    from_probs(&c, buf, probs, 4);
    CHECK(xtc_draws_coin(&c, 0.5, 0.1));
    CHECK(!xtc_draws_coin(&c, 0.0, 0.1));
    CHECK(!xtc_draws_coin(&c, 0.5, 0.6));
    c.size = 1;
    CHECK(!xtc_draws_coin(&c, 0.5, 0.1));
    CHECK(!xtc_draws_coin(NULL, 0.5, 0.1));

    /* Example 10: threshold 0.1 over 0.50 0.30 0.10 0.06 0.04 keeps 0.10 and below, 0.5 0.3 0.2 renormalized. */
    const double ex10[] = {0.50, 0.30, 0.10, 0.06, 0.04};
    TokenData buf5[5];
    from_probs(&c, buf5, ex10, 5);
    apply_xtc(&c, 1.0, 0.1, 0, 0.0);
    CHECK_KEPT(&c, 2, 3, 4);
    candidates_softmax(&c, false);
    CHECK_NEAR(0.5, c.data[0].p, 1e-12);
    CHECK_NEAR(0.3, c.data[1].p, 1e-12);
    CHECK_NEAR(0.2, c.data[2].p, 1e-12);

    from_probs(&c, buf, probs, 4);
    CHECK_INT(SAMPLING_ERR_PARAM, apply_xtc(&c, 1.0, 0.19, 0, NAN));
    CHECK_INT(SAMPLING_ERR_PARAM, apply_xtc(&c, 1.0, 0.19, 0, 1.5));
    CHECK_INT(SAMPLING_ERR_PARAM, apply_xtc(&c, NAN, 0.19, 0, 0.5));
}

static void test_temperature(void)
{
    /* Temperature 0 keeps the first of the tied maxima, token 1; nothing moves or shrinks. */
    const double logits[] = {1.0, 3.0, 3.0, 2.0};
    TokenData buf[4];
    Candidates c;
    const double greedy[] = {0.0, -1.0};
    for (size_t i = 0; i < N_OF(greedy); i++) {
        candidates_init(&c, buf, logits, 4);
        CHECK_INT(SAMPLING_OK, apply_temp(&c, greedy[i]));
        CHECK_INT(4, (long long)c.size);
        CHECK_NEAR(-INFINITY, c.data[0].logit, 0);
        CHECK_NEAR(3.0, c.data[1].logit, 0);
        CHECK_NEAR(-INFINITY, c.data[2].logit, 0);
        CHECK_NEAR(-INFINITY, c.data[3].logit, 0);
    }
    candidates_init(&c, buf, logits, 4);
    apply_temp(&c, 2.0);
    CHECK_NEAR(0.5, c.data[0].logit, 0);
    CHECK_NEAR(1.5, c.data[1].logit, 0);
    const double with_inf[] = {1.0, -INFINITY};
    candidates_init(&c, buf, with_inf, 2);
    apply_temp(&c, INFINITY);
    CHECK_NEAR(0.0, c.data[0].logit, 0);
    CHECK_NEAR(-INFINITY, c.data[1].logit, 0);
    CHECK_INT(SAMPLING_ERR_PARAM, apply_temp(&c, NAN));
    /* Doubling DBL_MAX overflows: the logits are shifted by the largest first, and what still overflows
     * saturates, so nothing is banned and the order stays. */
    const double extreme[] = {-DBL_MAX, DBL_MAX};
    candidates_init(&c, buf, extreme, 2);
    apply_temp(&c, 0.5);
    CHECK_NEAR(-DBL_MAX, c.data[0].logit, 0);
    CHECK_NEAR(0.0, c.data[1].logit, 0);
    /* A temperature of 1e-320 is the float 0 llama.cpp holds: greedy, only the first largest logit stays. */
    const double three[] = {1.0, 2.0, 3.0};
    candidates_init(&c, buf, three, 3);
    apply_temp(&c, 1e-320);
    candidates_softmax(&c, false);
    CHECK_NEAR(1.0, c.data[2].p, 0);
    CHECK_NEAR(-INFINITY, c.data[0].logit, 0);
    /* A tiny temperature that is a float above 0 (1e-30) with logits whose quotient overflows: not a tie at
     * -DBL_MAX but the largest at 0 and the other far below (the division after subtracting the largest). */
    const double negative[] = {-1e300, -2e300};
    candidates_init(&c, buf, negative, 2);
    apply_temp(&c, 1e-30);
    CHECK(isfinite(c.data[0].logit) && isfinite(c.data[1].logit) && c.data[0].logit > c.data[1].logit);
    /* temp-ext without a range is apply_temp, infinite temperature included. */
    candidates_init(&c, buf, three, 3);
    CHECK_INT(SAMPLING_OK, apply_temp_ext(&c, INFINITY, 0.0, 1.0));
    CHECK_NEAR(0.0, c.data[2].logit, 0);

    /* temp-ext: logits 2, 0 give p 0.8808, 0.1192 and H = 0.3653 nats = 0.5271 ln 2, so with temp 1,
     * range 0.5 and exponent 1, T = 0.5 + 1.0 * 0.5271 = 1.02707 and the top logit becomes 1.94730. */
    const double two[] = {2.0, 0.0};
    candidates_init(&c, buf, two, 2);
    CHECK_INT(SAMPLING_OK, apply_temp_ext(&c, 1.0, 0.5, 1.0));
    CHECK_NEAR(1.9472957757941156, c.data[0].logit, 1e-12);
    CHECK(c.sorted);
    CHECK_NEAR(1.0 / (1.0 + exp(-1.9472957757941156)), c.data[0].p, 1e-12);
    candidates_init(&c, buf, two, 2);
    apply_temp_ext(&c, 0.5, 0.0, 1.0);          /* no range: plain temperature */
    CHECK_NEAR(4.0, c.data[0].logit, 0);
    CHECK_INT(SAMPLING_ERR_PARAM, apply_temp_ext(&c, 1.0, INFINITY, 1.0));
}

static void test_large_arrays(void)
{
    /* Past 1,024 candidates, sorting and top-p go through buckets of logit values: compare with a plain
     * qsort and a plain walk, on normal logits, on coarse ties with -inf, and on all-equal logits. */
    enum { N = 20000 };
    static double logits[N];
    static TokenData buf[N], ref[N];
    static int32_t got[N], want[N];
    srand(3);
    for (int shape = 0; shape < 3; shape++) {
        for (int i = 0; i < N; i++) {
            double u = (rand() + 1.0) / (RAND_MAX + 2.0), v = (rand() + 1.0) / (RAND_MAX + 2.0);
            double normal = 3.0 * sqrt(-2 * log(u)) * cos(6.283185307179586 * v);
            logits[i] = shape == 0 ? normal : shape == 1 ? (rand() % 10 == 0 ? -INFINITY : floor(normal)) : 1.0;
        }
        Candidates c, r;
        candidates_init(&r, ref, logits, N);
        qsort(ref, N, sizeof ref[0], reference_order);
        for (int i = 0; i < N; i++)
            want[i] = ref[i].id;

        candidates_init(&c, buf, logits, N);
        candidates_sort(&c);
        CHECK_IDS(want, N, got, ids_of(&c, got));
        candidates_init(&c, buf, logits, N);
        fast_sort(&c);
        CHECK_IDS(want, N, got, ids_of(&c, got));
        const size_t ks[] = {1, 300, 1024, 1025, 7000};
        for (size_t k = 0; k < N_OF(ks); k++) {
            candidates_init(&c, buf, logits, N);
            fast_apply_top_k(&c, (int32_t)ks[k]);
            ids_of(&c, got);
            CHECK_IDS(want, ks[k], got, c.size);
        }
        /* top-p 0.9 and 0.999 with min_keep 0 and 5,000: the first sorted tokens whose p reaches the limit. */
        const double limits[] = {0.9, 0.999};
        const size_t keeps[] = {0, 5000};
        for (size_t l = 0; l < N_OF(limits); l++) {
            for (size_t m = 0; m < N_OF(keeps); m++) {
                candidates_init(&c, buf, logits, N);
                candidates_softmax(&r, false);
                double sum = 0;
                size_t cut = N;
                for (size_t i = 0; i < N; i++) {
                    sum += r.data[i].p;
                    if (sum >= limits[l] && i + 1 >= keeps[m]) {
                        cut = i + 1;
                        break;
                    }
                }
                apply_top_p(&c, limits[l], keeps[m]);
                CHECK(c.sorted);
                CHECK_IDS(want, cut, got, ids_of(&c, got));
                candidates_init(&c, buf, logits, N);
                fast_apply_top_p(&c, limits[l], keeps[m]);
                CHECK(c.sorted);
                CHECK_IDS(want, cut, got, ids_of(&c, got));
            }
        }
    }
}

/* Whether a filter is off is decided on the float llama.cpp holds, as its samplers' init functions decide
 * whether to build an empty ("?") sampler: 0.99999999 is the float 1 (top-p and typical off), 1e-50 the
 * float 0 (min-p and top-n-sigma off, temperature greedy), 0.50000001 the float 0.5 (XTC's threshold on),
 * 1.00000001 the float 1 (temperature off). Logits 2, 1, 0: every filter that acts changes them. */
static void test_off_in_float(void)
{
    const double logits[] = {2.0, 1.0, 0.0};
    TokenData buf[3];
    Candidates c;
    CHECK(top_p_off(0.99999999) && !top_p_off(0.9999999));
    CHECK(typical_off(0.99999999) && !typical_off(0.9999));
    CHECK(min_p_off(1e-50) && !min_p_off(1e-30));
    CHECK(top_n_sigma_off(1e-50) && !top_n_sigma_off(1e-30));
    CHECK(!xtc_off(0.5, 0.50000001) && xtc_off(0.5, 0.5001) && xtc_off(1e-50, 0.1));
    CHECK(temp_off(1.00000001) && !temp_off(1.0001));
    candidates_init(&c, buf, logits, 3);
    CHECK_INT(SAMPLING_OK, apply_top_p(&c, 0.99999999, 0));
    CHECK_INT(3, c.size);
    candidates_init(&c, buf, logits, 3);
    CHECK_INT(SAMPLING_OK, apply_typical(&c, 0.99999999, 0));
    CHECK_INT(3, c.size);
    candidates_init(&c, buf, logits, 3);
    CHECK_INT(SAMPLING_OK, apply_temp(&c, 1e-50));            /* greedy: only the first largest stays finite */
    CHECK_NEAR(2.0, c.data[0].logit, 0);
    CHECK_NEAR(-INFINITY, c.data[1].logit, 0);
    candidates_init(&c, buf, logits, 3);
    CHECK_INT(SAMPLING_OK, apply_temp(&c, 1.00000001));       /* off: the logits stay as they are */
    CHECK_NEAR(1.0, c.data[1].logit, 0);
    candidates_init(&c, buf, logits, 3);
    CHECK_INT(SAMPLING_OK, apply_temp_ext(&c, 0.5, 1e-50, 1.0));   /* no range: plain temperature 0.5 */
    CHECK_NEAR(4.0, c.data[0].logit, 0);
    CHECK(xtc_draws_coin(&c, 0.5, 0.50000001));
    candidates_init(&c, buf, logits, 3);
    fast_apply_top_p(&c, 0.99999999, 0);
    CHECK_INT(3, c.size);
}

void test_filters(void)
{
    test_off_in_float();
    test_large_arrays();
    test_top_k();
    test_top_p();
    test_min_p();
    test_typical();
    test_top_n_sigma();
    test_xtc();
    test_temperature();
}
