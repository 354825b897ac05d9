/* request.c: the llama-server request bodies for a llama.cpp command line, as JSON text. Each writer appends
 * to the caller's buffer like snprintf; what a body cannot say goes to a second text, the notes. */
#include "cli/request.h"
#include "cli/values.h"

#include "text.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* A JSON string: quotes, backslashes and control characters escaped, and any byte that is not part of valid
 * UTF-8 replaced by U+FFFD, so the output is always valid JSON. Returns how many bytes were so replaced. */
static size_t json_string(Text *t, const char *s)
{
    size_t replaced = 0;
    const unsigned char *u = (const unsigned char *)s;
    text_add(t, "\"");
    while (*u != '\0') {
        size_t n = utf8_char_length(u, 4);      /* NUL-terminated: 4 is safe */
        replaced += n == 0;
        if (n == 0)
            text_add(t, "\\ufffd");
        else if (*u == '"' || *u == '\\')
            text_add(t, "\\%c", *u);
        else if (*u == '\n' || *u == '\t' || *u == '\r')
            text_add(t, "\\%c", *u == '\n' ? 'n' : *u == '\t' ? 't' : 'r');
        else if (*u < 0x20)
            text_add(t, "\\u%04x", *u);
        else
            text_add(t, "%.*s", (int)n, (const char *)u);
        u += n > 0 ? n : 1;
    }
    text_add(t, "\"");
    return replaced;
}

/* The note for a field whose strings held bytes that are not UTF-8 (json_string's count), if any. */
static void note_not_utf8(Text *notes, const char *field, size_t replaced)
{
    if (replaced > 0)
        text_add(notes, "%s: %zu byte%s that %s not UTF-8 %s sent as \\ufffd (U+FFFD): JSON text must be UTF-8, so "
                 "llama-server reads another text than the command line's bytes\n", field, replaced,
                 replaced == 1 ? "" : "s", replaced == 1 ? "is" : "are", replaced == 1 ? "is" : "are");
}

/* A float setting as JSON: the shortest digits that llama-server's reader (a double, then its float) and
 * std::stof both take back to v's float. JSON has no infinity, so +-1e308, which the server's float turns back
 * into one. */
static void json_double(Text *t, double v)
{
    char text[40];
    if (isinf(float_value(v)))
        text_add(t, "%s", v > 0 ? "1e308" : "-1e308");
    else
        text_add(t, "%s", float_text(v, text, sizeof text));
}

/* A bias value: false for a ban, which llama-server reads as -inf. */
static void json_bias(Text *t, double bias)
{
    if (bias == -INFINITY)
        text_add(t, "false");
    else
        json_double(t, bias);
}

/* Starts one member: the separator, the key, the colon. */
static void json_key(Text *t, bool *first, const char *key)
{
    text_add(t, "%s\"%s\": ", *first ? "" : ", ", key);
    *first = false;
}

/* logit_bias for the chat body: {"id": bias}, one key per token, its biases summed (as llama.cpp adds the
 * -l entries of one token); a sum with -inf in it is a ban. */
static void json_bias_object(Text *t, const SamplingParams *p)
{
    text_add(t, "{");
    bool first = true;
    for (size_t i = 0; i < p->n_logit_bias; i++) {
        int32_t token = p->logit_bias[i].token;
        bool seen = token < 0;      /* left out: llama-server skips it (write_list's note) */
        for (size_t j = 0; j < i && !seen; j++)
            seen = p->logit_bias[j].token == token;
        if (seen)
            continue;
        double sum = 0;
        for (size_t j = i; j < p->n_logit_bias; j++) {
            double bias = p->logit_bias[j].bias;
            if (p->logit_bias[j].token == token)
                sum = bias == -INFINITY || sum == -INFINITY ? -INFINITY : sum + bias;
        }
        text_add(t, "%s\"%d\": ", first ? "" : ", ", (int)token);
        json_bias(t, sum);      /* a ban wins over any other entry, so +inf - inf never makes a NaN */
        first = false;
    }
    text_add(t, "}");
}

/* The settings that are one number in SamplingParams: an int32_t or a double at `offset`. */
static const struct { ArgsSetting setting; size_t offset; bool is_int; } numbers[] = {
    {SET_TEMP, offsetof(SamplingParams, temp), false}, {SET_TOP_K, offsetof(SamplingParams, top_k), true},
    {SET_TOP_P, offsetof(SamplingParams, top_p), false}, {SET_MIN_P, offsetof(SamplingParams, min_p), false},
    {SET_TYP_P, offsetof(SamplingParams, typ_p), false},
    {SET_REPEAT_LAST_N, offsetof(SamplingParams, penalty_last_n), true},
    {SET_REPEAT_PENALTY, offsetof(SamplingParams, penalty_repeat), false},
    {SET_PRESENCE, offsetof(SamplingParams, penalty_present), false},
    {SET_FREQUENCY, offsetof(SamplingParams, penalty_freq), false},
    {SET_DRY_MULTIPLIER, offsetof(SamplingParams, dry_multiplier), false},
    {SET_DRY_BASE, offsetof(SamplingParams, dry_base), false},
    {SET_DRY_ALLOWED_LENGTH, offsetof(SamplingParams, dry_allowed_length), true},
    {SET_DRY_LAST_N, offsetof(SamplingParams, dry_penalty_last_n), true},
    {SET_XTC_PROBABILITY, offsetof(SamplingParams, xtc_probability), false},
    {SET_XTC_THRESHOLD, offsetof(SamplingParams, xtc_threshold), false},
    {SET_TOP_N_SIGMA, offsetof(SamplingParams, top_n_sigma), false},
    {SET_DYNATEMP_RANGE, offsetof(SamplingParams, dynatemp_range), false},
    {SET_DYNATEMP_EXPONENT, offsetof(SamplingParams, dynatemp_exponent), false},
    {SET_MIROSTAT, offsetof(SamplingParams, mirostat), true},
    {SET_MIROSTAT_TAU, offsetof(SamplingParams, mirostat_tau), false},
    {SET_MIROSTAT_ETA, offsetof(SamplingParams, mirostat_eta), false},
    {SET_ADAPTIVE_TARGET, offsetof(SamplingParams, adaptive_target), false},
    {SET_ADAPTIVE_DECAY, offsetof(SamplingParams, adaptive_decay), false},
};

/* A float setting's digits: as typed when they are a JSON number that llama-server reads as the same float
 * (a double, then a float) that std::stof gave the command line; else the shortest digits both read so, with
 * a line in notes where the typed digits were JSON but the server would round them to another float. */
static void write_float(Text *t, Text *notes, const CliParams *params, ArgsSetting s, double d)
{
    const char *typed = params->typed[s];
    if (typed[0] == '\0' || isinf(float_value(d))) {
        json_double(t, d);
        return;
    }
    bool json = json_number_text(typed);
    if (json && float_value(strtod(typed, NULL)) == d) {
        text_add(t, "%s", typed);
        return;
    }
    json_double(t, d);
    if (json) {
        char text[40];
        text_add(notes, "%s: %s is written as %s: llama-server rounds the digits typed to a double first, and then "
                 "to another float than std::stof's\n", args_setting_field(s, NULL), typed,
                 float_text(d, text, sizeof text));
    }
}

/* Setting s's value d for a note: its digits as typed, or its float's shortest digits (into buf). */
static const char *as_typed(const CliParams *params, ArgsSetting s, double d, char *buf, size_t size)
{
    return params->typed[s][0] != '\0' ? params->typed[s] : float_text(d, buf, size);
}

/* An adaptive_decay outside [0, 0.99], which llama-server refuses: sent as the decay adaptive-p clamps it to
 * (adaptive_p_init), which samples the same, with a line in notes. Returns false (nothing written) for a decay
 * that is not clamped. */
static bool write_decay_clamped(Text *t, Text *notes, const CliParams *params, double d)
{
    AdaptivePState st;
    if (adaptive_p_init(&st, 0.0, d) != SAMPLING_OK || st.decay == float_value(d))
        return false;
    char was[40], now[40];
    json_double(t, st.decay);
    text_add(notes, "adaptive_decay: %s is sent as %s: llama-server refuses a decay outside 0 to 0.99, and "
             "adaptive-p clamps it to %s anyway, so it samples the same\n",
             as_typed(params, SET_ADAPTIVE_DECAY, d, was, sizeof was), float_text(st.decay, now, sizeof now), now);
    return true;
}

/* Writes a one-number setting; returns false when s is not one. A window of -1 is off in the chain line
 * (current libllama clamps it to 0), and the server's schema takes 0 and up, so it is sent as 0, with a line in
 * notes. A min_p above 1 keeps exactly one token in llama.cpp, but llama-server clamps it to 1, which keeps
 * every token tied with the top one: a line in notes says so. So does an adaptive_target above 1, which
 * llama-server clamps to 1, while the command line's adaptive-p starts its average at the target as given;
 * an adaptive_decay outside [0, 0.99] is sent clamped (write_decay_clamped). A negative dry_allowed_length,
 * which the command line takes and the schema refuses, is left out, with a line in notes. */
static bool write_number(Text *t, bool *first, Text *notes, const CliParams *params, ArgsSetting s)
{
    const SamplingParams *p = &params->sampling;
    for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; i++) {
        if (numbers[i].setting != s)
            continue;
        const char *field = (const char *)p + numbers[i].offset;
        int32_t i32;
        double d;
        if (s == SET_DRY_ALLOWED_LENGTH && p->dry_allowed_length < 0) {
            text_add(notes, "dry_allowed_length: %d cannot be sent: llama-server takes 0 and up (it answers 400); "
                     "left out, so the server's own allowed length applies, while the command line's DRY penalizes "
                     "every repeat, even of 0 tokens\n", (int)p->dry_allowed_length);
            return true;
        }
        json_key(t, first, args_setting_field(s, NULL));
        if (!numbers[i].is_int) {
            memcpy(&d, field, sizeof d);
            if (s != SET_ADAPTIVE_DECAY || !write_decay_clamped(t, notes, params, d))
                write_float(t, notes, params, s, d);
            if (s == SET_ADAPTIVE_TARGET && float_value(d) > 1) {
                char buf[40];
                const char *target = as_typed(params, s, d, buf, sizeof buf);
                text_add(notes, "adaptive_target: llama-server clamps %s to 1; the command line's adaptive-p uses 1 "
                         "in each step too, but starts its average of recent choices at %s, which no body can ask "
                         "for\n", target, target);
            }
            if (s == SET_MIN_P && float_value(d) > 1)
                text_add(notes, "min_p: llama-server clamps %s to 1, which keeps every token tied with the top one; "
                         "the command line's min-p keeps exactly one token, which no body can ask for\n",
                         params->typed[s][0] != '\0' ? params->typed[s] : "it");
            return true;
        }
        memcpy(&i32, field, sizeof i32);
        if ((s == SET_REPEAT_LAST_N || s == SET_DRY_LAST_N) && i32 < 0) {
            text_add(notes, "%s: -1 is sent as 0 (off, as current libllama clamps it, and as the chain line shows): "
                            "current llama-server refuses -1, and older llama-server took it as the slot's context "
                            "size\n",
                     args_setting_field(s, NULL));
            i32 = 0;
        }
        text_add(t, "%d", (int)i32);
        return true;
    }
    return false;
}

/* One chat message: {"role": role, "content": content}. Returns json_string's count. */
static size_t json_message(Text *t, const char *role, const char *content)
{
    text_add(t, "{\"role\": \"%s\", \"content\": ", role);
    size_t replaced = json_string(t, content);
    text_add(t, "}");
    return replaced;
}

/* The prompt and n_predict: /completion's names, or the chat API's messages (a system message from -sys,
 * then the user's from -p) and max_tokens. */
static void write_request(Text *t, bool *first, Text *notes, const CliParams *params, ArgsSetting s, bool chat)
{
    bool has_prompt = (params->set & (1u << SET_PROMPT)) != 0;
    if (s == SET_PROMPT && chat) {
        json_key(t, first, "messages");
        text_add(t, "[");
        size_t replaced = 0;
        if (params->system_prompt[0] != '\0')
            replaced += json_message(t, "system", params->system_prompt);
        if (params->system_prompt[0] != '\0' && has_prompt)
            text_add(t, ", ");
        if (has_prompt)
            replaced += json_message(t, "user", params->prompt);
        else
            text_add(notes, "messages: no user message (give -p); the chat holds the system message alone\n");
        text_add(t, "]");
        note_not_utf8(notes, "messages", replaced);
    } else if (s == SET_PROMPT) {
        json_key(t, first, "prompt");
        note_not_utf8(notes, "prompt", json_string(t, params->prompt));
    } else if (params->n_predict < -1) {
        text_add(notes, "n_predict: %d cannot be sent: llama-server takes -1 (no limit) and up; left out\n",
                 (int)params->n_predict);
    } else {
        json_key(t, first, chat ? "max_tokens" : "n_predict");
        text_add(t, "%d", (int)params->n_predict);
    }
}

/* The settings that are lists: breakers, samplers, stop strings, biases. */
static void write_list(Text *t, bool *first, Text *notes, const CliParams *params, ArgsSetting s, bool chat)
{
    const SamplingParams *p = &params->sampling;
    if (s == SET_DRY_BREAKERS && params->n_dry_breakers == 0) {
        text_add(notes, "dry_sequence_breakers: 'none' cannot be sent: llama-server needs a non-empty list; "
                        "left out (the server's breakers apply)\n");
        return;
    }
    if (s == SET_LOGIT_BIAS) {
        for (size_t i = 0; i < p->n_logit_bias; i++) {
            if (p->logit_bias[i].token >= 0)
                continue;
            text_add(notes, "logit_bias: token %d is left out: llama-server skips an id below 0, while the command "
                     "line keeps it in the list (matching no token), so its chain line has logit-bias\n",
                     (int)p->logit_bias[i].token);
            break;
        }
    }
    json_key(t, first, args_setting_field(s, NULL));
    if (s == SET_LOGIT_BIAS && chat) {
        json_bias_object(t, p);
        return;
    }
    size_t n = s == SET_DRY_BREAKERS ? params->n_dry_breakers : s == SET_SAMPLERS ? p->n_samplers
             : s == SET_STOP ? params->n_stop : p->n_logit_bias;
    text_add(t, "[");
    size_t written = 0, replaced = 0;
    for (size_t i = 0; i < n; i++) {
        if (s == SET_LOGIT_BIAS && p->logit_bias[i].token < 0)
            continue;       /* left out, with the note above */
        text_add(t, "%s", written++ ? ", " : "");
        if (s == SET_DRY_BREAKERS)
            replaced += json_string(t, params->dry_breakers[i]);
        else if (s == SET_SAMPLERS)
            json_string(t, sampler_type_name(p->samplers[i]));      /* ASCII names */
        else if (s == SET_STOP)
            replaced += json_string(t, params->stop[i]);
        else {
            text_add(t, "[%d, ", (int)p->logit_bias[i].token);
            json_bias(t, p->logit_bias[i].bias);
            text_add(t, "]");
        }
    }
    text_add(t, "]");
    note_not_utf8(notes, args_setting_field(s, NULL), replaced);
}

/* Writes one setting's member, or a line in notes when the server's schema would refuse its value. */
static void write_setting(Text *t, bool *first, Text *notes, const CliParams *params, ArgsSetting s, bool chat)
{
    const SamplingParams *p = &params->sampling;
    if (write_number(t, first, notes, params, s))
        return;
    switch (s) {
    case SET_SEED:
        json_key(t, first, "seed");
        text_add(t, "%lld", p->seed == UINT32_MAX ? -1LL : (long long)p->seed);    /* the random seed is -1 */
        return;
    case SET_IGNORE_EOS:
        json_key(t, first, "ignore_eos");
        text_add(t, "%s", p->ignore_eos ? "true" : "false");
        return;
    case SET_PROMPT:
    case SET_N_PREDICT:
        write_request(t, first, notes, params, s, chat);
        return;
    default:
        write_list(t, first, notes, params, s, chat);
        return;
    }
}

size_t request_json(const CliParams *params, RequestKind kind, char *buf, size_t size, char *notes,
                    size_t notes_size)
{
    /* The order of the members: /completion's, and the chat body's with OpenAI's parameters first. */
    static const ArgsSetting completion_order[] = {
        SET_PROMPT, SET_N_PREDICT, SET_TEMP, SET_TOP_K, SET_TOP_P, SET_MIN_P, SET_TYP_P, SET_REPEAT_LAST_N,
        SET_REPEAT_PENALTY, SET_PRESENCE, SET_FREQUENCY, SET_DRY_MULTIPLIER, SET_DRY_BASE,
        SET_DRY_ALLOWED_LENGTH, SET_DRY_LAST_N, SET_XTC_PROBABILITY, SET_XTC_THRESHOLD, SET_TOP_N_SIGMA,
        SET_DYNATEMP_RANGE, SET_DYNATEMP_EXPONENT, SET_MIROSTAT, SET_MIROSTAT_TAU, SET_MIROSTAT_ETA,
        SET_ADAPTIVE_TARGET, SET_ADAPTIVE_DECAY, SET_SEED, SET_DRY_BREAKERS, SET_SAMPLERS, SET_IGNORE_EOS,
        SET_LOGIT_BIAS, SET_STOP, SET_MIN_KEEP};
    static const ArgsSetting chat_order[] = {
        SET_PROMPT, SET_N_PREDICT, SET_TEMP, SET_TOP_P, SET_FREQUENCY, SET_PRESENCE, SET_SEED, SET_LOGIT_BIAS,
        SET_STOP, SET_TOP_K, SET_MIN_P, SET_TYP_P, SET_REPEAT_LAST_N, SET_REPEAT_PENALTY, SET_DRY_MULTIPLIER,
        SET_DRY_BASE, SET_DRY_ALLOWED_LENGTH, SET_DRY_LAST_N, SET_DRY_BREAKERS, SET_XTC_PROBABILITY,
        SET_XTC_THRESHOLD, SET_TOP_N_SIGMA, SET_DYNATEMP_RANGE, SET_DYNATEMP_EXPONENT, SET_MIROSTAT,
        SET_MIROSTAT_TAU, SET_MIROSTAT_ETA, SET_ADAPTIVE_TARGET, SET_ADAPTIVE_DECAY, SET_SAMPLERS, SET_IGNORE_EOS,
        SET_MIN_KEEP};
    _Static_assert(sizeof completion_order / sizeof completion_order[0] == SET_COUNT, "every setting once");
    _Static_assert(sizeof chat_order / sizeof chat_order[0] == SET_COUNT, "every setting once");
    Text t = text_start(buf, size);
    Text n = text_start(notes, notes_size);
    if (params == NULL) {
        text_add(&t, "{}");
        return t.len;
    }
    const ArgsSetting *order = kind == REQUEST_CHAT ? chat_order : completion_order;
    text_add(&t, "{");
    bool first = true;
    bool chat = kind == REQUEST_CHAT, system = params->system_prompt[0] != '\0';
    /* To a router, a body names its model, which picks the preset's section (reference section 11); the
     * section's values, [*]'s and the model's GGUF are the router's own for it, so the body leaves them to it. */
    char left[600] = "";
    Text l = text_start(left, sizeof left);
    if (params->router_child && params->preset_model != NULL) {
        json_key(&t, &first, "model");
        json_string(&t, params->preset_model);
    }
    for (size_t i = 0; i < SET_COUNT; i++) {
        ArgsSetting s = order[i];
        if (s == SET_MIN_KEEP)
            continue;       /* no flag sets it, so a body made from flags leaves it to the server */
        bool request_only = s == SET_PROMPT || s == SET_N_PREDICT || s == SET_STOP;
        ValueLayer layer = params->sources[s].now.layer;
        bool preset = params->router_child && (layer == LAYER_PRESET_ALL || layer == LAYER_PRESET_MODEL);
        if (preset && kind != REQUEST_COMPLETION_ALL && (params->set & (1u << s)) != 0) {
            text_add(&l, "%s%s", l.len ? ", " : "", args_setting_field(s, NULL));
            continue;
        }
        bool wanted = (params->set & (1u << s)) != 0 || (kind == REQUEST_COMPLETION_ALL && !request_only)
                   || (s == SET_PROMPT && chat && system);
        if (wanted)
            write_setting(&t, &first, &n, params, s, chat);
    }
    if (params->backend_sampling) {     /* -bs: the request field asks for it (reference section 2) */
        json_key(&t, &first, "backend_sampling");
        text_add(&t, "true");
    }
    text_add(&t, "}");
    if (params->router_child && params->preset_model == NULL)
        text_add(&n, "model: none chosen, so this body names none, and a router answers 400 \"model name is missing "
                 "from the request\" (tools/server/server-models.cpp at 00dd0816, router_validate_model); give "
                 "--preset-model NAME, and the body names it\n");
    if (left[0] != '\0')
        text_add(&n, "%s: left out of the body, as the preset's: the router gives a preset's values to the model's "
                 "server itself, with the model's general.sampling.* (reference section 11); the body carries this "
                 "line's own flags\n", left);
    /* What the server needs that the command line did not give (the body goes out anyway, to be completed). */
    /* A llama-server line has no prompt flag (arg.cpp 0017d6fb gives -p, -f, -sys, -sysf to llama-cli and
     * llama-completion): its body has no prompt to take from it. */
    bool server = params->tool == TOOL_SERVER;
    if (chat && !system && (params->set & (1u << SET_PROMPT)) == 0)
        text_add(&n, "messages: %s, so this body has none; add them before you send it (whether llama-server's "
                 "/v1/chat/completions refuses a body without them is not checked against this workbench's "
                 "reference)\n", server ? "a llama-server line has none to give (-p and -sys are llama-cli's and "
                 "llama-completion's)" : "none given (-p, -sys)");
    if (!chat && (params->set & (1u << SET_PROMPT)) == 0)
        text_add(&n, "prompt: %s, so this body has none; add it before you send it (whether llama-server's "
                 "/completion refuses a body without one is not checked against this workbench's reference)\n",
                 server ? "a llama-server line has none to give (-p and -f are llama-cli's and llama-completion's)"
                 : "none given (-p or -f)");
    if (!chat && system)
        text_add(&n, "-sys: /completion has no system message; not sent (--openai sends it)\n");
    if (params->outside[0] != '\0')
        text_add(&n, "%s: %s sampling (outside the chain) but %s not carried in this body; add the server's field "
                 "yourself if you need it\n", params->outside, strstr(params->outside, ", ") ? "they change"
                 : "it changes", strstr(params->outside, ", ") ? "are" : "is");
    return t.len;
}
