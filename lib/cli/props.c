/* props.c: default_generation_settings.params of a saved /props, one table row per field the server prints,
 * each read as the type task_params::to_json gives it. */
#include "cli/props.h"
#include "cli/json_in.h"
#include "cli/values.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SP(field) offsetof(CliParams, sampling.field)
#define NONE SIZE_MAX

/* The fields, in task_params::to_json's order (server-task.cpp at 00efb3e), then the newer adaptive-p ones. */
static const struct {
    const char *field;
    int setting;
    const char *flag;
    PropsKind kind;
    size_t offset;              /* an int32_t, uint32_t, double or bool in CliParams, or NONE */
} table[] = {
    {"seed", SET_SEED, "--seed", PROPS_SEED, SP(seed)},
    {"temperature", SET_TEMP, "--temp", PROPS_FLOAT, SP(temp)},
    {"dynatemp_range", SET_DYNATEMP_RANGE, "--dynatemp-range", PROPS_FLOAT, SP(dynatemp_range)},
    {"dynatemp_exponent", SET_DYNATEMP_EXPONENT, "--dynatemp-exp", PROPS_FLOAT, SP(dynatemp_exponent)},
    {"top_k", SET_TOP_K, "--top-k", PROPS_INT, SP(top_k)},
    {"top_p", SET_TOP_P, "--top-p", PROPS_FLOAT, SP(top_p)},
    {"min_p", SET_MIN_P, "--min-p", PROPS_FLOAT, SP(min_p)},
    {"top_n_sigma", SET_TOP_N_SIGMA, "--top-n-sigma", PROPS_FLOAT, SP(top_n_sigma)},
    {"xtc_probability", SET_XTC_PROBABILITY, "--xtc-probability", PROPS_FLOAT, SP(xtc_probability)},
    {"xtc_threshold", SET_XTC_THRESHOLD, "--xtc-threshold", PROPS_FLOAT, SP(xtc_threshold)},
    {"typical_p", SET_TYP_P, "--typical", PROPS_FLOAT, SP(typ_p)},
    {"repeat_last_n", SET_REPEAT_LAST_N, "--repeat-last-n", PROPS_INT, SP(penalty_last_n)},
    {"repeat_penalty", SET_REPEAT_PENALTY, "--repeat-penalty", PROPS_FLOAT, SP(penalty_repeat)},
    {"presence_penalty", SET_PRESENCE, "--presence-penalty", PROPS_FLOAT, SP(penalty_present)},
    {"frequency_penalty", SET_FREQUENCY, "--frequency-penalty", PROPS_FLOAT, SP(penalty_freq)},
    {"dry_multiplier", SET_DRY_MULTIPLIER, "--dry-multiplier", PROPS_FLOAT, SP(dry_multiplier)},
    {"dry_base", SET_DRY_BASE, "--dry-base", PROPS_FLOAT, SP(dry_base)},
    {"dry_allowed_length", SET_DRY_ALLOWED_LENGTH, "--dry-allowed-length", PROPS_INT, SP(dry_allowed_length)},
    {"dry_penalty_last_n", SET_DRY_LAST_N, "--dry-penalty-last-n", PROPS_INT, SP(dry_penalty_last_n)},
    {"dry_sequence_breakers", SET_DRY_BREAKERS, "--dry-sequence-breaker", PROPS_STRINGS, NONE},
    {"mirostat", SET_MIROSTAT, "--mirostat", PROPS_INT, SP(mirostat)},
    {"mirostat_tau", SET_MIROSTAT_TAU, "--mirostat-ent", PROPS_FLOAT, SP(mirostat_tau)},
    {"mirostat_eta", SET_MIROSTAT_ETA, "--mirostat-lr", PROPS_FLOAT, SP(mirostat_eta)},
    {"stop", SET_STOP, "-r", PROPS_STRINGS, NONE},
    {"n_predict", SET_N_PREDICT, "-n", PROPS_INT, offsetof(CliParams, n_predict)},
    {"ignore_eos", SET_IGNORE_EOS, "--ignore-eos", PROPS_BOOL, SP(ignore_eos)},
    {"logit_bias", SET_LOGIT_BIAS, "-l", PROPS_BIAS, NONE},
    {"n_probs", -1, NULL, PROPS_INT, NONE},
    {"min_keep", SET_MIN_KEEP, NULL, PROPS_INT, SP(min_keep)},
    {"grammar", -1, "--grammar", PROPS_STRING, NONE},
    {"samplers", SET_SAMPLERS, "--samplers", PROPS_SAMPLERS, NONE},
    {"backend_sampling", -1, "-bs", PROPS_BOOL, offsetof(CliParams, backend_sampling)},
    {"adaptive_target", SET_ADAPTIVE_TARGET, "--adaptive-target", PROPS_FLOAT, SP(adaptive_target)},
    {"adaptive_decay", SET_ADAPTIVE_DECAY, "--adaptive-decay", PROPS_FLOAT, SP(adaptive_decay)},
};
_Static_assert(sizeof table / sizeof table[0] <= PROPS_FIELDS, "PropsInfo.fields holds every row of the table");

/* The fields of params the server prints that do not change sampling: read, never named. */
static const char *const quiet[] = {
    "max_tokens", "n_keep", "n_discard", "stream", "chat_format", "reasoning_format", "reasoning_in_content",
    "thinking_forced_open", "grammar_lazy", "grammar_triggers", "preserved_tokens", "timings_per_token",
    "post_sampling_probs", "lora", "n_indent", "response_fields", "n_cmpl", "n_cache_reuse", "t_max_predict_ms",
    "cache_prompt", "return_tokens", "return_progress", "verbose"};

typedef struct {
    const JsonDoc *doc;
    const char *name;
    CliParams *params;
    PropsInfo *info;
    char *err;
    size_t err_size;
} Reader;

static bool refuse(Reader *r, const char *field, const char *what)
{
    snprintf(r->err, r->err_size, "%s: params.%s is %s (llama-server prints it otherwise): not a /props this tool "
             "can read", r->name, field, what);
    return false;
}

static void note(Reader *r, const char *line)
{
    size_t len = strlen(r->info->notes);
    if (len + strlen(line) + 2 < sizeof r->info->notes)
        snprintf(r->info->notes + len, sizeof r->info->notes - len, "%s\n", line);
}

/* Appends s to out (written of an array) as a quoted string: its " and \\ escaped, then shown. */
static void written_add(char *out, const char *s, bool first)
{
    char escaped[80], safe[100];
    size_t n = 0;
    for (const char *c = s; *c != '\0' && n + 3 < sizeof escaped; c++) {
        if (*c == '"' || *c == '\\')
            escaped[n++] = '\\';
        escaped[n++] = *c;
    }
    escaped[n] = '\0';
    size_t len = strlen(out);
    snprintf(out + len, PROPS_WRITTEN_MAX + 1 - len, "%s\"%s\"", first ? "" : ", ",
             shown_line(escaped, safe, sizeof safe));
}

static void written_close(char *out)
{
    size_t len = strlen(out);
    if (len + 2 <= PROPS_WRITTEN_MAX)
        snprintf(out + len, PROPS_WRITTEN_MAX + 1 - len, "]");
    else
        memcpy(out + PROPS_WRITTEN_MAX - 4, "...]", 5);
}

static bool read_number(Reader *r, size_t k, const JsonValue *v, PropsField *f)
{
    const char *field = table[k].field;
    JsonType t = json_type(v);
    if (table[k].kind == PROPS_FLOAT) {
        if (t != JSON_INTEGER && t != JSON_UNSIGNED && t != JSON_FLOAT)
            return refuse(r, field, t == JSON_NULL ? "null (a value that is not finite)" : "not a number");
        double d = float_value(json_number(r->doc, v));         /* the float the server held, printed as a double */
        memcpy((char *)r->params + table[k].offset, &d, sizeof d);
        return true;
    }
    uint64_t u = t == JSON_UNSIGNED ? json_unsigned(r->doc, v) : 0;
    int64_t i = t == JSON_INTEGER ? json_integer(r->doc, v) : 0;
    bool seed = table[k].kind == PROPS_SEED;
    if (t != JSON_INTEGER || (seed ? i < 0 || i > UINT32_MAX : i < INT32_MIN || i > INT32_MAX)) {
        (void)u;
        const char *what = !(t == JSON_INTEGER || t == JSON_UNSIGNED) ? "not a whole number"
                           : seed ? "a whole number past a uint32's range" : "a whole number past an int32's range";
        return refuse(r, field, what);
    }
    if (table[k].offset == NONE)
        return true;
    if (seed) {
        uint32_t s = (uint32_t)i;
        memcpy((char *)r->params + table[k].offset, &s, sizeof s);
    } else {
        int32_t s = (int32_t)i;
        memcpy((char *)r->params + table[k].offset, &s, sizeof s);
    }
    (void)f;
    return true;
}

static bool read_strings(Reader *r, size_t k, const JsonValue *v, PropsField *f)
{
    const char *field = table[k].field;
    if (json_type(v) != JSON_ARRAY)
        return refuse(r, field, "not an array of strings");
    bool breakers = table[k].setting == SET_DRY_BREAKERS, samplers = table[k].kind == PROPS_SAMPLERS;
    size_t limit = breakers ? ARGS_MAX_BREAKERS : samplers ? CHAIN_MAX_SAMPLERS : ARGS_MAX_STOPS;
    if (json_count(r->doc, v) > limit) {
        snprintf(r->err, r->err_size, "%s: params.%s holds %zu strings, more than this tool's limit of %zu", r->name,
                 field, json_count(r->doc, v), limit);
        return false;
    }
    CliParams *p = r->params;
    if (breakers)
        p->n_dry_breakers = 0;
    else if (samplers)
        p->sampling.n_samplers = 0;
    else
        p->n_stop = 0;
    strcpy(f->written, "[");
    for (const JsonValue *e = json_first(r->doc, v); e != NULL; e = json_next(r->doc, e)) {
        size_t length;
        const char *s = json_text(r->doc, e, &length);
        if (s == NULL)
            return refuse(r, field, "an array holding something else than strings");
        written_add(f->written, s, e == json_first(r->doc, v));
        if (strlen(s) != length) {
            char line[200];
            snprintf(line, sizeof line, "params.%s: a string holds \\u0000, which no command line can pass; cut "
                     "there", field);
            note(r, line);
        }
        if (breakers) {
            copy_cut(p->dry_breakers[p->n_dry_breakers++], s, ARGS_MAX_BREAKER_LEN);   /* DRY keeps 40 bytes */
        } else if (samplers) {
            SamplerType type;
            if (sampler_from_name(s, &type)) {
                p->sampling.samplers[p->sampling.n_samplers++] = type;
            } else {
                char safe[80];
                size_t len = strlen(p->warnings);
                snprintf(p->warnings + len, sizeof p->warnings - len, "unable to match sampler by name '%s'\n",
                         shown(s, safe, sizeof safe));
            }
        } else {
            if (strlen(s) > ARGS_MAX_STOP_LEN) {
                snprintf(r->err, r->err_size, "%s: params.stop holds a string of %zu bytes, more than this tool's "
                         "limit of %d", r->name, strlen(s), ARGS_MAX_STOP_LEN);
                return false;
            }
            snprintf(p->stop[p->n_stop++], sizeof p->stop[0], "%s", s);
        }
    }
    written_close(f->written);
    return true;
}

/* logit_bias: [{"bias": B, "token": T}, ...] as task_params::format_logit_bias prints it ([[T, B], ...] also
 * read); a null bias is a ban, which nlohmann prints so (it writes no infinity). */
static bool read_bias(Reader *r, const JsonValue *v, PropsField *f)
{
    if (json_type(v) != JSON_ARRAY)
        return refuse(r, "logit_bias", "not an array");
    SamplingParams *sp = &r->params->sampling;
    if (json_count(r->doc, v) > CHAIN_MAX_BIASES) {
        snprintf(r->err, r->err_size, "%s: params.logit_bias holds %zu entries, more than this tool's limit of %d",
                 r->name, json_count(r->doc, v), CHAIN_MAX_BIASES);
        return false;
    }
    sp->n_logit_bias = 0;
    strcpy(f->written, "[");
    size_t bans = 0;
    for (const JsonValue *e = json_first(r->doc, v); e != NULL; e = json_next(r->doc, e)) {
        const JsonValue *bias = json_get(r->doc, e, "bias"), *token = json_get(r->doc, e, "token");
        if (json_type(e) == JSON_ARRAY && json_count(r->doc, e) == 2) {
            token = json_first(r->doc, e);
            bias = json_next(r->doc, token);
        }
        JsonType bt = json_type(bias);
        bool number = bt == JSON_INTEGER || bt == JSON_UNSIGNED || bt == JSON_FLOAT;
        int64_t id = json_integer(r->doc, token);
        if (json_type(token) != JSON_INTEGER || id < INT32_MIN || id > INT32_MAX || (!number && bt != JSON_NULL))
            return refuse(r, "logit_bias", "an entry that is not a token id and a bias");
        double b = number ? float_value(json_number(r->doc, bias)) : -INFINITY;
        bans += !number;
        r->params->bias_strings[sp->n_logit_bias][0] = '\0';
        sp->logit_bias[sp->n_logit_bias++] = (LogitBias){(int32_t)id, b};
        char one[80], text[40];
        size_t len = strlen(f->written);
        snprintf(one, sizeof one, "%s[%" PRId64 ", %s]", e == json_first(r->doc, v) ? "" : ", ", id,
                 number ? json_written(r->doc, bias, text, sizeof text) : "null");
        snprintf(f->written + len, PROPS_WRITTEN_MAX + 1 - len, "%s", one);
    }
    written_close(f->written);
    if (bans > 0) {
        char line[300];
        snprintf(line, sizeof line, "params.logit_bias: %zu %s a null bias, which is how nlohmann::json prints a bias "
                 "that is not finite: taken as a ban (-inf), as --ignore-eos's end-of-generation bans are", bans,
                 bans == 1 ? "entry has" : "entries have");
        note(r, line);
    }
    return true;
}

static bool read_field(Reader *r, size_t k, const JsonValue *v)
{
    PropsField *f = &r->info->fields[k];
    f->present = true;
    json_written(r->doc, v, f->written, sizeof f->written);
    switch (table[k].kind) {
    case PROPS_FLOAT: case PROPS_INT: case PROPS_SEED:
        return read_number(r, k, v, f);
    case PROPS_BOOL:
        if (json_type(v) != JSON_BOOL)
            return refuse(r, table[k].field, "not true or false");
        *((bool *)((char *)r->params + table[k].offset)) = json_bool(v);
        return true;
    case PROPS_STRINGS: case PROPS_SAMPLERS:
        return read_strings(r, k, v, f);
    case PROPS_BIAS:
        return read_bias(r, v, f);
    case PROPS_STRING: {
        const char *s = json_text(r->doc, v, NULL);
        if (s == NULL)
            return refuse(r, table[k].field, "not a string");
        snprintf(f->written, sizeof f->written, "\"%.*s\"", PROPS_WRITTEN_MAX - 2, s);
        if (s[0] != '\0')
            note(r, "params.grammar: the server has a grammar, which changes sampling outside the chain line "
                    "(llama.cpp's --grammar); not in the flags");
        return true;
    }
    }
    return true;
}

bool props_read(const char *text, size_t length, const char *name, CliParams *params, PropsInfo *info, char *err,
                size_t err_size)
{
    char scratch[1];
    if (err == NULL || err_size == 0) {
        err = scratch;
        err_size = sizeof scratch;
    }
    err[0] = '\0';
    if (text == NULL || params == NULL || info == NULL) {
        snprintf(err, err_size, "no /props to read");
        return false;
    }
    name = name != NULL ? name : "(the /props)";
    *info = (PropsInfo){.n_fields = sizeof table / sizeof table[0]};
    for (size_t k = 0; k < info->n_fields; k++)
        info->fields[k] = (PropsField){table[k].field, table[k].setting, table[k].flag, table[k].kind, false, ""};
    if (length > PROPS_MAX_BYTES) {
        snprintf(err, err_size, "%s: %zu bytes, more than this tool's limit of %zu for a /props", name, length,
                 PROPS_MAX_BYTES);
        return false;
    }
    JsonDoc doc;
    char why[300];
    if (!json_parse(text, length, &doc, why, sizeof why)) {
        snprintf(err, err_size, "%s: not JSON (%s)", name, why);
        return false;
    }
    Reader r = {&doc, name, params, info, err, err_size};
    const JsonValue *root = json_root(&doc), *settings = json_get(&doc, root, "default_generation_settings");
    const JsonValue *p = json_get(&doc, settings, "params");
    const char *model = json_text(&doc, json_get(&doc, root, "model_path"), NULL);
    if (model != NULL)
        snprintf(info->model_path, sizeof info->model_path, "%s", model);
    bool ok = json_type(p) == JSON_OBJECT;
    if (!ok)
        snprintf(err, err_size, "%s: no default_generation_settings.params object: not a saved GET /props response",
                 name);
    for (const JsonValue *m = ok ? json_first(&doc, p) : NULL; ok && m != NULL; m = json_next(&doc, m)) {
        const char *key = json_member_key(&doc, m, NULL);
        if (json_get(&doc, p, key) != m)
            continue;               /* a repeated key: nlohmann keeps the last */
        size_t k = 0;
        while (k < info->n_fields && strcmp(table[k].field, key) != 0)
            k++;
        if (k < info->n_fields) {
            ok = read_field(&r, k, m);
            continue;
        }
        bool known = strncmp(key, "speculative.", 12) == 0;
        for (size_t q = 0; q < sizeof quiet / sizeof quiet[0] && !known; q++)
            known = strcmp(key, quiet[q]) == 0;
        size_t len = strlen(info->unread);
        if (!known && len + strlen(key) + 8 < sizeof info->unread) {
            char safe[60];
            snprintf(info->unread + len, sizeof info->unread - len, "%s%s", len > 0 ? ", " : "",
                     shown(key, safe, sizeof safe));
        } else if (!known && strstr(info->unread, "...") == NULL && len + 4 < sizeof info->unread) {
            snprintf(info->unread + len, sizeof info->unread - len, ", ...");
        }
    }
    json_free(&doc);
    return ok;
}

bool props_read_file(const char *path, CliParams *params, PropsInfo *info, char *err, size_t err_size)
{
    char scratch[1];
    if (err == NULL || err_size == 0) {
        err = scratch;
        err_size = sizeof scratch;
    }
    if (path == NULL) {
        snprintf(err, err_size, "no /props to read");
        return false;
    }
    bool in = strcmp(path, "-") == 0;
    const char *name = in ? "standard input" : path;
    FILE *f = in ? stdin : fopen(path, "rb");
    if (f == NULL) {
        snprintf(err, err_size, "cannot read '%s': %s", path, strerror(errno));
        return false;
    }
    /* The file's size and a byte when it has one (so that the whole path stays within 4 bytes a byte); else, standard
     * input or a pipe, the limit and a byte, to tell a longer one. */
    long known = in ? -1 : fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    if (known >= 0 && fseek(f, 0, SEEK_SET) != 0)
        known = -1;
    size_t cap = known >= 0 && (unsigned long)known <= PROPS_MAX_BYTES ? (size_t)known + 1 : 4096, n = 0;
    char *buf = malloc(cap);        /* one more byte than expected, to tell a longer file */
    bool ok = buf != NULL;
    while (ok) {
        if (n == cap && cap <= PROPS_MAX_BYTES) {     /* more than expected: grown by half, to the limit and a byte */
            size_t grown_size = cap + cap / 2 < PROPS_MAX_BYTES + 1 ? cap + cap / 2 : PROPS_MAX_BYTES + 1;
            char *grown = realloc(buf, grown_size);
            ok = grown != NULL;
            buf = grown != NULL ? grown : buf;
            cap = grown_size;
            continue;
        }
        size_t got = n < cap ? fread(buf + n, 1, cap - n, f) : 0;
        n += got;
        if (got == 0)
            break;
    }
    int saved = errno;
    bool failed = ok && ferror(f);
    if (!in)
        fclose(f);      /* opened for reading: nothing is lost if closing fails */
    if (!ok || failed) {
        snprintf(err, err_size, "cannot read '%s': %s", name, !ok ? "out of memory" : strerror(saved));
        free(buf);
        return false;
    }
    ok = props_read(buf, n, name, params, info, err, err_size);
    free(buf);
    return ok;
}
