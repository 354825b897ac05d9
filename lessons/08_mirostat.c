/* 08_mirostat: Example 8, mirostat, a feedback loop on surprise.
 *
 * Mirostat 2 over 5000 made-up 50-token distributions, with tau 2 and 3 bits: each step drops the tokens whose
 * surprise exceeds mu (mirostat_v2_cut), renormalizes over the rest, draws (sample_dist), and moves mu toward
 * tau: mu -= eta * (surprise - tau). Plain sampling gives the comparison. Follows llama_sampler_init_mirostat_v2
 * with eta 0.1 and mu starting at 2 * tau, as sample_mirostat_v2 runs it, written out step by step. llama.cpp
 * sorts the distribution before the cut; the lesson cuts it in vocabulary order (its logits fall with the
 * token id, up to noise), so this program does too, and a note counts the steps where the sorted cut would keep
 * more tokens. Both streams are java.util.Random, seeded as in the Java.
 */
#include "lesson.h"
#include "rng.h"
#include "sample.h"
#include <math.h>

#define N_VOCAB 50
#define STEPS 5000
#define SHOWN_STEPS 4
_Static_assert(STEPS > 0, "STEPS must be at least 1: the table prints averages over the steps");

static const double taus[] = {2.0, 3.0};       /* target surprise, bits */
static const double eta = 0.1;                 /* the learning rate */
static const int64_t data_seed = 1;            /* java.util.Random seeds: the distributions... */
static const int64_t draw_seed = 2;            /* ...and the draws */

/* A made-up next-token distribution: Zipf-like logits with a random sharpness and a little noise. */
static void logits_for(Rng *data, double *logits)
{
    double sharp = 0.3 + 0.9 * rng_next_double(data);     /* fairly flat distributions, different sharpness */
    for (int i = 0; i < N_VOCAB; i++)
        logits[i] = -sharp * log(i + 1) + 0.3 * rng_next_gaussian(data);
}

/* One step: the distribution from `data`, cut at *mu when mu is not NULL, then one draw from `draws`. Returns
 * the surprise of the drawn token in bits and writes how many tokens were kept; sorted tallies where llama.cpp's
 * cut, which sorts them first, differs, and pic records the step: what the draw saw, mu and the draw. */
static double step(Rng *data, Rng *draws, const double *mu, size_t *kept, LessonSortedCut *sorted, Picture *pic)
{
    double logits[N_VOCAB];
    TokenData buf[N_VOCAB];
    Candidates c;
    logits_for(data, logits);
    lesson_check(candidates_init(&c, buf, logits, N_VOCAB));
    lesson_check(candidates_softmax(&c, false));
    if (mu != NULL) {
        lesson_check(mirostat_v2_cut(&c, *mu));            /* drop the tokens with surprise > mu, keep one */
        lesson_sorted_cut(sorted, logits, N_VOCAB, *mu, c.size);      /* llama.cpp: sorted, then cut */
        lesson_check(candidates_softmax(&c, false));       /* renormalize over the kept tokens */
    }
    *kept = c.size;
    lesson_check(sample_dist(&c, rng_next_double(draws)));
    picture_mirostat_step(pic, &c, mu);                    /* LESSON_PICTURE: the step's cut, mu and draw */
    return surprise_bits(c.data[c.selected].p);
}

int main(int argc, char *argv[])
{
    lesson_takes_no_arguments(argc, argv);
    /* The picture is recorded inside the loops: each step's cut candidates and draw live only in step(). */
    Picture pic = picture_start(__FILE__);         /* LESSON_PICTURE: every step's mu and surprise */
    int tw = lesson_number_width(taus, LESSON_N(taus), 1, 0);      /* columns as wide as their widest value */
    int sw = snprintf(NULL, 0, "%d", SHOWN_STEPS - 1), kw = snprintf(NULL, 0, "%2d", N_VOCAB);     /* the Java's %2d */
    for (size_t t = 0; t < LESSON_N(taus); t++) {
        Rng data = rng_new(data_seed), draws = rng_new(draw_seed);
        double mu = 2 * taus[t], total = 0;                 /* mu starts at 2 * tau, as in llama.cpp */
        LessonNumber tau = lesson_number(taus[t], 1);       /* as the table prints it */
        LessonSortedCut sorted = {0, 0};        /* where llama.cpp's cut, which sorts first, differs */
        picture_mirostat_run(&pic, taus[t], &sorted);      /* the picture records this run */
        for (int s = 0; s < STEPS; s++) {
            lesson_check_mu(mu, s, taus[t], eta);          /* a mu that is not a finite number stops */
            size_t kept;
            double surprise = step(&data, &draws, &mu, &kept, &sorted, &pic);
            total += surprise;
            mu -= eta * (surprise - taus[t]);               /* feedback: too surprising lowers mu */
            if (s < SHOWN_STEPS && isfinite(mu))      /* a mu that is not, the next step stops on */
                lesson_printf("tau %-*s step %*d: kept %*zu tokens, surprise %.2f bits, mu now %s\n", tw, tau.text, sw,
                              s, kw, kept, surprise, lesson_fixed(mu, 2).text);
        }
        lesson_printf("tau %s: average surprise over %d steps = %.2f bits\n", tau.text, STEPS, total / STEPS);
        lesson_note_mirostat(taus[t], &sorted, STEPS);      /* where llama.cpp's sorted cut differs */
    }
    Rng data = rng_new(data_seed), draws = rng_new(draw_seed);
    double plain = 0;
    picture_mirostat_run(&pic, NAN, NULL);
    for (int s = 0; s < STEPS; s++) {
        size_t kept;
        plain += step(&data, &draws, NULL, &kept, NULL, &pic);
    }
    lesson_printf("plain sampling: average surprise = %.2f bits\n", plain / STEPS);
    return picture_mirostat(&pic, SHOWN_STEPS);
}
