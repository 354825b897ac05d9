/* test_chain_pick.c: chain_apply_except_pick, which lesson Examples 12 and 13 use to run every stage but the
 * token-picking one, found by its type wherever it sits in the chain. Expected values by hand: temperature
 * 0.5 doubles a logit, top-k 2 of {1, 2, 3} keeps ids 2 and 1 in that order. */
#include "chain.h"
#include "check.h"
#include "tests.h"

#include <string.h>

static const double logits[] = {1.0, 2.0, 3.0};
#define N_LOGITS 3

/* A chain of the given stages over params with temp 0.5 and top_k 2 (everything else llama.cpp's default). */
static SamplingStatus make_chain(Chain *ch, const StageType *types, size_t n, int32_t mirostat)
{
    SamplingParams p = sampling_params_default();
    p.temp = 0.5;
    p.top_k = 2;
    p.mirostat = mirostat;
    SamplingStatus st = mirostat ? chain_init_from_params(ch, &p, 0) : chain_init(ch, &p, 0);
    for (size_t i = 0; st == SAMPLING_OK && i < n; i++)
        st = chain_add(ch, types[i]);
    return st;
}

static void count_stage(void *user, const Stage *stage, const Candidates *c)
{
    (void)c;
    int *seen = user;
    seen[stage->type]++;
}

static void test_dist_first(void)
{
    /* dist before temp and top-k: both still run, dist does not, and its index is reported. */
    const StageType types[] = {STAGE_DIST, STAGE_TEMP, STAGE_TOP_K};
    Chain ch;
    CHECK_INT(SAMPLING_OK, make_chain(&ch, types, 3, 0));
    TokenData buf[N_LOGITS];
    Candidates c;
    CHECK_INT(SAMPLING_OK, candidates_init(&c, buf, logits, N_LOGITS));
    int seen[STAGE_MIROSTAT_V2 + 1] = {0};
    size_t pick = 99;
    CHECK_INT(SAMPLING_OK, chain_apply_except_pick(&ch, &c, count_stage, seen, &pick));
    CHECK_INT(0, (long long)pick);
    CHECK_INT(-1, c.selected);
    CHECK_INT(2, (long long)c.size);
    CHECK_INT(2, c.data[0].id);
    CHECK_NEAR(6.0, c.data[0].logit, 1e-12);
    CHECK_INT(1, c.data[1].id);
    CHECK_NEAR(4.0, c.data[1].logit, 1e-12);
    CHECK_INT(0, seen[STAGE_DIST]);
    CHECK_INT(1, seen[STAGE_TEMP]);
    CHECK_INT(1, seen[STAGE_TOP_K]);
    chain_free(&ch);
}

static void test_no_pick_and_several(void)
{
    /* No token-picking stage: every stage runs and pick is the stage count. */
    const StageType filters_only[] = {STAGE_TOP_K, STAGE_TEMP};
    Chain ch;
    TokenData buf[N_LOGITS];
    Candidates c;
    size_t pick = 99;
    CHECK_INT(SAMPLING_OK, make_chain(&ch, filters_only, 2, 0));
    CHECK_INT(SAMPLING_OK, candidates_init(&c, buf, logits, N_LOGITS));
    CHECK_INT(SAMPLING_OK, chain_apply_except_pick(&ch, &c, NULL, NULL, &pick));
    CHECK_INT(2, (long long)pick);
    CHECK_INT(2, (long long)c.size);
    CHECK_NEAR(6.0, c.data[0].logit, 1e-12);
    chain_free(&ch);

    /* Two draws and adaptive-p: all skipped, the first reported; pick may be NULL. chain_apply runs them all. */
    const StageType several[] = {STAGE_TOP_K, STAGE_ADAPTIVE_P, STAGE_DIST, STAGE_TEMP, STAGE_DIST};
    CHECK_INT(SAMPLING_OK, make_chain(&ch, several, 5, 0));
    CHECK_INT(SAMPLING_OK, candidates_init(&c, buf, logits, N_LOGITS));
    CHECK_INT(SAMPLING_OK, chain_apply_except_pick(&ch, &c, NULL, NULL, &pick));
    CHECK_INT(1, (long long)pick);
    CHECK_INT(-1, c.selected);
    CHECK_NEAR(4.0, c.data[1].logit, 1e-12);
    CHECK_INT(SAMPLING_OK, candidates_init(&c, buf, logits, N_LOGITS));
    CHECK_INT(SAMPLING_OK, chain_apply_except_pick(&ch, &c, NULL, NULL, NULL));
    CHECK_INT(SAMPLING_OK, chain_apply(&ch, &c));
    CHECK(c.selected >= 0);
    chain_free(&ch);
}

static void test_mirostat_chain(void)
{
    /* llama.cpp's mirostat chain is temp then mirostat-v2: temp runs, the mirostat draw does not, mu stays. */
    Chain ch;
    CHECK_INT(SAMPLING_OK, make_chain(&ch, NULL, 0, 2));
    CHECK_INT(2, (long long)ch.n_stages);
    double mu = ch.mirostat.mu;
    TokenData buf[N_LOGITS];
    Candidates c;
    size_t pick = 99;
    CHECK_INT(SAMPLING_OK, candidates_init(&c, buf, logits, N_LOGITS));
    CHECK_INT(SAMPLING_OK, chain_apply_except_pick(&ch, &c, NULL, NULL, &pick));
    CHECK_INT(1, (long long)pick);
    CHECK_INT(-1, c.selected);
    CHECK_INT(3, (long long)c.size);
    CHECK_NEAR(2.0, c.data[0].logit, 1e-12);
    CHECK_NEAR(6.0, c.data[2].logit, 1e-12);
    CHECK_BITS(mu, ch.mirostat.mu);
    chain_free(&ch);
}

static void test_bad_input(void)
{
    TokenData buf[N_LOGITS];
    Candidates c;
    size_t pick = 99;
    CHECK_INT(SAMPLING_OK, candidates_init(&c, buf, logits, N_LOGITS));
    CHECK_INT(SAMPLING_ERR_NULL, chain_apply_except_pick(NULL, &c, NULL, NULL, &pick));
    CHECK_INT(99, (long long)pick);

    /* A stage's own error stops the run and is returned; the pick is still reported. */
    const StageType with_infill[] = {STAGE_DIST, STAGE_INFILL, STAGE_TEMP};
    Chain ch;
    CHECK_INT(SAMPLING_OK, make_chain(&ch, with_infill, 3, 0));
    CHECK_INT(SAMPLING_ERR_PARAM, chain_apply_except_pick(&ch, &c, NULL, NULL, &pick));
    CHECK_INT(0, (long long)pick);
    CHECK_NEAR(3.0, c.data[2].logit, 1e-12);        /* temp, after the failing stage, did not run */
    CHECK_INT(SAMPLING_ERR_NULL, chain_apply_except_pick(&ch, NULL, NULL, NULL, &pick));
    chain_free(&ch);
}

void test_chain_pick(void)
{
    test_dist_first();
    test_no_pick_and_several();
    test_mirostat_chain();
    test_bad_input();
}
