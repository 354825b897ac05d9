/* args.c: parsing a llama.cpp command line with the flag table of flags.c: find each flag's row, read its
 * values by the row's kind and llama.cpp's value rules, and name the flags that are accepted and ignored. */
#include "cli/args.h"
#include "cli/flags.h"
#include "cli/values.h"

#include "text.h"

#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


#define SAMPLING_FIELD(field) offsetof(CliParams, sampling.field)

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

/* Appends one warning line (fmt with `what`, shown safely). Room for a last "more warnings" line is always
 * kept, so a flood of warnings ends with that line instead of a cut one. */
static void warn(CliParams *out, const char *fmt, const char *what)
{
    static const char more[] = "more warnings not shown\n";
    char safe[320], line[400];
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

/* Where a flag, shown safely, sits in a list of flags ("-m, -c, --port"), or NULL. */
static char *find_named(char *list, const char *safe)
{
    for (char *p = list; *p != '\0';) {
        size_t n = strcspn(p, ",");
        if (n == strlen(safe) && strncmp(p, safe, n) == 0)
            return p;
        p += n + (p[n] == ',' ? 2 : 0);
    }
    return NULL;
}

/* Adds a flag, as typed and shown safely, to a list of flags (size bytes) once; "..." ends a full list. */
static void add_named(char *list, size_t size, const char *flag)
{
    char safe[64];
    shown(flag, safe, sizeof safe);
    size_t len = strlen(list);
    if (find_named(list, safe) != NULL || (len >= 3 && strcmp(list + len - 3, "...") == 0))
        return;
    if (len + strlen(safe) + 2 + 4 < size)
        snprintf(list + len, size - len, "%s%s", len ? ", " : "", safe);
    else
        snprintf(list + len, size - len, "%s...", len ? ", " : "");
}

/* Adds a flag to the ignored list (flags that do not change sampling). */
static void add_ignored(CliParams *out, const char *flag)
{
    add_named(out->ignored, sizeof out->ignored, flag);
}

/* Takes a flag out of the ignored list again (-c, once a window of -1 has used it). */
static void remove_ignored(CliParams *out, const char *flag)
{
    char safe[64];
    shown(flag, safe, sizeof safe);
    char *at = find_named(out->ignored, safe);
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
    double d = 0;
    char lenient[32];
    switch (parse_float(value, &d, lenient, sizeof lenient)) {
    case VALUE_NONE:
        snprintf(err, err_size, "%s: '%s' is not a number", flag, v);
        return false;
    case VALUE_RANGE:
        snprintf(err, err_size, "%s: '%s' is out of range for a float (std::stof refuses it)", flag, v);
        return false;
    case VALUE_STRICTER:
        snprintf(err, err_size, "%s: '%s' is not a number (llama.cpp would read %s; stricter than llama.cpp)",
                 flag, v, lenient);
        return false;
    case VALUE_OK:
        break;
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
    long long n = 0, lenient = 0;
    long long min = spec->kind == K_SEED ? -1 : spec->min, max = spec->kind == K_SEED ? UINT32_MAX : spec->max;
    switch (parse_integer(value, &n, &lenient)) {
    case VALUE_NONE:
        snprintf(err, err_size, "%s: '%s' is not a whole number", flag, v);
        return false;
    case VALUE_RANGE:
        snprintf(err, err_size, "%s: %s is out of range (%lld to %lld)", flag, v, min, max);
        return false;
    case VALUE_STRICTER:
        if (lenient < min || lenient > max)
            snprintf(err, err_size, "%s: '%s' is not a whole number, and %lld is out of range (%lld to %lld)",
                     flag, v, lenient, min, max);
        else
            snprintf(err, err_size, "%s: '%s' is not a whole number (llama.cpp would read %lld; stricter than "
                     "llama.cpp)", flag, v, lenient);
        return false;
    case VALUE_OK:
        break;
    }
    if (n < min || n > max) {
        /* arg.cpp takes any int for --dry-allowed-length (the server wants 0 and up) and wraps any unsigned
         * long for --seed into 32 bits; this tool refuses those instead. */
        bool looser = spec->kind == K_SEED || spec->offset == SAMPLING_FIELD(dry_allowed_length);
        snprintf(err, err_size, "%s: %s is out of range (%lld to %lld%s)", flag, v, min, max,
                 looser ? "; stricter than llama.cpp, which would take it" : "");
        return false;
    }
    if (spec->kind == K_SEED) {
        out->sampling.seed = (uint32_t)(n == -1 ? UINT32_MAX : n);     /* -1 wraps, as stoul does */
        mark(out, SET_SEED);
        return true;
    }
    int32_t i32 = (int32_t)n;
    memcpy((char *)out + spec->offset, &i32, sizeof i32);
    mark(out, spec->setting);
    return true;
}

/* Whether an ignored flag's value is one arg.cpp accepts (ArgSpec.choices); if not, err names the flag, the
 * values it takes and the value. A whole number std::stoi reads though it is not wholly one ("99.5", " 4") is
 * accepted, as llama.cpp accepts it, with a warning saying what it reads (a sampling value would be refused). */
static bool check_choice(CliParams *out, const ArgSpec *spec, const char *flag, const char *value, const char *v,
                         char *err, size_t err_size)
{
    const char *list = spec->choices;
    bool was_switch = list[0] == '!';
    list += was_switch;
    for (const char *item = list; ;) {
        size_t n = strcspn(item, "|/");
        if (strlen(value) == n && strncmp(item, value, n) == 0)
            return true;
        long long whole = 0, lenient = 0;
        if (n == 1 && item[0] == '#' && stoi_takes(value)) {
            if (parse_integer(value, &whole, &lenient) == VALUE_STRICTER) {
                char line[240], f[64];
                snprintf(line, sizeof line, "%s: '%s' is read as %lld, as std::stoi reads it (ignored here, so not "
                         "refused)", shown(flag, f, sizeof f), v, lenient);
                warn(out, "%s\n", line);
            }
            return true;
        }
        if (item[n] == '\0')
            break;
        item += n + 1;
    }
    char takes[160] = "";
    size_t n_named = 0, named = strcspn(list, "/");
    for (size_t i = 0; i <= named; i++)
        n_named += i == named || list[i] == '|';
    const char *item = list;
    for (size_t k = 0; k < n_named; k++) {
        size_t n = strcspn(item, "|/");
        size_t len = strlen(takes);
        snprintf(takes + len, sizeof takes - len, "%s%.*s", k == 0 ? "" : k + 1 == n_named ? " or " : ", ",
                 (int)(n == 1 && item[0] == '#' ? 14 : n), n == 1 && item[0] == '#' ? "a whole number" : item);
        item += n + 1;
    }
    char f[64];
    snprintf(err, err_size, "%s takes %s; '%s' is %s", shown(flag, f, sizeof f), takes, v,
             n_named == 1 ? "not one" : "none of them");
    if (was_switch) {
        size_t len = strlen(err);
        snprintf(err + len, err_size - len, " (older llama.cpp took %s alone; it takes a value now)", f);
    }
    return false;
}

typedef enum { FILE_READ, FILE_UNREADABLE, FILE_TOO_LONG } FileStatus;

/* Reads a prompt file for -f or -sysf into dst (room bytes and a NUL), as llama.cpp's read_file does, then
 * drops one trailing newline. FILE_TOO_LONG for a file of more than room bytes (never cut), FILE_UNREADABLE
 * when it cannot be opened or read. */
static FileStatus read_prompt_file(const char *path, char *dst, size_t room)
{
    FILE *file = fopen(path, "rb");
    if (file == NULL)
        return FILE_UNREADABLE;
    size_t n = fread(dst, 1, room, file);
    int next = n == room ? fgetc(file) : EOF;
    bool failed = ferror(file) != 0;
    fclose(file);       /* opened for reading: nothing is lost if closing fails */
    dst[n] = '\0';
    if (failed)
        return FILE_UNREADABLE;
    if (next != EOF)
        return FILE_TOO_LONG;
    size_t len = strlen(dst);
    if (len > 0 && dst[len - 1] == '\n')
        dst[len - 1] = '\0';
    return FILE_READ;
}

/* Whether a -p, -sys or -r value fits this tool's limit of `limit` bytes; if not, err names the flag, the
 * value's start, its length and the limit (it is refused, never cut). */
static bool too_long(const char *flag, const char *value, const char *v, size_t limit, char *err, size_t err_size)
{
    size_t n = strlen(value);
    if (n <= limit)
        return true;
    snprintf(err, err_size, "%s: '%s' is %zu bytes (at most %zu here; llama.cpp has no such limit)", flag, v, n,
             limit);
    return false;
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
        ValueStatus status = VALUE_OK;
        const char *bias_text = value;
        char lenient[32], b[80];
        BiasStatus form = parse_bias(value, &out->sampling.logit_bias[out->sampling.n_logit_bias], &status,
                                     &bias_text, lenient, sizeof lenient);
        if (form == BIAS_MALFORMED) {
            snprintf(err, err_size, "%s: '%s' is not TOKEN_ID(+/-)BIAS", flag, v);
            return false;
        }
        if (form == BIAS_SECOND_SIGN) {
            snprintf(err, err_size, "%s: '%s' has a second sign (llama.cpp would read %s; stricter than llama.cpp)",
                     flag, v, lenient);
            return false;
        }
        if (status != VALUE_OK) {
            shown(bias_text, b, sizeof b);
            if (status == VALUE_RANGE)
                snprintf(err, err_size, "%s: the bias '%s' of '%s' is out of range for a float (std::stof refuses "
                         "it)", flag, b, v);
            else if (status == VALUE_STRICTER)
                snprintf(err, err_size, "%s: the bias '%s' of '%s' is not a number (llama.cpp would read %s; "
                         "stricter than llama.cpp)", flag, b, v, lenient);
            else
                snprintf(err, err_size, "%s: the bias '%s' of '%s' is not a number", flag, b, v);
            return false;
        }
        out->sampling.n_logit_bias++;
        break;
    case K_SAMPLERS:
    case K_SAMPLER_SEQ:
        if (!(spec->kind == K_SAMPLERS ? set_samplers(out, value) : set_sampler_seq(out, value))) {
            snprintf(err, err_size, "%s: '%s' names more than %d samplers (this tool's limit; llama.cpp has none)",
                     flag, v, CHAIN_MAX_SAMPLERS);
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
        } else if (!too_long(flag, value, v, ARGS_MAX_STOP_LEN, err, err_size)) {
            return false;
        } else {
            copy_cut(out->stop[out->n_stop++], value, ARGS_MAX_STOP_LEN);
        }
        break;
    }
    if (too_many != NULL) {
        snprintf(err, err_size, "%s: '%s' is one %s too many (at most %d here; llama.cpp has no such limit)", flag,
                 v, too_many, limit);
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
    case K_SYSTEM:
        if (!too_long(flag, value, v, ARGS_MAX_PROMPT, err, err_size))
            return false;
        copy_cut(spec->kind == K_PROMPT ? out->prompt : out->system_prompt, value, ARGS_MAX_PROMPT);
        mark(out, spec->setting);
        return true;
    case K_PROMPT_FILE:
    case K_SYSTEM_FILE:
        switch (read_prompt_file(value, spec->kind == K_PROMPT_FILE ? out->prompt : out->system_prompt,
                                 ARGS_MAX_PROMPT)) {
        case FILE_UNREADABLE:
            snprintf(err, err_size, "%s: cannot read '%s'", flag, v);
            return false;
        case FILE_TOO_LONG:
            snprintf(err, err_size, "%s: '%s' is longer than %d bytes (this tool's limit; llama.cpp has none)", flag,
                     v, ARGS_MAX_PROMPT);
            return false;
        case FILE_READ:
            break;
        }
        mark(out, spec->setting);
        return true;
    case K_REMOVED:
        snprintf(err, err_size, "%s: the argument has been removed from llama.cpp; use %s", flag, spec->help);
        return false;
    case K_IGNORE_EOS: out->sampling.ignore_eos = true; mark(out, SET_IGNORE_EOS); return true;
    case K_ESCAPE:     out->escape = true; return true;
    case K_NO_ESCAPE:  out->escape = false; return true;
    case K_PRESET:     apply_preset(out); return true;
    case K_JSON: case K_JSON_ALL: case K_OPENAI: {
        static const char *const names[] = {"", "--json", "--json-all", "--openai"};   /* by ArgsOutput */
        ArgsOutput want = spec->kind == K_JSON ? OUTPUT_JSON : spec->kind == K_JSON_ALL ? OUTPUT_JSON_ALL
                                                                                        : OUTPUT_OPENAI;
        if (out->output != OUTPUT_CHAIN && out->output != want) {
            snprintf(err, err_size, "%s: choose one of --json, --json-all and --openai (%s was given)", flag,
                     names[out->output]);
            return false;
        }
        out->output = want;
        return true;
    }
    case K_HELP:       out->help = true; return true;
    case K_IGNORED:
        if (spec->choices != NULL && value != NULL && !check_choice(out, spec, flag, value, v, err, err_size))
            return false;
        add_ignored(out, flag);
        return true;
    case K_OUTSIDE:
        add_named(out->outside, sizeof out->outside, flag);
        return true;
    }
    return true;
}

/* The tool a leading program word names, or TOOL_ANY: the name alone or at the end of a path ('/' or '\\'),
 * with or without ".exe"; one rule for both, any case, as Windows compares names (LLAMA-SERVER and
 * llama-server.EXE are llama-server). */
static ArgsTool tool_from_word(const char *word)
{
    static const struct { const char *name; ArgsTool tool; } words[] = {
        {"llama-cli", TOOL_CLI}, {"llama-completion", TOOL_COMPLETION}, {"llama-server", TOOL_SERVER}};
    const char *base = word;
    for (const char *c = word; *c != '\0'; c++)
        if (*c == '/' || *c == '\\')
            base = c + 1;
    size_t n = strlen(base);
    bool exe = n > 4 && base[n - 4] == '.' && tolower((unsigned char)base[n - 3]) == 'e'
            && tolower((unsigned char)base[n - 2]) == 'x' && tolower((unsigned char)base[n - 1]) == 'e';
    if (exe)
        n -= 4;
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        bool same = strlen(words[i].name) == n;
        for (size_t k = 0; same && k < n; k++)
            same = tolower((unsigned char)base[k]) == words[i].name[k];
        if (same)
            return words[i].tool;
    }
    return TOOL_ANY;
}

/* After the flags, as llama.cpp does after parsing: a window of -1 becomes -c's size when -c > 0 (older
 * llama.cpp's meaning) and stays -1, off as in current llama.cpp, without it, with one warning either way;
 * escapes are processed (a \x00 kept as typed, with a warning naming prompt_flag, -r or the breaker flag),
 * breakers are cut to 40 bytes. ctx_flag is -c as typed (listed as ignored until a window of -1 looks at it,
 * even -c 0), or NULL; prompt_flag the last -p or -f as typed, or NULL. */
static void finish(CliParams *out, const char *ctx_flag, const char *prompt_flag)
{
    int32_t *windows[] = {&out->sampling.penalty_last_n, &out->sampling.dry_penalty_last_n};
    static const char *const window_flags[] = {"--repeat-last-n", "--dry-penalty-last-n"};
    bool ctx_used = false;
    for (size_t i = 0; i < 2; i++) {
        if (*windows[i] != -1)
            continue;
        char line[320];
        ctx_used = ctx_used || ctx_flag != NULL;
        if (out->n_ctx > 0) {
            *windows[i] = out->n_ctx;
            snprintf(line, sizeof line, "%s -1 (the context size) is -c's %d tokens here, as older llama.cpp had "
                     "it; current llama.cpp clamps a negative window to 0 (off)", window_flags[i], (int)out->n_ctx);
        } else if (ctx_flag != NULL) {
            snprintf(line, sizeof line, "%s -1 (the context size) is off here, as in current llama.cpp, which "
                     "clamps a negative window to 0; -c 0 is the model's size, unknown here: give -c N (N > 0) for a "
                     "window of N tokens, as older llama.cpp had it", window_flags[i]);
        } else {
            snprintf(line, sizeof line, "%s -1 (the context size) is off here, as in current llama.cpp, which "
                     "clamps a negative window to 0; give -c N for a window of N tokens, as older llama.cpp had it",
                     window_flags[i]);
        }
        warn(out, "%s\n", line);
    }
    if (ctx_flag != NULL && ctx_used)
        remove_ignored(out, ctx_flag);
    if (out->escape) {
        static const char nul[] = "%s: \\x00 is kept as the 4 characters typed; llama.cpp would put a NUL byte "
                                  "there\n";
        if (process_escapes(out->prompt) && prompt_flag != NULL)
            warn(out, nul, prompt_flag);
        bool kept = false;
        for (size_t i = 0; i < out->n_stop; i++)
            kept = process_escapes(out->stop[i]) || kept;
        if (kept)
            warn(out, nul, "-r");
        kept = false;
        for (size_t i = 0; i < out->n_dry_breakers; i++)
            kept = process_escapes(out->dry_breakers[i]) || kept;
        if (kept)
            warn(out, nul, "--dry-sequence-breaker");
    }
    for (size_t i = 0; i < out->n_dry_breakers; i++) {
        char cut[ARGS_MAX_BREAKER_LEN + 1];
        copy_cut(cut, out->dry_breakers[i], ARGS_MAX_BREAKER_LEN);
        memcpy(out->dry_breakers[i], cut, sizeof cut);
    }
}

/* The chain builder's own check (sampling_params_problem) on the finished parameters, so that what it would
 * refuse is refused here, naming the flag that sets the field, before anything is printed. */
static bool check_problem(const CliParams *out, char *err, size_t err_size)
{
    static const struct { const char *field; const char *flag; size_t offset; } flags[] = {
        {"penalty_repeat", "--repeat-penalty", SAMPLING_FIELD(penalty_repeat)},
        {"penalty_freq", "--frequency-penalty", SAMPLING_FIELD(penalty_freq)},
        {"penalty_present", "--presence-penalty", SAMPLING_FIELD(penalty_present)},
        {"mirostat_tau", "--mirostat-ent", SAMPLING_FIELD(mirostat_tau)},
        {"mirostat_eta", "--mirostat-lr", SAMPLING_FIELD(mirostat_eta)},
    };
    const char *problem = sampling_params_problem(&out->sampling);
    if (problem == NULL)
        return true;
    size_t n = strcspn(problem, " [");
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++) {
        if (strlen(flags[i].field) != n || strncmp(problem, flags[i].field, n) != 0)
            continue;
        double d;
        memcpy(&d, (const char *)out + flags[i].offset, sizeof d);
        snprintf(err, err_size, "%s: %g is refused: %s", flags[i].flag, d, problem);
        return false;
    }
    snprintf(err, err_size, "these settings are refused: %s", problem);
    return false;
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
    const char *ctx_flag = NULL, *prompt_flag = NULL;
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
        if (spec == NULL && i == 1 && flag[0] != '-' && strpbrk(flag, " \t") == NULL) {
            snprintf(err, err_size, "'%s' is neither a flag nor a program word this tool knows (llama-cli, "
                     "llama-completion or llama-server)", shown(flag, f, sizeof f));
            return false;
        }
        if (spec == NULL) {
            bool blank = strpbrk(flag, " \t") != NULL;     /* a whole command line pasted in quotes */
            snprintf(err, err_size, "unknown flag '%s'%s%s%s%s", shown(flag, f, sizeof f),
                     other_tool ? " (" : "", other_tool ? tool_names[out->tool] : "",
                     other_tool ? " does not take it)" : "",
                     blank ? " (one argument holds a whole command line: remove the quotes around it)" : "");
            return false;
        }
        const char *value = NULL;
        for (int k = 0; k < spec->arity; k++) {
            if (i + 1 >= argc || argv[i + 1] == NULL) {
                bool was_switch = spec->choices != NULL && spec->choices[0] == '!';
                snprintf(err, err_size, "%s: missing value", shown(flag, f, sizeof f));
                if (was_switch) {
                    size_t len = strlen(err);
                    snprintf(err + len, err_size - len, " (older llama.cpp took %s alone; it takes a value now)", f);
                }
                return false;
            }
            value = argv[++i];      /* a 2-value flag (only ignored ones have two) keeps its last */
        }
        if (spec->kind == K_INT && spec->offset == offsetof(CliParams, n_ctx)) {
            ctx_flag = flag;
            add_ignored(out, flag);
        }
        if (spec->kind == K_PROMPT || spec->kind == K_PROMPT_FILE)
            prompt_flag = flag;
        if (!apply_flag(out, spec, flag, value, &breakers_cleared, err, err_size))
            return false;
    }
    finish(out, ctx_flag, prompt_flag);
    return check_problem(out, err, err_size);
}
