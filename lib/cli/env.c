/* env.c: the LLAMA_ARG_* variables under a command line, as common/arg.cpp at 0017d6fb reads them (env.h). */
#include "cli/env.h"
#include "cli/apply.h"
#include "cli/flags.h"
#include "cli/values.h"

#include "text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* POSIX: the environment's "NAME=value" strings (unistd.h declares it only with POSIX's feature macros, which
 * this C11 build does not set). Used only to find which LLAMA_ARG_* names are set; values are read with getenv. */
extern char **environ;

#define PREFIX "LLAMA_ARG_"

static const unsigned tool_bits[] = {T_ALL, T_CLI, T_COMP, T_SRV};             /* by ArgsTool */
static const char *const tool_names[] = {"this line's program", "llama-cli", "llama-completion", "llama-server"};

/* Whether spec is a switch with an off spelling (--no-..., -no-...): arg.cpp's get_value_from_env then reads
 * LLAMA_ARG_NO_... first, as "0". */
static bool has_off_spelling(const ArgSpec *spec)
{
    for (int i = 1; spec->arity == 0 && i < 4 && spec->names[i] != NULL; i++)
        if (strncmp(spec->names[i], "--no-", 5) == 0 || strncmp(spec->names[i], "-no-", 4) == 0)
            return true;
    return false;
}

/* Whether name is spec's variable, or (a switch with an off spelling) its LLAMA_ARG_NO_ form; n bytes of name. */
static bool names_spec(const ArgSpec *spec, const char *name, size_t n, bool *off)
{
    const char *env = arg_env(spec);
    *off = false;
    if (env == NULL)
        return false;
    if (strlen(env) == n && strncmp(env, name, n) == 0)
        return true;
    size_t p = strlen(PREFIX);
    *off = has_off_spelling(spec) && strncmp(env, PREFIX, p) == 0 && n == strlen(env) + 3
        && strncmp(name, PREFIX "NO_", p + 3) == 0 && strncmp(name + p + 3, env + p, n - p - 3) == 0;
    return *off;
}

/* The first row that `tools` take whose variable is name (n bytes), or NULL. */
static const ArgSpec *row_of(const char *name, size_t n, unsigned tools, bool *off)
{
    for (size_t i = 0; i < n_arg_specs; i++)
        if ((arg_specs[i].tools & tools) != 0 && names_spec(&arg_specs[i], name, n, off))
            return &arg_specs[i];
    return NULL;
}

/* The typed word of argv[from..argc) that is spec's flag, or NULL. */
static const char *on_line(const ArgSpec *spec, int from, int argc, char *const argv[], unsigned tools)
{
    for (int i = from; i < argc; i++)
        if (argv[i] != NULL && args_flag_row(argv[i], tools) == spec)
            return argv[i];
    return NULL;
}

/* Whether a word of argv[from..argc) is the flag whose first spelling is names0. */
static bool typed(const char *names0, int from, int argc, char *const argv[])
{
    for (int i = from; i < argc; i++) {
        const ArgSpec *row = argv[i] != NULL ? args_flag_row(argv[i], T_ALL) : NULL;
        if (row != NULL && strcmp(row->names[0], names0) == 0)
            return true;
    }
    return false;
}

/* Whether argv[from..argc) reads a saved /props: --props with a FILE after it (args.c's K_PROPS). */
static bool reads_props(int from, int argc, char *const argv[])
{
    for (int i = from; i + 1 < argc; i++) {
        const ArgSpec *row = argv[i] != NULL ? args_flag_row(argv[i], T_ALL) : NULL;
        const char *next = argv[i + 1];
        if (row != NULL && row->kind == K_PROPS && next != NULL && (next[0] != '-' || strcmp(next, "-") == 0))
            return true;
    }
    return false;
}

/* Whether a variable of spec's is read as words: it changes sampling or names the model or the presets; on a
 * router's line only the latter. Every other flag that has a variable does not change sampling. */
static bool read_as_words(const ArgSpec *spec, bool router)
{
    if (spec->kind == K_ROUTER || args_names_model(spec))
        return true;
    return !router && spec->kind != K_IGNORED && spec->kind != K_PROPS && spec->kind != K_REMOVED;
}

/* A variable that acts: its flag (and value) as words, and where they came from. */
typedef struct {
    const ArgSpec *spec;
    const char *env;        /* the flag's variable: LLAMA_ARG_TOP_K */
    bool off;               /* it was set as LLAMA_ARG_NO_... (read as "0") */
    const char *value;      /* getenv's; "0" for an LLAMA_ARG_NO_ one */
} Act;

/* The note for a set variable that this program does not read: another program's, or no flag's. */
static void note_unread(Text *t, const char *name, size_t n, unsigned tools, ArgsTool tool)
{
    bool off;
    const ArgSpec *other = row_of(name, n, T_ALL, &off);
    if (other != NULL) {
        text_add(t, "%.*s is set, but %s does not read it: it is the variable of %s, which %s does not take "
                 "(common/arg.cpp at 0017d6fb)\n", (int)n, name, tool_names[tool], other->names[0], tool_names[tool]);
        return;
    }
    char upper[96];                 /* LLAMA_ARG_top_k: getenv is case-sensitive, and the name is LLAMA_ARG_TOP_K */
    size_t u = 0;
    for (; u < n && u + 1 < sizeof upper; u++)
        upper[u] = name[u] >= 'a' && name[u] <= 'z' ? (char)(name[u] - 'a' + 'A') : name[u];
    upper[u] = '\0';
    const ArgSpec *cased = u == n ? row_of(upper, n, T_ALL, &off) : NULL;
    if (cased != NULL) {
        text_add(t, "%.*s is set, but llama.cpp does not read it: it is not the variable's name, since environment "
                 "names are case-sensitive (getenv): %s's%s is %s (common/arg.cpp at 0017d6fb)\n", (int)n, name,
                 cased->names[0], off ? ", read as 0," : "", upper);
        return;
    }
    char guess[80] = "--";          /* LLAMA_ARG_TEMP: is there a flag --temp? */
    size_t p = strlen(PREFIX), g = 2;
    for (size_t i = p; i < n && g + 1 < sizeof guess; i++)
        guess[g++] = name[i] == '_' ? '-' : (char)(name[i] >= 'A' && name[i] <= 'Z' ? name[i] - 'A' + 'a' : name[i]);
    guess[g] = '\0';
    const ArgSpec *flag = args_flag_row(guess, tools);
    text_add(t, "%.*s is set, but llama.cpp does not read it: no flag has it", (int)n, name);
    if (flag != NULL)
        text_add(t, " (%s has no environment variable in arg.cpp 0017d6fb)\n", guess);
    else
        text_add(t, " in arg.cpp 0017d6fb\n");
}

/* Whether a set LLAMA_ARG_ name (n bytes) is one of acts' (read or named already). */
static bool handled(const char *name, size_t n, unsigned tools)
{
    bool off;
    return row_of(name, n, tools, &off) != NULL;
}

bool env_line(int argc, char *const argv[], EnvLine *line, char *err, size_t err_size)
{
    memset(line, 0, sizeof *line);
    int from = argc > 1 && args_program(argv[1]) != TOOL_ANY ? 2 : 1;
    ArgsTool tool = from == 2 ? args_program(argv[1]) : TOOL_ANY;
    unsigned tools = tool_bits[tool];
    bool router = (tools & T_SRV) != 0 && (typed("--models-preset", from, argc, argv) || getenv(PREFIX "MODELS_PRESET"))
               && !typed("-m", from, argc, argv) && !typed("-hf", from, argc, argv) && !getenv(PREFIX "MODEL")
               && !getenv(PREFIX "HF_REPO");
    bool props = reads_props(from, argc, argv);     /* its /props already holds the server's variables */
    Text t = text_start(line->notes, sizeof line->notes), wt = text_start(line->warnings, sizeof line->warnings);
    Act *acts = calloc(n_arg_specs + 1, sizeof *acts);
    if (acts == NULL) {
        snprintf(err, err_size, "out of memory");
        return false;
    }
    size_t n_acts = 0, pool_bytes = 1;
    char ignored[1024] = "", of_props[1024] = "";
    Text ig = text_start(ignored, sizeof ignored), op = text_start(of_props, sizeof of_props);
    for (size_t i = 0; i < n_arg_specs; i++) {
        const ArgSpec *spec = &arg_specs[i];
        const char *env = arg_env(spec);
        bool dup = false, off;
        for (size_t k = 0; env != NULL && k < i && !dup; k++)     /* one row per variable */
            dup = (arg_specs[k].tools & tools) != 0 && names_spec(&arg_specs[k], env, strlen(env), &off);
        if (env == NULL || (spec->tools & tools) == 0 || dup || strncmp(env, PREFIX, strlen(PREFIX)) != 0)
            continue;
        char off_name[96];
        snprintf(off_name, sizeof off_name, PREFIX "NO_%s", env + strlen(PREFIX));
        const char *off_value = has_off_spelling(spec) ? getenv(off_name) : NULL;
        const char *value = off_value != NULL ? "0" : getenv(env);
        if (value == NULL)
            continue;
        const char *name = off_value != NULL ? off_name : env;
        char v[80], w[80], refusal[300];
        shown(value, v, sizeof v);
        const char *word = on_line(spec, from, argc, argv, tools);
        if (!read_as_words(spec, router) && !router && !props
            && args_ignored_value_stops(spec, value, refusal, sizeof refusal)) {
            /* llama.cpp reads every variable before the command line and stops on a bad one, as it stops on the
             * typed flag: said as the typed flag's failure is (args.c, soft_fail) */
            text_add(&wt, "%s=%s (the environment): %s; llama.cpp stops on it (\"error while handling "
                     "environment variable\", common/arg.cpp at 0017d6fb), but %s does not change sampling, so the "
                     "chain line follows\n", name, v, refusal, spec->names[0]);
        } else if (!read_as_words(spec, router) && !router) {
            text_add(&ig, "%s%s%s (%s)", ignored[0] != '\0' ? ", " : "", off_value != NULL ? "LLAMA_ARG_NO_" : "",
                     off_value != NULL ? env + strlen(PREFIX) : env, spec->names[0]);
        } else if (props) {
            text_add(&op, "%s%s=%s", of_props[0] != '\0' ? ", " : "", name, v);
        } else if (!read_as_words(spec, router)) {
            text_add(&t, "%s=%s: not read on a router's line here: a model's llama-server gets its settings from the "
                     "preset and the router's flags, and how it takes the router's environment is not checked (the "
                     "reference does not say)\n", name, v);
        } else if (word != NULL && args_value_stops(spec, value, refusal, sizeof refusal)) {
            snprintf(line->stop, sizeof line->stop, "%s=%s (the environment): %s (llama.cpp stops too: \"error while "
                     "handling environment variable\", common/arg.cpp at 0017d6fb); %s on the line does not rescue "
                     "it: llama.cpp reads the variables before the command line", name, v, refusal,
                     shown(word, w, sizeof w));
            free(acts);
            return false;
        } else if (word != NULL) {
            int at = 0;
            for (int k = from; k < argc; k++)
                at = argv[k] == word ? k : at;
            bool has_value = spec->arity == 1 && at + 1 < argc && argv[at + 1] != NULL;
            char typed_value[80];
            text_add(&t, "%s=%s is set, but %s%s%s on the line wins: llama.cpp warns \"%s environment variable is "
                     "set, but will be overwritten by command line argument %s\" (common/arg.cpp at 0017d6fb)\n",
                     name, v, shown(word, w, sizeof w), has_value ? " " : "",
                     has_value ? shown(argv[at + 1], typed_value, sizeof typed_value) : "", name, w);
        } else if (spec->arity == 0 && !value_truthy(value)) {
            text_add(&t, "%s=%s does nothing: llama.cpp applies a switch's variable only when it is true (1, true, "
                     "on or enabled: is_truthy, common/arg.cpp at 0017d6fb)\n", name, v);
        } else if (spec->arity > 1) {
            text_add(&t, "%s=%s does nothing: llama.cpp's loop over the variables reads no flag of two values "
                     "(common/arg.cpp at 0017d6fb)\n", name, v);
        } else {
            acts[n_acts++] = (Act){spec, env, off_value != NULL, value};
            pool_bytes += 2 * strlen(name) + 2 * strlen(value) + strlen(spec->names[0]) + 8;
        }
    }
    if (ignored[0] != '\0')
        text_add(&t, "from the environment, ignored, as %s not change sampling: %s\n",
                 strchr(ignored, ',') != NULL ? "they do" : "it does", ignored);
    if (of_props[0] != '\0')
        text_add(&t, "from the environment, not read beside --props: %s; a saved /props already holds the values "
                 "of the server that wrote it, after its flags, its variables and its model's GGUF (reference "
                 "section 11), so the variables are that server's, not this line's\n", of_props);
    for (char **e = environ; e != NULL && *e != NULL; e++) {
        size_t n = strcspn(*e, "=");
        if (strncmp(*e, PREFIX, strlen(PREFIX)) == 0 && !handled(*e, n, tools))
            note_unread(&t, *e, n, tools, tool);
    }
    line->argc = argc;
    for (size_t k = 0; k < n_acts; k++)
        line->argc += 1 + acts[k].spec->arity;
    line->argv = calloc((size_t)line->argc + 1, sizeof *line->argv);
    line->labels = calloc((size_t)line->argc + 1, sizeof *line->labels);
    line->pool = malloc(pool_bytes);
    if (line->argv == NULL || line->labels == NULL || line->pool == NULL) {
        free(acts);
        env_line_free(line);
        snprintf(err, err_size, "out of memory");
        return false;
    }
    int at = 0;
    size_t used = 0;
    for (int i = 0; i < from && i < argc; i++)
        line->argv[at++] = argv[i];
    for (size_t k = 0; k < n_acts; k++) {
        char *flag = line->pool + used;
        used += (size_t)sprintf(flag, "%s", acts[k].spec->names[0]) + 1;
        char *key = line->pool + used;
        used += (size_t)sprintf(key, "%s%s", acts[k].off ? PREFIX "NO_" : "",
                                acts[k].env + (acts[k].off ? strlen(PREFIX) : 0)) + 1;
        char *where = line->pool + used;
        used += (size_t)sprintf(where, "%s=%s", key, acts[k].value) + 1;
        ArgsLabel label = {where, flag, key, true};
        line->labels[at] = label;
        line->argv[at++] = flag;
        if (acts[k].spec->arity == 1) {
            char *value = line->pool + used;
            used += (size_t)sprintf(value, "%s", acts[k].value) + 1;
            line->labels[at] = label;
            line->argv[at++] = value;
        }
    }
    line->n_env_words = at - from;
    for (int i = from; i < argc; i++)
        line->argv[at++] = argv[i];
    line->argv[at] = NULL;
    free(acts);
    return true;
}

/* The label of the variable's flag word that p's field points to, or NULL. */
static const ArgsLabel *label_of_word(const EnvLine *line, const char *word)
{
    for (int i = 0; word != NULL && i < line->argc; i++)
        if (line->labels[i].env && line->labels[i].flag == word)
            return &line->labels[i];
    return NULL;
}

void env_sources(const EnvLine *line, CliParams *p)
{
    for (int s = 0; s < SET_COUNT; s++) {
        ValueSource *now = &p->sources[s].now;
        const ArgsLabel *label = now->layer == LAYER_FLAG ? label_of_word(line, now->name) : NULL;
        if (label != NULL) {
            now->layer = LAYER_ENV;
            now->name = label->where;
        }
    }
    const ArgsLabel *model = label_of_word(line, p->model_flag);
    char names[sizeof p->model];        /* the flags that name the model ("-m, -hf"): a variable's by its name */
    Text t = text_start(names, sizeof names);
    for (const char *w = p->model; *w != '\0';) {
        size_t n = strcspn(w, ",");
        const char *as = NULL;
        for (int i = 0; i < line->argc && as == NULL; i++)
            if (line->labels[i].env && strlen(line->labels[i].flag) == n && strncmp(line->labels[i].flag, w, n) == 0)
                as = line->labels[i].key;
        text_add(&t, "%s%.*s", w == p->model ? "" : ", ", as != NULL ? (int)strlen(as) : (int)n, as != NULL ? as : w);
        w += n;
        w += strspn(w, ", ");
    }
    snprintf(p->model, sizeof p->model, "%s", names);
    if (model != NULL)
        p->model_flag = model->key;
    for (int i = 0; i < line->argc; i++)
        if (line->labels[i].env && strcmp(line->labels[i].flag, "-bs") == 0 && p->backend_sampling)
            p->backend_from = line->labels[i].where;
}

void env_line_free(EnvLine *line)
{
    free(line->argv);
    free(line->labels);
    free(line->pool);
    line->argv = NULL;
    line->labels = NULL;
    line->pool = NULL;
}
