/* fast.h: the speed layer, for vocabularies of 100,000 tokens and more.
 *
 * Every function here equals one plain rule of lib/'s top level, bit for bit: the same status, survivors, order,
 * logits, p, sorted and selected (what lies past size may differ). Each says which one it equals, and lib/test/
 * checks it on random, tied, infinite and NaN inputs (test_fast_path.c, test_fast_dry.c, test_fast_sparse.c,
 * test_top_p_prefix.c, test_top_p_known.c; lib/README.md's "Tests" says which twin where). Only the chain uses this
 * layer, through one door (chain_fast.h: chain_apply_logits calls fast_chain_apply_logits, in chain_fast.c, which
 * picks the twins), for arrays of more than FAST_MIN_SIZE candidates or windows of more than FAST_MIN_WINDOW tokens;
 * a reader of the rules never needs to open this folder. Nothing here includes chain.h.
 *
 * How the time is saved: top-k picks its k straight from the logits, also after stages that change a known few
 * tokens (logit-bias, penalties, DRY), whose new logits are worked out on those tokens alone; top-p sorts only the
 * prefix that holds its mass (buckets of logit values); penalties count the window once into a hash map, and DRY
 * finds its repeats with the Z-algorithm where the newest token stands again, keeping the few that count in one;
 * the stages whose rule starts with a full sort (typical, XTC, temp-ext, the mirostats) get the array sorted by a
 * bucket sort first, and then find it sorted; the chain's first stage can know the range of the logits from its
 * one pass. Penalties, DRY and typical work in scratch the caller keeps (the chain does), so sampling allocates
 * nothing once the window is full.
 *
 * defines: FAST_MIN_SIZE, FAST_MIN_WINDOW, FAST_TOP_K_MAX, fast_sort, fast_candidates_init_top_k,
 * fast_candidates_init_top_k_over, fast_apply_top_k, fast_apply_top_p, fast_apply_top_p_known,
 * fast_penalties_scratch_len, fast_apply_penalties, fast_apply_logit_bias_by_id, fast_dry_scratch_len,
 * fast_apply_dry, fast_apply_typical, fast_apply_xtc, fast_apply_temp_ext, fast_sample_mirostat,
 * fast_sample_mirostat_v2, fast_logit_range, fast_range_after, fast_candidates_check.
 */
#ifndef FAST_H
#define FAST_H

#include "candidates.h"
#include "dry.h"
#include "filters.h"
#include "penalties.h"
#include "sample.h"

#define FAST_MIN_SIZE 1024      /* the chain uses this layer for arrays larger than this */
#define FAST_MIN_WINDOW 64      /* or for penalty and DRY windows longer than this */
#define FAST_TOP_K_MAX 1024     /* the largest top_k that fast_candidates_init_top_k picks from the logits */

/* ===== Sorting ===== */

/* Equals candidates_sort. Up to 1,024 candidates it is qsort; beyond, the candidates go into 1,024 buckets of
 * logit values and each bucket is sorted on its own (an inlined quicksort, insertion sort for short runs). */
SamplingStatus fast_sort(Candidates *c);

/* ===== Top-k ===== */

/* Equals candidates_init followed by apply_top_k(top_k), without building the whole array when it can: for
 * 0 < top_k < n_vocab and top_k <= FAST_TOP_K_MAX it reads logits (n_vocab,) once and writes only the top_k best to
 * buf[0..top_k). That pass takes the maximum of each block of 64 logits; the top_k-th largest block maximum
 * is a floor under the top_k best, so only the few blocks whose maximum reaches it are read again. Otherwise
 * it builds all n_vocab and runs fast_apply_top_k. buf (n_vocab,) is the caller's, used as scratch beyond
 * top_k, and must not overlap logits. Bad input as those two calls report it: NULL c, or NULL buf or logits
 * with n_vocab > 0, gives SAMPLING_ERR_NULL; n_vocab > INT32_MAX gives SAMPLING_ERR_PARAM; a NaN logit
 * anywhere gives SAMPLING_ERR_NAN (even with top_k off). On error *c is not changed (buf may be). */
SamplingStatus fast_candidates_init_top_k(Candidates *c, TokenData *buf, const double *logits, size_t n_vocab,
                                          int32_t top_k);

/* Equals candidates_init, then setting the logit of token overrides[i].id to overrides[i].logit for each of
 * overrides (n_overrides,), then apply_top_k(top_k): top-k straight from the logits, with a few tokens changed
 * by the stages before it (logit-bias, penalties, DRY: the chain computes their new logits on those tokens
 * alone). The overrides must be sorted by id, no id twice, every id below n_vocab (else SAMPLING_ERR_PARAM);
 * only the blocks of 64 that hold one are read again for their maximum. A NaN override gives
 * SAMPLING_ERR_NAN. Otherwise as fast_candidates_init_top_k, which is this with no overrides. */
SamplingStatus fast_candidates_init_top_k_over(Candidates *c, TokenData *buf, const double *logits, size_t n_vocab,
                                               int32_t top_k, const TokenData *overrides, size_t n_overrides);

/* Equals apply_top_k: moves the k best to the front, sorted, with a heap (k <= 1,024: most candidates are
 * turned away by one comparison with the worst kept so far) or the buckets (larger k), not a full sort. */
SamplingStatus fast_apply_top_k(Candidates *c, int32_t k);

/* ===== Top-p ===== */

/* Equals apply_top_p. On a large unsorted array: one pass for a NaN and the range of the logits; one for the
 * weights exp(logit - max), their sum in array order (the plain softmax's divisor) and the weight in each of
 * 1,024 buckets of logit values, which say how many of the best tokens hold top_p's mass (with a margin for
 * rounding); then only those are picked out (one comparison each) and sorted, and only their p is divided.
 * If rounding puts the cut past them, the rest is divided and sorted too. */
SamplingStatus fast_apply_top_p(Candidates *c, double top_p, size_t min_keep);

/* fast_apply_top_p for a caller that knows the largest logit of c (max) and the smallest that is not -inf (min,
 * +inf when there is none), and that no logit is NaN: one pass fewer. Wrong max or min give a wrong cut, never
 * a read out of bounds. Bad input: as apply_top_p, plus a NaN max or min gives SAMPLING_ERR_PARAM. */
SamplingStatus fast_apply_top_p_known(Candidates *c, double top_p, size_t min_keep, double max, double min);

/* ===== Penalties and DRY in the caller's scratch ===== */

/* The int32 entries of scratch fast_apply_penalties needs for this history length and window: a hash map of
 * the window's tokens, about 3 * 2 * min(n_history, penalty_last_n) rounded up to a power of two. 0 when the
 * window is empty (penalty_last_n <= 0 or n_history 0). */
size_t fast_penalties_scratch_len(size_t n_history, int32_t penalty_last_n);

/* Equals apply_penalties (the logits come from penalty_logit, the plain rule), in O(window) plus, for an array
 * not in id order, one lookup per candidate: the window is counted once into a hash map in scratch
 * (scratch_len,), which it overwrites; it allocates nothing. built says the caller vouches that the array is
 * in id order (candidate i has id i) with no NaN logit, as candidates_init builds it from logits with no NaN:
 * then it skips the pass that checks both and reads only the window's tokens (on an array that is not, it
 * penalizes by index as if it were and does not report a NaN: a wrong result, never a read out of bounds).
 * Bad input: as apply_penalties, plus, when there is work to do, a NULL scratch gives SAMPLING_ERR_NULL and a
 * scratch_len below fast_penalties_scratch_len gives SAMPLING_ERR_PARAM, changing nothing. */
SamplingStatus fast_apply_penalties(Candidates *c, const int32_t *history, size_t n_history,
                                    const PenaltyParams *params, int32_t *scratch, size_t scratch_len, bool built);

/* Equals apply_logit_bias on an array in id order (every entry for a token is added, in order, with
 * bias_logit), for the candidates of c in any order: the chain's logit-bias on the few tokens it changes, when
 * top-k then picks from the logits (fast_candidates_init_top_k_over). Entries whose token c does not hold do
 * nothing. Bad input: as apply_logit_bias. */
SamplingStatus fast_apply_logit_bias_by_id(Candidates *c, const LogitBias *biases, size_t n_biases);

/* The int32 entries of scratch fast_apply_dry needs: the repeat lengths (W,), the positions of the repeats that
 * count (W,) and a hash map for up to W tokens, W = dry_window(n_history, dry_penalty_last_n); about 8 W. 0 when
 * the window is empty. */
size_t fast_dry_scratch_len(size_t n_history, int32_t dry_penalty_last_n);

/* Equals apply_dry, in O(window + size): the repeat lengths come from the Z-algorithm over the reversed window
 * (as llama.cpp computes them), worked out only where the newest token stands again, and the longest per token
 * from a hash map sized by the repeats that count, all in scratch (scratch_len,); the penalty is dry_penalty,
 * the plain rule. The window is read 64 tokens at a time, once for the newest breaker (from the newest token
 * back to it) and once for the newest token. Allocates nothing. Bad input: as apply_dry, plus, when there is
 * work to do, a NULL scratch gives SAMPLING_ERR_NULL and a scratch_len below fast_dry_scratch_len gives
 * SAMPLING_ERR_PARAM, changing nothing. */
SamplingStatus fast_apply_dry(Candidates *c, const int32_t *history, size_t n_history, const DryParams *params,
                              int32_t *scratch, size_t scratch_len);

/* ===== The stages whose rule starts with a full sort ===== */

/* Equals apply_typical: fast_sort first, then the same softmax and typical_cut_in in the caller's scratch
 * (scratch_len,) of at least c->size candidates; allocates nothing. Bad input: as apply_typical, plus, when
 * there is work to do, a NULL scratch gives SAMPLING_ERR_NULL and a short one SAMPLING_ERR_PARAM. */
SamplingStatus fast_apply_typical(Candidates *c, double typical_p, size_t min_keep, TokenData *scratch,
                                  size_t scratch_len);

/* Equals apply_xtc: when XTC acts (the coin fires), fast_sort first. */
SamplingStatus fast_apply_xtc(Candidates *c, double probability, double threshold, size_t min_keep, double coin);

/* Equals apply_temp_ext: when it measures the entropy (delta > 0, two or more candidates), fast_sort first. */
SamplingStatus fast_apply_temp_ext(Candidates *c, double temp, double delta, double exponent);

/* Equal sample_mirostat and sample_mirostat_v2: fast_sort first. */
SamplingStatus fast_sample_mirostat(Candidates *c, MirostatState *st, int32_t m, int32_t n_vocab, CoinFn coin,
                                    void *coin_state);
SamplingStatus fast_sample_mirostat_v2(Candidates *c, MirostatState *st, CoinFn coin, void *coin_state);

/* ===== The range of the logits, for the chain's first pass; the check for a NaN ===== */

/* Whether x (n,) holds no NaN; if so, *max gets its largest value (-inf when n is 0) and *min its smallest
 * that is not -inf (+inf when there is none). One pass with four independent lanes, which the compiler can
 * keep two to a register. A zero maximum or minimum may come out as -0 where a single running one gives +0
 * or the reverse: top-p only uses x - max, max - x and max - min, which are equal for either zero. */
bool fast_logit_range(const double *x, size_t n, double *max, double *min);

/* After a stage that changed only the candidates of `tokens` (n_tokens,) in an array in id order whose logits
 * were `before` (c->size,), with range *max, *min before it: the range now, from those tokens alone. False when
 * it cannot be known that way: a token that held the largest or smallest value changed (another may now be
 * the largest), or one became NaN. Ids outside the array are skipped. */
bool fast_range_after(const double *before, const Candidates *c, const int32_t *tokens, size_t n_tokens,
                      double *max, double *min);

/* Equals candidates_check (SAMPLING_ERR_NULL, SAMPLING_ERR_NAN or SAMPLING_OK), in one pass of independent sums
 * with no branch per candidate; an array that holds an infinite logit is checked again by candidates_check. */
SamplingStatus fast_candidates_check(const Candidates *c);

#endif
