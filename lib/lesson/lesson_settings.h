/* lesson_settings.h: the rows of settings of Examples 12 and 13 (LessonSettings, what the lesson's builder setters
 * and its Preset record set) and what those lessons share about a chain built from them: the row's label and
 * width, the check of its parameters, its notes, and the chain's line. Kept apart from lesson_lib.h, so that the
 * lessons that build no chain never compile chain.h (included by lesson/chains.h, lesson/presets.h and
 * picture/picture_chains.h).
 * Defined in settings.c, but lesson_check_params, which checks.c holds beside the other checks.
 *
 * defines: lesson_print_describe, LessonSettings, lesson_sampling_params, LESSON_SETTINGS_VALUES,
 * lesson_settings_label_to, lesson_settings_label, lesson_settings_width, lesson_check_params,
 * lesson_note_settings, lesson_say_settings, lesson_count_p, lesson_same_p, lesson_note_unread,
 * lesson_note_unread_list.
 */
#ifndef LESSON_SETTINGS_H
#define LESSON_SETTINGS_H

#include "lesson/lesson_lib.h"
#include "chain.h"

/* Prints the chain's line, "logits -> ... -> dist" (chain_describe), whatever its length. */
void lesson_print_describe(const Chain *ch);

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

/* s's label (lesson_label_to, whose stops name the program of file) with its settings: written to out when not
 * NULL, to text when not NULL; returns its length. The forms without _at pass the caller's __FILE__. */
#define lesson_settings_label_to(s, penalty_last_n, out, text) \
    lesson_settings_label_to_at(__FILE__, (s), (penalty_last_n), (out), (text))

int lesson_settings_label_to_at(const char *file, const LessonSettings *s, int32_t penalty_last_n, FILE *out,
                                LessonText *text);

/* lesson_settings_label_to without a text. */
#define lesson_settings_label(s, penalty_last_n, out) lesson_settings_label_at(__FILE__, (s), (penalty_last_n), (out))

int lesson_settings_label_at(const char *file, const LessonSettings *s, int32_t penalty_last_n, FILE *out);

/* The widest label of rows (n,) (lesson_settings_label), and at least `least`: a table's label column. */
#define lesson_settings_width(rows, n, penalty_last_n, least) \
    lesson_settings_width_at(__FILE__, (rows), (n), (penalty_last_n), (least))

int lesson_settings_width_at(const char *file, const LessonSettings *rows, size_t n, int32_t penalty_last_n,
                             int least);

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

#endif
