/* 04_three_penalties: Example 4, the three penalties on the same history.
 *
 * One row per setting: no penalty, each penalty alone, and all three together, over the history "the the
 * the cat dog" with a window of 64. apply_penalties applies llama.cpp's single step (repeat rule, then
 * count * freq + present) and candidates_softmax gives each row. Follows llama_sampler_init_penalties.
 */
#include "candidates.h"
#include "lesson.h"
#include "penalties.h"

#include <stdio.h>

#define N_VOCAB 6

static const char program[] = "04_three_penalties";
static const char *const words[N_VOCAB] = {"the", "cat", "sat", "mat", "dog", "ran"};
static const double logits[N_VOCAB] = {2.0, 1.0, 0.5, 0.1, -0.5, -1.0};
static const int32_t history[] = {0, 0, 0, 1, 4};      /* the the the cat dog */

static const struct {
    const char *name;
    PenaltyParams penalty;      /* penalty_last_n, penalty_repeat, penalty_freq, penalty_present */
} settings[] = {
    {"none",          {64, 1.0, 0.0, 0.0}},
    {"repeat 1.3",    {64, 1.3, 0.0, 0.0}},
    {"frequency 0.5", {64, 1.0, 0.5, 0.0}},
    {"presence 0.7",  {64, 1.0, 0.0, 0.7}},
    {"all three",     {64, 1.3, 0.5, 0.7}},
};

int main(void)
{
    printf("%-14s", "probability of");
    for (int i = 0; i < N_VOCAB; i++)
        printf("%7s", words[i]);
    printf("\n");
    for (size_t s = 0; s < sizeof settings / sizeof settings[0]; s++) {
        TokenData buf[N_VOCAB];
        Candidates c;
        lesson_check(program, candidates_init(&c, buf, logits, N_VOCAB));
        lesson_check(program, apply_penalties(&c, history, sizeof history / sizeof history[0], &settings[s].penalty));
        lesson_check(program, candidates_softmax(&c, false));
        printf("%-14s", settings[s].name);
        for (int i = 0; i < N_VOCAB; i++)
            printf("%7.3f", c.data[i].p);
        printf("\n");
    }
    return 0;
}
