/* lesson_lib.h: what the lesson programs share, so that each reads like its Java and a reader's edit gives a right
 * table or a clear stop.
 *
 * The checks are one line each, declared where the data is used:
 *   LESSON_SAME_LENGTH(words, logits);              arrays that go together (when the program compiles)
 *   n = lesson_ids(history_text, vocab, history);   token ids from the words, as the Java's indexOf (a word
 *                                                   twice in vocab[] stops)
 *   lesson_check_probs(probs);                      probabilities: each in (0, 1], summing to 1
 *   lesson_check_penalty(&penalty, NULL);           a setting the library refuses stops, naming it, its
 *   lesson_check_dry(&dry);                         value, its line and the rule (lesson_check_params for a
 *   lesson_check_params(&p, s, window);             row of Examples 12 and 13, named by its label)
 *   lesson_check(apply_penalties(...));             a library call that fails stops with file:line
 *   lesson_require(cond, "...");                    a stop where no right table exists
 *   lesson_note(cond, "...");                       where llama.cpp's rule (the library's, which the table
 *                                                   follows) and the lesson's simplified Java part: the table
 *                                                   is printed, and one note on stderr says what differs
 *                                                   (lesson_note_row, lesson_note_settings: one for each row)
 * and the helpers print a setting as its exact value ({name} in a label, lesson_number) and where it is set
 * (lesson_where, lesson_setting: the line of the program's own source).
 *
 * defines: LESSON_N, LESSON_SAME_LENGTH, LESSON_MAX_WORDS, lesson_check, lesson_require, lesson_stop, lesson_note,
 * lesson_note_row, lesson_note_due, lesson_count_p, lesson_same_p, lesson_settings_width, lesson_check_vocab,
 * lesson_ids, lesson_id, lesson_check_probs, lesson_sorted, lesson_most_likely, lesson_printable, LessonNumber,
 * lesson_number, lesson_percent, lesson_java_double, lesson_longest, lesson_print_describe, LabelValue,
 * LessonText, lesson_text_add, lesson_label_to, lesson_label, lesson_label_width, lesson_print_label,
 * lesson_line_of, lesson_sets, lesson_where, lesson_setting, lesson_stop_problem, LESSON_PENALTY_VALUES,
 * lesson_check_penalty, lesson_check_dry, LessonSettings, lesson_sampling_params, LESSON_SETTINGS_VALUES,
 * lesson_settings_label_to, lesson_settings_label, lesson_check_params, lesson_note_settings, lesson_say_settings,
 * lesson_note_bias_limits; and, through picture.h, each lesson's picture (picture_*).
 */
#ifndef LESSON_LIB_H
#define LESSON_LIB_H

#include "candidates.h"
#include "chain.h"
/* What the lessons use of the standard library, and nothing more: every header here is read by each lesson's
 * compile (math.h alone costs about half of a whole hello-world's). A lesson that calls strchr or strtol includes
 * <string.h> or <stdlib.h> itself; lib/lesson/'s own files include what they use. */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>

/* The number of entries of an array (not a pointer). */
#define LESSON_N(a) (sizeof(a) / sizeof((a)[0]))

/* Stops the build unless arrays a and b have the same length, with a message that names both. */
#define LESSON_SAME_LENGTH(a, b) _Static_assert(LESSON_N(a) == LESSON_N(b), #a " and " #b " must have the same length")

/* At least the number of words in a string array: room for its ids, lesson_ids(text, vocab, ids). */
#define LESSON_MAX_WORDS(text) (sizeof(text) / 2 + 1)

/* Writes the program's name, "07_typical" for lessons/07_typical.c, to stderr. */
void lesson_print_name(const char *file);

/* Prints "NN_slug: <what><message>" (printf-style) to stderr. */
void lesson_say(const char *file, const char *what, const char *format, ...);

/* Runs a library call; when it fails, prints "file:line: the call: the library's message" to stderr and exits
 * with status 1: lesson_check(apply_penalties(&c, history, n, &penalty)). */
#define lesson_check(call) lesson_check_at(__FILE__, __LINE__, #call, (call))

void lesson_check_at(const char *file, int line, const char *call, SamplingStatus st);

/* Unless cond holds, prints "NN_slug: message" and exits with status 1: where no right table exists. */
#define lesson_require(cond, ...) \
    do { \
        if (!lesson_holds(__FILE__, (cond))) \
            lesson_stop(__FILE__, __VA_ARGS__); \
    } while (0)

/* Prints "NN_slug: message" (printf-style) to stderr and exits with status 1: lesson_require's stop, one call in
 * each lesson_require, so that the lessons compile no more of it. */
_Noreturn void lesson_stop(const char *file, const char *format, ...);

/* cond, after noting file as the program's (for the messages of helpers that are not handed it). */
bool lesson_holds(const char *file, bool cond);

/* When cond holds, prints "NN_slug: note: message" to stderr, once per place in the program: the table is
 * llama.cpp's (the library's), and the note names how the lesson's Java would differ. */
#define lesson_note(cond, ...) lesson_note_row(NULL, cond, __VA_ARGS__)

/* lesson_note once per row of the table at this place: row (a pointer that names the row, its label, say)
 * changes from one row to the next, and each row that differs gets its own note, once. */
#define lesson_note_row(row, cond, ...) \
    do { \
        static const void *noted_row_; \
        static bool noted_; \
        if ((cond) && lesson_note_due(&noted_row_, &noted_, (row))) \
            lesson_say(__FILE__, "note: ", __VA_ARGS__); \
    } while (0)

/* Whether a note at a place whose last noted row is *noted_row (none yet when !*noted) is due for row: once per
 * row, from one row to the next. Records row when it is. */
bool lesson_note_due(const void **noted_row, bool *noted, const void *row);

/* The id of word in vocab (n_vocab,), as the Java's indexOf finds it, or -1. */
int32_t lesson_find(const char *word, size_t length, const char *const *vocab, size_t n_vocab);

/* The id of word in vocab[], stopping with a message when vocab[] does not have it: lesson_id("count", vocab). */
#define lesson_id(word, vocab) lesson_id_at(__FILE__, (word), #word, #vocab, (vocab), LESSON_N(vocab))

/* word_expr is the program's expression for the word (shown[w], right, "count"): a stop names the array or
 * constant it comes from, and the line where that is set. */
int32_t lesson_id_at(const char *file, const char *word, const char *word_expr, const char *vocab_name,
                     const char *const *vocab, size_t n_vocab);

/* Splits text at its spaces and writes the id of each word in vocab[] to ids[], as the Java's split(" ") and
 * indexOf do; returns the number of words. A word vocab[] does not have stops the program and names it:
 * n = lesson_ids(history_text, vocab, history), with int32_t history[LESSON_MAX_WORDS(history_text)]. */
#define lesson_ids(text, vocab, ids) \
    lesson_ids_at(__FILE__, #text, (text), #vocab, (vocab), LESSON_N(vocab), (ids), LESSON_N(ids))

size_t lesson_ids_at(const char *file, const char *name, const char *text, const char *vocab_name,
                     const char *const *vocab, size_t n_vocab, int32_t *ids, size_t max_ids);

/* Whether probs (n,) is sorted from most to least likely, as the lesson's Java assumes in Examples 7 and 10. */
bool lesson_sorted(const double *probs, size_t n);

/* The id of the most likely token of probs (n,), the first of equal ones: the "top token" (0 for n = 0). */
int32_t lesson_most_likely(const double *probs, size_t n);

/* Whether every byte of s is printable ASCII, ' ' to '~', so that a table row shows it as it is. */
bool lesson_printable(const char *s);

/* A number as text, short enough to live in a printf argument: lesson_number(x, 1).text. */
typedef struct {
    char text[64];

} LessonNumber;

/* A setting's exact value: the fewest decimals (at least min_decimals) whose text reads back as value, never
 * a rounded one. 1.25 with 1 decimal is "1.25", 2.0 is "2.0". Very large or tiny values, inf and NaN use the
 * shortest "%g" form. */
LessonNumber lesson_number(double value, int min_decimals);

/* Stops with "NN_slug: probs[i] is X; ..." unless every p of probs[] is above 0 and at most 1 and they sum to 1
 * (within 1e-9): a lesson that starts from probabilities (Examples 7 and 10) refuses them rather than
 * renormalize behind the p it prints. */
#define lesson_check_probs(probs) lesson_check_probs_at(__FILE__, #probs, (probs), LESSON_N(probs))

void lesson_check_probs_at(const char *file, const char *name, const double *probs, size_t n);

/* A probability as a percentage, exact, with its "%": the probability's own shortest decimal digits (the
 * fewest that read back as it) with the point moved two places right, so 0.5 gives "50%", 0.125 "12.5%" and
 * 1e-7 "0.00001%" (multiplying by 100 in double would print 0.000009999999999999999). Beyond 40 places either
 * side, inf and NaN: the same digits in "%g"'s exponent form. */
LessonNumber lesson_percent(double probability);

/* A double as Java's Double.toString writes it (as the lesson's Java prints a share): the fewest digits that
 * read back, at least one decimal ("0.5", "1.0"), and from 1e-3 down or 1e7 up Java's "1.0E-4" form. */
LessonNumber lesson_java_double(double value);

/* The length of the longest of words (n,), at least `least`, so a column is as wide as its longest entry. */
int lesson_longest(const char *const *words, size_t n, int least);

/* Prints the chain's line, "logits -> ... -> dist" (chain_describe), whatever its length. */
void lesson_print_describe(const Chain *ch);

/* A setting a label may show: its name as written in the label between braces, and its value. */
typedef struct {
    const char *name;

    double value;

} LabelValue;

/* A label or a short text for a picture (picture.h): at most 127 characters, cut there (a table prints the
 * whole label). */
typedef struct {
    char text[128];

} LessonText;

/* Appends the characters s (n,) to text, as many as fit. */
void lesson_text_add(LessonText *text, const char *s, size_t n);

/* Writes label to out (when not NULL: stdout for a table, stderr for a message) and to text (when not NULL),
 * with each "{name}" replaced by that setting's value as lesson_number prints it (exact, no decimals added), and
 * returns its length in characters. A name not in values (n_values,) stops the program with a message that
 * lists the names it may use. The rest of the label is the reader's own text, printed as it is. */
int lesson_label_to(const char *label, const LabelValue *values, size_t n_values, FILE *out,
                    LessonText *text);

/* The length of label as lesson_label prints it, and at least `least`: a table's label column. */
int lesson_label_width(const char *label, const LabelValue *values, size_t n_values, int least);

/* Prints label (see lesson_label), left-aligned in at least width columns: "repeat {penalty_repeat}" prints
 * "repeat 1.3" when penalty_repeat is 1.3 and "repeat 1.25" when it is 1.25, so an edited setting shows up in
 * its row's label. A table sizes its label column with lesson_label(..., NULL), the length it would print. */
void lesson_print_label(const char *label, const LabelValue *values, size_t n_values, int width);

/* "eta 0.1 (line 21)": a setting as the program spells it (name; "taus[]" is looked up as taus), its value
 * (lesson_number) and the line where it is given (lesson_where, "" when the source cannot be read). */
LessonText lesson_setting(const char *file, const char *name, double value);

/* The settings of a PenaltyParams as a label may name them: {penalty_last_n}, {penalty_repeat}, {penalty_freq},
 * {penalty_present}. */
#define LESSON_PENALTY_VALUES(pp) \
    {{"penalty_last_n", (pp)->penalty_last_n}, {"penalty_repeat", (pp)->penalty_repeat}, \
     {"penalty_freq", (pp)->penalty_freq}, {"penalty_present", (pp)->penalty_present}}

/* Stops, naming the field, its value, its line and the rule (lesson_stop_problem), when apply_penalties would
 * refuse pp: lesson_check_penalty(&penalty, NULL), or with the row's label, lesson_check_penalty(&row.penalty,
 * row.label). */
#define lesson_check_penalty(pp, label) lesson_check_penalty_at(__FILE__, (pp), (label))

void lesson_check_penalty_at(const char *file, const PenaltyParams *pp, const char *label);

/* Stops, naming the field, its value, its line and the rule (lesson_stop_problem), when the DRY functions would
 * refuse dp (dry_params_problem): lesson_check_dry(&dry). */
#define lesson_check_dry(dp) lesson_check_dry_at(__FILE__, (dp))

void lesson_check_dry_at(const char *file, const DryParams *dp);

/* One row of Example 12's chains or Example 13's presets: what the lesson's builder setters and its Preset
 * record set (the Java's order: temperature, topK, topP, minP, repeat). Every other setting is off, as in the
 * Java's builder and in llama.cpp's defaults. */
typedef struct {
    const char *label;          /* the row's label, the reader's text; a {name} in it prints that setting */
    double temp;

    int32_t top_k;

    double top_p, min_p, penalty_repeat;

} LessonSettings;

/* llama.cpp's defaults (sampling_params_default) with s's settings and a penalty window of penalty_last_n. */
SamplingParams lesson_sampling_params(const LessonSettings *s, int32_t penalty_last_n);

/* The settings of s as its label may name them: {temp}, {top_k}, {top_p}, {min_p}, {penalty_repeat} and
 * {penalty_last_n}. */
#define LESSON_SETTINGS_VALUES(s, penalty_last_n) \
    {{"temp", (s)->temp}, {"top_k", (s)->top_k}, {"top_p", (s)->top_p}, {"min_p", (s)->min_p}, \
     {"penalty_repeat", (s)->penalty_repeat}, {"penalty_last_n", (penalty_last_n)}}

/* s's label (lesson_label_to) with its settings: written to out when not NULL, to text when not NULL; returns
 * its length. */
int lesson_settings_label_to(const LessonSettings *s, int32_t penalty_last_n, FILE *out,
                             LessonText *text);

/* lesson_settings_label_to without a text. */
int lesson_settings_label(const LessonSettings *s, int32_t penalty_last_n, FILE *out);

/* The widest label of rows (n,) (lesson_settings_label), and at least `least`: a table's label column. */
int lesson_settings_width(const LessonSettings *rows, size_t n, int32_t penalty_last_n, int least);

/* Stops with `NN_slug: the row "repeat 0" (line 29): penalty_repeat 0: must be ...` (lesson_stop_problem)
 * when chain_init would refuse params, built from row s with a window of penalty_last_n: the setting, its
 * value and the rule (sampling_params_problem). lesson_check_params(&p, s, window) before chain_init. */
#define lesson_check_params(params, s, penalty_last_n) \
    lesson_check_params_at(__FILE__, (params), (s), (penalty_last_n))

void lesson_check_params_at(const char *file, const SamplingParams *params, const LessonSettings *s,
                            int32_t penalty_last_n);

/* lesson_note_row for row s of a table of LessonSettings: "NN_slug: note: the <noun> "<label as the table
 * prints it>"<the rest, printf-style>", once per row: lesson_note_settings("chain", s, window, cond, ": ..."). */
#define lesson_note_settings(noun, s, penalty_last_n, cond, ...) \
    do { \
        static const void *noted_row_; \
        static bool noted_; \
        if ((cond) && lesson_note_due(&noted_row_, &noted_, (s))) \
            lesson_say_settings(__FILE__, (noun), (s), (penalty_last_n), __VA_ARGS__); \
    } while (0)

/* lesson_note_settings's note, printed: "NN_slug: note: the <noun> "<s's label>"<format, printf-style>". */
void lesson_say_settings(const char *file, const char *noun, const LessonSettings *s, int32_t penalty_last_n,
                         const char *format, ...);

/* How many candidates of c have p > 0: the Java's count of candidates left (Example 13). */
int lesson_count_p(const Candidates *c);

/* Whether a and b, both in id order, give every token the same p (to 1e-12; a token one of them lacks has p 0):
 * two orders of the same stages that leave the same distribution. */
bool lesson_same_p(const Candidates *a, const Candidates *b);

/* Notes each setting of row s that would act in llama.cpp (its stage, built alone from s's settings and a window
 * of penalty_last_n, is not "?") but that no stage of ch, the row's chain, reads, because order[] leaves its
 * stage out: "NN_slug: note: the chain "low T": temp 0.2 does nothing: no stage of order[] reads it". As
 * Example 11 names a setting the chain drops. Returns whether it noted any. */
#define lesson_note_unread(noun, s, penalty_last_n, ch) \
    lesson_note_unread_at(__FILE__, (noun), (s), (penalty_last_n), (ch))

bool lesson_note_unread_at(const char *file, const char *noun, const LessonSettings *s,
                           int32_t penalty_last_n, const Chain *ch);

/* lesson_note_unread for a chain built as llama.cpp's common builds it from a sampler list, order (n,): the
 * presets of Example 13. */
#define lesson_note_unread_list(noun, s, penalty_last_n, order, n) \
    lesson_note_unread_list_at(__FILE__, (noun), (s), (penalty_last_n), (order), (n))

bool lesson_note_unread_list_at(const char *file, const char *noun, const LessonSettings *s,
                                int32_t penalty_last_n, const SamplerType *order, size_t n);

/* Example 6's notes where a bias meets the limits of softmax, for biases (n,) applied to after (its candidates,
 * p filled) and words (one per id), one note per biased token: a token left at +inf gets p 1 / (the number of
 * such tokens), the limit the library takes, where llama.cpp's softmax and the lesson's Java give NaN; a +inf
 * bias on a token that another entry banned stays banned here (bias_logit), where llama.cpp and the Java
 * compute -inf + inf = NaN; a finite logit past float's range (a bias of 1e39) is +inf in llama.cpp's float,
 * whose softmax then gives NaN, where the Java's double gives this table. */
#define lesson_note_bias_limits(after, biases, n, words) \
    lesson_note_bias_limits_at(__FILE__, (after), (biases), (n), (words))

void lesson_note_bias_limits_at(const char *file, const Candidates *after, const LogitBias *biases,
                                size_t n, const char *const *words);

/* The pictures (make pictures): each lesson's one call, asked for through LESSON_PICTURE. */
#endif
