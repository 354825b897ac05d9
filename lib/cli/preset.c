/* preset.c: a preset file in three steps. The first pass checks every line against the four kinds and counts
 * the key lines and headers; the second, on a copy of the file, records each key line (its offset and line)
 * and each section, and ends every name, key and value with a NUL in place; the third checks each key of the
 * sections llama.cpp keeps against the flag table, through a sorted index of every key it takes. */
#include "cli/preset.h"
#include "cli/args.h"
#include "cli/values.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct PresetKeyLine {
    uint32_t at;                /* the key's offset: the line's start */
    uint32_t line_eq;           /* the line << 1, and whether the key ended at its '=' (now a NUL) */
};

struct PresetBlock {
    const char *name;           /* into text, or "default" */
    uint32_t line;              /* the last header's line, 0 for none */
    uint32_t first_line;        /* the first header's line */
    uint32_t first, count;      /* its key lines: keys[first, first + count) */
};

/* How a key names a flag. */
enum { BY_NAME, BY_NEGATIVE, BY_ENV, BY_ENV_NEGATIVE, BY_ROUTER, BY_VERSION };

typedef struct {
    const char *key;
    const ArgSpec *spec;        /* NULL for the router's own keys and version */
    unsigned char how;
} KeyName;

/* The flags of arg.cpp that llama-server takes: not older llama.cpp's, not this workbench's own. */
static bool server_flag(const ArgSpec *s)
{
    switch (s->kind) {
    case K_OLD: case K_OLD_SAMPLING: case K_JSON: case K_JSON_ALL: case K_OPENAI: case K_EXPLAIN: case K_FROM_JSON:
    case K_PRESET_MODEL:
        return false;
    default:
        return (s->tools & T_SRV) != 0;
    }
}

/* The index of a switch's first "--no-" spelling in its row (arg.cpp's args_neg), or 4 for none: a row of
 * no value whose later spellings start with "--no-" or with "-n" (-nkvo, -nr, -no-cnv). The -e row's
 * negative is the --no-escape row. */
static int negative_from(const ArgSpec *s)
{
    if (s->arity != 0 || s->kind == K_NO_ESCAPE)
        return 4;
    for (int i = 1; i < 4 && s->names[i] != NULL; i++)
        if (strncmp(s->names[i], "--no-", 5) == 0 || (s->names[i][0] == '-' && s->names[i][1] == 'n'))
            return i;
    return 4;
}

static const ArgSpec *kind_row(ArgKind kind)
{
    for (size_t i = 0; i < n_arg_specs; i++)
        if (arg_specs[i].kind == kind)
            return &arg_specs[i];
    return NULL;
}

/* Whether the row is a switch with an off spelling (arg.cpp's handler_bool). */
static bool is_switch(const ArgSpec *s)
{
    return s->kind == K_ESCAPE || negative_from(s) < 4;
}

/* The spelling the router writes for the flag: its last on spelling, or (off) its last off one. */
static const char *spelling(const ArgSpec *s, bool off)
{
    if (s->kind == K_ESCAPE && off)
        return kind_row(K_NO_ESCAPE)->names[0];
    int neg = negative_from(s), last = 0;
    for (int i = 0; i < 4 && s->names[i] != NULL; i++)
        if ((i >= neg) == off)
            last = i;
    return s->names[last];
}

static const char *undashed(const char *name)
{
    while (*name == '-')
        name++;
    return name;
}

static int by_key(const void *a, const void *b)
{
    return strcmp(((const KeyName *)a)->key, ((const KeyName *)b)->key);
}

/* Every key a preset may hold, sorted (allocated: free it). The LLAMA_ARG_NO_ names are written into pool. */
static KeyName *key_index(size_t *n, char *pool, size_t pool_size)
{
    size_t cap = n_arg_specs * 6 + 8, used = 0, pool_used = 0;
    KeyName *keys = malloc(cap * sizeof *keys);
    if (keys == NULL)
        return NULL;
    const ArgSpec *escape = kind_row(K_ESCAPE);
    for (size_t r = 0; r < n_arg_specs; r++) {
        const ArgSpec *s = &arg_specs[r];
        if (!server_flag(s))
            continue;
        const ArgSpec *owner = s->kind == K_NO_ESCAPE ? escape : s;
        int neg = s->kind == K_NO_ESCAPE ? 0 : negative_from(s);
        for (int i = 0; i < 4 && s->names[i] != NULL; i++)
            if (strcmp(undashed(s->names[i]), "version") != 0)     /* preset.cpp skips it before any lookup */
                keys[used++] = (KeyName){undashed(s->names[i]), owner,
                                         (unsigned char)(i >= neg ? BY_NEGATIVE : BY_NAME)};
        const char *env = arg_env(s);
        if (env != NULL) {
            keys[used++] = (KeyName){env, s, BY_ENV};
            /* arg.cpp's get_env: a switch's variable also as LLAMA_ARG_NO_... */
            size_t len = strlen(env);
            if (is_switch(s) && strncmp(env, "LLAMA_ARG_", 10) == 0 && pool_used + len + 4 <= pool_size) {
                char *neg_env = pool + pool_used;
                snprintf(neg_env, len + 4, "LLAMA_ARG_NO_%s", env + 10);
                pool_used += len + 4;
                keys[used++] = (KeyName){neg_env, s, BY_ENV_NEGATIVE};
            }
        }
    }
    /* The router's own keys (arg.cpp's common_params_add_preset_options), and version (preset.cpp skips it). */
    static const char *const router[] = {"load-on-startup", "stop-timeout", "__PRESET_LOAD_ON_STARTUP",
                                         "__PRESET_STOP_TIMEOUT"};
    for (size_t i = 0; i < sizeof router / sizeof router[0]; i++)
        keys[used++] = (KeyName){router[i], NULL, BY_ROUTER};
    keys[used++] = (KeyName){"version", NULL, BY_VERSION};
    qsort(keys, used, sizeof *keys, by_key);
    *n = used;
    return keys;
}

static const KeyName *find_key(const KeyName *index, size_t n, const char *key)
{
    return bsearch(&(KeyName){key, NULL, 0}, index, n, sizeof *index, by_key);
}

/* ===== Reading the lines ===== */

typedef struct {
    const char *s;              /* (n,) the text: the caller's (first pass) or the copy (second) */
    char *copy;                 /* the second pass's copy, where NULs are written; NULL in the first */
    size_t n, at, line;
    Preset *p;
    size_t n_keys, n_blocks;    /* counted (first pass), or the next free place (second) */
    PresetBlock *current;       /* the section keys go to (second pass); NULL before any header */
    char *err;
    size_t err_size;
} Reader;

static void warn(Preset *p, const char *fmt, ...)
{
    static const char more[] = "more warnings not shown\n";
    size_t len = strlen(p->warnings);
    char line[1200];
    va_list args;
    va_start(args, fmt);
    vsnprintf(line, sizeof line, fmt, args);
    va_end(args);
    if (len >= sizeof more - 1 && strcmp(p->warnings + len - (sizeof more - 1), more) == 0)
        return;
    const char *add = len + strlen(line) + strlen(p->name) + 2 + sizeof more <= sizeof p->warnings ? line : NULL;
    if (add != NULL)
        snprintf(p->warnings + len, sizeof p->warnings - len, "%s: %s\n", p->name, add);
    else
        snprintf(p->warnings + len, sizeof p->warnings - len, "%s", more);
}

/* The line from start, made safe for a message. */
static const char *line_shown(const Reader *r, size_t start, char *buf, size_t size)
{
    char raw[80];
    size_t n = 0;
    while (start + n < r->n && n < sizeof raw - 1 && r->s[start + n] != '\n' && r->s[start + n] != '\r') {
        raw[n] = r->s[start + n];
        n++;
    }
    raw[n] = '\0';
    return shown(raw, buf, size);
}

/* A line of no kind: what is wrong with it, then llama.cpp's message. */
static bool refuse_line(Reader *r, size_t start, const char *fmt, ...)
{
    char what[400], seen[90];
    va_list args;
    va_start(args, fmt);
    vsnprintf(what, sizeof what, fmt, args);
    va_end(args);
    snprintf(r->err, r->err_size, "%s: line %zu: '%s': %s (a line is a [section], a key = value, a comment or "
             "blank); llama-server stops: \"failed to parse server config file: %s\"", r->p->name, r->line,
             line_shown(r, start, seen, sizeof seen), what, r->p->name);
    return false;
}

static bool blank(char c)
{
    return c == ' ' || c == '\t';
}

static bool line_end(const Reader *r, size_t i)
{
    return i >= r->n || r->s[i] == '\n' || r->s[i] == '\r';
}

static bool key_char(char c, bool first)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'
           || (!first && ((c >= '0' && c <= '9') || c == '.' || c == '-'));
}

/* Steps over the line end at i (\r\n, \n or \r); returns the next line's start. */
static size_t next_line(Reader *r, size_t i)
{
    if (i >= r->n)
        return i;
    r->line++;
    return r->s[i] == '\r' && i + 1 < r->n && r->s[i + 1] == '\n' ? i + 2 : i + 1;
}

/* After a header or a value: blanks, then a comment or nothing, to the line's end; returns where it ends. */
static size_t rest_of_line(const Reader *r, size_t i, bool *text)
{
    while (i < r->n && blank(r->s[i]))
        i++;
    *text = !line_end(r, i) && r->s[i] != ';' && r->s[i] != '#';
    while (!line_end(r, i))
        i++;
    return i;
}

static PresetBlock *block_named(Reader *r, const char *name)
{
    for (size_t i = 0; i < r->n_blocks; i++)
        if (strcmp(r->p->sections[i].name, name) == 0)
            return &r->p->sections[i];
    return NULL;
}

static bool read_header(Reader *r, size_t start, size_t *end)
{
    size_t i = start + 1, header_line = r->line;
    while (i < r->n && blank(r->s[i]))
        i++;
    size_t name = i;
    while (i < r->n && r->s[i] != ']') {
        if (r->s[i] == '\n' || (r->s[i] == '\r' && (i + 1 >= r->n || r->s[i + 1] != '\n')))
            r->line++;      /* a name may hold a line end: preset.cpp's [^]] takes it */
        i++;
    }
    if (i >= r->n) {
        r->line = header_line;
        return refuse_line(r, start, "the section header has no ']'");
    }
    if (i == name)
        return refuse_line(r, start, "the section's name is empty");
    bool text;
    *end = rest_of_line(r, i + 1, &text);
    if (text)
        return refuse_line(r, start, "text after the header's ']' (only blanks or a comment may follow it)");
    if (r->copy == NULL) {
        r->n_blocks++;
        return true;
    }
    r->copy[i] = '\0';
    const char *section = r->copy + name;
    if (r->s[i - 1] == ' ' || r->s[i - 1] == '\t')
        warn(r->p, "line %zu: the section's name is '%s', with its trailing blank, as llama.cpp reads it (common/"
             "preset.cpp at 13b56e2a: the name is every byte up to ']'): a request's model must name it so",
             header_line, section);
    PresetBlock *b = block_named(r, section);
    if (b != NULL) {
        warn(r->p, "line %zu: [%s] is given again (first on line %u): llama.cpp starts the section again (common/"
             "preset.cpp at 13b56e2a: a header sets its section to {}), so the %u key%s under the earlier header %s "
             "dropped", header_line, section, b->first_line, b->count, b->count == 1 ? "" : "s",
             b->count == 1 ? "is" : "are");
    } else {
        b = &r->p->sections[r->n_blocks++];
        *b = (PresetBlock){section, 0, (uint32_t)header_line, 0, 0};
    }
    b->line = (uint32_t)header_line;
    b->first = (uint32_t)r->n_keys;
    b->count = 0;
    r->current = b;
    return true;
}

/* Whether a key (n bytes) names --samplers: its spelling without dashes, or its environment variable. */
static bool samplers_key(const char *key, size_t n)
{
    const ArgSpec *row = kind_row(K_SAMPLERS);
    const char *env = row != NULL ? arg_env(row) : NULL;
    return (n == strlen("samplers") && memcmp(key, "samplers", n) == 0)
        || (env != NULL && n == strlen(env) && memcmp(key, env, n) == 0);
}

/* A samplers value cut at the ';' at `at` (value starts at `value`): the whole list as written (up to a '#' or
 * the line's end), its names as --sampler-seq letters (reference section 6), recorded in the preset's cuts
 * (second pass) and written as the warning's advice, computed from the list itself. */
static void samplers_advice(Reader *r, size_t value, size_t at, char *advice, size_t size)
{
    size_t end = at;
    while (!line_end(r, end) && r->s[end] != '#')
        end++;
    while (end > value && blank(r->s[end - 1]))
        end--;
    PresetCut c = {.line = r->line};
    snprintf(c.list, sizeof c.list, "%.*s%s", (int)(end - value < 252 ? end - value : 248), r->s + value,
             end - value < 252 ? "" : "...");
    size_t n_letters = 0, n_unknown = 0;
    char names[300] = "";
    for (size_t i = value; i < end;) {
        size_t j = i;
        while (j < end && r->s[j] != ';')
            j++;
        size_t a = i, b = j;
        while (a < b && blank(r->s[a]))
            a++;
        while (b > a && blank(r->s[b - 1]))
            b--;
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(b - a < 63 ? b - a : 63), r->s + a);
        SamplerType type;
        if (b > a && b - a < 63 && sampler_from_name(name, &type) && n_letters + 1 < sizeof c.letters) {
            c.letters[n_letters++] = sampler_letters[type];
            size_t len = strlen(names);
            snprintf(names + len, sizeof names - len, "%s%c for %s", len ? ", " : "", sampler_letters[type], name);
        } else if (b > a) {
            size_t len = strlen(c.unknown);
            snprintf(c.unknown + len, sizeof c.unknown - len, "%s%s", n_unknown++ ? ", " : "", name);
        }
        i = j + 1;
    }
    if (r->copy != NULL && r->p->n_cuts < PRESET_MAX_CUTS)
        r->p->cuts[r->p->n_cuts++] = c;
    char unknown[120] = "";
    if (n_unknown > 0)
        snprintf(unknown, sizeof unknown, "; %s match%s no sampler, so %s no letter", c.unknown,
                 n_unknown == 1 ? "es" : "", n_unknown == 1 ? "it has" : "they have");
    if (n_letters > 0)
        snprintf(advice, size, "; sampler-seq = %s gives the samplers as letters, with no ';' (%s%s)", c.letters, names,
                 unknown);
}

static bool read_key(Reader *r, size_t start, size_t *end)
{
    size_t i = start;
    while (i < r->n && key_char(r->s[i], false))
        i++;
    size_t key_end = i;
    while (i < r->n && blank(r->s[i]))
        i++;
    if (i >= r->n || r->s[i] != '=')
        return refuse_line(r, start, "the key '%.*s' is not followed by '='", (int)(key_end - start), r->s + start);
    bool eq = key_end == i;
    i++;
    while (i < r->n && blank(r->s[i]))
        i++;
    size_t value = i, value_end = i;
    while (!line_end(r, i) && r->s[i] != ';' && r->s[i] != '#') {
        if (!blank(r->s[i]))
            value_end = i + 1;
        i++;
    }
    bool text;
    *end = rest_of_line(r, i, &text);
    if (r->copy == NULL) {
        r->n_keys++;
        return true;
    }
    char cut = r->s[i];
    char advice[700] = "";
    if (cut == ';' && samplers_key(r->s + start, key_end - start))
        samplers_advice(r, value, i, advice, sizeof advice);
    if (cut == ';' || cut == '#') {
        char shown_cut[90], key[80];
        snprintf(key, sizeof key, "%.*s", (int)(key_end - start), r->s + start);
        size_t cut_end = i;
        while (!line_end(r, cut_end))
            cut_end++;
        char raw[80];
        snprintf(raw, sizeof raw, "%.*s%s", (int)(cut_end - i < 76 ? cut_end - i : 72), r->s + i,
                 cut_end - i < 76 ? "" : "...");
        shown(raw, shown_cut, sizeof shown_cut);
        char value_shown[90], value_raw[80];
        snprintf(value_raw, sizeof value_raw, "%.*s", (int)(value_end - value < 79 ? value_end - value : 79),
                 r->s + value);
        warn(r->p, "line %zu: %s: the value stops at the '%c' (llama.cpp's preset reader takes ';' and '#' as the "
             "start of a comment, with or without a blank before them): it is '%s', and '%s' is not part of it%s",
             r->line, key, cut, shown(value_raw, value_shown, sizeof value_shown), shown_cut, advice);
    }
    if (r->current == NULL) {
        char key[80];
        snprintf(key, sizeof key, "%.*s", (int)(key_end - start), r->s + start);
        if (strcmp(key, "version") != 0)     /* skipped wherever it is (reference section 11): nothing to say */
            warn(r->p, "line %zu: %s comes before any [section]: llama.cpp puts it in a section named \"default\" "
                 "(common/preset.cpp at 13b56e2a: COMMON_PRESET_DEFAULT_NAME), not in [*]", r->line, key);
        PresetBlock *b = block_named(r, "default");
        if (b == NULL) {
            b = &r->p->sections[r->n_blocks++];
            *b = (PresetBlock){"default", 0, 0, (uint32_t)r->n_keys, 0};
        }
        r->current = b;
    }
    r->p->keys[r->n_keys++] = (PresetKeyLine){(uint32_t)start, (uint32_t)r->line << 1 | (eq ? 1u : 0u)};
    r->current->count++;
    r->copy[key_end] = '\0';
    r->copy[value_end] = '\0';     /* at most at n: the copy holds a NUL there */
    return true;
}

/* One pass over every line. */
static bool read_lines(Reader *r)
{
    r->line = 1;
    r->n_keys = r->n_blocks = 0;
    r->current = NULL;
    if (r->n >= 3 && memcmp(r->s, "\xEF\xBB\xBF", 3) == 0)
        return refuse_line(r, 0, "the file starts with a UTF-8 byte-order mark (EF BB BF), which llama.cpp's preset "
                           "reader does not skip: save the file without it");
    const char *nul = memchr(r->s, '\0', r->n);
    if (nul != NULL) {
        for (const char *c = r->s; c < nul; c++)
            r->line += *c == '\n';
        snprintf(r->err, r->err_size, "%s: line %zu: a NUL byte, which no flag's value can hold (this tool's limit; "
                 "llama.cpp's reader is not checked for it)", r->p->name, r->line);
        return false;
    }
    for (size_t i = 0; i < r->n;) {
        char c = r->s[i];
        size_t end;
        if (c == '[') {
            if (!read_header(r, i, &end))
                return false;
            if (r->n_blocks > PRESET_MAX_SECTIONS) {
                snprintf(r->err, r->err_size, "%s: line %zu: more than %d section headers, this tool's limit "
                         "(llama.cpp has none)", r->p->name, r->line, PRESET_MAX_SECTIONS);
                return false;
            }
        } else if (key_char(c, true)) {
            if (!read_key(r, i, &end))
                return false;
        } else if (blank(c) || c == ';' || c == '#' || c == '\n' || c == '\r') {
            bool text;
            end = rest_of_line(r, i, &text);
            if (text)
                return refuse_line(r, i, "it starts with a blank, then text: a key must start its line");
        } else {
            char first[8];      /* escaped as the line is (shown): '\xff', never the raw byte */
            return refuse_line(r, i, c == '-' ? "a key cannot start with '-': write the flag's name without its "
                               "dashes (temp for --temp)" : "a line cannot start with '%s'",
                               shown((const char[]){c, '\0'}, first, sizeof first));
        }
        i = next_line(r, end);
    }
    return true;
}

/* ===== A section's keys ===== */

/* The text of key line k: key and value. */
static void key_line(const Preset *p, const PresetKeyLine *k, const char **key, const char **value)
{
    *key = p->text + k->at;
    const char *v = *key + strlen(*key) + 1;
    if (!(k->line_eq & 1)) {
        while (blank(*v))
            v++;
        v++;                /* the '=' */
    }
    while (blank(*v))
        v++;
    *value = v;
}

struct PresetIndex {
    KeyName *keys;              /* (n,) every key a preset may hold, sorted */
    size_t n;
    char pool[4096];            /* the LLAMA_ARG_NO_ names among them */
};

/* The scratch of a section's scan: the preset's key index, and two tables of its size. */
typedef struct {
    const KeyName *index;       /* (n_index,) the preset's */
    size_t n_index;
    long *seen;                 /* (n_index,) the section's last line of each key, -1 for none */
    long *best;                 /* (n_arg_specs,) of the keys of each flag, the one that sorts last, -1 */
} Scratch;

static bool scratch_init(Scratch *s, const Preset *p)
{
    s->index = p->index != NULL ? p->index->keys : NULL;
    s->n_index = p->index != NULL ? p->index->n : 0;
    s->seen = s->index != NULL ? malloc(s->n_index * sizeof *s->seen) : NULL;
    s->best = malloc(n_arg_specs * sizeof *s->best);
    if (s->seen == NULL || s->best == NULL)
        return false;
    for (size_t i = 0; i < s->n_index; i++)
        s->seen[i] = -1;
    for (size_t i = 0; i < n_arg_specs; i++)
        s->best[i] = -1;
    return true;
}

static void scratch_free(Scratch *s)
{
    free(s->seen);
    free(s->best);
}

/* Line j of section b: its key, value and index entry (NULL for a key of no flag). */
static const KeyName *line_key(const Preset *p, const PresetBlock *b, uint32_t j, const Scratch *s,
                               const char **key, const char **value)
{
    key_line(p, &p->keys[b->first + j], key, value);
    return find_key(s->index, s->n_index, *key);
}

/* What llama.cpp keeps of section b (preset.cpp: a std::map of keys, then one of flags, in key order): the
 * last line of each key (seen), and of the keys of one flag the one that sorts last (best). */
static void section_scan(const Preset *p, const PresetBlock *b, Scratch *s)
{
    const char *key, *value;
    for (uint32_t j = 0; j < b->count; j++) {
        const KeyName *k = line_key(p, b, j, s, &key, &value);
        if (k != NULL)
            s->seen[k - s->index] = (long)j;
    }
    for (uint32_t j = 0; j < b->count; j++) {
        const KeyName *k = line_key(p, b, j, s, &key, &value);
        long id = k != NULL ? (long)(k - s->index) : -1;
        if (k != NULL && k->spec != NULL && s->seen[id] == (long)j && s->best[k->spec - arg_specs] < id)
            s->best[k->spec - arg_specs] = id;
    }
}

static bool line_kept(const Scratch *s, const KeyName *k, uint32_t j)
{
    return k != NULL && s->seen[k - s->index] == (long)j;
}

static bool line_counts(const Scratch *s, const KeyName *k, uint32_t j)
{
    return line_kept(s, k, j) && k->how != BY_VERSION
           && (k->spec == NULL || s->best[k->spec - arg_specs] == (long)(k - s->index));
}

/* Sets the scratch's tables back to -1 after section b. */
static void section_reset(const Preset *p, const PresetBlock *b, Scratch *s)
{
    const char *key, *value;
    for (uint32_t j = 0; j < b->count; j++) {
        const KeyName *k = line_key(p, b, j, s, &key, &value);
        if (k != NULL) {
            s->seen[k - s->index] = -1;
            if (k->spec != NULL)
                s->best[k->spec - arg_specs] = -1;
        }
    }
}

/* The nearest key to an unknown one: its '_' as '-', or the command line's suggestion without dashes. */
static void suggestion(const KeyName *index, size_t n_index, const char *key, char *out, size_t size)
{
    char dashed[80];
    snprintf(dashed, sizeof dashed, "%s", key);
    for (char *c = dashed; *c != '\0'; c++)
        *c = *c == '_' ? '-' : *c;
    out[0] = '\0';
    if (strcmp(dashed, key) != 0 && find_key(index, n_index, dashed) != NULL) {
        snprintf(out, size, "; did you mean %s?", dashed);
        return;
    }
    char flag[90], hint[300];
    snprintf(flag, sizeof flag, "--%s", key);
    const char *mean = args_suggest(flag, T_SRV, hint, sizeof hint) ? strstr(hint, "did you mean --") : NULL;
    if (mean != NULL) {
        mean += strlen("did you mean --");
        size_t n = strcspn(mean, "? ,");
        snprintf(out, size, "; did you mean %.*s?", (int)n, mean);
    }
}

/* The third step: each kept section's keys against the index; the first unknown one in llama.cpp's order
 * (section names, then keys, each by bytes) stops it; the rest gives warnings. */
static bool check_keys(Preset *p, Scratch *s, char *err, size_t err_size)
{
    const PresetBlock *bad_block = NULL;
    const char *bad_key = NULL;
    size_t bad_line = 0;
    for (size_t i = 0; i < p->n_sections; i++) {
        const PresetBlock *b = &p->sections[i];
        for (uint32_t j = 0; j < b->count; j++) {
            const char *key, *value;
            key_line(p, &p->keys[b->first + j], &key, &value);
            if (find_key(s->index, s->n_index, key) != NULL)
                continue;
            int c = bad_block == NULL ? -1 : strcmp(b->name, bad_block->name);
            if (c < 0 || (c == 0 && strcmp(key, bad_key) <= 0)) {
                bad_block = b;
                bad_key = key;
                bad_line = p->keys[b->first + j].line_eq >> 1;
            }
        }
    }
    if (bad_key != NULL) {
        char safe[90], hint[120];
        suggestion(s->index, s->n_index, bad_key, hint, sizeof hint);
        snprintf(err, err_size, "%s: line %zu: '%s' is not a flag's name or environment variable among "
                 "llama-server's (a preset's keys are matched exactly, without the command line's '_' for '-'%s); "
                 "llama-server stops: \"option '%s' not recognized in preset '%s'\"", p->name, bad_line,
                 shown(bad_key, safe, sizeof safe), hint, bad_key, bad_block->name);
        return false;
    }
    for (size_t i = 0; i < p->n_sections; i++) {
        const PresetBlock *b = &p->sections[i];
        section_scan(p, b, s);
        for (uint32_t j = 0; j < b->count; j++) {
            const char *key, *value;
            const KeyName *k = line_key(p, b, j, s, &key, &value);
            size_t line = p->keys[b->first + j].line_eq >> 1;
            if (!line_kept(s, k, j)) {
                uint32_t last = (uint32_t)s->seen[k - s->index];
                warn(p, "line %zu: %s is given again in [%s] (line %u): llama.cpp keeps the last (common/preset.cpp "
                     "at 13b56e2a: a std::map of keys)", line, key, b->name, p->keys[b->first + last].line_eq >> 1);
            } else if (k->how != BY_VERSION && k->spec != NULL && !line_counts(s, k, j)) {
                const char *winner = s->index[s->best[k->spec - arg_specs]].key;
                warn(p, "line %zu: %s and %s both set %s in [%s]: llama.cpp keeps %s, the key that sorts last "
                     "(common/preset.cpp at 13b56e2a reads a section's keys in their std::map's order, each over the "
                     "one before)", line, key, winner, k->spec->names[0], b->name, winner);
            }
            if (line_kept(s, k, j) && k->how == BY_ENV_NEGATIVE)
                warn(p, "line %zu: %s = %s sets %s to '%s', not its opposite: llama.cpp's preset reader inverts a no- "
                     "spelling (%s) but not a LLAMA_ARG_NO_ variable (common/preset.cpp at 13b56e2a, parse_bool_arg); "
                     "write %s = true for off", line, key, value,
                     k->spec->names[0], value, undashed(spelling(k->spec, true)), undashed(spelling(k->spec, true)));
        }
        section_reset(p, b, s);
    }
    return true;
}

/* preset_parse on text, which is copied into owned (length + 1 bytes, NUL-terminated by this) unless owned
 * already holds it: owned becomes the preset's, or is freed. */
static bool parse(const char *text, char *owned, size_t length, const char *name, Preset *out, char *err,
                  size_t err_size)
{
    char scratch_err[1];
    if (err == NULL || err_size == 0) {
        err = scratch_err;
        err_size = sizeof scratch_err;
    }
    err[0] = '\0';
    if (text == NULL || out == NULL) {
        snprintf(err, err_size, "no preset to read");
        free(owned);
        return false;
    }
    name = name != NULL ? name : "(the preset)";
    *out = (Preset){.name = name};
    if (length > PRESET_MAX_BYTES) {
        snprintf(err, err_size, "%s: %zu bytes, more than this tool's limit of %zu for a preset", name, length,
                 PRESET_MAX_BYTES);
        free(owned);
        return false;
    }
    Reader r = {.s = text, .n = length, .p = out, .err = err, .err_size = err_size};
    if (!read_lines(&r)) {
        free(owned);
        return false;
    }
    if (owned == NULL && (owned = malloc(length + 1)) != NULL)
        memcpy(owned, text, length);
    out->text = owned;
    out->keys = malloc((r.n_keys > 0 ? r.n_keys : 1) * sizeof *out->keys);
    out->sections = malloc((r.n_blocks + 1) * sizeof *out->sections);     /* + "default" */
    Scratch s = {0};
    bool ok = out->text != NULL && out->keys != NULL && out->sections != NULL;
    if (ok) {
        out->text[length] = '\0';
        out->length = length;
        out->bytes = length + 1 + (r.n_keys > 0 ? r.n_keys : 1) * sizeof *out->keys
                     + (r.n_blocks + 1) * sizeof *out->sections;
        r.s = r.copy = out->text;
        ok = read_lines(&r);        /* the same lines again: it cannot fail where the first pass passed */
        out->n_key_lines = r.n_keys;
        out->n_sections = r.n_blocks;
        out->index = ok ? malloc(sizeof *out->index) : NULL;
        ok = ok && out->index != NULL
             && (out->index->keys = key_index(&out->index->n, out->index->pool, sizeof out->index->pool)) != NULL;
        if (ok)
            out->bytes += sizeof *out->index + out->index->n * sizeof *out->index->keys;
        ok = ok && scratch_init(&s, out);
        if (!ok)
            snprintf(err, err_size, "%s: out of memory", name);
        ok = ok && check_keys(out, &s, err, err_size);
    } else {
        snprintf(err, err_size, "%s: out of memory", name);
    }
    scratch_free(&s);
    if (!ok)
        preset_free(out);
    return ok;
}

bool preset_parse(const char *text, size_t length, const char *name, Preset *out, char *err, size_t err_size)
{
    return parse(text, NULL, length, name, out, err, err_size);
}

bool preset_read_file(const char *path, Preset *out, char *err, size_t err_size)
{
    char scratch_err[1];
    if (err == NULL || err_size == 0) {
        err = scratch_err;
        err_size = sizeof scratch_err;
    }
    if (path == NULL || out == NULL) {
        snprintf(err, err_size, "no preset to read");
        return false;
    }
    errno = 0;
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        int why = errno;
        snprintf(err, err_size, "cannot read '%s': %s%s%s%s", path, strerror(why), why == ENOENT ? "; llama-server "
                 "stops: \"preset file does not exist: " : "", why == ENOENT ? path : "", why == ENOENT ? "\" "
                 "(common/preset.cpp at 13b56e2a)" : "");
        return false;
    }
    /* The file's size when it has one (a regular file), so that the buffer is exactly the file; else grown. */
    long size = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    bool sized = size >= 0 && fseek(f, 0, SEEK_SET) == 0;
    size_t cap = sized ? (size_t)size + 1 : 4096, n = 0;
    if (sized && (size_t)size > PRESET_MAX_BYTES) {
        char byte;
        errno = 0;
        bool unreadable = fread(&byte, 1, 1, f) == 0 && ferror(f);  /* a directory says so here (EISDIR) */
        snprintf(err, err_size, unreadable ? "cannot read '%s': %s" : "cannot read '%s': more than this tool's "
                 "limit of 67108864 bytes for a preset", path, strerror(errno));
        fclose(f);
        return false;
    }
    char *buf = malloc(cap);
    bool ok = buf != NULL;
    while (ok) {
        if (n + 1 >= cap) {
            char *grown = sized || cap > PRESET_MAX_BYTES ? NULL : realloc(buf, 2 * cap);
            if (grown == NULL)
                break;
            buf = grown;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - 1 - n, f);
        n += got;
        if (got == 0)
            break;
    }
    int saved = errno;
    bool failed = ferror(f) != 0;
    fclose(f);          /* opened for reading: nothing is lost if closing fails */
    if (!ok || failed || (!sized && n + 1 >= cap)) {
        if (failed)
            snprintf(err, err_size, "cannot read '%s': %s", path, strerror(saved));
        else
            snprintf(err, err_size, "cannot read '%s': more than this tool's limit of %zu bytes for a preset", path,
                     PRESET_MAX_BYTES);
        free(buf);
        return false;
    }
    return parse(buf, buf, n, path, out, err, err_size);
}

void preset_free(Preset *p)
{
    if (p == NULL)
        return;
    free(p->text);
    free(p->keys);
    free(p->sections);
    if (p->index != NULL)
        free(p->index->keys);
    free(p->index);
    const char *name = p->name;
    *p = (Preset){.name = name};
}

/* Section i's entries into out (up to max), with s's tables set for it; returns how many there are. */
static size_t entries(const Preset *p, size_t i, Scratch *s, PresetEntry *out, size_t max)
{
    const PresetBlock *b = &p->sections[i];
    size_t n = 0;
    section_scan(p, b, s);
    for (uint32_t j = 0; j < b->count; j++) {
        const char *key, *value;
        const KeyName *k = line_key(p, b, j, s, &key, &value);
        if (!line_kept(s, k, j))
            continue;
        if (n < max) {
            bool negated = k->how == BY_NEGATIVE;
            out[n] = (PresetEntry){key, negated ? (value_truthy(value) ? "false" : "true") : value, value,
                                   p->keys[b->first + j].line_eq >> 1, k->spec, negated,
                                   k->how == BY_ENV || k->how == BY_ENV_NEGATIVE, line_counts(s, k, j)};
        }
        n++;
    }
    return n;
}

size_t preset_entries(const Preset *p, size_t section, PresetEntry *out, size_t max)
{
    if (p == NULL || section >= p->n_sections)
        return 0;
    Scratch s = {0};
    size_t n = scratch_init(&s, p) ? entries(p, section, &s, out != NULL ? out : NULL, out != NULL ? max : 0) : 0;
    scratch_free(&s);
    return n;
}

static bool is_model_flag(const ArgSpec *spec)
{
    return spec != NULL && strcmp(spec->names[0], "-m") == 0;
}

bool preset_section(const Preset *p, size_t i, PresetSection *out)
{
    if (p == NULL || out == NULL || i >= p->n_sections)
        return false;
    const PresetBlock *b = &p->sections[i];
    *out = (PresetSection){b->name, b->line, strcmp(b->name, "*") == 0, 0, NULL, 0};
    Scratch s = {0};
    bool ok = scratch_init(&s, p);
    if (ok) {
        out->n_entries = entries(p, i, &s, NULL, 0);        /* leaves s's tables set for section i */
        for (uint32_t j = 0; j < b->count; j++) {
            const char *key, *value;
            const KeyName *k = line_key(p, b, j, &s, &key, &value);
            if (line_counts(&s, k, j) && is_model_flag(k->spec)) {
                out->model = value;
                out->model_line = p->keys[b->first + j].line_eq >> 1;
            }
        }
    }
    scratch_free(&s);
    return ok;
}

const char *preset_section_shown(const Preset *p, size_t i, char *buf, size_t size)
{
    if (buf == NULL || size == 0)
        return buf;
    buf[0] = '\0';
    if (p == NULL || i >= p->n_sections)
        return buf;
    const PresetBlock *b = &p->sections[i];
    bool headless = b->line == 0;   /* keys before any header, and no header of its name: COMMON_PRESET_DEFAULT_NAME */
    bool only_version = headless;
    for (uint32_t j = 0; only_version && j < b->count; j++)
        only_version = strcmp(p->text + p->keys[b->first + j].at, "version") == 0;
    snprintf(buf, size, "[%s]%s", b->name, !headless ? "" : only_version ? " (only version, before any header, "
             "which llama.cpp skips)" : " (keys before any header)");
    return buf;
}

long preset_find(const Preset *p, const char *name)
{
    for (size_t i = 0; p != NULL && name != NULL && i < p->n_sections; i++)
        if (strcmp(p->sections[i].name, name) == 0)
            return (long)i;
    return -1;
}

/* ===== A child's command line ===== */

/* One flag's value on its way to the child. */
typedef struct {
    const char *value;          /* NULL: not set */
    PresetSource source;
    const char *key;
    size_t line;
    const char *section;
} Slot;

/* Whether the flag's variable is one of names (server-models.cpp's unset_reserved_args takes them out). */
static bool reserved(const ArgSpec *spec, bool model_args)
{
    static const char *const always[] = {"LLAMA_ARG_SSL_KEY_FILE", "LLAMA_ARG_SSL_CERT_FILE", "LLAMA_API_KEY",
                                         "LLAMA_ARG_MODELS_DIR", "LLAMA_ARG_MODELS_MAX", "LLAMA_ARG_MODELS_PRESET",
                                         "LLAMA_ARG_MODELS_AUTOLOAD"};
    static const char *const model[] = {"LLAMA_ARG_MODEL", "LLAMA_ARG_MMPROJ", "LLAMA_ARG_ALIAS", "LLAMA_ARG_HF_REPO"};
    const char *env = arg_env(spec);
    for (size_t i = 0; env != NULL && i < sizeof always / sizeof always[0]; i++)
        if (strcmp(env, always[i]) == 0)
            return true;
    for (size_t i = 0; env != NULL && model_args && i < sizeof model / sizeof model[0]; i++)
        if (strcmp(env, model[i]) == 0)
            return true;
    return false;
}


/* The warning for a switch's value that is neither true nor false (llama.cpp's is_truthy and is_falsey): the router
 * writes the flag on for any value that is not false (common/preset.cpp at 13b56e2a, to_args), and a no- key's value
 * that is not true is inverted to true (parse_bool_arg), so the switch is on; into out->warnings. */
static void warn_switch(const Preset *p, PresetChild *out, const PresetBlock *b, const char *key, const char *value,
                        size_t line, bool negated)
{
    size_t used = strlen(out->warnings);
    if (value_truthy(value) || value_falsey(value) || (value[0] == '\0' && !negated)
        || used + 600 > sizeof out->warnings)
        return;             /* an empty value turns a switch on, as a preset's writer means it */
    char v[80];
    snprintf(out->warnings + used, sizeof out->warnings - used, "%s: line %zu: [%s] %s = %s: neither true nor false "
             "(on, off, true, false, 1, 0, enabled, disabled); %s, so the switch is on\n", p->name, line, b->name, key,
             shown(value, v, sizeof v), negated ? "llama.cpp's preset reader takes a no- key's value that is not true "
             "as false, and inverts it to true (common/preset.cpp at 13b56e2a, parse_bool_arg)" : "the router writes "
             "the flag for any value that is not false (common/preset.cpp at 13b56e2a, to_args: is_falsey)");
}

/* Lays section i's counting entries over slots. */
static bool lay_section(const Preset *p, size_t i, PresetSource source, Slot *slots, PresetChild *out)
{
    Scratch s = {0};
    bool ok = scratch_init(&s, p);
    const PresetBlock *b = &p->sections[i];
    if (ok)
        section_scan(p, b, &s);
    for (uint32_t j = 0; ok && j < b->count; j++) {
        const char *key, *value;
        const KeyName *k = line_key(p, b, j, &s, &key, &value);
        if (!line_counts(&s, k, j) || k->spec == NULL)
            continue;
        const char *v = k->how == BY_NEGATIVE ? (value_truthy(value) ? "false" : "true") : value;
        if (k->spec->arity == 0)
            warn_switch(p, out, b, key, value, p->keys[b->first + j].line_eq >> 1, k->how == BY_NEGATIVE);
        slots[k->spec - arg_specs] = (Slot){v, source, key, p->keys[b->first + j].line_eq >> 1, b->name};
    }
    scratch_free(&s);
    return ok;
}

/* The row a router word names, as common_params_to_map finds it ("--" words with '_' for '-'); *off when it
 * is a switch's off spelling. */
static const ArgSpec *router_flag(const char *word, bool *off)
{
    char name[128];
    snprintf(name, sizeof name, "%s", word);
    if (strncmp(name, "--", 2) == 0)
        for (char *c = name; *c != '\0'; c++)
            *c = *c == '_' ? '-' : *c;
    for (size_t r = 0; r < n_arg_specs; r++) {
        const ArgSpec *s = &arg_specs[r];
        for (int i = 0; i < 4 && s->names[i] != NULL; i++)
            if (strcmp(s->names[i], name) == 0) {
                *off = s->kind == K_NO_ESCAPE || i >= negative_from(s);
                return s->kind == K_NO_ESCAPE ? kind_row(K_ESCAPE) : s;
            }
    }
    return NULL;
}

/* Lays the router's flags over slots (server-models.cpp: its base preset, from common_params_to_map). */
static void lay_router(int argc, char *const argv[], Slot *slots)
{
    for (int i = 1; i < argc && argv != NULL; i++) {
        const char *word = argv[i];
        if (word == NULL || word[0] != '-')
            continue;               /* the program word, or a value of a flag passed over */
        bool off = false;
        const ArgSpec *s = router_flag(word, &off);
        if (s == NULL)
            continue;               /* args_parse names it */
        const char *value = s->arity == 0 ? (off ? "0" : "1") : i + 1 < argc ? argv[i + 1] : NULL;
        i += s->arity;
        if (!server_flag(s) || value == NULL || reserved(s, true))
            continue;
        slots[s - arg_specs] = (Slot){value, PRESET_FROM_ROUTER, word, 0, NULL};
    }
}

static int by_first_spelling(const void *a, const void *b)
{
    const ArgSpec *x = *(const ArgSpec *const *)a, *y = *(const ArgSpec *const *)b;
    return strcmp(x->names[0], y->names[0]);
}

/* Copies s into the pool at *used; returns the copy. */
static char *pool_copy(char *pool, size_t *used, const char *s)
{
    size_t n = strlen(s) + 1;
    char *copy = pool + *used;
    memcpy(copy, s, n);
    *used += n;
    return copy;
}

bool preset_child(const Preset *p, const char *section, int router_argc, char *const router_argv[],
                  PresetChild *out, char *err, size_t err_size)
{
    char scratch_err[1];
    if (err == NULL || err_size == 0) {
        err = scratch_err;
        err_size = sizeof scratch_err;
    }
    if (p == NULL || out == NULL) {
        snprintf(err, err_size, "no preset");
        return false;
    }
    *out = (PresetChild){0};
    long global = preset_find(p, "*"), chosen = section != NULL ? preset_find(p, section) : -1;
    if (section != NULL && chosen < 0) {
        int len = snprintf(err, err_size, "%s has no section [%s]; %s", p->name, section,
                           p->n_sections == 0 ? "it has no sections" : "its sections:");
        for (size_t i = 0; i < p->n_sections && len >= 0 && (size_t)len < err_size; i++) {
            char shown_name[200];
            len += snprintf(err + len, err_size - (size_t)len, " %s", preset_section_shown(p, i, shown_name,
                            sizeof shown_name));
        }
        return false;
    }
    Slot *slots = calloc(n_arg_specs, sizeof *slots);
    const ArgSpec **order = malloc(n_arg_specs * sizeof *order);
    bool ok = slots != NULL && order != NULL;
    ok = ok && (global < 0 || lay_section(p, (size_t)global, PRESET_FROM_GLOBAL, slots, out));
    ok = ok && (chosen < 0 || chosen == global || lay_section(p, (size_t)chosen, PRESET_FROM_SECTION, slots, out));
    if (ok)
        lay_router(router_argc, router_argv, slots);
    size_t n = 0, bytes = sizeof "llama-server";
    for (size_t r = 0; ok && r < n_arg_specs; r++) {
        if (slots[r].value == NULL || reserved(&arg_specs[r], false))
            continue;
        order[n++] = &arg_specs[r];
        bytes += 2 * (strlen(slots[r].value) + strlen(slots[r].key) + 2) + 64;
        if (slots[r].section != NULL)
            bytes += strlen(slots[r].section) + 1;
    }
    qsort(order, n, sizeof *order, by_first_spelling);
    out->args = ok ? malloc((n > 0 ? n : 1) * sizeof *out->args) : NULL;
    out->argv = ok ? malloc((2 * n + 2) * sizeof *out->argv) : NULL;
    char *pool = ok ? malloc(bytes) : NULL;
    ok = ok && out->args != NULL && out->argv != NULL && pool != NULL;
    size_t used = 0;
    if (ok)
        out->argv[out->argc++] = pool_copy(pool, &used, "llama-server");
    for (size_t k = 0; ok && k < n; k++) {
        const ArgSpec *s = order[k];
        const Slot *v = &slots[s - arg_specs];
        if (s->arity == 2) {
            snprintf(err, err_size, "%s: %s (line %zu): llama.cpp's router cannot write a flag of two values: "
                     "\"common_preset::to_args(): option '%s' has two values, which is not supported yet\"", p->name,
                     v->key, v->line, spelling(s, false));
            ok = false;
            break;
        }
        bool off = s->arity == 0 && value_falsey(v->value);
        if (off && !is_switch(s))
            continue;               /* to_args skips a flag of no value that is off and has no off spelling */
        PresetArg *a = &out->args[out->n_args++];
        *a = (PresetArg){s, pool_copy(pool, &used, spelling(s, off)), NULL, v->source, pool_copy(pool, &used, v->key),
                         v->line, v->section != NULL ? pool_copy(pool, &used, v->section) : NULL};
        out->argv[out->argc++] = (char *)a->flag;
        if (s->arity == 1) {
            a->value = pool_copy(pool, &used, v->value);
            out->argv[out->argc++] = (char *)a->value;
        }
        if (is_model_flag(s)) {
            out->model = a->value;
            out->model_key = a->key;
            out->model_line = a->line;
            out->model_section = a->section;
        }
    }
    if (out->argv != NULL)
        out->argv[out->argc] = NULL;
    if (!ok && err[0] == '\0')
        snprintf(err, err_size, "%s: out of memory", p->name);
    free(slots);
    free(order);
    if (!ok && out->argc == 0)
        free(pool);                 /* else it is argv[0], which preset_child_free frees */
    if (!ok)
        preset_child_free(out);
    return ok;
}

void preset_child_free(PresetChild *c)
{
    if (c == NULL)
        return;
    if (c->argv != NULL && c->argc > 0)
        free(c->argv[0]);           /* the pool: every string starts in it, "llama-server" first */
    free(c->argv);
    free(c->args);
    *c = (PresetChild){0};
}
