/* test_gguf.c: lib/cli/gguf.c, the GGUF metadata reader behind -m, on files this test writes
 * (gguf_writer.h). Each expected text is gguf_kv_to_str's, worked out by hand from the format (the reference,
 * section 11): std::to_string of an integer, "%f" of a float, true/false, [a, b]; each expected value is what
 * common's strtol or strtof takes from that text (section 11, "How common reads a general.sampling.* key");
 * each refusal quotes ggml's gguf.cpp. */
#include "check.h"
#include "gguf_writer.h"
#include "cli/args.h"
#include "cli/gguf.h"
#include "rng.h"
#include "tests.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { U8, I8, U16, I16, U32, I32, F32, BOOL, STR, ARR, U64, I64, F64 };

static GgufInfo info;       /* 40 KB: static, as the tool would hold it once */

/* Reads the bytes w holds, through a temporary file; err gets the refusal. */
static bool read_written(const GgufWriter *w, char *err, size_t size)
{
    FILE *f = tmpfile();
    if (f == NULL || fwrite(w->data, 1, w->len, f) != w->len) {
        snprintf(err, size, "cannot write a temporary file");
        if (f != NULL)
            fclose(f);
        return false;
    }
    bool ok = gguf_read(f, "t.gguf", &info, err, size);
    fclose(f);
    return ok;
}

static const GgufKey *kept(const char *key)
{
    for (size_t i = 0; i < info.n_keys; i++)
        if (strcmp(info.keys[i].key, key) == 0)
            return &info.keys[i];
    return NULL;
}

/* The text gguf_read kept for key; "(none)" when it kept no such key. */
static const char *text_of(const char *key)
{
    const GgufKey *k = kept(key);
    return k != NULL ? k->text : "(none)";
}

/* Every value type, versions 2 and 3: the text llama.cpp prints for each. */
static void test_types(void)
{
    for (uint32_t version = 2; version <= 3; version++) {
        GgufWriter w;
        gw_init(&w, version, 0, 16);
        gw_key(&w, "general.sampling.u8", U8), gw_u8(&w, 200);
        gw_key(&w, "general.sampling.i8", I8), gw_u8(&w, 0xFB);                 /* -5 */
        gw_key(&w, "general.sampling.u16", U16), gw_u16(&w, 65535);
        gw_key(&w, "general.sampling.i16", I16), gw_u16(&w, (uint16_t)-300);
        gw_key(&w, "general.sampling.u32", U32), gw_u32(&w, 4000000000u);
        gw_key(&w, "general.sampling.i32", I32), gw_u32(&w, (uint32_t)-7);
        gw_key(&w, "general.sampling.f32", F32), gw_f32(&w, 0.95f);             /* 0.949999988 -> 0.950000 */
        gw_key(&w, "general.sampling.bool", BOOL), gw_u8(&w, 7);                /* any byte but 0 is true */
        gw_key(&w, "general.sampling.str", STR), gw_str(&w, "abc");
        gw_key(&w, "general.sampling.u64", U64), gw_u64(&w, UINT64_MAX);
        gw_key(&w, "general.sampling.i64", I64), gw_u64(&w, (uint64_t)INT64_MIN);
        gw_key(&w, "general.sampling.f64", F64), gw_f64(&w, 0.1);
        gw_key(&w, "general.sampling.arr", ARR), gw_u32(&w, U32), gw_u64(&w, 3);
        gw_u32(&w, 1), gw_u32(&w, 2), gw_u32(&w, 3);
        gw_key(&w, "general.sampling.strs", ARR), gw_u32(&w, STR), gw_u64(&w, 2), gw_str(&w, "a"), gw_str(&w, "b\"c\\");
        gw_key(&w, "general.sampling.false", BOOL), gw_u8(&w, 0);
        gw_key(&w, "general.name", STR), gw_str(&w, "Tiny Test 1B");
        char err[300];
        bool ok_read = read_written(&w, err, sizeof err);
        check_true(__FILE__, __LINE__, ok_read, err);
        CHECK_INT(version, info.version);
        CHECK(strcmp(text_of("general.sampling.u8"), "200") == 0);
        CHECK(strcmp(text_of("general.sampling.i8"), "-5") == 0);
        CHECK(strcmp(text_of("general.sampling.u16"), "65535") == 0);
        CHECK(strcmp(text_of("general.sampling.i16"), "-300") == 0);
        CHECK(strcmp(text_of("general.sampling.u32"), "4000000000") == 0);
        CHECK(strcmp(text_of("general.sampling.i32"), "-7") == 0);
        CHECK(strcmp(text_of("general.sampling.f32"), "0.950000") == 0);
        CHECK(strcmp(text_of("general.sampling.bool"), "true") == 0);
        CHECK(strcmp(text_of("general.sampling.false"), "false") == 0);
        CHECK(strcmp(text_of("general.sampling.str"), "abc") == 0);
        CHECK(strcmp(text_of("general.sampling.u64"), "18446744073709551615") == 0);
        CHECK(strcmp(text_of("general.sampling.i64"), "-9223372036854775808") == 0);
        CHECK(strcmp(text_of("general.sampling.f64"), "0.100000") == 0);
        CHECK(strcmp(text_of("general.sampling.arr"), "[1, 2, 3]") == 0);
        CHECK(strcmp(text_of("general.sampling.strs"), "[\"a\", \"b\\\"c\\\\\"]") == 0);
        const GgufKey *arr = kept("general.sampling.arr");
        CHECK(arr != NULL && arr->type == GGUF_ARRAY && arr->array_type == GGUF_UINT32 && arr->array_count == 3);
        CHECK(kept("general.sampling.u8") != NULL && kept("general.sampling.u8")->offset == 24);   /* the first pair */
        CHECK_INT(15, (long long)info.n_keys);
        CHECK(info.has_name && strcmp(info.name, "Tiny Test 1B") == 0 && !info.name_cut);
        CHECK(!info.tensors_checked && info.metadata_end == w.len && info.file_size == w.len);
        gw_free(&w);
    }
}

/* The sampling keys on either side of a tokenizer array of 200,000 strings. */
static void test_tokenizer(void)
{
    GgufWriter w;
    gw_init(&w, 3, 0, 5);
    gw_key(&w, "general.sampling.top_k", I32), gw_u32(&w, 20);
    gw_key(&w, "tokenizer.ggml.tokens", ARR), gw_u32(&w, STR), gw_u64(&w, 200000);
    for (int i = 0; i < 200000; i++) {
        char token[16];
        snprintf(token, sizeof token, "tok%d", i);
        gw_str(&w, token);
    }
    gw_key(&w, "tokenizer.ggml.scores", ARR), gw_u32(&w, F32), gw_u64(&w, 200000);
    for (int i = 0; i < 200000; i++)
        gw_f32(&w, (float)-i);
    gw_key(&w, "general.sampling.temp", F32), gw_f32(&w, 0.6f);
    gw_key(&w, "general.name", STR), gw_str(&w, "Tokens");
    char err[300];
    CHECK(read_written(&w, err, sizeof err));
    CHECK(strcmp(text_of("general.sampling.top_k"), "20") == 0);
    CHECK(strcmp(text_of("general.sampling.temp"), "0.600000") == 0);
    CHECK(info.has_name && strcmp(info.name, "Tokens") == 0);
    CHECK(info.metadata_end == w.len);
    gw_free(&w);
}

/* Tokens made to mislead a walk that guesses where records start (gguf.c's walk_strings): bytes that read
 * as 8-byte lengths below 256, empty tokens, tokens of 256 bytes and more, NULs. The keys after the array
 * must read as written, whatever the guesses. */
static void test_tricky_tokens(void)
{
    Rng rng;
    rng_seed(&rng, 27);
    for (int round = 0; round < 3; round++) {
        GgufWriter w;
        gw_init(&w, 3, 0, 3);
        int n = 60000 + 20000 * round;
        gw_key(&w, "tokenizer.ggml.tokens", ARR), gw_u32(&w, STR), gw_u64(&w, (uint64_t)n);
        for (int i = 0; i < n; i++) {
            unsigned char token[700];
            int kind = rng_next_int(&rng, 10), len = 0;
            if (kind == 0) {
                len = 0;                                    /* empty */
            } else if (kind == 1) {
                len = 256 + rng_next_int(&rng, 400);        /* long */
                memset(token, 'x', (size_t)len);
            } else {
                len = 1 + rng_next_int(&rng, 40);
                for (int k = 0; k < len; k++)
                    token[k] = (unsigned char)(rng_next_int(&rng, 4) == 0 ? 0 : rng_next_int(&rng, 8));
            }
            gw_u64(&w, (uint64_t)len);
            gw_bytes(&w, token, (size_t)len);
        }
        gw_key(&w, "general.sampling.top_k", I32), gw_u32(&w, (uint32_t)(40 + round));
        gw_key(&w, "general.name", STR), gw_str(&w, "Tricky");
        char err[300];
        bool ok = read_written(&w, err, sizeof err);
        check_true(__FILE__, __LINE__, ok, err);
        char want[8];
        snprintf(want, sizeof want, "%d", 40 + round);
        CHECK(strcmp(text_of("general.sampling.top_k"), want) == 0 && info.has_name
              && strcmp(info.name, "Tricky") == 0 && info.metadata_end == w.len);
        gw_free(&w);
    }
}

/* One key's text as gguf_sampling reads it: a file of that one key. */
static void sampling_of(const char *key, int type, const void *value, size_t size, GgufSampling *out)
{
    GgufWriter w;
    gw_init(&w, 3, 0, 1);
    gw_key(&w, key, (uint32_t)type);
    if (type == STR)
        gw_str(&w, value);
    else
        gw_bytes(&w, value, size);
    char err[300];
    *out = (GgufSampling){0};
    if (read_written(&w, err, sizeof err) && info.n_keys == 1)
        gguf_sampling(&info.keys[0], out);
    else
        check_true(__FILE__, __LINE__, false, err);
    gw_free(&w);
}

/* common_init_sampler_from_model's rule, worked out by hand from its text. */
static void test_conversion(void)
{
    GgufSampling s;
    float f = 20.0f;
    sampling_of("general.sampling.top_k", F32, &f, 4, &s);          /* "20.000000": strtol 20 */
    CHECK(s.outcome == GGUF_APPLIED && s.value == 20 && s.integer && s.setting == SET_TOP_K
          && strcmp(s.text, "20.000000") == 0 && strcmp(s.field, "top_k") == 0);
    f = 0.0000001f;
    sampling_of("general.sampling.min_p", F32, &f, 4, &s);          /* "0.000000": strtof 0 */
    CHECK(s.outcome == GGUF_APPLIED && s.value == 0 && strcmp(s.text, "0.000000") == 0 && s.setting == SET_MIN_P);
    sampling_of("general.sampling.temp", STR, "0.6", 0, &s);        /* a string works: strtof's 0.6f */
    CHECK(s.outcome == GGUF_APPLIED && s.value == (double)0.6f && s.setting == SET_TEMP);
    uint8_t yes = 1;
    sampling_of("general.sampling.top_p", BOOL, &yes, 1, &s);       /* "true": not a number, left as it was */
    CHECK(s.outcome == GGUF_NOT_A_NUMBER && strcmp(s.text, "true") == 0);
    uint64_t big = 5000000000u;                                     /* strtol 5000000000, int32 705032704 */
    sampling_of("general.sampling.top_k", U64, &big, 8, &s);
    CHECK(s.outcome == GGUF_APPLIED && s.value == 705032704.0);
    sampling_of("general.sampling.top_k", STR, " 20abc", 0, &s);    /* strtol skips the blank, stops at 'a' */
    CHECK(s.outcome == GGUF_APPLIED && s.value == 20);
    sampling_of("general.sampling.top_k", STR, "0x14", 0, &s);      /* base 10: 0 */
    CHECK(s.outcome == GGUF_APPLIED && s.value == 0);
    sampling_of("general.sampling.penalty_last_n", STR, "abc", 0, &s);
    CHECK(s.outcome == GGUF_NOT_A_NUMBER && s.setting == SET_REPEAT_LAST_N);
    sampling_of("general.sampling.temp", STR, "", 0, &s);           /* llama_model_meta_val_str returns 0 */
    CHECK(s.outcome == GGUF_NOT_READ);
    double half = 0.5;
    sampling_of("general.sampling.mirostat_eta", F64, &half, 8, &s);
    CHECK(s.outcome == GGUF_APPLIED && s.value == 0.5 && s.setting == SET_MIROSTAT_ETA);
    f = 1.1f;                                                       /* "1.100000": strtof's 1.1f */
    sampling_of("general.sampling.penalty_repeat", F32, &f, 4, &s);
    CHECK(s.outcome == GGUF_APPLIED && s.value == (double)1.1f);
    int32_t two = 2;
    sampling_of("general.sampling.mirostat", I32, &two, 4, &s);
    CHECK(s.outcome == GGUF_APPLIED && s.value == 2 && s.setting == SET_MIROSTAT);
    sampling_of("general.sampling.temp", STR, "inf", 0, &s);        /* strtof takes it, and so does common */
    CHECK(s.outcome == GGUF_APPLIED && isinf(s.value));
    sampling_of("general.sampling.penalty_freq", F32, &f, 4, &s);   /* common reads no such key */
    CHECK(s.outcome == GGUF_UNKNOWN_KEY && s.field == NULL && s.setting == -1);
    /* An integer key's text is cut to 63 bytes, a float key's to 127: 70 zeros and a 5 read as 0. */
    char zeros[200];
    memset(zeros, '0', 70);
    strcpy(zeros + 70, "5");
    sampling_of("general.sampling.top_k", STR, zeros, 0, &s);
    CHECK(s.outcome == GGUF_APPLIED && s.value == 0 && s.cut && strlen(s.text) == 63);
    strcpy(zeros, "0.");
    memset(zeros + 2, '0', 130);
    strcpy(zeros + 132, "7");
    sampling_of("general.sampling.min_p", STR, zeros, 0, &s);
    CHECK(s.outcome == GGUF_APPLIED && s.value == 0 && s.cut && strlen(s.text) == 127);
    sampling_of("general.sampling.top_p", STR, "0.5\0ignored", 0, &s);
    CHECK(s.outcome == GGUF_APPLIED && s.value == (double)0.5f);
    /* An array is not among the model's metadata strings: common finds no value. */
    GgufWriter w;
    gw_init(&w, 3, 0, 1);
    gw_key(&w, "general.sampling.top_k", ARR), gw_u32(&w, I32), gw_u64(&w, 1), gw_u32(&w, 5);
    char err[300];
    CHECK(read_written(&w, err, sizeof err) && info.n_keys == 1);
    gguf_sampling(&info.keys[0], &s);
    CHECK(s.outcome == GGUF_NOT_READ && strcmp(s.text, "[5]") == 0);
    gw_free(&w);

    /* The sequence: split at ';', matched as --samplers is, an unknown name warned about and dropped. */
    sampling_of("general.sampling.sequence", STR, "top_k;typical;TEMPERATURE;;min-p", 0, &s);
    CHECK(s.outcome == GGUF_APPLIED && s.setting == SET_SAMPLERS && s.n_samplers == 3);
    CHECK(s.n_samplers == 3 && s.samplers[0] == SAMPLER_TOP_K && s.samplers[1] == SAMPLER_TEMPERATURE
          && s.samplers[2] == SAMPLER_MIN_P);
    CHECK(strcmp(s.warnings, "unable to match sampler by name 'typical'\n") == 0);
    sampling_of("general.sampling.sequence", STR, "dist;mirostat", 0, &s);     /* no list entry: none runs */
    CHECK(s.outcome == GGUF_APPLIED && s.n_samplers == 0
          && strcmp(s.warnings, "unable to match sampler by name 'dist'\nunable to match sampler by name "
                                "'mirostat'\n") == 0);
    yes = 1;
    sampling_of("general.sampling.sequence", BOOL, &yes, 1, &s);    /* "true" is a name too: it matches nothing */
    CHECK(s.outcome == GGUF_APPLIED && s.n_samplers == 0);
    gguf_sampling(NULL, &s);
    gguf_sampling(&info.keys[0], NULL);
}

/* A file of n bytes of w, read: false with err. */
static bool read_cut(GgufWriter *w, size_t n, char *err, size_t size)
{
    size_t len = w->len;
    w->len = n;
    bool ok = read_written(w, err, size);
    w->len = len;
    return ok;
}

#define REFUSED(ok, err, words) check_true(__FILE__, __LINE__, !(ok) && strstr(err, words) != NULL, err)

/* Every header and pair llama.cpp refuses, with its words. */
static void test_refusals(void)
{
    char err[600];
    GgufWriter w;
    gw_init(&w, 3, 0, 1);
    gw_key(&w, "general.sampling.temp", F32), gw_f32(&w, 0.5f);
    REFUSED(read_cut(&w, 0, err, sizeof err), err, "t.gguf: offset 0: the file is 0 bytes, too short for the magic "
            "'GGUF'; llama.cpp refuses it: \"failed to read magic\"");
    REFUSED(read_cut(&w, 10, err, sizeof err), err, "t.gguf: offset 8: the file ends inside the header (the tensor "
            "count takes 8 bytes, 2 are left); llama.cpp refuses it: \"failed to read header\"");
    REFUSED(read_cut(&w, w.len - 2, err, sizeof err), err, "t.gguf: offset 57: the file ends inside the value of "
            "'general.sampling.temp' (a f32 takes 4 bytes, 2 are left); llama.cpp refuses it: \"failed to read "
            "key-value pairs\"");
    REFUSED(read_cut(&w, 40, err, sizeof err), err, "offset 24: metadata key 0 (of 1) is 21 bytes long, more than the "
            "8 bytes left in the file; llama.cpp refuses it: \"string length 21 exceeds remaining file size 8 bytes\"");
    REFUSED(read_cut(&w, 30, err, sizeof err), err, "offset 24: the file ends inside metadata key 0 (of 1)'s length "
            "(8 bytes, 6 left)");
    memcpy(w.data, "GGML", 4);
    REFUSED(read_written(&w, err, sizeof err), err, "offset 0: the magic is 47 47 4d 4c ('GGML'), not 'GGUF': not a "
            "GGUF file; llama.cpp refuses it: \"invalid magic characters: 'GGML', expected 'GGUF'\"");
    memcpy(w.data, "GGUF", 4);
    static const struct { uint32_t version; const char *words; } versions[] = {
        {0, "offset 4: version 0; llama.cpp refuses it: \"bad GGUF version: 0\""},
        {1, "\"GGUFv1 is no longer supported, please use a more up-to-date version\""},
        {4, "\"this GGUF file is version 4 but this software only supports up to version 3\""},
        {0x03000000u, "version 50331648 (0x03000000): its low 16 bits are 0, as when a file of the other byte order "
         "is read; llama.cpp refuses it: \"this GGUF file version 50331648 is extremely large, is there a mismatch "
         "between the host and model endianness?\""}};
    for (size_t i = 0; i < sizeof versions / sizeof versions[0]; i++) {
        memcpy(w.data + 4, &(unsigned char[4]){(unsigned char)versions[i].version,
               (unsigned char)(versions[i].version >> 8), (unsigned char)(versions[i].version >> 16),
               (unsigned char)(versions[i].version >> 24)}, 4);
        REFUSED(read_written(&w, err, sizeof err), err, versions[i].words);
    }
    gw_free(&w);

    /* Counts: 2^63 is negative as llama.cpp reads it; 2^60 pairs it cannot allocate; 100 pairs that are not
     * there run out of bytes; 1,000 tensors cannot be described in the 0 bytes after the metadata. */
    gw_init(&w, 3, (uint64_t)1 << 63, 0);
    REFUSED(read_written(&w, err, sizeof err), err, "offset 8: the tensor count is -9223372036854775808 as llama.cpp "
            "reads it (an int64): below 0; llama.cpp refuses it: \"number of tensors is -9223372036854775808 but "
            "must be in [0, ...]\"");
    gw_free(&w);
    gw_init(&w, 3, 0, (uint64_t)1 << 60);
    REFUSED(read_written(&w, err, sizeof err), err, "offset 16: the metadata count is 1152921504606846976 as "
            "llama.cpp reads it (an int64): more than it can allocate; llama.cpp refuses it: \"number of key value "
            "pairs is 1152921504606846976 but must be in [0, ...]\"");
    gw_free(&w);
    gw_init(&w, 3, 0, 100);
    gw_key(&w, "general.name", STR), gw_str(&w, "x");
    REFUSED(read_written(&w, err, sizeof err), err, "offset 57: the file ends inside metadata key 1 (of 100)'s length "
            "(8 bytes, 0 left); llama.cpp refuses it: \"failed to read key-value pairs\"");
    gw_free(&w);
    gw_init(&w, 3, 1000, 0);
    REFUSED(read_written(&w, err, sizeof err), err, "the header counts 1000 tensors, but the 0 bytes after the "
            "metadata can describe at most 0 (24 bytes each at least); llama.cpp refuses it: \"failed to read tensor "
            "info\"");
    gw_free(&w);

    /* Lengths: past the bytes left, past 2^30. */
    gw_init(&w, 3, 0, 1);
    gw_str(&w, "general.name"), gw_u32(&w, STR), gw_u64(&w, 5000);
    REFUSED(read_written(&w, err, sizeof err), err, "offset 48: the value of 'general.name' is 5000 bytes long, more "
            "than the 0 bytes left in the file; llama.cpp refuses it: \"string length 5000 exceeds remaining file "
            "size 0 bytes\"");
    gw_free(&w);
    gw_init(&w, 3, 0, 1);
    gw_u64(&w, ((uint64_t)1 << 30) + 1);
    REFUSED(read_written(&w, err, sizeof err), err, "offset 24: metadata key 0 (of 1) is 1073741825 bytes long, more "
            "than llama.cpp's 2^30; it refuses the file: \"string length 1073741825 exceeds maximum 1073741824\"");
    gw_free(&w);

    /* Types: 13 and -1 are none, an array of arrays is refused, an array longer than 2^30 or than the file. */
    static const struct { uint32_t type, element; const char *words; } types[] = {
        {13, 0, "offset 41: 'general.x' has the value type 13, not a type of the format (0 to 12); llama.cpp refuses "
         "it: \"key 'general.x' has invalid GGUF type 13\""},
        {0xFFFFFFFFu, 0, "\"key 'general.x' has invalid GGUF type -1\""},
        {ARR, ARR, "'general.x' has the element type 9, an array of arrays; llama.cpp refuses it: \"key 'general.x' "
         "has invalid GGUF type 9\""}};
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
        gw_init(&w, 3, 0, 1);
        gw_key(&w, "general.x", types[i].type);
        if (types[i].type == ARR)
            gw_u32(&w, types[i].element), gw_u64(&w, 0);
        gw_u64(&w, 0);
        REFUSED(read_written(&w, err, sizeof err), err, types[i].words);
        gw_free(&w);
    }
    gw_init(&w, 3, 0, 1);
    gw_key(&w, "general.x", ARR), gw_u32(&w, U8), gw_u64(&w, ((uint64_t)1 << 30) + 1);
    REFUSED(read_written(&w, err, sizeof err), err, "the value of 'general.x' is an array of 1073741825 elements of "
            "type u8, more than llama.cpp's 2^30; it refuses the file: \"failed to read key-value pairs\"");
    gw_free(&w);
    gw_init(&w, 3, 0, 1);
    gw_key(&w, "tokenizer.ggml.tokens", ARR), gw_u32(&w, STR), gw_u64(&w, 1000);
    gw_str(&w, "a"), gw_str(&w, "b");
    REFUSED(read_written(&w, err, sizeof err), err, "offset 69: the value of 'tokenizer.ggml.tokens' is an array of "
            "1000 elements of type str, at least 8000 bytes, more than the 18 left in the file; llama.cpp refuses it: "
            "\"failed to read key-value pairs\"");
    gw_free(&w);
    gw_init(&w, 3, 0, 1);           /* the count fits, the second string's length does not */
    gw_key(&w, "tokenizer.ggml.tokens", ARR), gw_u32(&w, STR), gw_u64(&w, 3);
    gw_str(&w, "a"), gw_u64(&w, 9000), gw_u64(&w, 0);
    REFUSED(read_written(&w, err, sizeof err), err, "element 1 of 'tokenizer.ggml.tokens' is 9000 bytes long, more "
            "than the 8 bytes left in the file");
    gw_free(&w);

    /* A repeated key, an empty one. */
    gw_init(&w, 3, 0, 3);
    gw_key(&w, "general.name", STR), gw_str(&w, "a");
    gw_key(&w, "general.sampling.top_k", U32), gw_u32(&w, 40);
    gw_key(&w, "general.name", STR), gw_str(&w, "b");
    REFUSED(read_written(&w, err, sizeof err), err, "offset 95: metadata key 2 (of 3), 'general.name', repeats the key "
            "at offset 24; llama.cpp refuses it: \"duplicate key 'general.name' for tensors 0 and 2\"");
    gw_free(&w);
    gw_init(&w, 3, 0, 1);
    gw_key(&w, "", U8), gw_u8(&w, 1);
    REFUSED(read_written(&w, err, sizeof err), err, "offset 24: metadata key 0 (of 1) is empty; llama.cpp refuses it: "
            "\"key 0 is empty\"");
    gw_free(&w);

    /* general.alignment: a uint32 power of 2, or refused. */
    static const struct { uint32_t type; uint64_t value; const char *words; } alignments[] = {
        {U32, 3, "general.alignment is 3, not a power of 2; llama.cpp refuses it: \"alignment 3 is not a power of 2\""},
        {U32, 0, "\"alignment 0 is not a power of 2\""},
        {U64, 32, "general.alignment is of type u64, not u32; llama.cpp refuses it: \"key 'general.alignment' must be "
         "of type u32 but is u64\""}};
    for (size_t i = 0; i < sizeof alignments / sizeof alignments[0]; i++) {
        gw_init(&w, 3, 0, 1);
        gw_key(&w, "general.alignment", alignments[i].type);
        if (alignments[i].type == U32)
            gw_u32(&w, (uint32_t)alignments[i].value);
        else
            gw_u64(&w, alignments[i].value);
        REFUSED(read_written(&w, err, sizeof err), err, alignments[i].words);
        gw_free(&w);
    }
    gw_init(&w, 3, 0, 1);
    gw_key(&w, "general.alignment", U32), gw_u32(&w, 64);
    CHECK(read_written(&w, err, sizeof err) && info.alignment == 64);
    gw_free(&w);

    /* The file itself: missing, a directory, NULL. */
    REFUSED(gguf_read_file("no/such/model.gguf", &info, err, sizeof err), err,
            "cannot open 'no/such/model.gguf': No such file or directory");
    REFUSED(gguf_read_file("lib", &info, err, sizeof err), err, "lib: offset 0: cannot read it: Is a directory");
    REFUSED(gguf_read(NULL, "x", &info, err, sizeof err), err, "no GGUF file to read");
    CHECK(!gguf_read_file(NULL, &info, NULL, 0));
}

/* What is kept: general.name cut to 255 bytes; up to 64 general.sampling.* keys, the 12 common reads always. */
static void test_limits(void)
{
    GgufWriter w;
    gw_init(&w, 3, 0, 62);
    char name[400];
    memset(name, 'n', 300);
    name[300] = '\0';
    gw_key(&w, "general.name", STR), gw_str(&w, name);
    for (int i = 0; i < 60; i++) {
        char key[40];
        snprintf(key, sizeof key, "general.sampling.other%d", i);
        gw_key(&w, key, U8), gw_u8(&w, (uint8_t)i);
    }
    gw_key(&w, "general.sampling.temp", F32), gw_f32(&w, 0.25f);
    char err[300];
    CHECK(read_written(&w, err, sizeof err));
    CHECK(info.has_name && info.name_cut && strlen(info.name) == 255);
    CHECK_INT(53, (long long)info.n_keys);          /* 52 others and temp */
    CHECK_INT(8, (long long)info.n_keys_dropped);
    CHECK(strcmp(text_of("general.sampling.temp"), "0.250000") == 0);
    gw_free(&w);

    /* A string value holding a NUL: its text stops there, as llama.cpp's %s does. */
    gw_init(&w, 3, 0, 2);
    gw_key(&w, "general.sampling.sequence", STR), gw_u64(&w, 9), gw_bytes(&w, "top_k\0xyz", 9);
    gw_key(&w, "general.name", U32), gw_u32(&w, 7);
    CHECK(read_written(&w, err, sizeof err) && kept("general.sampling.sequence") != NULL);
    CHECK(kept("general.sampling.sequence") != NULL && kept("general.sampling.sequence")->has_nul
          && strcmp(text_of("general.sampling.sequence"), "top_k") == 0);
    CHECK(!info.has_name && info.name_type == GGUF_UINT32);
    gw_free(&w);

    /* Review 27, finding 24: gguf.cpp (067d44f6) compares keys as whole std::strings, so "top_k\0zz" and "top_k"
     * are two keys; llama.cpp then finds a key by its C string (gguf_find_key's strcmp; src/llama-model.cpp at
     * 00342301 keeps the model's texts by gguf_get_key's C string, the first of a name). Both are kept here, by
     * their C string, the second marked as not read; an array is not among those texts, so one after it is read.
     * A key longer than the 255 bytes kept is kept cut, with its length. */
    gw_init(&w, 3, 0, 5);
    gw_u64(&w, 25), gw_bytes(&w, "general.sampling.top_k\0zz", 25), gw_u32(&w, I32), gw_u32(&w, 5);
    gw_key(&w, "general.sampling.top_k", I32), gw_u32(&w, 6);
    gw_u64(&w, 22), gw_bytes(&w, "general.sampling.temp\0", 22), gw_u32(&w, ARR), gw_u32(&w, F32), gw_u64(&w, 1);
    gw_f32(&w, 0.5f);
    gw_key(&w, "general.sampling.temp", F32), gw_f32(&w, 0.25f);
    char key[400] = "general.sampling.";
    memset(key + 17, 'x', 300);
    key[317] = '\0';
    gw_key(&w, key, U8), gw_u8(&w, 1);
    CHECK(read_written(&w, err, sizeof err));
    CHECK_INT(5, (long long)info.n_keys);
    CHECK(strcmp(info.keys[0].key, "general.sampling.top_k") == 0 && info.keys[0].key_nul
          && info.keys[0].key_length == 25 && info.keys[0].shadowed_by == 0);
    CHECK(strcmp(info.keys[1].key, "general.sampling.top_k") == 0 && !info.keys[1].key_nul
          && info.keys[1].shadowed_by == 24);     /* the first pair starts right after the 24-byte header */
    CHECK(info.keys[2].type == GGUF_ARRAY && info.keys[2].key_nul && info.keys[3].shadowed_by == 0);
    CHECK(info.keys[4].key_cut && info.keys[4].key_length == 317 && strlen(info.keys[4].key) == 255);
    gw_free(&w);
}

void test_gguf(void)
{
    test_types();
    test_tokenizer();
    test_tricky_tokens();
    test_conversion();
    test_refusals();
    test_limits();
}
