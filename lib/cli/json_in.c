/* json_in.c: a recursive-descent JSON reader in two passes over the same code. The first checks the text and
 * counts what it holds (values, numbers that need 8 bytes of their own, decoded string bytes) without
 * allocating; the second fills three arrays of exactly those sizes. Values are written in the order they
 * appear (a member's key just before its value), so an array's first element follows it, and a value's next
 * sibling comes after the values under it: a container keeps how many those are. */
#include "cli/json_in.h"
#include "cli/values.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* head: the JsonType in bits 0-2, then FLAG, LAST and MEMBER, then the value's offset in the text. FLAG is,
 * for a boolean, its value; for an integer, that aux holds it (a 32-bit one); for a string or a key, that its
 * bytes hold a NUL, so a 4-byte length comes before them. */
struct JsonValue {
    uint32_t head;
    uint32_t aux;       /* array, object: the values under it plus itself; string, key: the offset of its bytes
                         * in strings; a 32-bit integer: its value; any other number: its index in numbers */
};

enum { TYPE_BITS = 7u, FLAG = 1u << 3, LAST = 1u << 4, MEMBER = 1u << 5, AT_SHIFT = 6 };
_Static_assert(sizeof(JsonValue) == 8, "a value is 8 bytes: the memory bound of json_in.h counts on it");

typedef union {
    double d;           /* JSON_FLOAT */
    int64_t i;          /* JSON_INTEGER outside int32 */
    uint64_t u;         /* JSON_UNSIGNED */
} Number;

typedef struct {
    const char *s;          /* (n,) the text */
    size_t n, at;           /* its length, and where the reader is */
    size_t line, line_start;
    bool fill;              /* the second pass: write into doc */
    JsonDoc *doc;
    size_t n_values, n_numbers, strings_used;   /* counted (first pass), or the next free place (second) */
    char *scratch;          /* (scratch_size,) a number's text with a NUL, for strtod; on the heap when long */
    size_t scratch_size;
    char small[64];
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

/* A new value at the reader's place; returns its index. */
static uint32_t new_value(Reader *r, JsonType type, uint32_t flags)
{
    uint32_t index = (uint32_t)r->n_values++;
    if (r->fill)
        r->doc->values[index] = (JsonValue){(uint32_t)type | flags | (uint32_t)r->at << AT_SHIFT, 0};
    return index;
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

/* Writes code point cp as UTF-8 at out (when out is not NULL); returns the bytes it takes. */
static size_t put_utf8(char *out, unsigned long cp)
{
    unsigned char b[4];
    size_t n;
    if (cp < 0x80) {
        b[0] = (unsigned char)cp;
        n = 1;
    } else if (cp < 0x800) {
        b[0] = (unsigned char)(0xC0 | (cp >> 6));
        b[1] = (unsigned char)(0x80 | (cp & 0x3F));
        n = 2;
    } else if (cp < 0x10000) {
        b[0] = (unsigned char)(0xE0 | (cp >> 12));
        b[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        b[2] = (unsigned char)(0x80 | (cp & 0x3F));
        n = 3;
    } else {
        b[0] = (unsigned char)(0xF0 | (cp >> 18));
        b[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
        b[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        b[3] = (unsigned char)(0x80 | (cp & 0x3F));
        n = 4;
    }
    if (out != NULL)
        memcpy(out, b, n);
    return n;
}

/* Reads the string at the reader's '"' for the value or key at index: its decoded bytes go to strings (second
 * pass) or are counted (first). */
static bool read_string(Reader *r, uint32_t index)
{
    char *out = r->fill ? r->doc->strings + r->strings_used : NULL;
    size_t used = 0;            /* decoded bytes */
    bool nul = false;
    r->at++;                    /* the opening quote */
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
            if (out != NULL)
                memcpy(out + used, r->s + r->at, len);
            used += len;
            r->at += len;
            continue;
        }
        char e = r->at + 1 < r->n ? r->s[r->at + 1] : '\0';
        const char *plain = strchr("\"\\/bfnrt", e);
        if (e != '\0' && plain != NULL) {
            static const char decoded[] = "\"\\/\b\f\n\r\t";
            if (out != NULL)
                out[used] = decoded[plain - "\"\\/bfnrt"];
            used++;
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
        nul = nul || cp == 0;
        used += put_utf8(out != NULL ? out + used : NULL, cp);
    }
    size_t prefix = nul ? sizeof(uint32_t) : 0;     /* a string holding a NUL keeps its length before it */
    if (out != NULL) {
        if (nul) {
            uint32_t length = (uint32_t)used;
            memmove(out + prefix, out, used);
            memcpy(out, &length, sizeof length);
        }
        out[prefix + used] = '\0';
        JsonValue *v = &r->doc->values[index];
        v->aux = (uint32_t)r->strings_used;
        v->head |= nul ? FLAG : 0;
    }
    r->strings_used += prefix + used + 1;
    return true;
}

/* The number text s[start, end) with a NUL in the reader's scratch; NULL when memory runs out. */
static char *number_text(Reader *r, size_t start, size_t end)
{
    size_t need = end - start + 1;
    if (need > r->scratch_size) {
        char *grown = r->scratch == r->small ? malloc(need) : realloc(r->scratch, need);
        if (grown == NULL)
            return NULL;
        r->scratch = grown;
        r->scratch_size = need;
    }
    memcpy(r->scratch, r->s + start, end - start);
    r->scratch[end - start] = '\0';
    return r->scratch;
}

/* Reads a number: its syntax strictly, then as nlohmann stores it. */
static bool read_number(Reader *r, uint32_t index)
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
    char *text = number_text(r, start, i);
    if (text == NULL)
        return fail(r, "out of memory");
    JsonType type = JSON_FLOAT;
    uint32_t flags = 0, aux = 0;
    Number number = {.d = 0};
    if (whole) {
        char *end;
        errno = 0;
        if (text[0] == '-') {
            long long n = strtoll(text, &end, 10);
            if (errno != ERANGE) {
                type = JSON_INTEGER;
                number.i = n;
            }
        } else {
            unsigned long long n = strtoull(text, &end, 10);
            if (errno != ERANGE && n <= INT64_MAX) {
                type = JSON_INTEGER;
                number.i = (int64_t)n;
            } else if (errno != ERANGE) {
                type = JSON_UNSIGNED;
                number.u = n;
            }
        }
    }
    if (type == JSON_FLOAT) {
        number.d = strtod(text, NULL);
        if (isinf(number.d)) {
            r->at = start;
            return fail(r, "number overflow parsing '%.40s' (past a double's range)", text);
        }
    }
    if (type == JSON_INTEGER && number.i >= INT32_MIN && number.i <= INT32_MAX) {
        flags = FLAG;           /* kept in the value itself */
        aux = (uint32_t)(int32_t)number.i;
    } else {
        aux = (uint32_t)r->n_numbers++;
        if (r->fill)
            ((Number *)r->doc->numbers)[aux] = number;
    }
    if (r->fill) {
        JsonValue *v = &r->doc->values[index];
        v->head = (v->head & ~TYPE_BITS) | (uint32_t)type | flags;
        v->aux = aux;
    }
    r->at = i;
    return true;
}

static bool read_value(Reader *r, size_t depth, uint32_t flags, uint32_t *index);

/* Reads an array or an object at the reader's '[' or '{', the value at index. */
static bool read_container(Reader *r, uint32_t index, size_t depth)
{
    bool object = r->s[r->at] == '{';
    char close = object ? '}' : ']';
    if (depth >= JSON_MAX_DEPTH) {
        r->too_deep = !r->failed;
        return fail(r, "nested deeper than %d levels, this tool's limit", JSON_MAX_DEPTH);
    }
    r->at++;
    skip_blanks(r);
    uint32_t last = UINT32_MAX;
    bool closed = r->at < r->n && r->s[r->at] == close;
    while (!closed) {
        skip_blanks(r);
        if (object) {
            if (r->at >= r->n || r->s[r->at] != '"')
                return fail(r, "expected a member's key, a string in double quotes");
            if (!read_string(r, new_value(r, JSON_STRING, 0)))
                return false;
            skip_blanks(r);
            if (r->at >= r->n || r->s[r->at] != ':')
                return fail(r, "expected ':' after a member's key");
            r->at++;
        }
        if (!read_value(r, depth + 1, object ? MEMBER : 0, &last))
            return false;
        skip_blanks(r);
        if (r->at < r->n && r->s[r->at] == ',') {
            r->at++;
            skip_blanks(r);
            if (r->at < r->n && r->s[r->at] == close)
                return fail(r, "a trailing ',' before '%c'", close);
            continue;
        }
        closed = r->at < r->n && r->s[r->at] == close;
        if (!closed)
            return fail(r, object ? "expected ',' or '}' after a member" : "expected ',' or ']' after an element");
    }
    r->at++;
    if (r->fill) {
        if (last != UINT32_MAX)
            r->doc->values[last].head |= LAST;
        r->doc->values[index].aux = (uint32_t)(r->n_values - index);
    }
    return true;
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

/* Reads the value at the reader's place (blanks first); *index gets it. flags: MEMBER for an object's. */
static bool read_value(Reader *r, size_t depth, uint32_t flags, uint32_t *index)
{
    skip_blanks(r);
    if (r->at >= r->n)
        return fail(r, "expected a value, found the end of the text");
    char c = r->s[r->at];
    switch (c) {
    case '{': *index = new_value(r, JSON_OBJECT, flags); return read_container(r, *index, depth);
    case '[': *index = new_value(r, JSON_ARRAY, flags); return read_container(r, *index, depth);
    case '"': *index = new_value(r, JSON_STRING, flags); return read_string(r, *index);
    case 't': *index = new_value(r, JSON_BOOL, flags | FLAG); return read_word(r, "true");
    case 'f': *index = new_value(r, JSON_BOOL, flags); return read_word(r, "false");
    case 'n': *index = new_value(r, JSON_NULL, flags); return read_word(r, "null");
    default:
        if (c == '-' || (c >= '0' && c <= '9')) {
            *index = new_value(r, JSON_FLOAT, flags);
            return read_number(r, *index);
        }
        return fail_unexpected(r);
    }
}

/* One pass over the whole text. */
static bool read_text(Reader *r)
{
    r->at = r->line_start = 0;
    r->line = 1;
    r->n_values = r->n_numbers = r->strings_used = 0;
    if (r->n >= 3 && memcmp(r->s, "\xEF\xBB\xBF", 3) == 0)
        r->at = r->line_start = 3;
    uint32_t root;
    if (!read_value(r, 0, 0, &root))
        return false;
    skip_blanks(r);
    if (r->at < r->n)
        return fail(r, "text after the JSON value");
    if (r->fill)
        r->doc->values[root].head |= LAST;      /* the whole text's value has no next sibling */
    return true;
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
    *doc = (JsonDoc){.text = text, .length = length};
    if (length > JSON_MAX_TEXT) {
        snprintf(err, err_size, "the text is %zu bytes, more than this reader's limit of %zu", length,
                 (size_t)JSON_MAX_TEXT);
        *doc = (JsonDoc){0};
        return false;
    }
    Reader r = {.s = text, .n = length, .doc = doc, .err = err, .err_size = err_size};
    r.scratch = r.small;
    r.scratch_size = sizeof r.small;
    bool ok = read_text(&r);
    if (ok) {
        doc->values = malloc(r.n_values * sizeof *doc->values);
        doc->numbers = r.n_numbers > 0 ? malloc(r.n_numbers * sizeof(Number)) : NULL;
        doc->strings = r.strings_used > 0 ? malloc(r.strings_used) : NULL;
        ok = doc->values != NULL && (r.n_numbers == 0 || doc->numbers != NULL)
             && (r.strings_used == 0 || doc->strings != NULL);
        if (!ok)
            snprintf(err, err_size, "out of memory");
    }
    if (ok) {
        doc->n_values = r.n_values;
        doc->n_numbers = r.n_numbers;
        doc->strings_size = r.strings_used;
        doc->bytes = r.n_values * sizeof *doc->values + r.n_numbers * sizeof(Number) + r.strings_used;
        r.fill = true;
        ok = read_text(&r);     /* the same text again: it cannot fail where the first pass passed */
    }
    if (r.scratch != r.small)
        free(r.scratch);
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
    free(doc->numbers);
    free(doc->strings);
    *doc = (JsonDoc){0};
}

/* ===== Reading a value ===== */

static JsonType type_of(const JsonValue *v)
{
    return (JsonType)(v->head & TYPE_BITS);
}

/* Whether v is one of doc's values. */
static bool in_doc(const JsonDoc *doc, const JsonValue *v)
{
    return doc != NULL && v != NULL && doc->values != NULL && v >= doc->values && v < doc->values + doc->n_values;
}

/* The bytes of a string or key value (its length in *length). */
static const char *piece(const JsonDoc *doc, const JsonValue *v, size_t *length)
{
    const char *p = doc->strings + v->aux;
    size_t n;
    if (v->head & FLAG) {
        uint32_t stored;
        memcpy(&stored, p, sizeof stored);
        n = stored;
        p += sizeof stored;
    } else {
        n = strlen(p);
    }
    if (length != NULL)
        *length = n;
    return p;
}

const JsonValue *json_root(const JsonDoc *doc)
{
    return doc != NULL && doc->n_values > 0 ? doc->values : NULL;
}

JsonType json_type(const JsonValue *v)
{
    return v != NULL ? type_of(v) : JSON_NULL;
}

const JsonValue *json_first(const JsonDoc *doc, const JsonValue *container)
{
    if (!in_doc(doc, container) || (type_of(container) != JSON_ARRAY && type_of(container) != JSON_OBJECT)
        || container->aux == 1)
        return NULL;
    return container + (type_of(container) == JSON_OBJECT ? 2 : 1);    /* an object's first value follows its key */
}

const JsonValue *json_next(const JsonDoc *doc, const JsonValue *v)
{
    if (!in_doc(doc, v) || (v->head & LAST))
        return NULL;
    bool container = type_of(v) == JSON_ARRAY || type_of(v) == JSON_OBJECT;
    const JsonValue *after = v + (container ? v->aux : 1);
    return after + ((v->head & MEMBER) ? 1 : 0);    /* the next member's key comes first */
}

size_t json_count(const JsonDoc *doc, const JsonValue *container)
{
    size_t n = 0;
    for (const JsonValue *e = json_first(doc, container); e != NULL; e = json_next(doc, e))
        n++;
    return n;
}

const char *json_member_key(const JsonDoc *doc, const JsonValue *member, size_t *length)
{
    if (!in_doc(doc, member) || !(member->head & MEMBER))
        return NULL;
    return piece(doc, member - 1, length);
}

const char *json_text(const JsonDoc *doc, const JsonValue *v, size_t *length)
{
    if (!in_doc(doc, v) || type_of(v) != JSON_STRING)
        return NULL;
    return piece(doc, v, length);
}

const JsonValue *json_get(const JsonDoc *doc, const JsonValue *object, const char *key)
{
    if (key == NULL || json_type(object) != JSON_OBJECT)
        return NULL;
    const JsonValue *found = NULL;
    size_t n = strlen(key);
    for (const JsonValue *m = json_first(doc, object); m != NULL; m = json_next(doc, m)) {
        size_t len;
        const char *k = json_member_key(doc, m, &len);
        if (len == n && memcmp(k, key, n) == 0)
            found = m;
    }
    return found;
}

bool json_bool(const JsonValue *v)
{
    return v != NULL && type_of(v) == JSON_BOOL && (v->head & FLAG);
}

int64_t json_integer(const JsonDoc *doc, const JsonValue *v)
{
    if (!in_doc(doc, v) || type_of(v) != JSON_INTEGER)
        return 0;
    return (v->head & FLAG) ? (int32_t)v->aux : ((const Number *)doc->numbers)[v->aux].i;
}

uint64_t json_unsigned(const JsonDoc *doc, const JsonValue *v)
{
    if (!in_doc(doc, v) || type_of(v) != JSON_UNSIGNED)
        return 0;
    return ((const Number *)doc->numbers)[v->aux].u;
}

double json_number(const JsonDoc *doc, const JsonValue *v)
{
    if (!in_doc(doc, v))
        return 0;
    switch (type_of(v)) {
    case JSON_INTEGER: {
        int64_t i = json_integer(doc, v);
        return i == 0 && doc->text[v->head >> AT_SHIFT] == '-' ? -0.0 : (double)i;     /* strtod("-0") */
    }
    case JSON_UNSIGNED: return (double)json_unsigned(doc, v);
    case JSON_FLOAT: return ((const Number *)doc->numbers)[v->aux].d;
    default: return 0;
    }
}

const char *json_written(const JsonDoc *doc, const JsonValue *v, char *buf, size_t size)
{
    if (buf == NULL || size == 0)
        return buf;
    buf[0] = '\0';
    if (!in_doc(doc, v))
        return buf;
    JsonType t = type_of(v);
    if (t == JSON_BOOL || t == JSON_NULL) {
        snprintf(buf, size, "%s", t == JSON_NULL ? "null" : json_bool(v) ? "true" : "false");
        return buf;
    }
    if (t != JSON_INTEGER && t != JSON_UNSIGNED && t != JSON_FLOAT)
        return buf;
    size_t at = v->head >> AT_SHIFT, end = at;
    while (end < doc->length && strchr("+-.eE0123456789", doc->text[end]) != NULL && doc->text[end] != '\0')
        end++;
    size_t n = end - at;
    if (n < size) {
        memcpy(buf, doc->text + at, n);
        buf[n] = '\0';
    } else if (size > 3) {
        memcpy(buf, doc->text + at, size - 4);
        memcpy(buf + size - 4, "...", 4);
    }
    return buf;
}

void json_position(const JsonDoc *doc, const JsonValue *v, size_t *line, size_t *column)
{
    size_t l = 0, c = 0;
    if (in_doc(doc, v)) {
        size_t at = v->head >> AT_SHIFT, start = doc->length >= 3 && memcmp(doc->text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
        l = 1;
        for (size_t i = start; i < at; i++)
            if (doc->text[i] == '\n') {
                l++;
                start = i + 1;
            }
        c = at - start + 1;
    }
    if (line != NULL)
        *line = l;
    if (column != NULL)
        *column = c;
}

const char *json_type_name(const JsonValue *v)
{
    static const char *const names[] = {"null", "boolean", "number", "number", "number", "string", "array",
                                        "object"};
    return names[json_type(v)];
}
