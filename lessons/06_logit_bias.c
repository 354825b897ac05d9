/* 06_logit_bias: Example 6, logit bias.
 *
 * Bans "the" with a bias of -infinity, boosts "mat" by 2.0 and pushes "dog" down by 100, then compares the
 * probabilities. apply_logit_bias and candidates_softmax. Follows llama_sampler_init_logit_bias (the
 * -l/--logit-bias flag, and llama-server's logit_bias field, where false means -infinity).
 */
#include "candidates.h"
#include "lesson.h"
#include "penalties.h"

#include <math.h>
#include <stdio.h>

static const char *const words[] = {"the", "cat", "sat", "mat", "dog", "ran"};
static const double logits[] = {2.0, 1.0, 0.5, 0.1, -0.5, -1.0};
static const LogitBias biases[] = {
    {0, -INFINITY},     /* ban "the" */
    {3, 2.0},           /* boost "mat" */
    {4, -100},          /* "dog" almost impossible, but not exactly */
};

#define N_VOCAB (sizeof words / sizeof words[0])
#define N_BIASES (sizeof biases / sizeof biases[0])
_Static_assert(sizeof logits / sizeof logits[0] == N_VOCAB, "words[] and logits[] must have the same length");

int main(void)
{
    for (size_t i = 0; i < N_BIASES; i++)
        lesson_check_token("biases", i, biases[i].token, N_VOCAB);
    TokenData before_buf[N_VOCAB], after_buf[N_VOCAB];
    Candidates before, after;
    lesson_check(candidates_init(&before, before_buf, logits, N_VOCAB));
    lesson_check(candidates_init(&after, after_buf, logits, N_VOCAB));
    lesson_check(apply_logit_bias(&after, biases, N_BIASES));
    lesson_check(candidates_softmax(&before, false));
    lesson_check(candidates_softmax(&after, false));

    int width = lesson_longest(words, N_VOCAB) + 1;     /* the lesson's %-4s for its 3-letter words */
    for (size_t i = 0; i < N_VOCAB; i++)
        printf("%-*s before %.4f  after %.4f\n", width, words[i], before.data[i].p, after.data[i].p);
    return 0;
}
