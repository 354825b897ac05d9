/* args.h: a whole llama.cpp command line (common/arg.cpp), parsed into SamplingParams with llama.cpp's defaults
 * and value rules, so that a pasted llama-server, llama-cli or llama-completion command gives the same chain
 * here as there. Lesson Example 11.
 *
 * The flag table follows common/arg.cpp at commit 0017d6fb63f9590e791a7562b276148f7bd5b7fc, the version the
 * reference (section 0) reads; its flags for llama-cli, llama-completion and llama-server are all known, with
 * their arity. Three kinds: the sampling flags act (they set SamplingParams, or the prompt, n_predict and stop
 * strings of a request body); a few change sampling indirectly (-e/--no-escape for the breakers, the
 * --gpt-oss-*-default presets); a grammar, a JSON schema and a reasoning budget change sampling outside the
 * chain line: accepted, not read, named in CliParams.outside;
 * every other flag is accepted and ignored (its value checked where arg.cpp checks it: ArgSpec.choices), and
 * named in CliParams.ignored. A flag that does not change sampling never costs the chain line: where
 * arg.cpp 0017d6fb would stop on it (a bare -fa, a removed flag, a flag only older llama.cpp took, a value it
 * refuses), a warning says what it says and how to fix the line; one that changed sampling in older builds
 * (--tfs) warns that the chain is current llama.cpp's, without it. What a message says about llama.cpp is the
 * reference's, or names arg.cpp 0017d6fb, or is marked not checked (older llama.cpp: NOT_CHECKED, flags.h).
 * An unknown flag is an error, with the nearest spelling suggested.
 * --json, --json-all, --openai, --from-json, --explain and -h are the workbench's own.
 *
 * defines: CliParams, ArgsTool, ArgsSetting, ArgsOutput, ArgsLabel, ARGS_*, args_defaults, args_breakers_default,
 * args_parse, args_parse_labeled, args_help, args_setting_field, sampler_from_name, sampler_from_char,
 * sampler_unknown_hint. The request bodies for the same flags are
 * request.h's, a body read back from_json.h's, the flags written back command.h's, --explain explain.h's.
 */
#ifndef ARGS_H
#define ARGS_H

#include "chain.h"
#include "cli/sources.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define ARGS_MAX_BREAKERS 64      /* --dry-sequence-breaker entries (arg.cpp 0017d6fb has no limit) */
#define ARGS_MAX_BREAKER_LEN 40   /* bytes kept of each breaker after escapes, as llama.cpp cuts them */
#define ARGS_MAX_BREAKER_RAW 160  /* bytes kept of a breaker as typed (an escape is at most 4 bytes for 1) */
#define ARGS_MAX_STOPS 32         /* -r/--reverse-prompt entries (arg.cpp 0017d6fb has no limit) */
#define ARGS_MAX_STOP_LEN 1023    /* bytes of each, as typed; a longer one is refused (arg.cpp 0017d6fb has no limit) */
#define ARGS_MAX_PROMPT 65535     /* bytes of -p, -f, -sys and -sysf, as typed or read; a longer one is refused
                                   * (arg.cpp 0017d6fb has no limit) */
#define ARGS_MAX_WARNINGS 8192    /* bytes of warnings kept */
#define ARGS_MAX_TYPED 63         /* bytes kept of a number as typed, for the body (longer: its float is written) */
#define ARGS_MAX_IGNORED 1024     /* bytes of ignored flag names kept */
#define ARGS_MAX_OUTSIDE 256      /* bytes of CliParams.outside (a few flags, each named once) */
#define ARGS_MAX_BIAS_STRING 47   /* bytes kept of a body's logit_bias string, shown safely (cut with "...") */

/* The program word a command line may start with; it decides which flags exist (arg.cpp's examples). */
typedef enum { TOOL_ANY, TOOL_CLI, TOOL_COMPLETION, TOOL_SERVER } ArgsTool;

/* The request-body settings a command line can set: bit (1u << s) of CliParams.set. The chain's settings first,
 * numbered as chain.h's SamplingSetting (so (SamplingSetting)s is the same setting, for s below SETTING_COUNT:
 * stage_reads answers which stage reads it), then the request's own fields. */
typedef enum {
    SET_TEMP = SETTING_TEMP, SET_TOP_K = SETTING_TOP_K, SET_TOP_P = SETTING_TOP_P, SET_MIN_P = SETTING_MIN_P,
    SET_TYP_P = SETTING_TYP_P, SET_REPEAT_PENALTY = SETTING_PENALTY_REPEAT, SET_REPEAT_LAST_N = SETTING_PENALTY_LAST_N,
    SET_PRESENCE = SETTING_PENALTY_PRESENT, SET_FREQUENCY = SETTING_PENALTY_FREQ,
    SET_DRY_MULTIPLIER = SETTING_DRY_MULTIPLIER, SET_DRY_BASE = SETTING_DRY_BASE,
    SET_DRY_ALLOWED_LENGTH = SETTING_DRY_ALLOWED_LENGTH, SET_DRY_LAST_N = SETTING_DRY_PENALTY_LAST_N,
    SET_DRY_BREAKERS = SETTING_DRY_BREAKERS, SET_XTC_PROBABILITY = SETTING_XTC_PROBABILITY,
    SET_XTC_THRESHOLD = SETTING_XTC_THRESHOLD, SET_TOP_N_SIGMA = SETTING_TOP_N_SIGMA,
    SET_DYNATEMP_RANGE = SETTING_DYNATEMP_RANGE, SET_DYNATEMP_EXPONENT = SETTING_DYNATEMP_EXPONENT,
    SET_MIROSTAT = SETTING_MIROSTAT, SET_MIROSTAT_TAU = SETTING_MIROSTAT_TAU, SET_MIROSTAT_ETA = SETTING_MIROSTAT_ETA,
    SET_ADAPTIVE_TARGET = SETTING_ADAPTIVE_TARGET, SET_ADAPTIVE_DECAY = SETTING_ADAPTIVE_DECAY,
    SET_SAMPLERS = SETTING_SAMPLERS, SET_SEED = SETTING_SEED, SET_IGNORE_EOS = SETTING_IGNORE_EOS,
    SET_LOGIT_BIAS = SETTING_LOGIT_BIAS, SET_MIN_KEEP = SETTING_MIN_KEEP,
    SET_PROMPT = SETTING_COUNT, SET_N_PREDICT, SET_STOP, SET_COUNT
} ArgsSetting;
_Static_assert(SET_COUNT <= 32, "CliParams.set holds one bit per ArgsSetting");

/* What the tool prints: the chain line, the /completion body (set fields or every field), the chat body. */
typedef enum { OUTPUT_CHAIN, OUTPUT_JSON, OUTPUT_JSON_ALL, OUTPUT_OPENAI } ArgsOutput;

/* Where a flag of a command line written for it came from (a router's child: the preset's key), for
 * args_parse_labeled: its warnings are then given in the preset's words. */
typedef struct {
    const char *where;          /* "p.ini: line 4: [m] top-k = 5 5"; NULL: the flag as typed */
    const char *flag;           /* the flag as the child's line spells it ("--top-k") */
    const char *key;            /* the preset's key as written ("top-k"), or the variable (LLAMA_ARG_TOP_K) */
    bool env;                   /* where is an environment variable's "LLAMA_ARG_TOP_K=5" (env.h), not a preset's */
} ArgsLabel;

typedef struct CliParams {
    SamplingParams sampling;    /* everything the chain builder reads */
    char dry_breakers[ARGS_MAX_BREAKERS][ARGS_MAX_BREAKER_RAW + 1]; /* (n_dry_breakers,) at most 40 bytes each
                                                                    * once parsed, escapes processed */
    size_t n_dry_breakers;
    char prompt[ARGS_MAX_PROMPT + 1];   /* -p or -f, escapes processed */
    char system_prompt[ARGS_MAX_PROMPT + 1]; /* -sys or -sysf, as typed (llama.cpp processes no escapes in it);
                                             * "" for none */
    int32_t n_predict;          /* -n; -1 = no limit */
    char stop[ARGS_MAX_STOPS][ARGS_MAX_STOP_LEN + 1];  /* (n_stop,) -r, escapes processed */
    size_t n_stop;
    bool escape;                /* -e (default) / --no-escape */
    int32_t n_parallel;         /* -np / --parallel as std::stoi reads it: the server's n_parallel, the upper
                                 * bound of a body's n (reference section 7); 0 when not given (unknown) */
    const char *backend_from;   /* "LLAMA_ARG_BACKEND_SAMPLING=1" when the environment turned it on (env.h), or NULL */
    bool backend_sampling;      /* -bs / --backend-sampling (or a body's backend_sampling): llama.cpp then
                                 * runs part of the chain on the GPU and prefixes its line's stages that have a
                                 * backend version with + or - (args_backend_note) */
    ArgsTool tool;              /* from the leading program word, TOOL_ANY without one */
    bool old_program;           /* the word was older llama.cpp's name for it (main, server), before 2024 */
    uint32_t set;               /* bit (1u << ArgsSetting): the command line set it */
    char typed[SET_COUNT][ARGS_MAX_TYPED + 1]; /* a float setting's value as typed ("0.99999999"), "" for none
                                                * (a preset, a clamp, or longer than ARGS_MAX_TYPED): the
                                                * body keeps these digits; sampling holds their float */
    const char *named[SET_COUNT]; /* what set it last, as written: the flag as typed ("--top_k"), a preset's
                                   * flag, or a body's field ("top_k"), pointing into argv or a static
                                   * table; NULL for none. Notes name the setting so (dropped.h) */
    SettingSources sources[SET_COUNT]; /* where each value came from, layer by layer (sources.h) */
    char bias_strings[CHAIN_MAX_BIASES][ARGS_MAX_BIAS_STRING + 1]; /* by sampling.logit_bias index: a body's
                                                * string that llama-server tokenizes ("hello", shown safely), its
                                                * entry kept with the id -1; "" for an id (body_fields.c) */
    char samplers_typed[SOURCE_VALUE_MAX + 1]; /* the last --samplers or --sampler-seq value as typed, shown
                                                * safely (cut); "" for none: a note quotes it (dropped.c) */
    ArgsOutput output;
    bool help;                  /* -h, --help, --usage */
    bool explain;               /* --explain: the chain in the lesson's words */
    const char *from_json;      /* --from-json FILE ("-": standard input), pointing into argv; NULL for none */
    const char *from_json_flag; /* the flag that gave it, as typed (--from-json or --request), into argv */
    const char *model_path;     /* the last -m/--model FILE, into argv (or the preset child's line); NULL: none */
    const char *model_flag;     /* the flag that gave it, as typed */
    bool model_read;            /* a GGUF was read for it (layers.h): its note replaces args_model_note's */
    bool model_unread;          /* a model is named (a preset's hf-repo, a section's own name) whose GGUF this
                                 * tool does not read: --explain's defaults say it may set them */
    char model_missing[80];     /* why no file is at model_path, as the system says ("No such file or
                                 * directory"), "" otherwise: args_model_note says it is not there */
    const char *models_preset;  /* --models-preset FILE (a router's presets), into argv; NULL for none */
    const char *models_dir;     /* --models-dir DIR (a router's folder of models, not read here); NULL for none */
    const char *preset_model;   /* --preset-model NAME (this tool's: the section without a request); NULL */
    bool router_child;          /* these are a router's child's settings (layers_preset): a body names the model */
    const char *props_file;     /* this tool's --props FILE: a saved GET /props as the server's values; NULL */
    char warnings[ARGS_MAX_WARNINGS]; /* lines llama.cpp would log and go on, e.g. an unknown sampler name */
    const ArgsLabel *labels;    /* args_parse_labeled's, (n_labels,) by argv index; NULL for a line as typed */
    int n_labels;
    int refused_at;             /* after args_parse refuses: the argv index of the element its message is about
                                 * (the value it could not read, else the flag); 0 for the line as a whole */
    char ignored[ARGS_MAX_IGNORED];   /* "-ngl, --port": flags accepted and ignored, as typed, once each:
                                       * they do not change sampling */
    char model[ARGS_MAX_OUTSIDE];     /* "-m": the flags that name the model (-m, -mu, -hf, -hff, -dr), as typed,
                                       * once each: ignored here, though a model can supply sampling defaults
                                       * and suppressed tokens (args_model_note) */
    char unread[2 * ARGS_MAX_IGNORED]; /* "temp, user": the body's members llama-server does not read (--from-json),
                                        * as written, once each; --explain names them */
    char completions_errors[64];      /* "best_of, echo true": a /completion body's fields that llama-server's
                                       * OpenAI completions endpoint refuses (reference section 7) */
    char outside[ARGS_MAX_OUTSIDE];   /* "--grammar, -j": flags that change sampling outside the chain line (a
                                       * grammar, a JSON schema, --reasoning-budget of 0 or more), as typed, once
                                       * each; not read here and not carried in request bodies */
    const char *grammar;        /* what set a grammar or a JSON schema, as written (--grammar, -j, a body's
                                 * grammar, json_schema or response_format), or NULL: llama.cpp then turns backend
                                 * sampling off (reference section 2) */
    int32_t n_probs;            /* a body's n_probs (alias logprobs; a chat body's logprobs: its top_logprobs,
                                 * 20 without): the top tokens whose probabilities a response reports; 0 none */
    const char *probs_named;    /* the field that set n_probs, as written, or NULL */
    bool post_sampling_probs;   /* a body's post_sampling_probs: those probabilities are the chain's, not the
                                 * model's (reference section 11) */
    const char *budget_flag;    /* the last --reasoning-budget as typed (into argv), or NULL: named in outside
                                 * for a budget of 0 or more, in ignored for one below 0 (no budget) */
    long long reasoning_budget; /* its value, as std::stoi reads it */
} CliParams;

/* llama.cpp's defaults: sampling_params_default, the breakers "\n", ":", "\"" and "*", n_predict -1, escapes
 * on, nothing set. NULL out does nothing. */
void args_defaults(CliParams *out);

/* Whether p's DRY sequence breakers are llama.cpp's defaults, the four args_defaults sets, in order (so a
 * caller need not build a whole CliParams of defaults, about 220 KB, to ask). */
bool args_breakers_default(const CliParams *p);

/* Parses argv[1..argc) into *out, starting from args_defaults. argv[1] may be a program word (llama-cli,
 * llama-completion, llama-server, or a path ending in one, '/' or '\\' separated, with or without ".exe", any
 * case: LLAMA-SERVER, llama-server.EXE); then only that tool's flags exist. A "--" flag may use '_' for '-'
 * (--top_k), as in llama.cpp. Returns true on success. On failure returns false and writes one line to err
 * (err_size bytes) naming the flag and the value, e.g. "--top-k: '4x' is not a whole number (...)" (a value's
 * control and non-ASCII bytes shown as \n, \t or \xNN); *out is then unspecified.
 *
 * Refused (false), as llama.cpp refuses them: an unknown flag, or one the named tool does not take (with the
 * nearest known spelling suggested where it is plausibly the same flag, args_suggest in flags.h: --typ-p gives
 * --typical, --repetition-penalty --repeat-penalty, --lora-bass --lora-base; a blank in it adds a hint that
 * the whole line was pasted as one quoted argument); a sampling flag's missing value; a
 * number std::stof or std::stoi refuses (none there, or out of range: a float below FLT_MIN in size, 1e-40, or
 * past FLT_MAX, 1e39; "inf" and 0 are fine); an integer out of its range (--mirostat 0..2, --repeat-last-n and
 * --dry-penalty-last-n >= -1, --top-k in int32); a --repeat-penalty that is not finite or not above 0 (0, -1);
 * a --frequency-penalty or --presence-penalty that is not finite; a
 * malformed -l; a --seed past std::stoul's range. Refused as this workbench's limit, which the message says
 * (llama.cpp would take it): NaN, which its samplers cannot compute with (a NaN --dry-base is ignored, as
 * llama.cpp ignores a base that is not 1 or more). Refused as this tool's own rules: two different ones of
 * --json, --json-all and --openai ("choose one"); --from-json with a body output or with -p/-f; --explain with
 * a body output. Refused as the chain builder refuses them (sampling_params_problem), naming the flag and
 * saying it is this workbench's limit (llama.cpp would take it): an infinite --mirostat-ent or --mirostat-lr
 * with --mirostat 1 or 2, an --adaptive-target of inf. This tool's own limits, named in the message: more than
 * 256 -l, 64 breakers or 64 sampler names.
 *
 * Warned about (a line in warnings) and the parse goes on, because the flag does not change sampling: an
 * ignored flag whose value arg.cpp 0017d6fb would refuse (one of a fixed set: -fa and --color on|off|auto, -sm
 * none|layer|row|tensor, cache types, ...; or a whole number as std::stoi reads it: -t, -ngl, --port, ...),
 * a missing value, a removed flag (--draft-max), a flag only older llama.cpp took (-ins, -gqa 8, --memory-f32:
 * its old values skipped; -lv's missing number says -lv was --low-vram; --lora-scaled FNAME SCALE, the old two
 * values), each with what arg.cpp 0017d6fb says and how to fix the line; a value that is itself a known flag
 * is then not taken as the value, so an old bare '-fa --jinja' keeps --jinja, as the line's writer meant it. A
 * std::stoi reading ('-ngl 99.5' is 99) is warned about too. A flag that changed sampling in older
 * builds (--tfs, --penalize-nl, --cfg-scale) is warned about as well: current llama.cpp's chain has nothing in its
 * place, so the chain is current llama.cpp's, without it.
 * The request flags (-p, -f, -sys, -sysf, -r, -n) that fail (a missing value, a file that cannot be read,
 * -p past 65535 bytes, -r past 1023 bytes, more than 32 -r, -n not a whole number) are warned about for the
 * chain line and refused (false) with a body output, which needs them.
 *
 * Read as llama.cpp reads them, with a warning naming the flag, the value as typed and what llama.cpp reads: the number
 * at the start of a sampling value, a blank before it skipped ('0.0' is 0 for --top-k, '0.9x' is 0.9, ' 5' is 5); a
 * second sign in -l ("15--3" is 15+3, as std::stof takes it; -l otherwise reads blanks before the id, the sign and the
 * bias as llama.cpp does); a --seed other than -1 whose low 32 bits differ from it (std::stoul: 4294967296 is 0, -2 is
 * 4294967294). A --dry-allowed-length below 0 is taken without a warning, as llama.cpp's command line takes it. Decided
 * on the float llama.cpp stores: every float setting holds std::stof's float of its value (--temp 1.00000001 is 1.0, so
 * ?temp-ext), and the accept tests and clamps are made on it. Clamped, as llama.cpp does: a negative --temp (to 0).
 * Wrapped: --seed -1 (to 0xFFFFFFFF). Stored as read, as llama.cpp stores them: --adaptive-target and --adaptive-decay
 * (adaptive-p clamps the decay to [0, 0.99] and the target to [0, 1] in each step). Not refused, as in llama.cpp: an
 * unknown name in --samplers or letter in --sampler-seq, --dry-base below 1 in float or NaN (a warning each; skipped or
 * the old value kept; past 4 KB of warnings a last line says more were not shown). A window of -1 (--repeat-last-n,
 * --dry-penalty-last-n; older builds' "context size") is kept as -1, which arg.cpp 0017d6fb takes and the chain
 * builder, like current libllama, treats as 0 (off), with a warning that says so, that whether current llama.cpp's
 * command line refuses -1 is unconfirmed (reference sections 6 and 10), and what older builds did (llama-cli: -c's
 * size; DRY: the model's training context; llama-server: the slot's context). Escapes (\n \r \t \' \" \\ \xHH) in
 * breakers, -p, -f's text and -r are processed unless --no-escape (\x00 is kept as the 4 characters typed, since a C
 * string cannot hold a NUL, with a warning naming the flag); a breaker is then cut to 40 bytes, at a character
 * boundary, as llama.cpp's DRY cuts it. -f and -sysf read their file (one trailing newline dropped, as llama.cpp does).
 * NULL out, or NULL argv with argc > 0, returns false with a message. */
bool args_parse(int argc, char *const argv[], CliParams *out, char *err, size_t err_size);

/* args_parse of a line written for a router's child (layers.c): labels (argc entries, by argv index; NULL for
 * none) name where each flag came from, and the warnings its flags draw are given in those words, with the fix
 * as the preset's key ("write top-k = 5"). labels must outlive out's use of them. */
bool args_parse_labeled(int argc, char *const argv[], const ArgsLabel *labels, CliParams *out, char *err,
                        size_t err_size);

/* The sampler a --samplers name stands for: a canonical name (top_k, typ_p, ...) or an alias (top-k, topk,
 * nucleus, temp, typ, ...), case-insensitive, as in llama.cpp's current table. Returns false for an unknown
 * name. */
bool sampler_from_name(const char *name, SamplerType *type);

/* The sampler a --sampler-seq letter stands for (d k y p s m t x i e a). Returns false for any other. */
bool sampler_from_char(char letter, SamplerType *type);

/* What a --samplers name (name != NULL) or a --sampler-seq letter (name NULL) that current llama.cpp does not
 * know was, for the old names a pasted line still carries: " (...)" to follow llama.cpp's warning "unable to
 * match sampler by ...", or "" for any other. tfs_z (tfs-z, tfs) and the letter f: older llama.cpp's tail-free
 * sampler (NOT_CHECKED); typical_p, the request field's name, and typical, typical-p, which earlier llama.cpp
 * took: the sampler's name is typ_p (reference sections 6 and 7). Case-insensitive, as sampler_from_name. */
const char *sampler_unknown_hint(const char *name, char letter);

/* The request field a setting is sent as ("temperature", "top_k", "n_predict", ...), and in *openai (when not
 * NULL) whether OpenAI's chat API has a parameter of that name (temperature, top_p, frequency_penalty,
 * presence_penalty, seed, logit_bias, stop; n_predict and prompt are OpenAI's max_tokens and messages, and
 * are marked too). NULL for a value out of range. */
const char *args_setting_field(ArgsSetting s, bool *openai);

/* Writes the help text into buf, like snprintf: returns the full length, writes at most size bytes,
 * NUL-terminated when size > 0 (NULL buf writes nothing). It lists every sampling flag with its value, its
 * default and its request field (marked OpenAI or llama.cpp), the --samplers names and --sampler-seq letters,
 * and the flags that are accepted and ignored. It allocates a CliParams of defaults (about 220 KB) and frees
 * it; out of memory it writes "" and returns 0 (the help is never empty otherwise). */
size_t args_help(char *buf, size_t size);

#endif
