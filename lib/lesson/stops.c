/* stops.c: the lessons' stops and notes (lesson_say, lesson_stop, lesson_check, lesson_note_due, the --help of a
 * program that takes no arguments), and where in the program's own source they point: the line of a setting or
 * of an array's element (lesson_where, lesson_setting, lesson_element_where), read from its __FILE__. */
#include "lesson/print.h"
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *lesson_program_name(const char *file, int *n)
{
    const char *base = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
    size_t length = strlen(base);
    *n = (int)(length > 2 && strcmp(base + length - 2, ".c") == 0 ? length - 2 : length);
    return base;
}

const char *lesson_control_char(const char *s)
{
    for (; *s != '\0'; s++)
        if ((unsigned char)*s < ' ' || *s == 0x7f)
            return s;
    return NULL;
}

void lesson_print_name(const char *file)
{
    int n;
    const char *name = lesson_program_name(file, &n);
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
int lesson_line_of(const char *file, const char *needle, bool setting)
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
/* lesson_element_line, and the identifier the entry starts with written to word (size bytes; "" for none; of an
 * entry that calls a macro, CLI_COMMAND(with_bias), the macro's first argument). */
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

LessonText lesson_element_where_in(const char *file, const char *name, size_t index, int element)
{
    char word[64];
    LessonText where;
    element_line_word(file, name, index, word, sizeof word);
    int line = element >= 0 && word[0] != '\0' ? lesson_element_line(file, word, (size_t)element) : 0;
    if (line == 0)
        return lesson_element_where(file, name, index);
    snprintf(where.text, sizeof where.text, "%s[%d] (line %d)", word, element, line);
    return where;
}

/* The length of the identifier s starts with (a letter or '_', then letters, digits and '_'), 0 for none. */
static size_t identifier_length(const char *s)
{
    size_t length = 0;
    while (isalpha((unsigned char)s[length]) || s[length] == '_' || (length > 0 && isdigit((unsigned char)s[length])))
        length++;
    return length;
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
            const char *id = c;
            size_t length = identifier_length(id);
            if (length > 0 && id[length] == '(') {     /* a macro's call, CLI_COMMAND(with_bias): its argument */
                id += length + 1 + strspn(id + length + 1, " ");
                length = identifier_length(id);
            }
            if (found > 0 && length > 0 && length < size)
                snprintf(word, size, "%.*s", (int)length, id);
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

