/* picture_penalties.h: the pictures of Examples 1 to 6 (included by picture.h): bars per token, before and
 * after a penalty or a bias.
 *
 * defines: picture_penalty_words, picture_penalties, picture_three_penalties, picture_code_repeats,
 * picture_logit_bias.
 */
#ifndef PICTURE_PENALTIES_H
#define PICTURE_PENALTIES_H

/* Examples 1 to 3: p of each token (words (n_words,), candidate i is token i as the lesson leaves them) before
 * and after the penalties pp, and with the naive rule (naive, NULL for none). The tokens whose logit the penalty
 * changed are named ("none" when it changed none). Each token where the naive rule departs from llama.cpp's gets
 * a note: a logit <= 0, which the naive rule divides instead of multiplying, "the wrong way" when the two rules
 * move it in opposite directions (up for a penalty above 1, down for one below 1), and where its p went.
 * Series: "p before", "p after", "p naive". Returns main's status (picture_close). */
int picture_penalties(const char *file, const char *const *words, size_t n_words,
                      const Candidates *before, const Candidates *after, const Candidates *naive,
                      const PenaltyParams *pp);

/* Example 4: the rows of pic (label: the setting's; data: its candidates, token i at index i), side by side: one
 * small bar chart per setting on the same p axis, the first row's p marked in each as a dash for comparison.
 * Series: each row's label. Frees pic; returns main's status. */
int picture_three_penalties(Picture *pic, const char *const *words, size_t n_words);

/* Example 5: P(word) of each word of shown (n_shown,) against the repeat penalty, one line per word and window:
 * settings (n,) and c (n,) their candidates (token i at index i); vocab (n_vocab,) finds the words. Settings
 * with one window share a line; a window of one setting alone is a ring. Series: "P(word)"; labels:
 * "penalty 1.5, window 64". Returns main's status. */
int picture_code_repeats(const char *file, const char *const *vocab, size_t n_vocab,
                         const char *const *shown, size_t n_shown, const PenaltyParams *settings,
                         const Candidates *c, size_t n);

/* Example 6: p of each token before and after the biases (n_biases,), then the same p after on a log scale, where
 * a bias of -inf (p = 0 exactly: no bar at all) and one of -100 (p near 1e-44, a bar) part visibly: 0 against
 * almost 0. Series: "before", "after" (the table's words); the log panel draws "after" again as "log10 p after".
 * Returns main's status. */
int picture_logit_bias(const char *file, const char *const *words, size_t n_words,
                       const Candidates *before, const Candidates *after, const LogitBias *biases,
                       size_t n_biases);

#endif
