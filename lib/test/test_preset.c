/* test_preset.c: lib/cli/preset.c, the --models-preset reader. Each expectation is worked out by hand from
 * the reference's section 11 ("A preset file", the layers 2 and 3) and the sources preset.h names:
 * preset.cpp's grammar and maps, arg.cpp's flags and variables, server-models.cpp's child command line. */
#include "check.h"
#include "cli/preset.h"
#include "tests.h"

#include <stdio.h>
#include <string.h>

static Preset preset;

static bool parse_text(const char *text, char *err, size_t size)
{
    return preset_parse(text, strlen(text), "p.ini", &preset, err, size);
}

/* Section name's entry for key, or NULL. */
static const PresetEntry *entry_of(const char *section, const char *key)
{
    static PresetEntry e[64];
    long i = preset_find(&preset, section);
    size_t n = i >= 0 ? preset_entries(&preset, (size_t)i, e, 64) : 0;
    for (size_t k = 0; k < n && k < 64; k++)
        if (strcmp(e[k].key, key) == 0)
            return &e[k];
    return NULL;
}

/* The child's command line for section (NULL: [*] alone), its words joined by blanks, into out. */
static const char *child_line(const char *section, int argc, char *const argv[], char *out, size_t size)
{
    PresetChild c;
    char err[300];
    out[0] = '\0';
    if (!preset_child(&preset, section, argc, argv, &c, err, size)) {
        snprintf(out, size, "error: %s", err);
        return out;
    }
    size_t len = 0;
    for (int i = 0; i < c.argc && len < size; i++)
        len += (size_t)snprintf(out + len, size - len, "%s%s", i > 0 ? " " : "", c.argv[i]);
    CHECK(c.argv[c.argc] == NULL);
    preset_child_free(&c);
    return out;
}

#define LINE(expected, section, argc, argv) do { \
        char got_[600]; \
        const char *line_ = child_line(section, argc, argv, got_, sizeof got_); \
        check_true(__FILE__, __LINE__, strcmp(line_, expected) == 0, line_); \
    } while (0)

static void test_sections(void)
{
    char err[600];
    CHECK(parse_text("; a router preset\n[*]\ntemp = 0.7\n\n# Qwen\n[qwen3-8b]\ntop-k = 20\nmodel = /m/qwen.gguf\n"
                     "LLAMA_ARG_TOP_K = 30\n", err, sizeof err));
    CHECK_INT(2, (long long)preset.n_sections);
    PresetSection s;
    CHECK(preset_section(&preset, 0, &s) && strcmp(s.name, "*") == 0 && s.global && s.line == 2 && s.n_entries == 1
          && s.model == NULL);
    CHECK(preset_section(&preset, 1, &s) && strcmp(s.name, "qwen3-8b") == 0 && !s.global && s.line == 6
          && s.n_entries == 3 && s.model != NULL && strcmp(s.model, "/m/qwen.gguf") == 0 && s.model_line == 8);
    CHECK(!preset_section(&preset, 2, &s) && preset_find(&preset, "nope") == -1);
    const PresetEntry *e = entry_of("qwen3-8b", "LLAMA_ARG_TOP_K");
    CHECK(e != NULL && e->env && e->spec != NULL && strcmp(e->spec->names[0], "--top-k") == 0 && e->line == 9);
    /* top-k and LLAMA_ARG_TOP_K both set --top-k: of the two keys, the one that sorts last counts ('t' > 'L'). */
    CHECK(e != NULL && !e->counts && entry_of("qwen3-8b", "top-k") != NULL && entry_of("qwen3-8b", "top-k")->counts);
    CHECK(strstr(preset.warnings, "p.ini: line 9: LLAMA_ARG_TOP_K and top-k both set --top-k in [qwen3-8b]: "
                 "llama.cpp keeps top-k, the key that sorts last (common/preset.cpp") != NULL);
    /* The child: [*], the section over it, in the flags' first spellings' order, each as its last spelling. */
    LINE("llama-server --temperature 0.7 --top-k 20 --model /m/qwen.gguf", "qwen3-8b", 0, NULL);
    LINE("llama-server --temperature 0.7", NULL, 0, NULL);
    LINE("error: p.ini has no section [llama]; its sections: [*] [qwen3-8b]", "llama", 0, NULL);
    /* The router's flags over both ('_' for '-' as on its command line), without its -m and --models-preset. */
    char *router[] = {"11_sampler_chain", "llama-server", "--models-preset", "p.ini", "--temp", "0", "-m", "x.gguf",
                      "--top_k", "5", "--explain", "-c", "4096", NULL};
    LINE("llama-server --temperature 0 --top-k 5 --ctx-size 4096 --model /m/qwen.gguf", "qwen3-8b", 13, router);
    PresetChild c;
    CHECK(preset_child(&preset, "qwen3-8b", 13, router, &c, err, sizeof err) && c.n_args == 4);
    if (c.n_args == 4) {
        CHECK(c.args[0].source == PRESET_FROM_ROUTER && strcmp(c.args[0].key, "--temp") == 0 && c.args[0].line == 0);
        CHECK(c.args[3].source == PRESET_FROM_SECTION && strcmp(c.args[3].key, "model") == 0
              && strcmp(c.args[3].section, "qwen3-8b") == 0 && c.args[3].line == 8);
        CHECK(c.model != NULL && strcmp(c.model, "/m/qwen.gguf") == 0 && c.model_line == 8);
    }
    preset_child_free(&c);
    preset_free(&preset);

    /* [*] alone. */
    CHECK(parse_text("[*]\nsampler-seq = kpt\n", err, sizeof err) && preset.n_sections == 1);
    LINE("llama-server --sampling-seq kpt", NULL, 0, NULL);
    LINE("llama-server --sampling-seq kpt", "*", 0, NULL);
    preset_free(&preset);
    /* An empty file has no section; keys before any header are a section named "default". */
    CHECK(parse_text("", err, sizeof err) && preset.n_sections == 0);
    LINE("error: p.ini has no section [llama]; it has no sections", "llama", 0, NULL);     /* not "its sections:" */
    preset_free(&preset);
    CHECK(parse_text("temp = 1\n[a]\n", err, sizeof err) && preset.n_sections == 2
          && preset_find(&preset, "default") == 0);
    CHECK(strstr(preset.warnings, "line 1: temp comes before any [section]: llama.cpp puts it in a section named "
                 "\"default\" (common/preset.cpp at 13b56e2a: COMMON_PRESET_DEFAULT_NAME), not in [*]") != NULL);
    preset_free(&preset);
    /* Review 27, finding 10: version is skipped wherever it is (reference section 11), llama.cpp's own example
     * puts it first: no warning. */
    CHECK(parse_text("version = 1\n\n[*]\nc = 8192\n", err, sizeof err) && preset.n_sections == 2);
    CHECK(preset.warnings[0] == '\0');
    preset_free(&preset);
}

static void test_values(void)
{
    char err[600];
    /* ';' and '#' end a value, with or without a blank before them. */
    CHECK(parse_text("[a]\nsamplers = top_k;top_p;temperature\ntemp = 0.5 # a note\nalias=x#y\nchat-template =\n",
                     err, sizeof err));
    CHECK(entry_of("a", "samplers") != NULL && strcmp(entry_of("a", "samplers")->value, "top_k") == 0);
    CHECK(entry_of("a", "temp") != NULL && strcmp(entry_of("a", "temp")->value, "0.5") == 0);
    CHECK(entry_of("a", "alias") != NULL && strcmp(entry_of("a", "alias")->value, "x") == 0);
    CHECK(entry_of("a", "chat-template") != NULL && strcmp(entry_of("a", "chat-template")->value, "") == 0);
    CHECK(strstr(preset.warnings, "p.ini: line 2: samplers: the value stops at the ';' (llama.cpp's preset reader "
                 "takes ';' and '#' as the start of a comment, with or without a blank before them): it is 'top_k', "
                 "and ';top_p;temperature' is not part of it; sampler-seq = kpt gives the samplers as letters, with "
                 "no ';' (k for top_k, p for top_p, t for temperature)\n") != NULL);
    CHECK(strstr(preset.warnings, "p.ini: line 3: temp: the value stops at the '#'") != NULL);
    preset_free(&preset);
    /* Review 27, finding 2: the letters are the list's own (reference section 6: m min_p, y typ_p, d dry), each
     * name blank-trimmed, to a '#'; a name of no sampler has none; each cut list is kept for layers.c. */
    CHECK(parse_text("[m]\nsamplers = min_p; typ_p ;dry # three\n[n]\nsamplers = top_k;bogus\n", err,
                     sizeof err));
    CHECK(strstr(preset.warnings, "; sampler-seq = myd gives the samplers as letters, with no ';' (m for min_p, y for "
                 "typ_p, d for dry)\n") != NULL);
    CHECK(strstr(preset.warnings, "; sampler-seq = k gives the samplers as letters, with no ';' (k for top_k; bogus "
                 "matches no sampler, so it has no letter)\n") != NULL);
    CHECK(preset.n_cuts == 2 && preset.cuts[0].line == 2 && strcmp(preset.cuts[0].list, "min_p; typ_p ;dry") == 0
          && strcmp(preset.cuts[0].letters, "myd") == 0 && strcmp(preset.cuts[1].unknown, "bogus") == 0);
    preset_free(&preset);
    /* Blanks inside a value stay; around it they go; \r\n and \r end lines. */
    CHECK(parse_text("[a]\r\nalias =  two words  \r\ntemp=1\rtop-k = 3", err, sizeof err));
    CHECK(entry_of("a", "alias") != NULL && strcmp(entry_of("a", "alias")->value, "two words") == 0);
    CHECK(entry_of("a", "top-k") != NULL && entry_of("a", "top-k")->line == 4);
    preset_free(&preset);
    /* A switch's no- spelling inverts the value; its LLAMA_ARG_NO_ variable does not (a warning); version goes. */
    CHECK(parse_text("[a]\nno-mmap = true\nno-escape = 1\njinja = on\nversion = 1\nno-warmup = maybe\n", err,
                     sizeof err));
    const PresetEntry *e = entry_of("a", "no-mmap");
    CHECK(e != NULL && e->negated && strcmp(e->value, "false") == 0 && strcmp(e->written, "true") == 0
          && strcmp(e->spec->names[0], "--mmap") == 0);
    e = entry_of("a", "no-escape");
    CHECK(e != NULL && e->negated && strcmp(e->value, "false") == 0 && strcmp(e->spec->names[0], "-e") == 0);
    e = entry_of("a", "no-warmup");         /* "maybe" is not truthy: inverted, it is "true" */
    CHECK(e != NULL && strcmp(e->value, "true") == 0);
    e = entry_of("a", "version");
    CHECK(e != NULL && e->spec == NULL && !e->counts);
    LINE("llama-server --jinja --no-mmap --warmup --no-escape", "a", 0, NULL);     /* -e sorts after "--" */
    preset_free(&preset);
    CHECK(parse_text("[a]\nno-escape = 0\nLLAMA_ARG_NO_MMAP = 1\n", err, sizeof err));
    LINE("llama-server --mmap --escape", "a", 0, NULL);
    CHECK(strstr(preset.warnings, "p.ini: line 3: LLAMA_ARG_NO_MMAP = 1 sets --mmap to '1', not its opposite: "
                 "llama.cpp's preset reader inverts a no- spelling (no-mmap) but not a LLAMA_ARG_NO_ variable "
                 "(common/preset.cpp at 13b56e2a, parse_bool_arg); write no-mmap = true for off\n") != NULL);
    preset_free(&preset);
    /* A switch with no off spelling, off, is left out; the router's own keys are not flags. */
    CHECK(parse_text("[a]\nignore-eos = false\nload-on-startup = a\nbs = 1\n", err, sizeof err));
    LINE("llama-server --backend-sampling", "a", 0, NULL);
    e = entry_of("a", "load-on-startup");
    CHECK(e != NULL && e->spec == NULL && e->counts);
    preset_free(&preset);
    /* A flag of two values cannot be written. */
    CHECK(parse_text("[a]\ncontrol-vector-layer-range = 1 2\n", err, sizeof err));
    LINE("error: p.ini: control-vector-layer-range (line 2): llama.cpp's router cannot write a flag of two values: "
         "\"common_preset::to_args(): option '--control-vector-layer-range' has two values, which is not supported "
         "yet\"", "a", 0, NULL);
    preset_free(&preset);
}

/* Review 27, finding 22: a switch's value that is neither true nor false turns it on, as the router writes it
 * (common/preset.cpp at 13b56e2a: to_args drops a flag only for a false value; parse_bool_arg inverts a no- key's
 * value that is not true to true), with a warning; an empty value is the idiom for on, without one. */
static void test_switch_values(void)
{
    char err[600];
    CHECK(parse_text("[m]\nignore-eos = maybe\njinja =\nno-mmap =\n", err, sizeof err));
    PresetChild c;
    CHECK(preset_child(&preset, "m", 0, NULL, &c, err, sizeof err));
    CHECK(strstr(c.warnings, "p.ini: line 2: [m] ignore-eos = maybe: neither true nor false (on, off, true, false, 1, "
                 "0, enabled, disabled); the router writes the flag for any value that is not false") != NULL);
    CHECK(strstr(c.warnings, "p.ini: line 4: [m] no-mmap = : neither true nor false") != NULL);
    CHECK(strstr(c.warnings, "jinja") == NULL);
    bool eos = false;
    for (int i = 0; i < c.argc; i++)
        eos = eos || strcmp(c.argv[i], "--ignore-eos") == 0;
    CHECK(eos);
    preset_child_free(&c);
    preset_free(&preset);
}

static void test_repeats(void)
{
    char err[600];
    /* A key given twice: the last; two keys of one flag: the one that sorts last (temperature > temp). */
    CHECK(parse_text("[a]\ntemp = 0.5\ntemp = 0.6\n[b]\ntemperature = 0.5\ntemp = 0.7\n", err, sizeof err));
    LINE("llama-server --temperature 0.6", "a", 0, NULL);
    LINE("llama-server --temperature 0.5", "b", 0, NULL);
    CHECK(strstr(preset.warnings, "p.ini: line 2: temp is given again in [a] (line 3): llama.cpp keeps the last "
                 "(common/preset.cpp at 13b56e2a: a std::map of keys)\n")
          != NULL);
    CHECK(strstr(preset.warnings, "p.ini: line 6: temp and temperature both set --temp in [b]: llama.cpp keeps "
                 "temperature, the key that sorts last (common/preset.cpp") != NULL);
    CHECK(preset_entries(&preset, 0, NULL, 0) == 1);
    preset_free(&preset);
    /* A header given twice starts its section again. */
    CHECK(parse_text("[a]\ntemp = 0.5\ntop-k = 3\n[b]\n[a]\nmin-p = 0.1\n", err, sizeof err));
    CHECK_INT(2, (long long)preset.n_sections);
    LINE("llama-server --min-p 0.1", "a", 0, NULL);
    CHECK(strstr(preset.warnings, "p.ini: line 5: [a] is given again (first on line 1): llama.cpp starts the section "
                 "again (common/preset.cpp at 13b56e2a: a header sets its section to {}), so the 2 keys under the "
                 "earlier header are dropped\n") != NULL);
    preset_free(&preset);
    /* A name is every byte up to ']': its trailing blank, even a line end. */
    CHECK(parse_text("[ qwen ]\ntemp = 1\n[x\ny]\ntop-k = 2\n", err, sizeof err));
    CHECK(preset_find(&preset, "qwen ") == 0 && preset_find(&preset, "x\ny") == 1);
    CHECK(entry_of("x\ny", "top-k") != NULL && entry_of("x\ny", "top-k")->line == 5);
    CHECK(strstr(preset.warnings, "p.ini: line 1: the section's name is 'qwen ', with its trailing blank") != NULL);
    preset_free(&preset);
}

#define REFUSED(text, words) do { \
        char err_[600]; \
        bool ok_ = parse_text(text, err_, sizeof err_); \
        check_true(__FILE__, __LINE__, !ok_ && strstr(err_, words) != NULL, err_); \
        if (ok_) \
            preset_free(&preset); \
    } while (0)

static void test_refusals(void)
{
    /* Keys are flags' names without dashes, or their variables, matched exactly. */
    REFUSED("[qwen]\ntemp = 1\ntop_p = 0.9\n", "p.ini: line 3: 'top_p' is not a flag's name or environment variable "
            "among llama-server's (a preset's keys are matched exactly, without the command line's '_' for '-'; did "
            "you mean top-p?); llama-server stops: \"option 'top_p' not recognized in preset 'qwen'\"");
    REFUSED("[a]\nrepeat_penalty = 1.1\n", "did you mean repeat-penalty?); llama-server stops: \"option "
            "'repeat_penalty' not recognized in preset 'a'\"");
    REFUSED("[a]\nLLAMA_ARG_TEMP = 1\n", "\"option 'LLAMA_ARG_TEMP' not recognized in preset 'a'\"");
    REFUSED("[a]\np = hello\n", "\"option 'p' not recognized in preset 'a'\"");     /* -p is not llama-server's */
    REFUSED("[a]\nexplain = 1\n", "\"option 'explain' not recognized");             /* this tool's own */
    /* Of several, the first in llama.cpp's order: sections by name, then keys. */
    REFUSED("[b]\ntop_p = 1\n[a]\nzz = 1\nrepeat_penalty = 1\n", "line 5: 'repeat_penalty' is not");
    /* A key in a section started again is not read. */
    char err[600];
    CHECK(parse_text("[a]\ntop_p = 1\n[a]\ntemp = 1\n", err, sizeof err));
    preset_free(&preset);
    /* Lines of none of the four kinds. */
    REFUSED("[a]\n  temp = 1\n", "p.ini: line 2: '  temp = 1': it starts with a blank, then text: a key must start "
            "its line (a line is a [section], a key = value, a comment or blank); llama-server stops: \"failed to "
            "parse server config file: p.ini\"");
    REFUSED("[a]\n--temp = 1\n", "line 2: '--temp = 1': a key cannot start with '-': write the flag's name without "
            "its dashes (temp for --temp)");
    REFUSED("[a]\ntemp 0.5\n", "line 2: 'temp 0.5': the key 'temp' is not followed by '='");
    REFUSED("[a]\n[qwen\ntemp = 1\n", "line 2: '[qwen': the section header has no ']'");
    REFUSED("[]\n", "line 1: '[]': the section's name is empty");
    REFUSED("[a] b\n", "line 1: '[a] b': text after the header's ']'");
    REFUSED("\xEF\xBB\xBF[a]\n", "line 1: '\\xef\\xbb\\xbf[a]': the file starts with a UTF-8 byte-order mark");
    REFUSED("[a]\n=1\n", "line 2: '=1': a line cannot start with '='");
    /* A first byte that is not printable ASCII is shown escaped, as the line is: never the raw byte. */
    REFUSED("\xff\xfe[*]\ntemp = 0.5\n", "line 1: '\\xff\\xfe[*]': a line cannot start with '\\xff' (a line is");
    REFUSED("\xc3\xa9 = 1\n", "line 1: '\\xc3\\xa9 = 1': a line cannot start with '\\xc3' (a line is");
    char nul[] = "[a]\ntemp = 1\n\0\n";
    CHECK(!preset_parse(nul, sizeof nul - 1, "p.ini", &preset, err, sizeof err)
          && strstr(err, "p.ini: line 3: a NUL byte") != NULL);
    CHECK(!preset_parse(NULL, 0, "p.ini", &preset, err, sizeof err) && strcmp(err, "no preset to read") == 0);
    CHECK(!preset_read_file("no/such.ini", &preset, err, sizeof err)
          && strcmp(err, "cannot read 'no/such.ini': No such file or directory; llama-server stops: \"preset file "
                 "does not exist: no/such.ini\" (common/preset.cpp at 13b56e2a)") == 0);
    CHECK(!preset_read_file("lib", &preset, err, sizeof err) && strcmp(err, "cannot read 'lib': Is a directory") == 0);
    preset_free(NULL);
    preset_child_free(NULL);
}

/* Every spelling and variable of every flag llama-server takes is a key naming that flag (so the table's key
 * index holds no spelling twice), and every variable belongs to a flag of the table. */
static void test_every_key(void)
{
    char text[200], err[600];
    int bad = 0, keys = 0;
    for (size_t r = 0; r < n_arg_specs; r++) {
        const ArgSpec *s = &arg_specs[r];
        bool own = s->kind == K_OLD || s->kind == K_OLD_SAMPLING || s->kind == K_JSON || s->kind == K_JSON_ALL
                   || s->kind == K_OPENAI || s->kind == K_EXPLAIN || s->kind == K_FROM_JSON
                   || s->kind == K_PRESET_MODEL;
        if (own || !(s->tools & T_SRV))
            continue;
        const char *names[5] = {s->names[0], s->names[1], s->names[2], s->names[3], arg_env(s)};
        for (int i = 0; i < 5; i++) {
            if (names[i] == NULL)
                continue;
            const char *key = names[i];
            while (*key == '-')
                key++;
            if (strcmp(key, "version") == 0)
                continue;           /* --version's key: preset.cpp skips "version" before any lookup */
            snprintf(text, sizeof text, "[a]\n%s = 1\n", key);
            keys++;
            const PresetEntry *e = parse_text(text, err, sizeof err) ? entry_of("a", key) : NULL;
            bool ok = e != NULL && (e->spec == s || (s->kind == K_NO_ESCAPE && e->spec->kind == K_ESCAPE));
            if (!ok && bad++ < 5)
                check_true(__FILE__, __LINE__, false, key);
            preset_free(&preset);
        }
    }
    CHECK_INT(0, bad);
    CHECK(keys > 500);
    for (size_t i = 0; i < n_arg_envs; i++) {
        bool found = false;
        for (size_t r = 0; r < n_arg_specs && !found; r++)
            found = strcmp(arg_specs[r].names[0], arg_envs[i].flag) == 0;
        check_true(__FILE__, __LINE__, found, arg_envs[i].flag);
    }
}

void test_preset(void)
{
    test_switch_values();
    test_sections();
    test_values();
    test_repeats();
    test_refusals();
    test_every_key();
}
