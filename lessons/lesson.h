/* lesson.h: what every lesson program shares, so that a reader's edit gives a right table or a clear stop:
 * stopping with a message that points at the failing call, checking the token ids a reader may edit, and
 * printing a row's label from the settings it describes.
 *
 * defines: lesson_check, lesson_check_ids, lesson_check_token, LabelValue, lesson_print_label.
 */
#ifndef LESSON_H
#define LESSON_H

#include "candidates.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Runs a library call; when it fails, prints "file:line: the call: the library's message" to stderr and exits
 * with status 1: lesson_check(apply_penalties(&c, history, n, &penalty)). */
#define lesson_check(call) lesson_check_at(__FILE__, __LINE__, #call, (call))

static inline void lesson_check_at(const char *file, int line, const char *call, SamplingStatus st)
{
    if (st != SAMPLING_OK) {
        fprintf(stderr, "%s:%d: %s: %s\n", file, line, call, sampling_strerror(st));
        exit(1);
    }
}

/* Stops with "file:line: array[index] is token id ID, but the vocabulary has N tokens (ids 0 to N-1)" when id
 * is not a token of a vocabulary of n_vocab: lesson_check_token("biases", i, biases[i].token, n_vocab). */
#define lesson_check_token(array, index, id, n_vocab) \
    lesson_check_token_at(__FILE__, __LINE__, (array), (index), (id), (n_vocab))

static inline void lesson_check_token_at(const char *file, int line, const char *array, size_t index, int32_t id,
                                         size_t n_vocab)
{
    if (id < 0 || (size_t)id >= n_vocab) {
        fprintf(stderr, "%s:%d: %s[%zu] is token id %d, but the vocabulary has %zu tokens (ids 0 to %zu)\n", file,
                line, array, index, (int)id, n_vocab, n_vocab - 1);
        exit(1);
    }
}

/* lesson_check_token for each of ids (n_ids,), named by the array's own text: lesson_check_ids(history, ...). */
#define lesson_check_ids(ids, n_ids, n_vocab) \
    lesson_check_ids_at(__FILE__, __LINE__, #ids, (ids), (n_ids), (n_vocab))

static inline void lesson_check_ids_at(const char *file, int line, const char *array, const int32_t *ids,
                                       size_t n_ids, size_t n_vocab)
{
    for (size_t i = 0; i < n_ids; i++)
        lesson_check_token_at(file, line, array, i, ids[i], n_vocab);
}

/* A setting a label may show: its name as written in the label between braces, and its value. */
typedef struct {
    const char *name;
    double value;
} LabelValue;

/* Prints label, left-aligned in at least width columns, with each "{name}" replaced by that setting's value as
 * "%g" prints it: "repeat {penalty_repeat}" prints "repeat 1.3" when penalty_repeat is 1.3, so an edited
 * setting shows up in its row's label. A name not in values (n_values,) stops the program with a message. */
static inline void lesson_print_label(const char *label, const LabelValue *values, size_t n_values, int width)
{
    int printed = 0;
    for (const char *s = label; *s != '\0'; s++) {
        const char *close = *s == '{' ? strchr(s, '}') : NULL;
        if (close == NULL) {
            putchar(*s);
            printed++;
            continue;
        }
        size_t i = 0;
        while (i < n_values && (strncmp(values[i].name, s + 1, (size_t)(close - s - 1)) != 0
                                || values[i].name[close - s - 1] != '\0'))
            i++;
        if (i == n_values) {
            fprintf(stderr, "label \"%s\": no setting named %.*s; it may name:", label, (int)(close - s + 1), s);
            for (i = 0; i < n_values; i++)
                fprintf(stderr, " {%s}", values[i].name);
            fprintf(stderr, "\n");
            exit(1);
        }
        printed += printf("%g", values[i].value);
        s = close;
    }
    printf("%*s", printed < width ? width - printed : 0, "");
}

#endif
