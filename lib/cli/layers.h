/* layers.h: the layers a server reads before any request, under its command line: the model's GGUF (-m FILE, or the
 * model a preset's section names) and a --models-preset file, laid as llama-server lays them (reference section 11):
 * [*], then the model's section, the router's own flags over both; then, where no flag (nor preset value, which the
 * child gets as a flag) set a value, the model's general.sampling.* keys, as llama.cpp's common applies them. Each
 * value keeps its source (sources.h).
 *
 * The files are read by gguf.h and preset.h, which never trust a count or a length. What the layers point to
 * (the preset's keys and sections, the GGUF's key names) is kept in this file's own static storage until the
 * next call: one command line is read at a time, as the tool reads it.
 *
 * defines: layers_model, layers_apply_model, layers_preset.
 */
#ifndef CLI_LAYERS_H
#define CLI_LAYERS_H

#include "cli/args.h"
#include "cli/gguf.h"

#include <stdbool.h>
#include <stddef.h>

/* Reads the GGUF at path (named_by names where it was given, "-m" or "p.ini, [qwen], line 4, model") onto
 * p, whose flags are set: each general.sampling.* key that common reads goes through gguf_sampling's rule,
 * and applies where no flag of p set the value (--sampler-seq does not keep the model's sequence out: only
 * --samplers sets llama.cpp's bit, reference section 3), recorded as LAYER_MODEL; a key a flag keeps out is
 * recorded as the value the flag replaced. Writes into notes (notes_size bytes; lines without a label) the
 * model's name, the keys it applied and those the flags override, each key common does not take and why, and
 * that only the header and metadata were read: not the tensor descriptions, nor the tokens the model marks
 * "suppress" or end-of-generation. Warnings (a sequence's unknown names) go to p->warnings. When no file is
 * at path: with must_exist false it returns true and reads nothing (the model note of args_model_note stays
 * the word on it); with must_exist true it refuses. Returns false with one line in err when the file exists
 * and llama.cpp would refuse it (the file, the offset, what is wrong, llama.cpp's words), or when a value it
 * sets is one the chain builder refuses (naming the key). Sets p->model_read on success with a file read. */
bool layers_model(CliParams *p, const char *path, const char *named_by, bool must_exist, char *notes,
                  size_t notes_size, char *err, size_t err_size);

/* layers_model's second half, for a GGUF already read into *info (which must outlive p's sources: its key
 * names are theirs): its keys laid onto p, the notes, and the chain builder's refusal. The fuzz target's way
 * in (lib/test/fuzz_gguf.c). */
bool layers_apply_model(CliParams *p, const GgufInfo *info, const char *path, const char *named_by, char *notes,
                        size_t notes_size, char *err, size_t err_size);

/* The child llama-server's settings for one model of a router (router: its command line parsed, with
 * router->models_preset set; argc and argv: its words): the preset file read, [*] laid under the section
 * `model` names (NULL: [*] alone), the router's flags over both (preset_child), parsed into *child with each
 * value's source: LAYER_PRESET_ALL or LAYER_PRESET_MODEL with the file, the section and the key, the
 * router's flags LAYER_FLAG, and the lower one replaced; then the section's model file read (layers_model,
 * which must find it). The router's own settings of this tool (--from-json, --explain, ...) carry over.
 * Writes notes (the section chosen, or the sections there are when none was) and the preset's warnings
 * (a ';' cut) to child->warnings. Returns false with one line in err when the preset or the model cannot
 * be read or llama.cpp refuses it (the file, the line or offset, what is wrong), or when `model` names no
 * section. */
bool layers_preset(const CliParams *router, int argc, char *const argv[], const char *model, CliParams *child,
                   char *notes, size_t notes_size, char *err, size_t err_size);

#endif
