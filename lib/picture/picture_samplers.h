/* picture_samplers.h: the pictures of Examples 7 and 8 (included by picture.h; drawn in picture_samplers.c):
 * typical against top-p, mirostat's feedback loop. Those of Examples 9 and 10 are picture_dry_xtc.h's.
 *
 * defines: picture_typical, MIROSTAT_SHOWN_STEPS, MIROSTAT_FIRST_MAX,
 * picture_mirostat_run, picture_mirostat_step, picture_mirostat.
 */
#ifndef PICTURE_SAMPLERS_H
#define PICTURE_SAMPLERS_H

/* ===== Example 7 ===== */

/* Example 7 (lesson file, its __FILE__): each token's surprise (surprise (n,), nats, of probs (n,) as the table prints
 * them) against the entropy line (dashed, in the text's colour), the distance of each (its labels 5 px clear of the
 * line); then, for each cut (limits, typ and top (n_limits,): at each limit, what typical sampling kept and what top-p
 * kept, each in its own order), the rule that stops it: the running total of p in the order it walks the tokens
 * (typical closest to the entropy first, top-p most likely first; the kept tokens in the cut's own order, then the
 * removed ones), solid while kept (in the series colour of typical or top-p) and a ghost once removed, against the
 * limit (dashed), the token where the total passes it outlined, and beside it where it stops ("stops at sat: the total
 * 0.50 > typical_p 0.45") and what it keeps: how many tokens, and the entropy before and after (of the kept tokens
 * renormalized, nats). A stage its limit turns off in llama.cpp (typical_off, top_p_off: a limit of 1 or more) is a row
 * of disabled cells named "?typical" or "?top-p" (it keeps every token in its order); the title says when typical is
 * off at every limit. A cell whose token ties with another where its cut sorts says "tie", and a note under the rows
 * says what llama.cpp leaves unspecified there (as lesson_note_cut_ties). Series: "surprise", "entropy",
 * "typical, limit 0.45" and "top-p, limit 0.45" (labels the words; values their place in the order kept, 0
 * removed), "limit", "stops at" and "entropy after" (labels the cut). Returns main's status: 0, or 1 after a
 * message when the picture cannot be written or memory ran out. */
int picture_typical(const char *file, const char *const *words, const double *probs, const double *surprise,
                    size_t n, double entropy, const double *limits, const Candidates *typ, const Candidates *top,
                    size_t n_limits);

/* ===== Example 8 ===== */

#define MIROSTAT_SHOWN_STEPS 200    /* the steps whose surprise and mu the picture shows */
#define MIROSTAT_FIRST_MAX 16       /* the first steps it can show at a readable scale, each with its cut */

/* Starts a run of Example 8 in pic: its tau (NaN for plain sampling) and its tally of llama.cpp's sorted cut
 * (lesson_sorted_cut; NULL for plain sampling), which each step's record reads. The run's three rows, labelled
 * "tau 2.0" or "plain sampling": group 0 holds mu and surprise of the first MIROSTAT_SHOWN_STEPS steps,
 * interleaved, tau in numbers[0] and at how many steps so far llama.cpp's sorted cut would keep more tokens
 * (the tally's `more`) in numbers[1]; group 1 the running average at steps 1, 2, ..., 200 and every 25th after,
 * numbers[0] the last average and numbers[1] the steps; group 2, for the first MIROSTAT_FIRST_MAX steps, the
 * size and entropy (bits) of the step's cut. */
void picture_mirostat_run(Picture *pic, double tau, const LessonSortedCut *tally);

/* Records the next step of the run started last: the candidates c its draw saw, drawn (sample_dist: c's
 * selected), and mu as its cut used it, before the step's update (NULL for plain sampling). After mirostat's cut
 * and its renormalization c is what the cut kept; in a plain run, the whole distribution, which every run's cut
 * receives at that step (each run draws the same distributions from one seed). The step's surprise is the drawn
 * token's (surprise_bits), the running average the surprises so far, summed in order as the lesson sums them, over
 * the steps: at the last step, the table's average. NULL pic does nothing. */
void picture_mirostat_step(Picture *pic, const Candidates *c, const double *mu);

/* Example 8: for each tau recorded in pic, its first first_steps steps (at most MIROSTAT_FIRST_MAX; the table's),
 * a column each at a readable scale: tau dashed, the drawn token's surprise and, from tau to it, surprise - tau,
 * an arrow from that to the change of mu, from the mu this step's cut used to the next step's, and under each
 * column the surprise, mu before and after, how many tokens the cut kept, and the entropy before the cut (plain
 * sampling's at that step: the same distribution) and after it, in bits. Then for each tau one panel over its first
 * steps (how many of how many, on the x axis): the surprise of each drawn token (dots, surprise 0 a little above
 * the axis), mu as each step's cut used it (line), tau dashed and the run's running average in its series colour,
 * under notes that say at how many steps llama.cpp's sorted cut would keep more tokens, when the run's average is
 * not its tau to one decimal, and where mu leaves the scale. The panels share one surprise scale, which fits every
 * drawn surprise, every tau, mu's start (2 * tau) and the mu of every run that reached its tau; a mu that runs away
 * is clipped at the edge, a triangle where it leaves. Then the running averages of every run over all steps (log
 * scale), each in its series colour and named at its end with the average the table prints (names too close
 * together moved apart). Series: "surprise, tau 2.0" (labels "step 0"), "mu, tau 2.0" (data-values, the cut of step
 * 0, 1, ...: the table's "mu now" of step k is the one of step k + 1), "tau" (labels "tau 2.0"), "running average,
 * tau 2.0" (lines, in the panel and below, one colour), "average surprise" (labels "tau 2.0", "plain sampling"),
 * and for the first steps "kept, tau 2.0", "surprise - tau, tau 2.0", "mu now, tau 2.0", "entropy before, tau
 * 2.0" and "entropy after, tau 2.0" (labels "step 0"). Frees pic; returns main's status. */
int picture_mirostat(Picture *pic, int first_steps);

#endif
