/* test_print.c: how the lessons print (lib/lesson/print.c): each %f as the lesson's Java prints it, and notes
 * and stops wrapped at their spaces. Every expected %f text is what String.format printed on OpenJDK 17.0.15,
 * never our own output; the C printf of the same value is shown beside it where the two part. The wrapped texts
 * are worked out by hand, at a width of 10 so that each break can be checked by eye. */
#define _POSIX_C_SOURCE 200809L     /* dup, dup2, fileno: to read back what a note prints on stderr */
#include "check.h"
#include "lesson/print.h"
#include "tests.h"

#include <math.h>
#include <string.h>
#include <unistd.h>

/* check that lesson_format(format, value) writes expected. */
#define CHECK_TEXT(expected, format, value) \
    do { \
        char got_[128]; \
        lesson_format(got_, sizeof got_, (format), (value)); \
        check_true(__FILE__, __LINE__, strcmp(got_, (expected)) == 0, (expected)); \
        if (strcmp(got_, (expected)) != 0) \
            fprintf(stderr, "    %s of %.17g: expected \"%s\", got \"%s\"\n", (format), (double)(value), \
                    (expected), got_); \
    } while (0)

static void test_java_rounding(void)
{
    CHECK_TEXT("0.13", "%.2f", 0.125);          /* C: 0.12 (a tie, to even) */
    CHECK_TEXT("1.01", "%.2f", 1.005);          /* C: 1.00 (1.00499999999999989...) */
    CHECK_TEXT("0.02", "%.2f", 0.015);          /* C: 0.01 */
    CHECK_TEXT("2.68", "%.2f", 2.675);          /* C: 2.67 */
    CHECK_TEXT("0.063", "%.3f", 0.0625);        /* C: 0.062 */
    CHECK_TEXT("0.06", "%.2f", 0.0625);         /* half up on the shortest digits, "0.0625": the 2 decides */
    CHECK_TEXT("0.1", "%.1f", 0.125);
    CHECK_TEXT("-2.68", "%.2f", -2.675);
    CHECK_TEXT("-0.13", "%.2f", -0.125);
    CHECK_TEXT("1", "%.0f", 0.5);               /* C: 0 */
    CHECK_TEXT("3", "%.0f", 2.5);               /* C: 2 */
    CHECK_TEXT("10.00", "%.2f", 9.995);         /* the carry adds a digit */
    CHECK_TEXT("100.00", "%.2f", 99.995);
    CHECK_TEXT("1.000", "%.3f", 0.9995);
    CHECK_TEXT("4.35", "%.2f", 4.35);
    CHECK_TEXT("0.30", "%.2f", 0.30000000000000004);
    CHECK_TEXT("0.10000000000000000000", "%.20f", 0.1);     /* C: 0.10000000000000000555 */
    CHECK_TEXT("0.00", "%.2f", 1e-300);
    CHECK_TEXT("0.0000500", "%.7f", 5e-5);
    CHECK_TEXT("0.0000002", "%.7f", 2e-7);
    CHECK_TEXT("123456.79", "%.2f", 123456.785);            /* C: 123456.78 */
    CHECK_TEXT("0.00", "%.2f", 0.0);
    CHECK_TEXT("-0.00", "%.2f", -0.0);                      /* Java keeps the sign of -0.0, as C does */
    CHECK_TEXT("0.333333", "%f", 1.0 / 3);                  /* no precision: 6 */
    CHECK_TEXT("10000000000000000000000.00", "%.2f", 1e22);
    CHECK_TEXT("0.4955", "%.4f", 0.4955);
}

static void test_flags_and_other_conversions(void)
{
    char got[256];
    /* Java's %8.3f, %-8.3f, %+.2f, % .2f, %08.2f and %.0f with its '#' (C's flags, Java's digits). */
    lesson_format(got, sizeof got, "[%8.3f|%-8.3f|%+.2f|% .2f|%08.2f|%*.*f|%-*.1f|%#.0f]", 0.0625, 0.125, 2.675, 1.005,
                  -2.675, 7, 2, 0.015, -6, 9.95, 2.5);
    CHECK(strcmp(got, "[   0.063|0.125   |+2.68| 1.01|-0002.68|   0.02|10.0  |3.]") == 0);
    /* Every other conversion is printf's, and so are inf and nan. */
    lesson_format(got, sizeof got, "[%5d|%-5s|%zu|%ld|%lld|%c|%x|%%|%.3s|%e|%g|%f|%f|%5.1f]", 42, "ab", (size_t)7, -3L,
                  4LL, 'z', 255, "abcdef", 0.125, 0.125, (double)INFINITY, (double)NAN, -(double)INFINITY);
    CHECK(strcmp(got, "[   42|ab   |7|-3|4|z|ff|%|abc|1.250000e-01|0.125|inf|nan| -inf]") == 0);
    /* snprintf's contract: cut to the room, NUL-terminated, and the full length returned. */
    CHECK_INT(11, lesson_format(got, 5, "%s %.2f", "abcdef", 0.125));
    CHECK(strcmp(got, "abcd") == 0);
    CHECK_INT(4, lesson_format(NULL, 0, "%.2f", 0.125));
}

/* Columns, not bytes: one per UTF-8 character, one per byte of anything else, and %s with a width pads so. */
static void test_columns(void)
{
    CHECK_INT(5, (int)lesson_columns("cr\xc3\xa8me", 6));             /* "crème": è is 2 bytes, 1 column */
    CHECK_INT(1, (int)lesson_columns("\xe2\x82\xac", 3));             /* the euro sign, 3 bytes */
    CHECK_INT(2, (int)lesson_columns("\xf0\x9f\x90\xb6", 4));         /* U+1F436, 4 bytes: 2 UTF-16 units, as Java's %-6s pads */
    CHECK_INT(2, (int)lesson_columns("\xe6\x97\xa5" "a", 4));        /* a wide CJK character counts 1 here */
    CHECK_INT(2, (int)lesson_columns("\xc8x", 2));                  /* a lead byte without its continuation */
    CHECK_INT(2, (int)lesson_columns("\xc0\xaf", 2));               /* an overlong '/' is no character: 2 bytes */
    CHECK_INT(3, (int)lesson_columns("\xed\xa0\x80", 3));           /* a surrogate, U+D800, likewise 3 */
    CHECK_INT(2, (int)lesson_columns("\xe2\x82", 2));               /* cut short by n */
    CHECK_INT(0, (int)lesson_columns("", 0));
    const char *words[] = {"dog", "cr\xc3\xa8me"};
    CHECK_INT(5, lesson_longest(words, 2, 3));
    char got[64];
    lesson_format(got, sizeof got, "[%-7s|%7s|%2s|%-*s]", "cr\xc3\xa8me", "cr\xc3\xa8me", "\xc3\xa8", 4, "ab");
    CHECK(strcmp(got, "[cr\xc3\xa8me  |  cr\xc3\xa8me| \xc3\xa8|ab  ]") == 0);
}

/* check that lesson_print_wrapped(text, width, indent) writes expected. */
static void check_wrapped(const char *file, int line, const char *text, int width, int indent, const char *expected)
{
    FILE *f = tmpfile();
    char got[256] = "";
    if (f != NULL) {
        lesson_print_wrapped(f, text, width, indent);
        rewind(f);
        got[fread(got, 1, sizeof got - 1, f)] = '\0';
        fclose(f);
    }
    check_true(file, line, f != NULL && strcmp(got, expected) == 0, expected);
    if (f != NULL && strcmp(got, expected) != 0)
        fprintf(stderr, "    wrapping \"%s\": expected \"%s\", got \"%s\"\n", text, expected, got);
}

#define CHECK_WRAPPED(text, width, indent, expected) \
    check_wrapped(__FILE__, __LINE__, (text), (width), (indent), (expected))

static void test_wrapping(void)
{
    CHECK_WRAPPED("short", 10, 2, "short\n");
    CHECK_WRAPPED("", 10, 2, "\n");
    CHECK_WRAPPED("aaaa bbbbb", 10, 2, "aaaa bbbbb\n");                  /* exactly 10: no break */
    /* At the last space that fits: "aaa bbb" (7), then "  ccc ddd" (2 + 7), then "  eee fff". */
    CHECK_WRAPPED("aaa bbb ccc ddd eee fff", 10, 2, "aaa bbb\n  ccc ddd\n  eee fff\n");
    CHECK_WRAPPED("aaaa  bbbb cccc", 10, 2, "aaaa  bbbb\n  cccc\n");      /* a space at column 11 */
    /* A word longer than a line stays whole, on its own, and breaks at the first space after it. */
    CHECK_WRAPPED("a bbbbbbbbbbbbbbb c", 10, 2, "a\n  bbbbbbbbbbbbbbb\n  c\n");
    CHECK_WRAPPED("bbbbbbbbbbbbbbb", 10, 2, "bbbbbbbbbbbbbbb\n");
    /* Two spaces: the break takes the first, so the second leads the next line and joining gives the text back. */
    CHECK_WRAPPED("aaaaaaa  bbbbbb", 10, 2, "aaaaaaa\n   bbbbbb\n");
    CHECK_WRAPPED("ab\ncd efgh ijkl", 10, 2, "ab\ncd efgh\n  ijkl\n");  /* each line on its own */
    CHECK_WRAPPED("aaa bbb ccc ddd", 10, 4, "aaa bbb\n    ccc\n    ddd\n");
}

/* A note's %s with a width pads to that many columns, as a table row's does (lesson_columns), not bytes: "crème"
 * (6 bytes, 5 columns) in %-7s takes two spaces after it; an escaped control character ("a\\n", 3 columns) as
 * many columns as it prints. What lesson_message_end writes on stderr is read back from a temporary file. */
static void test_message_columns(void)
{
    FILE *f = tmpfile();
    char got[128] = "";
    int saved = f != NULL ? (fflush(stderr), dup(2)) : -1;
    if (saved >= 0 && dup2(fileno(f), 2) >= 0) {
        lesson_message("[%-7s|%7s|%-6s|%-*s]", "cr\xc3\xa8me", "cr\xc3\xa8me", "a\n", 3, "ab");
        lesson_message_end();
        fflush(stderr);
        dup2(saved, 2);
        rewind(f);
        got[fread(got, 1, sizeof got - 1, f)] = '\0';
    }
    if (saved >= 0)
        close(saved);
    if (f != NULL)
        fclose(f);
    CHECK(strcmp(got, "[cr\xc3\xa8me  |  cr\xc3\xa8me|a\\n   |ab ]\n") == 0);
}

void test_print(void)
{
    test_message_columns();
    test_java_rounding();
    test_flags_and_other_conversions();
    test_columns();
    test_wrapping();
}
