/* command.c: CliParams back to flags: each setting that differs from the defaults, in arg.cpp's spelling. */
#include "cli/command.h"
#include "cli/values.h"

#include "text.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define SP(field) offsetof(SamplingParams, field)

/* The one-number settings, in arg.cpp's order, with the flag that sets each. */
static const struct { const char *flag; size_t offset; bool is_int; } numbers[] = {
    {"--temp", SP(temp), false}, {"--top-k", SP(top_k), true}, {"--top-p", SP(top_p), false},
    {"--min-p", SP(min_p), false}, {"--top-n-sigma", SP(top_n_sigma), false},
    {"--xtc-probability", SP(xtc_probability), false}, {"--xtc-threshold", SP(xtc_threshold), false},
    {"--typical", SP(typ_p), false}, {"--repeat-last-n", SP(penalty_last_n), true},
    {"--repeat-penalty", SP(penalty_repeat), false}, {"--presence-penalty", SP(penalty_present), false},
    {"--frequency-penalty", SP(penalty_freq), false}, {"--dry-multiplier", SP(dry_multiplier), false},
    {"--dry-base", SP(dry_base), false}, {"--dry-allowed-length", SP(dry_allowed_length), true},
    {"--dry-penalty-last-n", SP(dry_penalty_last_n), true}, {"--adaptive-target", SP(adaptive_target), false},
    {"--adaptive-decay", SP(adaptive_decay), false}, {"--dynatemp-range", SP(dynatemp_range), false},
    {"--dynatemp-exp", SP(dynatemp_exponent), false}, {"--mirostat", SP(mirostat), true},
    {"--mirostat-lr", SP(mirostat_eta), false}, {"--mirostat-ent", SP(mirostat_tau), false},
};

/* Appends " word", single-quoted when the shell would read any of its characters. */
static void add_word(Text *t, const char *word)
{
    bool plain = word[0] != '\0' && strspn(word, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
                                                 "_+-.,/:=@%^") == strlen(word);
    if (plain) {
        text_add(t, " %s", word);
        return;
    }
    text_add(t, " '");
    for (const char *c = word; *c != '\0'; c++)
        text_add(t, *c == '\'' ? "'\\''" : "%c", *c);
    text_add(t, "'");
}

/* A breaker's bytes as llama.cpp's escapes give them back: \n, \r, \t, \\, and \xHH for the other control
 * bytes (and for the 'n' of a breaker that is literally "none", which would otherwise clear the list). */
static void breaker_text(const char *breaker, char *out, size_t size)
{
    Text t = text_start(out, size);
    for (const unsigned char *c = (const unsigned char *)breaker; *c != '\0'; c++) {
        if (*c == '\\')
            text_add(&t, "\\\\");
        else if (*c == '\n' || *c == '\r' || *c == '\t')
            text_add(&t, "\\%c", *c == '\n' ? 'n' : *c == '\r' ? 'r' : 't');
        else if (*c < 0x20 || *c == 0x7f || (c == (const unsigned char *)breaker && strcmp(breaker, "none") == 0))
            text_add(&t, "\\x%02x", *c);
        else
            text_add(&t, "%c", *c);
    }
}

/* Whether the breakers are llama.cpp's defaults, in order. */
static bool default_breakers(const CliParams *p, const CliParams *d)
{
    if (p->n_dry_breakers != d->n_dry_breakers)
        return false;
    for (size_t i = 0; i < p->n_dry_breakers; i++)
        if (strcmp(p->dry_breakers[i], d->dry_breakers[i]) != 0)
            return false;
    return true;
}

size_t args_command(const CliParams *params, char *buf, size_t size)
{
    static CliParams defaults;      /* static: it holds over 100 KB of text arrays */
    Text t = text_start(buf, size);
    text_add(&t, "llama-server");
    if (params == NULL)
        return t.len;
    args_defaults(&defaults);
    const SamplingParams *p = &params->sampling, *d = &defaults.sampling;
    char text[128];
    for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; i++) {
        const char *now = (const char *)p + numbers[i].offset, *was = (const char *)d + numbers[i].offset;
        int32_t a, b;
        double x, y;
        if (numbers[i].is_int) {
            memcpy(&a, now, sizeof a);
            memcpy(&b, was, sizeof b);
            if (a != b)
                text_add(&t, " %s %d", numbers[i].flag, (int)a);
            continue;
        }
        memcpy(&x, now, sizeof x);
        memcpy(&y, was, sizeof y);
        if (float_value(x) != float_value(y))
            text_add(&t, " %s %s", numbers[i].flag, float_flag_text(x, text, sizeof text));
    }
    if (p->seed != d->seed)
        text_add(&t, " -s %lu", (unsigned long)p->seed);
    bool same_order = p->n_samplers == d->n_samplers
                   && memcmp(p->samplers, d->samplers, p->n_samplers * sizeof p->samplers[0]) == 0;
    if (!same_order) {
        char list[CHAIN_MAX_SAMPLERS * 16] = "";
        Text names = text_start(list, sizeof list);
        for (size_t i = 0; i < p->n_samplers; i++)
            text_add(&names, "%s%s", i ? ";" : "", sampler_type_name(p->samplers[i]));
        text_add(&t, " --samplers");
        add_word(&t, list);
    }
    if (!default_breakers(params, &defaults)) {
        if (params->n_dry_breakers == 0)
            text_add(&t, " --dry-sequence-breaker none");
        for (size_t i = 0; i < params->n_dry_breakers; i++) {
            char escaped[4 * ARGS_MAX_BREAKER_RAW + 1];
            breaker_text(params->dry_breakers[i], escaped, sizeof escaped);
            text_add(&t, " --dry-sequence-breaker");
            add_word(&t, escaped);
        }
    }
    for (size_t i = 0; i < p->n_logit_bias; i++) {
        double bias = float_value(p->logit_bias[i].bias);
        char word[144];
        snprintf(word, sizeof word, "%d%c%s", (int)p->logit_bias[i].token, signbit(bias) ? '-' : '+',
                 float_flag_text(fabs(bias), text, sizeof text));
        text_add(&t, " -l");
        add_word(&t, word);
    }
    if (p->ignore_eos)
        text_add(&t, " --ignore-eos");
    if (params->backend_sampling)
        text_add(&t, " -bs");
    return t.len;
}
