/* picture_builder.c: Example 12's picture (picture_builder.h): each chain's funnel at one step, its candidates
 * per step, and the chain lines the table ends with. */
#include "picture/picture_builder.h"
#include "picture/picture_chains_parts.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Starts the rows of one chain of Example 12 in picture (a Picture): its label (s's, with its settings, as the table
 * prints it) and its settings (lesson_sampling_params of s and window, as llama.cpp names them; a "?" on each that
 * no stage of ch, the chain built from them, acts on: picture_settings_text). */
static void picture_chain_start(void *picture, const LessonSettings *s, int32_t window, const Chain *ch)
{
    Picture *pic = picture;
    LessonText label;
    lesson_settings_label_to_at(pic->file, s, window, NULL, &label);
    SamplingParams p = lesson_sampling_params(s, window);
    if (picture_row(pic, ROW_CHAIN, label.text, NULL) != NULL)
        picture_row(pic, ROW_SETTINGS, picture_settings_text(&p, ch->stages, ch->n_stages).text, NULL);
}

/* Records in picture (a Picture) what one stage did, under the chain started last, when view's step is the one
 * whose funnel the picture draws (--trace's, else PICTURE_FUNNEL_STEP): view->before (n_before,), the candidates
 * it received, and after, what it left (logits; any order). */
static void picture_stage(void *picture, const LessonView *view, const Stage *stage, const Candidates *after)
{
    Picture *pic = picture;
    if (view->step != (view->trace > 0 ? view->trace : PICTURE_FUNNEL_STEP))
        return;
    PictureRow *row = picture_row(pic, ROW_STAGE, stage_name(stage), after);
    if (row == NULL)
        return;
    row->numbers[0] = view->step;
    row->numbers[1] = stage->type;
    picture_row(pic, ROW_BEFORE, "", &(Candidates){(TokenData *)view->before, view->n_before, -1, false});
}

/* The chain row started last, or NULL. */
static PictureRow *picture_last_chain(Picture *pic)
{
    for (size_t r = pic->n_rows; r > 0; r--)
        if (pic->rows[r - 1].group == ROW_CHAIN)
            return &pic->rows[r - 1];
    return NULL;
}

/* Records in picture (a Picture) how many candidates the chain left at this step. */
static void picture_chain_step(void *picture, size_t left)
{
    Picture *pic = picture;
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

/* Records in picture (a Picture) a chain the table describes (its line, chain_describe): its stages, its settings
 * and its biases. */
static void picture_describe(void *picture, const Chain *ch)
{
    Picture *pic = picture;
    TokenData biases[CHAIN_MAX_BIASES];
    size_t n = ch->params.n_logit_bias < CHAIN_MAX_BIASES ? ch->params.n_logit_bias : CHAIN_MAX_BIASES;
    for (size_t i = 0; i < n; i++)
        biases[i] = (TokenData){ch->params.logit_bias[i].token, ch->params.logit_bias[i].bias, 0};
    PictureRow *row = picture_row(pic, ROW_DESCRIBE, "", &(Candidates){biases, n, -1, false});
    if (row == NULL)
        return;
    for (size_t k = 0; k < ch->n_stages; k++) {
        picture_row_id(pic, row, (int32_t)ch->stages[k].type);
        picture_row_value(pic, row, ch->stages[k].empty);
    }
    picture_row(pic, ROW_DESCRIBE_SETTINGS, picture_settings_text(&ch->params, ch->stages, ch->n_stages).text, NULL);
}

LessonChainRecord picture_chain_record(Picture *pic)
{
    return (LessonChainRecord){pic, picture_chain_start, picture_stage, picture_chain_step, picture_describe};
}

/* A character as a band's label: "_" for a space. */
static const char *character(char c, char buf[2])
{
    buf[0] = c == ' ' ? '_' : c;
    buf[1] = '\0';
    return buf;
}

/* A kept token's bar (svg_bar) with, when mark, the penalized (or biased) mark over it (over its label when it has
 * one). */
static void mark_bar(Svg *s, const SvgPlot *p, double centre, double width, double value, SvgStyle style,
                     const SvgDatum *d, const char *label, bool mark)
{
    svg_group_begin(s, NULL);
    svg_bar(s, p, centre, width, value, style, d, label);
    if (mark)
        svg_mark(s, centre, svg_y(p, fmin(value, p->y_max)) - (label != NULL ? 26 : 10));
    svg_group_end(s);
}

/* Grid lines of plot at its y ticks, under everything, for a plot that shares the axis of its neighbour. */
static void grid_lines(Svg *s, const SvgPlot *p, size_t max_ticks)
{
    double ticks[16];
    size_t n = svg_ticks(p->y_min, p->y_max, max_ticks, ticks, 16);
    svg_group_begin(s, "grid");
    for (size_t i = 0; i < n; i++)
        svg_line(s, p->left, svg_y(p, ticks[i]), p->left + p->width, svg_y(p, ticks[i]),
                 (SvgStyle){NULL, SVG_GRID, 1, NULL}, NULL);
    svg_group_end(s);
}

#define FUNNEL_BANDS 12         /* characters a funnel cell shows at most, the most likely at the step's start */
#define FUNNEL_CELL 98          /* px: a cell's width */
#define FUNNEL_GAP 10
#define FUNNEL_HEIGHT 100       /* px: a cell's plot (room beside it for "p (probability)") */
#define FUNNEL_PITCH (FUNNEL_HEIGHT + 80)   /* px from a row of cells to the next, when the cells wrap */
#define STEP_PX 9               /* px per step of the candidates-per-step line (its width: 380 to 600 px) */
#define SMALL 12                /* px: the least text size of this picture */
#define BUILDER_MAX_WIDTH 1180  /* px: the picture's widest; the funnel's cells wrap, the steps go under it */

/* What the funnel draws of one chain: its stage rows (each followed by its ROW_BEFORE row), its bands. */
typedef struct {
    const PictureRow *chain, *settings;
    const PictureRow *stages[CHAIN_MAX_STAGES];     /* ROW_STAGE rows; stages[k] + 1 is what stage k received */
    size_t n_stages;
    int32_t ids[FUNNEL_BANDS];      /* the bands' token ids: the candidates at the step's start, most likely first */
    size_t n_ids;
    int step;
    double top;                     /* the p scale's top, every funnel's (funnels_scale): 1 at most, but 1.5 when a
                                     * marked bar needs room over 1; funnel_of leaves its own largest p here */
    double marked_top;              /* the tallest bar with a mark over it */
    size_t ticks;                   /* its ticks at most: every tick with one decimal (0.0, 0.5, 1.0, 1.5) */
    double entropy;                 /* nats, of the candidates at the step's start (what the first stage received) */
    size_t start;                   /* how many those are */
    bool ghost, off, mark;          /* what it draws: for the legend */
    double tie[CHAIN_MAX_STAGES];   /* the logit (before it) where stage k cut through tied characters, or NaN */
    char note[300];                 /* the words under the funnel for its ties ("" for none) */
} Funnel;

/* The logit where stage row st, a top-k or top-p (their cut follows llama.cpp's sort by logit, unstable on ties),
 * kept some and removed others of the characters at that logit before it (the least logit it kept); NaN when it
 * cut through no tie. */
static double tie_cut(const PictureRow *st)
{
    StageType type = (StageType)st->numbers[1];
    const PictureRow *before = st + 1;
    double least = INFINITY;
    if ((type != STAGE_TOP_K && type != STAGE_TOP_P) || st->label.text[0] == '?')
        return NAN;
    for (size_t j = 0; j < before->size; j++)
        if (before->data[j].logit > -INFINITY && picture_p_of(st->data, st->size, before->data[j].id) >= 0)
            least = fmin(least, before->data[j].logit);
    for (size_t j = 0; j < before->size && isfinite(least); j++)
        if (before->data[j].logit == least && picture_p_of(st->data, st->size, before->data[j].id) < 0)
            return least;
    return NAN;
}

/* The note under funnel f for the stages that cut through a tie (f->tie), in f->note. */
static void tie_note(Funnel *f)
{
    size_t n = 0, said = 0;
    for (size_t k = 0; k < f->n_stages; k++)
        n += !isnan(f->tie[k]);
    f->note[0] = '\0';
    if (n == 0)
        return;
    char stages[120] = "";
    for (size_t k = 0; k < f->n_stages; k++)
        if (!isnan(f->tie[k]))
            snprintf(stages + strlen(stages), sizeof stages - strlen(stages), "%s%.20s", said++ == 0 ? ""
                     : said == n ? " and " : ", ", f->stages[k]->label.text);
    snprintf(f->note, sizeof f->note, "underlined: characters at one logit (a tie) that %s cut apart; which of them "
             "llama.cpp keeps is unspecified (its sort is not stable), here the lower ids", stages);
}

/* Whether stage row st, a stage that marks (a penalty, a bias), changed token id's logit. */
static bool marked(const PictureRow *st, int32_t id)
{
    if (!picture_stage_marks((StageType)st->numbers[1]) || st->label.text[0] == '?')
        return false;
    const PictureRow *before = st + 1;
    for (size_t i = 0; i < st->size; i++)
        for (size_t j = 0; j < before->size; j++)
            if (st->data[i].id == id && before->data[j].id == id && st->data[i].logit != before->data[j].logit)
                return true;
    return false;
}

/* The funnel of the chain row at rows[r]: its stages up to the next chain, its bands and its scale. */
static Funnel funnel_of(const Picture *pic, size_t r)
{
    Funnel f = {.chain = &pic->rows[r], .ticks = 3};
    TokenData sorted[LESSON_STEP_MAX], kept[LESSON_STEP_MAX];
    for (size_t k = r + 1; k < pic->n_rows && pic->rows[k].group != ROW_CHAIN; k++) {
        const PictureRow *row = &pic->rows[k];
        if (row->group == ROW_SETTINGS)
            f.settings = row;
        if (row->group != ROW_STAGE || k + 1 >= pic->n_rows || f.n_stages == CHAIN_MAX_STAGES)
            continue;
        f.tie[f.n_stages] = tie_cut(row);
        f.stages[f.n_stages++] = row;
        f.step = (int)row->numbers[0];
        f.off |= row->label.text[0] == '?';
        size_t n_kept = picture_survivors(row->data, row->size < LESSON_STEP_MAX ? row->size : LESSON_STEP_MAX, kept);
        for (size_t i = 0; i < n_kept; i++)
            f.top = fmax(f.top, kept[i].p);
        const PictureRow *before = row + 1;
        size_t n = picture_survivors(before->data, before->size < LESSON_STEP_MAX ? before->size : LESSON_STEP_MAX,
                                     sorted);
        for (size_t i = 0; i < n; i++) {
            f.top = fmax(f.top, sorted[i].p);
            f.ghost |= picture_p_of(row->data, row->size, sorted[i].id) < 0;
            if (marked(row, sorted[i].id)) {
                f.mark = true;
                f.marked_top = fmax(f.marked_top, picture_p_of(kept, n_kept, sorted[i].id));
            }
            if (f.n_stages == 1 && f.n_ids < FUNNEL_BANDS)
                f.ids[f.n_ids++] = sorted[i].id;
        }
        if (f.n_stages == 1) {      /* the step's start: what the first stage received */
            f.start = n;
            f.entropy = entropy_nats(&(Candidates){sorted, n, -1, false});
        }
    }
    tie_note(&f);
    return f;
}

/* One p scale for the n funnels: from 0 to a nice step over every funnel's largest p, with room over the tallest
 * bar for a mark; p is at most 1, so "1.0" tops the axis, or 1.5 where a marked bar needs room over 1. */
static void funnels_scale(Funnel *funnels, size_t n)
{
    double top = 0, marked_top = 0;
    for (size_t c = 0; c < n; c++) {
        top = fmax(top, funnels[c].top);
        marked_top = fmax(marked_top, funnels[c].marked_top);
    }
    top = svg_nice_ceiling(top * 1.15);
    size_t ticks = 3;
    if (top > 1) {
        top = marked_top * 1.15 > 1 ? 1.5 : 1;
        ticks = top > 1 ? 4 : 3;
    }
    for (size_t c = 0; c < n; c++) {
        funnels[c].top = top;
        funnels[c].ticks = ticks;
    }
}

/* Stage k of funnel f in a cell at (x, y), with the p axis at its left (axis) or grid lines: its name over it, a
 * bar of p among the characters it keeps for each band, a ghost at its p before for each it removes, an empty
 * band for one removed before; the characters under the bands, those tied where the stage cut underlined
 * (f->tie); "N left" under them. */
static void funnel_cell(Svg *s, const Funnel *f, size_t k, const char *alphabet, double x, double y, bool axis)
{
    const PictureRow *st = f->stages[k], *before = st + 1;
    bool off = st->label.text[0] == '?';
    SvgPlot plot = {x, y, FUNNEL_CELL, FUNNEL_HEIGHT, 0, 1, 0, f->top, false};
    svg_group_begin(s, "grid");
    svg_rect(s, x, y, FUNNEL_CELL, FUNNEL_HEIGHT, off ? svg_disabled_style() : (SvgStyle){NULL, SVG_GRID, 1, NULL},
             NULL);
    svg_group_end(s);
    if (axis)
        svg_axis_y(s, &plot, "p (probability)", f->ticks);
    else
        grid_lines(s, &plot, f->ticks);
    svg_text(s, x + FUNNEL_CELL / 2, y - 6, (SvgFont){12, "middle", !off, off ? SVG_TEXT_OF(DISABLED) : NULL, 0},
             st->label.text, NULL);
    TokenData a[LESSON_STEP_MAX], b[LESSON_STEP_MAX];
    size_t left = picture_survivors(st->data, st->size < LESSON_STEP_MAX ? st->size : LESSON_STEP_MAX, a);
    picture_survivors(before->data, before->size < LESSON_STEP_MAX ? before->size : LESSON_STEP_MAX, b);
    char series[300], text[32], c[2];
    snprintf(series, sizeof series, "%.120s: %s", f->chain->label.text, st->label.text);
    SvgPlot bars = {x + 3, y, FUNNEL_CELL - 6, FUNNEL_HEIGHT, 0, 1, 0, f->top, false};
    size_t bands = f->n_ids > 5 ? f->n_ids : 5;
    for (size_t i = 0; i < f->n_ids; i++) {
        double pa = picture_p_of(a, left, f->ids[i]), pb = picture_p_of(b, before->size, f->ids[i]);
        double centre = svg_band(&bars, i, bands), width = svg_band_width(&bars, bands) - 3;
        const char *name = character(alphabet[f->ids[i]], c);
        SvgDatum d = {series, alphabet[f->ids[i]] == ' ' ? "space" : name, pa > 0 ? pa : 0, NULL};
        if (pa >= 0)
            mark_bar(s, &bars, centre, width, pa, (SvgStyle){SVG_AFTER, NULL, 0, NULL}, &d, NULL,
                     marked(st, f->ids[i]));
        else if (pb >= 0)
            svg_ghost_bar(s, &bars, centre, width, pb, NULL, &d);
        svg_text(s, centre, y + FUNNEL_HEIGHT + 15, (SvgFont){13, "middle", true, pa >= 0 ? NULL : SVG_MUTED, 0}, name,
                 NULL);
        for (size_t j = 0; j < before->size && !isnan(f->tie[k]); j++)    /* tied where the stage cut: underlined */
            if (before->data[j].id == f->ids[i] && before->data[j].logit == f->tie[k])
                svg_line(s, centre - 4, y + FUNNEL_HEIGHT + 19.5, centre + 4, y + FUNNEL_HEIGHT + 19.5,
                         (SvgStyle){NULL, SVG_TEXT, 1.5, NULL}, NULL);
    }
    snprintf(text, sizeof text, "%zu left", left);
    SvgDatum count = {series, "left", (double)left, NULL};
    svg_text(s, x + FUNNEL_CELL / 2, y + FUNNEL_HEIGHT + 34, (SvgFont){SMALL, "middle", true, NULL, 0}, text, &count);
    double h = entropy_nats(&(Candidates){a, left, -1, false});     /* of what it keeps, renormalized */
    snprintf(text, sizeof text, "H %.2f nats", h);
    SvgDatum dh = {series, "entropy", h, NULL};
    svg_text(s, x + FUNNEL_CELL / 2, y + FUNNEL_HEIGHT + 50, (SvgFont){SMALL, "middle", false, SVG_MUTED, 0}, text,
             &dh);
}

/* The candidates left at every step of chain row `row` (values), a line in plot, with the table's average
 * dashed and labelled over the plot, the pictured step's line, and the text the chain wrote under the steps,
 * one character under each when they fit (the caption says whether they do; the whole text is its data-value). */
static void per_step(Svg *s, const PictureRow *row, SvgPlot plot, int step)
{
    double xs[1024], ys[1024];
    size_t m = row->n_values < 1024 ? row->n_values : 1024;
    for (size_t k = 0; k < m; k++) {
        xs[k] = svg_x(&plot, (double)k + 1);
        ys[k] = svg_y(&plot, row->values[k]);
    }
    svg_axis_y(s, &plot, "left", 3);
    svg_group_begin(s, "grid");         /* the funnel's step: a guide line under everything */
    if (step > 0)
        svg_line(s, svg_x(&plot, step), plot.top, svg_x(&plot, step), plot.top + plot.height,
                 (SvgStyle){NULL, SVG_MUTED, 1, "2 3"}, NULL);
    svg_group_end(s);
    svg_polyline(s, xs, ys, m, (SvgStyle){NULL, SVG_AFTER, 2, NULL}, "candidates left", row->values);
    double ay = svg_y(&plot, row->numbers[0]);
    svg_line(s, plot.left, ay, plot.left + plot.width, ay, (SvgStyle){NULL, SVG_TEXT, 2, "6 4"}, NULL);
    char text[300], written[1100] = "", c[2];
    svg_text(s, plot.left, plot.top - 6, (SvgFont){12, NULL, true, NULL, 0}, "candidates left at each step", NULL);
    snprintf(text, sizeof text, "average %.1f per step", row->numbers[0]);
    SvgDatum avg = {"candidates per step", row->label.text, row->numbers[0], NULL};
    svg_text(s, plot.left + plot.width, plot.top - 6, (SvgFont){12, "end", true, NULL, 0}, text, &avg);
    for (size_t k = 0; k < row->n_ids && k + 1 < sizeof written; k++)
        written[k] = (char)row->ids[k];
    double gap = m > 1 ? xs[1] - xs[0] : 10, under = plot.top + plot.height + 15;
    bool characters = gap >= svg_text_width("m", SMALL) + 1;     /* a character under each step fits */
    for (size_t k = 1; k < row->n_ids && k <= m && characters; k++)
        svg_text(s, xs[k - 1], under, (SvgFont){SMALL, "middle", (int)k == step, (int)k == step ? NULL : SVG_MUTED,
                 0}, character(written[k], c), NULL);
    double ticks[16];
    size_t n_ticks = svg_ticks(1, plot.x_max - 0.5, 8, ticks, 16);
    for (size_t i = 0; i < n_ticks; i++)
        if (ticks[i] == floor(ticks[i]))         /* steps are whole */
            svg_text(s, svg_x(&plot, ticks[i]), under + 15, (SvgFont){SMALL, "middle", false, SVG_MUTED, 0},
                     svg_number(ticks[i], 0).text, NULL);
    char dotted[40] = "";
    if (step > 0)
        snprintf(dotted, sizeof dotted, "; dotted: step %d", step);
    snprintf(text, sizeof text, characters ? "step, and the character drawn at it (_ a space)%s"
             : "step (too many to write each character drawn)%s", dotted);
    SvgDatum wd = {"text", row->label.text, 0, written};
    svg_text(s, plot.left, under + 31, (SvgFont){SMALL, NULL, false, SVG_MUTED, 0}, text, &wd);
}

/* One row of Example 12's legend at baseline y: its heading (what its keys are of: "funnel cells", "chain lines")
 * in bold, then its keys (n,), wrapping at right; nothing for no keys. Returns the baseline of its last line, or y
 * less a row when it drew nothing. */
static double legend_row(Svg *s, double y, double right, const char *heading, const PictureKey *keys, size_t n)
{
    if (n == 0)
        return y - 22;
    svg_text(s, 20, y, (SvgFont){13, NULL, true, NULL, 0}, heading, NULL);
    return picture_legend_draw(s, 150, y, right, keys, n);
}

/* The legend of Example 12's picture, a row for each part it keys: the funnel's cells (funnel), the candidates
 * per step, the settings (unread: a "?setting" is drawn) and the chain lines (lines; off: a "?stage" is drawn; skip:
 * an arrow of a chain line crosses a column), each only with what it draws. Returns the baseline of its last row. */
static double builder_legend(Svg *s, double y, double right, bool funnel, bool ghost, bool off, bool mark,
                             bool lines, bool skip, bool unread)
{
    PictureKey cells[4], lines_keys[3];
    size_t n = 0, m = 0;
    PictureKey disabled = {.key = {.text = "a stage its settings turn off (llama.cpp builds it empty)"},
                           .sample = "?stage", .font = {12, NULL, false, SVG_TEXT_OF(DISABLED), 0},
                           .box = svg_disabled_style()};
    cells[n++] = (PictureKey){.key = {SVG_KEY_BOX, {SVG_AFTER, NULL, 0, NULL},
                                      "p after the stage, among the characters it keeps"}};
    if (ghost)
        cells[n++] = (PictureKey){.key = {SVG_KEY_BOX, svg_ghost_style(),
                                          "removed by the stage (dashed: its p before)"}};
    if (mark)
        cells[n++] = (PictureKey){.key = {SVG_KEY_MARK, {0}, "penalized or biased: the stage changed its logit"}};
    if (off)
        cells[n++] = disabled;
    y = legend_row(s, y, right, "funnel cells", cells, funnel ? n : 0) + 22;
    PictureKey steps[2] = {{.key = {SVG_KEY_LINE, {NULL, SVG_AFTER, 2, NULL}, "candidates left at each step"}},
                         {.key = {SVG_KEY_LINE, {NULL, SVG_TEXT, 2, "6 4"}, "their average, as the table prints it"}}};
    y = legend_row(s, y, right, "per step", steps, 2) + 22;
    PictureKey unread_key = picture_unread_key();
    y = legend_row(s, y, right, "settings", &unread_key, unread ? 1 : 0) + 22;
    if (lines)
        lines_keys[m++] = (PictureKey){.key = {.text = "a stage of a chain line"}, .sample = "stage",
                                       .font = {12, NULL, true, NULL, 0},
                                       .box = {SVG_COLOUR_OF(STAGE), SVG_TEXT, 1, NULL}};
    if (lines && off)
        lines_keys[m++] = disabled;
    if (lines && skip)
        lines_keys[m++] = (PictureKey){.key = {SVG_KEY_LINE, {NULL, SVG_TEXT, 1.3, NULL},
                                               "an arrow over a column: the chain line has no such stage"}};
    return legend_row(s, y, right, "chain lines", lines_keys, m);
}

/* A described chain's text: its biases ("logit_bias 'c' (id 3) +2.0, ") and its settings (the row after it). */
static void describe_text(const PictureRow *row, const PictureRow *settings, const char *alphabet, char *text,
                          size_t size)
{
    size_t used = 0, n = strlen(alphabet);
    text[0] = '\0';
    for (size_t i = 0; i < row->size && used < size; i++) {
        int32_t id = row->data[i].id;
        used += (size_t)snprintf(text + used, size - used, "logit_bias '%c' (id %d) %s%s, ",
                                 id >= 0 && (size_t)id < n ? alphabet[id] : '?', (int)id,
                                 row->data[i].logit >= 0 ? "+" : "", lesson_number(row->data[i].logit, 1).text);
    }
    if (used < size)
        snprintf(text + used, size - used, "%s", settings->label.text);
}

/* The described chains (ROW_DESCRIBE rows, each followed by its settings) as chain lines (n,): tag "line N", their
 * line in the table after the n_chains chains; tags and texts are allocated with them (free lines[0].tag and
 * lines[0].text, then lines). Returns n, 0 when there are none or memory ran out (*ok false then). */
static size_t describe_lines(const Picture *pic, const char *alphabet, size_t n_chains, PictureLine **lines, bool *ok)
{
    enum { TAG = 32, TEXT = 600 };
    size_t n = 0;
    for (size_t r = 0; r + 1 < pic->n_rows; r++)
        n += pic->rows[r].group == ROW_DESCRIBE;
    *lines = calloc(n > 0 ? n : 1, sizeof **lines);
    char *tags = calloc(n > 0 ? n : 1, TAG), *texts = calloc(n > 0 ? n : 1, TEXT);
    if (*lines == NULL || tags == NULL || texts == NULL) {
        free(*lines), free(tags), free(texts);
        *lines = NULL;
        *ok = false;
        return 0;
    }
    size_t k = 0;
    for (size_t r = 0; r + 1 < pic->n_rows && k < n; r++) {
        const PictureRow *row = &pic->rows[r];
        if (row->group != ROW_DESCRIBE)
            continue;
        char *tag = tags + k * TAG, *text = texts + k * TEXT;
        snprintf(tag, TAG, "line %zu", n_chains + k + 1);
        describe_text(row, row + 1, alphabet, text, TEXT);
        (*lines)[k++] = (PictureLine){tag, text, false, row->ids, row->values, row->n_ids, tag, "order[]"};
    }
    if (n == 0)
        (*lines)[0] = (PictureLine){tags, texts, false, NULL, NULL, 0, tags, NULL};   /* only to be freed */
    return n;
}

/* The title over the described chains (n,), in title (size,): how their stages are drawn. */
static void lines_title(const PictureColumns *cols, const PictureLine *lines, size_t n, char *title, size_t size)
{
    size_t in_order = 0;
    for (size_t k = 0; k < n; k++)
        in_order += picture_line_in_order(cols, &lines[k]);
    const char *how = in_order == n ? ", in columns in llama.cpp's default order"
        : in_order == 0 ? " in the chain's own order (order[] leaves llama.cpp's default order)"
                        : ", in columns in llama.cpp's default order, or in its own where order[] leaves it";
    snprintf(title, size, "The table's last %zu lines, each chain's describe(): its stages%s", n, how);
}

/* Where Example 12's picture puts things: the funnel's cells and the candidates-per-step plot, px; per_top and
 * block from the top of a chain's block. */
typedef struct {
    double funnel_left, per_left, per_top, per_width, block, width;
    size_t per_line;        /* the funnel's cells in a row */
    bool beside;            /* the candidates per step right of the funnel (else under it) */
    int step;               /* the pictured step; 0 when no chain recorded one (the text is shorter) */
    double funnel_bottom;   /* the baseline of the funnel's last "N left" */
    double funnel_width;    /* its cells' row, px */
} BuilderLayout;

#define NOTE_LINE 15        /* px between the lines of a funnel's note (12 px text) */

/* The layout of chains whose funnels have at most most_stages cells and whose texts at most steps steps, with
 * note_lines lines of note under the funnel (tie_note). */
static BuilderLayout builder_layout(size_t most_stages, size_t steps, int step, size_t note_lines)
{
    BuilderLayout at = {66, 66, 62, 0, 0, 0, 1, true, step, 0, 0};
    double cell = FUNNEL_CELL + FUNNEL_GAP;
    size_t most = most_stages > 0 ? most_stages : 1;
    size_t fit = (size_t)fmax(1, floor((BUILDER_MAX_WIDTH - 20 - at.funnel_left + FUNNEL_GAP) / cell));
    size_t rows = (most + fit - 1) / fit;
    at.per_line = (most + rows - 1) / rows;         /* rows as even as they go */
    rows = step > 0 ? rows : 0;
    double funnel_right = at.funnel_left + (double)at.per_line * cell - FUNNEL_GAP, wanted = (double)steps * STEP_PX;
    double room = BUILDER_MAX_WIDTH - 20 - (funnel_right + 50);     /* right of the funnel, past the steps' axis */
    double fits = (double)steps * (svg_text_width("m", SMALL) + 1);      /* a character under each step */
    at.beside = step > 0 && room >= fmax(380, fmin(600, fits));
    at.funnel_bottom = rows > 0 ? 62 + (double)(rows - 1) * FUNNEL_PITCH + FUNNEL_HEIGHT + 50 : 0;
    at.funnel_width = funnel_right - at.funnel_left;
    double funnel_bottom = at.funnel_bottom + (rows > 0 ? NOTE_LINE * (double)note_lines : 0);
    if (at.beside) {
        at.per_left = funnel_right + 50;
        at.per_width = fmin(fmin(600, fmax(380, wanted)), room);
    } else {
        at.per_top = rows > 0 ? funnel_bottom + 34 : 62;
        at.per_width = fmin(600, fmax(380, wanted));    /* room for its title and its average */
    }
    at.block = fmax(funnel_bottom, at.per_top + FUNNEL_HEIGHT + 48) + 28;
    at.width = fmax(900, fmax(at.per_left + at.per_width, rows > 0 ? funnel_right : 0) + 20);
    return at;
}

/* One chain's block from y: its label and settings, its funnel, its candidates per step. */
static void builder_block(Svg *s, const Funnel *f, const char *alphabet, const BuilderLayout *at, double y)
{
    char text[400], before[600] = "";
    for (size_t k = 0; k < (size_t)f->step && k < f->chain->n_ids && k + 1 < sizeof before; k++)
        before[k] = (char)f->chain->ids[k];
    if (f->n_stages > 0)
        snprintf(text, sizeof text, "%.127s: at step %d, after \"%.100s\"", f->chain->label.text, f->step, before);
    else
        snprintf(text, sizeof text, "%.127s", f->chain->label.text);
    size_t fits = (size_t)((at->width - 40) / (0.6 * 14));     /* a long label is cut to the picture's width */
    if (strlen(text) > fits && fits > 3)
        snprintf(text + fits - 3, sizeof text - (fits - 3), "...");
    svg_text(s, 20, y + 14, (SvgFont){14, NULL, true, NULL, 0}, text, NULL);
    double label_end = 20 + svg_text_width(text, 14) * 1.15;     /* bold is about 15% wider on screen */
    if (f->n_stages > 0 && f->start > 0) {      /* the step's candidates before the chain and after it, at the right */
        const PictureRow *last = f->stages[f->n_stages - 1];
        TokenData kept[LESSON_STEP_MAX];
        size_t left = picture_survivors(last->data, last->size < LESSON_STEP_MAX ? last->size : LESSON_STEP_MAX, kept);
        snprintf(text, sizeof text, "%zu candidates, H %.2f nats \xe2\x86\x92 after the chain: %zu, H %.2f nats",
                 f->start, f->entropy, left, entropy_nats(&(Candidates){kept, left, -1, false}));
        SvgDatum d = {"candidates before", f->chain->label.text, (double)f->start, NULL};
        if (label_end + 16 + svg_text_width(text, SMALL) <= at->width - 20)
            svg_text(s, at->width - 20, y + 14, (SvgFont){SMALL, "end", false, NULL, 0}, text, &d);
    }
    picture_settings_draw(s, 20, y + 31, INFINITY, 15, (SvgFont){12, NULL, false, NULL, 0},   /* one line */
                        f->settings != NULL ? f->settings->label.text : "");
    for (size_t k = 0; k < f->n_stages; k++)
        funnel_cell(s, f, k, alphabet, at->funnel_left + (double)(k % at->per_line) * (FUNNEL_CELL + FUNNEL_GAP),
                    y + 62 + (double)(k / at->per_line) * FUNNEL_PITCH, k % at->per_line == 0);
    svg_wrap(s, at->funnel_left, y + at->funnel_bottom + 15, at->funnel_width, NOTE_LINE,
             (SvgFont){SMALL, NULL, false, SVG_MUTED, 0}, f->note);
    double steps = (double)(f->chain->n_values > 0 ? f->chain->n_values : 1);
    per_step(s, f->chain, (SvgPlot){at->per_left, y + at->per_top, at->per_width, FUNNEL_HEIGHT, 0.5, steps + 0.5, 0,
                                    5 * ceil(fmax(1, f->chain->numbers[1]) / 5), false}, at->step);
}

/* Example 12's title and subtitle, for n_chains chains, the layout (its pictured step, 0 for none) and n_lines
 * chain lines. */
static void builder_heading(size_t n_chains, const BuilderLayout *at, size_t n_lines, char *title, size_t title_size,
                            char *subtitle, size_t subtitle_size)
{
    const char *lines = n_lines > 0 ? "; at the bottom, the chain lines the table ends with" : "";
    if (at->step > 0) {
        snprintf(title, title_size, "%zu chains on one bigram model: what each stage leaves at step %d, and the "
                 "candidates per step", n_chains, at->step);
        snprintf(subtitle, subtitle_size, "%s the funnel at step %d, a cell per stage in the chain's order, bars of p "
                 "among the characters the stage keeps (--trace %d prints them); %s the candidates left at every "
                 "step%s", at->beside ? "left:" : "first,", at->step, at->step, at->beside ? "right:" : "under it,",
                 lines);
    } else {
        snprintf(title, title_size, "%zu chains on one bigram model: the candidates per step", n_chains);
        snprintf(subtitle, subtitle_size, "no funnel: the text is shorter than step %d, the step it pictures; the "
                 "candidates left at every step%s", PICTURE_FUNNEL_STEP, lines);
    }
}

int picture_chain_builder(Picture *pic, const char *alphabet)
{
    if (pic->path == NULL || pic->out_of_memory)
        return picture_finish(pic, 0);
    size_t n_chains = 0, most_stages = 1, steps = 1;
    Funnel *funnels = calloc(pic->n_rows > 0 ? pic->n_rows : 1, sizeof *funnels);
    bool ghost = false, off = false, mark = false;
    int step = 0;
    for (size_t r = 0; funnels != NULL && r < pic->n_rows; r++) {
        if (pic->rows[r].group != ROW_CHAIN)
            continue;
        Funnel *f = &funnels[n_chains++];
        *f = funnel_of(pic, r);
        most_stages = f->n_stages > most_stages ? f->n_stages : most_stages;
        steps = f->chain->n_values > steps ? f->chain->n_values : steps;
        ghost |= f->ghost, off |= f->off, mark |= f->mark;
        step = step > 0 ? step : f->step;
    }
    if (funnels != NULL)
        funnels_scale(funnels, n_chains);       /* one p scale for every chain */
    PictureLine *lines = NULL;
    PictureColumns cols = {0};
    bool ok = funnels != NULL;
    size_t n_lines = ok ? describe_lines(pic, alphabet, n_chains, &lines, &ok) : 0;
    ok = ok && picture_columns_init(&cols, lines, n_lines, 20);
    pic->out_of_memory |= !ok;
    BuilderLayout at = builder_layout(most_stages, steps, step, 0);
    size_t note_lines = 0;          /* the longest note under a funnel, in lines as svg_wrap sets them */
    for (size_t c = 0; c < n_chains && step > 0; c++) {
        Svg dry = picture_measure();
        double last = svg_wrap(&dry, 0, 0, at.funnel_width, NOTE_LINE, (SvgFont){SMALL, NULL, false, NULL, 0},
                               funnels[c].note);
        note_lines = funnels[c].note[0] != '\0' ? (size_t)fmax((double)note_lines, last / NOTE_LINE + 1) : note_lines;
    }
    at = builder_layout(most_stages, steps, step, note_lines);
    double width = ok ? fmax(at.width, cols.x[cols.n - 1] + cols.width[cols.n - 1] + 20) : at.width;
    at.width = width;
    char title[200], subtitle[400];
    builder_heading(n_chains, &at, n_lines, title, sizeof title, subtitle, sizeof subtitle);
    Svg measure = {NULL, width, 0, true};
    double legend_y = picture_chains_heading(&measure, width, title, subtitle) + 30;
    for (size_t k = 0; k < n_lines; k++)
        for (size_t i = 0; i < lines[k].n; i++)
            off |= lines[k].empty[i] != 0;
    bool skip = ok && picture_lines_skip(&cols, lines, n_lines), unread = false;
    for (size_t r = 0; r < pic->n_rows; r++)
        unread |= (pic->rows[r].group == ROW_SETTINGS || pic->rows[r].group == ROW_DESCRIBE_SETTINGS)
                  && strchr(pic->rows[r].label.text, '?') != NULL;
    double top = builder_legend(&measure, legend_y, width - 20, at.step > 0, ghost, off, mark, n_lines > 0, skip,
                                unread) + 20;
    double end = top + at.block * (double)n_chains;
    char head[300] = "";
    SvgFont bold = {14, NULL, true, NULL, 0};
    if (ok && n_lines > 0)
        lines_title(&cols, lines, n_lines, head, sizeof head);
    double lines_top = svg_wrap(&measure, 20, end + 14, width - 40, 18, bold, head) + 16;
    double height = ok && n_lines > 0 ? picture_lines_draw(&measure, &cols, lines, n_lines, lines_top, width - 20)
                                      : end;
    PictureFile pf;
    if (ok && picture_open(&pf, pic->file, pic->path, width, height, "the chain builder")) {
        picture_chains_heading(&pf.svg, width, title, subtitle);
        builder_legend(&pf.svg, legend_y, width - 20, at.step > 0, ghost, off, mark, n_lines > 0, skip, unread);
        for (size_t c = 0; c < n_chains; c++)
            builder_block(&pf.svg, &funnels[c], alphabet, &at, top + at.block * (double)c);
        svg_wrap(&pf.svg, 20, end + 14, width - 40, 18, bold, head);
        picture_lines_draw(&pf.svg, &cols, lines, n_lines, lines_top, width - 20);
    }
    int status = ok ? picture_close(&pf) : 0;
    free(funnels);
    if (lines != NULL) {
        free((char *)lines[0].tag);
        free((char *)lines[0].text);
    }
    free(lines);
    picture_columns_free(&cols);
    return picture_finish(pic, status);
}
