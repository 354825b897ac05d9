/* test_json_in.c: lib/cli/json_in.c, the product's JSON reader for --from-json. Each expected value follows
 * RFC 8259 and nlohmann::json's rules (llama-server's reader): a whole number in int64 is an integer, one
 * above INT64_MAX an unsigned, one past UINT64_MAX a float; a float past a double's range is refused; the
 * last of two same keys counts; a BOM is skipped. */
#include "check.h"
#include "cli/json_in.h"
#include "tests.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static bool parse_text(const char *text, JsonDoc *doc, char *err, size_t size)
{
    return json_parse(text, strlen(text), doc, err, size);
}

static void test_values(void)
{
    JsonDoc d;
    char err[200];
    CHECK(parse_text("{\"a\": [1, -2.5e3, true, false, null, \"x\\n\\u00e9\"]}", &d, err, sizeof err));
    const JsonValue *a = json_get(&d, json_root(&d), "a");
    CHECK(a != NULL && json_type(a) == JSON_ARRAY && json_count(&d, a) == 6);
    if (a != NULL && json_count(&d, a) == 6) {
        const JsonValue *e[6];
        const JsonValue *item = json_first(&d, a);
        for (int k = 0; k < 6; k++, item = json_next(&d, item))
            e[k] = item;
        char text[16];
        size_t length = 0;
        CHECK(json_type(e[0]) == JSON_INTEGER && json_integer(&d, e[0]) == 1);
        CHECK(json_type(e[1]) == JSON_FLOAT && json_number(&d, e[1]) == -2500.0
              && strcmp(json_written(&d, e[1], text, sizeof text), "-2.5e3") == 0);
        CHECK(json_type(e[2]) == JSON_BOOL && json_bool(e[2]) && json_type(e[3]) == JSON_BOOL && !json_bool(e[3]));
        CHECK(json_type(e[4]) == JSON_NULL);
        CHECK(json_type(e[5]) == JSON_STRING && json_text(&d, e[5], &length) != NULL && length == 4
              && memcmp(json_text(&d, e[5], NULL), "x\n\xc3\xa9", 4) == 0);
        CHECK(json_next(&d, e[5]) == NULL);
    }
    CHECK(strcmp(json_type_name(a), "array") == 0 && strcmp(json_type_name(json_root(&d)), "object") == 0);
    json_free(&d);

    /* Whole numbers as nlohmann keeps them. */
    static const struct { const char *text; JsonType type; } numbers[] = {
        {"9223372036854775807", JSON_INTEGER}, {"9223372036854775808", JSON_UNSIGNED},
        {"18446744073709551615", JSON_UNSIGNED}, {"18446744073709551616", JSON_FLOAT},
        {"-9223372036854775808", JSON_INTEGER}, {"-9223372036854775809", JSON_FLOAT}, {"-0", JSON_INTEGER},
        {"1.0", JSON_FLOAT}, {"1e2", JSON_FLOAT}, {"0", JSON_INTEGER}, {"1E-400", JSON_FLOAT}};
    for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; i++) {
        bool ok = parse_text(numbers[i].text, &d, err, sizeof err);
        check_true(__FILE__, __LINE__, ok && json_type(json_root(&d)) == numbers[i].type, numbers[i].text);
        json_free(&d);
    }
    CHECK(parse_text("9223372036854775807", &d, err, sizeof err) && json_integer(&d, json_root(&d)) == INT64_MAX);
    json_free(&d);
    CHECK(parse_text("18446744073709551615", &d, err, sizeof err) && json_unsigned(&d, json_root(&d)) == UINT64_MAX);
    json_free(&d);
    CHECK(parse_text("-9223372036854775808", &d, err, sizeof err) && json_integer(&d, json_root(&d)) == INT64_MIN);
    json_free(&d);
    CHECK(parse_text("1e2", &d, err, sizeof err) && json_number(&d, json_root(&d)) == 100.0);
    json_free(&d);

    /* A surrogate pair is one character (U+1F600 is F0 9F 98 80); \u0000 is a byte of the string. */
    size_t length = 0;
    CHECK(parse_text("\"\\ud83d\\ude00\"", &d, err, sizeof err) && json_text(&d, json_root(&d), &length) != NULL
          && length == 4 && memcmp(json_text(&d, json_root(&d), NULL), "\xF0\x9F\x98\x80", 4) == 0);
    json_free(&d);
    CHECK(parse_text("\"a\\u0000b\"", &d, err, sizeof err) && json_text(&d, json_root(&d), &length) != NULL
          && length == 3 && json_text(&d, json_root(&d), NULL)[1] == '\0');
    json_free(&d);
    CHECK(parse_text("\"\\/\\b\\f\\r\\t\\\"\\\\\"", &d, err, sizeof err)
          && strcmp(json_text(&d, json_root(&d), NULL), "/\b\f\r\t\"\\") == 0);
    json_free(&d);

    /* The last of two same keys counts; a byte-order mark is skipped; blanks around the value are fine. */
    CHECK(parse_text("{\"a\": 1, \"a\": 2}", &d, err, sizeof err));
    const JsonValue *twice = json_get(&d, json_root(&d), "a");
    CHECK(twice != NULL && json_integer(&d, twice) == 2);
    CHECK(json_get(&d, json_root(&d), "b") == NULL && json_get(&d, twice, "a") == NULL);
    json_free(&d);
    CHECK(parse_text("\xEF\xBB\xBF {} \n", &d, err, sizeof err) && json_type(json_root(&d)) == JSON_OBJECT);
    json_free(&d);
}

static void test_refusals(void)
{
    static const char *const bad[] = {
        "", "   ", "[1, 2,]", "{\"a\" 1}", "\"tab\there\"", "[01]", "{'a': 1}", "NaN", "[1e400]", "-1e999",
        "[1] x", "\"\xff\"", "\"\xc0\x80\"", "\"\xed\xa0\x80\"", "[", "{\"a\": 1,}", "\"\\ud800\"", "\"\\udc00\"",
        "\"\\ud800\\u0041\"", "\"\\x41\"", "\"\\u12\"", "tru", "nul", "+1", ".5", "1.", "1e", "-", "{\"a\"}",
        "[1 2]", "{1: 2}", "\"open"};
    JsonDoc d;
    char err[200];
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        bool ok = json_parse(bad[i], strlen(bad[i]), &d, err, sizeof err);
        bool refused = !ok && strncmp(err, "line ", 5) == 0 && json_root(&d) == NULL && !d.too_deep;
        check_true(__FILE__, __LINE__, refused, bad[i]);
        if (ok)
            json_free(&d);
    }
    /* Where it went wrong: "b" ends at column 5 of line 3, and the 2 at column 7 should have been a ':'. */
    CHECK(!parse_text("{\n  \"a\": 1,\n  \"b\" 2\n}", &d, err, sizeof err)
          && strcmp(err, "line 3, column 7: expected ':' after a member's key") == 0);
    CHECK(!parse_text("[1e400]", &d, err, sizeof err) && strstr(err, "number overflow parsing '1e400'") != NULL);
    /* 256 nested arrays are read; 257 are this tool's limit. */
    static char deep[600];
    memset(deep, '[', 256);
    memset(deep + 256, ']', 256);
    deep[512] = '\0';
    CHECK(parse_text(deep, &d, err, sizeof err));
    json_free(&d);
    memset(deep, '[', 257);
    memset(deep + 257, ']', 257);
    deep[514] = '\0';
    CHECK(!parse_text(deep, &d, err, sizeof err)
          && strcmp(err, "line 1, column 257: nested deeper than 256 levels, this tool's limit") == 0);
    CHECK(d.too_deep && json_root(&d) == NULL);     /* valid JSON, refused only by this tool's limit */
    /* NULL in, no crash; freeing twice is fine. */
    CHECK(!json_parse(NULL, 0, &d, err, sizeof err));
    CHECK(!json_parse("{}", 2, NULL, err, sizeof err));
    CHECK(json_parse("{}", 2, &d, NULL, 0));
    json_free(&d);
    json_free(&d);
    json_free(NULL);
    CHECK(json_get(NULL, NULL, "a") == NULL);
    /* Not NUL-terminated: only length bytes are read. */
    CHECK(json_parse("[1]]]]", 3, &d, err, sizeof err) && json_count(&d, json_root(&d)) == 1);
    json_free(&d);
}

void test_json_in(void)
{
    test_values();
    test_refusals();
}
