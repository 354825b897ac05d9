/* dropped.h: the settings a command line (or a body read with --from-json) sets that no stage of the chain built from
 * them reads. The lesson's point: mirostat replaces the filters, and a sampler left out of --samplers is off, so
 * whatever such a sampler would read does nothing. Lesson Example 11.
 *
 * The chain says which stages read each setting (stage_reads, chain.h); the chain as built says which exist; and
 * the chain builder, asked again with one sampler-list entry, says which entry would bring a reader in. A
 * setting of a stage that exists, "?" or not, is read (the "?" shows what turns it off).
 *
 * defines: SETTING_NOT_SAMPLING, args_setting_readers, args_setting_read, args_dropped.
 */
#ifndef CLI_DROPPED_H
#define CLI_DROPPED_H

#include "chain.h"
#include "cli/args.h"

#include <stdbool.h>
#include <stddef.h>

/* args_setting_readers of a request field no stage reads (prompt, n_predict, stop). */
#define SETTING_NOT_SAMPLING (1u << 31)

/* The stages that read setting s, as bits (1u << StageType), as stage_reads (chain.h) answers: the list
 * (--samplers) is read by the chain it builds, ending in dist or adaptive-p; --mirostat by whichever stage picks
 * the token; -l and --ignore-eos by logit-bias, which either puts first. SETTING_NOT_SAMPLING for a request
 * field; 0 for a value out of range. Every ArgsSetting has readers (test_explain.c checks it). */
unsigned args_setting_readers(ArgsSetting s);

/* Whether a stage of chain reads setting s ("?" stages included); false for a request field, NULL chain or a
 * value out of range. */
bool args_setting_read(const Chain *chain, ArgsSetting s);

/* Writes into buf like snprintf (returns the full length, writes at most size bytes, NUL-terminated when size
 * > 0; NULL buf writes nothing) one line for each reason why settings of params->set that no stage of chain
 * (built from params->sampling) reads do nothing. Each names the settings as written (params->named: the flag
 * as typed, a body's field, a preset's field with the preset), their values, the reason and the fix:
 *   "--repeat-penalty 1.1 does nothing: with --mirostat 2, llama.cpp ignores the sampler list: no
 *    penalties, DRY, top-k and so on, and no dynatemp (mirostat replaces the filters); drop it, or give
 *    --mirostat 0 to use the list"
 *   "--repeat-penalty 1.05 does nothing: penalties is not in --samplers (top_k;min_p), and a sampler left out of
 *    the list is off; add penalties to the list to use it" (one line per missing entry)
 *   "--mirostat-ent 3 does nothing: only mirostat reads it, and mirostat is off (--mirostat 0, the default);
 *    give --mirostat 1 or 2 to use it".
 * A setting a body sends at llama.cpp's default value gets no line (a --json-all body sends every default); a
 * flag typed with its default value does. Writes "" when every setting is read, and for NULL params or chain. */
size_t args_dropped(const CliParams *params, const Chain *chain, char *buf, size_t size);

#endif
