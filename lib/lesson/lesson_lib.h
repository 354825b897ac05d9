/* lesson_lib.h: what the lesson programs share, so that each reads like its Java and a reader's edit gives a right
 * table or a clear stop.
 *
 * The checks are one line each, declared where the data is used:
 *   LESSON_SAME_LENGTH(words, logits);              arrays that go together (when the program compiles)
 *   n = lesson_ids(history_text, vocab, history);   token ids from the words, as the Java's indexOf (a word
 *                                                   twice in vocab[] stops)
 *   lesson_candidates(&c, buf, logits, words);      candidates from logits[]: a NaN or all -inf stops, naming
 *                                                   the entry, its word and its line; +inf is noted (below)
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
 * Where a row parts from the lesson's Java, the note comes from one comparison: the program computes the row by
 * llama.cpp's rule (the library) and by the Java's rule (lesson_java_repeat_length and the other helpers below,
 * or its own expression), lesson_java_differs compares the two as the table prints them, and lesson_note_due
 * (under lesson_note_row) lets the note of each row that differs out once, with both values and the cause.
 *
 * Infinities follow one rule wherever a program prints a p: the tokens at +inf share p = 1 equally and every
 * other token gets 0 (the limit of softmax, candidates_softmax); a -inf logit gets 0, and a -inf bias bans a token
 * even at +inf (bias_logit); a temperature of +inf makes every finite logit 0 and leaves the -inf ones out.
 * llama.cpp computes exp(inf - inf), -inf + inf and -inf / inf as NaN instead, and so does the lesson's Java
 * wherever it takes a softmax: a note under the table says so, once for each entry that meets it
 * (lesson_candidates, lesson_softmax_biased, lesson_step_seen and lesson_preset_seen for a temperature).
 *
 * Numbers print as the lesson's Java prints them: each row with lesson_printf, whose %f rounds half up as Java's
 * Formatter does (0.125 to two places is 0.13, where C's printf gives 0.12); a column's numbers with lesson_fixed:
 * "%.2f" (or the column's decimals) rounded the same way, and "%.2e" from a magnitude of 1e6 on, with one note; a
 * column is as wide as its widest value (lesson_width), so every row stays aligned.
 *
 * defines, by the file that holds each (a macro that passes the lesson's __FILE__ has an X_at function behind it,
 * lesson_ids_at for lesson_ids):
 *   stops.c (stops and notes, and the line of the source they name): lesson_check, lesson_require, lesson_stop,
 *     lesson_note, lesson_note_row, lesson_note_due, lesson_print_name, lesson_say, lesson_takes_no_arguments,
 *     lesson_where, lesson_setting, lesson_element_line, lesson_element_where, lesson_element_where_in;
 *   format.c (numbers and the {name} label language): LessonNumber, lesson_number, lesson_percent,
 *     lesson_java_double, lesson_fixed, lesson_width, lesson_number_width, lesson_logit_width, lesson_longest,
 *     LabelValue, LessonText, lesson_text_add, lesson_label_to, lesson_label_width, lesson_print_label;
 *   checks.c (a lesson's data checked, ids from words): LESSON_N, LESSON_SAME_LENGTH, LESSON_MAX_WORDS,
 *     lesson_find, lesson_id, lesson_ids, lesson_split, lesson_joined_length, lesson_sorted, lesson_most_likely,
 *     lesson_printable, lesson_distinct_chars, lesson_index_of, lesson_check_probs, LESSON_PENALTY_VALUES,
 *     LessonPenaltyRow,
 *     lesson_penalty_label, lesson_check_penalty, lesson_check_penalty_row, lesson_check_dry, lesson_bias,
 *     lesson_softmax_biased;
 *   java.c (the lesson's Java's rules beside llama.cpp's): lesson_candidates, lesson_java_differs,
 *     lesson_check_penalty_all, lesson_check_limit, lesson_check_xtc, lesson_java_repeat_length,
 *     lesson_note_dry_row, lesson_check_dry_line, LessonSortedCut, lesson_sorted_cut, lesson_check_mu,
 *     lesson_note_mirostat, lesson_tied_cut, lesson_note_tied_cut, lesson_cut_key, lesson_cut_ties,
 *     lesson_note_cut_ties;
 *   print.c: LESSON_PRINTF_LIKE, lesson_printf, lesson_format, lesson_columns.
 * The rows of settings of Examples 12 and 13 (LessonSettings, lesson_check_params, lesson_note_settings, ...) are
 * lesson_settings.h's (settings.c, checks.c), which those lessons include through lesson/chains.h (Example 12) and
 * lesson/presets.h (Example 13); each lesson's picture (picture_*) is lib/picture/'s, through lessons/lesson.h.
 */
#ifndef LESSON_LIB_H
#define LESSON_LIB_H

#include "candidates.h"
#include "dry.h"
#include "penalties.h"
/* What every lesson uses of the standard library, and nothing more: every header here is read by each lesson's
 * compile. A lesson that calls log or strchr includes <math.h> or <string.h> itself (math.h alone costs about half
 * of a whole hello-world's compile); lib/lesson/'s own files include what they use. */
#include <stdbool.h>
#include <stdio.h>

#if defined(__GNUC__)
#define LESSON_PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define LESSON_PRINTF_LIKE(f, a)
#endif

/* printf, printing each %f as the lesson's Java prints it: Java's Formatter rounds half up from the shortest
 * decimal that reads back as the double (0.125 to 2 places is 0.13, 1.005 is 1.01, 0.0625 to 3 is 0.063), where
 * C's printf rounds the double's exact binary value (0.12, 1.00, 0.062). Every other conversion, and an infinite
 * or NaN %f, is printf's, but for a %s with a width, which pads to that many columns (lesson_columns) where printf
 * counts bytes, so that a UTF-8 word lines up as the Java's %-10s lines it up. Each lesson prints its table rows
 * with it. Flushes stdout, so that a note or stop on stderr after a row never comes before it where both streams
 * go to one pipe (2>&1 | less). Returns the bytes printed. */
int lesson_printf(const char *format, ...) LESSON_PRINTF_LIKE(1, 2);

/* lesson_printf's text written to out (size bytes), as snprintf writes it: returns the full length. */
int lesson_format(char *out, size_t size, const char *format, ...) LESSON_PRINTF_LIKE(3, 4);

/* The number of entries of an array (not a pointer). */
#define LESSON_N(a) (sizeof(a) / sizeof((a)[0]))

/* Stops the build unless arrays a and b have the same length, with a message that names both. */
#define LESSON_SAME_LENGTH(a, b) _Static_assert(LESSON_N(a) == LESSON_N(b), #a " and " #b " must have the same length")

/* At least the number of words in a string array: room for its ids, lesson_ids(text, vocab, ids). */
#define LESSON_MAX_WORDS(text) (sizeof(text) / 2 + 1)

/* Starts a note or stop with the program's name and a colon, "07_typical: " for lessons/07_typical.c, in the
 * message that lesson/print.h's one printer puts together and prints. */
void lesson_print_name(const char *file);

/* Prints "NN_slug: <what><message>" (printf-style, each %f as lesson_printf rounds it) to stderr, through the one
 * printer of notes and stops: a line longer than 120 columns is wrapped at its spaces, each continuation line
 * indented two spaces, a word longer than a line kept whole (lesson/print.h). Every note and stop of the lessons
 * prints so, lesson_stop's, lesson_require's and lesson_note's too. */
void lesson_say(const char *file, const char *what, const char *format, ...);

/* Runs a library call; when it fails, prints "file:line: the call: the library's message" to stderr and exits
 * with status 1: lesson_check(apply_penalties(&c, history, n, &penalty)). */
#define lesson_check(call) lesson_check_at(__FILE__, __LINE__, #call, (call))

void lesson_check_at(const char *file, int line, const char *call, SamplingStatus st);

/* Unless cond holds, prints "NN_slug: message" and exits with status 1: where no right table exists. */
#define lesson_require(cond, ...) \
    do { \
        if (!(cond)) \
            lesson_stop(__FILE__, __VA_ARGS__); \
    } while (0)

/* Prints "NN_slug: message" (printf-style) to stderr and exits with status 1: lesson_require's stop, one call in
 * each lesson_require, so that the lessons compile no more of it. */
_Noreturn void lesson_stop(const char *file, const char *format, ...);

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

/* Reads text's words between its spaces (any number of them) and writes the id of each word in vocab[] to ids[],
 * as the Java's indexOf finds it; returns the number of words. A word vocab[] does not have stops the program and
 * names it, with the text's line. For Examples 1 to 4, whose Java holds the history as token ids, the text being
 * this workbench's way to write them: n = lesson_ids(history_text, vocab, history), with
 * int32_t history[LESSON_MAX_WORDS(history_text)]. */
#define lesson_ids(text, vocab, ids) \
    lesson_ids_at(__FILE__, #text, (text), #vocab, (vocab), LESSON_N(vocab), (ids), LESSON_N(ids), false)

/* lesson_ids for a text the lesson's Java splits itself, text.split(" ") (Examples 5, 9 and 13): where it has two
 * spaces between words or one before the first, Java's split reads an empty word, and one note, once per text,
 * names each such place (the first 4, and how many more) and what that example's Java does with the empty word. */
#define lesson_split(text, vocab, ids) \
    lesson_ids_at(__FILE__, #text, (text), #vocab, (vocab), LESSON_N(vocab), (ids), LESSON_N(ids), true)

size_t lesson_ids_at(const char *file, const char *name, const char *text, const char *vocab_name,
                     const char *const *vocab, size_t n_vocab, int32_t *ids, size_t max_ids, bool java_splits);

/* The length of text as the lesson's Java prints it back, String.join(" ", text.split(" ")): Java's split drops the
 * empty words after the last one, so the text without its trailing spaces (Example 9's history line):
 * printf("%.*s", lesson_joined_length(text), text). */
int lesson_joined_length(const char *text);

/* Whether probs (n,) is sorted from most to least likely, as the lesson's Java assumes in Examples 7 and 10. */
bool lesson_sorted(const double *probs, size_t n);

/* The id of the most likely token of probs (n,), the first of equal ones: the "top token" (0 for n = 0). */
int32_t lesson_most_likely(const double *probs, size_t n);

/* Whether every byte of s is printable ASCII, ' ' to '~', so that a table row shows it as it is. */
bool lesson_printable(const char *s);

/* Writes the distinct characters of text to chars (size bytes: room for them and a '\0'; beyond it they are cut),
 * in byte order, as the Java's text.chars().distinct().sorted() (Example 12's alphabet); returns how many. */
size_t lesson_distinct_chars(const char *text, char *chars, size_t size);

/* The index of the first ch in text, as the Java's text.indexOf(ch); -1 when text has none (and for '\0'). */
int32_t lesson_index_of(const char *text, char ch);

/* A number as text, short enough to live in a printf argument: lesson_number(x, 1).text. */
typedef struct {
    char text[64];

} LessonNumber;

/* A setting's exact value: the fewest decimals (at least min_decimals) whose text reads back as value, never
 * a rounded one. 1.25 with 1 decimal is "1.25", 2.0 is "2.0". Very large or tiny values, inf and NaN use the
 * shortest "%g" form. */
LessonNumber lesson_number(double value, int min_decimals);

/* Stops with "NN_slug: probs[i] is X (line N): ..." unless every p of probs[] is above 0 and at most 1 and they
 * sum to 1 (within 1e-9): a lesson that starts from probabilities (Examples 7 and 10) refuses them rather than
 * renormalize behind the p it prints. */
#define lesson_check_probs(probs) lesson_check_probs_at(__FILE__, #probs, (probs), LESSON_N(probs))

void lesson_check_probs_at(const char *file, const char *name, const double *probs, size_t n);

/* Builds candidates c from logits (n,), candidate i for words[i], as candidates_init does (buf (n,) is the
 * storage), after checking the logits as llama.cpp would meet them, once per array: a NaN stops, naming the
 * entry, its word and its line (`logits[4] ("dog") is NaN (line 14): ...`, with what llama.cpp would do), and so
 * do logits that are all -inf; a logit of +inf, or a finite one past float's range (llama.cpp's float holds it as
 * +inf), gets a note, one per entry, under the rule for infinities above. lesson_candidates(&c, buf, logits,
 * words), in place of lesson_check(candidates_init(&c, buf, logits, n)). */
#define lesson_candidates(c, buf, logits, words) \
    lesson_candidates_at(__FILE__, (c), (buf), #logits, (logits), LESSON_N(logits), (words))

void lesson_candidates_at(const char *file, Candidates *c, TokenData *buf, const char *name, const double *logits,
                          size_t n, const char *const *words);

/* A probability as a percentage, exact, with its "%": the probability's own shortest decimal digits (the
 * fewest that read back as it) with the point moved two places right, so 0.5 gives "50%", 0.125 "12.5%" and
 * 1e-7 "0.00001%" (multiplying by 100 in double would print 0.000009999999999999999). Beyond 40 places either
 * side, inf and NaN: the same digits in "%g"'s exponent form. */
LessonNumber lesson_percent(double probability);

/* A double as Java's Double.toString writes it (as the lesson's Java prints a share): the fewest digits that
 * read back, at least one decimal ("0.5", "1.0"), and from 1e-3 down or 1e7 up Java's "1.0E-4" form. */
LessonNumber lesson_java_double(double value);

/* A computed number as a table column prints it: "%.*f" with `decimals`, rounded as the Java rounds (as
 * lesson_printf), or "%.2e" (-1.00e+308) when its magnitude is 1e6 or more, so that no value takes more than 10
 * characters; inf, -inf and nan as printf writes them. The first value printed in "%.2e" gets a note, once: the
 * lesson's Java's "%.2f" prints every digit, as a setting printed with lesson_number (tau) keeps all of its. That
 * note names the program of file (its __FILE__: lesson_fixed gives the caller's). */
#define lesson_fixed(value, decimals) lesson_fixed_at(__FILE__, (value), (decimals))

LessonNumber lesson_fixed_at(const char *file, double value, int decimals);

/* The width of a column of values (n,) printed by lesson_fixed with `decimals`: that of the widest, and at least
 * `least` (the lesson's own width), so that every row stays aligned. file: lesson_fixed's (the caller's __FILE__). */
#define lesson_width(values, n, decimals, least) lesson_width_at(__FILE__, (values), (n), (decimals), (least))

int lesson_width_at(const char *file, const double *values, size_t n, int decimals, int least);

/* The width of a column of settings (n,) printed exactly, by lesson_number with min_decimals: that of the
 * widest, at least `least`. */
int lesson_number_width(const double *values, size_t n, int min_decimals, int least);

/* lesson_width of the logits of c (in c's order). */
#define lesson_logit_width(c, decimals, least) lesson_logit_width_at(__FILE__, (c), (decimals), (least))

int lesson_logit_width_at(const char *file, const Candidates *c, int decimals, int least);

/* Whether ours and java, the same cell of a row by llama.cpp's rule and by the lesson's Java's, print differently
 * with format (one printf conversion for a double: "%.3f", rounded as the Java rounds, lesson_format): the test of
 * lesson_note_row where a row parts from the Java. A number lesson_fixed would print as "%.2e" is compared so. */
bool lesson_java_differs(const char *format, double ours, double java);

/* The columns that the n bytes of s take in a table, counted as the Java's %-10s counts them, in UTF-16 units: one
 * per UTF-8 character below U+10000, two for one past it (an emoji), and one per byte that is not part of a
 * well-formed UTF-8 character (a terminal shows each as one replacement mark). So "crème" takes 5, and a row pads
 * as the Java's does. Without a locale or wcwidth, as the Java: a wide East Asian character counts as one column,
 * as does a combining accent, so a terminal shows such a row out of line by one column per such character, as it
 * shows the Java's. */
size_t lesson_columns(const char *s, size_t n);

/* The columns of the longest of words (n,), lesson_columns, at least `least`, so a column is as wide as its
 * longest entry. */
int lesson_longest(const char *const *words, size_t n, int least);

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

/* Writes label to out (when not NULL: stdout for a table, stderr into a note, print.h) and to text (when not NULL),
 * with each "{name}" replaced by that setting's value as lesson_number prints it (exact, no decimals added), and
 * returns its length in columns (lesson_columns). A name not in values (n_values,) stops the program with a
 * message that names the program of file (its __FILE__) and the label's line, and lists the names it may use. The
 * rest of the label is the reader's own text, printed as it is. lesson_label_to, lesson_label_width and
 * lesson_print_label pass the caller's __FILE__. */
#define lesson_label_to(label, values, n_values, out, text) \
    lesson_label_to_at(__FILE__, (label), (values), (n_values), (out), (text))

int lesson_label_to_at(const char *file, const char *label, const LabelValue *values, size_t n_values, FILE *out,
                       LessonText *text);

/* The columns of label as lesson_label prints it, and at least `least`: a table's label column. */
#define lesson_label_width(label, values, n_values, least) \
    lesson_label_width_at(__FILE__, (label), (values), (n_values), (least))

int lesson_label_width_at(const char *file, const char *label, const LabelValue *values, size_t n_values,
                          int least);

/* Prints label (see lesson_label), left-aligned in at least width columns: "repeat {penalty_repeat}" prints
 * "repeat 1.3" when penalty_repeat is 1.3 and "repeat 1.25" when it is 1.25, so an edited setting shows up in
 * its row's label. A table sizes its label column with lesson_label(..., NULL), the length it would print. */
#define lesson_print_label(label, values, n_values, width) \
    lesson_print_label_at(__FILE__, (label), (values), (n_values), (width))

void lesson_print_label_at(const char *file, const char *label, const LabelValue *values, size_t n_values,
                           int width);

/* " (line 19)" for the line where the setting `name` is given a value ("name =", "name[] =", ".name ="), or ""
 * when there is none or the program cannot read its own source: what a stop adds after a setting. */
LessonText lesson_where(const char *file, const char *name);

/* The line of entry `index` of the array `name`'s initializer in the program's source (file, as __FILE__ names
 * it): where the entry's first character stands ("{64, -1.3, 0, 0}" of settings[2]), or 0 when there is none or
 * the program cannot read its own source. */
int lesson_element_line(const char *file, const char *name, size_t index);

/* Where entry `index` of the array `name` is given, for a stop: when the entry names an array the program sets
 * (commands[2] is with_bias, or a macro's call on it, CLI_COMMAND(with_bias)), that array and its line, "with_bias[]
 * (line 25)"; otherwise the entry and the line where it stands, "commands[2] (line 29)" (lesson_element_line), or
 * "commands[2]" when the source cannot be read. */
LessonText lesson_element_where(const char *file, const char *name, size_t index);

/* Where element `element` of the array that entry `index` of `name` names is given, for a stop about that value:
 * "with_bias[11] (line 27)" when commands[2] is with_bias and its element 11 stands on line 27
 * (lesson_element_line; element 0 is the array's first, "with_bias[0] (line 26)"); lesson_element_where(file,
 * name, index) when element is below 0 (the line as a whole) or the entry names no array of the program, or when
 * the source cannot be read. */
LessonText lesson_element_where_in(const char *file, const char *name, size_t index, int element);

/* "eta 0.1 (line 22)": a setting as the program spells it (name; "taus[]" is looked up as taus), its value
 * (lesson_number) and the line where it is given (lesson_where, "" when the source cannot be read). */
LessonText lesson_setting(const char *file, const char *name, double value);

/* The settings of a PenaltyParams as a label may name them: {penalty_last_n}, {penalty_repeat}, {penalty_freq},
 * {penalty_present}. */
#define LESSON_PENALTY_VALUES(pp) \
    {{"penalty_last_n", (pp)->penalty_last_n}, {"penalty_repeat", (pp)->penalty_repeat}, \
     {"penalty_freq", (pp)->penalty_freq}, {"penalty_present", (pp)->penalty_present}}

/* A row of a table of penalty settings (Example 4's settings[]): its label, the reader's text, in which a {name}
 * prints that setting (LESSON_PENALTY_VALUES), and its settings. */
typedef struct {
    const char *label;
    PenaltyParams penalty;      /* penalty_last_n, penalty_repeat, penalty_freq, penalty_present */
} LessonPenaltyRow;

/* Example 5's row label, the Java's "repeat penalty %.1f, window %2d:" with each setting's exact value
 * (lesson_number, at least one decimal), and ", frequency 0.5" or ", presence 0.7" before the colon when the row
 * has that penalty, so that the label names every setting that differs. */
LessonText lesson_penalty_label(const PenaltyParams *pp);

/* Stops, naming the field, its value, its line and the rule (lesson_stop_problem), when apply_penalties would
 * refuse pp: lesson_check_penalty(&penalty, NULL), or with the row's label, lesson_check_penalty(&row.penalty,
 * row.label). */
#define lesson_check_penalty(pp, label) lesson_check_penalty_at(__FILE__, (pp), (label))

void lesson_check_penalty_at(const char *file, const PenaltyParams *pp, const char *label);

/* lesson_check_penalty for row i of an array of PenaltyParams with no labels (Example 5's settings[]): a stop or
 * note names the row as the program spells it and the line where its entry stands, `settings[2] (line 17):
 * penalty_repeat -1.3: must be ...`. lesson_check_penalty_row(settings, s). */
#define lesson_check_penalty_row(rows, i) lesson_check_penalty_row_at(__FILE__, #rows, (i), &(rows)[i])

void lesson_check_penalty_row_at(const char *file, const char *name, size_t index, const PenaltyParams *pp);

/* Stops, naming the field, its value, its line and the rule (lesson_stop_problem), when the DRY functions would
 * refuse dp (dry_params_problem): lesson_check_dry(&dry). */
#define lesson_check_dry(dp) lesson_check_dry_at(__FILE__, (dp))

void lesson_check_dry_at(const char *file, const DryParams *dp);

/* lesson_check_penalty for a program whose Java counts the whole history (Examples 2 and 3): then, where the
 * window pp->penalty_last_n holds fewer tokens than the history (n_history,), each row whose count, logit after or
 * p after (as the table prints them) differs from the Java's, which is llama.cpp's penalty step over the whole
 * history, gets a note with both, once, and with_subtracted (a table with Example 3's "subtracted" column, before
 * minus after) names that column too where it differs: lesson_check_penalty_all(&penalty, logits, words, history,
 * n_history, with_subtracted), logits and words (n,) being the table's. */
#define lesson_check_penalty_all(pp, logits, words, history, n_history, with_subtracted) \
    lesson_check_penalty_all_at(__FILE__, (pp), (logits), (words), LESSON_N(logits), (history), (n_history), \
                                (with_subtracted))

void lesson_check_penalty_all_at(const char *file, const PenaltyParams *pp, const double *logits,
                                 const char *const *words, size_t n, const int32_t *history, size_t n_history,
                                 bool with_subtracted);

/* Example 7's check of one of its limits (typical_p and top_p at once), limits[l]: NaN stops, naming it, its
 * line and what llama.cpp would do (build both samplers and keep every token); a limit of 1 or more (on
 * llama.cpp's float) is noted once for its entry: typical is off in llama.cpp and keeps the order, where the
 * Java still orders by distance. */
#define lesson_check_limit(limit) lesson_check_limit_at(__FILE__, #limit, (limit), &(limit))

void lesson_check_limit_at(const char *file, const char *name, double limit, const void *row);

/* Example 10's checks of its data: probs as lesson_check_probs; a NaN in once (a scalar), probability (an array)
 * or threshold stops, naming the setting as the program spells it (xtc_probability[1]), its line and what
 * llama.cpp would do with it; probs not sorted from most to least likely is noted (XTC cuts from the most likely
 * token, as llama.cpp's does, and the top token is that one, where the Java takes probs[0]).
 * lesson_check_xtc(probs, once_probability, xtc_probability, xtc_threshold). */
#define lesson_check_xtc(probs, once, probability, threshold) \
    lesson_check_xtc_at(__FILE__, #probs, (probs), LESSON_N(probs), #once, (once), #probability, (probability), \
                        LESSON_N(probability), #threshold, (threshold))

void lesson_check_xtc_at(const char *file, const char *probs_name, const double *probs, size_t n_probs,
                         const char *once_name, double once, const char *probability_name, const double *probability,
                         size_t n, const char *threshold_name, double threshold);

/* The lesson's Java's repeat length for Example 9 (its repeatLength): the longest suffix of the whole history
 * (n,), oldest first, that already occurred earlier and was followed there by candidate; no window, no
 * sequence breakers, no cap. */
int32_t lesson_java_repeat_length(const int32_t *history, size_t n, int32_t candidate);

/* Example 9's note on the row of candidate token (its name, row): what llama.cpp's DRY gives (a repeat of length
 * tokens, penalty) against the lesson's Java (java_length, java), on dp and the history (n_history,); where the
 * row prints differently, once per row, with each cause that applies: a length that the window or a sequence
 * breaker cut, and a penalty that DRY being off (dry_off_reason), a single-token breaker (never penalized), a token
 * that followed no repeat in the window (with dry_allowed_length 0 or less) or the exponent's cap changed. */
#define lesson_note_dry_row(row, token, length, penalty, java_length, java, dp, history, n_history) \
    lesson_note_dry_row_at(__FILE__, (row), (token), (length), (penalty), (java_length), (java), (dp), (history), \
                           (n_history))

void lesson_note_dry_row_at(const char *file, const char *row, int32_t token, int32_t length, double penalty,
                            int32_t java_length, double java, const DryParams *dp, const int32_t *history,
                            size_t n_history);

/* Example 9's last line, the penalty at each repeat length of lengths (n,) (dry_penalty): a negative length stops,
 * naming it and its line; where the line prints differently from the lesson's Java's, java(length, 2) (the Java's
 * rule, which the program supplies, at the allowed length of 2 the Java writes the line's exponents for), one note
 * names every length that differs, with both values and each cause (DRY off, another dry_allowed_length, the
 * exponent's cap). lesson_check_dry_line(&dry, shown_lengths, java_penalty), before the line. */
#define lesson_check_dry_line(dp, lengths, java) \
    lesson_check_dry_line_at(__FILE__, (dp), #lengths, (lengths), LESSON_N(lengths), (java))

void lesson_check_dry_line_at(const char *file, const DryParams *dp, const char *name, const int32_t *lengths,
                              size_t n, double (*java)(int32_t length, int32_t allowed));

/* Example 8's tally of llama.cpp's own cut over one run: llama.cpp's mirostat-v2 sorts the tokens before it cuts at
 * mu, where Example 8's table cuts them in vocabulary order, as the lesson's Java does. */
typedef struct {
    int more;       /* steps at which the sorted cut would keep more tokens than the table's */
    int ties;       /* steps at which it falls between tied tokens (every surprise was above mu, so it kept one of
                     * the tokens tied at the top), where which one llama.cpp keeps is unspecified */
} LessonSortedCut;

/* Adds one step to *tally: the distribution logits (n,) cut at mu, of which the table's cut kept `kept` tokens. */
void lesson_sorted_cut(LessonSortedCut *tally, const double *logits, size_t n, double mu, size_t kept);

/* Example 8's stop where mu, at step `step` of the run with tau (taus[t]) and eta, is no longer a finite number:
 * it names mu, the step, both settings with their lines, and what llama.cpp would do (go on, its cut keeping every
 * token for a NaN or +inf mu, one for -inf). */
#define lesson_check_mu(mu, step, tau, eta) lesson_check_mu_at(__FILE__, (mu), (step), #tau, (tau), #eta, (eta))

void lesson_check_mu_at(const char *file, double mu, int step, const char *tau_name, double tau, const char *eta_name,
                        double eta);

/* Example 8's notes for the run with tau (taus[t]) over `steps` steps, once each, from its tally (lesson_sorted_cut):
 * the steps at which llama.cpp's sorted cut would keep more tokens than the table's cut in vocabulary order (the
 * lesson's Java's), and those at which it falls between tied tokens. */
#define lesson_note_mirostat(tau, tally, steps) lesson_note_mirostat_at(__FILE__, &(tau), (tally), (steps))

void lesson_note_mirostat_at(const char *file, const double *tau, const LessonSortedCut *tally, int steps);

/* Whether kept, what a cut kept of the tokens whose values by id are by_id (n,) (p, or logits), holds some but
 * not all of the tokens tied at one finite value; if so, writes the value, how many share it and how many were
 * kept. */
bool lesson_tied_cut(const double *by_id, size_t n, const Candidates *kept, double *value, size_t *n_tied,
                     size_t *n_kept);

/* The note, once per program, where a cut (stage, "XTC") kept some of a group of tied tokens (lesson_tied_cut on
 * by_id (n,), named by_id[i]): which llama.cpp keeps is unspecified (its sort is not stable), and the note names
 * the ones this workbench keeps. lesson_note_tied_cut("XTC", probs, c). */
#define lesson_note_tied_cut(stage, by_id, kept) \
    lesson_note_tied_cut_at(__FILE__, (stage), #by_id, (by_id), LESSON_N(by_id), (kept))

void lesson_note_tied_cut_at(const char *file, const char *stage, const char *name, const double *by_id, size_t n,
                             const Candidates *kept);

/* Example 7's ties. What a cut sorts the n tokens on, for token i: typical (typical true) its distance from the
 * entropy, |surprise[i] - entropy| (nats, surprise (n,) as the table prints it and typical_cut measures it); top-p
 * its surprise, which is equal for two tokens exactly where their logits (ln p, candidates_init_probs) are. */
double lesson_cut_key(bool typical, const double *surprise, size_t i, double entropy);

/* Which of the n tokens a cut's sort meets in a tie: tied[i] (n,) is true for each token that ties with another
 * on the cut's key (lesson_cut_key) in a group of which the cut kept one or more (kept (size,), the kept
 * candidates' copies). Returns how many tied tokens it left out (the cut fell inside a tie); tied all false and
 * 0 when no kept token ties with another. Example 7's picture draws the same ties. */
size_t lesson_cut_ties(const TokenData *kept, size_t size, bool typical, const double *surprise, size_t n,
                       double entropy, bool *tied);

/* Example 7's note (on stderr, "NN_slug: note: ...", file the lesson's __FILE__) where a cut at limit meets a tie
 * among the tokens it keeps: typical's (typ, what it kept, in its order) a token as far from the entropy as
 * another (|surprise[i] - entropy|, surprise (n,) in nats as the table prints it), top-p's (top) a token as likely
 * as another (an equal surprise: an equal logit). Which tied tokens llama.cpp keeps, and in what order, is
 * unspecified (its sort is not stable); this workbench takes them in their order in probs[] (typical_cut and
 * candidates_sort), and the note says so, naming the tied tokens (words (n,)) and how many of them the cut kept.
 * A stage its limit turns off sorts nothing: no note. Without memory (best-effort), no note. */
#define lesson_note_cut_ties(limit, typ, top, words, surprise, entropy) \
    lesson_note_cut_ties_at(__FILE__, (limit), (typ), (top), (words), (surprise), LESSON_N(words), (entropy))

void lesson_note_cut_ties_at(const char *file, double limit, const Candidates *typ, const Candidates *top,
                             const char *const *words, const double *surprise, size_t n, double entropy);

/* Example 6's bias entry b of biases[] ({word, bias} each): the word's token (lesson_id: a word words[] lacks
 * stops) and its bias; a NaN bias stops, naming biases[b], its word and its line, and what llama.cpp would do. */
#define lesson_bias(biases, b, words) \
    lesson_bias_at(__FILE__, #biases, (b), (biases)[b].word, (biases)[b].bias, #words, (words), LESSON_N(words))

LogitBias lesson_bias_at(const char *file, const char *name, size_t b, const char *word, double bias,
                         const char *words_name, const char *const *words, size_t n_words);

/* Example 6's softmax of after, the candidates of before (p filled) with biases (n,) applied (apply_logit_bias),
 * words one per id. Biases that ban every word stop ("biases[] ban every word: ..."). Then one note per biased
 * token where a bias meets the limits of softmax: a token a +inf bias leaves at +inf gets p 1 / (the number of
 * such tokens), the limit the library takes, where llama.cpp's softmax and the lesson's Java give NaN; a +inf
 * bias on a token that another entry banned, or a -inf bias on a logit of +inf, leaves it banned here
 * (bias_logit), where llama.cpp and the Java compute -inf + inf = NaN; a sum past double's range is held at
 * DBL_MAX here, where llama.cpp and the Java reach +inf; a finite logit past float's range (a bias of 1e39) is
 * +inf in llama.cpp's float, whose softmax then gives NaN, where the Java's double gives this table. (A logit of
 * +inf before any bias is lesson_candidates' note.) */
#define lesson_softmax_biased(before, after, biases, n, words) \
    lesson_softmax_biased_at(__FILE__, (before), (after), (biases), (n), (words))

void lesson_softmax_biased_at(const char *file, const Candidates *before, Candidates *after,
                              const LogitBias *biases, size_t n, const char *const *words);

/* The first line of main in a program that takes no arguments (all but Examples 11 and 12): with none it returns;
 * with --help (or -h) alone it prints the usage, what the program does and how to change its table, to stdout,
 * and exits 0; with any other argument it says the program takes none, then the usage, to stderr, and exits 2
 * (a bad flag, as in every program here). Never ignores an argument in silence. */
#define lesson_takes_no_arguments(argc, argv) lesson_takes_no_arguments_at(__FILE__, (argc), (argv))

void lesson_takes_no_arguments_at(const char *file, int argc, char *argv[]);

#endif
