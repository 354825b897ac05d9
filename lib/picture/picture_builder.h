/* picture_builder.h: Example 12's picture (picture_builder.c), which the lesson reads through
 * picture/picture_chains.h: each chain's funnel at one step, its candidates per step, its chain lines. It includes
 * lesson/chains.h, whose callbacks (LessonChainRecord) the lesson fills from here.
 *
 * defines: PICTURE_FUNNEL_STEP, picture_chain_record, picture_chain_text, picture_chain_builder.
 */
#ifndef PICTURE_BUILDER_H
#define PICTURE_BUILDER_H

#include "lesson/chains.h"
#include "picture/picture.h"

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

#endif
