/* chart.c: scales, nice ticks, axes, bands, bars and legends on top of svg.c. */
#include "chart.h"

#include <math.h>
#include <string.h>

double svg_x(const SvgPlot *p, double x)
{
    if (p->x_log) {
        if (!(x > 0) || !(p->x_min > 0) || p->x_max <= p->x_min)
            return p->left;
        return p->left + p->width * (log10(x) - log10(p->x_min)) / (log10(p->x_max) - log10(p->x_min));
    }
    if (!(p->x_max > p->x_min))
        return p->left + p->width / 2;
    return p->left + p->width * (x - p->x_min) / (p->x_max - p->x_min);
}

double svg_y(const SvgPlot *p, double y)
{
    if (!(p->y_max > p->y_min))
        return p->top + p->height / 2;
    return p->top + p->height * (1 - (y - p->y_min) / (p->y_max - p->y_min));
}

/* The nice step (1, 2 or 5 x 10^k) that cuts range into at most `most` steps. */
static double nice_step(double range, size_t most)
{
    double raw = range / (double)most;
    double power = pow(10, floor(log10(raw)));
    static const double steps[] = {1, 2, 5, 10};
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++)
        if (steps[i] * power >= raw * (1 - 1e-9))
            return steps[i] * power;
    return 10 * power;
}

size_t svg_ticks(double min, double max, size_t max_ticks, double *ticks, size_t cap)
{
    if (!isfinite(min) || !isfinite(max) || min > max || max_ticks < 2 || cap == 0)
        return 0;
    if (min == max) {
        ticks[0] = min;
        return 1;
    }
    double step = nice_step(max - min, max_ticks - 1);
    size_t n = 0;
    for (double k = ceil(min / step - 1e-9); n < cap && n < max_ticks; k++) {
        double t = k * step;
        if (t > max + step * 1e-9)
            break;
        ticks[n++] = fabs(t) < step * 1e-9 ? 0 : t;     /* no "-0" */
    }
    return n;
}

double svg_nice_ceiling(double max)
{
    if (!(max > 0) || !isfinite(max))
        return 1;
    double step = nice_step(max, 5);
    return ceil(max / step - 1e-9) * step;
}

/* The decimals a tick label needs to show ticks `step` apart: 0.1 -> 1, 0.05 -> 2, 5 -> 0. */
static int step_decimals(double step)
{
    int d = 0;
    while (d < 10 && fabs(step * pow(10, d) - round(step * pow(10, d))) > 1e-6)
        d++;
    return d;
}

void svg_axis_y(Svg *s, const SvgPlot *p, const char *label, size_t max_ticks)
{
    double ticks[32];
    size_t n = svg_ticks(p->y_min, p->y_max, max_ticks, ticks, 32);
    int decimals = n > 1 ? step_decimals(ticks[1] - ticks[0]) : 2;
    SvgFont small = {12, "end", false, SVG_MUTED, 0};
    double widest = 0;
    svg_group_begin(s, "grid");
    for (size_t i = 0; i < n; i++)
        svg_line(s, p->left, svg_y(p, ticks[i]), p->left + p->width, svg_y(p, ticks[i]),
                 (SvgStyle){NULL, SVG_GRID, 1, NULL}, NULL);
    svg_group_end(s);
    for (size_t i = 0; i < n; i++) {
        double y = svg_y(p, ticks[i]);
        svg_text(s, p->left - 6, y + 4, small, svg_number(ticks[i], decimals).text, NULL);
        double w = svg_text_width(svg_number(ticks[i], decimals).text, 12);
        widest = w > widest ? w : widest;
    }
    svg_line(s, p->left, p->top, p->left, p->top + p->height, (SvgStyle){NULL, SVG_TEXT, 1, NULL}, NULL);
    svg_text(s, p->left - widest - 16, p->top + p->height / 2, (SvgFont){13, "middle", false, NULL, 90}, label,
             NULL);
}

void svg_axis_x(Svg *s, const SvgPlot *p, const char *label, size_t max_ticks)
{
    double ticks[32];
    size_t n = 0;
    if (p->x_log) {
        for (double t = pow(10, ceil(log10(p->x_min) - 1e-9)); t <= p->x_max * (1 + 1e-9) && n < 32; t *= 10)
            ticks[n++] = t;
    } else {
        n = svg_ticks(p->x_min, p->x_max, max_ticks, ticks, 32);
    }
    int decimals = p->x_log ? 0 : n > 1 ? step_decimals(ticks[1] - ticks[0]) : 0;
    double bottom = p->top + p->height;
    svg_line(s, p->left, bottom, p->left + p->width, bottom, (SvgStyle){NULL, SVG_TEXT, 1, NULL}, NULL);
    for (size_t i = 0; i < n; i++) {
        double x = svg_x(p, ticks[i]);
        svg_line(s, x, bottom, x, bottom + 5, (SvgStyle){NULL, SVG_TEXT, 1, NULL}, NULL);
        svg_text(s, x, bottom + 18, (SvgFont){12, "middle", false, SVG_MUTED, 0}, svg_number(ticks[i], decimals).text,
                 NULL);
    }
    svg_text(s, p->left + p->width / 2, bottom + 36, (SvgFont){13, "middle", false, NULL, 0}, label, NULL);
}

double svg_band_width(const SvgPlot *p, size_t n)
{
    return p->width / (double)(n > 0 ? n : 1);
}

double svg_band(const SvgPlot *p, size_t i, size_t n)
{
    return p->left + svg_band_width(p, n) * ((double)i + 0.5);
}

void svg_categories(Svg *s, const SvgPlot *p, const char *const *names, size_t n, const char *label)
{
    double bottom = p->top + p->height;
    svg_line(s, p->left, bottom, p->left + p->width, bottom, (SvgStyle){NULL, SVG_TEXT, 1, NULL}, NULL);
    for (size_t i = 0; i < n; i++)
        svg_text(s, svg_band(p, i, n), bottom + 18, (SvgFont){14, "middle", false, NULL, 0}, names[i], NULL);
    svg_text(s, p->left + p->width / 2, bottom + 38, (SvgFont){13, "middle", false, SVG_MUTED, 0}, label, NULL);
}

double svg_legend(Svg *s, double x, double y, double max_x, const SvgKey *keys, size_t n)
{
    double at = x;
    for (size_t i = 0; i < n; i++) {
        double width = 26 + svg_text_width(keys[i].text, 13) + 18;
        if (at > x && at + width > max_x) {
            at = x;
            y += 20;
        }
        SvgStyle st = keys[i].style;
        svg_group_begin(s, "key");
        if (keys[i].kind == SVG_KEY_MARK) {
            svg_mark(s, at + 10, y - 10);
        } else if (keys[i].kind == SVG_KEY_LINE) {
            st.stroke_width = st.stroke_width > 0 ? st.stroke_width : 2;
            svg_line(s, at, y - 5, at + 20, y - 5, st, NULL);
        } else if (keys[i].kind == SVG_KEY_DOT) {
            svg_circle(s, at + 10, y - 5, 4, st, NULL);
        } else {
            svg_rect(s, at + 2, y - 12, 16, 12, st, NULL);
        }
        svg_text(s, at + 26, y, (SvgFont){13, NULL, false, NULL, 0}, keys[i].text, NULL);
        svg_group_end(s);
        at += width;
    }
    return y;
}

void svg_bar(Svg *s, const SvgPlot *p, double centre, double width, double value, SvgStyle style,
             const SvgDatum *datum, const char *label)
{
    double base = p->y_min;
    double top = value > p->y_max ? p->y_max : value < p->y_min ? p->y_min : value;
    double y0 = svg_y(p, base), y1 = svg_y(p, isfinite(top) ? top : base);
    svg_group_begin(s, NULL);
    svg_rect(s, centre - width / 2, y1, width, y0 - y1, style, datum);
    if (label != NULL)
        svg_text(s, centre, (y1 < y0 ? y1 : y0) - 4, (SvgFont){11, "middle", false, NULL, 0}, label, NULL);
    svg_group_end(s);
}

void svg_ghost_bar(Svg *s, const SvgPlot *p, double centre, double width, double before, const char *stage,
                   const SvgDatum *datum)
{
    double top = before > p->y_max ? p->y_max : before < p->y_min || !isfinite(before) ? p->y_min : before;
    double y0 = svg_y(p, p->y_min), y1 = svg_y(p, top);
    svg_group_begin(s, NULL);
    svg_rect(s, centre - width / 2, y1, width, y0 - y1, svg_ghost_style(), datum);
    if (stage != NULL)
        svg_text(s, centre, y1 - 4, (SvgFont){11, "middle", false, SVG_TEXT_OF(REMOVED), 0}, stage, NULL);
    svg_group_end(s);
}

void svg_mark(Svg *s, double x, double y)
{
    const double xs[] = {x - 4, x + 4, x}, ys[] = {y, y, y + 7};
    svg_polygon(s, xs, ys, 3, (SvgStyle){SVG_MARK, NULL, 0, NULL}, NULL);
}

SvgStyle svg_ghost_style(void)
{
    return (SvgStyle){NULL, SVG_GHOST, 1.2, "4 3"};
}

SvgStyle svg_disabled_style(void)
{
    return (SvgStyle){SVG_PAPER, SVG_DISABLED, 1, "1 3"};
}

void svg_heading(Svg *s, double x, double y, const char *title, const char *subtitle)
{
    svg_text(s, x, y, (SvgFont){18, NULL, true, NULL, 0}, title, NULL);
    if (subtitle != NULL)
        svg_text(s, x, y + 20, (SvgFont){13, NULL, false, SVG_MUTED, 0}, subtitle, NULL);
}

double svg_wrap(Svg *s, double x, double y, double max_width, double line_height, SvgFont font, const char *text)
{
    char line[512];
    size_t used = 0;
    const char *w = text;
    while (*w != '\0') {
        size_t length = strcspn(w, " ");
        char candidate[512];
        snprintf(candidate, sizeof candidate, "%.*s%s%.*s", (int)used, line, used ? " " : "", (int)length, w);
        if (used > 0 && svg_text_width(candidate, font.size) > max_width) {
            svg_text(s, x, y, font, line, NULL);
            y += line_height;
            snprintf(line, sizeof line, "%.*s", (int)length, w);
        } else {
            snprintf(line, sizeof line, "%s", candidate);
        }
        used = strlen(line);
        w += length;
        w += strspn(w, " ");
    }
    if (used > 0)
        svg_text(s, x, y, font, line, NULL);
    return y;
}
