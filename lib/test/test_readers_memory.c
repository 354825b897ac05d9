/* test_readers_memory.c: the readers of outside files keep within 4 bytes of memory for each byte of their
 * input, plus a constant (issue 27, item 11): the JSON reader (a 16 MB body took 846 MB before), the GGUF,
 * preset and /props readers; and (review 27, finding 18) each whole path, the file read too: --from-json's
 * body_read_file then body_read, from a file and from a pipe on standard input, preset_read_file,
 * gguf_read_file and props_read_file. The bytes are counted, not timed: this file stands in for malloc, calloc,
 * realloc and free (glibc's __libc_ functions do the work; malloc_usable_size gives a block's size), and
 * each check reads the highest count while one call runs. Only where that can be done: with glibc and
 * without a sanitizer, which puts its own allocator there (make sanitize runs the readers' other tests). A
 * path to a temporary file is /proc/self/fd/N of a tmpfile() (Linux), or the path checks are skipped. */
#define _POSIX_C_SOURCE 200809L     /* fileno, dup, pipe, fork: this test's, never the product's */
#include "check.h"
#include "gguf_writer.h"
#include "cli/from_json.h"
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

#ifndef NO_COUNTING
#include <sys/wait.h>
#include <unistd.h>
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

#ifndef NO_COUNTING
/* A temporary file holding n bytes of text, and a path to it in *path (size bytes); NULL when there is none. */
static FILE *temp_with(const char *text, size_t n, char *path, size_t size)
{
    FILE *f = tmpfile();
    if (f == NULL || fwrite(text, 1, n, f) != n || fflush(f) != 0) {
        if (f != NULL)
            fclose(f);
        return NULL;
    }
    snprintf(path, size, "/proc/self/fd/%d", fileno(f));
    FILE *probe = fopen(path, "rb");
    if (probe == NULL) {
        fclose(f);
        return NULL;
    }
    fclose(probe);
    return f;
}

/* --from-json's whole path on the text at path ("-": standard input): the file read, then the body read. */
static long long body_path(const char *path, size_t *length)
{
    static CliParams params;
    static char notes[4096];
    char err[600];
    char *text = NULL;
    args_defaults(&params);
    counting_start();
    bool ok = body_read_file("--from-json", path, &text, length, err, sizeof err);
    ok = ok && body_read(text, *length, &params, notes, sizeof notes, err, sizeof err);
    free(text);
    long long got = counting_peak();
    check_true(__FILE__, __LINE__, ok, err);
    return got;
}

/* The same from a pipe on standard input, fed by a child process: the buffer then grows as it reads. */
static long long body_pipe(const char *text, size_t n, size_t *length)
{
    int fds[2], saved = dup(0);
    if (saved < 0 || pipe(fds) != 0)
        return -1;
    pid_t child = fork();
    if (child == 0) {
        close(fds[0]);
        for (size_t done = 0; done < n;) {
            ssize_t wrote = write(fds[1], text + done, n - done);
            if (wrote <= 0)
                _exit(1);
            done += (size_t)wrote;
        }
        _exit(0);
    }
    close(fds[1]);
    dup2(fds[0], 0);
    close(fds[0]);
    clearerr(stdin);
    long long got = child > 0 ? body_path("-", length) : -1;
    dup2(saved, 0);
    close(saved);
    clearerr(stdin);
    int status;
    if (child > 0)
        waitpid(child, &status, 0);
    return got;
}
#endif

void test_readers_memory(void)
{
#ifdef NO_COUNTING
    printf("skipped: the readers' memory budgets (test_readers_memory.c), whose count of each block stands in for "
           "glibc's malloc, where a sanitizer's allocator (or another libc's) takes its place; make check runs them\n");
#else
    printf("figures, not failures: the most memory each reader held at once, against its budget "
           "(lib/test/test_readers_memory.c):\n");
    enum { MIB = 1 << 20 };
    /* JSON: the densest text there is, [0,0,...], 4 MiB (the body that took 53 bytes a byte); then a text of
     * short strings, and an object of short members. */
    static const char *const fills[] = {"0,", "\"\",", "{\"\":0},", "[[],[],[]],", "1e5,", "-2147483649,",
                                        "[[[[[[[[[[[[[[[[0]]]]]]]]]]]]]]]],", "\"a\","};
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
        char what[80];
        snprintf(what, sizeof what, "json_parse of [%s...]", fills[f]);
        within(what, (long long)len, got, __LINE__);
        json_free(&doc);
        /* The whole path (review 27, finding 18): {"prompt": "x", "bulk": [the fill]}, a field llama-server does
         * not read, from a file and from a pipe; what is counted is the file's text and everything read from it. */
        static const char head[] = "{\"prompt\": \"x\", \"bulk\": ";
        char *body = __libc_malloc(len + sizeof head + 2);
        size_t body_len = sizeof head - 1;
        memcpy(body, head, body_len);
        memcpy(body + body_len, text, len);
        body_len += len;
        body[body_len++] = '}';
        char path[64];
        size_t read_len = 0;
        FILE *file = temp_with(body, body_len, path, sizeof path);
        if (file != NULL) {
            snprintf(what, sizeof what, "body_read_file and body_read of a file of [%s...]", fills[f]);
            within(what, (long long)body_len, body_path(path, &read_len), __LINE__);
            CHECK(read_len == body_len);
            fclose(file);
        } else {
            printf("memory: no path to a temporary file here (/proc/self/fd): the file paths are not counted\n");
        }
        snprintf(what, sizeof what, "body_read_file and body_read of a pipe of [%s...]", fills[f]);
        long long piped = body_pipe(body, body_len, &read_len);
        if (piped >= 0) {
            within(what, (long long)body_len, piped, __LINE__);
            CHECK(read_len == body_len);
        }
        __libc_free(body);
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
    char path[64];
    FILE *file = temp_with((const char *)w.data, w.len, path, sizeof path);
    if (file != NULL) {         /* the whole path: the file opened and read through its buffer */
        counting_start();
        CHECK(gguf_read_file(path, &info, err, sizeof err));
        within("gguf_read_file of a 262,144-string tokenizer", (long long)w.len, counting_peak(), __LINE__);
        fclose(file);
    }
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
        file = temp_with(text, len, path, sizeof path);
        if (file != NULL) {     /* the whole path: the file read at its size, then parsed in place */
            counting_start();
            ok = preset_read_file(path, &preset, err, sizeof err);
            got = counting_peak();
            check_true(__FILE__, __LINE__, ok, err);
            within(sections == 0 ? "preset_read_file of 'c=' lines" : "preset_read_file of 4,000 sections",
                   (long long)len, got, __LINE__);
            preset_free(&preset);
            fclose(file);
        }
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
    /* The whole path, at both ends: the largest, and a small one (the file is read at its size, not at the
     * limit's). */
    static const char small[] = "{\"default_generation_settings\": {\"params\": {\"top_k\": 20}}}";
    for (int big = 1; big >= 0; big--) {
        const char *t = big ? text : small;
        size_t t_len = big ? len : sizeof small - 1;
        file = temp_with(t, t_len, path, sizeof path);
        if (file == NULL)
            continue;
        args_defaults(&params);
        counting_start();
        CHECK(props_read_file(path, &params, &props, err, sizeof err) && params.sampling.top_k == 20);
        long long got = counting_peak();
        within(big ? "props_read_file of a 4 MiB /props" : "props_read_file of a small /props", (long long)t_len, got,
               __LINE__);
        check_true(__FILE__, __LINE__, big || got < 64 * 1024, "a small /props is read at its size, not the limit's");
        fclose(file);
    }
    __libc_free(text);
#endif
}
