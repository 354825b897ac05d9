/* presets.c: Example 13's preset runs: the view of a preset's stages, its notes where llama.cpp and the lesson's
 * Java part, and the check of its sampler list (presets.h). The notes on ties and on a temperature at float's
 * edges are the step view's (chains.c), which Example 12 gives too. */
#include "lesson/presets.h"
#include "lesson/chains.h"
#include "lesson/print.h"
#include <stdlib.h>
#include <string.h>

LessonPresetStep lesson_preset_start_at(const char *file, const LessonSettings *s, int32_t window, const Candidates *c,
                                        void *picture, ChainTraceFn record)
{
    static TokenData *buf;              /* grows to the largest vocabulary seen; the program's exit frees it */
    static size_t cap;
    LessonPresetStep view = {file, s, window, picture, record, NULL, 0, false};
    if (c->size > cap) {
        TokenData *grown = realloc(buf, c->size * sizeof *grown);
        if (grown == NULL) {
            lesson_say(file, "", "out of memory for %zu candidates", c->size);
            exit(1);
        }
        buf = grown;
        cap = c->size;
    }
    memcpy(buf, c->data, c->size * sizeof *c->data);
    view.before = buf;
    view.n_before = c->size;
    view.before_sorted = c->sorted;
    return view;
}

void lesson_preset_seen(void *view, const Stage *stage, const Candidates *c)
{
    LessonPresetStep *s = view;
    if (s->picture == NULL)
        return;                         /* a run for the notes' comparisons */
    lesson_note_tie(s->file, "preset", s->preset, s->window, 0, stage, s->before, s->n_before, s->before_sorted, c,
                   false);
    if (stage->type == STAGE_TEMP_EXT && !stage->empty)
        lesson_note_temp_limits(s->file, "preset", s->preset, s->window, s->before, s->n_before, s->n_before, false);
    if (s->record != NULL)
        s->record(s->picture, stage, c);
    memcpy(s->before, c->data, c->size * sizeof *c->data);      /* a stage never adds candidates */
    s->n_before = c->size;
    s->before_sorted = c->sorted;
}

/* "NN_slug: note: the preset "<label>"", the start of a note on preset s (print.h: lesson_message_end prints it). */
static void preset_note_start(const char *file, const LessonSettings *s, int32_t window)
{
    lesson_print_name(file);
    lesson_message("note: the preset \"");
    lesson_settings_label_at(file, s, window, stderr);
    lesson_message("\"");
}

/* The lesson's Java's rule as a llama.cpp order: with top-p and min-p before top-k, each sees the whole vocabulary
 * after the penalties (min-p's test is a ratio to the top token, and top-k keeps a prefix of what they left), and
 * the temperature comes last. And the lesson's own order, which llama.cpp runs stage by stage. */
static const SamplerType java_rule[] = {SAMPLER_PENALTIES, SAMPLER_TOP_P, SAMPLER_MIN_P, SAMPLER_TOP_K,
                                        SAMPLER_TEMPERATURE};
static const SamplerType lesson_order[] = {SAMPLER_PENALTIES, SAMPLER_TOP_K, SAMPLER_TOP_P, SAMPLER_MIN_P,
                                           SAMPLER_TEMPERATURE};

/* Appends ("; " between) the cause text to causes (size bytes). */
static void add_cause(char *causes, size_t size, const char *text)
{
    size_t used = strlen(causes);
    snprintf(causes + used, size - used, "%s%s", used ? "; " : "", text);
}

void lesson_preset_notes_at(const char *file, const LessonSettings *s, int32_t window, const SamplerType *order,
                            size_t n, size_t n_vocab, LessonPresetRun *run, const Candidates *c)
{
    static const void *noted_row, *noted_min_p_row;
    static bool noted, noted_min_p;
    static const char *const spelled[] = {"SAMPLER_PENALTIES", "SAMPLER_DRY", "SAMPLER_TOP_N_SIGMA", "SAMPLER_TOP_K",
                                          "SAMPLER_TYPICAL_P", "SAMPLER_TOP_P", "SAMPLER_MIN_P", "SAMPLER_XTC",
                                          "SAMPLER_TEMPERATURE", "SAMPLER_INFILL", "SAMPLER_ADAPTIVE_P"};
    bool unread = lesson_note_unread_list_at(file, "preset", s, window, order, n);
    size_t nv = n_vocab > 0 ? n_vocab : 1;
    TokenData *buf = malloc(3 * nv * sizeof *buf);      /* the Java's run, then two variants in turn */
    SamplerType *seq = malloc((n > 0 ? n : 1) * sizeof *seq);
    if (buf == NULL || seq == NULL) {
        lesson_say(file, "", "out of memory for the notes on a preset");
        exit(1);
    }
    Candidates java, prev, next;
    run(s, java_rule, LESSON_N(java_rule), buf, &java, NULL);
    if (!lesson_same_p(c, &java) && lesson_note_due(&noted_row, &noted, s)) {
        /* The causes, in turn: order[] without its repeats, then in the lesson's order, then with every stage, then
         * the Java's rule; each step that changes the distribution is named. */
        char causes[1024] = "", twice[512] = "", text[256];
        size_t n_seq = 0;
        for (size_t i = 0; i < n; i++) {
            size_t first = 0;
            while (first < i && order[first] != order[i])
                first++;
            if (first == i) {
                seq[n_seq++] = order[i];
                continue;
            }
            snprintf(text, sizeof text, "order[] lists %s again (order[%zu] and order[%zu]), and llama.cpp runs it "
                     "each time%s, where the lesson's Java runs each stage once", (unsigned)order[i] < LESSON_N(spelled)
                     ? spelled[order[i]] : "a sampler", first, i, order[i] != SAMPLER_TEMPERATURE ? ""
                     : ", dividing the logits by temp once more");
            add_cause(twice, sizeof twice, text);
        }
        run(s, seq, n_seq, buf + nv, &prev, NULL);
        if (n_seq < n && !lesson_same_p(c, &prev))
            add_cause(causes, sizeof causes, twice);
        SamplerType sorted[LESSON_N(lesson_order)];
        size_t n_sorted = 0;            /* seq's stages in the lesson's order */
        for (size_t k = 0; k < LESSON_N(lesson_order); k++)
            for (size_t j = 0; j < n_seq; j++)
                if (seq[j] == lesson_order[k] && n_sorted < LESSON_N(sorted))
                    sorted[n_sorted++] = seq[j];
        run(s, sorted, n_sorted, buf + 2 * nv, &next, NULL);
        if ((n_sorted != n_seq || memcmp(sorted, seq, n_seq * sizeof *seq) != 0) && !lesson_same_p(&prev, &next))
            add_cause(causes, sizeof causes, "order[] runs its stages in another order than the lesson's (penalties, "
                      "top-k, top-p, min-p, temperature), each on what the one before left");
        run(s, lesson_order, LESSON_N(lesson_order), buf + nv, &prev, NULL);
        if (n_sorted < LESSON_N(lesson_order) && !unread && !lesson_same_p(&next, &prev))
            add_cause(causes, sizeof causes, "order[] leaves out a stage the lesson's Java always runs");
        if (!lesson_same_p(&prev, &java))
            add_cause(causes, sizeof causes, "the Java cuts top-k, top-p and min-p all from the whole vocabulary after "
                      "the penalties, then applies the temperature, while llama.cpp runs the stages of order[] in "
                      "turn, each on what the one before left");
        if (causes[0] != '\0') {
            preset_note_start(file, s, window);
            lesson_message(": candidates left %d, in the lesson's Java %d, and other p: %s", lesson_count_p(c),
                           lesson_count_p(&java), causes);
            lesson_message_end();
        }
    }
    free(buf);
    free(seq);
    if (s->min_p > 1 && s->temp > 0 && lesson_note_due(&noted_min_p_row, &noted_min_p, s)) {
        preset_note_start(file, s, window);
        lesson_message(": a min_p above 1 keeps exactly one token in llama.cpp, the most likely (of tied ones, which "
                       "is unspecified; this workbench keeps the lower id); the lesson's Java keeps none and prints "
                       "NaN");
        lesson_message_end();
    }
}

void lesson_check_order_at(const char *file, const SamplerType *order, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (order[i] == SAMPLER_INFILL) {
            int line = lesson_element_line(file, "order", i);
            lesson_say(file, "", "order[%zu]%s%.0d%s is infill, which this workbench does not compute", i,
                       line > 0 ? " (line " : "", line, line > 0 ? ")" : "");
            exit(1);
        }
    }
}
