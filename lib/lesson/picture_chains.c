/* picture_chains.c: the pictures of Examples 11 to 13 (picture_chains.h). */
#include "lesson/picture.h"
#include "lesson/chains.h"
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

/* Puts each stage of line in a column, each right of the one before it: place (line->n,) gets the columns, the
 * first that fits; a stage no column right of its predecessor takes stays in the last. */
static void columns_place(const Columns *cols, const ChainLine *line, size_t *place)
{
    size_t at = 0;
    for (size_t k = 0; k < line->n; k++) {
        size_t c = at + 1;
        while (c < cols->n && cols->slot[c] != stage_slot(line->types[k]))
            c++;
        at = c < cols->n ? c : cols->n - 1;
        place[k] = at;
    }
}

/* Adds a column right after its predecessor's for each stage of line that no column right of it takes. */
static void columns_insert(Columns *cols, const ChainLine *line)
{
    size_t at = 0;
    for (size_t k = 0; k < line->n; k++) {
        int slot = stage_slot(line->types[k]);
        size_t c = at + 1;
        while (c < cols->n && cols->slot[c] != slot)
            c++;
        if (c == cols->n) {
            c = at + 1;
            memmove(&cols->slot[c + 1], &cols->slot[c], (cols->n - c) * sizeof *cols->slot);
            cols->slot[c] = slot;
            cols->n++;
        }
        at = c;
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
        columns_place(cols, &lines[r], place);
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
        columns_insert(cols, &lines[r]);
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
    columns_place(cols, line, place + 1);
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

#define CHAIN_SUBTITLE \
    "each row: a command line and the stages of its \"sampler chain:\" line; the columns: the order " \
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

/* ===== Example 12 ===== */

/* What the rows of Examples 12 and 13 hold, by PictureRow.group. */
enum {
    ROW_CHAIN,              /* a chain (a preset): label the table's; values the candidates left per step, ids its
                             * text, numbers[0] its average (Example 13: data the final distribution, numbers[0]
                             * the candidates, ids the draws) */
    ROW_STAGE,              /* what a stage left: label its name ("?" when off), data the candidates (logits),
                             * numbers[0] the step, numbers[1] the StageType */
    ROW_BEFORE,             /* what that stage received: data */
    ROW_SETTINGS,           /* the settings of the chain above (settings_text), as the label */
    ROW_DESCRIBE,           /* a described chain: ids its StageTypes, values 1 for "?", data its biases (id,
                             * logit = the bias) */
    ROW_DESCRIBE_SETTINGS   /* its settings, as the label */
};

/* The settings a lesson's chain or preset sets, as llama.cpp names them, with their exact values: "temp 0.8,
 * top_k 40, top_p 0.95, min_p 0.05, penalty_repeat 1.0, penalty_last_n 64". */
static LessonText settings_text(const SamplingParams *p)
{
    char text[400];         /* 4 numbers of at most 64 characters, 2 ints and the names */
    snprintf(text, sizeof text, "temp %s, top_k %d, top_p %s, min_p %s, penalty_repeat %s, penalty_last_n %d",
             lesson_number(p->temp, 1).text, (int)p->top_k, lesson_number(p->top_p, 1).text,
             lesson_number(p->min_p, 1).text, lesson_number(p->penalty_repeat, 1).text, (int)p->penalty_last_n);
    LessonText t = {""};
    lesson_text_add(&t, text, strlen(text));
    return t;
}

void picture_chain_start(Picture *pic, const LessonSettings *s, int32_t window)
{
    LessonText label;
    lesson_settings_label_to(s, window, NULL, &label);
    SamplingParams p = lesson_sampling_params(s, window);
    if (picture_row(pic, ROW_CHAIN, label.text, NULL) != NULL)
        picture_row(pic, ROW_SETTINGS, settings_text(&p).text, NULL);
}

void picture_stage(Picture *pic, int step, const Stage *stage, const TokenData *before, size_t n_before,
                   const Candidates *after)
{
    if (pic == NULL)
        return;
    PictureRow *row = picture_row(pic, ROW_STAGE, stage_name(stage), after);
    if (row == NULL)
        return;
    row->numbers[0] = step;
    row->numbers[1] = stage->type;
    picture_row(pic, ROW_BEFORE, "", &(Candidates){(TokenData *)before, n_before, -1, false});
}

/* The chain row started last, or NULL. */
static PictureRow *picture_last_chain(Picture *pic)
{
    for (size_t r = pic->n_rows; r > 0; r--)
        if (pic->rows[r - 1].group == ROW_CHAIN)
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

void picture_describe(Picture *pic, const Chain *ch)
{
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
    picture_row(pic, ROW_DESCRIBE_SETTINGS, settings_text(&ch->params).text, NULL);
}

/* A copy of data (n,) in out, sorted, with p among its finite candidates (candidates_softmax, the library's);
 * returns how many are finite. */
static size_t survivors(const TokenData *data, size_t n, TokenData *out)
{
    memcpy(out, data, n * sizeof *data);
    Candidates c = {out, n, -1, false};
    candidates_softmax(&c, true);       /* best-effort: all -inf leaves every p 0, and nothing is drawn */
    size_t k = 0;
    while (k < n && out[k].logit > -INFINITY)
        k++;
    return k;
}

/* A character as a band's label: "_" for a space. */
static const char *character(char c, char buf[2])
{
    buf[0] = c == ' ' ? '_' : c;
    buf[1] = '\0';
    return buf;
}

/* A kept token's bar (svg_bar) with, when mark, the penalized mark over it (over its label when it has one). */
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
#define FUNNEL_CELL 108         /* px: a cell's width */
#define FUNNEL_GAP 10
#define FUNNEL_HEIGHT 80        /* px: a cell's plot */
#define STEP_PX 8               /* px per step of the candidates-per-step line (its width: 380 to 600 px) */

/* What the funnel draws of one chain: its stage rows (each followed by its ROW_BEFORE row), its bands. */
typedef struct {
    const PictureRow *chain, *settings;
    const PictureRow *stages[CHAIN_MAX_STAGES];     /* ROW_STAGE rows; stages[k] + 1 is what stage k received */
    size_t n_stages;
    int32_t ids[FUNNEL_BANDS];      /* the bands' token ids: the candidates at the step's start, most likely first */
    size_t n_ids;
    int step;
    double top;                     /* the p scale's top */
    bool ghost, off, mark;          /* what it draws: for the legend */
} Funnel;

/* Whether stage row st (a penalties stage) changed token id's logit. */
static bool penalized(const PictureRow *st, int32_t id)
{
    if ((StageType)st->numbers[1] != STAGE_PENALTIES || st->label.text[0] == '?')
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
    Funnel f = {&pic->rows[r], NULL, {NULL}, 0, {0}, 0, 0, 0, false, false, false};
    TokenData sorted[CHAIN_STEP_MAX];
    for (size_t k = r + 1; k < pic->n_rows && pic->rows[k].group != ROW_CHAIN; k++) {
        const PictureRow *row = &pic->rows[k];
        if (row->group == ROW_SETTINGS)
            f.settings = row;
        if (row->group != ROW_STAGE || k + 1 >= pic->n_rows || f.n_stages == CHAIN_MAX_STAGES)
            continue;
        f.stages[f.n_stages++] = row;
        f.step = (int)row->numbers[0];
        f.off |= row->label.text[0] == '?';
        size_t n = row->size < CHAIN_STEP_MAX ? row->size : CHAIN_STEP_MAX;
        survivors(row->data, n, sorted);
        for (size_t i = 0; i < n; i++)
            f.top = fmax(f.top, sorted[i].p);
        const PictureRow *before = row + 1;
        n = survivors(before->data, before->size < CHAIN_STEP_MAX ? before->size : CHAIN_STEP_MAX, sorted);
        for (size_t i = 0; i < n; i++) {
            f.top = fmax(f.top, sorted[i].p);
            f.ghost |= picture_p_of(row->data, row->size, sorted[i].id) < 0;
            f.mark |= penalized(row, sorted[i].id);
            if (f.n_stages == 1 && f.n_ids < FUNNEL_BANDS)
                f.ids[f.n_ids++] = sorted[i].id;
        }
    }
    f.top = svg_nice_ceiling(f.top * 1.15);     /* room over the tallest bar for a mark */
    return f;
}

/* Stage k of funnel f in a cell at (x, y): its name over it, a bar of p among the characters it keeps for each
 * band, a ghost at its p before for each it removes, an empty band for one removed before; "N left" under. */
static void funnel_cell(Svg *s, const Funnel *f, size_t k, const char *alphabet, double x, double y)
{
    const PictureRow *st = f->stages[k], *before = st + 1;
    bool off = st->label.text[0] == '?';
    SvgPlot plot = {x, y, FUNNEL_CELL, FUNNEL_HEIGHT, 0, 1, 0, f->top, false};
    svg_group_begin(s, "grid");
    svg_rect(s, x, y, FUNNEL_CELL, FUNNEL_HEIGHT, off ? svg_disabled_style() : (SvgStyle){NULL, SVG_GRID, 1, NULL},
             NULL);
    svg_group_end(s);
    if (k == 0)
        svg_axis_y(s, &plot, "p", 3);
    else
        grid_lines(s, &plot, 3);
    svg_text(s, x + FUNNEL_CELL / 2, y - 6, (SvgFont){12, "middle", !off, off ? SVG_DISABLED : NULL, 0},
             st->label.text, NULL);
    TokenData a[CHAIN_STEP_MAX], b[CHAIN_STEP_MAX];
    size_t left = survivors(st->data, st->size < CHAIN_STEP_MAX ? st->size : CHAIN_STEP_MAX, a);
    survivors(before->data, before->size < CHAIN_STEP_MAX ? before->size : CHAIN_STEP_MAX, b);
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
                     penalized(st, f->ids[i]));
        else if (pb >= 0)
            svg_ghost_bar(s, &bars, centre, width, pb, NULL, &d);
        svg_text(s, centre, y + FUNNEL_HEIGHT + 15, (SvgFont){13, "middle", true, pa >= 0 ? NULL : SVG_MUTED, 0}, name,
                 NULL);
    }
    snprintf(text, sizeof text, "%zu left", left);
    SvgDatum count = {series, "left", (double)left, NULL};
    svg_text(s, x + FUNNEL_CELL / 2, y + FUNNEL_HEIGHT + 31, (SvgFont){12, "middle", true, NULL, 0}, text, &count);
}

/* The candidates left at every step of chain row `row` (values), a line in plot, with the table's average
 * dashed and labelled over the plot, the pictured step's line, and the text the chain wrote under the steps,
 * one character under each where they fit (the whole text is the caption's data-value). */
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
    svg_polyline(s, xs, ys, m, (SvgStyle){NULL, svg_colour(2), 2, NULL}, "candidates left", row->values);
    double ay = svg_y(&plot, row->numbers[0]);
    svg_line(s, plot.left, ay, plot.left + plot.width, ay, (SvgStyle){NULL, svg_colour(1), 1.5, "6 4"}, NULL);
    char text[300], written[1100] = "", c[2];
    svg_text(s, plot.left, plot.top - 6, (SvgFont){12, NULL, true, NULL, 0}, "candidates left at each step", NULL);
    snprintf(text, sizeof text, "average %.1f per step", row->numbers[0]);
    SvgDatum avg = {"candidates per step", row->label.text, row->numbers[0], NULL};
    svg_text(s, plot.left + plot.width, plot.top - 6, (SvgFont){12, "end", true, NULL, 0}, text, &avg);
    for (size_t k = 0; k < row->n_ids && k + 1 < sizeof written; k++)
        written[k] = (char)row->ids[k];
    double gap = m > 1 ? xs[1] - xs[0] : 10, under = plot.top + plot.height + 15;
    for (size_t k = 1; k < row->n_ids && k <= m && gap >= 0.6 * 11 + 1; k++)
        svg_text(s, xs[k - 1], under, (SvgFont){11, "middle", (int)k == step, (int)k == step ? NULL : SVG_MUTED, 0},
                 character(written[k], c), NULL);
    double ticks[16];
    size_t n_ticks = svg_ticks(1, plot.x_max - 0.5, 8, ticks, 16);
    for (size_t i = 0; i < n_ticks; i++)
        if (ticks[i] == floor(ticks[i]))         /* steps are whole */
            svg_text(s, svg_x(&plot, ticks[i]), under + 14, (SvgFont){10, "middle", false, SVG_MUTED, 0},
                     svg_number(ticks[i], 0).text, NULL);
    char dotted[40] = "";
    if (step > 0)
        snprintf(dotted, sizeof dotted, "; dotted: step %d", step);
    snprintf(text, sizeof text, "step, and the character drawn at it (_ a space)%s", dotted);
    SvgDatum wd = {"text", row->label.text, 0, written};
    svg_text(s, plot.left, under + 29, (SvgFont){11, NULL, false, SVG_MUTED, 0}, text, &wd);
}

/* The legend of Example 12's picture: what each colour, dash and mark stands for, of what it draws (funnel:
 * cells; lines: chain lines). Returns the baseline of its last row. */
static double builder_legend(Svg *s, double y, double right, bool funnel, bool ghost, bool off, bool mark, bool lines)
{
    SvgKey keys[7];
    size_t n = 0;
    if (funnel)
        keys[n++] = (SvgKey){SVG_KEY_BOX, {SVG_AFTER, NULL, 0, NULL}, "p after the stage, among the characters it "
                             "keeps"};
    if (ghost)
        keys[n++] = (SvgKey){SVG_KEY_BOX, svg_ghost_style(), "removed by the stage (dashed: its p before it)"};
    if (mark)
        keys[n++] = (SvgKey){SVG_KEY_MARK, {0}, "penalized (in the window)"};
    if (lines)
        keys[n++] = (SvgKey){SVG_KEY_BOX, {"#EAF3FA", SVG_AFTER, 1.5, NULL}, "a stage of a chain line"};
    if (off)
        keys[n++] = (SvgKey){SVG_KEY_BOX, svg_disabled_style(), "?stage: its settings turn it off"};
    keys[n++] = (SvgKey){SVG_KEY_LINE, {NULL, svg_colour(2), 2, NULL}, "candidates left at each step"};
    keys[n++] = (SvgKey){SVG_KEY_LINE, {NULL, svg_colour(1), 1.5, "6 4"}, "their average, as the table prints it"};
    return svg_legend(s, 20, y, right, keys, n);
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
static size_t describe_lines(const Picture *pic, const char *alphabet, size_t n_chains, ChainLine **lines, bool *ok)
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
        (*lines)[k++] = (ChainLine){tag, text, false, row->ids, row->values, row->n_ids, tag};
    }
    if (n == 0)
        (*lines)[0] = (ChainLine){tags, texts, false, NULL, NULL, 0, tags};     /* only to be freed */
    return n;
}

/* Where Example 12's picture puts things: the funnel's cells and the candidates-per-step plot, px. */
typedef struct {
    double funnel_left, per_left, per_width, block, width;
    int step;               /* the pictured step; 0 when no chain recorded one (the text is shorter) */
} BuilderLayout;

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
    svg_text(s, 20, y + 31, (SvgFont){12, NULL, false, SVG_MUTED, 0}, f->settings != NULL ? f->settings->label.text
                                                                                         : "", NULL);
    for (size_t k = 0; k < f->n_stages; k++)
        funnel_cell(s, f, k, alphabet, at->funnel_left + (double)k * (FUNNEL_CELL + FUNNEL_GAP), y + 62);
    double steps = (double)(f->chain->n_values > 0 ? f->chain->n_values : 1);
    per_step(s, f->chain, (SvgPlot){at->per_left, y + 62, at->per_width, FUNNEL_HEIGHT, 0.5, steps + 0.5, 0,
                                    5 * ceil(fmax(1, f->chain->numbers[1]) / 5), false}, at->step);
}

/* Example 12's title and subtitle, for n_chains chains and the pictured step (0: none). */
static void builder_heading(size_t n_chains, int step, char *title, size_t title_size, char *subtitle,
                            size_t subtitle_size)
{
    if (step > 0) {
        snprintf(title, title_size, "%zu chains on one bigram model: what each stage leaves at step %d, and the "
                 "candidates per step", n_chains, step);
        snprintf(subtitle, subtitle_size, "left: the funnel at step %d, a cell per stage in the chain's order, bars of "
                 "p among the characters the stage keeps (--trace %d prints them); right: the candidates left at "
                 "every step; under them, the chain lines the table ends with", step, step);
    } else {
        snprintf(title, title_size, "%zu chains on one bigram model: the candidates per step", n_chains);
        snprintf(subtitle, subtitle_size, "no funnel: the text is shorter than step %d, the step it pictures; the "
                 "candidates left at every step, and under them the chain lines the table ends with",
                 PICTURE_FUNNEL_STEP);
    }
}

int picture_chain_builder(Picture *pic, const char *alphabet)
{
    if (pic->path == NULL || pic->out_of_memory)
        return picture_finish(pic, 0);
    size_t n_chains = 0, most_stages = 1, steps = 1;
    Funnel *funnels = calloc(pic->n_rows > 0 ? pic->n_rows : 1, sizeof *funnels);
    bool ghost = false, off = false, mark = false;
    BuilderLayout at = {66, 0, 0, 214, 0, 0};
    for (size_t r = 0; funnels != NULL && r < pic->n_rows; r++) {
        if (pic->rows[r].group != ROW_CHAIN)
            continue;
        Funnel *f = &funnels[n_chains++];
        *f = funnel_of(pic, r);
        most_stages = f->n_stages > most_stages ? f->n_stages : most_stages;
        steps = f->chain->n_values > steps ? f->chain->n_values : steps;
        ghost |= f->ghost, off |= f->off, mark |= f->mark;
        at.step = at.step > 0 ? at.step : f->step;
    }
    ChainLine *lines = NULL;
    Columns cols = {0};
    bool ok = funnels != NULL;
    size_t n_lines = ok ? describe_lines(pic, alphabet, n_chains, &lines, &ok) : 0;
    ok = ok && columns_init(&cols, lines, n_lines, 20);
    pic->out_of_memory |= !ok;
    at.per_left = at.funnel_left + (at.step > 0 ? (double)most_stages * (FUNNEL_CELL + FUNNEL_GAP) + 50 : 0);
    at.per_width = fmin(600, fmax(380, (double)steps * STEP_PX));     /* room for its title and its average */
    double width = fmax(900, at.per_left + at.per_width + 20);
    width = ok ? fmax(width, cols.x[cols.n - 1] + cols.width[cols.n - 1] + 20) : width;
    at.width = width;
    char title[200], subtitle[400];
    builder_heading(n_chains, at.step, title, sizeof title, subtitle, sizeof subtitle);
    Svg measure = {NULL, width, 0, true};
    double legend_y = heading(&measure, width, title, subtitle) + 30;
    for (size_t k = 0; k < n_lines; k++)
        for (size_t i = 0; i < lines[k].n; i++)
            off |= lines[k].empty[i] != 0;
    double top = builder_legend(&measure, legend_y, width - 20, at.step > 0, ghost, off, mark, n_lines > 0) + 20;
    double end = top + at.block * (double)n_chains;
    double height = ok && n_lines > 0 ? draw_chain_lines(&measure, &cols, lines, n_lines, end + 30, width - 20) : end;
    PictureFile pf;
    if (ok && picture_open(&pf, pic->file, pic->path, width, height, "the chain builder")) {
        heading(&pf.svg, width, title, subtitle);
        builder_legend(&pf.svg, legend_y, width - 20, at.step > 0, ghost, off, mark, n_lines > 0);
        for (size_t c = 0; c < n_chains; c++)
            builder_block(&pf.svg, &funnels[c], alphabet, &at, top + at.block * (double)c);
        snprintf(title, sizeof title, "The table's last %zu lines, each chain's describe(): its stages, in columns in "
                 "llama.cpp's order", n_lines);
        if (n_lines > 0)
            svg_text(&pf.svg, 20, end + 14, (SvgFont){14, NULL, true, NULL, 0}, title, NULL);
        draw_chain_lines(&pf.svg, &cols, lines, n_lines, end + 30, width - 20);
    }
    int status = ok ? picture_close(&pf) : 0;
    free(funnels);
    if (lines != NULL) {
        free((char *)lines[0].tag);
        free((char *)lines[0].text);
    }
    free(lines);
    columns_free(&cols);
    return picture_finish(pic, status);
}

/* ===== Example 13 ===== */

void picture_preset_stage(void *pic, const Stage *stage, const Candidates *c)
{
    if (pic == NULL)
        return;
    PictureRow *row = picture_row(pic, ROW_STAGE, stage_name(stage), c);
    if (row != NULL)
        row->numbers[1] = stage->type;
}

void picture_preset(Picture *pic, const LessonSettings *s, int32_t window, const Candidates *c, int left)
{
    LessonText label;
    lesson_settings_label_to(s, window, NULL, &label);
    SamplingParams p = lesson_sampling_params(s, window);
    picture_row(pic, ROW_SETTINGS, settings_text(&p).text, NULL);      /* first: the draws go to the last row */
    PictureRow *row = picture_row(pic, ROW_CHAIN, label.text, c);
    if (row != NULL)
        row->numbers[0] = left;
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
        for (size_t i = 0; i < st->size && (StageType)st->numbers[1] == STAGE_PENALTIES; i++)
            for (size_t j = 0; j < n_before; j++)
                f.penalized |= st->data[i].id == id && before[j].id == id && st->data[i].logit != before[j].logit;
        if (was >= 0 && picture_p_of(st->data, st->size, id) < 0 && f.stage == NULL) {
            size_t m = n_before < 256 ? n_before : 256;
            survivors(before, m, sorted);
            f.before = picture_p_of(sorted, m, id);
            f.stage = st->label.text;
        }
        before = st->data;
        n_before = st->size;
    }
    return f;
}

/* A token's bar in plot at band centre `centre`: kept, a solid bar (SVG_AFTER) with its p as label; removed, a
 * ghost at its p before the stage that removed it, the stage named upwards over it where it fits under the
 * plot's top (or inside it); the penalized mark over either. One group: the bar, its mark and its words. */
static void token_bar(Svg *s, const SvgPlot *p, double centre, double width, const TokenFate *f, const SvgDatum *d)
{
    bool kept = f->stage == NULL;
    double value = kept ? fmax(f->p, 0) : f->before, base = svg_y(p, p->y_min);
    double top = svg_y(p, fmin(value, p->y_max)), over = top - (f->penalized ? 13 : 4);
    svg_group_begin(s, NULL);
    svg_rect(s, centre - width / 2, top, width, base - top, kept ? (SvgStyle){SVG_AFTER, NULL, 0, NULL}
                                                                 : svg_ghost_style(), d);
    if (f->penalized)
        svg_mark(s, centre, top - 10);
    if (kept) {
        SvgNumber label = svg_number(f->p, 3);
        if (f->p > 0 && strtod(label.text, NULL) == 0)      /* above 0, below what the table prints */
            snprintf(label.text, sizeof label.text, "<0.001");
        svg_text(s, centre, over, (SvgFont){10, "middle", false, NULL, 0}, label.text, NULL);
    } else {
        double length = svg_text_width(f->stage, 10);
        bool above = over - length >= p->top, inside = base - top - 8 >= length;
        if (above || inside)
            svg_text(s, centre + 3.5, above ? over : base - 4, (SvgFont){10, NULL, false, SVG_GHOST, 90}, f->stage,
                     NULL);
    }
    svg_group_end(s);
}

#define PRESET_PLOT_HEIGHT 170  /* px */
#define PRESET_AXIS 44          /* px left of a panel's plot: its p axis */
#define PRESET_GAP 24           /* px between two panels */

/* The legend of Example 13: every colour, dash and mark it draws. Returns the baseline of its last row. */
static double presets_legend(Svg *s, double y, double right, const char *right_word, bool ghost, bool mark)
{
    char text[200];
    SvgKey keys[6];
    size_t n = 0;
    keys[n++] = (SvgKey){SVG_KEY_BOX, {SVG_AFTER, NULL, 0, NULL}, "p after the chain: the final distribution"};
    if (ghost)
        keys[n++] = (SvgKey){SVG_KEY_BOX, svg_ghost_style(), "removed by the stage named over it (dashed: its p "
                             "before that stage)"};
    if (mark)
        keys[n++] = (SvgKey){SVG_KEY_MARK, {0}, "penalized: in the history (repeat penalty)"};
    snprintf(text, sizeof text, "a draw of %.60s, the right token", right_word);
    keys[n++] = (SvgKey){SVG_KEY_BOX, {SVG_AFTER, NULL, 0, NULL}, text};
    keys[n++] = (SvgKey){SVG_KEY_BOX, {svg_colour(1), NULL, 0, NULL}, "a draw of another token"};
    return svg_legend(s, 20, y, right, keys, n);
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
    return svg_wrap(s, x, y + 17, width, 15, (SvgFont){12, NULL, false, SVG_MUTED, 0},
                    settings != NULL ? settings->label.text : "");
}

/* One preset's panel from (x, y): its label and settings (down to head, the row's lowest), P(right) and its
 * candidates, the bars, the words, the draws. Returns the y below it. */
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
    char text[300], series[100];
    double p = id >= 0 ? picture_p_of(row->data, row->size, id) : -1;
    snprintf(series, sizeof series, "P(%.70s)", right);
    snprintf(text, sizeof text, "%s %s", series, svg_number(p > 0 ? p : 0, 3).text);
    SvgDatum dp = {series, row->label.text, p > 0 ? p : 0, NULL};
    svg_text(s, x, y + 22, (SvgFont){13, NULL, true, NULL, 0}, text, &dp);
    snprintf(text, sizeof text, "candidates %d", (int)row->numbers[0]);
    SvgDatum dc = {"candidates", row->label.text, row->numbers[0], NULL};
    svg_text(s, x + svg_text_width(series, 13) + 70, y + 22, (SvgFont){13, NULL, false, NULL, 0}, text, &dc);
    SvgPlot plot = {plot_x, y + 60, width, PRESET_PLOT_HEIGHT, 0, 1, 0, 1, false};
    svg_axis_y(s, &plot, "p", 6);
    double bottom = plot.top + plot.height;
    svg_line(s, plot.left, bottom, plot.left + plot.width, bottom, (SvgStyle){NULL, SVG_TEXT, 1, NULL}, NULL);
    for (size_t i = 0; i < n_vocab; i++) {
        TokenFate f = token_fate(stages, n_stages, logits, n_vocab, row->data, row->size, (int32_t)i);
        SvgDatum d = {row->label.text, vocab[i], f.p > 0 ? f.p : 0, NULL};
        double centre = svg_band(&plot, i, n_vocab);
        token_bar(s, &plot, centre, fmin(band - 12, 28), &f, &d);
        svg_text(s, centre, bottom + 16, (SvgFont){12, "middle", (int32_t)i == id, NULL, 0}, vocab[i], NULL);
        *ghost |= f.stage != NULL;
        *mark |= f.penalized;
    }
    double word = 0;
    for (size_t d = 0; d < row->n_ids; d++) {
        const char *w = row->ids[d] >= 0 && (size_t)row->ids[d] < n_vocab ? vocab[row->ids[d]] : "?";
        word = fmax(word, svg_text_width(w, 13) + 14);
    }
    size_t fits = (size_t)fmax(1, floor((PRESET_AXIS + width - 60) / fmax(word, 1)));
    size_t per_line = row->n_ids > fits ? (row->n_ids + (row->n_ids + fits - 1) / fits - 1) / ((row->n_ids + fits - 1)
                                                                                               / fits) : fits;
    char draws[600] = "";
    for (size_t d = 0; d < row->n_ids; d++) {
        const char *w = row->ids[d] >= 0 && (size_t)row->ids[d] < n_vocab ? vocab[row->ids[d]] : "?";
        snprintf(draws + strlen(draws), sizeof draws - strlen(draws), "%s%s", d ? " " : "", w);
        svg_text(s, x + 60 + (double)(d % per_line) * word, bottom + 44 + (double)(d / per_line) * 20,
                 (SvgFont){13, NULL, row->ids[d] == id, row->ids[d] == id ? SVG_AFTER : svg_colour(1), 0}, w, NULL);
    }
    SvgDatum dd = {"draws", row->label.text, 0, draws};
    svg_text(s, x, bottom + 44, (SvgFont){13, NULL, true, NULL, 0}, "draws:", &dd);
    size_t lines = row->n_ids > 0 ? (row->n_ids + per_line - 1) / per_line : 1;
    return bottom + 44 + 20 * (double)(lines - 1) + 16;
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
    double band = 38;           /* room for a label "<0.001" at 10 px */
    for (size_t i = 0; i < n_vocab; i++)
        band = fmax(band, svg_text_width(vocab[i], 12) + 4);
    for (size_t r = 0; r < pic->n_rows; r++) {
        n += pic->rows[r].group == ROW_CHAIN;
        draws = pic->rows[r].group == ROW_CHAIN && pic->rows[r].n_ids > draws ? pic->rows[r].n_ids : draws;
    }
    double panel = PRESET_AXIS + band * (double)n_vocab + PRESET_GAP;
    size_t per_row = (size_t)fmax(1, fmin((double)n, floor((1200 - 40 + PRESET_GAP) / panel)));
    char title[200], subtitle[600], stages[300] = "";
    const PictureRow *first[CHAIN_MAX_STAGES];
    for (size_t r = 0, k = 0; r < pic->n_rows && k == 0; r++)      /* the stages of the first preset, in order */
        if (pic->rows[r].group == ROW_CHAIN)
            for (size_t m = preset_stages(pic, r, first, CHAIN_MAX_STAGES); k < m; k++)
                snprintf(stages + strlen(stages), sizeof stages - strlen(stages), "%s%s", k ? ", " : "",
                         first[k]->label.text[0] == '?' ? first[k]->label.text + 1 : first[k]->label.text);
    snprintf(title, sizeof title, "Settings by task, on the same prompt: each preset's final distribution and its "
             "%zu draws", draws);
    snprintf(subtitle, sizeof subtitle, "p of each token after llama.cpp's chain (%s); a token a stage removes keeps "
             "its place, dashed at its p before that stage; the draws are the table's", stages);
    double width = fmax(fmax(900, 40 + (double)per_row * panel - PRESET_GAP), svg_text_width(title, 18) + 40);
    bool ghost = false, mark = false;
    Svg measure = {NULL, width, 0, true};
    preset_panels(&measure, pic, vocab, logits, n_vocab, right, band, panel, per_row, 0, &ghost, &mark);
    double legend_y = heading(&measure, width, title, subtitle) + 30;
    double rows_top = presets_legend(&measure, legend_y, width - 20, right, ghost, mark) + 20;
    double bottom = preset_panels(&measure, pic, vocab, logits, n_vocab, right, band, panel, per_row, rows_top, &ghost,
                                  &mark);
    PictureFile pf;
    if (picture_open(&pf, pic->file, pic->path, width, bottom + 10, "settings by task")) {
        heading(&pf.svg, width, title, subtitle);
        presets_legend(&pf.svg, legend_y, width - 20, right, ghost, mark);
        preset_panels(&pf.svg, pic, vocab, logits, n_vocab, right, band, panel, per_row, rows_top, &ghost, &mark);
    }
    return picture_finish(pic, picture_close(&pf));
}
