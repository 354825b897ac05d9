/* apply.c: one flag of a llama.cpp command line, read by its row's kind (flags.h) and applied to CliParams:
 * numbers by std::stof/std::stoi's rules (values.c) on the float llama.cpp stores, lists (-l, --samplers,
 * breakers, -r), the prompt and its files, the ignored flags' checked values. */
#include "cli/apply.h"
#include "cli/from_json.h"
#include "cli/values.h"

#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Records that flag (as typed, pointing into argv) set the setting. */
bool args_names_model(const ArgSpec *spec)
{
    static const char *const model[] = {"-m", "-mu", "-hf", "-hff", "-dr"};
    for (size_t i = 0; i < sizeof model / sizeof model[0]; i++)
        if (strcmp(spec->names[0], model[i]) == 0)
            return true;
    return false;
}

static void mark(CliParams *out, int setting, const char *flag)
{
    if (setting < 0)
        return;
    out->set |= 1u << setting;
    out->named[setting] = flag;
    sources_note(out, setting, LAYER_FLAG, flag, NULL, NULL, NULL);     /* the value is stored: its source */
}

void args_warn(CliParams *out, const char *fmt, const char *what)
{
    static const char more[] = "more warnings not shown\n";
    char safe[1200], line[1400];
    size_t len = strlen(out->warnings);
    snprintf(line, sizeof line, fmt, shown_line(what, safe, sizeof safe));
    if (len >= sizeof more - 1 && strcmp(out->warnings + len - (sizeof more - 1), more) == 0)
        return;
    const char *add = len + strlen(line) + sizeof more <= sizeof out->warnings ? line : more;
    snprintf(out->warnings + len, sizeof out->warnings - len, "%s", add);
}

void args_cut_breaker(CliParams *out, const char *name, char *breaker)
{
    if (strlen(breaker) <= ARGS_MAX_BREAKER_LEN)
        return;
    char cut[ARGS_MAX_BREAKER_LEN + 1], kept[ARGS_MAX_BREAKER_LEN * 4 + 8], line[600];
    copy_cut(cut, breaker, ARGS_MAX_BREAKER_LEN);
    snprintf(line, sizeof line, "%s: truncating DRY sequence breaker to 40 characters (llama.cpp's warning: its DRY "
             "keeps a breaker's first 40 bytes, here the %zu bytes '%s')", name, strlen(cut),
             shown(cut, kept, sizeof kept));
    args_warn(out, "%s\n", line);
    memcpy(breaker, cut, sizeof cut);
}

/* Appends one sampler to the list; false when the list is full. */
static bool add_sampler(SamplingParams *sp, SamplerType type)
{
    if (sp->n_samplers == CHAIN_MAX_SAMPLERS)
        return false;
    sp->samplers[sp->n_samplers++] = type;
    return true;
}

static bool set_samplers(CliParams *out, const char *flag, const char *value)
{
    out->sampling.n_samplers = 0;
    const char *piece = value;
    size_t empty = 0;
    for (;;) {
        size_t n = strcspn(piece, ";");
        empty += n == 0 && value[0] != '\0';    /* "" is the empty list (reference section 5), no piece */
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(n < sizeof name ? n : sizeof name - 1), piece);
        SamplerType type;
        if (n > 0 && sampler_from_name(name, &type)) {
            if (!add_sampler(&out->sampling, type))
                return false;
        } else if (n > 0 && n < sizeof name) {
            char line[400];
            snprintf(line, sizeof line, "unable to match sampler by name '%s'%s", name,
                     sampler_unknown_hint(name, '\0'));
            args_warn(out, "%s\n", line);
        } else if (n > 0) {     /* the name is shown in part, and says so */
            char line[200];
            snprintf(line, sizeof line, "unable to match sampler by name '%.40s...' (a name of %zu bytes; this tool "
                     "shows its first 40)", name, n);
            args_warn(out, "%s\n", line);
        }
        if (piece[n] == '\0')
            break;
        piece += n + 1;
    }
    if (empty > 0) {        /* reference section 6: whether llama.cpp keeps an empty piece and warns is unconfirmed */
        char line[300], f[64];
        snprintf(line, sizeof line, "%s: %zu empty name%s (a ';' next to another or at an end) %s skipped here; "
                 "whether llama.cpp skips %s and warns is unconfirmed (reference section 6)", shown(flag, f, sizeof f),
                 empty, empty == 1 ? "" : "s", empty == 1 ? "is" : "are", empty == 1 ? "it" : "them");
        args_warn(out, "%s\n", line);
    }
    return true;
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
            char line[300];
            snprintf(line, sizeof line, "unable to match sampler by char '%s'%s", letter,
                     sampler_unknown_hint(NULL, *s));
            args_warn(out, "%s\n", line);
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

void args_add_named(char *list, size_t size, const char *flag)
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

/* The number a reader took from the start of value (its first `used` bytes, blanks before it left out), shown
 * safely, into buf. */
static const char *read_part(const char *value, size_t used, char *buf, size_t size)
{
    size_t blank = 0;
    while (blank < used && isspace((unsigned char)value[blank]))
        blank++;
    char part[80];
    snprintf(part, sizeof part, "%.*s", (int)(used - blank), value + blank);
    return shown(part, buf, size);
}

/* The warning for a value llama.cpp reads as the number at its start (VALUE_LOOSE): the flag and the value as
 * typed, what llama.cpp reads (`read`, written as the fix), and how the reader took it. */
static void warn_loose(CliParams *out, const char *flag, const char *v, const char *read, const char *how)
{
    char line[600];
    snprintf(line, sizeof line, "%s '%s': llama.cpp reads %s (%s); write %s %s", flag, v, read, how, flag, read);
    args_warn(out, "%s\n", line);
}

/* The number a decimal comma meant, into buf: value is digits (a sign and blanks before them), read up to the
 * ',' at value[used], then a digit and the rest of a number ("0,5" gives "0.5", "1,5e2" gives "1.5e2"), the
 * whole of it read as a number once the ',' is a '.'; else NULL. */
static const char *decimal_comma(const char *value, size_t used, char *buf, size_t size)
{
    size_t blank = strspn(value, " \t\n\v\f\r");
    size_t sign = value[blank] == '-' || value[blank] == '+';
    size_t digits = strspn(value + blank + sign, "0123456789");
    const char *after = value + used + 1;
    double d;
    size_t whole;
    if (value[used] != ',' || digits == 0 || blank + sign + digits != used || strchr("0123456789", *after) == NULL
        || *after == '\0' || strlen(value) + 1 > size)
        return NULL;
    snprintf(buf, size, "%.*s.%s", (int)(used - blank), value + blank, after);
    return parse_float(buf, &d, &whole) == VALUE_OK ? buf : NULL;
}

/* The warning for a whole-number flag's value with a ',' after its digits, which `reader` (std::stoi, std::stoul)
 * stops at ("4,0"), into line: a decimal comma's number, said once where it is llama.cpp's too, and with three
 * digits after the ',' the thousands it could group ("1,500": 1500). Returns false, writing nothing, for any
 * other value. */
static bool int_comma(const char *flag, const char *v, const char *value, size_t used, long long n,
                      const char *reader, char *line, size_t size)
{
    char meant[80];
    if (decimal_comma(value, used, meant, sizeof meant) == NULL || strpbrk(meant, "eE") != NULL)
        return false;
    const char *fraction = strchr(meant, '.') + 1;
    bool whole = strspn(fraction, "0") == strlen(fraction);
    if (strlen(fraction) == 3) {            /* 1,500: 1.5, or 1500 with a thousands separator */
        char thousands[80];
        snprintf(thousands, sizeof thousands, "%.*s%s", (int)(fraction - 1 - meant), meant, fraction);
        snprintf(line, size, "%s '%s': llama.cpp reads %lld (%s stops at ','; it takes a whole number, with "
                 "no decimal comma or thousands separator): for %s write %s %s, or %s %lld for what llama.cpp runs",
                 flag, v, n, reader, thousands, flag, thousands, flag, n);
    } else if (whole) {
        snprintf(line, size, "%s '%s': llama.cpp reads %lld (%s stops at ','; it takes a whole number, with "
                 "no decimal comma), the same number as %s; write %s %lld", flag, v, n, reader, meant, flag, n);
    } else {
        snprintf(line, size, "%s '%s': llama.cpp reads %lld (%s stops at ','; it takes a whole number, with "
                 "no decimal comma), and %s is none; write %s %lld, or the whole number you mean", flag, v, n, reader,
                 meant, flag, n);
    }
    return true;
}

/* The number a value that starts with a decimal comma meant (blanks and a sign before it: ",7" gives "0.7", "-,5" gives
 * "-0.5"), into buf, when it reads as a number with "0." for the ','; else NULL. std::stof reads no number from such a
 * value. */
static const char *leading_comma(const char *value, char *buf, size_t size)
{
    size_t blank = strspn(value, " \t\n\v\f\r");
    size_t sign = value[blank] == '-' || value[blank] == '+';
    double d;
    size_t whole;
    if (value[blank + sign] != ',' || strchr("0123456789", value[blank + sign + 1]) == NULL
        || value[blank + sign + 1] == '\0' || strlen(value) + 2 > size)
        return NULL;
    snprintf(buf, size, "%.*s0.%s", (int)sign, value + blank, value + blank + sign + 1);
    return parse_float(buf, &d, &whole) == VALUE_OK ? buf : NULL;
}

/* The refusal of NaN (what: the value as the message shows it), which llama.cpp takes and this workbench
 * cannot compute with. Returns false. */
static bool refuse_nan(const char *flag, const char *what, char *err, size_t err_size)
{
    snprintf(err, err_size, "%s: %s is NaN: llama.cpp would take it, but this workbench's samplers cannot compute "
             "with NaN, so it stops here (this workbench's limit, not llama.cpp's; give a number)", flag, what);
    return false;
}

/* What a --temp of 0 runs, which the chain line does not show (reference section 4.10): said where a warning leaves it
 * 0. */
#define GREEDY_ZERO " (a temperature of 0 is greedy, only the top token keeping a finite logit, unless a dynatemp " \
                    "range is above 0: reference section 4.10)"

/* Reads a float value for K_FLOAT..K_FINITE and applies the kind's rule, on the float std::stof gives (as
 * llama.cpp decides on it): --repeat-penalty finite, above 0 and with a finite reciprocal, the other penalties
 * finite (common_sampler_init), --temp clamped to 0 and up, a --dry-base that is not 1 or more ignored
 * (arg.cpp). A number at the start of the value is read as std::stof reads it, with a warning; NaN is refused
 * as this workbench's limit. The number as typed is kept in typed[] for the body, unless a clamp changed it. */
static bool apply_float(CliParams *out, const ArgSpec *spec, const char *flag, const char *value, const char *v,
                        char *err, size_t err_size)
{
    double d = 0;
    size_t used = 0;
    ValueStatus status = parse_float(value, &d, &used);
    char meant[80], line[600];
    if (status == VALUE_NONE && leading_comma(value, meant, sizeof meant) != NULL) {
        snprintf(err, err_size, "%s: '%s' is not a number (std::stof reads none before the ','; it takes a decimal "
                 "point, not a comma): for %s write %s %s", flag, v, meant, flag, meant);
        return false;
    }
    if (status == VALUE_NONE) {
        snprintf(err, err_size, "%s: '%s' is not a number", flag, v);
        return false;
    }
    if (status == VALUE_RANGE) {
        snprintf(err, err_size, "%s: '%s' is out of range for a float (std::stof refuses it)", flag, v);
        return false;
    }
    char read[80], how[120], what[200];
    read_part(value, used, read, sizeof read);
    if (status == VALUE_LOOSE)
        snprintf(what, sizeof what, "'%s', which llama.cpp reads as %s,", v, read);
    else
        snprintf(what, sizeof what, "%s", v);
    float single = (float)d;            /* d is std::stof's float already (parse_float) */
    if (spec->kind == K_REPEAT && !(single > 0 && isfinite(single))) {  /* std::stof refuses a float below FLT_MIN */
        snprintf(err, err_size, "%s: %s is refused by llama.cpp (a repeat penalty must be finite and above 0)", flag,
                 what);
        return false;
    }
    if (spec->kind == K_FINITE && !isfinite(single)) {
        snprintf(err, err_size, "%s: %s is refused by llama.cpp (this penalty must be finite)", flag, what);
        return false;
    }
    bool clamped = spec->kind == K_TEMP && single < 0;     /* said with the loose reading, in one warning */
    double as_meant = 0;
    size_t n_meant;
    if (status == VALUE_LOOSE && !clamped && decimal_comma(value, used, meant, sizeof meant) != NULL
        && parse_float(meant, &as_meant, &n_meant) == VALUE_OK && as_meant == d) {     /* "0,0": one number */
        snprintf(line, sizeof line, "%s '%s': llama.cpp reads %s (std::stof stops at ','; it takes a decimal point, "
                 "not a comma), the same number as %s; write %s %s", flag, v, read, meant, flag, meant);
        args_warn(out, "%s\n", line);
    } else if (status == VALUE_LOOSE && !clamped && decimal_comma(value, used, meant, sizeof meant) != NULL) {
        snprintf(line, sizeof line, "%s '%s': llama.cpp reads %s (std::stof stops at ','; it takes a decimal point, "
                 "not a comma): for %s write %s %s, or %s %s for what llama.cpp runs%s", flag, v, read, meant, flag,
                 meant, flag, read, spec->kind == K_TEMP && single == 0 ? GREEDY_ZERO : "");
        args_warn(out, "%s\n", line);
    } else if (status == VALUE_LOOSE && !clamped) {
        warn_loose(out, flag, v, read, loose_reading(value, used, "std::stof", how, sizeof how));
    }
    if (spec->kind == K_DRY_BASE && !(single >= 1)) {     /* arg.cpp keeps a base of 1 or more: not NaN */
        args_warn(out, isnan(single) ? "--dry-base %s is NaN, not 1 or more: ignored, as llama.cpp does (the value "
                                       "before it stays)\n"
                                     : "--dry-base %s is below 1 as llama.cpp's float: ignored, as llama.cpp does (the "
                                       "value before it stays)\n", value);
        return true;
    }
    if (status == VALUE_NAN) {
        snprintf(what, sizeof what, "'%s'", v);
        return refuse_nan(flag, what, err, err_size);
    }
    if (clamped) {                      /* arg.cpp 0017d6fb: std::max(std::stof(value), 0.0f) */
        d = 0;
        if (status == VALUE_LOOSE)
            snprintf(what, sizeof what, "'%s', which llama.cpp reads as %s (%s),", v, read,
                     loose_reading(value, used, "std::stof", how, sizeof how));
        snprintf(line, sizeof line, "%s %s is below 0: llama.cpp clamps it to 0 (reference section 6), and a "
                 "temperature of 0 is greedy, only the top token keeping a finite logit, unless a dynatemp range is "
                 "above 0 (section 4.10); write %s 0", flag, what, flag);
        args_warn(out, "%s\n", line);
    }
    memcpy((char *)out + spec->offset, &d, sizeof d);
    mark(out, spec->setting, flag);
    if (spec->setting >= 0)
        snprintf(out->typed[spec->setting], sizeof out->typed[spec->setting], "%s",
                 clamped || strlen(read) > ARGS_MAX_TYPED ? "" : read);
    return true;
}

/* The gpt-oss presets' sampling settings (arg.cpp sets them along with the model and server options), each
 * named with the preset's flag. */
static void apply_preset(CliParams *out, const char *flag)
{
    out->sampling.temp = 1.0;
    out->sampling.top_p = 1.0;
    out->sampling.top_k = 0;
    out->sampling.min_p = float_value(0.01);    /* llama.cpp's float, as a flag's value would be */
    static const ArgsSetting preset[] = {SET_TEMP, SET_TOP_P, SET_TOP_K, SET_MIN_P};
    for (size_t i = 0; i < sizeof preset / sizeof preset[0]; i++) {
        mark(out, preset[i], flag);
        out->typed[preset[i]][0] = '\0';
    }
}

/* Reads a whole number for K_INT as std::stoi reads it: the number at the start of the value (with a warning
 * where that is not the whole value), refused out of the flag's range as llama.cpp refuses it. */
static bool apply_int(CliParams *out, const ArgSpec *spec, const char *flag, const char *value, const char *v,
                      char *err, size_t err_size)
{
    long long n = 0;
    size_t used = 0;
    ValueStatus status = parse_integer(value, &n, &used);
    if (status == VALUE_NONE) {
        snprintf(err, err_size, "%s: '%s' is not a whole number", flag, v);
        return false;
    }
    char read[80], how[120];
    if (status == VALUE_RANGE || n < spec->min || n > spec->max) {
        /* llama.cpp's --mirostat takes any int and aborts later, when it builds the chain (reference 5 and 6) */
        const char *later = spec->setting != SET_MIROSTAT || status == VALUE_RANGE || n < INT_MIN || n > INT_MAX ? NULL
                          : "is not 0, 1 or 2: llama.cpp takes the flag, then aborts when it builds the chain (unknown "
                            "mirostat version); give 0 (off), 1 or 2";
        if (later != NULL && status == VALUE_LOOSE)
            snprintf(err, err_size, "%s: '%s', which llama.cpp reads as %s (%s), %s", flag, v,
                     read_part(value, used, read, sizeof read),
                     loose_reading(value, used, "std::stoi", how, sizeof how), later);
        else if (later != NULL)
            snprintf(err, err_size, "%s: %s %s", flag, v, later);
        else if (status == VALUE_LOOSE)
            snprintf(err, err_size, "%s: '%s', which llama.cpp reads as %s (%s), is out of range (%lld to %lld)",
                     flag, v, read_part(value, used, read, sizeof read),
                     loose_reading(value, used, "std::stoi", how, sizeof how), spec->min, spec->max);
        else
            snprintf(err, err_size, "%s: %s is out of range (%lld to %lld)", flag, v, spec->min, spec->max);
        return false;
    }
    char line[600];
    if (status == VALUE_LOOSE && int_comma(flag, v, value, used, n, "std::stoi", line, sizeof line)) {
        args_warn(out, "%s\n", line);
    } else if (status == VALUE_LOOSE) {
        snprintf(read, sizeof read, "%lld", n);
        warn_loose(out, flag, v, read, loose_reading(value, used, "std::stoi", how, sizeof how));
    }
    int32_t i32 = (int32_t)n;
    memcpy((char *)out + spec->offset, &i32, sizeof i32);
    mark(out, spec->setting, flag);
    return true;
}

/* Reads --seed as llama.cpp does: std::stoul (refused past unsigned long's range, a negative number wrapped),
 * of which the seed keeps the low 32 bits, so -1 is 4294967295, "random". A number at the start of the value,
 * or one the 32 bits change (other than -1), is taken with a warning saying what llama.cpp reads. */
static bool apply_seed(CliParams *out, const char *flag, const char *value, const char *v, char *err,
                       size_t err_size)
{
    unsigned long u = 0;
    size_t used = 0;
    ValueStatus status = parse_unsigned(value, &u, &used);
    if (status == VALUE_NONE) {
        snprintf(err, err_size, "%s: '%s' is not a whole number", flag, v);
        return false;
    }
    if (status == VALUE_RANGE) {
        snprintf(err, err_size, "%s: %s is out of range for std::stoul, which llama.cpp reads it with (it refuses it)",
                 flag, v);
        return false;
    }
    uint32_t seed = (uint32_t)u;        /* the low 32 bits, as llama.cpp's uint32_t seed keeps them */
    out->sampling.seed = seed;
    mark(out, SET_SEED, flag);
    char read[80], how[400], number[24];
    read_part(value, used, read, sizeof read);
    bool negative = read[0] == '-';
    bool wrapped = negative ? u != 0 && u != ULONG_MAX : u > UINT32_MAX;
    if (status != VALUE_LOOSE && !wrapped)
        return true;
    snprintf(number, sizeof number, "%lu", (unsigned long)seed);
    if (!wrapped && !negative && int_comma(flag, v, value, used, (long long)seed, "std::stoul", how, sizeof how)) {
        args_warn(out, "%s\n", how);       /* 1,000 */
        return true;
    }
    if (!wrapped) {
        warn_loose(out, flag, v, number, loose_reading(value, used, "std::stoul", how, sizeof how));
        return true;
    }
    char reading[120] = "", loose[100];
    if (status == VALUE_LOOSE)
        snprintf(reading, sizeof reading, "%s; ", loose_reading(value, used, "std::stoul", loose, sizeof loose));
    snprintf(how, sizeof how, "%s%s%s%s, and the seed keeps its low 32 bits%s", reading,
             negative ? "std::stoul wraps " : "std::stoul reads ", read, negative ? " into an unsigned long" : "",
             seed == UINT32_MAX ? "; 4294967295 is llama.cpp's random seed, -1" : "");
    warn_loose(out, flag, v, number, how);
    return true;
}

/* Whether an ignored or outside flag's value is one arg.cpp accepts (ArgSpec.choices); if not, err names the
 * flag, the values it takes and the value (for a flag older llama.cpp took alone, with llama.cpp's own message
 * and the fix). A whole number std::stoi reads though it is not wholly one ("99.5", " 4") is accepted, as
 * llama.cpp accepts it, with a warning saying what it reads. */
static bool check_choice(CliParams *out, const ArgSpec *spec, const char *flag, const char *value, const char *v,
                         char *err, size_t err_size)
{
    const char *list = spec->choices;
    char f[64];
    if (strcmp(list, ":") == 0) {       /* FNAME:SCALE items, ',' between: one ':' in each, as arg.cpp splits */
        bool form = true;
        for (const char *item = value; form; item += strcspn(item, ",") + 1) {
            size_t n = strcspn(item, ","), colons = 0;
            for (size_t k = 0; k < n; k++)
                colons += item[k] == ':';
            form = colons == 1;
            if (item[n] == '\0')
                break;
        }
        if (!form)
            snprintf(err, err_size, "%s takes FNAME:SCALE,... in arg.cpp 0017d6fb; '%s' is not that form",
                     shown(flag, f, sizeof f), v);
        return form;
    }
    bool was_switch = list[0] == '!';
    list += was_switch;
    for (const char *item = list; ;) {
        size_t n = strcspn(item, "|/");
        if (strlen(value) == n && strncmp(item, value, n) == 0)
            return true;
        long long whole = 0;
        size_t used = 0;
        if (n == 1 && item[0] == '#' && stoi_takes(value)) {
            if (parse_integer(value, &whole, &used) == VALUE_LOOSE) {
                char line[240];
                snprintf(line, sizeof line, "%s: arg.cpp 0017d6fb reads '%s' as %lld (std::stoi%s)", shown(flag, f,
                         sizeof f), v, whole, spec->kind == K_IGNORED ? "; ignored here, so not refused" : "");
                args_warn(out, "%s\n", line);
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
    snprintf(err, err_size, "%s takes %s in arg.cpp 0017d6fb; '%s' is %s", shown(flag, f, sizeof f), takes, v,
             n_named == 1 ? "not one" : "none of them");
    if (was_switch) {       /* these handlers name their long spelling in the message (arg.cpp) */
        const char *long_name = flag;
        for (size_t j = 0; j < 4 && spec->names[j] != NULL; j++)
            if (strncmp(spec->names[j], "--", 2) == 0)
                long_name = spec->names[j];
        size_t len = strlen(err);
        snprintf(err + len, err_size - len, " (its message: \"unknown value for %s: '%s'\"; write %s on)", long_name,
                 v, f);
    }
    return false;
}

/* -np's value, which a value check has accepted (std::stoi's number): the server's n_parallel, which bounds a
 * body's n (--from-json); values below 1 leave it unknown. */
static void keep_parallel(CliParams *out, const ArgSpec *spec, const char *value)
{
    long long n = 0;
    size_t used = 0;
    if (strcmp(spec->names[0], "-np") != 0)
        return;
    ValueStatus status = parse_integer(value, &n, &used);
    out->n_parallel = (status == VALUE_OK || status == VALUE_LOOSE) && n >= 1 && n <= INT32_MAX ? (int32_t)n : 0;
}

typedef enum { FILE_READ, FILE_UNREADABLE, FILE_TOO_LONG } FileStatus;

/* Reads a prompt file for -f or -sysf into dst (room bytes and a NUL), as llama.cpp's read_file does, then
 * drops one trailing newline. FILE_TOO_LONG for a file of more than room bytes (never cut), FILE_UNREADABLE
 * when it cannot be opened or read. *size gets the file's length and *nul_at the offset of its first NUL byte
 * (*size when it has none): the text here ends there. */
static FileStatus read_prompt_file(const char *path, char *dst, size_t room, size_t *size, size_t *nul_at)
{
    FILE *file = fopen(path, "rb");
    *size = *nul_at = 0;
    if (file == NULL)
        return FILE_UNREADABLE;
    size_t n = fread(dst, 1, room, file);
    const char *nul = memchr(dst, '\0', n);
    *size = n;
    *nul_at = nul != NULL ? (size_t)(nul - dst) : n;
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
    snprintf(err, err_size, "%s: '%s' is %zu bytes (at most %zu here: this tool's limit; "
             "arg.cpp 0017d6fb has none)", flag, v, n, limit);
    return false;
}

/* Reads one -l entry as llama.cpp does (values.h, parse_bias) and appends it. A second sign ("15--3": std::stof
 * takes it, so the bias is +3) or anything after the bias is read as llama.cpp reads it, with a warning that
 * gives the entry as llama.cpp holds it; NaN is refused as this workbench's limit. */
static bool apply_bias(CliParams *out, const char *flag, const char *value, const char *v, char *err,
                       size_t err_size)
{
    LogitBias *bias = &out->sampling.logit_bias[out->sampling.n_logit_bias];
    ValueStatus status = VALUE_OK;
    const char *bias_text = value;
    size_t used = 0;
    char b[80], what[200];
    if (!parse_bias(value, bias, &status, &bias_text, &used)) {
        snprintf(err, err_size, "%s: '%s' is not TOKEN_ID(+/-)BIAS", flag, v);
        return false;
    }
    shown(bias_text, b, sizeof b);
    snprintf(what, sizeof what, "the bias '%s' of '%s'", b, v);
    if (status == VALUE_RANGE)
        snprintf(err, err_size, "%s: %s is out of range for a float (std::stof refuses it)", flag, what);
    else if (status == VALUE_NONE)
        snprintf(err, err_size, "%s: %s is not a number", flag, what);
    if (status == VALUE_RANGE || status == VALUE_NONE)
        return false;
    if (status == VALUE_NAN)
        return refuse_nan(flag, what, err, err_size);
    bool second_sign = bias_text[0] == '+' || bias_text[0] == '-';
    if (status == VALUE_LOOSE || second_sign) {
        char how[200] = "", reading[120], entry[144], number[128];
        if (second_sign)
            snprintf(how, sizeof how, "std::stof takes the second sign");
        if (status == VALUE_LOOSE)
            snprintf(how + strlen(how), sizeof how - strlen(how), "%s%s", second_sign ? "; " : "",
                     loose_reading(bias_text, used, "std::stof", reading, sizeof reading));
        snprintf(entry, sizeof entry, "%d%c%s", (int)bias->token, signbit(bias->bias) ? '-' : '+',
                 float_flag_text(fabs(bias->bias), number, sizeof number));
        char meant[80], typed[200], line[600];
        if (status == VALUE_LOOSE && !second_sign && decimal_comma(bias_text, used, meant, sizeof meant) != NULL) {
            /* 15-0,5: the entry as meant, the id and sign as typed */
            snprintf(typed, sizeof typed, "%.*s%s", (int)(bias_text - value), value, meant);
            shown(typed, b, sizeof b);
            double as_meant = 0;
            size_t n_meant;
            if (parse_float(meant, &as_meant, &n_meant) == VALUE_OK && as_meant == fabs(bias->bias))    /* 15-0,0 */
                snprintf(line, sizeof line, "%s '%s': llama.cpp reads %s (std::stof stops at ','; it takes a decimal "
                         "point, not a comma), the same number as %s; write %s %s", flag, v, entry, b, flag, b);
            else
                snprintf(line, sizeof line, "%s '%s': llama.cpp reads %s (std::stof stops at ','; it takes a decimal "
                         "point, not a comma): for %s write %s %s, or %s %s for what llama.cpp runs", flag, v, entry,
                         b, flag, b, flag, entry);
            args_warn(out, "%s\n", line);
        } else {
            warn_loose(out, flag, v, entry, how);
        }
    }
    out->bias_strings[out->sampling.n_logit_bias++][0] = '\0';
    return true;
}

/* The flags that append to a list or replace one: -l, --samplers, --sampler-seq, breakers, -r. */
static bool apply_list(CliParams *out, const ArgSpec *spec, const char *flag, const char *value, const char *v,
                       bool *breakers_cleared, bool *limit, char *err, size_t err_size)
{
    const char *too_many = NULL;
    int most = 0;
    switch (spec->kind) {
    case K_BIAS:
        if (out->sampling.n_logit_bias == CHAIN_MAX_BIASES) {
            too_many = "bias";
            most = CHAIN_MAX_BIASES;
            break;
        }
        if (!apply_bias(out, flag, value, v, err, err_size))
            return false;
        break;
    case K_SAMPLERS:
    case K_SAMPLER_SEQ:
        if (!(spec->kind == K_SAMPLERS ? set_samplers(out, flag, value) : set_sampler_seq(out, value))) {
            snprintf(err, err_size, "%s: '%s' names more than %d samplers (this tool's limit; "
                     "arg.cpp 0017d6fb has none)", flag, v, CHAIN_MAX_SAMPLERS);
            *limit = true;
            return false;
        }
        shown(value, out->samplers_typed, sizeof out->samplers_typed);     /* a note quotes it */
        break;
    case K_BREAKER:
        if (!add_breaker(out, value, breakers_cleared)) {
            too_many = "breaker";
            most = ARGS_MAX_BREAKERS;
        }
        break;
    default:        /* K_STOP */
        if (out->n_stop == ARGS_MAX_STOPS) {
            too_many = "stop string";
            most = ARGS_MAX_STOPS;
        } else if (!too_long(flag, value, v, ARGS_MAX_STOP_LEN, err, err_size)) {
            *limit = true;
            return false;
        } else {
            copy_cut(out->stop[out->n_stop++], value, ARGS_MAX_STOP_LEN);
        }
        break;
    }
    if (too_many != NULL) {
        snprintf(err, err_size, "%s: '%s' is one %s too many (at most %d here: this tool's "
                 "limit; arg.cpp 0017d6fb has none)", flag, v, too_many, most);
        *limit = true;
        return false;
    }
    mark(out, spec->setting, flag);
    return true;
}

bool args_apply_flag(CliParams *out, const ArgSpec *spec, const char *flag, const char *value,
                     bool *breakers_cleared, bool *limit, char *err, size_t err_size)
{
    bool unused;
    limit = limit != NULL ? limit : &unused;
    *limit = false;
    char v[80] = "";
    if (value != NULL)
        shown(value, v, sizeof v);      /* the value as error messages show it */
    switch (spec->kind) {
    case K_FLOAT: case K_TEMP: case K_DRY_BASE: case K_REPEAT: case K_FINITE:
        return apply_float(out, spec, flag, value, v, err, err_size);
    case K_INT:
        return apply_int(out, spec, flag, value, v, err, err_size);
    case K_SEED:
        return apply_seed(out, flag, value, v, err, err_size);
    case K_BIAS: case K_SAMPLERS: case K_SAMPLER_SEQ: case K_BREAKER: case K_STOP:
        return apply_list(out, spec, flag, value, v, breakers_cleared, limit, err, err_size);
    case K_PROMPT:
    case K_SYSTEM:
        if (!too_long(flag, value, v, ARGS_MAX_PROMPT, err, err_size)) {
            *limit = true;
            return false;
        }
        copy_cut(spec->kind == K_PROMPT ? out->prompt : out->system_prompt, value, ARGS_MAX_PROMPT);
        mark(out, spec->setting, flag);
        return true;
    case K_PROMPT_FILE:
    case K_SYSTEM_FILE: {
        char *dst = spec->kind == K_PROMPT_FILE ? out->prompt : out->system_prompt, line[600];
        size_t bytes, nul_at;
        FileStatus read = read_prompt_file(value, dst, ARGS_MAX_PROMPT, &bytes, &nul_at);
        if (read != FILE_READ)
            dst[0] = '\0';         /* nothing is kept of a file that is not read whole */
        switch (read) {
        case FILE_UNREADABLE:
            snprintf(err, err_size, "%s: cannot read '%s'", flag, v);
            return false;
        case FILE_TOO_LONG:
            snprintf(err, err_size, "%s: '%s' is longer than %d bytes (this tool's limit; "
                     "arg.cpp 0017d6fb has none)", flag, v, ARGS_MAX_PROMPT);
            *limit = true;
            return false;
        case FILE_READ:
            break;
        }
        if (nul_at < bytes) {   /* reference section 11, "Files read by flags" */
            snprintf(line, sizeof line, "%s: '%s' holds a NUL byte at offset %zu (of %zu bytes): llama.cpp reads the "
                     "file whole, the NUL and the bytes after it included; this tool's text ends at the NUL (a C "
                     "string cannot hold it), so a body made from it carries the first %zu bytes only", flag, v,
                     nul_at, bytes, nul_at);
            args_warn(out, "%s\n", line);
        }
        mark(out, spec->setting, flag);
        return true;
    }
    case K_REMOVED:
        snprintf(err, err_size, "%s: removed in arg.cpp 0017d6fb, which refuses it; use %s", flag, spec->help);
        return false;
    case K_IGNORE_EOS: out->sampling.ignore_eos = true; mark(out, SET_IGNORE_EOS, flag); return true;
    case K_ESCAPE:     out->escape = true; return true;
    case K_NO_ESCAPE:  out->escape = false; return true;
    case K_PRESET:     apply_preset(out, flag); return true;
    case K_BACKEND:    out->backend_sampling = true; return true;
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
    case K_EXPLAIN:    out->explain = true; return true;
    case K_FROM_JSON: {
        char first[100], second[100];
        if (out->from_json != NULL) {   /* one request is read at a time: never the second in place of the first */
            snprintf(err, err_size, "%s: a second body, %s, after %s (%s): this tool reads one request at a time; give "
                     "one of them", flag, body_file_shown(value, second, sizeof second),
                     body_file_shown(out->from_json, first, sizeof first), out->from_json_flag);
            return false;
        }
        out->from_json = value;
        out->from_json_flag = flag;
        return true;
    }
    case K_PRESET_MODEL: out->preset_model = value; return true;
    case K_ROUTER:      /* router mode: the preset is read by the router's line (layers.h), the folder named */
        if (strcmp(spec->names[0], "--models-preset") == 0)
            out->models_preset = value;
        else
            out->models_dir = value;
        return true;
    case K_PROPS:       /* llama-server's switch; args.c takes this tool's FILE before the row is applied */
        args_add_named(out->ignored, sizeof out->ignored, flag);
        return true;
    case K_IGNORED:     /* named as ignored even when its value is refused: it is a flag llama.cpp knows */
        if (strcmp(spec->names[0], "-m") == 0 && value != NULL) {
            out->model_path = value;        /* the last one counts, as in arg.cpp: read as the model (layers.h) */
            out->model_flag = flag;
        }
        if (args_names_model(spec))
            args_add_named(out->model, sizeof out->model, flag);
        else
            args_add_named(out->ignored, sizeof out->ignored, flag);
        if (spec->choices == NULL || value == NULL)
            return true;
        if (!check_choice(out, spec, flag, value, v, err, err_size))
            return false;
        keep_parallel(out, spec, value);
        return true;
    case K_OUTSIDE:
        if (strcmp(spec->names[0], "--grammar") == 0 && value != NULL && value[0] == '\0') {
            args_warn(out, "%s '': an empty grammar, for which llama.cpp builds no grammar sampler "
                      "(common/sampling.cpp at 00efb3e: only for a grammar that is not empty), so it changes nothing\n",
                      flag);
            return true;
        }
        if (spec->choices == NULL) {
            args_add_named(out->outside, sizeof out->outside, flag);
            out->grammar = flag;        /* a grammar or a JSON schema: only --reasoning-budget has choices */
            return true;
        }
        if (!check_choice(out, spec, flag, value, v, err, err_size))    /* --reasoning-budget, a whole number */
            return false;
        size_t used;
        parse_integer(value, &out->reasoning_budget, &used);      /* check_choice took it: std::stoi's number */
        out->budget_flag = flag;        /* named in finish (args.c), by its last value */
        return true;
    case K_OLD: case K_OLD_SAMPLING:    /* args.c warns for them (old_flag), before any value is taken */
        return true;
    }
    return true;
}
