/* 09_dry: Example 9, DRY, penalizing repeated sequences.
 *
 * After "the cat sat on the mat . the cat sat on the", choosing "mat" would extend a repeat of 5 tokens,
 * "cat" one of 1 (below the allowed length, so free) and "dog" none. dry_repeat_length measures each
 * (llama.cpp's Z-algorithm over the window) and dry_penalty gives multiplier * base^(length - allowed).
 * Follows llama_sampler_init_dry. The lesson's Java scans the whole history and has no sequence breakers;
 * this program sets no breakers (llama.cpp's defaults are newline, ":", a double quote and "*", none of which
 * occur here) and a window of 64, longer than the history.
 */
#include "dry.h"
#include "lesson.h"

#include <stdio.h>

enum { THE, CAT, SAT, ON, MAT, DOG, PERIOD, N_TOKENS };

static const char *const words[] = {"the", "cat", "sat", "on", "mat", "dog", "."};
/* the cat sat on the mat . the cat sat on the */
static const int32_t history[] = {THE, CAT, SAT, ON, THE, MAT, PERIOD, THE, CAT, SAT, ON, THE};
static const DryParams dry = {.dry_multiplier = 0.8, .dry_base = 1.75, .dry_allowed_length = 2,
                              .dry_penalty_last_n = 64};
static const int32_t candidates[] = {MAT, DOG, CAT};
static const int32_t shown_lengths[] = {2, 4, 8};     /* the last line: the penalty at these repeat lengths */

#define N_VOCAB (sizeof words / sizeof words[0])
#define N_HISTORY (sizeof history / sizeof history[0])
#define N_CANDIDATES (sizeof candidates / sizeof candidates[0])
_Static_assert(N_VOCAB == N_TOKENS, "words[] must name every token of the enum, in its order");

int main(void)
{
    lesson_check_ids(history, N_HISTORY, N_VOCAB);
    lesson_check_ids(candidates, N_CANDIDATES, N_VOCAB);
    printf("history:");
    for (size_t i = 0; i < N_HISTORY; i++)
        printf(" %s", words[history[i]]);
    printf("\n");
    for (size_t i = 0; i < N_CANDIDATES; i++) {
        int32_t length;
        lesson_check(dry_repeat_length(history, N_HISTORY, &dry, candidates[i], &length));
        printf("candidate %-3s extends a repeat of %d tokens: logit penalty %.3f\n", words[candidates[i]],
               (int)length, dry_penalty(&dry, length));
    }
    printf("penalty by repeat length: [");
    for (size_t i = 0; i < sizeof shown_lengths / sizeof shown_lengths[0]; i++)
        printf("%s%d -> %.2f", i ? ", " : "", (int)shown_lengths[i], dry_penalty(&dry, shown_lengths[i]));
    printf("]\n");
    return 0;
}
