/* env.h: llama.cpp's LLAMA_ARG_* environment variables under a command line, read as common/arg.cpp at 0017d6fb reads
 * them (common_params_parse_ex: its loop over the program's options, before the command line): each flag of the program
 * the line names that has a variable (flags.c's arg_envs) takes the variable's value, where the line does not give the
 * flag; a flag on the line wins, and llama.cpp warns "warn: LLAMA_ARG_TOP_K environment variable is set, but will be
 * overwritten by command line argument --top-k". A switch's variable applies the switch when it is true (is_truthy); a
 * flag that takes a number reads it with std::stoi, as on the command line. Lesson Example 11.
 *
 * Here the variables that act become words of the command line, in front of the typed ones (llama.cpp applies
 * them first), each with a label naming the variable (ArgsLabel.env), so that its warnings and its source say
 * "LLAMA_ARG_TOP_K=5 (the environment)". Only the tool reads them (cli_main): the lesson's own command lines
 * are the lesson's, and its table never depends on the reader's shell.
 *
 * defines: EnvLine, env_line, env_sources, env_line_free.
 */
#ifndef CLI_ENV_H
#define CLI_ENV_H

#include "cli/args.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    int argc;
    char **argv;                /* (argc + 1,) argv[0], the program word if any, the variables' words, then the
                                 * typed words; NULL-terminated; allocated */
    ArgsLabel *labels;          /* (argc,) by argv index: a variable's words name it (env true), a typed word
                                 * has where NULL; allocated */
    char *pool;                 /* the variables' words and texts; allocated */
    int n_env_words;            /* how many words the variables put in front of the typed ones */
    char notes[4096];           /* lines without a label: each variable set that this line does not read, and why */
    char warnings[2048];        /* lines: a variable of a flag that does not change sampling whose value llama.cpp
                                 * stops on (the server never starts, though the chain line is the same) */
    char stop[800];             /* env_line's refusal of a variable's value (a line for stderr), or "" */
} EnvLine;

/* Builds *line from argv[0..argc) (main's: argv[1] may be the program word) and the environment (getenv, and
 * POSIX environ to find the LLAMA_ARG_* names set). Read as words: the variables of the flags that change
 * sampling or name the model (--top-k, -bs, -n, --reasoning-budget, -m, -hf, ..., --models-preset); on a
 * router's line (--models-preset, on the line or from LLAMA_ARG_MODELS_PRESET, without -m) only those that
 * name the model or the presets. Named in a note and not read: a variable whose flag is on the line (it
 * wins), a switch's variable that is not true, the variables of flags that do not change sampling (named, never
 * their values), a variable no flag of the program has, a sampling variable on a router's line. A variable
 * whose flag is on the line is still checked: a value llama.cpp stops on (args_value_stops) stops here too, as
 * arg.cpp reads the variables first. Returns false with line->stop set for such a value, or with err (err_size
 * bytes) when out of memory; then nothing is allocated. */
bool env_line(int argc, char *const argv[], EnvLine *line, char *err, size_t err_size);

/* After args_parse_labeled of line's words into p: each value a variable's words set is the environment's
 * (LAYER_ENV, named "LLAMA_ARG_TOP_K=5"), and a model a variable named is named by it. */
void env_sources(const EnvLine *line, CliParams *p);

/* Frees what env_line allocated; a zeroed line does nothing. */
void env_line_free(EnvLine *line);

#endif
