/* 07_typical: Example 7, locally typical sampling.
 *
 * For p = 0.4, 0.3, 0.2, 0.1: the entropy in nats, each token's surprise -ln p and its distance from the
 * entropy, then what typical sampling (apply_typical) and top-p (apply_top_p) keep at two limits. Typical
 * keeps the tokens closest to the entropy, in that order, and can drop the most likely one. The logits are
 * ln p, so candidates_softmax gives back p. Follows llama_sampler_init_typical and _top_p (min_keep 0).
 */
#include "candidates.h"
#include "filters.h"
#include "lesson.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define N_VOCAB 4

static const char program[] = "07_typical";
static const char *const words[N_VOCAB] = {"the", "cat", "sat", "mat"};
static const double probs[N_VOCAB] = {0.4, 0.3, 0.2, 0.1};
static const double limits[] = {0.45, 0.85};   /* typical_p and top_p */

/* The words of the candidates left, in their order, separated by spaces. */
static void kept_words(const Candidates *c, char *out, size_t size)
{
    out[0] = '\0';
    for (size_t i = 0; i < c->size; i++)
        snprintf(out + strlen(out), size - strlen(out), "%s%s", i ? " " : "", words[c->data[i].id]);
}

int main(void)
{
    double logits[N_VOCAB];
    for (int i = 0; i < N_VOCAB; i++)
        logits[i] = log(probs[i]);
    TokenData buf[N_VOCAB];
    Candidates c;
    lesson_check(program, candidates_init(&c, buf, logits, N_VOCAB));
    lesson_check(program, candidates_softmax(&c, false));
    double entropy = entropy_nats(&c);

    printf("entropy %.3f nats\n", entropy);
    for (int i = 0; i < N_VOCAB; i++)
        printf("%-4s p %.1f  surprise %.3f  distance from entropy %.3f\n", words[i], c.data[i].p,
               surprise_nats(c.data[i].p), fabs(surprise_nats(c.data[i].p) - entropy));

    for (size_t l = 0; l < sizeof limits / sizeof limits[0]; l++) {
        TokenData typ_buf[N_VOCAB], top_buf[N_VOCAB];
        Candidates typ, top;
        lesson_check(program, candidates_init(&typ, typ_buf, logits, N_VOCAB));
        lesson_check(program, candidates_init(&top, top_buf, logits, N_VOCAB));
        lesson_check(program, apply_typical(&typ, limits[l], 0));
        lesson_check(program, apply_top_p(&top, limits[l], 0));
        char typ_words[64], top_words[64];
        kept_words(&typ, typ_words, sizeof typ_words);
        kept_words(&top, top_words, sizeof top_words);
        printf("limit %.2f: typical keeps [%s], top-p keeps [%s]\n", limits[l], typ_words, top_words);
    }
    return 0;
}
