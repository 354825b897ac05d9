/* 07_typical: Example 7, locally typical sampling.
 *
 * For p = 0.4, 0.3, 0.2, 0.1: the entropy in nats, each token's surprise -ln p and its distance from the
 * entropy, then what typical sampling (apply_typical) and top-p (apply_top_p) keep at two limits. Typical
 * keeps the tokens closest to the entropy, in that order, and can drop the most likely one. The logits are
 * ln p, so candidates_softmax gives back p; probs that do not sum to 1 are refused rather than renormalized
 * behind the printed p. Follows llama_sampler_init_typical and _top_p (min_keep 0).
 */
#include "candidates.h"
#include "filters.h"
#include "lesson.h"

#include <math.h>
#include <stdio.h>

static const char program[] = "07_typical";
static const char *const words[] = {"the", "cat", "sat", "mat"};
static const double probs[] = {0.4, 0.3, 0.2, 0.1};
static const double limits[] = {0.45, 0.85};   /* typical_p and top_p */

#define N_VOCAB (sizeof words / sizeof words[0])
_Static_assert(sizeof probs / sizeof probs[0] == N_VOCAB, "words[] and probs[] must have the same length");

/* The words of the candidates left, in their order, separated by spaces. */
static void print_words(const Candidates *c)
{
    for (size_t i = 0; i < c->size; i++)
        printf("%s%s", i ? " " : "", words[c->data[i].id]);
}

int main(void)
{
    double logits[N_VOCAB], sum = 0;
    for (size_t i = 0; i < N_VOCAB; i++) {
        if (!(probs[i] > 0 && probs[i] <= 1)) {
            fprintf(stderr, "%s: probs[%zu] is %g; each p must be above 0 and at most 1\n", program, i, probs[i]);
            return 1;
        }
        logits[i] = log(probs[i]);
        sum += probs[i];
    }
    if (fabs(sum - 1) > 1e-9) {
        fprintf(stderr, "%s: probs[] sums to %g, not 1; change them so they sum to 1\n", program, sum);
        return 1;
    }
    TokenData buf[N_VOCAB];
    Candidates c;
    lesson_check(candidates_init(&c, buf, logits, N_VOCAB));
    lesson_check(candidates_softmax(&c, false));
    double entropy = entropy_nats(&c);

    printf("entropy %.3f nats\n", entropy);
    for (size_t i = 0; i < N_VOCAB; i++)
        printf("%-4s p %.1f  surprise %.3f  distance from entropy %.3f\n", words[i], c.data[i].p,
               surprise_nats(c.data[i].p), fabs(surprise_nats(c.data[i].p) - entropy));

    for (size_t l = 0; l < sizeof limits / sizeof limits[0]; l++) {
        TokenData typ_buf[N_VOCAB], top_buf[N_VOCAB];
        Candidates typ, top;
        lesson_check(candidates_init(&typ, typ_buf, logits, N_VOCAB));
        lesson_check(candidates_init(&top, top_buf, logits, N_VOCAB));
        lesson_check(apply_typical(&typ, limits[l], 0));
        lesson_check(apply_top_p(&top, limits[l], 0));
        printf("limit %.2f: typical keeps [", limits[l]);
        print_words(&typ);
        printf("], top-p keeps [");
        print_words(&top);
        printf("]\n");
    }
    return 0;
}
