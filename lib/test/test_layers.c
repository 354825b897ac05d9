/* test_layers.c: issue 27, items 1 and 8: a model's general.sampling.* keys laid under a command line
 * (layers.c), on GGUF files this test writes (gguf_writer.h). Each expected value is worked out by hand from the
 * reference's section 11: the key's text as llama.cpp prints metadata (an integer in decimal, a float as "%f", a
 * bool as true/false), then strtol or strtof of it; applied only where no flag set the value, --samplers
 * keeping the sequence out and --sampler-seq not (section 3). The end-to-end table of layers (request, flag,
 * preset section, [*], GGUF, default) is test_cli.sh's, on files it writes. */
#include "check.h"
#include "gguf_writer.h"
#include "cli/args.h"
#include "cli/layers.h"
#include "tests.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

enum { I32 = 5, F32 = 6, BOOL = 7, STR = 8, ARR = 9 };

static GgufInfo info;       /* static: 40 KB */
static CliParams params;

/* Reads the bytes w holds through a temporary file into info; false with err on a refusal. */
static bool read_written(const GgufWriter *w, char *err, size_t size)
{
    FILE *f = tmpfile();
    if (f == NULL || fwrite(w->data, 1, w->len, f) != w->len) {
        snprintf(err, size, "cannot write a temporary file");
        if (f != NULL)
            fclose(f);
        return false;
    }
    bool ok = gguf_read(f, "m.gguf", &info, err, size);
    fclose(f);
    return ok;
}

/* Parses words (NULL-terminated, a program word or a flag first) into params, then lays the model w holds under
 * them; notes get layers_apply_model's notes. Returns its result. */
static bool lay(const char *const *words, const GgufWriter *w, char *notes, size_t size, char *err, size_t err_size)
{
    char *argv[17] = {"11_sampler_chain"};     /* argv[0], then the words: a program word first, or a flag */
    int argc = 1;
    while (words[argc - 1] != NULL && argc < 16) {
        argv[argc] = (char *)words[argc - 1];
        argc++;
    }
    argv[argc] = NULL;
    notes[0] = '\0';
    return args_parse(argc, argv, &params, err, err_size) && read_written(w, err, err_size)
        && layers_apply_model(&params, &info, "m.gguf", "-m", notes, size, err, err_size);
}

/* A file of one or two sampling keys after general.name (and, with tokens, after a tokenizer array of that
 * many strings), version 3 unless v2. */
static void start(GgufWriter *w, int version, uint64_t n_kv, size_t tokens)
{
    gw_init(w, (uint32_t)version, 0, n_kv + 1 + (tokens > 0));
    gw_key(w, "general.name", STR);
    gw_str(w, "Test 1B");
    if (tokens > 0) {
        gw_key(w, "tokenizer.ggml.tokens", ARR);
        gw_u32(w, STR);
        gw_u64(w, tokens);
        for (size_t i = 0; i < tokens; i++)
            gw_str(w, i % 2 ? "tok" : "another");
    }
}

static void test_applied_and_kept(void)
{
    GgufWriter w;
    char notes[4096], err[600];
    /* top_k 20 applies (no flag); temp 0.7 is kept out by --temp 0.6, which replaces it. */
    start(&w, 3, 2, 0);
    gw_key(&w, "general.sampling.top_k", I32);
    gw_u32(&w, 20);
    gw_key(&w, "general.sampling.temp", F32);
    gw_f32(&w, 0.7f);
    CHECK(lay((const char *const[]){"llama-server", "--temp", "0.6", NULL}, &w, notes, sizeof notes, err, sizeof err));
    CHECK_INT(20, params.sampling.top_k);
    CHECK(params.sampling.temp == (double)0.6f);
    CHECK(params.sources[SET_TOP_K].now.layer == LAYER_MODEL
          && strcmp(params.sources[SET_TOP_K].now.name, "general.sampling.top_k") == 0);
    CHECK(params.sources[SET_TEMP].now.layer == LAYER_FLAG && params.sources[SET_TEMP].has_replaced
          && params.sources[SET_TEMP].replaced.layer == LAYER_MODEL
          && strcmp(params.sources[SET_TEMP].replaced.value, "0.7") == 0);
    CHECK(strstr(notes, "-m m.gguf: the model \"Test 1B\" (GGUF v3) sets top_k 20 and temp 0.7 (general.sampling.*), "
                        "each applied where no flag sets the value, as llama.cpp's common applies them (llama-server "
                        "since PR #21509, 2026-04-06; earlier builds ignored them); here --temp 0.6 overrides its temp "
                        "0.7. Read here: its header and metadata only, not its tensor descriptions") != NULL);
    CHECK(strstr(notes, "nor the tokens it marks \"suppress\" or end-of-generation") != NULL);
    CHECK(params.model_read);
    gw_free(&w);

    /* Version 2, the keys after a tokenizer of 50,000 strings: read and applied the same. */
    start(&w, 2, 1, 50000);
    gw_key(&w, "general.sampling.min_p", F32);
    gw_f32(&w, 0.1f);
    CHECK(lay((const char *const[]){"llama-server", NULL}, &w, notes, sizeof notes, err, sizeof err));
    CHECK(params.sampling.min_p == (double)0.1f);
    CHECK(strstr(notes, "(GGUF v2) sets min_p 0.1 ") != NULL);
    gw_free(&w);
}

/* Review 27, finding 14: the keys apply where the reference's section 11 says the program applies them:
 * llama-server since PR #21509, llama-cli since PR #23893, both for a line without a program word; not for
 * llama-completion (the reference says nothing of it) nor older llama.cpp's main (earlier builds ignored
 * them). Each note says which builds. */
static void test_programs(void)
{
    GgufWriter w;
    char notes[4096], err[600];
    start(&w, 3, 1, 0);
    gw_key(&w, "general.sampling.top_k", I32);
    gw_u32(&w, 20);
    CHECK(lay((const char *const[]){"llama-cli", NULL}, &w, notes, sizeof notes, err, sizeof err));
    CHECK_INT(20, params.sampling.top_k);
    CHECK(strstr(notes, "as llama.cpp's common applies them (llama-cli since PR #23893, 2026-05-30; earlier builds "
                        "ignored them)") != NULL);
    CHECK(lay((const char *const[]){"--temp", "0.5", NULL}, &w, notes, sizeof notes, err, sizeof err));
    CHECK_INT(20, params.sampling.top_k);
    CHECK(strstr(notes, "(llama-server since PR #21509, 2026-04-06, and llama-cli since PR #23893, 2026-05-30; "
                        "earlier builds ignored them, and of llama-completion the reference says nothing)") != NULL);
    CHECK(lay((const char *const[]){"llama-completion", NULL}, &w, notes, sizeof notes, err, sizeof err));
    CHECK_INT(40, params.sampling.top_k);
    CHECK(params.sources[SET_TOP_K].now.layer == LAYER_DEFAULT);
    CHECK(strstr(notes, "sets top_k 20 (general.sampling.*), which the chain line here leaves out: whether "
                        "llama-completion applies them the reference does not say") != NULL);
    CHECK(lay((const char *const[]){"./main", NULL}, &w, notes, sizeof notes, err, sizeof err));
    CHECK_INT(40, params.sampling.top_k);
    CHECK(strstr(notes, "which the chain line here leaves out: older llama.cpp's main, named before the 2024 "
                        "renaming, ignored them, as every build before PR #21509") != NULL);
    gw_free(&w);
}

/* The sequence: --sampler-seq does not keep it out (llama.cpp sets no bit for it), --samplers does. */
static void test_sequence(void)
{
    GgufWriter w;
    char notes[4096], err[600];
    start(&w, 3, 1, 0);
    gw_key(&w, "general.sampling.sequence", STR);
    gw_str(&w, "min_p;top_k");
    CHECK(lay((const char *const[]){"llama-server", "--sampler-seq", "kt", NULL}, &w, notes, sizeof notes, err,
              sizeof err));
    CHECK(params.sampling.n_samplers == 2 && params.sampling.samplers[0] == SAMPLER_MIN_P
          && params.sampling.samplers[1] == SAMPLER_TOP_K);
    CHECK(params.sources[SET_SAMPLERS].now.layer == LAYER_MODEL && params.sources[SET_SAMPLERS].has_replaced
          && params.sources[SET_SAMPLERS].replaced.layer == LAYER_FLAG
          && strcmp(params.sources[SET_SAMPLERS].replaced.value, "top_k;temperature") == 0);
    CHECK(strstr(notes, "-m m.gguf: general.sampling.sequence replaces --sampler-seq: only --samplers keeps a "
                        "model's sequence out") != NULL);
    CHECK(lay((const char *const[]){"llama-server", "--samplers", "top_k", NULL}, &w, notes, sizeof notes, err,
              sizeof err));
    CHECK(params.sampling.n_samplers == 1 && params.sampling.samplers[0] == SAMPLER_TOP_K);
    CHECK(strstr(notes, "here --samplers top_k overrides its sequence min_p;top_k") != NULL);
    gw_free(&w);

    /* Review 27, finding 1: "top_k;" 200 times is 1,200 bytes; common reads 511 of them, 85 whole names and a
     * 't' (85 * 6 = 510). 85 is more than this tool's 64: refused, never cut; with --samplers it is kept out,
     * and only its count is named. */
    char seq[1300] = "";
    for (int i = 0; i < 200; i++)
        strcat(seq, "top_k;");
    start(&w, 3, 1, 0);
    gw_key(&w, "general.sampling.sequence", STR);
    gw_str(&w, seq);
    CHECK(!lay((const char *const[]){"llama-server", NULL}, &w, notes, sizeof notes, err, sizeof err));
    CHECK(strstr(err, "-m m.gguf: general.sampling.sequence (offset ") == err);
    CHECK(strstr(err, ") names 85 samplers in the 511 bytes of its text that common reads, more than this tool's "
                      "limit of 64 (llama.cpp has none): refused here, never cut") != NULL);
    CHECK(lay((const char *const[]){"llama-server", "--samplers", "top_k", NULL}, &w, notes, sizeof notes, err,
              sizeof err));
    CHECK(strstr(notes, "here --samplers top_k overrides its sequence (85 names)") != NULL);
    gw_free(&w);
}

/* Keys read by common's text-then-strtol/strtof rule: a min_p of 1e-7 ("0.000000") is 0, as llama.cpp reads it;
 * and keys of another type than their setting's, each with a note: a float32 top_k 20.0 ("20.000000") is 20;
 * a string "0.6" is a temp of 0.6; a bool mirostat ("true") is no number, so mirostat stays 0; an array is no
 * text common reads; an unknown key is ignored. */
static void test_types(void)
{
    GgufWriter w;
    char notes[4096], err[600];
    start(&w, 3, 6, 0);
    gw_key(&w, "general.sampling.top_k", F32);
    gw_f32(&w, 20.0f);
    gw_key(&w, "general.sampling.min_p", F32);
    gw_f32(&w, 1e-7f);
    gw_key(&w, "general.sampling.temp", STR);
    gw_str(&w, "0.6");
    gw_key(&w, "general.sampling.mirostat", BOOL);
    gw_u8(&w, 1);
    gw_key(&w, "general.sampling.penalty_repeat", ARR);
    gw_u32(&w, F32);
    gw_u64(&w, 1);
    gw_f32(&w, 1.1f);
    gw_key(&w, "general.sampling.penalty_freq", F32);
    gw_f32(&w, 0.5f);
    CHECK(lay((const char *const[]){"llama-server", NULL}, &w, notes, sizeof notes, err, sizeof err));
    CHECK_INT(20, params.sampling.top_k);
    CHECK(params.sampling.min_p == 0.0);
    CHECK(params.sampling.temp == (double)0.6f);
    CHECK_INT(0, params.sampling.mirostat);
    CHECK(params.sampling.penalty_repeat == 1.0 && params.sampling.penalty_freq == 0.0);
    CHECK(strstr(notes, "general.sampling.top_k (offset ") != NULL);
    CHECK(strstr(notes, ") is a f32, \"20.000000\": common reads its text with strtol, which gives top_k 20") != NULL);
    CHECK(strstr(notes, ") is a str, \"0.6\": common reads its text with strtof, which gives temp 0.6") != NULL);
    CHECK(strstr(notes, ") is a bool, \"true\", whose text starts with no number for common's strtol: mirostat stays "
                        "0") != NULL);
    CHECK(strstr(notes, ") is an array of f32: llama.cpp keeps no array among the model's metadata texts "
                        "(src/llama-model.cpp at 00342301, load_hparams), so common finds none: penalty_repeat stays "
                        "1.0 (the reference, section 11, says otherwise: that an array's text is [a, b], which starts "
                        "with no number and would leave the value too)") != NULL);
    CHECK(strstr(notes, "general.sampling.penalty_freq (offset ") != NULL
          && strstr(notes, "is not one of the general.sampling.* keys llama.cpp's common reads: ignored") != NULL);
    gw_free(&w);
}

/* Review 27, findings 5, 6, 22: what common's text step changes is said, with the stored value. By section 11:
 * an integer key is strtol of its decimal text into an int32 (a u64 4294967297 keeps its low 32 bits: 1; a u32
 * 4294967295: -1); a float key is strtof of its "%f" text (a float32 0.9999999 prints "1.000000": 1.0; 1e-7
 * prints "0.000000": 0); a string stops at a NUL ("0.5\0junk" is "0.5"); a sequence's empty pieces are skipped
 * (section 6: unconfirmed), and an unknown name is warned about with its key. */
static void test_value_notes(void)
{
    GgufWriter w;
    char notes[8192], err[600];
    start(&w, 3, 6, 0);
    gw_key(&w, "general.sampling.top_k", 10), gw_u64(&w, 4294967297u);
    gw_key(&w, "general.sampling.penalty_last_n", 4), gw_u32(&w, 4294967295u);
    gw_key(&w, "general.sampling.top_p", F32), gw_f32(&w, 0.9999999f);
    gw_key(&w, "general.sampling.min_p", F32), gw_f32(&w, 1e-7f);
    gw_key(&w, "general.sampling.temp", STR), gw_u64(&w, 8), gw_bytes(&w, "0.5\0junk", 8);
    gw_key(&w, "general.sampling.sequence", STR), gw_str(&w, ";;top_k;bogus;");
    CHECK(lay((const char *const[]){"llama-server", NULL}, &w, notes, sizeof notes, err, sizeof err));
    CHECK_INT(1, params.sampling.top_k);
    CHECK_INT(-1, params.sampling.penalty_last_n);
    CHECK(params.sampling.top_p == 1.0 && params.sampling.min_p == 0.0 && params.sampling.temp == (double)0.5f);
    CHECK(params.sampling.n_samplers == 1 && params.sampling.samplers[0] == SAMPLER_TOP_K);
    CHECK(strstr(notes, "is a u64, \"4294967297\": common reads its text with strtol, which gives top_k 1 (strtol "
                        "reads 4294967297, and the int32 it goes into keeps its low 32 bits)") != NULL);
    CHECK(strstr(notes, "is a u32, \"4294967295\": common reads its text with strtol, which gives penalty_last_n -1 "
                        "(strtol reads 4294967295") != NULL);
    CHECK(strstr(notes, "is a f32, \"1.000000\" as llama.cpp prints it (six decimals, C's %f), though it holds "
                        "0.9999999: common reads its text with strtof, which gives top_p 1.0, not the value stored")
          != NULL);
    CHECK(strstr(notes, "though it holds 1e-07: common reads its text with strtof, which gives min_p 0.0") != NULL);
    CHECK(strstr(notes, "is a str, \"0.5\" up to a NUL byte after its first 3 bytes (of 8), where llama.cpp's text of "
                        "it stops too") != NULL);
    CHECK(strstr(notes, "which gives sequence top_k; its 3 empty names (a ';' next to another or at an end) are "
                        "skipped here, and whether llama.cpp skips them and warns is unconfirmed (reference sections 6 "
                        "and 11)") != NULL);
    CHECK(strstr(params.warnings, "-m m.gguf: general.sampling.sequence (offset ") != NULL
          && strstr(params.warnings, "): unable to match sampler by name 'bogus'\n") != NULL);
    /* A value its text keeps (a float32 0.7 prints "0.700000", which reads back as that float) gets no note. */
    gw_free(&w);
    start(&w, 3, 1, 0);
    gw_key(&w, "general.sampling.temp", F32), gw_f32(&w, 0.7f);
    CHECK(lay((const char *const[]){"llama-server", NULL}, &w, notes, sizeof notes, err, sizeof err));
    CHECK(strstr(notes, "holds") == NULL && strstr(notes, "(offset") == NULL);
    gw_free(&w);
}

/* What the chain builder refuses stops the line, naming the keys: mirostat 3 (llama.cpp aborts on another
 * version). A file llama.cpp refuses stops it too, with gguf_read's words. */
static void test_refusals(void)
{
    GgufWriter w;
    char notes[4096], err[600];
    start(&w, 3, 1, 0);
    gw_key(&w, "general.sampling.mirostat", I32);
    gw_u32(&w, 3);
    CHECK(!lay((const char *const[]){"llama-server", NULL}, &w, notes, sizeof notes, err, sizeof err));
    CHECK(strcmp(err, "-m m.gguf: the chain builder refuses what its general.sampling.* keys set: mirostat must be "
                      "0, 1 or 2 (llama.cpp aborts on another version)") == 0);
    gw_free(&w);
    gw_init(&w, 1, 0, 0);       /* version 1: llama.cpp refuses it */
    CHECK(!lay((const char *const[]){"llama-server", NULL}, &w, notes, sizeof notes, err, sizeof err));
    CHECK(strstr(err, "m.gguf: offset 4: ") == err && strstr(err, "GGUFv1 is no longer supported") != NULL);
    gw_free(&w);
    /* No file there: nothing read, and today's note stays the word on it (main.c prints args_model_note). */
    args_defaults(&params);
    CHECK(layers_model(&params, "no/such/model.gguf", "-m", false, notes, sizeof notes, err, sizeof err));
    CHECK(!params.model_read && notes[0] == '\0');
    CHECK(!layers_model(&params, "no/such/model.gguf", "p.ini: line 3: [m] model", true, notes, sizeof notes, err,
                        sizeof err));
    CHECK(strcmp(err, "p.ini: line 3: [m] model no/such/model.gguf: cannot read the model: No such file or "
                      "directory; llama-server cannot load it") == 0);

    /* Review 27, finding 22: general.name of another type than a string: llama.cpp's loader (get_key, as a
     * string; src/llama-model-loader.cpp at 00347649) throws, and the model does not load. */
    gw_init(&w, 3, 0, 1);
    gw_key(&w, "general.name", 4), gw_u32(&w, 7);
    CHECK(!lay((const char *const[]){"llama-server", NULL}, &w, notes, sizeof notes, err, sizeof err));
    CHECK(strcmp(err, "-m m.gguf: general.name (offset 24) is a u32, not a string; llama.cpp's model loader refuses "
                      "the model: \"key general.name has wrong type u32 but expected type str\" "
                      "(src/llama-model-loader.cpp at 00347649)") == 0);
    gw_free(&w);
}

/* Review 27, finding 24: of two keys with the same C string (one holding a NUL), llama.cpp reads the first
 * (src/llama-model.cpp at 00342301): top_k 5, not 6; each is named. A long key's real reason is its length. */
static void test_c_string_keys(void)
{
    GgufWriter w;
    char notes[4096], err[600];
    gw_init(&w, 3, 0, 3);
    gw_u64(&w, 25), gw_bytes(&w, "general.sampling.top_k\0zz", 25), gw_u32(&w, I32), gw_u32(&w, 5);
    gw_key(&w, "general.sampling.top_k", I32), gw_u32(&w, 6);
    char key[400] = "general.sampling.";
    memset(key + 17, 'x', 300);
    key[317] = '\0';
    gw_key(&w, key, I32), gw_u32(&w, 1);
    CHECK(lay((const char *const[]){"llama-server", NULL}, &w, notes, sizeof notes, err, sizeof err));
    CHECK_INT(5, params.sampling.top_k);
    CHECK(strstr(notes, "-m m.gguf: the key at offset 24 holds a NUL byte after its first 22 bytes (of 25): llama.cpp "
                        "names it by those, general.sampling.top_k") != NULL);
    CHECK(strstr(notes, "-m m.gguf: general.sampling.top_k (offset 65) is not read: llama.cpp keeps the first key of a "
                        "name, here the one at offset 24") != NULL);
    CHECK(strstr(notes, "(offset 103), a key of 317 bytes (this tool keeps its first 255), is not one of the "
                        "general.sampling.* keys llama.cpp's common reads: ignored") != NULL);
    CHECK(strstr(notes, "sets top_k 5 (general.sampling.*)") != NULL);
    CHECK(strstr(notes, "not listed") == NULL);
    gw_free(&w);
}

void test_layers(void)
{
    test_applied_and_kept();
    test_programs();
    test_sequence();
    test_types();
    test_value_notes();
    test_refusals();
    test_c_string_keys();
}
