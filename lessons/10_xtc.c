/* 10_xtc: Example 10, XTC, excluding top choices.
 *
 * One application of XTC (probability 1, threshold 0.1) to 0.50 0.30 0.10 0.06 0.04, then how often the top
 * token is drawn over 10,000 draws with XTC off and on at 50%. apply_xtc, sample_dist, java.util.Random.
 * Follows llama_sampler_init_xtc. Where the lesson's Java differs: it draws XTC's coin on every call, even
 * when XTC is off (llama.cpp draws none then), and it shares one generator between XTC and the draw; this
 * program draws the same coins in the same order from one Rng. llama.cpp leaves p unnormalized after XTC;
 * the printed line renormalizes (candidates_softmax), as the Java does.
 */
#include "candidates.h"
#include "filters.h"
#include "lesson.h"
#include "rng.h"
#include "sample.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define DRAWS 10000
#define LABEL_WIDTH 17      /* the first two rows' labels, padded at least this wide; a space follows */

static const double probs[] = {0.50, 0.30, 0.10, 0.06, 0.04};  /* sum to 1, sorted, as the Java assumes */
static const double xtc_threshold = 0.1;
static const double once_probability = 1.0;    /* xtc_probability of the single application */
static const int64_t once_seed = 1;            /* java.util.Random seed of the single application */
static const int64_t draws_seed = 3;           /* and of the 2 x 10,000 draws */
static const double xtc_probability[] = {0.0, 0.5};  /* off, then on in half of the steps */

#define N_VOCAB (sizeof probs / sizeof probs[0])

static void build(Candidates *c, TokenData *buf)
{
    double logits[N_VOCAB];
    for (size_t i = 0; i < N_VOCAB; i++)
        logits[i] = log(probs[i]);
    lesson_check(candidates_init(c, buf, logits, N_VOCAB));
}

/* The label, then the p of every token id in order, 0 for a removed one, "%.3f" each, as the Java's show()
 * prints them. */
static void show(const char *label, const LabelValue *values, size_t n_values, int width, const Candidates *c)
{
    lesson_print_label(label, values, n_values, width);
    printf(" ");
    for (int32_t id = 0; id < (int32_t)N_VOCAB; id++) {
        ptrdiff_t at = candidates_find(c, id);
        printf(id ? " %.3f" : "%.3f", at < 0 ? 0.0 : c->data[at].p);
    }
    printf("\n");
}

/* Stops unless p is a probability (0 to 1); name is the constant's text. */
static void check_probability(const char *name, double p)
{
    if (!(p >= 0 && p <= 1)) {
        fprintf(stderr, "10_xtc: %s is %s; a probability is from 0 to 1\n", name, lesson_number(p, 0).text);
        exit(1);
    }
}

int main(void)
{
    lesson_check_probs(probs, N_VOCAB);
    check_probability("once_probability", once_probability);
    char name[40];
    for (size_t run = 0; run < sizeof xtc_probability / sizeof xtc_probability[0]; run++) {
        snprintf(name, sizeof name, "xtc_probability[%zu]", run);   /* fits: a size_t has at most 20 digits */
        check_probability(name, xtc_probability[run]);
    }
    TokenData buf[N_VOCAB];
    Candidates c;
    build(&c, buf);
    lesson_check(candidates_softmax(&c, false));
    /* XTC compares each p with the threshold: the Java p as written, the library p after ln p and softmax,
     * equal up to the last bit. Where that bit decides (a p on the threshold) and XTC would act, stop. */
    size_t reach_written = 0, reach_computed = 0, split = N_VOCAB;
    for (size_t i = 0; i < N_VOCAB; i++) {
        reach_written += probs[i] >= xtc_threshold;
        reach_computed += c.data[i].p >= xtc_threshold;
        split = (probs[i] >= xtc_threshold) != (c.data[i].p >= xtc_threshold) ? i : split;
    }
    if (split < N_VOCAB && (reach_written >= 2 || reach_computed >= 2) && xtc_threshold <= 0.5) {
        fprintf(stderr, "10_xtc: xtc_threshold %s sits exactly on probs[%zu], which comes back from ln p and softmax "
                "as %.17g: whether it reaches the threshold hinges on that last bit; move the threshold off it\n",
                lesson_number(xtc_threshold, 0).text, split, c.data[split].p);
        return 1;
    }
    const char once_label[] = "XTC (p={xtc_probability}, t={xtc_threshold}):";
    const LabelValue once_values[] = {{"xtc_probability", once_probability}, {"xtc_threshold", xtc_threshold}};
    int width = lesson_label(once_label, once_values, 2, false);
    width = width > LABEL_WIDTH ? width : LABEL_WIDTH;
    show("before:", NULL, 0, width, &c);

    Rng once;
    rng_seed(&once, once_seed);
    lesson_check(apply_xtc(&c, once_probability, xtc_threshold, 0, rng_next_double(&once)));
    lesson_check(candidates_softmax(&c, false));
    show(once_label, once_values, 2, width, &c);

    Rng rng;
    rng_seed(&rng, draws_seed);
    for (size_t run = 0; run < sizeof xtc_probability / sizeof xtc_probability[0]; run++) {
        int top_chosen = 0;
        for (int d = 0; d < DRAWS; d++) {
            build(&c, buf);
            lesson_check(apply_xtc(&c, xtc_probability[run], xtc_threshold, 0, rng_next_double(&rng)));
            /* XTC sorts by probability, which here is token-id order too: the draw walks ids as the Java does. */
            lesson_check(sample_dist(&c, rng_next_double(&rng)));
            top_chosen += c.data[c.selected].id == 0;
        }
        if (xtc_probability[run] > 0)
            printf("share of draws that pick the top token, XTC on at %s%%: ", lesson_percent(xtc_probability[run]).text);
        else
            printf("share of draws that pick the top token, XTC off: ");
        printf("%s\n", lesson_java_double(top_chosen / (double)DRAWS).text);
    }
    return 0;
}
