/* picture.h: each lesson's picture, in one call from the lesson (included by lessons/lesson.h).
 *
 * A lesson writes its picture only when asked: LESSON_PICTURE=build/pictures/07_typical.svg build/bin/07_typical
 * (make pictures and ./run_all.sh --watch NN set it). Unset or empty, nothing is written and nothing changes;
 * either way stdout is the table, byte for byte. What is drawn is the lesson's own variables from the run that
 * printed the table (its candidates, the numbers it printed), handed over as they are: nothing here runs a
 * sampler again, but for two things the pictures add with the library's own functions: Example 4 splits a
 * penalty's one step into its two parts (penalty_logit, the rule for one token), and Example 13 draws 1,000 more
 * from each final distribution on the lesson's own generator (sample_dist). Labels come from the lesson's words
 * and settings, and sizes from its data, so an edit to the lesson shows in its picture.
 *
 * Two shapes of call. A lesson whose numbers are all in hand at the end returns the picture's status from main:
 * `return picture_logit_bias(__FILE__, words, N_VOCAB, &before, &after, bias, LESSON_N(bias));` (0, or 1 after a
 * message when the picture cannot be written); so do Examples 4, 7 and 9, whose arrays keep each row of their
 * table. A lesson whose picture needs what its table does not keep (a step's candidates, a draw: Examples 8, 12
 * and 13) records it inside its loops in a Picture (picture_start, picture_row, picture_value, picture_id), whose
 * figure function writes and frees it.
 *
 * This header is only what the lessons call; how the pictures are drawn (the SVG writer, room for labels, bars
 * per token) is lib/picture/picture_draw.h's, which the lessons need not compile.
 *
 * defines: Picture, PictureRow (its fields: picture_draw.h), picture_start, picture_row, picture_row_value,
 * picture_row_id, picture_value, picture_id; the figures of Examples 1 to 6 (picture_penalties.h), 7 and 8
 * (picture_samplers.h), and 9 and 10 (picture_dry_xtc.h). Those of Examples 11 to 13, which draw chains, are
 * picture_chains.h's (the three include it; it brings Example 12's picture_builder.h and Example 13's
 * picture_presets.h), so that the other lessons never compile chain.h.
 */
#ifndef PICTURE_H
#define PICTURE_H

#include "lesson/lesson_lib.h"

/* One recorded row of a picture (its fields: picture_draw.h). */
typedef struct PictureRow PictureRow;

typedef struct {
    const char *file;       /* the lesson's __FILE__, for messages */
    const char *path;       /* where the picture goes (LESSON_PICTURE); NULL: none asked, every call is a no-op */
    PictureRow *rows;       /* (n_rows,) in the order recorded */
    size_t n_rows, rows_cap;

    bool out_of_memory;     /* a row could not be recorded: the figure reports it and writes nothing */

    const LessonSortedCut *tally;   /* Example 8: the run's tally of llama.cpp's sorted cut, or NULL */
    int steps;              /* Example 8: the steps of the run recorded so far */
    double sum;             /* Example 8: their surprise, summed in order */
} Picture;

/* The picture of lesson `file`, empty; its path from LESSON_PICTURE. */
Picture picture_start(const char *file);

/* Records a row: its label (the table's; cut at 127 characters), its group, and a copy of c's candidates (c
 * may be NULL). Returns the row, or NULL when no picture is asked for or memory ran out. */
PictureRow *picture_row(Picture *pic, int group, const char *label, const Candidates *c);

/* Appends a number to row (one of pic's rows, or NULL for nothing). */
void picture_row_value(Picture *pic, PictureRow *row, double value);

/* Appends a token id to row (one of pic's rows, or NULL for nothing). */
void picture_row_id(Picture *pic, PictureRow *row, int32_t id);

/* Appends a number, or a token id, to the last row recorded; nothing without a row. */
void picture_value(Picture *pic, double value);

void picture_id(Picture *pic, int32_t id);

#include "picture/picture_penalties.h"
#include "picture/picture_samplers.h"
#include "picture/picture_dry_xtc.h"

#endif
