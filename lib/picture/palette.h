/* palette.h: the pictures' colours, one table: each colour has one meaning in all thirteen pictures.
 *
 * svg_palette maps each meaning (before, after, removed, penalized, disabled, the naive rule, ...) to the colour
 * that fills or strokes what stands for it, and to the shade a text of that meaning is written in: the colour
 * itself when it reaches 4.5:1 against white (WCAG 2's contrast for text), else a darker shade of its hue that
 * does. Series within one picture (Example 7's typical and top-p, Example 8's runs) take svg_series instead, a
 * palette of its own whose colours no meaning uses; each picture names its series in its legend. The colours
 * are Okabe and Ito's (2008) and Paul Tol's muted scheme (2021), both made for readers with the common
 * colour-vision deficiencies; no picture tells two meanings apart by colour alone (each has words in a legend).
 *
 * Every picture takes its colours from here (svg.h's SVG_TEXT, SVG_BEFORE, ... are entries of this table), and
 * lib/test/svg_check.c (--colours) checks a picture against it: every fill and stroke is a colour of the table,
 * every text is in a text shade, and every text reaches 4.5:1 against what it sits on.
 *
 * defines: SvgPaint, SVG_PAINT_*, SVG_N_PAINTS, svg_palette, SVG_N_SERIES, svg_series, svg_series_paint,
 * svg_luminance, svg_contrast.
 */
#ifndef PALETTE_H
#define PALETTE_H

#include <stddef.h>

/* One colour and its meaning. */
typedef struct {
    const char *colour;     /* "#RRGGBB": what fills or strokes a shape of this meaning */
    const char *text;       /* "#RRGGBB": a text of this meaning (4.5:1 or more on white) */
    const char *meaning;    /* in words, as a legend would say it */
} SvgPaint;

/* The meanings, indices into svg_palette. */
enum {
    SVG_PAINT_INK,          /* text, axes, arrows; dashed: a level the rule compares with */
    SVG_PAINT_MUTED,        /* secondary text */
    SVG_PAINT_PAPER,        /* the background; text on a dark fill */
    SVG_PAINT_GRID,         /* grid lines and frames */
    SVG_PAINT_BEFORE,       /* a value before the rule acts */
    SVG_PAINT_AFTER,        /* the same value after it */
    SVG_PAINT_REMOVED,      /* a removed token's ghost */
    SVG_PAINT_DISABLED,     /* a disabled stage or setting ("?") */
    SVG_PAINT_MARK,         /* a penalized or biased token */
    SVG_PAINT_NAIVE,        /* the naive repetition rule (Example 1) */
    SVG_PAINT_TIE,          /* tokens at one logit after the rule (Examples 1 to 3) */
    SVG_PAINT_RANGE,        /* the range a threshold sets apart (Examples 9, 10) */
    SVG_PAINT_TOKEN,        /* a token of a text: its box */
    SVG_PAINT_TOKEN_FRAME,  /* ... and its frame */
    SVG_PAINT_STAGE,        /* a stage of a chain line: its box */
    SVG_PAINT_SURPRISE,     /* a token's surprise (Examples 7, 8) */
    SVG_PAINT_MU,           /* mirostat's mu (Example 8) */
    SVG_PAINT_REPEAT,       /* a repeat DRY matches (Example 9) */
    SVG_PAINT_DRAWS,        /* draws (Example 13) */
    SVG_N_PAINTS
};

extern const SvgPaint svg_palette[SVG_N_PAINTS];

/* The series palette: series k of a picture (a tau, a sampler compared with another) takes svg_series[k]. */
#define SVG_N_SERIES 4
extern const SvgPaint svg_series[SVG_N_SERIES];

/* Series k's paint, cycling after SVG_N_SERIES (a legend names each series, so a repeat is read apart). */
const SvgPaint *svg_series_paint(size_t k);

/* The relative luminance of colour "#RRGGBB" or "#RGB" (WCAG 2: sRGB linearized, 0.2126 R + 0.7152 G + 0.0722 B),
 * from 0 (black) to 1 (white); -1 when colour is no such text (NULL, a name, a bad digit). */
double svg_luminance(const char *colour);

/* The contrast ratio of two colours (WCAG 2: (L1 + 0.05) / (L2 + 0.05), the lighter over the darker), from 1 to
 * 21; 0 when either is no colour (svg_luminance -1). Text needs 4.5 or more. */
double svg_contrast(const char *a, const char *b);

#endif
