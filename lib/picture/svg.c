/* svg.c: the SVG writer: elements, attributes and escaping, written straight to the caller's FILE. */
#include "svg.h"
#include "text.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* printf into the picture; a failed write marks the writer failed, and a failed writer writes nothing more. */
static void put(Svg *s, const char *format, ...)
{
    if (s->failed)
        return;
    va_list args;
    va_start(args, format);
    if (vfprintf(s->out, format, args) < 0)
        s->failed = true;
    va_end(args);
}

/* text escaped for XML, in text or in a double-quoted attribute. A byte that is no part of a well-formed UTF-8
 * character (a label cut in the middle of one, say) is written as '?', as a control is: an SVG of malformed UTF-8
 * is no XML, and a browser shows none of it. */
static void put_escaped(Svg *s, const char *text)
{
    for (const unsigned char *c = (const unsigned char *)text; *c != '\0'; c++) {
        switch (*c) {
        case '&': put(s, "&amp;"); break;
        case '<': put(s, "&lt;"); break;
        case '>': put(s, "&gt;"); break;
        case '"': put(s, "&quot;"); break;
        case '\'': put(s, "&apos;"); break;
        default:
            if (*c >= 0x80) {
                size_t n = utf8_char_length(c, 4);      /* NUL-terminated: 4 is safe */
                put(s, "%.*s", n > 0 ? (int)n : 1, n > 0 ? (const char *)c : "?");
                c += n > 0 ? n - 1 : 0;
            } else {
                put(s, "%c", *c < ' ' || *c == 0x7f ? '?' : *c);     /* XML 1.0 forbids controls */
            }
        }
    }
}

SvgNumber svg_number(double value, int decimals)
{
    SvgNumber n;
    if (isnan(value) || isinf(value)) {
        snprintf(n.text, sizeof n.text, "%s", isnan(value) ? "nan" : value > 0 ? "inf" : "-inf");
    } else if (decimals >= 0) {
        snprintf(n.text, sizeof n.text, "%.*f", decimals > 20 ? 20 : decimals, value);
    } else {
        for (int digits = 1; digits <= 17; digits++) {     /* 17 significant digits always read back */
            snprintf(n.text, sizeof n.text, "%.*g", digits, value);
            if (strtod(n.text, NULL) == value)
                break;
        }
    }
    return n;
}

/* A coordinate: two decimals are far below a pixel. A non-finite one (a caller's bug) is written as 0. */
static SvgNumber px(double v)
{
    SvgNumber n = svg_number(isfinite(v) ? v : 0, 2);
    char *end = n.text + strlen(n.text);
    while (end[-1] == '0')          /* "12.50" -> "12.5", "3.00" -> "3" */
        *--end = '\0';
    if (end[-1] == '.')
        end[-1] = '\0';
    if (strcmp(n.text, "-0") == 0)
        strcpy(n.text, "0");
    return n;
}

void svg_begin(Svg *s, FILE *out, double width, double height, const char *title)
{
    s->out = out;
    s->width = width > 0 ? width : 1;
    s->height = height > 0 ? height : 1;
    s->failed = out == NULL;
    put(s, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%s\" height=\"%s\" ", px(s->width).text,
        px(s->height).text);
    put(s, "viewBox=\"0 0 %s %s\" font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\" ", px(s->width).text,
        px(s->height).text);
    put(s, "font-size=\"14\" fill=\"%s\" role=\"img\">\n", SVG_TEXT);
    if (title != NULL) {
        put(s, "<title>");
        put_escaped(s, title);
        put(s, "</title>\n");
    }
    put(s, "<rect x=\"0\" y=\"0\" width=\"%s\" height=\"%s\" fill=\"%s\"/>\n", px(s->width).text,
        px(s->height).text, SVG_PAPER);
}

int svg_end(Svg *s)
{
    put(s, "</svg>\n");
    if (!s->failed && (fflush(s->out) != 0 || ferror(s->out)))
        s->failed = true;
    return s->failed ? -1 : 0;
}

static void put_style(Svg *s, SvgStyle style)
{
    put(s, " fill=\"%s\"", style.fill != NULL ? style.fill : "none");
    if (style.stroke != NULL) {
        put(s, " stroke=\"%s\"", style.stroke);
        if (style.stroke_width > 0 && style.stroke_width != 1)
            put(s, " stroke-width=\"%s\"", px(style.stroke_width).text);
        if (style.dash != NULL)
            put(s, " stroke-dasharray=\"%s\"", style.dash);
    }
}

static void put_datum(Svg *s, const SvgDatum *d)
{
    if (d == NULL || d->series == NULL)
        return;
    put(s, " data-series=\"");
    put_escaped(s, d->series);
    put(s, "\"");
    if (d->label != NULL) {
        put(s, " data-label=\"");
        put_escaped(s, d->label);
        put(s, "\"");
    }
    put(s, " data-value=\"");
    put_escaped(s, d->text != NULL ? d->text : svg_number(d->value, -1).text);
    put(s, "\"");
}

void svg_group_begin(Svg *s, const char *kind)
{
    if (kind == NULL) {
        put(s, "<g>\n");
        return;
    }
    put(s, "<g class=\"");
    put_escaped(s, kind);
    put(s, "\">\n");
}

void svg_group_end(Svg *s)
{
    put(s, "</g>\n");
}

void svg_rect(Svg *s, double x, double y, double width, double height, SvgStyle style, const SvgDatum *datum)
{
    if (width < 0) {
        x += width;
        width = -width;
    }
    if (height < 0) {
        y += height;
        height = -height;
    }
    put(s, "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\"", px(x).text, px(y).text, px(width).text,
        px(height).text);
    put_style(s, style);
    put_datum(s, datum);
    put(s, "/>\n");
}

void svg_line(Svg *s, double x1, double y1, double x2, double y2, SvgStyle style, const SvgDatum *datum)
{
    put(s, "<line x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\"", px(x1).text, px(y1).text, px(x2).text, px(y2).text);
    if (style.stroke == NULL)
        style.stroke = SVG_TEXT;
    put_style(s, style);
    put_datum(s, datum);
    put(s, "/>\n");
}

void svg_circle(Svg *s, double cx, double cy, double r, SvgStyle style, const SvgDatum *datum)
{
    put(s, "<circle cx=\"%s\" cy=\"%s\" r=\"%s\"", px(cx).text, px(cy).text, px(r).text);
    put_style(s, style);
    put_datum(s, datum);
    put(s, "/>\n");
}

void svg_polyline(Svg *s, const double *xs, const double *ys, size_t n, SvgStyle style, const char *series,
                  const double *values)
{
    if (n < 2)
        return;
    put(s, "<polyline points=\"");
    bool first = true;
    for (size_t i = 0; i < n; i++) {
        if (!isfinite(xs[i]) || !isfinite(ys[i]))
            continue;
        put(s, "%s%s,%s", first ? "" : " ", px(xs[i]).text, px(ys[i]).text);
        first = false;
    }
    put(s, "\"");
    style.fill = NULL;
    if (style.stroke == NULL)
        style.stroke = SVG_TEXT;
    put_style(s, style);
    put(s, " stroke-linejoin=\"round\"");
    if (series != NULL) {
        put(s, " data-series=\"");
        put_escaped(s, series);
        put(s, "\"");
        if (values != NULL) {
            put(s, " data-values=\"");
            for (size_t i = 0; i < n; i++)
                put(s, "%s%s", i ? " " : "", svg_number(values[i], -1).text);
            put(s, "\"");
        }
    }
    put(s, "/>\n");
}

void svg_polygon(Svg *s, const double *xs, const double *ys, size_t n, SvgStyle style, const SvgDatum *datum)
{
    if (n < 3)
        return;
    put(s, "<polygon points=\"");
    for (size_t i = 0; i < n; i++)
        put(s, "%s%s,%s", i ? " " : "", px(xs[i]).text, px(ys[i]).text);
    put(s, "\"");
    put_style(s, style);
    put_datum(s, datum);
    put(s, "/>\n");
}

void svg_text(Svg *s, double x, double y, SvgFont font, const char *text, const SvgDatum *datum)
{
    if (text == NULL || text[0] == '\0')
        return;
    put(s, "<text x=\"%s\" y=\"%s\"", px(x).text, px(y).text);
    if (font.size > 0 && font.size != 14)
        put(s, " font-size=\"%s\"", px(font.size).text);
    if (font.anchor != NULL && strcmp(font.anchor, "start") != 0)
        put(s, " text-anchor=\"%s\"", font.anchor);
    if (font.bold)
        put(s, " font-weight=\"bold\"");
    if (font.colour != NULL)
        put(s, " fill=\"%s\"", font.colour);
    if (font.rotate != 0)
        put(s, " transform=\"rotate(%s %s %s)\"", px(-font.rotate).text, px(x).text, px(y).text);
    put_datum(s, datum);
    put(s, ">");
    put_escaped(s, text);
    put(s, "</text>\n");
}

double svg_text_width(const char *text, double size)
{
    size_t characters = 0;
    for (const unsigned char *c = (const unsigned char *)text; c != NULL && *c != '\0'; c++)
        characters += (*c & 0xC0) != 0x80;     /* a UTF-8 continuation byte is no new character */
    return 0.6 * (size > 0 ? size : 14) * (double)characters;
}
