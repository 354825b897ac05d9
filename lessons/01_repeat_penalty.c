/* 01_repeat_penalty: Example 1, the repetition penalty.
 *
 * The six-token vocabulary with "the", "dog" and "ran" in the window, penalized at 1.5 two ways: by
 * llama.cpp's rule (apply_penalties: divide a positive logit, multiply one <= 0) and by the naive rule it
 * replaced (apply_penalty_naive: divide every logit, which raises dog and ran); a frequency or presence penalty
 * added to `penalty` is subtracted by both alike. The probabilities come from candidates_softmax. Follows
 * llama_sampler_init_penalties. The Java marks the tokens seen in the window; here, as in llama.cpp, the window
 * is the history of generated tokens, written as words.
 */
#include "lesson.h"
#include "penalties.h"

static const char *const words[] = {"the", "cat", "sat", "mat", "dog", "ran"};
static const double logits[] = {2.0, 1.0, 0.5, 0.1, -0.5, -1.0};
static const char history_text[] = "the dog ran";      /* generated within the last penalty_last_n tokens */
static const PenaltyParams penalty = {.penalty_last_n = 64, .penalty_repeat = 1.5};

#define N_VOCAB LESSON_N(words)
LESSON_SAME_LENGTH(words, logits);

int main(int argc, char *argv[])
{
    lesson_takes_no_arguments(argc, argv);
    int32_t history[LESSON_MAX_WORDS(history_text)];
    size_t n_history = lesson_ids(history_text, words, history);
    lesson_check_penalty(&penalty, NULL);
    TokenData before_buf[N_VOCAB], fixed_buf[N_VOCAB], naive_buf[N_VOCAB];
    Candidates before, fixed, naive;
    lesson_candidates(&before, before_buf, logits, words);     /* a NaN stops; +inf is noted */
    lesson_candidates(&fixed, fixed_buf, logits, words);
    lesson_candidates(&naive, naive_buf, logits, words);
    lesson_check(apply_penalties(&fixed, history, n_history, &penalty));       /* llama.cpp's rule */
    lesson_check(apply_penalty_naive(&naive, history, n_history, &penalty));   /* dividing every logit */
    lesson_check(candidates_softmax(&before, false));
    lesson_check(candidates_softmax(&fixed, false));
    lesson_check(candidates_softmax(&naive, false));

    /* Neither penalty nor softmax(false) reorders the arrays, so entry i is still token i. Each column is as wide
     * as its widest value (lesson_fixed: %.2f, or %.2e from 1e6 on). */
    int width = lesson_longest(words, N_VOCAB, 5), lw = lesson_logit_width(&before, 2, 5);
    int aw = lesson_logit_width(&fixed, 2, 5), nw = lesson_logit_width(&naive, 2, 11);
    lesson_printf("%-*s  seen  %*s  %*s  %*s  p before  p after  p naive\n", width, "token", lw, "logit", aw, "after",
                  nw, "naive-after");
    for (size_t i = 0; i < N_VOCAB; i++) {
        bool seen = penalty_count(history, n_history, penalty.penalty_last_n, (int32_t)i) > 0;
        lesson_printf("%-*s  %-5s %*s  %*s  %*s  %8.3f  %7.3f  %7.3f\n", width, words[i], seen ? "yes" : "no", lw,
                      lesson_fixed(logits[i], 2).text, aw, lesson_fixed(fixed.data[i].logit, 2).text, nw,
                      lesson_fixed(naive.data[i].logit, 2).text, before.data[i].p, fixed.data[i].p, naive.data[i].p);
    }
    return picture_penalties(__FILE__, words, N_VOCAB, history, n_history, &before, &fixed, &naive,
                             &penalty);     /* LESSON_PICTURE */
}
