/* 11_sampler_chain: Example 11, llama.cpp's sampler chain, --samplers, and the API mapping.
 *
 * With no arguments: the lesson's three llama-completion command lines, kept here as argv arrays, go through
 * the same flag parser a real command line does (args_parse), then llama.cpp's chain builder
 * (chain_init_from_params) and its log line (chain_describe). llama.cpp's line ends with a space; the
 * lesson's, and ours, does not. With arguments, it is a tool: paste a llama-cli, llama-completion or
 * llama-server command line and it prints the chain line, or with --json / --openai the request body to send
 * (cli/request.h); flags that do not change sampling are named in one note on stderr, and flags that change it
 * outside the chain line (a grammar, a JSON schema, adaptive-p's settings) in another. --help lists the flags.
 */
#include "cli/args.h"
#include "cli/request.h"
#include "chain.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char program[] = "11_sampler_chain";

/* Parsed like any command line: -m and -no-cnv are ignored; "| grep 'sampler chain'" is the shell's. */
static char *const every_sampler[] = {
    "llama-completion", "-m", "tiny-random-qwen2vocab-f32.gguf", "-p", "Hi", "-n", "2", "-no-cnv", "--seed", "7",
    "--repeat-penalty", "1.1", "--presence-penalty", "0.1", "--dry-multiplier", "0.8", "--xtc-probability", "0.5",
    "--typical", "0.9", "--top-n-sigma", "2", NULL};
static char *const with_mirostat[] = {
    "llama-completion", "-m", "tiny-random-qwen2vocab-f32.gguf", "-p", "Hi", "-n", "2", "-no-cnv", "--seed", "7",
    "--mirostat", "2", "--mirostat-ent", "3", "--temp", "0.7", NULL};
static char *const with_bias[] = {
    "llama-completion", "-m", "tiny-random-qwen2vocab-f32.gguf", "-p", "Hi", "-n", "2", "-no-cnv", "--seed", "7",
    "-l", "15-100", NULL};
static char *const *const lesson_commands[] = {every_sampler, with_mirostat, with_bias};

/* Prints each line of text (warnings, notes) to stderr with the program's name and a label. */
static void print_lines(const char *label, const char *text)
{
    for (const char *w = text; *w != '\0';) {
        size_t n = strcspn(w, "\n");
        fprintf(stderr, "%s: %s%.*s\n", program, label, (int)n, w);
        w += n + (w[n] == '\n');
    }
}

/* Prints the help text or a request body (with what it could not express on stderr). Returns 0 or 1. */
static int print_text(const CliParams *params)
{
    static const RequestKind kinds[] = {REQUEST_COMPLETION, REQUEST_COMPLETION, REQUEST_COMPLETION_ALL,
                                        REQUEST_CHAT};      /* by ArgsOutput */
    RequestKind kind = kinds[params->output];
    char notes[4096];       /* room for every note request_json can write at once */
    size_t n = params->help ? args_help(NULL, 0) : request_json(params, kind, NULL, 0, NULL, 0);
    char *text = malloc(n + 1);
    if (text == NULL) {
        fprintf(stderr, "%s: out of memory\n", program);
        return 1;
    }
    if (params->help) {
        args_help(text, n + 1);
        printf("%s", text);
    } else {
        request_json(params, kind, text, n + 1, notes, sizeof notes);
        print_lines("note: ", notes);
        printf("%s\n", text);
    }
    free(text);
    return 0;
}

/* Parses one command line and prints its chain line (or a body, or help). Returns the exit status: 0, or 2
 * for bad flags, 1 when the library refuses the parameters. The lesson's own lines (quiet) name no ignored
 * flags. */
static int run(int argc, char *const argv[], bool quiet)
{
    static CliParams params;        /* static: it holds several kilobytes of arrays */
    char err[256];
    if (!args_parse(argc, argv, &params, err, sizeof err)) {
        fprintf(stderr, "%s: %s\n", program, err);
        return 2;
    }
    print_lines("warning: ", params.warnings);
    if (params.ignored[0] != '\0' && !quiet)
        fprintf(stderr, "%s: note: ignored, as they do not change sampling: %s\n", program, params.ignored);
    if (params.help || params.output != OUTPUT_CHAIN)
        return print_text(&params);     /* a body's notes name the flags of params.outside */
    if (params.outside[0] != '\0' && !quiet)
        fprintf(stderr, "%s: note: not in the chain line, though they change sampling (grammar, JSON schema, "
                "adaptive-p): %s\n", program, params.outside);
    Chain chain;
    SamplingStatus st = chain_init_from_params(&chain, &params.sampling, 0);
    if (st != SAMPLING_OK) {    /* args_parse already refuses what sampling_params_problem names */
        const char *problem = sampling_params_problem(&params.sampling);
        fprintf(stderr, "%s: %s\n", program, problem != NULL ? problem : sampling_strerror(st));
        return 1;
    }
    size_t n = chain_describe(&chain, NULL, 0);     /* the line's length: up to 66 stages */
    char *line = malloc(n + 1);
    int status = 0;
    if (line != NULL) {
        chain_describe(&chain, line, n + 1);
        printf("sampler chain: %s\n", line);
    } else {
        fprintf(stderr, "%s: out of memory\n", program);
        status = 1;
    }
    free(line);
    chain_free(&chain);
    return status;
}

int main(int argc, char *argv[])
{
    if (argc > 1)
        return run(argc, argv, false);
    for (size_t i = 0; i < sizeof lesson_commands / sizeof lesson_commands[0]; i++) {
        int argc_i = 0;
        while (lesson_commands[i][argc_i] != NULL)
            argc_i++;
        int status = run(argc_i, lesson_commands[i], true);
        if (status != 0)
            return status;
    }
    return 0;
}
