/* chain.h: llama.cpp's sampler chain: its parameters with their defaults, the builder that turns them into
 * an ordered list of stages (each named as llama.cpp logs it, with "?" for a stage its parameters disable),
 * and sampling through it. Lesson Examples 11, 12 and 13.
 *
 * A stage reads its parameters from the chain's copy of SamplingParams. Penalties and DRY read the history of
 * accepted tokens (chain_accept), as llama.cpp's do. The seed is used as given: LLAMA_DEFAULT_SEED
 * (0xFFFFFFFF), which makes llama.cpp pick a random seed, is here just another fixed seed.
 *
 * Draws. As in llama.cpp, dist, XTC, mirostat and adaptive-p each own a std::mt19937 (mt19937.h) seeded with
 * params.seed, and draw as llama.cpp built with GCC's libstdc++ does, only when it does:
 *   - XTC: one float (one 32-bit output), only when it is on (probability > 0, threshold <= 0.5) and at least
 *     two candidates are left; it acts when u <= probability, compared in float as llama.cpp stores the
 *     probability as a float (so 0.3 means (float)0.3; see xtc_probability_as_float in chain.c);
 *   - dist: one double (two outputs), only for two or more candidates; the first index whose running sum of
 *     weights reaches u * S;
 *   - mirostat, mirostat-v2: one double through discrete_distribution's rule (sample_discrete), after their
 *     cut, and only when two or more tokens are kept;
 *   - adaptive-p: one double through the same rule, only for two or more candidates (adaptive_p.h); it computes
 *     in float as llama.cpp does, so its own steps part from llama.cpp's only where the logits it is given do.
 * So for the same seed, logits and history, chain_sample picks the token llama.cpp's chain picks (built with
 * GCC's libstdc++; other C++ libraries may turn outputs into reals differently), except where our double
 * arithmetic (candidates.h) and llama.cpp's float put a value on different sides of a boundary:
 *   - a draw within rounding distance (about 1e-7 relative) of the boundary between two tokens' running sums
 *     (dist, mirostat), or a p that close to a top-p, min-p or XTC cut: of the order of 1e-7 per step;
 *   - a tie: float can make two logits equal that double keeps apart (or the reverse), and the sort then
 *     orders them differently (llama.cpp's sort leaves ties in no fixed order anyway);
 *   - mirostat's mu, which llama.cpp keeps in float: it drifts from ours by about 1e-5 over a few thousand
 *     steps, so a token whose surprise lies between the two mus is cut on one side only. After any different
 *     pick, mu and the penalty history differ, and so do the later picks;
 *   - mirostat (v1) with k beyond int range: llama.cpp's float-to-int cast is undefined there (on x86 it keeps
 *     one token); we keep every token (sample.h).
 * How often that happened, measured over 600,000 steps a chain: lib/README.md, "How often the chain's draws part".
 * The lesson's random tables come from java.util.Random (rng.h), which the lesson programs draw from
 * themselves; no lesson uses the chain's own draw.
 *
 * defines: SamplerType, StageType, Stage, SamplingSetting, SamplingParams, Chain, CHAIN_MAX_*,
 * sampling_params_default, sampler_type_name, chain_init, chain_add, chain_init_from_params, chain_free,
 * stage_reads, chain_reads, stage_name, chain_describe,
 * sampling_params_problem, chain_accept, chain_reset, chain_apply_stage, stage_picks_token, chain_apply,
 * ChainTraceFn, chain_apply_traced, chain_apply_logits, chain_sample, chain_apply_except_pick.
 *
 * Two ways through the stages. chain_apply and its variants run each stage's plain rule (the samplers of lib/'s
 * top level): what a lesson runs, and the reference. chain_apply_logits and chain_sample, for a model's
 * logits, go through the speed layer's one door (lib/fast/chain_fast.h), which picks a stage's twin
 * (lib/fast/fast.h) for large arrays and long windows; the result is the same bit for bit (lib/test/test_fast_*.c).
 */
#ifndef CHAIN_H
#define CHAIN_H

#include "adaptive_p.h"
#include "candidates.h"
#include "dry.h"
#include "mt19937.h"
#include "penalties.h"
#include "sample.h"

#define CHAIN_MAX_SAMPLERS 64   /* entries of SamplingParams.samplers (llama.cpp allows repeats) */
#define CHAIN_MAX_BIASES 256    /* entries of SamplingParams.logit_bias */
#define CHAIN_MAX_STAGES (CHAIN_MAX_SAMPLERS + 2)

/* The entries of llama.cpp's sampler list (--samplers, --sampler-seq): common_sampler_type. */
typedef enum {
    SAMPLER_PENALTIES, SAMPLER_DRY, SAMPLER_TOP_N_SIGMA, SAMPLER_TOP_K, SAMPLER_TYPICAL_P, SAMPLER_TOP_P,
    SAMPLER_MIN_P, SAMPLER_XTC, SAMPLER_TEMPERATURE, SAMPLER_INFILL, SAMPLER_ADAPTIVE_P
} SamplerType;

/* The stages a chain can hold, one per llama.cpp sampler object. */
typedef enum {
    STAGE_LOGIT_BIAS, STAGE_PENALTIES, STAGE_DRY, STAGE_TOP_N_SIGMA, STAGE_TOP_K, STAGE_TYPICAL, STAGE_TOP_P,
    STAGE_MIN_P, STAGE_XTC, STAGE_TEMP, STAGE_TEMP_EXT, STAGE_INFILL, STAGE_DIST, STAGE_ADAPTIVE_P,
    STAGE_MIROSTAT, STAGE_MIROSTAT_V2
} StageType;

typedef struct {
    StageType type;
    bool empty;     /* its parameters make it a no-op: llama.cpp builds an empty sampler named "?name" */
} Stage;

/* The settings of SamplingParams that a chain reads, one per field (the breakers and the bias list count as
 * one each; eog_tokens goes with ignore_eos): what stage_reads is asked about. The command line's settings
 * (cli/args.h) are numbered the same. */
typedef enum {
    SETTING_TEMP, SETTING_TOP_K, SETTING_TOP_P, SETTING_MIN_P, SETTING_TYP_P, SETTING_PENALTY_REPEAT,
    SETTING_PENALTY_LAST_N, SETTING_PENALTY_PRESENT, SETTING_PENALTY_FREQ, SETTING_DRY_MULTIPLIER, SETTING_DRY_BASE,
    SETTING_DRY_ALLOWED_LENGTH, SETTING_DRY_PENALTY_LAST_N, SETTING_DRY_BREAKERS, SETTING_XTC_PROBABILITY,
    SETTING_XTC_THRESHOLD, SETTING_TOP_N_SIGMA, SETTING_DYNATEMP_RANGE, SETTING_DYNATEMP_EXPONENT, SETTING_MIROSTAT,
    SETTING_MIROSTAT_TAU, SETTING_MIROSTAT_ETA, SETTING_ADAPTIVE_TARGET, SETTING_ADAPTIVE_DECAY, SETTING_SAMPLERS,
    SETTING_SEED, SETTING_IGNORE_EOS, SETTING_LOGIT_BIAS, SETTING_MIN_KEEP, SETTING_COUNT
} SamplingSetting;

/* llama.cpp's common_params_sampling, the fields the samplers read. Defaults: sampling_params_default. */
typedef struct {
    uint32_t seed;              /* 0xFFFFFFFF: llama.cpp's "random"; here a fixed seed like any other */
    int32_t min_keep;           /* fewest tokens top-p, min-p, typical and XTC may leave; 0 */
    int32_t top_k;              /* 40; <= 0 off */
    double top_p;               /* 0.95; 1.0 off */
    double min_p;               /* 0.05; 0.0 off */
    double xtc_probability;     /* 0.0 (off) */
    double xtc_threshold;       /* 0.10; > 0.5 off */
    double typ_p;               /* 1.0 (off) */
    double temp;                /* 0.80; <= 0 greedy; 1.0 with dynatemp_range <= 0 is "?temp-ext" */
    double dynatemp_range;      /* 0.0: plain temperature */
    double dynatemp_exponent;   /* 1.0 */
    int32_t penalty_last_n;     /* 64; 0 off (negative: off, as current llama.cpp clamps to 0) */
    double penalty_repeat;      /* 1.0 (off) */
    double penalty_freq;        /* 0.0 (off) */
    double penalty_present;     /* 0.0 (off) */
    double dry_multiplier;      /* 0.0 (off) */
    double dry_base;            /* 1.75; < 1 off */
    int32_t dry_allowed_length; /* 2 */
    int32_t dry_penalty_last_n; /* 64 (current llama.cpp; earlier -1 = context size); <= 0 off */
    const DryBreaker *dry_breakers; /* (n_dry_breakers,) as token sequences; none by default, since
                                     * llama.cpp's default breakers are strings and we have no tokenizer */
    size_t n_dry_breakers;
    int32_t mirostat;           /* 0 off, 1 or 2 */
    double mirostat_tau;        /* 5.0, bits */
    double mirostat_eta;        /* 0.1 */
    double top_n_sigma;         /* -1.0; <= 0 off */
    double adaptive_target;     /* -1.0; below 0 adaptive-p draws as dist does (used when samplers names it) */
    double adaptive_decay;      /* 0.90; adaptive-p clamps it to [0, 0.99] */
    bool ignore_eos;            /* bans the end-of-generation tokens through logit-bias (eog_tokens) */
    const int32_t *eog_tokens;  /* (n_eog_tokens,) the model's end-of-generation ids; none by default */
    size_t n_eog_tokens;
    LogitBias logit_bias[CHAIN_MAX_BIASES]; /* (n_logit_bias,) user biases, in the order given */
    size_t n_logit_bias;
    SamplerType samplers[CHAIN_MAX_SAMPLERS]; /* (n_samplers,) the order of the non-mirostat chain */
    size_t n_samplers;
} SamplingParams;

typedef struct {
    SamplingParams params;      /* the chain's own copy; stages read it */
    Stage stages[CHAIN_MAX_STAGES];
    size_t n_stages;
    Mt19937 dist_rng, xtc_rng, mirostat_rng, adaptive_rng; /* one std::mt19937 per random sampler, seeded
                                                             * with params.seed */
    MirostatState mirostat;     /* mu lives here, across calls */
    AdaptivePState adaptive;    /* adaptive-p's average and pending pick, across calls */
    float *adaptive_cache;      /* (adaptive_len,) adaptive-p's original p, grown to the candidates it sees */
    size_t adaptive_len;
    int32_t *history;           /* (history_size,) accepted tokens, oldest first; the newest `window` count */
    size_t n_history;           /* tokens stored, at most 2 * window */
    size_t history_size;        /* allocated entries; grows with the history, up to 2 * window */
    size_t window;              /* the longer of the penalty and DRY windows, in tokens */
    TokenData *buf;             /* (n_vocab,) the candidates chain_sample builds */
    size_t n_vocab;
    int32_t *scratch;           /* (scratch_len,) penalties' and DRY's working space, grown as the history
                                 * grows and then reused: sampling allocates nothing once the window is full */
    size_t scratch_len;
    TokenData *typical_buf;     /* (typical_len,) typical's working space, grown to the candidates it sees */
    size_t typical_len;
    TokenData *touched;         /* (touched_len,) the few tokens the stages before top-k change, when top-k */
    size_t touched_len;         /* then picks from the logits (chain_apply_logits) */
} Chain;

/* llama.cpp's defaults (common/common.h; section 3 of the reference), with the default sampler order
 * penalties, dry, top_n_sigma, top_k, typ_p, top_p, min_p, xtc, temperature. */
SamplingParams sampling_params_default(void);

/* The canonical name of a sampler-list entry ("top_k", "typ_p", ...); "unknown" for a value out of range. */
const char *sampler_type_name(SamplerType type);

/* Names the first parameter of *params that chain_init refuses, and why, as one line that starts with the
 * field's name ("penalty_repeat must be ...", "samplers[2] is not a SamplerType"); NULL when
 * chain_init accepts them. This is the one rule chain_init applies (a caller, such as the command-line
 * parser, can name the setting before building anything). Refused, as llama.cpp's common_sampler_init
 * refuses them: a penalty_repeat that is not finite or not above 0; a penalty_freq or penalty_present that is
 * not finite (penalty_params_problem, penalties.h); a mirostat other than 0, 1 or 2, and a samplers[] entry
 * that is not a SamplerType (llama.cpp aborts on both). The workbench's own: a penalty_repeat whose float
 * reciprocal overflows (1e-40), a NaN parameter or bias,
 * an infinite mirostat_tau or mirostat_eta with mirostat on (mu would be infinite), a mirostat_tau whose
 * 2 * tau overflows the float (3e38: mu would start infinite), an adaptive_target of
 * +inf (adaptive-p's average would be infinite; adaptive_p_init says more), a negative min_keep,
 * n_logit_bias or n_samplers above its array, NULL eog_tokens or dry_breakers with a count above 0. The
 * finite and above-0 tests are made on the float llama.cpp holds (a penalty_freq of 1e39 is an infinite
 * float). The string is static; NULL params gives "params is NULL". Lesson Examples 11 and 13. */
const char *sampling_params_problem(const SamplingParams *params);

/* Starts an empty chain: copies params, seeds the generators, starts mirostat's mu at 2 * tau and adaptive-p's
 * average at its target (adaptive_p_init), and allocates a candidate buffer of n_vocab (the history grows as
 * tokens are accepted). n_vocab 0 makes a chain that can
 * only be described. Bad input: NULL ch or params gives SAMPLING_ERR_NULL. What llama.cpp's common_sampler_init
 * refuses, and the workbench's own refusals, give SAMPLING_ERR_PARAM: whatever sampling_params_problem names
 * (a penalty_repeat of 0, -1 or 1e-40, an infinite penalty_freq, a samplers[] entry that is not a
 * SamplerType, a NaN, ...), and n_vocab above INT32_MAX; malloc failure gives SAMPLING_ERR_NOMEM. On error
 * nothing is allocated. */
SamplingStatus chain_init(Chain *ch, const SamplingParams *params, size_t n_vocab);

/* Appends one stage, deciding from the chain's params whether it is empty ("?name"), by llama.cpp's rules:
 * logit-bias with no entries (and no ignore_eos); penalties with penalty_last_n <= 0 or repeat 1, freq 0
 * and present 0; dry with multiplier 0, base < 1 or dry_penalty_last_n <= 0; top-n-sigma <= 0; top-k <= 0;
 * typical >= 1; top-p >= 1; min-p <= 0; xtc with probability <= 0 or threshold > 0.5; temp == 1; temp-ext
 * with temp == 1 and dynatemp_range <= 0. Each test is made on the float llama.cpp holds (temp 1.00000001 is
 * 1.0f, so "?temp-ext"). Bad input: NULL ch gives SAMPLING_ERR_NULL; a full chain or an unknown type gives
 * SAMPLING_ERR_PARAM. */
SamplingStatus chain_add(Chain *ch, StageType type);

/* chain_init, then the stages llama.cpp's common_sampler_init builds: logit-bias when any bias is set (or
 * ignore_eos); then, with mirostat 0, one stage per params.samplers entry in its order (temperature becomes
 * temp-ext) and dist last (adaptive-p instead when the list names it); with mirostat 1 or 2, temp and
 * mirostat or mirostat-v2 (the list is ignored). Errors as chain_init; on error nothing is allocated. */
SamplingStatus chain_init_from_params(Chain *ch, const SamplingParams *params, size_t n_vocab);

/* Frees what chain_init allocated; NULL or an already freed chain is fine. */
void chain_free(Chain *ch);

/* Whether a stage of this type reads setting: the one place that says which stage reads what (the dropped-setting
 * notes, --explain, the sources of a request's values, the lessons' notes and the pictures all ask it). A stage
 * reads the parameters llama.cpp's common_sampler_init gives its sampler (reference section 5): logit-bias the
 * bias list and ignore_eos (the end-of-generation bans); penalties penalty_last_n, repeat, freq and present; dry
 * its five; top-n-sigma, top-k, typical, top-p and min-p their own value, and the last three and XTC min_keep
 * too; xtc its probability and threshold; temp temp; temp-ext temp and dynatemp's range and exponent; mirostat
 * and mirostat-v2 tau and eta; adaptive-p its target and decay; and every random stage (dist, xtc, the
 * mirostats, adaptive-p) the seed. Two settings are the builder's, not a stage's, and count as read by the
 * stage that ends the chain they build: the sampler list by dist and adaptive-p (a chain built from the list ends
 * in one of them), mirostat by every stage that picks the token (it chose which one). Infill reads nothing here.
 * False for a value out of range. */
bool stage_reads(StageType stage, SamplingSetting setting);

/* Whether a stage of ch reads setting (stage_reads), "?" stages included: the "?" shows what turns it off.
 * False for NULL ch. */
bool chain_reads(const Chain *ch, SamplingSetting setting);

/* The name llama.cpp logs for a stage: "top-k", "?top-k", "temp-ext", "mirostat-v2", ... */
const char *stage_name(const Stage *stage);

/* Writes "logits -> a -> b -> dist" to buf (size bytes, always NUL-terminated when size > 0) and returns the
 * length of the full line, as snprintf does. llama.cpp's line ends with one more space; the lesson's, and
 * ours, does not. NULL ch gives 0 and writes "" when it can. */
size_t chain_describe(const Chain *ch, char *buf, size_t size);

/* Records an accepted token (a prompt token or a sampled one) in the history the penalties and DRY read; the
 * oldest beyond the longer window is forgotten. Any id is recorded; ids that match no candidate have no
 * effect later. adaptive-p's average takes it too (adaptive_p_accept: only its pending pick counts). O(1)
 * amortized; the history's memory grows with it, to at most twice the window. Returns SAMPLING_ERR_NULL for
 * NULL ch and SAMPLING_ERR_NOMEM when it cannot grow (the token is then not recorded). Follows
 * llama_sampler_accept on the chain. */
SamplingStatus chain_accept(Chain *ch, int32_t token);

/* Starts the chain over as llama_sampler_reset does on llama.cpp's chain: every generator is reseeded with
 * params.seed, mirostat's mu goes back to 2 * tau, adaptive-p's average to its target (adaptive_p_reset), and
 * the history (penalties and DRY) is forgotten. The stages and params stay. NULL ch does nothing. */
void chain_reset(Chain *ch);

/* Runs stage i of the chain on c with its plain rule, drawing from that stage's generator when llama.cpp would
 * (see above). An empty ("?") stage does nothing. Token-picking stages (dist, mirostat, adaptive-p) set
 * c->selected. Typical allocates its order for the call, and adaptive-p grows the chain's cache of original p
 * to c->size (SAMPLING_ERR_NOMEM). Bad input: NULL ch gives SAMPLING_ERR_NULL, i out of range
 * SAMPLING_ERR_PARAM, infill (named, not implemented here) SAMPLING_ERR_PARAM; otherwise the stage's own
 * status. */
SamplingStatus chain_apply_stage(Chain *ch, size_t i, Candidates *c);

/* Whether a stage of this type picks the token (dist, mirostat, mirostat-v2, adaptive-p) rather than reshape
 * the candidates. */
bool stage_picks_token(StageType type);

/* Runs every stage in order (chain_apply_stage) and stops at the first error, which it returns. */
SamplingStatus chain_apply(Chain *ch, Candidates *c);

/* Called after each stage of chain_apply_traced with that stage and the candidates as the stage left them
 * (their p is whatever the stage left: valid after top-p, typical, temp-ext and the draw, stale otherwise). */
typedef void (*ChainTraceFn)(void *user, const Stage *stage, const Candidates *c);

/* Runs the first n_stages stages (all of them when n_stages >= the chain's count), calling trace after each
 * one when trace is not NULL: a per-stage view that llama.cpp does not offer. (To run every stage but the
 * draw, wherever it sits, use chain_apply_except_pick.) Errors as chain_apply; trace is not called for the
 * stage that failed. */
SamplingStatus chain_apply_traced(Chain *ch, Candidates *c, size_t n_stages, ChainTraceFn trace, void *user);

/* Builds candidates from logits (n_vocab,), the chain's n_vocab, in the chain's buffer and runs every stage;
 * *c is left as the last stage left it (its data points into the chain, valid until the next call). The result
 * (status, survivors, order, p, selected, the draws) is exactly that of candidates_init followed by
 * chain_apply. This is the one call into the speed layer (fast_chain_apply_logits, lib/fast/chain_fast.h,
 * which decides there, stage by stage, with the twins of lib/fast/fast.h): for more than
 * FAST_MIN_SIZE candidates, or a penalty or DRY window longer than FAST_MIN_WINDOW tokens, each stage runs as
 * its fast twin, and when top-k is the first stage that is not "?", the k best are picked straight from the
 * logits (fast_candidates_init_top_k) instead of building all n_vocab candidates first. Penalties, DRY and
 * typical then work in the chain's scratch, which grows with the history and is reused, so steady sampling
 * allocates nothing. Bad input: NULL ch, logits or c
 * gives SAMPLING_ERR_NULL; a different n_vocab gives SAMPLING_ERR_PARAM; otherwise the first stage error (a
 * NaN logit anywhere gives SAMPLING_ERR_NAN). */
SamplingStatus chain_apply_logits(Chain *ch, const double *logits, size_t n_vocab, Candidates *c);

/* Builds candidates from logits (n_vocab,), the chain's n_vocab, runs the chain (chain_apply_logits) and writes the
 * picked token id to *token. Does not accept it (call chain_accept), as llama.cpp's common_sampler_sample does not.
 * Bad input: NULL arguments give SAMPLING_ERR_NULL; a different n_vocab gives SAMPLING_ERR_PARAM; a chain without a
 * token-picking stage gives SAMPLING_ERR_PARAM; otherwise the first stage error (SAMPLING_ERR_NAN,
 * SAMPLING_ERR_NO_FINITE, ...). */
SamplingStatus chain_sample(Chain *ch, const double *logits, size_t n_vocab, int32_t *token);

/* Runs every stage in order except the token-picking ones, found by type wherever they sit: dist, mirostat,
 * mirostat-v2 and adaptive-p (this chain has no greedy stage: temp <= 0 keeps one token instead). So the
 * candidates come out as the filters and temperature leave them, with c->selected untouched and no generator
 * of a skipped stage advanced; the caller draws. Calls trace (when not NULL) after each stage run, as
 * chain_apply_traced does. Writes to *pick (when pick is not NULL) the index of the first token-picking stage,
 * or ch->n_stages when the chain has none, which is not an error. Bad input: NULL ch or c gives
 * SAMPLING_ERR_NULL (pick unchanged); otherwise the first stage error, as chain_apply (pick still written).
 * Lesson Examples 12 and 13, whose Java draws by walking token ids after the chain's other stages. */
SamplingStatus chain_apply_except_pick(Chain *ch, Candidates *c, ChainTraceFn trace, void *user, size_t *pick);

#endif
