/* picture_penalties.c: the pictures of Examples 1 to 6 (picture_penalties.h). */
#include "lesson/picture.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The penalties pp sets, in words: "the repetition penalty 1.5", "the presence penalty 0.7 and ...". */
static LessonText picture_penalty_words(const PenaltyParams *pp)
{
    LessonText t = {""};
    const struct {
        double value, off;
        const char *name;
    } all[] = {{pp->penalty_repeat, 1, "the repetition penalty "}, {pp->penalty_freq, 0, "the frequency penalty "},
               {pp->penalty_present, 0, "the presence penalty "}};
    for (size_t i = 0; i < LESSON_N(all); i++) {
        if (all[i].value == all[i].off)
            continue;
        if (t.text[0] != '\0')
            lesson_text_add(&t, " and ", 5);
        lesson_text_add(&t, all[i].name, strlen(all[i].name));
        lesson_text_add(&t, lesson_number(all[i].value, 1).text, strlen(lesson_number(all[i].value, 1).text));
    }
    if (t.text[0] == '\0')
        snprintf(t.text, sizeof t.text, "no penalty (every setting neutral)");
    return t;
}

int picture_penalties(const char *file, const char *const *words, size_t n_words,
                      const Candidates *before, const Candidates *after, const Candidates *naive,
                      const PenaltyParams *pp)
{
    PictureSeries series[3] = {{"p before", "before", before->data, before->size},
                               {"p after", "after: llama.cpp's rule", after->data, after->size},
                               {"p naive", "after: the naive rule (divide every logit)", NULL, 0}};
    if (naive != NULL)
        series[2] = (PictureSeries){"p naive", "after: the naive rule (divide every logit)", naive->data, naive->size};
    LessonText title = picture_penalty_words(pp), notes[8], changed = {"penalized (in the window):"};
    char subtitle[256];
    if (pp->penalty_last_n == INT32_MAX)        /* Examples 2 and 3: the Java's whole history */
        snprintf(subtitle, sizeof subtitle, "p of each token, softmax of its logit; window: the whole history");
    else
        snprintf(subtitle, sizeof subtitle, "p of each token, softmax of its logit; window: the last %s tokens",
                 lesson_number(pp->penalty_last_n, 0).text);
    size_t n_notes = 1;
    for (size_t i = 0; i < n_words && i < after->size; i++) {
        if (after->data[i].logit != before->data[i].logit) {
            lesson_text_add(&changed, " ", 1);
            lesson_text_add(&changed, words[i], strlen(words[i]));
        }
        if (naive == NULL || i >= naive->size || naive->data[i].logit == after->data[i].logit || n_notes == 8)
            continue;
        const TokenData *was = &before->data[i], *now = &naive->data[i];
        bool wrong_way = (now->logit > was->logit) != (after->data[i].logit > was->logit);
        snprintf(notes[n_notes++].text, sizeof notes[0].text, "%.12s: the naive rule %s its logit%s "
                 "(%.2f to %.2f, llama.cpp: %.2f); its p %s (%.3f to %.3f)", words[i],
                 now->logit > was->logit ? "raises" : "lowers", wrong_way ? " the wrong way" : "", was->logit,
                 now->logit, after->data[i].logit, now->p > was->p ? "rises" : now->p < was->p ? "falls" : "stays",
                 was->p, now->p);
    }
    if (strchr(changed.text, ':')[1] == '\0')
        lesson_text_add(&changed, " none", 5);
    notes[0] = changed;
    lesson_text_add(&title, ", before and after", 18);
    title.text[0] = (char)toupper((unsigned char)title.text[0]);
    return picture_bars(file, title.text, subtitle, words, n_words, series, naive != NULL ? 3 : 2, 3, notes,
                        n_notes);
}

int picture_three_penalties(Picture *pic, const char *const *words, size_t n_words)
{
    size_t n = pic->n_rows, per_row = n < 5 ? (n > 0 ? n : 1) : 5, lines = (n + per_row - 1) / per_row;
    double panel = (double)n_words * 40 + 30, width = 90 + (double)per_row * (panel + 40);
    PictureFile pf;
    if (!pic->out_of_memory && picture_open(&pf, pic->file, pic->path, width > 720 ? width : 720,
                                            110 + (double)(lines > 0 ? lines : 1) * 330, "the three penalties")) {
        svg_heading(&pf.svg, 20, 30, "The penalties on the same history, each alone and all three",
                    "p of each token under each setting; the dash: p with no penalty (the first setting)");
        double top = 0;
        for (size_t r = 0; r < n; r++)
            for (size_t i = 0; i < pic->rows[r].size; i++)
                top = pic->rows[r].data[i].p > top ? pic->rows[r].data[i].p : top;
        for (size_t r = 0; r < n; r++) {
            PictureRow *row = &pic->rows[r];
            SvgPlot plot = {80 + (double)(r % per_row) * (panel + 40), 110 + (double)(r / per_row) * 330, panel, 230,
                            0, 1, 0, svg_nice_ceiling(top), false};
            svg_wrap(&pf.svg, plot.left + panel / 2, plot.top - 30, panel, 16, (SvgFont){14, "middle", true, NULL, 0},
                     row->label.text);      /* a long label takes a second line */
            PictureSeries one = {row->label.text, row->label.text, row->data, row->size};
            picture_token_bars(&pf.svg, &plot, words, n_words, &one, 1, 3, r,
                               r % per_row == 0 ? "p (probability)" : "");
            for (size_t i = 0; r > 0 && i < n_words; i++) {
                double p0 = picture_p_of(pic->rows[0].data, pic->rows[0].size, (int32_t)i);
                double x = svg_band(&plot, i, n_words), y = svg_y(&plot, p0 > 0 ? p0 : 0);
                svg_line(&pf.svg, x - 14, y, x + 14, y, (SvgStyle){NULL, SVG_TEXT, 2, "3 2"}, NULL);
            }
        }
    }
    return picture_finish(pic, picture_close(&pf));
}

/* The legend of Example 5: a line for a window that several settings share, a ring for a window of one. */
static void picture_window_keys(Svg *s, const PenaltyParams *settings, size_t n)
{
    SvgKey keys[8];
    char names[8][64];
    size_t n_keys = 0;
    for (size_t i = 0; i < n && n_keys < 8; i++) {
        size_t same = 0, earlier = 0;
        for (size_t t = 0; t < n; t++) {
            same += settings[t].penalty_last_n == settings[i].penalty_last_n;
            earlier += t < i && settings[t].penalty_last_n == settings[i].penalty_last_n;
        }
        if (earlier > 0)
            continue;
        snprintf(names[n_keys], sizeof names[0], "window %d%s", (int)settings[i].penalty_last_n,
                 settings[i].penalty_last_n == 1 ? ": only the last token counts" : "");
        keys[n_keys] = same > 1 ? (SvgKey){SVG_KEY_LINE, {NULL, SVG_TEXT, 2.5, NULL}, names[n_keys]}
                                : (SvgKey){SVG_KEY_DOT, {"#FFFFFF", SVG_TEXT, 2, NULL}, names[n_keys]};
        n_keys++;
    }
    svg_legend(s, 80, 80, 740, keys, n_keys);
}

int picture_code_repeats(const char *file, const char *const *vocab, size_t n_vocab,
                         const char *const *shown, size_t n_shown, const PenaltyParams *settings,
                         const Candidates *c, size_t n)
{
    double lo = INFINITY, hi = -INFINITY, top = 0;
    for (size_t s = 0; s < n; s++) {
        lo = settings[s].penalty_repeat < lo ? settings[s].penalty_repeat : lo;
        hi = settings[s].penalty_repeat > hi ? settings[s].penalty_repeat : hi;
        for (size_t w = 0; w < n_shown; w++)
            top = fmax(top, c[s].data[lesson_find(shown[w], strlen(shown[w]), vocab, n_vocab)].p);
    }
    PictureFile pf;
    if (picture_open(&pf, file, getenv("LESSON_PICTURE"), 760, 500, "the repeat penalty on code")) {
        svg_heading(&pf.svg, 20, 30, "A repeat penalty pushes code away from the identifier it needs",
                    "the probability of each word against the penalty; a line per window, a ring for a window of "
                    "one setting");
        SvgPlot plot = {80, 110, 520, 300, lo - (hi - lo) * 0.05, hi + (hi - lo) * 0.05, 0, svg_nice_ceiling(top),
                        false};
        svg_axis_y(&pf.svg, &plot, "p (probability)", 6);
        svg_axis_x(&pf.svg, &plot, "penalty_repeat (1.0 = off)", 8);
        picture_window_keys(&pf.svg, settings, n);
        double end_y[8] = {0};     /* where each word's line ends: its name goes there, kept 16 px apart */
        for (size_t w = 0; w < n_shown; w++) {
            int32_t id = lesson_find(shown[w], strlen(shown[w]), vocab, n_vocab);
            char series[256];
            snprintf(series, sizeof series, "P(%.70s)", shown[w]);
            if (w < 8 && n > 0)
                end_y[w] = svg_y(&plot, c[n - 1].data[id].p);   /* a word with no line: by its last point */
            for (size_t s = 0; s < n; s++) {
                size_t same = 0, first = s;         /* the settings with this window, and the first of them */
                for (size_t t = 0; t < n; t++) {
                    same += settings[t].penalty_last_n == settings[s].penalty_last_n;
                    first = settings[t].penalty_last_n == settings[s].penalty_last_n && t < first ? t : first;
                }
                double x = svg_x(&plot, settings[s].penalty_repeat), y = svg_y(&plot, c[s].data[id].p);
                char label[256];
                snprintf(label, sizeof label, "penalty %s, window %d",
                         lesson_number(settings[s].penalty_repeat, 1).text, (int)settings[s].penalty_last_n);
                SvgDatum d = {series, label, c[s].data[id].p, NULL};
                if (same == 1) {
                    svg_circle(&pf.svg, x, y, 7, (SvgStyle){"#FFFFFF", svg_colour(w), 2.5, NULL}, &d);
                    continue;
                }
                svg_circle(&pf.svg, x, y, 4.5, (SvgStyle){svg_colour(w), NULL, 0, NULL}, &d);
                for (size_t t = s + 1; t < n && first == s; t++)    /* the line, once, from the first setting */
                    if (settings[t].penalty_last_n == settings[s].penalty_last_n) {
                        double x2 = svg_x(&plot, settings[t].penalty_repeat), y2 = svg_y(&plot, c[t].data[id].p);
                        svg_line(&pf.svg, x, y, x2, y2, (SvgStyle){NULL, svg_colour(w), 2.5, NULL}, NULL);
                        x = x2;
                        y = y2;
                    }
                if (first == s && w < 8)
                    end_y[w] = y;
            }
        }
        for (size_t w = 0; w < n_shown && w < 8; w++) {
            double y = end_y[w];
            for (size_t v = 0; v < w; v++)          /* below the names already placed that would touch it */
                for (size_t u = 0; u < w; u++)      /* (w passes settle any chain of pushes) */
                    y = fabs(y - end_y[u]) < 16 ? end_y[u] + 16 : y;
            end_y[w] = y;
            char name[256];
            snprintf(name, sizeof name, "P(%.70s)", shown[w]);
            svg_text(&pf.svg, plot.left + plot.width + 12, y + 4, (SvgFont){13, NULL, true, svg_colour(w), 0}, name,
                     NULL);
        }
    }
    return picture_close(&pf);
}

int picture_logit_bias(const char *file, const char *const *words, size_t n_words,
                       const Candidates *before, const Candidates *after, const LogitBias *biases,
                       size_t n_biases)
{
    PictureSeries series[2] = {{"before", "before", before->data, before->size},
                               {"after", "after the biases", after->data, after->size}};
    double width = fmax(720, picture_bars_size(n_words, 2) + 110), lowest = 0;
    for (size_t i = 0; i < after->size; i++)
        if (after->data[i].p > 0)
            lowest = fmin(lowest, floor(log10(after->data[i].p) * 1.35 / 10) * 10);   /* room under the least */
    PictureFile pf;
    if (picture_open(&pf, file, getenv("LESSON_PICTURE"), width, 790, "logit bias")) {
        svg_heading(&pf.svg, 20, 30, "Logit bias: a ban gives 0, a bias of -100 almost 0",
                    "p of each token before and after the biases; below, p after on a log scale");
        picture_series_legend(&pf.svg, 80, 80, width - 20, series, 2, n_words, 0);
        char note[256], value[64];
        for (size_t b = 0; b < n_biases && b < 4; b++) {
            double p = picture_p_of(after->data, after->size, biases[b].token);
            snprintf(value, sizeof value, p < 0 ? "0 exactly: removed" : p < 5e-5 ? "%.2g, almost 0 (printed "
                     "0.0000)" : "%.4f", p);
            snprintf(note, sizeof note, "%.20s: bias %s, p after %s", words[biases[b].token],
                     lesson_number(biases[b].bias, 0).text, value);
            svg_text(&pf.svg, 80, 104 + 18 * (double)b, (SvgFont){13, NULL, false, NULL, 0}, note, NULL);
        }
        SvgPlot plot = {80, 190, width - 110, 250, 0, 1, 0, svg_nice_ceiling(picture_largest_p(series, 2)), false};
        picture_token_bars(&pf.svg, &plot, words, n_words, series, 2, 4, 0, "p (probability)");
        SvgPlot logs = {80, 530, width - 110, 180, lowest, 0, lowest, 0, false};
        svg_axis_y(&pf.svg, &logs, "log10 p after", 6);
        for (size_t i = 0; i < n_words; i++) {
            double p = picture_p_of(after->data, after->size, (int32_t)i), x = svg_band(&logs, i, n_words);
            SvgDatum d = {"log10 p after", words[i], p > 0 ? log10(p) : -INFINITY, NULL};
            if (p > 0)
                svg_bar(&pf.svg, &logs, x, 40, log10(p), (SvgStyle){svg_colour(1), NULL, 0, NULL}, &d,
                        (snprintf(value, sizeof value, p < 5e-5 ? "%.2g" : "%.4f", p), value));
            else
                svg_text(&pf.svg, x, logs.top + logs.height - 8, (SvgFont){12, "middle", true, SVG_MUTED, 0},
                         "0: no bar", NULL);
        }
        svg_categories(&pf.svg, &logs, words, n_words, "token");
    }
    return picture_close(&pf);
}
