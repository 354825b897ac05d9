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

#define MAX_ARGS 600

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
static void command_chain_line(const CliParams *p, char *line, size_t size)
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

/* The warnings for a window of -1 (reference sections 4.2, 4.3, 6 and 10), exactly. */
#define WINDOW_WARNING(flag, stage, older) flag " -1 is off here, hence " stage ": arg.cpp 0017d6fb takes -1, and " \
    "current libllama clamps a negative window to 0; whether current llama.cpp's command line refuses -1 instead " \
    "(PR #26524 means negative windows to be refused) is unconfirmed; give the window in tokens, e.g. " flag " " \
    "4096; older builds took -1 as a context size: " older
#define PENALTY_WINDOW_WARNING WINDOW_WARNING("--repeat-last-n", "?penalties", "llama-cli and llama-completion -c's, " \
                                              "llama-server the slot's")
#define DRY_WINDOW_WARNING WINDOW_WARNING("--dry-penalty-last-n", "?dry", "DRY the model's training context, " \
                                          "llama-server the slot's")

typedef struct {
    const char *argv[40];         /* after our program's name; NULL-terminated */
    const char *chain;            /* the chain line */
    const char *ignored;          /* CliParams.ignored, exactly */
} ChainRow;

static const ChainRow chain_rows[] = {
    /* The server line: only --top-k and --min-p act; -c is named since no window uses it. */
    {{"llama-server", "-m", "model.gguf", "-c", "8192", "-ngl", "99", "--port", "8080", "-fa", "on", "--jinja",
      "--top-k", "20", "--min-p", "0.1"}, DEFAULT_LINE, "-c, -ngl, --port, -fa, --jinja"},
    {{"--top-k", "20", "--min-p", "0.1"}, DEFAULT_LINE, ""},
    /* llama.cpp's README: a local model, a Hugging Face model, a completion with a prompt, a server. */
    {{"llama-cli", "-m", "my_model.gguf"}, DEFAULT_LINE, ""},
    {{"llama-cli", "-hf", "ggml-org/gemma-3-1b-it-GGUF"}, DEFAULT_LINE, ""},
    {{"llama-completion", "-m", "model.gguf", "-p", "I believe the meaning of life is", "-n", "128", "-no-cnv"},
     DEFAULT_LINE, "-no-cnv"},
    {{"llama-server", "-m", "model.gguf", "--port", "8080"}, DEFAULT_LINE, "--port"},
    {{"/usr/local/bin/llama-server", "-m", "models/7B/ggml-model.gguf", "-c", "2048"}, DEFAULT_LINE, "-c"},
    /* The grammar example of the README: the grammar sampler is kept outside the chain. */
    {{"llama-cli", "-m", "model.gguf", "-n", "256", "--grammar-file", "grammars/json.gbnf", "-p", "Request:"},
     DEFAULT_LINE, ""},
    /* Finding 3 (second newcomer): a grammar and a JSON schema change sampling outside the chain line; they are
     * named apart from the flags that do not change sampling. adaptive-p's flags are settings (issue 23). */
    {{"-p", "x", "--json-schema", "{\"type\":\"object\"}", "--grammar-file", "g", "-j", "{}", "--grammar", "root",
      "-jf", "s.json", "-ngl", "9"}, DEFAULT_LINE, "-ngl"},
    {{"--samplers", "top_k;adaptive_p", "--adaptive-target", "0.5", "--adaptive-decay", "0.8"},
     "logits -> top-k -> adaptive-p", ""},
    /* Issue 17, item 2: -c no longer gives a window of -1 its size (current llama.cpp clamps -1 to 0), so it
     * is ignored like any flag that does not change sampling. */
    {{"-c", "0", "--repeat-last-n", "-1", "-m", "m.gguf"}, DEFAULT_LINE, "-c"},
    /* Finding 7: llama.cpp's -l skips blanks around the sign (and before the id); so does this tool. */
    {{"-l", "15- 5", "-l", "15 -5", "-l", " 15 + 5", "--samplers", "top_k"}, "logits -> logit-bias -> top-k -> dist",
     ""},
    /* Finding 12: one rule for the program word: any case, with or without .exe. */
    {{"LLAMA-SERVER", "--port", "8080"}, DEFAULT_LINE, "--port"},
    {{"Llama-Server.Exe", "--port", "8080"}, DEFAULT_LINE, "--port"},
    /* A model card's settings (Qwen3, thinking mode), with '_' spellings mixed in. */
    {{"llama-server", "-hf", "Qwen/Qwen3-8B-GGUF:Q8_0", "--jinja", "--reasoning-format", "deepseek", "-ngl", "99",
      "-fa", "on", "-sm", "row", "--temp", "0.6", "--top_k", "20", "--top-p", "0.95", "--min_p", "0", "-c",
      "40960", "-n", "32768", "--no-context-shift"},
     "logits -> ?penalties -> ?dry -> ?top-n-sigma -> top-k -> ?typical -> top-p -> ?min-p -> ?xtc -> temp-ext "
     "-> dist", "--jinja, --reasoning-format, -ngl, -fa, -sm, -c, --no-context-shift"},
    /* The gpt-oss preset sets temp 1, top_p 1, top_k 0 and min_p 0.01 (arg.cpp). */
    {{"llama-server", "--gpt-oss-20b-default"},
     "logits -> ?penalties -> ?dry -> ?top-n-sigma -> ?top-k -> ?typical -> ?top-p -> min-p -> ?xtc -> ?temp-ext "
     "-> dist", ""},
    /* A window of -1 is off with or without -c, as llama-completion and llama-cli log it (?penalties, ?dry). */
    {{"-c", "4096", "--repeat-last-n", "-1", "--repeat-penalty", "1.1", "--samplers", "penalties"},
     "logits -> ?penalties -> dist", "-c"},
    {{"--ctx-size", "4096", "--dry-multiplier", "0.8", "--dry_penalty_last_n", "-1", "--samplers", "dry"},
     "logits -> ?dry -> dist", "--ctx-size"},
    {{"-m", "m.gguf", "-c", "1024", "-t", "4", "--repeat-last-n", "-1"}, DEFAULT_LINE, "-c, -t"},
    {{"-c", "1024", "-m", "m.gguf", "--dry-penalty-last-n", "-1"}, DEFAULT_LINE, "-c"},
    {{"-m", "m.gguf", "-c", "2048", "--repeat-last-n", "-1", "--repeat-penalty", "1.1"}, DEFAULT_LINE, "-c"},
    {{"--ignore-eos", "-m", "m.gguf"}, "logits -> logit-bias -> ?penalties -> ?dry -> ?top-n-sigma -> top-k "
     "-> ?typical -> top-p -> min-p -> ?xtc -> temp-ext -> dist", ""},
    /* A 2-value flag, switches with "--no-" forms, a flag seen twice (named once). */
    {{"--control-vector-layer-range", "1", "5", "--no-mmap", "--mmap", "-t", "8", "-t", "4", "--top-k", "0"},
     "logits -> ?penalties -> ?dry -> ?top-n-sigma -> ?top-k -> ?typical -> top-p -> min-p -> ?xtc -> temp-ext "
     "-> dist", "--control-vector-layer-range, --no-mmap, --mmap, -t"},
    /* Enumerated values llama.cpp accepts (arg.cpp's is_truthy/is_falsey/is_autoy words, -sm's modes, cache
     * types, -ngl's auto/all/number) pass and are ignored; stoi reads "99x" as 99, so -ngl takes it. */
    {{"llama-cli", "-fa", "1", "--color", "off", "-sm", "tensor", "-ctk", "q4_K", "-ctv", "iq4_nl", "-ngl", "all",
      "-rea", "-1", "--reasoning-format", "deepseek-legacy", "-fit", "false", "-lm", "dio", "--numa", "isolate",
      "--rope-scaling", "yarn", "--log-colors", "enabled", "-t", " 8"}, DEFAULT_LINE,
     "-fa, --color, -sm, -ctk, -ctv, -ngl, -rea, --reasoning-format, -fit, -lm, --numa, --rope-scaling, "
     "--log-colors, -t"},
    {{"llama-server", "--pooling", "rank", "-ngl", "99x", "-fa", "auto"}, DEFAULT_LINE, "--pooling, -ngl, -fa"},
    /* A Windows program word, with .exe and a path with backslashes. */
    {{"llama-server.exe", "-m", "model.gguf", "--port", "8080", "--top-k", "20"}, DEFAULT_LINE, "--port"},
    {{"C:\\llama\\LLAMA-CLI.EXE", "-m", "model.gguf"}, DEFAULT_LINE, ""},
    /* The lesson's second line through llama-completion. */
    {{"llama-completion", "-m", "tiny.gguf", "-p", "Hi", "-n", "2", "-no-cnv", "--seed", "7", "--mirostat", "2",
      "--mirostat-ent", "3", "--temp", "0.7"}, "logits -> temp -> mirostat-v2", "-no-cnv"},
};

static void test_chain_rows(void)
{
    static CliParams p;
    for (size_t r = 0; r < sizeof chain_rows / sizeof chain_rows[0]; r++) {
        char err[256], line[512] = "(not parsed)";
        bool ok = parse(chain_rows[r].argv, &p, err, sizeof err);
        if (ok)
            command_chain_line(&p, line, sizeof line);
        check_true(__FILE__, __LINE__, strcmp(line, chain_rows[r].chain) == 0, chain_rows[r].chain);
        check_true(__FILE__, __LINE__, ok && strcmp(p.ignored, chain_rows[r].ignored) == 0, chain_rows[r].ignored);
        if (!ok || strcmp(line, chain_rows[r].chain) != 0 || strcmp(p.ignored, chain_rows[r].ignored) != 0)
            printf("    chain row %zu: got '%s', ignored '%s' (%s)\n", r, line, ok ? p.ignored : "", ok ? "" : err);
    }
}

/* Second newcomer, finding 3: the flags that change sampling outside the chain line (a grammar, a JSON schema)
 * are named in CliParams.outside, not among the flags that do not change sampling. adaptive-p's flags are
 * settings since issue 23, in neither list. */
static const struct {
    const char *argv[20];
    const char *outside;          /* CliParams.outside, exactly */
} outside_rows[] = {
    {{"llama-cli", "-m", "model.gguf", "--grammar-file", "grammars/json.gbnf", "-p", "Request:"}, "--grammar-file"},
    {{"-p", "x", "--json-schema", "{\"type\":\"object\"}", "--grammar-file", "g", "-j", "{}", "--grammar", "root",
      "-jf", "s.json", "-ngl", "9", "--grammar", "r2"}, "--json-schema, --grammar-file, -j, --grammar, -jf"},
    {{"--samplers", "top_k;adaptive_p", "--adaptive-target", "0.5", "--adaptive-decay", "0.8"}, ""},
    {{"-m", "m.gguf", "-bs"}, ""},
    /* Issue 21: llama.cpp's reasoning-budget sampler is kept outside the chain and never printed (reference
     * section 2); its flag changes sampling, so it is named with the grammar, never as ignored. */
    {{"llama-server", "-m", "m.gguf", "--reasoning-budget", "100", "--reasoning-budget-message", "Done."},
     "--reasoning-budget"},
};

static void test_outside_rows(void)
{
    static CliParams p;
    for (size_t r = 0; r < sizeof outside_rows / sizeof outside_rows[0]; r++) {
        char err[256] = "";
        bool ok = parse(outside_rows[r].argv, &p, err, sizeof err);
        bool good = ok && strcmp(p.outside, outside_rows[r].outside) == 0;
        check_true(__FILE__, __LINE__, good, outside_rows[r].outside);
        if (!good)
            printf("    outside row %zu: got '%s' (%s)\n", r, ok ? p.outside : "", err);
    }
    /* Issue 21: not named as ignored; its value is read as llama.cpp reads it (std::stoi), and where llama.cpp
     * stops on it, so does this tool, as for any flag that changes sampling. */
    char err[256] = "";
    CHECK(parse((const char *const[]){"-m", "m.gguf", "--reasoning-budget", "0", NULL}, &p, err, sizeof err));
    CHECK(strcmp(p.ignored, "") == 0 && strcmp(p.model, "-m") == 0 && strcmp(p.outside, "--reasoning-budget") == 0);
    CHECK(!parse((const char *const[]){"--reasoning-budget", "abc", NULL}, &p, err, sizeof err)
          && strcmp(err, "--reasoning-budget takes a whole number in arg.cpp 0017d6fb; 'abc' is not one") == 0);
    CHECK(!parse((const char *const[]){"--reasoning-budget", NULL}, &p, err, sizeof err)
          && strcmp(err, "--reasoning-budget: missing value") == 0);
    CHECK(parse((const char *const[]){"--reasoning-budget", "64x", NULL}, &p, err, sizeof err)
          && strcmp(p.warnings, "--reasoning-budget: arg.cpp 0017d6fb reads '64x' as 64 (std::stoi)\n") == 0);
    /* Fourth newcomer, finding 2: a budget below 0 is no budget (reference section 5: the earlier chain built the
     * reasoning-budget sampler only for a budget of 0 or more), so it is named with the flags that do not change
     * sampling. */
    CHECK(parse((const char *const[]){"-m", "m.gguf", "--reasoning-budget", "-1", NULL}, &p, err, sizeof err));
    CHECK(strcmp(p.ignored, "--reasoning-budget") == 0 && strcmp(p.outside, "") == 0);
    CHECK(parse((const char *const[]){"--reasoning-budget", "-1", "--grammar", "g", "--reasoning-budget", "0", NULL},
                &p, err, sizeof err));
    CHECK(strcmp(p.ignored, "") == 0 && strcmp(p.outside, "--grammar, --reasoning-budget") == 0);  /* the last counts */
    CHECK(parse((const char *const[]){"--reasoning-budget", "5", "--reasoning_budget", "-1", NULL}, &p, err,
                sizeof err));
    CHECK(strcmp(p.ignored, "--reasoning_budget") == 0 && strcmp(p.outside, "") == 0);
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
    {{"--repeat-penalty", "1e-40"}, "--repeat-penalty: '1e-40' is out of range for a float"},  /* stof refuses */
    {{"--repeat-penalty", "inf"}, "--repeat-penalty: inf is refused"},
    {{"--repeat-penalty", "nan"}, "--repeat-penalty: nan is refused by llama.cpp (a repeat penalty must be finite"},
    {{"--frequency-penalty", "inf"}, "--frequency-penalty: inf is refused"},
    {{"--frequency-penalty", "-inf"}, "--frequency-penalty: -inf is refused"},
    {{"--presence-penalty", "nan"}, "--presence-penalty: nan is refused by llama.cpp (this penalty must be finite)"},
    {{"--presence-penalty", "inf"}, "--presence-penalty: inf is refused"},
    {{"--temp", "1e39"}, "--temp: '1e39' is out of range for a float"},           /* std::stof refuses it */
    /* A flag another program takes stops a body that needs it (-p); for the chain line it warns (warn_rows). */
    {{"llama-server", "-p", "Hi", "--json"}, "-p: llama-server does not take it in arg.cpp 0017d6fb (its message: "
     "\"error: invalid argument: -p\"; llama-cli and llama-completion take it)"},
    {{"llama-completion", "--hellaswag"}, "unknown flag '--hellaswag'"},         /* llama-perplexity's */
    {{"--bogus"}, "unknown flag '--bogus'"},
    {{"--repeat-last-n", "-2"}, "--repeat-last-n: -2 is out of range"},
    {{"llama-server", "--port", "80a0x"}, NULL},
    /* Finding 10: std::stof's out_of_range (an underflow below FLT_MIN or past FLT_MAX) is refused. */
    {{"--temp", "1e-40"}, "--temp: '1e-40' is out of range for a float (std::stof refuses it)"},
    {{"--temp", "1e-50"}, "--temp: '1e-50' is out of range for a float"},
    {{"--repeat-penalty", "1e-38"}, "--repeat-penalty: '1e-38' is out of range for a float"},
    {{"--top-p", "-1.1754942e-38"}, "--top-p: '-1.1754942e-38' is out of range for a float"},
    {{"--min-p", "3.4028236e38"}, "--min-p: '3.4028236e38' is out of range for a float"},
    /* NaN, which llama.cpp takes and this workbench's samplers cannot compute with: its own limit, said so
     * (issue 21). What llama.cpp reads loosely is taken instead, with a warning (warn_rows). */
    {{"--top-p", "nan"}, "--top-p: 'nan' is NaN: llama.cpp would take it, but this workbench's samplers cannot "
     "compute with NaN, so it stops here (this workbench's limit, not llama.cpp's; give a number)"},
    {{"--top-p", " nanx"}, "--top-p: ' nanx' is NaN: llama.cpp would take it"},
    {{"--top-k", "x4"}, "--top-k: 'x4' is not a whole number"},
    {{"-l", "15+nan"}, "-l: the bias 'nan' of '15+nan' is NaN: llama.cpp would take it, but this workbench's"},
    {{"-l", "15+1e39"}, "-l: the bias '1e39' of '15+1e39' is out of range for a float"},
    {{"-l", "15-1e-40"}, "-l: the bias '1e-40' of '15-1e-40' is out of range for a float"},
    /* Finding 9: what chain_init would refuse is refused here, naming the flag, before anything is printed. */
    {{"--mirostat", "2", "--mirostat-ent", "inf"},
     "--mirostat-ent: inf is refused: mirostat_tau must be finite when mirostat is on, and 2 * tau too (mu starts at "
     "2 * tau, a float) (this workbench's limit, not llama.cpp's, which would take it)"},
    /* Finding 7: a tau whose 2 * tau overflows the float is refused as an infinite one is. */
    {{"--mirostat", "2", "--mirostat-ent", "3e38"},
     "--mirostat-ent: 3e+38 is refused: mirostat_tau must be finite when mirostat is on, and 2 * tau too (mu starts "
     "at 2 * tau, a float) (this workbench's limit, not llama.cpp's, which would take it)"},
    {{"--mirostat", "2", "--mirostat-ent", "1.7e38"}, NULL},
    {{"--mirostat-ent", "-inf", "--mirostat", "1"}, "--mirostat-ent: -inf is refused: mirostat_tau must be finite"},
    {{"--mirostat", "1", "--mirostat-lr", "-inf"}, "--mirostat-lr: -inf is refused: mirostat_eta must be finite"},
    /* Finding 14: the tool's own limits name themselves. */
    {{"-f", "no/such/file.txt", "--json"}, "-f: cannot read 'no/such/file.txt'"},   /* a body needs it */
    {{"-n", "abc", "--openai", "-p", "x"}, "-n: 'abc' is not a whole number"},
    {{"C:\\bin\\llama-server.exe", "-p", "Hi", "--openai"}, "-p: llama-server does not take it"},
    /* Finding 8: one output at a time. */
    {{"--json", "--openai"}, "--openai: choose one of --json, --json-all and --openai (--json was given)"},
    {{"--openai", "-p", "x", "--json-all"}, "--json-all: choose one of --json, --json-all and --openai (--openai"},
    {{"--json-all", "--json"}, "--json: choose one of"},
    {{"--json", "--json"}, NULL},
    /* Finding 12: a bare -fa at the end; the whole command line quoted as one argument; the program word's
     * case. */
    {{"llama-server --temp 0.7"}, "unknown flag 'llama-server --temp 0.7' (one argument holds a whole command "
     "line: remove the quotes around it)"},
    {{"llama-server", "--temp 0.7 --top-k 20"}, "(one argument holds a whole command line: remove the quotes"},
    {{"LLAMA-SERVER", "-p", "Hi", "--json"}, "-p: llama-server does not take it"},
    {{"-ngl", "99.5"}, NULL},
    /* Issue 17, item 1: an unknown flag stays an error, with the nearest known spelling. */
    {{"--typ-p", "0.9"}, "unknown flag '--typ-p'; did you mean --typical?"},
    {{"--repetition-penalty", "1.1"}, "unknown flag '--repetition-penalty'; did you mean --repeat-penalty?"},
    {{"--max_tokens", "64"}, "unknown flag '--max_tokens'; did you mean -n?"},
    {{"--mirostat-tau", "3"}, "unknown flag '--mirostat-tau'; did you mean --mirostat-ent?"},
    {{"--top-kk", "20"}, "unknown flag '--top-kk'; did you mean --top-k?"},
    {{"--temperture", "0.7"}, "unknown flag '--temperture'; did you mean --temperature?"},
    {{"--NUCLEUS", "0.9"}, "unknown flag '--NUCLEUS'; did you mean --top-p?"},
    /* tfs_z, the old server's field for --tfs, is a name people carry over. */
    {{"--tfs-z", "0.95"}, "unknown flag '--tfs-z'; did you mean --tfs? (older llama.cpp's tail-free sampling, "
     "which arg.cpp 0017d6fb does not have; not checked: this workbench's reference does not cover older "
     "llama.cpp)"},
    /* Third newcomer, item 2: older llama.cpp's flags first, with what became of them; the same letters with
     * other dashes; one edit for a name of up to nine letters, two up to fourteen. */
    {{"--lora-bass", "x"}, "unknown flag '--lora-bass'; did you mean --lora-base? (older llama.cpp's LoRA base "
     "model, which arg.cpp 0017d6fb does not have; not checked: this workbench's reference does not cover older "
     "llama.cpp)"},
    {{"--instuct"}, "unknown flag '--instuct'; did you mean --instruct? (older llama.cpp's instruction mode for "
     "Alpaca models, which arg.cpp 0017d6fb does not have; not checked"},
    {{"--draft-mx", "4"}, "unknown flag '--draft-mx'; did you mean --draft-max? (removed in arg.cpp 0017d6fb: use "
     "--spec-draft-n-max)"},
    {{"--ngl", "99"}, "unknown flag '--ngl'; did you mean -ngl?"},
    {{"--frequncy-penalty", "1"}, "unknown flag '--frequncy-penalty'; did you mean --frequency-penalty?"},
    {{"--rope-freq-bass", "1e4"}, "unknown flag '--rope-freq-bass'; did you mean --rope-freq-base?"},
    /* A sampling flag keeps llama.cpp's refusals, even after an old paste's bare flag. */
    {{"-fa", "--top-k"}, "--top-k: missing value"},
    {{"-fa", "--temp", "x"}, "--temp: 'x' is not a number"},
};

/* Exactly the message: nothing near to suggest. */
static void test_no_suggestion(void)
{
    static CliParams p;
    char err[256];
    CHECK(!parse((const char *const[]){"--bogus", NULL}, &p, err, sizeof err) && strcmp(err, "unknown flag '--bogus'") == 0);
    CHECK(!parse((const char *const[]){"llama-server", "-p", "x", "--json", NULL}, &p, err, sizeof err)
          && strcmp(err, "-p: llama-server does not take it in arg.cpp 0017d6fb (its message: \"error: invalid "
                         "argument: -p\"; llama-cli and llama-completion take it)") == 0);
    CHECK(!parse((const char *const[]){"-zz", NULL}, &p, err, sizeof err) && strcmp(err, "unknown flag '-zz'") == 0);
    /* Third newcomer, item 2: no letter-based guess for a name of three letters (-cmx was "did you mean -cl?",
     * -ngx -ngl), none past one edit for nine letters (--lora-bias was --logit-bias, three edits away), and
     * never a sampling flag for one whose words belong to flags that do not change sampling (--repeat-last-ctx
     * was --repeat-last-n: three edits in fifteen letters, but "ctx" is -c's word, --ctx-size). */
    static const char *const unknown[] = {"-cmx", "-ngx", "--lora-bias", "--repeat-last-ctx"};
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        char want[80];
        snprintf(want, sizeof want, "unknown flag '%s'", unknown[i]);
        bool good = !parse((const char *const[]){unknown[i], "1", NULL}, &p, err, sizeof err) && strcmp(err, want) == 0;
        check_true(__FILE__, __LINE__, good, want);
        if (!good)
            printf("    got '%s'\n", err);
    }
}

/* The tail of every warning for a flag that does not change sampling. */
#define FOLLOWS "does not change sampling, so the chain line follows"
/* The parts of a warning for a flag older llama.cpp took: the mark that its history is not checked (the
 * reference does not cover older llama.cpp), arg.cpp 0017d6fb's refusal, and the tails. */
#define UNCHECKED "(not checked: this workbench's reference does not cover older llama.cpp)"
#define NOT_IN_ARGCPP " " UNCHECKED ", which arg.cpp 0017d6fb does not have "
#define INVALID(flag) "(its message: \"error: invalid argument: " flag "\"; "
#define STOPS_BUT(flag) "; llama.cpp stops here, but " flag " " FOLLOWS "\n"
#define WITHOUT_IT ": what this tool shows is current llama.cpp's, without it\n"
#define BIAS_LINE "logits -> logit-bias -> ?penalties -> ?dry -> ?top-n-sigma -> top-k -> ?typical -> top-p -> " \
                  "min-p -> ?xtc -> temp-ext -> dist"

typedef struct {
    const char *argv[40];
    const char *chain;            /* the chain line */
    const char *warnings;         /* CliParams.warnings, exactly */
    const char *ignored;          /* CliParams.ignored, exactly */
} WarnRow;

/* Issue 17, item 1: a flag that does not change sampling never costs the chain line. Where arg.cpp 0017d6fb
 * would stop on it, a warning says what it says (its messages: "unknown value for --flash-attn: '...'",
 * "expected value for argument", a removed flag) and how to fix the line; a value that is itself a known flag
 * is left to be read as that flag. Fourth newcomer, finding 5: what the reference does not state is said to
 * come from arg.cpp 0017d6fb, or from older llama.cpp, not checked. */
static const WarnRow warn_rows[] = {
    /* Issue 21: a value llama.cpp reads loosely is read as llama.cpp reads it, with a warning that names the
     * flag, the value as typed, what llama.cpp reads and the fix. A real gpt-oss line gives --top-k 0.0. */
    {{"llama-server", "-hf", "ggml-org/gpt-oss-20b-GGUF", "--jinja", "--temp", "1.0", "--top-p", "1.0", "--top-k",
      "0.0"}, "logits -> ?penalties -> ?dry -> ?top-n-sigma -> ?top-k -> ?typical -> ?top-p -> min-p -> ?xtc -> "
     "?temp-ext -> dist", "--top-k '0.0': llama.cpp reads 0 (std::stoi stops at '.'); write --top-k 0\n",
     "--jinja"},
    {{"--top-p", "0.9x", "--samplers", "top_p"}, "logits -> top-p -> dist",
     "--top-p '0.9x': llama.cpp reads 0.9 (std::stof stops at 'x'); write --top-p 0.9\n", ""},
    {{"-l", "15+2x", "-l", "15--3", "-l", "15+-3", "-l", "15- -2.5", "-l", "7-inf", "--samplers", ""},
     "logits -> logit-bias -> dist",
     "-l '15+2x': llama.cpp reads 15+2 (std::stof stops at 'x'); write -l 15+2\n"
     "-l '15--3': llama.cpp reads 15+3 (std::stof takes the second sign); write -l 15+3\n"
     "-l '15+-3': llama.cpp reads 15-3 (std::stof takes the second sign); write -l 15-3\n"
     "-l '15- -2.5': llama.cpp reads 15+2.5 (std::stof takes the second sign); write -l 15+2.5\n", ""},
    {{"--seed", " 7x", "--samplers", ""}, "logits -> dist",
     "--seed ' 7x': llama.cpp reads 7 (std::stoul skips the blank before it and stops at 'x'); write --seed 7\n",
     ""},
    {{"--seed", "-4294967297", "--samplers", ""}, "logits -> dist", "--seed '-4294967297': llama.cpp reads "
     "4294967295 (std::stoul wraps -4294967297 into an unsigned long, and the seed keeps its low 32 bits; "
     "4294967295 is llama.cpp's random seed, -1); write --seed 4294967295\n", ""},
    {{"--dry-base", "nan", "--samplers", ""}, "logits -> dist", "--dry-base nan is NaN, not 1 or more: ignored, as "
     "llama.cpp does (the value before it stays)\n", ""},
    {{"llama-cli", "-m", "m.gguf", "-fa", "--ignore-eos"}, BIAS_LINE,
     "-fa takes on, off or auto in arg.cpp 0017d6fb; '--ignore-eos' is none of them (its message: \"unknown value "
     "for --flash-attn: '--ignore-eos'\"; write -fa on) ('--ignore-eos' is read as a flag); "
     "llama.cpp stops here, but -fa " FOLLOWS "\n", "-fa"},
    {{"llama-server", "--n-gpu-layers", "999", "--flash-attn", "--cont-batching"}, DEFAULT_LINE,
     "--flash-attn takes on, off or auto in arg.cpp 0017d6fb; '--cont-batching' is none of them (its message: "
     "\"unknown value for --flash-attn: '--cont-batching'\"; write --flash-attn on) "
     "('--cont-batching' is read as a flag); llama.cpp stops here, but --flash-attn " FOLLOWS "\n",
     "--n-gpu-layers, --flash-attn, --cont-batching"},
    /* Qwen3's model card for llama-cli, as older guides print it: bare --color and -fa. */
    {{"llama-cli", "-hf", "Qwen/Qwen3-8B-GGUF:Q8_0", "--jinja", "--color", "-ngl", "99", "-fa", "-sm", "row",
      "--temp", "0.6", "--top-k", "20", "--top-p", "0.95", "--min-p", "0", "-c", "40960", "-n", "32768",
      "--no-context-shift"},
     "logits -> ?penalties -> ?dry -> ?top-n-sigma -> top-k -> ?typical -> top-p -> ?min-p -> ?xtc -> temp-ext "
     "-> dist",
     "--color takes on, off or auto in arg.cpp 0017d6fb; '-ngl' is none of them (its message: \"unknown value for "
     "--color: '-ngl'\"; write --color on) ('-ngl' is read as a flag); llama.cpp stops here, but --color "
     FOLLOWS "\n"
     "-fa takes on, off or auto in arg.cpp 0017d6fb; '-sm' is none of them (its message: \"unknown value for "
     "--flash-attn: '-sm'\"; write -fa on) ('-sm' is read as a flag); llama.cpp stops here, but -fa "
     FOLLOWS "\n", "--jinja, --color, -ngl, -fa, -sm, -c, --no-context-shift"},
    {{"llama-cli", "-m", "x", "-fa"}, DEFAULT_LINE,
     "-fa: missing value (arg.cpp 0017d6fb: \"expected value for argument\"; write -fa on); llama.cpp stops here, "
     "but -fa " FOLLOWS "\n", "-fa"},
    {{"--color"}, DEFAULT_LINE, "--color: missing value (arg.cpp 0017d6fb: \"expected value for argument\"; write "
     "--color on); llama.cpp stops here, but --color " FOLLOWS "\n", "--color"},
    {{"-sm", "rows"}, DEFAULT_LINE, "-sm takes none, layer, row or tensor in arg.cpp 0017d6fb; 'rows' is none of "
     "them; llama.cpp stops here, but -sm " FOLLOWS "\n", "-sm"},
    {{"-fa", "yes"}, DEFAULT_LINE, "-fa takes on, off or auto in arg.cpp 0017d6fb; 'yes' is none of them (its "
     "message: \"unknown value for --flash-attn: 'yes'\"; write -fa on); llama.cpp stops here, but -fa " FOLLOWS
     "\n", "-fa"},
    {{"-ngl", "--top-k", "20"}, DEFAULT_LINE, "-ngl takes auto, all or a whole number in arg.cpp 0017d6fb; '--top-k' "
     "is none of them ('--top-k' is read as a flag); llama.cpp stops here, but -ngl " FOLLOWS "\n", "-ngl"},
    {{"-t", "--temp", "1", "--samplers", "temp"}, "logits -> ?temp-ext -> dist", "-t takes a whole number in "
     "arg.cpp 0017d6fb; '--temp' is not one ('--temp' is read as a flag); llama.cpp stops here, but -t " FOLLOWS
     "\n", "-t"},
    {{"-b", "99999999999"}, DEFAULT_LINE, "-b takes a whole number in arg.cpp 0017d6fb; '99999999999' is not one; "
     "llama.cpp stops here, but -b " FOLLOWS "\n", "-b"},       /* std::stoi: out_of_range */
    {{"--draft-max", "4"}, DEFAULT_LINE, "--draft-max: removed in arg.cpp 0017d6fb, which refuses it; use "
     "--spec-draft-n-max; llama.cpp stops here, but --draft-max " FOLLOWS "\n", ""},
    {{"--draft", "--top-k", "0", "--samplers", "top_k"}, "logits -> ?top-k -> dist", "--draft: removed in arg.cpp "
     "0017d6fb, which refuses it; use --spec-draft-n-max ('--top-k' is read as a flag); llama.cpp stops here, but "
     "--draft " FOLLOWS "\n", ""},
    {{"--control-vector-layer-range", "1"}, DEFAULT_LINE, "--control-vector-layer-range: missing value (arg.cpp "
     "0017d6fb: \"expected value for argument\"; give --control-vector-layer-range its value); llama.cpp stops "
     "here, but --control-vector-layer-range " FOLLOWS "\n", "--control-vector-layer-range"},
    {{"-m"}, DEFAULT_LINE, "-m: missing value (arg.cpp 0017d6fb: \"expected value for argument\"; give -m its "
     "value); llama.cpp stops here, but -m names the model, which this line does not read, so the chain line "
     "follows\n", ""},
    /* arg.cpp would take a free-form value that is a flag, and go on (to a model named "--jinja"). */
    {{"-m", "--jinja"}, DEFAULT_LINE, "-m: its value is missing, and '--jinja' is a flag (arg.cpp 0017d6fb would "
     "take it as -m's value; give -m its value) ('--jinja' is read as a flag); llama.cpp goes on, and -m names the "
     "model, which this line does not read, so the chain line follows\n", "--jinja"},
    {{"-c", "x"}, DEFAULT_LINE, "-c takes a whole number in arg.cpp 0017d6fb; 'x' is not one; llama.cpp stops here, "
     "but -c " FOLLOWS "\n", "-c"},
    {{"--log-colors", "--top-k", "20"}, DEFAULT_LINE, "--log-colors takes on, off or auto in arg.cpp 0017d6fb; "
     "'--top-k' is none of them (its message: \"unknown value for --log-colors: '--top-k'\"; write --log-colors "
     "on) ('--top-k' is read as a flag); llama.cpp stops here, but --log-colors " FOLLOWS "\n", "--log-colors"},
    /* A flag another of the three programs takes (arg.cpp: "invalid argument"), its value skipped. */
    {{"llama-cli", "--port", "8080", "--top-k", "0", "--samplers", "top_k"}, "logits -> ?top-k -> dist",
     "--port: llama-cli does not take it in arg.cpp 0017d6fb (its message: \"error: invalid argument: --port\"; "
     "llama-server takes it); llama.cpp stops here, but --port " FOLLOWS "\n", ""},
    {{"LLAMA-SERVER", "-p", "Hi"}, DEFAULT_LINE, "-p: llama-server does not take it in arg.cpp 0017d6fb (its "
     "message: \"error: invalid argument: -p\"; llama-cli and llama-completion take it); llama.cpp stops here, but "
     "-p " FOLLOWS " (a body needs it: --json and --openai stop here)\n", ""},
    /* llama.cpp's README before 2024: ./main is llama-completion (-i, -r), with a bare --color. The brief's
     * --in-prefix: llama-completion takes it in arg.cpp 0017d6fb. */
    {{"./main", "-m", "models/7B/ggml-model-q4_0.bin", "-n", "128", "--repeat_penalty", "1.0", "--color", "-i", "-r",
      "User:", "--in-prefix", " "}, DEFAULT_LINE,
     "'./main' is read as llama-completion: older llama.cpp's programs had this name before their 2024 renaming "
     UNCHECKED "\n"
     "--color takes on, off or auto in arg.cpp 0017d6fb; '-i' is none of them (its message: \"unknown value for "
     "--color: '-i'\"; write --color on) ('-i' is read as a flag); llama.cpp stops here, but --color " FOLLOWS "\n",
     "--color, -i, --in-prefix"},
    {{"server", "-m", "x", "-c", "2048", "--port", "8080"}, DEFAULT_LINE, "'server' is read as llama-server: older "
     "llama.cpp's programs had this name before their 2024 renaming " UNCHECKED "\n", "-c, --port"},
    {{"llama-cli", "--in-prefix", "x", "--top-k", "0", "--samplers", "top_k"}, "logits -> ?top-k -> dist",
     "--in-prefix: llama-cli does not take it in arg.cpp 0017d6fb (its message: \"error: invalid argument: "
     "--in-prefix\"; llama-completion takes it); llama.cpp stops here, but --in-prefix " FOLLOWS "\n", ""},
    /* The request flags warn for the chain line (a body output refuses them: error_rows). */
    {{"-f", "no/such/file.txt"}, DEFAULT_LINE, "-f: cannot read 'no/such/file.txt'; llama.cpp (arg.cpp 0017d6fb) "
     "stops here, but -f " FOLLOWS " (a body needs it: --json and --openai stop here)\n", ""},
    {{"-n", "--temp", "0.5"}, DEFAULT_LINE, "-n: its value is missing, and '--temp' is a flag (arg.cpp 0017d6fb "
     "would take it as -n's value and refuse it; give -n its value) ('--temp' is read as a flag); llama.cpp stops "
     "here, but -n " FOLLOWS " (a body needs it: --json and --openai stop here)\n", ""},
    /* Third newcomer, item 1: flags older llama.cpp took and arg.cpp 0017d6fb does not have (its message: "error:
     * invalid argument"). One that did not change sampling warns like a removed flag, with what it was and
     * the fix; its old values are skipped. The published alpaca line (llama.cpp's README, 2023), whose
     * prompt file is not here: the ./main warning comes first, then one per flag in order. */
    {{"./main", "-m", "./models/alpaca.13b.ggmlv3.q8_0.bin", "--color", "-f", "./prompts/alpaca.txt", "-ins", "-b",
      "256", "--top_k", "10000", "--temp", "0.2", "--repeat_penalty", "1.1", "-t", "7"},
     "logits -> penalties -> ?dry -> ?top-n-sigma -> top-k -> ?typical -> top-p -> min-p -> ?xtc -> temp-ext -> "
     "dist",
     "'./main' is read as llama-completion: older llama.cpp's programs had this name before their 2024 renaming "
     UNCHECKED "\n"
     "--color takes on, off or auto in arg.cpp 0017d6fb; '-f' is none of them (its message: \"unknown value for "
     "--color: '-f'\"; write --color on) ('-f' is read as a flag); llama.cpp stops here, but --color " FOLLOWS "\n"
     "-f: cannot read './prompts/alpaca.txt'; llama.cpp (arg.cpp 0017d6fb) stops here, but -f " FOLLOWS " (a body "
     "needs it: --json and --openai stop here)\n"
     "-ins: older llama.cpp's instruction mode for Alpaca models" NOT_IN_ARGCPP INVALID("-ins") "drop it, or write "
     "-cnv (--conversation))" STOPS_BUT("-ins"), "--color, -b, -t"},
    {{"--instruct"}, DEFAULT_LINE, "--instruct: older llama.cpp's instruction mode for Alpaca models" NOT_IN_ARGCPP
     INVALID("--instruct") "drop it, or write -cnv (--conversation))" STOPS_BUT("--instruct"), ""},
    {{"-cml", "--top-k", "0", "--samplers", "top_k"}, "logits -> ?top-k -> dist", "-cml: older llama.cpp's ChatML "
     "mode" NOT_IN_ARGCPP INVALID("-cml") "drop it, or write -cnv (--conversation))" STOPS_BUT("-cml"), ""},
    /* Llama 2 70B as a GGML file on the old server: -gqa and -eps took a value each. */
    {{"llama-server", "-m", "llama-2-70b.ggmlv3.q4_0.bin", "-gqa", "8", "-eps", "1e-5", "-c", "4096"}, DEFAULT_LINE,
     "-gqa 8: older llama.cpp's grouped-query attention factor for GGML files" NOT_IN_ARGCPP INVALID("-gqa")
     "drop it)" STOPS_BUT("-gqa")
     "-eps 1e-5: older llama.cpp's RMS norm epsilon for GGML files" NOT_IN_ARGCPP INVALID("-eps") "drop it)"
     STOPS_BUT("-eps"), "-c"},
    /* '_' for '-' in the old spelling too; llama.cpp names the flag with '-'. */
    {{"--rms-norm-eps", "5e-6", "--memory_f32", "--mtest", "--random-prompt"}, DEFAULT_LINE,
     "--rms-norm-eps 5e-6: older llama.cpp's RMS norm epsilon for GGML files" NOT_IN_ARGCPP INVALID("--rms-norm-eps")
     "drop it)" STOPS_BUT("--rms-norm-eps")
     "--memory_f32: older llama.cpp's KV cache precision switch" NOT_IN_ARGCPP INVALID("--memory-f32") "drop it, or "
     "set the KV cache types with -ctk and -ctv)" STOPS_BUT("--memory_f32")
     "--mtest: older llama.cpp's memory test" NOT_IN_ARGCPP INVALID("--mtest") "drop it)" STOPS_BUT("--mtest")
     "--random-prompt: older llama.cpp's random prompt" NOT_IN_ARGCPP INVALID("--random-prompt") "drop it, and give "
     "the prompt with -p)" STOPS_BUT("--random-prompt"), ""},
    {{"--low-vram", "-nommq", "--n-parts", "1", "--perplexity"}, DEFAULT_LINE,
     "--low-vram: older llama.cpp's CUDA low-VRAM switch" NOT_IN_ARGCPP INVALID("--low-vram") "drop it)"
     STOPS_BUT("--low-vram")
     "-nommq: older llama.cpp's switch that turned CUDA's mul_mat_q kernels off" NOT_IN_ARGCPP INVALID("-nommq")
     "drop it)" STOPS_BUT("-nommq")
     "--n-parts 1: older llama.cpp's model part count for GGML files" NOT_IN_ARGCPP INVALID("--n-parts") "drop it)"
     STOPS_BUT("--n-parts")
     "--perplexity: older llama.cpp's perplexity switch" NOT_IN_ARGCPP INVALID("--perplexity") "drop it, or use "
     "llama-perplexity)" STOPS_BUT("--perplexity"), ""},
    /* An old value that is itself a flag is left to be read as one; at the end of the line it is missing. */
    {{"-gqa", "--temp", "0.5", "--samplers", "temp", "--session"}, "logits -> temp-ext -> dist",
     "-gqa: older llama.cpp's grouped-query attention factor for GGML files" NOT_IN_ARGCPP INVALID("-gqa") "drop "
     "it) (its value is missing: '--temp' is read as a flag)" STOPS_BUT("-gqa")
     "--session: older llama.cpp's session file" NOT_IN_ARGCPP INVALID("--session") "write --prompt-cache FILE "
     "instead) (its value is missing)" STOPS_BUT("--session"), ""},
    /* -lv: --verbosity in arg.cpp 0017d6fb, which takes a number; older llama.cpp's --low-vram, taken alone. */
    {{"-lv", "-ngl", "10"}, DEFAULT_LINE, "-lv takes a whole number in arg.cpp 0017d6fb; '-ngl' is not one (older "
     "llama.cpp's -lv was --low-vram, a switch: drop -lv; not checked: this workbench's reference does not cover "
     "older llama.cpp) ('-ngl' is read as a flag); llama.cpp stops here, but -lv " FOLLOWS "\n", "-lv, -ngl"},
    {{"-m", "x", "-lv"}, DEFAULT_LINE, "-lv: missing value (arg.cpp 0017d6fb: \"expected value for argument\"; give "
     "-lv its value) (older llama.cpp's -lv was --low-vram, a switch: drop -lv; not checked: this workbench's "
     "reference does not cover older llama.cpp); llama.cpp stops here, but -lv " FOLLOWS "\n", "-lv"},
    {{"-lv", "1"}, DEFAULT_LINE, "", "-lv"},
    /* --lora-scaled and --control-vector-scaled take FNAME:SCALE in arg.cpp 0017d6fb; older llama.cpp took two
     * values (not checked). */
    {{"--lora-scaled", "a.gguf", "0.5", "--control-vector-scaled", "c.gguf:0.8,d.gguf:-1"}, DEFAULT_LINE,
     "--lora-scaled a.gguf 0.5: arg.cpp 0017d6fb takes one value, FNAME:SCALE (write --lora-scaled a.gguf:0.5), "
     "where older llama.cpp took FNAME and SCALE as two " UNCHECKED "; llama.cpp stops here, but --lora-scaled "
     FOLLOWS "\n", "--lora-scaled, --control-vector-scaled"},
    {{"--control-vector-scaled", "c.gguf", "--temp", "1", "--samplers", "temp"}, "logits -> ?temp-ext -> dist",
     "--control-vector-scaled takes FNAME:SCALE,... in arg.cpp 0017d6fb; 'c.gguf' is not that form; llama.cpp "
     "stops here, but --control-vector-scaled " FOLLOWS "\n", "--control-vector-scaled"},
    /* One that changed sampling in older builds: a warning says so, and the chain is current llama.cpp's. */
    {{"--tfs", "0.95", "--top-k", "20"}, DEFAULT_LINE, "--tfs 0.95: older llama.cpp's tail-free sampling " UNCHECKED
     ", which changed sampling; arg.cpp 0017d6fb does not have it " INVALID("--tfs") "drop it); llama.cpp stops "
     "here, and current llama.cpp's sampler chain has no tail-free sampler" WITHOUT_IT, ""},
    {{"--cfg-negative-prompt", "bad", "--cfg-scale", "1.5"}, DEFAULT_LINE, "--cfg-negative-prompt bad: older "
     "llama.cpp's classifier-free guidance negative prompt " UNCHECKED ", which changed sampling; arg.cpp 0017d6fb "
     "does not have it " INVALID("--cfg-negative-prompt") "drop it); llama.cpp stops here, and current llama.cpp's "
     "sampler chain has no classifier-free guidance" WITHOUT_IT
     "--cfg-scale 1.5: older llama.cpp's classifier-free guidance scale " UNCHECKED ", which changed sampling; "
     "arg.cpp 0017d6fb does not have it " INVALID("--cfg-scale") "drop it); llama.cpp stops here, and current "
     "llama.cpp's sampler chain has no classifier-free guidance" WITHOUT_IT, ""},
    {{"--no-penalize-nl", "--repeat-penalty", "1.1", "--samplers", "penalties"}, "logits -> penalties -> dist",
     "--no-penalize-nl: older llama.cpp's switch that kept the repeat penalties off the newline token " UNCHECKED
     ", which changed sampling; arg.cpp 0017d6fb does not have it " INVALID("--no-penalize-nl") "drop it); "
     "llama.cpp stops here, and current llama.cpp's penalties treat the newline token as any other" WITHOUT_IT,
     ""},
};

static void test_warn_rows(void)
{
    static CliParams p;
    for (size_t r = 0; r < sizeof warn_rows / sizeof warn_rows[0]; r++) {
        const WarnRow *row = &warn_rows[r];
        char err[256] = "", line[512] = "(not parsed)";
        bool ok = parse(row->argv, &p, err, sizeof err);
        if (ok)
            command_chain_line(&p, line, sizeof line);
        bool good = ok && strcmp(line, row->chain) == 0 && strcmp(p.warnings, row->warnings) == 0
                 && strcmp(p.ignored, row->ignored) == 0;
        check_true(__FILE__, __LINE__, good, row->warnings);
        if (!good)
            printf("    warn row %zu: got '%s', warnings '%s', ignored '%s' (%s)\n", r, line, ok ? p.warnings : "",
                   ok ? p.ignored : "", err);
    }
}

static void test_error_rows(void)
{
    static CliParams p;
    for (size_t r = 0; r < sizeof error_rows / sizeof error_rows[0]; r++) {
        char err[256] = "";
        bool ok = parse(error_rows[r].argv, &p, err, sizeof err);
        bool good = error_rows[r].message == NULL ? ok
                  : !ok && strstr(err, error_rows[r].message) != NULL && strchr(err, '\n') == NULL;
        check_true(__FILE__, __LINE__, good, error_rows[r].message != NULL ? error_rows[r].message : "(accepted)");
        if (!good)
            printf("    error row %zu: got '%s'\n", r, ok ? "(accepted)" : err);
    }
}

/* Values llama.cpp clamps or wraps, and escapes. */
static void test_values(void)
{
    static CliParams p;
    char err[256];
    CHECK(parse((const char *const[]){"--temp", "-1", "-s", "-1", "--repeat-penalty", "1.2e-38", NULL}, &p, err,
                sizeof err));
    CHECK_NEAR(0.0, p.sampling.temp, 0);                /* clamped */
    CHECK(p.sampling.seed == 0xFFFFFFFFu);              /* wrapped */
    CHECK_BITS((double)1.2e-38f, p.sampling.penalty_repeat);  /* std::stof's float: above FLT_MIN, and its
                                                               * reciprocal fits a float */
    /* Issue 21: the values llama.cpp reads loosely hold what llama.cpp holds: std::stoul's low 32 bits, std::stoi's
     * leading number, std::stof's second sign; the body gets the number read, not the junk after it. */
    CHECK(parse((const char *const[]){"-s", "4294967296", "--top-k", "0.0", "-l", "15--3", "--top-p", " 0.5x",
                                       "--dry-allowed-length", "-3", NULL}, &p, err, sizeof err));
    CHECK(p.sampling.seed == 0);
    CHECK_INT(0, p.sampling.top_k);
    CHECK(p.sampling.n_logit_bias == 1 && p.sampling.logit_bias[0].token == 15);
    CHECK_NEAR(3.0, p.sampling.logit_bias[0].bias, 0);
    CHECK_BITS((double)0.5f, p.sampling.top_p);
    CHECK(strcmp(p.typed[SET_TOP_P], "0.5") == 0);
    CHECK_INT(-3, p.sampling.dry_allowed_length);
    CHECK(parse((const char *const[]){"-s", "-2", NULL}, &p, err, sizeof err) && p.sampling.seed == 4294967294u);
    /* 0x1p-149, the smallest float, is exact, so stof takes it; 0 and -0 too. */
    CHECK(parse((const char *const[]){"--min-p", "0x1p-149", "--top-p", "-0", NULL}, &p, err, sizeof err));
    CHECK_NEAR(0x1p-149, p.sampling.min_p, 0);

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

    /* Second newcomer, finding 2: a prompt, system prompt or stop string is never cut. Up to the limit it is
     * kept whole; one byte past it is refused with the limit named (exit 2 in the tool). */
    static char long_text[ARGS_MAX_PROMPT + 2];
    memset(long_text, 'a', ARGS_MAX_PROMPT);
    long_text[ARGS_MAX_PROMPT] = '\0';
    CHECK(parse((const char *const[]){"-p", long_text, "-sys", long_text, NULL}, &p, err, sizeof err));
    CHECK_INT(65535, (long long)strlen(p.prompt));
    CHECK_INT(65535, (long long)strlen(p.system_prompt));
    CHECK(p.warnings[0] == '\0');
    long_text[ARGS_MAX_PROMPT] = 'a';
    /* Issue 17: -p does not change sampling, so past the limit it warns for the chain line (nothing is kept,
     * nothing is cut) and stops a body, which needs it. Third newcomer, item 5: arg.cpp 0017d6fb has no such
     * limit, so the warning says llama.cpp goes on, not that it stops. */
    CHECK(parse((const char *const[]){"-p", long_text, NULL}, &p, err, sizeof err) && p.prompt[0] == '\0'
          && strstr(p.warnings, "-p: 'aaaa") && strstr(p.warnings, "is 65536 bytes (at most 65535 here: this tool's "
                                                                 "limit; arg.cpp 0017d6fb has none); llama.cpp goes "
                                                                 "on, and -p "
                                                                 "does not change sampling, so the chain line "
                                                                 "follows (a body needs it: --json and --openai "
                                                                 "stop here)\n") != NULL
          && strstr(p.warnings, "stops here, but") == NULL);
    CHECK(!parse((const char *const[]){"-p", long_text, "--json", NULL}, &p, err, sizeof err)
          && strstr(err, "-p: 'aaaa") && strstr(err, "is 65536 bytes (at most 65535 here: this tool's limit; arg.cpp "
                                                   "0017d6fb has none)") != NULL);
    CHECK(!parse((const char *const[]){"-sys", long_text, "--openai", NULL}, &p, err, sizeof err)
          && strstr(err, "-sys: 'aaaa") && strstr(err, "is 65536 bytes (at most 65535 here") != NULL);
    long_text[1023] = '\0';
    CHECK(parse((const char *const[]){"-r", long_text, NULL}, &p, err, sizeof err) && strlen(p.stop[0]) == 1023);
    long_text[1023] = 'a';
    long_text[1024] = '\0';
    CHECK(!parse((const char *const[]){"-r", long_text, "--json", NULL}, &p, err, sizeof err)
          && strstr(err, "is 1024 bytes (at most 1023 here: this tool's limit; arg.cpp 0017d6fb has none)") != NULL);
    CHECK(parse((const char *const[]){"-r", long_text, NULL}, &p, err, sizeof err) && p.n_stop == 0);

    /* Finding 13: \x00 stays as typed (a C string cannot hold a NUL), with a warning naming the flag. */
    CHECK(parse((const char *const[]){"-p", "\\x00 nul", "-r", "a\\x00", NULL}, &p, err, sizeof err));
    CHECK(strcmp(p.prompt, "\\x00 nul") == 0);
    CHECK(strcmp(p.warnings, "-p: \\x00 is kept as the 4 characters typed; arg.cpp 0017d6fb's escapes would put a "
                             "NUL byte there\n"
                             "-r: \\x00 is kept as the 4 characters typed; arg.cpp 0017d6fb's escapes would put a "
                             "NUL byte there\n")
          == 0);
    CHECK(parse((const char *const[]){"--no-escape", "-p", "\\x00", NULL}, &p, err, sizeof err)
          && p.warnings[0] == '\0');

    /* Finding 7: -l reads as llama.cpp does around the sign: "15- 5" and "15 -5" are 15, -5. */
    CHECK(parse((const char *const[]){"-l", "15- 5", "-l", "16 -5", "-l", " 17 +2", NULL}, &p, err, sizeof err));
    CHECK(p.sampling.n_logit_bias == 3 && p.sampling.logit_bias[0].token == 15 && p.sampling.logit_bias[1].token == 16
          && p.sampling.logit_bias[2].token == 17);
    CHECK_NEAR(-5.0, p.sampling.logit_bias[0].bias, 0);
    CHECK_NEAR(-5.0, p.sampling.logit_bias[1].bias, 0);
    CHECK_NEAR(2.0, p.sampling.logit_bias[2].bias, 0);

    /* Finding 12: an ignored flag's number is read as std::stoi reads it, and a warning says so. */
    CHECK(parse((const char *const[]){"-ngl", "99.5", "-t", "4", NULL}, &p, err, sizeof err));
    CHECK(strcmp(p.warnings, "-ngl: arg.cpp 0017d6fb reads '99.5' as 99 (std::stoi; ignored here, so not refused)\n")
          == 0);
    /* Issue 17, item 2: a window of -1 is off, with -c or without: arg.cpp 0017d6fb takes it and current libllama
     * clamps it to 0; whether current llama.cpp's command line refuses it is unconfirmed (reference sections 4.2,
     * 6 and 10), and the warning says so, and what older builds did; -c is just ignored. */
    CHECK(parse((const char *const[]){"-c", "0", "--dry-penalty-last-n", "-1", NULL}, &p, err, sizeof err));
    CHECK(strcmp(p.warnings, DRY_WINDOW_WARNING "\n") == 0);
    CHECK(strcmp(p.ignored, "-c") == 0);
    CHECK(parse((const char *const[]){"--repeat-last-n", "-1", "-c", "512", NULL}, &p, err, sizeof err));
    CHECK_INT(-1, p.sampling.penalty_last_n);
    CHECK_INT(64, p.sampling.dry_penalty_last_n);
    CHECK(strcmp(p.warnings, PENALTY_WINDOW_WARNING "\n") == 0);

    /* Finding 14: the lists hold what a pasted line plausibly has; past that, a message names the limit. */
    static const char *words[2 * (CHAIN_MAX_BIASES + 2) + 1];
    for (int i = 0; i < 33; i++) {
        words[2 * i] = "-r";
        words[2 * i + 1] = "stop";
    }
    words[66] = NULL;
    CHECK(parse(words, &p, err, sizeof err) && p.n_stop == 32
          && strstr(p.warnings, "-r: 'stop' is one stop string too many (at most 32 here: this tool's limit; arg.cpp "
                                "0017d6fb has none); llama.cpp goes on, and -r does not change sampling"));
    words[66] = "--json";
    words[67] = NULL;
    CHECK(!parse(words, &p, err, sizeof err)
          && strstr(err, "-r: 'stop' is one stop string too many (at most 32 here: this tool's limit; arg.cpp "
                         "0017d6fb has none)"));
    words[64] = NULL;
    CHECK(parse(words, &p, err, sizeof err) && p.n_stop == 32);
    for (int i = 0; i < 65; i++) {
        words[2 * i] = "--dry-sequence-breaker";
        words[2 * i + 1] = "b";
    }
    words[130] = NULL;
    CHECK(!parse(words, &p, err, sizeof err) && strstr(err, "one breaker too many (at most 64 here"));
    words[128] = NULL;
    CHECK(parse(words, &p, err, sizeof err) && p.n_dry_breakers == 64);
    for (int i = 0; i < CHAIN_MAX_BIASES + 1; i++) {
        words[2 * i] = "-l";
        words[2 * i + 1] = "3+1";
    }
    words[2 * (CHAIN_MAX_BIASES + 1)] = NULL;
    CHECK(!parse(words, &p, err, sizeof err) && strstr(err, "one bias too many (at most 256 here"));
    CHECK(parse((const char *const[]){"--openai", "--openai", NULL}, &p, err, sizeof err) && p.output == OUTPUT_OPENAI);

    /* -f and -sysf read the prompt from a file, as llama.cpp does: one trailing newline dropped, escapes then
     * processed (for -f, as for -p). */
    static const char file_name[] = "test_command_line_prompt.tmp";
    FILE *f = fopen(file_name, "w");
    CHECK(f != NULL);
    if (f != NULL) {
        fputs("Tell me\\tabout it\n\n", f);
        fclose(f);
        CHECK(parse((const char *const[]){"-f", file_name, "-sysf", file_name, NULL}, &p, err, sizeof err));
        CHECK(strcmp(p.prompt, "Tell me\tabout it\n") == 0);
        CHECK(strcmp(p.system_prompt, "Tell me\\tabout it\n") == 0);
        CHECK((p.set & (1u << SET_PROMPT)) != 0);
        /* Second newcomer, finding 2: a file is never cut. 65534 'a's and a newline fill the 65535 bytes
         * (the newline then dropped); one byte more is refused, naming the limit. */
        f = fopen(file_name, "w");
        if (f != NULL) {
            for (int i = 0; i < 65534; i++)
                fputc('a', f);
            fputs("\n", f);
            fclose(f);
        }
        CHECK(parse((const char *const[]){"-f", file_name, NULL}, &p, err, sizeof err));
        CHECK_INT(65534, (long long)strlen(p.prompt));
        CHECK(p.warnings[0] == '\0');
        f = fopen(file_name, "a");
        if (f != NULL) {
            fputc('b', f);
            fclose(f);
        }
        CHECK(!parse((const char *const[]){"-sysf", file_name, "--openai", NULL}, &p, err, sizeof err)
              && strstr(err, "-sysf: 'test_command_line_prompt.tmp' is longer than 65535 bytes (this tool's limit; "
                             "arg.cpp 0017d6fb has none)") != NULL);
        CHECK(parse((const char *const[]){"-sysf", file_name, NULL}, &p, err, sizeof err)
              && p.system_prompt[0] == '\0'
              && strstr(p.warnings, "-sysf: 'test_command_line_prompt.tmp' is longer than 65535 bytes (this tool's "
                                    "limit; arg.cpp 0017d6fb has none); llama.cpp goes on, and -sysf does not") != NULL);
        f = fopen(file_name, "w");
        if (f != NULL) {
            fputs("abc\n", f);
            fclose(f);
        }
        CHECK(parse((const char *const[]){"-sysf", file_name, NULL}, &p, err, sizeof err));
        CHECK(strcmp(p.system_prompt, "abc") == 0 && (p.set & (1u << SET_PROMPT)) == 0);
        remove(file_name);
    }
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
    /* Second newcomer, finding 4: a window of -1 left off (no -c) is sent as 0, off, as the chain line says. */
    {{"--repeat-last-n", "-1", "--repeat-penalty", "1.1"}, REQUEST_COMPLETION, "repeat_last_n=0;repeat_penalty=1.1",
     "repeat_last_n: -1 is sent as 0 (off, as current libllama clamps it, and as the chain line shows): current "
     "llama-server refuses -1, and older llama-server took it as the slot's context size"},
    {{"--dry-penalty-last-n", "-1", "--dry-multiplier", "0.8"}, REQUEST_CHAT, "dry_multiplier=0.8;dry_penalty_last_n=0",
     "dry_penalty_last_n: -1 is sent as 0 (off, as current libllama clamps it"},
    /* Issue 21: a negative DRY allowed length, which the command line takes, is left out of a body (the schema
     * refuses it), and a note says what the body then does not ask for; the number llama.cpp reads from a loose
     * value is what the body sends. */
    {{"--dry-allowed-length", "-1", "--dry-multiplier", "0.8", "--top-p", "0.9x"}, REQUEST_COMPLETION,
     "top_p=0.9;dry_multiplier=0.8", "dry_allowed_length: -1 cannot be sent: llama-server takes 0 and up (it answers "
     "400); left out, so the server's own allowed length applies, while the command line's DRY penalizes every "
     "repeat, even of 0 tokens"},
    /* Finding 3: flags that change sampling outside the chain are not carried, and a note says so. */
    {{"-p", "x", "--json-schema", "{\"type\":\"object\"}", "--grammar-file", "g"}, REQUEST_COMPLETION,
     "prompt=\"x\"", "--json-schema, --grammar-file: they change sampling (outside the chain) but are not carried "
     "in this body"},
    /* Issue 23: adaptive-p's settings are carried, under llama-server's names, with its limits: a target above
     * 1 is clamped there (a note: the command line's average starts at the target as given); a decay outside
     * [0, 0.99], which the server refuses, is sent as adaptive-p clamps it (a note). */
    {{"-p", "x", "--adaptive-target", "0.5"}, REQUEST_CHAT,
     "messages=[{\"role\": \"user\", \"content\": \"x\"}];adaptive_target=0.5", NULL},
    {{"-p", "x", "--samplers", "min_p;adaptive_p", "--adaptive-target", "0.30000001", "--adaptive-decay", "0.5"},
     REQUEST_COMPLETION, "prompt=\"x\";adaptive_target=0.30000001;adaptive_decay=0.5;samplers=[\"min_p\", "
     "\"adaptive_p\"]", NULL},
    {{"-p", "x", "--adaptive-target", "1.5"}, REQUEST_COMPLETION, "prompt=\"x\";adaptive_target=1.5",
     "adaptive_target: llama-server clamps 1.5 to 1; the command line's adaptive-p uses 1 in each step too, but "
     "starts its average of recent choices at 1.5, which no body can ask for"},
    {{"-p", "x", "--adaptive-decay", "1.5"}, REQUEST_COMPLETION, "prompt=\"x\";adaptive_decay=0.99",
     "adaptive_decay: 1.5 is sent as 0.99: llama-server refuses a decay outside 0 to 0.99, and adaptive-p clamps it "
     "to 0.99 anyway, so it samples the same"},
    {{"-p", "x", "--adaptive-decay", "-0.5"}, REQUEST_CHAT,
     "messages=[{\"role\": \"user\", \"content\": \"x\"}];adaptive_decay=0", "adaptive_decay: -0.5 is sent as 0:"},
    /* Issue 17, item 2: -c no longer makes -1 a window of its size; the body sends what the chain line shows. */
    {{"--repeat-last-n", "-1", "-c", "2048"}, REQUEST_COMPLETION, "repeat_last_n=0", "repeat_last_n: -1 is sent as 0"},
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
    /* Finding 8: -sys is the chat body's system message; /completion has none, and a note says so. */
    {{"-sys", "be nice", "-p", "hi"}, REQUEST_CHAT,
     "messages=[{\"role\": \"system\", \"content\": \"be nice\"}, {\"role\": \"user\", \"content\": \"hi\"}]", NULL},
    {{"-sys", "be nice", "--temp", "0.7"}, REQUEST_CHAT,
     "messages=[{\"role\": \"system\", \"content\": \"be nice\"}];temperature=0.7",
     "no user message (give -p)"},
    {{"-sys", "be nice", "-p", "hi"}, REQUEST_COMPLETION, "prompt=\"hi\"",
     "-sys: /completion has no system message; not sent (--openai sends it)"},
    {{"--openai", "--temp", "0.7"}, REQUEST_CHAT, "temperature=0.7", NULL},
    /* Third newcomer, item 5: bytes that are not UTF-8 cannot go into JSON text; each is sent as U+FFFD, and a
     * note per field says so. */
    {{"-p", "a\xff" "b"}, REQUEST_COMPLETION, "prompt=\"a\\ufffdb\"", "prompt: 1 byte that is not UTF-8 is sent as "
     "\\ufffd (U+FFFD): JSON text must be UTF-8, so llama-server reads another text than the command line's bytes"},
    {{"-p", "x", "-r", "\xfe\xff", "--dry-sequence-breaker", "\xc3"}, REQUEST_COMPLETION,
     "prompt=\"x\";dry_sequence_breakers=[\"\\ufffd\"];stop=[\"\\ufffd\\ufffd\"]", "dry_sequence_breakers: 1 byte "
     "that is not UTF-8 is sent as \\ufffd (U+FFFD): JSON text must be UTF-8, so llama-server reads another text "
     "than the command line's bytes\nstop: 2 bytes that are not UTF-8 are sent as \\ufffd (U+FFFD)"},
    {{"-sys", "\xff", "-p", "hi"}, REQUEST_CHAT, "messages=[{\"role\": \"system\", \"content\": \"\\ufffd\"}, "
     "{\"role\": \"user\", \"content\": \"hi\"}]", "messages: 1 byte that is not UTF-8 is sent as \\ufffd"},
    {{"-p", "caf\xc3\xa9"}, REQUEST_COMPLETION, "prompt=\"caf\xc3\xa9\"", NULL},     /* valid UTF-8: no note */
    /* Fourth newcomer, finding 7: a body asks for backend sampling with its backend_sampling field (reference
     * section 2), so -bs is carried as that field, in both bodies (the chat conversion copies it through). */
    {{"-bs", "-p", "x"}, REQUEST_COMPLETION, "prompt=\"x\";backend_sampling=true", NULL},
    {{"-p", "x", "--backend-sampling", "--temp", "0.7"}, REQUEST_CHAT, "messages=[{\"role\": \"user\", \"content\": "
     "\"x\"}];temperature=0.7;backend_sampling=true", NULL},
};

/* The line a body without its required field gets in the notes (finding 8). */
/* Fourth newcomer, finding 5: whether llama-server refuses such a body is not in the reference, and the
 * note says so. */
#define NO_PROMPT_NOTE "prompt: none given (-p or -f), so this body has none; add it before you send it (whether " \
                       "llama-server's /completion refuses a body without one is not checked against this " \
                       "workbench's reference)"
#define NO_MESSAGES_NOTE "messages: none given (-p, -sys), so this body has none; add them before you send it " \
                         "(whether llama-server's /v1/chat/completions refuses a body without them is not checked " \
                         "against this workbench's reference)"

#define NO_PROMPT_SERVER "prompt: a llama-server line has none to give (-p and -f are llama-cli's and " \
                         "llama-completion's), so this body has none"
#define NO_MESSAGES_SERVER "messages: a llama-server line has none to give (-p and -sys are llama-cli's and " \
                           "llama-completion's), so this body has none"

/* Takes the required-field line out of notes (it must be there when the body has no prompt or messages). */
static bool take_required_note(char *notes, const JsonMember *m, int n, RequestKind kind)
{
    const char *key = kind == REQUEST_CHAT ? "messages" : "prompt";
    for (int i = 0; i < n; i++)
        if (strcmp(m[i].key, key) == 0)
            return strstr(notes, kind == REQUEST_CHAT ? NO_MESSAGES_NOTE : NO_PROMPT_NOTE) == NULL;
    char *at = strstr(notes, kind == REQUEST_CHAT ? NO_MESSAGES_NOTE : NO_PROMPT_NOTE);
    if (at == NULL)         /* a llama-server line has no prompt flag to give (review 27, finding 3) */
        at = strstr(notes, kind == REQUEST_CHAT ? NO_MESSAGES_SERVER : NO_PROMPT_SERVER);
    if (at == NULL)
        return false;
    char *end = strchr(at, '\n');
    memmove(at, end != NULL ? end + 1 : at + strlen(at), strlen(end != NULL ? end + 1 : at + strlen(at)) + 1);
    return true;
}

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
        bool required_ok = take_required_note(notes, m, n, row->kind);
        bool note_ok = required_ok && (row->note == NULL ? notes[0] == '\0' : strstr(notes, row->note) != NULL);
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
    CHECK_INT(28, n);           /* 31 settings less prompt, n_predict and stop; seed is the 24th, then breakers */
    CHECK(body_acceptable(m, n));
    CHECK(strcmp(m[0].key, "temperature") == 0 && strcmp(m[0].value, "0.8") == 0);
    CHECK(strcmp(m[24].key, "dry_sequence_breakers") == 0
          && strcmp(m[24].value, "[\"\\n\", \":\", \"\\\"\", \"*\"]") == 0);
    CHECK(strcmp(m[23].key, "seed") == 0 && strcmp(m[23].value, "-1") == 0);
    CHECK(strcmp(m[21].key, "adaptive_target") == 0 && strcmp(m[21].value, "-1") == 0);
    CHECK(strcmp(m[22].key, "adaptive_decay") == 0 && strcmp(m[22].value, "0.9") == 0);
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
    /* The checked values of ignored flags, the -1 window story and the bodies' needs (findings 2, 7, 8). */
    CHECK(strstr(text, "  -fa, --flash-attn                        on|off|auto") != NULL);
    CHECK(strstr(text, "  -sm, --split-mode                        none|layer|row|tensor\n") != NULL);
    CHECK(strstr(text, "A window of -1 (--repeat-last-n, --dry-penalty-last-n; older builds' 'context size') is\n"
                       "off here: arg.cpp 0017d6fb takes it and current libllama clamps it to 0; whether current\n"
                       "llama.cpp's command line refuses it instead is unconfirmed.") != NULL);
    /* Issue 17: the float rule, old pastes, --from-json and --explain are stated. */
    CHECK(strstr(text, "--temp 1.00000001\nis 1.0 (?temp-ext)") != NULL);
    CHECK(strstr(text, "A flag that does not change sampling never costs the chain line") != NULL);
    CHECK(strstr(text, "  --from-json, --request FILE ") != NULL && strstr(text, "  --explain ") != NULL);
    CHECK(strstr(text, "-c") != NULL && strstr(text, "0 off; -1 off here (current libllama clamps it to 0; see the "
                                                     "warning)") != NULL);
    CHECK(strstr(text, "March") == NULL && strstr(text, "(clamped to 0)") == NULL);
    CHECK(strstr(text, "-sys, --system-prompt TEXT") != NULL && strstr(text, "[OpenAI messages, role system") != NULL);
    CHECK(strstr(text, "stricter than llama.cpp") == NULL && strstr(text, "--top-k 0.0 is 0") != NULL);
    CHECK(strstr(text, "NaN, which llama.cpp takes, is refused: this workbench's samplers cannot compute with it"));
    CHECK(strstr(text, "A setting no stage of the chain reads does nothing, and a note names it") != NULL);
    /* Second newcomer: the flags that change sampling outside the chain have their own list and are not among
     * the ignored ones; the limits, the one-output rule and -1 sent as 0 are stated. */
    const char *outside = strstr(text, "Change sampling outside the chain line");
    const char *ignored = strstr(text, "Accepted and ignored");
    CHECK(outside != NULL && ignored != NULL && outside < ignored);
    CHECK(outside != NULL && strstr(outside, "--grammar-file") != NULL && !strstr(outside, "--adaptive-target"));
    /* Issue 23: adaptive-p's flags are settings, with their defaults and body fields. */
    CHECK(strstr(text, "  --adaptive-target P ") != NULL && strstr(text, "(default: -1) [llama.cpp adaptive_target]"));
    CHECK(strstr(text, "  --adaptive-decay D ") != NULL && strstr(text, "(default: 0.9) [llama.cpp adaptive_decay]"));
    CHECK(ignored != NULL && strstr(ignored, "--grammar-file") == NULL && strstr(ignored, "-jf") == NULL);
    const char *budget = outside != NULL ? strstr(outside, "--reasoning-budget\n") : NULL;   /* issue 21 */
    CHECK(budget != NULL && ignored != NULL && budget < ignored);
    CHECK(strstr(text, "65535 bytes") != NULL && strstr(text, "1023 bytes") != NULL);
    CHECK(strstr(text, "one of --json, --json-all, --openai") != NULL);
    CHECK(strstr(text, "A body sends it as 0.") != NULL);
    /* Third newcomer, item 1: older llama.cpp's flags are listed, those that changed sampling apart. */
    const char *old = strstr(text, "Older llama.cpp's flags that did not change sampling");
    const char *old_sampling = strstr(text, "Older llama.cpp's flags that changed sampling");
    CHECK(old != NULL && old_sampling != NULL && old < old_sampling);
    CHECK(old != NULL && strstr(old, " -ins ") != NULL && strstr(old, " --rms-norm-eps ") != NULL);
    CHECK(old_sampling != NULL && strstr(old_sampling, " --tfs ") != NULL && strstr(old_sampling, " -ins ") == NULL);
    CHECK(strstr(text, "  --lora-scaled                            FNAME:SCALE,...") != NULL);
    /* Fourth newcomer, finding 5: what the reference does not state names its source, or says it is not
     * checked: the presets' values and the other flags' values are arg.cpp 0017d6fb's, older llama.cpp's flags
     * are not checked. */
    CHECK(strstr(text, "top_k 0 and min_p 0.01, as arg.cpp 0017d6fb's presets do") != NULL);
    CHECK(strstr(text, "where arg.cpp 0017d6fb would stop\non it") != NULL);
    CHECK(old != NULL && strstr(text, "not checked against the workbench's reference") != NULL);
    CHECK(strstr(text, "llama.cpp has none") == NULL && strstr(text, "as llama.cpp does. A value") == NULL);
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
        "--typical", "--top-nsigma", "--dry-allowed-length"};
    static const char *const values[] = {
        "0", "-1", "1e-40", "inf", "-inf", "nan", "1.1", "0.5", "2", "-2", "4096", "x", "\\n", "\\x41", "none",
        "15-inf", "3+2", "kpt", "top_k;min_p", "1e39", "", "0.0", "4294967296", "15--3", " 7x"};
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
    test_outside_rows();
    test_error_rows();
    test_no_suggestion();
    test_warn_rows();
    test_values();
    test_chain_refuses();
    test_body_rows();
    test_body_all();
    test_help_text();
    test_random_lines();
}
