/* props.h: a saved GET /props response, read as the server layer of a request: the values of
 * default_generation_settings.params, which hold the server's settings after its flags and the model's GGUF, before any
 * request (reference section 11, "What the server reports"). The field names and their types are task_params::to_json's
 * (tools/server/server-task.cpp at 00efb3e); adaptive_target and adaptive_decay are read when a newer server prints
 * them.
 *
 * The server prints a float setting as the double of its float (0.95 as 0.949999988079071): the value kept
 * is that float (float_value of the printed double, which is exact), and the text kept is the printed one.
 * nlohmann::json, the server's writer, prints a float that is not finite as null: a logit_bias entry whose
 * bias is null is taken as a ban (-inf, as --ignore-eos's end-of-generation bans are), with a note.
 *
 * Memory: the file, read at its size (standard input or a pipe in a buffer grown by half at a time; at most
 * PROPS_MAX_BYTES, this tool's limit), and the JSON reader's at most 3 bytes a byte, freed before props_read
 * returns: within 4 bytes a byte of the file plus a constant (lib/test/test_readers_memory.c).
 *
 * defines: PROPS_*, PropsKind, PropsField, PropsInfo, props_read, props_read_file.
 */
#ifndef CLI_PROPS_H
#define CLI_PROPS_H

#include "cli/args.h"

#include <stdbool.h>
#include <stddef.h>

#define PROPS_MAX_BYTES ((size_t)4 << 20)   /* a longer file is refused (this tool's limit; /props is a few KB) */
#define PROPS_WRITTEN_MAX 127               /* bytes kept of a value as printed; longer ends in "..." */
#define PROPS_FIELDS 35                     /* the fields props_read knows as settings */

typedef enum { PROPS_FLOAT, PROPS_INT, PROPS_SEED, PROPS_BOOL, PROPS_STRINGS, PROPS_SAMPLERS, PROPS_BIAS,
               PROPS_STRING } PropsKind;

/* One field of params as the file has it. */
typedef struct {
    const char *field;          /* the JSON field name, as the server prints it: "temperature", "repeat_last_n" */
    int setting;                /* the ArgsSetting it holds (SET_TEMP, SET_MIN_KEEP, ...), -1 for one that is no
                                 * setting of the chain (n_probs, backend_sampling, grammar) */
    const char *flag;           /* the llama.cpp flag that sets it on a command line ("--temp"), NULL for none
                                 * (min_keep, n_probs) */
    PropsKind kind;
    bool present;               /* the file has it */
    char written[PROPS_WRITTEN_MAX + 1]; /* its value as printed: a number's text as written ("0.800000011920929"),
                                          * true/false, an array's strings quoted ["\n", ":"] */
} PropsField;

/* What props_read found besides the values. */
typedef struct {
    PropsField fields[PROPS_FIELDS];    /* (n_fields,) every field props_read knows, in task_params::to_json's
                                         * order; present marks those the file has */
    size_t n_fields;
    char unread[1024];          /* params fields this reader does not know, ", "-separated, as written (a newer
                                 * server's); the fields it knows that do not change sampling are not named */
    char notes[2048];           /* one line each: what the values cannot say (a null bias as a ban, a
                                 * grammar, a breaker holding a NUL) */
    char model_path[256];       /* the top level's model_path, "" for none */
} PropsInfo;

/* Reads text (length bytes, a GET /props response; the caller keeps it) named name in messages: each present
 * field of default_generation_settings.params is written over *params (sampling values, dry_breakers,
 * stop, n_predict, backend_sampling; the rest of *params is left as the caller set it, set and named too: the
 * caller marks where the values came from). Float fields hold the float of the printed double; samplers go
 * through sampler_from_name (a name that matches nothing: "unable to match sampler by name 'x'" in
 * params->warnings); breakers are cut to 40 bytes, as DRY cuts them. Returns true on success with *info. On
 * failure returns false with one line in err, e.g. "props.json: params.temperature is a string, not a number
 * (llama-server prints a number there): not a /props this tool can read", and *params partly written. Refused:
 * text that is not JSON (the JSON reader's line and column), no default_generation_settings.params object,
 * a field of another type than the server prints, an integer out of its C type's range, more breakers,
 * stop strings, samplers or biases than CliParams holds, a stop string past ARGS_MAX_STOP_LEN (this tool's
 * limits), a text past PROPS_MAX_BYTES, NULL arguments. */
bool props_read(const char *text, size_t length, const char *name, CliParams *params, PropsInfo *info, char *err,
                size_t err_size);

/* props_read of the file at path (named by path): "cannot read 'PATH': No such file or directory" with the
 * system's reason when it cannot be read; "-" reads standard input, named "standard input". */
bool props_read_file(const char *path, CliParams *params, PropsInfo *info, char *err, size_t err_size);

#endif
