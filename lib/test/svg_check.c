/* svg_check.c: is a file well-formed XML, and what values does it draw? A test tool for the lessons' pictures
 * (lib/test/test_pictures.sh); our own code, no libraries.
 *
 * usage: svg_check FILE          exit 0 when FILE is well-formed XML 1.0, else 1 with "FILE:LINE:COL: reason"
 *        svg_check --data FILE   the same check, then one line per drawn value: series TAB label TAB value, for
 *                                each element with data-series (data-label, data-value), and for each number of
 *                                a data-values list (the label is its index, from 0); entities decoded
 *
 * Well-formed here means what XML 1.0 (fifth edition) asks of a document without a DTD: one root element,
 * properly nested and closed; names that start with a letter, '_' or ':' (or any non-ASCII byte); attribute
 * values in quotes, without '<', and unique within their element; '&' only as &amp; &lt; &gt; &quot; &apos; or
 * a character reference; no "]]>" in text; comments without "--"; nothing but comments, processing
 * instructions and blanks outside the root; no control characters but tab, newline and carriage return; valid
 * UTF-8. A <!DOCTYPE> is refused: our pictures have none, and checking one is beyond this tool.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 256
#define MAX_ATTRIBUTES 64

typedef struct {
    const char *file;
    const char *s;      /* the whole document, NUL-terminated */
    size_t at;          /* where the parser is */
    bool data;          /* print the drawn values */
} Parser;

/* Reports a fault at the parser's place and exits 1. */
static void fail(const Parser *p, const char *reason)
{
    size_t line = 1, col = 1;
    for (size_t i = 0; i < p->at && p->s[i] != '\0'; i++) {
        line += p->s[i] == '\n';
        col = p->s[i] == '\n' ? 1 : col + 1;
    }
    fprintf(stderr, "%s:%zu:%zu: %s\n", p->file, line, col, reason);
    exit(1);
}

static bool name_start(unsigned char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' || c == ':' || c >= 0x80;
}

static bool name_char(unsigned char c)
{
    return name_start(c) || (c >= '0' && c <= '9') || c == '-' || c == '.';
}

static void skip_blanks(Parser *p)
{
    while (strchr(" \t\r\n", p->s[p->at]) != NULL && p->s[p->at] != '\0')
        p->at++;
}

/* A name at the parser's place: its length (0 when there is none). */
static size_t name_length(const Parser *p)
{
    size_t n = 0;
    if (!name_start((unsigned char)p->s[p->at]))
        return 0;
    while (name_char((unsigned char)p->s[p->at + n]))
        n++;
    return n;
}

/* Checks a reference at p->at ('&'); appends what it stands for to out (size bytes) when out is not NULL. */
static void reference(Parser *p, char *out, size_t size)
{
    static const char *const names[] = {"amp;", "lt;", "gt;", "quot;", "apos;"};
    static const char chars[] = "&<>\"'";
    const char *r = p->s + p->at + 1;
    char decoded[8] = "";
    for (size_t i = 0; i < 5 && decoded[0] == '\0'; i++)
        if (strncmp(r, names[i], strlen(names[i])) == 0) {
            decoded[0] = chars[i];
            p->at += 1 + strlen(names[i]);
        }
    if (decoded[0] == '\0' && r[0] == '#') {
        bool hex = r[1] == 'x';
        size_t n = 0;
        unsigned long code = 0;
        const char *digits = hex ? "0123456789abcdef" : "0123456789";
        for (const char *d; n < 8; n++) {
            char c = r[1 + hex + n];
            if (c == '\0' || (d = strchr(digits, hex && c >= 'A' && c <= 'F' ? c - 'A' + 'a' : c)) == NULL)
                break;
            code = code * (hex ? 16 : 10) + (unsigned long)(d - digits);
        }
        bool control = code < 0x20 && code != '\t' && code != '\n' && code != '\r';
        if (n == 0 || r[1 + hex + n] != ';' || code == 0 || code > 0x10FFFF || control)
            fail(p, "a character reference that is not a character");
        decoded[0] = code < 0x80 ? (char)code : '?';     /* the tests only read ASCII back */
        p->at += 2 + hex + n + 1;
    }
    if (decoded[0] == '\0')
        fail(p, "'&' that starts no reference (write &amp;)");
    size_t used = out != NULL ? strlen(out) : 0;
    if (out != NULL && used + 1 < size) {
        out[used] = decoded[0];
        out[used + 1] = '\0';
    }
}

/* One character of content or of an attribute value: checks control characters and UTF-8, returns its bytes. */
static size_t character(Parser *p)
{
    const unsigned char *c = (const unsigned char *)p->s + p->at;
    if (c[0] < 0x20 && !strchr("\t\n\r", c[0]))
        fail(p, "a control character, which XML 1.0 does not allow");
    if (c[0] < 0x80)
        return 1;
    size_t n = c[0] >= 0xF0 && c[0] <= 0xF4 ? 4 : c[0] >= 0xE0 ? 3 : c[0] >= 0xC2 && c[0] < 0xE0 ? 2 : 0;
    for (size_t i = 1; i < n; i++)
        if ((c[i] & 0xC0) != 0x80)
            n = 0;
    if (n == 0)
        fail(p, "bytes that are not UTF-8");
    return n;
}

/* An attribute value in quotes at p->at, decoded into out (size bytes). */
static void attribute_value(Parser *p, char *out, size_t size)
{
    char quote = p->s[p->at];
    if (quote != '"' && quote != '\'')
        fail(p, "an attribute value without quotes");
    p->at++;
    out[0] = '\0';
    while (p->s[p->at] != quote) {
        if (p->s[p->at] == '\0')
            fail(p, "an attribute value that never ends");
        if (p->s[p->at] == '<')
            fail(p, "'<' in an attribute value");
        if (p->s[p->at] == '&') {
            reference(p, out, size);
            continue;
        }
        size_t n = character(p), used = strlen(out);
        if (used + n < size) {
            memcpy(out + used, p->s + p->at, n);
            out[used + n] = '\0';
        }
        p->at += n;
    }
    p->at++;
}

/* Prints the element's drawn values (--data): data-series with data-label and data-value, or data-values. */
static void print_data(char names[][64], char values[][4096], size_t n)
{
    const char *series = NULL, *label = "", *value = NULL, *list = NULL;
    for (size_t i = 0; i < n; i++) {
        series = strcmp(names[i], "data-series") == 0 ? values[i] : series;
        label = strcmp(names[i], "data-label") == 0 ? values[i] : label;
        value = strcmp(names[i], "data-value") == 0 ? values[i] : value;
        list = strcmp(names[i], "data-values") == 0 ? values[i] : list;
    }
    if (series != NULL && value != NULL)
        printf("%s\t%s\t%s\n", series, label, value);
    for (size_t k = 0; series != NULL && list != NULL && *list != '\0'; k++) {
        size_t length = strcspn(list, " ");
        printf("%s\t%zu\t%.*s\n", series, k, (int)length, list);
        list += length + (list[length] == ' ');
    }
}

/* A start tag (or an empty-element tag) at p->at ('<'): writes its name to name; returns true for an empty one. */
static bool start_tag(Parser *p, char *name, size_t size)
{
    static char names[MAX_ATTRIBUTES][64], values[MAX_ATTRIBUTES][4096];
    p->at++;
    size_t n = name_length(p), n_attributes = 0;
    if (n == 0 || n >= size)
        fail(p, "a tag without a name (or one too long)");
    snprintf(name, size, "%.*s", (int)n, p->s + p->at);
    p->at += n;
    for (;;) {
        size_t before = p->at;
        skip_blanks(p);
        if (p->s[p->at] == '>' || (p->s[p->at] == '/' && p->s[p->at + 1] == '>'))
            break;
        n = name_length(p);
        if (n == 0 || p->at == before)
            fail(p, n == 0 ? "an attribute without a name, or a tag that does not close"
                           : "no blank before an attribute");
        if (n >= sizeof names[0] || n_attributes == MAX_ATTRIBUTES)
            fail(p, "an attribute name too long, or too many attributes, for this checker");
        snprintf(names[n_attributes], sizeof names[0], "%.*s", (int)n, p->s + p->at);
        for (size_t i = 0; i < n_attributes; i++)
            if (strcmp(names[i], names[n_attributes]) == 0)
                fail(p, "the same attribute twice in one element");
        p->at += n;
        skip_blanks(p);
        if (p->s[p->at] != '=')
            fail(p, "an attribute without '='");
        p->at++;
        skip_blanks(p);
        attribute_value(p, values[n_attributes++], sizeof values[0]);
    }
    if (p->data)
        print_data(names, values, n_attributes);
    bool empty = p->s[p->at] == '/';
    p->at += empty ? 2 : 1;
    return empty;
}

/* Skips what starts with `open` and ends with `close` (a comment, a PI, CDATA); comments may not hold "--". */
static void skip_until(Parser *p, const char *open, const char *close, const char *what)
{
    const char *end = strstr(p->s + p->at + strlen(open), close);
    if (end == NULL)
        fail(p, what);
    if (strcmp(open, "<!--") == 0) {
        const char *dashes = strstr(p->s + p->at + 4, "--");
        if (dashes != end)
            fail(p, "\"--\" inside a comment");
    }
    p->at = (size_t)(end - p->s) + strlen(close);
}

static void parse(Parser *p)
{
    char stack[MAX_DEPTH][128];
    size_t depth = 0;
    bool seen_root = false;
    if (strncmp(p->s, "\xEF\xBB\xBF", 3) == 0)      /* a byte-order mark */
        p->at = 3;
    while (p->s[p->at] != '\0') {
        const char *c = p->s + p->at;
        if (strncmp(c, "<!--", 4) == 0) {
            skip_until(p, "<!--", "-->", "a comment that never ends");
        } else if (strncmp(c, "<?", 2) == 0) {
            skip_until(p, "<?", "?>", "a processing instruction that never ends");
        } else if (strncmp(c, "<![CDATA[", 9) == 0) {
            if (depth == 0)
                fail(p, "CDATA outside the root element");
            skip_until(p, "<![CDATA[", "]]>", "a CDATA section that never ends");
        } else if (strncmp(c, "<!", 2) == 0) {
            fail(p, "a <!DOCTYPE> or other declaration, which this checker does not read");
        } else if (strncmp(c, "</", 2) == 0) {
            p->at += 2;
            size_t n = name_length(p);
            if (depth == 0 || n != strlen(stack[depth - 1]) || strncmp(p->s + p->at, stack[depth - 1], n) != 0)
                fail(p, depth == 0 ? "an end tag with no element open"
                                   : "an end tag that does not match the open element");
            p->at += n;
            skip_blanks(p);
            if (p->s[p->at] != '>')
                fail(p, "an end tag that does not close with '>'");
            p->at++;
            depth--;
        } else if (c[0] == '<') {
            if (depth == 0 && seen_root)
                fail(p, "a second root element");
            if (depth == MAX_DEPTH)
                fail(p, "elements nested deeper than this checker follows");
            seen_root = true;
            if (!start_tag(p, stack[depth], sizeof stack[0]))
                depth++;
        } else if (c[0] == '&') {
            if (depth == 0)
                fail(p, "a reference outside the root element");
            reference(p, NULL, 0);
        } else {
            if (strncmp(c, "]]>", 3) == 0)
                fail(p, "\"]]>\" in text");
            if (depth == 0 && strchr(" \t\r\n", c[0]) == NULL)
                fail(p, "text outside the root element");
            p->at += character(p);
        }
    }
    if (depth > 0)
        fail(p, "the document ends with an element still open");
    if (!seen_root)
        fail(p, "no root element");
}

int main(int argc, char *argv[])
{
    bool data = argc == 3 && strcmp(argv[1], "--data") == 0;
    if (argc != 2 + data) {
        fprintf(stderr, "usage: svg_check [--data] FILE\n");
        return 2;
    }
    const char *file = argv[1 + data];
    FILE *f = fopen(file, "rb");
    if (f == NULL) {
        fprintf(stderr, "svg_check: cannot read %s\n", file);
        return 2;
    }
    size_t size = 0, cap = 1 << 16;
    char *s = malloc(cap);
    for (size_t got; s != NULL && (got = fread(s + size, 1, cap - size - 1, f)) > 0;) {
        size += got;
        if (size + 1 == cap) {
            char *grown = realloc(s, cap *= 2);
            if (grown == NULL)
                free(s);
            s = grown;
        }
    }
    fclose(f);
    if (s == NULL) {
        fprintf(stderr, "svg_check: out of memory reading %s\n", file);
        return 2;
    }
    s[size] = '\0';
    if (strlen(s) != size) {
        free(s);
        fprintf(stderr, "%s: a NUL byte, which XML does not allow\n", file);
        return 1;
    }
    Parser p = {file, s, 0, data};
    parse(&p);
    free(s);
    return 0;
}
