/* picture_chains.c: the pictures of Examples 11 to 13 (picture_chains.h). */
#include "lesson/picture.h"
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A picture's title at the top left, and its subtitle wrapped to the width under it. Returns the baseline of the
 * subtitle's last line. */
static double heading(Svg *s, double width, const char *title, const char *subtitle)
{
    svg_heading(s, 20, 30, title, NULL);
    return svg_wrap(s, 20, 50, width - 40, 17, (SvgFont){13, NULL, false, SVG_MUTED, 0}, subtitle);
}

/* ===== Chain lines as rows of stages in columns: Example 11, and Example 12's describe lines ===== */

#define LINE_FONT 12            /* px: the stage names in their boxes, the command lines */
#define BOX_HEIGHT 30           /* px */
#define ARROW_GAP 22            /* px between two columns: room for an arrow */

/* The column a stage shares with the stages that stand in its place: mirostat's temp with temp-ext, every
 * draw (mirostat, mirostat-v2, adaptive-p) with dist. */
static int stage_slot(int32_t type)
{
    if (type == STAGE_TEMP)
        return STAGE_TEMP_EXT;
    return stage_picks_token((StageType)type) ? STAGE_DIST : (int)type;
}

/* A chain line to draw: its tag and text above, its stages in columns. */
typedef struct {
    const char *tag;            /* "chain 1", in bold at the left */
    const char *text;           /* the command line (wrapped before its flags) or the settings */
    bool command;               /* text is a command line: continued lines end with " \", as a shell reads them */
    const int32_t *types;       /* (n,) StageType, in the chain's order */
    const double *empty;        /* (n,) 1 for a stage built empty ("?name") */
    size_t n;
    const char *series;         /* data-series of its boxes: "chain 1"; labels are the places, 0 for logits */
} ChainLine;

/* The columns of a set of chain lines: llama.cpp's fixed order (the stages its chain builder lays out when every
 * stage is listed and a bias is set: logit-bias first, the draw last), after "logits", plus a column wherever a
 * line's stages leave that order (a --samplers list out of order, a stage twice). slot -1 is logits. */
typedef struct {
    int *slot;                  /* (n,) stage_slot of the column's stages */
    double *x, *width;          /* (n,) px */
    size_t n;
} Columns;

/* Puts each stage of line in a column, each right of the one before it: place (line->n,) gets the columns;
 * with insert, a stage that no column right of its predecessor takes gets a new column there. */
static void columns_place(Columns *cols, const ChainLine *line, size_t *place, bool insert)
{
    size_t at = 0;
    for (size_t k = 0; k < line->n; k++) {
        int slot = stage_slot(line->types[k]);
        size_t c = at + 1;
        while (c < cols->n && cols->slot[c] != slot)
            c++;
        if (c == cols->n && insert) {
            c = at + 1;
            memmove(&cols->slot[c + 1], &cols->slot[c], (cols->n - c) * sizeof *cols->slot);
            cols->slot[c] = slot;
            cols->n++;
        }
        if (place != NULL)
            place[k] = c < cols->n ? c : cols->n - 1;
        at = c < cols->n ? c : at;
    }
}

/* The names of the stages in column c (without their "?"), distinct, as lines of text (at most 3, for the
 * header); the reference chain's name when no line has a stage there. Returns how many. */
static size_t column_names(const Columns *cols, size_t c, const ChainLine *lines, size_t n_lines,
                           const char *names[3])
{
    size_t n = 0;
    if (cols->slot[c] < 0) {
        names[0] = "logits";
        return 1;
    }
    for (size_t r = 0; r < n_lines; r++) {
        size_t place[CHAIN_MAX_STAGES];
        columns_place((Columns *)cols, &lines[r], place, false);
        for (size_t k = 0; k < lines[r].n && k < CHAIN_MAX_STAGES; k++) {
            const char *name = stage_name(&(Stage){(StageType)lines[r].types[k], false});
            bool seen = false;
            for (size_t i = 0; i < n; i++)
                seen |= strcmp(names[i], name) == 0;
            if (place[k] == c && !seen && n < 3)
                names[n++] = name;
        }
    }
    if (n == 0)
        names[n++] = stage_name(&(Stage){(StageType)cols->slot[c], false});
    return n;
}

/* The columns of lines (n_lines,), each as wide as its widest name, from x; false when out of memory. */
static bool columns_init(Columns *cols, const ChainLine *lines, size_t n_lines, double x)
{
    SamplingParams p = sampling_params_default();
    p.n_logit_bias = 1;         /* any bias puts logit-bias first */
    p.logit_bias[0] = (LogitBias){0, 1.0};
    Chain ref;
    size_t most = 1 + CHAIN_MAX_STAGES;
    for (size_t r = 0; r < n_lines; r++)
        most += lines[r].n;
    *cols = (Columns){malloc(most * sizeof *cols->slot), malloc(most * sizeof *cols->x),
                      malloc(most * sizeof *cols->width), 1};
    if (cols->slot == NULL || cols->x == NULL || cols->width == NULL || chain_init_from_params(&ref, &p, 0) != 0)
        return false;
    cols->slot[0] = -1;
    for (size_t k = 0; k < ref.n_stages; k++)
        cols->slot[cols->n++] = stage_slot(ref.stages[k].type);
    chain_free(&ref);
    for (size_t r = 0; r < n_lines; r++)
        columns_place(cols, &lines[r], NULL, true);
    for (size_t c = 0; c < cols->n; c++) {
        const char *names[3];
        size_t n = column_names(cols, c, lines, n_lines, names);
        cols->width[c] = 0;
        for (size_t i = 0; i < n; i++)      /* room for the name with its "?", and for the header */
            cols->width[c] = fmax(cols->width[c], svg_text_width(names[i], LINE_FONT) + 0.6 * LINE_FONT + 14);
        cols->x[c] = c == 0 ? x : cols->x[c - 1] + cols->width[c - 1] + ARROW_GAP;
    }
    return true;
}

static void columns_free(Columns *cols)
{
    free(cols->slot);
    free(cols->x);
    free(cols->width);
}

/* Cuts text into lines of at most max characters at its spaces (a command line before a flag, a word that
 * starts with '-', where one fits, so that a flag stays with its value): starts and lengths (cap,); returns how
 * many lines. A word longer than max is cut. */
static size_t wrap_text(const char *text, size_t max, bool command, size_t *starts, size_t *lengths, size_t cap)
{
    size_t n = 0, at = 0, length = strlen(text);
    max = max > 8 ? max : 8;
    while (at < length && n < cap) {
        size_t cut = length - at;
        if (cut > max) {
            size_t any = 0, flag = 0;
            for (size_t i = at + 1; i <= at + max - (command ? 2 : 0); i++) {     /* " \" ends a command's line */
                if (text[i] == ' ') {
                    any = i;
                    flag = text[i + 1] == '-' ? i : flag;
                }
            }
            cut = (command && flag > at ? flag : any > at ? any : at + max) - at;
        }
        starts[n] = at;
        lengths[n++] = cut;
        at += cut;
        while (text[at] == ' ')
            at++;
    }
    return n;
}

/* A right-pointing arrow from x1 to x2 at height y. */
static void arrow(Svg *s, double x1, double x2, double y)
{
    SvgStyle ink = {NULL, SVG_TEXT, 1.3, NULL};
    svg_line(s, x1, y, x2, y, ink, NULL);
    double hx[] = {x2 - 6, x2, x2 - 6}, hy[] = {y - 4, y, y + 4};
    svg_polyline(s, hx, hy, 3, ink, NULL, NULL);
}

/* One chain line at y: its tag and its text (wrapped to right), then its stages as boxes in their columns,
 * joined by arrows. Returns the y below it. */
static double draw_chain_line(Svg *s, const Columns *cols, const ChainLine *line, double y, double right)
{
    double text_x = cols->x[0] + svg_text_width(line->tag, LINE_FONT) + 10, indent = line->command ? 16 : 0;
    size_t starts[64], lengths[64];
    size_t n = wrap_text(line->text, (size_t)((right - text_x - indent) / (0.6 * LINE_FONT)), line->command, starts,
                         lengths, 64);
    svg_text(s, cols->x[0], y + LINE_FONT, (SvgFont){LINE_FONT, NULL, true, NULL, 0}, line->tag, NULL);
    for (size_t i = 0; i < n; i++) {
        char text[1024];
        snprintf(text, sizeof text, "%.*s%s", (int)(lengths[i] < 1000 ? lengths[i] : 1000), line->text + starts[i],
                 line->command && i + 1 < n ? " \\" : "");
        SvgDatum d = {"command", line->series, 0, line->text};
        svg_text(s, text_x + (i > 0 ? indent : 0), y + LINE_FONT + 16 * (double)i, (SvgFont){LINE_FONT, NULL, false,
                 SVG_TEXT, 0}, text, i == 0 && line->command ? &d : NULL);
    }
    y += 16 * (double)(n > 0 ? n : 1) + 8;
    size_t place[CHAIN_MAX_STAGES + 1] = {0};
    columns_place((Columns *)cols, line, place + 1, false);
    for (size_t k = 0; k <= line->n && k <= CHAIN_MAX_STAGES; k++) {
        size_t c = place[k];
        Stage stage = {k > 0 ? (StageType)line->types[k - 1] : STAGE_DIST, k > 0 && line->empty[k - 1] != 0};
        const char *name = k > 0 ? stage_name(&stage) : "logits";
        char at[24];
        snprintf(at, sizeof at, "%zu", k);
        SvgDatum d = {line->series, at, 0, name};
        SvgStyle box = stage.empty ? svg_disabled_style() : k == 0 ? (SvgStyle){"#FFFFFF", SVG_TEXT, 1, NULL}
                                                                  : (SvgStyle){"#EAF3FA", SVG_AFTER, 1.5, NULL};
        svg_group_begin(s, NULL);
        svg_rect(s, cols->x[c], y, cols->width[c], BOX_HEIGHT, box, &d);
        svg_text(s, cols->x[c] + cols->width[c] / 2, y + BOX_HEIGHT / 2 + 0.35 * LINE_FONT, (SvgFont){LINE_FONT,
                 "middle", k > 0 && !stage.empty, stage.empty ? SVG_DISABLED : NULL, 0}, name, NULL);
        svg_group_end(s);
        if (k > 0)
            arrow(s, cols->x[place[k - 1]] + cols->width[place[k - 1]] + 3, cols->x[c] - 3, y + BOX_HEIGHT / 2);
    }
    return y + BOX_HEIGHT + 24;
}

/* The header row over the columns: each column's stage names, muted. Returns the y below it. */
static double draw_column_header(Svg *s, const Columns *cols, const ChainLine *lines, size_t n_lines, double y)
{
    size_t most = 1;
    for (size_t c = 0; c < cols->n; c++) {
        const char *names[3];
        size_t n = column_names(cols, c, lines, n_lines, names);
        for (size_t i = 0; i < n; i++)
            svg_text(s, cols->x[c] + cols->width[c] / 2, y + 11 + 13 * (double)i, (SvgFont){11, "middle", false,
                     SVG_MUTED, 0}, names[i], NULL);
        most = n > most ? n : most;
    }
    return y + 13 * (double)most + 10;
}

/* The legend of the chain lines' boxes. Returns the baseline of its last row. */
static double chain_legend(Svg *s, double x, double y, double right)
{
    const SvgKey keys[] = {
        {SVG_KEY_BOX, {"#EAF3FA", SVG_AFTER, 1.5, NULL}, "a stage the chain runs"},
        {SVG_KEY_BOX, svg_disabled_style(), "?name: a stage its parameters disable (llama.cpp builds it empty)"},
        {SVG_KEY_LINE, {NULL, SVG_TEXT, 1.3, NULL}, "an arrow over a column: the chain has no such stage"},
    };
    return svg_legend(s, x, y, right, keys, sizeof keys / sizeof keys[0]);
}

/* The whole block of chain lines from y: the header, then each line. Returns the y below it. */
static double draw_chain_lines(Svg *s, const Columns *cols, const ChainLine *lines, size_t n, double y, double right)
{
    y = draw_column_header(s, cols, lines, n, y);
    for (size_t r = 0; r < n; r++)
        y = draw_chain_line(s, cols, &lines[r], y, right);
    return y;
}

/* Appends word to row's ids as the shell would need it typed: as it is when every character is plain, else in
 * single quotes ('\'' for a quote). */
static void picture_shell_word(Picture *pic, PictureRow *row, const char *word)
{
    bool plain = word[0] != '\0';
    for (const char *c = word; *c != '\0'; c++)
        plain &= isalnum((unsigned char)*c) || strchr("_@%+=:,./-", *c) != NULL;
    if (!plain)
        picture_row_id(pic, row, '\'');
    for (const char *c = word; *c != '\0'; c++) {
        if (*c == '\'' && !plain)
            for (const char *q = "'\\'"; *q != '\0'; q++)
                picture_row_id(pic, row, *q);
        picture_row_id(pic, row, (unsigned char)*c);
    }
    if (!plain)
        picture_row_id(pic, row, '\'');
}

void picture_chain_line(Picture *pic, char *const *command, const Chain *ch)
{
    PictureRow *row = picture_row(pic, 0, "", NULL);
    if (row == NULL)
        return;
    for (size_t k = 0; k < ch->n_stages; k++) {
        picture_row_id(pic, row, (int32_t)ch->stages[k].type);
        picture_row_value(pic, row, ch->stages[k].empty);
    }
    PictureRow *words = picture_row(pic, 1, "", NULL);     /* row may have moved: rows grow */
    for (size_t i = 0; words != NULL && command != NULL && command[i] != NULL; i++) {
        if (i > 0)
            picture_row_id(pic, words, ' ');
        picture_shell_word(pic, words, command[i]);
    }
}

int picture_chain_line_of(void *pic, char *const *command, const Chain *ch)
{
    picture_chain_line(pic, command, ch);
    return 0;
}

/* A row's ids as a string (its characters), allocated; NULL when out of memory. */
static char *picture_row_string(const PictureRow *row)
{
    char *text = malloc(row->n_ids + 1);
    for (size_t i = 0; text != NULL && i < row->n_ids; i++)
        text[i] = (char)row->ids[i];
    if (text != NULL)
        text[row->n_ids] = '\0';
    return text;
}

#define CHAIN_SUBTITLE "each row: a command line and the stages of its \"sampler chain:\" line; the columns: the order " \
                       "common_sampler_init builds (logit-bias first when a bias is set, the draw last)"

int picture_sampler_chain(Picture *pic)
{
    size_t n = pic->n_rows / 2;
    ChainLine *lines = calloc(n > 0 ? n : 1, sizeof *lines);
    char (*tags)[32] = calloc(n > 0 ? n : 1, sizeof *tags);
    bool ok = pic->path != NULL && !pic->out_of_memory && lines != NULL && tags != NULL;
    for (size_t r = 0; ok && r < n; r++) {      /* rows: the stages, then the command line's characters */
        const PictureRow *stages = &pic->rows[2 * r];
        snprintf(tags[r], sizeof tags[r], "chain %zu", r + 1);
        lines[r] = (ChainLine){tags[r], picture_row_string(&pic->rows[2 * r + 1]), true, stages->ids, stages->values,
                               stages->n_ids, tags[r]};
        ok = lines[r].text != NULL;
    }
    Columns cols = {0};
    ok = ok && columns_init(&cols, lines, n, 20);
    pic->out_of_memory |= pic->path != NULL && !ok;
    int status = 0;
    if (ok) {
        double width = fmax(900, cols.x[cols.n - 1] + cols.width[cols.n - 1] + 20);
        Svg measure = {NULL, width, 0, true};
        double top = chain_legend(&measure, 20, heading(&measure, width, "", CHAIN_SUBTITLE) + 30, width - 20) + 18;
        PictureFile pf;
        if (picture_open(&pf, pic->file, pic->path, width, draw_chain_lines(&measure, &cols, lines, n, top, width - 20),
                         "the sampler chain")) {
            double y = heading(&pf.svg, width, "The sampler chain of each command line, its stages in llama.cpp's "
                               "order", CHAIN_SUBTITLE);
            chain_legend(&pf.svg, 20, y + 30, width - 20);
            draw_chain_lines(&pf.svg, &cols, lines, n, top, width - 20);
        }
        status = picture_close(&pf);
    }
    for (size_t r = 0; lines != NULL && r < n; r++)
        free((char *)lines[r].text);
    free(lines);
    free(tags);
    columns_free(&cols);
    return picture_finish(pic, status);
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
