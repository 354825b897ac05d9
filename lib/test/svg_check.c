/* svg_check.c: is a file well-formed XML, does any text of the picture collide, and what values does it draw?
 * A test tool for the lessons' pictures (lib/test/test_pictures.sh); our own code, no libraries.
 *
 * usage: svg_check FILE          exit 0 when FILE is well-formed XML 1.0 and no text collides, else 1 with one
 *                                "FILE:LINE: reason" per fault on stderr
 *        svg_check --xml FILE    only the XML check
 *        svg_check --colours FILE  the XML check, then the colours: one "FILE:LINE: reason" per fault, exit 1
 *        svg_check --data FILE   the XML check, then one line per drawn value: series TAB label TAB value TAB the
 *                                element that draws it (rect, text, line, ...), for
 *                                each element with data-series (data-label, data-value), and for each number of
 *                                a data-values list (the label is its index, from 0); entities decoded
 *
 * Well-formed here means what XML 1.0 (fifth edition) asks of a document without a DTD: one root element,
 * properly nested and closed; names that start with a letter, '_' or ':' (or any non-ASCII byte); attribute
 * values in quotes, without '<', and unique within their element; '&' only as &amp; &lt; &gt; &quot; &apos; or
 * a character reference; no "]]>" in text; comments without "--"; nothing but comments, processing
 * instructions and blanks outside the root; no control characters but tab, newline and carriage return; valid
 * UTF-8. A <!DOCTYPE> is refused: our pictures have none, and checking one is beyond this tool.
 *
 * Collisions, the pictures' rule (lib/picture/svg.h): a <text> is a box 0.6 x font-size wide per character (as
 * svg_text_width estimates it) and from 0.8 x font-size above its baseline to 0.2 x font-size below, placed by
 * its text-anchor (start, middle, end) and turned by its transform's rotate(a cx cy), a a multiple of 90
 * degrees; font-size, text-anchor and fill are inherited (14 px unless an element around it says otherwise, as
 * svg_begin's <svg> says 14). It collides when
 *   (a) it overlaps another text's box;
 *   (b) it crosses a shape (rect, line, circle, polygon, polyline) that is not in its own innermost <g> and not
 *       inside a <g class="grid">: a filled shape by its area, an unfilled one (fill="none") by its outline, a
 *       line or polyline by its path (stroke widths are not counted); a rect covering the whole canvas (the
 *       background) is ignored; a text outside any <g> may touch no shape;
 *   (c) it crosses the canvas edge, the root's width and height (not checked when the root gives none).
 * Touching is not crossing. A transform other than a text's rotate() is refused: this checker does not follow it.
 *
 * Colours (--colours), the pictures' palette (lib/picture/palette.h, the one table this checker is linked with):
 *   (d) every fill and stroke of a shape (and the root's) is "none" or a colour of svg_palette or svg_series: one
 *       colour, one meaning, in every picture;
 *   (e) every text is written in a text shade of the table (its .text: ink, muted, white, or a darker shade of a
 *       meaning's hue), never in a fill colour too light for text;
 *   (f) every text reaches 4.5:1 contrast (WCAG 2) against what it sits on: the fill of the last filled shape (rect,
 *       circle, polygon) drawn before it that holds the centre of its box, or else the canvas (a rect covering it
 *       all; white when there is none).
 *   (g) every colour of a legend's entry (a <g class="key">: its shapes' fills and strokes, a sample text's colour)
 *       is drawn outside the legends too, so that a legend names only what the picture draws (ink and white
 *       aside: they are the text's and the background's).
 * Colours are "#RGB" or "#RRGGBB", in either case; a fill or stroke inherited from an element around a text
 * counts as the text's.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "picture/palette.h"

#define MAX_DEPTH 256
#define MAX_ATTRIBUTES 64
#define MAX_VALUE 65536     /* bytes of one attribute value, with its end: a longer one is refused, never cut */
#define EPS 1e-6            /* px: boxes that share an edge (to rounding) touch, they do not cross */
#define NO_TEXT SIZE_MAX

typedef struct {
    double x0, y0, x1, y1;  /* px, x0 <= x1, y0 <= y1 */
} Box;

/* What an element inherits from the elements around it. */
typedef struct {
    size_t group;           /* its innermost <g>, numbered from 1 in document order; 0: none */
    bool grid;              /* inside a <g class="grid"> */
    double font_size;       /* px */
    char anchor[8];         /* text-anchor */
    bool filled;            /* fill is not "none" */
    char fill[16];          /* its fill, as written ("none", "#0072B2") */
    char stroke[16];        /* its stroke, as written ("" for none) */
    bool key;               /* inside a <g class="key">: an entry of a legend */
} Context;

/* A shape that may stand in a text's way: a circle (r > 0), or the path through n points from points[first],
 * closed (rect, polygon) or not (line, polyline). */
typedef struct {
    char tag[10];
    size_t line, group, first, n;
    bool grid, closed, filled;
    double cx, cy, r;       /* px, a circle's */
    char data[128];         /* its data-series and data-label, quoted, for the message */
    char fill[16];          /* its fill, as written */
    char stroke[16];        /* its stroke, as written ("" for none) */
    bool key;               /* in a legend's entry */
} Shape;

typedef struct {
    size_t line, group;
    double x, y;            /* px, as written */
    double size, angle;     /* font-size px; the rotate() angle in degrees, clockwise on screen */
    double cx, cy;          /* px, the centre of the rotation */
    char anchor[8];
    char text[96];          /* its characters (the start, for the message) */
    bool cut;               /* text holds only the start */
    size_t chars;           /* how many characters (UTF-8 sequences and references) */
    Box box;                /* set at </text> */
    char fill[16];          /* its colour, as written or inherited */
    size_t shapes_before;   /* the shapes drawn before it: what it may sit on */
    bool key;               /* in a legend's entry */
} Text;

typedef struct {
    const char *file;
    const char *s;          /* the whole document, NUL-terminated */
    size_t at;              /* where the parser is */
    bool data;              /* print the drawn values */
    bool collisions;        /* refuse a transform the collision check cannot follow */
    bool colours;           /* check the colours (--colours) */
    size_t colour_faults;   /* fills and strokes outside the palette, found while parsing */
    char paper[16];         /* the canvas's colour: its background rect's fill */
    size_t depth;           /* elements open */
    Context context[MAX_DEPTH + 1];     /* [d]: what an element at depth d inherits */
    size_t groups;          /* <g> elements seen */
    double width, height;   /* px, the canvas (the root's width and height; 0 when not given) */
    Shape *shapes;
    size_t n_shapes, shapes_cap;
    double (*points)[2];    /* the paths' points, px */
    size_t n_points, points_cap;
    Text *texts;
    size_t n_texts, texts_cap;
    size_t open_text;       /* the <text> whose characters are being read, NO_TEXT outside one */
    size_t counted, line;   /* line_here: the line at s[counted] */
} Parser;

/* Reports a fault at the parser's place and exits 1. */
static void fail(const Parser *p, const char *reason)
{
    size_t line = 1, col = 1;
    for (size_t i = 0; i < p->at && p->s[i] != '\0'; i++) {
        line += p->s[i] == '\n';
        col = p->s[i] == '\n' ? 1 : col + 1;
    }
    fprintf(stderr, "%s:%zu:%zu: %s\n", p->file, line, col, reason);
    exit(1);
}

/* The line of the parser's place, from 1 (counted on from where the last call counted to). */
static size_t line_here(Parser *p)
{
    for (; p->counted < p->at && p->s[p->counted] != '\0'; p->counted++)
        p->line += p->s[p->counted] == '\n';
    return p->line;
}

/* Room for item n in *array (*cap items of size bytes), grown as needed; exits 2 when memory runs out. */
static void *room(void *array, size_t n, size_t *cap, size_t size)
{
    if (n < *cap)
        return array;
    *cap = *cap > 0 ? 2 * *cap : 64;
    void *grown = realloc(array, *cap * size);
    if (grown == NULL) {
        fprintf(stderr, "svg_check: out of memory\n");
        exit(2);
    }
    return grown;
}

static bool name_start(unsigned char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' || c == ':' || c >= 0x80;
}

static bool name_char(unsigned char c)
{
    return name_start(c) || (c >= '0' && c <= '9') || c == '-' || c == '.';
}

static void skip_blanks(Parser *p)
{
    while (strchr(" \t\r\n", p->s[p->at]) != NULL && p->s[p->at] != '\0')
        p->at++;
}

/* A name at the parser's place: its length (0 when there is none). */
static size_t name_length(const Parser *p)
{
    size_t n = 0;
    if (!name_start((unsigned char)p->s[p->at]))
        return 0;
    while (name_char((unsigned char)p->s[p->at + n]))
        n++;
    return n;
}

/* Checks a reference at p->at ('&'); appends what it stands for to out (size bytes) when out is not NULL. */
static void reference(Parser *p, char *out, size_t size)
{
    static const char *const names[] = {"amp;", "lt;", "gt;", "quot;", "apos;"};
    static const char chars[] = "&<>\"'";
    const char *r = p->s + p->at + 1;
    char decoded[8] = "";
    for (size_t i = 0; i < 5 && decoded[0] == '\0'; i++)
        if (strncmp(r, names[i], strlen(names[i])) == 0) {
            decoded[0] = chars[i];
            p->at += 1 + strlen(names[i]);
        }
    if (decoded[0] == '\0' && r[0] == '#') {
        bool hex = r[1] == 'x';
        size_t n = 0;
        unsigned long code = 0;
        const char *digits = hex ? "0123456789abcdef" : "0123456789";
        for (const char *d; n < 8; n++) {
            char c = r[1 + hex + n];
            if (c == '\0' || (d = strchr(digits, hex && c >= 'A' && c <= 'F' ? c - 'A' + 'a' : c)) == NULL)
                break;
            code = code * (hex ? 16 : 10) + (unsigned long)(d - digits);
        }
        bool control = code < 0x20 && code != '\t' && code != '\n' && code != '\r';
        if (n == 0 || r[1 + hex + n] != ';' || code == 0 || code > 0x10FFFF || control)
            fail(p, "a character reference that is not a character");
        decoded[0] = code < 0x80 ? (char)code : '?';     /* the tests only read ASCII back */
        p->at += 2 + hex + n + 1;
    }
    if (decoded[0] == '\0')
        fail(p, "'&' that starts no reference (write &amp;)");
    size_t used = out != NULL ? strlen(out) : 0;
    if (out != NULL && used + 1 >= size)
        fail(p, "an attribute value longer than this checker reads (65535 bytes)");
    if (out != NULL) {
        out[used] = decoded[0];
        out[used + 1] = '\0';
    }
}

/* One character of content or of an attribute value: checks control characters and UTF-8, returns its bytes. */
static size_t character(Parser *p)
{
    const unsigned char *c = (const unsigned char *)p->s + p->at;
    if (c[0] < 0x20 && !strchr("\t\n\r", c[0]))
        fail(p, "a control character, which XML 1.0 does not allow");
    if (c[0] < 0x80)
        return 1;
    size_t n = c[0] >= 0xF0 && c[0] <= 0xF4 ? 4 : c[0] >= 0xE0 ? 3 : c[0] >= 0xC2 && c[0] < 0xE0 ? 2 : 0;
    for (size_t i = 1; i < n; i++)
        if ((c[i] & 0xC0) != 0x80)
            n = 0;
    if (n == 0)
        fail(p, "bytes that are not UTF-8");
    return n;
}

/* An attribute value in quotes at p->at, decoded into out (size bytes). */
static void attribute_value(Parser *p, char *out, size_t size)
{
    char quote = p->s[p->at];
    if (quote != '"' && quote != '\'')
        fail(p, "an attribute value without quotes");
    p->at++;
    out[0] = '\0';
    size_t used = 0;
    while (p->s[p->at] != quote) {
        if (p->s[p->at] == '\0')
            fail(p, "an attribute value that never ends");
        if (p->s[p->at] == '<')
            fail(p, "'<' in an attribute value");
        if (p->s[p->at] == '&') {
            reference(p, out, size);
            used = strlen(out);
            continue;
        }
        size_t n = character(p);
        if (used + n >= size)
            fail(p, "an attribute value longer than this checker reads (65535 bytes)");
        memcpy(out + used, p->s + p->at, n);
        used += n;
        out[used] = '\0';
        p->at += n;
    }
    p->at++;
}

/* Prints the drawn values of element `element` (--data): data-series with data-label and data-value, or
 * data-values, each line ending with the element's name (rect, text, line, ...). */
static void print_data(const char *element, char names[][64], char values[][MAX_VALUE], size_t n)
{
    const char *series = NULL, *label = "", *value = NULL, *list = NULL;
    for (size_t i = 0; i < n; i++) {
        series = strcmp(names[i], "data-series") == 0 ? values[i] : series;
        label = strcmp(names[i], "data-label") == 0 ? values[i] : label;
        value = strcmp(names[i], "data-value") == 0 ? values[i] : value;
        list = strcmp(names[i], "data-values") == 0 ? values[i] : list;
    }
    if (series != NULL && value != NULL)
        printf("%s\t%s\t%s\t%s\n", series, label, value, element);
    for (size_t k = 0; series != NULL && list != NULL && *list != '\0'; k++) {
        size_t length = strcspn(list, " ");
        printf("%s\t%zu\t%.*s\t%s\n", series, k, (int)length, list, element);
        list += length + (list[length] == ' ');
    }
}

/* ===== What the elements draw, for the collision check ===== */

/* The value of attribute `name` among the n read, NULL when the element has none. */
static const char *attribute(char names[][64], char values[][MAX_VALUE], size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0)
            return values[i];
    return NULL;
}

/* An attribute's number (px): 0 when the attribute is missing. */
static double number(char names[][64], char values[][MAX_VALUE], size_t n, const char *name)
{
    const char *v = attribute(names, values, n, name);
    return v != NULL ? strtod(v, NULL) : 0;
}

static void add_point(Parser *p, double x, double y)
{
    p->points = room(p->points, p->n_points, &p->points_cap, sizeof p->points[0]);
    p->points[p->n_points][0] = x;
    p->points[p->n_points++][1] = y;
}

/* A points list ("x,y x,y ..."), commas or blanks between the numbers; stops at the first that is none. */
static void add_points(Parser *p, const char *list)
{
    double xy[2];
    int k = 0;
    for (char *end; *(list += strspn(list, " ,\t\r\n")) != '\0'; list = end) {
        xy[k] = strtod(list, &end);
        if (end == list)
            return;
        if (++k == 2) {
            add_point(p, xy[0], xy[1]);
            k = 0;
        }
    }
}

/* Reads a transform "rotate(angle [cx cy])", angle a multiple of 90 degrees, into angle and (cx, cy); returns
 * false for any other transform. */
static bool rotation(const char *transform, double *angle, double *cx, double *cy)
{
    char copy[256];
    int used = 0;
    snprintf(copy, sizeof copy, "%s", transform);
    for (char *c = copy; *c != '\0'; c++)
        *c = *c == ',' ? ' ' : *c;
    *cx = *cy = 0;
    bool read = sscanf(copy, " rotate ( %lf %lf %lf ) %n", angle, cx, cy, &used) == 3 && copy[used] == '\0';
    if (!read) {
        used = 0;
        read = sscanf(copy, " rotate ( %lf ) %n", angle, &used) == 1 && used > 0 && copy[used] == '\0';
    }
    return read && *angle > -1e6 && *angle < 1e6 && *angle / 90 == (double)(long)(*angle / 90);
}

/* A shape of the element being read, its data-series and data-label quoted for the messages. */
static void add_shape(Parser *p, const char *tag, const Context *c, char names[][64], char values[][MAX_VALUE],
                      size_t n, size_t first, bool closed)
{
    p->shapes = room(p->shapes, p->n_shapes, &p->shapes_cap, sizeof p->shapes[0]);
    Shape *sh = &p->shapes[p->n_shapes++];
    *sh = (Shape){.line = line_here(p), .group = c->group, .first = first, .n = p->n_points - first,
                  .grid = c->grid, .closed = closed, .filled = c->filled};
    snprintf(sh->tag, sizeof sh->tag, "%s", tag);
    snprintf(sh->fill, sizeof sh->fill, "%s", c->fill);
    snprintf(sh->stroke, sizeof sh->stroke, "%s", c->stroke);
    sh->key = c->key;
    const char *series = attribute(names, values, n, "data-series"), *label = attribute(names, values, n, "data-label");
    if (series != NULL)
        snprintf(sh->data, sizeof sh->data, " \"%.50s\" \"%.50s\"", series, label != NULL ? label : "");
    if (strcmp(tag, "circle") == 0) {
        sh->cx = number(names, values, n, "cx");
        sh->cy = number(names, values, n, "cy");
        sh->r = number(names, values, n, "r");
    }
}

/* ===== The palette (--colours) ===== */

/* colour ("#RGB" or "#RRGGBB", any case) as "#RRGGBB" in upper case, in out (16 bytes); "" when it is none. */
static const char *colour_key(const char *colour, char *out)
{
    size_t n = colour[0] == '#' ? strlen(colour + 1) : 0;
    out[0] = '\0';
    if ((n != 3 && n != 6) || strspn(colour + 1, "0123456789abcdefABCDEF") != n)
        return out;
    out[0] = '#';
    for (size_t i = 0; i < 6; i++) {
        char c = colour[1 + (n == 6 ? i : i / 2)];
        out[1 + i] = c >= 'a' && c <= 'f' ? (char)(c - 'a' + 'A') : c;
    }
    out[7] = '\0';
    return out;
}

/* Whether colour is one of the palette's (svg_palette and svg_series): a fill or stroke colour (text false), or a
 * text shade (text true). */
static bool in_palette(const char *colour, bool text)
{
    char key[16], entry[16];
    colour_key(colour, key);
    for (size_t i = 0; key[0] != '\0' && i < SVG_N_PAINTS + SVG_N_SERIES; i++) {
        const SvgPaint *paint = i < SVG_N_PAINTS ? &svg_palette[i] : &svg_series[i - SVG_N_PAINTS];
        if (strcmp(key, colour_key(text ? paint->text : paint->colour, entry)) == 0)
            return true;
    }
    return false;
}

/* Checks the fill and stroke an element writes (d): each "none" or a colour of the palette; a text's fill is
 * checked as a text's colour, at its end (e). */
static void check_paints(Parser *p, const char *tag, char names[][64], char values[][MAX_VALUE], size_t n)
{
    static const char *const paints[] = {"fill", "stroke"};
    for (size_t k = 0; k < 2; k++) {
        const char *v = attribute(names, values, n, paints[k]);
        if (v == NULL || strcmp(v, "none") == 0 || (k == 0 && strcmp(tag, "text") == 0))
            continue;
        if (!in_palette(v, false)) {
            p->colour_faults++;
            fprintf(stderr, "%s:%zu: <%s> %s=\"%.20s\" is no colour of the palette (lib/picture/palette.c)\n", p->file,
                    line_here(p), tag, paints[k], v);
        }
    }
}

/* What a start tag draws, and what its children inherit; called before p->depth counts the element. */
static void element(Parser *p, const char *tag, char names[][64], char values[][MAX_VALUE], size_t n, bool empty)
{
    Context c = p->context[p->depth];
    const char *v;
    if ((v = attribute(names, values, n, "font-size")) != NULL)
        c.font_size = strtod(v, NULL);
    if ((v = attribute(names, values, n, "text-anchor")) != NULL)
        snprintf(c.anchor, sizeof c.anchor, "%s", v);
    if ((v = attribute(names, values, n, "fill")) != NULL) {
        c.filled = strcmp(v, "none") != 0;
        snprintf(c.fill, sizeof c.fill, "%s", v);
    }
    if ((v = attribute(names, values, n, "stroke")) != NULL)
        snprintf(c.stroke, sizeof c.stroke, "%s", strcmp(v, "none") == 0 ? "" : v);
    if (p->colours)
        check_paints(p, tag, names, values, n);
    if (strcmp(tag, "g") == 0) {
        c.group = ++p->groups;
        v = attribute(names, values, n, "class");
        c.grid = c.grid || (v != NULL && strcmp(v, "grid") == 0);
        c.key = c.key || (v != NULL && strcmp(v, "key") == 0);
    }
    if (p->depth == 0) {
        p->width = number(names, values, n, "width");
        p->height = number(names, values, n, "height");
    }
    double angle = 0, cx = 0, cy = 0;
    v = attribute(names, values, n, "transform");
    if (v != NULL && p->collisions && (strcmp(tag, "text") != 0 || !rotation(v, &angle, &cx, &cy)))
        fail(p, "a transform that the collision check does not follow (it reads a <text>'s rotate() by a "
                "multiple of 90 degrees, nothing else)");
    double x = number(names, values, n, "x"), y = number(names, values, n, "y");
    double w = number(names, values, n, "width"), h = number(names, values, n, "height");
    size_t first = p->n_points;
    bool background = p->width > 0 && x <= 0 && y <= 0 && x + w >= p->width && y + h >= p->height;
    if (strcmp(tag, "rect") == 0 && background && c.filled)
        snprintf(p->paper, sizeof p->paper, "%s", c.fill);
    if (strcmp(tag, "rect") == 0 && !background) {
        add_point(p, x, y);
        add_point(p, x + w, y);
        add_point(p, x + w, y + h);
        add_point(p, x, y + h);
        add_shape(p, tag, &c, names, values, n, first, true);
    } else if (strcmp(tag, "line") == 0) {
        add_point(p, number(names, values, n, "x1"), number(names, values, n, "y1"));
        add_point(p, number(names, values, n, "x2"), number(names, values, n, "y2"));
        add_shape(p, tag, &c, names, values, n, first, false);
    } else if (strcmp(tag, "polygon") == 0 || strcmp(tag, "polyline") == 0) {
        add_points(p, (v = attribute(names, values, n, "points")) != NULL ? v : "");
        add_shape(p, tag, &c, names, values, n, first, strcmp(tag, "polygon") == 0);
    } else if (strcmp(tag, "circle") == 0) {
        add_shape(p, tag, &c, names, values, n, first, true);
    } else if (strcmp(tag, "text") == 0 && !empty) {
        p->texts = room(p->texts, p->n_texts, &p->texts_cap, sizeof p->texts[0]);
        p->texts[p->n_texts] = (Text){.line = line_here(p), .group = c.group, .x = x, .y = y, .size = c.font_size,
                                      .angle = angle, .cx = cx, .cy = cy, .shapes_before = p->n_shapes,
                                      .key = c.key};
        snprintf(p->texts[p->n_texts].fill, sizeof c.fill, "%s", c.fill);
        snprintf(p->texts[p->n_texts].anchor, sizeof c.anchor, "%s", c.anchor);
        p->open_text = p->n_texts++;
    }
    if (!empty)
        p->context[p->depth + 1] = c;
}

/* One character (its n bytes) of the open text. */
static void add_character(Parser *p, const char *bytes, size_t n)
{
    Text *t = &p->texts[p->open_text];
    size_t used = strlen(t->text);
    if (used + n < sizeof t->text)
        memcpy(t->text + used, bytes, n);     /* the rest of text is still zeros */
    else
        t->cut = true;
    t->chars++;
}

static double min(double a, double b)
{
    return a < b ? a : b;
}

static double max(double a, double b)
{
    return a > b ? a : b;
}

/* The box of the text just closed: 0.6 em a character, from 0.8 em above the baseline to 0.2 em below, placed
 * by its anchor, then turned about its rotation's centre by its quarter turns. */
static void close_text(Parser *p)
{
    Text *t = &p->texts[p->open_text];
    double w = 0.6 * t->size * (double)t->chars;
    double x0 = strcmp(t->anchor, "middle") == 0 ? t->x - w / 2 : strcmp(t->anchor, "end") == 0 ? t->x - w : t->x;
    Box b = {x0 - t->cx, t->y - 0.8 * t->size - t->cy, x0 + w - t->cx, t->y + 0.2 * t->size - t->cy};
    long turns = ((long)(t->angle / 90) % 4 + 4) % 4;
    for (long i = 0; i < turns; i++)    /* SVG's rotate(90): (x, y) to (-y, x), clockwise on screen */
        b = (Box){-b.y1, b.x0, -b.y0, b.x1};
    t->box = (Box){b.x0 + t->cx, b.y0 + t->cy, b.x1 + t->cx, b.y1 + t->cy};
    p->open_text = NO_TEXT;
}

/* A start tag (or an empty-element tag) at p->at ('<'): writes its name to name; returns true for an empty one. */
static bool start_tag(Parser *p, char *name, size_t size)
{
    static char names[MAX_ATTRIBUTES][64], values[MAX_ATTRIBUTES][MAX_VALUE];
    p->at++;
    size_t n = name_length(p), n_attributes = 0;
    if (n == 0 || n >= size)
        fail(p, "a tag without a name (or one too long)");
    snprintf(name, size, "%.*s", (int)n, p->s + p->at);
    p->at += n;
    for (;;) {
        size_t before = p->at;
        skip_blanks(p);
        if (p->s[p->at] == '>' || (p->s[p->at] == '/' && p->s[p->at + 1] == '>'))
            break;
        n = name_length(p);
        if (n == 0 || p->at == before)
            fail(p, n == 0 ? "an attribute without a name, or a tag that does not close"
                           : "no blank before an attribute");
        if (n >= sizeof names[0] || n_attributes == MAX_ATTRIBUTES)
            fail(p, "an attribute name too long, or too many attributes, for this checker");
        snprintf(names[n_attributes], sizeof names[0], "%.*s", (int)n, p->s + p->at);
        for (size_t i = 0; i < n_attributes; i++)
            if (strcmp(names[i], names[n_attributes]) == 0)
                fail(p, "the same attribute twice in one element");
        p->at += n;
        skip_blanks(p);
        if (p->s[p->at] != '=')
            fail(p, "an attribute without '='");
        p->at++;
        skip_blanks(p);
        attribute_value(p, values[n_attributes++], sizeof values[0]);
    }
    if (p->data)
        print_data(name, names, values, n_attributes);
    bool empty = p->s[p->at] == '/';
    element(p, name, names, values, n_attributes, empty);
    p->at += empty ? 2 : 1;
    return empty;
}

/* Skips what starts with `open` and ends with `close` (a comment, a PI, CDATA); comments may not hold "--". */
static void skip_until(Parser *p, const char *open, const char *close, const char *what)
{
    const char *end = strstr(p->s + p->at + strlen(open), close);
    if (end == NULL)
        fail(p, what);
    if (strcmp(open, "<!--") == 0) {
        const char *dashes = strstr(p->s + p->at + 4, "--");
        if (dashes != end)
            fail(p, "\"--\" inside a comment");
    }
    p->at = (size_t)(end - p->s) + strlen(close);
}

static void parse(Parser *p)
{
    char stack[MAX_DEPTH][128];
    bool seen_root = false;
    if (strncmp(p->s, "\xEF\xBB\xBF", 3) == 0)      /* a byte-order mark */
        p->at = 3;
    while (p->s[p->at] != '\0') {
        const char *c = p->s + p->at;
        size_t depth = p->depth;
        if (strncmp(c, "<!--", 4) == 0) {
            skip_until(p, "<!--", "-->", "a comment that never ends");
        } else if (strncmp(c, "<?", 2) == 0) {
            skip_until(p, "<?", "?>", "a processing instruction that never ends");
        } else if (strncmp(c, "<![CDATA[", 9) == 0) {
            if (depth == 0)
                fail(p, "CDATA outside the root element");
            skip_until(p, "<![CDATA[", "]]>", "a CDATA section that never ends");
        } else if (strncmp(c, "<!", 2) == 0) {
            fail(p, "a <!DOCTYPE> or other declaration, which this checker does not read");
        } else if (strncmp(c, "</", 2) == 0) {
            p->at += 2;
            size_t n = name_length(p);
            if (depth == 0 || n != strlen(stack[depth - 1]) || strncmp(p->s + p->at, stack[depth - 1], n) != 0)
                fail(p, depth == 0 ? "an end tag with no element open"
                                   : "an end tag that does not match the open element");
            p->at += n;
            skip_blanks(p);
            if (p->s[p->at] != '>')
                fail(p, "an end tag that does not close with '>'");
            p->at++;
            if (p->open_text != NO_TEXT && strcmp(stack[depth - 1], "text") == 0)
                close_text(p);
            p->depth--;
        } else if (c[0] == '<') {
            if (depth == 0 && seen_root)
                fail(p, "a second root element");
            if (depth == MAX_DEPTH)
                fail(p, "elements nested deeper than this checker follows");
            seen_root = true;
            if (!start_tag(p, stack[depth], sizeof stack[0]))
                p->depth++;
        } else if (c[0] == '&') {
            if (depth == 0)
                fail(p, "a reference outside the root element");
            char decoded[8] = "";
            reference(p, decoded, sizeof decoded);
            if (p->open_text != NO_TEXT)
                add_character(p, decoded, strlen(decoded));
        } else {
            if (strncmp(c, "]]>", 3) == 0)
                fail(p, "\"]]>\" in text");
            if (depth == 0 && strchr(" \t\r\n", c[0]) == NULL)
                fail(p, "text outside the root element");
            size_t n = character(p);
            if (p->open_text != NO_TEXT)
                add_character(p, c, n);
            p->at += n;
        }
    }
    if (p->depth > 0)
        fail(p, "the document ends with an element still open");
    if (!seen_root)
        fail(p, "no root element");
}

/* ===== The collision check ===== */

/* Do the boxes overlap by more than touching? */
static bool overlap(Box a, Box b)
{
    return a.x0 < b.x1 - EPS && b.x0 < a.x1 - EPS && a.y0 < b.y1 - EPS && b.y0 < a.y1 - EPS;
}

/* Does the segment from a to z enter the box by more than touching it? (Liang and Barsky's clipping.) */
static bool segment_crosses(Box b, const double a[2], const double z[2])
{
    double dx = z[0] - a[0], dy = z[1] - a[1], t0 = 0, t1 = 1;
    const double d[4] = {-dx, dx, -dy, dy};
    const double room_left[4] = {a[0] - b.x0 - EPS, b.x1 - EPS - a[0], a[1] - b.y0 - EPS, b.y1 - EPS - a[1]};
    for (int i = 0; i < 4; i++) {
        if (d[i] == 0) {
            if (room_left[i] < 0)
                return false;           /* parallel to this edge, and outside it */
            continue;
        }
        double t = room_left[i] / d[i];
        if (d[i] < 0 && t > t0)
            t0 = t;
        if (d[i] > 0 && t < t1)
            t1 = t;
    }
    return t0 <= t1;
}

/* Is (x, y) inside the closed path of n points (even-odd rule)? */
static bool inside(const double (*pt)[2], size_t n, double x, double y)
{
    bool in = false;
    for (size_t i = 0, j = n - 1; i < n; j = i++)
        if ((pt[i][1] > y) != (pt[j][1] > y)
            && x < pt[j][0] + (y - pt[j][1]) * (pt[i][0] - pt[j][0]) / (pt[i][1] - pt[j][1]))
            in = !in;
    return in;
}

/* Does the shape cross box b: a filled one by its area, an unfilled one by its outline or path? */
static bool crosses(const Parser *p, const Shape *sh, Box b)
{
    if (strcmp(sh->tag, "circle") == 0) {     /* squared distances: to the box's nearest and farthest points */
        double nx = max(b.x0, min(sh->cx, b.x1)) - sh->cx, ny = max(b.y0, min(sh->cy, b.y1)) - sh->cy;
        double fx = max(b.x1 - sh->cx, sh->cx - b.x0), fy = max(b.y1 - sh->cy, sh->cy - b.y0);
        double r_in = max(sh->r - EPS, 0), r_out = sh->r + EPS;
        return nx * nx + ny * ny < r_in * r_in && (sh->filled || fx * fx + fy * fy > r_out * r_out);
    }
    const double (*pt)[2] = (const double (*)[2])p->points + sh->first;
    for (size_t i = 0; sh->n > 0 && i + 1 < sh->n + sh->closed; i++)
        if (segment_crosses(b, pt[i], pt[(i + 1) % sh->n]))
            return true;
    return sh->closed && sh->filled && sh->n > 2 && inside(pt, sh->n, (b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2);
}

/* "text "0.036" at (x, y)" */
static const char *text_name(const Text *t, char *out, size_t size)
{
    snprintf(out, size, "text \"%s%s\" at (%g, %g)", t->text, t->cut ? "..." : "", t->x, t->y);
    return out;
}

/* "rect (x0,y0)-(x1,y1)", "line (x1,y1)-(x2,y2)", "polyline (x,y)-(x,y)-(x,y)-...", "circle (cx,cy) r R", with
 * its data-series and data-label, and its line in the file. */
static const char *shape_name(const Parser *p, const Shape *sh, char *out, size_t size)
{
    const double (*pt)[2] = (const double (*)[2])p->points + sh->first;
    int used = snprintf(out, size, "%s ", sh->tag);
    if (strcmp(sh->tag, "circle") == 0)
        used += snprintf(out + used, size - (size_t)used, "(%g,%g) r %g", sh->cx, sh->cy, sh->r);
    for (size_t i = 0; i < sh->n && i < 4 && (size_t)used < size; i += strcmp(sh->tag, "rect") == 0 ? 2 : 1)
        used += snprintf(out + used, size - (size_t)used, "%s(%g,%g)", i ? "-" : "", pt[i][0], pt[i][1]);
    if ((size_t)used < size)
        snprintf(out + used, size - (size_t)used, "%s%s (line %zu)", sh->n > 4 ? "-..." : "", sh->data, sh->line);
    return out;
}

/* Prints each collision of the picture's texts as "FILE:LINE: what"; returns how many there are. */
static size_t check_collisions(const Parser *p)
{
    size_t found = 0;
    char a[256], b[256];
    for (size_t i = 0; i < p->n_texts; i++) {
        const Text *t = &p->texts[i];
        Box box = t->box;
        if (t->chars == 0)
            continue;
        text_name(t, a, sizeof a);
        if (p->width > 0 && p->height > 0
            && (box.x0 < -EPS || box.y0 < -EPS || box.x1 > p->width + EPS || box.y1 > p->height + EPS)) {
            found++;
            fprintf(stderr, "%s:%zu: %s crosses the canvas edge (its box %g..%g x %g..%g, the canvas %g x %g)\n",
                    p->file, t->line, a, box.x0, box.x1, box.y0, box.y1, p->width, p->height);
        }
        for (size_t j = i + 1; j < p->n_texts; j++)
            if (p->texts[j].chars > 0 && overlap(box, p->texts[j].box)) {
                found++;
                fprintf(stderr, "%s:%zu: %s overlaps %s (line %zu)\n", p->file, t->line, a,
                        text_name(&p->texts[j], b, sizeof b), p->texts[j].line);
            }
        for (size_t k = 0; k < p->n_shapes; k++) {
            const Shape *sh = &p->shapes[k];
            if (!sh->grid && (sh->group == 0 || sh->group != t->group) && crosses(p, sh, box)) {
                found++;
                fprintf(stderr, "%s:%zu: %s crosses %s, which is not in its <g>\n", p->file, t->line, a,
                        shape_name(p, sh, b, sizeof b));
            }
        }
    }
    return found;
}

/* ===== The colours' check ===== */

/* Whether the filled shape sh holds the point (x, y): a circle by its radius, a closed path by its area. */
static bool holds(const Parser *p, const Shape *sh, double x, double y)
{
    if (!sh->filled || !sh->closed)
        return false;
    if (strcmp(sh->tag, "circle") == 0)
        return (x - sh->cx) * (x - sh->cx) + (y - sh->cy) * (y - sh->cy) <= sh->r * sh->r;
    const double (*pt)[2] = (const double (*)[2])p->points + sh->first;
    return sh->n > 2 && inside(pt, sh->n, x, y);
}

/* Whether colour is drawn outside the legends: a fill or stroke of a shape, or a text's colour (text true), in no
 * <g class="key">. Colours compare as colour_key writes them. */
static bool drawn_outside_keys(const Parser *p, const char *colour, bool text)
{
    char key[16], other[16];
    colour_key(colour, key);
    for (size_t k = 0; !text && k < p->n_shapes; k++)
        if (!p->shapes[k].key && (strcmp(key, colour_key(p->shapes[k].fill, other)) == 0
                                  || strcmp(key, colour_key(p->shapes[k].stroke, other)) == 0))
            return true;
    for (size_t i = 0; text && i < p->n_texts; i++)
        if (!p->texts[i].key && p->texts[i].chars > 0 && strcmp(key, colour_key(p->texts[i].fill, other)) == 0)
            return true;
    return false;
}

/* Prints each entry of a legend whose colour the picture draws nowhere else (g): a shape's fill or stroke that no
 * shape outside the legends has, a sample text's colour that no text outside them has; ink and white are the
 * text's and the background's, and name nothing. Returns how many there are. */
static size_t check_keys(const Parser *p)
{
    size_t found = 0;
    char ink[16], paper[16], key[16], a[256];
    colour_key(svg_palette[SVG_PAINT_INK].colour, ink);
    colour_key(svg_palette[SVG_PAINT_PAPER].colour, paper);
    for (size_t k = 0; k < p->n_shapes; k++) {
        const Shape *sh = &p->shapes[k];
        const char *paints[2] = {sh->filled ? sh->fill : "", sh->stroke};
        for (size_t i = 0; sh->key && i < 2; i++) {
            colour_key(paints[i], key);
            if (key[0] == '\0' || strcmp(key, ink) == 0 || strcmp(key, paper) == 0 || drawn_outside_keys(p, key, false))
                continue;
            found++;
            fprintf(stderr, "%s:%zu: a legend's %s %s is drawn nowhere else in the picture: the legend names what it "
                    "does not draw\n", p->file, sh->line, sh->tag, key);
        }
    }
    for (size_t i = 0; i < p->n_texts; i++) {
        const Text *t = &p->texts[i];
        colour_key(t->fill, key);
        if (!t->key || key[0] == '\0' || strcmp(key, ink) == 0 || drawn_outside_keys(p, key, true))
            continue;
        found++;
        fprintf(stderr, "%s:%zu: a legend's %s in %s: no text outside the legend is in that colour\n", p->file,
                t->line, text_name(t, a, sizeof a), key);
    }
    return found;
}

/* Prints each text whose colour is no text shade of the palette (e) or whose contrast against what it sits on is
 * below 4.5:1 (f), and each legend entry the picture does not draw (g), as "FILE:LINE: what"; returns how many
 * there are. */
static size_t check_colours(const Parser *p)
{
    size_t found = check_keys(p);
    char a[256];
    for (size_t i = 0; i < p->n_texts; i++) {
        const Text *t = &p->texts[i];
        if (t->chars == 0)
            continue;
        text_name(t, a, sizeof a);
        if (!in_palette(t->fill, true)) {
            found++;
            fprintf(stderr, "%s:%zu: %s is in %s, no text shade of the palette (lib/picture/palette.c: a text takes its "
                    "meaning's .text)\n", p->file, t->line, a, t->fill);
            continue;
        }
        double x = (t->box.x0 + t->box.x1) / 2, y = (t->box.y0 + t->box.y1) / 2;
        const char *under = p->paper[0] != '\0' ? p->paper : "#FFFFFF";
        for (size_t k = t->shapes_before; k > 0; k--)
            if (holds(p, &p->shapes[k - 1], x, y)) {
                under = p->shapes[k - 1].fill;
                break;
            }
        double ratio = svg_contrast(t->fill, under);
        if (ratio < 4.5) {
            found++;
            fprintf(stderr, "%s:%zu: %s has contrast %.2f:1 (%s on %s), below 4.5:1\n", p->file, t->line, a, ratio,
                    t->fill, under);
        }
    }
    return found;
}

int main(int argc, char *argv[])
{
    static const char usage[] = "usage: svg_check [--xml | --data | --colours] FILE\n";
    const char *mode = argc >= 2 ? argv[1] : "";
    bool is_mode = strcmp(mode, "--data") == 0 || strcmp(mode, "--xml") == 0 || strcmp(mode, "--colours") == 0;
    if (argc == 2 && (strcmp(mode, "--help") == 0 || strcmp(mode, "-h") == 0)) {
        fputs(usage, stdout);
        return 0;
    }
    if (argc == 2 && mode[0] == '-') {      /* a flag alone: a file named so is ./-x */
        if (is_mode)
            fprintf(stderr, "svg_check: %s needs a FILE after it\n", mode);
        else
            fprintf(stderr, "svg_check: '%s' is no option of this program\n", mode);
        fputs(usage, stderr);
        return 2;
    }
    if (!(argc == 2 || (argc == 3 && is_mode))) {
        fputs(usage, stderr);
        return 2;
    }
    if (argc == 2)
        mode = "";
    const char *file = argv[argc - 1];
    FILE *f = fopen(file, "rb");
    if (f == NULL) {
        fprintf(stderr, "svg_check: cannot read %s\n", file);
        return 2;
    }
    size_t size = 0, cap = 1 << 16;
    char *s = malloc(cap);
    for (size_t got; s != NULL && (got = fread(s + size, 1, cap - size - 1, f)) > 0;) {
        size += got;
        if (size + 1 == cap) {
            char *grown = realloc(s, cap *= 2);
            if (grown == NULL)
                free(s);
            s = grown;
        }
    }
    fclose(f);
    if (s == NULL) {
        fprintf(stderr, "svg_check: out of memory reading %s\n", file);
        return 2;
    }
    s[size] = '\0';
    if (strlen(s) != size) {
        free(s);
        fprintf(stderr, "%s: a NUL byte, which XML does not allow\n", file);
        return 1;
    }
    static Parser p;        /* static: its context stack is large */
    p = (Parser){.file = file, .s = s, .data = strcmp(mode, "--data") == 0, .collisions = argc == 2,
                 .colours = strcmp(mode, "--colours") == 0, .open_text = NO_TEXT, .line = 1};
    p.context[0] = (Context){.font_size = 14, .anchor = "start", .filled = true, .fill = "#000000"};  /* SVG's */
    parse(&p);
    size_t found = p.collisions ? check_collisions(&p) : p.colours ? p.colour_faults + check_colours(&p) : 0;
    free(s);
    free(p.shapes);
    free(p.points);
    free(p.texts);
    return found > 0;
}
