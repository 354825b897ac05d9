/* picture_presets.c: Example 13's picture (picture_presets.h): each preset's final distribution, what its
 * stages removed, and its draws. */
#include "picture/picture_presets.h"
#include "picture/picture_chains_parts.h"
#include "sample.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

void picture_preset_stage(void *pic, const Stage *stage, const Candidates *c)
{
    if (pic == NULL)
        return;
    PictureRow *row = picture_row(pic, ROW_STAGE, stage_name(stage), c);
    if (row != NULL)
        row->numbers[1] = stage->type;
}

/* Row's PRESET_DRAWS draws from its final distribution (row->data, in its order) with rng: their counts, one per
 * candidate of data, in row->values, then the ids of the first DRAWS_KEPT of them. Best-effort: a draw the library
 * refuses (it cannot with a distribution the lesson drew from) ends them, and what was counted stays. */
#define DRAWS_KEPT 16
static void preset_draws(Picture *pic, PictureRow *row, Rng rng)
{
    TokenData *copy = malloc((row->size > 0 ? row->size : 1) * sizeof *copy);
    double *counts = calloc(row->size > 0 ? row->size : 1, sizeof *counts);
    int32_t first[DRAWS_KEPT];
    size_t n_first = 0;
    if (copy != NULL && counts != NULL && row->size > 0) {
        memcpy(copy, row->data, row->size * sizeof *copy);
        Candidates c = {copy, row->size, -1, false};
        for (int d = 0; d < PRESET_DRAWS && sample_dist(&c, rng_next_double(&rng)) == SAMPLING_OK; d++) {
            counts[c.selected]++;
            if (n_first < DRAWS_KEPT)
                first[n_first++] = c.data[c.selected].id;
        }
    }
    pic->out_of_memory |= copy == NULL || counts == NULL;
    for (size_t i = 0; counts != NULL && i < row->size; i++)
        picture_row_value(pic, row, counts[i]);
    for (size_t k = 0; k < n_first; k++)
        picture_row_value(pic, row, first[k]);
    free(copy);
    free(counts);
}

void picture_preset(Picture *pic, const LessonSettings *s, int32_t window, const Candidates *c, int left, Rng rng)
{
    LessonText label;
    lesson_settings_label_to_at(pic->file, s, window, NULL, &label);
    SamplingParams p = lesson_sampling_params(s, window);
    Stage stages[CHAIN_MAX_STAGES];         /* the preset's, as picture_preset_stage recorded them */
    size_t n = 0;
    for (size_t r = pic->n_rows; r > 0 && pic->rows[r - 1].group != ROW_CHAIN; r--)
        if (pic->rows[r - 1].group == ROW_STAGE && n < CHAIN_MAX_STAGES)
            stages[n++] = (Stage){(StageType)pic->rows[r - 1].numbers[1], pic->rows[r - 1].label.text[0] == '?'};
    /* the settings first: the draws go to the last row, the preset's */
    picture_row(pic, ROW_SETTINGS, picture_settings_text(&p, stages, n).text, NULL);
    PictureRow *row = picture_row(pic, ROW_CHAIN, label.text, c);
    if (row != NULL) {
        row->numbers[0] = left;
        preset_draws(pic, row, rng);
    }
}

/* What happened to one token in a preset's chain: its p at the end, or the stage that removed it and its p
 * before that stage, and whether the penalties changed its logit. */
typedef struct {
    double p;               /* the final p; -1 when removed */
    double before;          /* removed: its p among what the removing stage received */
    const char *stage;      /* removed: the stage's name; NULL when kept */
    bool penalized;
} TokenFate;

/* The fate of token id in the preset whose stage rows are stages (n,), in the chain's order, starting from the
 * logits (n_vocab,), and whose final distribution is final (size,). */
static TokenFate token_fate(const PictureRow *const *stages, size_t n, const double *logits, size_t n_vocab,
                            const TokenData *final, size_t size, int32_t id)
{
    TokenFate f = {picture_p_of(final, size, id), 0, NULL, false};
    TokenData start[256], sorted[256];
    size_t n_start = n_vocab < 256 ? n_vocab : 256;
    for (size_t i = 0; i < n_start; i++)
        start[i] = (TokenData){(int32_t)i, logits[i], 0};
    const TokenData *before = start;
    size_t n_before = n_start;
    for (size_t k = 0; k < n; k++) {
        const PictureRow *st = stages[k];
        double was = picture_p_of(before, n_before, id);
        for (size_t i = 0; i < st->size && picture_stage_marks((StageType)st->numbers[1]); i++)
            for (size_t j = 0; j < n_before; j++)
                f.penalized |= st->data[i].id == id && before[j].id == id && st->data[i].logit != before[j].logit;
        if (was >= 0 && picture_p_of(st->data, st->size, id) < 0 && f.stage == NULL) {
            size_t m = n_before < 256 ? n_before : 256;
            picture_survivors(before, m, sorted);
            f.before = picture_p_of(sorted, m, id);
            f.stage = st->label.text;
        }
        before = st->data;
        n_before = st->size;
    }
    return f;
}

#define PRESET_PLOT_HEIGHT 170  /* px */
#define PRESET_AXIS 44          /* px left of a panel's plot: its p axis */
#define PRESET_GAP 30           /* px between two panels */
#define PRESET_ROWS 64          /* px under a plot: the words and the rows of numbers under them */

/* The draws of one token of a preset: of the lesson's (row->ids) and of PRESET_DRAWS (preset_draws). */
typedef struct {
    int lesson, many;
} TokenDraws;

/* Token id's draws in row: how many of the lesson's draws and of the PRESET_DRAWS picked it. */
static TokenDraws token_draws(const PictureRow *row, int32_t id)
{
    TokenDraws t = {0, 0};
    for (size_t d = 0; d < row->n_ids; d++)
        t.lesson += row->ids[d] == id;
    for (size_t k = 0; k < row->size && k < row->n_values; k++)
        t.many += row->data[k].id == id ? (int)row->values[k] : 0;
    return t;
}

/* How many draws preset_draws made for row (the counts' sum), and whether the first of them are the lesson's. */
static int preset_many(const PictureRow *row, bool *same)
{
    int n = 0;
    for (size_t k = 0; k < row->size && k < row->n_values; k++)
        n += (int)row->values[k];
    *same = row->n_values >= row->size + row->n_ids || row->n_ids > DRAWS_KEPT;
    for (size_t d = 0; d < row->n_ids && d < DRAWS_KEPT && *same; d++)
        *same = row->size + d < row->n_values && (int32_t)row->values[row->size + d] == row->ids[d];
    return n;
}

/* Token i's band of a preset's plot p, centred at `centre`, `band` px wide: its final p as a solid bar (SVG_AFTER),
 * or, removed, a ghost at its p before the stage that removed it, the stage named upwards over it where it fits
 * (f); the penalized mark over either; then the share of the many draws that picked it as a bar in the draws'
 * colour, and the lesson's draws that picked it as dots of the same colour, one a draw, stacked from the axis (each
 * one n_lesson-th of the scale). One group. */
static void token_band(Svg *s, const SvgPlot *p, double centre, double band, const TokenFate *f, const TokenDraws *t,
                       int n_lesson, int n_many, const char *series, const char *word)
{
    bool kept = f->stage == NULL;
    double value = kept ? fmax(f->p, 0) : f->before, base = svg_y(p, p->y_min), w = fmin(18, (band - 16) / 3);
    double top = svg_y(p, fmin(value, p->y_max)), x = centre - w - 2;
    SvgDatum d = {series, word, f->p > 0 ? f->p : 0, NULL};
    svg_group_begin(s, NULL);
    svg_rect(s, x - w / 2, top, w, base - top, kept ? (SvgStyle){SVG_AFTER, NULL, 0, NULL} : svg_ghost_style(), &d);
    if (f->penalized)
        svg_mark(s, x, top - 10);
    if (!kept) {
        double length = svg_text_width(f->stage, 11), over = top - (f->penalized ? 13 : 4);
        bool above = over - length >= p->top, inside = base - top - 8 >= length;
        if (above || inside)
            svg_text(s, x + 4, above ? over : base - 4, (SvgFont){11, NULL, false, SVG_TEXT_OF(REMOVED), 90}, f->stage,
                     NULL);
    }
    svg_group_end(s);
    char lesson[200];
    snprintf(lesson, sizeof lesson, "%s: of the lesson's %d draws", series, n_lesson);
    double share = n_many > 0 ? svg_y(p, fmin(t->many / (double)n_many, p->y_max)) : base;
    svg_rect(s, centre - w / 2 + 2, share, w, base - share, (SvgStyle){SVG_COLOUR_OF(DRAWS), NULL, 0, NULL}, NULL);
    double step = n_lesson > 0 ? (base - svg_y(p, 1.0 / n_lesson)) : 0, r = fmin(w / 2, step / 2 - 1);
    SvgDatum dl = {lesson, word, t->lesson, NULL};
    svg_group_begin(s, NULL);
    for (int k = 0; k < t->lesson && r > 0; k++)
        svg_circle(s, centre + w + 6, base - step * (k + 0.5), r, (SvgStyle){SVG_COLOUR_OF(DRAWS), NULL, 0, NULL},
                   k == 0 ? &dl : NULL);
    svg_group_end(s);
}

/* The legend of Example 13: every colour, dash and mark it draws (ghost: a token removed; mark: one penalized;
 * unread: a "?setting"), the draws' bar and dots (n_lesson and n_many draws), and samples of its words: a draw of
 * right_word (bold), a draw of other, another token (NULL: none is drawn). Returns the baseline of its last row. */
static double presets_legend(Svg *s, double y, double right, const char *right_word, const char *other, bool ghost,
                             bool mark, bool unread, int n_lesson, int n_many)
{
    PictureKey keys[8];
    size_t n = 0;
    char many[120], lesson[120];
    snprintf(many, sizeof many, "the share of %d draws that picked it, from the lesson's seed on", n_many);
    snprintf(lesson, sizeof lesson, "the lesson's %d draws (the table's), a dot each", n_lesson);
    keys[n++] = (PictureKey){.key = {SVG_KEY_BOX, {SVG_AFTER, NULL, 0, NULL},
                                     "p after the chain: the final distribution"}};
    keys[n++] = (PictureKey){.key = {SVG_KEY_BOX, {SVG_COLOUR_OF(DRAWS), NULL, 0, NULL}, many}};
    keys[n++] = (PictureKey){.key = {SVG_KEY_DOT, {SVG_COLOUR_OF(DRAWS), NULL, 0, NULL}, lesson}};
    if (ghost)
        keys[n++] = (PictureKey){.key = {SVG_KEY_BOX, svg_ghost_style(),
                                         "removed by the stage named over it (dashed: its p before that stage)"}};
    if (mark)
        keys[n++] = (PictureKey){.key = {SVG_KEY_MARK, {0}, "penalized or biased: a stage changed its logit"}};
    keys[n++] = (PictureKey){.key = {.text = "a draw of the right token"}, .sample = right_word,   /* as a panel */
                           .font = {13, NULL, true, NULL, 0}};                                 /* writes it */
      if (other != NULL)
        keys[n++] = (PictureKey){.key = {.text = "a draw of another token"}, .sample = other,
                                 .font = {13, NULL, false, NULL, 0}};
    if (unread)
        keys[n++] = picture_unread_key();
    return picture_legend_draw(s, 20, y, right, keys, n);
}

/* The stage rows of the preset row at rows[r]: those recorded since the preset before it. Returns how many. */
static size_t preset_stages(const Picture *pic, size_t r, const PictureRow **stages, size_t cap)
{
    size_t first = r;
    while (first > 0 && pic->rows[first - 1].group != ROW_CHAIN)
        first--;
    size_t n = 0;
    for (size_t k = first; k < r && n < cap; k++)
        if (pic->rows[k].group == ROW_STAGE)
            stages[n++] = &pic->rows[k];
    return n;
}

/* A preset's label and settings, wrapped to width, from y. Returns the baseline of the last line. */
static double preset_head(Svg *s, const Picture *pic, size_t r, double x, double y, double width)
{
    const PictureRow *settings = r > 0 && pic->rows[r - 1].group == ROW_SETTINGS ? &pic->rows[r - 1] : NULL;
    y = svg_wrap(s, x, y + 14, width, 17, (SvgFont){14, NULL, true, NULL, 0}, pic->rows[r].label.text);
    return picture_settings_draw(s, x, y + 17, width, 15, (SvgFont){12, NULL, false, NULL, 0},
                                 settings != NULL ? settings->label.text : "");
}

/* One preset's panel from (x, y): its label and settings (down to head, the row's lowest), P(right), how many
 * candidates it keeps of the vocabulary and their entropy before the chain and after it, the bands (token_band),
 * under them the words and, per token, its p, its lesson's draws and its many draws; then the lesson's draws in
 * words. Returns the y below it. */
static double preset_panel(Svg *s, const Picture *pic, size_t r, const char *const *vocab, const double *logits,
                           size_t n_vocab, const char *right, double band, double x, double y, double head,
                           bool *ghost, bool *mark)
{
    const PictureRow *row = &pic->rows[r];
    const PictureRow *stages[CHAIN_MAX_STAGES];
    size_t n_stages = preset_stages(pic, r, stages, CHAIN_MAX_STAGES);
    double plot_x = x + PRESET_AXIS, width = band * (double)n_vocab;
    int32_t id = lesson_find(right, strlen(right), vocab, n_vocab);
    y = fmax(preset_head(s, pic, r, x, y, PRESET_AXIS + width), head);
    char text[400], series[140];
    double p = id >= 0 ? picture_p_of(row->data, row->size, id) : -1;
    snprintf(series, sizeof series, "P(%s)", picture_cut(right, 70).text);
    snprintf(text, sizeof text, "%s %s", series, svg_number(p > 0 ? p : 0, 3).text);
    SvgDatum dp = {series, row->label.text, p > 0 ? p : 0, NULL};
    svg_text(s, x, y + 22, (SvgFont){13, NULL, true, NULL, 0}, text, &dp);
    TokenData start[256], sorted[256], kept[256];
    size_t n_start = n_vocab < 256 ? n_vocab : 256, n_kept = row->size < 256 ? row->size : 256;
    for (size_t i = 0; i < n_start; i++)
        start[i] = (TokenData){(int32_t)i, logits[i], 0};
    size_t before = picture_survivors(start, n_start, sorted), after = picture_survivors(row->data, n_kept, kept);
    double h0 = entropy_nats(&(Candidates){sorted, before, -1, false});
    double h1 = entropy_nats(&(Candidates){kept, after, -1, false});
    double at = x + svg_text_width(text, 13) * 1.15 + 16;
    snprintf(text, sizeof text, "candidates %d", (int)row->numbers[0]);
    SvgDatum dc = {"candidates", row->label.text, row->numbers[0], NULL};
    svg_text(s, at, y + 22, (SvgFont){13, NULL, false, NULL, 0}, text, &dc);
    at += svg_text_width(text, 13) + 0.3 * 13;
    snprintf(text, sizeof text, "of %zu; H %.2f \xe2\x86\x92 %.2f nats", before, h0, h1);
    SvgDatum dh = {"entropy after", row->label.text, h1, NULL};
    svg_text(s, at, y + 22, (SvgFont){13, NULL, false, SVG_MUTED, 0}, text, &dh);
    SvgPlot plot = {plot_x, y + 44, width, PRESET_PLOT_HEIGHT, 0, 1, 0, 1, false};
    svg_axis_y(s, &plot, "p (probability)", 6);      /* and the draws' shares, on the same scale */
    double bottom = plot.top + plot.height;
    svg_line(s, plot.left, bottom, plot.left + plot.width, bottom, (SvgStyle){NULL, SVG_TEXT, 1, NULL}, NULL);
    bool same = true;
    int many = preset_many(row, &same);
    SvgFont small = {12, "middle", false, NULL, 0}, muted = {12, "end", false, SVG_MUTED, 0};
    svg_text(s, plot_x - 8, bottom + 32, muted, "final p", NULL);
    snprintf(text, sizeof text, "of %zu", row->n_ids);
    svg_text(s, plot_x - 8, bottom + 47, muted, text, NULL);
    char first[600] = "";           /* the first of the many draws, as many as the lesson's, in words */
    for (size_t d = 0; d < row->n_ids && d < DRAWS_KEPT && row->size + d < row->n_values; d++) {
        int32_t drawn = (int32_t)row->values[row->size + d];
        snprintf(first + strlen(first), sizeof first - strlen(first), "%s%s", d ? " " : "",
                 drawn >= 0 && (size_t)drawn < n_vocab ? vocab[drawn] : "?");
    }
    SvgDatum df = {"the many draws begin", row->label.text, 0, first};
    snprintf(text, sizeof text, "of %d", many);
    svg_text(s, plot_x - 8, bottom + 62, muted, text, &df);
    for (size_t i = 0; i < n_vocab; i++) {
        TokenFate f = token_fate(stages, n_stages, logits, n_vocab, row->data, row->size, (int32_t)i);
        TokenDraws t = token_draws(row, (int32_t)i);
        double centre = svg_band(&plot, i, n_vocab);
        token_band(s, &plot, centre, band, &f, &t, (int)row->n_ids, many, row->label.text, vocab[i]);
        svg_text(s, centre, bottom + 16, (SvgFont){12, "middle", (int32_t)i == id, NULL, 0}, vocab[i], NULL);
        SvgNumber value = svg_number(f.p > 0 ? f.p : 0, 3);
        if (f.p > 0 && strtod(value.text, NULL) == 0)      /* above 0, below what the table prints */
            snprintf(value.text, sizeof value.text, "<0.001");
        svg_text(s, centre, bottom + 32, small, f.stage != NULL ? "-" : value.text, NULL);
        snprintf(text, sizeof text, "%d", t.lesson);
        svg_text(s, centre, bottom + 47, small, text, NULL);
        snprintf(text, sizeof text, "%d", t.many);     /* its share is the bar's (on a text: the bars are p's) */
        char share[200];
        snprintf(share, sizeof share, "%s: share of %d draws", row->label.text, many);
        SvgDatum dm = {share, vocab[i], many > 0 ? t.many / (double)many : 0, NULL};
        svg_text(s, centre, bottom + 62, small, text, &dm);
        *ghost |= f.stage != NULL;
        *mark |= f.penalized;
    }
    double word = 0;
    for (size_t d = 0; d < row->n_ids; d++) {
        const char *w = row->ids[d] >= 0 && (size_t)row->ids[d] < n_vocab ? vocab[row->ids[d]] : "?";
        word = fmax(word, svg_text_width(w, 13) + 14);
    }
    double draws_y = bottom + PRESET_ROWS + 20;
    size_t fits = (size_t)fmax(1, floor((PRESET_AXIS + width - 60) / fmax(word, 1)));
    size_t per_line = row->n_ids > fits ? (row->n_ids + (row->n_ids + fits - 1) / fits - 1) / ((row->n_ids + fits - 1)
                                                                                               / fits) : fits;
    char draws[600] = "";
    for (size_t d = 0; d < row->n_ids; d++) {
        const char *w = row->ids[d] >= 0 && (size_t)row->ids[d] < n_vocab ? vocab[row->ids[d]] : "?";
        snprintf(draws + strlen(draws), sizeof draws - strlen(draws), "%s%s", d ? " " : "", w);
        svg_text(s, x + 60 + (double)(d % per_line) * word, draws_y + (double)(d / per_line) * 20,
                 (SvgFont){13, NULL, row->ids[d] == id, NULL, 0}, w, NULL);
    }
    SvgDatum dd = {"draws", row->label.text, 0, draws};
    svg_text(s, x, draws_y, (SvgFont){13, NULL, true, NULL, 0}, "draws:", &dd);
    size_t lines = row->n_ids > 0 ? (row->n_ids + per_line - 1) / per_line : 1;
    double end = draws_y + 20 * (double)(lines - 1) + 6;
    if (!same)      /* the lesson drew otherwise than sample_dist on its generator: say so, never hide it */
        end = svg_wrap(s, x, end + 16, PRESET_AXIS + width, 15, (SvgFont){12, NULL, false, SVG_MUTED, 0}, "the "
                       "picture's draws do not begin with the table's: the lesson draws these otherwise") + 4;
    return end + 10;
}

/* Every preset's panel, per_row to a row, from rows_top; *ghost and *mark learn whether one draws a ghost or a
 * mark. Returns the y below the last. */
static double preset_panels(Svg *s, const Picture *pic, const char *const *vocab, const double *logits,
                            size_t n_vocab, const char *right, double band, double panel, size_t per_row,
                            double rows_top, bool *ghost, bool *mark)
{
    double row_y = rows_top, bottom = rows_top, head = 0;
    size_t i = 0;
    Svg measure = {NULL, s->width, 0, true};
    for (size_t r = 0; r < pic->n_rows; r++) {
        if (pic->rows[r].group != ROW_CHAIN)
            continue;
        if (i % per_row == 0) {         /* a row's plots line up under its tallest head */
            head = row_y;
            for (size_t k = r, j = 0; k < pic->n_rows && j < per_row; k++) {
                if (pic->rows[k].group != ROW_CHAIN)
                    continue;
                head = fmax(head, preset_head(&measure, pic, k, 0, row_y, panel - PRESET_GAP));
                j++;
            }
        }
        double x = 20 + (double)(i % per_row) * panel;
        bottom = fmax(bottom, preset_panel(s, pic, r, vocab, logits, n_vocab, right, band, x, row_y, head, ghost,
                                           mark));
        if (++i % per_row == 0)
            row_y = bottom + 24;
    }
    return bottom;
}

int picture_task_settings(Picture *pic, const char *const *vocab, const double *logits, size_t n_vocab,
                          const char *right)
{
    if (pic->path == NULL || pic->out_of_memory)
        return picture_finish(pic, 0);
    size_t n = 0, draws = 0;
    int many = 0;
    double band = 60;           /* a bar of p, a bar of the many draws, a column of dots */
    for (size_t i = 0; i < n_vocab; i++)
        band = fmax(band, svg_text_width(vocab[i], 12) + 6);
    for (size_t r = 0; r < pic->n_rows; r++) {
        n += pic->rows[r].group == ROW_CHAIN;
        draws = pic->rows[r].group == ROW_CHAIN && pic->rows[r].n_ids > draws ? pic->rows[r].n_ids : draws;
        bool same;
        many = pic->rows[r].group == ROW_CHAIN ? (int)fmax(many, preset_many(&pic->rows[r], &same)) : many;
    }
    double panel = PRESET_AXIS + band * (double)n_vocab + PRESET_GAP;
    size_t per_row = (size_t)fmax(1, fmin((double)n, floor((1180 - 40 + PRESET_GAP) / panel)));
    char title[200], subtitle[600], stages[300] = "";
    const PictureRow *first[CHAIN_MAX_STAGES];
    for (size_t r = 0, k = 0; r < pic->n_rows && k == 0; r++)      /* the stages of the first preset, in order */
        if (pic->rows[r].group == ROW_CHAIN)
            for (size_t m = preset_stages(pic, r, first, CHAIN_MAX_STAGES); k < m; k++)
                snprintf(stages + strlen(stages), sizeof stages - strlen(stages), "%s%s", k ? ", " : "",
                         first[k]->label.text[0] == '?' ? first[k]->label.text + 1 : first[k]->label.text);
    snprintf(title, sizeof title, "Settings by task, on the same prompt: each preset's final distribution, its %zu "
             "draws and %d more", draws, many > (int)draws ? many - (int)draws : 0);
    snprintf(subtitle, sizeof subtitle, "p of each token after llama.cpp's chain (%s), and the draws from it: the "
             "table's %zu, and %d from the same seed, whose first %zu are the table's; their share settles on p, "
             "where a few draws scatter around it. A token a stage removes keeps its place, dashed at its p before "
             "that stage", stages, draws, many, draws);
    double width = fmax(fmax(900, 40 + (double)per_row * panel - PRESET_GAP), svg_text_width(title, 18) + 40);
    bool ghost = false, mark = false, unread = false;
    const char *other = NULL;       /* the longest token drawn that is not the right one: the legend's sample */
    int32_t right_id = lesson_find(right, strlen(right), vocab, n_vocab);
    for (size_t r = 0; r < pic->n_rows; r++) {
        unread |= pic->rows[r].group == ROW_SETTINGS && strchr(pic->rows[r].label.text, '?') != NULL;
        for (size_t d = 0; pic->rows[r].group == ROW_CHAIN && d < pic->rows[r].n_ids; d++) {
            int32_t id = pic->rows[r].ids[d];
            const char *word = id >= 0 && (size_t)id < n_vocab ? vocab[id] : "?";
            if (id != right_id && (other == NULL || strlen(word) > strlen(other)))
                other = word;
        }
    }
    Svg measure = {NULL, width, 0, true};
    preset_panels(&measure, pic, vocab, logits, n_vocab, right, band, panel, per_row, 0, &ghost, &mark);
    double legend_y = picture_chains_heading(&measure, width, title, subtitle) + 30;
    double rows_top = presets_legend(&measure, legend_y, width - 20, right, other, ghost, mark, unread, (int)draws,
                                     many) + 20;
    double bottom = preset_panels(&measure, pic, vocab, logits, n_vocab, right, band, panel, per_row, rows_top, &ghost,
                                  &mark);
    PictureFile pf;
    if (picture_open(&pf, pic->file, pic->path, width, bottom + 10, "settings by task")) {
        picture_chains_heading(&pf.svg, width, title, subtitle);
        presets_legend(&pf.svg, legend_y, width - 20, right, other, ghost, mark, unread, (int)draws, many);
        preset_panels(&pf.svg, pic, vocab, logits, n_vocab, right, band, panel, per_row, rows_top, &ghost, &mark);
    }
    return picture_finish(pic, picture_close(&pf));
}
