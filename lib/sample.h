/* sample.h: the samplers that pick the token: dist (the seeded draw), discrete_distribution's pick, greedy,
 * and mirostat v1 and v2.
 *
 * dist and the discrete pick take a coin in [0, 1) that the caller drew, as llama2.c's samplers do; the chain
 * (chain.h) draws it from the stage's own mt19937, and only when llama.cpp would (not for a single
 * candidate). The mirostats cut the candidates before they draw, so they take a coin source (CoinFn) instead
 * and ask it for a coin only when two or more candidates are left, as std::discrete_distribution asks its
 * generator. The pick is stored in c->selected, an index into c->data (not a token id).
 *
 * These are the plain rules. For large arrays the chain sorts with fast_sort (lib/fast/fast.h) before a
 * mirostat, which then finds the array sorted: the same result, sooner.
 *
 * defines: sample_dist, sample_discrete, sample_greedy, CoinFn, coin_fixed, MirostatState, mirostat_init,
 * mirostat_update_mu, mirostat_v2_cut, sample_mirostat, sample_mirostat_v2.
 */
#ifndef SAMPLE_H
#define SAMPLE_H

#include "candidates.h"

/* The final draw: weights w_i = exp(logit_i - max) in the array's current order (no sort), S = sum of w, and
 * selected = the first i whose running sum reaches coin * S (sum >= coin * S) and whose w_i > 0, so a -inf
 * token is never picked. Sets every p_i = w_i / S. A single candidate is selected without using the coin.
 * Bad input: the candidates_check errors; size 0 gives SAMPLING_ERR_EMPTY; every logit -inf gives
 * SAMPLING_ERR_NO_FINITE; coin outside [0, 1) or NaN gives SAMPLING_ERR_PARAM. On error selected = -1.
 * Follows llama_sampler_init_dist (no sort since PR #15665); the lesson's Java compares with a strict
 * u < running sum, which differs only when the coin lands exactly on a boundary. */
SamplingStatus sample_dist(Candidates *c, double coin);

/* std::discrete_distribution's pick over the p values, as GCC's libstdc++ makes it: q_i = p_i / sum(p) in
 * double, running sums of q in array order with the last one set to exactly 1.0, and selected = the first i
 * whose running sum is >= coin. p is read, not changed (it need not sum to 1). A single candidate is selected
 * without using the coin (libstdc++ draws nothing for fewer than two weights; the caller should not draw).
 * Bad input: the candidates_check errors; size 0 gives SAMPLING_ERR_EMPTY; coin outside [0, 1) or NaN, a p
 * that is negative, NaN or infinite, or a sum of p that is not > 0 gives SAMPLING_ERR_PARAM. On error
 * selected = -1. Follows llama_sample_dist (src/llama-sampler.cpp), the mirostats' draw; it matches
 * sample_dist's rule on the same weights except where rounding moves a boundary. */
SamplingStatus sample_discrete(Candidates *c, double coin);

/* Selects the first candidate with the largest logit. p is not touched. Bad input: as sample_dist (no coin).
 * Follows llama_sampler_init_greedy. */
SamplingStatus sample_greedy(Candidates *c);

/* A source of coins: returns a number in [0, 1) each time it is called. `state` is the caller's (a generator,
 * say). A sampler that takes one calls it at most once, and only when it needs a draw. */
typedef double (*CoinFn)(void *state);

/* A CoinFn for a coin drawn beforehand: returns *(const double *)state (a lesson's java.util.Random draw, or
 * a test's fixed value), as in sample_mirostat_v2(c, st, coin_fixed, &coin). NULL state gives 0. */
double coin_fixed(void *state);

typedef struct {
    double tau;         /* target surprise, bits */
    double eta;         /* learning rate: how far mu moves per bit of surprise error */
    double mu;          /* the current surprise limit, bits; starts at 2 * tau */
} MirostatState;

/* Sets tau and eta and starts mu at 2 * tau (llama.cpp's init and reset). Bad input: NULL st gives
 * SAMPLING_ERR_NULL; tau or eta not finite gives SAMPLING_ERR_PARAM and leaves st unchanged. */
SamplingStatus mirostat_init(MirostatState *st, double tau, double eta);

/* The feedback step: mu -= eta * (surprise - tau), with surprise in bits. Too surprising lowers mu. When
 * the result is not a number (a NaN surprise, or an infinite one with eta 0) mu is left unchanged; NULL st
 * does nothing. Lesson Example 8. */
void mirostat_update_mu(MirostatState *st, double surprise);

/* Mirostat v2's cut on the p already in c: keeps the leading candidates, in the current order, whose surprise
 * -log2 p is at most mu (stops at the first one above it); always at least one. Reads p (the caller fills it); changes
 * only size. In llama.cpp the array is sorted first (sample_mirostat_v2 does that); the lesson's Example 8 cuts its
 * distribution in vocabulary order. Bad input: candidates_check errors; NaN mu gives SAMPLING_ERR_PARAM; an empty
 * array is left alone. */
SamplingStatus mirostat_v2_cut(Candidates *c, double mu);

/* Mirostat 2: sorts and computes p, cuts with mirostat_v2_cut(mu), recomputes p over the kept
 * tokens (candidates_softmax), and picks with sample_discrete, taking one coin from coin(coin_state) only
 * when two or more tokens are kept; then updates mu from the surprise of the pick in bits (-log2 of its
 * renormalized p). Leaves selected, p over the kept tokens, and the updated st->mu.
 * Bad input: the candidates_check errors; size 0 gives SAMPLING_ERR_EMPTY; NULL st or coin gives
 * SAMPLING_ERR_NULL; a NaN st->mu gives SAMPLING_ERR_PARAM; a coin outside [0, 1) gives SAMPLING_ERR_PARAM
 * after the cut (the array stays cut, mu unchanged). On error selected = -1. Follows
 * llama_sampler_init_mirostat_v2, which draws through std::discrete_distribution. Lesson Example 8. */
SamplingStatus sample_mirostat_v2(Candidates *c, MirostatState *st, CoinFn coin, void *coin_state);

/* Mirostat 1: sorts and computes p; estimates the Zipf exponent s from the top min(m, size) tokens (llama.cpp's
 * common passes m = 100); sets
 * k = (e * 2^mu / (1 - n_vocab^-e))^(1/s) with e = s - 1; keeps the top max(1, k) tokens (at most all);
 * renormalizes and draws like sample_mirostat_v2 (no coin when one token is kept), and updates mu the same
 * way. Pairs with p = 0 are left out of the estimate, and a k that is NaN, infinite or past the array counts
 * as "all tokens" (llama.cpp would divide by zero, or cast a NaN or out-of-range float to int, which is
 * undefined in C; on x86 that keeps one token). Bad input: as sample_mirostat_v2, plus m < 1 or n_vocab < 1
 * gives SAMPLING_ERR_PARAM. Follows
 * llama_sampler_init_mirostat. */
SamplingStatus sample_mirostat(Candidates *c, MirostatState *st, int32_t m, int32_t n_vocab, CoinFn coin,
                               void *coin_state);

#endif
