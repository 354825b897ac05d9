/* test_from_json.c: issue 17, item 5: a llama-server body read back (lib/cli/from_json.c), its chain line and
 * the flags that build the same chain (command.c), and the round trip flags -> --json / --openai ->
 * --from-json -> flags for seeded random command lines. Each expected line follows server-schema.cpp's rules
 * (reference section 7: clamps, hard limits, aliases, logit_bias's forms, samplers' forms, dry_base's
 * default) and nlohmann's conversions (a float field holds the float of the number, an int32 field wraps
 * modulo 2^32, a boolean is 0 or 1). */
#include "check.h"
#include "cli/args.h"
#include "cli/command.h"
#include "cli/from_json.h"
#include "cli/request.h"
#include "rng.h"
#include "tests.h"
#include "text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_LINE "logits -> ?penalties -> ?dry -> ?top-n-sigma -> top-k -> ?typical -> top-p -> min-p -> ?xtc " \
                     "-> temp-ext -> dist"

/* The chain line of p, or "(refused)". */
static void line_of(const CliParams *p, char *line, size_t size)
{
    Chain ch;
    snprintf(line, size, "(refused)");
    if (chain_init_from_params(&ch, &p->sampling, 0) == SAMPLING_OK) {
        chain_describe(&ch, line, size);
        chain_free(&ch);
    }
}

/* Reads body onto llama.cpp's defaults. */
static bool read_body(const char *body, CliParams *p, char *notes, size_t notes_size, char *err, size_t err_size)
{
    args_defaults(p);
    return body_read(body, strlen(body), p, notes, notes_size, err, err_size);
}

typedef struct {
    const char *body;
    const char *chain;            /* the chain line llama-server builds */
    const char *flags;            /* args_command, exactly */
    const char *note;             /* a part of the notes or warnings, or NULL for none */
} BodyRow;

static const BodyRow body_rows[] = {
    {"{\"prompt\": \"x\"}", DEFAULT_LINE, "llama-server", NULL},
    {"{\"prompt\": \"x\", \"temperature\": 0.7, \"top_k\": 20}", DEFAULT_LINE, "llama-server --temp 0.7 --top-k 20",
     NULL},
    /* The float rule: the server's float of the number decides. */
    {"{\"prompt\": \"x\", \"top_p\": 0.99999999}",
     "logits -> ?penalties -> ?dry -> ?top-n-sigma -> top-k -> ?typical -> ?top-p -> min-p -> ?xtc -> temp-ext -> dist",
     "llama-server --top-p 1", NULL},
    {"{\"prompt\": \"x\", \"xtc_probability\": 0.5, \"xtc_threshold\": 0.50000001, \"samplers\": [\"xtc\"]}",
     "logits -> xtc -> dist", "llama-server --xtc-probability 0.5 --xtc-threshold 0.5 --samplers xtc", NULL},
    {"{\"prompt\": \"x\", \"repeat_penalty\": 1.00000001, \"samplers\": [\"penalties\"]}", "logits -> ?penalties -> dist",
     "llama-server --samplers penalties", NULL},
    /* Clamps, each with a note; min_p above 1 keeps every tie with the top token on the server. */
    {"{\"prompt\": \"x\", \"min_p\": 1.5}", DEFAULT_LINE, "llama-server --min-p 1",
     "min_p: 1.5 is clamped to 1 by llama-server, which keeps every token tied with the top one"},
    {"{\"prompt\": \"x\", \"top_k\": -5}",
     "logits -> ?penalties -> ?dry -> ?top-n-sigma -> ?top-k -> ?typical -> top-p -> min-p -> ?xtc -> temp-ext -> dist",
     "llama-server --top-k 0", "top_k: -5 is clamped to 0 by llama-server"},
    {"{\"prompt\": \"x\", \"mirostat\": 5, \"temperature\": 1}", "logits -> ?temp -> mirostat-v2",
     "llama-server --temp 1 --mirostat 2", "mirostat: 5 is clamped to 2 by llama-server"},
    {"{\"prompt\": \"x\", \"temperature\": -1, \"top_p\": 2}",
     "logits -> ?penalties -> ?dry -> ?top-n-sigma -> top-k -> ?typical -> ?top-p -> min-p -> ?xtc -> temp-ext -> dist",
     "llama-server --temp 0 --top-p 1", "temperature: -1 is clamped to 0 by llama-server"},
    {"{\"prompt\": \"x\", \"dry_multiplier\": 0.8, \"dry_base\": 0.5, \"samplers\": [\"dry\"]}", "logits -> dry -> dist",
     "llama-server --dry-multiplier 0.8 --samplers dry", "dry_base: 0.5 is below 1: llama-server uses its default, 1.75"},
    /* Review item 9: a double past float's range is +-inf as the float field holds it, with a note. */
    {"{\"prompt\": \"x\", \"temperature\": 1e39}", DEFAULT_LINE, "llama-server --temp inf",
     "temperature: 1e39 is past float's range (at most about 3.4e38): llama-server's float field holds inf "
     "(nlohmann::json's get<float>, C++'s conversion of the double, which the reference does not describe); temp "
     "divides each logit by it (reference section 1), so each finite logit becomes 0 and the tokens the filters "
     "keep are equally likely, unless a dynatemp range is set"},
    {"{\"prompt\": \"x\", \"min_p\": -1e39}",
     "logits -> ?penalties -> ?dry -> ?top-n-sigma -> top-k -> ?typical -> top-p -> ?min-p -> ?xtc -> temp-ext -> dist",
     "llama-server --min-p 0", "min_p: -1e39 is past float's range (at most about 3.4e38): llama-server's float field "
     "holds -inf (nlohmann::json's get<float>, C++'s conversion of the double, which the reference does not "
     "describe)\nmin_p: -1e39 is clamped to 0 by llama-server\n"},
    /* nlohmann's conversions: true is 1, an int32 wraps modulo 2^32 (4294967336 is 40), a float is cut; each with
     * a note (review 27, finding 22), -1 as a seed (random) without one. */
    {"{\"prompt\": \"x\", \"temperature\": true, \"samplers\": [\"temperature\"]}", "logits -> ?temp-ext -> dist",
     "llama-server --temp 1 --samplers temperature", "temperature: true is read as 1 (a boolean in a number field is "
     "0 or 1: nlohmann::json, llama-server's JSON reader, and C++'s conversion, which the reference does not "
     "describe)"},
    {"{\"prompt\": \"x\", \"top_k\": 4294967336}", DEFAULT_LINE, "llama-server", "top_k: 4294967336 is read as 40 (the "
     "field keeps the number's low 32 bits"},
    {"{\"prompt\": \"x\", \"top_k\": 20.9, \"seed\": 4294967297}", DEFAULT_LINE, "llama-server --top-k 20 -s 1",
     "top_k: 20.9 is read as 20 (an integer field cuts the number's fraction"},
    {"{\"prompt\": \"x\", \"seed\": -1, \"temperature\": null}", DEFAULT_LINE, "llama-server", NULL},
    /* logit_bias's pairs: a ban as false; an id below 0, a float id, a lone element, a bias that is neither a
     * number nor false are skipped; a string token is kept as -1 with a note. */
    {"{\"prompt\": \"x\", \"logit_bias\": [[15, false], [7, 2.5], [-3, 1], [1.0, 5], [8], [\"hi\", 1], [9, true], "
     "[10, \"x\"]], \"samplers\": []}", "logits -> logit-bias -> dist",
     "llama-server --samplers '' -l 15-inf -l 7+2.5 -l -1+1", "logit_bias: \"hi\" is a string: llama-server tokenizes "
     "it (with the model's tokenizer, which this tool does not have) and biases each of its tokens; kept here as the "
     "id -1, matching no token, so that the chain line shows logit-bias (find its ids with the model's tokenizer and "
     "write -l ID+1)"},
    /* Review final4, finding 6: a string's quote is escaped as its backslash is, so it reads back as the string. */
    {"{\"prompt\": \"x\", \"logit_bias\": [[\"a\\\"b\\\\nc\", false]], \"samplers\": []}",
     "logits -> logit-bias -> dist", "llama-server --samplers '' -l -1-inf",
     "logit_bias: \"a\\\"b\\\\nc\" is a string: llama-server tokenizes it"},
    /* An empty key is token 0 as llama-server tests it, and a note says so, as the reference says otherwise. */
    {"{\"prompt\": \"x\", \"logit_bias\": {\"\": 1}, \"samplers\": []}", "logits -> logit-bias -> dist",
     "llama-server --samplers '' -l 0+1", "logit_bias: the key \"\" is read as token 0, as server-schema.cpp at 0177c342 tests a key "
     "(strtol, then whether it stopped at the key's end, which for \"\" it does at once); the reference (section 7) "
     "says only a key that parses as an integer is a token id"},
    /* A string banned with false: the -l to write bans its ids, ID-inf, as the flags line writes the ban. */
    {"{\"prompt\": \"x\", \"logit_bias\": [[\"hi\", false]], \"samplers\": []}", "logits -> logit-bias -> dist",
     "llama-server --samplers '' -l -1-inf", "write -l ID-inf)"},
    /* The object form: strtol of the whole key ("" is 0, " 7" is 7), 99999999999 cut to 32 bits. */
    {"{\"prompt\": \"x\", \"logit_bias\": {\"15\": false, \" 7\": 2, \"\": 1, \"abc\": -1, \"99999999999\": 3}, "
     "\"samplers\": []}", "logits -> logit-bias -> dist",
     "llama-server --samplers '' -l 15-inf -l 7+2 -l 0+1 -l -1-1 -l 1215752191+3", "\"abc\" is a string"},
    /* Fourth newcomer, finding 4: of two members with the same key, nlohmann::json (llama-server's reader) keeps
     * the last, in logit_bias's object as in the body itself; two pairs of one token both stay (a list). */
    {"{\"prompt\": \"x\", \"logit_bias\": {\"15\": false, \"15\": 1}, \"samplers\": []}",
     "logits -> logit-bias -> dist", "llama-server --samplers '' -l 15+1", "\"15\" in \"logit_bias\" is given twice: "
     "llama-server's JSON reader (nlohmann::json) keeps the last, 1; the earlier one is dropped"},
    {"{\"prompt\": \"x\", \"logit_bias\": {\"15\": 1, \"7\": 2, \"15\": false, \"015\": 3}, \"samplers\": []}",
     "logits -> logit-bias -> dist", "llama-server --samplers '' -l 7+2 -l 15-inf -l 15+3", "\"15\" in \"logit_bias\" "
     "is given twice: llama-server's JSON reader (nlohmann::json) keeps the last, false; the earlier one is dropped"},
    {"{\"prompt\": \"x\", \"logit_bias\": {\"ab\": 1, \"ab\": \"x\"}, \"samplers\": []}", "logits -> dist",
     "llama-server --samplers ''", "\"ab\" in \"logit_bias\" is given twice: llama-server's JSON reader "
     "(nlohmann::json) keeps the last, string"},
    {"{\"prompt\": \"x\", \"logit_bias\": {\"ab\": 1, \"ab\": 2}, \"samplers\": []}",
     "logits -> logit-bias -> dist", "llama-server --samplers '' -l -1+2", "write -l ID+2)"},
    {"{\"prompt\": \"x\", \"logit_bias\": [[15, false], [15, 1]], \"samplers\": []}",
     "logits -> logit-bias -> dist", "llama-server --samplers '' -l 15-inf -l 15+1", NULL},
    {"{\"prompt\": \"x\", \"logit_bias\": [], \"ignore_eos\": true, \"samplers\": \"k\"}",
     "logits -> logit-bias -> top-k -> dist", "llama-server --samplers top_k --ignore-eos", NULL},
    /* samplers: names in any case (an unknown one warned about and skipped), letters, another type ignored. */
    {"{\"prompt\": \"x\", \"samplers\": [\"top_k\", \"TEMP\", \"bogus\", \"min-p\"]}",
     "logits -> top-k -> temp-ext -> min-p -> dist", "llama-server --samplers 'top_k;temperature;min_p'",
     "unable to match sampler by name 'bogus'"},
    {"{\"prompt\": \"x\", \"samplers\": \"kmtq\"}", "logits -> top-k -> min-p -> temp-ext -> dist",
     "llama-server --samplers 'top_k;min_p;temperature'", "unable to match sampler by char 'q'"},
    {"{\"prompt\": \"x\", \"samplers\": 5}", DEFAULT_LINE, "llama-server", NULL},
    /* An empty string tokenizes to nothing: no entry, so no logit-bias. */
    {"{\"prompt\": \"x\", \"logit_bias\": [[\"\", 1]], \"stream_options\": 5}", DEFAULT_LINE, "llama-server",
     "logit_bias: \"\" is a string with no tokens: llama-server biases nothing for it"},
    /* Breakers: written as llama.cpp's escapes, "none" as \x6eone so that it is not the word that clears. */
    {"{\"prompt\": \"x\", \"dry_multiplier\": 0.8, \"dry_sequence_breakers\": [\"\\n\", \"none\", \"a'b\"]}",
     "logits -> ?penalties -> dry -> ?top-n-sigma -> top-k -> ?typical -> top-p -> min-p -> ?xtc -> temp-ext -> dist",
     "llama-server --dry-multiplier 0.8 --dry-sequence-breaker '\\n' --dry-sequence-breaker '\\x6eone' "
     "--dry-sequence-breaker 'a'\\''b'", NULL},
    /* The chat body: the same fields; n_predict wins over max_tokens, whose -5 is then never read. */
    {"{\"messages\": [{\"role\": \"system\", \"content\": \"be brief\"}, {\"role\": \"user\", \"content\": [{\"type\": "
     "\"text\", \"text\": \"hi\"}]}, {\"role\": \"assistant\", \"tool_calls\": []}], \"temperature\": 0.5, "
     "\"n_predict\": 3, \"max_tokens\": -5, \"logprobs\": true, \"top_logprobs\": 2, \"stream\": false}",
     DEFAULT_LINE, "llama-server --temp 0.5", NULL},
    {"{\"temperature\": 0.7}", DEFAULT_LINE, "llama-server --temp 0.7", "neither prompt nor messages: a /completion "
     "body carries a prompt, a /v1/chat/completions body messages; whether llama-server refuses one without them is "
     "not checked against this workbench's reference; the chain line is what the rest gives"},
    /* Fourth newcomer, finding 5: only a chat body's response_format of type json_object or json_schema becomes a
     * grammar (reference section 7); type text is none. */
    {"{\"messages\": [], \"response_format\": {\"type\": \"text\"}}", DEFAULT_LINE, "llama-server", NULL},
    {"{\"messages\": [], \"response_format\": {\"type\": \"json_object\"}}", DEFAULT_LINE, "llama-server",
     "response_format: its type json_object becomes a JSON-schema grammar, which changes sampling outside the chain "
     "line (llama.cpp's --json-schema); not in the flags"},
    /* n above 1 is refused by a server whose n_parallel (-np) is below it, which this tool knows only from -np. */
    {"{\"prompt\": \"x\", \"n\": 5}", DEFAULT_LINE, "llama-server", "n: 5: llama-server answers 400 if its "
     "n_parallel (-np) is below 5; give the server's -np with --from-json to check it"},
    {"{\"prompt\": \"x\", \"n\": 1}", DEFAULT_LINE, "llama-server", NULL},
    /* Third newcomer, item 3: backend_sampling is -bs, whose note (args_backend_note) the chain line gets. */
    {"{\"prompt\": \"x\", \"backend_sampling\": true}", DEFAULT_LINE, "llama-server -bs", NULL},
    {"{\"prompt\": \"x\", \"backend_sampling\": false}", DEFAULT_LINE, "llama-server", NULL},
    {"{\"prompt\": \"x\", \"grammar\": \"root ::= \\\"a\\\"\"}", DEFAULT_LINE, "llama-server",
     "grammar: a grammar changes sampling outside the chain line"},
    /* Issue 21: the reasoning budget acts outside the chain line too (reference section 2). */
    {"{\"prompt\": \"x\", \"reasoning_budget_tokens\": 100}", DEFAULT_LINE, "llama-server",
     "reasoning_budget_tokens: llama.cpp's reasoning-budget sampler is kept outside the chain and never printed in "
     "its line (llama.cpp's --reasoning-budget); not in the flags"},
    /* Finding 2: -1 is no budget, so nothing acts outside the chain line, and no note says so. */
    {"{\"prompt\": \"x\", \"reasoning_budget_tokens\": -1}", DEFAULT_LINE, "llama-server", NULL},
    /* Issue 23: adaptive-p's fields are settings, written back as its flags. adaptive_target is clamped to
     * [-FLT_MAX, 1] (a note above 1; a negative one stays, and draws as dist does); adaptive_decay 0.99 is the
     * hard limit's top. Anywhere in the list, adaptive_p ends the chain in place of dist. */
    {"{\"prompt\": \"x\", \"samplers\": [\"adaptive_p\", \"min_p\"], \"adaptive_target\": 0.3, "
     "\"adaptive_decay\": 0.99}", "logits -> min-p -> adaptive-p",
     "llama-server --adaptive-target 0.3 --adaptive-decay 0.99 --samplers 'adaptive_p;min_p'", NULL},
    {"{\"prompt\": \"x\", \"samplers\": \"ka\", \"adaptive_target\": 1.5, \"adaptive_decay\": 0}",
     "logits -> top-k -> adaptive-p", "llama-server --adaptive-target 1 --adaptive-decay 0 --samplers 'top_k;adaptive_p'",
     "adaptive_target: 1.5 is clamped to 1 by llama-server"},
    {"{\"prompt\": \"x\", \"adaptive_target\": -5}", DEFAULT_LINE, "llama-server --adaptive-target -5", NULL},
};

static void test_body_rows(void)
{
    static CliParams p;
    for (size_t r = 0; r < sizeof body_rows / sizeof body_rows[0]; r++) {
        const BodyRow *row = &body_rows[r];
        char notes[2048] = "", err[600] = "", line[512] = "(refused)", flags[1024] = "";
        bool ok = read_body(row->body, &p, notes, sizeof notes, err, sizeof err);
        if (ok) {
            line_of(&p, line, sizeof line);
            args_command(&p, flags, sizeof flags);
        }
        bool noted = row->note == NULL ? notes[0] == '\0' && p.warnings[0] == '\0'
                                       : strstr(notes, row->note) != NULL || strstr(p.warnings, row->note) != NULL;
        bool good = ok && strcmp(line, row->chain) == 0 && strcmp(flags, row->flags) == 0 && noted;
        check_true(__FILE__, __LINE__, good, row->body);
        if (!good)
            printf("    body row %zu: got '%s', flags '%s' (notes: %s; warnings: %s; %s)\n", r, line, flags, notes,
                   p.warnings, err);
    }
}

typedef struct {
    const char *body;
    const char *message;          /* the start of the one-line refusal */
} ErrorRow;

static const ErrorRow error_rows[] = {
    {"{\"prompt\": \"x\", \"top_k\": \"40\"}", "top_k: llama-server answers 400: \"Field 'top_k': "
     "[json.exception.type_error.302] type must be number, but is string\""},
    {"{\"prompt\": \"x\", \"stream\": 1}", "stream: llama-server answers 400: \"Field 'stream': "
     "[json.exception.type_error.302] type must be boolean, but is number\""},
    {"{\"prompt\": \"x\", \"repeat_last_n\": -1}", "repeat_last_n: llama-server answers 400: \"Field 'repeat_last_n': "
     "Value must be between 0 <= value <= 2147483647, but got -1\" (a command line's -1 is off where it reaches "
     "current libllama, which clamps it to 0; older llama-server took it as the slot's context size; send 0 for off, "
     "or the window in tokens)"},
    {"{\"prompt\": \"x\", \"dry_penalty_last_n\": -2}", "dry_penalty_last_n: llama-server answers 400: \"Field "
     "'dry_penalty_last_n': Value must be between 0 <= value <= 2147483647, but got -2\""},
    {"{\"prompt\": \"x\", \"dry_allowed_length\": -1}", "dry_allowed_length: llama-server answers 400"},
    {"{\"prompt\": \"x\", \"min_keep\": -1}", "min_keep: llama-server answers 400"},
    {"{\"prompt\": \"x\", \"max_tokens\": -2}", "max_tokens: llama-server answers 400: \"Field 'max_tokens': Value "
     "must be between -1 <= value <= 2147483647, but got -2\""},
    /* Fourth newcomer, finding 3: n's hard range is [1, n_parallel] (reference section 7); without the server's
     * -np only the lower bound is known, and the message says what the upper one is. */
    {"{\"prompt\": \"x\", \"n\": 0}", "n: llama-server answers 400 for 0: n must be at least 1, and at most the "
     "server's n_parallel (its -np)"},
    {"{\"prompt\": \"x\", \"n_cmpl\": -3, \"n\": 2}", "n_cmpl: llama-server answers 400 for -3: n_cmpl must be at "
     "least 1, and at most the server's n_parallel (its -np)"},
    {"{\"prompt\": \"x\", \"adaptive_decay\": 0.995}", "adaptive_decay: llama-server answers 400: \"Field "
     "'adaptive_decay': Value must be between 0.000000 <= value <= 0.990000, but got 0.995000\""},
    {"{\"prompt\": \"x\", \"adaptive_decay\": -0.1}", "adaptive_decay: llama-server answers 400: \"Field "
     "'adaptive_decay': Value must be between 0.000000 <= value <= 0.990000, but got -0.100000\""},
    {"{\"prompt\": \"x\", \"adaptive_target\": \"0.5\"}", "adaptive_target: llama-server answers 400: \"Field "
     "'adaptive_target': [json.exception.type_error.302] type must be number, but is string\""},
    {"{\"prompt\": \"x\", \"dry_sequence_breakers\": []}", "dry_sequence_breakers: llama-server answers 400: \"Field "
     "'dry_sequence_breakers': Error: dry_sequence_breakers must be a non-empty array of strings\""},
    {"{\"prompt\": \"x\", \"dry_sequence_breakers\": \"\\n\"}", "dry_sequence_breakers: llama-server answers 400"},
    {"{\"prompt\": \"x\", \"dry_sequence_breakers\": [\"a\", 1]}", "dry_sequence_breakers: llama-server answers 400"},
    {"{\"prompt\": \"x\", \"samplers\": [\"top_k\", 3]}", "samplers: llama-server answers 400: \"Field 'samplers': "
     "[json.exception.type_error.302] type must be string, but is number\""},
    {"{\"prompt\": \"x\", \"stop\": [\"a\", 1]}", "stop: llama-server answers 400"},
    {"{\"prompt\": \"x\", \"lora\": {}}", "lora: llama-server answers 400"},
    {"{\"prompt\": \"x\", \"ignore_eos\": \"yes\"}", "ignore_eos: llama-server answers 400"},
    {"{\"prompt\": \"x\", \"stream_options\": {\"include_usage\": 1}}", "include_usage: llama-server answers 400: "
     "\"Field 'include_usage': [json.exception.type_error.302] type must be boolean, but is number\""},
    {"{\"prompt\": 5}", "prompt: llama-server answers 400"},
    {"{\"messages\": \"hi\"}", "messages: llama-server answers 400: \"Expected 'messages' to be an array\""},
    {"{\"messages\": [{\"role\": \"user\"}]}", "messages: llama-server answers 400: \"All non-assistant messages must "
     "contain 'content'\""},
    {"{\"messages\": [{\"role\": \"assistant\"}]}", "messages: llama-server answers 400: \"Assistant message must "
     "contain either 'content' or 'tool_calls'!\""},
    {"{\"messages\": [{\"role\": \"user\", \"content\": 5}]}", "messages: llama-server answers 400: \"Expected "
     "'content' to be a string or an array\""},
    {"{\"messages\": [{\"role\": \"user\", \"content\": [{\"type\": \"video\"}]}]}", "messages: llama-server answers "
     "400: \"unsupported content[].type\""},
    {"{\"messages\": [], \"top_logprobs\": 5}", "top_logprobs: llama-server answers 400: \"top_logprobs requires "
     "logprobs to be set to true\""},
    {"{\"messages\": [], \"response_format\": {\"type\": \"xml\"}}", "response_format: llama-server answers 400"},
    {"{\"prompt\": \"x\", \"repeat_penalty\": 0}", "repeat_penalty: llama.cpp's sampler refuses it when llama-server "
     "builds the chain: penalty_repeat must be"},
    /* Fourth newcomer, finding 5: what only this workbench refuses is not llama.cpp's refusal. */
    {"{\"prompt\": \"x\", \"mirostat\": 2, \"mirostat_tau\": 3e38}", "mirostat_tau: this workbench refuses it (its own "
     "limit; llama-server would build the chain): mirostat_tau must be finite when mirostat is on, and 2 * tau too "
     "(mu starts at 2 * tau, a float)"},
    {"{\"prompt\": \"x\", \"mirostat\": 1, \"mirostat_eta\": 1e39}", "mirostat_eta: this workbench refuses it (its own "
     "limit; llama-server would build the chain): mirostat_eta must be finite"},
    {"{\"prompt\": \"x\", \"repeat_penalty\": 1e-45}", "repeat_penalty: this workbench refuses it (its own limit; "
     "llama-server would build the chain): penalty_repeat must be at least 1/FLT_MAX"},
    {"{\"prompt\": \"x\", \"frequency_penalty\": 1e39}", "frequency_penalty: llama.cpp's sampler refuses it"},
    {"{\"prompt\": \"x\", \"top_k\": 1e10}", "top_k: 1e10 does not fit llama-server's integer field"},
    {"{\"prompt\": \"x\", \"seed\": -1.5}", "seed: -1.5 does not fit llama-server's integer field"},
    {"{\"prompt\": \"x\",}", "the body is not JSON (line 1, column 16: a trailing ',' before '}')"},
    {"{\"prompt\": \"x\", \"temperature\": 1e400}", "the body is not JSON (line 1, column 32: number overflow"},
    {"[1]", "the body is a JSON array, not an object"},
    {"", "the body is not JSON (line 1, column 1: expected a value"},
    {"{\"prompt\": \"\\q\"}", "the body is not JSON (line 1, column 13: '\\q' is not an escape JSON knows)"},
    {"{\"prompt\": \"\\\xc3\xa9\"}", "the body is not JSON (line 1, column 13: '\\' then byte \\xc3 is not an escape "
     "JSON knows)"},     /* a byte that is not printable ASCII is shown as \xNN, as an unexpected one is */
};

static void test_error_rows(void)
{
    static CliParams p;
    for (size_t r = 0; r < sizeof error_rows / sizeof error_rows[0]; r++) {
        char notes[2048], err[600] = "";
        bool ok = read_body(error_rows[r].body, &p, notes, sizeof notes, err, sizeof err);
        bool good = !ok && strncmp(err, error_rows[r].message, strlen(error_rows[r].message)) == 0
                 && strchr(err, '\n') == NULL;
        check_true(__FILE__, __LINE__, good, error_rows[r].message);
        if (!good)
            printf("    error row %zu: got '%s'\n", r, ok ? "(accepted)" : err);
    }
    /* Third newcomer, item 5: 300 levels are JSON, and nlohmann::json (llama-server's reader) parses them; this
     * tool stops at 256, and says so without claiming what llama-server does. */
    static char deep[700];
    char deep_err[600] = "", notes[2048];
    snprintf(deep, sizeof deep, "{\"prompt\": \"x\", \"x\": ");
    size_t at = strlen(deep);
    memset(deep + at, '[', 300);
    memset(deep + at + 300, ']', 300);
    snprintf(deep + at + 600, sizeof deep - at - 600, "}");
    CHECK(!read_body(deep, &p, notes, sizeof notes, deep_err, sizeof deep_err)
          && strcmp(deep_err, "the body is not read here (line 1, column 277: nested deeper than 256 levels, this "
                              "tool's limit; nlohmann::json, llama-server's JSON reader, has no such limit)") == 0);
    /* Item 5: a logit_bias of 256 pairs is read; of 1000, past this tool's 256, it is refused with the count
     * and the limit named (lib/cli/README.md's limits); the same for an object of 300 keys. */
    static char many[16000];
    for (int n_pairs = 256; n_pairs <= 1000; n_pairs += 744) {
        Text t = text_start(many, sizeof many);
        text_add(&t, "{\"prompt\": \"x\", \"logit_bias\": [");
        for (int i = 0; i < n_pairs; i++)
            text_add(&t, "%s[%d, 1]", i ? ", " : "", i);
        text_add(&t, "]}");
        bool ok = read_body(many, &p, notes, sizeof notes, deep_err, sizeof deep_err);
        if (n_pairs == 256)
            CHECK(ok && p.sampling.n_logit_bias == 256);
        else
            CHECK(!ok && strcmp(deep_err, "logit_bias: its 1000 elements hold more than 256 entries, this tool's "
                                          "limit (see lib/cli/README.md, Limits): the body "
                                          "is not read") == 0);
    }
    Text t = text_start(many, sizeof many);
    text_add(&t, "{\"prompt\": \"x\", \"logit_bias\": {");
    for (int i = 0; i < 300; i++)
        text_add(&t, "%s\"%d\": false", i ? ", " : "", i);
    text_add(&t, "}}");
    CHECK(!read_body(many, &p, notes, sizeof notes, deep_err, sizeof deep_err)
          && strcmp(deep_err, "logit_bias: its 300 keys hold more than 256 entries, this tool's limit (see "
                              "lib/cli/README.md, Limits): the body is not read") == 0);
    /* Finding 4: duplicate keys count once, the last one's bias: 300 members of two keys are 2 entries. */
    t = text_start(many, sizeof many);
    text_add(&t, "{\"prompt\": \"x\", \"logit_bias\": {");
    for (int i = 0; i < 300; i++)
        text_add(&t, "%s\"%d\": %d", i ? ", " : "", i % 2, i);
    text_add(&t, "}}");
    CHECK(read_body(many, &p, notes, sizeof notes, deep_err, sizeof deep_err) && p.sampling.n_logit_bias == 2
          && p.sampling.logit_bias[0].token == 0 && p.sampling.logit_bias[0].bias == 298
          && p.sampling.logit_bias[1].token == 1 && p.sampling.logit_bias[1].bias == 299);
    /* NULL in: refused, no crash. */
    char err[100];
    CHECK(!body_read(NULL, 0, &p, NULL, 0, err, sizeof err));
    CHECK(!body_read("{}", 2, NULL, NULL, 0, err, sizeof err));
    CHECK(body_read("{}", 2, &p, NULL, 0, NULL, 0));
    CHECK(args_command(NULL, err, sizeof err) == 12 && strcmp(err, "llama-server") == 0);
}

/* The server's defaults: flags given with --from-json are the server's own command line. */
static void test_server_defaults(void)
{
    static CliParams p;
    char err[600], notes[1024], line[512], flags[512];
    char *argv[] = {"11_sampler_chain", "llama-server", "--temp", "0.6", "-l", "3+1", "--dry-base", "2",
                    "--dry-multiplier", "0.5", "--samplers", "dry;temp"};
    CHECK(args_parse((int)(sizeof argv / sizeof argv[0]), argv, &p, err, sizeof err));
    /* The body's logit_bias replaces the server's; its dry_base below 1 gives the server's own, 2. */
    static const char body[] = "{\"prompt\": \"x\", \"top_k\": 5, \"logit_bias\": [], \"dry_base\": 0.5}";
    CHECK(body_read(body, strlen(body), &p, notes, sizeof notes, err, sizeof err));
    line_of(&p, line, sizeof line);
    args_command(&p, flags, sizeof flags);
    CHECK(strcmp(line, "logits -> dry -> temp-ext -> dist") == 0);
    CHECK(strcmp(flags, "llama-server --temp 0.6 --top-k 5 --dry-multiplier 0.5 --dry-base 2 --samplers 'dry;temperature'")
          == 0);
    CHECK(strstr(notes, "dry_base: 0.5 is below 1: llama-server uses its default, 2, instead") != NULL);
    /* Finding 3: the server's -np is the upper bound of n (reference section 7: hard [1, n_parallel]). */
    static const struct {
        const char *np;           /* the server's -np */
        const char *body;
        const char *err;          /* the refusal, exactly, or NULL when read without a note */
    } n_rows[] = {
        {"1", "{\"prompt\": \"x\", \"n\": 5}", "n: llama-server answers 400: \"Field 'n': Value must be between 1 "
         "<= value <= 1, but got 5\" (the upper bound is the server's n_parallel, -np 1)"},
        {"4", "{\"prompt\": \"x\", \"n\": 0}", "n: llama-server answers 400: \"Field 'n': Value must be between 1 "
         "<= value <= 4, but got 0\" (the upper bound is the server's n_parallel, -np 4)"},
        {"4", "{\"prompt\": \"x\", \"n_cmpl\": 5}", "n_cmpl: llama-server answers 400: \"Field 'n_cmpl': Value must "
         "be between 1 <= value <= 4, but got 5\" (the upper bound is the server's n_parallel, -np 4)"},
        {"4", "{\"prompt\": \"x\", \"n\": 4}", NULL},
        {"2x", "{\"prompt\": \"x\", \"n\": 2}", NULL},      /* std::stoi reads -np 2x as 2 */
    };
    for (size_t i = 0; i < sizeof n_rows / sizeof n_rows[0]; i++) {
        char *np_argv[] = {"11_sampler_chain", "llama-server", "-np", (char *)n_rows[i].np};
        err[0] = notes[0] = '\0';
        bool ok = args_parse(4, np_argv, &p, err, sizeof err)
               && body_read(n_rows[i].body, strlen(n_rows[i].body), &p, notes, sizeof notes, err, sizeof err);
        bool good = n_rows[i].err == NULL ? ok && notes[0] == '\0' : !ok && strcmp(err, n_rows[i].err) == 0;
        check_true(__FILE__, __LINE__, good, n_rows[i].body);
        if (!good)
            printf("    -np row %zu: got '%s' (notes: %s)\n", i, err, notes);
    }
}

/* Splits a command line written by args_command (blanks between words, '...' quoting, '\'' for a quote) into
 * argv after "11_sampler_chain"; returns argc. */
static int split(char *line, char **argv, int max)
{
    int argc = 0;
    argv[argc++] = "11_sampler_chain";
    char *out = line;
    for (char *in = line; *in != '\0' && argc < max;) {
        while (*in == ' ')
            in++;
        if (*in == '\0')
            break;
        argv[argc++] = out;
        while (*in != '\0' && *in != ' ') {
            if (*in == '\'') {
                in++;
                while (*in != '\0' && *in != '\'')
                    *out++ = *in++;
                if (*in == '\'')
                    in++;
            } else if (*in == '\\' && in[1] == '\'') {
                *out++ = '\'';
                in += 2;
            } else {
                *out++ = *in++;
            }
        }
        if (*in == ' ')
            in++;
        *out++ = '\0';
    }
    return argc;
}

/* Whether b holds adaptive-p's settings as a body carries a's: the target and the decay adaptive-p starts from
 * (adaptive_p_init: the decay clamped), a target above 1 as llama-server's clamp leaves it (1), any two targets
 * below 0 alike (both draw as dist does). */
static bool same_adaptive(const SamplingParams *a, const SamplingParams *b)
{
    AdaptivePState x, y;
    if (adaptive_p_init(&x, a->adaptive_target > 1 ? 1.0 : a->adaptive_target, a->adaptive_decay) != SAMPLING_OK
        || adaptive_p_init(&y, b->adaptive_target, b->adaptive_decay) != SAMPLING_OK)
        return false;
    return x.decay == y.decay && (x.target == y.target || (x.target < 0 && y.target < 0));
}

/* Item 5's round trip: for seeded random command lines, the chain line of the flags equals the chain line of
 * their --json body read back, of their --openai body read back, and of the flags written for the body; so do
 * adaptive-p's settings (same_adaptive). */
static void test_round_trip(void)
{
    static const char *const valued[] = {
        "--temp", "--top-k", "--top-p", "--min-p", "--typical", "--repeat-penalty", "--frequency-penalty",
        "--presence-penalty", "--repeat-last-n", "--dry-penalty-last-n", "--dry-multiplier", "--dry-base",
        "--dry-allowed-length", "--xtc-probability", "--xtc-threshold", "--top-n-sigma", "--dynatemp-range",
        "--mirostat", "--mirostat-ent", "-s", "-l", "--samplers", "--sampler-seq", "--dry-sequence-breaker", "-n",
        "-c", "-ngl", "--adaptive-target", "--adaptive-decay"};
    static const char *const numbers[] = {
        "0", "1", "-1", "0.5", "0.99999999", "1.00000001", "0.50000001", "1.5", "2", "40", "0.05", "1e-3", "inf",
        "0x1p-149", "1.00000005960464477625", "64", "3"};
    static const char *const biases[] = {"15-inf", "3+2", "0+0", "7-0.5", "100+inf", "15+1e-3"};
    static const char *const lists[] = {"top_k;min_p", "penalties;dry;xtc;temperature", "", "typ_p;top_p", "kmt",
                                        "edskypmxt", "xt", "min_p;adaptive_p", "kma"};
    static const char *const breakers[] = {"\\n", "none", "it's", "a b", "\\x41", ":"};
    static const char *const switches[] = {"--ignore-eos", "--gpt-oss-20b-default", "-fa"};
    static CliParams p, q, r;
    Rng rng;
    rng_seed(&rng, 17);
    int trips = 0;
    for (int c = 0; c < 300; c++) {
        const char *words[40] = {"11_sampler_chain", "-p", "x"};
        int n = 3;
        for (int f = 1 + rng_next_int(&rng, 7); f > 0 && n < 36; f--) {
            if (rng_next_int(&rng, 6) == 0) {
                words[n++] = switches[rng_next_int(&rng, 3)];
                continue;
            }
            const char *flag = valued[rng_next_int(&rng, (int32_t)(sizeof valued / sizeof valued[0]))];
            const char *v = numbers[rng_next_int(&rng, (int32_t)(sizeof numbers / sizeof numbers[0]))];
            if (strcmp(flag, "-l") == 0)
                v = biases[rng_next_int(&rng, (int32_t)(sizeof biases / sizeof biases[0]))];
            else if (strcmp(flag, "--samplers") == 0 || strcmp(flag, "--sampler-seq") == 0)
                v = lists[rng_next_int(&rng, (int32_t)(sizeof lists / sizeof lists[0]))];
            else if (strcmp(flag, "--dry-sequence-breaker") == 0)
                v = breakers[rng_next_int(&rng, (int32_t)(sizeof breakers / sizeof breakers[0]))];
            words[n++] = flag;
            words[n++] = v;
        }
        char err[600], want[512], got[512], body[8192], notes[4096], flags[4096];
        if (!args_parse(n, (char *const *)words, &p, err, sizeof err))
            continue;       /* a value llama.cpp refuses (--top-k 0.5, --mirostat 40, ...) */
        line_of(&p, want, sizeof want);
        static const RequestKind kinds[] = {REQUEST_COMPLETION, REQUEST_CHAT, REQUEST_COMPLETION_ALL};
        for (size_t k = 0; k < 3; k++) {
            request_json(&p, kinds[k], body, sizeof body, NULL, 0);
            bool ok = read_body(body, &q, notes, sizeof notes, err, sizeof err);
            line_of(&q, got, sizeof got);
            bool same = ok && strcmp(want, got) == 0 && same_adaptive(&p.sampling, &q.sampling);
            check_true(__FILE__, __LINE__, same, want);
            if (!same)
                printf("    trip %d/%zu: %s\n      got %s (%s)\n      body %s\n", c, k, want, got, err, body);
            /* The flags written for the body give the same line again. */
            args_command(&q, flags, sizeof flags);
            char *argv[200];
            int argc = split(flags, argv, 200);
            ok = ok && args_parse(argc, argv, &r, err, sizeof err);
            line_of(&r, got, sizeof got);
            same = ok && strcmp(want, got) == 0 && same_adaptive(&q.sampling, &r.sampling);
            check_true(__FILE__, __LINE__, same, want);
            if (!same)
                printf("    flags %d/%zu: %s\n      got %s (%s)\n", c, k, want, got, err);
        }
        trips++;
    }
    CHECK(trips > 150);         /* enough lines were accepted for the round trip to mean something */
}

/* Issue 27, item 4: a body's fields that llama-server does not read. Every one is named for --explain (unread);
 * one that looks like a sampling setting also gets a warning, with the field meant where one is near; a field
 * llama-server reads gets no word, sampling or not. The server reads server-schema.cpp's fields at 0177c342 and
 * prompt, model, messages, tools, ... outside it; the other engines' names are those of unread.c's sources. */
typedef struct {
    const char *body;
    const char *warnings;       /* exactly */
    const char *unread;         /* exactly */
} UnreadRow;

static const UnreadRow unread_rows[] = {
    {"{\"prompt\": \"x\", \"temp\": 0.2}", "\"temp\": llama-server ignores it; the field is \"temperature\"\n", "temp"},
    {"{\"prompt\": \"x\", \"top-k\": 5, \"topp\": 0.5}", "\"top-k\": llama-server ignores it; the field is \"top_k\"\n"
     "\"topp\": llama-server ignores it; the field is \"top_p\"\n", "top-k, topp"},
    /* a flag's name nearer than a field's: --mirostat-ent is tau, though mirostat_eta is two edits away */
    {"{\"prompt\": \"x\", \"mirostat_ent\": 3}", "\"mirostat_ent\": llama-server ignores it; the field is "
     "\"mirostat_tau\"\n", "mirostat_ent"},
    {"{\"prompt\": \"x\", \"repetition_penalty\": 1.2}", "\"repetition_penalty\": llama-server ignores it (vLLM's and "
     "text-generation-webui's name for the repetition penalty); the field is \"repeat_penalty\"\n",
     "repetition_penalty"},
    {"{\"prompt\": \"x\", \"adaptive_p_target\": 0.5}", "\"adaptive_p_target\": llama-server ignores it (kronk's name "
     "for the adaptive-p target); the field is \"adaptive_target\"\n", "adaptive_p_target"},
    {"{\"prompt\": \"x\", \"top_a\": 0.1}", "\"top_a\": llama-server ignores it (KoboldAI's and "
     "text-generation-webui's top-a sampler, which llama.cpp does not have)\n", "top_a"},
    /* Ollama's options: each key that is a sampling field or looks like one; num_ctx is neither */
    {"{\"model\": \"m\", \"messages\": [{\"role\": \"user\", \"content\": \"hi\"}], \"stream\": false, "
     "\"options\": {\"repeat_penalty\": 5.0, \"num_ctx\": 4096, \"tfs_z\": 0.9}}",
     "\"repeat_penalty\" in \"options\": llama-server ignores it (it reads only the body's own fields, not those "
     "inside an object); the field is the body's own \"repeat_penalty\"\n\"tfs_z\" in \"options\": llama-server "
     "ignores it (older llama-server's tail-free sampling field, and Ollama's; and it reads only the body's own "
     "fields, not those inside an object)\n",
     "options"},
    /* read, not sampling: no word; OpenAI's user, and words an edit or two from a short name: --explain only */
    {"{\"prompt\": \"x\", \"user\": \"bob\", \"stream\": true, \"cache_prompt\": true, \"tools\": [], "
     "\"model\": \"m\", \"time\": 1, \"speed\": 2}", "", "user, time, speed"},
    {"{\"messages\": [{\"role\": \"user\", \"content\": \"hi\"}], \"max_tokens\": 5, \"logprobs\": false, "
     "\"response_format\": {\"type\": \"text\"}, \"tool_choice\": \"auto\", \"chat_template_kwargs\": {}}", "", ""},
    {"{\"prompt\": \"x\", \"temp\": 1, \"temp\": 2}",
     "\"temp\" is given twice: llama-server's JSON reader (nlohmann::json) keeps the last, 2; the earlier one is "
     "dropped\n\"temp\": llama-server ignores it; the field is \"temperature\"\n", "temp"},
};

static void test_unread_fields(void)
{
    static CliParams p;
    for (size_t r = 0; r < sizeof unread_rows / sizeof unread_rows[0]; r++) {
        const UnreadRow *row = &unread_rows[r];
        char notes[2048] = "", err[600] = "", line[512] = "";
        bool ok = read_body(row->body, &p, notes, sizeof notes, err, sizeof err);
        if (ok)
            line_of(&p, line, sizeof line);
        bool good = ok && strcmp(p.warnings, row->warnings) == 0 && strcmp(p.unread, row->unread) == 0
                 && strcmp(line, DEFAULT_LINE) == 0;        /* an unread field changes nothing */
        check_true(__FILE__, __LINE__, good, row->body);
        if (!good)
            printf("    unread row %zu: warnings '%s', unread '%s', line '%s' (%s)\n", r, p.warnings, p.unread, line,
                   err);
    }
    /* Past BODY_MAX_UNREAD members, a warning counts those not examined: 300 unknown keys, 44 past 256. */
    static char body[8192];
    Text t = text_start(body, sizeof body);
    text_add(&t, "{\"prompt\": \"x\"");
    for (int k = 0; k < 300; k++)
        text_add(&t, ", \"k%d\": %d", k, k);
    text_add(&t, "}");
    CHECK(read_body(body, &p, NULL, 0, NULL, 0));
    CHECK(strstr(p.warnings, "44 more members that llama-server does not read, not examined (this tool's limit: 256)")
          != NULL);
    CHECK(strncmp(p.unread, "k0, k1, k2", 10) == 0 && strstr(p.unread, ", k255") != NULL);
    CHECK(strstr(p.unread, "k256") == NULL);
}

void test_from_json(void)
{
    test_unread_fields();
    test_body_rows();
    test_error_rows();
    test_server_defaults();
    test_round_trip();
}
