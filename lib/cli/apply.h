/* apply.h: applying one flag of a llama.cpp command line to CliParams, by its row's kind (flags.h), internal to
 * lib/cli/ (args.c runs the command line and decides which failures stop it, and defines args_value_stops and
 * args_ignored_value_stops, declared here beside the readers they call). Each reader follows the
 * common/arg.cpp handler of its flag; where this workbench refuses what llama.cpp takes (NaN), its message
 * says so.
 *
 * defines: args_warn, args_cut_breaker, args_add_named, args_names_model, args_apply_flag, args_value_stops,
 * args_ignored_value_stops.
 */
#ifndef CLI_APPLY_H
#define CLI_APPLY_H

#include "cli/args.h"
#include "cli/flags.h"

#include <stdbool.h>
#include <stddef.h>

/* Appends one warning line, fmt with `what` (shown_line: control and non-ASCII bytes escaped) in its one %s,
 * to out->warnings. Room for a last "more warnings not shown" line is always kept, so a flood of warnings ends
 * with that line instead of a cut one. */
void args_warn(CliParams *out, const char *fmt, const char *what);

/* Cuts a DRY sequence breaker (breaker, NUL-terminated, escapes processed) to ARGS_MAX_BREAKER_LEN bytes, as
 * llama.cpp's DRY cuts it (at a character boundary here), with llama.cpp's own warning in out->warnings
 * (reference section 4.3) naming `name` (the flag or the body's field) and what is kept. Longer breakers only. */
void args_cut_breaker(CliParams *out, const char *name, char *breaker);

/* Adds a flag, as typed and shown safely, to a comma-separated list of flags (size bytes: CliParams.ignored
 * or .outside) once; "..." ends a list that is full. */
void args_add_named(char *list, size_t size, const char *flag);

/* Whether spec names the model (-m, -mu, -hf, -hff, -dr): ignored here and named in CliParams.model, since a
 * model can supply sampling defaults and suppressed tokens (args_model_note). */
bool args_names_model(const ArgSpec *spec);

/* Applies one flag with its value (NULL for a switch) as typed. breakers_cleared tracks the first
 * --dry-sequence-breaker, which clears the defaults. Returns false with one line in err (err_size bytes)
 * when llama.cpp, or this workbench, refuses the value (args.h lists them); *limit (when not NULL) then tells
 * whether it was only this tool's limit (65535 bytes of -p, 32 -r, 256 -l, ...), which llama.cpp does not
 * have. The caller decides whether that stops the command line. A K_IGNORED flag's value is checked against
 * ArgSpec.choices as arg.cpp checks it. */
bool args_apply_flag(CliParams *out, const ArgSpec *spec, const char *flag, const char *value,
                     bool *breakers_cleared, bool *limit, char *err, size_t err_size);

/* Whether llama.cpp stops on value as spec's one value (args.c: a sampling flag's value it refuses, as
 * args_parse stops on it), with the message in err (err_size bytes). For a variable whose flag is also typed:
 * common_params_parse_ex (common/arg.cpp at 0017d6fb) reads every variable before the command line, so the
 * typed flag does not rescue a bad one. False for a flag of no value or one that only warns, and when out of
 * memory. */
bool args_value_stops(const ArgSpec *spec, const char *value, char *err, size_t err_size);

/* Whether llama.cpp stops on value as the one value of spec, a flag that does not change sampling (K_IGNORED:
 * -fa, -ngl, ...), with the message in err: for a variable of such a flag, which llama.cpp reads before the
 * command line as it reads every variable (common/arg.cpp at 0017d6fb), so that the server never starts. False
 * for a value llama.cpp takes, or one only this tool's own limit refuses, and when out of memory. */
bool args_ignored_value_stops(const ArgSpec *spec, const char *value, char *err, size_t err_size);

#endif
