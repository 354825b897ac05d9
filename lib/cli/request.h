/* request.h: what to send llama-server for the same sampling as a llama.cpp command line (lesson Example 11,
 * the table that maps llama.cpp's settings to the server's fields and OpenAI's parameters).
 *
 * defines: RequestKind, request_json.
 */
#ifndef REQUEST_H
#define REQUEST_H

#include "cli/args.h"

typedef enum {
    REQUEST_COMPLETION,     /* POST /completion: the settings the command line set, prompt (-p), n_predict (-n) */
    REQUEST_COMPLETION_ALL, /* POST /completion: every sampling field, defaults included */
    REQUEST_CHAT            /* POST /v1/chat/completions: OpenAI's names, then llama.cpp's own fields */
} RequestKind;

/* Writes the llama-server request body that asks for the same sampling as *params, as one JSON object, into
 * buf like snprintf: returns the full length, writes at most size bytes, NUL-terminated when size > 0; call it
 * with size 0 to learn the length. Fields (llama-server's names; tools/server/server-schema.cpp, reference
 * section 7): temperature, top_k, top_p, min_p, typical_p, repeat_last_n, repeat_penalty, presence_penalty,
 * frequency_penalty, dry_multiplier, dry_base, dry_allowed_length, dry_penalty_last_n, dry_sequence_breakers,
 * xtc_probability, xtc_threshold, top_n_sigma, dynatemp_range, dynatemp_exponent, mirostat, mirostat_tau,
 * mirostat_eta, adaptive_target, adaptive_decay, samplers, seed, ignore_eos, logit_bias, and prompt, n_predict,
 * stop; then backend_sampling true for -bs (params->backend_sampling; reference section 2).
 * REQUEST_COMPLETION writes prompt and n_predict first, then only the fields whose bit is in params->set;
 * REQUEST_COMPLETION_ALL every sampling field; REQUEST_CHAT writes messages (a system message from -sys or -sysf,
 * then the user's from -p or -f) and max_tokens (from -n),
 * then OpenAI's temperature, top_p, frequency_penalty, presence_penalty, seed, logit_bias (an object keyed by
 * token id, a token's biases summed) and stop, then llama.cpp's own set fields, which llama-server's chat
 * endpoint passes through. logit_bias in /completion is [[id, bias], ...].
 * A float setting keeps the digits typed (params->typed) where they are a JSON number that llama-server,
 * reading a double and then its float, reads as std::stof's float; else the shortest digits both read so
 * (".5" is 0.5), with a line in notes where the typed digits would round to another float on the server.
 * Every value written is one the server's schema accepts: the random seed is -1, a banning bias false, other
 * infinite numbers +-1e308 (JSON has no infinity; the server's float makes them infinite again). What the
 * schema would refuse is left out with one line in notes (notes_size bytes, NUL-terminated; NULL writes
 * none): an empty breaker list ("none"), n_predict below -1, a dry_allowed_length below 0, and -sys in a
 * /completion body (it has no system message). An adaptive_decay outside [0, 0.99], which the schema refuses,
 * is sent as the bound adaptive-p clamps it to (the same sampling), with a line in notes. A window of -1 is sent
 * as 0 (off, as the chain line has it; current llama-server refuses -1), with a line in notes. Where the body
 * cannot say what the command line means, a line in notes says so: a min_p above 1 (llama-server clamps it to
 * 1, keeping every tie with the top token), an adaptive_target above 1 (llama-server clamps it to 1, while the
 * command line's adaptive-p starts its average at it), a token id below 0 (left out: llama-server skips it,
 * while the command line's list keeps it). The flags of params->outside (a grammar, a JSON schema, a reasoning
 * budget) are not carried: one line in notes names them. A body without a prompt (/completion) or messages
 * (the chat body) gets a note too, which says whether llama-server refuses it so is not checked against the
 * reference, and is written all the same.
 * Strings are escaped, and bytes that are not valid UTF-8 become U+FFFD, so the text is always valid JSON.
 * NULL params writes "{}"; NULL buf writes nothing. */
size_t request_json(const CliParams *params, RequestKind kind, char *buf, size_t size, char *notes,
                    size_t notes_size);

#endif
