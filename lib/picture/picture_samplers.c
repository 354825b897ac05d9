/* picture_samplers.c: the pictures of Examples 7 and 8 (picture_samplers.h); 9 and 10 are in picture_dry_xtc.c. */
#include "picture/picture_draw.h"
#include "filters.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ===== Example 7 ===== */

/* Records what typical sampling (typ) and top-p (top) keep at one limit, in their order: rows of group 0 and 1,
 * labelled with the limit as the table prints it, the limit in numbers[0]. */
static void picture_limit(Picture *pic, double limit, const Candidates *typ, const Candidates *top)
{
    PictureRow *row = picture_row(pic, 0, lesson_number(limit, 2).text, typ);
    if (row != NULL)
        row->numbers[0] = limit;
    row = picture_row(pic, 1, lesson_number(limit, 2).text, top);
    if (row != NULL)
        row->numbers[0] = limit;
}

/* Whether row (typical's, group 0, or top-p's, group 1) is a stage its limit turns off in llama.cpp ("?"). */
static bool picture_limit_off(const PictureRow *row)
{
    return row->group == 0 ? typical_off(row->numbers[0]) : top_p_off(row->numbers[0]);
}

/* The baseline of a text of size px near a line at line_y px: baseline as it is when the text (its descenders
 * too, 0.25 of its size below the baseline) stays 5 px clear of the line, or else moved to 5 px above the line
 * (above) or below it. */
static double picture_clear_of_line(double baseline, double size, double line_y, bool above)
{
    if (baseline + 0.25 * size < line_y - 5 || baseline - 0.8 * size > line_y + 5)
        return baseline;
    return above ? line_y - 5 - 0.25 * size : line_y + 5 + 0.8 * size;
}

/* Token i's surprise in plot, band `band` px wide: a stem to the entropy line (at ey px), the dot, its value left
 * of the dot and its distance right of the stem, both kept clear of the entropy line on the dot's side. */
static void picture_surprise_dot(Svg *s, const SvgPlot *plot, double x, const char *word, double surprise,
                                 double entropy, double ey)
{
    char text[64];
    double y = svg_y(plot, surprise), bottom = plot->top + plot->height;
    bool above = y <= ey;                           /* the dot above the line (or on it): labels stay above */
    SvgDatum d = {"surprise", word, surprise, NULL};
    svg_group_begin(s, NULL);
    svg_line(s, x, y, x, ey, (SvgStyle){NULL, SVG_MUTED, 1.5, NULL}, NULL);
    svg_circle(s, x, y, 6, (SvgStyle){SVG_COLOUR_OF(SURPRISE), NULL, 0, NULL}, &d);
    snprintf(text, sizeof text, "%.3f", surprise);
    svg_text(s, x - 10, fmin(picture_clear_of_line(y + 4, 12, ey, above), bottom - 3), (SvgFont){12, "end", false,
             SVG_COLOUR_OF(SURPRISE), 0}, text, NULL);
    snprintf(text, sizeof text, "%.3f away", fabs(surprise - entropy));
    svg_text(s, x + 9, fmin(picture_clear_of_line((y + ey) / 2 + 4, 11, ey, above), bottom - 3), (SvgFont){11, NULL,
             false, SVG_MUTED, 0}, text, NULL);
    svg_group_end(s);
}

#define RUN_WIDTH 560        /* px: a running total's bar, p 0 to 1 */
#define RUN_PITCH 54         /* px from one row of the running totals to the next */

/* The order a cut walks the n tokens in (order (n,), token ids), the tokens it kept first (row->data, in its
 * order), then those it removed, in the order its sort gives them (lesson_cut_key: typical by distance from the
 * entropy, top-p by surprise, ties in their order in probs[]): the same order the cut's running total follows. A
 * stage its limit turns off keeps every token in its order. Returns how many it kept. */
static size_t picture_cut_order(const PictureRow *row, size_t n, const double *surprise, double entropy,
                                size_t *order)
{
    size_t kept = 0;
    for (size_t k = 0; k < row->size && kept < n; k++)
        if (row->data[k].id >= 0 && (size_t)row->data[k].id < n)
            order[kept++] = (size_t)row->data[k].id;
    for (size_t m = kept; m < n; m++) {         /* the removed, least key first (a selection, n is small) */
        size_t best = n;
        for (size_t i = 0; i < n; i++) {
            bool placed = false;
            for (size_t k = 0; k < m; k++)
                placed |= order[k] == i;
            if (!placed && (best == n || lesson_cut_key(row->group == 0, surprise, i, entropy)
                                         < lesson_cut_key(row->group == 0, surprise, best, entropy)))
                best = i;
        }
        order[m] = best;
    }
    return kept;
}

/* The entropy (nats) of what row kept, renormalized over it as the draw after the cut sees it (candidates_softmax
 * and entropy_nats, the library's, on a copy); NaN without memory. */
static double picture_kept_entropy(const PictureRow *row)
{
    TokenData *copy = malloc((row->size > 0 ? row->size : 1) * sizeof *copy);
    if (copy == NULL)
        return NAN;
    memcpy(copy, row->data, row->size * sizeof *copy);
    Candidates kept = {copy, row->size, -1, false};
    double h = candidates_softmax(&kept, false) == SAMPLING_OK ? entropy_nats(&kept) : NAN;
    free(copy);
    return h;
}

/* One row of the running totals at top px: the cut's label at the left, then the tokens' p end to end in the
 * order it walks them (picture_cut_order), from 0 at x0 px to 1 at x0 + RUN_WIDTH: a kept token solid in the
 * stage's series colour, a removed one a ghost, each named where it fits (and "tie" where its cut meets a tie, tied
 * (n,)); the limit as a dashed line, the token where the total passes it outlined, and at the right where it
 * stops and what that keeps: how many tokens of n and the entropy before (the table's) and after (of what it kept,
 * renormalized). A stage its limit turns off is a row of disabled cells, every token kept in its order. Returns the
 * right end of its words, px. */
static double picture_running_row(Svg *s, const PictureRow *row, const char *const *words, const double *probs,
                                size_t n, const double *surprise, double entropy, const bool *tied, double x0,
                                double top)
{
    bool off = picture_limit_off(row), typical = row->group == 0;
    double limit = row->numbers[0], total = 0, stop_total = 0;
    const char *stage = typical ? "typical" : "top-p", *setting = typical ? "typical_p" : "top_p";
    const SvgPaint *paint = svg_series_paint(typical ? 0 : 1);
    char series[256], text[256];
    snprintf(series, sizeof series, "%s, limit %s", stage, row->label.text);
    snprintf(text, sizeof text, "%s%.200s", off ? "?" : "", series);
    svg_text(s, x0 - 12, top + 18, (SvgFont){13, "end", false, off ? SVG_TEXT_OF(DISABLED) : NULL, 0}, text, NULL);
    size_t *order = malloc((n > 0 ? n : 1) * sizeof *order);
    if (order == NULL)          /* best-effort: without memory, the row's label alone */
        return x0;
    size_t kept = picture_cut_order(row, n, surprise, entropy, order);
    double lx = !off && limit > 0 && limit < 1 ? x0 + RUN_WIDTH * limit : -1;   /* the limit's line, px */
    for (size_t m = 0; m < n; m++) {
        size_t i = order[m];
        double p = probs[i], left = x0 + RUN_WIDTH * total, w = RUN_WIDTH * p;
        total += p;
        stop_total = m < kept ? total : stop_total;
        SvgDatum d = {series, words[i], m < kept ? (double)(m + 1) : 0, NULL};
        SvgStyle style = off ? svg_disabled_style() : m < kept ? (SvgStyle){paint->colour, SVG_PAPER, 1, NULL}
                                                               : svg_ghost_style();
        if (!off && m + 1 == kept && kept <= n)     /* where the cut stops: outlined */
            style.stroke = SVG_TEXT, style.stroke_width = 2;
        svg_group_begin(s, NULL);
        svg_rect(s, left, top, w, 26, style, &d);
        const char *ink = off ? SVG_TEXT_OF(DISABLED) : m < kept ? SVG_TEXT : SVG_MUTED;
        bool tie = tied != NULL && !off && tied[i];
        double room = w, centre = left + w / 2;         /* the name's room: clear of the limit's line */
        if (lx > left && lx < left + w) {
            room = fmax(lx - left, left + w - lx);
            centre = lx - left >= left + w - lx ? (left + lx) / 2 : (lx + left + w) / 2;
        }
        if (svg_text_width(words[i], 12) * 1.15 + 6 <= room)
            svg_text(s, centre, top + (tie ? 12 : 17), (SvgFont){12, "middle", m < kept && !off, ink, 0}, words[i],
                     NULL);
        if (tie && svg_text_width("tie", 10) + 4 <= room)
            svg_text(s, centre, top + 23, (SvgFont){10, "middle", false, ink, 0}, "tie", NULL);
        svg_group_end(s);
    }
    double right = x0 + RUN_WIDTH + 16;
    if (lx >= 0) {                              /* the limit, named over the bar */
        SvgDatum d = {"limit", series, limit, NULL};
        svg_group_begin(s, NULL);
        svg_line(s, lx, top - 4, lx, top + 30, (SvgStyle){NULL, SVG_TEXT, 2, "4 3"}, &d);
        snprintf(text, sizeof text, "%s %s", setting, row->label.text);
        svg_text(s, lx + 3, top - 6, (SvgFont){11, NULL, false, NULL, 0}, text, NULL);
        svg_group_end(s);
    }
    double h = off ? entropy : picture_kept_entropy(row);
    const char *cmp = typical ? ">" : "\xe2\x89\xa5";       /* typical stops above its limit, top-p at it */
    if (off)
        snprintf(text, sizeof text, "off: keeps every token, in its order");
    else if (kept > 0 && (typical ? stop_total > limit : stop_total >= limit))
        snprintf(text, sizeof text, "stops at %.40s: the total %.2f %s %s %s", words[order[kept - 1]], stop_total, cmp,
                 setting, row->label.text);
    else
        snprintf(text, sizeof text, "the total never passes %s %s: keeps every token", setting, row->label.text);
    SvgDatum stop = {"stops at", series, 0, kept > 0 ? words[order[kept - 1]] : ""};
    svg_text(s, right, top + 10, (SvgFont){12, NULL, false, NULL, 0}, text, &stop);
    double said = svg_text_width(text, 12);
    snprintf(text, sizeof text, "keeps %zu of %zu; entropy %.3f \xe2\x86\x92 %.3f nats", off ? n : kept, n, entropy, h);
    SvgDatum dh = {"entropy after", series, h, NULL};
    svg_text(s, right, top + 26, (SvgFont){12, NULL, false, SVG_MUTED, 0}, text, &dh);
    free(order);
    return right + fmax(svg_text_width(text, 12), said);
}

/* Where typical and top-p stop at each limit (pic's rows), from y px: for each, the running total of p in the
 * order it walks the tokens (picture_running_row) against its limit, with a legend wrapping at max_x and an axis
 * of the running total under the rows. A cut that meets a tie (lesson_cut_ties, on surprise (n,) and entropy)
 * says "tie" in the tied tokens, and a note under the rows says what llama.cpp leaves unspecified there. Returns
 * the bottom of what it drew, px, and sets *right to the right end of its rows' words. */
static double picture_keeps(Svg *s, const Picture *pic, const char *const *words, const double *probs, size_t n,
                            const double *surprise, double entropy, double y, double max_x, double *right)
{
    double x0 = 200;
    bool removed = false, on[2] = {false, false}, off = false, ties[2] = {false, false};
    bool *tied = malloc((n > 0 ? n : 1) * sizeof *tied);      /* best-effort: without memory, no tie marks */
    char text[320];
    svg_text(s, 20, y, (SvgFont){14, NULL, true, NULL, 0}, "Where each stops: the running total of p, in the order "
             "each walks the tokens, against its limit", NULL);
    for (size_t r = 0; r < pic->n_rows; r++) {
        const PictureRow *row = &pic->rows[r];
        on[row->group != 0] |= !picture_limit_off(row);
        off |= picture_limit_off(row);
        removed |= row->size < n && !picture_limit_off(row);
    }
    SvgKey keys[5];
    size_t n_keys = 0;
    if (on[0])
        keys[n_keys++] = (SvgKey){SVG_KEY_BOX, {svg_series[0].colour, NULL, 0, NULL}, "kept by typical (closest to "
                                  "the entropy first)"};
    if (on[1])
        keys[n_keys++] = (SvgKey){SVG_KEY_BOX, {svg_series[1].colour, NULL, 0, NULL}, "kept by top-p (most likely "
                                  "first)"};
    if (removed)
        keys[n_keys++] = (SvgKey){SVG_KEY_BOX, svg_ghost_style(), "removed"};
    if (on[0] || on[1])
        keys[n_keys++] = (SvgKey){SVG_KEY_LINE, {NULL, SVG_TEXT, 2, "4 3"}, "the limit"};
    if (off)
        keys[n_keys++] = (SvgKey){SVG_KEY_BOX, svg_disabled_style(), "?typical, ?top-p: off at a limit of 1 or "
                                  "more, every token kept in its order"};
    double first = svg_legend(s, 20, y + 24, max_x, keys, n_keys) + 30;
    for (size_t r = 0; r < pic->n_rows; r++) {
        const PictureRow *row = &pic->rows[r];
        bool tie = false;
        if (tied != NULL && !picture_limit_off(row)) {
            lesson_cut_ties(row->data, row->size, row->group == 0, surprise, n, entropy, tied);
            for (size_t i = 0; i < n; i++)
                tie |= tied[i];
        }
        ties[row->group != 0] |= tie;
        *right = fmax(*right, picture_running_row(s, row, words, probs, n, surprise, entropy, tie ? tied : NULL, x0,
                                                  first + RUN_PITCH * (double)r));
    }
    free(tied);
    SvgPlot axis = {x0, first - 20, RUN_WIDTH, RUN_PITCH * (double)pic->n_rows, 0, 1, 0, 1, false};
    svg_axis_x(s, &axis, "running total of p, in the order each walks the tokens", 6);
    double bottom = axis.top + axis.height + 40;
    if (ties[0] || ties[1]) {
        snprintf(text, sizeof text, "tie: tied with another token %s%s%s; which tied tokens llama.cpp keeps, and in "
                 "what order, is unspecified (its sort is not stable): this workbench takes them in their order in "
                 "probs[]", ties[0] ? "in distance from the entropy (typical)" : "", ties[0] && ties[1] ? " or " : "",
                 ties[1] ? "in p (top-p)" : "");
        bottom = svg_wrap(s, 20, bottom + 22, max_x - 20, 16, (SvgFont){12, NULL, false, SVG_MUTED, 0}, text) + 4;
    }
    return bottom;
}

/* picture_typical's figure, from the cuts recorded in pic (picture_limit). Frees pic; returns main's status. */
static int picture_typical_drawn(Picture *pic, const char *const *words, const double *probs,
                                 const double *surprise, size_t n, double entropy)
{
    double top = entropy;
    bool typical_on = false;
    for (size_t i = 0; i < n; i++)
        top = fmax(top, surprise[i]);
    for (size_t r = 0; r < pic->n_rows; r++)
        typical_on |= pic->rows[r].group == 0 && !picture_limit_off(&pic->rows[r]);
    char text[256];
    snprintf(text, sizeof text, "entropy %.3f nats", entropy);
    double band = 140, keeps = 440, width = fmax(780, 200 + band * (double)n + 16 + svg_text_width(text, 13) + 20);
    SvgPlot plot = {200, 90, band * (double)n, 250, 0, 1, 0, svg_nice_ceiling(top), false};
    Svg measure = picture_measure();
    double right = 0, bottom = picture_keeps(&measure, pic, words, probs, n, surprise, entropy, keeps, width - 20,
                                             &right);
    width = fmax(width, right + 20);
    PictureFile pf;
    if (!pic->out_of_memory && picture_open(&pf, pic->file, pic->path, width, bottom + 24,
                                            "locally typical sampling")) {
        svg_heading(&pf.svg, 20, 30, typical_on ? "Typical keeps the tokens whose surprise is closest to the entropy"
                    : "Typical sampling is off at every limit here: each is 1 or more",
                    "surprise = -ln p of each token; the dashed line: the entropy, the average surprise");
        svg_axis_y(&pf.svg, &plot, "surprise (nats)", 6);
        double ey = svg_y(&plot, entropy);
        SvgDatum hd = {"entropy", "nats", entropy, NULL};
        svg_group_begin(&pf.svg, NULL);
        svg_line(&pf.svg, plot.left, ey, plot.left + plot.width, ey, (SvgStyle){NULL, SVG_TEXT, 2, "7 4"}, &hd);
        svg_text(&pf.svg, plot.left + plot.width + 16, ey + 4, (SvgFont){13, NULL, true, SVG_TEXT, 0}, text, NULL);
        svg_group_end(&pf.svg);
        for (size_t i = 0; i < n; i++) {
            picture_surprise_dot(&pf.svg, &plot, svg_band(&plot, i, n), words[i], surprise[i], entropy, ey);
            snprintf(text, sizeof text, "p %.60s", lesson_number(probs[i], 1).text);
            svg_text(&pf.svg, svg_band(&plot, i, n), plot.top + plot.height + 36, (SvgFont){12, "middle", false,
                     SVG_MUTED, 0}, text, NULL);
        }
        svg_categories(&pf.svg, &plot, words, n, "");
        svg_text(&pf.svg, plot.left + plot.width / 2, plot.top + plot.height + 58, (SvgFont){13, "middle", false, NULL,
                 0}, "token, and its p", NULL);
        picture_keeps(&pf.svg, pic, words, probs, n, surprise, entropy, keeps, width - 20, &right);
    }
    return picture_finish(pic, picture_close(&pf));
}

int picture_typical(const char *file, const char *const *words, const double *probs, const double *surprise,
                    size_t n, double entropy, const double *limits, const Candidates *typ, const Candidates *top,
                    size_t n_limits)
{
    Picture pic = picture_start(file);
    for (size_t l = 0; l < n_limits; l++)
        picture_limit(&pic, limits[l], &typ[l], &top[l]);
    return picture_typical_drawn(&pic, words, probs, surprise, n, entropy);
}

/* ===== Example 8 ===== */

#define MIRO_ROWS 3     /* the rows of a run: its shown steps, its running average, its first steps' cuts */

void picture_mirostat_run(Picture *pic, double tau, const LessonSortedCut *tally)
{
    if (pic->path == NULL)
        return;
    char label[128];
    snprintf(label, sizeof label, isnan(tau) ? "plain sampling" : "tau %.40s", lesson_number(tau, 1).text);
    picture_row(pic, 0, label, NULL);
    picture_row(pic, 1, label, NULL);
    picture_row(pic, 2, label, NULL);
    if (pic->n_rows >= MIRO_ROWS && !pic->out_of_memory)
        pic->rows[pic->n_rows - 3].numbers[0] = tau;
    pic->tally = tally;
    pic->steps = 0;
    pic->sum = 0;
}

void picture_mirostat_step(Picture *pic, const Candidates *c, const double *mu)
{
    if (pic == NULL || pic->path == NULL || pic->n_rows < MIRO_ROWS || pic->out_of_memory)
        return;
    int step = pic->steps++;
    double surprise = surprise_bits(c->data[c->selected].p);
    pic->sum += surprise;
    double average = pic->sum / (step + 1);
    PictureRow *shown = &pic->rows[pic->n_rows - 3], *run = &pic->rows[pic->n_rows - 2];
    PictureRow *first = &pic->rows[pic->n_rows - 1];
    if (step < MIROSTAT_FIRST_MAX) {        /* what this step's cut kept */
        picture_row_value(pic, first, (double)c->size);
        picture_row_value(pic, first, entropy_bits(c));
    }
    shown->numbers[1] = pic->tally != NULL ? pic->tally->more : 0;
    run->numbers[0] = average;
    run->numbers[1] = step + 1;
    if (step < MIROSTAT_SHOWN_STEPS) {
        picture_row_value(pic, shown, mu != NULL ? *mu : NAN);
        picture_row_value(pic, shown, surprise);
    }
    if (step < MIROSTAT_SHOWN_STEPS || (step + 1) % 25 == 0) {
        picture_row_value(pic, run, step + 1);
        picture_row_value(pic, run, average);
    }
}

/* The colours of mirostat's picture, the palette's: the drawn tokens' surprise (dots), mu, tau (a level the rule
 * compares with: dashed, in the text's colour), and the running average of the k-th run (its series colour, the
 * same in its panel and in the chart of averages; each line is named). */
#define MIROSTAT_DOT SVG_COLOUR_OF(SURPRISE)
#define MIROSTAT_MU SVG_COLOUR_OF(MU)
#define MIROSTAT_TAU SVG_TEXT
static const char *picture_run_colour(size_t k)
{
    return svg_series_paint(k)->colour;
}

/* Moves the baselines ys (n,) apart to at least gap px, keeping their order, and back up from hi where the last
 * would pass it. */
static void picture_spread(double *ys, size_t n, double gap, double hi)
{
    size_t order[16];
    n = n < 16 ? n : 16;
    for (size_t i = 0; i < n; i++) {            /* insertion sort of the indices by y */
        size_t k = i;
        for (; k > 0 && ys[order[k - 1]] > ys[i]; k--)
            order[k] = order[k - 1];
        order[k] = i;
    }
    for (size_t k = 1; k < n; k++)
        ys[order[k]] = fmax(ys[order[k]], ys[order[k - 1]] + gap);
    for (size_t k = n; k-- > 0;)
        ys[order[k]] = fmin(ys[order[k]], k + 1 < n ? ys[order[k + 1]] - gap : hi);
}

/* How many steps a tau's panel shows: the first MIROSTAT_SHOWN_STEPS, or fewer when the run is shorter. */
static size_t picture_mirostat_shown(const PictureRow *shown)
{
    return shown->n_values / 2 < MIROSTAT_SHOWN_STEPS ? shown->n_values / 2 : MIROSTAT_SHOWN_STEPS;
}

/* Whether a run's average surprise over all its steps (run->numbers[0]) is its tau (shown->numbers[0]) to one
 * decimal: the feedback loop reached its target. */
static bool picture_mirostat_reached(const PictureRow *shown, const PictureRow *run)
{
    char average[64], tau[64];
    snprintf(average, sizeof average, "%.1f", run->numbers[0]);
    snprintf(tau, sizeof tau, "%.1f", shown->numbers[0]);
    return strcmp(average, tau) == 0;
}

/* Whether value lies in plot's y range. */
static bool picture_on_scale(const SvgPlot *plot, double value)
{
    return value >= plot->y_min && value <= plot->y_max;
}

/* The first shown step whose mu lies outside plot's y range, or the number of steps shown when none does. */
static size_t picture_mirostat_exit(const PictureRow *shown, const SvgPlot *plot)
{
    size_t n = picture_mirostat_shown(shown), k = 0;
    while (k < n && picture_on_scale(plot, shown->values[2 * k]))
        k++;
    return k;
}

/* A line of text above a tau's panel. */
typedef struct {
    char text[256];
} MirostatNote;

/* The notes above a tau's panel (notes (3,)), from its rows (shown, run), plain sampling's average (NaN for none)
 * and the panel's plot: how often llama.cpp's sorted cut would keep more tokens, a tau the loop does not reach,
 * and where mu leaves the scale. Returns how many. */
static size_t picture_mirostat_notes(const PictureRow *shown, const PictureRow *run, double plain,
                                     const SvgPlot *plot, MirostatNote *notes)
{
    size_t n = 0, steps = picture_mirostat_shown(shown), exit = picture_mirostat_exit(shown, plot);
    int all = (int)run->numbers[1], more = (int)shown->numbers[1];
    char as_plain[64] = "";
    if (more > 0)
        snprintf(notes[n++].text, sizeof notes[0].text, "at %d of the %d steps llama.cpp's cut, which sorts the "
                 "tokens first, would keep more tokens than this cut in vocabulary order", more, all);
    if (!isnan(plain) && strcmp(svg_number(plain, 2).text, svg_number(run->numbers[0], 2).text) == 0)
        snprintf(as_plain, sizeof as_plain, ", as plain sampling's does");
    if (!picture_mirostat_reached(shown, run))
        snprintf(notes[n++].text, sizeof notes[0].text, "%.40s not reached: over its %d steps the surprise averages "
                 "%.2f bits%s", shown->label.text, all, run->numbers[0], as_plain);
    if (exit < steps) {
        const char *side = shown->values[2 * exit] > plot->y_max ? "above" : "below";
        double last = shown->values[2 * (steps - 1)];
        if (exit == 0)
            snprintf(notes[n++].text, sizeof notes[0].text, "mu is %s the scale from the start (the triangle): "
                     "%.1f at step 0, %.1f at step %zu, the last shown", side, shown->values[0], last, steps - 1);
        else
            snprintf(notes[n++].text, sizeof notes[0].text, "mu goes %s the scale at step %zu (the triangle) "
                     "and is %.1f at step %zu, the last shown", side, exit, last, steps - 1);
    }
    return n;
}

/* One tau's panel in plot, its title and notes above it from y px (the title's baseline): the surprise of each
 * drawn token (shown: mu and surprise interleaved), mu as a line (clipped at the plot's edges, a triangle where
 * it first leaves), the running average (run: step and average pairs) in the run's colour, and tau
 * (shown->numbers[0]) dashed, named at its end. */
static void picture_mirostat_panel(Svg *s, const PictureRow *shown, const PictureRow *run, const char *colour,
                                   const MirostatNote *notes, size_t n_notes, double y, SvgPlot plot)
{
    double xs[MIROSTAT_SHOWN_STEPS], ys[MIROSTAT_SHOWN_STEPS], vs[MIROSTAT_SHOWN_STEPS], tau = shown->numbers[0];
    size_t n = picture_mirostat_shown(shown), exit = picture_mirostat_exit(shown, &plot);
    char series[256], text[256];
    svg_text(s, plot.left, y, (SvgFont){14, NULL, true, NULL, 0}, shown->label.text, NULL);
    snprintf(series, sizeof series, "running average, %s", shown->label.text);
    SvgKey key = {SVG_KEY_LINE, {NULL, colour, 2.5, NULL}, "running average surprise"};
    svg_legend(s, plot.left + svg_text_width(shown->label.text, 14) + 24, y, plot.left + plot.width, &key, 1);
    for (size_t i = 0; i < n_notes; i++)
        svg_text(s, plot.left, y + 18 + 16 * (double)i, (SvgFont){12, NULL, false, SVG_MUTED, 0}, notes[i].text, NULL);
    svg_axis_y(s, &plot, "surprise (bits)", 6);
    snprintf(text, sizeof text, "step (the first %zu of %d)", n, (int)run->numbers[1]);
    if ((double)n == run->numbers[1])
        snprintf(text, sizeof text, "step (all %zu)", n);
    svg_axis_x(s, &plot, text, 10);
    snprintf(text, sizeof text, "surprise, %s", shown->label.text);
    for (size_t k = 0; k < n; k++) {
        char step[32];
        snprintf(step, sizeof step, "step %zu", k);
        SvgDatum d = {text, step, shown->values[2 * k + 1], NULL};
        svg_circle(s, svg_x(&plot, (double)k + 0.5), svg_y(&plot, shown->values[2 * k + 1]), 2.6,
                   (SvgStyle){MIROSTAT_DOT, NULL, 0, NULL}, &d);
    }
    for (size_t k = 0; k < n; k++) {          /* mu: a point off the scale is drawn at the edge beside one on it */
        double mu = shown->values[2 * k], edge = mu > plot.y_max ? plot.y_max : plot.y_min;
        bool beside = (k > 0 && picture_on_scale(&plot, shown->values[2 * k - 2]))
                      || (k + 1 < n && picture_on_scale(&plot, shown->values[2 * k + 2]));
        xs[k] = svg_x(&plot, (double)k + 0.5);
        ys[k] = picture_on_scale(&plot, mu) ? svg_y(&plot, mu) : beside ? svg_y(&plot, edge) : NAN;
        vs[k] = mu;
    }
    snprintf(text, sizeof text, "mu, %s", shown->label.text);
    svg_polyline(s, xs, ys, n, (SvgStyle){NULL, MIROSTAT_MU, 2, NULL}, text, vs);
    if (exit < n) {                            /* where mu first leaves the scale: a triangle pointing off it */
        bool up = shown->values[2 * exit] > plot.y_max;
        double x = svg_x(&plot, (double)exit + 0.5), edge = up ? plot.top : plot.top + plot.height;
        double tx[3] = {x - 6, x + 6, x}, ty[3] = {edge + (up ? 10 : -10), edge + (up ? 10 : -10), edge};
        svg_polygon(s, tx, ty, 3, (SvgStyle){MIROSTAT_MU, NULL, 0, NULL}, NULL);
    }
    size_t m = 0;
    for (size_t k = 0; k + 1 < run->n_values && m < n && run->values[k] <= (double)n; k += 2, m++) {
        xs[m] = svg_x(&plot, run->values[k] - 0.5);
        ys[m] = svg_y(&plot, run->values[k + 1]);
    }
    svg_polyline(s, xs, ys, m, (SvgStyle){NULL, colour, 2.5, NULL}, series, NULL);
    SvgDatum d = {"tau", shown->label.text, tau, NULL};
    svg_group_begin(s, NULL);
    svg_line(s, plot.left, svg_y(&plot, tau), plot.left + plot.width, svg_y(&plot, tau),
             (SvgStyle){NULL, MIROSTAT_TAU, 2, "7 4"}, &d);
    snprintf(text, sizeof text, "tau = %s bits", lesson_number(tau, 1).text);
    svg_text(s, plot.left + plot.width + 8, svg_y(&plot, tau) + 4, (SvgFont){13, NULL, true, MIROSTAT_TAU, 0}, text,
             NULL);
    svg_group_end(s);
}

/* The running average of every run (rows 1, 3, 5, ... of pic) over all its steps in plot (log x), each in its
 * run's colour (a point every 2 px or more: the log scale crowds the early steps) and named at the right, after a
 * short line in that colour, with the average the table prints, which its label carries ("average surprise"), in
 * the text's colour (a yellow name would be faint); names too close to read apart are moved apart, with a leader
 * to their line's end. */
static void picture_mirostat_averages(Svg *s, const Picture *pic, SvgPlot plot)
{
    svg_text(s, plot.left, plot.top - 10, (SvgFont){14, NULL, true, NULL, 0}, "The running average over all the steps",
             NULL);
    svg_axis_y(s, &plot, "average surprise (bits)", 6);
    svg_axis_x(s, &plot, "steps so far (log scale)", 6);
    double right = plot.left + plot.width, names[16];
    size_t runs = pic->n_rows / MIRO_ROWS < 16 ? pic->n_rows / MIRO_ROWS : 16;
    for (size_t r = 0; r < runs; r++)
        names[r] = svg_y(&plot, pic->rows[MIRO_ROWS * r + 1].numbers[0]) + 4;
    picture_spread(names, runs, 16, plot.top + plot.height - 2);
    for (size_t r = 0; r < runs; r++) {
        const PictureRow *run = &pic->rows[MIRO_ROWS * r + 1];
        double *px = malloc(run->n_values * sizeof *px), *py = malloc(run->n_values * sizeof *py);
        size_t m = 0;
        for (size_t k = 0; px != NULL && py != NULL && k + 1 < run->n_values; k += 2) {
            px[m] = svg_x(&plot, run->values[k]);
            py[m] = svg_y(&plot, run->values[k + 1]);
            m += m == 0 || k + 3 >= run->n_values || px[m] - px[m - 1] >= 2;    /* a point every 2 px, and the last */
        }
        const char *colour = picture_run_colour(r);
        char text[256], series[256];
        snprintf(text, sizeof text, "%s: %.2f bits", run->label.text, run->numbers[0]);
        snprintf(series, sizeof series, "running average, %s", run->label.text);
        SvgDatum d = {"average surprise", run->label.text, run->numbers[0], NULL};
        svg_group_begin(s, NULL);
        svg_polyline(s, px, py, m, (SvgStyle){NULL, colour, 2.5, NULL}, series, NULL);  /* best-effort: no memory, */
        free(px);                                                                      /* no line, the name stays */
        free(py);
        if (fabs(names[r] - 4 - svg_y(&plot, run->numbers[0])) > 1)        /* moved: a leader to its line */
            svg_line(s, right + 2, svg_y(&plot, run->numbers[0]), right + 10, names[r] - 4,
                     (SvgStyle){NULL, colour, 1, NULL}, NULL);
        svg_line(s, right + 12, names[r] - 4, right + 26, names[r] - 4, (SvgStyle){NULL, colour, 2.5, NULL}, NULL);
        svg_text(s, right + 32, names[r], (SvgFont){13, NULL, true, NULL, 0}, text, &d);
        svg_group_end(s);
    }
}

/* The y range every tau's panel shares (bits): from a little below 0, so that a surprise of 0 stands clear of the
 * axis (or from a nice step below a tau below 0), to a nice step above the surprise of every drawn token, every
 * tau, and mu (from its start at 2 * tau) wherever its run reached its tau; the mu of a run that did not (it runs
 * away) is clipped at the edge, not fitted. */
static void picture_mirostat_range(const Picture *pic, double *low, double *high)
{
    double top = 0, bottom = 0;
    for (size_t r = 0; r + 1 < pic->n_rows; r += MIRO_ROWS) {
        const PictureRow *shown = &pic->rows[r], *run = &pic->rows[r + 1];
        double tau = shown->numbers[0];
        if (isnan(tau))
            continue;
        bool reached = picture_mirostat_reached(shown, run);
        top = fmax(top, reached ? fmax(tau, 2 * tau) : tau);
        bottom = fmin(bottom, reached ? fmin(tau, 2 * tau) : tau);
        for (size_t k = 0; k < 2 * picture_mirostat_shown(shown); k++) {
            if (k % 2 == 1 || reached) {
                top = fmax(top, shown->values[k]);
                bottom = fmin(bottom, shown->values[k]);
            }
        }
    }
    *high = svg_nice_ceiling(top);
    *low = bottom < 0 ? -svg_nice_ceiling(-bottom) : -0.04 * *high;    /* surprise 0 a little above the axis */
}

#define FIRST_COLUMN 128    /* px: a first step's column */
#define FIRST_HEIGHT 150    /* px: its plot */

/* How many first steps Example 8's picture shows of the run at rows r: first_steps (the table's), at most
 * MIROSTAT_FIRST_MAX, and no more than the run recorded with the next step's mu (its change). */
static size_t picture_first_shown(const Picture *pic, size_t r, int first_steps)
{
    const PictureRow *shown = &pic->rows[MIRO_ROWS * r], *first = &pic->rows[MIRO_ROWS * r + 2];
    size_t n = first_steps > 0 ? (size_t)first_steps : 0, cuts = first->n_values / 2;
    n = n < MIROSTAT_FIRST_MAX ? n : MIROSTAT_FIRST_MAX;
    n = n < cuts ? n : cuts;
    return shown->n_values / 2 > n ? n : shown->n_values / 2 > 0 ? shown->n_values / 2 - 1 : 0;
}

/* The bits range of every tau's first steps (surprise, mu before and after, tau), for one readable scale. */
static void picture_first_range(const Picture *pic, int first_steps, double *low, double *high)
{
    double top = 1, bottom = 0;
    for (size_t r = 0; r < pic->n_rows / MIRO_ROWS; r++) {
        const PictureRow *shown = &pic->rows[MIRO_ROWS * r];
        if (isnan(shown->numbers[0]))
            continue;
        top = fmax(top, shown->numbers[0]);
        bottom = fmin(bottom, shown->numbers[0]);
        for (size_t k = 0; k < 2 * (picture_first_shown(pic, r, first_steps) + 1) && k < shown->n_values; k++) {
            top = fmax(top, shown->values[k]);
            bottom = fmin(bottom, shown->values[k]);
        }
    }
    *high = svg_nice_ceiling(top * 1.05);
    *low = bottom < 0 ? -svg_nice_ceiling(-bottom) : 0;
}

/* An arrow from (x0, y0) to (x1, y1), px, its head (7 px) at the end, in style's stroke. */
static void picture_arrow_line(Svg *s, double x0, double y0, double x1, double y1, SvgStyle style)
{
    double dx = x1 - x0, dy = y1 - y0, length = sqrt(dx * dx + dy * dy);
    if (!(length > 1))
        return;
    double ux = dx / length, uy = dy / length, back = fmin(7, length);
    svg_line(s, x0, y0, x1 - ux * back * 0.8, y1 - uy * back * 0.8, style, NULL);
    const double hx[] = {x1, x1 - ux * back - uy * 3.5, x1 - ux * back + uy * 3.5};
    const double hy[] = {y1, y1 - uy * back + ux * 3.5, y1 - uy * back - ux * 3.5};
    svg_polygon(s, hx, hy, 3, (SvgStyle){style.stroke, NULL, 0, NULL}, NULL);
}

/* Step k of the run at rows r, in a column of plot (its x from left, FIRST_COLUMN px): its surprise and, from tau to
 * it, surprise - tau; an arrow from that to mu's change, from the mu this step's cut used to the next step's; and
 * under the plot, in words, the surprise, mu before and after, the tokens the cut kept and the entropy before the
 * cut (plain's, at rows plain; none when plain is no run) and after it. */
static void picture_first_column(Svg *s, const Picture *pic, size_t r, size_t plain, size_t k, const SvgPlot *plot,
                                 double left)
{
    const PictureRow *shown = &pic->rows[MIRO_ROWS * r], *first = &pic->rows[MIRO_ROWS * r + 2];
    double tau = shown->numbers[0], mu = shown->values[2 * k], surprise = shown->values[2 * k + 1];
    double next = shown->values[2 * k + 2], kept = first->values[2 * k], after = first->values[2 * k + 1];
    double before = NAN, tokens = NAN;
    if (plain < pic->n_rows / MIRO_ROWS && pic->rows[MIRO_ROWS * plain + 2].n_values > 2 * k + 1) {
        tokens = pic->rows[MIRO_ROWS * plain + 2].values[2 * k];
        before = pic->rows[MIRO_ROWS * plain + 2].values[2 * k + 1];
    }
    char label[32], series[200], text[128];
    snprintf(label, sizeof label, "step %zu", k);
    double xs = left + 48, xm = left + 98, ty = svg_y(plot, tau), sy = svg_y(plot, surprise);
    double my = svg_y(plot, mu), ny = svg_y(plot, next), bottom = plot->top + plot->height;
    svg_text(s, left + FIRST_COLUMN / 2 - 5, plot->top - 8, (SvgFont){12, "middle", true, NULL, 0}, label, NULL);
    snprintf(series, sizeof series, "surprise - tau, %s", shown->label.text);
    SvgDatum dd = {series, label, surprise - tau, NULL};
    svg_group_begin(s, NULL);       /* surprise - tau: from tau to the surprise, and the dot */
    svg_line(s, xs, ty, xs, sy, (SvgStyle){NULL, MIROSTAT_DOT, 2.5, NULL}, &dd);
    svg_circle(s, xs, sy, 4.5, (SvgStyle){MIROSTAT_DOT, NULL, 0, NULL}, NULL);
    double at = fabs(sy - ty) >= 16 ? (ty + sy) / 2 + 4 : sy < ty ? sy - 8 : sy + 16;   /* beside it, or beyond */
    snprintf(text, sizeof text, "%s%.2f", surprise - tau < 0 ? "\xe2\x88\x92" : "+", fabs(surprise - tau));
    svg_text(s, xs - 8, picture_clear_of_line(at, 12, ty, sy < ty), (SvgFont){12, "end", false, SVG_TEXT_OF(SURPRISE),
             0}, text, NULL);
    svg_group_end(s);
    snprintf(series, sizeof series, "mu now, %s", shown->label.text);
    SvgDatum dn = {series, label, next, NULL};
    svg_group_begin(s, NULL);       /* mu's change: the level this step's cut used, and the next */
    svg_line(s, xm - 14, my, xm + 2, my, (SvgStyle){NULL, MIROSTAT_MU, 3, NULL}, NULL);
    svg_line(s, xm + 2, ny, xm + 18, ny, (SvgStyle){NULL, MIROSTAT_MU, 3, NULL}, &dn);
    if (fabs(ny - my) > 2)
        svg_line(s, xm + 2, my, xm + 2, ny, (SvgStyle){NULL, MIROSTAT_MU, 1.5, NULL}, NULL);
    svg_group_end(s);
    picture_arrow_line(s, xs + 6, (ty + sy) / 2, xm - 17, my, (SvgStyle){NULL, SVG_TEXT, 1.2, NULL});
    SvgFont small = {12, NULL, false, NULL, 0};
    snprintf(series, sizeof series, "kept, %s", shown->label.text);
    SvgDatum dk = {series, label, kept, NULL};
    snprintf(text, sizeof text, "surprise %.2f", surprise);
    svg_text(s, left, bottom + 18, small, text, NULL);
    snprintf(text, sizeof text, "mu %.2f \xe2\x86\x92 %.2f", mu, next);
    svg_text(s, left, bottom + 34, (SvgFont){12, NULL, false, SVG_TEXT_OF(MU), 0}, text, NULL);
    snprintf(text, sizeof text, isnan(tokens) ? "kept %.0f tokens" : "kept %.0f of %.0f", kept, tokens);
    svg_text(s, left, bottom + 50, (SvgFont){12, NULL, true, NULL, 0}, text, &dk);
    SvgFont muted = {12, NULL, false, SVG_MUTED, 0};
    snprintf(series, sizeof series, "entropy before, %s", shown->label.text);
    SvgDatum db = {series, label, before, NULL};
    if (isnan(before))
        snprintf(text, sizeof text, "H after ");
    else
        snprintf(text, sizeof text, "H %.2f \xe2\x86\x92 ", before);
    svg_text(s, left, bottom + 66, muted, text, isnan(before) ? NULL : &db);
    double at_x = left + svg_text_width(text, 12);
    snprintf(series, sizeof series, "entropy after, %s", shown->label.text);
    SvgDatum da = {series, label, after, NULL};
    snprintf(text, sizeof text, "%.2f", after);
    svg_text(s, at_x, bottom + 66, muted, text, &da);
}

/* Every tau's first steps (picture_first_column), a block of columns per tau from y, blocks side by side while
 * they fit within width px, each under its tau's name, on one bits scale (tau dashed across each block). Returns
 * the y under the last block. */
static double picture_mirostat_firsts(Svg *s, const Picture *pic, int first_steps, double y, double width)
{
    size_t runs = pic->n_rows / MIRO_ROWS, plain = runs, at = 0;
    double low, high, x = 80, bottom = y;
    picture_first_range(pic, first_steps, &low, &high);
    for (size_t r = 0; r < runs; r++)
        plain = isnan(pic->rows[MIRO_ROWS * r].numbers[0]) ? r : plain;
    for (size_t r = 0; r < runs; r++) {
        const PictureRow *shown = &pic->rows[MIRO_ROWS * r];
        size_t n = picture_first_shown(pic, r, first_steps);
        if (isnan(shown->numbers[0]) || n == 0)
            continue;
        double block = FIRST_COLUMN * (double)n;
        if (at++ > 0 && x + 50 + block > width - 20) {       /* the next row of blocks */
            x = 80;
            y = bottom + 24;
        } else if (at > 1) {
            x += 50;                    /* room for the block's own tick labels */
        }
        char text[128];
        snprintf(text, sizeof text, "%.40s, its first %zu steps", shown->label.text, n);
        svg_text(s, x, y + 14, (SvgFont){14, NULL, true, NULL, 0}, text, NULL);
        SvgPlot plot = {x, y + 44, block - 10, FIRST_HEIGHT, 0, 1, low, high, false};
        svg_axis_y(s, &plot, x == 80 ? "bits" : "", 5);
        SvgDatum d = {"tau", shown->label.text, shown->numbers[0], NULL};
        svg_line(s, plot.left, svg_y(&plot, shown->numbers[0]), plot.left + plot.width, svg_y(&plot,
                 shown->numbers[0]), (SvgStyle){NULL, MIROSTAT_TAU, 2, "7 4"}, &d);
        for (size_t k = 0; k < n; k++)
            picture_first_column(s, pic, r, plain, k, &plot, x + FIRST_COLUMN * (double)k);
        bottom = fmax(bottom, plot.top + plot.height + 72);
        x += block;
    }
    if (at == 0)
        return y;
    return svg_wrap(s, 80, bottom + 16, width - 100, 16, (SvgFont){12, NULL, false, SVG_MUTED, 0}, "In bits: the "
                    "surprise of the drawn token (its bar: surprise - tau), mu (the cut this step used, then the "
                    "next step's), H (the entropy of the distribution the cut received, then of what it kept). "
                    "Each arrow: surprise - tau moves mu the other way, by eta * (tau - surprise).") + 6;
}

int picture_mirostat(Picture *pic, int first_steps)
{
    size_t runs = pic->n_rows / MIRO_ROWS, n_notes[16] = {0};
    double top = 1, steps = 1, widest = 0, plain = NAN, low = 0, high = 1, plot_width = 730, panel = 150;
    char text[256];
    MirostatNote notes[16][3];
    if (!pic->out_of_memory)
        picture_mirostat_range(pic, &low, &high);
    for (size_t r = 0; r < runs; r++) {
        const PictureRow *shown = &pic->rows[MIRO_ROWS * r], *run = &pic->rows[MIRO_ROWS * r + 1];
        steps = fmax(steps, run->numbers[1]);
        for (size_t k = 1; k < run->n_values; k += 2)
            top = fmax(top, run->values[k]);
        snprintf(text, sizeof text, "%s: %.2f bits", run->label.text, run->numbers[0]);
        widest = fmax(widest, 32 + svg_text_width(text, 13));
        plain = isnan(shown->numbers[0]) ? run->numbers[0] : plain;
        snprintf(text, sizeof text, "tau = %s bits", lesson_number(shown->numbers[0], 1).text);
        widest = fmax(widest, isnan(shown->numbers[0]) ? widest : 8 + svg_text_width(text, 13));
    }
    double width = 80 + plot_width + widest + 20, height = 0;
    size_t n_blocks = 0, block_steps = 0;     /* the first steps' blocks: as wide as the picture must be for them */
    for (size_t r = 0; r < runs; r++)
        if (!isnan(pic->rows[MIRO_ROWS * r].numbers[0]) && picture_first_shown(pic, r, first_steps) > 0) {
            n_blocks++;
            block_steps = (size_t)fmax((double)block_steps, (double)picture_first_shown(pic, r, first_steps));
        }
    double blocks = (double)(n_blocks < 2 ? n_blocks : 2);
    width = fmin(1180, fmax(width, 80 + blocks * FIRST_COLUMN * (double)block_steps + (blocks - 1) * 50 + 20));
    const char *subtitle = "each step walks the tokens in vocabulary order, as the lesson's Java does, and keeps "
                           "those before the first whose surprise exceeds mu (at least one); it draws one of them, "
                           "then moves mu by eta * (tau - surprise): down after a surprise above tau, up after one "
                           "below. (llama.cpp sorts the tokens first.)";
    SvgFont muted = {13, NULL, false, SVG_MUTED, 0};
    Svg measure = picture_measure();
    double legend = svg_wrap(&measure, 20, 50, width - 40, 17, muted, subtitle) + 8;
    double firsts = legend + 44, y = picture_mirostat_firsts(&measure, pic, first_steps, firsts, width) + 36;
    for (size_t r = 0; r < runs && r < 16; r++) {
        SvgPlot plot = {80, 0, plot_width, panel, 0, 1, low, high, false};
        if (!isnan(pic->rows[MIRO_ROWS * r].numbers[0]))
            n_notes[r] = picture_mirostat_notes(&pic->rows[MIRO_ROWS * r], &pic->rows[MIRO_ROWS * r + 1], plain, &plot,
                                                notes[r]);
        height += isnan(pic->rows[MIRO_ROWS * r].numbers[0]) ? 0 : 30 + 16 * (double)n_notes[r] + panel + 62;
    }
    PictureFile pf;
    if (!pic->out_of_memory && picture_open(&pf, pic->file, pic->path, width, y + height + 300, "mirostat")) {
        svg_heading(&pf.svg, 20, 30, "Mirostat 2: after every step a feedback loop moves the cut, mu, aiming the "
                    "surprise at tau", NULL);
        svg_wrap(&pf.svg, 20, 50, width - 40, 17, muted, subtitle);
        SvgKey keys[] = {{SVG_KEY_DOT, {MIROSTAT_DOT, NULL, 0, NULL}, "surprise of the drawn token"},
                         {SVG_KEY_LINE, {NULL, MIROSTAT_MU, 2, NULL}, "mu, the cut each step used"},
                         {SVG_KEY_LINE, {NULL, MIROSTAT_TAU, 2, "7 4"}, "tau, the target"}};
        svg_legend(&pf.svg, 80, legend + 20, width - 20, keys, LESSON_N(keys));
        picture_mirostat_firsts(&pf.svg, pic, first_steps, firsts, width);
        for (size_t r = 0; r < runs && r < 16; r++) {
            const PictureRow *shown = &pic->rows[MIRO_ROWS * r];
            if (isnan(shown->numbers[0]))
                continue;
            SvgPlot plot = {80, y + 14 + 16 * (double)n_notes[r], plot_width, panel, 0,
                            (double)picture_mirostat_shown(shown), low, high, false};  /* every panel, one scale */
            picture_mirostat_panel(&pf.svg, shown, &pic->rows[MIRO_ROWS * r + 1], picture_run_colour(r), notes[r],
                                   n_notes[r], y, plot);
            y = plot.top + panel + 78;
        }
        picture_mirostat_averages(&pf.svg, pic, (SvgPlot){80, y + 20, plot_width, 220, 1, steps, 0,
                                                          svg_nice_ceiling(top), true});
    }
    return picture_finish(pic, picture_close(&pf));
}
