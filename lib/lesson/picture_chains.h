/* picture_chains.h: the pictures of Examples 11 to 13 (included by picture.h): chain lines as rows of stages,
 * the chain builder's funnel and candidates per step, each preset's final distribution and draws.
 *
 * defines: picture_chain_line, picture_chain_line_of, picture_sampler_chain, picture_chain_start, picture_stage,
 * picture_chain_step, picture_chain_text, picture_chain_builder, PICTURE_FUNNEL_STEP, picture_preset,
 * picture_task_settings.
 */
#ifndef PICTURE_CHAINS_H
#define PICTURE_CHAINS_H

/* ===== Example 11 ===== */

/* Example 11: records one printed "sampler chain:" line in *pic: the chain's stages (ch) and the command line
 * it came from (command: its words, NULL-terminated, as main's argv holds them; written as a shell reads them,
 * a word with characters the shell reads in single quotes). Nothing when no picture is asked for. */
void picture_chain_line(Picture *pic, char *const *command, const Chain *ch);

/* picture_chain_line as the tool's callback (lib/cli/main.h, CliChainFn): pic is a Picture. Returns 0. */
int picture_chain_line_of(void *pic, char *const *command, const Chain *ch);

/* Example 11: the chains recorded in pic, one row each: its command line (wrapped before a flag, continued with
 * " \" as the lesson writes it) and its stages as boxes in columns, in llama.cpp's fixed order (the stages its
 * chain builder lays out: logit-bias, penalties, ..., temp-ext, then the draw; mirostat's temp under temp-ext,
 * mirostat-v2 under dist), so that a stage the chain lacks is a gap its arrow crosses; a column is added where a
 * chain leaves that order. A "?" stage is drawn in svg_disabled_style. Series "chain 1", "chain 2", ...: labels
 * the stage's place (0 is logits), values the name as the line prints it; series "command" (label "chain N")
 * the command line. Frees pic; returns main's status (picture_close). */
int picture_sampler_chain(Picture *pic);

/* ===== Example 12 ===== */

/* The step whose funnel Example 12 draws unless --trace names one: step 4, after "the ", where the stages part. */
#define PICTURE_FUNNEL_STEP 4

/* Starts the rows of one chain of Example 12: its label (s's, with its settings, as the table prints it). */
void picture_chain_start(Picture *pic, const LessonSettings *s, int32_t window);

/* Records what one stage left at the pictured step (left: the survivors with their p among them, most likely
 * first, as --trace prints them), under the chain started last. NULL pic does nothing. */
void picture_stage(Picture *pic, int step, const Stage *stage, const Candidates *left);

/* Records how many candidates the chain left at this step (numbers[1] keeps the most). */
void picture_chain_step(Picture *pic, size_t left);

/* Records the chain's text (the start character and one per step) and its average candidates per step. */
void picture_chain_text(Picture *pic, const char *text, double average);

/* Example 12: for each chain recorded in pic, the funnel at the pictured step (what each stage leaves, bars of
 * p among the survivors) and the candidates left at every step, over the characters the chain wrote. Series:
 * "candidates per step" (labels: the chain's label, value the table's average), "text" (value: the chain's
 * text), "<chain>: <stage>" (labels: the character; "left": how many), "candidates left" (data-values). Frees
 * pic; returns main's status. */
int picture_chain_builder(Picture *pic, const char *alphabet);

/* ===== Example 13 ===== */

/* Records one preset of Example 13: its label (with its settings, as the table prints it), its final
 * distribution c (token i's candidate found by id) and how many candidates it leaves; its draws follow with
 * picture_id. */
void picture_preset(Picture *pic, const LessonSettings *s, int32_t window, const Candidates *c,
                    int left);

/* Example 13: each preset's final distribution over vocab (n_vocab,), side by side, with P(right) marked and
 * its draws under it. Series: "P(right)", "candidates", "draws" (labels: the preset; draws as the words, space
 * separated), and per preset its p (labels: the word). Frees pic; returns main's status. */
int picture_task_settings(Picture *pic, const char *const *vocab, size_t n_vocab, const char *right);

#endif
