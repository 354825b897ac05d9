/* 07_typical: Example 7, locally typical sampling.
 *
 * For p = 0.4, 0.3, 0.2, 0.1: the entropy in nats, each token's surprise -ln p and its distance from the
 * entropy, then what typical sampling (apply_typical) and top-p (apply_top_p) keep at two limits. Typical
 * keeps the tokens closest to the entropy, in that order, and can drop the most likely one. The logits are
 * ln p, so candidates_softmax gives back p up to rounding; probs that do not sum to 1 are refused rather than
 * renormalized, and a limit that a running sum of p lands on is refused where that rounding changes the
 * answer. Follows llama_sampler_init_typical and _top_p (min_keep 0).
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

/* Stops when the written probs[] would make the sampler stop elsewhere than it did: the walk adds p in the
 * kept order and stops at the first sum above the limit (typical, strict) or at or above it (top-p). The
 * library's p comes back from ln p and softmax up to the last bit, so a running sum that lands on the limit
 * can fall on either side. */
static void check_off_limit(const Candidates *kept, size_t l, const char *sampler, bool strict)
{
    double run = 0;
    for (size_t i = 0; i < kept->size; i++) {
        run += probs[kept->data[i].id];
        bool stop = strict ? run > limits[l] : run >= limits[l];
        bool last = i + 1 == kept->size;
        if (stop == last || (last && kept->size == N_VOCAB))
            continue;
        fprintf(stderr, "%s: limits[%zu] is %s, the sum of p over [", program, l, lesson_number(limits[l], 2).text);
        for (size_t j = 0; j <= i; j++)
            fprintf(stderr, "%s%s", j ? " " : "", words[kept->data[j].id]);
        fprintf(stderr, "]; whether %s stops there hinges on the last bit of a rounded number: move the limit "
                "off it\n", sampler);
        exit(1);
    }
}

/* The words of the candidates left, in their order, separated by spaces. */
static void print_words(const Candidates *c)
{
    for (size_t i = 0; i < c->size; i++)
        printf("%s%s", i ? " " : "", words[c->data[i].id]);
}

int main(void)
{
    lesson_check_probs(probs, N_VOCAB);
    for (size_t l = 0; l < sizeof limits / sizeof limits[0]; l++)
        if (limits[l] >= 1) {       /* llama.cpp's typical is then off and keeps the order; the lesson's sorts */
            fprintf(stderr, "%s: limits[%zu] is %s; at 1 or more typical sampling is off in llama.cpp, while the "
                    "lesson's rule still reorders the tokens: use a limit below 1\n", program, l,
                    lesson_number(limits[l], 2).text);
            return 1;
        }
    double logits[N_VOCAB];
    for (size_t i = 0; i < N_VOCAB; i++)
        logits[i] = log(probs[i]);
    TokenData buf[N_VOCAB];
    Candidates c;
    lesson_check(candidates_init(&c, buf, logits, N_VOCAB));
    lesson_check(candidates_softmax(&c, false));
    double entropy = entropy_nats(&c);

    /* p as written (softmax gives it back only up to rounding), and the surprise of that p */
    int width = lesson_longest(words, N_VOCAB) + 1;
    printf("entropy %.3f nats\n", entropy);
    for (size_t i = 0; i < N_VOCAB; i++)
        printf("%-*s p %s  surprise %.3f  distance from entropy %.3f\n", width, words[i],
               lesson_number(probs[i], 1).text, surprise_nats(probs[i]), fabs(surprise_nats(probs[i]) - entropy));

    for (size_t l = 0; l < sizeof limits / sizeof limits[0]; l++) {
        TokenData typ_buf[N_VOCAB], top_buf[N_VOCAB];
        Candidates typ, top;
        lesson_check(candidates_init(&typ, typ_buf, logits, N_VOCAB));
        lesson_check(candidates_init(&top, top_buf, logits, N_VOCAB));
        lesson_check(apply_typical(&typ, limits[l], 0));
        lesson_check(apply_top_p(&top, limits[l], 0));
        check_off_limit(&typ, l, "typical", true);
        check_off_limit(&top, l, "top-p", false);
        printf("limit %s: typical keeps [", lesson_number(limits[l], 2).text);
        print_words(&typ);
        printf("], top-p keeps [");
        print_words(&top);
        printf("]\n");
    }
    return 0;
}
