/* chain.c: building, describing and running a sampler chain the way llama.cpp's common_sampler_init and
 * llama_sampler_chain do: the builder, the checks and the plain stage runner, each stage by its rule.
 *
 * The speed layer is behind one call: chain_apply_logits fills in a FastChain (the stages, the settings, the
 * history, the draws and the buffers) and hands it to fast_chain_apply_logits (fast/chain_fast.c), which picks
 * each stage's twin and comes back here for the plain ones. The dependency points one way, chain.c ->
 * fast/chain_fast.h: nothing in lib/fast/ includes chain.h. */
#include "chain.h"

#include "fast/chain_fast.h"
#include "filters.h"
#include "grow.h"
#include "text.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

SamplingParams sampling_params_default(void)
{
    static const SamplerType order[] = {SAMPLER_PENALTIES, SAMPLER_DRY, SAMPLER_TOP_N_SIGMA, SAMPLER_TOP_K,
                                        SAMPLER_TYPICAL_P, SAMPLER_TOP_P, SAMPLER_MIN_P, SAMPLER_XTC,
                                        SAMPLER_TEMPERATURE};
    SamplingParams p = {
        .seed = 0xFFFFFFFFu, .min_keep = 0, .top_k = 40, .top_p = 0.95, .min_p = 0.05,
        .xtc_probability = 0.0, .xtc_threshold = 0.10, .typ_p = 1.0, .temp = 0.80,
        .dynatemp_range = 0.0, .dynatemp_exponent = 1.0,
        .penalty_last_n = 64, .penalty_repeat = 1.0, .penalty_freq = 0.0, .penalty_present = 0.0,
        .dry_multiplier = 0.0, .dry_base = 1.75, .dry_allowed_length = 2, .dry_penalty_last_n = 64,
        .mirostat = 0, .mirostat_tau = 5.0, .mirostat_eta = 0.1, .top_n_sigma = -1.0,
        .adaptive_target = -1.0, .adaptive_decay = 0.90,
    };
    p.n_samplers = sizeof order / sizeof order[0];
    memcpy(p.samplers, order, sizeof order);
    return p;
}

const char *sampler_type_name(SamplerType type)
{
    static const char *const names[] = {"penalties", "dry", "top_n_sigma", "top_k", "typ_p", "top_p",
                                        "min_p", "xtc", "temperature", "infill", "adaptive_p"};
    return (unsigned)type < sizeof names / sizeof names[0] ? names[type] : "unknown";
}

const char *sampling_params_problem(const SamplingParams *p)
{
#define NAN_PROBLEM(field) field " must not be NaN (this workbench's own refusal: llama.cpp builds the stage, " \
                                   "and every comparison with NaN fails)"
    static const char *const nan_names[] = {
        NAN_PROBLEM("top_p"), NAN_PROBLEM("min_p"), NAN_PROBLEM("xtc_probability"), NAN_PROBLEM("xtc_threshold"),
        NAN_PROBLEM("typ_p"), NAN_PROBLEM("temp"), NAN_PROBLEM("dynatemp_range"), NAN_PROBLEM("dynatemp_exponent"),
        NAN_PROBLEM("dry_multiplier"), NAN_PROBLEM("dry_base"), NAN_PROBLEM("mirostat_tau"),
        NAN_PROBLEM("mirostat_eta"), NAN_PROBLEM("top_n_sigma"), NAN_PROBLEM("adaptive_target"),
        NAN_PROBLEM("adaptive_decay")};
#undef NAN_PROBLEM
    static const char *const bad_sampler[] = {"samplers[0] is not a SamplerType",
                                              "samplers[1] is not a SamplerType",
                                              "samplers[2] is not a SamplerType",
                                              "samplers[3] is not a SamplerType"};
    if (p == NULL)
        return "params is NULL";
    const double values[] = {p->top_p, p->min_p, p->xtc_probability, p->xtc_threshold, p->typ_p, p->temp,
                             p->dynatemp_range, p->dynatemp_exponent, p->dry_multiplier, p->dry_base,
                             p->mirostat_tau, p->mirostat_eta, p->top_n_sigma, p->adaptive_target,
                             p->adaptive_decay};
    _Static_assert(sizeof values / sizeof values[0] == sizeof nan_names / sizeof nan_names[0], "one name each");
    const char *penalties = penalty_params_problem(&(PenaltyParams){p->penalty_last_n, p->penalty_repeat,
                                                                    p->penalty_freq, p->penalty_present});
    if (penalties != NULL)      /* llama.cpp's common_sampler_init refuses these (penalties.h) */
        return penalties;
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++)
        if (isnan(values[i]))
            return nan_names[i];
    if (p->mirostat < 0 || p->mirostat > 2)
        return "mirostat must be 0, 1 or 2 (llama.cpp aborts on another version)";
    /* mu starts at 2 * tau, which llama.cpp holds in a float: a tau past FLT_MAX / 2 makes it infinite too. */
    if (p->mirostat != 0 && !isfinite(as_float(2.0 * as_float(p->mirostat_tau))))
        return "mirostat_tau must be finite when mirostat is on, and 2 * tau too (mu starts at 2 * tau, a float)";
    if (p->mirostat != 0 && !isfinite(as_float(p->mirostat_eta)))
        return "mirostat_eta must be finite when mirostat is on (mu moves by eta * error)";
    if (as_float(p->adaptive_target) == INFINITY)
        return "adaptive_target must not be +inf (this workbench's own refusal: adaptive-p's average would start "
               "infinite)";
    if (p->min_keep < 0)
        return "min_keep must not be negative";
    if (p->n_logit_bias > CHAIN_MAX_BIASES)
        return "n_logit_bias is above CHAIN_MAX_BIASES";
    for (size_t i = 0; i < p->n_logit_bias; i++)
        if (isnan(p->logit_bias[i].bias))
            return "logit_bias has a NaN bias";
    if (p->n_samplers > CHAIN_MAX_SAMPLERS)
        return "n_samplers is above CHAIN_MAX_SAMPLERS";
    for (size_t i = 0; i < p->n_samplers; i++)
        if ((unsigned)p->samplers[i] > SAMPLER_ADAPTIVE_P)     /* llama.cpp aborts on an unknown type */
            return i < sizeof bad_sampler / sizeof bad_sampler[0] ? bad_sampler[i]
                                                                  : "samplers has an entry that is not a SamplerType";
    if (p->eog_tokens == NULL && p->n_eog_tokens > 0)
        return "eog_tokens is NULL with n_eog_tokens above 0";
    if (p->dry_breakers == NULL && p->n_dry_breakers > 0)
        return "dry_breakers is NULL with n_dry_breakers above 0";
    return NULL;
}

SamplingStatus chain_init(Chain *ch, const SamplingParams *params, size_t n_vocab)
{
    SamplingStatus st;
    if (ch == NULL || params == NULL)
        return SAMPLING_ERR_NULL;
    if (sampling_params_problem(params) != NULL || n_vocab > INT32_MAX)
        return SAMPLING_ERR_PARAM;
    size_t window = 0;
    if (params->penalty_last_n > 0)
        window = (size_t)params->penalty_last_n;
    if (params->dry_penalty_last_n > 0 && (size_t)params->dry_penalty_last_n > window)
        window = (size_t)params->dry_penalty_last_n;
    TokenData *buf = malloc((n_vocab + 1) * sizeof *buf);
    if (buf == NULL)
        return SAMPLING_ERR_NOMEM;
    *ch = (Chain){.params = *params, .window = window, .buf = buf, .n_vocab = n_vocab};
    mt19937_seed(&ch->dist_rng, params->seed);
    mt19937_seed(&ch->xtc_rng, params->seed);
    mt19937_seed(&ch->mirostat_rng, params->seed);
    mt19937_seed(&ch->adaptive_rng, params->seed);
    /* Cannot fail: sampling_params_problem refused a NaN or +inf target and a NaN decay above. */
    adaptive_p_init(&ch->adaptive, params->adaptive_target, params->adaptive_decay);
    /* An infinite tau or eta matters only when mirostat is on. */
    st = mirostat_init(&ch->mirostat, params->mirostat_tau, params->mirostat_eta);
    if (st != SAMPLING_OK && params->mirostat != 0) {
        chain_free(ch);
        return st;
    }
    return SAMPLING_OK;
}

/* llama.cpp's "?" rules, each decided on the float it holds (as_float), as its samplers' init functions do. */
static bool stage_is_empty(const SamplingParams *p, StageType type)
{
    switch (type) {
    case STAGE_LOGIT_BIAS:  return p->n_logit_bias == 0 && !p->ignore_eos;
    case STAGE_PENALTIES:   return p->penalty_last_n <= 0
                                || (as_float(p->penalty_repeat) == 1.0f && as_float(p->penalty_freq) == 0.0f
                                    && as_float(p->penalty_present) == 0.0f);
    case STAGE_DRY:         return as_float(p->dry_multiplier) == 0.0f || as_float(p->dry_base) < 1.0f
                                || p->dry_penalty_last_n <= 0;
    case STAGE_TOP_N_SIGMA: return top_n_sigma_off(p->top_n_sigma);
    case STAGE_TOP_K:       return p->top_k <= 0;
    case STAGE_TYPICAL:     return typical_off(p->typ_p);
    case STAGE_TOP_P:       return top_p_off(p->top_p);
    case STAGE_MIN_P:       return min_p_off(p->min_p);
    case STAGE_XTC:         return xtc_off(p->xtc_probability, p->xtc_threshold);
    case STAGE_TEMP:        return temp_off(p->temp);
    case STAGE_TEMP_EXT:    return temp_off(p->temp) && as_float(p->dynatemp_range) <= 0.0f;
    default:                return false;   /* dist, mirostat, infill and adaptive-p are never empty */
    }
}

SamplingStatus chain_add(Chain *ch, StageType type)
{
    if (ch == NULL)
        return SAMPLING_ERR_NULL;
    if (ch->n_stages == CHAIN_MAX_STAGES || (unsigned)type > STAGE_MIROSTAT_V2)
        return SAMPLING_ERR_PARAM;
    ch->stages[ch->n_stages++] = (Stage){type, stage_is_empty(&ch->params, type)};
    return SAMPLING_OK;
}

#define BY(type) (1u << (type))
#define PICKS (BY(STAGE_DIST) | BY(STAGE_ADAPTIVE_P) | BY(STAGE_MIROSTAT) | BY(STAGE_MIROSTAT_V2))
#define MIROSTATS (BY(STAGE_MIROSTAT) | BY(STAGE_MIROSTAT_V2))
_Static_assert(STAGE_MIROSTAT_V2 < 32, "one bit per StageType");

/* The stages that read each setting, as bits (reference sections 4 and 5; chain.h says what counts as read).
 * Adding a setting or a stage is one edit here. */
static const unsigned setting_readers[SETTING_COUNT] = {
    [SETTING_TEMP] = BY(STAGE_TEMP) | BY(STAGE_TEMP_EXT), [SETTING_TOP_K] = BY(STAGE_TOP_K),
    [SETTING_TOP_P] = BY(STAGE_TOP_P), [SETTING_MIN_P] = BY(STAGE_MIN_P), [SETTING_TYP_P] = BY(STAGE_TYPICAL),
    [SETTING_PENALTY_REPEAT] = BY(STAGE_PENALTIES), [SETTING_PENALTY_LAST_N] = BY(STAGE_PENALTIES),
    [SETTING_PENALTY_PRESENT] = BY(STAGE_PENALTIES), [SETTING_PENALTY_FREQ] = BY(STAGE_PENALTIES),
    [SETTING_DRY_MULTIPLIER] = BY(STAGE_DRY), [SETTING_DRY_BASE] = BY(STAGE_DRY),
    [SETTING_DRY_ALLOWED_LENGTH] = BY(STAGE_DRY), [SETTING_DRY_PENALTY_LAST_N] = BY(STAGE_DRY),
    [SETTING_DRY_BREAKERS] = BY(STAGE_DRY),
    [SETTING_XTC_PROBABILITY] = BY(STAGE_XTC), [SETTING_XTC_THRESHOLD] = BY(STAGE_XTC),
    [SETTING_TOP_N_SIGMA] = BY(STAGE_TOP_N_SIGMA),
    [SETTING_DYNATEMP_RANGE] = BY(STAGE_TEMP_EXT), [SETTING_DYNATEMP_EXPONENT] = BY(STAGE_TEMP_EXT),
    [SETTING_MIROSTAT] = PICKS,                                 /* it decides which stage picks the token */
    [SETTING_MIROSTAT_TAU] = MIROSTATS, [SETTING_MIROSTAT_ETA] = MIROSTATS,
    [SETTING_ADAPTIVE_TARGET] = BY(STAGE_ADAPTIVE_P), [SETTING_ADAPTIVE_DECAY] = BY(STAGE_ADAPTIVE_P),
    [SETTING_SAMPLERS] = BY(STAGE_DIST) | BY(STAGE_ADAPTIVE_P), /* it builds the chain that ends in one of these */
    [SETTING_SEED] = PICKS | BY(STAGE_XTC),
    [SETTING_IGNORE_EOS] = BY(STAGE_LOGIT_BIAS), [SETTING_LOGIT_BIAS] = BY(STAGE_LOGIT_BIAS),
    [SETTING_MIN_KEEP] = BY(STAGE_TYPICAL) | BY(STAGE_TOP_P) | BY(STAGE_MIN_P) | BY(STAGE_XTC),
};

bool stage_reads(StageType stage, SamplingSetting setting)
{
    if ((unsigned)stage > STAGE_MIROSTAT_V2 || (unsigned)setting >= SETTING_COUNT)
        return false;
    return (setting_readers[setting] & BY(stage)) != 0;
}

bool chain_reads(const Chain *ch, SamplingSetting setting)
{
    for (size_t i = 0; ch != NULL && i < ch->n_stages; i++)
        if (stage_reads(ch->stages[i].type, setting))
            return true;
    return false;
}

/* The stage each sampler-list entry builds in llama.cpp's normal (non-mirostat) chain. */
static StageType stage_for(SamplerType type)
{
    static const StageType stages[] = {STAGE_PENALTIES, STAGE_DRY, STAGE_TOP_N_SIGMA, STAGE_TOP_K,
                                       STAGE_TYPICAL, STAGE_TOP_P, STAGE_MIN_P, STAGE_XTC, STAGE_TEMP_EXT,
                                       STAGE_INFILL, STAGE_ADAPTIVE_P};
    return stages[type];
}

SamplingStatus chain_init_from_params(Chain *ch, const SamplingParams *params, size_t n_vocab)
{
    SamplingStatus st = chain_init(ch, params, n_vocab);
    if (st != SAMPLING_OK)
        return st;
    const SamplingParams *p = &ch->params;
    if (!stage_is_empty(p, STAGE_LOGIT_BIAS))
        chain_add(ch, STAGE_LOGIT_BIAS);
    if (p->mirostat == 0) {
        bool adaptive = false;      /* adaptive-p is only remembered, then replaces dist at the end */
        for (size_t i = 0; i < p->n_samplers; i++) {
            if (p->samplers[i] == SAMPLER_ADAPTIVE_P)
                adaptive = true;
            else if ((unsigned)p->samplers[i] <= SAMPLER_ADAPTIVE_P)
                chain_add(ch, stage_for(p->samplers[i]));
        }
        chain_add(ch, adaptive ? STAGE_ADAPTIVE_P : STAGE_DIST);
    } else {
        chain_add(ch, STAGE_TEMP);
        chain_add(ch, p->mirostat == 1 ? STAGE_MIROSTAT : STAGE_MIROSTAT_V2);
    }
    return SAMPLING_OK;
}

void chain_free(Chain *ch)
{
    if (ch == NULL)
        return;
    free(ch->history);
    free(ch->buf);
    free(ch->scratch);
    free(ch->typical_buf);
    free(ch->touched);
    free(ch->adaptive_cache);
    ch->history = NULL;
    ch->buf = NULL;
    ch->scratch = NULL;
    ch->typical_buf = NULL;
    ch->touched = NULL;
    ch->adaptive_cache = NULL;
    ch->scratch_len = ch->typical_len = ch->touched_len = ch->adaptive_len = 0;
    ch->n_history = ch->history_size = ch->window = ch->n_vocab = 0;
}

const char *stage_name(const Stage *stage)
{
    /* Each name twice: "?name" when empty; name + 1 skips the '?'. */
    static const char *const names[] = {"?logit-bias", "?penalties", "?dry", "?top-n-sigma", "?top-k",
                                        "?typical", "?top-p", "?min-p", "?xtc", "?temp", "?temp-ext",
                                        "?infill", "?dist", "?adaptive-p", "?mirostat", "?mirostat-v2"};
    if (stage == NULL || (unsigned)stage->type >= sizeof names / sizeof names[0])
        return "?unknown";
    return stage->empty ? names[stage->type] : names[stage->type] + 1;
}

size_t chain_describe(const Chain *ch, char *buf, size_t size)
{
    Text t = text_start(buf, size);
    if (ch == NULL)
        return 0;
    text_add(&t, "logits");
    for (size_t i = 0; i < ch->n_stages; i++)
        text_add(&t, " -> %s", stage_name(&ch->stages[i]));
    return t.len;
}

SamplingStatus chain_accept(Chain *ch, int32_t token)
{
    if (ch == NULL)
        return SAMPLING_ERR_NULL;
    adaptive_p_accept(&ch->adaptive, token);
    if (ch->window == 0)
        return SAMPLING_OK;
    /* Up to twice the window is kept: when that is full, the newest window moves to the front in one copy,
     * so the window is always contiguous and each accept costs O(1) amortized. Below that the buffer doubles
     * as needed, so a huge window costs memory only once that many tokens have been accepted. */
    if (ch->n_history == 2 * ch->window) {
        memmove(ch->history, ch->history + ch->window, ch->window * sizeof *ch->history);
        ch->n_history = ch->window;
    }
    if (ch->n_history == ch->history_size) {
        size_t size = ch->history_size < 32 ? 64 : 2 * ch->history_size;
        if (size > 2 * ch->window)
            size = 2 * ch->window;
        void *buf = ch->history;
        bool grown = grow(&buf, &ch->history_size, size, sizeof *ch->history);
        ch->history = buf;
        if (!grown)
            return SAMPLING_ERR_NOMEM;
    }
    ch->history[ch->n_history++] = token;
    return SAMPLING_OK;
}

void chain_reset(Chain *ch)
{
    if (ch == NULL)
        return;
    mt19937_seed(&ch->dist_rng, ch->params.seed);
    mt19937_seed(&ch->xtc_rng, ch->params.seed);
    mt19937_seed(&ch->mirostat_rng, ch->params.seed);
    mt19937_seed(&ch->adaptive_rng, ch->params.seed);
    ch->mirostat.mu = 2 * ch->mirostat.tau;
    adaptive_p_reset(&ch->adaptive);
    ch->n_history = 0;
}

/* logit-bias with the user's entries plus a ban on every end-of-generation token when ignore_eos is set. */
static SamplingStatus apply_bias_stage(const SamplingParams *p, Candidates *c)
{
    SamplingStatus st = apply_logit_bias(c, p->logit_bias, p->n_logit_bias);
    for (size_t i = 0; st == SAMPLING_OK && p->ignore_eos && i < p->n_eog_tokens; i++)
        st = apply_logit_bias(c, &(LogitBias){p->eog_tokens[i], -INFINITY}, 1);
    return st;
}

/* XTC's probability as llama.cpp stores it, a float, so that comparing our float draw with it decides as
 * llama.cpp's `u > probability` does (a double 0.3 lies below (float)0.3, and a draw equal to (float)0.3
 * must fire). Values outside (0, 1) are outside float's rounding question: <= 0 is off and >= 1 always fires,
 * and they are kept as they are (a huge double would not fit in a float). */
static double xtc_probability_as_float(double probability)
{
    return probability > 0 && probability < 1 ? (double)(float)probability : probability;
}

/* The mirostats' and adaptive-p's coin source: one double draw from the stage's mt19937, as
 * discrete_distribution takes it. */
static double mt_coin(void *rng)
{
    return mt19937_next_double(rng);
}

/* Makes ch->adaptive_cache hold at least len floats; false when it cannot grow (it is then unchanged). */
static bool chain_reserve_adaptive(Chain *ch, size_t len)
{
    void *buf = ch->adaptive_cache;
    bool ok = grow(&buf, &ch->adaptive_len, len, sizeof *ch->adaptive_cache);
    ch->adaptive_cache = buf;
    return ok;
}

/* The parameters of the penalties and DRY stages, from the chain's params. */
static PenaltyParams penalty_params(const SamplingParams *p)
{
    return (PenaltyParams){p->penalty_last_n, p->penalty_repeat, p->penalty_freq, p->penalty_present};
}

static DryParams dry_params(const SamplingParams *p)
{
    return (DryParams){p->dry_multiplier, p->dry_base, p->dry_allowed_length, p->dry_penalty_last_n,
                       p->dry_breakers, p->n_dry_breakers};
}

/* XTC's coin from its own generator, drawn only when llama.cpp draws one; 0 otherwise. */
static double xtc_coin(Chain *ch, const Candidates *c)
{
    double probability = xtc_probability_as_float(ch->params.xtc_probability);
    return xtc_draws_coin(c, probability, ch->params.xtc_threshold) ? mt19937_next_float(&ch->xtc_rng) : 0;
}

/* dist's coin: llama.cpp draws nothing for a single candidate. */
static double dist_coin(Chain *ch, const Candidates *c)
{
    return c != NULL && c->size >= 2 ? mt19937_next_double(&ch->dist_rng) : 0;
}

#define MIROSTAT_M 100      /* mirostat 1's m, as llama.cpp's common passes it */

/* mirostat 1's n_vocab: the chain's vocabulary (1 for a chain built only to be described). */
static int32_t mirostat_n_vocab(const Chain *ch)
{
    return ch->n_vocab > 0 ? (int32_t)ch->n_vocab : 1;
}

SamplingStatus chain_apply_stage(Chain *ch, size_t i, Candidates *c)
{
    if (ch == NULL)
        return SAMPLING_ERR_NULL;
    if (i >= ch->n_stages)
        return SAMPLING_ERR_PARAM;
    if (ch->stages[i].empty)            /* a no-op, but a NULL array is still refused */
        return c == NULL || (c->data == NULL && c->size > 0) ? SAMPLING_ERR_NULL : SAMPLING_OK;
    const SamplingParams *p = &ch->params;
    size_t min_keep = (size_t)p->min_keep;
    PenaltyParams pp = penalty_params(p);
    DryParams dp = dry_params(p);
    double xtc_probability = xtc_probability_as_float(p->xtc_probability);
    switch (ch->stages[i].type) {
    case STAGE_LOGIT_BIAS:  return apply_bias_stage(p, c);
    case STAGE_PENALTIES:   return apply_penalties(c, ch->history, ch->n_history, &pp);
    case STAGE_DRY:         return apply_dry(c, ch->history, ch->n_history, &dp);
    case STAGE_TOP_N_SIGMA: return apply_top_n_sigma(c, p->top_n_sigma);
    case STAGE_TOP_K:       return apply_top_k(c, p->top_k);
    case STAGE_TYPICAL:     return apply_typical(c, p->typ_p, min_keep);
    case STAGE_TOP_P:       return apply_top_p(c, p->top_p, min_keep);
    case STAGE_MIN_P:       return apply_min_p(c, p->min_p, min_keep);
    case STAGE_XTC:         return apply_xtc(c, xtc_probability, p->xtc_threshold, min_keep, xtc_coin(ch, c));
    case STAGE_TEMP:        return apply_temp(c, p->temp);
    case STAGE_TEMP_EXT:    return apply_temp_ext(c, p->temp, p->dynatemp_range, p->dynatemp_exponent);
    case STAGE_DIST:        return sample_dist(c, dist_coin(ch, c));
    case STAGE_MIROSTAT:
        return sample_mirostat(c, &ch->mirostat, MIROSTAT_M, mirostat_n_vocab(ch), mt_coin, &ch->mirostat_rng);
    case STAGE_MIROSTAT_V2: return sample_mirostat_v2(c, &ch->mirostat, mt_coin, &ch->mirostat_rng);
    case STAGE_ADAPTIVE_P:
        if (!chain_reserve_adaptive(ch, c != NULL ? c->size : 0))
            return SAMPLING_ERR_NOMEM;
        return sample_adaptive_p(c, &ch->adaptive, ch->adaptive_cache, mt_coin, &ch->adaptive_rng);
    case STAGE_INFILL:
        return SAMPLING_ERR_PARAM;      /* named in the chain line, but not implemented by this workbench */
    }
    return SAMPLING_ERR_PARAM;
}

bool stage_picks_token(StageType type)
{
    return type == STAGE_DIST || type == STAGE_MIROSTAT || type == STAGE_MIROSTAT_V2 || type == STAGE_ADAPTIVE_P;
}

/* Runs stages [from, to) of the chain in order by their plain rules, skipping the token-picking ones when
 * skip_picks is set, and calls trace (when not NULL) after each stage it ran. Stops at the first error, which it
 * returns. */
static SamplingStatus run_stages(Chain *ch, Candidates *c, size_t from, size_t to, bool skip_picks,
                                 ChainTraceFn trace, void *user)
{
    for (size_t i = from; i < to && i < ch->n_stages; i++) {
        if (skip_picks && stage_picks_token(ch->stages[i].type))
            continue;
        SamplingStatus st = chain_apply_stage(ch, i, c);
        if (st != SAMPLING_OK)
            return st;
        if (trace != NULL)
            trace(user, &ch->stages[i], c);
    }
    return SAMPLING_OK;
}

/* ===== The one door to the speed layer (fast/chain_fast.h) ===== */

/* The speed layer's view of a stage: its twin, or FAST_STAGE_PLAIN (0) for a stage it runs by the plain rule. */
static FastStage fast_stage(const Stage *stage)
{
    static const FastStageKind kinds[] = {
        [STAGE_LOGIT_BIAS] = FAST_STAGE_LOGIT_BIAS, [STAGE_PENALTIES] = FAST_STAGE_PENALTIES,
        [STAGE_DRY] = FAST_STAGE_DRY, [STAGE_TOP_K] = FAST_STAGE_TOP_K, [STAGE_TYPICAL] = FAST_STAGE_TYPICAL,
        [STAGE_TOP_P] = FAST_STAGE_TOP_P, [STAGE_XTC] = FAST_STAGE_XTC, [STAGE_TEMP_EXT] = FAST_STAGE_TEMP_EXT,
        [STAGE_MIROSTAT] = FAST_STAGE_MIROSTAT, [STAGE_MIROSTAT_V2] = FAST_STAGE_MIROSTAT_V2,
    };
    _Static_assert(sizeof kinds / sizeof kinds[0] == STAGE_MIROSTAT_V2 + 1, "one kind per StageType");
    return (FastStage){kinds[stage->type], stage->empty};
}

/* The chain's plain stage and XTC's coin, as the speed layer calls them back. */
static SamplingStatus plain_stage(void *chain, size_t i, Candidates *c)
{
    return chain_apply_stage(chain, i, c);
}

static double fast_xtc_coin(void *chain, const Candidates *c)
{
    return xtc_coin(chain, c);
}

SamplingStatus chain_apply_logits(Chain *ch, const double *logits, size_t n_vocab, Candidates *c)
{
    if (ch == NULL || logits == NULL || c == NULL)
        return SAMPLING_ERR_NULL;
    if (n_vocab != ch->n_vocab)
        return SAMPLING_ERR_PARAM;
    const SamplingParams *p = &ch->params;
    FastStage stages[CHAIN_MAX_STAGES];
    for (size_t i = 0; i < ch->n_stages; i++)
        stages[i] = fast_stage(&ch->stages[i]);
    FastChain fc = {
        .stages = stages, .n_stages = ch->n_stages, .plain_stage = plain_stage, .xtc_coin = fast_xtc_coin,
        .chain = ch,
        .top_k = p->top_k, .top_p = p->top_p, .min_keep = (size_t)p->min_keep, .typ_p = p->typ_p,
        .xtc_probability = xtc_probability_as_float(p->xtc_probability), .xtc_threshold = p->xtc_threshold,
        .temp = p->temp, .dynatemp_range = p->dynatemp_range, .dynatemp_exponent = p->dynatemp_exponent,
        .penalties = penalty_params(p), .dry = dry_params(p),
        .logit_bias = p->logit_bias, .n_logit_bias = p->n_logit_bias,
        .ignore_eos = p->ignore_eos, .eog_tokens = p->eog_tokens, .n_eog_tokens = p->n_eog_tokens,
        .history = ch->history, .n_history = ch->n_history, .window = ch->window,
        .mirostat = &ch->mirostat, .mirostat_m = MIROSTAT_M, .mirostat_n_vocab = mirostat_n_vocab(ch),
        .mirostat_coin = mt_coin, .mirostat_rng = &ch->mirostat_rng,
        .buf = ch->buf, .n_vocab = ch->n_vocab,
        .scratch = &ch->scratch, .scratch_len = &ch->scratch_len,
        .typical_buf = &ch->typical_buf, .typical_len = &ch->typical_len,
        .touched = &ch->touched, .touched_len = &ch->touched_len,
    };
    return fast_chain_apply_logits(&fc, logits, c);
}

SamplingStatus chain_apply_traced(Chain *ch, Candidates *c, size_t n_stages, ChainTraceFn trace, void *user)
{
    if (ch == NULL)
        return SAMPLING_ERR_NULL;
    return run_stages(ch, c, 0, n_stages, false, trace, user);
}

SamplingStatus chain_apply(Chain *ch, Candidates *c)
{
    return chain_apply_traced(ch, c, ch != NULL ? ch->n_stages : 0, NULL, NULL);
}

SamplingStatus chain_sample(Chain *ch, const double *logits, size_t n_vocab, int32_t *token)
{
    if (ch == NULL || logits == NULL || token == NULL)
        return SAMPLING_ERR_NULL;
    Candidates c;
    SamplingStatus st = chain_apply_logits(ch, logits, n_vocab, &c);
    if (st != SAMPLING_OK)
        return st;
    if (c.selected < 0)
        return SAMPLING_ERR_PARAM;
    *token = c.data[c.selected].id;
    return SAMPLING_OK;
}

SamplingStatus chain_apply_except_pick(Chain *ch, Candidates *c, ChainTraceFn trace, void *user, size_t *pick)
{
    if (ch == NULL || c == NULL)
        return SAMPLING_ERR_NULL;
    size_t first_pick = ch->n_stages;
    for (size_t i = ch->n_stages; i-- > 0;)
        if (stage_picks_token(ch->stages[i].type))
            first_pick = i;
    if (pick != NULL)
        *pick = first_pick;
    return run_stages(ch, c, 0, ch->n_stages, true, trace, user);
}
