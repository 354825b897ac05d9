/* 05_code_repeats: Example 5, the window, and why code legitimately repeats identifiers.
 *
 * After "count = count + 1 ; count = count + 1 ; count =", the model is sure the next token is "count". A
 * repetition penalty at growing strengths (window 64) pushes it toward the wrong names "total" and "i"; a
 * window of 1 penalizes only the last token, "=". apply_penalties (repeat only) and candidates_softmax.
 * Follows llama_sampler_init_penalties, where penalty_last_n is the window.
 */
#include "candidates.h"
#include "lesson.h"
#include "penalties.h"

#include <stdio.h>

enum { COUNT, TOTAL, I, ASSIGN, PLUS, ONE, SEMICOLON, PAREN, N_TOKENS };

/* the vocabulary:               count total  i    =     +    1    ;    ( */
static const double logits[] = {3.0, 1.0, 0.8, -1.0, 0.0, 0.4, -1.0, 0.5};
/* generated so far: count = count + 1 ; count = count + 1 ; count = */
static const int32_t history[] = {COUNT, ASSIGN, COUNT, PLUS, ONE, SEMICOLON,
                                  COUNT, ASSIGN, COUNT, PLUS, ONE, SEMICOLON, COUNT, ASSIGN};

static const PenaltyParams settings[] = {      /* penalty_last_n, penalty_repeat */
    {64, 1.0, 0, 0}, {64, 1.1, 0, 0}, {64, 1.3, 0, 0}, {64, 1.5, 0, 0}, {1, 1.5, 0, 0},
};

#define N_VOCAB (sizeof logits / sizeof logits[0])
#define N_HISTORY (sizeof history / sizeof history[0])
_Static_assert(N_VOCAB == N_TOKENS, "logits[] must have one entry per token of the enum");

int main(void)
{
    lesson_check_ids(history, N_HISTORY, N_VOCAB);
    for (size_t s = 0; s < sizeof settings / sizeof settings[0]; s++) {
        TokenData buf[N_VOCAB];
        Candidates c;
        lesson_check(candidates_init(&c, buf, logits, N_VOCAB));
        lesson_check(apply_penalties(&c, history, N_HISTORY, &settings[s]));
        lesson_check(candidates_softmax(&c, false));
        printf("repeat penalty %s, window %2d: P(count) %.3f  P(total) %.3f  P(i) %.3f\n",
               lesson_number(settings[s].penalty_repeat, 1).text, (int)settings[s].penalty_last_n, c.data[COUNT].p,
               c.data[TOTAL].p, c.data[I].p);
    }
    return 0;
}
