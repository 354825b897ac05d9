/* old_dry_missing.c: stands in for an earlier commit's DRY (old_dry.h) when make bench cannot build it. */
#include "old_dry.h"

const char *const old_dry_commit = NULL;

SamplingStatus old_fast_apply_dry(Candidates *c, const int32_t *history, size_t n_history, const DryParams *params,
                                  int32_t *scratch, size_t scratch_len)
{
    (void)c, (void)history, (void)n_history, (void)params, (void)scratch, (void)scratch_len;
    return SAMPLING_ERR_PARAM;
}

size_t old_fast_dry_scratch_len(size_t n_history, int32_t dry_penalty_last_n)
{
    (void)n_history, (void)dry_penalty_last_n;
    return 0;
}
