/* test_args.c: llama.cpp's sampling flags through the parser and the chain builder. Each row is a command
 * line and the chain line worked out from the reference (sections 2, 3, 5 and 6), or the error it must give. */
#include "cli/args.h"
#include "cli/request.h"
#include "check.h"
#include "json.h"
#include "tests.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define MAX_ARGS 16

typedef struct {
    const char *argv[MAX_ARGS];   /* after the program name; NULL-terminated */
    const char *chain;            /* the expected line, or NULL when parsing must fail */
    const char *message;          /* a part of the expected error or warning, or NULL */
} Row;

#define DEFAULT_TAIL "-> top-k -> ?typical -> top-p -> min-p -> ?xtc -> temp-ext -> dist"

static const Row rows[] = {
    /* The lesson's second and third command lines (the first, longer, has test_lesson_line_1). */
    {{"--seed", "7", "--mirostat", "2", "--mirostat-ent", "3", "--temp", "0.7"}, "logits -> temp -> mirostat-v2", NULL},
    {{"--seed", "7", "-l", "15-100"},
     "logits -> logit-bias -> ?penalties -> ?dry -> ?top-n-sigma " DEFAULT_TAIL, NULL},
    {{NULL}, "logits -> ?penalties -> ?dry -> ?top-n-sigma " DEFAULT_TAIL, NULL},
    /* Mirostat, with and without --temp 1. */
    {{"--mirostat", "1"}, "logits -> temp -> mirostat", NULL},
    {{"--mirostat", "1", "--temp", "1"}, "logits -> ?temp -> mirostat", NULL},
    {{"--mirostat", "2"}, "logits -> temp -> mirostat-v2", NULL},
    {{"--mirostat", "2", "--temp", "1"}, "logits -> ?temp -> mirostat-v2", NULL},
    {{"--mirostat", "0", "--top-k", "0"}, "logits -> ?penalties -> ?dry -> ?top-n-sigma -> ?top-k -> ?typical "
                                          "-> top-p -> min-p -> ?xtc -> temp-ext -> dist", NULL},
    /* --samplers: canonical names, aliases in any case, repeats, an unknown name, an empty list. */
    {{"--samplers", "top_k;temperature;min_p"}, "logits -> top-k -> temp-ext -> min-p -> dist", NULL},
    {{"--samplers", "TOP-P;nucleus;Typ;minp;topk;Temp"},
     "logits -> top-p -> top-p -> ?typical -> min-p -> top-k -> temp-ext -> dist", NULL},
    {{"--samplers", "top-n-sigma;topnsigma;typ-p;typp;min-p;top-p;topp;penalties;dry;xtc"},
     "logits -> ?top-n-sigma -> ?top-n-sigma -> ?typical -> ?typical -> min-p -> top-p -> top-p -> ?penalties "
     "-> ?dry -> ?xtc -> dist", NULL},
    {{"--samplers", "top_k;bogus;min_p"}, "logits -> top-k -> min-p -> dist", "by name 'bogus'"},
    {{"--samplers", "typical;dist"}, "logits -> dist", "by name 'typical'"},
    {{"--samplers", ""}, "logits -> dist", NULL},
    {{"--samplers", "adaptive_p;top_k"}, "logits -> top-k -> adaptive-p", NULL},
    /* adaptive-p anywhere in the list, any number of times: one, last, in place of dist (reference section 5);
     * letter a; its values stored as read (a decay of 1.5, a target of 2: adaptive-p clamps them); none of it
     * with mirostat on. */
    {{"--samplers", "top_k;ADAPTIVE-P;min_p;adaptivep"}, "logits -> top-k -> min-p -> adaptive-p", NULL},
    {{"--sampler-seq", "kma", "--adaptive-target", "0.3"}, "logits -> top-k -> min-p -> adaptive-p", NULL},
    {{"--samplers", "adaptive_p", "--adaptive-target", "2", "--adaptive-decay", "1.5"}, "logits -> adaptive-p",
     NULL},
    {{"--mirostat", "2", "--samplers", "adaptive_p"}, "logits -> temp -> mirostat-v2", NULL},
    /* --sampler-seq: letters, an unknown one, the default string. */
    {{"--sampler-seq", "kpt"}, "logits -> top-k -> top-p -> temp-ext -> dist", NULL},
    {{"--sampling-seq", "kzm"}, "logits -> top-k -> min-p -> dist", "by char 'z'"},
    {{"--sampler-seq", "edskypmxt"}, "logits -> ?penalties -> ?dry -> ?top-n-sigma " DEFAULT_TAIL, NULL},
    /* -l with +, - and inf; --ignore-eos also puts logit-bias first. */
    {{"-l", "15+2", "--samplers", ""}, "logits -> logit-bias -> dist", NULL},
    {{"--logit-bias", "3-inf", "-l", "4+inf", "--samplers", ""}, "logits -> logit-bias -> dist", NULL},
    {{"--ignore-eos", "--samplers", ""}, "logits -> logit-bias -> dist", NULL},
    /* Values that turn a stage into "?". */
    {{"--top-k", "0", "--top-p", "1", "--min-p", "0", "--temp", "1"},
     "logits -> ?penalties -> ?dry -> ?top-n-sigma -> ?top-k -> ?typical -> ?top-p -> ?min-p -> ?xtc "
     "-> ?temp-ext -> dist", NULL},
    {{"--temp", "1", "--dynatemp-range", "0.5", "--samplers", "temp"}, "logits -> temp-ext -> dist", NULL},
    {{"--repeat-penalty", "1.1", "--repeat-last-n", "0", "--samplers", "penalties"}, "logits -> ?penalties -> dist", NULL},
    {{"--repeat-penalty", "1.1", "--repeat-last-n", "-1", "--samplers", "penalties"}, "logits -> ?penalties -> dist",
     "--repeat-last-n -1 is off here, hence ?penalties: arg.cpp 0017d6fb takes -1, and current libllama clamps a "
     "negative window to 0; whether current llama.cpp's command line refuses -1 instead"},
    /* Issue 21: "hence ?dry" only where the chain line has a dry stage. */
    {{"--dry-multiplier", "0.8", "--dry-penalty-last-n", "-1", "--samplers", "top_k"}, "logits -> top-k -> dist",
     "--dry-penalty-last-n -1 is off here (this chain line has no dry stage anyway): arg.cpp 0017d6fb takes -1, "
     "and current libllama clamps a negative window to 0;"},
    {{"--frequency-penalty", "0.5", "--samplers", "penalties"}, "logits -> penalties -> dist", NULL},
    {{"--dry-multiplier", "0.8", "--dry-penalty-last-n", "0", "--samplers", "dry"}, "logits -> ?dry -> dist", NULL},
    {{"--dry-multiplier", "0.8", "--dry-base", "0.5", "--samplers", "dry"}, "logits -> dry -> dist", "--dry-base 0.5"},
    {{"--xtc-probability", "0.5", "--xtc-threshold", "0.6", "--samplers", "xtc"}, "logits -> ?xtc -> dist", NULL},
    {{"--typical-p", "0.9", "--top-nsigma", "1", "--samplers", "typ_p;top_n_sigma"},
     "logits -> typical -> top-n-sigma -> dist", NULL},
    /* Bad input: one message naming the flag and the value. */
    {{"--bogus"}, NULL, "unknown flag '--bogus'"},
    {{"--top-k"}, NULL, "--top-k: missing value"},
    {{"--temp", "abc"}, NULL, "--temp: 'abc' is not a number"},
    {{"--top-p", ""}, NULL, "--top-p: '' is not a number"},
    {{"--temp", "nan"}, NULL, "--temp: 'nan' is NaN: llama.cpp would take it, but this workbench's samplers cannot "
                              "compute with NaN, so it stops here (this workbench's limit, not llama.cpp's"},
    {{"--top-k", "99999999999"}, NULL, "--top-k: 99999999999 is out of range"},
    {{"--mirostat", "3"}, NULL, "--mirostat: 3 is not 0, 1 or 2: llama.cpp takes the flag, then aborts when it builds "
                                "the chain (unknown mirostat version); give 0 (off), 1 or 2"},
    {{"--repeat-last-n", "-2"}, NULL, "--repeat-last-n: -2 is out of range"},
    {{"--seed", "18446744073709551616"}, NULL, "--seed: 18446744073709551616 is out of range for std::stoul, which "
                                               "llama.cpp reads it with (it refuses it)"},
    {{"-l", "15:1"}, NULL, "-l: '15:1' is not TOKEN_ID(+/-)BIAS"},
    {{"-l", "15-"}, NULL, "-l: '15-' is not TOKEN_ID(+/-)BIAS"},
    {{"-l", "x+1"}, NULL, "-l: 'x+1' is not TOKEN_ID(+/-)BIAS"},
    {{"--logit-bias"}, NULL, "--logit-bias: missing value"},
    {{"--temp", "1e400"}, NULL, "--temp: '1e400' is out of range"},
    {{"-l", "15+1e400"}, NULL, "-l: the bias '1e400' of '15+1e400' is out of range for a float"},
    {{"--temp", "inf", "--samplers", "temp"}, "logits -> temp-ext -> dist", NULL},
    /* Review item 8: arg.cpp's --temp takes std::max(temp, 0) (reference section 6), said as other readings are. */
    {{"--temp", "-5", "--samplers", "temp"}, "logits -> temp-ext -> dist",
     "--temp -5 is below 0: llama.cpp clamps it to 0 (reference section 6), and a temperature of 0 is greedy, only "
     "the top token keeping a finite logit, unless a dynatemp range is above 0 (section 4.10); write --temp 0\n"},
    /* Review item 13: a decimal comma is named, and llama.cpp's reading (std::stof stops at it) kept; review
     * final4, finding 8: a --temp read as 0 is said to be greedy (reference section 4.10), which the chain line
     * does not show. */
    {{"--temp", "0,5", "--samplers", "temp"}, "logits -> temp-ext -> dist",
     "--temp '0,5': llama.cpp reads 0 (std::stof stops at ','; it takes a decimal point, not a comma): for 0.5 "
     "write --temp 0.5, or --temp 0 for what llama.cpp runs (a temperature of 0 is greedy, only the top token "
     "keeping a finite logit, unless a dynatemp range is above 0: reference section 4.10)\n"},
    {{"--min-p", "0,05", "--samplers", "min_p"}, "logits -> ?min-p -> dist",
     "--min-p '0,05': llama.cpp reads 0 (std::stof stops at ','; it takes a decimal point, not a comma): for 0.05 "
     "write --min-p 0.05, or --min-p 0 for what llama.cpp runs\n"},
    {{"--temp", "1,5x", "--samplers", "temp"}, "logits -> ?temp-ext -> dist",
     "--temp '1,5x': llama.cpp reads 1 (std::stof stops at ','); write --temp 1\n"},
    /* Newcomer review of Example 11's messages, finding 6: a decimal comma before an exponent is named too; where
     * the comma's number is the one llama.cpp reads, the fix is said once; a whole-number flag's comma is named,
     * with the thousands it could group when three digits follow it. */
    {{"--temp", "1,5e2", "--samplers", "temp"}, "logits -> ?temp-ext -> dist",
     "--temp '1,5e2': llama.cpp reads 1 (std::stof stops at ','; it takes a decimal point, not a comma): for 1.5e2 "
     "write --temp 1.5e2, or --temp 1 for what llama.cpp runs\n"},
    {{"--temp", "0,0", "--samplers", "temp"}, "logits -> temp-ext -> dist",
     "--temp '0,0': llama.cpp reads 0 (std::stof stops at ','; it takes a decimal point, not a comma), the same "
     "number as 0.0; write --temp 0.0\n"},
    {{"--top-k", "4,0", "--samplers", "top_k"}, "logits -> top-k -> dist",
     "--top-k '4,0': llama.cpp reads 4 (std::stoi stops at ','; it takes a whole number, with no decimal comma), "
     "the same number as 4.0; write --top-k 4\n"},
    {{"--top-k", "4,5", "--samplers", "top_k"}, "logits -> top-k -> dist",
     "--top-k '4,5': llama.cpp reads 4 (std::stoi stops at ','; it takes a whole number, with no decimal comma), "
     "and 4.5 is none; write --top-k 4, or the whole number you mean\n"},
    {{"--repeat-last-n", "1,024", "--samplers", "penalties"}, "logits -> ?penalties -> dist",
     "--repeat-last-n '1,024': llama.cpp reads 1 (std::stoi stops at ','; it takes a whole number, with no decimal "
     "comma or thousands separator): for 1024 write --repeat-last-n 1024, or --repeat-last-n 1 for what llama.cpp "
     "runs\n"},
    /* Review final4, finding 2: -l's bias names the entry a decimal comma meant (not 15-0, a bias of 0); --seed's
     * std::stoul names the thousands as std::stoi's flags do; a value that starts with the comma says so. */
    {{"-l", "15-0,5", "--samplers", "top_k"}, "logits -> logit-bias -> top-k -> dist",
     "-l '15-0,5': llama.cpp reads 15-0 (std::stof stops at ','; it takes a decimal point, not a comma): for 15-0.5 "
     "write -l 15-0.5, or -l 15-0 for what llama.cpp runs\n"},
    {{"-l", "15+2,0", "--samplers", "top_k"}, "logits -> logit-bias -> top-k -> dist",
     "-l '15+2,0': llama.cpp reads 15+2 (std::stof stops at ','; it takes a decimal point, not a comma), the same "
     "number as 15+2.0; write -l 15+2.0\n"},
    {{"--seed", "1,000", "--samplers", "top_k"}, "logits -> top-k -> dist",
     "--seed '1,000': llama.cpp reads 1 (std::stoul stops at ','; it takes a whole number, with no decimal comma or "
     "thousands separator): for 1000 write --seed 1000, or --seed 1 for what llama.cpp runs\n"},
    {{"-s", "1,5", "--samplers", "top_k"}, "logits -> top-k -> dist",
     "-s '1,5': llama.cpp reads 1 (std::stoul stops at ','; it takes a whole number, with no decimal comma), and 1.5 "
     "is none; write -s 1, or the whole number you mean\n"},
    {{"--temp", ",7"}, NULL, "--temp: ',7' is not a number (std::stof reads none before the ','; it takes a decimal "
     "point, not a comma): for 0.7 write --temp 0.7"},
    {{"--temp", ",x"}, NULL, "--temp: ',x' is not a number"},
    {{"--temp", "-1x", "--samplers", "temp"}, "logits -> temp-ext -> dist",
     "--temp '-1x', which llama.cpp reads as -1 (std::stof stops at 'x'), is below 0: llama.cpp clamps it to 0 "
     "(reference section 6)"},
    /* Issue 21: where llama.cpp reads a value more loosely than wholly a number, it is read as llama.cpp reads
     * it, with a warning naming the flag, the value as typed and what llama.cpp reads. */
    {{"--top-k", "0.0", "--samplers", "top_k"}, "logits -> ?top-k -> dist",
     "--top-k '0.0': llama.cpp reads 0 (std::stoi stops at '.'); write --top-k 0\n"},
    {{"--top-k", "4x", "--samplers", "top_k"}, "logits -> top-k -> dist",
     "--top-k '4x': llama.cpp reads 4 (std::stoi stops at 'x'); write --top-k 4\n"},
    {{"--top-k", " 5", "--samplers", "top_k"}, "logits -> top-k -> dist",
     "--top-k ' 5': llama.cpp reads 5 (std::stoi skips the blank before it); write --top-k 5\n"},
    {{"--top-k", "4\nx", "--samplers", "top_k"}, "logits -> top-k -> dist",
     "--top-k '4\\nx': llama.cpp reads 4 (std::stoi stops at '\\n'); write --top-k 4\n"},
    {{"--top-p", "0.5 ", "--samplers", "top_p"}, "logits -> top-p -> dist",
     "--top-p '0.5 ': llama.cpp reads 0.5 (std::stof stops at ' '); write --top-p 0.5\n"},
    {{"--top-p", " 1x", "--samplers", "top_p"}, "logits -> ?top-p -> dist",
     "--top-p ' 1x': llama.cpp reads 1 (std::stof skips the blank before it and stops at 'x'); write --top-p 1\n"},
    {{"-l", "15+1abc", "--samplers", ""}, "logits -> logit-bias -> dist",
     "-l '15+1abc': llama.cpp reads 15+1 (std::stof stops at 'a'); write -l 15+1\n"},
    {{"--seed", "4294967296"}, "logits -> ?penalties -> ?dry -> ?top-n-sigma " DEFAULT_TAIL,
     "--seed '4294967296': llama.cpp reads 0 (std::stoul reads 4294967296, and the seed keeps its low 32 bits); "
     "write --seed 0\n"},
    {{"--seed", "-2"}, "logits -> ?penalties -> ?dry -> ?top-n-sigma " DEFAULT_TAIL,
     "--seed '-2': llama.cpp reads 4294967294 (std::stoul wraps -2 into an unsigned long, and the seed keeps its "
     "low 32 bits); write --seed 4294967294\n"},
    {{"--seed", "-1"}, "logits -> ?penalties -> ?dry -> ?top-n-sigma " DEFAULT_TAIL, NULL},
    /* A negative DRY allowed length: llama.cpp's command line takes any int (only llama-server's body refuses
     * it), so it is taken, without a warning: --explain says what DRY then does. */
    {{"--dry-allowed-length", "-1", "--dry-multiplier", "0.8", "--samplers", "dry"}, "logits -> dry -> dist", NULL},
    {{"--mirostat", "3.5"}, NULL, "--mirostat: '3.5', which llama.cpp reads as 3 (std::stoi stops at '.'), is not "
                                  "0, 1 or 2: llama.cpp takes the flag, then aborts when it builds the chain"},
    {{"--adaptive-target", "x"}, NULL, "--adaptive-target: 'x' is not a number"},
    {{"--adaptive-decay", "nan"}, NULL, "--adaptive-decay: 'nan' is NaN: llama.cpp would take it, but this workbench's"},
    {{"--adaptive-decay"}, NULL, "--adaptive-decay: missing value"},
    {{"--adaptive-target", "inf"}, NULL, "--adaptive-target: inf is refused: adaptive_target must not be +inf (this "
                                        "workbench's own refusal"},
    {{"--adaptive-target", "-inf", "--samplers", "adaptive_p"}, "logits -> adaptive-p", NULL},
};

static int count_args(const char *const *argv)
{
    int n = 0;
    while (n < MAX_ARGS && argv[n] != NULL)
        n++;
    return n;
}

/* Parses "prog" + row->argv; fills *out and returns true on success, else copies the error to err. */
static bool parse_row(const Row *row, CliParams *out, char *err, size_t err_size)
{
    char *argv[MAX_ARGS + 1] = {"prog"};
    int n = count_args(row->argv);
    for (int i = 0; i < n; i++)
        argv[i + 1] = (char *)row->argv[i];
    return args_parse(n + 1, argv, out, err, err_size);
}

static void test_rows(void)
{
    static CliParams params;
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
        const Row *row = &rows[r];
        char err[256];
        bool ok = parse_row(row, &params, err, sizeof err);
        if (row->chain == NULL) {
            check_true(__FILE__, __LINE__, !ok && strstr(err, row->message) != NULL, row->message);
            if (ok || strstr(err, row->message) == NULL)
                printf("    row %zu: got '%s'\n", r, ok ? "(accepted)" : err);
            continue;
        }
        char line[512] = "(not parsed)";
        Chain ch;
        if (ok && chain_init_from_params(&ch, &params.sampling, 0) == SAMPLING_OK) {
            chain_describe(&ch, line, sizeof line);
            chain_free(&ch);
        }
        check_true(__FILE__, __LINE__, strcmp(line, row->chain) == 0, row->chain);
        if (strcmp(line, row->chain) != 0)
            printf("    row %zu: got '%s' (%s)\n", r, line, ok ? "parsed" : err);
        if (row->message != NULL)
            check_true(__FILE__, __LINE__, strstr(params.warnings, row->message) != NULL, row->message);
        else
            CHECK_INT(0, (long long)strlen(params.warnings));
    }
}

static void test_lesson_line_1(void)
{
    char *argv[] = {"llama-completion", "-m", "tiny-random-qwen2vocab-f32.gguf", "-p", "Hi", "-n", "2", "-no-cnv",
                    "--seed", "7", "--repeat-penalty", "1.1", "--presence-penalty", "0.1", "--dry-multiplier", "0.8",
                    "--xtc-probability", "0.5", "--typical", "0.9", "--top-n-sigma", "2"};
    static CliParams params;
    char err[256];
    CHECK(args_parse((int)(sizeof argv / sizeof argv[0]), argv, &params, err, sizeof err));
    Chain ch;
    char line[512];
    CHECK_INT(SAMPLING_OK, chain_init_from_params(&ch, &params.sampling, 0));
    chain_describe(&ch, line, sizeof line);
    chain_free(&ch);
    CHECK(strcmp(line, "logits -> penalties -> dry -> top-n-sigma -> top-k -> typical -> top-p -> min-p -> xtc "
                       "-> temp-ext -> dist") == 0);
    CHECK_INT(7, params.sampling.seed);
    CHECK_BITS((double)1.1f, params.sampling.penalty_repeat);  /* std::stof's floats, as llama.cpp holds them */
    CHECK_BITS((double)0.9f, params.sampling.typ_p);
}

static void test_values(void)
{
    static CliParams p;
    char err[256];
    char *biases[] = {"prog", "-l", "15+2", "-l", "3-inf", "--logit-bias", " -4 + 1e3", "-l", "5-0.5"};
    CHECK(args_parse(9, biases, &p, err, sizeof err));
    CHECK_INT(4, (long long)p.sampling.n_logit_bias);
    CHECK_INT(15, p.sampling.logit_bias[0].token);
    CHECK_NEAR(2.0, p.sampling.logit_bias[0].bias, 0);
    CHECK_NEAR(-INFINITY, p.sampling.logit_bias[1].bias, 0);
    CHECK_INT(-4, p.sampling.logit_bias[2].token);     /* accepted; it matches no token */
    CHECK_NEAR(1000.0, p.sampling.logit_bias[2].bias, 0);
    CHECK_NEAR(-0.5, p.sampling.logit_bias[3].bias, 0);

    char *misc[] = {"prog", "--temp", "-2", "--seed", "-1", "--dry-base", "0.5", "--top-n-sigma", "1.5"};
    CHECK(args_parse(9, misc, &p, err, sizeof err));
    CHECK_NEAR(0.0, p.sampling.temp, 0);                /* clamped, as llama.cpp does */
    CHECK(p.sampling.seed == 0xFFFFFFFFu);              /* -1 wraps, as stoul does */
    CHECK_NEAR(1.75, p.sampling.dry_base, 0);           /* below 1: ignored, with a warning */
    CHECK(strstr(p.warnings, "--dry-base 0.5") != NULL);

    /* adaptive-p's flags: std::stof's float, stored without any check, as llama.cpp stores them. */
    char *adaptive[] = {"prog", "--adaptive-target", "0.3", "--adaptive-decay", "-0.5"};
    CHECK(args_parse(5, adaptive, &p, err, sizeof err));
    CHECK_BITS((double)0.3f, p.sampling.adaptive_target);
    CHECK_BITS(-0.5, p.sampling.adaptive_decay);
    CHECK(strcmp(p.typed[SET_ADAPTIVE_TARGET], "0.3") == 0);
    CHECK(p.set == (1u << SET_ADAPTIVE_TARGET | 1u << SET_ADAPTIVE_DECAY));

    /* Breakers: the defaults, the first use clearing them, "none". */
    char *none[] = {"prog"};
    CHECK(args_parse(1, none, &p, err, sizeof err));
    CHECK_INT(4, (long long)p.n_dry_breakers);
    CHECK(strcmp(p.dry_breakers[0], "\n") == 0 && strcmp(p.dry_breakers[2], "\"") == 0);
    char *two[] = {"prog", "--dry-sequence-breaker", "x", "--dry-sequence-breaker", "yz"};
    CHECK(args_parse(5, two, &p, err, sizeof err));
    CHECK_INT(2, (long long)p.n_dry_breakers);
    CHECK(strcmp(p.dry_breakers[1], "yz") == 0);
    char *cleared[] = {"prog", "--dry-sequence-breaker", "x", "--dry-sequence-breaker", "none"};
    CHECK(args_parse(5, cleared, &p, err, sizeof err));
    CHECK_INT(0, (long long)p.n_dry_breakers);

    /* A breaker is cut at 40 bytes, but never inside a character: 39 bytes and a 2-byte letter keep 39. */
    char long_breaker[64];
    snprintf(long_breaker, sizeof long_breaker, "%s\xc3\xa9", "123456789012345678901234567890123456789");
    char *cut[] = {"prog", "--dry-sequence-breaker", long_breaker};
    CHECK(args_parse(3, cut, &p, err, sizeof err));
    CHECK_INT(39, (long long)strlen(p.dry_breakers[0]));

    /* A flood of unknown names ends with one line that says so, never with a cut line. */
    char flood[4096] = "";
    for (int i = 0; i < 300; i++)
        snprintf(flood + strlen(flood), sizeof flood - strlen(flood), "bogusname%d;", i);
    char *many[] = {"prog", "--samplers", flood};
    CHECK(args_parse(3, many, &p, err, sizeof err));
    size_t len = strlen(p.warnings);
    CHECK(len < sizeof p.warnings && strcmp(p.warnings + len - 24, "more warnings not shown\n") == 0);

    /* NULL where a pointer is expected: no crash, a documented result. */
    char *with_null[] = {"prog", "--top-k", NULL};
    CHECK(!args_parse(3, with_null, &p, err, sizeof err) && strstr(err, "missing value") != NULL);
    char *null_flag[] = {"prog", NULL};
    CHECK(!args_parse(2, null_flag, &p, err, sizeof err) && strstr(err, "(null)") != NULL);
    args_defaults(NULL);
    CHECK(args_help(NULL, 100) > 100);
    CHECK(request_json(&p, REQUEST_COMPLETION_ALL, NULL, 100, NULL, 0) > 100);

    SamplerType t;
    CHECK(sampler_from_name("NUCLEUS", &t) && t == SAMPLER_TOP_P);
    CHECK(!sampler_from_name("typical", &t));
    CHECK(!sampler_from_name(NULL, &t));
    CHECK(sampler_from_char('e', &t) && t == SAMPLER_PENALTIES);
    CHECK(sampler_from_char('a', &t) && t == SAMPLER_ADAPTIVE_P);
    CHECK(!sampler_from_char('z', &t));
    CHECK(!sampler_from_char('\0', &t));
    CHECK(!args_parse(1, NULL, &p, err, sizeof err));
}

static void test_help(void)
{
    static char text[32768];
    size_t n = args_help(text, sizeof text);
    CHECK(n < sizeof text);
    CHECK(strstr(text, "--top-k N") != NULL && strstr(text, "(default: 40)") != NULL);
    CHECK(strstr(text, "--samplers LIST") != NULL);
    char tiny[8];
    CHECK_INT((long long)n, (long long)args_help(tiny, sizeof tiny));
    CHECK_INT(7, (long long)strlen(tiny));
}

static void test_json(void)
{
    /* The reader itself: it must be able to say no. */
    CHECK(json_valid("{\"a\": [1, -2.5e3, true, false, null, \"x\\n\\u00e9\"]}"));
    CHECK(!json_valid("{\"a\": inf}"));
    CHECK(!json_valid("[1, 2,]"));
    CHECK(!json_valid("{\"a\" 1}"));
    CHECK(!json_valid("\"tab\there\""));
    CHECK(!json_valid("[01]"));

    static CliParams p;
    char err[256], json[4096];
    char *argv[] = {"prog", "--temp", "0.7", "--top-k", "0", "-l", "15-inf", "-l", "3+inf", "-l", "7-2.5",
                    "--dry-sequence-breaker", "say \"hi\"\\", "--dry-sequence-breaker", "\t", "--samplers",
                    "top_k;temp", "--seed", "42", "--ignore-eos", "--repeat-last-n", "-1"};   /* -1 off: sent as 0 */
    CHECK(args_parse((int)(sizeof argv / sizeof argv[0]), argv, &p, err, sizeof err));
    size_t n = request_json(&p, REQUEST_COMPLETION_ALL, json, sizeof json, NULL, 0);
    CHECK(n < sizeof json);
    CHECK(json_valid(json));
    CHECK(strcmp(json,
        "{\"temperature\": 0.7, \"top_k\": 0, \"top_p\": 0.95, \"min_p\": 0.05, \"typical_p\": 1, "
        "\"repeat_last_n\": 0, \"repeat_penalty\": 1, \"presence_penalty\": 0, \"frequency_penalty\": 0, "
        "\"dry_multiplier\": 0, \"dry_base\": 1.75, \"dry_allowed_length\": 2, \"dry_penalty_last_n\": 64, "
        "\"xtc_probability\": 0, \"xtc_threshold\": 0.1, \"top_n_sigma\": -1, \"dynatemp_range\": 0, "
        "\"dynatemp_exponent\": 1, \"mirostat\": 0, \"mirostat_tau\": 5, \"mirostat_eta\": 0.1, "
        "\"adaptive_target\": -1, \"adaptive_decay\": 0.9, \"seed\": 42, "
        "\"dry_sequence_breakers\": [\"say \\\"hi\\\"\\\\\", \"\\t\"], \"samplers\": [\"top_k\", \"temperature\"], "
        "\"ignore_eos\": true, \"logit_bias\": [[15, false], [3, 1e308], [7, -2.5]]}") == 0);
    if (!json_valid(json) || strstr(json, "\"seed\": 42") == NULL)
        printf("    json: %s\n", json);

    /* Bytes that are not UTF-8 become U+FFFD; a valid character passes through. */
    char *bad_utf8[] = {"prog", "--dry-sequence-breaker", "x\xffy", "--dry-sequence-breaker", "\xc3\xa9",
                        "--dry-sequence-breaker", "\xed\xa0\x80"};
    CHECK(args_parse(7, bad_utf8, &p, err, sizeof err));
    request_json(&p, REQUEST_COMPLETION_ALL, json, sizeof json, NULL, 0);
    CHECK(json_valid(json));
    CHECK(strstr(json, "[\"x\\ufffdy\", \"\xc3\xa9\", \"\\ufffd\\ufffd\\ufffd\"]") != NULL);

    /* The defaults: the random seed is -1, the default breakers are escaped. */
    char *none[] = {"prog"};
    args_parse(1, none, &p, err, sizeof err);
    request_json(&p, REQUEST_COMPLETION_ALL, json, sizeof json, NULL, 0);
    CHECK(json_valid(json));
    CHECK(strstr(json, "\"seed\": -1") != NULL);
    CHECK(strstr(json, "\"dry_sequence_breakers\": [\"\\n\", \":\", \"\\\"\", \"*\"]") != NULL);
    char tiny[4];
    CHECK_INT((long long)strlen(json), (long long)request_json(&p, REQUEST_COMPLETION_ALL, tiny, sizeof tiny, NULL, 0));
    CHECK(request_json(NULL, REQUEST_COMPLETION_ALL, tiny, sizeof tiny, NULL, 0) == 2 && strcmp(tiny, "{}") == 0);
}

void test_args(void)
{
    test_json();
    test_rows();
    test_lesson_line_1();
    test_values();
    test_help();
}
