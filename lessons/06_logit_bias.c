/* 06_logit_bias: Example 6, logit bias.
 *
 * Bans "the" with a bias of -infinity, boosts "mat" by 2.0 and pushes "dog" down by 100, then compares the
 * probabilities. apply_logit_bias and candidates_softmax. Follows llama_sampler_init_logit_bias (the
 * -l/--logit-bias flag, and llama-server's logit_bias field, where false means -infinity).
 */
#include "lesson.h"
#include "penalties.h"
#include <math.h>

static const char *const words[] = {"the", "cat", "sat", "mat", "dog", "ran"};
static const double logits[] = {2.0, 1.0, 0.5, 0.1, -0.5, -1.0};
static const struct { const char *word; double bias; } biases[] = {
    {"the", -INFINITY},     /* ban "the": llama-server accepts false as the bias for this */
    {"mat", 2.0},           /* boost "mat" by 2.0 */
    {"dog", -100},          /* "dog" almost impossible, but not exactly */
};

#define N_VOCAB LESSON_N(words)
LESSON_SAME_LENGTH(words, logits);

int main(int argc, char *argv[])
{
    lesson_takes_no_arguments(argc, argv);
    LogitBias bias[LESSON_N(biases)];
    for (size_t b = 0; b < LESSON_N(biases); b++)
        bias[b] = lesson_bias(biases, b, words);    /* the word's token and its bias; a NaN stops */
    TokenData before_buf[N_VOCAB], after_buf[N_VOCAB];
    Candidates before, after;
    lesson_candidates(&before, before_buf, logits, words);     /* a NaN stops; +inf is noted */
    lesson_candidates(&after, after_buf, logits, words);
    lesson_check(apply_logit_bias(&after, bias, LESSON_N(bias)));
    lesson_check(candidates_softmax(&before, false));
    lesson_softmax_biased(&before, &after, bias, LESSON_N(bias), words);     /* and where +inf meets its limits */

    int width = lesson_longest(words, N_VOCAB, 0) + 1;     /* the lesson's %-4s for its 3-letter words */
    for (size_t i = 0; i < N_VOCAB; i++)
        lesson_printf("%-*s before %.4f  after %.4f\n", width, words[i], before.data[i].p, after.data[i].p);
    return picture_logit_bias(__FILE__, words, N_VOCAB, &before, &after, bias, LESSON_N(bias));  /* LESSON_PICTURE */
}
