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
static const struct { const char *flag; size_t offset; bool is_int; ArgsSetting setting; } numbers[] = {
    {"--temp", SP(temp), false, SET_TEMP}, {"--top-k", SP(top_k), true, SET_TOP_K},
    {"--top-p", SP(top_p), false, SET_TOP_P}, {"--min-p", SP(min_p), false, SET_MIN_P},
    {"--top-n-sigma", SP(top_n_sigma), false, SET_TOP_N_SIGMA},
    {"--xtc-probability", SP(xtc_probability), false, SET_XTC_PROBABILITY},
    {"--xtc-threshold", SP(xtc_threshold), false, SET_XTC_THRESHOLD}, {"--typical", SP(typ_p), false, SET_TYP_P},
    {"--repeat-last-n", SP(penalty_last_n), true, SET_REPEAT_LAST_N},
    {"--repeat-penalty", SP(penalty_repeat), false, SET_REPEAT_PENALTY},
    {"--presence-penalty", SP(penalty_present), false, SET_PRESENCE},
    {"--frequency-penalty", SP(penalty_freq), false, SET_FREQUENCY},
    {"--dry-multiplier", SP(dry_multiplier), false, SET_DRY_MULTIPLIER},
    {"--dry-base", SP(dry_base), false, SET_DRY_BASE},
    {"--dry-allowed-length", SP(dry_allowed_length), true, SET_DRY_ALLOWED_LENGTH},
    {"--dry-penalty-last-n", SP(dry_penalty_last_n), true, SET_DRY_LAST_N},
    {"--adaptive-target", SP(adaptive_target), false, SET_ADAPTIVE_TARGET},
    {"--adaptive-decay", SP(adaptive_decay), false, SET_ADAPTIVE_DECAY},
    {"--dynatemp-range", SP(dynatemp_range), false, SET_DYNATEMP_RANGE},
    {"--dynatemp-exp", SP(dynatemp_exponent), false, SET_DYNATEMP_EXPONENT},
    {"--mirostat", SP(mirostat), true, SET_MIROSTAT}, {"--mirostat-lr", SP(mirostat_eta), false, SET_MIROSTAT_ETA},
    {"--mirostat-ent", SP(mirostat_tau), false, SET_MIROSTAT_TAU},
};

/* Appends " FLAG VALUE" for numbers[i] when p's value differs from d's (floats compared as llama.cpp's floats);
 * returns whether it did. */
static bool add_number(Text *t, const SamplingParams *p, const SamplingParams *d, size_t i)
{
    const char *now = (const char *)p + numbers[i].offset, *was = (const char *)d + numbers[i].offset;
    char text[128];
    if (numbers[i].is_int) {
        int32_t a, b;
        memcpy(&a, now, sizeof a);
        memcpy(&b, was, sizeof b);
        if (a != b)
            text_add(t, " %s %d", numbers[i].flag, (int)a);
        return a != b;
    }
    double x, y;
    memcpy(&x, now, sizeof x);
    memcpy(&y, was, sizeof y);
    if (float_value(x) != float_value(y))
        text_add(t, " %s %s", numbers[i].flag, float_flag_text(x, text, sizeof text));
    return float_value(x) != float_value(y);
}

void args_shell_word(Text *t, const char *word)
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

/* Whether a message can show word as typed: well-formed UTF-8 without a control byte (a newline, a tab, ...). */
static bool typed_shows(const char *word)
{
    for (const unsigned char *c = (const unsigned char *)word; *c != '\0'; c += utf8_char_length(c, 4))
        if (*c < 0x20 || *c == 0x7f || utf8_char_length(c, 4) == 0)
            return false;
    return true;
}

bool args_body_like(const char *word)
{
    return word != NULL && word[strspn(word, " \t\n\r")] == '{';
}

void args_body_pipe(Text *t, const char *program, int argc, char *const argv[], int flag_at, int body_at)
{
    const char *body = body_at > 0 && body_at < argc ? argv[body_at] : "{...}";    /* out of range: no word */
    text_add(t, "%s", strchr(body, '\\') != NULL ? "printf '%s\\n'" : "echo");  /* some echo reads a backslash */
    args_shell_word(t, typed_shows(body) ? body : "{...}");
    text_add(t, " | build/bin/%s", program);
    for (int k = 1; k < argc; k++) {
        char w[200];
        args_shell_word(t, k == body_at ? "-" : k == flag_at ? "--from-json"
                           : typed_shows(argv[k]) ? argv[k] : shown(argv[k], w, sizeof w));
    }
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

size_t args_command(const CliParams *params, char *buf, size_t size)
{
    Text t = text_start(buf, size);
    text_add(&t, "llama-server");
    if (params == NULL)
        return t.len;
    const SamplingParams defaults = sampling_params_default();     /* args_defaults' sampling */
    const SamplingParams *p = &params->sampling, *d = &defaults;
    char text[128];
    for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; i++)
        add_number(&t, p, d, i);
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
        args_shell_word(&t, list);
    }
    if (!args_breakers_default(params)) {
        if (params->n_dry_breakers == 0)
            text_add(&t, " --dry-sequence-breaker none");
        for (size_t i = 0; i < params->n_dry_breakers; i++) {
            char escaped[4 * ARGS_MAX_BREAKER_RAW + 1];
            breaker_text(params->dry_breakers[i], escaped, sizeof escaped);
            text_add(&t, " --dry-sequence-breaker");
            args_shell_word(&t, escaped);
        }
    }
    for (size_t i = 0; i < p->n_logit_bias; i++) {
        double bias = float_value(p->logit_bias[i].bias);
        char word[144];
        snprintf(word, sizeof word, "%d%c%s", (int)p->logit_bias[i].token, signbit(bias) ? '-' : '+',
                 float_flag_text(fabs(bias), text, sizeof text));
        text_add(&t, " -l");
        args_shell_word(&t, word);
    }
    if (p->ignore_eos)
        text_add(&t, " --ignore-eos");
    if (params->backend_sampling)
        text_add(&t, " -bs");
    return t.len;
}

size_t args_command_setting(const CliParams *params, ArgsSetting s, char *buf, size_t size)
{
    Text t = text_start(buf, size);
    const SamplingParams defaults = sampling_params_default();     /* args_defaults' sampling */
    for (size_t i = 0; params != NULL && i < sizeof numbers / sizeof numbers[0]; i++)
        if (numbers[i].setting == s && add_number(&t, &params->sampling, &defaults, i)) {
            if (buf != NULL && size > 1 && buf[0] == ' ')
                memmove(buf, buf + 1, strlen(buf));     /* no blank before the flag */
            return t.len - 1;
        }
    return 0;
}
