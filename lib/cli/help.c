/* help.c: 11_sampler_chain --help, written from the flag table (flags.c) and the default parameters, so the
 * text cannot drift from what the parser does. */
#include "cli/args.h"
#include "cli/flags.h"

#include "text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void help_default(Text *t, const ArgSpec *spec, const CliParams *defaults)
{
    const char *field = (const char *)defaults + spec->offset;
    double d;
    int32_t i32;
    switch (spec->kind) {
    case K_FLOAT: case K_TEMP: case K_DRY_BASE: case K_REPEAT: case K_FINITE:
        memcpy(&d, field, sizeof d);
        text_add(t, " (default: %g)", d);
        break;
    case K_INT:
        memcpy(&i32, field, sizeof i32);
        text_add(t, " (default: %d)", (int)i32);
        break;
    case K_SEED:
        text_add(t, " (default: -1)");
        break;
    case K_SAMPLERS:                    /* both derived from the default order, so they cannot drift */
    case K_SAMPLER_SEQ:
        text_add(t, " (default: ");
        for (size_t i = 0; i < defaults->sampling.n_samplers; i++) {
            SamplerType type = defaults->sampling.samplers[i];
            if (spec->kind == K_SAMPLERS)
                text_add(t, "%s%s", i ? ";" : "", sampler_type_name(type));
            else
                text_add(t, "%c", sampler_letters[type]);
        }
        text_add(t, ")");
        break;
    case K_BREAKER:
        text_add(t, " (default: '\\n' ':' '\"' '*')");
        break;
    default:
        break;
    }
}

/* The left column of a flag's help line: its spellings and its value's name. */
static void help_names(char *left, size_t size, const ArgSpec *spec)
{
    left[0] = '\0';
    for (size_t j = 0; j < 4 && spec->names[j] != NULL; j++)
        snprintf(left + strlen(left), size - strlen(left), "%s%s", j ? ", " : "", spec->names[j]);
    if (spec->meta != NULL)
        snprintf(left + strlen(left), size - strlen(left), " %s", spec->meta);
}

/* The sampling and request flags, one line each, with the request field they map to. */
static void help_acting(Text *t, const CliParams *defaults)
{
    for (size_t i = 0; i < n_arg_specs; i++) {
        const ArgSpec *spec = &arg_specs[i];
        if (spec->kind == K_IGNORED || spec->kind == K_OUTSIDE || spec->kind == K_REMOVED || spec->kind == K_PRESET
            || spec->kind == K_OLD || spec->kind == K_OLD_SAMPLING || spec->help == NULL || spec->kind >= K_JSON
            || spec->kind == K_ESCAPE || spec->kind == K_NO_ESCAPE)
            continue;
        char left[96];
        help_names(left, sizeof left, spec);
        text_add(t, "  %-40s %s", left, spec->help);
        help_default(t, spec, defaults);
        bool openai;
        const char *field = args_setting_field((ArgsSetting)spec->setting, &openai);
        if (spec->kind == K_SYSTEM || spec->kind == K_SYSTEM_FILE)
            text_add(t, " [OpenAI messages, role system; not in /completion]");
        else if (spec->setting == SET_N_PREDICT)
            text_add(t, " [OpenAI max_tokens; llama.cpp n_predict]");
        else if (spec->setting == SET_PROMPT)
            text_add(t, " [OpenAI messages; llama.cpp prompt]");
        else if (field != NULL)
            text_add(t, " [%s %s]", openai ? "OpenAI" : "llama.cpp", field);
        text_add(t, "\n");
    }
}

/* Every spelling of the rows of one kind, wrapped at about 110 columns. */
static void help_list(Text *t, ArgKind kind)
{
    size_t col = 0;
    for (size_t i = 0; i < n_arg_specs; i++) {
        if (arg_specs[i].kind != kind)
            continue;
        for (size_t j = 0; j < 4 && arg_specs[i].names[j] != NULL; j++) {
            size_t n = strlen(arg_specs[i].names[j]);
            if (col > 0 && col + n + 1 > 110) {
                text_add(t, "\n");
                col = 0;
            }
            text_add(t, "%s%s", col == 0 ? "  " : " ", arg_specs[i].names[j]);
            col += n + (col == 0 ? 2 : 1);
        }
    }
    text_add(t, "\n");
}

/* The ignored flags whose value arg.cpp checks, with the values they take, one line each; the whole-number
 * ones on one wrapped list. */
static void help_choices(Text *t)
{
    for (size_t i = 0; i < n_arg_specs; i++) {
        const char *c = arg_specs[i].choices;
        if (c == NULL || strcmp(c, "#") == 0 || arg_specs[i].kind != K_IGNORED)
            continue;
        c += c[0] == '!';
        size_t named = strcspn(c, "/");
        char left[96];
        help_names(left, sizeof left, &arg_specs[i]);
        text_add(t, "  %-40s ", left);
        if (strcmp(c, ":") == 0) {
            text_add(t, "FNAME:SCALE,... (FNAME SCALE, two values, gets a warning)\n");
            continue;
        }
        for (size_t k = 0; k < named; k++) {
            if (c[k] == '#')
                text_add(t, "N");
            else
                text_add(t, "%c", c[k]);
        }
        text_add(t, "%s\n", c[named] == '/' && c[named + 1] != '\0' ? " (and aliases such as 1/0)" : "");
    }
    text_add(t, "  a whole number (as std::stoi reads it):");
    size_t col = 41;
    for (size_t i = 0; i < n_arg_specs; i++) {
        if (arg_specs[i].choices == NULL || strcmp(arg_specs[i].choices, "#") != 0 || arg_specs[i].kind != K_IGNORED)
            continue;
        size_t n = strlen(arg_specs[i].names[0]);
        if (col + n + 1 > 110) {
            text_add(t, "\n   ");
            col = 3;
        }
        text_add(t, " %s", arg_specs[i].names[0]);
        col += n + 1;
    }
    text_add(t, "\n");
}

size_t args_help(char *buf, size_t size)
{
    Text t = text_start(buf, size);
    CliParams *defaults = malloc(sizeof *defaults);      /* on the heap: about 220 KB of text arrays */
    if (defaults == NULL)
        return t.len;                                   /* 0, and "" written */
    args_defaults(defaults);
    text_add(&t, "usage: 11_sampler_chain [llama-cli|llama-completion|llama-server] [llama.cpp flags] [--explain]\n"
                 "       11_sampler_chain [llama-server flags] --from-json FILE [--explain]\n"
                 "Prints the 'sampler chain:' line llama.cpp logs for a llama.cpp command line, or a request body\n"
                 "llama-server accepts for the same settings, or (--from-json) the chain line llama-server builds for\n"
                 "a body and the llama.cpp flags that build the same chain. With no flags, prints the lesson's three\n"
                 "lines. Flags follow common/arg.cpp at commit 0017d6fb, a fork whose sampling flags the workbench's\n"
                 "reference vouches are upstream's (messages about its other flags name it: 'arg.cpp 0017d6fb'); a\n"
                 "'--' flag may use '_' for '-', as there. [OpenAI x] marks a setting sent under OpenAI's parameter\n"
                 "name x; [llama.cpp x] one of llama.cpp's own fields. lib/cli/README.md has it all, with examples,\n"
                 "and says where each kind of claim about llama.cpp comes from.\n\n"
                 "Sampling and request flags:\n");
    help_acting(&t, defaults);
    free(defaults);
    text_add(&t, "\nThis tool's own:\n");
    for (size_t i = 0; i < n_arg_specs; i++) {
        if (arg_specs[i].kind >= K_JSON || arg_specs[i].kind == K_ESCAPE || arg_specs[i].kind == K_NO_ESCAPE) {
            char left[96];
            help_names(left, sizeof left, &arg_specs[i]);
            text_add(&t, "  %-40s %s\n", left, arg_specs[i].help);
        }
    }
    text_add(&t, "\n--samplers names (any case; ';' between):\n  ");
    for (size_t i = 0; i < n_sampler_names; i++)
        text_add(&t, "%s%s", sampler_names[i].name,
                 i + 1 < n_sampler_names ? " " : "\n");
    text_add(&t, "--sampler-seq letters:\n ");
    for (size_t i = 0; sampler_letters[i] != '\0'; i++)
        text_add(&t, " %c=%s", sampler_letters[i], sampler_type_name((SamplerType)i));
    text_add(&t, "\n\nNumbers are llama.cpp's floats: every test is made on std::stof's float, so --temp 1.00000001\n"
                 "is 1.0 (?temp-ext) and --dry-base 0.99999999 is 1.0 (kept); a body keeps the digits typed. Refused\n"
                 "where std::stof/std::stoi refuse them (--temp 1e-40 or 1e39). Read as llama.cpp reads them, with a\n"
                 "warning: the number at the start of a value (--top-k 0.0 is 0, --top-p 0.9x is 0.9), a second sign\n"
                 "in -l (15--3 is 15+3), a --seed past 32 bits (std::stoul, then the low 32 bits: 4294967296 is 0).\n"
                 "NaN, which llama.cpp takes, is refused: this workbench's samplers cannot compute with it. -l reads\n"
                 "blanks before the id, the sign and the bias, as llama.cpp does. --dry-allowed-length takes any\n"
                 "whole number, as arg.cpp 0017d6fb does (below 0, every repeat costs; a body leaves it out).\n"
                 "A setting no stage of the chain reads does nothing, and a note names it, with why and the fix:\n"
                 "mirostat replaces the filters (with --mirostat 1 or 2 the sampler list is ignored), a sampler left\n"
                 "out of --samplers is off, and --mirostat-ent/--mirostat-lr need mirostat on. --explain says so too.\n"
                 "A window of -1 (--repeat-last-n, --dry-penalty-last-n; older builds' 'context size') is\n"
                 "off here: arg.cpp 0017d6fb takes it and current libllama clamps it to 0; whether current\n"
                 "llama.cpp's command line refuses it instead is unconfirmed. The warning says so, and what older\n"
                 "builds did (-c's size; DRY: the training context; llama-server: the slot's context).\n"
                 "A body sends it as 0.\n"
                 "A flag that does not change sampling never costs the chain line: where arg.cpp 0017d6fb would stop\n"
                 "on it (a bare -fa or --color, a removed flag, a flag only older llama.cpp took, a value it refuses,\n"
                 "a missing value), a warning says what it says and how to fix the line, and a flag after it is\n"
                 "read as a flag. A flag that changed sampling in older builds (--tfs) warns too. Sampling\n"
                 "flags keep llama.cpp's refusals (exit 2); an unknown flag is refused, with the nearest spelling\n"
                 "where it is plausibly the same flag (older llama.cpp's first; never a sampling flag by letters\n"
                 "alone for a name whose words belong to other flags).\n"
                 "Bodies: one of --json, --json-all, --openai. --json wants -p or -f, --openai -p or -sys; without\n"
                 "them a note says the body lacks them (whether llama-server refuses it so is not checked against\n"
                 "the workbench's reference). Where a body cannot say what the\n"
                 "command line means (min_p above 1, a negative token id, breakers 'none', adaptive_target above\n"
                 "1), a note says so; an adaptive_decay outside 0 to 0.99 is sent clamped, as adaptive-p uses it.\n"
                 "--from-json (or --request): the other flags are the server's defaults (-np bounds a body's n);\n"
                 "clamps, string tokens and what the flags cannot carry are notes; where llama-server answers 400,\n"
                 "one line names the field (exit 2). A field llama-server does not read is named by --explain, and\n"
                 "warned about when it looks like a sampling setting (\"temp\", Ollama's \"options\").\n"
                 "--explain also names where each value came from (the request's field, the flag, the preset's\n"
                 "section and key, the model's general.sampling.* key, a saved /props, llama.cpp's default).\n"
                 "Limits of this tool (arg.cpp 0017d6fb has none; nothing is cut): past 256 -l, 64 breakers or 64\n"
                 "sampler names the line is refused; past 65535 bytes of -p, -f, -sys or -sysf, 1023 bytes of an -r\n"
                 "or 32 -r, a warning for the chain line, and a body is refused. --from-json reads a body of up to\n"
                 "16 MiB, 256 levels of nesting, 256 logit_bias entries, 64 breakers and 64 samplers.\n"
                 "\nChange sampling outside the chain line, named in a note of their own (a grammar, a JSON schema,\n"
                 "a reasoning budget); not carried in bodies, a note says so. llama.cpp keeps its grammar and\n"
                 "reasoning-budget samplers outside the chain and never prints them in its line\n"
                 "(--reasoning-budget takes a whole number, read with std::stoi in arg.cpp 0017d6fb; below 0 it is\n"
                 "no budget, and is named with the ignored flags: llama.cpp's earlier chain built the sampler\n"
                 "only for 0 or more):\n");
    help_list(&t, K_OUTSIDE);
    text_add(&t, "\n-bs, --backend-sampling: the GPU runs the stages before the first one that acts and has no\n"
                 "backend version (logit-bias, penalties, top-k, top-p, min-p, temp, temp-ext and dist have one),\n"
                 "the CPU that one and the rest; a grammar turns it off. Once its backend is initialized,\n"
                 "llama.cpp prefixes each stage with a backend version with + (the backend has its ops) or -\n"
                 "(one is missing), which depends on the GPU backend: a note gives the split, and the line here\n"
                 "has no prefixes. A body carries it as \"backend_sampling\": true, the request field that asks\n"
                 "for it; --from-json reads that field as -bs.\n");
    text_add(&t, "\nAccepted and ignored, named in one note on stderr (they do not change sampling: context,\n"
                 "GPU, server, chat and log settings; -m, -mu, -hf, -hff and -dr name the model, whose GGUF can set\n"
                 "sampling defaults and suppressed tokens: -m FILE, when the file is here, is read (its metadata:\n"
                 "general.sampling.* under the flags), the others not, and a note says which). Router mode is\n"
                 "not ignored: --models-preset FILE is read as the router reads it (the request's model, or\n"
                 "--preset-model NAME, picks the section), and --models-dir DIR, a folder of models, is named\n"
                 "in a note (its models are not read). --props FILE reads a saved GET /props as the server's\n"
                 "values (a bare --props is llama-server's switch, ignored). --gpt-oss-*-default sets temp 1,\n"
                 "top_p 1, top_k 0 and min_p 0.01, as arg.cpp 0017d6fb's presets do. A value arg.cpp 0017d6fb\n"
                 "checks is checked here too, with a warning where it would refuse it (a whole number is read as\n"
                 "std::stoi reads it, '99.5' as 99, with a warning):\n");
    help_list(&t, K_IGNORED);
    text_add(&t, "Their checked values:\n");
    help_choices(&t);
    text_add(&t, "Removed in arg.cpp 0017d6fb (it refuses them; a warning here):\n");
    help_list(&t, K_REMOVED);
    text_add(&t, "Older llama.cpp's flags that did not change sampling (what each was comes from older\n"
                 "llama.cpp's READMEs and parsers, not checked against the workbench's reference): arg.cpp 0017d6fb\n"
                 "does not have them, so llama.cpp refuses the line; here a warning says what each was and how to\n"
                 "fix the line, its old values are skipped, and the chain line follows (-lv, --verbosity in arg.cpp\n"
                 "0017d6fb, was --low-vram):\n");
    help_list(&t, K_OLD);
    text_add(&t, "Older llama.cpp's flags that changed sampling (not checked either): a warning says what each\n"
                 "did and that current llama.cpp's sampler chain has nothing in its place, so the chain line is\n"
                 "current llama.cpp's, without it:\n");
    help_list(&t, K_OLD_SAMPLING);
    return t.len;
}
