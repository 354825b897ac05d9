/* main.c: Example 11's tool (main.h): one command line parsed, its chain built, and what was asked for printed:
 * the chain line, a request body, the flags for a body, the help or the explanation, with the warnings and
 * notes on stderr. */
#include "cli/main.h"
#include "cli/args.h"
#include "cli/command.h"
#include "cli/dropped.h"
#include "cli/env.h"
#include "cli/explain.h"
#include "cli/flags.h"
#include "cli/from_json.h"
#include "cli/layers.h"
#include "cli/props.h"
#include "cli/request.h"
#include "cli/values.h"
#include "lesson/print.h"
#include "text.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A body's notes (room for every note request_json writes at once), or -bs's: filled by a Writer, printed by
 * print_made. One buffer for the one command line a run parses at a time. */
static char notes[4096];

/* Whether a list of flags ("-m, -c") names more than one: "they", not "it". */
static bool several(const char *list)
{
    return strstr(list, ", ") != NULL;
}

/* While cli_chain reads one of the lesson's own command lines: which ("the lesson's command line 3 of 3, with_bias[]
 * (line 25)"), named at the end of each of its warnings, notes and stops, in the one message; NULL for a user's line. A
 * stop about one element of the line names that element's own line instead (line_where, stop_where). */
static const char *lesson_line;
static CliWhereFn *line_where;
static void *line_where_arg;

/* Where a stop about params->refused_at stands, written to buf (size bytes) when that is an element of one of the
 * lesson's lines: argv index k is the line's element k - 1, cli_chain's argv holding the program before the line's
 * words; lesson_line otherwise. */
static const char *stop_where(const CliParams *params, char *buf, size_t size)
{
    if (lesson_line == NULL || line_where == NULL || params->refused_at <= 0)
        return lesson_line;
    line_where(line_where_arg, params->refused_at - 1, buf, size);
    return buf;
}

/* Prints one message to stderr with the program's name and a label; on a lesson's line wrapped at 120 columns
 * as the other lessons' notes and stops are (lesson/print.h), with `where` after it when where is not NULL. */
static void print_message(const char *program, const char *label, int n, const char *text, const char *where)
{
    if (lesson_line == NULL) {
        fprintf(stderr, "%s: %s%.*s\n", program, label, n, text);
        return;
    }
    char line[2400];
    snprintf(line, sizeof line, "%s: %s%.*s%s%s%s", program, label, n, text, where != NULL ? " (that is " : "",
             where != NULL ? where : "", where != NULL ? ")" : "");
    lesson_print_wrapped(stderr, line, LESSON_COLUMNS, 2);
}

/* Prints each line of text (warnings, notes) to stderr with the program's name and a label. */
static void print_lines(const char *program, const char *label, const char *text)
{
    for (const char *w = text; *w != '\0';) {
        size_t n = strcspn(w, "\n");
        print_message(program, label, (int)n, w, lesson_line);
        w += n + (w[n] == '\n');
    }
}

/* For a --from-json FILE that is no file it can read but starts, after blanks, with '{' (a body pasted in place
 * of its file's name): the hint that FILE is a file's name, with the command that sends the body on standard
 * input, the line's other words as typed ("echo '{...}' | build/bin/11_sampler_chain --from-json -": command.h,
 * args_body_pipe), into buf (size bytes). "" for any other FILE. Returns buf. */
static const char *inline_body_hint(const char *program, int argc, char *const argv[], const CliParams *params,
                                    char *buf, size_t size)
{
    Text t = text_start(buf, size);
    if (!args_body_like(params->from_json))
        return buf;
    text_add(&t, "; it looks like a JSON body, and %s takes a FILE, or - for standard input: ", params->from_json_flag);
    int body_at = 1;
    while (body_at < argc && argv[body_at] != params->from_json)
        body_at++;
    args_body_pipe(&t, program, argc, argv, -1, body_at);
    return buf;
}

/* For an element of a lesson's line that args_parse refused as an unknown flag holding a blank (argv index
 * params->refused_at; err starts "unknown flag '"): the stop in a C array's words, written over err (size bytes),
 * in place of the shell's advice a typed line gets ("remove the quotes around it"): a blank at the flag's end
 * ("--seed ") or inside its name ("--typ ical", when "--typical" is a flag): remove it; a flag and its value
 * ("--mirostat-ent 3"): two elements; other words: an element each. Any other refusal is left as it is. */
static void element_blank_stop(char *const argv[], const CliParams *params, char *err, size_t size)
{
    const char *word = params->refused_at > 0 ? argv[params->refused_at] : NULL;
    if (word == NULL || word[0] != '-' || strpbrk(word, " \t") == NULL || strncmp(err, "unknown flag '", 14) != 0)
        return;
    char w[200], joined[200], part[200], first[200] = "", parts[600];
    Text j = text_start(joined, sizeof joined), p = text_start(parts, sizeof parts);
    size_t n_parts = 0;
    for (const char *c = word; *c != '\0'; n_parts++) {       /* the words between the blanks, and all of them */
        size_t n = strcspn(c, " \t");
        snprintf(part, sizeof part, "%.*s", (int)n, c);
        text_add(&j, "%s", part);
        text_add(&p, "%s\"%s\"", n_parts > 0 ? ", " : "", shown(part, w, sizeof w));
        if (n_parts == 0)
            snprintf(first, sizeof first, "%s", part);
        c += n;
        c += strspn(c, " \t");
    }
    bool flag = args_flag_row(first, T_ALL) != NULL;
    bool inside = n_parts > 1 && !flag && args_flag_row(joined, T_ALL) != NULL;   /* "--typ ical" */
    bool pair = n_parts == 2 && flag;                                            /* "--mirostat-ent 3" */
    Text t = text_start(err, size);
    text_add(&t, "element %d, \"%s\", %s: llama.cpp takes each element as one argument, and refuses it (arg.cpp "
             "0017d6fb: \"error: invalid argument: %s\"): ", params->refused_at - 1, shown(word, w, sizeof w),
             n_parts == 1 ? "ends with a blank" : inside ? "holds a blank inside the flag's name"
             : pair ? "holds a flag and its value" : "holds several words", w);
    if (n_parts == 1 || inside)
        text_add(&t, "remove the blank, \"%s\"", shown(joined, w, sizeof w));
    else
        text_add(&t, "write %s, %s", pair ? "them as two elements" : "each word as an element of its own", parts);
}

/* What print_made prints: a text written like snprintf from the parameters and the chain. */
typedef size_t (*Writer)(const CliParams *params, const Chain *chain, char *buf, size_t size);

/* The chain line; with backend sampling (-bs), a note on the + and - llama.cpp would add to it. */
static size_t line_text(const CliParams *p, const Chain *c, char *buf, size_t size)
{
    args_backend_note(p, c, notes, sizeof notes);
    return chain_describe(c, buf, size);
}

/* The flags that give the same chain (--from-json); a note when they are none, so that a bare "llama-server" reads as
 * what it is. */
static size_t flags_text(const CliParams *p, const Chain *c, char *buf, size_t size)
{
    (void)c;
    size_t n = args_command(p, buf, size);
    if (buf != NULL && strcmp(buf, "llama-server") == 0)
        snprintf(notes, sizeof notes, "the flags line is llama-server alone: started with no sampling flag, "
                 "llama-server builds this same chain line\n");
    return n;
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
static int print_made(const char *program, const char *prefix, Writer writer, const CliParams *params,
                      const Chain *chain)
{
    size_t n = writer(params, chain, NULL, 0);
    char *text = malloc(n + 1);
    if (text == NULL) {
        fprintf(stderr, "%s: out of memory\n", program);
        return 1;
    }
    notes[0] = '\0';
    writer(params, chain, text, n + 1);
    print_lines(program, "note: ", prefix != NULL ? notes : text);
    if (prefix != NULL)
        printf("%s%s%s", prefix, text, n > 0 && text[n - 1] == '\n' ? "" : "\n");
    free(text);
    return 0;
}

/* --from-json: the body (text, length bytes) read onto the server's values (the other flags, the preset, the
 * model); its notes and warnings on stderr. Returns false, with the message printed, when llama-server would
 * refuse the body. */
static bool read_body(const char *program, const char *text, size_t length, CliParams *params)
{
    char err[600];
    size_t seen = strlen(params->warnings);
    bool ok = body_read(text, length, params, notes, sizeof notes, err, sizeof err);
    char file[140];
    body_file_shown(params->from_json, file, sizeof file);
    if (!ok && strncmp(err, "the body ", 9) == 0)     /* about the whole text: the file it is in */
        fprintf(stderr, "%s: the body %s %s %s\n", program, strcmp(params->from_json, "-") == 0 ? "on" : "in", file,
                err + 9);
    else if (!ok)
        fprintf(stderr, "%s: %s\n", program, err);
    print_lines(program, "warning: ", ok ? params->warnings + seen : "");
    print_lines(program, "note: ", ok ? notes : "");
    return ok;
}

/* Prints the lines of warnings that are not lines of before (a child's line repeats its router's flags, whose
 * warnings were printed with the router's). */
static void print_new_warnings(const char *program, const char *warnings, const char *before)
{
    for (const char *w = warnings; *w != '\0';) {
        size_t n = strcspn(w, "\n");
        bool printed = false;
        for (const char *b = before; *b != '\0' && !printed;) {
            size_t m = strcspn(b, "\n");
            printed = m == n && strncmp(b, w, n) == 0;
            b += m + (b[m] == '\n');
        }
        if (!printed)
            fprintf(stderr, "%s: warning: %.*s\n", program, (int)n, w);
        w += n + (w[n] == '\n');
    }
}

/* A saved /props as the server's values (--props FILE): each field it has, with /props as its source. */
static bool read_props(const char *program, CliParams *params)
{
    static PropsInfo info;
    char err[600];
    size_t seen = strlen(params->warnings);
    if (!props_read_file(params->props_file, params, &info, err, sizeof err)) {
        fprintf(stderr, "%s: %s\n", program, err);
        return false;
    }
    for (size_t i = 0; i < info.n_fields; i++) {
        const PropsField *f = &info.fields[i];
        if (!f->present || f->setting < 0 || f->setting >= SET_COUNT)
            continue;
        params->set |= 1u << f->setting;
        params->named[f->setting] = f->field;
        params->typed[f->setting][0] = '\0';
        sources_note(params, f->setting, LAYER_PROPS, f->field, params->props_file, NULL, NULL);
    }
    print_lines(program, "warning: ", params->warnings + seen);
    print_lines(program, "note: ", info.notes);
    if (info.unread[0] != '\0')
        fprintf(stderr, "%s: note: --props: fields of its params this tool does not read (a newer server's?): %s\n",
                program, info.unread);
    return true;
}

/* The layers under the command line, before any request (layers.h): the preset's section for the model (the
 * body's "model", or --preset-model) with the router's flags over it, or the model's GGUF for -m; or a saved
 * /props instead. Notes and warnings on stderr. Returns 0, or 2 after printing the refusal. */
static int read_layers(const char *program, int argc, char *const argv[], const char *body, size_t length,
                       CliParams *params)
{
    static char layer_notes[8192];
    char err[900], model[256], f[160], m[160];
    if (params->models_preset != NULL && params->model_path != NULL)    /* no router: -m's model alone */
        fprintf(stderr, "%s: note: %s %s beside --models-preset %s: llama-server is a router only without -m and -hf "
                "(tools/server/server.cpp at 00dd0816: is_router_server), so this line serves -m's model alone and "
                "does not read the preset%s (the reference does not say how the two go together)\n", program,
                params->model_flag, shown(params->model_path, m, sizeof m), shown(params->models_preset, f, sizeof f),
                params->preset_model != NULL ? ", nor --preset-model's section" : "");
    if (params->models_preset != NULL && params->model_path == NULL && params->model[0] != '\0')
        fprintf(stderr, "%s: note: %s beside --models-preset: not read here; llama-server is a router only without -m "
                "and -hf (tools/server/server.cpp at 00dd0816: is_router_server, which reads a remote preset that -hf "
                "names first), and how a router takes %s the reference does not say: this line is read as a "
                "router's\n", program, params->model, strchr(params->model, ',') != NULL ? "them" : "it");
    bool json = true;           /* the body's "model" picks a router's section: read only for a router */
    const char *name = body != NULL && params->models_preset != NULL ? body_model(body, length, model, sizeof model,
                                                                                  &json) : params->preset_model;
    if (params->models_preset != NULL && params->model_path == NULL && json) {
        CliParams *child = malloc(sizeof *child);       /* on the heap: about 220 KB of text arrays */
        if (child == NULL) {
            fprintf(stderr, "%s: out of memory\n", program);
            return 1;
        }
        if (!layers_preset(params, argc, argv, name, child, layer_notes, sizeof layer_notes, err, sizeof err)) {
            fprintf(stderr, "%s: %s\n", program, err);
            free(child);
            return 2;
        }
        print_new_warnings(program, child->warnings, params->warnings);
        print_lines(program, "note: ", layer_notes);
        *params = *child;
        free(child);
    } else if (params->model_path != NULL) {
        size_t seen = strlen(params->warnings);
        if (!layers_model(params, params->model_path, params->model_flag, false, layer_notes, sizeof layer_notes, err,
                          sizeof err)) {
            fprintf(stderr, "%s: %s\n", program, err);
            return 2;
        }
        print_lines(program, "warning: ", params->warnings + seen);
        print_lines(program, "note: ", layer_notes);
    }
    if (params->props_file != NULL && !read_props(program, params))
        return 2;
    return 0;
}

/* Parses one command line into *params and builds its chain into *chain, with the warnings and, unless lesson,
 * the notes on flags that do not change sampling on stderr; then the notes on settings no stage reads. env is
 * the tool's line with the LLAMA_ARG_* variables' words (argc and argv are its), or NULL for a lesson's line,
 * which refuses the tool's own flags. Returns 0 with *chain built; -1 after printing the help (nothing built);
 * otherwise the exit status (2, 1), the message printed, nothing built. */
static int parse_and_build(const char *program, int argc, char *const argv[], const EnvLine *env, CliParams *params,
                           Chain *chain)
{
    bool lesson = env == NULL;      /* the lesson's lines never read the environment: they are the lesson's */
    char err[1200];       /* a pasted docker line's fix can run long (args.c, pasted_docker) */
    static const char *const own[] = {"-h", "--help", "--explain", "--from-json", "--request", "--json", "--json-all",
                                      "--openai"};
    bool own_flag = false;      /* looked for before the flags are read: one of them may refuse the others */
    for (int i = 1; lesson && i < argc; i++)
        for (size_t k = 0; argv[i] != NULL && k < sizeof own / sizeof own[0]; k++)
            if (!own_flag && strcmp(argv[i], own[k]) == 0) {
                own_flag = true;
                params->refused_at = i;         /* the stop below is about it (cli_chain) */
            }
    if (!own_flag && !args_parse_labeled(argc, argv, env != NULL && env->n_env_words > 0 ? env->labels : NULL, params,
                                         err, sizeof err)) {
        char at[200];
        if (lesson)
            element_blank_stop(argv, params, err, sizeof err);     /* "--seed 7" in one element of a C array */
        print_message(program, "", -1, err, stop_where(params, at, sizeof at));   /* named inline, as a warning */
        return 2;
    }
    if (env != NULL)
        env_sources(env, params);
    if (lesson && (own_flag || params->help || params->explain || params->from_json != NULL
                   || params->output != OUTPUT_CHAIN)) {
        char line[400];
        snprintf(line, sizeof line, "the lesson's command lines take llama.cpp's flags; -h, --explain, --from-json, "
                 "--json, --json-all and --openai are this tool's own: give them as the program's arguments "
                 "(build/bin/%s --explain ...)", program);
        char at[200];
        print_message(program, "", -1, line, stop_where(params, at, sizeof at));     /* the flag's element */
        return 2;
    }
    print_lines(program, "warning: ", params->warnings);
    if (env != NULL)
        print_lines(program, "warning: ", env->warnings);
    if (env != NULL)
        print_lines(program, "note: ", env->notes);
    if (params->ignored[0] != '\0' && !lesson)
        fprintf(stderr, "%s: note: ignored, as %s sampling: %s\n", program,
                several(params->ignored) ? "they do not change" : "it does not change", params->ignored);
    if (params->help) {         /* args_help writes "" when out of memory */
        size_t n = args_help(NULL, 0);
        char *text = n > 0 ? malloc(n + 1) : NULL;
        bool made = text != NULL && args_help(text, n + 1) == n;
        if (made)
            printf("%s%s", text, text[n - 1] == '\n' ? "" : "\n");
        else
            fprintf(stderr, "%s: out of memory\n", program);
        free(text);
        return made ? -1 : 1;
    }
    char *body = NULL;
    size_t length = 0;
    if (params->from_json != NULL
        && !body_read_file(params->from_json_flag, params->from_json, &body, &length, err, sizeof err)) {
        char hint[4096];
        fprintf(stderr, "%s: %s%s\n", program, err, inline_body_hint(program, argc, argv, params, hint, sizeof hint));
        return 2;
    }
    int status = lesson ? 0 : read_layers(program, argc, argv, body, length, params);
    char model[1024];           /* the note is about 450 bytes, with at most 256 of flags */
    if (status == 0 && !lesson && !params->model_read && args_model_note(params, model, sizeof model) > 0)
        print_lines(program, "note: ", model);
    char read_flag[64], others[256] = "";       /* the other flags of params->model's list ("-m, -hf") */
    size_t n_others = 0;
    if (status == 0 && !lesson && params->model_read && params->model_flag != NULL) {
        shown(params->model_flag, read_flag, sizeof read_flag);
        Text o = text_start(others, sizeof others);
        for (const char *w = params->model; *w != '\0'; w += strspn(w, ", ")) {
            size_t n = strcspn(w, ",");
            if (n != strlen(read_flag) || strncmp(w, read_flag, n) != 0)
                text_add(&o, "%s%.*s", n_others++ > 0 ? ", " : "", (int)n, w);
            w += n;
        }
    }
    if (n_others > 0)
        fprintf(stderr, "%s: note: %s, beside %s, also name%s a model: which one llama.cpp loads is not in the "
                "reference; this line reads %s's\n", program, others, read_flag, n_others > 1 ? "" : "s", read_flag);
    if (status == 0 && params->from_json != NULL && !read_body(program, body, length, params))
        status = 2;
    free(body);
    if (status != 0)
        return status;
    if (params->outside[0] != '\0' && !lesson && params->output == OUTPUT_CHAIN)     /* a body's notes name them */
        fprintf(stderr, "%s: note: not in the chain line, though %s sampling (a grammar, a JSON schema or a "
                "reasoning budget): %s\n", program, several(params->outside) ? "they change" : "it changes",
                params->outside);
    SamplingStatus st = chain_init_from_params(chain, &params->sampling, 0);
    if (st != SAMPLING_OK) {    /* args_parse already refuses what sampling_params_problem names */
        const char *problem = sampling_params_problem(&params->sampling);
        print_message(program, "", -1, problem != NULL ? problem : sampling_strerror(st), lesson_line);
        return 1;
    }
    status = print_made(program, NULL, args_dropped, params, chain);    /* the settings no stage reads */
    if (status != 0)
        chain_free(chain);
    return status;
}

static int cli_print(const char *program, char *argv[], CliChainFn on_chain, void *user, CliParams *params,
                     Chain *chain);

int cli_main(const char *program, int argc, char *argv[], CliChainFn on_chain, void *user)
{
    static EnvLine env;             /* the line with the variables' words: params points into it */
    Chain chain;
    char err[100];
    if (!env_line(argc, argv, &env, err, sizeof err)) {
        fprintf(stderr, "%s: %s\n", program, env.stop[0] != '\0' ? env.stop : err);
        return env.stop[0] != '\0' ? 2 : 1;
    }
    CliParams *params = calloc(1, sizeof *params);     /* on the heap: about 220 KB of text arrays */
    if (params == NULL) {
        fprintf(stderr, "%s: out of memory\n", program);
        env_line_free(&env);
        return 1;
    }
    int status = parse_and_build(program, env.argc, env.argv, &env, params, &chain);
    if (status == 0)
        status = cli_print(program, argv, on_chain, user, params, &chain);
    else if (status < 0)
        status = 0;                 /* the help, printed */
    free(params);
    env_line_free(&env);
    return status;
}

/* What cli_main prints once the chain is built: a body, or the chain line and what goes with it. Frees chain. */
static int cli_print(const char *program, char *argv[], CliChainFn on_chain, void *user, CliParams *params,
                     Chain *chain)
{
    int status;
    if (params->output != OUTPUT_CHAIN) {       /* llama-server drops the unread settings the same way */
        status = print_made(program, "", body_text, params, chain);
        chain_free(chain);
        return status;
    }
    status = print_made(program, "sampler chain: ", line_text, params, chain);
    if (status == 0 && on_chain != NULL)
        status = on_chain(user, argv + 1, chain);
    if (status == 0 && params->from_json != NULL)
        status = print_made(program, "", flags_text, params, chain);
    if (status == 0 && params->explain)
        status = print_made(program, "", args_explain, params, chain);
    chain_free(chain);
    return status;
}

/* The stop about element i of a lesson's line (text; -1: the line as a whole): named by that element, and nothing
 * read further. Frees params and argv. Returns 2. */
static int element_stop(const char *program, CliParams *params, char **argv, int i, const char *text)
{
    char at[200];
    params->refused_at = i + 1;         /* argv index: the program first (stop_where) */
    print_message(program, "", -1, text, stop_where(params, at, sizeof at));
    lesson_line = NULL;
    line_where = NULL;
    free(params);
    free(argv);
    return 2;
}

int cli_chain(const char *program, CliCommand command, CliWhereFn *where, void *line, Chain *chain)
{
    char *const *word = command.words;      /* word[n - 1] NULL, checked below */
    if (word == NULL || command.n == 0) {
        fprintf(stderr, "%s: no command line (%s)\n", program, word == NULL ? "NULL" : "no element");
        return 2;
    }
    CliParams *params = calloc(1, sizeof *params);     /* on the heap: about 220 KB of text arrays */
    char **argv = malloc((command.n + 1) * sizeof *argv);  /* the program, then the words: a typed line's argv */
    if (params == NULL || argv == NULL) {
        fprintf(stderr, "%s: out of memory\n", program);
        free(params);
        free(argv);
        return 1;
    }
    char whole[200];            /* the line as a whole, for its warnings and notes */
    if (where != NULL)
        where(line, -1, whole, sizeof whole);
    lesson_line = where != NULL ? whole : NULL;
    line_where = where;
    line_where_arg = line;
    char w[80], text[400];
    int last = (int)command.n - 1;
    if (word[last] != NULL) {        /* before any word is read up to the NULL: not past the array */
        snprintf(text, sizeof text, "the command line does not end with NULL: its last element is \"%s\", and a "
                 "command line's words end with NULL, as main's argv does: add NULL after it",
                 shown(word[last], w, sizeof w));
        return element_stop(program, params, argv, last, text);
    }
    int n = 0;
    while (word[n] != NULL)
        n++;
    if (n == 0)                      /* no program word: not llama.cpp's default chain in silence */
        return element_stop(program, params, argv, -1, "the command line holds no word, only its NULL: write its "
                            "program word and its flags before the NULL (\"llama-completion\", \"--temp\", \"0.7\", "
                            "NULL)");
    for (int i = 0; i < n; i++)
        if (word[i][strspn(word[i], " \t")] == '\0' || strchr(" \t", word[i][0]) != NULL) {
            bool blanks = word[i][strspn(word[i], " \t")] == '\0';   /* a C array's element, not a shell's paste */
            snprintf(text, sizeof text, "element %d, \"%s\", %s: llama.cpp takes each element as one argument, and "
                     "refuses it (arg.cpp 0017d6fb: \"error: invalid argument: %s\"): %s", i,
                     shown(word[i], w, sizeof w), blanks ? "is only blanks" : "begins with a blank", w,
                     blanks ? "remove the element" : "remove the blank");
            return element_stop(program, params, argv, i, text);
        }
    argv[0] = (char *)program;      /* never written: args_parse reads its argv as const */
    memcpy(argv + 1, word, command.n * sizeof *argv);      /* word[0], the program word, is argv[1], as typed */
    int status = parse_and_build(program, n + 1, argv, NULL, params, chain);
    if (status == 0 && args_backend_note(params, chain, notes, sizeof notes) > 0)     /* -bs: as cli_main */
        print_lines(program, "note: ", notes);
    lesson_line = NULL;
    line_where = NULL;
    free(params);
    free(argv);
    return status;
}
