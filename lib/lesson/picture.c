/* picture.c: recording a lesson's rows and writing its picture file (picture.h), and the bars per token
 * that Examples 1 to 6, 10 and 13 share. */
#include "lesson/picture.h"
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

Picture picture_start(const char *file)
{
    const char *path = getenv("LESSON_PICTURE");
    return (Picture){file, path != NULL && path[0] != '\0' ? path : NULL, NULL, 0, 0, false};
}

/* items (*cap of item_size bytes) with room for item n: the same pointer, or a larger copy (*cap doubled), or
 * NULL when out of memory (items is then unchanged). */
static void *picture_grow(void *items, size_t *cap, size_t n, size_t item_size)
{
    if (n < *cap)
        return items;
    size_t more = *cap > 0 ? 2 * *cap : 16;
    void *grown = realloc(items, more * item_size);
    if (grown != NULL)
        *cap = more;
    return grown;
}

PictureRow *picture_row(Picture *pic, int group, const char *label, const Candidates *c)
{
    if (pic->path == NULL || pic->out_of_memory)
        return NULL;
    PictureRow *rows = picture_grow(pic->rows, &pic->rows_cap, pic->n_rows, sizeof *pic->rows);
    if (rows == NULL) {
        pic->out_of_memory = true;
        return NULL;
    }
    pic->rows = rows;
    PictureRow *row = &pic->rows[pic->n_rows++];
    *row = (PictureRow){.group = group};
    lesson_text_add(&row->label, label != NULL ? label : "", label != NULL ? strlen(label) : 0);
    if (c != NULL && c->size > 0) {
        row->data = malloc(c->size * sizeof *c->data);
        pic->out_of_memory |= row->data == NULL;
        if (row->data != NULL)
            memcpy(row->data, c->data, c->size * sizeof *c->data);
        row->size = row->data != NULL ? c->size : 0;
    }
    return row;
}

void picture_row_value(Picture *pic, PictureRow *row, double value)
{
    if (row == NULL || pic->out_of_memory)
        return;
    double *values = picture_grow(row->values, &row->values_cap, row->n_values, sizeof *row->values);
    pic->out_of_memory |= values == NULL;
    if (values != NULL) {
        row->values = values;
        row->values[row->n_values++] = value;
    }
}

void picture_row_id(Picture *pic, PictureRow *row, int32_t id)
{
    if (row == NULL || pic->out_of_memory)
        return;
    int32_t *ids = picture_grow(row->ids, &row->ids_cap, row->n_ids, sizeof *row->ids);
    pic->out_of_memory |= ids == NULL;
    if (ids != NULL) {
        row->ids = ids;
        row->ids[row->n_ids++] = id;
    }
}

void picture_value(Picture *pic, double value)
{
    picture_row_value(pic, pic->n_rows > 0 ? &pic->rows[pic->n_rows - 1] : NULL, value);
}

void picture_id(Picture *pic, int32_t id)
{
    picture_row_id(pic, pic->n_rows > 0 ? &pic->rows[pic->n_rows - 1] : NULL, id);
}

/* Frees what the rows hold; the Picture is empty afterwards. */
static void picture_free(Picture *pic)
{
    for (size_t i = 0; i < pic->n_rows; i++) {
        free(pic->rows[i].data);
        free(pic->rows[i].values);
        free(pic->rows[i].ids);
    }
    free(pic->rows);
    pic->rows = NULL;
    pic->n_rows = pic->rows_cap = 0;
}

bool picture_open(PictureFile *pf, const char *file, const char *path, double width, double height,
                  const char *title)
{
    *pf = (PictureFile){file, path, NULL, {0}};
    if (path == NULL)
        return false;
    errno = 0;
    pf->out = fopen(path, "w");
    if (pf->out == NULL) {
        lesson_say(file, "", "cannot write the picture \"%s\" (LESSON_PICTURE): %s", path,
                   errno != 0 ? strerror(errno) : "fopen failed");
        return false;
    }
    svg_begin(&pf->svg, pf->out, width, height, title);
    return true;
}

int picture_close(PictureFile *pf)
{
    if (pf->path == NULL)
        return 0;
    if (pf->out == NULL)
        return 1;
    bool failed = svg_end(&pf->svg) != 0;
    failed |= fclose(pf->out) != 0;
    if (failed)
        lesson_say(pf->file, "", "could not finish writing the picture \"%s\" (LESSON_PICTURE)", pf->path);
    return failed ? 1 : 0;
}

int picture_finish(Picture *pic, int status)
{
    bool out_of_memory = pic->out_of_memory;
    picture_free(pic);
    if (out_of_memory) {
        lesson_say(pic->file, "", "out of memory while recording the picture; none written");
        return 1;
    }
    return status;
}

double picture_p_of(const TokenData *data, size_t size, int32_t id)
{
    for (size_t i = 0; i < size; i++)
        if (data[i].id == id)
            return data[i].logit == -INFINITY ? -1 : data[i].p;
    return -1;
}

double picture_bars_size(size_t n_words, size_t n_series)
{
    return (double)n_words * ((double)n_series * 40 + 28);
}

void picture_token_bars(Svg *s, const SvgPlot *plot, const char *const *words, size_t n_words,
                        const PictureSeries *series, size_t n_series, int decimals, size_t colour,
                        const char *y_label)
{
    double band = svg_band_width(plot, n_words), bar = (band - 20) / (double)(n_series > 0 ? n_series : 1);
    svg_axis_y(s, plot, y_label, 6);
    for (size_t i = 0; i < n_words; i++) {
        for (size_t j = 0; j < n_series; j++) {
            double p = picture_p_of(series[j].data, series[j].size, (int32_t)i);
            double first = picture_p_of(series[0].data, series[0].size, (int32_t)i);
            double centre = svg_band(plot, i, n_words) - band / 2 + 10 + bar * ((double)j + 0.5);
            SvgDatum d = {series[j].name, words[i], p < 0 ? 0 : p, NULL};
            SvgNumber label = svg_number(p, decimals);
            if (p > 0 && strtod(label.text, NULL) == 0)      /* "<0.001": above 0, below what the table prints */
                snprintf(label.text, sizeof label.text, "<%.*f", decimals, pow(10, -decimals));
            if (p < 0)
                svg_bar(s, plot, centre, bar - 4, first > 0 ? first : 0, svg_ghost_style(), &d, "0");
            else
                svg_bar(s, plot, centre, bar - 4, p, (SvgStyle){svg_colour(colour + j), NULL, 0, NULL}, &d,
                        label.text);
        }
    }
    svg_categories(s, plot, words, n_words, "token");
}

double picture_series_legend(Svg *s, double x, double y, double max_x, const PictureSeries *series,
                             size_t n_series, size_t n_words, size_t colour)
{
    SvgKey keys[9];
    size_t n = n_series < 8 ? n_series : 8;
    bool removed = false;
    for (size_t j = 0; j < n; j++) {
        keys[j] = (SvgKey){SVG_KEY_BOX, {svg_colour(colour + j), NULL, 0, NULL}, series[j].legend};
        for (size_t i = 0; i < n_words; i++)
            removed |= picture_p_of(series[j].data, series[j].size, (int32_t)i) < 0;
    }
    if (removed)
        keys[n++] = (SvgKey){SVG_KEY_BOX, svg_ghost_style(), "removed: p = 0 (dashed: its p before)"};
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

int picture_bars(const char *file, const char *title, const char *subtitle, const char *const *words,
                 size_t n_words, const PictureSeries *series, size_t n_series, int decimals,
                 const LessonText *notes, size_t n_notes)
{
    double plot_width = picture_bars_size(n_words, n_series);
    double width = plot_width + 110 > 720 ? plot_width + 110 : 720;
    double top = 112 + 20 * (double)n_notes;
    PictureFile pf;
    if (picture_open(&pf, file, getenv("LESSON_PICTURE"), width, top + 350, title)) {
        svg_heading(&pf.svg, 20, 30, title, subtitle);
        double y = picture_series_legend(&pf.svg, 80, 80, width - 20, series, n_series, n_words, 0);
        for (size_t k = 0; k < n_notes; k++)
            svg_text(&pf.svg, 80, y + 22 + 20 * (double)k, (SvgFont){13, NULL, false, SVG_TEXT, 0}, notes[k].text,
                     NULL);
        SvgPlot plot = {80, top + 10, width - 110, 280, 0, 1, 0, svg_nice_ceiling(picture_largest_p(series, n_series)),
                        false};
        picture_token_bars(&pf.svg, &plot, words, n_words, series, n_series, decimals, 0, "p (probability)");
    }
    return picture_close(&pf);
}
