/* from_json.c: a request body read back: the JSON, OpenAI's chat conversion and its refusals, the fields
 * (body_fields.c), then what llama.cpp's sampler refuses; and the body file itself. */
#include "cli/from_json.h"
#include "cli/body.h"
#include "cli/values.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A refusal of the chat conversion: llama-server answers 400 with its message. */
static bool chat_refuse(Body *b, const char *name, const char *message)
{
    return body_refuse(b, name, "llama-server answers 400: \"%s\"", message);
}

/* OpenAI's chat conversion (oaicompat_chat_params_parse): its own refusals, before the schema. */
static bool read_chat(Body *b, const JsonValue *messages)
{
    const JsonDoc *doc = b->doc;
    if (json_type(messages) != JSON_ARRAY)
        return chat_refuse(b, "messages", "Expected 'messages' to be an array");
    for (const JsonValue *msg = json_first(doc, messages); msg != NULL; msg = json_next(doc, msg)) {
        const JsonValue *role = body_member(b, msg, "role");
        const JsonValue *content = body_member(b, msg, "content");
        const char *role_text = json_text(doc, role, NULL);
        bool assistant = role_text != NULL && strcmp(role_text, "assistant") == 0;
        if (!assistant && content == NULL)
            return chat_refuse(b, "messages", "All non-assistant messages must contain 'content'");
        if (assistant && content == NULL && body_member(b, msg, "tool_calls") == NULL)
            return chat_refuse(b, "messages", "Assistant message must contain either 'content' or 'tool_calls'!");
        if (content == NULL || json_type(content) == JSON_STRING || json_type(content) == JSON_NULL)
            continue;
        if (json_type(content) != JSON_ARRAY)
            return chat_refuse(b, "messages", "Expected 'content' to be a string or an array");
        for (const JsonValue *part = json_first(doc, content); part != NULL; part = json_next(doc, part)) {
            const char *t = json_text(doc, body_member(b, part, "type"), NULL);
            t = t != NULL ? t : "";
            if (strcmp(t, "text") != 0 && strcmp(t, "image_url") != 0 && strcmp(t, "input_audio") != 0)
                return chat_refuse(b, "messages", "unsupported content[].type");
        }
    }
    const JsonValue *logprobs = body_member(b, b->body, "logprobs"), *top = body_member(b, b->body, "top_logprobs");
    bool on = json_bool(logprobs);
    if (!on && top != NULL && json_type(top) != JSON_NULL)
        return chat_refuse(b, "top_logprobs", "top_logprobs requires logprobs to be set to true");
    const JsonValue *format = body_member(b, b->body, "response_format");
    const char *t = json_text(doc, body_member(b, format, "type"), NULL);
    t = t != NULL ? t : "";
    if (t[0] != '\0' && strcmp(t, "text") != 0 && strcmp(t, "json_object") != 0 && strcmp(t, "json_schema") != 0)
        return body_refuse(b, "response_format", "llama-server answers 400: \"response_format type must be one of "
                           "\\\"text\\\" or \\\"json_object\\\", but got: %s\"", t);
    const JsonValue *schema = body_member(b, b->body, "json_schema"), *grammar = body_member(b, b->body, "grammar");
    size_t grammar_length = 0;
    if (schema != NULL && json_type(schema) != JSON_NULL && json_text(doc, grammar, &grammar_length) != NULL
        && grammar_length > 0)
        return body_refuse(b, "json_schema", "%s", "llama-server refuses the body: \"Cannot use both json_schema "
                           "and grammar\"");
    return true;
}

/* What the chain builder refuses (sampling_params_problem), named by the body's field: as llama.cpp's sampler
 * refuses it when the server builds the chain (common_sampler_init's penalties, reference section 4.2), or as
 * this workbench's own limit, which llama-server would not refuse (an infinite tau or eta, a tau whose 2 * tau
 * overflows, a repeat penalty whose float reciprocal overflows). */
static bool check_sampler(Body *b)
{
    static const struct { const char *problem, *field; bool own; int setting; } names[] = {
        {"penalty_repeat", "repeat_penalty", false, SET_REPEAT_PENALTY},
        {"penalty_freq", "frequency_penalty", false, SET_FREQUENCY},
        {"penalty_present", "presence_penalty", false, SET_PRESENCE},
        {"mirostat_tau", "mirostat_tau", true, SET_MIROSTAT_TAU},
        {"mirostat_eta", "mirostat_eta", true, SET_MIROSTAT_ETA}};
    const char *problem = sampling_params_problem(&b->params->sampling);
    if (problem == NULL)
        return true;
    const char *field_name = "sampling";
    char blamed[400];
    bool own = strstr(problem, "this workbench's own") != NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strncmp(problem, names[i].problem, strlen(names[i].problem)) == 0) {
            field_name = names[i].field;
            own = own || names[i].own;
            const CliParams *p = b->params;
            if (p->sources[names[i].setting].now.layer != LAYER_REQUEST) {     /* the real cause: another layer */
                char value[SOURCE_VALUE_MAX + 1], from[300];
                snprintf(blamed, sizeof blamed, "%s %s, from %s, not the request", names[i].field,
                         args_setting_text(p, names[i].setting, value, sizeof value),
                         sources_origin(p, names[i].setting, from, sizeof from));
                field_name = blamed;
            }
        }
    if (own)
        return body_refuse(b, field_name, "this workbench refuses it (its own limit; llama-server would build the "
                           "chain): %s", problem);
    return body_refuse(b, field_name, "llama.cpp's sampler refuses it when llama-server builds the chain: %s", problem);
}

bool body_read(const char *text, size_t length, CliParams *params, char *notes, size_t notes_size, char *err,
               size_t err_size)
{
    char scratch[1];
    if (err == NULL || err_size == 0) {
        err = scratch;
        err_size = sizeof scratch;
    }
    err[0] = '\0';
    if (text == NULL || params == NULL) {
        snprintf(err, err_size, "no body to read");
        return false;
    }
    JsonDoc doc;
    char why[300];
    if (!json_parse(text, length, &doc, why, sizeof why)) {
        if (doc.too_deep)       /* JSON all the same: what llama-server then does is not claimed here */
            snprintf(err, err_size, "the body is not read here (%s; nlohmann::json, llama-server's JSON reader, has "
                     "no such limit)", why);
        else if (strstr(why, "out of memory") != NULL)
            snprintf(err, err_size, "the body is not read here (out of memory)");
        else
            snprintf(err, err_size, "the body is not JSON (%s); llama-server refuses it", why);
        return false;
    }
    Body b = {&doc, json_root(&doc), params, params->sampling.dry_base, text_start(notes, notes_size), err, err_size};
    bool ok = true;
    if (json_type(b.body) != JSON_OBJECT) {
        snprintf(err, err_size, "the body is a JSON %s, not an object: llama-server reads its fields by name",
                 json_type_name(b.body));
        ok = false;
    }
    const JsonValue *messages = body_member(&b, b.body, "messages");
    bool chat = messages != NULL;
    ok = ok && (!chat || read_chat(&b, messages)) && body_fields(&b, chat) && check_sampler(&b);
    if (ok)
        body_unread(&b);
    const JsonValue *prompt = body_member(&b, b.body, "prompt");
    if (ok && !chat && prompt != NULL && json_type(prompt) != JSON_STRING && json_type(prompt) != JSON_ARRAY) {
        snprintf(err, err_size, "prompt: llama-server answers 400: \"\\\"prompt\\\" must be a string or an array\"");
        ok = false;
    }
    if (ok && !chat && prompt == NULL)
        text_add(&b.notes, "neither prompt nor messages: a /completion body carries a prompt, a /v1/chat/completions "
                           "body messages; whether llama-server refuses one without them is not checked against this "
                           "workbench's reference; the chain line is what the rest gives\n");
    json_free(&doc);
    return ok;
}

const char *body_model(const char *text, size_t length, char *buf, size_t size, bool *json)
{
    JsonDoc doc;
    char why[200];
    bool parsed = text != NULL && json_parse(text, length, &doc, why, sizeof why);
    if (json != NULL)
        *json = parsed;
    if (!parsed)
        return NULL;            /* body_read says why, when it reads the body */
    const char *model = json_text(&doc, json_get(&doc, json_root(&doc), "model"), NULL);
    if (model != NULL)
        snprintf(buf, size, "%s", model);
    json_free(&doc);
    return model != NULL ? buf : NULL;
}

const char *body_file_shown(const char *path, char *buf, size_t size)
{
    char safe[120];
    if (path != NULL && strcmp(path, "-") == 0)
        snprintf(buf, size, "standard input");
    else
        snprintf(buf, size, "'%s'", shown(path != NULL ? path : "", safe, sizeof safe));
    return buf;
}

bool body_read_file(const char *flag, const char *path, char **text, size_t *length, char *err, size_t err_size)
{
    flag = flag != NULL ? flag : "--from-json";
    if (path == NULL || text == NULL || length == NULL) {
        snprintf(err, err_size, "%s: no file", flag);
        return false;
    }
    bool in = strcmp(path, "-") == 0;
    char name[130];
    body_file_shown(path, name, sizeof name);
    errno = 0;
    FILE *file = in ? stdin : fopen(path, "rb");
    if (file == NULL) {
        snprintf(err, err_size, "%s: cannot read %s: %s", flag, name, strerror(errno));
        return false;
    }
    /* A file of a size is read into a buffer of that size and a byte (so that the whole path stays within 4 bytes a
     * byte); a pipe or standard input into one grown by half each time, then cut back to its bytes. */
    long known = in ? -1 : fseek(file, 0, SEEK_END) == 0 ? ftell(file) : -1;
    if (known >= 0 && fseek(file, 0, SEEK_SET) != 0)
        known = -1;
    size_t size = known >= 0 && (unsigned long)known <= BODY_MAX_BYTES ? (size_t)known + 1 : 4096, n = 0;
    char *buf = malloc(size);
    bool failed = buf == NULL, too_long = false;
    int reason = failed ? ENOMEM : 0;       /* why reading failed, as the system said */
    while (!failed && !too_long) {
        if (n + 1 == size) {
            size_t grown_size = size + size / 2;
            char *grown = size > BODY_MAX_BYTES ? NULL : realloc(buf, grown_size);
            too_long = size > BODY_MAX_BYTES;
            failed = grown == NULL && !too_long;
            reason = failed ? ENOMEM : 0;
            if (grown != NULL) {
                buf = grown;
                size = grown_size;
            }
            continue;
        }
        errno = 0;
        size_t got = fread(buf + n, 1, size - 1 - n, file);
        n += got;
        if (got == 0) {
            failed = ferror(file) != 0;
            reason = errno;         /* a directory: EISDIR, which fopen did not see */
            break;
        }
    }
    too_long = too_long || n > BODY_MAX_BYTES;
    if (!in)
        fclose(file);       /* opened for reading: nothing is lost if closing fails */
    if (failed || too_long) {
        free(buf);
        if (too_long)
            snprintf(err, err_size, "%s: %s is longer than %u bytes (this tool's limit)", flag, name, BODY_MAX_BYTES);
        else
            snprintf(err, err_size, "%s: cannot read %s: %s", flag, name,
                     reason != 0 ? strerror(reason) : "a read error");
        return false;
    }
    buf[n] = '\0';
    char *cut = n + 1 < size ? realloc(buf, n + 1) : NULL;     /* best-effort: the bigger buffer serves too */
    *text = cut != NULL ? cut : buf;
    *length = n;
    return true;
}
