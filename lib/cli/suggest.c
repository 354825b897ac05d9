/* suggest.c: the nearest known spelling for an unknown flag. First the names people carry over from elsewhere
 * (llama-server's request fields, OpenAI's and Hugging Face's parameter names, llama.cpp's --samplers names,
 * removed flags), then the spelling a few edits away (an optimal string alignment distance: insertions,
 * deletions, substitutions and swaps of two neighbours each cost one). */
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
        snprintf(hint, size, "; did you mean %s? (older llama.cpp's %s, which llama.cpp has since removed)", flag,
                 row->meta);
    else if (row != NULL && row->kind == K_REMOVED)
        snprintf(hint, size, "; did you mean %s? (llama.cpp has removed it: use %s)", flag, row->help);
    else
        snprintf(hint, size, "; did you mean %s?", flag);
}

/* The flag whose value is each sampler's main setting, by SamplerType (NULL: infill has none). */
static const char *const sampler_flags[] = {
    "--repeat-penalty", "--dry-multiplier", "--top-n-sigma", "--top-k", "--typical", "--top-p", "--min-p",
    "--xtc-probability", "--temp", NULL, "--adaptive-target"};

/* The optimal string alignment distance between a (n) and b (m), or limit + 1 when it is above limit. */
static size_t distance(const char *a, size_t n, const char *b, size_t m, size_t limit)
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
        return true;
    }
    for (size_t i = 0; i < n_sampler_names; i++) {
        const char *f = sampler_flags[sampler_names[i].type];
        if (f != NULL && strcmp(bare, sampler_names[i].name) == 0) {
            snprintf(hint, size, "; did you mean %s?", f);
            return true;
        }
    }
    /* A few edits away: one for a short name, two up to eight letters, three beyond; none for one or two
     * letters, where nearly every short flag is that near. */
    if (n <= 2)
        return false;
    size_t limit = n <= 4 ? 1 : n <= 8 ? 2 : 3, best = limit + 1;
    const char *nearest = NULL;
    for (size_t i = 0; i < n_arg_specs; i++) {
        if ((arg_specs[i].tools & tools) == 0 || arg_specs[i].kind == K_REMOVED || arg_specs[i].kind == K_OLD
            || arg_specs[i].kind == K_OLD_SAMPLING)
            continue;
        for (size_t j = 0; j < 4 && arg_specs[i].names[j] != NULL; j++) {
            const char *name = arg_specs[i].names[j];
            while (*name == '-')
                name++;
            size_t d = distance(bare, n, name, strlen(name), limit);
            if (d < best) {
                best = d;
                nearest = arg_specs[i].names[j];
            }
        }
    }
    if (nearest == NULL)
        return false;
    snprintf(hint, size, "; did you mean %s?", nearest);
    return true;
}
