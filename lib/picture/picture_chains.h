/* picture_chains.h: the pictures of Examples 11 to 13 (which include it). Example 11's, declared here, are in
 * picture_chains.c: its chain lines as rows of stages, in columns in llama.cpp's default order or in their own.
 * Examples 12 and 13 read theirs through this header too, which includes them: picture/picture_builder.h (Example
 * 12's funnel and candidates per step, picture_builder.c) and picture/picture_presets.h (Example 13's final
 * distribution and draws of each preset, picture_presets.c), with the lesson helpers whose callbacks they fill
 * from there (lesson/chains.h's LessonChainRecord, lesson/presets.h's LessonPresetStep).
 *
 * defines: picture_chain_line, picture_chain_line_of, picture_sampler_chain.
 */
#ifndef PICTURE_CHAINS_H
#define PICTURE_CHAINS_H

#include "chain.h"
#include "picture/picture.h"

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

#include "picture/picture_builder.h"
#include "picture/picture_presets.h"

#endif
