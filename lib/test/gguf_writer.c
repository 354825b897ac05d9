/* gguf_writer.c: see gguf_writer.h. */
#include "gguf_writer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void gw_bytes(GgufWriter *w, const void *p, size_t n)
{
    if (w->len + n > w->cap) {
        size_t cap = w->cap < 4096 ? 4096 : w->cap;
        while (cap < w->len + n)
            cap *= 2;
        unsigned char *grown = realloc(w->data, cap);
        if (grown == NULL) {
            fprintf(stderr, "gguf_writer: out of memory\n");
            exit(1);
        }
        w->data = grown;
        w->cap = cap;
    }
    memcpy(w->data + w->len, p, n);
    w->len += n;
}

static void gw_le(GgufWriter *w, uint64_t v, size_t n)
{
    unsigned char b[8];
    for (size_t i = 0; i < n; i++)
        b[i] = (unsigned char)(v >> (8 * i));
    gw_bytes(w, b, n);
}

void gw_u8(GgufWriter *w, uint8_t v) { gw_le(w, v, 1); }
void gw_u16(GgufWriter *w, uint16_t v) { gw_le(w, v, 2); }
void gw_u32(GgufWriter *w, uint32_t v) { gw_le(w, v, 4); }
void gw_u64(GgufWriter *w, uint64_t v) { gw_le(w, v, 8); }

void gw_f32(GgufWriter *w, float v)
{
    uint32_t bits;
    memcpy(&bits, &v, sizeof bits);
    gw_u32(w, bits);
}

void gw_f64(GgufWriter *w, double v)
{
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    gw_u64(w, bits);
}

void gw_str(GgufWriter *w, const char *s)
{
    gw_u64(w, strlen(s));
    gw_bytes(w, s, strlen(s));
}

void gw_key(GgufWriter *w, const char *key, uint32_t type)
{
    gw_str(w, key);
    gw_u32(w, type);
}

void gw_init(GgufWriter *w, uint32_t version, uint64_t n_tensors, uint64_t n_kv)
{
    *w = (GgufWriter){0};
    gw_bytes(w, "GGUF", 4);
    gw_u32(w, version);
    gw_u64(w, n_tensors);
    gw_u64(w, n_kv);
}

void gw_free(GgufWriter *w)
{
    free(w->data);
    *w = (GgufWriter){0};
}

bool gw_write(const GgufWriter *w, const char *path, uint64_t tail)
{
    FILE *f = fopen(path, "wb");
    if (f == NULL)
        return false;
    bool ok = fwrite(w->data, 1, w->len, f) == w->len;
    if (ok && tail > 0)
        ok = fseek(f, (long)(tail - 1), SEEK_CUR) == 0 && fputc(0, f) == 0;
    return fclose(f) == 0 && ok;
}
