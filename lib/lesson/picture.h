/* picture.h: each lesson's picture, in one call from the lesson (included by lessons/lesson.h).
 *
 * A lesson writes its picture only when asked: LESSON_PICTURE=build/pictures/07_typical.svg build/bin/07_typical
 * (make pictures and ./run_all.sh --watch NN set it). Unset or empty, nothing is written and nothing changes;
 * either way stdout is the table, byte for byte. What is drawn is the lesson's own variables from the run that
 * printed the table (its candidates, the numbers it printed), handed over as they are: nothing here runs a
 * sampler again. Labels come from the lesson's words and settings, and sizes from its data, so an edit to the
 * lesson shows in its picture.
 *
 * Two shapes of call. A lesson whose numbers are all in hand at the end returns the picture's status from main:
 * `return picture_penalties(__FILE__, words, N_VOCAB, &before, &after, NULL, &penalty);` (0, or 1 after a
 * message when the picture cannot be written). A lesson that computes its rows in a loop records them in a
 * Picture (picture_start, picture_row, picture_value, picture_id), whose figure function writes and frees it.
 *
 * Every drawn value also carries data-series, data-label and data-value (svg.h), named as the table names them
 * ("p after", the token), so lib/test/test_pictures.sh reads the picture back against the lesson's table.
 *
 * defines: Picture, PictureRow, PictureFile, PictureSeries, picture_start, picture_row, picture_value,
 * picture_id, picture_free, picture_open, picture_close, picture_finish, picture_token_bars, picture_bars_size,
 * picture_penalties, picture_three_penalties, picture_code_repeats, picture_logit_bias; the figures of Examples
 * 7 to 10 (picture_samplers.h) and 11 to 13 (picture_chains.h).
 */
#ifndef PICTURE_H
#define PICTURE_H

#include "lesson/lesson_lib.h"
#include "svg/chart.h"

/* One recorded row: a table row, a stage, a step series. What group, number, values and ids mean is the
 * figure's (each figure says). */
typedef struct {
    LessonText label;       /* the row's label, as the table prints it */
    int group;              /* which chain, tau, ... the row belongs to */
    double numbers[2];      /* numbers of the row (a setting, an average) */
    TokenData *data;        /* (size,) a copy of the row's candidates, in their order; NULL for none */
    size_t size;

    double *values;         /* (n_values,) numbers recorded one by one (picture_value) */

    size_t n_values, values_cap;

    int32_t *ids;           /* (n_ids,) token ids recorded one by one (picture_id): draws */

    size_t n_ids, ids_cap;

} PictureRow;

typedef struct {
    const char *file;       /* the lesson's __FILE__, for messages */
    const char *path;       /* where the picture goes (LESSON_PICTURE); NULL: none asked, every call is a no-op */
    PictureRow *rows;       /* (n_rows,) in the order recorded */
    size_t n_rows, rows_cap;

    bool out_of_memory;     /* a row could not be recorded: the figure reports it and writes nothing */

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

/* A picture file being written. */
typedef struct {
    const char *file;       /* the lesson's __FILE__ */
    const char *path;

    FILE *out;

    Svg svg;

} PictureFile;

/* Opens path (LESSON_PICTURE) for a width x height px picture titled `title` (the <title> a browser shows).
 * False when path is NULL (no picture asked), or when the file cannot be opened: then the message
 * "NN_slug: cannot write the picture "path" (LESSON_PICTURE): reason" is on stderr and pf->out is NULL. */
bool picture_open(PictureFile *pf, const char *file, const char *path, double width, double height,
                  const char *title);

/* Ends the picture and closes its file. Returns main's status: 0 when no picture was asked or it was written,
 * 1 (after a message) when a write failed or the file could not be opened. */
int picture_close(PictureFile *pf);

/* For a figure that drew from pic: frees it and returns the status, 1 after a message when recording ran out of
 * memory (then nothing was written, and status is ignored). */
int picture_finish(Picture *pic, int status);

/* ===== Bars per token: Examples 1 to 6, 10 and 13 ===== */

/* One series of bars: the candidates of one column of the table. */
typedef struct {
    const char *name;       /* data-series: the table's column, "p after" */
    const char *legend;     /* what the legend says */
    const TokenData *data;  /* (size,) the candidates, any order: token i's bar shows the one with id i */
    size_t size;

} PictureSeries;

/* The p of token id in data (size,), or -1 when it was removed (absent, or a -inf logit). */
double picture_p_of(const TokenData *data, size_t size, int32_t id);

/* The widest plot the bars need: n_words bands of n_series bars, each wide enough for its value label. */
double picture_bars_size(size_t n_words, size_t n_series);

/* In plot, n_words bands (words (n_words,) under them) of one bar per series (n_series,), p up the y axis
 * (y_label beside it; "" for none), colours from palette entry `colour`. A removed token is a grey dashed bar at
 * the height the first series gives it, labelled 0, drawn value 0. Each bar's label is its p with the table's
 * decimals; a p above 0 that those decimals print as 0 is labelled "<0.001" (for 3 decimals), so "almost 0" is
 * not mistaken for 0. */
void picture_token_bars(Svg *s, const SvgPlot *plot, const char *const *words, size_t n_words,
                        const PictureSeries *series, size_t n_series, int decimals, size_t colour,
                        const char *y_label);

/* The legend of the series, at (x, y), with the key of a removed token when a series has one (of n_words
 * tokens); returns the baseline of its last row. */
double picture_series_legend(Svg *s, double x, double y, double max_x, const PictureSeries *series,
                             size_t n_series, size_t n_words, size_t colour);

/* The largest p of any series, for the y range. */
double picture_largest_p(const PictureSeries *series, size_t n_series);

/* A whole bars picture: heading, legend, the notes (n_notes,) as lines under it, then the bars. */
int picture_bars(const char *file, const char *title, const char *subtitle, const char *const *words,
                 size_t n_words, const PictureSeries *series, size_t n_series, int decimals,
                 const LessonText *notes, size_t n_notes);

#include "lesson/picture_penalties.h"
#include "lesson/picture_samplers.h"
#include "lesson/picture_chains.h"

#endif
