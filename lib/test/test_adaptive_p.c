/* test_adaptive_p.c: adaptive-p's plain rule (adaptive_p.h) against the rule worked out by hand from the
 * reference's facts (section 4.15), and bit for bit against a throwaway C++ program (not committed): the same
 * rule written from the reference in float, built with GCC 12.2 (-ffp-contract=off) and its libstdc++, drawing
 * with std::discrete_distribution<int> over the float p on std::mt19937(seed). That program also reproduced the
 * hashes of test_chain_draws.c's shapes 1 and 4 before it printed any value used here. Hand values are checked
 * to 1e-6 (they are rounded to six or seven digits), the C++ program's to the bit ("%a"). */
#include "adaptive_p.h"
#include "check.h"
#include "mt19937.h"
#include "tests.h"

#include <math.h>

static double mt_coin(void *rng)
{
    return mt19937_next_double(rng);
}

static Candidates three(TokenData data[3])
{
    data[0] = (TokenData){0, log(0.5), 0};
    data[1] = (TokenData){1, log(0.3), 0};
    data[2] = (TokenData){2, log(0.2), 0};
    return (Candidates){.data = data, .size = 3, .selected = -1, .sorted = false};
}

/* The state as init leaves it: the reference's float values of 1 / (1 - decay), the clamped decay, and the
 * target as given. */
static void test_init(void)
{
    AdaptivePState st;
    const struct { double decay; float clamped; float total_weight; } decays[] = {
        {0.9, 0.9f, 0x1.3ffffcp+3f},        /* 1 - 0.9f = 0.100000024, so 9.99999809 */
        {0.99, 0.99f, 100.000099f}, {0.5, 0.5f, 2.0f}, {0.0, 0.0f, 1.0f},
        {-0.5, 0.0f, 1.0f}, {0.999, 0.99f, 100.000099f}, {1.0, 0.99f, 100.000099f}, {1.5, 0.99f, 100.000099f}};
    for (size_t i = 0; i < sizeof decays / sizeof decays[0]; i++) {
        CHECK_INT(SAMPLING_OK, adaptive_p_init(&st, 0.5, decays[i].decay));
        CHECK_BITS(decays[i].clamped, st.decay);
        CHECK_BITS(decays[i].total_weight, st.total_weight);
        CHECK(!st.pending);
    }
    /* target 0.5, decay 0.9: weighted_sum = 0.5 / 0.100000024 = 4.99999881 by hand, 4.99999905 in float, and
     * the average weighted_sum / total_weight is exactly the target. */
    adaptive_p_init(&st, 0.5, 0.9);
    CHECK_BITS(0x1.3ffffcp+2f, st.weighted_sum);
    CHECK_BITS(0.5f, st.weighted_sum / st.total_weight);
    /* The target is kept as given, above 1 and below 0 alike; only the float it holds. */
    adaptive_p_init(&st, 1.5, 0.9);
    CHECK_BITS(1.5f, st.target);
    adaptive_p_init(&st, 0.3, 0.9);
    CHECK_BITS(0.3f, st.target);
    CHECK_INT(SAMPLING_OK, adaptive_p_init(&st, -INFINITY, 0.9));   /* off, as any target below 0 */

    /* Refused, the state left alone: NaN, and a target of +inf (1e39 is +inf as a float). */
    adaptive_p_init(&st, 0.5, 0.9);
    CHECK_INT(SAMPLING_ERR_PARAM, adaptive_p_init(&st, NAN, 0.9));
    CHECK_INT(SAMPLING_ERR_PARAM, adaptive_p_init(&st, 0.5, NAN));
    CHECK_INT(SAMPLING_ERR_PARAM, adaptive_p_init(&st, INFINITY, 0.9));
    CHECK_INT(SAMPLING_ERR_PARAM, adaptive_p_init(&st, 1e39, 0.0));
    CHECK_BITS(0.5f, st.target);
    CHECK_BITS(0.9f, st.decay);
    CHECK_INT(SAMPLING_ERR_NULL, adaptive_p_init(NULL, 0.5, 0.9));
}

/* One step, worked out by hand. p = 0.5, 0.3, 0.2 (unsorted); target 0.5, decay 0.9, so avg = 0.5 and
 * t' = 2 * 0.5 - 0.5 = 0.5. d = |p - 0.5| / 0.3 = 0, 2/3, 1; new logit = 5 - 10 d^2 / (1 + d) = 5,
 * 5 - (40/9) / (5/3) = 5 - 8/3 = 2.333333, 5 - 10/2 = 0. Softmax, shifted by the largest, 5: weights 1,
 * e^(-8/3) = 0.0694835, e^-5 = 0.0067379, sum 1.0762214, so p = 0.929177, 0.0645624, 0.0062607; running sums
 * 0.929177, 0.993739, 1. Accepting token 1 adds its ORIGINAL p, 0.3: weighted_sum = 0.3 + 0.9 * 5 = 4.8,
 * total_weight = 1 + 0.9 * 10 = 10, avg 0.48. The next step's t' = 1 - 0.48 = 0.52: d = 0.02 / 0.3,
 * 0.22 / 0.3, 0.32 / 0.3 = 0.0666667, 0.733333, 1.066667; logits 5 - 0.0416667 = 4.958333,
 * 5 - 3.102564 = 1.897436, 5 - 5.505376 = -0.505376; p = 0.951399, 0.0445689, 0.0040318. */
static void test_one_step(void)
{
    TokenData data[3];
    float original[3];
    AdaptivePState st;
    const struct { double coin; ptrdiff_t index; } picks[] = {{0.5, 0}, {0.95, 1}, {0.995, 2}};
    for (size_t k = 0; k < sizeof picks / sizeof picks[0]; k++) {
        Candidates c = three(data);
        adaptive_p_init(&st, 0.5, 0.9);
        CountingCoin cc = {0, picks[k].coin};
        CHECK_INT(SAMPLING_OK, sample_adaptive_p(&c, &st, original, counting_coin, &cc));
        CHECK_INT(1, cc.calls);
        CHECK_INT(picks[k].index, (long long)c.selected);
        CHECK(st.pending);
        CHECK_INT(picks[k].index, st.pending_id);
        CHECK_INT(3, (long long)c.size);
        CHECK_NEAR(5.0, c.data[0].logit, 1e-6);
        CHECK_NEAR(2.333333, c.data[1].logit, 1e-6);
        CHECK_NEAR(0.0, c.data[2].logit, 1e-6);
        CHECK_NEAR(0.929177, c.data[0].p, 1e-6);
        CHECK_NEAR(0.0645624, c.data[1].p, 1e-6);
        CHECK_NEAR(0.0062607, c.data[2].p, 1e-6);
    }
    /* The C++ program's floats: the cache holds the first softmax, the array the second. */
    CHECK_BITS(0x1.000002p-1f, original[0]);
    CHECK_BITS(0x1.333334p-2f, original[1]);
    CHECK_BITS(0x1.99999ap-3f, original[2]);
    CHECK_BITS(0x1.2aaaaep+1f, data[1].logit);
    CHECK_BITS(0x1.dbbd1p-1f, data[0].p);
    CHECK_BITS(0x1.0872ap-4f, data[1].p);
    CHECK_BITS(0x1.9a4ddap-8f, data[2].p);

    Candidates c = three(data);
    adaptive_p_init(&st, 0.5, 0.9);
    sample_adaptive_p(&c, &st, original, coin_fixed, &(double){0.95});
    adaptive_p_accept(&st, 1);
    CHECK(!st.pending);
    CHECK_NEAR(4.8, st.weighted_sum, 1e-6);
    CHECK_NEAR(10.0, st.total_weight, 1e-5);
    CHECK_BITS(0x1.33333p+2f, st.weighted_sum);
    CHECK_BITS(0x1.3ffffcp+3f, st.total_weight);
    c = three(data);
    sample_adaptive_p(&c, &st, original, coin_fixed, &(double){0.5});
    CHECK_NEAR(4.958333, c.data[0].logit, 1e-6);
    CHECK_NEAR(1.897436, c.data[1].logit, 1e-6);
    CHECK_NEAR(-0.505376, c.data[2].logit, 1e-6);
    CHECK_NEAR(0.951399, c.data[0].p, 1e-6);
    CHECK_NEAR(0.0445689, c.data[1].p, 1e-6);
    CHECK_NEAR(0.0040318, c.data[2].p, 1e-6);
    CHECK_BITS(0x1.3d5556p+2f, c.data[0].logit);
    CHECK_BITS(0x1.e5be68p+0f, c.data[1].logit);
    CHECK_BITS(-0x1.02c0ap-1f, c.data[2].logit);
    CHECK_BITS(0x1.e71dcep-1f, c.data[0].p);
    CHECK_BITS(0x1.6d1bd2p-5f, c.data[1].p);
    CHECK_BITS(0x1.083b28p-8f, c.data[2].p);
}

/* The same three tokens with target 0.3: t' = 0.3, d = 2/3, 0, 1/3, new logits 2.333333, 5,
 * 5 - (10/9) / (4/3) = 4.166667. Flagged sorted (they arrive in descending order), the second softmax shifts
 * by data[0]'s new logit, 2.333333, not by the largest, 5: weights 1, e^(8/3) = 14.39191, e^(11/6) = 6.25470,
 * sum 21.64661, p = 0.0461966, 0.664858, 0.288946 either way by hand; the floats differ in the last bit of p0
 * and p2, as the C++ program printed for each flag. The flag is cleared after. */
static void test_sorted_shift(void)
{
    static const struct { bool sorted; float p0, p1, p2; } cases[] = {
        {false, 0x1.7a7138p-5f, 0x1.546836p-1f, 0x1.27e16ep-2f},
        {true, 0x1.7a7136p-5f, 0x1.546836p-1f, 0x1.27e16cp-2f}};
    for (size_t k = 0; k < 2; k++) {
        TokenData data[3];
        float original[3];
        AdaptivePState st;
        Candidates c = three(data);
        c.sorted = cases[k].sorted;
        adaptive_p_init(&st, 0.3, 0.9);
        CHECK_INT(SAMPLING_OK, sample_adaptive_p(&c, &st, original, coin_fixed, &(double){0.5}));
        CHECK_INT(1, (long long)c.selected);
        CHECK(!c.sorted);
        CHECK_NEAR(2.333333, c.data[0].logit, 1e-6);
        CHECK_NEAR(4.166667, c.data[2].logit, 1e-6);
        CHECK_NEAR(0.0461966, c.data[0].p, 1e-6);
        CHECK_NEAR(0.664858, c.data[1].p, 1e-6);
        CHECK_NEAR(0.288946, c.data[2].p, 1e-6);
        CHECK_BITS(cases[k].p0, c.data[0].p);
        CHECK_BITS(cases[k].p1, c.data[1].p);
        CHECK_BITS(cases[k].p2, c.data[2].p);
    }
}

/* d multiplies by 1 / 0.3f, rounded in float (3.33333325), as llama.cpp does; dividing by 0.3f rounds some d
 * apart. Logits 0 and -1.125, target 0.5: p = 1 / (1 + e^-1.125) = 0.754915 and 0.245085, both 0.254915 from
 * t' = 0.5, so d = 0.849717 and both new logits are 5 - 7.220190 / 1.849717 = 1.096600, p 0.5 each. The C++
 * program's float is 0x1.18bac8p+0; dividing gives 0x1.18badp+0. */
static void test_width(void)
{
    TokenData data[2] = {{0, 0.0, 0}, {1, -1.125, 0}};
    float original[2];
    Candidates c = {.data = data, .size = 2, .selected = -1};
    AdaptivePState st;
    adaptive_p_init(&st, 0.5, 0.9);
    CHECK_INT(SAMPLING_OK, sample_adaptive_p(&c, &st, original, coin_fixed, &(double){0.5}));
    CHECK_NEAR(0.754915, original[0], 1e-6);
    CHECK_NEAR(1.096600, data[0].logit, 1e-6);
    CHECK_BITS(0x1.18bac8p+0f, data[0].logit);
    CHECK_BITS(0x1.18bac8p+0f, data[1].logit);
    CHECK_BITS(0.5, data[1].p);
}

/* Runs `steps` steps on the same logits (n,), accepting each pick, with coins from mt; writes the picks. */
static void run(AdaptivePState *st, Mt19937 *mt, const double *logits, size_t n, bool sorted, int steps,
                int32_t *picks, double *sum_original)
{
    TokenData data[8];
    float original[8];
    for (int s = 0; s < steps; s++) {
        for (size_t i = 0; i < n; i++)
            data[i] = (TokenData){(int32_t)i, logits[i], 0};
        Candidates c = {.data = data, .size = n, .selected = -1, .sorted = sorted};
        picks[s] = -1;
        if (sample_adaptive_p(&c, st, original, mt_coin, mt) != SAMPLING_OK)
            return;
        picks[s] = c.data[c.selected].id;
        sum_original[s] = original[c.selected];
        adaptive_p_accept(st, picks[s]);
    }
}

/* Runs of steps with accepts, against the C++ program: its picks, the state after the run, and the
 * generator's next output (one double, two outputs, per step). The average is also checked against the
 * reference's closed form, in double from the original p of the picks: avg = (1 - decay) * sum over k of
 * decay^k * p_k + decay^n * target (p_k the pick k accepts ago), to 1e-5 (float rounding over the run). */
static void test_runs(void)
{
    /* Eight tokens, flagged sorted (p about 0.39, 0.24, 0.18, ...), target 0.1, decay 0.9, seed 42. */
    static const double sorted_logits[8] = {2.0, 1.5, 1.25, 0.5, 0.0, -0.5, -1.0, -3.0};
    static const int32_t want_sorted[12] = {6, 2, 6, 4, 3, 2, 4, 3, 2, 5, 1, 5};
    /* Six tokens in no order, one at -inf, target 0.2, decay 0.5, seed 7. */
    static const double mixed_logits[6] = {0.5, -INFINITY, 2.0, 1.0, -1.0, 0.0};
    static const int32_t want_mixed[10] = {0, 3, 5, 3, 3, 0, 0, 3, 0, 3};
    static const struct {
        const double *logits;
        size_t n;
        bool sorted;
        double target, decay;
        uint32_t seed;
        const int32_t *picks;
        int steps;
        float weighted_sum, total_weight;
        uint32_t next;
    } runs[] = {
        {sorted_logits, 8, true, 0.1, 0.9, 42, want_sorted, 12, 0x1.0335ep+0f, 0x1.3ffffcp+3f, 3575313899u},
        {mixed_logits, 6, false, 0.2, 0.5, 7, want_mixed, 10, 0x1.6d9762p-2f, 2.0f, 2917270596u},
    };
    for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
        AdaptivePState st;
        Mt19937 mt;
        int32_t picks[12];
        double p[12];
        adaptive_p_init(&st, runs[r].target, runs[r].decay);
        mt19937_seed(&mt, runs[r].seed);
        run(&st, &mt, runs[r].logits, runs[r].n, runs[r].sorted, runs[r].steps, picks, p);
        CHECK_IDS(runs[r].picks, (size_t)runs[r].steps, picks, (size_t)runs[r].steps);
        CHECK_BITS(runs[r].weighted_sum, st.weighted_sum);
        CHECK_BITS(runs[r].total_weight, st.total_weight);
        CHECK_INT(runs[r].next, mt19937_next(&mt));
        double avg = pow(runs[r].decay, runs[r].steps) * runs[r].target;
        for (int k = 0; k < runs[r].steps; k++)
            avg += (1 - runs[r].decay) * pow(runs[r].decay, k) * p[runs[r].steps - 1 - k];
        CHECK_NEAR(avg, st.weighted_sum / st.total_weight, 1e-5);
    }

    /* The -inf token of the second run keeps its logit, gets p 0 and an original p of 0; the first step's
     * other floats as the C++ program printed them. */
    TokenData data[6];
    float original[6];
    AdaptivePState st;
    Mt19937 mt;
    for (size_t i = 0; i < 6; i++)
        data[i] = (TokenData){(int32_t)i, mixed_logits[i], 0};
    Candidates c = {.data = data, .size = 6, .selected = -1};
    adaptive_p_init(&st, 0.2, 0.5);
    mt19937_seed(&mt, 7);
    CHECK_INT(SAMPLING_OK, sample_adaptive_p(&c, &st, original, mt_coin, &mt));
    CHECK_BITS(-INFINITY, data[1].logit);
    CHECK_BITS(0.0, data[1].p);
    CHECK_BITS(0.0f, original[1]);
    const float logit_bits[6] = {0x1.207ae8p+2f, -INFINITY, -0x1.a01d78p+0f, 0x1.3fa5c2p+2f, 0x1.74a73ep+1f,
                                 0x1.e5b116p+1f};
    const float p_bits[6] = {0x1.3435bap-2f, 0.0f, 0x1.5675b6p-11f, 0x1.f5958cp-2f, 0x1.f3bbbep-5f,
                             0x1.2e240ep-3f};
    for (size_t i = 0; i < 6; i++) {
        CHECK_BITS(logit_bits[i], data[i].logit);
        CHECK_BITS(p_bits[i], data[i].p);
    }
}

/* A target below 0: the softmax and a draw from it (one coin), logits and state untouched, nothing pending, so
 * accept changes nothing. Picks and p from the C++ program (seed 7, logits 1, 0, 2, -1, 0.5). */
static void test_target_below_zero(void)
{
    const double logits[5] = {1.0, 0.0, 2.0, -1.0, 0.5};
    const int32_t want[10] = {1, 2, 4, 2, 2, 1, 0, 2, 0, 2};
    const float p_bits[5] = {0x1.a8309ap-3f, 0x1.3819f8p-4f, 0x1.204452p-1f, 0x1.cb4348p-6f, 0x1.0148bep-3f};
    AdaptivePState st;
    Mt19937 mt;
    TokenData data[5];
    float original[5] = {-1, -1, -1, -1, -1};
    int32_t picks[10];
    adaptive_p_init(&st, -1.0, 0.9);
    mt19937_seed(&mt, 7);
    for (int s = 0; s < 10; s++) {
        for (size_t i = 0; i < 5; i++)
            data[i] = (TokenData){(int32_t)i, logits[i], 0};
        Candidates c = {.data = data, .size = 5, .selected = -1};
        CHECK_INT(SAMPLING_OK, sample_adaptive_p(&c, &st, original, mt_coin, &mt));
        picks[s] = c.data[c.selected].id;
        CHECK(!st.pending);
        adaptive_p_accept(&st, picks[s]);
        for (size_t i = 0; s == 0 && i < 5; i++) {
            CHECK_BITS(logits[i], data[i].logit);
            CHECK_BITS(p_bits[i], data[i].p);
            CHECK_BITS(-1.0f, original[i]);
        }
    }
    CHECK_IDS(want, 10, picks, 10);
    CHECK_BITS(-0x1.3ffffcp+3f, st.weighted_sum);     /* -1 / 0.100000024, as init left it */
    CHECK_BITS(0x1.3ffffcp+3f, st.total_weight);
    CHECK_INT(2917270596u, mt19937_next(&mt));

    /* -0.0 is not below 0: it transforms, toward t' = 0. */
    adaptive_p_init(&st, -0.0, 0.9);
    for (size_t i = 0; i < 5; i++)
        data[i] = (TokenData){(int32_t)i, logits[i], 0};
    Candidates c = {.data = data, .size = 5, .selected = -1};
    CHECK_INT(SAMPLING_OK, sample_adaptive_p(&c, &st, original, coin_fixed, &(double){0.5}));
    CHECK(st.pending);
    CHECK(data[0].logit < 5.0);
}

/* One candidate: p = 1, index 0, no coin asked for. t' = 0.5 (target 0.5), d = 0.5 / 0.3 = 5/3, new logit
 * 5 - (250/9) / (8/3) = 5 - 10.416667 = -5.416667. The accept adds 1.0: weighted_sum = 1 + 0.9 * 5 = 5.5. */
static void test_one_candidate(void)
{
    TokenData data[1] = {{7, -3.0, 0}};
    float original[1];
    Candidates c = {.data = data, .size = 1, .selected = -1};
    AdaptivePState st;
    CountingCoin cc = {0, 0.5};
    adaptive_p_init(&st, 0.5, 0.9);
    CHECK_INT(SAMPLING_OK, sample_adaptive_p(&c, &st, original, counting_coin, &cc));
    CHECK_INT(0, cc.calls);
    CHECK_INT(0, (long long)c.selected);
    CHECK_BITS(1.0, data[0].p);
    CHECK_BITS(1.0f, original[0]);
    CHECK_NEAR(-5.416667, data[0].logit, 1e-6);
    adaptive_p_accept(&st, 7);
    CHECK_NEAR(5.5, st.weighted_sum, 1e-5);
    /* With a target below 0 too: no coin. */
    adaptive_p_init(&st, -1.0, 0.9);
    data[0] = (TokenData){7, -3.0, 0};
    CHECK_INT(SAMPLING_OK, sample_adaptive_p(&c, &st, original, counting_coin, &cc));
    CHECK_INT(0, cc.calls);
    CHECK_INT(0, (long long)c.selected);
}

/* Accept counts only the pending pick, once; reset starts the average over and forgets the pick. */
static void test_accept_and_reset(void)
{
    TokenData data[3];
    float original[3];
    AdaptivePState st;
    adaptive_p_init(&st, 0.5, 0.9);
    AdaptivePState fresh = st;
    Candidates c = three(data);
    sample_adaptive_p(&c, &st, original, coin_fixed, &(double){0.95});   /* picks token 1 */
    adaptive_p_accept(&st, 2);                  /* another token: nothing added, nothing pending after */
    CHECK(!st.pending);
    CHECK_BITS(fresh.weighted_sum, st.weighted_sum);
    adaptive_p_accept(&st, 1);                  /* the pick, too late */
    CHECK_BITS(fresh.weighted_sum, st.weighted_sum);
    adaptive_p_accept(&st, -1);                 /* nothing pending: no change (llama.cpp would abort) */
    CHECK_BITS(fresh.weighted_sum, st.weighted_sum);
    CHECK_BITS(fresh.total_weight, st.total_weight);
    adaptive_p_accept(NULL, 1);

    c = three(data);
    sample_adaptive_p(&c, &st, original, coin_fixed, &(double){0.95});
    adaptive_p_accept(&st, 1);
    CHECK(st.weighted_sum != fresh.weighted_sum);
    c = three(data);
    sample_adaptive_p(&c, &st, original, coin_fixed, &(double){0.95});
    adaptive_p_reset(&st);
    CHECK(!st.pending);
    CHECK_BITS(fresh.weighted_sum, st.weighted_sum);
    CHECK_BITS(fresh.total_weight, st.total_weight);
    adaptive_p_accept(&st, 1);                  /* the pick before the reset no longer counts */
    CHECK_BITS(fresh.weighted_sum, st.weighted_sum);
    adaptive_p_reset(NULL);
}

static void test_bad_input(void)
{
    TokenData data[3];
    float original[3];
    AdaptivePState st;
    adaptive_p_init(&st, 0.5, 0.9);
    Candidates c = three(data);
    CHECK_INT(SAMPLING_ERR_NULL, sample_adaptive_p(NULL, &st, original, coin_fixed, &(double){0.5}));
    CHECK_INT(SAMPLING_ERR_NULL, sample_adaptive_p(&c, NULL, original, coin_fixed, &(double){0.5}));
    CHECK_INT(SAMPLING_ERR_NULL, sample_adaptive_p(&c, &st, NULL, coin_fixed, &(double){0.5}));
    CHECK_INT(SAMPLING_ERR_NULL, sample_adaptive_p(&c, &st, original, NULL, NULL));
    c.size = 0;
    CHECK_INT(SAMPLING_ERR_EMPTY, sample_adaptive_p(&c, &st, NULL, coin_fixed, &(double){0.5}));
    CHECK_INT(-1, (long long)c.selected);

    c = three(data);
    data[1].logit = NAN;
    CHECK_INT(SAMPLING_ERR_NAN, sample_adaptive_p(&c, &st, original, coin_fixed, &(double){0.5}));
    CHECK_BITS(log(0.5), data[0].logit);

    /* Every logit -inf: nothing to normalize. A finite logit past float's range is -FLT_MAX, still in. */
    c = three(data);
    data[0].logit = data[1].logit = data[2].logit = -INFINITY;
    CHECK_INT(SAMPLING_ERR_NO_FINITE, sample_adaptive_p(&c, &st, original, coin_fixed, &(double){0.5}));
    CHECK_INT(-1, (long long)c.selected);
    CHECK_BITS(-INFINITY, data[1].logit);
    CHECK(!st.pending);
    data[1].logit = -1e300;
    CHECK_INT(SAMPLING_OK, sample_adaptive_p(&c, &st, original, coin_fixed, &(double){0.5}));
    CHECK_INT(1, (long long)c.selected);
    CHECK_BITS(1.0f, original[1]);

    /* A bad coin, after the transform: nothing pending, not even the pick of the step before. */
    c = three(data);
    sample_adaptive_p(&c, &st, original, coin_fixed, &(double){0.5});
    CHECK(st.pending);
    c = three(data);
    CHECK_INT(SAMPLING_ERR_PARAM, sample_adaptive_p(&c, &st, original, coin_fixed, &(double){1.0}));
    CHECK_INT(-1, (long long)c.selected);
    CHECK(!st.pending);

    /* +inf logits share the mass, 1/2 each, the rest 0; a finite 1e300 is FLT_MAX, below them. */
    c = three(data);
    data[0].logit = data[1].logit = INFINITY;
    data[2].logit = 1e300;
    CHECK_INT(SAMPLING_OK, sample_adaptive_p(&c, &st, original, coin_fixed, &(double){0.5}));
    CHECK_BITS(0.5f, original[0]);
    CHECK_BITS(0.5f, original[1]);
    CHECK_BITS(0.0f, original[2]);
    CHECK(isfinite(data[0].logit) && isfinite(data[2].logit));
    /* Without them, 1e300 is the largest: FLT_MAX takes it all. */
    c = three(data);
    data[2].logit = 1e300;
    CHECK_INT(SAMPLING_OK, sample_adaptive_p(&c, &st, original, coin_fixed, &(double){0.5}));
    CHECK_BITS(1.0f, original[2]);
}

/* Over many random steps with decay 0.9, the chosen tokens' original p moves toward the target: below what a
 * plain draw from the same distributions gives (a mean of 0.37 here) for target 0.1 (0.054), above it for 0.6
 * (0.50). Each step has 16 logits 8 * u^2 (u uniform in [0, 1) from its own mt19937), a new set per step;
 * 4,000 steps per run. The plain draw is adaptive-p with target -1 on the same logits and coins. */
static double mean_original_p(double target, double *final_avg)
{
    enum { N = 16, STEPS = 4000 };
    AdaptivePState st;
    Mt19937 logits_mt, coin_mt;
    TokenData data[N];
    float original[N];
    double sum = 0;
    adaptive_p_init(&st, target, 0.9);
    mt19937_seed(&logits_mt, 2024);
    mt19937_seed(&coin_mt, 5);
    for (int s = 0; s < STEPS; s++) {
        for (int i = 0; i < N; i++) {
            double u = mt19937_next_double(&logits_mt);
            data[i] = (TokenData){i, 8 * u * u, 0};
        }
        Candidates c = {.data = data, .size = N, .selected = -1};
        if (sample_adaptive_p(&c, &st, original, mt_coin, &coin_mt) != SAMPLING_OK)
            return NAN;
        if (target < 0)     /* the plain draw leaves p as the softmax, and original as it was */
            original[c.selected] = (float)c.data[c.selected].p;
        sum += original[c.selected];
        adaptive_p_accept(&st, c.data[c.selected].id);
    }
    *final_avg = st.weighted_sum / st.total_weight;
    return sum / STEPS;
}

static void test_moves_toward_target(void)
{
    double avg_plain, avg_low, avg_high;
    double plain = mean_original_p(-1.0, &avg_plain);
    double low = mean_original_p(0.1, &avg_low);
    double high = mean_original_p(0.6, &avg_high);
    CHECK(low < plain - 0.05);
    CHECK(high > plain + 0.05);
    CHECK(fabs(low - 0.1) < fabs(plain - 0.1));
    CHECK(fabs(high - 0.6) < fabs(plain - 0.6));
    /* The moving average ends nearer the target than the plain draws' mean, too. */
    CHECK(fabs(avg_low - 0.1) < fabs(plain - 0.1));
    CHECK(fabs(avg_high - 0.6) < fabs(plain - 0.6));
}

void test_adaptive_p(void)
{
    test_init();
    test_one_step();
    test_sorted_shift();
    test_width();
    test_runs();
    test_target_below_zero();
    test_one_candidate();
    test_accept_and_reset();
    test_bad_input();
    test_moves_toward_target();
}
