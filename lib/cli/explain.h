/* explain.h: the chain in the lesson's words: one line per stage of a chain line, saying what the stage does with this
 * line's values in the lesson's terms and which example shows it, then the OpenAI name of each setting that has one and
 * the settings an OpenAI client cannot send by OpenAI's names. The lesson's aim: read a llama.cpp chain, and map its
 * settings to the OpenAI API. Lesson Example 11.
 *
 * defines: args_explain, args_backend_note, args_model_note.
 */
#ifndef CLI_EXPLAIN_H
#define CLI_EXPLAIN_H

#include "chain.h"
#include "cli/args.h"

#include <stddef.h>

/* Writes the explanation of chain (built from params->sampling by chain_init_from_params) into buf like
 * snprintf: returns the full length, writes at most size bytes, NUL-terminated when size > 0 (NULL buf writes
 * nothing). One line per stage, its logged name first ("penalties: repeat 1.1 over the last 64 tokens: divides
 * a positive logit, multiplies one at or below 0 (Examples 1-4)", "?typical: typical_p 1.0 is off (Example
 * 7)"): an active stage says what it does with its values, a "?" stage which value turns it off. Values are
 * llama.cpp's floats, in their shortest digits with a ".0" on whole ones; where the float is not the number
 * typed, the line says so ("top_p 1.0 (llama.cpp's float of 0.99999999)"). Then the settings set that no stage
 * reads, as args_dropped writes them (dropped.h). Then a line "OpenAI names: ..."
 * (temperature, top_p, frequency_penalty, presence_penalty, seed; logit_bias, stop and max_tokens when set),
 * with the llama.cpp name where it differs, "not read by this chain" where no stage reads it, and a value
 * outside OpenAI's documented range marked; then a line
 * "no OpenAI parameter ...": the llama.cpp settings the chain's stages read, with their values. NULL params
 * or chain writes "". */
size_t args_explain(const CliParams *params, const Chain *chain, char *buf, size_t size);

/* With backend sampling (params->backend_sampling: -bs, or a body's backend_sampling), one line for a note,
 * into buf like snprintf: which stages of chain run on the GPU and which on the CPU, by the rule of reference
 * section 2: the GPU runs the stages before the first one that acts and has no backend version (logit-bias,
 * penalties, top-k, top-p, min-p, temp, temp-ext, dist and greedy have one; a "?" stage ends nothing), the CPU
 * that one and every later one; assuming, as the note says, that each stage before the split gets + (a -
 * would end the GPU part there), and why the line here has no + or -: the mark depends on the GPU backend,
 * which this tool cannot know. With a grammar (params->grammar), llama.cpp turns backend sampling off, and the
 * note says so. Without backend sampling, or with NULL params or chain, writes "" and returns 0. */
size_t args_backend_note(const CliParams *params, const Chain *chain, char *buf, size_t size);

/* Writes into buf like snprintf (returns the full length; NULL buf writes nothing) what a model named by
 * params->model can change that this tool cannot see (reference sections 2 and 3): a GGUF's general.sampling.*
 * keys, which override every such setting the command line leaves unset, and the tokens it marks "suppress",
 * which current llama.cpp bans through logit-bias; and, on a line of its own, what a --models-dir folder (router
 * mode) holds that this tool does not read. "" when no flag names a model or a folder. */
size_t args_model_note(const CliParams *params, char *buf, size_t size);

#endif
