/* penalties.h: the samplers that look at what was already written (repetition, frequency and presence
 * penalties) and the one that forces or forbids chosen tokens (logit bias). Lesson Examples 1-6.
 *
 * History arrays hold token ids, oldest first. Only the newest penalty_last_n of them count (the window).
 *
 * These are the plain rules; for large arrays the chain uses fast_apply_penalties (lib/fast/fast.h), which
 * gives the same logits bit for bit.
 *
 * defines: PenaltyParams, LogitBias, penalty_count, penalty_logit, penalty_params_problem, penalties_check,
 * penalties_off,
 * apply_penalties, apply_penalty_naive, bias_logit, logit_bias_check, apply_logit_bias.
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

/* llama.cpp's rule for one token that occurs count times in the window: if count > 0, first logit /= repeat
 * when logit > 0, else logit *= repeat (so a zero or negative logit moves down, never up); then
 * logit -= count * freq + present. count <= 0 and infinite logits give logit unchanged; a finite logit stays
 * finite (an overflow saturates at +-DBL_MAX, see logit_saturate). params must not be NULL. */
double penalty_logit(double logit, int32_t count, const PenaltyParams *params);

/* Names the first field of params that apply_penalties refuses, and why, as one line that starts with the
 * field's name: "penalty_repeat must be finite and above 0 as the float llama.cpp holds (llama.cpp refuses it)",
 * "penalty_freq must be finite ...", "penalty_present must be finite ..." (current llama.cpp's common_sampler_init
 * refuses the same), each decided on the float llama.cpp holds (as_float: 1e300 is infinite, 1e-310 is 0); and,
 * this workbench's own limit, a penalty_repeat whose float reciprocal overflows (1e-40). NULL when every field
 * is fine; "params is NULL" for NULL params. The string is static. The chain's sampling_params_problem uses the
 * same rule. */
const char *penalty_params_problem(const PenaltyParams *params);

/* The checks apply_penalties makes after candidates_check: NULL params, or NULL history with n_history > 0,
 * gives SAMPLING_ERR_NULL; what penalty_params_problem names gives SAMPLING_ERR_PARAM. SAMPLING_OK
 * otherwise. */
SamplingStatus penalties_check(const int32_t *history, size_t n_history, const PenaltyParams *params);

/* Whether the penalties change nothing, as in llama.cpp: penalty_last_n <= 0 (llama.cpp clamps a negative
 * window to 0), an empty history, or repeat 1 with freq 0 and present 0, compared on the float llama.cpp holds
 * (a repeat of 1.00000001 is 1). params must not be NULL. */
bool penalties_off(const PenaltyParams *params, size_t n_history);

/* Penalizes every candidate whose token occurs c > 0 times in the window (the newest penalty_last_n entries of
 * history (n_history,)), with penalty_logit: repeat first, then c * freq + present. Changes logit; sets sorted =
 * false when it runs; p is stale afterwards. Works on any order. O(size * window). Units: logits in nats; the
 * window in tokens. Bad input: the candidates_check errors, then penalties_check's. Neutral: whatever penalties_off
 * names changes nothing. History ids that match no candidate (negative, or >= n_vocab) change nothing. Follows
 * llama_sampler_init_penalties (src/llama-sampler.cpp); lesson Examples 1-5. */
SamplingStatus apply_penalties(Candidates *c, const int32_t *history, size_t n_history, const PenaltyParams *params);

/* The rule llama.cpp replaced, kept only to show why (lesson Example 1, the "naive" column): every token in
 * the window has its logit divided by penalty_repeat, which raises a negative logit; then count * freq +
 * present is subtracted as in apply_penalties, so the two differ only in the repeat factor. Same shapes and
 * bad-input handling as apply_penalties. Not a llama.cpp sampler. */
SamplingStatus apply_penalty_naive(Candidates *c, const int32_t *history, size_t n_history,
                                   const PenaltyParams *params);

/* The logit after one bias entry: logit + bias, except that opposite infinities leave the token banned (-inf)
 * instead of making NaN, and a finite logit with a finite bias stays finite (saturating at +-DBL_MAX). A NaN
 * bias gives NaN (apply_logit_bias refuses it first). apply_logit_bias's rule for one entry. */
double bias_logit(double logit, double bias);

/* The checks apply_logit_bias makes first: the candidates_check errors; NULL biases with n_biases > 0 gives
 * SAMPLING_ERR_NULL; a NaN bias gives SAMPLING_ERR_PARAM. *any (not NULL) gets whether any bias is non-zero. */
SamplingStatus logit_bias_check(const Candidates *c, const LogitBias *biases, size_t n_biases, bool *any);

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
