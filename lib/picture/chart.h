/* chart.h: plot areas on an Svg (svg.h): scales, axes with their units, category bands, bars, legends.
 *
 * A plot maps data to pixels: x_min..x_max across its width (linear, or log10 with x_log), y_min..y_max up its
 * height (linear). Axis labels name the quantity and its unit ("p", "surprise (nats)", "surprise (bits)"); the
 * caller writes them, and the axes print tick values at "nice" steps (1, 2 or 5 times a power of ten).
 *
 * One visual grammar for every picture (the colours are in svg.h):
 *   a kept token        a solid bar in its series' colour (SVG_BEFORE before the rule, SVG_AFTER after it);
 *   a removed token     a ghost: a dashed outline at its value before the stage that removed it, the stage named
 *                       above it (svg_ghost_bar, svg_ghost_style);
 *   a penalized token   a vermillion mark over its bar (svg_mark); a biased token too;
 *   a disabled stage    a dotted outline, its name muted ("?top-k", svg_disabled_style).
 * Every colour is an entry of the palette (palette.h), one meaning each; series within a picture take svg_series,
 * and a legend names each (svg_legend: SVG_KEY_BOX with these styles, SVG_KEY_MARK).
 *
 * defines: SvgPlot, svg_x, svg_y, svg_ticks, svg_nice_ceiling, svg_axis_y, svg_axis_x, svg_band, svg_band_width,
 * svg_categories, SvgKey, SVG_KEY_*, svg_legend, svg_bar, svg_ghost_bar, svg_mark, svg_ghost_style,
 * svg_disabled_style, svg_heading, svg_wrap.
 */
#ifndef CHART_H
#define CHART_H

#include "svg.h"

typedef struct {
    double left, top, width, height;   /* the plot area, px */
    double x_min, x_max;               /* the data at the left and right edges */
    double y_min, y_max;               /* the data at the bottom and top edges */
    bool x_log;                        /* x on a log10 scale (x_min > 0) */
} SvgPlot;

/* The px of data x and y in plot p. A range of zero width maps everything to the middle; a log x <= 0 maps to
 * the left edge. */
double svg_x(const SvgPlot *p, double x);
double svg_y(const SvgPlot *p, double y);

/* Tick values at a nice step (1, 2 or 5 times a power of ten) from the first multiple of the step at or above
 * min to max, at most max_ticks of them (and at most cap): written to ticks (cap,); returns how many. On a log
 * scale use powers of ten instead (svg_axis_x does). Bad input: min > max, a NaN or infinite bound, or
 * max_ticks < 2 gives 0. min == max gives that one value. */
size_t svg_ticks(double min, double max, size_t max_ticks, double *ticks, size_t cap);

/* The smallest value >= max that is a nice step multiple when the range 0..max is cut into about 5 steps:
 * 0.534 gives 0.6, 22.98 gives 25, 4.288 gives 5. max <= 0 or not finite gives 1. */
double svg_nice_ceiling(double max);

/* The y axis of p: grid lines and tick labels at nice steps (at most max_ticks), with decimals from the step,
 * and label (the quantity and its unit) written upwards beside the ticks. */
void svg_axis_y(Svg *s, const SvgPlot *p, const char *label, size_t max_ticks);

/* The x axis of p (numeric): ticks below the plot (powers of ten with x_log), and label centred under them. */
void svg_axis_x(Svg *s, const SvgPlot *p, const char *label, size_t max_ticks);

/* Category axes cut the plot's width into n equal bands: the centre px of band i, and a band's width. n = 0
 * is treated as 1. */
double svg_band(const SvgPlot *p, size_t i, size_t n);
double svg_band_width(const SvgPlot *p, size_t n);

/* The names (n,) centred under the n bands, the baseline of the plot drawn, and label under the names. */
void svg_categories(Svg *s, const SvgPlot *p, const char *const *names, size_t n, const char *label);

/* One legend entry: a filled box, a line (dashed or not) or a dot in its style, then its text. */
enum { SVG_KEY_BOX, SVG_KEY_LINE, SVG_KEY_DOT, SVG_KEY_MARK };
typedef struct {
    int kind;
    SvgStyle style;
    const char *text;
} SvgKey;

/* Writes the n keys in a row from (x, y), y being the text baseline, wrapping at max_x to a new row 20 px
 * lower, each in a group of kind "key" (lib/test/svg_check.c --colours: a key's colour is one the picture draws
 * outside its legend); returns the baseline of the last row. */
double svg_legend(Svg *s, double x, double y, double max_x, const SvgKey *keys, size_t n);

/* A bar at band centre `centre` px, `width` px wide, from the plot's y_min up to value, with label (NULL for
 * none) set 4 px above its top. A value beyond the range is drawn to the edge. */
void svg_bar(Svg *s, const SvgPlot *p, double centre, double width, double value, SvgStyle style,
             const SvgDatum *datum, const char *label);

/* A removed token's ghost at band centre `centre`: a dashed outline `width` px wide from the plot's y_min up to
 * before (its value before the stage that removed it), and stage (the stage's name, "top-k"; NULL for none) set
 * 4 px above it in muted text. datum is what the bar stands for (a removed token's p after: 0). */
void svg_ghost_bar(Svg *s, const SvgPlot *p, double centre, double width, double before, const char *stage,
                   const SvgDatum *datum);

/* The mark of a penalized or biased token: a small vermillion triangle pointing down, centred on x, its top at
 * y (about 8 px wide and 7 px tall). */
void svg_mark(Svg *s, double x, double y);

/* The style of a removed token (a ghost): no fill, a dashed grey outline. */
SvgStyle svg_ghost_style(void);

/* The style of a disabled stage ("?"): white, a dotted light-grey outline; write its name in SVG_DISABLED. */
SvgStyle svg_disabled_style(void);

/* A picture's heading at (x, y): title in bold, and subtitle (NULL for none) in smaller, muted text under it. */
void svg_heading(Svg *s, double x, double y, const char *title, const char *subtitle);

/* Writes text as lines of at most max_width px (svg_text_width), breaking at spaces, from baseline y in steps
 * of line_height; returns the baseline after the last line. */
double svg_wrap(Svg *s, double x, double y, double max_width, double line_height, SvgFont font, const char *text);

#endif
