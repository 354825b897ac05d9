/* explain.c: each stage of a chain in the lesson's words. One writer per stage family, each with its "?"
 * reason; then the OpenAI mapping of the lesson's table (Example 11). */
#include "cli/explain.h"
#include "cli/dropped.h"
#include "cli/flags.h"
#include "cli/values.h"

#include "text.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A float setting as the lesson prints it: the shortest digits of llama.cpp's float, with ".0" on a whole
 * number; when that float is not the number typed (typed may be NULL or ""), "(llama.cpp's float of T)" too. */
static const char *value(double v, const char *typed, char *buf, size_t size)
{
    char text[40];
    float_text(v, text, sizeof text);
    bool whole = strpbrk(text, ".eni") == NULL;
    if (typed != NULL && typed[0] != '\0' && strtod(typed, NULL) != strtod(text, NULL))
        snprintf(buf, size, "%s%s (llama.cpp's float of %s)", text, whole ? ".0" : "", typed);
    else
        snprintf(buf, size, "%s%s", text, whole ? ".0" : "");
    return buf;
}

/* The value of setting s of params, as value() writes it. */
static const char *setting(const CliParams *p, ArgsSetting s, double v, char *buf, size_t size)
{
    return value(v, p->typed[s], buf, size);
}

/* A window's words: "over the last 64 tokens", or why it is off. */
static bool window_off(Text *t, const char *name, int32_t window, const char *field, const char *examples)
{
    if (window > 0)
        return false;
    if (window < 0)
        text_add(t, "?%s: window %d (%s) is clamped to 0 by current libllama: off (%s)\n", name, (int)window, field,
                 examples);
    else
        text_add(t, "?%s: window 0 (%s) is off (%s)\n", name, field, examples);
    return true;
}

/* Whether the bias entry i is a body's string (CliParams.bias_strings), which llama-server tokenizes: no id. */
static bool string_entry(const CliParams *c, size_t i)
{
    return c->bias_strings[i][0] != '\0';
}

/* Whether the bias entry i is the first of its token (the list keeps -l's order; later entries add to it); a
 * string's entry is no token's. */
static bool first_of_token(const CliParams *c, size_t i)
{
    const SamplingParams *p = &c->sampling;
    if (string_entry(c, i))
        return false;
    for (size_t j = 0; j < i; j++)
        if (!string_entry(c, j) && p->logit_bias[j].token == p->logit_bias[i].token)
            return false;
    return true;
}

/* The tokens the bias list touches by id: each is one logit, however many entries name it. */
static size_t bias_tokens(const CliParams *c)
{
    size_t n = 0;
    for (size_t i = 0; i < c->sampling.n_logit_bias; i++)
        n += first_of_token(c, i);
    return n;
}

/* The bias list's entries that are strings. */
static size_t bias_strings(const CliParams *c)
{
    size_t n = 0;
    for (size_t i = 0; i < c->sampling.n_logit_bias; i++)
        n += string_entry(c, i);
    return n;
}

/* One bias as the lesson writes it: "+2.0", "-inf". */
static const char *bias_text(double bias, char *buf, size_t size)
{
    char v[48];
    if (isinf(bias))
        snprintf(buf, size, "%sinf", bias > 0 ? "+" : "-");
    else
        snprintf(buf, size, "%s%s", bias >= 0 ? "+" : "", value(bias, NULL, v, sizeof v));
    return buf;
}

/* logit-bias: each token once, its entries in the order given ("token 3 +1.0 then +2.0": llama.cpp adds each
 * to the logit); the first four tokens, then "..."; then each string of a body's list as the string it is,
 * which llama-server tokenizes (reference section 7), the first four, then "...". */
static void explain_bias(Text *t, const CliParams *c)
{
    const SamplingParams *p = &c->sampling;
    char a[64];
    size_t n_tokens = bias_tokens(c), n_strings = bias_strings(c), shown_tokens = 0, shown_strings = 0;
    text_add(t, "logit-bias: before every other stage,");
    if (n_tokens > 0)
        text_add(t, " adds to %zu logit%s:", n_tokens, n_tokens == 1 ? "" : "s");
    for (size_t i = 0; i < p->n_logit_bias && shown_tokens < 4; i++) {
        if (!first_of_token(c, i))
            continue;
        int32_t token = p->logit_bias[i].token;
        bool ban = false, plus_inf = false;
        text_add(t, "%s token %d", shown_tokens++ ? "," : "", (int)token);
        for (size_t j = i, k = 0; j < p->n_logit_bias; j++) {
            if (string_entry(c, j) || p->logit_bias[j].token != token)
                continue;
            double bias = float_value(p->logit_bias[j].bias);
            ban = ban || (isinf(bias) && bias < 0);
            plus_inf = plus_inf || (isinf(bias) && bias > 0);
            text_add(t, "%s %s", k++ ? " then" : "", bias_text(bias, a, sizeof a));
        }
        if (ban && !plus_inf)
            text_add(t, " (banned)");
        else if (ban)   /* penalties.h's bias_logit */
            text_add(t, " (in llama.cpp's float, -inf + inf is NaN, as its biases add up: reference section 4.1; "
                     "this workbench keeps the token banned, -inf)");
    }
    if (n_tokens > 4)
        text_add(t, ", ...");
    if (n_strings > 0)      /* a string is no token -1 */
        text_add(t, "%s to each token of the string%s", n_tokens > 0 ? "; and" : " adds", n_strings == 1 ? "" : "s");
    for (size_t i = 0; i < p->n_logit_bias && shown_strings < 4; i++)
        if (string_entry(c, i))
            text_add(t, "%s \"%s\" %s", shown_strings++ ? "," : "", c->bias_strings[i],
                     bias_text(float_value(p->logit_bias[i].bias), a, sizeof a));
    if (n_strings > 0)
        text_add(t, "%s (llama-server tokenizes %s with the model's vocabulary, which this tool does not have: "
                 "reference section 7)", n_strings > 4 ? ", ..." : "", n_strings == 1 ? "it" : "each");
    text_add(t, "%s%s (Example 6)\n", p->ignore_eos && p->n_logit_bias > 0 ? ";" : "",
             p->ignore_eos ? " bans the end-of-generation tokens (--ignore-eos)" : "");
}

static void explain_penalties(Text *t, const CliParams *c, bool empty)
{
    const SamplingParams *p = &c->sampling;
    char r[96], f[96], q[96];
    setting(c, SET_REPEAT_PENALTY, p->penalty_repeat, r, sizeof r);
    setting(c, SET_FREQUENCY, p->penalty_freq, f, sizeof f);
    setting(c, SET_PRESENCE, p->penalty_present, q, sizeof q);
    if (window_off(t, "penalties", p->penalty_last_n, "repeat_last_n", "Example 5"))
        return;
    if (empty) {
        text_add(t, "?penalties: repeat %s, frequency %s and presence %s are off (Examples 1-4)\n", r, f, q);
        return;
    }
    bool rep = float_value(p->penalty_repeat) != 1, freq = float_value(p->penalty_freq) != 0;
    bool pres = float_value(p->penalty_present) != 0;
    text_add(t, "penalties: %s%s%s%s%s%s%s%s%s over the last %d tokens:", rep ? "repeat " : "", rep ? r : "",
             rep && (freq || pres) ? ", " : "", freq ? "frequency " : "", freq ? f : "", freq && pres ? ", " : "",
             pres ? "presence " : "", pres ? q : "", "", (int)p->penalty_last_n);
    if (rep)
        text_add(t, " divides a positive logit, multiplies one at or below 0%s", freq || pres ? ";" : "");
    if (freq)
        text_add(t, " subtracts %s per occurrence%s", f, pres ? ";" : "");
    if (pres)
        text_add(t, " subtracts %s once from each token seen", q);
    text_add(t, " (Examples 1-4)\n");
}

/* The breakers that are "", which llama.cpp's DRY skips (it processes each non-empty breaker string). */
static size_t empty_breakers(const CliParams *c)
{
    size_t n = 0;
    for (size_t i = 0; i < c->n_dry_breakers; i++)
        n += c->dry_breakers[i][0] == '\0';
    return n;
}

static void explain_dry(Text *t, const CliParams *c, bool empty)
{
    const SamplingParams *p = &c->sampling;
    char m[96], b[96], m_plain[48], b_plain[48];      /* the formula shows the floats alone */
    setting(c, SET_DRY_MULTIPLIER, p->dry_multiplier, m, sizeof m);
    setting(c, SET_DRY_BASE, p->dry_base, b, sizeof b);
    value(fabs(p->dry_multiplier), NULL, m_plain, sizeof m_plain);     /* the amount; the verb gives the sign */
    value(p->dry_base, NULL, b_plain, sizeof b_plain);
    if (empty && float_value(p->dry_multiplier) == 0)
        text_add(t, "?dry: dry_multiplier %s is off (Example 9)\n", m);
    else if (empty && float_value(p->dry_base) < 1)
        text_add(t, "?dry: dry_base %s is below 1: off (Example 9)\n", b);
    else if (!window_off(t, "dry", p->dry_penalty_last_n, "dry_penalty_last_n", "Example 9")) {
        size_t blank = empty_breakers(c), used = c->n_dry_breakers - blank;
        char count[32] = "no", skipped[64] = "";
        if (used > 0)
            snprintf(count, sizeof count, "%zu", used);
        if (blank == 1)
            snprintf(skipped, sizeof skipped, ", as llama.cpp skips an empty one");
        else if (blank > 1)
            snprintf(skipped, sizeof skipped, ", as llama.cpp skips the %zu empty ones", blank);
        /* Below 0 every repeat counts, even of 0 tokens: any token that followed an earlier one. */
        int32_t allowed = p->dry_allowed_length;
        char exponent[32];
        snprintf(exponent, sizeof exponent, allowed < 0 ? "n + %lld" : "n - %lld", allowed < 0 ? -(long long)allowed
                                                                                                : (long long)allowed);
        text_add(t, "dry: multiplier %s, base %s, allowed length %d over the last %d tokens: a token that would "
                 "extend a repeat of n >= %d tokens%s %s %s * %s^(%s)%s; %s breaker%s %s a repeat%s (Example 9)\n",
                 m, b, (int)allowed, (int)p->dry_penalty_last_n, allowed < 0 ? 0 : (int)allowed,
                 allowed < 0 ? " (any token that followed an earlier one)" : "",
                 p->dry_multiplier < 0 ? "gains" : "loses", m_plain, b_plain, exponent,
                 p->dry_multiplier < 0 ? " (a negative multiplier boosts repeats)" : "", count,
                 used > 1 ? "s" : "", used > 1 ? "end" : "ends", skipped);
    }
}

/* ", and at least N (min_keep)" for a filter that keeps at least min_keep tokens, when min_keep is above 1
 * (only a body sets it); "" otherwise. */
static const char *at_least(const SamplingParams *p, char *buf, size_t size)
{
    buf[0] = '\0';
    if (p->min_keep > 1)
        snprintf(buf, size, ", and at least %d (min_keep)", (int)p->min_keep);
    return buf;
}

static void explain_filter(Text *t, const CliParams *c, StageType type, bool empty)
{
    const SamplingParams *p = &c->sampling;
    char v[96], w[96], least[80];
    int keep = p->min_keep > 1 ? (int)p->min_keep : 1;     /* top-p and typical at or below 0 keep exactly this */
    at_least(p, least, sizeof least);
    switch (type) {
    case STAGE_TOP_N_SIGMA:
        setting(c, SET_TOP_N_SIGMA, p->top_n_sigma, v, sizeof v);
        if (empty)
            text_add(t, "?top-n-sigma: top_n_sigma %s (at or below 0) is off (Example 11)\n", v);
        else
            text_add(t, "top-n-sigma: keeps the tokens whose logit is within %s standard deviations of the top "
                     "logit (Example 11)\n", v);
        return;
    case STAGE_TOP_K:
        if (empty)
            text_add(t, "?top-k: top_k %d (at or below 0) is off (Examples 12-13)\n", (int)p->top_k);
        else if (p->top_k == 1)
            text_add(t, "top-k: keeps the most likely token (Examples 12-13)\n");
        else
            text_add(t, "top-k: keeps the %d most likely tokens (Examples 12-13)\n", (int)p->top_k);
        return;
    case STAGE_TYPICAL:     /* at or below 0: exactly max(1, min_keep) tokens, the most typical first */
        setting(c, SET_TYP_P, p->typ_p, v, sizeof v);
        if (empty)
            text_add(t, "?typical: typical_p %s is off (Example 7)\n", v);
        else if (float_value(p->typ_p) <= 0 && keep == 1)
            text_add(t, "typical: typical_p %s is at or below 0: keeps only the most typical token (the one whose "
                     "surprise is closest to the entropy), which may not be the most likely (Example 7)\n", v);
        else if (float_value(p->typ_p) <= 0)
            text_add(t, "typical: typical_p %s is at or below 0: keeps the %d most typical tokens (min_keep %d; the "
                     "most typical are those whose surprise is closest to the entropy, which may not be the most "
                     "likely) (Example 7)\n", v, keep, keep);
        else
            text_add(t, "typical: keeps the tokens whose surprise is closest to the entropy, until their "
                     "probabilities sum past %s%s (Example 7)\n", v, least);
        return;
    case STAGE_TOP_P:       /* at or below 0: exactly max(1, min_keep) tokens */
        setting(c, SET_TOP_P, p->top_p, v, sizeof v);
        if (empty)
            text_add(t, "?top-p: top_p %s is off (Examples 12-13)\n", v);
        else if (float_value(p->top_p) <= 0 && keep == 1)
            text_add(t, "top-p: top_p %s is at or below 0: keeps only the most likely token (Examples 12-13)\n", v);
        else if (float_value(p->top_p) <= 0)
            text_add(t, "top-p: top_p %s is at or below 0: keeps the %d most likely tokens (min_keep %d) (Examples "
                     "12-13)\n", v, keep, keep);
        else
            text_add(t, "top-p: keeps the most likely tokens until their probabilities reach %s%s (Examples 12-13)\n",
                     v, least);
        return;
    case STAGE_MIN_P:
        setting(c, SET_MIN_P, p->min_p, v, sizeof v);
        if (empty)
            text_add(t, "?min-p: min_p %s (at or below 0) is off (Examples 12-13)\n", v);
        else if (float_value(p->min_p) > 1)
            text_add(t, "min-p: min_p %s is above 1: keeps only the top token%s (Examples 12-13)\n", v, least);
        else
            text_add(t, "min-p: keeps the tokens at least %s times as likely as the top one%s (Examples 12-13)\n", v,
                     least);
        return;
    default:        /* STAGE_XTC: its coin is below 1, so a probability of 1 or more fires at every step */
        setting(c, SET_XTC_PROBABILITY, p->xtc_probability, v, sizeof v);
        setting(c, SET_XTC_THRESHOLD, p->xtc_threshold, w, sizeof w);
        if (p->min_keep > 1)
            snprintf(least, sizeof least, ", unless fewer than %d (min_keep) would be left", (int)p->min_keep);
        if (empty && float_value(p->xtc_probability) <= 0)
            text_add(t, "?xtc: xtc_probability %s is off (Example 10)\n", v);
        else if (empty)
            text_add(t, "?xtc: xtc_threshold %s is above 0.5: off (Example 10)\n", w);
        else if (float_value(p->xtc_probability) >= 1)
            text_add(t, "xtc: at every step (xtc_probability %s is 1 or more), removes the tokens at or above "
                     "probability %s except the least likely of them%s (Example 10)\n", v, w, least);
        else
            text_add(t, "xtc: with probability %s per step, removes the tokens at or above probability %s except the "
                     "least likely of them%s (Example 10)\n", v, w, least);
        return;
    }
}

/* Whether a stage is one of the filters (the truncating samplers the lesson's chain runs before temperature). */
static bool is_filter(StageType type)
{
    return type == STAGE_TOP_N_SIGMA || type == STAGE_TOP_K || type == STAGE_TYPICAL || type == STAGE_TOP_P
        || type == STAGE_MIN_P || type == STAGE_XTC;
}

/* The filters of chain on one side of stage `at` (before: those ahead of it), as "top-k and top-p"; "" for
 * none. */
static void filters_beside(const Chain *chain, size_t at, bool before, char *buf, size_t size)
{
    Text t = text_start(buf, size);
    size_t n = 0, total = 0;
    size_t from = before ? 0 : at + 1, to = before ? at : chain->n_stages;
    for (size_t i = from; i < to; i++)
        total += is_filter(chain->stages[i].type);
    for (size_t i = from; i < to; i++) {
        if (!is_filter(chain->stages[i].type))
            continue;
        n++;
        text_add(&t, "%s%s", n == 1 ? "" : n == total ? " and " : ", ", stage_name(&chain->stages[i]));
    }
}

/* Where temp-ext stands among the filters of chain (it is stage `at`): ", after the filters", ", before the
 * filters", ", after top-k and before min-p", or "" when the chain has no filter. */
static void temp_place(const Chain *chain, size_t at, char *buf, size_t size)
{
    char before[160], after[160];
    filters_beside(chain, at, true, before, sizeof before);
    filters_beside(chain, at, false, after, sizeof after);
    if (before[0] != '\0' && after[0] != '\0')
        snprintf(buf, size, ", after %s and before %s", before, after);
    else if (before[0] != '\0')
        snprintf(buf, size, ", after the filters");
    else if (after[0] != '\0')
        snprintf(buf, size, ", before the filters");
    else
        buf[0] = '\0';
}

static void explain_temp(Text *t, const CliParams *c, const Chain *chain, size_t at)
{
    const SamplingParams *p = &c->sampling;
    StageType type = chain->stages[at].type;
    bool empty = chain->stages[at].empty;
    const char *name = type == STAGE_TEMP ? "temp" : "temp-ext";
    char where[400], place[340];
    if (type == STAGE_TEMP)
        snprintf(where, sizeof where, ", before mirostat (Example 8)");
    else {
        temp_place(chain, at, place, sizeof place);
        snprintf(where, sizeof where, "%s (Examples 12-13)", place);
    }
    char v[96], r[96], e[96];
    setting(c, SET_TEMP, p->temp, v, sizeof v);
    setting(c, SET_DYNATEMP_RANGE, p->dynatemp_range, r, sizeof r);
    setting(c, SET_DYNATEMP_EXPONENT, p->dynatemp_exponent, e, sizeof e);
    bool dynamic = type == STAGE_TEMP_EXT && float_value(p->dynatemp_range) > 0;
    if (empty)
        text_add(t, "?%s: temperature %s%s%s is off (%s\n", name, v,
                 type == STAGE_TEMP_EXT ? " with dynatemp_range " : "", type == STAGE_TEMP_EXT ? r : "",
                 strchr(where, '(') + 1);
    else if (dynamic) {     /* reference 4.10: from max(0, t - delta) to t + delta, in llama.cpp's float */
        float tf = float_value(p->temp), df = float_value(p->dynatemp_range);
        float low = tf - df > 0.0f ? tf - df : 0.0f, high = tf + df;
        char lo[48], hi[48];
        text_add(t, "%s: temperature from %s to %s by the entropy (%s +- %s, at least 0; exponent %s)%s\n", name,
                 value(low, NULL, lo, sizeof lo), value(high, NULL, hi, sizeof hi), v, r, e, where);
    }
    else if (float_value(p->temp) <= 0)
        text_add(t, "%s: temperature %s keeps only the top token (greedy)%s\n", name, v, where);
    else
        text_add(t, "%s: divides every logit by temperature %s%s\n", name, v, where);
}

/* adaptive-p with this line's target and decay: a target below 0 draws as dist does; a target above 1 is used
 * as 1 in each step while the average starts at it; a decay outside [0, 0.99] is clamped (adaptive_p_init). */
static void explain_adaptive_p(Text *t, const CliParams *c, const char *seed)
{
    const SamplingParams *p = &c->sampling;
    AdaptivePState st;
    char target[96], decay[96], clamped[48];
    setting(c, SET_ADAPTIVE_TARGET, p->adaptive_target, target, sizeof target);
    setting(c, SET_ADAPTIVE_DECAY, p->adaptive_decay, decay, sizeof decay);
    if (float_value(p->adaptive_target) < 0) {
        text_add(t, "adaptive-p: target %s is below 0: draws the token from what is left, as dist does, seed %s "
                 "(not in the lesson)\n", target, seed);
        return;
    }
    text_add(t, "adaptive-p: target %s", target);
    if (float_value(p->adaptive_target) > 1)
        text_add(t, " (above 1: each step uses 1, the average starts at %s)", target);
    text_add(t, ", decay %s", decay);
    if (adaptive_p_init(&st, 0.0, p->adaptive_decay) == SAMPLING_OK && st.decay != float_value(p->adaptive_decay))
        text_add(t, " (clamped to %s)", value(st.decay, NULL, clamped, sizeof clamped));
    text_add(t, ": reshapes the distribution to favour tokens whose probability is near an adapted target, which "
             "moves against the average probability of recent choices; then draws, seed %s (not in the lesson)\n",
             seed);
}

static void explain_pick(Text *t, const CliParams *c, StageType type)
{
    const SamplingParams *p = &c->sampling;
    char tau[96], eta[96], mu[96];
    setting(c, SET_MIROSTAT_TAU, p->mirostat_tau, tau, sizeof tau);
    setting(c, SET_MIROSTAT_ETA, p->mirostat_eta, eta, sizeof eta);
    value(2 * float_value(p->mirostat_tau), NULL, mu, sizeof mu);
    char seed[32];
    snprintf(seed, sizeof seed, p->seed == 0xFFFFFFFFu ? "-1 (random)" : "%lu", (unsigned long)p->seed);
    switch (type) {
    case STAGE_DIST:
        text_add(t, "dist: draws the token from what is left, seed %s (Example 12)\n", seed);
        return;
    case STAGE_MIROSTAT_V2:
        text_add(t, "mirostat-v2: cuts the tokens whose surprise is above mu (it starts at 2 * tau = %s bits), draws, "
                 "then moves mu by eta %s times (surprise - tau %s); the sampler list is not used (Example 8)\n", mu,
                 eta, tau);
        return;
    case STAGE_MIROSTAT:
        text_add(t, "mirostat: version 1 keeps the top k, k from an estimate of the Zipf exponent, for a surprise of "
                 "tau %s bits, eta %s; the sampler list is not used (Example 8 shows version 2)\n", tau, eta);
        return;
    case STAGE_ADAPTIVE_P:
        explain_adaptive_p(t, c, seed);
        return;
    default:        /* STAGE_INFILL */
        text_add(t, "infill: llama.cpp's infill sampler (not covered in the lesson, and not explained here)\n");
        return;
    }
}

/* One OpenAI parameter: its name, the value, llama.cpp's name where it differs, a mark when no stage of the
 * chain reads it (read false: dropped.h), and a mark when the value lies outside the range OpenAI's API
 * reference gives (lesson Example 11's table), with what llama-server does with it (reference section 7):
 * clamps it into [lo, hi] when `clamps`, else takes it as it is. */
static void openai_item(Text *t, bool *first, const char *name, const char *v, const char *llama, bool read,
                        double lo, double hi, double x, bool clamps)
{
    text_add(t, "%s%s %s", *first ? "" : ", ", name, v);
    if (llama != NULL || !read)
        text_add(t, " (%s%s%s%s)", llama != NULL ? "llama.cpp's " : "", llama != NULL ? llama : "",
                 llama != NULL && !read ? "; " : "", read ? "" : "not read by this chain");
    if ((x < lo || x > hi) && clamps)
        text_add(t, " (outside OpenAI's %g to %g; llama-server clamps it to %g)", lo, hi, x < lo ? lo : hi);
    else if (x < lo || x > hi)
        text_add(t, " (outside OpenAI's %g to %g; llama-server takes it)", lo, hi);
    *first = false;
}

static void explain_openai(Text *t, const CliParams *c, const Chain *ch)
{
    const SamplingParams *p = &c->sampling;
    char v[96];
    bool first = true;
    text_add(t, "OpenAI names: ");
    openai_item(t, &first, "temperature", setting(c, SET_TEMP, p->temp, v, sizeof v), "temp",
                args_setting_read(ch, SET_TEMP), 0, 2, float_value(p->temp), false);
    openai_item(t, &first, "top_p", setting(c, SET_TOP_P, p->top_p, v, sizeof v), NULL,
                args_setting_read(ch, SET_TOP_P), 0, 1, float_value(p->top_p), true);
    openai_item(t, &first, "frequency_penalty", setting(c, SET_FREQUENCY, p->penalty_freq, v, sizeof v),
                "penalty_freq", args_setting_read(ch, SET_FREQUENCY), -2, 2, float_value(p->penalty_freq), false);
    openai_item(t, &first, "presence_penalty", setting(c, SET_PRESENCE, p->penalty_present, v, sizeof v),
                "penalty_present", args_setting_read(ch, SET_PRESENCE), -2, 2, float_value(p->penalty_present),
                false);
    snprintf(v, sizeof v, p->seed == 0xFFFFFFFFu ? "-1 (random)" : "%lu", (unsigned long)p->seed);
    openai_item(t, &first, "seed", v, NULL, args_setting_read(ch, SET_SEED), 0, 0, 0, false);
    if (p->n_logit_bias > 0) {
        /* The chat body's object: one key per token, its entries summed, a ban (any -inf) sent as false. */
        bool outside = false, banned = false;
        size_t n_tokens = bias_tokens(c), n_strings = bias_strings(c), summed = 0;
        for (size_t i = 0; i < p->n_logit_bias; i++) {
            if (!first_of_token(c, i) && !string_entry(c, i))
                continue;
            double sum = 0;
            size_t entries = 0;
            bool ban = false;
            for (size_t j = i; j < p->n_logit_bias; j++) {
                bool other = string_entry(c, i) || string_entry(c, j)
                          || p->logit_bias[j].token != p->logit_bias[i].token;
                if (j != i && other)    /* a string's entry is its own */
                    continue;
                double b = float_value(p->logit_bias[j].bias);
                ban = ban || b == -INFINITY;
                sum += b;
                entries++;
            }
            summed += entries > 1 ? entries : 0;
            banned = banned || ban;
            outside = outside || (!ban && (sum < -100 || sum > 100));
        }
        char entries[48] = "";
        if (summed > 0)
            snprintf(entries, sizeof entries, ", %s %zu entries summed",
                     n_tokens == 1 && n_strings == 0 ? "its" : "with", summed);
        char strings[48] = "";
        if (n_strings > 0)
            snprintf(strings, sizeof strings, "%s%zu string%s", n_tokens > 0 ? " and " : "", n_strings,
                     n_strings == 1 ? "" : "s");
        if (n_tokens > 0)
            snprintf(v, sizeof v, "(%zu token%s%s%s%s)", n_tokens, n_tokens == 1 ? "" : "s", strings, entries,
                     banned ? ", a ban sent as false" : "");
        else
            snprintf(v, sizeof v, "(%s%s%s)", strings, entries, banned ? ", a ban sent as false" : "");
        openai_item(t, &first, "logit_bias", v, NULL, true, -100, 100, outside ? 101 : 0, false);
    }
    if (c->n_stop > 0) {
        snprintf(v, sizeof v, "(%zu string%s)", c->n_stop, c->n_stop == 1 ? "" : "s");
        openai_item(t, &first, "stop", v, NULL, true, 0, 0, 0, false);
    }
    if ((c->set & (1u << SET_N_PREDICT)) != 0) {
        /* llama-server's limit, not OpenAI's: n_predict below -1 is a 400 (reference section 7). */
        snprintf(v, sizeof v, "%d%s", (int)c->n_predict, c->n_predict < -1 ? " (below -1: llama-server answers 400, "
                 "and a body leaves it out)" : "");
        openai_item(t, &first, "max_tokens", v, "n_predict", true, 0, 0, 0, false);
    }
    text_add(t, "\n");
}

/* Whether the "no OpenAI parameter" line names setting s under a stage of this type: a setting the stage reads
 * (stage_reads) that OpenAI's API has no name for. The list, ignore_eos and min_keep, which shape the chain or
 * several stages, come after the stages; mirostat, which every stage that picks the token reads (it chose
 * which), is named with the mirostats alone. */
static bool own_setting(StageType type, ArgsSetting s)
{
    bool openai = false;
    args_setting_field(s, &openai);
    if (openai || !stage_reads(type, (SamplingSetting)s) || s == SET_SAMPLERS || s == SET_IGNORE_EOS
        || s == SET_MIN_KEEP)
        return false;
    return s != SET_MIROSTAT || type == STAGE_MIROSTAT || type == STAGE_MIROSTAT_V2;
}

/* One setting as the "no OpenAI parameter" line names it, under llama-server's name: "top_k 40", "mirostat_tau
 * 3.0", "dry_sequence_breakers (4, and 1 empty one llama.cpp skips)". */
static void other_item(Text *t, const CliParams *c, ArgsSetting s, const char *sep)
{
    char v[96];
    const char *field = args_setting_field(s, NULL);
    const ArgSpec *spec = number_spec(s);
    if (s == SET_DRY_BREAKERS) {
        size_t empty = empty_breakers(c);
        char skipped[64] = "";
        if (empty > 0)
            snprintf(skipped, sizeof skipped, ", and %zu empty one%s llama.cpp skips", empty, empty == 1 ? "" : "s");
        text_add(t, "%s%s (%zu%s)", sep, field, c->n_dry_breakers - empty, skipped);
    } else if (spec != NULL && spec->kind == K_INT) {
        int32_t n;
        memcpy(&n, (const char *)c + spec->offset, sizeof n);
        text_add(t, "%s%s %d", sep, field, (int)n);
    } else if (spec != NULL) {
        double d;
        memcpy(&d, (const char *)c + spec->offset, sizeof d);
        text_add(t, "%s%s %s", sep, field, setting(c, s, d, v, sizeof v));
    }
}

/* The llama.cpp settings each stage reads that OpenAI's API has no name for, stage by stage. */
static void explain_others(Text *t, const CliParams *c, const Chain *ch)
{
    const SamplingParams *p = &c->sampling;
    bool listed[STAGE_MIROSTAT_V2 + 1] = {false};
    bool first = true;
    text_add(t, "no OpenAI parameter (an OpenAI client sends these only as extra fields, under llama-server's "
                "names):");
    for (size_t i = 0; i < ch->n_stages; i++) {
        StageType type = ch->stages[i].type;
        if (listed[type])
            continue;
        listed[type] = true;
        for (int s = 0; s < SETTING_COUNT; s++) {
            if (!own_setting(type, (ArgsSetting)s))
                continue;
            other_item(t, c, (ArgsSetting)s, first ? " " : ", ");
            first = false;
        }
    }
    if ((c->set & (1u << SET_SAMPLERS)) != 0) {
        text_add(t, "%ssamplers [", first ? " " : ", ");
        for (size_t i = 0; i < p->n_samplers; i++)
            text_add(t, "%s%s", i ? ", " : "", sampler_type_name(p->samplers[i]));
        text_add(t, "]");
        first = false;
    }
    if (p->ignore_eos) {
        text_add(t, "%signore_eos true", first ? " " : ", ");
        first = false;
    }
    if (p->min_keep != 0)
        text_add(t, "%smin_keep %d", first ? " " : ", ", (int)p->min_keep);
    else if (first)
        text_add(t, " none in this chain");
    text_add(t, "\n");
}

/* The prompt is in the windows (reference section 11): the server, and llama-completion, feed every prompt token
 * to the chain before it samples, so penalties and DRY count the prompt's last tokens from the first step. */
static void explain_windows(Text *t, const Chain *chain)
{
    const SamplingParams *p = &chain->params;
    bool penalties = false, dry = false;
    for (size_t i = 0; i < chain->n_stages; i++) {
        penalties = penalties || (chain->stages[i].type == STAGE_PENALTIES && !chain->stages[i].empty);
        dry = dry || (chain->stages[i].type == STAGE_DRY && !chain->stages[i].empty);
    }
    if (!penalties && !dry)
        return;
    text_add(t, "the prompt is in the window%s: llama-server feeds every token of the prompt to the chain before it "
             "samples (llama-completion does too), so ", penalties && dry ? "s" : "");
    if (penalties)
        text_add(t, "with repeat_last_n %d the first generated token is already penalized for the prompt's last %d "
                 "tokens%s", (int)p->penalty_last_n, (int)p->penalty_last_n, dry ? ", and " : "");
    if (dry)
        text_add(t, "DRY's window of %d (dry_penalty_last_n) starts with the prompt's last %d tokens, whose repeats "
                 "the first generated token can extend", (int)p->dry_penalty_last_n, (int)p->dry_penalty_last_n);
    text_add(t, " (reference section 11)\n");
}

/* What a response's probabilities are (reference section 11): the model's, before the chain, unless
 * post_sampling_probs. Only for a body that asks for them. */
static void explain_probs(Text *t, const CliParams *c)
{
    char named[48];
    if (c->n_probs <= 0)
        return;
    snprintf(named, sizeof named, "%s", c->probs_named != NULL ? c->probs_named : "n_probs");
    if (c->post_sampling_probs)
        text_add(t, "%s %d with post_sampling_probs: the probabilities a response reports for each token are those of "
                 "the candidates this chain left, with the p it gave them (reference section 11)\n", named,
                 (int)c->n_probs);
    else
        text_add(t, "%s %d: the probabilities a response reports for each token are the model's own, a softmax of its "
                 "logits at temperature 1 before any stage of this chain (no penalty, bias, cut or temperature); "
                 "send \"post_sampling_probs\": true for those the chain left (reference section 11)\n", named,
                 (int)c->n_probs);
}

size_t args_explain(const CliParams *params, const Chain *chain, char *buf, size_t size)
{
    Text t = text_start(buf, size);
    if (params == NULL || chain == NULL)
        return 0;
    for (size_t i = 0; i < chain->n_stages; i++) {
        const Stage *s = &chain->stages[i];
        switch (s->type) {
        case STAGE_LOGIT_BIAS: explain_bias(&t, params); break;
        case STAGE_PENALTIES: explain_penalties(&t, params, s->empty); break;
        case STAGE_DRY: explain_dry(&t, params, s->empty); break;
        case STAGE_TOP_N_SIGMA: case STAGE_TOP_K: case STAGE_TYPICAL: case STAGE_TOP_P: case STAGE_MIN_P:
        case STAGE_XTC:
            explain_filter(&t, params, s->type, s->empty);
            break;
        case STAGE_TEMP: case STAGE_TEMP_EXT: explain_temp(&t, params, chain, i); break;
        default: explain_pick(&t, params, s->type); break;
        }
    }
    explain_windows(&t, chain);
    explain_probs(&t, params);
    size_t room = t.len < t.size ? t.size - t.len : 0;      /* the settings no stage reads, under the stages */
    t.len += args_dropped(params, chain, room > 0 ? t.buf + t.len : NULL, room);
    explain_openai(&t, params, chain);
    explain_others(&t, params, chain);
    if (params->unread[0] != '\0')    /* a body's (body_unread): llama-server ignores them without a word */
        text_add(&t, "ignored by llama-server (the body's fields it does not read): %s\n", params->unread);
    if (params->completions_errors[0] != '\0')    /* reference section 7 */
        text_add(&t, "an error on /v1/completions, llama-server's OpenAI completions endpoint (reference section 7; "
                 "this tool cannot tell the endpoint): %s\n", params->completions_errors);
    room = t.len < t.size ? t.size - t.len : 0;     /* where each value the chain reads came from */
    t.len += args_sources(params, chain, room > 0 ? t.buf + t.len : NULL, room);
    return t.len;
}

/* Whether llama.cpp's sampler for a stage of this type has a backend version, which llama.cpp prefixes with + or
 * - under backend sampling (reference section 2, current: logit-bias, penalties, top-k, top-p, min-p, temp,
 * temp-ext, dist; greedy too, which this chain never builds). */
static bool has_backend(StageType type)
{
    switch (type) {
    case STAGE_LOGIT_BIAS: case STAGE_PENALTIES: case STAGE_TOP_K: case STAGE_TOP_P: case STAGE_MIN_P:
    case STAGE_TEMP: case STAGE_TEMP_EXT: case STAGE_DIST:
        return true;
    default:
        return false;
    }
}

/* Appends the names of chain's stages from..to that act (not "?") and, for `backend` 1 or 0, whose has_backend is
 * true or false (-1: any), as "a, b and c"; returns how many. */
static size_t add_stages(Text *t, const Chain *chain, size_t from, size_t to, int backend)
{
    size_t n = 0, listed = 0;
    for (size_t i = from; i < to; i++)
        n += !chain->stages[i].empty && (backend < 0 || has_backend(chain->stages[i].type) == (backend > 0));
    for (size_t i = from; i < to; i++) {
        const Stage *s = &chain->stages[i];
        if (s->empty || (backend >= 0 && has_backend(s->type) != (backend > 0)))
            continue;
        listed++;
        text_add(t, "%s%s", listed == 1 ? "" : listed == n ? " and " : ", ", stage_name(s));
    }
    return n;
}

/* The number of chain's stages from..to that act and whose has_backend is `backend` (-1: any). */
static size_t count_stages(const Chain *chain, size_t from, size_t to, int backend)
{
    Text none = text_start(NULL, 0);
    return add_stages(&none, chain, from, to, backend);
}

size_t args_backend_note(const CliParams *params, const Chain *chain, char *buf, size_t size)
{
    Text t = text_start(buf, size);
    if (params == NULL || chain == NULL || !params->backend_sampling)
        return 0;
    char grammar[64], bs[120];
    /* -bs, or the variable that gave it (env.h): "-bs (LLAMA_ARG_BACKEND_SAMPLING=1)" */
    snprintf(bs, sizeof bs, "-bs%s%.96s%s", params->backend_from != NULL ? " (" : "",
             params->backend_from != NULL ? params->backend_from : "", params->backend_from != NULL ? ")" : "");
    if (params->grammar != NULL) {      /* reference section 2: the grammar turns it off */
        text_add(&t, "%s: with a grammar (%s), llama.cpp turns backend sampling off (\"backend sampling is not "
                 "compatible with grammar, disabling\"): every stage runs on the CPU, and llama.cpp logs the line "
                 "without + or -\n", bs, shown(params->grammar, grammar, sizeof grammar));
        return t.len;
    }
    /* The GPU runs the stages before the first that acts and has no backend version; a "?" stage has an empty
     * backend version, which ends nothing (reference section 2, "Which stages really run on the GPU"). */
    size_t n = chain->n_stages, split = 0;
    while (split < n && (chain->stages[split].empty || has_backend(chain->stages[split].type)))
        split++;
    const char *first_cpu = split < n ? stage_name(&chain->stages[split]) : "";
    if (count_stages(chain, 0, n, 1) == 0) {
        text_add(&t, "%s: no stage of this line that acts has a backend version (a ? stage keeps its ?), so llama.cpp "
                     "runs the chain on the CPU and logs the line as it stands\n", bs);
        return t.len;
    }
    if (count_stages(chain, 0, split, -1) == 0) {
        text_add(&t, "%s: %s, the first stage that acts, has no backend version, so llama.cpp runs it and every later "
                 "stage on the CPU: the whole chain, though ", bs, first_cpu);
        size_t k = add_stages(&t, chain, 0, n, 1);
        text_add(&t, " %s prefixed with + or - (reference section 2: the GPU runs only the stages before the first "
                 "without one)", k == 1 ? "is" : "are");
    } else {
        text_add(&t, "%s: here ", bs);
        size_t k = add_stages(&t, chain, 0, split, -1);
        text_add(&t, " %s on the GPU", k == 1 ? "runs" : "run");
        if (split < n) {
            text_add(&t, ", and %s, the first stage that acts without a backend version, and every later one on the "
                     "CPU", first_cpu);
            size_t later = count_stages(chain, split + 1, n, 1);
            if (later > 0) {
                text_add(&t, ", though ");
                add_stages(&t, chain, split + 1, n, 1);
                text_add(&t, " %s prefixed too", later == 1 ? "is" : "are");
            }
        }
        text_add(&t, " (reference section 2: the GPU runs the stages before the first without one; a ? stage ends "
                     "nothing). This assumes that each stage on the GPU gets + once llama.cpp's backend is initialized "
                     "(the backend has its ops): a - (an op it lacks) would end the GPU part there");
    }
    text_add(&t, ". Which mark a stage gets depends on the GPU backend, which this tool cannot know, so the line here "
                 "has no prefixes\n");
    return t.len;
}

size_t args_model_note(const CliParams *params, char *buf, size_t size)
{
    Text t = text_start(buf, size);
    char path[160], flag[64];
    if (params != NULL && params->models_dir != NULL)   /* router mode (reference section 11, layer 2) */
        text_add(&t, "--models-dir %s: a router's folder of models (router mode: a request's \"model\" picks one, "
                 "reference section 11), whose GGUFs can set sampling defaults (general.sampling.*) and tokens "
                 "marked \"suppress\", which this line does not read: it assumes none%s",
                 shown(params->models_dir, path, sizeof path), params->model[0] != '\0' ? "\n" : "");
    if (params == NULL || params->model[0] == '\0')
        return t.len;
    bool missing = params->model_path != NULL && params->model_missing[0] != '\0';    /* -m of no file here */
    if (missing)
        text_add(&t, "%s %s: no file is there (%s), so this line does not read the model", params->model_flag,
                 shown(params->model_path, path, sizeof path), params->model_missing);
    if (!missing || strcmp(params->model, shown(params->model_flag, flag, sizeof flag)) != 0)
        text_add(&t, "%s%s %s the model, which this line does not read", missing ? "; " : "", params->model,
                 strchr(params->model, ',') != NULL ? "name" : "names");
    text_add(&t, ": a model's GGUF can set sampling defaults (general.sampling.*: the sampler sequence, top_k, top_p, "
                 "min_p, temp, ...) for what the command line leaves unset, and tokens it marks \"suppress\" put "
                 "logit-bias first; this line assumes none");
    return t.len;
}
