/* flags.h: the data behind args.c and help.c, internal to lib/cli/: one row per llama.cpp flag
 * (common/arg.cpp, commit 0017d6fb, see args.h), the --samplers names and the --sampler-seq letters.
 *
 * defines: ArgKind, T_*, ArgSpec, arg_specs, n_arg_specs, number_spec, SamplerName, sampler_names,
 * n_sampler_names, sampler_letters, args_suggest, args_distance, ArgEnv, arg_envs, n_arg_envs, arg_env,
 * args_program, args_flag_row, NOT_CHECKED.
 */
#ifndef CLI_FLAGS_H
#define CLI_FLAGS_H

#include "cli/args.h"

#include <stddef.h>

typedef enum {
    K_IGNORED,      /* accepted, its values skipped, its name added to CliParams.ignored */
    K_OUTSIDE,      /* accepted, its value skipped (or checked: choices), its name added to CliParams.outside:
                     * it changes sampling outside the chain line (a grammar, a JSON schema, a reasoning budget) */
    K_FLOAT,        /* a number that fits a float: std::stof's float, into a double field */
    K_TEMP,         /* K_FLOAT, negative clamped to 0 */
    K_DRY_BASE,     /* K_FLOAT; below 1 ignored with a warning */
    K_REPEAT,       /* K_FLOAT; finite, above 0, with a float reciprocal that does not overflow */
    K_FINITE,       /* K_FLOAT; finite */
    K_INT,          /* a whole number in [min, max] into an int32_t field */
    K_SEED,         /* -1 or 0..4294967295 */
    K_BIAS,         /* TOKEN_ID(+/-)BIAS, appended */
    K_SAMPLERS,     /* names separated by ';' */
    K_SAMPLER_SEQ,  /* one letter per sampler */
    K_BREAKER,      /* a DRY sequence breaker; the first use clears the defaults */
    K_IGNORE_EOS,
    K_PROMPT,       /* -p: the body's prompt */
    K_PROMPT_FILE,  /* -f: the prompt read from a file */
    K_SYSTEM,       /* -sys: the chat body's system message */
    K_SYSTEM_FILE,  /* -sysf: the same, read from a file */
    K_STOP,         /* -r: a stop string, appended */
    K_ESCAPE,       /* -e/--escape on, --no-escape off */
    K_NO_ESCAPE,
    K_PRESET,       /* --gpt-oss-*-default: temp 1, top_p 1, top_k 0, min_p 0.01 (and a model, ignored) */
    K_BACKEND,      /* -bs: llama.cpp then prefixes the GPU stages of its chain line with + or - */
    K_REMOVED,      /* arg.cpp 0017d6fb refuses it as removed (help: its successor) */
    K_OLD,          /* older llama.cpp took it, arg.cpp no longer has it ("error: invalid argument"), and it did
                     * not change sampling: its old values skipped, a warning (meta: what it was; help: the fix) */
    K_OLD_SAMPLING, /* the same for a flag that changed sampling in older builds (meta: what it was; help: what
                     * current llama.cpp has instead): a warning, and the chain is current llama.cpp's; both
                     * with NOT_CHECKED */
    K_ROUTER,       /* --models-preset FILE (read, layers.h) and --models-dir DIR (named, not read): a router's
                     * models and their presets, which change sampling (reference section 11, layer 2) */
    K_PROPS,        /* --props: llama-server's switch (POST /props), or with a FILE after it this tool's: a saved
                     * GET /props read as the server's values (args.c tells the two apart) */
    K_JSON, K_JSON_ALL, K_OPENAI, K_HELP, K_EXPLAIN, K_FROM_JSON, K_PRESET_MODEL   /* the workbench's own */
} ArgKind;

enum { T_CLI = 1, T_COMP = 2, T_SRV = 4, T_ALL = 7 };  /* ArgSpec.tools: which programs take the flag */

/* The words that mark what a message says about older llama.cpp (its flags, what they did, its program names):
 * it comes from older llama.cpp's READMEs and parsers, which the workbench's reference does not cover. */
#define NOT_CHECKED "not checked: this workbench's reference does not cover older llama.cpp"

typedef struct {
    const char *names[4];   /* the spellings, NULL-padded; for a switch, its "--no-" forms too */
    unsigned char arity;    /* values after the flag: 0, 1 or 2 */
    unsigned char tools;    /* T_* bits */
    ArgKind kind;
    int setting;            /* the ArgsSetting it sets, or -1 */
    size_t offset;          /* of the field in CliParams, for K_FLOAT..K_INT */
    long long min, max;     /* K_INT's range */
    const char *meta;       /* the value's name in the help text; K_OLD*: what the flag was */
    const char *help;       /* K_REMOVED: its successor; K_OLD: how to fix the line; K_OLD_SAMPLING: what current
                             * llama.cpp has instead */
    const char *choices;    /* K_IGNORED, K_OUTSIDE: the values arg.cpp accepts, or NULL for any. "a|b/c|d": a or b
                             * (named in the refusal) or c or d (aliases); "#": a whole number as std::stoi
                             * reads it; a leading '!': older llama.cpp took the flag alone; ":": FNAME:SCALE
                             * items separated by ',' (older llama.cpp took FNAME and SCALE as two values) */
} ArgSpec;

/* (n_arg_specs,) every flag, in arg.cpp's order, then older llama.cpp's flags that arg.cpp no longer has, then
 * the workbench's own. */
extern const ArgSpec arg_specs[];
extern const size_t n_arg_specs;

/* The row of the flag that sets the one-number setting s (kinds K_FLOAT to K_INT, whose offset is an int32_t
 * for K_INT and a double otherwise), or NULL for a setting of another kind. */
const ArgSpec *number_spec(ArgsSetting s);

typedef struct {
    const char *name;       /* lowercase */
    SamplerType type;
} SamplerName;

/* (n_sampler_names,) llama.cpp's current --samplers table (reference section 6), matched after lowercasing. */
extern const SamplerName sampler_names[];
extern const size_t n_sampler_names;

/* One --sampler-seq letter per SamplerType, in the enum's order: e = penalties, d = dry, ... */
extern const char sampler_letters[];

/* The hint for an unknown flag, into hint (size bytes): "; did you mean --typical?" when the flag (without its
 * dashes, any case, '_' as '-') is a request field, an OpenAI or Hugging Face name, or a --samplers name of a
 * setting (--typ-p, --max-tokens, --repetition-penalty, --mirostat-tau, --tfs-z), or a name that sends a request
 * body (--body; curl's -d, --data, --data-raw: --from-json, and how it takes one), or lies within a few edits
 * of a spelling that `tools` (T_* bits) take, where it is plausibly the same flag: the same letters for three
 * letters or fewer (--ngl), one edit up to nine letters (--top-kk), two up to fourteen, three beyond; older
 * llama.cpp's and removed flags first, with what became of them ("; did you mean --instruct? (older
 * llama.cpp's ..., which arg.cpp 0017d6fb does not have; not checked: ...)"); and never a flag that changes
 * sampling for one with a word of a flag that does not (--lora-bias is no --logit-bias). Returns false, with
 * hint "", when nothing is near. suggest.c. */
bool args_suggest(const char *flag, unsigned tools, char *hint, size_t size);

/* The optimal string alignment distance between a (n bytes) and b (m bytes): insertions, deletions,
 * substitutions and swaps of two neighbours each cost one; limit + 1 when it is above limit (or either is
 * longer than 48 bytes). suggest.c. */
size_t args_distance(const char *a, size_t n, const char *b, size_t m, size_t limit);

/* A flag's environment variable (common/arg.cpp at 0017d6fb, its set_env): flag is the row's names[0]. */
typedef struct {
    const char *flag;
    const char *env;
} ArgEnv;

/* (n_arg_envs,) every flag that has one; flags.c. */
extern const ArgEnv arg_envs[];
extern const size_t n_arg_envs;

/* The environment variable of spec's flag ("LLAMA_ARG_TOP_K" for --top-k), or NULL when it has none. */
const char *arg_env(const ArgSpec *spec);

/* The program a leading word names (llama-cli, llama-server, a path to one, ...), as args_parse reads it, or
 * TOOL_ANY; NULL is TOOL_ANY. args.c. */
ArgsTool args_program(const char *word);

/* The row of the flag word (as typed: '_' for '-' after "--") that one of `tools` (T_* bits) takes, or NULL
 * (not a flag, or none of them takes it). args.c. */
const ArgSpec *args_flag_row(const char *word, unsigned tools);

#endif
