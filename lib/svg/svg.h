/* svg.h: a small SVG writer on stdio, for the lessons' pictures (make pictures). Not a sampler: nothing else in
 * lib/ includes it, and it includes nothing of lib/.
 *
 * Plain SVG 1.1 that any browser opens with nothing else installed: text stays <text> (readable at any size,
 * searchable), no scripts, no external fonts or images, no ids (a page may inline several pictures). Colours
 * come from the Okabe-Ito palette, which readers with any of the common colour-vision deficiencies can tell
 * apart; every series also gets a label in words, so no colour carries meaning alone.
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
 * defines: Svg, SvgStyle, SvgFont, SvgDatum, SVG_*, svg_colour, svg_begin, svg_end, svg_group_begin,
 * svg_group_end, svg_rect, svg_line, svg_circle, svg_polyline, svg_polygon, svg_text, svg_text_width, svg_number,
 * SvgNumber.
 */
#ifndef SVG_H
#define SVG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

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

/* Okabe & Ito's palette (2008), in the order the pictures use it: blue, orange, bluish green, vermillion,
 * reddish purple, sky blue, black, yellow (last: it is faint on white). */
#define SVG_N_COLOURS 8
#define SVG_TEXT "#222222"      /* text and axes */
#define SVG_GRID "#E4E4E4"      /* grid lines */
#define SVG_MUTED "#6B6B6B"     /* secondary text: units, notes */
/* The pictures' one visual grammar (chart.h draws it): */
#define SVG_BEFORE "#56B4E9"    /* a value before the rule acts: sky blue, in every picture */
#define SVG_AFTER "#0072B2"     /* the same value after it: blue, in every picture */
#define SVG_MARK "#D55E00"      /* the mark of a penalized or biased token: vermillion */
#define SVG_GHOST "#6B6B6B"     /* a removed token: a dashed outline of this colour at its value before, no fill */
#define SVG_DISABLED "#A6A6A6"  /* a disabled stage ("?"): a dotted outline of this colour, its name muted */

/* Colour i of the palette, cycling after SVG_N_COLOURS, as "#RRGGBB". */
const char *svg_colour(size_t i);

/* Starts a picture of width x height px on out: the <svg> element with the fonts, a white background, and
 * <title> (escaped; NULL for none), which browsers show as the tooltip and screen readers read. Bad input: NULL
 * out marks the writer failed and writes nothing; a size <= 0 (or NaN) becomes 1 px. */
void svg_begin(Svg *s, FILE *out, double width, double height, const char *title);

/* Closes the <svg> element and flushes. Returns 0 when every write succeeded, -1 otherwise. Does not close
 * the file. */
int svg_end(Svg *s);

/* Opens a group, <g>, or <g class="kind"> when kind is not NULL ("grid": shapes that are never in a text's
 * way); svg_group_end closes the last one opened. A text may touch the shapes of its own innermost group only. */
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
