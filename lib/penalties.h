/* penalties.h: the samplers that look at what was already written (repetition, frequency and presence
 * penalties) and the one that forces or forbids chosen tokens (logit bias). Lesson Examples 1-6.
 *
 * History arrays hold token ids, oldest first. Only the newest penalty_last_n of them count (the window).
 *
 * defines: PenaltyParams, LogitBias, penalty_count, apply_penalties, penalties_scratch_len,
 * apply_penalties_scratch, apply_penalties_built, apply_penalty_naive, apply_logit_bias.
 */
#ifndef PENALTIES_H
#define PENALTIES_H

#include "candidates.h"

typedef struct {
    int32_t penalty_last_n;  /* the window: how many of the newest history tokens count; <= 0 turns it off */
    double penalty_repeat;   /* divides a positive logit, multiplies one <= 0; 1.0 = off; must be > 0 */
    double penalty_freq;     /* subtracted once per occurrence in the window; 0.0 = off; negative rewards */
    double penalty_present;  /* subtracted once if the token occurs at all; 0.0 = off; negative rewards */
} PenaltyParams;

typedef struct {
    int32_t token;  /* token id */
    double bias;    /* added to its logit; -INFINITY bans the token */
} LogitBias;

/* How many times `token` occurs among the newest last_n entries of `history` (n_history,). A last_n <= 0
 * (an empty window) or a NULL history gives 0. Lesson Examples 2 and 3 print this as their count column. */
int32_t penalty_count(const int32_t *history, size_t n_history, int32_t last_n, int32_t token);

/* Penalizes every candidate whose token occurs c > 0 times in the window (the newest penalty_last_n entries
 * of history (n_history,)): first logit /= repeat if logit > 0, else logit *= repeat (so a zero or negative
 * logit moves down, never up); then logit -= c * freq + present. Infinite logits are left as they are, and a
 * finite one stays finite (an overflow saturates at +-DBL_MAX, see logit_saturate). Changes logit; sets
 * sorted = false when it changed anything; p is stale afterwards. Works on any order; fast when the array is in id order (as built).
 * Units: logits in nats; the window in tokens.
 * Bad input: the candidates_check errors; NULL history with n_history > 0 gives SAMPLING_ERR_NULL;
 * penalty_repeat <= 0 or not finite, or a freq/present not finite, gives SAMPLING_ERR_PARAM (llama.cpp's
 * common_sampler_init refuses them too). Neutral, as in llama.cpp: penalty_last_n <= 0 (llama.cpp clamps a
 * negative window to 0), or repeat 1 with freq 0 and present 0, changes nothing. History ids that match no
 * candidate (negative, or >= n_vocab) change nothing. Allocates its scratch space for the call
 * (SAMPLING_ERR_NOMEM); apply_penalties_scratch takes the caller's instead.
 * Follows llama_sampler_init_penalties (src/llama-sampler.cpp); lesson Examples 1-5. */
SamplingStatus apply_penalties(Candidates *c, const int32_t *history, size_t n_history, const PenaltyParams *params);

/* The int32 entries of scratch apply_penalties_scratch needs for this history length and window: a hash map of
 * the window's tokens, about 3 * 2 * min(n_history, penalty_last_n) rounded up to a power of two. 0 when the
 * window is empty (penalty_last_n <= 0 or n_history 0). */
size_t penalties_scratch_len(size_t n_history, int32_t penalty_last_n);

/* apply_penalties with the caller's scratch (scratch_len,), which it overwrites; it allocates nothing, so a
 * caller that keeps one buffer (the chain does) samples without allocating. Same results and errors as
 * apply_penalties, plus: when there is work to do, a NULL scratch gives SAMPLING_ERR_NULL and a scratch_len
 * below penalties_scratch_len(n_history, penalty_last_n) gives SAMPLING_ERR_PARAM, changing nothing. */
SamplingStatus apply_penalties_scratch(Candidates *c, const int32_t *history, size_t n_history,
                                       const PenaltyParams *params, int32_t *scratch, size_t scratch_len);

/* apply_penalties_scratch for an array the caller knows to be in id order (candidate i has id i) with no NaN
 * logit, as candidates_init builds it from logits with no NaN: it skips the pass over the whole array that
 * checks both, so it reads only the window's tokens. Same results and errors on such an array. On an array
 * that is not, it penalizes by index as if it were (a wrong result, never a read out of bounds) and does not
 * report a NaN. The chain's path when penalties are its first acting stage. */
SamplingStatus apply_penalties_built(Candidates *c, const int32_t *history, size_t n_history,
                                     const PenaltyParams *params, int32_t *scratch, size_t scratch_len);

/* The rule llama.cpp replaced, kept only to show why (lesson Example 1, the "naive" column): every token in
 * the window has its logit divided by penalty_repeat, which raises a negative logit. Same shapes and bad-input
 * handling as apply_penalties; penalty_freq and penalty_present are ignored. Not a llama.cpp sampler. */
SamplingStatus apply_penalty_naive(Candidates *c, const int32_t *history, size_t n_history,
                                   const PenaltyParams *params);

/* Adds each entry's bias to the logit of its token (biases (n_biases,)); -INFINITY bans the token. As in
 * llama.cpp, an entry whose token sits at its own index (data[token].id == token, true for an array in id
 * order) is added there, and such entries add up; any other entry is matched against the candidates by id, and
 * only the first such entry for a token counts. Entries whose token no candidate has do nothing. Changes logit
 * and sets sorted = false when any bias is non-zero (a bias can reorder a sorted array; llama.cpp leaves the
 * flag alone because it always runs first); p is stale afterwards.
 * Bad input: the candidates_check errors; NULL biases with n_biases > 0 gives SAMPLING_ERR_NULL; a NaN bias
 * gives SAMPLING_ERR_PARAM and changes nothing. A +inf bias on a -inf logit (or the reverse) leaves the token
 * at -inf, banned, where IEEE arithmetic (and llama.cpp) would give NaN; a finite bias on a finite logit
 * saturates at +-DBL_MAX instead of overflowing.
 * Follows llama_sampler_init_logit_bias (src/llama-sampler.cpp). Lesson Example 6. */
SamplingStatus apply_logit_bias(Candidates *c, const LogitBias *biases, size_t n_biases);

#endif
