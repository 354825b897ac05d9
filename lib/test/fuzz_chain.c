/* fuzz_chain.c: a libFuzzer target (make fuzz): arbitrary bytes become a vocabulary, logits (NaN and
 * infinities included), sampling parameters (any double, edge integers), a sampler order and a history, and
 * go through chain_init_from_params, chain_accept and chain_sample. The library must never crash or trip a
 * sanitizer, and a successful draw must name a token of the vocabulary whose logit was not -inf. Not part of
 * make check. */
#include "chain.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const uint8_t *data;
    size_t size;
} Bytes;

static uint8_t take_byte(Bytes *b)
{
    if (b->size == 0)
        return 0;
    b->size--;
    return *b->data++;
}

/* Half of the time one of the values llama.cpp treats specially, otherwise any 8 bytes as a double. */
static double take_double(Bytes *b)
{
    static const double special[] = {0.0, -0.0, 1.0, -1.0, 0.5, 0.05, 0.95, 1.75, 2.0, 100.0, 1e300,
                                     INFINITY, -INFINITY, NAN};
    uint8_t k = take_byte(b);
    if (k < 128)
        return special[k % (sizeof special / sizeof special[0])];
    double d = 0;
    uint8_t raw[sizeof d] = {0};
    for (size_t i = 0; i < sizeof raw; i++)
        raw[i] = take_byte(b);
    memcpy(&d, raw, sizeof d);
    return d;
}

static int32_t take_int(Bytes *b)
{
    static const int32_t special[] = {0, 1, -1, 2, 3, 40, 64, 100, INT32_MAX, INT32_MIN};
    uint8_t k = take_byte(b);
    if (k < 128)
        return special[k % (sizeof special / sizeof special[0])];
    return (int32_t)(((uint32_t)take_byte(b) << 8) | take_byte(b)) - 32768;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static double logits[2048];
    static int32_t breaker_tokens[8];
    Bytes b = {data, size};
    uint8_t shape = take_byte(&b);      /* small vocabularies mostly; past 1,024 the bucket sorts run */
    size_t n_vocab = 1 + take_byte(&b) % 200 + (shape & 1) * 300 + (shape & 2) * 760;
    for (size_t i = 0; i < n_vocab; i++) {
        uint8_t v = take_byte(&b);
        logits[i] = v == 255 ? -INFINITY : v == 254 ? NAN : v == 253 ? INFINITY : (v - 128) / 8.0;
    }
    SamplingParams p = sampling_params_default();
    p.seed = (uint32_t)take_int(&b);
    p.min_keep = take_int(&b);
    p.top_k = take_int(&b);
    p.top_p = take_double(&b);
    p.min_p = take_double(&b);
    p.xtc_probability = take_double(&b);
    p.xtc_threshold = take_double(&b);
    p.typ_p = take_double(&b);
    p.temp = take_double(&b);
    p.dynatemp_range = take_double(&b);
    p.dynatemp_exponent = take_double(&b);
    p.penalty_last_n = take_int(&b) % 4096;
    p.penalty_repeat = take_double(&b);
    p.penalty_freq = take_double(&b);
    p.penalty_present = take_double(&b);
    p.dry_multiplier = take_double(&b);
    p.dry_base = take_double(&b);
    p.dry_allowed_length = take_int(&b);
    p.dry_penalty_last_n = take_int(&b) % 4096;
    for (size_t i = 0; i < 8; i++)
        breaker_tokens[i] = take_int(&b);
    DryBreaker breakers[2] = {{breaker_tokens, 1 + take_byte(&b) % 4}, {breaker_tokens + 4, 1 + take_byte(&b) % 4}};
    p.dry_breakers = breakers;
    p.n_dry_breakers = take_byte(&b) % 3;
    p.mirostat = take_byte(&b) % 4;             /* 3 must be refused */
    p.mirostat_tau = take_double(&b);
    p.mirostat_eta = take_double(&b);
    p.top_n_sigma = take_double(&b);
    p.adaptive_target = take_double(&b);
    p.adaptive_decay = take_double(&b);
    p.n_logit_bias = take_byte(&b) % 4;
    for (size_t i = 0; i < p.n_logit_bias; i++)
        p.logit_bias[i] = (LogitBias){take_int(&b), take_double(&b)};
    p.n_samplers = take_byte(&b) % 16;
    for (size_t i = 0; i < p.n_samplers; i++) {
        unsigned type = take_byte(&b) % (SAMPLER_TEMPERATURE + 2);     /* one past temperature: adaptive-p */
        p.samplers[i] = type > SAMPLER_TEMPERATURE ? SAMPLER_ADAPTIVE_P : (SamplerType)type;
    }

    Chain ch;
    if (chain_init_from_params(&ch, &p, n_vocab) != SAMPLING_OK)
        return 0;
    for (size_t n = take_byte(&b); n > 0; n--)
        (void)chain_accept(&ch, take_int(&b));      /* a refused accept only shortens the history */
    for (int step = 0; step < 2; step++) {
        int32_t token = -1;
        if (chain_sample(&ch, logits, n_vocab, &token) != SAMPLING_OK)
            break;
        if (token < 0 || (size_t)token >= n_vocab || logits[token] == -INFINITY)
            abort();        /* a successful draw must be a token that was not banned */
        (void)chain_accept(&ch, token);             /* as above */
    }
    chain_free(&ch);
    return 0;
}
