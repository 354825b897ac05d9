/* sources.c: each value's layer, recorded where it is set, and the --explain lines that name them. */
#include "cli/sources.h"
#include "cli/args.h"
#include "cli/flags.h"
#include "cli/values.h"

#include "text.h"

#include <stdio.h>
#include <string.h>

const char *args_setting_text(const CliParams *p, int s, char *buf, size_t size)
{
    const SamplingParams *sp = &p->sampling;
    Text t = text_start(buf, size);
    const ArgSpec *spec = number_spec((ArgsSetting)s);
    switch (s) {
    case SET_SAMPLERS:
        for (size_t i = 0; i < sp->n_samplers; i++)
            text_add(&t, "%s%s", i ? ";" : "", sampler_type_name(sp->samplers[i]));
        if (sp->n_samplers == 0)
            text_add(&t, "(none)");
        if (t.len >= size && size > 4)      /* a long list is cut, and says so */
            memcpy(buf + size - 4, "...", 4);
        return buf;
    case SET_DRY_BREAKERS:
        text_add(&t, "(%zu)", p->n_dry_breakers);
        return buf;
    case SET_LOGIT_BIAS:
        if (sp->n_logit_bias == 0)
            text_add(&t, "(no entry)");
        else
            text_add(&t, "(%zu entr%s)", sp->n_logit_bias, sp->n_logit_bias == 1 ? "y" : "ies");
        return buf;
    case SET_SEED:
        text_add(&t, sp->seed == 0xFFFFFFFFu ? "-1 (random)" : "%lu", (unsigned long)sp->seed);
        return buf;
    case SET_IGNORE_EOS:
        text_add(&t, "%s", sp->ignore_eos ? "true" : "false");
        return buf;
    case SET_MIN_KEEP:
        text_add(&t, "%d", (int)sp->min_keep);     /* no flag sets it: a body's field */
        return buf;
    default:
        break;
    }
    if (spec == NULL) {
        text_add(&t, "?");
        return buf;
    }
    if (spec->kind == K_INT) {
        int32_t n;
        memcpy(&n, (const char *)p + spec->offset, sizeof n);
        text_add(&t, "%d", (int)n);
        return buf;
    }
    double d;
    char digits[40];
    memcpy(&d, (const char *)p + spec->offset, sizeof d);
    float_text(d, digits, sizeof digits);
    text_add(&t, "%s%s", digits, strpbrk(digits, ".eni") == NULL ? ".0" : "");
    return buf;
}

/* Fills one source. */
static ValueSource make_source(ValueLayer layer, const char *name, const char *file, const char *section,
                               const char *alias_of, const char *value)
{
    ValueSource v = {layer, name, alias_of, file, section, ""};
    snprintf(v.value, sizeof v.value, "%s", value);
    return v;
}

/* Records v for setting s: the source when at or above the one recorded, else the replaced value when highest. */
static void record(SettingSources *ss, const ValueSource *v)
{
    if (v->layer >= ss->now.layer) {
        if (v->layer > ss->now.layer && ss->now.layer != LAYER_DEFAULT) {
            ss->replaced = ss->now;     /* the lower layer's value, as it gave it */
            ss->has_replaced = true;
        }
        ss->now = *v;
    } else if (v->layer != LAYER_DEFAULT && (!ss->has_replaced || v->layer >= ss->replaced.layer)) {
        ss->replaced = *v;              /* a lower layer read later: the value the one above kept out */
        ss->has_replaced = true;
    }
}

void sources_note(CliParams *p, int s, ValueLayer layer, const char *name, const char *file, const char *section,
                  const char *alias_of)
{
    char value[SOURCE_VALUE_MAX + 1];
    if (p == NULL || s < 0 || s >= SET_COUNT)
        return;
    ValueSource v = make_source(layer, name, file, section, alias_of, args_setting_text(p, s, value, sizeof value));
    record(&p->sources[s], &v);
}

void sources_replace(CliParams *p, int s, ValueLayer layer, const char *name, const char *file, const char *section)
{
    char value[SOURCE_VALUE_MAX + 1];
    if (p == NULL || s < 0 || s >= SET_COUNT)
        return;
    SettingSources *ss = &p->sources[s];
    if (ss->now.layer != LAYER_DEFAULT) {
        ss->replaced = ss->now;
        ss->has_replaced = true;
    }
    ss->now = make_source(layer, name, file, section, NULL, args_setting_text(p, s, value, sizeof value));
}

void sources_note_value(CliParams *p, int s, ValueLayer layer, const char *name, const char *file,
                        const char *section, const char *value)
{
    if (p == NULL || s < 0 || s >= SET_COUNT)
        return;
    ValueSource v = make_source(layer, name, file, section, NULL, value != NULL ? value : "");
    record(&p->sources[s], &v);
}

void sources_unused(CliParams *p, int s, ValueLayer layer, const char *name, const char *value, const char *why)
{
    if (p == NULL || s < 0 || s >= SET_COUNT)
        return;
    SettingSources *ss = &p->sources[s];
    ss->unused = make_source(layer, name, NULL, NULL, NULL, value != NULL ? value : "");
    ss->unused_why = why != NULL ? why : "";
    ss->has_unused = true;
}

/* Where a value came from, as the sentence names it after "from ": "the request", "--top-k" (the server's, with
 * a body), "the preset p.ini, section [*], key temp", "the model's general.sampling.top_k (m.gguf)", "/props". */
static void add_origin(Text *t, const ValueSource *v, bool body)
{
    char name[80], file[120];
    shown(v->name != NULL ? v->name : "", name, sizeof name);
    shown(v->file != NULL ? v->file : "", file, sizeof file);
    switch (v->layer) {
    case LAYER_REQUEST:
        text_add(t, "the request");
        if (v->alias_of != NULL)
            text_add(t, "'s \"%s\" (an alias of %s)", name, v->alias_of);
        return;
    case LAYER_FLAG: text_add(t, "%s%s", body ? "the server's " : "", name); return;
    case LAYER_ENV: text_add(t, "the %senvironment (%s)", body ? "server's " : "", name); return;
    case LAYER_PROPS: text_add(t, "/props (%s)", file); return;
    case LAYER_PRESET_ALL: case LAYER_PRESET_MODEL:
        text_add(t, "the preset %s, section [%s], key %s", file, v->section != NULL ? v->section : "?", name);
        return;
    case LAYER_MODEL: text_add(t, "the model's %s (%s)", name, file); return;
    case LAYER_DEFAULT: text_add(t, "llama.cpp's default"); return;
    }
}

const char *sources_origin(const CliParams *p, int s, char *buf, size_t size)
{
    Text t = text_start(buf, size);
    if (p != NULL && s >= 0 && s < SET_COUNT)
        add_origin(&t, &p->sources[s].now, false);
    return buf;
}

/* The value a layer above replaced, after "replaces ": "--temp 0.6 from the server", "temp 0.7 from the
 * preset's [*]", "general.sampling.temp 0.7 from the model", "temperature 0.6 from /props". */
static void add_replaced(Text *t, const ValueSource *v, const char *field, bool body)
{
    char name[80];
    shown(v->name != NULL ? v->name : field, name, sizeof name);
    if (v->layer == LAYER_ENV) {        /* the name holds the value as set */
        text_add(t, " replaces %s from the environment", name);
        return;
    }
    text_add(t, " replaces %s %s from ", name, v->value);
    switch (v->layer) {
    case LAYER_FLAG: text_add(t, "%s", body ? "the server" : "the command line"); return;
    case LAYER_PROPS: text_add(t, "/props"); return;
    case LAYER_PRESET_ALL: case LAYER_PRESET_MODEL:
        text_add(t, "the preset's [%s]", v->section != NULL ? v->section : "?");
        return;
    case LAYER_MODEL: text_add(t, "the model"); return;
    case LAYER_ENV: return;
    case LAYER_REQUEST: text_add(t, "the request"); return;
    case LAYER_DEFAULT: text_add(t, "llama.cpp's defaults"); return;
    }
}

/* Whether a value goes on a line of its own: a layer above the default set it, and it is not one of /props's
 * many, which share a line unless they replaced nothing; or a higher layer's value was not used. */
static bool own_line(const SettingSources *ss)
{
    return ss->has_unused || (ss->now.layer != LAYER_DEFAULT && (ss->now.layer != LAYER_PROPS || ss->has_replaced));
}

/* One line for the values the chain reads whose source is `layer` and that own_line leaves out: "values at
 * llama.cpp's defaults: top_p 0.95, ...", "values from /props (p.json): ...". */
static void add_shared(Text *t, const CliParams *p, const Chain *chain, ValueLayer layer, char *value, size_t size)
{
    size_t n = 0, listed = 0;
    const char *file = NULL;
    for (int s = 0; s < SETTING_COUNT; s++)
        if (chain_reads(chain, (SamplingSetting)s) && p->sources[s].now.layer == layer && !own_line(&p->sources[s])) {
            n++;
            file = p->sources[s].now.file;
        }
    if (n == 0)
        return;
    char f[120];
    /* A model named but not read (-hf, a path not here, a folder, a preset's hf-repo or section name) can set any of
     * these: say so rather than call them llama.cpp's for sure. */
    bool unread = !p->model_read && (p->model[0] != '\0' || p->models_dir != NULL || p->model_unread);
    if (layer == LAYER_PROPS)
        text_add(t, "value%s from /props (%s): ", n == 1 ? "" : "s", shown(file != NULL ? file : "", f, sizeof f));
    else
        text_add(t, "value%s at llama.cpp's default%s%s: ", n == 1 ? "" : "s", n == 1 ? "" : "s",
                 unread ? ", unless the model's GGUF, not read here, sets them" : "");
    for (int s = 0; s < SETTING_COUNT; s++) {
        if (!chain_reads(chain, (SamplingSetting)s) || p->sources[s].now.layer != layer || own_line(&p->sources[s]))
            continue;
        text_add(t, "%s%s %s", listed++ ? ", " : "", args_setting_field((ArgsSetting)s, NULL),
                 args_setting_text(p, s, value, size));
    }
    text_add(t, "\n");
}

size_t args_sources(const CliParams *p, const Chain *chain, char *buf, size_t size)
{
    Text t = text_start(buf, size);
    if (p == NULL || chain == NULL)
        return 0;
    bool body = p->from_json != NULL;
    char value[CHAIN_MAX_SAMPLERS * 12 + 1];     /* the longest: the sampler list, 64 names of at most 11 bytes */
    for (int s = 0; s < SETTING_COUNT; s++) {
        const SettingSources *ss = &p->sources[s];
        /* An empty logit_bias (none given, or every entry skipped) runs no stage, but it still replaced a list: said as
         * a non-empty one is. */
        bool emptied = s == SET_LOGIT_BIAS && ss->has_replaced;
        if ((!chain_reads(chain, (SamplingSetting)s) && !emptied) || !own_line(ss))
            continue;
        const char *field = args_setting_field((ArgsSetting)s, NULL);
        text_add(&t, "value: %s %s from ", field, args_setting_text(p, s, value, sizeof value));
        add_origin(&t, &ss->now, body);
        if (ss->has_replaced)
            add_replaced(&t, &ss->replaced, field, body);
        if (ss->has_unused) {           /* "; the request's dry_base 0.5 is below 1, which ..." */
            char name[80];
            shown(ss->unused.name != NULL ? ss->unused.name : field, name, sizeof name);
            text_add(&t, "; %s%s %s %s", ss->unused.layer == LAYER_REQUEST ? "the request's " : "", name,
                     ss->unused.value, ss->unused_why);
        }
        text_add(&t, "\n");
    }
    add_shared(&t, p, chain, LAYER_PROPS, value, sizeof value);
    add_shared(&t, p, chain, LAYER_DEFAULT, value, sizeof value);
    return t.len;
}
