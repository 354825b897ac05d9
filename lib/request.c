/* request.c: the llama-server request body for a set of llama.cpp sampling flags, as JSON text. The writer
 * appends to the caller's buffer like snprintf. */
#include "request.h"

#include "text.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* A double as JSON: the shortest of %.15g / %.17g that reads back the same. */
static void json_number(Text *t, double v)
{
    char tmp[32];
    snprintf(tmp, sizeof tmp, "%.15g", v);
    if (strtod(tmp, NULL) != v)
        snprintf(tmp, sizeof tmp, "%.17g", v);
    text_add(t, "%s", tmp);
}

/* The length of the valid UTF-8 character at s (1 to 4), or 0 when the bytes there are not one (a stray
 * continuation byte, an overlong form, a surrogate, a value past U+10FFFF, a cut sequence). */
static size_t utf8_length(const unsigned char *s)
{
    unsigned char lead = s[0];
    size_t n = lead < 0x80 ? 1 : lead >= 0xC2 && lead <= 0xDF ? 2 : lead >= 0xE0 && lead <= 0xEF ? 3
             : lead >= 0xF0 && lead <= 0xF4 ? 4 : 0;
    for (size_t i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    if ((lead == 0xE0 && s[1] < 0xA0) || (lead == 0xED && s[1] >= 0xA0) || (lead == 0xF0 && s[1] < 0x90)
        || (lead == 0xF4 && s[1] >= 0x90))
        return 0;
    return n;
}

/* A JSON string: quotes, backslashes and control characters escaped, and any byte that is not part of valid
 * UTF-8 replaced by U+FFFD, so the output is always valid JSON. */
static void json_string(Text *t, const char *s)
{
    const unsigned char *u = (const unsigned char *)s;
    text_add(t, "\"");
    while (*u != '\0') {
        size_t n = utf8_length(u);
        if (n == 0)
            text_add(t, "\\ufffd");
        else if (*u == '"' || *u == '\\')
            text_add(t, "\\%c", *u);
        else if (*u == '\n' || *u == '\t' || *u == '\r')
            text_add(t, "\\%c", *u == '\n' ? 'n' : *u == '\t' ? 't' : 'r');
        else if (*u < 0x20)
            text_add(t, "\\u%04x", *u);
        else
            text_add(t, "%.*s", (int)n, (const char *)u);
        u += n > 0 ? n : 1;
    }
    text_add(t, "\"");
}

size_t request_json(const CliParams *params, char *buf, size_t size)
{
    Text t = text_start(buf, size);
    if (params == NULL) {
        text_add(&t, "{}");
        return t.len;
    }
    const SamplingParams *p = &params->sampling;
    const struct { const char *name; double value; } numbers[] = {
        {"temperature", p->temp}, {"top_k", p->top_k}, {"top_p", p->top_p}, {"min_p", p->min_p},
        {"typical_p", p->typ_p}, {"repeat_last_n", p->penalty_last_n}, {"repeat_penalty", p->penalty_repeat},
        {"presence_penalty", p->penalty_present}, {"frequency_penalty", p->penalty_freq},
        {"dry_multiplier", p->dry_multiplier}, {"dry_base", p->dry_base},
        {"dry_allowed_length", p->dry_allowed_length}, {"dry_penalty_last_n", p->dry_penalty_last_n},
        {"xtc_probability", p->xtc_probability}, {"xtc_threshold", p->xtc_threshold},
        {"top_n_sigma", p->top_n_sigma}, {"dynatemp_range", p->dynatemp_range},
        {"dynatemp_exponent", p->dynatemp_exponent}, {"mirostat", p->mirostat},
        {"mirostat_tau", p->mirostat_tau}, {"mirostat_eta", p->mirostat_eta},
        {"seed", p->seed == UINT32_MAX ? -1.0 : (double)p->seed},
    };
    text_add(&t, "{");
    for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; i++) {
        text_add(&t, "%s\"%s\": ", i ? ", " : "", numbers[i].name);
        if (isinf(numbers[i].value))
            text_add(&t, "%s", numbers[i].value > 0 ? "1e308" : "-1e308");     /* JSON has no infinity */
        else
            json_number(&t, numbers[i].value);
    }
    text_add(&t, ", \"dry_sequence_breakers\": [");
    for (size_t i = 0; i < params->n_dry_breakers; i++) {
        text_add(&t, "%s", i ? ", " : "");
        json_string(&t, params->dry_breakers[i]);
    }
    text_add(&t, "], \"samplers\": [");
    for (size_t i = 0; i < p->n_samplers; i++) {
        text_add(&t, "%s", i ? ", " : "");
        json_string(&t, sampler_type_name(p->samplers[i]));
    }
    text_add(&t, "], \"ignore_eos\": %s, \"logit_bias\": [", p->ignore_eos ? "true" : "false");
    for (size_t i = 0; i < p->n_logit_bias; i++) {
        text_add(&t, "%s[%d, ", i ? ", " : "", (int)p->logit_bias[i].token);
        double bias = p->logit_bias[i].bias;
        if (bias == -INFINITY)
            text_add(&t, "false");      /* llama-server reads false as a ban */
        else if (bias == INFINITY)
            text_add(&t, "1e308");
        else
            json_number(&t, bias);
        text_add(&t, "]");
    }
    text_add(&t, "]}");
    return t.len;
}
