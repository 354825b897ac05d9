/* picture_dry_xtc.c: the pictures of Examples 9 and 10 (picture_dry_xtc.h). */
#include "picture/picture_draw.h"
#include "filters.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* How many rows svg_legend makes of the keys (n,) from x, wrapping at max_x. */
static size_t picture_legend_rows(const SvgKey *keys, size_t n, double x, double max_x)
{
    double at = x;
    size_t rows = n > 0;
    for (size_t i = 0; i < n; i++) {
        double w = 26 + svg_text_width(keys[i].text, 13) + 18;
        rows += at > x && at + w > max_x;
        at = at > x && at + w > max_x ? x + w : at + w;
    }
    return rows;
}

/* ===== Example 9 ===== */

/* Records one candidate of Example 9: its word, the repeat it would extend (tokens) and DRY's penalty. */
static void picture_dry_mark(Picture *pic, const char *word, int32_t length, double penalty)
{
    if (picture_row(pic, 0, word, NULL) != NULL) {
        picture_value(pic, length);
        picture_value(pic, penalty);
    }
}

#define DRY_CHIP 26         /* the height of a history token's box, px */
#define DRY_GREEN SVG_COLOUR_OF(REPEAT)
#define RANGE_SHADE SVG_COLOUR_OF(RANGE)   /* the range a threshold sets apart: DRY free, XTC above */

/* Where the repeat of `length` tokens that `word` would extend occurred before, in history (n_history,) as DRY
 * reads it (dry's window): the first position of the newest earlier run of `length` tokens that equals the
 * history's last `length` and was followed by word (its follower, at start + length, is an earlier position;
 * for length 0 the run is empty and start is where word last followed a token of the window). n_history when
 * there is none. The length is the lesson's (dry_repeat_length); this only finds where it lies. */
static size_t picture_dry_earlier(const int32_t *history, size_t n_history, const DryParams *dry,
                                  const char *const *vocab, const char *word, int32_t length)
{
    DryWindow win = dry_window_of(history, n_history, dry->dry_penalty_last_n);
    size_t l = length > 0 ? (size_t)length : 0;
    if (win.w < 2)
        return n_history;
    for (size_t e = win.w - 1; e-- > 0;) {         /* the run's end e, newest first, so that e + 1 < w */
        if (e + 1 < l || strcmp(vocab[win.tokens[e + 1]], word) != 0)
            continue;
        size_t j = 0;
        while (j < l && win.tokens[e - j] == dry_back(&win, j))
            j++;
        if (j == l)
            return n_history - win.w + e + 1 - l;
    }
    return n_history;
}

/* Whether candidate row `row` (its word, its repeat length in values[0]) has a repeat at all: it follows a token
 * of DRY's window somewhere (DRY measures a repeat there, of 0 tokens or more). A word that follows none, as one
 * that never occurs, has no repeat; the lesson's table prints its length as 0. */
static bool picture_dry_follows(const PictureRow *row, const int32_t *history, size_t n_history, const DryParams *dry,
                                const char *const *vocab)
{
    return row->values[0] > 0
           || picture_dry_earlier(history, n_history, dry, vocab, row->label.text, 0) < n_history;
}

/* Whether DRY is off for any history: the reasons dry_off_reason gives for llama.cpp's "?dry" (dry_multiplier 0,
 * dry_base below 1, dry_penalty_last_n 0 or less), which dry.h names by their parameter, "dry_...". NULL off: on. */
static bool picture_dry_disabled(const char *off)
{
    return off != NULL && strncmp(off, "dry_", 4) == 0;
}

/* A token's box at (x, y), w px wide (none for a style with neither fill nor stroke), with word in it (datum on
 * the word), in a group of its own. */
static void picture_dry_chip(Svg *s, double x, double y, double w, const char *word, SvgStyle style, SvgFont font,
                             const SvgDatum *datum)
{
    svg_group_begin(s, NULL);
    if (style.fill != NULL || style.stroke != NULL)
        svg_rect(s, x + 2, y, w - 4, DRY_CHIP, style, NULL);
    svg_text(s, x + w / 2, y + 18, font, word, datum);
    svg_group_end(s);
}

#define DRY_WIDEST 1180      /* px: the widest Example 9's history rows make the picture, however long the history */
#define DRY_GAPS 16         /* the most runs of left-out tokens the rows show */

/* The layout of Example 9's history rows: the tokens shown, one column each (cw px) from x0, oldest first, and in
 * place of each run of tokens left out a gap column ("... 7 older" for the oldest, "... 3 more" between); then the
 * next token's column at next, and the candidates' words at the right from right. */
typedef struct {
    double *left;           /* (n_history,) the left edge of each token's column, px; NAN for a token left out */
    size_t first;           /* the first token shown */
    size_t gap_from[DRY_GAPS], gap_to[DRY_GAPS];    /* (n_gaps,) the tokens [from, to) each gap leaves out */
    double gap_x[DRY_GAPS], gap_w[DRY_GAPS];        /* its column's left edge and width, px */
    size_t n_gaps;
    double x0, cw, next, right, width;
} DryLayout;

/* What Example 9's picture knows of DRY beyond its parameters: why it does nothing (dry_off_reason, NULL when it
 * runs), whether that is for any history (llama.cpp's "?dry"), and whether its window is the whole history. */
typedef struct {
    const char *off;
    bool disabled, whole;
} DryState;

/* What candidate row `row` says at the right: its repeat and penalty (first), and (second, "" for none) why it
 * has no penalty when the reason is not the step: it follows no token of the window (follows false: no repeat),
 * DRY is off (?dry), or the repeat is shorter than the allowed length. */
static void picture_dry_says(const PictureRow *row, const DryParams *dry, const DryState *state, bool follows,
                             LessonText *first, LessonText *second)
{
    int length = (int)row->values[0];
    if (follows)
        snprintf(first->text, sizeof first->text, "repeat of %d token%s: penalty %.3f", length,
                 length == 1 ? "" : "s", row->values[1]);
    else
        snprintf(first->text, sizeof first->text, "no repeat: penalty %.3f", row->values[1]);
    second->text[0] = '\0';
    if (!follows)
        snprintf(second->text, sizeof second->text, "it follows no token %s", state->whole ? "of the history"
                 : "in DRY's window");
    else if (state->disabled)
        snprintf(second->text, sizeof second->text, "?dry: %.100s", state->off);
    else if (length < dry->dry_allowed_length && row->values[1] == 0)
        snprintf(second->text, sizeof second->text, "shorter than dry_allowed_length %d: free",
                 (int)dry->dry_allowed_length);
}

/* Candidate row r of pic at y px: the history's tokens, the run the candidate would repeat (at the end and
 * earlier) filled, the candidate outlined where it followed that run and in the next column (marked when
 * penalized), and its repeat length and penalty at the right. */
static void picture_dry_row(Svg *s, const PictureRow *row, const DryParams *dry, const DryState *state,
                            const int32_t *history, size_t n_history, const char *const *vocab, const DryLayout *at,
                            double y)
{
    int32_t length = (int32_t)row->values[0];
    double penalty = row->values[1];
    size_t l = (size_t)(length > 0 ? length : 0), start = picture_dry_earlier(history, n_history, dry, vocab,
                                                                              row->label.text, length);
    SvgStyle candidate = {SVG_PAPER, SVG_TEXT, 2, NULL};
    svg_text(s, at->x0 - 14, y + 18, (SvgFont){14, "end", true, NULL, 0}, row->label.text, NULL);
    for (size_t g = 0; g < at->n_gaps; g++)
        svg_text(s, at->gap_x[g] + at->gap_w[g] / 2, y + 18, (SvgFont){13, "middle", false, SVG_MUTED, 0}, "...", NULL);
    for (size_t p = at->first; p < n_history; p++) {
        if (isnan(at->left[p]))
            continue;
        bool repeat = (l > 0 && p + l >= n_history) || (start < n_history && p >= start && p < start + l);
        bool follower = start < n_history && p == start + l;
        SvgStyle style = repeat ? (SvgStyle){DRY_GREEN, follower ? SVG_TEXT : NULL, 2, NULL}
                       : follower ? candidate : (SvgStyle){SVG_PAPER, SVG_GRID, 1, NULL};
        SvgFont font = {13, "middle", repeat || follower, repeat ? SVG_PAPER : follower ? SVG_TEXT : SVG_MUTED, 0};
        picture_dry_chip(s, at->left[p], y, at->cw, vocab[history[p]], style, font, NULL);
    }
    SvgDatum d = {"candidate", row->label.text, penalty, NULL};
    svg_group_begin(s, NULL);
    svg_rect(s, at->next + 2, y, at->cw - 4, DRY_CHIP, candidate, &d);
    svg_text(s, at->next + at->cw / 2, y + 18, (SvgFont){13, "middle", true, NULL, 0}, row->label.text, NULL);
    if (penalty > 0)
        svg_mark(s, at->next + at->cw / 2, y - 9);
    svg_group_end(s);
    LessonText first, second;
    picture_dry_says(row, dry, state, row->numbers[0] != 0, &first, &second);
    SvgDatum len = {"repeat length", row->label.text, length, NULL};
    svg_group_begin(s, NULL);
    svg_text(s, at->right, y + 12, (SvgFont){13, NULL, false, NULL, 0}, first.text, &len);
    svg_text(s, at->right, y + 27, (SvgFont){11, NULL, false, SVG_MUTED, 0}, second.text, NULL);
    svg_group_end(s);
}

/* The step of DRY's penalty in plot: the lengths below the allowed one shaded as free (drawn under the grid),
 * and a dashed line between them and the first penalized length, named above the plot on either side. */
static void picture_dry_step(Svg *s, const SvgPlot *plot, int32_t allowed)
{
    double bx = fmax(plot->left, svg_x(plot, allowed - 0.5)), bottom = plot->top + plot->height;
    char text[128];
    if (bx > plot->left) {
        svg_group_begin(s, "grid");
        svg_rect(s, plot->left, plot->top, bx - plot->left, plot->height, (SvgStyle){RANGE_SHADE, NULL, 0, NULL}, NULL);
        svg_group_end(s);
    }
    svg_group_begin(s, NULL);
    svg_line(s, bx, plot->top - 18, bx, bottom, (SvgStyle){NULL, SVG_TEXT, 1.5, "5 4"}, NULL);
    snprintf(text, sizeof text, "dry_allowed_length %d", (int)allowed);
    svg_text(s, bx + 6, plot->top - 8, (SvgFont){12, NULL, false, NULL, 0}, text, NULL);
    if (bx - 6 - svg_text_width("free", 12) > plot->left)
        svg_text(s, bx - 6, plot->top - 8, (SvgFont){12, "end", false, NULL, 0}, "free", NULL);
    svg_group_end(s);
}

/* The longest repeat length Example 9's chart shows: 2 past the allowed length, the table's lengths (shown
 * (n_shown,)) and the candidates' (pic's rows), at most 60. */
static int32_t picture_dry_longest(const Picture *pic, const DryParams *dry, const int32_t *shown, size_t n_shown)
{
    int32_t longest = dry->dry_allowed_length > 0 ? dry->dry_allowed_length + 2 : 2;
    for (size_t i = 0; i < n_shown; i++)
        longest = shown[i] > longest ? shown[i] : longest;
    for (size_t r = 0; r < pic->n_rows; r++)
        longest = pic->rows[r].values[0] > longest ? (int32_t)fmin(pic->rows[r].values[0], 60) : longest;
    return longest < 60 ? longest : 60;         /* a reader's repeat of thousands still gets a readable axis */
}

/* Repeat length k's penalty (value) in plot: a stem from 0 and a dot (series "penalty by repeat length"; in
 * SVG_DISABLED when DRY is off, disabled), the candidates of pic with a repeat of this length (numbers[0] not 0)
 * ringed at their penalty, and above (below, for a negative value) the value when labelled, and the words of the
 * candidates on the stem; all in one group. */
static void picture_dry_stem(Svg *s, const SvgPlot *plot, const Picture *pic, int32_t k, double value,
                             bool labelled, bool disabled)
{
    double x = svg_x(plot, k), y = svg_y(plot, value), up = value < 0 ? 1 : -1;
    char words[256] = "", text[64];
    bool ringed = false;
    snprintf(text, sizeof text, "%d", (int)k);
    SvgDatum d = {"penalty by repeat length", text, value, NULL};
    svg_group_begin(s, NULL);
    const char *ink = disabled ? SVG_DISABLED : SVG_TEXT;
    svg_line(s, x, svg_y(plot, 0), x, y, (SvgStyle){NULL, ink, 2, NULL}, NULL);
    svg_circle(s, x, y, 4, (SvgStyle){ink, NULL, 0, NULL}, &d);
    for (size_t r = 0; r < pic->n_rows; r++) {           /* the candidates of this length, on the stem or not */
        const PictureRow *row = &pic->rows[r];
        if ((int32_t)row->values[0] != k || row->numbers[0] == 0)
            continue;
        double cy = svg_y(plot, row->values[1]);
        svg_circle(s, x, cy, 9, (SvgStyle){NULL, DRY_GREEN, 2.5, NULL}, NULL);
        if (row->values[1] == value) {
            size_t used = strlen(words);
            snprintf(words + used, sizeof words - used, "%s%s", used ? ", " : "", row->label.text);
            ringed = true;
        } else {                                          /* DRY gives this candidate another penalty */
            svg_text(s, x, cy + up * 14 + (up > 0 ? 8 : 0), (SvgFont){13, "middle", true, DRY_GREEN, 0},
                     row->label.text, NULL);
        }
        labelled = true;
    }
    double at = y + up * (ringed ? 12 : 7) + (up > 0 ? 9 : 0);     /* the baseline next to the dot or ring */
    snprintf(text, sizeof text, "%.2f", value);
    if (labelled) {
        svg_text(s, x, at, (SvgFont){11, "middle", false, disabled ? SVG_TEXT_OF(DISABLED) : NULL, 0}, text, NULL);
        at += up * 14;
    }
    svg_text(s, x, at, (SvgFont){13, "middle", true, DRY_GREEN, 0}, words, NULL);
    svg_group_end(s);
}

/* DRY's penalty by repeat length in a plot at (left, top), width px wide, at each whole length 0..longest
 * (dry_penalty's, the rule of the table's last line): a stem and a dot each, nothing between them (there is no
 * length between two whole ones), the step at the allowed length, and the candidates with a repeat (pic's rows)
 * ringed where they sit, their words above; those with none named under the plot. A length's value is written
 * where the bands are wide, and always at the table's lengths (shown (n_shown,)) and the candidates'. When DRY is
 * off for any history (state->disabled) the plot is a disabled stage, "?dry" in a dotted frame, with no step. */
static void picture_dry_chart(Svg *s, const Picture *pic, const DryParams *dry, const DryState *state,
                              const int32_t *shown, size_t n_shown, double left, double top, double width)
{
    int32_t longest = picture_dry_longest(pic, dry, shown, n_shown);
    double high = 0, low = 0, curve[61];
    char none[256] = "";
    for (int32_t k = 0; k <= longest; k++) {
        curve[k] = dry_penalty(dry, k);
        high = fmax(high, curve[k]);
        low = fmin(low, curve[k]);
    }
    for (size_t r = 0; r < pic->n_rows; r++) {
        high = fmax(high, pic->rows[r].values[1]);
        low = fmin(low, pic->rows[r].values[1]);
    }
    double y_max = svg_nice_ceiling(high), y_min = low < 0 ? -svg_nice_ceiling(-low) : 0;
    for (int i = 0; i < 8 && 240 * (y_max - high) / (y_max - y_min) < 46; i++)   /* room for the labels above */
        y_max = svg_nice_ceiling(y_max * 1.05);
    for (int i = 0; i < 8 && low < 0 && 240 * (low - y_min) / (y_max - y_min) < 46; i++)   /* and below */
        y_min = -svg_nice_ceiling(-y_min * 1.05);
    y_min = low < 0 ? y_min : -0.05 * y_max;        /* 0 a little above the axis: its dots and rings clear it */
    SvgPlot frame = {left, top, width, 240, -0.5, longest + 0.5, y_min, y_max, false}, *plot = &frame;
    size_t most_ticks = longest + 2 < 12 ? (size_t)longest + 2 : 12;      /* whole-number ticks */
    if (state->disabled) {                          /* the frame lies under everything, as the grid does */
        svg_group_begin(s, "grid");
        svg_rect(s, left, top, width, 240, svg_disabled_style(), NULL);
        svg_group_end(s);
        svg_text(s, left + 10, top + 22, (SvgFont){14, NULL, true, SVG_TEXT_OF(DISABLED), 0}, "?dry", NULL);
    } else {
        picture_dry_step(s, plot, dry->dry_allowed_length);
    }
    svg_axis_y(s, plot, "logit penalty (nats)", 6);
    svg_axis_x(s, plot, "repeat length (tokens)", most_ticks);
    bool wide = svg_band_width(plot, (size_t)longest + 1) >= 44;
    for (int32_t k = 0; k <= longest; k++) {
        bool labelled = wide || k == dry->dry_allowed_length;
        for (size_t i = 0; i < n_shown; i++)
            labelled |= shown[i] == k;
        picture_dry_stem(s, plot, pic, k, curve[k], labelled, state->disabled);
    }
    for (size_t r = 0; r < pic->n_rows; r++) {
        size_t used = strlen(none);
        if (pic->rows[r].numbers[0] == 0)
            snprintf(none + used, sizeof none - used, "%s%.60s", used ? ", " : "", pic->rows[r].label.text);
    }
    if (none[0] != '\0') {
        char text[320];
        snprintf(text, sizeof text, "not on the chart, with no repeat: %s", none);
        svg_text(s, left, top + 240 + 58, (SvgFont){12, NULL, false, SVG_MUTED, 0}, text, NULL);
    }
}

/* The words of gap g of at: "... 7 older" for the tokens before the first shown, "... 3 more" for others. */
static void picture_dry_gap_words(const DryLayout *at, size_t g, char *text, size_t size)
{
    snprintf(text, size, "... %zu %s", at->gap_to[g] - at->gap_from[g], at->gap_from[g] == 0 ? "older" : "more");
}

/* Lays out the tokens shown (shown (n,)) from at->x0: their columns (at->left), the gap columns between them, and
 * at->first and at->next. Returns how wide the columns and gaps are, px. */
static double picture_dry_columns(DryLayout *at, const bool *shown, size_t n)
{
    double x = at->x0;
    char text[64];
    at->n_gaps = 0;
    at->first = n;
    for (size_t p = 0; p < n; p++) {
        at->left[p] = NAN;
        if (shown[p]) {
            at->left[p] = x;
            at->first = at->first < p ? at->first : p;
            x += at->cw;
        } else if ((p == 0 || shown[p - 1]) && at->n_gaps < DRY_GAPS) {   /* a run left out starts */
            size_t g = at->n_gaps++, to = p;
            while (to < n && !shown[to])
                to++;
            at->gap_from[g] = p;
            at->gap_to[g] = to;
            picture_dry_gap_words(at, g, text, sizeof text);
            at->gap_x[g] = x;
            at->gap_w[g] = fmax(at->cw, svg_text_width(text, 12) + 12);
            x += at->gap_w[g];
        }
    }
    at->next = x + 14;
    return x - at->x0;
}

/* Where Example 9's history rows go, columns as wide as the widest word: the newest 24 tokens of a long history
 * and back to the oldest token a candidate's repeat needs, when that fits in DRY_WIDEST px; otherwise, from the
 * newest token and from where each candidate followed its earlier run (the runs that make its repeat end there),
 * as many tokens to the left of each, in turn, as fit, the runs left out named ("... 7 older"). The width the rows
 * need in at.width. at.left is allocated (free it); NULL when memory ran out. */
static DryLayout picture_dry_layout(const Picture *pic, const DryParams *dry, const DryState *state,
                                    const int32_t *history, size_t n_history, const char *const *vocab)
{
    DryLayout at = {malloc((n_history > 0 ? n_history : 1) * sizeof *at.left), 0, {0}, {0}, {0}, {0}, 0, 0, 40, 0, 0,
                    0};
    bool *shown = calloc(n_history > 0 ? n_history : 1, sizeof *shown);
    size_t *seeds = malloc(2 * (pic->n_rows + 1) * sizeof *seeds), *need = seeds + pic->n_rows + 1, n_seeds = 0;
    size_t first = n_history > 24 ? n_history - 24 : 0;
    double label = svg_text_width("history", 14), says = 0;
    if (at.left == NULL || shown == NULL || seeds == NULL) {
        free(at.left);
        free(shown);
        free(seeds);
        at.left = NULL;
        return at;
    }
    if (n_history > 0) {
        need[n_seeds] = 0;
        seeds[n_seeds++] = n_history - 1;
    }
    for (size_t r = 0; r < pic->n_rows; r++) {
        const PictureRow *row = &pic->rows[r];
        size_t l = row->values[0] > 0 ? (size_t)row->values[0] : 0;
        size_t start = picture_dry_earlier(history, n_history, dry, vocab, row->label.text, (int32_t)l);
        first = start < first ? start : first;
        first = l > 0 && l <= n_history && n_history - l < first ? n_history - l : first;
        need[0] = n_history > 0 && l > need[0] ? l : need[0];   /* the run at the end, before the newest token */
        if (start < n_history && start + l < n_history) {
            need[n_seeds] = l;
            seeds[n_seeds++] = start + l;               /* where it followed the run before, the run before it */
        }
        label = fmax(label, svg_text_width(row->label.text, 14));
        at.cw = fmax(at.cw, svg_text_width(row->label.text, 13) + 14);
        LessonText said, why;
        picture_dry_says(row, dry, state, row->numbers[0] != 0, &said, &why);
        says = fmax(says, fmax(svg_text_width(said.text, 13), svg_text_width(why.text, 11)));
    }
    for (size_t p = 0; p < n_history; p++)
        at.cw = fmax(at.cw, svg_text_width(vocab[history[p]], 13) + 14);
    at.x0 = 20 + label + 16;
    double room = DRY_WIDEST - (at.x0 + 14 + at.cw + 16 + says + 20);      /* for the columns and gaps */
    for (size_t p = 0; p < n_history; p++)
        shown[p] = p >= first;
    if (picture_dry_columns(&at, shown, n_history) > room) {
        for (size_t p = 0; p < n_history; p++)
            shown[p] = false;
        for (size_t k = 0; k < n_seeds; k++) {      /* the seeds, the newest token first, as many as fit */
            bool was = shown[seeds[k]];
            shown[seeds[k]] = true;
            if (k > 0 && picture_dry_columns(&at, shown, n_history) > room)
                shown[seeds[k]] = was;
        }
        for (int all = 0; all < 2; all++) {         /* first the runs the repeats need, then what else fits */
            for (bool grew = true; grew;) {         /* one more token left of each seed, in turn */
                grew = false;
                for (size_t k = 0; k < n_seeds; k++) {
                    size_t lo = seeds[k];
                    while (shown[lo] && lo > 0 && shown[lo - 1])
                        lo--;
                    if (!shown[lo] || lo == 0 || (!all && seeds[k] - lo + (k == 0) >= need[k]))
                        continue;
                    shown[lo - 1] = true;
                    if (picture_dry_columns(&at, shown, n_history) > room)
                        shown[lo - 1] = false;
                    else
                        grew = true;
                }
            }
        }
    }
    picture_dry_columns(&at, shown, n_history);
    at.right = at.next + at.cw + 16;
    at.width = at.right + says + 20;
    free(shown);
    free(seeds);
    return at;
}

/* The history row at y px: each token in its column (series "history", labelled by its position), those
 * before DRY's window (the newest `window` tokens) faded and without a box, and the next token's column named. */
static void picture_dry_history(Svg *s, const int32_t *history, size_t n_history, size_t window,
                                const char *const *vocab, const DryLayout *at, double y)
{
    char place[32], text[64];
    svg_text(s, at->x0 - 14, y + 18, (SvgFont){14, "end", false, SVG_MUTED, 0}, "history", NULL);
    for (size_t g = 0; g < at->n_gaps; g++) {
        picture_dry_gap_words(at, g, text, sizeof text);
        svg_text(s, at->gap_x[g] + at->gap_w[g] / 2, y + 18, (SvgFont){12, "middle", false, SVG_MUTED, 0}, text,
                 NULL);
    }
    for (size_t p = at->first; p < n_history; p++) {
        if (isnan(at->left[p]))
            continue;
        bool outside = p + window < n_history;
        snprintf(place, sizeof place, "%zu", p);
        SvgDatum d = {"history", place, 0, vocab[history[p]]};
        picture_dry_chip(s, at->left[p], y, at->cw, vocab[history[p]], outside ?
                         (SvgStyle){NULL, NULL, 0, NULL}
                         : (SvgStyle){SVG_PAPER, SVG_COLOUR_OF(TOKEN_FRAME), 1, NULL},
                         (SvgFont){13, "middle", false, outside ? SVG_MUTED : NULL, 0}, &d);
    }
    svg_text(s, at->next + at->cw / 2, y + 18, (SvgFont){12, "middle", false, SVG_MUTED, 0}, "next", NULL);
}

/* The legend of Example 9's candidate rows, into keys (3,): the keys of what the rows draw. Returns how many. */
static size_t picture_dry_keys(const Picture *pic, SvgKey *keys)
{
    bool repeats = false, follows = false, penalized = false;
    size_t n = 0;
    for (size_t r = 0; r < pic->n_rows; r++) {
        repeats |= pic->rows[r].values[0] > 0;
        follows |= pic->rows[r].numbers[0] != 0;
        penalized |= pic->rows[r].values[1] > 0;
    }
    if (repeats)
        keys[n++] = (SvgKey){SVG_KEY_BOX, {DRY_GREEN, NULL, 0, NULL}, "the repeated run: at the end, and earlier"};
    if (follows)
        keys[n++] = (SvgKey){SVG_KEY_BOX, {SVG_PAPER, SVG_TEXT, 2, NULL}, repeats ? "the candidate: next, and after "
                             "the run earlier" : "the candidate: next, and where it followed a token earlier"};
    if (penalized)
        keys[n++] = (SvgKey){SVG_KEY_MARK, {NULL, NULL, 0, NULL}, "penalized"};
    return n;
}

/* The legend's key for the history's tokens outside DRY's window, at baseline y: a faded word (sample) and what
 * it means; in one group. */
static void picture_dry_outside_key(Svg *s, double y, const char *sample, int32_t last_n)
{
    char text[128];
    snprintf(text, sizeof text, "faded, no box: outside DRY's window, dry_penalty_last_n %d", (int)last_n);
    svg_group_begin(s, "key");
    svg_text(s, 20, y, (SvgFont){13, NULL, false, SVG_MUTED, 0}, sample, NULL);
    svg_text(s, 20 + svg_text_width(sample, 13) + 10, y, (SvgFont){13, NULL, false, NULL, 0}, text, NULL);
    svg_group_end(s);
}

/* picture_dry's figure, from the candidates recorded in pic (picture_dry_mark). Frees pic (its rows' numbers[0]
 * are used here); returns main's status. */
static int picture_dry_drawn(Picture *pic, const DryParams *dry, const int32_t *history, size_t n_history,
                             const char *const *vocab, const int32_t *shown, size_t n_shown)
{
    if (pic->path == NULL || pic->out_of_memory)
        return picture_finish(pic, 0);
    size_t window = dry_window(n_history, dry->dry_penalty_last_n);
    DryState state = {dry_off_reason(history, n_history, dry), false, window == n_history};
    state.disabled = picture_dry_disabled(state.off);
    for (size_t r = 0; r < pic->n_rows; r++)
        pic->rows[r].numbers[0] = picture_dry_follows(&pic->rows[r], history, n_history, dry, vocab);
    const char *title = "DRY penalizes a token that would extend a repeat of the history";
    char subtitle[512];
    if (state.disabled) {
        title = "DRY is off (?dry): it penalizes no token, on any history";
        snprintf(subtitle, sizeof subtitle, "%s, so llama.cpp builds DRY empty (\"?dry\"): no logit changes",
                 state.off);
    } else if (state.off != NULL) {
        title = "DRY finds nothing to penalize on this history";
        snprintf(subtitle, sizeof subtitle, "DRY does nothing on this history: %s", state.off);
    } else {
        snprintf(subtitle, sizeof subtitle, "from dry_allowed_length %d tokens on, a repeat costs the logit "
                 "dry_multiplier %s x dry_base %s ^ (length - %d)",
                 (int)dry->dry_allowed_length, lesson_number(dry->dry_multiplier, 1).text,
                 lesson_number(dry->dry_base, 2).text, (int)dry->dry_allowed_length);
    }
    SvgKey keys[3];
    size_t n_keys = picture_dry_keys(pic, keys);
    DryLayout at = picture_dry_layout(pic, dry, &state, history, n_history, vocab);
    if (at.left == NULL) {
        pic->out_of_memory = true;
        return picture_finish(pic, 0);
    }
    bool outside = at.first + window < n_history;          /* a token outside the window is shown */
    double width = fmax(fmax(820, at.width), 40 + fmax(svg_text_width(subtitle, 13), svg_text_width(title, 18)));
    size_t rows = picture_legend_rows(keys, n_keys, 20, width - 20) + outside;
    double y = 136 + 20 * (double)(rows - (rows > 0));
    double top = y + 46 * (double)(pic->n_rows + 1) + 60;
    PictureFile pf;
    if (picture_open(&pf, pic->file, pic->path, width, top + 240 + 66, "DRY")) {
        svg_heading(&pf.svg, 20, 30, title, subtitle);
        svg_text(&pf.svg, 20, 88, (SvgFont){14, NULL, true, NULL, 0}, at.n_gaps == 0 ? "The history, oldest "
                 "first, and the repeat each candidate would extend" : at.n_gaps == 1 && at.gap_to[0] == at.first
                 ? "The history's newest tokens, and the repeat each candidate would extend" : "Parts of the "
                 "history, oldest first, and the repeat each candidate would extend", NULL);
        double last = svg_legend(&pf.svg, 20, 112, width - 20, keys, n_keys);
        if (outside)
            picture_dry_outside_key(&pf.svg, n_keys > 0 ? last + 20 : 112, vocab[history[at.first]],
                                    dry->dry_penalty_last_n);
        picture_dry_history(&pf.svg, history, n_history, window, vocab, &at, y);
        for (size_t r = 0; r < pic->n_rows; r++)
            picture_dry_row(&pf.svg, &pic->rows[r], dry, &state, history, n_history, vocab, &at,
                            y + 46 * (double)(r + 1));
        const char *heading = state.disabled ? "The penalty at each repeat length: 0, as DRY is off"
                              : "The penalty at each repeat length";
        svg_text(&pf.svg, 20, top - 38, (SvgFont){14, NULL, true, NULL, 0}, heading, NULL);
        bool ringed = false;
        for (size_t r = 0; r < pic->n_rows; r++)
            ringed |= pic->rows[r].numbers[0] != 0;
        SvgKey ring = {SVG_KEY_DOT, {NULL, DRY_GREEN, 2.5, NULL}, "a candidate with a repeat, at its length and "
                       "penalty"};
        svg_legend(&pf.svg, 20 + svg_text_width(heading, 14) + 30, top - 38, width - 20, &ring, ringed);
        picture_dry_chart(&pf.svg, pic, dry, &state, shown, n_shown, 90, top, width - 130);
    }
    free(at.left);
    return picture_finish(pic, picture_close(&pf));
}

int picture_dry(const char *file, const DryParams *dry, const int32_t *history, size_t n_history,
                const char *const *vocab, const char *const *candidates, const int32_t *length,
                const double *penalty, size_t n_candidates, const int32_t *shown, size_t n_shown)
{
    Picture pic = picture_start(file);
    for (size_t i = 0; i < n_candidates; i++)
        picture_dry_mark(&pic, candidates[i], length[i], penalty[i]);
    return picture_dry_drawn(&pic, dry, history, n_history, vocab, shown, n_shown);
}

/* ===== Example 10 ===== */


/* The p of token id among c's candidates, or -1 when it was removed (absent, or a -inf logit). */
static double picture_xtc_p(const Candidates *c, int32_t id)
{
    for (size_t i = 0; i < c->size; i++)
        if (c->data[i].id == id)
            return c->data[i].logit == -INFINITY ? -1 : c->data[i].p;
    return -1;
}

/* A bar at centre px, up to p in plot, with its label (in font) 4 px above it, or just above the threshold line
 * at ty px when it would cross it; bar and label in one group. */
static void picture_xtc_bar(Svg *s, const SvgPlot *plot, double centre, double p, SvgStyle style, const char *label,
                            SvgFont font, double ty, const SvgDatum *datum)
{
    double y0 = svg_y(plot, plot->y_min), y1 = svg_y(plot, fmin(fmax(p, plot->y_min), plot->y_max));
    svg_group_begin(s, NULL);
    svg_rect(s, centre - 18, y1, 36, y0 - y1, style, datum);
    svg_text(s, centre, picture_off_line(y1 - 4, font.size, ty, true), font, label, NULL);
    svg_group_end(s);
}

/* The token XTC's rule spared, from the lesson's result (probs (m,), above and removed (m,)): when it removed
 * tokens, all of them at or above the threshold, and kept exactly one of those, the least likely of them, that
 * one; m otherwise. */
static size_t picture_xtc_spared(const double *probs, size_t m, const bool *above, const bool *removed)
{
    size_t n_removed = 0, kept = m, n_kept = 0;
    bool rule = true;               /* every removed token is at or above, and the one kept is the least likely */
    for (size_t i = 0; i < m; i++) {
        n_removed += removed[i];
        rule &= !removed[i] || above[i];
        if (above[i] && !removed[i]) {
            kept = i;
            n_kept++;
        }
    }
    for (size_t i = 0; i < m; i++)
        rule &= kept < m && (!above[i] || probs[i] >= probs[kept]);
    return n_removed > 0 && rule && n_kept == 1 ? kept : m;
}

/* What one application did, in words, from the lesson's result: which tokens it removed and, when they are every
 * token at or above the threshold but the least likely of them, that it kept that one; or why it removed none. */
static void picture_xtc_says(char *text, size_t size, const char *label, const double *probs, size_t m,
                             const bool *above, const bool *removed, double probability, double threshold)
{
    size_t n_above = 0, n_removed = 0, kept = picture_xtc_spared(probs, m, above, removed);
    for (size_t i = 0; i < m; i++) {
        n_above += above[i];
        n_removed += removed[i];
    }
    LessonNumber t = lesson_number(threshold, 1);
    if (kept < m)
        snprintf(text, size, "%s removed every token at or above xtc_threshold %s but the least likely of them, "
                 "token %zu", label, t.text, kept);
    else if (n_removed > 0)
        snprintf(text, size, "%s removed %zu token%s", label, n_removed, n_removed == 1 ? "" : "s");
    else if (!isnan(threshold) && xtc_off(1, threshold))
        snprintf(text, size, "%s removed nothing: XTC is off, as xtc_threshold %s is above 0.5", label, t.text);
    else if (!isnan(probability) && xtc_off(probability, 0))
        snprintf(text, size, "%s removed nothing: XTC is off, as xtc_probability %s is 0 or less", label,
                 lesson_number(probability, 1).text);
    else if (!isnan(threshold) && n_above < 2)
        snprintf(text, size, "%s removed nothing: fewer than two tokens are at or above xtc_threshold %s", label,
                 t.text);
    else if (!isnan(probability))
        snprintf(text, size, "%s removed nothing: its coin came up above xtc_probability %s", label,
                 lesson_number(probability, 1).text);
    else
        snprintf(text, size, "%s removed nothing", label);
}

/* p with the table's 3 decimals, or "<0.001" for a p above 0 that they would print as 0. */
static SvgNumber picture_p3(double p)
{
    SvgNumber text = svg_number(p, 3);
    if (p > 0 && strtod(text.text, NULL) == 0)
        snprintf(text.text, sizeof text.text, "<0.001");
    return text;
}

/* The bars of plot (m bands): each token's p before (SVG_BEFORE) and after (SVG_AFTER, series `series`, solid
 * wherever the token is kept, XTC on or off), a removed token's after as a ghost named "xtc" at its p before; the
 * tokens at or above the threshold shaded (under the grid) and, under their names, those XTC removed ("removed")
 * and the one its rule spared, the least likely of them (picture_xtc_spared), nothing under the others; the
 * threshold line (named `named`; none for a NaN threshold), which no value label crosses; the x axis named, 54 px
 * under the plot, or 66 px under the two lines of a spared token. */
static void picture_xtc_tokens(Svg *s, const SvgPlot *plot, const double *probs, size_t m, const Candidates *c,
                               const char *series, const bool *above, const bool *removed, double threshold,
                               const char *named)
{
    char names[64][16];
    const char *words[64];
    double ty = isnan(threshold) ? -1e9 : svg_y(plot, threshold), bottom = plot->top + plot->height;
    SvgFont value = {11, "middle", false, NULL, 0};
    m = m < 64 ? m : 64;
    size_t spared = picture_xtc_spared(probs, m, above, removed);
    char at_or_above[64];
    snprintf(at_or_above, sizeof at_or_above, "at or above %.40s", lesson_number(threshold, 1).text);
    svg_group_begin(s, "grid");
    for (size_t i = 0; i < m; i++)
        if (above[i])
            svg_rect(s, svg_band(plot, i, m) - 52, plot->top, 104, plot->height, (SvgStyle){RANGE_SHADE, NULL, 0, NULL},
                     NULL);
    svg_group_end(s);
    svg_axis_y(s, plot, "p (probability)", 6);
    for (size_t i = 0; i < m; i++) {
        double x = svg_band(plot, i, m), after = picture_xtc_p(c, (int32_t)i);
        snprintf(names[i], sizeof names[i], "token %zu", i);
        words[i] = names[i];
        SvgDatum before_d = {"before", names[i], probs[i], NULL}, after_d = {series, names[i], fmax(after, 0), NULL};
        picture_xtc_bar(s, plot, x - 20, probs[i], (SvgStyle){SVG_BEFORE, NULL, 0, NULL}, picture_p3(probs[i]).text,
                        value, ty, &before_d);
        if (removed[i])
            picture_xtc_bar(s, plot, x + 20, probs[i], svg_ghost_style(), "xtc", (SvgFont){11, "middle", false,
                            SVG_TEXT_OF(REMOVED), 0}, ty, &after_d);
        else
            picture_xtc_bar(s, plot, x + 20, after, (SvgStyle){SVG_AFTER, NULL, 0, NULL}, picture_p3(after).text,
                            value, ty, &after_d);
        if (removed[i])
            svg_text(s, x, bottom + 34, (SvgFont){11, "middle", false, SVG_MUTED, 0}, "removed", NULL);
        if (i == spared) {
            svg_text(s, x, bottom + 34, (SvgFont){11, "middle", true, SVG_AFTER, 0}, "kept: the least likely", NULL);
            svg_text(s, x, bottom + 47, (SvgFont){11, "middle", true, SVG_AFTER, 0}, at_or_above, NULL);
        }
    }
    svg_categories(s, plot, words, m, "");
    svg_text(s, plot->left + plot->width / 2, bottom + (spared < m ? 66 : 54), (SvgFont){13, "middle", false, NULL,
             0}, "token, as probs[] lists them", NULL);
    if (!isnan(threshold)) {
        SvgDatum d = {"xtc_threshold", "p", threshold, NULL};
        svg_group_begin(s, NULL);
        svg_line(s, plot->left, ty, plot->left + plot->width, ty, (SvgStyle){NULL, SVG_TEXT, 1.5, "6 4"}, &d);
        svg_text(s, plot->left + plot->width + 16, ty + 4, (SvgFont){12, NULL, false, NULL, 0}, named, NULL);
        svg_group_end(s);
    }
}

/* The share of `draws` draws that picked the top token (top_chosen (n_runs,)) at each xtc_probability (n_runs,),
 * as bars from y px (XTC off in SVG_BEFORE, on in SVG_AFTER), against p_top, the top token's p, dashed; a row the
 * table calls on whose XTC is off all the same (xtc_off: the threshold is above 0.5) is named "?xtc" in
 * SVG_DISABLED, its bar in SVG_BEFORE (nothing acted). Returns the bottom of the axis. */
static double picture_xtc_shares(Svg *s, double width, double y, const double *xtc_probability, double threshold,
                                 const int *top_chosen, size_t n_runs, int draws, int32_t top, double p_top)
{
    char names[16][80], shown[16][80], says[16][128], text[128];
    bool off[16];
    double widest = 0, left = 240;
    n_runs = n_runs < 16 ? n_runs : 16;
    for (size_t r = 0; r < n_runs; r++) {
        snprintf(names[r], sizeof names[r], "XTC %s%s", xtc_probability[r] > 0 ? "on at " : "off",
                 xtc_probability[r] > 0 ? lesson_percent(xtc_probability[r]).text : "");
        off[r] = xtc_off(xtc_probability[r], isnan(threshold) ? 0 : threshold);
        snprintf(shown[r], sizeof shown[r], "%s", names[r]);
        if (off[r] && xtc_probability[r] > 0)          /* the table's "on", turned off by the threshold */
            snprintf(shown[r], sizeof shown[r], "?xtc at %s: off", lesson_percent(xtc_probability[r]).text);
        left = fmax(left, 30 + svg_text_width(shown[r], 13));
        snprintf(says[r], sizeof says[r], "%s (%d of %d draws)", lesson_java_double(top_chosen[r] / (double)draws).text,
                 top_chosen[r], draws);
        widest = fmax(widest, svg_text_width(says[r], 13));
    }
    SvgPlot plot = {left, y + 34, fmax(200, width - left - 8 - widest - 20), 34 * (double)n_runs, 0, 1, 0, 1, false};
    svg_text(s, 20, y, (SvgFont){14, NULL, true, NULL, 0}, "Share of draws that pick the top token", NULL);
    for (size_t r = 0; r < n_runs; r++) {
        double share = top_chosen[r] / (double)draws, row = plot.top + 34 * (double)r;
        SvgDatum d = {"share of draws that pick the top token", names[r], share, NULL};
        svg_text(s, plot.left - 10, row + 19, (SvgFont){13, "end", false, off[r] && xtc_probability[r] > 0
                 ? SVG_TEXT_OF(DISABLED) : NULL, 0}, shown[r], NULL);
        svg_group_begin(s, NULL);
        svg_rect(s, plot.left, row + 4, svg_x(&plot, share) - plot.left, 24, (SvgStyle){off[r] ? SVG_BEFORE
                 : SVG_AFTER, NULL, 0, NULL}, &d);
        svg_text(s, svg_x(&plot, fmax(share, p_top)) + 8, row + 21, (SvgFont){13, NULL, false, NULL, 0}, says[r],
                 NULL);
        svg_group_end(s);
    }
    svg_axis_x(s, &plot, "share of the draws", 6);
    double px = svg_x(&plot, p_top);
    snprintf(text, sizeof text, "p of the top token, token %d: %s", (int)top, lesson_number(p_top, 2).text);
    svg_group_begin(s, NULL);
    svg_line(s, px, plot.top - 6, px, plot.top + plot.height, (SvgStyle){NULL, SVG_TEXT, 2, "6 4"}, NULL);
    svg_text(s, px, plot.top - 10, (SvgFont){12, "middle", false, NULL, 0}, text, NULL);
    svg_group_end(s);
    return plot.top + plot.height + 40;
}

int picture_xtc(const char *file, const double *probs, size_t n, const Candidates *c,
                const char *once_label, const LabelValue *once_values, size_t n_values,
                const double *xtc_probability, const int *top_chosen, size_t n_runs, int draws)
{
    size_t m = n < 64 ? n : 64;
    double threshold = NAN, probability = NAN, largest = 0;
    for (size_t v = 0; v < n_values; v++) {     /* the settings of the single application, as its label has them */
        threshold = strcmp(once_values[v].name, "xtc_threshold") == 0 ? once_values[v].value : threshold;
        probability = strcmp(once_values[v].name, "xtc_probability") == 0 ? once_values[v].value : probability;
    }
    LessonText label;
    lesson_label_to_at(file, once_label, once_values, n_values, NULL, &label);
    size_t length = strlen(label.text);
    if (length > 0 && label.text[length - 1] == ':')
        label.text[length - 1] = '\0';
    bool above[64], removed[64], any_above = false, any_removed = false;
    for (size_t i = 0; i < m; i++) {
        above[i] = probs[i] > 0 && probs[i] >= threshold;           /* false for a NaN threshold */
        removed[i] = picture_xtc_p(c, (int32_t)i) < 0;
        any_above |= above[i];
        any_removed |= removed[i];
        largest = fmax(largest, fmax(probs[i], picture_xtc_p(c, (int32_t)i)));
    }
    bool disabled = xtc_off(isnan(probability) ? 1 : probability, isnan(threshold) ? 0 : threshold);   /* ?xtc */
    char title[256], subtitle[256], says[512], named[128], off[256], kept[160];
    snprintf(title, sizeof title, disabled ? "%.120s is off (?xtc): it removes nothing"
             : "XTC removes the top choices, all but the least likely of them", label.text);
    snprintf(off, sizeof off, "?xtc: %.120s is off, and removes nothing", label.text);
    snprintf(subtitle, sizeof subtitle, "p of each token before XTC and after one application, %s", label.text);
    picture_xtc_says(says, sizeof says, label.text, probs, m, above, removed, probability, threshold);
    snprintf(named, sizeof named, "xtc_threshold %s", lesson_number(threshold, 1).text);
    TokenData *written = malloc((m > 0 ? m : 1) * sizeof *written);     /* probs as a distribution, for H */
    for (size_t i = 0; written != NULL && i < m; i++)
        written[i] = (TokenData){(int32_t)i, 0, probs[i]};
    size_t n_after = 0;
    for (size_t i = 0; i < m; i++)
        n_after += !removed[i];
    char before_words[96], after_words[200];
    snprintf(before_words, sizeof before_words, "before: %zu tokens, H %.2f nats", m,
             written != NULL ? entropy_nats(&(Candidates){written, m, -1, false}) : NAN);
    free(written);
    snprintf(after_words, sizeof after_words, "%.120s: %zu tokens, H %.2f nats", label.text, n_after,
             entropy_nats(c));     /* c renormalized over what XTC left, as the table prints it */
    snprintf(kept, sizeof kept, "%.120s: every token kept, H %.2f nats", label.text, entropy_nats(c));
    SvgKey keys[6] = {{SVG_KEY_BOX, {SVG_BEFORE, NULL, 0, NULL}, before_words},
                      {SVG_KEY_BOX, {SVG_AFTER, NULL, 0, NULL}, disabled ? kept : after_words}};
    size_t n_keys = 2;
    if (any_removed)
        keys[n_keys++] = (SvgKey){SVG_KEY_BOX, svg_ghost_style(), "removed by xtc (dashed: its p before)"};
    if (!isnan(threshold))
        keys[n_keys++] = (SvgKey){SVG_KEY_LINE, {NULL, SVG_TEXT, 1.5, "6 4"}, named};
    if (any_above)
        keys[n_keys++] = (SvgKey){SVG_KEY_BOX, {RANGE_SHADE, NULL, 0, NULL}, "p at or above the threshold"};
    double plot_width = 108 * (double)m, width = fmax(760, 80 + plot_width + 16 + svg_text_width(named, 12) + 20);
    width = fmax(width, 40 + fmax(fmax(svg_text_width(subtitle, 13), svg_text_width(says, 13)),
                                  svg_text_width(title, 18)));
    double rows = (double)picture_legend_rows(keys, n_keys, 80, width - 20);
    double top = 80 + 20 * (rows + disabled) + 16;     /* under the legend, a line for the stage that is off */
    SvgPlot plot = {80, top, plot_width, 260, 0, 1, 0, svg_nice_ceiling(isnan(threshold) ? largest
                                                                          : fmax(largest, threshold)), false};
    double bottom = top + 260;
    PictureFile pf;
    bottom += picture_xtc_spared(probs, m, above, removed) < m ? 12 : 0;     /* its two lines under the names */
    if (picture_open(&pf, file, getenv("LESSON_PICTURE"), width, bottom + 126 + 34 * (double)n_runs + 90, "XTC")) {
        svg_heading(&pf.svg, 20, 30, title, subtitle);
        svg_legend(&pf.svg, 80, 80, width - 20, keys, n_keys);
        if (disabled)               /* the stage is off, not the tokens: they are kept, solid */
            svg_text(&pf.svg, 80, 80 + 20 * rows, (SvgFont){13, NULL, false, SVG_TEXT_OF(DISABLED), 0}, off, NULL);
        picture_xtc_tokens(&pf.svg, &plot, probs, m, c, label.text, above, removed, threshold, named);
        svg_text(&pf.svg, 20, bottom + 80, (SvgFont){13, NULL, false, NULL, 0}, says, NULL);
        picture_xtc_shares(&pf.svg, width, bottom + 126, xtc_probability, threshold, top_chosen, n_runs, draws,
                           lesson_most_likely(probs, n), probs[lesson_most_likely(probs, n)]);
    }
    return picture_close(&pf);
}
