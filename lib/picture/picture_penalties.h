/* picture_penalties.h: the pictures of Examples 1 to 6 (included by picture.h): each rule drawn on the quantity it
 * acts on, the logits, beside the p that results, in the pictures' grammar (chart.h): before in sky blue, after
 * in blue, a penalized or biased token marked, a removed one a ghost.
 *
 * defines: picture_penalties, picture_three_penalties, picture_code_repeats,
 * picture_logit_bias.
 */
#ifndef PICTURE_PENALTIES_H
#define PICTURE_PENALTIES_H

#include "penalties.h"

/* Examples 1 to 3: the history (n_history,) with its window, then two panels on the same token bands (words
 * (n_words,); candidate i is token i as the lesson leaves them): above, each token's logit before as a level and
 * an arrow to its logit after the penalties pp (and with the naive rule, naive, NULL for none), labelled with the
 * change, "wrong way" where the naive rule moves it opposite to llama.cpp's, tokens whose logits after are equal
 * on one thin solid level in a colour of its own, and each token's count in the window (penalty_count); below,
 * p before and after as bars, a penalized token (its logit changed) marked. A sentence states the rule with pp's
 * values (or why no logit changes: a stage llama.cpp builds empty, or an empty window). Series: "logit",
 * "after", "naive-after", "subtracted" (before minus after, as Example 3's table), "count", "wrong way", "p
 * before", "p after", "p naive". Returns main's status (picture_close). */
int picture_penalties(const char *file, const char *const *words, size_t n_words, const int32_t *history,
                      size_t n_history, const Candidates *before, const Candidates *after, const Candidates *naive,
                      const PenaltyParams *pp);

/* Example 4 (lesson file, its __FILE__): the history (n_history,) with the rows' windows, the rule in words, then one
 * panel per row of the table (settings, labels and c (n_rows,): its settings, its label as the table printed it, and
 * its candidates after the penalties, token i at index i), three to a line: the row's label and its settings in words
 * (every one the row sets, and its window), and "most likely now: sat (was the)" where its most likely token is not the
 * one of the first row whose logits are all logits (n_words,), unchanged (the "none" row); then, as Examples 1 to 3
 * draw it, each token's logit before as a sky-blue level and an arrow to its logit after, labelled with the change, on
 * one logit range for every panel, and each token's count in the row's window under it; a row that sets both a repeat
 * penalty and a frequency or presence penalty draws its one step as its two parts in llama.cpp's order, side by side:
 * the repeat penalty alone (penalty_logit, the rule for one token, with frequency and presence 0), then the subtraction
 * from there. Under the logits, the row's p of each token in blue beside the "none" row's p in sky blue (that row's own
 * panel: its p alone), on one p axis; a token whose logit the row's setting changed from logits is marked, and the new
 * most likely token's bar says "most likely". Series: each row's label (its p), "logit" (before), "<label>: logit
 * after" and "<label>: after the repeat penalty" (the step's first part), "most likely" (labels: the row, value the
 * word, only where it changed). Returns main's status: 0, or 1 after a message when the picture cannot be written or
 * memory ran out. */
int picture_three_penalties(const char *file, const char *const *words, size_t n_words, const double *logits,
                            const int32_t *history, size_t n_history, const LessonPenaltyRow *settings,
                            const LessonText *labels, const Candidates *c, size_t n_rows);

/* Example 5: the history, text (the lesson's words, looked up in vocab as lesson_ids does), with a bracket for
 * each window of settings (n,); then one panel per word of shown (n_shown,), a band per setting in the table's
 * order: above, the word's logit with the model's logits (logits (n_vocab,)) as a sky-blue level and an arrow to
 * its logit under the setting, labelled with the change, one logit range for every panel, the word's count in the
 * setting's window under it; below, P(word) under the setting in blue beside, slim and sky blue, P(word) before
 * (the p of the first setting that changed no logit; none when every setting changed one), marked when the setting
 * changed that word's logit; each bar's repeat penalty and window (and frequency and presence, when a setting has
 * them) written under it. c (n,) are the settings' candidates, each the whole vocabulary in id order (n_vocab is
 * c[0].size, vocab's length). Series: "P(word)" and "P(word) with no penalty", "logit of word" and "logit of word,
 * after"; labels: "penalty 1.5, window 64". Returns main's status, 1 after a message when out of memory. */
int picture_code_repeats(const char *file, const char *const *vocab, const double *logits, const char *text,
                         const char *const *shown, size_t n_shown, const PenaltyParams *settings,
                         const Candidates *c, size_t n);

/* Example 6: p of each token before and after the biases (n_biases,): a removed token is a ghost at its p before,
 * named by what removed it ("bias -inf"; "-inf logit" when its logit was -inf before any bias), a token at p = 0
 * with a finite logit (not removed) is labelled why ("0: +inf takes all", "0: underflow"), and every biased
 * token (its logit changed) is marked; then the same p after on a log scale, log10 p from a floor below the least
 * p above 0 (the floor named) up to 0, where a bias of -inf (p = 0 exactly: no logarithm, so no bar, "p = 0" at the
 * floor) and one of -100 (p near 1e-44, a bar) part visibly: 0 against almost 0. The title, and a note for each of
 * the first 4 biases, say what the biases give: p = 0 (a ban), all the probability (+inf; the others' p = 0 is
 * then that, not an underflow), almost 0, or 0 by underflow. Series: "before", "after" (the table's words), and
 * "log10 p after" (-inf for p = 0). Returns main's status. */
int picture_logit_bias(const char *file, const char *const *words, size_t n_words,
                       const Candidates *before, const Candidates *after, const LogitBias *biases,
                       size_t n_biases);

#endif
