/* adaptive_p.h: adaptive-p, the sampler that favours tokens whose probability is near a target, a target that
 * adapts to the probabilities of the tokens recently chosen; then it picks the token. Not in the lesson: it is
 * llama.cpp's adaptive-p (src/llama-sampler.cpp, PR #17927), which common puts at the end of the chain in place
 * of dist when the sampler list names adaptive_p (chain.h).
 *
 * One step, for a moving average avg of the chosen tokens' probabilities that starts at the target:
 *   1. p = softmax of the logits (no sort); these are the original probabilities;
 *   2. the adapted target t' = clamp(2 * clamp(target, 0, 1) - avg, 0, 1): when recent choices were more probable
 *      than the target, t' drops below it, and the reverse;
 *   3. each logit becomes 5 - 10 d^2 / (1 + d), d = |p - t'| / 0.3: 5 for a token whose p is t', lower the
 *      further its p is from t';
 *   4. softmax again, and the pick, std::discrete_distribution's (sample_discrete);
 *   5. accepting the pick adds its ORIGINAL p (step 1) to the average, with weight 1 against decay for the past.
 * A target below 0 turns steps 2 to 5 off: the sampler then draws from the softmax, as dist does.
 *
 * In float. The rest of the library computes in double, as the lesson's Java does (candidates.h). This sampler
 * is in no lesson table, and its steps are a chain of float operations whose rounding can decide the token, so
 * it computes as llama.cpp does, each operation in float in the order written: the logits taken as floats (a
 * finite logit past float's range as +-FLT_MAX, so that only -inf is out, as elsewhere here), both softmaxes (a
 * float sum, each p divided by it), the average, t', d, the new logits and the average's updates. Only the
 * pick works in double, as libstdc++'s discrete_distribution does on the float p.
 * So the same logits and coin give llama.cpp's token, and the p and logits it leaves are llama.cpp's floats
 * (held in the double fields). The build's -ffp-contract=off keeps each multiply and add rounded apart.
 *
 * The coin comes from a CoinFn (sample.h), asked once per step when two or more candidates are there (none for
 * one), as std::discrete_distribution asks its generator; the chain passes adaptive-p's own mt19937.
 *
 * defines: AdaptivePState, adaptive_p_init, adaptive_p_reset, sample_adaptive_p, adaptive_p_accept.
 */
#ifndef ADAPTIVE_P_H
#define ADAPTIVE_P_H

#include "candidates.h"
#include "sample.h"

typedef struct {
    float target;       /* probability to aim at, as given (not clamped here); below 0: draw as dist does */
    float decay;        /* weight of the past in the average, clamped to [0, 0.99] at init */
    float weighted_sum; /* the average is weighted_sum / total_weight; starts at target / (1 - decay) */
    float total_weight; /* starts at 1 / (1 - decay), so the average starts at the target */
    bool pending;       /* a pick waits for adaptive_p_accept */
    int32_t pending_id; /* its token id */
    float pending_p;    /* its original p, what accept adds (llama.cpp keeps every original p and reads this one) */
} AdaptivePState;

/* Sets the target as given (llama.cpp's float of it, as_float) and the decay clamped to [0, 0.99] (llama.cpp
 * clamps it once, at init: -0.5 is 0, 1.5 is 0.99), then starts the average (adaptive_p_reset). Units: target is
 * a probability; decay the weight of the past per step. Bad input: NULL st gives SAMPLING_ERR_NULL; a NaN target
 * or decay, or a target of +inf as a float, gives SAMPLING_ERR_PARAM and leaves st unchanged: this workbench's
 * own refusals (llama.cpp takes them; a NaN target makes its average NaN, and every step then picks index 0; in
 * the same arithmetic a NaN decay makes the average NaN too, and a +inf target makes it infinite, then NaN after
 * one accept with decay 0). Follows adaptive-p's init (src/llama-sampler.cpp). */
SamplingStatus adaptive_p_init(AdaptivePState *st, double target, double decay);

/* Starts the average over: weighted_sum = target / (1 - decay) and total_weight = 1 / (1 - decay), in float,
 * so the average is the target; nothing is pending. The caller reseeds its generator (llama.cpp's reset reseeds
 * the sampler's own). NULL st does nothing. Follows adaptive-p's reset. */
void adaptive_p_reset(AdaptivePState *st);

/* Adaptive-p's step on c (size,), in its current order, which it never changes: the original p of every
 * candidate into original (size,), the caller's scratch (llama.cpp's cache); each logit replaced by its new
 * one (a -inf logit stays -inf, and gets p 0); p the softmax of the new logits; one
 * coin from coin(coin_state) when size >= 2; c->selected the pick; the pick pending for adaptive_p_accept.
 * Both softmaxes shift by data[0]'s logit when c->sorted is set, else by the largest, as llama.cpp's do: after
 * the transform data[0]'s new logit need not be the largest, and the shift changes the float bits of p (not
 * their value in exact arithmetic). llama.cpp leaves the sorted flag as it was; here it is cleared, as the new
 * logits are no longer in that order and this library's flag promises it.
 * With st->target below 0 (strictly: -0.0 is not): p = the softmax, the pick from it with one coin (size >= 2),
 * logits, original and st unchanged, nothing pending: a draw like dist's from the same coin, which can part
 * from sample_dist's only where float and double put the coin on different sides of a boundary.
 * Units: logits are unnormalized natural-log probabilities (nats); p and the target are probabilities; coin in
 * [0, 1).
 * Bad input: the candidates_check errors (nothing changes); NULL st or coin, or NULL original with size > 0,
 * gives SAMPLING_ERR_NULL; size 0 gives SAMPLING_ERR_EMPTY (llama.cpp aborts); every logit -inf gives
 * SAMPLING_ERR_NO_FINITE (llama.cpp's softmax gives NaN and it picks index 0). A +inf logit: the +inf
 * candidates share p = 1, as in candidates_softmax (llama.cpp's softmax gives NaN and it picks index 0). A
 * coin outside [0, 1) or NaN gives SAMPLING_ERR_PARAM after the transform (the array stays transformed, nothing
 * is pending). On error selected = -1, and a pick of an earlier step is no longer pending. Follows adaptive-p's
 * apply (src/llama-sampler.cpp). */
SamplingStatus sample_adaptive_p(Candidates *c, AdaptivePState *st, float *original, CoinFn coin,
                                 void *coin_state);

/* Accepts a token: when it is the pending pick's id, adds the pick's original p to the average
 * (weighted_sum = p + decay * weighted_sum, total_weight = 1 + decay * total_weight, in float); any other token
 * changes nothing (a prompt token, a token chosen by other means). Either way nothing is pending after. So with
 * a target below 0, which leaves nothing pending, accept never changes anything. Bad input: NULL st does
 * nothing; a token with nothing pending changes nothing, also -1 (llama.cpp, whose empty pending id is -1,
 * fails an assertion there). Follows adaptive-p's accept. */
void adaptive_p_accept(AdaptivePState *st, int32_t token);

#endif
