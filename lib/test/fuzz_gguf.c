/* fuzz_gguf.c: a libFuzzer target (make fuzz): arbitrary bytes as a GGUF file for gguf_read, through an
 * in-memory file (fmemopen, POSIX: the fuzz build only), then every general.sampling.* key through
 * gguf_sampling, the values common would take laid over llama.cpp's defaults, and the chain built from them
 * (issue 27, item 7). The reader must never crash or trip a sanitizer; a refusal must name the file and an
 * offset; a success must keep its texts NUL-terminated and its counts within the file. Seeds (a good file,
 * one with a tokenizer) are written into the corpus directory at the start, so the fuzzer starts from files
 * that read. Not part of make check.
 *
 * The hook for the tool (the wiring of -m, issue 27): fuzz_after_model is where the chain line and --explain
 * of a command line whose -m names this file belong, once 11_sampler_chain reads models. */
#define _POSIX_C_SOURCE 200809L     /* fmemopen */
#include "cli/gguf.h"
#include "gguf_writer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* What a model's values do to the chain: each APPLIED value over the defaults, then the chain built. */
static void fuzz_after_model(const GgufInfo *info)
{
    SamplingParams p = sampling_params_default();
    for (size_t i = 0; i < info->n_keys; i++) {
        GgufSampling s;
        gguf_sampling(&info->keys[i], &s);
        if (s.outcome != GGUF_APPLIED || s.field == NULL)
            continue;
        if (strlen(s.text) > GGUF_TEXT_MAX || strlen(s.warnings) >= sizeof s.warnings)
            abort();
        if (strcmp(s.field, "sequence") == 0) {
            memcpy(p.samplers, s.samplers, s.n_samplers * sizeof s.samplers[0]);
            p.n_samplers = s.n_samplers;
        } else if (strcmp(s.field, "top_k") == 0) {
            p.top_k = (int32_t)s.value;
        } else if (strcmp(s.field, "temp") == 0) {
            p.temp = s.value;
        } else if (strcmp(s.field, "min_p") == 0) {
            p.min_p = s.value;
        } else if (strcmp(s.field, "mirostat") == 0) {
            p.mirostat = (int32_t)s.value;
        }
    }
    /* Here the wiring runs the tool: the chain line and --explain for "-m <this file>". */
    Chain ch;
    if (sampling_params_problem(&p) == NULL && chain_init_from_params(&ch, &p, 64) == SAMPLING_OK) {
        char line[1024];
        chain_describe(&ch, line, sizeof line);
        chain_free(&ch);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static GgufInfo info;
    static const char nothing[1];
    FILE *f = fmemopen(size > 0 ? (void *)data : (void *)nothing, size > 0 ? size : 1, "rb");
    if (f == NULL)
        return 0;
    char err[600];
    bool ok = gguf_read(f, "fuzz.gguf", &info, err, sizeof err);
    fclose(f);
    if (!ok) {
        if (strncmp(err, "fuzz.gguf: offset ", 18) != 0)
            abort();        /* every refusal names the file and an offset */
        return 0;
    }
    if (info.metadata_end > info.file_size || info.n_keys > GGUF_MAX_KEYS || strlen(info.name) > GGUF_NAME_MAX)
        abort();
    for (size_t i = 0; i < info.n_keys; i++)
        if (strlen(info.keys[i].key) > GGUF_NAME_MAX || strlen(info.keys[i].text) > GGUF_TEXT_MAX)
            abort();
    fuzz_after_model(&info);
    return 0;
}

/* Writes w into dir/name unless it is there. */
static void seed(const char *dir, const char *name, const GgufWriter *w)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "rb");
    if (f != NULL) {
        fclose(f);
        return;
    }
    if (!gw_write(w, path, 0))
        fprintf(stderr, "fuzz_gguf: cannot write the seed %s\n", path);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    const char *dir = NULL;     /* the corpus: the last argument that is not a flag */
    for (int i = 1; i < *argc; i++)
        if ((*argv)[i][0] != '-')
            dir = (*argv)[i];
    if (dir == NULL)
        return 0;
    GgufWriter w;
    gw_init(&w, 3, 0, 5);
    gw_key(&w, "general.name", 8), gw_str(&w, "Seed");
    gw_key(&w, "general.sampling.top_k", 6), gw_u32(&w, 0x41a00000);          /* 20.0f */
    gw_key(&w, "general.sampling.sequence", 8), gw_str(&w, "top_k;typical;temperature");
    gw_key(&w, "general.sampling.temp", 8), gw_str(&w, "0.6");
    gw_key(&w, "general.alignment", 4), gw_u32(&w, 32);
    seed(dir, "seed-good.gguf", &w);
    gw_free(&w);
    gw_init(&w, 2, 1, 3);
    gw_key(&w, "tokenizer.ggml.tokens", 9), gw_u32(&w, 8), gw_u64(&w, 40);
    for (int i = 0; i < 40; i++)
        gw_str(&w, i % 3 == 0 ? "" : "tok");
    gw_key(&w, "tokenizer.ggml.scores", 9), gw_u32(&w, 6), gw_u64(&w, 2), gw_u32(&w, 0), gw_u32(&w, 0);
    gw_key(&w, "general.sampling.mirostat", 4), gw_u32(&w, 2);
    gw_u64(&w, 1), gw_bytes(&w, "t", 1), gw_u32(&w, 0), gw_u32(&w, 0), gw_u64(&w, 0);   /* one tensor description */
    seed(dir, "seed-tokens.gguf", &w);
    gw_free(&w);
    return 0;
}
