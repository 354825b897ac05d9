/* sources.h: where each value of a request's chain came from: the request's field, the server's flag, the preset's
 * section and key, the model's GGUF key, a saved /props, or llama.cpp's default; and, where a higher layer replaced a
 * lower one, both ("temperature 1.0 from the request replaces --temp 0.6 from the server"). The layers and their order
 * are the reference's section 11. Lesson Example 11.
 *
 * Each place that sets a setting records its layer right after it stores the value (sources_note): the flags
 * (apply.c), the body's fields (body_fields.c), and the preset, the model and /props when they are read. The
 * record keeps the value each layer gave, as text, so that a replaced value is still named after the higher
 * layer has overwritten it.
 *
 * defines: ValueLayer, ValueSource, SettingSources, SOURCE_VALUE_MAX, sources_note, sources_replace,
 * sources_note_value, sources_origin, sources_unused, args_setting_text, args_sources.
 */
#ifndef CLI_SOURCES_H
#define CLI_SOURCES_H

#include "chain.h"

#include <stdbool.h>
#include <stddef.h>

#define SOURCE_VALUE_MAX 127        /* bytes kept of a value as text ("0.95", "top_k;top_p", "(3 entries)"); a longer
                                     * sampler list is cut with "..." */

/* The layers a value comes from, lowest first: each replaces the ones before it (reference section 11).
 * LAYER_DEFAULT is 0, so a CliParams cleared by args_defaults holds llama.cpp's defaults' sources. */
typedef enum {
    LAYER_DEFAULT,          /* llama.cpp's built-in default (reference section 3) */
    LAYER_MODEL,            /* the model's GGUF key (general.sampling.*), applied where no flag set the value */
    LAYER_PRESET_ALL,       /* a --models-preset file's [*] section */
    LAYER_PRESET_MODEL,     /* the preset's section for the model, laid over [*] */
    LAYER_ENV,              /* a flag's LLAMA_ARG_* variable (env.h), which llama.cpp reads before the flags */
    LAYER_FLAG,             /* the command line's flag (a llama-server line's: the server's) */
    LAYER_PROPS,            /* a saved GET /props: the server's values, its flags and the GGUF already merged */
    LAYER_REQUEST           /* the request body's field */
} ValueLayer;

/* One layer's value for a setting. */
typedef struct {
    ValueLayer layer;
    const char *name;       /* as written: the flag as typed ("--temp", "--top_k"), the body's field
                             * ("temperature", "max_tokens"), the preset's key ("temp", "LLAMA_ARG_TEMP"), the GGUF
                             * key ("general.sampling.temp"), the variable as set ("LLAMA_ARG_TOP_K=5"); NULL for
                             * LAYER_DEFAULT. Points into argv or a static table, or into text the reader keeps
                             * for the run */
    const char *alias_of;   /* the field's own name when the body used an alias of it, else NULL */
    const char *file;       /* the preset's, the model's or /props's file, as given; NULL otherwise */
    const char *section;    /* the preset's section ("*", or the model's section name); NULL otherwise */
    char value[SOURCE_VALUE_MAX + 1];  /* the value this layer gave, as args_setting_text writes it */
} ValueSource;

/* A setting's sources: the layer whose value the chain reads, and the value it replaced. */
typedef struct {
    ValueSource now;
    ValueSource replaced;   /* the highest lower layer that set the setting, when has_replaced; llama.cpp's
                             * default is never named as replaced */
    bool has_replaced;
    ValueSource unused;     /* a higher layer's value that llama.cpp put the one of `now` in place of (a body's
                             * dry_base below 1), when has_unused */
    const char *unused_why; /* why, after "the request's dry_base 0.5 ": a static text */
    bool has_unused;
} SettingSources;

struct CliParams;

/* Records that `layer` set setting s (an ArgsSetting) of p, whose value p holds now, under name (file and section
 * where the layer has them; alias_of for a body's alias), capturing the value's text. A layer at or above the
 * one recorded becomes the source (the one it replaces, when below it and not the default, is kept as
 * replaced); a lower one, recorded later (a GGUF key where a flag set the value: llama.cpp's common skips it),
 * becomes the replaced value if it is the highest below. NULL p or s out of range does nothing. */
void sources_note(struct CliParams *p, int s, ValueLayer layer, const char *name, const char *file,
                  const char *section, const char *alias_of);

/* Records that `layer` set setting s of p over whatever set it before, whatever its layer: the one case where a
 * lower layer's value is the chain's, a model's general.sampling.sequence over --sampler-seq (llama.cpp's
 * --sampler-seq sets no bit, reference section 3). The value it replaces is kept as replaced. */
void sources_replace(struct CliParams *p, int s, ValueLayer layer, const char *name, const char *file,
                     const char *section);

/* The same, for a value given as text (value) that p does not hold: a lower layer's value, which the layer
 * above keeps from the chain. */
void sources_note_value(struct CliParams *p, int s, ValueLayer layer, const char *name, const char *file,
                        const char *section, const char *value);

/* Records that `layer`'s name (a body's field) sent value (as written) for setting s of p, and that llama.cpp
 * put the value p holds in its place: the source stays the layer below, and --explain's value line names the
 * value not used and why (a static text after "the request's dry_base 0.5 ": "is below 1, ..."). The case of
 * server-schema.cpp at 0177c342: a dry_base below 1 is replaced by the server's own. NULL p or s out of range
 * does nothing. */
void sources_unused(struct CliParams *p, int s, ValueLayer layer, const char *name, const char *value,
                    const char *why);

/* Setting s's value in p as the sources name it, into buf (size bytes, NUL-terminated when size > 0): a float
 * in its shortest digits with ".0" on a whole one ("0.8", "1.0"), an integer, the seed ("-1 (random)" for
 * 4294967295), the sampler list as --samplers writes it ("top_k;temperature", cut with "..." when it does not
 * fit), the breakers' and the biases' counts ("(4)", "(2 entries)"), ignore_eos as true or false. Returns buf. */
const char *args_setting_text(const struct CliParams *p, int s, char *buf, size_t size);

/* Where setting s's value in p came from, as a sentence names it after "from ": "the request", "--top-k",
 * "the preset p.ini, section [*], key temp", "the model's general.sampling.top_k (m.gguf)", into buf (size
 * bytes). Returns buf. */
const char *sources_origin(const struct CliParams *p, int s, char *buf, size_t size);

/* Writes into buf like snprintf (returns the full length; NULL buf writes nothing) the sources of the values the
 * stages of chain read (stage_reads), for --explain: one line for each value that a layer above the default
 * set, "value: temperature 1.0 from the request replaces --temp 0.6 from the server", then one line for the
 * rest, "values at llama.cpp's defaults: top_p 0.95, min_p 0.05, ...". A llama-server line read with a body
 * (p->from_json) calls its flags the server's. NULL p or chain writes "". */
size_t args_sources(const struct CliParams *p, const Chain *chain, char *buf, size_t size);

#endif
