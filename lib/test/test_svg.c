/* test_svg.c: the SVG writer (svg.h) and its charts (chart.h). Every expected value is worked out by hand: the
 * shortest digits of a double, the nice tick steps (1, 2 or 5 times a power of ten), the pixel of a data value
 * in a plot, and the XML each call must write. */
#include "check.h"
#include "picture/chart.h"
#include "tests.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The text written to f since it was opened (at most size - 1 bytes); rewinds f. */
static void read_back(FILE *f, char *text, size_t size)
{
    rewind(f);
    size_t n = fread(text, 1, size - 1, f);
    text[n] = '\0';
    rewind(f);
}

static void test_numbers(void)
{
    CHECK(strcmp(svg_number(0.1, -1).text, "0.1") == 0);           /* shortest round trip, not 0.10000000000000001 */
    CHECK(strcmp(svg_number(0.38077, -1).text, "0.38077") == 0);
    CHECK(strcmp(svg_number(1.5e-44, -1).text, "1.5e-44") == 0);
    CHECK(strcmp(svg_number(2, 3).text, "2.000") == 0);
    CHECK(strcmp(svg_number(0.4955, 4).text, "0.4955") == 0);
    CHECK(strcmp(svg_number(INFINITY, -1).text, "inf") == 0);
    CHECK(strcmp(svg_number(-INFINITY, 2).text, "-inf") == 0);
    CHECK(strcmp(svg_number(NAN, -1).text, "nan") == 0);
}

static void test_ticks(void)
{
    double t[16];
    CHECK_INT(4, (long long)svg_ticks(0, 0.6, 6, t, 16));         /* 0.6 / 5 = 0.12: step 0.2 */
    CHECK_NEAR(0.2, t[1], 1e-12);
    CHECK_NEAR(0.6, t[3], 1e-12);
    CHECK_INT(6, (long long)svg_ticks(0, 25, 6, t, 16));          /* 25 / 5 = 5: step 5, 0 to 25 */
    CHECK_NEAR(25, t[5], 1e-12);
    CHECK_INT(5, (long long)svg_ticks(-45, 0, 6, t, 16));         /* 45 / 5 = 9: step 10, -40 to 0 */
    CHECK_NEAR(-40, t[0], 1e-12);
    CHECK(t[4] == 0 && !signbit(t[4]));                            /* 0, never -0 */
    CHECK_INT(1, (long long)svg_ticks(3, 3, 6, t, 16));
    CHECK_INT(0, (long long)svg_ticks(1, 0, 6, t, 16));            /* min > max */
    CHECK_INT(0, (long long)svg_ticks(0, NAN, 6, t, 16));
    CHECK_INT(2, (long long)svg_ticks(0, 1, 6, t, 2));             /* no more than cap */
    CHECK_NEAR(0.6, svg_nice_ceiling(0.534), 1e-12);
    CHECK_NEAR(25, svg_nice_ceiling(22.98), 1e-12);
    CHECK_NEAR(5, svg_nice_ceiling(4.288), 1e-12);
    CHECK_NEAR(1, svg_nice_ceiling(1.0), 1e-12);
    CHECK_NEAR(1, svg_nice_ceiling(0), 1e-12);
    CHECK_NEAR(1, svg_nice_ceiling(INFINITY), 1e-12);
}

static void test_scales(void)
{
    SvgPlot p = {10, 20, 100, 50, 0, 10, 0, 1, false};
    CHECK_NEAR(60, svg_x(&p, 5), 1e-12);
    CHECK_NEAR(70, svg_y(&p, 0), 1e-12);           /* y grows downwards: the bottom edge */
    CHECK_NEAR(20, svg_y(&p, 1), 1e-12);
    SvgPlot logs = {0, 0, 200, 10, 1, 100, 0, 1, true};
    CHECK_NEAR(100, svg_x(&logs, 10), 1e-9);       /* 10 is halfway from 1 to 100 on a log scale */
    CHECK_NEAR(0, svg_x(&logs, 0), 1e-12);         /* log 0: the left edge */
    SvgPlot flat = {0, 0, 100, 40, 3, 3, 2, 2, false};
    CHECK_NEAR(50, svg_x(&flat, 3), 1e-12);        /* an empty range: the middle */
    CHECK_NEAR(20, svg_y(&flat, 7), 1e-12);
    CHECK_NEAR(47.5, svg_band(&p, 1, 4), 1e-12);   /* bands of 25 px from 10: centres 22.5, 47.5, ... */
    CHECK_NEAR(25, svg_band_width(&p, 4), 1e-12);
}

static void test_writer(void)
{
    FILE *f = tmpfile();
    CHECK(f != NULL);
    if (f == NULL)
        return;
    char text[4096];
    Svg s;
    svg_begin(&s, f, 300, 200, "a <title> & \"more\"");
    svg_text(&s, 1, 2, (SvgFont){0}, "x < y & 'z' \x01", &(SvgDatum){"p after", "the", 0.25, NULL});
    /* UTF-8: crème and a 4-byte character kept; a cut character (\xc3 at the end), a lone continuation byte, an
     * overlong form (\xc0\xaf) and a surrogate (\xed\xa0\x80) written as '?', byte by byte. */
    svg_text(&s, 1, 2, (SvgFont){0}, "cr\xc3\xa8me \xf0\x9f\x99\x82 \x80 \xc0\xaf \xed\xa0\x80 cr\xc3", NULL);
    svg_rect(&s, 10, 20, -4, 5, (SvgStyle){"#0072B2", NULL, 0, NULL}, NULL);
    svg_polyline(&s, (double[]){0, 1, 2}, (double[]){5, 6, 7}, 3, (SvgStyle){0}, "mu", (double[]){3.98, 0.1, 2});
    svg_circle(&s, 1, 1, 2, (SvgStyle){0}, &(SvgDatum){"draws", "chat", 0, "count i"});
    CHECK_INT(0, svg_end(&s));
    read_back(f, text, sizeof text);
    CHECK(strncmp(text, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"300\" height=\"200\"", 63) == 0);
    CHECK(strstr(text, "<title>a &lt;title&gt; &amp; &quot;more&quot;</title>") != NULL);
    CHECK(strstr(text, ">x &lt; y &amp; &apos;z&apos; ?</text>") != NULL);      /* a control character: "?" */
    CHECK(strstr(text, ">cr\xc3\xa8me \xf0\x9f\x99\x82 ? ?? ??? cr?</text>") != NULL);
    CHECK(strstr(text, " data-series=\"p after\" data-label=\"the\" data-value=\"0.25\"") != NULL);
    CHECK(strstr(text, "<rect x=\"6\" y=\"20\" width=\"4\" height=\"5\" fill=\"#0072B2\"/>") != NULL);
    CHECK(strstr(text, "points=\"0,5 1,6 2,7\"") != NULL);
    CHECK(strstr(text, "data-series=\"mu\" data-values=\"3.98 0.1 2\"") != NULL);
    CHECK(strstr(text, "data-series=\"draws\" data-label=\"chat\" data-value=\"count i\"") != NULL);
    CHECK(strcmp(text + strlen(text) - 7, "</svg>\n") == 0);
    fclose(f);

    Svg none;
    svg_begin(&none, NULL, 10, 10, "no file");      /* a NULL stream: nothing written, a failure reported */
    svg_text(&none, 0, 0, (SvgFont){0}, "x", NULL);
    CHECK_INT(-1, svg_end(&none));
    FILE *full = fopen("/dev/full", "w");           /* where the system has it: every write fails */
    if (full != NULL) {
        Svg s_full;
        svg_begin(&s_full, full, 10, 10, NULL);
        CHECK_INT(-1, svg_end(&s_full));
        fclose(full);
    }
}

/* The palette (palette.h): WCAG 2's contrast worked out by hand, and the table's own promises: one meaning per
 * colour (no colour twice, no series colour that a meaning uses), and every text shade 4.5:1 or more on white
 * (white's own, for text on a dark fill, aside). */
static void test_palette(void)
{
    CHECK_NEAR(21, svg_contrast("#000000", "#FFFFFF"), 1e-9);     /* (1 + 0.05) / (0 + 0.05) */
    CHECK_NEAR(21, svg_contrast("#fff", "#000"), 1e-9);           /* "#RGB", any case, either order */
    CHECK_NEAR(15.91, svg_contrast("#222222", "#FFFFFF"), 0.01);  /* 34/255 linearized: 0.01599 */
    CHECK_NEAR(4.54, svg_contrast("#767676", "#FFFFFF"), 0.01);   /* the darkest grey... */
    CHECK_NEAR(4.48, svg_contrast("#777777", "#FFFFFF"), 0.01);   /* ...and the lightest that fails 4.5 */
    CHECK_NEAR(2.43, svg_contrast("#A6A6A6", "#FFFFFF"), 0.01);   /* the old "?stage" grey */
    CHECK_NEAR(0.2126, svg_luminance("#FF0000"), 1e-9);           /* one channel: its weight */
    CHECK_NEAR(1, svg_contrast("#0072B2", "#0072b2"), 1e-12);
    CHECK(svg_luminance("#12345") < 0 && svg_luminance("red") < 0 && svg_luminance(NULL) < 0);
    CHECK(svg_contrast("#GGGGGG", "#FFFFFF") == 0);
    for (size_t i = 0; i < SVG_N_PAINTS + SVG_N_SERIES; i++) {
        const SvgPaint *a = i < SVG_N_PAINTS ? &svg_palette[i] : &svg_series[i - SVG_N_PAINTS];
        CHECK(a->colour != NULL && a->text != NULL && a->meaning != NULL && a->meaning[0] != '\0');
        CHECK(svg_luminance(a->colour) >= 0 && svg_luminance(a->text) >= 0);
        CHECK(i == SVG_PAINT_PAPER || svg_contrast(a->text, "#FFFFFF") >= 4.5);  /* paper's: on a dark fill */
        for (size_t j = i + 1; j < SVG_N_PAINTS + SVG_N_SERIES; j++) {
            const SvgPaint *b = j < SVG_N_PAINTS ? &svg_palette[j] : &svg_series[j - SVG_N_PAINTS];
            CHECK(strcmp(a->colour, b->colour) != 0);     /* all "#RRGGBB" in upper case */
        }
    }
    CHECK(svg_series_paint(SVG_N_SERIES + 1) == &svg_series[1]);  /* series cycle */
}

void test_svg(void)
{
    test_palette();
    test_numbers();
    test_ticks();
    test_scales();
    test_writer();
}
