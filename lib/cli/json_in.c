/* json_in.c: a recursive-descent JSON reader. Values go into one growing array and refer to each other by
 * index; every string, key and number text is copied, decoded, into one buffer sized from the text (no text
 * decodes longer than it is written, and each piece adds one NUL). */
#include "cli/json_in.h"
#include "cli/values.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *s;          /* (n,) the text */
    size_t n, at;           /* its length, and where the reader is */
    size_t line, line_start;
    JsonDoc *doc;
    size_t values_size;     /* allocated entries of doc->values */
    size_t strings_used;
    char *err;
    size_t err_size;
    bool failed;
    bool too_deep;          /* the failure is nesting past JSON_MAX_DEPTH */
} Reader;

/* Records the first error, with the line and column of `at`. */
static bool fail(Reader *r, const char *fmt, ...)
{
    if (r->failed)
        return false;
    r->failed = true;
    int len = snprintf(r->err, r->err_size, "line %zu, column %zu: ", r->line, r->at - r->line_start + 1);
    va_list args;
    va_start(args, fmt);
    if (len >= 0 && (size_t)len < r->err_size)
        vsnprintf(r->err + len, r->err_size - (size_t)len, fmt, args);
    va_end(args);
    return false;
}

static void skip_blanks(Reader *r)
{
    while (r->at < r->n) {
        char c = r->s[r->at];
        if (c == '\n') {
            r->line++;
            r->line_start = r->at + 1;
        } else if (c != ' ' && c != '\t' && c != '\r') {
            return;
        }
        r->at++;
    }
}

/* A new value at the reader's place; returns its index, or -1 when memory runs out. */
static long new_value(Reader *r, JsonType type)
{
    JsonDoc *d = r->doc;
    if (d->n_values == r->values_size) {
        size_t size = r->values_size < 16 ? 16 : 2 * r->values_size;
        JsonValue *grown = realloc(d->values, size * sizeof *grown);
        if (grown == NULL) {
            fail(r, "out of memory");
            return -1;
        }
        d->values = grown;
        r->values_size = size;
    }
    d->values[d->n_values] = (JsonValue){.type = type, .first = -1, .next = -1, .line = r->line,
                                         .column = r->at - r->line_start + 1};
    return (long)d->n_values++;
}

static int hex4(const char *s)
{
    int v = 0;
    for (int i = 0; i < 4; i++) {
        char c = s[i];
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
              : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (d < 0)
            return -1;
        v = v * 16 + d;
    }
    return v;
}

/* Writes code point cp as UTF-8 at out; returns the bytes written. */
static size_t put_utf8(char *out, unsigned long cp)
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* Reads a string at the reader's '"' into the strings buffer; *text and *length get it. */
static bool read_string(Reader *r, const char **text, size_t *length)
{
    char *out = r->doc->strings + r->strings_used, *start = out;
    r->at++;                            /* the opening quote */
    for (;;) {
        if (r->at >= r->n)
            return fail(r, "a string is not closed");
        unsigned char c = (unsigned char)r->s[r->at];
        if (c == '"') {
            r->at++;
            break;
        }
        if (c < 0x20)
            return fail(r, "a control character (0x%02x) in a string must be escaped", c);
        if (c != '\\') {
            size_t len = utf8_char_length((const unsigned char *)r->s + r->at, r->n - r->at);
            if (len == 0)
                return fail(r, "a string holds bytes that are not UTF-8");
            memcpy(out, r->s + r->at, len);
            out += len;
            r->at += len;
            continue;
        }
        char e = r->at + 1 < r->n ? r->s[r->at + 1] : '\0';
        const char *plain = strchr("\"\\/bfnrt", e);
        if (e != '\0' && plain != NULL) {
            static const char decoded[] = "\"\\/\b\f\n\r\t";
            *out++ = decoded[plain - "\"\\/bfnrt"];
            r->at += 2;
            continue;
        }
        if (e != 'u')
            return fail(r, "'\\%c' is not an escape JSON knows", e != '\0' ? e : ' ');
        int hi = r->at + 6 <= r->n ? hex4(r->s + r->at + 2) : -1;
        if (hi < 0)
            return fail(r, "\\u wants four hex digits");
        unsigned long cp = (unsigned long)hi;
        r->at += 6;
        if (hi >= 0xDC00 && hi <= 0xDFFF)
            return fail(r, "a low surrogate \\u%04x has no high one before it", hi);
        if (hi >= 0xD800 && hi <= 0xDBFF) {
            int lo = r->at + 6 <= r->n && r->s[r->at] == '\\' && r->s[r->at + 1] == 'u' ? hex4(r->s + r->at + 2) : -1;
            if (lo < 0xDC00 || lo > 0xDFFF)
                return fail(r, "a high surrogate \\u%04x must be followed by a low one", hi);
            cp = 0x10000 + (((unsigned long)hi - 0xD800) << 10) + ((unsigned long)lo - 0xDC00);
            r->at += 6;
        }
        out += put_utf8(out, cp);
    }
    *out = '\0';
    *text = start;
    *length = (size_t)(out - start);
    r->strings_used += *length + 1;
    return true;
}

/* Reads a number: its syntax strictly, then as nlohmann stores it. */
static bool read_number(Reader *r, long index)
{
    size_t start = r->at, i = r->at;
    const char *s = r->s;
    bool whole = true;
    if (i < r->n && s[i] == '-')
        i++;
    if (i < r->n && s[i] == '0')
        i++;
    else if (i < r->n && s[i] >= '1' && s[i] <= '9')
        while (i < r->n && s[i] >= '0' && s[i] <= '9')
            i++;
    else
        return fail(r, "a number must start with a digit (after its '-')");
    if (i < r->n && s[i] == '.') {
        whole = false;
        if (++i >= r->n || s[i] < '0' || s[i] > '9')
            return fail(r, "a number's '.' wants a digit after it");
        while (i < r->n && s[i] >= '0' && s[i] <= '9')
            i++;
    }
    if (i < r->n && (s[i] == 'e' || s[i] == 'E')) {
        whole = false;
        i++;
        if (i < r->n && (s[i] == '+' || s[i] == '-'))
            i++;
        if (i >= r->n || s[i] < '0' || s[i] > '9')
            return fail(r, "a number's exponent wants a digit");
        while (i < r->n && s[i] >= '0' && s[i] <= '9')
            i++;
    }
    char *text = r->doc->strings + r->strings_used;
    memcpy(text, s + start, i - start);
    text[i - start] = '\0';
    r->strings_used += i - start + 1;
    JsonValue *v = &r->doc->values[index];
    v->text = text;
    v->length = i - start;
    errno = 0;
    v->number = strtod(text, NULL);
    if (whole) {
        char *end;
        errno = 0;
        if (text[0] == '-') {
            long long n = strtoll(text, &end, 10);
            if (errno != ERANGE) {
                v->type = JSON_INTEGER;
                v->integer = n;
            }
        } else {
            unsigned long long n = strtoull(text, &end, 10);
            if (errno != ERANGE && n <= INT64_MAX) {
                v->type = JSON_INTEGER;
                v->integer = (int64_t)n;
            } else if (errno != ERANGE) {
                v->type = JSON_UNSIGNED;
                v->big = n;
            }
        }
    }
    if (v->type == JSON_FLOAT && isinf(v->number))
        return fail(r, "number overflow parsing '%.40s' (past a double's range)", text);
    r->at = i;
    return true;
}

static bool read_value(Reader *r, long index, size_t depth);

/* Reads an array or an object at the reader's '[' or '{'. */
static bool read_container(Reader *r, long index, size_t depth)
{
    bool object = r->s[r->at] == '{';
    char close = object ? '}' : ']';
    if (depth >= JSON_MAX_DEPTH) {
        r->too_deep = !r->failed;
        return fail(r, "nested deeper than %d levels, this tool's limit", JSON_MAX_DEPTH);
    }
    r->at++;
    skip_blanks(r);
    if (r->at < r->n && r->s[r->at] == close) {
        r->at++;
        return true;
    }
    long last = -1;
    for (;;) {
        const char *key = NULL;
        size_t key_length = 0;
        skip_blanks(r);
        if (object) {
            if (r->at >= r->n || r->s[r->at] != '"')
                return fail(r, "expected a member's key, a string in double quotes");
            if (!read_string(r, &key, &key_length))
                return false;
            skip_blanks(r);
            if (r->at >= r->n || r->s[r->at] != ':')
                return fail(r, "expected ':' after a member's key");
            r->at++;
            skip_blanks(r);
        }
        long child = new_value(r, JSON_NULL);
        if (child < 0 || !read_value(r, child, depth + 1))
            return false;
        JsonValue *c = &r->doc->values[child];
        c->key = key;
        c->key_length = key_length;
        if (last < 0)
            r->doc->values[index].first = child;
        else
            r->doc->values[last].next = child;
        last = child;
        r->doc->values[index].count++;
        skip_blanks(r);
        if (r->at < r->n && r->s[r->at] == ',') {
            r->at++;
            skip_blanks(r);
            if (r->at < r->n && r->s[r->at] == close)
                return fail(r, "a trailing ',' before '%c'", close);
            continue;
        }
        if (r->at < r->n && r->s[r->at] == close) {
            r->at++;
            return true;
        }
        return fail(r, object ? "expected ',' or '}' after a member" : "expected ',' or ']' after an element");
    }
}

/* An unexpected byte, as a message shows it: itself when printable ASCII, else \xNN. */
static bool fail_unexpected(Reader *r)
{
    unsigned char c = (unsigned char)r->s[r->at];
    if (c > 0x20 && c < 0x7f)
        return fail(r, "unexpected '%c': not the start of a JSON value", c);
    return fail(r, "unexpected byte \\x%02x: not the start of a JSON value", c);
}

static bool read_word(Reader *r, const char *word)
{
    size_t n = strlen(word);
    if (r->n - r->at < n || memcmp(r->s + r->at, word, n) != 0)
        return fail_unexpected(r);
    r->at += n;
    return true;
}

static bool read_value(Reader *r, long index, size_t depth)
{
    skip_blanks(r);
    if (r->at >= r->n)
        return fail(r, "expected a value, found the end of the text");
    JsonValue *v = &r->doc->values[index];
    v->line = r->line;
    v->column = r->at - r->line_start + 1;
    char c = r->s[r->at];
    switch (c) {
    case '{': v->type = JSON_OBJECT; return read_container(r, index, depth);
    case '[': v->type = JSON_ARRAY; return read_container(r, index, depth);
    case '"': v->type = JSON_STRING; return read_string(r, &v->text, &v->length);
    case 't': v->type = JSON_BOOL; v->boolean = true; return read_word(r, "true");
    case 'f': v->type = JSON_BOOL; v->boolean = false; return read_word(r, "false");
    case 'n': v->type = JSON_NULL; return read_word(r, "null");
    default:
        if (c == '-' || (c >= '0' && c <= '9')) {
            v->type = JSON_FLOAT;
            return read_number(r, index);
        }
        return fail_unexpected(r);
    }
}

bool json_parse(const char *text, size_t length, JsonDoc *doc, char *err, size_t err_size)
{
    char scratch[1];
    if (err == NULL || err_size == 0) {
        err = scratch;
        err_size = sizeof scratch;
    }
    err[0] = '\0';
    if (doc == NULL || text == NULL) {
        snprintf(err, err_size, "no text to read");
        return false;
    }
    *doc = (JsonDoc){NULL, 0, NULL, false};
    Reader r = {.s = text, .n = length, .line = 1, .doc = doc, .err = err, .err_size = err_size};
    if (length >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        r.at = r.line_start = 3;
    doc->strings = malloc(2 * length + 16);
    long top = doc->strings != NULL ? new_value(&r, JSON_NULL) : -1;
    bool ok = top == 0 && read_value(&r, 0, 0);
    if (ok) {
        skip_blanks(&r);
        if (r.at < r.n)
            ok = fail(&r, "text after the JSON value");
    }
    if (doc->strings == NULL)
        snprintf(err, err_size, "out of memory");
    if (!ok) {
        json_free(doc);
        doc->too_deep = r.too_deep;
    }
    return ok;
}

void json_free(JsonDoc *doc)
{
    if (doc == NULL)
        return;
    free(doc->values);
    free(doc->strings);
    *doc = (JsonDoc){NULL, 0, NULL, false};
}

const JsonValue *json_get(const JsonDoc *doc, const JsonValue *object, const char *key)
{
    if (doc == NULL || object == NULL || key == NULL || object->type != JSON_OBJECT)
        return NULL;
    const JsonValue *found = NULL;
    size_t n = strlen(key);
    for (long i = object->first; i >= 0; i = doc->values[i].next) {
        const JsonValue *m = &doc->values[i];
        if (m->key_length == n && memcmp(m->key, key, n) == 0)
            found = m;
    }
    return found;
}

const char *json_type_name(const JsonValue *v)
{
    static const char *const names[] = {"null", "boolean", "number", "number", "number", "string", "array",
                                        "object"};
    return v != NULL && (unsigned)v->type < sizeof names / sizeof names[0] ? names[v->type] : "null";
}
