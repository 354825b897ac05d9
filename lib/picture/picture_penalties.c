/* picture_penalties.c: the pictures of Examples 1 to 6 (picture_penalties.h). */
#include "picture/picture_draw.h"
#include "penalties.h"
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* The penalties pp sets, in words: "the repetition penalty 1.5", "the repetition penalty 1.3, the frequency
 * penalty 0.25 and the presence penalty 0.1". */
static LessonText picture_penalty_words(const PenaltyParams *pp)
{
    LessonText t = {""};
    const struct {
        double value, off;
        const char *name;
    } all[] = {{pp->penalty_repeat, 1, "the repetition penalty "}, {pp->penalty_freq, 0, "the frequency penalty "},
               {pp->penalty_present, 0, "the presence penalty "}};
    size_t left = 0;      /* how many are still to be named */
    for (size_t i = 0; i < LESSON_N(all); i++)
        left += all[i].value != all[i].off;
    for (size_t i = 0; i < LESSON_N(all); i++) {
        if (all[i].value == all[i].off)
            continue;
        if (t.text[0] != '\0')
            lesson_text_add(&t, left > 1 ? ", " : " and ", left > 1 ? 2 : 5);
        left--;
        lesson_text_add(&t, all[i].name, strlen(all[i].name));
        lesson_text_add(&t, lesson_number(all[i].value, 1).text, strlen(lesson_number(all[i].value, 1).text));
    }
    if (t.text[0] == '\0')
        snprintf(t.text, sizeof t.text, "no penalty (every setting neutral)");
    return t;
}

/* ===== The history and its windows (Examples 1 to 5) ===== */

/* A window in words, for the bracket under the history's n tokens: "window 64: every token here", "window 1: the
 * last token", "window: the whole history" (INT32_MAX, the lessons' "longer than any history"; never the number),
 * "window 64: the history is empty, no token counts", written to out (size bytes). */
static void picture_window_words(char *out, size_t size, int32_t window, size_t n)
{
    if (n == 0 && window == INT32_MAX)
        snprintf(out, size, "window: the whole history, which is empty: no token counts");
    else if (n == 0 && window > 0)
        snprintf(out, size, "window %d: the history is empty, no token counts", (int)window);
    else if (window == INT32_MAX)
        snprintf(out, size, "window: the whole history");
    else if (window <= 0)
        snprintf(out, size, "window %d: off, no token counts", (int)window);
    else if ((size_t)window >= n)
        snprintf(out, size, "window %d: every token here", (int)window);
    else if (window == 1)
        snprintf(out, size, "window 1: the last token");
    else
        snprintf(out, size, "window %d: the last %d tokens", (int)window, (int)window);
}

/* How many windows picture_history tells apart, at most. */
#define PICTURE_WINDOWS 16

/* Where the history's tokens were drawn: the first shown (the older are left out), each shown token's left
 * edge, the row's left and right edges, px; and the older tokens left out, in runs split where a window starts
 * among them: run k holds the tokens from cut[k] (cut[0] is 0) to the next cut, or to first, its words ("... 6
 * older", "... 52 more") drawn from cut_left[k]. */
typedef struct {
    size_t first;
    double left[128];
    double start, right;
    size_t cut[PICTURE_WINDOWS + 1], n_cuts;
    double cut_left[PICTURE_WINDOWS + 1];
} PictureHistoryRow;

/* How many of n_history tokens window counts: the last `window` of them, none for a window <= 0. */
static size_t picture_counted(int32_t window, size_t n_history)
{
    return window <= 0 ? 0 : (size_t)window >= n_history ? n_history : (size_t)window;
}

/* Splits the tokens older than row->first (of n_history) into runs, at each start of a window of windows
 * (n_windows,) that falls among them: row->cut and n_cuts, in order; none when no token is left out. */
static void picture_cuts(PictureHistoryRow *row, size_t n_history, const int32_t *windows, size_t n_windows)
{
    row->n_cuts = 0;
    if (row->first == 0)
        return;
    row->cut[row->n_cuts++] = 0;
    for (size_t k = 0; k < n_windows && row->n_cuts < LESSON_N(row->cut); k++) {
        size_t from = n_history - picture_counted(windows[k], n_history), at = row->n_cuts;
        if (from == 0 || from >= row->first)
            continue;
        for (size_t c = 0; c < row->n_cuts; c++)
            at = at == row->n_cuts && row->cut[c] >= from ? c : at;
        if (at < row->n_cuts && row->cut[at] == from)
            continue;
        memmove(&row->cut[at + 1], &row->cut[at], (row->n_cuts - at) * sizeof row->cut[0]);
        row->cut[at] = from;
        row->n_cuts++;
    }
}

/* The words of run k of the tokens left out: "... 6 older" for the oldest, "... 52 more" for the others. */
static void picture_run_words(char *out, size_t size, const PictureHistoryRow *row, size_t k)
{
    size_t end = k + 1 < row->n_cuts ? row->cut[k + 1] : row->first;
    snprintf(out, size, "... %zu %s", end - row->cut[k], k == 0 ? "older" : "more");
}

/* Under the history row, one bracket per distinct window of windows (n_windows,), largest first, over the tokens
 * of n_history that it counts (from the run of tokens left out where it starts, when it starts among them), named
 * at its right (with no history, no bracket: its name under the words saying so), from y down; returns the y
 * under the last. */
static double picture_windows(Svg *s, const PictureHistoryRow *row, double y, size_t n_history,
                              const int32_t *windows, size_t n_windows)
{
    int32_t done[PICTURE_WINDOWS];
    size_t n_done = 0;
    while (n_done < n_windows && n_done < LESSON_N(done)) {     /* the distinct windows, largest first */
        int32_t w = INT32_MIN;
        for (size_t k = 0; k < n_windows; k++) {
            bool seen = false;
            for (size_t d = 0; d < n_done; d++)
                seen |= done[d] == windows[k];
            w = !seen && windows[k] > w ? windows[k] : w;
        }
        if (w == INT32_MIN)
            break;
        done[n_done++] = w;
        char name[96];
        picture_window_words(name, sizeof name, w, n_history);
        size_t counted = picture_counted(w, n_history), from = n_history - counted;
        double start = row->start;
        for (size_t c = 0; c < row->n_cuts; c++)
            start = row->cut[c] == from ? row->cut_left[c] : start;
        if (from >= row->first)
            start = row->left[(from - row->first) % LESSON_N(row->left)];
        svg_group_begin(s, NULL);
        if (counted > 0) {
            SvgStyle line = {NULL, SVG_TEXT, 1.5, NULL};
            svg_line(s, start, y - 4, start, y, line, NULL);
            svg_line(s, start, y, row->right, y, line, NULL);
            svg_line(s, row->right, y - 4, row->right, y, line, NULL);
        }
        svg_text(s, n_history > 0 ? row->right + 8 : row->start, y + 4, (SvgFont){12, NULL, false, NULL, 0}, name,
                 NULL);     /* with no history, under the words that say so */
        svg_group_end(s);
        y += 16;
    }
    return y;
}

/* The history (n_history,) as a row of token boxes from (x, y), y the words' baseline, oldest first; when the row
 * would pass max_x (less room for the windows' names), the oldest are left out and counted, in runs split where a
 * window starts among them (picture_cuts); an empty history is words ("none yet"). Under it, the windows
 * (n_windows,) as brackets (picture_windows). Returns the y under the last bracket. */
static double picture_history(Svg *s, double x, double y, double max_x, const char *const *words, size_t n_words,
                              const int32_t *history, size_t n_history, const int32_t *windows, size_t n_windows)
{
    SvgFont font = {13, "middle", false, NULL, 0}, muted = {13, NULL, false, SVG_MUTED, 0};
    svg_text(s, x, y, muted, "history, oldest first:", NULL);
    PictureHistoryRow row = {.start = x + svg_text_width("history, oldest first:", 13) + 10};
    double room = max_x - row.start - 230, used = room + 1;
    char run[48];
    row.first = n_history > LESSON_N(row.left) ? n_history - LESSON_N(row.left) : 0;
    for (; row.first < n_history && used > room; row.first += used > room) {    /* leave out the oldest */
        picture_cuts(&row, n_history, windows, n_windows);
        used = 0;
        for (size_t k = 0; k < row.n_cuts; k++) {
            picture_run_words(run, sizeof run, &row, k);
            used += svg_text_width(run, 13) + 10;
        }
        for (size_t k = row.first; k < n_history && used <= room; k++)
            used += svg_text_width(history[k] >= 0 && (size_t)history[k] < n_words ? words[history[k]] : "?", 13) + 14;
    }
    picture_cuts(&row, n_history, windows, n_windows);
    double at = row.start;
    for (size_t k = 0; k < row.n_cuts; k++) {
        picture_run_words(run, sizeof run, &row, k);
        row.cut_left[k] = at;
        svg_text(s, at, y, muted, run, NULL);
        at += svg_text_width(run, 13) + 10;
    }
    for (size_t k = row.first; k < n_history; k++) {
        const char *word = history[k] >= 0 && (size_t)history[k] < n_words ? words[history[k]] : "?";
        double w = svg_text_width(word, 13) + 10;
        row.left[k - row.first] = at;
        svg_group_begin(s, NULL);
        svg_rect(s, at, y - 15, w, 20, (SvgStyle){SVG_COLOUR_OF(TOKEN), SVG_COLOUR_OF(TOKEN_FRAME), 1, NULL},
                 NULL);
        svg_text(s, at + w / 2, y, font, word, NULL);
        svg_group_end(s);
        at += w + 4;
    }
    if (n_history == 0)
        svg_text(s, row.start, y, muted, "none yet: no token generated", NULL);
    row.right = at - 4;
    return picture_windows(s, &row, y + 14, n_history, windows, n_windows);
}

/* ===== Examples 1 to 3: the logits moving, and p ===== */

/* Appends printf-style text to out (size bytes, holding a string), as much as fits. */
static void picture_append(char *out, size_t size, const char *format, ...)
{
    size_t used = strlen(out);
    va_list args;
    va_start(args, format);
    vsnprintf(out + used, size - used, format, args);
    va_end(args);
}

/* A no-break space (UTF-8): svg_wrap breaks lines at spaces only, so a formula joined by these stays on one line. */
#define NBSP "\xc2\xa0"

/* The penalty rule as pp sets it, in words ("llama.cpp's rule" when naive is drawn beside it), for n_history
 * tokens of history. When pp's parameters alone make llama.cpp build the stage empty ("?penalties": a window of 0,
 * or every penalty neutral), that instead; with no history, the rule and that the window is empty. */
static void picture_rule_words(char *out, size_t size, const PenaltyParams *pp, size_t n_history, bool naive)
{
    if (penalties_off(pp, 1)) {         /* with any history: what the parameters alone decide */
        if (pp->penalty_last_n < 0)
            snprintf(out, size, "A window of %d (libllama clamps it to 0; llama.cpp's current tools refuse it)",
                     (int)pp->penalty_last_n);
        else if (pp->penalty_last_n == 0)
            snprintf(out, size, "A window of 0");
        else
            snprintf(out, size, "Every penalty is neutral (repetition 1, frequency 0, presence 0)");
        picture_append(out, size, ": llama.cpp builds the penalties stage empty (\"?penalties\"), which changes no "
                       "logit.");
        return;
    }
    snprintf(out, size, "%s rule, for each token in the window: ", naive ? "llama.cpp's" : "The");
    const char *then = "";
    if (pp->penalty_repeat != 1) {
        LessonNumber r = lesson_number(pp->penalty_repeat, 1);
        picture_append(out, size, "a logit" NBSP ">" NBSP "0 is divided by" NBSP "%s, a logit" NBSP "\xe2\x89\xa4" NBSP
                       "0 multiplied by" NBSP "%s", r.text, r.text);
        then = "; then ";
    }
    if (pp->penalty_freq != 0) {        /* a negative penalty adds: said with its size, never "- -0.5" */
        picture_append(out, size, "%scount" NBSP "\xc3\x97" NBSP "%s is %s", then,
                       lesson_number(fabs(pp->penalty_freq), 1).text, pp->penalty_freq > 0 ? "subtracted" : "added");
        then = "; then ";
    }
    if (pp->penalty_present != 0)
        picture_append(out, size, "%s%s is %s once, whatever the count", then,
                       lesson_number(fabs(pp->penalty_present), 1).text,
                       pp->penalty_present > 0 ? "subtracted" : "added");
    picture_append(out, size, n_history == 0 ? ". The history is empty, so no token is in the window: the stage "
                   "runs and changes no logit." : ".");
}

/* The change of a logit as its label says it: "-0.70", "+0.17" (a true minus sign), two decimals. */
static SvgNumber picture_change(double change)
{
    SvgNumber t;
    snprintf(t.text, sizeof t.text, "%s%.2f", change < 0 ? "\xe2\x88\x92" : "+", fabs(change));
    return t;
}

/* The groups of tokens whose logits in c (token i at index i, n,) are equal and finite: group[i] is the first
 * token of i's group, or -1 when no other token has its logit. Returns how many groups there are. */
static size_t picture_ties(const Candidates *c, size_t n, int32_t *group)
{
    size_t groups = 0;
    for (size_t i = 0; i < n; i++) {
        group[i] = -1;
        for (size_t k = 0; k < n && group[i] < 0; k++)
            if (k != i && isfinite(c->data[i].logit) && c->data[k].logit == c->data[i].logit)
                group[i] = (int32_t)(k < i ? group[k] : (int32_t)i);
        groups += group[i] == (int32_t)i;
    }
    return groups;
}

/* The line joining tokens with equal logits after (Examples 1 to 3): thin, solid, in reddish purple, a colour no
 * series of these pictures takes. */
static SvgStyle picture_tie_style(void)
{
    return (SvgStyle){NULL, SVG_COLOUR_OF(TIE), 2, NULL};
}

/* x, the centre of a text (anchored "middle") in font, moved as little as it takes for the text to lie within
 * plot's width, 4 px from either end (a bold text counted 15% wider than svg_text_width: it is, on screen). */
static double picture_inside(const SvgPlot *plot, double x, SvgFont font, const char *text)
{
    double half = svg_text_width(text, font.size) * (font.bold ? 1.15 : 1) / 2 + 4;
    return fmax(plot->left + half, fmin(plot->left + plot->width - half, x));
}

/* An arrow in colour at x from y0 down or up to y1 (px), its head at y1, a tick (half px either side) at y1 that
 * carries tick's datum, and label, carrying label_datum (may be NULL), set beyond the head where space is free
 * and within plot's width. With y0 == y1 only the tick is drawn and label is not. Returns the label's baseline
 * (y1 without one). */
static double picture_arrow(Svg *s, const SvgPlot *plot, PictureSpace *space, double x, double half, double y0,
                            double y1, const char *colour, const SvgDatum *tick, const char *label,
                            const SvgDatum *label_datum)
{
    svg_line(s, x - half, y1, x + half, y1, (SvgStyle){NULL, colour, 3, NULL}, tick);
    if (y0 == y1)
        return y1;
    double dir = y1 > y0 ? 1 : -1;
    if (fabs(y1 - y0) > 9)
        svg_line(s, x, y0, x, y1 - dir * 8, (SvgStyle){NULL, colour, 2.5, NULL}, NULL);
    const double hx[] = {x - 5, x + 5, x}, hy[] = {y1 - dir * 9, y1 - dir * 9, y1};
    svg_polygon(s, hx, hy, 3, (SvgStyle){colour, NULL, 0, NULL}, NULL);
    SvgFont small = {11, "middle", false, NULL, 0};
    double at = picture_inside(plot, x, small, label), y = dir > 0 ? y1 + 14 : y1 - 6;
    for (double k = 1; k <= 2 && !picture_space_free(space, picture_text_box(at, y, small, label)); k++)
        if (picture_space_free(space, picture_text_box(at, y - dir * k, small, label)))
            y -= dir * k;       /* up to 2 px nearer the head, rather than a whole step beyond it */
    y = picture_place_text(space, at, y, dir * 12, small, label);
    svg_text(s, at, y, small, label, label_datum);
    return y;
}

/* Where "wrong way" goes by its arrow's change label: right of it on its line, left of it, or beyond it (one line
 * further along the arrow). One picture uses one of them for every such label (picture_logit_panel). */
enum { WRONG_RIGHT, WRONG_LEFT, WRONG_BEYOND, WRONG_PLACES };

/* "wrong way" (bold, carrying datum) by the label of an arrow (picture_arrow's, label at x, its baseline label_y)
 * that points up (dir -1) or down (dir 1), at place (WRONG_RIGHT, ...) within plot's width when it touches
 * nothing in space there, else beyond, moved further until it does. Returns whether it went to place. */
static bool picture_wrong_way(Svg *s, const SvgPlot *plot, PictureSpace *space, double x, double label_y,
                              const char *label, double dir, int place, const SvgDatum *datum)
{
    SvgFont bold = {11, "middle", true, NULL, 0};
    const char *text = "wrong way";
    double width = svg_text_width(text, 11) * 1.15 + 6;     /* bold is about 15% wider on screen */
    double label_at = picture_inside(plot, x, (SvgFont){11, "middle", false, NULL, 0}, label);
    double half = svg_text_width(label, 11) / 2 + 4;
    const double at[WRONG_PLACES] = {label_at + half + width / 2, label_at - half - width / 2,
                                     picture_inside(plot, x, bold, text)};
    const double y[WRONG_PLACES] = {label_y, label_y, label_y + dir * 13};
    bool free = at[place] - width / 2 >= plot->left && at[place] + width / 2 <= plot->left + plot->width
                && picture_space_free(space, picture_text_box(at[place], y[place], bold, text));
    place = free ? place : WRONG_BEYOND;
    svg_text(s, at[place], picture_place_text(space, at[place], y[place], dir * 12, bold, text), bold, text, datum);
    return free;
}

/* How the logit panel draws its columns after the first: each arrow's colour (colours[c], c >= 1), and whether
 * they are parts of one step (chained: column c's arrow starts at column c - 1's logit, as Example 4's repeat
 * penalty first and its subtraction then) or each a rule of its own from the level before (Example 1's two
 * rules). */
typedef struct {
    const char *colours[3];
    bool chained;
    const char *y_label;    /* the logit axis's label ("" for none) */
    const char *caption;    /* under the counts (NULL for none) */
    bool bare_counts;       /* each count as its number alone ("3"; the caption says what it is), not "count 3" */
} PictureLogitColumns;

/* The logit panel: for each token (band i of n_words), its logit before as a sky-blue level across the band,
 * and for each later column c of cols (n_cols,: before, after, naive; or before, a part of the step, after), an
 * arrow in that column's colour (how) from the level before (or, chained, from the column before it) to the logit
 * after, labelled with the change ("-0.70"); unless chained, "wrong way" where a column moves the logit
 * opposite to column 1's (the naive rule against llama.cpp's), by its label at `place` (WRONG_RIGHT, ...; beyond
 * where that place is taken; picture_wrong_way). Tokens tied in column 1 (group) are joined by a thin solid line
 * at their logit in picture_tie_style (not dashed: dashed is a removed token's ghost), from the first one's band to
 * the last one's, under every level and arrow (which keep their colours over it). The line of logit 0, where
 * llama.cpp's rule turns from dividing to multiplying, is kept clear of labels, and labels stay within the plot.
 * Under each token: its name and its count in the window (counts (n_words,)). Returns whether every "wrong way"
 * went to place (draw on picture_measure() to learn that first). */
static bool picture_logit_panel(Svg *s, const SvgPlot *plot, const char *const *words, size_t n_words,
                                const Candidates *const *cols, const char *const *names, size_t n_cols,
                                const int32_t *counts, const int32_t *group, int place, const PictureLogitColumns *how)
{
    PictureSpace space = {.n = 0};
    bool placed = true;
    double band = svg_band_width(plot, n_words), half = picture_bar_width(plot, n_words, n_cols) / 2 - 5;
    if (how->chained)               /* the parts of one step side by side, each tick as wide as they leave room */
        half = fmax(half, fmin(6, picture_bar_width(plot, n_words, n_cols) / 2 - 0.5));
    svg_axis_y(s, plot, how->y_label, 8);
    if (plot->y_min < 0 && plot->y_max > 0) {       /* 0 decides llama.cpp's rule: divide above, multiply below */
        SvgDatum zero = {"zero line", "logit", 0, NULL};  /* a shape of its own, which no label may cross */
        svg_line(s, plot->left, svg_y(plot, 0), plot->left + plot->width, svg_y(plot, 0),
                 (SvgStyle){NULL, SVG_MUTED, 1, NULL}, &zero);
        picture_space_add(&space, (PictureBox){plot->left, svg_y(plot, 0), plot->left + plot->width, svg_y(plot, 0)},
                          1.5);
    }
    for (size_t i = 0; i < n_words; i++) {          /* the levels and arrows first, then the labels around them */
        double b = svg_y(plot, cols[0]->data[i].logit), left = svg_band(plot, i, n_words) - band / 2 + 6;
        for (size_t c = 0; c < n_cols && isfinite(b); c++) {
            double x = picture_bar_centre(plot, i, n_words, c, n_cols), a = svg_y(plot, cols[c]->data[i].logit);
            double from = how->chained && c > 1 ? svg_y(plot, cols[c - 1]->data[i].logit) : b;
            if (isfinite(a) && isfinite(from))  /* c = 0: the level before, across the band; then each arrow */
                picture_space_add(&space, c == 0 ? (PictureBox){left, b - 2, left + band - 12, b + 2}
                                                 : (PictureBox){x - half, from, x + half, a + (a > from ? 2 : -2)}, 1);
        }
    }
    svg_group_begin(s, "grid");         /* each tie's line under every level and arrow: their colours stay theirs */
    for (size_t g = 0; g < n_words; g++) {
        if (group[g] != (int32_t)g)
            continue;
        size_t last = g;
        for (size_t i = g; i < n_words; i++)
            last = group[i] == (int32_t)g ? i : last;
        double tie = svg_y(plot, cols[1]->data[g].logit), from = svg_band(plot, g, n_words) - band / 2 + 6;
        double to = svg_band(plot, last, n_words) + band / 2 - 6;
        svg_line(s, from, tie, to, tie, picture_tie_style(), NULL);
        picture_space_add(&space, (PictureBox){from, tie - 1, to, tie + 1}, 1);
    }
    svg_group_end(s);
    for (size_t i = 0; i < n_words; i++) {
        double b = cols[0]->data[i].logit, left = svg_band(plot, i, n_words) - band / 2 + 6;
        if (!isfinite(b))
            continue;
        SvgDatum d = {names[0], words[i], b, NULL};
        svg_line(s, left, svg_y(plot, b), left + band - 12, svg_y(plot, b), (SvgStyle){NULL, SVG_BEFORE, 3, NULL},
                 &d);
        for (size_t c = 1; c < n_cols; c++) {
            double a = cols[c]->data[i].logit, first = cols[1]->data[i].logit;
            double from = how->chained ? cols[c - 1]->data[i].logit : b;   /* where this column's arrow starts */
            double x = picture_bar_centre(plot, i, n_words, c, n_cols);
            if (!isfinite(a) || !isfinite(from))
                continue;
            SvgDatum da = {names[c], words[i], a, NULL}, dc = {"subtracted", words[i], b - a, NULL};
            svg_group_begin(s, NULL);
            if (how->chained && c > 1)      /* the step goes on from the column before: its level carried over */
                svg_line(s, picture_bar_centre(plot, i, n_words, c - 1, n_cols) + half, svg_y(plot, from), x,
                         svg_y(plot, from), (SvgStyle){NULL, how->colours[c], 1.5, NULL}, NULL);
            double y = picture_arrow(s, plot, &space, x, half, svg_y(plot, from), svg_y(plot, a), how->colours[c], &da,
                                     picture_change(a - from).text, c == 1 && !how->chained ? &dc : NULL);
            bool opposite = (a > b) != (first > b);          /* the naive rule against llama.cpp's */
            if (!how->chained && c > 1 && a != b && first != b && opposite) {
                SvgDatum dw = {"wrong way", words[i], 0, a > b ? "up" : "down"};
                placed &= picture_wrong_way(s, plot, &space, x, y, picture_change(a - b).text, a > b ? -1 : 1, place,
                                            &dw);
            }
            svg_group_end(s);
        }
    }
    double bottom = plot->top + plot->height;
    svg_categories(s, plot, words, n_words, NULL);
    for (size_t i = 0; i < n_words; i++) {
        char text[32];
        snprintf(text, sizeof text, how->bare_counts ? "%d" : "count %d", (int)counts[i]);
        SvgDatum d = {"count", words[i], counts[i], NULL};
        svg_text(s, svg_band(plot, i, n_words), bottom + 34, (SvgFont){12, "middle", false, SVG_MUTED, 0}, text, &d);
    }
    svg_text(s, plot->left + plot->width / 2, bottom + 52, (SvgFont){12, "middle", false, SVG_MUTED, 0}, how->caption,
             NULL);
    return placed;
}

/* Draws the head of Examples 1 to 3 on s from y = top down (on a picture_measure writer: only measures it): the
 * history, the legend, one key for the groups of tied tokens, the first 4 listed under it (ties of them, group
 * as picture_ties gives it), and the rule in words; returns the y of the last line. */
static double picture_penalties_head(Svg *s, double top, double width, const char *const *words, size_t n,
                                     const int32_t *history, size_t n_history, const PictureSeries *series,
                                     size_t n_cols, const Candidates *after, const int32_t *group, size_t ties,
                                     const PenaltyParams *pp, const PictureBarsOptions *marks)
{
    double y = picture_history(s, 20, top, width - 20, words, n, history, n_history, &pp->penalty_last_n, 1);
    y = picture_series_legend_with(s, 20, y + 22, width - 20, series, n_cols, n, 0, marks);
    if (ties > 0) {         /* one key for every tie: each has its own line, joining its tokens */
        char text[400] = "";
        for (size_t g = 0, listed = 0; g < n && listed < 4; g++) {
            if (group[g] != (int32_t)g)
                continue;
            for (size_t i = g, shown = 0; i < n; i++)
                if (group[i] == (int32_t)g && shown++ < 8)
                    picture_append(text, sizeof text, "%s%s", shown > 1 ? ", " : listed > 0 ? "; " : "",
                                   picture_cut(words[i], 20).text);
            picture_append(text, sizeof text, ": logit %.2f, p %.3f", after->data[g].logit, after->data[g].p);
            listed++;
        }
        picture_append(text, sizeof text, ties > 4 ? "; ..." : "");
        SvgKey key = {SVG_KEY_LINE, picture_tie_style(), "a line joins tokens whose logits after are equal, so are "
                      "their p after:"};
        y = svg_legend(s, 20, y + 20, width - 20, &key, 1);
        y = svg_wrap(s, 46, y + 18, width - 66, 18, (SvgFont){13, NULL, false, NULL, 0}, text);
    }
    char rule[512];
    SvgFont font = {13, NULL, false, NULL, 0};
    picture_rule_words(rule, sizeof rule, pp, n_history, n_cols > 2);
    y = svg_wrap(s, 20, y + 24, width - 40, 18, font, rule);
    if (n_cols > 2 && pp->penalty_repeat != 1 && !penalties_off(pp, 1)) {
        snprintf(rule, sizeof rule, "The naive rule divides every such logit by" NBSP "%s instead%s; \"wrong way\": "
                 "it moves a logit opposite to llama.cpp's rule.", lesson_number(pp->penalty_repeat, 1).text,
                 pp->penalty_freq != 0 || pp->penalty_present != 0 ? " (the rest alike)" : "");
        y = svg_wrap(s, 20, y + 18, width - 40, 18, font, rule);
    }
    return y;
}

int picture_penalties(const char *file, const char *const *words, size_t n_words, const int32_t *history,
                      size_t n_history, const Candidates *before, const Candidates *after, const Candidates *naive,
                      const PenaltyParams *pp)
{
    size_t n_cols = naive != NULL ? 3 : 2, n = n_words < 256 ? n_words : 256;
    PictureSeries series[3] = {{"p before", "before", before->data, before->size, NULL},
                               {"p after", naive != NULL ? "after: llama.cpp's rule" : "after", after->data,
                                after->size, NULL},
                               {"p naive", "after: the naive rule", NULL, 0, NULL}};
    if (naive != NULL)
        series[2] = (PictureSeries){"p naive", "after: the naive rule", naive->data, naive->size,
                                    SVG_COLOUR_OF(NAIVE)};
    const Candidates *cols[3] = {before, after, naive};
    const char *names[3] = {"logit", "after", "naive-after"};
    int32_t counts[256], group[256];
    for (size_t i = 0; i < n; i++)
        counts[i] = penalty_count(history, n_history, pp->penalty_last_n, (int32_t)i);
    size_t ties = picture_ties(after, n, group);
    PictureBarsOptions marks = {.mark_changed = true, .mark_legend = "penalized: the penalty changed its logit"};
    double plot_width = picture_bars_size(n, n_cols), width = fmax(760, plot_width + 130);
    LessonText title = picture_penalty_words(pp);
    lesson_text_add(&title, ", before and after", 18);
    title.text[0] = (char)toupper((unsigned char)title.text[0]);
    const char *subtitle = "each token's logit, which the penalty changes, and its p, before and after";
    Svg dry = picture_measure();
    double top = 84 + picture_heading(&dry, width, title.text, subtitle);
    double logit_top = picture_penalties_head(&dry, top, width, words, n, history, n_history, series, n_cols, after,
                                              group, ties, pp, &marks) + 46;
    double p_top = logit_top + 260 + 110;
    PictureFile pf;
    if (picture_open(&pf, file, getenv("LESSON_PICTURE"), width, p_top + 240 + 60, title.text)) {
        picture_heading(&pf.svg, width, title.text, subtitle);
        picture_penalties_head(&pf.svg, top, width, words, n, history, n_history, series, n_cols, after, group, ties,
                               pp, &marks);
        double lo = INFINITY, hi = -INFINITY;
        for (size_t c = 0; c < n_cols; c++)
            for (size_t i = 0; i < n; i++)
                if (isfinite(cols[c]->data[i].logit)) {
                    lo = fmin(lo, cols[c]->data[i].logit);
                    hi = fmax(hi, cols[c]->data[i].logit);
                }
        if (!(hi > lo)) {
            lo = isfinite(lo) ? lo - 1 : -1;
            hi = lo + 2;
        }
        double per_px = (hi - lo) / (260 - 76);        /* 38 px above and below for the labels */
        SvgPlot logits = {80, logit_top, plot_width, 260, 0, 1, lo - 38 * per_px, hi + 38 * per_px, false};
        int place = WRONG_RIGHT;        /* one place for every "wrong way": the first where each is free */
        PictureLogitColumns how = {{NULL, SVG_AFTER, SVG_COLOUR_OF(NAIVE)}, false, "logit (unnormalized log p, nats)",
                                   "token, and its count: how often it occurs in the window", false};
        for (Svg probe = picture_measure(); place < WRONG_BEYOND; place++)
            if (picture_logit_panel(&probe, &logits, words, n, cols, names, n_cols, counts, group, place, &how))
                break;
        picture_logit_panel(&pf.svg, &logits, words, n, cols, names, n_cols, counts, group, place, &how);
        SvgPlot p = {80, p_top, plot_width, 240, 0, 1, 0, svg_nice_ceiling(picture_largest_p(series, n_cols)), false};
        picture_token_bars_with(&pf.svg, &p, words, n, series, n_cols, 3, 0, "p (probability)", &marks);
    }
    return picture_close(&pf);
}

/* ===== Example 4: the settings side by side ===== */

/* Records a row of Example 4's table in pic (picture_row): its label, its candidates c (token i at index i) and its
 * settings pp (as four values: penalty_last_n, penalty_repeat, penalty_freq, penalty_present). */
static void picture_penalty_row(Picture *pic, const char *label, const Candidates *c, const PenaltyParams *pp)
{
    PictureRow *row = picture_row(pic, 0, label, c);
    const double settings[] = {pp->penalty_last_n, pp->penalty_repeat, pp->penalty_freq, pp->penalty_present};
    for (size_t k = 0; k < LESSON_N(settings); k++)
        picture_row_value(pic, row, settings[k]);
}

/* Whether every candidate of row (token i at any index) keeps the logit logits[its id] gives it. */
static bool picture_row_unchanged(const PictureRow *row, const double *logits)
{
    for (size_t i = 0; i < row->size; i++)
        if (row->data[i].logit != logits[row->data[i].id])
            return false;
    return true;
}

/* The largest p of a row's candidates (any order): its token id, the lowest id among ties; -1 for none. */
static int32_t picture_top_token(const TokenData *data, size_t size)
{
    int32_t top = -1;
    double best = -1;
    for (size_t i = 0; i < size; i++)
        if (data[i].p > best || (data[i].p == best && data[i].id < top)) {
            best = data[i].p;
            top = data[i].id;
        }
    return top;
}

/* What Example 4 draws of one row: its candidates and the step's parts as columns of logits by token id (cols:
 * before, then after the repeat penalty alone when the row also subtracts, then after), each token's count in its
 * window, and the settings in words (the window too when the rows' windows differ, or it turns them off). */
typedef struct {
    TokenData data[3][256];
    Candidates cols[3];
    size_t n_cols;
    int32_t counts[256];
    char settings[160];
} PenaltyStep;

/* Row's step on logits (n_words,) and history (n_history,): the columns, the counts (penalty_count), and the part
 * after the repeat penalty alone (penalty_logit, the rule, with frequency and presence 0) when the row sets both a
 * repeat penalty and a frequency or presence penalty, so that its one step shows as its two parts in llama.cpp's
 * order. */
static void picture_penalty_step(PenaltyStep *st, const PictureRow *row, const double *logits, size_t n_words,
                                 const int32_t *history, size_t n_history, bool windows_differ)
{
    PenaltyParams pp = {(int32_t)row->values[0], row->values[1], row->values[2], row->values[3]};
    PenaltyParams repeat = {pp.penalty_last_n, pp.penalty_repeat, 0, 0};
    bool parts = pp.penalty_repeat != 1 && (pp.penalty_freq != 0 || pp.penalty_present != 0);
    st->n_cols = parts ? 3 : 2;
    for (size_t i = 0; i < n_words; i++) {
        double after = logits[i];
        for (size_t k = 0; k < row->size; k++)
            after = row->data[k].id == (int32_t)i ? row->data[k].logit : after;
        st->counts[i] = penalty_count(history, n_history, pp.penalty_last_n, (int32_t)i);
        st->data[0][i] = (TokenData){(int32_t)i, logits[i], 0};
        st->data[1][i] = (TokenData){(int32_t)i, parts ? penalty_logit(logits[i], st->counts[i], &repeat) : after, 0};
        st->data[2][i] = (TokenData){(int32_t)i, after, 0};
    }
    for (size_t c = 0; c < st->n_cols; c++)     /* before, [after the repeat penalty,] after */
        st->cols[c] = (Candidates){st->data[c + 1 == st->n_cols ? 2 : c], n_words, -1, false};
    st->settings[0] = '\0';
    const struct {
        double value, off;
        const char *name;
    } all[] = {{pp.penalty_repeat, 1, "repeat"}, {pp.penalty_freq, 0, "frequency"},
               {pp.penalty_present, 0, "presence"}};
    for (size_t k = 0; k < LESSON_N(all); k++)
        if (all[k].value != all[k].off)
            picture_append(st->settings, sizeof st->settings, "%s%s %s", st->settings[0] != '\0' ? ", " : "",
                           all[k].name, lesson_number(all[k].value, 1).text);
    if (st->settings[0] == '\0')
        snprintf(st->settings, sizeof st->settings, "no penalty");
    if (windows_differ || pp.penalty_last_n <= 0)
        picture_append(st->settings, sizeof st->settings, pp.penalty_last_n <= 0 ? "; window %d: off (?penalties)"
                       : pp.penalty_last_n == INT32_MAX ? "; window: all" : "; window %d", (int)pp.penalty_last_n);
}

/* Example 4's panel of row from (x, y), px, panel px wide: its label, its settings and, when its most likely token
 * is not ref's, that one; then the logit step per token (the parts of a step chained, counts under the tokens) on
 * the shared logit range lo..hi, and under it the p of each token beside ref's p (ref NULL: none; ref's own
 * panel, its p alone in the colour of before), p from 0 to p_top, the penalized tokens (their logit changed from
 * logits) marked and the new most likely token named in blue. first: the row's first panel, which names the
 * axes. */
static void picture_penalty_panel(Svg *s, const PictureRow *row, const PictureRow *ref, const char *const *words,
                                  size_t n_words, const double *logits, const int32_t *history, size_t n_history,
                                  double x, double y, double panel, double lo, double hi, double p_top, bool first,
                                  bool windows_differ)
{
    PenaltyStep *st = malloc(sizeof *st);
    if (st == NULL)             /* best-effort: without memory, no panel (the file is still well-formed) */
        return;
    picture_penalty_step(st, row, logits, n_words, history, n_history, windows_differ);
    size_t fits = (size_t)(panel / (0.6 * 12)) - 1;     /* characters of 12 px across the panel */
    svg_text(s, x, y, (SvgFont){14, NULL, true, NULL, 0}, picture_cut(row->label.text, fits * 12 / 16).text, NULL);
    svg_text(s, x, y + 17, (SvgFont){12, NULL, false, SVG_MUTED, 0}, picture_cut(st->settings, fits).text, NULL);
    int32_t top = picture_top_token(row->data, row->size), was = ref != NULL ? picture_top_token(ref->data, ref->size)
                                                                             : top;
    char text[200];
    if (top >= 0 && was >= 0 && top != was) {
        snprintf(text, sizeof text, "most likely now: %.40s (was %.40s)", words[top], words[was]);
        SvgDatum d = {"most likely", row->label.text, 0, words[top]};
        svg_text(s, x, y + 33, (SvgFont){12, NULL, true, SVG_TEXT_OF(AFTER), 0}, picture_cut(text, fits * 5 / 6).text,
                 &d);
    }
    char names[3][200];
    snprintf(names[0], sizeof names[0], "logit");
    snprintf(names[1], sizeof names[1], "%.120s: %s", row->label.text, st->n_cols == 3 ? "after the repeat penalty"
             : "logit after");
    snprintf(names[2], sizeof names[2], "%.120s: logit after", row->label.text);
    const char *const series[3] = {names[0], names[1], names[2]};
    const Candidates *cols[3] = {&st->cols[0], &st->cols[1], &st->cols[2]};
    int32_t group[256];
    for (size_t i = 0; i < n_words; i++)
        group[i] = -1;      /* no tie lines: the p panel under it shows what the logits give */
    PictureLogitColumns how = {{NULL, SVG_AFTER, SVG_AFTER}, true, first ? "logit (nats)" : "", NULL, true};
    double per_px = (hi - lo) / (150 - 76);         /* 38 px above and below for the labels */
    SvgPlot plot = {x + 50, y + 60, panel - 50, 150, 0, 1, lo - 38 * per_px, hi + 38 * per_px, false};
    picture_logit_panel(s, &plot, words, n_words, cols, series, st->n_cols, st->counts, group, WRONG_RIGHT, &how);
    PictureSeries two[2] = {{ref != NULL ? ref->label.text : "", "", ref != NULL ? ref->data : NULL,
                             ref != NULL ? ref->size : 0, NULL},
                            {row->label.text, row->label.text, row->data, row->size, NULL}};
    PictureBarsOptions marks = {.mark_changed = true, .mark_from = logits, .first_slim = true,
                                .note_token = top >= 0 && top != was ? top : -1, .note = "most likely"};
    bool pair = ref != NULL && row != ref;     /* beside the p with no penalty; or that p alone, or none known */
    SvgPlot bars = {x + 50, plot.top + plot.height + 78, panel - 50, 130, 0, 1, 0, p_top, false};
    picture_token_bars_with(s, &bars, words, n_words, pair ? two : two + 1, pair ? 2 : 1, 3, pair || row == ref ? 0 : 1,
                            first ? "p (probability)" : "", &marks);
    free(st);
}

/* picture_three_penalties's figure, from the rows recorded in pic (picture_penalty_row). Frees pic; returns main's
 * status. */
static int picture_three_penalties_drawn(Picture *pic, const char *const *words, size_t n_words,
                                         const double *logits, const int32_t *history, size_t n_history)
{
    size_t n = pic->n_rows, ref = n, n_windows = 0;
    int32_t windows[64];
    n_words = n_words < 256 ? n_words : 256;
    double lo = INFINITY, hi = -INFINITY, p_top = 0;
    PenaltyStep *st = malloc(sizeof *st);
    pic->out_of_memory |= st == NULL;
    for (size_t r = 0; r < n && st != NULL; r++) {
        ref = ref == n && picture_row_unchanged(&pic->rows[r], logits) ? r : ref;
        if (pic->rows[r].n_values > 0 && n_windows < LESSON_N(windows))
            windows[n_windows++] = (int32_t)pic->rows[r].values[0];
        if (pic->rows[r].n_values < 4)
            continue;
        picture_penalty_step(st, &pic->rows[r], logits, n_words, history, n_history, true);
        for (size_t c = 0; c < st->n_cols; c++)
            for (size_t i = 0; i < n_words; i++)
                if (isfinite(st->cols[c].data[i].logit)) {
                    lo = fmin(lo, st->cols[c].data[i].logit);
                    hi = fmax(hi, st->cols[c].data[i].logit);
                }
        for (size_t i = 0; i < pic->rows[r].size; i++)
            p_top = fmax(p_top, pic->rows[r].data[i].p);
    }
    free(st);
    bool windows_differ = false;
    for (size_t k = 1; k < n_windows; k++)
        windows_differ |= windows[k] != windows[0];
    if (!(hi > lo)) {
        lo = isfinite(lo) ? lo - 1 : -1;
        hi = lo + 2;
    }
    double panel = 50 + (double)n_words * 48, gap = 36;
    size_t per_line = (size_t)fmax(1, fmin((double)n, floor((1180 - 40 + gap) / (panel + gap))));
    size_t lines = n > 0 ? (n + per_line - 1) / per_line : 1;
    double width = fmax(760, 20 + (double)per_line * (panel + gap) - gap + 20);
    char before_words[200], rule[400];
    snprintf(before_words, sizeof before_words, "before: the logit and p with no penalty (the setting \"%.100s\")",
             ref < n ? pic->rows[ref].label.text : "");
    SvgKey keys[] = {{SVG_KEY_BOX, {SVG_BEFORE, NULL, 0, NULL}, before_words},
                     {SVG_KEY_BOX, {SVG_AFTER, NULL, 0, NULL}, "after the panel's setting: the logit's step, and p"},
                     {SVG_KEY_MARK, {0}, "penalized: the setting changed its logit"}};
    snprintf(rule, sizeof rule, "llama.cpp's one step, for each token in the window: first the repeat penalty (a "
             "logit" NBSP ">" NBSP "0 divided by it, a logit" NBSP "\xe2\x89\xa4" NBSP "0 multiplied), then count" NBSP
             "\xc3\x97" NBSP "frequency" NBSP "+" NBSP "presence subtracted; a setting with both draws its two parts "
             "side by side. Under each token: its count, how often it occurs in the window.");
    const char *title = "The penalties on the same history: each setting's step on the logits, and the p it gives";
    Svg dry = picture_measure();
    double head = picture_heading(&dry, width, title, NULL);
    double legend_y = picture_history(&dry, 20, 70 + head, width - 20, words, n_words, history, n_history, windows,
                                      n_windows) + 22;
    double rule_y = svg_legend(&dry, 20, legend_y, width - 20, ref < n ? keys : keys + 1, ref < n ? 3 : 2) + 22;
    double first_top = svg_wrap(&dry, 20, rule_y, width - 40, 17, (SvgFont){13, NULL, false, NULL, 0}, rule) + 40;
    double line_height = 470;
    PictureFile pf;
    if (!pic->out_of_memory && picture_open(&pf, pic->file, pic->path, width,
                                            first_top + (double)(lines - 1) * line_height + 464,
                                            "the three penalties")) {
        picture_heading(&pf.svg, width, title, NULL);
        picture_history(&pf.svg, 20, 70 + head, width - 20, words, n_words, history, n_history, windows, n_windows);
        svg_legend(&pf.svg, 20, legend_y, width - 20, ref < n ? keys : keys + 1, ref < n ? 3 : 2);
        svg_wrap(&pf.svg, 20, rule_y, width - 40, 17, (SvgFont){13, NULL, false, NULL, 0}, rule);
        for (size_t r = 0; r < n; r++)
            picture_penalty_panel(&pf.svg, &pic->rows[r], ref < n ? &pic->rows[ref] : NULL, words, n_words, logits,
                                  history, n_history, 20 + (double)(r % per_line) * (panel + gap),
                                  first_top + (double)(r / per_line) * line_height, panel, lo, hi,
                                  svg_nice_ceiling(p_top), r % per_line == 0, windows_differ);
    }
    return picture_finish(pic, picture_close(&pf));
}

int picture_three_penalties(const char *file, const char *const *words, size_t n_words, const double *logits,
                            const int32_t *history, size_t n_history, const LessonPenaltyRow *settings,
                            const LessonText *labels, const Candidates *c, size_t n_rows)
{
    Picture pic = picture_start(file);
    for (size_t r = 0; r < n_rows; r++)
        picture_penalty_row(&pic, labels[r].text, &c[r], &settings[r].penalty);
    return picture_three_penalties_drawn(&pic, words, n_words, logits, history, n_history);
}

/* ===== Example 5: the settings on code ===== */

/* The settings' values that Example 5's table names: the repeat penalty and window always, a frequency or
 * presence penalty when some setting has one. */
typedef struct {
    const char *name;
    bool shown;
} PictureSettingRow;

/* The value of row k (of picture_code_rows) of setting pp. */
static double picture_setting_value(const PenaltyParams *pp, size_t k)
{
    return k == 0 ? pp->penalty_repeat : k == 1 ? pp->penalty_last_n : k == 2 ? pp->penalty_freq
                                                                      : pp->penalty_present;
}

/* What one of Example 5's panels draws from: the history (n_history,), the model's logits, the settings (n,) and
 * their candidates (c, n, each by token id), the setting that changed no logit (ref: its p is p before; n when
 * none did), the settings' rows of values (n_rows,), and the logit range every panel shares. */
typedef struct {
    const int32_t *history;
    size_t n_history;
    const double *logits;
    const PenaltyParams *settings;
    const Candidates *c;
    size_t n, ref;
    const PictureSettingRow *rows;
    size_t n_rows;
    double lo, hi;
} CodePanels;

/* A setting's label in the data: "penalty 1.5, window 64" (the table's columns). */
static void picture_code_label(char *out, size_t size, const PenaltyParams *pp)
{
    snprintf(out, size, "penalty %s, window %d", lesson_number(pp->penalty_repeat, 1).text, (int)pp->penalty_last_n);
}

/* The logit view of one panel in plot: word's (token id's) logit with the model's logits as a sky-blue level, and
 * under each setting (a band each) an arrow in blue to its logit after, labelled with the change; under the bands,
 * the word's count in each setting's window (named "count" at the left when named). */
static void picture_code_logits(Svg *s, const SvgPlot *plot, const char *word, int32_t id, const CodePanels *cp,
                                bool named)
{
    PictureSpace space = {.n = 0};
    size_t n = cp->n;
    double band = svg_band_width(plot, n), b = svg_y(plot, cp->logits[id]), half = 6;
    char series[200], after[200], label[96];
    svg_axis_y(s, plot, named ? "logit (nats)" : "", 5);
    snprintf(series, sizeof series, "logit of %.120s", word);
    snprintf(after, sizeof after, "logit of %.120s, after", word);
    for (size_t k = 0; k < n; k++) {
        double x = svg_band(plot, k, n), a = svg_y(plot, cp->c[k].data[id].logit);
        picture_space_add(&space, (PictureBox){x - band / 2 + 6, b - 2, x + band / 2 - 6, b + 2}, 1);
        picture_space_add(&space, (PictureBox){x - half, fmin(a, b), x + half, fmax(a, b) + 2}, 1);
    }
    for (size_t k = 0; k < n; k++) {
        double x = svg_band(plot, k, n), a = cp->c[k].data[id].logit;
        picture_code_label(label, sizeof label, &cp->settings[k]);
        SvgDatum d = {series, label, cp->logits[id], NULL}, da = {after, label, a, NULL};
        svg_group_begin(s, NULL);
        svg_line(s, x - band / 2 + 6, b, x + band / 2 - 6, b, (SvgStyle){NULL, SVG_BEFORE, 3, NULL}, &d);
        picture_arrow(s, plot, &space, x, half, b, svg_y(plot, a), SVG_AFTER, &da, picture_change(a - cp->logits[id])
                      .text, NULL);
        svg_group_end(s);
    }
    double y = plot->top + plot->height;
    svg_line(s, plot->left, y, plot->left + plot->width, y, (SvgStyle){NULL, SVG_TEXT, 1, NULL}, NULL);
    if (named)
        svg_text(s, plot->left - 8, y + 16, (SvgFont){12, "end", false, SVG_MUTED, 0}, "count", NULL);
    for (size_t k = 0; k < n; k++) {
        char count[32];
        snprintf(count, sizeof count, "%d", (int)penalty_count(cp->history, cp->n_history,
                                                               cp->settings[k].penalty_last_n, id));
        svg_text(s, svg_band(plot, k, n), y + 16, (SvgFont){12, "middle", false, NULL, 0}, count, NULL);
    }
}

/* One panel of Example 5 from (x, y): P(word) (word is token id; series names it) over its logit view
 * (picture_code_logits, from y_logit) and, under each setting (a band each), the word's p after it in blue beside,
 * slim and sky blue, its p before (with the model's logits: the p of the setting that changed no logit, cp->ref;
 * none when none did), marked when the setting changed this word's logit; under each bar the settings' values,
 * rows, named at the left when named is true. */
static void picture_code_panel(Svg *s, const SvgPlot *plot, const SvgPlot *logit_plot, const char *series, int32_t id,
                               const CodePanels *cp, bool named)
{
    PictureSpace space = {.n = 0};
    SvgFont small = {11, "middle", false, NULL, 0};
    size_t n = cp->n;
    bool ref = cp->ref < n;
    double base = svg_y(plot, 0), band = svg_band_width(plot, n), bar = band - 14 - (ref ? 12 : 0);
    svg_text(s, plot->left + plot->width / 2, logit_plot->top - 22, (SvgFont){14, "middle", true, NULL, 0}, series,
             NULL);
    picture_code_logits(s, logit_plot, series + 2, id, cp, named);     /* "P(count)" names "count" */
    svg_axis_y(s, plot, named ? "p (probability)" : "", 6);
    double p_before = ref ? cp->c[cp->ref].data[id].p : 0;
    for (size_t k = 0; k < n; k++) {
        double x = svg_band(plot, k, n) + (ref ? 6 : 0);
        picture_space_add(&space, (PictureBox){x - bar / 2, svg_y(plot, cp->c[k].data[id].p), x + bar / 2, base}, 0.5);
        if (ref)
            picture_space_add(&space, (PictureBox){x - bar / 2 - 12, svg_y(plot, p_before), x - bar / 2 - 4, base},
                              0.5);
    }
    char before[256];
    snprintf(before, sizeof before, "%s with no penalty", series);
    for (size_t k = 0; k < n; k++) {
        double x = svg_band(plot, k, n) + (ref ? 6 : 0), p = cp->c[k].data[id].p, top = svg_y(plot, p);
        char label[96];
        picture_code_label(label, sizeof label, &cp->settings[k]);
        SvgDatum d = {series, label, p, NULL}, db = {before, label, p_before, NULL};
        SvgNumber value = svg_number(p, 3);
        double y = picture_place_text(&space, x, top - 4, -12, small, value.text);
        svg_group_begin(s, NULL);
        if (ref)
            svg_rect(s, x - bar / 2 - 12, svg_y(plot, p_before), 8, base - svg_y(plot, p_before),
                     (SvgStyle){SVG_BEFORE, NULL, 0, NULL}, &db);
        svg_rect(s, x - bar / 2, top, bar, base - top, (SvgStyle){SVG_AFTER, NULL, 0, NULL}, &d);
        svg_text(s, x, y, small, value.text, NULL);
        if (cp->c[k].data[id].logit != cp->logits[id])
            svg_mark(s, x, picture_place_mark(&space, x, picture_text_box(x, y, small, value.text).top));
        svg_group_end(s);
    }
    svg_categories(s, plot, NULL, 0, NULL);
    double y = plot->top + plot->height;
    for (size_t r = 0; r < cp->n_rows; r++) {
        if (!cp->rows[r].shown)
            continue;
        y += 16;
        if (named)
            svg_text(s, plot->left - 8, y, (SvgFont){12, "end", false, SVG_MUTED, 0}, cp->rows[r].name, NULL);
        for (size_t k = 0; k < n; k++)
            svg_text(s, svg_band(plot, k, n), y, (SvgFont){12, "middle", false, NULL, 0},
                     lesson_number(picture_setting_value(&cp->settings[k], r), r == 1 ? 0 : 1).text, NULL);
    }
}

int picture_code_repeats(const char *file, const char *const *vocab, const double *logits, const char *text,
                         const char *const *shown, size_t n_shown, const PenaltyParams *settings,
                         const Candidates *c, size_t n)
{
    size_t n_vocab = n > 0 ? c[0].size : 0, max_ids = strlen(text) / 2 + 1;
    int32_t *history = malloc(max_ids * sizeof *history), windows[64];
    if (history == NULL) {
        lesson_say(file, "", "out of memory while drawing the picture; none written");
        return 1;
    }
    size_t n_history = lesson_ids_at(file, "text", text, "vocab", vocab, n_vocab, history, max_ids, true);
    size_t n_windows = n < LESSON_N(windows) ? n : LESSON_N(windows);
    double top = 0, gap = 60, panel = (double)n * 58;
    PictureSettingRow rows[] = {{"repeat", true}, {"window", true}, {"frequency", false}, {"presence", false}};
    CodePanels cp = {history, n_history, logits, settings, c, n, n, rows, LESSON_N(rows), INFINITY, -INFINITY};
    for (size_t k = 0; k < n; k++) {
        if (k < n_windows)
            windows[k] = settings[k].penalty_last_n;
        rows[2].shown |= settings[k].penalty_freq != 0;
        rows[3].shown |= settings[k].penalty_present != 0;
        bool unchanged = true;
        for (size_t i = 0; i < c[k].size; i++)
            unchanged &= c[k].data[i].logit == logits[c[k].data[i].id];
        cp.ref = cp.ref == n && unchanged ? k : cp.ref;
        for (size_t w = 0; w < n_shown; w++) {
            int32_t id = lesson_find(shown[w], strlen(shown[w]), vocab, n_vocab);
            top = fmax(top, c[k].data[id].p);
            cp.lo = fmin(cp.lo, fmin(logits[id], c[k].data[id].logit));
            cp.hi = fmax(cp.hi, fmax(logits[id], c[k].data[id].logit));
        }
    }
    if (!(cp.hi > cp.lo) || !isfinite(cp.hi - cp.lo)) {
        cp.lo = isfinite(cp.lo) ? cp.lo - 1 : -1;
        cp.hi = cp.lo + 2;
    }
    size_t per_line = (size_t)fmax(1, fmin((double)n_shown, floor((1160 - 90 + gap) / (panel + gap))));
    size_t lines = n_shown > 0 ? (n_shown + per_line - 1) / per_line : 1;
    double width = fmax(760, 90 + (double)per_line * (panel + gap) - gap + 30);
    double line_height = 160 + 40 + 270 + 16 * (double)(rows[2].shown + rows[3].shown);
    SvgKey keys[] = {{SVG_KEY_BOX, {SVG_BEFORE, NULL, 0, NULL}, "before: with the model's logits, no penalty"},
                     {SVG_KEY_BOX, {SVG_AFTER, NULL, 0, NULL}, "after the setting under it"},
                     {SVG_KEY_MARK, {0}, "penalized: the setting changed this word's logit"}};
    char title[300] = "P(";
    for (size_t w = 0; w < n_shown && w < 6; w++)
        picture_append(title, sizeof title, "%s%s)", w == 0 ? "" : w + 1 == n_shown ? " and P(" : ", P(",
                       picture_cut(shown[w], 30).text);
    picture_append(title, sizeof title, "%s under each setting: repeat penalty, window", n_shown > 6 ? ", ..." : "");
    for (size_t k = 2; k < LESSON_N(rows); k++)
        picture_append(title, sizeof title, "%s%s", rows[k].shown ? ", " : "", rows[k].shown ? rows[k].name : "");
    const char *subtitle = "a panel per word, a band per row of the table in its order: the word's logit and count in "
                           "the window, then its p";
    Svg dry = picture_measure();
    double head = 84 + picture_heading(&dry, width, title, subtitle);
    double legend_y = picture_history(&dry, 20, head, width - 20, vocab, n_vocab, history, n_history, windows,
                                      n_windows) + 22;
    double first_top = svg_legend(&dry, 20, legend_y, width - 20, cp.ref < n ? keys : keys + 1, cp.ref < n ? 3 : 2)
                       + 60;
    PictureFile pf;
    if (picture_open(&pf, file, getenv("LESSON_PICTURE"), width, first_top + (double)lines * line_height - 20,
                     "the repeat penalty on code")) {
        picture_heading(&pf.svg, width, title, subtitle);
        picture_history(&pf.svg, 20, head, width - 20, vocab, n_vocab, history, n_history, windows, n_windows);
        svg_legend(&pf.svg, 20, legend_y, width - 20, cp.ref < n ? keys : keys + 1, cp.ref < n ? 3 : 2);
        double per_px = (cp.hi - cp.lo) / (130 - 64);    /* 32 px above and below for the labels */
        for (size_t w = 0; w < n_shown; w++) {
            char series[256];
            snprintf(series, sizeof series, "P(%s)", picture_cut(shown[w], 70).text);
            double x = 90 + (double)(w % per_line) * (panel + gap);
            double y = first_top + (double)(w / per_line) * line_height;
            SvgPlot logit = {x, y, panel, 130, 0, 1, cp.lo - 32 * per_px, cp.hi + 32 * per_px, false};
            SvgPlot plot = {x, y + 130 + 70, panel, 200, 0, 1, 0, svg_nice_ceiling(top), false};
            picture_code_panel(&pf.svg, &plot, &logit, series, lesson_find(shown[w], strlen(shown[w]), vocab, n_vocab),
                               &cp, w % per_line == 0);
        }
    }
    free(history);
    return picture_close(&pf);
}

/* ===== Example 6: logit bias ===== */

/* Why a token has the p it has after the biases, as Example 6 says it. */
typedef enum {
    PICTURE_KEPT,           /* p > 0, printed above 0 */
    PICTURE_ALMOST_0,       /* 0 < p < 5e-5: printed 0.0000, but above 0 */
    PICTURE_REMOVED,        /* logit -inf: p = 0 exactly, the token gone */
    PICTURE_INFINITE,       /* logit +inf: the tokens at +inf share all the probability */
    PICTURE_BEATEN,         /* p = 0 with a finite logit, because some token is at +inf */
    PICTURE_UNDERFLOW       /* p = 0 with a finite logit, no token at +inf: exp underflowed in double */
} PictureBiasFate;

/* The fate of token id in after (size,); any_infinite: some token of after is at +inf. */
static PictureBiasFate picture_bias_fate(const Candidates *after, int32_t id, bool any_infinite)
{
    double p = picture_p_of(after->data, after->size, id);
    ptrdiff_t at = candidates_find(after, id);
    if (p < 0)
        return PICTURE_REMOVED;
    if (at >= 0 && after->data[at].logit == INFINITY)
        return PICTURE_INFINITE;
    if (p == 0)
        return any_infinite ? PICTURE_BEATEN : PICTURE_UNDERFLOW;
    return p < 5e-5 ? PICTURE_ALMOST_0 : PICTURE_KEPT;
}

/* A bias as a note says it: "+inf", "-inf", "2", "-100". */
static LessonNumber picture_bias_number(double bias)
{
    LessonNumber t = lesson_number(bias, 0);
    if (isinf(bias))
        snprintf(t.text, sizeof t.text, "%sinf", bias > 0 ? "+" : "-");
    return t;
}

/* The log panel of Example 6 in plot (y: log10 p, from its floor up to 0): a bar for each token of after (words
 * (n_words,)) with p > 0, labelled with p; a token with p = 0 has no logarithm and no bar: "p = 0" at the floor,
 * why over it (stages[i] for a removed token, "underflow", "+inf takes all"); under the tokens, what the floor is. */
static void picture_log_panel(Svg *s, const SvgPlot *plot, const char *const *words, size_t n_words,
                              const Candidates *after, const char *const *stages, bool any_infinite)
{
    svg_axis_y(s, plot, "log10 p after", 6);
    double floor_y = svg_y(plot, plot->y_min);
    for (size_t i = 0; i < n_words; i++) {
        double p = picture_p_of(after->data, after->size, (int32_t)i), x = svg_band(plot, i, n_words);
        SvgDatum d = {"log10 p after", words[i], p > 0 ? log10(p) : -INFINITY, NULL};
        char value[64];
        if (p > 0) {
            snprintf(value, sizeof value, p < 5e-5 ? "%.2g" : "%.4f", p);
            svg_bar(s, plot, x, 40, log10(p), (SvgStyle){SVG_AFTER, NULL, 0, NULL}, &d, value);
            continue;
        }
        PictureBiasFate fate = picture_bias_fate(after, (int32_t)i, any_infinite);
        svg_group_begin(s, NULL);
        svg_text(s, x, floor_y - 20, (SvgFont){11, "middle", false, SVG_TEXT_OF(REMOVED), 0},
                 fate == PICTURE_REMOVED ? stages[i]
                 : fate == PICTURE_BEATEN ? "+inf takes all" : "underflow", NULL);
        svg_text(s, x, floor_y - 6, (SvgFont){12, "middle", true, SVG_MUTED, 0}, "p = 0", &d);
        svg_group_end(s);
    }
    svg_categories(s, plot, words, n_words, "token");
    char floor_words[200];
    snprintf(floor_words, sizeof floor_words, "Bars rise from the plot's floor, log10 p = %s, set below the least p "
             "above 0: read a bar's top, not its length. p = 0 has no logarithm (log10 0 = -inf): no bar.",
             svg_number(plot->y_min, 0).text);
    svg_wrap(s, plot->left, plot->top + plot->height + 60, plot->width, 16, (SvgFont){12, NULL, false, SVG_MUTED, 0},
             floor_words);
}

/* Example 6's notes from (80, y), y the first baseline, each wrapped at max_width px: for each of biases (n,),
 * its token (words, by id), its bias, and the p after it gets and why (as picture_bias_fate tells it; infinite
 * names the first of the n_infinite tokens at +inf). Returns the baseline of the last line. */
static double picture_bias_notes(Svg *s, double y, double max_width, const char *const *words,
                                 const Candidates *after, const LogitBias *biases, size_t n, const char *infinite,
                                 size_t n_infinite)
{
    for (size_t b = 0; b < n; b++) {
        double p = picture_p_of(after->data, after->size, biases[b].token);
        char note[320], value[160];
        switch (picture_bias_fate(after, biases[b].token, n_infinite > 0)) {
        case PICTURE_REMOVED: snprintf(value, sizeof value, "0 exactly: removed"); break;
        case PICTURE_INFINITE:
            snprintf(value, sizeof value, "%.4f: %s all the probability", p,
                     n_infinite > 1 ? "the tokens at +inf share" : "a logit of +inf takes");
            break;
        case PICTURE_BEATEN:
            if (n_infinite > 1)
                snprintf(value, sizeof value, "0: the %zu tokens at +inf share all the probability", n_infinite);
            else
                snprintf(value, sizeof value, "0: %.80s at +inf takes all the probability",
                         picture_cut(infinite, 20).text);
            break;
        case PICTURE_UNDERFLOW: snprintf(value, sizeof value, "0: exp underflows in double, not removed"); break;
        case PICTURE_ALMOST_0: snprintf(value, sizeof value, "%.2g, almost 0 (printed 0.0000)", p); break;
        default: snprintf(value, sizeof value, "%.4f", p); break;
        }
        snprintf(note, sizeof note, "%.80s: bias %s, p after %s", picture_cut(words[biases[b].token], 20).text,
                 picture_bias_number(biases[b].bias).text, value);
        y = svg_wrap(s, 80, y + (b > 0 ? 18 : 0), max_width, 18, (SvgFont){13, NULL, false, NULL, 0}, note);
    }
    return y;
}

int picture_logit_bias(const char *file, const char *const *words, size_t n_words,
                       const Candidates *before, const Candidates *after, const LogitBias *biases,
                       size_t n_biases)
{
    PictureSeries series[2] = {{"before", "before", before->data, before->size, NULL},
                               {"after", "after the biases", after->data, after->size, NULL}};
    const char *stages[256];    /* what removed each token: its bias of -inf, or a logit of -inf before any bias */
    for (size_t i = 0; i < n_words && i < LESSON_N(stages); i++) {
        stages[i] = "-inf logit";
        for (size_t b = 0; b < n_biases; b++)
            stages[i] = biases[b].token == (int32_t)i && biases[b].bias == -INFINITY ? "bias -inf" : stages[i];
    }
    PictureBarsOptions marks = {.stages = stages, .mark_changed = true, .zero_why = true,
                                .mark_legend = "biased: a bias changed its logit"};
    n_words = n_words < LESSON_N(stages) ? n_words : LESSON_N(stages);
    double width = fmax(760, picture_bars_size(n_words, 2) + 130), least = 0;
    size_t n_infinite = 0;
    const char *infinite = "";     /* the first token at +inf */
    for (size_t i = 0; i < after->size; i++) {
        if (after->data[i].p > 0)
            least = fmin(least, log10(after->data[i].p));
        if (after->data[i].logit == INFINITY && n_infinite++ == 0 && after->data[i].id >= 0
            && (size_t)after->data[i].id < n_words)
            infinite = words[after->data[i].id];
    }
    double floor = -svg_nice_ceiling(fmax(-least * 1.15, 1));      /* below the least p > 0: room for its bar */
    char title[200] = "Logit bias";       /* what the biases do here: 0, all, almost 0 */
    bool said[6] = {false};
    for (size_t b = 0; b < n_biases; b++) {
        PictureBiasFate fate = picture_bias_fate(after, biases[b].token, n_infinite > 0);
        if (said[fate] || fate == PICTURE_KEPT || fate == PICTURE_BEATEN)
            continue;
        const char *then = strlen(title) > strlen("Logit bias") ? "," : ":";
        LessonNumber bias = picture_bias_number(biases[b].bias);
        if (fate == PICTURE_REMOVED)
            picture_append(title, sizeof title, "%s a ban gives p = 0", then);
        else if (fate == PICTURE_INFINITE)
            picture_append(title, sizeof title, n_infinite > 1 ? "%s biases of +inf share all the probability"
                           : "%s a bias of +inf takes all the probability", then);
        else
            picture_append(title, sizeof title, "%s a bias of %s gives %s", then, bias.text,
                           fate == PICTURE_ALMOST_0 ? "almost 0" : "0 (underflow)");
        said[fate] = true;
    }
    const char *subtitle = "p of each token before and after the biases; below, p after on a log scale";
    size_t n_notes = n_biases < 4 ? n_biases : 4;
    Svg dry = picture_measure();
    double head = picture_heading(&dry, width, title, subtitle);
    double notes_y = picture_series_legend_with(&dry, 80, 80 + head, width - 20, series, 2, n_words, 0, &marks) + 26;
    double plot_top = picture_bias_notes(&dry, notes_y, width - 100, words, after, biases, n_notes, infinite,
                                         n_infinite) + (n_notes > 0 ? 62 : 44);
    double log_top = plot_top + 250 + 110;
    PictureFile pf;
    if (picture_open(&pf, file, getenv("LESSON_PICTURE"), width, log_top + 180 + 96, "logit bias")) {
        picture_heading(&pf.svg, width, title, subtitle);
        picture_series_legend_with(&pf.svg, 80, 80 + head, width - 20, series, 2, n_words, 0, &marks);
        picture_bias_notes(&pf.svg, notes_y, width - 100, words, after, biases, n_notes, infinite, n_infinite);
        SvgPlot plot = {80, plot_top, width - 130, 250, 0, 1, 0, svg_nice_ceiling(picture_largest_p(series, 2)),
                        false};
        picture_token_bars_with(&pf.svg, &plot, words, n_words, series, 2, 4, 0, "p (probability)", &marks);
        SvgPlot logs = {80, log_top, width - 130, 180, 0, 1, floor, 0, false};
        picture_log_panel(&pf.svg, &logs, words, n_words, after, stages, n_infinite > 0);
    }
    return picture_close(&pf);
}
