/* 10_xtc: Example 10, XTC, excluding top choices.
 *
 * One application of XTC (probability 1, threshold 0.1) to 0.50 0.30 0.10 0.06 0.04, then how often the top
 * token is drawn over 10,000 draws with XTC off and on at 50%. The Java starts from p, and so does this
 * program: candidates_init_probs keeps each p as written and xtc_cut (apply_xtc after its softmax) cuts on it.
 * Follows llama_sampler_init_xtc. Where the Java differs: it draws XTC's coin on every call, even when XTC is
 * off (llama.cpp draws none then), sharing one generator with the draw; this program draws the same coins in
 * the same order from one java.util.Random. llama.cpp leaves p unnormalized after XTC; the printed line
 * renormalizes, as the Java does.
 */
#include "filters.h"
#include "lesson.h"
#include "rng.h"
#include "sample.h"

#define DRAWS 10000
_Static_assert(DRAWS > 0, "DRAWS must be at least 1: the table prints the share of the draws");

static const double probs[] = {0.50, 0.30, 0.10, 0.06, 0.04};
static const double xtc_threshold = 0.1;
static const double once_probability = 1.0;    /* xtc_probability of the single application */
static const int64_t once_seed = 1;            /* java.util.Random seed of the single application */
static const int64_t draws_seed = 3;           /* and of the 2 x 10,000 draws */
static const double xtc_probability[] = {0.0, 0.5};  /* off, then on in half of the steps */

#define N_VOCAB LESSON_N(probs)

/* The Java's apply(): a coin on every call, then, when llama.cpp's XTC acts, the cut on the p as written. */
static void xtc(Candidates *c, TokenData *buf, double probability, Rng *rng)
{
    lesson_check(candidates_init_probs(c, buf, probs, N_VOCAB));
    if (rng_next_double(rng) <= probability && xtc_draws_coin(c, probability, xtc_threshold)) {   /* coin first */
        lesson_check(candidates_sort(c));              /* XTC cuts from the most likely token */
        lesson_check(xtc_cut(c, xtc_threshold, 0));
        lesson_note_tied_cut("XTC", probs, c);        /* a note where it keeps some of tied tokens */
        lesson_check(candidates_sort_by_id(c));        /* the Java's draw walks token ids */
    }
}

/* The label, then the p of every token id in order, 0 for a removed one, as the Java's show() prints them. */
static void show(const char *label, const LabelValue *values, size_t n_values, int width, const Candidates *c)
{
    lesson_print_label(label, values, n_values, width);
    for (int32_t id = 0; id < (int32_t)N_VOCAB; id++)
        lesson_printf(" %.3f", candidates_find(c, id) < 0 ? 0.0 : c->data[candidates_find(c, id)].p);
    lesson_printf("\n");
}

int main(int argc, char *argv[])
{
    lesson_takes_no_arguments(argc, argv);
    lesson_check_xtc(probs, once_probability, xtc_probability, xtc_threshold);    /* a NaN stops, naming it */
    const char once_label[] = "XTC (p={xtc_probability}, t={xtc_threshold}):";
    const LabelValue once_values[] = {{"xtc_probability", once_probability}, {"xtc_threshold", xtc_threshold}};
    int width = lesson_label_width(once_label, once_values, LESSON_N(once_values), 17);   /* the lesson's 17 or more */
    TokenData buf[N_VOCAB], draw_buf[N_VOCAB];
    Candidates c, draw;                     /* c keeps the single application, for the picture */
    lesson_check(candidates_init_probs(&c, buf, probs, N_VOCAB));
    show("before:", NULL, 0, width, &c);
    Rng once = rng_new(once_seed), rng = rng_new(draws_seed);
    xtc(&c, buf, once_probability, &once);
    lesson_check(candidates_softmax(&c, false));       /* renormalized over what XTC left, as the Java prints */
    show(once_label, once_values, LESSON_N(once_values), width, &c);

    int top_chosen[LESSON_N(xtc_probability)] = {0};
    for (size_t run = 0; run < LESSON_N(xtc_probability); run++) {
        for (int d = 0; d < DRAWS; d++) {
            xtc(&draw, draw_buf, xtc_probability[run], &rng);
            lesson_check(sample_dist(&draw, rng_next_double(&rng)));
            top_chosen[run] += draw.data[draw.selected].id == lesson_most_likely(probs, N_VOCAB);
        }
        lesson_printf("share of draws that pick the top token, XTC %s%s: %s\n",
                      xtc_probability[run] > 0 ? "on at " : "off",
                      xtc_probability[run] > 0 ? lesson_percent(xtc_probability[run]).text : "",
                      lesson_java_double(top_chosen[run] / (double)DRAWS).text);
    }
    return picture_xtc(__FILE__, probs, N_VOCAB, &c, once_label, once_values, LESSON_N(once_values), xtc_probability,
                       top_chosen, LESSON_N(top_chosen), DRAWS);
}
