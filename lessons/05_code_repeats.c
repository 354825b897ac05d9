/* 05_code_repeats: Example 5, the window, and why code legitimately repeats identifiers.
 *
 * After "count = count + 1 ; count = count + 1 ; count =", the model is sure the next token is "count". A
 * repetition penalty at growing strengths (window 64) pushes it toward the wrong names "total" and "i"; a
 * window of 1 penalizes only the last token, "=". apply_penalties (repeat only) and candidates_softmax.
 * Follows llama_sampler_init_penalties, where penalty_last_n is the window.
 */
#include "lesson.h"
#include "penalties.h"
#include <string.h>

static const char *const vocab[] = {"count", "total", "i", "=", "+", "1", ";", "("};
static const double logits[] = {3.0, 1.0, 0.8, -1.0, 0.0, 0.4, -1.0, 0.5};  /* sure the identifier repeats */
static const char text[] = "count = count + 1 ; count = count + 1 ; count =";   /* generated so far */
static const char *const shown[] = {"count", "total", "i"};                    /* the P(...) columns */
static const PenaltyParams settings[] = {      /* penalty_last_n, penalty_repeat */
    {64, 1.0, 0, 0}, {64, 1.1, 0, 0}, {64, 1.3, 0, 0}, {64, 1.5, 0, 0}, {1, 1.5, 0, 0},
};

#define N_VOCAB LESSON_N(vocab)
LESSON_SAME_LENGTH(vocab, logits);

int main(int argc, char *argv[])
{
    lesson_takes_no_arguments(argc, argv);
    int32_t history[LESSON_MAX_WORDS(text)];
    size_t n_history = lesson_split(text, vocab, history);
    int width = 0;      /* the label column ("repeat penalty 1.3, window 64:", lesson_penalty_label), its longest */
    for (size_t s = 0; s < LESSON_N(settings); s++) {
        lesson_check_penalty_row(settings, s);      /* a setting llama.cpp refuses stops, naming the row */
        int length = (int)strlen(lesson_penalty_label(&settings[s]).text);
        width = length > width ? length : width;
    }
    TokenData buf[LESSON_N(settings)][N_VOCAB];
    Candidates c[LESSON_N(settings)];       /* one per setting, kept for the picture */
    for (size_t s = 0; s < LESSON_N(settings); s++) {
        lesson_candidates(&c[s], buf[s], logits, vocab);
        lesson_check(apply_penalties(&c[s], history, n_history, &settings[s]));
        lesson_check(candidates_softmax(&c[s], false));
        lesson_printf("%-*s", width, lesson_penalty_label(&settings[s]).text);
        for (size_t w = 0; w < LESSON_N(shown); w++)
            lesson_printf("%sP(%s) %.3f", w ? "  " : " ", shown[w], c[s].data[lesson_id(shown[w], vocab)].p);
        lesson_printf("\n");
    }
    return picture_code_repeats(__FILE__, vocab, logits, text, shown, LESSON_N(shown), settings, c, LESSON_N(c));
}
