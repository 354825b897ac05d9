/* picture_dry_xtc.h: the pictures of Examples 9 and 10 (included by picture.h; drawn in picture_dry_xtc.c): DRY's
 * repeats and its stepped penalty, XTC's threshold.
 *
 * defines: picture_dry, picture_xtc.
 */
#ifndef PICTURE_DRY_XTC_H
#define PICTURE_DRY_XTC_H

#include "dry.h"

/* ===== Example 9 ===== */

/* Example 9 (lesson file, its __FILE__): the history (token ids (n_history,), oldest first, words in vocab) and, for
 * each candidate (candidates, length and penalty (n_candidates,): its word, the repeat it would extend in tokens and
 * DRY's penalty, as the table printed them), the repeat it would extend: the history's last `length` tokens and the
 * newest earlier run equal to them that the candidate followed, in dry's window (only where they lie is looked up here:
 * the lengths and penalties are the lesson's); a long history shows its newest 24 tokens and what the repeats need, and
 * one too long for that within 1,180 px its newest tokens and the runs the repeats need, as many as fit, the tokens
 * left out named ("... 7 older", "... 3 more"); the tokens outside the window faded and unboxed. A candidate that
 * follows no token of the window has no repeat (the table prints its length as 0): its row says so, and it is named
 * under the chart instead of ringed on it. Then DRY's penalty against the repeat length, dry_penalty(dry, length) (the
 * rule the table's last line prints), at each whole length from 0 to past the longest shown (shown (n_shown,)) and at
 * most 60: a stem per length, nothing between, the step at the allowed length, the candidates with a repeat ringed.
 * When a parameter turns DRY off for any history (llama.cpp's "?dry": dry_multiplier 0, dry_base below 1,
 * dry_penalty_last_n 0 or less) the title says so and the chart is a disabled stage, "?dry" in a dotted frame, without
 * the step; when only this history gives it nothing to do (dry_off_reason) the title says that. Series: "history"
 * (labels: the position; value: the word), "candidate" and "repeat length" (labels: the word), "penalty by repeat
 * length" (labels: the length). Returns main's status: 0, or 1 after a message when the picture cannot be written or
 * memory ran out. */
int picture_dry(const char *file, const DryParams *dry, const int32_t *history, size_t n_history,
                const char *const *vocab, const char *const *candidates, const int32_t *length,
                const double *penalty, size_t n_candidates, const int32_t *shown, size_t n_shown);

/* ===== Example 10 ===== */

/* Example 10: the distribution probs (n,) before XTC (SVG_BEFORE) and after (c, renormalized; SVG_AFTER), under
 * the table's label (once_label with once_values (n_values,)): the threshold line at the value once_values names
 * xtc_threshold (none when it names none), the tokens at or above it shaded, a removed token (absent or -inf in
 * c) a ghost named "xtc" at its p before, under the removed tokens "removed" and under the one the rule spared
 * (the least likely at or above the threshold) why it is kept, and in words what the application did; when its
 * settings turn XTC off (xtc_off) the title and the legend say the stage is off ("?xtc"), and the bars after stay
 * solid: every token is kept. Then the share of `draws` draws that picked the top token (top_chosen (n_runs,)) at
 * each xtc_probability (n_runs,), against the top token's p; a row the table calls on that the threshold turns off
 * is named "?xtc at 50%: off". Series: "before", the label without its colon, and "share of draws that pick the top
 * token" (labels "XTC off", "XTC on at 50%", as the table names them). Returns main's status. */
int picture_xtc(const char *file, const double *probs, size_t n, const Candidates *c,
                const char *once_label, const LabelValue *once_values, size_t n_values,
                const double *xtc_probability, const int *top_chosen, size_t n_runs, int draws);

#endif
