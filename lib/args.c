/* args.c: the sampling flags of llama.cpp's common/arg.cpp, table-driven. Each flag names the field it sets
 * (an offset into CliParams) and how its value is read; the few flags with their own rules have a kind each. */
#include "args.h"

#include "text.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum {
    K_DOUBLE,       /* a number into a double field */
    K_INT,          /* a whole number in [min, max] into an int32_t field */
    K_TEMP,         /* a number, negative clamped to 0 */
    K_DRY_BASE,     /* a number; below 1 ignored with a warning */
    K_SEED,         /* -1 or 0..4294967295 */
    K_BIAS,         /* TOKEN_ID(+/-)BIAS, appended */
    K_SAMPLERS,     /* names separated by ';' */
    K_SAMPLER_SEQ,  /* one letter per sampler */
    K_BREAKER,      /* a DRY sequence breaker string; the first use clears the defaults */
    K_IGNORE_EOS,   /* no value */
    K_JSON,         /* no value */
    K_HELP,         /* no value */
    K_MODEL,        /* a model flag with a value, accepted and ignored */
    K_MODEL_SWITCH  /* a model flag without a value, accepted and ignored */
} ArgKind;

typedef struct {
    const char *names[3];   /* the spellings, NULL-padded */
    ArgKind kind;
    size_t offset;          /* of the field in CliParams, for K_DOUBLE, K_INT, K_TEMP and K_DRY_BASE */
    long long min, max;     /* K_INT's range */
    const char *meta;       /* the value's name in the help text, NULL for a flag without a value */
    const char *help;
} ArgSpec;

#define SP(field) offsetof(CliParams, sampling.field)

static const ArgSpec specs[] = {
    {{"--temp", "--temperature"}, K_TEMP, SP(temp), 0, 0, "T", "temperature; <= 0 is greedy"},
    {{"--top-k"}, K_INT, SP(top_k), INT32_MIN, INT32_MAX, "N", "top-k; <= 0 off"},
    {{"--top-p"}, K_DOUBLE, SP(top_p), 0, 0, "P", "top-p (nucleus); 1.0 off"},
    {{"--min-p"}, K_DOUBLE, SP(min_p), 0, 0, "P", "min-p; 0.0 off"},
    {{"--typical", "--typical-p"}, K_DOUBLE, SP(typ_p), 0, 0, "P", "locally typical; 1.0 off"},
    {{"--repeat-last-n"}, K_INT, SP(penalty_last_n), -1, INT32_MAX, "N", "penalty window; 0 off"},
    {{"--repeat-penalty"}, K_DOUBLE, SP(penalty_repeat), 0, 0, "R", "repetition penalty; 1.0 off"},
    {{"--presence-penalty"}, K_DOUBLE, SP(penalty_present), 0, 0, "P", "presence penalty; 0.0 off"},
    {{"--frequency-penalty"}, K_DOUBLE, SP(penalty_freq), 0, 0, "F", "frequency penalty; 0.0 off"},
    {{"--dry-multiplier"}, K_DOUBLE, SP(dry_multiplier), 0, 0, "M", "DRY multiplier; 0.0 off"},
    {{"--dry-base"}, K_DRY_BASE, SP(dry_base), 0, 0, "B", "DRY base; below 1 ignored"},
    {{"--dry-allowed-length"}, K_INT, SP(dry_allowed_length), 0, INT32_MAX, "N", "DRY free repeat length"},
    {{"--dry-penalty-last-n"}, K_INT, SP(dry_penalty_last_n), -1, INT32_MAX, "N", "DRY window; 0 off"},
    {{"--dry-sequence-breaker"}, K_BREAKER, 0, 0, 0, "S", "DRY breaker (repeatable; 'none' clears)"},
    {{"--xtc-probability"}, K_DOUBLE, SP(xtc_probability), 0, 0, "P", "XTC probability; 0.0 off"},
    {{"--xtc-threshold"}, K_DOUBLE, SP(xtc_threshold), 0, 0, "T", "XTC threshold; > 0.5 off"},
    {{"--top-n-sigma", "--top-nsigma"}, K_DOUBLE, SP(top_n_sigma), 0, 0, "N", "top-n-sigma; <= 0 off"},
    {{"--dynatemp-range"}, K_DOUBLE, SP(dynatemp_range), 0, 0, "D", "dynamic temperature range; 0.0 off"},
    {{"--dynatemp-exp"}, K_DOUBLE, SP(dynatemp_exponent), 0, 0, "E", "dynamic temperature exponent"},
    {{"--mirostat"}, K_INT, SP(mirostat), 0, 2, "N", "0 off, 1 mirostat, 2 mirostat 2.0"},
    {{"--mirostat-lr"}, K_DOUBLE, SP(mirostat_eta), 0, 0, "ETA", "mirostat learning rate"},
    {{"--mirostat-ent"}, K_DOUBLE, SP(mirostat_tau), 0, 0, "TAU", "mirostat target surprise, bits"},
    {{"-l", "--logit-bias"}, K_BIAS, 0, 0, 0, "ID(+/-)BIAS", "add BIAS to token ID (repeatable; -inf bans)"},
    {{"--samplers"}, K_SAMPLERS, 0, 0, 0, "LIST", "sampler order, names separated by ';'"},
    {{"--sampler-seq", "--sampling-seq"}, K_SAMPLER_SEQ, 0, 0, 0, "LETTERS", "sampler order as letters"},
    {{"-s", "--seed"}, K_SEED, 0, 0, 0, "N", "seed; -1 is llama.cpp's 'random'"},
    {{"--ignore-eos"}, K_IGNORE_EOS, 0, 0, 0, NULL, "ban end-of-generation tokens (adds logit-bias)"},
    {{"--json"}, K_JSON, 0, 0, 0, NULL, "print the llama-server request body instead"},
    {{"-h", "--help"}, K_HELP, 0, 0, 0, NULL, "print this help"},
    {{"-m", "--model"}, K_MODEL, 0, 0, 0, "FILE", "accepted and ignored (no model here)"},
    {{"-p", "--prompt"}, K_MODEL, 0, 0, 0, "TEXT", "accepted and ignored"},
    {{"-n", "--n-predict"}, K_MODEL, 0, 0, 0, "N", "accepted and ignored"},
    {{"-no-cnv", "--no-conversation"}, K_MODEL_SWITCH, 0, 0, 0, NULL, "accepted and ignored"},
};

#define N_SPECS (sizeof specs / sizeof specs[0])

static const char *const default_breakers[] = {"\n", ":", "\"", "*"};


/* ===== Values ===== */

/* A value that is wholly a number: no blank before or after, no NaN. "inf" is a number; a finite value too
 * large for a double (1e400) is not, and sets *overflow. */
static bool parse_double(const char *s, double *out, bool *overflow)
{
    char *end;
    *overflow = false;
    if (isspace((unsigned char)s[0]))
        return false;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || *end != '\0' || isnan(v))
        return false;
    if (errno == ERANGE && isinf(v)) {
        *overflow = true;
        return false;
    }
    *out = v;
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
    static const struct { const char *name; SamplerType type; } table[] = {
        {"penalties", SAMPLER_PENALTIES}, {"dry", SAMPLER_DRY},
        {"top_n_sigma", SAMPLER_TOP_N_SIGMA}, {"top-n-sigma", SAMPLER_TOP_N_SIGMA}, {"topnsigma", SAMPLER_TOP_N_SIGMA},
        {"top_k", SAMPLER_TOP_K}, {"top-k", SAMPLER_TOP_K}, {"topk", SAMPLER_TOP_K},
        {"typ_p", SAMPLER_TYPICAL_P}, {"typ-p", SAMPLER_TYPICAL_P}, {"typp", SAMPLER_TYPICAL_P}, {"typ", SAMPLER_TYPICAL_P},
        {"top_p", SAMPLER_TOP_P}, {"top-p", SAMPLER_TOP_P}, {"topp", SAMPLER_TOP_P}, {"nucleus", SAMPLER_TOP_P},
        {"min_p", SAMPLER_MIN_P}, {"min-p", SAMPLER_MIN_P}, {"minp", SAMPLER_MIN_P},
        {"xtc", SAMPLER_XTC}, {"temperature", SAMPLER_TEMPERATURE}, {"temp", SAMPLER_TEMPERATURE},
        {"infill", SAMPLER_INFILL},
        {"adaptive_p", SAMPLER_ADAPTIVE_P}, {"adaptive-p", SAMPLER_ADAPTIVE_P}, {"adaptivep", SAMPLER_ADAPTIVE_P},
    };
    if (name == NULL)
        return false;
    char lower[32];
    size_t n = strlen(name);
    if (n >= sizeof lower)
        return false;
    for (size_t i = 0; i <= n; i++)
        lower[i] = (char)tolower((unsigned char)name[i]);
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        if (strcmp(lower, table[i].name) == 0) {
            *type = table[i].type;
            return true;
        }
    }
    return false;
}

/* One letter per SamplerType, in the enum's order: e = penalties, d = dry, ... (llama.cpp's letters). */
static const char sampler_letters[] = "edskypmxtia";

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
    if (*rest == '+' || *rest == '-' || !parse_double(rest, &amount, &overflow))
        return false;       /* a second sign ("15--3") is malformed too */
    *bias = (LogitBias){(int32_t)token, *end == '-' ? -amount : amount};
    return true;
}

/* Stores a breaker, cut to ARGS_MAX_BREAKER_LEN bytes as llama.cpp cuts it, but never inside a UTF-8
 * character (the cut moves back to the character's first byte). */
static void keep_breaker(CliParams *out, const char *value)
{
    size_t n = strlen(value);
    if (n > ARGS_MAX_BREAKER_LEN) {
        n = ARGS_MAX_BREAKER_LEN;
        while (n > 0 && ((unsigned char)value[n] & 0xC0) == 0x80)
            n--;
    }
    snprintf(out->dry_breakers[out->n_dry_breakers++], ARGS_MAX_BREAKER_LEN + 1, "%.*s", (int)n, value);
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
    keep_breaker(out, value);
    return true;
}

void args_defaults(CliParams *out)
{
    if (out == NULL)
        return;
    memset(out, 0, sizeof *out);
    out->sampling = sampling_params_default();
    for (size_t i = 0; i < sizeof default_breakers / sizeof default_breakers[0]; i++)
        keep_breaker(out, default_breakers[i]);
}

static const ArgSpec *find_spec(const char *flag)
{
    for (size_t i = 0; i < N_SPECS; i++)
        for (size_t j = 0; j < 3 && specs[i].names[j] != NULL; j++)
            if (strcmp(flag, specs[i].names[j]) == 0)
                return &specs[i];
    return NULL;
}

/* Applies one flag with its value (NULL for a switch). Returns false with err filled on bad input. */
static bool apply_flag(CliParams *out, const ArgSpec *spec, const char *flag, const char *value,
                       bool *breakers_cleared, char *err, size_t err_size)
{
    char *field = (char *)out + spec->offset;
    char v[80];
    if (value != NULL)
        shown(value, v, sizeof v);      /* the value as error messages show it */
    double d;
    long long n;
    bool overflow;
    switch (spec->kind) {
    case K_DOUBLE:
    case K_TEMP:
    case K_DRY_BASE:
        if (!parse_double(value, &d, &overflow)) {
            snprintf(err, err_size, "%s: '%s' is %s", flag, v, overflow ? "out of range" : "not a number");
            return false;
        }
        if (spec->kind == K_TEMP && d < 0)
            d = 0;                          /* llama.cpp clamps --temp to >= 0 */
        if (spec->kind == K_DRY_BASE && d < 1) {
            warn(out, "--dry-base %s is below 1: ignored, as llama.cpp does\n", value);
            return true;
        }
        memcpy(field, &d, sizeof d);
        return true;
    case K_INT:
    case K_SEED:
        if (!parse_integer(value, &n)) {
            snprintf(err, err_size, "%s: '%s' is not a whole number", flag, v);
            return false;
        }
        if (spec->kind == K_SEED) {
            if (n < -1 || n > UINT32_MAX) {
                snprintf(err, err_size, "%s: %s is out of range (-1 to 4294967295)", flag, v);
                return false;
            }
            out->sampling.seed = (uint32_t)(n == -1 ? UINT32_MAX : n);  /* -1 wraps, as stoul does */
            return true;
        }
        if (n < spec->min || n > spec->max) {
            snprintf(err, err_size, "%s: %s is out of range (%lld to %lld)", flag, v, spec->min, spec->max);
            return false;
        }
        int32_t i32 = (int32_t)n;
        memcpy(field, &i32, sizeof i32);
        return true;
    case K_BIAS:
        if (out->sampling.n_logit_bias == CHAIN_MAX_BIASES) {
            snprintf(err, err_size, "%s: '%s' is one bias too many (at most %d)", flag, v, CHAIN_MAX_BIASES);
            return false;
        }
        if (!parse_bias(value, &out->sampling.logit_bias[out->sampling.n_logit_bias])) {
            snprintf(err, err_size, "%s: '%s' is not TOKEN_ID(+/-)BIAS", flag, v);
            return false;
        }
        out->sampling.n_logit_bias++;
        return true;
    case K_SAMPLERS:
    case K_SAMPLER_SEQ:
        if (!(spec->kind == K_SAMPLERS ? set_samplers(out, value) : set_sampler_seq(out, value))) {
            snprintf(err, err_size, "%s: '%s' names more than %d samplers", flag, v, CHAIN_MAX_SAMPLERS);
            return false;
        }
        return true;
    case K_BREAKER:
        if (!add_breaker(out, value, breakers_cleared)) {
            snprintf(err, err_size, "%s: '%s' is one breaker too many (at most %d)", flag, v, ARGS_MAX_BREAKERS);
            return false;
        }
        return true;
    case K_IGNORE_EOS: out->sampling.ignore_eos = true; return true;
    case K_JSON:       out->json = true; return true;
    case K_HELP:       out->help = true; return true;
    case K_MODEL:
    case K_MODEL_SWITCH:
        return true;
    }
    return true;
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
    bool breakers_cleared = false;
    for (int i = 1; i < argc; i++) {
        const char *flag = argv[i];
        char f[80];
        const ArgSpec *spec = flag != NULL ? find_spec(flag) : NULL;
        if (spec == NULL) {
            snprintf(err, err_size, "unknown flag '%s'", flag != NULL ? shown(flag, f, sizeof f) : "(null)");
            return false;
        }
        const char *value = NULL;
        if (spec->meta != NULL) {
            if (i + 1 >= argc || argv[i + 1] == NULL) {
                snprintf(err, err_size, "%s: missing value", flag);
                return false;
            }
            value = argv[++i];
        }
        if (!apply_flag(out, spec, flag, value, &breakers_cleared, err, err_size))
            return false;
    }
    return true;
}

/* ===== Help ===== */

static void help_default(Text *t, const ArgSpec *spec, const CliParams *defaults)
{
    const char *field = (const char *)defaults + spec->offset;
    double d;
    int32_t i32;
    switch (spec->kind) {
    case K_DOUBLE:
    case K_TEMP:
    case K_DRY_BASE:
        memcpy(&d, field, sizeof d);
        text_add(t, " (default: %g)", d);
        break;
    case K_INT:
        memcpy(&i32, field, sizeof i32);
        text_add(t, " (default: %d)", (int)i32);
        break;
    case K_SEED:
        text_add(t, " (default: -1)");
        break;
    case K_SAMPLERS:                    /* both derived from the default order, so they cannot drift */
    case K_SAMPLER_SEQ:
        text_add(t, " (default: ");
        for (size_t i = 0; i < defaults->sampling.n_samplers; i++) {
            SamplerType type = defaults->sampling.samplers[i];
            if (spec->kind == K_SAMPLERS)
                text_add(t, "%s%s", i ? ";" : "", sampler_type_name(type));
            else
                text_add(t, "%c", sampler_letters[type]);
        }
        text_add(t, ")");
        break;
    case K_BREAKER:
        text_add(t, " (default: '\\n' ':' '\"' '*')");
        break;
    default:
        break;
    }
}

size_t args_help(char *buf, size_t size)
{
    Text t = text_start(buf, size);
    CliParams defaults;
    args_defaults(&defaults);
    text_add(&t, "usage: 11_sampler_chain [flags]\n"
                 "Prints the 'sampler chain:' line llama.cpp logs for these sampling flags.\n"
                 "With no flags, prints the lesson's three lines.\n\n");
    for (size_t i = 0; i < N_SPECS; i++) {
        char names[64] = "";
        for (size_t j = 0; j < 3 && specs[i].names[j] != NULL; j++)
            snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", j ? ", " : "",
                     specs[i].names[j]);
        char left[96];
        snprintf(left, sizeof left, "%s%s%s", names, specs[i].meta ? " " : "", specs[i].meta ? specs[i].meta : "");
        text_add(&t, "  %-42s %s", left, specs[i].help);
        help_default(&t, &specs[i], &defaults);
        text_add(&t, "\n");
    }
    return t.len;
}
