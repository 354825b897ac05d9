/* args.c: parsing a llama.cpp command line with the flag table of flags.c: find each flag's row, read its
 * values by the row's kind and llama.cpp's value rules, and name the flags that are accepted and ignored. */
#include "cli/args.h"
#include "cli/flags.h"

#include "text.h"

#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static const char *const default_breakers[] = {"\n", ":", "\"", "*"};

/* The request field of each ArgsSetting, and whether OpenAI's chat API has a parameter of that name. */
static const struct { const char *field; bool openai; } settings[SET_COUNT] = {
    [SET_TEMP] = {"temperature", true}, [SET_TOP_K] = {"top_k", false}, [SET_TOP_P] = {"top_p", true},
    [SET_MIN_P] = {"min_p", false}, [SET_TYP_P] = {"typical_p", false},
    [SET_REPEAT_LAST_N] = {"repeat_last_n", false}, [SET_REPEAT_PENALTY] = {"repeat_penalty", false},
    [SET_PRESENCE] = {"presence_penalty", true}, [SET_FREQUENCY] = {"frequency_penalty", true},
    [SET_DRY_MULTIPLIER] = {"dry_multiplier", false}, [SET_DRY_BASE] = {"dry_base", false},
    [SET_DRY_ALLOWED_LENGTH] = {"dry_allowed_length", false}, [SET_DRY_LAST_N] = {"dry_penalty_last_n", false},
    [SET_DRY_BREAKERS] = {"dry_sequence_breakers", false}, [SET_XTC_PROBABILITY] = {"xtc_probability", false},
    [SET_XTC_THRESHOLD] = {"xtc_threshold", false}, [SET_TOP_N_SIGMA] = {"top_n_sigma", false},
    [SET_DYNATEMP_RANGE] = {"dynatemp_range", false}, [SET_DYNATEMP_EXPONENT] = {"dynatemp_exponent", false},
    [SET_MIROSTAT] = {"mirostat", false}, [SET_MIROSTAT_TAU] = {"mirostat_tau", false},
    [SET_MIROSTAT_ETA] = {"mirostat_eta", false}, [SET_SAMPLERS] = {"samplers", false}, [SET_SEED] = {"seed", true},
    [SET_IGNORE_EOS] = {"ignore_eos", false}, [SET_LOGIT_BIAS] = {"logit_bias", true},
    [SET_PROMPT] = {"prompt", true}, [SET_N_PREDICT] = {"n_predict", true}, [SET_STOP] = {"stop", true},
};

const char *args_setting_field(ArgsSetting s, bool *openai)
{
    if ((unsigned)s >= SET_COUNT)
        return NULL;
    if (openai != NULL)
        *openai = settings[s].openai;
    return settings[s].field;
}

static void mark(CliParams *out, int setting)
{
    if (setting >= 0)
        out->set |= 1u << setting;
}


/* ===== Values ===== */

/* A value that is wholly a number and fits a float, as std::stof reads it: no blank before or after, no NaN
 * (refused here though stof reads it), no finite value past FLT_MAX (stof's out_of_range, which sets
 * *overflow). "inf" is a number. */
static bool parse_float(const char *s, double *out, bool *overflow)
{
    char *end;
    *overflow = false;
    if (isspace((unsigned char)s[0]))
        return false;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || *end != '\0' || isnan(v))
        return false;
    if ((errno == ERANGE && isinf(v)) || (isfinite(v) && fabs(v) > FLT_MAX)) {
        *overflow = true;
        return false;
    }
    *out = v;
    return true;
}

/* `value` made safe for a one-line message in buf (size bytes): printable ASCII as it is, anything else as
 * \n, \t or \xNN, cut with "..." when it does not fit. */
static const char *shown(const char *value, char *buf, size_t size)
{
    size_t len = 0;
    for (const unsigned char *v = (const unsigned char *)value; *v != '\0'; v++) {
        char piece[8];
        if (*v == '\n' || *v == '\t')
            snprintf(piece, sizeof piece, "\\%c", *v == '\n' ? 'n' : 't');
        else if (*v < 0x20 || *v >= 0x7f)
            snprintf(piece, sizeof piece, "\\x%02x", *v);
        else
            snprintf(piece, sizeof piece, "%c", *v);
        if (len + strlen(piece) + 4 > size) {
            snprintf(buf + len, size - len, "...");
            return buf;
        }
        memcpy(buf + len, piece, strlen(piece) + 1);
        len += strlen(piece);
    }
    buf[len] = '\0';
    return buf;
}

/* Appends one warning line (fmt with `what`, shown safely). Room for a last "more warnings" line is always
 * kept, so a flood of warnings ends with that line instead of a cut one. */
static void warn(CliParams *out, const char *fmt, const char *what)
{
    static const char more[] = "more warnings not shown\n";
    char safe[80], line[160];
    size_t len = strlen(out->warnings);
    snprintf(line, sizeof line, fmt, shown(what, safe, sizeof safe));
    if (len >= sizeof more - 1 && strcmp(out->warnings + len - (sizeof more - 1), more) == 0)
        return;
    const char *add = len + strlen(line) + sizeof more <= sizeof out->warnings ? line : more;
    snprintf(out->warnings + len, sizeof out->warnings - len, "%s", add);
}


bool sampler_from_name(const char *name, SamplerType *type)
{
    if (name == NULL)
        return false;
    char lower[32];
    size_t n = strlen(name);
    if (n >= sizeof lower)
        return false;
    for (size_t i = 0; i <= n; i++)
        lower[i] = (char)tolower((unsigned char)name[i]);
    for (size_t i = 0; i < n_sampler_names; i++) {
        if (strcmp(lower, sampler_names[i].name) == 0) {
            *type = sampler_names[i].type;
            return true;
        }
    }
    return false;
}


bool sampler_from_char(char letter, SamplerType *type)
{
    const char *hit = letter != '\0' ? strchr(sampler_letters, letter) : NULL;
    if (hit == NULL)
        return false;
    *type = (SamplerType)(hit - sampler_letters);
    return true;
}

/* Appends one sampler to the list; false when the list is full. */
static bool add_sampler(SamplingParams *sp, SamplerType type)
{
    if (sp->n_samplers == CHAIN_MAX_SAMPLERS)
        return false;
    sp->samplers[sp->n_samplers++] = type;
    return true;
}

static bool set_samplers(CliParams *out, const char *value)
{
    out->sampling.n_samplers = 0;
    const char *piece = value;
    for (;;) {
        size_t n = strcspn(piece, ";");
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(n < sizeof name ? n : sizeof name - 1), piece);
        SamplerType type;
        if (n > 0 && sampler_from_name(name, &type)) {
            if (!add_sampler(&out->sampling, type))
                return false;
        } else if (n > 0) {
            warn(out, "unable to match sampler by name '%s'\n", name);
        }
        if (piece[n] == '\0')
            return true;
        piece += n + 1;
    }
}

static bool set_sampler_seq(CliParams *out, const char *value)
{
    out->sampling.n_samplers = 0;
    for (const char *s = value; *s != '\0'; s++) {
        SamplerType type;
        if (sampler_from_char(*s, &type)) {
            if (!add_sampler(&out->sampling, type))
                return false;
        } else {
            char letter[2] = {*s, '\0'};
            warn(out, "unable to match sampler by char '%s'\n", letter);
        }
    }
    return true;
}

/* TOKEN_ID(+/-)BIAS: an integer, then '+' or '-' (blanks allowed before it), then a number, "inf" included.
 * llama.cpp ignores junk after the number; here the value must be wholly a number. */
static bool parse_bias(const char *value, LogitBias *bias)
{
    char *end;
    errno = 0;
    long long token = strtoll(value, &end, 10);
    if (end == value || errno == ERANGE || token < INT32_MIN || token > INT32_MAX)
        return false;
    while (isblank((unsigned char)*end))
        end++;
    if (*end != '+' && *end != '-')
        return false;
    const char *rest = end + 1;
    while (isblank((unsigned char)*rest))
        rest++;
    double amount;
    bool overflow;
    if (*rest == '+' || *rest == '-' || !parse_float(rest, &amount, &overflow))
        return false;       /* a second sign ("15--3") is malformed too */
    *bias = (LogitBias){(int32_t)token, *end == '-' ? -amount : amount};
    return true;
}


static bool parse_integer(const char *s, long long *out)
{
    char *end;
    if (isspace((unsigned char)s[0]))
        return false;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (end == s || *end != '\0' || errno == ERANGE)
        return false;
    *out = v;
    return true;
}

/* A breaker, -p or -r value as typed, cut to `room` bytes (never inside a UTF-8 character). */
static void copy_cut(char *dst, const char *value, size_t room)
{
    size_t n = strlen(value);
    if (n > room) {
        n = room;
        while (n > 0 && ((unsigned char)value[n] & 0xC0) == 0x80)
            n--;
    }
    memcpy(dst, value, n);
    dst[n] = '\0';
}

static bool add_breaker(CliParams *out, const char *value, bool *cleared)
{
    if (!*cleared) {
        out->n_dry_breakers = 0;
        *cleared = true;
    }
    if (strcmp(value, "none") == 0) {
        out->n_dry_breakers = 0;
        return true;
    }
    if (out->n_dry_breakers == ARGS_MAX_BREAKERS)
        return false;
    copy_cut(out->dry_breakers[out->n_dry_breakers++], value, ARGS_MAX_BREAKER_RAW);
    return true;
}

static int hex_digit(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                                                                                       : -1;
}

/* llama.cpp's escapes, in place: \n \r \t \' \" \\ and \xHH (two hex digits); any other backslash stays as
 * it is. \x00 also stays as typed, since a C string cannot hold the NUL byte it stands for. */
static void process_escapes(char *s)
{
    char *out = s;
    for (const char *in = s; *in != '\0'; in++) {
        if (*in != '\\' || in[1] == '\0') {
            *out++ = *in;
            continue;
        }
        const char *plain = strchr("nrt'\"\\", in[1]);
        if (plain != NULL) {
            *out++ = in[1] == 'n' ? '\n' : in[1] == 'r' ? '\r' : in[1] == 't' ? '\t' : in[1];
            in++;
        } else if (in[1] == 'x' && hex_digit(in[2]) >= 0 && hex_digit(in[3]) >= 0
                   && hex_digit(in[2]) * 16 + hex_digit(in[3]) != 0) {
            *out++ = (char)(hex_digit(in[2]) * 16 + hex_digit(in[3]));
            in += 3;
        } else {
            *out++ = '\\';
        }
    }
    *out = '\0';
}

/* Where a flag, shown safely, sits in the ignored list ("-m, -c, --port"), or NULL. */
static char *find_ignored(CliParams *out, const char *safe)
{
    for (char *p = out->ignored; *p != '\0';) {
        size_t n = strcspn(p, ",");
        if (n == strlen(safe) && strncmp(p, safe, n) == 0)
            return p;
        p += n + (p[n] == ',' ? 2 : 0);
    }
    return NULL;
}

/* Adds a flag, as typed and shown safely, to the ignored list once; "..." ends a full list. */
static void add_ignored(CliParams *out, const char *flag)
{
    char safe[64];
    shown(flag, safe, sizeof safe);
    size_t len = strlen(out->ignored);
    if (find_ignored(out, safe) != NULL || (len >= 3 && strcmp(out->ignored + len - 3, "...") == 0))
        return;
    if (len + strlen(safe) + 2 + 4 < sizeof out->ignored)
        snprintf(out->ignored + len, sizeof out->ignored - len, "%s%s", len ? ", " : "", safe);
    else
        snprintf(out->ignored + len, sizeof out->ignored - len, "%s...", len ? ", " : "");
}

/* Takes a flag out of the ignored list again (-c, once a window of -1 has used it). */
static void remove_ignored(CliParams *out, const char *flag)
{
    char safe[64];
    shown(flag, safe, sizeof safe);
    char *at = find_ignored(out, safe);
    if (at == NULL)
        return;
    char *next = at + strlen(safe);
    if (*next == ',')
        next += 2;                          /* the item and its ", " */
    else if (at > out->ignored)
        at -= 2;                            /* the last item and the ", " before it */
    memmove(at, next, strlen(next) + 1);
}

void args_defaults(CliParams *out)
{
    if (out == NULL)
        return;
    memset(out, 0, sizeof *out);
    out->sampling = sampling_params_default();
    for (size_t i = 0; i < sizeof default_breakers / sizeof default_breakers[0]; i++)
        copy_cut(out->dry_breakers[out->n_dry_breakers++], default_breakers[i], ARGS_MAX_BREAKER_RAW);
    out->n_predict = -1;
    out->escape = true;
}

/* The row for a flag (already with '_' turned to '-') that `tools` take, or NULL; *other_tool tells whether
 * some other tool takes it. */
static const ArgSpec *find_spec(const char *flag, unsigned tools, bool *other_tool)
{
    *other_tool = false;
    for (size_t i = 0; i < n_arg_specs; i++) {
        for (size_t j = 0; j < 4 && arg_specs[i].names[j] != NULL; j++) {
            if (strcmp(flag, arg_specs[i].names[j]) != 0)
                continue;
            if (arg_specs[i].tools & tools)
                return &arg_specs[i];
            *other_tool = true;
        }
    }
    return NULL;
}

/* Reads a float value for K_FLOAT..K_FINITE and applies the kind's rule. */
static bool apply_float(CliParams *out, const ArgSpec *spec, const char *flag, const char *value, const char *v,
                        char *err, size_t err_size)
{
    double d;
    bool overflow;
    if (!parse_float(value, &d, &overflow)) {
        snprintf(err, err_size, "%s: '%s' is %s", flag, v, overflow ? "out of range for a float" : "not a number");
        return false;
    }
    float single = (float)d;            /* llama.cpp's field is a float; d fits one (parse_float) */
    if (spec->kind == K_REPEAT && !(single > 0 && isfinite(single) && isfinite(1.0f / single))) {
        snprintf(err, err_size, "%s: %s is refused by llama.cpp (a repeat penalty must be finite and above 0, "
                 "with 1/penalty finite in float)", flag, v);
        return false;
    }
    if (spec->kind == K_FINITE && !isfinite(d)) {
        snprintf(err, err_size, "%s: %s is refused by llama.cpp (this penalty must be finite)", flag, v);
        return false;
    }
    if (spec->kind == K_TEMP && d < 0)
        d = 0;                          /* llama.cpp clamps --temp to >= 0 */
    if (spec->kind == K_DRY_BASE && d < 1) {
        warn(out, "--dry-base %s is below 1: ignored, as llama.cpp does\n", value);
        return true;
    }
    memcpy((char *)out + spec->offset, &d, sizeof d);
    mark(out, spec->setting);
    return true;
}

/* The gpt-oss presets' sampling settings (arg.cpp sets them along with the model and server options). */
static void apply_preset(CliParams *out)
{
    out->sampling.temp = 1.0;
    out->sampling.top_p = 1.0;
    out->sampling.top_k = 0;
    out->sampling.min_p = 0.01;
    mark(out, SET_TEMP);
    mark(out, SET_TOP_P);
    mark(out, SET_TOP_K);
    mark(out, SET_MIN_P);
}

/* Reads a whole number for K_INT and K_SEED. */
static bool apply_int(CliParams *out, const ArgSpec *spec, const char *flag, const char *value, const char *v,
                      char *err, size_t err_size)
{
    long long n;
    if (!parse_integer(value, &n)) {
        snprintf(err, err_size, "%s: '%s' is not a whole number", flag, v);
        return false;
    }
    if (spec->kind == K_SEED) {
        if (n < -1 || n > UINT32_MAX) {
            snprintf(err, err_size, "%s: %s is out of range (-1 to 4294967295)", flag, v);
            return false;
        }
        out->sampling.seed = (uint32_t)(n == -1 ? UINT32_MAX : n);     /* -1 wraps, as stoul does */
        mark(out, SET_SEED);
        return true;
    }
    if (n < spec->min || n > spec->max) {
        snprintf(err, err_size, "%s: %s is out of range (%lld to %lld)", flag, v, spec->min, spec->max);
        return false;
    }
    int32_t i32 = (int32_t)n;
    memcpy((char *)out + spec->offset, &i32, sizeof i32);
    mark(out, spec->setting);
    return true;
}

/* The flags that append to a list or replace one: -l, --samplers, --sampler-seq, breakers, -r. */
static bool apply_list(CliParams *out, const ArgSpec *spec, const char *flag, const char *value, const char *v,
                       bool *breakers_cleared, char *err, size_t err_size)
{
    const char *too_many = NULL;
    int limit = 0;
    switch (spec->kind) {
    case K_BIAS:
        if (out->sampling.n_logit_bias == CHAIN_MAX_BIASES) {
            too_many = "bias";
            limit = CHAIN_MAX_BIASES;
            break;
        }
        if (!parse_bias(value, &out->sampling.logit_bias[out->sampling.n_logit_bias])) {
            snprintf(err, err_size, "%s: '%s' is not TOKEN_ID(+/-)BIAS", flag, v);
            return false;
        }
        out->sampling.n_logit_bias++;
        break;
    case K_SAMPLERS:
    case K_SAMPLER_SEQ:
        if (!(spec->kind == K_SAMPLERS ? set_samplers(out, value) : set_sampler_seq(out, value))) {
            snprintf(err, err_size, "%s: '%s' names more than %d samplers", flag, v, CHAIN_MAX_SAMPLERS);
            return false;
        }
        break;
    case K_BREAKER:
        if (!add_breaker(out, value, breakers_cleared)) {
            too_many = "breaker";
            limit = ARGS_MAX_BREAKERS;
        }
        break;
    default:        /* K_STOP */
        if (out->n_stop == ARGS_MAX_STOPS) {
            too_many = "stop string";
            limit = ARGS_MAX_STOPS;
        } else {
            if (strlen(value) > ARGS_MAX_STOP_LEN)
                warn(out, "%s: longer than the 255 bytes kept here; the rest is cut\n", flag);
            copy_cut(out->stop[out->n_stop++], value, ARGS_MAX_STOP_LEN);
        }
        break;
    }
    if (too_many != NULL) {
        snprintf(err, err_size, "%s: '%s' is one %s too many (at most %d)", flag, v, too_many, limit);
        return false;
    }
    mark(out, spec->setting);
    return true;
}

/* Applies one flag with its value (NULL for a switch). Returns false with err filled on bad input. */
static bool apply_flag(CliParams *out, const ArgSpec *spec, const char *flag, const char *value,
                       bool *breakers_cleared, char *err, size_t err_size)
{
    char v[80] = "";
    if (value != NULL)
        shown(value, v, sizeof v);      /* the value as error messages show it */
    switch (spec->kind) {
    case K_FLOAT: case K_TEMP: case K_DRY_BASE: case K_REPEAT: case K_FINITE:
        return apply_float(out, spec, flag, value, v, err, err_size);
    case K_INT: case K_SEED:
        return apply_int(out, spec, flag, value, v, err, err_size);
    case K_BIAS: case K_SAMPLERS: case K_SAMPLER_SEQ: case K_BREAKER: case K_STOP:
        return apply_list(out, spec, flag, value, v, breakers_cleared, err, err_size);
    case K_PROMPT:
        if (strlen(value) > ARGS_MAX_PROMPT)
            warn(out, "%s: longer than the 4095 bytes kept here; the rest is cut\n", flag);
        copy_cut(out->prompt, value, ARGS_MAX_PROMPT);
        mark(out, SET_PROMPT);
        return true;
    case K_REMOVED:
        snprintf(err, err_size, "%s: the argument has been removed from llama.cpp; use %s", flag, spec->help);
        return false;
    case K_IGNORE_EOS: out->sampling.ignore_eos = true; mark(out, SET_IGNORE_EOS); return true;
    case K_ESCAPE:     out->escape = true; return true;
    case K_NO_ESCAPE:  out->escape = false; return true;
    case K_PRESET:     apply_preset(out); return true;
    case K_JSON:       out->output = OUTPUT_JSON; return true;
    case K_JSON_ALL:   out->output = OUTPUT_JSON_ALL; return true;
    case K_OPENAI:     out->output = OUTPUT_OPENAI; return true;
    case K_HELP:       out->help = true; return true;
    case K_IGNORED:    add_ignored(out, flag); return true;
    }
    return true;
}

/* The tool a leading program word names (a path ending in it too), or TOOL_ANY. */
static ArgsTool tool_from_word(const char *word)
{
    static const struct { const char *name; ArgsTool tool; } words[] = {
        {"llama-cli", TOOL_CLI}, {"llama-completion", TOOL_COMPLETION}, {"llama-server", TOOL_SERVER}};
    const char *base = strrchr(word, '/');
    base = base != NULL ? base + 1 : word;
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strcmp(base, words[i].name) == 0)
            return words[i].tool;
    return TOOL_ANY;
}

/* After the flags, as llama.cpp does after parsing: a window of -1 becomes the context size, escapes are
 * processed, breakers are cut to 40 bytes. ctx_flag is -c as typed (listed as ignored until a window uses
 * it), or NULL. */
static void finish(CliParams *out, const char *ctx_flag)
{
    int32_t *windows[] = {&out->sampling.penalty_last_n, &out->sampling.dry_penalty_last_n};
    static const char *const window_flags[] = {"--repeat-last-n", "--dry-penalty-last-n"};
    bool ctx_used = false;
    for (size_t i = 0; i < 2; i++) {
        if (*windows[i] != -1)
            continue;
        if (out->n_ctx > 0) {
            *windows[i] = out->n_ctx;
            ctx_used = true;
        } else {
            warn(out, "%s -1 means the context size, which the model sets here: give -c N (current llama.cpp "
                      "disables a window of -1)\n", window_flags[i]);
        }
    }
    if (ctx_flag != NULL && ctx_used)
        remove_ignored(out, ctx_flag);
    if (out->escape) {
        process_escapes(out->prompt);
        for (size_t i = 0; i < out->n_stop; i++)
            process_escapes(out->stop[i]);
        for (size_t i = 0; i < out->n_dry_breakers; i++)
            process_escapes(out->dry_breakers[i]);
    }
    for (size_t i = 0; i < out->n_dry_breakers; i++) {
        char cut[ARGS_MAX_BREAKER_LEN + 1];
        copy_cut(cut, out->dry_breakers[i], ARGS_MAX_BREAKER_LEN);
        memcpy(out->dry_breakers[i], cut, sizeof cut);
    }
}

bool args_parse(int argc, char *const argv[], CliParams *out, char *err, size_t err_size)
{
    char scratch[1];
    if (err == NULL || err_size == 0) {
        err = scratch;
        err_size = sizeof scratch;
    }
    err[0] = '\0';
    if (out == NULL || (argv == NULL && argc > 0)) {
        snprintf(err, err_size, "no arguments to parse");
        return false;
    }
    args_defaults(out);
    int i = 1;
    if (argc > 1 && argv[1] != NULL && (out->tool = tool_from_word(argv[1])) != TOOL_ANY)
        i = 2;
    static const unsigned tool_bits[] = {T_ALL, T_CLI, T_COMP, T_SRV};
    static const char *const tool_names[] = {"", "llama-cli", "llama-completion", "llama-server"};
    bool breakers_cleared = false;
    const char *ctx_flag = NULL;
    for (; i < argc; i++) {
        const char *flag = argv[i];
        char f[80], normal[96];
        if (flag == NULL) {
            snprintf(err, err_size, "unknown flag '(null)'");
            return false;
        }
        snprintf(normal, sizeof normal, "%s", flag);
        if (strncmp(normal, "--", 2) == 0)      /* llama.cpp turns '_' into '-' in every "--" flag */
            for (char *c = normal; *c != '\0'; c++)
                *c = *c == '_' ? '-' : *c;
        bool other_tool = false;
        const ArgSpec *spec = strlen(flag) < sizeof normal ? find_spec(normal, tool_bits[out->tool], &other_tool)
                                                           : NULL;
        if (spec == NULL) {
            snprintf(err, err_size, "unknown flag '%s'%s%s%s", shown(flag, f, sizeof f),
                     other_tool ? " (" : "", other_tool ? tool_names[out->tool] : "",
                     other_tool ? " does not take it)" : "");
            return false;
        }
        const char *value = NULL;
        for (int k = 0; k < spec->arity; k++) {
            if (i + 1 >= argc || argv[i + 1] == NULL) {
                snprintf(err, err_size, "%s: missing value", shown(flag, f, sizeof f));
                return false;
            }
            value = argv[++i];      /* a 2-value flag (only ignored ones have two) keeps its last */
        }
        if (spec->kind == K_INT && spec->offset == offsetof(CliParams, n_ctx)) {
            ctx_flag = flag;
            add_ignored(out, flag);
        }
        if (!apply_flag(out, spec, flag, value, &breakers_cleared, err, err_size))
            return false;
    }
    finish(out, ctx_flag);
    return true;
}
