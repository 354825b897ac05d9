/* layers.c: the model's GGUF and the preset under a command line: read (gguf.c, preset.c), laid in
 * llama-server's order, each value with its source. */
#include "cli/layers.h"
#include "cli/apply.h"
#include "cli/flags.h"
#include "cli/gguf.h"
#include "cli/preset.h"
#include "cli/values.h"

#include "text.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What the sources point into, kept until the next call (layers.h). */
static GgufInfo model_info;
static Preset preset;
static PresetChild child_line;
static bool preset_held, child_held;
static ArgsLabel *child_labels;     /* (child_line.argc,) where each of the child's flags came from */
static char *label_pool;            /* their texts */

/* Whether a flag of p keeps the model's value for setting s out: llama.cpp keeps a bit per field that the
 * command line sets (reference section 3); --samplers sets the sequence's, --sampler-seq none. A preset's
 * values reach the child as flags, so they keep it out too. */
static bool flag_keeps(const CliParams *p, int s)
{
    if ((p->set & (1u << s)) == 0 || p->named[s] == NULL)
        return false;
    return s != SET_SAMPLERS || strcmp(p->named[s], "--samplers") == 0;
}

/* A key's value as common took it, as the sources write values: "20", "0.7", "top_k;min_p". */
static const char *taken_text(const GgufSampling *gs, char *buf, size_t size)
{
    Text t = text_start(buf, size);
    char digits[40];
    if (gs->setting == SET_SAMPLERS && gs->n_named > CHAIN_MAX_SAMPLERS) {
        text_add(&t, "(%zu names)", gs->n_named);      /* more than the list holds: refused where applied */
    } else if (gs->setting == SET_SAMPLERS) {
        for (size_t i = 0; i < gs->n_samplers; i++)
            text_add(&t, "%s%s", i ? ";" : "", sampler_type_name(gs->samplers[i]));
        if (gs->n_samplers == 0)
            text_add(&t, "(none)");
    } else if (gs->integer) {
        text_add(&t, "%d", (int)gs->value);
    } else {
        float_text(gs->value, digits, sizeof digits);
        text_add(&t, "%s%s", digits, strpbrk(digits, ".eni") == NULL ? ".0" : "");
    }
    return buf;
}

/* Stores what common took for a key into p: the int32, the float, or the sequence. */
static void store(CliParams *p, const GgufSampling *gs)
{
    if (gs->setting == SET_SAMPLERS) {
        memcpy(p->sampling.samplers, gs->samplers, gs->n_samplers * sizeof gs->samplers[0]);
        p->sampling.n_samplers = gs->n_samplers;
        return;
    }
    const ArgSpec *spec = number_spec((ArgsSetting)gs->setting);
    if (spec == NULL)
        return;                 /* every key common reads has a flag (gguf_sampling's table) */
    if (spec->kind == K_INT) {
        int32_t n = (int32_t)gs->value;
        memcpy((char *)p + spec->offset, &n, sizeof n);
    } else {
        double d = float_value(gs->value);
        memcpy((char *)p + spec->offset, &d, sizeof d);
    }
}

/* Whether a key's GGUF type is the one its setting would have (an integer type for top_k, penalty_last_n and
 * mirostat, a float type for the others, a string for the sequence): another one is read by common's rule,
 * and a note says so. */
static bool usual_type(const GgufKey *key, const GgufSampling *gs)
{
    GgufType t = key->type;
    if (gs->setting == SET_SAMPLERS)
        return t == GGUF_STRING;
    if (gs->integer)
        return t <= GGUF_INT32 || t == GGUF_UINT64 || t == GGUF_INT64;
    return t == GGUF_FLOAT32 || t == GGUF_FLOAT64;
}

/* The key's type as a note names it: "a bool", "an array of str", "a f32". */
static const char *type_words(const GgufKey *key, char *buf, size_t size)
{
    if (key->type == GGUF_ARRAY)
        snprintf(buf, size, "an array of %s", gguf_type_name((int)key->array_type));
    else
        snprintf(buf, size, "a%s %s", key->type == GGUF_INT8 || key->type == GGUF_INT16 || key->type == GGUF_INT32
                 || key->type == GGUF_INT64 ? "n" : "", gguf_type_name((int)key->type));
    return buf;
}

/* The clause for a string value holding a NUL byte: llama.cpp's text of it stops there. */
static void add_nul(Text *n, const GgufKey *key)
{
    if (key->type == GGUF_STRING && key->has_nul)
        text_add(n, " up to a NUL byte after its first %zu bytes (of %llu), where llama.cpp's text of it stops too "
                 "(llama_model_meta_val_str prints it with %%s, src/llama-model.cpp at 00342301)", strlen(key->text),
                 (unsigned long long)key->value_length);
}

/* Whether a number key's stored value is another float than the one common takes from its text (a float32
 * 0.9999999 whose text "1.000000" reads as 1, a min_p of 1e-7 read as 0), compared as floats, as llama.cpp
 * holds the setting; *stored gets the stored value's digits. */
static bool stored_differs(const GgufKey *key, const GgufSampling *gs, char *stored, size_t size)
{
    bool exact;
    char whole[32];
    double d = gguf_stored(key, &exact, whole, sizeof whole);
    if (key->type == GGUF_STRING || key->type == GGUF_ARRAY || key->type == GGUF_BOOL)
        return false;
    float have = (float)gs->value, want = (float)float_value(d);
    if ((isnan(have) && isnan(want)) || have == want)
        return false;
    if (whole[0] != '\0')
        snprintf(stored, size, "%s", whole);
    else if (key->type == GGUF_FLOAT64)
        for (int digits = 1; digits <= 17 && (snprintf(stored, size, "%.*g", digits, d), strtod(stored, NULL) != d);
             digits++)
            ;
    else
        float_text(d, stored, size);
    return true;
}

/* One note for a key common does not take as its setting's value, or takes by its text from an unusual type. */
static void note_key(Text *n, const char *where, const GgufKey *key, const GgufSampling *gs, const CliParams *p)
{
    char type[48], text[96], now[SOURCE_VALUE_MAX + 1];
    shown(key->text, text, sizeof text);
    type_words(key, type, sizeof type);
    if (key->shadowed_by != 0) {
        text_add(n, "%s: %s (offset %llu%s) is not read: llama.cpp keeps the first key of a name, here the one at "
                 "offset %llu (src/llama-model.cpp at 00342301: the model's metadata texts are kept by each key's C "
                 "string, the bytes before a NUL, and of two the first)\n", where, key->key,
                 (unsigned long long)key->offset, key->key_nul ? ", a key holding a NUL byte" : "",
                 (unsigned long long)key->shadowed_by);
        return;
    }
    if (key->key_nul && gs->outcome != GGUF_UNKNOWN_KEY)
        text_add(n, "%s: the key at offset %llu holds a NUL byte after its first %zu bytes (of %llu): llama.cpp "
                 "names it by those, %s (gguf_get_key's C string, src/llama-model.cpp at 00342301), and so does this "
                 "tool\n", where, (unsigned long long)key->offset, strlen(key->key),
                 (unsigned long long)key->key_length, key->key);
    switch (gs->outcome) {
    case GGUF_UNKNOWN_KEY:
        if (key->key_cut)
            text_add(n, "%s: %.40s... (offset %llu), a key of %llu bytes (this tool keeps its first %d), is not one of "
                     "the general.sampling.* keys llama.cpp's common reads: ignored here, as llama.cpp ignores it\n",
                     where, key->key, (unsigned long long)key->offset, (unsigned long long)key->key_length,
                     GGUF_NAME_MAX);
        else
            text_add(n, "%s: %s (offset %llu) is not one of the general.sampling.* keys llama.cpp's common reads: "
                     "ignored here, as llama.cpp ignores it\n", where, key->key, (unsigned long long)key->offset);
        return;
    case GGUF_NOT_READ:
        if (key->type == GGUF_ARRAY)
            text_add(n, "%s: %s (offset %llu) is %s: llama.cpp keeps no array among the model's metadata texts "
                     "(src/llama-model.cpp at 00342301, load_hparams), so common finds none: %s stays %s (the "
                     "reference, section 11, says otherwise: that an array's text is [a, b], %s)\n", where, key->key,
                     (unsigned long long)key->offset, type, gs->field,
                     args_setting_text(p, gs->setting, now, sizeof now),
                     gs->setting == SET_SAMPLERS ? "whose names between ';' would match no sampler here"
                     : "which starts with no number and would leave the value too");
        else
            text_add(n, "%s: %s (offset %llu) is an empty string%s, whose text starts with no number: %s stays %s "
                     "(reference section 11)\n", where, key->key, (unsigned long long)key->offset,
                     key->has_nul ? " up to its first byte, a NUL (llama.cpp's C string of it is empty too)" : "",
                     gs->field, args_setting_text(p, gs->setting, now, sizeof now));
        return;
    case GGUF_NOT_A_NUMBER:
        text_add(n, "%s: %s (offset %llu) is %s, \"%s\"", where, key->key, (unsigned long long)key->offset, type, text);
        add_nul(n, key);
        text_add(n, ", whose text starts with no number for common's %s: %s stays %s (reference section 11)\n",
                 gs->integer ? "strtol" : "strtof", gs->field, args_setting_text(p, gs->setting, now, sizeof now));
        return;
    case GGUF_APPLIED: {
        char stored[64];
        bool wraps = gs->integer && (gs->range || gs->read != (long long)gs->value);
        bool stepped = !gs->integer && gs->setting != SET_SAMPLERS && stored_differs(key, gs, stored, sizeof stored);
        bool nul = key->type == GGUF_STRING && key->has_nul;
        if (usual_type(key, gs) && !gs->cut && !wraps && !stepped && !nul && gs->n_empty == 0)
            return;
        text_add(n, "%s: %s (offset %llu) is %s, \"%s\"", where, key->key, (unsigned long long)key->offset, type, text);
        add_nul(n, key);
        if (stepped)
            text_add(n, " as llama.cpp prints it (six decimals, C's %%f), though it holds %s", stored);
        text_add(n, "%s: common reads its text with %s, which gives %s %s", gs->cut ? ", cut to the bytes common's "
                 "buffer holds" : "", gs->setting == SET_SAMPLERS ? "--samplers' names" : gs->integer ? "strtol"
                 : "strtof", gs->field, taken_text(gs, now, sizeof now));
        if (wraps)      /* int32_t v = strtol(...): the low 32 bits, as gcc and clang convert */
            text_add(n, " (strtol reads %lld%s, and the int32 it goes into keeps its low 32 bits)", gs->read,
                     gs->range ? ", its largest long, as the text's number is past it" : "");
        if (stepped)
            text_add(n, ", not the value stored");
        if (gs->n_empty > 0)
            text_add(n, "; its %zu empty name%s (a ';' next to another or at an end) %s skipped here, and whether "
                     "llama.cpp skips %s and warns is unconfirmed", gs->n_empty, gs->n_empty == 1 ? "" : "s",
                     gs->n_empty == 1 ? "is" : "are", gs->n_empty == 1 ? "it" : "them");
        text_add(n, " (reference section%s)\n", gs->n_empty > 0 ? "s 6 and 11" : " 11");
        return;
    }
    }
}

bool layers_model(CliParams *p, const char *path, const char *named_by, bool must_exist, char *notes,
                  size_t notes_size, char *err, size_t err_size)
{
    char where[300], shown_path[160];
    if (notes != NULL && notes_size > 0)
        notes[0] = '\0';
    if (p == NULL || path == NULL)
        return true;
    shown(path, shown_path, sizeof shown_path);
    snprintf(where, sizeof where, "%s %s", named_by, shown_path);
    errno = 0;
    FILE *probe = fopen(path, "rb");
    if (probe == NULL && !must_exist) {     /* no file here (a path on the server?): args_model_note says so */
        snprintf(p->model_missing, sizeof p->model_missing, "%s", strerror(errno));
        return true;
    }
    if (probe == NULL) {
        snprintf(err, err_size, "%s: cannot read the model: %s; llama-server cannot load it", where, strerror(errno));
        return false;
    }
    fclose(probe);              /* opened for reading only, to see whether it is there */
    if (!gguf_read_file(path, &model_info, err, err_size))
        return false;           /* gguf_read's message names the file, the offset and llama.cpp's words */
    return layers_apply_model(p, &model_info, path, named_by, notes, notes_size, err, err_size);
}

bool layers_apply_model(CliParams *p, const GgufInfo *info, const char *path, const char *named_by, char *notes,
                        size_t notes_size, char *err, size_t err_size)
{
    Text n = text_start(notes, notes_size);
    char where[300], name[80], shown_path[160];
    shown(path, shown_path, sizeof shown_path);
    snprintf(where, sizeof where, "%s %s", named_by, shown_path);
    if (info->name_type >= 0) {     /* llama_model::load_hparams reads general.name with get_key, as a string */
        snprintf(err, err_size, "%s: general.name (offset %llu) is a %s, not a string; llama.cpp's model loader "
                 "refuses the model: \"key general.name has wrong type %s but expected type str\" "
                 "(src/llama-model-loader.cpp at 00347649)", where, (unsigned long long)info->name_offset,
                 gguf_type_name(info->name_type), gguf_type_name(info->name_type));
        return false;
    }
    /* Reference section 11, layer 4: llama-server applies the keys since PR #21509, llama-cli since PR #23893;
     * earlier builds (older llama.cpp's main and server among them) ignored them; of llama-completion it says
     * nothing. The keys are applied only where it says the program does. */
    bool applies = !p->old_program && p->tool != TOOL_COMPLETION;
    char applied[1024] = "", kept[1024] = "", value[SOURCE_VALUE_MAX + 1], flag_value[SOURCE_VALUE_MAX + 1];
    Text a = text_start(applied, sizeof applied), k = text_start(kept, sizeof kept);
    size_t n_applied = 0, n_kept = 0, all_applied = 0, all_kept = 0;
    const char *seq_over = NULL;        /* the --sampler-seq that the model's sequence replaces */
    char seq_words[300] = "";           /* as written: the flag, or the preset's key and section */
    for (size_t i = 0; i < info->n_keys; i++) {     /* first how many, for the lists' "and" */
        GgufSampling gs;
        gguf_sampling(&info->keys[i], &gs);
        bool read = gs.outcome == GGUF_APPLIED && gs.setting >= 0 && info->keys[i].shadowed_by == 0;
        all_applied += read;
        all_kept += read && applies && flag_keeps(p, gs.setting);
    }
    for (size_t i = 0; i < info->n_keys; i++) {
        const GgufKey *key = &info->keys[i];
        GgufSampling gs;
        gguf_sampling(key, &gs);
        const char *w = applies ? gs.warnings : "";
        for (; *w != '\0'; w += strcspn(w, "\n") + (w[strcspn(w, "\n")] == '\n')) {
            char line[600];
            snprintf(line, sizeof line, "%s: %s (offset %llu): %.*s", where, key->key, (unsigned long long)key->offset,
                     (int)strcspn(w, "\n"), w);
            args_warn(p, "%s\n", line);   /* a sequence's unknown name, as llama.cpp logs it, with where it is */
        }
        if (applies)
            note_key(&n, where, key, &gs, p);
        if (gs.outcome != GGUF_APPLIED || gs.setting < 0 || key->shadowed_by != 0)
            continue;
        taken_text(&gs, value, sizeof value);
        n_applied++;
        text_add(&a, "%s%s %s", n_applied == 1 ? "" : n_applied == all_applied ? " and " : ", ", gs.field, value);
        if (!applies)
            continue;       /* named, not laid under the flags */
        if (flag_keeps(p, gs.setting)) {
            const ValueSource *by = &p->sources[gs.setting].now;     /* the flag, or the preset's key */
            sources_note_value(p, gs.setting, LAYER_MODEL, key->key, path, NULL, value);
            n_kept++;
            args_setting_text(p, gs.setting, flag_value, sizeof flag_value);
            bool same = strcmp(flag_value, value) == 0;     /* the bit keeps the key out all the same */
            bool env = by->layer == LAYER_ENV;     /* "LLAMA_ARG_TOP_K=5": the name holds the value (env.h) */
            text_add(&k, "%s%s%s%s%s %s its %s %s%s", n_kept == 1 ? "" : n_kept == all_kept ? " and " : ", ",
                     by->layer == LAYER_FLAG ? "" : env ? "the environment's " : "the preset's ",
                     by->name != NULL ? by->name : "?", env ? "" : " ", env ? "" : flag_value,
                     same ? "matches" : "overrides", gs.field, value, same ? " (and keeps it out)" : "");
            continue;
        }
        if (gs.setting == SET_SAMPLERS && gs.n_named > CHAIN_MAX_SAMPLERS) {
            snprintf(err, err_size, "%s: %s (offset %llu) names %zu samplers%s, more than this tool's limit of %d "
                     "(llama.cpp has none): refused here, never cut (--samplers keeps a model's sequence out)", where,
                     key->key, (unsigned long long)key->offset, gs.n_named, gs.cut ? " in the 511 bytes of its text "
                     "that common reads" : "", CHAIN_MAX_SAMPLERS);
            return false;
        }
        bool over = (p->set & (1u << gs.setting)) != 0;     /* --sampler-seq's list, which sets no bit */
        store(p, &gs);
        if (over) {
            const ValueSource *was = &p->sources[gs.setting].now;
            char sec[120], file[160];
            seq_over = p->named[gs.setting];
            if (was->layer == LAYER_PRESET_ALL || was->layer == LAYER_PRESET_MODEL)
                snprintf(seq_words, sizeof seq_words, "the preset %s's [%s] %s (a preset's samplers holds one name, "
                         "a ';' starting a comment there: give --samplers on the router's command line for a list)",
                         shown(was->file != NULL ? was->file : "", file, sizeof file),
                         shown(was->section != NULL ? was->section : "?", sec, sizeof sec), was->name);
            else
                snprintf(seq_words, sizeof seq_words, "%s", seq_over);
            sources_replace(p, gs.setting, LAYER_MODEL, key->key, path, NULL);
        } else {
            sources_note(p, gs.setting, LAYER_MODEL, key->key, path, NULL, NULL);
        }
    }
    p->model_read = true;
    shown(info->name, name, sizeof name);
    text_add(&n, "%s: the model", where);
    if (info->has_name)
        text_add(&n, " \"%s\"%s", name, info->name_nul ? " (its general.name holds a NUL byte after these bytes, "
                 "where llama.cpp's C string of it stops too)" : "");
    text_add(&n, " (GGUF v%u) ", (unsigned)info->version);
    static const char *const builds[] = {     /* by ArgsTool: which builds apply them (reference section 11) */
        [TOOL_ANY] = ("llama-server since PR #21509, 2026-04-06, and llama-cli since PR #23893, 2026-05-30; "
                      "earlier builds ignored them, and of llama-completion the reference says nothing"),
        [TOOL_CLI] = "llama-cli since PR #23893, 2026-05-30; earlier builds ignored them",
        [TOOL_COMPLETION] = "",
        [TOOL_SERVER] = "llama-server since PR #21509, 2026-04-06; earlier builds ignored them"};
    if (n_applied > 0 && applies)
        text_add(&n, "sets %s (general.sampling.*), each applied where no flag sets the value, as llama.cpp's "
                 "common applies them (%s)", applied, builds[p->tool]);
    else if (n_applied > 0 && p->old_program)
        text_add(&n, "sets %s (general.sampling.*), which the chain line here leaves out: older llama.cpp's %s, "
                 "named before the 2024 renaming, ignored them, as every build before PR #21509 (llama-server, "
                 "2026-04-06) and PR #23893 (llama-cli, 2026-05-30) did (reference section 11)", applied,
                 p->tool == TOOL_SERVER ? "server" : "main");
    else if (n_applied > 0)
        text_add(&n, "sets %s (general.sampling.*), which the chain line here leaves out: whether llama-completion "
                 "applies them the reference does not say (section 11: llama-server does since PR #21509, "
                 "llama-cli since PR #23893; earlier builds ignored them); llama-server -m FILE gives the chain "
                 "with them", applied);
    else
        text_add(&n, "sets no sampling value that llama.cpp's common takes (no general.sampling.* key it reads)");
    if (n_kept > 0)
        text_add(&n, "; here %s", kept);
    text_add(&n, ". Read here: its header and metadata only, not its tensor descriptions (llama.cpp checks them "
                 "too, and can still refuse the file), nor the tokens it marks \"suppress\" or end-of-generation, "
                 "which the chain line assumes it has none of\n");
    if (seq_over != NULL)
        text_add(&n, "%s: general.sampling.sequence replaces %s: only --samplers keeps a model's sequence out "
                 "(llama.cpp sets its bit for --samplers, not for --sampler-seq; read from code, and whether that is "
                 "intended is unconfirmed: reference sections 3 and 10)\n", where, seq_words);
    if (info->n_keys_dropped > 0)
        text_add(&n, "%s: %zu more general.sampling.* keys, none of them one common reads, are not listed (this "
                 "tool keeps %d)\n", where, info->n_keys_dropped, GGUF_MAX_KEYS);
    const char *problem = applies ? sampling_params_problem(&p->sampling) : NULL;
    if (problem != NULL) {
        snprintf(err, err_size, "%s: the chain builder refuses what its general.sampling.* keys set: %s", where,
                 problem);
        return false;
    }
    return true;
}

/* The entry of section (an index) that sets spec's flag and counts, into *out; false when there is none. */
static bool entry_of(long section, const ArgSpec *spec, PresetEntry *out)
{
    if (section < 0)
        return false;
    size_t n = preset_entries(&preset, (size_t)section, NULL, 0);
    PresetEntry *all = malloc((n > 0 ? n : 1) * sizeof *all);
    bool found = false;
    if (all == NULL)
        return false;           /* best-effort: the replaced value is then not named */
    preset_entries(&preset, (size_t)section, all, n);
    for (size_t i = 0; i < n && !found; i++)
        if (all[i].spec == spec && all[i].counts) {
            *out = all[i];
            found = true;
        }
    free(all);
    return found;
}

/* Each preset value of the child's line gets its preset source ([*] or the model's section, the key as
 * written), and the lower one it replaced: [*]'s under the section's, the preset's under the router's flag. */
static void label_sources(CliParams *child, const char *file, long global, long section)
{
    PresetSection sec = {0};
    if (section >= 0)
        preset_section(&preset, (size_t)section, &sec);
    static const int gpt_oss[] = {SET_TEMP, SET_TOP_P, SET_TOP_K, SET_MIN_P};  /* a --gpt-oss-*-default's */
    for (size_t i = 0, k = 0; i < child_line.n_args; k = 0, i++) {
      const PresetArg *arg = &child_line.args[i];
      bool preset_row = arg->spec->kind == K_PRESET;
      for (; k < (preset_row ? 4u : 1u); k++) {
        int s = preset_row ? gpt_oss[k] : arg->spec->setting;
        if (s < 0 || s >= SET_COUNT || (child->set & (1u << s)) == 0)
            continue;
        if (preset_row && child->named[s] != arg->flag)
            continue;           /* a later flag set it (say_replaced said so) */
        SettingSources *ss = &child->sources[s];
        PresetEntry lower;
        ValueLayer below = LAYER_PRESET_ALL;
        bool found = false;
        ss->has_replaced = false;
        if (arg->source == PRESET_FROM_GLOBAL || arg->source == PRESET_FROM_SECTION) {
            ss->now.layer = arg->source == PRESET_FROM_GLOBAL ? LAYER_PRESET_ALL : LAYER_PRESET_MODEL;
            ss->now.name = arg->key;
            ss->now.file = file;
            ss->now.section = arg->section;
            found = arg->source == PRESET_FROM_SECTION && entry_of(global, arg->spec, &lower);
        } else {                /* the router's flag as typed, over the section's value or [*]'s */
            ss->now.name = arg->key;
            child->named[s] = arg->key;
            found = section != global && entry_of(section, arg->spec, &lower);
            below = found ? LAYER_PRESET_MODEL : LAYER_PRESET_ALL;
            found = found || entry_of(global, arg->spec, &lower);
        }
        if (found) {
            ss->replaced = (ValueSource){below, lower.key, NULL, file, below == LAYER_PRESET_ALL ? "*" : sec.name,
                                         ""};
            snprintf(ss->replaced.value, sizeof ss->replaced.value, "%s", lower.value);
            ss->has_replaced = true;
        }
      }
    }
}

/* The child line's refusal, named by the preset's key and line when a preset value caused it ("--temperature:
 * 'abc' is not a number" for temp = abc). */
static void child_refusal(const char *file, const char *message, char *err, size_t err_size)
{
    char f[160];
    shown(file, f, sizeof f);
    for (size_t i = 0; i < child_line.n_args; i++) {
        const PresetArg *arg = &child_line.args[i];
        size_t len = strlen(arg->flag);
        if (arg->source != PRESET_FROM_ROUTER && strncmp(message, arg->flag, len) == 0 && message[len] == ':') {
            snprintf(err, err_size, "%s: line %zu: [%s] %s = %s: the router gives it to the model's llama-server "
                     "as %s, which refuses it:%s", f, arg->line, arg->section, arg->key, arg->value != NULL ?
                     arg->value : "", arg->flag, message + len + 1);
            return;
        }
    }
    snprintf(err, err_size, "%s", message);
}

/* Where the chosen section names no model file: the preset's keys that name a model (hf-repo, model-url), as
 * written, or the section's own name, by which the router finds a cached or a --models-dir model
 * (tools/server/server-models.cpp at 00dd0816 lays a section over the model of its name); this tool reads none
 * of them, and a note says so in the preset's words (not as the child's flags: args_model_note is kept out). */
static void note_unread_model(CliParams *child, const char *file, const char *model, Text *n)
{
    static const char what[] = "a model's GGUF can set sampling defaults (general.sampling.*: the sampler sequence, "
                               "top_k, top_p, min_p, temp, ...) for what the preset and the router's flags leave "
                               "unset, and tokens it marks \"suppress\" put logit-bias first; this line assumes none";
    char keys[600] = "", safe[160];
    Text k = text_start(keys, sizeof keys);
    size_t n_keys = 0;
    for (size_t i = 0; i < child_line.n_args; i++) {
        const PresetArg *arg = &child_line.args[i];
        if (arg->source != PRESET_FROM_ROUTER && args_names_model(arg->spec))
            text_add(&k, "%s%s: line %zu: [%s] %s", n_keys++ ? ", " : "", file, arg->line, arg->section, arg->key);
    }
    if (n_keys > 0) {
        text_add(n, "%s name%s the model, which this line does not read: %s\n", keys, n_keys == 1 ? "s" : "", what);
    } else if (model != NULL) {
        text_add(n, "%s: [%s] names no model file (no model, m or hf-repo key): the router finds its model by the "
                 "section's name among its cached models and its --models-dir (tools/server/server-models.cpp at "
                 "00dd0816 lays a section over the model of its name), which this line does not read: %s\n", file,
                 shown(model, safe, sizeof safe), what);
    }
    child->model[0] = '\0';                 /* said here, in the preset's words */
    child->model_unread = n_keys > 0 || model != NULL;
}

/* The labels of the child's line (args_parse_labeled): for each flag a preset key gave, where that key is and
 * how it is written ("p.ini: line 4: [m] top-k = 5 5"), so that its warnings name the key, not the flag; the
 * router's own flags keep their words. Returns false when memory runs out. */
static bool label_child(const char *file)
{
    size_t bytes = 1;
    for (size_t i = 0; i < child_line.n_args; i++) {
        const PresetArg *arg = &child_line.args[i];
        bytes += strlen(file) + strlen(arg->key) + (arg->section != NULL ? strlen(arg->section) : 0)
                 + (arg->value != NULL ? strlen(arg->value) : 0) + 48;
    }
    child_labels = calloc((size_t)child_line.argc + 1, sizeof *child_labels);
    label_pool = malloc(bytes);
    if (child_labels == NULL || label_pool == NULL)
        return false;
    size_t used = 0;
    for (size_t i = 0, at = 1; i < child_line.n_args; i++) {
        const PresetArg *arg = &child_line.args[i];
        if (arg->source != PRESET_FROM_ROUTER) {
            char *where = label_pool + used;
            int n = snprintf(where, bytes - used, "%s: line %zu: [%s] %s%s%s", file, arg->line,
                             arg->section != NULL ? arg->section : "?", arg->key, arg->value != NULL ? " = " : "",
                             arg->value != NULL ? arg->value : "");
            used += n > 0 ? (size_t)n + 1 : 1;
            child_labels[at] = (ArgsLabel){where, arg->flag, arg->key, false};
        }
        at += 1 + (arg->value != NULL);
    }
    return true;
}

/* A samplers value the preset's reader cut at a ';', in the section whose model has a general.sampling.sequence:
 * the warning's advice (sampler-seq) does not hold there, since the model's sequence replaces a sampler-seq
 * (it sets no bit: reference sections 3 and 11, layer 4); the router's own --samplers, laid over every model's
 * preset, keeps the sequence out. */
static void note_cut_advice(const char *file, Text *n)
{
    bool sequence = false;
    for (size_t i = 0; i < model_info.n_keys && !sequence; i++) {
        GgufSampling gs;
        gguf_sampling(&model_info.keys[i], &gs);
        sequence = gs.setting == SET_SAMPLERS && gs.outcome == GGUF_APPLIED && model_info.keys[i].shadowed_by == 0;
    }
    for (size_t i = 0; sequence && i < child_line.n_args; i++) {
        const PresetArg *arg = &child_line.args[i];
        for (size_t c = 0; arg->source != PRESET_FROM_ROUTER && arg->spec->kind == K_SAMPLERS && c < preset.n_cuts;
             c++) {
            const PresetCut *cut = &preset.cuts[c];
            if (cut->line != arg->line)
                continue;
            text_add(n, "%s: line %zu: [%s] %s: the advice of its warning, sampler-seq = %s, does not hold for this "
                     "section: its model's general.sampling.sequence would replace a sampler-seq, which sets no bit "
                     "(reference sections 3 and 11, layer 4); give --samplers '%s' on the router's command line "
                     "instead (the router's flags are laid over every model's preset, and --samplers keeps the "
                     "model's sequence out)\n", file, arg->line, arg->section, arg->key, cut->letters, cut->list);
        }
    }
}

bool layers_preset(const CliParams *router, int argc, char *const argv[], const char *model, CliParams *child,
                   char *notes, size_t notes_size, char *err, size_t err_size)
{
    Text n = text_start(notes, notes_size);
    char f[160], message[900];
    if (child_held)
        preset_child_free(&child_line);
    free(child_labels);
    free(label_pool);
    child_labels = NULL;
    label_pool = NULL;
    if (preset_held)
        preset_free(&preset);
    child_held = preset_held = false;
    if (router == NULL || router->models_preset == NULL || child == NULL)
        return true;
    shown(router->models_preset, f, sizeof f);
    if (!preset_read_file(router->models_preset, &preset, message, sizeof message)) {
        snprintf(err, err_size, "%s%s", strncmp(message, "cannot read", 11) == 0 ? "--models-preset: " : "", message);
        return false;
    }
    preset_held = true;
    /* What a router answers a request for a model it has not (tools/server/server-models.cpp at 00dd0816,
     * router_validate_model): [*] is no model (common/preset.cpp at 13b56e2a keeps it apart, as every model's
     * base), and a request must name one. */
    char picks[160];
    if (router->from_json != NULL && (model == NULL || model[0] == '\0')) {
        snprintf(err, err_size, "the request names no model: a router answers 400 \"model name is missing from the "
                 "request\" (tools/server/server-models.cpp at 00dd0816, router_validate_model); give the body its "
                 "\"model\", one of %s's sections", f);
        return false;
    }
    if (model != NULL && strcmp(model, "*") == 0) {
        snprintf(err, err_size, "%s \"*\" is no model: [*] holds the values for every model (common/preset.cpp at "
                 "13b56e2a keeps it apart from the models), and a router answers a request for it 400 \"model '*' not "
                 "found\" (tools/server/server-models.cpp at 00dd0816, router_validate_model)%s",
                 router->from_json != NULL ? "the request's model" : "--preset-model", router->from_json != NULL ? ""
                 : "; leave --preset-model out for [*]'s chain");
        return false;
    }
    long global = preset_find(&preset, "*"), section = model != NULL ? preset_find(&preset, model) : -1;
    if (!preset_child(&preset, model, argc, argv, &child_line, message, sizeof message)) {
        shown(model != NULL ? model : "", picks, sizeof picks);
        snprintf(err, err_size, "%s%s; a router answers 400 \"model '%s' not found\" unless its cache or a "
                 "--models-dir holds a model of that name (tools/server/server-models.cpp at 00dd0816), which this "
                 "tool does not read", router->from_json != NULL ? "the request's \"model\" picks no section: "
                 : "--preset-model picks no section: ", message, picks);
        return false;
    }
    child_held = true;
    if (!label_child(f)) {
        snprintf(err, err_size, "%s: out of memory", f);
        return false;
    }
    if (!args_parse_labeled(child_line.argc, child_line.argv, child_labels, child, message, sizeof message)) {
        child_refusal(router->models_preset, message, err, err_size);
        return false;
    }
    child->tool = TOOL_SERVER;              /* the router starts each model as a llama-server */
    child->router_child = true;
    child->from_json = router->from_json;   /* this tool's own, which the router's line had */
    child->from_json_flag = router->from_json_flag;
    child->explain = router->explain;
    child->output = router->output;
    child->models_preset = router->models_preset;
    child->preset_model = router->preset_model;
    label_sources(child, router->models_preset, global, section);
    for (const char *w = child_line.warnings; *w != '\0'; w += strcspn(w, "\n") + (w[strcspn(w, "\n")] == '\n')) {
        char line[700];
        snprintf(line, sizeof line, "%.*s", (int)strcspn(w, "\n"), w);
        args_warn(child, "%s\n", line);    /* a switch of neither true nor false, on as the router writes it */
    }
    for (const char *w = preset.warnings; *w != '\0'; w += strcspn(w, "\n") + (w[strcspn(w, "\n")] == '\n')) {
        char line[400];
        snprintf(line, sizeof line, "%.*s", (int)strcspn(w, "\n"), w);
        args_warn(child, "%s\n", line);    /* a ';' cut, a repeated header: as llama.cpp reads them */
    }
    char named[240];        /* "--models-preset p.ini", or the variable that gave it */
    snprintf(named, sizeof named, "--models-preset %s", f);
    for (int j = 0; router->labels != NULL && j < router->n_labels; j++)
        if (router->labels[j].env && strcmp(router->labels[j].flag, "--models-preset") == 0)
            snprintf(named, sizeof named, "%s (the environment)", router->labels[j].where);
    if (model != NULL) {
        text_add(&n, "%s: the model \"%s\" picks its section [%s]", named, model, model);
        bool over_all = global >= 0 && global != section;
        text_add(&n, "%s, with the router's own flags over %s (reference section 11)\n", over_all ? ", laid over [*]"
                 : " (the preset has no [*])", over_all ? "both" : "it");
    } else {
        text_add(&n, "%s: no model chosen (a request's \"model\" field picks its section, or "
                     "--preset-model NAME without a request); ", named);
        text_add(&n, preset.n_sections == 0 ? "it has no sections" : "its sections:");
        for (size_t i = 0; i < preset.n_sections; i++) {
            char sec[200];
            text_add(&n, " %s", preset_section_shown(&preset, i, sec, sizeof sec));
        }
        text_add(&n, "; the chain here is %s\n", global >= 0 ? "[*]'s, with the router's own flags over it"
                 : "the router's own flags' alone (the preset has no [*])");
    }
    if (child_line.model == NULL) {
        note_unread_model(child, f, model, &n);
        return true;
    }
    char named_by[300], model_notes[4096];
    snprintf(named_by, sizeof named_by, "%s: line %zu: [%s] %s", f, child_line.model_line,
             child_line.model_section != NULL ? child_line.model_section : "?", child_line.model_key);
    bool ok = layers_model(child, child_line.model, named_by, true, model_notes, sizeof model_notes, err, err_size);
    text_add(&n, "%s", model_notes);
    if (ok)
        note_cut_advice(f, &n);
    return ok;
}
