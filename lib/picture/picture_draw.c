/* picture_draw.c: the drawing helpers the pictures share (picture_draw.h): the measuring writer, the heading,
 * text boxes and the room for labels, the series colours, a token's p, the bars per token and their legend
 * (Examples 1 to 6 draw with them), a label kept off a line, and the cut of a long text. */
#include "picture/picture_draw.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

Svg picture_measure(void)
{
    Svg dry;
    svg_begin(&dry, NULL, 1, 1, NULL);      /* no file: a failed writer, which writes nothing */
    return dry;
}

double picture_heading(Svg *s, double width, const char *title, const char *subtitle)
{
    double y = svg_wrap(s, 20, 30, width - 40, 22, (SvgFont){18, NULL, true, NULL, 0}, title);
    if (subtitle != NULL)
        y = svg_wrap(s, 20, y + 20, width - 40, 18, (SvgFont){13, NULL, false, SVG_MUTED, 0}, subtitle) - 20;
    return y - 30;
}

/* ===== Room for labels ===== */

PictureBox picture_text_box(double x, double y, SvgFont font, const char *text)
{
    double size = font.size > 0 ? font.size : 14, width = svg_text_width(text, size);
    double left = font.anchor == NULL || strcmp(font.anchor, "start") == 0 ? x
                  : strcmp(font.anchor, "middle") == 0 ? x - width / 2 : x - width;
    return (PictureBox){left, y - 0.8 * size, left + width, y + 0.2 * size};
}

void picture_space_add(PictureSpace *sp, PictureBox b, double margin)
{
    if (sp->n == PICTURE_SPACE_CAP)
        return;
    sp->boxes[sp->n++] = (PictureBox){fmin(b.left, b.right) - margin, fmin(b.top, b.bottom) - margin,
                                      fmax(b.left, b.right) + margin, fmax(b.top, b.bottom) + margin};
}

bool picture_space_free(const PictureSpace *sp, PictureBox b)
{
    for (size_t k = 0; k < sp->n; k++)
        if (b.left < sp->boxes[k].right && sp->boxes[k].left < b.right && b.top < sp->boxes[k].bottom &&
            sp->boxes[k].top < b.bottom)
            return false;
    return true;
}

double picture_place_text(PictureSpace *sp, double x, double y, double step, SvgFont font, const char *text)
{
    for (int tries = 0; tries < 40 && !picture_space_free(sp, picture_text_box(x, y, font, text)); tries++)
        y += step;
    picture_space_add(sp, picture_text_box(x, y, font, text), 0);
    return y;
}

double picture_place_mark(PictureSpace *sp, double x, double above)
{
    PictureBox mark = {x - 4, above - 10, x + 4, above - 3};
    for (int tries = 0; tries < 40 && !picture_space_free(sp, mark); tries++) {
        mark.top -= 6;
        mark.bottom -= 6;
    }
    picture_space_add(sp, mark, 1);
    return mark.top;
}

/* ===== Bars per token ===== */

const char *picture_series_colour(const PictureSeries *series, size_t j, size_t colour)
{
    return series[j].colour != NULL ? series[j].colour : colour + j == 0 ? SVG_BEFORE : SVG_AFTER;
}

double picture_p_of(const TokenData *data, size_t size, int32_t id)
{
    for (size_t i = 0; i < size; i++)
        if (data[i].id == id)
            return data[i].logit == -INFINITY ? -1 : data[i].p;
    return -1;
}

/* The logit of token id in data (size,), or NaN when data lacks it. */
static double picture_logit_of(const TokenData *data, size_t size, int32_t id)
{
    for (size_t i = 0; i < size; i++)
        if (data[i].id == id)
            return data[i].logit;
    return NAN;
}

double picture_bars_size(size_t n_words, size_t n_series)
{
    return (double)n_words * ((double)n_series * 40 + 28);
}

double picture_bar_width(const SvgPlot *plot, size_t n_words, size_t n_series)
{
    return (svg_band_width(plot, n_words) - 20) / (double)(n_series > 0 ? n_series : 1);
}

double picture_bar_centre(const SvgPlot *plot, size_t i, size_t n_words, size_t j, size_t n_series)
{
    double band = svg_band_width(plot, n_words);
    return svg_band(plot, i, n_words) - band / 2 + 10 + picture_bar_width(plot, n_words, n_series) * ((double)j + 0.5);
}

/* Where bar j of token i goes (picture_bar_centre), and *width its width; with options->first_slim the first
 * series is 8 px wide and the others share the rest of the band. */
static double picture_bar_at(const SvgPlot *plot, size_t i, size_t n_words, size_t j, size_t n_series,
                             const PictureBarsOptions *o, double *width)
{
    if (o == NULL || !o->first_slim || n_series < 2) {
        *width = picture_bar_width(plot, n_words, n_series) - 4;
        return picture_bar_centre(plot, i, n_words, j, n_series);
    }
    double band = svg_band_width(plot, n_words), left = svg_band(plot, i, n_words) - band / 2 + 6;
    double pitch = (band - 12 - 14) / (double)(n_series - 1);
    *width = j == 0 ? 8 : pitch - 4;
    return j == 0 ? left + 4 : left + 14 + pitch * ((double)j - 0.5);
}

/* The p a removed token's ghost stands at: its p before the stage that removed it (options), 0 when unknown. */
static double picture_ghost_p(const PictureSeries *series, size_t j, int32_t id, const PictureBarsOptions *o)
{
    double p = o != NULL && o->before != NULL ? picture_p_of(o->before, o->before_size, id)
               : j > 0 ? picture_p_of(series[0].data, series[0].size, id) : 0;
    return p > 0 ? p : 0;
}

/* Whether bar j of token id carries the mark: options ask for it, and the rule changed its logit (from
 * options->mark_from, or else from the first series'). */
static bool picture_marked(const PictureSeries *series, size_t j, int32_t id, const PictureBarsOptions *o)
{
    if (o == NULL || !o->mark_changed || (j == 0 && o->mark_from == NULL))
        return false;
    double was = o->mark_from != NULL ? o->mark_from[id] : picture_logit_of(series[0].data, series[0].size, id);
    double now = picture_logit_of(series[j].data, series[j].size, id);
    return !isnan(was) && !isnan(now) && now != was;
}

/* Why a kept token of series (p = 0 exactly, a finite logit) has p = 0, as options->zero_why says it; NULL when
 * options do not ask. */
static const char *picture_zero_why(const PictureSeries *series, const PictureBarsOptions *o)
{
    if (o == NULL || !o->zero_why)
        return NULL;
    for (size_t i = 0; i < series->size; i++)
        if (series->data[i].logit == INFINITY)
            return "0: +inf takes all";
    return "0: underflow";
}

void picture_token_bars_with(Svg *s, const SvgPlot *plot, const char *const *words, size_t n_words,
                             const PictureSeries *series, size_t n_series, int decimals, size_t colour,
                             const char *y_label, const PictureBarsOptions *options)
{
    PictureSpace space = {.n = 0};
    double bar, base = svg_y(plot, plot->y_min);
    SvgFont small = {11, "middle", false, NULL, 0};
    svg_axis_y(s, plot, y_label, 6);
    for (size_t i = 0; i < n_words; i++)        /* every bar first, so that no label lands on a later one */
        for (size_t j = 0; j < n_series; j++) {
            double p = picture_p_of(series[j].data, series[j].size, (int32_t)i);
            double x = picture_bar_at(plot, i, n_words, j, n_series, options, &bar);
            double top = svg_y(plot, fmin(plot->y_max, p < 0 ? picture_ghost_p(series, j, (int32_t)i, options) : p));
            picture_space_add(&space, (PictureBox){x - bar / 2, top, x + bar / 2, base}, 0.5);
        }
    for (size_t i = 0; i < n_words; i++) {
        for (size_t j = 0; j < n_series; j++) {
            double p = picture_p_of(series[j].data, series[j].size, (int32_t)i);
            double x = picture_bar_at(plot, i, n_words, j, n_series, options, &bar), value = p < 0 ? 0 : p;
            double shown = p < 0 ? picture_ghost_p(series, j, (int32_t)i, options) : p;
            double top = svg_y(plot, fmin(plot->y_max, shown));
            SvgDatum d = {series[j].name, words[i], value, NULL};
            SvgNumber label = svg_number(p, decimals);
            if (p > 0 && strtod(label.text, NULL) == 0)      /* "<0.001": above 0, below what the table prints */
                snprintf(label.text, sizeof label.text, "<%.*f", decimals, pow(10, -decimals));
            const char *stage = options != NULL && options->stages != NULL ? options->stages[i]
                                : options != NULL && options->stage != NULL ? options->stage : "removed";
            const char *text = p < 0 ? stage : label.text, *why = p == 0 ? picture_zero_why(&series[j], options) : NULL;
            SvgFont font = small;
            font.colour = p < 0 ? SVG_TEXT_OF(REMOVED) : NULL;
            bool labelled = !(options != NULL && options->first_slim && j == 0 && n_series > 1);
            /* why upwards from the base: a text turned a quarter, its glyphs centred on x (svg_check's box) */
            PictureBox up = {x + 3.3 - 0.8 * 11, base - 4 - svg_text_width(why, 11), x + 3.3 + 0.2 * 11, base - 4};
            if (labelled && why != NULL && picture_space_free(&space, up)) {
                picture_space_add(&space, up, 0);
                text = why;
                font.rotate = 90;
                font.anchor = NULL;
            }
            double y = !labelled ? top : font.rotate != 0 ? base - 4 : picture_place_text(&space, x, top - 4, -12, font,
                                                                                             text);
            svg_group_begin(s, NULL);
            svg_rect(s, x - bar / 2, top, bar, base - top,
                     p < 0 ? svg_ghost_style() : (SvgStyle){picture_series_colour(series, j, colour), NULL, 0, NULL},
                     &d);
            if (labelled)
                svg_text(s, font.rotate != 0 ? x + 3.3 : x, y, font, text, NULL);
            double over = !labelled ? top : font.rotate != 0 ? up.top : picture_text_box(x, y, font, text).top;
            if (picture_marked(series, j, (int32_t)i, options))
                over = picture_place_mark(&space, x, over);
            if (picture_marked(series, j, (int32_t)i, options))
                svg_mark(s, x, over);
            if (options != NULL && options->note != NULL && options->note_token == (int32_t)i && j + 1 == n_series) {
                SvgFont bold = {11, "middle", true, SVG_TEXT_OF(AFTER), 0};
                svg_text(s, x, picture_place_text(&space, x, over - 4, -12, bold, options->note), bold, options->note,
                         NULL);
            }
            svg_group_end(s);
        }
    }
    svg_categories(s, plot, words, n_words, "token");
}

double picture_series_legend_with(Svg *s, double x, double y, double max_x, const PictureSeries *series,
                                  size_t n_series, size_t n_words, size_t colour, const PictureBarsOptions *options)
{
    SvgKey keys[10];
    size_t n = n_series < 8 ? n_series : 8;
    bool removed = false, marked = false;
    for (size_t j = 0; j < n; j++) {
        keys[j] = (SvgKey){SVG_KEY_BOX, {picture_series_colour(series, j, colour), NULL, 0, NULL}, series[j].legend};
        for (size_t i = 0; i < n_words; i++) {
            removed |= picture_p_of(series[j].data, series[j].size, (int32_t)i) < 0;
            marked |= picture_marked(series, j, (int32_t)i, options);
        }
    }
    if (removed)
        keys[n++] = (SvgKey){SVG_KEY_BOX, svg_ghost_style(), "removed: p = 0 (dashed: its p before, the stage named)"};
    if (marked)
        keys[n++] = (SvgKey){SVG_KEY_MARK, {0}, options->mark_legend != NULL ? options->mark_legend
                                                                        : "its logit changed by the rule"};
    return svg_legend(s, x, y, max_x, keys, n);
}

double picture_largest_p(const PictureSeries *series, size_t n_series)
{
    double top = 0;
    for (size_t j = 0; j < n_series; j++)
        for (size_t i = 0; i < series[j].size; i++)
            top = series[j].data[i].p > top ? series[j].data[i].p : top;
    return top;
}

double picture_off_line(double baseline, double size, double line_y, bool above)
{
    if (baseline + 0.2 * size < line_y - 2 || baseline - 0.8 * size > line_y + 2)
        return baseline;
    return above ? line_y - 2.5 - 0.2 * size : line_y + 2.5 + 0.8 * size;
}

LessonText picture_cut(const char *text, size_t max_chars)
{
    LessonText cut = {""};
    size_t chars = 0, bytes = 0, keep = 0, limit = max_chars < 120 ? max_chars : 120;
    for (const unsigned char *c = (const unsigned char *)(text != NULL ? text : ""); c[bytes] != '\0'; bytes++)
        if ((c[bytes] & 0xC0) != 0x80 && ++chars == (limit > 3 ? limit - 3 : 0) + 1)
            keep = bytes;       /* where the first character past the "..." room starts */
    if (chars <= limit) {
        snprintf(cut.text, sizeof cut.text, "%s", text != NULL ? text : "");
        return cut;
    }
    snprintf(cut.text, sizeof cut.text, "%.*s...", (int)keep, text);
    return cut;
}
