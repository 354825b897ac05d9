/* svg.h: a small SVG writer on stdio, for the lessons' pictures (make pictures). Not a sampler: nothing else in
 * lib/ includes it, and it includes nothing of lib/.
 *
 * Plain SVG 1.1 that any browser opens with nothing else installed: text stays <text> (readable at any size,
 * searchable), no scripts, no external fonts or images, no ids (a page may inline several pictures). Colours
 * come from one table (palette.h), each colour with one meaning in every picture, from palettes that readers
 * with the common colour-vision deficiencies tell apart; every series also gets a label in words, so no colour
 * carries meaning alone.
 *
 * Every drawn value can carry itself as data attributes, data-series="p after" data-label="the"
 * data-value="0.38077...", the exact double in its shortest round-trip form, so that a test reads back what was
 * drawn and compares it with the lesson's table. A polyline carries all its values, space-separated, in
 * data-values.
 *
 * Coordinates are pixels, y growing downwards (SVG's own). The writer remembers the first write error; svg_end
 * reports it. Text is escaped for XML; a control character (not allowed in XML 1.0) is written as "?".
 *
 * Groups say what a text labels (lib/test/svg_check.c checks it): a text may touch the shapes of its own
 * innermost <g> (svg_group_begin), a bar and its value, a legend key and its words, and nothing else; the shapes
 * of a group of kind "grid" (grid lines, drawn under everything) are never in a text's way. No text may overlap
 * another text or cross the canvas edge. A text's box, as svg_check measures it: svg_text_width wide, placed by
 * its anchor, from 0.8 x size above its baseline to 0.2 x size below, turned with its rotation (quarter turns
 * only); a text outside any group may touch no shape. `build/bin/svg_check FILE` lists every collision.
 *
 * defines: Svg, SvgStyle, SvgFont, SvgDatum, SVG_*, SVG_COLOUR_OF, SVG_TEXT_OF, svg_begin, svg_end, svg_group_begin,
 * svg_group_end, svg_rect, svg_line, svg_circle, svg_polyline, svg_polygon, svg_text, svg_text_width, svg_number,
 * SvgNumber.
 */
#ifndef SVG_H
#define SVG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "palette.h"

typedef struct {
    FILE *out;          /* where the SVG goes; the caller opens and closes it */
    double width;       /* px */
    double height;      /* px */
    bool failed;        /* a write failed (ferror), or out was NULL */
} Svg;

/* How a shape is painted. NULL fill or stroke means none; a zero stroke_width means 1. */
typedef struct {
    const char *fill;
    const char *stroke;
    double stroke_width;    /* px */
    const char *dash;       /* stroke-dasharray ("4 3"), NULL for a solid line */
} SvgStyle;

/* How a text is set: size in px, anchor "start", "middle" or "end" (NULL: start), bold or not, a colour (NULL:
 * the text colour) and a rotation in degrees about (x, y), counterclockwise as a reader sees it (90: upwards). */
typedef struct {
    double size;
    const char *anchor;
    bool bold;
    const char *colour;
    double rotate;
} SvgFont;

/* What a drawn shape stands for: data-series, data-label and data-value. value is written exactly (shortest
 * round-trip digits); text, when not NULL, is written as data-value instead (a word, a generated text). NULL
 * series writes nothing. */
typedef struct {
    const char *series;
    const char *label;
    double value;
    const char *text;
} SvgDatum;

/* The pictures' colours, each an entry of the one palette table (palette.h), by what it means: */
#define SVG_TEXT svg_palette[SVG_PAINT_INK].colour          /* text and axes */
#define SVG_GRID svg_palette[SVG_PAINT_GRID].colour         /* grid lines */
#define SVG_MUTED svg_palette[SVG_PAINT_MUTED].colour       /* secondary text: units, notes */
#define SVG_PAPER svg_palette[SVG_PAINT_PAPER].colour       /* the background; text on a dark fill */
/* The pictures' one visual grammar (chart.h draws it): */
#define SVG_BEFORE svg_palette[SVG_PAINT_BEFORE].colour     /* a value before the rule acts: sky blue */
#define SVG_AFTER svg_palette[SVG_PAINT_AFTER].colour       /* the same value after it: blue */
#define SVG_MARK svg_palette[SVG_PAINT_MARK].colour         /* the mark of a penalized or biased token */
#define SVG_GHOST svg_palette[SVG_PAINT_REMOVED].colour     /* a removed token: a dashed outline, no fill */
#define SVG_DISABLED svg_palette[SVG_PAINT_DISABLED].colour /* a disabled stage ("?"): a dotted outline */
/* A meaning's colour (SVG_COLOUR_OF(NAIVE): its fill or stroke), and its text shade (4.5:1 or more on white): a
 * label in the colour of what it names. */
#define SVG_COLOUR_OF(meaning) svg_palette[SVG_PAINT_##meaning].colour
#define SVG_TEXT_OF(meaning) svg_palette[SVG_PAINT_##meaning].text

/* Starts a picture of width x height px on out: the <svg> element with the fonts, a white background, and
 * <title> (escaped; NULL for none), which browsers show as the tooltip and screen readers read. Bad input: NULL
 * out marks the writer failed and writes nothing; a size <= 0 (or NaN) becomes 1 px. */
void svg_begin(Svg *s, FILE *out, double width, double height, const char *title);

/* Closes the <svg> element and flushes. Returns 0 when every write succeeded, -1 otherwise. Does not close
 * the file. */
int svg_end(Svg *s);

/* Opens a group, <g>, or <g class="kind"> when kind is not NULL ("grid": shapes that are never in a text's
 * way; "key": an entry of a legend, whose colours must be drawn elsewhere in the picture); svg_group_end closes
 * the last one opened. A text may touch the shapes of its own innermost group only. */
void svg_group_begin(Svg *s, const char *kind);
void svg_group_end(Svg *s);

/* A rectangle with its top-left corner at (x, y); a negative width or height is drawn from the other corner.
 * datum may be NULL. */
void svg_rect(Svg *s, double x, double y, double width, double height, SvgStyle style, const SvgDatum *datum);

/* A straight line from (x1, y1) to (x2, y2). */
void svg_line(Svg *s, double x1, double y1, double x2, double y2, SvgStyle style, const SvgDatum *datum);

/* A circle of radius r px at (cx, cy). */
void svg_circle(Svg *s, double cx, double cy, double r, SvgStyle style, const SvgDatum *datum);

/* A polyline through the n points (xs[i], ys[i]) px, unfilled. With series not NULL it carries data-series and
 * data-values, the n values (n,) it draws (values may be NULL: then nothing but data-series). Nothing is drawn
 * for n < 2. NaN or infinite points are skipped. */
void svg_polyline(Svg *s, const double *xs, const double *ys, size_t n, SvgStyle style, const char *series,
                  const double *values);

/* A closed polygon through the n points (xs[i], ys[i]) px, filled and stroked by style. Nothing for n < 3. */
void svg_polygon(Svg *s, const double *xs, const double *ys, size_t n, SvgStyle style, const SvgDatum *datum);

/* A text at (x, y), y being its baseline. text is escaped; NULL or "" draws nothing. */
void svg_text(Svg *s, double x, double y, SvgFont font, const char *text, const SvgDatum *datum);

/* About how wide text is in px at this size: 0.6 em a character (DejaVu Sans averages about 0.58; a character
 * is a UTF-8 sequence, not a byte), for spacing labels, never for anything a reader must measure. svg_check
 * measures a text's box the same way. A size <= 0 counts as 14; NULL is 0 px wide. */
double svg_text_width(const char *text, double size);

/* A number as text, short enough to live in an argument. */
typedef struct {
    char text[40];
} SvgNumber;

/* value with `decimals` digits after the point ("%.*f"); decimals < 0 gives the shortest digits that read
 * back as value exactly ("0.1", "3.8e-44"). inf, -inf and NaN give "inf", "-inf", "nan". */
SvgNumber svg_number(double value, int decimals);

#endif
