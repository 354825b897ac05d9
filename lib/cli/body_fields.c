/* body_fields.c: the fields of server-schema.cpp, in its order. The plain ones (a number or a boolean, with a
 * clamp or a hard limit) are one table; the fields with a handler of their own (dry_base, seed, logit_bias,
 * samplers, breakers, stop, lora, ignore_eos) are functions. */
#include "cli/apply.h"
#include "cli/body.h"
#include "cli/values.h"

#include <assert.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NONE SIZE_MAX                           /* a field that sets nothing here: only checked */
#define SP(field) offsetof(CliParams, sampling.field)

typedef enum { N_BOOL, N_INT, N_INT64, N_UINT, N_FLOAT, N_STRING } Kind;
typedef enum { L_NONE, L_CLAMP, L_HARD } Limit;

/* The plain fields: names (the first present wins), the C++ type nlohmann converts to, the limit. */
typedef struct {
    const char *names[3];
    Kind kind;
    Limit limit;
    double min, max;
    int setting;                /* the ArgsSetting it sets, or -1 */
    size_t offset;              /* an int32_t or double in CliParams, or NONE */
} Field;

static const Field fields[] = {
    {{"verbose"}, N_BOOL, L_NONE, 0, 0, -1, NONE}, {{"timings_per_token"}, N_BOOL, L_NONE, 0, 0, -1, NONE},
    {{"stream"}, N_BOOL, L_NONE, 0, 0, -1, NONE}, {{"cache_prompt"}, N_BOOL, L_NONE, 0, 0, -1, NONE},
    {{"return_tokens"}, N_BOOL, L_NONE, 0, 0, -1, NONE}, {{"return_progress"}, N_BOOL, L_NONE, 0, 0, -1, NONE},
    {{"sse_ping_interval"}, N_INT, L_HARD, -1, INT32_MAX, -1, NONE},
    {{"n_predict", "max_completion_tokens", "max_tokens"}, N_INT, L_HARD, -1, INT32_MAX, SET_N_PREDICT,
     offsetof(CliParams, n_predict)},
    {{"n_indent"}, N_INT, L_HARD, 0, INT32_MAX, -1, NONE}, {{"n_keep"}, N_INT, L_HARD, -1, INT32_MAX, -1, NONE},
    {{"n_discard"}, N_INT, L_HARD, 0, INT32_MAX, -1, NONE},
    {{"n_cmpl", "n"}, N_INT, L_HARD, 1, INT32_MAX, -1, NONE},   /* up to the server's -np: read_n_cmpl */
    {{"n_cache_reuse"}, N_INT, L_HARD, 0, INT32_MAX, -1, NONE},
    {{"t_max_predict_ms"}, N_INT64, L_HARD, -1, 9223372036854775807.0, -1, NONE},
    {{"top_k"}, N_INT, L_CLAMP, 0, INT32_MAX, SET_TOP_K, SP(top_k)},
    {{"top_p"}, N_FLOAT, L_CLAMP, 0, 1, SET_TOP_P, SP(top_p)},
    {{"min_p"}, N_FLOAT, L_CLAMP, 0, 1, SET_MIN_P, SP(min_p)},
    {{"top_n_sigma"}, N_FLOAT, L_NONE, 0, 0, SET_TOP_N_SIGMA, SP(top_n_sigma)},
    {{"xtc_probability"}, N_FLOAT, L_CLAMP, 0, 1, SET_XTC_PROBABILITY, SP(xtc_probability)},
    {{"xtc_threshold"}, N_FLOAT, L_CLAMP, 0, 1, SET_XTC_THRESHOLD, SP(xtc_threshold)},
    {{"typical_p"}, N_FLOAT, L_NONE, 0, 0, SET_TYP_P, SP(typ_p)},
    {{"temperature"}, N_FLOAT, L_CLAMP, 0, INFINITY, SET_TEMP, SP(temp)},
    {{"dynatemp_range"}, N_FLOAT, L_NONE, 0, 0, SET_DYNATEMP_RANGE, SP(dynatemp_range)},
    {{"dynatemp_exponent"}, N_FLOAT, L_NONE, 0, 0, SET_DYNATEMP_EXPONENT, SP(dynatemp_exponent)},
    {{"repeat_last_n"}, N_INT, L_HARD, 0, INT32_MAX, SET_REPEAT_LAST_N, SP(penalty_last_n)},
    {{"repeat_penalty"}, N_FLOAT, L_NONE, 0, 0, SET_REPEAT_PENALTY, SP(penalty_repeat)},
    {{"frequency_penalty"}, N_FLOAT, L_NONE, 0, 0, SET_FREQUENCY, SP(penalty_freq)},
    {{"presence_penalty"}, N_FLOAT, L_NONE, 0, 0, SET_PRESENCE, SP(penalty_present)},
    {{"dry_multiplier"}, N_FLOAT, L_NONE, 0, 0, SET_DRY_MULTIPLIER, SP(dry_multiplier)},
    {{"dry_allowed_length"}, N_INT, L_HARD, 0, INT32_MAX, SET_DRY_ALLOWED_LENGTH, SP(dry_allowed_length)},
    {{"dry_penalty_last_n"}, N_INT, L_HARD, 0, INT32_MAX, SET_DRY_LAST_N, SP(dry_penalty_last_n)},
    {{"mirostat"}, N_INT, L_CLAMP, 0, 2, SET_MIROSTAT, SP(mirostat)},
    {{"mirostat_tau"}, N_FLOAT, L_NONE, 0, 0, SET_MIROSTAT_TAU, SP(mirostat_tau)},
    {{"mirostat_eta"}, N_FLOAT, L_NONE, 0, 0, SET_MIROSTAT_ETA, SP(mirostat_eta)},
    {{"adaptive_target"}, N_FLOAT, L_CLAMP, -FLT_MAX, 1, SET_ADAPTIVE_TARGET, SP(adaptive_target)},
    {{"adaptive_decay"}, N_FLOAT, L_HARD, 0, 0.99, SET_ADAPTIVE_DECAY, SP(adaptive_decay)},
    {{"n_probs", "logprobs"}, N_INT, L_NONE, 0, 0, -1, offsetof(CliParams, n_probs)},
    {{"min_keep"}, N_INT, L_HARD, 0, INT32_MAX, SET_MIN_KEEP, SP(min_keep)},
    {{"backend_sampling"}, N_BOOL, L_NONE, 0, 0, -1, NONE}, {{"post_sampling_probs"}, N_BOOL, L_NONE, 0, 0, -1, NONE},
    {{"grammar_lazy"}, N_BOOL, L_NONE, 0, 0, -1, NONE}, {{"chat_format"}, N_INT, L_NONE, 0, 0, -1, NONE},
    {{"reasoning_format"}, N_STRING, L_NONE, 0, 0, -1, NONE}, {{"generation_prompt"}, N_STRING, L_NONE, 0, 0, -1, NONE},
    {{"parse_tool_calls"}, N_BOOL, L_NONE, 0, 0, -1, NONE}, {{"chat_parser"}, N_STRING, L_NONE, 0, 0, -1, NONE},
    {{"echo"}, N_BOOL, L_NONE, 0, 0, -1, NONE}, {{"reasoning_control"}, N_BOOL, L_NONE, 0, 0, -1, NONE},
    {{"reasoning_budget_tokens"}, N_INT, L_HARD, -1, INT32_MAX, -1, NONE},
    {{"reasoning_budget_start_tag"}, N_STRING, L_NONE, 0, 0, -1, NONE},
    {{"reasoning_budget_message"}, N_STRING, L_NONE, 0, 0, -1, NONE},
};

/* The fields the chat conversion sets itself, so that the body's own are not read (server-common.cpp). */
static const char *const chat_own[] = {"chat_format", "prompt", "grammar_lazy", "grammar_triggers",
                                        "preserved_tokens", "thinking_forced_open", "chat_parser"};

/* One refusal: "name: " then the message. Returns false. */
bool body_refuse(Body *b, const char *name, const char *fmt, const char *what)
{
    char line[600];
    snprintf(line, sizeof line, fmt, what);
    snprintf(b->err, b->err_size, "%s: %s", name, line);
    return false;
}

/* Writes nlohmann's type_error as llama-server's 400 quotes it ("Field 'top_k': [json.exception.type_error.302]
 * type must be number, but is string") to b->err; returns false. */
static bool body_type_error(Body *b, const char *name, const char *want, const JsonValue *v)
{
    char line[400];
    snprintf(line, sizeof line, "llama-server answers 400: \"Field '%s': [json.exception.type_error.302] type must "
             "be %s, but is %s\"", name, want, json_type_name(v));
    snprintf(b->err, b->err_size, "%s: %s", name, line);
    return false;
}

/* The value of the first of names present and not null (JSON null counts as absent); *used gets its name. */
static const JsonValue *field(const Body *b, const char *const *names, size_t n_names, const char **used)
{
    for (size_t i = 0; i < n_names && names[i] != NULL; i++) {
        assert(server_reads_field(names[i]));       /* the list of the fields llama-server reads holds it */
        const JsonValue *v = json_get(b->doc, b->body, names[i]);
        if (v != NULL && json_type(v) != JSON_NULL) {
            *used = names[i];
            return v;
        }
    }
    return NULL;
}

/* 2^bits wrap of a whole number, as C++ converts to a narrower integer type: nlohmann::json's get<int32_t> of a
 * number stored as a 64-bit integer is a static_cast, which C++20 defines as this wrap, and which before C++20 is
 * implementation-defined, GCC documenting this same wrap (its manual, "Integers implementation"). A float past
 * the type's range is undefined behaviour in every C++, and is refused instead (get_integer). */
static long long wrap(uint64_t u, int bits, bool is_unsigned)
{
    if (bits == 64)
        return u <= INT64_MAX ? (long long)u : (long long)(u - INT64_MAX - 1) + INT64_MIN;
    uint32_t low = (uint32_t)u;
    return is_unsigned || low <= INT32_MAX ? (long long)low : (long long)low - 4294967296LL;
}

/* nlohmann's get<T> for an integer T (int32_t, int64_t, or uint32_t for the seed) into *out. A boolean is 0
 * or 1 (except for int64_t, nlohmann's own integer type); a float is cut toward 0, and refused where C++'s
 * conversion is undefined (past the type's range). */
/* The note for a body's number that its field holds as another value: a boolean as 0 or 1, a fraction cut, a whole
 * number wrapped to the field's bits. How a number converts is nlohmann::json's and C++'s, which the reference does not
 * describe (lib/cli/README.md, "Where the words come from"). */
static void note_converted(Body *b, const char *name, const JsonValue *v, long long got, const char *how)
{
    char text[64];
    text_add(&b->notes, "%s: %s is read as %lld (%s: nlohmann::json, llama-server's JSON reader, and C++'s "
             "conversion, which the reference does not describe)\n", name, json_written(b->doc, v, text, sizeof text),
             got, how);
}

static bool get_integer(Body *b, const char *name, const JsonValue *v, Kind kind, long long *out)
{
    int bits = kind == N_INT64 ? 64 : 32;
    bool is_unsigned = kind == N_UINT;
    switch (json_type(v)) {
    case JSON_BOOL:
        if (kind == N_INT64)
            return body_type_error(b, name, "number", v);
        *out = json_bool(v);
        if (strcmp(name, "logprobs") != 0 || json_get(b->doc, b->body, "messages") == NULL)    /* the chat's own */
            note_converted(b, name, v, *out, "a boolean in a number field is 0 or 1");
        return true;
    case JSON_INTEGER:
        *out = wrap((uint64_t)json_integer(b->doc, v), bits, is_unsigned);
        if (*out != json_integer(b->doc, v) && !(is_unsigned && json_integer(b->doc, v) == -1))   /* -1: random */
            note_converted(b, name, v, *out, "the field keeps the number's low 32 bits");
        return true;
    case JSON_UNSIGNED:
        *out = wrap(json_unsigned(b->doc, v), bits, is_unsigned);
        note_converted(b, name, v, *out, bits == 64 ? "past int64, the number wraps" : "the field keeps the number's "
                       "low 32 bits");
        return true;
    case JSON_FLOAT: {
        double t = trunc(json_number(b->doc, v));
        double lo = is_unsigned ? 0.0 : bits == 64 ? -9223372036854775808.0 : -2147483648.0;    /* -0 passes */
        double hi = is_unsigned ? 4294967296.0 : bits == 64 ? 9223372036854775808.0 : 2147483648.0;
        char text[64];
        if (!(t >= lo && t < hi))
            return body_refuse(b, name, "%s does not fit llama-server's integer field (C++'s conversion is undefined "
                               "there; this tool refuses it)", json_written(b->doc, v, text, sizeof text));
        *out = (long long)t;
        if (t != json_number(b->doc, v))
            note_converted(b, name, v, *out, "an integer field cuts the number's fraction");
        return true;
    }
    default:
        return body_type_error(b, name, "number", v);
    }
}

/* The note for a JSON number (v) whose float f is not the number as a reader expects it: past float's range (inf),
 * below its smallest (0), or a subnormal; what the field then holds, and for the temperature and a bias what that does.
 * what names the field ("temperature", "logit_bias: [16, 1e39]"). */
static void float_note(Body *b, const char *what, const JsonValue *v, double f)
{
    char text[64], held[128], over[32];
    double d = json_number(b->doc, v);
    bool temp = strcmp(what, "temperature") == 0, bias = strncmp(what, "logit_bias", 10) == 0;
    const char *how = "(nlohmann::json's get<float>, C++'s conversion of the double, which the reference does not "
                      "describe)";
    json_written(b->doc, v, text, sizeof text);
    if (isinf(f))
        text_add(&b->notes, "%s: %s is past float's range (at most about 3.4e38): llama-server's float field holds "
                 "%s %s%s%s\n", what, text, f > 0 ? "inf" : "-inf", how, temp && f > 0 ? "; temp divides each logit "
                 "by it (reference section 1), so each finite logit becomes 0 and the tokens the filters keep are "
                 "equally likely, unless a dynatemp range is set" : "", !bias ? "" : f > 0 ? "; added to the token's "
                 "logit, it makes it inf" : "; added to the token's logit, it makes it -inf, as false does");
    else if (f == 0 && d != 0)
        text_add(&b->notes, "%s: %s is below float's smallest (about 1.4e-45): llama-server's float field holds 0 "
                 "%s%s\n", what, text, how, temp && d > 0 ? "; so the chain runs temperature 0, which keeps only the "
                 "top token (greedy), as the flags line's --temp 0 does" : "");
    else if (f != 0 && fabs(f) < FLT_MIN)
        text_add(&b->notes, "%s: %s is below float's smallest normal (about 1.2e-38): llama-server's float field "
                 "holds %s, a subnormal float %s%s%s%s\n", what, text, float_flag_text(f, held, sizeof held), how,
                 temp ? "; temp divides each logit by it (reference section 1), so a logit farther from 0 than about "
                 : "", temp ? float_text(FLT_MAX * fabs(f), over, sizeof over) : "", temp ? " becomes inf or -inf; "
                 "the flags line writes it exactly, as std::stof refuses (ERANGE) a decimal subnormal that is not "
                 "exact" : "");
}

/* nlohmann's get<float>: a number or a boolean, as the float llama-server holds (in a double). */
static bool get_float(Body *b, const char *name, const JsonValue *v, double *out)
{
    switch (json_type(v)) {
    case JSON_BOOL:
        *out = json_bool(v);
        note_converted(b, name, v, (long long)*out, "a boolean in a number field is 0 or 1");
        return true;
    case JSON_INTEGER: *out = (float)json_integer(b->doc, v); return true;
    case JSON_UNSIGNED: *out = (float)json_unsigned(b->doc, v); return true;
    case JSON_FLOAT:
        *out = float_value(json_number(b->doc, v));
        float_note(b, name, v, *out);   /* JSON has no inf: a finite double past float's range, or below it */
        return true;
    default: return body_type_error(b, name, "number", v);
    }
}

/* How a value is shown in a note: its text as written, or true/false, into buf (size bytes). */
static const char *written(const Body *b, const JsonValue *v, char *buf, size_t size)
{
    json_written(b->doc, v, buf, size);
    return buf[0] != '\0' ? buf : "?";
}

/* Records that the field `name` (as written, pointing into a static table; an alias of the field alias_of, or
 * NULL) set the setting, whose value it has stored. */
static void mark_alias(Body *b, int setting, const char *name, const char *alias_of)
{
    if (setting < 0)
        return;
    b->params->set |= 1u << setting;
    b->params->named[setting] = name;
    b->params->typed[setting][0] = '\0';    /* the value is the body's now, not a flag's */
    sources_note(b->params, setting, LAYER_REQUEST, name, NULL, NULL, alias_of);
}

static void mark(Body *b, int setting, const char *name)
{
    mark_alias(b, setting, name, NULL);
}

/* A window of -1 refused: what llama.cpp does with it elsewhere, so that the refusal does not mislead. */
static const char *window_hint(const char *name, long long value)
{
    if (value != -1 || (strcmp(name, "repeat_last_n") != 0 && strcmp(name, "dry_penalty_last_n") != 0))
        return "";
    return " (a command line's -1 is off where it reaches current libllama, which clamps it to 0; older llama-server "
           "took it as the slot's context size; send 0 for off, or the window in tokens)";
}

/* n_cmpl (alias n): hard [1, n_parallel] (reference section 7). The server's n_parallel is its -np, known only
 * when -np was given with --from-json; without it, a value below 1 is refused naming the bound in words, and
 * one above 1 gets a note. Returns false with the refusal. */
static bool read_n_cmpl(Body *b, const char *name, long long n)
{
    int32_t np = b->params->n_parallel;
    char line[300];
    if (np >= 1 && (n < 1 || n > np)) {
        snprintf(line, sizeof line, "llama-server answers 400: \"Field '%s': Value must be between 1 <= value <= %d, "
                 "but got %lld\" (the upper bound is the server's n_parallel, -np %d)", name, (int)np, n, (int)np);
        return body_refuse(b, name, "%s", line);
    }
    if (n < 1) {
        snprintf(line, sizeof line, "llama-server answers 400 for %lld: %s must be at least 1, and at most the "
                 "server's n_parallel (its -np)", n, name);
        return body_refuse(b, name, "%s", line);
    }
    if (np < 1 && n > 1)
        text_add(&b->notes, "%s: %lld: llama-server answers 400 if its n_parallel (-np) is below %lld; give the "
                 "server's -np with --from-json to check it\n", name, n, n);
    return true;
}

/* One plain field: type, limit, then the value into CliParams. */
static bool read_plain(Body *b, const Field *f)
{
    const char *name = f->names[0];
    const JsonValue *v = field(b, f->names, 3, &name);
    if (v == NULL)
        return true;
    char line[500], typed[64];
    static const char clamp_why[] = "is clamped by llama-server (reference section 7)";
    long long n_read = 0;       /* an integer field's value, as read */
    if (f->kind == N_BOOL || f->kind == N_STRING) {
        bool ok = f->kind == N_BOOL ? json_type(v) == JSON_BOOL : json_type(v) == JSON_STRING;
        if (!ok)
            return body_type_error(b, name, f->kind == N_BOOL ? "boolean" : "string", v);
        if (strcmp(name, "backend_sampling") == 0)
            b->params->backend_sampling = json_bool(v);  /* -bs for this request: the chain line's note says more */
        if (strcmp(name, "post_sampling_probs") == 0)
            b->params->post_sampling_probs = json_bool(v);
        return true;
    }
    if (f->kind == N_FLOAT) {
        double d;
        if (!get_float(b, name, v, &d))
            return false;
        if (f->limit == L_HARD && (d < float_value(f->min) || d > float_value(f->max))) {
            snprintf(line, sizeof line, "llama-server answers 400: \"Field '%s': Value must be between %f <= value <= "
                     "%f, but got %f\"", name, float_value(f->min), float_value(f->max), d);
            return body_refuse(b, name, "%s", line);
        }
        double clamped = f->limit == L_CLAMP ? fmax(f->min, fmin(f->max, d)) : d;
        if (clamped != d) {
            char text[40];
            text_add(&b->notes, "%s: %s is clamped to %s by llama-server%s\n", name, written(b, v, typed, sizeof typed),
                     float_text(clamped, text, sizeof text),
                     strcmp(name, "min_p") == 0 && d > 1 ? ", which keeps every token tied with the top one "
                     "(llama.cpp's command line, given it, keeps exactly one token)" : "");
        }
        if (f->offset != NONE)
            memcpy((char *)b->params + f->offset, &clamped, sizeof clamped);
        mark_alias(b, f->setting, name, name != f->names[0] ? f->names[0] : NULL);
        if (clamped != d)       /* the value line names the value sent, as the note does */
            sources_unused(b->params, f->setting, LAYER_REQUEST, name, typed, clamp_why);
    } else {
        long long n;
        if (!get_integer(b, name, v, f->kind, &n))
            return false;
        if (strcmp(f->names[0], "n_cmpl") == 0)
            return read_n_cmpl(b, name, n);
        n_read = n;
        if (f->limit == L_HARD && (n < f->min || (double)n > f->max)) {
            snprintf(line, sizeof line, "llama-server answers 400: \"Field '%s': Value must be between %.0f <= value "
                     "<= %.0f, but got %lld\"%s", name, f->min, f->max, n, window_hint(name, n));
            return body_refuse(b, name, "%s", line);
        }
        long long clamped = f->limit == L_CLAMP ? (n < f->min ? (long long)f->min : (double)n > f->max
                                                   ? (long long)f->max : n) : n;
        bool converted = json_type(v) != JSON_INTEGER || json_integer(b->doc, v) != n;   /* note_converted's */
        if (clamped != n && converted)      /* the value read, not the number sent, is what is clamped */
            text_add(&b->notes, "%s: %lld, as read, is clamped to %lld by llama-server\n", name, n, clamped);
        else if (clamped != n)
            text_add(&b->notes, "%s: %s is clamped to %lld by llama-server\n", name,
                     written(b, v, typed, sizeof typed), clamped);
        if (f->offset != NONE) {
            int32_t i32 = (int32_t)clamped;
            memcpy((char *)b->params + f->offset, &i32, sizeof i32);
        }
        mark_alias(b, f->setting, name, name != f->names[0] ? f->names[0] : NULL);
        if (clamped != n && converted)
            snprintf(typed, sizeof typed, "%lld, as read,", n);
        if (clamped != n)
            sources_unused(b->params, f->setting, LAYER_REQUEST, name, typed, clamp_why);
    }
    if (strcmp(f->names[0], "n_probs") == 0)
        b->params->probs_named = name;
    if (strcmp(name, "reasoning_budget_tokens") == 0 && n_read >= 0)     /* -1 is no budget */
        text_add(&b->notes, "reasoning_budget_tokens: llama.cpp's reasoning-budget sampler is kept outside the chain "
                            "and never printed in its line (llama.cpp's --reasoning-budget); not in the flags\n");
    if (strcmp(name, "min_keep") == 0 && b->params->sampling.min_keep != 0)
        text_add(&b->notes, "min_keep: no llama.cpp flag sets it (the chain line is the same; the flags leave it "
                            "out)\n");
    return true;
}

/* dry_base: below 1 (in float) llama-server puts its own default in its place. */
static bool read_dry_base(Body *b)
{
    static const char *const names[] = {"dry_base"};
    const char *name = names[0];
    const JsonValue *v = field(b, names, 1, &name);
    double d;
    if (v == NULL)
        return true;
    if (!get_float(b, name, v, &d))
        return false;
    if (!(d < 1)) {
        b->params->sampling.dry_base = d;
        mark(b, SET_DRY_BASE, name);
        return true;
    }
    char text[40], typed[64];
    text_add(&b->notes, "dry_base: %s is below 1: llama-server uses its default, %s, instead\n",
             written(b, v, typed, sizeof typed), float_text(b->default_dry_base, text, sizeof text));
    b->params->sampling.dry_base = b->default_dry_base;
    /* The value is the server's (server-schema.cpp at 0177c342 takes params_base's dry_base), so whatever set it stays
     * its setter and its source, not marked as the body's; the request's value is named as the one not used. */
    sources_unused(b->params, SET_DRY_BASE, LAYER_REQUEST, name, typed, "is below 1, which llama-server replaces by "
                   "the server's value (reference section 7)");
    return true;
}

/* seed: a uint32_t, so -1 wraps to 0xFFFFFFFF, llama.cpp's "random". */
static bool read_seed(Body *b)
{
    static const char *const names[] = {"seed"};
    const char *name = names[0];
    const JsonValue *v = field(b, names, 1, &name);
    long long n;
    if (v == NULL)
        return true;
    if (!get_integer(b, name, v, N_UINT, &n))
        return false;
    b->params->sampling.seed = (uint32_t)n;
    mark(b, SET_SEED, name);
    return true;
}

/* A bias as llama-server's parse_bias takes it: a number (its float) or false (a ban); else it is skipped. */
static bool bias_value(const JsonDoc *doc, const JsonValue *v, double *bias)
{
    JsonType t = json_type(v);
    if (t == JSON_INTEGER || t == JSON_UNSIGNED || t == JSON_FLOAT) {
        *bias = t == JSON_FLOAT ? float_value(json_number(doc, v)) : t == JSON_INTEGER ? (float)json_integer(doc, v)
                                                                                       : (float)json_unsigned(doc, v);
        return true;
    }
    if (t == JSON_BOOL && !json_bool(v)) {
        *bias = -INFINITY;
        return true;
    }
    return false;
}

/* Appends one bias of the logit_bias field list; false (with err, naming the list's size) past this tool's
 * limit, CHAIN_MAX_BIASES entries. */
static bool add_bias(Body *b, const JsonValue *list, long long token, double bias)
{
    SamplingParams *sp = &b->params->sampling;
    if (sp->n_logit_bias == CHAIN_MAX_BIASES) {
        snprintf(b->err, b->err_size, "logit_bias: its %zu %s hold more than %d entries, this tool's limit "
                 "(see lib/cli/README.md, Limits): the body is not read", json_count(b->doc, list),
                 json_type(list) == JSON_OBJECT ? "keys" : "elements", CHAIN_MAX_BIASES);
        return false;
    }
    b->params->bias_strings[sp->n_logit_bias][0] = '\0';
    sp->logit_bias[sp->n_logit_bias++] = (LogitBias){(int32_t)token, bias};
    return true;
}

/* A token given as text: llama-server tokenizes it and biases each of its tokens; this tool has no tokenizer,
 * so it keeps one entry with the id -1 (matching no token) for the chain line, and a note says so; the text
 * goes to bias_strings, for --explain to name the entry as it is. */
static bool add_text_token(Body *b, const JsonValue *list, const char *text, size_t length, double bias)
{
    char shown_text[80];
    shown_quoted(text, shown_text, sizeof shown_text);
    if (length == 0) {
        text_add(&b->notes, "logit_bias: \"\" is a string with no tokens: llama-server biases nothing for it\n");
        return true;
    }
    text_add(&b->notes, "logit_bias: \"%s\" is a string: llama-server tokenizes it (with the model's tokenizer, "
             "which this tool does not have) and biases each of its tokens; kept here as the id -1, matching no "
             "token, so that the chain line shows logit-bias (find its ids with the model's tokenizer and write -l "
             "ID%+g)\n",
             shown_text, bias);
    if (!add_bias(b, list, -1, bias))
        return false;
    SamplingParams *sp = &b->params->sampling;
    shown_quoted(text, b->params->bias_strings[sp->n_logit_bias - 1], sizeof b->params->bias_strings[0]);
    return true;
}

/* One member of an object, for finding its duplicate keys: the key, and where the member stands. */
typedef struct {
    const char *key;
    size_t length;
    size_t at;                  /* the member's place in the object, from 0 */
} KeyAt;

/* Orders members by key (bytes, then length), then by place. */
static int compare_keys(const void *a, const void *b)
{
    const KeyAt *x = a, *y = b;
    size_t n = x->length < y->length ? x->length : y->length;
    int c = memcmp(x->key, y->key, n);
    if (c != 0)
        return c;
    if (x->length != y->length)
        return x->length < y->length ? -1 : 1;
    return x->at < y->at ? -1 : x->at > y->at;
}

/* For each member of object (count members, in order), whether it is the last with its key: nlohmann::json,
 * llama-server's reader, keeps the last value of a repeated key (json_get does the same for the body's own
 * fields). Sorted, so a body of many repeated keys costs n log n. Returns a calloc'd array (free it), or NULL
 * when out of memory. */
static bool *last_of_keys(const JsonDoc *doc, const JsonValue *object)
{
    size_t n = json_count(doc, object);
    KeyAt *keys = malloc((n > 0 ? n : 1) * sizeof *keys);
    bool *last = calloc(n > 0 ? n : 1, sizeof *last);
    if (keys == NULL || last == NULL) {
        free(keys);
        free(last);
        return NULL;
    }
    size_t at = 0;
    for (const JsonValue *m = json_first(doc, object); m != NULL && at < n; m = json_next(doc, m), at++) {
        size_t length;
        const char *key = json_member_key(doc, m, &length);
        keys[at] = (KeyAt){key, length, at};
    }
    qsort(keys, at, sizeof *keys, compare_keys);
    for (size_t k = 0; k < at; k++)
        last[keys[k].at] = k + 1 == at || compare_keys(&keys[k], &(KeyAt){keys[k + 1].key, keys[k + 1].length,
                                                                            keys[k].at}) != 0;
    free(keys);
    return last;
}

/* A JSON value as a warning shows it: a number or literal as written, a string quoted, an array's items (one
 * level: "[16, \"a\"]"), into buf (size bytes). Returns buf. */
static const char *value_shown(const JsonDoc *doc, const JsonValue *v, bool inner, char *buf, size_t size)
{
    Text t = text_start(buf, size);
    char one[80];
    size_t length;
    const char *text = json_text(doc, v, &length);
    if (text != NULL) {
        text_add(&t, "\"%s\"", shown(text, one, sizeof one));
    } else if (json_type(v) == JSON_ARRAY && !inner) {
        text_add(&t, "[");
        for (const JsonValue *e = json_first(doc, v); e != NULL; e = json_next(doc, e))
            text_add(&t, "%s%s", e == json_first(doc, v) ? "" : ", ", value_shown(doc, e, true, one, sizeof one));
        text_add(&t, "]");
    } else if (json_type(v) == JSON_ARRAY || json_type(v) == JSON_OBJECT) {
        text_add(&t, json_type(v) == JSON_ARRAY ? "[...]" : "{...}");
    } else {
        text_add(&t, "%s", json_written(doc, v, one, sizeof one));
    }
    return buf;
}

/* The warning for a logit_bias entry (shown as written) that llama-server skips, and why. */
static void skipped_bias(Body *b, const char *entry, const char *why)
{
    char line[600];
    snprintf(line, sizeof line, "logit_bias: %s%s: llama-server skips it (reference section 7)", entry, why);
    args_warn(b->params, "%s\n", line);
}

/* A whole-number id as llama-server takes it, into *token: nlohmann's get<llama_token> (32 bits, wrapped: wrap's
 * comment) of an array's id, or strtol's long cast to llama_token of an object's key (of_key); a warning when the
 * number does not fit 32 bits. Returns whether llama-server keeps it: an id below 0 is skipped, with a warning
 * (the range test is tok >= 0 && tok < n_vocab, server-schema.cpp at 0177c342; this tool does not know n_vocab
 * and keeps every id at or above 0: lib/cli/README.md, Limits). */
static bool bias_token(Body *b, const char *entry, const char *written, uint64_t raw, bool is_unsigned, bool of_key,
                       long long *token)
{
    long long whole = is_unsigned ? (long long)(raw > INT64_MAX ? INT64_MAX : raw) : (long long)raw;
    *token = wrap(raw, 32, false);
    char why[300];
    if (is_unsigned ? raw > INT32_MAX : (whole < INT32_MIN || whole > INT32_MAX)) {
        char line[700];
        snprintf(line, sizeof line, "logit_bias: %s: the id %s does not fit llama-server's 32-bit llama_token: it "
                 "reads %lld (%s, which keeps the low 32 bits); %s", entry, written, *token,
                 of_key ? "strtol's number cast to llama_token" : "nlohmann's get<llama_token>",
                 *token < 0 ? "below 0, so llama-server skips it"
                 : "kept here as that id (llama-server keeps it only if the model has more tokens than that)");
        args_warn(b->params, "%s\n", line);
        return *token >= 0;
    }
    if (*token < 0) {
        snprintf(why, sizeof why, ": the id %s is below 0, outside the vocabulary", written);
        skipped_bias(b, entry, why);
        return false;
    }
    return true;
}

/* float_note for a bias (v) of the entry shown as entry. */
static void bias_note(Body *b, const char *entry, const JsonValue *v, double bias)
{
    char what[220];
    snprintf(what, sizeof what, "logit_bias: %s", entry);
    if (json_type(v) == JSON_FLOAT)
        float_note(b, what, v, bias);
}

/* logit_bias: the body's list replaces the server's; pairs or an object, as server-schema.cpp at 0177c342 reads them
 * (of an object's repeated keys, the last). Each entry it skips gets a warning with the reason: not a 2-element array,
 * a bias neither a number nor false, an id neither a whole number nor a string, an id below 0. */
static bool read_logit_bias(Body *b)
{
    static const char *const names[] = {"logit_bias"};
    const char *name = names[0];
    const JsonValue *v = field(b, names, 1, &name);
    if (v == NULL)
        return true;
    b->params->sampling.n_logit_bias = 0;
    mark(b, SET_LOGIT_BIAS, name);
    const JsonDoc *doc = b->doc;
    char entry[200], item[100], why[200];
    if (json_type(v) != JSON_ARRAY && json_type(v) != JSON_OBJECT) {
        char line[400];
        snprintf(line, sizeof line, "logit_bias: %s is neither an array nor an object: llama-server reads no bias from "
                 "it, and the server's list is cleared all the same (server-schema.cpp at 0177c342)",
                 value_shown(doc, v, false, entry, sizeof entry));
        args_warn(b->params, "%s\n", line);
    }
    for (const JsonValue *pair = json_type(v) == JSON_ARRAY ? json_first(doc, v) : NULL; pair != NULL;
         pair = json_next(doc, pair)) {
        double bias;
        const JsonValue *id = json_first(doc, pair);
        value_shown(doc, pair, false, entry, sizeof entry);
        if (json_type(pair) != JSON_ARRAY || json_count(doc, pair) != 2) {
            skipped_bias(b, entry, " is not a [token, bias] pair");
            continue;
        }
        if (!bias_value(doc, json_next(doc, id), &bias)) {
            snprintf(why, sizeof why, ": the bias %s is neither a number nor false",
                     value_shown(doc, json_next(doc, id), true, item, sizeof item));
            skipped_bias(b, entry, why);
            continue;
        }
        bias_note(b, entry, json_next(doc, id), bias);
        size_t length;
        const char *text = json_text(doc, id, &length);
        long long token;
        if (text != NULL) {
            if (!add_text_token(b, v, text, length, bias))
                return false;
        } else if (json_type(id) == JSON_INTEGER || json_type(id) == JSON_UNSIGNED) {
            bool is_unsigned = json_type(id) == JSON_UNSIGNED;
            if (bias_token(b, entry, value_shown(doc, id, true, item, sizeof item), is_unsigned
                           ? json_unsigned(doc, id) : (uint64_t)json_integer(doc, id), is_unsigned, false, &token)
                && !add_bias(b, v, token, bias))
                return false;
        } else {
            snprintf(why, sizeof why, ": the id %s is neither a whole number nor a string",
                     value_shown(doc, id, true, item, sizeof item));
            skipped_bias(b, entry, why);
        }
    }
    bool *last = json_type(v) == JSON_OBJECT ? last_of_keys(doc, v) : NULL;
    if (json_type(v) == JSON_OBJECT && last == NULL) {
        snprintf(b->err, b->err_size, "the body is not read here (out of memory)");
        return false;
    }
    bool ok = true;
    size_t at = 0;
    for (const JsonValue *m = last != NULL ? json_first(doc, v) : NULL; ok && m != NULL; m = json_next(doc, m), at++) {
        double bias;
        size_t length;
        const char *key = json_member_key(doc, m, &length);
        char k[80];
        snprintf(entry, sizeof entry, "\"%s\": %s", shown(key, k, sizeof k), value_shown(doc, m, false, item,
                                                                                        sizeof item));
        if (!last[at])
            continue;           /* a later member has its key (the duplicate's own warning names it) */
        if (!bias_value(doc, m, &bias)) {
            snprintf(why, sizeof why, ": the bias %s is neither a number nor false", item);
            skipped_bias(b, entry, why);
            continue;
        }
        bias_note(b, entry, m, bias);
        char *end;
        long long number = strtoll(key, &end, 10);      /* strtol (a 64-bit long here), then llama_token */
        long long token;
        if (*end == '\0' && end == key)    /* "": strtol reads no digits, and its end is the string's */
            text_add(&b->notes, "logit_bias: the key \"\" is read as token 0, as server-schema.cpp at 0177c342 "
                     "tests a key (strtol, then whether it stopped at the key's end, which for \"\" it does at once); the reference "
                     "(section 7) says only a key that parses as an integer is a token id\n");
        if (*end == '\0')          /* as llama-server tests it, on the key's C string */
            ok = !bias_token(b, entry, shown(key, k, sizeof k), (uint64_t)number, false, true, &token)
              || add_bias(b, v, token, bias);
        else
            ok = add_text_token(b, v, key, length, bias);
    }
    free(last);
    return ok;
}

/* samplers: an array of names (each must be a string) or a string of letters; another type leaves the list. */
static bool read_samplers(Body *b)
{
    static const char *const names[] = {"samplers"};
    const char *name = names[0];
    const JsonValue *v = field(b, names, 1, &name);
    SamplingParams *sp = &b->params->sampling;
    const JsonDoc *doc = b->doc;
    if (v == NULL || (json_type(v) != JSON_ARRAY && json_type(v) != JSON_STRING))
        return true;
    for (const JsonValue *e = json_first(doc, v); e != NULL; e = json_next(doc, e))
        if (json_type(e) != JSON_STRING)
            return body_type_error(b, name, "string", e);
    sp->n_samplers = 0;
    mark(b, SET_SAMPLERS, name);
    size_t letters = 0;
    const char *word = json_text(doc, v, &letters);     /* a string of letters, or NULL for an array */
    size_t n = word != NULL ? letters : json_count(doc, v);
    const JsonValue *item = json_first(doc, v);
    for (size_t k = 0; k < n; k++) {
        SamplerType type;
        char one[2] = {word != NULL ? word[k] : '\0', '\0'};
        size_t length = 0;
        const char *text = word == NULL ? json_text(doc, item, &length) : NULL;
        bool known = text != NULL ? strlen(text) == length && sampler_from_name(text, &type)
                                  : sampler_from_char(one[0], &type);
        if (word == NULL)
            item = json_next(doc, item);
        if (!known) {
            char safe[80], line[400];
            snprintf(line, sizeof line, "unable to match sampler by %s '%s'%s", text != NULL ? "name" : "char",
                     shown(text != NULL ? text : one, safe, sizeof safe),
                     sampler_unknown_hint(text != NULL ? text : NULL, one[0]));
            size_t len = strlen(b->params->warnings);
            if (len + strlen(line) + 2 < sizeof b->params->warnings)
                snprintf(b->params->warnings + len, sizeof b->params->warnings - len, "%s\n", line);
            continue;
        }
        if (sp->n_samplers == CHAIN_MAX_SAMPLERS)
            return body_refuse(b, name, "more than %s samplers (this tool's limit)", "64");
        sp->samplers[sp->n_samplers++] = type;
    }
    return true;
}

/* dry_sequence_breakers: a non-empty array of strings, or llama-server answers 400. */
static bool read_breakers(Body *b)
{
    static const char *const names[] = {"dry_sequence_breakers"};
    const char *name = names[0];
    const JsonValue *v = field(b, names, 1, &name);
    if (v == NULL)
        return true;
    const JsonDoc *doc = b->doc;
    bool strings = json_type(v) == JSON_ARRAY && json_first(doc, v) != NULL;
    for (const JsonValue *e = json_first(doc, v); strings && e != NULL; e = json_next(doc, e))
        strings = json_type(e) == JSON_STRING;
    if (!strings)
        return body_refuse(b, name, "%s", "llama-server answers 400: \"Field 'dry_sequence_breakers': Error: "
                           "dry_sequence_breakers must be a non-empty array of strings\"");
    if (json_count(doc, v) > ARGS_MAX_BREAKERS)
        return body_refuse(b, name, "more than %s breakers (this tool's limit)", "64");
    CliParams *p = b->params;
    p->n_dry_breakers = 0;
    for (const JsonValue *e = json_first(doc, v); e != NULL; e = json_next(doc, e)) {
        size_t length;
        const char *s = json_text(doc, e, &length);
        if (strlen(s) != length)
            text_add(&b->notes, "dry_sequence_breakers: a breaker holds \\u0000, which no command line can pass; cut "
                                "there\n");
        copy_cut(p->dry_breakers[p->n_dry_breakers], s, ARGS_MAX_BREAKER_RAW);
        args_cut_breaker(p, name, p->dry_breakers[p->n_dry_breakers++]);        /* DRY keeps 40 bytes */
    }
    mark(b, SET_DRY_BREAKERS, name);
    return true;
}

/* stop: a string, or an array whose elements are strings (each becomes a stop string). */
static bool read_stop(Body *b)
{
    static const char *const names[] = {"stop"};
    const char *name = names[0];
    const JsonValue *v = field(b, names, 1, &name);
    for (const JsonValue *e = json_type(v) == JSON_ARRAY ? json_first(b->doc, v) : NULL; e != NULL;
         e = json_next(b->doc, e))
        if (json_type(e) != JSON_STRING)
            return body_type_error(b, name, "string", e);
    return true;
}

/* The fields with handlers that only check or note: stream_options, lora, ignore_eos, a grammar or a JSON
 * schema (and, in a chat body, a response_format that asks for one). */
static bool read_others(Body *b, bool chat)
{
    const JsonValue *v = body_member(b, body_member(b, b->body, "stream_options"), "include_usage");
    if (v != NULL && json_type(v) != JSON_NULL && json_type(v) != JSON_BOOL)
        return body_type_error(b, "include_usage", "boolean", v);
    v = json_get(b->doc, b->body, "lora");
    if (v != NULL && json_type(v) != JSON_NULL && json_type(v) != JSON_ARRAY)
        return body_refuse(b, "lora", "%s", "llama-server answers 400: \"Field 'lora': Error: 'lora' must be an "
                           "array of objects with 'id' and 'scale' fields\"");
    v = json_get(b->doc, b->body, "ignore_eos");
    if (v != NULL && json_type(v) != JSON_NULL) {
        if (json_type(v) != JSON_BOOL)
            return body_type_error(b, "ignore_eos", "boolean", v);
        b->params->sampling.ignore_eos = json_bool(v);
        mark(b, SET_IGNORE_EOS, "ignore_eos");
    }
    /* server-schema.cpp at 0177c342, the handler of json_schema and its alias grammar: json_schema alone is a
     * schema; with "grammar" in the body, the grammar string alone is read, and set only when it is not empty
     * (common/sampling.cpp at 00efb3e builds a grammar sampler only for a grammar that is not empty). */
    /* The handler's own test, data.contains("json_schema") && !data.contains("grammar"), though its description
     * says that json_schema takes precedence: the code is what runs. */
    static const char schema_unread[] = "; nor is json_schema read: with \"grammar\" in the body, llama-server's "
        "handler reads that field alone (server-schema.cpp at 0177c342, whose own description of the field says the "
        "opposite)";
    const JsonValue *schema = json_get(b->doc, b->body, "json_schema"), *grammar = json_get(b->doc, b->body, "grammar");
    bool has_schema = schema != NULL && json_type(schema) != JSON_NULL;
    size_t grammar_length = 0;
    bool empty = json_type(grammar) == JSON_STRING && json_text(b->doc, grammar, &grammar_length) != NULL
                 && grammar_length == 0;
    if (grammar != NULL && json_type(grammar) != JSON_NULL && empty) {
        text_add(&b->notes, "grammar: \"\" is empty: llama-server sets no grammar for it (server-schema.cpp at "
                 "0177c342 takes a grammar only when it is not empty; common/sampling.cpp at 00efb3e builds the "
                 "grammar sampler only then), so it changes nothing%s\n", has_schema ? schema_unread : "");
    } else if (grammar != NULL && json_type(grammar) != JSON_NULL) {
        text_add(&b->notes, "grammar: a grammar changes sampling outside the chain line (llama.cpp's --grammar, "
                            "--json-schema); not in the flags%s\n", has_schema ? schema_unread : "");
        b->params->grammar = "grammar";
    } else if (has_schema) {
        text_add(&b->notes, "json_schema: a grammar changes sampling outside the chain line (llama.cpp's --grammar, "
                            "--json-schema); not in the flags\n");
        b->params->grammar = "json_schema";
    }
    /* The chat conversion turns a response_format of type json_object or json_schema into a JSON-schema grammar
     * (reference section 7); type text asks for none. */
    const JsonValue *type = chat ? body_member(b, json_get(b->doc, b->body, "response_format"), "type") : NULL;
    const char *t = json_text(b->doc, type, NULL);
    if (t != NULL && (strcmp(t, "json_object") == 0 || strcmp(t, "json_schema") == 0)) {
        text_add(&b->notes, "response_format: its type %s becomes a JSON-schema grammar, which changes sampling "
                 "outside the chain line (llama.cpp's --json-schema); not in the flags\n", t);
        b->params->grammar = "response_format";
    }
    /* The chat conversion's logprobs: true sets n_probs to top_logprobs, 20 without it (reference section 7),
     * and the body's own n_probs is then not copied through. */
    const JsonValue *logprobs = chat ? json_get(b->doc, b->body, "logprobs") : NULL;
    if (json_type(logprobs) == JSON_BOOL && json_bool(logprobs)) {
        const JsonValue *top = json_get(b->doc, b->body, "top_logprobs");
        long long n = 20;
        bool given = top != NULL && json_type(top) != JSON_NULL;
        if (given && !get_integer(b, "top_logprobs", top, N_INT, &n))
            return false;
        b->params->n_probs = (int32_t)n;
        b->params->probs_named = given ? "top_logprobs" : "logprobs";
    }
    return true;
}

/* Whether the chat conversion sets this field itself (so the body's own is not read). */
static bool chat_sets(const char *name)
{
    for (size_t i = 0; i < sizeof chat_own / sizeof chat_own[0]; i++)
        if (strcmp(name, chat_own[i]) == 0)
            return true;
    return false;
}

const JsonValue *body_member(const Body *b, const JsonValue *v, const char *key)
{
    return json_type(v) == JSON_OBJECT ? json_get(b->doc, v, key) : NULL;
}

const char *body_sets_field(const Body *b, const char *field)
{
    const char *const *names = NULL;
    for (size_t i = 0; names == NULL && i < sizeof fields / sizeof fields[0]; i++)
        if (strcmp(fields[i].names[0], field) == 0)
            names = fields[i].names;
    for (size_t k = 0; k < (names != NULL ? 3 : 1); k++) {
        const char *name = names != NULL ? names[k] : field;
        const JsonValue *v = name != NULL ? json_get(b->doc, b->body, name) : NULL;
        if (v != NULL && json_type(v) != JSON_NULL)     /* a null is absent (reference section 7) */
            return name;
    }
    return NULL;
}

bool body_fields(Body *b, bool chat)
{
    bool ok = true;
    for (size_t i = 0; ok && i < sizeof fields / sizeof fields[0]; i++) {
        if (chat && chat_sets(fields[i].names[0]))
            continue;
        ok = read_plain(b, &fields[i]);
        if (ok && strcmp(fields[i].names[0], "dry_multiplier") == 0)
            ok = read_dry_base(b);
        if (ok && strcmp(fields[i].names[0], "adaptive_decay") == 0)
            ok = read_seed(b);
    }
    return ok && read_others(b, chat) && read_logit_bias(b) && read_stop(b) && read_samplers(b) && read_breakers(b);
}
