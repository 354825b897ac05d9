/* picture_chains.c: the pictures of Examples 11 to 13 (picture_chains.h). */
#include "lesson/picture.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The stages of chain row `row` as boxes from (x, y), wrapping at max_x; returns the y of the last line. */
static double picture_stage_boxes(Svg *s, const PictureRow *row, const char *series, double x, double y,
                                  double max_x)
{
    double at = x;
    for (size_t k = 0; k <= row->n_ids; k++) {
        Stage stage = {k > 0 ? (StageType)row->ids[k - 1] : STAGE_DIST, k > 0 && row->values[k - 1] != 0};
        const char *name = k > 0 ? stage_name(&stage) : "logits";
        double w = svg_text_width(name, 14) + 22;
        if (at + w > max_x && at > x) {
            at = x;
            y += 56;
        }
        char place[24];
        snprintf(place, sizeof place, "%zu", k);
        SvgDatum d = {series, place, 0, name};
        svg_rect(s, at, y, w, 34, stage.empty ? svg_ghost_style() : (SvgStyle){k == 0 ? "#FFFFFF" : "#E8F1F8",
                 svg_colour(0), 1.5, NULL}, &d);
        svg_text(s, at + w / 2, y + 22, (SvgFont){14, "middle", !stage.empty, stage.empty ? SVG_MUTED : NULL, 0},
                 name, NULL);
        at += w;
        if (k < row->n_ids) {
            svg_line(s, at + 3, y + 17, at + 17, y + 17, (SvgStyle){NULL, SVG_TEXT, 1.5, NULL}, NULL);
            double hx[] = {at + 12, at + 18, at + 12}, hy[] = {y + 12, y + 17, y + 22};
            svg_polyline(s, hx, hy, 3, (SvgStyle){NULL, SVG_TEXT, 1.5, NULL}, NULL, NULL);
            at += 22;
        }
    }
    return y;
}

int picture_chain_line(Picture *pic, const char *file, const Chain *ch)
{
    if (pic->file == NULL)
        *pic = picture_start(file);
    if (pic->path == NULL)
        return 0;
    if (picture_row(pic, 0, "", NULL) != NULL) {
        for (size_t k = 0; k < ch->n_stages; k++) {
            picture_id(pic, (int32_t)ch->stages[k].type);
            picture_value(pic, ch->stages[k].empty);
        }
    }
    if (pic->out_of_memory)
        return picture_finish(pic, 1);
    double width = 1280, y = 80;
    PictureFile pf;
    for (int pass = 0; pass < 2; pass++) {      /* measure, then draw: the height follows the rows' wrapping */
        Svg measure = {NULL, width, 0, true};
        Svg *s = pass == 0 ? &measure : &pf.svg;
        if (pass == 1 && !picture_open(&pf, pic->file, pic->path, width, y + 30, "the sampler chain"))
            break;
        if (pass == 1)
            svg_heading(s, 20, 30, "llama.cpp's sampler chain, stage by stage",
                        "as its \"sampler chain:\" line logs it; grey, dashed: a stage its parameters leave off (?)");
        y = 80;
        for (size_t r = 0; r < pic->n_rows; r++) {
            char series[32];
            snprintf(series, sizeof series, "chain %zu", r + 1);
            svg_text(s, 20, y + 14, (SvgFont){13, NULL, true, NULL, 0}, series, NULL);
            y = picture_stage_boxes(s, &pic->rows[r], series, 20, y + 24, width - 20) + 64;
        }
    }
    return picture_close(&pf);
}

void picture_chain_start(Picture *pic, const LessonSettings *s, int32_t window)
{
    LessonText label;
    lesson_settings_label_to(s, window, NULL, &label);
    picture_row(pic, 0, label.text, NULL);
}

void picture_stage(Picture *pic, int step, const Stage *stage, const Candidates *left)
{
    if (pic == NULL)
        return;
    PictureRow *row = picture_row(pic, 1, stage_name(stage), left);
    if (row != NULL)
        row->numbers[0] = step;
}

/* The chain row started last, or NULL. */
static PictureRow *picture_last_chain(Picture *pic)
{
    for (size_t r = pic->n_rows; r > 0; r--)
        if (pic->rows[r - 1].group == 0)
            return &pic->rows[r - 1];
    return NULL;
}

void picture_chain_step(Picture *pic, size_t left)
{
    PictureRow *row = picture_last_chain(pic);
    picture_row_value(pic, row, (double)left);
    if (row != NULL)
        row->numbers[1] = fmax(row->numbers[1], (double)left);
}

void picture_chain_text(Picture *pic, const char *text, double average)
{
    PictureRow *row = picture_last_chain(pic);
    if (row == NULL)
        return;
    row->numbers[0] = average;
    for (const char *c = text; *c != '\0'; c++)
        picture_row_id(pic, row, (unsigned char)*c);
}

/* One stage's survivors at the pictured step, as bars of p labelled with their characters, in a box. */
static void picture_funnel_cell(Svg *s, const PictureRow *stage, const char *alphabet, const char *chain,
                                double x, double y, double w, double h, double top)
{
    size_t n = 0;
    while (n < stage->size && stage->data[n].p > 0)
        n++;
    bool off = stage->label.text[0] == '?';
    svg_text(s, x + w / 2, y - 6, (SvgFont){12, "middle", true, off ? SVG_MUTED : NULL, 0}, stage->label.text, NULL);
    svg_rect(s, x, y, w, h, off ? svg_ghost_style() : (SvgStyle){"#FFFFFF", SVG_GRID, 1, NULL}, NULL);
    char series[300], text[32];
    snprintf(series, sizeof series, "%.120s: %s", chain, stage->label.text);
    snprintf(text, sizeof text, "%zu left", n);
    SvgDatum count = {series, "left", (double)n, NULL};
    svg_text(s, x + w / 2, y + h + 15, (SvgFont){12, "middle", true, SVG_TEXT, 0}, text, &count);
    SvgPlot plot = {x + 4, y + 6, w - 8, h - 24, 0, 1, 0, top, false};
    size_t shown = n < 10 ? n : 10, bands = shown > 5 ? shown : 5;
    for (size_t i = 0; i < shown; i++) {
        char c[2] = {alphabet[stage->data[i].id], '\0'}, name[8];
        snprintf(name, sizeof name, c[0] == ' ' ? "space" : "%s", c);
        double bx = svg_band(&plot, i, bands);
        SvgDatum d = {series, name, stage->data[i].p, NULL};
        svg_bar(s, &plot, bx, svg_band_width(&plot, bands) - 3, stage->data[i].p,
                (SvgStyle){svg_colour(off ? 5 : 0), NULL, 0, NULL}, &d, NULL);
        svg_text(s, bx, y + h - 5, (SvgFont){13, "middle", true, NULL, 0}, c[0] == ' ' ? "_" : c, NULL);
    }
}

/* The candidates left at every step of chain row `row` (values), a line in plot, with the table's average
 * dashed and the text the chain wrote under it, one character under each step where they fit. */
static void picture_per_step(Svg *s, const PictureRow *row, SvgPlot plot)
{
    double xs[512], ys[512];
    size_t m = row->n_values < 512 ? row->n_values : 512;
    for (size_t k = 0; k < m; k++) {
        xs[k] = svg_x(&plot, (double)k + 1);
        ys[k] = svg_y(&plot, row->values[k]);
    }
    svg_axis_y(s, &plot, "left", 3);
    svg_polyline(s, xs, ys, m, (SvgStyle){NULL, svg_colour(2), 2, NULL}, "candidates left", row->values);
    double ay = svg_y(&plot, row->numbers[0]);
    svg_line(s, plot.left, ay, plot.left + plot.width, ay, (SvgStyle){NULL, svg_colour(3), 1.5, "6 4"}, NULL);
    char text[256], written[600] = "";
    snprintf(text, sizeof text, "%.1f per step", row->numbers[0]);
    SvgDatum avg = {"candidates per step", row->label.text, row->numbers[0], NULL};
    svg_text(s, plot.left + plot.width + 8, ay + 4, (SvgFont){13, NULL, true, svg_colour(3), 0}, text, &avg);
    for (size_t k = 0; k < row->n_ids && k + 1 < sizeof written; k++)
        written[k] = (char)row->ids[k];
    SvgDatum wd = {"text", row->label.text, 0, written};
    double ty = plot.top + plot.height + 20, step = m > 1 ? xs[1] - xs[0] : 10;
    svg_text(s, plot.left - 8, ty, (SvgFont){12, "end", false, SVG_MUTED, 0}, "text", &wd);
    for (size_t k = 1; k < row->n_ids && k <= m && step >= 7; k++) {
        char c[2] = {(char)row->ids[k], '\0'};
        svg_text(s, xs[k - 1], ty, (SvgFont){12, "middle", false, NULL, 0}, c[0] == ' ' ? "_" : c, NULL);
    }
    svg_text(s, plot.left + plot.width / 2, ty + 18, (SvgFont){12, "middle", false, SVG_MUTED, 0},
             "candidates left at each step, and the character drawn there (_ is a space)", NULL);
}

int picture_chain_builder(Picture *pic, const char *alphabet)
{
    size_t chains = 0, most_stages = 1, step = 1;
    for (size_t r = 0, n = 0; r < pic->n_rows; r++) {
        chains += pic->rows[r].group == 0;
        step = pic->rows[r].group == 1 ? (size_t)pic->rows[r].numbers[0] : step;
        n = pic->rows[r].group == 0 ? 0 : n + 1;
        most_stages = n > most_stages ? n : most_stages;
    }
    double cell = 150, funnel = 20 + (double)most_stages * (cell + 12), row_h = 200, width = funnel + 620;
    PictureFile pf;
    if (!pic->out_of_memory && picture_open(&pf, pic->file, pic->path, width, 100 + row_h * (double)chains,
                                            "the chain builder")) {
        char text[300];
        snprintf(text, sizeof text, "left: what each stage leaves at step %zu, bars of p among the survivors (--trace "
                 "%zu prints them); right: candidates left at every step", step, step);
        svg_heading(&pf.svg, 20, 30, "Five chains on one bigram model: the funnel, and candidates per step", text);
        double y = 80 - row_h, top = 1;
        size_t stage = 0;
        const PictureRow *chain = NULL;
        for (size_t r = 0; r < pic->n_rows; r++) {
            const PictureRow *row = &pic->rows[r];
            if (row->group == 1) {
                if (chain != NULL)
                    picture_funnel_cell(&pf.svg, row, alphabet, chain->label.text, 20 + (double)stage++ * (cell + 12),
                                        y + 48, cell, 100, top);
                continue;
            }
            chain = row;
            stage = 0;
            top = 0;        /* the bars of one chain's funnel share a scale: its largest p */
            for (size_t k = r + 1; k < pic->n_rows && pic->rows[k].group == 1; k++)
                for (size_t i = 0; i < pic->rows[k].size; i++)
                    top = fmax(top, pic->rows[k].data[i].p);
            top = svg_nice_ceiling(top);
            y += row_h;
            char before[600] = "";
            for (size_t k = 0; k < step && k < row->n_ids && k + 1 < sizeof before; k++)
                before[k] = (char)row->ids[k];
            snprintf(text, sizeof text, "%.127s, at step %zu (after \"%.100s\")", row->label.text, step, before);
            svg_text(&pf.svg, 20, y + 14, (SvgFont){15, NULL, true, NULL, 0}, text, NULL);
            double steps = (double)(row->n_values > 0 ? row->n_values : 1);
            picture_per_step(&pf.svg, row, (SvgPlot){funnel + 50, y + 48, fmin(8 * steps, width - funnel - 170), 80,
                                                    0.5, steps + 0.5, 0, 5 * ceil(fmax(1, row->numbers[1]) / 5),
                                                    false});
        }
    }
    return picture_finish(pic, picture_close(&pf));
}

void picture_preset(Picture *pic, const LessonSettings *s, int32_t window, const Candidates *c,
                    int left)
{
    LessonText label;
    lesson_settings_label_to(s, window, NULL, &label);
    PictureRow *row = picture_row(pic, 0, label.text, c);
    if (row != NULL)
        row->numbers[0] = left;
}

int picture_task_settings(Picture *pic, const char *const *vocab, size_t n_vocab, const char *right)
{
    size_t n = pic->n_rows, per_row = n < 3 ? (n > 0 ? n : 1) : 3, lines = (n + per_row - 1) / per_row;
    double panel = fmax(300, (double)n_vocab * 48 + 20), width = 90 + (double)per_row * (panel + 50);
    int32_t id = lesson_find(right, strlen(right), vocab, n_vocab);
    PictureFile pf;
    if (!pic->out_of_memory && picture_open(&pf, pic->file, pic->path, width, 80 + 380 * (double)lines,
                                            "settings by task")) {
        svg_heading(&pf.svg, 20, 30, "Settings by task, on the same prompt: the final distribution and eight draws",
                    "p of each token after llama.cpp's chain (penalties, top-k, top-p, min-p, temperature); grey: "
                    "removed");
        for (size_t r = 0; r < n; r++) {
            const PictureRow *row = &pic->rows[r];
            SvgPlot plot = {80 + (double)(r % per_row) * (panel + 50), 110 + (double)(r / per_row) * 380, panel, 200,
                            0, 1, 0, 1, false};
            double p = id >= 0 ? picture_p_of(row->data, row->size, id) : -1;
            char text[256], series[256];
            svg_text(&pf.svg, plot.left, plot.top - 34, (SvgFont){14, NULL, true, NULL, 0}, row->label.text, NULL);
            snprintf(series, sizeof series, "P(%.70s)", right);
            snprintf(text, sizeof text, "%.200s %s", series, svg_number(p > 0 ? p : 0, 3).text);
            SvgDatum dp = {series, row->label.text, p > 0 ? p : 0, NULL};
            svg_text(&pf.svg, plot.left, plot.top - 14, (SvgFont){13, NULL, false, NULL, 0}, text, &dp);
            snprintf(text, sizeof text, "candidates %d", (int)row->numbers[0]);
            SvgDatum dc = {"candidates", row->label.text, row->numbers[0], NULL};
            svg_text(&pf.svg, plot.left + 150, plot.top - 14, (SvgFont){13, NULL, false, NULL, 0}, text, &dc);
            PictureSeries one = {row->label.text, row->label.text, row->data, row->size};
            picture_token_bars(&pf.svg, &plot, vocab, n_vocab, &one, 1, 3, r,
                               r % per_row == 0 ? "p (probability)" : "");
            char draws[600] = "";
            for (size_t d = 0; d < row->n_ids; d++) {
                const char *word = row->ids[d] >= 0 && (size_t)row->ids[d] < n_vocab ? vocab[row->ids[d]] : "?";
                snprintf(draws + strlen(draws), sizeof draws - strlen(draws), "%s%s", d ? " " : "", word);
                double x = plot.left + 60 + (double)(d % 4) * 60;      /* four draws to a line */
                double y = plot.top + plot.height + 64 + (double)(d / 4) * 24;
                svg_text(&pf.svg, x, y, (SvgFont){13, NULL, row->ids[d] == id, row->ids[d] == id ? svg_colour(0)
                         : svg_colour(3), 0}, word, NULL);
            }
            SvgDatum dd = {"draws", row->label.text, 0, draws};
            svg_text(&pf.svg, plot.left, plot.top + plot.height + 64, (SvgFont){13, NULL, true, NULL, 0}, "draws:",
                     &dd);
        }
    }
    return picture_finish(pic, picture_close(&pf));
}
