/* gguf.c: the GGUF header and metadata, streamed through one buffer. Each read first checks that its bytes
 * are in the file (the file's size, from fseek and ftell); a fill reads no further than the bytes known to
 * belong to the metadata (the counts and lengths read so far), so the tensor data is never read. Skipped
 * bytes are stepped over in the buffer, or with one fseek. Repeated keys are found with a table of 64-bit
 * hashes and the keys' offsets; two keys with the same hash are compared by reading both again. */
#include "cli/gguf.h"
#include "cli/args.h"
#include "cli/values.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define BUFFER_SIZE ((size_t)256 * 1024)
#define HEADER_BYTES 24         /* magic, version, tensor count, metadata count */
#define MIN_PAIR 14             /* the smallest pair: a key's length (8), one byte of key, a type (4), a uint8 */
#define MIN_TENSOR_INFO 24      /* the smallest tensor description: a name's length (8), n_dims (4), a type
                                 * (4), an offset (8) */
#define MAX_TENSORS ((int64_t)1 << 56)  /* above SIZE_MAX / sizeof(gguf_tensor_info) in any 64-bit llama.cpp */
#define MAX_PAIRS ((int64_t)1 << 58)    /* above SIZE_MAX / sizeof(gguf_kv) in any 64-bit llama.cpp */

static const unsigned char type_sizes[GGUF_TYPE_COUNT] = {1, 1, 2, 2, 4, 4, 4, 1, 0, 0, 8, 8, 8};

typedef struct {
    uint32_t hash;              /* the key's 64-bit hash, folded to 32 bits */
    uint32_t index;             /* the pair's index (UINT32_MAX past that), for llama.cpp's duplicate message */
    uint64_t offset;            /* of the key's bytes; 0: an empty slot (no key starts before byte 32) */
} KeySlot;

typedef struct {
    FILE *f;
    const char *name;           /* the file, as messages name it */
    unsigned char *buf;         /* (BUFFER_SIZE,) buf[pos, len) holds the file from offset base + pos */
    size_t pos, len;
    uint64_t base;
    uint64_t size;              /* the file's bytes */
    uint64_t horizon;           /* bytes up to here are metadata, by the counts read so far: fills stop there */
    KeySlot *slots;             /* (cap,) open addressing; cap is a power of 2 */
    size_t cap, used;
    char *err;
    size_t err_size;
} Reader;

static uint64_t at(const Reader *r)
{
    return r->base + r->pos;
}

static uint64_t left(const Reader *r)
{
    return r->size - at(r);
}

/* Writes "NAME: offset OFF: " and the message to err; returns false. */
static bool fail(Reader *r, uint64_t offset, const char *fmt, ...)
{
    int len = snprintf(r->err, r->err_size, "%s: offset %" PRIu64 ": ", r->name, offset);
    va_list args;
    va_start(args, fmt);
    if (len >= 0 && (size_t)len < r->err_size)
        vsnprintf(r->err + len, r->err_size - (size_t)len, fmt, args);
    va_end(args);
    return false;
}

/* Marks the n bytes from the reader's place as metadata, so that a fill may read them ahead. */
static void ahead(Reader *r, uint64_t n)
{
    uint64_t end = n < left(r) ? at(r) + n : r->size;
    if (end > r->horizon)
        r->horizon = end;
}

/* Makes n bytes (n <= BUFFER_SIZE, checked against left by the caller) available at buf + pos. */
static bool have(Reader *r, size_t n)
{
    if (r->len - r->pos >= n)
        return true;
    size_t keep = r->len - r->pos;
    memmove(r->buf, r->buf + r->pos, keep);
    r->base += r->pos;
    r->pos = 0;
    r->len = keep;
    uint64_t end = r->base + r->len;        /* the file offset the next fread reads */
    uint64_t known = r->horizon > end ? r->horizon - end : 0;
    size_t want = BUFFER_SIZE - r->len;
    if (known < want)
        want = known > n - r->len ? (size_t)known : n - r->len;
    while (r->len < n) {
        size_t got = fread(r->buf + r->len, 1, want, r->f);
        r->len += got;
        want -= got;
        if (got == 0 && r->len < n)
            return fail(r, r->base + r->len, "cannot read it: %s",
                        ferror(r->f) ? strerror(errno) : "the file ended before its size said");
    }
    return true;
}

/* Steps over n bytes (checked against left by the caller). */
static bool skip(Reader *r, uint64_t n)
{
    if (n <= r->len - r->pos) {
        r->pos += (size_t)n;
        return true;
    }
    uint64_t target = at(r) + n;
    if (fseek(r->f, (long)target, SEEK_SET) != 0)
        return fail(r, target, "cannot seek there (%s)", strerror(errno));
    r->base = target;
    r->pos = r->len = 0;
    return true;
}

static uint64_t le(const unsigned char *p, size_t n)
{
    uint64_t v = 0;
    for (size_t i = n; i-- > 0;)
        v = v << 8 | p[i];
    return v;
}

/* Reads n (1 to 8) bytes as a little-endian number into *v; false when the file ends first (no message). */
static bool read_le(Reader *r, size_t n, uint64_t *v, bool *io)
{
    *io = false;
    if (left(r) < n)
        return false;
    if (!have(r, n)) {
        *io = true;
        return false;
    }
    *v = le(r->buf + r->pos, n);
    r->pos += n;
    return true;
}

/* ===== Text, as llama.cpp prints metadata ===== */

typedef struct {
    char *s;
    size_t cap, len;            /* s holds len bytes and a NUL; cap includes the NUL */
    bool cut;
} Out;

static void put(Out *o, const char *text, size_t n)
{
    if (o->s == NULL)
        return;
    size_t room = o->cap - 1 - o->len;
    if (n > room) {
        n = room;
        o->cut = true;
    }
    memcpy(o->s + o->len, text, n);
    o->len += n;
    o->s[o->len] = '\0';
}

/* A scalar of type t (not a string or an array) held in bits, as gguf_data_to_str writes it. */
static void put_scalar(Out *o, GgufType t, uint64_t bits)
{
    char text[400];
    float f;
    double d;
    switch (t) {
    case GGUF_UINT8: case GGUF_UINT16: case GGUF_UINT32: case GGUF_UINT64:
        snprintf(text, sizeof text, "%" PRIu64, bits);
        break;
    case GGUF_INT8: snprintf(text, sizeof text, "%d", (int)(int8_t)(uint8_t)bits); break;
    case GGUF_INT16: snprintf(text, sizeof text, "%d", (int)(int16_t)(uint16_t)bits); break;
    case GGUF_INT32: snprintf(text, sizeof text, "%" PRId32, (int32_t)(uint32_t)bits); break;
    case GGUF_INT64: snprintf(text, sizeof text, "%" PRId64, (int64_t)bits); break;
    case GGUF_FLOAT32: {
        uint32_t u = (uint32_t)bits;
        memcpy(&f, &u, sizeof f);
        snprintf(text, sizeof text, "%f", (double)f);       /* std::to_string(float) */
        break;
    }
    case GGUF_FLOAT64: memcpy(&d, &bits, sizeof d); snprintf(text, sizeof text, "%f", d); break;
    case GGUF_BOOL: snprintf(text, sizeof text, "%s", bits != 0 ? "true" : "false"); break;  /* any byte but 0 */
    default: text[0] = '\0'; break;
    }
    put(o, text, strlen(text));
}

/* ===== Keys ===== */

static uint64_t hash_step(uint64_t h, const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 0x100000001b3u;            /* FNV-1a */
    return h;
}

/* Reads n bytes at offset into dst with its own fread, leaving the reader's place and buffer as they are. */
static bool read_at(Reader *r, uint64_t offset, unsigned char *dst, size_t n)
{
    bool ok = fseek(r->f, (long)offset, SEEK_SET) == 0 && fread(dst, 1, n, r->f) == n;
    if (!ok)
        fail(r, offset, "cannot read it again (%s)", strerror(errno));
    return ok && fseek(r->f, (long)(r->base + r->len), SEEK_SET) == 0;     /* where the buffer's fills go on */
}

/* Whether the keys of length n at offsets a and b hold the same bytes (a rare case: their hashes are equal). */
static bool same_key(Reader *r, uint64_t a, uint64_t b, uint64_t n, bool *io)
{
    unsigned char x[4096], y[4096], len[8];
    *io = !read_at(r, a - 8, len, 8);
    if (*io || le(len, 8) != n)
        return false;
    for (uint64_t done = 0; done < n;) {
        size_t chunk = n - done < sizeof x ? (size_t)(n - done) : sizeof x;
        if (!read_at(r, a + done, x, chunk) || !read_at(r, b + done, y, chunk)) {
            *io = true;
            return false;
        }
        if (memcmp(x, y, chunk) != 0)
            return false;
        done += chunk;
    }
    return true;
}

/* Adds the key of length n at offset with hash h, pair index; *repeat gets the offset of an earlier same key
 * (the same bytes, NULs included, as gguf.cpp compares std::strings), or 0, and *repeat_index its index. */
static bool add_key(Reader *r, uint64_t h64, uint64_t offset, uint64_t n, int64_t index, uint64_t *repeat,
                    int64_t *repeat_index)
{
    uint32_t h = (uint32_t)(h64 ^ (h64 >> 32));
    *repeat = 0;
    if ((r->used + 1) * 8 > r->cap * 7) {
        size_t cap = r->cap == 0 ? 64 : 2 * r->cap;
        KeySlot *grown = calloc(cap, sizeof *grown);
        if (grown == NULL)
            return fail(r, offset, "out of memory for %zu keys", r->used + 1);
        for (size_t i = 0; i < r->cap; i++)
            for (size_t j = (size_t)r->slots[i].hash & (cap - 1); r->slots[i].offset != 0; j = (j + 1) & (cap - 1))
                if (grown[j].offset == 0) {
                    grown[j] = r->slots[i];
                    break;
                }
        free(r->slots);
        r->slots = grown;
        r->cap = cap;
    }
    size_t j = (size_t)h & (r->cap - 1);
    for (; r->slots[j].offset != 0; j = (j + 1) & (r->cap - 1)) {
        bool io = false;
        if (r->slots[j].hash == h && same_key(r, r->slots[j].offset, offset, n, &io)) {
            *repeat = r->slots[j].offset;
            *repeat_index = r->slots[j].index == UINT32_MAX ? -1 : (int64_t)r->slots[j].index;
            return true;
        }
        if (io)
            return false;
    }
    r->slots[j] = (KeySlot){h, index < UINT32_MAX ? (uint32_t)index : UINT32_MAX, offset};
    r->used++;
    return true;
}

/* ===== Values ===== */

/* A key's or a string's length, checked as llama.cpp's gguf_reader checks it; what names it in messages. */
static bool read_length(Reader *r, const char *what, uint64_t *n)
{
    uint64_t offset = at(r);
    bool io;
    if (!read_le(r, 8, n, &io))
        return io ? false : fail(r, offset, "the file ends inside %s's length (8 bytes, %" PRIu64 " left); llama.cpp "
                                 "refuses it: \"failed to read key-value pairs\"", what, left(r));
    if (*n > GGUF_MAX_LENGTH)
        return fail(r, offset, "%s is %" PRIu64 " bytes long, more than llama.cpp's 2^30; it refuses the file: "
                    "\"string length %" PRIu64 " exceeds maximum %" PRIu64 "\"", what, *n, *n, GGUF_MAX_LENGTH);
    if (*n > left(r))
        return fail(r, offset, "%s is %" PRIu64 " bytes long, more than the %" PRIu64 " bytes left in the file; "
                    "llama.cpp refuses it: \"string length %" PRIu64 " exceeds remaining file size %" PRIu64
                    " bytes\"", what, *n, left(r), *n, left(r));
    return true;
}

/* A string's bytes: up to the first NUL into o (when not NULL), the rest skipped; *nul when it holds one. */
static bool read_string_bytes(Reader *r, uint64_t n, Out *o, bool *nul)
{
    *nul = false;
    ahead(r, n);
    while (n > 0 && o != NULL && !o->cut && !*nul) {
        size_t chunk = n < BUFFER_SIZE ? (size_t)n : BUFFER_SIZE;
        if (!have(r, chunk))
            return false;
        const unsigned char *p = r->buf + r->pos;
        const unsigned char *z = memchr(p, '\0', chunk);
        size_t text = z != NULL ? (size_t)(z - p) : chunk;
        put(o, (const char *)p, text);
        *nul = z != NULL;
        r->pos += chunk;
        n -= chunk;
    }
    return skip(r, n);
}

/* The name shown for pair i's key (its first bytes as read, made safe for a message). */
static const char *key_shown(const char *key, bool cut, char *buf, size_t size)
{
    shown(key, buf, size - 4);
    if (cut)
        strcat(buf, "...");
    return buf;
}

static inline uint64_t le64(const unsigned char *p)
{
    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24
           | (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
}

#define CHAINS 4            /* string walks run side by side in one buffer (see walk_strings) */

/* A place in [q, end) where a string record plausibly starts, for a chain to start from: an 8-byte length
 * below 256 whose next four records, by their lengths, also have lengths below 256 and stay in the buffer.
 * Only a guess: walk_strings keeps what a chain from here found only when the chain before lands on it. */
static const unsigned char *plausible_start(const unsigned char *q, const unsigned char *end)
{
    for (const unsigned char *limit = q + 4096 < end ? q + 4096 : end; q < limit; q++) {
        const unsigned char *p = q;
        int k = 0;
        while (k < 5 && end - p >= 8 && le64(p) < 256 && (uint64_t)(end - p) - 8 >= le64(p)) {
            p += 8 + le64(p);
            k++;
        }
        if (k == 5)
            return q;
    }
    return NULL;
}

/* Walks up to n string records (an 8-byte length, then that many bytes) from q, none past end; returns the
 * records walked and *q their end. A tokenizer's 262,144 strings go through here: each length gives the
 * next one's place, a chain of dependent loads whose latency, not the bytes, is the cost. So the buffer is
 * walked by CHAINS chains at once, chain c from a plausible start in its c-th part; chain c's records count
 * only when chain c - 1 stops exactly on chain c's start (then they are the very records the walk from q
 * meets there); otherwise the walk goes on from where chain c - 1 stopped. */
/* One step of a chain: the record at *p, when it is before limit and all before end; false when it stops. */
static inline bool step(const unsigned char **p, uint64_t *done, const unsigned char *limit,
                        const unsigned char *end, uint64_t n)
{
    const unsigned char *at = *p;
    if (at >= limit || *done >= n || end - at < 8)
        return false;
    uint64_t len = le64(at);
    if (len > (uint64_t)(end - at) - 8)
        return false;
    *p = at + 8 + len;
    ++*done;
    return true;
}

static uint64_t walk_strings(const unsigned char **q, const unsigned char *end, uint64_t n)
{
    const unsigned char *start[CHAINS];
    size_t part = (size_t)(end - *q) / CHAINS;
    start[0] = *q;
    for (int c = 1; c < CHAINS; c++) {
        const unsigned char *guess = part >= 8192 ? plausible_start(*q + c * part, end) : NULL;
        start[c] = guess != NULL && guess > start[c - 1] ? guess : end;
    }
    const unsigned char *p0 = start[0], *p1 = start[1], *p2 = start[2], *p3 = start[3];
    uint64_t d0 = 0, d1 = 0, d2 = 0, d3 = 0;
    bool m0 = true, m1 = true, m2 = true, m3 = true;
    while (m0 || m1 || m2 || m3) {      /* four independent chains: their loads overlap */
        m0 = m0 && step(&p0, &d0, start[1], end, n);
        m1 = m1 && step(&p1, &d1, start[2], end, n);
        m2 = m2 && step(&p2, &d2, start[3], end, n);
        m3 = m3 && step(&p3, &d3, end, end, n);
    }
    const unsigned char *at_[CHAINS] = {p0, p1, p2, p3};
    uint64_t done[CHAINS] = {d0, d1, d2, d3};
    _Static_assert(CHAINS == 4, "walk_strings runs four chains");
    uint64_t total = done[0];
    const unsigned char *p = at_[0];
    for (int c = 1; c < CHAINS && p == start[c] && start[c] < end && total + done[c] <= n; c++) {
        total += done[c];
        p = at_[c];
    }
    /* The rest, one chain, from where the kept chains end. */
    while (step(&p, &total, end, end, n))
        ;
    *q = p;
    return total;
}

/* Steps over elements from..count of a string array: in the buffer, by walk_strings; where a string is not
 * all in the buffer, its length is read and checked as any string's, and its bytes skipped. Every string
 * left takes at least its 8-byte length, so the metadata reaches that far: fills may read it. */
static bool skip_strings(Reader *r, const char *key, uint64_t from, uint64_t count)
{
    for (uint64_t i = from; i < count;) {
        const unsigned char *q = r->buf + r->pos;
        i += walk_strings(&q, r->buf + r->len, count - i);
        r->pos = (size_t)(q - r->buf);
        if (i == count)
            break;
        char what[GGUF_NAME_MAX + 60];
        uint64_t len;
        snprintf(what, sizeof what, "element %" PRIu64 " of '%s'", i, key);
        ahead(r, (count - i) * 8);
        if (!read_length(r, what, &len))
            return false;
        ahead(r, len + (count - i - 1) * 8);
        if (!skip(r, len))
            return false;
        i++;
    }
    return true;
}

/* Reads one value of type t (an array: array_type, count) at the reader's place, its text into o when o is
 * not NULL, and a scalar's bits into *bits. */
static bool read_value(Reader *r, GgufType t, GgufType array_type, uint64_t count, const char *key, Out *o,
                       uint64_t *bits)
{
    uint64_t offset = at(r);
    bool io, nul;
    char what[GGUF_NAME_MAX + 60];
    snprintf(what, sizeof what, "the value of '%s'", key);
    Out none = {0};
    if (o == NULL)
        o = &none;
    if (t == GGUF_STRING) {
        uint64_t n;
        return read_length(r, what, &n) && read_string_bytes(r, n, o->s != NULL ? o : NULL, &nul);
    }
    if (t != GGUF_ARRAY) {
        if (!read_le(r, type_sizes[t], bits, &io))
            return io ? false : fail(r, offset, "the file ends inside %s (a %s takes %u bytes, %" PRIu64 " are left); "
                                     "llama.cpp refuses it: \"failed to read key-value pairs\"", what,
                                     gguf_type_name(t), type_sizes[t], left(r));
        put_scalar(o, t, *bits);
        return true;
    }
    uint64_t each = array_type == GGUF_STRING ? 8 : type_sizes[array_type];
    if (count > GGUF_MAX_LENGTH)
        return fail(r, offset, "%s is an array of %" PRIu64 " elements of type %s, more than llama.cpp's 2^30; it "
                    "refuses the file: \"failed to read key-value pairs\"", what, count, gguf_type_name(array_type));
    if (count * each > left(r))
        return fail(r, offset, "%s is an array of %" PRIu64 " elements of type %s, at least %" PRIu64 " bytes, more "
                    "than the %" PRIu64 " left in the file; llama.cpp refuses it: \"failed to read key-value pairs\"",
                    what, count, gguf_type_name(array_type), count * each, left(r));
    ahead(r, count * each);
    put(o, "[", 1);
    for (uint64_t i = 0; i < count; i++) {
        if (o->s == NULL || o->cut) {       /* nothing more to write: step over the rest */
            if (array_type != GGUF_STRING)
                return skip(r, (count - i) * each);
            return skip_strings(r, key, i, count) && (put(o, "]", 1), true);
        }
        if (i > 0)
            put(o, ", ", 2);
        if (array_type != GGUF_STRING) {
            uint64_t element;
            if (!read_le(r, (size_t)each, &element, &io))
                return io ? false : fail(r, at(r), "the file ends inside %s", what);
            put_scalar(o, array_type, element);
            continue;
        }
        /* gguf_kv_to_str quotes a string element and escapes its \\ and " */
        char bytes[GGUF_TEXT_MAX + 1] = "";
        Out piece = {bytes, sizeof bytes, 0, false};
        uint64_t len;
        snprintf(what, sizeof what, "element %" PRIu64 " of '%s'", i, key);
        if (!read_length(r, what, &len) || !read_string_bytes(r, len, &piece, &nul))
            return false;
        put(o, "\"", 1);
        for (size_t k = 0; k < piece.len; k++) {
            bool escaped = bytes[k] == '\\' || bytes[k] == '"';
            put(o, bytes[k] == '\\' ? "\\\\" : bytes[k] == '"' ? "\\\"" : bytes + k, escaped ? 2 : 1);
        }
        put(o, "\"", 1);
        o->cut = o->cut || piece.cut;
    }
    put(o, "]", 1);
    return true;
}

/* ===== The file ===== */

static bool read_header(Reader *r, GgufInfo *info)
{
    bool io;
    uint64_t v;
    if (r->size < 4)
        return fail(r, 0, "the file is %" PRIu64 " bytes, too short for the magic 'GGUF'; llama.cpp refuses it: "
                    "\"failed to read magic\"", r->size);
    if (!have(r, 4))
        return false;
    const unsigned char *m = r->buf;
    if (memcmp(m, "GGUF", 4) != 0) {
        char seen[5];
        for (int i = 0; i < 4; i++)
            seen[i] = m[i] >= 0x20 && m[i] < 0x7f ? (char)m[i] : '?';
        seen[4] = '\0';
        return fail(r, 0, "the magic is %02x %02x %02x %02x ('%s'), not 'GGUF': not a GGUF file; llama.cpp refuses "
                    "it: \"invalid magic characters: '%s', expected 'GGUF'\"", m[0], m[1], m[2], m[3], seen, seen);
    }
    r->pos = 4;
    if (!read_le(r, 4, &v, &io))
        return io ? false : fail(r, 4, "the file ends inside the header (the version takes 4 bytes, %" PRIu64
                                 " are left); llama.cpp refuses it: \"failed to read header\"", left(r));
    uint32_t version = info->version = (uint32_t)v;
    if (version == 0)
        return fail(r, 4, "version 0; llama.cpp refuses it: \"bad GGUF version: 0\"");
    if ((version & 0xFFFFu) == 0)
        return fail(r, 4, "version %" PRIu32 " (0x%08" PRIx32 "): its low 16 bits are 0, as when a file of the other "
                    "byte order is read; llama.cpp refuses it: \"this GGUF file version %" PRIu32 " is extremely "
                    "large, is there a mismatch between the host and model endianness?\"", version, version, version);
    if (version == 1)
        return fail(r, 4, "version 1, which counted in 32 bits; llama.cpp refuses it: \"GGUFv1 is no longer "
                    "supported, please use a more up-to-date version\"");
    if (version > 3)
        return fail(r, 4, "version %" PRIu32 "; llama.cpp refuses it: \"this GGUF file is version %" PRIu32 " but this "
                    "software only supports up to version 3\"", version, version);
    static const char *const counts[] = {"tensor count", "metadata count"};
    for (int k = 0; k < 2; k++) {
        uint64_t offset = at(r);
        if (!read_le(r, 8, &v, &io))
            return io ? false : fail(r, offset, "the file ends inside the header (the %s takes 8 bytes, %" PRIu64
                                     " are left); llama.cpp refuses it: \"failed to read header\"", counts[k], left(r));
        int64_t n = (int64_t)v;
        int64_t most = k == 0 ? MAX_TENSORS : MAX_PAIRS;
        if (n < 0 || n >= most)
            return fail(r, offset, "the %s is %" PRId64 " as llama.cpp reads it (an int64): %s; llama.cpp refuses "
                        "it: \"number of %s is %" PRId64 " but must be in [0, ...]\", then \"failed to read header\"",
                        counts[k], n, n < 0 ? "below 0" : "more than it can allocate",
                        k == 0 ? "tensors" : "key value pairs", n);
        if (k == 0)
            info->n_tensors = n;
        else
            info->n_kv = n;
    }
    ahead(r, (uint64_t)info->n_kv * MIN_PAIR);      /* every pair takes at least that much */
    return true;
}

/* Where a general.sampling.* key's value goes: its slot in info->keys, or NULL when there is no room. */
static GgufKey *sampling_slot(GgufInfo *info, const char *key)
{
    static const char *const known[] = {"sequence", "top_k", "top_p", "min_p", "xtc_probability", "xtc_threshold",
                                        "temp", "penalty_last_n", "penalty_repeat", "mirostat", "mirostat_tau",
                                        "mirostat_eta"};
    const size_t n_known = sizeof known / sizeof known[0];
    bool is_known = false;
    for (size_t i = 0; i < n_known; i++)
        is_known = is_known || strcmp(key + strlen("general.sampling."), known[i]) == 0;
    size_t others = 0;      /* keys of info->keys that common does not read */
    for (size_t i = 0; i < info->n_keys; i++) {
        bool k = false;
        for (size_t j = 0; j < n_known; j++)
            k = k || strcmp(info->keys[i].key + strlen("general.sampling."), known[j]) == 0;
        others += !k;
    }
    if (!is_known && others >= GGUF_MAX_KEYS - n_known) {
        info->n_keys_dropped++;
        return NULL;
    }
    return &info->keys[info->n_keys++];
}

/* Reads pair i, keeping what info needs. */
static bool read_pair(Reader *r, GgufInfo *info, int64_t i, uint32_t *alignment, int *alignment_type)
{
    uint64_t pair = at(r), n, h = 0xcbf29ce484222325u;
    char key[GGUF_NAME_MAX + 1], shown_key[GGUF_NAME_MAX + 8], what[80];
    ahead(r, (uint64_t)(info->n_kv - i) * MIN_PAIR);    /* the pairs left take at least that much */
    snprintf(what, sizeof what, "metadata key %" PRId64 " (of %" PRId64 ")", i, info->n_kv);
    if (!read_length(r, what, &n))
        return false;
    uint64_t key_at = at(r);
    Out k = {key, sizeof key, 0, false};
    key[0] = '\0';
    ahead(r, n);
    for (uint64_t done = 0; done < n;) {
        size_t chunk = n - done < BUFFER_SIZE ? (size_t)(n - done) : BUFFER_SIZE;
        if (!have(r, chunk))
            return false;
        h = hash_step(h, r->buf + r->pos, chunk);
        put(&k, (const char *)r->buf + r->pos, chunk);
        r->pos += chunk;
        done += chunk;
    }
    key_shown(key, k.cut || strlen(key) < n, shown_key, sizeof shown_key);
    if (n == 0)
        return fail(r, pair, "%s is empty; llama.cpp refuses it: \"key %" PRId64 " is empty\"", what, i);
    uint64_t repeat;
    int64_t repeat_index = -1;
    if (!add_key(r, h, key_at, n, i, &repeat, &repeat_index))
        return false;
    char first[24] = "...";
    if (repeat_index >= 0)
        snprintf(first, sizeof first, "%" PRId64, repeat_index);
    if (repeat != 0)
        return fail(r, pair, "%s, '%s', repeats the key at offset %" PRIu64 "; llama.cpp refuses it: \"duplicate "
                    "key '%s' for tensors %s and %" PRId64 "\"", what, shown_key, repeat - 8, shown_key, first, i);
    uint64_t type, array_type = 0, count = 0, type_at = at(r);
    bool io;
    if (!read_le(r, 4, &type, &io)
        || (type == GGUF_ARRAY && (!read_le(r, 4, &array_type, &io) || !read_le(r, 8, &count, &io))))
        return io ? false : fail(r, at(r), "the file ends inside the type of '%s'; llama.cpp refuses it: \"failed to "
                                 "read key-value pairs\"", shown_key);
    int32_t checked = (int32_t)(uint32_t)(type == GGUF_ARRAY ? array_type : type);     /* gguf_type(int32) */
    if (checked < 0 || checked >= GGUF_TYPE_COUNT || (type == GGUF_ARRAY && checked == GGUF_ARRAY))
        return fail(r, type_at, "'%s' has %s type %" PRId32 ", %s; llama.cpp refuses it: \"key '%s' has invalid GGUF "
                    "type %" PRId32 "\"", shown_key, type == GGUF_ARRAY ? "the element" : "the value", checked,
                    checked == GGUF_ARRAY ? "an array of arrays" : "not a type of the format (0 to 12)",
                    shown_key, checked);
    /* llama.cpp finds a key by its C string (gguf_find_key's strcmp; the model's metadata texts, src/llama-model.cpp
     * at 00342301, are kept by gguf_get_key's C string, the first of a name kept): the bytes before a NUL. */
    const char *nul_in_key = memchr(key, '\0', k.len);
    bool whole = nul_in_key != NULL || (!k.cut && k.len == n);     /* the key's C string is all in key */
    Out o = {0};
    GgufKey *kept = NULL;
    if (strncmp(key, "general.sampling.", strlen("general.sampling.")) == 0) {
        kept = sampling_slot(info, key);
        if (kept != NULL) {
            *kept = (GgufKey){.offset = pair, .type = (GgufType)type, .array_type = (GgufType)array_type,
                              .array_count = count, .key_length = n, .key_cut = !whole,
                              .key_nul = nul_in_key != NULL};
            snprintf(kept->key, sizeof kept->key, "%s", key);
            for (size_t j = 0; whole && j + 1 < info->n_keys && kept->shadowed_by == 0; j++)
                if (!info->keys[j].key_cut && info->keys[j].type != GGUF_ARRAY && strcmp(info->keys[j].key, key) == 0)
                    kept->shadowed_by = info->keys[j].offset;      /* an array is not among the texts: skipped */
            o = (Out){kept->text, sizeof kept->text, 0, false};
        }
    } else if (whole && strcmp(key, "general.name") == 0 && !info->name_seen) {
        info->name_seen = true;     /* the first of the name, as gguf_find_key finds it */
        info->name_offset = pair;
        if (type == GGUF_STRING)
            o = (Out){info->name, sizeof info->name, 0, false};
        else
            info->name_type = (int)type;
    }
    bool alignment_key = whole && strcmp(key, "general.alignment") == 0 && *alignment_type < 0;
    bool nul = false;
    uint64_t bits = 0;
    if (type == GGUF_STRING && o.s != NULL) {
        uint64_t len;
        snprintf(what, sizeof what, "the value of '%.60s'", shown_key);
        if (!read_length(r, what, &len) || !read_string_bytes(r, len, &o, &nul))
            return false;
        if (kept != NULL)
            kept->value_length = len;
    } else if (!read_value(r, (GgufType)type, (GgufType)array_type, count, shown_key, o.s != NULL ? &o : NULL,
                           &bits)) {
        return false;
    }
    if (kept != NULL) {
        kept->text_cut = o.cut;
        kept->has_nul = nul;
        kept->bits = bits;
    } else if (o.s == info->name) {
        info->has_name = true;
        info->name_cut = o.cut;
        info->name_nul = nul;
    }
    if (alignment_key) {
        *alignment_type = (int)type;
        *alignment = (uint32_t)bits;
    }
    return true;
}

bool gguf_read(FILE *file, const char *name, GgufInfo *info, char *err, size_t err_size)
{
    char scratch[1];
    if (err == NULL || err_size == 0) {
        err = scratch;
        err_size = sizeof scratch;
    }
    err[0] = '\0';
    if (file == NULL || info == NULL) {
        snprintf(err, err_size, "no GGUF file to read");
        return false;
    }
    name = name != NULL ? name : "(the file)";
    *info = (GgufInfo){.alignment = 32, .name_type = -1};
    Reader r = {.f = file, .name = name, .err = err, .err_size = err_size};
    long size;
    if (fseek(file, 0, SEEK_END) != 0 || (size = ftell(file)) < 0 || fseek(file, 0, SEEK_SET) != 0) {
        snprintf(err, err_size, "%s: cannot find the file's size (%s): not a file that can be read from anywhere",
                 name, strerror(errno));
        return false;
    }
    r.size = info->file_size = (uint64_t)size;
    unsigned char probe;
    if (size < 4 && fread(&probe, 1, 1, file) == 1 && size == 0) {   /* a device: ftell gives 0, yet it reads */
        snprintf(err, err_size, "%s: its size reads as 0 bytes, yet bytes can be read from it: not a file of a size "
                 "(a device or a pipe?), which this tool needs to check each count against the bytes left", name);
        return false;
    }
    if (size < 4 && fseek(file, 0, SEEK_SET) != 0) {
        snprintf(err, err_size, "%s: cannot read it again from its start (%s)", name, strerror(errno));
        return false;
    }
    r.buf = malloc(BUFFER_SIZE);
    if (r.buf == NULL) {
        snprintf(err, err_size, "%s: out of memory", name);
        return false;
    }
    r.horizon = HEADER_BYTES;
    bool ok = read_header(&r, info);
    uint32_t alignment = 32;
    int alignment_type = -1;
    for (int64_t i = 0; ok && i < info->n_kv; i++)
        ok = read_pair(&r, info, i, &alignment, &alignment_type);
    if (ok && alignment_type >= 0 && alignment_type != GGUF_UINT32)
        ok = fail(&r, at(&r), "general.alignment is of type %s, not u32; llama.cpp refuses it: \"key "
                  "'general.alignment' must be of type u32 but is %s\"", gguf_type_name(alignment_type),
                  gguf_type_name(alignment_type));
    if (ok && alignment_type >= 0 && (alignment == 0 || (alignment & (alignment - 1)) != 0))
        ok = fail(&r, at(&r), "general.alignment is %" PRIu32 ", not a power of 2; llama.cpp refuses it: \"alignment "
                  "%" PRIu32 " is not a power of 2\"", alignment, alignment);
    info->alignment = alignment;
    info->metadata_end = at(&r);
    if (ok && (uint64_t)info->n_tensors > left(&r) / MIN_TENSOR_INFO)
        ok = fail(&r, at(&r), "the header counts %" PRId64 " tensors, but the %" PRIu64 " bytes after the metadata "
                  "can describe at most %" PRIu64 " (24 bytes each at least); llama.cpp refuses it: \"failed to read "
                  "tensor info\"", info->n_tensors, left(&r), left(&r) / MIN_TENSOR_INFO);
    free(r.buf);
    free(r.slots);
    return ok;
}

bool gguf_read_file(const char *path, GgufInfo *info, char *err, size_t err_size)
{
    if (path == NULL)
        return gguf_read(NULL, NULL, info, err, err_size);
    FILE *file = fopen(path, "rb");
    if (file == NULL) {
        if (err != NULL && err_size > 0)
            snprintf(err, err_size, "cannot open '%s': %s", path, strerror(errno));
        return false;
    }
    bool ok = gguf_read(file, path, info, err, err_size);
    fclose(file);       /* opened for reading: nothing is lost if closing fails */
    return ok;
}

double gguf_stored(const GgufKey *key, bool *exact, char *whole, size_t size)
{
    *exact = key != NULL && key->type != GGUF_STRING && key->type != GGUF_ARRAY;
    if (whole != NULL && size > 0)
        whole[0] = '\0';
    if (!*exact)
        return 0;
    uint64_t b = key->bits;
    float f;
    double d;
    switch (key->type) {
    case GGUF_INT8: return (int8_t)(uint8_t)b;
    case GGUF_INT16: return (int16_t)(uint16_t)b;
    case GGUF_INT32: return (int32_t)(uint32_t)b;
    case GGUF_FLOAT32: {
        uint32_t u = (uint32_t)b;
        memcpy(&f, &u, sizeof f);
        return f;
    }
    case GGUF_FLOAT64: memcpy(&d, &b, sizeof d); return d;
    case GGUF_BOOL: return b != 0;
    case GGUF_INT64:
        *exact = (int64_t)b >= -(INT64_C(1) << 53) && (int64_t)b <= (INT64_C(1) << 53);
        if (whole != NULL)
            snprintf(whole, size, "%" PRId64, (int64_t)b);
        return (double)(int64_t)b;
    default:        /* the unsigned types */
        *exact = b <= (UINT64_C(1) << 53);
        if (whole != NULL)
            snprintf(whole, size, "%" PRIu64, b);
        return (double)b;
    }
}

const char *gguf_type_name(int type)
{
    static const char *const names[GGUF_TYPE_COUNT] = {"u8", "i8", "u16", "i16", "u32", "i32", "f32", "bool",
                                                       "str", "arr", "u64", "i64", "f64"};
    return type >= 0 && type < GGUF_TYPE_COUNT ? names[type] : "unknown";
}

/* ===== What common takes ===== */

void gguf_sampling(const GgufKey *key, GgufSampling *out)
{
    static const struct {
        const char *field;
        int setting;
        char kind;              /* 'i' strtol, 'f' strtof, 's' the sequence */
    } known[] = {
        {"sequence", SET_SAMPLERS, 's'}, {"top_k", SET_TOP_K, 'i'}, {"top_p", SET_TOP_P, 'f'},
        {"min_p", SET_MIN_P, 'f'}, {"xtc_probability", SET_XTC_PROBABILITY, 'f'},
        {"xtc_threshold", SET_XTC_THRESHOLD, 'f'}, {"temp", SET_TEMP, 'f'},
        {"penalty_last_n", SET_REPEAT_LAST_N, 'i'}, {"penalty_repeat", SET_REPEAT_PENALTY, 'f'},
        {"mirostat", SET_MIROSTAT, 'i'}, {"mirostat_tau", SET_MIROSTAT_TAU, 'f'},
        {"mirostat_eta", SET_MIROSTAT_ETA, 'f'}};
    if (key == NULL || out == NULL)
        return;
    *out = (GgufSampling){.outcome = GGUF_UNKNOWN_KEY, .setting = -1};
    const char *suffix = strncmp(key->key, "general.sampling.", 17) == 0 ? key->key + 17 : "";
    size_t k = 0, n_known = sizeof known / sizeof known[0];
    while (k < n_known && strcmp(suffix, known[k].field) != 0)
        k++;
    if (k == n_known)
        return;
    out->field = known[k].field;
    out->setting = known[k].setting;
    out->integer = known[k].kind == 'i';
    size_t room = known[k].kind == 'i' ? 63 : known[k].kind == 'f' ? 127 : GGUF_TEXT_MAX;  /* buffers 64, 128, 512 */
    size_t len = strlen(key->text);
    out->cut = len > room || (key->text_cut && room == GGUF_TEXT_MAX);
    memcpy(out->text, key->text, len < room ? len : room);
    out->text[len < room ? len : room] = '\0';
    if (key->type == GGUF_ARRAY || out->text[0] == '\0') {
        out->outcome = GGUF_NOT_READ;
        return;
    }
    char *end;
    if (known[k].kind == 'i') {
        errno = 0;
        long v = strtol(out->text, &end, 10);
        out->range = errno == ERANGE;
        out->read = v;
        out->outcome = end != out->text ? GGUF_APPLIED : GGUF_NOT_A_NUMBER;
        out->value = (int32_t)(uint32_t)(unsigned long)v;   /* int32_t v = strtol(...): the low 32 bits */
        return;
    }
    if (known[k].kind == 'f') {
        errno = 0;
        float v = strtof(out->text, &end);
        out->range = errno == ERANGE;
        out->outcome = end != out->text ? GGUF_APPLIED : GGUF_NOT_A_NUMBER;
        out->value = v;
        return;
    }
    out->outcome = GGUF_APPLIED;
    for (const char *piece = out->text;;) {
        size_t n = strcspn(piece, ";");
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(n < sizeof name ? n : sizeof name - 1), piece);
        SamplerType type;
        if (n > 0 && n < sizeof name && sampler_from_name(name, &type)) {
            if (out->n_samplers < CHAIN_MAX_SAMPLERS)
                out->samplers[out->n_samplers++] = type;
            out->n_named++;
        } else if (n == 0) {
            out->n_empty++;
        } else {
            char safe[80], line[200];
            if (n < sizeof name)
                snprintf(line, sizeof line, "unable to match sampler by name '%s'\n", shown(name, safe, sizeof safe));
            else        /* the name is shown in part, and says so */
                snprintf(line, sizeof line, "unable to match sampler by name '%.40s...' (a name of %zu bytes; this "
                         "tool shows its first 40)\n", shown(name, safe, sizeof safe), n);
            size_t used = strlen(out->warnings);
            if (used + strlen(line) < sizeof out->warnings - 30)
                snprintf(out->warnings + used, sizeof out->warnings - used, "%s", line);
            else if (strstr(out->warnings, "more names not shown") == NULL)
                snprintf(out->warnings + used, sizeof out->warnings - used, "more names not shown\n");
        }
        if (piece[n] == '\0')
            break;
        piece += n + 1;
    }
}
