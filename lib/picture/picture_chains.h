/* picture_chains.h: the pictures of Examples 11 to 13 (which include it): chain lines as rows of stages, in columns
 * in llama.cpp's default order or in their own (picture_chains.c), the chain builder's funnel and candidates per
 * step (picture_builder.c), each preset's final distribution and draws (picture_presets.c). It includes
 * lesson/chains.h, whose callbacks (LessonChainRecord, LessonPresetStep's record) Examples 12 and 13 fill from here.
 *
 * defines: picture_chain_line, picture_chain_line_of, picture_sampler_chain, PICTURE_FUNNEL_STEP,
 * picture_chain_record, picture_chain_text, picture_chain_builder, picture_preset_stage, PRESET_DRAWS,
 * picture_preset, picture_task_settings.
 */
#ifndef PICTURE_CHAINS_H
#define PICTURE_CHAINS_H

#include "lesson/chains.h"
#include "picture/picture.h"
#include "rng.h"

/* ===== Example 11 ===== */

/* Example 11: records one printed "sampler chain:" line in *pic: the chain's stages (ch) and the command line
 * it came from (command: its words, NULL-terminated, as main's argv holds them; written as a shell reads them,
 * a word with characters the shell reads in single quotes). Nothing when no picture is asked for. */
void picture_chain_line(Picture *pic, char *const *command, const Chain *ch);

/* picture_chain_line as the tool's callback (lib/cli/main.h, CliChainFn): pic is a Picture. Returns 0. */
int picture_chain_line_of(void *pic, char *const *command, const Chain *ch);

/* Example 11: the chains recorded in pic, one row each: its command line (wrapped before a flag, continued with
 * " \" as the lesson writes it) and its stages as boxes joined by arrows. A chain in llama.cpp's default order
 * (the stages its chain builder lays out from the default sampler list: logit-bias, penalties, ..., temp-ext,
 * then the draw; mirostat's temp under temp-ext, mirostat-v2 under dist) has them in columns, so that a stage
 * it lacks is a gap its arrow crosses; a chain whose sampler list leaves that order (another order, a stage
 * twice, infill) has them box after box in its own order, under a note saying where it leaves it and which
 * columns' stages it lacks, wrapped within 1,180 px. A "?" stage is drawn in svg_disabled_style. Series
 * "chain 1", "chain 2", ...: labels the stage's place (0 is logits), values the name as the line prints it;
 * series "command" (label "chain N") the command line. Frees pic; returns main's status (picture_close). */
int picture_sampler_chain(Picture *pic);

/* ===== Example 12 ===== */

/* The step whose funnel Example 12 draws unless --trace names one: step 4, after "the ", where the stages part. */
#define PICTURE_FUNNEL_STEP 4

/* Example 12's record of its chains in pic, the callbacks the lesson passes to lesson_view_start and
 * lesson_chain_describe (lesson/chains.h): each chain's label and settings (as llama.cpp names them, a "?" on
 * each that no stage of the chain acts on: picture_settings_text), what each stage received and left at the
 * pictured step (--trace's, else PICTURE_FUNNEL_STEP), the candidates left at every step, and each chain line
 * the table describes (its stages, settings and biases). */
LessonChainRecord picture_chain_record(Picture *pic);

/* Records the chain's text (the start character and one per step) and its average candidates per step. */
void picture_chain_text(Picture *pic, const char *text, double average);

/* Example 12: for each chain recorded in pic, its label and settings (one no stage acts on, "?top_k 0", in the
 * disabled grey), what the pictured step starts with and what the chain leaves (how many candidates, their
 * entropy in nats), then the funnel at that step (a cell per stage in the chain's order: bars of p among the
 * characters the stage keeps, on one p scale for every chain; a ghost, svg_ghost_bar, at its p before the stage
 * for a character the stage removes; a "?" stage's cell in the disabled style; the penalized mark where the
 * penalties changed a logit; under each cell how many it leaves and their entropy), and the candidates left at
 * every step (a line, the table's average dashed, the character drawn under each step), right of the funnel where
 * the picture stays within 1,180 px with a character under each step, else under it (the cells wrap too). Every
 * text is 12 px or more; the legend has a row for each part it keys (funnel cells, per step, settings, chain
 * lines). Under them the described chains, as Example 11 draws its chains: in columns, or in their own
 * order (tag "line N", the table's line). Series: "candidates per step" (labels: the chain's label, value the
 * table's average), "text" (value: the chain's text), "<chain>: <stage>" (labels: the character, "space" for
 * ' '; "left": how many; "entropy": nats), "candidates before" (labels: the chain's label), "candidates left"
 * (data-values), and "line N" (labels: the stage's place, 0 for
 * logits; values: the name as the line prints it). Frees pic; returns main's status. */
int picture_chain_builder(Picture *pic, const char *alphabet);

/* ===== Example 13 ===== */

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
