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
 * and draws). Logits are natural-log odds; p is a probability in [0, 1].
 *
 * The ordering functions (candidates_sort, the partial sorts, candidates_init_top_k, candidates_sort_by_id) are
 * implemented in sort.c, the rest in candidates.c.
 *
 * defines: TokenData, Candidates, SamplingStatus, sampling_strerror, candidates_init, candidates_check,
 * candidates_softmax, candidates_sort, candidates_partial_sort, candidates_sort_prefix, candidates_softmax_prefix,
 * candidates_softmax_prefix_known, candidates_init_top_k, candidates_sort_by_id, candidates_find,
 * candidates_in_id_order, candidates_count_finite, entropy_nats, surprise_nats, surprise_bits.
 */
#ifndef CANDIDATES_H
#define CANDIDATES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    int32_t id;     /* token id, in [0, n_vocab) */
    double logit;   /* natural-log odds; -INFINITY means removed */
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

/* The check every sampler runs first: SAMPLING_ERR_NULL for a NULL c or a NULL data with size > 0,
 * SAMPLING_ERR_NAN if any logit is NaN, else SAMPLING_OK. An empty array is OK here. */
SamplingStatus candidates_check(const Candidates *c);

/* Fills p with the softmax of the logits: p_i = exp(logit_i - m) / sum, with m the largest logit and the sum
 * taken in array order (as the lesson's Java does). With do_sort it first sorts the array (candidates_sort)
 * unless it already is. -inf logits get p = 0. If any logit is +inf, the +inf tokens share p = 1 equally (the
 * limit of the formula) and the rest get 0.
 * Bad input: the candidates_check errors; size 0 returns SAMPLING_ERR_EMPTY (llama.cpp aborts); all logits
 * -inf sets every p to 0 and returns SAMPLING_ERR_NO_FINITE (llama.cpp produces NaN).
 * Follows llama_sampler_softmax_impl (src/llama-sampler.cpp), in double. */
SamplingStatus candidates_softmax(Candidates *c, bool do_sort);

/* Sorts by logit, descending; equal logits keep the lower id first (llama.cpp's sort is unstable and leaves
 * ties in no fixed order; a fixed rule keeps our output reproducible and matches Java's stable sorts).
 * Sets sorted = true and selected = -1. Bad input: as candidates_check; on error nothing changes. */
SamplingStatus candidates_sort(Candidates *c);

/* Moves the k candidates with the largest logits to data[0..k), sorted as candidates_sort sorts; data[k..size)
 * is left in no particular order. size and sorted are not changed; selected becomes -1. k >= size sorts all.
 * Up to k = 1024 a heap selects the k (O(size log k)); beyond that the candidates go into 1,024 buckets of
 * logit values and only the buckets that hold the k best are sorted, which is also how a large array is
 * sorted whole. NaN logits are not checked (the samplers check first). Bad input: NULL c, or NULL data with
 * size > 0, returns SAMPLING_ERR_NULL. Follows llama.cpp's partial sort (a heap for small k, a bucket sort
 * for large k, PR #5109); the result is the same as a full sort's first k. */
SamplingStatus candidates_partial_sort(Candidates *c, size_t k);

/* Sorts a prefix of the array just long enough that its p sum reaches `mass` and it holds at least min_count
 * candidates, and returns that prefix's length (size when everything was sorted); the rest is in no
 * particular order. p must be filled (candidates_softmax). One pass adds up the mass per bucket of logit
 * values, which says how many of the best candidates the prefix needs; only those are then sorted (a heap
 * for up to 1,024, the buckets beyond): much cheaper than a full sort when a few thousand tokens hold the
 * mass. Rounding can put the exact cut just past the prefix; top-p then sorts the rest. size and sorted are
 * not changed. NULL c returns 0. Plays the part of llama.cpp's top-p pre-selection (PR #15665). */
size_t candidates_sort_prefix(Candidates *c, double mass, size_t min_count);

/* Does what candidates_softmax(c, false) followed by candidates_sort_prefix(c, mass, min_count) does, in three
 * passes over the array instead of about six, and without dividing the p values the prefix does not need:
 * top-p's first half. On SAMPLING_OK, data[0..*prefix) is the sorted array's first *prefix candidates (their
 * p sum reaches mass, with a margin for rounding, and there are at least min_count of them; rounding could
 * still put the exact cut past them, and apply_top_p then sorts the rest; size for a sorted array), holding
 * exactly the p candidates_softmax gives. data[*prefix..size) holds exp(logit - max), not yet divided by
 * *sum, the divisor candidates_softmax uses; p / *sum is then its p, bit for bit. *sum is 1 when every p is already divided (arrays of up to 1,024 candidates, sorted
 * arrays, and the +inf case, where the two calls do the work). One pass finds NaN and the range of the
 * logits; the next takes the exponentials, their sum in array order, and the count and weight per bucket
 * of logit values, which say how many of the best candidates hold the mass; a third picks those out with
 * one comparison each, and only they are sorted.
 * Bad input: NULL c, prefix or sum, or NULL data with size > 0, gives SAMPLING_ERR_NULL; a NaN logit gives
 * SAMPLING_ERR_NAN with nothing changed; size 0 gives SAMPLING_ERR_EMPTY; every logit -inf gives
 * SAMPLING_ERR_NO_FINITE with every p 0 and nothing sorted, as candidates_softmax reports them.
 * Plays the part of llama.cpp's softmax and top-p pre-selection (PR #15665) in apply_top_p. */
SamplingStatus candidates_softmax_prefix(Candidates *c, double mass, size_t min_count, size_t *prefix,
                                         double *sum);

/* candidates_softmax_prefix without its first pass, for a caller that already knows what it finds: max must
 * be the largest logit of c and min the smallest one that is not -inf (+inf when there is none), and no logit
 * may be NaN; the results are then candidates_softmax_prefix's, bit for bit. The chain knows them from its
 * pass over the logits when penalties act first and top-p next (chain_apply_logits). If max or min is not
 * that, the prefix and p are wrong (every candidate stays in the array and nothing is read out of bounds).
 * Bad input: NULL c, prefix or sum, or NULL data with size > 0, gives SAMPLING_ERR_NULL; a NaN max or min
 * gives SAMPLING_ERR_PARAM with nothing changed; a NaN logit still gives SAMPLING_ERR_NAN, but p may have
 * changed; otherwise as candidates_softmax_prefix. */
SamplingStatus candidates_softmax_prefix_known(Candidates *c, double mass, size_t min_count, double max,
                                               double min, size_t *prefix, double *sum);

/* Builds exactly what candidates_init followed by apply_top_k(top_k) builds, without the whole array when it
 * can: for 0 < top_k < n_vocab and top_k <= 1,024 it reads logits (n_vocab,) once and writes only the top_k
 * best to buf[0..top_k), sorted by descending logit (equal logits: lower id first), with p = 0, sorted = true
 * and selected = -1. That pass takes the maximum of each block of 64 logits; the top_k-th largest block
 * maximum is a floor under the top_k best, so only the few blocks whose maximum reaches it are read again.
 * Otherwise (top_k <= 0 is off, top_k >= n_vocab keeps all, sorted; a larger top_k uses the buckets) it
 * builds all n_vocab and does what apply_top_k does. buf (n_vocab,) is the caller's, used as scratch beyond
 * top_k, and must not overlap logits.
 * Bad input, as the two calls report it: NULL c, or NULL buf or logits with n_vocab > 0, gives
 * SAMPLING_ERR_NULL; n_vocab > INT32_MAX gives SAMPLING_ERR_PARAM; a NaN logit anywhere gives SAMPLING_ERR_NAN
 * (even with top_k off). On error *c is not changed (buf may be). n_vocab 0 gives an empty array.
 * chain_sample's shortcut when top-k is the chain's first acting stage; llama.cpp builds the array, then
 * runs top_k_impl. */
SamplingStatus candidates_init_top_k(Candidates *c, TokenData *buf, const double *logits, size_t n_vocab,
                                     int32_t top_k);

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

/* The entropy of the p values, H = sum of -p ln p over p > 0, in nats. The caller fills p first
 * (candidates_softmax). p = 0 contributes 0 (llama.cpp's typical would produce NaN there). NULL c or an
 * empty array gives 0. Used by typical (Example 7) and temp-ext. */
double entropy_nats(const Candidates *c);

/* The surprise of a probability: -ln p in nats, -log2 p in bits. p = 1 gives +0 (never -0, which printf would
 * show as "-0.00"); p = 0 gives +inf; p outside [0, 1] or NaN gives NaN. Typical measures in nats (Example 7),
 * mirostat in bits (Example 8). */
double surprise_nats(double p);
double surprise_bits(double p);

#endif
