/* picture_chains_parts.h: what the pictures of Examples 11 to 13 share (picture_chains.c, picture_builder.c,
 * picture_presets.c); not for the lessons, whose calls are picture_chains.h's (with picture_builder.h's and
 * picture_presets.h's, which it includes).
 *
 * defines: ROW_*, PictureLine, PictureColumns, picture_chains_heading, picture_columns_init, picture_columns_free,
 * picture_line_in_order, picture_lines_skip, picture_lines_draw, picture_settings_text, PictureKey,
 * picture_legend_draw, picture_unread_key, picture_settings_draw, picture_stage_marks, picture_survivors.
 */
#ifndef PICTURE_CHAINS_PARTS_H
#define PICTURE_CHAINS_PARTS_H

#include "picture/picture_chains.h"
#include "picture/picture_draw.h"

/* What the rows of Examples 12 and 13 hold, by PictureRow.group. */
enum {
    ROW_CHAIN,              /* a chain (a preset): label the table's; values the candidates left per step, ids its
                             * text, numbers[0] its average (Example 13: data the final distribution, numbers[0]
                             * the candidates, ids the draws) */
    ROW_STAGE,              /* what a stage left: label its name ("?" when off), data the candidates (logits),
                             * numbers[0] the step, numbers[1] the StageType */
    ROW_BEFORE,             /* what that stage received: data */
    ROW_SETTINGS,           /* the settings of the chain above (settings_text), as the label */
    ROW_DESCRIBE,           /* a described chain: ids its StageTypes, values 1 for "?", data its biases (id,
                             * logit = the bias) */
    ROW_DESCRIBE_SETTINGS   /* its settings, as the label */
};

/* A chain line to draw: its tag and text above, its stages under them, in columns or in its own order. */
typedef struct {
    const char *tag;            /* "chain 1", in bold at the left */
    const char *text;           /* the command line (wrapped before its flags) or the settings */
    bool command;               /* text is a command line: continued lines end with " \", as a shell reads them */
    const int32_t *types;       /* (n,) StageType, in the chain's order */
    const double *empty;        /* (n,) 1 for a stage built empty ("?name") */
    size_t n;
    const char *series;         /* data-series of its boxes: "chain 1"; labels are the places, 0 for logits */
    const char *list;           /* what sets its order, for a line that leaves llama.cpp's default order: "order[]",
                                 * "its sampler list" */
} PictureLine;

/* The columns of a set of chain lines: llama.cpp's default order (the stages its chain builder lays out from the
 * default sampler list with a bias set: logit-bias first, the draw last), after "logits"; mirostat's temp shares
 * temp-ext's column, every draw dist's. slot -1 is logits. A line that leaves that order (a sampler list in
 * another order, a stage twice, a stage the default list does not hold) is drawn in its own order instead. */
typedef struct {
    int *slot;                  /* (n,) stage_slot of the column's stages */
    double *x, *width;          /* (n,) px */
    size_t n;
} PictureColumns;

/* A picture's title at the top left, and its subtitle wrapped to width (px) under it. Returns the baseline of the
 * subtitle's last line. */
double picture_chains_heading(Svg *s, double width, const char *title, const char *subtitle);

/* The columns, from x, each as wide as the widest name it holds among lines (n_lines,) in the default order (and
 * its header). Allocates; picture_columns_free frees, also after a failure. Returns false when out of memory. */
bool picture_columns_init(PictureColumns *cols, const PictureLine *lines, size_t n_lines, double x);

void picture_columns_free(PictureColumns *cols);

/* Whether line's stages keep llama.cpp's default order, cols's: each has a column right of the one before it. */
bool picture_line_in_order(const PictureColumns *cols, const PictureLine *line);

/* Whether a line of lines (n_lines,) in the default order has no stage in a column between two of its stages (its
 * arrow crosses a column: the legend then says what that means). */
bool picture_lines_skip(const PictureColumns *cols, const PictureLine *lines, size_t n_lines);

/* The chain lines (n,) from y, in cols (picture_columns_init of the same lines): each line's tag and text (wrapped
 * at right) over its stages, boxes joined by arrows, a "?" stage in svg_disabled_style. A line in the default
 * order has its stages in their columns, under a header naming each column's stages (over each run of such
 * lines); a line that leaves it, a muted note saying where and which columns' stages it lacks, then its stages in
 * its own order, each box as wide as its name, wrapped at right. Returns the y below the last. */
double picture_lines_draw(Svg *s, const PictureColumns *cols, const PictureLine *lines, size_t n, double y,
                          double right);

/* The settings a lesson's chain or preset sets, as llama.cpp names them, with their exact values (lesson_number):
 * "temp 0.8, top_k 40, top_p 0.95, min_p 0.05, penalty_repeat 1.0, penalty_last_n 64"; a setting no stage of
 * stages (n,) acts on, because none reads it or the one that does is built empty ("?name"), gets a "?":
 * "?top_k 0". temp is read by temp and temp-ext, penalty_repeat and penalty_last_n by penalties. */
LessonText picture_settings_text(const SamplingParams *p, const Stage *stages, size_t n);

/* One entry of a legend of Examples 11 to 13: a key as svg_legend draws it, or a sample of what the picture draws
 * (a grey "?setting", a draw "count" in its colour, a "?stage" in its box) followed by what it means, key.text. */
typedef struct {
    SvgKey key;             /* the key (sample NULL), or only its text */
    const char *sample;     /* the sample's text, NULL for a key */
    SvgFont font;           /* the sample's font (its anchor is ignored: it starts the entry) */
    SvgStyle box;           /* with box.stroke set, the sample sits in a box of this style, as a chain line's stage */
} PictureKey;

/* Writes the n entries in a row from (x, y), y being the text baseline, wrapping at max_x to a new row 22 px lower,
 * as svg_legend does (a key is svg_legend's own), each entry in a group of its own; returns the baseline of the
 * last row. */
double picture_legend_draw(Svg *s, double x, double y, double max_x, const PictureKey *keys, size_t n);

/* The entry of a legend for the settings picture_settings_text marks "?": a grey "?setting", and what it means. */
PictureKey picture_unread_key(void);

/* Draws text, items separated by ", " (picture_settings_text's), from (x, baseline y), in font, wrapped to width
 * px between items (an item stays whole), an item that starts with "?" in SVG_DISABLED. Each item is a text of
 * its own, set 0.3 em after the last as svg_text_width measures it, so that the gaps are even whatever the colours.
 * Returns the baseline of the last line (y + line_height for each line after the first). */
double picture_settings_draw(Svg *s, double x, double y, double width, double line_height, SvgFont font,
                             const char *text);

/* Whether a stage of this type marks the tokens whose logit it changed (svg_mark): penalties and DRY penalize,
 * logit-bias biases; temperature changes every logit and marks none. */
bool picture_stage_marks(StageType type);

/* A copy of data (n,) in out (n,), sorted, with p among its finite candidates (candidates_softmax, the
 * library's; all -inf leaves every p 0). Returns how many are finite: they come first. */
size_t picture_survivors(const TokenData *data, size_t n, TokenData *out);

#endif
