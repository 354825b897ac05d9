/* json_in.h: reading a JSON text (RFC 8259) into a tree of values, as llama-server's JSON library
 * (nlohmann::json) reads a request body: strict syntax, UTF-8 checked, a number without a fraction or an
 * exponent kept as an integer (a float when it does not fit 64 bits), a float that overflows a double
 * refused ("number overflow"), and of two members with the same key the last one counting. For --from-json
 * and --props.
 *
 * Memory: json_parse allocates at most 3 bytes for each byte of the text, plus a constant, so that the text and its
 * tree stay within 4 bytes a byte (lib/test/test_readers_memory.c measures both, with the file read). Each value is a
 * 4-byte word, and a second one where it needs it: a string or key (then its decoded bytes and a NUL; "" none), a
 * number of more than 40 bytes of text (then 8 more), an array or object of two or more values; a number's value is
 * read again from the text when asked for. Nothing else is kept, so the caller's text must stay alive and unchanged
 * until json_free. The densest texts: [0,0,...] is a word per 2 bytes, ["","",...] two words per 3 bytes (2.7 bytes a
 * byte), and while reading, a bit per container of the text (1/16 byte a byte at most).
 *
 * The values are opaque: a const JsonValue * names one, and the functions below read it. The doc is never
 * changed after json_parse, so a pointer stays valid until json_free.
 *
 * defines: JsonType, JsonValue, JsonDoc, JSON_MAX_DEPTH, JSON_MAX_TEXT, json_parse, json_free, json_root,
 * json_type, json_get, json_first, json_next, json_count, json_member_key, json_text, json_bool, json_integer,
 * json_unsigned, json_number, json_written, json_type_name.
 */
#ifndef CLI_JSON_IN_H
#define CLI_JSON_IN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define JSON_MAX_DEPTH 256      /* arrays and objects nested deeper are refused (this tool's limit; nlohmann::json,
                                 * whose parser keeps its own stack, has none) */
#define JSON_MAX_TEXT ((size_t)1 << 25)  /* 32 MiB: a longer text is refused (this reader's limit: a value keeps
                                          * its offset in 25 bits); --from-json reads at most 16 MiB */

typedef enum {
    JSON_NULL, JSON_BOOL, JSON_INTEGER, JSON_UNSIGNED, JSON_FLOAT, JSON_STRING, JSON_ARRAY, JSON_OBJECT
} JsonType;

/* One value of a read text (a 4-byte word, json_in.c). */
typedef struct JsonValue JsonValue;

typedef struct {
    const char *text;       /* (length,) the text read: the caller's, not a copy */
    size_t length;
    JsonValue *values;      /* (n_values,) words: the values and the members' keys, in the order they are
                             * written, each one word and for some a second (json_in.c) */
    size_t n_values;
    void *numbers;          /* (n_numbers,) the numbers of more than 40 bytes of text, 8 bytes each */
    size_t n_numbers;
    char *strings;          /* (strings_size,) the decoded strings and keys, each NUL-terminated */
    size_t strings_size;
    size_t bytes;           /* what json_parse allocated and the doc holds, in bytes */
    bool too_deep;          /* after a failed json_parse: refused only for nesting past JSON_MAX_DEPTH, this
                             * tool's limit (nlohmann::json has none), not for its syntax */
} JsonDoc;

/* Reads text (length bytes; a leading UTF-8 byte-order mark is skipped, as nlohmann does) into *doc, which
 * allocates (free it with json_free): two passes over the text, the first to check it and count what it
 * holds, the second to fill arrays of exactly that size, so a failed read allocates nothing but a number's
 * text. text must stay alive and unchanged until json_free. Returns true on success. On failure returns
 * false, with one line in err (err_size bytes): "line 3, column 14: expected ',' or '}' after a member", and
 * *doc holds nothing to free. Refused: anything RFC 8259 refuses (a trailing comma, a leading zero, single
 * quotes, NaN, a control character in a string, a lone surrogate \ud800, bytes that are not UTF-8, text after
 * the value, an empty text), a float past a double's range (1e400), and NULL text or doc; and, though it is
 * JSON, nesting past JSON_MAX_DEPTH ("line 1, column 257: nested deeper than 256 levels, this tool's limit",
 * doc->too_deep set) and a text longer than JSON_MAX_TEXT ("the text is N bytes, more than this reader's
 * limit of 33554432"). */
bool json_parse(const char *text, size_t length, JsonDoc *doc, char *err, size_t err_size);

/* Frees what json_parse allocated; NULL or an already freed doc is fine. */
void json_free(JsonDoc *doc);

/* The whole text's value; NULL for a NULL or empty doc. */
const JsonValue *json_root(const JsonDoc *doc);

/* A value's type; JSON_NULL for NULL. */
JsonType json_type(const JsonValue *v);

/* The member of an object with the given key (the last one, when the key repeats), or NULL: also for a value
 * that is not an object, a NULL value or key. A key holding a NUL (\u0000) never matches a C string key. */
const JsonValue *json_get(const JsonDoc *doc, const JsonValue *object, const char *key);

/* The first element of an array or the first member's value of an object, in the order written; NULL for an
 * empty one, a value of another type, or NULL. */
const JsonValue *json_first(const JsonDoc *doc, const JsonValue *container);

/* The element or member value after v in its array or object; NULL after the last one, or for the whole
 * text's value, or NULL. */
const JsonValue *json_next(const JsonDoc *doc, const JsonValue *v);

/* The elements of an array or the members of an object (a repeated key counted each time); 0 for any other
 * value. Walks them: O(count). */
size_t json_count(const JsonDoc *doc, const JsonValue *container);

/* The key of an object member's value, decoded and NUL-terminated (it may hold a NUL from \u0000: *length,
 * when length is not NULL, gives its bytes); NULL for a value that is not an object's member. */
const char *json_member_key(const JsonDoc *doc, const JsonValue *member, size_t *length);

/* A string's decoded bytes, NUL-terminated (it may hold a NUL from \u0000: *length, when not NULL, gives its
 * bytes); NULL for a value that is not a string. */
const char *json_text(const JsonDoc *doc, const JsonValue *v, size_t *length);

/* A boolean's value; false for any other value. */
bool json_bool(const JsonValue *v);

/* A JSON_INTEGER's value (a whole number in int64's range); 0 for any other value. */
int64_t json_integer(const JsonDoc *doc, const JsonValue *v);

/* A JSON_UNSIGNED's value (a whole number above INT64_MAX, up to UINT64_MAX); 0 for any other value. */
uint64_t json_unsigned(const JsonDoc *doc, const JsonValue *v);

/* Any number's value as a double (strtod of its text: -0 is -0.0); 0 for any other value. */
double json_number(const JsonDoc *doc, const JsonValue *v);

/* A number's text as written ("-2.5e3"), or "true"/"false"/"null", into buf (size bytes, NUL-terminated; a
 * text that does not fit is cut, ending in "..."); "" for a string, an array or an object. Returns buf. */
const char *json_written(const JsonDoc *doc, const JsonValue *v, char *buf, size_t size);


/* The name nlohmann gives a value's type in its messages: "null", "boolean", "number", "string", "array",
 * "object". */
const char *json_type_name(const JsonValue *v);

#endif
