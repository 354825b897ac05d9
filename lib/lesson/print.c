/* print.c: how the lessons print (lesson_lib.h). Numbers as the lesson's Java prints them: lesson_printf is
 * printf, except that each %f rounds as Java's Formatter does (half up, from the shortest decimal that reads
 * back as the double), where C's printf rounds the double's exact binary value: 0.125 at two places is 0.13 in
 * Java and 0.12 in C, and 1.005 (a hair below 1.005 in binary) is 1.01 in Java and 1.00 in C. And the one
 * printer of notes and stops (print.h), which wraps them at 120 columns. */
#include "lesson/print.h"
#include "text.h"
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Text written into out (size bytes, NUL-terminated when size > 0), as snprintf writes it: len counts every
 * character, those past the end too. With `escaped` (a note or stop), each control character that a %c or %s
 * argument brings is written as C writes it (lesson_escape). */
typedef struct {
    char *out;
    size_t size, len;
    bool escaped;
} PrintText;

static void add(PrintText *t, const char *s, size_t n)
{
    if (t->len < t->size) {
        size_t room = t->size - 1 - t->len, k = n < room ? n : room;
        memcpy(t->out + t->len, s, k);
        t->out[t->len + k] = '\0';
    }
    t->len += n;
}

static void add_repeat(PrintText *t, char c, size_t n)
{
    for (size_t i = 0; i < n; i++)
        add(t, &c, 1);
}

const char *lesson_escape(unsigned char c, char buf[5])
{
    static const char named[] = "\a\b\t\n\v\f\r", letters[] = "abtnvfr";
    if (c == '\0')
        return "\\0";
    if (c >= ' ' && c != 0x7f)
        return NULL;
    const char *at = strchr(named, c);
    if (at != NULL)
        snprintf(buf, 5, "\\%c", letters[at - named]);
    else
        snprintf(buf, 5, "\\x%02x", c);
    return buf;
}

/* s (n,) added to t, each control character as lesson_escape writes it. */
static void add_escaped(PrintText *t, const char *s, size_t n)
{
    char buf[5];
    for (size_t i = 0; i < n; i++) {
        const char *e = lesson_escape((unsigned char)s[i], buf);
        add(t, e != NULL ? e : s + i, e != NULL ? strlen(e) : 1);
    }
}

/* A %c or %s conversion, spec, of a text that may hold control characters (arg: the character, for 'c'; else
 * the string): written by printf into a buffer of its own, then added escaped. */
static size_t add_text_escaped(PrintText *t, const char *spec, char conversion, int ch, const char *str)
{
    if (conversion == 'c' && (unsigned char)ch > 0x7f) {       /* one byte past ASCII is no UTF-8 character */
        char hex[5];
        snprintf(hex, sizeof hex, "\\x%02x", (unsigned char)ch);
        add(t, hex, 4);
        return 4;
    }
    char one[2] = {(char)ch, '\0'}, small[256];
    const char *arg = conversion == 'c' ? one : str;
    char s_spec[64];
    snprintf(s_spec, sizeof s_spec, "%.*ss", (int)strlen(spec) - 1, spec);       /* "%-3c" as "%-3s" */
    int n = conversion == 'c' && ch == '\0' ? 1 : snprintf(NULL, 0, s_spec, arg);
    char *raw = n >= 0 && (size_t)n < sizeof small ? small : malloc(n > 0 ? (size_t)n + 1 : 1);
    if (n < 0 || raw == NULL)
        return 0;
    if (conversion == 'c' && ch == '\0')
        raw[0] = '\0';             /* the NUL itself, which %s of "" would drop */
    else
        snprintf(raw, (size_t)n + 1, s_spec, arg);
    size_t before = t->len;
    add_escaped(t, raw, (size_t)n);
    if (raw != small)
        free(raw);
    return t->len - before;
}

/* The bytes of the character at s (n bytes left, n > 0): those of a well-formed UTF-8 character
 * (utf8_char_length), or 1 for a byte that starts none. */
static size_t utf8_bytes(const unsigned char *s, size_t n)
{
    size_t bytes = utf8_char_length(s, n);
    return bytes > 0 ? bytes : 1;
}

size_t lesson_columns(const char *s, size_t n)
{
    size_t columns = 0;
    for (size_t i = 0; i < n;) {
        size_t bytes = utf8_bytes((const unsigned char *)s + i, n - i);
        columns += bytes == 4 ? 2 : 1;      /* past U+FFFF: two UTF-16 units, as the Java counts it */
        i += bytes;
    }
    return columns;
}

/* A %s with a width (flags: '-' to the left), padded to width columns (lesson_columns), not width bytes; in a
 * note or stop (escaped) each control character escaped (lesson_escape), as many columns as its escape prints. */
static void add_text_columns(PrintText *t, const char *s, const char *flags, int width, bool escaped)
{
    char buf[5];
    size_t n = strlen(s), columns = lesson_columns(s, n);
    for (size_t i = 0; escaped && i < n; i++) {
        const char *e = lesson_escape((unsigned char)s[i], buf);
        columns += e != NULL ? strlen(e) - 1 : 0;      /* the byte counted one column; its escape takes more */
    }
    size_t pad = columns < (size_t)width ? (size_t)width - columns : 0;
    bool left = strchr(flags, '-') != NULL;
    if (!left)
        add_repeat(t, ' ', pad);
    if (escaped)
        add_escaped(t, s, n);
    else
        add(t, s, n);
    if (left)
        add_repeat(t, ' ', pad);
}

/* The most decimals the Java rounding below computes; a %f asking for more is printf's (no lesson does). */
#define JAVA_MAX_DECIMALS 64

/* Java's "%.{decimals}f" of x (finite), with printf's flags and width: the shortest decimal digits that read back
 * as |x| (as Java's FloatingDecimal gives them), rounded half up at `decimals` places, then the sign ('-' for a
 * negative x and for -0.0, as Java prints it; '+' or ' ' by the flags) and the padding of width. */
static void add_java_fixed(PrintText *t, double x, int decimals, const char *flags, int width)
{
    char e_form[40];
    int digits = 1;
    double ax = fabs(x);
    while (digits < 17 && (snprintf(e_form, sizeof e_form, "%.*e", digits - 1, ax), strtod(e_form, NULL) != ax))
        digits++;
    snprintf(e_form, sizeof e_form, "%.*e", digits - 1, ax);       /* "1.25e-01": digits, then the exponent */
    char shortest[20];
    size_t n_shortest = 0;
    char *e = strchr(e_form, 'e');
    for (const char *c = e_form; c < e; c++)
        if (*c != '.')
            shortest[n_shortest++] = *c;
    int point = ax == 0 ? 1 : atoi(e + 1) + 1;     /* the digits before the decimal point (0 or less: none) */
    /* kept: the digits up to the last decimal, point + decimals of them, rounded half up on the next one. */
    char kept[310 + JAVA_MAX_DECIMALS + 2];
    int count = point + decimals;
    size_t n_kept = 0;
    for (int i = 0; i < count; i++)
        kept[n_kept++] = (size_t)i < n_shortest ? shortest[i] : '0';
    if (count >= 0 && (size_t)count < n_shortest && shortest[count] >= '5') {
        size_t i = n_kept;
        while (i > 0 && kept[i - 1] == '9')
            kept[--i] = '0';
        if (i > 0) {
            kept[i - 1]++;
        } else {                            /* 9.99 -> 10.0: one digit more, the point one further right */
            memmove(kept + 1, kept, n_kept++);
            kept[0] = '1';
            point++;
        }
    } else if (count < 0) {
        point = -decimals;                  /* below half the last place: 0, and no digits */
    }
    bool has_flag_minus = strchr(flags, '-') != NULL, zero_pad = strchr(flags, '0') != NULL;
    char sign[2] = "";
    if (signbit(x))
        sign[0] = '-';
    else if (strchr(flags, '+') != NULL)
        sign[0] = '+';
    else if (strchr(flags, ' ') != NULL)
        sign[0] = ' ';
    bool dot = decimals > 0 || strchr(flags, '#') != NULL;
    size_t length = strlen(sign) + (point > 0 ? (size_t)point : 1) + dot + (size_t)decimals;
    size_t pad = width > 0 && (size_t)width > length ? (size_t)width - length : 0;
    if (!has_flag_minus && !zero_pad)
        add_repeat(t, ' ', pad);
    add(t, sign, strlen(sign));
    if (!has_flag_minus && zero_pad)
        add_repeat(t, '0', pad);
    if (point > 0)
        add(t, kept, (size_t)point);
    else
        add(t, "0", 1);
    if (dot)
        add(t, ".", 1);
    if (point < 0)
        add_repeat(t, '0', (size_t)-point);
    if (point < (int)n_kept)
        add(t, kept + (point > 0 ? point : 0), n_kept - (size_t)(point > 0 ? point : 0));
    if (has_flag_minus)
        add_repeat(t, ' ', pad);
}

/* printf's conversion spec of the double x. */
static void add_double(PrintText *t, const char *spec, double x)
{
    int n = snprintf(t->len < t->size ? t->out + t->len : NULL, t->len < t->size ? t->size - t->len : 0, spec, x);
    t->len += n > 0 ? (size_t)n : 0;
}

/* One conversion of printf, spec ("%-8.3d", its width and precision written out), with its argument from args:
 * the length modifier and conversion decide the argument's type, as printf's do. */
static void add_converted(PrintText *t, const char *spec, const char *length, char conversion, va_list *args)
{
    char *at = t->len < t->size ? t->out + t->len : NULL;
    size_t room = t->len < t->size ? t->size - t->len : 0;
    int n = 0;
    bool l = strcmp(length, "l") == 0, ll = strcmp(length, "ll") == 0, z = strcmp(length, "z") == 0;
    bool j = strcmp(length, "j") == 0, tt = strcmp(length, "t") == 0, big = strcmp(length, "L") == 0;
    switch (conversion) {
    case 'd': case 'i':
        n = l ? snprintf(at, room, spec, va_arg(*args, long)) : ll ? snprintf(at, room, spec, va_arg(*args, long long))
            : z ? snprintf(at, room, spec, va_arg(*args, size_t))
            : j ? snprintf(at, room, spec, va_arg(*args, intmax_t))
            : tt ? snprintf(at, room, spec, va_arg(*args, ptrdiff_t)) : snprintf(at, room, spec, va_arg(*args, int));
        break;
    case 'u': case 'o': case 'x': case 'X':
        n = l ? snprintf(at, room, spec, va_arg(*args, unsigned long))
            : ll ? snprintf(at, room, spec, va_arg(*args, unsigned long long))
            : z ? snprintf(at, room, spec, va_arg(*args, size_t))
            : j ? snprintf(at, room, spec, va_arg(*args, uintmax_t))
            : tt ? snprintf(at, room, spec, va_arg(*args, ptrdiff_t))
            : snprintf(at, room, spec, va_arg(*args, unsigned));
        break;
    case 'c':
        if (t->escaped) {
            add_text_escaped(t, spec, 'c', va_arg(*args, int), NULL);
            return;
        }
        n = snprintf(at, room, spec, va_arg(*args, int));
        break;
    case 's':
        if (t->escaped && length[0] == '\0') {
            add_text_escaped(t, spec, 's', 0, va_arg(*args, const char *));
            return;
        }
        n = snprintf(at, room, spec, va_arg(*args, const char *));
        break;
    case 'p':
        n = snprintf(at, room, spec, va_arg(*args, void *));
        break;
    default:        /* e E f F g G a A */
        n = big ? snprintf(at, room, spec, va_arg(*args, long double))
                : snprintf(at, room, spec, va_arg(*args, double));
        break;
    }
    t->len += n > 0 ? (size_t)n : 0;
    if (t->size > 0 && t->len >= t->size)
        t->out[t->size - 1] = '\0';
}

/* lesson_format with its arguments in args; escaped as PrintText's. */
static int lesson_vformat(char *out, size_t size, bool escaped, const char *format, va_list args)
{
    PrintText t = {out, size, 0, escaped};
    va_list ap;
    va_copy(ap, args);
    if (size > 0)
        out[0] = '\0';
    for (const char *s = format; *s != '\0'; s++) {
        if (*s != '%') {
            size_t n = strcspn(s, "%");
            add(&t, s, n);
            s += n - 1;
            continue;
        }
        char flags[8] = "", length[3] = "", *end;
        size_t n_flags = 0;
        for (s++; *s != '\0' && strchr("-+ #0", *s) != NULL; s++)
            if (n_flags < sizeof flags - 1 && strchr(flags, *s) == NULL)
                flags[n_flags++] = *s;
        int width = -1, precision = -1;          /* -1: none given */
        if (*s == '*') {
            width = va_arg(ap, int);
            s++;
            if (width < 0 && strchr(flags, '-') == NULL && n_flags < sizeof flags - 1)
                flags[n_flags++] = '-';             /* a negative '*' width: left-justified, as printf does */
            width = width < 0 ? -width : width;
        } else if (isdigit((unsigned char)*s)) {
            width = (int)strtol(s, &end, 10);
            s = end;
        }
        if (*s == '.') {
            s++;
            if (*s == '*') {
                precision = va_arg(ap, int);
                precision = precision < 0 ? -1 : precision;     /* a negative one: as if none were given */
                s++;
            } else {
                precision = (int)strtol(s, &end, 10);
                s = end;
            }
        }
        for (size_t k = 0; *s != '\0' && strchr("hljztL", *s) != NULL && k < 2; s++)
            length[k++] = *s;
        char conversion = *s;
        if (conversion == '\0')
            break;
        if (conversion == '%') {
            add(&t, "%", 1);
            continue;
        }
        char spec[64];
        int used = snprintf(spec, sizeof spec, "%%%s", flags);
        if (width >= 0)
            used += snprintf(spec + used, sizeof spec - (size_t)used, "%d", width);
        if (precision >= 0)
            used += snprintf(spec + used, sizeof spec - (size_t)used, ".%d", precision);
        snprintf(spec + used, sizeof spec - (size_t)used, "%s%c", length, conversion);
        if (conversion == 's' && length[0] == '\0' && width > 0 && precision < 0) {
            add_text_columns(&t, va_arg(ap, const char *), flags, width, escaped);
            continue;
        }
        if ((conversion == 'f' || conversion == 'F') && length[0] == '\0') {
            double x = va_arg(ap, double);
            int decimals = precision < 0 ? 6 : precision;
            if (isfinite(x) && decimals <= JAVA_MAX_DECIMALS)
                add_java_fixed(&t, x, decimals, flags, width);
            else                                    /* inf, nan: as printf writes them */
                add_double(&t, spec, x);
            continue;
        }
        add_converted(&t, spec, length, conversion, &ap);
    }
    va_end(ap);
    return t.len > INT32_MAX ? INT32_MAX : (int)t.len;
}

int lesson_format(char *out, size_t size, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    int n = lesson_vformat(out, size, false, format, args);
    va_end(args);
    return n;
}

int lesson_printf(const char *format, ...)
{
    char line[4096];
    va_list args;
    va_start(args, format);
    int n = lesson_vformat(line, sizeof line, false, format, args);
    va_end(args);
    if (n >= 0 && (size_t)n < sizeof line) {
        fputs(line, stdout);
        fflush(stdout);     /* so that a note or stop after it on stderr never comes first in one pipe (2>&1) */
        return n;
    }
    char *long_line = malloc((size_t)n + 1);        /* a row longer than 4 KB: a long label or text */
    if (long_line == NULL) {
        fprintf(stderr, "out of memory for a table row of %d characters\n", n);
        exit(1);
    }
    va_start(args, format);
    lesson_vformat(long_line, (size_t)n + 1, false, format, args);
    va_end(args);
    fputs(long_line, stdout);
    fflush(stdout);
    free(long_line);
    return n;
}

/* ===== The one printer of notes and stops (print.h) ===== */

static char *message;               /* the message being put together, message_len characters; grows as needed */
static size_t message_len, message_cap;

/* Makes room for n more characters in the message; false when memory runs out. */
static bool message_room(size_t n)
{
    if (message_len + n + 1 <= message_cap)
        return true;
    size_t cap = (message_len + n + 1) * 2;
    char *grown = realloc(message, cap);
    if (grown == NULL)
        return false;
    message = grown;
    message_cap = cap;
    return true;
}

void lesson_vmessage(const char *format, va_list args)
{
    va_list again;
    va_copy(again, args);
    int n = lesson_vformat(NULL, 0, true, format, args);
    if (n > 0 && message_room((size_t)n)) {
        lesson_vformat(message + message_len, message_cap - message_len, true, format, again);
        message_len += (size_t)n;
    } else if (n > 0) {                 /* out of memory: the message so far and this piece, as they are */
        if (message_len > 0)
            fwrite(message, 1, message_len, stderr);
        vfprintf(stderr, format, again);
        message_len = 0;
    }
    va_end(again);
}

void lesson_message(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    lesson_vmessage(format, args);
    va_end(args);
}

void lesson_message_clear(void)
{
    message_len = 0;
}

void lesson_message_end(void)
{
    if (message_room(0))
        message[message_len] = '\0';
    lesson_print_wrapped(stderr, message != NULL ? message : "", LESSON_COLUMNS, 2);
    message_len = 0;
}

void lesson_print_wrapped(FILE *out, const char *text, int width, int indent)
{
    size_t room_first = width > 0 ? (size_t)width : 1;
    size_t room_next = width > indent ? (size_t)(width - indent) : 1;
    for (const char *line = text; ; line++) {
        size_t n = strcspn(line, "\n"), room = room_first;
        const char *end = line + n;
        while ((size_t)(end - line) > room) {
            size_t cut = room;          /* the last space that fits, not after another space */
            while (cut > 0 && !(line[cut] == ' ' && line[cut - 1] != ' '))
                cut--;
            if (cut == 0) {             /* a word longer than the room: whole, up to the first space after it */
                cut = room;
                while (line + cut < end && !(line[cut] == ' ' && line[cut - 1] != ' '))
                    cut++;
                if (line + cut >= end)
                    break;
            }
            fprintf(out, "%.*s\n%*s", (int)cut, line, indent, "");
            line += cut + 1;
            room = room_next;
        }
        fprintf(out, "%.*s\n", (int)(end - line), line);
        if (*end == '\0')
            break;
        line = end;
    }
}
