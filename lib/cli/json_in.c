/* json_in.c: a recursive-descent JSON reader in two passes over the same code. The first checks the text and
 * counts what it holds (words, long numbers, decoded string bytes), and marks each container of two or more
 * members in a bitmap (a bit per container); the second fills three arrays of exactly those sizes. Values are
 * written in the order they appear (a member's key just before its value) as one word each, and a second word
 * (aux) where one is needed: a string's place in strings, a long number's in numbers, and a container's width
 * in words when it holds two or more values (one of none or one child needs none: its end is found from its
 * child). So an array's first element follows it, and a value's next sibling comes after the words under it. A
 * number's value is read from the text when asked for (its type is decided once, while reading). */
#include "cli/json_in.h"
#include "cli/values.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* head: the JsonType in bits 0-2, then FLAG, LAST, MEMBER and WIDE, then the value's offset in the text. FLAG
 * is, for a boolean, its value; for a string or a key, that its bytes hold a NUL, so a 4-byte length comes
 * before them; for an array or an object, that it is empty. WIDE: an aux word follows (every string; a number
 * of more than INLINE_DIGITS bytes: its index in numbers; a container of two or more values: its width in
 * words, itself included). */
struct JsonValue {
    uint32_t head;      /* or, in the word after a WIDE head, that value's aux */
};

enum { TYPE_BITS = 7u, FLAG = 1u << 3, LAST = 1u << 4, MEMBER = 1u << 5, WIDE = 1u << 6, AT_SHIFT = 7 };
enum { INLINE_DIGITS = 40 };    /* a number's text up to this is read again when asked for; longer ones keep
                                 * their value in numbers */
_Static_assert(sizeof(JsonValue) == 4, "a word is 4 bytes: the memory bound of json_in.h counts on it");
_Static_assert(JSON_MAX_TEXT <= (size_t)1 << (32 - AT_SHIFT), "a text offset fits a head");

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
    size_t n_words, n_numbers, strings_used;    /* counted (first pass), or the next free place (second) */
    unsigned char *wide;    /* a bit per container, in the order they open: it holds two or more values (set by
                             * the first pass, read by the second) */
    size_t n_containers;
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

/* A new value at the reader's place, of one word or, wide, two; returns its index. */
static uint32_t new_value(Reader *r, JsonType type, uint32_t flags, bool wide)
{
    uint32_t index = (uint32_t)r->n_words;
    r->n_words += wide ? 2 : 1;
    if (r->fill) {
        r->doc->values[index] = (JsonValue){(uint32_t)type | flags | (wide ? WIDE : 0) | (uint32_t)r->at << AT_SHIFT};
        if (wide)
            r->doc->values[index + 1] = (JsonValue){0};
    }
    return index;
}

/* The aux word of the wide value at index (second pass). */
static void set_aux(Reader *r, uint32_t index, uint32_t aux)
{
    if (r->fill)
        r->doc->values[index + 1].head = aux;
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
        if (e != 'u' && e > 0x20 && e < 0x7f)
            return fail(r, "'\\%c' is not an escape JSON knows", e);
        if (r->at + 1 >= r->n)
            return fail(r, "'\\' at the end of the text, with no escape after it");
        if (e != 'u')       /* not printable ASCII: as fail_unexpected shows a byte */
            return fail(r, "'\\' then byte \\x%02x is not an escape JSON knows", (unsigned char)e);
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
    if (used == 0 && !nul)
        return true;            /* "": the NUL every text's strings start with (aux 0) */
    if (out != NULL) {
        if (nul) {
            uint32_t length = (uint32_t)used;
            memmove(out + prefix, out, used);
            memcpy(out, &length, sizeof length);
        }
        out[prefix + used] = '\0';
        set_aux(r, index, (uint32_t)r->strings_used);
        r->doc->values[index].head |= nul ? FLAG : 0;
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

/* Reads a number: its syntax strictly, then as nlohmann stores it; *index gets its value. */
static bool read_number(Reader *r, uint32_t flags, uint32_t *index)
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
    uint32_t aux = 0;
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
    bool wide = i - start > INLINE_DIGITS;      /* read again from the text when asked for, or kept */
    *index = new_value(r, type, flags, wide);
    if (wide) {
        aux = (uint32_t)r->n_numbers++;
        if (r->fill)
            ((Number *)r->doc->numbers)[aux] = number;
        set_aux(r, *index, aux);
    }
    r->at = i;
    return true;
}

static bool read_value(Reader *r, size_t depth, uint32_t flags, uint32_t *index);

/* Reads an array or an object at the reader's '[' or '{'; *index gets its value. */
static bool read_container(Reader *r, uint32_t flags, size_t depth, uint32_t *index)
{
    bool object = r->s[r->at] == '{';
    char close = object ? '}' : ']';
    if (depth >= JSON_MAX_DEPTH) {
        r->too_deep = !r->failed;
        return fail(r, "nested deeper than %d levels, this tool's limit", JSON_MAX_DEPTH);
    }
    size_t ord = r->n_containers++;
    bool wide = r->fill && (r->wide[ord / 8] >> (ord % 8) & 1);
    *index = new_value(r, object ? JSON_OBJECT : JSON_ARRAY, flags, wide);
    size_t n_members = 0;
    r->at++;
    skip_blanks(r);
    uint32_t last = UINT32_MAX;
    bool closed = r->at < r->n && r->s[r->at] == close;
    while (!closed) {
        skip_blanks(r);
        if (object) {
            if (r->at >= r->n || r->s[r->at] != '"')
                return fail(r, "expected a member's key, a string in double quotes");
            if (!read_string(r, new_value(r, JSON_STRING, 0, true)))
                return false;
            skip_blanks(r);
            if (r->at >= r->n || r->s[r->at] != ':')
                return fail(r, "expected ':' after a member's key");
            r->at++;
        }
        if (!read_value(r, depth + 1, object ? MEMBER : 0, &last))
            return false;
        n_members++;
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
    if (!r->fill && n_members >= 2) {       /* the first pass: it needs its width word */
        r->wide[ord / 8] |= (unsigned char)(1u << (ord % 8));
        r->n_words++;
    }
    if (r->fill) {
        if (last != UINT32_MAX)
            r->doc->values[last].head |= LAST;
        else
            r->doc->values[*index].head |= FLAG;    /* empty */
        if (wide)
            set_aux(r, *index, (uint32_t)(r->n_words - *index));
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
    case '{': case '[': return read_container(r, flags, depth, index);
    case '"': *index = new_value(r, JSON_STRING, flags, true); return read_string(r, *index);
    case 't': *index = new_value(r, JSON_BOOL, flags | FLAG, false); return read_word(r, "true");
    case 'f': *index = new_value(r, JSON_BOOL, flags, false); return read_word(r, "false");
    case 'n': *index = new_value(r, JSON_NULL, flags, false); return read_word(r, "null");
    default:
        if (c == '-' || (c >= '0' && c <= '9'))
            return read_number(r, flags, index);
        return fail_unexpected(r);
    }
}

/* One pass over the whole text. */
static bool read_text(Reader *r)
{
    r->at = r->line_start = 0;
    r->line = 1;
    r->n_words = r->n_numbers = r->n_containers = 0;
    r->strings_used = 1;        /* strings[0] is the NUL of every empty string */
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
    r.wide = calloc(length / 16 + 1, 1);    /* a container takes 2 bytes at least: length / 2 bits */
    bool ok = r.wide != NULL;
    if (!ok)
        snprintf(err, err_size, "out of memory");
    ok = ok && read_text(&r);
    if (ok) {
        doc->values = malloc(r.n_words * sizeof *doc->values);
        doc->numbers = r.n_numbers > 0 ? malloc(r.n_numbers * sizeof(Number)) : NULL;
        doc->strings = malloc(r.strings_used);
        ok = doc->values != NULL && (r.n_numbers == 0 || doc->numbers != NULL) && doc->strings != NULL;
        if (!ok)
            snprintf(err, err_size, "out of memory");
    }
    if (ok) {
        doc->n_values = r.n_words;
        doc->n_numbers = r.n_numbers;
        doc->strings_size = r.strings_used;
        doc->strings[0] = '\0';
        doc->bytes = r.n_words * sizeof *doc->values + r.n_numbers * sizeof(Number) + r.strings_used;
        r.fill = true;
        ok = read_text(&r);     /* the same text again: it cannot fail where the first pass passed */
    }
    free(r.wide);
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

/* The aux word of a wide value. */
static uint32_t aux_of(const JsonValue *v)
{
    return v[1].head;
}

static size_t width_of(const JsonValue *v)
{
    return (v->head & WIDE) ? 2 : 1;
}

static bool is_container(const JsonValue *v)
{
    return type_of(v) == JSON_ARRAY || type_of(v) == JSON_OBJECT;
}

/* The word after the words of v and of everything under it. A container of one value has no width word: its
 * end is its child's, found down the chain. */
static const JsonValue *end_of(const JsonValue *v)
{
    for (;;) {
        if (!is_container(v) || (v->head & FLAG))
            return v + width_of(v);             /* a scalar, a string, an empty container */
        if (v->head & WIDE)
            return v + aux_of(v);
        v += 1 + (type_of(v) == JSON_OBJECT ? 2 : 0);     /* its one value (after its key, a string's 2 words) */
    }
}

/* Whether v is one of doc's values (a head word: the reader only hands those out). */
static bool in_doc(const JsonDoc *doc, const JsonValue *v)
{
    return doc != NULL && v != NULL && doc->values != NULL && v >= doc->values && v < doc->values + doc->n_values;
}

/* The bytes of a string or key value (its length in *length). */
static const char *piece(const JsonDoc *doc, const JsonValue *v, size_t *length)
{
    const char *p = doc->strings + aux_of(v);
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

/* A number's text, read again from the text (it is at most INLINE_DIGITS bytes), NUL-terminated in buf. */
static const char *number_again(const JsonDoc *doc, const JsonValue *v, char *buf, size_t size)
{
    size_t at = v->head >> AT_SHIFT, n = 0;
    while (at + n < doc->length && n + 1 < size && strchr("+-.eE0123456789", doc->text[at + n]) != NULL
           && doc->text[at + n] != '\0')
        n++;
    memcpy(buf, doc->text + at, n);
    buf[n] = '\0';
    return buf;
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
    if (!in_doc(doc, container) || !is_container(container) || (container->head & FLAG))
        return NULL;
    return container + width_of(container) + (type_of(container) == JSON_OBJECT ? 2 : 0);   /* after its key */
}

const JsonValue *json_next(const JsonDoc *doc, const JsonValue *v)
{
    if (!in_doc(doc, v) || (v->head & LAST))
        return NULL;
    return end_of(v) + ((v->head & MEMBER) ? 2 : 0);    /* the next member's key (2 words) comes first */
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
    return piece(doc, member - 2, length);
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
    char text[INLINE_DIGITS + 1];
    if (!in_doc(doc, v) || type_of(v) != JSON_INTEGER)
        return 0;
    if (v->head & WIDE)
        return ((const Number *)doc->numbers)[aux_of(v)].i;
    return strtoll(number_again(doc, v, text, sizeof text), NULL, 10);     /* in range: read so once already */
}

uint64_t json_unsigned(const JsonDoc *doc, const JsonValue *v)
{
    char text[INLINE_DIGITS + 1];
    if (!in_doc(doc, v) || type_of(v) != JSON_UNSIGNED)
        return 0;
    if (v->head & WIDE)
        return ((const Number *)doc->numbers)[aux_of(v)].u;
    return strtoull(number_again(doc, v, text, sizeof text), NULL, 10);
}

double json_number(const JsonDoc *doc, const JsonValue *v)
{
    char text[INLINE_DIGITS + 1];
    if (!in_doc(doc, v))
        return 0;
    switch (type_of(v)) {
    case JSON_INTEGER: {
        int64_t i = json_integer(doc, v);
        return i == 0 && doc->text[v->head >> AT_SHIFT] == '-' ? -0.0 : (double)i;     /* strtod("-0") */
    }
    case JSON_UNSIGNED: return (double)json_unsigned(doc, v);
    case JSON_FLOAT:
        if (v->head & WIDE)
            return ((const Number *)doc->numbers)[aux_of(v)].d;
        return strtod(number_again(doc, v, text, sizeof text), NULL);
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

const char *json_type_name(const JsonValue *v)
{
    static const char *const names[] = {"null", "boolean", "number", "number", "number", "string", "array",
                                        "object"};
    return names[json_type(v)];
}
