/* test_fast_path.c: the shortcuts that make llama.cpp's default settings cheap must give exactly what the
 * plain path gives. Top-k selection (in place and straight from the logits) against a full sort written
 * here; the chain's shortcut (chain_apply_logits) against candidates_init + chain_apply on a second chain
 * with the same parameters, compared bit for bit. Penalties and DRY in the caller's scratch buffer (no
 * allocation) against hand values and against the allocating calls, and the chain's scratch staying put
 * once the window is full. */
#include "candidates.h"
#include "chain.h"
#include "check.h"
#include "dry.h"
#include "fast/fast.h"
#include "filters.h"
#include "fixtures.h"
#include "penalties.h"
#include "rng.h"
#include "same.h"
#include "tests.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_N 8200

/* ===== The inputs: the kinds of logits, drawn by make_logits ===== */

typedef enum { IN_NORMAL, IN_TIES, IN_SOME_NEG_INF, IN_ALL_NEG_INF, IN_PLUS_INF, IN_ASCENDING, IN_DESCENDING,
               IN_ZEROS, IN_COUNT } InputKind;

/* The kinds by InputKind (fixtures.h). */
static const LogitsKind kinds[IN_COUNT] = {
    [IN_NORMAL]       = {.common = {LOGITS_GAUSSIAN, 3.0, 0}},
    [IN_TIES]         = {.common = {LOGITS_LEVELS, 1.0, 4}},      /* many equal logits */
    [IN_SOME_NEG_INF] = {.common = {LOGITS_VALUE, -INFINITY, 0}, .one_in = 3, .rare = {LOGITS_LEVELS, 1.0, 3}},
    [IN_ALL_NEG_INF]  = {.common = {LOGITS_VALUE, -INFINITY, 0}},
    [IN_PLUS_INF]     = {.common = {LOGITS_GAUSSIAN, 1.0, 0}, .one_in = 50, .rare = {LOGITS_VALUE, INFINITY, 0}},
    [IN_ASCENDING]    = {.common = {LOGITS_INDEX, 1.0, 0}},       /* every logit beats the k-th best so far */
    [IN_DESCENDING]   = {.common = {LOGITS_INDEX, -1.0, 0}},
    [IN_ZEROS]        = {.common = {LOGITS_SIGNED_ZEROS, 0, 0}},  /* -0 and +0 tie: ids decide */
};

/* ===== The reference: sort everything by (logit descending, id ascending), keep the first k ===== */

static size_t reference_top_k(TokenData *out, const double *x, size_t n, size_t k)
{
    for (size_t i = 0; i < n; i++)
        out[i] = (TokenData){(int32_t)i, x[i], 0.0};
    qsort(out, n, sizeof *out, reference_order);
    return k < n ? k : n;
}

static TokenData want[MAX_N], got[MAX_N], plain_buf[MAX_N + 1];
static double logits[MAX_N];

static void test_top_k_against_sort(void)
{
    /* 8200 logits make 128 blocks of 64 (plus a partial one), so every k up to 128 takes the block path
     * and its heap; the smaller sizes take the path for few blocks. */
    static const size_t sizes[] = {1, 2, 7, 41, 200, 1025, 3000, 8200};
    static const int32_t ks[] = {1, 2, 5, 40, 41, 64, 65, 128, 1000, 1024};
    Rng r;
    rng_seed(&r, 12);
    int bad_in_place = 0, bad_from_logits = 0, runs = 0;
    for (size_t s = 0; s < N_OF(sizes); s++) {
        for (int kind = 0; kind < IN_COUNT; kind++) {
            size_t n = sizes[s];
            make_logits(logits, n, &kinds[kind], &r);
            for (size_t j = 0; j < N_OF(ks); j++) {
                size_t keep = reference_top_k(want, logits, n, (size_t)ks[j]);
                Candidates c;
                candidates_init(&c, got, logits, n);
                bool ok = apply_top_k(&c, ks[j]) == SAMPLING_OK && c.size == keep && c.sorted
                          && same_tokens(want, c.data, keep);
                bad_in_place += !ok;
                ok = fast_candidates_init_top_k(&c, got, logits, n, ks[j]) == SAMPLING_OK && c.size == keep
                     && c.sorted && c.selected == -1 && c.data == got && same_tokens(want, c.data, keep);
                bad_from_logits += !ok;
                runs++;
            }
        }
    }
    CHECK_INT(0, bad_in_place);
    CHECK_INT(0, bad_from_logits);
    CHECK_INT(8 * IN_COUNT * 10, runs);

    /* By hand: logits 1, 3, 3, 2, 3 with k = 2 keep ids 1 and 2 (the 3s with the lower ids), in that order. */
    const double hand[] = {1, 3, 3, 2, 3};
    Candidates c;
    CHECK_INT(SAMPLING_OK, fast_candidates_init_top_k(&c, got, hand, N_OF(hand), 2));
    int32_t ids[] = {c.data[0].id, c.data[1].id};
    CHECK_IDS(((int32_t[]){1, 2}), 2, ids, c.size);
}

/* fast_candidates_init_top_k against candidates_init + apply_top_k: the same status and, on success, the same
 * array byte for byte with the same size, sorted and selected. */
static bool matches_plain(const double *x, size_t n, int32_t k)
{
    Candidates plain, fast;
    SamplingStatus want_st = candidates_init(&plain, plain_buf, x, n);
    if (want_st == SAMPLING_OK)
        want_st = apply_top_k(&plain, k);
    SamplingStatus got_st = fast_candidates_init_top_k(&fast, got, x, n, k);
    if (want_st != got_st)
        return false;
    return want_st != SAMPLING_OK || (plain.size == fast.size && plain.sorted == fast.sorted
                                      && plain.selected == fast.selected && same_tokens(plain.data, fast.data,
                                                                                         plain.size));
}

static void test_init_top_k_edges(void)
{
    Rng r;
    rng_seed(&r, 34);
    int bad = 0;
    static const int32_t ks[] = {-3, 0, 1, 39, 40, 41, 1024, 1025, INT32_MAX};
    static const size_t sizes[] = {0, 1, 2, 40, 41, 1100, 2100};
    for (size_t s = 0; s < N_OF(sizes); s++)
        for (int kind = 0; kind < IN_COUNT; kind++)
            for (size_t j = 0; j < N_OF(ks); j++) {
                make_logits(logits, sizes[s], &kinds[kind], &r);
                bad += !matches_plain(logits, sizes[s], ks[j]);
            }
    CHECK_INT(0, bad);

    /* A NaN anywhere is an error, as apply_top_k reports it: first, inside the first k, in a block, in the
     * partial block at the end (3000 = 46 blocks of 64 + 56), with few blocks (500 logits, k 40), and with
     * an infinity elsewhere (whose NaN sum alone is a false alarm). */
    static const size_t nan_at[] = {0, 3, 39, 40, 41, 250, 499, 1500, 2943, 2944, 2975, 2999};
    for (int inf = 0; inf < 2; inf++) {
        for (size_t j = 0; j < N_OF(nan_at); j++) {
            for (size_t n = 500; n <= 3000; n += 2500) {
                if (nan_at[j] >= n)
                    continue;
                make_logits(logits, n, &kinds[IN_NORMAL], &r);
                if (inf)
                    logits[(nan_at[j] + 7) % n] = INFINITY;
                logits[nan_at[j]] = NAN;
                Candidates c = {0};
                CHECK_INT(SAMPLING_ERR_NAN, fast_candidates_init_top_k(&c, got, logits, n, 40));
                CHECK(c.data == NULL);                          /* on error c is left as it was */
                CHECK(matches_plain(logits, n, 40));
                CHECK(matches_plain(logits, n, 0));             /* top-k off still checks the logits */
            }
        }
    }
    /* Infinities without a NaN: the false alarm costs a pass, not the result. */
    make_logits(logits, 3000, &kinds[IN_NORMAL], &r);
    logits[100] = INFINITY;
    logits[2000] = -INFINITY;
    logits[2990] = INFINITY;
    CHECK(matches_plain(logits, 3000, 40));
    CHECK(matches_plain(logits, 3000, 2));

    Candidates c;
    CHECK_INT(SAMPLING_ERR_NULL, fast_candidates_init_top_k(NULL, got, logits, 5, 2));
    CHECK_INT(SAMPLING_ERR_NULL, fast_candidates_init_top_k(&c, NULL, logits, 5, 2));
    CHECK_INT(SAMPLING_ERR_NULL, fast_candidates_init_top_k(&c, got, NULL, 5, 2));
    CHECK_INT(SAMPLING_OK, fast_candidates_init_top_k(&c, NULL, NULL, 0, 2));
    CHECK_INT(0, (long long)c.size);
    CHECK(c.sorted);                                            /* as apply_top_k leaves an empty array */
}

/* ===== The chain: chain_apply_logits (which may take the shortcut) against the plain path ===== */

static void test_chain_fast_path(void)
{
    SamplingParams defaults = sampling_params_default();
    defaults.seed = 42;
    SamplingParams xtc = defaults;              /* XTC and a second draw after top-k */
    xtc.xtc_probability = 0.7;
    xtc.xtc_threshold = 0.05;
    SamplingParams greedy = defaults;
    greedy.temp = 0.0;
    SamplingParams k1 = defaults;
    k1.top_k = 1;
    SamplingParams wide = defaults;             /* top-k beyond the heap: the shortcut is not taken */
    wide.top_k = 2000;
    SamplingParams typical = defaults;          /* typical after top-k, min_keep 3 */
    typical.typ_p = 0.5;
    typical.min_keep = 3;
    SamplingParams biased = defaults;           /* logit-bias acts first: no shortcut */
    biased.n_logit_bias = 1;
    biased.logit_bias[0] = (LogitBias){3, 5.0};
    SamplingParams penalized = defaults;        /* penalties act first: no shortcut */
    penalized.penalty_repeat = 1.3;
    SamplingParams k_only = defaults;           /* top-k, then only the draw */
    k_only.top_p = 1.0;
    k_only.min_p = 0.0;
    k_only.temp = 1.0;
    SamplingParams adaptive = defaults;         /* adaptive-p last, on the sorted array top-k leaves */
    adaptive.adaptive_target = 0.4;
    adaptive.samplers[adaptive.n_samplers++] = SAMPLER_ADAPTIVE_P;
    SamplingParams adaptive_all = adaptive;     /* top-k off: top-p's fast twin, then adaptive-p */
    adaptive_all.top_k = 0;
    const SamplingParams *params[] = {&defaults, &xtc, &greedy, &k1, &wide, &typical, &biased, &penalized,
                                      &k_only, &adaptive, &adaptive_all};
    static const size_t sizes[] = {0, 1, 2, 39, 40, 41, 1500, 3000};
    Rng r;
    rng_seed(&r, 56);
    int bad = 0;
    for (size_t s = 0; s < N_OF(sizes); s++)
        for (int kind = 0; kind < IN_COUNT; kind++) {
            make_logits(logits, sizes[s], &kinds[kind], &r);
            for (size_t j = 0; j < N_OF(params); j++)
                bad += same_chain_path_mismatches(params[j], logits, sizes[s], NULL, 0, 3, PATH_SAMPLE, plain_buf);
        }
    CHECK_INT(0, bad);

    /* A NaN anywhere in the vocabulary is the same error on both paths, and no token is written: with few
     * blocks (1500 logits) and with the block path (3000 logits: 46 blocks of 64, then 56 more). */
    static const size_t nan_at[] = {0, 39, 40, 700, 1499, 2943, 2944, 2999};
    for (size_t n = 1500; n <= 3000; n += 1500) {
        make_logits(logits, n, &kinds[IN_NORMAL], &r);
        for (size_t j = 0; j < N_OF(nan_at) && nan_at[j] < n; j++) {
            logits[nan_at[j]] = NAN;
            CHECK_INT(0, same_chain_path_mismatches(&defaults, logits, n, NULL, 0, 2, PATH_SAMPLE, plain_buf));
            Chain ch;
            chain_init_from_params(&ch, &defaults, n);
            int32_t token = -7;
            CHECK_INT(SAMPLING_ERR_NAN, chain_sample(&ch, logits, n, &token));
            CHECK_INT(-7, token);
            chain_free(&ch);
            logits[nan_at[j]] = 0.5;
        }
    }

    /* Bad input to chain_apply_logits. */
    Chain ch;
    Candidates c;
    chain_init_from_params(&ch, &defaults, 10);
    CHECK_INT(SAMPLING_ERR_NULL, chain_apply_logits(NULL, logits, 10, &c));
    CHECK_INT(SAMPLING_ERR_NULL, chain_apply_logits(&ch, NULL, 10, &c));
    CHECK_INT(SAMPLING_ERR_NULL, chain_apply_logits(&ch, logits, 10, NULL));
    CHECK_INT(SAMPLING_ERR_PARAM, chain_apply_logits(&ch, logits, 11, &c));
    chain_free(&ch);
}


/* ===== Penalties and DRY in the caller's scratch ===== */

#define SCRATCH_MAX 4096

static int32_t scratch[SCRATCH_MAX];

/* Fills the scratch with junk, so that a map that forgets to clear its slots shows. */
static void dirty_scratch(void)
{
    memset(scratch, 0x5a, sizeof scratch);
}

static void test_penalties_scratch(void)
{
    /* By hand: logits 2, -1, 0.5; history 0 1 0; repeat 2, freq 0.5, present 0.25. Token 0 (twice):
     * 2 / 2 - (2 * 0.5 + 0.25) = -0.25. Token 1 (once): -1 * 2 - (0.5 + 0.25) = -2.75. Token 2: 0.5. */
    const double hand[] = {2.0, -1.0, 0.5};
    const int32_t history[] = {0, 1, 0};
    const PenaltyParams pp = {64, 2.0, 0.5, 0.25};
    size_t len = fast_penalties_scratch_len(N_OF(history), pp.penalty_last_n);
    CHECK(len > 0 && len <= SCRATCH_MAX);
    Candidates c;
    candidates_init(&c, got, hand, 3);
    dirty_scratch();
    CHECK_INT(SAMPLING_OK, fast_apply_penalties(&c, history, N_OF(history), &pp, scratch, len, false));
    CHECK_NEAR(-0.25, c.data[0].logit, 1e-15);
    CHECK_NEAR(-2.75, c.data[1].logit, 1e-15);
    CHECK_NEAR(0.5, c.data[2].logit, 0);

    /* Too little scratch, or none, changes nothing; no window needs none. */
    candidates_init(&c, got, hand, 3);
    CHECK_INT(SAMPLING_ERR_PARAM, fast_apply_penalties(&c, history, N_OF(history), &pp, scratch, len - 1, false));
    CHECK_INT(SAMPLING_ERR_NULL, fast_apply_penalties(&c, history, N_OF(history), &pp, NULL, 0, false));
    CHECK_NEAR(2.0, c.data[0].logit, 0);
    CHECK_INT(0, (long long)fast_penalties_scratch_len(N_OF(history), 0));
    CHECK_INT(0, (long long)fast_penalties_scratch_len(0, 64));
    CHECK_INT(SAMPLING_OK, fast_apply_penalties(&c, NULL, 0, &pp, NULL, 0, false));
    CHECK_INT(SAMPLING_ERR_NAN, fast_apply_penalties(&(Candidates){(TokenData[]){{0, NAN, 0}}, 1, -1, false},
                                                        history, 3, &pp, scratch, len, false));

    /* Random histories, in id order and shuffled (sorted by logit): the same logits as apply_penalties. */
    Rng r;
    rng_seed(&r, 78);
    int bad = 0;
    for (int trial = 0; trial < 40; trial++) {
        int32_t h[300];
        size_t n_h = (size_t)rng_next_int(&r, 300);
        for (size_t i = 0; i < n_h; i++)
            h[i] = rng_next_int(&r, 260) - 5;          /* some ids match no candidate */
        PenaltyParams rp = {rng_next_int(&r, 400) - 20, 1.0 + rng_next_double(&r), rng_next_double(&r), 0.3};
        make_logits(logits, 250, &kinds[IN_NORMAL], &r);
        Candidates a, b;
        candidates_init(&a, plain_buf, logits, 250);
        candidates_init(&b, got, logits, 250);
        if (trial % 2) {
            candidates_sort(&a);
            candidates_sort(&b);
        }
        dirty_scratch();
        size_t need = fast_penalties_scratch_len(n_h, rp.penalty_last_n);
        bad += need > SCRATCH_MAX;
        bad += apply_penalties(&a, h, n_h, &rp) != SAMPLING_OK;
        bad += fast_apply_penalties(&b, h, n_h, &rp, scratch, need, false) != SAMPLING_OK;
        bad += !same_tokens(a.data, b.data, 250) || a.sorted != b.sorted;
    }
    CHECK_INT(0, bad);
}

static void test_dry_scratch(void)
{
    /* Lesson Example 9: "the cat sat on the mat . the cat sat on the": mat would extend a repeat of 5,
     * 0.8 * 1.75^3 = 4.2875 off its logit; cat's repeat of 1 is free. */
    enum { THE, CAT, SAT, ON, MAT, DOG, PERIOD };
    const int32_t history[] = {THE, CAT, SAT, ON, THE, MAT, PERIOD, THE, CAT, SAT, ON, THE};
    const DryParams dp = {0.8, 1.75, 2, 64, NULL, 0};
    const double zeros[7] = {0};
    size_t len = fast_dry_scratch_len(N_OF(history), dp.dry_penalty_last_n);
    CHECK(len >= N_OF(history) && len <= SCRATCH_MAX);
    Candidates c;
    candidates_init(&c, got, zeros, 7);
    dirty_scratch();
    CHECK_INT(SAMPLING_OK, fast_apply_dry(&c, history, N_OF(history), &dp, scratch, len));
    CHECK_NEAR(-4.2875, c.data[MAT].logit, 1e-12);
    CHECK_NEAR(0.0, c.data[CAT].logit, 0);
    CHECK_NEAR(0.0, c.data[DOG].logit, 0);

    candidates_init(&c, got, zeros, 7);
    CHECK_INT(SAMPLING_ERR_PARAM, fast_apply_dry(&c, history, N_OF(history), &dp, scratch, len - 1));
    CHECK_INT(SAMPLING_ERR_NULL, fast_apply_dry(&c, history, N_OF(history), &dp, NULL, 0));
    CHECK_NEAR(0.0, c.data[MAT].logit, 0);
    CHECK_INT(0, (long long)fast_dry_scratch_len(N_OF(history), 0));
    CHECK_INT(SAMPLING_OK, fast_apply_dry(&c, NULL, 0, &dp, NULL, 0));
    /* A negative allowed length: with no history DRY still runs (the array is left unsorted, as apply_dry and
     * llama.cpp leave it) and needs no scratch; "1 2 1" costs token 2 1.75^(1 + 1), as in apply_dry. */
    const DryParams negative = {1.0, 1.75, -1, 64, NULL, 0};
    candidates_init(&c, got, zeros, 7);
    candidates_sort(&c);
    CHECK_INT(SAMPLING_OK, fast_apply_dry(&c, NULL, 0, &negative, NULL, 0));
    CHECK(!c.sorted);
    const int32_t one_two_one[] = {1, 2, 1};
    candidates_init(&c, got, zeros, 7);
    CHECK_INT(SAMPLING_OK, fast_apply_dry(&c, one_two_one, 3, &negative, scratch, fast_dry_scratch_len(3, 64)));
    CHECK_NEAR(-1.75 * 1.75, c.data[2].logit, 0);
    CHECK_NEAR(-1.75, c.data[1].logit, 0);

    /* Random repetitive histories with a breaker, in id order and sorted, allowed lengths -3 to 3: the same
     * logits as apply_dry. */
    Rng r;
    rng_seed(&r, 90);
    const int32_t breaker_tokens[] = {7};
    const DryBreaker breaker = {breaker_tokens, 1};
    int bad = 0;
    for (int trial = 0; trial < 40; trial++) {
        int32_t h[400];
        size_t n_h = (size_t)rng_next_int(&r, 400);
        for (size_t i = 0; i < n_h; i++)
            h[i] = rng_next_int(&r, 8) == 0 ? rng_next_int(&r, 60) : (int32_t)(i % 9) * 3;
        DryParams rp = {0.8, 1.75, rng_next_int(&r, 7) - 3, rng_next_int(&r, 500) - 20, &breaker, (size_t)(trial % 2)};
        make_logits(logits, 60, &kinds[IN_NORMAL], &r);
        Candidates a, b;
        candidates_init(&a, plain_buf, logits, 60);
        candidates_init(&b, got, logits, 60);
        if (trial % 3 == 0) {
            candidates_sort(&a);
            candidates_sort(&b);
        }
        dirty_scratch();
        size_t need = fast_dry_scratch_len(n_h, rp.dry_penalty_last_n);
        bad += need > SCRATCH_MAX;
        bad += apply_dry(&a, h, n_h, &rp) != SAMPLING_OK;
        bad += fast_apply_dry(&b, h, n_h, &rp, scratch, need) != SAMPLING_OK;
        bad += !same_tokens(a.data, b.data, 60) || a.sorted != b.sorted;
    }
    CHECK_INT(0, bad);
}

static void test_typical_scratch(void)
{
    /* By hand: p = 0.5, 0.3, 0.2; H = 1.029653 nats; distances |-ln p - H| = 0.336506, 0.174326, 0.579785.
     * Closest first: ids 1, 0, 2; typical_p 0.5 is first exceeded at 0.3 + 0.5, so ids 1 and 0 stay. */
    const double hand[] = {log(0.5), log(0.3), log(0.2)};
    TokenData work[3];
    memset(work, 0x5a, sizeof work);
    Candidates c;
    candidates_init(&c, got, hand, 3);
    CHECK_INT(SAMPLING_OK, fast_apply_typical(&c, 0.5, 0, work, 3));
    int32_t ids[] = {c.data[0].id, c.data[1].id};
    CHECK_IDS(((int32_t[]){1, 0}), 2, ids, c.size);
    CHECK_NEAR(0.3, c.data[0].p, 1e-15);
    CHECK(!c.sorted);

    candidates_init(&c, got, hand, 3);
    CHECK_INT(SAMPLING_ERR_PARAM, fast_apply_typical(&c, 0.5, 0, work, 2));
    CHECK_INT(SAMPLING_ERR_NULL, fast_apply_typical(&c, 0.5, 0, NULL, 0));
    CHECK_INT(3, (long long)c.size);
    CHECK_INT(SAMPLING_OK, fast_apply_typical(&c, 1.0, 0, NULL, 0));    /* off: no scratch needed */

    /* Random logits with ties and -inf: the same as apply_typical, which allocates its own. */
    Rng r;
    rng_seed(&r, 21);
    int bad = 0;
    for (int trial = 0; trial < 60; trial++) {
        make_logits(logits, 300, &kinds[trial % IN_COUNT], &r);
        Candidates a, b;
        candidates_init(&a, plain_buf, logits, 300);
        candidates_init(&b, got, logits, 300);
        double typical_p = rng_next_double(&r);
        size_t min_keep = (size_t)rng_next_int(&r, 5);
        SamplingStatus sa = apply_typical(&a, typical_p, min_keep);
        SamplingStatus sb = fast_apply_typical(&b, typical_p, min_keep, want, MAX_N);
        bad += sa != sb || a.size != b.size || !same_tokens(a.data, b.data, a.size);
    }
    CHECK_INT(0, bad);
}

/* Once the window is full the chain's scratch neither moves nor grows: sampling allocates nothing. */
static void test_chain_scratch_steady(void)
{
    SamplingParams p = sampling_params_default();
    p.seed = 3;
    p.penalty_repeat = 1.1;
    p.penalty_last_n = 64;
    p.dry_multiplier = 0.8;
    p.dry_penalty_last_n = 100;
    p.typ_p = 0.9;
    p.top_k = 200;
    Chain ch;
    CHECK_INT(SAMPLING_OK, chain_init_from_params(&ch, &p, 500));
    Rng r;
    rng_seed(&r, 11);
    make_logits(logits, 500, &kinds[IN_NORMAL], &r);
    int32_t token = 0;
    int failed = 0;
    for (int i = 0; i < 250; i++) {             /* fills both windows: 100 tokens, and twice that stored */
        failed += chain_sample(&ch, logits, 500, &token) != SAMPLING_OK;
        chain_accept(&ch, i % 3 == 0 ? token : i % 17);
    }
    CHECK_INT(0, failed);
    const int32_t *scratch_before = ch.scratch, *history_before = ch.history;
    const TokenData *typical_before = ch.typical_buf;
    size_t len_before = ch.scratch_len;
    CHECK(typical_before != NULL && ch.typical_len == 200);
    CHECK(scratch_before != NULL && len_before >= fast_dry_scratch_len(100, 100));
    int moved = 0;
    for (int i = 0; i < 300; i++) {
        moved += chain_sample(&ch, logits, 500, &token) != SAMPLING_OK;
        chain_accept(&ch, i % 2 ? token : i % 23);
        moved += ch.scratch != scratch_before || ch.scratch_len != len_before || ch.history != history_before
                 || ch.typical_buf != typical_before;
    }
    CHECK_INT(0, moved);
    chain_free(&ch);
}

/* The stages whose rule starts with a full sort: each speed-layer twin (fast_sort first) against the plain rule,
 * bit for bit, on arrays above and below the bucket sort's threshold, unsorted and sorted, with ties, -inf and
 * +inf; then whole chains whose large arrays reach those stages (top-k off), against the plain chain. */
static double fixed_coin(void *state)
{
    return *(const double *)state;
}

static void test_sorting_stages(void)
{
    static const size_t sizes[] = {2, 30, 1025, 3000};
    Rng r;
    rng_seed(&r, 515);
    int bad = 0, runs = 0;
    for (size_t s = 0; s < N_OF(sizes); s++) {
        for (int kind = 0; kind < IN_COUNT; kind++) {
            size_t n = sizes[s];
            make_logits(logits, n, &kinds[kind], &r);
            for (int variant = 0; variant < 8; variant++) {
                Candidates a, b;
                candidates_init(&a, plain_buf, logits, n);
                candidates_init(&b, got, logits, n);
                if (variant % 2) {              /* already sorted: the twin must not sort again */
                    candidates_sort(&a);
                    candidates_sort(&b);
                    a.selected = b.selected = 3;
                }
                double coin = rng_next_double(&r);
                SamplingStatus sa, sb;
                MirostatState ma, mb;
                mirostat_init(&ma, 1.0 + 4 * rng_next_double(&r), 0.1);
                mb = ma;
                switch (variant / 2) {
                case 0:
                    sa = apply_xtc(&a, 0.9, 0.05, 1, coin);
                    sb = fast_apply_xtc(&b, 0.9, 0.05, 1, coin);
                    break;
                case 1:
                    sa = apply_temp_ext(&a, 0.8, 0.5, 1.0);
                    sb = fast_apply_temp_ext(&b, 0.8, 0.5, 1.0);
                    break;
                case 2:
                    sa = sample_mirostat_v2(&a, &ma, fixed_coin, &coin);
                    sb = fast_sample_mirostat_v2(&b, &mb, fixed_coin, &coin);
                    break;
                default:
                    sa = sample_mirostat(&a, &ma, 100, (int32_t)n, fixed_coin, &coin);
                    sb = fast_sample_mirostat(&b, &mb, 100, (int32_t)n, fixed_coin, &coin);
                    break;
                }
                bad += !same_candidates(sa, &a, sb, &b) || memcmp(&ma.mu, &mb.mu, sizeof ma.mu) != 0;
                runs++;
            }
        }
    }
    CHECK_INT(0, bad);
    CHECK_INT((int)(N_OF(sizes) * IN_COUNT * 8), runs);

    /* Bad input changes nothing on either side: a coin past 1, a NaN logit. */
    make_logits(logits, 1500, &kinds[IN_NORMAL], &r);
    Candidates a, b;
    candidates_init(&a, plain_buf, logits, 1500);
    candidates_init(&b, got, logits, 1500);
    CHECK(same_candidates(apply_xtc(&a, 2.0, 0.05, 1, 1.5), &a, fast_apply_xtc(&b, 2.0, 0.05, 1, 1.5), &b));
    CHECK(!b.sorted && candidates_in_id_order(&b));
    logits[700] = NAN;
    candidates_init(&b, got, logits, 1500);
    CHECK_INT(SAMPLING_ERR_NAN, fast_apply_temp_ext(&b, 0.8, 0.5, 1.0));
    CHECK(!b.sorted && candidates_in_id_order(&b));

    /* Whole chains on 3,000 logits with top-k off, so each sorting stage sees the large array. */
    SamplingParams base = sampling_params_default();
    base.seed = 8;
    base.top_k = 0;
    base.top_p = 1.0;
    base.min_p = 0.0;
    SamplingParams xtc = base, dyn = base, typ = base, miro = base, miro1 = base;
    xtc.xtc_probability = 0.8;
    dyn.dynatemp_range = 0.4;
    typ.typ_p = 0.9;
    miro.mirostat = 2;
    miro1.mirostat = 1;
    const SamplingParams *params[] = {&xtc, &dyn, &typ, &miro, &miro1};
    int mismatches = 0;
    for (int kind = 0; kind < IN_COUNT; kind++) {
        make_logits(logits, 3000, &kinds[kind], &r);
        for (size_t j = 0; j < N_OF(params); j++)
            mismatches += same_chain_path_mismatches(params[j], logits, 3000, NULL, 0, 3, PATH_SAMPLE, plain_buf);
    }
    CHECK_INT(0, mismatches);
}

/* fast_apply_logit_bias_by_id on a few of the tokens, held in no order, against apply_logit_bias on the whole
 * array in id order: each held token's logit bit for bit, for entries that repeat an id (added in order: 1.5 then
 * -0.25 is not always -0.25 then 1.5 in doubles), a ban (-inf) and a huge bias; the ids stay where they were, and
 * an entry for a token the few do not hold (50) changes nothing. */
static void test_bias_by_id(void)
{
    enum { N = 64, FEW = 9 };
    static const LogitBias biases[] = {{3, 1.5}, {10, -INFINITY}, {3, -0.25}, {40, 1e300}, {7, 2.0}, {63, -1.0},
                                       {7, 0.1}, {22, -7.5}, {50, -3.0}, {3, 0.3}};
    static const int32_t few_ids[FEW] = {40, 3, 22, 5, 7, 63, 10, 0, 31};
    Rng r;
    rng_seed(&r, 31);
    for (int kind = 0; kind < IN_COUNT; kind++) {
        double x[N];
        make_logits(x, N, &kinds[kind], &r);
        TokenData all_buf[N], few_buf[FEW];
        Candidates all;
        CHECK_INT(SAMPLING_OK, candidates_init(&all, all_buf, x, N));
        CHECK_INT(SAMPLING_OK, apply_logit_bias(&all, biases, N_OF(biases)));
        for (size_t i = 0; i < FEW; i++)
            few_buf[i] = (TokenData){few_ids[i], x[few_ids[i]], 0};
        Candidates few = {few_buf, FEW, -1, false};
        CHECK_INT(SAMPLING_OK, fast_apply_logit_bias_by_id(&few, biases, N_OF(biases)));
        for (size_t i = 0; i < FEW; i++) {
            CHECK_INT(few_ids[i], few.data[i].id);
            CHECK_BITS(all.data[few_ids[i]].logit, few.data[i].logit);
        }
    }
}

void test_fast_path(void)
{
    test_top_k_against_sort();
    test_init_top_k_edges();
    test_chain_fast_path();
    test_penalties_scratch();
    test_dry_scratch();
    test_typical_scratch();
    test_chain_scratch_steady();
    test_sorting_stages();
    test_bias_by_id();
}
