/* 04_three_penalties: Example 4, the three penalties on the same history.
 *
 * One row per setting: no penalty, each penalty alone, and all three together, over the history "the the
 * the cat dog" with a window of 64. apply_penalties applies llama.cpp's single step (repeat rule, then
 * count * freq + present) and candidates_softmax gives each row. Follows llama_sampler_init_penalties.
 */
#include "lesson.h"
#include "penalties.h"

static const char *const words[] = {"the", "cat", "sat", "mat", "dog", "ran"};
static const double logits[] = {2.0, 1.0, 0.5, 0.1, -0.5, -1.0};
static const char history_text[] = "the the the cat dog";

/* Each row's label and settings (penalty_last_n, penalty_repeat, penalty_freq, penalty_present); a {name} in the
 * label prints that setting's value (lesson_print_label). */
static const LessonPenaltyRow settings[] = {
    {"none",                       {64, 1.0, 0.0, 0.0}},
    {"repeat {penalty_repeat}",    {64, 1.3, 0.0, 0.0}},
    {"frequency {penalty_freq}",   {64, 1.0, 0.5, 0.0}},
    {"presence {penalty_present}", {64, 1.0, 0.0, 0.7}},
    {"all three",                  {64, 1.3, 0.5, 0.7}},
};

#define N_VOCAB LESSON_N(words)
LESSON_SAME_LENGTH(words, logits);

/* Row s's label with its settings (lesson_label_to): written to out when not NULL, to text when not NULL;
 * returns its length. */
static int label(size_t s, FILE *out, LessonText *text)
{
    const LabelValue values[] = LESSON_PENALTY_VALUES(&settings[s].penalty);
    return lesson_label_to(settings[s].label, values, LESSON_N(values), out, text);
}

int main(int argc, char *argv[])
{
    lesson_takes_no_arguments(argc, argv);
    int32_t history[LESSON_MAX_WORDS(history_text)];
    size_t n_history = lesson_ids(history_text, words, history);
    int column = lesson_longest(words, N_VOCAB, 6) + 1;
    int width = 14;     /* the label column: "probability of", or the longest label */
    for (size_t s = 0; s < LESSON_N(settings); s++) {
        lesson_check_penalty(&settings[s].penalty, settings[s].label);
        width = label(s, NULL, NULL) > width ? label(s, NULL, NULL) : width;
    }
    lesson_printf("%-*s", width, "probability of");
    for (size_t i = 0; i < N_VOCAB; i++)
        lesson_printf("%*s", column, words[i]);
    lesson_printf("\n");
    TokenData buf[LESSON_N(settings)][N_VOCAB];
    Candidates c[LESSON_N(settings)];       /* each row's candidates and label, for the table and the picture */
    LessonText text[LESSON_N(settings)];
    for (size_t s = 0; s < LESSON_N(settings); s++) {
        lesson_candidates(&c[s], buf[s], logits, words);
        lesson_check(apply_penalties(&c[s], history, n_history, &settings[s].penalty));
        lesson_check(candidates_softmax(&c[s], false));
        lesson_printf("%*s", width - label(s, stdout, &text[s]), "");
        for (size_t i = 0; i < N_VOCAB; i++)
            lesson_printf("%*.3f", column, c[s].data[i].p);
        lesson_printf("\n");
    }
    return picture_three_penalties(__FILE__, words, N_VOCAB, logits, history, n_history, settings, text, c,
                                   LESSON_N(settings));
}
