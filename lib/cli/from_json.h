/* from_json.h: the other direction: a llama-server request body, read as llama-server reads it, into the settings of a
 * llama.cpp command line, so that the chain line llama-server builds for it, and the flags that build the same chain,
 * can be printed (command.h). Lesson Example 11.
 *
 * Follows tools/server/server-schema.cpp (commit 0177c342: field names, aliases, clamps and hard limits, the
 * handlers of dry_base, logit_bias, ignore_eos, samplers, dry_sequence_breakers and stop) and the OpenAI chat
 * conversion of tools/server/server-common.cpp (oaicompat_chat_params_parse), with nlohmann::json's type rules
 * for get<T>: a number or a boolean (true is 1) for a number field, a boolean for a boolean field, a string for
 * a string field; JSON null is an absent field.
 *
 * defines: BODY_MAX_BYTES, body_read, body_read_file, body_model, body_file_shown.
 */
#ifndef CLI_FROM_JSON_H
#define CLI_FROM_JSON_H

#include "cli/args.h"

#include <stdbool.h>
#include <stddef.h>

#define BODY_MAX_BYTES (16u << 20)  /* a body file or standard input longer than 16 MiB is refused */

/* Reads a request body (text, length bytes; JSON) onto *params, which holds the server's defaults on entry:
 * args_defaults, or a llama-server command line's settings (its sampling flags are its defaults, as
 * llama-server copies params_base for each request). A body with "messages" is a /v1/chat/completions body
 * (OpenAI's conversion first: "messages" an array of messages with content, top_logprobs only with logprobs,
 * response_format's type text, json_object or json_schema); any other is a /completion body. Every field
 * present sets its value, as llama-server converts it: a float field holds the float of the body's number
 * (0.99999999 is 1.0), an int32 field the number cut to 32 bits as C++ converts it (4294967336 is 40);
 * clamped where the schema clamps (top_p, min_p, xtc_* to [0, 1], top_k to 0 and up, temperature to 0 and up,
 * mirostat to [0, 2], adaptive_target to 1 and below), dry_base below 1 replaced by the default, each with a
 * line in notes. logit_bias
 * replaces the list: pairs [[id, bias], ...] (an id below 0 skipped; an element that is not a pair, or a bias
 * that is neither a number nor false, skipped), an object {"id": bias} (of a repeated key the last, as
 * nlohmann::json keeps it), false as a ban; a string token or key
 * is tokenized by llama-server, which this tool cannot do: each is kept as the id -1 (matching no token), so
 * the chain line still shows logit-bias, and a line in notes says so. ignore_eos true adds logit-bias.
 * samplers: an array of names (unknown ones skipped with a warning, as llama.cpp warns) or a string of
 * letters. backend_sampling sets params->backend_sampling (-bs), whose note the chain line gets
 * (args_backend_note). Unknown sampler names and such go to params->warnings; what llama-server does that the
 * chain line or the flags cannot say goes to notes (notes_size bytes, NUL-terminated; NULL writes none): a
 * grammar, a JSON schema, a reasoning budget, min_keep, a body without prompt or messages.
 *
 * Returns false, with one line in err naming the field, where llama-server answers 400 (or refuses the body
 * otherwise): text that is not JSON, a body that is not an object, a field of the wrong type ("top_k": "40",
 * "stream": 1), a value outside a hard limit (repeat_last_n, dry_penalty_last_n, dry_allowed_length, min_keep
 * below 0, n_predict below -1, n below 1 or above params->n_parallel (the server's -np, when given; an n above
 * 1 without it gets a line in notes), adaptive_decay outside [0, 0.99], ...), dry_sequence_breakers that
 * is not a non-empty array of strings, a chat body whose messages break the conversion's rules, and what
 * llama.cpp's sampler refuses (a repeat_penalty of 0). Refused as this tool's own: a number llama-server
 * converts with undefined behaviour (1e10 for a 32-bit field), more than 256 biases or 64 breakers or
 * samplers, and JSON nested deeper than JSON_MAX_DEPTH ("the body is not read here (...)": no claim on what
 * llama-server does with it). NULL text, params or err is refused too. params is then unspecified. */
bool body_read(const char *text, size_t length, CliParams *params, char *notes, size_t notes_size, char *err,
               size_t err_size);

/* Reads the file at path whole ("-": standard input) into *text, which it allocates, NUL-terminated (free
 * it), with its length in *length. Returns false with one line in err, which starts with flag (the option as
 * typed: "--from-json", "--request") and names the file (body_file_shown), when it cannot be opened or read,
 * with the reason the system gave ("No such file or directory", "Is a directory"), or is longer than
 * BODY_MAX_BYTES (nothing is then allocated). A file of a size is read into a buffer of that size and a byte;
 * standard input or a pipe into one grown by half at a time, then cut back to its bytes: with body_read's JSON
 * reader, within 4 bytes a byte of the text (lib/test/test_readers_memory.c). */
bool body_read_file(const char *flag, const char *path, char **text, size_t *length, char *err, size_t err_size);

/* The body's top-level "model" string (a router picks the preset's section by it, reference section 11), into
 * buf (size bytes, cut there), or NULL when the text is not a JSON object with a string "model"; *json (when
 * not NULL) tells whether the text is JSON at all (body_read says why it is not). */
const char *body_model(const char *text, size_t length, char *buf, size_t size, bool *json);

/* A body's file as a message names it, into buf (size bytes): "standard input" for "-", else the path in
 * single quotes, made safe for one line (shown, values.h). Returns buf. */
const char *body_file_shown(const char *path, char *buf, size_t size);

#endif
