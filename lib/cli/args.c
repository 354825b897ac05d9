/* args.c: parsing a llama.cpp command line with the flag table of flags.c: find each flag's row, take its
 * values, apply them (apply.c), and decide what stops the line: a sampling flag's refusal does, as in
 * llama.cpp; a flag that does not change sampling only warns, saying what llama.cpp would say. */
#include "cli/args.h"
#include "cli/apply.h"
#include "cli/command.h"
#include "cli/flags.h"
#include "cli/from_json.h"
#include "cli/values.h"

#include "text.h"

#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SAMPLING_FIELD(field) offsetof(CliParams, sampling.field)

/* Bytes of one flag's message, and of the first request flag's message kept for a body output's refusal: the
 * same size, so that copying one into the other never cuts it. */
enum { MESSAGE_SIZE = 900 };

static const char *const default_breakers[] = {"\n", ":", "\"", "*"};

/* The request field of each ArgsSetting, and whether OpenAI's chat API has a parameter of that name. */
static const struct { const char *field; bool openai; } settings[SET_COUNT] = {
    [SET_TEMP] = {"temperature", true}, [SET_TOP_K] = {"top_k", false}, [SET_TOP_P] = {"top_p", true},
    [SET_MIN_P] = {"min_p", false}, [SET_TYP_P] = {"typical_p", false},
    [SET_REPEAT_LAST_N] = {"repeat_last_n", false}, [SET_REPEAT_PENALTY] = {"repeat_penalty", false},
    [SET_PRESENCE] = {"presence_penalty", true}, [SET_FREQUENCY] = {"frequency_penalty", true},
    [SET_DRY_MULTIPLIER] = {"dry_multiplier", false}, [SET_DRY_BASE] = {"dry_base", false},
    [SET_DRY_ALLOWED_LENGTH] = {"dry_allowed_length", false}, [SET_DRY_LAST_N] = {"dry_penalty_last_n", false},
    [SET_DRY_BREAKERS] = {"dry_sequence_breakers", false}, [SET_XTC_PROBABILITY] = {"xtc_probability", false},
    [SET_XTC_THRESHOLD] = {"xtc_threshold", false}, [SET_TOP_N_SIGMA] = {"top_n_sigma", false},
    [SET_DYNATEMP_RANGE] = {"dynatemp_range", false}, [SET_DYNATEMP_EXPONENT] = {"dynatemp_exponent", false},
    [SET_MIROSTAT] = {"mirostat", false}, [SET_MIROSTAT_TAU] = {"mirostat_tau", false},
    [SET_MIROSTAT_ETA] = {"mirostat_eta", false}, [SET_ADAPTIVE_TARGET] = {"adaptive_target", false},
    [SET_ADAPTIVE_DECAY] = {"adaptive_decay", false}, [SET_SAMPLERS] = {"samplers", false}, [SET_SEED] = {"seed", true},
    [SET_IGNORE_EOS] = {"ignore_eos", false}, [SET_LOGIT_BIAS] = {"logit_bias", true},
    [SET_MIN_KEEP] = {"min_keep", false},
    [SET_PROMPT] = {"prompt", true}, [SET_N_PREDICT] = {"n_predict", true}, [SET_STOP] = {"stop", true},
};

const char *args_setting_field(ArgsSetting s, bool *openai)
{
    if ((unsigned)s >= SET_COUNT)
        return NULL;
    if (openai != NULL)
        *openai = settings[s].openai;
    return settings[s].field;
}

bool sampler_from_name(const char *name, SamplerType *type)
{
    if (name == NULL)
        return false;
    char lower[32];
    size_t n = strlen(name);
    if (n >= sizeof lower)
        return false;
    for (size_t i = 0; i <= n; i++)
        lower[i] = (char)tolower((unsigned char)name[i]);
    for (size_t i = 0; i < n_sampler_names; i++) {
        if (strcmp(lower, sampler_names[i].name) == 0) {
            *type = sampler_names[i].type;
            return true;
        }
    }
    return false;
}


const char *sampler_unknown_hint(const char *name, char letter)
{
    static const char *const tail_free[] = {"tfs_z", "tfs-z", "tfs"};
    static const char *const typical[] = {"typical_p", "typical", "typical-p"};
    if (name == NULL)
        return letter == 'f' ? " (f: older llama.cpp's letter for its tail-free sampler (" NOT_CHECKED "); current "
                               "llama.cpp has no tail-free sampler, and its letters have no f: reference section 6)"
                             : "";
    if (strchr(name, ',') != NULL)      /* "top_k, top_p": one piece, as the list is split on ';' alone */
        return " (the list is split on ';' alone, reference section 6, so a ',' is part of a name: write the "
               "names with ';' between them, top_k;top_p)";
    size_t n = strlen(name);
    if (n > 0 && (isspace((unsigned char)name[0]) || isspace((unsigned char)name[n - 1])))
        return " (a blank next to a ';' stays part of the name here; whether llama.cpp trims it is not in the "
               "reference: write the names with no blank, top_k;top_p)";
    char lower[16];
    if (n >= sizeof lower)
        return "";
    for (size_t i = 0; i <= n; i++)
        lower[i] = (char)tolower((unsigned char)name[i]);
    for (size_t i = 0; i < sizeof tail_free / sizeof tail_free[0]; i++)
        if (strcmp(lower, tail_free[i]) == 0)
            return " (older llama.cpp's tail-free sampler (" NOT_CHECKED "); current llama.cpp has no tail-free "
                   "sampler, and its names have no tfs_z: reference section 6)";
    if (strcmp(lower, typical[0]) == 0)
        return " (typical_p is the request field's name, reference section 7; the sampler's name is typ_p, or "
               "typ-p, typp, typ: section 6)";
    for (size_t i = 1; i < sizeof typical / sizeof typical[0]; i++)
        if (strcmp(lower, typical[i]) == 0)
            return " (earlier llama.cpp's command line took it for typ_p; current llama.cpp's names have no "
                   "typical and typical-p, and whether that is intended is unconfirmed: reference section 6; write "
                   "typ_p)";
    return "";
}

bool sampler_from_char(char letter, SamplerType *type)
{
    const char *hit = letter != '\0' ? strchr(sampler_letters, letter) : NULL;
    if (hit == NULL)
        return false;
    *type = (SamplerType)(hit - sampler_letters);
    return true;
}

void args_defaults(CliParams *out)
{
    if (out == NULL)
        return;
    memset(out, 0, sizeof *out);
    out->sampling = sampling_params_default();
    for (size_t i = 0; i < sizeof default_breakers / sizeof default_breakers[0]; i++)
        copy_cut(out->dry_breakers[out->n_dry_breakers++], default_breakers[i], ARGS_MAX_BREAKER_RAW);
    out->n_predict = -1;
    out->escape = true;
}

bool args_breakers_default(const CliParams *p)
{
    size_t n = sizeof default_breakers / sizeof default_breakers[0];
    if (p->n_dry_breakers != n)
        return false;
    for (size_t i = 0; i < n; i++)
        if (strcmp(p->dry_breakers[i], default_breakers[i]) != 0)
            return false;
    return true;
}

/* The row for a flag (already with '_' turned to '-') that `tools` take, or NULL; *other_tool tells whether
 * some other tool takes it. */
static const ArgSpec *find_spec(const char *flag, unsigned tools, bool *other_tool)
{
    *other_tool = false;
    for (size_t i = 0; i < n_arg_specs; i++) {
        for (size_t j = 0; j < 4 && arg_specs[i].names[j] != NULL; j++) {
            if (strcmp(flag, arg_specs[i].names[j]) != 0)
                continue;
            if (arg_specs[i].tools & tools)
                return &arg_specs[i];
            *other_tool = true;
        }
    }
    return NULL;
}

/* flag with '_' turned to '-' when it starts with "--", as llama.cpp does, into normal (size bytes); false
 * when it does not fit (no flag is that long). */
static bool normalize(const char *flag, char *normal, size_t size)
{
    if (strlen(flag) >= size)
        return false;
    snprintf(normal, size, "%s", flag);
    if (strncmp(normal, "--", 2) == 0)
        for (char *c = normal; *c != '\0'; c++)
            *c = *c == '_' ? '-' : *c;
    return true;
}

/* Whether word is a flag some tool knows (so that it is not taken as an ignored flag's value). */
static bool is_known_flag(const char *word)
{
    char normal[96];
    bool other_tool;
    return word != NULL && word[0] == '-' && normalize(word, normal, sizeof normal)
        && find_spec(normal, T_ALL, &other_tool) != NULL;
}

/* The tool a leading program word names, or TOOL_ANY: the name alone or at the end of a path ('/' or '\\'),
 * with or without ".exe"; one rule for both, any case, as Windows compares names (LLAMA-SERVER and
 * llama-server.EXE are llama-server). The names before llama.cpp's 2024 renaming, main and server, name
 * llama-completion (main's flags: -i, -r, --in-prefix) and llama-server; *old tells that one was used. */
static ArgsTool tool_from_word(const char *word, bool *old)
{
    static const struct { const char *name; ArgsTool tool; bool old; } words[] = {
        {"llama-cli", TOOL_CLI, false}, {"llama-completion", TOOL_COMPLETION, false},
        {"llama-server", TOOL_SERVER, false}, {"main", TOOL_COMPLETION, true}, {"server", TOOL_SERVER, true}};
    const char *base = word;
    for (const char *c = word; *c != '\0'; c++)
        if (*c == '/' || *c == '\\')
            base = c + 1;
    size_t n = strlen(base);
    bool exe = n > 4 && base[n - 4] == '.' && tolower((unsigned char)base[n - 3]) == 'e'
            && tolower((unsigned char)base[n - 2]) == 'x' && tolower((unsigned char)base[n - 1]) == 'e';
    if (exe)
        n -= 4;
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        bool same = strlen(words[i].name) == n;
        for (size_t k = 0; same && k < n; k++)
            same = tolower((unsigned char)base[k]) == words[i].name[k];
        if (same) {
            *old = words[i].old;
            return words[i].tool;
        }
    }
    return TOOL_ANY;
}

ArgsTool args_program(const char *word)
{
    bool old;
    return word != NULL ? tool_from_word(word, &old) : TOOL_ANY;
}

const ArgSpec *args_flag_row(const char *word, unsigned tools)
{
    char normal[96];
    bool other_tool;
    return word != NULL && word[0] == '-' && normalize(word, normal, sizeof normal)
         ? find_spec(normal, tools, &other_tool) : NULL;
}

static void relabel(CliParams *out, size_t from, const ArgsLabel *label);

/* The label of the flag that last set setting s (a router's child line), or NULL. */
static const ArgsLabel *label_of(const CliParams *out, int s)
{
    for (int j = 0; out->labels != NULL && j < out->n_labels; j++)
        if (out->labels[j].where != NULL && out->labels[j].flag == out->named[s])
            return &out->labels[j];
    return NULL;
}

/* After the flags: the last --reasoning-budget is named by its value; a window of -1 is kept (the chain builder,
 * like current libllama, clamps it to 0, off) with a warning that says what the reference states and leaves
 * unconfirmed (sections 4.2, 4.3, 6 and 10) and what older builds did; escapes are processed (a \x00 kept as
 * typed, with a warning naming prompt_flag, -r or the breaker flag); breakers are cut to 40 bytes. prompt_flag
 * is the last -p or -f as typed, or NULL. */
static void finish(CliParams *out, const char *prompt_flag)
{
    /* The last --reasoning-budget counts: below 0 it is no budget (reference section 5: the earlier chain built
     * the reasoning-budget sampler only for a budget of 0 or more), so it does not change sampling. */
    if (out->budget_flag != NULL)
        args_add_named(out->reasoning_budget >= 0 ? out->outside : out->ignored,
                       out->reasoning_budget >= 0 ? sizeof out->outside : sizeof out->ignored, out->budget_flag);
    static const char *const older[] = {"llama-cli and llama-completion -c's, llama-server the slot's",
                                        "DRY the model's training context, llama-server the slot's"};
    static const char *const window_flags[] = {"--repeat-last-n", "--dry-penalty-last-n"};
    static const char *const stages[] = {"?penalties", "?dry"};
    static const SamplerType listed_as[] = {SAMPLER_PENALTIES, SAMPLER_DRY};
    const int32_t windows[] = {out->sampling.penalty_last_n, out->sampling.dry_penalty_last_n};
    for (size_t i = 0; i < 2; i++) {
        if (windows[i] != -1)
            continue;
        bool listed = false;        /* whether the chain line has the stage (without mirostat, in the list) */
        for (size_t k = 0; out->sampling.mirostat == 0 && k < out->sampling.n_samplers; k++)
            listed = listed || out->sampling.samplers[k] == listed_as[i];
        char line[700], hence[80];
        snprintf(hence, sizeof hence, listed ? ", hence %s" : " (this chain line has no %s stage anyway)",
                 stages[i] + !listed);
        snprintf(line, sizeof line, "%s -1 is off here%s: arg.cpp 0017d6fb takes -1, and current libllama clamps a "
                 "negative window to 0; whether current llama.cpp's command line refuses -1 instead (PR #26524 means "
                 "negative windows to be refused) is unconfirmed; give the window in tokens, e.g. %s 4096; older "
                 "builds took -1 as a context size: %s", window_flags[i], hence, window_flags[i], older[i]);
        size_t mark = strlen(out->warnings);
        args_warn(out, "%s\n", line);
        const ArgsLabel *label = label_of(out, i == 0 ? SET_REPEAT_LAST_N : SET_DRY_LAST_N);
        if (label != NULL)
            relabel(out, mark, label);
    }
    if (out->escape) {
        static const char nul[] = "%s: \\x00 is kept as the 4 characters typed; arg.cpp 0017d6fb's escapes would "
                                  "put a NUL byte there\n";
        if (process_escapes(out->prompt) && prompt_flag != NULL)
            args_warn(out, nul, prompt_flag);
        bool kept = false;
        for (size_t i = 0; i < out->n_stop; i++)
            kept = process_escapes(out->stop[i]) || kept;
        if (kept)
            args_warn(out, nul, "-r");
        kept = false;
        for (size_t i = 0; i < out->n_dry_breakers; i++)
            kept = process_escapes(out->dry_breakers[i]) || kept;
        if (kept)
            args_warn(out, nul, "--dry-sequence-breaker");
    }
    const ArgsLabel *breakers = label_of(out, SET_DRY_BREAKERS);
    size_t mark = strlen(out->warnings);
    for (size_t i = 0; i < out->n_dry_breakers; i++)
        args_cut_breaker(out, "--dry-sequence-breaker", out->dry_breakers[i]);
    if (breakers != NULL)
        relabel(out, mark, breakers);
}

/* The chain builder's own check (sampling_params_problem) on the finished parameters, so that what it would
 * refuse is refused here, naming the flag that sets the field, before anything is printed. An infinite tau or
 * eta with mirostat on is this workbench's own limit (llama.cpp stores it), and the message says so. */
static bool check_problem(const CliParams *out, char *err, size_t err_size)
{
    static const struct { const char *field; const char *flag; size_t offset; bool own; } flags[] = {
        {"penalty_repeat", "--repeat-penalty", SAMPLING_FIELD(penalty_repeat), false},
        {"penalty_freq", "--frequency-penalty", SAMPLING_FIELD(penalty_freq), false},
        {"penalty_present", "--presence-penalty", SAMPLING_FIELD(penalty_present), false},
        {"mirostat_tau", "--mirostat-ent", SAMPLING_FIELD(mirostat_tau), true},
        {"mirostat_eta", "--mirostat-lr", SAMPLING_FIELD(mirostat_eta), true},
        {"adaptive_target", "--adaptive-target", SAMPLING_FIELD(adaptive_target), true},
    };
    const char *problem = sampling_params_problem(&out->sampling);
    if (problem == NULL)
        return true;
    size_t n = strcspn(problem, " [");
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++) {
        if (strlen(flags[i].field) != n || strncmp(problem, flags[i].field, n) != 0)
            continue;
        double d;
        memcpy(&d, (const char *)out + flags[i].offset, sizeof d);
        snprintf(err, err_size, "%s: %g is refused: %s%s", flags[i].flag, d, problem,
                 flags[i].own ? " (this workbench's limit, not llama.cpp's, which would take it)" : "");
        return false;
    }
    snprintf(err, err_size, "these settings are refused: %s", problem);
    return false;
}

/* How a flag's failure is taken: it stops the line (a sampling flag, as llama.cpp stops), only warns (a flag
 * that does not change sampling), or warns for the chain line and stops a body, which needs it (-p, -f, -sys,
 * -sysf, -r, -n). */
typedef enum { FAIL_STOP, FAIL_WARN, FAIL_REQUEST } FailKind;

static FailKind fail_kind(const ArgSpec *spec)
{
    switch (spec->kind) {
    case K_IGNORED: case K_REMOVED:
        return FAIL_WARN;
    case K_PROMPT: case K_PROMPT_FILE: case K_SYSTEM: case K_SYSTEM_FILE: case K_STOP:
        return FAIL_REQUEST;
    default:
        return spec->setting == SET_N_PREDICT ? FAIL_REQUEST : FAIL_STOP;
    }
}

/* A failure of a flag that does not change sampling, as a warning: the message, that llama.cpp would stop
 * there (stops) or go on (this tool's own limit, or a value llama.cpp would take), and that the chain line
 * follows all the same. request_err gets the first message of a request flag, which a body output turns into
 * a refusal. */
static void soft_fail(CliParams *out, const ArgSpec *spec, FailKind kind, const char *flag, const char *message,
                      bool stops, char *request_err, size_t request_size)
{
    char line[MESSAGE_SIZE + 200], f[64];
    shown(flag, f, sizeof f);
    /* Whether llama.cpp stops is arg.cpp 0017d6fb's rule for a flag that does not change sampling: named where
     * the message has not named it already. */
    const char *source = strstr(message, "arg.cpp 0017d6fb") != NULL ? "" : " (arg.cpp 0017d6fb)";
    snprintf(line, sizeof line, "%s; llama.cpp%s %s%s %s, so the chain line follows%s", message, source,
             stops ? "stops here, but " : "goes on, and ", f,
             args_names_model(spec) ? "names the model, which this line does not read" : "does not change sampling",
             kind == FAIL_REQUEST ? " (a body needs it: --json and --openai stop here)" : "");
    args_warn(out, "%s\n", line);
    if (kind == FAIL_REQUEST && request_err[0] == '\0')
        snprintf(request_err, request_size, "%s", message);
}

/* The message for a value that is missing (next NULL), or that is the known flag next: llama.cpp's words for
 * it and the fix. Whether llama.cpp would stop there goes to *stops (a free-form value such as -m's would be
 * taken, and llama.cpp would go on). */
static void missing_value(const ArgSpec *spec, const char *flag, const char *next, bool *stops, char *msg,
                          size_t size)
{
    char f[64], n[64];
    shown(flag, f, sizeof f);
    char fix[200];
    if (spec->choices != NULL && spec->choices[0] == '!')
        snprintf(fix, sizeof fix, "write %s on", f);
    else
        snprintf(fix, sizeof fix, "give %s its value", f);
    *stops = next == NULL || spec->kind != K_IGNORED || spec->choices != NULL;
    if (next == NULL)
        snprintf(msg, size, "%s: missing value (arg.cpp 0017d6fb: \"expected value for argument\"; %s)", f, fix);
    else
        snprintf(msg, size, "%s: its value is missing, and '%s' is a flag (arg.cpp 0017d6fb would take it as %s's "
                 "value%s; %s)", f, shown(next, n, sizeof n), f, *stops ? " and refuse it" : "", fix);
}

/* Spellings current llama.cpp gives to another flag than older llama.cpp did: -lv is --verbosity now, which
 * takes a number, and was --low-vram, which took none. The note for such a spelling whose value is missing
 * (an old paste), into note (size bytes; "" for other flags). */
static void reused_spelling(const char *flag, char *note, size_t size)
{
    static const struct { const char *flag, *was; } reused[] = {{"-lv", "--low-vram"}};
    note[0] = '\0';
    for (size_t i = 0; i < sizeof reused / sizeof reused[0]; i++)
        if (strcmp(flag, reused[i].flag) == 0)
            snprintf(note, size, " (older llama.cpp's %s was %s, a switch: drop %s; " NOT_CHECKED ")", reused[i].flag,
                     reused[i].was, reused[i].flag);
}

/* Takes the values of a flag from argv after *i, as llama.cpp does, and returns whether the flag is then
 * applied. A missing value stops a sampling flag (false with err); for a flag that does not change sampling it
 * is a warning, and so is a value that is itself a known flag, which is then left to be read as a flag (an
 * old bare '-fa --jinja' keeps --jinja): an ignored flag with a fixed set of values is checked against it,
 * for llama.cpp's own message; a removed flag is applied without its value, for its message. *value gets the
 * last value taken (NULL for none). */
static bool take_values(CliParams *out, const ArgSpec *spec, const char *flag, int argc, char *const argv[], int *i,
                        const char **value, char *request_err, size_t request_size, char *err, size_t err_size)
{
    FailKind kind = fail_kind(spec);
    *value = NULL;
    for (int k = 0; k < spec->arity; k++) {
        const char *next = *i + 1 < argc ? argv[*i + 1] : NULL;
        bool flag_next = next != NULL && (kind == FAIL_WARN || spec->setting == SET_N_PREDICT) && is_known_flag(next);
        if (next != NULL && !flag_next) {
            *value = argv[++*i];        /* a 2-value flag (only ignored ones have two) keeps its last */
            continue;
        }
        char f[64], message[MESSAGE_SIZE];
        if (kind == FAIL_STOP) {
            snprintf(err, err_size, "%s: missing value", shown(flag, f, sizeof f));
            return false;
        }
        bool stops = true, cleared = false;
        if (spec->kind == K_REMOVED || (spec->kind == K_IGNORED && spec->choices != NULL && next != NULL))
            args_apply_flag(out, spec, flag, spec->kind == K_REMOVED ? NULL : next, &cleared, NULL, message,
                            sizeof message);
        else
            missing_value(spec, flag, next, &stops, message, sizeof message);
        char note[160];
        reused_spelling(flag, note, sizeof note);
        size_t used = strlen(message);
        snprintf(message + used, sizeof message - used, "%s", note);
        if (next != NULL) {
            size_t len = strlen(message);
            snprintf(message + len, sizeof message - len, " ('%s' is read as a flag)", shown(next, f, sizeof f));
        }
        soft_fail(out, spec, kind, flag, message, stops, request_err, request_size);
        if (spec->kind == K_IGNORED && args_names_model(spec))
            args_add_named(out->model, sizeof out->model, flag);
        else if (spec->kind == K_IGNORED)
            args_add_named(out->ignored, sizeof out->ignored, flag);
        return false;
    }
    return true;
}

/* The pieces a command line leaves when it is pasted in a shape arg.cpp 0017d6fb cannot read, which looks every
 * argument up among its flags and stops at one it does not have ("error: invalid argument: ARG"): '--', which it does
 * not take as the end of the options, and what a command line written over several lines, each ending in a line
 * continuation '\', leaves when it is pasted as one line with the backslashes: a POSIX shell reads "\ " as a blank that
 * belongs to the next word (' --temp', or ' ' alone), and a shell that does not take '\' as an escape keeps a '\' of
 * its own; a file saved with Windows line endings leaves a carriage return, alone or at a word's end. Writes the
 * message and the fix to err and returns true for one of them; false otherwise. */
static bool pasted_wrong(const char *flag, char *err, size_t err_size)
{
    static const char fix[] = "paste the lines as they were, each '\\' last on its line, or write one line "
                              "without the '\\'s";
    char f[80];
    size_t blanks = strspn(flag, " \t");
    const char *word = flag + blanks;
    bool lone = word[0] == '\\' && word[1 + strspn(word + 1, " \t")] == '\0';
    if (strcmp(flag, "--") == 0)
        snprintf(err, err_size, "'--' is not a flag: llama.cpp's command line has no '--' to end its flags (arg.cpp "
                 "0017d6fb stops there: \"error: invalid argument: --\"); drop it: this tool takes the command line "
                 "as typed, right after its name (llama-server -m model.gguf --temp 0.7)");
    else if (lone)
        snprintf(err, err_size, "'%s' is a line continuation: a command line of several lines ends each line but "
                 "the last with '\\', and pasted as one line each '\\' stays, an argument of its own (arg.cpp "
                 "0017d6fb stops there: \"error: invalid argument: %s\"); %s", shown_line(flag, f, sizeof f), f, fix);
    else if (strchr(flag, '\r') != NULL && flag[strspn(flag, " \t\r")] == '\0')
        snprintf(err, err_size, "'%s' is a carriage return alone: a command line of several lines saved with "
                 "Windows line endings (CRLF) ends each line in '\\', a CR and a line feed; the shell reads each "
                 "'\\' and CR as an argument holding the CR alone, and the line feed then ends the command: the lines "
                 "below are not part of it (arg.cpp 0017d6fb stops there: \"error: invalid argument: %s\"); save the "
                 "lines with Unix line endings (dos2unix, or sed 's/\\r$//'), or write one line without the '\\'s",
                 shown(flag, f, sizeof f), f);
    else if (flag[0] != '\0' && flag[strlen(flag) - 1] == '\r')
        snprintf(err, err_size, "unknown flag '%s': it ends in a carriage return, as a line of a file saved with "
                 "Windows line endings (CRLF) does (arg.cpp 0017d6fb stops there: \"error: invalid argument: %s\"); "
                 "save the lines with Unix line endings (dos2unix, or sed 's/\\r$//')", shown(flag, f, sizeof f), f);
    else if (word[0] == '\0')     /* blanks alone */
        snprintf(err, err_size, "'%s' is only blanks: a line of a pasted command line ends in '\\' and a blank, or "
                 "'\\ ' stands alone on a line pasted as one, which the shell reads as a blank of its own, an "
                 "argument (at a line's end the line break after it then ends the command: the lines below are not "
                 "part of it; arg.cpp 0017d6fb stops there: \"error: invalid argument: %s\"); drop the blank after "
                 "the '\\', or write one line without the '\\'s",
                 shown(flag, f, sizeof f), f);
    else if (blanks > 0 && strpbrk(word, " \t") == NULL)
        snprintf(err, err_size, "'%s' begins with a blank: a command line of several lines, each ending in '\\', "
                 "pasted as one line leaves '\\ ' before the next word, which the shell reads as a blank belonging "
                 "to that word (arg.cpp 0017d6fb stops there: \"error: invalid argument: %s\"); %s",
                 shown(flag, f, sizeof f), f, fix);
    else
        return false;
    return true;
}

/* The setting of a container tool's environment option at argv[k] (-e NAME=VALUE, --env NAME=VALUE,
 * -eNAME=VALUE, --env=NAME=VALUE), its value word taken too (*k moves past it); NULL for any other word. */
static const char *env_option(int argc, char *const argv[], int *k)
{
    const char *word = argv[*k];
    if ((strcmp(word, "-e") == 0 || strcmp(word, "--env") == 0) && *k + 1 < argc && argv[*k + 1] != NULL)
        return argv[++*k];
    if (strncmp(word, "--env=", 6) == 0)
        return word + 6;
    if (strncmp(word, "-e", 2) == 0 && word[2] != '\0')
        return word + 2;
    return NULL;
}

/* A docker (or podman) command pasted whole (docker run ... ghcr.io/ggml-org/llama.cpp:server -m x.gguf), sudo before
 * it or not, or pasted from its image's name on: the words up to and including the image are the container tool's,
 * named as typed (docker's if none was). The image is the first word from argv[first] that names llama.cpp's
 * ("...llama.cpp:TAG"); for a server tag, llama.cpp's docs/docker.md (at 30255fcb) says the image holds only
 * llama-server, so the fix is its flags after llama-server; neither the reference nor those docs name the server
 * image's entrypoint, so no message does. The tool's -e LLAMA_ARG_*=VALUE settings before the image go before the fix,
 * as this tool's environment (env.c reads them); the other -e settings are counted and named, never their values.
 * Writes the message to err and returns true for such a line; false otherwise. */
static bool pasted_docker(int argc, char *const argv[], int first, char *err, size_t err_size)
{
    char w[80], image[120], name[16];
    const char *word = argv[first];
    int tool_at = strcmp(word, "sudo") == 0 && first + 1 < argc && argv[first + 1] != NULL ? first + 1 : first;
    const char *base = strrchr(argv[tool_at], '/') != NULL ? strrchr(argv[tool_at], '/') + 1 : argv[tool_at];
    bool docker = strcmp(base, "docker") == 0 || strcmp(base, "podman") == 0;
    snprintf(name, sizeof name, "%s", docker ? base : "docker");
    int at = -1;
    for (int k = first; k < argc && argv[k] != NULL && at < 0; k++)
        if (strstr(argv[k], "llama.cpp:") != NULL && argv[k][0] != '-')
            at = k;
    if (!docker && at != first)
        return false;
    shown(word, w, sizeof w);
    if (at < 0) {
        snprintf(err, err_size, "'%s' is neither a flag nor a program word this tool knows (llama-cli, "
                 "llama-completion or llama-server): a %s command's words up to and including its image's name "
                 "are %s's, not llama.cpp's; paste from the image's first flag on, after the program the image "
                 "runs (11_sampler_chain llama-server -m ...)", w, name, name);
        return true;
    }
    char env[240] = "", others[120] = "";
    Text e = text_start(env, sizeof env), o = text_start(others, sizeof others);
    int n_others = 0;
    for (int k = tool_at + 1; k < at; k++) {
        const char *set = env_option(at, argv, &k);
        const char *eq = set != NULL ? strchr(set, '=') : NULL;
        if (set != NULL && eq != NULL && strncmp(set, "LLAMA_ARG_", 10) == 0) {
            const char *quote = eq[1] == '\0' || strpbrk(eq + 1, " \t\"'$") != NULL ? "'" : "";
            text_add(&e, "%.*s=%s%s%s ", (int)(eq - set), set, quote, shown(eq + 1, w, sizeof w), quote);
        } else if (set != NULL) {
            char n[64];
            snprintf(n, sizeof n, "%.*s", (int)strcspn(set, "="), set);
            text_add(&o, "%s%s", n_others++ ? ", " : "", shown(n, w, sizeof w));
        }
    }
    shown(argv[at], image, sizeof image);
    const char *tag = strstr(argv[at], "llama.cpp:") + strlen("llama.cpp:");
    bool server = strncmp(tag, "server", 6) == 0;
    char rest[240] = "", kept[400] = "";
    Text t = text_start(rest, sizeof rest);
    for (int k = at + 1; k < argc && argv[k] != NULL && k < at + 9; k++) {
        const char *quote = argv[k][0] == '\0' || strpbrk(argv[k], " \t\"") != NULL ? "'" : "";
        text_add(&t, " %s%s%s", quote, shown(argv[k], w, sizeof w), quote);
    }
    if (at + 9 < argc)
        text_add(&t, " ...");
    Text m = text_start(kept, sizeof kept);
    if (env[0] != '\0')
        text_add(&m, ", with its -e LLAMA_ARG_* settings before it, which this tool reads from its environment");
    if (n_others > 0)
        text_add(&m, "%s%s %s, left out%s", env[0] != '\0' ? " (" : ", ",
                 n_others == 1 ? "its other -e setting," : "its other -e settings,", others,
                 env[0] != '\0' ? ")" : ": this tool reads only LLAMA_ARG_* ones");
    shown(word, w, sizeof w);
    snprintf(err, err_size, "'%s' is neither a flag nor a program word this tool knows (llama-cli, llama-completion "
             "or llama-server): the words up to and including the image's name, %s, are %s's, not %s; paste "
             "from the image's first flag on, after %s%s%s: %s11_sampler_chain %s%s", w, image, name,
             server ? "llama-server's" : "llama.cpp's", server ? "llama-server" : "the program the image runs",
             server ? " (llama.cpp's docs/docker.md at 30255fcb: the :server images hold only the llama-server "
                      "executable)" : "", kept, env, server ? "llama-server" : "PROGRAM", rest);
    return true;
}

/* A flag that starts with dashes a web page or a word processor put for hyphens (an en dash, U+2013, or an em dash,
 * U+2014, for "--"; a minus sign, U+2212, for "-"), in any mix with hyphens (-\u2013temp, \u2212\u2212top-k): arg.cpp
 * 0017d6fb refuses it as any unknown flag ("error: invalid argument"), so it stays refused, with the characters named
 * and the flag it would be with hyphens, when `tools` take one (else args_suggest's hint for it). Writes the message to
 * err and returns true for such a flag; false otherwise. */
static bool pasted_dash(const char *flag, unsigned tools, char *err, size_t err_size)
{
    static const struct { const char *bytes, *one, *many; } dashes[] = {
        {"\xe2\x80\x93", "an en dash", "en dashes (U+2013)"}, {"\xe2\x80\x94", "an em dash", "em dashes (U+2014)"},
        {"\xe2\x88\x92", "a minus sign", "minus signs (U+2212)"}};
    enum { N_DASHES = sizeof dashes / sizeof dashes[0] };
    int count[N_DASHES] = {0}, lookalikes = 0;
    const char *name = flag;
    for (bool more = true; more;) {
        more = false;
        if (*name == '-') {
            name++;
            more = true;
        }
        for (size_t d = 0; d < N_DASHES && !more; d++)
            if (strncmp(name, dashes[d].bytes, 3) == 0) {
                count[d]++;
                lookalikes++;
                name += 3;
                more = true;
            }
    }
    if (lookalikes == 0)
        return false;
    char what[160] = "";
    Text t = text_start(what, sizeof what);
    for (size_t d = 0, said = 0; d < N_DASHES; d++) {
        if (count[d] == 0)
            continue;
        text_add(&t, "%s", said++ == 0 ? "" : " and ");
        if (count[d] == 1)      /* "an en dash (U+2013)": the code point from the plural's parenthesis */
            text_add(&t, "%s %s", dashes[d].one, strchr(dashes[d].many, '('));
        else
            text_add(&t, "%d %s", count[d], dashes[d].many);
    }
    char f[80], with[96] = "", hint[200] = "";
    for (int hyphens = 2; hyphens >= 1 && with[0] == '\0'; hyphens--) {
        snprintf(with, sizeof with, "%s%s", hyphens == 2 ? "--" : "-", name);
        if (name[0] == '\0' || strlen(name) > 80 || args_flag_row(with, tools) == NULL)
            with[0] = '\0';
    }
    const char *starts = flag[0] == '-' ? "its leading dashes hold" : "it starts with";
    if (with[0] != '\0') {
        snprintf(err, err_size, "unknown flag '%s': %s %s, not %s: write %s (a web page or a word processor turns "
                 "hyphens into such dashes; arg.cpp 0017d6fb refuses it too: \"error: invalid argument\")",
                 shown(flag, f, sizeof f), starts, what, with[1] == '-' ? "two hyphens" : "a hyphen", with);
        return true;
    }
    snprintf(with, sizeof with, "--%s", name);
    if (name[0] == '\0' || strlen(name) > 80 || !args_suggest(with, tools, hint, sizeof hint))
        hint[0] = '\0';
    snprintf(err, err_size, "unknown flag '%s': %s %s, not hyphens, and with hyphens it is no flag this line's "
             "program takes either%s", shown(flag, f, sizeof f), starts, what, hint);
    return true;
}

/* A flag another of the three programs takes, given to the named one, which refuses it ("error: invalid
 * argument: -i"): when it does not change sampling, a warning, its values skipped as that program would take
 * them; returns whether it was so (false: a sampling flag, which stays an error). */
static bool other_tool_flag(CliParams *out, const char *flag, const char *normal, const char *tool, int argc,
                            char *const argv[], int *i, char *request_err, size_t request_size)
{
    bool unused;
    const ArgSpec *spec = find_spec(normal, T_ALL, &unused);
    FailKind kind = spec != NULL ? fail_kind(spec) : FAIL_STOP;
    if (kind == FAIL_STOP)
        return false;
    static const char *const names[] = {"llama-cli", "llama-completion", "llama-server"};   /* by T_* bit */
    char takes[80] = "", f[80], message[400];
    for (int t = 0; t < 3; t++)
        if (spec->tools & (1u << t))
            snprintf(takes + strlen(takes), sizeof takes - strlen(takes), "%s%s", takes[0] ? " and " : "", names[t]);
    shown(flag, f, sizeof f);
    snprintf(message, sizeof message, "%s: %s does not take it in arg.cpp 0017d6fb (its message: \"error: invalid "
             "argument: %s\"; %s %s it)", f, tool, f, takes, strchr(takes, ' ') != NULL ? "take" : "takes");
    soft_fail(out, spec, kind, flag, message, true, request_err, request_size);
    for (int k = 0; k < spec->arity && *i + 1 < argc && !is_known_flag(argv[*i + 1]); k++)
        ++*i;               /* its values, which the other program would take */
    return true;
}

/* A flag older llama.cpp took that arg.cpp no longer has (K_OLD, K_OLD_SAMPLING; normal is its '-' spelling):
 * the values it took then are skipped, but a value that is itself a known flag is left to be read as one, and
 * a warning says what it was, that current llama.cpp refuses the line, and how to fix it; for one that changed
 * sampling, that what this tool shows is current llama.cpp's, without it. */
static void old_flag(CliParams *out, const ArgSpec *spec, const char *flag, const char *normal, int argc,
                     char *const argv[], int *i)
{
    char typed[200], f[64], n[64], next_shown[64], left[120] = "", message[MESSAGE_SIZE];
    shown(flag, typed, sizeof typed);
    shown(flag, f, sizeof f);
    shown(normal, n, sizeof n);
    for (int k = 0; k < spec->arity; k++) {
        const char *next = *i + 1 < argc ? argv[*i + 1] : NULL;
        if (next == NULL || is_known_flag(next)) {
            snprintf(left, sizeof left, " (its value is missing%s%s%s)", next != NULL ? ": '" : "",
                     next != NULL ? shown(next, next_shown, sizeof next_shown) : "",
                     next != NULL ? "' is read as a flag" : "");
            break;
        }
        size_t len = strlen(typed);
        snprintf(typed + len, sizeof typed - len, " %s", shown(argv[++*i], next_shown, sizeof next_shown));
    }
    if (spec->kind == K_OLD)
        snprintf(message, sizeof message, "%s: older llama.cpp's %s (" NOT_CHECKED "), which arg.cpp 0017d6fb does "
                 "not have (its message: \"error: invalid argument: %s\"; %s)%s; llama.cpp stops here, but %s does not "
                 "change sampling, so the chain line follows", typed, spec->meta, n, spec->help, left, f);
    else
        snprintf(message, sizeof message, "%s: older llama.cpp's %s (" NOT_CHECKED "), which changed sampling; "
                 "arg.cpp 0017d6fb does not have it (its message: \"error: invalid argument: %s\"; drop it)%s; "
                 "llama.cpp stops here, and %s: what this tool shows is current llama.cpp's, without it", typed,
                 spec->meta, n, left, spec->help);
    args_warn(out, "%s\n", message);
}

/* --lora-scaled and --control-vector-scaled (ArgSpec.choices ":") in older llama.cpp's form, FNAME SCALE: a
 * value without ':' followed by a word that is not a flag. Then that word is skipped as the old scale and a
 * warning gives the current form; returns whether it was so. */
static bool old_scaled_pair(CliParams *out, const ArgSpec *spec, const char *flag, const char *value, int argc,
                            char *const argv[], int *i)
{
    const char *next = *i + 1 < argc ? argv[*i + 1] : NULL;
    if (spec->choices == NULL || strcmp(spec->choices, ":") != 0 || value == NULL || strchr(value, ':') != NULL
        || next == NULL || is_known_flag(next))
        return false;
    ++*i;
    char f[64], v[80], scale[64], message[MESSAGE_SIZE];
    shown(flag, f, sizeof f);
    shown(value, v, sizeof v);
    shown(next, scale, sizeof scale);
    snprintf(message, sizeof message, "%s %s %s: arg.cpp 0017d6fb takes one value, FNAME:SCALE (write %s %s:%s), "
             "where older llama.cpp took FNAME and SCALE as two (" NOT_CHECKED "); llama.cpp stops here, but %s does "
             "not change sampling, so the chain line follows", f, v, scale, f, v, scale, f);
    args_warn(out, "%s\n", message);
    args_add_named(out->ignored, sizeof out->ignored, flag);
    return true;
}

/* What one flag is about to replace: the settings it sets (a --gpt-oss-*-default preset sets four), each one's
 * flag and value before it. Lists that a flag appends to (-l, breakers, -r) are not replaced. */
typedef struct {
    int settings[4];
    size_t n;
    const char *named[4];
    char text[4][SOURCE_VALUE_MAX + 1];
    const char *model, *preset, *dir, *preset_model;
} Before;

static void remember(const CliParams *out, const ArgSpec *spec, Before *b)
{
    static const int gpt_oss[] = {SET_TEMP, SET_TOP_P, SET_TOP_K, SET_MIN_P};
    *b = (Before){.model = out->model_path, .preset = out->models_preset, .dir = out->models_dir,
                  .preset_model = out->preset_model};
    if (spec->kind == K_PRESET)
        for (size_t k = 0; k < 4; k++)
            b->settings[b->n++] = gpt_oss[k];
    else if (spec->setting >= 0 && spec->kind != K_BIAS && spec->kind != K_BREAKER && spec->kind != K_STOP)
        b->settings[b->n++] = spec->setting;
    for (size_t k = 0; k < b->n; k++) {
        int s = b->settings[k];
        b->named[k] = (out->set & (1u << s)) != 0 ? out->named[s] : NULL;
        if (b->named[k] != NULL)
            args_setting_text(out, s, b->text[k], sizeof b->text[k]);
    }
}

/* The line for a flag that replaced the value an earlier one gave (arg.cpp 0017d6fb sets a flag's value each time it is
 * given, so the last counts): nothing typed is dropped in silence. A child's line of a router says where its order
 * comes from. */
static void say_replaced(CliParams *out, const ArgSpec *spec, const char *flag, const char *value, const Before *b)
{
    char line[900], f[64], v[80], was[64];
    static const char order[] = " (the router writes a model's flags in the order of its std::map of them, by "
                                "first spelling: common/arg.h at 0196e22b; the reference does not give it)";
    static const char last[] = "arg.cpp 0017d6fb sets the value at each flag: the last one counts";
    bool child = out->labels != NULL && !out->labels[0].env;    /* a router's child's line, not a variable's */
    for (int j = 0; child && j < out->n_labels; j++)
        child = !out->labels[j].env;
    shown(flag, f, sizeof f);
    shown(value != NULL ? value : "", v, sizeof v);
    for (size_t k = 0; k < b->n; k++) {
        int s = b->settings[k];
        if (b->named[k] == NULL || out->named[s] != flag)
            continue;
        char now[SOURCE_VALUE_MAX + 1], earlier[200];
        const char *by = shown(b->named[k], was, sizeof was), *env = NULL;
        for (int j = 0; out->labels != NULL && j < out->n_labels; j++)   /* a preset key or a variable: named so */
            if (out->labels[j].flag == b->named[k] && out->labels[j].where != NULL && out->labels[j].env)
                env = out->labels[j].where;
            else if (out->labels[j].flag == b->named[k] && out->labels[j].where != NULL)
                by = strchr(out->labels[j].where, '[') != NULL ? strchr(out->labels[j].where, '[') : by;
        snprintf(earlier, sizeof earlier, env != NULL ? "%s (the environment)" : "%s", env != NULL ? env : by);
        const char *rule = env != NULL ? "llama.cpp reads the variables before the command line, and " : "";
        bool listed = s < SET_PROMPT;       /* a setting's value as the sources write it; the prompt is not */
        const char *field = args_setting_field((ArgsSetting)s, NULL);
        if (spec->kind == K_PRESET)
            snprintf(line, sizeof line, "%s sets %s %s, which replaces the %s %s that %s gave before it (%s%s)%s",
                     f, field, args_setting_text(out, s, now, sizeof now), field, b->text[k], earlier, rule, last,
                     child ? order : "");
        else
            snprintf(line, sizeof line, "%s %s replaces the %s%s%s that %s gave before it (%s%s)%s", f, v, field,
                     listed ? " " : "", listed ? b->text[k] : "", earlier, rule, last, child ? order : "");
        args_warn(out, "%s\n", line);
    }
    static const char *const kinds[] = {"-m", "--models-preset", "--models-dir", "--preset-model"};
    const char *earlier[] = {b->model, b->preset, b->dir, b->preset_model};
    const char *later[] = {out->model_path, out->models_preset, out->models_dir, out->preset_model};
    for (size_t k = 0; k < 4; k++)
        if (earlier[k] != NULL && later[k] != earlier[k] && later[k] == value) {
            snprintf(line, sizeof line, "%s %s replaces %s %s given before it (%s)", f, v, kinds[k],
                     shown(earlier[k], was, sizeof was), last);
            args_warn(out, "%s\n", line);
        }
}

/* Rewrites the warnings from `from` on as a router's child's line gives them: each with where its preset key is
 * (label->where: "p.ini: line 4: [m] top-k = 5 5"), and a fix "write --top-k 5" as the key's ("write top-k = 5"). */
static void relabel(CliParams *out, size_t from, const ArgsLabel *label)
{
    if (label->where == NULL || from >= strlen(out->warnings))
        return;
    char tail[ARGS_MAX_WARNINGS], fix[96];
    snprintf(tail, sizeof tail, "%s", out->warnings + from);
    out->warnings[from] = '\0';
    snprintf(fix, sizeof fix, "; write %s ", label->flag);
    for (char *w = tail; *w != '\0';) {
        size_t n = strcspn(w, "\n");
        char line[1400];
        Text t = text_start(line, sizeof line);
        if (label->env)     /* a variable's words (env.h): "LLAMA_ARG_TOP_K=5x (the environment), read as ..." */
            text_add(&t, "%s (the environment), read as %s %s: ", label->where, label->flag,
                     strchr(label->where, '=') + 1);
        else
            text_add(&t, "%s, given to the model's llama-server as %s: ", label->where, label->flag);
        char *write = strstr(w, fix);
        if (write != NULL && (size_t)(write - w) < n)
            text_add(&t, label->env ? "%.*s; write %s=%.*s" : "%.*s; write %s = %.*s", (int)(write - w), w, label->key,
                     (int)(n - (size_t)(write - w) - strlen(fix)), write + strlen(fix));
        else
            text_add(&t, "%.*s", (int)n, w);
        args_warn(out, "%s\n", line);
        w += n + (w[n] == '\n');
    }
}

/* --props FILE holds the server's values with its flags and the model's GGUF already merged (reference section
 * 11, "What the server reports"), so its one honest source is /props: a model, a preset or a sampling flag
 * beside it would lay a layer over values that already hold it. */
static bool check_props(const CliParams *out, char *err, size_t err_size)
{
    char f[64];
    if (out->props_file == NULL)
        return true;
    const char *other = out->model_path != NULL ? out->model_flag : out->models_preset != NULL ? "--models-preset"
                      : NULL;
    for (int s = 0; other == NULL && s < SETTING_COUNT; s++)
        if ((out->set & (1u << s)) != 0)
            other = out->named[s];
    if (out->preset_model != NULL && other == NULL)
        other = "--preset-model";
    if (other == NULL)
        return true;
    snprintf(err, err_size, "--props: %s goes with a server's command line, not with a saved /props, which already "
             "holds the server's values after its flags and its model's GGUF (its one source is /props): drop %s, or "
             "give the server's command line instead of --props", shown(other, f, sizeof f), f);
    return false;
}

/* The output flags go together: --from-json prints a chain line (with --explain or not), --explain explains a
 * chain line, so neither goes with a body output. */
static bool check_outputs(const CliParams *out, char *err, size_t err_size)
{
    static const char *const names[] = {"", "--json", "--json-all", "--openai"};   /* by ArgsOutput */
    if (out->output != OUTPUT_CHAIN && (out->from_json != NULL || out->explain)) {
        snprintf(err, err_size, "%s: it prints a chain line; %s prints a body instead (choose one)",
                 out->from_json != NULL ? out->from_json_flag : "--explain", names[out->output]);
        return false;
    }
    if (out->preset_model != NULL && out->models_preset == NULL) {
        snprintf(err, err_size, "--preset-model: it picks a section of a --models-preset file, and this line gives "
                 "none: add --models-preset FILE");
        return false;
    }
    if (out->preset_model != NULL && out->from_json != NULL) {
        snprintf(err, err_size, "--preset-model: with %s, the request's \"model\" field picks the section, as the "
                 "router picks it: drop --preset-model", out->from_json_flag);
        return false;
    }
    if (out->from_json != NULL && (out->set & (1u << SET_PROMPT)) != 0) {
        snprintf(err, err_size, "%s: the body holds the prompt or messages; -p and -f do not go with it",
                 out->from_json_flag);
        return false;
    }
    return true;
}

bool args_value_stops(const ArgSpec *spec, const char *value, char *err, size_t err_size)
{
    if (spec->arity != 1 || fail_kind(spec) != FAIL_STOP)
        return false;
    CliParams *scratch = malloc(sizeof *scratch);     /* large (its warnings' room): not on the stack */
    if (scratch == NULL)
        return false;
    args_defaults(scratch);
    bool cleared = false, limit = false;
    bool stops = !args_apply_flag(scratch, spec, spec->names[0], value, &cleared, &limit, err, err_size);
    free(scratch);
    return stops;
}

bool args_ignored_value_stops(const ArgSpec *spec, const char *value, char *err, size_t err_size)
{
    if (spec->arity != 1 || spec->kind != K_IGNORED)
        return false;
    CliParams *scratch = malloc(sizeof *scratch);
    if (scratch == NULL)
        return false;
    args_defaults(scratch);
    bool cleared = false, limit = false;
    bool stops = !args_apply_flag(scratch, spec, spec->names[0], value, &cleared, &limit, err, err_size) && !limit;
    free(scratch);
    return stops;
}

bool args_parse(int argc, char *const argv[], CliParams *out, char *err, size_t err_size)
{
    return args_parse_labeled(argc, argv, NULL, out, err, err_size);
}

bool args_parse_labeled(int argc, char *const argv[], const ArgsLabel *labels, CliParams *out, char *err,
                        size_t err_size)
{
    char scratch[1], request_err[MESSAGE_SIZE] = "";
    if (err == NULL || err_size == 0) {
        err = scratch;
        err_size = sizeof scratch;
    }
    err[0] = '\0';
    if (out == NULL || (argv == NULL && argc > 0)) {
        snprintf(err, err_size, "no arguments to parse");
        return false;
    }
    args_defaults(out);
    out->labels = labels;
    out->n_labels = labels != NULL ? argc : 0;
    int i = 1;
    bool old_name = false;
    static const unsigned tool_bits[] = {T_ALL, T_CLI, T_COMP, T_SRV};
    static const char *const tool_names[] = {"", "llama-cli", "llama-completion", "llama-server"};
    if (argc > 1 && argv[1] != NULL && (out->tool = tool_from_word(argv[1], &old_name)) != TOOL_ANY)
        i = 2;
    out->old_program = old_name;
    /* Router mode is llama-server's (arg.cpp 0017d6fb gives --models-preset and --models-dir to it alone): a line
     * without a program word that has one is read as llama-server's, -p and -f included. */
    for (int k = i; out->tool == TOOL_ANY && k < argc && argv[k] != NULL; k++) {
        char normal[96];
        bool unused;
        const ArgSpec *router = normalize(argv[k], normal, sizeof normal) ? find_spec(normal, T_ALL, &unused) : NULL;
        if (router != NULL && router->kind == K_ROUTER) {
            out->tool = TOOL_SERVER;
            args_warn(out, "%s makes this a llama-server line (router mode; arg.cpp 0017d6fb gives the flag to "
                      "llama-server alone), so it is read as one: llama-server's flags, and not -p, -f, -sys or "
                      "-sysf, which llama-server does not take\n", router->names[0]);
        }
    }
    if (old_name) {
        char line[300], w[80];
        snprintf(line, sizeof line, "'%s' is read as %s: older llama.cpp's programs had this name before their 2024 "
                 "renaming (" NOT_CHECKED ")", shown(argv[1], w, sizeof w), tool_names[out->tool]);
        args_warn(out, "%s\n", line);
    }
    bool breakers_cleared = false;
    const char *prompt_flag = NULL;
    for (; i < argc; i++) {
        const char *flag = argv[i];
        int flag_at = i;
        out->refused_at = i;        /* what a refusal in this turn is about; its value, once taken */
        char f[80], normal[96], message[MESSAGE_SIZE];
        if (flag == NULL) {
            snprintf(err, err_size, "unknown flag '(null)'");
            return false;
        }
        bool other_tool = false;
        const ArgSpec *spec = normalize(flag, normal, sizeof normal)
                            ? find_spec(normal, tool_bits[out->tool], &other_tool) : NULL;
        if (spec == NULL
            && (pasted_wrong(flag, err, err_size) || pasted_dash(flag, tool_bits[out->tool], err, err_size)))
            return false;
        if (spec == NULL && i == 1 && flag[0] != '-' && pasted_docker(argc, argv, i, err, err_size))
            return false;
        if (spec == NULL && i == 1 && flag[0] != '-' && strpbrk(flag, " \t") == NULL) {
            snprintf(err, err_size, "'%s' is neither a flag nor a program word this tool knows (llama-cli, "
                     "llama-completion or llama-server)", shown(flag, f, sizeof f));
            return false;
        }
        bool old_word;
        if (spec == NULL && i > 1 && tool_from_word(flag, &old_word) != TOOL_ANY) {
            snprintf(err, err_size, "unknown flag '%s': a program word goes first, before every flag and this "
                     "tool's own options: 11_sampler_chain %s --explain ...", shown(flag, f, sizeof f),
                     shown(flag, f, sizeof f));
            return false;
        }
        const char *eq = spec == NULL && flag[0] == '-' ? strchr(flag, '=') : NULL;
        if (eq != NULL && eq > flag + 1) {      /* --top-k=20: is --top-k a flag? */
            char name[64], bare[64];
            snprintf(name, sizeof name, "%.*s", (int)(eq - flag < 63 ? eq - flag : 63), flag);
            bool other = false;
            if (normalize(name, bare, sizeof bare) && find_spec(bare, tool_bits[out->tool], &other) != NULL) {
                char v[64];
                snprintf(err, err_size, "unknown flag '%s': this tool takes a flag and its value as two arguments, "
                         "%s %s (whether llama.cpp also takes the '=' form is not in the reference)",
                         shown(flag, f, sizeof f), name, shown(eq + 1, v, sizeof v));
                return false;
            }
        }
        if (spec == NULL && other_tool && other_tool_flag(out, flag, normal, tool_names[out->tool], argc, argv, &i,
                                                          request_err, sizeof request_err))
            continue;
        if (spec == NULL) {
            bool blank = strpbrk(flag, " \t") != NULL;     /* a whole command line pasted in quotes */
            char hint[1000] = "";
            bool suggested = !blank && !other_tool && args_suggest(flag, tool_bits[out->tool], hint, sizeof hint);
            if (!suggested)
                hint[0] = '\0';
            /* args_suggest's hint for --body and curl's -d: "... for standard input: echo '{...}' | ...)"; with
             * the body as the next word, that body and the line's other words instead, --from-json for the flag */
            char *piped = suggested && strstr(hint, "; did you mean --from-json?") == hint
                        ? strstr(hint, "standard input: ") : NULL;
            if (piped != NULL && i + 1 < argc && args_body_like(argv[i + 1])) {
                Text t = text_start(piped + 16, sizeof hint - (size_t)(piped + 16 - hint));
                args_body_pipe(&t, "11_sampler_chain", argc, argv, i, i + 1);
                text_add(&t, ")");
            }
            snprintf(err, err_size, "unknown flag '%s'%s%s%s%s%s", shown(flag, f, sizeof f),
                     other_tool ? " (" : "", other_tool ? tool_names[out->tool] : "",
                     other_tool ? " does not take it)" : "",
                     !blank ? "" : strstr(flag, "\\ ") != NULL
                     ? " (one argument holds a whole command line: remove the quotes around it, and the '\\' of "
                       "each line continuation)"
                     : " (one argument holds a whole command line: remove the quotes around it)", hint);
            return false;
        }
        if (spec->kind == K_OLD || spec->kind == K_OLD_SAMPLING) {
            old_flag(out, spec, flag, normal, argc, argv, &i);
            continue;
        }
        const char *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (spec->kind == K_PROPS && next != NULL && (next[0] != '-' || strcmp(next, "-") == 0)) {
            char first[100], second[100];
            if (out->props_file != NULL) {  /* one server is read at a time: never the second over the first */
                out->refused_at = i + 1;
                snprintf(err, err_size, "--props: a second saved /props, %s, after %s: this tool reads one server's "
                         "values at a time; give one of them", body_file_shown(next, second, sizeof second),
                         body_file_shown(out->props_file, first, sizeof first));
                return false;
            }
            out->props_file = argv[++i];    /* llama-server's --props takes no value: a FILE after it is ours */
            continue;
        }
        FailKind kind = fail_kind(spec);
        const char *value = NULL;
        if (!take_values(out, spec, flag, argc, argv, &i, &value, request_err, sizeof request_err, err, err_size)) {
            if (err[0] != '\0')
                return false;
            continue;
        }
        if (old_scaled_pair(out, spec, flag, value, argc, argv, &i))
            continue;
        if (spec->kind == K_PROMPT || spec->kind == K_PROMPT_FILE)
            prompt_flag = flag;
        bool limit = false;
        Before before;
        remember(out, spec, &before);
        size_t mark = strlen(out->warnings);
        bool applied = args_apply_flag(out, spec, flag, value, &breakers_cleared, &limit, message, sizeof message);
        if (applied)
            say_replaced(out, spec, flag, value, &before);
        if (out->labels != NULL)
            relabel(out, mark, &out->labels[flag_at]);
        if (!applied) {
            if (kind == FAIL_STOP && out->labels != NULL && out->labels[flag_at].env) {
                snprintf(err, err_size, "%s (the environment): %s (llama.cpp stops too: \"error while handling "
                         "environment variable\", common/arg.cpp at 0017d6fb)", out->labels[flag_at].where, message);
                return false;
            }
            if (kind == FAIL_STOP) {
                snprintf(err, err_size, "%s", message);
                out->refused_at = i;    /* the value (the flag, for one that takes none) */
                return false;
            }
            soft_fail(out, spec, kind, flag, message, !limit, request_err, sizeof request_err);  /* llama.cpp goes on */
        }
    }
    out->refused_at = 0;
    finish(out, prompt_flag);
    if (request_err[0] != '\0' && out->output != OUTPUT_CHAIN) {
        snprintf(err, err_size, "%s", request_err);
        return false;
    }
    return check_outputs(out, err, err_size) && check_props(out, err, err_size) && check_problem(out, err, err_size);
}
