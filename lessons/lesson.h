/* lesson.h: what every lesson program shares, so that a reader's edit gives a right table or a clear stop:
 * stopping with a message that points at the failing call, checking the token ids a reader may edit, and
 * printing a row's label from the settings it describes.
 *
 * defines: lesson_check, lesson_check_params, lesson_check_ids, lesson_check_token, lesson_check_probs,
 * LessonNumber, lesson_number, lesson_percent, lesson_java_double, lesson_longest, lesson_print_describe,
 * LabelStage, lesson_check_label_stages, LabelValue, lesson_label, lesson_print_label.
 */
#ifndef LESSON_H
#define LESSON_H

#include "candidates.h"
#include "chain.h"

#include <math.h>
#include <stdbool.h>
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

/* Stops with "file:line: what: the problem" when chain_init would refuse params, naming the parameter and why
 * (sampling_params_problem): lesson_check_params(&p, "the chain \"low T\"") before chain_init. */
#define lesson_check_params(params, what) lesson_check_params_at(__FILE__, __LINE__, (params), (what))

static inline void lesson_check_params_at(const char *file, int line, const SamplingParams *params, const char *what)
{
    const char *problem = sampling_params_problem(params);
    if (problem != NULL) {
        fprintf(stderr, "%s:%d: %s: %s\n", file, line, what, problem);
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

/* Stops with "file:line: probs[i] is X; ..." unless every p of probs (n,) is above 0 and at most 1, they sum
 * to 1 (within 1e-9) and they are sorted from most to least likely, as the lesson's Java assumes (Examples
 * 7 and 10): a lesson that starts from probabilities refuses them rather than renormalize behind the p it
 * prints. Defined after lesson_number, which it prints with. */
#define lesson_check_probs(probs, n) lesson_check_probs_at(__FILE__, __LINE__, #probs, (probs), (n))

/* A number as text, short enough to live in a printf argument: lesson_number(x, 1).text. */
typedef struct {
    char text[64];
} LessonNumber;

/* A setting's exact value: the fewest decimals (at least min_decimals) whose text reads back as value, never
 * a rounded one. 1.25 with 1 decimal is "1.25", 2.0 is "2.0". Very large or tiny values, inf and NaN use the
 * shortest "%g" form. */
static inline LessonNumber lesson_number(double value, int min_decimals)
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

/* A probability as a percentage, exact: the probability's own shortest decimal digits (the fewest that read
 * back as it) with the point moved two places right, so 0.5 gives "50", 0.125 "12.5" and 1e-7 "0.00001"
 * (multiplying by 100 in double would print 0.000009999999999999999). Beyond 40 places either side, inf and
 * NaN: the same digits in "%g"'s exponent form. */
static inline LessonNumber lesson_percent(double probability)
{
    LessonNumber n;
    int digits = 1;
    while (digits < 17 && (snprintf(n.text, sizeof n.text, "%.*e", digits - 1, probability),
                           strtod(n.text, NULL) != probability))
        digits++;
    snprintf(n.text, sizeof n.text, "%.*e", digits - 1, probability);     /* "-1.25e-01": sign, digits, exponent */
    char *e = strchr(n.text, 'e');
    if (!isfinite(probability) || probability == 0 || e == NULL || abs(atoi(e + 1) + 2) > 40) {
        snprintf(n.text, sizeof n.text, "%.*g", digits, probability * 100);
        return n;
    }
    int point = atoi(e + 1) + 3;        /* digits before the percent's decimal point (may be <= 0) */
    char mantissa[18] = "";             /* at most 17 significant digits */
    for (const char *c = n.text + (probability < 0); c < e; c++)
        if (*c != '.')
            strncat(mantissa, c, 1);
    int length = (int)strlen(mantissa);
    const char *zeros = "0000000000000000000000000000000000000000";     /* 40 */
    LessonNumber percent;
    if (point <= 0)
        snprintf(percent.text, sizeof percent.text, "%s0.%.*s%s", probability < 0 ? "-" : "", -point, zeros, mantissa);
    else if (point >= length)
        snprintf(percent.text, sizeof percent.text, "%s%s%.*s", probability < 0 ? "-" : "", mantissa, point - length,
                 zeros);
    else
        snprintf(percent.text, sizeof percent.text, "%s%.*s.%s", probability < 0 ? "-" : "", point, mantissa,
                 mantissa + point);
    return percent;
}

/* A double as Java's Double.toString writes it (as the lesson's Java prints a share): the fewest digits that
 * read back, at least one decimal ("0.5", "1.0"), and from 1e-3 down or 1e7 up Java's "1.0E-4" form. */
static inline LessonNumber lesson_java_double(double value)
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

/* The length of the longest of words (n,), so a column of words can be as wide as its longest entry. */
static inline int lesson_longest(const char *const *words, size_t n)
{
    size_t longest = 0;
    for (size_t i = 0; i < n; i++)
        longest = strlen(words[i]) > longest ? strlen(words[i]) : longest;
    return (int)longest;
}

static inline void lesson_check_probs_at(const char *file, int line, const char *array, const double *probs,
                                         size_t n)
{
    double sum = 0;
    for (size_t i = 0; i < n; i++) {
        if (!(probs[i] > 0 && probs[i] <= 1)) {
            fprintf(stderr, "%s:%d: %s[%zu] is %s; each p must be above 0 and at most 1\n", file, line, array, i,
                    lesson_number(probs[i], 0).text);
            exit(1);
        }
        if (i > 0 && probs[i] > probs[i - 1]) {
            fprintf(stderr, "%s:%d: %s[] must be sorted from most to least likely, as the lesson's code assumes "
                    "(%s[%zu] > %s[%zu])\n", file, line, array, array, i, array, i - 1);
            exit(1);
        }
        sum += probs[i];
    }
    if (fabs(sum - 1) > 1e-9) {
        fprintf(stderr, "%s:%d: %s[] sums to %.10g, not 1; change them so they sum to 1\n", file, line, array, sum);
        exit(1);
    }
}

/* Prints the chain's line, "logits -> ... -> dist" (chain_describe), whatever its length. */
static inline void lesson_print_describe(const Chain *ch)
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

/* A word a row's label may hold, and the stage that applies the setting it names ("min-p", STAGE_MIN_P). */
typedef struct {
    const char *word;
    StageType stage;
} LabelStage;

/* Stops with "file:line: the chain labelled ... names WORD, but order[] has no STAGE stage" when label holds a
 * word of words (n_words,) whose stage is not in order (n_order,): a row must be drawn as its label says. */
#define lesson_check_label_stages(label, words, n_words, order, n_order) \
    lesson_check_label_stages_at(__FILE__, __LINE__, (label), (words), (n_words), (order), (n_order))

static inline void lesson_check_label_stages_at(const char *file, int line, const char *label,
                                                const LabelStage *words, size_t n_words, const StageType *order,
                                                size_t n_order)
{
    for (size_t w = 0; w < n_words; w++) {
        size_t i = 0;
        while (i < n_order && order[i] != words[w].stage)
            i++;
        Stage stage = {words[w].stage, false};
        if (strstr(label, words[w].word) != NULL && i == n_order) {
            fprintf(stderr, "%s:%d: the chain labelled \"%s\" names %s, but order[] has no %s stage to apply it: "
                    "put the stage back in order[] or change the label\n", file, line, label, words[w].word,
                    stage_name(&stage));
            exit(1);
        }
    }
}

/* A setting a label may show: its name as written in the label between braces, and its value. */
typedef struct {
    const char *name;
    double value;
} LabelValue;

/* Writes label to stdout (when print is true), with each "{name}" replaced by that setting's value as
 * lesson_number prints it (exact, no decimals added), and returns its length in characters. A name not in
 * values (n_values,) stops the program with a message that lists the names it may use. */
static inline int lesson_label(const char *label, const LabelValue *values, size_t n_values, bool print)
{
    int length = 0;
    for (const char *s = label; *s != '\0'; s++) {
        const char *close = *s == '{' ? strchr(s, '}') : NULL;
        if (close == NULL) {
            if (print)
                putchar(*s);
            length++;
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
        LessonNumber number = lesson_number(values[i].value, 0);
        if (print)
            printf("%s", number.text);
        length += (int)strlen(number.text);
        s = close;
    }
    return length;
}

/* Prints label (see lesson_label), left-aligned in at least width columns: "repeat {penalty_repeat}" prints
 * "repeat 1.3" when penalty_repeat is 1.3 and "repeat 1.25" when it is 1.25, so an edited setting shows up in
 * its row's label. A table sizes its label column with lesson_label(..., false), the length it would print. */
static inline void lesson_print_label(const char *label, const LabelValue *values, size_t n_values, int width)
{
    int printed = lesson_label(label, values, n_values, true);
    printf("%*s", printed < width ? width - printed : 0, "");
}

#endif
