/* 09_dry: Example 9, DRY, penalizing repeated sequences.
 *
 * After "the cat sat on the mat . the cat sat on the", choosing "mat" would extend a repeat of 5 tokens,
 * "cat" one of 1 (below the allowed length, so free) and "dog" none. dry_repeat_length measures each
 * (llama.cpp's Z-algorithm over the window); each penalty is what apply_dry subtracts, and dry_penalty gives
 * the last line. Where llama.cpp's DRY and the lesson's rule (multiplier * base^(length - allowed) from the
 * allowed length on) part (dry_base < 1, allowed length 0, a capped exponent), the program stops and says
 * so. Follows llama_sampler_init_dry. The lesson's Java scans the whole history and has no sequence breakers;
 * this program sets no breakers (llama.cpp's defaults are newline, ":", a double quote and "*", none of which
 * occur here) and a window as long as the history (llama.cpp's default is 64). A shorter window is printed on
 * the history line; a window of 0 or less, where llama.cpp's DRY is off, stops.
 */
#include "dry.h"
#include "lesson.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum { THE, CAT, SAT, ON, MAT, DOG, PERIOD, N_TOKENS };

static const char *const words[] = {"the", "cat", "sat", "on", "mat", "dog", "."};
/* the cat sat on the mat . the cat sat on the */
static const int32_t history[] = {THE, CAT, SAT, ON, THE, MAT, PERIOD, THE, CAT, SAT, ON, THE};
#define N_HISTORY (sizeof history / sizeof history[0])
static const DryParams dry = {.dry_multiplier = 0.8, .dry_base = 1.75, .dry_allowed_length = 2,
                              .dry_penalty_last_n = (int32_t)N_HISTORY};      /* the Java's: the whole history */
static const int32_t candidates[] = {MAT, DOG, CAT};
static const int32_t shown_lengths[] = {2, 4, 8};     /* the last line: the penalty at these repeat lengths */

#define N_VOCAB (sizeof words / sizeof words[0])
#define N_CANDIDATES (sizeof candidates / sizeof candidates[0])
_Static_assert(N_VOCAB == N_TOKENS, "words[] must name every token of the enum, in its order");

/* The lesson's rule for a repeat of `length` tokens, as its Java writes it. */
static double lesson_rule(int32_t length)
{
    return length >= dry.dry_allowed_length ? dry.dry_multiplier * pow(dry.dry_base, length - dry.dry_allowed_length)
                                            : 0;
}

/* Stops when llama.cpp's DRY (`applied`) and the lesson's rule disagree for a repeat of `length` tokens. */
static void check_rule(const char *what, int32_t length, double applied)
{
    double rule = lesson_rule(length);
    if (fabs(applied - rule) <= 1e-12 * fabs(rule))
        return;
    fprintf(stderr, "09_dry: %s, a repeat of %d tokens: the lesson's rule gives a penalty of %.4g, but DRY as "
            "llama.cpp applies it gives %.4g (", what, (int)length, rule, applied);
    if (dry.dry_base < 1)
        fprintf(stderr, "llama.cpp turns DRY off when dry_base < 1");
    else if (length < 1 && dry.dry_allowed_length == 0)
        fprintf(stderr, "with dry_allowed_length 0, llama.cpp penalizes only tokens that followed a run");
    else if (applied != 0)
        fprintf(stderr, "llama.cpp caps the exponent so that the penalty cannot overflow a float");
    else
        fprintf(stderr, "see apply_dry in lib/dry.h for when llama.cpp's DRY does nothing");
    fprintf(stderr, "); change the setting so the two agree\n");
    exit(1);
}

int main(void)
{
    lesson_check_ids(history, N_HISTORY, N_VOCAB);
    lesson_check_ids(candidates, N_CANDIDATES, N_VOCAB);
    if (dry.dry_penalty_last_n <= 0) {
        fprintf(stderr, "09_dry: dry_penalty_last_n is %d, and llama.cpp turns DRY off for a window of 0 tokens or "
                "fewer, while the lesson's rule scans the whole history; change the window\n",
                (int)dry.dry_penalty_last_n);
        exit(1);
    }
    double zeros[N_VOCAB] = {0};    /* every logit 0: what apply_dry leaves is minus its penalty */
    TokenData buf[N_VOCAB];
    Candidates c;
    lesson_check(candidates_init(&c, buf, zeros, N_VOCAB));
    lesson_check(apply_dry(&c, history, N_HISTORY, &dry));

    printf("history:");
    for (size_t i = 0; i < N_HISTORY; i++)
        printf(" %s", words[history[i]]);
    if ((size_t)dry.dry_penalty_last_n < N_HISTORY)
        printf(" (DRY's window: the last %d tokens)", (int)dry.dry_penalty_last_n);
    printf("\n");
    int width = lesson_longest(words, N_VOCAB);
    for (size_t i = 0; i < N_CANDIDATES; i++) {
        int32_t length;
        lesson_check(dry_repeat_length(history, N_HISTORY, &dry, candidates[i], &length));
        double penalty = 0 - c.data[candidates_find(&c, candidates[i])].logit;
        check_rule(words[candidates[i]], length, penalty);
        printf("candidate %-*s extends a repeat of %d tokens: logit penalty %.3f\n", width, words[candidates[i]],
               (int)length, penalty);
    }
    printf("penalty by repeat length: [");
    for (size_t i = 0; i < sizeof shown_lengths / sizeof shown_lengths[0]; i++) {
        double penalty = dry.dry_base < 1 ? 0 : dry_penalty(&dry, shown_lengths[i]);     /* < 1: DRY is off */
        check_rule("the last line", shown_lengths[i], penalty);
        printf("%s%d -> %.2f", i ? ", " : "", (int)shown_lengths[i], penalty);
    }
    printf("]\n");
    return 0;
}
