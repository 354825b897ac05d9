/* preset.h: a --models-preset INI file, read as llama-server's router reads it (common/preset.cpp), and the command
 * line a child llama-server gets for one model (tools/server/server-models.cpp). For Example 11. The rules are the
 * reference's (section 11, "A preset file", and the layers 2 and 3); the details it does not state are preset.cpp's
 * (read at 13b56e2a), arg.cpp's (0017d6fb) and server-models.cpp's (00dd0816), each named where it is used:
 *
 *  - Lines are of four kinds: "[name]" (blanks after '[' and before ']' allowed; the name is every byte up to
 *    ']', trailing blanks included), "key = value" (the key starts the line: [A-Za-z_][A-Za-z0-9_.-]*), a
 *    comment (blanks, then ';' or '#') and a blank line; a line of no kind stops the server ("failed to parse
 *    server config file: PATH"). Line ends: \n, \r\n or \r.
 *  - A value is everything after the '=' and its blanks up to the first ';' or '#' or the line's end, blanks
 *    before them dropped: a ';' or '#' in a value cuts it (a warning names the key and the text cut).
 *  - A key is a flag's spelling without its leading dashes (temp, top-k, c, sampler-seq), matched exactly,
 *    or its environment variable (LLAMA_ARG_TOP_K), among llama-server's flags (arg.cpp: the flags it gives
 *    the server; -p is not one); load-on-startup and stop-timeout (and their __PRESET_ variables) are the
 *    router's own; version is skipped. Any other key stops the server: "option 'top_p' not recognized in
 *    preset 'NAME'". Of several, llama.cpp names the first in its map's order (sections by name, then keys
 *    by name), and so does this reader.
 *  - A switch's "no-" spelling (no-mmap) inverts its value ("true" becomes "false"; any other value "true");
 *    its LLAMA_ARG_NO_ variable, also a key, does not (preset.cpp inverts only the spellings): a warning.
 *  - Keys before any header go to a section named "default". A header given twice starts its section again:
 *    the keys under the earlier one are dropped (a warning). A key given twice in a section: the last counts.
 *    Two keys of one flag (temp, temperature): the one that sorts last counts (a warning).
 *  - [*] is every model's base: a model's section is laid over it, and the router's own flags over both.
 *
 * Memory: the file (its bytes and a NUL), 8 bytes for each key line, a small table of sections and the flag
 * table's keys sorted once (about 40 KB), within 4 bytes for each byte of the file plus a constant
 * (lib/test/test_readers_memory.c measures it).
 *
 * defines: Preset, PRESET_MAX_*, PresetSection, PresetEntry, PresetSource, PresetArg, PresetChild, PresetCut,
 * preset_parse, preset_read_file, preset_free, preset_section, preset_section_shown, preset_find, preset_entries,
 * preset_child, preset_child_free.
 */
#ifndef CLI_PRESET_H
#define CLI_PRESET_H

#include "cli/flags.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PRESET_MAX_BYTES ((size_t)64 << 20)     /* a longer file is refused (this tool's limit) */
#define PRESET_MAX_SECTIONS 4096                 /* sections (this tool's limit; llama.cpp has none) */
#define PRESET_MAX_WARNINGS 4096                 /* bytes of warnings kept; past them one line says so */

#define PRESET_MAX_CUTS 16                       /* samplers values cut at a ';' kept for advice (PresetCut) */

/* A samplers value cut at a ';' (the list as written, for the advice that fits it). */
typedef struct {
    size_t line;
    char list[256];             /* the whole list as written, up to a '#' ("min_p;typ_p;dry"), "..." past 255 */
    char letters[72];           /* its names as --sampler-seq letters ("myd"); an unknown name has none */
    char unknown[80];           /* the names that match no sampler, "" for none */
} PresetCut;

typedef struct PresetKeyLine PresetKeyLine;     /* one key line: 8 bytes, preset.c */
typedef struct PresetBlock PresetBlock;         /* one section: preset.c */
typedef struct PresetIndex PresetIndex;         /* every key a preset may hold, sorted: preset.c */

/* A preset file read. */
typedef struct {
    const char *name;           /* the file, as messages name it (the caller's string) */
    char *text;                 /* (length + 1,) the file's bytes, owned; names, keys and values point into it */
    size_t length;
    PresetKeyLine *keys;        /* (n_key_lines,) every key line, in file order */
    size_t n_key_lines;
    PresetBlock *sections;      /* (n_sections,) in the order of their first header; "default" first if there
                                 * are keys before any header */
    size_t n_sections;
    PresetIndex *index;         /* the flag table's keys, sorted once (about 40 KB) */
    char warnings[PRESET_MAX_WARNINGS]; /* one line each, "p.ini: line 3: ...\n", for what llama.cpp reads in
                                         * a way its writer may not expect */
    size_t bytes;               /* what preset_parse allocated and the preset holds */
    PresetCut cuts[PRESET_MAX_CUTS]; /* (n_cuts,) the samplers values cut at a ';', in file order */
    size_t n_cuts;
} Preset;

/* One section as llama.cpp keeps it. */
typedef struct {
    const char *name;           /* "*", "qwen3-8b", "default"; NUL-terminated */
    size_t line;                /* its (last) header's line; 0 for "default" without one */
    bool global;                /* [*]: the values for every model */
    size_t n_entries;           /* its keys as llama.cpp keeps them (a repeated key once) */
    const char *model;          /* the value of its own model or m key (-m, the model file), NULL for none */
    size_t model_line;
} PresetSection;

/* One key of a section. */
typedef struct {
    const char *key;            /* as written: "temp", "top-k", "LLAMA_ARG_TOP_K", "no-mmap", "version" */
    const char *value;          /* as llama.cpp keeps it: cut at ';' or '#', blanks around it dropped, and for
                                 * a "no-" key inverted ("false" or "true") */
    const char *written;        /* the value before that inversion (the same as value otherwise) */
    size_t line;
    const ArgSpec *spec;        /* the flag it sets (for no-escape, the -e/--escape row, which it negates);
                                 * NULL for version and the router's own keys */
    bool negated;               /* a "no-" spelling: value is written inverted */
    bool env;                   /* the key is the flag's environment variable */
    bool counts;                /* false when another key of the same flag replaces it (it sorts first, or
                                 * repeats: see warnings) or it is version: not in the child's command line */
} PresetEntry;

/* Reads text (length bytes; a copy is kept, so text need not outlive the preset), named name in messages
 * (the caller's string, kept), into *out (free it with preset_free). Returns true on success, with warnings
 * in out->warnings. On failure returns false with one line in err (err_size bytes) and *out holds nothing to
 * free: "p.ini: line 4: 'top_p' is not a flag's name or environment variable (a preset's keys are matched
 * exactly; did you mean top-p?); llama-server stops: \"option 'top_p' not recognized in preset 'qwen'\"", or
 * for a line of no kind "p.ini: line 2: ...; llama-server stops: \"failed to parse server config file:
 * p.ini\"". Also refused, as this tool's limits: a NUL byte (no flag's value can hold it), a file past
 * PRESET_MAX_BYTES, more than PRESET_MAX_SECTIONS sections; and NULL text or out. */
bool preset_parse(const char *text, size_t length, const char *name, Preset *out, char *err, size_t err_size);

/* preset_parse of the file at path (named by path): "cannot read 'PATH': No such file or directory" when
 * it cannot be read, with the system's reason. */
bool preset_read_file(const char *path, Preset *out, char *err, size_t err_size);

/* Frees what preset_parse allocated; NULL or an already freed preset is fine. */
void preset_free(Preset *p);

/* Section i (0 to n_sections - 1) into *out; false when there is no such section. */
bool preset_section(const Preset *p, size_t i, PresetSection *out);

/* Section i's name as a list of sections shows it, into buf (size bytes): "[qwen3]", and for the "default"
 * section of keys before any header "[default] (keys before any header)", or "[default] (only version,
 * before any header, which llama.cpp skips)". Returns buf. */
const char *preset_section_shown(const Preset *p, size_t i, char *buf, size_t size);

/* The index of the section with that name (exactly as written, "*" included), or -1. */
long preset_find(const Preset *p, const char *name);

/* Section i's entries in file order, into out (up to max of them; out may be NULL with max 0 to count).
 * Returns how many there are. Each key is there once (its last line); counts marks the one of several keys
 * of a flag that llama.cpp keeps. */
size_t preset_entries(const Preset *p, size_t section, PresetEntry *out, size_t max);

/* Where a child's flag comes from. */
typedef enum { PRESET_FROM_GLOBAL, PRESET_FROM_SECTION, PRESET_FROM_ROUTER } PresetSource;

/* One flag of a child llama-server's command line. */
typedef struct {
    const ArgSpec *spec;        /* the flag */
    const char *flag;           /* as the router writes it: the flag's last spelling (--temperature, --seed,
                                 * --model), or its last "--no-" spelling for a switch whose value is off */
    const char *value;          /* its value, NULL for a switch */
    PresetSource source;
    const char *key;            /* the preset's key as written ("temp"), or the router's flag as typed */
    size_t line;                /* the key's line; 0 for the router's */
    const char *section;        /* the section that gave it ("*" or the model's), NULL for the router's */
} PresetArg;

/* A child llama-server's command line for one model. */
typedef struct {
    PresetArg *args;            /* (n_args,) in the order the router writes them (by the flag's first spelling,
                                 * as its std::map<common_arg, ...> orders them) */
    size_t n_args;
    char **argv;                /* (argc + 1,) "llama-server", then every flag and value of args, then NULL:
                                 * for args_parse; the strings are owned by the child */
    int argc;
    const char *model;          /* the model file the child loads (its --model), NULL for none */
    const char *model_key;      /* the preset's key that named it, as written ("model", "m", "LLAMA_ARG_MODEL") */
    size_t model_line;
    const char *model_section;  /* the section that named it */
    char warnings[1024];        /* "p.ini: line 2: [m] ignore-eos = maybe: ...\n": a switch's value that is neither
                                 * true nor false, as the router writes it anyway */
} PresetChild;

/* The command line the router gives the child for section (its name, or NULL for [*] alone): the flags of
 * [*], the section's laid over them, then the router's own over both (router_argv: the router's command line,
 * its words 0 to router_argc - 1, program word included; flags this tool does not know as llama-server's are
 * passed over, as args_parse names them), as server-models.cpp lays them: preset values
 * (common_preset::merge), the router's flags minus -m, -mm, -a and -hf (unset_reserved_args), and without the
 * router's own (--models-preset, --models-dir, --models-max, --models-autoload, the API key and SSL files).
 * A switch is written alone, or as its "--no-" spelling when its value is off ("0", "false", "off",
 * "disabled"), or left out when it has none; the router's own keys (load-on-startup) are not written. The
 * router also adds --host, --port and --alias, which do not change sampling: they are not in args or argv.
 * Allocates (free with preset_child_free). Returns false with one line in err when there is no such section
 * (naming the sections there are), when a flag of two values would be written (llama.cpp's "option '...'
 * has two values, which is not supported yet"), on NULL p or out, or out of memory. */
bool preset_child(const Preset *p, const char *section, int router_argc, char *const router_argv[],
                  PresetChild *out, char *err, size_t err_size);

/* Frees what preset_child allocated; NULL is fine. */
void preset_child_free(PresetChild *c);

#endif
