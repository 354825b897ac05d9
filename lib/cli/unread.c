/* unread.c: the body's fields llama-server does not read. It ignores them without a word (reference section 11, layer
 * 1); here --explain names every one, and one that looks like a sampling setting gets a warning: a name within two
 * edits of a sampling field or flag ("temp", "top-k"), a name another engine gives a sampling setting
 * ("repetition_penalty"), or an object such as Ollama's "options" holding such names. */
#include "cli/apply.h"
#include "cli/body.h"
#include "cli/flags.h"
#include "cli/values.h"

#include <stdio.h>
#include <string.h>

/* Every top-level field llama-server reads on /completion and /v1/chat/completions, sampling or not. First
 * tools/server/server-schema.cpp at 0177c342 (make_llama_cmpl_schema), each field and alias in its order, and
 * grammar_type, which its json_schema handler reads; then the fields read outside the schema: prompt and id_slot
 * (the completion handlers of tools/server/server-context.cpp), model (the request's model: the router picks the
 * model by it, reference section 11), and the chat conversion's own (oaicompat_chat_params_parse,
 * tools/server/server-common.cpp at 00efb3e): messages, tools, tool_choice, parallel_tool_calls,
 * add_generation_prompt, chat_template_kwargs, thinking_budget_tokens, response_format, top_logprobs. */
static const char *const server_fields[] = {
    "verbose", "timings_per_token", "stream", "stream_options", "cache_prompt", "return_tokens", "return_progress",
    "sse_ping_interval", "n_predict", "max_completion_tokens", "max_tokens", "n_indent", "n_keep", "n_discard",
    "n_cmpl", "n", "n_cache_reuse", "t_max_predict_ms", "response_fields", "top_k", "top_p", "min_p", "top_n_sigma",
    "xtc_probability", "xtc_threshold", "typical_p", "temperature", "dynatemp_range", "dynatemp_exponent",
    "repeat_last_n", "repeat_penalty", "frequency_penalty", "presence_penalty", "dry_multiplier", "dry_base",
    "dry_allowed_length", "dry_penalty_last_n", "mirostat", "mirostat_tau", "mirostat_eta", "adaptive_target",
    "adaptive_decay", "seed", "n_probs", "logprobs", "min_keep", "backend_sampling", "post_sampling_probs", "lora",
    "dry_sequence_breakers", "json_schema", "grammar", "grammar_type", "grammar_lazy", "chat_format",
    "reasoning_format", "generation_prompt", "parse_tool_calls", "chat_parser", "continue_final_message", "echo",
    "preserved_tokens", "grammar_triggers", "reasoning_control", "reasoning_budget_tokens",
    "reasoning_budget_start_tag", "reasoning_budget_end_tags", "reasoning_budget_end_tag",
    "reasoning_budget_message", "logit_bias", "ignore_eos", "stop", "samplers",
    /* read outside the schema */
    "prompt", "id_slot", "model", "messages", "tools", "tool_choice", "parallel_tool_calls", "add_generation_prompt",
    "chat_template_kwargs", "thinking_budget_tokens", "response_format", "top_logprobs",
};

/* The names other engines give their sampling settings, the one list of them, each with its source:
 *   vLLM: SamplingParams (vllm/sampling_params.py; docs.vllm.ai, "Inference Parameters");
 *   KoboldAI's generate API (lite.koboldai.net/kobold_api.json, as ai_horde's ModelGenerationInputKobold
 *   lists its fields: sample_order among them, ai_horde's docs/interfaces/ModelPayloadKobold.md);
 *   KoboldCpp's generate API, which SillyTavern sends to Kobold back ends: sampler_order, sampler_seed and
 *   nsigma (KoboldCpp's own documents were not read here);
 *   text-generation-webui: GenerationOptions in extensions/openai/typing.py (commit 02678ae4), the fields its
 *   OpenAI-style API reads, most of them Hugging Face transformers' generation parameters;
 *   Ollama: a request's "options" (docs/api.md) and a Modelfile's PARAMETER names (docs/modelfile.md);
 *   kronk (ardanlabs/kronk), a Go SDK over llama.cpp: its model.Params' JSON names.
 * field is llama-server's field for the same setting, or NULL where llama.cpp has none. */
static const struct {
    const char *name;
    const char *what;       /* whose name it is, and for what */
    const char *field;
} foreign[] = {
    {"repetition_penalty", "vLLM's and text-generation-webui's name for the repetition penalty", "repeat_penalty"},
    {"repetition_penalty_range", "text-generation-webui's repetition-penalty window", "repeat_last_n"},
    {"rep_pen", "KoboldAI's name for the repetition penalty", "repeat_penalty"},
    {"rep_pen_range", "KoboldAI's repetition-penalty window", "repeat_last_n"},
    {"rep_pen_slope", "KoboldAI's repetition-penalty slope", NULL},
    {"encoder_repetition_penalty", "text-generation-webui's encoder repetition penalty", NULL},
    {"no_repeat_ngram_size", "text-generation-webui's n-gram ban", NULL},
    {"typical", "KoboldAI's name for locally typical sampling", "typical_p"},
    {"sample_order", "KoboldAI's sampler order, a list of sampler numbers", "samplers"},
    {"sampler_order", "KoboldCpp's sampler order, a list of sampler numbers", "samplers"},
    {"sampler_seed", "KoboldCpp's sampling seed", "seed"},
    {"nsigma", "KoboldCpp's name for top-n-sigma", "top_n_sigma"},
    {"tfs", "KoboldAI's and text-generation-webui's tail-free sampling", NULL},
    {"tfs_z", "older llama-server's tail-free sampling field, and Ollama's", NULL},
    {"top_a", "KoboldAI's and text-generation-webui's top-a sampler", NULL},
    {"smoothing_factor", "text-generation-webui's quadratic (smoothing) sampling", NULL},
    {"smoothing_curve", "text-generation-webui's quadratic (smoothing) sampling", NULL},
    {"epsilon_cutoff", "text-generation-webui's epsilon sampling", NULL},
    {"eta_cutoff", "text-generation-webui's eta sampling", NULL},
    {"penalty_alpha", "text-generation-webui's contrastive search", NULL},
    {"guidance_scale", "text-generation-webui's classifier-free guidance", NULL},
    {"negative_prompt", "text-generation-webui's classifier-free guidance prompt", NULL},
    {"mirostat_mode", "text-generation-webui's name for the mirostat version", "mirostat"},
    {"dynamic_temperature", "text-generation-webui's dynamic temperature switch (llama.cpp's: a dynatemp_range "
                            "above 0)", "dynatemp_range"},
    {"dynatemp_low", "text-generation-webui's lowest dynamic temperature (llama.cpp's range is temperature "
                     "plus or minus dynatemp_range)", "dynatemp_range"},
    {"dynatemp_high", "text-generation-webui's highest dynamic temperature (llama.cpp's range is temperature "
                      "plus or minus dynatemp_range)", "dynatemp_range"},
    {"temperature_last", "text-generation-webui's switch for temperature last (llama.cpp's order is its sampler "
                         "list)", "samplers"},
    {"sampler_priority", "text-generation-webui's sampler order", "samplers"},
    {"do_sample", "text-generation-webui's switch between sampling and greedy search", NULL},
    {"ban_eos_token", "text-generation-webui's end-of-generation ban", "ignore_eos"},
    {"custom_token_bans", "text-generation-webui's token bans (llama.cpp's: a logit bias of false)", "logit_bias"},
    {"min_tokens", "vLLM's least number of tokens before an end-of-generation token", NULL},
    {"penalize_newline", "Ollama's newline penalty (older llama.cpp's --penalize-nl)", NULL},
    {"num_predict", "Ollama's number of tokens to predict", "n_predict"},
    {"format", "Ollama's structured output, \"json\" or a JSON schema; llama-server's own are \"json_schema\" and "
               "\"grammar\", and a chat body's \"response_format\" (reference section 7), whose grammar, when the "
               "server applies one, changes sampling outside the chain line",
     NULL},
    {"penalize_nl", "older llama-server's switch that let the repeat penalties reach the newline token, as "
                    "older llama.cpp's --penalize-nl did", NULL},
    {"adaptive_p_target", "kronk's name for the adaptive-p target", "adaptive_target"},
    {"adaptive_p_decay", "kronk's name for the adaptive-p decay", "adaptive_decay"},
    {"xtc_min_keep", "kronk's least number of tokens XTC keeps (llama.cpp's min_keep, for every filter)",
     "min_keep"},
};

/* The names in foreign that older llama-server read itself (NOT_CHECKED) and the current one does not
 * (server-schema.cpp at 0177c342): their warning says what llama.cpp does with them now. */
static const char *const older_fields[] = {"tfs_z", "penalize_nl"};

/* The names in foreign whose words already say what llama-server has instead: no "which llama.cpp does not
 * have" after them. */
static const char *const said_fields[] = {"format"};

/* Whether name (n bytes) is one of list's (count) names. */
static bool in_list(const char *const *list, size_t count, const char *name, size_t n)
{
    for (size_t i = 0; i < count; i++)
        if (strlen(list[i]) == n && memcmp(name, list[i], n) == 0)
            return true;
    return false;
}

/* The field of server_fields that name (n bytes) is, or NULL. */
static const char *server_field(const char *name, size_t n)
{
    for (size_t i = 0; i < sizeof server_fields / sizeof server_fields[0]; i++)
        if (strlen(server_fields[i]) == n && memcmp(name, server_fields[i], n) == 0)
            return server_fields[i];
    return NULL;
}

bool server_reads_field(const char *name)
{
    for (size_t i = 0; name != NULL && i < sizeof server_fields / sizeof server_fields[0]; i++)
        if (strcmp(name, server_fields[i]) == 0)
            return true;
    return false;
}

/* How near name (n bytes) is to target: its edit distance when within two edits, or one for a name of four
 * bytes or fewer, and a target of four bytes or fewer only as itself (an edit or two to a short word makes
 * another word: "time" and "speed" are no "temp" or "seed"); 3 when it is not near. */
static size_t nearness(const char *name, size_t n, const char *target)
{
    size_t m = strlen(target), limit = m <= 4 ? 0 : n <= 4 ? 1 : 2;
    size_t d = args_distance(name, n, target, m, limit);
    return d <= limit ? d : 3;
}

/* The llama-server field that sets one of the chain's settings, when name is that field itself (exact is
 * true), or lies near it or near a flag that sets it, its dashes stripped (temp, top-k, mirostat-ent): the
 * nearest, a field before a flag at the same distance; NULL when none is near. */
static const char *sampling_field(const char *name, size_t n, bool exact)
{
    const char *best = NULL;
    size_t best_d = 3;
    for (int s = 0; s < SETTING_COUNT; s++) {
        const char *field = args_setting_field((ArgsSetting)s, NULL);
        size_t d = exact ? (strlen(field) == n && memcmp(name, field, n) == 0 ? 0 : 3) : nearness(name, n, field);
        if (d < best_d) {
            best = field;
            best_d = d;
        }
    }
    for (size_t i = 0; !exact && i < n_arg_specs; i++) {
        int s = arg_specs[i].setting;
        for (size_t j = 0; s >= 0 && s < SETTING_COUNT && j < 4 && arg_specs[i].names[j] != NULL; j++) {
            size_t d = nearness(name, n, arg_specs[i].names[j] + strspn(arg_specs[i].names[j], "-"));
            if (d < best_d) {
                best = args_setting_field((ArgsSetting)s, NULL);
                best_d = d;
            }
        }
    }
    return best;
}

/* One warning for a member (key, n bytes) that llama-server does not read and that looks like a sampling
 * setting, inside the object `in` (NULL: the body itself): the field meant, where one is near. Returns whether it
 * looks like one. */
static bool warn_sampling(Body *b, const char *key, size_t n, const char *in)
{
    const char *what = NULL, *field = NULL;
    for (size_t i = 0; i < sizeof foreign / sizeof foreign[0] && what == NULL; i++)
        if (strlen(foreign[i].name) == n && memcmp(key, foreign[i].name, n) == 0) {
            what = foreign[i].what;
            field = foreign[i].field;
        }
    bool older = what != NULL && in_list(older_fields, sizeof older_fields / sizeof older_fields[0], key, n);
    bool said = what != NULL && in_list(said_fields, sizeof said_fields / sizeof said_fields[0], key, n);
    if (what == NULL)
        field = sampling_field(key, n, in != NULL);
    if (what == NULL && field == NULL && in != NULL)
        field = sampling_field(key, n, false);
    if (what == NULL && field == NULL && in != NULL)    /* Ollama's "options": {"stop": [...]}: a field it reads */
        field = server_field(key, n);
    if (what == NULL && field == NULL)
        return false;
    char name[80], object[80], line[700];
    shown(key, name, sizeof name);
    Text t = text_start(line, sizeof line);
    text_add(&t, "\"%s\"", name);
    if (in != NULL)
        text_add(&t, " in \"%s\"", shown(in, object, sizeof object));
    text_add(&t, ": llama-server ignores it");
    if (what != NULL && in != NULL)
        text_add(&t, " (%s; and it reads only the body's own fields, not those inside an object)", what);
    else if (what != NULL && older)     /* older llama-server's own: what the current one does with it */
        text_add(&t, " (%s; " NOT_CHECKED "): server-schema.cpp at 0177c342 reads no such field", what);
    else if (what != NULL)
        text_add(&t, " (%s%s)", what, field == NULL && !said ? ", which llama.cpp does not have" : "");
    else if (in != NULL)
        text_add(&t, " (it reads only the body's own fields, not those inside an object)");
    const char *set_by = field != NULL ? body_sets_field(b, field) : NULL;
    if (set_by != NULL && strcmp(set_by, field) != 0)   /* Open WebUI's max_tokens beside num_predict */
        text_add(&t, "; the body already sets its field, \"%s\", through its alias \"%s\" (reference section 7), "
                 "and that is the value llama-server reads", field, set_by);
    else if (set_by != NULL)
        text_add(&t, "; the body already sets its field, \"%s\", and that is the value llama-server reads", field);
    else if (field != NULL)
        text_add(&t, "; the field is %s\"%s\"", in != NULL ? "the body's own " : "", field);
    args_warn(b->params, "%s\n", line);
    return true;
}

/* Whether two members' keys (a, na bytes; b, nb bytes) are the same. */
static bool same_key(const char *a, size_t na, const char *b, size_t nb)
{
    return na == nb && memcmp(a, b, na) == 0;
}

/* A body without messages goes to /completion or to the OpenAI completions endpoint, /v1/completions, which answers an
 * error for echo true, best_of and suffix (reference section 7); this tool cannot know which: each gets a warning
 * saying so, and --explain names them. */
static void completions_errors(Body *b)
{
    static const char *const fields[] = {"best_of", "echo", "suffix"};
    if (json_get(b->doc, b->body, "messages") != NULL)
        return;
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
        const JsonValue *v = json_get(b->doc, b->body, fields[i]);
        bool echo = i == 1;
        if (v == NULL || json_type(v) == JSON_NULL || (echo && !json_bool(v)))
            continue;
        char line[400];
        snprintf(line, sizeof line, "\"%s\"%s: llama-server's OpenAI completions endpoint, /v1/completions, answers "
                 "an error for it (reference section 7), and /completion %s; this tool cannot tell which endpoint the "
                 "body is for", fields[i], echo ? ": true" : "",
                 echo ? "reads an echo field of its own (server-schema.cpp at 0177c342)"
                 : "does not read it");
        args_warn(b->params, "%s\n", line);
        args_add_named(b->params->completions_errors, sizeof b->params->completions_errors,
                       echo ? "echo true" : fields[i]);
    }
}

/* A member given twice in object (the body, or its logit_bias object: `in` names it, NULL for the body): JSON keeps
 * both, and nlohmann::json, llama-server's reader, keeps the last (json_in.h); the earlier values are named as dropped.
 * The first BODY_MAX_UNREAD members are compared. */
static void repeated_keys(Body *b, const JsonValue *object, const char *in)
{
    const JsonDoc *doc = b->doc;
    size_t i = 0;
    for (const JsonValue *m = json_first(doc, object); m != NULL && i < BODY_MAX_UNREAD; m = json_next(doc, m), i++) {
        size_t n, times = 1;
        const char *key = json_member_key(doc, m, &n);
        bool first = true, later = false;
        size_t j = 0;
        const JsonValue *last = m;
        const JsonValue *o = json_first(doc, object);
        for (; o != NULL && j < BODY_MAX_UNREAD; o = json_next(doc, o), j++) {
            size_t k;
            const char *other = json_member_key(doc, o, &k);
            if (k != n || memcmp(other, key, n) != 0 || o == m)
                continue;
            first = first && j > i;         /* said once, at the key's first place */
            later = later || j > i;
            times++;
            last = o;
        }
        if (times < 2 || !first || !later)
            continue;
        char name[80], kept[64], where[100] = "", line[400];
        json_written(doc, last, kept, sizeof kept);
        if (in != NULL)
            snprintf(where, sizeof where, " in \"%s\"", in);
        char count[32] = "twice";
        if (times > 2)
            snprintf(count, sizeof count, "%zu times", times);
        snprintf(line, sizeof line, "\"%s\"%s is given %s: llama-server's JSON reader (nlohmann::json) keeps the "
                 "last, %s; the earlier %s dropped", shown(key, name, sizeof name), where, count,
                 kept[0] != '\0' ? kept : json_type_name(last), times == 2 ? "one is" : "ones are");
        args_warn(b->params, "%s\n", line);
    }
}

void body_unread(Body *b)
{
    const JsonDoc *doc = b->doc;
    completions_errors(b);
    if (json_type(b->body) == JSON_OBJECT) {
        repeated_keys(b, b->body, NULL);
        const JsonValue *bias = json_get(doc, b->body, "logit_bias");
        if (json_type(bias) == JSON_OBJECT)
            repeated_keys(b, bias, "logit_bias");
    }
    const char *seen[BODY_MAX_UNREAD];         /* the keys examined, each once */
    size_t seen_length[BODY_MAX_UNREAD], n_seen = 0, more = 0;
    if (json_type(b->body) != JSON_OBJECT)
        return;
    for (const JsonValue *m = json_first(doc, b->body); m != NULL; m = json_next(doc, m)) {
        size_t n;
        const char *key = json_member_key(doc, m, &n);
        bool said = server_reads_field(key) && strlen(key) == n;
        for (size_t k = 0; k < n_seen && !said; k++)
            said = same_key(seen[k], seen_length[k], key, n);
        if (said)
            continue;
        if (n_seen == BODY_MAX_UNREAD) {
            more++;
            continue;
        }
        seen[n_seen] = key;
        seen_length[n_seen++] = n;
        args_add_named(b->params->unread, sizeof b->params->unread, key);
        if (warn_sampling(b, key, n, NULL) || json_type(m) != JSON_OBJECT)
            continue;
        size_t inner = 0;       /* Ollama's "options": {"repeat_penalty": 5}: each key that looks like one */
        for (const JsonValue *e = json_first(doc, m); e != NULL && inner < BODY_MAX_UNREAD; e = json_next(doc, e)) {
            size_t length;
            const char *inner_key = json_member_key(doc, e, &length);
            warn_sampling(b, inner_key, length, key);
            inner++;
        }
    }
    if (more > 0) {
        char line[160];
        snprintf(line, sizeof line, "%zu more members that llama-server does not read, not examined (this tool's "
                 "limit: %d)", more, BODY_MAX_UNREAD);
        args_warn(b->params, "%s\n", line);
    }
}
