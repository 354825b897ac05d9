/* test_candidates.c: softmax, ordering and the shared helpers, against values worked out by hand. */
#include "candidates.h"
#include "check.h"
#include "tests.h"

#include <math.h>


static void test_softmax(void)
{
    TokenData buf[3];
    Candidates c;
    /* logits ln 1, ln 2, ln 5: p = 1/8, 2/8, 5/8. */
    const double logits[] = {0.0, log(2.0), log(5.0)};
    CHECK_INT(SAMPLING_OK, candidates_init(&c, buf, logits, 3));
    CHECK_INT(SAMPLING_OK, candidates_softmax(&c, false));
    CHECK_NEAR(0.125, c.data[0].p, 1e-15);
    CHECK_NEAR(0.25, c.data[1].p, 1e-15);
    CHECK_NEAR(0.625, c.data[2].p, 1e-15);
    CHECK(!c.sorted);
    CHECK_INT(0, c.data[0].id);

    /* With do_sort the array comes back by descending logit. */
    CHECK_INT(SAMPLING_OK, candidates_softmax(&c, true));
    CHECK(c.sorted);
    CHECK_INT(2, c.data[0].id);
    CHECK_NEAR(0.625, c.data[0].p, 1e-15);

    /* The lesson's vocabulary: the probability of "the" before any sampler is 0.5341 (Example 6). */
    const double lesson[] = {2.0, 1.0, 0.5, 0.1, -0.5, -1.0};
    TokenData lbuf[6];
    candidates_init(&c, lbuf, lesson, 6);
    candidates_softmax(&c, false);
    CHECK_NEAR(0.5341, c.data[0].p, 5e-5);
    CHECK_NEAR(0.0266, c.data[5].p, 5e-5);
}

static void test_softmax_edges(void)
{
    TokenData buf[3];
    Candidates c;
    const double some_inf[] = {-INFINITY, 1.0, 1.0};
    candidates_init(&c, buf, some_inf, 3);
    CHECK_INT(SAMPLING_OK, candidates_softmax(&c, false));
    CHECK_NEAR(0.0, c.data[0].p, 0);
    CHECK_NEAR(0.5, c.data[1].p, 1e-15);

    const double all_inf[] = {-INFINITY, -INFINITY};
    candidates_init(&c, buf, all_inf, 2);
    CHECK_INT(SAMPLING_ERR_NO_FINITE, candidates_softmax(&c, false));
    CHECK_NEAR(0.0, c.data[1].p, 0);

    const double plus_inf[] = {INFINITY, 3.0, INFINITY};
    candidates_init(&c, buf, plus_inf, 3);
    CHECK_INT(SAMPLING_OK, candidates_softmax(&c, false));
    CHECK_NEAR(0.5, c.data[0].p, 0);
    CHECK_NEAR(0.0, c.data[1].p, 0);
    CHECK_NEAR(0.5, c.data[2].p, 0);

    const double with_nan[] = {1.0, NAN};
    candidates_init(&c, buf, with_nan, 2);
    CHECK_INT(SAMPLING_ERR_NAN, candidates_softmax(&c, false));

    candidates_init(&c, buf, with_nan, 0);
    CHECK_INT(SAMPLING_ERR_EMPTY, candidates_softmax(&c, false));
    CHECK_INT(SAMPLING_ERR_NULL, candidates_softmax(NULL, false));
    Candidates null_data = {.data = NULL, .size = 2, .selected = -1};
    CHECK_INT(SAMPLING_ERR_NULL, candidates_softmax(&null_data, false));
    CHECK_INT(SAMPLING_ERR_NULL, candidates_init(&c, NULL, with_nan, 2));
    CHECK_INT(SAMPLING_OK, candidates_init(&c, NULL, NULL, 0));
    CHECK_INT(0, (long long)c.size);
}

static void test_ordering(void)
{
    /* Ties keep the lower id first, whatever order they arrive in. */
    const double logits[] = {1.0, 3.0, 3.0, 2.0, 3.0};
    TokenData buf[5];
    Candidates c;
    candidates_init(&c, buf, logits, 5);
    CHECK_INT(SAMPLING_OK, candidates_sort(&c));
    int32_t ids[5];
    for (size_t i = 0; i < c.size; i++)
        ids[i] = c.data[i].id;
    CHECK_IDS(((int32_t[]){1, 2, 4, 3, 0}), 5, ids, c.size);
    CHECK(c.sorted);

    CHECK_INT(3, (long long)candidates_find(&c, 3));
    CHECK_INT(-1, (long long)candidates_find(&c, 9));
    CHECK_INT(-1, (long long)candidates_find(NULL, 0));

    CHECK_INT(SAMPLING_OK, candidates_sort_by_id(&c));
    for (size_t i = 0; i < c.size; i++)
        ids[i] = c.data[i].id;
    CHECK_IDS(((int32_t[]){0, 1, 2, 3, 4}), 5, ids, c.size);
    CHECK(!c.sorted);

    const double nan_logits[] = {1.0, NAN};
    candidates_init(&c, buf, nan_logits, 2);
    CHECK_INT(SAMPLING_ERR_NAN, candidates_sort(&c));
}

static void test_information(void)
{
    /* Example 7: p = 0.4, 0.3, 0.2, 0.1 has entropy 1.2799 nats; cat's surprise -ln 0.3 = 1.2040. */
    TokenData buf[4] = {{0, 0, 0.4}, {1, 0, 0.3}, {2, 0, 0.2}, {3, 0, 0.1}};
    Candidates c = {.data = buf, .size = 4, .selected = -1};
    CHECK_NEAR(-(0.4 * log(0.4) + 0.3 * log(0.3) + 0.2 * log(0.2) + 0.1 * log(0.1)), entropy_nats(&c), 1e-15);
    CHECK_NEAR(1.27985422583, entropy_nats(&c), 1e-10);
    CHECK_NEAR(1.20397280433, surprise_nats(0.3), 1e-10);
    CHECK_NEAR(1.0, surprise_bits(0.5), 0);
    CHECK_NEAR(3.0, surprise_bits(0.125), 0);
    CHECK(!signbit(surprise_bits(1.0)));        /* +0, so that "%.2f" prints 0.00, not -0.00 */
    CHECK(!signbit(surprise_nats(1.0)));
    CHECK_NEAR(INFINITY, surprise_bits(0.0), 0);
    CHECK(isnan(surprise_bits(1.5)));
    CHECK(isnan(surprise_nats(NAN)));
    buf[1].p = 0.0;                              /* p = 0 contributes nothing (not NaN) */
    CHECK_NEAR(-(0.4 * log(0.4) + 0.2 * log(0.2) + 0.1 * log(0.1)), entropy_nats(&c), 1e-15);
    /* In bits: four equal p are 2 bits, exactly; three of them 1.5; Example 7's is 1.27985 / ln 2 = 1.84644. */
    TokenData quarters[4] = {{0, 0, 0.25}, {1, 0, 0.25}, {2, 0, 0.25}, {3, 0, 0.25}};
    CHECK_NEAR(2.0, entropy_bits(&(Candidates){quarters, 4, -1, false}), 0);
    CHECK_NEAR(1.5, entropy_bits(&(Candidates){quarters + 1, 3, -1, false}), 0);
    buf[1].p = 0.3;
    CHECK_NEAR(1.8464393447, entropy_bits(&c), 1e-9);
    buf[1].p = 0.0;
    CHECK_NEAR(0.0, entropy_bits(NULL), 0);

    const double logits[] = {0.0, -INFINITY, 2.0, NAN};
    TokenData b2[4];
    candidates_init(&c, b2, logits, N_OF(logits));
    CHECK_INT(2, (long long)candidates_count_finite(&c));
    CHECK_INT(SAMPLING_ERR_NAN, candidates_check(&c));
    CHECK(sampling_strerror(SAMPLING_ERR_NO_FINITE)[0] != '\0');
    CHECK(sampling_strerror((SamplingStatus)42)[0] == 'u');
}

void test_candidates(void)
{
    test_softmax();
    test_softmax_edges();
    test_ordering();
    test_information();
}
