/* test_readers_memory.c: the readers of outside files keep within 4 bytes of memory for each byte of their
 * input, plus a constant (issue 27, item 11): the JSON reader (a 16 MB body took 846 MB before), the GGUF,
 * preset and /props readers. The bytes are counted, not timed: this file stands in for malloc, calloc,
 * realloc and free (glibc's __libc_ functions do the work; malloc_usable_size gives a block's size), and
 * each check reads the highest count while one call runs. Only where that can be done: with glibc and
 * without a sanitizer, which puts its own allocator there (make sanitize runs the readers' other tests). */
#include "check.h"
#include "gguf_writer.h"
#include "cli/gguf.h"
#include "cli/json_in.h"
#include "cli/preset.h"
#include "cli/props.h"
#include "tests.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#define NO_COUNTING 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || !defined(__GLIBC__)
#define NO_COUNTING 1
#endif

#define BUDGET_CONSTANT ((long long)1 << 20)    /* the constant of "4 bytes a byte plus a constant": 1 MiB */

#ifndef NO_COUNTING
/* glibc's own allocator, under the names it exports for this purpose. */
extern void *__libc_malloc(size_t n);
extern void *__libc_calloc(size_t n, size_t size);
extern void *__libc_realloc(void *p, size_t n);
extern void *__libc_memalign(size_t alignment, size_t n);
extern void __libc_free(void *p);
extern size_t malloc_usable_size(void *p);

static long long live, peak;            /* bytes held now, and the most since counting_start */

static void *counted(void *p)
{
    if (p != NULL) {
        live += (long long)malloc_usable_size(p);
        peak = live > peak ? live : peak;
    }
    return p;
}

void *malloc(size_t n) { return counted(__libc_malloc(n)); }
void *calloc(size_t n, size_t size) { return counted(__libc_calloc(n, size)); }
void *aligned_alloc(size_t alignment, size_t n) { return counted(__libc_memalign(alignment, n)); }

int posix_memalign(void **p, size_t alignment, size_t n)
{
    *p = counted(__libc_memalign(alignment, n));
    return *p != NULL || n == 0 ? 0 : 12;       /* ENOMEM */
}

void free(void *p)
{
    if (p != NULL)
        live -= (long long)malloc_usable_size(p);
    __libc_free(p);
}

void *realloc(void *p, size_t n)
{
    long long old = p != NULL ? (long long)malloc_usable_size(p) : 0;
    void *q = __libc_realloc(p, n);
    if (q != NULL || n == 0) {
        live -= old;
        counted(q);
    }
    return q;
}
#endif

/* The most bytes held at once while one reader ran, above what was held before it. */
#ifndef NO_COUNTING
static long long base;
static void counting_start(void) { base = peak = live; }
static long long counting_peak(void) { return peak - base; }
#endif

#ifndef NO_COUNTING
/* peak <= 4 * input + the constant; prints the figure either way. */
static void within(const char *what, long long input, long long got, int line)
{
    char text[200];
    snprintf(text, sizeof text, "%s: %lld bytes at most for %lld bytes of input (%.2f a byte), budget 4 a byte "
             "plus %lld", what, got, input, (double)got / (double)input, BUDGET_CONSTANT);
    check_true(__FILE__, line, got <= 4 * input + BUDGET_CONSTANT, text);
    printf("  %s\n", text);
}
#endif

void test_readers_memory(void)
{
#ifdef NO_COUNTING
    printf("figures, not failures: the readers' memory is not counted here (a sanitizer's or another libc's "
           "allocator); make check counts it\n");
#else
    printf("figures, not failures: the most memory each reader held at once, against its budget "
           "(lib/test/test_readers_memory.c):\n");
    enum { MIB = 1 << 20 };
    /* JSON: the densest text there is, [0,0,...], 4 MiB (the body that took 53 bytes a byte); then a text of
     * short strings, and an object of short members. */
    static const char *const fills[] = {"0,", "\"\",", "{\"\":0},", "[[],[],[]],", "1e5,", "-2147483649,"};
    for (size_t f = 0; f < sizeof fills / sizeof fills[0]; f++) {
        size_t n = 4 * MIB, piece = strlen(fills[f]);
        char *text = __libc_malloc(n + 8);
        size_t len = 0;
        text[len++] = '[';
        while (len + piece + 4 < n) {
            memcpy(text + len, fills[f], piece);
            len += piece;
        }
        text[len++] = '0';
        text[len++] = ']';
        JsonDoc doc;
        char err[200];
        counting_start();
        bool ok = json_parse(text, len, &doc, err, sizeof err);
        long long got = counting_peak();
        CHECK(ok);
        char what[60];
        snprintf(what, sizeof what, "json_parse of [%s...]", fills[f]);
        within(what, (long long)len, got, __LINE__);
        json_free(&doc);
        __libc_free(text);
    }
    /* The reader it replaced kept 104 bytes a value: [0,0,...] of 4 MiB is 2 MiB values. The new one: 8. */

    /* GGUF: a 262,144-string tokenizer, then a file of only small pairs (the most keys for its size). */
    GgufWriter w;
    gw_init(&w, 3, 0, 2);
    gw_key(&w, "tokenizer.ggml.tokens", 9), gw_u32(&w, 8), gw_u64(&w, 262144);
    for (int i = 0; i < 262144; i++) {
        char token[16];
        snprintf(token, sizeof token, "t%d", i);
        gw_str(&w, token);
    }
    gw_key(&w, "general.sampling.top_k", 4), gw_u32(&w, 20);
    static GgufInfo info;
    char err[300];
    FILE *f = tmpfile();
    bool written = f != NULL && fwrite(w.data, 1, w.len, f) == w.len;
    counting_start();
    CHECK(written && gguf_read(f, "t.gguf", &info, err, sizeof err));
    within("gguf_read of a 262,144-string tokenizer", (long long)w.len, counting_peak(), __LINE__);
    if (f != NULL)
        fclose(f);
    gw_free(&w);
    gw_init(&w, 3, 0, 100000);
    for (int i = 0; i < 100000; i++) {
        char key[16];
        snprintf(key, sizeof key, "k%d", i);
        gw_key(&w, key, 0), gw_u8(&w, 1);
    }
    f = tmpfile();
    written = f != NULL && fwrite(w.data, 1, w.len, f) == w.len;
    counting_start();
    CHECK(written && gguf_read(f, "t.gguf", &info, err, sizeof err));
    within("gguf_read of 100,000 one-byte pairs", (long long)w.len, counting_peak(), __LINE__);
    if (f != NULL)
        fclose(f);
    gw_free(&w);

    /* Preset: 4 MiB of the shortest key lines; then 4,000 sections (this tool's limit is 4,096) and key lines. */
    for (int sections = 0; sections <= 4000; sections += 4000) {
        size_t n = 4 * MIB, len = 0;
        char *text = __libc_malloc(n + 64);
        for (int i = 0; i < sections; i++)
            len += (size_t)snprintf(text + len, 64, "[s%d]\nc=1\n", i);
        while (len + 3 <= n) {
            memcpy(text + len, "c=\n", 3);
            len += 3;
        }
        static Preset preset;
        counting_start();
        bool ok = preset_parse(text, len, "p.ini", &preset, err, sizeof err);
        long long got = counting_peak();
        check_true(__FILE__, __LINE__, ok, err);
        within(sections == 0 ? "preset_parse of 'c=' lines" : "preset_parse of 4,000 sections and 'c=' lines",
               (long long)len, got, __LINE__);
        preset_free(&preset);
        __libc_free(text);
    }

    /* /props: the largest it reads, 4 MiB, most of it a chat template. */
    size_t n = 4 * MIB - 100;
    char *text = __libc_malloc(n + 200);
    size_t len = (size_t)snprintf(text, 200, "{\"default_generation_settings\": {\"params\": {\"top_k\": 20}}, "
                                  "\"chat_template\": \"");
    memset(text + len, 'x', n - len);
    len = n;
    len += (size_t)snprintf(text + len, 8, "\"}");
    static CliParams params;
    static PropsInfo props;
    args_defaults(&params);
    counting_start();
    CHECK(props_read(text, len, "props.json", &params, &props, err, sizeof err) && params.sampling.top_k == 20);
    within("props_read of a 4 MiB /props", (long long)len, counting_peak(), __LINE__);
    __libc_free(text);
#endif
}
