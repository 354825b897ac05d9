/* fuzz_gguf.c: a libFuzzer target (make fuzz): arbitrary bytes as a GGUF file for gguf_read, through an
 * in-memory file (fmemopen, POSIX: the fuzz build only), then every general.sampling.* key through
 * gguf_sampling, the values common would take laid over llama.cpp's defaults, and the chain built from them
 * (issue 27, item 7). The reader must never crash or trip a sanitizer; a refusal must name the file and an
 * offset; a success must keep its texts NUL-terminated and its counts within the file. Seeds (a good file,
 * one with a tokenizer) are written into the corpus directory at the start, so the fuzzer starts from files
 * that read. Not part of make check.
 *
 * Then the tool's own path: the keys laid under a command line (layers.h), the chain line and --explain
 * (fuzz_after_model). */
#define _POSIX_C_SOURCE 200809L     /* fmemopen */
#include "cli/explain.h"
#include "cli/gguf.h"
#include "cli/layers.h"
#include "gguf_writer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* What the tool makes of the model (issue 27): its keys laid under a command line as -m lays them
 * (layers_apply_model: a flag keeps its value out, --sampler-seq does not keep the sequence out), then the
 * chain line and --explain, as 11_sampler_chain -m FILE --temp 0.5 --sampler-seq kt --explain prints them. A
 * refusal (what the chain builder refuses) must name the file. */
static void fuzz_after_model(const GgufInfo *info)
{
    static CliParams params;
    static char notes[8192], text[65536];
    char err[900];
    char *argv[] = {"11_sampler_chain", "--temp", "0.5", "--sampler-seq", "kt", NULL};
    if (!args_parse(5, argv, &params, err, sizeof err))
        abort();
    if (!layers_apply_model(&params, info, "fuzz.gguf", "-m", notes, sizeof notes, err, sizeof err)) {
        if (strncmp(err, "-m fuzz.gguf: ", 14) != 0)
            abort();
        return;
    }
    Chain ch;
    if (chain_init_from_params(&ch, &params.sampling, 0) != SAMPLING_OK)
        abort();            /* layers_apply_model refuses what the chain builder would */
    char line[4096];
    if (chain_describe(&ch, line, sizeof line) >= sizeof line)
        abort();
    args_explain(&params, &ch, text, sizeof text);
    chain_free(&ch);
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
