/* 11_sampler_chain: Example 11, llama.cpp's sampler chain, --samplers, and the API mapping.
 *
 * With no arguments: the lesson's three llama-completion command lines, kept here as argv arrays, go through
 * the same flag parser a real command line does (args_parse), then llama.cpp's chain builder
 * (chain_init_from_params) and its log line (chain_describe). llama.cpp's line ends with a space; the
 * lesson's, and ours, does not. With arguments, it is a tool (lib/cli/README.md): paste a llama.cpp command
 * line for its chain line, add --explain for each stage in the lesson's words and the OpenAI names, --json or
 * --openai for the request body; --from-json FILE reads a body back into its chain line and flags. Warnings
 * and notes go to stderr, one naming each setting no stage of the chain reads. --help lists the flags.
 */
#include "cli/args.h"
#include "cli/command.h"
#include "cli/dropped.h"
#include "cli/explain.h"
#include "cli/from_json.h"
#include "cli/request.h"
#include "chain.h"
#include "lesson.h"

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

/* Whether a list of flags ("-m, -c") names more than one: "they", not "it". */
static bool several(const char *list)
{
    return strstr(list, ", ") != NULL;
}

/* Prints each line of text (warnings, notes) to stderr with the program's name and a label. */
static void print_lines(const char *label, const char *text)
{
    for (const char *w = text; *w != '\0';) {
        size_t n = strcspn(w, "\n");
        fprintf(stderr, "%s: %s%.*s\n", program, label, (int)n, w);
        w += n + (w[n] == '\n');
    }
}

/* What print_made prints: a text written like snprintf from the parameters and the chain. */
typedef size_t (*Writer)(const CliParams *params, const Chain *chain, char *buf, size_t size);
static char notes[4096];            /* a body's notes (room for every note request_json writes at once), or -bs's */

static size_t help_text(const CliParams *p, const Chain *c, char *buf, size_t size)
{
    (void)p, (void)c;
    return args_help(buf, size);
}

/* The chain line; with backend sampling (-bs), a note on the + and - llama.cpp would add to it. */
static size_t line_text(const CliParams *p, const Chain *c, char *buf, size_t size)
{
    args_backend_note(p, c, notes, sizeof notes);
    return chain_describe(c, buf, size);
}

static size_t flags_text(const CliParams *p, const Chain *c, char *buf, size_t size)
{
    (void)c;
    return args_command(p, buf, size);
}

static size_t body_text(const CliParams *p, const Chain *c, char *buf, size_t size)
{
    static const RequestKind kinds[] = {REQUEST_COMPLETION, REQUEST_COMPLETION, REQUEST_COMPLETION_ALL,
                                        REQUEST_CHAT};      /* by ArgsOutput */
    (void)c;
    return request_json(p, kinds[p->output], buf, size, notes, sizeof notes);
}

/* Prints prefix and the writer's text on one line (or more: the text's own newlines) to stdout, with a body's
 * notes on stderr; NULL prefix prints the text itself as notes on stderr (nothing for ""). Returns 0, or 1 when
 * out of memory. */
static int print_made(const char *prefix, Writer writer, const CliParams *params, const Chain *chain)
{
    size_t n = writer(params, chain, NULL, 0);
    char *text = malloc(n + 1);
    if (text == NULL) {
        fprintf(stderr, "%s: out of memory\n", program);
        return 1;
    }
    notes[0] = '\0';
    writer(params, chain, text, n + 1);
    print_lines("note: ", prefix != NULL ? notes : text);
    if (prefix != NULL)
        printf("%s%s%s", prefix, text, n > 0 && text[n - 1] == '\n' ? "" : "\n");
    free(text);
    return 0;
}

/* --from-json: the body read onto the server's defaults (the other flags); its notes and warnings on stderr.
 * Returns false, with the message printed, when llama-server would refuse the body. */
static bool read_body(CliParams *params)
{
    char *text = NULL, err[600];
    size_t length = 0, seen = strlen(params->warnings);
    bool ok = body_read_file(params->from_json, &text, &length, err, sizeof err)
           && body_read(text, length, params, notes, sizeof notes, err, sizeof err);
    free(text);
    if (!ok)
        fprintf(stderr, "%s: %s\n", program, err);
    print_lines("warning: ", ok ? params->warnings + seen : "");
    print_lines("note: ", ok ? notes : "");
    return ok;
}

/* Parses one command line and prints its chain line (or a body, or help), then with --from-json the flags for
 * it, with --explain the stages in the lesson's words. Returns the exit status: 0, or 2 for bad flags or a
 * body llama-server refuses, 1 when the library refuses the parameters. The lesson's own lines (quiet) name no
 * ignored flags. */
static int run(int argc, char *const argv[], bool quiet)
{
    static CliParams params;        /* static: it holds several kilobytes of arrays */
    static Picture pictured;        /* LESSON_PICTURE: the chains printed so far, drawn after each line */
    char err[600];
    if (!args_parse(argc, argv, &params, err, sizeof err)) {
        fprintf(stderr, "%s: %s\n", program, err);
        return 2;
    }
    print_lines("warning: ", params.warnings);
    if (params.ignored[0] != '\0' && !quiet)
        fprintf(stderr, "%s: note: ignored, as %s sampling: %s\n", program,
                several(params.ignored) ? "they do not change" : "it does not change", params.ignored);
    char model[1024];           /* the note is about 450 bytes, with at most 256 of flags */
    if (!quiet && args_model_note(&params, model, sizeof model) > 0)
        print_lines("note: ", model);
    if (params.help)
        return print_made("", help_text, &params, NULL);
    if (params.from_json != NULL && !read_body(&params))
        return 2;
    if (params.outside[0] != '\0' && !quiet && params.output == OUTPUT_CHAIN)    /* a body's notes name them */
        fprintf(stderr, "%s: note: not in the chain line, though %s sampling (a grammar, a JSON schema or a "
                "reasoning budget): %s\n", program, several(params.outside) ? "they change" : "it changes",
                params.outside);
    Chain chain;
    SamplingStatus st = chain_init_from_params(&chain, &params.sampling, 0);
    if (st != SAMPLING_OK) {    /* args_parse already refuses what sampling_params_problem names */
        const char *problem = sampling_params_problem(&params.sampling);
        fprintf(stderr, "%s: %s\n", program, problem != NULL ? problem : sampling_strerror(st));
        return 1;
    }
    int status = print_made(NULL, args_dropped, &params, &chain);    /* the settings no stage reads, as notes */
    if (status == 0 && params.output != OUTPUT_CHAIN) {               /* llama-server drops them the same way */
        status = print_made("", body_text, &params, &chain);
        chain_free(&chain);
        return status;
    }
    if (status == 0)
        status = print_made("sampler chain: ", line_text, &params, &chain);
    if (status == 0)
        status = picture_chain_line(&pictured, __FILE__, &chain);
    if (status == 0 && params.from_json != NULL)
        status = print_made("", flags_text, &params, &chain);
    if (status == 0 && params.explain)
        status = print_made("", args_explain, &params, &chain);
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
