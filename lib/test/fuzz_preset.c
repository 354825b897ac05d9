/* fuzz_preset.c: a libFuzzer target (make fuzz): arbitrary bytes as a --models-preset file for preset_parse,
 * then every section's entries, its model, and the child command line of each section (and of [*] alone)
 * under a router line, each child's words through args_parse as the tool reads a line (issue 27, item 7).
 * The reader must never crash or trip a sanitizer; a refusal must name the file and a line (or this tool's
 * limit); a child's argv must end in NULL. Seeds are written into the corpus directory at the start. Not
 * part of make check.
 *
 * Then the tool's own path for each child line: its chain line and --explain (fuzz_after_child); the sources of
 * the preset's values are main.c's and layers.c's, which read files (test_cli.sh checks them). */
#include "cli/args.h"
#include "cli/explain.h"
#include "cli/preset.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* The child's command line as the tool reads one: args_parse, then (the wiring) its chain line, --explain. */
static void fuzz_after_child(const PresetChild *c)
{
    static CliParams params;
    char err[600];
    if (c->argv[c->argc] != NULL)
        abort();
    /* args_parse's argv[0] is the program: the child's "llama-server" is its program word, so it goes first. */
    char *words[512];
    int n = 0;
    words[n++] = "11_sampler_chain";
    for (int i = 0; i < c->argc && n < 511; i++)
        words[n++] = c->argv[i];
    words[n] = NULL;
    if (!args_parse(n, words, &params, err, sizeof err))
        return;             /* a refusal is the line's, as the tool says */
    Chain ch;
    static char text[65536];
    if (chain_init_from_params(&ch, &params.sampling, 0) != SAMPLING_OK)
        abort();            /* args_parse refuses what the chain builder would */
    char line[4096];
    if (chain_describe(&ch, line, sizeof line) >= sizeof line)
        abort();
    args_explain(&params, &ch, text, sizeof text);     /* the child's chain in the lesson's words */
    chain_free(&ch);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static Preset p;
    char err[800];
    if (!preset_parse((const char *)data, size, "fuzz.ini", &p, err, sizeof err)) {
        if (strncmp(err, "fuzz.ini: ", 10) != 0)
            abort();        /* every refusal names the file */
        return 0;
    }
    static PresetEntry entries[128];
    char *router[] = {"11_sampler_chain", "llama-server", "--models-preset", "fuzz.ini", "--temp", "0.5",
                      "--no-mmap", "-m", "x.gguf", NULL};
    for (size_t i = 0; i < p.n_sections && i < 64; i++) {
        PresetSection s;
        if (!preset_section(&p, i, &s) || s.name == NULL)
            abort();
        size_t n = preset_entries(&p, i, entries, 128);
        for (size_t k = 0; k < n && k < 128; k++)
            if (entries[k].key == NULL || entries[k].value == NULL || entries[k].line == 0)
                abort();
        PresetChild c;
        if (preset_child(&p, s.name, 9, router, &c, err, sizeof err)) {
            fuzz_after_child(&c);
            preset_child_free(&c);
        }
    }
    PresetChild c;
    if (preset_child(&p, NULL, 0, NULL, &c, err, sizeof err)) {
        fuzz_after_child(&c);
        preset_child_free(&c);
    }
    preset_free(&p);
    return 0;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    const char *dir = NULL;     /* the corpus: the last argument that is not a flag */
    for (int i = 1; i < *argc; i++)
        if ((*argv)[i][0] != '-')
            dir = (*argv)[i];
    if (dir == NULL)
        return 0;
    static const char *const seeds[] = {
        "; router\n[*]\ntemp = 0.7\nsamplers = top_k;top_p\n\n[qwen]\nmodel = /m/q.gguf\ntop-k = 20 # note\n"
        "LLAMA_ARG_TOP_K = 30\nno-mmap = true\n",
        "version = 1\n[a]\r\nno-escape=0\nLLAMA_ARG_NO_MMAP = 1\n[a]\nsampler-seq = kpt\n[ b ]\nignore-eos = false\n"};
    for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/seed-%zu.ini", dir, i);
        FILE *f = fopen(path, "rb");
        if (f != NULL) {
            fclose(f);
            continue;
        }
        f = fopen(path, "wb");
        if (f != NULL) {
            fputs(seeds[i], f);
            fclose(f);
        }
    }
    return 0;
}
