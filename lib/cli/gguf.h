/* gguf.h: a GGUF file's header and key/value metadata, read as ggml's gguf.cpp reads them, never its tensor
 * descriptions or weights; and the rule by which llama.cpp's common takes a model's general.sampling.* keys. For
 * Example 11's -m. The format and what llama.cpp refuses are the reference's (section 11, "The GGUF file" and "What
 * llama.cpp refuses"); the words quoted in a refusal, and the order of the checks, are ggml/src/gguf.cpp's (read at
 * 067d44f6, the same rules as the reference's 23fbfcb1a).
 *
 * What is kept: general.name, general.alignment, and every general.sampling.* key with its type, offset and
 * value as text. The rest is read through a buffer and skipped: a 262,144-string tokenizer array costs one
 * 8-byte length read from the buffer per string, and a numeric array one seek. Every count and length is
 * checked against the bytes left in the file and against 2^30 (llama.cpp's limit) before anything is read
 * or allocated; memory is a 256 KiB buffer plus 16 bytes a key (to find a repeated key), within 4 bytes for
 * each byte of the file (lib/test/test_readers_memory.c measures it).
 *
 * Portable C11: file offsets are a long (fseek, ftell), so a file past 2 GB needs a 64-bit long (Linux,
 * macOS); on Windows such a file is refused with a message.
 *
 * defines: GgufType, GGUF_*, GgufKey, GgufInfo, gguf_read, gguf_read_file, gguf_type_name, GgufOutcome,
 * GgufSampling, gguf_sampling, gguf_stored.
 */
#ifndef CLI_GGUF_H
#define CLI_GGUF_H

#include "chain.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define GGUF_MAX_LENGTH (1ull << 30)   /* llama.cpp's limit on a string's bytes and an array's elements */
#define GGUF_TEXT_MAX 511              /* bytes kept of a value's text: the most common reads (the sequence's
                                        * 512-byte buffer, less its NUL) */
#define GGUF_NAME_MAX 255              /* bytes kept of general.name and of a kept key's name (this tool's) */
#define GGUF_MAX_KEYS 64               /* general.sampling.* keys kept (this tool's limit); the 12 common reads
                                        * always are, others while there is room (GgufInfo.n_keys_dropped) */
#define GGUF_WARNINGS_MAX 2048         /* bytes of a sequence's "unable to match" lines kept */

/* The value types of the format (the reference, section 11), in its numbering. */
typedef enum {
    GGUF_UINT8, GGUF_INT8, GGUF_UINT16, GGUF_INT16, GGUF_UINT32, GGUF_INT32, GGUF_FLOAT32, GGUF_BOOL,
    GGUF_STRING, GGUF_ARRAY, GGUF_UINT64, GGUF_INT64, GGUF_FLOAT64, GGUF_TYPE_COUNT
} GgufType;

/* One general.sampling.* key as the file holds it. */
typedef struct {
    char key[GGUF_NAME_MAX + 1];    /* "general.sampling.top_k": the key's C string, the bytes before a NUL, as
                                     * llama.cpp finds a key (key_nul); a longer one is cut (key_cut) */
    uint64_t key_length;            /* the key's bytes in the file */
    bool key_cut;                   /* the key's C string is longer than the 255 bytes kept: no key common reads */
    bool key_nul;                   /* the key holds a NUL byte: llama.cpp names it by key, the bytes before */
    uint64_t shadowed_by;           /* the offset of an earlier key of the same C string (not an array), which
                                     * llama.cpp's model keeps instead of this one (src/llama-model.cpp at
                                     * 00342301: load_hparams emplaces the first); 0 for none */
    uint64_t offset;                /* bytes from the file's start to the pair (its key's length) */
    GgufType type;                  /* the value's type; GGUF_ARRAY for an array */
    GgufType array_type;            /* an array's element type */
    uint64_t array_count;           /* an array's elements */
    char text[GGUF_TEXT_MAX + 1];   /* the value as llama.cpp prints metadata (gguf_kv_to_str): an integer in
                                     * decimal, a float32 or float64 as %f ("20.000000"), a bool true/false, a
                                     * string as itself up to its first NUL (llama_model_meta_val_str prints
                                     * it with %s), an array as [a, b] (strings quoted); cut to 511 bytes */
    bool text_cut;                  /* the text is longer than the 511 bytes kept */
    bool has_nul;                   /* a string value holds a NUL: text stops there, as llama.cpp's does */
    uint64_t value_length;          /* a string value's bytes in the file */
    uint64_t bits;                  /* a scalar that is not a string: its bytes, little-endian, zero-extended
                                     * (the stored value, before any text: gguf_stored reads it) */
} GgufKey;

/* What gguf_read found. */
typedef struct {
    uint32_t version;               /* 2 or 3 */
    int64_t n_tensors;              /* the header's counts, as llama.cpp reads them (int64) */
    int64_t n_kv;
    uint64_t file_size;             /* bytes */
    uint64_t metadata_end;          /* the offset after the last key/value pair: the tensor descriptions start
                                     * here; none of them was read */
    bool tensors_checked;           /* always false: llama.cpp goes on to check the tensor descriptions and can
                                     * still refuse the file; say so when calling it good */
    bool has_name;                  /* general.name is present as a string */
    char name[GGUF_NAME_MAX + 1];   /* general.name up to its first NUL (name_nul), cut to 255 bytes (name_cut) */
    bool name_cut;
    bool name_nul;                  /* the string holds a NUL: llama.cpp's C string stops there too */
    bool name_seen;                 /* a key named general.name (its C string) was met: the first counts */
    uint64_t name_offset;           /* its pair's offset */
    int name_type;                  /* general.name's GgufType when it is not a string, else -1: llama.cpp's
                                     * model loader then refuses the model (layers.c says so) */
    uint32_t alignment;             /* general.alignment, or 32 (the format's default) */
    GgufKey keys[GGUF_MAX_KEYS];    /* (n_keys,) every general.sampling.* key, in file order */
    size_t n_keys;
    size_t n_keys_dropped;          /* general.sampling.* keys past GGUF_MAX_KEYS that common does not read, not
                                     * kept: name them as not listed */
} GgufInfo;

/* Reads the GGUF header and metadata from file (opened for reading, binary; it is read from its start and
 * left at an unspecified place), named name in messages, into *info. It allocates a 256 KiB buffer and 16
 * bytes a key, freed before it returns. Returns true on success. On failure returns false with one line in
 * err (err_size bytes): the file's name, the offset of what is wrong, what is wrong, and llama.cpp's own words
 * where it refuses the same file, e.g.
 *   model.gguf: offset 0: the magic is 'GGML', not 'GGUF': not a GGUF file; llama.cpp refuses it: "invalid
 *   magic characters: 'GGML', expected 'GGUF'"
 * Refused, as llama.cpp refuses them (reference section 11) and in the order its gguf.cpp checks: a file too
 * short for the magic, a wrong magic, a header cut short, version 0, a version whose low 16 bits are 0 (the
 * other byte order), version 1, a version above 3; a tensor or metadata count negative as an int64 or too
 * large to allocate (2^56 tensors, 2^58 pairs: above what any 64-bit llama.cpp can); then, pair by pair: a
 * key or string longer than 2^30 bytes or than the bytes left, an empty key, a repeated key, a value type
 * above 12 or an array of arrays, an array of more than 2^30 elements or whose elements cannot fit in the
 * bytes left, any value cut short by the end of the file; then general.alignment that is not a uint32 or not
 * a power of 2; and more tensors than the bytes after the metadata can describe (24 bytes each at least:
 * llama.cpp's "failed to read tensor info"). Also refused: NULL arguments, a read error (the system's reason),
 * a file whose size cannot be found or does not fit a long. On failure *info is unspecified. */
bool gguf_read(FILE *file, const char *name, GgufInfo *info, char *err, size_t err_size);

/* gguf_read of the file at path (named by path in messages): "cannot open 'PATH': No such file or
 * directory" when it cannot be opened, with the system's reason. */
bool gguf_read_file(const char *path, GgufInfo *info, char *err, size_t err_size);

/* The value a scalar key holds as a double (key->bits read as its type: an integer, a float32 or float64, a
 * bool as 0 or 1); *exact tells whether the double holds it exactly (a 64-bit integer past 2^53 does not, and
 * *whole then gets its decimal digits). Returns 0 with *exact false for a string or an array. */
double gguf_stored(const GgufKey *key, bool *exact, char *whole, size_t size);

/* llama.cpp's short name of a type ("u8", "i8", "u16", "i16", "u32", "i32", "f32", "bool", "str", "arr",
 * "u64", "i64", "f64"); "unknown" for any other value. */
const char *gguf_type_name(int type);

/* What common makes of one general.sampling.* key (common_init_sampler_from_model, common/common.cpp at
 * 00758e06, the reference's section 11): */
typedef enum {
    GGUF_APPLIED,       /* common takes it: value (or samplers for the sequence) */
    GGUF_NOT_A_NUMBER,  /* its text does not start with a number (a bool, "abc"): the value is left as it was */
    GGUF_NOT_READ,      /* common finds no text: an array (llama_model::load_hparams keeps no array among the
                         * model's metadata strings) or an empty string (llama_model_meta_val_str returns 0) */
    GGUF_UNKNOWN_KEY    /* a general.sampling.* key common does not read (general.sampling.penalty_freq) */
} GgufOutcome;

typedef struct {
    GgufOutcome outcome;
    const char *field;              /* the key's last part as common names the setting ("top_k", "temp",
                                     * "sequence"), static; NULL for an unknown key */
    int setting;                    /* the ArgsSetting it sets (SET_TOP_K, SET_TEMP, SET_SAMPLERS, ...), -1 for
                                     * an unknown key */
    bool integer;                   /* read with strtol into an int32 (top_k, penalty_last_n, mirostat); else
                                     * strtof into a float (the sequence: neither) */
    char text[GGUF_TEXT_MAX + 1];   /* the text common reads: the value's text cut to 63 bytes for an integer
                                     * key, 127 for a float key, 511 for the sequence (its buffers less the NUL) */
    bool cut;                       /* text is shorter than the value's text: common read only this much */
    long long read;                 /* an integer key, GGUF_APPLIED: strtol's long, before the int32 (value) */
    bool range;                     /* strtol's or strtof's text was past its type's range (ERANGE) */
    double value;                   /* GGUF_APPLIED: the int32 (strtol's long, its low 32 bits, as llama.cpp's
                                     * conversion to int32_t gives on gcc and clang) or the float (strtof),
                                     * which may be inf or NaN, as common takes them; no range is checked */
    SamplerType samplers[CHAIN_MAX_SAMPLERS]; /* (n_samplers,) the sequence, GGUF_APPLIED: the names split at
                                               * ';' and matched as --samplers matches them (sampler_from_name);
                                               * possibly none, as common then runs none */
    size_t n_samplers;
    size_t n_named;                 /* the sequence's names that match a sampler, all of them: more than
                                     * CHAIN_MAX_SAMPLERS (this tool's limit) and the rest are not in samplers,
                                     * so the caller refuses the key rather than cut it */
    size_t n_empty;                 /* the sequence's empty pieces (";;", a ';' at an end): skipped here, as
                                     * --samplers here skips them; what llama.cpp does is unconfirmed (reference
                                     * section 6), and the caller says so */
    char warnings[GGUF_WARNINGS_MAX]; /* the sequence's names that match nothing, as llama.cpp logs them: one
                                       * line each, "unable to match sampler by name 'x'\n" */
} GgufSampling;

/* What common takes from key (one of GgufInfo.keys) into *out: the key's value as text, cut as common's
 * buffer cuts it, then strtol (an integer key) or strtof (a float key) of the text when the text starts with
 * a number (blanks first are skipped; "0x10" is 0; "20abc" is 20), or the sequence split at ';'. A top_k
 * stored as float32 20.0 is 20 ("20.000000"); a min_p of 0.0000001 is 0 ("0.000000"); a string "0.6" is a
 * temp of 0.6; a bool is GGUF_NOT_A_NUMBER. It sets nothing: the caller applies an APPLIED value where no
 * flag set it (llama.cpp keeps a bit per field: --temp sets the temp bit, --samplers the sequence bit, and
 * --sampler-seq none, so CliParams.set's SET_SAMPLERS is not enough: see CliParams.named; reference
 * section 3). A NULL key or out does nothing. */
void gguf_sampling(const GgufKey *key, GgufSampling *out);

#endif
