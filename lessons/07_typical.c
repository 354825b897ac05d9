/* 07_typical: Example 7, locally typical sampling.
 *
 * For p = 0.4, 0.3, 0.2, 0.1: the entropy in nats, each token's surprise -ln p and its distance from the
 * entropy, then what typical sampling and top-p keep at two limits. Typical keeps the tokens closest to the
 * entropy, in that order, and can drop the most likely one. The Java starts from p, and so does this program:
 * candidates_init_probs keeps each p as written, and typical_cut and top_p_cut (apply_typical and apply_top_p
 * after their softmax) cut on it. Follows llama_sampler_init_typical and _top_p (min_keep 0).
 */
#include "filters.h"
#include "lesson.h"
#include <math.h>

static const char *const words[] = {"the", "cat", "sat", "mat"};
static const double probs[] = {0.4, 0.3, 0.2, 0.1};
static const double limits[] = {0.45, 0.85};   /* typical_p and top_p */

#define N_VOCAB LESSON_N(words)
LESSON_SAME_LENGTH(words, probs);

/* The words of the candidates left, in their order, separated by spaces. */
static void print_words(const Candidates *c)
{
    for (size_t i = 0; i < c->size; i++)
        lesson_printf("%s%s", i ? " " : "", words[c->data[i].id]);
}

int main(int argc, char *argv[])
{
    lesson_takes_no_arguments(argc, argv);
    lesson_check_probs(probs);
    lesson_note(!lesson_sorted(probs, N_VOCAB), "probs[] is not sorted from most to least likely: top-p, as in "
                "llama.cpp, walks from the most likely token, where the lesson's Java walks probs[] as written");
    TokenData buf[N_VOCAB];
    Candidates c;
    lesson_check(candidates_init_probs(&c, buf, probs, N_VOCAB));
    double entropy = entropy_nats(&c);
    lesson_printf("entropy %.3f nats\n", entropy);
    double surprise[N_VOCAB];
    for (size_t i = 0; i < N_VOCAB; i++)
        surprise[i] = surprise_nats(probs[i]);
    int width = lesson_longest(words, N_VOCAB, 0) + 1, pw = lesson_number_width(probs, N_VOCAB, 1, 0);
    int sw = lesson_width(surprise, N_VOCAB, 3, 0);         /* columns as wide as their widest value */
    for (size_t i = 0; i < N_VOCAB; i++)
        lesson_printf("%-*s p %-*s  surprise %*.3f  distance from entropy %.3f\n", width, words[i], pw,
                      lesson_number(probs[i], 1).text, sw, surprise[i], fabs(surprise[i] - entropy));
    TokenData typ_buf[LESSON_N(limits)][N_VOCAB], top_buf[LESSON_N(limits)][N_VOCAB];
    Candidates typ[LESSON_N(limits)], top[LESSON_N(limits)];     /* what each keeps, for the table and the picture */
    for (size_t l = 0; l < LESSON_N(limits); l++) {
        lesson_check_limit(limits[l]);      /* NaN stops; 1 or more turns typical off in llama.cpp, a note */
        lesson_check(candidates_init_probs(&typ[l], typ_buf[l], probs, N_VOCAB));
        lesson_check(candidates_init_probs(&top[l], top_buf[l], probs, N_VOCAB));
        lesson_check(typical_cut(&typ[l], limits[l], 0));  /* closest to the entropy first, until the sum > limit */
        lesson_check(candidates_sort(&top[l]));            /* most likely first, ... */
        lesson_check(top_p_cut(&top[l], limits[l], 0));    /* ... until the sum >= limit */
        lesson_printf("limit %s: typical keeps [", lesson_number(limits[l], 2).text);
        print_words(&typ[l]);
        lesson_printf("], top-p keeps [");
        print_words(&top[l]);
        lesson_printf("]\n");
        lesson_note_cut_ties(limits[l], &typ[l], &top[l], words, surprise, entropy);  /* tied tokens: a note */
    }
    return picture_typical(__FILE__, words, probs, surprise, N_VOCAB, entropy, limits, typ, top, LESSON_N(limits));
}
