/* test_explain.c: issue 17, item 6: --explain, the chain in the lesson's words (lib/cli/explain.c). Each
 * expected line says what the stage does with the line's values in the lesson's terms (Examples 1-13: the
 * penalty divides a positive logit and multiplies one at or below 0, typical keeps the tokens whose surprise
 * is closest to the entropy, XTC removes all but the least likely of the top tokens, mirostat's mu starts at
 * 2 * tau), or which value makes a "?" stage off (reference section 2), and the OpenAI names of Example 11's
 * table. */
#include "check.h"
#include "cli/args.h"
#include "cli/dropped.h"
#include "cli/explain.h"
#include "cli/from_json.h"
#include "tests.h"

#include <stdio.h>
#include <string.h>

#define MAX_WORDS 40

/* argv (MAX_WORDS,) for a command line: the program's name, then words (NULL-ended; at most MAX_WORDS - 2 are
 * taken), then NULL. Returns argc. */
static int argv_of(const char *const *words, char **argv)
{
    int argc = 0;
    argv[argc++] = "11_sampler_chain";
    while (argc < MAX_WORDS - 1 && words[argc - 1] != NULL) {
        argv[argc] = (char *)words[argc - 1];
        argc++;
    }
    argv[argc] = NULL;
    return argc;
}

/* The explanation of a command line (after the program's name), or "(refused)". */
static void explain_words(const char *const *words, CliParams *p, char *text, size_t size)
{
    char *argv[MAX_WORDS];
    int argc = argv_of(words, argv);
    char err[300];
    Chain ch;
    snprintf(text, size, "(refused)");
    if (args_parse(argc, argv, p, err, sizeof err) && chain_init_from_params(&ch, &p->sampling, 0) == SAMPLING_OK) {
        args_explain(p, &ch, text, size);
        chain_free(&ch);
    }
}

/* The explanation of a body read onto llama.cpp's defaults (--from-json's rules), into text; "(refused)"
 * when the body or its chain is refused. */
static void explain_body(const char *body, CliParams *p, char *text, size_t size)
{
    char err[600];
    Chain ch;
    snprintf(text, size, "(refused)");
    args_defaults(p);
    if (body_read(body, strlen(body), p, NULL, 0, err, sizeof err)
        && chain_init_from_params(&ch, &p->sampling, 0) == SAMPLING_OK) {
        args_explain(p, &ch, text, size);
        chain_free(&ch);
    }
}

typedef struct {
    const char *argv[16];
    const char *line;             /* one whole line the explanation must hold */
} LineRow;

static const LineRow line_rows[] = {
    /* Issue 27, item 5: the prompt is in the penalty and DRY windows (reference section 11); the numbers are the
     * windows' own. */
    {{"--repeat-penalty", "1.1", "--repeat-last-n", "256"}, "the prompt is in the window: llama-server feeds every "
     "token of the prompt to the chain before it samples (llama-completion does too), so with repeat_last_n 256 the "
     "first generated token is already penalized for the prompt's last 256 tokens (reference section 11)"},
    {{"--dry-multiplier", "0.8", "--dry-penalty-last-n", "128"}, "the prompt is in the window: llama-server feeds "
     "every token of the prompt to the chain before it samples (llama-completion does too), so DRY's window of 128 "
     "(dry_penalty_last_n) starts with the prompt's last 128 tokens, whose repeats the first generated token can "
     "extend (reference section 11)"},
    /* The two examples. */
    {{"--repeat-penalty", "1.1"}, "penalties: repeat 1.1 over the last 64 tokens: divides a positive logit, "
     "multiplies one at or below 0 (Examples 1-4)"},
    {{NULL}, "?typical: typical_p 1.0 is off (Example 7)"},
    /* Penalties together (Example 4): the repeat rule, then count * frequency, then presence once. */
    {{"--repeat-penalty", "1.3", "--frequency-penalty", "0.5", "--presence-penalty", "0.7", "--repeat-last-n",
      "32"}, "penalties: repeat 1.3, frequency 0.5, presence 0.7 over the last 32 tokens: divides a positive logit, "
     "multiplies one at or below 0; subtracts 0.5 per occurrence; subtracts 0.7 once from each token seen "
     "(Examples 1-4)"},
    {{NULL}, "?penalties: repeat 1.0, frequency 0.0 and presence 0.0 are off (Examples 1-4)"},
    {{"--repeat-penalty", "1.1", "--repeat-last-n", "-1"}, "?penalties: window -1 (repeat_last_n) is clamped to 0 "
     "by current libllama: off (Example 5)"},
    {{"--repeat-penalty", "1.1", "--repeat-last-n", "0"}, "?penalties: window 0 (repeat_last_n) is off (Example 5)"},
    /* Item 3 in the lesson's words: the float, not the digits typed, decides. */
    {{"--top-p", "0.99999999"}, "?top-p: top_p 1.0 (llama.cpp's float of 0.99999999) is off (Examples 12-13)"},
    {{"--temp", "1.00000001"}, "?temp-ext: temperature 1.0 (llama.cpp's float of 1.00000001) with dynatemp_range 0.0 "
     "is off (Examples 12-13)"},
    /* DRY (Example 9): the smallest penalty is the multiplier, at a repeat of exactly allowed_length. */
    {{"--dry-multiplier", "0.8"}, "dry: multiplier 0.8, base 1.75, allowed length 2 over the last 64 tokens: a "
     "token that would extend a repeat of n >= 2 tokens loses 0.8 * 1.75^(n - 2); 4 breakers end a repeat "
     "(Example 9)"},
    /* Issue 21: below 0 every repeat costs, even of 0 tokens (llama.cpp's rule, reference section 4.3). */
    {{"--dry-multiplier", "0.8", "--dry-allowed-length", "-1"}, "dry: multiplier 0.8, base 1.75, allowed length -1 "
     "over the last 64 tokens: a token that would extend a repeat of n >= 0 tokens (any token that followed an "
     "earlier one) loses 0.8 * 1.75^(n + 1); 4 breakers end a repeat (Example 9)"},
    /* A negative multiplier builds an enabled sampler that boosts repeats (reference section 4.3). */
    {{"--dry-multiplier", "-0.8"}, "dry: multiplier -0.8, base 1.75, allowed length 2 over the last 64 tokens: a "
     "token that would extend a repeat of n >= 2 tokens gains 0.8 * 1.75^(n - 2) (a negative multiplier boosts "
     "repeats); 4 breakers end a repeat (Example 9)"},
    {{"--dry-multiplier", "0.8", "--dry-penalty-last-n", "-1"}, "?dry: window -1 (dry_penalty_last_n) is clamped to 0 "
     "by current libllama: off (Example 9)"},
    {{NULL}, "?dry: dry_multiplier 0.0 is off (Example 9)"},
    {{"--top-n-sigma", "2"}, "top-n-sigma: keeps the tokens whose logit is within 2.0 standard deviations of the top "
     "logit (Example 11)"},
    {{NULL}, "?top-n-sigma: top_n_sigma -1.0 (at or below 0) is off (Example 11)"},
    {{NULL}, "top-k: keeps the 40 most likely tokens (Examples 12-13)"},
    {{"--top-k", "0"}, "?top-k: top_k 0 (at or below 0) is off (Examples 12-13)"},
    {{"--typical", "0.9"}, "typical: keeps the tokens whose surprise is closest to the entropy, until their "
     "probabilities sum past 0.9 (Example 7)"},
    {{NULL}, "top-p: keeps the most likely tokens until their probabilities reach 0.95 (Examples 12-13)"},
    {{NULL}, "min-p: keeps the tokens at least 0.05 times as likely as the top one (Examples 12-13)"},
    {{"--min-p", "1.5"}, "min-p: min_p 1.5 is above 1: keeps only the top token (Examples 12-13)"},
    {{"--min-p", "0"}, "?min-p: min_p 0.0 (at or below 0) is off (Examples 12-13)"},
    {{"--xtc-probability", "0.5"}, "xtc: with probability 0.5 per step, removes the tokens at or above probability "
     "0.1 except the least likely of them (Example 10)"},
    {{"--xtc-probability", "0.5", "--xtc-threshold", "0.6"}, "?xtc: xtc_threshold 0.6 is above 0.5: off (Example 10)"},
    {{NULL}, "?xtc: xtc_probability 0.0 is off (Example 10)"},
    {{NULL}, "temp-ext: divides every logit by temperature 0.8, after the filters (Examples 12-13)"},
    {{"--temp", "0"}, "temp-ext: temperature 0.0 keeps only the top token (greedy), after the filters (Examples "
     "12-13)"},
    {{"--dynatemp-range", "0.5"}, "temp-ext: temperature from 0.3 to 1.3 by the entropy (0.8 +- 0.5, at least 0; "
     "exponent 1.0), after the filters (Examples 12-13)"},
    /* reference 4.10: the lower end is max(0, t - delta): 0.2 - 0.5 is below 0 (review final3, finding 8) */
    {{"--temp", "0.2", "--dynatemp-range", "0.5"}, "temp-ext: temperature from 0.0 to 0.7 by the entropy (0.2 +- "
     "0.5, at least 0; exponent 1.0), after the filters (Examples 12-13)"},
    {{"-s", "42"}, "dist: draws the token from what is left, seed 42 (Example 12)"},
    {{NULL}, "dist: draws the token from what is left, seed -1 (random) (Example 12)"},
    /* Mirostat replaces the filters (Example 8): mu starts at 2 * tau. */
    {{"--mirostat", "2", "--mirostat-ent", "3", "--temp", "0.7"}, "temp: divides every logit by temperature 0.7, "
     "before mirostat (Example 8)"},
    {{"--mirostat", "2", "--mirostat-ent", "3", "--temp", "0.7"}, "mirostat-v2: cuts the tokens whose surprise is "
     "above mu (it starts at 2 * tau = 6.0 bits), draws, then moves mu by eta 0.1 times (surprise - tau 3.0); the "
     "sampler list is not used (Example 8)"},
    {{"--mirostat", "1", "--temp", "1"}, "?temp: temperature 1.0 is off (Example 8)"},
    /* Issue 21: a setting this chain does not read is marked so among the OpenAI names. */
    {{"--mirostat", "2", "--top-p", "0.9"}, "OpenAI names: temperature 0.8 (llama.cpp's temp), top_p 0.9 (not read by "
     "this chain), frequency_penalty 0.0 (llama.cpp's penalty_freq; not read by this chain), presence_penalty 0.0 "
     "(llama.cpp's penalty_present; not read by this chain), seed -1 (random)"},
    /* logit-bias (Example 6): first; -inf bans. */
    {{"-l", "15-100"}, "logit-bias: before every other stage, adds to 1 logit: token 15 -100.0 (Example 6)"},
    {{"-l", "15-inf", "-l", "7+2"}, "logit-bias: before every other stage, adds to 2 logits: token 15 -inf (banned), "
     "token 7 +2.0 (Example 6)"},
    {{"--ignore-eos"}, "logit-bias: before every other stage, bans the end-of-generation tokens (--ignore-eos) "
     "(Example 6)"},
    /* adaptive-p (not in the lesson; reference section 4.15): its values, what it does with them, and its fields
     * among those an OpenAI client sends under llama-server's names. A target below 0 draws as dist does; one
     * above 1 is used as 1 in each step while the average starts at it; a decay outside [0, 0.99] is clamped. */
    {{"--samplers", "min_p;adaptive_p", "--adaptive-target", "0.3", "-s", "42"}, "adaptive-p: target 0.3, decay 0.9: "
     "reshapes the distribution to favour tokens whose probability is near an adapted target, which moves against "
     "the average probability of recent choices; then draws, seed 42 (not in the lesson)"},
    {{"--samplers", "min_p;adaptive_p", "--adaptive-target", "0.3"}, "no OpenAI parameter (an OpenAI client sends "
     "these only as extra fields, under llama-server's names): min_p 0.05, adaptive_target 0.3, adaptive_decay 0.9, "
     "samplers [min_p, adaptive_p]"},
    {{"--samplers", "top_k;adaptive_p"}, "adaptive-p: target -1.0 is below 0: draws the token from what is left, as "
     "dist does, seed -1 (random) (not in the lesson)"},
    {{"--samplers", "adaptive_p", "--adaptive-target", "1.5", "--adaptive-decay", "1.5"}, "adaptive-p: target 1.5 "
     "(above 1: each step uses 1, the average starts at 1.5), decay 1.5 (clamped to 0.99): reshapes the distribution to "
     "favour tokens whose probability is near an adapted target, which moves against the average probability of "
     "recent choices; then draws, seed -1 (random) (not in the lesson)"},
    {{"--samplers", "adaptive_p", "--adaptive-target", "0", "--adaptive-decay", "-1"}, "adaptive-p: target 0.0, "
     "decay -1.0 (clamped to 0.0): reshapes the distribution to favour tokens whose probability is near an adapted "
     "target, which moves against the average probability of recent choices; then draws, seed -1 (random) (not in "
     "the lesson)"},
    /* The OpenAI names, with llama.cpp's own where it differs, and OpenAI's ranges (Example 11's table). */
    {{NULL}, "OpenAI names: temperature 0.8 (llama.cpp's temp), top_p 0.95, frequency_penalty 0.0 (llama.cpp's "
     "penalty_freq), presence_penalty 0.0 (llama.cpp's penalty_present), seed -1 (random)"},
    {{"--frequency-penalty", "2.5", "--temp", "3", "-n", "64", "-r", "User:", "-l", "15-inf", "-l", "3+150"},
     "OpenAI names: temperature 3.0 (llama.cpp's temp) (outside OpenAI's 0 to 2; llama-server takes it), top_p "
     "0.95, frequency_penalty 2.5 (llama.cpp's penalty_freq) (outside OpenAI's -2 to 2; llama-server takes it), "
     "presence_penalty 0.0 (llama.cpp's penalty_present), seed -1 (random), logit_bias (2 tokens, a ban sent as "
     "false) (outside OpenAI's -100 to 100; llama-server takes it), stop (1 string), max_tokens 64 (llama.cpp's "
     "n_predict)"},
    /* Third newcomer, item 5: two -l of one token are one logit, added to twice, and one key of the chat body
     * (their sum); "15 + 5" is token 15, +5, no ban. */
    {{"-l", "3+1", "-l", "3+2"}, "logit-bias: before every other stage, adds to 1 logit: token 3 +1.0 then +2.0 "
     "(Example 6)"},
    {{"-l", "3+1", "-l", "3+2"}, "OpenAI names: temperature 0.8 (llama.cpp's temp), top_p 0.95, frequency_penalty "
     "0.0 (llama.cpp's penalty_freq), presence_penalty 0.0 (llama.cpp's penalty_present), seed -1 (random), "
     "logit_bias (1 token, its 2 entries summed)"},
    {{"-l", "3+60", "-l", "3+60"}, "OpenAI names: temperature 0.8 (llama.cpp's temp), top_p 0.95, frequency_penalty "
     "0.0 (llama.cpp's penalty_freq), presence_penalty 0.0 (llama.cpp's penalty_present), seed -1 (random), "
     "logit_bias (1 token, its 2 entries summed) (outside OpenAI's -100 to 100; llama-server takes it)"},
    {{"-l", "15 + 5"}, "logit-bias: before every other stage, adds to 1 logit: token 15 +5.0 (Example 6)"},
    {{"-l", "15 + 5"}, "OpenAI names: temperature 0.8 (llama.cpp's temp), top_p 0.95, frequency_penalty 0.0 "
     "(llama.cpp's penalty_freq), presence_penalty 0.0 (llama.cpp's penalty_present), seed -1 (random), logit_bias "
     "(1 token)"},
    {{"-l", "1+1", "-l", "2+1", "-l", "3+1", "-l", "1-1", "-l", "4+1", "-l", "5-inf"}, "logit-bias: before every "
     "other stage, adds to 5 logits: token 1 +1.0 then -1.0, token 2 +1.0, token 3 +1.0, token 4 +1.0, ... "
     "(Example 6)"},
    /* DRY's breakers: one ends a repeat; an empty one is skipped (llama.cpp processes each non-empty breaker). */
    {{"--dry-multiplier", "0.8", "--dry-sequence-breaker", "x"}, "dry: multiplier 0.8, base 1.75, allowed length 2 "
     "over the last 64 tokens: a token that would extend a repeat of n >= 2 tokens loses 0.8 * 1.75^(n - 2); 1 "
     "breaker ends a repeat (Example 9)"},
    {{"--dry-multiplier", "0.8", "--dry-sequence-breaker", ""}, "dry: multiplier 0.8, base 1.75, allowed length 2 "
     "over the last 64 tokens: a token that would extend a repeat of n >= 2 tokens loses 0.8 * 1.75^(n - 2); no "
     "breaker ends a repeat, as llama.cpp skips an empty one (Example 9)"},
    {{"--dry-multiplier", "0.8", "--dry-sequence-breaker", "", "--dry-sequence-breaker", "x", "--dry-sequence-breaker",
      ""}, "dry: multiplier 0.8, base 1.75, allowed length 2 over the last 64 tokens: a token that would extend a "
     "repeat of n >= 2 tokens loses 0.8 * 1.75^(n - 2); 1 breaker ends a repeat, as llama.cpp skips the 2 empty "
     "ones (Example 9)"},
    {{"--dry-multiplier", "0.8", "--dry-sequence-breaker", "none"}, "dry: multiplier 0.8, base 1.75, allowed length "
     "2 over the last 64 tokens: a token that would extend a repeat of n >= 2 tokens loses 0.8 * 1.75^(n - 2); no "
     "breaker ends a repeat (Example 9)"},
    {{"--samplers", "dry", "--dry-multiplier", "0.8", "--dry-sequence-breaker", ""}, "no OpenAI parameter (an OpenAI "
     "client sends these only as extra fields, under llama-server's names): dry_multiplier 0.8, dry_base 1.75, "
     "dry_allowed_length 2, dry_penalty_last_n 64, dry_sequence_breakers (0, and 1 empty one llama.cpp skips), "
     "samplers [dry]"},
    {{"--samplers", "top_k"}, "no OpenAI parameter (an OpenAI client sends these only as extra fields, under "
     "llama-server's names): top_k 40, samplers [top_k]"},
    {{"--samplers", ""}, "no OpenAI parameter (an OpenAI client sends these only as extra fields, under "
     "llama-server's names): samplers []"},
    {{"--mirostat", "2"}, "no OpenAI parameter (an OpenAI client sends these only as extra fields, under "
     "llama-server's names): mirostat 2, mirostat_tau 5.0, mirostat_eta 0.1"},
    /* Fourth newcomer, finding 6: each sentence true for the values given. top-p with p <= 0 keeps exactly
     * max(1, min_keep) tokens (reference section 4.7); typical with p <= 0 keeps exactly the most typical token
     * (section 4.6); XTC's coin u is below 1, so a probability of 1 or more fires at every step (section 4.9);
     * one token is "the most likely token"; temperature is "after the filters" only where they come first. */
    {{"--top-p", "-1"}, "top-p: top_p -1.0 is at or below 0: keeps only the most likely token (Examples 12-13)"},
    {{"--top-p", "0"}, "top-p: top_p 0.0 is at or below 0: keeps only the most likely token (Examples 12-13)"},
    {{"--typical", "0"}, "typical: typical_p 0.0 is at or below 0: keeps only the most typical token (the one whose "
     "surprise is closest to the entropy), which may not be the most likely (Example 7)"},
    {{"--xtc-probability", "1.5"}, "xtc: at every step (xtc_probability 1.5 is 1 or more), removes the tokens at or "
     "above probability 0.1 except the least likely of them (Example 10)"},
    {{"--xtc-probability", "1"}, "xtc: at every step (xtc_probability 1.0 is 1 or more), removes the tokens at or "
     "above probability 0.1 except the least likely of them (Example 10)"},
    {{"--top-k", "1"}, "top-k: keeps the most likely token (Examples 12-13)"},
    {{"--samplers", "infill"}, "infill: llama.cpp's infill sampler (not covered in the lesson, and not explained "
     "here)"},
    {{"--samplers", "temperature"}, "temp-ext: divides every logit by temperature 0.8 (Examples 12-13)"},
    {{"--samplers", "penalties;temperature;dry", "--temp", "0"}, "temp-ext: temperature 0.0 keeps only the top "
     "token (greedy) (Examples 12-13)"},
    {{"--samplers", "temperature;top_k;min_p"}, "temp-ext: divides every logit by temperature 0.8, before the "
     "filters (Examples 12-13)"},
    {{"--samplers", "top_k;temperature;min_p;xtc", "--dynatemp-range", "0.5"}, "temp-ext: temperature from 0.3 to "
     "1.3 by the entropy (0.8 +- 0.5, at least 0; exponent 1.0), after top-k and before min-p and ?xtc (Examples "
     "12-13)"},
    /* llama-server clamps top_p into [0, 1] and answers 400 for n_predict below -1 (reference section 7). */
    {{"--top-p", "1.5", "-n", "-2"}, "OpenAI names: temperature 0.8 (llama.cpp's temp), top_p 1.5 (outside OpenAI's 0 "
     "to 1; llama-server clamps it to 1), frequency_penalty 0.0 (llama.cpp's penalty_freq), presence_penalty 0.0 "
     "(llama.cpp's penalty_present), seed -1 (random), max_tokens -2 (below -1: llama-server answers 400, and a body "
     "leaves it out) (llama.cpp's n_predict)"},
    {{"--top-p", "-1"}, "OpenAI names: temperature 0.8 (llama.cpp's temp), top_p -1.0 (outside OpenAI's 0 to 1; "
     "llama-server clamps it to 0), frequency_penalty 0.0 (llama.cpp's penalty_freq), presence_penalty 0.0 "
     "(llama.cpp's penalty_present), seed -1 (random)"},
    {{"--samplers", "top_k;top_p;temperature;min_p", "--mirostat", "0"}, "temp-ext: divides every logit by "
     "temperature 0.8, after top-k and top-p and before min-p (Examples 12-13)"},
};

/* Whether text holds line as one whole line. */
static bool has_line(const char *text, const char *line)
{
    size_t n = strlen(line);
    for (const char *at = strstr(text, line); at != NULL; at = strstr(at + 1, line))
        if ((at == text || at[-1] == '\n') && (at[n] == '\n' || at[n] == '\0'))
            return true;
    return false;
}

/* Checks that text holds line as one whole line; where it does not, prints what it got, as row r of a table of
 * rows (what: "min_keep"). */
static void check_row_line(int at, const char *text, const char *line, const char *what, size_t r)
{
    bool good = has_line(text, line);
    check_true(__FILE__, at, good, line);
    if (!good)
        printf("    %s row %zu: got\n%s\n", what, r, text);
}

/* min_keep, which only a body sets (reference section 3): top-p and typical at or below 0 keep exactly
 * max(1, min_keep) tokens, and every filter that honours it keeps at least min_keep (sections 4.6 to 4.9). */
static void test_min_keep(void)
{
    static const struct {
        const char *body;
        const char *line;         /* one whole line the explanation must hold */
    } rows[] = {
        {"{\"prompt\": \"x\", \"top_p\": 0, \"min_keep\": 3}", "top-p: top_p 0.0 is at or below 0: keeps the 3 "
         "most likely tokens (min_keep 3) (Examples 12-13)"},
        {"{\"prompt\": \"x\", \"top_p\": 0, \"min_keep\": 1}", "top-p: top_p 0.0 is at or below 0: keeps only "
         "the most likely token (Examples 12-13)"},
        {"{\"prompt\": \"x\", \"typical_p\": -1, \"min_keep\": 2}", "typical: typical_p -1.0 is at or below 0: "
         "keeps the 2 most typical tokens (min_keep 2; the most typical are those whose surprise is closest to the "
         "entropy, which may not be the most likely) (Example 7)"},
        {"{\"prompt\": \"x\", \"top_p\": 0.9, \"min_keep\": 4}", "top-p: keeps the most likely tokens until "
         "their probabilities reach 0.9, and at least 4 (min_keep) (Examples 12-13)"},
        {"{\"prompt\": \"x\", \"typical_p\": 0.9, \"min_keep\": 4}", "typical: keeps the tokens whose surprise "
         "is closest to the entropy, until their probabilities sum past 0.9, and at least 4 (min_keep) (Example 7)"},
        {"{\"prompt\": \"x\", \"min_keep\": 4}", "min-p: keeps the tokens at least 0.05 times as likely as the "
         "top one, and at least 4 (min_keep) (Examples 12-13)"},
        {"{\"prompt\": \"x\", \"xtc_probability\": 0.5, \"min_keep\": 4}", "xtc: with probability 0.5 per "
         "step, removes the tokens at or above probability 0.1 except the least likely of them, unless fewer than 4 "
         "(min_keep) would be left (Example 10)"},
    };
    static CliParams p;
    static char text[8192];
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
        explain_body(rows[r].body, &p, text, sizeof text);
        check_row_line(__LINE__, text, rows[r].line, "min_keep", r);
    }
}

/* Newcomer review of Example 11's messages, finding 1: a body's string in logit_bias is tokenized by
 * llama-server with the model's vocabulary (reference section 7), which this tool lacks: --explain names it as
 * the string it is, never as the id -1 its entry is kept under, and counts it apart from the tokens. */
static void test_bias_strings(void)
{
    static const struct {
        const char *body;
        const char *line;         /* one whole line the explanation must hold */
    } rows[] = {
        {"{\"prompt\": \"x\", \"logit_bias\": [[99999, -100], [\"hello\", 2]]}", "logit-bias: before every other "
         "stage, adds to 1 logit: token 99999 -100.0; and to each token of the string \"hello\" +2.0 (llama-server "
         "tokenizes it with the model's vocabulary, which this tool does not have: reference section 7) (Example 6)"},
        {"{\"prompt\": \"x\", \"logit_bias\": [[\"a\", 1], [\"b\\n\", false]]}", "logit-bias: before every other "
         "stage, adds to each token of the strings \"a\" +1.0, \"b\\n\" -inf (llama-server tokenizes each with the "
         "model's vocabulary, which this tool does not have: reference section 7) (Example 6)"},
        {"{\"prompt\": \"x\", \"logit_bias\": {\"hi\": 3, \"15\": 1, \"ho\": 2}}", "logit-bias: before every other "
         "stage, adds to 1 logit: token 15 +1.0; and to each token of the strings \"hi\" +3.0, \"ho\" +2.0 "
         "(llama-server tokenizes each with the model's vocabulary, which this tool does not have: reference section "
         "7) (Example 6)"},
        {"{\"prompt\": \"x\", \"logit_bias\": [[5, 1], [5, 2], [\"x\", 1]]}", "OpenAI names: temperature 0.8 "
         "(llama.cpp's temp), top_p 0.95, frequency_penalty 0.0 (llama.cpp's penalty_freq), presence_penalty 0.0 "
         "(llama.cpp's penalty_present), seed -1 (random), logit_bias (1 token and 1 string, with 2 entries summed)"},
    };
    static CliParams p;
    static char text[8192];
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
        explain_body(rows[r].body, &p, text, sizeof text);
        check_row_line(__LINE__, text, rows[r].line, "bias strings", r);
        CHECK(strstr(text, "token -1") == NULL);
    }
}

static void test_lines(void)
{
    static CliParams p;
    static char text[8192];
    for (size_t r = 0; r < sizeof line_rows / sizeof line_rows[0]; r++) {
        explain_words(line_rows[r].argv, &p, text, sizeof text);
        check_row_line(__LINE__, text, line_rows[r].line, "explain", r);
    }
}

/* Issue 27, item 5: with n_probs (or logprobs), the probabilities a response reports come from before the chain
 * unless post_sampling_probs is true (reference section 11); a chat body's logprobs true is top_logprobs, 20
 * without (section 7). No window line when penalties and DRY are off; none for probabilities not asked for. */
static void test_probs_and_windows(void)
{
    static const struct { const char *body, *line; } rows[] = {
        {"{\"prompt\": \"x\", \"n_probs\": 5}", "n_probs 5: the probabilities a response reports for each token are "
         "the model's own, a softmax of its logits at temperature 1 before any stage of this chain (no penalty, bias, "
         "cut or temperature); send \"post_sampling_probs\": true for those the chain left (reference section 11)"},
        {"{\"prompt\": \"x\", \"logprobs\": 2, \"post_sampling_probs\": true}", "logprobs 2 with post_sampling_probs: "
         "the probabilities a response reports for each token are those of the candidates this chain left, with the "
         "p it gave them (reference section 11)"},
        {"{\"messages\": [{\"role\": \"user\", \"content\": \"x\"}], \"logprobs\": true}", "logprobs 20: the "
         "probabilities a response reports for each token are the model's own, a softmax of its logits at "
         "temperature 1 before any stage of this chain (no penalty, bias, cut or temperature); send "
         "\"post_sampling_probs\": true for those the chain left (reference section 11)"},
        {"{\"messages\": [{\"role\": \"user\", \"content\": \"x\"}], \"logprobs\": true, \"top_logprobs\": 3, "
         "\"n_probs\": 9}", "top_logprobs 3: the probabilities a response reports for each token are the model's own, "
         "a softmax of its logits at temperature 1 before any stage of this chain (no penalty, bias, cut or "
         "temperature); send \"post_sampling_probs\": true for those the chain left (reference section 11)"},
        {"{\"prompt\": \"x\", \"repeat_penalty\": 1.1, \"repeat_last_n\": 32}", "the prompt is in the window: "
         "llama-server feeds every token of the prompt to the chain before it samples (llama-completion does too), "
         "so with repeat_last_n 32 the first generated token is already penalized for the prompt's last 32 tokens "
         "(reference section 11)"},
    };
    static CliParams p;
    static char text[8192];
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
        explain_body(rows[r].body, &p, text, sizeof text);
        check_row_line(__LINE__, text, rows[r].line, "probs", r);
    }
    explain_words((const char *const[]){"--top-k", "20", NULL}, &p, text, sizeof text);
    CHECK(strstr(text, "the prompt is in the window") == NULL && strstr(text, "probabilities a response") == NULL);
}

/* Issue 27, item 3: each value the chain reads with its source, and where a higher layer replaced a lower one,
 * both (reference section 11: the request over the server's flags, over the preset's section for the model,
 * over its [*], over the model's GGUF, over llama.cpp's defaults). Worked out by hand from that order. */
static void test_sources(void)
{
    static const struct {
        const char *argv[8];
        const char *body;             /* read with --from-json's rules, or NULL */
        const char *line;             /* one whole line of --explain */
    } rows[] = {
        {{"llama-server", "--temp", "0.6"}, "{\"messages\": [{\"role\": \"user\", \"content\": \"hi\"}], "
         "\"temperature\": 1}", "value: temperature 1.0 from the request replaces --temp 0.6 from the server"},
        {{"llama-server", "--temp", "0.6", "--top-k", "20"}, "{\"prompt\": \"x\", \"temperature\": 1}",
         "value: top_k 20 from the server's --top-k"},
        {{"--temp", "0.6"}, NULL, "value: temperature 0.6 from --temp"},
        {{"--temperature", "0.6"}, NULL, "value: temperature 0.6 from --temperature"},
        {{"--top_k", "20"}, NULL, "value: top_k 20 from --top_k"},
        {{"--temp", "0.5", "--temp", "0.7"}, NULL, "value: temperature 0.7 from --temp"},   /* one layer: the last */
        {{"--gpt-oss-20b-default"}, NULL, "value: top_p 1.0 from --gpt-oss-20b-default"},
        {{NULL}, "{\"prompt\": \"x\", \"top_k\": 5}", "value: top_k 5 from the request"},
        {{"--mirostat", "2"}, NULL, "values at llama.cpp's defaults: temperature 0.8, mirostat_tau 5.0, mirostat_eta "
         "0.1, seed -1 (random)"},
        {{"--samplers", "top_k"}, NULL, "value: samplers top_k from --samplers"},
        {{"-l", "15-inf", "--samplers", "top_k"}, "{\"prompt\": \"x\", \"logit_bias\": [[7, 2], [9, false]]}",
         "value: logit_bias (2 entries) from the request replaces -l (1 entry) from the server"},
        /* Review item 2: a dry_base below 1 is replaced by the server's own (reference section 7), so the value
         * that runs is the server's, from its layer, and the request's is named as the one not used. */
        {{"llama-server", "--dry-base", "2"}, "{\"prompt\": \"x\", \"dry_base\": 0.5, \"dry_multiplier\": 0.8}",
         "value: dry_base 2.0 from the server's --dry-base; the request's dry_base 0.5 is below 1, which "
         "llama-server replaces by the server's value (reference section 7)"},
        {{"llama-server"}, "{\"prompt\": \"x\", \"dry_base\": 0.5, \"dry_multiplier\": 0.8}",
         "value: dry_base 1.75 from llama.cpp's default; the request's dry_base 0.5 is below 1, which "
         "llama-server replaces by the server's value (reference section 7)"},
        {{"llama-server", "--dry-base", "2"}, "{\"prompt\": \"x\", \"dry_base\": 3, \"dry_multiplier\": 0.8}",
         "value: dry_base 3.0 from the request replaces --dry-base 2.0 from the server"},
        /* A clamp keeps the request's value, clamped: the line says so (reference section 7: [0, inf), [0, 2]). */
        {{"llama-server", "--temp", "0.6"}, "{\"prompt\": \"x\", \"temperature\": -1}",
         "value: temperature 0.0 from the request replaces --temp 0.6 from the server; the request's temperature -1 "
         "is clamped by llama-server (reference section 7)"},
        {{"llama-server"}, "{\"prompt\": \"x\", \"mirostat\": 5}",
         "value: mirostat 2 from the request; the request's mirostat 5 is clamped by llama-server (reference "
         "section 7)"},
    };
    static CliParams p;
    static char text[8192];
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
        char *argv[MAX_WORDS], err[300];
        int argc = argv_of(rows[r].argv, argv);
        Chain ch;
        bool ok = args_parse(argc, argv, &p, err, sizeof err);
        if (ok && rows[r].body != NULL) {
            p.from_json = "-";          /* as --from-json - gives it: the flags are the server's */
            ok = body_read(rows[r].body, strlen(rows[r].body), &p, NULL, 0, err, sizeof err);
        }
        ok = ok && chain_init_from_params(&ch, &p.sampling, 0) == SAMPLING_OK;
        CHECK(ok);
        if (!ok)
            continue;
        args_explain(&p, &ch, text, sizeof text);
        check_row_line(__LINE__, text, rows[r].line, "sources", r);
        chain_free(&ch);
    }
    /* An alias is named with the field it stands for: max_tokens is n_predict's (reference section 7). */
    static const char alias[] = "{\"prompt\": \"x\", \"max_tokens\": 5}";
    args_defaults(&p);
    CHECK(body_read(alias, strlen(alias), &p, NULL, 0, NULL, 0));
    CHECK(p.sources[SET_N_PREDICT].now.layer == LAYER_REQUEST && strcmp(p.sources[SET_N_PREDICT].now.name,
          "max_tokens") == 0 && strcmp(p.sources[SET_N_PREDICT].now.alias_of, "n_predict") == 0);

    /* The layers between the flag and the default, as the preset and model readers record them: a model section
     * over [*], the flag over both, a GGUF key read after a flag (common skips it) named as replaced. */
    Chain ch;
    args_defaults(&p);
    p.sampling.temp = 0.5;
    sources_note(&p, SET_TEMP, LAYER_PRESET_ALL, "temp", "p.ini", "*", NULL);
    p.sampling.temp = 0.3;
    sources_note(&p, SET_TEMP, LAYER_PRESET_MODEL, "temperature", "p.ini", "qwen", NULL);
    p.sampling.top_k = 20;
    sources_note(&p, SET_TOP_K, LAYER_FLAG, "--top-k", NULL, NULL, NULL);
    sources_note_value(&p, SET_TOP_K, LAYER_MODEL, "general.sampling.top_k", "m.gguf", NULL, "40");
    p.sampling.min_p = 0.1;
    sources_note(&p, SET_MIN_P, LAYER_MODEL, "general.sampling.min_p", "m.gguf", NULL, NULL);
    CHECK_INT(SAMPLING_OK, chain_init_from_params(&ch, &p.sampling, 0));
    args_sources(&p, &ch, text, sizeof text);
    CHECK(has_line(text, "value: temperature 0.3 from the preset p.ini, section [qwen], key temperature replaces temp "
                         "0.5 from the preset's [*]"));
    CHECK(has_line(text, "value: top_k 20 from --top-k replaces general.sampling.top_k 40 from the model"));
    CHECK(has_line(text, "value: min_p 0.1 from the model's general.sampling.min_p (m.gguf)"));
    chain_free(&ch);
}

/* One line per stage under the chain line, in its order, then (penalties and DRY act) the prompt in their
 * windows, then the two OpenAI lines, then each value the line set (SamplingSetting's order), and one line of
 * the values at llama.cpp's defaults; a "?" base of DRY. */
static void test_shape(void)
{
    static CliParams p;
    static char text[8192];
    explain_words((const char *const[]){"--repeat-penalty", "1.1", "--presence-penalty", "0.1", "--dry-multiplier",
                                        "0.8", "--xtc-probability", "0.5", "--typical", "0.9", "--top-n-sigma", "2",
                                        NULL}, &p, text, sizeof text);
    static const char *const starts[] = {"penalties: ", "dry: ", "top-n-sigma: ", "top-k: ", "typical: ", "top-p: ",
                                         "min-p: ", "xtc: ", "temp-ext: ", "dist: ",
                                         "the prompt is in the windows: ", "OpenAI names: ", "no OpenAI parameter ",
                                         "value: typical_p 0.9 from --typical", "value: repeat_penalty 1.1 from ",
                                         "value: presence_penalty 0.1 from ", "value: dry_multiplier 0.8 from ",
                                         "value: xtc_probability 0.5 from ", "value: top_n_sigma 2.0 from ",
                                         "values at llama.cpp's defaults: "};
    const char *at = text;
    size_t lines = 0;
    for (size_t i = 0; i < sizeof starts / sizeof starts[0] && at != NULL; i++) {
        check_true(__FILE__, __LINE__, strncmp(at, starts[i], strlen(starts[i])) == 0, starts[i]);
        at = strchr(at, '\n');
        at = at != NULL ? at + 1 : NULL;
        lines++;
    }
    CHECK_INT(20, (long long)lines);
    CHECK(at != NULL && *at == '\0');           /* nothing after the last line */
    /* dry_base below 1 reaches the chain only from the library (the flag and the server never store it). */
    SamplingParams sp = sampling_params_default();
    sp.dry_multiplier = 0.8;
    sp.dry_base = 0.5;
    args_defaults(&p);
    p.sampling = sp;
    Chain ch;
    CHECK_INT(SAMPLING_OK, chain_init_from_params(&ch, &p.sampling, 0));
    args_explain(&p, &ch, text, sizeof text);
    CHECK(has_line(text, "?dry: dry_base 0.5 is below 1: off (Example 9)"));
    char tiny[8];
    CHECK(args_explain(&p, &ch, tiny, sizeof tiny) == strlen(text) && strlen(tiny) == 7);
    CHECK(args_explain(NULL, &ch, tiny, sizeof tiny) == 0 && args_explain(&p, NULL, NULL, 0) == 0);
    chain_free(&ch);
}

/* Third newcomer, item 3, and issue 27, item 5: with -bs, llama.cpp runs on the GPU the stages before the first
 * one that acts and has no backend version (reference section 2: logit-bias, penalties, top-k, top-p, min-p,
 * temp, temp-ext and dist have one; a ? stage ends nothing), that one and the rest on the CPU; a grammar turns
 * backend sampling off. Each split below is worked out from that rule. */
static void test_backend_note(void)
{
#define ASSUMES " (reference section 2: the GPU runs the stages before the first without one; a ? stage ends " \
                "nothing). This assumes that each stage on the GPU gets + once llama.cpp's backend is initialized " \
                "(the backend has its ops): a - (an op it lacks) would end the GPU part there. Which mark a stage " \
                "gets depends on the GPU backend, which this tool cannot know, so the line here has no prefixes\n"
    static const struct {
        const char *argv[12];
        const char *note;         /* args_backend_note's text, exactly */
    } rows[] = {
        {{"-bs"}, "-bs: here top-k, top-p, min-p, temp-ext and dist run on the GPU" ASSUMES},
        {{"--backend-sampling", "-l", "15-inf", "--repeat-penalty", "1.1", "--mirostat", "2"}, "-bs: here logit-bias "
         "and temp run on the GPU, and mirostat-v2, the first stage that acts without a backend version, and every "
         "later one on the CPU" ASSUMES},
        {{"--samplers", "penalties;top_k;xtc", "--repeat-penalty", "1.1", "--xtc-probability", "0.5", "-bs"},
         "-bs: here penalties and top-k run on the GPU, and xtc, the first stage that acts without a backend "
         "version, and every later one on the CPU, though dist is prefixed too" ASSUMES},
        {{"-bs", "--mirostat", "2"}, "-bs: here temp runs on the GPU, and mirostat-v2, the first stage that acts "
         "without a backend version, and every later one on the CPU" ASSUMES},
        /* The reference's own case: DRY first, so every stage runs on the CPU though top-k and top-p print +. */
        {{"--samplers", "dry;top_k;top_p", "-bs", "--dry-multiplier", "0.8"}, "-bs: dry, the first stage that acts, "
         "has no backend version, so llama.cpp runs it and every later stage on the CPU: the whole chain, though "
         "top-k, top-p and dist are prefixed with + or - (reference section 2: the GPU runs only the stages before "
         "the first without one). Which mark a stage gets depends on the GPU backend, which this tool cannot know, "
         "so the line here has no prefixes\n"},
        /* ?dry, ?top-n-sigma, ?typical and ?xtc end nothing: every stage that acts has a backend version */
        {{"-bs", "--repeat-penalty", "1.1"}, "-bs: here penalties, top-k, top-p, min-p, temp-ext and dist run on "
         "the GPU" ASSUMES},
        {{"-bs", "--mirostat", "1", "--temp", "1"}, "-bs: no stage of this line that acts has a backend version (a ? "
         "stage keeps its ?), so llama.cpp runs the chain on the CPU and logs the line as it stands\n"},
        {{"-bs", "-j", "{}"}, "-bs: with a grammar (-j), llama.cpp turns backend sampling off (\"backend sampling is "
         "not compatible with grammar, disabling\"): every stage runs on the CPU, and llama.cpp logs the line "
         "without + or -\n"},
        {{"--repeat-penalty", "1.1"}, ""},
    };
#undef ASSUMES
    static CliParams p;
    char err[300], note[1024];
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
        char *argv[MAX_WORDS];
        int argc = argv_of(rows[r].argv, argv);
        Chain ch;
        bool built = args_parse(argc, argv, &p, err, sizeof err)
                  && chain_init_from_params(&ch, &p.sampling, 0) == SAMPLING_OK;
        CHECK(built);
        if (!built)
            continue;
        size_t n = args_backend_note(&p, &ch, note, sizeof note);
        bool good = strcmp(note, rows[r].note) == 0 && n == strlen(rows[r].note);
        check_true(__FILE__, __LINE__, good, rows[r].note);
        if (!good)
            printf("    backend row %zu: got '%s'\n", r, note);
        CHECK(strstr(p.ignored, "-bs") == NULL);    /* not named among the flags that do not change sampling */
        chain_free(&ch);
    }
    CHECK(args_backend_note(NULL, NULL, note, sizeof note) == 0 && note[0] == '\0');
}

/* Issue 21: every setting typed (or sent in a body) that no stage of the built chain reads is named, with its
 * value, why it does nothing and the fix: mirostat replaces the filters (reference section 5: with mirostat on,
 * the sampler list is ignored, and with it penalties, DRY, top-k and so on, and dynatemp); a sampler left out of
 * --samplers is off; tau and eta do nothing with mirostat off. A setting of a "?" stage is read (the "?" shows
 * it), and so are the list, the bias and the seed whatever the chain; a value that only turns its stage off
 * (--top-k 0) draws no note either, as the issue asks. Each expected text worked out from the
 * chain line the row gives. */
#define MIROSTAT_2 "with --mirostat 2, llama.cpp ignores the sampler list: no penalties, DRY, top-k and so on, and no " \
                   "dynatemp (mirostat replaces the filters)"
static const struct {
    const char *argv[16];
    const char *body;             /* --from-json's body read after the flags, or NULL */
    const char *dropped;          /* args_dropped's text, exactly */
} dropped_rows[] = {
    /* The two lines. */
    {{"--mirostat", "2", "--repeat-penalty", "1.1"}, NULL, "--repeat-penalty 1.1 does nothing: " MIROSTAT_2 "; drop "
     "it, or give --mirostat 0 to use the list\n"},
    {{"--samplers", "top_k;top_p;min_p;temperature", "--repeat-penalty", "1.05"}, NULL, "--repeat-penalty 1.05 does "
     "nothing: penalties is not in --samplers (top_k;top_p;min_p;temperature), and a sampler left out of the list is "
     "off; add penalties to the list to use it\n"},
    /* One line per reason: several settings, the list itself, the names as typed ('_' kept). */
    {{"--mirostat", "2", "--top_k", "20", "--dynatemp-range", "0.5", "--samplers", "top_k", "--temp", "0.7"}, NULL,
     "--top_k 20, --dynatemp-range 0.5 and --samplers top_k do nothing: " MIROSTAT_2 "; drop them, or give "
     "--mirostat 0 to use the list\n"},
    {{"--sampler-seq", "kt", "--xtc-threshold", "0.2", "--dry-multiplier", "0.8", "--dry-base", "2", "--top-k",
      "5"}, NULL, "--dry-multiplier 0.8 and --dry-base 2 do nothing: dry (d) is not in --sampler-seq (kt), and a "
     "sampler left out of the list is off; add d to the list to use them\n--xtc-threshold 0.2 does nothing: xtc (x) "
     "is not in --sampler-seq (kt), and a sampler left out of the list is off; add x to the list to use it\n"},
    {{"--samplers", "min_p", "--temp", "0.5"}, NULL, "--temp 0.5 does nothing: temperature is not in --samplers "
     "(min_p), and a sampler left out of the list is off; add temperature to the list to use it\n"},
    /* Review item 15: the list as typed, and what llama.cpp made of it where that differs. */
    {{"--samplers", "top_k;typical", "--temp", "0.5"}, NULL, "--temp 0.5 does nothing: temperature is not in "
     "--samplers (top_k;typical, which llama.cpp reads as top_k), and a sampler left out of the list is off; add "
     "temperature to the list to use it\n"},
    {{"--sampler-seq", "kq", "--temp", "0.5"}, NULL, "--temp 0.5 does nothing: temperature (t) is not in "
     "--sampler-seq (kq, which llama.cpp reads as k), and a sampler left out of the list is off; add t to the list "
     "to use it\n"},
    {{"--mirostat", "2", "--samplers", "top_k;typical"}, NULL, "--samplers top_k;typical (which llama.cpp reads as "
     "top_k) does nothing: " MIROSTAT_2 "; drop it, or give --mirostat 0 to use the list\n"},
    {{"--samplers", "typical", "--top-k", "5"}, NULL, "--top-k 5 does nothing: top_k is not in --samplers (typical, "
     "which llama.cpp reads as an empty list), and a sampler left out of the list is off; add top_k to the list to "
     "use it\n"},
    /* Mirostat's own settings with mirostat off. */
    {{"--mirostat-ent", "3", "--mirostat-lr", "0.2"}, NULL, "--mirostat-ent 3 and --mirostat-lr 0.2 do nothing: only "
     "mirostat reads them, and mirostat is off (--mirostat 0, the default); give --mirostat 1 or 2 to use them\n"},
    {{"--mirostat", "0", "--mirostat-ent", "3"}, NULL, "--mirostat-ent 3 does nothing: only mirostat reads it, and "
     "mirostat is off (--mirostat 0); give --mirostat 1 or 2 to use it\n"},
    /* A value that only turns its stage off draws no note (the stage is off either way): top_k 0 and top_p 1 of
     * the preset, --temp 1; the preset's min_p is named, with the preset. A value that does not turn the stage
     * off itself is named (xtc's probability, not its threshold, is what is off). */
    {{"--gpt-oss-20b-default", "--mirostat", "1"}, NULL, "min_p 0.01 (--gpt-oss-20b-default) does nothing: with "
     "--mirostat 1, llama.cpp ignores the sampler list: no penalties, DRY, top-k and so on, and no dynatemp "
     "(mirostat replaces the filters); drop it, or give --mirostat 0 to use the list\n"},
    {{"--samplers", "min_p", "--top-k", "0", "--top-p", "1.0", "--temp", "1"}, NULL, ""},
    {{"--samplers", "top_k", "--xtc-threshold", "0.2"}, NULL, "--xtc-threshold 0.2 does nothing: xtc is not in "
     "--samplers (top_k), and a sampler left out of the list is off; add xtc to the list to use it\n"},
    /* Nothing dropped: read by a stage, "?" or not; the list, the biases, the seed; request fields. */
    {{"--mirostat", "2", "--mirostat-ent", "3", "--temp", "0.7", "-l", "15-inf", "--ignore-eos", "-s", "5"}, NULL,
     ""},
    {{"--top-k", "0", "--xtc-threshold", "0.2", "--dynatemp-exp", "2", "--repeat-last-n", "128"}, NULL, ""},
    {{"--samplers", "", "-p", "x", "-n", "5", "-r", "y", "--dry-sequence-breaker", "none"}, NULL,
     "--dry-sequence-breaker none does nothing: dry is not in --samplers (an empty list), and a sampler left out of "
     "the list is off; add dry to the list to use it\n"},
    /* A body's field at llama.cpp's default value draws no note (a --json-all body sends every default); a flag
     * the reader typed does, whatever its value: they asked for it, and the chain drops it. */
    {{"--mirostat-ent", "5", "--mirostat-lr", "0.2"}, NULL, "--mirostat-ent 5 and --mirostat-lr 0.2 do nothing: only "
     "mirostat reads them, and mirostat is off (--mirostat 0, the default); give --mirostat 1 or 2 to use them\n"},
    {{"--samplers", "top_k", "--adaptive-target", "-1"}, NULL, "--adaptive-target -1 does nothing: adaptive_p is not "
     "in --samplers (top_k), and a sampler left out of the list is off; add adaptive_p to the list to use it\n"},
    {{NULL}, "{\"prompt\": \"x\", \"temperature\": 0.8, \"top_k\": 40, \"top_p\": 0.95, \"min_p\": 0.05, "
     "\"typical_p\": 1, \"repeat_last_n\": 64, \"repeat_penalty\": 1, \"presence_penalty\": 0, "
     "\"frequency_penalty\": 0, \"dry_multiplier\": 0, \"dry_base\": 1.75, \"dry_allowed_length\": 2, "
     "\"dry_penalty_last_n\": 64, \"xtc_probability\": 0, \"xtc_threshold\": 0.1, \"top_n_sigma\": -1, "
     "\"dynatemp_range\": 0, \"dynatemp_exponent\": 1, \"mirostat\": 0, \"mirostat_tau\": 5, \"mirostat_eta\": 0.1, "
     "\"adaptive_target\": -1, \"adaptive_decay\": 0.9, \"seed\": -1, \"dry_sequence_breakers\": [\"\\n\", \":\", "
     "\"\\\"\", \"*\"], \"samplers\": [\"penalties\", \"dry\", \"top_n_sigma\", \"top_k\", \"typ_p\", \"top_p\", "
     "\"min_p\", \"xtc\", \"temperature\"], \"ignore_eos\": false, \"logit_bias\": []}", ""},
    {{NULL}, "{\"prompt\": \"x\", \"mirostat\": 2, \"top_k\": 40, \"top_p\": 0.9}", "top_p 0.9 (the request's top_p) "
     "does nothing: with mirostat 2, llama.cpp ignores the sampler list: no penalties, DRY, top-k and so on, and no "
     "dynatemp (mirostat replaces the filters); drop it, or send mirostat 0 to use the list\n"},
    /* A body (--from-json): its fields as written, named with the request as their source, as a model's key or a
     * preset's is (review final4, finding 4); the cause's mirostat as sent, its fix naming the body. The server's
     * own flags too. */
    {{NULL}, "{\"prompt\": \"x\", \"mirostat\": 2, \"top_k\": 20}", "top_k 20 (the request's top_k) does nothing: "
     "with mirostat 2, llama.cpp ignores the sampler list: no penalties, DRY, top-k and so on, and no dynatemp "
     "(mirostat replaces the filters); drop it, or send mirostat 0 to use the list\n"},
    {{"llama-server", "--repeat-penalty", "1.1"}, "{\"prompt\": \"x\", \"samplers\": [\"top_k\"]}",
     "--repeat-penalty 1.1 does nothing: penalties is not in samplers ([\"top_k\"]), and a sampler left out of the "
     "list is off; add penalties to the list to use it\n"},
    /* Issue 27: a body's min_keep is a setting too (typical, top-p, min-p and XTC read it); 0 is the default. */
    {{NULL}, "{\"prompt\": \"x\", \"mirostat\": 2, \"min_keep\": 3}", "min_keep 3 (the request's min_keep) does "
     "nothing: with mirostat 2, llama.cpp ignores the sampler list: no penalties, DRY, top-k and so on, and no "
     "dynatemp (mirostat replaces the filters); drop it, or send mirostat 0 to use the list\n"},
    {{NULL}, "{\"prompt\": \"x\", \"mirostat\": 2, \"min_keep\": 0}", ""},
};

static void test_dropped(void)
{
    static CliParams p;
    char err[600], text[4096], notes[1024];
    for (size_t r = 0; r < sizeof dropped_rows / sizeof dropped_rows[0]; r++) {
        char *argv[MAX_WORDS];
        int argc = argv_of(dropped_rows[r].argv, argv);
        Chain ch;
        const char *body = dropped_rows[r].body;
        bool built = args_parse(argc, argv, &p, err, sizeof err)
                  && (body == NULL || body_read(body, strlen(body), &p, notes, sizeof notes, err, sizeof err))
                  && chain_init_from_params(&ch, &p.sampling, 0) == SAMPLING_OK;
        CHECK(built);
        if (!built) {
            printf("    dropped row %zu: %s\n", r, err);
            continue;
        }
        size_t n = args_dropped(&p, &ch, text, sizeof text);
        bool good = strcmp(text, dropped_rows[r].dropped) == 0 && n == strlen(text);
        check_true(__FILE__, __LINE__, good, dropped_rows[r].dropped);
        if (!good)
            printf("    dropped row %zu: got '%s'\n", r, text);
        /* --explain says the same, under the stages. */
        args_explain(&p, &ch, text, sizeof text);
        CHECK(strstr(text, dropped_rows[r].dropped) != NULL);
        chain_free(&ch);
    }
    /* The table gives every setting its readers, so that a new setting cannot be forgotten silently. */
    for (int s = 0; s < SET_COUNT; s++)
        check_true(__FILE__, __LINE__, args_setting_readers((ArgsSetting)s) != 0, args_setting_field(s, NULL));
    CHECK(args_setting_readers(SET_COUNT) == 0);
    CHECK(args_dropped(NULL, NULL, text, sizeof text) == 0 && text[0] == '\0');
}

void test_explain(void)
{
    test_lines();
    test_min_keep();
    test_bias_strings();
    test_shape();
    test_backend_note();
    test_probs_and_windows();
    test_sources();
    test_dropped();
}
