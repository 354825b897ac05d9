/* 02_presence_penalty: Example 2, the presence penalty.
 *
 * After the history "the the the cat dog", every token that occurred loses 0.7 from its logit once, however
 * often it occurred. apply_penalties with only penalty_present set; penalty_count gives the count column and
 * candidates_softmax the probabilities. Follows llama_sampler_init_penalties.
 */
#include "lesson.h"
#include "penalties.h"

static const char *const words[] = {"the", "cat", "sat", "mat", "dog", "ran"};
static const double logits[] = {2.0, 1.0, 0.5, 0.1, -0.5, -1.0};
static const char history_text[] = "the the the cat dog";
/* The Java counts the whole history: a window longer than any history (llama.cpp's default is 64 tokens). */
static const PenaltyParams penalty = {.penalty_last_n = INT32_MAX, .penalty_repeat = 1.0, .penalty_present = 0.7};

#define N_VOCAB LESSON_N(words)
LESSON_SAME_LENGTH(words, logits);

int main(int argc, char *argv[])
{
    lesson_takes_no_arguments(argc, argv);
    int32_t history[LESSON_MAX_WORDS(history_text)];
    size_t n_history = lesson_ids(history_text, words, history);
    lesson_check_penalty_all(&penalty, logits, words, history, n_history, false);  /* the Java counts it all */
    TokenData before_buf[N_VOCAB], after_buf[N_VOCAB];
    Candidates before, after;
    lesson_candidates(&before, before_buf, logits, words);     /* a NaN stops; +inf is noted */
    lesson_candidates(&after, after_buf, logits, words);
    lesson_check(apply_penalties(&after, history, n_history, &penalty));       /* once, whatever the count */
    lesson_check(candidates_softmax(&before, false));
    lesson_check(candidates_softmax(&after, false));

    int width = lesson_longest(words, N_VOCAB, 5);     /* each column as wide as its widest value */
    int lw = lesson_logit_width(&before, 2, 5), aw = lesson_logit_width(&after, 2, 5);
    lesson_printf("%-*s  count  %*s  %*s   p before  p after\n", width, "token", lw, "logit", aw, "after");
    for (size_t i = 0; i < N_VOCAB; i++)
        lesson_printf("%-*s  %5d  %*s  %*s   %8.3f  %7.3f\n", width, words[i],
                      (int)penalty_count(history, n_history, penalty.penalty_last_n, (int32_t)i), lw,
                      lesson_fixed(logits[i], 2).text, aw, lesson_fixed(after.data[i].logit, 2).text, before.data[i].p,
                      after.data[i].p);
    return picture_penalties(__FILE__, words, N_VOCAB, history, n_history, &before, &after, NULL,
                             &penalty);     /* LESSON_PICTURE */
}
