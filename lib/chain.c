/* chain.c: building, describing and running a sampler chain the way llama.cpp's common_sampler_init and
 * llama_sampler_chain do. */
#include "chain.h"

#include "fast/fast.h"
#include "filters.h"
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
        int32_t *grown = realloc(ch->history, size * sizeof *grown);
        if (grown == NULL)
            return SAMPLING_ERR_NOMEM;
        ch->history = grown;
        ch->history_size = size;
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

/* Makes ch->scratch hold at least len entries; false when it cannot grow (it is then unchanged). It grows
 * with the history and stops once the window is full, so steady sampling reuses it. */
static bool chain_reserve_scratch(Chain *ch, size_t len)
{
    if (len <= ch->scratch_len)
        return true;
    int32_t *grown = realloc(ch->scratch, len * sizeof *grown);
    if (grown == NULL)
        return false;
    ch->scratch = grown;
    ch->scratch_len = len;
    return true;
}

/* The same for ch->typical_buf: at least len candidates. */
static bool chain_reserve_typical(Chain *ch, size_t len)
{
    if (len <= ch->typical_len)
        return true;
    TokenData *grown = realloc(ch->typical_buf, len * sizeof *grown);
    if (grown == NULL)
        return false;
    ch->typical_buf = grown;
    ch->typical_len = len;
    return true;
}

/* The same for ch->adaptive_cache: at least len floats. */
static bool chain_reserve_adaptive(Chain *ch, size_t len)
{
    if (len <= ch->adaptive_len)
        return true;
    float *grown = realloc(ch->adaptive_cache, len * sizeof *grown);
    if (grown == NULL)
        return false;
    ch->adaptive_cache = grown;
    ch->adaptive_len = len;
    return true;
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

/* ===== The one place where the chain picks the speed layer (lib/fast/) ===== */

/* Whether the chain uses the speed layer on an array of `size` candidates: a large array, or a long window
 * for the penalties and DRY. */
static bool wants_fast(const Chain *ch, size_t size)
{
    return size > FAST_MIN_SIZE || ch->window > FAST_MIN_WINDOW;
}

/* The penalties and DRY in the chain's scratch (lib/fast/), on any array; built says that c was just built from
 * logits with no NaN (id order), which spares the penalties their check. */
static SamplingStatus penalties_fast(Chain *ch, Candidates *c, bool built)
{
    PenaltyParams pp = penalty_params(&ch->params);
    size_t len = fast_penalties_scratch_len(ch->n_history, pp.penalty_last_n);
    if (!chain_reserve_scratch(ch, len))
        return SAMPLING_ERR_NOMEM;
    return fast_apply_penalties(c, ch->history, ch->n_history, &pp, ch->scratch, len, built);
}

static SamplingStatus dry_fast(Chain *ch, Candidates *c)
{
    DryParams dp = dry_params(&ch->params);
    size_t len = fast_dry_scratch_len(ch->n_history, dp.dry_penalty_last_n);
    if (!chain_reserve_scratch(ch, len))
        return SAMPLING_ERR_NOMEM;
    return fast_apply_dry(c, ch->history, ch->n_history, &dp, ch->scratch, len);
}

/* chain_apply_stage, with each stage that has one replaced by its speed-layer twin when wants_fast: the same
 * result bit for bit (lib/fast/fast.h). Penalties, DRY and typical then work in the chain's scratch. built says
 * that c was just built from logits with no NaN (id order), which spares the penalties their check. */
static SamplingStatus apply_stage_fast(Chain *ch, size_t i, Candidates *c, bool built)
{
    if (i >= ch->n_stages || ch->stages[i].empty || c == NULL || !wants_fast(ch, c->size))
        return chain_apply_stage(ch, i, c);
    const SamplingParams *p = &ch->params;
    size_t min_keep = (size_t)p->min_keep;
    double xtc_probability = xtc_probability_as_float(p->xtc_probability);
    switch (ch->stages[i].type) {
    case STAGE_PENALTIES:   return penalties_fast(ch, c, built);
    case STAGE_DRY:         return dry_fast(ch, c);
    case STAGE_TYPICAL:
        if (!chain_reserve_typical(ch, c->size))
            return SAMPLING_ERR_NOMEM;
        return fast_apply_typical(c, p->typ_p, min_keep, ch->typical_buf, c->size);
    case STAGE_TOP_K:       return fast_apply_top_k(c, p->top_k);
    case STAGE_TOP_P:       return fast_apply_top_p(c, p->top_p, min_keep);
    case STAGE_XTC:         return fast_apply_xtc(c, xtc_probability, p->xtc_threshold, min_keep, xtc_coin(ch, c));
    case STAGE_TEMP_EXT:    return fast_apply_temp_ext(c, p->temp, p->dynatemp_range, p->dynatemp_exponent);
    case STAGE_MIROSTAT:
        return fast_sample_mirostat(c, &ch->mirostat, MIROSTAT_M, mirostat_n_vocab(ch), mt_coin,
                                    &ch->mirostat_rng);
    case STAGE_MIROSTAT_V2: return fast_sample_mirostat_v2(c, &ch->mirostat, mt_coin, &ch->mirostat_rng);
    default:                return chain_apply_stage(ch, i, c);     /* already linear, or no twin */
    }
}

/* Runs stages [from, to) of the chain in order (their speed-layer twins when fast), skipping the
 * token-picking ones when skip_picks is set, and calls trace (when not NULL) after each stage it ran. Stops at
 * the first error, which it returns. */
static SamplingStatus run_stages(Chain *ch, Candidates *c, size_t from, size_t to, bool skip_picks, bool fast,
                                 ChainTraceFn trace, void *user)
{
    for (size_t i = from; i < to && i < ch->n_stages; i++) {
        if (skip_picks && stage_picks_token(ch->stages[i].type))
            continue;
        SamplingStatus st = fast ? apply_stage_fast(ch, i, c, false) : chain_apply_stage(ch, i, c);
        if (st != SAMPLING_OK)
            return st;
        if (trace != NULL)
            trace(user, &ch->stages[i], c);
    }
    return SAMPLING_OK;
}

/* The index of the first stage from `from` on that does something, or n_stages when there is none. */
static size_t next_acting_stage(const Chain *ch, size_t from)
{
    size_t i = from;
    while (i < ch->n_stages && ch->stages[i].empty)
        i++;
    return i;
}

static bool stage_is(const Chain *ch, size_t i, StageType type)
{
    return i < ch->n_stages && ch->stages[i].type == type;
}

/* The stages that change only a known few tokens of the array: logit-bias (its ids and the end-of-generation
 * bans), penalties and DRY (the tokens of their windows; DRY penalizes only tokens that followed a repeat). */
static bool stage_is_sparse(StageType type)
{
    return type == STAGE_LOGIT_BIAS || type == STAGE_PENALTIES || type == STAGE_DRY;
}

/* The index of the top-k stage when every stage that acts from `first` up to it changes only a few tokens
 * (stage_is_sparse), or n_stages when there is no such top-k. */
static size_t top_k_after_sparse(const Chain *ch, size_t first)
{
    size_t i = first;
    while (i < ch->n_stages && stage_is_sparse(ch->stages[i].type))
        i = next_acting_stage(ch, i + 1);
    return stage_is(ch, i, STAGE_TOP_K) ? i : ch->n_stages;
}

/* How many of the newest of n_history tokens a window of last_n tokens holds (none for last_n <= 0). */
static size_t newest(size_t n_history, int32_t last_n)
{
    return last_n <= 0 ? 0 : n_history < (size_t)last_n ? n_history : (size_t)last_n;
}

static int by_token_id(const void *a, const void *b)
{
    const TokenData *x = a, *y = b;
    return (x->id > y->id) - (x->id < y->id);
}

/* Sorts d (n,) by id: an insertion sort for a short window's tokens and a few ids (cheaper than qsort's calls),
 * qsort for more. */
static void sort_by_id(TokenData *d, size_t n)
{
    if (n > 128) {
        qsort(d, n, sizeof *d, by_token_id);
        return;
    }
    for (size_t i = 1; i < n; i++) {
        TokenData t = d[i];
        size_t j = i;
        for (; j > 0 && d[j - 1].id > t.id; j--)
            d[j] = d[j - 1];
        d[j] = t;
    }
}

/* Builds in ch->touched, as candidates sorted by id with no id twice, every token that the acting stages in
 * [first, last) may change, with its logit from logits (n_vocab,). False when they are too many for the
 * shortcut to pay (more than an eighth of the vocabulary) or the buffer cannot grow. */
static bool collect_touched(Chain *ch, const double *logits, size_t first, size_t last, Candidates *touched)
{
    const SamplingParams *p = &ch->params;
    size_t pen = newest(ch->n_history, p->penalty_last_n), dry = newest(ch->n_history, p->dry_penalty_last_n);
    size_t max = 0;
    for (size_t i = first; i < last; i = next_acting_stage(ch, i + 1))
        max += ch->stages[i].type == STAGE_LOGIT_BIAS ? p->n_logit_bias + (p->ignore_eos ? p->n_eog_tokens : 0)
             : ch->stages[i].type == STAGE_PENALTIES ? pen : dry;
    if (max > ch->n_vocab / 8)
        return false;
    if (max > ch->touched_len) {
        TokenData *grown = realloc(ch->touched, max * sizeof *grown);
        if (grown == NULL)
            return false;
        ch->touched = grown;
        ch->touched_len = max;
    }
    size_t n = 0;
    for (size_t i = first; i < last; i = next_acting_stage(ch, i + 1)) {
        StageType type = ch->stages[i].type;
        size_t w = type == STAGE_PENALTIES ? pen : dry;
        for (size_t j = 0; type == STAGE_LOGIT_BIAS && j < p->n_logit_bias; j++)
            ch->touched[n++].id = p->logit_bias[j].token;
        for (size_t j = 0; type == STAGE_LOGIT_BIAS && p->ignore_eos && j < p->n_eog_tokens; j++)
            ch->touched[n++].id = p->eog_tokens[j];
        for (size_t j = ch->n_history - w; type != STAGE_LOGIT_BIAS && j < ch->n_history; j++)
            ch->touched[n++].id = ch->history[j];
    }
    sort_by_id(ch->touched, n);
    size_t unique = 0;
    for (size_t j = 0; j < n; j++) {
        int32_t id = ch->touched[j].id;
        if (id >= 0 && (size_t)id < ch->n_vocab && (unique == 0 || ch->touched[unique - 1].id != id))
            ch->touched[unique++] = (TokenData){.id = id, .logit = logits[id], .p = 0.0};
    }
    *touched = (Candidates){.data = ch->touched, .size = unique, .selected = -1, .sorted = false};
    return true;
}

/* Runs the acting stages [first, last), each of which changes only a few tokens, on touched (collect_touched):
 * the logits those tokens would have after them on the whole array. Logit-bias adds every entry for a token, as
 * on an array in id order; penalties and DRY look their tokens up. */
static SamplingStatus apply_sparse_stages(Chain *ch, size_t first, size_t last, Candidates *touched)
{
    const SamplingParams *p = &ch->params;
    SamplingStatus st = SAMPLING_OK;
    for (size_t i = first; st == SAMPLING_OK && i < last; i = next_acting_stage(ch, i + 1)) {
        switch (ch->stages[i].type) {
        case STAGE_LOGIT_BIAS:
            st = fast_apply_logit_bias_by_id(touched, p->logit_bias, p->n_logit_bias);
            for (size_t j = 0; st == SAMPLING_OK && p->ignore_eos && j < p->n_eog_tokens; j++)
                st = fast_apply_logit_bias_by_id(touched, &(LogitBias){p->eog_tokens[j], -INFINITY}, 1);
            break;
        case STAGE_PENALTIES:   st = penalties_fast(ch, touched, false); break;
        default:                st = dry_fast(ch, touched); break;
        }
    }
    return st;
}

SamplingStatus chain_apply_logits(Chain *ch, const double *logits, size_t n_vocab, Candidates *c)
{
    if (ch == NULL || logits == NULL || c == NULL)
        return SAMPLING_ERR_NULL;
    if (n_vocab != ch->n_vocab)
        return SAMPLING_ERR_PARAM;
    bool fast = wants_fast(ch, n_vocab);
    /* Empty stages do nothing to a built array, so the first stages that act can run as the array is built.
     * When top-k acts after stages that change only a few tokens (or none), it picks its k best straight from
     * the logits, with those tokens' new logits worked out on them alone. When penalties act first otherwise,
     * they need not check the array they were just given, and a top-p right after them gets the range of the
     * logits (moved by the penalized tokens) without a pass of its own. The stages after that run one by one. */
    size_t first = next_acting_stage(ch, 0), top_k = fast ? top_k_after_sparse(ch, first) : ch->n_stages;
    SamplingStatus st;
    double max, min;
    Candidates touched;
    if (top_k < ch->n_stages && ch->params.top_k <= FAST_TOP_K_MAX
        && collect_touched(ch, logits, first, top_k, &touched)) {
        st = apply_sparse_stages(ch, first, top_k, &touched);
        if (st == SAMPLING_OK)
            st = fast_candidates_init_top_k_over(c, ch->buf, logits, n_vocab, ch->params.top_k, touched.data,
                                                 touched.size);
        first = top_k + 1;
    } else if (fast && stage_is(ch, first, STAGE_PENALTIES) && fast_logit_range(logits, n_vocab, &max, &min)) {
        st = candidates_init(c, ch->buf, logits, n_vocab);
        if (st == SAMPLING_OK)
            st = apply_stage_fast(ch, first, c, true);
        first = next_acting_stage(ch, first + 1);
        if (st == SAMPLING_OK && stage_is(ch, first, STAGE_TOP_P)
            && fast_range_after(logits, c, ch->history, ch->n_history, &max, &min)) {
            st = fast_apply_top_p_known(c, ch->params.top_p, (size_t)ch->params.min_keep, max, min);
            first++;
        }
    } else {
        st = candidates_init(c, ch->buf, logits, n_vocab);
        first = 0;
    }
    return st != SAMPLING_OK ? st : run_stages(ch, c, first, ch->n_stages, false, fast, NULL, NULL);
}

SamplingStatus chain_apply_traced(Chain *ch, Candidates *c, size_t n_stages, ChainTraceFn trace, void *user)
{
    if (ch == NULL)
        return SAMPLING_ERR_NULL;
    return run_stages(ch, c, 0, n_stages, false, false, trace, user);
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
    return run_stages(ch, c, 0, ch->n_stages, true, false, trace, user);
}
