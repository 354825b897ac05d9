/* test_float_rule.c: llama.cpp decides on the float it stored (issue 17, item 3). Its sampling parameters are
 * floats, so every off test ("?name"), accept test (common_sampler_init's refusals) and clamp sees the float
 * nearest to what was typed: 1.00000001 is 1.0f (float's spacing just above 1 is 2^-23, about 1.2e-7),
 * 0.99999999 is 1.0f too (the spacing just below 1 is 2^-24, about 6e-8, and 1e-8 is under half of it),
 * 1e-46 is 0.0f (below half the smallest subnormal, 2^-150, about 7e-46) and 1e39 is an infinity (past
 * FLT_MAX, about 3.4028235e38, by more than half a spacing). Each expected line is worked out from those
 * floats and the reference's table of "?" rules (section 2). */
#include "chain.h"
#include "check.h"
#include "cli/args.h"
#include "cli/request.h"
#include "tests.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The chain line of p, or "(refused)". */
static void line_of(const SamplingParams *p, char *line, size_t size)
{
    Chain ch;
    snprintf(line, size, "(refused)");
    if (chain_init_from_params(&ch, p, 0) == SAMPLING_OK) {
        chain_describe(&ch, line, size);
        chain_free(&ch);
    }
}

static void check_line(const char *file, int line, const char *expected, const SamplingParams *p)
{
    char got[512];
    line_of(p, got, sizeof got);
    if (strcmp(expected, got) == 0) {
        check_passed++;
        return;
    }
    check_failed++;
    printf("%s:%d: expected '%s', got '%s'\n", file, line, expected, got);
}

#define CHECK_LINE(expected, p) check_line(__FILE__, __LINE__, (expected), (p))

typedef enum {
    V_TEMP, V_TOP_P, V_TYP_P, V_REPEAT, V_XTC_THRESHOLD, V_DRY_BASE, V_MIN_P, V_TOP_N_SIGMA, V_DYNATEMP,
    V_DRY_MULTIPLIER, V_FREQ, V_XTC_PROBABILITY
} Value;

typedef struct {
    Value value;
    double set;                 /* the double given to the field */
    SamplerType sampler;        /* the one-sampler list it is tried in */
    const char *line;           /* the chain line, worked out on the float */
} OffRow;

/* One field set to a double whose float sits on the other side of the stage's test than the double does. */
static const OffRow off_rows[] = {
    {V_TEMP, 1.00000001, SAMPLER_TEMPERATURE, "logits -> ?temp-ext -> dist"},        /* 1.0f == 1 */
    {V_TOP_P, 0.99999999, SAMPLER_TOP_P, "logits -> ?top-p -> dist"},                /* 1.0f >= 1 */
    {V_TYP_P, 0.99999999, SAMPLER_TYPICAL_P, "logits -> ?typical -> dist"},
    {V_REPEAT, 1.00000001, SAMPLER_PENALTIES, "logits -> ?penalties -> dist"},       /* 1.0f, freq 0, present 0 */
    {V_XTC_THRESHOLD, 0.50000001, SAMPLER_XTC, "logits -> xtc -> dist"},             /* 0.5f is not > 0.5 */
    {V_DRY_BASE, 0.99999999, SAMPLER_DRY, "logits -> dry -> dist"},                  /* 1.0f is not < 1 */
    {V_MIN_P, 1e-46, SAMPLER_MIN_P, "logits -> ?min-p -> dist"},                     /* 0.0f <= 0 */
    {V_TOP_N_SIGMA, 1e-46, SAMPLER_TOP_N_SIGMA, "logits -> ?top-n-sigma -> dist"},
    {V_DYNATEMP, 1e-46, SAMPLER_TEMPERATURE, "logits -> ?temp-ext -> dist"},         /* temp 1, range 0.0f */
    {V_DRY_MULTIPLIER, 1e-46, SAMPLER_DRY, "logits -> ?dry -> dist"},
    {V_FREQ, 1e-46, SAMPLER_PENALTIES, "logits -> ?penalties -> dist"},
    {V_XTC_PROBABILITY, 1e-46, SAMPLER_XTC, "logits -> ?xtc -> dist"},
    /* And the doubles next to them that stay on their side in float too. */
    {V_TEMP, 1.0000002, SAMPLER_TEMPERATURE, "logits -> temp-ext -> dist"},
    {V_TOP_P, 0.9999999, SAMPLER_TOP_P, "logits -> top-p -> dist"},                  /* 1 - 6e-8 < 1 */
    {V_XTC_THRESHOLD, 0.5000001, SAMPLER_XTC, "logits -> ?xtc -> dist"},
    {V_DRY_BASE, 0.9999999, SAMPLER_DRY, "logits -> ?dry -> dist"},
    {V_MIN_P, 1e-45, SAMPLER_MIN_P, "logits -> min-p -> dist"},                      /* the smallest subnormal */
};

static void test_off_tests(void)
{
    for (size_t r = 0; r < sizeof off_rows / sizeof off_rows[0]; r++) {
        const OffRow *row = &off_rows[r];
        SamplingParams p = sampling_params_default();
        p.samplers[0] = row->sampler;
        p.n_samplers = 1;
        p.xtc_probability = 0.5;        /* so that XTC's threshold decides */
        p.dry_multiplier = 0.8;         /* so that DRY's base decides */
        p.penalty_repeat = 1.0;
        switch (row->value) {
        case V_TEMP:            p.temp = row->set; break;
        case V_TOP_P:           p.top_p = row->set; break;
        case V_TYP_P:           p.typ_p = row->set; break;
        case V_REPEAT:          p.penalty_repeat = row->set; break;
        case V_XTC_THRESHOLD:   p.xtc_threshold = row->set; break;
        case V_DRY_BASE:        p.dry_base = row->set; break;
        case V_MIN_P:           p.min_p = row->set; break;
        case V_TOP_N_SIGMA:     p.top_n_sigma = row->set; break;
        case V_DYNATEMP:        p.temp = 1.0; p.dynatemp_range = row->set; break;
        case V_DRY_MULTIPLIER:  p.dry_multiplier = row->set; break;
        case V_FREQ:            p.penalty_freq = row->set; break;
        case V_XTC_PROBABILITY: p.xtc_probability = row->set; break;
        }
        CHECK_LINE(row->line, &p);
    }
}

/* common_sampler_init's refusals, on the float: a frequency or presence penalty of 1e39 is an infinity in
 * float, so it is refused; a repeat penalty of 3.4028235e38 is FLT_MAX in float (it lies within half a
 * spacing of it), finite, with a reciprocal of about 2.9e-39 that is finite too, so it is accepted; and the
 * workbench's own finite tau and eta with mirostat on are asked of the float as well. */
static void test_accept_tests(void)
{
    SamplingParams p = sampling_params_default();
    p.penalty_freq = 1e39;
    CHECK(sampling_params_problem(&p) != NULL && strncmp(sampling_params_problem(&p), "penalty_freq", 12) == 0);
    p.penalty_freq = 3.4e38;
    CHECK(sampling_params_problem(&p) == NULL);
    p = sampling_params_default();
    p.penalty_present = -1e39;
    CHECK(sampling_params_problem(&p) != NULL && strncmp(sampling_params_problem(&p), "penalty_present", 15) == 0);
    p = sampling_params_default();
    p.penalty_repeat = 3.4028235e38;
    CHECK(sampling_params_problem(&p) == NULL);
    p.penalty_repeat = 3.4028236e38;          /* past FLT_MAX by more than half a spacing: infinite */
    CHECK(sampling_params_problem(&p) != NULL);
    p.penalty_repeat = 1e-46;                 /* 0.0f: not above 0 */
    CHECK(sampling_params_problem(&p) != NULL);
    p = sampling_params_default();
    p.mirostat = 2;
    p.mirostat_tau = 1e39;
    CHECK(sampling_params_problem(&p) != NULL && strncmp(sampling_params_problem(&p), "mirostat_tau", 12) == 0);
    p.mirostat_tau = 5.0;
    p.mirostat_eta = -1e39;
    CHECK(sampling_params_problem(&p) != NULL && strncmp(sampling_params_problem(&p), "mirostat_eta", 12) == 0);
}

static bool parse_words(const char *const *words, CliParams *out, char *err, size_t err_size)
{
    char *argv[40] = {"11_sampler_chain"};
    int argc = 1;
    while (argc < 39 && words[argc - 1] != NULL) {
        argv[argc] = (char *)words[argc - 1];
        argc++;
    }
    return args_parse(argc, argv, out, err, err_size);
}

typedef struct {
    const char *argv[12];
    const char *line;             /* the chain line llama.cpp logs for it */
} FlagRow;

/* The command lines: each value std::stof turns into the float on the other side of the test. */
static const FlagRow flag_rows[] = {
    {{"--temp", "1.00000001", "--samplers", "temperature"}, "logits -> ?temp-ext -> dist"},
    {{"--top-p", "0.99999999", "--samplers", "top_p"}, "logits -> ?top-p -> dist"},
    {{"--typical", "0.99999999", "--samplers", "typ_p"}, "logits -> ?typical -> dist"},
    {{"--repeat-penalty", "1.00000001", "--samplers", "penalties"}, "logits -> ?penalties -> dist"},
    {{"--xtc-probability", "0.5", "--xtc-threshold", "0.50000001", "--samplers", "xtc"}, "logits -> xtc -> dist"},
    {{"--dry-multiplier", "0.8", "--dry-base", "0.99999999", "--samplers", "dry"}, "logits -> dry -> dist"},
    {{"--min-p", "0x1p-149", "--samplers", "min_p"}, "logits -> min-p -> dist"},   /* the smallest float */
    {{"--temp", "1.00000005960464477625", "--samplers", "temperature"}, "logits -> temp-ext -> dist"},
};

static void test_flags(void)
{
    static CliParams p;
    for (size_t r = 0; r < sizeof flag_rows / sizeof flag_rows[0]; r++) {
        char err[256] = "", line[512] = "(refused)";
        if (parse_words(flag_rows[r].argv, &p, err, sizeof err)) {
            Chain ch;
            if (chain_init_from_params(&ch, &p.sampling, 0) == SAMPLING_OK) {
                chain_describe(&ch, line, sizeof line);
                chain_free(&ch);
            }
        }
        check_true(__FILE__, __LINE__, strcmp(line, flag_rows[r].line) == 0, flag_rows[r].line);
        if (strcmp(line, flag_rows[r].line) != 0)
            printf("    flag row %zu: got '%s' (%s)\n", r, line, err);
    }
    char err[256];
    /* --dry-base 0.99999999 is 1.0f, not below 1: kept, with no warning; 0.9999999 is below: the old value
     * (1.75, or the one before it) stays, with a warning. */
    CHECK(parse_words((const char *const[]){"--dry-base", "0.99999999", NULL}, &p, err, sizeof err));
    CHECK_BITS(1.0, p.sampling.dry_base);
    CHECK(p.warnings[0] == '\0');
    CHECK(parse_words((const char *const[]){"--dry-base", "2", "--dry-base", "0.9999999", NULL}, &p, err,
                      sizeof err));
    CHECK_BITS(2.0, p.sampling.dry_base);
    CHECK(strstr(p.warnings, "--dry-base 0.9999999 is below 1 as llama.cpp's float: ignored") != NULL);
    /* The clamp is std::max(temp, 0.0f): -0 is not below 0, so it stays -0 (greedy either way); -0x1p-149 is. */
    CHECK(parse_words((const char *const[]){"--temp", "-0", NULL}, &p, err, sizeof err));
    CHECK(p.sampling.temp == 0 && signbit(p.sampling.temp));
    CHECK(parse_words((const char *const[]){"--temp", "-0x1p-149", NULL}, &p, err, sizeof err));
    CHECK(p.sampling.temp == 0 && !signbit(p.sampling.temp));
    /* 3.4028235e38 is FLT_MAX to std::stof, so a repeat penalty of it is accepted (its reciprocal, about
     * 2.9e-39, is a finite subnormal), and so is a frequency penalty. */
    CHECK(parse_words((const char *const[]){"--repeat-penalty", "3.4028235e38", "--frequency-penalty",
                                            "-3.4028235e38", NULL}, &p, err, sizeof err));
    CHECK_BITS(0x1.fffffep127, p.sampling.penalty_repeat);
}

typedef struct {
    const char *argv[8];
    const char *body;             /* the /completion body, exactly */
    const char *note;             /* a part of the notes, or "" for none */
} DigitRow;

/* A body keeps the digits typed, where JSON can hold them and llama-server reads them as the same float. */
static const DigitRow digit_rows[] = {
    {{"--top-p", "0.99999999"}, "{\"prompt\": \"x\", \"top_p\": 0.99999999}", ""},
    {{"--temp", "0.7", "--min-p", "1e-3"}, "{\"prompt\": \"x\", \"temperature\": 0.7, \"min_p\": 1e-3}", ""},
    {{"--temp", ".5", "--top-p", "+0.9"}, "{\"prompt\": \"x\", \"temperature\": 0.5, \"top_p\": 0.9}", ""},
    {{"--temp", "-2"}, "{\"prompt\": \"x\", \"temperature\": 0}", ""},          /* clamped: the value held */
    {{"--typical", "inf"}, "{\"prompt\": \"x\", \"typical_p\": 1e308}", ""},
    {{"--temp", "1.00000005960464477625"}, "{\"prompt\": \"x\", \"temperature\": 1.0000001}",
     "temperature: 1.00000005960464477625 is written as 1.0000001"},
    /* Item 4: a min_p above 1 is clamped to 1 by the server, which keeps every tie with the top token. */
    {{"--min-p", "1.5"}, "{\"prompt\": \"x\", \"min_p\": 1.5}", "min_p: llama-server clamps 1.5 to 1, which keeps "
     "every token tied with the top one; the command line's min-p keeps exactly one token"},
    {{"-l", "-5+1", "-l", "7-2"}, "{\"prompt\": \"x\", \"logit_bias\": [[7, -2]]}", "logit_bias: token -5 is left "
     "out: llama-server skips an id below 0"},
};

static void test_digits(void)
{
    static CliParams p;
    for (size_t r = 0; r < sizeof digit_rows / sizeof digit_rows[0]; r++) {
        const char *words[12] = {"-p", "x"};
        for (size_t k = 0; k < 8 && digit_rows[r].argv[k] != NULL; k++)
            words[2 + k] = digit_rows[r].argv[k];
        char err[256] = "", body[512] = "", notes[1024] = "";
        bool ok = parse_words(words, &p, err, sizeof err);
        if (ok)
            request_json(&p, REQUEST_COMPLETION, body, sizeof body, notes, sizeof notes);
        bool good = ok && strcmp(body, digit_rows[r].body) == 0
                 && (digit_rows[r].note[0] == '\0' ? notes[0] == '\0' : strstr(notes, digit_rows[r].note) != NULL);
        check_true(__FILE__, __LINE__, good, digit_rows[r].body);
        if (!good)
            printf("    digit row %zu: got %s (notes: %s; %s)\n", r, body, notes, err);
    }
}

void test_float_rule(void)
{
    test_off_tests();
    test_accept_tests();
    test_flags();
    test_digits();
}
