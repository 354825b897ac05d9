/* suggest.c: the nearest known spelling for an unknown flag, only where it is plausibly the same flag. First
 * the names people carry over from elsewhere (llama-server's request fields, OpenAI's and Hugging Face's
 * parameter names, llama.cpp's --samplers names, curl's options that send a body), then the spelling a few
 * edits away relative to the name's length (an optimal string alignment distance: insertions, deletions,
 * substitutions and swaps of two neighbours each cost one), older llama.cpp's flags first, and a flag that
 * changes sampling only where the unknown flag's words do not belong to other flags. */
#include "cli/flags.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* Names that are not flags, and the flag that sets the same thing. */
static const struct { const char *name, *flag; } aliases[] = {
    {"max-tokens", "-n"}, {"max-completion-tokens", "-n"}, {"max-new-tokens", "-n"},
    {"repetition-penalty", "--repeat-penalty"}, {"penalty-repeat", "--repeat-penalty"},
    {"penalty-freq", "--frequency-penalty"}, {"penalty-present", "--presence-penalty"},
    {"penalty-last-n", "--repeat-last-n"}, {"mirostat-tau", "--mirostat-ent"}, {"mirostat-eta", "--mirostat-lr"},
    {"dynatemp-exponent", "--dynatemp-exp"}, {"dry-sequence-breakers", "--dry-sequence-breaker"}, {"stop", "-r"},
    {"tfs-z", "--tfs"},     /* the old server's field for older llama.cpp's --tfs */
    {"body", "--from-json"}, {"data", "--from-json"}, {"data-raw", "--from-json"},   /* a request body: curl's */
    {"d", "--from-json"},   /* -d, --data and --data-raw send one; arg.cpp 0017d6fb has no -d (flags.c) */
};

/* The row that has the spelling name, or NULL. */
static const ArgSpec *row_of(const char *name)
{
    for (size_t i = 0; i < n_arg_specs; i++)
        for (size_t j = 0; j < 4 && arg_specs[i].names[j] != NULL; j++)
            if (strcmp(arg_specs[i].names[j], name) == 0)
                return &arg_specs[i];
    return NULL;
}

/* "; did you mean FLAG?" into hint, with what became of a flag llama.cpp removed. */
static void did_you_mean(const char *flag, char *hint, size_t size)
{
    const ArgSpec *row = row_of(flag);
    if (row != NULL && (row->kind == K_OLD || row->kind == K_OLD_SAMPLING))
        snprintf(hint, size, "; did you mean %s? (older llama.cpp's %s, which arg.cpp 0017d6fb does not have; "
                 NOT_CHECKED ")", flag, row->meta);
    else if (row != NULL && row->kind == K_REMOVED)
        snprintf(hint, size, "; did you mean %s? (removed in arg.cpp 0017d6fb: use %s)", flag, row->help);
    else
        snprintf(hint, size, "; did you mean %s?", flag);
}

/* The flag whose value is each sampler's main setting, by SamplerType (NULL: infill has none). */
static const char *const sampler_flags[] = {
    "--repeat-penalty", "--dry-multiplier", "--top-n-sigma", "--top-k", "--typical", "--top-p", "--min-p",
    "--xtc-probability", "--temp", NULL, "--adaptive-target"};

size_t args_distance(const char *a, size_t n, const char *b, size_t m, size_t limit)
{
    enum { MAX = 48 };
    size_t rows[3][MAX + 1];
    if (n > MAX || m > MAX || (n > m ? n - m : m - n) > limit)
        return limit + 1;
    size_t *two = rows[0], *one = rows[1], *now = rows[2];
    for (size_t j = 0; j <= m; j++)
        one[j] = j;
    for (size_t i = 1; i <= n; i++) {
        now[0] = i;
        size_t best = now[0];
        for (size_t j = 1; j <= m; j++) {
            size_t cost = a[i - 1] != b[j - 1];
            size_t d = one[j - 1] + cost;
            d = one[j] + 1 < d ? one[j] + 1 : d;
            d = now[j - 1] + 1 < d ? now[j - 1] + 1 : d;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && two[j - 2] + 1 < d)
                d = two[j - 2] + 1;
            now[j] = d;
            best = d < best ? d : best;
        }
        if (best > limit)
            return limit + 1;
        size_t *old = two;
        two = one;
        one = now;
        now = old;
    }
    return one[m];
}

/* Whether a row's flag changes sampling, in the chain line or outside it. */
static bool changes_sampling(const ArgSpec *spec)
{
    switch (spec->kind) {
    case K_FLOAT: case K_TEMP: case K_DRY_BASE: case K_REPEAT: case K_FINITE: case K_SEED: case K_BIAS:
    case K_SAMPLERS: case K_SAMPLER_SEQ: case K_BREAKER: case K_IGNORE_EOS: case K_PRESET: case K_OUTSIDE:
    case K_OLD_SAMPLING:
        return true;
    case K_INT:
        return spec->setting != SET_N_PREDICT;
    default:
        return false;
    }
}

/* Whether word (n bytes) is within one edit of one of the '-'-separated words of name (dashes stripped). */
static bool near_word(const char *word, size_t n, const char *name)
{
    for (const char *w = name; *w != '\0'; w += strcspn(w, "-") + (w[strcspn(w, "-")] == '-')) {
        size_t m = strcspn(w, "-");
        if (args_distance(word, n, w, m, 1) <= 1)
            return true;
        if (w[m] == '\0')
            break;
    }
    return false;
}

/* Whether word (n bytes) is exactly a word of the spelling of some flag that does not change sampling. */
static bool other_flags_word(const char *word, size_t n)
{
    for (size_t i = 0; i < n_arg_specs; i++) {
        if (changes_sampling(&arg_specs[i]))
            continue;
        for (size_t j = 0; j < 4 && arg_specs[i].names[j] != NULL; j++) {
            const char *w = arg_specs[i].names[j];
            while (*w == '-')
                w++;
            for (; *w != '\0'; w += strcspn(w, "-") + (w[strcspn(w, "-")] == '-')) {
                size_t m = strcspn(w, "-");
                if (m == n && strncmp(w, word, n) == 0)
                    return true;
                if (w[m] == '\0')
                    break;
            }
        }
    }
    return false;
}

/* Whether letters alone may lead from bare (an unknown flag without its dashes) to spelling name of spec: never
 * to a flag that changes sampling when a word of bare, three letters or more, is a word of a flag that does
 * not and is not near any word of name ("lora-base" is no "dry-base", "repeat-last-ctx" no "repeat-last-n"). */
static bool plausible(const char *bare, const ArgSpec *spec, const char *name)
{
    if (!changes_sampling(spec))
        return true;
    for (const char *w = bare; *w != '\0'; w += strcspn(w, "-") + (w[strcspn(w, "-")] == '-')) {
        size_t m = strcspn(w, "-");
        if (m >= 3 && other_flags_word(w, m) && !near_word(w, m, name))
            return false;
        if (w[m] == '\0')
            break;
    }
    return true;
}

bool args_suggest(const char *flag, unsigned tools, char *hint, size_t size)
{
    char bare[64];
    size_t n = 0;
    const char *s = flag;
    while (*s == '-')
        s++;
    for (; *s != '\0' && n + 1 < sizeof bare; s++)
        bare[n++] = *s == '_' ? '-' : (char)tolower((unsigned char)*s);
    bare[n] = '\0';
    if (size > 0)
        hint[0] = '\0';
    if (n == 0 || *s != '\0')
        return false;
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++) {
        if (strcmp(bare, aliases[i].name) != 0)
            continue;
        did_you_mean(aliases[i].flag, hint, size);
        if (strcmp(aliases[i].flag, "--from-json") == 0 && strlen(hint) + 1 < size)   /* curl's: a body inline */
            snprintf(hint + strlen(hint), size - strlen(hint), " (it takes a FILE holding the body, or - for standard "
                     "input: echo '{...}' | build/bin/11_sampler_chain --from-json -)");
        return true;
    }
    for (size_t i = 0; i < n_sampler_names; i++) {
        const char *f = sampler_flags[sampler_names[i].type];
        if (f != NULL && strcmp(bare, sampler_names[i].name) == 0) {
            snprintf(hint, size, "; did you mean %s?", f);
            return true;
        }
    }
    /* A few edits away, relative to the name's length: none for three letters or fewer, where one edit turns
     * nearly any short flag into another (only the same letters with other dashes: --ngl is -ngl), one up to
     * nine letters, two up to fourteen, three beyond. Older llama.cpp's flags first: a paste that holds one
     * of them mistyped comes from an old guide. */
    size_t limit = n <= 3 ? 0 : n <= 9 ? 1 : n <= 14 ? 2 : 3;
    const char *nearest = NULL;
    for (int pass = 0; pass < 2 && nearest == NULL; pass++) {
        size_t best = limit + 1;
        for (size_t i = 0; i < n_arg_specs; i++) {
            const ArgSpec *spec = &arg_specs[i];
            bool old = spec->kind == K_REMOVED || spec->kind == K_OLD || spec->kind == K_OLD_SAMPLING;
            if ((spec->tools & tools) == 0 || old != (pass == 0))
                continue;
            for (size_t j = 0; j < 4 && spec->names[j] != NULL; j++) {
                const char *name = spec->names[j];
                while (*name == '-')
                    name++;
                size_t d = args_distance(bare, n, name, strlen(name), limit);
                if (d < best && plausible(bare, spec, name)) {
                    best = d;
                    nearest = spec->names[j];
                }
            }
        }
    }
    if (nearest == NULL)
        return false;
    did_you_mean(nearest, hint, size);
    return true;
}
