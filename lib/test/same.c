/* same.c: the plain-path comparisons of same.h. */
#include "same.h"

#include <string.h>

bool same_tokens(const TokenData *a, const TokenData *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i].id != b[i].id || memcmp(&a[i].logit, &b[i].logit, sizeof a[i].logit) != 0
            || memcmp(&a[i].p, &b[i].p, sizeof a[i].p) != 0)
            return false;
    return true;
}

bool same_candidates(SamplingStatus want_st, const Candidates *want, SamplingStatus got_st, const Candidates *got)
{
    if (want_st != got_st)
        return false;
    if (want_st != SAMPLING_OK)
        return true;
    return want->size == got->size && want->sorted == got->sorted && want->selected == got->selected
           && same_tokens(want->data, got->data, want->size);
}

/* PATH_SAMPLE's check after a step whose plain status was want_st: 0 when chain_sample on fast_ch gives what a
 * second chain_apply on plain_ch gives, 1 or 2 otherwise. */
static int sample_mismatches(Chain *plain_ch, Chain *fast_ch, SamplingStatus want_st, const Candidates *plain,
                             const double *x, size_t n, TokenData *plain_buf)
{
    int32_t token = -7;
    SamplingStatus sample_st = chain_sample(fast_ch, x, n, &token);
    Candidates again;
    if (want_st == SAMPLING_OK && plain->selected >= 0) {
        candidates_init(&again, plain_buf, x, n);
        (void)chain_apply(plain_ch, &again);                /* the same step as before, which succeeded */
        return sample_st != SAMPLING_OK || again.selected < 0 || token != again.data[again.selected].id;
    }
    if (candidates_init(&again, plain_buf, x, n) == SAMPLING_OK)
        (void)chain_apply(plain_ch, &again);                /* the status was compared already */
    return (sample_st == SAMPLING_OK) + (token != -7);
}

int same_chain_path_mismatches(const SamplingParams *p, const double *x, size_t n, const int32_t *history,
                               size_t n_history, int steps, PathThen then, TokenData *plain_buf)
{
    Chain plain_ch, fast_ch;
    if (chain_init_from_params(&plain_ch, p, n) != SAMPLING_OK)
        return 1000;
    if (chain_init_from_params(&fast_ch, p, n) != SAMPLING_OK) {
        chain_free(&plain_ch);
        return 1000;
    }
    for (size_t i = 0; i < n_history; i++) {
        (void)chain_accept(&plain_ch, history[i]);      /* tests' histories are short: no NOMEM here */
        (void)chain_accept(&fast_ch, history[i]);
    }
    int bad = 0;
    for (int step = 0; step < steps; step++) {
        Candidates plain, fast;
        SamplingStatus want_st = candidates_init(&plain, plain_buf, x, n);
        if (want_st == SAMPLING_OK)
            want_st = chain_apply(&plain_ch, &plain);
        SamplingStatus got_st = chain_apply_logits(&fast_ch, x, n, &fast);
        bad += !same_candidates(want_st, &plain, got_st, &fast);
        if (then == PATH_SAMPLE)
            bad += sample_mismatches(&plain_ch, &fast_ch, want_st, &plain, x, n, plain_buf);
        else if (want_st == SAMPLING_OK && plain.selected >= 0) {
            (void)chain_accept(&plain_ch, plain.data[plain.selected].id);
            (void)chain_accept(&fast_ch, plain.data[plain.selected].id);
        }
    }
    chain_free(&plain_ch);
    chain_free(&fast_ch);
    return bad;
}
