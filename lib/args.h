/* args.h: llama.cpp's sampling flags (common/arg.cpp), parsed into SamplingParams with llama.cpp's defaults
 * and value rules, so that a command line gives the same chain here as in llama-completion. Lesson Example 11.
 *
 * The flags: --temp/--temperature, --top-k, --top-p, --min-p, --typical/--typical-p, --repeat-last-n,
 * --repeat-penalty, --presence-penalty, --frequency-penalty, --dry-multiplier, --dry-base,
 * --dry-allowed-length, --dry-penalty-last-n, --dry-sequence-breaker, --xtc-probability, --xtc-threshold,
 * --top-n-sigma/--top-nsigma, --dynatemp-range, --dynatemp-exp, --mirostat, --mirostat-lr, --mirostat-ent,
 * -l/--logit-bias, --samplers, --sampler-seq/--sampling-seq, -s/--seed, --ignore-eos. The model flags of the
 * lesson's command lines (-m, -p, -n, -no-cnv) are accepted and ignored: there is no model here. --json and
 * -h/--help are the workbench tool's own.
 *
 * defines: CliParams, ARGS_*, args_defaults, args_parse, args_help, sampler_from_name, sampler_from_char.
 * The llama-server request body for the same flags is request.h's.
 */
#ifndef ARGS_H
#define ARGS_H

#include "chain.h"

#include <stdbool.h>
#include <stddef.h>

#define ARGS_MAX_BREAKERS 32      /* --dry-sequence-breaker entries */
#define ARGS_MAX_BREAKER_LEN 40   /* bytes kept of each breaker, as llama.cpp cuts them */
#define ARGS_MAX_WARNINGS 1024    /* bytes of warnings kept */

typedef struct {
    SamplingParams sampling;    /* everything the chain builder reads */
    char dry_breakers[ARGS_MAX_BREAKERS][ARGS_MAX_BREAKER_LEN + 1]; /* (n_dry_breakers,) as strings */
    size_t n_dry_breakers;
    bool json;                  /* --json: print the llama-server request body instead of the chain line */
    bool help;                  /* -h, --help */
    char warnings[ARGS_MAX_WARNINGS]; /* lines llama.cpp would log and go on, e.g. an unknown sampler name */
} CliParams;

/* llama.cpp's defaults, with the default breakers "\n", ":", "\"" and "*". NULL out does nothing. */
void args_defaults(CliParams *out);

/* Parses argv[1..argc) into *out, starting from args_defaults. Returns true on success. On failure returns
 * false and writes one line to err (err_size bytes, NUL-terminated) naming the flag and the value, e.g.
 * "--top-k: '4x' is not a whole number" (a value's control and non-ASCII bytes are shown as \n, \t or \xNN,
 * so the message stays one line); *out is then unspecified. Rejected: an unknown flag, a missing (or NULL)
 * value, a value that is not wholly a number (a blank before or after it, NaN, or a finite number too large
 * for a double such as 1e400; "inf" is accepted), an integer out of its range (--mirostat 0..2,
 * --repeat-last-n and --dry-penalty-last-n >= -1, --dry-allowed-length >= 0, --seed -1..4294967295), a
 * malformed -l, more than 256 -l, 32 breakers or 64 sampler names. Not rejected, as in llama.cpp: an unknown
 * name in --samplers or letter in --sampler-seq (a warning line in out->warnings, and skipped; past 1 KB of
 * warnings a last line says more were not shown), --dry-base below 1 (a warning; the old value stays), a
 * negative --temp (clamped to 0). A breaker longer than 40 bytes is cut there, at a character boundary.
 * NULL out, or NULL argv with argc > 0, returns false with a message. */
bool args_parse(int argc, char *const argv[], CliParams *out, char *err, size_t err_size);

/* The sampler a --samplers name stands for: a canonical name (top_k, typ_p, ...) or an alias (top-k, topk,
 * nucleus, temp, typ, ...), case-insensitive, as in llama.cpp's current table. Returns false for an unknown
 * name. */
bool sampler_from_name(const char *name, SamplerType *type);

/* The sampler a --sampler-seq letter stands for (d k y p s m t x i e a). Returns false for any other. */
bool sampler_from_char(char letter, SamplerType *type);

/* Writes the help text (every flag with its value and default) into buf, like snprintf: returns the full
 * length, writes at most size bytes, NUL-terminated when size > 0 (NULL buf writes nothing). */
size_t args_help(char *buf, size_t size);


#endif
