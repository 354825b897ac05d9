/* picture_presets.h: Example 13's picture (picture_presets.c), which the lesson reads through
 * picture/picture_chains.h: each preset's final distribution and draws. It includes lesson/presets.h, whose
 * callback (LessonPresetStep's record) the lesson fills from here.
 *
 * defines: picture_preset_stage, PRESET_DRAWS, picture_preset, picture_task_settings.
 */
#ifndef PICTURE_PRESETS_H
#define PICTURE_PRESETS_H

#include "lesson/presets.h"
#include "picture/picture.h"
#include "rng.h"

/* Records what one stage left (c, logits, any order) for the preset whose distribution is being built: the
 * record the lesson passes to lesson_preset_start (a ChainTraceFn); pic is a Picture, NULL for none. */
void picture_preset_stage(void *pic, const Stage *stage, const Candidates *c);

#define PRESET_DRAWS 1000           /* the draws Example 13's histogram counts, beside the lesson's */

/* Records one preset of Example 13 after its stages: its label (with its settings, as the table prints it), its
 * settings (as llama.cpp names them; a "?" on each that none of the stages recorded since the last preset acts
 * on: picture_settings_text), its final distribution c (token i's candidate found by id; any order, drawn in that
 * order as the lesson draws) and how many candidates it leaves; then PRESET_DRAWS draws from c (sample_dist) with
 * rng, the lesson's generator as it stands before the preset's first draw (a copy: the lesson's own goes on
 * unchanged), so that they go on the lesson's java.util.Random stream and their first draws are the lesson's. The
 * lesson's draws follow with picture_id. */
void picture_preset(Picture *pic, const LessonSettings *s, int32_t window, const Candidates *c, int left, Rng rng);

/* Example 13: a panel per preset, two to a row: its label and settings (one no stage acts on, "?top_k 0", in the
 * disabled grey, with a legend key), P(right), its candidates of the vocabulary and their entropy before the chain
 * and after it (nats); then per token of vocab (n_vocab,), on a p axis from 0 to 1, a bar of final p, a bar of
 * the share of the PRESET_DRAWS draws that picked it, and a dot for each of the lesson's draws that did (stacked
 * from the axis, each one draw's share), so that a few draws read as noise around p; a token a stage removed keeps
 * its place as a ghost, at its p before that stage (logits (n_vocab,) before the first), named upwards; the
 * penalized mark where the penalties changed a logit. Under the tokens, per token, its final p with the table's
 * decimals ("<0.001" for a p above 0 that they print as 0; "-" removed), and how many of the lesson's draws and of
 * the many picked it; then the lesson's draws in words, the right token's bold. Where the many draws do not begin
 * with the lesson's (the lesson drew otherwise), the panel says so. Series: "P(right)", "candidates", "draws" and
 * "the many draws begin" (labels: the preset; draws as the words, space separated), "entropy after" (nats), and per
 * preset its p (labels: the word; a removed token 0), "<preset>: share of 1000 draws" and "<preset>: of the
 * lesson's 8 draws" (a count). Frees pic; returns main's status. */
int picture_task_settings(Picture *pic, const char *const *vocab, const double *logits, size_t n_vocab,
                          const char *right);

#endif
