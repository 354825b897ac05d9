/* dry.h: DRY ("Don't Repeat Yourself"), the penalty on tokens that would extend a sequence already written.
 * Lesson Example 9.
 *
 * For each earlier position in the window, DRY measures how long the run of tokens ending there equals the
 * run ending at the newest token; the token that followed that earlier run would, if chosen now, extend the
 * repeat. The longest such repeat per token gives its penalty dry_multiplier * dry_base^(length -
 * dry_allowed_length), once the length reaches dry_allowed_length. Sequence breakers (newline, ":", ...)
 * stop a repeat from reaching back across them.
 *
 * llama.cpp receives breakers as strings and finds the tokens for them in the vocabulary; this workbench has
 * no tokenizer, so a breaker is given as the token sequence itself: its first token is the head, the rest the
 * tail. A breaker of one token is a single-token breaker, and such a token is never penalized itself.
 *
 * defines: DryBreaker, DryParams, DRY_MAX_TAIL, dry_repeat_length, dry_penalty, apply_dry, dry_scratch_len,
 * apply_dry_scratch.
 */
#ifndef DRY_H
#define DRY_H

#include "candidates.h"

/* llama.cpp cuts a breaker's tail to 20 tokens; so does this library (it bounds the breaker scan). */
#define DRY_MAX_TAIL 20

typedef struct {
    const int32_t *tokens;  /* (n,) token ids: tokens[0] is the head, tokens[1..n) the tail */
    size_t n;               /* at least 1; a tail longer than DRY_MAX_TAIL is cut */
} DryBreaker;

typedef struct {
    double dry_multiplier;          /* penalty at exactly dry_allowed_length; 0 = off; negative boosts */
    double dry_base;                /* growth per extra repeated token; < 1 = off (llama.cpp default 1.75) */
    int32_t dry_allowed_length;     /* repeats shorter than this are free (default 2); must be >= 0 */
    int32_t dry_penalty_last_n;     /* the window in tokens; <= 0 = off (current llama.cpp clamps to 0) */
    const DryBreaker *breakers;     /* (n_breakers,) sequence breakers; may be NULL when n_breakers is 0 */
    size_t n_breakers;
} DryParams;

/* The length of the longest repeat that choosing `token` next would extend, as DRY measures it in the window
 * (the newest dry_penalty_last_n entries of history (n_history,), oldest first): the longest run ending at
 * some earlier position and followed there by `token` that equals the run ending at the newest token, capped
 * by the breaker limit. 0 when token never follows such a run. Writes it to *length. It is the same quantity
 * for any allowed length (apply_dry penalizes only lengths >= dry_allowed_length); multiplier and base are
 * not read. O(W) with the Z-algorithm; allocates O(W) (SAMPLING_ERR_NOMEM).
 * Bad input: NULL length or params, NULL history with n_history > 0, or NULL breakers with n_breakers > 0
 * gives SAMPLING_ERR_NULL; a breaker with n == 0 or a NULL tokens gives SAMPLING_ERR_PARAM. A window <= 0
 * gives length 0. Lesson Example 9 prints these lengths; its Java scans the whole history with no breakers. */
SamplingStatus dry_repeat_length(const int32_t *history, size_t n_history, const DryParams *params,
                                 int32_t token, int32_t *length);

/* The logit penalty for a repeat of `length` tokens: dry_multiplier * dry_base^e with e = length -
 * dry_allowed_length, where e is capped at int(88.7228391 / ln dry_base) when dry_base > 1.000001 (llama.cpp's
 * guard against float overflow, kept so that values match); 0 when length < dry_allowed_length. NULL params,
 * a NaN parameter or a negative length gives NaN. Lesson Example 9: 0.8 * 1.75^3 = 4.288 at length 5. */
double dry_penalty(const DryParams *params, int32_t length);

/* Subtracts dry_penalty(max repeat length) from the logit of every candidate whose token would extend a
 * repeat of at least dry_allowed_length tokens, except single-token breaker heads (infinite logits are left
 * alone; a finite one saturates at +-DBL_MAX rather than overflow). Changes logit; sets
 * sorted = false when it runs; p is stale. Does nothing when dry_multiplier == 0, dry_base < 1, the window is
 * <= 0, the window holds no more than dry_allowed_length tokens, or a breaker sits within the last
 * dry_allowed_length tokens. O(W + size) per call, no quadratic scan.
 * Bad input: the candidates_check errors; the dry_repeat_length errors; a NaN multiplier or base, or a
 * negative dry_allowed_length, gives SAMPLING_ERR_PARAM.
 * Allocates its scratch space for the call (SAMPLING_ERR_NOMEM); apply_dry_scratch takes the caller's instead.
 * Follows llama_sampler_init_dry (src/llama-sampler.cpp) with breakers given as tokens; lesson Example 9. */
SamplingStatus apply_dry(Candidates *c, const int32_t *history, size_t n_history, const DryParams *params);

/* The int32 entries of scratch apply_dry_scratch needs for this history length and window: the repeat lengths
 * (W,) plus a hash map of the window's tokens, with W = min(n_history, dry_penalty_last_n). 0 when the window
 * is empty (dry_penalty_last_n <= 0 or n_history 0). */
size_t dry_scratch_len(size_t n_history, int32_t dry_penalty_last_n);

/* apply_dry with the caller's scratch (scratch_len,), which it overwrites; it allocates nothing, so a caller
 * that keeps one buffer (the chain does) samples without allocating. Same results and errors as apply_dry,
 * plus: when there is work to do, a NULL scratch gives SAMPLING_ERR_NULL and a scratch_len below
 * dry_scratch_len(n_history, dry_penalty_last_n) gives SAMPLING_ERR_PARAM, changing nothing. */
SamplingStatus apply_dry_scratch(Candidates *c, const int32_t *history, size_t n_history, const DryParams *params,
                                 int32_t *scratch, size_t scratch_len);

#endif
