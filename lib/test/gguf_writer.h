/* gguf_writer.h: writes GGUF files for the tests, byte by byte as the format (the reference, section 11) lays
 * them out, little-endian: header, key/value pairs, and any bytes after them. Good files and broken ones
 * alike: the writer checks nothing, so a test can write a count that lies or a type that does not exist.
 *
 * defines: GgufWriter, gw_init, gw_free, gw_u8, gw_u16, gw_u32, gw_u64, gw_f32, gw_f64, gw_bytes, gw_str,
 * gw_key, gw_write.
 */
#ifndef TEST_GGUF_WRITER_H
#define TEST_GGUF_WRITER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    unsigned char *data;    /* (len,) the file so far; grown as needed (a test stops on running out) */
    size_t len, cap;
} GgufWriter;

/* Starts a file: the magic "GGUF", version, tensor count, metadata count. */
void gw_init(GgufWriter *w, uint32_t version, uint64_t n_tensors, uint64_t n_kv);
void gw_free(GgufWriter *w);

void gw_u8(GgufWriter *w, uint8_t v);
void gw_u16(GgufWriter *w, uint16_t v);
void gw_u32(GgufWriter *w, uint32_t v);
void gw_u64(GgufWriter *w, uint64_t v);
void gw_f32(GgufWriter *w, float v);
void gw_f64(GgufWriter *w, double v);
void gw_bytes(GgufWriter *w, const void *p, size_t n);

/* A GGUF string: its uint64 length, then its bytes (strlen of s). */
void gw_str(GgufWriter *w, const char *s);

/* A pair's start: the key as a string, then the uint32 type; the value follows by the calls above. */
void gw_key(GgufWriter *w, const char *key, uint32_t type);

/* Writes the file at path, then `tail` bytes after it without writing them (a sparse file: one byte at its
 * end). Returns false when the file cannot be written. */
bool gw_write(const GgufWriter *w, const char *path, uint64_t tail);

#endif
