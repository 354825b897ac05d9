/* dropped.c: the settings no stage of the built chain reads, and why. Which stage reads what is the chain's
 * (stage_reads, chain.h); the reasons come from the chain too: its stages, and the builder asked again. */
#include "cli/dropped.h"
#include "cli/command.h"
#include "cli/flags.h"
#include "cli/values.h"

#include "text.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define BY(type) (1u << (type))
#define MIROSTATS (BY(STAGE_MIROSTAT) | BY(STAGE_MIROSTAT_V2))

unsigned args_setting_readers(ArgsSetting s)
{
    if ((unsigned)s >= SET_COUNT)
        return 0;
    if ((unsigned)s >= SETTING_COUNT)
        return SETTING_NOT_SAMPLING;
    unsigned mask = 0;          /* the chain says which stage reads it (stage_reads, chain.h) */
    for (unsigned type = 0; type <= STAGE_MIROSTAT_V2; type++)
        mask |= stage_reads((StageType)type, (SamplingSetting)s) ? BY(type) : 0;
    return mask;
}

/* Whether a stage of chain is one of mask's. */
static bool has_stage(const Chain *chain, unsigned mask)
{
    for (size_t i = 0; i < chain->n_stages; i++)
        if (mask & BY(chain->stages[i].type))
            return true;
    return false;
}

bool args_setting_read(const Chain *chain, ArgsSetting s)
{
    unsigned mask = args_setting_readers(s);
    return chain != NULL && (mask & SETTING_NOT_SAMPLING) == 0 && has_stage(chain, mask);
}

/* The chain the builder builds from sampling with mirostat off and the list {entry} alone: whether a stage of
 * it reads one of mask's (false when the builder refuses), and in *empty whether that stage is "?". */
static bool entry_reads(const SamplingParams *sampling, size_t entry, unsigned mask, bool *empty)
{
    SamplingParams probe = *sampling;
    probe.mirostat = 0;
    probe.n_samplers = 1;
    probe.samplers[0] = (SamplerType)entry;
    Chain ch;
    if (chain_init_from_params(&ch, &probe, 0) != SAMPLING_OK)
        return false;
    bool reads = false;
    for (size_t i = 0; i < ch.n_stages && !reads; i++) {
        reads = (mask & BY(ch.stages[i].type)) != 0;
        *empty = ch.stages[i].empty;
    }
    chain_free(&ch);
    return reads;
}

/* The sampler-list entry whose stage reads one of mask's (the first, in SamplerType's order), or -1. */
static int listed_entry(const SamplingParams *sampling, unsigned mask)
{
    bool empty;
    for (size_t t = 0; sampler_letters[t] != '\0'; t++)
        if (entry_reads(sampling, t, mask, &empty))
            return (int)t;
    return -1;
}

/* Whether the value of s does nothing but turn off the stage of `entry` that would read it: that stage is "?" with it
 * and not with llama.cpp's default (--top-k 0 with top_k out of the list). The stage is off either way, so such a value
 * draws no note. */
static bool merely_off(const SamplingParams *sampling, ArgsSetting s, int entry, unsigned mask)
{
    const ArgSpec *spec = number_spec(s);
    bool empty = false, default_empty = true;
    if (entry < 0 || spec == NULL || !entry_reads(sampling, (size_t)entry, mask, &empty) || !empty)
        return false;
    SamplingParams probe = *sampling, defaults = sampling_params_default();
    size_t at = spec->offset - offsetof(CliParams, sampling);
    memcpy((char *)&probe + at, (const char *)&defaults + at, spec->kind == K_INT ? sizeof(int32_t) : sizeof(double));
    return entry_reads(&probe, (size_t)entry, mask, &default_empty) && !default_empty;
}

/* Whether setting s of p holds llama.cpp's default (args_defaults; a float compared as llama.cpp's float). A
 * body that sends it at its default (a --json-all body sends every default) draws no note for it; a flag typed
 * with its default value does, since the reader asked for it. */
static bool at_default(const CliParams *p, ArgsSetting s)
{
    const SamplingParams defaults = sampling_params_default();     /* args_defaults' sampling */
    const SamplingParams *a = &p->sampling, *d = &defaults;
    switch (s) {
    case SET_SAMPLERS:
        return a->n_samplers == d->n_samplers && memcmp(a->samplers, d->samplers, a->n_samplers * sizeof a->samplers[0])
                                                  == 0;
    case SET_DRY_BREAKERS:
        return args_breakers_default(p);
    case SET_SEED: return a->seed == d->seed;
    case SET_MIN_KEEP: return a->min_keep == d->min_keep;
    case SET_IGNORE_EOS: return a->ignore_eos == d->ignore_eos;
    case SET_LOGIT_BIAS: return a->n_logit_bias == 0;
    default: break;
    }
    const ArgSpec *spec = number_spec(s);
    if (spec == NULL)
        return false;
    size_t at = spec->offset - offsetof(CliParams, sampling);
    if (spec->kind == K_INT) {
        int32_t x, y;
        memcpy(&x, (const char *)a + at, sizeof x);
        memcpy(&y, (const char *)d + at, sizeof y);
        return x == y;
    }
    double x, y;
    memcpy(&x, (const char *)a + at, sizeof x);
    memcpy(&y, (const char *)d + at, sizeof y);
    return float_value(x) == float_value(y);
}

/* Whether setting s came from a body's field (read with --from-json), not a flag: its name has no '-'. */
static bool sent_in_body(const CliParams *p, ArgsSetting s)
{
    return p->named[s] != NULL && p->named[s][0] != '-';
}

/* Whether typed, a flag as typed ('_' for '-' after "--"), is name. */
static bool same_flag(const char *typed, const char *name)
{
    bool long_flag = strncmp(typed, "--", 2) == 0;
    for (; *typed != '\0' && *name != '\0'; typed++, name++)
        if (*typed != *name && !(long_flag && *typed == '_' && *name == '-'))
            return false;
    return *typed == *name;
}

/* Whether typed is one of the spellings of the flag that sets s (not a preset that sets it among others). */
static bool own_flag(ArgsSetting s, const char *typed)
{
    for (size_t i = 0; i < n_arg_specs; i++)
        for (size_t j = 0; arg_specs[i].setting == (int)s && j < 4 && arg_specs[i].names[j] != NULL; j++)
            if (same_flag(typed, arg_specs[i].names[j]))
                return true;
    return false;
}

/* Whether the list was given as --sampler-seq's letters (and not replaced by a model's sequence since). */
static bool list_of_letters(const CliParams *p)
{
    const char *named = p->named[SET_SAMPLERS];
    return named != NULL && (same_flag(named, "--sampler-seq") || same_flag(named, "--sampling-seq"))
        && p->sources[SET_SAMPLERS].now.layer != LAYER_MODEL;
}

/* The sampler list as its flag or field writes it: letters for --sampler-seq, a JSON array for a body's
 * samplers, names separated by ';' for --samplers and the default. */
static const char *list_text(const CliParams *p, char *buf, size_t size)
{
    const SamplingParams *sp = &p->sampling;
    bool letters = list_of_letters(p), body = p->named[SET_SAMPLERS] != NULL && p->named[SET_SAMPLERS][0] != '-';
    Text t = text_start(buf, size);
    text_add(&t, "%s", body ? "[" : "");
    for (size_t i = 0; i < sp->n_samplers; i++) {
        const char *name = sampler_type_name(sp->samplers[i]);
        if (letters)
            text_add(&t, "%c", sampler_letters[sp->samplers[i]]);
        else
            text_add(&t, body ? "%s\"%s\"" : "%s%s", i == 0 ? "" : body ? ", " : ";", name);
    }
    text_add(&t, "%s", body ? "]" : "");
    return buf;
}

/* The sampler list as typed, where llama.cpp made another list of it (list: list_text's; an unknown name skipped, an
 * alias read), else NULL. */
static const char *typed_list(const CliParams *p, const char *list)
{
    ValueLayer layer = p->sources[SET_SAMPLERS].now.layer;
    bool typed = layer == LAYER_FLAG || layer == LAYER_PRESET_ALL || layer == LAYER_PRESET_MODEL;
    return typed && strcmp(p->samplers_typed, list) != 0 ? p->samplers_typed : NULL;
}

/* The value of setting s as the note shows it: the digits typed, or llama.cpp's float in its shortest digits,
 * or the whole number; the list; the breakers. */
static const char *value_text(const CliParams *p, ArgsSetting s, char *buf, size_t size)
{
    buf[0] = '\0';
    if (s == SET_SAMPLERS) {
        char list[CHAIN_MAX_SAMPLERS * 16];
        list_text(p, list, sizeof list);
        const char *typed = typed_list(p, list);
        Text t = text_start(buf, size);     /* cut to size, as list_text cuts */
        if (typed != NULL)
            text_add(&t, "%s (which llama.cpp reads as %s)", typed, list[0] != '\0' ? list : "an empty list");
        else
            text_add(&t, "%s", list[0] != '\0' ? list : "''");
    } else if (s == SET_DRY_BREAKERS) {
        char one[64];
        if (p->n_dry_breakers == 1)
            snprintf(buf, size, "'%s'", shown(p->dry_breakers[0], one, sizeof one));
        else if (p->n_dry_breakers == 0)
            snprintf(buf, size, "none");
        else
            snprintf(buf, size, "(%zu breakers)", p->n_dry_breakers);
    } else if (s == SET_SEED) {
        snprintf(buf, size, "%lu", (unsigned long)p->sampling.seed);
    } else if (s == SET_MIN_KEEP) {
        snprintf(buf, size, "%d", (int)p->sampling.min_keep);  /* a body's: no flag sets it */
    }
    const ArgSpec *spec = buf[0] == '\0' ? number_spec(s) : NULL;
    if (spec != NULL) {
        const char *field = (const char *)p + spec->offset;
        if (spec->kind == K_INT) {
            int32_t v;
            memcpy(&v, field, sizeof v);
            snprintf(buf, size, "%d", (int)v);
        } else if (p->typed[s][0] != '\0') {
            snprintf(buf, size, "%s", p->typed[s]);
        } else {
            double v;
            memcpy(&v, field, sizeof v);
            float_text(v, buf, size);
        }
    }
    return buf;
}

/* One setting as written: "--top_k 20", a preset's "top_k 0 (--gpt-oss-20b-default)". A value that no flag of this run
 * wrote (the model's key, the preset's, the environment's, the request's field) is named with its source and the flag
 * the flags line writes for it, when there is one (--from-json): "temp 0.7 (the model's general.sampling.temp; --temp
 * 0.7 in the flags line)", so that the line's flag and the note agree, as a typed --temp and its note do; a body's
 * field is "top_p 0.5 (the request's top_p; --top-p 0.5 in the flags line)". */
static void add_item_as(Text *t, const CliParams *p, ArgsSetting s, bool request_named);

static void add_item(Text *t, const CliParams *p, ArgsSetting s)
{
    add_item_as(t, p, s, true);
}

/* add_item, with a body's field named with the request as its source only where request_named: the mirostat
 * that a reason's line gives as its cause stays "mirostat 2", since its fix ("send mirostat 0") names the body. */
static void add_item_as(Text *t, const CliParams *p, ArgsSetting s, bool request_named)
{
    const char *named = p->named[s] != NULL ? p->named[s] : args_setting_field(s, NULL);
    char value[160], f[64], line[160] = "", in_line[200] = "";
    value_text(p, s, value, sizeof value);
    shown(named, f, sizeof f);
    const ValueSource *by = &p->sources[s].now;
    if (p->from_json != NULL && p->output == OUTPUT_CHAIN && args_command_setting(p, s, line, sizeof line) > 0
        && args_command_setting(p, s, NULL, 0) < sizeof line)
        snprintf(in_line, sizeof in_line, "; %s in the flags line", line);
    if (by->layer == LAYER_ENV) {           /* a flag's variable (env.h): "LLAMA_ARG_TOP_K=5" */
        char name[96];
        text_add(t, "%s (the environment%s)", shown(by->name != NULL ? by->name : "", name, sizeof name), in_line);
    } else if (by->layer == LAYER_MODEL) {         /* a model's key (layers.c): no flag set it */
        char key[80];
        text_add(t, "%s%s%s (the model's %s%s)", args_setting_field(s, NULL), value[0] != '\0' ? " " : "", value,
                 shown(by->name != NULL ? by->name : "", key, sizeof key), in_line);
    } else if (by->layer == LAYER_PRESET_ALL || by->layer == LAYER_PRESET_MODEL) {     /* the preset's key */
        char file[120], key[64];
        text_add(t, "%s%s%s (%s, [%s], key %s%s)", args_setting_field(s, NULL), value[0] != '\0' ? " " : "", value,
                 shown(by->file != NULL ? by->file : "", file, sizeof file), by->section != NULL ? by->section : "?",
                 shown(by->name != NULL ? by->name : "", key, sizeof key), in_line);
    } else if (by->layer == LAYER_REQUEST && named[0] != '-' && request_named) {      /* a body's field */
        text_add(t, "%s%s%s (the request's %s%s)", args_setting_field(s, NULL), value[0] != '\0' ? " " : "", value,
                 f, in_line);
    } else if (named[0] == '-' && !own_flag(s, named))
        text_add(t, "%s%s%s (%s)", args_setting_field(s, NULL), value[0] != '\0' ? " " : "", value, f);
    else
        text_add(t, "%s%s%s", f, value[0] != '\0' ? " " : "", value);
}

typedef enum { WHY_MIROSTAT, WHY_NOT_LISTED, WHY_MIROSTAT_OFF, WHY_UNREAD } Why;

typedef struct {
    ArgsSetting setting;
    Why why;
    int entry;          /* WHY_NOT_LISTED: the SamplerType whose stage would read it */
} Drop;

/* The first words of a reason's line: the settings of drops (n) that share drops[first]'s reason, "A, B and C
 * do nothing: " (or "A does nothing: "); *n_shared gets their number. */
static void add_items(Text *t, const CliParams *p, const Drop *drops, size_t n, size_t first, size_t *n_shared)
{
    size_t shared = 0, total = 0;
    for (size_t i = first; i < n; i++)
        total += drops[i].why == drops[first].why && drops[i].entry == drops[first].entry;
    for (size_t i = first; i < n; i++) {
        if (drops[i].why != drops[first].why || drops[i].entry != drops[first].entry)
            continue;
        shared++;
        text_add(t, "%s", shared == 1 ? "" : shared == total ? " and " : ", ");
        add_item(t, p, drops[i].setting);
    }
    text_add(t, " %s nothing: ", total == 1 ? "does" : "do");
    *n_shared = total;
}

/* The line for the drops that share drops[first]'s reason. */
static void add_reason(Text *t, const CliParams *p, const Drop *drops, size_t n, size_t first)
{
    size_t shared;
    add_items(t, p, drops, n, first, &shared);
    const char *it = shared == 1 ? "it" : "them";
    char mirostat[96], list[CHAIN_MAX_SAMPLERS * 16], entry[48];
    /* The fix speaks as mirostat was given, or (not given) as the setting was: a flag, or a body's field. */
    const char *from = p->named[SET_MIROSTAT] != NULL ? p->named[SET_MIROSTAT] : p->named[drops[first].setting];
    bool body = from != NULL && from[0] != '-';
    const char *fix = body ? "send mirostat" : "give --mirostat";
    Text m = text_start(mirostat, sizeof mirostat);
    if ((p->set & (1u << SET_MIROSTAT)) != 0 || p->sources[SET_MIROSTAT].now.layer != LAYER_DEFAULT)
        add_item_as(&m, p, SET_MIROSTAT, false);    /* a flag, a body, a preset or the model set it */
    else
        text_add(&m, "%s 0, the default", body ? "mirostat" : "--mirostat");
    switch (drops[first].why) {
    case WHY_MIROSTAT: {
        size_t of_model = 0;    /* a model's GGUF key cannot be dropped from a line */
        for (size_t i = first; i < n; i++)
            of_model += drops[i].why == WHY_MIROSTAT && p->sources[drops[i].setting].now.layer == LAYER_MODEL;
        text_add(t, "with %s, llama.cpp ignores the sampler list: no penalties, DRY, top-k and so on, and no dynatemp "
                 "(mirostat replaces the filters); ", mirostat);
        if (of_model == 0)
            text_add(t, "drop %s, or ", it);
        else if (of_model < shared)
            text_add(t, "drop the ones the model does not set, or ");
        text_add(t, "%s 0 to use the list\n", fix);
        return;
    }
    case WHY_MIROSTAT_OFF:
        text_add(t, "only mirostat reads %s, and mirostat is off (%s); %s 1 or 2 to use %s\n", it, mirostat, fix, it);
        return;
    case WHY_NOT_LISTED: {
        const char *named = p->named[SET_SAMPLERS];
        const char *name = sampler_type_name((SamplerType)drops[first].entry);
        const ValueSource *list_from = &p->sources[SET_SAMPLERS].now;
        char preset_list[300];
        if (list_from->layer == LAYER_MODEL)
            named = "the model's general.sampling.sequence";   /* no flag gave it: --samplers would replace it */
        if (list_from->layer == LAYER_PRESET_ALL || list_from->layer == LAYER_PRESET_MODEL) {
            char file[160], sec[120], key[80];
            snprintf(preset_list, sizeof preset_list, "the preset %s's [%s] %s",
                     shown(list_from->file != NULL ? list_from->file : "", file, sizeof file),
                     shown(list_from->section != NULL ? list_from->section : "?", sec, sizeof sec),
                     shown(list_from->name != NULL ? list_from->name : "", key, sizeof key));
            named = preset_list;    /* a preset's key, named as it is written there */
        }
        bool letters = list_of_letters(p);
        char letter[2] = {sampler_letters[drops[first].entry], '\0'};
        snprintf(entry, sizeof entry, letters ? "%s (%s)" : "%s", name, letter);
        list_text(p, list, sizeof list);
        const char *typed = typed_list(p, list);
        text_add(t, "%s is not in %s (%s%s%s), and a sampler left out of the list is off; add %s to the list%s to use "
                 "%s\n", entry, named != NULL ? named : "llama.cpp's default sampler list", typed != NULL ? typed : "",
                 typed != NULL ? ", which llama.cpp reads as " : "", list[0] != '\0' ? list : "an empty list",
                 letters ? letter : name, named != NULL && list_from->layer != LAYER_MODEL ? "" : " with --samplers",
                 it);
        return;
    }
    case WHY_UNREAD:
        text_add(t, "no stage of this chain reads %s\n", it);
        return;
    }
}

size_t args_dropped(const CliParams *params, const Chain *chain, char *buf, size_t size)
{
    Text t = text_start(buf, size);
    if (params == NULL || chain == NULL)
        return 0;
    Drop drops[SET_COUNT];
    size_t n = 0;
    bool mirostat = has_stage(chain, MIROSTATS);
    for (int s = 0; s < SET_COUNT; s++) {
        unsigned mask = args_setting_readers((ArgsSetting)s);
        /* set by the line, a body or a preset (params->set), or by the model's own key, which sets no bit */
        bool given = (params->set & (1u << s)) != 0 || params->sources[s].now.layer == LAYER_MODEL;
        if (!given || (mask & SETTING_NOT_SAMPLING) != 0 || has_stage(chain, mask)
            || (sent_in_body(params, (ArgsSetting)s) && at_default(params, (ArgsSetting)s)))
            continue;
        int entry = listed_entry(&params->sampling, mask);
        if (merely_off(&params->sampling, (ArgsSetting)s, entry, mask))
            continue;
        Why why = mirostat ? WHY_MIROSTAT : entry >= 0 ? WHY_NOT_LISTED : (mask & MIROSTATS) ? WHY_MIROSTAT_OFF
                                                                                               : WHY_UNREAD;
        drops[n++] = (Drop){(ArgsSetting)s, why, mirostat ? -1 : entry};
    }
    for (size_t i = 0; i < n; i++) {
        bool said = false;          /* its reason's line was written with an earlier setting */
        for (size_t j = 0; j < i && !said; j++)
            said = drops[j].why == drops[i].why && drops[j].entry == drops[i].entry;
        if (!said)
            add_reason(&t, params, drops, n, i);
    }
    return t.len;
}
