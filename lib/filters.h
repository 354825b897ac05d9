/* filters.h: the samplers that cut or reshape the distribution without looking at the history: top-k, top-p,
 * min-p, locally typical, top-n-sigma, XTC, and temperature (plain and dynamic).
 *
 * All take the candidate array in place. Shared rules, stated once here and repeated only where a sampler
 * differs:
 * - NULL c, or NULL data with size > 0: SAMPLING_ERR_NULL. A NaN logit: SAMPLING_ERR_NAN. A NaN parameter:
 *   SAMPLING_ERR_PARAM. On any error the array is left as it was.
 * - An empty array is left alone and SAMPLING_OK is returned (llama.cpp's samplers skip it too).
 * - When every logit is -inf there are no probabilities: the samplers that need them (top-p, typical, XTC,
 *   temp-ext) leave the array alone and return SAMPLING_OK; the others apply their rule to the -inf values like
 *   any others. The draw then reports SAMPLING_ERR_NO_FINITE.
 * - min_keep is the fewest tokens a sampler may leave (llama.cpp's common passes 0; 0 and 1 behave alike).
 *   A min_keep above the size keeps everything; that is the rule, not an error.
 * - "Removes" means the array shrinks (size drops); removed tokens are gone from data[0..size).
 *
 * Top-p, typical and XTC each come in two parts: apply_* computes p from the logits (the softmax llama.cpp
 * runs first) and then makes the cut; *_cut makes only the cut, on the p already in the array. The lesson
 * programs that start from probabilities (Examples 7 and 10) call the cut on the p they wrote.
 *
 * These are the plain rules. For large arrays the chain uses the speed layer (lib/fast/fast.h: fast_apply_top_k,
 * fast_apply_top_p, and the sorting stages with fast_sort), equal to these bit for bit.
 *
 * defines: apply_top_k, apply_top_p, top_p_cut, top_p_count, apply_min_p, apply_typical, typical_cut, typical_cut_in,
 * apply_top_n_sigma, top_p_off, typical_off, min_p_off, top_n_sigma_off, xtc_off, temp_off, xtc_draws_coin,
 * apply_xtc, xtc_cut, apply_temp, apply_temp_ext.
 */
#ifndef FILTERS_H
#define FILTERS_H

#include "candidates.h"

/* Keeps exactly the k candidates with the largest logits (ties at the edge cut by the lower id first), sorted
 * by descending logit: sorts the array (candidates_sort) unless it is sorted, then size = min(k, size). p is
 * not updated. k <= 0 is off (no change). k > size keeps all, sorted.
 * Follows llama_sampler_init_top_k (top_k_impl, src/llama-sampler.cpp). The lesson's Example 12 instead
 * keeps every logit tied with the k-th; its tables never reach that case. */
SamplingStatus apply_top_k(Candidates *c, int32_t k);

/* Nucleus sampling: computes p over the current candidates (candidates_softmax without sorting, so after top-k
 * it renormalizes over the k left and sums in the current order), sorts by descending logit, and keeps the
 * shortest prefix whose cumulative p reaches top_p (top_p_cut). Leaves sorted = true and p = the softmax before
 * the cut (not renormalized). top_p >= 1 is off; an array whose logits are all -inf is left alone (p = 0).
 * Follows llama_sampler_init_top_p; lesson Examples 7, 12 and 13. */
SamplingStatus apply_top_p(Candidates *c, double top_p, size_t min_keep);

/* Top-p's cut on the p already in c, walked in c's current order (the most likely first, as apply_top_p
 * leaves it; lesson Example 7 gives its p sorted): keeps the shortest prefix whose p sum reaches top_p
 * (sum >= top_p) and holds at least min_keep tokens. If rounding keeps the sum below top_p, all are kept.
 * Changes only size. top_p >= 1 is off; top_p <= 0 keeps exactly max(1, min_keep) tokens.
 * Bad input: the candidates_check errors; a NaN top_p gives SAMPLING_ERR_PARAM. */
SamplingStatus top_p_cut(Candidates *c, double top_p, size_t min_keep);

/* Top-p's walk over d (n,), in that order: the number of tokens the cut keeps, i + 1 for the first i whose p
 * sum reaches top_p with i + 1 >= min_keep; 0 when the sum never reaches it. top_p_cut's rule. */
size_t top_p_count(const TokenData *d, size_t n, double top_p, size_t min_keep);

/* Keeps the tokens whose logit is at least max_logit + ln(min_p), i.e. p_i >= min_p * p_max, measured on the logits
 * as they are now (before temperature). On an unsorted array the survivors keep their order; if fewer than max(1,
 * min_keep) pass, the array is sorted and the top tokens are kept up to min_keep, then every further token that
 * passes. p is not updated. min_p <= 0 is off; min_p = 1 keeps only the tokens tied with the largest logit, and
 * min_p > 1 only max(1, min_keep) tokens. Follows llama_sampler_init_min_p; lesson Examples 12 and 13. */
SamplingStatus apply_min_p(Candidates *c, double min_p, size_t min_keep);

/* Locally typical sampling: computes p with the array sorted (candidates_softmax(c, true)), then keeps the
 * tokens closest to the entropy (typical_cut). The result is in distance order, NOT by probability:
 * sorted = false. p keeps the values before the cut. typical_p >= 1 is off; an array whose logits are all
 * -inf is left alone. Allocates the distance order (SAMPLING_ERR_NOMEM).
 * Follows llama_sampler_init_typical; lesson Example 7. */
SamplingStatus apply_typical(Candidates *c, double typical_p, size_t min_keep);

/* Typical's cut on the p already in c: the entropy H = sum of -p ln p in nats, each token's distance
 * |-ln p - H|, the tokens ordered by that distance (closest first; equal distances keep their order in c),
 * and the shortest prefix of that order whose cumulative p exceeds typical_p (strictly) with at least
 * min_keep tokens; all when it never does. Leaves those tokens in distance order, sorted = false, p as it was.
 * typical_p >= 1 is off (no change, no reordering); typical_p <= 0 keeps only the most typical token
 * (min_keep permitting), which may not be the most likely. A token with p = 0 adds nothing to H (llama.cpp's
 * H becomes NaN there). Allocates (size,) candidates for the order (SAMPLING_ERR_NOMEM); typical_cut_in takes
 * the caller's. Bad input: the candidates_check errors; a NaN typical_p gives SAMPLING_ERR_PARAM. Lesson
 * Example 7 calls it on the p it wrote. */
SamplingStatus typical_cut(Candidates *c, double typical_p, size_t min_keep);

/* typical_cut with the caller's order (order_len,) of at least c->size candidates, which it overwrites; it
 * allocates nothing. Same results and errors, plus: when there is work to do, a NULL order gives
 * SAMPLING_ERR_NULL and an order_len below c->size gives SAMPLING_ERR_PARAM, changing nothing. */
SamplingStatus typical_cut_in(Candidates *c, double typical_p, size_t min_keep, TokenData *order,
                              size_t order_len);

/* Top-n-sigma: over the logits that are not -inf, takes the maximum, the mean and the population standard
 * deviation sigma, and sets to -inf every logit below max - n * sigma (strictly below; ties stay). Nothing is
 * reordered or removed from the array, only masked; p is not updated. n <= 0 or size <= 1 is off. All
 * finite logits equal (sigma = 0) masks nothing. Logits near DBL_MAX are measured in scaled units, so their
 * sums do not overflow. A +inf logit makes sigma NaN and masks nothing.
 * Follows llama_sampler_init_top_n_sigma (current version: no sort, PR #22645). */
SamplingStatus apply_top_n_sigma(Candidates *c, double n);

/* llama.cpp's rules for a filter its parameters turn off, each decided on the float llama.cpp holds (as_float),
 * as its samplers' init functions decide to build an empty ("?") sampler: top-p and typical at 1 or more, min-p
 * and top-n-sigma at 0 or less, XTC with a probability of 0 or less or a threshold above 0.5, temperature at
 * exactly 1. So 0.99999999 (the float 1) turns top-p off, and 0.50000001 (the float 0.5) leaves XTC on. NaN is
 * never off (every comparison with it fails). The filters below, their fast twins and the chain's "?" use these;
 * so does temperature's greedy test (temp <= 0) and temp-ext's (delta <= 0), on the float too. */
bool top_p_off(double top_p);
bool typical_off(double typical_p);
bool min_p_off(double min_p);
bool top_n_sigma_off(double n);
bool xtc_off(double probability, double threshold);
bool temp_off(double temp);

/* Whether XTC with these parameters draws a random number on this array: llama.cpp draws one only when
 * XTC is on (xtc_off) and size >= 2. The chain asks this before taking a coin from XTC's own
 * generator. NULL c gives false. */
bool xtc_draws_coin(const Candidates *c, double probability, double threshold);

/* Exclude Top Choices, given the coin the caller drew in [0, 1]: when coin <= probability, computes p with the
 * array sorted (candidates_softmax(c, true)) and cuts (xtc_cut). Nothing happens when coin > probability or
 * when xtc_draws_coin would say false (probability <= 0 is off, threshold > 0.5 is off). Leaves sorted = true
 * and p not renormalized. Bad input: the candidates_check errors, a NaN parameter, or a coin outside [0, 1] or
 * NaN gives SAMPLING_ERR_PARAM.
 * Follows llama_sampler_init_xtc; lesson Example 10, whose Java draws a coin on every call and renormalizes
 * what it prints. */
SamplingStatus apply_xtc(Candidates *c, double probability, double threshold, size_t min_keep, double coin);

/* XTC's cut on the p already in c (sorted, the most likely first): among the leading tokens with p >=
 * threshold, removes all but the last (the least likely of them), provided at least min_keep tokens remain.
 * Nothing happens when fewer than two tokens reach the threshold, when threshold > 0.5 (llama.cpp's XTC is
 * then off) or when size < 2. A token with p = 0 never counts as reaching the threshold, so a threshold <= 0
 * keeps the least likely token that can still be drawn (llama.cpp's rule would keep a -inf one there). The
 * removal advances c->data past the dropped tokens (the caller's buffer pointer stays valid). Bad input: the
 * candidates_check errors; a NaN threshold gives SAMPLING_ERR_PARAM. Lesson Example 10. */
SamplingStatus xtc_cut(Candidates *c, double threshold, size_t min_keep);

/* Temperature: divides every finite logit by temp (temp > 0), or, for temp <= 0, keeps only the first
 * candidate with the largest logit (the rest become -inf; nothing is reordered or removed). p is not updated.
 * temp = 1 changes nothing; temp = +inf makes every finite logit 0 (uniform); infinite logits keep their
 * value. A temp so small that a division overflows (1e-320, say) first subtracts the largest logit, so the
 * distribution still comes out right (softmax ignores the shift); what still overflows saturates at
 * -DBL_MAX. Follows llama_sampler_init_temp
 * (temp_impl; the CLI clamps a negative --temp to 0, which this treats alike); lesson Examples 12 and 13. */
SamplingStatus apply_temp(Candidates *c, double temp);

/* Dynamic temperature (temp-ext): with delta <= 0 exactly apply_temp(temp), any temp. Otherwise, for size >= 2:
 * computes p with the array sorted (candidates_softmax(c, true)) and its entropy H in nats, sets
 * T = lo + (hi - lo) * (H / ln size)^exponent with lo = max(0, temp - delta) and hi = temp + delta, applies
 * apply_temp(T), and recomputes p. The result is sorted with p filled. H = 0 with a negative exponent gives
 * T = +inf (see apply_temp). Bad input: with delta > 0, a temp, delta or exponent that is not finite gives
 * SAMPLING_ERR_PARAM. Follows llama_sampler_init_temp_ext (--dynatemp-range is delta, --dynatemp-exp the
 * exponent). */
SamplingStatus apply_temp_ext(Candidates *c, double temp, double delta, double exponent);

#endif
