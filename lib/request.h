/* request.h: what to send llama-server for the same sampling as a llama.cpp command line (lesson Example 11,
 * the table that maps llama.cpp's settings to the server's fields and OpenAI's parameters).
 *
 * defines: request_json.
 */
#ifndef REQUEST_H
#define REQUEST_H

#include "args.h"

/* Writes the llama-server request body that asks for the same sampling as *params: one JSON object with
 * every field under its server name (temperature, top_k, top_p, min_p, typical_p, repeat_last_n,
 * repeat_penalty, presence_penalty, frequency_penalty, dry_multiplier, dry_base, dry_allowed_length,
 * dry_penalty_last_n, dry_sequence_breakers, xtc_probability, xtc_threshold, top_n_sigma, dynatemp_range,
 * dynatemp_exponent, mirostat, mirostat_tau, mirostat_eta, samplers, seed, ignore_eos, logit_bias as
 * [[id, bias], ...]). Writes into buf like snprintf: returns the full length, writes at most size bytes,
 * NUL-terminated when size > 0; call it with size 0 to learn the length. The random seed is written -1, a
 * banning bias false; other infinite numbers +-1e308 (JSON has no infinity). Strings are escaped, and bytes
 * that are not valid UTF-8 become U+FFFD, so the text is always valid JSON. NULL params writes "{}"; NULL
 * buf writes nothing. Follows the fields of tools/server/server-schema.cpp (reference section 7). */
size_t request_json(const CliParams *params, char *buf, size_t size);

#endif
