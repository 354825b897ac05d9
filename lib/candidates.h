/* candidates.h: the distribution every sampler works on, and the helpers they share.
 *
 * One representation everywhere: llama.cpp's candidate array. Each candidate is a token id with its logit and
 * a probability p; the array has a size, a `selected` index and a `sorted` flag. We chose it over the lesson's
 * "one logit per token id, -INFINITY for removed" because llama.cpp's rules are stated on it: top-k keeps
 * exactly k by shrinking the array, typical leaves it in an order that is not by probability, XTC drops the
 * front of the array, dist walks it in its current order. The lesson programs that need token-id order (the
 * Java walks ids 0..n-1) sort the survivors back with candidates_sort_by_id and say so.
 *
 * Arithmetic is in double, as in the lesson's Java (llama.cpp uses float; float would change printed digits
 * and draws). Logits are unnormalized natural-log probabilities (nats); p is a probability in [0, 1].
 *
 * This is the plain layer: every function here is the rule, written to be read. The speed layer (lib/fast/)
 * has faster functions for large vocabularies, each equal to one of these bit for bit.
 *
 * defines: TokenData, Candidates, SamplingStatus, sampling_strerror, candidates_init, candidates_init_probs,
 * candidates_check, candidates_softmax, candidates_compare, candidates_sort, candidates_sort_by_id,
 * candidates_find, candidates_in_id_order, candidates_count_finite, logit_saturate, as_float, entropy_nats,
 * entropy_bits, surprise_nats, surprise_bits.
 */
#ifndef CANDIDATES_H
#define CANDIDATES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    int32_t id;     /* token id, in [0, n_vocab) */
    double logit;   /* an unnormalized natural-log probability; -INFINITY means removed */
    double p;       /* probability, valid only after a function that says it fills p */
} TokenData;

typedef struct {
    TokenData *data;    /* (size,) candidates, owned by the caller */
    size_t size;        /* how many candidates are left */
    ptrdiff_t selected; /* index into data of the picked token, or -1 */
    bool sorted;        /* true when data is sorted by logit, descending (ties: lower id first) */
} Candidates;

/* What a library function reports. 0 is success; every error is negative. */
typedef enum {
    SAMPLING_OK = 0,
    SAMPLING_ERR_NULL = -1,      /* a NULL pointer where data is needed */
    SAMPLING_ERR_EMPTY = -2,     /* no candidates where at least one is needed */
    SAMPLING_ERR_NAN = -3,       /* a NaN logit */
    SAMPLING_ERR_PARAM = -4,     /* a NaN or out-of-range parameter */
    SAMPLING_ERR_NO_FINITE = -5, /* every logit is -inf: there is nothing to normalize or draw */
    SAMPLING_ERR_NOMEM = -6,     /* malloc failed */
} SamplingStatus;

/* A short English message for a status, e.g. "every logit is -inf". Unknown values give "unknown status". */
const char *sampling_strerror(SamplingStatus status);

/* Builds candidates from a logits array: candidate i gets id i, logits[i] and p = 0; selected = -1,
 * sorted = false. `buf` (n_vocab,) is the caller's storage and must not overlap `logits` (n_vocab,).
 * Bad input: NULL c, or NULL buf or logits with n_vocab > 0, returns SAMPLING_ERR_NULL; n_vocab == 0 gives an
 * empty array and SAMPLING_OK; n_vocab > INT32_MAX returns SAMPLING_ERR_PARAM. NaN logits are copied; the
 * samplers reject them. Follows the array llama.cpp builds from the model's output. */
SamplingStatus candidates_init(Candidates *c, TokenData *buf, const double *logits, size_t n_vocab);

/* Builds candidates from probabilities, for the lesson programs that start from them (Examples 7 and 10):
 * candidate i gets id i, p = probs[i] exactly as written and logit = ln probs[i] (-inf for p = 0);
 * selected = -1, sorted = false. The functions that work on the p already in the array (top_p_cut,
 * typical_cut, xtc_cut, entropy_nats) then see the written p, not p after ln and softmax, which rounding can
 * move by a last bit. Shapes and bad input as candidates_init, plus: a p that is NaN or outside [0, 1] gives
 * SAMPLING_ERR_PARAM with *c unchanged. The p need not sum to 1. Not a llama.cpp step. */
SamplingStatus candidates_init_probs(Candidates *c, TokenData *buf, const double *probs, size_t n_vocab);

/* The check every sampler runs first: SAMPLING_ERR_NULL for a NULL c or a NULL data with size > 0,
 * SAMPLING_ERR_NAN if any logit is NaN, else SAMPLING_OK. An empty array is OK here. */
SamplingStatus candidates_check(const Candidates *c);

/* Fills p with the softmax of the logits: p_i = exp(logit_i - m) / sum, with m the largest logit and the sum
 * taken in array order (as the lesson's Java does). With do_sort it first sorts the array (candidates_sort)
 * unless it already is, so the sum is then taken in sorted order, as llama.cpp's sorting softmax takes it.
 * -inf logits get p = 0. If any logit is +inf, the +inf tokens share p = 1 equally (the limit of the formula)
 * and the rest get 0.
 * Bad input: the candidates_check errors (nothing changes); size 0 returns SAMPLING_ERR_EMPTY (llama.cpp
 * aborts); all logits -inf sets every p to 0 and returns SAMPLING_ERR_NO_FINITE (llama.cpp produces NaN).
 * Follows llama_sampler_softmax_impl (src/llama-sampler.cpp), in double. */
SamplingStatus candidates_softmax(Candidates *c, bool do_sort);

/* The order of candidates_sort, as a qsort comparator on two TokenData: the larger logit first, and of equal
 * logits the lower id first. It is total (ids are unique) for logits that are not NaN. */
int candidates_compare(const void *a, const void *b);

/* Sorts by logit, descending; equal logits keep the lower id first (llama.cpp's sort is unstable and leaves
 * ties in no fixed order; a fixed rule keeps our output reproducible and matches Java's stable sorts).
 * Sets sorted = true and selected = -1. Bad input: as candidates_check; on error nothing changes.
 * qsort with candidates_compare; fast_sort (lib/fast/) gives the same array sooner on large ones. */
SamplingStatus candidates_sort(Candidates *c);

/* Puts the candidates back in ascending id order, the order of the lesson's logit arrays. Sets
 * sorted = false and selected = -1. Not a llama.cpp step: lesson programs use it before a draw that must walk
 * token ids in order. Bad input: NULL c, or NULL data with size > 0, returns SAMPLING_ERR_NULL. */
SamplingStatus candidates_sort_by_id(Candidates *c);

/* The index in c->data of the candidate with this id, or -1 when no candidate has it (also for NULL c). */
ptrdiff_t candidates_find(const Candidates *c, int32_t id);

/* Whether candidate i has id i for every i (the order candidates_init builds), so that a token's candidate
 * can be found by index. NULL c gives false. */
bool candidates_in_id_order(const Candidates *c);

/* How many candidates have a finite logit (the lesson's "candidates per step"). NULL c gives 0. */
size_t candidates_count_finite(const Candidates *c);

/* x, or +-DBL_MAX when x is +-inf: what a penalty, bias, DRY or temperature gives a logit that was finite
 * before it, so that arithmetic overflow never bans a token (only a -inf bias does). NaN stays NaN. */
double logit_saturate(double x);

/* The float llama.cpp holds for a value given as d, on which it decides: the nearest float, and past float's
 * range what IEEE rounding gives (FLT_MAX within half a spacing of it, an infinity beyond), where C's own
 * conversion would be undefined. NaN stays NaN. The chain's off tests and refusals, and adaptive-p's float
 * arithmetic, start from it. */
float as_float(double d);

/* The entropy of the p values, H = sum of -p ln p over p > 0, in nats. The caller fills p first
 * (candidates_softmax). p = 0 contributes 0 (llama.cpp's typical would produce NaN there). NULL c or an
 * empty array gives 0. Used by typical (Example 7) and temp-ext. */
double entropy_nats(const Candidates *c);

/* The same entropy in bits, H = sum of -p log2 p over p > 0: the unit of mirostat's surprise (Example 8's
 * picture). Same inputs and results as entropy_nats otherwise. */
double entropy_bits(const Candidates *c);

/* The surprise of a probability: -ln p in nats, -log2 p in bits. p = 1 gives +0 (never -0, which printf would
 * show as "-0.00"); p = 0 gives +inf; p outside [0, 1] or NaN gives NaN. Typical measures in nats (Example 7),
 * mirostat in bits (Example 8). */
double surprise_nats(double p);
double surprise_bits(double p);

#endif
