/* test_fast_sparse.c: top-k straight from the logits after stages that change a known few tokens (logit-bias,
 * the end-of-generation bans, penalties, DRY), against the plain path, bit for bit.
 *
 * fast_candidates_init_top_k_over is compared with candidates_init + the overrides written in + apply_top_k,
 * and whole chains (chain_apply_logits, which takes the shortcut) with candidates_init + chain_apply on a second
 * chain with the same history: survivors, order, p, selected and the drawn token. The inputs are made to hit the
 * edges: history tokens ranked just inside and just outside the top k, biases that lift a token into the top k
 * and drop one out of it, a bias repeated on one token, ids outside the vocabulary, ties, -inf, +inf and NaN. */
#include "candidates.h"
#include "chain.h"
#include "check.h"
#include "fast/fast.h"
#include "filters.h"
#include "fixtures.h"
#include "rng.h"
#include "same.h"
#include "tests.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_N 8200

typedef enum { IN_NORMAL, IN_TIES, IN_SOME_NEG_INF, IN_PLUS_INF, IN_ZEROS, IN_COUNT } InputKind;

/* The kinds by InputKind (fixtures.h). */
static const LogitsKind kinds[IN_COUNT] = {
    [IN_NORMAL]       = {.common = {LOGITS_GAUSSIAN, 3.0, 0}},
    [IN_TIES]         = {.common = {LOGITS_LEVELS, 1.0, 4}},      /* many equal logits */
    [IN_SOME_NEG_INF] = {.common = {LOGITS_GAUSSIAN, 1.0, 0}, .one_in = 3, .rare = {LOGITS_VALUE, -INFINITY, 0}},
    [IN_PLUS_INF]     = {.common = {LOGITS_GAUSSIAN, 1.0, 0}, .one_in = 400, .rare = {LOGITS_VALUE, INFINITY, 0}},
    [IN_ZEROS]        = {.common = {LOGITS_SIGNED_ZEROS, 0, 0}},  /* -0 and +0 tie */
};

static TokenData want_buf[MAX_N + 1], got_buf[MAX_N + 1], ranked[MAX_N];
static double logits[MAX_N];

/* The ids of x (n,) ranked as candidates_sort ranks them, into ranked[]. */
static void rank(const double *x, size_t n)
{
    Candidates c;
    candidates_init(&c, ranked, x, n);
    candidates_sort(&c);
}

/* ===== fast_candidates_init_top_k_over against the plain computation ===== */

static int by_id(const void *a, const void *b)
{
    const TokenData *x = a, *y = b;
    return (x->id > y->id) - (x->id < y->id);
}

static void test_overrides(void)
{
    static const size_t sizes[] = {50, 1100, 3000, MAX_N};
    static const int32_t ks[] = {1, 2, 40, 64, 65, 1024};
    Rng r;
    rng_seed(&r, 1818);
    int bad = 0, runs = 0;
    for (size_t s = 0; s < N_OF(sizes); s++) {
        size_t n = sizes[s];
        for (int kind = 0; kind < IN_COUNT; kind++) {
            make_logits(logits, n, &kinds[kind], &r);
            rank(logits, n);
            for (size_t j = 0; j < N_OF(ks); j++) {
                /* Overrides around the k-th rank (in and out), on the top token, and at random. */
                TokenData over[24];
                size_t n_over = 0;
                for (int o = 0; o < 24; o++) {
                    /* ranks k-4 .. k+3 (clamped to the array), the top two, then anywhere */
                    long rank_at = o < 8 ? (long)ks[j] - 4 + o : o < 10 ? o - 8 : (long)rng_next_int(&r, (int32_t)n);
                    size_t at = rank_at < 0 ? 0 : (size_t)rank_at < n ? (size_t)rank_at : n - 1;
                    double v = o % 5 == 0   ? ranked[0].logit + 1.0        /* above the top */
                             : o % 5 == 1 ? -INFINITY                      /* banned */
                             : o % 5 == 2 ? ranked[at].logit               /* unchanged: a tie with itself */
                             : o % 5 == 3 ? 2.0 * rng_next_gaussian(&r)
                                          : INFINITY;
                    over[n_over++] = (TokenData){ranked[at].id, v, 0.0};
                }
                qsort(over, n_over, sizeof *over, by_id);
                size_t unique = 0;
                for (size_t o = 0; o < n_over; o++)
                    if (unique == 0 || over[unique - 1].id != over[o].id)
                        over[unique++] = over[o];
                Candidates want, got;
                candidates_init(&want, want_buf, logits, n);
                for (size_t o = 0; o < unique; o++)
                    want_buf[over[o].id].logit = over[o].logit;
                SamplingStatus want_st = apply_top_k(&want, ks[j]);
                SamplingStatus got_st = fast_candidates_init_top_k_over(&got, got_buf, logits, n, ks[j], over, unique);
                bad += !same_candidates(want_st, &want, got_st, &got);
                runs++;
            }
        }
    }
    CHECK_INT(0, bad);
    CHECK_INT((int)(N_OF(sizes) * IN_COUNT * N_OF(ks)), runs);

    /* By hand: logits 5 4 3 2 1 0 ... over 200 tokens; token 150 raised to 4.5 and token 0 banned: top-2 keeps
     * token 150 (4.5) then token 1 (4), whose logit 4 it now shares with nobody. */
    for (size_t i = 0; i < 200; i++)
        logits[i] = 5.0 - (double)i;
    const TokenData hand[] = {{0, -INFINITY, 0}, {150, 4.5, 0}};
    Candidates c;
    CHECK_INT(SAMPLING_OK, fast_candidates_init_top_k_over(&c, got_buf, logits, 200, 2, hand, 2));
    CHECK_INT(2, (long long)c.size);
    CHECK_INT(150, c.data[0].id);
    CHECK_INT(1, c.data[1].id);
    CHECK_NEAR(4.5, c.data[0].logit, 0);
    /* Overrides out of order, twice the same id, an id past the vocabulary: refused; a NaN override: NaN. */
    const TokenData unsorted[] = {{150, 1.0, 0}, {3, 1.0, 0}};
    const TokenData twice[] = {{3, 1.0, 0}, {3, 2.0, 0}};
    const TokenData past[] = {{200, 1.0, 0}};
    const TokenData nan_over[] = {{7, NAN, 0}};
    CHECK_INT(SAMPLING_ERR_PARAM, fast_candidates_init_top_k_over(&c, got_buf, logits, 200, 2, unsorted, 2));
    CHECK_INT(SAMPLING_ERR_PARAM, fast_candidates_init_top_k_over(&c, got_buf, logits, 200, 2, twice, 2));
    CHECK_INT(SAMPLING_ERR_PARAM, fast_candidates_init_top_k_over(&c, got_buf, logits, 200, 2, past, 1));
    CHECK_INT(SAMPLING_ERR_NAN, fast_candidates_init_top_k_over(&c, got_buf, logits, 200, 2, nan_over, 1));
    CHECK_INT(SAMPLING_ERR_NULL, fast_candidates_init_top_k_over(&c, got_buf, logits, 200, 2, NULL, 1));
}

/* ===== Whole chains: the sparse stages, then top-k from the logits ===== */

static int32_t eog[3];      /* end-of-generation ids: the two most likely tokens, one of them twice */

/* A history of n_history tokens for logits of n: tokens ranked just inside and outside the top k, the top
 * one, ids past the vocabulary, and a repeated phrase, so that DRY finds repeats that end at top tokens. */
static void make_history(int32_t *h, size_t n_history, size_t n, int32_t k, Rng *r)
{
    for (size_t i = 0; i < n_history; i++) {
        int pick = rng_next_int(r, 6);
        long rank = pick == 0 ? 0 : pick <= 2 ? (long)k - 3 + rng_next_int(r, 6) : rng_next_int(r, (int32_t)n);
        size_t at = rank < 0 ? 0 : (size_t)rank < n ? (size_t)rank : n - 1;
        h[i] = pick == 5 ? (int32_t)(n + (size_t)rng_next_int(r, 4)) : ranked[at].id;
        if (i >= 12 && rng_next_int(r, 3) > 0)
            h[i] = h[i - 12];                   /* repeats of the phrase 12 back */
    }
}

static void test_chains(void)
{
    SamplingParams base = sampling_params_default();
    base.seed = 31;
    SamplingParams repeat = base;               /* defaults + a repeat penalty: the most common pasted line */
    repeat.penalty_repeat = 1.1;
    SamplingParams all_three = base;
    all_three.penalty_repeat = 1.3;
    all_three.penalty_freq = 0.4;
    all_three.penalty_present = -0.6;           /* raises penalized logits: a token can climb into the top k */
    SamplingParams biased = base;
    SamplingParams eos = base;
    eos.ignore_eos = true;
    eos.eog_tokens = eog;
    eos.n_eog_tokens = N_OF(eog);
    SamplingParams dry = base;
    dry.dry_multiplier = 0.8;
    dry.dry_allowed_length = 1;
    SamplingParams dry_negative = dry;         /* llama.cpp's command line takes any allowed length */
    dry_negative.dry_allowed_length = -2;
    SamplingParams mixed = all_three;           /* DRY before the penalties, a bias and the bans */
    mixed.dry_multiplier = 2.0;
    mixed.ignore_eos = true;
    mixed.eog_tokens = eog;
    mixed.n_eog_tokens = N_OF(eog);
    static const SamplerType dry_first[] = {SAMPLER_DRY, SAMPLER_PENALTIES, SAMPLER_TOP_K, SAMPLER_TOP_P,
                                            SAMPLER_MIN_P, SAMPLER_TEMPERATURE};
    memcpy(mixed.samplers, dry_first, sizeof dry_first);
    mixed.n_samplers = N_OF(dry_first);
    SamplingParams k1 = repeat;
    k1.top_k = 1;
    SamplingParams *params[] = {&repeat, &all_three, &biased, &eos, &dry, &mixed, &k1, &dry_negative};
    static const size_t sizes[] = {1100, 3000, MAX_N};
    int32_t history[80];
    Rng r;
    rng_seed(&r, 4242);
    int bad = 0, runs = 0;
    for (size_t s = 0; s < N_OF(sizes); s++) {
        size_t n = sizes[s];
        for (int kind = 0; kind < IN_COUNT; kind++) {
            make_logits(logits, n, &kinds[kind], &r);
            rank(logits, n);
            /* Biases: lift a low token above the top, drop the top one, one on the 40th twice, ids outside. */
            LogitBias b[] = {{ranked[n - 1].id, 30.0}, {ranked[0].id, -INFINITY}, {ranked[39].id, -0.25},
                             {ranked[39].id, -0.25}, {ranked[41].id, 0.5}, {-3, 5.0}, {(int32_t)n + 2, 5.0},
                             {ranked[2].id, INFINITY}};
            eog[0] = ranked[1].id;
            eog[1] = ranked[0].id;
            eog[2] = ranked[1].id;
            biased.n_logit_bias = mixed.n_logit_bias = N_OF(b);
            memcpy(biased.logit_bias, b, sizeof b);
            memcpy(mixed.logit_bias, b, sizeof b);
            for (size_t j = 0; j < N_OF(params); j++) {
                make_history(history, N_OF(history), n, params[j]->top_k, &r);
                bad += same_chain_path_mismatches(params[j], logits, n, history, N_OF(history), 4, PATH_ACCEPT,
                                                  want_buf);
                runs++;
            }
        }
    }
    CHECK_INT(0, bad);
    CHECK_INT((int)(N_OF(sizes) * IN_COUNT * N_OF(params)), runs);

    /* The shortcut is taken: the chain keeps the tokens it changed, and never builds the other candidates. */
    make_logits(logits, 3000, &kinds[IN_NORMAL], &r);
    Chain ch;
    CHECK_INT(SAMPLING_OK, chain_init_from_params(&ch, &repeat, 3000));
    for (int i = 0; i < 64; i++)
        chain_accept(&ch, i * 7);
    Candidates c;
    CHECK_INT(SAMPLING_OK, chain_apply_logits(&ch, logits, 3000, &c));
    CHECK(ch.touched != NULL && ch.touched_len >= 64);
    /* A NaN anywhere is the plain path's error, also on a token of the history. */
    logits[7] = NAN;
    CHECK_INT(SAMPLING_ERR_NAN, chain_apply_logits(&ch, logits, 3000, &c));
    logits[7] = 0.0;
    logits[2999] = NAN;
    CHECK_INT(SAMPLING_ERR_NAN, chain_apply_logits(&ch, logits, 3000, &c));
    chain_free(&ch);
    logits[2999] = 0.0;
    int32_t nan_history[64];
    for (int i = 0; i < 64; i++)
        nan_history[i] = i * 7;
    logits[14] = NAN;
    CHECK_INT(0, same_chain_path_mismatches(&mixed, logits, 3000, nan_history, 64, 2, PATH_ACCEPT, want_buf));
}

void test_fast_sparse(void)
{
    test_overrides();
    test_chains();
}
