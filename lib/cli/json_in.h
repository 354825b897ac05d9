/* json_in.h: reading a JSON text (RFC 8259) into a tree of values, as llama-server's JSON library
 * (nlohmann::json) reads a request body: strict syntax, UTF-8 checked, a number without a fraction or an
 * exponent kept as an integer (a float when it does not fit 64 bits), a float that overflows a double
 * refused ("number overflow"), and of two members with the same key the last one counting. For --from-json.
 *
 * defines: JsonType, JsonValue, JsonDoc, JSON_MAX_DEPTH, json_parse, json_free, json_get, json_type_name.
 */
#ifndef CLI_JSON_IN_H
#define CLI_JSON_IN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define JSON_MAX_DEPTH 256      /* arrays and objects nested deeper are refused (this tool's limit; nlohmann::json,
                                 * whose parser keeps its own stack, has none) */

typedef enum {
    JSON_NULL, JSON_BOOL, JSON_INTEGER, JSON_UNSIGNED, JSON_FLOAT, JSON_STRING, JSON_ARRAY, JSON_OBJECT
} JsonType;

typedef struct {
    JsonType type;
    bool boolean;           /* JSON_BOOL */
    int64_t integer;        /* JSON_INTEGER: a whole number in int64's range */
    uint64_t big;           /* JSON_UNSIGNED: a whole number above INT64_MAX, up to UINT64_MAX */
    double number;          /* every number type: its value as a double (strtod of its text) */
    const char *text;       /* JSON_STRING: the decoded bytes; a number: its text as written; NUL-terminated */
    size_t length;          /* bytes of text (a string may hold a NUL from \u0000) */
    size_t count;           /* JSON_ARRAY: elements; JSON_OBJECT: members */
    long first;             /* index of the first element or member value, -1 for none */
    long next;              /* index of the next element or member value in the same container, -1 for none */
    const char *key;        /* a member value's key, decoded and NUL-terminated; NULL elsewhere */
    size_t key_length;
    size_t line, column;    /* where the value starts in the text, from 1 */
} JsonValue;

typedef struct {
    JsonValue *values;      /* (n_values,) values[0] is the whole text's value; children follow by index */
    size_t n_values;
    char *strings;          /* the decoded strings, keys and number texts the values point into */
    bool too_deep;          /* after a failed json_parse: refused only for nesting past JSON_MAX_DEPTH, this
                             * tool's limit (nlohmann::json has none), not for its syntax */
} JsonDoc;

/* Reads text (length bytes; a leading UTF-8 byte-order mark is skipped, as nlohmann does) into *doc, which
 * allocates (free it with json_free). Returns true on success. On failure returns false, with one line in err
 * (err_size bytes): "line 3, column 14: expected ',' or '}' after a member", and *doc holds nothing to free.
 * Refused: anything RFC 8259 refuses (a trailing comma, a leading zero, single quotes, NaN, a control
 * character in a string, a lone surrogate \ud800, bytes that are not UTF-8, text after the value, an empty
 * text), a float past a double's range (1e400), and NULL text or doc; and, though it is JSON, nesting past
 * JSON_MAX_DEPTH ("line 1, column 257: nested deeper than 256 levels, this tool's limit", doc->too_deep set). */
bool json_parse(const char *text, size_t length, JsonDoc *doc, char *err, size_t err_size);

/* Frees what json_parse allocated; NULL or an already freed doc is fine. */
void json_free(JsonDoc *doc);

/* The member of an object with the given key (the last one, when the key repeats), or NULL: also for a value
 * that is not an object, a NULL value or key. */
const JsonValue *json_get(const JsonDoc *doc, const JsonValue *object, const char *key);

/* The name nlohmann gives a value's type in its messages: "null", "boolean", "number", "string", "array",
 * "object". */
const char *json_type_name(const JsonValue *v);

#endif
