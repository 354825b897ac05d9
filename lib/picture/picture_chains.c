/* picture_chains.c: Example 11's picture (picture_chains.h), the chain lines in columns that Example 12 draws too,
 * and what the pictures of Examples 12 (picture_builder.c) and 13 (picture_presets.c) share
 * (picture_chains_parts.h). */
#include "picture/picture_chains_parts.h"
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

double picture_chains_heading(Svg *s, double width, const char *title, const char *subtitle)
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

bool picture_line_in_order(const PictureColumns *cols, const PictureLine *line)
{
    size_t at = 0;
    for (size_t k = 0; k < line->n; k++) {
        size_t c = at + 1;
        while (c < cols->n && cols->slot[c] != stage_slot(line->types[k]))
            c++;
        if (c == cols->n)
            return false;
        at = c;
    }
    return true;
}

/* The column of each stage of line, a line in llama.cpp's default order (picture_line_in_order): place (line->n,),
 * each right of the one before it. */
static void columns_place(const PictureColumns *cols, const PictureLine *line, size_t *place)
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

bool picture_lines_skip(const PictureColumns *cols, const PictureLine *lines, size_t n_lines)
{
    for (size_t r = 0; r < n_lines; r++) {
        size_t place[CHAIN_MAX_STAGES];
        if (!picture_line_in_order(cols, &lines[r]))
            continue;
        columns_place(cols, &lines[r], place);
        for (size_t k = 0; k < lines[r].n; k++)
            if (place[k] > (k > 0 ? place[k - 1] : 0) + 1)
                return true;
    }
    return false;
}

/* The names of the stages in column c (without their "?") of the lines in llama.cpp's default order, distinct,
 * as lines of text (at most 3, for the header); the reference chain's name when no such line has a stage there.
 * Returns how many. */
static size_t column_names(const PictureColumns *cols, size_t c, const PictureLine *lines, size_t n_lines,
                           const char *names[3])
{
    size_t n = 0;
    if (cols->slot[c] < 0) {
        names[0] = "logits";
        return 1;
    }
    for (size_t r = 0; r < n_lines; r++) {
        size_t place[CHAIN_MAX_STAGES];
        if (!picture_line_in_order(cols, &lines[r]))
            continue;
        columns_place(cols, &lines[r], place);
        for (size_t k = 0; k < lines[r].n; k++) {
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

/* The columns of llama.cpp's default order, each as wide as its widest name, from x; false when out of memory. */
bool picture_columns_init(PictureColumns *cols, const PictureLine *lines, size_t n_lines, double x)
{
    SamplingParams p = sampling_params_default();
    p.n_logit_bias = 1;         /* any bias puts logit-bias first */
    p.logit_bias[0] = (LogitBias){0, 1.0};
    Chain ref;
    size_t most = 1 + CHAIN_MAX_STAGES;
    *cols = (PictureColumns){malloc(most * sizeof *cols->slot), malloc(most * sizeof *cols->x),
                        malloc(most * sizeof *cols->width), 1};
    if (cols->slot == NULL || cols->x == NULL || cols->width == NULL || chain_init_from_params(&ref, &p, 0) != 0)
        return false;
    cols->slot[0] = -1;
    for (size_t k = 0; k < ref.n_stages && cols->n < most; k++)
        cols->slot[cols->n++] = stage_slot(ref.stages[k].type);
    chain_free(&ref);
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

void picture_columns_free(PictureColumns *cols)
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

/* Stage k of a line (0: logits) as a box at (x, y), width px, in its own group with its name: white for logits,
 * svg_disabled_style for a stage built empty ("?name"), else a stage that runs. series names the line's boxes. */
static void stage_box(Svg *s, const PictureLine *line, size_t k, double x, double y, double width)
{
    Stage stage = {k > 0 ? (StageType)line->types[k - 1] : STAGE_DIST, k > 0 && line->empty[k - 1] != 0};
    const char *name = k > 0 ? stage_name(&stage) : "logits";
    char at[24];
    snprintf(at, sizeof at, "%zu", k);
    SvgDatum d = {line->series, at, 0, name};
    SvgStyle box = stage.empty ? svg_disabled_style() : k == 0 ? (SvgStyle){SVG_PAPER, SVG_TEXT, 1, NULL}
                                                              : (SvgStyle){SVG_COLOUR_OF(STAGE), SVG_TEXT, 1, NULL};
    svg_group_begin(s, NULL);
    svg_rect(s, x, y, width, BOX_HEIGHT, box, &d);
    svg_text(s, x + width / 2, y + BOX_HEIGHT / 2 + 0.35 * LINE_FONT, (SvgFont){LINE_FONT, "middle",
             k > 0 && !stage.empty, stage.empty ? SVG_TEXT_OF(DISABLED) : NULL, 0}, name, NULL);
    svg_group_end(s);
}

/* The name of a stage of this type, without its "?". */
static const char *plain_name(int32_t type)
{
    return stage_name(&(Stage){(StageType)type, false});
}

/* Where line, a line not in llama.cpp's default order, leaves it, and the columns it has no stage for, as a
 * sentence in text (size,): "in its own order, box after box: order[] puts min-p after temp; it has no
 * logit-bias, dry, ... or xtc stage". */
static void own_order_note(const PictureColumns *cols, const PictureLine *line, char *text, size_t size)
{
    char why[160] = "";
    size_t at = 0;
    for (size_t k = 0; k < line->n && why[0] == '\0'; k++) {
        int slot = stage_slot(line->types[k]);
        size_t c = at + 1, any = 0;
        while (c < cols->n && cols->slot[c] != slot)
            c++;
        for (size_t j = 1; j < cols->n; j++)
            any = cols->slot[j] == slot ? j : any;
        bool twice = false;
        for (size_t j = 0; j < k; j++)
            twice |= line->types[j] == line->types[k];
        if (c < cols->n)
            at = c;
        else if (twice)
            snprintf(why, sizeof why, "%s twice", plain_name(line->types[k]));
        else if (any == 0)
            snprintf(why, sizeof why, "%s, which llama.cpp's default list does not hold", plain_name(line->types[k]));
        else
            snprintf(why, sizeof why, "%s after %s", plain_name(line->types[k]), plain_name(line->types[k - 1]));
    }
    const char *missing[CHAIN_MAX_STAGES];
    size_t n = 0;
    for (size_t c = 1; c < cols->n && n < CHAIN_MAX_STAGES; c++) {
        bool has = false;
        for (size_t k = 0; k < line->n; k++)
            has |= stage_slot(line->types[k]) == cols->slot[c];
        if (!has)
            missing[n++] = plain_name(cols->slot[c]);
    }
    size_t used = (size_t)snprintf(text, size, "in its own order, box after box: %s puts %s", line->list, why);
    for (size_t i = 0; i < n && used < size; i++)
        used += (size_t)snprintf(text + used, size - used, "%s%s", i == 0 ? "; it has no " : i + 1 < n ? ", " : " or ",
                                 missing[i]);
    if (n > 0 && used < size)
        snprintf(text + used, size - used, " stage");
}

/* line's stages in its own order from y, each box as wide as its name, joined by arrows, wrapped at right (an
 * arrow leaves the last box of a row and enters the first of the next). Returns the y below them. */
static double draw_own_order(Svg *s, const PictureColumns *cols, const PictureLine *line, double y, double right)
{
    double x = cols->x[0], width = cols->width[0];
    stage_box(s, line, 0, x, y, width);
    for (size_t k = 1; k <= line->n && k <= CHAIN_MAX_STAGES; k++) {
        Stage stage = {(StageType)line->types[k - 1], line->empty[k - 1] != 0};
        double next = svg_text_width(stage_name(&stage), LINE_FONT) + 16, from = x + width + 3;
        x += width + ARROW_GAP;
        if (x + next > right) {         /* a new row: out of this one, into the next */
            arrow(s, from, from + ARROW_GAP - 6, y + BOX_HEIGHT / 2);
            y += BOX_HEIGHT + 14;
            from = cols->x[0];
            x = cols->x[0] + ARROW_GAP;
        }
        arrow(s, from, x - 3, y + BOX_HEIGHT / 2);
        width = next;
        stage_box(s, line, k, x, y, width);
    }
    return y + BOX_HEIGHT + 24;
}

/* One chain line at y: its tag and its text (wrapped to right), then its stages: in their columns, joined by
 * arrows, when the line keeps llama.cpp's default order; else a muted note on how it leaves it, and its stages
 * in its own order. Returns the y below it. */
static double draw_chain_line(Svg *s, const PictureColumns *cols, const PictureLine *line, double y, double right)
{
    double text_x = cols->x[0] + svg_text_width(line->tag, LINE_FONT) + 10, indent = line->command ? 16 : 0;
    size_t starts[64], lengths[64];
    size_t n = wrap_text(line->text, (size_t)((right - text_x - indent) / (0.6 * LINE_FONT)), line->command, starts,
                         lengths, 64);
    svg_text(s, cols->x[0], y + LINE_FONT, (SvgFont){LINE_FONT, NULL, true, NULL, 0}, line->tag, NULL);
    for (size_t i = 0; i < n && line->command; i++) {
        char text[1024];
        snprintf(text, sizeof text, "%.*s%s", (int)(lengths[i] < 1000 ? lengths[i] : 1000), line->text + starts[i],
                 i + 1 < n ? " \\" : "");
        SvgDatum d = {"command", line->series, 0, line->text};
        svg_text(s, text_x + (i > 0 ? indent : 0), y + LINE_FONT + 16 * (double)i, (SvgFont){LINE_FONT, NULL, false,
                 SVG_TEXT, 0}, text, i == 0 ? &d : NULL);
    }
    if (!line->command)         /* settings: "?top_k 0" in the disabled grey */
        n = (size_t)((picture_settings_draw(s, text_x, y + LINE_FONT, right - text_x, 16, (SvgFont){LINE_FONT, NULL,
                     false, SVG_TEXT, 0}, line->text) - y - LINE_FONT) / 16 + 1.5);
    y += 16 * (double)(n > 0 ? n : 1) + 8;
    if (!picture_line_in_order(cols, line)) {
        char note[600];
        own_order_note(cols, line, note, sizeof note);
        n = wrap_text(note, (size_t)((right - text_x) / (0.6 * LINE_FONT)), false, starts, lengths, 64);
        for (size_t i = 0; i < n; i++) {
            char text[600];
            snprintf(text, sizeof text, "%.*s", (int)(lengths[i] < 590 ? lengths[i] : 590), note + starts[i]);
            svg_text(s, text_x, y + LINE_FONT - 4 + 16 * (double)i, (SvgFont){LINE_FONT, NULL, false, SVG_MUTED, 0},
                     text, NULL);
        }
        return draw_own_order(s, cols, line, y + 16 * (double)n + 4, right);
    }
    size_t place[CHAIN_MAX_STAGES + 1] = {0};
    columns_place(cols, line, place + 1);
    for (size_t k = 0; k <= line->n; k++) {
        size_t c = place[k];
        stage_box(s, line, k, cols->x[c], y, cols->width[c]);
        if (k > 0)
            arrow(s, cols->x[place[k - 1]] + cols->width[place[k - 1]] + 3, cols->x[c] - 3, y + BOX_HEIGHT / 2);
    }
    return y + BOX_HEIGHT + 24;
}

/* The header row over the columns: each column's stage names, muted. Returns the y below it. */
static double draw_column_header(Svg *s, const PictureColumns *cols, const PictureLine *lines, size_t n_lines, double y)
{
    size_t most = 1;
    for (size_t c = 0; c < cols->n; c++) {
        const char *names[3];
        size_t n = column_names(cols, c, lines, n_lines, names);
        for (size_t i = 0; i < n; i++)
            svg_text(s, cols->x[c] + cols->width[c] / 2, y + LINE_FONT + 15 * (double)i, (SvgFont){LINE_FONT,
                     "middle", false, SVG_MUTED, 0}, names[i], NULL);
        most = n > most ? n : most;
    }
    return y + 15 * (double)most + 10;
}

/* The width of legend entry k, px: its key or sample, its words, and the room before the next. */
static double picture_key_width(const PictureKey *k)
{
    double words = svg_text_width(k->key.text, 13) + 18;
    if (k->sample == NULL)
        return 26 + words;
    return svg_text_width(k->sample, k->font.size) * (k->font.bold ? 1.15 : 1) + (k->box.stroke != NULL ? 12 : 0)
           + 8 + words;
}

double picture_legend_draw(Svg *s, double x, double y, double max_x, const PictureKey *keys, size_t n)
{
    double at = x;
    for (size_t i = 0; i < n; i++) {
        const PictureKey *k = &keys[i];
        double width = picture_key_width(k);
        if (at > x && at + width > max_x) {
            at = x;
            y += 22;
        }
        if (k->sample == NULL) {
            svg_legend(s, at, y, INFINITY, &k->key, 1);     /* svg_legend's own key, in its own group */
        } else {
            double inset = k->box.stroke != NULL ? 6 : 0;
            double sample = svg_text_width(k->sample, k->font.size) * (k->font.bold ? 1.15 : 1);
            SvgFont font = k->font;
            font.anchor = NULL;
            svg_group_begin(s, "key");
            if (k->box.stroke != NULL)
                svg_rect(s, at, y - 13, sample + 2 * inset, 18, k->box, NULL);
            svg_text(s, at + inset, y, font, k->sample, NULL);
            svg_text(s, at + sample + 2 * inset + 8, y, (SvgFont){13, NULL, false, NULL, 0}, k->key.text, NULL);
            svg_group_end(s);
        }
        at += width;
    }
    return y;
}

PictureKey picture_unread_key(void)
{
    return (PictureKey){.key = {.text = "a setting no stage acts on (none reads it, or the one that does is off: "
                                        "?name)"},
                        .sample = "?setting", .font = {13, NULL, false, SVG_TEXT_OF(DISABLED), 0}};
}

/* The legend of Example 11's boxes (samples: a stage that runs, a "?" stage where a line has one, off), and of
 * its arrows over a column where a line skips one (skip). Returns the baseline of its last row. */
static double picture_legend(Svg *s, double x, double y, double right, bool off, bool skip)
{
    PictureKey keys[] = {
        {.key = {.text = "a stage the chain runs"}, .sample = "stage", .font = {LINE_FONT, NULL, true, NULL, 0},
         .box = {SVG_COLOUR_OF(STAGE), SVG_TEXT, 1, NULL}},
        {.key = {.text = "a stage its parameters disable (llama.cpp builds it empty)"}, .sample = "?stage",
         .font = {LINE_FONT, NULL, false, SVG_TEXT_OF(DISABLED), 0}, .box = svg_disabled_style()},
        {.key = {SVG_KEY_LINE, {NULL, SVG_TEXT, 1.3, NULL}, "an arrow over a column: the chain has no such stage"}},
    };
    if (!off)
        keys[1] = keys[2];
    return picture_legend_draw(s, x, y, right, keys, (size_t)(1 + off + skip));
}

double picture_lines_draw(Svg *s, const PictureColumns *cols, const PictureLine *lines, size_t n, double y,
                          double right)
{
    for (size_t r = 0; r < n; r++) {
        if (picture_line_in_order(cols, &lines[r]) && (r == 0 || !picture_line_in_order(cols, &lines[r - 1])))
            y = draw_column_header(s, cols, lines, n, y);
        y = draw_chain_line(s, cols, &lines[r], y, right);
    }
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

/* Example 11's subtitle (size,): what a row holds, llama.cpp's default order, and how a line is drawn that keeps it
 * (any_in_order: in columns) or leaves it (any_own: in its own order). */
static void picture_chain_subtitle(char *text, size_t size, bool any_in_order, bool any_own)
{
    snprintf(text, size, "each row: a command line and the stages of its \"sampler chain:\" line, in the order "
             "common_sampler_init builds them; llama.cpp's default order: logit-bias first when a bias is set, then "
             "the default --samplers list, the draw last%s%s", any_in_order ? "; a chain in that order has its stages "
             "in columns" : "", any_own ? "; a chain whose sampler list leaves it, box after box in its own order"
                                        : "");
}

int picture_sampler_chain(Picture *pic)
{
    size_t n = pic->n_rows / 2;
    PictureLine *lines = calloc(n > 0 ? n : 1, sizeof *lines);
    char (*tags)[32] = calloc(n > 0 ? n : 1, sizeof *tags);
    bool ok = pic->path != NULL && !pic->out_of_memory && lines != NULL && tags != NULL;
    for (size_t r = 0; ok && r < n; r++) {      /* rows: the stages, then the command line's characters */
        const PictureRow *stages = &pic->rows[2 * r];
        snprintf(tags[r], sizeof tags[r], "chain %zu", r + 1);
        lines[r] = (PictureLine){tags[r], picture_row_string(&pic->rows[2 * r + 1]), true, stages->ids, stages->values,
                                 stages->n_ids, tags[r], "its sampler list"};
        ok = lines[r].text != NULL;
    }
    PictureColumns cols = {0};
    ok = ok && picture_columns_init(&cols, lines, n, 20);
    pic->out_of_memory |= pic->path != NULL && !ok;
    int status = 0;
    if (ok) {
        size_t in_order = 0;
        for (size_t r = 0; r < n; r++)
            in_order += picture_line_in_order(&cols, &lines[r]);
        char subtitle[400];
        picture_chain_subtitle(subtitle, sizeof subtitle, in_order > 0, in_order < n);
        bool skip = picture_lines_skip(&cols, lines, n), off = false;
        for (size_t r = 0; r < n; r++)
            for (size_t k = 0; k < lines[r].n; k++)
                off |= lines[r].empty[k] != 0;
        double width = fmax(900, cols.x[cols.n - 1] + cols.width[cols.n - 1] + 20);
        Svg measure = {NULL, width, 0, true};
        double legend_y = picture_chains_heading(&measure, width, "", subtitle) + 30;
        double top = picture_legend(&measure, 20, legend_y, width - 20, off, skip) + 18;
        PictureFile pf;
        double height = picture_lines_draw(&measure, &cols, lines, n, top, width - 20);
        if (picture_open(&pf, pic->file, pic->path, width, height, "the sampler chain")) {
            picture_chains_heading(&pf.svg, width, "The sampler chain of each command line, its stages in the order "
                                   "llama.cpp builds them", subtitle);
            picture_legend(&pf.svg, 20, legend_y, width - 20, off, skip);
            picture_lines_draw(&pf.svg, &cols, lines, n, top, width - 20);
        }
        status = picture_close(&pf);
    }
    for (size_t r = 0; lines != NULL && r < n; r++)
        free((char *)lines[r].text);
    free(lines);
    free(tags);
    picture_columns_free(&cols);
    return picture_finish(pic, status);
}

/* ===== Shared by Examples 12 and 13 ===== */

LessonText picture_settings_text(const SamplingParams *p, const Stage *stages, size_t n)
{
    static const SamplingSetting settings[] = {SETTING_TEMP, SETTING_TOP_K, SETTING_TOP_P, SETTING_MIN_P,
                                               SETTING_PENALTY_REPEAT};    /* penalty_repeat and _last_n */
    const char *off[5];
    for (size_t f = 0; f < 5; f++) {
        bool acts = false;
        for (size_t k = 0; k < n; k++)
            acts |= !stages[k].empty && stage_reads(stages[k].type, settings[f]);
        off[f] = acts ? "" : "?";
    }
    char text[400];         /* 4 numbers of at most 64 characters, 2 ints and the names */
    snprintf(text, sizeof text, "%stemp %s, %stop_k %d, %stop_p %s, %smin_p %s, %spenalty_repeat %s, "
             "%spenalty_last_n %d", off[0], lesson_number(p->temp, 1).text, off[1], (int)p->top_k, off[2],
             lesson_number(p->top_p, 1).text, off[3], lesson_number(p->min_p, 1).text, off[4],
             lesson_number(p->penalty_repeat, 1).text, off[4], (int)p->penalty_last_n);
    LessonText t = {""};
    lesson_text_add(&t, text, strlen(text));
    return t;
}

double picture_settings_draw(Svg *s, double x, double y, double width, double line_height, SvgFont font,
                             const char *text)
{
    double at = x, gap = 0.3 * font.size;    /* each item right after the last, as svg_text_width measures it */
    while (*text != '\0') {
        const char *end = strstr(text, ", ");
        size_t length = end != NULL ? (size_t)(end - text) : strlen(text);
        char item[200];
        snprintf(item, sizeof item, "%.*s%s", (int)(length < 190 ? length : 190), text, end != NULL ? "," : "");
        double w = svg_text_width(item, font.size);
        if (at > x && at + w > x + width) {     /* the line is full: the next starts with item */
            at = x;
            y += line_height;
        }
        SvgFont f = font;
        f.colour = item[0] == '?' ? SVG_TEXT_OF(DISABLED) : font.colour;
        svg_text(s, at, y, f, item, NULL);
        at += w + gap;
        text += length;
        text += strspn(text, ", ");
    }
    return y;
}

bool picture_stage_marks(StageType type)
{
    return type == STAGE_PENALTIES || type == STAGE_DRY || type == STAGE_LOGIT_BIAS;
}

size_t picture_survivors(const TokenData *data, size_t n, TokenData *out)
{
    memcpy(out, data, n * sizeof *data);
    Candidates c = {out, n, -1, false};
    candidates_softmax(&c, true);       /* best-effort: all -inf leaves every p 0, and nothing is drawn */
    size_t k = 0;
    while (k < n && out[k].logit > -INFINITY)
        k++;
    return k;
}
