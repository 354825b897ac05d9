/* lesson_lib.c: the lesson helpers declared in lesson_lib.h, compiled once for all thirteen programs. */
#include "lesson/print.h"
#include "lesson/lesson_settings.h"
#include <ctype.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int lesson_line_of(const char *file, const char *needle, bool setting);

/* The program's name in file, "07_typical" of lessons/07_typical.c: its *n characters at the result. */
static const char *program_name(const char *file, int *n)
{
    const char *base = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
    size_t length = strlen(base);
    *n = (int)(length > 2 && strcmp(base + length - 2, ".c") == 0 ? length - 2 : length);
    return base;
}

void lesson_print_name(const char *file)
{
    int n;
    const char *name = program_name(file, &n);
    lesson_message("%.*s: ", n, name);
}

void lesson_say(const char *file, const char *what, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    lesson_print_name(file);
    lesson_message("%s", what);
    lesson_vmessage(format, args);
    lesson_message_end();
    va_end(args);
}

void lesson_stop(const char *file, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    lesson_print_name(file);
    lesson_vmessage(format, args);
    lesson_message_end();
    va_end(args);
    exit(1);
}

void lesson_check_at(const char *file, int line, const char *call, SamplingStatus st)
{
    if (st != SAMPLING_OK) {
        lesson_message("%s:%d: %s: %s", file, line, call, sampling_strerror(st));
        lesson_message_end();
        exit(1);
    }
}

bool lesson_note_due(const void **noted_row, bool *noted, const void *row)
{
    if (*noted && *noted_row == row)
        return false;
    *noted = true;
    *noted_row = row;
    return true;
}

int32_t lesson_find(const char *word, size_t length, const char *const *vocab, size_t n_vocab)
{
    for (size_t i = 0; i < n_vocab; i++)
        if (strlen(vocab[i]) == length && strncmp(vocab[i], word, length) == 0)
            return (int32_t)i;
    return -1;
}

/* The first control character of s (below ' ', or DEL), which would break a table row or hide in a message; NULL
 * when it has none. */
static const char *control_char(const char *s)
{
    for (; *s != '\0'; s++)
        if ((unsigned char)*s < ' ' || *s == 0x7f)
            return s;
    return NULL;
}

/* Why a word or a label stops on a control character, after "is printed in its table row, ". */
#define ONE_LINE "which is one line, so it holds no control character (the lesson's Java would print it as it is, " \
                 "breaking the row): write it without"

/* Stops on vocab[i], a word holding a space, with the word to write instead: its spaces at either end dropped,
 * those inside as '_' (" dog": dog, "ice cream": ice_cream), and the word of vocab that already is that one. */
static void stop_on_space(const char *file, const char *vocab_name, const char *const *vocab, size_t n_vocab,
                          size_t i)
{
    const char *word = vocab[i], *end = word + strlen(word);
    while (*word == ' ')
        word++;
    while (end > word && end[-1] == ' ')
        end--;
    char *fixed = malloc((size_t)(end - word) + 1);
    if (fixed == NULL) {
        fprintf(stderr, "out of memory for a word\n");
        exit(1);
    }
    size_t n = 0, spaces = 0;
    for (const char *s = vocab[i]; *s != '\0'; s++)
        spaces += *s == ' ';
    for (const char *s = word; s < end; s++)
        fixed[n++] = *s == ' ' ? '_' : *s;
    fixed[n] = '\0';
    size_t j = 0;
    while (j < n_vocab && (j == i || strcmp(vocab[j], fixed) != 0))
        j++;
    lesson_print_name(file);
    lesson_message("%s[]%s has \"%s\" (%s[%zu]): a text's words are read between spaces, so no text can name a word "
                   "that holds one: ", vocab_name, lesson_where(file, vocab_name).text, vocab[i], vocab_name, i);
    if (n == 0)
        lesson_message("give it a name with no space");
    else
        lesson_message("write it without the space%s (%s)", spaces > 1 ? "s" : "", fixed);
    if (n > 0 && j < n_vocab)
        lesson_message(", though %s[%zu] is \"%s\" already: each word once", vocab_name, j, fixed);
    lesson_message_end();
    free(fixed);
    exit(1);
}

/* Stops when a word of vocab (n_vocab,) holds a control character (a newline would split its row), is empty,
 * which no row can name, or stands twice: a word must name one token, as the Java's indexOf finds only the first.
 * With `split` (lesson_ids, which reads a text's words between spaces), a word holding a space stops too: no text
 * could name it. lesson_ids and lesson_id check their vocab[] with it. */
static void lesson_check_vocab(const char *file, const char *vocab_name, const char *const *vocab,
                               size_t n_vocab, bool split)
{
    for (size_t i = 0; i < n_vocab; i++) {
        if (control_char(vocab[i]) != NULL) {
            lesson_say(file, "", "%s[]%s has \"%s\" (%s[%zu]): a word is printed in its table row, %s",
                       vocab_name, lesson_where(file, vocab_name).text, vocab[i], vocab_name, i, ONE_LINE);
            exit(1);
        }
        if (vocab[i][0] == '\0') {
            lesson_say(file, "", "%s[]%s has \"\" (%s[%zu]): a word has at least one character, so that its row shows "
                       "the token and a text can name it", vocab_name, lesson_where(file, vocab_name).text, vocab_name,
                       i);
            exit(1);
        }
        if (split && strchr(vocab[i], ' ') != NULL)
            stop_on_space(file, vocab_name, vocab, n_vocab, i);
        for (size_t j = i + 1; j < n_vocab; j++)
            if (strcmp(vocab[i], vocab[j]) == 0) {
                lesson_say(file, "", "%s[]%s has \"%s\" twice (%s[%zu] and %s[%zu]): each word once, so that a word "
                           "names one token", vocab_name, lesson_where(file, vocab_name).text, vocab[i], vocab_name, i,
                           vocab_name, j);
                exit(1);
            }
    }
}

int32_t lesson_id_at(const char *file, const char *word, const char *word_expr, const char *vocab_name,
                     const char *const *vocab, size_t n_vocab)
{
    lesson_check_vocab(file, vocab_name, vocab, n_vocab, false);
    int32_t id = lesson_find(word, strlen(word), vocab, n_vocab);
    if (id < 0) {
        char from[96] = "";     /* " (from shown[], line 14)" */
        size_t name = strcspn(word_expr, "[.");
        if (isalpha((unsigned char)word_expr[0]) && name < 40) {
            char key[48];
            snprintf(key, sizeof key, "%.*s", (int)name, word_expr);
            int line = lesson_line_of(file, key, true);
            snprintf(from, sizeof from, line > 0 ? " (from %s%s, line %d)" : " (from %s%s)", key,
                     word_expr[name] == '\0' ? "" : "[]", line);
        }
        lesson_say(file, "", "\"%s\"%s is not in %s[]: add it, or use a word %s[] has", word, from, vocab_name,
                   vocab_name);
        exit(1);
    }
    return id;
}

/* What the lesson's Java does with the empty word its split(" ") reads at two spaces or a space before the first
 * word, in each example whose Java splits a text (lesson_split's note), after "no word of vocab". */
static const char *java_empty_word(const char *file)
{
    static const char *const by_example[][2] = {
        {"05_code_repeats",
         ": indexOf gives -1, on which Example 5's Java stops where a row's window holds it, seen[-1]"},
        {"09_dry", ": indexOf gives -1, which Example 9's Java keeps in its history, a token no candidate is"},
        {"13_task_settings",
         ", which Example 13's Java's contains() finds in no row, so its penalties are this table's"},
    };
    int n;
    const char *name = program_name(file, &n);
    for (size_t i = 0; i < LESSON_N(by_example); i++)
        if (strlen(by_example[i][0]) == (size_t)n && strncmp(name, by_example[i][0], (size_t)n) == 0)
            return by_example[i][1];
    return ": indexOf gives -1";
}

#define SPACINGS_SHOWN 4        /* the odd spacings a note names; more are counted */

/* The note of lesson_split on text (name), once per text: of its n_odd odd spacings, the first SPACINGS_SHOWN by
 * name (spaces[k] spaces after word words[k], counted from 1; before the first word when words[k] is 0). */
static void note_spacing(const char *file, const char *name, const char *text, const char *vocab_name,
                         const size_t *spaces, const size_t *words, size_t n_odd)
{
    static const void *noted_text;
    static bool noted;
    if (n_odd == 0 || !lesson_note_due(&noted_text, &noted, text))
        return;
    size_t shown = n_odd < SPACINGS_SHOWN ? n_odd : SPACINGS_SHOWN;
    lesson_print_name(file);
    lesson_message("note: %s%s has ", name, lesson_where(file, name).text);
    for (size_t k = 0; k < shown; k++)
        lesson_message("%s%zu space%s %s word %zu", k == 0 ? "" : k + 1 == shown && shown == n_odd ? " and " : ", ",
                       spaces[k], spaces[k] > 1 ? "s" : "", words[k] == 0 ? "before" : "after",
                       words[k] == 0 ? 1 : words[k]);
    if (n_odd > shown)
        lesson_message(" and %zu more such places", n_odd - shown);
    lesson_message(": this workbench reads the words between any number of spaces, where the lesson's Java's "
                   "split(\" \") reads an empty word at each such place (no word of %s%s)", vocab_name,
                   java_empty_word(file));
    lesson_message_end();
}

int lesson_joined_length(const char *text)
{
    size_t n = strlen(text);
    while (n > 0 && text[n - 1] == ' ')
        n--;
    return n > INT_MAX ? INT_MAX : (int)n;
}

size_t lesson_ids_at(const char *file, const char *name, const char *text, const char *vocab_name,
                     const char *const *vocab, size_t n_vocab, int32_t *ids, size_t max_ids, bool java_splits)
{
    lesson_check_vocab(file, vocab_name, vocab, n_vocab, true);
    size_t n = 0, n_words = 0, n_odd = 0, spaces[SPACINGS_SHOWN], words[SPACINGS_SHOWN];
    for (const char *w = text + strspn(text, " "), *after = text; *w != '\0'; w += strspn(w, " ")) {
        size_t gap = (size_t)(w - after), length = strcspn(w, " ");
        if (gap > 1 || (n_words == 0 && gap > 0)) {     /* where Java's split(" ") reads an empty word */
            if (n_odd < LESSON_N(spaces)) {
                spaces[n_odd] = gap;
                words[n_odd] = n_words;
            }
            n_odd++;
        }
        int32_t id = lesson_find(w, length, vocab, n_vocab);
        if (id < 0) {
            int line = lesson_line_of(file, name, true);
            lesson_say(file, "", "\"%.*s\" (word %zu of %s%s%.0d) is not in %s[]: add it to %s[] with its logit, or "
                       "change %s", (int)length, w, n_words + 1, name, line > 0 ? ", line " : "", line, vocab_name,
                       vocab_name, name);
            exit(1);
        }
        if (n < max_ids)
            ids[n++] = id;
        n_words++;
        w += length;
        after = w;
    }
    if (java_splits)
        note_spacing(file, name, text, vocab_name, spaces, words, n_odd);
    return n;
}

bool lesson_sorted(const double *probs, size_t n)
{
    for (size_t i = 1; i < n; i++)
        if (probs[i] > probs[i - 1])
            return false;
    return true;
}

int32_t lesson_most_likely(const double *probs, size_t n)
{
    size_t top = 0;
    for (size_t i = 1; i < n; i++)
        top = probs[i] > probs[top] ? i : top;
    return (int32_t)top;
}

bool lesson_printable(const char *s)
{
    for (; *s != '\0'; s++)
        if (*s < ' ' || *s > '~')
            return false;
    return true;
}

size_t lesson_distinct_chars(const char *text, char *chars, size_t size)
{
    size_t n = 0;
    for (int ch = 1; ch <= UCHAR_MAX && n + 1 < size; ch++)
        if (strchr(text, ch) != NULL)
            chars[n++] = (char)ch;
    if (size > 0)
        chars[n] = '\0';
    return n;
}

int32_t lesson_index_of(const char *text, char ch)
{
    const char *at = ch != '\0' ? strchr(text, ch) : NULL;
    return at != NULL ? (int32_t)(at - text) : -1;
}

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

void lesson_check_probs_at(const char *file, const char *name, const double *probs, size_t n)
{
    double sum = 0;
    for (size_t i = 0; i < n; i++) {
        if (!(probs[i] > 0 && probs[i] <= 1)) {
            lesson_say(file, "", "%s[%zu] is %s%s: each p must be above 0 and at most 1", name, i,
                       lesson_number(probs[i], 0).text, lesson_where(file, name).text);
            exit(1);
        }
        sum += probs[i];
    }
    if (fabs(sum - 1) > 1e-9) {
        lesson_say(file, "", "%s[] sums to %.10g, not 1%s: change them so they sum to 1", name, sum,
                   lesson_where(file, name).text);
        exit(1);
    }
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
            const char *name = program_name(file, &length);
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

void lesson_print_describe(const Chain *ch)
{
    size_t n = chain_describe(ch, NULL, 0);
    char *line = malloc(n + 1);
    if (line == NULL) {
        fprintf(stderr, "out of memory for a chain's line\n");
        exit(1);
    }
    chain_describe(ch, line, n + 1);
    printf("%s\n", line);
    free(line);
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
    const char *control = control_char(label);
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
        lesson_message(" holds '%c': a label is printed in its table row, " ONE_LINE, *control);
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
}

/* Whether `at` is where the setting `name` is given a value: "name =", "name[] =", also after a '.' (a
 * designated initializer), and not part of a longer name or of "==". */
static bool lesson_sets(const char *line, const char *at, const char *name)
{
    bool alone = at == line || !(isalnum((unsigned char)at[-1]) || at[-1] == '_');
    const char *after = at + strlen(name);
    if (strncmp(after, "[]", 2) == 0)
        after += 2;
    after += strspn(after, " ");
    return alone && after[0] == '=' && after[1] != '=';
}

/* The line of this lesson's source (file, as __FILE__ names it) where needle first occurs (with setting, only
 * where it is a setting given a value, lesson_sets), or 0 when there is none or the source cannot be read (the
 * program was started from another directory): the line a stop names. */
static int lesson_line_of(const char *file, const char *needle, bool setting)
{
    FILE *f = fopen(file, "r");
    char line[4200];                    /* longer lines are read in pieces, and counted once */
    int number = 1, found = 0;
    while (f != NULL && !found && fgets(line, sizeof line, f) != NULL) {
        for (const char *at = strstr(line, needle); at != NULL && !found; at = strstr(at + 1, needle))
            found = !setting || lesson_sets(line, at, needle) ? number : 0;
        number += strchr(line, '\n') != NULL;
    }
    if (f != NULL)
        fclose(f);
    return found;
}

LessonText lesson_where(const char *file, const char *name)
{
    LessonText where = {""};
    int line = lesson_line_of(file, name, true);
    if (line > 0)
        snprintf(where.text, sizeof where.text, " (line %d)", line);
    return where;
}

LessonText lesson_setting(const char *file, const char *name, double value)
{
    char key[96];
    snprintf(key, sizeof key, "%.*s", (int)strcspn(name, "["), name);
    LessonText t;
    LessonText where = lesson_where(file, key);
    snprintf(t.text, sizeof t.text, "%.40s %.40s%.24s", name, lesson_number(value, 0).text, where.text);
    return t;
}

/* The scan of lesson_element_line (lesson_lib.h): comments and the insides of string and character literals are
 * skipped, so that only the array's own braces and commas count. */
/* lesson_element_line, and the identifier the entry starts with written to word (size bytes; "" for none). */
static int element_line_word(const char *file, const char *name, size_t index, char *word, size_t size);

int lesson_element_line(const char *file, const char *name, size_t index)
{
    char word[1];
    return element_line_word(file, name, index, word, sizeof word);
}

LessonText lesson_element_where(const char *file, const char *name, size_t index)
{
    char word[64];
    LessonText where;
    int line = element_line_word(file, name, index, word, sizeof word);
    int word_line = word[0] != '\0' ? lesson_line_of(file, word, true) : 0;
    if (word_line > 0)
        snprintf(where.text, sizeof where.text, "%s[] (line %d)", word, word_line);
    else
        snprintf(where.text, sizeof where.text, line > 0 ? "%.40s[%zu] (line %d)" : "%.40s[%zu]", name, index, line);
    return where;
}

LessonText lesson_element_where_in(const char *file, const char *name, size_t index, size_t element)
{
    char word[64];
    LessonText where;
    element_line_word(file, name, index, word, sizeof word);
    int line = element > 0 && word[0] != '\0' ? lesson_element_line(file, word, element) : 0;
    if (line == 0)
        return lesson_element_where(file, name, index);
    snprintf(where.text, sizeof where.text, "%s[%zu] (line %d)", word, element, line);
    return where;
}

static int element_line_word(const char *file, const char *name, size_t index, char *word, size_t size)
{
    word[0] = '\0';
    FILE *f = fopen(file, "r");
    char *src = malloc(1 << 20);        /* a lesson is a few KB; a longer source is read as far as this */
    size_t n = f != NULL && src != NULL ? fread(src, 1, (1 << 20) - 1, f) : 0;
    int found = 0, line = 1;
    if (src != NULL)
        src[n] = '\0';
    const char *at = src != NULL ? src : "";
    for (const char *start = at; (at = strstr(at, name)) != NULL; at++) {     /* the declaration: "name[] =" */
        while (start < at && strchr(start, '\n') != NULL && strchr(start, '\n') < at) {
            start = strchr(start, '\n') + 1;
            line++;
        }
        if (lesson_sets(start, at, name))
            break;
    }
    const char *c = at != NULL ? strchr(at, '=') : NULL;
    int depth = 0;
    size_t element = 0;
    bool expect = false;        /* at depth 1, after '{' or ',': the next character starts an element */
    for (; c != NULL && *c != '\0' && !found; c++) {
        if (*c == '\n') {
            line++;
        } else if (c[0] == '/' && c[1] == '*') {
            for (c += 2; *c != '\0' && !(c[0] == '*' && c[1] == '/'); c++)
                line += *c == '\n';
            c += *c != '\0';
        } else if (c[0] == '/' && c[1] == '/') {
            c += strcspn(c, "\n") - 1;
        } else if (depth == 1 && expect && !isspace((unsigned char)*c) && *c != '}') {
            found = element++ == index ? line : 0;
            size_t length = 0;        /* an identifier: a letter or '_', then letters, digits and '_' */
            while (found > 0 && (isalpha((unsigned char)c[length]) || c[length] == '_'
                                 || (length > 0 && isdigit((unsigned char)c[length]))))
                length++;
            if (length > 0 && length < size)
                snprintf(word, size, "%.*s", (int)length, c);
            expect = false;
        }
        if (*c == '"' || *c == '\'') {     /* a literal: its braces and commas are not the array's */
            char quote = *c;
            for (c++; *c != '\0' && *c != quote && *c != '\n'; c++)
                c += c[0] == '\\' && c[1] != '\0';
            if (*c == '\0')
                break;
        } else if (*c == '{' || *c == '}') {
            depth += *c == '{' ? 1 : -1;
            expect = *c == '{' && depth == 1;
            if (depth <= 0 && *c == '}')
                break;
        } else if (*c == ',' && depth == 1) {
            expect = true;
        }
    }
    free(src);
    if (f != NULL)
        fclose(f);
    return found;
}

/* Stops a program whose setting the library refuses. problem is the library's sentence, which starts with the
 * field's name ("penalty_repeat must be finite and above 0 as the float llama.cpp holds ...", penalty_params_problem,
 * sampling_params_problem); values (n_values,) are the row's settings, label its label (NULL for a program with
 * one setting), or row, for a row with no label, its name and line ("settings[2] (line 17)"). Prints `NN_slug: the
 * row "repeat 0" (line 29): penalty_repeat 0: must be ...`, `NN_slug: settings[2] (line 17): penalty_repeat -1.3:
 * must be ...`, or without a row `NN_slug: penalty_repeat 0 (line 15): must be ...`, naming the line where it can,
 * and exits with 1. */
static void lesson_stop_problem(const char *file, const char *label, const char *row, const LabelValue *values,
                                size_t n_values, const char *problem)
{
    size_t field = strcspn(problem, " "), i = 0;        /* the setting problem names: values[i] */
    while (i < n_values && (strncmp(values[i].name, problem, field) != 0 || values[i].name[field] != '\0'))
        i++;
    lesson_print_name(file);
    if (label != NULL) {
        char quoted[4200];
        snprintf(quoted, sizeof quoted, "\"%s\"", label);
        int line = label[0] != '\0' ? lesson_line_of(file, quoted, false) : 0;     /* "" is no row's own text */
        lesson_message("the row \"");
        lesson_label(file, label, values, n_values, stderr);
        lesson_message(line > 0 ? "\" (line %d): " : "\": ", line);
    } else if (row != NULL) {
        lesson_message("%s: ", row);
    }
    if (i == n_values)
        lesson_message("%s", problem);
    else
        lesson_message("%s %s%s:%s", values[i].name, lesson_number(values[i].value, 0).text,
                       label != NULL || row != NULL ? "" : lesson_where(file, values[i].name).text, problem + field);
    lesson_message_end();
    exit(1);
}

LessonText lesson_penalty_label(const PenaltyParams *pp)
{
    LessonText t;
    snprintf(t.text, sizeof t.text, "repeat penalty %.24s, window %2d%s%.24s%s%.24s:",
             lesson_number(pp->penalty_repeat, 1).text, (int)pp->penalty_last_n,
             pp->penalty_freq != 0 ? ", frequency " : "",
             pp->penalty_freq != 0 ? lesson_number(pp->penalty_freq, 1).text : "",
             pp->penalty_present != 0 ? ", presence " : "",
             pp->penalty_present != 0 ? lesson_number(pp->penalty_present, 1).text : "");
    return t;
}

/* lesson_check_penalty_at, for a row named by its label, or with none by row ("settings[2] (line 17)"), or
 * neither. */
static void check_penalty(const char *file, const PenaltyParams *pp, const char *label, const char *row)
{
    const char *problem = penalty_params_problem(pp);
    const LabelValue values[] = LESSON_PENALTY_VALUES(pp);
    if (problem != NULL)
        lesson_stop_problem(file, label, row, values, LESSON_N(values), problem);
    if (pp->penalty_last_n > 0 || penalties_off(&(PenaltyParams){64, pp->penalty_repeat, pp->penalty_freq,
                                                                 pp->penalty_present}, 1))
        return;     /* a window above 0, or penalties that are neutral anyway: nothing to say */
    lesson_print_name(file);
    lesson_message("note: ");
    if (label != NULL) {
        lesson_message("the row \"");
        lesson_label(file, label, values, LESSON_N(values), stderr);
        lesson_message("\": ");
    } else if (row != NULL) {
        lesson_message("%s: ", row);
    }
    lesson_message("penalty_last_n %d%s: %s, so the penalties with this window change no logit",
                   (int)pp->penalty_last_n,
                   label != NULL || row != NULL ? "" : lesson_where(file, "penalty_last_n").text,
                   pp->penalty_last_n == 0 ? "a window of 0 turns llama.cpp's penalties off"
                   : "llama.cpp's sampler clamps a window below 0 to 0, which turns its penalties off (current "
                     "llama.cpp's command line and server refuse a negative window)");
    lesson_message_end();
}

void lesson_check_penalty_at(const char *file, const PenaltyParams *pp, const char *label)
{
    check_penalty(file, pp, label, NULL);
}

void lesson_check_penalty_row_at(const char *file, const char *name, size_t index, const PenaltyParams *pp)
{
    char row[96];
    int line = lesson_element_line(file, name, index);
    snprintf(row, sizeof row, line > 0 ? "%.40s[%zu] (line %d)" : "%.40s[%zu]", name, index, line);
    check_penalty(file, pp, NULL, row);
}

void lesson_check_dry_at(const char *file, const DryParams *dp)
{
    const char *problem = dry_params_problem(dp);
    if (problem == NULL && !isfinite(as_float(dp->dry_multiplier)))
        problem = "dry_multiplier must be within float's range, about 3.4e38 (this workbench's own refusal: llama.cpp "
                  "holds it as a float, inf, and would subtract inf from a penalized token, where this table, in "
                  "double, would print a finite penalty)";
    const LabelValue values[] = {{"dry_multiplier", dp->dry_multiplier}, {"dry_base", dp->dry_base},
                                 {"dry_allowed_length", dp->dry_allowed_length},
                                 {"dry_penalty_last_n", dp->dry_penalty_last_n}};
    if (problem != NULL)
        lesson_stop_problem(file, NULL, NULL, values, LESSON_N(values), problem);
}

SamplingParams lesson_sampling_params(const LessonSettings *s, int32_t penalty_last_n)
{
    SamplingParams p = sampling_params_default();
    p.temp = s->temp;
    p.top_k = s->top_k;
    p.top_p = s->top_p;
    p.min_p = s->min_p;
    p.penalty_repeat = s->penalty_repeat;
    p.penalty_last_n = penalty_last_n;
    return p;
}

int lesson_settings_label_to_at(const char *file, const LessonSettings *s, int32_t penalty_last_n, FILE *out,
                             LessonText *text)
{
    const LabelValue values[] = LESSON_SETTINGS_VALUES(s, penalty_last_n);
    return lesson_label_to_at(file, s->label, values, LESSON_N(values), out, text);
}

int lesson_settings_label_at(const char *file, const LessonSettings *s, int32_t penalty_last_n, FILE *out)
{
    return lesson_settings_label_to_at(file, s, penalty_last_n, out, NULL);
}

void lesson_say_settings(const char *file, const char *noun, const LessonSettings *s, int32_t penalty_last_n,
                         const char *format, ...)
{
    va_list args;
    va_start(args, format);
    lesson_print_name(file);
    lesson_message("note: the %s \"", noun);
    lesson_settings_label_at(file, s, penalty_last_n, stderr);
    lesson_message("\"");
    lesson_vmessage(format, args);
    lesson_message_end();
    va_end(args);
}

int lesson_settings_width_at(const char *file, const LessonSettings *rows, size_t n, int32_t penalty_last_n, int least)
{
    for (size_t r = 0; r < n; r++) {
        int length = lesson_settings_label_at(file, &rows[r], penalty_last_n, NULL);
        least = length > least ? length : least;
    }
    return least;
}

void lesson_check_params_at(const char *file, const SamplingParams *params, const LessonSettings *s,
                            int32_t penalty_last_n)
{
    const char *problem = sampling_params_problem(params);
    const LabelValue values[] = LESSON_SETTINGS_VALUES(s, penalty_last_n);
    if (problem != NULL)
        lesson_stop_problem(file, s->label, NULL, values, LESSON_N(values), problem);
}

int lesson_count_p(const Candidates *c)
{
    int n = 0;
    for (size_t i = 0; i < c->size; i++)
        n += c->data[i].p > 0;
    return n;
}

bool lesson_same_p(const Candidates *a, const Candidates *b)
{
    size_t i = 0, j = 0;
    while (i < a->size || j < b->size) {
        bool only_a = j == b->size || (i < a->size && a->data[i].id < b->data[j].id);
        bool only_b = i == a->size || (j < b->size && b->data[j].id < a->data[i].id);
        double pa = only_b ? 0.0 : a->data[i++].p, pb = only_a ? 0.0 : b->data[j++].p;
        if (fabs(pa - pb) > 1e-12)
            return false;
    }
    return true;
}

bool lesson_note_unread_at(const char *file, const char *noun, const LessonSettings *s,
                           int32_t penalty_last_n, const Chain *ch)
{
    static const SamplingSetting settings[] = {SETTING_TEMP, SETTING_TOP_K, SETTING_TOP_P, SETTING_MIN_P,
                                               SETTING_PENALTY_REPEAT};
    const LabelValue values[] = LESSON_SETTINGS_VALUES(s, penalty_last_n);     /* in settings' order */
    SamplingParams p = lesson_sampling_params(s, penalty_last_n);
    bool any = false;
    for (size_t f = 0; f < LESSON_N(settings); f++) {
        Chain alone;
        if (chain_reads(ch, settings[f]) || chain_init(&alone, &p, 0) != SAMPLING_OK)
            continue;
        bool acts = false;      /* a stage that reads it would act, alone (stage_reads says which: chain.h) */
        for (int type = 0; type <= STAGE_MIROSTAT_V2 && !acts; type++)
            acts = stage_reads((StageType)type, settings[f]) && chain_add(&alone, (StageType)type) == SAMPLING_OK
                && !alone.stages[alone.n_stages - 1].empty;
        chain_free(&alone);
        if (!acts)
            continue;
        lesson_print_name(file);
        lesson_message("note: the %s \"", noun);
        lesson_settings_label_at(file, s, penalty_last_n, stderr);
        lesson_message("\": %s %s does nothing: no stage of order[] reads it", values[f].name,
                       lesson_number(values[f].value, 0).text);
        lesson_message_end();
        any = true;
    }
    return any;
}

bool lesson_note_unread_list_at(const char *file, const char *noun, const LessonSettings *s,
                                int32_t penalty_last_n, const SamplerType *order, size_t n)
{
    SamplingParams p = lesson_sampling_params(s, penalty_last_n);
    p.n_samplers = n < CHAIN_MAX_SAMPLERS ? n : CHAIN_MAX_SAMPLERS;
    memcpy(p.samplers, order, p.n_samplers * sizeof *order);
    Chain ch;
    if (chain_init_from_params(&ch, &p, 0) != SAMPLING_OK)
        return false;           /* a refused setting: lesson_check_params stops on it */
    bool any = lesson_note_unread_at(file, noun, s, penalty_last_n, &ch);
    chain_free(&ch);
    return any;
}

LogitBias lesson_bias_at(const char *file, const char *name, size_t b, const char *word, double bias,
                         const char *words_name, const char *const *words, size_t n_words)
{
    char expr[64];
    snprintf(expr, sizeof expr, "%.40s[].word", name);
    LogitBias entry = {lesson_id_at(file, word, expr, words_name, words, n_words), bias};
    if (isnan(bias)) {
        int line = lesson_line_of(file, name, true);
        lesson_say(file, "", "%s[%zu] (\"%s\") is NaN: a bias is a number (this workbench's own refusal: llama.cpp's "
                   "-l takes nan, and the biased logit, NaN, would make every probability NaN)%s%.0d", name, b, word,
                   line > 0 ? "; biases[] starts at line " : "", line);
        exit(1);
    }
    return entry;
}

void lesson_softmax_biased_at(const char *file, const Candidates *before, Candidates *after,
                              const LogitBias *biases, size_t n, const char *const *words)
{
    SamplingStatus st = candidates_softmax(after, false);
    if (st == SAMPLING_ERR_NO_FINITE) {
        lesson_say(file, "", "biases[]%s ban every word: no token is left to have a probability",
                   lesson_where(file, "biases").text);
        exit(1);
    }
    lesson_check_at(file, __LINE__, "candidates_softmax(after, false)", st);
    for (size_t b = 0; b < n; b++) {
        ptrdiff_t at = candidates_find(after, biases[b].token), was = candidates_find(before, biases[b].token);
        bool first = true;      /* the first entry for its token */
        for (size_t e = 0; e < b; e++)
            first = first && biases[e].token != biases[b].token;
        if (at < 0 || was < 0 || !first)
            continue;
        double logit = after->data[at].logit, unbiased = before->data[was].logit;
        bool infinite_bias = false, banning_bias = false;
        for (size_t e = b; e < n; e++) {
            infinite_bias = infinite_bias || (biases[e].token == biases[b].token && biases[e].bias == INFINITY);
            banning_bias = banning_bias || (biases[e].token == biases[b].token && biases[e].bias == -INFINITY);
        }
        const char *word = words[biases[b].token];
        if (logit == INFINITY && unbiased < INFINITY)
            lesson_say(file, "note: ", "\"%s\" has a bias of +inf: it gets p %.4f, the tokens at +inf sharing all the "
                       "probability (the limit of softmax); llama.cpp's softmax and the lesson's Java give NaN",
                       word, after->data[at].p);
        else if (unbiased == INFINITY && banning_bias)
            lesson_say(file, "note: ", "\"%s\" has a logit of +inf and a bias of -inf: it stays banned here, where "
                       "llama.cpp and the lesson's Java compute inf + -inf = NaN, which makes every probability NaN",
                       word);
        else if (infinite_bias && logit == -INFINITY)
            lesson_say(file, "note: ", "\"%s\" has a bias of +inf and a logit or bias of -inf: it stays banned here, "
                       "where llama.cpp and the lesson's Java compute -inf + inf = NaN, which makes every probability "
                       "NaN", word);
        else if (logit == DBL_MAX && isfinite(unbiased))
            lesson_say(file, "note: ", "\"%s\" has a logit past double's range after its bias: this workbench holds it "
                       "at the largest double (%g), so it gets p %.4f, where llama.cpp's float and the lesson's Java's "
                       "double reach +inf, whose softmax gives NaN", word, logit, after->data[at].p);
        else if (logit > 0 && isinf(as_float(logit)) && !isinf(as_float(unbiased)))
            lesson_say(file, "note: ", "\"%s\" has a logit of %g after its bias, +inf as the float llama.cpp holds: "
                       "its softmax then gives NaN, where the lesson's Java, in double, gives this table", word, logit);
    }
}

void lesson_takes_no_arguments_at(const char *file, int argc, char *argv[])
{
    if (argc <= 1)
        return;
    bool help = argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0);
    const char *base = strrchr(file, '/') != NULL ? strrchr(file, '/') + 1 : file;
    int n = (int)strcspn(base, ".");
    if (!help)
        lesson_say(file, "", "this program takes no arguments, not '%s'", argv[1]);
    fprintf(help ? stdout : stderr, "usage: %.*s\nPrints the lesson's table, and takes no arguments. To change the "
            "table, edit %s\nand run ./run_all.sh %.2s, which rebuilds the program and shows what changed.\n", n, base,
            file, base);
    exit(help ? 0 : 2);
}
