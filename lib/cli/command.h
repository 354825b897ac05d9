/* command.h: settings written back as a llama.cpp command line, the flags that build the same sampler chain (for
 * --from-json: a body's settings as flags). Lesson Example 11.
 *
 * defines: args_command, args_command_setting, args_shell_word, args_body_like, args_body_pipe.
 */
#ifndef CLI_COMMAND_H
#define CLI_COMMAND_H

#include "cli/args.h"
#include "text.h"

#include <stddef.h>

/* Writes "llama-server" and the flags for every sampling setting of *params that differs from llama.cpp's
 * default (args_defaults; floats compared as llama.cpp's floats), into buf like snprintf: returns the full
 * length, writes at most size bytes, NUL-terminated when size > 0 (NULL buf writes nothing). In arg.cpp's
 * spelling and order: --temp, --top-k, --top-p, --min-p, --top-n-sigma, --xtc-*, --typical, --repeat-last-n,
 * --repeat-penalty, --presence-penalty, --frequency-penalty, the --dry-* flags, --adaptive-target,
 * --adaptive-decay, --dynatemp-*, --mirostat*,
 * then -s, --samplers (canonical names), --dry-sequence-breaker (each, or none), -l ID+BIAS / ID-BIAS /
 * ID-inf, --ignore-eos. A float is written in the shortest digits std::stof reads back as the same
 * float, so that pasting the line after 11_sampler_chain gives the same chain line. A value with characters
 * the shell would read is single-quoted ('\'' for a quote); a breaker's bytes are written as llama.cpp's
 * escapes (\n, \\, \xHH) so that llama.cpp's escape processing gives them back. min_keep has no flag and is
 * not written. NULL params writes "llama-server". */
size_t args_command(const CliParams *params, char *buf, size_t size);

/* The words args_command writes for one one-number setting s ("--temp 0.7"), into buf like snprintf; "" (0) when
 * it writes none for it: s at llama.cpp's default, or a setting that is no one number (samplers, a list, the
 * seed). For a note to name a value as the flags line writes it (dropped.c). NULL params writes "". */
size_t args_command_setting(const CliParams *params, ArgsSetting s, char *buf, size_t size);

/* Appends " word" to t as a POSIX shell reads it back as one word: as it is when every character is one the shell
 * takes literally (letters, digits, _+-.,/:=@%^), else in single quotes ('\'' for a quote); "" as ''. The bytes are
 * written as they are: a word with a newline spans lines. */
void args_shell_word(Text *t, const char *word);

/* Whether word looks like a JSON body typed in place of a file's name: its first byte after blanks is '{'. NULL is
 * not. */
bool args_body_like(const char *word);

/* Appends to t the command that sends the body argv[body_at] on standard input, as a reader can paste it: echo and
 * the body as one shell word (printf '%s\n' for a body with a backslash, which some echo reads), then " |
 * build/bin/PROGRAM" and the words argv[1..argc) as typed (args_shell_word), argv[body_at] written "-" and
 * argv[flag_at] "--from-json" (flag_at -1: none is replaced). A word the one line of a message cannot show as typed
 * (a control byte, bad UTF-8) is written '{...}' for the body and shown (\n, \xNN, values.h) for the others; a
 * body_at outside [1, argc) writes the body '{...}'.
 * "echo '{\"top_k\":3}' | build/bin/11_sampler_chain --from-json -" for -d '{"top_k":3}'. */
void args_body_pipe(Text *t, const char *program, int argc, char *const argv[], int flag_at, int body_at);

#endif
