/* same.h: comparing a shortcut with the plain path, bit for bit, for the tests of the fast paths
 * (test_fast_path.c, test_fast_sparse.c, test_top_p_prefix.c, test_top_p_known.c). Their inputs and the
 * reference order are in fixtures.h.
 *
 * defines: same_tokens, same_candidates, PathThen, same_chain_path_mismatches.
 */
#ifndef SAME_H
#define SAME_H

#include "chain.h"

#include <stdbool.h>
#include <stddef.h>

/* Whether a (n,) and b (n,) hold the same ids, and logits and p bit for bit (memcmp of each double: -0 differs
 * from +0, a NaN matches only the same NaN). Field by field, because the padding after id holds no value. */
bool same_tokens(const TokenData *a, const TokenData *b, size_t n);

/* Whether two results agree: the same status and, on success, the same size, sorted, selected and survivors
 * (same_tokens). */
bool same_candidates(SamplingStatus want_st, const Candidates *want, SamplingStatus got_st, const Candidates *got);

/* What same_chain_path_mismatches does after comparing a step. */
typedef enum {
    PATH_ACCEPT,    /* both chains accept the plain path's token */
    PATH_SAMPLE     /* chain_sample on the fast chain against a second chain_apply on the plain one: the same token,
                     * or both fail with no token written; nothing is accepted. Each chain so takes one more step,
                     * so later steps also show that both drew from their generators equally often */
} PathThen;

/* Two chains from p with the same history (n_history,; NULL when 0); `steps` steps of chain_apply_logits on x (n,)
 * against candidates_init + chain_apply, each followed by `then`. Returns the steps that differ (same_candidates,
 * and with PATH_SAMPLE the drawn token), or 1000 when a chain cannot be built. plain_buf (n,) is the plain path's
 * storage. */
int same_chain_path_mismatches(const SamplingParams *p, const double *x, size_t n, const int32_t *history,
                               size_t n_history, int steps, PathThen then, TokenData *plain_buf);

#endif
