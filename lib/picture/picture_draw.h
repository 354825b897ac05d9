/* picture_draw.h: how the pictures are drawn, internal to lib/picture/'s picture*.c (a lesson includes only
 * picture.h, through lessons/lesson.h, and so never compiles this). picture_open, picture_close and
 * picture_finish are in picture.c, with the rows; the other functions in picture_draw.c.
 *
 * Every picture speaks the grammar of chart.h: a value before the rule in sky blue (SVG_BEFORE), after it in blue
 * (SVG_AFTER), a token the rule removed as a ghost at its value before with the stage named, a penalized or
 * biased token marked. Labels find room (PictureSpace) so that no text lies on another or on a shape it does not
 * label, the rule lib/test/svg_check.c checks.
 *
 * Every drawn value also carries data-series, data-label and data-value (svg.h), named as the table names them
 * ("p after", the token), so lib/test/test_pictures.sh reads the picture back against the lesson's table.
 *
 * defines: PictureRow's fields, PictureFile, PictureBox, PictureSpace, PICTURE_SPACE_CAP, PictureSeries,
 * PictureBarsOptions, picture_open, picture_close, picture_finish, picture_measure, picture_heading,
 * picture_text_box, picture_space_add, picture_space_free, picture_place_text, picture_place_mark,
 * picture_series_colour, picture_p_of, picture_bars_size, picture_bar_centre, picture_bar_width,
 * picture_token_bars_with, picture_series_legend_with, picture_largest_p, picture_cut, picture_off_line.
 */
#ifndef PICTURE_DRAW_H
#define PICTURE_DRAW_H

#include "picture/picture.h"
#include "picture/chart.h"

/* One recorded row: a table row, a stage, a step series. What group, number, values and ids mean is the
 * figure's (each figure says). */
struct PictureRow {
    LessonText label;       /* the row's label, as the table prints it */
    int group;              /* which chain, tau, ... the row belongs to */
    double numbers[2];      /* numbers of the row (a setting, an average) */
    TokenData *data;        /* (size,) a copy of the row's candidates, in their order; NULL for none */
    size_t size;

    double *values;         /* (n_values,) numbers recorded one by one (picture_value) */

    size_t n_values, values_cap;

    int32_t *ids;           /* (n_ids,) token ids recorded one by one (picture_id): draws */

    size_t n_ids, ids_cap;

};

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

/* A writer that writes nothing, on which a legend (svg_legend), a wrapped text (svg_wrap) or a block of a picture
 * is drawn to learn where it ends, before the picture's size is fixed. */
Svg picture_measure(void);

/* A picture's heading, as svg_heading sets it at (20, 30) on a picture `width` px wide, but wrapped (svg_wrap, at
 * spaces) so that no line passes width - 20 px: the title in 22 px lines, then the subtitle (NULL for none) in
 * 18 px lines. Returns how many px lower than svg_heading's one line each the heading ends: 0 when both fit on one
 * line, and what a figure adds to every y under its heading. Draw it on picture_measure() to learn that first. */
double picture_heading(Svg *s, double width, const char *title, const char *subtitle);

/* ===== Room for labels: no text on another text or on a shape it does not label ===== */

/* A text's or a shape's box in px, as lib/test/svg_check.c measures it: a text is svg_text_width wide (from its
 * anchor) and runs from 0.8 of its size above the baseline to 0.2 below. */
typedef struct {
    double left, top, right, bottom;
} PictureBox;

/* The boxes drawn so far in one plot, for placing labels where they touch nothing. */
#define PICTURE_SPACE_CAP 512
typedef struct {
    PictureBox boxes[PICTURE_SPACE_CAP];   /* (n,) */
    size_t n;                               /* boxes past PICTURE_SPACE_CAP are not kept: no longer avoided */
} PictureSpace;

/* The box of text at (x, y), y its baseline, set in font (not rotated). */
PictureBox picture_text_box(double x, double y, SvgFont font, const char *text);

/* Adds box b (corners in any order) to sp, grown by margin px on every side. */
void picture_space_add(PictureSpace *sp, PictureBox b, double margin);

/* Whether b overlaps none of sp's boxes. */
bool picture_space_free(const PictureSpace *sp, PictureBox b);

/* The baseline for text at x, from y onwards in steps of step px (negative: upwards), where its box overlaps
 * nothing in sp; adds that box to sp. After 40 steps without room it gives the last one tried. */
double picture_place_text(PictureSpace *sp, double x, double y, double step, SvgFont font, const char *text);

/* The top y of a mark (svg_mark, 8 x 7 px) centred on x with its bottom 3 px above `above`, moved up until it
 * overlaps nothing in sp; adds its box to sp. */
double picture_place_mark(PictureSpace *sp, double x, double above);

/* ===== Bars per token: Examples 1 to 6, 10 and 13 ===== */

/* One series of bars: the candidates of one column of the table. */
typedef struct {
    const char *name;       /* data-series: the table's column, "p after" */
    const char *legend;     /* what the legend says */
    const TokenData *data;  /* (size,) the candidates, any order: token i's bar shows the one with id i */
    size_t size;

    const char *colour;     /* its bars' colour (svg.h's, the palette's); NULL: by its place (picture_series_colour) */
} PictureSeries;

/* What picture_token_bars_with adds to the bars (every field may be left 0 / NULL). */
typedef struct {
    const char *stage;          /* the stage that removed a series' tokens, named over each ghost ("bias -inf",
                                 * "xtc"); NULL: "removed" */
    const char *const *stages;  /* (n_words,) the stage that removed token i, when tokens differ; NULL: stage */
    const TokenData *before;    /* (before_size,) the candidates before that stage: a ghost stands at its p there;
                                 * NULL: the first series' p (a ghost of the first series then has no height) */
    size_t before_size;
    bool mark_changed;          /* a bar of a later series whose logit differs from the first series' carries
                                 * svg_mark: the rule (a penalty, a bias) changed that token */
    const double *mark_from;    /* (n_words,) with mark_changed: the logits before any rule, by token id; then a bar
                                 * of any series (the first too) whose logit differs from its token's is marked.
                                 * NULL: the first series' logits, as above */
    const char *mark_legend;    /* what the legend says of the mark; NULL: "its logit changed by the rule" */
    bool first_slim;            /* with more than one series, the first is a slim bar (8 px) without a value label:
                                 * a reference whose values a panel beside labels */
    int32_t note_token;         /* a token whose bar of the last series carries note over its label (a new most
                                 * likely token, Example 4), in after's blue; set note NULL (or leave it 0) for none */
    const char *note;
    bool zero_why;              /* a kept token whose p is 0 exactly (a finite logit: not removed) is labelled why,
                                 * upwards from its base: "0: +inf takes all" when a token of its series is at +inf,
                                 * else "0: underflow" (exp of its logit is below the least double) */
} PictureBarsOptions;

/* The colour of series j of series (n_series,) drawn from colour 0 or 1: its own, when it names one, else before's
 * sky blue (SVG_BEFORE) for the first series drawn from colour 0, and after's blue (SVG_AFTER) for the others. */
const char *picture_series_colour(const PictureSeries *series, size_t j, size_t colour);

/* The p of token id in data (size,), or -1 when it was removed (absent, or a -inf logit). */
double picture_p_of(const TokenData *data, size_t size, int32_t id);

/* The widest plot the bars need: n_words bands of n_series bars, each wide enough for its value label. */
double picture_bars_size(size_t n_words, size_t n_series);

/* Where picture_token_bars_with puts bar j of n_series in band i of n_words of plot: its centre px, and its width. */
double picture_bar_centre(const SvgPlot *plot, size_t i, size_t n_words, size_t j, size_t n_series);
double picture_bar_width(const SvgPlot *plot, size_t n_words, size_t n_series);

/* In plot, n_words bands (words (n_words,) under them) of one bar per series (n_series,), p up the y axis
 * (y_label beside it; "" for none), series j in picture_series_colour(series, j, colour): colour 0 gives before
 * then after, colour 1 after for all (a series's own colour first). A removed token (picture_p_of: -1) is a ghost
 * (svg_ghost_style) at its p before the stage that removed it, that stage named over it, and drawn value 0
 * (options: which stage, which p before).
 * Each kept bar's label is its p with the table's decimals; a p above 0 that those decimals print as 0 is
 * labelled "<0.001" (for 3 decimals), so "almost 0" is not mistaken for 0. Labels and marks go up until they
 * touch no other bar or label. options may be NULL: stage "removed", no marks. */
void picture_token_bars_with(Svg *s, const SvgPlot *plot, const char *const *words, size_t n_words,
                             const PictureSeries *series, size_t n_series, int decimals, size_t colour,
                             const char *y_label, const PictureBarsOptions *options);

/* The legend of the series (colours as picture_token_bars_with gives them), at (x, y), with the ghost's key when a
 * series has a removed token (of n_words tokens), and the mark's when options marks a bar; returns the baseline
 * of its last row. options may be NULL. */
double picture_series_legend_with(Svg *s, double x, double y, double max_x, const PictureSeries *series,
                                  size_t n_series, size_t n_words, size_t colour, const PictureBarsOptions *options);

/* The largest p of any series, for the y range. */
double picture_largest_p(const PictureSeries *series, size_t n_series);

/* text (a word, a label), cut to at most max_chars characters (UTF-8 counted as svg_text_width does; at most 120)
 * with "..." as its last three when it was longer, so that a cut word never reads as another word. NULL: "". */
LessonText picture_cut(const char *text, size_t max_chars);

/* A label's baseline kept off a horizontal line at line_y px: a text of `size` px whose box (baseline - 0.8 size
 * to baseline + 0.2 size) would come within 2 px of the line is set just above it (above) or just below it. */
double picture_off_line(double baseline, double size, double line_y, bool above);

#endif
