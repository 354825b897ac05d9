/* palette.c: the pictures' one table of colours and their meanings (palette.h), and WCAG 2's contrast. */
#include "palette.h"

#include <ctype.h>
#include <math.h>
#include <string.h>

/* The text shades are the colour darkened (each channel times one factor) until it reaches 5:1 on white, a
 * little above the 4.5:1 text needs, so that it holds on the light fills too (4.2:1 or more on SVG_PAINT_RANGE). */
const SvgPaint svg_palette[SVG_N_PAINTS] = {
    [SVG_PAINT_INK] = {"#222222", "#222222", "text, axes and arrows; dashed, a level the rule compares with (a "
                       "threshold, a target, a limit, the entropy, an average)"},
    [SVG_PAINT_MUTED] = {"#595959", "#595959", "secondary text: units, ticks, notes, the stage over a ghost"},
    [SVG_PAINT_PAPER] = {"#FFFFFF", "#FFFFFF", "the background, and text on a dark fill"},
    [SVG_PAINT_GRID] = {"#E4E4E4", "#595959", "grid lines and frames"},
    [SVG_PAINT_BEFORE] = {"#56B4E9", "#387597", "a value before the rule acts (sky blue)"},
    [SVG_PAINT_AFTER] = {"#0072B2", "#0072B2", "the same value after the rule (blue)"},
    [SVG_PAINT_REMOVED] = {"#808080", "#595959", "a removed token: a dashed outline at its value before"},
    [SVG_PAINT_DISABLED] = {"#A6A6A6", "#6F6F6F", "a disabled stage or a setting no stage reads (llama.cpp's "
                            "\"?\"): a dotted outline, grey words"},
    [SVG_PAINT_MARK] = {"#D55E00", "#B75100", "a penalized or biased token: the triangle over it (vermillion)"},
    [SVG_PAINT_NAIVE] = {"#009E73", "#007E5C", "the naive repetition rule, which divides every logit (bluish "
                         "green)"},
    [SVG_PAINT_TIE] = {"#CC79A7", "#995B7D", "tokens at one logit after the rule, joined by a line (reddish "
                       "purple)"},
    [SVG_PAINT_RANGE] = {"#EBEBEB", "#595959", "the range of the axis a threshold sets apart, shaded"},
    [SVG_PAINT_TOKEN] = {"#F2F2F2", "#222222", "a token of a text (the history): its box"},
    [SVG_PAINT_TOKEN_FRAME] = {"#9A9A9A", "#595959", "a token of a text: its box's frame"},
    [SVG_PAINT_STAGE] = {"#EAF3FA", "#222222", "a stage a chain line runs: its box"},
    [SVG_PAINT_SURPRISE] = {"#332288", "#332288", "a token's surprise, -ln p or -log2 p (indigo)"},
    [SVG_PAINT_MU] = {"#882255", "#882255", "mirostat's mu, the cut on the surprise (wine)"},
    [SVG_PAINT_REPEAT] = {"#117733", "#117733", "a repeat DRY matches, and a candidate that extends one (green)"},
    [SVG_PAINT_DRAWS] = {"#E69F00", "#936600", "draws: a dot for each draw, a bar for the share of many (orange)"},
};

const SvgPaint svg_series[SVG_N_SERIES] = {
    {"#999933", "#717126", "series 1 (olive)"},
    {"#44AA99", "#317A6E", "series 2 (teal)"},
    {"#CC6677", "#A95563", "series 3 (rose)"},
    {"#AA4499", "#AA4499", "series 4 (purple)"},
};

const SvgPaint *svg_series_paint(size_t k)
{
    return &svg_series[k % SVG_N_SERIES];
}

/* The value of hex digit c, -1 for none. */
static int hex_digit(char c)
{
    const char *digits = "0123456789abcdef", *at = c != '\0' ? strchr(digits, tolower((unsigned char)c)) : NULL;
    return at != NULL ? (int)(at - digits) : -1;
}

/* An sRGB channel (0 to 255) linearized, as WCAG 2 defines it. */
static double linear(int channel)
{
    double c = channel / 255.0;
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

double svg_luminance(const char *colour)
{
    size_t n = colour != NULL && colour[0] == '#' ? strlen(colour + 1) : 0;
    if (n != 3 && n != 6)
        return -1;
    int rgb[3];
    for (size_t i = 0; i < 3; i++) {
        int hi = hex_digit(colour[1 + (n == 6 ? 2 * i : i)]), lo = hex_digit(colour[1 + (n == 6 ? 2 * i + 1 : i)]);
        if (hi < 0 || lo < 0)
            return -1;
        rgb[i] = 16 * hi + lo;      /* "#RGB" is "#RRGGBB" with each digit twice */
    }
    return 0.2126 * linear(rgb[0]) + 0.7152 * linear(rgb[1]) + 0.0722 * linear(rgb[2]);
}

double svg_contrast(const char *a, const char *b)
{
    double la = svg_luminance(a), lb = svg_luminance(b);
    if (la < 0 || lb < 0)
        return 0;
    return la > lb ? (la + 0.05) / (lb + 0.05) : (lb + 0.05) / (la + 0.05);
}
