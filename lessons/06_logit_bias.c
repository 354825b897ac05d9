/* 06_logit_bias: Example 6, logit bias.
 *
 * Bans "the" with a bias of -infinity, boosts "mat" by 2.0 and pushes "dog" down by 100, then compares the
 * probabilities. apply_logit_bias and candidates_softmax. Follows llama_sampler_init_logit_bias (the
 * -l/--logit-bias flag, and llama-server's logit_bias field, where false means -infinity).
 */
#include "lesson.h"
#include "penalties.h"

static const char *const words[] = {"the", "cat", "sat", "mat", "dog", "ran"};
static const double logits[] = {2.0, 1.0, 0.5, 0.1, -0.5, -1.0};
static const struct { const char *word; double bias; } biases[] = {
    {"the", -INFINITY},     /* ban "the": llama-server accepts false as the bias for this */
    {"mat", 2.0},           /* boost "mat" by 2.0 */
    {"dog", -100},          /* "dog" almost impossible, but not exactly */
};

#define N_VOCAB LESSON_N(words)
LESSON_SAME_LENGTH(words, logits);

int main(void)
{
    LogitBias bias[LESSON_N(biases)];
    for (size_t b = 0; b < LESSON_N(biases); b++) {
        bias[b] = (LogitBias){lesson_id(biases[b].word, words), biases[b].bias};
        lesson_require(!isnan(biases[b].bias), "biases[%zu] (\"%s\") is NaN: a bias is a number", b, biases[b].word);
    }
    TokenData before_buf[N_VOCAB], after_buf[N_VOCAB];
    Candidates before, after;
    lesson_check(candidates_init(&before, before_buf, logits, N_VOCAB));
    lesson_check(candidates_init(&after, after_buf, logits, N_VOCAB));
    lesson_check(apply_logit_bias(&after, bias, LESSON_N(bias)));
    lesson_check(candidates_softmax(&before, false));
    SamplingStatus st = candidates_softmax(&after, false);
    lesson_require(st != SAMPLING_ERR_NO_FINITE, "biases[] ban every word: no token is left to have a probability");
    lesson_check(st);
    lesson_note_bias_limits(&after, bias, LESSON_N(bias), words);       /* where +inf meets softmax's limits */

    int width = lesson_longest(words, N_VOCAB, 0) + 1;     /* the lesson's %-4s for its 3-letter words */
    for (size_t i = 0; i < N_VOCAB; i++)
        printf("%-*s before %.4f  after %.4f\n", width, words[i], before.data[i].p, after.data[i].p);
    return picture_logit_bias(__FILE__, words, N_VOCAB, &before, &after, bias, LESSON_N(bias));  /* LESSON_PICTURE */
}
