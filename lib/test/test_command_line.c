/* test_command_line.c: whole llama.cpp command lines (lib/cli/), table-driven. Each row is a command line as a
 * llama.cpp user types it, with the chain line, error or request body it must give. The command lines come
 * from llama.cpp's README, the server's README and model cards that give llama.cpp settings (retyped, with
 * our own values where a model file is named); the expected lines follow the reference (sections 2, 3, 5, 6
 * and 7) and arg.cpp at commit 0017d6fb. Bodies are parsed back with json.h. */
#include "cli/args.h"
#include "cli/request.h"
#include "check.h"
#include "json.h"
#include "rng.h"
#include "text.h"
#include "tests.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define MAX_ARGS 40

static bool parse(const char *const *words, CliParams *out, char *err, size_t err_size)
{
    char *argv[MAX_ARGS + 1] = {"11_sampler_chain"};
    int argc = 1;
    while (argc < MAX_ARGS && words[argc - 1] != NULL) {
        argv[argc] = (char *)words[argc - 1];
        argc++;
    }
    return args_parse(argc, argv, out, err, err_size);
}

/* The chain line of a parsed command line, "(refused)" when chain_init refuses it. */
static void chain_line(const CliParams *p, char *line, size_t size)
{
    Chain ch;
    snprintf(line, size, "(refused)");
    if (chain_init_from_params(&ch, &p->sampling, 0) == SAMPLING_OK) {
        chain_describe(&ch, line, size);
        chain_free(&ch);
    }
}

#define DEFAULT_LINE "logits -> ?penalties -> ?dry -> ?top-n-sigma -> top-k -> ?typical -> top-p -> min-p -> ?xtc " \
                     "-> temp-ext -> dist"

typedef struct {
    const char *argv[MAX_ARGS];   /* after our program's name; NULL-terminated */
    const char *chain;            /* the chain line */
    const char *ignored;          /* CliParams.ignored, exactly */
} ChainRow;

static const ChainRow chain_rows[] = {
    /* The server line: only --top-k and --min-p act; -c is named since no window uses it. */
    {{"llama-server", "-m", "model.gguf", "-c", "8192", "-ngl", "99", "--port", "8080", "-fa", "on", "--jinja",
      "--top-k", "20", "--min-p", "0.1"}, DEFAULT_LINE, "-m, -c, -ngl, --port, -fa, --jinja"},
    {{"--top-k", "20", "--min-p", "0.1"}, DEFAULT_LINE, ""},
    /* llama.cpp's README: a local model, a Hugging Face model, a completion with a prompt, a server. */
    {{"llama-cli", "-m", "my_model.gguf"}, DEFAULT_LINE, "-m"},
    {{"llama-cli", "-hf", "ggml-org/gemma-3-1b-it-GGUF"}, DEFAULT_LINE, "-hf"},
    {{"llama-completion", "-m", "model.gguf", "-p", "I believe the meaning of life is", "-n", "128", "-no-cnv"},
     DEFAULT_LINE, "-m, -no-cnv"},
    {{"llama-server", "-m", "model.gguf", "--port", "8080"}, DEFAULT_LINE, "-m, --port"},
    {{"/usr/local/bin/llama-server", "-m", "models/7B/ggml-model.gguf", "-c", "2048"}, DEFAULT_LINE, "-m, -c"},
    /* The grammar example of the README: the grammar sampler is kept outside the chain. */
    {{"llama-cli", "-m", "model.gguf", "-n", "256", "--grammar-file", "grammars/json.gbnf", "-p", "Request:"},
     DEFAULT_LINE, "-m, --grammar-file"},
    /* A model card's settings (Qwen3, thinking mode), with '_' spellings mixed in. */
    {{"llama-server", "-hf", "Qwen/Qwen3-8B-GGUF:Q8_0", "--jinja", "--reasoning-format", "deepseek", "-ngl", "99",
      "-fa", "on", "-sm", "row", "--temp", "0.6", "--top_k", "20", "--top-p", "0.95", "--min_p", "0", "-c",
      "40960", "-n", "32768", "--no-context-shift"},
     "logits -> ?penalties -> ?dry -> ?top-n-sigma -> top-k -> ?typical -> top-p -> ?min-p -> ?xtc -> temp-ext "
     "-> dist", "-hf, --jinja, --reasoning-format, -ngl, -fa, -sm, -c, --no-context-shift"},
    /* The gpt-oss preset sets temp 1, top_p 1, top_k 0 and min_p 0.01 (arg.cpp). */
    {{"llama-server", "--gpt-oss-20b-default"},
     "logits -> ?penalties -> ?dry -> ?top-n-sigma -> ?top-k -> ?typical -> ?top-p -> min-p -> ?xtc -> ?temp-ext "
     "-> dist", ""},
    /* -c gives a window of -1 its size; without it, the window stays off (current llama.cpp). */
    {{"-c", "4096", "--repeat-last-n", "-1", "--repeat-penalty", "1.1", "--samplers", "penalties"},
     "logits -> penalties -> dist", ""},
    {{"--ctx-size", "4096", "--dry-multiplier", "0.8", "--dry_penalty_last_n", "-1", "--samplers", "dry"},
     "logits -> dry -> dist", ""},
    {{"-m", "m.gguf", "-c", "1024", "-t", "4", "--repeat-last-n", "-1"}, DEFAULT_LINE, "-m, -t"},
    {{"-c", "1024", "-m", "m.gguf", "--dry-penalty-last-n", "-1"}, DEFAULT_LINE, "-m"},
    {{"-m", "m.gguf", "-c", "1024", "--repeat-last-n", "-1"}, DEFAULT_LINE, "-m"},
    {{"--ignore-eos", "-m", "m.gguf"}, "logits -> logit-bias -> ?penalties -> ?dry -> ?top-n-sigma -> top-k "
     "-> ?typical -> top-p -> min-p -> ?xtc -> temp-ext -> dist", "-m"},
    /* A 2-value flag, switches with "--no-" forms, a flag seen twice (named once). */
    {{"--control-vector-layer-range", "1", "5", "--no-mmap", "--mmap", "-t", "8", "-t", "4", "--top-k", "0"},
     "logits -> ?penalties -> ?dry -> ?top-n-sigma -> ?top-k -> ?typical -> top-p -> min-p -> ?xtc -> temp-ext "
     "-> dist", "--control-vector-layer-range, --no-mmap, --mmap, -t"},
    /* The lesson's second line through llama-completion. */
    {{"llama-completion", "-m", "tiny.gguf", "-p", "Hi", "-n", "2", "-no-cnv", "--seed", "7", "--mirostat", "2",
      "--mirostat-ent", "3", "--temp", "0.7"}, "logits -> temp -> mirostat-v2", "-m, -no-cnv"},
};

static void test_chain_rows(void)
{
    static CliParams p;
    for (size_t r = 0; r < sizeof chain_rows / sizeof chain_rows[0]; r++) {
        char err[256], line[512] = "(not parsed)";
        bool ok = parse(chain_rows[r].argv, &p, err, sizeof err);
        if (ok)
            chain_line(&p, line, sizeof line);
        check_true(__FILE__, __LINE__, strcmp(line, chain_rows[r].chain) == 0, chain_rows[r].chain);
        check_true(__FILE__, __LINE__, ok && strcmp(p.ignored, chain_rows[r].ignored) == 0, chain_rows[r].ignored);
        if (!ok || strcmp(line, chain_rows[r].chain) != 0 || strcmp(p.ignored, chain_rows[r].ignored) != 0)
            printf("    chain row %zu: got '%s', ignored '%s' (%s)\n", r, line, ok ? p.ignored : "", ok ? "" : err);
    }
}

/* --top_k 20 and --top-k 20 make the same parameters. */
static void test_underscore(void)
{
    static CliParams a, b;
    char err[256];
    CHECK(parse((const char *const[]){"--top_k", "20", "--repeat_penalty", "1.1", "--dry-sequence_breaker", "x",
                                       NULL}, &a, err, sizeof err));
    CHECK(parse((const char *const[]){"--top-k", "20", "--repeat-penalty", "1.1", "--dry-sequence-breaker", "x",
                                       NULL}, &b, err, sizeof err));
    CHECK_INT(20, a.sampling.top_k);
    CHECK(memcmp(&a.sampling, &b.sampling, sizeof a.sampling) == 0 && a.set == b.set);
    CHECK(strcmp(a.dry_breakers[0], "x") == 0);
    /* A single-dash flag keeps its '_': -no_cnv is not -no-cnv. */
    CHECK(!parse((const char *const[]){"-no_cnv", NULL}, &a, err, sizeof err));
}

typedef struct {
    const char *argv[12];
    const char *message;          /* a part of the one-line error */
} ErrorRow;

static const ErrorRow error_rows[] = {
    {{"--repeat-penalty", "0"}, "--repeat-penalty: 0 is refused by llama.cpp"},
    {{"--repeat-penalty", "-1"}, "--repeat-penalty: -1 is refused"},
    {{"--repeat-penalty", "1e-40"}, "--repeat-penalty: 1e-40 is refused"},    /* 1/1e-40 > FLT_MAX */
    {{"--repeat-penalty", "inf"}, "--repeat-penalty: inf is refused"},
    {{"--repeat-penalty", "nan"}, "--repeat-penalty: 'nan' is not a number"},
    {{"--frequency-penalty", "inf"}, "--frequency-penalty: inf is refused"},
    {{"--frequency-penalty", "-inf"}, "--frequency-penalty: -inf is refused"},
    {{"--presence-penalty", "nan"}, "--presence-penalty: 'nan' is not a number"},
    {{"--presence-penalty", "inf"}, "--presence-penalty: inf is refused"},
    {{"--temp", "1e39"}, "--temp: '1e39' is out of range for a float"},           /* std::stof refuses it */
    {{"-l", "15+1e39"}, "-l: '15+1e39' is not TOKEN_ID(+/-)BIAS"},
    {{"llama-server", "-p", "Hi"}, "unknown flag '-p' (llama-server does not take it)"},
    {{"llama-cli", "--port", "8080"}, "unknown flag '--port' (llama-cli does not take it)"},
    {{"llama-completion", "--hellaswag"}, "unknown flag '--hellaswag'"},         /* llama-perplexity's */
    {{"--bogus"}, "unknown flag '--bogus'"},
    {{"--draft-max", "4"}, "--draft-max: the argument has been removed from llama.cpp; use --spec-draft-n-max"},
    {{"--control-vector-layer-range", "1"}, "--control-vector-layer-range: missing value"},
    {{"-m"}, "-m: missing value"},
    {{"--repeat-last-n", "-2"}, "--repeat-last-n: -2 is out of range"},
    {{"-c", "x"}, "-c: 'x' is not a whole number"},
};

static void test_error_rows(void)
{
    static CliParams p;
    for (size_t r = 0; r < sizeof error_rows / sizeof error_rows[0]; r++) {
        char err[256] = "";
        bool ok = parse(error_rows[r].argv, &p, err, sizeof err);
        bool good = !ok && strstr(err, error_rows[r].message) != NULL && strchr(err, '\n') == NULL;
        check_true(__FILE__, __LINE__, good, error_rows[r].message);
        if (!good)
            printf("    error row %zu: got '%s'\n", r, ok ? "(accepted)" : err);
    }
}

/* Values llama.cpp clamps or wraps, and escapes. */
static void test_values(void)
{
    static CliParams p;
    char err[256];
    CHECK(parse((const char *const[]){"--temp", "-1", "-s", "-1", "--repeat-penalty", "1e-38", NULL}, &p, err,
                sizeof err));
    CHECK_NEAR(0.0, p.sampling.temp, 0);                /* clamped */
    CHECK(p.sampling.seed == 0xFFFFFFFFu);              /* wrapped */
    CHECK_NEAR(1e-38, p.sampling.penalty_repeat, 0);    /* 1/1e-38 = 1e38 fits a float */

    CHECK(parse((const char *const[]){"--dry-sequence-breaker", "\\n", "--dry-sequence-breaker", "a\\x41\\q\\",
                                       "-p", "say \\\"hi\\\"\\tnow", "-r", "\\n\\n", NULL}, &p, err, sizeof err));
    CHECK(strcmp(p.dry_breakers[0], "\n") == 0);
    CHECK(strcmp(p.dry_breakers[1], "aA\\q\\") == 0);   /* unknown escape and a last backslash stay */
    CHECK(strcmp(p.prompt, "say \"hi\"\tnow") == 0);
    CHECK(strcmp(p.stop[0], "\n\n") == 0);
    CHECK(parse((const char *const[]){"--no-escape", "--dry-sequence-breaker", "\\n", NULL}, &p, err, sizeof err));
    CHECK(strcmp(p.dry_breakers[0], "\\n") == 0);
    CHECK(parse((const char *const[]){"--dry-sequence-breaker", "\\n", "--no-escape", "-e", NULL}, &p, err,
                sizeof err));
    CHECK(strcmp(p.dry_breakers[0], "\n") == 0);        /* the last of -e / --no-escape wins */

    /* Escapes first, then the 40-byte cut: 45 escaped 'A's are 45 bytes, cut to 40. */
    char many[200] = "";
    for (int i = 0; i < 45; i++)
        strcat(many, "\\x41");
    CHECK(parse((const char *const[]){"--dry-sequence-breaker", many, NULL}, &p, err, sizeof err));
    CHECK_INT(40, (long long)strlen(p.dry_breakers[0]));

    /* A prompt past 4095 bytes is cut there, with a warning. */
    static char long_prompt[5000];
    memset(long_prompt, 'a', sizeof long_prompt - 1);
    CHECK(parse((const char *const[]){"-p", long_prompt, NULL}, &p, err, sizeof err));
    CHECK_INT(4095, (long long)strlen(p.prompt));
    CHECK(strstr(p.warnings, "-p: longer than the 4095 bytes kept here") != NULL);

    /* A window of -1 without -c warns and stays -1 (off). */
    CHECK(parse((const char *const[]){"--repeat-last-n", "-1", NULL}, &p, err, sizeof err));
    CHECK_INT(-1, p.sampling.penalty_last_n);
    CHECK(strstr(p.warnings, "give -c N") != NULL);
    CHECK(parse((const char *const[]){"--repeat-last-n", "-1", "-c", "512", NULL}, &p, err, sizeof err));
    CHECK_INT(512, p.sampling.penalty_last_n);
    CHECK_INT(64, p.sampling.dry_penalty_last_n);
    CHECK(parse((const char *const[]){"--json", "--openai", NULL}, &p, err, sizeof err) && p.output == OUTPUT_OPENAI);
}

/* chain_init refuses what common_sampler_init refuses, so the library alone cannot build such a chain. */
static void test_chain_refuses(void)
{
    static const double repeats[] = {0.0, -1.0, 1e-40, 1e-39, INFINITY, -INFINITY, NAN, 1e39};
    static const double fine[] = {1e-38, 0.5, 1.0, 3.0e38};
    Chain ch;
    SamplingParams p = sampling_params_default();
    for (size_t i = 0; i < sizeof repeats / sizeof repeats[0]; i++) {
        p.penalty_repeat = repeats[i];
        CHECK_INT(SAMPLING_ERR_PARAM, chain_init(&ch, &p, 4));
    }
    for (size_t i = 0; i < sizeof fine / sizeof fine[0]; i++) {
        p.penalty_repeat = fine[i];
        CHECK_INT(SAMPLING_OK, chain_init(&ch, &p, 4));
        chain_free(&ch);
    }
    p = sampling_params_default();
    p.penalty_freq = INFINITY;
    CHECK_INT(SAMPLING_ERR_PARAM, chain_init_from_params(&ch, &p, 4));
    p.penalty_freq = 0;
    p.penalty_present = -INFINITY;
    CHECK_INT(SAMPLING_ERR_PARAM, chain_init_from_params(&ch, &p, 4));
    p.penalty_present = -2.0;       /* negative but finite: allowed, it rewards repeats */
    CHECK_INT(SAMPLING_OK, chain_init_from_params(&ch, &p, 4));
    chain_free(&ch);
}

typedef struct {
    const char *argv[30];
    RequestKind kind;
    const char *members;          /* "key=value;key=value" in order, values as raw JSON */
    const char *note;             /* a part of the notes, or NULL for none */
} BodyRow;

static const BodyRow body_rows[] = {
    {{"--min-p", "0.1", "-p", "Hello", "-n", "64"}, REQUEST_COMPLETION,
     "prompt=\"Hello\";n_predict=64;min_p=0.1", NULL},
    {{"llama-server", "-m", "m.gguf", "-c", "8192", "--top-k", "20", "--min-p", "0.1"}, REQUEST_COMPLETION,
     "top_k=20;min_p=0.1", NULL},
    {{"--dry-sequence-breaker", "\\n"}, REQUEST_COMPLETION, "dry_sequence_breakers=[\"\\n\"]", NULL},
    {{"--dry-sequence-breaker", "none", "--dry-multiplier", "0.8"}, REQUEST_COMPLETION, "dry_multiplier=0.8",
     "'none' cannot be sent"},
    {{"--repeat-last-n", "-1", "--repeat-penalty", "1.1"}, REQUEST_COMPLETION, "repeat_penalty=1.1",
     "repeat_last_n: -1 (the context size) cannot be sent"},
    {{"--repeat-last-n", "-1", "-c", "2048"}, REQUEST_COMPLETION, "repeat_last_n=2048", NULL},
    {{"llama-completion", "-n", "-2", "-p", "x"}, REQUEST_COMPLETION, "prompt=\"x\"", "n_predict: -2 cannot"},
    {{"-s", "-1", "--ignore-eos", "-l", "15-inf", "-l", "3+inf", "-l", "7-2.5"}, REQUEST_COMPLETION,
     "seed=-1;ignore_eos=true;logit_bias=[[15, false], [3, 1e308], [7, -2.5]]", NULL},
    {{"llama-server", "--gpt-oss-120b-default"}, REQUEST_COMPLETION,
     "temperature=1;top_k=0;top_p=1;min_p=0.01", NULL},
    {{"--sampler-seq", "kmt", "-r", "User:", "-r", "\\n\\n"}, REQUEST_COMPLETION,
     "samplers=[\"top_k\", \"min_p\", \"temperature\"];stop=[\"User:\", \"\\n\\n\"]", NULL},
    /* The chat body: OpenAI's parameters first, under their names, then llama.cpp's own. */
    {{"-p", "Hi", "-n", "32", "--temp", "0.7", "--top-p", "0.9", "--frequency-penalty", "0.5",
      "--presence-penalty", "0.25", "-s", "42", "-l", "15-inf", "-l", "7+1", "-l", "7+2", "-r", "\\n\\n",
      "--top-k", "20", "--repeat-penalty", "1.1"}, REQUEST_CHAT,
     "messages=[{\"role\": \"user\", \"content\": \"Hi\"}];max_tokens=32;temperature=0.7;top_p=0.9;"
     "frequency_penalty=0.5;presence_penalty=0.25;seed=42;logit_bias={\"15\": false, \"7\": 3};stop=[\"\\n\\n\"];"
     "top_k=20;repeat_penalty=1.1", NULL},
    {{"-p", "say \"hi\"", "--mirostat", "2", "--mirostat-ent", "3"}, REQUEST_CHAT,
     "messages=[{\"role\": \"user\", \"content\": \"say \\\"hi\\\"\"}];mirostat=2;mirostat_tau=3", NULL},
    {{"--dry-sequence-breaker", "none"}, REQUEST_CHAT, "", "'none' cannot be sent"},
};

/* Values the server's schema refuses (reference section 7) never appear in a body. */
static bool body_acceptable(const JsonMember *m, int n)
{
    for (int i = 0; i < n; i++) {
        if (strcmp(m[i].key, "dry_sequence_breakers") == 0 && strcmp(m[i].value, "[]") == 0)
            return false;
        if ((strcmp(m[i].key, "repeat_last_n") == 0 || strcmp(m[i].key, "dry_penalty_last_n") == 0
             || strcmp(m[i].key, "dry_allowed_length") == 0) && m[i].value[0] == '-')
            return false;
        if ((strcmp(m[i].key, "n_predict") == 0 || strcmp(m[i].key, "max_tokens") == 0)
            && m[i].value[0] == '-' && strcmp(m[i].value, "-1") != 0)
            return false;
    }
    return true;
}

static void test_body_rows(void)
{
    static CliParams p;
    static JsonMember m[40];
    for (size_t r = 0; r < sizeof body_rows / sizeof body_rows[0]; r++) {
        const BodyRow *row = &body_rows[r];
        char err[256], body[4096], notes[512], got[4096];
        CHECK(parse(row->argv, &p, err, sizeof err));
        size_t len = request_json(&p, row->kind, body, sizeof body, notes, sizeof notes);
        CHECK(len < sizeof body);
        int n = json_members(body, m, 40);
        CHECK(n >= 0 && body_acceptable(m, n));
        Text t = text_start(got, sizeof got);
        for (int i = 0; i < n; i++)
            text_add(&t, "%s%s=%s", i ? ";" : "", m[i].key, m[i].value);
        bool same = strcmp(got, row->members) == 0;
        bool note_ok = row->note == NULL ? notes[0] == '\0' : strstr(notes, row->note) != NULL;
        check_true(__FILE__, __LINE__, same && note_ok, row->members);
        if (!same || !note_ok)
            printf("    body row %zu: got %s (notes: %s)\n", r, body, notes);
    }
}

/* --json-all: every sampling field, with llama.cpp's defaults, all of them values the server accepts. */
static void test_body_all(void)
{
    static CliParams p;
    static JsonMember m[40];
    char err[256], body[4096];
    CHECK(parse((const char *const[]){NULL}, &p, err, sizeof err));
    request_json(&p, REQUEST_COMPLETION_ALL, body, sizeof body, NULL, 0);
    int n = json_members(body, m, 40);
    CHECK_INT(26, n);           /* 29 settings less prompt, n_predict and stop; seed is the 22nd, then breakers */
    CHECK(body_acceptable(m, n));
    CHECK(strcmp(m[0].key, "temperature") == 0 && strcmp(m[0].value, "0.8") == 0);
    CHECK(strcmp(m[22].key, "dry_sequence_breakers") == 0
          && strcmp(m[22].value, "[\"\\n\", \":\", \"\\\"\", \"*\"]") == 0);
    CHECK(strcmp(m[21].key, "seed") == 0 && strcmp(m[21].value, "-1") == 0);
    request_json(&p, REQUEST_CHAT, body, sizeof body, NULL, 0);
    CHECK(strcmp(body, "{}") == 0);     /* nothing set, nothing sent: the server's own defaults stay */
}

static void test_help_text(void)
{
    static char text[32768];
    size_t n = args_help(text, sizeof text);
    CHECK(n < sizeof text);
    CHECK(strstr(text, "--temp, --temperature T") != NULL && strstr(text, "[OpenAI temperature]") != NULL);
    CHECK(strstr(text, "[llama.cpp top_k]") != NULL && strstr(text, "[OpenAI max_tokens; llama.cpp n_predict]"));
    CHECK(strstr(text, "nucleus") != NULL && strstr(text, "adaptivep") != NULL);
    CHECK(strstr(text, "e=penalties") != NULL && strstr(text, "a=adaptive_p") != NULL);
    CHECK(strstr(text, "-ngl") != NULL && strstr(text, "--port") != NULL && strstr(text, "--draft-max") != NULL);
    bool openai;
    CHECK(strcmp(args_setting_field(SET_FREQUENCY, &openai), "frequency_penalty") == 0 && openai);
    CHECK(strcmp(args_setting_field(SET_TOP_K, &openai), "top_k") == 0 && !openai);
    CHECK(args_setting_field(SET_COUNT, &openai) == NULL);
}

/* 400 seeded random command lines from a pool of flags and awkward values: the parser either refuses one with
 * one line, or accepts it; then chain_init accepts the parameters too (the parser lets nothing through that
 * llama.cpp, and so the library, refuses), and every body is one valid JSON object the server accepts. */
static void test_random_lines(void)
{
    static const char *const valued[] = {
        "--temp", "--top-k", "--top_p", "--min-p", "--repeat-penalty", "--frequency-penalty", "--presence-penalty",
        "--repeat-last-n", "--dry-penalty-last-n", "-c", "--dry-multiplier", "--dry-sequence-breaker", "--dry-base",
        "--mirostat", "-l", "--samplers", "--sampler-seq", "-s", "-n", "-p", "-r", "-m", "-ngl", "--xtc-probability",
        "--typical", "--top-nsigma"};
    static const char *const values[] = {
        "0", "-1", "1e-40", "inf", "-inf", "nan", "1.1", "0.5", "2", "-2", "4096", "x", "\\n", "\\x41", "none",
        "15-inf", "3+2", "kpt", "top_k;min_p", "1e39", ""};
    static const char *const switches[] = {"--ignore-eos", "--no-escape", "--gpt-oss-20b-default", "-cnv"};
    static CliParams p;
    static JsonMember m[40];
    static const RequestKind kinds[] = {REQUEST_COMPLETION, REQUEST_COMPLETION_ALL, REQUEST_CHAT};
    Rng rng;
    rng_seed(&rng, 11);
    int accepted = 0;
    for (int c = 0; c < 400; c++) {
        const char *words[30] = {NULL};
        int n = 0;
        if (rng_next_int(&rng, 4) == 0)
            words[n++] = rng_next_int(&rng, 2) ? "llama-server" : "llama-cli";
        for (int f = 1 + rng_next_int(&rng, 6); f > 0; f--) {
            if (rng_next_int(&rng, 5) == 0) {
                words[n++] = switches[rng_next_int(&rng, (int32_t)(sizeof switches / sizeof switches[0]))];
                continue;
            }
            words[n++] = valued[rng_next_int(&rng, (int32_t)(sizeof valued / sizeof valued[0]))];
            words[n++] = values[rng_next_int(&rng, (int32_t)(sizeof values / sizeof values[0]))];
        }
        char err[256] = "";
        if (!parse(words, &p, err, sizeof err)) {
            CHECK(err[0] != '\0' && strchr(err, '\n') == NULL);
            continue;
        }
        accepted++;
        Chain ch;
        SamplingStatus st = chain_init_from_params(&ch, &p.sampling, 0);
        CHECK_INT(SAMPLING_OK, st);
        if (st == SAMPLING_OK)
            chain_free(&ch);
        for (size_t k = 0; k < 3; k++) {
            char body[8192];
            request_json(&p, kinds[k], body, sizeof body, NULL, 0);
            int members = json_members(body, m, 40);
            CHECK(members >= 0 && body_acceptable(m, members));
        }
    }
    CHECK(accepted > 60);       /* the pool makes enough valid lines for the check to mean something */
}

void test_command_line(void)
{
    test_chain_rows();
    test_underscore();
    test_error_rows();
    test_values();
    test_chain_refuses();
    test_body_rows();
    test_body_all();
    test_help_text();
    test_random_lines();
}
