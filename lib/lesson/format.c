/* format.c: numbers and labels as the lessons print them: a setting's exact value (lesson_number, lesson_percent,
 * lesson_java_double), a column's rounded number (lesson_fixed) and widths, and the {name} label language
 * (lesson_label_to, lesson_print_label). */
#include "lesson/print.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

LessonNumber lesson_number(double value, int min_decimals)
{
    LessonNumber n;
    if (isfinite(value) && fabs(value) < 1e15 && (value == 0 || fabs(value) >= 1e-20)) {
        for (int d = min_decimals; d <= 40; d++) {
            snprintf(n.text, sizeof n.text, "%.*f", d, value);
            if (strtod(n.text, NULL) == value)
                return n;
        }
    }
    for (int digits = 1; digits <= 17; digits++) {     /* 17 significant digits always read back */
        snprintf(n.text, sizeof n.text, "%.*g", digits, value);
        if (strtod(n.text, NULL) == value)
            break;
    }
    return n;
}

LessonNumber lesson_percent(double probability)
{
    LessonNumber n;
    int digits = 1;
    while (digits < 17 && (snprintf(n.text, sizeof n.text, "%.*e", digits - 1, probability),
                           strtod(n.text, NULL) != probability))
        digits++;
    snprintf(n.text, sizeof n.text, "%.*e", digits - 1, probability);     /* "-1.25e-01": sign, digits, exponent */
    char *e = strchr(n.text, 'e');
    if (!isfinite(probability) || probability == 0 || e == NULL || abs(atoi(e + 1) + 2) > 40) {
        snprintf(n.text, sizeof n.text, "%.*g%%", digits, probability * 100);
        return n;
    }
    int point = atoi(e + 1) + 3;        /* digits before the percent's decimal point (may be <= 0) */
    char mantissa[18] = "";             /* at most 17 significant digits */
    for (const char *c = n.text + (probability < 0); c < e; c++)
        if (*c != '.')
            strncat(mantissa, c, 1);
    int length = (int)strlen(mantissa);
    const char *zeros = "0000000000000000000000000000000000000000";     /* 40 */
    const char *sign = probability < 0 ? "-" : "";
    LessonNumber percent;
    if (point <= 0)
        snprintf(percent.text, sizeof percent.text, "%s0.%.*s%s%%", sign, -point, zeros, mantissa);
    else if (point >= length)
        snprintf(percent.text, sizeof percent.text, "%s%s%.*s%%", sign, mantissa, point - length, zeros);
    else
        snprintf(percent.text, sizeof percent.text, "%s%.*s.%s%%", sign, point, mantissa, mantissa + point);
    return percent;
}

LessonNumber lesson_java_double(double value)
{
    if (!isfinite(value) || value == 0 || (fabs(value) >= 1e-3 && fabs(value) < 1e7))
        return lesson_number(value, 1);
    LessonNumber n;
    for (int digits = 1; digits <= 17; digits++) {
        snprintf(n.text, sizeof n.text, "%.*e", digits - 1, value);
        if (strtod(n.text, NULL) == value)
            break;
    }
    char *e = strchr(n.text, 'e');
    int exponent = atoi(e + 1);
    *e = '\0';     /* the mantissa, at most 19 characters ("-1.2345678901234567") */
    LessonNumber java;
    snprintf(java.text, sizeof java.text, "%.24s%sE%d", n.text, strchr(n.text, '.') ? "" : ".0", exponent);
    return java;
}

LessonNumber lesson_fixed_at(const char *file, double value, int decimals)
{
    static bool noted;
    LessonNumber n;
    if (isfinite(value) && fabs(value) >= 1e6) {
        snprintf(n.text, sizeof n.text, "%.2e", value);
        if (!noted) {       /* printed whole here, as a message may be being put together around this call */
            char note[384];
            int length = 0;
            const char *name = lesson_program_name(file, &length);
            snprintf(note, sizeof note, "%.*s%snote: a number of magnitude 1e6 or more prints as %%.2e (%s), so that "
                     "every column of the table stays aligned; the lesson's Java prints all its digits, as this "
                     "workbench prints a setting's own value (tau, a {name} in a label)", length, name,
                     length > 0 ? ": " : "", n.text);
            lesson_print_wrapped(stderr, note, LESSON_COLUMNS, 2);
        }
        noted = true;
    } else {
        lesson_format(n.text, sizeof n.text, "%.*f", decimals, value);     /* rounded as the Java rounds */
    }
    return n;
}

int lesson_width_at(const char *file, const double *values, size_t n, int decimals, int least)
{
    for (size_t i = 0; i < n; i++) {
        int w = (int)strlen(lesson_fixed_at(file, values[i], decimals).text);
        least = w > least ? w : least;
    }
    return least;
}

int lesson_number_width(const double *values, size_t n, int min_decimals, int least)
{
    for (size_t i = 0; i < n; i++) {
        int w = (int)strlen(lesson_number(values[i], min_decimals).text);
        least = w > least ? w : least;
    }
    return least;
}

int lesson_logit_width_at(const char *file, const Candidates *c, int decimals, int least)
{
    for (size_t i = 0; i < c->size; i++) {
        int w = (int)strlen(lesson_fixed_at(file, c->data[i].logit, decimals).text);
        least = w > least ? w : least;
    }
    return least;
}

int lesson_longest(const char *const *words, size_t n, int least)
{
    size_t longest = least > 0 ? (size_t)least : 0;
    for (size_t i = 0; i < n; i++) {
        size_t columns = lesson_columns(words[i], strlen(words[i]));
        longest = columns > longest ? columns : longest;
    }
    return (int)longest;
}

void lesson_text_add(LessonText *text, const char *s, size_t n)
{
    size_t used = strlen(text->text), room = sizeof text->text - 1 - used;
    memcpy(text->text + used, s, n < room ? n : room);
    text->text[used + (n < room ? n : room)] = '\0';
}

/* n characters of a label, s, written to out: stderr is the note or stop being put together (print.h). */
static void label_put(FILE *out, const char *s, size_t n)
{
    if (out == stderr)
        lesson_message("%.*s", (int)n, s);
    else if (out != NULL)
        fwrite(s, 1, n, out);
}

int lesson_label_to_at(const char *file, const char *label, const LabelValue *values, size_t n_values, FILE *out,
                    LessonText *text)
{
    int length = 0;
    if (text != NULL)
        text->text[0] = '\0';
    const char *control = lesson_control_char(label);
    if (control != NULL) {
        char quoted[4200], buf[5];          /* the label as the source writes it: "no\nne" */
        size_t n = 0;
        quoted[n++] = '"';
        for (const char *s = label; *s != '\0' && n < sizeof quoted - 6; s++) {
            const char *e = lesson_escape((unsigned char)*s, buf);
            n += (size_t)snprintf(quoted + n, sizeof quoted - n, "%s", e != NULL ? e : (char[]){*s, '\0'});
        }
        snprintf(quoted + n, sizeof quoted - n, "\"");
        int line = lesson_line_of(file, quoted, false);
        lesson_message_clear();     /* a stop or note this label was being written into */
        lesson_print_name(file);
        lesson_message(line > 0 ? "label \"%s\" (line %d)" : "label \"%s\"", label, line);
        lesson_message(" holds '%c': a label is printed in its table row, " LESSON_ONE_LINE, *control);
        lesson_message_end();
        exit(1);
    }
    for (const char *s = label; *s != '\0'; s++) {
        const char *close = *s == '{' ? strchr(s, '}') : NULL;
        if (close == NULL && *s != '{') {       /* the reader's text up to the next '{' (each has its '}') */
            size_t n = strcspn(s, "{");
            label_put(out, s, n);
            if (text != NULL)
                lesson_text_add(text, s, n);
            length += (int)lesson_columns(s, n);
            s += n - 1;
            continue;
        }
        size_t i = 0;
        while (close != NULL && i < n_values && (strncmp(values[i].name, s + 1, (size_t)(close - s - 1)) != 0
                                                 || values[i].name[close - s - 1] != '\0'))
            i++;
        const char *open = strchr(s + 1, '{');
        if (close == NULL || i == n_values || (open != NULL && open < close)) {     /* a '{' with no '}', or no name */
            char quoted[4200];
            snprintf(quoted, sizeof quoted, "\"%s\"", label);
            int line = lesson_line_of(file, quoted, false);
            lesson_message_clear();     /* a stop or note this label was being written into */
            lesson_print_name(file);
            lesson_message(line > 0 ? "label \"%s\" (line %d)" : "label \"%s\"", label, line);
            if (close != NULL && i == n_values && (open == NULL || open > close))
                lesson_message(": no setting named %.*s; it may name:", (int)(close - s + 1), s);
            else
                lesson_message(": a '{' without its '}'; {name} prints a setting, and it may name:");
            for (i = 0; i < n_values; i++)
                lesson_message(" {%s}", values[i].name);
            lesson_message_end();
            exit(1);
        }
        LessonNumber number = lesson_number(values[i].value, 0);
        label_put(out, number.text, strlen(number.text));
        if (text != NULL)
            lesson_text_add(text, number.text, strlen(number.text));
        length += (int)strlen(number.text);
        s = close;
    }
    return length;
}

/* lesson_label_to without a text: label written to out (NULL: nowhere); returns its columns. */
static int lesson_label(const char *file, const char *label, const LabelValue *values, size_t n_values, FILE *out)
{
    return lesson_label_to_at(file, label, values, n_values, out, NULL);
}

int lesson_label_width_at(const char *file, const char *label, const LabelValue *values, size_t n_values, int least)
{
    int length = lesson_label(file, label, values, n_values, NULL);
    return length > least ? length : least;
}

void lesson_print_label_at(const char *file, const char *label, const LabelValue *values, size_t n_values, int width)
{
    int printed = lesson_label(file, label, values, n_values, stdout);
    printf("%*s", printed < width ? width - printed : 0, "");
    fflush(stdout);         /* as lesson_printf: before any note on stderr */
}
