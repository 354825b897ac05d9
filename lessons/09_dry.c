/* 09_dry: Example 9, DRY, penalizing repeated sequences.
 *
 * After "the cat sat on the mat . the cat sat on the", choosing "mat" would extend a repeat of 5 tokens,
 * "cat" one of 1 (below the allowed length, so free) and "dog" none. dry_repeat_length measures each repeat,
 * dry_token_penalty gives what DRY subtracts from that token's logit (multiplier * base^(length - allowed)
 * from the allowed length on), and dry_penalty the last line. Follows llama_sampler_init_dry. The lesson's
 * Java scans the whole history and has no sequence breakers: this program sets none (llama.cpp's defaults are
 * newline, ":", a double quote and "*", none of which occur here) and a window longer than any history
 * (llama.cpp's default is 64). Where llama.cpp's DRY and the Java's rule part after an edit, a note says how.
 */
#include "lesson.h"
#include <math.h>

static const char *const vocab[] = {"the", "cat", "sat", "on", "mat", "dog", "."};
static const char text[] = "the cat sat on the mat . the cat sat on the";
static const char *const candidates[] = {"mat", "dog", "cat"};
static const DryParams dry = {.dry_multiplier = 0.8, .dry_base = 1.75, .dry_allowed_length = 2,
                              .dry_penalty_last_n = INT32_MAX};      /* the Java's: the whole history */
static const int32_t shown_lengths[] = {2, 4, 8};     /* the last line: the penalty at these repeat lengths */

/* The lesson's Java's penalty for a repeat of `length` tokens: multiplier * base^(length - allowed) from the
 * allowed length on, in double, with no cap (llama.cpp caps the exponent; a note says where that shows). */
static double java_penalty(int32_t length, int32_t allowed)
{
    double exponent = (double)length - allowed;
    return exponent < 0 ? 0 : dry.dry_multiplier * pow(dry.dry_base, exponent);
}

int main(void)
{
    int32_t history[LESSON_MAX_WORDS(text)];
    size_t n_history = lesson_split(text, vocab, history);
    lesson_check_dry(&dry);
    lesson_printf("history: %.*s\n", lesson_joined_length(text), text);   /* as the Java's join of its split */
    int32_t length[LESSON_N(candidates)], longest = 0;
    double penalty[LESSON_N(candidates)];
    for (size_t i = 0; i < LESSON_N(candidates); i++) {
        lesson_check(dry_repeat_length(history, n_history, &dry, lesson_id(candidates[i], vocab), &length[i]));
        lesson_check(dry_token_penalty(history, n_history, &dry, lesson_id(candidates[i], vocab), &penalty[i]));
        longest = length[i] > longest ? length[i] : longest;
    }
    int width = lesson_longest(candidates, LESSON_N(candidates), 0), lw = snprintf(NULL, 0, "%d", (int)longest);
    for (size_t i = 0; i < LESSON_N(candidates); i++) {
        int32_t id = lesson_id(candidates[i], vocab), java_length = lesson_java_repeat_length(history, n_history, id);
        lesson_printf("candidate %-*s extends a repeat of %*d tokens: logit penalty %s\n", width, candidates[i], lw,
                      (int)length[i], lesson_fixed(penalty[i], 3).text);
        lesson_note_dry_row(candidates[i], id, length[i], penalty[i], java_length,
                            java_penalty(java_length, dry.dry_allowed_length), &dry, history, n_history);  /* and why */
    }
    lesson_check_dry_line(&dry, shown_lengths, java_penalty);     /* a length below 0 stops; the Java's line */
    lesson_printf("penalty by repeat length: [");
    for (size_t i = 0; i < LESSON_N(shown_lengths); i++)
        lesson_printf("%s%d -> %s", i ? ", " : "", (int)shown_lengths[i],
                      lesson_fixed(dry_penalty(&dry, shown_lengths[i]), 2).text);
    lesson_printf("]\n");
    return picture_dry(__FILE__, &dry, history, n_history, vocab, candidates, length, penalty,   /* LESSON_PICTURE */
                       LESSON_N(candidates), shown_lengths, LESSON_N(shown_lengths));
}
