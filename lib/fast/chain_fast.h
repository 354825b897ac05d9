/* chain_fast.h: the chain's one door into the speed layer. chain_apply_logits (chain.c) describes itself in a
 * FastChain and calls fast_chain_apply_logits, which decides, stage by stage, whether a stage runs as its twin
 * (fast.h) or by its plain rule (through the chain's own plain_stage), and fuses the first stages when it can.
 *
 * The dependency points one way: chain.c includes this header, and nothing in lib/fast/ includes chain.h. So
 * the stages come as FastStage (a kind per twin, not the chain's StageType), the settings as the values the twins
 * read, and the chain's draws and buffers as pointers into it.
 *
 * defines: FastStageKind, FastStage, FastPlainStageFn, FastXtcCoinFn, FastChain, fast_chain_apply_logits.
 */
#ifndef CHAIN_FAST_H
#define CHAIN_FAST_H

#include "candidates.h"
#include "dry.h"
#include "penalties.h"
#include "sample.h"

/* What the speed layer knows of a stage: which twin it has, or FAST_STAGE_PLAIN for one it runs by the plain
 * rule (min-p, temp, top-n-sigma, dist, adaptive-p, infill). Logit-bias has no twin on a whole array, but it is
 * one of the stages that change a known few tokens, which the top-k shortcut works out on those alone. */
typedef enum {
    FAST_STAGE_PLAIN, FAST_STAGE_LOGIT_BIAS, FAST_STAGE_PENALTIES, FAST_STAGE_DRY, FAST_STAGE_TOP_K,
    FAST_STAGE_TYPICAL, FAST_STAGE_TOP_P, FAST_STAGE_XTC, FAST_STAGE_TEMP_EXT, FAST_STAGE_MIROSTAT,
    FAST_STAGE_MIROSTAT_V2
} FastStageKind;

typedef struct {
    FastStageKind kind;
    bool empty;         /* its parameters make it a no-op ("?name"): it runs by the plain rule, which does nothing */
} FastStage;

/* Runs stage i of the chain on c by its plain rule (the chain's chain_apply_stage), drawing as it draws. */
typedef SamplingStatus (*FastPlainStageFn)(void *chain, size_t i, Candidates *c);

/* XTC's coin for c from the chain's generator, drawn only when llama.cpp draws one; 0 otherwise. */
typedef double (*FastXtcCoinFn)(void *chain, const Candidates *c);

/* The chain, as the speed layer reads it. Everything is the chain's; the speed layer changes only the
 * candidates, the draws (through the coins and the mirostat state) and the three buffers it grows. */
typedef struct {
    const FastStage *stages;    /* (n_stages,) the chain's stages in order */
    size_t n_stages;
    FastPlainStageFn plain_stage;
    FastXtcCoinFn xtc_coin;
    void *chain;                /* what plain_stage and xtc_coin are called with */

    int32_t top_k;              /* the settings the twins read, as SamplingParams holds them (chain.h) */
    double top_p;
    size_t min_keep;
    double typ_p;
    double xtc_probability;     /* as llama.cpp's float holds it (chain.c's xtc_probability_as_float) */
    double xtc_threshold;
    double temp, dynatemp_range, dynatemp_exponent;
    PenaltyParams penalties;
    DryParams dry;
    const LogitBias *logit_bias;    /* (n_logit_bias,) the user's biases, in order */
    size_t n_logit_bias;
    bool ignore_eos;                /* bans eog_tokens (n_eog_tokens,) through logit-bias */
    const int32_t *eog_tokens;
    size_t n_eog_tokens;

    const int32_t *history;     /* (n_history,) accepted tokens, oldest first */
    size_t n_history;
    size_t window;              /* the longer of the penalty and DRY windows, in tokens */

    MirostatState *mirostat;    /* the mirostats' mu, their m and n_vocab, and their coin source */
    int32_t mirostat_m, mirostat_n_vocab;
    CoinFn mirostat_coin;
    void *mirostat_rng;

    TokenData *buf;             /* (n_vocab,) where the candidates are built */
    size_t n_vocab;
    int32_t **scratch;          /* (*scratch_len,) penalties' and DRY's working space, grown here (grow.h) */
    size_t *scratch_len;
    TokenData **typical_buf;    /* (*typical_len,) typical's, grown to the candidates it sees */
    size_t *typical_len;
    TokenData **touched;        /* (*touched_len,) the few tokens the stages before top-k change */
    size_t *touched_len;
} FastChain;

/* Builds candidates from logits (fc->n_vocab,) in fc->buf and runs every stage of fc on them, leaving *c as the
 * last stage left it: exactly candidates_init followed by each stage's plain rule in order (status, survivors,
 * order, p, selected, the draws), which is what chain.h promises for chain_apply_logits. For at most
 * FAST_MIN_SIZE candidates and windows of at most FAST_MIN_WINDOW tokens that is what it runs; otherwise each
 * stage runs as its twin (fast.h) while the array is that large or the window that long, and the first stages
 * fuse: when top-k acts after stages that change only a known few tokens (logit-bias, penalties, DRY) or none,
 * those tokens' new logits are worked out on them alone and the k best are picked straight from the logits
 * (fast_candidates_init_top_k_over); when penalties act first otherwise, they skip the check of the array just
 * built, and a top-p right after them gets the range of the logits from the first pass. Penalties, DRY, typical
 * and the shortcut work in the chain's buffers, grown as needed (grow.h): SAMPLING_ERR_NOMEM when the first
 * three cannot grow, while the shortcut then builds the whole array instead.
 * The caller (chain_apply_logits) has checked its arguments: fc, logits and c not NULL, and n_vocab the chain's. */
SamplingStatus fast_chain_apply_logits(const FastChain *fc, const double *logits, Candidates *c);

#endif
