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
 * These are the plain rules: each repeat is measured by comparing tokens one by one. For long windows and large
 * arrays the chain uses fast_apply_dry (lib/fast/fast.h), the Z-algorithm llama.cpp uses, with the same result.
 *
 * defines: DryBreaker, DryParams, DRY_MAX_TAIL, DryWindow, dry_check, dry_window, dry_window_of, dry_back,
 * dry_params_problem, dry_repeat_limit, dry_is_breaker_head, dry_off_reason, dry_off, dry_repeat_length, dry_penalty,
 * dry_token_penalty, apply_dry.
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
    int32_t dry_allowed_length;     /* repeats shorter than this are free (default 2); any int, as llama.cpp's
                                     * command line takes (below 0: every repeat, even of 0 tokens, costs) */
    int32_t dry_penalty_last_n;     /* the window in tokens; <= 0 = off (current llama.cpp clamps to 0) */
    const DryBreaker *breakers;     /* (n_breakers,) sequence breakers; may be NULL when n_breakers is 0 */
    size_t n_breakers;
} DryParams;

/* Names the first field of params that the DRY functions refuse, and why, as one line that starts with the
 * field's name: "breakers has a breaker with no tokens (...)", "dry_multiplier must not be NaN (...)",
 * "dry_base must not be NaN (...)"; NULL when they take params (a base below 1 or a window of 0 is off, not
 * refused). NaN is this workbench's own refusal: llama.cpp builds the sampler, and a NaN penalty would make
 * logits NaN. "params is NULL" for NULL params; "breakers is NULL ..." for NULL breakers with n_breakers > 0.
 * The string is static. */
const char *dry_params_problem(const DryParams *params);

/* The checks every DRY function makes first: NULL params, NULL history with n_history > 0, or NULL breakers
 * with n_breakers > 0 gives SAMPLING_ERR_NULL; what dry_params_problem names then gives SAMPLING_ERR_PARAM;
 * SAMPLING_OK otherwise. */
SamplingStatus dry_check(const int32_t *history, size_t n_history, const DryParams *params);

/* How many of the newest tokens DRY looks at: min(n_history, dry_penalty_last_n), 0 for a window <= 0. */
size_t dry_window(size_t n_history, int32_t dry_penalty_last_n);

/* The window DRY reads: the newest dry_window tokens of a history, read newest first with dry_back. */
typedef struct {
    const int32_t *tokens;  /* (w,) oldest first */
    size_t w;
} DryWindow;

/* The newest dry_window(n_history, dry_penalty_last_n) tokens of history (n_history,). An empty window keeps
 * the history pointer as it is (adding even 0 to a NULL pointer is undefined in C). */
DryWindow dry_window_of(const int32_t *history, size_t n_history, int32_t dry_penalty_last_n);

/* The token i steps before the newest (i = 0: the newest), for i < win->w. */
static inline int32_t dry_back(const DryWindow *win, size_t i)
{
    return win->tokens[win->w - 1 - i];
}

/* How far back a repeat may reach, in tokens: the distance from the newest token to the newest sequence
 * breaker in the window, minus the breaker's tail (its own tokens); the whole window when none occurs. Of
 * several breakers with the same head, the longest tail that matches wins. params must pass dry_check. */
size_t dry_repeat_limit(const int32_t *history, size_t n_history, const DryParams *params);

/* Whether token is a single-token breaker (a breaker of one token), which DRY never penalizes. */
bool dry_is_breaker_head(const DryParams *params, int32_t token);

/* Why DRY does nothing on this history, as in llama.cpp, or NULL when it runs: "dry_multiplier is 0",
 * "dry_base is below 1" (both decided on the float llama.cpp holds: a base of 0.9999999999 is 1),
 * "dry_penalty_last_n is 0 or less" (llama.cpp builds these three as "?dry"), "the
 * window holds no more than dry_allowed_length tokens", "a sequence breaker lies within the last
 * dry_allowed_length tokens" (dry_repeat_limit below the allowed length); the first that holds, as a static
 * string. A negative allowed length is below every window and limit, so DRY then runs even on an empty
 * history. params must pass dry_check; NULL params gives NULL. */
const char *dry_off_reason(const int32_t *history, size_t n_history, const DryParams *params);

/* Whether DRY does nothing on this history: dry_off_reason is not NULL. params must pass dry_check. */
bool dry_off(const int32_t *history, size_t n_history, const DryParams *params);

/* The length of the longest repeat that choosing `token` next would extend, as DRY measures it in the window
 * (the newest dry_penalty_last_n entries of history (n_history,), oldest first): the longest run ending at
 * some earlier position and followed there by `token` that equals the run ending at the newest token, capped
 * by dry_repeat_limit. 0 when token never follows such a run. Writes it to *length. It is the same quantity
 * for any allowed length, multiplier and base. Bad input: NULL length, or what dry_check refuses. A window
 * <= 0 gives length 0. Lesson Example 9 prints these lengths; its Java scans the whole history with no
 * breakers. */
SamplingStatus dry_repeat_length(const int32_t *history, size_t n_history, const DryParams *params,
                                 int32_t token, int32_t *length);

/* The logit penalty for a repeat of `length` tokens: dry_multiplier * dry_base^e with e = length -
 * dry_allowed_length, where e is capped at int(88.7228391 / ln dry_base) when dry_base > 1.000001 (llama.cpp's
 * guard against float overflow, kept so that values match); 0 when length < dry_allowed_length, and when
 * dry_base < 1 as a float or dry_penalty_last_n <= 0 (llama.cpp's DRY is then off: "?dry"). NULL params, a NaN
 * parameter or a negative length gives NaN.
 * e is computed exactly; llama.cpp computes it in int, which overflows (undefined behaviour in C++) when it
 * passes INT32_MAX, i.e. only for an allowed length within the window's size of INT32_MIN.
 * Lesson Example 9: 0.8 * 1.75^3 = 4.288 at length 5. */
double dry_penalty(const DryParams *params, int32_t length);

/* What DRY subtracts from the logit of `token`, written to *penalty: dry_penalty of the longest repeat of at
 * least dry_allowed_length tokens that token would extend, and 0 when it extends none, when token is a
 * single-token breaker, or when dry_off. So with dry_allowed_length 0 (or below) a token that never followed
 * anything in the window gets 0, not dry_multiplier. Bad input: NULL penalty, or what dry_check refuses.
 * Follows llama_sampler_init_dry's apply; lesson Example 9 prints it. */
SamplingStatus dry_token_penalty(const int32_t *history, size_t n_history, const DryParams *params,
                                 int32_t token, double *penalty);

/* Subtracts dry_token_penalty from the logit of every candidate (infinite logits are left alone; a finite one
 * saturates at +-DBL_MAX rather than overflow). Changes logit; sets sorted = false when it runs (not dry_off),
 * even when it penalizes nothing, as llama.cpp does; p is stale.
 * Does nothing when dry_off. O(size * window^2) at worst.
 * Bad input: the candidates_check errors; what dry_check refuses.
 * Follows llama_sampler_init_dry (src/llama-sampler.cpp) with breakers given as tokens; lesson Example 9. */
SamplingStatus apply_dry(Candidates *c, const int32_t *history, size_t n_history, const DryParams *params);

#endif
